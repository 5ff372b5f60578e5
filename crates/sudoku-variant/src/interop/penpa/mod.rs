//! Penpa+ links (`https://swaroopg92.github.io/penpa-edit/#m=solve&p=…`,
//! also `m=edit`, other hosts of penpa-edit, with or without scheme and
//! host, or the parameters alone): the puzzle in Penpa+'s own data, read
//! into the model.
//!
//! The format, as penpa-edit writes and reads it (`encrypt_data`,
//! `decrypt_data` and `load` in `docs/js/general.js`, `COMPRESS_SUB` and
//! `reset_puzzle` in `class_p.js`, the point numbering in
//! `class_square.js`; github.com/swaroopg92/penpa-edit, MIT): `p=` is
//! base64 of raw deflate of lines of text (see `decode.rs`). Line 0 is the
//! header `gridtype,nx,ny,size,theta,reflect_x,reflect_y,canvas_x,
//! canvas_y,centre,centre0,diag1,outside,outside_tl,diag2,title,author,
//! source,rules,…`; line 1 the space left around the grid `[top, bottom,
//! left, right]`; line 3 the problem layer `pu_q`, a JSON object of
//! layers keyed by point number (see `frame.rs`).
//!
//! Read from `pu_q` (square and sudoku grids of 4 to 16 cells a side,
//! within the model's 25):
//!
//! | Penpa+ | model |
//! |---|---|
//! | `number`, normal digits in cells (`1`-`16`; letters `A`-`G`, either case, for 10-16) | givens |
//! | `lineE`, thick lines (styles 2, 21) between cells | boxes, or jigsaw regions when they differ |
//! | `lineE`, both main diagonals whole | the X rule |
//! | `killercages` with their sums in `numberS` (a corner of a cell of the cage) | killer cages |
//! | `thermo` (bulb first) | thermometers |
//! | `line` through cell centres, a simple path of solid style (2, 3, 5, 8, 9) from a `circle_L`/`circle_M` at one end | thermometers, drawn by hand (see `lines.rs`) |
//! | `arrows` (circle first) | arrows, one each |
//! | `symbol` `circle_SS`/`circle_S` on an edge, white (1, 8) or black (2) | kropki dots |
//! | `number` X or V on an edge | XV |
//! | `symbol` grey (3) `circle_L` / `square_L` in a cell (a circle that is a line's bulb excepted) | odd / even cells |
//!
//! Kept as what they repeat: `cage` lines that outline the killer cages,
//! circles on an arrow's circle or a bulb, a `line` that retraces a
//! `thermo` element, thin lines drawn like the
//! grid's own on the grid (styles 1, 80), any line on the grid's rim.
//! The answer check, `&a=` beside `p=`, is the solution: it must keep
//! the givens and every rule, or the link is an error of `a=`; answers
//! the model has no place for (several alternatives, shading or other
//! marks, cells left empty) are refused by name (see `answer.rs`).
//! Ignored as cosmetic or as the editor's state: the answer layer as
//! drawn (`pu_a`, line 4 of an `m=edit` link: the editor's work, not a
//! checked answer), custom colours (lines 14 and 15), the
//! editor's modes, undo history, answer-check settings, timer, tags and
//! the header's display fields, including its diagonal flags (the drawn
//! diagonals are what count). Read as metadata: title, author and rules
//! text. Anything else that `pu_q` holds (shaded cells, centre lines with
//! no circle at an end or that branch, loop or are dotted, free
//! lines, walls, other symbols and numbers, cage lines of no killer cage,
//! one diagonal, removed grid lines, thermometers without a bulb),
//! letters as givens that could spell another alphabet (beside numbers
//! past 9; with no digit 1-9 given; or, where a rule reads the digits'
//! values, without the side's own letter given, `G` on a 16x16: then
//! `0-9, A-F` cannot be ruled out; see `layers.rs`) and other grid types, sizes, rotated or mirrored views and clues outside
//! the grid are [`InteropError::Unsupported`], named; nothing is dropped.

mod answer;
mod decode;
mod frame;
mod layers;
mod lines;

pub(crate) use decode::is_penpa_link;
pub use decode::MAX_TEXT;

use serde_json::Value;

