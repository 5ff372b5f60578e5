//! f-puzzles JSON: the puzzle object f-puzzles.com saves and SudokuPad
//! imports. Read: `size`, `grid` (rows of cells with `value`, `given`,
//! `region`), `diagonal+`/`diagonal-` (both: rule `x`), `antiknight`,
//! `antiking`, `nonconsecutive`, `disjointgroups`, `killercage` (cells
//! `R1C1`, `value` the sum), `extraregion` (the four windoku windows) and
//! the metadata `title`, `author`, `ruleset`, `solution`, and the field of
//! every registered constraint kind ([`crate::KINDS`]: `thermometer`,
//! `arrow`, the lines, kropki's `difference` and `ratio`, ...), which the kind reads
//! and writes, and `negative` (the list of marks all given: each set of
//! its words is a rule, [`crate::Kind::fpuzzles_negative`]). Any other
//! constraint (cosmetic lines and shapes that may carry rules, ...) is an
//! [`InteropError::Unsupported`] naming it, and so are coloured cells (`c`,
//! `cArray`) unless the `ruleset` text is there and names no colour or
//! shading (then they are decoration); a kind f-puzzles has no field
//! for (greater-than) makes writing fail by its name. Cosmetic entries
//! marked `fromConstraint` that only redraw an entry of a field read here
//! are the drawings Rangsk's userscript adds for viewers without it
//! ([`drawings`]), and are read as such.
//!
//! `solution` is the puzzle's solution, one entry a cell, row by row: a
//! list of numbers (`[9,1,6,...]`) or of digit strings (`["2","7",...]`),
//! both as real files carry it (the public puzzles of SudokuPad/sudokutools'
//! `src/rulesparser/testfpuzzles.json`), or a string of digits, one a
//! character or separated by commas (as SudokuPad's f-puzzles decoder,
//! `parse.solution` in its `src/fpuzzlesdecoder.js`, accepts it). A blank
//! entry is `0`, `"0"`, `"."`, `""` or `null`: SudokuPad reads a solution
//! of blanks only as no solution, which is kept (none); Chameleon's Puzzle
//! TV (`src/data/puzzles/FPuzzles.tsx` of yusitnikov/puzzletv) reads a
//! `"."` entry as a cell without a solution digit, which its puzzle types
//! with cells that hold no digit (shaded cells) need. The model's solution
//! is a digit in every cell, so a solution with cells left blank (other
//! than givens' cells, which the givens fill) is refused by name (`an
//! f-puzzles partial solution`), never dropped; an entry that is no digit
//! 1-n, or a count other than n×n, is an error naming the entry
//! (`solution[17]: ...`); a solution that changes a given or breaks a rule
//! or constraint is an error of `solution` ([`Puzzle::check_solution`],
//! the check the Penpa+ reader's answer goes through). The writer writes
//! the solution it is given as a list of numbers, after the same check.

mod drawings;

use serde_json::{json, Map, Value};

use super::InteropError;
use crate::puzzle::{default_boxes, Layout, Puzzle};
use crate::{Constraint, Coord, Instance, Kinds, KINDS};

/// A puzzle read from another tool, with what came with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The full solution the source carried, one digit per cell; the
    /// readers keep one only when it is complete and keeps the givens and
    /// every rule ([`Puzzle::check_solution`]).
    pub solution: Option<Vec<u8>>,
    /// The title, if any.
    pub title: Option<String>,
    /// The author, if any.
    pub author: Option<String>,
    /// The rules as the author wrote them, if any.
    pub ruleset: Option<String>,
    /// The digits a player placed, one a cell (0 where none), when the
    /// source is a position in play (a sudokuwiki.org saved position);
    /// the givens are the puzzle's.
    pub placed: Option<Vec<u8>>,
}

impl Imported {
    /// Writes the puzzle back as f-puzzles JSON with its title, author,
    /// rules text and solution, so that an import and export keep them.
    pub fn to_fpuzzles(&self) -> Result<String, InteropError> {
        let text = self.puzzle.to_fpuzzles(self.solution.as_deref())?;
        let mut value: Value = serde_json::from_str(&text).expect("our own output is JSON");
        if let Some(object) = value.as_object_mut() {
            for (key, field) in [("title", &self.title), ("author", &self.author), ("ruleset", &self.ruleset)]
            {
                if let Some(field) = field {
                    object.insert(key.into(), json!(field));
                }
            }
        }
        Ok(value.to_string())
    }
}

