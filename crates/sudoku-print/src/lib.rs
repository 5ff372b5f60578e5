//! # sudoku-print
//!
//! Printable puzzle books: the page model and its two renderers.
//!
//! A book is a list of [`PrintItem`]s (a puzzle, its solution and what is
//! known about it) and a [`PrintOptions`] (paper, puzzles per page, title,
//! answer key, numbering). [`layout`] turns them into [`layout::Sheet`]s,
//! a list of positioned grids and text runs per page, in points from the
//! top-left corner. The renderers only draw that list:
//!
//! - [`render_pdf`]: one print-ready PDF. The one font, DejaVu Sans, is
//!   embedded as a subset holding only the glyphs the book uses, with a
//!   `ToUnicode` map so text stays searchable. No timestamps, no random ids:
//!   the same items and options give the same bytes.
//! - [`render_svg`]: one SVG document per page, same layout; text names the
//!   DejaVu Sans family and falls back to the viewer's sans-serif face.
//!
//! Architecture invariant: nothing here knows about command-line arguments,
//! files or solving. Callers (`sudoku print`, `sudoku generate`, `sudoku book`) build
//! the items, solutions included.

pub mod cover;
mod font;
pub mod layout;
pub mod marks;
pub mod pdf;
mod plan;
pub mod png;
pub mod svg;
pub mod trim;
pub mod variant;

pub use cover::{CoverOptions, PaperStock};
pub use layout::{index, BookIndex, Placement};
pub use pdf::render_cover_pdf;
pub use pdf::render_pdf;
pub use png::{svg_to_png, PngError};
pub use svg::render_svg;
pub use trim::{Trim, TrimError};

use sudoku_core::Grid;

/// One puzzle of a book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintItem {
    /// The givens.
    pub puzzle: Grid,
    /// The solution shown in the answer key.
    pub solution: Grid,
    /// What is known about the puzzle besides its cells.
    pub meta: ItemMeta,
}

/// Optional facts about a puzzle, printed beside it when present.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemMeta {
    /// The difficulty band, e.g. `medium`.
    pub band: Option<String>,
    /// The numeric rating, as text (printed as given), e.g. `3.4`.
    pub rating: Option<String>,
    /// An identifier that finds or regenerates the puzzle, e.g. a seed.
    pub id: Option<String>,
    /// The section of the book the puzzle is in, e.g. `Medium`: a run of
    /// puzzles with the same section starts on a new page and names it in
    /// its running heads and in the contents.
    pub section: Option<String>,
}

impl ItemMeta {
    /// The metadata of one CSV row, by column name (case-insensitive):
    /// `band` (or `difficulty`), `rating` (or `score`), `id` (or, when
    /// there is no `id` column, `seed`) and `section`. Missing columns and empty fields
    /// give `None`; other columns are ignored.
    pub fn from_fields(fields: &[(String, String)]) -> ItemMeta {
        let find = |names: &[&str]| -> Option<String> {
            names.iter().find_map(|name| {
                let (_, value) = fields.iter().find(|(h, _)| h.trim().eq_ignore_ascii_case(name))?;
                let value = value.trim();
                (!value.is_empty()).then(|| value.to_string())
            })
        };
        ItemMeta {
            band: find(&["band", "difficulty"]),
            rating: find(&["rating", "score"]),
            id: find(&["id"]).or_else(|| find(&["seed"])),
            section: find(&["section"]),
        }
    }
}

/// How many puzzles share a page: 1 (large print), 2, 4 or 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PerPage {
    /// One large puzzle per page.
    One,
    /// Two puzzles, one above the other.
    Two,
    /// Four puzzles, two by two.
    Four,
    /// Six puzzles, two across and three down.
    Six,
}

impl PerPage {
    /// The default for a `trim`: four grids a page, two on trims narrower
    /// than 7 in (four would be too small to write in).
    pub fn default_for(trim: Trim) -> PerPage {
        if trim.width < 7.0 * 72.0 {
            PerPage::Two
        } else {
            PerPage::Four
        }
    }

    /// Columns and rows of puzzles on a page.
    pub fn columns_rows(self) -> (usize, usize) {
        match self {
            PerPage::One => (1, 1),
            PerPage::Two => (1, 2),
            PerPage::Four => (2, 2),
            PerPage::Six => (2, 3),
        }
    }
}

