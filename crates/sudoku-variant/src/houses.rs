//! The houses of a puzzle (groups of n cells that hold every digit once:
//! the shape's, then the rules' [`Kind::houses`]) and checking a solution
//! against everything. Everything that reasons about a variant (the
//! solver, the checker, the hints, the printer) reads the shape through
//! here.

use std::hash::{Hash, Hasher};

use crate::constraint::{Instance, Kind};
use crate::puzzle::{Layout, Puzzle};

/// What made a group of cells a house.
#[derive(Debug, Clone, Copy)]
pub enum HouseKind {
    /// A row (of the grid, or of one of overlapping grids).
    Row,
    /// A column.
    Column,
    /// A rectangular box.
    Box,
    /// A jigsaw region.
    Region,
    /// A house a rule adds (X's diagonals, windoku's windows, ...).
    Rule(&'static dyn Kind),
}

impl PartialEq for HouseKind {
    fn eq(&self, other: &HouseKind) -> bool {
        match (self, other) {
            (HouseKind::Rule(a), HouseKind::Rule(b)) => a.name() == b.name(),
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

impl Eq for HouseKind {}

impl Hash for HouseKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        if let HouseKind::Rule(kind) = self {
            kind.name().hash(state);
        }
    }
}

/// A group of n cells that holds every digit exactly once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// What kind of house.
    pub kind: HouseKind,
    /// Canvas indices of its cells, sorted.
    pub cells: Vec<u16>,
}

/// What each canvas cell sees: the cells whose digit it may not repeat
/// (its houses, the rules' and the constraints' distinct groups) and the
/// cells whose digit it may not be next to (non-consecutive neighbours).
/// The candidates of a position, for the hints and the ladder alike.
#[derive(Debug, Clone, Default)]
pub struct Sight {
    /// The cells each cell may not repeat, sorted.
    pub peers: Vec<Vec<u16>>,
    /// The cells each cell's digit may not be consecutive to.
    pub near: Vec<Vec<u16>>,
}

impl Sight {
    /// Removes from `cands` (bit d-1 for digit d, canvas-indexed) what
    /// digit `d` in cell `c` rules out: `d` from its peers, `d`'s
    /// neighbours from its non-consecutive neighbours.
    pub fn rule_out(&self, cands: &mut [u32], c: usize, d: u8) {
        let bit = 1u32 << (d - 1);
        for &p in &self.peers[c] {
            cands[usize::from(p)] &= !bit;
        }
        let close = (bit << 1) | (bit >> 1);
        for &p in &self.near[c] {
            cands[usize::from(p)] &= !close;
        }
    }
}

impl Puzzle {
    /// What each cell sees ([`Sight`]): the page of `sudoku serve` takes
    /// its auto-candidates from it, as the hints do.
    pub fn sight(&self) -> Sight {
        let mut groups: Vec<Vec<u16>> = self.houses().into_iter().map(|h| h.cells).collect();
        for rule in self.rules().iter() {
            groups.extend(rule.distinct(self, &Instance::default()));
        }
        for c in self.constraints() {
            groups.extend(c.kind().distinct(self, c.instance()));
        }
        let mut peers = vec![Vec::new(); self.canvas_len()];
        for group in &groups {
            for &a in group {
                peers[usize::from(a)].extend(group.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let mut near = vec![Vec::new(); self.canvas_len()];
        for (a, b) in self.rules().iter().flat_map(|rule| rule.not_consecutive(self)) {
            near[usize::from(a)].push(b);
            near[usize::from(b)].push(a);
        }
        Sight { peers, near }
    }

    /// Every house, without duplicates (a samurai's shared corner boxes
    /// appear once, as do a butterfly's shared rows), grid by grid: rows, columns, boxes or regions, then
    /// the houses of each rule ([`Kind::houses`]).
    pub fn houses(&self) -> Vec<House> {
        let n = self.size();
        let side = self.side();
        let mut out: Vec<House> = Vec::new();
        let mut push = |kind: HouseKind, mut cells: Vec<u16>| {
            cells.sort_unstable();
            out.push(House { kind, cells });
        };
        for (r0, c0) in self.grids() {
            let at = |r: usize, c: usize| ((r0 + r) * side + c0 + c) as u16;
            for r in 0..n {
                push(HouseKind::Row, (0..n).map(|c| at(r, c)).collect());
            }
            for c in 0..n {
                push(HouseKind::Column, (0..n).map(|r| at(r, c)).collect());
            }
            match self.layout() {
                Layout::Regions(regions) => {
                    for k in 0..n {
                        let cells =
                            (0..n * n).filter(|&i| usize::from(regions[i]) == k).map(|i| i as u16).collect();
                        push(HouseKind::Region, cells);
                    }
                }
                Layout::Boxes { .. } | Layout::Grids(_) => {
                    let (br, bc) = self.box_shape();
                    for b in 0..n {
                        let (top, left) = ((b / (n / bc)) * br, (b % (n / bc)) * bc);
                        push(HouseKind::Box, (0..n).map(|k| at(top + k / bc, left + k % bc)).collect());
                    }
                }
            }
            for kind in self.rules().iter() {
                for cells in kind.houses(self, r0, c0) {
                    push(HouseKind::Rule(kind), cells);
                }
            }
        }
        // A house two grids (or a grid and a rule) share counts once.
        drop_repeats(&mut out);
        out
    }

    /// Whether canvas cells `a` and `b` share a house of
    /// [`Puzzle::houses`] (a row, column, box or region of one grid, or a
    /// rule's house), found without building the houses: a clone's and a
    /// quadruple's check ask it of every record read.
    pub fn share_house(&self, a: u16, b: u16) -> bool {
        let (n, side) = (self.size(), self.side());
        let (a, b) = (usize::from(a), usize::from(b));
        let (ra, ca, rb, cb) = (a / side, a % side, b / side, b % side);
        self.grids().into_iter().any(|(r0, c0)| {
            let inside = |r: usize, c: usize| (r0..r0 + n).contains(&r) && (c0..c0 + n).contains(&c);
            if !inside(ra, ca) || !inside(rb, cb) {
                return false;
            }
            let same_box = match self.layout() {
                Layout::Regions(regions) => regions[a] == regions[b],
                Layout::Boxes { .. } | Layout::Grids(_) => {
                    let (br, bc) = self.box_shape();
                    ((ra - r0) / br, (ca - c0) / bc) == ((rb - r0) / br, (cb - c0) / bc)
                }
            };
            ra == rb
                || ca == cb
                || same_box
                || self.rules().iter().any(|kind| {
                    let (a, b) = (a as u16, b as u16);
                    kind.houses(self, r0, c0).iter().any(|h| h.contains(&a) && h.contains(&b))
                })
        })
    }

    /// The box shape `(rows, cols)`; jigsaw grids have none and answer
    /// `(n, 1)`'s opposite, so callers ask only for boxed layouts.
    pub fn box_shape(&self) -> (usize, usize) {
        match self.layout() {
            Layout::Boxes { rows, cols } => (usize::from(*rows), usize::from(*cols)),
            Layout::Grids(grids) => {
                let (rows, cols) = crate::default_boxes(grids.size()).expect("grids have boxes");
                (usize::from(rows), usize::from(cols))
            }
            Layout::Regions(_) => (1, self.size()),
        }
    }

    /// Orthogonally adjacent pairs of cells `(a, b)` with `a < b`.
    pub fn orthogonal_pairs(&self) -> Vec<(u16, u16)> {
        self.offset_pairs(&[(0, 1), (1, 0)])
    }

    /// Pairs of cells `(a, b)`, `a < b`, whose rows and columns differ by
    /// one of `deltas` (in either direction).
    pub(crate) fn offset_pairs(&self, deltas: &[(i32, i32)]) -> Vec<(u16, u16)> {
        let side = self.side() as i32;
        let mut out = Vec::new();
        for a in (0..self.canvas_len()).filter(|&a| self.is_cell(a)) {
            let (r, c) = (a as i32 / side, a as i32 % side);
            for &(dr, dc) in deltas {
                let (r2, c2) = (r + dr, c + dc);
                if (0..side).contains(&r2) && (0..side).contains(&c2) {
                    let b = (r2 * side + c2) as usize;
                    if self.is_cell(b) {
                        out.push((a.min(b) as u16, a.max(b) as u16));
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Checks a full grid (one digit per canvas position, 0 outside the
    /// cells) against every rule of the puzzle, written plainly and
    /// independently of the solver. `Err` names the first broken rule.
    pub fn check_solution(&self, grid: &[u8]) -> Result<(), String> {
        let n = self.size();
        if grid.len() != self.canvas_len() {
            return Err(format!("{} cells, expected {}", grid.len(), self.canvas_len()));
        }
        for (i, &digit) in grid.iter().enumerate() {
            let d = usize::from(digit);
            if self.is_cell(i) && !(1..=n).contains(&d) {
                return Err(format!("{} holds {d}, expected 1-{n}", self.cell_name(i)));
            }
            if self.givens()[i] != 0 && self.givens()[i] != digit {
                return Err(format!("{} changes a given", self.cell_name(i)));
            }
        }
        for house in self.houses() {
            let mut seen = vec![false; n + 1];
            for &c in &house.cells {
                let d = usize::from(grid[usize::from(c)]);
                if std::mem::replace(&mut seen[d], true) {
                    return Err(format!("{} repeats {d}", self.house_name(house.kind, &house.cells)));
                }
            }
        }
        for kind in self.rules().iter() {
            if !kind.holds(self, &Instance::default(), grid) {
                return Err(format!("rule {} is broken", kind.name()));
            }
        }
        for c in self.constraints() {
            if !c.kind().holds(self, c.instance(), grid) {
                return Err(format!("the {} breaks its rule", c.describe(self)));
            }
        }
        Ok(())
    }

    /// A house as hints and messages name it: `row 3`, `column 5`, `box at
    /// r4c4`, `diagonal from r1c9` ([`Kind::describe`]), ...
    pub fn house_name(&self, kind: HouseKind, cells: &[u16]) -> String {
        let at = self.coord(usize::from(cells[0]));
        match kind {
            HouseKind::Row => format!("row {}", at.row + 1),
            HouseKind::Column => format!("column {}", at.col + 1),
            HouseKind::Box => format!("box at {at}"),
            HouseKind::Region => format!("region at {at}"),
            HouseKind::Rule(rule) => rule.describe(&at.to_string(), None),
        }
    }
}

/// Drops each house whose cells an earlier house has (the first keeps its
/// kind and place): a samurai's shared corner boxes, a jigsaw region that
/// is a row. Sorting the places by cells finds the repeats without hashing
/// a copy of each house.
fn drop_repeats(houses: &mut Vec<House>) {
    let mut order: Vec<usize> = (0..houses.len()).collect();
    order.sort_unstable_by(|&a, &b| houses[a].cells.cmp(&houses[b].cells).then(a.cmp(&b)));
    let mut keep = vec![true; houses.len()];
    for w in order.windows(2) {
        if houses[w[0]].cells == houses[w[1]].cells {
            keep[w[1]] = false;
        }
    }
    let mut keep = keep.into_iter();
    houses.retain(|_| keep.next().unwrap_or(true));
}
