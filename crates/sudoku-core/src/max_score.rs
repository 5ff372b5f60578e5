//! Max-score search ("target sudoku", NOIP 2009 senior problem 4): among all
//! completions of a grid, one with the highest score Σ value × weight,
//! proven optimal by branch and bound.
//!
//! ```
//! use sudoku_core::{max_score, Grid, MaxScoreOptions, MaxScoreStatus, Weights};
//!
//! let result = max_score(&Grid::EMPTY, &Weights::NOIP, &MaxScoreOptions::default());
//! assert_eq!(result.status, MaxScoreStatus::Optimal);
//! assert_eq!(result.score, Some(2906));
//! let grid = result.grid.unwrap();
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
//!
//! Two more things come free with the assignment duals:
//! - reduced-cost fixing: a candidate whose forced use would push the bound
//!   below the incumbent is removed, and the removal propagates;
//! - a relaxed solution that happens to satisfy every column and box is a
//!   completion whose score equals the bound: the node is solved.
//!
//! ## The search
//!
//! Depth first, branching on the free cell with the fewest candidates and
//! trying its digits in the order the relaxation prefers. Children inherit
//! their parent's multipliers. After each child the tried digit is removed
//! from the parent, so the parent's bound keeps covering exactly what is
//! left, and it is re-tightened whenever the incumbent improved. Bounds are
//! computed in `f64`; pruning keeps a safety margin far above the rounding
//! error, so a pruned subtree never held a better completion.
//!
//! Single-threaded, no allocation: the node states live on the call stack
//! (at most 82 frames).

use std::time::{Duration, Instant};

use crate::grid::Grid;
use crate::index::{BOX, COL, PEERS, ROW, UNITS};

/// Searches the completions of `puzzle` for one with the highest score
/// under `weights`.
///
/// Never fails: contradictory givens or a grid without completion give
/// [`MaxScoreStatus::Infeasible`]; a node or time limit gives
/// [`MaxScoreStatus::Stopped`] with the best completion found so far and a
/// proven upper bound.
pub fn max_score(puzzle: &Grid, weights: &Weights, options: &MaxScoreOptions) -> MaxScore {
    let start = Instant::now();
    let mut search = Search::new(weights, options, start);
    if let Some(root) = Node::root(puzzle) {
        search.trivial_bound = (0..81)
            .map(|c| {
                let (w, m) = (weights.values[c], root.cand[c]);
                let (lo, hi) = (i64::from(m.trailing_zeros() + 1), i64::from(16 - m.leading_zeros()));
                (w * lo).max(w * hi)
            })
            .sum();
        search.run(root);
    }
    search.finish()
}

/// The largest absolute weight accepted, so that every score and bound is
/// exact in floating point with a wide margin.
pub const MAX_ABS_WEIGHT: i64 = 1_000_000;

/// The 81 cell weights, row-major. Any integers with absolute value at most
/// [`MAX_ABS_WEIGHT`]; zero and negative weights are fine.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Weights {
    values: [i64; 81],
}

impl Weights {
    /// The contest weights: `10 - max(|r - 4|, |c - 4|)` (0-based), that is
    /// 10 at the centre, then 9, 8, 7 and 6 on the rings outward.
    pub const NOIP: Weights = {
        let mut values = [0i64; 81];
        let mut i = 0;
        while i < 81 {
            let r = (i / 9) as i64;
            let c = (i % 9) as i64;
            let dr = if r > 4 { r - 4 } else { 4 - r };
            let dc = if c > 4 { c - 4 } else { 4 - c };
            values[i] = 10 - if dr > dc { dr } else { dc };
            i += 1;
        }
        Weights { values }
    };

    /// Weights from row-major values; `None` when one is outside
    /// ±[`MAX_ABS_WEIGHT`].
    pub fn from_array(values: [i64; 81]) -> Option<Weights> {
        values.iter().all(|v| v.abs() <= MAX_ABS_WEIGHT).then_some(Weights { values })
    }

    /// The row-major values.
    pub fn to_array(&self) -> [i64; 81] {
        self.values
    }

