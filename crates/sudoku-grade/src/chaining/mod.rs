//! Sudoku Explainer's chains: X- and Y-cycles, forcing X-chains, forcing
//! chains and cycles, Nishio, cell and region forcing chains, dynamic,
//! dynamic+ and nested forcing chains, each rated by its length.
//!
//! Every chain is found by following assumptions with [`engine`]: a
//! candidate assumed on (or off) and everything its links imply. What SE
//! calls a chain's complexity is the number of potentials (candidate and
//! polarity) of the chains that make the hint, less two; its difficulty
//! is the technique's base plus [`length_bonus`] of that.

#![allow(clippy::needless_range_loop)]

mod engine;
#[cfg(test)]
mod tests;

use sudoku_core::{PEERS, UNITS};

use crate::board::{Board, Pos};
use crate::grader::length_bonus;
use crate::hint::{cell_name, Hits, Tenths};
use crate::technique::Technique;
use engine::{pot, Engine, Mode, State, NC, NP};

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
    /// Dynamic forcing chains with the basic techniques inside (SE 9.0 and up).
    DynamicPlus,
    /// Forcing chains nested `n` levels (SE 9.5 and up).
    Nested(u8),
}

/// The chain finder, with its scratch space.
pub(crate) struct Chaining {
    engine: Engine,
    /// One propagation per potential (`states[pot]`), for the hints that
    /// combine several assumptions.
    states: Vec<State>,
    /// A scratch propagation.
    one: State,
    path: Vec<usize>,
}

impl Default for Chaining {
    fn default() -> Self {
        Self::new()
    }
}

/// `r1c2.3`: a candidate as SE writes it.
fn cand_name(cand: usize) -> String {
    format!("{}.{}", cell_name(cand / 9), cand % 9 + 1)
}

/// `on` / `off`.
fn polarity(p: usize) -> &'static str {
    if p & 1 == 1 {
        "on"
    } else {
        "off"
    }
}

/// The conclusion of potential `p`: a digit placed or a candidate removed.
fn conclusion(p: usize) -> ([(usize, u8); 1], bool) {
    let cand = p / 2;
    ([(cand / 9, (cand % 9) as u8 + 1)], p & 1 == 1)
}

/// Offers "potential `p` holds" for `technique` at `difficulty`.
fn offer(b: &Board, hits: &mut Hits, technique: Technique, difficulty: Tenths, p: usize, text: impl FnOnce() -> String) {
    let (c, place) = conclusion(p);
    if place {
        hits.offer(b, technique, difficulty, &c, &[], text);
    } else {
        hits.offer(b, technique, difficulty, &[], &c, text);
    }
}

/// Whether candidates `a` and `b` cannot both be true: same cell, or same
/// digit in cells that see each other.
fn sees(a: usize, b: usize) -> bool {
    let (ca, da, cb, db) = (a / 9, a % 9, b / 9, b % 9);
    if ca == cb {
        da != db
    } else {
        da == db && PEERS[ca].contains(&(cb as u8))
    }
}

const UNIT_KIND: [&str; 3] = ["row", "column", "block"];

impl Chaining {
    /// A finder with its scratch space allocated.
    pub fn new() -> Self {
        Chaining { engine: Engine::default(), states: vec![State::default(); NP], one: State::default(), path: Vec::new() }
    }

    /// Offers every chain step of `kind` on `b` to `hits`.
    pub fn find(&mut self, kind: Kind, b: &Board, hits: &mut Hits) {
        let pos = b.positions();
        if std::env::var_os("CHAIN_DUMP").is_some() {
            let mut line = String::new();
            for c in 0..81 {
                for d in 0..9 {
                    let has = if b.value[c] != 0 { b.value[c] as usize == d + 1 } else { b.cands[c] & (1 << d) != 0 };
                    line.push(if has { (b'1' + d as u8) as char } else { '.' });
                }
            }
            eprintln!("DUMP {kind:?} {line}");
        }
        match kind {
            Kind::ChainsAndCycles => self.chains_and_cycles(b, &pos, hits),
            Kind::Nishio => self.contradictions(b, &pos, Mode::NISHIO, hits),
            Kind::Multiple => self.multiple(b, &pos, hits),
            Kind::Dynamic => self.dynamic(b, &pos, hits),
            Kind::DynamicPlus | Kind::Nested(_) => {}
        }
    }

