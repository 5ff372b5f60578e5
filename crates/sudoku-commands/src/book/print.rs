//! `print`: a book of the caller's puzzles (`sudoku print`, the Python
//! package's `print_book`). What a front end does between reading the
//! puzzles and rendering the book: the page options it was asked for as
//! [`PrintOptions`] ([`PageRequest`]), and the puzzles solved for the
//! answer key, classic ([`classic_items`]) or in sections of one variant
//! each ([`variant_item`], [`variant_sections`]), ready for
//! `sudoku-print`'s renderers.
//!
//! Architecture invariant: the same puzzles and page options give the same
//! items and options in every front end, so `sudoku print` and
//! `sudoku.print_book` write byte-identical books.

use rayon::prelude::*;
use sudoku_core::Grid;
use sudoku_print::variant::{variant_name, VariantItem, VariantSection};
use sudoku_print::{ItemMeta, OptionsError, PerPage, PrintItem, PrintOptions, Trim};
use sudoku_variant::Puzzle;

use crate::choice::{Choice, Named};
use crate::variant::{unique_solution, NotUnique};

/// The page options of a book as a front end takes them (flags, keyword
/// arguments): `None` is the default, which [`PageRequest::options`]
/// fills in.
#[derive(Debug, Clone, PartialEq)]
pub struct PageRequest {
    /// The trim size [default: A4].
    pub trim: Option<Trim>,
    /// Add 0.125 in of bleed on the outer edges of every page.
    pub bleed: bool,
    /// Puzzles a page [default: [`PerPage::default_for`] the trim].
    pub per_page: Option<PerPage>,
    /// Large print: one puzzle a page, digits of 24 pt or more.
    pub large_print: bool,
    /// The book's title [default: [`sudoku_print::DEFAULT_TITLE`]].
    pub title: Option<String>,
    /// A line under the title on the title page.
    pub subtitle: Option<String>,
    /// The text of a copyright page after the title page.
    pub copyright: Option<String>,
    /// Pad the page count to a multiple of this, in
    /// [`PAGES_MULTIPLE_MIN`]`..=`[`PAGES_MULTIPLE_MAX`] [default: 2].
    pub pages_multiple: Option<u32>,
    /// End the book with the answer key.
    pub answers: bool,
    /// A line of text in every numbered page's footer.
    pub footer: Option<String>,
    /// The number of the first puzzle, at most [`MAX_START_NUMBER`]
    /// [default: 1].
    pub start_number: Option<u64>,
}

impl Default for PageRequest {
    /// Every option at its default: an A4 book titled `Sudoku`, with its
    /// answer key.
    fn default() -> PageRequest {
        PageRequest {
            trim: None,
            bleed: false,
            per_page: None,
            large_print: false,
            title: None,
            subtitle: None,
            copyright: None,
            pages_multiple: None,
            answers: true,
            footer: None,
            start_number: None,
        }
    }
}

impl PageRequest {
    /// The print options asked for (`provenance`, what made the set, ends
    /// the copyright page), refused when they would not make a usable
    /// book ([`PrintOptions::check`]).
    pub fn options(&self, provenance: Option<String>) -> Result<PrintOptions, OptionsError> {
        let opts = self.options_unchecked(provenance);
        opts.check()?;
        Ok(opts)
    }

    /// The print options asked for, the defaults filled in, unchecked.
    pub fn options_unchecked(&self, provenance: Option<String>) -> PrintOptions {
        let trim = self.trim.unwrap_or_default();
        PrintOptions {
            trim,
            bleed: self.bleed,
            per_page: self.per_page.unwrap_or(PerPage::default_for(trim)),
            large_print: self.large_print,
            title: self.title.clone().unwrap_or_else(|| sudoku_print::DEFAULT_TITLE.to_string()),
            subtitle: self.subtitle.clone(),
            copyright: self.copyright.clone(),
            pages_multiple: self.pages_multiple.unwrap_or(2) as usize,
            answers: self.answers,
            start_number: self.start_number.unwrap_or(1),
            provenance,
            footer: self.footer.clone(),
        }
    }
}

/// The least [`PageRequest::pages_multiple`]: an even page count.
pub const PAGES_MULTIPLE_MIN: u32 = 2;

/// The largest [`PageRequest::pages_multiple`].
pub const PAGES_MULTIPLE_MAX: u32 = 64;

/// The largest [`PageRequest::start_number`]: far beyond any book, and far
/// from `u64::MAX`, where numbers would saturate and repeat.
pub const MAX_START_NUMBER: u64 = 1_000_000_000_000_000;

impl Choice for PerPage {
    /// By the number of puzzles: `1`, `2`, `4`, `6`.
    const CHOICES: &'static [Named<PerPage>] = &[
        (PerPage::One, "1", "One large puzzle per page"),
        (PerPage::Two, "2", "Two puzzles, one above the other"),
        (PerPage::Four, "4", "Four puzzles, two by two"),
        (PerPage::Six, "6", "Six puzzles, two across and three down"),
    ];
}

/// The classic puzzles of a book, each with its answer key
/// ([`classic_items`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassicItems {
    /// The items, in input order.
    pub items: Vec<PrintItem>,
    /// The indices of the puzzles with more than one solution: the key
    /// shows the first (a front end warns of them).
    pub several: Vec<usize>,
}

/// Puzzles of a book without a solution, so without an answer key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no solution")]
pub struct Unsolvable {
    /// Their indices, in input order (at least one).
    pub indices: Vec<usize>,
}