    /// The weight of cell `cell_idx` (0–80, row-major).
    ///
    /// # Panics
    /// When `cell_idx` is 81 or more.
    pub fn get(&self, cell_idx: usize) -> i64 {
        self.values[cell_idx]
    }

    /// Σ value × weight over the filled cells of `grid` (blanks count 0).
    pub fn score(&self, grid: &Grid) -> i64 {
        (0..81).map(|c| i64::from(grid.get(c).unwrap_or(0)) * self.values[c]).sum()
    }

    /// Parses 81 integers separated by any whitespace (conventionally 9
    /// rows of 9); `#` starts a comment that runs to the end of the line.
    ///
    /// ```
    /// use sudoku_core::Weights;
    /// let w = Weights::parse(&"1 -2 0 3 4 5 6 7 8\n".repeat(9)).unwrap();
    /// assert_eq!(w.get(1), -2);
    /// let e = Weights::parse("1 2 x").unwrap_err();
    /// assert_eq!((e.line, e.column), (1, 5));
    /// ```
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut values = [0i64; 81];
        let mut n = 0;
        let mut end = (1, 1);
        for (line0, raw) in text.split('\n').enumerate() {
            let line = line0 + 1;
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            let raw = raw.split('#').next().unwrap_or("");
            let chars: Vec<char> = raw.chars().collect();
            end = (line, chars.len() + 1);
            let mut col0 = 0;
            while col0 < chars.len() {
                if chars[col0].is_whitespace() {
                    col0 += 1;
                    continue;
                }
                let start = col0;
                while col0 < chars.len() && !chars[col0].is_whitespace() {
                    col0 += 1;
                }
                let token: String = chars[start..col0].iter().collect();
                if n == 81 {
                    return Err(WeightsError { line, column: start + 1, kind: WeightsErrorKind::TooMany });
                }
                values[n] = parse_weight(&token, line, start + 1)?;
                n += 1;
            }
        }
        if n < 81 {
            return Err(WeightsError {
                line: end.0,
                column: end.1,
                kind: WeightsErrorKind::TooFew { found: n },
            });
        }
        Ok(Weights { values })
    }
}

impl Default for Weights {
    /// [`Weights::NOIP`].
    fn default() -> Self {
        Weights::NOIP
    }
}

fn parse_weight(token: &str, line: usize, column: usize) -> Result<i64, WeightsError> {
    let digits = token.strip_prefix(['-', '+']).unwrap_or(token);
    let offset = token.len() - digits.len();
    if let Some((i, ch)) = digits.chars().enumerate().find(|(_, ch)| !ch.is_ascii_digit()) {
        let kind = WeightsErrorKind::UnexpectedChar { found: ch };
        return Err(WeightsError { line, column: column + offset + i, kind });
    }
    if digits.is_empty() {
        let found = token.chars().next().unwrap_or(' ');
        return Err(WeightsError { line, column, kind: WeightsErrorKind::UnexpectedChar { found } });
    }
    match token.parse::<i64>() {
        Ok(v) if v.abs() <= MAX_ABS_WEIGHT => Ok(v),
        _ => Err(WeightsError {
            line,
            column,
            kind: WeightsErrorKind::OutOfRange { found: token.to_string() },
        }),
    }
}

/// An error from [`Weights::parse`], with the 1-based line and column of
/// the offending token or character.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct WeightsError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was wrong.
    pub kind: WeightsErrorKind,
}

/// What went wrong while parsing weights.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsErrorKind {
    /// A character that cannot be part of an integer.
    #[error("unexpected character {found:?}, expected an integer")]
    UnexpectedChar {
        /// The offending character.
        found: char,
    },
    /// An integer outside ±[`MAX_ABS_WEIGHT`].
    #[error("weight {found} out of range, expected an integer from -1000000 to 1000000")]
    OutOfRange {
        /// The offending token.
        found: String,
    },
    /// The text ended before 81 weights were read.
    #[error("found {found} weights, expected 81")]
    TooFew {
        /// How many weights were read.
        found: usize,
    },
    /// An 82nd weight.
    #[error("more than 81 weights")]
    TooMany,
}

/// Limits of a max-score search. The default has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MaxScoreOptions {
    /// Stop after this many search nodes.
    pub node_limit: Option<u64>,
    /// Stop after this much time, counted from the start of the search.
    pub time_limit: Option<Duration>,
}

