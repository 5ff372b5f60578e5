//! Bidirectional X-, Y- and mixed cycles, found the way Sudoku Explainer
//! finds them (watched on `serate`'s step listing, written anew here).
//!
//! SE does not look for every loop of links. From each candidate assumed
//! "on" (the source) it follows the links breadth-first, a level of "on"s
//! then a level of "off"s, and keeps **one way to each "on"**: the first
//! "off" (in its order of links) that turns it on. The "off"s are not
//! merged: every "on" turns off each candidate it sees but those already on
//! its own way back to the source. A cycle is an "off" of that search whose
//! strong link turns the source back on, four links or more from it; its
//! length (what [`length_bonus`] takes, plus two) is its number of links.
//! So a loop is found only from a source whose search reaches the loop's
//! last "on" along the loop itself: where a shorter way, or an equal one
//! met first, reaches an "on" of the loop, that source misses it, and a
//! loop that every source misses is not found at all (SE then takes a
//! forcing chain, or a longer cycle). Searching every simple loop instead
//! rated the bank's 7.1 and 7.2 puzzles 0.1–0.4 low (92 % and 89 % exact on
//! the calibration half).
//!
//! The order matters where two ways to an "on" are equally short: an "on"
//! turns off the other digits of its cell (mixed cycles), then the
//! candidates of its box, row and column, each cell once, then those of
//! the extra houses; an "off" turns on the other digit of a bivalue cell,
//! then the other place of the digit in its box, row, column and extra
//! houses, in that order.
//!
//! What a cycle removes is SE's too: a candidate **outside the loop's
//! cells** that sees the digit of an "on" of the loop and the same digit
//! of an "off" (both ways round are true at once, so one of them holds).
//! Its technique is the search's: X-cycles (one digit, 6.5), Y-cycles
//! (bivalue cells, 6.5) and mixed cycles (7.0), whatever the loop found.

use super::engine::Mode;
use super::graph::{contains, insert, Set, StaticGraph};
use super::{max_complexity, Chaining};
use crate::board::{cells_of, Board};
use crate::hits::Hits;
use crate::potential::Potential;
use crate::rating::{length_bonus, Tenths};
use crate::technique::Technique;

/// "No parent": the source of a search.
const ROOT: u16 = u16::MAX;

/// An "on" of a cycle search: its candidate, the "on" it was reached from
/// and the "off" between them.
#[derive(Debug, Clone, Copy)]
struct Node {
    cand: u16,
    parent: u16,
    off: u16,
}

/// The scratch space of the cycle search.
#[derive(Debug, Default)]
pub(super) struct CycleSearch {
    /// The "on"s reached, a level after another.
    nodes: Vec<Node>,
    /// Per node: the "off"s on its way back to the source.
    offs_before: Vec<Set>,
    /// The candidates reached "on".
    reached: Set,
    /// The cycle being offered, as potentials from the source.
    path: Vec<Potential>,
    /// The eliminations of a cycle.
    elim: Vec<(usize, u8)>,
    /// The cycles a level of the search closed: (node, "off").
    closings: Vec<(usize, usize)>,
}

/// Calls `f` with each candidate the "on" of `cand` turns off in `mode`,
/// in SE's order: the cell's other digits (when the mode links cells),
/// the box, row and column, the extra houses, then the non-consecutive
/// neighbours' next digits. Stops when `f` returns true.
fn for_each_off(b: &Board, mode: Mode, cand: usize, mut f: impl FnMut(usize) -> bool) -> bool {
    let (c, d) = (cand / 9, cand % 9);
    if mode.weak_cell {
        let mut m = b.cands[c] & !(1 << d);
        while m != 0 {
            let d2 = m.trailing_zeros() as usize;
            m &= m - 1;
            if f(c * 9 + d2) {
                return true;
            }
        }
    }
    for &q in b.units.peer_order[c].iter().chain(&b.units.extra_peer_order[c]) {
        let q = usize::from(q);
        if b.cands[q] & (1 << d) != 0 && f(q * 9 + d) {
            return true;
        }
    }
    for &q in &b.units.nc_neighbours[c] {
        let q = usize::from(q);
        let mut next = b.cands[q] & crate::board::consecutive(1 << d);
        while next != 0 {
            let d2 = next.trailing_zeros() as usize;
            next &= next - 1;
            if f(q * 9 + d2) {
                return true;
            }
        }
    }
    false
}

