//! The static implication graph of one board, for the chains that use it
//! as it is (forcing chains, forcing X-chains, cycles), and of the
//! positions a nested chain builds on it ([`StaticGraph::narrow`]: the
//! board's weak links between the candidates the position keeps).
//!
//! In a static chain every potential has exactly one parent, so the chain
//! behind a potential has as many nodes as links from the assumption plus
//! one, whatever way the propagation went: the shortest distance is all a
//! static chain's difficulty needs. [`StaticGraph`] finds it breadth-first a
//! level at a time, a level of "off"s being one OR of 729-bit sets per "on"
//! of the level before, instead of one step per link.

use super::engine::Mode;
use crate::board::{cells_of, consecutive, digits_of, Board, Pos};
use crate::potential::{Potential, NC};
use crate::units::ExtraHouses;

/// 64-bit words in a set of candidates.
pub(crate) const W: usize = NC.div_ceil(64);

/// A set of candidates.
pub(crate) type Set = [u64; W];

/// The links of one board in one [`Mode`], with scratch space for the
/// searches on it.
pub(crate) struct StaticGraph {
    /// Per candidate: what its "on" turns off, on the board of the last
    /// [`StaticGraph::build`]; on a board [`StaticGraph::narrow`]ed from it,
    /// those in `present`.
    weak: Vec<Set>,
    /// The candidates of the board.
    present: Set,
    /// The candidates whose "off" turns something on.
    has_strong: Set,
    /// Per candidate: what its "off" turns on (at most a cell partner and
    /// one per unit, seven units at most), and how many.
    strong: Vec<([u16; 8], u8)>,
    seen_on: Set,
    seen_off: Set,
    /// Whether the last search ended with nothing new to follow.
    exhausted: bool,
    /// The candidates whose "on" (`[1]`) or "off" (`[0]`) is known to lead
    /// to no chain back to its opposite (see [`StaticGraph::links_to_opposite`]).
    no_chain: [Set; 2],
    frontier: Vec<u16>,
}

impl Default for StaticGraph {
    fn default() -> Self {
        StaticGraph {
            weak: vec![[0; W]; NC],
            present: [0; W],
            has_strong: [0; W],
            strong: vec![([0; 8], 0); NC],
            seen_on: [0; W],
            seen_off: [0; W],
            exhausted: false,
            no_chain: [[0; W]; 2],
            frontier: Vec::with_capacity(NC),
        }
    }
}

/// Puts candidate `cand` in `s`.
#[inline]
pub(super) fn insert(s: &mut Set, cand: usize) {
    s[cand / 64] |= 1 << (cand % 64);
}

/// Whether candidate `cand` is in `s`.
#[inline]
pub(super) fn contains(s: &Set, cand: usize) -> bool {
    s[cand / 64] & (1 << (cand % 64)) != 0
}

impl StaticGraph {
    /// Rebuilds the links for board `b` in `mode` (a static mode).
    pub fn build(&mut self, b: &Board, pos: &Pos, mode: Mode) {
        match b.units.extra == ExtraHouses::NONE {
            true => self.build_in::<true>(b, pos, mode),
            false => self.build_in::<false>(b, pos, mode),
        }
    }

    /// Rebuilds the links for board `nb`, whose candidates are among those
    /// of the board of the last [`StaticGraph::build`] (in the same `mode`):
    /// its weak links are those, less the candidates `nb` lacks (an "on"
    /// turns off the candidates it sees), so only the strong links (the
    /// last two of a cell or unit) are found again.
    pub fn narrow(&mut self, nb: &Board, npos: &Pos, mode: Mode) {
        match nb.units.extra == ExtraHouses::NONE {
            true => self.strong_in::<true>(nb, npos, mode),
            false => self.strong_in::<false>(nb, npos, mode),
        }
    }

    /// [`StaticGraph::build`], compiled twice as
    /// [`super::engine::Engine::propagate`] is: with `CLASSIC`, three units
    /// a cell.
    #[inline(always)]
    fn build_in<const CLASSIC: bool>(&mut self, b: &Board, pos: &Pos, mode: Mode) {
        debug_assert!(!mode.dynamic);
        let planes = b.planes();
        for cand in 0..NC {
            let (c, d) = (cand / 9, cand % 9);
            let weak = &mut self.weak[cand];
            *weak = [0; W];
            if b.cands[c] & (1 << d) == 0 {
                continue;
            }
            if mode.weak_cell {
                for d2 in digits_of(b.cands[c] & !(1 << d)) {
                    insert(weak, c * 9 + usize::from(d2) - 1);
                }
            }
            for q in cells_of(b.units.peer_set[c] & planes[d]) {
                insert(weak, q * 9 + d);
            }
            for &q in if CLASSIC { &[][..] } else { &b.units.nc_neighbours[c][..] } {
                for d2 in digits_of(b.cands[usize::from(q)] & consecutive(1 << d)) {
                    insert(weak, usize::from(q) * 9 + usize::from(d2) - 1);
                }
            }
        }
        self.strong_in::<CLASSIC>(b, pos, mode);
    }

