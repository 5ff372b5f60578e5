//! SudokuPad's own puzzle format: the JSON behind `scl…` and `ctc…` links
//! (Sam Cappleman-Lynes' "CTC" format, which SudokuPad plays), the form
//! most Logic Masters Deutschland pages link to.
//!
//! A link is `scl` (or `ctc`) followed by lz-string base64 of the JSON;
//! `scl` data is "zipped" first ([`zipped`]). The JSON draws a puzzle
//! rather than stating it: `cells` (rows of cells, a given as `value`),
//! `regions` (lists of `[row, col]`), `cages` (`cells` and `value`), and
//! the shapes `lines`, `arrows`, `overlays` and `underlays` (points
//! `[row, col]` in cell units from the grid's top-left corner, a cell's
//! centre at `[r + 0.5, c + 0.5]`), plus `metadata` (`title`, `author`,
//! `rules`, `solution`) or the older metadata cages (`{value: "title: …"}`).
//! Sources: SudokuPad/sudokutools (`src/fpuzzlesdecoder.js`, the f-puzzles
//! to CTC converter SudokuPad uses; `src/puzzlezipper_lib.js`;
//! `src/format/ctcpuzzle.js`) and real links (fixtures/README.md).
//!
//! What is read, and how it is recognised:
//!
//! - grid size (square `cells`), givens, and `regions` (boxes when they
//!   are, else jigsaw regions);
//! - killer cages: a cage with cells and a whole-number `value` (or
//!   `sum`), or with `unique: true` and no value (a cage without a total);
//!   anything else on a cage (`style`, colours, `unique: false`, `hidden`)
//!   is refused;
//! - the shapes in the styles SudokuPad's f-puzzles converter draws
//!   ([`shapes`]): thermometers, arrows, kropki dots, XV, the diagonals,
//!   little killers, and sandwich sums (numbers outside the grid, only when
//!   the rules text speaks of sandwiches and of no other outside clue);
//! - `antiknight`/`antiking` set to `true` in the metadata (as the
//!   converter writes f-puzzles' flags).
//!
//! Everything else (lines of other styles, coloured cells, text, fog of
//! war, a background image, unknown fields) is refused by name with
//! [`InteropError::Unsupported`]: an SCL puzzle often states a rule only
//! in its rules text and its drawing, so what cannot be told is never
//! guessed. Rules stated only in the text (anti-knight, non-consecutive,
//! ...) are not read from it; the text comes back as
//! [`Imported::ruleset`].
//!
//! The puzzle is assembled as f-puzzles JSON and read by the f-puzzles
//! reader, so every constraint is checked the same way; an error about a
//! malformed part names the f-puzzles field it became
//! (`killercage[2]: ...`).
//!
//! SudokuPad's third form, `scf…` (a packed classic grid), is refused by
//! name. Its decoding is public as code (SudokuPad/sudokutools,
//! `src/puzzletools_lib.js`, `decodeSCF`: each character a digit and a run
//! of blanks after it, then `w` for windoku windows or `x` for the
//! diagonals, and title/author fields in a later port's notes), but no
//! real `scf` link with its puzzle written out beside it was found to
//! check a reader against: the one example seen, a "blank grid"
//! `scfoooooooooooook` in a notes file, decodes under that code to a grid
//! with a 6 in r9c7, so even it is not a worked example.

mod shapes;
mod zipped;

use serde_json::{json, Map, Value};

use super::{Imported, InteropError};
use crate::Puzzle;

impl Puzzle {
    /// Reads SudokuPad's puzzle JSON, zipped (an `scl` link's data) or
    /// plain (a `ctc` link's), as the module docs describe.
    ///
    /// ```
    /// use sudoku_variant::Puzzle;
    ///
    /// // A 4x4 with two givens, boxes, and a killer cage of 3 on r1c1-r1c2.
    /// let scl = "{ce:[[{v:1},,,],[,,,],[,,{v:4},],[,,,]],\
    ///     re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],\
    ///         [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],\
    ///     ca:[{ce:[[0,0],[0,1]],v:3,unique:t}],metadata:{t:'Tiny'}}";
    /// let imported = Puzzle::from_scl(scl)?;
    /// assert_eq!(imported.puzzle.size(), 4);
    /// assert_eq!(imported.puzzle.constraints().len(), 1);
    /// assert_eq!(imported.title.as_deref(), Some("Tiny"));
    ///
    /// // A line whose meaning is only in the rules text is refused by name.
    /// let line = scl.replace("metadata", "l:[{wp:[[0.5,0.5],[0.5,2.5]],c:FF0000}],metadata");
    /// let err = Puzzle::from_scl(&line).unwrap_err();
    /// assert!(err.to_string().contains("line of colour #ff0000"));
    /// # Ok::<(), sudoku_variant::InteropError>(())
    /// ```
    pub fn from_scl(text: &str) -> Result<Imported, InteropError> {
        let value = zipped::parse(text.trim()).map_err(|why| field("scl", &why))?;
        let object = value.as_object().ok_or_else(|| field("scl", "expected a JSON object"))?;
        let fpuzzles = to_fpuzzles(object)?;
        super::fpuzzles::read_object(&fpuzzles)
    }
}

