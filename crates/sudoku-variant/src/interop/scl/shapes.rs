//! The shapes of SudokuPad's JSON (`lines`, `arrows`, `overlays`,
//! `underlays`) that mean a constraint, told by the styles SudokuPad's
//! f-puzzles converter draws them in (`parse.thermometer`, `parse.arrow`,
//! ... in SudokuPad/sudokutools `src/fpuzzlesdecoder.js`):
//!
//! - thermometer: a grey line through cell centres starting at a grey
//!   round underlay (its bulb, at least half a cell wide) of the same
//!   colour;
//! - arrow: a grey arrow from a cell inside a round overlay with a grey
//!   border (the circle, over one cell or a straight row of cells),
//!   through cell centres;
//! - diagonals: a line of two points at opposite corners of the grid;
//! - kropki dots: a round overlay 0.2 to 0.45 cells wide, without text, on
//!   the edge between two cells: white inside with a darker border (a white
//!   dot), or black inside (a black dot);
//! - XV: an overlay with the text `X` or `V` on the edge between two cells;
//! - little killer: a short black arrow of two points starting in a cell
//!   just outside the grid and pointing diagonally inwards, with the
//!   number in an overlay at that cell's centre;
//! - sandwich sums: numbers in overlays at the centres of cells just
//!   outside the grid, read as sandwich sums only when the rules text says
//!   "sandwich" and names no other outside clue (x-sums, skyscrapers,
//!   little killers, ...).
//!
//! Every other shape is refused by name. Lines between cell centres may
//! skip cells along a straight (or diagonal) run; the run is walked.

use serde_json::{json, Map, Value};

use super::{name, Meta, Refusals};
use crate::interop::InteropError;

/// How far a point may be from where a style puts it, in cells.
const EPS: f64 = 1e-3;

/// One shape of a field, with whether a constraint has taken it.
struct Shape<'a> {
    object: &'a Map<String, Value>,
    used: bool,
}

