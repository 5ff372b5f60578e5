//! The constraint network a puzzle compiles to: cells numbered densely,
//! each with the cells it must differ from (its peers), its orthogonal
//! neighbours (non-consecutive), the houses that must hold every digit,
//! and the sum cages with their digit combinations.

use crate::constraint::{combinations, Instance, Kind};
use crate::puzzle::Puzzle;

/// A cage with a sum, in dense cell numbers.
#[derive(Debug, Clone)]
pub(crate) struct SumCage {
    pub cells: Vec<u16>,
    pub sum: u32,
    /// Every set of `cells.len()` distinct digits adding up to `sum`, as
    /// digit masks (bit d-1 = digit d); empty when there are too many.
    pub combos: Vec<u32>,
}

/// The compiled puzzle.
#[derive(Debug, Clone)]
pub(crate) struct Network {
    /// Digits run 1..=n.
    pub n: usize,
    /// Mask of all n digits.
    pub full: u32,
    /// Canvas index of each dense cell.
    pub canvas: Vec<u16>,
    /// Peers of cell i: `peers[peer_start[i]..peer_start[i+1]]`.
    pub peer_start: Vec<u32>,
    pub peers: Vec<u16>,
    /// Orthogonal neighbours under non-consecutive, same layout.
    pub nc_start: Vec<u32>,
    pub nc: Vec<u16>,
    /// Houses: `house_cells[h*n..(h+1)*n]`.
    pub house_cells: Vec<u16>,
    pub cages: Vec<SumCage>,
    /// Pairs of houses that share two or more cells, each as the cells of
    /// the first only, of both, of the second only, laid end to end:
    /// `overlaps[k]` gives the three lengths and `overlap_cells` the cells.
    pub overlaps: Vec<[u16; 3]>,
    pub overlap_cells: Vec<u16>,
    /// The puzzle's constraints drawn on the grid other than cages, their
    /// parts in dense cell numbers. (The rules of the whole grid give their
    /// houses, distinct groups and non-consecutive pairs above; cages their
    /// peers and sums.)
    pub constraints: Vec<(&'static dyn Kind, Instance)>,
}

impl Network {
    pub fn new(puzzle: &Puzzle) -> Network {
        let n = puzzle.size();
        let canvas: Vec<u16> = puzzle.cells().into_iter().map(|i| i as u16).collect();
        let mut dense = vec![u16::MAX; puzzle.canvas_len()];
        for (d, &c) in canvas.iter().enumerate() {
            dense[usize::from(c)] = d as u16;
        }
        let to_dense = |c: u16| dense[usize::from(c)];
        let cells = canvas.len();
        let mut peer_sets: Vec<Vec<u16>> = vec![Vec::new(); cells];
        let link = |sets: &mut Vec<Vec<u16>>, group: &[u16]| {
            for &a in group {
                for &b in group {
                    if a != b {
                        sets[usize::from(a)].push(b);
                    }
                }
            }
        };
        let houses = puzzle.houses();
        let mut house_cells = Vec::with_capacity(houses.len() * n);
        for house in &houses {
            let group: Vec<u16> = house.cells.iter().map(|&c| to_dense(c)).collect();
            link(&mut peer_sets, &group);
            house_cells.extend_from_slice(&group);
        }
        let none = Instance::default();
        let rules: Vec<(&dyn Kind, &Instance)> = puzzle.rules().iter().map(|rule| (rule, &none)).collect();
        let drawn = puzzle.constraints().iter().map(|c| (c.kind(), c.instance()));
        for (kind, instance) in rules.iter().copied().chain(drawn) {
            for group in kind.distinct(puzzle, instance) {
                let group: Vec<u16> = group.into_iter().map(to_dense).collect();
                link(&mut peer_sets, &group);
            }
        }
        // A summed cage is narrowed by its listed combinations, any other
        // constraint by its kind; a cage without a sum by its peers alone.
        let mut cages = Vec::new();
        let mut constraints = Vec::new();
        for c in puzzle.constraints() {
            let dense = c.map_cells(to_dense);
            match c.kind().cage(dense.instance()) {
                Some((cells, Some(sum))) => cages.push(SumCage {
                    cells: cells.to_vec(),
                    sum,
                    combos: combinations(n, cells.len(), sum),
                }),
                Some((_, None)) => {}
                None => constraints.push((c.kind(), dense.instance().clone())),
            }
        }
        // Relations a rule of the whole grid states pair by pair.
        for (rule, _) in &rules {
            for implied in rule.implied(puzzle) {
                let dense = crate::Constraint::of(*rule, implied).map_cells(to_dense);
                constraints.push((*rule, dense.instance().clone()));
            }
        }
        let (overlaps, overlap_cells) = overlaps(&house_cells, n);
        let (peer_start, peers) = flatten(peer_sets);
        let mut nc_sets: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for (a, b) in rules.iter().flat_map(|(rule, _)| rule.not_consecutive(puzzle)) {
            link(&mut nc_sets, &[to_dense(a), to_dense(b)]);
        }
        let (nc_start, nc) = flatten(nc_sets);
        Network {
            n,
            full: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
            canvas,
            peer_start,
            peers,
            nc_start,
            nc,
            house_cells,
            cages,
            overlaps,
            overlap_cells,
            constraints,
        }
    }

    pub fn cells(&self) -> usize {
        self.canvas.len()
    }

    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    pub fn nc(&self, cell: usize) -> &[u16] {
        &self.nc[self.nc_start[cell] as usize..self.nc_start[cell + 1] as usize]
    }
}

/// Every pair of houses sharing two or more cells (a row and a box, a
/// diagonal and a box, a window and a row, …), split into the cells of the
/// first only, of both, and of the second only.
fn overlaps(house_cells: &[u16], n: usize) -> (Vec<[u16; 3]>, Vec<u16>) {
    let houses: Vec<&[u16]> = house_cells.chunks_exact(n).collect();
    let (mut lens, mut cells) = (Vec::new(), Vec::new());
    for (i, a) in houses.iter().enumerate() {
        for b in &houses[i + 1..] {
            let both: Vec<u16> = a.iter().copied().filter(|c| b.contains(c)).collect();
            if both.len() < 2 {
                continue;
            }
            let a_only: Vec<u16> = a.iter().copied().filter(|c| !both.contains(c)).collect();
            let b_only: Vec<u16> = b.iter().copied().filter(|c| !both.contains(c)).collect();
            lens.push([a_only.len() as u16, both.len() as u16, b_only.len() as u16]);
            cells.extend(a_only.into_iter().chain(both).chain(b_only));
        }
    }
    (lens, cells)
}

/// Sorts and dedups each cell's list and lays them end to end.
fn flatten(mut sets: Vec<Vec<u16>>) -> (Vec<u32>, Vec<u16>) {
    let mut start = Vec::with_capacity(sets.len() + 1);
    let mut flat = Vec::new();
    start.push(0);
    for set in &mut sets {
        set.sort_unstable();
        set.dedup();
        flat.extend_from_slice(set);
        start.push(flat.len() as u32);
    }
    (start, flat)
}