/// How a max-score search ended.
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

/// The result of [`max_score`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaxScore {
    /// How the search ended.
    pub status: MaxScoreStatus,
    /// The best score found: the optimum when `status` is `Optimal`;
    /// `None` when no completion was found.
    pub score: Option<i64>,
    /// A completion scoring `score`.
    pub grid: Option<Grid>,
    /// No completion scores more: equal to `score` when optimal, `None`
    /// when infeasible.
    pub upper_bound: Option<i64>,
    /// Search nodes entered.
    pub nodes: u64,
}

const ALL_CELLS: u128 = (1u128 << 81) - 1;
const ALL_DIGITS: u16 = 0x1ff;
/// Cost of a forbidden (cell, digit) pair in the assignment problems.
const FORBIDDEN: f64 = 1e15;
/// How hard [`Search::bound`] tries.
struct Effort {
    /// Subgradient steps at most.
    max_iters: u32,
    /// The first step length factor (Polyak's rule).
    alpha: f64,
    /// Steps without improvement before the factor is halved.
    patience: u32,
    /// Stop when the bound gained less than `min_gain` over the last
    /// `window` steps, once the factor is at most `stall_alpha`.
    window: u32,
    min_gain: f64,
    stall_alpha: f64,
}

/// The root: where the bound matters most.
const ROOT_EFFORT: Effort =
    Effort { max_iters: 400, alpha: 1.0, patience: 4, window: 8, min_gain: 0.25, stall_alpha: 0.25 };
/// Every other node: a few warm-started steps.
const NODE_EFFORT: Effort =
    Effort { max_iters: 30, alpha: 0.5, patience: 4, window: 4, min_gain: 0.5, stall_alpha: 1.0 };

/// A search node: candidate masks, the cells already placed (their digit
/// removed from every peer), and the multipliers of the relaxation.
#[derive(Clone, Copy)]
struct Node {
    cand: [u16; 81],
    placed: u128,
    /// `lam[col * 9 + d]`, then `lam[81 + box * 9 + d]` (digit `d + 1`).
    lam: [f64; 162],
}

/// Cells waiting to be placed; each cell enters at most once per pass.
struct Queue {
    items: [u8; 81],
    len: usize,
}

impl Queue {
    fn new() -> Self {
        Queue { items: [0; 81], len: 0 }
    }

    fn push(&mut self, cell: usize) {
        if self.len < 81 {
            self.items[self.len] = cell as u8;
            self.len += 1;
        }
    }

    fn pop(&mut self) -> Option<usize> {
        self.len = self.len.checked_sub(1)?;
        Some(self.items[self.len] as usize)
    }
}

impl Node {
    fn root(grid: &Grid) -> Option<Node> {
        let mut node = Node { cand: [ALL_DIGITS; 81], placed: 0, lam: [0.0; 162] };
        let mut q = Queue::new();
        for c in 0..81 {
            if let Some(d) = grid.get(c) {
                node.cand[c] = 1 << (d - 1);
                q.push(c);
            }
        }
        node.propagate(&mut q).then_some(node)
    }

    /// Queues every unplaced single, then propagates. `false` on a
    /// contradiction.
    fn settle(&mut self) -> bool {
        let mut q = Queue::new();
        let mut open = !self.placed & ALL_CELLS;
        while open != 0 {
            let c = open.trailing_zeros() as usize;
            open &= open - 1;
            let m = self.cand[c];
            if m == 0 {
                return false;
            }
            if m & (m - 1) == 0 {
                q.push(c);
            }
        }
        self.propagate(&mut q)
    }