/// Top-level fields that hold no constraint: metadata and solver settings.
const METADATA: [&str; 7] =
    ["size", "title", "author", "ruleset", "solution", "truecandidatesoptions", "disabledlogic"];

/// Whether `key` is a flag a registered rule of the whole grid is stated
/// by ([`crate::Kind::fpuzzles_flags`]).
fn is_flag(key: &str) -> bool {
    KINDS.iter().any(|k| k.fpuzzles_flags().contains(&key))
}

/// The rules f-puzzles states as extra regions: of the whole grid, only
/// houses, with no flag of their own (windoku).
fn region_rules() -> impl Iterator<Item = &'static dyn crate::Kind> {
    KINDS.iter().copied().filter(|k| k.global() && k.houses_only() && k.fpuzzles_flags().is_empty())
}

impl Puzzle {
    /// Reads an f-puzzles JSON object. Every constraint in it must map to
    /// the model; the first error names the ones that do not.
    pub fn from_fpuzzles(text: &str) -> Result<Imported, InteropError> {
        let value: Value = serde_json::from_str(text).map_err(|e| InteropError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string().split(" at line ").next().unwrap_or_default().to_string(),
        })?;
        let object = value.as_object().ok_or_else(|| field("f-puzzles", "expected a JSON object"))?;
        read_object(object)
    }

    /// Writes the puzzle as an f-puzzles JSON object (one line), with the
    /// solution when given. Overlapping grids (samurai, twodoku, ...) and
    /// sizes above 16 have no f-puzzles form.
    pub fn to_fpuzzles(&self, solution: Option<&[u8]>) -> Result<String, InteropError> {
        let n = self.size();
        if let Layout::Grids(grids) = self.layout() {
            return Err(InteropError::Inexpressible { format: "f-puzzles", what: grids_named(grids) });
        }
        if n > FPUZZLES_MAX {
            return Err(InteropError::Inexpressible {
                format: "f-puzzles",
                what: format!("size {n} (at most 16)"),
            });
        }
        // A rule of the whole grid goes as its flags or as its houses in
        // `extraregion`; one with neither (argyle's lines) has no form.
        if let Some(rule) = self
            .rules()
            .iter()
            .find(|r| r.fpuzzles_flags().is_empty() && !r.houses_only() && r.fpuzzles_negative().is_empty())
        {
            return Err(InteropError::Inexpressible {
                format: "f-puzzles",
                what: format!("the {} rule", rule.name()),
            });
        }
        // A constraint whose kind has no f-puzzles field would be dropped.
        if let Some(c) = self.constraints().iter().find(|c| c.kind().fpuzzles_key().is_none()) {
            return Err(InteropError::Inexpressible {
                format: "f-puzzles",
                what: format!("the {} constraint", c.kind().name()),
            });
        }
        // f-puzzles has no box-shape field: boxes other than the default
        // shape are written as regions.
        let regions = match self.layout() {
            Layout::Regions(r) => Some(r.clone()),
            Layout::Boxes { rows, cols } if default_boxes(n) != Some((*rows, *cols)) => {
                Some(box_regions(n, (*rows).into(), (*cols).into()))
            }
            _ => None,
        };
        let grid: Vec<Value> = (0..n)
            .map(|r| {
                Value::Array(
                    (0..n)
                        .map(|c| {
                            let i = r * n + c;
                            let mut cell = Map::new();
                            if self.givens()[i] != 0 {
                                cell.insert("value".into(), json!(self.givens()[i]));
                                cell.insert("given".into(), json!(true));
                            }
                            if let Some(regions) = &regions {
                                cell.insert("region".into(), json!(regions[i]));
                            }
                            Value::Object(cell)
                        })
                        .collect(),
                )
            })
            .collect();
        let mut out = Map::new();
        out.insert("size".into(), json!(n));
        out.insert("grid".into(), Value::Array(grid));
        let name = |i: u16| Coord::of(usize::from(i), n).fpuzzles_name();
        let mut regions = Vec::new();
        for rule in self.rules().iter() {
            for flag in rule.fpuzzles_flags() {
                out.insert((*flag).into(), json!(true));
            }
            if rule.fpuzzles_flags().is_empty() {
                for house in rule.houses(self, 0, 0) {
                    let cells: Vec<String> = house.iter().map(|&i| name(i)).collect();
                    regions.push(json!({ "cells": cells }));
                }
            }
        }
        if !regions.is_empty() {
            out.insert("extraregion".into(), Value::Array(regions));
        }
        let mut negative: Vec<&str> = Vec::new();
        for rule in self.rules().iter() {
            negative.extend(
                rule.fpuzzles_negative().iter().filter(|w| !negative.contains(w)).collect::<Vec<_>>(),
            );
        }
        if !negative.is_empty() {
            out.insert("negative".into(), json!(negative));
        }
        for kind in KINDS {
            for c in self.constraints().iter().filter(|c| c.kind().name() == kind.name()) {
                // Two kinds may share a field (German and Dutch whispers),
                // one kind use two (kropki's white and black dots).
                let Some(key) = kind.fpuzzles_key_of(c.instance()) else {
                    return Err(InteropError::Inexpressible {
                        format: "f-puzzles",
                        what: format!("the {} constraint", kind.name()),
                    });
                };
                let entry = kind.write_fpuzzles(c.instance(), n, &name);
                match out.get_mut(key) {
                    Some(Value::Array(list)) => list.push(entry),
                    _ => {
                        out.insert(key.into(), Value::Array(vec![entry]));
                    }
                }
            }
        }
        if let Some(solution) = solution {
            if solution.len() != n * n {
                return Err(field("solution", &format!("{} cells, expected {}", solution.len(), n * n)));
            }
            // As the reader checks it: a file never carries a wrong answer.
            self.check_solution(solution)
                .map_err(|why| field("solution", &format!("breaks the puzzle: {why}")))?;
            out.insert("solution".into(), json!(solution));
        }
        Ok(Value::Object(out).to_string())
    }
}

