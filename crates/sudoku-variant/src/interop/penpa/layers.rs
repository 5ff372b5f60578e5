//! The problem layer `pu_q` of a Penpa+ square grid, layer by layer, into
//! givens, regions, the X rule and constraints; everything else named in
//! the refusal (see the module docs of `penpa` for the table).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::frame::{Frame, Point};
use super::lines;
use crate::{kind_named, Constraint, Instance, Kind};

/// What the layers say, before it is checked as a puzzle.
#[derive(Debug, Default)]
pub(super) struct Layers {
    /// One digit a canvas cell, 0 blank.
    pub givens: Vec<u8>,
    /// The region of each canvas cell, when the thick lines make n regions
    /// of n cells; the complaint otherwise.
    pub regions: Option<Result<Vec<u8>, String>>,
    /// Both main diagonals are drawn.
    pub x: bool,
    /// The constraints drawn on the grid.
    pub constraints: Vec<Constraint>,
    /// What cannot be kept, each named once.
    pub unsupported: Vec<String>,
    /// Malformed fields: (field, why).
    pub malformed: Option<(String, String)>,
    /// How the givens were written, for the letters' check.
    written: Written,
}

/// How the givens were written: letters are read only where they cannot
/// mean another alphabet (see [`check_letters`]).
#[derive(Debug, Default)]
struct Written {
    /// Cells whose given is a letter.
    letters: Vec<u16>,
    /// A given written as a number 1-9.
    digit: bool,
    /// A given written as a number past 9 (`10`, ...).
    past_nine: bool,
    /// The given of the side's own letter (`G` on 16x16).
    last_letter: bool,
}

/// Layers that only record the editor's history.
const HISTORY: [&str; 3] = ["command_redo", "command_undo", "command_replay"];

/// Layers refused whenever they hold anything, with what to call them.
const REFUSED: [(&str, &str); 8] = [
    ("surface", "shaded cells (surface)"),
    ("freeline", "free lines (freeline)"),
    ("freelineE", "free edge lines (freelineE)"),
    ("wall", "walls (wall)"),
    ("direction", "arrows without a circle (direction)"),
    ("squareframe", "square frames (squareframe)"),
    ("polygon", "polygons (polygon)"),
    ("nobulbthermo", "thermometers without a bulb (nobulbthermo)"),
];

/// Layers read here.
const READ: [&str; 10] = [
    "number",
    "numberS",
    "symbol",
    "thermo",
    "arrows",
    "killercages",
    "cage",
    "lineE",
    "deletelineE",
    "line",
];

/// Line styles of a thick border (Penpa's `set_line_style`: 2 and 21 are
/// black and 3 or 5 pixels wide).
const THICK: [i64; 2] = [2, 21];
/// Line styles drawn like the grid's own lines: 1 (grid), 80 (grid-like).
const GRID_LIKE: [i64; 2] = [1, 80];

fn kind(name: &str) -> &'static dyn Kind {
    kind_named(name).expect("the kinds the Penpa reader maps to are registered")
}

/// Whether a layer holds nothing: null, `{}`, `[]`, or a list of empty
/// entries (Penpa leaves `null` or `[]` where an item was deleted).
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Object(m) => m.values().all(Value::is_null),
        Value::Array(a) => a.iter().all(|v| v.is_null() || v.as_array().is_some_and(Vec::is_empty)),
        _ => false,
    }
}

/// A point number as Penpa writes keys (`"123"`, `"123E"` for an entry
/// written in edge mode).
fn key_point(key: &str) -> Option<usize> {
    key.strip_suffix('E').unwrap_or(key).parse().ok()
}