    /// Naked and hidden singles until nothing changes; `false` on a
    /// contradiction.
    fn propagate(&mut self, q: &mut Queue) -> bool {
        loop {
            while let Some(c) = q.pop() {
                if self.placed & (1u128 << c) != 0 {
                    continue;
                }
                let bit = self.cand[c];
                self.placed |= 1u128 << c;
                for &p in &PEERS[c] {
                    let p = p as usize;
                    let m = self.cand[p];
                    if m & bit != 0 {
                        if self.placed & (1u128 << p) != 0 {
                            return false;
                        }
                        let m = m & !bit;
                        self.cand[p] = m;
                        if m == 0 {
                            return false;
                        }
                        if m & (m - 1) == 0 {
                            q.push(p);
                        }
                    }
                }
            }
            if self.placed == ALL_CELLS {
                return true;
            }
            let mut found = false;
            for unit in &UNITS {
                let mut once = 0u16;
                let mut twice = 0u16;
                for &c in unit {
                    let m = self.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                }
                if once != ALL_DIGITS {
                    return false;
                }
                let mut unique = once & !twice;
                while unique != 0 {
                    let bit = unique & unique.wrapping_neg();
                    unique ^= bit;
                    for &c in unit {
                        let c = c as usize;
                        let m = self.cand[c];
                        if m & bit != 0 {
                            if m != bit {
                                self.cand[c] = bit;
                                q.push(c);
                                found = true;
                            }
                            break;
                        }
                    }
                }
            }
            if !found {
                return true;
            }
        }
    }

    fn digits(&self) -> [u8; 81] {
        std::array::from_fn(|c| self.cand[c].trailing_zeros() as u8 + 1)
    }
}

/// The relaxed solution of one evaluation: per row, the free cells, the
/// missing digits, the assignment and the assignment duals.
struct Relaxation {
    n: [usize; 9],
    cells: [[u8; 9]; 9],
    digits: [[u8; 9]; 9],
    /// `cost[r][i][j]`: minus the relaxed profit of digit `digits[r][j]` in
    /// cell `cells[r][i]` (or `FORBIDDEN`).
    cost: [[[f64; 9]; 9]; 9],
    /// `assign[r][i]`: the index `j` given to cell `i`.
    assign: [[u8; 9]; 9],
    u: [[f64; 9]; 9],
    v: [[f64; 9]; 9],
    /// Subgradient of the bound with respect to `Node::lam`.
    grad: [f64; 162],
    norm2: f64,
}

impl Relaxation {
    fn new() -> Self {
        Relaxation {
            n: [0; 9],
            cells: [[0; 9]; 9],
            digits: [[0; 9]; 9],
            cost: [[[0.0; 9]; 9]; 9],
            assign: [[0; 9]; 9],
            u: [[0.0; 9]; 9],
            v: [[0.0; 9]; 9],
            grad: [0.0; 162],
            norm2: 0.0,
        }
    }
}

enum Bound {
    /// The node holds nothing better than the incumbent (or nothing).
    Pruned,
    /// An upper bound for the node.
    Open(f64),
}

struct Search {
    w: [i64; 81],
    wf: [f64; 81],
    /// Safety margin for floating-point bounds.
    margin: f64,
    best_score: i64,
    best_grid: Option<[u8; 81]>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Largest bound among the nodes left open by a stop.
    open_bound: f64,
    /// The level of the current pass: only completions scoring at least
    /// this much are looked for (`None`: any completion).
    level: Option<i64>,
    /// Proven: no completion scores more.
    proven_upper: Option<i64>,
    /// Stop at the first completion (the opening dive).
    first_only: bool,
    root_lam: [f64; 162],
    /// Every cell at its best digit, ignoring all constraints but givens.
    trivial_bound: i64,
    n_evals: u64,
    rel: Relaxation,
}

impl Search {
    fn new(weights: &Weights, options: &MaxScoreOptions, start: Instant) -> Self {
        let w = weights.values;
        let total: f64 = w.iter().map(|v| 9.0 * v.abs() as f64).sum();
        Search {
            w,
            wf: std::array::from_fn(|c| w[c] as f64),
            margin: 1e-9 * (1.0 + total),
            best_score: i64::MIN,
            best_grid: None,
            nodes: 0,
            node_limit: options.node_limit.unwrap_or(u64::MAX),
            deadline: options.time_limit.and_then(|t| start.checked_add(t)),
            stopped: false,
            open_bound: f64::NEG_INFINITY,
            level: None,
            proven_upper: None,
            first_only: false,
            trivial_bound: 0,
            root_lam: [0.0; 162],
            n_evals: 0,
            rel: Relaxation::new(),
        }
    }

