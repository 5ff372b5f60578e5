//! The general solver: a puzzle compiles once into a constraint
//! [`Network`](network::Network) (peers, houses, cage combinations), then
//! any number of searches run on it with different givens. Classic 9×9
//! puzzles never come here: [`VariantSolver`] hands them to
//! `sudoku-core`'s solver, and the classic grid with drawn constraints
//! only goes to that solver too, the constraints narrowing at each of its
//! fixpoints (`on_core`). A network of houses and peers alone of up to
//! 256 cells and 12 digits (other sizes, jigsaw regions, overlapping grids,
//! a knight's or a king's move, argyle) is searched on digit planes, sets
//! of cells a word at a time (`planes`).

mod network;
mod on_core;
mod planes;
mod search;

use std::cell::OnceCell;
use std::sync::atomic::AtomicBool;

use rand::RngCore;
use sudoku_core::{Grid, Solver};

use crate::Puzzle;
use network::Network;
use planes::PlaneSearch;
pub use search::Interrupt;
use search::{Goal, Search, Visit, PLACED};

/// How a bounded search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The search finished (or reached its solution limit).
    Done,
    /// The node budget ran out first; the count is a lower bound.
    OutOfNodes,
    /// The caller's stop flag was set first (a time budget, a client that
    /// went away); the count is a lower bound.
    Stopped,
}

impl Outcome {
    /// The outcome of a search that stopped unfinished or not, and if it
    /// did, because of its stop flag or not (its node budget).
    fn of(stopped: bool, interrupted: bool) -> Outcome {
        match (stopped, interrupted) {
            (false, _) => Outcome::Done,
            (true, false) => Outcome::OutOfNodes,
            (true, true) => Outcome::Stopped,
        }
    }
}

/// A solver for one puzzle shape (size, layout, rules, cages); the givens
/// are an argument of each call, so a generator can try many sets of
/// givens on one compiled network.
#[derive(Debug, Clone)]
pub struct VariantSolver {
    puzzle: Puzzle,
    /// Compiled on first use: a classic 9×9 puzzle's counts and solutions
    /// never need it (only a random fill does).
    net: OnceCell<Network>,
    search: Search,
    /// The digit planes' search, for a network of houses and peers alone.
    planes: PlaneSearch,
    classic: bool,
    /// The core solver, for a network that is the classic grid plus
    /// constraints ([`on_core`]); made on first use.
    core: Option<Solver>,
    /// Whether such a network goes to the core solver (always, but for
    /// the tests that compare both searches).
    use_core: bool,
    /// Whether a network of houses and peers alone goes to the digit
    /// planes' search (always, but for the tests that compare searches).
    use_planes: bool,
    /// [`on_core::fits`] of the network, found on first use.
    extra: OnceCell<Option<on_core::ExtraPeers>>,
}

impl VariantSolver {
    /// Compiles `puzzle`'s shape, rules and cages (its givens are not
    /// used; pass them to each call).
    pub fn new(puzzle: &Puzzle) -> VariantSolver {
        let classic = puzzle.is_classic() && puzzle.size() == 9;
        VariantSolver {
            puzzle: puzzle.clone(),
            net: OnceCell::new(),
            search: Search::default(),
            planes: PlaneSearch::default(),
            classic,
            core: None,
            use_core: true,
            use_planes: true,
            extra: OnceCell::new(),
        }
    }

    /// The puzzle whose shape this solver was built for.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Nodes visited by the last call (0 after a classic 9×9 call; the core
    /// solver's nodes for a network on it, `on_core`).
    pub fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// The network, compiled now if it was not yet.
    fn net(&self) -> &Network {
        self.net.get_or_init(|| Network::new(&self.puzzle))
    }

    /// The givens of the canvas's cells, in the network's cell order.
    fn dense<'g>(&'g self, givens: &'g [u8]) -> impl ExactSizeIterator<Item = u8> + 'g {
        self.net().shape.canvas.iter().map(|&c| givens.get(usize::from(c)).copied().unwrap_or(0))
    }

    fn dense_givens(&self, givens: &[u8]) -> Vec<u8> {
        self.dense(givens).collect()
    }

    fn classic_grid(givens: &[u8]) -> Option<Grid> {
        let cells: [u8; 81] = givens.try_into().ok()?;
        Grid::from_array(cells)
    }

    /// [`VariantSolver::dense_givens`] as a classic grid, without the
    /// vector (the core path's searches are a few microseconds): `None`
    /// when the canvas is not 81 cells or a value is above 9.
    fn dense_grid(&self, givens: &[u8]) -> Option<Grid> {
        let dense = self.dense(givens);
        let mut cells = [0u8; 81];
        if dense.len() != cells.len() {
            return None;
        }
        for (cell, v) in cells.iter_mut().zip(dense) {
            *cell = v;
        }
        Grid::from_array(cells)
    }