fn field(name: &str, why: &str) -> InteropError {
    InteropError::Field { field: name.to_string(), why: why.to_string() }
}

/// Whether a field's value says "nothing here": absent, null, false, an
/// empty array, an empty string.
pub(super) fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

pub(super) fn read_object(object: &Map<String, Value>) -> Result<Imported, InteropError> {
    if !object.contains_key("grid")
        && ["givens", "layout", "boxes", "regions"].iter().any(|k| object.contains_key(*k))
    {
        return Err(field("grid", "missing: this looks like the toolkit's own JSON form (read it as such)"));
    }
    // First refuse what cannot be kept, naming all of it.
    let mut unsupported = Vec::new();
    for (key, value) in object {
        let known = METADATA.contains(&key.as_str())
            || is_flag(key)
            || matches!(key.as_str(), "grid" | "extraregion")
            || key == "negative"
            || KINDS.iter().any(|k| k.fpuzzles_keys().contains(&key.as_str()));
        if known || is_empty(value) {
            continue;
        }
        match key.as_str() {
            // Cages without cells are SudokuPad's metadata (`title: ...`);
            // drawings marked `fromConstraint` redraw a constraint read
            // from its own field ([`drawings`]).
            "cage" | "text" | "line" | "circle"
                if value.as_array().is_some_and(|entries| {
                    entries.iter().all(|e| {
                        (key == "cage" && is_metadata_cage(e)) || drawings::is_drawing(key, e, object)
                    })
                }) => {}
            "cage" | "text" | "line" | "rectangle" | "circle" => {
                unsupported.push(format!("{key} (cosmetic, may carry rules)"))
            }
            _ => unsupported.push(key.clone()),
        }
    }
    // A rule stated by several flags is that rule only with all of them.
    for rule in KINDS.iter().filter(|k| k.fpuzzles_flags().len() > 1) {
        let (set, unset): (Vec<&str>, Vec<&str>) =
            rule.fpuzzles_flags().iter().partition(|f| object.get(**f).is_some_and(|v| !is_empty(v)));
        if !set.is_empty() && !unset.is_empty() {
            unsupported.push(format!(
                "{} without {} (rule {})",
                set.join(", "),
                unset.join(", "),
                rule.name()
            ));
        }
    }
    // A coloured cell may carry a rule (odd cells shaded, a region): refused
    // by name, never read as a plain cell, unless the rules text is there
    // and speaks of no colour (the colour is then decoration).
    let coloured = coloured_cells(object.get("grid"));
    let rules = object.get("ruleset").and_then(Value::as_str).unwrap_or("");
    if !coloured.is_empty() && (rules.trim().is_empty() || speaks_of_colour(rules)) {
        unsupported.push(format!("cell colours ({}; colours may carry rules)", coloured.join(", ")));
    }
    if !unsupported.is_empty() {
        return Err(InteropError::Unsupported(unsupported));
    }

    let size = match object.get("size") {
        None => 9,
        Some(v) => v.as_u64().ok_or_else(|| field("size", "expected a whole number"))? as usize,
    };
    if crate::check_size(size).is_err() {
        return Err(crate::VariantError::Size(size).into());
    }
    // f-puzzles draws grids of 3 to 16 cells a side: a larger one is no
    // f-puzzles grid, whatever our model holds.
    if size > FPUZZLES_MAX {
        return Err(field(
            "size",
            &format!("{size}: f-puzzles grids are at most {FPUZZLES_MAX} cells a side"),
        ));
    }
    let (givens, regions) = read_grid(object.get("grid"), size)?;
    let layout = box_shapes(size)
        .find(|&(rows, cols)| regions == box_regions(size, rows.into(), cols.into()))
        .map_or(Layout::Regions(regions), |(rows, cols)| Layout::Boxes { rows, cols });

    let mut rules = Kinds::NONE;
    for rule in KINDS.iter().filter(|k| !k.fpuzzles_flags().is_empty()) {
        let mut all = true;
        for &flag in rule.fpuzzles_flags() {
            match object.get(flag) {
                None | Some(Value::Null) | Some(Value::Bool(false)) => all = false,
                Some(Value::Bool(true)) => {}
                Some(_) => return Err(field(flag, "expected true or false")),
            }
        }
        if all {
            rules.insert(*rule);
        }
    }
    if let Some(negative) = object.get("negative").filter(|v| !is_empty(v)) {
        rules = rules.union(read_negative(negative)?);
    }
    if let Some(extra) = object.get("extraregion").filter(|v| !is_empty(v)) {
        let shape = Puzzle::new(size, layout.clone(), Kinds::NONE, vec![0; size * size])?;
        rules = rules.union(read_regions(extra, &shape)?);
    }
    let puzzle = Puzzle::new(size, layout, rules, givens)?;
    let constraints = read_constraints(object, size)?;
    let puzzle = puzzle.with_constraints(constraints)?;
    let text = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_string);
    Ok(Imported {
        solution: read_solution(object.get("solution"), &puzzle)?,
        puzzle,
        title: text("title"),
        author: text("author"),
        ruleset: text("ruleset"),
        placed: None,
    })
}

