//! # sudoku (Python)
//!
//! The Python module `sudoku`: the workspace's libraries behind a small,
//! batch-first API. Every batch function takes a list of strings (any form
//! `sudoku solve` reads: a line, a block, 81 integers) or a NumPy array of
//! shape `(n, 81)` and dtype `uint8` (0 = blank), releases the GIL and runs
//! on all cores (rayon's global pool), and returns its results in input
//! order. Each function is the call the `sudoku` command makes
//! (`sudoku-commands`: a typed request in, typed rows out), so records
//! (`generate`, `grade`, `max_score`, `explain`, `hint`, `canonical`) are the
//! very rows the command writes, handed to Python as dicts in column order.
//!
//! Variant puzzles go through the same functions, told the way the CLI
//! tells a file's records ([`sudoku_commands::input::sniff`]): a batch
//! whose first item is a `sudoku.Puzzle`, or a string the CLI reads as a
//! variant record (a JSON object, an f-puzzles object or link, a line of
//! another size than 9x9), is a batch of variant records, and `solve`,
//! `grade`, `explain`, `hint` and `generate(variant=...)` return the
//! rows the CLI writes for them with `--format json`, as dicts
//! (`count_solutions` returns counts). The classic 9x9 API is unchanged.
//! `sudoku.Puzzle` (module `variant`) holds one variant puzzle for code
//! that builds or inspects puzzles.
//!
//! Books: `print_book` (module `print`) is `sudoku print`, classic or
//! variant puzzles in, the PDF's bytes or the SVG pages out, byte for
//! byte the CLI's. The module names it `print` too, as the command is
//! named: `sudoku.print(...)` reads as the CLI does, and
//! `sudoku.print_book` is there for code that would rather not have a
//! name that reads like the builtin. `__all__` leaves `print` out, so
//! `from sudoku import *` never hides the builtin `print`.
//!
//! Errors: a record that does not parse raises `sudoku.ParseError` (a
//! `ValueError`) whose message reads like the CLI's, `puzzles[I]:LINE:COL:
//! what was wrong`, with the attributes `index`, `line`, `column` and
//! `message`. Bad options raise `ValueError`, never a panic.

mod print;
mod variant;

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use rayon::prelude::*;
use sudoku_canon::{Canonicalizer, Transform};
use sudoku_commands::canon::{canonical as canonical_of, CanonRow};
use sudoku_commands::generate::{
    index_range, make_range, Distinct, Filter, GenerateRequest, GenerateRow, MakeError,
};
use sudoku_commands::grade::{GradeRequest, GradeRow};
use sudoku_commands::hint::{HintJson, HintRequest, Steps};
use sudoku_commands::input::JsonRecords;
use sudoku_commands::max_score::{MaxScoreJson, MaxScoreRequest};
use sudoku_commands::solve::{AllSolutions, SolveMode, SolveRequest};
use sudoku_commands::transform::TransformRequest;
use sudoku_commands::Format;
use sudoku_core::{Cell, Grid, MaxScoreOptions, Solver, Weights};
use sudoku_gen::Symmetry;
use sudoku_grade::{Band, Grader, Level, ParseScaleError, Scale};
use sudoku_io::{positions, InputFormat, PositionFormat, RecordError};

pyo3::create_exception!(
    sudoku,
    ParseError,
    PyValueError,
    "A record that could not be read. Attributes: index (the record's place in the batch), \
     line and column (1-based; column 0 when the error is not at one character), message."
);

thread_local! {
    /// One solver per worker thread: its stack is allocated once.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
    /// One canonicalizer per worker thread: its buffers are reused.
    static CANON: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::new());
    /// One grader per worker thread: its scratch space is reused.
    static GRADER: RefCell<Grader> = RefCell::new(Grader::new());
}

/// Below this many puzzles, `solve` and `count_solutions` work on the
/// calling thread: handing a few microseconds of work to the pool costs
/// more than it saves.
const SEQUENTIAL_BELOW: usize = 64;

/// `f` of each item, in order: on the calling thread for a batch under
/// `sequential_below` items, else on rayon's pool.
fn map_batch<T: Sync, R: Send>(
    items: &[T],
    sequential_below: usize,
    f: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    if items.len() < sequential_below {
        items.iter().map(f).collect()
    } else {
        items.par_iter().map(f).collect()
    }
}

