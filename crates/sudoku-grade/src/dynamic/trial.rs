//! Nested trials: assume a candidate, follow it through singles on the
//! state it builds, and see whether it contradicts itself, with
//! assumptions nested inside it.
//!
//! Propagation runs in layers: each layer places every single of the
//! previous state at once, so the result does not depend on the order of
//! cells and digits. Each assumption followed counts as one search node.

// Cells, digits and units index several parallel tables at once (masks,
// positions, peers); index loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::{bit, consecutive, Board, Found, ALL};
use crate::units::MAX_UNITS;

/// What a propagation did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Outcome {
    /// Nothing more follows; the state is consistent so far.
    Stable,
    /// A contradiction appeared.
    Contradiction,
}

/// Places every naked and hidden single of `b` at once, then repeats.
pub(crate) fn propagate(b: &mut Board) -> Outcome {
    loop {
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
                return Outcome::Contradiction;
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
                return Outcome::Contradiction;
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
        if !any {
            return Outcome::Stable;
        }
        for c in 0..81 {
            let m = place[c];
            if m == 0 {
                continue;
            }
            if m & (m - 1) != 0 || b.cands[c] & m == 0 {
                return Outcome::Contradiction;
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
    }
}

/// Follows the assumption `cell = digit` on a copy of `b`.
fn assume(b: &Board, cell: usize, digit: u8) -> (Board, Outcome) {
    let mut t = *b;
    let m = bit(digit);
    t.value[cell] = digit;
    t.cands[cell] = 0;
    for &p in &b.units.peers[cell] {
        t.cands[p as usize] &= !m;
    }
    for &p in &b.units.nc_neighbours[cell] {
        t.cands[p as usize] &= !consecutive(m);
    }
    let out = propagate(&mut t);
    (t, out)
}

/// Nested trial and error: candidates whose assumption, followed with
/// singles and `depth - 1` levels of nested assumptions, contradicts.
/// Writes them into `out`; adds the assumptions followed to `nodes`.
/// Ends early, with what it found, when `stop` is set.
pub(crate) fn nested(b: &Board, depth: u32, nodes: &mut u64, out: &mut Found, stop: &AtomicBool) -> bool {
    let mut any = false;
    for c in 0..81 {
        if stop.load(Ordering::Relaxed) {
            return any;
        }
        let mut m = b.cands[c];
        while m != 0 {
            let d0 = m.trailing_zeros() as usize;
            m &= m - 1;
            *nodes += 1;
            let (t, outcome) = assume(b, c, d0 as u8 + 1);
            if outcome != Outcome::Stable || contradicts(t, depth - 1, nodes) {
                out.eliminate(b, c, 1 << d0);
                any = true;
            }
        }
    }
    any
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
                let (t, outcome) = assume(&b, c, d0 as u8 + 1);
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
        if propagate(&mut b) != Outcome::Stable {
            return true;
        }
        if b.is_solved() {
            return false;
        }
    }
}