/// The entries of every registered kind's field, read by the kind.
fn read_constraints(object: &Map<String, Value>, size: usize) -> Result<Vec<Constraint>, InteropError> {
    let mut out = Vec::new();
    for kind in KINDS {
        for key in kind.fpuzzles_keys() {
            let Some(entries) = object.get(key).filter(|v| !is_empty(v)) else { continue };
            let entries = entries.as_array().ok_or_else(|| field(key, "expected an array"))?;
            for (k, entry) in entries.iter().enumerate() {
                let place = format!("{key}[{k}]");
                let cell = |v: &Value| parse_rc(v, size, &place).map(|i| i as u16).map_err(|e| e.to_string());
                let instances =
                    kind.read_fpuzzles_in(key, entry, &cell).map_err(|why| field(&place, &why))?;
                out.extend(instances.into_iter().map(|instance| Constraint::of(*kind, instance)));
            }
        }
    }
    Ok(out)
}

/// The rules f-puzzles' `negative` list states: each set of words one
/// rule's ([`crate::Kind::fpuzzles_negative`]), the rule of the most words
/// first (`difference` with `ratio` is kropki-negative); a word no rule
/// takes is refused by name.
fn read_negative(value: &Value) -> Result<Kinds, InteropError> {
    let list = value.as_array().ok_or_else(|| field("negative", "expected an array"))?;
    let mut words: Vec<&str> = Vec::new();
    for v in list {
        match v.as_str() {
            Some(w) if !words.contains(&w) => words.push(w),
            Some(_) => {}
            None => return Err(field("negative", &format!("{v} is not a name"))),
        }
    }
    let mut rules: Vec<&'static dyn crate::Kind> =
        KINDS.iter().copied().filter(|k| !k.fpuzzles_negative().is_empty()).collect();
    rules.sort_by_key(|k| std::cmp::Reverse(k.fpuzzles_negative().len()));
    let mut out = Kinds::NONE;
    for rule in rules {
        if rule.fpuzzles_negative().iter().all(|w| words.contains(w)) {
            words.retain(|w| !rule.fpuzzles_negative().contains(w));
            out.insert(rule);
        }
    }
    match words.is_empty() {
        true => Ok(out),
        false => Err(InteropError::Unsupported(vec![format!("negative constraint of {}", words.join(", "))])),
    }
}

