//! One variant grid as marks: shading, cell lines, box and region
//! borders, cage outlines and sums, digits.
//!
//! Lines run on the cell lattice: an edge between two cells of one box
//! (or region) is thin, an edge between two boxes, or between a cell and
//! the outside (a samurai's holes included), is thick. Cage outlines are
//! inset from the cell edges by half a thick line plus a gap, so two
//! neighbouring cages show two dashed lines with the cell line between.

use std::collections::BTreeSet;

use sudoku_variant::{digit_char, Glyph, Layout, Puzzle};

use crate::font::Font;
use crate::layout::{Anchor, TextRun};
use crate::marks::{Cap, Mark};

/// Gray of shaded cells (diagonals, windows): light enough for pencil.
pub(crate) const SHADE: f32 = 0.87;
/// Gray of the thin cell lines.
const THIN_GRAY: f32 = 0.3;
/// Gray of solved digits in an answer.
const SOLVED_GRAY: f32 = 0.4;

/// A grid to draw: the puzzle's shape, what its cells show, and where.
pub(crate) struct GridFrame<'a> {
    /// The puzzle (shape, rules, cages, givens).
    pub puzzle: &'a Puzzle,
    /// A solution to show (an answer), or `None` for the puzzle itself.
    pub solution: Option<&'a [u8]>,
    /// Left edge of the outer border's centre line.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Side of a cell.
    pub cell: f32,
}

/// Line widths and insets of a frame.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pens {
    pub thin: f32,
    pub thick: f32,
    pub cage: f32,
    /// How far inside the cell edge a cage outline runs.
    pub inset: f32,
}

