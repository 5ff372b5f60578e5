//! Constraints as plug-ins: rules drawn on the grid cell by cell
//! (thermometers, arrows, ...). Each kind is one file that carries
//! everything about it, behind the [`Kind`] trait: its names, its JSON and
//! f-puzzles forms, checking a solution, narrowing candidates (the one
//! propagation the engine, the hints and the tests all run), drawing it,
//! its rule text, and drawing new ones on a solved grid for the generator.
//! [`KINDS`] lists them; nothing else in the workspace names one.
//!
//! ## How to add a rule
//!
//! 1. Write `constraint/<name>.rs` with a unit struct implementing
//!    [`Kind`] (see `thermo.rs`, the smallest).
//! 2. Add its `mod` and one entry in [`KINDS`], both in this file.
//! 3. Add fixtures, a test against an independent checker, and a line in
//!    `docs/variants.md`.
//!
//! Every surface (solve, count, generate, hint, print, convert, the
//! server and Python) reaches the rule through [`Puzzle::constraints`] and
//! this registry.
//!
//! A constraint instance is data: its kind and its *parts*, lists of
//! canvas cells whose meaning the kind defines (a thermometer has one part,
//! bulb first; an arrow has its circle, then one part per line).

mod arrow;
mod thermo;

use std::fmt;

use rand::RngCore;
use serde_json::{Map, Value};

use crate::{Puzzle, VariantError};

use arrow::Arrow;
use thermo::Thermo;