/// Whether a cage has no cells: SudokuPad's metadata (`title: ...`).
fn is_metadata_cage(cage: &Value) -> bool {
    cage.get("cells").is_none_or(|cells| cells.as_array().is_some_and(Vec::is_empty))
}

/// The largest side f-puzzles draws.
const FPUZZLES_MAX: usize = 16;

/// Overlapping grids as a refusal names them: `the samurai layout`, `the
/// twodoku layout`, `overlapping grids`.
pub(crate) fn grids_named(grids: &crate::Grids) -> String {
    match grids.name() {
        Some(name) => format!("the {name} layout (overlapping grids)"),
        None => "overlapping grids".into(),
    }
}

/// Every box shape `(rows, cols)` with more than one row and column that
/// tiles a grid of `size`, the default first.
pub(super) fn box_shapes(size: usize) -> impl Iterator<Item = (u8, u8)> {
    let others = (2..size).filter(move |r| size % r == 0).map(move |r| (r as u8, (size / r) as u8));
    default_boxes(size).into_iter().chain(others.filter(move |&s| Some(s) != default_boxes(size)))
}

/// The region index of every cell of boxes `rows`×`cols`, row-major.
pub(super) fn box_regions(size: usize, rows: usize, cols: usize) -> Vec<u8> {
    (0..size * size).map(|i| ((i / size / rows) * (size / cols) + (i % size) / cols) as u8).collect()
}

/// The cells of `grid` (rows of cell objects) with a colour, `c` or
/// `cArray`, named `R1C1`; the first five and a count past them.
fn coloured_cells(grid: Option<&Value>) -> Vec<String> {
    let rows = grid.and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
    let mut names: Vec<String> = Vec::new();
    let mut count = 0;
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().map_or(&[][..], Vec::as_slice).iter().enumerate() {
            let painted = |key: &str| cell.get(key).is_some_and(|v| !is_empty(v));
            if painted("c") || painted("cArray") {
                count += 1;
                if names.len() < 5 {
                    names.push(Coord { row: r, col: c }.fpuzzles_name());
                }
            }
        }
    }
    if count > names.len() {
        names.push(format!("and {} more", count - names.len()));
    }
    names
}

/// Whether a rules text gives colours a meaning: it names shading, a colour
/// or a colour word (whole words, any case).
fn speaks_of_colour(rules: &str) -> bool {
    const WORDS: [&str; 20] = [
        "shade",
        "shaded",
        "shading",
        "colour",
        "coloured",
        "colours",
        "color",
        "colored",
        "colors",
        "grey",
        "gray",
        "highlighted",
        "blue",
        "green",
        "red",
        "yellow",
        "orange",
        "purple",
        "pink",
        "tinted",
    ];
    rules.split(|c: char| !c.is_alphabetic()).any(|w| WORDS.contains(&w.to_lowercase().as_str()))
}

