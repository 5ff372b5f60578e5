//! Variant books, single pages and images: the page plan of
//! [`crate::layout::book`] (title, copyright, contents, sections, answer
//! key, padding) for [`VariantSection`]s, each section opening with its
//! name and rules paragraph.
//!
//! A section's grids share one size, chosen from its largest canvas:
//! 16×16, 25×25 and samurai one a page; killer 9×9 at most two; mini
//! grids (4×4, 6×6) with cells of 15–17 mm, a child's size; the rest as
//! [`PrintOptions::per_page`] asks.

use sudoku_variant::{Layout, Puzzle};

use super::frame::{GridFrame, Margins};
use crate::font::Font;
use crate::layout::{self, Anchor, Area, Sheet, BODY_SIZE, CAPTION_SIZE, INK, PUZZLE_GAP, SOFT};
use crate::layout::{body, book_plan, draw_pages, text};
use crate::plan::{BookPlan, Page, SectionPlan};
use crate::trim::{Frame, MM};
use crate::{BookIndex, Image, ItemMeta, OptionsError, Placement, PrintOptions, TextField, MIN_CELL};
use sudoku_variant::rules_text;

/// One variant puzzle of a book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantItem {
    /// The puzzle: shape, rules, cages and givens.
    pub puzzle: Puzzle,
    /// Its solution, one digit per canvas position (as
    /// [`Puzzle::givens`]), for the answer key. A solution of the wrong
    /// length shows the givens alone.
    pub solution: Vec<u8>,
    /// Band, rating and id, printed beside the puzzle as in classic books
    /// ([`ItemMeta::section`] is not read: the section is the
    /// [`VariantSection`]).
    pub meta: ItemMeta,
}

/// A section of a variant book: its name (the heading, running heads and
/// contents line), the rules paragraph printed once under the heading,
/// and its puzzles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantSection {
    /// The section's name, e.g. `Killer`.
    pub name: String,
    /// The rules, printed under the name on the section's first page.
    pub rules: String,
    /// The puzzles, in print order.
    pub items: Vec<VariantItem>,
}

impl VariantSection {
    /// A section whose rules are [`rules_text`] of its first puzzle.
    pub fn new(name: impl Into<String>, items: Vec<VariantItem>) -> VariantSection {
        let rules = items.first().map(|i| rules_text(&i.puzzle)).unwrap_or_default();
        VariantSection { name: name.into(), rules, items }
    }
}

/// The least and largest cell of a mini grid (side 6 or less).
const CHILD_CELL: (f32, f32) = (15.0 * MM, 17.0 * MM);
/// The least cell of a grid with cages: its sums (a quarter of the cell)
/// print at 5 pt or more. Fewer grids a page where more would be smaller.
const CAGED_CELL: f32 = 21.0;
/// Heading size of a section's first page.
const HEADING_SIZE: f32 = 16.0;
/// Line distance of the rules text.
const RULES_LEADING: f32 = BODY_SIZE * 1.35;

/// The size and arrangement of a section's grids.
#[derive(Debug, Clone)]
pub(super) struct Geometry {
    cols: usize,
    rows: usize,
    /// The side of a cell, in points.
    pub(super) cell: f32,
    /// The rules text in lines, and the height of heading plus rules.
    intro: Vec<String>,
    intro_h: f32,
}

impl Geometry {
    fn per_page(&self) -> usize {
        self.cols * self.rows
    }
}

/// The body of the narrowest page a book of `opts` can have (the widest
/// gutter), so the plan does not depend on the page count it decides.
fn narrowest_body(opts: &PrintOptions) -> Area {
    body(&Frame::new(opts.trim, opts.bleed, 1, usize::MAX))
}