/// The puzzles of a batch, and whether they came as a NumPy array (then
/// grids go back as arrays too).
struct Batch {
    grids: Vec<Grid>,
    numpy: bool,
}

/// The `ParseError` for `e`, the error of record `index`.
fn parse_error(py: Python<'_>, index: usize, e: &RecordError) -> PyErr {
    let err = ParseError::new_err(e.to_string());
    let value = err.value(py);
    for (name, v) in [("index", index), ("line", e.line), ("column", e.column)] {
        if let Err(e) = value.setattr(name, v) {
            return e;
        }
    }
    if let Err(e) = value.setattr("message", &e.message) {
        return e;
    }
    err
}

/// Reads one puzzle string the way `sudoku solve` reads a record: the line
/// format first (the common case, no allocation), else any format it
/// detects (block, 81 integers). Exactly one record is expected.
fn parse_text(index: usize, text: &str) -> Result<Grid, RecordError> {
    if let Ok(grid) = Grid::parse_line(text) {
        return Ok(grid);
    }
    let source = format!("puzzles[{index}]");
    let mut records = sudoku_io::records(text.as_bytes(), &source, &InputFormat::Auto.into());
    match (records.next(), records.next()) {
        (Some(first), None) => first.grid,
        (Some(first), Some(second)) => {
            first.grid?;
            Err(RecordError {
                source,
                line: second.line,
                column: 0,
                message: "a second puzzle in one string, expected one puzzle per string".to_string(),
            })
        }
        (None, _) => Err(RecordError { source, line: 1, column: 0, message: "no puzzle".to_string() }),
    }
}

/// Reads one row of 81 cells from an array: values 0-9.
fn grid_of_cells(index: usize, cells: impl Iterator<Item = u8>) -> Result<Grid, RecordError> {
    let mut array = [0u8; 81];
    for ((cell, slot), v) in Cell::ALL.into_iter().zip(array.iter_mut()).zip(cells) {
        if v > 9 {
            return Err(RecordError {
                source: format!("puzzles[{index}]"),
                line: 1,
                column: cell.index() + 1,
                message: format!("cell {cell} holds {v}, expected 0-9 (0 = blank)"),
            });
        }
        *slot = v;
    }
    Grid::from_array(array).ok_or_else(|| RecordError {
        source: format!("puzzles[{index}]"),
        line: 1,
        column: 0,
        message: "not a grid".to_string(),
    })
}

/// The puzzles of `obj`: a NumPy `uint8` array of shape `(n, 81)`, or a
/// sequence of strings.
fn batch(obj: &Bound<'_, PyAny>) -> PyResult<Batch> {
    let py = obj.py();
    if let Ok(array) = obj.extract::<PyReadonlyArray2<u8>>() {
        let shape = array.shape();
        if shape[1] != 81 {
            return Err(PyValueError::new_err(format!(
                "expected an array of shape (n, 81), got ({}, {})",
                shape[0], shape[1]
            )));
        }
        let view = array.as_array();
        let grids = view
            .rows()
            .into_iter()
            .enumerate()
            .map(|(i, row)| grid_of_cells(i, row.iter().copied()).map_err(|e| parse_error(py, i, &e)))
            .collect::<PyResult<Vec<Grid>>>()?;
        return Ok(Batch { grids, numpy: true });
    }
    if obj.hasattr("dtype")? && obj.hasattr("shape")? {
        return Err(PyTypeError::new_err(
            "expected a NumPy array of shape (n, 81) and dtype uint8 (0 = blank); \
             convert with numpy.asarray(a, dtype=numpy.uint8)",
        ));
    }
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "expected a list of puzzle strings, got one string; wrap it in a list",
        ));
    }
    let texts: Vec<String> = obj.extract().map_err(|_| {
        PyTypeError::new_err("expected a list of puzzle strings or a NumPy array of shape (n, 81)")
    })?;
    let grids = texts
        .iter()
        .enumerate()
        .map(|(i, t)| parse_text(i, t).map_err(|e| parse_error(py, i, &e)))
        .collect::<PyResult<Vec<Grid>>>()?;
    Ok(Batch { grids, numpy: false })
}

