//! Unit tests of `grader.rs`.

use super::*;
use crate::rating::length_bonus;

/// A forcing chain of n links has n + 1 potentials, and a complexity
/// two less: the longest rated under 8.0 is STATIC_CHAIN_LINKS long.
#[test]
fn the_longest_forcing_chain_under_8_has_97_links() {
    let rate = |links: u8| 70 + length_bonus(u32::from(links) + 1 - 2);
    assert_eq!(rate(STATIC_CHAIN_LINKS), STATIC_CHAINS_TOP);
    assert_eq!(rate(STATIC_CHAIN_LINKS + 1), STATIC_CHAINS_TOP + 1);
}

/// [`Quiet`] skips only what would find nothing: a grader that has
/// graded other puzzles, or the same one just before, takes the same
/// path as a new one, which searches everything. (On the paths, digit
/// and unit rules find steps too, and the same boards come again.)
#[test]
fn skipping_where_nothing_was_found_takes_the_same_path() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/grade/se_calibration_sample.csv");
    let text = std::fs::read_to_string(path).unwrap();
    let options = GradeOptions { explain: true };
    let mut warm = Grader::new();
    let mut n = 0;
    for line in text.lines().skip(1).step_by(2) {
        let puzzle: Grid = line.split(',').next().unwrap().parse().unwrap();
        let fresh = Grader::new().grade_with(&puzzle, &options).unwrap();
        assert!(fresh == warm.grade_with(&puzzle, &options).unwrap(), "{line}");
        assert!(fresh == warm.grade_with(&puzzle, &options).unwrap(), "{line}");
        n += usize::from(fresh.steps.iter().any(|s| s.technique == Technique::XWing));
    }
    assert!(n >= 3, "{n} paths with an X-wing");
}
