//! Variant puzzles from Python: the `Puzzle` class, how a batch is told to
//! be variant records (as the CLI tells a file's), and the variant half of
//! each command, every one the call the `sudoku` command makes for it so
//! that the rows are the CLI's `--format json` rows.
//!
//! Nothing here knows a rule: puzzles are read by `sudoku_io`'s record
//! reader, solved, graded and hinted by `sudoku_commands` and made by
//! `sudoku_gen`'s variant generator.

use std::hash::{Hash, Hasher};

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PySequence, PyString};
use serde_json::{json, Value};
use sudoku_commands::generate::{index_range, make_variant_range, variant_record};
use sudoku_commands::grade::{GradeRequest, VariantGradeJson};
use sudoku_commands::hint::HintRequest;
use sudoku_commands::input::{sniff, InputKind, JsonRecords};
use sudoku_commands::solve::SolveMode;
use sudoku_commands::solve_json::SolveJson;
use sudoku_commands::variant::{answer as variant_answer, hint_error_json};
use sudoku_commands::Format;
use sudoku_gen::variant::{Rated, VariantOptions, VariantSpec as MakeSpec, Watch, DEFAULT_MAX_CAGE};
use sudoku_gen::Symmetry;
use sudoku_grade::Band;
use sudoku_io::{variant_records, RecordError, VariantSpec};
use sudoku_variant::{digit_char, Puzzle, ShapeName, VariantList, MAX_SIZE};

use crate::{map_batch, parse_error, rows_out};

/// A variant puzzle: killer cages, jigsaw regions, rules of the whole grid
/// (X, windoku, anti-knight, non-consecutive, ...), constraints drawn on
/// the grid (thermometers, arrows, ...), sizes 4 to 25, samurai.
///
/// `Puzzle(source, size=None, variant=None)` reads one record, any form
/// `sudoku solve` reads: the JSON form (one object), an f-puzzles object,
/// an f-puzzles, SudokuPad or Penpa+ link, or a line of givens (its length gives
/// the size: 16 cells 4x4, 36 6x6, 256 16x16, 441 a samurai); `source` may
/// also be a NumPy uint8 array of shape (n, n), the givens of a puzzle
/// with boxes (0 = blank). `size` and `variant` are `sudoku solve --size`
/// and `--variant`: the side of a line, and rules of the whole grid added
/// to the record's (`"x,anti-knight"`). A record that does not read raises
/// `ParseError`.
///
/// Attributes: `size`, `side` (the canvas: 21 for a samurai), `variant`
/// (its name as the CLI writes it: `killer`, `jigsaw,x`, `classic`),
/// `rules`, `cages`, `constraints`, `givens` (a uint8 array of shape
/// (side, side)), `solution` (the record's own, when it had one), `line`.
/// Methods: `to_json()`, `to_fpuzzles()`, `solutions(limit)`. Every
/// function that takes variant records takes a `Puzzle` too; two puzzles
/// are equal when their shape, rules, constraints and givens are.
#[pyclass(module = "sudoku", name = "Puzzle", frozen)]
pub struct PyPuzzle {
    puzzle: Puzzle,
    solution: Option<Vec<u8>>,
    placed: Option<Vec<u8>>,
}

/// One variant record of a batch: the puzzle, and a player's digits when
/// the record carries them (the `placed` field, or `givens,placed`).
pub struct Item {
    puzzle: Puzzle,
    placed: Option<Vec<u8>>,
}

impl Item {
    /// The puzzle, without the player's digits.
    pub fn into_puzzle(self) -> Puzzle {
        self.puzzle
    }
}

/// The record spec of `--variant` and `--size`, checked as `sudoku solve`
/// checks them: rules of the whole grid only (cages, regions and drawn
/// constraints are not in a line).
pub fn spec_of(variant: Option<&str>, size: Option<usize>) -> PyResult<VariantSpec> {
    if let Some(n) = size {
        sudoku_variant::check_size(n).map_err(|e| PyValueError::new_err(format!("size: {e}")))?;
    }
    let list = match variant {
        Some(text) => VariantList::parse(text).map_err(|e| PyValueError::new_err(format!("variant: {e}")))?,
        None => VariantList::default(),
    };
    let more = |name: &str| {
        PyValueError::new_err(format!(
            "variant {name}: {name} puzzles need more than a line of givens; give them in the JSON form \
             (one object a string) or as a Puzzle"
        ))
    };
    let layout = match list.shape {
        Some(ShapeName::Layout(name)) => {
            if size.is_some_and(|n| n != 9) {
                return Err(PyValueError::new_err(format!(
                    "variant {name}: a {name} is made of 9x9 grids, no size"
                )));
            }
            Some(name)
        }
        Some(ShapeName::Jigsaw) => return Err(more("jigsaw")),
        Some(ShapeName::Grids) => return Err(more("grids")),
        None => None,
    };
    if let Some(kind) = list.kinds.drawn().iter().next() {
        return Err(more(kind.name()));
    }
    Ok(VariantSpec { size, rules: list.kinds.rules(), layout })
}