/// Every constraint kind, in the order names are written. A kind's index
/// here is its bit in a [`Kinds`] set.
pub static KINDS: &[&'static dyn Kind] = &[&Thermo, &Arrow];

/// The digit masks of some cells, which a constraint reads and narrows:
/// the engine's search node, a hint's candidates, a test's board.
/// Bit d-1 stands for digit d.
pub trait Candidates {
    /// The digits cell `cell` may still hold.
    fn get(&self, cell: u16) -> u32;
    /// Removes the digits of `mask` from `cell`; false when that leaves it
    /// no digit (a contradiction).
    fn remove(&mut self, cell: u16, mask: u32) -> bool;
}

/// A shape a constraint is drawn with, in cell units: a cell's centre is at
/// its (column + 0.5, row + 0.5); lengths are fractions of a cell side.
/// Grays run from 0 (black) to 1 (white).
#[derive(Debug, Clone, PartialEq)]
pub enum Glyph {
    /// A line through the centres of `cells`, round-capped; `arrowhead`
    /// draws a head at its last cell, `from_edge` starts it at the rim of
    /// a circle of that radius around the first cell instead of its centre.
    Path {
        /// Canvas cells, in order.
        cells: Vec<u16>,
        /// Line width.
        width: f32,
        /// Gray.
        gray: f32,
        /// A head at the end.
        arrowhead: bool,
        /// Radius of the circle the line starts from (0: the centre).
        from_edge: f32,
    },
    /// A filled disc on a cell's centre (an outline is a disc of the
    /// outline's gray with a smaller one on top).
    Disc {
        /// Canvas cell.
        cell: u16,
        /// Radius.
        radius: f32,
        /// Gray.
        gray: f32,
    },
}

/// Reads a cell name of the JSON form (`r1c1`) into a canvas cell.
pub type ReadName<'a> = &'a dyn Fn(&str) -> Result<u16, VariantError>;
/// Reads an f-puzzles cell (`"R1C1"`) into a canvas cell.
pub type ReadFpCell<'a> = &'a dyn Fn(&Value) -> Result<u16, String>;
/// Writes a canvas cell's name (`r1c1` or f-puzzles' `R1C1`).
pub type WriteName<'a> = &'a dyn Fn(u16) -> String;
/// An instance's parts: lists of canvas cells, as its kind reads them.
pub type Parts = Vec<Vec<u16>>;
/// Several instances (one f-puzzles entry's, a generator's draw).
pub type Instances = Vec<Parts>;

/// One kind of constraint. Implemented by a unit struct per file; see the
/// module docs for how to add one.
pub trait Kind: Sync {
    /// The name in the text forms and `--variant` (`thermo`).
    fn name(&self) -> &'static str;
    /// Other spellings `--variant` accepts (letters and digits only,
    /// lowercase: `thermometer`).
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    /// The name in a book's titles (`Thermo`).
    fn title(&self) -> &'static str;
    /// One sentence for a book's rules paragraph.
    fn rule_text(&self) -> &'static str;
    /// How a hint names an instance, from its first cell's name
    /// (`thermometer from r1c1`).
    fn describe(&self, first: &str) -> String;

    /// Checks an instance's parts on a puzzle (cells exist, lines are
    /// connected, lengths fit the digits); the reason when they do not.
    fn check(&self, puzzle: &Puzzle, parts: &[Vec<u16>]) -> Result<(), String>;
    /// Whether a full grid (canvas order) satisfies the instance.
    fn holds(&self, parts: &[Vec<u16>], grid: &[u8]) -> bool;
    /// Groups of cells that must hold distinct digits (fed to the
    /// engine's peers and the hints' eliminations).
    fn distinct(&self, _parts: &[Vec<u16>]) -> Vec<Vec<u16>> {
        Vec::new()
    }
    /// Narrows `board` (digits 1..=`n`) by the instance; false on a
    /// contradiction. Must remove only digits no solution can hold there,
    /// and must refuse (return false) a board whose cells all hold one
    /// digit and break the rule: the engine relies on it.
    fn narrow(&self, parts: &[Vec<u16>], n: usize, board: &mut dyn Candidates) -> bool;

    /// Reads the parts from the instance's JSON object (its `kind` field
    /// aside); `cell` reads a cell name.
    fn parts_from_json(&self, object: &Map<String, Value>, cell: ReadName<'_>) -> Result<Parts, String>;
    /// The instance's JSON object, without its `kind`; `name` writes a
    /// cell name.
    fn parts_to_json(&self, parts: &[Vec<u16>], name: WriteName<'_>) -> Map<String, Value>;

    /// The top-level f-puzzles field holding instances of this kind.
    fn fpuzzles_key(&self) -> &'static str;
    /// The instances one entry of that field holds (an f-puzzles entry may
    /// hold several); `cell` reads `R1C1`.
    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String>;
    /// The f-puzzles entry of one instance on a grid of side `side`;
    /// `name` writes `R1C1`.
    fn write_fpuzzles(&self, parts: &[Vec<u16>], side: usize, name: WriteName<'_>) -> Value;

    /// How the instance is drawn, under the digits, on a canvas of side
    /// `side`.
    fn glyphs(&self, parts: &[Vec<u16>], side: usize) -> Vec<Glyph>;

    /// New instances true of `solution` on `puzzle`'s cells (a generator
    /// then removes clues around them), drawn from `rng`.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances;
}

impl fmt::Debug for dyn Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind registered under `name` or one of its aliases (any case,
/// punctuation ignored).
pub fn kind_named(name: &str) -> Option<&'static dyn Kind> {
    let key = name_key(name);
    KINDS.iter().copied().find(|k| name_key(k.name()) == key || k.aliases().contains(&key.as_str()))
}

/// A name with only its letters and digits, lowercase.
pub(crate) fn name_key(name: &str) -> String {
    name.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect()
}

/// One constraint on a puzzle: its kind and its parts.
#[derive(Clone)]
pub struct Constraint {
    kind: &'static dyn Kind,
    parts: Vec<Vec<u16>>,
}

impl Constraint {
    /// A constraint of `kind` with `parts` (checked when it is put on a
    /// puzzle: [`Puzzle::with_constraints`]).
    pub fn new(kind: &'static dyn Kind, parts: Vec<Vec<u16>>) -> Constraint {
        Constraint { kind, parts }
    }

    /// Its kind.
    pub fn kind(&self) -> &'static dyn Kind {
        self.kind
    }

    /// Its parts (canvas cells).
    pub fn parts(&self) -> &[Vec<u16>] {
        &self.parts
    }

    /// Every cell it names, in part order.
    pub fn cells(&self) -> impl Iterator<Item = u16> + '_ {
        self.parts.iter().flatten().copied()
    }

    /// The same constraint on other cells: each is replaced by `map(cell)`.
    pub fn map_cells(&self, map: impl Fn(u16) -> u16) -> Constraint {
        let parts = self.parts.iter().map(|p| p.iter().map(|&c| map(c)).collect()).collect();
        Constraint { kind: self.kind, parts }
    }

    /// How a hint names it (`thermometer from r1c1`).
    pub fn describe(&self, puzzle: &Puzzle) -> String {
        let first = self.cells().next().map_or_else(String::new, |c| puzzle.cell_name(usize::from(c)));
        self.kind.describe(&first)
    }
}

impl PartialEq for Constraint {
    fn eq(&self, other: &Constraint) -> bool {
        self.kind.name() == other.kind.name() && self.parts == other.parts
    }
}

impl Eq for Constraint {}

impl fmt::Debug for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Constraint").field("kind", &self.kind.name()).field("parts", &self.parts).finish()
    }
}

/// A set of constraint kinds (a bit per [`KINDS`] entry), as a variant
/// list names them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Kinds(u32);

impl Kinds {
    /// No kind.
    pub const NONE: Kinds = Kinds(0);

    /// The kind's bit: its place in [`KINDS`]; none for a kind implemented
    /// outside the registry (such a kind works on a puzzle but is not named
    /// in variant lists).
    fn bit(kind: &dyn Kind) -> u32 {
        KINDS.iter().position(|k| k.name() == kind.name()).map_or(0, |at| 1 << at)
    }

