//! Rules as plug-ins: every rule beyond rows, columns and boxes (or
//! regions). Two sorts share the one [`Kind`] trait:
//!
//! - *Rules of the whole grid* ([`Kind::global`]: X, windoku, disjoint
//!   groups, anti-knight, anti-king, non-consecutive) have no cells of
//!   their own; their relations follow from the shape. A puzzle holds
//!   them as a set ([`crate::Puzzle::rules`]), the JSON form lists them in
//!   `"rules"` and a variant list names them.
//! - *Constraints drawn on the grid* (killer cages, thermometers, arrows,
//!   ...) are instances with cells ([`Constraint`]), in
//!   [`crate::Puzzle::constraints`] and the JSON form's `"constraints"`
//!   (killer cages in its own `"cages"`, [`Kind::json_list`]).
//!
//! Each kind is one file that carries everything about it: its names, its
//! JSON and f-puzzles forms, checking a solution, what it gives the engine
//! (extra houses, cells that differ, neighbours that are not consecutive,
//! and [`Kind::narrow`], the one propagation the engine, the hints and the
//! tests all run), whether a format without rules or the graded ladder
//! can take it ([`Kind::houses_only`]), drawing it, its rule text, and
//! drawing new ones on a solved grid for the generator. [`KINDS`] lists
//! them; nothing else in the workspace names one.
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
//! A constraint is data: its kind and its [`Instance`], *parts* (lists of
//! canvas cells whose meaning the kind defines: a thermometer has one part,
//! bulb first; an arrow has its circle, then one part per line) and the
//! number written on it (a cage's sum).

mod argyle;
mod arrow;
mod clone;
mod diagonals;
mod disjoint_groups;
mod dots;
mod ends;
mod extra_regions;
mod extremes;
mod house_rule;
mod killer;
mod lines;
mod moves;
mod negative;
mod non_consecutive;
mod outside;
mod parity;
mod quadruple;
mod region_sum;
#[cfg(test)]
pub(crate) mod testing;
mod thermo;
pub(crate) mod util;
mod windoku;

use std::fmt;

use rand::RngCore;
use serde_json::Value;

use crate::{Puzzle, VariantError};

use argyle::Argyle;
use arrow::Arrow;
use clone::Clones;
use diagonals::DIAGONALS;
use disjoint_groups::DISJOINT_GROUPS;
use dots::{GREATER_THAN, KROPKI, XV};
use ends::{BETWEEN, DOUBLE_ARROW, LOCKOUT};
use extra_regions::{ASTERISK, CENTRE_DOT, GIRANDOLA};
use extremes::{MAXIMUM, MINIMUM};
pub(crate) use killer::combinations;
use killer::Killer;
use lines::{DUTCH_WHISPERS, ENTROPIC, GERMAN_WHISPERS, MODULAR, PALINDROME, RENBAN, ZIPPER};
use moves::{ANTI_KING, ANTI_KNIGHT};
use negative::{BLACK_NEGATIVE, KROPKI_NEGATIVE, WHITE_NEGATIVE, XV_NEGATIVE};
use non_consecutive::NonConsecutive;
use outside::{LITTLE_KILLER, SANDWICH, SKYSCRAPERS, X_SUMS};
use parity::{EVEN, ODD};
use quadruple::Quadruple;
use region_sum::RegionSum;
use thermo::{SLOW_THERMO, THERMO};
use windoku::WINDOKU;