/// One puzzle: a string or a NumPy array of 81 `uint8` cells.
fn one_puzzle(obj: &Bound<'_, PyAny>) -> PyResult<Grid> {
    let py = obj.py();
    if let Ok(array) = obj.extract::<PyReadonlyArray1<u8>>() {
        if array.len() != 81 {
            return Err(PyValueError::new_err(format!("expected 81 cells, got {}", array.len())));
        }
        return grid_of_cells(0, array.as_array().iter().copied()).map_err(|e| parse_error(py, 0, &e));
    }
    let text: String = obj
        .extract()
        .map_err(|_| PyTypeError::new_err("expected a puzzle string or a NumPy array of 81 uint8 cells"))?;
    parse_text(0, &text).map_err(|e| parse_error(py, 0, &e))
}

/// Grids back to Python: an `(n, 81)` `uint8` array (a row of zeros for
/// `None`) when the batch was an array, else a list of strings and `None`.
fn grids_out<'py>(py: Python<'py>, numpy: bool, grids: &[Option<Grid>]) -> PyResult<Bound<'py, PyAny>> {
    if numpy {
        let mut cells = vec![0u8; grids.len() * 81];
        py.detach(|| {
            cells.par_chunks_mut(81).zip(grids.par_iter()).for_each(|(out, g)| {
                if let Some(g) = g {
                    out.copy_from_slice(&g.to_array());
                }
            })
        });
        let array = PyArray1::from_vec(py, cells).reshape([grids.len(), 81])?;
        return Ok(array.into_any());
    }
    let lines = grids.iter().map(|g| g.as_ref().map(Grid::to_line));
    Ok(PyList::new(py, lines)?.into_any())
}

/// Serialized rows to Python objects, keys in column order (through the
/// `json` module: one call for the whole batch).
fn rows_out<'py, T: serde::Serialize>(py: Python<'py>, rows: &T) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(rows).map_err(|e| PyRuntimeError::new_err(format!("internal: {e}")))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// Solves each puzzle.
///
/// `puzzles` is a list of strings (81 cells: digits 1-9, blanks as `.`, `0`
/// or `_`; also the block and 81-integer forms) or a NumPy array of shape
/// (n, 81) and dtype uint8 (0 = blank). Returns, in input order, the first
/// solution of each: a list of 81-character strings with `None` where there
/// is none, or for an array input a uint8 array of shape (n, 81) with a row
/// of zeros where there is none. Runs on all cores without the GIL.
///
/// Variant puzzles: a list whose first item is a `Puzzle` or a variant
/// record (JSON form, f-puzzles object or link, a line of another size)
/// is solved as `solve_variant(puzzles)`: one dict per puzzle, the row
/// of `sudoku solve --format json`.
#[pyfunction]
fn solve<'py>(py: Python<'py>, puzzles: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if variant::is_variant_batch(puzzles, JsonRecords::Variant)? {
        let items = variant::items(puzzles, Default::default())?;
        return variant::solve_rows(py, &items, SolveMode::First);
    }
    let Batch { grids, numpy } = batch(puzzles)?;
    let request = SolveRequest { mode: SolveMode::First, keep_first: true };
    let solutions: Vec<Option<Grid>> = py.detach(|| {
        map_batch(&grids, SEQUENTIAL_BELOW, |g| {
            SOLVER.with_borrow_mut(|solver| request.answer(solver, g).and_then(|a| a.first))
        })
    });
    grids_out(py, numpy, &solutions)
}

/// Counts the solutions of each puzzle, stopping at `limit`.
///
/// `limit=2` is the uniqueness check: 0 none, 1 unique, 2 several. Returns a
/// list of ints, or a uint64 array of shape (n,) for an array input. A
/// batch of variant puzzles (as `solve` tells one) is counted too: a list
/// of ints, the `count` of `sudoku solve --count --limit LIMIT`.
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2))]
fn count_solutions<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: u64,
) -> PyResult<Bound<'py, PyAny>> {
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1"));
    }
    if variant::is_variant_batch(puzzles, JsonRecords::Variant)? {
        let items = variant::items(puzzles, Default::default())?;
        return Ok(PyList::new(py, variant::counts(py, &items, limit))?.into_any());
    }
    let Batch { grids, numpy } = batch(puzzles)?;
    let request = SolveRequest { mode: SolveMode::Count(limit), keep_first: false };
    let counts: Vec<u64> = py.detach(|| {
        map_batch(&grids, SEQUENTIAL_BELOW, |g| {
            SOLVER.with_borrow_mut(|solver| request.answer(solver, g).and_then(|a| a.count).unwrap_or(0))
        })
    });
    if numpy {
        return Ok(PyArray1::from_vec(py, counts).into_any());
    }
    Ok(PyList::new(py, counts)?.into_any())
}

