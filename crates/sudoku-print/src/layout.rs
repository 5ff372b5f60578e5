//! Page geometry shared by the PDF and SVG renderers: where every grid,
//! digit and line of text goes. Coordinates are points (1/72 in) from the
//! top-left corner of the sheet, y growing downwards; text is placed by its
//! baseline.
//!
//! ```text
//!  ┌──────────── sheet (trim + bleed) ──────┐
//!  │  margins: 0.5 in outside, gutter inside │
//!  │  Title                          Medium  │  running head: section outside
//!  │  Puzzle 1  medium · 3.4    id           │  caption above each grid
//!  │  ┌───┬───┬───┐  ┌───┬───┬───┐          │
//!  │  │   │   │   │  │   │   │   │          │  1, 2, 4 or 6 grids per page
//!  │  └───┴───┴───┘  └───┴───┴───┘          │
//!  │  …                                      │
//!  │               (--footer)              7 │  folio outside
//!  └─────────────────────────────────────────┘
//! ```
//!
//! The book: a title page, the copyright page when there is copyright
//! text, the contents, each section's puzzle pages (a section is a run of
//! items with the same section name), the answer key (12 smaller solutions
//! a page, each labelled with its puzzle's number and page, the givens in
//! black and the solved cells in grey), then blank pages to an even count.
//! Pages are mirrored: odd pages are right-hand pages, with the gutter
//! ([`crate::trim::gutter`]) on the left. See [`crate::trim`] for sizes.

use sudoku_core::{Cell, Digit, Grid};

use super::font::Font;
use super::marks::Mark;
pub use super::marks::{Anchor, TextRun};
use super::plan::{BookPlan, Page, SectionPlan};
use super::trim::Frame;
use super::{PrintItem, PrintOptions};

/// Footer (folio) text size.
pub const FOOTER_SIZE: f32 = 8.5;
/// Solutions per answer page: columns and rows (12, compact but legible).
pub const ANSWER_GRID: (usize, usize) = (3, 4);

/// Gray levels: 0 black, 1 white.
pub(crate) const INK: f32 = 0.0;
pub(crate) const SOFT: f32 = 0.4;
const THIN_LINE_GRAY: f32 = 0.3;

/// One page: what to draw and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
    /// The trim box on the sheet (the sheet less bleed): left, top, right,
    /// bottom.
    pub trim: [f32; 4],
    /// The grids.
    pub grids: Vec<GridBox>,
    /// Every piece of text but the digits in grids.
    pub texts: Vec<TextRun>,
    /// Text reading top to bottom (a book's spine), turned a quarter to
    /// the right: `x, y` is where its baseline starts (for
    /// [`Anchor::Start`]; its middle or end for the others), the glyphs'
    /// tops point to growing `x`.
    pub vertical_texts: Vec<TextRun>,
    /// Free drawing ([`crate::marks`]) under the grids and texts: the
    /// variant grids. Empty on classic pages.
    pub marks: Vec<Mark>,
}

