//! Narrowing of the outside clues against brute force.

use super::*;

#[test]
fn each_clue_keeps_and_breaks() {
    assert!(SANDWICH.keeps(&[3, 1, 2, 4], 4, 2) && SANDWICH.keeps(&[4, 1, 2, 3], 4, 0));
    assert!(!SANDWICH.keeps(&[3, 1, 2, 4], 4, 5));
    assert!(X_SUMS.keeps(&[2, 3, 1, 4], 4, 5) && X_SUMS.keeps(&[1, 3, 2, 4], 4, 1));
    assert!(!X_SUMS.keeps(&[2, 3, 1, 4], 4, 6));
    assert!(SKYSCRAPERS.keeps(&[2, 1, 4, 3], 4, 2) && SKYSCRAPERS.keeps(&[1, 2, 3, 4], 4, 4));
    assert!(!SKYSCRAPERS.keeps(&[4, 1, 2, 3], 4, 2));
    assert!(LITTLE_KILLER.keeps(&[2, 2, 3], 4, 7) && !LITTLE_KILLER.keeps(&[2, 2, 3], 4, 8));
}

use crate::constraint::testing::Board;

/// Every assignment of `len` cells to digits 1..=n, distinct ones only
/// when `distinct` (a row's permutations).
fn assignments(n: usize, len: usize, distinct: bool) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut digits = vec![1u8; len];
    loop {
        let unique = (0..len).all(|i| (0..i).all(|j| digits[i] != digits[j]));
        if !distinct || unique {
            out.push(digits.clone());
        }
        let Some(k) = digits.iter().position(|&d| d < n as u8) else { break };
        digits[k] += 1;
        digits[..k].iter_mut().for_each(|d| *d = 1);
    }
    out
}