/// Reads the shapes into f-puzzles entries in `out`; names the rest in
/// `refused`.
pub(super) fn read(
    object: &Map<String, Value>,
    size: usize,
    meta: &Meta,
    out: &mut Map<String, Value>,
    refused: &mut Refusals,
) -> Result<(), InteropError> {
    let mut lines = list(object, "lines")?;
    let mut arrows = list(object, "arrows")?;
    let mut overlays = list(object, "overlays")?;
    let mut underlays = list(object, "underlays")?;
    let n = size as f64;
    let mut add = |key: &str, entry: Value| match out.get_mut(key) {
        Some(Value::Array(list)) => list.push(entry),
        _ => {
            out.insert(key.into(), if entry.is_boolean() { entry } else { Value::Array(vec![entry]) });
        }
    };

    for line in lines.iter_mut() {
        // Diagonals: two points at opposite corners of the grid.
        let Some(points) = points(line.object) else { continue };
        if points.len() == 2 {
            let (a, b) = (points[0], points[1]);
            let is = |p: (f64, f64), q: (f64, f64)| (near(a, p) && near(b, q)) || (near(a, q) && near(b, p));
            if is((0.0, 0.0), (n, n)) {
                add("diagonal-", json!(true));
                line.used = true;
            } else if is((0.0, n), (n, 0.0)) {
                add("diagonal+", json!(true));
                line.used = true;
            }
        }
    }

    // Thermometers: a grey line from a grey round bulb of its colour.
    for line in lines.iter_mut().filter(|l| !l.used) {
        let (Some(paint), Some(points)) = (colour(line.object, "color"), points(line.object)) else {
            continue;
        };
        if !is_grey(&paint) || points.len() < 2 {
            continue;
        }
        let bulb_at = |p: (f64, f64)| {
            underlays.iter().position(|u| {
                is_round(u.object)
                    && center(u.object).is_some_and(|c| near(c, p))
                    && size_of(u.object).is_some_and(|(w, h)| w >= 0.5 && h >= 0.5)
                    && colour(u.object, "backgroundColor").as_deref() == Some(paint.as_str())
            })
        };
        let (bulb, points) = match (bulb_at(points[0]), bulb_at(points[points.len() - 1])) {
            (Some(b), _) => (b, points),
            (None, Some(b)) => (b, points.into_iter().rev().collect()),
            _ => continue,
        };
        let Some(cells) = walk_centres(&points, size) else { continue };
        underlays[bulb].used = true;
        line.used = true;
        let names: Vec<String> = cells.iter().map(|&(r, c)| name(r, c)).collect();
        add("thermometer", json!({ "lines": [names] }));
    }

    // Arrows: little killers (short, black, from outside), or grey arrows
    // from a circle.
    let mut circles: Vec<(usize, Vec<String>, Vec<Value>)> = Vec::new();
    for arrow in arrows.iter_mut() {
        let (Some(paint), Some(points)) = (colour(arrow.object, "color"), points(arrow.object)) else {
            continue;
        };
        if points.len() < 2 {
            continue;
        }
        let start = (points[0].0.floor() as i64, points[0].1.floor() as i64);
        let inside = |(r, c): (i64, i64)| r >= 0 && c >= 0 && r < size as i64 && c < size as i64;
        if paint == "#000000" && points.len() == 2 && !inside(start) {
            let (dr, dc) = (points[1].0 - points[0].0, points[1].1 - points[0].1);
            let step = (dr.signum() as i64, dc.signum() as i64);
            if dr.abs() < EPS || dc.abs() < EPS || (dr.abs() - dc.abs()).abs() > EPS {
                continue;
            }
            let centre = (start.0 as f64 + 0.5, start.1 as f64 + 0.5);
            let Some(k) = overlays.iter().position(|o| {
                center(o.object).is_some_and(|c| near(c, centre)) && number(o.object).is_some()
            }) else {
                continue;
            };
            let value = number(overlays[k].object).unwrap_or_default();
            let diagonal: Vec<String> = (1..=size as i64)
                .map(|k| (start.0 + k * step.0, start.1 + k * step.1))
                .take_while(|&p| inside(p))
                .map(|(r, c)| name(r, c))
                .collect();
            if diagonal.is_empty() {
                continue;
            }
            overlays[k].used = true;
            arrow.used = true;
            let direction = match step {
                (-1, -1) => "UL",
                (-1, _) => "UR",
                (_, -1) => "DL",
                _ => "DR",
            };
            add(
                "littlekillersum",
                json!({ "cell": name(start.0, start.1), "cells": diagonal, "direction": direction, "value": value }),
            );
            continue;
        }
        if !is_grey(&paint) || !inside(start) {
            continue;
        }
        let centre = (start.0 as f64 + 0.5, start.1 as f64 + 0.5);
        let Some(k) = overlays.iter().position(|o| {
            is_round(o.object)
                && colour(o.object, "borderColor").is_some_and(|c| is_grey(&c))
                && covers(o.object, centre)
        }) else {
            continue;
        };
        let bulb = covered(overlays[k].object, size);
        let mut path = vec![centre];
        path.extend_from_slice(&points[1..]);
        let Some(cells) = walk_centres(&path, size) else { continue };
        if bulb.is_empty() || cells.len() < 2 {
            continue;
        }
        overlays[k].used = true;
        arrow.used = true;
        let line: Vec<String> = cells.iter().map(|&(r, c)| name(r, c)).collect();
        match circles.iter_mut().find(|(at, _, _)| *at == k) {
            Some((_, _, lines)) => lines.push(json!(line)),
            None => circles.push((k, bulb.iter().map(|&(r, c)| name(r, c)).collect(), vec![json!(line)])),
        }
    }
    for (_, cells, lines) in circles {
        add("arrow", json!({ "cells": cells, "lines": lines }));
    }

    // Dots and letters on edges, numbers outside the grid.
    let sandwich = meta.rules.as_deref().is_some_and(says_sandwich);
    for overlay in overlays.iter_mut().filter(|o| !o.used) {
        let Some(at) = center(overlay.object) else { continue };
        let text = overlay.object.get("text").map_or(String::new(), |t| match t {
            Value::String(s) => s.trim().to_string(),
            other => other.to_string(),
        });
        if let Some((a, b)) = edge(at, size) {
            let cells = json!([name(a.0, a.1), name(b.0, b.1)]);
            let small = size_of(overlay.object)
                .is_some_and(|(w, h)| (0.2..=0.45).contains(&w) && (0.2..=0.45).contains(&h));
            if text.is_empty() && small && is_round(overlay.object) {
                let inside = colour(overlay.object, "backgroundColor");
                let border = colour(overlay.object, "borderColor");
                match (inside.as_deref(), border.as_deref()) {
                    (Some("#000000"), _) => add("ratio", json!({ "cells": cells })),
                    (Some("#ffffff"), Some(b)) if b != "#ffffff" => {
                        add("difference", json!({ "cells": cells }))
                    }
                    _ => continue,
                }
                overlay.used = true;
            } else if matches!(text.as_str(), "X" | "V" | "x" | "v")
                && size_of(overlay.object).is_none_or(|(w, h)| w <= 0.5 && h <= 0.5)
            {
                add("xv", json!({ "cells": cells, "value": text.to_ascii_uppercase() }));
                overlay.used = true;
            }
            continue;
        }
        let (r, c) = ((at.0 - 0.5).round() as i64, (at.1 - 0.5).round() as i64);
        let on_centre = near(at, (r as f64 + 0.5, c as f64 + 0.5));
        let outside = (r == -1 || r == size as i64) != (c == -1 || c == size as i64);
        let within = (-1..=size as i64).contains(&r) && (-1..=size as i64).contains(&c);
        if sandwich && on_centre && outside && within {
            if let Some(value) = number(overlay.object) {
                add("sandwichsum", json!({ "cell": name(r, c), "value": value }));
                overlay.used = true;
            }
        }
    }

    for (field, shapes) in [("line", &lines), ("arrow", &arrows)] {
        for shape in shapes.iter().filter(|s| !s.used) {
            let paint = colour(shape.object, "color").unwrap_or_else(|| "none".into());
            refused.push(format!("{field} of colour {paint} (meaning only in the rules text)"));
        }
    }
    for (field, shapes) in [("overlay", &overlays), ("underlay", &underlays)] {
        for shape in shapes.iter().filter(|s| !s.used) {
            refused.push(describe(field, shape.object));
        }
    }
    Ok(())
}