/// Every kind, in the order names are written (killer, then the rules of
/// the whole grid, then the other constraints drawn on it). A kind's index here is its bit in a [`Kinds`] set.
pub static KINDS: &[&'static dyn Kind] = &[
    &Killer,
    &DIAGONALS,
    &WINDOKU,
    &DISJOINT_GROUPS,
    &ANTI_KNIGHT,
    &ANTI_KING,
    &NonConsecutive,
    &ASTERISK,
    &CENTRE_DOT,
    &GIRANDOLA,
    &Argyle,
    // Negative constraints of the edge marks (dots.rs, negative.rs).
    &KROPKI_NEGATIVE,
    &WHITE_NEGATIVE,
    &BLACK_NEGATIVE,
    &XV_NEGATIVE,
    &THERMO,
    &Arrow,
    &GERMAN_WHISPERS,
    &DUTCH_WHISPERS,
    &RENBAN,
    &PALINDROME,
    &ODD,
    &EVEN,
    // Lines of issue 47, second set.
    &SLOW_THERMO,
    &ZIPPER,
    &ENTROPIC,
    &MODULAR,
    &DOUBLE_ARROW,
    &BETWEEN,
    &LOCKOUT,
    &RegionSum,
    // Edge marks and cell rules (dots.rs, quadruple.rs, clone.rs).
    &KROPKI,
    &XV,
    &GREATER_THAN,
    &Quadruple,
    &Clones,
    // Minimum and maximum cells (extremes.rs).
    &MINIMUM,
    &MAXIMUM,
    // Clues outside the grid (constraint/outside.rs).
    &SANDWICH,
    &LITTLE_KILLER,
    &X_SUMS,
    &SKYSCRAPERS,
];

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
    /// A filled square on a cell's centre.
    Square {
        /// Canvas cell.
        cell: u16,
        /// Side, in cell units.
        side: f32,
        /// Gray.
        gray: f32,
    },
    /// A dashed outline just inside the edge of a group of cells (a
    /// killer cage), with `label` small in its first cell's corner.
    Cage {
        /// Canvas cells, sorted (the label goes in the first).
        cells: Vec<u16>,
        /// The small number, if any.
        label: Option<String>,
    },
    /// Cells shaded in the light gray of a book (X's diagonals, windoku's
    /// windows); a cell shaded twice is shaded once.
    Shade {
        /// Canvas cells.
        cells: Vec<u16>,
    },
    /// A disc at any point, over the grid lines (a kropki dot on the edge
    /// between two cells, a quadruple's circle on a corner). The point is
    /// in cell units from the canvas's top-left corner: (1, 0.5) is the
    /// middle of the edge between r1c1 and r1c2. Points may lie outside the
    /// grid.
    Dot {
        /// Across.
        x: f32,
        /// Down.
        y: f32,
        /// Radius.
        radius: f32,
        /// Gray of the fill.
        gray: f32,
        /// Width of a black outline (0: none).
        ring: f32,
    },
    /// Text centred on a point (as [`Glyph::Dot`]'s), over the grid lines:
    /// an XV letter on an edge, a sum outside the grid.
    Text {
        /// Across.
        x: f32,
        /// Down.
        y: f32,
        /// Height of a digit, in cell units.
        size: f32,
        /// What is written.
        text: String,
    },
    /// A line through points (as [`Glyph::Dot`]'s), over the grid lines:
    /// a greater-than chevron, a little killer's arrow.
    Stroke {
        /// The points, in order.
        points: Vec<[f32; 2]>,
        /// Line width.
        width: f32,
        /// Gray.
        gray: f32,
        /// A head at the last point.
        arrowhead: bool,
    },
}