/// Reads the grid: givens (cells with `given: true`) and each cell's
/// region (its `region`, else its default box).
fn read_grid(grid: Option<&Value>, size: usize) -> Result<(Vec<u8>, Vec<u8>), InteropError> {
    let rows = grid.and_then(Value::as_array).ok_or_else(|| field("grid", "expected an array of rows"))?;
    if rows.len() != size {
        return Err(field("grid", &format!("{} rows, expected {size}", rows.len())));
    }
    let (box_rows, box_cols) = default_boxes(size).map_or((1, size), |(r, c)| (r.into(), c.into()));
    let defaults = box_regions(size, box_rows, box_cols);
    let mut givens = vec![0u8; size * size];
    let mut regions = defaults.clone();
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().ok_or_else(|| field("grid", &format!("row {} is not an array", r + 1)))?;
        if cells.len() != size {
            return Err(field("grid", &format!("row {} has {} cells, expected {size}", r + 1, cells.len())));
        }
        for (c, cell) in cells.iter().enumerate() {
            let name = format!("grid {}", Coord { row: r, col: c }.fpuzzles_name());
            let i = r * size + c;
            let cell = match cell {
                Value::Object(m) => m,
                Value::Null => continue,
                _ => return Err(field(&name, "expected an object")),
            };
            if cell.get("given").and_then(Value::as_bool) == Some(true) {
                let value = cell.get("value").unwrap_or(&Value::Null);
                let v = value.as_u64().unwrap_or(0);
                if v == 0 || v > size as u64 {
                    return Err(field(&name, &format!("given {value} is not a digit 1-{size}")));
                }
                givens[i] = v as u8;
            }
            match cell.get("region") {
                None => {}
                Some(Value::Null) => {
                    return Err(InteropError::Unsupported(vec![format!("{name} in no region")]))
                }
                Some(v) => {
                    let k = v.as_u64().filter(|&k| k < size as u64);
                    regions[i] =
                        k.ok_or_else(|| field(&name, &format!("region {v} is not 0-{}", size - 1)))? as u8;
                }
            }
        }
    }
    Ok((givens, regions))
}

/// Parses an f-puzzles cell name (`R1C1`, 1-based) into a row-major index.
fn parse_rc(name: &Value, size: usize, place: &str) -> Result<usize, InteropError> {
    let bad = || field(place, &format!("{name} is not a cell R1C1-R{size}C{size}"));
    let at: Coord = name.as_str().ok_or_else(bad)?.parse().map_err(|_| bad())?;
    if at.row >= size || at.col >= size {
        return Err(bad());
    }
    Ok(at.index(size))
}

fn cells_of(part: &Value, size: usize, place: &str) -> Result<Vec<usize>, InteropError> {
    let cells =
        part.get("cells").and_then(Value::as_array).ok_or_else(|| field(place, "expected \"cells\""))?;
    cells.iter().map(|c| parse_rc(c, size, place)).collect()
}

/// The rules whose houses the extra regions are, each rule's all of them
/// ([`region_rules`]: windoku's four windows of a 9x9).
fn read_regions(extra: &Value, shape: &Puzzle) -> Result<Kinds, InteropError> {
    let size = shape.size();
    let parts = extra.as_array().ok_or_else(|| field("extraregion", "expected an array"))?;
    let mut found: Vec<Vec<u16>> = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        let mut cells: Vec<u16> =
            cells_of(part, size, &format!("extraregion[{k}]"))?.into_iter().map(|c| c as u16).collect();
        cells.sort_unstable();
        found.push(cells);
    }
    let mut rules = Kinds::NONE;
    for rule in region_rules() {
        if rule.check(shape, &Instance::default()).is_err() {
            continue;
        }
        let houses: Vec<Vec<u16>> = rule
            .houses(shape, 0, 0)
            .into_iter()
            .map(|mut h| {
                h.sort_unstable();
                h
            })
            .collect();
        if houses.iter().all(|h| found.contains(h)) {
            found.retain(|h| !houses.contains(h));
            rules.insert(rule);
        }
    }
    if !found.is_empty() {
        let names: Vec<&str> = region_rules().map(|k| k.name()).collect();
        return Err(InteropError::Unsupported(vec![format!(
            "extraregion other than the houses of a rule ({})",
            names.join(", ")
        )]));
    }
    Ok(rules)
}

