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
//! - `houses`: extra houses (a diagonal, a window) kept on the digit
//!   planes, for [`ExtraRules::houses`];
//! - `relations`: relations of two cells (a kropki dot, a thermometer's
//!   step) kept on the digit planes, for [`ExtraRules::relations`];
//! - `search`: the resumable depth-first search (`Search`) over an
//!   explicit stack, and the choice of instruction set it runs with.

mod cells;
mod houses;
mod relations;
mod search;
mod state;
mod tables;
#[cfg(test)]
mod testing;

pub use self::relations::Relation;
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
#[derive(Clone)]
pub struct Solver {
    search: Search,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver").field("stats", &self.search.stats).finish_non_exhaustive()
    }
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

    /// Searches `puzzle` under the classic rules and `rules`, calling
    /// `visit` with each solution, until `limit` are found, the whole tree
    /// is seen, `node_limit` nodes are propagated, or `rules` says stop.
    /// Returns how many solutions were found and whether the search
    /// stopped unfinished (a budget, or `rules`; then the count is a lower
    /// bound).
    ///
    /// The classic rules run as in every other call; at each of their
    /// fixpoints `rules` narrows the candidates, and what it removes is
    /// propagated again, until neither changes anything. A state every
    /// cell of which is placed is a solution once `rules` keeps it, so
    /// `rules` must refuse every complete grid that breaks it.
    ///
    /// ```
    /// use sudoku_core::{ExtraRules, Grid, Solver, Verdict};
    /// /// The first cell holds an odd digit.
    /// struct OddCorner;
    /// impl ExtraRules for OddCorner {
    ///     fn narrow(&mut self, cells: &mut [u16; 81]) -> Verdict {
    ///         cells[0] &= 0b1_0101_0101;
    ///         if cells[0] == 0 { Verdict::Contradiction } else { Verdict::Consistent }
    ///     }
    /// }
    /// let mut solver = Solver::new();
    /// let mut corners = Vec::new();
    /// let (found, stopped) = solver.search_with(&Grid::EMPTY, &mut OddCorner, 50, u64::MAX, |s| {
    ///     corners.push(s.to_array()[0])
    /// });
    /// assert_eq!((found, stopped), (50, false));
    /// assert!(corners.iter().all(|d| d % 2 == 1));
    /// ```
    pub fn search_with<R: ExtraRules>(
        &mut self,
        puzzle: &Grid,
        rules: &mut R,
        limit: u64,
        node_limit: u64,
        visit: impl FnMut(&Grid),
    ) -> (u64, bool) {
        self.run_with(puzzle, rules, limit, node_limit, Some(visit))
    }

    /// [`Solver::search_with`] without a visit: how many solutions (up to
    /// `limit`) and whether the search stopped unfinished. No solution is
    /// made into a grid, which a count on an easy puzzle would feel.
    pub fn count_with<R: ExtraRules>(
        &mut self,
        puzzle: &Grid,
        rules: &mut R,
        limit: u64,
        node_limit: u64,
    ) -> (u64, bool) {
        self.run_with(puzzle, rules, limit, node_limit, None::<fn(&Grid)>)
    }

    fn run_with<R: ExtraRules>(
        &mut self,
        puzzle: &Grid,
        rules: &mut R,
        limit: u64,
        node_limit: u64,
        mut visit: Option<impl FnMut(&Grid)>,
    ) -> (u64, bool) {
        self.search.reset(puzzle, true);
        self.search.set_houses(rules.houses(), rules.relations());
        self.search.node_limit = node_limit;
        let mut found = 0;
        while found < limit && self.search.advance_with(rules) {
            found += 1;
            if let Some(visit) = visit.as_mut() {
                visit(&self.search.current_grid());
            }
        }
        (found, self.search.stopped)
    }

    /// Statistics of the last call.
    pub fn stats(&self) -> SearchStats {
        self.search.stats
    }
}

/// Rules beyond the classic ones, for [`Solver::search_with`]: a variant
/// on the classic 9×9 grid (odd cells, thermometers, dots, ...) searched
/// by the classic solver, its own rules narrowing the candidates at each
/// fixpoint of the classic ones.
pub trait ExtraRules {
    /// Whether the search looks at the cells between fixpoints at all
    /// (only the classic search itself says no).
    #[doc(hidden)]
    const ACTIVE: bool = true;