/// Lists the solutions of one puzzle, at most `limit` of them, in the order
/// `sudoku solve --all` lists them. Returns a list of 81-character strings
/// (empty when there is none), or a uint8 array of shape (k, 81) when the
/// puzzle is a NumPy array of 81 cells.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 100))]
fn all_solutions<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    limit: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = puzzle.hasattr("dtype")?;
    let grid = one_puzzle(puzzle)?;
    let found: Vec<Option<Grid>> = py.detach(|| AllSolutions::new(&grid, limit).map(Some).collect());
    grids_out(py, numpy, &found)
}

/// The canonical (minlex) form of each puzzle, as `sudoku canon` gives it:
/// the smallest of its disguises (transposition, row, column, band and
/// stack moves, relabelling) as 81 characters, blanks as `0`; equivalent
/// puzzles, and only they, have the same form.
///
/// Returns a list of strings, or a uint8 array for an array input; with
/// `transform=True`, dicts with the columns of `sudoku canon --format csv
/// --transform` (`puzzle`, `canonical`, `transform`).
#[pyfunction]
#[pyo3(signature = (puzzles, transform = false))]
fn canonical<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    transform: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let Batch { grids, numpy } = batch(puzzles)?;
    let forms: Vec<(Grid, Transform)> =
        py.detach(|| map_batch(&grids, SEQUENTIAL_BELOW, |g| CANON.with_borrow_mut(|c| canonical_of(c, g))));
    if transform {
        let rows: Vec<CanonRow> =
            grids.iter().zip(&forms).map(|(g, (form, t))| CanonRow::new(g, form, Some(t), None)).collect();
        return rows_out(py, &rows);
    }
    if numpy {
        let forms: Vec<Option<Grid>> = forms.iter().map(|(form, _)| Some(*form)).collect();
        return grids_out(py, true, &forms);
    }
    Ok(PyList::new(py, forms.iter().map(|(form, _)| form.to_line_zeros()))?.into_any())
}

/// Applies a transformation (as `canonical(..., transform=True)` and `sudoku
/// canon --transform` write them, e.g. `Tr213456789c123456789d912345678`) to
/// each puzzle, or its inverse with `inverse=True`. Returns strings (`.`
/// for blanks), or a uint8 array for an array input.
#[pyfunction]
#[pyo3(signature = (puzzles, by, inverse = false))]
fn transform<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    by: &str,
    inverse: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let by: Transform = by.parse().map_err(|e| PyValueError::new_err(format!("by: {e}")))?;
    let t = TransformRequest { by, inverse }.applied();
    let Batch { grids, numpy } = batch(puzzles)?;
    let out: Vec<Option<Grid>> = grids.iter().map(|g| Some(t.apply(g))).collect();
    grids_out(py, numpy, &out)
}

/// The weights of `max_score`: `None` (the NOIP target weights), 81
/// integers (a list or array), or text (9 rows of 9 integers).
fn weights_of(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Weights> {
    let Some(obj) = obj else { return Ok(Weights::NOIP) };
    if let Ok(text) = obj.extract::<String>() {
        return Weights::parse(&text).map_err(|e| PyValueError::new_err(format!("weights:{e}")));
    }
    let values: Vec<i64> = obj
        .extract()
        .map_err(|_| PyTypeError::new_err("weights: expected 81 integers or a text of 9 rows"))?;
    let array: [i64; 81] = values
        .try_into()
        .map_err(|v: Vec<i64>| PyValueError::new_err(format!("weights: {} values, expected 81", v.len())))?;
    Weights::from_array(array).ok_or_else(|| PyValueError::new_err("weights: out of range"))
}

/// The highest score sum(value x weight) over the completions of each grid
/// (NOIP 2009 "target sudoku"), proven optimal by branch and bound.
///
/// `weights`: None for the NOIP weights (10 at the centre, then 9, 8, 7, 6
/// on the rings outward), 81 integers, or a text of 9 rows of 9 integers.
/// `time_limit`: seconds per grid, None for no limit (the CLI's default is
/// 10). `node_limit`: search nodes per grid, None for no limit. Returns one
/// dict per grid with the keys of `sudoku solve --max-score --format json`:
/// puzzle, score, grid, status ("optimal", "infeasible" or "stopped"),
/// upper_bound, nodes.
#[pyfunction]
#[pyo3(signature = (puzzles, weights = None, time_limit = None, node_limit = None))]
fn max_score<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    weights: Option<&Bound<'py, PyAny>>,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let weights = weights_of(weights)?;
    let time_limit = time_limit
        .map(|s| {
            Duration::try_from_secs_f64(s).map_err(|_| {
                PyValueError::new_err(format!("time_limit: {s} is not a non-negative number of seconds"))
            })
        })
        .transpose()?;
    let request = MaxScoreRequest { weights, options: MaxScoreOptions { node_limit, time_limit } };
    let Batch { grids, .. } = batch(puzzles)?;
    let rows: Vec<MaxScoreJson> =
        py.detach(|| grids.par_iter().map(|g| MaxScoreJson::new(g, &request.run(g))).collect());
    rows_out(py, &rows)
}

