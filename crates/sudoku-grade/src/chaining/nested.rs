//! SE's nested forcing chains: what a dynamic chain of nesting level 2 or
//! 3 applies when its singles and the rules of the "+" level
//! ([`super::plus`]) run out. On the position the chain has built (its
//! board less the candidates it turned off), whole chain searches of a
//! lower level are run, and every candidate they remove becomes an "off"
//! of the chain:
//! - level 2, "(+ Forcing Chains)": SE's static "Forcing Chains & Cycles"
//!   search: bidirectional X-, Y- and mixed cycles ([`CycleSearch::all`]),
//!   forcing X-chains and forcing chains (a candidate whose "on" leads to
//!   its "off", or the reverse);
//! - level 3, "(+ Multiple Forcing Chains)": when those remove nothing,
//!   static cell and region forcing chains as well.
//!
//! As in SE: the first search that removes something gives all its
//! removals; its steps are taken easiest first (difficulty, complexity,
//! kind), a step that removes just what an easier one removes is not
//! taken (SE's hints are equal when they remove the same), and a step
//! that needs no candidate the outer chain turned off is left out (it was
//! there before the chain). A removal's parents are those candidates
//! (SE's rule parents): for each "on" of the nested chain that was the
//! last candidate of its cell or the last place of its digit in a unit on
//! the position, the candidates of that cell or places of that unit the
//! outer chain turned off; a cell or region chain's own cell or unit
//! counts the same way, and a cycle counts the links of both ways round.
//! The outer step's complexity adds each nested chain's complexity once
//! ([`super::engine::Engine::complexity`]); the base of level `l` is
//! 8.5 + 0.5 × `l`.
//!
//! Established from Sukaku Explainer 1.18.1 (its documentation, its code
//! read for the rule, and serate's ratings of the hardest puzzles:
//! `fixtures/grade/se_hardest_sample.tsv`); the code is our own. Left out:
//! the dynamic levels 4 and up (SE's "experimental" producers; none of
//! the 51 rated hardest puzzles reaches them), where the ladder falls
//! back on `crate::dynamic`'s approximation.

use std::collections::HashMap;

use crate::board::{Board, Pos};
use crate::potential::{Potential, NC};
use crate::rating::{length_bonus, Tenths};

use super::cycles::CycleSearch;
use super::engine::{Engine, Mode, State, BY_CELL, BY_UNIT, ROOT};
use super::graph::{contains, insert, Set, StaticGraph, W};
use super::graph_of;
use super::plus::Removal;

/// One step of a nested search: what it removes, how hard it is, and
/// what it needs of the outer chain.
struct Step {
    /// SE's difficulty of the step, in tenths.
    difficulty: Tenths,
    /// Its complexity (potentials of its chains).
    n: u32,
    /// SE's sort key among steps of one difficulty and complexity.
    sort_key: u8,
    /// What it removes: `removals[rm_start..rm_end]`, (cell, digits).
    rm_start: u32,
    rm_end: u32,
    /// A hash of that (SE's steps are equal when they remove the same).
    rm_key: u64,
    /// Its rule parents: `parents[start..end]`.
    start: u32,
    end: u32,
    /// Its identity, for counting it once in the outer step.
    key: u64,
}