/// Narrowing removes only digits some completion keeping the clue uses
/// and refuses a fully assigned line that breaks it: checked against
/// every permutation of short rows (every assignment of diagonals),
/// over random candidates and every number in reach.
#[test]
fn narrowing_keeps_every_digit_a_completion_uses() {
    let mut seed = 4747u64;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    };
    let mut checked = 0;
    for rule in [&SANDWICH, &X_SUMS, &SKYSCRAPERS, &LITTLE_KILLER] {
        for n in [4usize, 5, 6] {
            let lens: Vec<usize> = if rule.on_lines() { vec![n] } else { vec![2, 3, 4] };
            for len in lens {
                let all = assignments(n, len, rule.on_lines());
                let (least, most) = rule.reach(n, len);
                for value in least..=most {
                    for round in 0..40 {
                        // Round 0: every digit open; then random masks,
                        // some cells down to one digit.
                        let cands: Vec<u32> = (0..len)
                            .map(|_| match round {
                                0 => up_to(n as u32),
                                _ if next() % 3 == 0 => 1 << (next() % n as u32),
                                _ => (next() & up_to(n as u32)) | 1 << (next() % n as u32),
                            })
                            .collect();
                        let mut support = vec![0u32; len];
                        for digits in &all {
                            let fits = digits.iter().zip(&cands).all(|(&d, &m)| m & 1 << (d - 1) != 0);
                            if fits && rule.keeps(digits, n, value) {
                                for (s, &d) in support.iter_mut().zip(digits) {
                                    *s |= 1 << (d - 1);
                                }
                            }
                        }
                        let it = Instance { parts: vec![(0..len as u16).collect()], value: Some(value) };
                        let mut board = Board(cands.clone());
                        let ok = rule.narrow(&it, n, &mut board);
                        let solvable = support.iter().all(|&s| s != 0);
                        if solvable {
                            assert!(ok, "{} {value} n {n}: {cands:?}", rule.name);
                            for (k, &s) in support.iter().enumerate() {
                                assert_eq!(
                                    board.0[k] & s,
                                    s,
                                    "{} {value}: {cands:?} lost a digit at {k}",
                                    rule.name
                                );
                            }
                        }
                        // A full line is refused exactly when it breaks
                        // the clue (or repeats a digit of a row).
                        if cands.iter().all(|m| m.count_ones() == 1) {
                            assert_eq!(ok, solvable, "{} {value}: {cands:?}", rule.name);
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 5000, "{checked}");
}

/// Every full assignment of a row through narrow agrees with keeps.
#[test]
fn full_rows_are_refused_exactly_when_they_break_the_clue() {
    let n = 5;
    for rule in [&SANDWICH, &X_SUMS, &SKYSCRAPERS] {
        let (least, most) = rule.reach(n, n);
        for digits in assignments(n, n, true) {
            for value in least..=most {
                let it = Instance { parts: vec![(0..n as u16).collect()], value: Some(value) };
                let mut board = Board(digits.iter().map(|&d| 1 << (d - 1)).collect());
                assert_eq!(rule.narrow(&it, n, &mut board), rule.keeps(&digits, n, value), "{}", rule.name);
            }
        }
    }
}

#[test]
fn clues_sit_one_step_outside_their_first_cell() {
    let n = 9;
    // Row 3 from the right: the clue at r3c10.
    let row: Vec<u16> = (0..9).rev().map(|c| 18 + c).collect();
    assert_eq!(clue_of(n, &row), Some(((2, 9), (0, -1))));
    assert_eq!(walk(n, (2, 9), (0, -1)), row);
    // The little killer above r1c4 pointing down-right: r1c4..r6c9.
    let diagonal = walk(n, (-1, 2), (1, 1));
    assert_eq!(diagonal, vec![3, 13, 23, 33, 43, 53]);
    assert_eq!(inward(n, (-1, 4)), Some((1, 0)));
    assert_eq!(inward(n, (-1, -1)), None);
    assert_eq!(fp_place(&json!("R0C3")), Ok((-1, 2)));
    assert_eq!(fp_name((9, 2)), "R10C3");
}

/// The skyscrapers' walk as first written (each step over every highest
/// and every digit, quadratic in n): the linear one must keep exactly
/// its digits.
fn skyscrapers_support_plainly(m: &[u32], n: usize, count: u32) -> Option<Vec<u32>> {
    let len = m.len();
    let mut reach = vec![vec![0u32; n + 1]; len + 1];
    let mut done = vec![vec![0u32; n + 1]; len + 1];
    reach[0][0] = 1;
    for k in 0..len {
        for h in 0..=n {
            let from = reach[k][h];
            for d in (1..=n).filter(|&d| m[k] >> (d - 1) & 1 == 1) {
                if d > h {
                    reach[k + 1][d] |= from << 1;
                } else if d < h {
                    reach[k + 1][h] |= from;
                }
            }
        }
    }
    done[len][n] = 1 << count;
    for k in (0..len).rev() {
        for h in 0..=n {
            let mut to = 0;
            for d in (1..=n).filter(|&d| m[k] >> (d - 1) & 1 == 1) {
                if d > h {
                    to |= done[k + 1][d] >> 1;
                } else if d < h {
                    to |= done[k + 1][h];
                }
            }
            done[k][h] = to;
        }
    }
    let mut support = vec![0u32; len];
    for k in 0..len {
        for d in (1..=n).filter(|&d| m[k] >> (d - 1) & 1 == 1) {
            let through = (0..=n).any(|h| {
                (d > h && reach[k][h] & (done[k + 1][d] >> 1) != 0)
                    || (d < h && reach[k][h] & done[k + 1][h] != 0)
            });
            if through {
                support[k] |= 1 << (d - 1);
            }
        }
    }
    support.iter().all(|&s| s != 0).then_some(support)
}

/// The skyscrapers' narrowing keeps exactly the plain walk's digits, on
/// random candidates of lines of every size (4 to 25) and every count in
/// reach (and one past it).
#[test]
fn skyscrapers_narrowing_is_the_plain_walk() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(48);
    let (mut refused, mut narrowed) = (0, 0);
    for round in 0..3000 {
        let n = [4, 5, 6, 9, 12, 16, 25][round % 7];
        let cells: Vec<u16> = (0..n as u16).collect();
        let density = rng.gen_range(0.2..0.9);
        let m = crate::constraint::testing::random_masks(&mut rng, n, n, density);
        let count = rng.gen_range(1..=n as u32 + 1);
        let mut board = Board(m.clone());
        let kept = OutsideRule::narrow_skyscrapers(&cells, n, count, &mut board);
        match skyscrapers_support_plainly(&m, n, count) {
            None => {
                assert!(!kept, "round {round}");
                refused += 1;
            }
            Some(support) => {
                assert!(kept, "round {round}");
                let after: Vec<u32> = cells.iter().map(|&c| board.get(c)).collect();
                let expected: Vec<u32> = m.iter().zip(&support).map(|(&m, &s)| m & s).collect();
                assert_eq!(after, expected, "round {round}");
                narrowed += usize::from(after != m);
            }
        }
    }
    assert!(refused > 300 && narrowed > 300, "{refused} {narrowed}");
}
