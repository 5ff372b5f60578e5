//! Page geometry shared by the PDF and SVG renderers: where every grid,
//! digit and line of text goes. Coordinates are points (1/72 in) from the
//! top-left corner of the sheet, y growing downwards; text is placed by its
//! baseline.
//!
//! ```text
//!  ┌──────────── sheet ─────────────┐
//!  │  margin                         │
//!  │  Puzzle 1  medium · 3.4    id   │  caption above each grid
//!  │  ┌───┬───┬───┐  ┌───┬───┬───┐  │
//!  │  │   │   │   │  │   │   │   │  │  1, 2, 4 or 6 grids per page
//!  │  └───┴───┴───┘  └───┴───┴───┘  │
//!  │  …                              │
//!  │  Title        seed 42  Page 1 of 9  footer
//!  └─────────────────────────────────┘
//! ```
//!
//! Puzzle pages come first, then (with answers) the answer key: 20 smaller
//! solutions per page, numbered like their puzzles, the givens in black and
//! the solved cells in grey.

use sudoku_core::Grid;

use super::font::Font;
use super::{PrintItem, PrintOptions};

/// Side margins, and the top margin: 15 mm, inside what home printers reach.
pub const MARGIN: f32 = 42.5;
/// The bottom margin above the footer.
pub const MARGIN_BOTTOM: f32 = 60.0;
/// The footer's baseline, above the bottom edge (about 11 mm).
pub const FOOTER_BASELINE: f32 = 32.0;
/// Footer text size.
pub const FOOTER_SIZE: f32 = 8.5;
/// Solutions per answer page: columns and rows.
pub const ANSWER_GRID: (usize, usize) = (4, 5);

/// Gray levels: 0 black, 1 white.
const INK: f32 = 0.0;
const SOFT: f32 = 0.4;
const THIN_LINE_GRAY: f32 = 0.3;

/// One page: what to draw and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
    /// The grids.
    pub grids: Vec<GridBox>,
    /// Every piece of text but the digits in grids.
    pub texts: Vec<TextRun>,
}

/// How a text run sits on its `x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is the left end.
    Start,
    /// `x` is the middle.
    Middle,
    /// `x` is the right end.
    End,
}

/// A line of text.
#[derive(Debug, Clone, PartialEq)]
pub struct TextRun {
    /// Horizontal position, read with `anchor`.
    pub x: f32,
    /// Baseline.
    pub y: f32,
    /// Font size in points.
    pub size: f32,
    /// Gray level, 0 black.
    pub gray: f32,
    /// How the run sits on `x`.
    pub anchor: Anchor,
    /// The text.
    pub text: String,
}

impl TextRun {
    /// The left end of the run, measured with the bundled font.
    pub fn left(&self) -> f32 {
        let width = || Font::get().text_width(&self.text, self.size);
        match self.anchor {
            Anchor::Start => self.x,
            Anchor::Middle => self.x - width() / 2.0,
            Anchor::End => self.x - width(),
        }
    }
}

/// What a grid shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridContent {
    /// The givens of a puzzle, to be solved on paper.
    Puzzle(Grid),
    /// A solution in the answer key; the puzzle tells givens from solved
    /// cells.
    Answer {
        /// The givens.
        puzzle: Grid,
        /// The solution.
        solution: Grid,
    },
}

/// A 9×9 grid at a place on the sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct GridBox {
    /// Left edge of the outer border's centre line.
    pub x: f32,
    /// Top edge of the outer border's centre line.
    pub y: f32,
    /// Side of one cell.
    pub cell: f32,
    /// What the cells hold.
    pub content: GridContent,
}

/// A digit in a cell, placed for drawing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlacedDigit {
    /// The cell, 0–80 row-major.
    pub cell_idx: usize,
    /// The digit 1–9.
    pub digit: u8,
    /// Glyph origin: left.
    pub x: f32,
    /// Glyph origin: baseline.
    pub y: f32,
    /// Font size.
    pub size: f32,
    /// Gray level.
    pub gray: f32,
}

/// The lines of a grid: thin cell lines, thick box lines, the border.
#[derive(Debug, Clone, PartialEq)]
pub struct GridLines {
    /// Thin lines as `(x1, y1, x2, y2)`.
    pub thin: Vec<[f32; 4]>,
    /// Width of the thin lines.
    pub thin_width: f32,
    /// Gray of the thin lines.
    pub thin_gray: f32,
    /// The two inner box lines each way, as `(x1, y1, x2, y2)`.
    pub thick: Vec<[f32; 4]>,
    /// Width of the box lines and of the border.
    pub thick_width: f32,
    /// The border: `x, y, width, height`.
    pub border: [f32; 4],
}

