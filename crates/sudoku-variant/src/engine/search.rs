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

mod deduce;

/// Set on a cell whose digit is placed.
pub(crate) const PLACED: u32 = 1 << 31;

fn single(x: u32) -> bool {
    x != 0 && x & (x - 1) == 0
}

/// Nodes between two looks at [`Goal::interrupt`] (from the first node
/// on): a few milliseconds of search at most, on the largest grids.
pub(super) const STOP_CHECK: u64 = 1024;

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

/// A caller's look at each solution: its cells (a node's bits, or
/// digits).
pub(crate) type Visit<'a, T> = &'a mut dyn FnMut(&[T]);

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
    /// Called with each solution node (none: a count).
    pub visit: Option<Visit<'a, u32>>,
}

impl Goal<'_> {
    /// Whether a search stops at its node number `nodes`: `Some(false)`
    /// past the node budget, `Some(true)` once the interrupt is set
    /// (looked at on the first node, as a generator's many short searches
    /// each look once, and every [`STOP_CHECK`] nodes after); `None` to go
    /// on.
    pub fn stop_at(&self, nodes: u64) -> Option<bool> {
        if nodes > self.node_limit {
            return Some(false);
        }
        (nodes % STOP_CHECK == 1 && self.interrupt.is_set()).then_some(true)
    }
}