    fn finish(self) -> MaxScore {
        let score = self.best_grid.map(|_| self.best_score);
        let grid = self.best_grid.and_then(Grid::from_array);
        if !self.stopped {
            return MaxScore {
                status: if score.is_some() { MaxScoreStatus::Optimal } else { MaxScoreStatus::Infeasible },
                score,
                grid,
                upper_bound: score,
                nodes: self.nodes,
            };
        }
        // Open nodes of the current pass, and whatever the pass's level
        // cut off; a trivial bound when the search stopped at once.
        let mut open = self.open_bound;
        if let Some(level) = self.level {
            open = open.max(level as f64 - 1.0);
        }
        let mut upper =
            if open.is_finite() { (open + self.margin).floor() as i64 } else { self.trivial_bound };
        if let Some(p) = self.proven_upper {
            upper = upper.min(p);
        }
        if let Some(s) = score {
            upper = upper.max(s);
        }
        let status = if score == Some(upper) { MaxScoreStatus::Optimal } else { MaxScoreStatus::Stopped };
        MaxScore { status, score, grid, upper_bound: Some(upper), nodes: self.nodes }
    }

    fn has_incumbent(&self) -> bool {
        self.best_grid.is_some()
    }

    /// The score a completion must reach to be of interest: above the
    /// incumbent and at least the level. `None` while anything goes.
    fn threshold(&self) -> Option<f64> {
        let above_best = self.best_grid.map(|_| self.best_score + 1);
        match (above_best, self.level) {
            (Some(a), Some(l)) => Some(a.max(l) as f64),
            (a, l) => a.or(l).map(|t| t as f64),
        }
    }

    /// Whether a bound proves the node holds nothing of interest (scores
    /// are integers).
    fn prunes(&self, bound: f64) -> bool {
        self.threshold().is_some_and(|t| bound + self.margin < t)
    }

    /// The whole search: a dive to a first completion, the root bound, then
    /// passes at decreasing levels from the root bound down, each a
    /// complete branch and bound for completions scoring at least its
    /// level (see the module docs).
    fn run(&mut self, root: Node) {
        let mut node = root;
        self.first_only = true;
        self.dfs(&mut node, 0);
        self.first_only = false;
        if self.stopped || !self.has_incumbent() {
            if !self.stopped {
                self.proven_upper = None;
            }
            return;
        }
        let mut root = root;
        let upper = match self.bound(&mut root, &ROOT_EFFORT) {
            Bound::Pruned => return,
            Bound::Open(b) => (b + self.margin).floor() as i64,
        };
        self.root_lam = root.lam;
        self.proven_upper = Some(upper);
        if self.stopped {
            self.open_bound = upper as f64;
            return;
        }
        let mut level = upper;
        let mut step = 1;
        loop {
            self.level = Some(level);
            let mut node = root;
            node.lam = self.root_lam;
            self.dfs(&mut node, 0);
            if self.stopped || self.best_score >= level || level <= self.best_score + 1 {
                return;
            }
            // Nothing scores `level` or more.
            self.proven_upper = Some(level - 1);
            level = (level - step).max(self.best_score + 1);
            step *= 2;
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.stopped && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        self.stopped
    }

    fn offer(&mut self, digits: [u8; 81]) {
        let score: i64 = (0..81).map(|c| i64::from(digits[c]) * self.w[c]).sum();
        if !self.has_incumbent() || score > self.best_score {
            self.best_score = score;
            self.best_grid = Some(digits);
        }
    }

    fn dfs(&mut self, node: &mut Node, depth: u32) {
        if self.nodes >= self.node_limit {
            self.stopped = true;
            return;
        }
        self.nodes += 1;
        if self.out_of_budget() {
            // Nothing is known about this node yet but its parent's bound,
            // which the parent reports.
            return;
        }
        'rebound: loop {
            if node.placed == ALL_CELLS {
                self.offer(node.digits());
                return;
            }
            // The root of a level pass starts from the root's tuned
            // multipliers: a few steps are enough there.
            let effort = if depth == 0 && self.level.is_none() { &ROOT_EFFORT } else { &NODE_EFFORT };
            let bound = match self.bound(node, effort) {
                Bound::Pruned => return,
                Bound::Open(b) => b,
            };
            if depth == 0 {
                self.root_lam = node.lam;
            }
            if self.stopped {
                self.open_bound = self.open_bound.max(bound);
                return;
            }
            if node.placed == ALL_CELLS {
                continue 'rebound;
            }
            let (cell, order, n_order) = self.branch(node);
            let best_before = self.best_score;
            let had_incumbent = self.has_incumbent();
            for &d in &order[..n_order] {
                let bit = 1u16 << d;
                if node.cand[cell] & bit == 0 {
                    continue;
                }
                let mut child = *node;
                child.cand[cell] = bit;
                let mut q = Queue::new();
                q.push(cell);
                if child.propagate(&mut q) {
                    self.dfs(&mut child, depth + 1);
                }
                if self.stopped {
                    self.open_bound = self.open_bound.max(bound);
                    return;
                }
                // What is left of this node: the same cell, any other digit.
                node.cand[cell] &= !bit;
                if !node.settle() {
                    return;
                }
                let improved = self.best_score != best_before || had_incumbent != self.has_incumbent();
                if self.first_only && self.has_incumbent() {
                    return;
                }
                if improved || node.placed & (1u128 << cell) != 0 {
                    continue 'rebound;
                }
                if self.prunes(bound) {
                    return;
                }
            }
            return;
        }
    }