/// Reads the one record of `text` (named `place` in errors) as the CLI's
/// variant reader does.
fn read_one(py: Python<'_>, index: usize, text: &str, place: &str, spec: VariantSpec) -> PyResult<PyPuzzle> {
    let mut records = variant_records(text.as_bytes(), place, spec);
    let record = match (records.next(), records.next()) {
        (Some(record), None) => record,
        (None, _) => return Err(PyValueError::new_err(format!("{place}: no puzzle in the string"))),
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err(format!("{place}: more than one puzzle in the string")))
        }
    };
    let puzzle = record.puzzle.map_err(|e| parse_error(py, index, &e))?;
    Ok(PyPuzzle { puzzle, solution: record.solution, placed: record.placed })
}

/// A `Puzzle` object with `spec` applied as the reader applies it to a
/// JSON record: its rules added, its size checked.
fn with_spec(puzzle: &Puzzle, spec: VariantSpec, place: &str) -> PyResult<Puzzle> {
    if let Some(size) = spec.size.filter(|&n| n != puzzle.size()) {
        return Err(PyValueError::new_err(format!(
            "{place}: a {size}x{size} puzzle (size={size}), this puzzle is {0}x{0}",
            puzzle.size()
        )));
    }
    if spec.rules.is_empty() {
        return Ok(puzzle.clone());
    }
    puzzle
        .with_rules(puzzle.rules().union(spec.rules))
        .map_err(|e| PyValueError::new_err(format!("{place}: {e}")))
}

/// Whether `obj` is a batch of variant records: its first item is a
/// `Puzzle`, or a string whose first record the CLI reads as a variant
/// record ([`sniff`]: a JSON object, a link, a line of another size than
/// 9x9); with `json` saying how a JSON record is told, as for the command
/// (`hint` reads a classic position in JSON as classic).
pub fn is_variant_batch(obj: &Bound<'_, PyAny>, json: JsonRecords) -> PyResult<bool> {
    if obj.is_instance_of::<PyString>() || obj.hasattr("dtype")? {
        return Ok(false);
    }
    let Ok(seq) = obj.cast::<PySequence>() else { return Ok(false) };
    if seq.len()? == 0 {
        return Ok(false);
    }
    is_variant_item(&seq.get_item(0)?, json)
}

/// Whether one item (a puzzle or a position) is a variant record: a
/// `Puzzle`, or a string the CLI reads as one.
pub fn is_variant_item(item: &Bound<'_, PyAny>, json: JsonRecords) -> PyResult<bool> {
    if item.is_instance_of::<PyPuzzle>() {
        return Ok(true);
    }
    match item.cast::<PyString>() {
        Ok(s) => Ok(sniff(s.to_str()?.as_bytes(), json) == InputKind::Variant),
        Err(_) => Ok(false),
    }
}

/// One item of a variant batch: a `Puzzle` (with `spec` applied) or a
/// string holding one record.
fn item_of(py: Python<'_>, index: usize, obj: &Bound<'_, PyAny>, spec: VariantSpec) -> PyResult<Item> {
    let place = format!("puzzles[{index}]");
    if let Ok(p) = obj.cast::<PyPuzzle>() {
        let p = p.get();
        return Ok(Item { puzzle: with_spec(&p.puzzle, spec, &place)?, placed: p.placed.clone() });
    }
    let Ok(text) = obj.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "{place}: expected a puzzle string or a sudoku.Puzzle, got {}",
            obj.get_type().name()?
        )));
    };
    let p = read_one(py, index, text.to_str()?, &place, spec)?;
    Ok(Item { puzzle: p.puzzle, placed: p.placed })
}