use super::fpuzzles::{box_regions, box_shapes};
use super::{Imported, InteropError};
use crate::puzzle::{Layout, Puzzle};
use crate::{kind_named, Kinds};
use frame::Frame;

/// The largest side read: Penpa draws larger grids, but no sudoku of the
/// model's sizes past 16 is made there.
const PENPA_MAX: usize = 16;
/// The most centres a side of the board may have (margins included): a
/// bound on the point numbers before anything is allocated.
const MAX_BOARD: usize = 64;

impl Puzzle {
    /// Reads a puzzle from a Penpa+ link (see the module docs of
    /// `interop::penpa` for the forms and what is read).
    /// [`Puzzle::from_link`] takes these links too.
    ///
    /// ```
    /// use sudoku_variant::Puzzle;
    ///
    /// // A 4x4 with boxes, a 1 in r1c1 and a 2 in r4c4.
    /// let link = "https://swaroopg92.github.io/penpa-edit/#m=solve&p=\
    ///     Rc5LC4JAFAXgvb8i7vos5qE4d3YtclkQtRKJIKNIEFI3iv+9Oz6SMzN8XA7cabpH/ekQS6yDgg5hNd3YhKOWXN5tVfod9l37qr8C\
    ///     4JRleN6rpozypVVE0dCf/dDffF6M6K8b3cajH0g78jlpkn3yFqA4CQOzDqR2kFqawFnyBuQYrGZZsJ4kn1ylwWaWAdv/jGcxtEqF4/gD";
    /// let imported = Puzzle::from_penpa(link)?;
    /// assert_eq!(imported.puzzle.size(), 4);
    /// assert_eq!(imported.puzzle.givens()[0], 1);
    /// assert_eq!(imported.puzzle.givens()[15], 2);
    /// assert_eq!(imported.puzzle, Puzzle::from_link(link)?.puzzle);
    /// # Ok::<(), sudoku_variant::InteropError>(())
    /// ```
    pub fn from_penpa(link: &str) -> Result<Imported, InteropError> {
        let lines = decode::penpa_lines(link)?;
        let answer = decode::penpa_answer(link)?;
        read_lines(&lines, answer.as_deref())
    }
}

fn field(name: &str, why: impl Into<String>) -> InteropError {
    InteropError::Field { field: name.to_string(), why: why.into() }
}

