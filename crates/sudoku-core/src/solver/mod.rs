//! The solver: per-digit band bitmaps, propagation to a fixpoint, and a
//! depth-first search that branches on how a digit sits in a band.
//!
//! The public face comes first: [`Solver`] (reusable, keeps its stack and
//! the statistics of its last call), [`Solutions`] (a lazy iterator over
//! every solution), [`SearchStats`], and the one-shot methods on [`Grid`].
//! Underneath, one file per concern:
//! - `tables`: the tables of the band, stack and triad rules, computed at
//!   compile time;
//! - `state`: one node of the search (`State`), its bit layout, and
//!   propagation to a fixpoint;
//! - `search`: the resumable depth-first search (`Search`) over an
//!   explicit stack, and the choice of instruction set it runs with.

mod search;
mod state;
mod tables;

use self::search::Search;
use self::state::Cell as BandCell;
use crate::cell::Candidate;
use crate::grid::Grid;

/// A reusable solver: keeps its search stack between calls, and the
/// statistics of the last call.
///
/// ```
/// use sudoku_core::{Grid, Solver};
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse().unwrap();
/// let mut solver = Solver::new();
/// let solution = solver.solve_one(&puzzle).unwrap();
/// assert!(solution.is_solution_of(&puzzle));
/// assert_eq!(solver.count_solutions_up_to(&puzzle, 2), 1);
/// assert!(solver.stats().nodes >= 1);
/// ```
pub struct Solver {
    search: Search,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with its stack allocated.
    pub fn new() -> Self {
        Solver { search: Search::new(&Grid::EMPTY) }
    }

    /// Some solution of `puzzle` (the first in search order), or `None` if
    /// it has none.
    pub fn solve_one(&mut self, puzzle: &Grid) -> Option<Grid> {
        self.search.reset(puzzle, true);
        self.search.next_solution()
    }

    /// Some solution of `puzzle` in which `excluded.cell` does not hold
    /// `excluded.digit`, or `None` if it has none.
    ///
    /// This is the uniqueness test for removing a clue: if `puzzle` has the
    /// unique solution `s`, then `puzzle` with cell `c` blanked is still
    /// unique exactly when `solve_one_excluding(&blanked, c=s[c])` is
    /// `None`. One search, and the excluded digit usually makes the
    /// propagation fail at the root.
    ///
    /// ```
    /// use sudoku_core::{Candidate, Cell, Grid, Solver};
    /// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse().unwrap();
    /// let mut solver = Solver::new();
    /// let solution = solver.solve_one(&puzzle).unwrap();
    /// let r1c3 = Cell::at(0, 2).unwrap();
    /// let mut blanked = puzzle;
    /// blanked.set(r1c3, None);
    /// // The given 3 at r1c3 was not needed: nothing else fits there.
    /// let three = Candidate::new(r1c3, solution.get(r1c3).unwrap());
    /// assert_eq!(solver.solve_one_excluding(&blanked, three), None);
    /// ```
    pub fn solve_one_excluding(&mut self, puzzle: &Grid, excluded: Candidate) -> Option<Grid> {
        // Usually there is no solution: the whole tree is seen.
        self.search.reset(puzzle, false);
        let cell_idx = excluded.cell.index();
        let cell = BandCell { band: cell_idx / 27, bit: (cell_idx % 27) as u32 };
        self.search.excluded = Some((cell, excluded.digit.index()));
        self.search.next_solution()
    }

    /// The number of solutions of `puzzle`, counting stops at `limit`.
    /// `count_solutions_up_to(p, 2) == 1` means `p` has a unique solution.
    pub fn count_solutions_up_to(&mut self, puzzle: &Grid, limit: u64) -> u64 {
        self.search.reset(puzzle, true);
        let mut n = 0;
        while n < limit && self.search.advance() {
            n += 1;
        }
        n
    }

    /// The solution of `puzzle` if it has exactly one, else `None`.
    pub fn solve_unique(&mut self, puzzle: &Grid) -> Option<Grid> {
        self.search.reset(puzzle, true);
        let first = self.search.next_solution()?;
        (!self.search.advance()).then_some(first)
    }

    /// Statistics of the last call.
    pub fn stats(&self) -> SearchStats {
        self.search.stats
    }
}

/// A lazy iterator over every solution of a puzzle, in search order.
///
/// ```
/// use sudoku_core::Grid;
/// let mut solutions = Grid::EMPTY.solutions();
/// let first_three: Vec<Grid> = solutions.by_ref().take(3).collect();
/// assert_eq!(first_three.len(), 3);
/// assert!(solutions.stats().nodes > 0);
/// ```
pub struct Solutions {
    search: Search,
}

impl Solutions {
    /// Statistics of the search so far.
    pub fn stats(&self) -> SearchStats {
        self.search.stats
    }
}

impl Iterator for Solutions {
    type Item = Grid;
    fn next(&mut self) -> Option<Grid> {
        self.search.next_solution()
    }
}

/// What a search did: a measure of the work, and of the puzzle's difficulty
/// for a machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SearchStats {
    /// Search-tree nodes propagated: the root, and both sides of every
    /// branch point that the search reached.
    pub nodes: u64,
    /// Branch points: states where propagation stopped short of a
    /// solution, so the search chose a digit for a cell.
    pub guesses: u64,
    /// Nodes whose propagation ended in a contradiction.
    pub backtracks: u64,
}

impl Grid {
    /// Some solution (the first in search order), or `None`.
    pub fn solve_one(&self) -> Option<Grid> {
        Solver::new().solve_one(self)
    }

    /// The solution if there is exactly one, else `None`.
    pub fn solve_unique(&self) -> Option<Grid> {
        Solver::new().solve_unique(self)
    }

    /// The number of solutions, counting stops at `limit`.
    pub fn count_solutions_up_to(&self, limit: u64) -> u64 {
        Solver::new().count_solutions_up_to(self, limit)
    }

    /// A lazy iterator over all solutions.
    pub fn solutions(&self) -> Solutions {
        Solutions { search: Search::new(self) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_describe_the_last_call() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let mut solver = Solver::new();
        assert_eq!(solver.count_solutions_up_to(&puzzle, 2), 1);
        let counting = solver.stats();
        assert!(counting.nodes > counting.backtracks);
        let solved = solver.solve_one(&puzzle).unwrap();
        assert!(solved.is_solution_of(&puzzle));
        assert!(solver.stats().nodes <= counting.nodes);
        // Clashing givens: the root alone, failed.
        let mut clash = Grid::EMPTY;
        let five = crate::Digit::new(5).unwrap();
        clash.set(crate::Cell::ALL[0], five);
        clash.set(crate::Cell::ALL[1], five);
        assert_eq!(solver.count_solutions_up_to(&clash, 2), 0);
        assert_eq!(solver.stats(), SearchStats { nodes: 1, guesses: 0, backtracks: 1 });
    }
}