pub(super) fn section_geometry(section: &VariantSection, opts: &PrintOptions) -> Geometry {
    let side = section.items.iter().map(|i| i.puzzle.side()).max().unwrap_or(9);
    // Cells across and down, with the room of clues outside the grid.
    let margins: Vec<(usize, Margins)> =
        section.items.iter().map(|i| (i.puzzle.side(), Margins::of(&i.puzzle))).collect();
    let across = margins.iter().map(|&(s, m)| m.across(s)).max().unwrap_or(side);
    let down = margins.iter().map(|&(s, m)| m.down(s)).max().unwrap_or(side);
    let grids = section.items.iter().any(|i| matches!(i.puzzle.layout(), Layout::Grids(_)));
    let caged = section.items.iter().any(|i| i.puzzle.has_cages());
    let area = narrowest_body(opts);
    let intro = layout::wrap(&section.rules, BODY_SIZE, area.width());
    let intro_h = HEADING_SIZE * 1.6 + intro.len() as f32 * RULES_LEADING + BODY_SIZE;
    let wanted = opts.puzzles_per_page();
    let most = if grids || side >= 12 {
        1
    } else if caged {
        wanted.min(2)
    } else {
        wanted
    };
    let caption_h = CAPTION_SIZE * 1.9;
    let fit = |cols: usize, rows: usize| {
        let cell_w = (area.width() - PUZZLE_GAP * (cols - 1) as f32) / cols as f32 / across as f32;
        let cell_h = (area.height() - intro_h - PUZZLE_GAP * (rows - 1) as f32 - caption_h * rows as f32)
            / rows as f32
            / down as f32;
        cell_w.min(cell_h).floor().max(0.0)
    };
    let mut best = (1, 1, fit(1, 1));
    for (cols, rows) in [(2, 3), (2, 2), (1, 2), (1, 1)] {
        if cols * rows > most {
            continue;
        }
        let cell = fit(cols, rows);
        let least = if side <= 6 { CHILD_CELL.0 } else { MIN_CELL };
        // A cage's sum is a quarter of its cell: 5 pt or more to be read.
        let least = if caged { least.max(CAGED_CELL) } else { least };
        if cell >= least || (cols, rows) == (1, 1) {
            best = (cols, rows, cell);
            break;
        }
    }
    let (cols, rows, mut cell) = best;
    if side <= 6 {
        cell = cell.min(CHILD_CELL.1.floor());
    }
    Geometry { cols, rows, cell, intro, intro_h }
}

/// Columns and rows of answers a page for a canvas side.
fn answer_grid(side: usize) -> (usize, usize) {
    match side {
        0..=9 => layout::ANSWER_GRID,
        10..=21 => (2, 2),
        _ => (1, 2),
    }
}

/// The book's page plan ([`BookPlan`]) and the geometry of each section.
fn plan(sections: &[VariantSection], opts: &PrintOptions) -> (BookPlan, Vec<Geometry>) {
    let geometry: Vec<Geometry> = sections.iter().map(|s| section_geometry(s, opts)).collect();
    let specs: Vec<SectionPlan> = sections
        .iter()
        .zip(&geometry)
        .map(|(s, g)| SectionPlan { name: s.name.clone(), len: s.items.len(), per_page: g.per_page() })
        .collect();
    let plan = book_plan(&specs, |s, k| answer_grid(sections[s].items[k].puzzle.side()), opts);
    (plan, geometry)
}

/// The number printed with item `k` of section `s`: items are numbered
/// through the book from [`PrintOptions::start_number`].
fn numbers(sections: &[VariantSection], opts: &PrintOptions) -> Vec<Vec<u64>> {
    let mut next = opts.start_number;
    sections
        .iter()
        .map(|s| {
            s.items
                .iter()
                .map(|_| {
                    let n = next;
                    next = next.saturating_add(1);
                    n
                })
                .collect()
        })
        .collect()
}

/// Whether a variant book of these sections and options is one a person
/// can use: the texts are left to right (as [`PrintOptions::check`] and
/// the section names), and every section's grids have cells of at least
/// [`MIN_CELL`]. Use it in place of [`PrintOptions::check`], whose cell
/// test is the classic 9×9's: a variant section chooses its own number
/// of grids a page.
///
/// # Errors
/// [`OptionsError::RightToLeft`] for the first right-to-left text,
/// [`OptionsError::GridTooSmall`] for the first section whose cells would
/// be too small.
pub fn check_variant_book(sections: &[VariantSection], opts: &PrintOptions) -> Result<(), OptionsError> {
    let classic = PrintOptions { per_page: crate::PerPage::One, large_print: false, ..opts.clone() };
    match classic.check() {
        Err(OptionsError::GridTooSmall { .. }) | Ok(()) => {}
        Err(e) => return Err(e),
    }
    for section in sections {
        crate::check_left_to_right(TextField::Section, &section.name)?;
        let g = section_geometry(section, opts);
        // Large print: every puzzle's digits of 24 pt or more.
        let side = section.items.iter().map(|i| i.puzzle.size()).max().unwrap_or(9);
        let need = layout::LARGE_PRINT_DIGIT / super::frame::digit_scale(side, false);
        if opts.large_print && !section.items.is_empty() && g.cell < need {
            return Err(OptionsError::LargePrintTooSmall { trim: opts.trim, got: g.cell, need });
        }
        if !section.items.is_empty() && g.cell < MIN_CELL {
            return Err(OptionsError::GridTooSmall {
                per_page: g.per_page(),
                trim: opts.trim,
                got: g.cell,
                need: MIN_CELL,
            });
        }
    }
    Ok(())
}