    /// The branching cell (fewest candidates) and its digits, the relaxed
    /// choice first, then by increasing reduced cost.
    fn branch(&self, node: &Node) -> (usize, [u8; 9], usize) {
        let mut cell = 0;
        let mut best_len = u32::MAX;
        let mut open = !node.placed & ALL_CELLS;
        while open != 0 {
            let c = open.trailing_zeros() as usize;
            open &= open - 1;
            let len = node.cand[c].count_ones();
            if len < best_len {
                cell = c;
                best_len = len;
                if len == 2 {
                    break;
                }
            }
        }
        let rel = &self.rel;
        let r = ROW[cell] as usize;
        let mut keyed = [(0.0f64, 0u8); 9];
        let mut n = 0;
        let i = rel.cells[r][..rel.n[r]].iter().position(|&c| c as usize == cell);
        let mut m = node.cand[cell];
        while m != 0 {
            let d = m.trailing_zeros() as u8;
            m &= m - 1;
            let key = match i {
                Some(i) => match rel.digits[r][..rel.n[r]].iter().position(|&x| x == d) {
                    Some(j) => rel.cost[r][i][j] - rel.u[r][i] - rel.v[r][j],
                    None => f64::INFINITY,
                },
                // Not in the last relaxation: prefer large value × weight.
                None => -(f64::from(d + 1)) * self.wf[cell],
            };
            keyed[n] = (key, d);
            n += 1;
        }
        keyed[..n].sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut order = [0u8; 9];
        for k in 0..n {
            order[k] = keyed[k].1;
        }
        (cell, order, n)
    }

    /// Tightens the node's bound by subgradient steps, fixing candidates by
    /// reduced cost on the way, until it prunes, stalls or runs out of
    /// steps. Leaves the best multipliers in the node.
    fn bound(&mut self, node: &mut Node, effort: &Effort) -> Bound {
        let mut best = f64::INFINITY;
        let mut best_lam = node.lam;
        let mut alpha = effort.alpha;
        let mut since_improved = 0;
        let mut it = 0;
        let mut checkpoint = f64::INFINITY;
        loop {
            if node.placed == ALL_CELLS {
                self.offer(node.digits());
                return Bound::Pruned;
            }
            let Some(value) = self.evaluate(node) else { return Bound::Pruned };
            if value < best {
                if value < best - 1e-9 * best.abs().max(1.0) || best.is_infinite() {
                    since_improved = 0;
                }
                best = value;
                best_lam = node.lam;
            } else {
                since_improved += 1;
            }
            if self.rel.norm2 == 0.0 {
                // The relaxed rows form a completion; its score is the bound.
                let digits = self.relaxed_digits(node);
                self.offer(digits);
                return Bound::Pruned;
            }
            let Some(threshold) = self.threshold() else { break };
            if self.first_only {
                break;
            }
            if self.prunes(value) {
                return Bound::Pruned;
            }
            match self.fix_by_reduced_cost(node, value) {
                None => return Bound::Pruned,
                Some(true) => continue,
                Some(false) => {}
            }
            it += 1;
            if it > effort.max_iters || alpha < 1e-3 {
                break;
            }
            if it % effort.window == 0 && alpha <= effort.stall_alpha {
                if checkpoint - best < effort.min_gain {
                    break;
                }
                checkpoint = best;
            }
            if self.n_evals % 16 == 0 && self.out_of_budget() {
                break;
            }
            if since_improved >= effort.patience {
                alpha *= 0.5;
                since_improved = 0;
            }
            let target = threshold - 2.0 * self.margin;
            let step = alpha * (value - target).max(0.05) / self.rel.norm2;
            for (l, g) in node.lam.iter_mut().zip(&self.rel.grad) {
                *l -= step * g;
            }
        }
        node.lam = best_lam;
        Bound::Open(best)
    }

