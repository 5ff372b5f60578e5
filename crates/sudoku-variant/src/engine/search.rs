//! Propagation and depth-first search over a [`Network`].
//!
//! A node is one `u32` per cell: bits 0..n are the candidates (bit d-1 =
//! digit d) and bit 31 ([`PLACED`]) marks a cell whose single digit has
//! been placed, i.e. removed from its peers (or queued to be). The search
//! keeps one node per depth, allocated once and reused.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::RngCore;

use super::network::Network;
use crate::constraint::Candidates;

/// Set on a cell whose digit is placed.
pub(crate) const PLACED: u32 = 1 << 31;

fn single(x: u32) -> bool {
    x != 0 && x & (x - 1) == 0
}

/// Nodes between two looks at [`Goal::interrupt`] (from the first node
/// on): a few milliseconds of search at most, on the largest grids.
const STOP_CHECK: u64 = 1024;

/// What stops a search from outside, besides its node budget: a flag set
/// from another thread (a server's client went away) or a point in time
/// (a time limit). Looked at on the first node and every 1,024 nodes after,
/// so a search ends within a few milliseconds of either.
#[derive(Debug, Clone, Copy, Default)]
pub struct Interrupt<'a> {
    /// Stop once this flag is set.
    pub stop: Option<&'a AtomicBool>,
    /// Stop at this time.
    pub deadline: Option<Instant>,
}

impl Interrupt<'_> {
    /// Whether the search must stop now.
    pub fn is_set(&self) -> bool {
        self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// What the caller wants from the search.
pub(crate) struct Goal<'a> {
    /// Stop after this many solutions.
    pub limit: u64,
    /// Stop (unfinished) after this many nodes.
    pub node_limit: u64,
    /// Stop (unfinished) once this is set (looked at every
    /// [`STOP_CHECK`] nodes).
    pub interrupt: Interrupt<'a>,
    /// Try digits in a random order drawn from here.
    pub rng: Option<&'a mut dyn RngCore>,
    /// Called with each solution node.
    pub visit: &'a mut dyn FnMut(&[u32]),
}

/// The search's reusable memory.
#[derive(Debug, Clone, Default)]
pub(crate) struct Search {
    levels: Vec<Vec<u32>>,
    queue: Vec<u16>,
    pub nodes: u64,
    pub found: u64,
    /// The search stopped unfinished (a budget ran out).
    pub aborted: bool,
    /// ... because the stop flag was set.
    pub interrupted: bool,
}

impl Search {
    /// Runs the search from `givens` (dense order, 0 = blank).
    pub fn run(&mut self, net: &Network, givens: &[u8], goal: &mut Goal<'_>) {
        self.nodes = 0;
        self.found = 0;
        self.aborted = false;
        self.interrupted = false;
        let cells = net.cells();
        if self.levels.is_empty() || self.levels[0].len() != cells {
            self.levels.clear();
            self.levels.push(vec![0; cells]);
        }
        self.queue.clear();
        let root = &mut self.levels[0];
        for (i, &g) in givens.iter().enumerate() {
            root[i] = net.full;
            if g != 0 {
                if usize::from(g) > net.n {
                    return;
                }
                root[i] = 1 << (g - 1) | PLACED;
                self.queue.push(i as u16);
            }
        }
        self.dfs(net, 0, goal);
    }

