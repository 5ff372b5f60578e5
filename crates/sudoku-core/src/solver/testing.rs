//! What the tests of the solver share: small random sources, random
//! states and complete grids, the planes' own rules, and a search's
//! solutions sorted.

use super::state::State;
use super::tables::BAND;
use super::{ExtraRules, Relation, Solver, Verdict};
use crate::grid::Grid;

/// A small random source for the tests (xorshift).
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random complete grid: a few random givens, solved.
pub(super) fn random_grid(rng: &mut Rng) -> Grid {
    loop {
        let mut cells = [0u8; 81];
        for _ in 0..8 {
            cells[rng.below(81)] = rng.below(9) as u8 + 1;
        }
        if let Some(grid) = Grid::from_array(cells).and_then(|g| g.solve_one()) {
            return grid;
        }
    }
}

/// Extra houses and relations kept by the core alone
/// ([`ExtraRules::houses`], [`ExtraRules::relations`]).
#[derive(Default)]
pub(super) struct Native {
    pub(super) houses: Vec<u128>,
    pub(super) relations: Vec<Relation>,
}

impl ExtraRules for Native {
    fn narrow(&mut self, _: &mut [u16; 81]) -> Verdict {
        Verdict::Consistent
    }

    fn houses(&self) -> &[u128] {
        &self.houses
    }

    fn relations(&self) -> &[Relation] {
        &self.relations
    }

    fn narrows(&self) -> bool {
        false
    }
}

/// Every solution of `puzzle` under `rules` up to `limit`, sorted.
pub(super) fn solutions<R: ExtraRules>(puzzle: &Grid, rules: &mut R, limit: u64) -> Vec<Grid> {
    let mut found = Vec::new();
    Solver::new().search_with(puzzle, rules, limit, u64::MAX, |s| found.push(*s));
    found.sort_by_key(|g| g.to_array());
    found
}

/// `grid` with each cell kept with a chance of `keep` in 81.
pub(super) fn blanked(grid: &Grid, keep: usize, rng: &mut Rng) -> Grid {
    let mut cells = grid.to_array();
    for c in cells.iter_mut() {
        if rng.below(81) >= keep {
            *c = 0;
        }
    }
    Grid::from_array(cells).unwrap_or(Grid::EMPTY)
}

/// The solutions of `puzzle` under `native` (up to `limit`), checked
/// against `plain`'s: the same when fewer than `limit`, else `plain` finds
/// `limit` too.
pub(super) fn agreed<A: ExtraRules, B: ExtraRules>(
    puzzle: &Grid,
    native: &mut A,
    plain: &mut B,
    limit: u64,
    round: usize,
) -> Vec<Grid> {
    let found = solutions(puzzle, native, limit);
    let want = solutions(puzzle, plain, limit);
    if found.len() < limit as usize {
        assert_eq!(found, want, "round {round}");
    } else {
        assert_eq!(want.len(), limit as usize, "round {round}");
    }
    found
}

/// A xorshift source of random words from the seed `x`.
pub(super) fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// A state of random words, each the AND of `and + 1` draws (sparser
/// as `and` grows).
pub(super) fn random_state(next: &mut impl FnMut() -> u64, and: usize) -> State {
    let mut s = State::root(&Grid::EMPTY).unwrap();
    for words in &mut s.cand {
        for word in words {
            let mut w = next() as u32;
            for _ in 0..and {
                w &= next() as u32;
            }
            *word = w & BAND;
        }
    }
    s
}