/// Each classic puzzle solved for the answer key (on the current rayon
/// pool), with what the input said of it (`meta`), in input order; the key
/// shows a puzzle's first solution, as `sudoku solve` finds it.
///
/// # Errors
/// [`Unsolvable`], naming every puzzle without a solution.
pub fn classic_items(puzzles: Vec<(Grid, ItemMeta)>) -> Result<ClassicItems, Unsolvable> {
    // The first two solutions: the key shows the first, a second one is
    // worth a warning.
    let solved: Vec<(Option<Grid>, bool)> = puzzles
        .par_iter()
        .map(|(puzzle, _)| {
            let mut solutions = puzzle.solutions();
            let first = solutions.next();
            let several = first.is_some() && solutions.next().is_some();
            (first, several)
        })
        .collect();
    let indices: Vec<usize> =
        solved.iter().enumerate().filter(|(_, s)| s.0.is_none()).map(|(i, _)| i).collect();
    if !indices.is_empty() {
        return Err(Unsolvable { indices });
    }
    let several = solved.iter().enumerate().filter(|(_, s)| s.1).map(|(i, _)| i).collect();
    let items = puzzles
        .into_iter()
        .zip(solved)
        .filter_map(|((puzzle, meta), (solution, _))| Some(PrintItem { puzzle, solution: solution?, meta }))
        .collect();
    Ok(ClassicItems { items, several })
}

/// The puzzles that repeat an earlier one up to symmetry and relabelling
/// (a book should not print one puzzle twice, even in disguise): pairs of
/// the index and the index of its first occurrence, in input order.
pub fn repeats<'a>(puzzles: impl IntoIterator<Item = &'a Grid>) -> Vec<(usize, usize)> {
    let mut first_of = std::collections::HashMap::new();
    let mut canon = sudoku_canon::Canonicalizer::new();
    let mut out = Vec::new();
    for (i, puzzle) in puzzles.into_iter().enumerate() {
        let first_idx = *first_of.entry(canon.canonical(puzzle).0).or_insert(i);
        if first_idx != i {
            out.push((i, first_idx));
        }
    }
    out
}

/// A variant puzzle with its answer key, and what the input said of it
/// (`meta`: band, rating and id).
///
/// # Errors
/// [`NotUnique`]: a variant book's key needs exactly one solution.
pub fn variant_item(puzzle: Puzzle, meta: ItemMeta) -> Result<VariantItem, NotUnique> {
    let solution = unique_solution(&puzzle)?;
    Ok(VariantItem { puzzle, solution, meta })
}

/// The sections of a variant book: each run of consecutive items of one
/// variant ([`variant_name`]) is a section, its rules printed once.
pub fn variant_sections(items: impl IntoIterator<Item = VariantItem>) -> Vec<VariantSection> {
    let mut sections: Vec<VariantSection> = Vec::new();
    for item in items {
        let name = variant_name(&item.puzzle);
        match sections.last_mut() {
            Some(section) if section.name == name => section.items.push(item),
            _ => sections.push(VariantSection::new(name, vec![item])),
        }
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defaults are the CLI's: A4, four a page, titled `Sudoku`, pages
    /// padded to an even count, numbered from 1, with the answer key.
    #[test]
    fn the_default_request_is_an_a4_book_with_its_key() {
        let opts = PageRequest::default().options(None).unwrap();
        assert_eq!(opts, PrintOptions::default());
        let small = PageRequest { trim: Some("6x9".parse().unwrap()), ..PageRequest::default() };
        assert_eq!(small.options(None).unwrap().per_page, PerPage::Two);
        let rtl = PageRequest { footer: Some("שלום".into()), ..PageRequest::default() };
        assert!(matches!(rtl.options(None), Err(OptionsError::RightToLeft { .. })));
    }

    #[test]
    fn unsolvable_puzzles_are_all_named_and_several_solutions_are_counted() {
        let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let unique = Grid::parse_line(line).unwrap();
        let empty = Grid::parse_line(&".".repeat(81)).unwrap();
        // fixtures/unsolvable.txt's first puzzle.
        let none = "1.......8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let none = Grid::parse_line(none).unwrap();
        let meta = ItemMeta::default();
        let got = classic_items(vec![(unique, meta.clone()), (empty, meta.clone())]).unwrap();
        assert_eq!((got.items.len(), got.several), (2, vec![1]));
        assert_eq!(got.items[0].solution.n_clues(), 81);
        let err = classic_items(vec![(unique, meta.clone()), (none, meta.clone()), (none, meta)]);
        assert_eq!(err, Err(Unsolvable { indices: vec![1, 2] }));
    }

    #[test]
    fn a_relabelled_puzzle_repeats_the_first() {
        let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let a = Grid::parse_line(line).unwrap();
        let relabelled: String = line
            .chars()
            .map(|c| {
                if c == '4' {
                    '9'
                } else if c == '9' {
                    '4'
                } else {
                    c
                }
            })
            .collect();
        let b = Grid::parse_line(&relabelled).unwrap();
        assert_eq!(repeats([&a, &b, &a]), [(1, 0), (2, 0)]);
    }

    #[test]
    fn consecutive_puzzles_of_one_variant_share_a_section() {
        let six = |line: &str| variant_item(Puzzle::parse_line(line, Some(4)).unwrap(), ItemMeta::default());
        let item = six("1234341221434321").unwrap();
        let sections = variant_sections(vec![item.clone(), item]);
        assert_eq!(sections.len(), 1);
        assert_eq!(sections[0].items.len(), 2);
        assert_eq!(six(&".".repeat(16)), Err(NotUnique::Many));
    }
}