/// Reads a cell name of the JSON form (`r1c1`) into a canvas cell.
pub type ReadName<'a> = &'a dyn Fn(&str) -> Result<u16, VariantError>;
/// Reads an f-puzzles cell (`"R1C1"`) into a canvas cell.
pub type ReadFpCell<'a> = &'a dyn Fn(&Value) -> Result<u16, String>;
/// Writes a canvas cell's name (`r1c1` or f-puzzles' `R1C1`).
pub type WriteName<'a> = &'a dyn Fn(u16) -> String;
/// An instance's fields in the JSON form, in the order they are written.
pub type Fields = Vec<(&'static str, Value)>;
/// Several instances (one f-puzzles entry's, a generator's draw).
pub type Instances = Vec<Instance>;

/// A constraint's JSON object as its kind reads it: the fields but `kind`,
/// in the order given, each name once. The names are borrowed from the
/// line read where they can be (a record of many constraints reads them
/// without an allocation each).
#[derive(Debug, Default)]
pub struct JsonObject<'a> {
    fields: Vec<(std::borrow::Cow<'a, str>, Value)>,
}

impl<'a> JsonObject<'a> {
    /// The value of field `key`, if given.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The fields, in the order given.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.fields.iter().map(|(k, v)| (&**k, v))
    }

    /// Adds field `key`; `Err` (the value back) if it was given already.
    pub(crate) fn insert(&mut self, key: std::borrow::Cow<'a, str>, value: Value) -> Result<(), Value> {
        match self.get(&key) {
            Some(_) => Err(value),
            None => {
                self.fields.push((key, value));
                Ok(())
            }
        }
    }
}

/// What one constraint holds besides its kind: its *parts*, lists of
/// canvas cells whose meaning the kind defines (a thermometer has one part,
/// bulb first; an arrow has its circle, then one part per line), and the
/// number written on it, for a kind that has one (a cage's sum).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Instance {
    /// Lists of canvas cells.
    pub parts: Vec<Vec<u16>>,
    /// The number written on it, if any.
    pub value: Option<u32>,
}

impl Instance {
    /// An instance of `parts` without a number.
    pub fn of(parts: Vec<Vec<u16>>) -> Instance {
        Instance { parts, value: None }
    }
}