    /// Adds `kind`.
    pub fn insert(&mut self, kind: &dyn Kind) {
        self.0 |= Kinds::bit(kind);
    }

    /// Whether `kind` is in the set.
    pub fn contains(self, kind: &dyn Kind) -> bool {
        self.0 & Kinds::bit(kind) != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in the set, in [`KINDS`] order.
    pub fn iter(self) -> impl Iterator<Item = &'static dyn Kind> {
        KINDS.iter().enumerate().filter(move |(i, _)| self.0 >> i & 1 == 1).map(|(_, k)| *k)
    }
}

impl FromIterator<&'static dyn Kind> for Kinds {
    fn from_iter<I: IntoIterator<Item = &'static dyn Kind>>(iter: I) -> Kinds {
        let mut kinds = Kinds::NONE;
        for k in iter {
            kinds.insert(k);
        }
        kinds
    }
}

/// Helpers the kinds share.
pub(crate) mod util {
    use super::*;

    /// Whether two canvas cells of side `side` touch (orthogonally or
    /// diagonally).
    pub fn touch(side: usize, a: u16, b: u16) -> bool {
        let (a, b) = (usize::from(a), usize::from(b));
        let (ra, ca, rb, cb) = (a / side, a % side, b / side, b % side);
        a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
    }

    /// Checks that `cells` exist, are distinct, and each touches the next.
    pub fn check_line(puzzle: &Puzzle, cells: &[u16], what: &str) -> Result<(), String> {
        for (k, &c) in cells.iter().enumerate() {
            if !puzzle.is_cell(usize::from(c)) {
                return Err(format!("{what}: position {} is not a cell", k + 1));
            }
            if cells[..k].contains(&c) {
                return Err(format!("{what}: {} is named twice", puzzle.cell_name(usize::from(c))));
            }
            if k > 0 && !touch(puzzle.side(), cells[k - 1], c) {
                return Err(format!(
                    "{what}: {} does not touch {}",
                    puzzle.cell_name(usize::from(cells[k - 1])),
                    puzzle.cell_name(usize::from(c))
                ));
            }
        }
        Ok(())
    }

    /// Reads a JSON array of cell names.
    pub fn json_cells(value: Option<&Value>, field: &str, cell: ReadName<'_>) -> Result<Vec<u16>, String> {
        let list = value.and_then(Value::as_array).ok_or_else(|| format!("expected \"{field}\": [cells]"))?;
        list.iter()
            .map(|v| {
                let name = v.as_str().ok_or_else(|| format!("{field}: {v} is not a cell name"))?;
                cell(name).map_err(|e| format!("{field}: {e}"))
            })
            .collect()
    }

    /// Writes cells as a JSON array of names.
    pub fn names(cells: &[u16], name: WriteName<'_>) -> Value {
        Value::Array(cells.iter().map(|&c| Value::String(name(c))).collect())
    }

    /// Reads an f-puzzles array of `R1C1` names.
    pub fn fp_cells(value: &Value, cell: ReadFpCell<'_>) -> Result<Vec<u16>, String> {
        value.as_array().ok_or_else(|| format!("{value} is not a list of cells"))?.iter().map(cell).collect()
    }

    /// The lowest and highest digit of a mask (1-based); (0, 0) when empty.
    pub fn bounds(mask: u32) -> (u32, u32) {
        if mask == 0 {
            (0, 0)
        } else {
            (mask.trailing_zeros() + 1, 32 - mask.leading_zeros())
        }
    }

    /// The digits 1..=d as a mask.
    pub fn up_to(d: u32) -> u32 {
        if d >= 32 {
            u32::MAX
        } else {
            (1u32 << d) - 1
        }
    }

    /// The cells a random walk may step to from `at`: orthogonal
    /// neighbours on the puzzle not yet `used` (canvas-indexed).
    pub fn steps(puzzle: &Puzzle, at: u16, used: &[bool]) -> Vec<u16> {
        let side = puzzle.side() as isize;
        let (r, c) = (at as isize / side, at as isize % side);
        let mut out = Vec::with_capacity(4);
        for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
            let (nr, nc) = (r + dr, c + dc);
            if (0..side).contains(&nr) && (0..side).contains(&nc) {
                let i = (nr * side + nc) as usize;
                if puzzle.is_cell(i) && !used[i] {
                    out.push(i as u16);
                }
            }
        }
        out
    }

    /// Canvas cells already on a constraint of the puzzle.
    pub fn used_cells(puzzle: &Puzzle) -> Vec<bool> {
        let mut used = vec![false; puzzle.canvas_len()];
        for c in puzzle.constraints().iter().flat_map(Constraint::cells) {
            used[usize::from(c)] = true;
        }
        used
    }

    /// A random element of a non-empty slice.
    pub fn pick<T: Copy>(items: &[T], rng: &mut dyn RngCore) -> T {
        items[(rng.next_u32() as usize) % items.len()]
    }
}