/// The records of a variant batch: a list of strings and `Puzzle`s.
pub fn items(obj: &Bound<'_, PyAny>, spec: VariantSpec) -> PyResult<Vec<Item>> {
    let py = obj.py();
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyPuzzle>() {
        return Err(PyTypeError::new_err("expected a list of puzzles, got one puzzle; wrap it in a list"));
    }
    let seq = obj.cast::<PySequence>().map_err(|_| {
        PyTypeError::new_err("expected a list of variant puzzles (strings or sudoku.Puzzle objects)")
    })?;
    (0..seq.len()?).map(|i| item_of(py, i, &seq.get_item(i)?, spec)).collect()
}

/// One variant puzzle given alone (`explain`, `hint`): a `Puzzle` or a
/// string of one record.
pub fn one_item(obj: &Bound<'_, PyAny>) -> PyResult<Item> {
    item_of(obj.py(), 0, obj, VariantSpec::default())
}

/// The rows of `sudoku solve --format json` (with `mode`) for each item.
pub fn solve_rows<'py>(py: Python<'py>, items: &[Item], mode: SolveMode) -> PyResult<Bound<'py, PyAny>> {
    let rows: Vec<SolveJson> = py.detach(|| {
        map_batch(items, 2, |it| SolveJson::of_variant(&it.puzzle, &variant_answer(&it.puzzle, mode), mode))
    });
    rows_out(py, &rows)
}

/// The solution counts of each item, up to `limit`.
pub fn counts(py: Python<'_>, items: &[Item], limit: u64) -> Vec<u64> {
    let mode = SolveMode::Count(limit);
    py.detach(|| map_batch(items, 2, |it| variant_answer(&it.puzzle, mode).count.unwrap_or(0)))
}

/// The row of `sudoku grade --format json` (`--explain` as the request
/// says) for a variant puzzle: the CLI's own call
/// ([`GradeRequest::grade_variant`]: Sudoku Explainer's ladder over its
/// houses where its grader takes the puzzle, else the variant ladder, else
/// why it is not rated) and row.
fn grade_row(request: &GradeRequest, puzzle: &Puzzle) -> VariantGradeJson {
    request.grade_variant(puzzle).json(puzzle)
}

/// The rows of `sudoku grade --format json` for each item.
pub fn grade_rows<'py>(
    py: Python<'py>,
    items: &[Item],
    request: &GradeRequest,
) -> PyResult<Bound<'py, PyAny>> {
    let rows: Vec<VariantGradeJson> = py.detach(|| map_batch(items, 2, |it| grade_row(request, &it.puzzle)));
    rows_out(py, &rows)
}

/// The row of `sudoku grade --explain --format json` for one item.
pub fn explain_row<'py>(py: Python<'py>, item: &Item, request: &GradeRequest) -> PyResult<Bound<'py, PyAny>> {
    let row = py.detach(|| grade_row(request, &item.puzzle));
    rows_out(py, &row)
}

/// The row of `sudoku hint --format json` for a variant position: the
/// variant's name and its steps, or the status and why there are none.
pub fn hint_row<'py>(py: Python<'py>, item: &Item, request: &HintRequest) -> PyResult<Bound<'py, PyAny>> {
    let row = py.detach(|| match request.run_variant(&item.puzzle, item.placed.as_deref()) {
        Ok(list) => list.json(&item.puzzle),
        Err(e) => hint_error_json(&e),
    });
    rows_out(py, &row)
}

/// What `generate` is asked for besides its count and seed.
pub struct MakeRequest<'a> {
    /// `--variant`.
    pub variant: Option<&'a str>,
    /// `--size`.
    pub size: Option<usize>,
    /// `--givens`.
    pub givens: Option<usize>,
}

impl MakeRequest<'_> {
    /// The variant spec asked for, or `None` for the classic 9x9 (the
    /// classic generator's job), as `sudoku generate` decides.
    pub fn spec(&self) -> PyResult<Option<MakeSpec>> {
        if self.variant.is_none() && self.size.is_none() && self.givens.is_none() {
            return Ok(None);
        }
        if let Some(n) = self.size {
            sudoku_variant::check_size(n).map_err(|e| PyValueError::new_err(format!("size: {e}")))?;
        }
        let list = match self.variant {
            Some(text) => {
                VariantList::parse(text).map_err(|e| PyValueError::new_err(format!("variant: {e}")))?
            }
            None => VariantList::default(),
        };
        let spec = MakeSpec::from_list(list, self.size)
            .map_err(|e| PyValueError::new_err(format!("variant {list}: {e}")))?;
        if self.givens.is_some() && spec.tiling().is_none() {
            let tiling: Vec<&str> =
                sudoku_variant::KINDS.iter().filter(|k| k.tiles()).map(|k| k.name()).collect();
            return Err(PyValueError::new_err(format!(
                "givens is for {0} puzzles (variant=\"{0}\"); other puzzles are thinned to minimal clues",
                tiling.join(", ")
            )));
        }
        Ok((!spec.is_classic_9x9()).then_some(spec))
    }
}

