//! Chains of binary links: X-chains, alternating inference (forcing)
//! chains and cell/region forcing chains, found by following assumptions
//! through the strong and weak links of a snapshot.
//!
//! A literal is a candidate `cell * 9 + digit - 1` assumed true ("on") or
//! false ("off"). Links of the snapshot:
//! - weak: a candidate on turns off the other candidates of its cell and the
//!   same digit in its 20 peers;
//! - strong: a candidate off turns on the other candidate of a bivalue cell,
//!   and the other place of its digit in a unit where it has two places.
//!
//! The links are those of the snapshot, not of the state an assumption
//! builds (that is the dynamic chains of the trial module).
//!
//! Every candidate is followed both on and off, all in lock-step, one link
//! (layer) at a time, as 729-bit sets; the first layer at which anything
//! follows gives the deductions and their length. So the result does not
//! depend on the order of cells or digits, and short chains are found
//! without following every assumption to its end.

// Cells, digits and units index several parallel tables at once (masks,
// positions, peers); index loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

use sudoku_core::UNITS;

use crate::board::{Board, Found, Pos, CELL_UNITS, CELL_UNIT_POS, PEER_SET};
use crate::technique::Technique;

const N_LIT: usize = 729;
const WORDS: usize = 12;

/// A set of literals (candidates), one bit each.
type Set = [u64; WORDS];

#[inline]
fn set_bit(s: &mut Set, i: usize) {
    s[i >> 6] |= 1 << (i & 63);
}

#[inline]
fn is_empty(s: &Set) -> bool {
    s.iter().all(|&w| w == 0)
}