    /// Removes every candidate whose use would bring the bound below the
    /// incumbent. `None` if the node dies, `Some(changed)` otherwise.
    fn fix_by_reduced_cost(&self, node: &mut Node, value: f64) -> Option<bool> {
        let rel = &self.rel;
        let Some(threshold) = self.threshold() else { return Some(false) };
        let limit = threshold - self.margin;
        let mut changed = false;
        for r in 0..9 {
            let n = rel.n[r];
            for i in 0..n {
                let c = rel.cells[r][i] as usize;
                for j in 0..n {
                    let rc = rel.cost[r][i][j] - rel.u[r][i] - rel.v[r][j];
                    let bit = 1u16 << rel.digits[r][j];
                    if node.cand[c] & bit != 0 && value - rc < limit {
                        node.cand[c] &= !bit;
                        changed = true;
                    }
                }
            }
        }
        if changed && !node.settle() {
            return None;
        }
        Some(changed)
    }

    fn relaxed_digits(&self, node: &Node) -> [u8; 81] {
        let mut digits = node.digits();
        let rel = &self.rel;
        for r in 0..9 {
            for i in 0..rel.n[r] {
                let j = rel.assign[r][i] as usize;
                digits[rel.cells[r][i] as usize] = rel.digits[r][j] + 1;
            }
        }
        digits
    }

    /// One evaluation of the relaxation at the node's multipliers: the
    /// bound, or `None` when some row cannot be completed.
    fn evaluate(&mut self, node: &Node) -> Option<f64> {
        self.n_evals += 1;
        let rel = &mut self.rel;
        let mut fixed = 0.0;
        let mut row_missing = [ALL_DIGITS; 9];
        let mut col_missing = [ALL_DIGITS; 9];
        let mut box_missing = [ALL_DIGITS; 9];
        rel.n = [0; 9];
        for c in 0..81 {
            let (r, k, b) = (ROW[c] as usize, COL[c] as usize, BOX[c] as usize);
            if node.placed & (1u128 << c) != 0 {
                let m = node.cand[c];
                fixed += f64::from(m.trailing_zeros() + 1) * self.wf[c];
                row_missing[r] &= !m;
                col_missing[k] &= !m;
                box_missing[b] &= !m;
            } else {
                rel.cells[r][rel.n[r]] = c as u8;
                rel.n[r] += 1;
            }
        }
        let mut total = fixed;
        rel.grad = [0.0; 162];
        for k in 0..9 {
            let mut m = col_missing[k];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                total += node.lam[k * 9 + d];
                rel.grad[k * 9 + d] = 1.0;
            }
            let mut m = box_missing[k];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                total += node.lam[81 + k * 9 + d];
                rel.grad[81 + k * 9 + d] = 1.0;
            }
        }
        for (r, &missing) in row_missing.iter().enumerate() {
            let n = rel.n[r];
            if n == 0 {
                continue;
            }
            let mut m = missing;
            for j in 0..n {
                rel.digits[r][j] = m.trailing_zeros() as u8;
                m &= m - 1;
            }
            for i in 0..n {
                let c = rel.cells[r][i] as usize;
                let (k, b) = (COL[c] as usize, BOX[c] as usize);
                for j in 0..n {
                    let d = rel.digits[r][j] as usize;
                    rel.cost[r][i][j] = if node.cand[c] & (1 << d) != 0 {
                        node.lam[k * 9 + d] + node.lam[81 + b * 9 + d] - (d as f64 + 1.0) * self.wf[c]
                    } else {
                        FORBIDDEN
                    };
                }
            }
            let cost = hungarian(n, &rel.cost[r], &mut rel.assign[r], &mut rel.u[r], &mut rel.v[r]);
            if cost >= FORBIDDEN / 2.0 {
                return None;
            }
            total -= cost;
            for i in 0..n {
                let c = rel.cells[r][i] as usize;
                let d = rel.digits[r][rel.assign[r][i] as usize] as usize;
                rel.grad[COL[c] as usize * 9 + d] -= 1.0;
                rel.grad[81 + BOX[c] as usize * 9 + d] -= 1.0;
            }
        }
        rel.norm2 = rel.grad.iter().map(|g| g * g).sum();
        Some(total)
    }
}