/// The puzzle's solution as `solution` states it ([module docs](self)):
/// `None` when absent or all blank, an error naming the entry when a
/// value is no digit or the count is wrong, a refusal by name when cells
/// are left blank, and an error when it changes a given or breaks a rule
/// ([`Puzzle::check_solution`], the check the Penpa+ answer goes through).
fn read_solution(value: Option<&Value>, puzzle: &Puzzle) -> Result<Option<Vec<u8>>, InteropError> {
    let Some(value) = value.filter(|v| !is_empty(v)) else { return Ok(None) };
    let n = puzzle.size();
    let entries: Vec<Option<u8>> = match value {
        Value::Array(list) => {
            list.iter().enumerate().map(|(k, v)| solution_entry(v, k, n)).collect::<Result<_, _>>()?
        }
        // SudokuPad's form: digits one a character, or separated by commas.
        Value::String(text) if text.contains(',') => text
            .split(',')
            .enumerate()
            .map(|(k, t)| solution_entry(&json!(t), k, n))
            .collect::<Result<_, _>>()?,
        Value::String(text) => {
            text.chars().enumerate().map(|(k, c)| solution_char(c, k, n)).collect::<Result<_, _>>()?
        }
        other => return Err(field("solution", &format!("{other} is not a list of digits"))),
    };
    if entries.len() != n * n {
        return Err(field("solution", &format!("{} cells, expected {}", entries.len(), n * n)));
    }
    if entries.iter().all(Option::is_none) {
        return Ok(None);
    }
    // A blank in a given's cell is that given; a digit there is checked
    // against it below.
    let grid: Vec<u8> =
        entries.iter().zip(puzzle.givens()).map(|(entry, &given)| entry.unwrap_or(given)).collect();
    let blank: Vec<usize> = (0..grid.len()).filter(|&i| grid[i] == 0).collect();
    if let Some(&first) = blank.first() {
        return Err(InteropError::Unsupported(vec![format!(
            "an f-puzzles partial solution (solution): {} cells without a digit, first {}",
            blank.len(),
            Coord::of(first, n).fpuzzles_name()
        )]));
    }
    puzzle.check_solution(&grid).map_err(|why| field("solution", &format!("breaks the puzzle: {why}")))?;
    Ok(Some(grid))
}

/// One entry of a `solution` list: a digit 1-`n` (a number or its text),
/// or a blank (`0`, `"0"`, `"."`, `""`, `null`).
fn solution_entry(value: &Value, k: usize, n: usize) -> Result<Option<u8>, InteropError> {
    let bad = || field(&format!("solution[{k}]"), &format!("{value} is not a digit 1-{n}"));
    let number = match value {
        Value::Null => return Ok(None),
        Value::Number(x) => x.as_u64().ok_or_else(bad)?,
        Value::String(s) => match s.trim() {
            "" | "." => return Ok(None),
            t => t.parse::<u64>().map_err(|_| bad())?,
        },
        _ => return Err(bad()),
    };
    match number {
        0 => Ok(None),
        d if d <= n as u64 => Ok(Some(d as u8)),
        _ => Err(bad()),
    }
}

/// One character of a `solution` string: a digit (`1`-`9`, then `a`/`A`
/// for 10 and on, as in a line of givens), or a blank (`0`, `.`).
fn solution_char(c: char, k: usize, n: usize) -> Result<Option<u8>, InteropError> {
    match c {
        '0' | '.' => Ok(None),
        _ => match c.to_digit(36) {
            Some(d) if (1..=n as u32).contains(&d) => Ok(Some(d as u8)),
            _ => Err(field(&format!("solution[{k}]"), &format!("{c:?} is not a digit 1-{n}"))),
        },
    }
}