/// One kind of rule. Implemented by a unit struct per file; see the
/// module docs for how to add one. The methods with defaults are those one
/// sort of kind does without: a rule of the whole grid has no parts to
/// read, write, check or draw; a drawn constraint gives no houses.
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
    /// The rule as a book's rules paragraph says it, on `puzzle`.
    fn rule_text(&self, puzzle: &Puzzle) -> String;
    /// How a hint names an instance (or one of the rule's houses) from its
    /// first cell's name and its number (`thermometer from r1c1`,
    /// `diagonal from r1c1`, `cage at r1c1 (sum 12)`).
    fn describe(&self, first: &str, value: Option<u32>) -> String;
    /// What one instance is called in messages (`cage 3: ...`); the name
    /// by default.
    fn noun(&self) -> &'static str {
        self.name()
    }
    /// The field of the JSON form that lists the instances: the shared
    /// `constraints` (each entry with its `kind`), or a list of the kind's
    /// own whose entries need no `kind` (killer's `cages`).
    fn json_list(&self) -> &'static str {
        "constraints"
    }
    /// How a hint names the step when the instance alone narrows a cell to
    /// one digit; the title by default.
    fn hint_title(&self) -> &'static str {
        self.title()
    }

    /// Whether this is a rule of the whole grid: no parts, its relations
    /// follow from the puzzle's shape ([`Kind::houses`], [`Kind::distinct`],
    /// [`Kind::not_consecutive`]).
    fn global(&self) -> bool {
        false
    }
    /// Whether the instances are clues outside the grid (a sandwich sum):
    /// they speak of cells without drawing on them, so a generator's other
    /// kinds may still use those cells.
    fn outside(&self) -> bool {
        false
    }
    /// Whether the rule says exactly that its [`Kind::houses`] hold every
    /// digit once, and nothing more: then a format without rules (ipuz
    /// zones, f-puzzles' extra regions) and the graded ladder can take it.
    fn houses_only(&self) -> bool {
        false
    }
    /// Whether the rule says exactly that the cells of each of its
    /// [`Kind::distinct`] groups hold different digits and its
    /// [`Kind::not_consecutive`] pairs hold digits that are not
    /// consecutive, and nothing more (anti-knight, anti-king,
    /// non-consecutive): then the graded ladder can take its pairs.
    fn pairs_only(&self) -> bool {
        false
    }
    /// The f-puzzles fields (`true` flags) that together state a rule of
    /// the whole grid; none for a rule f-puzzles states as extra regions.
    fn fpuzzles_flags(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether the rule says that every mark of some kind is given (the
    /// negative constraints: no dot, so no relation). A generator then
    /// draws its grid without the rule and gives the marks that grid calls
    /// for ([`Kind::marks_for`]), so that the rule holds of it.
    fn gives_all_marks(&self) -> bool {
        false
    }
    /// For a rule that [`Kind::gives_all_marks`]: the marks (constraints of
    /// other kinds) that `solution` calls for on `puzzle`, one on each
    /// pair the rule would otherwise break, each true of `solution`. With
    /// them on the puzzle the rule holds of `solution`. None by default.
    fn marks_for(&self, _puzzle: &Puzzle, _solution: &[u8]) -> Vec<Constraint> {
        Vec::new()
    }

    /// Whether a drawn kind can be drawn on `puzzle`'s shape at all
    /// (whispers need digits far enough apart, entropic lines a size
    /// divisible by 3); the reason when not. A generator asks before it
    /// draws; [`Kind::check`] refuses an instance on such a shape too.
    fn applies(&self, _puzzle: &Puzzle) -> Result<(), String> {
        Ok(())
    }
    /// Checks that the rule applies to `puzzle` and that an instance's
    /// parts fit it (cells exist, lines are connected, lengths fit the
    /// digits); the reason when they do not. A rule of the whole grid has
    /// no parts.
    fn check(&self, _puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        match it.parts.is_empty() && it.value.is_none() {
            true => Ok(()),
            false => Err(format!("{} is a rule of the whole grid, it takes no cells", self.name())),
        }
    }
    /// The instance as it stands on `puzzle`, for a kind whose parts
    /// follow from the shape (a region-sum line's segments, split where it
    /// crosses into another box): [`Puzzle::with_constraints`] puts every
    /// constraint through it before [`Kind::check`], so that readers that
    /// know no shape (JSON, f-puzzles) may give the cells as one part. As
    /// given by default; must not panic on any input.
    fn settle(&self, _puzzle: &Puzzle, it: Instance) -> Instance {
        it
    }
    /// Whether a full grid (canvas order) satisfies the instance.
    fn holds(&self, puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool;
    /// The houses the rule adds within one n×n grid of the canvas, whose
    /// top-left cell is at (`top`, `left`) (a samurai has five grids): each
    /// holds every digit once. Canvas cells.
    fn houses(&self, _puzzle: &Puzzle, _top: usize, _left: usize) -> Vec<Vec<u16>> {
        Vec::new()
    }
    /// Groups of cells that must hold distinct digits (fed to the
    /// engine's peers and the hints' eliminations). Canvas cells.
    fn distinct(&self, _puzzle: &Puzzle, _it: &Instance) -> Vec<Vec<u16>> {
        Vec::new()
    }
    /// Pairs of cells whose digits must not be consecutive (fed to the
    /// engine and the hints). Canvas cells.
    fn not_consecutive(&self, _puzzle: &Puzzle) -> Vec<(u16, u16)> {
        Vec::new()
    }
    /// Instances a rule of the whole grid has the engine narrow as if they
    /// were drawn ([`Kind::narrow`]): relations of pairs that its houses,
    /// distinct groups and non-consecutive pairs cannot say (no two
    /// neighbours without a black dot in ratio 2). None by default.
    fn implied(&self, _puzzle: &Puzzle) -> Instances {
        Vec::new()
    }
    /// Narrows `board` (digits 1..=`n`) by an instance drawn on the grid
    /// (or one a rule of the whole grid [`Kind::implied`]), beyond what its
    /// distinct groups give the engine; false on a contradiction. Must
    /// remove only digits no solution can hold there, and must refuse
    /// (return false) a board whose cells all hold one digit and break the
    /// rule: the engine relies on it. A rule of the whole grid otherwise
    /// acts through its houses, distinct groups and non-consecutive pairs
    /// alone; it is asked only of its implied instances.
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool;
    /// When the instance says exactly that some pairs of its cells keep a
    /// relation each, and nothing more (a dot, a letter, an unmarked pair
    /// of a negative constraint, a thermometer's steps, a whisper line's
    /// neighbours, a palindrome's or a clone's corresponding cells, a
    /// minimum's or maximum's cell and each neighbour): those
    /// pairs, `(first, second, tag)`, whose digits `x` and `y` keep it when
    /// [`Kind::pair_allows`]`(tag, x, y)`. An engine may then narrow the
    /// pairs from a table of each relation (arc consistency on each pair)
    /// instead of by [`Kind::narrow`], so the pairs must say all the
    /// instance says: a grid keeps every pair exactly when the instance
    /// holds (tested for every kind). Pushes them on `out` and says
    /// `true`; `false` (the default, nothing pushed) for every other
    /// instance. (Onto a caller's list: a negative rule has a hundred
    /// one-pair instances on a grid, each read once a record.)
    fn pairs(&self, _it: &Instance, _out: &mut Vec<(u16, u16, u32)>) -> bool {
        false
    }
    /// When the instance says only that each of its cells holds one of a
    /// set of digits, whatever the other cells hold (an odd cell, an even
    /// one): that set (bit d-1 = digit d of 1..=`n`). An engine then takes
    /// the other digits out of those cells once, before its search, and
    /// never narrows the instance again, so the set must say all the
    /// instance says: a grid holds the instance exactly when each of its
    /// cells' digits is in the set (tested for every kind). `None` (the
    /// default) for every other instance.
    fn allowed(&self, _it: &Instance, _n: usize) -> Option<u32> {
        None
    }
    /// Whether digit `x` in the first cell of a pair of [`Kind::pairs`]
    /// and `y` in its second keep the relation `tag`.
    fn pair_allows(&self, _tag: u32, _x: u32, _y: u32) -> bool {
        true
    }

    /// Reads the parts from the instance's JSON object (its `kind` field
    /// aside); `cell` reads a cell name.
    fn parts_from_json(&self, _object: &JsonObject<'_>, _cell: ReadName<'_>) -> Result<Instance, String> {
        Err(format!("{} is a rule of the whole grid: list it in \"rules\"", self.name()))
    }
    /// The instance's JSON object, without its `kind`; `name` writes a
    /// cell name.
    fn parts_to_json(&self, _it: &Instance, _name: WriteName<'_>) -> Fields {
        Vec::new()
    }
    /// The keys [`Kind::parts_to_json`] writes for `it`, when the kind
    /// knows them without writing (the reader checks a record's keys
    /// against them, once per constraint read); `None`: ask
    /// `parts_to_json`.
    fn json_keys(&self, _it: &Instance) -> Option<&'static [&'static str]> {
        None
    }

    /// The top-level f-puzzles field holding instances of this kind; none
    /// for a rule of the whole grid ([`Kind::fpuzzles_flags`]).
    fn fpuzzles_key(&self) -> Option<&'static str> {
        None
    }
    /// Every top-level f-puzzles field holding instances of this kind:
    /// [`Kind::fpuzzles_key`]'s by default (kropki's dots are in two).
    fn fpuzzles_keys(&self) -> Vec<&'static str> {
        self.fpuzzles_key().into_iter().collect()
    }
    /// The field an instance is written to: [`Kind::fpuzzles_key`] by
    /// default; none when f-puzzles has no form for it (the writer then
    /// refuses the puzzle by the kind's name).
    fn fpuzzles_key_of(&self, _it: &Instance) -> Option<&'static str> {
        self.fpuzzles_key()
    }
    /// The instances one entry of that field holds (an f-puzzles entry may
    /// hold several); `cell` reads `R1C1`.
    fn read_fpuzzles(&self, _entry: &Value, _cell: ReadFpCell<'_>) -> Result<Instances, String> {
        Err(format!("{} has no f-puzzles entries", self.name()))
    }
    /// The instances one entry of field `key` (one of
    /// [`Kind::fpuzzles_keys`]) holds: [`Kind::read_fpuzzles`] by default.
    fn read_fpuzzles_in(&self, _key: &str, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        self.read_fpuzzles(entry, cell)
    }
    /// The f-puzzles entry of one instance on a grid of side `side`;
    /// `name` writes `R1C1`.
    fn write_fpuzzles(&self, _it: &Instance, _side: usize, _name: WriteName<'_>) -> Value {
        Value::Null
    }
    /// The words of f-puzzles' `negative` list (`difference`, `ratio`,
    /// `xv`) that together state a rule of the whole grid ("all dots are
    /// given"); none by default.
    fn fpuzzles_negative(&self) -> &'static [&'static str] {
        &[]
    }

    /// How the instance is drawn on `puzzle`, under the digits.
    fn glyphs(&self, _puzzle: &Puzzle, _it: &Instance) -> Vec<Glyph> {
        Vec::new()
    }

    /// New instances true of `solution` on `puzzle`'s cells (a generator
    /// then removes clues around them), drawn from `rng`.
    fn sprinkle(&self, _puzzle: &Puzzle, _solution: &[u8], _rng: &mut dyn RngCore) -> Instances {
        Vec::new()
    }

    /// The instance as a cage, when it is one: cells whose digits differ
    /// and add up to the number when there is one. The engine lists a
    /// summed cage's digit combinations once (rather than asking
    /// [`Kind::narrow`]), and ipuz writes cages.
    fn cage<'a>(&self, _it: &'a Instance) -> Option<(&'a [u16], Option<u32>)> {
        None
    }
    /// Whether the kind can tile the grid in place of clues (killer cages):
    /// a generator then starts from one instance a cell and merges
    /// neighbours while the puzzle stays unique ([`Kind::tile`]).
    fn tiles(&self) -> bool {
        false
    }
    /// The instance on exactly `cells` that `solution` satisfies, for a kind
    /// that [`Kind::tiles`]; `None` when the cells cannot be one instance
    /// (a digit twice in a cage).
    fn tile(&self, _cells: &[u16], _solution: &[u8]) -> Option<Instance> {
        None
    }
    /// As [`Kind::tile`], for a generator asked for instances whose digits
    /// may repeat: the instance on `cells`, marked as one whose digits may
    /// repeat when `solution`'s do (a killer cage's star). `None` when the
    /// kind has no such mark (the generator then keeps to [`Kind::tile`]).
    fn tile_repeating(&self, _cells: &[u16], _solution: &[u8]) -> Option<Instance> {
        None
    }
}