fn field(name: &str, why: &str) -> InteropError {
    InteropError::Field { field: name.to_string(), why: why.to_string() }
}

/// Top-level fields that draw nothing and state no rule.
const HARMLESS: [&str; 4] = ["id", "cellSize", "videos", "duration"];

/// The shape fields [`shapes`] reads.
const SHAPES: [&str; 4] = ["lines", "arrows", "overlays", "underlays"];

/// Names of what cannot be kept, each once, in the order found.
#[derive(Default)]
pub(super) struct Refusals(Vec<String>);

impl Refusals {
    pub(super) fn push(&mut self, name: String) {
        if !self.0.contains(&name) {
            self.0.push(name);
        }
    }
}

/// The metadata the puzzle states, from `metadata` and metadata cages.
#[derive(Default)]
pub(super) struct Meta {
    title: Option<String>,
    author: Option<String>,
    pub(super) rules: Option<String>,
    solution: Option<String>,
    flags: Vec<&'static str>,
}

/// SudokuPad's JSON as an f-puzzles object, or the names of what has no
/// f-puzzles form.
fn to_fpuzzles(object: &Map<String, Value>) -> Result<Map<String, Value>, InteropError> {
    let mut refused = Refusals::default();
    for (key, value) in object {
        let known = HARMLESS.contains(&key.as_str())
            || SHAPES.contains(&key.as_str())
            || matches!(key.as_str(), "cells" | "regions" | "cages" | "metadata" | "metaData");
        if !known && !super::fpuzzles::is_empty(value) {
            refused.push(match key.as_str() {
                "foglight" | "fogofwar" => "fog of war".into(),
                _ => format!("field {key}"),
            });
        }
    }
    let (size, givens) = read_cells(object.get("cells"), &mut refused)?;
    let regions = read_regions(object.get("regions"), size, &mut refused)?;
    let mut meta = Meta::default();
    for key in ["metadata", "metaData"] {
        if let Some(value) = object.get(key) {
            let map = value.as_object().ok_or_else(|| field(key, "expected an object"))?;
            for (name, v) in map {
                read_meta(name, v, &mut meta, &mut refused);
            }
        }
    }
    let mut out = Map::new();
    let killers = read_cages(object.get("cages"), size, &mut meta, &mut refused)?;
    if !killers.is_empty() {
        out.insert("killercage".into(), Value::Array(killers));
    }
    shapes::read(object, size, &meta, &mut out, &mut refused)?;
    if !refused.0.is_empty() {
        return Err(InteropError::Unsupported(refused.0));
    }
    out.insert("size".into(), json!(size));
    let grid: Vec<Value> = (0..size)
        .map(|r| {
            let row: Vec<Value> = (0..size)
                .map(|c| {
                    let i = r * size + c;
                    match givens[i] {
                        0 => json!({ "region": regions[i] }),
                        d => json!({ "value": d, "given": true, "region": regions[i] }),
                    }
                })
                .collect();
            Value::Array(row)
        })
        .collect();
    out.insert("grid".into(), Value::Array(grid));
    for flag in &meta.flags {
        out.insert((*flag).into(), json!(true));
    }
    for (key, text) in
        [("title", meta.title), ("author", meta.author), ("ruleset", meta.rules), ("solution", meta.solution)]
    {
        if let Some(text) = text {
            out.insert(key.into(), json!(text));
        }
    }
    Ok(out)
}

/// The largest side read: the f-puzzles reader's, which checks the rest.
const MAX_SIDE: usize = 16;

/// Cell fields that hold no rule: a player's marks shipped with the puzzle.
const CELL_MARKS: [&str; 6] =
    ["pencilMarks", "pencilmarks", "centremarks", "centerMarks", "candidates", "given"];

