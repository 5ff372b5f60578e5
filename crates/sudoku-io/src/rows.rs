//! The records the commands write, one type per kind of row: `generate`'s
//! and `grade`'s CSV and JSON rows, and `hint`'s JSON object. The `sudoku`
//! command and the Python package both build their rows here, so their
//! columns and values cannot drift apart.
//!
//! Rows are [`serde::Serialize`]; write them with [`crate::RecordWriter`].
//! A row generic over `R` holds its ratings as `R`: text with
//! [`rating_text`] for CSV (as Sudoku Explainer prints them), `f64` for
//! JSON.

use serde::Serialize;
use sudoku_core::{Cell, Digit, Grid, MaxScore, SearchStats};
use sudoku_grade::hint::{Hint, Mistake};
use sudoku_grade::{Grade, GradeError, Step};

use crate::sets::Made;

/// A rating as text: one decimal, as SE prints it (`3.4`).
pub fn rating_text(rating: f64) -> String {
    format!("{rating:.1}")
}

/// One puzzle of a generated set (`sudoku generate`'s CSV row or JSON
/// object). The grade columns are left out, header included, when the set
/// is not graded.
#[derive(Debug, Clone, Serialize)]
pub struct GenerateRow<R> {
    id: String,
    seed: u64,
    index: u64,
    puzzle: String,
    solution: String,
    clues: usize,
    symmetry: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    band: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ep: Option<R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ed: Option<R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
}

impl<R> GenerateRow<R> {
    /// The record of puzzle `index` of `seed`, with ratings in the form
    /// `rating` gives them.
    pub fn new(seed: u64, index: u64, m: &Made, rating: impl Fn(f64) -> R) -> GenerateRow<R> {
        let grade = m.grade.as_ref();
        GenerateRow {
            id: format!("{seed}-{index}"),
            seed,
            index,
            puzzle: m.puzzle.givens.to_line(),
            solution: m.puzzle.solution.to_line(),
            clues: m.puzzle.n_clues(),
            symmetry: m.puzzle.symmetry.name(),
            rating: grade.map(|g| rating(g.er)),
            band: grade.map(|g| g.band.name()),
            ep: grade.map(|g| rating(g.ep)),
            ed: grade.map(|g| rating(g.ed)),
            technique: grade.map(|g| g.technique.name()),
            nodes: grade.map(|g| g.nodes),
            guesses: grade.map(|g| g.guesses),
        }
    }
}

/// The CSV header row of a generated set, graded or not (what an empty
/// set writes).
pub fn generate_csv_header(graded: bool) -> &'static str {
    if graded {
        "id,seed,index,puzzle,solution,clues,symmetry,rating,band,ep,ed,technique,nodes,guesses\n"
    } else {
        "id,seed,index,puzzle,solution,clues,symmetry\n"
    }
}

/// Column names of `sudoku grade`'s CSV output, in order.
pub const GRADE_CSV_HEADER: &[&str] =
    &["puzzle", "rating", "er", "ep", "ed", "band", "technique", "nodes", "guesses"];

/// The status word of a puzzle that was not rated, and why.
pub fn grade_status(e: &GradeError) -> (&'static str, String) {
    match e {
        GradeError::Conflict(c) => ("invalid", c.to_string()),
        GradeError::Unsolvable => ("unsolvable", "no solution".to_string()),
        GradeError::NotUnique => ("not-unique", "more than one solution".to_string()),
        GradeError::Solved => ("solved", "the grid is already solved: no step to rate".to_string()),
        other => ("invalid", other.to_string()),
    }
}

/// One puzzle of `sudoku grade`'s CSV output: [`GRADE_CSV_HEADER`]. For a
/// puzzle that is not rated, `band` holds its status and the ratings are
/// empty; `nodes` and `guesses` are there for every grid the solver
/// searched (any grid whose givens do not clash).
#[derive(Debug, Clone, Serialize)]
pub struct GradeRow<R> {
    puzzle: String,
    rating: Option<R>,
    er: Option<R>,
    ep: Option<R>,
    ed: Option<R>,
    band: &'static str,
    technique: &'static str,
    nodes: Option<u64>,
    guesses: Option<u64>,
}