/// Minimum-cost assignment of `n` rows to `n` columns (the Hungarian
/// method with potentials, O(n³)). Writes the column of each row and dual
/// potentials `u`, `v` with `u[i] + v[j] <= cost[i][j]`, equality on the
/// assignment; returns the total cost.
fn hungarian(
    n: usize,
    cost: &[[f64; 9]; 9],
    assign: &mut [u8; 9],
    u_out: &mut [f64; 9],
    v_out: &mut [f64; 9],
) -> f64 {
    // 1-based arrays; index 0 is the virtual start.
    let mut u = [0.0f64; 10];
    let mut v = [0.0f64; 10];
    let mut p = [0usize; 10];
    let mut way = [0usize; 10];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0;
        let mut minv = [f64::INFINITY; 10];
        let mut used = [false; 10];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = f64::INFINITY;
            let mut j1 = 0;
            for j in 1..=n {
                if !used[j] {
                    let cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut total = 0.0;
    for j in 1..=n {
        assign[p[j] - 1] = (j - 1) as u8;
        total += cost[p[j] - 1][j - 1];
    }
    u_out[..n].copy_from_slice(&u[1..=n]);
    v_out[..n].copy_from_slice(&v[1..=n]);
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noip_weights_have_the_centre_and_rings() {
        assert_eq!(Weights::NOIP.get(40), 10);
        assert_eq!(Weights::NOIP.get(0), 6);
        assert_eq!(Weights::NOIP.get(30), 9);
        assert_eq!(Weights::NOIP.to_array().iter().sum::<i64>(), 570);
    }

    #[test]
    fn hungarian_finds_the_minimum_of_a_small_matrix() {
        let mut cost = [[0.0; 9]; 9];
        let m = [[4.0, 1.0, 3.0], [2.0, 0.0, 5.0], [3.0, 2.0, 2.0]];
        for i in 0..3 {
            cost[i][..3].copy_from_slice(&m[i]);
        }
        let (mut a, mut u, mut v) = ([0u8; 9], [0.0; 9], [0.0; 9]);
        let total = hungarian(3, &cost, &mut a, &mut u, &mut v);
        assert_eq!(total, 5.0); // 1 + 2 + 2
        assert_eq!(&a[..3], &[1, 0, 2]);
        for i in 0..3 {
            for j in 0..3 {
                assert!(u[i] + v[j] <= cost[i][j] + 1e-12);
            }
        }
    }

    #[test]
    fn weights_parse_errors_carry_line_and_column() {
        let e = Weights::parse("1 2\n3 +x").unwrap_err();
        assert_eq!((e.line, e.column), (2, 4));
        let e = Weights::parse("1 2000000").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        assert!(matches!(e.kind, WeightsErrorKind::OutOfRange { .. }));
        let e = Weights::parse("1 2 # three\n").unwrap_err();
        assert_eq!(e.kind, WeightsErrorKind::TooFew { found: 2 });
        let e = Weights::parse(&"1 ".repeat(82)).unwrap_err();
        assert_eq!((e.kind, e.column), (WeightsErrorKind::TooMany, 163));
        let e = Weights::parse("- 1").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
    }
}
