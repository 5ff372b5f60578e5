"""Solve, count, generate, grade, explain and print sudoku puzzles.

The sudoku toolkit's Rust libraries from Python. Batch functions take a list
of puzzle strings or a NumPy ``uint8`` array of shape ``(n, 81)`` (0 = blank),
release the GIL, run on all cores and return their results in input order.
Records are lists of dicts that ``pandas.DataFrame(...)`` takes as they are.

Variant puzzles (killer, jigsaw, X, windoku, anti-knight, non-consecutive,
thermometers, arrows, sizes 4 to 25, samurai) go through the same functions.
A batch is read as variant records the way ``sudoku`` tells a file's: when
its first item is a :class:`Puzzle`, or a string the CLI reads as a variant
record (a JSON object, an f-puzzles object or link, a line of another size
than 9x9). Then ``solve``, ``grade``, ``explain`` and ``hint`` return the
rows the CLI writes with ``--format json``, as dicts, and
``count_solutions`` the counts; ``generate(variant=..., size=...)`` makes
variant sets.

Books: ``print_book`` (also ``sudoku.print``, the command's name; left out
of ``__all__`` so that ``from sudoku import *`` keeps the builtin
``print``) makes the book of ``sudoku print`` from classic or variant
puzzles: the PDF's bytes, or SVG pages.
"""

from typing import Any, Literal, Optional, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str
__all__: list[str]

Puzzles = Union[Sequence[str], npt.NDArray[np.uint8]]
"""A batch: a list of strings, or a uint8 array of shape (n, 81)."""

VariantPuzzles = Sequence[Union[str, "Puzzle"]]
"""A batch of variant records: strings (one record each) and Puzzle objects."""

Trim = Literal["5x8", "5.25x8", "5.5x8.5", "6x9", "7x10", "8x10", "8.25x11", "8.5x11", "a4", "a5", "letter"]
"""The named trims; ``"WxH"`` in inches or mm (``"6.14x9.21in"``, ``"152x229mm"``) too."""

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

