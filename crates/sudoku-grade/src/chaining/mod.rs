//! Sudoku Explainer's chains: X- and Y-cycles, forcing X-chains, forcing
//! chains and cycles, Nishio, cell and region forcing chains, dynamic,
//! dynamic+ and nested forcing chains (SE's levels 2 and 3, [`nested`]),
//! each rated by its length.
//!
//! Every chain is found by following assumptions with [`engine`]: a
//! candidate assumed on (or off) and everything its links imply. What SE
//! calls a chain's complexity is the number of potentials (candidate and
//! polarity) of the chains that make the hint, less two; its difficulty
//! is the technique's base plus [`length_bonus`] of that.

#![allow(clippy::needless_range_loop)]

mod cycles;
mod engine;
mod graph;
mod nested;
mod plus;
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};

use arrayvec::ArrayVec;

use crate::board::{Board, Pos};
use crate::hits::{Hits, Text};
use crate::potential::{Potential, NC, NP};
use crate::rating::{length_bonus, longest_with_bonus, Tenths};
use crate::technique::Technique;

use engine::{Engine, Mode, State};
use graph::StaticGraph;

/// Which chains to look for, in ladder order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Bidirectional X- and Y-cycles, forcing X-chains, forcing chains and
    /// bidirectional cycles (SE 6.5 and up).
    ChainsAndCycles,
    /// Nishio forcing chains (SE 7.5 and up).
    Nishio,
    /// Cell and region forcing chains (SE 8.0 and up).
    Multiple,
    /// Dynamic forcing chains (SE 8.5 and up).
    Dynamic,
    /// Dynamic forcing chains with the rules of [`plus`] when the links
    /// run out (SE's "(+)", 9.0 and up).
    DynamicPlus,
    /// Dynamic forcing chains nested at SE's level 2 ("+ Forcing Chains",
    /// 9.5 and up) or 3 ("+ Multiple Forcing Chains", 10.0 and up): see
    /// [`nested`].
    Nested(u8),
}

/// The chain finder, with its scratch space.
pub(crate) struct Chaining {
    engine: Engine,
    /// One propagation per potential (`states[p.index()]`), for the hints that
    /// combine several assumptions: allocated (7 MB) on the first board
    /// that needs them, as most puzzles never do.
    states: Vec<State>,
    /// A scratch propagation.
    one: State,
    /// The board's static links in [`Mode::X`], [`Mode::Y`] and
    /// [`Mode::STATIC`] (see [`graph_of`]).
    graphs: [StaticGraph; 3],
    /// The graph of the cycle search under way.
    graph: usize,
    /// The cycle search's scratch space.
    cycle: cycles::CycleSearch,
}

impl Default for Chaining {
    fn default() -> Self {
        Self::new()
    }
}

/// Adds the chain behind `p` in `st` to `x`: `r1c2=5 -> r1c3<>5 -> ...`,
/// each potential followed back through its first parent, the assumption
/// first.
fn chain_text(x: &mut Text, b: &Board, pos: &Pos, st: &State, p: Potential) {
    let start = x.len();
    x.node(p);
    let mut q = p;
    // A chain has at most one potential per candidate and polarity.
    for _ in 0..NP {
        let Some(r) = Engine::first_parent(b, pos, st, q) else { break };
        x.str(" -> ").node(r);
        q = r;
    }
    x.reverse_from(start);
}

/// The conclusion of potential `p`: a digit placed or a candidate removed.
fn conclusion(p: Potential) -> ([(usize, u8); 1], bool) {
    ([(p.cell(), p.digit_idx() as u8 + 1)], p.is_on())
}

/// SE's order of chain steps of one difficulty: the least complexity (the
/// `n` of [`length_bonus`]`(n - 2)`), then by kind (`sort_key`: double
/// forcing 1, X-only links 2, Y-only 3, both 4, cell 5, region 6,
/// contradiction 7).
fn rank(n: u32, sort_key: u32) -> u32 {
    n.saturating_mul(8).saturating_add(sort_key)
}

/// Offers "potential `p` holds" for `technique` at `difficulty`, ranked
/// `rank` among steps of that difficulty.
fn offer(
    b: &Board,
    hits: &mut Hits,
    technique: Technique,
    (difficulty, rank): (Tenths, u32),
    p: Potential,
    text: impl FnOnce(&mut Text),
) {
    let (c, place) = conclusion(p);
    if place {
        hits.offer_ranked(b, technique, difficulty, rank, &c, &[], text);
    } else {
        hits.offer_ranked(b, technique, difficulty, rank, &[], &c, text);
    }
}

