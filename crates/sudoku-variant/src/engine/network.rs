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

/// Two houses that share two or more cells (a row and a box, a diagonal
/// and a box, a window and a row, ...): the shared cells are the segment
/// `both`; the rest of the first house is the cells
/// `overlap_cells[a_cells.0..a_cells.1]`, likewise the second's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Overlap {
    /// The two houses' numbers.
    pub houses: [u16; 2],
    pub both: u32,
    pub a_cells: (u32, u32),
    pub b_cells: (u32, u32),
}

/// One house's side of an [`Overlap`], as locked candidates read it: the
/// byte offsets of the shared segment's counts and of the other house's,
/// and the other house's cells outside the segment
/// (`overlap_cells[rest.0..rest.1]`), which lose a digit the house can
/// only take in the segment.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lock {
    pub segment: u32,
    pub other: u32,
    pub rest: (u32, u32),
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
    /// The number of houses.
    pub n_houses: usize,
    /// The houses of cell i: `cell_houses[house_start[i]..house_start[i+1]]`.
    pub house_start: Vec<u32>,
    pub cell_houses: Vec<u16>,
    pub cages: Vec<SumCage>,
    /// The cells of each pair of overlapping houses' ([`Overlap`]) first
    /// house only, then of its second only, laid end to end (the cells a
    /// locked digit leaves).
    pub overlap_cells: Vec<u16>,
    /// Each house's overlaps from its side:
    /// `locks[lock_start[h]..lock_start[h + 1]]`.
    pub lock_start: Vec<u32>,
    pub locks: Vec<Lock>,
    /// Each house's largest segment's cell count, as a byte repeated 8
    /// times (0 for a house that overlaps none): a digit with more places
    /// in the house is locked in none of its segments.
    pub widest: Vec<u64>,
    /// The number of segments: the sets of cells two overlapping houses
    /// share (a row's cells in one box). The search counts each segment's
    /// places for each digit as it does a house's.
    pub segments: usize,
    /// The segments cell i is in:
    /// `cell_segments[segment_start[i]..segment_start[i + 1]]`.
    pub segment_start: Vec<u32>,
    pub cell_segments: Vec<u16>,
    /// Each house's (and then each segment's) digit counts take `stride`
    /// bytes: n rounded up to whole 8-byte words, so they can be compared
    /// a word at a time.
    pub stride: usize,
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
        let overlaps = Overlaps::new(&house_cells, n);
        let (peer_start, peers) = flatten(peer_sets);
        let mut house_sets: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for (h, house) in house_cells.chunks_exact(n).enumerate() {
            for &c in house {
                house_sets[usize::from(c)].push(h as u16);
            }
        }
        let (house_start, cell_houses) = flatten(house_sets);
        let mut nc_sets: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for (a, b) in rules.iter().flat_map(|(rule, _)| rule.not_consecutive(puzzle)) {
            link(&mut nc_sets, &[to_dense(a), to_dense(b)]);
        }
        let (nc_start, nc) = flatten(nc_sets);
        let mut segment_sets: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for (s, segment) in overlaps.segments.iter().enumerate() {
            for &c in segment {
                segment_sets[usize::from(c)].push(s as u16);
            }
        }
        let (segment_start, cell_segments) = flatten(segment_sets);
        let stride = n.div_ceil(8) * 8;
        let (lock_start, locks) = locks(&overlaps.pairs, houses.len(), stride);
        let mut widest = vec![0u64; houses.len()];
        for pair in &overlaps.pairs {
            let size = overlaps.segments[pair.both as usize].len() as u64;
            for h in pair.houses {
                widest[usize::from(h)] = widest[usize::from(h)].max(size * 0x0101_0101_0101_0101);
            }
        }
        Network {
            n,
            full: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
            canvas,
            peer_start,
            peers,
            nc_start,
            nc,
            n_houses: houses.len(),
            house_cells,
            house_start,
            cell_houses,
            cages,
            overlap_cells: overlaps.cells,
            lock_start,
            locks,
            widest,
            segments: overlaps.segments.len(),
            segment_start,
            cell_segments,
            stride,
            constraints,
        }
    }

    pub fn cells(&self) -> usize {
        self.canvas.len()
    }

    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// The houses cell `cell` is in.
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.cell_houses[self.house_start[cell] as usize..self.house_start[cell + 1] as usize]
    }

    /// The number of houses.
    pub fn houses(&self) -> usize {
        self.n_houses
    }

    pub fn nc(&self, cell: usize) -> &[u16] {
        &self.nc[self.nc_start[cell] as usize..self.nc_start[cell + 1] as usize]
    }

    /// House `house`'s overlaps from its side.
    pub fn locks_of(&self, house: usize) -> &[Lock] {
        &self.locks[self.lock_start[house] as usize..self.lock_start[house + 1] as usize]
    }

    /// The segments cell `cell` is in.
    pub fn segments_of(&self, cell: usize) -> &[u16] {
        &self.cell_segments[self.segment_start[cell] as usize..self.segment_start[cell + 1] as usize]
    }

    /// The bytes of house and digit counts: the houses' `stride` bytes
    /// each, then the segments'.
    pub fn counted(&self) -> usize {
        (self.houses() + self.segments) * self.stride
    }
}

