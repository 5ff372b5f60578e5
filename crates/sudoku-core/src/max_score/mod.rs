//! Max-score search ("target sudoku", NOIP 2009 senior problem 4): among all
//! completions of a grid, one with the highest score Σ value × weight,
//! proven optimal by branch and bound.
//!
//! ```
//! use sudoku_core::{max_score, Grid, MaxScore, MaxScoreOptions, Weights};
//!
//! let result = max_score(&Grid::EMPTY, &Weights::NOIP, &MaxScoreOptions::default());
//! let MaxScore::Optimal { grid, score, .. } = result else { panic!("not proven: {result:?}") };
//! assert_eq!(score, 2906);
//! assert!(grid.is_solution_of(&Grid::EMPTY));
//! assert_eq!(Weights::NOIP.score(&grid), 2906);
//! ```
//!
//! ## The bound
//!
//! The relaxation keeps, for each row, "every free cell takes one of its
//! candidates" and "every missing digit appears once", and moves "once per
//! column" and "once per box" into the objective with one multiplier per
//! (column, digit) and (box, digit) pair (a Lagrangian relaxation). What is
//! left splits into nine independent assignment problems, solved exactly by
//! the Hungarian method. For any multipliers the result is a valid upper
//! bound; subgradient steps (Polyak's rule, aimed just below the incumbent)
//! drive it down towards the LP relaxation, which is tight on this problem.
//! Scores are integers, so a bound below `incumbent + 1` prunes. The
//! search runs on reduced weights `q` with `w = a[unit] + m·q` (`reduce`),
//! so that this rounding bites as hard as the scores' lattice allows:
//! `k·w` searches exactly like `w`, and a ±1 checkerboard, whose scores
//! are all odd, like 0/−1 weights.
//!
//! Ties: weights with an additive part `a[row] + b[col] + g[box]` (for
//! instance constant along columns) add the same amount to every
//! completion, since each row, column and box holds every digit once. The
//! root's multipliers start from a least-squares fit of that part, which
//! the relaxation then cancels exactly: for purely additive weights every
//! completion ties and the first bound already equals the first
//! completion's score. This is a starting point, not a shortcut: any
//! multipliers give a valid bound.
//!
//! Two more things come free with the assignment duals:
//! - reduced-cost fixing: a candidate whose forced use would push the bound
//!   below the incumbent is removed, and the removal propagates;
//! - a relaxed solution that happens to satisfy every column and box is a
//!   completion whose score equals the bound: the node is solved.
//!
//! ## The search
//!
//! A dive to a first completion, the root bound, then passes at levels
//! decreasing from the root bound, each a complete branch and bound for
//! completions scoring at least its level. A pass that uses up its node
//! budget (128 nodes, then 4 times more each time) unwinds to its root:
//! the root, without the children already finished, gets its bound
//! tightened by many more subgradient steps aimed at the incumbent, and the
//! pass goes on from there. Easy cases never pay for that; flat
//! objectives, where many completions score nearly the same and a loose
//! root bound means an enormous pass, get the bound they need.
//!
//! One pass is handled first by a guided phase: the first one within three
//! levels of the root bound that uses up its budget without reaching its
//! level. A second dive, guided by the root's multipliers (each node
//! branches on the relaxation's choice), then a longer subgradient run at
//! the root aimed at the new incumbent + 1. Where the LP bound is tight, as
//! on the checkerboards, the first root run stops a few units above it and
//! this run gets there: the level is proven empty and the passes go on
//! from the new bound, which is often the optimum. Otherwise the pass is
//! tightened as above. Weights whose passes near the root end within their
//! budget (NOIP's, random ones) never pay for it.
//!
//! Each pass runs depth first, branching on the free cell with the fewest candidates and
//! trying its digits in the order the relaxation prefers. Children inherit
//! their parent's multipliers. After each child the tried digit is removed
//! from the parent, so the parent's bound keeps covering exactly what is
//! left, and it is re-tightened whenever the incumbent improved. Bounds are
//! computed in `f64`; pruning keeps a safety margin far above the rounding
//! error, so a pruned subtree never held a better completion.
//!
//! Single-threaded, no allocation: the node states live on the call stack
//! (at most 82 frames).

mod bound;
mod node;
mod reduce;
mod search;
mod weights;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::grid::Grid;

pub use weights::{Weights, WeightsError, WeightsErrorKind, MAX_ABS_WEIGHT};

/// Searches the completions of `puzzle` for one with the highest score
/// under `weights`.
///
/// Never fails: contradictory givens or a grid without completion give
/// [`MaxScore::Infeasible`]; a node or time limit gives
/// [`MaxScore::Stopped`] with the best completion found so far (at least
/// one: a search stopped before its first completion takes one from the
/// solver) and a proven upper bound (unless the incumbent reached that
/// bound: then the answer is [`MaxScore::Optimal`] after all).
pub fn max_score(puzzle: &Grid, weights: &Weights, options: &MaxScoreOptions) -> MaxScore {
    search_with(puzzle, weights, options, None)
}