impl GridBox {
    /// The side of the whole grid.
    pub fn side(&self) -> f32 {
        self.cell * 9.0
    }

    /// Whether this grid belongs to the answer key.
    pub fn is_answer(&self) -> bool {
        matches!(self.content, GridContent::Answer { .. })
    }

    /// The centre of cell `cell_idx`.
    pub fn cell_centre(&self, cell_idx: usize) -> (f32, f32) {
        let (row, col) = (cell_idx / 9, cell_idx % 9);
        (self.x + (col as f32 + 0.5) * self.cell, self.y + (row as f32 + 0.5) * self.cell)
    }

    /// The lines to draw.
    pub fn lines(&self) -> GridLines {
        let side = self.side();
        let (thin_width, thick_width) = if self.is_answer() {
            (0.35, (self.cell * 0.07).clamp(0.9, 1.4))
        } else {
            ((self.cell * 0.02).clamp(0.5, 0.8), (self.cell * 0.07).clamp(1.5, 2.6))
        };
        let mut thin = Vec::with_capacity(12);
        let mut thick = Vec::with_capacity(4);
        for i in 1..9 {
            let d = i as f32 * self.cell;
            let v = [self.x + d, self.y, self.x + d, self.y + side];
            let h = [self.x, self.y + d, self.x + side, self.y + d];
            let lines = if i % 3 == 0 { &mut thick } else { &mut thin };
            lines.push(v);
            lines.push(h);
        }
        GridLines {
            thin,
            thin_width,
            thin_gray: THIN_LINE_GRAY,
            thick,
            thick_width,
            border: [self.x, self.y, side, side],
        }
    }

    /// The digits to draw, each centred on its cell by its ink.
    pub fn digits(&self) -> impl Iterator<Item = PlacedDigit> + '_ {
        let font = Font::get();
        let (shown, givens, scale) = match self.content {
            GridContent::Puzzle(p) => (p, p, 0.6),
            GridContent::Answer { puzzle, solution } => (solution, puzzle, 0.62),
        };
        let size = self.cell * scale;
        (0..81).filter_map(move |cell_idx| {
            let digit = shown.get(cell_idx)?;
            let ink = font.digit_ink(digit);
            let (cx, cy) = self.cell_centre(cell_idx);
            let gray = if givens.get(cell_idx).is_some() { INK } else { SOFT };
            Some(PlacedDigit {
                cell_idx,
                digit,
                x: cx - (ink.x_min + ink.x_max) / 2.0 * size,
                y: cy + (ink.y_min + ink.y_max) / 2.0 * size,
                size,
                gray,
            })
        })
    }
}

/// The area inside the margins: left, top, right, bottom.
#[derive(Debug, Clone, Copy)]
struct Area {
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
}

impl Area {
    fn width(&self) -> f32 {
        self.right - self.left
    }
    fn height(&self) -> f32 {
        self.bottom - self.top
    }
}

