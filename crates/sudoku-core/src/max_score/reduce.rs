//! Integer reduction of the weights before a search: `w = a[unit] + m·q`,
//! so that every completion scores `offset + m·score_q` and bounds on
//! `score_q` round down to integers, that is to the lattice of scores
//! `w` can reach.
//!
//! Every row (column, box) of a completion holds each digit once, so a
//! weight that is the same on a whole unit adds `45 ×` that weight to every
//! completion. For one family of units (rows, columns or boxes), `m` is
//! the greatest common divisor of the differences between the weights
//! within each unit; then `w[c] = a[unit(c)] + m·q[c]` with integer `q`,
//! and a completion scores `45·Σ a + m·score_q`. Two examples:
//! - `k·w`: `m` is a multiple of `k`, so `k·w` searches like `w`;
//! - a ±1 checkerboard: `m = 2`, the score is always odd on the empty
//!   grid, and a bound of 156 proves 155.

use super::weights::Weights;
use crate::index::UNITS;

/// Weights `q` and the affine map back: a completion scoring `s` under
/// `q` scores `offset + factor·s` under the original weights.
pub(super) struct Reduced {
    pub(super) weights: Weights,
    pub(super) offset: i64,
    pub(super) factor: i64,
}

impl Reduced {
    /// The score under the original weights of a score under `weights`.
    pub(super) fn original(&self, score: i64) -> i64 {
        self.offset + self.factor * score
    }
}

/// Greatest common divisor of two non-negative integers (`gcd(0, b) = b`).
fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The reduction with the largest factor over rows, columns and boxes
/// (the identity when none has a factor above 1).
pub(super) fn reduce(weights: &Weights) -> Reduced {
    let w = weights.to_array();
    let identity = Reduced { weights: *weights, offset: 0, factor: 1 };
    let mut best: Option<(i64, usize)> = None;
    for family in 0..3 {
        let m = UNITS[family * 9..family * 9 + 9].iter().fold(0i64, |g, unit| {
            let first = w[unit[0] as usize];
            unit.iter().fold(g, |g, &c| gcd(g, (w[c as usize] - first).abs()))
        });
        // `m = 0`: every unit of the family is constant, every completion
        // ties. Rank it above any factor.
        let rank = if m == 0 { i64::MAX } else { m };
        if rank > 1 && best.is_none_or(|(r, _)| rank > r) {
            best = Some((rank, family));
        }
    }
    let Some((rank, family)) = best else { return identity };
    let m = if rank == i64::MAX { 0 } else { rank };
    let mut q = [0i64; 81];
    let mut offset = 0;
    for unit in &UNITS[family * 9..family * 9 + 9] {
        let first = w[unit[0] as usize];
        // The unit's part: `first` itself when the unit is constant, else
        // its residue modulo `m` nearest zero, which keeps `|q| <= |w|`.
        let a = if m == 0 {
            first
        } else {
            let r = first.rem_euclid(m);
            if 2 * r > m {
                r - m
            } else {
                r
            }
        };
        offset += 45 * a;
        for &c in unit {
            let c = c as usize;
            q[c] = if m == 0 { 0 } else { (w[c] - a) / m };
        }
    }
    match Weights::from_array(q) {
        Some(weights) => Reduced { weights, offset, factor: m.max(1) },
        None => identity,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// A fixed solution grid (the band-shifted pattern), independent of
    /// the search.
    fn pattern_grid() -> Grid {
        let digits: [u8; 81] = std::array::from_fn(|c| {
            let (r, k) = (c / 9, c % 9);
            ((r * 3 + r / 3 + k) % 9) as u8 + 1
        });
        Grid::from_array(digits).unwrap()
    }

    fn check(w: [i64; 81], factor: i64) {
        let weights = Weights::from_array(w).unwrap();
        let red = reduce(&weights);
        assert_eq!(red.factor, factor);
        let g = pattern_grid();
        assert_eq!(red.original(red.weights.score(&g)), weights.score(&g));
    }

    #[test]
    fn r33_reduce_finds_the_factor_and_keeps_scores() {
        let cb = |c: usize| if (c / 9 + c % 9) % 2 == 0 { 1 } else { -1 };
        check(std::array::from_fn(cb), 2);
        check(std::array::from_fn(|c| -1000 * cb(c)), 2000);
        // Constant along columns, then along rows: every completion ties.
        check(std::array::from_fn(|c| 3 * (c as i64 % 9) + 7), 1);
        check(std::array::from_fn(|c| (c as i64 / 9) * 5 - 2), 1);
        // `9r + c`: the columns differ by multiples of 9.
        check(std::array::from_fn(|c| c as i64), 9);
        check(std::array::from_fn(|c| 10 - (c as i64 / 9).max(c as i64 % 9)), 1);
        let tie = reduce(&Weights::from_array(std::array::from_fn(|c| 4 - (c as i64 % 9))).unwrap());
        assert_eq!(tie.weights.to_array(), [0; 81]);
    }
}