/// An entry's text: a string, or a number written as one.
fn text_of(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

impl Layers {
    pub(super) fn refuse(&mut self, what: String) {
        if !self.unsupported.contains(&what) {
            self.unsupported.push(what);
        }
    }

    pub(super) fn malformed(&mut self, field: &str, why: String) {
        if self.malformed.is_none() {
            self.malformed = Some((field.to_string(), why));
        }
    }
}

/// Reads `pu_q` on `frame`.
pub(super) fn read(frame: &Frame, pu_q: &Map<String, Value>) -> Layers {
    let n = frame.n;
    let mut out = Layers { givens: vec![0; n * n], ..Layers::default() };
    for (key, value) in pu_q {
        let key = key.as_str();
        if HISTORY.contains(&key) || READ.contains(&key) || is_empty(value) {
            continue;
        }
        match REFUSED.iter().find(|(k, _)| *k == key) {
            Some((_, what)) => out.refuse((*what).to_string()),
            None => out.refuse(format!("the layer {key}")),
        }
    }
    if pu_q.get("deletelineE").is_some_and(|v| !is_empty(v)) {
        out.refuse("removed grid lines (deletelineE)".into());
    }
    let field = |name: &str| pu_q.get(name).filter(|v| !is_empty(v));
    let mut thermos = cell_lists(frame, field("thermo"), "thermo", &mut out);
    let arrows = cell_lists(frame, field("arrows"), "arrows", &mut out);
    let cages = cell_lists(frame, field("killercages"), "killercages", &mut out);
    // Circles drawn on an arrow's circle or a bulb repeat what those draw.
    let mut circled: BTreeSet<u16> =
        arrows.iter().chain(&thermos).filter_map(|c| c.first().copied()).collect();
    // Hand-drawn thermometers: a line from a circle (see `lines.rs`).
    let circles = circle_cells(frame, field("symbol"));
    let drawn = lines::read_lines(frame, field("line"), &circles, &circled, &thermos, &mut out);
    circled.extend(drawn.iter().map(|t| t[0]));
    thermos.extend(drawn);
    read_numbers(frame, field("number"), &mut out);
    let sums = read_sums(frame, field("numberS"), &cages, &mut out);
    read_symbols(frame, field("symbol"), &circled, &mut out);
    read_cage_lines(frame, field("cage"), &cages, &mut out);
    read_edges(frame, field("lineE"), &mut out);
    for cells in thermos {
        out.constraints.push(Constraint::new(kind("thermo"), vec![cells]));
    }
    for cells in arrows {
        let (circle, line) = cells.split_at(1.min(cells.len()));
        out.constraints.push(Constraint::new(kind("arrow"), vec![circle.to_vec(), line.to_vec()]));
    }
    for (at, mut cells) in cages.into_iter().enumerate() {
        cells.sort_unstable();
        let value = sums.get(&at).copied();
        out.constraints.push(Constraint::of(kind("killer"), Instance { parts: vec![cells], value }));
    }
    check_letters(frame, &mut out);
    out
}

/// The digit a given's text stands for on a side of `n`, and whether it
/// was written as a letter: a number 1 to n, or one letter (either case)
/// for 10 and up, `A` = 10 (the model's alphabet, `digits.rs`).
pub(super) fn given_digit(text: &str, n: usize) -> Option<(u8, bool)> {
    if let Ok(d) = text.parse::<usize>() {
        return (1..=n).contains(&d).then_some((d as u8, false));
    }
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            let d = 10 + usize::from(c.to_ascii_uppercase() as u8 - b'A');
            (n >= 10 && d <= n).then_some((d as u8, true))
        }
        _ => None,
    }
}

/// Kinds whose rule reads the digits' values (not only which are equal):
/// for them `0` and 16 differ.
const VALUED: [&str; 5] = ["thermo", "arrow", "killer", "kropki", "xv"];

/// Letters as givens are read as the model's digits 10 and up (`A` = 10,
/// Penpa's sudoku keypad writes them as typed). Refused as ambiguous,
/// by name: letters beside numbers past 9 (which is 10?); letters with
/// no digit 1-9 given (letters for every digit?); and letters where a
/// rule reads the digits' values but the side's own letter (`G` on a
/// 16x16) is not given, since then `1-9, A-G` cannot be told from
/// `0-9, A-F` (the same puzzle but for 16 written as `0`, the lowest).
fn check_letters(frame: &Frame, out: &mut Layers) {
    let Some(&first) = out.written.letters.first() else { return };
    let at = frame.name(first);
    if out.written.past_nine {
        out.refuse(format!("letters as givens (at {at}) beside numbers past 9: which is 10?"));
    } else if !out.written.digit {
        out.refuse(format!("letters as givens (at {at}) and no digit 1-9: letters for every digit?"));
    } else if !out.written.last_letter {
        // A killer cage without a sum only asks for different digits.
        let valued = out.constraints.iter().find(|c| {
            VALUED.contains(&c.kind().name()) && (c.kind().name() != "killer" || c.value().is_some())
        });
        if let Some(name) = valued.map(|c| c.kind().name()) {
            let last = crate::digit_char(frame.n as u8);
            out.refuse(format!(
                "letters as givens (at {at}) with {name} and no {last} given: 1-9, A-{last} cannot be \
                 told from 0-9, A-{}",
                crate::digit_char(frame.n as u8 - 1)
            ));
        }
    }
}

