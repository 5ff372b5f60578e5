//! Chains of binary links: X-chains, alternating inference (forcing)
//! chains and cell/region forcing chains, all found by following one
//! assumption at a time through the strong and weak links of a snapshot.
//!
//! A literal is a candidate `cell * 9 + digit - 1` assumed true ("on") or
//! false ("off"). Links of the snapshot:
//! - weak: a candidate on turns off the other candidates of its cell and the
//!   same digit in its 20 peers;
//! - strong: a candidate off turns on the other candidate of a bivalue cell,
//!   and the other place of its digit in a unit where it has two places.
//!
//! The links are those of the snapshot, not of the state the assumption
//! builds (that is the dynamic chains of the trial module). Every start is
//! tried, and the deductions kept are those of the shortest length: so the
//! result does not depend on the order of cells or digits.

use sudoku_core::index::{PEERS, UNITS};

use crate::board::{Board, Found, Pos, CELL_UNITS, CELL_UNIT_POS};
use crate::technique::Technique;

const N_LIT: usize = 729;
const NONE: u16 = u16::MAX;

/// One followed assumption: the depth (1 = the start) at which each
/// literal was reached, and the first contradiction.
struct Run {
    on: Box<[u8; N_LIT]>,
    off: Box<[u8; N_LIT]>,
    /// Reached literals in order; bit 15 set for "on".
    list: Vec<u16>,
    /// Depth of the first literal found both on and off, 0 if none.
    contradiction: u8,
}

const ON_FLAG: u16 = 0x8000;

impl Run {
    fn new() -> Self {
        Run {
            on: Box::new([0; N_LIT]),
            off: Box::new([0; N_LIT]),
            list: Vec::with_capacity(2 * N_LIT),
            contradiction: 0,
        }
    }

    fn reset(&mut self) {
        for &l in &self.list {
            let i = (l & !ON_FLAG) as usize;
            self.on[i] = 0;
            self.off[i] = 0;
        }
        self.list.clear();
        self.contradiction = 0;
    }

    #[inline]
    fn set(&mut self, lit: usize, on: bool, depth: u8) {
        let (mine, theirs) = if on { (&mut self.on, &self.off) } else { (&mut self.off, &self.on) };
        if mine[lit] != 0 {
            return;
        }
        mine[lit] = depth;
        if theirs[lit] != 0 && self.contradiction == 0 {
            self.contradiction = depth;
        }
        self.list.push(lit as u16 | if on { ON_FLAG } else { 0 });
    }

    /// Follows `start` (on or off) through the links of `b` until nothing
    /// new is reached or a contradiction appears. `digit_only` keeps to the
    /// links of the start's digit (X-chains).
    fn follow(&mut self, b: &Board, pos: &Pos, start: usize, start_on: bool, digit_only: bool) {
        self.reset();
        self.set(start, start_on, 1);
        let mut head = 0;
        while head < self.list.len() && self.contradiction == 0 {
            let l = self.list[head];
            head += 1;
            let on = l & ON_FLAG != 0;
            let lit = (l & !ON_FLAG) as usize;
            let (c, d0) = (lit / 9, lit % 9);
            let depth = if on { self.on[lit] } else { self.off[lit] };
            let next = depth.saturating_add(1);
            if on {
                if !digit_only {
                    let mut m = b.cands[c] & !(1 << d0);
                    while m != 0 {
                        let e = m.trailing_zeros() as usize;
                        m &= m - 1;
                        self.set(c * 9 + e, false, next);
                    }
                }
                for &p in &PEERS[c] {
                    if b.cands[p as usize] & (1 << d0) != 0 {
                        self.set(p as usize * 9 + d0, false, next);
                    }
                }
            } else {
                if !digit_only && b.cands[c].count_ones() == 2 {
                    let e = (b.cands[c] & !(1 << d0)).trailing_zeros() as usize;
                    self.set(c * 9 + e, true, next);
                }
                for (ui, &u) in CELL_UNITS[c].iter().enumerate() {
                    let m = pos[u as usize][d0];
                    if m.count_ones() == 2 {
                        let k = (m & !(1 << CELL_UNIT_POS[c][ui])).trailing_zeros() as usize;
                        self.set(UNITS[u as usize][k] as usize * 9 + d0, true, next);
                    }
                }
            }
        }
    }
}

/// Scratch space for the chain techniques, kept between calls.
pub(crate) struct Chains {
    on_run: Run,
    off_run: Run,
    /// Shortest length found per literal, for eliminations and placements.
    elim_len: Box<[u16; N_LIT]>,
    place_len: Box<[u16; N_LIT]>,
    /// Off-literals reached from each "on" start, flattened, with depths.
    reach: Vec<(u16, u8)>,
    reach_start: Vec<u32>,
    /// Per literal: how many branches reached it off, and their depth sum.
    hits: Box<[(u8, u16); N_LIT]>,
}

impl Chains {
    pub fn new() -> Self {
        Chains {
            on_run: Run::new(),
            off_run: Run::new(),
            elim_len: Box::new([NONE; N_LIT]),
            place_len: Box::new([NONE; N_LIT]),
            reach: Vec::new(),
            reach_start: vec![0; N_LIT + 1],
            hits: Box::new([(0, 0); N_LIT]),
        }
    }

