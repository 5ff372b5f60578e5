//! `book`: what makes a book of generated puzzles beside the book itself
//! (which `sudoku-print` lays out): the order its puzzles are printed in,
//! and the rows of its index, the CSV beside it (`book`, `generate -o
//! x.pdf --csv`, `print --csv`).

use serde::Serialize;
use sudoku_core::Grid;

use crate::choice::Named;
use crate::format::Format;
use crate::generate::generate_csv_header;

/// The formats `print` writes: books, and with `--each` single images.
pub const PRINT_FORMATS: &[Named<Format>] = &[
    (Format::Pdf, "pdf", "One PDF file"),
    (Format::Svg, "svg", "One SVG file per page (per puzzle with --each)"),
    (Format::Png, "png", "One PNG image per puzzle (--each only)"),
];

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
mod tests {
    use super::*;

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