/// Makes puzzles `start` to `start + n - 1` of the set of `seed`: the same
/// puzzles as `sudoku generate --seed SEED --start START -n N` with the same
/// options, on all cores.
///
/// `symmetry`: none, rot180, rot90, mirror, flip, diagonal, antidiagonal or
/// dihedral. `difficulty`: a band (easy, medium, hard, expert, extreme) to
/// keep puzzles of; it grades them. `clues`: stop removing clues at this
/// many (None: minimal puzzles). `grade`: grade every puzzle (as
/// `--grade`). `tries`: puzzles drawn per puzzle kept with a difficulty.
/// `distinct`: no two puzzles equivalent (as `--distinct`; from index 0
/// only).
/// Returns a list of dicts with the columns of `sudoku generate --format
/// csv` (id, seed, index, puzzle, solution, clues, symmetry, and when graded
/// rating, band, ep, ed, technique), ratings as floats.
///
/// Variant puzzles: `variant` (a comma-separated list as `sudoku generate
/// --variant` takes it: `killer`, `jigsaw,x`, `windoku`, `samurai`, ...),
/// `size` (the side, 4 to 25) and `givens` (killer only: cells of the
/// solution given besides the cages) make the puzzles of `sudoku generate
/// --variant LIST --size N --givens G --format json` with the same seed,
/// start, symmetry and difficulty (rated as `sudoku grade` rates them):
/// dicts of the JSON form with `givens` and `solution` (a dict reads back
/// with `Puzzle(json.dumps(row))`). `clues`, `grade`, `tries` and
/// `distinct` are for classic 9x9 puzzles only, as in the CLI.
#[pyfunction]
#[pyo3(signature = (n, seed, start = 0, symmetry = "none", difficulty = None, clues = None, grade = false, tries = None, distinct = false, variant = None, size = None, givens = None))]
#[allow(clippy::too_many_arguments)] // Python keyword arguments, mirroring the CLI's flags.
fn generate<'py>(
    py: Python<'py>,
    n: u64,
    seed: u64,
    start: u64,
    symmetry: &str,
    difficulty: Option<&str>,
    clues: Option<u8>,
    grade: bool,
    tries: Option<u64>,
    distinct: bool,
    variant: Option<&str>,
    size: Option<usize>,
    givens: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let wanted = variant::MakeRequest { variant, size, givens }.spec()?;
    if let Some(spec) = wanted {
        // The CLI's refusals, in its order.
        const CLASSIC: &str = "it applies to classic 9x9 puzzles only";
        let refused = [
            ("grade", grade, "variant records carry no grade columns: rate them with sudoku.grade"),
            ("clues", clues.is_some(), CLASSIC),
            ("tries", tries.is_some(), CLASSIC),
            ("distinct", distinct, CLASSIC),
        ];
        if let Some((name, _, why)) = refused.into_iter().find(|&(_, given, _)| given) {
            return Err(PyValueError::new_err(format!("{name} with variant/size: {why}")));
        }
        let symmetry: Symmetry =
            symmetry.parse().map_err(|e| PyValueError::new_err(format!("symmetry: {e}")))?;
        let band: Option<Band> = difficulty
            .map(|d| d.parse::<Band>().map_err(|e| PyValueError::new_err(format!("difficulty: {e}"))))
            .transpose()?;
        return variant::make(py, spec, n, seed, start, symmetry, band, givens);
    }
    if distinct && start > 0 {
        return Err(PyValueError::new_err(
            "distinct: only for a set made from index 0 (a shard cannot know the classes of the others)",
        ));
    }
    let symmetry: Symmetry = symmetry.parse().map_err(|e| PyValueError::new_err(format!("symmetry: {e}")))?;
    let band: Option<Band> = difficulty
        .map(|d| d.parse::<Band>().map_err(|e| PyValueError::new_err(format!("difficulty: {e}"))))
        .transpose()?;
    if clues.is_some_and(|c| c > 81) {
        return Err(PyValueError::new_err("clues: at most 81"));
    }
    if tries == Some(0) {
        return Err(PyValueError::new_err("tries: at least 1"));
    }
    let indices = index_range(start, n).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let request = GenerateRequest {
        start,
        symmetry,
        clues,
        difficulty: band,
        tries,
        grade,
        distinct: Some(distinct),
        ..GenerateRequest::new(seed, n)
    };
    let opts = request.gen_options();
    // The rows are JSON's (a band grades them); no time limit: a Python
    // caller interrupts a batch itself.
    let filter = Filter { time_limit: None, ..request.filter(Format::Json) };
    let abort = AtomicBool::new(false);
    let mut distinct = request.is_distinct(Format::Json).then(|| Distinct::new(opts.clone()));
    let made = py.detach(|| make_range(&opts, indices, |_| filter, &abort, distinct.as_mut()));
    let made = match made {
        Ok(made) => made,
        Err(MakeError::OutOfReach { max_tries, .. }) => {
            let what = match band {
                Some(b) => {
                    format!("no {} puzzle in {max_tries} tries (symmetry {symmetry}): the band", b.name())
                }
                None => format!("no new puzzle in {max_tries} tries (symmetry {symmetry}): a distinct one"),
            };
            return Err(PyRuntimeError::new_err(format!(
                "{what} is out of reach or too rare with these options; try a weaker symmetry, fewer or no \
                 clues, or more tries"
            )));
        }
        Err(e) => return Err(PyRuntimeError::new_err(e.to_string())),
    };
    let rows: Vec<GenerateRow<f64>> =
        (start..).zip(&made).map(|(index, m)| GenerateRow::json(seed, index, m)).collect();
    rows_out(py, &rows)
}