impl GridFrame<'_> {
    /// Whether this is an answer.
    fn answer(&self) -> bool {
        self.solution.is_some()
    }

    /// The line widths: as the classic grids, the box lines a little
    /// lighter when there are cages to leave room for them.
    pub(crate) fn pens(&self) -> Pens {
        let cell = self.cell;
        let caged = self.puzzle.has_cages();
        let (thin, thick) = match (self.answer(), caged) {
            (true, _) => (0.35, (cell * 0.07).clamp(0.9, 1.4)),
            (false, false) => ((cell * 0.02).clamp(0.5, 0.8), (cell * 0.07).clamp(1.5, 2.6)),
            (false, true) => ((cell * 0.02).clamp(0.5, 0.8), (cell * 0.05).clamp(1.2, 2.0)),
        };
        let cage = if self.answer() { 0.3 } else { (cell * 0.02).clamp(0.45, 0.8) };
        let gap = (cell * 0.035).clamp(0.5, 1.4);
        Pens { thin, thick, cage, inset: thick / 2.0 + gap + cage / 2.0 }
    }

    fn left(&self, col: usize) -> f32 {
        self.x + col as f32 * self.cell
    }

    fn top(&self, row: usize) -> f32 {
        self.y + row as f32 * self.cell
    }

    /// Appends the grid's marks.
    pub(crate) fn draw(&self, marks: &mut Vec<Mark>) {
        let pens = self.pens();
        let glyphs = self.glyphs();
        let shaded = self.shading(marks, &glyphs);
        self.constraints(marks, &glyphs);
        self.lines(marks, pens);
        self.over_lines(marks, &glyphs);
        let labels = self.cages(marks, pens, &shaded, &glyphs);
        self.digits(marks, &labels);
    }

    /// The glyphs of every rule and constraint of the puzzle
    /// ([`sudoku_variant::Kind::glyphs`]), rules first.
    fn glyphs(&self) -> Vec<Glyph> {
        sudoku_variant::glyphs(self.puzzle)
    }

    /// The shaded cells ([`Glyph::Shade`]: X's diagonals, windoku's
    /// windows), a row run at a time.
    fn shading(&self, marks: &mut Vec<Mark>, glyphs: &[Glyph]) -> BTreeSet<usize> {
        let shaded: BTreeSet<usize> = glyphs
            .iter()
            .flat_map(|g| match g {
                Glyph::Shade { cells } => cells.as_slice(),
                _ => &[],
            })
            .map(|&c| usize::from(c))
            .collect();
        let side = self.puzzle.side();
        let mut cells = shaded.iter().copied().peekable();
        while let Some(first) = cells.next() {
            let mut last = first;
            while cells.peek().is_some_and(|&next| next == last + 1 && next / side == first / side) {
                last = cells.next().unwrap_or(last);
            }
            let (row, col) = (first / side, first % side);
            let n = (last - first + 1) as f32;
            marks.push(Mark::Fill {
                rect: [self.left(col), self.top(row), n * self.cell, self.cell],
                gray: SHADE,
            });
        }
        shaded
    }

    /// The glyphs other than shading and cages, under the grid lines and
    /// digits.
    fn constraints(&self, marks: &mut Vec<Mark>, glyphs: &[Glyph]) {
        let side = self.puzzle.side();
        let cell = self.cell;
        let centre = |i: u16| {
            let i = usize::from(i);
            [self.left(i % side) + cell / 2.0, self.top(i / side) + cell / 2.0]
        };
        for glyph in glyphs {
            match *glyph {
                Glyph::Disc { cell: at, radius, gray } => {
                    marks.push(Mark::Disc { centre: centre(at), radius: radius * cell, gray });
                }
                Glyph::Path { ref cells, width, gray, arrowhead, from_edge } => {
                    let points: Vec<[f32; 2]> = cells.iter().map(|&c| centre(c)).collect();
                    marks.push(Mark::Lines {
                        segments: path_segments(&points, from_edge * cell, arrowhead, cell * 0.22),
                        width: width * cell,
                        gray,
                        dash: None,
                        cap: Cap::Round,
                    });
                }
                Glyph::Square { cell: at, side: s, gray } => {
                    let [x, y] = centre(at);
                    let s = s * cell;
                    marks.push(Mark::Fill { rect: [x - s / 2.0, y - s / 2.0, s, s], gray });
                }
                Glyph::Shade { .. }
                | Glyph::Cage { .. }
                | Glyph::Dot { .. }
                | Glyph::Text { .. }
                | Glyph::Stroke { .. } => {}
            }
        }
    }

    /// The glyphs placed at points rather than on cells (dots on edges,
    /// letters, strokes), over the grid lines.
    fn over_lines(&self, marks: &mut Vec<Mark>, glyphs: &[Glyph]) {
        let cell = self.cell;
        let point = |x: f32, y: f32| [self.x + x * cell, self.y + y * cell];
        let font = Font::get();
        for glyph in glyphs {
            match glyph {
                &Glyph::Dot { x, y, radius, gray, ring } => {
                    let centre = point(x, y);
                    if ring > 0.0 {
                        marks.push(Mark::Disc { centre, radius: radius * cell, gray: 0.0 });
                    }
                    let inner = (radius - ring).max(0.0) * cell;
                    if ring == 0.0 || inner > 0.0 {
                        marks.push(Mark::Disc { centre, radius: inner, gray });
                    }
                }
                Glyph::Text { x, y, size, text } => {
                    let [cx, cy] = point(*x, *y);
                    let ink = font.ink('8');
                    // `size` is a digit's height: the font size that inks it.
                    let size = size * cell / (ink.y_max - ink.y_min);
                    let width = font.text_width(text, size);
                    marks.push(Mark::Text {
                        run: TextRun {
                            x: cx - width / 2.0,
                            y: cy + (ink.y_min + ink.y_max) / 2.0 * size,
                            size,
                            gray: 0.0,
                            anchor: Anchor::Start,
                            text: text.clone(),
                        },
                        bold: false,
                    });
                }
                Glyph::Stroke { points, width, gray, arrowhead } => {
                    let points: Vec<[f32; 2]> = points.iter().map(|&[x, y]| point(x, y)).collect();
                    marks.push(Mark::Lines {
                        segments: path_segments(&points, 0.0, *arrowhead, cell * 0.18),
                        width: width * cell,
                        gray: *gray,
                        dash: None,
                        cap: Cap::Round,
                    });
                }
                _ => {}
            }
        }
    }

    /// The house of each canvas position for the borders: its box or
    /// region, `None` for a hole between overlapping grids.
    fn box_ids(&self) -> Vec<Option<usize>> {
        let p = self.puzzle;
        let side = p.side();
        (0..side * side)
            .map(|i| {
                let (r, c) = (i / side, i % side);
                match p.layout() {
                    _ if !p.is_cell(i) => None,
                    Layout::Boxes { rows, cols } => {
                        let (rows, cols) = (usize::from(*rows), usize::from(*cols));
                        Some((r / rows) * (p.size() / cols) + c / cols)
                    }
                    Layout::Regions(regions) => Some(usize::from(regions[i])),
                    // Every grid's boxes sit on one lattice of the canvas
                    // (the offsets are multiples of the box shape).
                    Layout::Grids(_) => {
                        let (rows, cols) = p.box_shape();
                        Some((r / rows) * side.div_ceil(cols) + c / cols)
                    }
                }
            })
            .collect()
    }

    /// Thin and thick lines, each straight run of like edges one segment.
    fn lines(&self, marks: &mut Vec<Mark>, pens: Pens) {
        let side = self.puzzle.side();
        let ids = self.box_ids();
        let at = |r: isize, c: isize| -> Option<usize> {
            if r < 0 || c < 0 || r >= side as isize || c >= side as isize {
                None
            } else {
                ids[r as usize * side + c as usize]
            }
        };
        // 0: no line, 1: thin, 2: thick.
        let kind = |a: Option<usize>, b: Option<usize>| match (a, b) {
            (None, None) => 0,
            (Some(a), Some(b)) if a == b => 1,
            _ => 2,
        };
        let (mut thin, mut thick) = (Vec::new(), Vec::new());
        for line in 0..=side {
            for horizontal in [true, false] {
                let mut run: Option<(usize, u8)> = None;
                for k in 0..=side {
                    let here = if k == side {
                        0
                    } else if horizontal {
                        kind(at(line as isize - 1, k as isize), at(line as isize, k as isize))
                    } else {
                        kind(at(k as isize, line as isize - 1), at(k as isize, line as isize))
                    };
                    if run.is_some_and(|(_, kind)| kind == here) {
                        continue;
                    }
                    if let Some((start, kind)) = run.take() {
                        let (a, b) = (start as f32 * self.cell, k as f32 * self.cell);
                        let l = line as f32 * self.cell;
                        let seg = if horizontal {
                            [self.x + a, self.y + l, self.x + b, self.y + l]
                        } else {
                            [self.x + l, self.y + a, self.x + l, self.y + b]
                        };
                        if kind == 1 { &mut thin } else { &mut thick }.push(seg);
                    }
                    if here != 0 {
                        run = Some((k, here));
                    }
                }
            }
        }
        marks.push(Mark::Lines {
            segments: thin,
            width: pens.thin,
            gray: THIN_GRAY,
            dash: None,
            cap: Cap::Butt,
        });
        marks.push(Mark::Lines {
            segments: thick,
            width: pens.thick,
            gray: 0.0,
            dash: None,
            cap: Cap::Square,
        });
    }

    /// Dashed cage outlines ([`Glyph::Cage`]) and their labels, over the
    /// grid lines; returns each label's cell and its bottom (for the digit
    /// below it).
    fn cages(
        &self,
        marks: &mut Vec<Mark>,
        pens: Pens,
        shaded: &BTreeSet<usize>,
        glyphs: &[Glyph],
    ) -> Vec<(usize, f32)> {
        let p = self.puzzle;
        let cages: Vec<(&[u16], Option<&String>)> = glyphs
            .iter()
            .filter_map(|g| match g {
                Glyph::Cage { cells, label } => Some((cells.as_slice(), label.as_ref())),
                _ => None,
            })
            .collect();
        if cages.is_empty() {
            return Vec::new();
        }
        let side = p.side() as isize;
        let d = pens.inset;
        let cell = self.cell;
        let mut segments = Vec::new();
        let mut labels = Vec::new();
        let mut texts = Vec::new();
        for (cells, label) in cages {
            let members: BTreeSet<isize> = cells.iter().map(|&c| isize::from(c as i16)).collect();
            let inside = |r: isize, c: isize| {
                r >= 0 && c >= 0 && r < side && c < side && members.contains(&(r * side + c))
            };
            // How far an outline end moves along its edge: in by `d` at an
            // outer corner, out by `d` at an inner corner, 0 where the
            // outline goes straight on into the next cell.
            let end = |beside: bool, diagonal: bool| {
                if !beside {
                    d
                } else if diagonal {
                    -d
                } else {
                    0.0
                }
            };
            let mut horizontal: Vec<[f32; 4]> = Vec::new();
            let mut vertical: Vec<[f32; 4]> = Vec::new();
            for &i in &members {
                let (r, c) = (i / side, i % side);
                let (left, top) = (self.left(c as usize), self.top(r as usize));
                let (right, bottom) = (left + cell, top + cell);
                for (dr, y) in [(-1, top + d), (1, bottom - d)] {
                    if !inside(r + dr, c) {
                        let x1 = left + end(inside(r, c - 1), inside(r + dr, c - 1));
                        let x2 = right - end(inside(r, c + 1), inside(r + dr, c + 1));
                        horizontal.push([x1, y, x2, y]);
                    }
                }
                for (dc, x) in [(-1, left + d), (1, right - d)] {
                    if !inside(r, c + dc) {
                        let y1 = top + end(inside(r - 1, c), inside(r - 1, c + dc));
                        let y2 = bottom - end(inside(r + 1, c), inside(r + 1, c + dc));
                        vertical.push([x, y1, x, y2]);
                    }
                }
            }
            segments.extend(merge(horizontal, true));
            segments.extend(merge(vertical, false));
            if let Some(text) = label {
                let first = usize::from(cells[0]);
                let (r, c) = (first / p.side(), first % p.side());
                let (left, top) = (self.left(c), self.top(r));
                let size = (cell * 0.24).clamp(3.5, 10.0);
                let font = Font::get();
                let text = text.clone();
                let ink = font.ink('8');
                let x = left + d + size * 0.1;
                let baseline = top + d + size * 0.1 + ink.y_max * size;
                let width = font.text_width(&text, size);
                let pad = size * 0.12;
                // The knock-out, in the cell's own shade: the dashes stop
                // around the number.
                texts.push(Mark::Fill {
                    rect: [
                        x - pad - pens.cage,
                        top + d - pens.cage,
                        width + 2.0 * pad + pens.cage,
                        baseline - top - d + pad + pens.cage,
                    ],
                    gray: if shaded.contains(&first) { SHADE } else { 1.0 },
                });
                texts.push(Mark::Text {
                    run: TextRun { x, y: baseline, size, gray: 0.0, anchor: Anchor::Start, text },
                    bold: false,
                });
                labels.push((first, baseline + pad));
            }
        }
        let (on, off) = ((cell * 0.09).clamp(1.0, 3.2), (cell * 0.06).clamp(0.8, 2.2));
        // Segments of one dash pattern share a mark.
        let mut patterns: Vec<([f32; 2], Vec<[f32; 4]>)> = Vec::new();
        for seg in segments {
            let dash = fitted_dash(seg, on, off);
            match patterns.iter_mut().find(|(d, _)| *d == dash) {
                Some((_, list)) => list.push(seg),
                None => patterns.push((dash, vec![seg])),
            }
        }
        for (dash, segments) in patterns {
            marks.push(Mark::Lines {
                segments,
                width: pens.cage,
                gray: 0.0,
                dash: Some(dash),
                cap: Cap::Butt,
            });
        }
        marks.extend(texts);
        labels
    }

    /// The digits: givens (bold in an answer), solved cells in grey.
    /// A digit under a cage sum shrinks to clear it.
    fn digits(&self, marks: &mut Vec<Mark>, labels: &[(usize, f32)]) {
        let p = self.puzzle;
        let side = p.side();
        let font = Font::get();
        let scale = digit_scale(p.size(), self.answer());
        let shown = self.solution.unwrap_or(p.givens());
        for (i, &digit) in shown.iter().enumerate() {
            if digit == 0 || usize::from(digit) > p.size() || !p.is_cell(i) {
                continue;
            }
            let given = p.givens()[i] != 0;
            let ch = digit_char(digit);
            let ink = font.ink(ch);
            let (cx, cy) = (self.left(i % side) + self.cell / 2.0, self.top(i / side) + self.cell / 2.0);
            let mut size = self.cell * scale;
            if let Some(&(_, label_bottom)) = labels.iter().find(|(cell, _)| *cell == i) {
                // Ink top is cy - (y_max - y_min) / 2 * size; keep it below the label.
                let room = cy - label_bottom - self.cell * 0.02;
                size = size.min(2.0 * room / (ink.y_max - ink.y_min));
            }
            let gray = if given || !self.answer() { 0.0 } else { SOLVED_GRAY };
            marks.push(Mark::Text {
                run: TextRun {
                    x: cx - (ink.x_min + ink.x_max) / 2.0 * size,
                    y: cy + (ink.y_min + ink.y_max) / 2.0 * size,
                    size,
                    gray,
                    anchor: Anchor::Start,
                    text: ch.to_string(),
                },
                bold: given && self.answer(),
            });
        }
    }
}