impl<R> GradeRow<R> {
    /// The row of a rated puzzle, with ratings in the form `rating` gives
    /// them.
    pub fn rated(puzzle: &Grid, g: &Grade, rating: impl Fn(f64) -> R) -> GradeRow<R> {
        GradeRow {
            puzzle: puzzle.to_line(),
            rating: Some(rating(g.rating)),
            er: Some(rating(g.rating)),
            ep: Some(rating(g.ep)),
            ed: Some(rating(g.ed)),
            band: g.band.name(),
            technique: g.technique.name(),
            nodes: Some(g.nodes),
            guesses: Some(g.guesses),
        }
    }

    /// The row of a puzzle that was not rated (`puzzle` is `None` for a
    /// malformed record): `status` in the band column, and the solver's
    /// effort when it searched the grid ([`sudoku_grade::Grader::last_search`]).
    pub fn unrated(puzzle: Option<&Grid>, status: &'static str, search: Option<SearchStats>) -> GradeRow<R> {
        GradeRow {
            puzzle: puzzle.map(Grid::to_line).unwrap_or_default(),
            rating: None,
            er: None,
            ep: None,
            ed: None,
            band: status,
            technique: "",
            nodes: search.map(|s| s.nodes),
            guesses: search.map(|s| s.guesses),
        }
    }
}

/// One step of a solution path in JSON (`grade --explain`).
#[derive(Debug, Clone, Serialize)]
pub struct StepJson {
    technique: &'static str,
    pattern: String,
    difficulty: f64,
    placements: Vec<String>,
    eliminations: Vec<String>,
}

impl StepJson {
    /// The JSON form of `s`: cells as `r1c2=3` and `r1c2<>3`.
    pub fn new(s: &Step) -> StepJson {
        StepJson {
            technique: s.technique.name(),
            pattern: s.pattern.clone(),
            difficulty: s.difficulty,
            placements: s.placements.iter().map(|p| format!("{}={}", p.cell, p.digit)).collect(),
            eliminations: s.eliminations.iter().map(|e| format!("{}<>{}", e.cell, e.digit)).collect(),
        }
    }
}

/// One puzzle of `sudoku grade --format json`: the ratings, the status, and
/// the steps when explained.
#[derive(Debug, Clone, Serialize)]
pub struct GradeJson {
    puzzle: Option<String>,
    rating: Option<f64>,
    er: Option<f64>,
    ep: Option<f64>,
    ed: Option<f64>,
    band: Option<&'static str>,
    technique: Option<&'static str>,
    nodes: Option<u64>,
    guesses: Option<u64>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepJson>>,
}

impl GradeJson {
    /// The object of a rated puzzle; `steps` when the grade has them.
    pub fn rated(puzzle: &Grid, g: &Grade) -> GradeJson {
        GradeJson {
            puzzle: Some(puzzle.to_line()),
            rating: Some(g.rating),
            er: Some(g.er),
            ep: Some(g.ep),
            ed: Some(g.ed),
            band: Some(g.band.name()),
            technique: Some(g.technique.name()),
            nodes: Some(g.nodes),
            guesses: Some(g.guesses),
            status: "rated",
            error: None,
            steps: (!g.steps.is_empty()).then(|| g.steps.iter().map(StepJson::new).collect()),
        }
    }

    /// The object of a puzzle that was not rated (`puzzle` is `None` for a
    /// malformed record), with its status and why, and the solver's effort
    /// when it searched the grid.
    pub fn unrated(
        puzzle: Option<&Grid>,
        status: &'static str,
        message: &str,
        search: Option<SearchStats>,
    ) -> GradeJson {
        GradeJson {
            puzzle: puzzle.map(Grid::to_line),
            rating: None,
            er: None,
            ep: None,
            ed: None,
            band: None,
            technique: None,
            nodes: search.map(|s| s.nodes),
            guesses: search.map(|s| s.guesses),
            status,
            error: Some(message.to_string()),
            steps: None,
        }
    }
}