/// The search's reusable memory.
#[derive(Debug, Clone, Default)]
pub(crate) struct Search {
    levels: Vec<Vec<u32>>,
    /// Each level's house counts: how many cells of house h still take
    /// digit d (placed or not), at `h * stride + d - 1`.
    counts: Vec<Vec<u8>>,
    queue: Vec<u16>,
    /// House-digits whose count fell to one (a hidden single to place).
    hidden: Vec<u32>,
    /// The digits that left each house since the last pass of locked
    /// candidates (the others have nothing new to give).
    dirty: Vec<u32>,
    /// Cells left with two digits since the last look for naked pairs.
    bivalue: Vec<u16>,
    /// House-digits whose count fell to two since the last look for
    /// hidden pairs.
    twos: Vec<u32>,
    /// Each cell's failures plus one: how many contradictions of this run
    /// were found at it (a cell or a house count emptied by one of its
    /// removals, a cage it is in); steers [`branch_cell`].
    weight: Vec<u32>,
    /// The constraints to narrow again, a bit each: those a cell of which
    /// changed since they last narrowed.
    stale: Vec<u64>,
    /// The sum cages to look at again, likewise.
    stale_cages: Vec<u64>,
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
        let counted = net.counted();
        if self.levels.is_empty() || self.levels[0].len() != cells || self.counts[0].len() != counted {
            self.levels.clear();
            self.levels.push(vec![0; cells]);
            self.counts.clear();
            self.counts.push(vec![0; counted]);
        }
        self.queue.clear();
        self.hidden.clear();
        // A solver is often made for one search (a record read, counted,
        // dropped): room for a search's worth at once, so the pushes below
        // do not grow these lists step by step each time (7 % of a 6x6
        // record's instructions). A no-op once they have it.
        let house_digits = net.houses() * net.n;
        self.levels.reserve(16);
        self.counts.reserve(16);
        self.queue.reserve(cells);
        self.bivalue.reserve(cells);
        self.hidden.reserve(house_digits);
        self.twos.reserve(house_digits);
        self.dirty.clear();
        self.dirty.resize(net.houses(), net.full);
        self.bivalue.clear();
        self.twos.clear();
        self.weight.clear();
        self.weight.resize(cells, 1);
        // At the root every constraint and cage has its first look.
        all_set(&mut self.stale, net.constraints.len());
        all_set(&mut self.stale_cages, net.cages.len());
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
        for &(c, allowed) in &net.root_masks {
            let x = &mut root[usize::from(c)];
            if *x & allowed == 0 {
                return;
            }
            *x &= allowed | PLACED;
        }
        // The givens' digits leave their peers before anything is counted
        // (a mask each, no count to keep yet); a cell left with one digit is
        // placed, one with two is looked at for naked pairs. The queue still
        // takes each given to its non-consecutive neighbours, and finds its
        // peers done.
        for &g in self.queue.iter() {
            let bit = root[usize::from(g)] & net.full;
            for &p in net.peers(usize::from(g)) {
                let x = root[usize::from(p)];
                if x & bit != 0 && x & PLACED != 0 {
                    // Two givens of one digit see each other.
                    return;
                }
                root[usize::from(p)] = x & !bit;
            }
        }
        for (i, x) in root.iter_mut().enumerate() {
            if *x & PLACED != 0 {
                continue;
            }
            if *x == 0 {
                return;
            }
            if single(*x) {
                *x |= PLACED;
                self.queue.push(i as u16);
            } else if single(*x & (*x - 1)) {
                self.bivalue.push(i as u16);
            }
        }
        // Count every house's places, with the givens'
        // digits alone in their cells; a digit with no place in a house
        // means no solution.
        let (n, stride) = (net.n, net.stride);
        let counts = &mut self.counts[0];
        counts.fill(0);
        for (h, house) in net.shape.house_cells.chunks_exact(n).enumerate() {
            for &c in house {
                let mut m = root[usize::from(c)] & net.full;
                while m != 0 {
                    counts[h * stride + m.trailing_zeros() as usize] += 1;
                    m &= m - 1;
                }
            }
        }
        for h in 0..net.houses() {
            for (d, &count) in counts[h * stride..h * stride + n].iter().enumerate() {
                match count {
                    0 => return,
                    1 => self.hidden.push((h * stride + d) as u32),
                    2 => self.twos.push((h * stride + d) as u32),
                    _ => {}
                }
            }
        }
        self.dfs(net, 0, None, goal);
    }

    /// Places `choice` (a cell and its digit) on level `depth`, propagates
    /// it, then branches; returns false to stop.
    fn dfs(
        &mut self,
        net: &Network,
        depth: usize,
        choice: Option<(usize, u32)>,
        goal: &mut Goal<'_>,
    ) -> bool {
        self.nodes += 1;
        if let Some(interrupted) = goal.stop_at(self.nodes) {
            self.aborted = true;
            self.interrupted = interrupted;
            return false;
        }
        let mut state = State {
            net,
            node: &mut self.levels[depth],
            counts: &mut self.counts[depth],
            queue: &mut self.queue,
            hidden: &mut self.hidden,
            dirty: &mut self.dirty,
            bivalue: &mut self.bivalue,
            twos: &mut self.twos,
            weight: &mut self.weight,
            stale: &mut self.stale,
            stale_cages: &mut self.stale_cages,
        };
        let alive = choice.is_none_or(|(cell, bit)| state.place(cell, bit)) && state.propagate();
        if !alive {
            self.queue.clear();
            self.hidden.clear();
            return true;
        }
        let node = &self.levels[depth];
        let weights = if goal.rng.is_none() { Some(&self.weight[..]) } else { None };
        let Some(best) = branch_cell(node, weights) else {
            if let Some(visit) = goal.visit.as_mut() {
                visit(node);
            }
            self.found += 1;
            return self.found < goal.limit;
        };
        // The choices to try, each a cell and the digit placed there.
        let mut choices = [(0usize, 0u32); 32];
        let mut count = 0;
        let mut m = node[best];
        while m != 0 {
            choices[count] = (best, m & m.wrapping_neg());
            m &= m - 1;
            count += 1;
        }
        if let Some(rng) = goal.rng.as_deref_mut() {
            shuffle(rng, &mut choices[..count]);
        }
        if self.levels.len() <= depth + 1 {
            let (len, counted) = (self.levels[0].len(), self.counts[0].len());
            self.levels.push(vec![0; len]);
            self.counts.push(vec![0; counted]);
        }
        for &choice in &choices[..count] {
            let (head, tail) = self.levels.split_at_mut(depth + 1);
            tail[0].copy_from_slice(&head[depth]);
            let (head, tail) = self.counts.split_at_mut(depth + 1);
            tail[0].copy_from_slice(&head[depth]);
            self.queue.clear();
            self.hidden.clear();
            // The parent's node was a fixpoint: only what the choice
            // changes can give locked candidates.
            self.dirty.fill(0);
            self.bivalue.clear();
            self.twos.clear();
            self.stale.fill(0);
            self.stale_cages.fill(0);
            if !self.dfs(net, depth + 1, Some(choice), goal) {
                return false;
            }
        }
        true
    }
}

