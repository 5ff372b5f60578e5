//! Dynamic forcing chains (+) and nested trials: assume a candidate, follow it
//! through singles (and, for the "plus" level, locked candidates) on the
//! state it builds, and see whether it contradicts itself or whether every
//! branch of a cell or unit agrees.
//!
//! Propagation runs in layers: each layer places every single of the
//! previous state at once. Layers make lengths independent of the order of
//! cells and digits; the length of a deduction is the number of facts
//! (placements and eliminations) its branches derived up to the layer that
//! proved it.
//!
//! Each assumption followed counts as one search node.

// Cells, digits and units index several parallel tables at once (masks,
// positions, peers); index loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

use crate::board::{bit, consecutive, Board, Found, ALL};
use crate::hits::Hits;
use crate::rules::basic;
use crate::units::MAX_UNITS;

const N_LIT: usize = 729;
const NONE: u16 = u16::MAX;

/// Layers recorded; deeper propagations count as this deep.
const MAX_LAYERS: usize = 96;

/// What a propagation did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Outcome {
    /// Nothing more follows; the state is consistent so far.
    Stable,
    /// A contradiction appeared in this layer (1-based).
    Contradiction(u8),
}

/// Per-branch record of a layered propagation.
pub(crate) struct Log {
    /// Layer (1-based) in which each candidate was removed, 0 if never.
    pub removed: [u8; N_LIT],
    /// Facts derived up to and including each layer.
    pub cumulative: [u16; MAX_LAYERS + 1],
}

impl Log {
    fn new() -> Self {
        Log { removed: [0; N_LIT], cumulative: [0; MAX_LAYERS + 1] }
    }

    /// Facts derived up to `layer`.
    fn facts(&self, layer: u8) -> u16 {
        self.cumulative[(layer as usize).min(MAX_LAYERS)]
    }
}

/// Places every naked and hidden single of `b` at once, then repeats;
/// with `plus`, applies pointing and claiming when no single is left.
/// Records removals in `log` when given.
pub(crate) fn propagate(b: &mut Board, plus: bool, mut log: Option<&mut Log>) -> Outcome {
    let mut layer: u8 = 1;
    let mut n_facts: u16 = 0;
    loop {
        layer = layer.saturating_add(1);
        let mut place = [0u16; 81];
        let mut any = false;
        let units = b.units;
        let mut placed_units = [0u16; MAX_UNITS];
        for c in 0..81 {
            let m = b.cands[c];
            if b.value[c] != 0 {
                let v = bit(b.value[c]);
                for &u in &units.cell_units[c] {
                    placed_units[u as usize] |= v;
                }
            } else if m == 0 {
                return Outcome::Contradiction(layer);
            } else if m & (m - 1) == 0 {
                place[c] = m;
                any = true;
            }
        }
        for (u, unit) in units.cells[..units.len].iter().enumerate() {
            let (mut once, mut twice) = (0u16, 0u16);
            for &c in unit {
                let m = b.cands[c as usize];
                twice |= once & m;
                once |= m;
            }
            if (once | placed_units[u]) != ALL {
                return Outcome::Contradiction(layer);
            }
            let mut unique = once & !twice;
            while unique != 0 {
                let m = unique & unique.wrapping_neg();
                unique ^= m;
                for &c in unit {
                    let c = c as usize;
                    if b.cands[c] & m != 0 {
                        place[c] |= m;
                        any = true;
                        break;
                    }
                }
            }
        }
        let before = b.cands;
        if any {
            for c in 0..81 {
                let m = place[c];
                if m == 0 {
                    continue;
                }
                if m & (m - 1) != 0 || b.cands[c] & m == 0 {
                    return Outcome::Contradiction(layer);
                }
                b.value[c] = m.trailing_zeros() as u8 + 1;
                b.cands[c] = 0;
                for &p in &units.peers[c] {
                    b.cands[p as usize] &= !m;
                }
                for &p in &units.nc_neighbours[c] {
                    b.cands[p as usize] &= !consecutive(m);
                }
            }
        } else if plus {
            // Every pointing and claiming at once (the floor makes them
            // equally easy).
            let mut hits = Hits::new(false);
            hits.set_floor(28);
            let pos = b.positions();
            basic::locking(b, &pos, false, &mut hits);
            if hits.best().is_none() {
                return Outcome::Stable;
            }
            for c in 0..81 {
                b.cands[c] &= !hits.found.elim[c];
            }
        } else {
            return Outcome::Stable;
        }
        if let Some(log) = log.as_deref_mut() {
            for c in 0..81 {
                let mut gone = before[c] & !b.cands[c] & !place[c];
                n_facts += (place[c] != 0) as u16 + gone.count_ones() as u16;
                while gone != 0 {
                    let d0 = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    log.removed[c * 9 + d0] = layer;
                }
            }
            log.cumulative[(layer as usize).min(MAX_LAYERS)] = n_facts;
        }
    }
}