/// The largest complexity a chain of base difficulty `base` may have and
/// still be kept by `hits`; `None` when even the shortest would not be.
fn max_complexity(base: Tenths, hits: &Hits) -> Option<u32> {
    let Some(best) = hits.best() else { return Some(u32::MAX / 4) };
    let k = best.checked_sub(base)? as u32;
    Some(longest_with_bonus(k))
}

/// The index in `Chaining::graphs` of a static mode's links.
fn graph_of(mode: Mode) -> usize {
    match mode {
        Mode::X => 0,
        Mode::Y => 1,
        _ => 2,
    }
}

/// Adds a contradiction's text to `x`: the assumption, the candidate it
/// makes both on and off, and the two chains that do.
fn contradiction_text(
    x: &mut Text,
    name: &'static str,
    b: &Board,
    pos: &Pos,
    st: &State,
    start: Potential,
    y: usize,
) {
    x.str(name).str(": ").cand(start.cand()).str(" ").str(start.polarity()).str(" ==> ").cand(y);
    x.str(" both on & off: ");
    chain_text(x, b, pos, st, Potential::new(y, true));
    x.str("; ");
    chain_text(x, b, pos, st, Potential::new(y, false));
}

impl Chaining {
    /// A finder with its scratch space allocated.
    pub fn new() -> Self {
        Chaining {
            engine: Engine::default(),
            states: Vec::new(),
            one: State::default(),
            graphs: Default::default(),
            graph: 0,
            cycle: cycles::CycleSearch::default(),
        }
    }

    /// Offers every chain step of `kind` on `b` to `hits`.
    pub fn find(&mut self, kind: Kind, b: &Board, pos: &Pos, hits: &mut Hits) {
        self.find_until(kind, b, pos, hits, &AtomicBool::new(false));
    }

    /// [`Chaining::find`], ending early when `stop` is set: the dynamic
    /// and nested chains (each of their assumptions can take a
    /// millisecond) then offer only what they found before.
    pub fn find_until(&mut self, kind: Kind, b: &Board, pos: &Pos, hits: &mut Hits, stop: &AtomicBool) {
        match kind {
            Kind::ChainsAndCycles => self.chains_and_cycles(b, pos, hits),
            Kind::Nishio => self.contradictions(b, pos, Mode::NISHIO, hits),
            Kind::Multiple => self.multiple(b, pos, hits),
            Kind::Dynamic => self.dynamic(b, pos, Mode::DYNAMIC, hits, stop),
            Kind::DynamicPlus => self.dynamic(b, pos, Mode::DYNAMIC_PLUS, hits, stop),
            Kind::Nested(level) => {
                let mode = if level >= 3 { Mode::NESTED_MFC } else { Mode::NESTED_FC };
                self.dynamic(b, pos, mode, hits, stop)
            }
        }
    }

    /// Builds the static links of `b` for [`Chaining::forcing_chain_from`].
    pub fn build_static(&mut self, b: &Board, pos: &Pos) {
        self.graphs[graph_of(Mode::STATIC)].build(b, pos, Mode::STATIC);
    }

    /// What a static forcing chain of at most `links` links from candidate
    /// `cand` proves, on the links of [`Chaining::build_static`]: a chain
    /// from "on" to "off" proves "off", from "off" to "on" proves "on". For
    /// [`crate::Grader::solves_with_chains`], which takes any chain, not the
    /// easiest. (Links found on a board hold on every board that follows
    /// from it, so they may be older than the board.)
    pub fn forcing_chain_from(&mut self, cand: usize, links: u8) -> Option<Potential> {
        let g = &mut self.graphs[graph_of(Mode::STATIC)];
        for on in [true, false] {
            let start = Potential::new(cand, on);
            // No limit on the search, so that it can rule out others.
            if (on || g.strong(cand).1 != 0)
                && g.links_to_opposite(start, u8::MAX).is_some_and(|n| n <= links)
            {
                return Some(start.opposite());
            }
        }
        None
    }