/// Where each item lands in [`variant_book`]: the page count, and each
/// item's number, section, page and answer page, sections in order.
pub fn variant_index(sections: &[VariantSection], opts: &PrintOptions) -> BookIndex {
    let (plan, _) = plan(sections, opts);
    let numbers = numbers(sections, opts);
    let mut placements = Vec::new();
    for (s, section) in sections.iter().enumerate() {
        for (k, &number) in numbers[s].iter().enumerate() {
            let answer = plan.answer_page_of[s][k];
            placements.push(Placement {
                number,
                section: section.name.clone(),
                page: plan.page_of[s][k],
                answer_page: (answer > 0).then_some(answer),
            });
        }
    }
    BookIndex { n_pages: plan.pages.len(), placements }
}

/// A book of variant sections, every page in order: the title page, the
/// copyright page (with [`PrintOptions::copyright`]), the contents, each
/// section (its name and rules on its first page), the answer key (with
/// [`PrintOptions::answers`]), blank pages to
/// [`PrintOptions::pages_multiple`]. Puzzles are numbered through the
/// book; [`variant_index`] says where each lands.
pub fn variant_book(sections: &[VariantSection], opts: &PrintOptions) -> Vec<Sheet> {
    let title = layout::clean_title(opts);
    let (plan, geometries) = plan(sections, opts);
    let numbers = numbers(sections, opts);
    draw_pages(&plan, opts, &title, sections.len() > 1, |sheet, page, chrome| {
        let body = chrome.body();
        match page {
            Page::Puzzles { section, first, n, intro } => {
                let sec = &sections[*section];
                let geometry = &geometries[*section];
                chrome.head(sheet, &sec.name);
                let mut area = body;
                if *intro {
                    section_intro(sheet, body, &sec.name, &geometry.intro);
                    area.top += geometry.intro_h;
                }
                for k in 0..*n {
                    let item = &sec.items[first + k];
                    let (n, m) = (item.puzzle.side(), Margins::of(&item.puzzle));
                    let (left, top) = place(area, geometry, (m.across(n), m.down(n)), k);
                    // The grid inside the room of its outside clues; the
                    // caption over the grid, above any clues on top.
                    let x = left + (m.left as f32) * geometry.cell;
                    let side = geometry.cell * n as f32;
                    caption(sheet, x, top, side, numbers[*section][first + k], &item.meta);
                    GridFrame {
                        puzzle: &item.puzzle,
                        solution: None,
                        x,
                        y: top + CAPTION_SIZE * 1.9 + (m.top as f32) * geometry.cell,
                        cell: geometry.cell,
                    }
                    .draw(&mut sheet.marks);
                }
            }
            Page::Answers { items, grid } => {
                chrome.head(sheet, "Answers");
                for (slot, &(s, k)) in layout::slots(body, grid.0, grid.1, 14.0).zip(items) {
                    let item = &sections[s].items[k];
                    let label = format!("{} (page {})", numbers[s][k], plan.page_of[s][k]);
                    place_answer(sheet, slot, label, item);
                }
            }
            _ => {}
        }
    })
}

/// A section's heading and its rules, at the top of `area`.
fn section_intro(sheet: &mut Sheet, area: Area, name: &str, rules: &[String]) {
    let font = Font::get();
    let mut y = area.top + HEADING_SIZE;
    sheet.texts.push(text(
        area.left,
        y,
        HEADING_SIZE,
        INK,
        Anchor::Start,
        font.fit(name, HEADING_SIZE, area.width()),
    ));
    y += HEADING_SIZE * 0.6;
    for line in rules {
        y += RULES_LEADING;
        sheet.texts.push(text(area.left, y, BODY_SIZE, INK, Anchor::Start, line.clone()));
    }
}

