"""Books through the `sudoku` module (`print_book`, also `sudoku.print`),
against the `sudoku` command (issue 46).

Every book is compared with `sudoku print` on the same puzzles and options
(the binary as `test_sudoku.py` finds it: $SUDOKU_BIN, else cargo's target
directory): the PDF's bytes, its page count as `pdfinfo` (poppler-utils)
reports it when that is installed, and the SVG pages. Errors are compared
with the CLI's message on the same input.
"""

import json
import shutil
import subprocess
import warnings

import numpy as np
import pytest

import sudoku
from test_sudoku import FIXTURES, cli, fixture  # noqa: F401 (cli is a fixture)
from test_variants import line_form, records

# The inputs: a classic list and each variant family of the issue, as the
# forms `solve` takes (JSON records; lines of another size for 6x6, 16x16).
CLASSIC = [line for line in (FIXTURES / "top95.txt").read_text().splitlines() if line][:10]
BOOKS = {
    "classic": CLASSIC,
    "killer": records("killer9", 6),
    "jigsaw": records("jigsaw9", 5),
    "x": records("x9", 6),
    "thermo": records("thermo9", 4),
    "6x6": [line_form(r) for r in records("classic6", 8)],
    "16x16": [line_form(r) for r in records("classic16", 3)],
}

# Page options: the CLI's flags and the same as keyword arguments.
OPTIONS = {
    "defaults": ([], {}),
    "book": (
        ["--title", "Holiday set", "--subtitle", "Ten puzzles", "--trim", "6x9", "--no-answers",
         "--footer", "example.org", "--start-number", "7", "--pages-multiple", "4",
         "--copyright", "(c) 2026\\nAll rights reserved"],
        dict(title="Holiday set", subtitle="Ten puzzles", trim="6x9", answers=False,
             footer="example.org", start_number=7, pages_multiple=4,
             copyright="(c) 2026\nAll rights reserved"),
    ),
    "large print": (["--large-print", "--trim", "letter", "--bleed"],
                    dict(large_print=True, trim="letter", bleed=True)),
    "six a page": (["--per-page", "6", "--answers"], dict(per_page=6, answers=True)),
}


def cli_print(cli, tmp_path, lines, *args, name="book.pdf"):
    """`sudoku print` on `lines` (one record a line) with `args`: the
    completed process and the path it was asked to write."""
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    out = tmp_path / name
    done = subprocess.run([cli, "print", str(path), *args, "-q", "-o", str(out)],
                          capture_output=True, text=True)
    return done, out


def pdf_pages(path):
    """The page count `pdfinfo` reports."""
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    (pages,) = [line.split()[1] for line in info.splitlines() if line.startswith("Pages:")]
    return int(pages)


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("book", BOOKS)
def test_the_pdf_is_the_clis_byte_for_byte(cli, tmp_path, book, options):
    flags, kwargs = OPTIONS[options]
    done, out = cli_print(cli, tmp_path, BOOKS[book], *flags)
    if done.returncode != 0:
        # Options the CLI refuses for this book (grids that would not
        # fit): the same refusal, in the same words.
        with pytest.raises(ValueError) as e:
            sudoku.print_book(BOOKS[book], **kwargs)
        assert done.returncode == 2 and str(e.value) in done.stderr, (str(e.value), done.stderr)
        return
    pdf = sudoku.print_book(BOOKS[book], **kwargs)
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF")
    expected = out.read_bytes()
    if shutil.which("pdfinfo"):
        mine = tmp_path / "mine.pdf"
        mine.write_bytes(pdf)
        assert pdf_pages(mine) == pdf_pages(out) > 1
    assert pdf == expected