    /// The chain technique that makes progress on `b`, the easiest first,
    /// with the length of its shortest deduction. Writes the deductions of
    /// that length into `out`.
    pub fn find(&mut self, b: &Board, pos: &Pos, out: &mut Found) -> Option<(Technique, u32)> {
        if let Some(len) = self.binary(b, pos, true, out) {
            return Some((Technique::XChain, len));
        }
        if let Some(len) = self.binary(b, pos, false, out) {
            return Some((Technique::ForcingChain, len));
        }
        self.cell_region(b, out).map(|len| (Technique::CellRegionForcingChain, len))
    }

    /// Forcing chains from every candidate, on and off: a candidate whose
    /// "on" contradicts itself goes, one whose "off" does is placed, and a
    /// candidate turned off (on) by both is removed (placed).
    fn binary(&mut self, b: &Board, pos: &Pos, digit_only: bool, out: &mut Found) -> Option<u32> {
        self.elim_len.fill(NONE);
        self.place_len.fill(NONE);
        if !digit_only {
            self.reach.clear();
        }
        for lit in 0..N_LIT {
            let (c, d0) = (lit / 9, lit % 9);
            if !digit_only {
                self.reach_start[lit] = self.reach.len() as u32;
            }
            if b.cands[c] & (1 << d0) == 0 {
                continue;
            }
            self.on_run.follow(b, pos, lit, true, digit_only);
            if self.on_run.contradiction != 0 {
                keep_min(&mut self.elim_len[lit], self.on_run.contradiction as u16 - 1);
                continue;
            }
            if !digit_only {
                for &l in &self.on_run.list {
                    if l & ON_FLAG == 0 {
                        self.reach.push((l, self.on_run.off[l as usize]));
                    }
                }
            }
            self.off_run.follow(b, pos, lit, false, digit_only);
            if self.off_run.contradiction != 0 {
                keep_min(&mut self.place_len[lit], self.off_run.contradiction as u16 - 1);
                continue;
            }
            for &l in &self.off_run.list {
                let on = l & ON_FLAG != 0;
                let y = (l & !ON_FLAG) as usize;
                let (a, z) = if on {
                    (self.on_run.on[y], self.off_run.on[y])
                } else {
                    (self.on_run.off[y], self.off_run.off[y])
                };
                if a != 0 {
                    let len = (a + z) as u16 - 2;
                    keep_min(if on { &mut self.place_len[y] } else { &mut self.elim_len[y] }, len);
                }
            }
        }
        if !digit_only {
            self.reach_start[N_LIT] = self.reach.len() as u32;
        }
        collect_shortest(b, &self.elim_len, &self.place_len, out)
    }

    /// Cell and region forcing chains: every candidate of a cell, or every
    /// place of a digit in a unit, turns the same candidate off. Uses the
    /// "on" runs recorded by the last non-digit-only [`Chains::binary`].
    fn cell_region(&mut self, b: &Board, out: &mut Found) -> Option<u32> {
        self.elim_len.fill(NONE);
        self.place_len.fill(NONE);
        let mut branches = [0usize; 9];
        for c in 0..81 {
            let m = b.cands[c];
            if m.count_ones() < 3 {
                // Bivalue cells are covered by the on/off chains.
                continue;
            }
            let mut n = 0;
            for d0 in 0..9 {
                if m & (1 << d0) != 0 {
                    branches[n] = c * 9 + d0;
                    n += 1;
                }
            }
            self.intersect(&branches[..n]);
        }
        let pos = b.positions();
        for (u, unit) in UNITS.iter().enumerate() {
            for d0 in 0..9 {
                let m = pos[u][d0];
                if m.count_ones() < 3 {
                    continue;
                }
                let mut n = 0;
                for (k, &c) in unit.iter().enumerate() {
                    if m & (1 << k) != 0 {
                        branches[n] = c as usize * 9 + d0;
                        n += 1;
                    }
                }
                self.intersect(&branches[..n]);
            }
        }
        collect_shortest(b, &self.elim_len, &self.place_len, out)
    }

    /// Literals turned off by every one of `branches`, with the sum of the
    /// branch lengths.
    fn intersect(&mut self, branches: &[usize]) {
        let n = branches.len() as u8;
        for &br in branches {
            let (s, e) = (self.reach_start[br] as usize, self.reach_start[br + 1] as usize);
            for &(l, depth) in &self.reach[s..e] {
                let h = &mut self.hits[l as usize];
                h.0 += 1;
                h.1 = h.1.saturating_add(depth as u16 - 1);
                if h.0 == n {
                    let len = h.1;
                    keep_min(&mut self.elim_len[l as usize], len);
                }
            }
        }
        for &br in branches {
            let (s, e) = (self.reach_start[br] as usize, self.reach_start[br + 1] as usize);
            for &(l, _) in &self.reach[s..e] {
                self.hits[l as usize] = (0, 0);
            }
        }
    }
}

#[inline]
fn keep_min(slot: &mut u16, len: u16) {
    if len < *slot {
        *slot = len;
    }
}

/// Writes the deductions of the shortest length into `out`; returns that
/// length, or `None` when there is none.
pub(crate) fn collect_shortest(
    b: &Board,
    elim_len: &[u16; N_LIT],
    place_len: &[u16; N_LIT],
    out: &mut Found,
) -> Option<u32> {
    let best = elim_len.iter().chain(place_len.iter()).copied().min().unwrap_or(NONE);
    if best == NONE {
        return None;
    }
    for lit in 0..N_LIT {
        let (c, d0) = (lit / 9, lit % 9);
        if elim_len[lit] == best {
            out.eliminate(b, c, 1 << d0);
        }
        if place_len[lit] == best {
            out.place_digit(c, d0 as u8 + 1);
        }
    }
    Some(best as u32)
}