/// Every page of the book: puzzle pages, then the answer key when
/// `opts.answers`. Never empty: no items give one page with its footer.
pub fn book(items: &[PrintItem], opts: &PrintOptions) -> Vec<Sheet> {
    let (width, height) = opts.paper.size_pt();
    let area = Area { left: MARGIN, top: MARGIN, right: width - MARGIN, bottom: height - MARGIN_BOTTOM };
    let (cols, rows) = opts.per_page.columns_rows();
    let per_page = cols * rows;
    let (a_cols, a_rows) = ANSWER_GRID;
    let per_answer_page = a_cols * a_rows;
    let n_puzzle_pages = items.len().div_ceil(per_page).max(1);
    let n_answer_pages = if opts.answers { items.len().div_ceil(per_answer_page) } else { 0 };
    let n_pages = n_puzzle_pages + n_answer_pages;
    let number = |item_idx: usize| opts.start_number.saturating_add(item_idx as u64);

    // Every puzzle grid has the same size, the largest that leaves 28 pt
    // between columns and between rows. Rows are spread evenly down the
    // page, or pushed apart when that would leave less than 24 pt between
    // them; each grid is centred in its column.
    let caption_h = CAPTION_SIZE * 1.9;
    let gutter = 28.0;
    let cell_w = (area.width() - gutter * (cols - 1) as f32) / cols as f32 / 9.0;
    let cell_h = (area.height() - gutter * (rows - 1) as f32 - caption_h * rows as f32) / rows as f32 / 9.0;
    let puzzle_cell = cell_w.min(cell_h).floor();
    let side = puzzle_cell * 9.0;
    let block_h = caption_h + side;
    let free = area.height() - rows as f32 * block_h;
    let (edge, between) = match rows {
        1 => (free / 2.0, 0.0),
        _ if free / (rows + 1) as f32 >= 24.0 => (free / (rows + 1) as f32, free / (rows + 1) as f32),
        _ => (0.0, free / (rows - 1) as f32),
    };
    let column_w = (area.width() - gutter * (cols - 1) as f32) / cols as f32;
    let puzzle_places: Vec<(f32, f32)> = (0..per_page)
        .map(|i| {
            let (row, col) = ((i / cols) as f32, (i % cols) as f32);
            let x = area.left + col * (column_w + gutter) + (column_w - side) / 2.0;
            (x, area.top + edge + row * (block_h + between))
        })
        .collect();

    let mut sheets = Vec::with_capacity(n_pages);
    for page_idx in 0..n_puzzle_pages {
        let mut sheet = Sheet { width, height, grids: Vec::new(), texts: Vec::new() };
        let first = page_idx * per_page;
        let on_page = items.iter().enumerate().skip(first).take(per_page);
        for ((item_idx, item), &(x, top)) in on_page.zip(&puzzle_places) {
            place_puzzle(&mut sheet, x, top, puzzle_cell, number(item_idx), item);
        }
        footer(&mut sheet, area, opts, sheets.len() + 1, n_pages);
        sheets.push(sheet);
    }
    let heading_size = 16.0;
    for page_idx in 0..n_answer_pages {
        let mut sheet = Sheet { width, height, grids: Vec::new(), texts: Vec::new() };
        sheet.texts.push(TextRun {
            x: area.left,
            y: area.top + heading_size * 0.8,
            size: heading_size,
            gray: INK,
            anchor: Anchor::Start,
            text: "Answers".to_string(),
        });
        let below_heading = Area { top: area.top + heading_size * 2.0, ..area };
        let first = page_idx * per_answer_page;
        let on_page = items.iter().enumerate().skip(first).take(per_answer_page);
        for ((item_idx, item), slot) in on_page.zip(slots(below_heading, a_cols, a_rows, 14.0)) {
            place_answer(&mut sheet, slot, number(item_idx), item);
        }
        footer(&mut sheet, area, opts, sheets.len() + 1, n_pages);
        sheets.push(sheet);
    }
    sheets
}

/// Row-major slots of a `cols` × `rows` table filling `area`, `gap` apart.
fn slots(area: Area, cols: usize, rows: usize, gap: f32) -> impl Iterator<Item = Area> {
    let w = (area.width() - gap * (cols - 1) as f32) / cols as f32;
    let h = (area.height() - gap * (rows - 1) as f32) / rows as f32;
    (0..rows * cols).map(move |i| {
        let (r, c) = (i / cols, i % cols);
        let left = area.left + c as f32 * (w + gap);
        let top = area.top + r as f32 * (h + gap);
        Area { left, top, right: left + w, bottom: top + h }
    })
}

/// Puzzle captions: text size.
const CAPTION_SIZE: f32 = 12.0;

/// A puzzle's caption and grid, the caption's top-left at `x, top`.
fn place_puzzle(sheet: &mut Sheet, x: f32, top: f32, cell: f32, number: u64, item: &PrintItem) {
    let font = Font::get();
    let caption_size = CAPTION_SIZE;
    let caption_h = caption_size * 1.9;
    let side = cell * 9.0;
    let baseline = top + caption_size;
    let label = format!("Puzzle {number}");
    let label_w = font.text_width(&label, caption_size);
    sheet.texts.push(TextRun {
        x,
        y: baseline,
        size: caption_size,
        gray: INK,
        anchor: Anchor::Start,
        text: label,
    });
    // Band and rating follow the number; the id sits at the right end. When
    // they do not all fit, the id is cut first, then dropped, then the band
    // and rating are cut.
    let detail: Vec<&str> =
        [item.meta.band.as_deref(), item.meta.rating.as_deref()].into_iter().flatten().collect();
    let (detail_size, id_size) = (10.0, 8.0);
    let gap = caption_size * 0.8;
    let room = side - label_w - gap;
    let mut detail_w = 0.0;
    if !detail.is_empty() {
        let text = font.fit(&detail.join(" · "), detail_size, room);
        detail_w = font.text_width(&text, detail_size);
        sheet.texts.push(TextRun {
            x: x + label_w + gap,
            y: baseline,
            size: detail_size,
            gray: SOFT,
            anchor: Anchor::Start,
            text,
        });
    }
    if let Some(id) = item.meta.id.as_deref() {
        let id_room = room - detail_w - gap;
        if id_room >= id_size * 4.0 {
            sheet.texts.push(TextRun {
                x: x + side,
                y: baseline,
                size: id_size,
                gray: SOFT,
                anchor: Anchor::End,
                text: font.fit(id, id_size, id_room),
            });
        }
    }
    sheet.grids.push(GridBox { x, y: top + caption_h, cell, content: GridContent::Puzzle(item.puzzle) });
}