/// [`max_score`] that also stops, as at its time limit, once `stop` is set
/// (from another thread: a server's client went away). Looked at as often
/// as the time limit, so the search ends within a millisecond.
pub fn max_score_until(
    puzzle: &Grid,
    weights: &Weights,
    options: &MaxScoreOptions,
    stop: &AtomicBool,
) -> MaxScore {
    search_with(puzzle, weights, options, Some(stop))
}

fn search_with(
    puzzle: &Grid,
    weights: &Weights,
    options: &MaxScoreOptions,
    stop: Option<&AtomicBool>,
) -> MaxScore {
    let start = Instant::now();
    let red = reduce::reduce(weights);
    let result = search::Search::new(&red.weights, options, start, stop).solve(puzzle);
    mapped_back(result, &red)
}

/// A result of the search on the reduced weights, its scores and bound
/// mapped back to the original weights; grids and node counts unchanged.
fn mapped_back(result: MaxScore, red: &reduce::Reduced) -> MaxScore {
    match result {
        MaxScore::Optimal { grid, score, nodes } => {
            MaxScore::Optimal { grid, score: red.original(score), nodes }
        }
        MaxScore::Stopped { best, upper_bound, nodes } => MaxScore::Stopped {
            best: best.map(|(grid, score)| (grid, red.original(score))),
            upper_bound: red.original(upper_bound),
            nodes,
        },
        MaxScore::Infeasible { nodes } => MaxScore::Infeasible { nodes },
    }
}

/// Limits of a max-score search. The default has none: the search runs
/// until the answer is proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MaxScoreOptions {
    /// Stop after this many search nodes.
    pub node_limit: Option<u64>,
    /// Stop after this much time, counted from the start of the search.
    pub time_limit: Option<Duration>,
}

/// A time limit for front ends that must answer (the CLI's default
/// `--time-limit`): ten seconds, far above what any case of the test and
/// benchmark sets needs. The library itself has no default limit.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The result of [`max_score`]: each variant carries what that outcome
/// knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaxScore {
    /// `grid` completes the puzzle and no completion scores more than
    /// `score`.
    Optimal {
        /// A best completion.
        grid: Grid,
        /// Its score, the optimum.
        score: i64,
        /// Search nodes entered.
        nodes: u64,
    },
    /// A node or time limit was hit before the answer was proven.
    Stopped {
        /// The best completion found so far and its score. `None` only
        /// where the grid has completions none of which is known (never
        /// from [`max_score`]: a search stopped before its first completion
        /// takes one from the solver, or answers [`MaxScore::Infeasible`]).
        best: Option<(Grid, i64)>,
        /// Proven: no completion scores more. At least the best score.
        upper_bound: i64,
        /// Search nodes entered.
        nodes: u64,
    },
    /// The grid has no completion (contradictory givens included).
    Infeasible {
        /// Search nodes entered.
        nodes: u64,
    },
}

impl MaxScore {
    /// How the search ended.
    pub fn status(&self) -> MaxScoreStatus {
        match self {
            MaxScore::Optimal { .. } => MaxScoreStatus::Optimal,
            MaxScore::Stopped { .. } => MaxScoreStatus::Stopped,
            MaxScore::Infeasible { .. } => MaxScoreStatus::Infeasible,
        }
    }

    /// The best score found: the optimum when optimal, `None` when no
    /// completion is known.
    pub fn score(&self) -> Option<i64> {
        self.best().map(|(_, score)| score)
    }

    /// A completion scoring [`MaxScore::score`], when one is known.
    pub fn grid(&self) -> Option<Grid> {
        self.best().map(|(grid, _)| grid)
    }

    /// The best completion found and its score, when one is known.
    pub fn best(&self) -> Option<(Grid, i64)> {
        match *self {
            MaxScore::Optimal { grid, score, .. } => Some((grid, score)),
            MaxScore::Stopped { best, .. } => best,
            MaxScore::Infeasible { .. } => None,
        }
    }

    /// Proven: no completion scores more. The optimum when optimal, `None`
    /// when infeasible.
    pub fn upper_bound(&self) -> Option<i64> {
        match *self {
            MaxScore::Optimal { score, .. } => Some(score),
            MaxScore::Stopped { upper_bound, .. } => Some(upper_bound),
            MaxScore::Infeasible { .. } => None,
        }
    }

    /// Search nodes entered.
    pub fn nodes(&self) -> u64 {
        match *self {
            MaxScore::Optimal { nodes, .. }
            | MaxScore::Stopped { nodes, .. }
            | MaxScore::Infeasible { nodes } => nodes,
        }
    }
}

/// How a max-score search ended: [`MaxScore`] without its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MaxScoreStatus {
    /// The score is proven to be the highest.
    Optimal,
    /// The grid has no completion (contradictory givens included).
    Infeasible,
    /// A limit was hit: the best completion found so far (if any) and a
    /// proven upper bound.
    Stopped,
}

impl MaxScoreStatus {
    /// `optimal`, `infeasible` or `stopped`.
    pub fn as_str(self) -> &'static str {
        match self {
            MaxScoreStatus::Optimal => "optimal",
            MaxScoreStatus::Infeasible => "infeasible",
            MaxScoreStatus::Stopped => "stopped",
        }
    }
}
