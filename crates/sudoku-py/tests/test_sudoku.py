"""Tests of the `sudoku` Python module, against independent oracles.

Expected values never come from the module itself: solutions are checked to
be valid grids that keep the givens (in plain Python, below), counts come
from the fixture files (made by independent solvers, see fixtures/README.md),
and records are compared with the `sudoku` command's output on the same
input and seed.

The `sudoku` binary: $SUDOKU_BIN when set, else release/sudoku in cargo's
target directory, as `cargo metadata` reports it (target/ of this repository
unless CARGO_TARGET_DIR or a cargo config moves it; `.ci/run` builds it with
`cargo test --workspace --release` before pytest runs); when it is missing,
the session builds it with `cargo build --release -p sudoku-cli`.
"""

import csv
import io
import json
import os
import pathlib
import subprocess
import threading
import time

import numpy as np
import pytest

import sudoku

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures"


def fixture(name):
    """The (puzzle, count, solution) lines of a fixture file."""
    out = []
    for line in (FIXTURES / name).read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        puzzle, count, solution = line.split(":")
        out.append((puzzle, int(count), solution or None))
    return out


def is_solution_of(solution, puzzle):
    """Whether `solution` is a full valid grid that keeps `puzzle`'s givens."""
    if len(solution) != 81 or any(c not in "123456789" for c in solution):
        return False
    for i, c in enumerate(puzzle):
        if c in "123456789" and solution[i] != c:
            return False
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
    return all(sorted(solution[i] for i in unit) == list("123456789") for unit in units)


def as_line(row):
    """An array row of 81 cells as a line, `.` for 0."""
    return "".join("." if v == 0 else str(v) for v in row)


def cargo_binary(name="sudoku", env=None):
    """Where `cargo build --release` puts the binary `name`: cargo's own
    target directory (`cargo metadata`), so that CARGO_TARGET_DIR and
    `.cargo/config.toml` are honoured as cargo honours them."""
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )
    return pathlib.Path(json.loads(out.stdout)["target_directory"]) / "release" / name


@pytest.fixture(scope="session")
def cli():
    """The path of the `sudoku` binary (see the module's docs)."""
    path = os.environ.get("SUDOKU_BIN")
    if path:
        return path
    path = cargo_binary()
    if not path.exists():
        subprocess.run(["cargo", "build", "--release", "-p", "sudoku-cli"], cwd=ROOT, check=True)
    assert path.exists(), f"cargo built no {path}"
    return str(path)


def test_the_binary_is_found_where_cargo_builds_it(tmp_path):
    """Issue 30: with CARGO_TARGET_DIR set, cargo builds into it, not into
    target/ under the repository, and the tests look there."""
    env = dict(os.environ, CARGO_TARGET_DIR=str(tmp_path))
    assert cargo_binary(env=env) == tmp_path / "release" / "sudoku"
    env.pop("CARGO_TARGET_DIR")
    assert cargo_binary(env=env).resolve() == (ROOT / "target").resolve() / "release" / "sudoku"