def test_large_print_that_does_not_fit_is_refused_as_the_cli_refuses_it(cli, tmp_path):
    """At least one pair of OPTIONS and BOOKS is refused, so the refusal
    branch above is met: a 16x16 in large print on a small trim."""
    done, _ = cli_print(cli, tmp_path, BOOKS["16x16"], "--large-print", "--trim", "5x8")
    assert done.returncode == 2
    with pytest.raises(ValueError) as e:
        sudoku.print_book(BOOKS["16x16"], large_print=True, trim="5x8")
    assert str(e.value) in done.stderr and "large print" in str(e.value)


@pytest.mark.parametrize("book", ["classic", "killer", "16x16"])
def test_svg_pages_are_the_clis_pages(cli, tmp_path, book):
    done, out = cli_print(cli, tmp_path, BOOKS[book], "--format", "svg", name="book.svg")
    assert done.returncode == 0, done.stderr
    expected = [p.read_text() for p in sorted(tmp_path.glob("book-*.svg"))]
    pages = sudoku.print_book(BOOKS[book], format="svg")
    assert isinstance(pages, list) and all(p.startswith("<svg") or p.startswith("<?xml") for p in pages)
    assert len(pages) == len(expected) > 1
    assert pages == expected


def test_print_is_print_book_and_a_star_import_keeps_the_builtin():
    assert sudoku.print is sudoku.print_book
    assert "print_book" in sudoku.__all__ and "print" not in sudoku.__all__
    namespace = {}
    exec("from sudoku import *", namespace)
    assert "print_book" in namespace and "print" not in namespace


def test_every_form_of_the_same_puzzles_makes_the_same_book():
    """Puzzle objects, the JSON form, f-puzzles objects; an array and
    strings for classic puzzles."""
    killer = BOOKS["killer"]
    pdf = sudoku.print(killer)
    puzzles = [sudoku.Puzzle(r) for r in killer]
    assert sudoku.print(puzzles) == pdf
    assert sudoku.print([p.to_json() for p in puzzles]) == pdf
    assert sudoku.print([p.to_fpuzzles() for p in puzzles]) == pdf
    assert sudoku.print(sudoku.to_array(CLASSIC)) == sudoku.print(CLASSIC)
    six = BOOKS["6x6"]
    assert sudoku.print([sudoku.Puzzle(line) for line in six]) == sudoku.print(six)


def test_fpuzzles_links_make_the_clis_book(cli, tmp_path):
    """A link per line, as the interop fixture holds them: those the model
    reads (and that have one solution) print as the CLI prints them."""
    links = []
    path = FIXTURES / "variant" / "interop" / "sudokutools_fpuzzles.jsonl"
    for line in path.read_text().splitlines():
        link = "https://www.f-puzzles.com/?load=" + json.loads(line)["data"]
        try:
            puzzle = sudoku.Puzzle(link)
        except ValueError:
            continue
        if len(puzzle.solutions(2)) == 1:
            links.append(link)
        if len(links) == 3:
            break
    assert links
    done, out = cli_print(cli, tmp_path, links)
    assert done.returncode == 0, done.stderr
    assert sudoku.print(links) == out.read_bytes()


def test_consecutive_variants_make_sections_as_the_cli_does(cli, tmp_path):
    mixed = records("killer9", 2) + records("x9", 2) + records("killer9", 3)[2:]
    done, out = cli_print(cli, tmp_path, mixed, "--title", "Mixed")
    assert done.returncode == 0, done.stderr
    assert sudoku.print(mixed, title="Mixed") == out.read_bytes()


# Errors


def test_a_bad_record_raises_value_error_naming_it(cli, tmp_path):
    bad = CLASSIC[:2] + ["12x" + "." * 78]
    with pytest.raises(ValueError, match=r"puzzles\[2\]") as e:
        sudoku.print(bad)
    assert isinstance(e.value, sudoku.ParseError) and e.value.index == 2
    killer = BOOKS["killer"][:2] + ['{"size": 9, "cages": [{"sum": 99, "cells": ["r1c1"]}]}']
    with pytest.raises(ValueError, match=r"puzzles\[2\]") as e:
        sudoku.print(killer)
    done, _ = cli_print(cli, tmp_path, killer)
    assert done.returncode == 2 and e.value.message in done.stderr, (e.value, done.stderr)


