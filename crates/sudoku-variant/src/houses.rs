//! The houses of a puzzle (groups of n cells that hold every digit once)
//! and its other relations: cells a knight's or king's move apart, and
//! orthogonal neighbours. Everything that reasons about a variant (the
//! solver, the checker, the printer) reads the shape through here.

use crate::puzzle::{Layout, Puzzle, Rule, SAMURAI_GRIDS};

/// What made a group of cells a house.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row (of the grid, or of one samurai grid).
    Row,
    /// A column.
    Column,
    /// A rectangular box.
    Box,
    /// A jigsaw region.
    Region,
    /// A main diagonal (rule `x`).
    Diagonal,
    /// A windoku window.
    Window,
    /// A disjoint group.
    DisjointGroup,
}

/// A group of n cells that holds every digit exactly once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// What kind of house.
    pub kind: HouseKind,
    /// Canvas indices of its cells, sorted.
    pub cells: Vec<u16>,
}

/// The one-grid squares of a puzzle: `(row, col)` top-left corners on the
/// canvas of each n×n grid (one, or the samurai's five).
pub fn grids(puzzle: &Puzzle) -> Vec<(usize, usize)> {
    match puzzle.layout() {
        Layout::Samurai => SAMURAI_GRIDS.to_vec(),
        _ => vec![(0, 0)],
    }
}

impl Puzzle {
    /// Every house, without duplicates (a samurai's shared corner boxes
    /// appear once): rows, columns, boxes or regions, then the rules'
    /// diagonals, windows and disjoint groups.
    pub fn houses(&self) -> Vec<House> {
        let n = self.size();
        let side = self.side();
        let mut out: Vec<House> = Vec::new();
        let mut push = |kind: HouseKind, mut cells: Vec<u16>| {
            cells.sort_unstable();
            if !out.iter().any(|h| h.cells == cells) {
                out.push(House { kind, cells });
            }
        };
        for (r0, c0) in grids(self) {
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
                Layout::Boxes { .. } | Layout::Samurai => {
                    let (br, bc) = self.box_shape();
                    for b in 0..n {
                        let (top, left) = ((b / (n / bc)) * br, (b % (n / bc)) * bc);
                        push(HouseKind::Box, (0..n).map(|k| at(top + k / bc, left + k % bc)).collect());
                    }
                    if self.rules().contains(Rule::DisjointGroups) {
                        for k in 0..n {
                            let cells = (0..n)
                                .map(|b| {
                                    let (top, left) = ((b / (n / bc)) * br, (b % (n / bc)) * bc);
                                    at(top + k / bc, left + k % bc)
                                })
                                .collect();
                            push(HouseKind::DisjointGroup, cells);
                        }
                    }
                }
            }
            if self.rules().contains(Rule::X) {
                push(HouseKind::Diagonal, (0..n).map(|k| at(k, k)).collect());
                push(HouseKind::Diagonal, (0..n).map(|k| at(k, n - 1 - k)).collect());
            }
            if self.rules().contains(Rule::Windoku) {
                for (top, left) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                    push(HouseKind::Window, (0..9).map(|k| at(top + k / 3, left + k % 3)).collect());
                }
            }
        }
        out
    }

    /// The box shape `(rows, cols)`; jigsaw grids have none and answer
    /// `(n, 1)`'s opposite, so callers ask only for boxed layouts.
    pub fn box_shape(&self) -> (usize, usize) {
        match self.layout() {
            Layout::Boxes { rows, cols } => (usize::from(*rows), usize::from(*cols)),
            Layout::Samurai => (3, 3),
            Layout::Regions(_) => (1, self.size()),
        }
    }

    /// Pairs of distinct cells that must differ because of a move rule
    /// (anti-knight, anti-king), each pair once with `a < b`.
    pub fn move_pairs(&self) -> Vec<(u16, u16)> {
        let mut deltas: Vec<(i32, i32)> = Vec::new();
        if self.rules().contains(Rule::AntiKnight) {
            deltas.extend([(1, 2), (2, 1), (1, -2), (2, -1)]);
        }
        if self.rules().contains(Rule::AntiKing) {
            deltas.extend([(0, 1), (1, -1), (1, 0), (1, 1)]);
        }
        self.offset_pairs(&deltas)
    }

    /// Orthogonally adjacent pairs of cells `(a, b)` with `a < b`.
    pub fn orthogonal_pairs(&self) -> Vec<(u16, u16)> {
        self.offset_pairs(&[(0, 1), (1, 0)])
    }

    fn offset_pairs(&self, deltas: &[(i32, i32)]) -> Vec<(u16, u16)> {
        let side = self.side() as i32;
        let mut out = Vec::new();
        for a in self.cells() {
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
                    return Err(format!(
                        "{:?} with {} repeats {d}",
                        house.kind,
                        self.cell_name(usize::from(c))
                    ));
                }
            }
        }
        for (a, b) in self.move_pairs() {
            if grid[usize::from(a)] == grid[usize::from(b)] {
                return Err(format!(
                    "{} and {} are a move apart",
                    self.cell_name(a.into()),
                    self.cell_name(b.into())
                ));
            }
        }
        if self.rules().contains(Rule::NonConsecutive) {
            for (a, b) in self.orthogonal_pairs() {
                if grid[usize::from(a)].abs_diff(grid[usize::from(b)]) == 1 {
                    return Err(format!(
                        "{} and {} are consecutive",
                        self.cell_name(a.into()),
                        self.cell_name(b.into())
                    ));
                }
            }
        }
        for (k, cage) in self.cages().iter().enumerate() {
            let digits: Vec<u8> = cage.cells.iter().map(|&c| grid[usize::from(c)]).collect();
            let mut sorted = digits.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != digits.len() {
                return Err(format!("cage {} repeats a digit", k + 1));
            }
            if let Some(sum) = cage.sum {
                let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                if total != sum {
                    return Err(format!("cage {} adds up to {total}, expected {sum}", k + 1));
                }
            }
        }
        for c in self.constraints() {
            if !c.kind().holds(c.parts(), grid) {
                return Err(format!("the {} breaks its rule", c.describe(self)));
            }
        }
        Ok(())
    }
}