/// Puts `items` in a random order drawn from `rng` (the choices of a
/// random search, the generator's fill).
pub(super) fn shuffle<T>(rng: &mut dyn RngCore, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = (rng.next_u32() as usize) % (i + 1);
        items.swap(i, j);
    }
}

/// `bits` as `len` set bits (a word per 64).
pub(super) fn all_set(bits: &mut Vec<u64>, len: usize) {
    bits.clear();
    bits.resize(len.div_ceil(64), u64::MAX);
    if len % 64 != 0 {
        if let Some(last) = bits.last_mut() {
            *last = (1 << (len % 64)) - 1;
        }
    }
}

/// Takes the next stale item at word `word` or later (lowest bit first)
/// off `bits`, moving `word` on: items marked again behind `word` wait for
/// the next pass, those at or after it come in this one.
pub(super) fn next_stale(bits: &mut [u64], word: &mut usize) -> Option<usize> {
    while let Some(w) = bits.get_mut(*word) {
        if *w != 0 {
            let bit = w.trailing_zeros() as usize;
            *w &= *w - 1;
            return Some(*word * 64 + bit);
        }
        *word += 1;
    }
    None
}

/// The open cell to branch on, `None` when every cell is placed. With
/// `weights` (each cell's failures plus one, [`Search::run`]) the cell with
/// the fewest candidates for its weight ("dom/wdeg"): the search turns to
/// where contradictions keep coming from, the hard core of the puzzle,
/// instead of splitting on cells that take no part in it. Without (a random
/// search, the generator's fill) the first cell with the fewest candidates.
fn branch_cell(node: &[u32], weights: Option<&[u32]>) -> Option<usize> {
    let mut best = None;
    let mut best_count = u32::MAX;
    match weights {
        Some(weights) => {
            let mut best_weight = 1u32;
            for (i, (&x, &w)) in node.iter().zip(weights).enumerate() {
                let k = x.count_ones();
                // k / w < best_count / best_weight, in integers.
                if x & PLACED == 0
                    && u64::from(k) * u64::from(best_weight) < u64::from(best_count) * u64::from(w)
                {
                    best = Some(i);
                    best_count = k;
                    best_weight = w;
                }
            }
        }
        None => {
            for (i, &x) in node.iter().enumerate() {
                let k = x.count_ones();
                if x & PLACED == 0 && k < best_count {
                    best = Some(i);
                    best_count = k;
                    if k == 2 {
                        break;
                    }
                }
            }
        }
    }
    best
}

/// One node being propagated: its candidates and house counts, and the
/// work found and not yet done.
struct State<'a> {
    net: &'a Network,
    node: &'a mut [u32],
    counts: &'a mut [u8],
    /// Placed cells whose digit is still to leave their peers.
    queue: &'a mut Vec<u16>,
    /// House-digits (`h * stride + d - 1`) whose count fell to one.
    hidden: &'a mut Vec<u32>,
    /// The digits that left each house since the last pass of locked
    /// candidates.
    dirty: &'a mut [u32],
    /// Cells left with two digits since the last look for naked pairs.
    bivalue: &'a mut Vec<u16>,
    /// House-digits whose count fell to two since the last look for
    /// hidden pairs.
    twos: &'a mut Vec<u32>,
    /// Each cell's failures plus one ([`Search::weight`]).
    weight: &'a mut [u32],
    /// The constraints to narrow again ([`Search::stale`]).
    stale: &'a mut [u64],
    /// The sum cages to look at again ([`Search::stale_cages`]).
    stale_cages: &'a mut [u64],
}

