//! The puzzle model: a shape (size with boxes, jigsaw regions, or
//! overlapping grids such as the samurai's five), rules of the whole grid, constraints drawn on
//! the grid (killer cages among them), and givens. Rules and constraints are
//! the registry's kinds ([`crate::KINDS`]); nothing here names one.
//!
//! Cells are numbered row-major over the *canvas*: the n×n grid, or the
//! square overlapping grids sit in (21×21 for a samurai; positions outside
//! every grid are not cells). [`Puzzle::cells`] lists the cells that exist.

use std::sync::Arc;

use crate::constraint::{Constraint, Instance, Kinds};
use crate::digits::{format_digits, parse_grid_digits};
use crate::grids::{Grids, LayoutName};
#[cfg(doc)]
use crate::Kind;
use crate::VariantError;

/// Where the houses of the grid come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// Rows, columns and rectangular boxes of `rows`×`cols` cells.
    Boxes {
        /// Rows of a box.
        rows: u8,
        /// Columns of a box.
        cols: u8,
    },
    /// Rows, columns and irregular regions (jigsaw): a region index
    /// 0..n per cell, row-major.
    Regions(Vec<u8>),
    /// Overlapping n×n grids with boxes at offsets on a square canvas:
    /// the samurai and the other named layouts ([`LayoutName`]), or any
    /// list of offsets ([`Grids::new`]).
    Grids(Grids),
}

impl Layout {
    /// The named layout of overlapping grids `name`.
    pub fn named(name: LayoutName) -> Layout {
        Layout::Grids(name.grids())
    }

    /// The overlapping grids, when the layout is some.
    pub fn grids(&self) -> Option<&Grids> {
        match self {
            Layout::Grids(grids) => Some(grids),
            _ => None,
        }
    }
}

/// Side of the samurai canvas.
pub const SAMURAI_SIDE: usize = 21;

/// Top-left canvas corners (row, column) of the samurai's five grids:
/// top-left, top-right, centre, bottom-left, bottom-right.
pub const SAMURAI_GRIDS: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

/// One variant puzzle: shape, rules, constraints and givens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    size: u8,
    layout: Layout,
    rules: Kinds,
    /// Shared: a solver keeps a copy of its puzzle, and copying a
    /// puzzle must not copy each constraint's cells again.
    constraints: Arc<[Constraint]>,
    givens: Vec<u8>,
}

/// The empty constraint list, shared: a puzzle without constraints (a
/// classic record, a blank shape) allocates none.
fn no_constraints() -> Arc<[Constraint]> {
    static EMPTY: std::sync::LazyLock<Arc<[Constraint]>> = std::sync::LazyLock::new(|| Arc::new([]));
    Arc::clone(&EMPTY)
}

/// The default box shape `(rows, cols)` of a size: the most square
/// factorisation with rows ≤ columns (6 → 2×3, 12 → 3×4); `None` for a
/// prime side.
pub fn default_boxes(size: usize) -> Option<(u8, u8)> {
    let mut rows = (size as f64).sqrt() as usize;
    while rows > 1 {
        if size % rows == 0 {
            return Some((rows as u8, (size / rows) as u8));
        }
        rows -= 1;
    }
    None
}

impl Puzzle {
    /// A blank puzzle of side `size` with its default boxes.
    pub fn blank(size: usize) -> Result<Puzzle, VariantError> {
        check_size(size)?;
        let (rows, cols) = default_boxes(size).ok_or(VariantError::NoBoxes(size))?;
        Puzzle::new(size, Layout::Boxes { rows, cols }, Kinds::NONE, vec![0; size * size])
    }

    /// A blank samurai.
    pub fn blank_samurai() -> Puzzle {
        Puzzle::blank_layout(LayoutName::Samurai)
    }

    /// A blank puzzle of a named layout of overlapping grids.
    pub fn blank_layout(name: LayoutName) -> Puzzle {
        let side = name.grids().side();
        Puzzle::new(9, Layout::named(name), Kinds::NONE, vec![0; side * side])
            .expect("a named layout is well-formed")
    }

