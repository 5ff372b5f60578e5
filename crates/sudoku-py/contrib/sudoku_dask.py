"""Grade and generate sudoku puzzles on a Dask cluster.

A recipe module (copy it, or put this folder on ``sys.path``): each worker
runs the ``sudoku`` Python package on one shard, and the results come back
in input order, so that the CSV they make is byte for byte the one a single
``sudoku grade --format csv`` or ``sudoku generate --format csv`` run
writes.

- ``grade_bag(lines, npartitions)``: a ``dask.bag`` of the rows of
  ``sudoku.grade`` over shards of puzzle lines (one puzzle a line, the line
  form; blank lines and ``#`` comments are left out, as the CLI leaves them).
- ``generate_bag(n, seed, shard, ...)``: the rows of ``sudoku.generate`` for
  puzzles ``0 .. n-1`` of ``seed``, one task per ``--start`` range of
  ``shard`` puzzles. Puzzle *i* depends on the seed and *i* alone, so the
  set is the one ``sudoku generate -n N --seed S`` makes, however it is
  sharded.
- ``csv_text(rows)``: the rows as the CLI's CSV (its header, its number
  forms).

Needs ``dask[bag]`` and ``distributed`` (``pip install "dask[bag]"
distributed``) and the ``sudoku`` package installed on every worker.
"""

from __future__ import annotations

import csv
import io
from typing import Any, Iterable, Optional

import dask.bag as db

import sudoku


def puzzle_lines(text: str) -> list[str]:
    """The puzzle lines of a text: blank lines and ``#`` comments left out."""
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def _grade_shard(lines: list[str], scale: str) -> list[dict[str, Any]]:
    return sudoku.grade(lines, scale=scale)


def grade_bag(lines: list[str], npartitions: int, scale: str = "se") -> db.Bag:
    """The rows of ``sudoku.grade`` (``grade --format csv``'s columns) of
    ``lines``, graded in ``npartitions`` shards, in input order."""
    size = max(1, -(-len(lines) // max(1, npartitions)))
    shards = [lines[i : i + size] for i in range(0, len(lines), size)]
    return db.from_sequence(shards, npartitions=len(shards)).map(_grade_shard, scale).flatten()


def _generate_range(
    start_end: tuple[int, int],
    seed: int,
    difficulty: Optional[str],
    symmetry: str,
) -> list[dict[str, Any]]:
    start, end = start_end
    return sudoku.generate(end - start, seed, start=start, difficulty=difficulty, symmetry=symmetry)


def generate_bag(
    n: int,
    seed: int,
    shard: int = 1000,
    difficulty: Optional[str] = None,
    symmetry: str = "none",
) -> db.Bag:
    """The rows of ``sudoku.generate`` (``generate --format csv``'s
    columns) for puzzles ``0 .. n-1`` of ``seed``, ``shard`` puzzles a
    task (each a ``--start`` range), in index order."""
    ranges = [(i, min(i + shard, n)) for i in range(0, n, shard)]
    bag = db.from_sequence(ranges, npartitions=max(1, len(ranges)))
    return bag.map(_generate_range, seed, difficulty, symmetry).flatten()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def csv_text(rows: Iterable[dict[str, Any]]) -> str:
    """The rows as the CLI writes them with ``--format csv``: the first
    row's keys as the header (the package keeps the CLI's column order),
    ratings with one decimal."""
    rows = list(rows)
    out = io.StringIO()
    if not rows:
        return ""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(list(rows[0].keys()))
    for row in rows:
        writer.writerow([_cell(v) for v in row.values()])
    return out.getvalue()
