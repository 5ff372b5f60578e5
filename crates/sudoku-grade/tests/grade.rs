//! Grader tests over the fixtures in `fixtures/grade/`: the chain and trial
//! techniques on real puzzles, soundness of every step, band boundaries on
//! puzzles of known Sudoku Explainer rating, invariance under symmetry and
//! relabelling, and the errors.

use proptest::prelude::*;
use sudoku_core::Grid;
use sudoku_grade::{grade, Band, GradeError, Grader};

use crate::util::{
    apply, assert_path_is_sound, fixture, invariance_puzzles, step_text, symmetry, technique_named,
};

#[test]
fn each_chain_and_trial_technique_is_the_way_forward_on_its_fixture() {
    for line in fixture("techniques.tsv").lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let (want, puzzle, first_step) = (technique_named(fields[0]), fields[1], fields[2]);
        let puzzle = Grid::parse_line(puzzle).unwrap();
        let g = assert_path_is_sound(&puzzle);
        assert_eq!(g.technique, want, "{puzzle:?}");
        let step = g.steps.iter().find(|s| s.technique == want).expect("the technique is used");
        assert_eq!(step_text(step), first_step, "{want}");
        assert!(g.rating >= want.base_rating());
    }
}

#[test]
fn puzzles_of_known_se_rating_land_in_the_documented_band() {
    let mut grader = Grader::new();
    let text = fixture("se_sample.csv");
    let mut n_bands = std::collections::BTreeSet::new();
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let se: f64 = match fields[1] {
            "<1.5" => 1.2,
            "1.5-2.4" => 2.0,
            v => v.parse().unwrap(),
        };
        let g = grader.grade(&Grid::parse_line(fields[0]).unwrap()).unwrap();
        assert_eq!(g.band, Band::from_rating(se), "{line}: rated {}", g.rating);
        n_bands.insert(g.band);
    }
    assert_eq!(n_bands.len(), 5, "the sample spans every band");
}

#[test]
fn sample_paths_are_sound_and_rated_by_their_hardest_step() {
    for line in fixture("se_sample.csv").lines().skip(1) {
        let puzzle = Grid::parse_line(line.split(',').next().unwrap()).unwrap();
        let g = assert_path_is_sound(&puzzle);
        assert_eq!(g.band, Band::from_rating(g.rating));
        let hardest = g.steps.iter().map(|s| s.difficulty).fold(0.0, f64::max);
        assert!(g.rating >= hardest && g.rating < hardest + 0.1, "{} vs {hardest}", g.rating);
        assert!(g.steps.iter().any(|s| s.technique == g.technique && s.difficulty == hardest));
    }
}

#[test]
fn invalid_unsolvable_and_ambiguous_puzzles_are_not_rated() {
    let clash = Grid::parse_line(&format!("55{}", ".".repeat(79))).unwrap();
    assert!(matches!(grade(&clash), Err(GradeError::Conflict(c)) if c.digit == 5));
    assert_eq!(grade(&Grid::EMPTY), Err(GradeError::NotUnique));
    // No clash among the givens, but r1c9 has no digit left.
    let dead = Grid::parse_line(&format!("12345678.{}9", ".".repeat(71))).unwrap();
    assert!(dead.conflicts().is_empty());
    assert_eq!(grade(&dead), Err(GradeError::Unsolvable));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_grade_is_the_same_under_any_symmetry_and_relabelling(idx in 0usize..10, s in symmetry()) {
        let puzzles = invariance_puzzles();
        let p = puzzles[idx % puzzles.len()];
        let mut grader = Grader::new();
        let a = grader.grade(&p).unwrap();
        let b = grader.grade(&apply(&s, &p)).unwrap();
        prop_assert_eq!(a.rating, b.rating);
        prop_assert_eq!(a.technique, b.technique);
        prop_assert_eq!(a.band, b.band);
        prop_assert_eq!(a.nodes, b.nodes);
        prop_assert_eq!(a.guesses, b.guesses);
    }
}