fn cell(c: Cell) -> String {
    c.to_string()
}

#[derive(Debug, Clone, Serialize)]
struct CellDigitsJson {
    cell: String,
    digits: Vec<u8>,
}

#[derive(Debug, Clone, Serialize)]
struct CellDigitJson {
    cell: String,
    digit: u8,
}

#[derive(Debug, Clone, Serialize)]
struct MistakeJson {
    cell: String,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    placed: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<u8>,
}

/// One hint in JSON: status, technique, difficulty, pattern, placements,
/// eliminations, text and mistakes; cells are `rRcC`.
#[derive(Debug, Clone, Serialize)]
pub struct HintStepJson {
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<f64>,
    pattern: Vec<CellDigitsJson>,
    placements: Vec<CellDigitJson>,
    eliminations: Vec<CellDigitsJson>,
    text: String,
    mistakes: Vec<MistakeJson>,
}

impl HintStepJson {
    /// The JSON form of `h`; eliminations are grouped by cell.
    pub fn new(h: &Hint) -> HintStepJson {
        let mut eliminations: Vec<CellDigitsJson> = Vec::new();
        for e in &h.eliminations {
            match eliminations.last_mut() {
                Some(last) if last.cell == cell(e.cell) => last.digits.push(e.digit.get()),
                _ => eliminations.push(CellDigitsJson { cell: cell(e.cell), digits: vec![e.digit.get()] }),
            }
        }
        HintStepJson {
            status: h.status.name(),
            technique: h.technique.map(|t| t.name()),
            difficulty: h.difficulty,
            pattern: h
                .pattern
                .iter()
                .map(|p| CellDigitsJson { cell: cell(p.cell), digits: p.digits.iter().collect() })
                .collect(),
            placements: h
                .placements
                .iter()
                .map(|p| CellDigitJson { cell: cell(p.cell), digit: p.digit.get() })
                .collect(),
            eliminations,
            text: h.text.clone(),
            mistakes: h
                .mistakes
                .iter()
                .map(|m| match *m {
                    Mistake::WrongDigit { cell: c, placed, correct } => MistakeJson {
                        cell: cell(c),
                        kind: "wrong digit",
                        placed: Some(placed.get()),
                        digit: correct.map(Digit::get),
                    },
                    Mistake::ErasedCandidate { cell: c, digit } => MistakeJson {
                        cell: cell(c),
                        kind: "erased candidate",
                        placed: None,
                        digit: digit.map(Digit::get),
                    },
                })
                .collect(),
        }
    }

    /// The step of a record that did not parse: status `malformed`, and why
    /// as the text.
    pub fn malformed(why: String) -> HintStepJson {
        HintStepJson {
            status: "malformed",
            technique: None,
            difficulty: None,
            pattern: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            text: why,
            mistakes: Vec::new(),
        }
    }
}

/// One record of `sudoku hint --format json`: the position, its first hint
/// (flattened), and the following ones as `next`.
#[derive(Debug, Clone, Serialize)]
pub struct HintJson {
    position: Option<serde_json::Value>,
    #[serde(flatten)]
    first: HintStepJson,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    next: Vec<HintStepJson>,
}

impl HintJson {
    /// The record of a position (its JSON form, [`crate::position_json`];
    /// `None` for a malformed record), its first step and the next ones.
    pub fn new(
        position: Option<serde_json::Value>,
        first: HintStepJson,
        next: Vec<HintStepJson>,
    ) -> HintJson {
        HintJson { position, first, next }
    }
}