/// Grades each puzzle with Sudoku Explainer's ratings, on all cores.
///
/// Returns one dict per puzzle with the columns of `sudoku grade --format
/// csv`: puzzle, rating, er, ep, ed (floats), band, technique, nodes,
/// guesses (the solver's search effort, ints). For a puzzle that is not
/// rated, band holds its status (invalid, unsolvable, not-unique), the
/// ratings are None and technique is ""; nodes and guesses are there unless
/// the givens clash. `scale`: "se" (the Sudoku Exchange bank's technique
/// set, the default) or "se121" (Sudoku Explainer 1.2.1's), as `sudoku
/// grade --scale`.
///
/// Variant puzzles (a batch as `solve` tells one) get the rows of `sudoku
/// grade --format json`: 9x9 X, windoku, disjoint groups, anti-knight,
/// anti-king and non-consecutive puzzles on Sudoku Explainer's ladder over
/// their houses (the classic JSON row with `variant` and `status`),
/// every other on the variant ladder (`scale` "variant ladder", `trial`,
/// `spike`), or `status` and `why` when not rated.
#[pyfunction]
#[pyo3(signature = (puzzles, scale = "se"))]
fn grade<'py>(py: Python<'py>, puzzles: &Bound<'py, PyAny>, scale: &str) -> PyResult<Bound<'py, PyAny>> {
    let scale: Scale = scale.parse().map_err(|e: ParseScaleError| PyValueError::new_err(e.to_string()))?;
    if variant::is_variant_batch(puzzles, JsonRecords::Variant)? {
        let items = variant::items(puzzles, Default::default())?;
        return variant::grade_rows(py, &items, &GradeRequest { explain: false, scale });
    }
    let Batch { grids, .. } = batch(puzzles)?;
    let request = GradeRequest { explain: false, scale };
    let rows: Vec<GradeRow<f64>> = py.detach(|| {
        grids
            .par_iter()
            .map(|g| GRADER.with_borrow_mut(|grader| request.run(grader, g).csv_row(g, |r| r)))
            .collect()
    });
    rows_out(py, &rows)
}