/// Follows the assumption `cell = digit` on a copy of `b`.
fn assume(b: &Board, cell: usize, digit: u8, plus: bool, log: Option<&mut Log>) -> (Board, Outcome) {
    let mut t = *b;
    let m = bit(digit);
    t.value[cell] = digit;
    t.cands[cell] = 0;
    let mut log = log;
    if let Some(l) = log.as_deref_mut() {
        l.removed = [0; N_LIT];
        l.cumulative = [0; MAX_LAYERS + 1];
        let mut n = (b.cands[cell] & !m).count_ones() as u16 + 1;
        let mut o = b.cands[cell] & !m;
        while o != 0 {
            l.removed[cell * 9 + o.trailing_zeros() as usize] = 1;
            o &= o - 1;
        }
        for &p in &b.units.peers[cell] {
            let p = p as usize;
            if t.cands[p] & m != 0 {
                l.removed[p * 9 + digit as usize - 1] = 1;
                n += 1;
            }
        }
        for &p in &b.units.nc_neighbours[cell] {
            let p = p as usize;
            let mut gone = t.cands[p] & consecutive(m);
            while gone != 0 {
                l.removed[p * 9 + gone.trailing_zeros() as usize] = 1;
                gone &= gone - 1;
                n += 1;
            }
        }
        l.cumulative[1] = n;
    }
    for &p in &b.units.peers[cell] {
        t.cands[p as usize] &= !m;
    }
    for &p in &b.units.nc_neighbours[cell] {
        t.cands[p as usize] &= !consecutive(m);
    }
    let out = propagate(&mut t, plus, log);
    (t, out)
}

/// Scratch space for the trial techniques, kept between calls.
pub(crate) struct Trials {
    /// Candidates removed by each assumption, per cell (final state).
    removed: Vec<[u16; 81]>,
    contradiction: Box<[u8; N_LIT]>,
    elim_len: Box<[u16; N_LIT]>,
    place_len: Box<[u16; N_LIT]>,
    logs: Vec<Option<Box<Log>>>,
    /// Whether `logs[lit]` belongs to the current snapshot.
    log_valid: Box<[bool; N_LIT]>,
}

impl Trials {
    pub fn new() -> Self {
        Trials {
            removed: vec![[0; 81]; N_LIT],
            contradiction: Box::new([0; N_LIT]),
            elim_len: Box::new([NONE; N_LIT]),
            place_len: Box::new([NONE; N_LIT]),
            logs: (0..N_LIT).map(|_| None).collect(),
            log_valid: Box::new([false; N_LIT]),
        }
    }

    /// Dynamic forcing chains (`plus`: with locked candidates in the
    /// propagation): contradictions, and cell and region forcing on the
    /// states the assumptions build. Writes the deductions of the shortest
    /// length into `out`; returns that length and adds the assumptions
    /// followed to `nodes`.
    pub fn dynamic(&mut self, b: &Board, plus: bool, nodes: &mut u64, out: &mut Found) -> Option<u32> {
        self.elim_len.fill(NONE);
        self.place_len.fill(NONE);
        for lit in 0..N_LIT {
            let (c, d0) = (lit / 9, lit % 9);
            self.contradiction[lit] = 0;
            if b.cands[c] & (1 << d0) == 0 {
                continue;
            }
            *nodes += 1;
            let (t, outcome) = assume(b, c, d0 as u8 + 1, plus, None);
            match outcome {
                Outcome::Contradiction(layer) => {
                    self.contradiction[lit] = layer;
                    self.removed[lit] = [ALL; 81];
                }
                Outcome::Stable => {
                    for k in 0..81 {
                        self.removed[lit][k] = b.cands[k] & !t.cands[k] & !bit_or_zero(t.value[k]);
                    }
                }
            }
        }
        self.log_valid.fill(false);
        // Contradictions.
        for lit in 0..N_LIT {
            if self.contradiction[lit] != 0 {
                let layer = self.contradiction[lit];
                let len = self.log(b, lit, plus).facts(layer);
                self.elim_len[lit] = self.elim_len[lit].min(len);
            }
        }
        // Cell forcing.
        let mut branches = [0usize; 9];
        for c in 0..81 {
            let m = b.cands[c];
            if m.count_ones() < 2 {
                continue;
            }
            let mut n = 0;
            for d0 in 0..9 {
                if m & (1 << d0) != 0 {
                    branches[n] = c * 9 + d0;
                    n += 1;
                }
            }
            self.force(b, &branches[..n], plus);
        }
        // Region forcing.
        let pos = b.positions();
        for (u, unit) in b.units.cells[..b.units.len].iter().enumerate() {
            for d0 in 0..9 {
                let m = pos[u][d0];
                if m.count_ones() < 2 {
                    continue;
                }
                let mut n = 0;
                for (k, &c) in unit.iter().enumerate() {
                    if m & (1 << k) != 0 {
                        branches[n] = c as usize * 9 + d0;
                        n += 1;
                    }
                }
                self.force(b, &branches[..n], plus);
            }
        }
        collect_shortest(b, &self.elim_len, &self.place_len, out)
    }

