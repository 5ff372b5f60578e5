//! The propagation engine: an assumption ("candidate X is on", or "is
//! off") followed breadth-first through the links of a board, every
//! pending "on" before the next "off" (the order Sudoku Explainer meets
//! things in, which decides which contradiction it reports).
//!
//! A *potential* is a candidate with a polarity: `cand * 2 + 1` is "on",
//! `cand * 2` is "off", where `cand = cell * 9 + digit - 1`. Links:
//! - weak, on ⇒ off: the other candidates of the cell (`weak_cell`) and the
//!   same digit in the 20 peers;
//! - strong, off ⇒ on: the last candidate of the cell (`strong_cell`), the
//!   last place of the digit in one of the cell's units (`strong_unit`).
//!
//! A *static* chain uses the board as it is: "last" means the other one of
//! exactly two. A *dynamic* chain uses the board as the assumption has
//! changed it so far: "last" means the only one whose off has not been
//! followed yet (an off counts from when it is taken from the queue, not
//! from when it is found), and such an "on" has all those offs as parents.
//!
//! Each potential reached keeps where it came from (`src`), so the chain
//! behind it can be walked back and its nodes counted, which is what the
//! difficulty of a chain depends on.

#![allow(clippy::needless_range_loop)]

use crate::board::{consecutive, Board, Pos};
use crate::potential::{Potential, NP};
use crate::units::{ExtraHouses, MAX_UNITS};

use super::nested::Nested;
use super::plus::{advanced, Removal};

/// `src` of the assumption itself.
pub(super) const ROOT: u16 = 0xFFFF;
/// `src` of an "on" that is the last candidate of its cell.
pub(super) const BY_CELL: u16 = 0xFFFE;
/// `src` of an "on" that is the last place of its digit in unit `u` (an
/// index of the board's unit table) is `BY_UNIT + u`.
pub(super) const BY_UNIT: u16 = 0xFF00;
/// `src` of an "off" a rule of the "+" level proved ([`super::plus`]) is
/// `BY_RULE + k`, its parents `State::rule_parents` over `State::rules[k]`.
const BY_RULE: u16 = 0x8000;

/// Which links a chain may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mode {
    /// Links evaluated on the board as changed by the assumption so far.
    pub dynamic: bool,
    /// On ⇒ off inside a cell.
    pub weak_cell: bool,
    /// Off ⇒ on to the last candidate of a cell.
    pub strong_cell: bool,
    /// Off ⇒ on to the last place of a digit in a unit.
    pub strong_unit: bool,
    /// Dynamic, SE's "+" level: when the links run out, the rules of
    /// [`super::plus`] on the position built so far.
    pub plus: bool,
    /// SE's nesting level beyond the "+" rules: 2 also applies static
    /// forcing chains on the position built so far, 3 static cell and
    /// region forcing chains too ([`super::nested`]); 0 neither.
    pub nest: u8,
}

impl Mode {
    /// Every static link.
    pub const STATIC: Mode =
        Mode { dynamic: false, weak_cell: true, strong_cell: true, strong_unit: true, plus: false, nest: 0 };
    /// Static links on one digit (X-chains).
    pub const X: Mode = Mode {
        dynamic: false,
        weak_cell: false,
        strong_cell: false,
        strong_unit: true,
        plus: false,
        nest: 0,
    };
    /// Static links through bivalue cells (Y-chains).
    pub const Y: Mode = Mode {
        dynamic: false,
        weak_cell: false,
        strong_cell: true,
        strong_unit: false,
        plus: false,
        nest: 0,
    };
    /// Dynamic links on one digit (Nishio).
    pub const NISHIO: Mode =
        Mode { dynamic: true, weak_cell: false, strong_cell: false, strong_unit: true, plus: false, nest: 0 };
    /// Every dynamic link.
    pub const DYNAMIC: Mode =
        Mode { dynamic: true, weak_cell: true, strong_cell: true, strong_unit: true, plus: false, nest: 0 };
    /// Every dynamic link, and the rules of the "+" level.
    pub const DYNAMIC_PLUS: Mode = Mode { plus: true, ..Mode::DYNAMIC };
    /// SE's nested level 2, "(+ Forcing Chains)".
    pub const NESTED_FC: Mode = Mode { nest: 2, ..Mode::DYNAMIC_PLUS };
    /// SE's nested level 3, "(+ Multiple Forcing Chains)".
    pub const NESTED_MFC: Mode = Mode { nest: 3, ..Mode::DYNAMIC_PLUS };
}