/// The lists of cells of a list layer (`thermo`, `arrows`,
/// `killercages`), deleted entries skipped; a point off the grid is
/// malformed.
fn cell_lists(frame: &Frame, value: Option<&Value>, field: &str, out: &mut Layers) -> Vec<Vec<u16>> {
    let Some(value) = value else { return Vec::new() };
    let Some(entries) = value.as_array() else {
        out.malformed(field, "expected a list".into());
        return Vec::new();
    };
    let mut lists = Vec::new();
    for (at, entry) in entries.iter().enumerate() {
        let Some(points) = entry.as_array() else {
            if !entry.is_null() {
                out.malformed(field, format!("entry {} is not a list of points", at + 1));
            }
            continue;
        };
        if points.is_empty() {
            continue;
        }
        let cells: Option<Vec<u16>> = points
            .iter()
            .map(|p| p.as_u64().and_then(|k| usize::try_from(k).ok()).and_then(|k| frame.centre_cell(k)))
            .collect();
        match cells {
            Some(cells) => lists.push(cells),
            None => out.malformed(field, format!("entry {} has a point that is no cell of the grid", at + 1)),
        }
    }
    lists
}

/// The givens a side reads, for refusals: `1-9`, `1-16 or A-G`.
fn alphabet(n: usize) -> String {
    match n {
        0..=9 => format!("1-{n}"),
        _ => format!("1-{n} or A-{}", crate::digit_char(n as u8)),
    }
}

/// Penpa's names of the number submodes, for refusals.
fn submode_name(submode: &str) -> &'static str {
    match submode {
        "1" => "normal",
        "2" => "with an arrow",
        "3" => "in a circle",
        "4" => "tapa",
        "5" => "small",
        "6" => "medium",
        "7" => "pencil marks",
        "8" => "long",
        "10" => "big",
        _ => "of another style",
    }
}

/// The cells holding a large or medium circle (`circle_L`, `circle_M`),
/// of any style: a hand-drawn thermometer's bulb (see `lines.rs`).
fn circle_cells(frame: &Frame, value: Option<&Value>) -> BTreeSet<u16> {
    let Some(entries) = value.and_then(Value::as_object) else { return BTreeSet::new() };
    entries
        .iter()
        .filter(|(_, entry)| matches!(text_of(entry.get(1)).as_str(), "circle_L" | "circle_M"))
        .filter_map(|(key, _)| key_point(key).and_then(|k| frame.centre_cell(k)))
        .collect()
}