impl Chaining {
    /// Offers the bidirectional cycles of `mode` (X, Y or static) no
    /// harder than what `hits` keeps, from every source.
    pub(super) fn cycles(&mut self, b: &Board, mode: Mode, hits: &mut Hits) {
        let technique = if mode == Mode::X {
            Technique::BidirectionalXCycle
        } else if mode == Mode::Y {
            Technique::BidirectionalYCycle
        } else {
            Technique::BidirectionalCycle
        };
        let base = technique.base_tenths();
        for cand in Chaining::candidates(b) {
            let Some(max) = max_complexity(base, hits) else { return };
            // A cycle comes back to its source by a strong link into it.
            if self.graphs[self.graph].strong(cand).1 == 0 {
                continue;
            }
            self.cycles_from(b, mode, technique, cand, max, hits);
        }
    }

    /// The search from the source `source` ("on"), up to cycles of
    /// complexity `max` (links less two).
    fn cycles_from(
        &mut self,
        b: &Board,
        mode: Mode,
        technique: Technique,
        source: usize,
        max: u32,
        hits: &mut Hits,
    ) {
        let base = technique.base_tenths();
        let graph = &self.graphs[self.graph];
        self.cycle.search(b, graph, mode, source, max, |s, closings, links, mut max| {
            // Cycles are rare: their work is done here.
            let d = base + length_bonus(links);
            for &(a, x) in closings {
                if hits.wants(d) && s.offer(b, technique, d, a, x, hits) {
                    if let Some(m) = max_complexity(base, hits) {
                        max = m;
                    }
                }
            }
            max
        });
    }
}

impl CycleSearch {
    /// Builds the cycle that closes at node `a` through the "off" of
    /// candidate `x` (`path`) and SE's eliminations of it (`elim`).
    fn close(&mut self, b: &Board, a: usize, x: usize) {
        // The loop from the source: on, off, on, ..., the last on, `x` off.
        self.path.clear();
        self.path.push(Potential::new(x, false));
        let mut i = a;
        loop {
            let n = self.nodes[i];
            self.path.push(Potential::new(usize::from(n.cand), true));
            if n.parent == ROOT {
                break;
            }
            self.path.push(Potential::new(usize::from(n.off), false));
            i = usize::from(n.parent);
        }
        self.path.reverse();
        // The cells of the loop, and per digit the cells that see an "on"
        // and an "off" of it.
        let cells = self.path.iter().fold(0u128, |m, p| m | 1 << p.cell());
        let (mut on, mut off) = ([0u128; 9], [0u128; 9]);
        for p in &self.path {
            let side = if p.is_on() { &mut on } else { &mut off };
            side[p.digit_idx()] |= b.units.peer_set[p.cell()];
        }
        let planes = b.planes();
        self.elim.clear();
        for d in 0..9 {
            for c in cells_of(on[d] & off[d] & planes[d] & !cells) {
                self.elim.push((c, d as u8 + 1));
            }
        }
    }

    /// Calls `found` with every cycle of `mode` on `b` (its links in
    /// `graph`) and its eliminations, from each source in turn, as
    /// [`Chaining::cycles`] finds them but with no bound on the length
    /// (for the nested searches, which take them all).
    pub(super) fn all(
        &mut self,
        b: &Board,
        graph: &StaticGraph,
        mode: Mode,
        mut found: impl FnMut(&[Potential], &[(usize, u8)]),
    ) {
        for source in (0..crate::potential::NC).filter(|&c| b.cands[c / 9] & (1 << (c % 9)) != 0) {
            if graph.strong(source).1 == 0 {
                continue;
            }
            self.search(b, graph, mode, source, u32::MAX, |s, closings, _, max| {
                for &(a, x) in closings {
                    s.close(b, a, x);
                    found(&s.path, &s.elim);
                }
                max
            });
        }
    }