/// The nested searches' scratch space.
pub(crate) struct Nested {
    engine: Engine,
    one: State,
    /// The "on" propagation of each candidate (`states[cand]`), for cell
    /// and region chains, filled for the candidates in `followed`;
    /// allocated on first use.
    states: Vec<State>,
    followed: Set,
    /// What the "on" of each candidate leads to: the candidates it turns
    /// on, and off (`reach[cand]`), for cell and region chains.
    reach: Vec<(Set, Set)>,
    steps: Vec<Step>,
    parents: Vec<u16>,
    /// The removals of the steps, as (cell, digits).
    removals: Vec<(usize, u16)>,
    order: Vec<u32>,
    taken: Vec<u64>,
    /// The static links of a position in [`Mode::X`], [`Mode::Y`] and
    /// [`Mode::STATIC`] ([`super::graph_of`]), and the cycle search on them.
    graphs: [StaticGraph; 3],
    /// Whether `graphs[g]` holds the weak links of `board`, which
    /// [`StaticGraph::narrow`] cuts down to a position's.
    built: [bool; 3],
    cycle: CycleSearch,
    /// The starts of the forcing chains found.
    found: Vec<Potential>,
    /// What the searches found on the positions already searched (a
    /// chain's position recurs: in other chains, and at the next level),
    /// for the board `board`.
    memo: HashMap<[u16; 81], Memo>,
    board: [u16; 81],
}

/// The most positions [`Nested`] remembers.
const MEMO_MAX: usize = 1 << 15;

/// What the searches of one position found.
#[derive(Default)]
struct Memo {
    /// The forcing chains' removals.
    fc: Option<Found>,
    /// The cell and region chains' removals.
    mfc: Option<Found>,
}

/// The removals of a search, their parents and chains
/// ([`Nested::find`]'s outputs, numbered from 0).
#[derive(Default)]
struct Found {
    removals: Vec<Removal>,
    parents: Vec<u16>,
    chains: Vec<(u64, u32)>,
}

impl Default for Nested {
    fn default() -> Self {
        Nested {
            engine: Engine::default(),
            one: State::default(),
            states: Vec::new(),
            followed: [0; W],
            reach: Vec::new(),
            steps: Vec::new(),
            parents: Vec::new(),
            removals: Vec::new(),
            order: Vec::new(),
            taken: Vec::new(),
            graphs: Default::default(),
            built: [false; 3],
            cycle: CycleSearch::default(),
            found: Vec::new(),
            memo: HashMap::new(),
            board: [0; 81],
        }
    }
}

/// A cycle found: its potentials from the source, and its eliminations
/// as (cell, digit).
type Cycle = (Vec<Potential>, Vec<(usize, u8)>);

/// A 64-bit identity of a nested chain from its parts.
fn key(parts: &[u64]) -> u64 {
    parts
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &x| (h ^ x).wrapping_mul(0x0100_0000_01b3).rotate_left(17))
}

impl Nested {
    /// Whether [`Nested::find`] has searched position `cur` of board `b`
    /// (and remembers it).
    pub fn has_seen(&self, b: &Board, cur: &[u16; 81]) -> bool {
        self.board == b.cands && self.memo.contains_key(cur)
    }

    /// Appends to `out` the removals of the first nested search of `level`
    /// that has any on the position `cur` of a chain on board `b`, their
    /// parents to `parents`, and the chains that prove them (identity,
    /// complexity) to `chains` (`Removal::chain` indexes it).
    pub fn find(
        &mut self,
        b: &Board,
        cur: &[u16; 81],
        level: u8,
        out: &mut Vec<Removal>,
        parents: &mut Vec<u16>,
        chains: &mut Vec<(u64, u32)>,
    ) {
        if self.board != b.cands || self.memo.len() >= MEMO_MAX {
            self.board = b.cands;
            self.memo.clear();
            self.built = [false; 3];
        }
        let mut entry = self.memo.remove(cur).unwrap_or_default();
        let nb = Board { cands: *cur, ..*b };
        let (pos, npos) = (b.positions(), nb.positions());
        if entry.fc.is_none() {
            self.steps.clear();
            self.parents.clear();
            self.removals.clear();
            self.forcing_chains((b, &pos), (&nb, &npos));
            // A candidate a cycle removes has a forcing chain through it:
            // with none, no cycle removes anything. SE lists cycles first.
            if !self.steps.is_empty() {
                let chains = std::mem::take(&mut self.steps);
                self.cycles((b, &pos), (&nb, &npos));
                self.steps.extend(chains);
            }
            entry.fc = Some(self.emit());
        }
        let fc = entry.fc.as_ref().expect("just filled");
        if fc.removals.is_empty() && level >= 3 && entry.mfc.is_none() {
            self.steps.clear();
            self.parents.clear();
            self.removals.clear();
            self.cells_and_regions((b, &pos), (&nb, &npos));
            entry.mfc = Some(self.emit());
        }
        let found = match (&entry.fc, &entry.mfc) {
            (Some(fc), _) if !fc.removals.is_empty() || level < 3 => fc,
            (_, Some(mfc)) => mfc,
            _ => unreachable!("the searches of the level ran"),
        };
        found.append_to(out, parents, chains);
        self.memo.insert(*cur, entry);
    }