/// Puzzles `start..start + n` of the variant set of `spec` and `seed`, as
/// `sudoku generate --variant ... --format json` writes them: the JSON
/// form with `givens` and `solution`, as dicts.
#[allow(clippy::too_many_arguments)] // The options of one CLI run.
pub fn make<'py>(
    py: Python<'py>,
    spec: MakeSpec,
    n: u64,
    seed: u64,
    start: u64,
    symmetry: Symmetry,
    band: Option<Band>,
    givens: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let indices = index_range(start, n).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let opts = VariantOptions {
        seed,
        spec,
        symmetry,
        rated: band.map(|b| Rated::of_band(b.min_tenths(), b.max_tenths())),
        tiled_givens: givens.unwrap_or(0),
        max_cage: DEFAULT_MAX_CAGE,
        hidden_sums: false,
        repeat_cages: false,
    };
    // The options are checked before any puzzle is made.
    sudoku_gen::variant::VariantGenerator::new(opts.clone())
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let made = py
        .detach(|| make_variant_range(&opts, indices, &Watch::default()))
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let records: Vec<String> = made.iter().map(|p| variant_record(p, Format::Json)).collect();
    // Through `json.loads`, the keys keep the order the CLI writes them in.
    py.import("json")?.call_method1("loads", (format!("[{}]", records.join(",")),))
}

/// The digits of the canvas as a uint8 array of shape (side, side).
fn grid_array<'py>(py: Python<'py>, side: usize, digits: &[u8]) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyArray1::from_slice(py, digits).reshape([side, side])?.into_any())
}

/// A line of givens from an array of shape (n, n): `.` for 0, `1`-`9`
/// then `A`-`P`.
fn line_of_array(array: &PyReadonlyArray2<'_, u8>) -> Result<String, RecordError> {
    let shape = array.shape();
    let view = array.as_array();
    let mut line = String::with_capacity(shape[0] * shape[1]);
    for (i, &v) in view.iter().enumerate() {
        if usize::from(v) > MAX_SIZE {
            return Err(RecordError {
                source: "puzzle".to_string(),
                line: 1,
                column: i + 1,
                message: format!(
                    "cell r{}c{} holds {v}, expected 0-{} (0 = blank)",
                    i / shape[1] + 1,
                    i % shape[1] + 1,
                    shape[0]
                ),
            });
        }
        line.push(digit_char(v));
    }
    Ok(line)
}