/// How a book looks.
#[derive(Debug, Clone, PartialEq)]
pub struct PrintOptions {
    /// The trim size: the finished page.
    pub trim: Trim,
    /// Add 0.125 in of bleed on the outer edges of every page.
    pub bleed: bool,
    /// Puzzles per page.
    pub per_page: PerPage,
    /// Large print: one puzzle a page, digits of at least
    /// [`layout::LARGE_PRINT_DIGIT`] points.
    pub large_print: bool,
    /// The book's title: on the title page, in running heads and in the
    /// PDF's metadata.
    pub title: String,
    /// A line under the title on the title page.
    pub subtitle: Option<String>,
    /// The text of a copyright page after the title page.
    pub copyright: Option<String>,
    /// The page count is padded with blank pages to a multiple of this
    /// (at least 2: an even count; 4 for saddle-stitched booklets).
    pub pages_multiple: usize,
    /// Whether to end with the answer key.
    pub answers: bool,
    /// The number of the first puzzle; the others follow.
    pub start_number: u64,
    /// What made the set (e.g. `Puzzles: seed 42, medium`): the last
    /// paragraph of the copyright page, when the book has one. No page
    /// shows it otherwise.
    pub provenance: Option<String>,
    /// A line of text in the middle of every numbered page's footer, beside
    /// the page number.
    pub footer: Option<String>,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            trim: Trim::A4,
            bleed: false,
            per_page: PerPage::Four,
            large_print: false,
            title: DEFAULT_TITLE.to_string(),
            subtitle: None,
            copyright: None,
            pages_multiple: 2,
            answers: true,
            start_number: 1,
            provenance: None,
            footer: None,
        }
    }
}

/// Why options cannot make a readable book.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// Large-print digits would not fit their cells.
    #[error("large print needs cells of {need:.0} pt or more for its 24 pt digits; a {trim} page gives {got:.0} pt: choose a larger trim")]
    LargePrintTooSmall {
        /// The trim size.
        trim: Trim,
        /// The cell side it gives.
        got: f32,
        /// The least cell side.
        need: f32,
    },
    /// The grids would be too small to write in.
    #[error(
        "{} a page on a {trim} page {} cells of {got:.1} pt, too small to write in (at least {need:.0} pt): \
         fewer a page or a larger trim",
        puzzles(*per_page),
        if *per_page == 1 { "makes" } else { "make" }
    )]
    GridTooSmall {
        /// Puzzles a page.
        per_page: usize,
        /// The trim size.
        trim: Trim,
        /// The cell side it gives.
        got: f32,
        /// The least cell side.
        need: f32,
    },
    /// A text holds a right-to-left character: books lay text out left to
    /// right with one font and no shaping, so Hebrew or Arabic would print
    /// reversed and unjoined.
    #[error(
        "the {field} holds right-to-left text ({ch:?}, U+{:04X}, character {}): books print \
         left-to-right text only (no bidirectional layout or shaping), so it would come out reversed",
        u32::from(*ch),
        char_idx + 1
    )]
    RightToLeft {
        /// Which text.
        field: TextField,
        /// The first right-to-left character.
        ch: char,
        /// Its index in the text, in characters from 0.
        char_idx: usize,
    },
}

/// `1 puzzle`, `4 puzzles`.
fn puzzles(n: usize) -> String {
    format!("{n} {}", if n == 1 { "puzzle" } else { "puzzles" })
}

/// A text of the book that is set on its pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum TextField {
    /// [`PrintOptions::title`].
    Title,
    /// [`PrintOptions::subtitle`].
    Subtitle,
    /// [`PrintOptions::copyright`].
    Copyright,
    /// [`PrintOptions::footer`].
    Footer,
    /// A puzzle's [`ItemMeta::section`].
    Section,
}

impl TextField {
    /// The field's name, lowercase: `title`, `footer`, `section`.
    pub fn name(self) -> &'static str {
        match self {
            TextField::Title => "title",
            TextField::Subtitle => "subtitle",
            TextField::Copyright => "copyright",
            TextField::Footer => "footer",
            TextField::Section => "section",
        }
    }
}