    /// Builds a puzzle and checks that every part fits: the layout tiles
    /// the grid, the rules (kinds of the whole grid, [`Kind::global`])
    /// apply to the shape, givens are one per canvas position and only on
    /// cells. Constraints drawn on the grid are added by
    /// [`Puzzle::with_constraints`].
    pub fn new(size: usize, layout: Layout, rules: Kinds, givens: Vec<u8>) -> Result<Puzzle, VariantError> {
        check_size(size)?;
        match &layout {
            Layout::Boxes { rows, cols } => {
                if usize::from(*rows) * usize::from(*cols) != size {
                    return Err(VariantError::Boxes {
                        rows: usize::from(*rows),
                        cols: usize::from(*cols),
                        size,
                    });
                }
            }
            Layout::Regions(regions) => check_regions(regions, size)?,
            Layout::Grids(grids) => {
                if grids.size() != size {
                    return Err(VariantError::Grids(format!(
                        "grids of side {}, but the puzzle's size is {size}",
                        grids.size()
                    )));
                }
            }
        }
        let side = layout.grids().map_or(size, Grids::side);
        if givens.len() != side * side {
            return Err(VariantError::Length { found: givens.len(), expected: (side * side).to_string() });
        }
        let puzzle = Puzzle { size: size as u8, layout, rules, constraints: no_constraints(), givens };
        puzzle.check_rules()?;
        for (i, &g) in puzzle.givens.iter().enumerate() {
            if usize::from(g) > size {
                return Err(VariantError::Char {
                    column: i + 1,
                    found: crate::digits::digit_char(g.min(35)),
                    expected: crate::digits::expected(size),
                });
            }
            if g != 0 && !puzzle.is_cell(i) {
                return Err(VariantError::OutsideGrids {
                    column: i + 1,
                    row: i / side + 1,
                    col: i % side + 1,
                });
            }
        }
        Ok(puzzle)
    }

    fn check_rules(&self) -> Result<(), VariantError> {
        for kind in self.rules.iter() {
            if !kind.global() {
                return Err(VariantError::NotARule(kind.name()));
            }
            kind.check(self, &Instance::default())
                .map_err(|needs| VariantError::RuleShape { rule: kind.name(), needs })?;
        }
        Ok(())
    }

    /// The side n: digits run 1..=n.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The rules of the whole grid (X, anti-knight, ...).
    pub fn rules(&self) -> Kinds {
        self.rules
    }