impl State<'_> {
    /// Removes the digits of `mask` from cell `c`; a cell left with one
    /// digit is placed and queued. False on a contradiction: a placed cell
    /// would lose its digit, an open one every digit, or a house its last
    /// place for a digit.
    #[inline]
    fn remove(&mut self, c: usize, mask: u32) -> bool {
        // A cell holds its candidates and at most the placed bit: no
        // digit beyond n to mask off.
        let x = self.node[c];
        let gone = x & mask & !PLACED;
        if gone == 0 {
            return true;
        }
        self.take(c, x, gone)
    }

    /// [`State::remove`] once some digits `gone` of cell `c` (which holds
    /// `x`) do go: out of line, so that the many removals of a digit a
    /// cell has already lost stay a load and a test.
    #[inline(never)]
    fn take(&mut self, c: usize, x: u32, gone: u32) -> bool {
        let y = x & !gone;
        if x & PLACED != 0 || y == 0 {
            self.fail(c);
            return false;
        }
        self.node[c] = if single(y) {
            self.queue.push(c as u16);
            y | PLACED
        } else {
            if single(y & (y - 1)) {
                self.bivalue.push(c as u16);
            }
            y
        };
        self.touch(c);
        self.uncount(c, gone)
    }

    /// Cell `c` takes digit `bit`: its other digits go, and it is queued.
    /// False when `bit` is not among its candidates (or it holds another).
    fn place(&mut self, c: usize, bit: u32) -> bool {
        let x = self.node[c];
        if x & bit == 0 {
            return false;
        }
        if x & PLACED != 0 {
            return true;
        }
        self.node[c] = bit | PLACED;
        self.queue.push(c as u16);
        self.touch(c);
        self.uncount(c, x & self.net.full & !bit)
    }

    /// Cell `c` lost digits: its constraints and cages are to look at
    /// again.
    #[inline]
    fn touch(&mut self, c: usize) {
        for &k in self.net.constraints_of(c) {
            self.stale[k as usize / 64] |= 1 << (k % 64);
        }
        for &k in self.net.cages_of(c) {
            self.stale_cages[k as usize / 64] |= 1 << (k % 64);
        }
    }

    /// Takes the digits `gone` of cell `c` off its houses' counts; a house's count that falls to one is a hidden single, to
    /// none a contradiction.
    #[inline]
    fn uncount(&mut self, c: usize, gone: u32) -> bool {
        let net = self.net;
        let stride = net.stride;
        for &h in net.houses_of(c) {
            self.dirty[usize::from(h)] |= gone;
            let base = usize::from(h) * stride;
            let mut g = gone;
            while g != 0 {
                let k = base + g.trailing_zeros() as usize;
                g &= g - 1;
                self.counts[k] -= 1;
                match self.counts[k] {
                    0 => {
                        self.fail(c);
                        return false;
                    }
                    1 => self.hidden.push(k as u32),
                    2 => self.twos.push(k as u32),
                    _ => {}
                }
            }
        }
        true
    }

    /// Places queued cells and hidden singles, applies cage combinations
    /// and the constraints, then locked candidates, then pairs, until
    /// nothing changes;
    /// false on a contradiction.
    fn propagate(&mut self) -> bool {
        let net = self.net;
        let full = net.full;
        loop {
            while let Some(c) = self.queue.pop() {
                let c = usize::from(c);
                let m = self.node[c] & full;
                for &p in net.peers(c) {
                    if !self.remove(usize::from(p), m) {
                        return false;
                    }
                }
                let near = (m << 1 | m >> 1) & full;
                for &p in net.nc(c) {
                    if !self.remove(usize::from(p), near) {
                        return false;
                    }
                }
            }
            if !self.hidden_singles() || !self.cage_combinations() || !self.nc_pairs() {
                return false;
            }
            if !self.queue.is_empty() {
                continue;
            }
            if !net.constraints.is_empty() {
                match self.constraints() {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if self.queue.is_empty() {
                // Singles are exhausted: the slower intersections, then again.
                match self.intersections() {
                    None => return false,
                    Some(false) => match self.pairs() {
                        None => return false,
                        Some(false) => return true,
                        Some(true) => {}
                    },
                    Some(true) => {}
                }
            }
        }
    }

    /// Each stale constraint narrows the node ([`crate::Kind::narrow`]),
    /// in order; one a narrowing makes stale again (its own or a later one)
    /// is narrowed again in this pass or the next. A constraint none of
    /// whose cells changed since it last narrowed has nothing new to give:
    /// a kind reads only the cells of its instance. `None` on a
    /// contradiction, else whether a digit was removed. Kept out of line: a
    /// puzzle without constraints never calls it, and the loop of
    /// [`State::propagate`] stays as small as before they existed.
    #[inline(never)]
    fn constraints(&mut self) -> Option<bool> {
        let net = self.net;
        let mut board = Node { state: self, changed: false, failed: false };
        let mut word = 0;
        while let Some(k) = next_stale(board.state.stale, &mut word) {
            let (kind, instance) = &net.constraints[k];
            if !kind.narrow(instance, net.n, &mut board) || board.failed {
                // A refusal of the kind's own (no cell emptied) is blamed
                // on all its cells.
                if !board.failed {
                    for part in &instance.parts {
                        board.state.blame(part);
                    }
                }
                return None;
            }
        }
        Some(board.changed)
    }

    /// Places each digit whose count in a house fell to one in the cell
    /// that still takes it.
    fn hidden_singles(&mut self) -> bool {
        let (n, stride) = (self.net.n, self.net.stride);
        while let Some(k) = self.hidden.pop() {
            let k = k as usize;
            if self.counts[k] != 1 {
                continue;
            }
            let (h, bit) = (k / stride, 1u32 << (k % stride));
            let house = &self.net.shape.house_cells[h * n..(h + 1) * n];
            let Some(&c) = house.iter().find(|&&c| self.node[usize::from(c)] & bit != 0) else {
                return false;
            };
            if !self.place(usize::from(c), bit) {
                return false;
            }
        }
        true
    }

    /// A contradiction found in `cells` together (a cage's): each of them
    /// gains a failure. Returns false, for the caller to pass on.
    #[cold]
    fn blame(&mut self, cells: &[u16]) -> bool {
        for &c in cells {
            self.fail(usize::from(c));
        }
        false
    }

    /// A contradiction found at cell `c`: its weight grows (saturating,
    /// for searches of billions of failures).
    #[cold]
    fn fail(&mut self, c: usize) {
        self.weight[c] = self.weight[c].saturating_add(1);
    }
}

/// A search node as the constraints see it ([`Candidates`]): digits
/// without the placed bit; a removal that leaves one digit queues it.
struct Node<'s, 'a> {
    state: &'s mut State<'a>,
    /// Whether a digit was removed.
    changed: bool,
    /// Whether a removal met a contradiction (also when the kind goes on).
    failed: bool,
}

impl Candidates for Node<'_, '_> {
    fn get(&self, cell: u16) -> u32 {
        self.state.node[usize::from(cell)] & self.state.net.full
    }

    fn remove(&mut self, cell: u16, mask: u32) -> bool {
        let c = usize::from(cell);
        self.changed |= self.state.node[c] & mask & self.state.net.full != 0;
        let ok = self.state.remove(c, mask);
        self.failed |= !ok;
        ok
    }
}
