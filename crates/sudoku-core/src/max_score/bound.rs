//! The bound of a max-score node: a Lagrangian relaxation whose rows are
//! assignment problems, solved exactly by the Hungarian method.

use super::node::{Node, ALL_DIGITS};
use crate::index::{BOX, COL, ROW};

/// Cost of a forbidden (cell, digit) pair in the assignment problems.
const FORBIDDEN: f64 = 1e15;

/// The relaxed solution of one evaluation: per row, the free cells, the
/// missing digits, the assignment and the assignment duals.
pub(super) struct Relaxation {
    pub(super) n: [usize; 9],
    pub(super) cells: [[u8; 9]; 9],
    pub(super) digits: [[u8; 9]; 9],
    /// `cost[r][i][j]`: minus the relaxed profit of digit `digits[r][j]` in
    /// cell `cells[r][i]` (or `FORBIDDEN`).
    pub(super) cost: [[[f64; 9]; 9]; 9],
    /// `assign[r][i]`: the index `j` given to cell `i`.
    pub(super) assign: [[u8; 9]; 9],
    pub(super) u: [[f64; 9]; 9],
    pub(super) v: [[f64; 9]; 9],
    /// Subgradient of the bound with respect to `Node::lam`.
    pub(super) grad: [f64; 162],
    pub(super) norm2: f64,
    /// The size of the matrix in `cost[r]` that `assign[r]`, `u[r]`,
    /// `v[r]` and `row_cost[r]` solve (0: none yet). A row whose matrix
    /// comes out bit for bit the same at the next evaluation (a step that
    /// moved none of its multipliers, a candidate removed elsewhere) keeps
    /// its solution instead of running the Hungarian method again.
    solved_n: [usize; 9],
    /// The cost of the assignment in `assign[r]`.
    row_cost: [f64; 9],
}