/// Room around a grid for glyphs outside it (a sandwich sum, a little
/// killer's arrow), in whole cells: one on each side some glyph reaches
/// past, none elsewhere, so a grid without outside clues is laid out as
/// before.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Margins {
    pub left: usize,
    pub top: usize,
    pub right: usize,
    pub bottom: usize,
}

impl Margins {
    /// The room `puzzle`'s glyphs need.
    pub(crate) fn of(puzzle: &Puzzle) -> Margins {
        let side = puzzle.side() as f32;
        let mut m = Margins::default();
        let mut reach = |x: f32, y: f32| {
            m.left |= usize::from(x < 0.0);
            m.top |= usize::from(y < 0.0);
            m.right |= usize::from(x > side);
            m.bottom |= usize::from(y > side);
        };
        for glyph in sudoku_variant::glyphs(puzzle) {
            match glyph {
                Glyph::Dot { x, y, .. } | Glyph::Text { x, y, .. } => reach(x, y),
                Glyph::Stroke { points, .. } => points.iter().for_each(|&[x, y]| reach(x, y)),
                _ => {}
            }
        }
        m
    }

    /// Cells across: the grid's `side` and the room beside it.
    pub(crate) fn across(self, side: usize) -> usize {
        side + self.left + self.right
    }

    /// Cells down.
    pub(crate) fn down(self, side: usize) -> usize {
        side + self.top + self.bottom
    }
}

