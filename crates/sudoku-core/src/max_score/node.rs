//! The state of one max-score search node: candidate masks, placed cells
//! and the relaxation's multipliers, with singles propagation.

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::index::{PEERS, UNITS};

/// Every cell, one bit per cell index.
pub(super) const ALL_CELLS: u128 = (1u128 << 81) - 1;
/// Every digit, as a raw candidate mask (bit `d - 1` is digit `d`).
pub(super) const ALL_DIGITS: u16 = Candidates::ALL.bits();

/// A search node: candidate masks, the cells already placed (their digit
/// removed from every peer), and the multipliers of the relaxation.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) cand: [u16; 81],
    pub(super) placed: u128,
    /// `lam[col * 9 + d]`, then `lam[81 + box * 9 + d]` (digit `d + 1`).
    pub(super) lam: [f64; 162],
}

/// Cells waiting to be placed; each cell enters at most once per pass.
pub(super) struct Queue {
    items: [u8; 81],
    len: usize,
}

impl Queue {
    pub(super) fn new() -> Self {
        Queue { items: [0; 81], len: 0 }
    }

    pub(super) fn push(&mut self, cell: usize) {
        if self.len < 81 {
            self.items[self.len] = cell as u8;
            self.len += 1;
        }
    }

    pub(super) fn pop(&mut self) -> Option<usize> {
        self.len = self.len.checked_sub(1)?;
        Some(self.items[self.len] as usize)
    }
}

impl Node {
    pub(super) fn root(grid: &Grid) -> Option<Node> {
        let mut node = Node { cand: [ALL_DIGITS; 81], placed: 0, lam: [0.0; 162] };
        let mut q = Queue::new();
        for (c, d) in grid.filled() {
            node.cand[c] = d.bit();
            q.push(c.index());
        }
        node.propagate(&mut q).then_some(node)
    }

    /// Queues every unplaced single, then propagates. `false` on a
    /// contradiction.
    pub(super) fn settle(&mut self) -> bool {
        let mut q = Queue::new();
        let mut open = !self.placed & ALL_CELLS;
        while open != 0 {
            let c = open.trailing_zeros() as usize;
            open &= open - 1;
            let m = self.cand[c];
            if m == 0 {
                return false;
            }
            if m & (m - 1) == 0 {
                q.push(c);
            }
        }
        self.propagate(&mut q)
    }

    /// Naked and hidden singles until nothing changes; `false` on a
    /// contradiction.
    pub(super) fn propagate(&mut self, q: &mut Queue) -> bool {
        loop {
            while let Some(c) = q.pop() {
                if self.placed & (1u128 << c) != 0 {
                    continue;
                }
                let bit = self.cand[c];
                self.placed |= 1u128 << c;
                for &p in &PEERS[c] {
                    let p = p as usize;
                    let m = self.cand[p];
                    if m & bit != 0 {
                        if self.placed & (1u128 << p) != 0 {
                            return false;
                        }
                        let m = m & !bit;
                        self.cand[p] = m;
                        if m == 0 {
                            return false;
                        }
                        if m & (m - 1) == 0 {
                            q.push(p);
                        }
                    }
                }
            }
            if self.placed == ALL_CELLS {
                return true;
            }
            let mut found = false;
            for unit in &UNITS {
                let mut once = 0u16;
                let mut twice = 0u16;
                for &c in unit {
                    let m = self.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                }
                if once != ALL_DIGITS {
                    return false;
                }
                let mut unique = once & !twice;
                while unique != 0 {
                    let bit = unique & unique.wrapping_neg();
                    unique ^= bit;
                    for &c in unit {
                        let c = c as usize;
                        let m = self.cand[c];
                        if m & bit != 0 {
                            if m != bit {
                                self.cand[c] = bit;
                                q.push(c);
                                found = true;
                            }
                            break;
                        }
                    }
                }
            }
            if !found {
                return true;
            }
        }
    }

    pub(super) fn digits(&self) -> [u8; 81] {
        std::array::from_fn(|c| self.cand[c].trailing_zeros() as u8 + 1)
    }
}
