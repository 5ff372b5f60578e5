//! `book`: what makes a book of generated puzzles beside the book itself
//! (which `sudoku-print` lays out): the order its puzzles are printed in,
//! and the rows of its index, the CSV beside it (`book`, `generate -o
//! x.pdf --csv`, `print --csv`).

use serde::Serialize;
use sudoku_core::Grid;
use sudoku_gen::{Pattern, Symmetry};
use sudoku_grade::{Band, Technique};
use sudoku_print::{ItemMeta, PrintItem};

use crate::choice::Named;
use crate::format::Format;
use crate::generate::{generate_csv_header, GenerateRequest, Made};
use crate::grade::rating_text;

pub mod print;
pub mod sections;

/// The formats `print` writes: books, and with `--each` single images.
pub const PRINT_FORMATS: &[Named<Format>] = &[
    (Format::Pdf, "pdf", "One PDF file"),
    (Format::Svg, "svg", "One SVG file per page (per puzzle with --each)"),
    (Format::Png, "png", "One PNG image per puzzle (--each only)"),
];

/// The seed of the default book, so that `sudoku book` always makes the
/// same book.
pub const BOOK_SEED: u64 = 2024;

/// The puzzles of the default book.
pub const BOOK_SIZE: u64 = 24;

/// The band of the default book.
pub const BOOK_BAND: Band = Band::Medium;

/// A request of `book`: a book of graded puzzles on the book's defaults
/// ([`BOOK_SEED`], [`BOOK_SIZE`], [`BOOK_BAND`]).
#[derive(Debug, Clone, PartialEq)]
pub struct BookRequest {
    /// How many puzzles (at least 1), without sections.
    pub number: u64,
    /// The seed of the set.
    pub seed: u64,
    /// The band of every puzzle, without sections.
    pub difficulty: Band,
    /// Sections by band, in order (instead of `number` and `difficulty`).
    pub sections: Vec<(Band, u64)>,
    /// Give exactly these cells.
    pub pattern: Option<Pattern>,
    /// Keep only puzzles whose hardest step is this technique.
    pub technique: Option<Technique>,
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Keep only puzzles solved without trial ([`crate::generate::Filter::no_trial`]).
    pub no_trial: bool,
    /// Keep only puzzles whose spike is at most this many tenths.
    pub max_spike: Option<u8>,
}

impl Default for BookRequest {
    fn default() -> BookRequest {
        BookRequest {
            number: BOOK_SIZE,
            seed: BOOK_SEED,
            difficulty: BOOK_BAND,
            sections: Vec::new(),
            pattern: None,
            technique: None,
            symmetry: Symmetry::None,
            no_trial: false,
            max_spike: None,
        }
    }
}

/// A book that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// No puzzle asked for.
    #[error("a book needs at least one puzzle (-n 1 or more)")]
    Empty,
}

impl BookRequest {
    /// The set the book is made of: graded puzzles from index 0, distinct
    /// (a book's default), in the book's band or sections.
    pub fn set(&self) -> Result<GenerateRequest, BookError> {
        if self.number == 0 {
            return Err(BookError::Empty);
        }
        Ok(GenerateRequest {
            symmetry: self.symmetry,
            difficulty: self.sections.is_empty().then_some(self.difficulty),
            sections: self.sections.clone(),
            pattern: self.pattern,
            technique: self.technique,
            no_trial: self.no_trial,
            max_spike: self.max_spike,
            grade: true,
            ..GenerateRequest::new(self.seed, self.number)
        })
    }
}

