"""Variant puzzles through the `sudoku` module, against the `sudoku` command.

Every row is compared with the CLI's `--format json` row on the same input
(the binary as `test_sudoku.py` finds it: $SUDOKU_BIN, else cargo's
target directory), and solutions with the independent solvers' solutions
in the fixture files (fixtures/variant/*.jsonl, see fixtures/README.md).
"""

import json
import subprocess

import numpy as np
import pytest

import sudoku
from test_sudoku import FIXTURES, cli, run_cli  # noqa: F401 (cli is a fixture)

# Each family of the issue: its fixture, and how many records to take (the
# grader and the hints are the slow part; a few records of each suffice to
# meet every path).
FAMILIES = {
    "killer9": 3,
    "jigsaw9": 3,
    "x9": 4,
    "windoku": 4,
    "anti-knight": 4,
    "non-consecutive": 3,
    "thermo9": 3,
    "arrow9": 3,
    "thermo-arrow6": 3,
    "classic6": 4,
    "classic16": 2,
}


def records(family, n=None):
    """The first `n` records of a variant fixture, as strings."""
    lines = [
        line for line in (FIXTURES / "variant" / f"{family}.jsonl").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return lines[:n]


def line_form(record):
    """A classic record of another size as its line of givens."""
    return json.loads(record)["givens"]


def cli_rows(cli, tmp_path, name, lines, *args):
    """The CLI's JSON rows for `lines` (one record a line)."""
    path = tmp_path / f"{name}.txt"
    path.write_text("\n".join(lines) + "\n")
    return [json.loads(row) for row in run_cli(cli, *args, "-f", "json", str(path)).splitlines()]


def canvas_digits(text):
    """A solution or givens string as digits (`.` 0, `1`-`9`, `A`-`P`)."""
    text = text.replace("\n", "").replace(" ", "")
    return [0 if c == "." else int(c, 36) for c in text]


# solve, count


@pytest.mark.parametrize("family", FAMILIES)
def test_solve_equals_the_cli_and_finds_the_fixture_solution(cli, tmp_path, family):
    lines = records(family, FAMILIES[family])
    rows = sudoku.solve(lines)
    assert rows == cli_rows(cli, tmp_path, family, lines, "solve"), family
    for line, row in zip(lines, rows):
        assert row["solution"].replace("\n", "") == json.loads(line)["solution"], family
    counts = cli_rows(cli, tmp_path, family, lines, "solve", "--count", "--limit", "2")
    assert sudoku.count_solutions(lines) == [r["count"] for r in counts] == [1] * len(lines)
    # The same puzzles as Puzzle objects give the same rows.
    assert sudoku.solve([sudoku.Puzzle(line) for line in lines]) == rows


@pytest.mark.parametrize("family,size", [("classic6", 6), ("classic16", 16)])
def test_lines_of_other_sizes_are_variant_records_with_or_without_size(cli, tmp_path, family, size):
    lines = [line_form(r) for r in records(family, 3)]
    expected = cli_rows(cli, tmp_path, family, lines, "solve")
    assert sudoku.solve(lines) == expected
    assert sudoku.solve_variant(lines, size=size) == cli_rows(
        cli, tmp_path, family, lines, "solve", "--size", str(size))
    assert [r["variant"] for r in expected] == ["classic"] * 3
    with pytest.raises(sudoku.ParseError) as e:
        sudoku.solve_variant(lines, size=9)
    assert e.value.index == 0


def test_variant_flag_adds_rules_to_lines_as_the_cli_does(cli, tmp_path):
    x = [json.loads(r) for r in records("x9", 3)]
    lines = [r["givens"] for r in x]
    rows = sudoku.solve_variant(lines, variant="x", mode="count")
    assert rows == cli_rows(cli, tmp_path, "x-lines", lines, "solve", "--variant", "x", "--count")
    assert [r["solution"] for r in rows] == [r["solution"] for r in x]
    # Plain 9x9 lines stay classic: solve gives strings, as before.
    assert all(isinstance(s, str) and len(s) == 81 for s in sudoku.solve(lines))
    for bad in ["killer", "jigsaw", "samurai", "zigzag"]:
        with pytest.raises(ValueError, match=bad):
            sudoku.solve_variant(lines, variant=bad)


def test_fpuzzles_links_and_objects_solve_as_the_cli_does(cli, tmp_path):
    """The interop fixture (real f-puzzles data): those the model takes
    solve to their published solution, equal to the CLI's rows; those it
    does not raise ParseError where the CLI refuses them, naming why."""
    taken = 0
    for i, line in enumerate((FIXTURES / "variant" / "interop" / "sudokutools_fpuzzles.jsonl").read_text().splitlines()):
        record = json.loads(line)
        link = "https://www.f-puzzles.com/?load=" + record["data"]
        path = tmp_path / f"link{i}.txt"
        path.write_text(link + "\n")
        out = subprocess.run([cli, "solve", "-f", "json", "-q", str(path)], capture_output=True, text=True)
        try:
            puzzle = sudoku.Puzzle(link)
        except sudoku.ParseError as e:
            assert out.returncode == 2, out.stdout
            assert e.message in out.stderr, (e, out.stderr)
            continue
        assert out.returncode in (0, 1), out.stderr
        expected = [json.loads(r) for r in out.stdout.splitlines()]
        assert sudoku.solve([link]) == expected
        assert sudoku.solve([puzzle]) == expected
        # The f-puzzles object itself, as f-puzzles saves it, reads the same
        # here and in the CLI.
        fpuzzles = puzzle.to_fpuzzles()
        assert sudoku.Puzzle(fpuzzles) == puzzle
        assert sudoku.solve([fpuzzles]) == cli_rows(cli, tmp_path, f"fpuzzles{i}", [fpuzzles], "solve")
        # The fixture's solutions are digit strings (9x9 and smaller).
        if record.get("solution") and expected[0]["solution"] and puzzle.size <= 9:
            assert canvas_digits(expected[0]["solution"]) == [int(c, 36) for c in record["solution"]]
        taken += 1
    assert taken >= 2


def test_solve_variant_takes_puzzle_objects_and_mixed_batches():
    line = records("killer9", 1)[0]
    p = sudoku.Puzzle(line)
    assert sudoku.solve_variant([p, line], mode="count") == sudoku.solve_variant([line, line], mode="count")


# grade, explain, hint


@pytest.mark.parametrize("family", FAMILIES)
def test_grade_equals_the_cli_json_rows(cli, tmp_path, family):
    lines = records(family, min(FAMILIES[family], 2))
    expected = cli_rows(cli, tmp_path, family, lines, "grade")
    assert sudoku.grade(lines) == expected, family
    assert all(r["status"] == "rated" for r in expected), expected


def test_grade_and_solve_of_puzzles_without_one_solution_equal_the_cli(cli, tmp_path):
    """Unrated rows (status and why), on both ladders, and the listing of
    several solutions."""
    x = json.loads(records("x9", 1)[0])
    killer = json.loads(records("killer9", 1)[0])
    lines = [
        json.dumps(dict(x, givens="." * 81)),  # SE's ladder: not unique
        json.dumps(dict(x, givens="11" + "." * 79)),  # givens clash
        json.dumps(dict(killer, cages=killer["cages"][:-3])),  # variant ladder: rated with a trial
        json.dumps({"size": 4, "givens": "." * 16}),
    ]
    rows = sudoku.grade(lines)
    assert rows == cli_rows(cli, tmp_path, "unrated", lines, "grade")
    assert [r["status"] for r in rows] != ["rated"] * 4
    assert sudoku.solve_variant(lines, mode="all", limit=3) == cli_rows(
        cli, tmp_path, "all", lines, "solve", "--all", "--limit", "3")


@pytest.mark.parametrize("family", ["x9", "windoku", "killer9", "thermo-arrow6"])
def test_explain_equals_the_cli_grade_explain_row(cli, tmp_path, family):
    line = records(family, 1)[0]
    expected = cli_rows(cli, tmp_path, family, [line], "grade", "--explain")
    assert [sudoku.explain(line)] == expected
    assert sudoku.explain(sudoku.Puzzle(line)) == expected[0]
    assert expected[0]["steps"]


@pytest.mark.parametrize("family", FAMILIES)
def test_hint_equals_the_cli_json_row(cli, tmp_path, family):
    line = records(family, 1)[0]
    expected = cli_rows(cli, tmp_path, family, [line], "hint")
    assert [sudoku.hint(line)] == expected, family
    assert sudoku.hint(sudoku.Puzzle(line)) == expected[0]
    steps = cli_rows(cli, tmp_path, family, [line], "hint", "--steps", "3")
    assert [sudoku.hint(line, steps=3)] == steps
    assert len(steps[0]["steps"]) == 3


def test_hint_on_a_player_position_names_a_mistake_as_the_cli_does(cli, tmp_path):
    record = json.loads(records("killer9", 1)[0])
    solution = record["solution"]
    # Two cells of the solution placed, the second one wrong.
    placed = list(record.get("givens") or "." * 81)
    placed[0] = solution[0]
    placed[1] = "1" if solution[1] != "1" else "2"
    line = json.dumps(dict(record, placed="".join(placed)))
    expected = cli_rows(cli, tmp_path, "placed", [line], "hint")
    assert [sudoku.hint(line)] == expected
    assert expected[0]["steps"][0]["status"] == "mistakes"
    assert sudoku.hint(sudoku.Puzzle(line)) == expected[0]


def test_hint_on_a_line_of_another_size_with_placed_digits_equals_the_cli(cli, tmp_path):
    record = json.loads(records("classic6", 1)[0])
    givens, solution = record["givens"], record["solution"]
    blank = givens.index(".")
    right = givens[:blank] + solution[blank] + givens[blank + 1:]
    wrong = givens[:blank] + ("1" if solution[blank] != "1" else "2") + givens[blank + 1:]
    lines = [f"{givens},{right}", f"{givens},{wrong}", givens]
    for line in lines:
        assert [sudoku.hint(line, steps=2)] == cli_rows(cli, tmp_path, "placed6", [line], "hint", "--steps", "2")
    assert sudoku.hint(lines[1])["steps"][0]["status"] == "mistakes"


# generate


@pytest.mark.parametrize("variant,size,difficulty,givens,symmetry", [
    ("killer", None, "easy", None, None),
    ("killer", None, None, 4, None),
    ("x", None, "medium", None, None),
    ("x", None, None, None, "rot180"),
    ("jigsaw", None, None, None, None),
    ("windoku,anti-knight", None, None, None, None),
    ("non-consecutive", None, None, None, None),
    ("thermo", 6, None, None, None),
    (None, 6, None, None, "mirror"),
])
def test_generate_variant_equals_the_cli(cli, variant, size, difficulty, givens, symmetry):
    kwargs, args = {}, []
    if symmetry:
        kwargs["symmetry"], args = symmetry, args + ["--symmetry", symmetry]
    if variant:
        kwargs["variant"], args = variant, args + ["--variant", variant]
    if size:
        kwargs["size"], args = size, args + ["--size", str(size)]
    if difficulty:
        kwargs["difficulty"], args = difficulty, args + ["--difficulty", difficulty]
    if givens:
        kwargs["givens"], args = givens, args + ["--givens", str(givens)]
    rows = sudoku.generate(3, seed=7, start=2, **kwargs)
    expected = [json.loads(r) for r in run_cli(
        cli, "generate", *args, "-n", "3", "--seed", "7", "--start", "2", "--format", "json").splitlines()]
    assert rows == expected
    assert len(rows) == 3
    for row in rows:
        puzzle = sudoku.Puzzle(json.dumps(row))
        solutions = puzzle.solutions(2)
        assert solutions.shape == (1, puzzle.side, puzzle.side)
        assert (solutions[0] == puzzle.solution).all()


def test_generate_variant_refuses_what_the_cli_refuses():
    for kwargs, match in [
        (dict(variant="killer", clues=30), "clues"),
        (dict(variant="killer", grade=True), "grade"),
        (dict(variant="x", tries=5), "tries"),
        (dict(variant="x", distinct=True), "distinct"),
        (dict(variant="x", givens=3), "givens"),
        (dict(variant="zigzag"), "zigzag"),
        (dict(size=3), "size"),
        (dict(variant="killer", size=16), "killer"),
        (dict(variant="x", difficulty="impossible"), "difficulty"),
    ]:
        with pytest.raises(ValueError, match=match):
            sudoku.generate(1, seed=1, **kwargs)
    # variant="classic" is the classic generator's set.
    assert sudoku.generate(2, seed=3, variant="classic") == sudoku.generate(2, seed=3)


# Puzzle


ROUND_TRIP = ["killer9", "jigsaw9", "x9", "windoku", "anti-knight", "non-consecutive", "thermo9", "arrow9",
              "thermo-arrow6", "parity9", "classic6", "classic16", "killer9-x", "disjoint-groups"]


@pytest.mark.parametrize("family", ROUND_TRIP)
def test_puzzle_round_trips_through_json_and_fpuzzles(family):
    for line in records(family, 2):
        record = json.loads(line)
        p = sudoku.Puzzle(line)
        assert p.size == record.get("size", 9)
        assert p.rules == record.get("rules", [])
        assert p.cages == record.get("cages", [])
        assert p.constraints == record.get("constraints", [])
        assert p.line == record["givens"]
        assert p.givens.shape == (p.size, p.size) and p.givens.dtype == np.uint8
        assert list(p.givens.flatten()) == canvas_digits(record["givens"])
        assert list(p.solution.flatten()) == canvas_digits(record["solution"])
        back = sudoku.Puzzle(p.to_json())
        assert back == p and hash(back) == hash(p)
        assert sudoku.Puzzle(p.to_fpuzzles()) == p
        assert eval(repr(p), {"sudoku": sudoku}) == p
        assert p != sudoku.Puzzle(json.dumps(dict(record, givens=record["solution"])))


def test_puzzle_variant_names_match_the_cli_rows():
    for family, name in [("killer9", "killer"), ("jigsaw9", "jigsaw"), ("x9", "x"), ("windoku", "windoku"),
                         ("anti-knight", "anti-knight"), ("classic6", "classic"), ("killer9-x", "killer,x")]:
        p = sudoku.Puzzle(records(family, 1)[0])
        assert p.variant == name
        assert sudoku.solve([p])[0]["variant"] == name


def test_puzzle_from_an_n_by_n_array_and_back():
    for family in ["classic6", "classic16"]:
        record = json.loads(records(family, 1)[0])
        p = sudoku.Puzzle(record["givens"])
        array = p.givens
        q = sudoku.Puzzle(array)
        assert q == p and q.size == array.shape[0]
        solutions = q.solutions()
        assert solutions.shape == (1,) + array.shape
        assert list(solutions[0].flatten()) == canvas_digits(record["solution"])
    x = json.loads(records("x9", 1)[0])
    grid = np.array(canvas_digits(x["givens"]), dtype=np.uint8).reshape(9, 9)
    assert sudoku.Puzzle(grid, variant="x") == sudoku.Puzzle(records("x9", 1)[0])
    assert sudoku.Puzzle(grid, variant="x").rules == ["x"]


def test_samurai_has_a_21_by_21_canvas_and_no_fpuzzles_form():
    line = records("samurai", 1)[0]
    p = sudoku.Puzzle(line)
    assert (p.size, p.side, p.variant) == (9, 21, "samurai")
    assert p.givens.shape == (21, 21)
    assert sudoku.Puzzle(p.to_json()) == p
    with pytest.raises(ValueError, match="samurai"):
        p.to_fpuzzles()


def test_puzzle_errors_are_python_exceptions_with_places():
    with pytest.raises(sudoku.ParseError) as e:
        sudoku.Puzzle('{"size": 9, "rules": ["zigzag"]}')
    assert "zigzag" in str(e.value) and e.value.index == 0
    with pytest.raises(sudoku.ParseError) as e:
        sudoku.Puzzle('{"size": 9, "givens": 12,}')
    assert e.value.line == 1 and e.value.column > 0
    with pytest.raises(sudoku.ParseError) as e:
        sudoku.Puzzle("." * 35 + "x")
    assert e.value.column == 36
    with pytest.raises(sudoku.ParseError) as e:
        sudoku.solve([records("x9", 1)[0], '{"size": 9, "cages": [{"sum": 99, "cells": ["r1c1"]}]}'])
    assert e.value.index == 1
    with pytest.raises(ValueError, match="more than one"):
        sudoku.Puzzle("\n".join(records("x9", 2)))
    with pytest.raises(ValueError, match="square"):
        sudoku.Puzzle(np.zeros((9, 8), dtype=np.uint8))
    with pytest.raises(TypeError, match="uint8"):
        sudoku.Puzzle(np.zeros((9, 9), dtype=np.int64))
    with pytest.raises(sudoku.ParseError) as e:
        sudoku.Puzzle(np.full((6, 6), 7, dtype=np.uint8))
    with pytest.raises(sudoku.ParseError):
        sudoku.Puzzle(np.full((4, 4), 200, dtype=np.uint8))
    with pytest.raises(TypeError):
        sudoku.Puzzle(42)
    with pytest.raises(TypeError, match="wrap it in a list"):
        sudoku.solve_variant(records("x9", 1)[0])
    with pytest.raises(ValueError, match="limit"):
        sudoku.Puzzle(records("x9", 1)[0]).solutions(0)


def test_a_puzzle_reads_the_dicts_generate_returns():
    rows = sudoku.generate(2, seed=7, variant="killer", difficulty="easy")
    for row in rows:
        from_dict = sudoku.Puzzle(row)
        assert from_dict == sudoku.Puzzle(json.dumps(row))
        assert from_dict.variant == "killer" and len(from_dict.cages) == len(row["cages"])
    with pytest.raises(ValueError):
        sudoku.Puzzle({"size": 9, "cages": "not a list"})