/// One grid of `sudoku solve --max-score --format json`: the best score and
/// completion (`None` when no completion is known), the status (`optimal`,
/// `infeasible`, `stopped`; `invalid` for a malformed record), the proven
/// upper bound and the search nodes.
#[derive(Debug, Clone, Serialize)]
pub struct MaxScoreJson {
    puzzle: Option<String>,
    score: Option<i64>,
    grid: Option<String>,
    status: &'static str,
    upper_bound: Option<i64>,
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl MaxScoreJson {
    /// The object of `puzzle`'s result.
    pub fn new(puzzle: &Grid, result: &MaxScore) -> MaxScoreJson {
        MaxScoreJson {
            puzzle: Some(puzzle.to_line()),
            score: result.score(),
            grid: result.grid().map(|g| g.to_line()),
            status: result.status().as_str(),
            upper_bound: result.upper_bound(),
            nodes: Some(result.nodes()),
            error: None,
        }
    }

    /// The object of a record that did not parse, and why.
    pub fn invalid(message: &str) -> MaxScoreJson {
        MaxScoreJson {
            puzzle: None,
            score: None,
            grid: None,
            status: "invalid",
            upper_bound: None,
            nodes: None,
            error: Some(message.to_string()),
        }
    }
}

// A book's index: the CSV beside a book (`book`, `generate -o x.pdf --csv`,
// `print --csv`). Kept apart from the rows above: a book row is the pair
// `(BookColumns, row)`, which CSV writes as one row, the book's columns
// first.

/// Column names of [`BookColumns`], in order: what a book's CSV starts with.
pub const BOOK_COLUMNS: &[&str] = &["number", "section", "page", "answer_page"];

/// Where a puzzle is in a book: its printed number, its section (the name
/// in its running heads), its page and its solution's page in the answer
/// key (empty without one). Written first in each row of a book's CSV,
/// before the command's own columns.
#[derive(Debug, Clone, Serialize)]
pub struct BookColumns {
    number: u64,
    section: String,
    page: usize,
    answer_page: Option<usize>,
}

impl BookColumns {
    /// The columns of the puzzle printed as `number` in `section` on
    /// `page`, its solution on `answer_page`.
    pub fn new(number: u64, section: &str, page: usize, answer_page: Option<usize>) -> BookColumns {
        BookColumns { number, section: section.to_string(), page, answer_page }
    }
}

/// The CSV header row of a generated book's index: [`BOOK_COLUMNS`], then
/// the graded columns of a generated set (what an empty book writes).
pub fn generate_book_csv_header() -> String {
    format!("{},{}", BOOK_COLUMNS.join(","), generate_csv_header(true))
}

/// Column names of `sudoku print --csv` after [`BOOK_COLUMNS`], in order.
pub const PRINT_CSV_COLUMNS: &[&str] = &["puzzle", "solution", "band", "rating", "id", "source"];

/// One puzzle of `sudoku print --csv` (after its [`BookColumns`]): the
/// givens and the solution in the key, what the input said of its band,
/// rating and id (empty when nothing), and where it was read
/// (`FILE:LINE`).
#[derive(Debug, Clone, Serialize)]
pub struct PrintRow {
    puzzle: String,
    solution: String,
    band: Option<String>,
    rating: Option<String>,
    id: Option<String>,
    source: String,
}

impl PrintRow {
    /// The row of `puzzle`, printed with `solution` in the key.
    pub fn new(
        puzzle: &Grid,
        solution: &Grid,
        band: Option<&str>,
        rating: Option<&str>,
        id: Option<&str>,
        source: String,
    ) -> PrintRow {
        PrintRow {
            puzzle: puzzle.to_line(),
            solution: solution.to_line(),
            band: band.map(str::to_string),
            rating: rating.map(str::to_string),
            id: id.map(str::to_string),
            source,
        }
    }
}

#[cfg(test)]
mod book_tests {
    use super::*;

    #[test]
    fn a_book_row_is_its_book_columns_then_the_rows_own() {
        let grid = Grid::parse_line(&".".repeat(81)).unwrap();
        let row = PrintRow::new(&grid, &grid, Some("easy"), None, None, "a.txt:3".to_string());
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize((BookColumns::new(7, "Easy", 4, None), row)).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        let (header, line) = text.split_once('\n').unwrap();
        assert_eq!(header, [BOOK_COLUMNS, PRINT_CSV_COLUMNS].concat().join(","));
        let dots = ".".repeat(81);
        assert_eq!(line, format!("7,Easy,4,,{dots},{dots},easy,,,a.txt:3\n"));
        assert!(generate_book_csv_header().starts_with("number,section,page,answer_page,id,seed,"));
    }
}