/// The top-left corner of the `k`-th puzzle's caption in `area`, for a
/// grid `across` × `down` cells (with the room of its outside clues): rows
/// spread evenly down the area, each grid centred in its column.
fn place(area: Area, g: &Geometry, (across, down): (usize, usize), k: usize) -> (f32, f32) {
    let (row, col) = ((k / g.cols) as f32, (k % g.cols) as f32);
    let grid = g.cell * across as f32;
    let column_w = (area.width() - PUZZLE_GAP * (g.cols - 1) as f32) / g.cols as f32;
    let block_h = CAPTION_SIZE * 1.9 + g.cell * down as f32;
    let free = (area.height() - g.rows as f32 * block_h).max(0.0);
    let (edge, between) = match g.rows {
        1 => (free / 2.0, 0.0),
        rows if free / (rows + 1) as f32 >= 24.0 => (free / (rows + 1) as f32, free / (rows + 1) as f32),
        rows => (0.0, free / (rows - 1) as f32),
    };
    let x = area.left + col * (column_w + PUZZLE_GAP) + (column_w - grid) / 2.0;
    (x, area.top + edge + row * (block_h + between))
}

/// `Puzzle 7  hard · 4.5` above a grid of width `side`, the id at its right.
fn caption(sheet: &mut Sheet, x: f32, top: f32, side: f32, number: u64, meta: &ItemMeta) {
    let font = Font::get();
    let baseline = top + CAPTION_SIZE;
    let label = format!("Puzzle {number}");
    let label_w = font.text_width(&label, CAPTION_SIZE);
    sheet.texts.push(text(x, baseline, CAPTION_SIZE, INK, Anchor::Start, label));
    let detail: Vec<&str> = [meta.band.as_deref(), meta.rating.as_deref()].into_iter().flatten().collect();
    let gap = CAPTION_SIZE * 0.8;
    let room = side - label_w - gap;
    let mut detail_w = 0.0;
    if !detail.is_empty() && room > 0.0 {
        let detail = font.fit(&detail.join(" · "), 10.0, room);
        detail_w = font.text_width(&detail, 10.0);
        sheet.texts.push(text(x + label_w + gap, baseline, 10.0, SOFT, Anchor::Start, detail));
    }
    if let Some(id) = meta.id.as_deref() {
        let id_room = room - detail_w - gap;
        if id_room >= 32.0 {
            sheet.texts.push(text(x + side, baseline, 8.0, SOFT, Anchor::End, font.fit(id, 8.0, id_room)));
        }
    }
}

/// The solution to show for an item: its solution, or its givens when the
/// solution does not fit the canvas.
fn shown(item: &VariantItem) -> &[u8] {
    if item.solution.len() == item.puzzle.canvas_len() {
        &item.solution
    } else {
        item.puzzle.givens()
    }
}

fn place_answer(sheet: &mut Sheet, slot: Area, label: String, item: &VariantItem) {
    let caption_size = 8.0;
    let caption_h = caption_size * 1.6;
    let n = item.puzzle.side();
    let side = n as f32;
    let m = Margins::of(&item.puzzle);
    let (across, down) = (m.across(n) as f32, m.down(n) as f32);
    let cell = ((slot.width() / across).min((slot.height() - caption_h) / down) * 2.0).floor() / 2.0;
    let x = slot.left + (slot.width() - cell * across) / 2.0 + m.left as f32 * cell;
    let label = Font::get().fit(&label, caption_size, cell * side);
    sheet.texts.push(text(x, slot.top + caption_size, caption_size, INK, Anchor::Start, label));
    let y = slot.top + caption_h + m.top as f32 * cell;
    GridFrame { puzzle: &item.puzzle, solution: Some(shown(item)), x, y, cell }.draw(&mut sheet.marks);
}