class Puzzle:
    """One variant puzzle: killer cages, jigsaw regions, rules of the whole
    grid, constraints drawn on it, sizes 4 to 25, samurai.

    ``Puzzle(source, size=None, variant=None)`` reads one record, any form
    ``sudoku solve`` reads (JSON form, f-puzzles object, f-puzzles or
    SudokuPad link, a line of givens), a dict of the JSON form (as
    ``generate(variant=...)`` returns it), or a uint8 array of shape (n, n) (the
    givens of a puzzle with boxes, 0 = blank); ``size`` and ``variant`` are
    ``sudoku solve --size`` and ``--variant`` (rules added: ``"x,anti-knight"``).
    Raises :class:`ParseError` for a record that does not read."""

    def __init__(
        self,
        source: Union[str, dict[str, Any], "Puzzle", npt.NDArray[np.uint8]],
        size: Optional[int] = None,
        variant: Optional[str] = None,
    ) -> None: ...
    @property
    def size(self) -> int:
        """The side of each grid (9 for a samurai's)."""
    @property
    def side(self) -> int:
        """The side of the canvas: the size, or 21 for a samurai."""
    @property
    def variant(self) -> str:
        """The variant's name as the CLI writes it: ``classic``, ``killer,x``, ``jigsaw``."""
    @property
    def rules(self) -> list[str]:
        """The rules of the whole grid by name (``x``, ``windoku``, ``anti-knight``)."""
    @property
    def cages(self) -> list[dict[str, Any]]:
        """The killer cages as the JSON form writes them: ``sum`` and ``cells``."""
    @property
    def constraints(self) -> list[dict[str, Any]]:
        """The other constraints drawn on the grid (thermometers, arrows, ...),
        as the JSON form writes them: ``kind`` and its fields."""
    @property
    def givens(self) -> npt.NDArray[np.uint8]:
        """The givens, shape (side, side), 0 = blank."""
    @property
    def solution(self) -> Optional[npt.NDArray[np.uint8]]:
        """The solution the record carried, shape (side, side), or None."""
    @property
    def line(self) -> str:
        """The givens as one line (``.`` blank, ``1``-``9`` then ``A``-``P``)."""
    def to_json(self) -> str:
        """The JSON form (docs/variants.md), one line."""
    def to_fpuzzles(self) -> str:
        """The f-puzzles JSON object; ValueError for a samurai or a size above 16."""
    def solutions(self, limit: int = 2) -> npt.NDArray[np.uint8]:
        """Up to ``limit`` solutions in ``sudoku solve --all``'s order, shape
        (k, side, side)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@overload
def solve(puzzles: Sequence[str]) -> Union[list[Optional[str]], list[dict[str, Any]]]: ...
@overload
def solve(puzzles: VariantPuzzles) -> list[dict[str, Any]]: ...
@overload
def solve(puzzles: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]: ...
def solve(
    puzzles: Union[Puzzles, VariantPuzzles]
) -> Union[list[Optional[str]], npt.NDArray[np.uint8], list[dict[str, Any]]]:
    """Solve each puzzle: its first solution, ``None`` (a row of zeros for an
    array) where there is none. A batch of variant records (see the module
    docs) gives the rows of ``sudoku solve --format json`` as dicts, as
    ``solve_variant(puzzles)``."""

@overload
def count_solutions(puzzles: Sequence[str], limit: int = 2) -> list[int]: ...
@overload
def count_solutions(puzzles: VariantPuzzles, limit: int = 2) -> list[int]: ...
@overload
def count_solutions(puzzles: npt.NDArray[np.uint8], limit: int = 2) -> npt.NDArray[np.uint64]: ...
def count_solutions(
    puzzles: Union[Puzzles, VariantPuzzles], limit: int = 2
) -> Union[list[int], npt.NDArray[np.uint64]]:
    """Count the solutions of each puzzle up to ``limit`` (2: the uniqueness
    check); variant records too."""

@overload
def all_solutions(puzzle: str, limit: int = 100) -> list[str]: ...
@overload
def all_solutions(puzzle: npt.NDArray[np.uint8], limit: int = 100) -> npt.NDArray[np.uint8]: ...
def all_solutions(
    puzzle: Union[str, npt.NDArray[np.uint8]], limit: int = 100
) -> Union[list[str], npt.NDArray[np.uint8]]:
    """List up to ``limit`` solutions of one puzzle, in ``sudoku solve --all``'s order."""

def solve_variant(
    puzzles: VariantPuzzles,
    mode: Literal["one", "count", "all"] = "one",
    limit: Optional[int] = None,
    size: Optional[int] = None,
    variant: Optional[str] = None,
) -> list[dict[str, Any]]:
    """Solve variant puzzles (every rule the toolkit registers: killer, jigsaw,
    X, windoku, anti-knight, thermometers, arrows, ...; sizes 4-25, samurai),
    one record per string (JSON form, f-puzzles, a link or a line) or
    :class:`Puzzle`. mode: "one", "count" (up to limit, default 2) or "all"
    (default 100); ``size`` and ``variant`` as ``sudoku solve --size`` and
    ``--variant``. Dicts as ``sudoku solve --format json`` writes them."""

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
    variant: Optional[str] = None,
    size: Optional[int] = None,
    givens: Optional[int] = None,
) -> list[dict[str, Any]]:
    """Puzzles ``start`` to ``start + n - 1`` of ``seed``: the rows of
    ``sudoku generate --format csv`` with the same options (ratings as floats);
    ``distinct=True``: no two equivalent puzzles, as ``--distinct``.
    With ``variant`` (``"killer"``, ``"jigsaw,x"``, ...), ``size`` or
    ``givens`` (killer only): the records of ``sudoku generate --variant ...
    --size ... --givens ... --format json`` (the JSON form with ``givens``
    and ``solution``) with the same seed, start, symmetry and difficulty."""