/// The side of the square grid and its givens (0 for none), row-major.
fn read_cells(cells: Option<&Value>, refused: &mut Refusals) -> Result<(usize, Vec<u8>), InteropError> {
    let rows = cells.and_then(Value::as_array).ok_or_else(|| field("cells", "expected an array of rows"))?;
    let size = rows.len();
    crate::check_size(size).map_err(InteropError::Model)?;
    if size > MAX_SIDE {
        refused.push(format!(
            "a grid of {size}x{size} (SudokuPad's puzzles are read up to {MAX_SIDE}x{MAX_SIDE})"
        ));
        return Ok((size, vec![0; size * size]));
    }
    let mut givens = vec![0u8; size * size];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().ok_or_else(|| field("cells", &format!("row {} is not an array", r + 1)))?;
        if row.len() != size {
            refused.push(format!(
                "a grid that is not square (row {} has {} cells, {size} rows)",
                r + 1,
                row.len()
            ));
            continue;
        }
        for (c, cell) in row.iter().enumerate() {
            let place = format!("cells r{}c{}", r + 1, c + 1);
            let cell = match cell {
                Value::Object(m) => m,
                Value::Null => continue,
                _ => return Err(field(&place, "expected an object")),
            };
            for (key, value) in cell {
                match key.as_str() {
                    "value" => {
                        let digit = match value {
                            Value::Number(n) => n.as_u64(),
                            Value::String(s) if s.trim().is_empty() => Some(0),
                            Value::String(s) => s.trim().parse().ok(),
                            _ => None,
                        };
                        match digit {
                            Some(d) if d <= size as u64 => givens[r * size + c] = d as u8,
                            _ => {
                                return Err(field(&place, &format!("given {value} is not a digit 1-{size}")))
                            }
                        }
                    }
                    _ if CELL_MARKS.contains(&key.as_str()) || super::fpuzzles::is_empty(value) => {}
                    "color" | "colour" | "backgroundColor" => refused.push("coloured cells".into()),
                    _ => refused.push(format!("cell field {key}")),
                }
            }
        }
    }
    Ok((size, givens))
}

/// A `[row, col]` pair of whole numbers, 0-based, inside a grid of `size`.
pub(super) fn read_rc(value: &Value, size: usize) -> Option<(usize, usize)> {
    let pair = value.as_array().filter(|p| p.len() == 2)?;
    let r = pair[0].as_u64().filter(|&r| r < size as u64)?;
    let c = pair[1].as_u64().filter(|&c| c < size as u64)?;
    Some((r as usize, c as usize))
}

fn read_rcs(value: &Value, size: usize, place: &str) -> Result<Vec<(usize, usize)>, InteropError> {
    let list = value.as_array().ok_or_else(|| field(place, "expected a list of [row, col]"))?;
    list.iter()
        .map(|v| {
            read_rc(v, size).ok_or_else(|| field(place, &format!("{v} is not a cell [row, col] of the grid")))
        })
        .collect()
}

/// The region index of every cell, row-major.
fn read_regions(value: Option<&Value>, size: usize, refused: &mut Refusals) -> Result<Vec<u8>, InteropError> {
    let regions = match value {
        Some(v) if !super::fpuzzles::is_empty(v) => {
            v.as_array().ok_or_else(|| field("regions", "expected an array"))?
        }
        _ => {
            refused.push("a grid without regions".into());
            return Ok(vec![0; size * size]);
        }
    };
    if regions.len() > size {
        return Err(field("regions", &format!("{} regions, a grid of {size} has {size}", regions.len())));
    }
    let mut of = vec![None; size * size];
    for (k, region) in regions.iter().enumerate() {
        for (r, c) in read_rcs(region, size, &format!("regions[{k}]"))? {
            if of[r * size + c].replace(k as u8).is_some() {
                return Err(field("regions", &format!("r{}c{} is in two regions", r + 1, c + 1)));
            }
        }
    }
    if of.iter().any(Option::is_none) {
        refused.push("cells in no region".into());
    }
    Ok(of.into_iter().map(|k| k.unwrap_or(0)).collect())
}