def test_puzzles_without_an_answer_key_are_refused_as_the_cli_refuses_them(cli, tmp_path):
    none = [p for p, _, _ in fixture("unsolvable.txt")][:2]
    with pytest.raises(ValueError) as e:
        sudoku.print(CLASSIC[:2] + none)
    assert str(e.value) == "puzzles[2]: no solution (and 1 more puzzles)"
    done, _ = cli_print(cli, tmp_path, CLASSIC[:2] + none)
    assert done.returncode == 2 and "puzzles.txt:3: no solution (and 1 more puzzles)" in done.stderr
    # A variant book needs exactly one solution: a 6x6 with too few givens.
    several = ["." * 36]
    with pytest.raises(ValueError, match=r"^puzzles\[0\]: the puzzle has more than one solution$"):
        sudoku.print(several)
    done, _ = cli_print(cli, tmp_path, several)
    assert done.returncode == 2 and "the puzzle has more than one solution" in done.stderr


def test_several_solutions_and_repeats_warn_as_the_cli_does(cli, tmp_path):
    multi = [p for p, n, _ in fixture("multi.txt") if n > 1][:1]
    relabelled = CLASSIC[0].translate(str.maketrans("49", "94"))
    puzzles = CLASSIC[:2] + [relabelled] + multi
    with pytest.warns(UserWarning) as caught:
        pdf = sudoku.print(puzzles)
    messages = [str(w.message) for w in caught]
    assert messages == [
        "puzzles[2]: the same puzzle as puzzles[0] up to symmetry and relabelling",
        "puzzles[3]: more than one solution; the answer key shows one",
    ]
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(puzzles) + "\n")
    out = tmp_path / "book.pdf"
    done = subprocess.run([cli, "print", str(path), "-o", str(out)], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr.count("warning") == 2, done.stderr
    assert pdf == out.read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sudoku.print(CLASSIC)


@pytest.mark.parametrize("kwargs,match", [
    (dict(trim="b5"), "trim: unknown trim size \"b5\""),
    (dict(trim="30x40"), "trim: trim size \"30x40\": each side must be from 3 to 24 inches"),
    (dict(format="png"), "format \"png\": a book is"),
    (dict(format="docx"), "format \"docx\""),
    (dict(per_page=3), "per_page 3"),
    (dict(per_page=4, large_print=True), "large_print and per_page"),
    (dict(pages_multiple=1), "pages_multiple 1"),
    (dict(start_number=10**16), "start_number"),
    (dict(title="\u05e9\u05dc\u05d5\u05dd"), "^title: the title holds right-to-left text"),
    (dict(footer="\u05e9"), "^footer: "),
])
def test_bad_options_raise_value_error_naming_them(kwargs, match):
    with pytest.raises(ValueError, match=match):
        sudoku.print_book(CLASSIC, **kwargs)


def test_the_clis_trim_message_is_the_same(cli, tmp_path):
    with pytest.raises(ValueError) as e:
        sudoku.print_book(CLASSIC, trim="b5")
    done, _ = cli_print(cli, tmp_path, CLASSIC, "--trim", "b5")
    assert done.returncode == 2 and str(e.value).removeprefix("trim: ") in done.stderr


def test_no_puzzles_and_a_single_string_are_refused():
    with pytest.raises(ValueError, match="no puzzles"):
        sudoku.print([])
    with pytest.raises(TypeError, match="one string"):
        sudoku.print(CLASSIC[0])
    with pytest.raises(TypeError):
        sudoku.print(CLASSIC, "svg")  # the options are keyword-only
    assert isinstance(sudoku.print(np.asarray(sudoku.to_array(CLASSIC[:1]))), bytes)