impl std::fmt::Display for TextField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether `c` belongs to a right-to-left script (Hebrew, Arabic, Syriac,
/// Thaana, N'Ko and the rest of U+0590–U+08FF, their presentation forms,
/// the right-to-left blocks past U+FFFF) or is a right-to-left mark or
/// override.
pub fn is_right_to_left(c: char) -> bool {
    matches!(
        c,
        '\u{0590}'..='\u{08FF}'
            | '\u{FB1D}'..='\u{FDFF}'
            | '\u{FE70}'..='\u{FEFF}'
            | '\u{10800}'..='\u{10FFF}'
            | '\u{1E800}'..='\u{1EFFF}'
            | '\u{200F}'
            | '\u{202B}'
            | '\u{202E}'
            | '\u{2067}'
    ) && c != '\u{FEFF}'
}

/// The first right-to-left character of `text` ([`is_right_to_left`]), as
/// [`OptionsError::RightToLeft`] of `field`.
fn check_left_to_right(field: TextField, text: &str) -> Result<(), OptionsError> {
    match text.chars().enumerate().find(|&(_, c)| is_right_to_left(c)) {
        Some((i, ch)) => Err(OptionsError::RightToLeft { field, ch, char_idx: i }),
        None => Ok(()),
    }
}

/// Checks the section names of `items` as [`PrintOptions::check`] checks
/// the book's texts: books set left-to-right text only.
///
/// # Errors
/// [`OptionsError::RightToLeft`] for the first section name with
/// right-to-left text.
pub fn check_sections(items: &[PrintItem]) -> Result<(), OptionsError> {
    items
        .iter()
        .filter_map(|i| i.meta.section.as_deref())
        .try_for_each(|s| check_left_to_right(TextField::Section, s))
}

/// The least cell of a puzzle grid: 10 pt, about 3.5 mm.
pub const MIN_CELL: f32 = 10.0;

impl PrintOptions {
    /// Whether these options make a book a person can use: large-print
    /// digits fit their cells, grids are not too small to write in, and
    /// the texts are left-to-right ([`OptionsError::RightToLeft`]).
    pub fn check(&self) -> Result<(), OptionsError> {
        check_left_to_right(TextField::Title, &self.title)?;
        let texts = [
            (TextField::Subtitle, &self.subtitle),
            (TextField::Copyright, &self.copyright),
            (TextField::Footer, &self.footer),
        ];
        for (field, text) in texts {
            if let Some(text) = text {
                check_left_to_right(field, text)?;
            }
        }
        let got = layout::puzzle_cell(self);
        if self.large_print && got < layout::LARGE_PRINT_DIGIT * 1.1 {
            return Err(OptionsError::LargePrintTooSmall {
                trim: self.trim,
                got,
                need: layout::LARGE_PRINT_DIGIT * 1.1,
            });
        }
        if got < MIN_CELL {
            return Err(OptionsError::GridTooSmall {
                per_page: self.puzzles_per_page(),
                trim: self.trim,
                got,
                need: MIN_CELL,
            });
        }
        Ok(())
    }

    /// The page layout of puzzles: one a page in large print.
    pub fn per_page(&self) -> PerPage {
        if self.large_print {
            PerPage::One
        } else {
            self.per_page
        }
    }

    /// How many puzzles a puzzle page holds.
    pub fn puzzles_per_page(&self) -> usize {
        let (cols, rows) = self.per_page().columns_rows();
        cols * rows
    }
}

/// One image of [`images`]: a puzzle or its solution, drawn alone.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    /// The puzzle's number (from [`PrintOptions::start_number`]).
    pub number: u64,
    /// Whether it shows the solution.
    pub answer: bool,
    /// The image as an SVG document, sized in points.
    pub svg: String,
}

/// Each puzzle as an image of its own (and, with `answers`, each
/// solution, after its puzzle), for newspapers and web pages.
pub fn images(items: &[PrintItem], opts: &PrintOptions, answers: bool) -> Vec<Image> {
    let mut out = Vec::with_capacity(items.len() * (1 + usize::from(answers)));
    for (i, item) in items.iter().enumerate() {
        let number = opts.start_number.saturating_add(i as u64);
        for answer in [false, true] {
            if answer && !answers {
                continue;
            }
            let kind = if answer { "Solution" } else { "Puzzle" };
            let svg = svg::render_sheet(&layout::single(item, answer), &format!("{kind} {number}"));
            out.push(Image { number, answer, svg });
        }
    }
    out
}

/// The order in which a book of graded puzzles prints `items`: each
/// section (a run of items with the same [`ItemMeta::section`]; the whole
/// list without sections) from the lowest [`ItemMeta::rating`] to the
/// highest. Ties, and ratings that are not numbers, keep their order.
/// Returns item indices: `items[order[0]]` is printed first.
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_print::{easiest_first, ItemMeta, PrintItem};
///
/// let puzzle = Grid::parse_line(&".".repeat(81)).unwrap();
/// let item = |rating: &str| PrintItem {
///     puzzle,
///     solution: puzzle,
///     meta: ItemMeta { rating: Some(rating.to_string()), ..ItemMeta::default() },
/// };
/// assert_eq!(easiest_first(&[item("3.4"), item("1.2"), item("2.0")]), [1, 2, 0]);
/// ```
pub fn easiest_first(items: &[PrintItem]) -> Vec<usize> {
    let rating = |item_idx: usize| items[item_idx].meta.rating.as_deref().and_then(|r| r.parse::<f64>().ok());
    let mut order: Vec<usize> = (0..items.len()).collect();
    let mut first = 0;
    while first < items.len() {
        let section = &items[first].meta.section;
        let n = items[first..].iter().take_while(|i| &i.meta.section == section).count();
        order[first..first + n]
            .sort_by(|&a, &b| rating(a).partial_cmp(&rating(b)).unwrap_or(std::cmp::Ordering::Equal));
        first += n;
    }
    order
}

/// The title when none is given.
pub const DEFAULT_TITLE: &str = "Sudoku";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_metadata_is_found_by_column_name_and_empty_fields_are_absent() {
        let pairs = |kv: &[(&str, &str)]| -> Vec<(String, String)> {
            kv.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
        };
        let meta = ItemMeta::from_fields(&pairs(&[("Band", "medium"), ("rating", ""), ("seed", "42")]));
        assert_eq!(meta.band.as_deref(), Some("medium"));
        assert_eq!(meta.rating, None);
        assert_eq!(meta.id.as_deref(), Some("42"));
        let meta = ItemMeta::from_fields(&pairs(&[("id", "x7"), ("seed", "42")]));
        assert_eq!(meta.id.as_deref(), Some("x7"));
        assert_eq!(ItemMeta::from_fields(&[]), ItemMeta::default());
    }
}