impl Relaxation {
    pub(super) fn new() -> Self {
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
            solved_n: [0; 9],
            row_cost: [0.0; 9],
        }
    }

    /// The relaxed rows of the last evaluation written into the node's
    /// placed digits: a completion when the subgradient is zero.
    pub(super) fn relaxed_digits(&self, node: &Node) -> [u8; 81] {
        let mut digits = node.digits();
        let rel = self;
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
    pub(super) fn evaluate(&mut self, node: &Node, wf: &[f64; 81]) -> Option<f64> {
        let rel = self;
        let mut fixed = 0.0;
        let mut row_missing = [ALL_DIGITS; 9];
        let mut col_missing = [ALL_DIGITS; 9];
        let mut box_missing = [ALL_DIGITS; 9];
        rel.n = [0; 9];
        for c in 0..81 {
            let (r, k, b) = (ROW[c] as usize, COL[c] as usize, BOX[c] as usize);
            if node.placed & (1u128 << c) != 0 {
                let m = node.cand[c];
                fixed += f64::from(m.trailing_zeros() + 1) * wf[c];
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
            let mut same = rel.solved_n[r] == n;
            for i in 0..n {
                let c = rel.cells[r][i] as usize;
                let (k, b) = (COL[c] as usize, BOX[c] as usize);
                for j in 0..n {
                    let d = rel.digits[r][j] as usize;
                    let x = if node.cand[c] & (1 << d) != 0 {
                        node.lam[k * 9 + d] + node.lam[81 + b * 9 + d] - (d as f64 + 1.0) * wf[c]
                    } else {
                        FORBIDDEN
                    };
                    same &= x.to_bits() == rel.cost[r][i][j].to_bits();
                    rel.cost[r][i][j] = x;
                }
            }
            // The same matrix as this row's last one: the same assignment,
            // duals and cost (the method is deterministic).
            let cost = if same {
                rel.row_cost[r]
            } else {
                rel.solved_n[r] = n;
                let cost = hungarian(n, &rel.cost[r], &mut rel.assign[r], &mut rel.u[r], &mut rel.v[r]);
                rel.row_cost[r] = cost;
                cost
            };
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

/// Starting multipliers from the weights' additive part.
///
/// Fits `w[cell] ≈ a[row] + b[col] + g[box]` by least squares (a few
/// rounds of backfitting) and returns `lam[col][d] = d·b[col]`,
/// `lam[box][d] = d·g[box]`. Every row, column and box of a completion
/// holds each digit once, so the additive part scores the same on every
/// completion; these multipliers move exactly that part out of the
/// assignment problems (the row part needs none: each row's assignment
/// already places every missing digit). When the weights are additive
/// (constant along columns, `9r + c`, ...) the first evaluation is already
/// the optimum. Any multipliers give a valid bound, so an inexact fit only
/// costs subgradient steps.
pub(super) fn additive_multipliers(wf: &[f64; 81]) -> [f64; 162] {
    let (mut b, mut g) = ([0.0f64; 9], [0.0f64; 9]);
    for _ in 0..8 {
        let mut sums = [[0.0f64; 9]; 3];
        for c in 0..81 {
            let (r, k, x) = (ROW[c] as usize, COL[c] as usize, BOX[c] as usize);
            sums[0][r] += wf[c] - b[k] - g[x];
        }
        let a = sums[0].map(|s| s / 9.0);
        for c in 0..81 {
            let (r, k, x) = (ROW[c] as usize, COL[c] as usize, BOX[c] as usize);
            sums[1][k] += wf[c] - a[r] - g[x];
        }
        b = sums[1].map(|s| s / 9.0);
        for c in 0..81 {
            let (r, k, x) = (ROW[c] as usize, COL[c] as usize, BOX[c] as usize);
            sums[2][x] += wf[c] - a[r] - b[k];
        }
        g = sums[2].map(|s| s / 9.0);
    }
    std::array::from_fn(|i| {
        let (unit, d) = (i / 9 % 9, (i % 9) as f64 + 1.0);
        d * if i < 81 { b[unit] } else { g[unit] }
    })
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
        // The columns not yet in the tree, in increasing order (so that
        // ties go to the lowest column, as in the textbook loop), and
        // those in it.
        let mut free = [0usize; 9];
        for (k, f) in free[..n].iter_mut().enumerate() {
            *f = k + 1;
        }
        let mut n_free = n;
        let mut tree = [0usize; 10];
        let mut n_tree = 0;
        loop {
            tree[n_tree] = j0;
            n_tree += 1;
            let i0 = p[j0];
            let row = &cost[i0 - 1];
            let ui = u[i0];
            let mut delta = f64::INFINITY;
            let mut k1 = 0;
            for (k, &j) in free[..n_free].iter().enumerate() {
                let cur = row[j - 1] - ui - v[j];
                if cur < minv[j] {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if minv[j] < delta {
                    delta = minv[j];
                    k1 = k;
                }
            }
            for &j in &tree[..n_tree] {
                u[p[j]] += delta;
                v[j] -= delta;
            }
            for &j in &free[..n_free] {
                minv[j] -= delta;
            }
            // Every column left has a finite cost (forbidden pairs cost
            // `FORBIDDEN`), so the minimum is one of them.
            j0 = free[k1];
            free.copy_within(k1 + 1..n_free, k1);
            n_free -= 1;
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

    /// The least total over every permutation, by enumeration.
    fn brute_force(n: usize, cost: &[[f64; 9]; 9]) -> f64 {
        fn go(i: usize, n: usize, used: u16, cost: &[[f64; 9]; 9]) -> f64 {
            if i == n {
                return 0.0;
            }
            (0..n)
                .filter(|&j| used & (1 << j) == 0)
                .map(|j| cost[i][j] + go(i + 1, n, used | (1 << j), cost))
                .fold(f64::INFINITY, f64::min)
        }
        go(0, n, 0, cost)
    }

    #[test]
    fn hungarian_matches_enumeration_with_ties_and_forbidden_pairs() {
        // Small integers (many ties) and some forbidden pairs, from a
        // fixed linear congruential sequence.
        let mut x: u64 = 12345;
        let mut next = move || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) as i64
        };
        for round in 0..300 {
            let n = 1 + round % 7;
            let mut cost = [[0.0; 9]; 9];
            for row in cost.iter_mut().take(n) {
                for c in row.iter_mut().take(n) {
                    let r = next();
                    *c = if r % 11 == 0 { FORBIDDEN } else { (r % 7 - 3) as f64 };
                }
            }
            let (mut a, mut u, mut v) = ([0u8; 9], [0.0; 9], [0.0; 9]);
            let total = hungarian(n, &cost, &mut a, &mut u, &mut v);
            assert_eq!(total, brute_force(n, &cost), "round {round}");
            let mut seen = 0u16;
            for i in 0..n {
                let j = a[i] as usize;
                assert!(j < n && seen & (1 << j) == 0, "round {round}: not a permutation");
                seen |= 1 << j;
                assert!((u[i] + v[j] - cost[i][j]).abs() < 1e-6 * cost[i][j].abs().max(1.0));
                for j in 0..n {
                    assert!(u[i] + v[j] <= cost[i][j] + 1e-6 * cost[i][j].abs().max(1.0));
                }
            }
        }
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
}