/// Grades one puzzle and gives its solution path, as `sudoku grade
/// --explain --format json` does: a dict with puzzle, rating, er, ep, ed,
/// band, technique, nodes, guesses, status ("rated", or why not: "invalid", "unsolvable",
/// "not-unique" with an "error" key) and steps (each with technique,
/// pattern, cells (the pattern's cells as data: cell and digits), difficulty,
/// placements like "r1c2=3", eliminations like "r1c2<>3"). `scale` as in
/// `grade`. A variant puzzle (a `Puzzle`, or a string `solve` reads as a
/// variant record) gets the row of `sudoku grade --explain --format json`
/// on it, as `grade` says.
#[pyfunction]
#[pyo3(signature = (puzzle, scale = "se"))]
fn explain<'py>(py: Python<'py>, puzzle: &Bound<'py, PyAny>, scale: &str) -> PyResult<Bound<'py, PyAny>> {
    let scale: Scale = scale.parse().map_err(|e: ParseScaleError| PyValueError::new_err(e.to_string()))?;
    if variant::is_variant_item(puzzle, JsonRecords::Variant)? {
        let item = variant::one_item(puzzle)?;
        return variant::explain_row(py, &item, &GradeRequest { explain: true, scale });
    }
    let grid = one_puzzle(puzzle)?;
    let request = GradeRequest { explain: true, scale };
    let row = py.detach(|| GRADER.with_borrow_mut(|grader| request.run(grader, &grid).json(&grid)));
    rows_out(py, &row)
}

/// The next step from a player's position, as `sudoku hint --format json`
/// gives it; with `steps=N` or `to_end=True`, the steps of `sudoku hint
/// --steps N` or `--to-end`.
///
/// `position` is any form `sudoku hint` reads: "GIVENS" or
/// "GIVENS,PLACED" (81-cell lines), a Sukaku line (729 candidate
/// characters), a pencil-mark grid, or the JSON form. `level`: "nudge"
/// (where to look), "technique", or "full" (the pattern and its
/// conclusions). Returns a dict: position, status ("hint", "solved",
/// "mistakes", "no solution", "not unique", "invalid"), technique,
/// difficulty, pattern, placements, eliminations, text, mistakes. A
/// Sukaku line or pencil-mark grid that has no solution gets the one
/// change that repairs it as its mistake, as `sudoku hint` does.
///
/// `steps`: how many steps to give (at least 1), each from the position the
/// previous one leaves; `to_end=True`: every step until the grid is full
/// (not with `steps`). The first step is the dict's own keys, the following
/// ones are the list `next` (absent with one step), as the CLI writes them.
/// `scale`: the technique set the steps come from, as in `grade`.
///
/// Variant positions (a `Puzzle`, a JSON record with variant fields and
/// its `placed` digits, or a line of another size as `givens,placed`) get
/// the row of `sudoku hint --format json` on them: `variant` and `steps`
/// (SE's ladder where the grader takes the variant, else the simple
/// steps of any variant), or `status` and `text` when there are none.
#[pyfunction]
#[pyo3(signature = (position, level = "full", steps = 1, to_end = false, scale = "se"))]
fn hint<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    level: &str,
    steps: u32,
    to_end: bool,
    scale: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let level: Level = level.parse().map_err(PyValueError::new_err)?;
    let scale: Scale = scale.parse().map_err(|e: ParseScaleError| PyValueError::new_err(e.to_string()))?;
    if steps == 0 {
        return Err(PyValueError::new_err("steps: at least 1"));
    }
    if to_end && steps != 1 {
        return Err(PyValueError::new_err("steps and to_end: give one of them"));
    }
    let request =
        HintRequest { level, steps: if to_end { Steps::ToEnd } else { Steps::First(steps) }, scale };
    if variant::is_variant_item(position, JsonRecords::Positions)? {
        let item = variant::one_item(position)?;
        return variant::hint_row(py, &item, &request);
    }
    let position: String = position
        .extract()
        .map_err(|_| PyTypeError::new_err("expected a position string or a sudoku.Puzzle"))?;
    let mut records = positions(position.as_bytes(), "position", PositionFormat::Auto);
    let position = match records.next() {
        Some(r) => r.position.map_err(|e| parse_error(py, 0, &e))?,
        None => return Err(PyValueError::new_err("no position")),
    };
    let row = py.detach(|| {
        let hints = GRADER.with_borrow_mut(|grader| request.run(grader, &position));
        HintJson::of(&position, &hints)
    });
    let row = row.ok_or_else(|| PyRuntimeError::new_err("internal: no hint"))?;
    rows_out(py, &row)
}