    /// Some solution (the first in search order) for `givens` (one digit
    /// per canvas position, 0 = blank), or `None` if there is none.
    pub fn solve_one(&mut self, givens: &[u8]) -> Option<Vec<u8>> {
        let mut first = None;
        self.for_each_solution(givens, 1, |s| first = Some(s.to_vec()));
        first
    }

    /// Every solution of `givens` up to `limit`, sorted (the engines'
    /// tests compare them between paths).
    #[cfg(test)]
    fn sorted_solutions(&mut self, givens: &[u8], limit: u64) -> Vec<Vec<u8>> {
        let mut all = Vec::new();
        self.for_each_solution(givens, limit, |s| all.push(s.to_vec()));
        all.sort();
        all
    }

    /// The number of solutions, counting stops at `limit`.
    pub fn count_up_to(&mut self, givens: &[u8], limit: u64) -> u64 {
        self.search_until(givens, limit, u64::MAX, Interrupt::default(), None).0
    }

    /// Calls `visit` with each solution (canvas order) until `limit` have
    /// been found; returns how many were.
    pub fn for_each_solution(&mut self, givens: &[u8], limit: u64, visit: impl FnMut(&[u8])) -> u64 {
        self.for_each_solution_within(givens, limit, u64::MAX, visit).0
    }

    /// [`VariantSolver::for_each_solution`] within `node_limit` nodes of
    /// the general search: how many solutions were found, and whether the
    /// budget ran out first (then the count is a lower bound). A classic
    /// 9×9 puzzle goes to the core solver, which is never stopped (it
    /// takes microseconds).
    pub fn for_each_solution_within(
        &mut self,
        givens: &[u8],
        limit: u64,
        node_limit: u64,
        visit: impl FnMut(&[u8]),
    ) -> (u64, Outcome) {
        self.for_each_solution_until(givens, limit, node_limit, None, visit)
    }

    /// [`VariantSolver::for_each_solution_within`], also stopped (outcome
    /// [`Outcome::Stopped`]) soon after `stop` is set, from another thread:
    /// a server's time budget, or its client leaving.
    pub fn for_each_solution_until(
        &mut self,
        givens: &[u8],
        limit: u64,
        node_limit: u64,
        stop: Option<&AtomicBool>,
        mut visit: impl FnMut(&[u8]),
    ) -> (u64, Outcome) {
        self.search_until(givens, limit, node_limit, Interrupt { stop, deadline: None }, Some(&mut visit))
    }

