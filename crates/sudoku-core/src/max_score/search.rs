//! The max-score branch and bound: a dive to a first completion, the root
//! bound, then passes at decreasing levels, each a depth-first search
//! that branches on the cell with the fewest candidates.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::bound::{additive_multipliers, Relaxation};
use super::node::{Node, Queue, ALL_CELLS};
use super::{MaxScore, MaxScoreOptions, Weights};
use crate::grid::Grid;
use crate::index::ROW;

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
    /// Aim the steps at the incumbent's score rather than at the pass's
    /// threshold. A threshold above the relaxation's optimum makes Polyak's
    /// steps vanish before the bound gets there; the incumbent is below it.
    aim_at_incumbent: bool,
}

/// The root: where the bound matters most.
const ROOT_EFFORT: Effort = Effort {
    max_iters: 400,
    alpha: 1.0,
    patience: 4,
    window: 8,
    min_gain: 0.25,
    stall_alpha: 0.25,
    aim_at_incumbent: false,
};
/// The root after the guided dive: a longer run from the first root run's
/// multipliers, aimed at the threshold (the incumbent + 1), with a slower
/// step decay and a stricter stall test than [`ROOT_EFFORT`].
const GUIDED_ROOT_EFFORT: Effort = Effort {
    max_iters: 2000,
    alpha: 1.0,
    patience: 10,
    window: 100,
    min_gain: 0.05,
    stall_alpha: 0.25,
    aim_at_incumbent: false,
};
/// The root again, when a pass ran out of its node budget: slower step
/// decay and a stricter stall test, aimed at the incumbent.
const DEEP_EFFORT: Effort = Effort {
    max_iters: 20000,
    alpha: 1.0,
    patience: 20,
    window: 400,
    min_gain: 0.01,
    stall_alpha: 0.25,
    aim_at_incumbent: true,
};
/// Nodes a level pass may take before the root bound is tightened with
/// [`DEEP_EFFORT`] and the pass goes on from its root without the children
/// it finished; multiplied by 4 each time.
const FIRST_PASS_BUDGET: u64 = 128;
/// A pass this many levels or fewer below the first root bound that uses
/// up its budget before finding a completion at its level triggers the
/// guided phase (once): the root bound, not the incumbent, is what is
/// missing there.
const GUIDED_LEVELS: i64 = 3;
/// Every other node: a few warm-started steps.
const NODE_EFFORT: Effort = Effort {
    max_iters: 30,
    alpha: 0.5,
    patience: 4,
    window: 4,
    min_gain: 0.5,
    stall_alpha: 1.0,
    aim_at_incumbent: false,
};

/// How the guided phase ended.
enum Guided {
    /// The search is over: proven, or stopped by a limit.
    Done,
    /// The root bound fell below the level: the new bound (the
    /// multipliers that give it are in `root_lam`).
    Below(i64),
    /// The level stands.
    Above,
}

enum Bound {
    /// The node holds nothing better than the incumbent (or nothing).
    Pruned,
    /// An upper bound for the node.
    Open(f64),
}

/// One max-score search: the weights, the incumbent, the limits and the
/// state of the level passes.
pub(super) struct Search<'a> {
    w: [i64; 81],
    wf: [f64; 81],
    /// Safety margin for floating-point bounds.
    margin: f64,
    best_score: i64,
    best_grid: Option<[u8; 81]>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// Set from outside to stop the search (its caller went away).
    stop: Option<&'a AtomicBool>,
    stopped: bool,
    /// The current pass used up its node budget and unwinds, to restart
    /// from a tighter root bound.
    abandoned: bool,
    /// The node count at which the current pass is abandoned.
    pass_node_limit: u64,
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