def grade(
    puzzles: Union[Puzzles, VariantPuzzles], scale: Literal["se", "se121"] = "se"
) -> list[dict[str, Any]]:
    """Sudoku Explainer's ratings of each puzzle: the rows of
    ``sudoku grade --format csv`` (ratings as floats, None when not rated;
    ``nodes`` and ``guesses``, the solver's search effort, as ints).
    ``scale``: the technique set, as ``sudoku grade --scale``. A batch of
    variant records gives the rows of ``sudoku grade --format json``."""

def explain(
    puzzle: Union[str, Puzzle, npt.NDArray[np.uint8]], scale: Literal["se", "se121"] = "se"
) -> dict[str, Any]:
    """Grade one puzzle with its solution path, as ``sudoku grade --explain --format json``
    (variant puzzles too)."""

def hint(
    position: Union[str, Puzzle],
    level: Literal["nudge", "technique", "full"] = "full",
    steps: int = 1,
    to_end: bool = False,
    scale: Literal["se", "se121"] = "se",
) -> dict[str, Any]:
    """The next step from a player's position, as ``sudoku hint --format json``;
    with ``steps=N`` or ``to_end=True`` the following steps are ``next``, as
    ``sudoku hint --steps N`` or ``--to-end`` gives them. A variant position
    (a :class:`Puzzle`, a JSON record with ``placed``, ``givens,placed``
    lines of another size) gives the CLI's variant row: ``variant`` and
    ``steps``, or ``status`` and ``text``."""

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

@overload
def print_book(
    puzzles: Union[Puzzles, VariantPuzzles],
    *,
    format: Literal["pdf"] = "pdf",
    title: Optional[str] = None,
    subtitle: Optional[str] = None,
    copyright: Optional[str] = None,
    footer: Optional[str] = None,
    trim: Union[Trim, str, None] = None,
    bleed: bool = False,
    per_page: Optional[Literal[1, 2, 4, 6]] = None,
    large_print: bool = False,
    pages_multiple: Optional[int] = None,
    answers: bool = True,
    start_number: Optional[int] = None,
) -> bytes: ...
@overload
def print_book(
    puzzles: Union[Puzzles, VariantPuzzles],
    *,
    format: Literal["svg"],
    title: Optional[str] = None,
    subtitle: Optional[str] = None,
    copyright: Optional[str] = None,
    footer: Optional[str] = None,
    trim: Union[Trim, str, None] = None,
    bleed: bool = False,
    per_page: Optional[Literal[1, 2, 4, 6]] = None,
    large_print: bool = False,
    pages_multiple: Optional[int] = None,
    answers: bool = True,
    start_number: Optional[int] = None,
) -> list[str]: ...
def print_book(
    puzzles: Union[Puzzles, VariantPuzzles],
    *,
    format: Literal["pdf", "svg"] = "pdf",
    title: Optional[str] = None,
    subtitle: Optional[str] = None,
    copyright: Optional[str] = None,
    footer: Optional[str] = None,
    trim: Union[Trim, str, None] = None,
    bleed: bool = False,
    per_page: Optional[Literal[1, 2, 4, 6]] = None,
    large_print: bool = False,
    pages_multiple: Optional[int] = None,
    answers: bool = True,
    start_number: Optional[int] = None,
) -> Union[bytes, list[str]]:
    """The book ``sudoku print`` makes of ``puzzles``, byte for byte: the
    PDF's bytes, or with ``format="svg"`` one SVG string a page. Classic
    puzzles (strings, or an array of shape (n, 81)) or variant records (as
    ``solve`` tells them), each solved for the answer key: a classic
    puzzle with several solutions shows its first (``UserWarning``, as is a
    repeated puzzle); a variant puzzle needs exactly one, and runs of one
    variant make sections. The keywords are the CLI's page flags
    (``answers=False`` is ``--no-answers``; ``copyright`` takes real new
    lines). ``ParseError`` for a record that does not read, ``ValueError``
    for a puzzle without a key (``puzzles[I]: ...``), an unknown trim or
    format, or options that make no usable book."""

print = print_book
"""``sudoku print``'s name for :func:`print_book` (not in ``__all__``)."""