    /// Every candidate of the board.
    fn candidates(b: &Board) -> impl Iterator<Item = usize> + '_ {
        (0..NC).filter(move |&cand| b.cands[cand / 9] & (1 << (cand % 9)) != 0)
    }

    /// Forcing X-chains and forcing chains (static chains from one
    /// assumption to its opposite), then bidirectional X-, Y- and mixed
    /// cycles no harder than the easiest of those.
    fn chains_and_cycles(&mut self, b: &Board, pos: &Pos, hits: &mut Hits) {
        for mode in [Mode::X, Mode::STATIC] {
            let technique = if mode == Mode::X { Technique::ForcingXChain } else { Technique::ForcingChain };
            let base = technique.base_tenths();
            let g = graph_of(mode);
            self.graphs[g].build(b, pos, mode);
            for cand in Self::candidates(b) {
                for on in [true, false] {
                    // A chain of n potentials has n - 1 links.
                    let Some(max) = max_complexity(base, hits) else { break };
                    let start = Potential::new(cand, on);
                    // "Off" leads back to "on" only through a strong link
                    // into it, and strong links go both ways.
                    if !on && self.graphs[g].strong(cand).1 == 0 {
                        continue;
                    }
                    if let Some(links) = self.graphs[g].links_to_opposite(start, (max + 1).min(250) as u8) {
                        self.forcing_chain(mode, start, u32::from(links) + 1, b, pos, hits);
                    }
                }
            }
        }
        // A candidate a cycle removes sees an "on" of each way round, so it
        // has a forcing chain through the cycle: with no forcing chain
        // there is no useful cycle.
        if hits.best().is_none() {
            return;
        }
        for mode in [Mode::X, Mode::Y, Mode::STATIC] {
            // The forcing chains built the X and static graphs.
            let g = graph_of(mode);
            if mode == Mode::Y {
                self.graphs[g].build(b, pos, mode);
            }
            self.graph = g;
            self.cycles(b, mode, hits);
        }
    }

    /// A static assumption that leads to its own opposite in a chain of `n`
    /// potentials.
    #[allow(clippy::too_many_arguments)]
    fn forcing_chain(&mut self, mode: Mode, start: Potential, n: u32, b: &Board, pos: &Pos, hits: &mut Hits) {
        let (technique, name) = if mode == Mode::X {
            (Technique::ForcingXChain, "Forcing X-Chain")
        } else {
            (Technique::ForcingChain, "Forcing Chain")
        };
        let difficulty = technique.base_tenths() + length_bonus(n.saturating_sub(2));
        let (engine, one) = (&mut self.engine, &mut self.one);
        offer(
            b,
            hits,
            technique,
            (difficulty, rank(n, if mode == Mode::X { 2 } else { 4 })),
            start.opposite(),
            |x| {
                // The chain itself, found again only for the text.
                engine.target = Some(start.opposite());
                engine.propagate(b, pos, mode, start, one);
                engine.target = None;
                x.str(name).str(": ").cand(start.cand()).str(" ").str(start.opposite().polarity()).str(": ");
                chain_text(x, b, pos, one, start.opposite());
            },
        );
    }

    /// Nishio (one digit) or dynamic contradictions: an assumption that
    /// makes a candidate both on and off is false.
    fn contradictions(&mut self, b: &Board, pos: &Pos, mode: Mode, hits: &mut Hits) {
        let (technique, name) = if mode == Mode::NISHIO {
            (Technique::NishioForcingChain, "Nishio Forcing Chain")
        } else {
            (Technique::DynamicForcingChain, "Contradiction Forcing Chain")
        };
        let base = technique.base_tenths();
        for cand in Self::candidates(b) {
            for on in [true, false] {
                let start = Potential::new(cand, on);
                self.engine.propagate(b, pos, mode, start, &mut self.one);
                self.offer_contradiction(b, pos, technique, base, name, start, hits);
            }
        }
    }

    /// Offers the contradiction of `self.one`, if any.
    #[allow(clippy::too_many_arguments)]
    fn offer_contradiction(
        &mut self,
        b: &Board,
        pos: &Pos,
        technique: Technique,
        base: Tenths,
        name: &'static str,
        start: Potential,
        hits: &mut Hits,
    ) {
        let Some((n, y)) = Self::first_conflict(&mut self.engine, b, pos, &self.one) else { return };
        let difficulty = base + length_bonus(n - 2);
        let st = &self.one;
        offer(b, hits, technique, (difficulty, rank(n, 7)), start.opposite(), |x| {
            contradiction_text(x, name, b, pos, st, start, y)
        });
    }

    /// The contradiction of `st`: the number of potentials of its two
    /// chains, and the candidate found both on and off. SE reports the first
    /// one its propagation meets (every pending "on" followed before the
    /// next "off"), not the shortest: the shortest would rate up to 0.2 too
    /// low.
    fn first_conflict(engine: &mut Engine, b: &Board, pos: &Pos, st: &State) -> Option<(u32, usize)> {
        let y = st.conflict?;
        Some((engine.complexity(b, pos, &[(st, Potential::new(y, true)), (st, Potential::new(y, false))]), y))
    }

    /// Fills `self.states[Potential::new(cand, on).index()]` for every candidate, with the
    /// polarities asked for; `false`, with some not filled, when `stop`
    /// was set first.
    fn fill_states(&mut self, b: &Board, pos: &Pos, mode: Mode, offs: bool, stop: &AtomicBool) -> bool {
        if self.states.is_empty() {
            self.states = vec![State::default(); NP];
        }
        for cand in Self::candidates(b) {
            if stop.load(Ordering::Relaxed) {
                return false;
            }
            for on in [true, false] {
                if on || offs {
                    let p = Potential::new(cand, on);
                    self.engine.propagate(b, pos, mode, p, &mut self.states[p.index()]);
                }
            }
        }
        true
    }

    /// Static cell and region forcing chains.
    fn multiple(&mut self, b: &Board, pos: &Pos, hits: &mut Hits) {
        self.fill_states(b, pos, Mode::STATIC, false, &AtomicBool::new(false));
        self.cells_and_regions(b, pos, None, hits);
    }

    /// Dynamic contradictions, double implications, cell and region forcing
    /// chains (`mode`: with the "+" level's rules or not).
    fn dynamic(&mut self, b: &Board, pos: &Pos, mode: Mode, hits: &mut Hits, stop: &AtomicBool) {
        if !self.fill_states(b, pos, mode, true, stop) {
            return;
        }
        let (technique, base) = match mode.nest {
            // SE's base of nesting level l is 8.5 + 0.5 l.
            l @ 2.. => {
                (Technique::NestedForcingChain, Technique::NestedForcingChain.base_tenths() + 5 * (l - 2))
            }
            _ if mode.plus => {
                (Technique::DynamicForcingChainPlus, Technique::DynamicForcingChainPlus.base_tenths())
            }
            _ => (Technique::DynamicForcingChain, Technique::DynamicForcingChain.base_tenths()),
        };
        for cand in Self::candidates(b) {
            let (p_on, p_off) = (Potential::new(cand, true), Potential::new(cand, false));
            for start in [p_on, p_off] {
                if let Some((n, y)) =
                    Self::first_conflict(&mut self.engine, b, pos, &self.states[start.index()])
                {
                    let difficulty = base.saturating_add(length_bonus(n - 2));
                    let st = &self.states[start.index()];
                    offer(b, hits, technique, (difficulty, rank(n, 7)), start.opposite(), |x| {
                        contradiction_text(x, "Contradiction Forcing Chain", b, pos, st, start, y)
                    });
                }
            }
            for c in 0..81 {
                for on in [true, false] {
                    let mask = if on {
                        self.states[p_on.index()].on[c] & self.states[p_off.index()].on[c]
                    } else {
                        self.states[p_on.index()].off[c] & self.states[p_off.index()].off[c]
                    };
                    let mut m = mask;
                    while m != 0 {
                        let d = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let y = Potential::new(c * 9 + d, on);
                        let parts = [(&self.states[p_on.index()], y), (&self.states[p_off.index()], y)];
                        let n = self.engine.complexity(b, pos, &parts);
                        let difficulty = base.saturating_add(length_bonus(n - 2));
                        let (s_on, s_off) = (&self.states[p_on.index()], &self.states[p_off.index()]);
                        offer(b, hits, technique, (difficulty, rank(n, 1)), y, |x| {
                            x.str("Double Forcing Chain: ").cand(cand).str(" on & off ==> ").cand(y.cand());
                            x.str(" ").str(y.polarity()).str(": ");
                            chain_text(x, b, pos, s_on, y);
                            x.str("; ");
                            chain_text(x, b, pos, s_off, y);
                        });
                    }
                }
            }
        }
        self.cells_and_regions(b, pos, Some((technique, base)), hits);
    }

    /// Cell forcing chains (every candidate of a cell implies the same) and
    /// region forcing chains (every place of a digit in a unit does), from
    /// the "on" propagations in `self.states`.
    ///
    /// Which cells and units SE tries, as its ratings show: static chains
    /// need three branches or more (two branches are a forcing chain
    /// already, found at 7.x), and SE reaches a unit's digit only from the
    /// cell of its first place, which it skips when that cell has fewer
    /// candidates than the branches need. So a static region chain whose
    /// first place is a bivalue cell is never found. Finding it anyway rated
    /// 8.5–8.8 puzzles 0.1–0.3 low: exact on 71 % of the bank's 8.6 and
    /// 59 % of its 8.7, against 99 % and 100 % with the rule.
    /// `dynamic`: the technique of dynamic chains; `None` for static ones.
    fn cells_and_regions(
        &mut self,
        b: &Board,
        pos: &Pos,
        dynamic: Option<(Technique, Tenths)>,
        hits: &mut Hits,
    ) {
        let mut branches: ArrayVec<Potential, 9> = ArrayVec::new();
        let min = if dynamic.is_some() { 2 } else { 3 };
        for c in 0..81 {
            let m = b.cands[c];
            if m.count_ones() < min {
                continue;
            }
            branches.clear();
            branches.extend((0..9).filter(|d| m & (1 << d) != 0).map(|d| Potential::new(c * 9 + d, true)));
            self.agree(
                b,
                pos,
                &branches,
                dynamic,
                hits,
                &|x: &mut Text| {
                    x.cell(c);
                },
                true,
            );
        }
        // SE's order, which picks among steps of one rank: by the unit's
        // first place of the digit, the digit, then box, row, column and
        // extra houses.
        for c in 0..81 {
            for d in 0..9 {
                if b.cands[c] & (1 << d) == 0 {
                    continue;
                }
                for &(u, k) in &b.units.chain_units[c] {
                    let (u, places) = (usize::from(u), pos[usize::from(u)][d]);
                    if places.trailing_zeros() != u32::from(k)
                        || places.count_ones() < min
                        || b.cands[c].count_ones() < min
                    {
                        continue;
                    }
                    branches.clear();
                    branches.extend(
                        (0..9)
                            .filter(|i| places & (1 << i) != 0)
                            .map(|i| Potential::new(b.units.cells[u][i] as usize * 9 + d, true)),
                    );
                    let kind = b.units.kind(u).se_word();
                    let what = |x: &mut Text| {
                        x.num(d + 1).str(" in ").str(kind);
                    };
                    self.agree(b, pos, &branches, dynamic, hits, &what, false);
                }
            }
        }
    }

    /// Offers what every branch of `branches` implies.
    #[allow(clippy::too_many_arguments)]
    fn agree(
        &mut self,
        b: &Board,
        pos: &Pos,
        branches: &[Potential],
        dynamic: Option<(Technique, Tenths)>,
        hits: &mut Hits,
        what: &dyn Fn(&mut Text),
        cell: bool,
    ) {
        let (technique, base) = match (dynamic, cell) {
            (Some(t), _) => t,
            (None, true) => (Technique::CellForcingChain, Technique::CellForcingChain.base_tenths()),
            (None, false) => (Technique::RegionForcingChain, Technique::RegionForcingChain.base_tenths()),
        };
        let name = if cell { "Cell Forcing Chains" } else { "Region Forcing Chains" };
        // What every branch turns on, and off: one pass a branch.
        let (mut all_on, mut all_off) = ([0x1FFu16; 81], [0x1FFu16; 81]);
        for &p in branches {
            let st = &self.states[p.index()];
            let mut any = 0;
            for c in 0..81 {
                all_on[c] &= st.on[c];
                all_off[c] &= st.off[c];
                any |= all_on[c] | all_off[c];
            }
            if any == 0 {
                return;
            }
        }
        for c in 0..81 {
            for on in [true, false] {
                let mut mask = if on { all_on[c] } else { all_off[c] };
                while mask != 0 {
                    let d = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    let y = Potential::new(c * 9 + d, on);
                    if branches.contains(&y) {
                        continue;
                    }
                    let parts: ArrayVec<(&State, Potential), 9> =
                        branches.iter().map(|&p| (&self.states[p.index()], y)).collect();
                    let n = self.engine.complexity(b, pos, &parts);
                    let difficulty = base.saturating_add(length_bonus(n - 2));
                    let states = &self.states;
                    offer(b, hits, technique, (difficulty, rank(n, if cell { 5 } else { 6 })), y, |x| {
                        x.str(name).str(": ");
                        what(x);
                        x.str(" ==> ").cand(y.cand()).str(" ").str(y.polarity()).str(": ");
                        for (i, &p) in branches.iter().enumerate() {
                            if i > 0 {
                                x.str("; ");
                            }
                            chain_text(x, b, pos, &states[p.index()], y);
                        }
                    });
                }
            }
        }
    }
}