#[inline]
fn for_each_bit(s: &Set, mut f: impl FnMut(usize)) {
    for (k, &w) in s.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(k * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

/// One assumption being followed: literals reached on and off, and the
/// last layer's new ones.
#[derive(Clone, Copy, Default)]
struct Run {
    on: Set,
    off: Set,
    front_on: Set,
    front_off: Set,
    /// The run reached a literal both on and off.
    contradiction: bool,
}

impl Run {
    fn start(lit: usize, on: bool) -> Run {
        let mut r = Run::default();
        if on {
            set_bit(&mut r.on, lit);
            set_bit(&mut r.front_on, lit);
        } else {
            set_bit(&mut r.off, lit);
            set_bit(&mut r.front_off, lit);
        }
        r
    }

    fn is_done(&self) -> bool {
        self.contradiction || (is_empty(&self.front_on) && is_empty(&self.front_off))
    }

    /// Follows every link of the last layer once.
    fn step(&mut self, links: &Links) {
        let mut new_off = [0u64; WORDS];
        let mut new_on = [0u64; WORDS];
        for_each_bit(&self.front_on, |i| {
            let w = &links.weak[i];
            for k in 0..WORDS {
                new_off[k] |= w[k];
            }
        });
        for_each_bit(&self.front_off, |i| {
            for &j in links.strong_of(i) {
                set_bit(&mut new_on, j as usize);
            }
        });
        let mut clash = 0u64;
        for k in 0..WORDS {
            new_off[k] &= !self.off[k];
            new_on[k] &= !self.on[k];
            clash |= (new_off[k] & (self.on[k] | new_on[k])) | (new_on[k] & self.off[k]);
            self.off[k] |= new_off[k];
            self.on[k] |= new_on[k];
        }
        self.front_on = new_on;
        self.front_off = new_off;
        self.contradiction = clash != 0;
    }
}

impl Chains {
    /// Whether some cell or region forcing chain exists, judged on the
    /// closure (no lengths).
    fn cell_region_closure(&self, b: &Board, pos: &Pos) -> bool {
        let implied_off = |branches: &mut dyn Iterator<Item = usize>| {
            let mut common = [!0u64; WORDS];
            for lit in branches {
                let r = self.closure.of(lit);
                for k in 0..WORDS {
                    common[k] &= r[WORDS + k];
                }
            }
            common.iter().any(|&w| w != 0)
        };
        for c in 0..81 {
            let m = b.cands[c];
            if m.count_ones() >= 3
                && implied_off(&mut (0..9).filter(|d0| m & (1 << d0) != 0).map(|d0| c * 9 + d0))
            {
                return true;
            }
        }
        for (u, unit) in UNITS.iter().enumerate() {
            for d0 in 0..9 {
                let m = pos[u][d0];
                if m.count_ones() >= 3
                    && implied_off(
                        &mut (0..9).filter(|k| m & (1 << k) != 0).map(|k| unit[k] as usize * 9 + d0),
                    )
                {
                    return true;
                }
            }
        }
        false
    }
}

/// The links of a snapshot.
struct Links {
    weak: Vec<Set>,
    strong: Vec<[u16; 4]>,
    n_strong: Vec<u8>,
}

impl Links {
    fn new() -> Self {
        Links { weak: vec![[0; WORDS]; N_LIT], strong: vec![[0; 4]; N_LIT], n_strong: vec![u8::MAX; N_LIT] }
    }

    /// The strong links of a literal (none for a dead one).
    #[inline]
    fn strong_of(&self, lit: usize) -> &[u16] {
        let n = self.n_strong[lit];
        &self.strong[lit][..if n == u8::MAX { 0 } else { n as usize }]
    }

    /// Builds the links of `b`; `digit_only` keeps the links between
    /// candidates of one digit (X-chains).
    fn build(&mut self, b: &Board, pos: &Pos, digit_only: bool) {
        // Candidates of each digit, as cell sets.
        let mut has = [0u128; 9];
        for c in 0..81 {
            let mut m = b.cands[c];
            while m != 0 {
                has[m.trailing_zeros() as usize] |= 1 << c;
                m &= m - 1;
            }
        }
        for c in 0..81 {
            for d0 in 0..9 {
                let lit = c * 9 + d0;
                if b.cands[c] & (1 << d0) == 0 {
                    if self.n_strong[lit] != u8::MAX {
                        self.weak[lit] = [0; WORDS];
                        self.n_strong[lit] = u8::MAX;
                    }
                    continue;
                }
                let w = &mut self.weak[lit];
                *w = [0; WORDS];
                if !digit_only {
                    let mut m = b.cands[c] & !(1 << d0);
                    while m != 0 {
                        set_bit(w, c * 9 + m.trailing_zeros() as usize);
                        m &= m - 1;
                    }
                }
                let mut peers = has[d0] & PEER_SET[c];
                while peers != 0 {
                    let p = peers.trailing_zeros() as usize;
                    peers &= peers - 1;
                    set_bit(w, p * 9 + d0);
                }
                let mut n = 0;
                if !digit_only && b.cands[c].count_ones() == 2 {
                    self.strong[lit][n] =
                        (c * 9 + (b.cands[c] & !(1 << d0)).trailing_zeros() as usize) as u16;
                    n += 1;
                }
                for (ui, &u) in CELL_UNITS[c].iter().enumerate() {
                    let m = pos[u as usize][d0];
                    if m.count_ones() == 2 {
                        let k = (m & !(1 << CELL_UNIT_POS[c][ui])).trailing_zeros() as usize;
                        self.strong[lit][n] = (UNITS[u as usize][k] as usize * 9 + d0) as u16;
                        n += 1;
                    }
                }
                self.n_strong[lit] = n as u8;
            }
        }
    }
}

/// Nodes of the implication graph: literal `lit` on is node `lit`, off is
/// node `N_LIT + lit`. In a [`NodeSet`], on literals take words 0–11 and
/// off literals words 12–23.
const N_NODE: usize = 2 * N_LIT;

/// A set of nodes: on literals then off literals.
type NodeSet = [u64; 2 * WORDS];

#[inline]
fn node_bit(v: usize) -> usize {
    if v < N_LIT {
        v
    } else {
        WORDS * 64 + (v - N_LIT)
    }
}

/// Everything each node implies, by following links to the end: strongly
/// connected components (Tarjan), each component's reach the union of its
/// members and of the reach of the components it links to.
struct Closure {
    comp: Vec<u16>,
    reach: Vec<NodeSet>,
    /// For a component that is one node linking nowhere, that node.
    leaf: Vec<u16>,
    index: Vec<u16>,
    low: Vec<u16>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    /// Depth-first frames: node and the next link to look at.
    frames: Vec<(u16, u16)>,
}

const UNSEEN: u16 = u16::MAX;

impl Closure {
    fn new() -> Self {
        Closure {
            comp: vec![UNSEEN; N_NODE],
            reach: Vec::with_capacity(N_NODE),
            leaf: Vec::with_capacity(N_NODE),
            index: vec![UNSEEN; N_NODE],
            low: vec![0; N_NODE],
            on_stack: vec![false; N_NODE],
            stack: Vec::with_capacity(N_NODE),
            frames: Vec::with_capacity(N_NODE),
        }
    }

    /// The `k`-th link target of node `v` at or after position `from`, as
    /// (target, next position); `None` when there is no more.
    #[inline]
    fn next_link(links: &Links, v: usize, from: usize) -> Option<(usize, usize)> {
        if v < N_LIT {
            let w = &links.weak[v];
            let mut i = from;
            while i < N_LIT {
                let word = w[i >> 6] >> (i & 63);
                if word != 0 {
                    let j = i + word.trailing_zeros() as usize;
                    return (j < N_LIT).then_some((N_LIT + j, j + 1));
                }
                i = (i | 63) + 1;
            }
            None
        } else {
            let lit = v - N_LIT;
            links.strong_of(lit).get(from).map(|&t| (t as usize, from + 1))
        }
    }

    /// Computes the reach of every live node of `links` (`alive` says
    /// which literals are candidates).
    fn compute(&mut self, links: &Links, alive: &dyn Fn(usize) -> bool) {
        self.comp.fill(UNSEEN);
        self.index.fill(UNSEEN);
        self.on_stack.fill(false);
        self.reach.clear();
        self.leaf.clear();
        self.stack.clear();
        let mut counter: u16 = 0;
        for root in 0..N_NODE {
            if !alive(root % N_LIT) || self.index[root] != UNSEEN {
                continue;
            }
            self.frames.push((root as u16, 0));
            self.index[root] = counter;
            self.low[root] = counter;
            counter += 1;
            self.stack.push(root as u16);
            self.on_stack[root] = true;
            while let Some(&mut (v, ref mut pos)) = self.frames.last_mut() {
                let v = v as usize;
                match Self::next_link(links, v, *pos as usize) {
                    Some((t, next)) => {
                        *pos = next as u16;
                        if self.index[t] == UNSEEN {
                            self.index[t] = counter;
                            self.low[t] = counter;
                            counter += 1;
                            self.stack.push(t as u16);
                            self.on_stack[t] = true;
                            self.frames.push((t as u16, 0));
                        } else if self.on_stack[t] {
                            self.low[v] = self.low[v].min(self.index[t]);
                        }
                    }
                    None => {
                        self.frames.pop();
                        if let Some(&(parent, _)) = self.frames.last() {
                            let p = parent as usize;
                            self.low[p] = self.low[p].min(self.low[v]);
                        }
                        if self.low[v] == self.index[v] {
                            self.close_component(links, v);
                        }
                    }
                }
            }
        }
    }

    /// Pops the component rooted at `v` and computes its reach.
    fn close_component(&mut self, links: &Links, v: usize) {
        let id = self.reach.len() as u16;
        let mut reach = [0u64; 2 * WORDS];
        let start = self.stack.iter().rposition(|&x| x as usize == v).unwrap_or(0);
        let mut leaf = UNSEEN;
        if start + 1 == self.stack.len() && Self::next_link(links, v, 0).is_none() {
            leaf = v as u16;
        }
        for &m in &self.stack[start..] {
            let m = m as usize;
            self.comp[m] = id;
            self.on_stack[m] = false;
            let b = node_bit(m);
            reach[b >> 6] |= 1 << (b & 63);
        }
        for &m in &self.stack[start..] {
            let mut pos = 0;
            while let Some((t, next)) = Self::next_link(links, m as usize, pos) {
                pos = next;
                let ct = self.comp[t];
                if ct != id && ct != UNSEEN {
                    let l = self.leaf[ct as usize];
                    if l != UNSEEN {
                        let b = node_bit(l as usize);
                        reach[b >> 6] |= 1 << (b & 63);
                    } else {
                        let r = &self.reach[ct as usize];
                        for k in 0..2 * WORDS {
                            reach[k] |= r[k];
                        }
                    }
                }
            }
        }
        self.stack.truncate(start);
        self.reach.push(reach);
        self.leaf.push(leaf);
    }

    /// The reach of node `v`.
    fn of(&self, v: usize) -> &NodeSet {
        &self.reach[self.comp[v] as usize]
    }

    /// Whether some candidate's on/off chains prove anything: a
    /// contradiction, or a literal implied by both the on and the off.
    fn proves_anything(&self, starts: &[usize]) -> bool {
        let clash = |r: &NodeSet| (0..WORDS).any(|k| r[k] & r[WORDS + k] != 0);
        starts.iter().any(|&lit| {
            let (on, off) = (self.of(lit), self.of(N_LIT + lit));
            clash(on) || clash(off) || (0..2 * WORDS).any(|k| on[k] & off[k] != 0)
        })
    }
}

/// Scratch space for the chain techniques, kept between calls.
pub(crate) struct Chains {
    links: Links,
    x_links: Links,
    /// The candidates followed, and their runs: on at `2 * k`, off at
    /// `2 * k + 1`.
    starts: Vec<usize>,
    runs: Vec<Run>,
    closure: Closure,
}

impl Chains {
    pub fn new() -> Self {
        Chains {
            links: Links::new(),
            x_links: Links::new(),
            starts: Vec::with_capacity(N_LIT),
            runs: Vec::with_capacity(2 * N_LIT),
            closure: Closure::new(),
        }
    }

    /// The chain technique that makes progress on `b`, the easiest first,
    /// with the length of its shortest deduction. Writes the deductions of
    /// that length into `out`.
    pub fn find(&mut self, b: &Board, pos: &Pos, out: &mut Found) -> Option<(Technique, u32)> {
        // The closure of all links says at once whether any chain proves
        // anything; X-chains use a subset of the links, so they prove
        // nothing when the full links do not.
        self.starts.clear();
        for lit in 0..N_LIT {
            if b.cands[lit / 9] & (1 << (lit % 9)) != 0 {
                self.starts.push(lit);
            }
        }
        self.links.build(b, pos, false);
        let alive = |lit: usize| b.cands[lit / 9] & (1 << (lit % 9)) != 0;
        self.closure.compute(&self.links, &alive);
        if self.closure.proves_anything(&self.starts) {
            self.x_links.build(b, pos, true);
            if let Some(len) = self.binary(b, true, u32::from(u8::MAX), out) {
                return Some((Technique::XChain, len));
            }
            return self.binary(b, false, u32::from(u8::MAX), out).map(|len| (Technique::ForcingChain, len));
        }
        self.cell_region(b, pos, out).map(|len| (Technique::CellRegionForcingChain, len))
    }

    /// Forcing chains from every candidate, on and off: a candidate whose
    /// "on" contradicts itself goes, one whose "off" does is placed, and a
    /// candidate turned off (on) by both is removed (placed). Returns the
    /// number of links of the longer side of the shortest deduction.
    fn binary(&mut self, b: &Board, digit_only: bool, max_layer: u32, out: &mut Found) -> Option<u32> {
        let links = if digit_only { &self.x_links } else { &self.links };
        self.runs.clear();
        for &lit in &self.starts {
            self.runs.push(Run::start(lit, true));
            self.runs.push(Run::start(lit, false));
        }
        for layer in 1..=max_layer {
            let mut active = false;
            for r in self.runs.iter_mut() {
                if !r.is_done() {
                    r.step(links);
                    active = true;
                }
            }
            if !active {
                return None;
            }
            let mut any = false;
            for (k, &lit) in self.starts.iter().enumerate() {
                let (c, d0) = (lit / 9, lit % 9);
                let (on, off) = (&self.runs[2 * k], &self.runs[2 * k + 1]);
                if on.contradiction {
                    any |= out.eliminate(b, c, 1 << d0);
                }
                if off.contradiction {
                    out.place_digit(c, d0 as u8 + 1);
                    any = true;
                }
                if on.contradiction || off.contradiction {
                    continue;
                }
                for w in 0..WORDS {
                    let mut gone = on.off[w] & off.off[w];
                    let mut set = on.on[w] & off.on[w];
                    while gone != 0 {
                        let y = w * 64 + gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        any |= out.eliminate(b, y / 9, 1 << (y % 9));
                    }
                    while set != 0 {
                        let y = w * 64 + set.trailing_zeros() as usize;
                        set &= set - 1;
                        out.place_digit(y / 9, (y % 9) as u8 + 1);
                        any = true;
                    }
                }
            }
            if any {
                return Some(layer);
            }
        }
        None
    }

    /// Cell and region forcing chains: every candidate of a cell, or every
    /// place of a digit in a unit, turns the same candidate off. Returns
    /// the number of links of the longest branch times the number of
    /// branches, for the shortest deduction.
    fn cell_region(&mut self, b: &Board, pos: &Pos, out: &mut Found) -> Option<u32> {
        // The links and their closure are those of `find`, on this same
        // snapshot.
        if !self.cell_region_closure(b, pos) {
            return None;
        }
        let links = &self.links;
        self.runs.clear();
        let mut run_of = [u16::MAX; N_LIT];
        for lit in 0..N_LIT {
            if b.cands[lit / 9] & (1 << (lit % 9)) != 0 {
                run_of[lit] = self.runs.len() as u16;
                self.runs.push(Run::start(lit, true));
            }
        }
        // The branch sets: cells with 3+ candidates (bivalue cells are the
        // on/off chains) and unit digits with 3+ places.
        let mut groups: Vec<([u16; 9], u8)> = Vec::new();
        for c in 0..81 {
            let m = b.cands[c];
            if m.count_ones() >= 3 {
                let mut g = ([0u16; 9], 0u8);
                for d0 in 0..9 {
                    if m & (1 << d0) != 0 {
                        g.0[g.1 as usize] = run_of[c * 9 + d0];
                        g.1 += 1;
                    }
                }
                groups.push(g);
            }
        }
        for (u, unit) in UNITS.iter().enumerate() {
            for d0 in 0..9 {
                let m = pos[u][d0];
                if m.count_ones() >= 3 {
                    let mut g = ([0u16; 9], 0u8);
                    for (k, &c) in unit.iter().enumerate() {
                        if m & (1 << k) != 0 {
                            g.0[g.1 as usize] = run_of[c as usize * 9 + d0];
                            g.1 += 1;
                        }
                    }
                    groups.push(g);
                }
            }
        }
        let mut best: Option<u32> = None;
        for layer in 1..=u32::from(u8::MAX) {
            let mut active = false;
            for r in self.runs.iter_mut() {
                if !r.is_done() {
                    r.step(links);
                    active = true;
                }
            }
            if !active {
                break;
            }
            for (g, n) in &groups {
                let branches = &g[..*n as usize];
                let mut common = [!0u64; WORDS];
                for &r in branches {
                    let run = &self.runs[r as usize];
                    // A contradicting branch is impossible and proves anything.
                    if !run.contradiction {
                        for k in 0..WORDS {
                            common[k] &= run.off[k];
                        }
                    }
                }
                let mut any = false;
                for_each_bit(&common, |y| {
                    if y < N_LIT {
                        any |= out.eliminate(b, y / 9, 1 << (y % 9));
                    }
                });
                if any {
                    let len = layer * u32::from(*n);
                    best = Some(best.map_or(len, |b| b.min(len)));
                }
            }
            if best.is_some() {
                return best;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_the_bits_they_are_given() {
        let mut s = [0u64; WORDS];
        for i in [0, 63, 64, 500, 728] {
            set_bit(&mut s, i);
        }
        let mut got = Vec::new();
        for_each_bit(&s, |i| got.push(i));
        assert_eq!(got, vec![0, 63, 64, 500, 728]);
        assert!(!is_empty(&s));
    }
}