/// The overlapping houses of a network and their segments.
struct Overlaps {
    pairs: Vec<Overlap>,
    cells: Vec<u16>,
    segments: Vec<Vec<u16>>,
}

impl Overlaps {
    /// Every pair of houses sharing two or more cells, split into the
    /// cells of the first only, of both (a segment), and of the second
    /// only.
    fn new(house_cells: &[u16], n: usize) -> Overlaps {
        let cells = house_cells.iter().map(|&c| usize::from(c) + 1).max().unwrap_or(0);
        let set = |list: &[u16]| {
            let mut words = vec![0u64; cells.div_ceil(64)];
            for &c in list {
                words[usize::from(c) / 64] |= 1 << (c % 64);
            }
            words
        };
        let houses: Vec<&[u16]> = house_cells.chunks_exact(n).collect();
        let sets: Vec<Vec<u64>> = houses.iter().map(|h| set(h)).collect();
        let mut out = Overlaps { pairs: Vec::new(), cells: Vec::new(), segments: Vec::new() };
        for (i, a) in houses.iter().enumerate() {
            for (j, b) in houses.iter().enumerate().skip(i + 1) {
                let shared: u32 = sets[i].iter().zip(&sets[j]).map(|(x, y)| (x & y).count_ones()).sum();
                if shared < 2 {
                    continue;
                }
                let mut both: Vec<u16> = a
                    .iter()
                    .copied()
                    .filter(|&c| sets[j][usize::from(c) / 64] >> (c % 64) & 1 == 1)
                    .collect();
                let a_only: Vec<u16> = a.iter().copied().filter(|c| !both.contains(c)).collect();
                let b_only: Vec<u16> = b.iter().copied().filter(|c| !both.contains(c)).collect();
                both.sort_unstable();
                let both = match out.segments.iter().position(|s| *s == both) {
                    Some(s) => s,
                    None => {
                        out.segments.push(both);
                        out.segments.len() - 1
                    }
                } as u32;
                let a_cells = out.push_cells(&a_only);
                let b_cells = out.push_cells(&b_only);
                out.pairs.push(Overlap { houses: [i as u16, j as u16], both, a_cells, b_cells });
            }
        }
        out
    }

    /// Appends `cells` to the cell list; returns their range.
    fn push_cells(&mut self, cells: &[u16]) -> (u32, u32) {
        let start = self.cells.len() as u32;
        self.cells.extend_from_slice(cells);
        (start, self.cells.len() as u32)
    }
}

/// Each of `n_houses` houses' [`Lock`]s (its overlaps seen from its
/// side), laid end to end, with their starts.
fn locks(pairs: &[Overlap], n_houses: usize, stride: usize) -> (Vec<u32>, Vec<Lock>) {
    let mut per_house: Vec<Vec<Lock>> = vec![Vec::new(); n_houses];
    let at = |h: usize| (h * stride) as u32;
    for pair in pairs {
        let [a, b] = pair.houses.map(usize::from);
        let segment = at(n_houses + pair.both as usize);
        per_house[a].push(Lock { segment, other: at(b), rest: pair.b_cells });
        per_house[b].push(Lock { segment, other: at(a), rest: pair.a_cells });
    }
    let mut start = vec![0];
    let mut flat = Vec::new();
    for list in per_house {
        flat.extend(list);
        start.push(flat.len() as u32);
    }
    (start, flat)
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