    /// The constraints drawn on the grid (killer cages, thermometers,
    /// arrows, ...).
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Whether some constraint is a cage ([`crate::Kind::cage`]: drawn as
    /// a dashed outline, where a book leaves room for its sum).
    pub fn has_cages(&self) -> bool {
        self.constraints.iter().any(|c| c.kind().cage(c.instance()).is_some())
    }

    /// Every kind on the puzzle: its rules and its constraints' kinds.
    pub fn kinds(&self) -> Kinds {
        self.constraints.iter().map(Constraint::kind).collect::<Kinds>().union(self.rules)
    }

    /// The givens over the canvas (0 = blank).
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// Replaces the givens (same canvas); checks digits and positions.
    pub fn with_givens(&self, givens: Vec<u8>) -> Result<Puzzle, VariantError> {
        Puzzle::new(self.size(), self.layout.clone(), self.rules, givens)?
            .with_constraints(self.constraints.to_vec())
    }

    /// Replaces the rules; checks that they apply.
    pub fn with_rules(&self, rules: Kinds) -> Result<Puzzle, VariantError> {
        Puzzle::new(self.size(), self.layout.clone(), rules, self.givens.clone())?
            .with_constraints(self.constraints.to_vec())
    }

    /// Replaces the constraints; settles ([`crate::Kind::settle`]) and
    /// checks each against the shape ([`crate::Kind::check`]). An error names the constraint by its
    /// kind's noun and its place among those of its kind (`cage 3`).
    pub fn with_constraints(&self, constraints: Vec<Constraint>) -> Result<Puzzle, VariantError> {
        // Parts that follow from the shape are set first ([`Kind::settle`]).
        let constraints: Vec<Constraint> = constraints
            .into_iter()
            .map(|c| {
                let kind = c.kind();
                Constraint::of(kind, kind.settle(self, c.into_instance()))
            })
            .collect();
        for (at, c) in constraints.iter().enumerate() {
            let kind = c.kind();
            let why = match kind.global() {
                true => Err("a rule of the whole grid, not drawn on it: give it as a rule".to_string()),
                false => kind.check(self, c.instance()),
            };
            why.map_err(|why| {
                // The constraint's place among those of its kind.
                let index = constraints[..at].iter().filter(|o| o.kind().name() == kind.name()).count();
                VariantError::Constraint { index, kind: kind.noun(), why }
            })?;
        }
        let constraints = if constraints.is_empty() { no_constraints() } else { constraints.into() };
        Ok(Puzzle { constraints, ..self.clone() })
    }

    /// Whether the puzzle has nothing beyond rows, columns and boxes: no
    /// region, overlapping grids, extra rule or constraint. Decided on
    /// the puzzle's structure, so that a rule added later is never taken
    /// for classic (9×9 ones go to `sudoku-core`'s solver).
    pub fn is_classic(&self) -> bool {
        matches!(self.layout, Layout::Boxes { .. }) && self.rules.is_empty() && self.constraints.is_empty()
    }

    /// Whether the givens line with the variant's name
    /// ([`Puzzle::variant_name`]) and size says everything: boxes or a
    /// named layout of overlapping grids, and nothing drawn on the grid
    /// (no constraint, no cage). Otherwise only the JSON form holds the
    /// puzzle.
    pub fn is_line_with_rules(&self) -> bool {
        let shape = match &self.layout {
            Layout::Boxes { .. } => true,
            Layout::Grids(grids) => grids.name().is_some(),
            Layout::Regions(_) => false,
        };
        shape && self.constraints.is_empty()
    }

    /// The variant's name as the CSV column and `--variant` write it:
    /// `classic`, or the parts that make it, comma-separated
    /// (`killer,x`, `jigsaw`, `samurai`, `anti-knight`); overlapping grids
    /// of no named layout are `grids` (which only the JSON form gives).
    pub fn variant_name(&self) -> String {
        let shape = match &self.layout {
            Layout::Grids(grids) => {
                Some(grids.name().map_or(crate::ShapeName::Grids, crate::ShapeName::Layout))
            }
            Layout::Regions(_) => Some(crate::ShapeName::Jigsaw),
            Layout::Boxes { .. } => None,
        };
        crate::VariantList { shape, kinds: self.kinds() }.to_string()
    }

    /// The one-grid squares of the puzzle: `(row, col)` top-left corners
    /// on the canvas of each n×n grid (one, or the samurai's five, ...).
    pub fn grids(&self) -> Vec<(usize, usize)> {
        match &self.layout {
            Layout::Grids(grids) => grids.corners().to_vec(),
            _ => vec![(0, 0)],
        }
    }

    /// Side of the canvas: n, or the overlapping grids' square (21 for a
    /// samurai).
    pub fn side(&self) -> usize {
        match &self.layout {
            Layout::Grids(grids) => grids.side(),
            _ => self.size(),
        }
    }

    /// Number of canvas positions (cells and, for overlapping grids, holes).
    pub fn canvas_len(&self) -> usize {
        self.side() * self.side()
    }

    /// Whether canvas position `i` is a cell.
    pub fn is_cell(&self, i: usize) -> bool {
        if i >= self.canvas_len() {
            return false;
        }
        match &self.layout {
            Layout::Grids(grids) => grids.is_cell(i),
            _ => true,
        }
    }

    /// The canvas indices of the cells, ascending.
    pub fn cells(&self) -> Vec<usize> {
        (0..self.canvas_len()).filter(|&i| self.is_cell(i)).collect()
    }

    /// The place of canvas position `i`.
    pub fn coord(&self, i: usize) -> crate::Coord {
        crate::Coord::of(i, self.side())
    }

    /// The name of canvas position `i`: `r1c2` ([`crate::Coord`]).
    pub fn cell_name(&self, i: usize) -> String {
        self.coord(i).to_string()
    }

    /// The canvas index of a cell name (`r10c3`, case-insensitive).
    pub fn parse_cell(&self, name: &str) -> Result<usize, VariantError> {
        let bad = || VariantError::Cell(name.to_string());
        let at: crate::Coord = name.parse().map_err(|_| bad())?;
        let side = self.side();
        if at.row >= side || at.col >= side || !self.is_cell(at.index(side)) {
            return Err(bad());
        }
        Ok(at.index(side))
    }

    /// The givens in the line alphabet, one character per canvas position.
    pub fn givens_line(&self) -> String {
        format_digits(&self.givens)
    }

    /// Parses a line of givens of the named layout of overlapping grids
    /// `name`: one character per canvas position (441 for a samurai or a
    /// sohei, 225 for a twodoku or a flower, 144 for a butterfly, 1089
    /// for a sumo, 2025 for a shogun), `.` outside the grids.
    pub fn parse_layout_line(line: &str, name: LayoutName) -> Result<Puzzle, VariantError> {
        let side = name.grids().side();
        let len = line.chars().count();
        if len != side * side {
            return Err(VariantError::Length {
                found: len,
                expected: format!("{} for a {name} ({side}x{side} canvas)", side * side),
            });
        }
        let givens = parse_grid_digits(line, 9, len)?;
        Puzzle::new(9, Layout::named(name), Kinds::NONE, givens)
    }

    /// Parses a line of givens with classic rules of the size its length
    /// implies (16 → 4×4, …, 625 → 25×25; 441 is a samurai), or of
    /// `size` when given.
    pub fn parse_line(line: &str, size: Option<usize>) -> Result<Puzzle, VariantError> {
        let len = line.chars().count();
        if size.is_none() && len == SAMURAI_SIDE * SAMURAI_SIDE {
            return Puzzle::parse_layout_line(line, LayoutName::Samurai);
        }
        let size = match size {
            Some(n) => n,
            None => {
                let n = (len as f64).sqrt().round() as usize;
                if n * n == len && n > crate::digits::MAX_SIZE {
                    // A square, but of a side past 25x25: the size is the fault.
                    return Err(VariantError::Size(n));
                }
                if n * n != len || !(4..=crate::digits::MAX_SIZE).contains(&n) {
                    return Err(VariantError::Length {
                        found: len,
                        expected: "a square: 16, 36, 64, 81, 144, 256 or 625 (441 for a samurai)".into(),
                    });
                }
                n
            }
        };
        check_size(size)?;
        let givens = parse_grid_digits(line, size, size * size)?;
        let mut puzzle = Puzzle::blank(size)?;
        puzzle.givens = givens;
        Ok(puzzle)
    }
}

fn check_size(size: usize) -> Result<(), VariantError> {
    if (4..=crate::digits::MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(VariantError::Size(size))
    }
}

fn check_regions(regions: &[u8], size: usize) -> Result<(), VariantError> {
    if regions.len() != size * size {
        return Err(VariantError::Regions(format!("{} labels, expected {}", regions.len(), size * size)));
    }
    let mut counts = vec![0usize; size];
    for &r in regions {
        match counts.get_mut(usize::from(r)) {
            Some(c) => *c += 1,
            None => return Err(VariantError::Regions(format!("more than {size} distinct labels"))),
        }
    }
    if let Some(r) = counts.iter().position(|&c| c != size) {
        return Err(VariantError::Regions(format!(
            "region {} has {} cells, expected {size}",
            r + 1,
            counts[r]
        )));
    }
    Ok(())
}