fn place_answer(sheet: &mut Sheet, slot: Area, number: u64, item: &PrintItem) {
    let caption_size = 8.0;
    let caption_h = caption_size * 1.6;
    let cell = ((slot.width().min(slot.height() - caption_h)) / 9.0 * 2.0).floor() / 2.0;
    let side = cell * 9.0;
    let x = slot.left + (slot.width() - side) / 2.0;
    sheet.texts.push(TextRun {
        x,
        y: slot.top + caption_size,
        size: caption_size,
        gray: INK,
        anchor: Anchor::Start,
        text: number.to_string(),
    });
    sheet.grids.push(GridBox {
        x,
        y: slot.top + caption_h,
        cell,
        content: GridContent::Answer { puzzle: item.puzzle, solution: item.solution },
    });
}

fn footer(sheet: &mut Sheet, area: Area, opts: &PrintOptions, page: usize, n_pages: usize) {
    let font = Font::get();
    let y = sheet.height - FOOTER_BASELINE;
    let run =
        |x: f32, anchor: Anchor, text: String| TextRun { x, y, size: FOOTER_SIZE, gray: SOFT, anchor, text };
    let title: String = opts.title.chars().filter(|c| !c.is_control()).collect();
    let title = font.fit(title.trim(), FOOTER_SIZE, area.width() * 0.4);
    if !title.is_empty() {
        sheet.texts.push(run(area.left, Anchor::Start, title));
    }
    if let Some(seed) = opts.seed.as_deref() {
        let seed: String = seed.chars().filter(|c| !c.is_control()).collect();
        let seed = font.fit(seed.trim(), FOOTER_SIZE, area.width() * 0.3);
        sheet.texts.push(run(area.left + area.width() / 2.0, Anchor::Middle, seed));
    }
    sheet.texts.push(run(area.right, Anchor::End, format!("Page {page} of {n_pages}")));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ItemMeta, Paper, PerPage};

    fn items(n: usize) -> Vec<PrintItem> {
        let puzzle = Grid::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let solution = puzzle.solve_one().unwrap();
        vec![PrintItem { puzzle, solution, meta: ItemMeta::default() }; n]
    }

    #[test]
    fn page_count_is_puzzle_pages_plus_answer_pages() {
        let mut opts = PrintOptions { per_page: PerPage::Six, ..PrintOptions::default() };
        assert_eq!(book(&items(13), &opts).len(), 3 + 1);
        assert_eq!(book(&items(41), &opts).len(), 7 + 3);
        opts.answers = false;
        assert_eq!(book(&items(12), &opts).len(), 2);
        assert_eq!(book(&[], &opts).len(), 1);
    }

    #[test]
    fn every_grid_and_text_stays_inside_the_margins() {
        for paper in [Paper::A4, Paper::Letter] {
            for per_page in [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six] {
                let mut items = items(7);
                items[0].meta = ItemMeta {
                    band: Some("diabolical".into()),
                    rating: Some("9.9".into()),
                    id: Some("a-very-long-identifier-".repeat(5)),
                };
                let opts =
                    PrintOptions { paper, per_page, title: "T".repeat(300), ..PrintOptions::default() };
                for sheet in book(&items, &opts) {
                    for g in &sheet.grids {
                        assert!(g.x >= MARGIN - 0.01 && g.x + g.side() <= sheet.width - MARGIN + 0.01);
                        assert!(
                            g.y >= MARGIN - 0.01 && g.y + g.side() <= sheet.height - MARGIN_BOTTOM + 0.01
                        );
                    }
                    for t in &sheet.texts {
                        let right = t.left() + Font::get().text_width(&t.text, t.size);
                        assert!(t.left() >= MARGIN - 0.01, "{t:?}");
                        assert!(right <= sheet.width - MARGIN + 0.01, "{t:?}");
                        assert!(t.y <= sheet.height - FOOTER_BASELINE + 0.01, "{t:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn each_digit_is_centred_in_its_own_cell() {
        let items = items(1);
        for sheet in book(&items, &PrintOptions::default()) {
            for g in &sheet.grids {
                for d in g.digits() {
                    let (cx, cy) = g.cell_centre(d.cell_idx);
                    let ink = Font::get().digit_ink(d.digit);
                    let mid_x = d.x + (ink.x_min + ink.x_max) / 2.0 * d.size;
                    let mid_y = d.y - (ink.y_min + ink.y_max) / 2.0 * d.size;
                    assert!((mid_x - cx).abs() < 0.01 && (mid_y - cy).abs() < 0.01);
                }
            }
        }
    }
}