/// The `number` layer: normal digits in cells are givens, X and V on an
/// edge between two cells are XV marks.
fn read_numbers(frame: &Frame, value: Option<&Value>, out: &mut Layers) {
    let Some(value) = value else { return };
    let Some(entries) = value.as_object() else {
        return out.malformed("number", "expected an object".into());
    };
    let n = frame.n;
    for (key, entry) in entries {
        if entry.is_null() {
            continue;
        }
        let Some(k) = key_point(key) else {
            out.malformed("number", format!("{key:?} is not a point"));
            continue;
        };
        let text = text_of(entry.get(0));
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let submode = text_of(entry.get(2));
        let point = frame.point(k);
        match point {
            Point::Centre(x, y) if submode == "1" => match (frame.cell(x, y), given_digit(text, n)) {
                (Some(cell), Some((d, letter))) => {
                    out.givens[usize::from(cell)] = d;
                    let w = &mut out.written;
                    if letter {
                        w.letters.push(cell);
                        w.last_letter |= usize::from(d) == n;
                    } else {
                        w.digit |= d <= 9;
                        w.past_nine |= d > 9;
                    }
                }
                (Some(cell), None) => out.refuse(format!(
                    "number {text:?} in {} (not a digit {})",
                    frame.name(cell),
                    alphabet(n)
                )),
                (None, _) => out.refuse(format!("number {text:?} outside the grid")),
            },
            Point::EdgeBelow(..) | Point::EdgeRight(..) if frame.edge_cells(point).is_some() => {
                let value = match text.to_ascii_uppercase().as_str() {
                    "X" => 10,
                    "V" => 5,
                    _ => {
                        out.refuse(format!("number {text:?} on {}", frame.place(point)));
                        continue;
                    }
                };
                let (a, b) = frame.edge_cells(point).expect("checked above");
                let it = Instance { parts: vec![vec![a, b]], value: Some(value) };
                out.constraints.push(Constraint::of(kind("xv"), it));
            }
            Point::Centre(..) => {
                out.refuse(format!("number {text:?} ({}) in {}", submode_name(&submode), frame.place(point)))
            }
            _ => out.refuse(format!("number {text:?} on {}", frame.place(point))),
        }
    }
}

/// The `numberS` layer: a number at a corner of a killer cage's cell is
/// the cage's sum. Returns the sums by cage.
fn read_sums(
    frame: &Frame,
    value: Option<&Value>,
    cages: &[Vec<u16>],
    out: &mut Layers,
) -> BTreeMap<usize, u32> {
    let mut sums = BTreeMap::new();
    let Some(value) = value else { return sums };
    let Some(entries) = value.as_object() else {
        out.malformed("numberS", "expected an object".into());
        return sums;
    };
    for (key, entry) in entries {
        let text = text_of(entry.get(0));
        let text = text.trim();
        if entry.is_null() || text.is_empty() {
            continue;
        }
        let Some(k) = key_point(key) else {
            out.malformed("numberS", format!("{key:?} is not a point"));
            continue;
        };
        let point = frame.point(k);
        let cell = match point {
            Point::Quarter(x, y, _) => frame.cell(x, y),
            _ => None,
        };
        let Some(cage) = cell.and_then(|c| cages.iter().position(|cage| cage.contains(&c))) else {
            out.refuse(format!("small number {text:?} at {}, in no killer cage", frame.place(point)));
            continue;
        };
        let Ok(sum) = text.parse::<u32>() else {
            out.refuse(format!("killer cage sum {text:?} at {} (not a whole number)", frame.place(point)));
            continue;
        };
        if sums.insert(cage, sum).is_some_and(|other| other != sum) {
            out.refuse(format!("two sums in the killer cage at {}", frame.place(point)));
        }
    }
    sums
}

/// The `symbol` layer: small circles on an edge are kropki dots (white:
/// styles 1 and 8, black: 2); grey large circles and squares in a cell
/// (style 3, Penpa's odd/even template) are odd and even cells; a circle
/// on an arrow's circle or a thermometer's bulb repeats it.
fn read_symbols(frame: &Frame, value: Option<&Value>, circled: &BTreeSet<u16>, out: &mut Layers) {
    let Some(value) = value else { return };
    let Some(entries) = value.as_object() else {
        return out.malformed("symbol", "expected an object".into());
    };
    for (key, entry) in entries {
        if entry.is_null() {
            continue;
        }
        let Some(k) = key_point(key) else {
            out.malformed("symbol", format!("{key:?} is not a point"));
            continue;
        };
        let style = entry.get(0).and_then(Value::as_i64).unwrap_or(-1);
        let name = text_of(entry.get(1));
        let point = frame.point(k);
        let cell = match point {
            Point::Centre(x, y) => frame.cell(x, y),
            _ => None,
        };
        match (name.as_str(), point, cell) {
            ("circle_SS" | "circle_S", Point::EdgeBelow(..) | Point::EdgeRight(..), _)
                if frame.edge_cells(point).is_some() =>
            {
                let value = match style {
                    1 | 8 => 1,
                    2 => 2,
                    _ => {
                        out.refuse(format!("{name} of style {style} on {}", frame.place(point)));
                        continue;
                    }
                };
                let (a, b) = frame.edge_cells(point).expect("checked above");
                let it = Instance { parts: vec![vec![a, b]], value: Some(value) };
                out.constraints.push(Constraint::of(kind("kropki"), it));
            }
            ("circle_L" | "circle_M", _, Some(c)) if circled.contains(&c) => {}
            ("circle_L", _, Some(c)) if style == 3 => {
                out.constraints.push(Constraint::new(kind("odd"), vec![vec![c]]))
            }
            ("square_L", _, Some(c)) if style == 3 => {
                out.constraints.push(Constraint::new(kind("even"), vec![vec![c]]))
            }
            _ => out.refuse(format!("symbol {name} of style {style} at {}", frame.place(point))),
        }
    }
}

