//! Difficulties on Sudoku Explainer's scale, in tenths, and SE's rule for
//! what a chain's length adds.

/// A difficulty in tenths of the SE scale: 71 is 7.1.
pub(crate) type Tenths = u8;

/// The difficulty, in tenths, of the step of a board where nothing on the
/// ladder applies (deeper nesting than it goes): SE rates that 20.0.
pub(crate) const NO_TECHNIQUE_TENTHS: Tenths = 200;

/// A difficulty in tenths on the SE scale: 71 is 7.1.
pub(crate) fn rating(t: Tenths) -> f64 {
    f64::from(t) / 10.0
}

/// The extra difficulty, in tenths, of a chain of `len` nodes: one for
/// each of the lengths 4, 6, 8, 12, 16, 24, 32, 48, ... it exceeds (SE's
/// rule).
pub(crate) fn length_bonus(len: u32) -> Tenths {
    let (mut ceil, mut added, mut odd) = (4u32, 0u8, false);
    while len > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The largest length whose [`length_bonus`] is `bonus`: the `bonus`-th of
/// the thresholds 4, 6, 8, 12, ... (capped near a million).
pub(crate) fn longest_with_bonus(bonus: u32) -> u32 {
    let mut ceil = 4u32;
    for i in 0..bonus {
        ceil = if i % 2 == 0 { ceil * 3 / 2 } else { ceil * 4 / 3 };
        if ceil > 1 << 20 {
            break;
        }
    }
    ceil
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bonus_follows_the_explainer_thresholds() {
        let got: Vec<Tenths> =
            [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].iter().map(|&l| length_bonus(l)).collect();
        assert_eq!(got, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    }

    #[test]
    fn the_longest_length_of_a_bonus_is_its_threshold() {
        let got: Vec<u32> = (0..6).map(longest_with_bonus).collect();
        assert_eq!(got, [4, 6, 8, 12, 16, 24]);
    }
}