    /// Every candidate of the board.
    fn candidates(b: &Board) -> impl Iterator<Item = usize> + '_ {
        (0..NC).filter(move |&cand| b.cands[cand / 9] & (1 << (cand % 9)) != 0)
    }

    /// Bidirectional X-, Y- and mixed cycles, forcing X-chains and forcing
    /// chains: static chains from one assumption back to it (a cycle) or
    /// to its opposite (a contradiction).
    fn chains_and_cycles(&mut self, b: &Board, pos: &Pos, hits: &mut Hits) {
        for mode in [Mode::X, Mode::Y, Mode::STATIC] {
            for cand in Self::candidates(b) {
                for on in [true, false] {
                    if mode == Mode::Y && !on {
                        continue;
                    }
                    let start = pot(cand, on);
                    self.engine.propagate(b, pos, mode, start, &mut self.one);
                    if mode != Mode::Y && self.one.has(start ^ 1) {
                        self.forcing_chain(b, pos, mode, start, hits);
                    }
                    if on {
                        for i in 0..self.one.closings.len() {
                            let off = self.one.closings[i];
                            self.cycle(b, pos, mode, off, hits);
                        }
                    }
                }
            }
        }
    }

    /// A static assumption that leads to its own opposite.
    fn forcing_chain(&mut self, b: &Board, pos: &Pos, mode: Mode, start: usize, hits: &mut Hits) {
        let n = self.engine.count(b, pos, &self.one, start ^ 1);
        let (technique, base, name) = if mode == Mode::X {
            (Technique::ForcingXChain, 66, "Forcing X-Chain")
        } else {
            (Technique::ForcingChain, 70, "Forcing Chain")
        };
        let difficulty = base + length_bonus(n.saturating_sub(2));
        offer(b, hits, technique, difficulty, start ^ 1, || {
            format!("{name}: {} {}", cand_name(start / 2), polarity(start ^ 1))
        });
    }

    /// The cycle the static propagation in `self.one` closes at `off`: both
    /// ways round are true at once, so a candidate that sees an "on" of
    /// each way is false.
    fn cycle(&mut self, b: &Board, pos: &Pos, mode: Mode, off: usize, hits: &mut Hits) {
        Engine::path(b, pos, &self.one, off, &mut self.path);
        let len = self.path.len();
        if len < 4 {
            return;
        }
        let cands: Vec<usize> = self.path.iter().map(|&p| p / 2).collect();
        for i in 0..len {
            if cands[i + 1..].contains(&cands[i]) {
                return;
            }
        }
        let one_digit = cands.iter().all(|&c| c % 9 == cands[0] % 9);
        let (technique, base, name) = if mode == Mode::X || one_digit {
            (Technique::BidirectionalXCycle, 65, "Bidirectional X-Cycle")
        } else if mode == Mode::Y {
            (Technique::BidirectionalYCycle, 65, "Bidirectional Y-Cycle")
        } else {
            (Technique::BidirectionalCycle, 70, "Bidirectional Cycle")
        };
        let difficulty = base + length_bonus(len as u32 - 2);
        if !hits.wants(difficulty) {
            return;
        }
        let mut elim = Vec::new();
        for z in Self::candidates(b) {
            if cands.contains(&z) {
                continue;
            }
            let sees_on = self.path.iter().any(|&p| p & 1 == 1 && sees(z, p / 2));
            let sees_off = self.path.iter().any(|&p| p & 1 == 0 && sees(z, p / 2));
            if sees_on && sees_off {
                elim.push((z / 9, (z % 9) as u8 + 1));
            }
        }
        let path = &self.path;
        hits.offer(b, technique, difficulty, &[], &elim, || {
            let mut cells: Vec<String> = Vec::new();
            for &p in path {
                let n = cell_name(p / 18);
                if cells.last() != Some(&n) {
                    cells.push(n);
                }
            }
            format!("{name}: {}", cells.join(","))
        });
    }

    /// Nishio (one digit) or dynamic contradictions: an assumption that
    /// makes a candidate both on and off is false.
    fn contradictions(&mut self, b: &Board, pos: &Pos, mode: Mode, hits: &mut Hits) {
        let (technique, base, name) = if mode == Mode::NISHIO {
            (Technique::NishioForcingChain, 75, "Nishio Forcing Chain")
        } else {
            (Technique::DynamicForcingChain, 85, "Contradiction Forcing Chain")
        };
        for cand in Self::candidates(b) {
            for on in [true, false] {
                let start = pot(cand, on);
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
        name: &str,
        start: usize,
        hits: &mut Hits,
    ) {
        let Some(y) = self.one.conflict else { return };
        let n = self.engine.count(b, pos, &self.one, pot(y, true)) + self.engine.count(b, pos, &self.one, pot(y, false));
        let difficulty = base + length_bonus(n - 2);
        offer(b, hits, technique, difficulty, start ^ 1, || {
            format!("{name}: {} {} ==> {} both on & off", cand_name(start / 2), polarity(start), cand_name(y))
        });
    }

    /// Fills `self.states[pot(cand, on)]` for every candidate, with the
    /// polarities asked for.
    fn fill_states(&mut self, b: &Board, pos: &Pos, mode: Mode, offs: bool) {
        for cand in Self::candidates(b) {
            for on in [true, false] {
                if on || offs {
                    let p = pot(cand, on);
                    self.engine.propagate(b, pos, mode, p, &mut self.states[p]);
                }
            }
        }
    }

    /// Static cell and region forcing chains.
    fn multiple(&mut self, b: &Board, pos: &Pos, hits: &mut Hits) {
        self.fill_states(b, pos, Mode::STATIC, false);
        self.cells_and_regions(b, pos, false, hits);
    }

    /// Dynamic contradictions, double implications, cell and region forcing
    /// chains.
    fn dynamic(&mut self, b: &Board, pos: &Pos, hits: &mut Hits) {
        self.fill_states(b, pos, Mode::DYNAMIC, true);
        let technique = Technique::DynamicForcingChain;
        for cand in Self::candidates(b) {
            let (p_on, p_off) = (pot(cand, true), pot(cand, false));
            for start in [p_on, p_off] {
                if let Some(y) = self.states[start].conflict {
                    let st = &self.states[start];
                    let n = self.engine.count(b, pos, st, pot(y, true)) + self.engine.count(b, pos, st, pot(y, false));
                    let difficulty = 85 + length_bonus(n - 2);
                    offer(b, hits, technique, difficulty, start ^ 1, || {
                        format!(
                            "Contradiction Forcing Chain: {} {} ==> {} both on & off",
                            cand_name(cand),
                            polarity(start),
                            cand_name(y)
                        )
                    });
                }
            }
            if self.states[p_on].conflict.is_some() || self.states[p_off].conflict.is_some() {
                continue;
            }
            for c in 0..81 {
                for on in [true, false] {
                    let mask = if on {
                        self.states[p_on].on[c] & self.states[p_off].on[c]
                    } else {
                        self.states[p_on].off[c] & self.states[p_off].off[c]
                    };
                    let mut m = mask;
                    while m != 0 {
                        let d = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let y = pot(c * 9 + d, on);
                        let n = self.engine.count(b, pos, &self.states[p_on], y)
                            + self.engine.count(b, pos, &self.states[p_off], y);
                        let difficulty = 85 + length_bonus(n - 2);
                        offer(b, hits, technique, difficulty, y, || {
                            format!("Double Forcing Chain: {} on & off ==> {} {}", cand_name(cand), cand_name(y / 2), polarity(y))
                        });
                    }
                }
            }
        }
        self.cells_and_regions(b, pos, true, hits);
    }

    /// Cell forcing chains (every candidate of a cell implies the same) and
    /// region forcing chains (every place of a digit in a unit does), from
    /// the "on" propagations in `self.states`.
    fn cells_and_regions(&mut self, b: &Board, pos: &Pos, dynamic: bool, hits: &mut Hits) {
        let mut branches: Vec<usize> = Vec::with_capacity(9);
        for c in 0..81 {
            let m = b.cands[c];
            if m.count_ones() < 2 {
                continue;
            }
            branches.clear();
            branches.extend((0..9).filter(|d| m & (1 << d) != 0).map(|d| pot(c * 9 + d, true)));
            self.agree(b, pos, &branches, dynamic, hits, &|| format!("{}", cell_name(c)), true);
        }
        for u in 0..27 {
            for d in 0..9 {
                let places = pos[u][d];
                if places.count_ones() < 2 {
                    continue;
                }
                branches.clear();
                branches.extend((0..9).filter(|i| places & (1 << i) != 0).map(|i| pot(UNITS[u][i] as usize * 9 + d, true)));
                let kind = UNIT_KIND[u / 9];
                self.agree(b, pos, &branches, dynamic, hits, &|| format!("{} in {kind}", d + 1), false);
            }
        }
    }

    /// Offers what every branch of `branches` implies.
    #[allow(clippy::too_many_arguments)]
    fn agree(
        &mut self,
        b: &Board,
        pos: &Pos,
        branches: &[usize],
        dynamic: bool,
        hits: &mut Hits,
        what: &dyn Fn() -> String,
        cell: bool,
    ) {
        if branches.iter().any(|&p| self.states[p].conflict.is_some()) {
            return;
        }
        let (technique, base) = match (dynamic, cell) {
            (true, _) => (Technique::DynamicForcingChain, 85),
            (false, true) => (Technique::CellForcingChain, 80),
            (false, false) => (Technique::RegionForcingChain, 80),
        };
        let name = if cell { "Cell Forcing Chains" } else { "Region Forcing Chains" };
        for c in 0..81 {
            for on in [true, false] {
                let mut mask = 0x1FF;
                for &p in branches {
                    let st = &self.states[p];
                    mask &= if on { st.on[c] } else { st.off[c] };
                }
                while mask != 0 {
                    let d = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    let y = pot(c * 9 + d, on);
                    if branches.contains(&y) {
                        continue;
                    }
                    let mut n = 0;
                    for &p in branches {
                        n += self.engine.count(b, pos, &self.states[p], y);
                    }
                    let difficulty = base + length_bonus(n - 2);
                    offer(b, hits, technique, difficulty, y, || {
                        format!("{name}: {} ==> {} {}", what(), cand_name(y / 2), polarity(y))
                    });
                }
            }
        }
    }
}