/// The `cage` layer: dashed lines between quarter points. Each must join
/// two cells of one killer cage (the outline Penpa draws for it); any
/// other cage line is refused.
fn read_cage_lines(frame: &Frame, value: Option<&Value>, cages: &[Vec<u16>], out: &mut Layers) {
    let Some(value) = value else { return };
    let Some(entries) = value.as_object() else { return out.malformed("cage", "expected an object".into()) };
    for (key, style) in entries {
        if style.is_null() {
            continue;
        }
        let Some(ends) = segment(key) else {
            out.malformed("cage", format!("{key:?} is not two points"));
            continue;
        };
        let cell = |k: usize| match frame.point(k) {
            Point::Quarter(x, y, _) => frame.cell(x, y),
            _ => None,
        };
        let in_a_cage = match (cell(ends.0), cell(ends.1)) {
            (Some(a), Some(b)) => cages.iter().any(|cage| cage.contains(&a) && cage.contains(&b)),
            _ => false,
        };
        if !in_a_cage {
            out.refuse(format!(
                "cage lines at {} outside the killer cages",
                frame.place(frame.point(ends.0))
            ));
        }
    }
}

/// A segment key `"a,b"`.
fn segment(key: &str) -> Option<(usize, usize)> {
    let (a, b) = key.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The `lineE` layer: lines between cell corners. Thick ones on an edge
/// between two cells are region borders; lines on the grid's rim, and
/// thin ones drawn like the grid's own, add nothing; diagonal ones must
/// be both main diagonals whole (the X rule). Anything else is refused.
fn read_edges(frame: &Frame, value: Option<&Value>, out: &mut Layers) {
    let n = frame.n;
    let mut walls = BTreeSet::new();
    let mut diagonal = BTreeSet::new();
    if let Some(value) = value {
        let Some(entries) = value.as_object() else {
            return out.malformed("lineE", "expected an object".into());
        };
        for (key, style) in entries {
            if style.is_null() {
                continue;
            }
            let style = style.as_i64().unwrap_or(-1);
            let corners = segment(key).map(|(a, b)| (frame.point(a), frame.point(b)));
            let Some((Point::Corner(x1, y1), Point::Corner(x2, y2))) = corners else {
                out.malformed("lineE", format!("{key:?} is not two corners"));
                continue;
            };
            let ((xa, ya), (xb, yb)) =
                if (x1, y1) <= (x2, y2) { ((x1, y1), (x2, y2)) } else { ((x2, y2), (x1, y1)) };
            // Cells on the two sides of an edge, or the cell a diagonal crosses.
            let (a, b) = match (xb as isize - xa as isize, yb as isize - ya as isize) {
                (1, 0) => (frame.cell(xa, ya.wrapping_sub(1)), frame.cell(xa, ya)),
                (0, 1) => (frame.cell(xa.wrapping_sub(1), ya), frame.cell(xa, ya)),
                // Corners sorted by (x, y): `\` runs down, `/` up.
                (1, 1) | (1, -1) => {
                    let down = yb > ya;
                    match frame.cell(xa, ya.min(yb)) {
                        Some(c) => {
                            diagonal.insert((c, down));
                        }
                        None => out.unsupported_push_line(style, "outside the grid"),
                    }
                    continue;
                }
                _ => {
                    out.unsupported_push_line(style, "between corners that are not neighbours");
                    continue;
                }
            };
            match (a, b) {
                (Some(a), Some(b)) if THICK.contains(&style) => {
                    walls.insert((a, b));
                }
                (Some(_), Some(_)) if GRID_LIKE.contains(&style) => {}
                (Some(_), None) | (None, Some(_)) if THICK.contains(&style) || GRID_LIKE.contains(&style) => {
                }
                (None, None) => out.unsupported_push_line(style, "outside the grid"),
                _ => out.unsupported_push_line(style, "on the grid"),
            }
        }
    }
    let main: BTreeSet<(u16, bool)> = (0..n)
        .map(|i| ((i * n + i) as u16, true))
        .chain((0..n).map(|i| ((i * n + n - 1 - i) as u16, false)))
        .collect();
    if diagonal == main {
        out.x = true;
    } else if !diagonal.is_empty() {
        out.refuse("diagonal lines other than both main diagonals whole (X)".into());
    }
    out.regions = Some(regions(n, &walls));
    // A thick line inside a region borders nothing.
    if let Some(Ok(regions)) = &out.regions {
        if let Some(&(a, _)) =
            walls.iter().find(|&&(a, b)| regions[usize::from(a)] == regions[usize::from(b)])
        {
            out.refuse(format!("a thick line inside a region (at {})", frame.name(a)));
        }
    }
}

impl Layers {
    fn unsupported_push_line(&mut self, style: i64, place: &str) {
        self.refuse(format!("edge lines of style {style} {place} (lineE)"));
    }
}

/// The regions the walls cut the n×n grid into, numbered in reading order
/// of their first cells, when they are n regions of n cells.
fn regions(n: usize, walls: &BTreeSet<(u16, u16)>) -> Result<Vec<u8>, String> {
    let mut region = vec![usize::MAX; n * n];
    let mut sizes = Vec::new();
    for start in 0..n * n {
        if region[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut stack = vec![start];
        region[start] = id;
        let mut size = 0;
        while let Some(c) = stack.pop() {
            size += 1;
            let (r, col) = (c / n, c % n);
            let mut next = Vec::with_capacity(4);
            if col + 1 < n {
                next.push((c, c + 1));
            }
            if r + 1 < n {
                next.push((c, c + n));
            }
            if col > 0 {
                next.push((c - 1, c));
            }
            if r > 0 {
                next.push((c - n, c));
            }
            for (a, b) in next {
                let other = if a == c { b } else { a };
                if region[other] == usize::MAX && !walls.contains(&(a as u16, b as u16)) {
                    region[other] = id;
                    stack.push(other);
                }
            }
        }
        sizes.push(size);
    }
    if sizes.len() == n && sizes.iter().all(|&s| s == n) {
        Ok(region.into_iter().map(|r| r as u8).collect())
    } else {
        let shown: Vec<String> = sizes.iter().take(12).map(usize::to_string).collect();
        let more = if sizes.len() > 12 { ", ..." } else { "" };
        Err(format!(
            "the thick lines cut the grid into {} regions of {}{more} cells, expected {n} regions of {n}",
            sizes.len(),
            shown.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid of side `n` without margins.
    fn frame(n: usize) -> Frame {
        Frame { nx0: n + 4, ny0: n + 4, top: 2, left: 2, n }
    }

    /// Penpa's centre point of r(row)c(col), 1-based.
    fn centre(f: &Frame, row: usize, col: usize) -> usize {
        (row + 1) * f.nx0 + col + 1
    }

    /// `pu_q` with normal numbers (givens) at (row, col) and the layers
    /// of `more` (JSON members).
    fn pu_q(f: &Frame, givens: &[(usize, usize, &str)], more: &str) -> Map<String, Value> {
        let numbers: Vec<String> =
            givens.iter().map(|&(r, c, t)| format!(r#""{}":["{t}",1,"1"]"#, centre(f, r, c))).collect();
        let text = format!(r#"{{"number":{{{}}}{more}}}"#, numbers.join(","));
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn r47_letters_are_the_digits_past_nine_either_case() {
        let f = frame(16);
        let got = read(&f, &pu_q(&f, &[(1, 1, "A"), (1, 2, "g"), (1, 3, "1"), (2, 1, "F")], ""));
        assert!(got.unsupported.is_empty(), "{:?}", got.unsupported);
        assert_eq!(&got.givens[..3], [10, 16, 1]);
        assert_eq!(got.givens[16], 15);
        // On a 12x12 the letters stop at C; on a 9x9 there are none.
        let f = frame(12);
        let got = read(&f, &pu_q(&f, &[(1, 1, "C"), (1, 2, "D"), (1, 3, "1")], ""));
        assert_eq!(got.givens[..3], [12, 0, 1]);
        assert_eq!(got.unsupported, ["number \"D\" in r1c2 (not a digit 1-12 or A-C)"]);
        let f = frame(9);
        let got = read(&f, &pu_q(&f, &[(1, 1, "A"), (1, 2, "1")], ""));
        assert_eq!(got.unsupported, ["number \"A\" in r1c1 (not a digit 1-9)"]);
        // Two letters, or a letter and a sign, are no digit.
        let f = frame(16);
        let got = read(&f, &pu_q(&f, &[(1, 1, "AB"), (1, 2, "1"), (1, 3, "G?")], ""));
        assert_eq!(
            got.unsupported,
            [
                "number \"AB\" in r1c1 (not a digit 1-16 or A-G)",
                "number \"G?\" in r1c3 (not a digit 1-16 or A-G)"
            ]
        );
    }

    #[test]
    fn r47_letters_that_could_mean_another_alphabet_are_refused_by_name() {
        let f = frame(16);
        let names =
            |givens: &[(usize, usize, &str)], more: &str| read(&f, &pu_q(&f, givens, more)).unsupported;
        assert_eq!(
            names(&[(1, 1, "A"), (1, 2, "10"), (1, 3, "1")], ""),
            ["letters as givens (at r1c1) beside numbers past 9: which is 10?"]
        );
        assert_eq!(
            names(&[(1, 1, "A"), (1, 2, "B")], ""),
            ["letters as givens (at r1c1) and no digit 1-9: letters for every digit?"]
        );
        // A thermometer reads values: without a G given, 0-9 and A-F
        // (16 written 0, the lowest) is as likely.
        let thermo = format!(r#","thermo":[[{},{}]]"#, centre(&f, 2, 1), centre(&f, 2, 2));
        assert_eq!(
            names(&[(1, 1, "A"), (1, 2, "1")], &thermo),
            ["letters as givens (at r1c1) with thermo and no G given: 1-9, A-G cannot be told from 0-9, A-F"]
        );
        assert!(names(&[(1, 1, "A"), (1, 2, "1"), (1, 3, "G")], &thermo).is_empty());
        // A cage without a sum reads no value; one with a sum does.
        let cage = format!(r#","killercages":[[{},{}]]"#, centre(&f, 3, 1), centre(&f, 3, 2));
        assert!(names(&[(1, 1, "A"), (1, 2, "1")], &cage).is_empty());
        let sum = format!(r#"{cage},"numberS":{{"{}":["7",1]}}"#, 4 * (centre(&f, 3, 1) + f.nx0 * f.ny0));
        assert_eq!(names(&[(1, 1, "A"), (1, 2, "1")], &sum).len(), 1);
        // Numbers past 9 alone are read as before.
        let got = read(&f, &pu_q(&f, &[(1, 1, "10"), (1, 2, "16")], &thermo));
        assert!(got.unsupported.is_empty(), "{:?}", got.unsupported);
        assert_eq!(got.givens[..2], [10, 16]);
    }

    #[test]
    fn walls_of_the_boxes_make_the_boxes() {
        let n = 4;
        let mut walls = BTreeSet::new();
        for r in 0..4u16 {
            walls.insert((r * 4 + 1, r * 4 + 2));
        }
        for c in 0..4u16 {
            walls.insert((4 + c, 8 + c));
        }
        assert_eq!(regions(n, &walls).unwrap(), vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
        let why = regions(n, &BTreeSet::new()).unwrap_err();
        assert_eq!(why, "the thick lines cut the grid into 1 regions of 16 cells, expected 4 regions of 4");
    }
}
