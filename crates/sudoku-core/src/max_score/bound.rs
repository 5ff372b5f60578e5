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
            for i in 0..n {
                let c = rel.cells[r][i] as usize;
                let (k, b) = (COL[c] as usize, BOX[c] as usize);
                for j in 0..n {
                    let d = rel.digits[r][j] as usize;
                    rel.cost[r][i][j] = if node.cand[c] & (1 << d) != 0 {
                        node.lam[k * 9 + d] + node.lam[81 + b * 9 + d] - (d as f64 + 1.0) * wf[c]
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