/// A digit's size in a cell of side 1: on a grid of side `size`, in a
/// puzzle or an `answer`.
pub(crate) fn digit_scale(size: usize, answer: bool) -> f32 {
    match (answer, size > 9) {
        (false, false) => 0.6,
        (true, false) => 0.62,
        (_, true) => 0.55,
    }
}

/// A dash pattern near `on`, `off` that fits `seg` exactly: it starts and
/// ends with a dash, so every corner of a cage is inked. Lengths are
/// rounded to hundredths of a point, so equal segments share a pattern.
fn fitted_dash(seg: [f32; 4], on: f32, off: f32) -> [f32; 2] {
    let len = (seg[2] - seg[0]).abs() + (seg[3] - seg[1]).abs();
    let periods = ((len - on) / (on + off)).round().max(0.0);
    let scale = if periods == 0.0 { 1.0 } else { len / (periods * (on + off) + on) };
    let round = |v: f32| (v * 100.0).round() / 100.0;
    [round(on * scale), round(off * scale)]
}

/// Collinear segments that touch, joined: horizontal ones (same y) or
/// vertical ones (same x).
fn merge(mut segments: Vec<[f32; 4]>, horizontal: bool) -> Vec<[f32; 4]> {
    let (line, start, end) = if horizontal { (1, 0, 2) } else { (0, 1, 3) };
    segments.sort_by(|a, b| a[line].total_cmp(&b[line]).then(a[start].total_cmp(&b[start])));
    let mut out: Vec<[f32; 4]> = Vec::with_capacity(segments.len());
    for s in segments {
        match out.last_mut() {
            Some(last) if (last[line] - s[line]).abs() < 1e-3 && (last[end] - s[start]).abs() < 1e-3 => {
                last[end] = s[end];
            }
            _ => out.push(s),
        }
    }
    out
}

/// The segments of a line through `points`: its start moved `skip` along
/// the first segment (off a circle's rim), and an arrowhead of sides
/// `head` at its end when asked.
fn path_segments(points: &[[f32; 2]], skip: f32, arrowhead: bool, head: f32) -> Vec<[f32; 4]> {
    let mut points = points.to_vec();
    if points.len() >= 2 && skip > 0.0 {
        let ([x1, y1], [x2, y2]) = (points[0], points[1]);
        let length = (x2 - x1).hypot(y2 - y1);
        if length > skip {
            points[0] = [x1 + (x2 - x1) * skip / length, y1 + (y2 - y1) * skip / length];
        }
    }
    let mut segments: Vec<[f32; 4]> =
        points.windows(2).map(|w| [w[0][0], w[0][1], w[1][0], w[1][1]]).collect();
    if arrowhead {
        if let Some(&[x1, y1, x2, y2]) = segments.last() {
            let angle = (y2 - y1).atan2(x2 - x1);
            for turn in [2.6f32, -2.6] {
                let a = angle + turn;
                segments.push([x2, y2, x2 + head * a.cos(), y2 + head * a.sin()]);
            }
        }
    }
    segments
}