    /// The search behind every count and listing: `visit` (when given)
    /// sees each solution in canvas order; a count passes none, and no
    /// solution is then decoded.
    fn search_until(
        &mut self,
        givens: &[u8],
        limit: u64,
        node_limit: u64,
        interrupt: Interrupt<'_>,
        visit: Option<Visit<'_, u8>>,
    ) -> (u64, Outcome) {
        if limit == 0 {
            return (0, Outcome::Done);
        }
        if self.classic {
            self.search.nodes = 0;
            let Some(grid) = Self::classic_grid(givens) else { return (0, Outcome::Done) };
            let Some(visit) = visit else {
                let core = self.core.get_or_insert_with(Solver::new);
                return (core.count_solutions_up_to(&grid, limit), Outcome::Done);
            };
            let mut found = 0;
            for solution in grid.solutions().take(limit as usize) {
                visit(&solution.to_array());
                found += 1;
            }
            return (found, Outcome::Done);
        }
        let (net, len) = (self.net.get_or_init(|| Network::new(&self.puzzle)), self.puzzle.canvas_len());
        // The core path keeps a rule's distinct groups that are not houses
        // (argyle's diagonals) in its narrowing; with nothing drawn the
        // planes' intersections through the groups' peers do better (argyle:
        // half the instructions), so such a network goes there.
        let planes_first =
            net.planes().is_some() && net.shape.on_core.as_ref().is_some_and(|s| s.has_groups());
        let core_first = self.use_core && !(self.use_planes && planes_first);
        let extra = if core_first { self.extra.get_or_init(|| on_core::fits(net)).as_ref() } else { None };
        if let Some(extra) = extra {
            let Some(grid) = self.dense_grid(givens) else { return (0, Outcome::Done) };
            let core = self.core.get_or_insert_with(Solver::new);
            let mut rules = on_core::Constraints::new(net, extra, interrupt);
            let (found, stopped) = match visit {
                Some(visit) => core.search_with(&grid, &mut rules, limit, node_limit, |solution| {
                    visit(&solution.to_array())
                }),
                None => core.count_with(&grid, &mut rules, limit, node_limit),
            };
            self.search.nodes = core.stats().nodes;
            let outcome = Outcome::of(stopped, rules.interrupted());
            return (found, outcome);
        }
        let dense = self.dense_givens(givens);
        let mut forward = visit.map(|visit| move |node: &[u32]| visit(&decode(net, node, len)));
        let visit = forward.as_mut().map(|f| f as Visit<'_, u32>);
        let mut goal = Goal { limit, node_limit, interrupt, rng: None, visit };
        if let Some(shape) = net.planes().filter(|_| self.use_planes) {
            let planes = &mut self.planes;
            planes.run(shape, &dense, &net.root_masks, &mut goal);
            self.search.nodes = planes.nodes;
            let outcome = Outcome::of(planes.aborted, planes.interrupted);
            return (planes.found, outcome);
        }
        self.search.run(net, &dense, &mut goal);
        let outcome = Outcome::of(self.search.aborted, self.search.interrupted);
        (self.search.found, outcome)
    }

    /// A solution found with digits tried in random order (a random
    /// completion of `givens`), within `node_limit` nodes. `Ok(None)`
    /// means there is none; `Err(OutOfNodes)` that the budget ran out.
    pub fn solve_random(
        &mut self,
        givens: &[u8],
        rng: &mut dyn RngCore,
        node_limit: u64,
    ) -> Result<Option<Vec<u8>>, Outcome> {
        self.solve_random_until(givens, rng, node_limit, Interrupt::default())
    }

    /// [`VariantSolver::solve_random`], also stopped by `interrupt`
    /// (`Err(Outcome::Stopped)`).
    pub fn solve_random_until(
        &mut self,
        givens: &[u8],
        rng: &mut dyn RngCore,
        node_limit: u64,
        interrupt: Interrupt<'_>,
    ) -> Result<Option<Vec<u8>>, Outcome> {
        let dense = self.dense_givens(givens);
        let mut first: Option<Vec<u32>> = None;
        let mut keep = |node: &[u32]| first = Some(node.to_vec());
        let mut goal = Goal { limit: 1, node_limit, interrupt, rng: Some(rng), visit: Some(&mut keep) };
        let net = self.net.get_or_init(|| Network::new(&self.puzzle));
        self.search.run(net, &dense, &mut goal);
        if self.search.interrupted {
            return Err(Outcome::Stopped);
        }
        if self.search.aborted {
            return Err(Outcome::OutOfNodes);
        }
        Ok(first.map(|node| decode(self.net(), &node, self.puzzle.canvas_len())))
    }

    /// Counts solutions up to `limit` within `node_limit` nodes.
    pub fn count_bounded(&mut self, givens: &[u8], limit: u64, node_limit: u64) -> (u64, Outcome) {
        self.search_until(givens, limit, node_limit, Interrupt::default(), None)
    }

    /// [`VariantSolver::count_bounded`], also stopped by `interrupt`
    /// (outcome [`Outcome::Stopped`]). A classic 9x9 puzzle is never
    /// stopped (it takes microseconds).
    pub fn count_bounded_until(
        &mut self,
        givens: &[u8],
        limit: u64,
        node_limit: u64,
        interrupt: Interrupt<'_>,
    ) -> (u64, Outcome) {
        self.search_until(givens, limit, node_limit, interrupt, None)
    }

    /// [`VariantSolver::count_bounded_until`], each solution found passed
    /// to `visit` (canvas order): a generator keeps the second solution of
    /// a puzzle it refused, to refuse the next trial that solution also
    /// solves without a search.
    pub fn for_each_solution_bounded_until(
        &mut self,
        givens: &[u8],
        limit: u64,
        node_limit: u64,
        interrupt: Interrupt<'_>,
        mut visit: impl FnMut(&[u8]),
    ) -> (u64, Outcome) {
        self.search_until(givens, limit, node_limit, interrupt, Some(&mut visit))
    }
}

/// A solution node as digits over the canvas (0 on holes).
fn decode(net: &Network, node: &[u32], canvas_len: usize) -> Vec<u8> {
    let mut out = vec![0u8; canvas_len];
    for (i, &x) in node.iter().enumerate() {
        out[usize::from(net.shape.canvas[i])] = ((x & !PLACED).trailing_zeros() + 1) as u8;
    }
    out
}

impl Puzzle {
    /// Some solution of the puzzle (canvas order), or `None`.
    pub fn solve_one(&self) -> Option<Vec<u8>> {
        VariantSolver::new(self).solve_one(self.givens())
    }

    /// The number of solutions, counting stops at `limit`.
    pub fn count_solutions_up_to(&self, limit: u64) -> u64 {
        VariantSolver::new(self).count_up_to(self.givens(), limit)
    }
}