def run_cli(cli, *args, stdin=None):
    """The `sudoku` command's stdout (exit codes 0 and 1 are answers)."""
    out = subprocess.run([cli, *args, "-q"], input=stdin, capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr
    return out.stdout


PUZZLES = fixture("hard.txt") + fixture("17clue.txt") + fixture("solve.txt")
UNIQUE = [(p, s) for p, n, s in PUZZLES if n == 1]
NONE = [p for p, n, _ in fixture("unsolvable.txt")]
MULTI = fixture("multi.txt")


# solve


def test_solve_gives_a_valid_solution_keeping_the_givens_or_none():
    puzzles = [p for p, _, _ in PUZZLES] + NONE
    counts = [n for _, n, _ in PUZZLES] + [0] * len(NONE)
    got = sudoku.solve(puzzles)
    assert len(got) == len(puzzles)
    for puzzle, n, solution in zip(puzzles, counts, got):
        if n == 0:
            assert solution is None, puzzle
        else:
            assert is_solution_of(solution, puzzle), puzzle
    for (puzzle, expected), solution in zip(UNIQUE, sudoku.solve([p for p, _ in UNIQUE])):
        assert solution == expected


def test_solve_on_an_array_gives_an_array_with_zero_rows_for_none():
    puzzles = [p for p, _ in UNIQUE] + NONE
    array = sudoku.to_array(puzzles)
    assert array.dtype == np.uint8 and array.shape == (len(puzzles), 81)
    assert [as_line(r) for r in array] == [p.replace("0", ".") for p in puzzles]
    got = sudoku.solve(array)
    assert got.dtype == np.uint8 and got.shape == array.shape
    for (puzzle, expected), row in zip(UNIQUE, got):
        assert as_line(row) == expected
    assert not got[len(UNIQUE):].any()


def test_solve_takes_non_contiguous_arrays_and_other_string_forms():
    array = sudoku.to_array([p for p, _ in UNIQUE])
    strided = np.asfortranarray(array)
    assert (sudoku.solve(strided) == sudoku.solve(array)).all()
    puzzle, solution = UNIQUE[0]
    block = "\n".join(puzzle[r * 9:r * 9 + 9] for r in range(9))
    noip = " ".join("0" if c == "." else c for c in puzzle)
    assert sudoku.solve([block, noip]) == [solution, solution]


def test_solve_keeps_input_order_and_equals_the_cli(cli, tmp_path):
    puzzles = [p for p, _, _ in PUZZLES] + NONE
    puzzles = puzzles[::-1] * 30  # a few thousand, more than one rayon split
    path = tmp_path / "in.txt"
    path.write_text("\n".join(puzzles) + "\n")
    expected = run_cli(cli, "solve", str(path)).splitlines()
    got = sudoku.solve(puzzles)
    assert [s or "no solution" for s in got] == expected
    array = sudoku.solve(sudoku.to_array(puzzles))
    assert [as_line(r) if r.any() else "no solution" for r in array] == expected


def test_an_empty_batch_gives_an_empty_result():
    assert sudoku.solve([]) == []
    assert sudoku.solve(np.zeros((0, 81), dtype=np.uint8)).shape == (0, 81)
    assert sudoku.count_solutions([]) == []
    assert sudoku.grade([]) == []


# solve_variant

VARIANT_FAMILIES = ["thermo9", "arrow9", "thermo-arrow6", "parity9", "x9", "killer9", "jigsaw9", "anti-knight",
                    "non-consecutive", "classic16", "samurai"]


def variant_records(family):
    """The records of a variant fixture that parse, as strings (one JSON
    object each), with the fixture's own solution field when it has one."""
    out = []
    for line in (FIXTURES / "variant" / f"{family}.jsonl").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        try:
            sudoku.Puzzle(line)
        except sudoku.ParseError:
            continue
        out.append(line)
    return out


# Of the non-consecutive fixture, the records each counted in under 20 ms:
# the others take up to a second each, and the test below counts each set
# five times.
QUICK = {"non-consecutive": [2, 20, 25, 32]}


def test_solve_variant_equals_the_cli_on_every_rule_and_finds_the_independent_solutions(cli, tmp_path):
    """Issue 44: every variant family, thermometers and arrows included,
    through the one Python entry (no glue per rule): the rows are the CLI's
    rows, and a unique puzzle's solution is the one the independent solvers
    wrote in the fixture."""
    for family in VARIANT_FAMILIES:
        lines = variant_records(family)
        if family in QUICK:
            lines = [lines[i] for i in QUICK[family]]
        assert lines, family
        path = tmp_path / f"{family}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        for mode, flags in [("one", []), ("count", ["--count", "--limit", "2"])]:
            rows = sudoku.solve_variant(lines, mode=mode)
            expected = [json.loads(l) for l in run_cli(cli, "solve", *flags, "-f", "json", str(path)).splitlines()]
            assert rows == expected, (family, mode)
        unique = 0
        for line, row in zip(lines, sudoku.solve_variant(lines, mode="count")):
            known = json.loads(line).get("solution")
            if row["status"] == "unique" and known:
                assert row["solution"].replace("\n", "") == known.replace("\n", ""), family
                unique += 1
        assert unique > 0 or family in ("samurai",), family


def test_solve_variant_lists_and_refuses_as_documented():
    line = variant_records("thermo9")[0]
    blank = json.dumps(dict(json.loads(line), givens="." * 81))
    rows = sudoku.solve_variant([blank], mode="all", limit=3)
    assert rows[0]["status"] == "limit" and len(rows[0]["solutions"]) == 3
    assert len(set(rows[0]["solutions"])) == 3
    with pytest.raises(ValueError):
        sudoku.solve_variant([line], mode="every")
    with pytest.raises(ValueError):
        sudoku.solve_variant([line], limit=0)
    with pytest.raises(sudoku.ParseError) as e:
        sudoku.solve_variant([line, '{"size": 9, "rules": ["zigzag"]}'])
    assert e.value.index == 1 and "zigzag" in str(e.value)


# count_solutions and all_solutions


def test_count_solutions_equals_the_fixture_counts_up_to_the_limit():
    cases = PUZZLES + MULTI + [(p, 0, None) for p in NONE]
    puzzles = [p for p, _, _ in cases]
    for limit in (1, 2, 1000):
        expected = [min(n, limit) for _, n, _ in cases]
        assert sudoku.count_solutions(puzzles, limit=limit) == expected
        counts = sudoku.count_solutions(sudoku.to_array(puzzles), limit)
        assert counts.dtype == np.uint64 and counts.tolist() == expected
    with pytest.raises(ValueError):
        sudoku.count_solutions(puzzles, limit=0)


def test_all_solutions_are_distinct_valid_and_as_many_as_the_fixture_says(cli):
    for puzzle, n, _ in MULTI[:5]:
        got = sudoku.all_solutions(puzzle, limit=10_000)
        assert len(got) == n and len(set(got)) == n
        assert all(is_solution_of(s, puzzle) for s in got)
        assert sudoku.all_solutions(puzzle, 3) == got[:3]
        expected = run_cli(cli, "solve", "--all", "--limit", "10000", stdin=puzzle + "\n").split()
        assert got == expected
    array = sudoku.all_solutions(sudoku.to_array([MULTI[0][0]])[0], 4)
    assert array.shape == (4, 81) and [as_line(r) for r in array] == sudoku.all_solutions(MULTI[0][0], 4)
    assert sudoku.all_solutions(NONE[0], 5) == []


# max_score


def test_max_score_is_the_weighted_sum_of_a_valid_completion_and_equals_the_cli(cli):
    grids = [p for p, _ in UNIQUE[:6]]
    noip = [[6] * 9, [6] + [7] * 7 + [6], [6, 7] + [8] * 5 + [7, 6], [6, 7, 8] + [9] * 3 + [8, 7, 6],
            [6, 7, 8, 9, 10, 9, 8, 7, 6]]
    noip = noip + noip[3::-1]
    weights = [w for row in noip for w in row]
    rows = sudoku.max_score(grids)
    for puzzle, solution, row in zip(grids, [s for _, s in UNIQUE], rows):
        assert row["status"] == "optimal" and row["grid"] == solution
        assert row["score"] == sum(int(c) * w for c, w in zip(solution, weights))
    expected = [json.loads(l) for l in run_cli(cli, "solve", "--max-score", "--format", "json",
                                                    stdin="\n".join(grids) + "\n").splitlines()]
    assert rows == expected
    # Equal weights: every completion scores 45 x 9.
    flat = sudoku.max_score([MULTI[0][0], NONE[0]], weights=[1] * 81)
    assert flat[0]["score"] == 405 and is_solution_of(flat[0]["grid"], MULTI[0][0])
    assert flat[1]["status"] == "infeasible" and flat[1]["score"] is None
    text = "\n".join(" ".join("1" for _ in range(9)) for _ in range(9))
    assert sudoku.max_score([MULTI[0][0]], weights=text)[0]["score"] == 405
    with pytest.raises(ValueError):
        sudoku.max_score(grids, weights=[1] * 80)
    stopped = sudoku.max_score(["." * 81], weights=list(range(81)), node_limit=1)[0]
    assert stopped["status"] in ("stopped", "optimal")


# generate


def test_generate_equals_the_cli_on_the_same_seed_and_start(cli):
    cases = [
        dict(n=12, seed=7),
        dict(n=5, seed=7, start=7),
        dict(n=6, seed=42, symmetry="rot180", clues=30),
        dict(n=3, seed=3, difficulty="medium"),
        dict(n=4, seed=9, start=100, grade=True, symmetry="dihedral"),
    ]
    for case in cases:
        args = ["generate", "--format", "json", "-n", str(case["n"]), "--seed", str(case["seed"])]
        args += ["--start", str(case.get("start", 0)), "--symmetry", case.get("symmetry", "none")]
        if "difficulty" in case:
            args += ["--difficulty", case["difficulty"]]
        if "clues" in case:
            args += ["--clues", str(case["clues"])]
        if case.get("grade"):
            args.append("--grade")
        expected = [json.loads(l) for l in run_cli(cli, *args).splitlines()]
        got = sudoku.generate(**case)
        assert got == expected, case
        graded = ["--grade"] if case.get("grade") or "difficulty" in case else []
        # An empty set from 0 is the CSV header row alone.
        header = next(csv.reader(io.StringIO(run_cli(cli, "generate", "-f", "csv", "-n", "0", "--seed", "1", *graded))))
        assert all(list(row) == header for row in got), case


def test_generated_puzzles_are_unique_with_their_solution():
    rows = sudoku.generate(20, 11, symmetry="rot90")
    assert [r["index"] for r in rows] == list(range(20))
    assert sudoku.count_solutions([r["puzzle"] for r in rows]) == [1] * 20
    for r in rows:
        assert is_solution_of(r["solution"], r["puzzle"])
        assert r["clues"] == 81 - r["puzzle"].count(".")
    # Puzzle i of a seed depends on nothing else.
    assert sudoku.generate(5, 11, start=15, symmetry="rot90") == rows[15:]
    assert sudoku.generate(0, 11) == []


def test_generate_difficulty_keeps_only_the_band():
    rows = sudoku.generate(3, 5, difficulty="hard")
    assert all(r["band"] == "hard" and 4.0 <= r["rating"] <= 5.9 for r in rows)
    graded = sudoku.grade([r["puzzle"] for r in rows])
    assert [g["rating"] for g in graded] == [r["rating"] for r in rows]


def test_generate_rejects_bad_options():
    with pytest.raises(ValueError, match="symmetry"):
        sudoku.generate(1, 1, symmetry="spiral")
    with pytest.raises(ValueError, match="difficulty"):
        sudoku.generate(1, 1, difficulty="impossible")
    with pytest.raises(RuntimeError, match="tries"):
        sudoku.generate(1, 1, difficulty="extreme", symmetry="dihedral", tries=2)


# grade, explain, hint


def test_grade_equals_the_cli_csv_with_statuses_for_unrated_puzzles(cli):
    puzzles = [p for p, _ in UNIQUE[:8]] + [MULTI[0][0], NONE[0], "11" + "." * 79]
    got = sudoku.grade(puzzles)
    text = run_cli(cli, "grade", "--format", "csv", stdin="\n".join(puzzles) + "\n")
    expected = list(csv.DictReader(io.StringIO(text)))
    assert len(got) == len(expected)
    fmt = lambda v: "" if v is None else f"{v:.1f}" if isinstance(v, float) else str(v)
    for g, e in zip(got, expected):
        assert list(g) == list(e)
        assert {k: fmt(v) for k, v in g.items()} == e
    assert [g["band"] for g in got[-3:]] == ["not-unique", "unsolvable", "invalid"]
    assert got[-1]["rating"] is None
    # The solver's effort rates every grid it searched, unique or not.
    assert all(isinstance(g["nodes"], int) and g["nodes"] >= 1 for g in got[:-1])
    assert all(isinstance(g["guesses"], int) and g["guesses"] >= 0 for g in got[:-1])
    assert got[-1]["nodes"] is None and got[-1]["guesses"] is None


def test_r33_grade_and_hint_take_the_se121_scale_as_the_cli_does(cli):
    rows = [l.split("\t") for l in (FIXTURES / "grade" / "se121_sample.tsv").read_text().splitlines()[1:]]
    # Puzzles whose bank rating is a skyscraper's or a wing's: 1.2.1 lacks them.
    puzzles = [r[0] for r in rows if r[4].startswith(("Turbot", "Forcing X-Chain"))][:6]
    got = sudoku.grade(puzzles, scale="se121")
    text = run_cli(cli, "grade", "--scale", "se121", "--format", "csv", stdin="\n".join(puzzles) + "\n")
    expected = list(csv.DictReader(io.StringIO(text)))
    assert [f"{g['er']:.1f}" for g in got] == [e["er"] for e in expected]
    assert got != sudoku.grade(puzzles)
    with pytest.raises(ValueError):
        sudoku.grade(puzzles, scale="se12")
    assert sudoku.hint(puzzles[0], scale="se121", to_end=True)["status"] == "hint"


def test_explain_equals_the_cli_and_its_placements_are_the_solution(cli):
    puzzle, solution = UNIQUE[0]
    got = sudoku.explain(puzzle)
    expected = json.loads(run_cli(cli, "grade", "--explain", "--format", "json", stdin=puzzle + "\n"))
    assert got == expected
    assert got["status"] == "rated" and got["steps"]
    for step in got["steps"]:
        for p in step["placements"]:
            r, c, d = int(p[1]), int(p[3]), p[5]
            assert solution[(r - 1) * 9 + c - 1] == d
    assert sudoku.explain(NONE[0])["status"] == "unsolvable"


def test_hint_equals_the_cli_at_every_level(cli):
    puzzle, solution = UNIQUE[2]
    placed = solution[:30] + puzzle[30:]
    wrong = str(int(solution[40]) % 9 + 1)
    mistaken = puzzle[:40] + wrong + puzzle[41:] if puzzle[40] == "." else placed
    for position in [puzzle, f"{puzzle},{placed}", f"{puzzle},{mistaken}"]:
        for level in ["nudge", "technique", "full"]:
            got = sudoku.hint(position, level=level)
            expected = json.loads(run_cli(cli, "hint", "--format", "json", "--level", level,
                                          stdin=position + "\n"))
            assert got == expected, (position, level)
    full = sudoku.hint(puzzle)
    assert full["status"] == "hint"
    for p in full["placements"]:
        r, c = int(p["cell"][1]), int(p["cell"][3])
        assert solution[(r - 1) * 9 + c - 1] == str(p["digit"])
    with pytest.raises(ValueError):
        sudoku.hint(puzzle, level="everything")
    with pytest.raises(sudoku.ParseError):
        sudoku.hint("12x")


def test_hint_steps_and_to_end_equal_the_cli(cli):
    # Issue 32: several steps, each from the position the previous one
    # leaves, as `sudoku hint --steps N` and `--to-end` give them (the CLI
    # runs as a subprocess: an independent front end).
    puzzle, solution = UNIQUE[2]
    placed = solution[:30] + puzzle[30:]
    for position in [puzzle, f"{puzzle},{placed}"]:
        for level in ["nudge", "full"]:
            for steps in [1, 2, 5]:
                got = sudoku.hint(position, level=level, steps=steps)
                expected = json.loads(run_cli(cli, "hint", "--format", "json", "--level", level,
                                              "--steps", str(steps), stdin=position + "\n"))
                assert got == expected, (position, level, steps)
                assert 1 + len(got.get("next", [])) <= steps
            got = sudoku.hint(position, level=level, to_end=True)
            expected = json.loads(run_cli(cli, "hint", "--format", "json", "--level", level, "--to-end",
                                          stdin=position + "\n"))
            assert got == expected, (position, level, "to_end")


def test_hint_to_end_places_the_solution_and_ends_solved():
    # Independent of the CLI: the placements of every step, in order, fill
    # each empty cell once with the solution's digit (checked against the
    # fixture's solution), and the last step says the grid is solved.
    puzzle, solution = UNIQUE[0]
    got = sudoku.hint(puzzle, to_end=True)
    steps = [got] + got["next"]
    assert steps[-1]["status"] == "solved"
    filled = list(puzzle)
    for step in steps[:-1]:
        assert step["status"] == "hint"
        for p in step["placements"]:
            i = (int(p["cell"][1]) - 1) * 9 + int(p["cell"][3]) - 1
            assert filled[i] == "." and solution[i] == str(p["digit"])
            filled[i] = solution[i]
    assert "".join(filled) == solution
    # The first three steps are the first three of the walk to the end.
    first_three = sudoku.hint(puzzle, steps=3)
    assert [s["text"] for s in [first_three] + first_three["next"]] == [s["text"] for s in steps[:3]]
    with pytest.raises(ValueError):
        sudoku.hint(puzzle, steps=0)
    with pytest.raises(ValueError):
        sudoku.hint(puzzle, steps=2, to_end=True)


def test_hint_names_an_answer_erased_from_a_cell_of_two_as_the_cli_does(cli):
    # Issue 30: the candidates the givens leave (computed here), the answer
    # erased from the first cell of two; the Sukaku line reads it as a
    # given, and the hint names the cell and the erased digit.
    peers = [
        {q for q in range(81) if q != c
         and (q // 9 == c // 9 or q % 9 == c % 9 or (q // 27, q % 9 // 3) == (c // 27, c % 9 // 3))}
        for c in range(81)
    ]

    def candidates(puzzle):
        return [
            {puzzle[c]} if puzzle[c] != "." else set("123456789") - {puzzle[q] for q in peers[c]}
            for c in range(81)
        ]

    # The first puzzle with a cell of two candidates.
    puzzle, solution, marks, c = next(
        (p, s, m, c) for p, s in UNIQUE for m in [candidates(p)] for c in range(81)
        if p[c] == "." and len(m[c]) == 2
    )
    marks[c].discard(solution[c])
    sukaku = "".join(d if d in m else "." for m in marks for d in "123456789")
    got = sudoku.hint(sukaku)
    assert got["status"] == "mistakes"
    cell = f"r{c // 9 + 1}c{c % 9 + 1}"
    assert got["mistakes"] == [{"cell": cell, "kind": "erased candidate", "digit": int(solution[c])}]
    assert got == json.loads(run_cli(cli, "hint", "--format", "json", stdin=sukaku + "\n"))


# errors


def test_a_bad_string_raises_parse_error_with_index_line_and_column_as_the_cli_says(cli):
    good = UNIQUE[0][0]
    bad = good[:20] + "x" + good[21:]
    with pytest.raises(sudoku.ParseError) as info:
        sudoku.solve([good, good, bad])
    e = info.value
    assert (e.index, e.line, e.column) == (2, 1, 21)
    assert str(e) == f"puzzles[2]:1:21: {e.message}"
    out = subprocess.run([cli, "solve", "-"], input=bad + "\n", capture_output=True, text=True)
    assert out.returncode == 2 and f"<stdin>:1:21: {e.message}" in out.stderr
    odd = good[:30] + "?" + good[31:]  # cell 30: row 4, column 4
    block = "\n".join(odd[r * 9:r * 9 + 9] for r in range(9))
    with pytest.raises(sudoku.ParseError) as info:
        sudoku.grade([good, block])
    assert (info.value.index, info.value.line, info.value.column) == (1, 4, 4)
    with pytest.raises(sudoku.ParseError):
        sudoku.solve(["." * 80])
    assert issubclass(sudoku.ParseError, ValueError)


def test_a_bad_array_raises_with_the_cell_or_a_type_error():
    array = sudoku.to_array([p for p, _ in UNIQUE[:3]])
    array[1, 44] = 12
    with pytest.raises(sudoku.ParseError) as info:
        sudoku.solve(array)
    assert (info.value.index, info.value.line, info.value.column) == (1, 1, 45)
    assert "r5c9" in info.value.message
    with pytest.raises(ValueError, match=r"\(n, 81\)"):
        sudoku.solve(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(TypeError, match="uint8"):
        sudoku.solve(np.zeros((2, 81), dtype=np.int64))
    with pytest.raises(TypeError):
        sudoku.solve(UNIQUE[0][0])
    with pytest.raises(TypeError):
        sudoku.solve([1, 2, 3])


# Python integration


def test_canonical_equals_the_cli_and_finds_disguised_copies(cli):
    puzzles = [line.strip() for line in open(FIXTURES / "top95.txt")][:12]
    out = subprocess.run(
        [cli, "canon", "--format", "csv", "--transform"],
        input="\n".join(puzzles) + "\n", capture_output=True, text=True, check=True,
    ).stdout
    expected = list(csv.DictReader(io.StringIO(out)))
    assert sudoku.canonical(puzzles, transform=True) == expected
    forms = sudoku.canonical(puzzles)
    assert forms == [row["canonical"] for row in expected]
    # A disguise (transposed, bands and stacks moved, digits relabelled)
    # has the same form, and the transformation given undoes it.
    disguised = sudoku.transform(puzzles, "Tr321654987c789123456d987654321")
    assert all(d != p for d, p in zip(disguised, puzzles))
    assert sudoku.canonical(disguised) == forms
    for row in expected:
        assert sudoku.transform([row["canonical"]], row["transform"], inverse=True) == [row["puzzle"]]
    array = sudoku.canonical(sudoku.to_array(puzzles))
    assert array.dtype == np.uint8 and array.shape == (12, 81)
    assert sudoku.to_lines(array) == [f.replace("0", ".") for f in forms]
    with pytest.raises(ValueError, match="band"):
        sudoku.transform(puzzles, "r412356789c123456789d123456789")


def test_generate_distinct_equals_the_cli_and_has_no_equivalent_pair(cli):
    rows = sudoku.generate(40, seed=11, distinct=True)
    out = subprocess.run(
        [cli, "generate", "-n", "40", "--seed", "11", "--distinct", "--format", "csv"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert [r["puzzle"] for r in rows] == [r["puzzle"] for r in csv.DictReader(io.StringIO(out))]
    forms = sudoku.canonical([r["puzzle"] for r in rows])
    assert len(set(forms)) == len(forms)
    with pytest.raises(ValueError, match="distinct"):
        sudoku.generate(5, seed=11, start=3, distinct=True)


def test_every_function_has_a_docstring_and_a_typed_stub():
    import ast

    stub = ast.parse((pathlib.Path(__file__).parents[1] / "python" / "sudoku" / "__init__.pyi").read_text())
    stubbed = {node.name for node in stub.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    # Another name of a stubbed function (`print = print_book`).
    stubbed |= {
        target.id for node in stub.body if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Name) and node.value.id in stubbed for target in node.targets
    }
    public = {name for name in dir(sudoku) if not name.startswith("_") and callable(getattr(sudoku, name))}
    stubbed.discard("ParseError")
    public.discard("ParseError")
    assert public and public == stubbed
    for name in public:
        assert len(getattr(sudoku, name).__doc__ or "") > 40, name
    for node in stub.body:
        if isinstance(node, ast.FunctionDef):
            assert node.returns is not None and all(a.annotation for a in node.args.args), node.name
    # The Puzzle class: every public member is stubbed and documented.
    (cls,) = [node for node in stub.body if isinstance(node, ast.ClassDef) and node.name == "Puzzle"]
    members = {node.name for node in cls.body if isinstance(node, ast.FunctionDef)}
    public = {name for name in dir(sudoku.Puzzle) if not name.startswith("_")}
    assert public and public <= members, public - members
    for name in public:
        assert len(getattr(sudoku.Puzzle, name).__doc__ or "") > 20, name


def test_records_make_data_frames_with_the_cli_columns():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(sudoku.generate(5, 1, grade=True))
    assert list(frame.columns) == ["id", "seed", "index", "puzzle", "solution", "clues", "symmetry",
                                   "rating", "band", "ep", "ed", "technique", "nodes", "guesses"]
    assert frame["clues"].dtype.kind == "i" and frame["rating"].dtype.kind == "f"
    assert frame["nodes"].dtype.kind == "i" and frame["guesses"].dtype.kind == "i"
    graded = pd.DataFrame(sudoku.grade(frame["puzzle"].tolist()))
    assert list(graded.columns) == ["puzzle", "rating", "er", "ep", "ed", "band", "technique",
                                    "nodes", "guesses"]
    assert (graded["nodes"] == frame["nodes"]).all() and (graded["guesses"] == frame["guesses"]).all()
    assert (graded["rating"] == frame["rating"]).all()


def test_a_second_thread_makes_progress_while_a_batch_runs():
    """The batch releases the GIL: a Python thread counting in a loop keeps
    counting while `solve` runs (with the GIL held, it could not run at all
    until the call returned)."""
    hard = sudoku.to_array([p for p, _, _ in fixture("hard.txt")])
    batch = np.repeat(hard, 2000, axis=0)  # 40,000 hard puzzles
    stop = threading.Event()
    ticks = [0]

    def count():
        while not stop.is_set():
            ticks[0] += 1

    thread = threading.Thread(target=count)
    thread.start()
    try:
        # The thread's counting rate while this one sleeps (GIL free).
        before, started = ticks[0], time.perf_counter()
        time.sleep(0.2)
        rate = (ticks[0] - before) / (time.perf_counter() - started)
        before, started = ticks[0], time.perf_counter()
        sudoku.solve(batch)
        during, elapsed = ticks[0] - before, time.perf_counter() - started
    finally:
        stop.set()
        thread.join()
    assert elapsed > 0.1, "the batch was too short to tell"
    # With the GIL held for the whole call, the thread could count only in
    # the one switch interval (5 ms) before the call took it: under 3 % of
    # its rate over 0.1 s or more. Released, it counts on, slowed only by
    # sharing the cores with the solver's threads.
    assert during > 0.1 * rate * elapsed, (during, rate, elapsed)