    /// The strong links of `b` in `mode`, and its candidates as those the
    /// weak links may reach.
    #[inline(always)]
    fn strong_in<const CLASSIC: bool>(&mut self, b: &Board, pos: &Pos, mode: Mode) {
        self.no_chain = [[0; W]; 2];
        self.present = [0; W];
        self.has_strong = [0; W];
        for entry in &mut self.strong {
            entry.1 = 0;
        }
        for c in 0..81 {
            let mut digits = b.cands[c];
            let bivalue = digits.count_ones() == 2;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let cand = c * 9 + d;
                insert(&mut self.present, cand);
                let (strong, n) = &mut self.strong[cand];
                if mode.strong_cell && bivalue {
                    strong[*n as usize] = (c * 9 + (b.cands[c] & !(1 << d)).trailing_zeros() as usize) as u16;
                    *n += 1;
                }
                if mode.strong_unit {
                    // SE's order: the box, the row, the column, the extra
                    // houses (the cycle search keeps the first way to an "on").
                    let units = match CLASSIC {
                        true => &b.units.chain_units[c][..3],
                        false => &b.units.chain_units[c][..],
                    };
                    for &(u, k) in units {
                        let (u, here) = (usize::from(u), pos[usize::from(u)][d]);
                        if here.count_ones() != 2 {
                            continue;
                        }
                        let q = b.units.cells[u][(here & !(1 << k)).trailing_zeros() as usize] as usize;
                        let other = (q * 9 + d) as u16;
                        if !strong[..*n as usize].contains(&other) {
                            strong[*n as usize] = other;
                            *n += 1;
                        }
                    }
                }
                if *n != 0 {
                    insert(&mut self.has_strong, cand);
                }
            }
        }
    }

    /// The candidates an "off" of `cand` turns on, and how many.
    pub fn strong(&self, cand: usize) -> &([u16; 8], u8) {
        &self.strong[cand]
    }

    /// Follows potential `start` a level at a time, up to `limit` links,
    /// until it reaches `target`: the number of links to it, if it does.
    /// A level of "off"s is a set, of which only the candidates with a
    /// strong link lead further.
    fn bfs(&mut self, start: Potential, limit: u8, target: Option<Potential>) -> Option<u8> {
        self.exhausted = false;
        self.seen_on = [0; W];
        self.seen_off = [0; W];
        self.frontier.clear();
        let mut offs: Set = [0; W];
        let mut on = start.is_on();
        if on {
            insert(&mut self.seen_on, start.cand());
            self.frontier.push(start.cand() as u16);
        } else {
            insert(&mut self.seen_off, start.cand());
            insert(&mut offs, start.cand());
        }
        let (target_on, target_cand) = match target {
            Some(t) => (t.is_on(), t.cand()),
            None => (false, usize::MAX),
        };
        let mut depth = 0u8;
        loop {
            let empty = if on { self.frontier.is_empty() } else { offs.iter().all(|&w| w == 0) };
            if empty {
                self.exhausted = true;
                return None;
            }
            if depth >= limit {
                return None;
            }
            depth += 1;
            if on {
                offs = [0; W];
                for &c in &self.frontier {
                    let w = &self.weak[c as usize];
                    for k in 0..W {
                        offs[k] |= w[k];
                    }
                }
                for k in 0..W {
                    offs[k] &= self.present[k] & !self.seen_off[k];
                    self.seen_off[k] |= offs[k];
                }
                if !target_on && target_cand != usize::MAX && contains(&offs, target_cand) {
                    return Some(depth);
                }
            } else {
                self.frontier.clear();
                for k in 0..W {
                    let mut m = offs[k] & self.has_strong[k];
                    while m != 0 {
                        let c = k * 64 + m.trailing_zeros() as usize;
                        m &= m - 1;
                        let (strong, n) = self.strong[c];
                        for &s in &strong[..n as usize] {
                            if !contains(&self.seen_on, s as usize) {
                                insert(&mut self.seen_on, s as usize);
                                self.frontier.push(s);
                                if target_on && usize::from(s) == target_cand {
                                    return Some(depth);
                                }
                            }
                        }
                    }
                }
            }
            on = !on;
        }
    }

    /// Everything potential `start` leads to (itself included): the
    /// candidates reached "on" and those reached "off", as
    /// [`super::engine::Engine::propagate`] reaches them in the same mode.
    pub fn reach(&mut self, start: Potential) -> (&Set, &Set) {
        self.bfs(start, u8::MAX, None);
        (&self.seen_on, &self.seen_off)
    }

    /// The number of links from potential `start` to its opposite, if it
    /// is `limit` or less: a forcing chain.
    ///
    /// A search that ends with nothing new to follow has seen all that
    /// `start` leads to, and so all that each potential it reached leads
    /// to: a candidate reached in one polarity and not in the other has no
    /// chain from that polarity either, and is not searched again on these
    /// links.
    pub fn links_to_opposite(&mut self, start: Potential, limit: u8) -> Option<u8> {
        let (cand, side) = (start.cand(), usize::from(start.is_on()));
        if contains(&self.no_chain[side], cand) {
            return None;
        }
        let found = self.bfs(start, limit, Some(start.opposite()));
        if found.is_none() && self.exhausted {
            for k in 0..W {
                let (on, off) = (self.seen_on[k], self.seen_off[k]);
                self.no_chain[1][k] |= on & !off;
                self.no_chain[0][k] |= off & !on;
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaining::engine::{Engine, State};

    /// The searches on the graph against the engine's propagation, which
    /// they stand in for (in the nested chains, on positions narrowed from
    /// the board): on a board and on positions cut from it, in each static
    /// mode, what each potential leads to, and whether (and in how many
    /// links) it leads to its opposite, asked in the nested search's order
    /// so that exhausted searches rule out later ones.
    #[test]
    fn the_graph_reaches_what_the_engine_propagates() {
        let puzzle = "98.7.....7.....6....5.8..9.4...5..7....6....3.....21...7..9..5...4..1......3....2";
        let b = Board::from_grid(&puzzle.parse().unwrap()).unwrap();
        let pos = b.positions();
        // The board, and positions with some candidates of its cells of
        // three or more turned off.
        let mut boards = vec![b];
        for step in [3, 5, 7] {
            let mut nb = b;
            let mut i = 0;
            for c in 0..81 {
                let mut m = nb.cands[c];
                while m != 0 && nb.cands[c].count_ones() > 2 {
                    let bit = m & m.wrapping_neg();
                    m ^= bit;
                    i += 1;
                    if i % step == 0 {
                        nb.cands[c] &= !bit;
                    }
                }
            }
            boards.push(nb);
        }
        let (mut engine, mut st) = (Engine::default(), State::default());
        let (mut n_chains, mut n_checked) = (0, 0);
        for mode in [Mode::X, Mode::Y, Mode::STATIC] {
            let mut g = StaticGraph::default();
            g.build(&b, &pos, mode);
            for nb in &boards {
                let npos = nb.positions();
                g.narrow(nb, &npos, mode);
                for cand in (0..NC).filter(|&cand| nb.cands[cand / 9] & (1 << (cand % 9)) != 0) {
                    for on in [true, false] {
                        let start = Potential::new(cand, on);
                        engine.propagate(nb, &npos, mode, start, &mut st);
                        let target = start.opposite();
                        let links = g.links_to_opposite(start, u8::MAX);
                        match st.has(target) {
                            true => {
                                let n = engine.count(nb, &npos, &st, target);
                                assert_eq!(links.map(u32::from), Some(n - 1), "{mode:?} {start}");
                                n_chains += 1;
                            }
                            false => assert_eq!(links, None, "{mode:?} {start}"),
                        }
                        let (seen_on, seen_off) = g.reach(start);
                        for c in 0..81 {
                            let digits = |s: &Set| {
                                (0..9).filter(|&d| contains(s, c * 9 + d)).fold(0, |m, d| m | 1 << d)
                            };
                            assert_eq!(digits(seen_on), st.on[c], "{mode:?} {start} on in cell {c}");
                            assert_eq!(digits(seen_off), st.off[c], "{mode:?} {start} off in cell {c}");
                        }
                        n_checked += 1;
                    }
                }
            }
        }
        assert!(n_checked > 3000 && n_chains > 100, "{n_checked} {n_chains}");
    }
}