/// One puzzle (or, with `solution`, its answer) alone on a page of
/// `opts`' trim: the title ([`PrintOptions::title`]) and the puzzle's
/// [`rules_text`] at the top, the grid as large as the rest allows (a
/// mini grid at a child's size).
pub fn variant_page(puzzle: &Puzzle, solution: Option<&[u8]>, opts: &PrintOptions) -> Sheet {
    let frame = Frame::new(opts.trim, opts.bleed, 1, 1);
    let mut sheet = Sheet::blank(&frame);
    let live = Area { left: frame.live[0], top: frame.live[1], right: frame.live[2], bottom: frame.live[3] };
    let title = layout::clean_title(opts);
    let rules = layout::wrap(&rules_text(puzzle), BODY_SIZE, live.width());
    section_intro(&mut sheet, live, &title, &rules);
    let top = live.top + HEADING_SIZE * 1.6 + rules.len() as f32 * RULES_LEADING + BODY_SIZE;
    let m = Margins::of(puzzle);
    let (across, down) = (m.across(puzzle.side()) as f32, m.down(puzzle.side()) as f32);
    let mut cell = (live.width() / across).min((live.bottom - top) / down).floor().max(1.0);
    if puzzle.side() <= 6 {
        cell = cell.min(CHILD_CELL.1.floor());
    }
    let x = live.left + (live.width() - cell * across) / 2.0 + m.left as f32 * cell;
    let y = top + (live.bottom - top - cell * down) / 2.0 + m.top as f32 * cell;
    let solution = solution.filter(|s| s.len() == puzzle.canvas_len());
    GridFrame { puzzle, solution, x, y, cell }.draw(&mut sheet.marks);
    sheet
}

/// [`variant_page`] as a one-page PDF.
pub fn render_variant_page(puzzle: &Puzzle, solution: Option<&[u8]>, opts: &PrintOptions) -> Vec<u8> {
    crate::pdf::render_sheets(&[variant_page(puzzle, solution, opts)], &opts.title)
}

/// [`variant_book`] as one PDF file.
pub fn render_variant_pdf(sections: &[VariantSection], opts: &PrintOptions) -> Vec<u8> {
    crate::pdf::render_sheets(&variant_book(sections, opts), &opts.title)
}

/// [`variant_book`] as SVG documents, one per page.
pub fn render_variant_svg(sections: &[VariantSection], opts: &PrintOptions) -> Vec<String> {
    variant_book(sections, opts).iter().map(|sheet| crate::svg::render_sheet(sheet, &opts.title)).collect()
}

/// The grid alone on a sheet just larger than it (for `--each images`):
/// cells of [`layout::SINGLE_SIDE`] / 9 at 9×9, never under 16 pt for
/// larger grids. Render it with [`crate::svg::render_sheet`] and
/// [`crate::svg_to_png`].
pub fn variant_image(puzzle: &Puzzle, solution: Option<&[u8]>) -> Sheet {
    let margin = 4.0;
    let n = puzzle.side() as f32;
    let cell = (layout::SINGLE_SIDE / n).max(16.0);
    // Room for clues outside the grid, a cell on each side that has some.
    let m = Margins::of(puzzle);
    let width = cell * m.across(puzzle.side()) as f32 + 2.0 * margin;
    let height = cell * m.down(puzzle.side()) as f32 + 2.0 * margin;
    let mut sheet = Sheet {
        width,
        height,
        trim: [0.0, 0.0, width, height],
        grids: Vec::new(),
        texts: Vec::new(),
        vertical_texts: Vec::new(),
        marks: Vec::new(),
    };
    let solution = solution.filter(|s| s.len() == puzzle.canvas_len());
    let (x, y) = (margin + m.left as f32 * cell, margin + m.top as f32 * cell);
    GridFrame { puzzle, solution, x, y, cell }.draw(&mut sheet.marks);
    sheet
}

/// Each puzzle of the sections as an SVG image of its own ([`variant_image`]),
/// numbered as in [`variant_book`] (from [`PrintOptions::start_number`]);
/// with `answers`, each solution after its puzzle. The variant of the
/// classic [`crate::images`].
pub fn variant_images(sections: &[VariantSection], opts: &PrintOptions, answers: bool) -> Vec<Image> {
    let numbers = numbers(sections, opts);
    let mut out = Vec::new();
    for (s, section) in sections.iter().enumerate() {
        for (item, &number) in section.items.iter().zip(&numbers[s]) {
            for answer in [false, true] {
                if answer && !answers {
                    continue;
                }
                let kind = if answer { "Solution" } else { "Puzzle" };
                let sheet = variant_image(&item.puzzle, answer.then(|| shown(item)));
                let svg = crate::svg::render_sheet(&sheet, &format!("{kind} {number}"));
                out.push(Image { number, answer, svg });
            }
        }
    }
    out
}