/// What one assumption leads to.
#[derive(Clone)]
pub(crate) struct State {
    /// Candidates found on, per cell (digit mask).
    pub on: [u16; 81],
    /// Candidates found off, per cell.
    pub off: [u16; 81],
    /// The offs already followed (dynamic links see only those), per cell.
    done: [u16; 81],
    /// The same per unit and digit, as positions in the unit.
    done_pos: [[u16; 9]; MAX_UNITS],
    /// Where each potential reached came from (see the constants).
    src: [u16; NP],
    /// The number of links from the assumption to each potential reached.
    pub depth: [u8; NP],
    /// The assumption.
    pub start: Potential,
    /// Dynamic: the first candidate found both on and off (the
    /// propagation stops there).
    pub conflict: Option<usize>,
    /// Static: the off potentials from which a strong link leads back to
    /// the assumption (closing a cycle), in the order found.
    pub closings: Vec<Potential>,
    /// The "+" level: the parents of each rule's removal (see [`BY_RULE`]),
    /// as ranges of `rule_parents`.
    rules: Vec<(u32, u32)>,
    rule_parents: Vec<u16>,
    /// The nested chain behind each rule's removal: an index of `chains`,
    /// or [`NO_CHAIN`].
    rule_chain: Vec<u32>,
    /// The nested chains used: (identity, complexity).
    chains: Vec<(u64, u32)>,
}

/// `State::rule_chain` of a removal that no nested chain proved.
pub(super) const NO_CHAIN: u32 = u32::MAX;

impl Default for State {
    fn default() -> Self {
        State {
            on: [0; 81],
            off: [0; 81],
            done: [0; 81],
            done_pos: [[0; 9]; MAX_UNITS],
            src: [ROOT; NP],
            depth: [0; NP],
            start: Potential::from_index(0),
            conflict: None,
            closings: Vec::new(),
            rules: Vec::new(),
            rule_parents: Vec::new(),
            rule_chain: Vec::new(),
            chains: Vec::new(),
        }
    }
}

impl State {
    /// Whether potential `p` was reached.
    #[inline]
    pub fn has(&self, p: Potential) -> bool {
        let m = if p.is_on() { self.on[p.cell()] } else { self.off[p.cell()] };
        m & p.bit() != 0
    }
}

/// Scratch space of the engine.
pub(crate) struct Engine {
    /// Potentials at this depth are not followed further.
    pub limit: u8,
    /// The propagation stops once this potential is reached.
    pub target: Option<Potential>,
    queue: Vec<u16>,
    queue_off: Vec<u16>,
    seen: Vec<u64>,
    stack: Vec<u16>,
    /// The parents of one potential, in [`Engine::count`].
    parents: Vec<u16>,
    /// The removals of a rule of the "+" level.
    removals: Vec<Removal>,
    /// The nested chains' finder, allocated on first use.
    nested: Option<Box<Nested>>,
    /// The identities of the nested chains counted, in [`Engine::complexity`].
    chain_keys: Vec<u64>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine {
            limit: u8::MAX,
            target: None,
            queue: Vec::with_capacity(NP),
            queue_off: Vec::with_capacity(NP),
            seen: vec![0; NP.div_ceil(64)],
            stack: Vec::with_capacity(NP),
            parents: Vec::with_capacity(NP),
            removals: Vec::new(),
            nested: None,
            chain_keys: Vec::new(),
        }
    }
}

impl Engine {
    /// Follows potential `start` breadth-first with the links of `mode`,
    /// filling `st`.
    pub fn propagate(&mut self, b: &Board, pos: &Pos, mode: Mode, start: Potential, st: &mut State) {
        match b.units.extra == ExtraHouses::NONE {
            true => self.propagate_in::<true>(b, pos, mode, start, st),
            false => self.propagate_in::<false>(b, pos, mode, start, st),
        }
    }

