//! Variant puzzles on paper: killer cages, jigsaw regions, X diagonals,
//! windoku windows, sizes 4–25 and the samurai, in books with a rules
//! paragraph per section and an answer key, on single pages and as
//! images.
//!
//! The puzzles are [`sudoku_variant::Puzzle`]s. A grid is drawn with the
//! sheet's free [`marks`](crate::marks): shaded diagonals and
//! windows, thin cell lines, thick box and region borders, dashed cage
//! outlines inset inside the cells with each sum in the corner of the
//! cage's first cell, and the digits (`A`–`P` for 10–25). An answer is
//! drawn in the puzzle's own frame, its givens bold and the solved cells
//! regular and grey.
//!
//! - [`variant_book`] (and [`render_variant_pdf`], [`render_variant_svg`],
//!   [`variant_index`]): a book of [`VariantSection`]s, laid out like the
//!   classic book (title, contents, sections, answers, padding);
//!   [`check_variant_book`] refuses what would not be usable.
//! - [`variant_page`] and [`render_variant_page`]: one puzzle or its
//!   answer on a page of its own, the rules under the title.
//! - [`variant_image`] and [`variant_images`]: the grid alone, for
//!   `--each images`.
//! - [`rules_text`] and [`variant_name`]: the words for a puzzle's rules.
//!
//! ```
//! use sudoku_print::variant::{render_variant_page, rules_text};
//! use sudoku_print::PrintOptions;
//! use sudoku_variant::Puzzle;
//!
//! let killer = Puzzle::from_json(
//!     r#"{"size":4,"cages":[{"sum":3,"cells":["r1c1","r1c2"]}],"givens":"...4............"}"#,
//! )?.puzzle;
//! assert!(rules_text(&killer).contains("cage"));
//! let pdf = render_variant_page(&killer, None, &PrintOptions::default());
//! assert!(pdf.starts_with(b"%PDF"));
//! # Ok::<(), sudoku_variant::VariantError>(())
//! ```

mod book;
mod frame;

pub use book::{
    check_variant_book, render_variant_page, render_variant_pdf, render_variant_svg, variant_book,
    variant_image, variant_images, variant_index, variant_page, VariantItem, VariantSection,
};
pub use sudoku_variant::{rules_text, variant_name};

#[cfg(test)]
mod tests;