/// A header field decoded as Penpa writes them (`%2C` for a comma, `%2D`
/// for a line break, `%2E` for `&`, `%2F` for `=`), without its label.
fn header_text(value: Option<&&str>, label: &str) -> Option<String> {
    let text = value?.replace("%2C", ",").replace("%2D", "\n").replace("%2E", "&").replace("%2F", "=");
    let text = text.strip_prefix(label).unwrap_or(&text).trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// How many of the grid's cells the centre list (line 6 of the text,
/// Penpa's cells that exist, as a first index and then differences)
/// leaves out; `None` when it lists them all, or is absent or empty (hand
/// made links). A board with cells removed is not a sudoku grid the model holds.
fn removed_cells(frame: &Frame, line: Option<&String>) -> Result<Option<usize>, InteropError> {
    let Some(line) = line.map(|l| l.trim()).filter(|l| !l.is_empty()) else { return Ok(None) };
    let deltas: Vec<i64> =
        serde_json::from_str(line).map_err(|_| field("centerlist", "expected a list of whole numbers"))?;
    if deltas.is_empty() {
        return Ok(None);
    }
    let mut present = vec![false; frame.n * frame.n];
    let mut at: i64 = 0;
    for d in deltas {
        at = at.checked_add(d).ok_or_else(|| field("centerlist", "a point past the board"))?;
        if let Some(cell) = usize::try_from(at).ok().and_then(|k| frame.centre_cell(k)) {
            present[usize::from(cell)] = true;
        }
    }
    let removed = present.iter().filter(|&&p| !p).count();
    Ok((removed > 0).then_some(removed))
}

/// The puzzle of Penpa's lines of text, with the solution that the
/// answer text (`a=`, inflated) gives.
fn read_lines(lines: &[String], answer: Option<&str>) -> Result<Imported, InteropError> {
    let header: Vec<&str> = lines[0].split(',').collect();
    let kind = header[0];
    if kind.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(InteropError::Unsupported(vec!["Penpa's first link format (before Penpa+)".into()]));
    }
    if kind != "square" && kind != "sudoku" {
        return Err(InteropError::Unsupported(vec![format!("the {kind} grid (only square grids)")]));
    }
    let number = |at: usize, name: &str| -> Result<i64, InteropError> {
        let text = header.get(at).ok_or_else(|| field("header", format!("no {name}")))?;
        text.trim().parse().map_err(|_| field("header", format!("{name} {text:?} is not a whole number")))
    };
    let (nx, ny) = (number(1, "width")?, number(2, "height")?);
    let (theta, flip_x, flip_y) =
        (number(4, "rotation")?, number(5, "reflection")?, number(6, "reflection")?);
    if theta.rem_euclid(360) != 0 || flip_x != 1 || flip_y != 1 {
        return Err(InteropError::Unsupported(vec!["a rotated or mirrored view".into()]));
    }
    let space: Vec<i64> = lines
        .get(1)
        .and_then(|l| serde_json::from_str(l).ok())
        .filter(|s: &Vec<i64>| s.len() == 4)
        .ok_or_else(|| field("space", "expected four numbers"))?;
    // Every number within the board before any arithmetic on them.
    let board_ok = |v: i64| (1..=MAX_BOARD as i64 - 4).contains(&v);
    let space_ok = space.iter().all(|&s| (0..=MAX_BOARD as i64).contains(&s));
    let bad = || field("header", format!("a board of {nx}x{ny} with space {space:?}"));
    if !board_ok(nx) || !board_ok(ny) || !space_ok {
        return Err(bad());
    }
    let (rows, cols) = (ny - space[0] - space[1], nx - space[2] - space[3]);
    if rows < 1 || cols < 1 {
        return Err(bad());
    }
    if rows != cols {
        return Err(InteropError::Unsupported(vec![format!("a grid of {rows}x{cols} (only square ones)")]));
    }
    let n = rows as usize;
    if crate::check_size(n).is_err() || n > PENPA_MAX {
        return Err(InteropError::Unsupported(vec![format!("a grid of side {n} (4 to {PENPA_MAX})")]));
    }
    let frame = Frame {
        nx0: nx as usize + 4,
        ny0: ny as usize + 4,
        top: 2 + space[0] as usize,
        left: 2 + space[2] as usize,
        n,
    };
    if let Some(removed) = removed_cells(&frame, lines.get(5))? {
        return Err(InteropError::Unsupported(vec![format!(
            "{removed} cells removed from the grid (centerlist)"
        )]));
    }
    let pu_q: Value = lines
        .get(3)
        .ok_or_else(|| field("pu_q", "missing (line 4 of the text)"))
        .and_then(|l| serde_json::from_str(l).map_err(|e| field("pu_q", e.to_string())))?;
    let pu_q = pu_q.as_object().ok_or_else(|| field("pu_q", "expected an object"))?;
    let read = layers::read(&frame, pu_q);
    if let Some((name, why)) = read.malformed {
        return Err(field(&name, why));
    }
    if !read.unsupported.is_empty() {
        return Err(InteropError::Unsupported(read.unsupported));
    }
    let regions = match read.regions {
        Some(Ok(regions)) => regions,
        Some(Err(why)) => return Err(field("lineE", why)),
        None => return Err(field("lineE", "no regions")),
    };
    let layout = box_shapes(n)
        .find(|&(r, c)| regions == box_regions(n, r.into(), c.into()))
        .map_or(Layout::Regions(regions), |(rows, cols)| Layout::Boxes { rows, cols });
    let mut rules = Kinds::NONE;
    if read.x {
        rules.insert(kind_named("x").expect("x is registered"));
    }
    let puzzle = Puzzle::new(n, layout, rules, read.givens)?.with_constraints(read.constraints)?;
    let multisolution = header.get(20).is_some_and(|f| f.trim() == "true");
    let solution = match answer {
        Some(text) => answer::read_answer(&frame, &puzzle, text, multisolution)?,
        None => None,
    };
    Ok(Imported {
        puzzle,
        solution,
        title: header_text(header.get(15), "Title:"),
        author: header_text(header.get(16), "Author:"),
        ruleset: header_text(header.get(18), ""),
        placed: None,
    })
}
