//! The wrap-around cover of a printed book: back, spine and front on one
//! sheet, with 0.125 in of bleed all round, as print-on-demand services
//! (KDP and the like) take it.
//!
//! ```text
//!  ┌ bleed ───────────────────────────────────────────────┐
//!  │ ┌──── back ────┐┌spine┐┌──── front ────┐             │
//!  │ │              ││  T  ││    TITLE      │             │
//!  │ │              ││  I  ││   subtitle    │             │
//!  │ │              ││  T  ││   ┌───────┐   │             │
//!  │ │              ││  L  ││   │ grid  │   │             │
//!  │ │              ││  E  ││   └───────┘   │             │
//!  │ └──────────────┘└─────┘└───────────────┘             │
//!  └──────────────────────────────────────────────────────┘
//! ```
//!
//! The spine's width is the page count times the paper's thickness; its
//! text is left out on books of 79 pages or fewer, whose spines are too
//! thin to print on.

use std::fmt;
use std::str::FromStr;

use sudoku_core::Grid;

use crate::font::Font;
use crate::layout::{Anchor, GridBox, GridContent, Sheet, TextRun};
use crate::trim::{Trim, BLEED, INCH, OUTSIDE_MARGIN};

/// The paper of the interior pages, which sets the spine's width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PaperStock {
    /// White paper: 0.002252 in a page.
    #[default]
    White,
    /// Cream paper: 0.0025 in a page.
    Cream,
}

impl PaperStock {
    /// The thickness of one page (one leaf side), in inches.
    pub fn inches_per_page(self) -> f32 {
        match self {
            PaperStock::White => 0.002252,
            PaperStock::Cream => 0.0025,
        }
    }
}

impl fmt::Display for PaperStock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PaperStock::White => "white",
            PaperStock::Cream => "cream",
        })
    }
}

impl FromStr for PaperStock {
    type Err = String;
    fn from_str(s: &str) -> Result<PaperStock, String> {
        match s.to_ascii_lowercase().as_str() {
            "white" => Ok(PaperStock::White),
            "cream" => Ok(PaperStock::Cream),
            _ => Err(format!("unknown paper stock {s:?}: expected white or cream")),
        }
    }
}

/// What a cover shows and for which book.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverOptions {
    /// The book's trim size.
    pub trim: Trim,
    /// The book's page count.
    pub pages: usize,
    /// Its paper.
    pub stock: PaperStock,
    /// The title, on the front and the spine.
    pub title: String,
    /// A line under the title on the front.
    pub subtitle: Option<String>,
}

/// The fewest pages a spine carries text on (print-on-demand services
/// refuse spine text on thinner books).
pub const SPINE_TEXT_MIN_PAGES: usize = 80;

/// The puzzle drawn on the front.
const FRONT_PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// The spine's width in points.
pub fn spine_width(pages: usize, stock: PaperStock) -> f32 {
    pages as f32 * stock.inches_per_page() * INCH
}