    /// Propagates level `depth`, then branches; returns false to stop.
    fn dfs(&mut self, net: &Network, depth: usize, goal: &mut Goal<'_>) -> bool {
        self.nodes += 1;
        if self.nodes > goal.node_limit {
            self.aborted = true;
            return false;
        }
        // At the first node too: a generator's many short searches each
        // look once.
        if self.nodes % STOP_CHECK == 1 && goal.interrupt.is_set() {
            self.aborted = true;
            self.interrupted = true;
            return false;
        }
        let node = &mut self.levels[depth];
        if !propagate(net, node, &mut self.queue) {
            self.queue.clear();
            return true;
        }
        // The open cell with the fewest candidates.
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for (i, &x) in node.iter().enumerate() {
            if x & PLACED == 0 {
                let k = x.count_ones();
                if k < best_count {
                    best = i;
                    best_count = k;
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        if best == usize::MAX {
            (goal.visit)(node);
            self.found += 1;
            return self.found < goal.limit;
        }
        let mut digits = [0u32; 32];
        let mut count = 0;
        let mut m = node[best];
        while m != 0 {
            digits[count] = m & m.wrapping_neg();
            m &= m - 1;
            count += 1;
        }
        if let Some(rng) = goal.rng.as_deref_mut() {
            for i in (1..count).rev() {
                let j = (rng.next_u32() as usize) % (i + 1);
                digits.swap(i, j);
            }
        }
        if self.levels.len() <= depth + 1 {
            let len = self.levels[0].len();
            self.levels.push(vec![0; len]);
        }
        for &bit in &digits[..count] {
            let (head, tail) = self.levels.split_at_mut(depth + 1);
            let child = &mut tail[0];
            child.copy_from_slice(&head[depth]);
            child[best] = bit | PLACED;
            self.queue.clear();
            self.queue.push(best as u16);
            if !self.dfs(net, depth + 1, goal) {
                return false;
            }
        }
        true
    }
}

/// Removes the digits of `mask` from cell `c`; a cell left with one digit
/// is placed and queued. False on a contradiction: a placed cell would
/// lose its digit, or an open one every digit.
#[inline]
fn remove(node: &mut [u32], queue: &mut Vec<u16>, c: usize, mask: u32) -> bool {
    let x = node[c];
    if x & mask == 0 {
        return true;
    }
    let y = x & !mask;
    if x & PLACED != 0 || y == 0 {
        return false;
    }
    node[c] = if single(y) {
        queue.push(c as u16);
        y | PLACED
    } else {
        y
    };
    true
}

/// Places queued cells and applies hidden singles and cage combinations
/// until nothing changes; false on a contradiction.
pub(crate) fn propagate(net: &Network, node: &mut [u32], queue: &mut Vec<u16>) -> bool {
    let full = net.full;
    loop {
        while let Some(c) = queue.pop() {
            let c = usize::from(c);
            let m = node[c] & full;
            for &p in net.peers(c) {
                if !remove(node, queue, usize::from(p), m) {
                    return false;
                }
            }
            let near = (m << 1 | m >> 1) & full;
            for &p in net.nc(c) {
                if !remove(node, queue, usize::from(p), near) {
                    return false;
                }
            }
        }
        if !hidden_singles(net, node, queue)
            || !cage_combinations(net, node, queue)
            || !nc_pairs(net, node, queue)
        {
            return false;
        }
        if !net.constraints.is_empty() {
            match constraints(net, node, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
        }
        if queue.is_empty() {
            // Singles are exhausted: the slower intersections, then again.
            match intersections(net, node, queue) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }
}

/// Each constraint narrows the node ([`crate::Kind::narrow`]). `None` on
/// a contradiction, else whether a digit was removed. Kept out of line: a
/// puzzle without constraints never calls it, and the loop of
/// [`propagate`] stays as small as before they existed.
#[inline(never)]
fn constraints(net: &Network, node: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
    let mut board = Node { node, queue, full: net.full, changed: false };
    for (kind, instance) in &net.constraints {
        if !kind.narrow(instance, net.n, &mut board) {
            return None;
        }
    }
    Some(board.changed)
}

/// A search node as the constraints see it ([`Candidates`]): digits
/// without the placed bit; a removal that leaves one digit queues it.
struct Node<'a> {
    node: &'a mut [u32],
    queue: &'a mut Vec<u16>,
    full: u32,
    /// Whether a digit was removed.
    changed: bool,
}

impl Candidates for Node<'_> {
    fn get(&self, cell: u16) -> u32 {
        self.node[usize::from(cell)] & self.full
    }

    fn remove(&mut self, cell: u16, mask: u32) -> bool {
        let c = usize::from(cell);
        self.changed |= self.node[c] & mask & self.full != 0;
        remove(self.node, self.queue, c, mask & self.full)
    }
}

/// In each house, a digit with one place left goes there.
fn hidden_singles(net: &Network, node: &mut [u32], queue: &mut Vec<u16>) -> bool {
    let full = net.full;
    for house in net.house_cells.chunks_exact(net.n) {
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for &c in house {
            let x = node[usize::from(c)];
            twice |= once & x;
            once |= x & full;
            if x & PLACED != 0 {
                placed |= x & full;
            }
        }
        if once != full {
            return false;
        }
        let lone = once & !twice & !placed;
        if lone == 0 {
            continue;
        }
        for &c in house {
            let c = usize::from(c);
            let hit = node[c] & lone;
            if hit != 0 {
                if !single(hit) || node[c] & PLACED != 0 {
                    return false;
                }
                node[c] = hit | PLACED;
                queue.push(c as u16);
            }
        }
    }
    true
}

/// Keeps in each sum cage only digits of a combination that still fits,
/// and places a digit every fitting combination needs when one cell is
/// left for it.
fn cage_combinations(net: &Network, node: &mut [u32], queue: &mut Vec<u16>) -> bool {
    let full = net.full;
    for cage in &net.cages {
        let (mut union, mut placed, mut placed_sum, mut open) = (0u32, 0u32, 0u32, 0usize);
        let (mut low, mut high) = (0u32, 0u32);
        for &c in &cage.cells {
            let x = node[usize::from(c)];
            union |= x & full;
            if x & PLACED != 0 {
                placed |= x & full;
                placed_sum += (x & full).trailing_zeros() + 1;
            } else {
                open += 1;
                low += (x & full).trailing_zeros() + 1;
                high += 32 - (x & full).leading_zeros();
            }
        }
        if open == 0 {
            if placed_sum != cage.sum {
                return false;
            }
            continue;
        }
        if placed_sum + low > cage.sum || placed_sum + high < cage.sum {
            return false;
        }
        if cage.combos.is_empty() {
            continue;
        }
        let (mut allowed, mut must, mut any) = (0u32, full, false);
        'combos: for &combo in &cage.combos {
            if combo & placed != placed || combo & !union != 0 {
                continue;
            }
            for &c in &cage.cells {
                if node[usize::from(c)] & combo == 0 {
                    continue 'combos;
                }
            }
            allowed |= combo;
            must &= combo;
            any = true;
        }
        if !any {
            return false;
        }
        if union & !allowed != 0 {
            for &c in &cage.cells {
                if !remove(node, queue, usize::from(c), !allowed & full) {
                    return false;
                }
            }
        }
        let mut need = must & !placed;
        while need != 0 {
            let bit = need & need.wrapping_neg();
            need &= need - 1;
            let mut at = usize::MAX;
            for &c in &cage.cells {
                if node[usize::from(c)] & bit != 0 {
                    if at != usize::MAX {
                        at = usize::MAX - 1;
                        break;
                    }
                    at = usize::from(c);
                }
            }
            match at {
                usize::MAX => return false,
                a if a == usize::MAX - 1 => {}
                a => {
                    if node[a] & PLACED == 0 {
                        node[a] = bit | PLACED;
                        queue.push(a as u16);
                    }
                }
            }
        }
    }
    true
}

/// Non-consecutive with two candidates left: a cell holding d or d+2
/// makes d+1 impossible in its neighbours (either way it would be
/// consecutive).
fn nc_pairs(net: &Network, node: &mut [u32], queue: &mut Vec<u16>) -> bool {
    if net.nc.is_empty() {
        return true;
    }
    for c in 0..node.len() {
        let x = node[c];
        if x & PLACED != 0 || x.count_ones() != 2 {
            continue;
        }
        let low = x & x.wrapping_neg();
        if x != low | low << 2 {
            continue;
        }
        let middle = low << 1;
        for &p in net.nc(c) {
            if !remove(node, queue, usize::from(p), middle) {
                return false;
            }
        }
    }
    true
}

/// Locked candidates for every pair of overlapping houses: a digit that,
/// in one house, can only be where it meets the other is removed from the
/// rest of the other. `None` on a contradiction, else whether anything
/// was removed.
fn intersections(net: &Network, node: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
    let full = net.full;
    let mut changed = false;
    let mut at = 0;
    for &[a_len, both_len, b_len] in &net.overlaps {
        let (a_len, both_len, b_len) = (usize::from(a_len), usize::from(both_len), usize::from(b_len));
        let cells = &net.overlap_cells[at..at + a_len + both_len + b_len];
        at += cells.len();
        let union = |part: &[u16]| part.iter().fold(0u32, |m, &c| m | node[usize::from(c)]) & full;
        let (a_only, rest) = cells.split_at(a_len);
        let (both, b_only) = rest.split_at(both_len);
        let (in_a, in_both, in_b) = (union(a_only), union(both), union(b_only));
        // Locked in the overlap for one house: gone from the other's rest.
        for (locked, targets) in [(in_both & !in_a, b_only), (in_both & !in_b, a_only)] {
            if locked == 0 {
                continue;
            }
            for &c in targets {
                let c = usize::from(c);
                changed |= node[c] & locked != 0;
                if !remove(node, queue, c, locked) {
                    return None;
                }
            }
        }
    }
    Some(changed)
}
