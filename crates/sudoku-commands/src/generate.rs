//! `generate`: puzzle *i* of a seed under a filter (a band, a technique, a
//! clue pattern), graded when asked ([`sets`]), and the rows a generated
//! set is written as. `sudoku generate`, `sudoku book` and the Python
//! package make their puzzles here, so they make the same ones.

mod sets;

use serde::Serialize;

use crate::choice::Named;
use crate::format::Format;
use crate::grade::rating_text;

pub use sets::{
    chunks, index_range, make_range, Chunks, Distinct, Filter, IndexRangeError, Made, MakeError, Maker,
    DEFAULT_PATTERN_TRIES, DEFAULT_TIME_LIMIT, DEFAULT_TRIES,
};

/// The formats `generate` writes.
pub const FORMATS: &[Named<Format>] = &[
    (Format::Line, "line", "One puzzle per line"),
    (Format::Block, "block", "A readable block per puzzle"),
    (Format::Csv, "csv", "CSV with a header row"),
    (Format::Json, "json", "JSON Lines"),
    (Format::Pdf, "pdf", "A printable PDF book with an answer key"),
    (Format::Svg, "svg", "The book as one SVG file per page"),
];

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

impl GenerateRow<String> {
    /// The CSV row of puzzle `index` of `seed`: ratings as text.
    pub fn csv(seed: u64, index: u64, m: &Made) -> GenerateRow<String> {
        GenerateRow::new(seed, index, m, rating_text)
    }
}

impl GenerateRow<f64> {
    /// The JSON row of puzzle `index` of `seed`: ratings as numbers.
    pub fn json(seed: u64, index: u64, m: &Made) -> GenerateRow<f64> {
        GenerateRow::new(seed, index, m, |r| r)
    }
}