    /// The layered log of one assumption, computed on first use.
    fn log(&mut self, b: &Board, lit: usize, plus: bool) -> &Log {
        let slot = &mut self.logs[lit];
        if !self.log_valid[lit] || slot.is_none() {
            let mut log = slot.take().unwrap_or_else(|| Box::new(Log::new()));
            assume(b, lit / 9, (lit % 9) as u8 + 1, plus, Some(&mut log));
            self.log_valid[lit] = true;
            *slot = Some(log);
        }
        match slot {
            Some(log) => log,
            None => unreachable!("the log was just stored"),
        }
    }

    /// Candidates removed in every branch (a contradicting branch removes
    /// everything), with the summed length of the branches.
    fn force(&mut self, b: &Board, branches: &[usize], plus: bool) {
        let mut common = [ALL; 81];
        for &br in branches {
            let r = &self.removed[br];
            for k in 0..81 {
                common[k] &= r[k];
            }
        }
        for k in 0..81 {
            let mut m = common[k] & b.cands[k];
            while m != 0 {
                let d0 = m.trailing_zeros() as usize;
                m &= m - 1;
                let y = k * 9 + d0;
                let mut len: u16 = 0;
                for &br in branches {
                    let layer = match self.contradiction[br] {
                        0 => self.log(b, br, plus).removed[y],
                        cl => cl,
                    };
                    len = len.saturating_add(self.log(b, br, plus).facts(layer));
                }
                self.elim_len[y] = self.elim_len[y].min(len);
            }
        }
    }

    /// Nested trial and error: candidates whose assumption, followed with
    /// singles and `depth - 1` levels of nested assumptions, contradicts.
    pub fn nested(&mut self, b: &Board, depth: u32, nodes: &mut u64, out: &mut Found) -> bool {
        let mut any = false;
        for c in 0..81 {
            let mut m = b.cands[c];
            while m != 0 {
                let d0 = m.trailing_zeros() as usize;
                m &= m - 1;
                *nodes += 1;
                let (t, outcome) = assume(b, c, d0 as u8 + 1, false, None);
                if outcome != Outcome::Stable || contradicts(t, depth - 1, nodes) {
                    out.eliminate(b, c, 1 << d0);
                    any = true;
                }
            }
        }
        any
    }
}

fn bit_or_zero(v: u8) -> u16 {
    if v == 0 {
        0
    } else {
        bit(v)
    }
}

/// Whether `b` (already propagated) leads to a contradiction with
/// assumptions nested `depth` deep. Works in rounds: every candidate of the
/// round's snapshot is tried, then all that failed go at once, so the node
/// count does not depend on the order of cells and digits.
fn contradicts(mut b: Board, depth: u32, nodes: &mut u64) -> bool {
    if depth == 0 {
        return false;
    }
    loop {
        let mut elim = [0u16; 81];
        let mut changed = false;
        for c in 0..81 {
            let mut m = b.cands[c];
            while m != 0 {
                let d0 = m.trailing_zeros() as usize;
                m &= m - 1;
                *nodes += 1;
                let (t, outcome) = assume(&b, c, d0 as u8 + 1, false, None);
                if outcome != Outcome::Stable || contradicts(t, depth - 1, nodes) {
                    elim[c] |= 1 << d0;
                    changed = true;
                }
            }
        }
        if !changed {
            return false;
        }
        for c in 0..81 {
            b.cands[c] &= !elim[c];
        }
        if propagate(&mut b, false, None) != Outcome::Stable {
            return true;
        }
        if b.is_solved() {
            return false;
        }
    }
}

/// Writes the deductions of the shortest length into `out`; returns that
/// length, or `None` when there is none.
fn collect_shortest(
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
    Some(u32::from(best))
}