    /// Whether the search is the one compiled with the extra houses' pass
    /// (only the core's own wrapper says yes, for rules that have houses).
    #[doc(hidden)]
    const HOUSES: bool = false;

    /// Narrows `cells` (row-major; bit `d` set when digit `d + 1` may still
    /// go there) by removing digits, at a fixpoint of the classic rules.
    /// Removing every digit of a cell is a contradiction too.
    fn narrow(&mut self, cells: &mut [u16; 81]) -> Verdict;

    /// The cell to branch on at a fixpoint that is not a solution (one
    /// with two digits or more in `cells`), or `None` to let the classic
    /// search choose (a digit's places in a band).
    fn choose(&mut self, cells: &[u16; 81]) -> Option<usize> {
        let _ = cells;
        None
    }

    /// Each cell's weight (row-major, at least one) and the largest, when
    /// the rules branch on the open cell with the fewest digits for its
    /// weight (the first such; "dom/wdeg", as a constraint solver's
    /// failure counts steer it): the search then finds that cell itself on
    /// its digit planes, where a fixpoint's cells are, and never asks
    /// [`ExtraRules::choose`] (nor, for rules that do not narrow, makes
    /// each cell's digits for it). `None` by default.
    fn weights(&self) -> Option<(&[u32; 81], u32)> {
        None
    }

    /// Extra houses (bit `c` = cell `c`, row-major; nine cells each) that
    /// hold every digit once, beyond the rows, columns and boxes: a
    /// diagonal, a window, a disjoint group. The search keeps them itself,
    /// with the classic rules, on its digit planes: a placed digit leaves
    /// a house's other cells, a digit with one place left in a house goes
    /// there, and a digit a house or a row, column or box it shares two or
    /// more cells with has only in the shared cells leaves the other's
    /// other cells. Where a digit has two places left in a house, in two
    /// bands, the search branches there first. Read once at the start of
    /// [`Solver::search_with`].
    fn houses(&self) -> &[u128] {
        &[]
    }

    /// Relations of two cells the search keeps itself, with the classic
    /// rules, on its digit planes: a digit leaves a cell of a pair when no
    /// digit left in the other cell allows it (arc consistency). A
    /// relation's pairs at one distance are one shift of a plane, so many
    /// pairs cost what few do. Read once at the start of
    /// [`Solver::search_with`].
    fn relations(&self) -> &[Relation] {
        &[]
    }

    /// The digits each cell is limited to from the start, beyond the
    /// givens (row-major; bit `d` set when digit `d + 1` may go there): an
    /// odd cell, an even one. The search takes the others out of its root
    /// once; [`ExtraRules::narrow`] need not say them again. `None` (the
    /// default): no such limits. Read at the start of each search.
    fn root_masks(&self) -> Option<&[u16; 81]> {
        None
    }

    /// The search goes on at a child of a node whose fixpoint was
    /// `parent` (as [`ExtraRules::narrow`] left it, changing nothing
    /// more): a branch taken, or the next one after backtracking. Called
    /// before the child's first [`ExtraRules::narrow`], only when
    /// [`ExtraRules::narrows`]. The child's cells hold `parent`'s digits or
    /// fewer, so rules that were all narrowed at `parent` need look again
    /// only at what reads a cell that differs from it.
    fn descend(&mut self, parent: &[u16; 81]) {
        let _ = parent;
    }

    /// A node's propagation by the search itself (the classic rules, the
    /// houses, the relations) failed, leaving `cells` (bit `c` = cell
    /// `c`) without a digit, when it did (none when a row, column, box or
    /// house lost every place of a digit first). Only when
    /// [`ExtraRules::chooses`], for its choice's failure counts.
    fn failed(&mut self, cells: u128) {
        let _ = cells;
    }

    /// Asked after a call of [`ExtraRules::narrow`] that removed digits:
    /// whether calling it again on the cells it left would remove nothing
    /// more. When it says so and the classic rules then remove nothing
    /// either, the search takes those cells as the fixpoint without the
    /// call. False by default (the search always asks).
    fn settled(&self) -> bool {
        false
    }

    /// Whether [`ExtraRules::narrow`] has anything to do besides what
    /// [`ExtraRules::houses`] and [`ExtraRules::relations`] give: when
    /// false the search never calls it.
    fn narrows(&self) -> bool {
        true
    }