impl fmt::Debug for dyn Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind registered under `name` or one of its aliases (any case,
/// punctuation ignored).
pub fn kind_named(name: &str) -> Option<&'static dyn Kind> {
    // The name as written (the text forms write it so) first, without
    // building a key.
    if let Some(kind) = KINDS.iter().copied().find(|k| k.name() == name) {
        return Some(kind);
    }
    let key = name_key(name);
    KINDS.iter().copied().find(|k| name_key(k.name()) == key || k.aliases().contains(&key.as_str()))
}

/// A name with only its letters and digits, lowercase.
pub(crate) fn name_key(name: &str) -> String {
    name.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect()
}

/// One constraint on a puzzle: its kind and its instance.
#[derive(Clone)]
pub struct Constraint {
    kind: &'static dyn Kind,
    instance: Instance,
}

impl Constraint {
    /// A constraint of `kind` with `parts` and no number (checked when it
    /// is put on a puzzle: [`Puzzle::with_constraints`]).
    pub fn new(kind: &'static dyn Kind, parts: Vec<Vec<u16>>) -> Constraint {
        Constraint { kind, instance: Instance::of(parts) }
    }

    /// A constraint of `kind` with `instance`.
    pub fn of(kind: &'static dyn Kind, instance: Instance) -> Constraint {
        Constraint { kind, instance }
    }