    /// Makes `self.graphs[g]` the static links of `mode` on `nb` (a
    /// position of board `b`), and returns `g`.
    fn links(&mut self, (b, pos): (&Board, &Pos), (nb, npos): (&Board, &Pos), mode: Mode) -> usize {
        let g = graph_of(mode);
        if !self.built[g] {
            self.graphs[g].build(b, pos, mode);
            self.built[g] = true;
        }
        self.graphs[g].narrow(nb, npos, mode);
        g
    }

    /// Records a step proving `target` in `st` (a propagation on `nb`),
    /// unless it removes nothing.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        outer: (&Board, &Pos),
        inner: (&Board, &Pos),
        branches: &[(usize, u16)],
        target: Potential,
        (base, sort_key, n): (Tenths, u8, u32),
        id: u64,
    ) {
        let nb = inner.0;
        let (c, bit) = (target.cell(), target.bit());
        let remove = if target.is_on() { nb.cands[c] & !bit } else { nb.cands[c] & bit };
        if remove == 0 {
            return;
        }
        let start = self.parents.len() as u32;
        for &(cand, root) in branches {
            let st = if root == ROOT { &self.one } else { &self.states[cand] };
            self.engine.rule_parents(outer, inner, st, target, root, &mut self.parents);
        }
        let end = self.parents.len() as u32;
        let difficulty = base.saturating_add(length_bonus(n.saturating_sub(2)));
        let key = key(&[id, target.index() as u64, u64::from(n)]);
        let rm_start = self.removals.len() as u32;
        self.removals.push((c, remove));
        let rm_key = self::key(&[c as u64, u64::from(remove)]);
        self.steps.push(Step {
            difficulty,
            n,
            sort_key,
            rm_start,
            rm_end: rm_start + 1,
            rm_key,
            start,
            end,
            key,
        });
    }

    /// Bidirectional X- and Y-cycles (6.5) and mixed cycles (7.0) on `nb`,
    /// as [`CycleSearch::all`] finds them; each step removes all its cycle
    /// removes. SE lists them before its forcing chains.
    fn cycles(&mut self, (b, pos): (&Board, &Pos), (nb, npos): (&Board, &Pos)) {
        let mut found: Vec<Cycle> = Vec::new();
        for (mode, base, sort_key) in [(Mode::X, 65, 2u8), (Mode::Y, 65, 3), (Mode::STATIC, 70, 4)] {
            // The forcing chains built the X and static links of `nb`.
            let g = match mode {
                Mode::Y => self.links((b, pos), (nb, npos), mode),
                _ => graph_of(mode),
            };
            found.clear();
            self.cycle.all(nb, &self.graphs[g], mode, |path, elim| {
                if !elim.is_empty() {
                    found.push((path.to_vec(), elim.to_vec()));
                }
            });
            for (path, elim) in &found {
                let start = self.parents.len() as u32;
                // SE's cycle is two chains, the loop both ways round: each
                // link of it leads to an "on" one way, and its cause (the
                // cell, or the first of the box, row and column holding
                // both ends; for a strong link, with two places there)
                // counts.
                for (i, &p) in path.iter().enumerate() {
                    let prev = path[(i + path.len() - 1) % path.len()];
                    let (c, d) = (p.cell(), p.digit_idx());
                    let push = |parents: &mut Vec<u16>, q: Potential| {
                        let q = q.index() as u16;
                        if !parents[start as usize..].contains(&q) {
                            parents.push(q);
                        }
                    };
                    if prev.cell() == c {
                        let mut m = b.cands[c] & !nb.cands[c];
                        while m != 0 {
                            let d2 = m.trailing_zeros() as usize;
                            m &= m - 1;
                            push(&mut self.parents, Potential::new(c * 9 + d2, false));
                        }
                    } else if let Some(&(u, _)) = nb.units.chain_units[c].iter().find(|&&(u, _)| {
                        let u = usize::from(u);
                        nb.units.cells[u].contains(&(prev.cell() as u8))
                            && (!p.is_on() || npos[u][d].count_ones() == 2)
                    }) {
                        let u = usize::from(u);
                        let mut m = pos[u][d] & !npos[u][d];
                        while m != 0 {
                            let k = m.trailing_zeros() as usize;
                            m &= m - 1;
                            push(
                                &mut self.parents,
                                Potential::new(nb.units.cells[u][k] as usize * 9 + d, false),
                            );
                        }
                    }
                }
                let end = self.parents.len() as u32;
                let n = path.len() as u32;
                let rm_start = self.removals.len() as u32;
                let mut rm_parts = Vec::new();
                for &(c, d) in elim {
                    let m = 1u16 << (d - 1);
                    match self.removals[rm_start as usize..].iter_mut().find(|r| r.0 == c) {
                        Some(r) => r.1 |= m,
                        None => self.removals.push((c, m)),
                    }
                }
                for &(c, m) in &self.removals[rm_start as usize..] {
                    rm_parts.extend([c as u64, u64::from(m)]);
                }
                let rm_key = key(&rm_parts);
                let id = key(&[
                    10 + u64::from(sort_key),
                    path[0].index() as u64,
                    path[path.len() - 1].index() as u64,
                ]);
                self.steps.push(Step {
                    difficulty: base + length_bonus(n - 2),
                    n,
                    sort_key,
                    rm_start,
                    rm_end: self.removals.len() as u32,
                    rm_key,
                    start,
                    end,
                    key: key(&[id, u64::from(n)]),
                });
            }
        }
    }

    /// Static forcing X-chains (6.6) and forcing chains (7.0) on `nb`: an
    /// assumption that leads to its own opposite. Steps are recorded in
    /// SE's order (the X-chains first), but an X-chain is looked for only
    /// where a forcing chain was found: its links are among those.
    ///
    /// Which assumptions lead to their opposite is found on the links of
    /// `nb` ([`StaticGraph::links_to_opposite`], a level of the search at a
    /// time, and ruling out at once what an exhausted search reached); the
    /// engine follows only those again, for the chain's potentials and
    /// rule parents. Builds the static links of `nb`, and its X links when
    /// it finds a chain, which the cycle search then uses.
    fn forcing_chains(&mut self, outer: (&Board, &Pos), (nb, npos): (&Board, &Pos)) {
        self.found.clear();
        let first = self.steps.len();
        let g = self.links(outer, (nb, npos), Mode::STATIC);
        for c in 0..81 {
            let m = nb.cands[c];
            if nb.value[c] != 0 || m.count_ones() < 2 {
                continue;
            }
            for d in 0..9 {
                if m & (1 << d) == 0 {
                    continue;
                }
                // "Off" leads back to "on" only through a strong link into it.
                let strong = m.count_ones() == 2
                    || nb.units.chain_units[c]
                        .iter()
                        .any(|&(u, _)| npos[usize::from(u)][d].count_ones() == 2);
                for on in [true, false] {
                    let start = Potential::new(c * 9 + d, on);
                    if (on || strong) && self.graphs[g].links_to_opposite(start, u8::MAX).is_some() {
                        let found = self.chain(outer, (nb, npos), Mode::STATIC, start);
                        debug_assert!(found, "the engine follows the links of the graph");
                        self.found.push(start);
                    }
                }
            }
        }
        // The X-chains go first, as SE lists them.
        let xy_steps = self.steps.split_off(first);
        if self.found.is_empty() {
            return;
        }
        let g = self.links(outer, (nb, npos), Mode::X);
        for i in 0..self.found.len() {
            let start = self.found[i];
            if self.graphs[g].links_to_opposite(start, u8::MAX).is_some() {
                let found = self.chain(outer, (nb, npos), Mode::X, start);
                debug_assert!(found, "the engine follows the links of the graph");
            }
        }
        self.steps.extend(xy_steps);
    }

    /// Records the step of a static chain of `mode` from `start` to its
    /// opposite, if there is one; whether there is.
    fn chain(
        &mut self,
        outer: (&Board, &Pos),
        (nb, npos): (&Board, &Pos),
        mode: Mode,
        start: Potential,
    ) -> bool {
        let (base, sort_key) = if mode == Mode::X { (66, 2u8) } else { (70, 4) };
        let target = start.opposite();
        self.engine.target = Some(target);
        self.engine.propagate(nb, npos, mode, start, &mut self.one);
        self.engine.target = None;
        if !self.one.has(target) {
            return false;
        }
        let n = self.engine.count(nb, npos, &self.one, target);
        let id = key(&[1 + u64::from(sort_key), start.index() as u64]);
        self.step(outer, (nb, npos), &[(0, ROOT)], target, (base, sort_key, n), id);
        true
    }

    /// Static cell forcing chains (every candidate of a cell of three or
    /// more implies the same) and region forcing chains (every place of a
    /// digit in a unit does), 8.0, in SE's order: each cell, its digits'
    /// units where it is the digit's first place, then the cell itself.
    /// Which cells and units, as for the static chains of
    /// [`super::Chaining`]: three branches or more.
    ///
    /// What each "on" leads to is found on the links of `nb`
    /// ([`StaticGraph::reach`], a level at a time); the engine follows a
    /// branch again only where the branches agree, for the chains'
    /// potentials and rule parents.
    fn cells_and_regions(&mut self, outer: (&Board, &Pos), (nb, npos): (&Board, &Pos)) {
        if self.states.is_empty() {
            self.states = vec![State::default(); NC];
            self.reach = vec![([0; W], [0; W]); NC];
        }
        self.followed = [0; W];
        let g = self.links(outer, (nb, npos), Mode::STATIC);
        for cand in 0..NC {
            if nb.cands[cand / 9] & (1 << (cand % 9)) != 0 {
                let (on, off) = self.graphs[g].reach(Potential::new(cand, true));
                self.reach[cand] = (*on, *off);
            }
        }
        let mut branches: Vec<(usize, u16)> = Vec::with_capacity(9);
        for c in 0..81 {
            let m = nb.cands[c];
            if nb.value[c] != 0 || m.count_ones() < 3 {
                continue;
            }
            for d in 0..9 {
                if m & (1 << d) == 0 {
                    continue;
                }
                for &(u, k) in &nb.units.chain_units[c] {
                    let u = usize::from(u);
                    let places = npos[u][d];
                    if places.trailing_zeros() != u32::from(k) || places.count_ones() < 3 {
                        continue;
                    }
                    branches.clear();
                    branches.extend(
                        (0..9)
                            .filter(|i| places & (1 << i) != 0)
                            .map(|i| (nb.units.cells[u][i] as usize * 9 + d, BY_UNIT + u as u16)),
                    );
                    let id = key(&[7, u as u64, d as u64]);
                    self.agree(outer, (nb, npos), &branches, 6, id);
                }
            }
            branches.clear();
            branches.extend((0..9).filter(|d| m & (1 << d) != 0).map(|d| (c * 9 + d, BY_CELL)));
            self.agree(outer, (nb, npos), &branches, 5, key(&[8, c as u64]));
        }
    }

    /// Records a step for each potential every branch (`(cand, root)`,
    /// what its "on" leads to in `self.reach[cand]`) implies, with the
    /// branch's propagation in `self.states[cand]`.
    fn agree(
        &mut self,
        outer: (&Board, &Pos),
        (nb, npos): (&Board, &Pos),
        branches: &[(usize, u16)],
        sort_key: u8,
        id: u64,
    ) {
        // What every branch turns on, and off, but the branches themselves.
        let (mut all_on, mut all_off) = ([!0u64; W], [!0u64; W]);
        for &(cand, _) in branches {
            let (on, off) = &self.reach[cand];
            for k in 0..W {
                all_on[k] &= on[k];
                all_off[k] &= off[k];
            }
        }
        for &(cand, _) in branches {
            all_on[cand / 64] &= !(1 << (cand % 64));
        }
        if all_on.iter().chain(&all_off).all(|&w| w == 0) {
            return;
        }
        for &(cand, _) in branches {
            if !contains(&self.followed, cand) {
                insert(&mut self.followed, cand);
                let start = Potential::new(cand, true);
                self.engine.propagate(nb, npos, Mode::STATIC, start, &mut self.states[cand]);
            }
        }
        for c in 0..81 {
            for on in [true, false] {
                let mut mask = cell_mask(if on { &all_on } else { &all_off }, c);
                while mask != 0 {
                    let d = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    let y = Potential::new(c * 9 + d, on);
                    let n = branches
                        .iter()
                        .map(|&(cand, _)| self.engine.count(nb, npos, &self.states[cand], y))
                        .sum();
                    self.step(outer, (nb, npos), branches, y, (80, sort_key, n), id);
                }
            }
        }
    }

    /// The steps found, easiest first, each removal once, leaving out the
    /// steps with no parents.
    fn emit(&mut self) -> Found {
        let mut found = Found::default();
        let steps = &self.steps;
        self.order.clear();
        self.order.extend(0..steps.len() as u32);
        self.order.sort_by_key(|&i| {
            let s = &steps[i as usize];
            (s.difficulty, s.n, s.sort_key)
        });
        self.taken.clear();
        for &i in &self.order {
            let s = &steps[i as usize];
            if self.taken.contains(&s.rm_key) {
                continue;
            }
            self.taken.push(s.rm_key);
            if s.start == s.end {
                continue;
            }
            let start = found.parents.len() as u32;
            found.parents.extend_from_slice(&self.parents[s.start as usize..s.end as usize]);
            let end = found.parents.len() as u32;
            let chain = found.chains.len() as u32;
            found.chains.push((s.key, s.n));
            for &(cell, mut m) in &self.removals[s.rm_start as usize..s.rm_end as usize] {
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    found.removals.push(Removal { cand: cell * 9 + d, start, end, chain });
                }
            }
        }
        found
    }
}

/// The digits of cell `c` in the set of candidates `s`, as a mask.
fn cell_mask(s: &Set, c: usize) -> u16 {
    let (k, shift) = (c * 9 / 64, c * 9 % 64);
    let mut bits = s[k] >> shift;
    if shift > 64 - 9 && k + 1 < W {
        bits |= s[k + 1] << (64 - shift);
    }
    (bits & 0x1FF) as u16
}

impl Found {
    /// Appends the removals to `out`, their parents to `parents` and their
    /// chains to `chains`, renumbered.
    fn append_to(&self, out: &mut Vec<Removal>, parents: &mut Vec<u16>, chains: &mut Vec<(u64, u32)>) {
        let (p0, c0) = (parents.len() as u32, chains.len() as u32);
        parents.extend_from_slice(&self.parents);
        chains.extend_from_slice(&self.chains);
        out.extend(self.removals.iter().map(|r| Removal {
            cand: r.cand,
            start: r.start + p0,
            end: r.end + p0,
            chain: r.chain + c0,
        }));
    }
}