/// Solves variant puzzles: any rule the toolkit registers (killer cages,
/// jigsaw regions, X, windoku, anti-knight, thermometers, arrows, ...),
/// sizes 4 to 25, samurai. Each item is a `Puzzle` or a string of one
/// record as `sudoku solve` reads it: the JSON form (one object), an
/// f-puzzles object or link, a SudokuPad link, or a line of givens (its
/// length gives the size).
///
/// `mode` is `"one"` (the first solution), `"count"` (up to `limit`,
/// default 2: the uniqueness check) or `"all"` (up to `limit`, default
/// 100). `size` and `variant` are `sudoku solve --size` and `--variant`:
/// the side of the lines, and rules of the whole grid added to every
/// record (`"x,anti-knight"`). Returns one dict per puzzle, the row of
/// `sudoku solve --format json`: `puzzle`, `variant`, `status`,
/// `solution`, `count` or `solutions`, `nodes`. Runs on all cores without
/// the GIL.
#[pyfunction]
#[pyo3(signature = (puzzles, mode = "one", limit = None, size = None, variant = None))]
fn solve_variant<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    mode: &str,
    limit: Option<u64>,
    size: Option<usize>,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let limit = limit.unwrap_or(if mode == "all" { 100 } else { 2 });
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1"));
    }
    let mode = match mode {
        "one" => SolveMode::First,
        "count" => SolveMode::Count(limit),
        "all" => SolveMode::All(limit),
        other => {
            return Err(PyValueError::new_err(format!(
                "mode {other:?}: expected \"one\", \"count\" or \"all\""
            )))
        }
    };
    let spec = variant::spec_of(variant, size)?;
    let items = variant::items(puzzles, spec)?;
    variant::solve_rows(py, &items, mode)
}

/// Puzzles as a NumPy uint8 array of shape (n, 81), 0 = blank: the strings
/// parsed as `solve` parses them (an array is checked and copied).
#[pyfunction]
fn to_array<'py>(py: Python<'py>, puzzles: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let Batch { grids, .. } = batch(puzzles)?;
    let grids: Vec<Option<Grid>> = grids.into_iter().map(Some).collect();
    grids_out(py, true, &grids)
}

/// Puzzles as 81-character lines (`.` for a blank), from a list of strings
/// or a NumPy array of shape (n, 81).
#[pyfunction]
fn to_lines<'py>(py: Python<'py>, puzzles: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let Batch { grids, .. } = batch(puzzles)?;
    let grids: Vec<Option<Grid>> = grids.into_iter().map(Some).collect();
    grids_out(py, false, &grids)
}

/// Solve, count, generate, grade, explain and print sudoku puzzles: the sudoku
/// toolkit's Rust libraries from Python. Batch functions take a list of
/// strings or a NumPy uint8 array of shape (n, 81), release the GIL, run on
/// all cores and keep input order.
///
/// Variant puzzles (killer, jigsaw, X, windoku, anti-knight,
/// non-consecutive, thermometers, arrows, sizes 4 to 25, samurai) go
/// through the same functions: a list whose first item is a `Puzzle` or a
/// string the CLI reads as a variant record (a JSON object, an f-puzzles
/// object or link, a line of another size than 9x9) is read as variant
/// records, and solve, grade, explain and hint return the CLI's `--format
/// json` rows as dicts; generate(variant=...) makes variant sets. `Puzzle`
/// holds one variant puzzle (size, rules, cages, givens as an n x n array,
/// to_json, to_fpuzzles). print_book (also print) makes the book of
/// `sudoku print`: the PDF's bytes, or SVG pages.
#[pymodule]
fn sudoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ParseError", m.py().get_type::<ParseError>())?;
    m.add_class::<variant::PyPuzzle>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(all_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(solve_variant, m)?)?;
    m.add_function(wrap_pyfunction!(max_score, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(grade, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(transform, m)?)?;
    m.add_function(wrap_pyfunction!(to_array, m)?)?;
    m.add_function(wrap_pyfunction!(to_lines, m)?)?;
    m.add_function(wrap_pyfunction!(print::print_book, m)?)?;
    // `sudoku.print` is the command's name; the same function object.
    m.add("print", m.getattr("print_book")?)?;
    // A star import takes every public name but `print`, which would hide
    // the builtin in the importing module.
    let mut public: Vec<String> = Vec::new();
    for name in m.dict().keys() {
        let name: String = name.extract()?;
        if !name.starts_with('_') && name != "print" {
            public.push(name);
        }
    }
    m.add("__all__", public)?;
    Ok(())
}