impl Sheet {
    /// An empty page of `frame`'s sheet and trim.
    pub(crate) fn blank(frame: &Frame) -> Sheet {
        Sheet {
            width: frame.sheet.0,
            height: frame.sheet.1,
            trim: frame.trim,
            grids: Vec::new(),
            texts: Vec::new(),
            vertical_texts: Vec::new(),
            marks: Vec::new(),
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
    /// The least digit size (large print), else 0.
    pub min_digit: f32,
    /// What the cells hold.
    pub content: GridContent,
}

/// A digit in a cell, placed for drawing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlacedDigit {
    /// The cell, 0–80 row-major.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
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

    /// The centre of `cell`.
    pub fn cell_centre(&self, cell: Cell) -> (f32, f32) {
        let (row, col) = (cell.row(), cell.col());
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
        let size = (self.cell * scale).max(self.min_digit);
        Cell::ALL.into_iter().filter_map(move |cell| {
            let digit = shown.get(cell)?;
            let ink = font.digit_ink(digit.get());
            let (cx, cy) = self.cell_centre(cell);
            let gray = if givens.get(cell).is_some() { INK } else { SOFT };
            Some(PlacedDigit {
                cell,
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
pub(crate) struct Area {
    pub(crate) left: f32,
    pub(crate) top: f32,
    pub(crate) right: f32,
    pub(crate) bottom: f32,
}

impl Area {
    pub(crate) fn width(&self) -> f32 {
        self.right - self.left
    }
    pub(crate) fn height(&self) -> f32 {
        self.bottom - self.top
    }
}

/// A run of consecutive items with the same section name: the running
/// head (the section's name, or the book's title), its first item and
/// how many.
fn sections(items: &[PrintItem], title: &str) -> Vec<(String, usize, usize)> {
    let mut out: Vec<(String, usize, usize)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let name = item.meta.section.clone().unwrap_or_else(|| title.to_string());
        match out.last_mut() {
            Some(last) if last.0 == name => last.2 += 1,
            _ => out.push((name, i, 1)),
        }
    }
    out
}

/// The distance between lines of the copyright text.
pub(crate) const COPYRIGHT_LEADING: f32 = BODY_SIZE * 1.4;

/// The copyright text in lines, wrapped to the narrowest live width any
/// page of any length can have (the widest gutter), so the page plan does
/// not depend on the page count it decides. The provenance, when there is one, follows the text after an empty line.
pub(crate) fn copyright_lines(opts: &PrintOptions) -> Vec<String> {
    let Some(text) = opts.copyright.as_deref() else { return Vec::new() };
    let frame = Frame::new(opts.trim, false, 1, usize::MAX);
    let width = frame.live[2] - frame.live[0];
    let mut lines = wrap(text, BODY_SIZE, width);
    if let Some(provenance) = opts.provenance.as_deref() {
        let provenance = wrap(provenance, BODY_SIZE, width);
        if !lines.is_empty() && !provenance.is_empty() {
            lines.push(String::new());
        }
        lines.extend(provenance);
    }
    lines
}

/// Lines of copyright text a page holds.
pub(crate) fn lines_a_page(opts: &PrintOptions) -> usize {
    let frame = Frame::new(opts.trim, false, 1, 0);
    (((frame.live[3] - frame.live[1]) / COPYRIGHT_LEADING) as usize).max(1)
}

/// Where a puzzle of a book is: what the book's index (the CSV beside it)
/// lists for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The number printed with it (`Puzzle 7`).
    pub number: u64,
    /// Its section: the name in its running heads and in the contents (the
    /// book's title when the items have no sections).
    pub section: String,
    /// The page it is printed on, from 1 (the title page).
    pub page: usize,
    /// The answer-key page of its solution; `None` without an answer key.
    pub answer_page: Option<usize>,
}

/// Where [`book`] puts things: its page count and each item's place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookIndex {
    /// How many pages the book has, padding included.
    pub n_pages: usize,
    /// Each item's place, in item order.
    pub placements: Vec<Placement>,
}

/// Where each item of `items` lands in the book [`book`] makes of them,
/// without drawing it: the same plan, so the two always agree.
pub fn index(items: &[PrintItem], opts: &PrintOptions) -> BookIndex {
    let title = clean_title(opts);
    let (sections, plan) = classic_plan(items, opts, &title);
    let mut placements = Vec::with_capacity(items.len());
    for (s, (name, first, n)) in sections.iter().enumerate() {
        for k in 0..*n {
            let answer = plan.answer_page_of[s][k];
            placements.push(Placement {
                number: number_of(opts, first + k),
                section: name.clone(),
                page: plan.page_of[s][k],
                answer_page: (answer > 0).then_some(answer),
            });
        }
    }
    BookIndex { n_pages: plan.pages.len(), placements }
}

/// The book's title as printed: control characters dropped, trimmed.
pub(crate) fn clean_title(opts: &PrintOptions) -> String {
    let title: String = opts.title.chars().filter(|c| !c.is_control()).collect();
    title.trim().to_string()
}

/// The sections of `items` and the book's page plan ([`BookPlan`]): every
/// section [`PrintOptions::puzzles_per_page`] a page, every answer in the
/// grid of [`ANSWER_GRID`].
fn classic_plan(
    items: &[PrintItem],
    opts: &PrintOptions,
    title: &str,
) -> (Vec<(String, usize, usize)>, BookPlan) {
    let sections = sections(items, title);
    let per_page = opts.puzzles_per_page();
    let specs: Vec<SectionPlan> =
        sections.iter().map(|(name, _, n)| SectionPlan { name: name.clone(), len: *n, per_page }).collect();
    let plan = book_plan(&specs, |_, _| ANSWER_GRID, opts);
    (sections, plan)
}

/// The number printed with item `item_idx`.
fn number_of(opts: &PrintOptions, item_idx: usize) -> u64 {
    opts.start_number.saturating_add(item_idx as u64)
}

/// Every page of the book, in order: the title page, the copyright page
/// (with [`PrintOptions::copyright`]; [`PrintOptions::provenance`] ends
/// it), the contents, each section's puzzle pages, the answer key (with
/// [`PrintOptions::answers`]), then blank pages up to a multiple of
/// [`PrintOptions::pages_multiple`] (at least two: an even count). Page
/// footers hold the page number and [`PrintOptions::footer`]; [`index`]
/// says where each item lands.
pub fn book(items: &[PrintItem], opts: &PrintOptions) -> Vec<Sheet> {
    let title = clean_title(opts);
    let (sections, plan) = classic_plan(items, opts, &title);
    let n_pages = plan.pages.len();
    let number = |item_idx: usize| number_of(opts, item_idx);
    // Every puzzle grid has the same size: the pages differ only in which
    // side the gutter is on.
    let geometry = PuzzleGeometry::new(opts, n_pages);
    draw_pages(&plan, opts, &title, sections.len() > 1, |sheet, page, chrome| {
        let body = chrome.body();
        match page {
            Page::Puzzles { section, first, n, .. } => {
                let (name, start, _) = &sections[*section];
                chrome.head(sheet, name);
                for (k, item_idx) in (start + first..start + first + n).enumerate() {
                    let (x, top) = geometry.place(body, k);
                    place_puzzle(sheet, x, top, &geometry, number(item_idx), &items[item_idx]);
                }
            }
            Page::Answers { items: answers, grid } => {
                chrome.head(sheet, "Answers");
                for (slot, &(s, k)) in slots(body, grid.0, grid.1, 14.0).zip(answers) {
                    let item_idx = sections[s].1 + k;
                    let label = format!("{} (page {})", number(item_idx), plan.page_of[s][k]);
                    place_answer(sheet, slot, label, &items[item_idx]);
                }
            }
            _ => {}
        }
    })
}

/// Every sheet of a book of `plan`: the front matter drawn here, each page
/// of puzzles or answers by `body` (its head and grids), then its folio.
/// `book_title`: the book's title in the running heads (several sections).
pub(crate) fn draw_pages(
    plan: &BookPlan,
    opts: &PrintOptions,
    title: &str,
    book_title: bool,
    mut body: impl FnMut(&mut Sheet, &Page, &Chrome<'_>),
) -> Vec<Sheet> {
    let n_pages = plan.pages.len();
    let mut sheets = Vec::with_capacity(n_pages);
    for (i, page) in plan.pages.iter().enumerate() {
        let frame = Frame::new(opts.trim, opts.bleed, i + 1, n_pages);
        let mut sheet = Sheet::blank(&frame);
        let chrome = Chrome { frame: &frame, title, book_title, opts };
        if !draw_front(plan, &mut sheet, i, &chrome, title) {
            body(&mut sheet, page, &chrome);
            chrome.folio(&mut sheet, i + 1);
        }
        sheets.push(sheet);
    }
    sheets
}

/// The side of a grid drawn alone ([`single`]): 3 in, a newspaper
/// column's width.
pub const SINGLE_SIDE: f32 = 216.0;

/// One grid alone on a sheet just larger than it, for a newspaper or a
/// web page: the puzzle, or with `answer` its solution (givens in black).
pub fn single(item: &PrintItem, answer: bool) -> Sheet {
    let margin = 4.0;
    let side = SINGLE_SIDE + 2.0 * margin;
    let content = if answer {
        GridContent::Answer { puzzle: item.puzzle, solution: item.solution }
    } else {
        GridContent::Puzzle(item.puzzle)
    };
    Sheet {
        width: side,
        height: side,
        trim: [0.0, 0.0, side, side],
        grids: vec![GridBox { x: margin, y: margin, cell: SINGLE_SIDE / 9.0, min_digit: 0.0, content }],
        texts: Vec::new(),
        vertical_texts: Vec::new(),
        marks: Vec::new(),
    }
}

/// Running heads: text size.
pub(crate) const HEAD_SIZE: f32 = 9.0;
/// Text of the front matter: size.
pub(crate) const BODY_SIZE: f32 = 10.0;

/// The title page: the title a third of the way down, the subtitle below.
pub(crate) fn title_page(sheet: &mut Sheet, live: Area, title: &str, subtitle: Option<&str>) {
    let mid = (live.left + live.right) / 2.0;
    let mut y = live.top + live.height() / 3.0;
    for (text, size) in [(title, 28.0), (subtitle.unwrap_or_default(), 14.0)] {
        for line in wrap(text, size, live.width()) {
            sheet.texts.push(TextRun { x: mid, y, size, gray: INK, anchor: Anchor::Middle, text: line });
            y += size * 1.3;
        }
        y += 12.0;
    }
}

/// `text` broken into lines at most `width` wide at `size`, at spaces
/// (a word too long for a line is cut to fit); control characters dropped.
pub(crate) fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let font = Font::get();
    let mut lines = Vec::new();
    let space = font.text_width(" ", size);
    for paragraph in text.split('\n') {
        // Widths add up: the font is set without kerning.
        let (mut line, mut line_width) = (String::new(), 0.0);
        for word in paragraph.split(|c: char| c.is_whitespace()).filter(|w| !w.is_empty()) {
            let word: String = word.chars().filter(|c| !c.is_control()).collect();
            let word_width = font.text_width(&word, size);
            if line.is_empty() || line_width + space + word_width > width {
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                line = font.fit(&word, size, width);
                line_width = font.text_width(&line, size);
            } else {
                line.push(' ');
                line.push_str(&word);
                line_width += space + word_width;
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// The size and places of the puzzle grids, the same on every page: the
/// largest grids that leave 28 pt between columns and between rows. Rows
/// are spread evenly down the page, or pushed apart when that would leave
/// less than 24 pt between them; each grid is centred in its column.
struct PuzzleGeometry {
    cols: usize,
    cell: f32,
    /// The least digit size (large print).
    min_digit: f32,
    column_w: f32,
    edge: f32,
    between: f32,
}

/// The gap between puzzle columns and rows.
pub(crate) const PUZZLE_GAP: f32 = 28.0;

impl PuzzleGeometry {
    fn new(opts: &PrintOptions, n_pages: usize) -> PuzzleGeometry {
        // The body of any page: the width is the same on both sides.
        let f = Frame::new(opts.trim, opts.bleed, 1, n_pages);
        let body_w = f.live[2] - f.live[0];
        let body_h = f.live[3] - f.live[1] - HEAD_SIZE * 2.5 - FOOTER_SIZE * 2.5;
        let (cols, rows) = opts.per_page().columns_rows();
        let caption_h = CAPTION_SIZE * 1.9;
        let cell_w = (body_w - PUZZLE_GAP * (cols - 1) as f32) / cols as f32 / 9.0;
        let cell_h = (body_h - PUZZLE_GAP * (rows - 1) as f32 - caption_h * rows as f32) / rows as f32 / 9.0;
        let cell = cell_w.min(cell_h).floor().max(0.0);
        let block_h = caption_h + cell * 9.0;
        let free = body_h - rows as f32 * block_h;
        let (edge, between) = match rows {
            1 => (free / 2.0, 0.0),
            _ if free / (rows + 1) as f32 >= 24.0 => (free / (rows + 1) as f32, free / (rows + 1) as f32),
            _ => (0.0, free / (rows - 1) as f32),
        };
        let column_w = (body_w - PUZZLE_GAP * (cols - 1) as f32) / cols as f32;
        let min_digit = if opts.large_print { LARGE_PRINT_DIGIT } else { 0.0 };
        PuzzleGeometry { cols, cell, min_digit, column_w, edge, between }
    }

    /// The top-left corner of the `k`-th puzzle's caption in `body`.
    fn place(&self, body: Area, k: usize) -> (f32, f32) {
        let (row, col) = ((k / self.cols) as f32, (k % self.cols) as f32);
        let side = self.cell * 9.0;
        let x = body.left + col * (self.column_w + PUZZLE_GAP) + (self.column_w - side) / 2.0;
        (x, body.top + self.edge + row * (CAPTION_SIZE * 1.9 + side + self.between))
    }
}

/// The side of a puzzle grid's cell in a book of these options, on its
/// smallest page (the widest gutter a book can have).
pub fn puzzle_cell(opts: &PrintOptions) -> f32 {
    PuzzleGeometry::new(opts, usize::MAX).cell
}

/// The least size of a large-print digit.
pub const LARGE_PRINT_DIGIT: f32 = 24.0;

/// Row-major slots of a `cols` × `rows` table filling `area`, `gap` apart.
pub(crate) fn slots(area: Area, cols: usize, rows: usize, gap: f32) -> impl Iterator<Item = Area> {
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
pub(crate) const CAPTION_SIZE: f32 = 12.0;

/// A puzzle's caption and grid, the caption's top-left at `x, top`.
fn place_puzzle(
    sheet: &mut Sheet,
    x: f32,
    top: f32,
    geometry: &PuzzleGeometry,
    number: u64,
    item: &PrintItem,
) {
    let font = Font::get();
    let caption_size = CAPTION_SIZE;
    let caption_h = caption_size * 1.9;
    let cell = geometry.cell;
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
    if !detail.is_empty() && room > 0.0 {
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
    sheet.grids.push(GridBox {
        x,
        y: top + caption_h,
        cell,
        min_digit: geometry.min_digit,
        content: GridContent::Puzzle(item.puzzle),
    });
}

fn place_answer(sheet: &mut Sheet, slot: Area, label: String, item: &PrintItem) {
    let caption_size = 8.0;
    let caption_h = caption_size * 1.6;
    let cell = ((slot.width().min(slot.height() - caption_h)) / 9.0 * 2.0).floor() / 2.0;
    let side = cell * 9.0;
    let x = slot.left + (slot.width() - side) / 2.0;
    let label = Font::get().fit(&label, caption_size, side);
    sheet.texts.push(TextRun {
        x,
        y: slot.top + caption_size,
        size: caption_size,
        gray: INK,
        anchor: Anchor::Start,
        text: label,
    });
    sheet.grids.push(GridBox {
        x,
        y: slot.top + caption_h,
        cell,
        min_digit: 0.0,
        content: GridContent::Answer { puzzle: item.puzzle, solution: item.solution },
    });
}

#[cfg(test)]
mod tests;

/// The plan of a book of `sections` ([`BookPlan::new`]) with the
/// copyright text of `opts` wrapped to its pages.
pub(crate) fn book_plan(
    sections: &[SectionPlan],
    answer_grid: impl Fn(usize, usize) -> (usize, usize),
    opts: &PrintOptions,
) -> BookPlan {
    BookPlan::new(sections, answer_grid, copyright_lines(opts), lines_a_page(opts), opts)
}

/// Draws page `i` (from 0) of `plan` when it is one of the front matter (title,
/// copyright, contents) or blank; false for a page of puzzles or
/// answers, the caller's to draw.
fn draw_front(plan: &BookPlan, sheet: &mut Sheet, i: usize, chrome: &Chrome<'_>, title: &str) -> bool {
    let live = chrome.live();
    match plan.pages[i] {
        Page::Title => title_page(sheet, live, title, chrome.opts.subtitle.as_deref()),
        Page::Copyright { first, n } => {
            // Bottom-aligned, as copyright pages are.
            let mut y = live.bottom - COPYRIGHT_LEADING * n as f32;
            for line in plan.copyright.iter().skip(first).take(n) {
                y += COPYRIGHT_LEADING;
                if !line.is_empty() {
                    sheet.texts.push(text(live.left, y, BODY_SIZE, INK, Anchor::Start, line.clone()));
                }
            }
        }
        Page::Contents { first, n } => {
            let body = chrome.body();
            let heading = 16.0;
            sheet.texts.push(text(
                body.left,
                body.top + heading,
                heading,
                INK,
                Anchor::Start,
                "Contents".into(),
            ));
            let font = Font::get();
            for (k, (name, page)) in plan.contents.iter().skip(first).take(n).enumerate() {
                let y = body.top + heading * 2.5 + k as f32 * BODY_SIZE * 2.0;
                let page = page.to_string();
                let room = body.width() - font.text_width(&page, BODY_SIZE) - BODY_SIZE * 2.0;
                sheet.texts.push(text(
                    body.left,
                    y,
                    BODY_SIZE,
                    INK,
                    Anchor::Start,
                    font.fit(name, BODY_SIZE, room),
                ));
                sheet.texts.push(text(body.right, y, BODY_SIZE, INK, Anchor::End, page));
            }
            chrome.folio(sheet, i + 1);
        }
        Page::Blank => {}
        Page::Puzzles { .. } | Page::Answers { .. } => return false,
    }
    true
}

/// A line of text.
pub(crate) fn text(x: f32, y: f32, size: f32, gray: f32, anchor: Anchor, text: String) -> TextRun {
    TextRun { x, y, size, gray, anchor, text }
}

/// The body of a page: between running head and folio, inside the
/// margins.
pub(crate) fn body(frame: &Frame) -> Area {
    Area {
        left: frame.live[0],
        top: frame.live[1] + HEAD_SIZE * 2.5,
        right: frame.live[2],
        bottom: frame.live[3] - FOOTER_SIZE * 2.5,
    }
}

/// Running heads and folios of a page, on its outside edge.
pub(crate) struct Chrome<'a> {
    pub frame: &'a Frame,
    /// The book's title.
    pub title: &'a str,
    /// Whether the book's title goes in the inner head (several sections).
    pub book_title: bool,
    pub opts: &'a PrintOptions,
}

impl Chrome<'_> {
    /// The live area of the page.
    pub fn live(&self) -> Area {
        let [left, top, right, bottom] = self.frame.live;
        Area { left, top, right, bottom }
    }

    /// The body of the page ([`body`]).
    pub fn body(&self) -> Area {
        body(self.frame)
    }

    /// The outer edge's x and anchor, then the inner's.
    fn edges(&self) -> (f32, Anchor, f32, Anchor) {
        let [left, _, right, _] = self.frame.live;
        if self.frame.recto {
            (right, Anchor::End, left, Anchor::Start)
        } else {
            (left, Anchor::Start, right, Anchor::End)
        }
    }

    /// The running head: `name` outside, the book's title inside.
    pub fn head(&self, sheet: &mut Sheet, name: &str) {
        let font = Font::get();
        let (outer_x, outer, inner_x, inner) = self.edges();
        let y = self.frame.live[1] + HEAD_SIZE;
        let room = (self.frame.live[2] - self.frame.live[0]) * 0.45;
        sheet.texts.push(text(outer_x, y, HEAD_SIZE, INK, outer, font.fit(name, HEAD_SIZE, room)));
        if self.book_title && !self.title.is_empty() {
            sheet.texts.push(text(inner_x, y, HEAD_SIZE, SOFT, inner, font.fit(self.title, HEAD_SIZE, room)));
        }
    }

    /// The page number outside, and the footer text in the middle.
    pub fn folio(&self, sheet: &mut Sheet, number: usize) {
        let (outer_x, outer, _, _) = self.edges();
        let y = self.frame.live[3];
        sheet.texts.push(text(outer_x, y, FOOTER_SIZE, SOFT, outer, number.to_string()));
        if let Some(footer) = self.opts.footer.as_deref() {
            let footer: String = footer.chars().filter(|c| !c.is_control()).collect();
            let width = self.frame.live[2] - self.frame.live[0];
            let footer = Font::get().fit(footer.trim(), FOOTER_SIZE, width * 0.5);
            let mid = (self.frame.live[0] + self.frame.live[2]) / 2.0;
            sheet.texts.push(text(mid, y, FOOTER_SIZE, SOFT, Anchor::Middle, footer));
        }
    }
}