    /// Its kind.
    pub fn kind(&self) -> &'static dyn Kind {
        self.kind
    }

    /// Its parts and number.
    pub fn instance(&self) -> &Instance {
        &self.instance
    }

    /// Its parts and number, the constraint given up for them.
    pub(crate) fn into_instance(self) -> Instance {
        self.instance
    }

    /// Its parts (canvas cells).
    pub fn parts(&self) -> &[Vec<u16>] {
        &self.instance.parts
    }

    /// The number written on it (a cage's sum), if any.
    pub fn value(&self) -> Option<u32> {
        self.instance.value
    }

    /// Every cell it names, in part order.
    pub fn cells(&self) -> impl Iterator<Item = u16> + '_ {
        self.instance.parts.iter().flatten().copied()
    }

    /// The same constraint on other cells: each is replaced by `map(cell)`.
    pub fn map_cells(&self, map: impl Fn(u16) -> u16) -> Constraint {
        let parts = self.instance.parts.iter().map(|p| p.iter().map(|&c| map(c)).collect()).collect();
        Constraint { kind: self.kind, instance: Instance { parts, value: self.instance.value } }
    }

    /// How a hint names it (`thermometer from r1c1`).
    pub fn describe(&self, puzzle: &Puzzle) -> String {
        let first = self.cells().next().map_or_else(String::new, |c| puzzle.cell_name(usize::from(c)));
        self.kind.describe(&first, self.instance.value)
    }
}