/// Book order: the indices of `keys` (each puzzle's section and rating),
/// each run of one section from the easiest puzzle to the hardest, ties in
/// input order. Ratings compare as printed, in tenths; a puzzle without a
/// rating comes first.
pub fn easiest_first<S: PartialEq>(keys: &[(S, Option<f64>)]) -> Vec<usize> {
    let tenths = |item_idx: usize| keys[item_idx].1.map(|r| (r * 10.0).round() as i64);
    let mut order: Vec<usize> = (0..keys.len()).collect();
    let mut first = 0;
    while first < keys.len() {
        let section = &keys[first].0;
        let n = keys[first..].iter().take_while(|(s, _)| s == section).count();
        order[first..first + n].sort_by_key(|&item_idx| tenths(item_idx));
        first += n;
    }
    order
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

/// Puzzle `index` of a generated set as a book prints it: its band,
/// rating, id (`seed-index`) and section beside it.
pub fn print_item(request: &GenerateRequest, index: u64, m: &Made) -> PrintItem {
    let meta = ItemMeta {
        band: m.grade.as_ref().map(|g| g.band.name().to_string()),
        rating: m.grade.as_ref().map(|g| rating_text(g.rating)),
        id: Some(format!("{}-{index}", request.seed)),
        section: request.section_at(index),
    };
    PrintItem { puzzle: m.puzzle.givens, solution: m.puzzle.solution, meta }
}

/// A book's index as CSV: each puzzle's [`BookColumns`] (in book order),
/// then its own row; a book without puzzles is `empty_header` alone.
pub fn book_csv<R: Serialize>(
    columns: impl IntoIterator<Item = BookColumns>,
    rows: &[R],
    empty_header: &str,
) -> Result<Vec<u8>, csv::Error> {
    if rows.is_empty() {
        return Ok(empty_header.as_bytes().to_vec());
    }
    let mut w = csv::Writer::from_writer(Vec::with_capacity(rows.len() * 256));
    for (c, row) in columns.into_iter().zip(rows) {
        w.serialize((c, row))?;
    }
    w.into_inner().map_err(|e| csv::Error::from(e.into_error()))
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
    /// The row of `puzzle`, printed with `solution` in the key, with the
    /// band, rating and id the input gave (`meta`).
    pub fn new(puzzle: &Grid, solution: &Grid, meta: &ItemMeta, source: String) -> PrintRow {
        PrintRow {
            puzzle: puzzle.to_line(),
            solution: solution.to_line(),
            band: meta.band.clone(),
            rating: meta.rating.clone(),
            id: meta.id.clone(),
            source,
        }
    }
}

/// Column names of `sudoku print --csv` on variant puzzles after
/// [`BOOK_COLUMNS`], in order: [`PRINT_CSV_COLUMNS`] after the variant.
pub const VARIANT_PRINT_CSV_COLUMNS: &[&str] =
    &["variant", "size", "puzzle", "solution", "band", "rating", "id", "source"];

/// One variant puzzle of `sudoku print --csv` (after its [`BookColumns`]):
/// its variant (`killer`, `x`, `classic` ...) and size, the puzzle (its givens line where
/// that and the variant say everything, else its JSON form), the solution
/// line, what the input said of its band, rating and id, and where it was
/// read (`FILE:LINE`).
#[derive(Debug, Clone, Serialize)]
pub struct VariantPrintRow {
    variant: String,
    size: usize,
    puzzle: String,
    solution: String,
    band: Option<String>,
    rating: Option<String>,
    id: Option<String>,
    source: String,
}

impl VariantPrintRow {
    /// The row of `puzzle`, printed with `solution` (a digit per canvas
    /// position) in the key, with the band, rating and id the input gave
    /// (`meta`).
    pub fn new(
        puzzle: &sudoku_variant::Puzzle,
        solution: &[u8],
        meta: &ItemMeta,
        source: String,
    ) -> VariantPrintRow {
        VariantPrintRow {
            variant: puzzle.variant_name(),
            size: puzzle.size(),
            puzzle: crate::variant::puzzle_text(puzzle),
            solution: sudoku_variant::format_digits(solution),
            band: meta.band.clone(),
            rating: meta.rating.clone(),
            id: meta.id.clone(),
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default book is 24 graded medium puzzles of seed 2024; an empty
    /// one is refused.
    #[test]
    fn the_default_book_is_24_graded_medium_puzzles() {
        let set = BookRequest::default().set().unwrap();
        assert_eq!(
            (set.seed, set.n_puzzles(), set.band_at(23), set.grade),
            (2024, Some(24), Some(Band::Medium), true)
        );
        assert!(set.is_distinct(crate::Format::Pdf));
        let sections =
            BookRequest { sections: vec![(Band::Easy, 2), (Band::Hard, 3)], ..BookRequest::default() };
        let set = sections.set().unwrap();
        assert_eq!((set.difficulty, set.n_puzzles(), set.band_at(4)), (None, Some(5), Some(Band::Hard)));
        assert_eq!(BookRequest { number: 0, ..BookRequest::default() }.set(), Err(BookError::Empty));
    }

    /// Each section is sorted apart, by the rating as printed, ties and
    /// unrated puzzles kept in input order (unrated first).
    #[test]
    fn each_section_runs_from_the_easiest_puzzle() {
        let keys = [
            ("a", Some(3.4)),
            ("a", Some(1.2)),
            ("a", None),
            ("b", Some(9.0)),
            ("b", Some(2.0)),
            ("a", Some(1.0)),
        ];
        assert_eq!(easiest_first(&keys), [2, 1, 0, 4, 3, 5]);
        // 3.41 and 3.44 both print as 3.4: they keep their input order.
        assert_eq!(easiest_first(&[((), Some(3.44)), ((), Some(3.41)), ((), Some(2.0))]), [2, 0, 1]);
    }

    #[test]
    fn a_book_row_is_its_book_columns_then_the_rows_own() {
        let grid = Grid::parse_line(&".".repeat(81)).unwrap();
        let meta = ItemMeta { band: Some("easy".into()), ..ItemMeta::default() };
        let row = PrintRow::new(&grid, &grid, &meta, "a.txt:3".to_string());
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