    /// Whether the search asks [`ExtraRules::choose`] where to branch
    /// (when false it branches as the classic search does). By default,
    /// when the rules narrow.
    fn chooses(&self) -> bool {
        self.narrows()
    }
}

/// What [`ExtraRules::narrow`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The candidates (as narrowed) may still lead to a solution.
    Consistent,
    /// They cannot: the search backtracks.
    Contradiction,
    /// Stop the search now, unfinished (a time budget, a stop flag).
    Stop,
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

    /// Extra rules for the tests: the first row increases from its first
    /// cell to its fourth (a thermometer), narrowed by bounds; a complete
    /// row that breaks it is refused.
    struct Rising {
        calls: u64,
        stop_after: u64,
    }

    impl ExtraRules for Rising {
        fn narrow(&mut self, cells: &mut [u16; 81]) -> Verdict {
            self.calls += 1;
            if self.calls > self.stop_after {
                return Verdict::Stop;
            }
            for i in 1..4 {
                // Above the lowest digit of the cell before.
                let low = cells[i - 1].trailing_zeros();
                cells[i] &= !((2u16 << low) - 1);
                // Below the highest digit of the cell after.
                let high = 15 - cells[4 - i].leading_zeros();
                cells[3 - i] &= (1u16 << high) - 1;
            }
            if cells[..4].contains(&0) {
                Verdict::Contradiction
            } else {
                Verdict::Consistent
            }
        }
    }

    /// The rows of the first 4 cells of a grid rise.
    fn rises(grid: &Grid) -> bool {
        let a = grid.to_array();
        a[0] < a[1] && a[1] < a[2] && a[2] < a[3]
    }

    #[test]
    fn search_with_finds_exactly_the_classic_solutions_its_rules_keep() {
        // A puzzle with many solutions: a solved grid with most cells blank.
        let solution = Grid::EMPTY.solve_one().unwrap();
        let mut solver = Solver::new();
        for (k, keep) in [7usize, 5, 3].into_iter().enumerate() {
            let mut cells = solution.to_array();
            for (i, c) in cells.iter_mut().enumerate() {
                if (i * 31 + k) % 10 >= keep {
                    *c = 0;
                }
            }
            let puzzle = Grid::from_array(cells).unwrap();
            let mut expected: Vec<[u8; 81]> =
                puzzle.solutions().take(20_000).filter(rises).map(|g| g.to_array()).collect();
            assert!(expected.len() < 20_000);
            let mut rules = Rising { calls: 0, stop_after: u64::MAX };
            let mut got = Vec::new();
            let (found, stopped) = solver.search_with(&puzzle, &mut rules, u64::MAX, u64::MAX, |g| {
                got.push(g.to_array());
            });
            assert_eq!((found as usize, stopped), (got.len(), false));
            // A count takes the same tree, and stops where a listing does.
            let mut rules = Rising { calls: 0, stop_after: u64::MAX };
            assert_eq!(solver.count_with(&puzzle, &mut rules, u64::MAX, u64::MAX), (found, false));
            let cap = (found / 2).max(1);
            let mut rules = Rising { calls: 0, stop_after: u64::MAX };
            assert_eq!(solver.count_with(&puzzle, &mut rules, cap, u64::MAX), (cap.min(found), false));
            expected.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, expected, "puzzle {k}");
            assert!(!expected.is_empty() || k > 0);
        }
    }

    #[test]
    fn search_with_stops_at_its_node_limit_and_when_its_rules_say_so() {
        let mut solver = Solver::new();
        let mut never = Rising { calls: 0, stop_after: u64::MAX };
        let (found, stopped) = solver.search_with(&Grid::EMPTY, &mut never, u64::MAX, 50, |_| {});
        assert!(stopped && found < 50);
        assert_eq!(solver.stats().nodes, 50);
        let mut soon = Rising { calls: 0, stop_after: 10 };
        let (_, stopped) = solver.search_with(&Grid::EMPTY, &mut soon, u64::MAX, u64::MAX, |_| {});
        assert!(stopped);
        assert_eq!(soon.calls, 11);
        // Within both budgets the search finishes.
        let mut free = Rising { calls: 0, stop_after: u64::MAX };
        assert_eq!(solver.search_with(&Grid::EMPTY, &mut free, 3, u64::MAX, |_| {}), (3, false));
    }

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