#[pymethods]
impl PyPuzzle {
    #[new]
    #[pyo3(signature = (source, size = None, variant = None))]
    fn new(source: &Bound<'_, PyAny>, size: Option<usize>, variant: Option<&str>) -> PyResult<PyPuzzle> {
        let py = source.py();
        let spec = spec_of(variant, size)?;
        if let Ok(p) = source.cast::<PyPuzzle>() {
            let p = p.get();
            let puzzle = with_spec(&p.puzzle, spec, "puzzle")?;
            return Ok(PyPuzzle { puzzle, solution: p.solution.clone(), placed: p.placed.clone() });
        }
        if let Ok(array) = source.extract::<PyReadonlyArray2<u8>>() {
            let shape = array.shape();
            if shape[0] != shape[1] {
                return Err(PyValueError::new_err(format!(
                    "expected a square array of shape (n, n), got ({}, {})",
                    shape[0], shape[1]
                )));
            }
            let line = line_of_array(&array).map_err(|e| parse_error(py, 0, &e))?;
            return read_one(py, 0, &line, "puzzle", spec);
        }
        if source.hasattr("dtype")? {
            return Err(PyTypeError::new_err(
                "expected a NumPy array of shape (n, n) and dtype uint8 (0 = blank); convert with \
                 numpy.asarray(a, dtype=numpy.uint8)",
            ));
        }
        // A dict: the JSON form as `generate(variant=...)` and the rows
        // return it.
        if source.cast::<pyo3::types::PyDict>().is_ok() {
            let text: String = py.import("json")?.call_method1("dumps", (source,))?.extract()?;
            return read_one(py, 0, &text, "puzzle", spec);
        }
        let text = source.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(
                "expected a puzzle string (JSON form, f-puzzles, link or line), a dict of the JSON form \
                 or a NumPy array",
            )
        })?;
        read_one(py, 0, text.to_str()?, "puzzle", spec)
    }

    /// The side of each grid (9 for a samurai's).
    #[getter]
    fn size(&self) -> usize {
        self.puzzle.size()
    }

    /// The side of the canvas: the size, or 21 for a samurai.
    #[getter]
    fn side(&self) -> usize {
        self.puzzle.side()
    }

    /// The variant's name as the CLI writes it (`classic`, `killer,x`,
    /// `jigsaw`, `samurai`, `anti-knight`).
    #[getter]
    fn variant(&self) -> String {
        self.puzzle.variant_name()
    }

    /// The rules of the whole grid, by name (`x`, `windoku`,
    /// `anti-knight`, ...): the JSON form's `rules`.
    #[getter]
    fn rules(&self) -> Vec<&'static str> {
        self.puzzle.rules().iter().map(|k| k.name()).collect()
    }

    /// The killer cages, as the JSON form writes them: dicts with `sum`
    /// (absent for a cage without one) and `cells` (`r1c1`, ...).
    #[getter]
    fn cages<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.json_list(py, "cages")
    }

    /// The constraints drawn on the grid other than cages (thermometers,
    /// arrows, odd and even cells, ...), as the JSON form writes them:
    /// dicts with `kind` and the kind's fields.
    #[getter]
    fn constraints<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.json_list(py, "constraints")
    }

    /// The givens, a uint8 array of shape (side, side), 0 = blank (and
    /// outside a samurai's grids).
    #[getter]
    fn givens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        grid_array(py, self.puzzle.side(), self.puzzle.givens())
    }

    /// The solution the record carried (the JSON form's or f-puzzles'
    /// `solution`), a uint8 array of shape (side, side); None without one.
    #[getter]
    fn solution<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.solution.as_deref().map(|s| grid_array(py, self.puzzle.side(), s)).transpose()
    }

    /// The givens as a line: one character a cell of the canvas, `.` for
    /// a blank, `1`-`9` then `A`-`P`.
    #[getter]
    fn line(&self) -> String {
        self.puzzle.givens_line()
    }

    /// The puzzle in the JSON form (docs/variants.md), one line: what
    /// `sudoku` reads back as the same puzzle.
    fn to_json(&self) -> String {
        self.puzzle.to_json(None)
    }

    /// The puzzle as an f-puzzles JSON object (one line), which f-puzzles
    /// and SudokuPad import; raises ValueError for what f-puzzles cannot
    /// hold (a samurai, sizes above 16).
    fn to_fpuzzles(&self) -> PyResult<String> {
        self.puzzle.to_fpuzzles(None).map_err(|e| PyValueError::new_err(format!("to_fpuzzles: {e}")))
    }

    /// Up to `limit` solutions, in the order `sudoku solve --all` lists
    /// them: a uint8 array of shape (k, side, side), k = 0 when there is
    /// none. `limit=2` tells a unique puzzle (k = 1) from one with several.
    #[pyo3(signature = (limit = 2))]
    fn solutions<'py>(&self, py: Python<'py>, limit: u64) -> PyResult<Bound<'py, PyAny>> {
        if limit == 0 {
            return Err(PyValueError::new_err("limit must be at least 1"));
        }
        let answer = py.detach(|| variant_answer(&self.puzzle, SolveMode::All(limit)));
        let side = self.puzzle.side();
        let cells: Vec<u8> = answer.all.concat();
        Ok(PyArray1::from_vec(py, cells).reshape([answer.all.len(), side, side])?.into_any())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyPuzzle>().is_ok_and(|o| o.get().puzzle == self.puzzle)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.puzzle.to_json(None).hash(&mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let json = PyString::new(py, &self.puzzle.to_json(None));
        Ok(format!("sudoku.Puzzle({})", json.repr()?))
    }

    fn __str__(&self) -> String {
        self.puzzle.to_json(None)
    }
}

impl PyPuzzle {
    /// A list field of the JSON form (empty when absent), as Python
    /// objects.
    fn json_list<'py>(&self, py: Python<'py>, field: &str) -> PyResult<Bound<'py, PyAny>> {
        let value: Value = serde_json::from_str(&self.puzzle.to_json(None))
            .map_err(|e| PyRuntimeError::new_err(format!("internal: {e}")))?;
        let list = value.get(field).cloned().unwrap_or_else(|| json!([]));
        rows_out(py, &list)
    }
}