    /// [`Engine::propagate`], compiled twice: with `CLASSIC` the unit
    /// table is rows, columns and boxes alone (three units a cell, no extra
    /// peers), lengths the compiler then knows; the classic grid, the
    /// grader's common case, runs as fast as before extra houses existed.
    #[inline(always)]
    fn propagate_in<const CLASSIC: bool>(
        &mut self,
        b: &Board,
        pos: &Pos,
        mode: Mode,
        start: Potential,
        st: &mut State,
    ) {
        st.on = [0; 81];
        st.off = [0; 81];
        st.done = [0; 81];
        let n_units = if CLASSIC { 27 } else { b.units.len };
        st.done_pos[..n_units].fill([0; 9]);
        st.start = start;
        st.conflict = None;
        st.closings.clear();
        st.rules.clear();
        st.rule_parents.clear();
        st.rule_chain.clear();
        st.chains.clear();
        self.queue.clear();
        self.queue_off.clear();
        Self::set(st, start, ROOT);
        st.depth[start.index()] = 0;
        if start.is_on() {
            self.queue.push(start.index() as u16);
        } else {
            self.queue_off.push(start.index() as u16);
        }
        let (mut head, mut head_off) = (0, 0);
        loop {
            // Every pending "on" is followed before the next "off".
            let p = if head < self.queue.len() {
                head += 1;
                Potential::from_index(self.queue[head - 1].into())
            } else if head_off < self.queue_off.len() {
                head_off += 1;
                Potential::from_index(self.queue_off[head_off - 1].into())
            } else if mode.plus {
                match self.advanced(b, mode, st) {
                    Some(true) => return,
                    Some(false) => continue,
                    None => break,
                }
            } else {
                break;
            };
            if st.depth[p.index()] >= self.limit {
                continue;
            }
            let (cand, c, d) = (p.cand(), p.cell(), p.digit_idx());
            if p.is_on() {
                if mode.weak_cell {
                    let mut m = b.cands[c] & !(1 << d);
                    while m != 0 {
                        let d2 = m.trailing_zeros() as usize;
                        m &= m - 1;
                        if self.add(st, mode, p, Potential::new(c * 9 + d2, false), cand as u16) {
                            return;
                        }
                    }
                }
                // The 20 peers of the row, column and box (a loop of fixed
                // length), then those of the extra houses: two loops, since
                // one over both (a chain, a closure) costs the classic grid
                // 2% more instructions.
                for &q in &b.units.peer_order[c] {
                    let q = usize::from(q);
                    if b.cands[q] & (1 << d) != 0
                        && self.add(st, mode, p, Potential::new(q * 9 + d, false), cand as u16)
                    {
                        return;
                    }
                }
                for &q in if CLASSIC { &[][..] } else { &b.units.extra_peer_order[c][..] } {
                    let q = usize::from(q);
                    if b.cands[q] & (1 << d) != 0
                        && self.add(st, mode, p, Potential::new(q * 9 + d, false), cand as u16)
                    {
                        return;
                    }
                }
                // Non-consecutive: the digits next to d leave the cells
                // side by side (SE adds them last, in every mode).
                for &q in if CLASSIC { &[][..] } else { &b.units.nc_neighbours[c][..] } {
                    let q = usize::from(q);
                    let mut next = b.cands[q] & consecutive(1 << d);
                    while next != 0 {
                        let d2 = next.trailing_zeros() as usize;
                        next &= next - 1;
                        if self.add(st, mode, p, Potential::new(q * 9 + d2, false), cand as u16) {
                            return;
                        }
                    }
                }
            } else {
                st.done[c] |= 1 << d;
                let units = if CLASSIC { &b.units.chain_units[c][..3] } else { &b.units.chain_units[c][..] };
                for &(u, k) in units {
                    st.done_pos[usize::from(u)][d] |= 1 << k;
                }
                if mode.strong_cell {
                    let left = if mode.dynamic {
                        b.cands[c] & !st.done[c]
                    } else if b.cands[c].count_ones() == 2 {
                        b.cands[c] & !(1 << d)
                    } else {
                        0
                    };
                    if left.count_ones() == 1 {
                        let d2 = left.trailing_zeros() as usize;
                        if self.add(st, mode, p, Potential::new(c * 9 + d2, true), BY_CELL) {
                            return;
                        }
                    }
                }
                if mode.strong_unit {
                    // The box, the row, the column, then the extra houses.
                    for &(u, me) in units {
                        let u = usize::from(u);
                        let mut left = 0u16;
                        let places = pos[u][d];
                        if mode.dynamic {
                            left = places & !st.done_pos[u][d];
                        } else if places.count_ones() == 2 {
                            left = places & !(1 << me);
                        }
                        if left.count_ones() == 1 {
                            let q = b.units.cells[u][left.trailing_zeros() as usize] as usize;
                            if self.add(st, mode, p, Potential::new(q * 9 + d, true), BY_UNIT + u as u16) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The "+" level's rules on the position the propagation has built
    /// (the board less its offs): their removals as offs, each with the
    /// rule's parents. `None` when they remove nothing; `Some(true)` when
    /// the propagation must stop (a contradiction).
    fn advanced(&mut self, b: &Board, mode: Mode, st: &mut State) -> Option<bool> {
        let cur: [u16; 81] = std::array::from_fn(|c| b.cands[c] & !st.off[c]);
        self.removals.clear();
        let mut chains = Vec::new();
        // A position the nested searches have seen is one where the "+"
        // rules found nothing.
        let seen = mode.nest >= 2 && self.nested.as_ref().is_some_and(|n| n.has_seen(b, &cur));
        if !seen {
            advanced(b, &cur, &mut self.removals, &mut st.rule_parents);
        }
        if self.removals.is_empty() && mode.nest >= 2 && st.conflict.is_none() {
            let nested = self.nested.get_or_insert_with(Box::default);
            nested.find(b, &cur, mode.nest, &mut self.removals, &mut st.rule_parents, &mut chains);
        }
        if self.removals.is_empty() {
            return None;
        }
        let removals = std::mem::take(&mut self.removals);
        let mut stop = false;
        for r in &removals {
            let p = Potential::new(r.cand, false);
            if st.has(p) || st.rules.len() >= usize::from(BY_UNIT - BY_RULE) {
                continue;
            }
            let from = Potential::from_index(st.rule_parents[r.start as usize].into());
            let src = BY_RULE + st.rules.len() as u16;
            st.rules.push((r.start, r.end));
            st.rule_chain.push(match chains.get(r.chain as usize) {
                Some(&chain) => {
                    st.chains.push(chain);
                    st.chains.len() as u32 - 1
                }
                None => NO_CHAIN,
            });
            if self.add(st, mode, from, p, src) {
                stop = true;
                break;
            }
        }
        self.removals = removals;
        Some(stop)
    }

    #[inline]
    fn set(st: &mut State, p: Potential, src: u16) {
        if p.is_on() {
            st.on[p.cell()] |= p.bit();
        } else {
            st.off[p.cell()] |= p.bit();
        }
        st.src[p.index()] = src;
    }

    /// Adds potential `p` reached from `src` while processing `from`; true
    /// when the propagation must stop (a dynamic contradiction).
    #[inline]
    fn add(&mut self, st: &mut State, mode: Mode, from: Potential, p: Potential, src: u16) -> bool {
        if st.has(p) {
            if p == st.start && p.is_on() && !mode.dynamic {
                // Back to the assumption: `from` closes a cycle.
                st.closings.push(from);
            }
            return false;
        }
        if mode.dynamic && st.has(p.opposite()) {
            // SE's propagation returns at its first contradiction: what
            // follows it is never reached, in any use of the state.
            st.conflict = Some(p.cand());
            Self::set(st, p, src);
            return true;
        }
        Self::set(st, p, src);
        st.depth[p.index()] = st.depth[from.index()].saturating_add(1);
        if p.is_on() {
            self.queue.push(p.index() as u16);
        } else {
            self.queue_off.push(p.index() as u16);
        }
        Some(p) == self.target
    }

    /// The potentials `p` directly follows from in `st`.
    fn parents(b: &Board, pos: &Pos, st: &State, p: Potential, out: &mut Vec<u16>) {
        let s = st.src[p.index()];
        let (c, d) = (p.cell(), p.digit_idx());
        match s {
            ROOT => {}
            _ if (BY_RULE..BY_UNIT).contains(&s) => {
                let (start, end) = st.rules[usize::from(s - BY_RULE)];
                out.extend_from_slice(&st.rule_parents[start as usize..end as usize]);
            }
            BY_CELL => {
                let mut m = b.cands[c] & !(1 << d);
                while m != 0 {
                    let d2 = m.trailing_zeros() as usize;
                    m &= m - 1;
                    out.push(Potential::new(c * 9 + d2, false).index() as u16);
                }
            }
            _ if s >= BY_UNIT => {
                let u = (s - BY_UNIT) as usize;
                for i in 0..9 {
                    let q = b.units.cells[u][i] as usize;
                    if q != c && pos[u][d] & (1 << i) != 0 {
                        out.push(Potential::new(q * 9 + d, false).index() as u16);
                    }
                }
            }
            _ => out.push(Potential::new(s as usize, true).index() as u16),
        }
    }

    /// The first of the [`Engine::parents`] of `p` in `st` (a dynamic "on"
    /// has more; the others are in [`Engine::count`]), without collecting
    /// them; `None` for the assumption itself. Walking these back from `p`
    /// gives its chain.
    pub fn first_parent(b: &Board, pos: &Pos, st: &State, p: Potential) -> Option<Potential> {
        let s = st.src[p.index()];
        let (c, d) = (p.cell(), p.digit_idx());
        match s {
            ROOT => None,
            _ if (BY_RULE..BY_UNIT).contains(&s) => {
                let (start, _) = st.rules[usize::from(s - BY_RULE)];
                Some(Potential::from_index(st.rule_parents[start as usize].into()))
            }
            BY_CELL => {
                let m = b.cands[c] & !(1 << d);
                (m != 0).then(|| Potential::new(c * 9 + m.trailing_zeros() as usize, false))
            }
            _ if s >= BY_UNIT => {
                let u = (s - BY_UNIT) as usize;
                (0..9)
                    .map(|i| (i, b.units.cells[u][i] as usize))
                    .find(|&(i, q)| q != c && pos[u][d] & (1 << i) != 0)
                    .map(|(_, q)| Potential::new(q * 9 + d, false))
            }
            _ => Some(Potential::new(s as usize, true)),
        }
    }

    /// The number of potentials of the chain that proves `p` in `st`: `p`
    /// and all its ancestors, the assumption included.
    pub fn count(&mut self, b: &Board, pos: &Pos, st: &State, p: Potential) -> u32 {
        let mut n = 0;
        self.walk(b, pos, st, p, |_| n += 1);
        n
    }

    /// Calls `visit` with `p` and each of its ancestors in `st`, once each.
    fn walk(&mut self, b: &Board, pos: &Pos, st: &State, p: Potential, mut visit: impl FnMut(u16)) {
        self.seen.iter_mut().for_each(|w| *w = 0);
        self.stack.clear();
        self.stack.push(p.index() as u16);
        self.seen[p.index() / 64] |= 1 << (p.index() % 64);
        while let Some(q) = self.stack.pop() {
            visit(q);
            self.parents.clear();
            Self::parents(b, pos, st, Potential::from_index(q.into()), &mut self.parents);
            for &r in &self.parents {
                let r = r as usize;
                if self.seen[r / 64] & (1 << (r % 64)) == 0 {
                    self.seen[r / 64] |= 1 << (r % 64);
                    self.stack.push(r as u16);
                }
            }
        }
    }
}

impl Engine {
    /// SE's complexity of a hint made of the chains behind `parts` (each a
    /// propagation and the potential it proves): the potentials of every
    /// chain ([`Engine::count`]), plus the complexity of every nested
    /// chain they use, each counted once.
    pub fn complexity(&mut self, b: &Board, pos: &Pos, parts: &[(&State, Potential)]) -> u32 {
        self.chain_keys.clear();
        let mut n = 0;
        for &(st, p) in parts {
            if st.chains.is_empty() {
                n += self.count(b, pos, st, p);
                continue;
            }
            let mut keys = std::mem::take(&mut self.chain_keys);
            self.walk(b, pos, st, p, |q| {
                n += 1;
                let s = st.src[usize::from(q)];
                if (BY_RULE..BY_UNIT).contains(&s) {
                    let chain = st.rule_chain[usize::from(s - BY_RULE)];
                    if let Some(&(key, cx)) = st.chains.get(chain as usize) {
                        if !keys.contains(&key) {
                            keys.push(key);
                            n += cx;
                        }
                    }
                }
            });
            self.chain_keys = keys;
        }
        n
    }

    /// SE's rule parents of a nested chain found on `nb` (the position
    /// `cur` of a chain on board `b`): the candidates of `b` that the
    /// outer chain turned off and that an "on" among the ancestors of
    /// `target` in `st` (a propagation on `nb`) needed, as it was the last
    /// candidate of its cell, or the last place of its digit in a unit, on
    /// `nb`. `root`: what the assumption itself needed (a cell chain's
    /// cell, [`BY_CELL`], or a region chain's unit, `BY_UNIT + u`), or
    /// [`ROOT`] for nothing. Appended to `out` as potential indices.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn rule_parents(
        &mut self,
        (b, pos): (&Board, &Pos),
        (nb, npos): (&Board, &Pos),
        st: &State,
        target: Potential,
        root: u16,
        out: &mut Vec<u16>,
    ) {
        let first = out.len();
        self.seen.iter_mut().for_each(|w| *w = 0);
        self.stack.clear();
        self.stack.push(target.index() as u16);
        self.seen[target.index() / 64] |= 1 << (target.index() % 64);
        while let Some(q) = self.stack.pop() {
            let p = Potential::from_index(q.into());
            let src = st.src[p.index()];
            let cause = match src {
                ROOT => root,
                _ if p.is_on() => src,
                _ => ROOT,
            };
            let (c, d) = (p.cell(), p.digit_idx());
            if cause == BY_CELL {
                let mut m = b.cands[c] & !nb.cands[c];
                while m != 0 {
                    let d2 = m.trailing_zeros() as usize;
                    m &= m - 1;
                    push_once(out, first, Potential::new(c * 9 + d2, false));
                }
            } else if (BY_UNIT..BY_CELL).contains(&cause) {
                let u = usize::from(cause - BY_UNIT);
                let mut m = pos[u][d] & !npos[u][d];
                while m != 0 {
                    let k = m.trailing_zeros() as usize;
                    m &= m - 1;
                    push_once(out, first, Potential::new(b.units.cells[u][k] as usize * 9 + d, false));
                }
            }
            self.parents.clear();
            Self::parents(nb, npos, st, p, &mut self.parents);
            for &r in &self.parents {
                let r = r as usize;
                if self.seen[r / 64] & (1 << (r % 64)) == 0 {
                    self.seen[r / 64] |= 1 << (r % 64);
                    self.stack.push(r as u16);
                }
            }
        }
    }
}

/// Pushes `p` on `out` unless it is in `out[first..]`.
fn push_once(out: &mut Vec<u16>, first: usize, p: Potential) {
    let i = p.index() as u16;
    if !out[first..].contains(&i) {
        out.push(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_parent_is_the_first_of_the_parents() {
        let puzzle = "000000000029500403000263900080004006200090001600800040002379000803002750000000000";
        let b = Board::from_grid(&puzzle.parse().unwrap()).unwrap();
        let pos = b.positions();
        let (mut engine, mut st, mut parents) = (Engine::default(), State::default(), Vec::new());
        let mut n_checked = 0;
        for mode in [Mode::STATIC, Mode::DYNAMIC] {
            let all = (0..NP).map(Potential::from_index);
            for start in all.clone().filter(|&p| b.cands[p.cell()] & p.bit() != 0) {
                engine.propagate(&b, &pos, mode, start, &mut st);
                for p in all.clone().filter(|&p| st.has(p)) {
                    parents.clear();
                    Engine::parents(&b, &pos, &st, p, &mut parents);
                    let first = parents.first().map(|&r| Potential::from_index(r.into()));
                    assert_eq!(Engine::first_parent(&b, &pos, &st, p), first, "{mode:?} {start} {p}");
                    n_checked += 1;
                }
            }
        }
        assert!(n_checked > 10_000, "{n_checked}");
    }
}