impl<'a> Search<'a> {
    pub(super) fn new(
        weights: &Weights,
        options: &MaxScoreOptions,
        start: Instant,
        stop: Option<&'a AtomicBool>,
    ) -> Self {
        let w = weights.to_array();
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
            stop,
            stopped: false,
            abandoned: false,
            pass_node_limit: u64::MAX,
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

    /// Searches the completions of `puzzle`; see [`super::max_score`].
    pub(super) fn solve(mut self, puzzle: &Grid) -> MaxScore {
        if let Some(mut root) = Node::root(puzzle) {
            root.lam = additive_multipliers(&self.wf);
            self.trivial_bound = (0..81)
                .map(|c| {
                    let (w, m) = (self.w[c], root.cand[c]);
                    let (lo, hi) = (i64::from(m.trailing_zeros() + 1), i64::from(16 - m.leading_zeros()));
                    (w * lo).max(w * hi)
                })
                .sum();
            self.run(root);
        }
        self.finish(puzzle)
    }

    fn finish(self, puzzle: &Grid) -> MaxScore {
        let mut best = self.best_grid.and_then(Grid::from_array).map(|g| (g, self.best_score));
        let nodes = self.nodes;
        if self.stopped && best.is_none() {
            // Stopped before any completion: the solver finds one (its
            // score is a lower bound), or proves there is none. A stopped
            // search never reads as "no completion" when there is one.
            match crate::Solver::new().solve_one(puzzle) {
                Some(g) => best = Some((g, g.filled().map(|(c, d)| i64::from(d.get()) * self.w[c]).sum())),
                None => return MaxScore::Infeasible { nodes },
            }
        }
        if !self.stopped {
            return match best {
                Some((grid, score)) => MaxScore::Optimal { grid, score, nodes },
                None => MaxScore::Infeasible { nodes },
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
        match best {
            Some((grid, score)) if score >= upper => MaxScore::Optimal { grid, score, nodes },
            _ => MaxScore::Stopped { best, upper_bound: upper, nodes },
        }
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
        let first_lam = root.lam;
        let mut guided_done = false;
        let mut level = upper;
        let mut step = 1;
        let mut pass_budget = FIRST_PASS_BUDGET;
        let mut pass_root = root;
        loop {
            self.level = Some(level);
            self.pass_node_limit = self.nodes.saturating_add(pass_budget);
            let mut node = pass_root;
            self.dfs(&mut node, 0);
            if self.abandoned
                && !self.stopped
                && !guided_done
                && level >= upper - GUIDED_LEVELS
                && self.best_score < level
            {
                guided_done = true;
                self.abandoned = false;
                match self.guided(&root, first_lam, level) {
                    Guided::Done => return,
                    Guided::Below(new_upper) => {
                        // Nothing scores `level` or more: go on from the
                        // new root bound.
                        self.proven_upper = Some(new_upper);
                        if self.best_score >= new_upper {
                            return;
                        }
                        level = new_upper;
                        step = 1;
                        pass_root = root;
                        pass_root.lam = self.root_lam;
                        continue;
                    }
                    // The level stands: tighten the pass's root as below.
                    Guided::Above => self.abandoned = true,
                }
            }
            if self.abandoned && !self.stopped {
                // The root bound is too loose for this level: tighten it
                // and go on with a larger budget. `node` is the pass's root
                // without the children it finished, so only the unfinished
                // child is searched again.
                self.abandoned = false;
                self.open_bound = f64::NEG_INFINITY;
                pass_budget = pass_budget.saturating_mul(4);
                if let Bound::Open(b) = self.bound(&mut node, &DEEP_EFFORT) {
                    self.root_lam = node.lam;
                    if self.stopped {
                        self.open_bound = b;
                        return;
                    }
                    pass_root = node;
                    continue;
                }
                // Pruned: nothing left at this level, as if the pass ended.
            }
            if self.stopped || self.best_score >= level || level <= self.best_score + 1 {
                return;
            }
            // Nothing scores `level` or more.
            self.proven_upper = Some(level - 1);
            level = (level - step).max(self.best_score + 1);
            step *= 2;
            pass_root = root;
            pass_root.lam = self.root_lam;
        }
    }

    /// The guided phase, for a pass at `level` near the root bound that ran
    /// out of budget without a completion at its level: a dive guided by
    /// the first root run's multipliers `lam` (each node branches on the
    /// relaxation's choice, one evaluation a node), then a long run at the
    /// root from `lam` aimed at the incumbent + 1. Where the LP bound is
    /// tight (the checkerboards) this brings the root to the optimum, which
    /// the first run stops short of by a few units.
    fn guided(&mut self, root: &Node, lam: [f64; 162], level: i64) -> Guided {
        // What the unfinished pass left open, should a limit stop us here.
        let pass_open = self.open_bound;
        self.open_bound = f64::NEG_INFINITY;
        self.level = None;
        self.pass_node_limit = u64::MAX;
        let mut dive = *root;
        dive.lam = lam;
        self.first_only = true;
        self.dfs(&mut dive, 1);
        self.first_only = false;
        let mut top = *root;
        top.lam = lam;
        let bound = if self.stopped { None } else { Some(self.bound(&mut top, &GUIDED_ROOT_EFFORT)) };
        self.level = Some(level);
        match bound {
            // Nothing scores above the incumbent.
            Some(Bound::Pruned) => {
                self.level = None;
                self.proven_upper = Some(self.best_score);
                Guided::Done
            }
            Some(Bound::Open(b)) if ((b + self.margin).floor() as i64) < level => {
                if self.stopped {
                    self.proven_upper = Some((b + self.margin).floor() as i64);
                    self.open_bound = b;
                    return Guided::Done;
                }
                self.root_lam = top.lam;
                Guided::Below((b + self.margin).floor() as i64)
            }
            _ => {
                if self.stopped {
                    // The pass at `level` is unfinished: what it left open,
                    // and below its level (see `finish`).
                    self.open_bound = self.open_bound.max(pass_open);
                    return Guided::Done;
                }
                Guided::Above
            }
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.stopped
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)))
        {
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
        if self.nodes >= self.pass_node_limit {
            self.abandoned = true;
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
            if self.stopped || self.abandoned {
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
                if self.stopped || self.abandoned {
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
            self.n_evals += 1;
            let Some(value) = self.rel.evaluate(node, &self.wf) else { return Bound::Pruned };
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
                let digits = self.rel.relaxed_digits(node);
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
            let aim = match self.best_grid {
                Some(_) if effort.aim_at_incumbent => self.best_score as f64,
                _ => threshold,
            };
            let target = aim - 2.0 * self.margin;
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
}