/// The cover as one sheet: bleed, back, spine, front, bleed across; bleed,
/// trim height, bleed down. Its trim box is the whole cover less bleed.
pub fn cover(opts: &CoverOptions) -> Sheet {
    let spine = spine_width(opts.pages, opts.stock);
    let (w, h) = (opts.trim.width, opts.trim.height);
    let width = 2.0 * BLEED + 2.0 * w + spine;
    let height = 2.0 * BLEED + h;
    let mut sheet = Sheet {
        width,
        height,
        trim: [BLEED, BLEED, width - BLEED, height - BLEED],
        grids: Vec::new(),
        texts: Vec::new(),
        vertical_texts: Vec::new(),
        marks: Vec::new(),
    };
    let font = Font::get();
    let title: String = opts.title.chars().filter(|c| !c.is_control()).collect();
    let title = title.trim();
    // The front panel, inside its margins.
    let front_left = BLEED + w + spine;
    let (left, right) = (front_left + OUTSIDE_MARGIN, front_left + w - OUTSIDE_MARGIN);
    let mid = (left + right) / 2.0;
    let mut y = BLEED + h * 0.22;
    for (text, size) in [(title, 34.0), (opts.subtitle.as_deref().unwrap_or_default(), 16.0)] {
        for line in crate::layout::wrap(text, size, right - left) {
            sheet.texts.push(TextRun { x: mid, y, size, gray: 0.0, anchor: Anchor::Middle, text: line });
            y += size * 1.3;
        }
        y += 10.0;
    }
    // A puzzle under the titles, as wide as half the panel.
    let side = ((right - left) * 0.6).min(BLEED + h - OUTSIDE_MARGIN - y - 20.0).max(0.0);
    if side >= INCH {
        let puzzle = Grid::parse_line(FRONT_PUZZLE).expect("the cover puzzle parses");
        let cell = (side / 9.0).floor();
        sheet.grids.push(GridBox {
            x: mid - cell * 4.5,
            y: (y + BLEED + h - OUTSIDE_MARGIN) / 2.0 - cell * 4.5,
            cell,
            min_digit: 0.0,
            content: GridContent::Puzzle(puzzle),
        });
    }
    // The spine: the title reading top to bottom, 0.0625 in clear of each
    // fold, centred.
    if opts.pages >= SPINE_TEXT_MIN_PAGES && !title.is_empty() {
        let size = ((spine - 0.125 * INCH) * 0.7).min(16.0);
        if size >= 5.0 {
            let text = font.fit(title, size, h - 2.0 * OUTSIDE_MARGIN);
            let x = BLEED + w + spine / 2.0 - 0.36 * size;
            sheet.vertical_texts.push(TextRun {
                x,
                y: BLEED + h / 2.0,
                size,
                gray: 0.0,
                anchor: Anchor::Middle,
                text,
            });
        }
    }
    sheet
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(pages: usize, stock: PaperStock) -> CoverOptions {
        CoverOptions { trim: Trim::inches(6.0, 9.0), pages, stock, title: "Sudoku".into(), subtitle: None }
    }

    #[test]
    fn the_cover_is_two_panels_a_spine_and_bleed() {
        // 200 white pages: a 0.4504 in spine; 12.7004 x 9.25 in in all.
        let sheet = cover(&opts(200, PaperStock::White));
        assert!((sheet.width / INCH - 12.7004).abs() < 1e-3, "{}", sheet.width / INCH);
        assert!((sheet.height / INCH - 9.25).abs() < 1e-4);
        assert!((spine_width(200, PaperStock::Cream) / INCH - 0.5).abs() < 1e-5);
        assert_eq!(sheet.trim, [BLEED, BLEED, sheet.width - BLEED, sheet.height - BLEED]);
    }

    #[test]
    fn the_spine_carries_the_title_from_80_pages_on() {
        assert!(cover(&opts(79, PaperStock::White)).vertical_texts.is_empty());
        let sheet = cover(&opts(120, PaperStock::Cream));
        let spine = &sheet.vertical_texts[0];
        assert_eq!(spine.text, "Sudoku");
        // Inside the spine, clear of both folds.
        let (fold1, fold2) = (BLEED + 6.0 * INCH, BLEED + 6.0 * INCH + spine_width(120, PaperStock::Cream));
        assert!(spine.x > fold1 + 0.0625 * INCH * 0.5 && spine.x + spine.size * 0.75 < fold2, "{spine:?}");
    }

    #[test]
    fn the_front_holds_the_title_and_a_puzzle_inside_its_margins() {
        let sheet =
            cover(&CoverOptions { subtitle: Some("200 puzzles".into()), ..opts(200, PaperStock::White) });
        let front_left = BLEED + 6.0 * INCH + spine_width(200, PaperStock::White);
        for t in &sheet.texts {
            let width = Font::get().text_width(&t.text, t.size);
            assert!(t.left() >= front_left + OUTSIDE_MARGIN - 0.01, "{t:?}");
            assert!(t.left() + width <= front_left + 6.0 * INCH - OUTSIDE_MARGIN + 0.01, "{t:?}");
        }
        assert_eq!(sheet.texts.len(), 2);
        let g = &sheet.grids[0];
        assert!(
            g.x >= front_left + OUTSIDE_MARGIN && g.x + g.side() <= front_left + 6.0 * INCH - OUTSIDE_MARGIN
        );
    }
}