impl PartialEq for Constraint {
    fn eq(&self, other: &Constraint) -> bool {
        self.kind.name() == other.kind.name() && self.instance == other.instance
    }
}

impl Eq for Constraint {}

impl fmt::Debug for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Constraint")
            .field("kind", &self.kind.name())
            .field("parts", &self.instance.parts)
            .field("value", &self.instance.value)
            .finish()
    }
}

/// A set of constraint kinds (a bit per [`KINDS`] entry), as a variant
/// list names them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Kinds(u64);

impl Kinds {
    /// No kind.
    pub const NONE: Kinds = Kinds(0);

    /// The kind's bit: its place in [`KINDS`]; none for a kind implemented
    /// outside the registry (such a kind works on a puzzle but is not named
    /// in variant lists).
    fn bit(kind: &dyn Kind) -> u64 {
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

    /// The rules of the whole grid in the set ([`Kind::global`]).
    pub fn rules(self) -> Kinds {
        self.iter().filter(|k| k.global()).collect()
    }

    /// The kinds drawn on the grid in the set.
    pub fn drawn(self) -> Kinds {
        self.iter().filter(|k| !k.global()).collect()
    }

    /// The set of both.
    pub fn union(self, other: Kinds) -> Kinds {
        Kinds(self.0 | other.0)
    }

    /// The kinds of a comma-separated variant list (`x,windoku,thermo`),
    /// parsed by [`crate::VariantList::parse`]: `classic` names no kind;
    /// a shape (`jigsaw`, `samurai`) is not one.
    pub fn parse_list(text: &str) -> Result<Kinds, VariantError> {
        let list = crate::VariantList::parse(text)?;
        match list.shape {
            Some(shape) => Err(VariantError::UnknownRule(shape.name().to_string())),
            None => Ok(list.kinds),
        }
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

/// Candidates as plain masks, cell `i` at index `i` (a hint's board, the
/// rule files' tests).
pub(crate) struct Masks(pub Vec<u32>);

impl Candidates for Masks {
    fn get(&self, cell: u16) -> u32 {
        self.0[usize::from(cell)]
    }

    fn remove(&mut self, cell: u16, mask: u32) -> bool {
        let x = &mut self.0[usize::from(cell)];
        *x &= !mask;
        *x != 0
    }
}