/// A metadata entry: the texts, the two flags the converter writes, and
/// refusals for what may carry rules.
fn read_meta(name: &str, value: &Value, meta: &mut Meta, refused: &mut Refusals) {
    let text = match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    match name.to_ascii_lowercase().as_str() {
        "title" => meta.title = text.or(meta.title.take()),
        "author" => meta.author = text.or(meta.author.take()),
        "rules" => meta.rules = text.or(meta.rules.take()),
        "solution" => meta.solution = text.or(meta.solution.take()),
        flag @ ("antiknight" | "antiking") => match value {
            Value::Bool(true) => {
                meta.flags.push(if flag == "antiknight" { "antiknight" } else { "antiking" })
            }
            Value::String(s) if s.trim() == "true" => {
                meta.flags.push(if flag == "antiknight" { "antiknight" } else { "antiking" })
            }
            Value::Bool(false) | Value::Null => {}
            Value::String(s) if s.trim() == "false" => {}
            _ => refused.push(format!("metadata {name} {value}")),
        },
        "bgimage" | "backgroundimage" => refused.push("a background image (may draw constraints)".into()),
        "foglight" | "fogofwar" => refused.push("fog of war".into()),
        // Other texts (source, messages, links) state no rule.
        _ if text.is_some() || value.is_null() => {}
        _ => refused.push(format!("metadata {name}")),
    }
}

/// Killer cages as f-puzzles `killercage` entries; metadata cages go to
/// `meta`.
fn read_cages(
    value: Option<&Value>,
    size: usize,
    meta: &mut Meta,
    refused: &mut Refusals,
) -> Result<Vec<Value>, InteropError> {
    let Some(value) = value.filter(|v| !super::fpuzzles::is_empty(v)) else { return Ok(Vec::new()) };
    let cages = value.as_array().ok_or_else(|| field("cages", "expected an array"))?;
    let mut out = Vec::new();
    for (k, cage) in cages.iter().enumerate() {
        let place = format!("cages[{k}]");
        let cage = cage.as_object().ok_or_else(|| field(&place, "expected an object"))?;
        let cells = match cage.get("cells") {
            Some(v) if !super::fpuzzles::is_empty(v) => read_rcs(v, size, &place)?,
            _ => Vec::new(),
        };
        let value = cage.get("value").filter(|v| !super::fpuzzles::is_empty(v));
        if cells.is_empty() {
            // Cages without cells draw nothing; `name: text` is metadata.
            if let Some((name, text)) = value.and_then(Value::as_str).and_then(meta_tag) {
                read_meta(name, &Value::String(text.to_string()), meta, refused);
            }
            continue;
        }
        let mut bad = false;
        for (key, v) in cage {
            match key.as_str() {
                "cells" | "value" | "sum" => {}
                "unique" if v == &Value::Bool(true) => {}
                "unique" => {
                    refused.push("a cage whose digits may repeat".into());
                    bad = true;
                }
                "hidden" if v == &Value::Bool(false) => {}
                "style" => {
                    refused.push(format!("a cage of style {v}"));
                    bad = true;
                }
                _ => {
                    refused.push(format!("a cage with {key} (cosmetic, may carry rules)"));
                    bad = true;
                }
            }
        }
        if bad {
            continue;
        }
        let total = match value.or_else(|| cage.get("sum")) {
            None => None,
            Some(Value::Number(n)) => Some(n.as_u64().ok_or_else(|| field(&place, &format!("total {n}")))?),
            Some(Value::String(s)) => match s.trim().parse::<u64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    refused.push(format!("a cage with the text {s:?}"));
                    continue;
                }
            },
            Some(other) => return Err(field(&place, &format!("value {other} is not a number"))),
        };
        if total.is_none() && cage.get("unique") != Some(&Value::Bool(true)) {
            refused.push("a cage without a total (killer cage or extra region?)".into());
            continue;
        }
        let names: Vec<String> = cells.iter().map(|&(r, c)| name(r as i64, c as i64)).collect();
        out.push(match total {
            Some(t) => json!({ "cells": names, "value": t.to_string() }),
            None => json!({ "cells": names }),
        });
    }
    Ok(out)
}

/// `name: text` as SudokuPad's metadata cages write it.
fn meta_tag(value: &str) -> Option<(&str, &str)> {
    let (name, text) = value.split_once(':')?;
    let ok = !name.is_empty() && !name.contains(' ');
    ok.then(|| (name, text.trim_start()))
}

/// f-puzzles' name of a cell, 0-based `r`, `c` (-1 and the size are the
/// places just outside the grid): `R1C1`, `R0C3`.
pub(super) fn name(r: i64, c: i64) -> String {
    format!("R{}C{}", r + 1, c + 1)
}