    /// SE's search for the cycles through the source `source` ("on"):
    /// breadth first, one way to each "on" (the first "off" that turns it
    /// on), an "off" already on the way back skipped; a cycle is an "off"
    /// whose strong link turns the source back on, four links or more.
    /// Goes up to cycles of complexity `max` (links less two). At the end
    /// of each level, `closed(self, closings, links, max)` takes the
    /// cycles that level closed (node, "off") and returns the bound from
    /// then on.
    fn search(
        &mut self,
        b: &Board,
        graph: &StaticGraph,
        mode: Mode,
        source: usize,
        mut max: u32,
        mut closed: impl FnMut(&mut Self, &[(usize, usize)], u32, u32) -> u32,
    ) {
        self.nodes.clear();
        self.offs_before.clear();
        self.reached = [0; 12];
        insert(&mut self.reached, source);
        self.nodes.push(Node { cand: source as u16, parent: ROOT, off: ROOT });
        self.offs_before.push([0; 12]);
        let (mut level, mut links) = (0..1, 0u32);
        let mut closings = std::mem::take(&mut self.closings);
        // A node `links` from the source closes cycles of `links + 2`.
        while !level.is_empty() && links <= max {
            let next_start = self.nodes.len();
            closings.clear();
            for a in level.clone() {
                let a_cand = usize::from(self.nodes[a].cand);
                let before = self.offs_before[a];
                let (nodes, offs_before, reached) =
                    (&mut self.nodes, &mut self.offs_before, &mut self.reached);
                for_each_off(b, mode, a_cand, |x| {
                    if contains(&before, x) {
                        return false;
                    }
                    let (partners, n) = graph.strong(x);
                    for &on in &partners[..usize::from(*n)] {
                        let on = usize::from(on);
                        if on == source && links + 2 >= 4 {
                            closings.push((a, x));
                        }
                        if links + 2 <= max && !contains(reached, on) {
                            insert(reached, on);
                            let mut offs = before;
                            insert(&mut offs, x);
                            nodes.push(Node { cand: on as u16, parent: a as u16, off: x as u16 });
                            offs_before.push(offs);
                        }
                    }
                    false
                });
            }
            if !closings.is_empty() {
                max = closed(self, &closings, links, max);
            }
            level = next_start..self.nodes.len();
            links += 2;
        }
        self.closings = closings;
    }

    /// Offers the cycle that closes at node `a` through the "off" of
    /// candidate `x`: SE's eliminations, if any. Returns whether it was
    /// kept.
    fn offer(
        &mut self,
        b: &Board,
        technique: Technique,
        difficulty: Tenths,
        a: usize,
        x: usize,
        hits: &mut Hits,
    ) -> bool {
        self.close(b, a, x);
        let name = match technique {
            Technique::BidirectionalXCycle => "Bidirectional X-Cycle",
            Technique::BidirectionalYCycle => "Bidirectional Y-Cycle",
            _ => "Bidirectional Cycle",
        };
        let path = &self.path;
        let key = match technique {
            Technique::BidirectionalXCycle => 2,
            Technique::BidirectionalYCycle => 3,
            _ => 4,
        };
        hits.offer_ranked(
            b,
            technique,
            difficulty,
            super::rank(path.len() as u32, key),
            &[],
            &self.elim,
            |t| {
                // Its cells, each once where it repeats.
                t.str(name).str(": ");
                let mut last = None;
                for &p in path {
                    let c = p.cell();
                    if last != Some(c) {
                        if last.is_some() {
                            t.str(",");
                        }
                        t.cell(c);
                        last = Some(c);
                    }
                }
            },
        )
    }
}