/// The objects of one shape field.
fn list<'a>(object: &'a Map<String, Value>, key: &str) -> Result<Vec<Shape<'a>>, InteropError> {
    let Some(value) = object.get(key).filter(|v| !v.is_null()) else { return Ok(Vec::new()) };
    let items = value.as_array().ok_or_else(|| super::field(key, "expected an array"))?;
    items
        .iter()
        .enumerate()
        .map(|(k, v)| match v.as_object() {
            Some(object) => Ok(Shape { object, used: false }),
            None => Err(super::field(&format!("{key}[{k}]"), "expected an object")),
        })
        .collect()
}

/// How a refused overlay or underlay is named: its text, else its colour.
fn describe(field: &str, object: &Map<String, Value>) -> String {
    let text = match object.get("text") {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    match Some(text).filter(|t| !t.is_empty()) {
        Some(text) => format!("{field} with the text {text:?}"),
        None => {
            let fill = colour(object, "backgroundColor").unwrap_or_else(|| "none".into());
            let shape = if is_round(object) { "round" } else { "square" };
            format!("{field} ({shape}, colour {fill}; coloured cells and shapes may carry rules)")
        }
    }
}

/// Whether the rules text names sandwiches and no other clue that is
/// written outside the grid.
fn says_sandwich(rules: &str) -> bool {
    let lower = rules.to_lowercase();
    let others = [
        "x-sum",
        "xsum",
        "x sum",
        "skyscraper",
        "little killer",
        "outside",
        "frame",
        "battlefield",
        "rossini",
    ];
    lower.contains("sandwich") && !others.iter().any(|o| lower.contains(o))
}

fn near(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < EPS && (a.1 - b.1).abs() < EPS
}

fn point(value: &Value) -> Option<(f64, f64)> {
    let pair = value.as_array().filter(|p| p.len() == 2)?;
    let (r, c) = (pair[0].as_f64()?, pair[1].as_f64()?);
    (r.is_finite() && c.is_finite() && r.abs() < 1e4 && c.abs() < 1e4).then_some((r, c))
}

fn points(object: &Map<String, Value>) -> Option<Vec<(f64, f64)>> {
    object.get("wayPoints")?.as_array()?.iter().map(point).collect()
}

fn center(object: &Map<String, Value>) -> Option<(f64, f64)> {
    point(object.get("center")?)
}

fn size_of(object: &Map<String, Value>) -> Option<(f64, f64)> {
    Some((object.get("width")?.as_f64()?, object.get("height")?.as_f64()?))
}

fn is_round(object: &Map<String, Value>) -> bool {
    object.get("rounded") == Some(&Value::Bool(true))
}

/// An overlay's text as a whole number, as a string.
fn number(object: &Map<String, Value>) -> Option<String> {
    let text = match object.get("text")? {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    (!text.is_empty() && text.len() < 6 && text.bytes().all(|b| b.is_ascii_digit())).then_some(text)
}

/// A colour as `#rrggbb`, lowercase (`#abc` widened); `None` when absent
/// or not such a colour.
fn colour(object: &Map<String, Value>, key: &str) -> Option<String> {
    let text = object.get(key)?.as_str()?.trim().trim_start_matches('#').to_ascii_lowercase();
    if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    match text.len() {
        6 => Some(format!("#{text}")),
        3 => Some(format!("#{}", text.chars().flat_map(|c| [c, c]).collect::<String>())),
        _ => None,
    }
}

/// A light or middle grey (`#808080` to `#e0e0e0`, red, green and blue
/// equal).
fn is_grey(colour: &str) -> bool {
    let (r, g, b) = (&colour[1..3], &colour[3..5], &colour[5..7]);
    r == g && g == b && u8::from_str_radix(r, 16).is_ok_and(|v| (0x80..=0xe0).contains(&v))
}

/// The cell whose centre `p` is, inside the grid.
fn cell_of_centre(p: (f64, f64), size: usize) -> Option<(i64, i64)> {
    let (r, c) = ((p.0 - 0.5).round(), (p.1 - 0.5).round());
    let ok = near(p, (r + 0.5, c + 0.5)) && r >= 0.0 && c >= 0.0 && r < size as f64 && c < size as f64;
    ok.then_some((r as i64, c as i64))
}

/// The cells of a path through cell centres, each straight or diagonal run
/// walked cell by cell; `None` when a point is not a centre or a run is
/// neither.
fn walk_centres(points: &[(f64, f64)], size: usize) -> Option<Vec<(i64, i64)>> {
    let mut cells = vec![cell_of_centre(points[0], size)?];
    for &p in &points[1..] {
        let to = cell_of_centre(p, size)?;
        let from = *cells.last()?;
        let (dr, dc) = (to.0 - from.0, to.1 - from.1);
        if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
            return None;
        }
        for k in 1..=dr.abs().max(dc.abs()) {
            cells.push((from.0 + k * dr.signum(), from.1 + k * dc.signum()));
        }
    }
    Some(cells)
}

/// The two cells of the grid whose shared edge has its midpoint at `p`.
fn edge(p: (f64, f64), size: usize) -> Option<((i64, i64), (i64, i64))> {
    let whole = |x: f64| (x - x.round()).abs() < EPS;
    let half = |x: f64| whole(x - 0.5);
    let n = size as i64;
    let (a, b) = if whole(p.0) && half(p.1) {
        let (r, c) = (p.0.round() as i64, (p.1 - 0.5).round() as i64);
        ((r - 1, c), (r, c))
    } else if half(p.0) && whole(p.1) {
        let (r, c) = ((p.0 - 0.5).round() as i64, p.1.round() as i64);
        ((r, c - 1), (r, c))
    } else {
        return None;
    };
    let inside = |(r, c): (i64, i64)| r >= 0 && c >= 0 && r < n && c < n;
    (inside(a) && inside(b)).then_some((a, b))
}

/// Whether a shape's box holds `p`.
fn covers(object: &Map<String, Value>, p: (f64, f64)) -> bool {
    match (center(object), size_of(object)) {
        (Some(c), Some((w, h))) => (p.0 - c.0).abs() < h / 2.0 && (p.1 - c.1).abs() < w / 2.0,
        _ => false,
    }
}

/// The cells whose centres a shape's box holds (a circle over a row or
/// column of cells).
fn covered(object: &Map<String, Value>, size: usize) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for r in 0..size as i64 {
        for c in 0..size as i64 {
            if covers(object, (r as f64 + 0.5, c as f64 + 0.5)) {
                out.push((r, c));
            }
        }
    }
    out
}
