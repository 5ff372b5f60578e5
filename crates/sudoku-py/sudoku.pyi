"""Solve, count, generate, grade and explain sudoku puzzles.

The sudoku toolkit's Rust libraries from Python. Batch functions take a list
of puzzle strings or a NumPy ``uint8`` array of shape ``(n, 81)`` (0 = blank),
release the GIL, run on all cores and return their results in input order.
Records are lists of dicts that ``pandas.DataFrame(...)`` takes as they are.
"""

from typing import Any, Literal, Optional, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

Puzzles = Union[Sequence[str], npt.NDArray[np.uint8]]
"""A batch: a list of strings, or a uint8 array of shape (n, 81)."""

Symmetry = Literal["none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "dihedral"]
Band = Literal["easy", "medium", "hard", "expert", "extreme"]

class ParseError(ValueError):
    """A record that could not be read; ``str(e)`` reads ``puzzles[I]:LINE:COL: what``."""

    index: int
    """The record's place in the batch (0 for a single puzzle)."""
    line: int
    """1-based line within the record's text (1 for an array row)."""
    column: int
    """1-based column (the cell for an array row); 0 when not at one character."""
    message: str
    """What was wrong."""

@overload
def solve(puzzles: Sequence[str]) -> list[Optional[str]]: ...
@overload
def solve(puzzles: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]: ...
def solve(puzzles: Puzzles) -> Union[list[Optional[str]], npt.NDArray[np.uint8]]:
    """Solve each puzzle: its first solution, ``None`` (a row of zeros for an
    array) where there is none."""

@overload
def count_solutions(puzzles: Sequence[str], limit: int = 2) -> list[int]: ...
@overload
def count_solutions(puzzles: npt.NDArray[np.uint8], limit: int = 2) -> npt.NDArray[np.uint64]: ...
def count_solutions(puzzles: Puzzles, limit: int = 2) -> Union[list[int], npt.NDArray[np.uint64]]:
    """Count the solutions of each puzzle up to ``limit`` (2: the uniqueness check)."""

@overload
def all_solutions(puzzle: str, limit: int = 100) -> list[str]: ...
@overload
def all_solutions(puzzle: npt.NDArray[np.uint8], limit: int = 100) -> npt.NDArray[np.uint8]: ...
def all_solutions(
    puzzle: Union[str, npt.NDArray[np.uint8]], limit: int = 100
) -> Union[list[str], npt.NDArray[np.uint8]]:
    """List up to ``limit`` solutions of one puzzle, in ``sudoku solve --all``'s order."""

def solve_variant(
    puzzles: Sequence[str], mode: str = "one", limit: Optional[int] = None
) -> list[dict[str, Any]]:
    """Solve variant puzzles (every rule the toolkit registers: killer, jigsaw,
    X, windoku, anti-knight, thermometers, arrows, ...; sizes 4-25, samurai),
    one record per string (JSON form, f-puzzles, a link or a line). mode:
    "one", "count" (up to limit, default 2) or "all" (default 100). Dicts
    as ``sudoku solve --format json`` writes them."""

def max_score(
    puzzles: Puzzles,
    weights: Union[None, str, Sequence[int], npt.NDArray[np.integer[Any]]] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> list[dict[str, Any]]:
    """The highest score sum(value x weight) over each grid's completions, proven
    optimal: dicts with puzzle, score, grid, status, upper_bound, nodes.
    ``time_limit`` is seconds per grid (None: no limit)."""

def generate(
    n: int,
    seed: int,
    start: int = 0,
    symmetry: Symmetry = "none",
    difficulty: Optional[Band] = None,
    clues: Optional[int] = None,
    grade: bool = False,
    tries: Optional[int] = None,
    distinct: bool = False,
) -> list[dict[str, Any]]:
    """Puzzles ``start`` to ``start + n - 1`` of ``seed``: the rows of
    ``sudoku generate --format csv`` with the same options (ratings as floats);
    ``distinct=True``: no two equivalent puzzles, as ``--distinct``."""

def grade(puzzles: Puzzles, scale: Literal["se", "se121"] = "se") -> list[dict[str, Any]]:
    """Sudoku Explainer's ratings of each puzzle: the rows of
    ``sudoku grade --format csv`` (ratings as floats, None when not rated;
    ``nodes`` and ``guesses``, the solver's search effort, as ints).
    ``scale``: the technique set, as ``sudoku grade --scale``."""

def explain(
    puzzle: Union[str, npt.NDArray[np.uint8]], scale: Literal["se", "se121"] = "se"
) -> dict[str, Any]:
    """Grade one puzzle with its solution path, as ``sudoku grade --explain --format json``."""

def hint(
    position: str,
    level: Literal["nudge", "technique", "full"] = "full",
    steps: int = 1,
    to_end: bool = False,
    scale: Literal["se", "se121"] = "se",
) -> dict[str, Any]:
    """The next step from a player's position, as ``sudoku hint --format json``;
    with ``steps=N`` or ``to_end=True`` the following steps are ``next``, as
    ``sudoku hint --steps N`` or ``--to-end`` gives them."""

@overload
def canonical(puzzles: Sequence[str], transform: Literal[False] = False) -> list[str]: ...
@overload
def canonical(puzzles: npt.NDArray[np.uint8], transform: Literal[False] = False) -> npt.NDArray[np.uint8]: ...
@overload
def canonical(puzzles: Puzzles, transform: Literal[True]) -> list[dict[str, Any]]: ...
def canonical(
    puzzles: Puzzles, transform: bool = False
) -> Union[list[str], npt.NDArray[np.uint8], list[dict[str, Any]]]:
    """The minlex form of each puzzle, as ``sudoku canon`` gives it (``0`` for
    blanks); with ``transform=True`` dicts of ``puzzle``, ``canonical`` and
    ``transform`` (the columns of ``sudoku canon --format csv --transform``)."""

@overload
def transform(puzzles: Sequence[str], by: str, inverse: bool = False) -> list[str]: ...
@overload
def transform(puzzles: npt.NDArray[np.uint8], by: str, inverse: bool = False) -> npt.NDArray[np.uint8]: ...
def transform(puzzles: Puzzles, by: str, inverse: bool = False) -> Union[list[str], npt.NDArray[np.uint8]]:
    """Apply the transformation ``by`` (``[T]r...c...d...``, as ``canonical``
    writes them) to each puzzle, or its inverse."""

def to_array(puzzles: Puzzles) -> npt.NDArray[np.uint8]:
    """Puzzles as a uint8 array of shape (n, 81), 0 = blank."""

def to_lines(puzzles: Puzzles) -> list[str]:
    """Puzzles as 81-character lines, ``.`` for a blank."""
