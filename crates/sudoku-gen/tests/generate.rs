//! Properties of generated puzzles, each checked independently of the
//! generator: uniqueness and minimality by the core's solution counter,
//! symmetry by maps written out in `util`, and the fast paths of the generator
//! against a plain greedy reference (also in `util`).

use proptest::prelude::*;
use sudoku_core::{Cell, Grid};
use sudoku_gen::{generate, generate_until, puzzle_rng, GenError, GenOptions, Generator, Symmetry};

use crate::util::{assert_minimal, assert_symmetric, brute_force_count, digits_of, greedy};

#[test]
fn puzzles_are_unique_minimal_and_symmetric_for_every_symmetry() {
    for symmetry in Symmetry::ALL {
        let opts = GenOptions { seed: 11, symmetry, target_clues: None };
        let mut generator = Generator::new(opts);
        for index in 0..8 {
            let p = generator.generate(index);
            assert_eq!(p.givens.count_solutions_up_to(2), 1, "{symmetry} {index}");
            assert!(p.solution.is_solution_of(&p.givens));
            assert!(p.minimal && p.target_reached());
            assert_eq!(p.symmetry, symmetry);
            assert_symmetric(&p.givens, symmetry);
            assert_minimal(&p.givens, symmetry);
        }
    }
}

#[test]
fn minimal_without_symmetry_means_no_single_clue_is_removable() {
    let p = generate(&GenOptions { seed: 5, ..GenOptions::default() }, 3);
    let mut n_checked = 0;
    for cell in Cell::ALL.into_iter().filter(|&c| p.givens.get(c).is_some()) {
        let mut q = p.givens;
        q.set(cell, None);
        assert!(q.count_solutions_up_to(2) > 1, "clue {cell} is removable");
        n_checked += 1;
    }
    assert_eq!(n_checked, p.n_clues());
}

#[test]
fn fast_paths_match_the_plain_greedy_algorithm() {
    // The reference visits the orbits in the same random order and decides
    // each removal by counting solutions only; the generator's shortcuts
    // (unavoidable sets, singles fills, searches excluding one digit) must
    // not change a thing.
    for symmetry in [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Dihedral]
    {
        let mut generator = Generator::new(GenOptions { symmetry, ..GenOptions::default() });
        for index in 0..16 {
            let solution = generate(&GenOptions { seed: 99, ..GenOptions::default() }, index).solution;
            let mut rng = puzzle_rng(1, index);
            let reference = greedy(&solution, symmetry, &mut rng.clone());
            let p = generator.puzzle_from_solution(&solution, &mut rng);
            assert_eq!(p.givens, reference, "{symmetry} {index}");
        }
    }
}

#[test]
fn a_seed_gives_the_same_puzzles_whatever_the_solver() {
    // Golden values. The full grid is drawn from the seed's stream by this
    // crate alone, and the solver only answers yes/no questions about it,
    // so a change to sudoku-core's search must leave these unchanged. They
    // are checked here by a plain backtracking search that shares no code
    // with the crate or its solver: one solution, this one, and no orbit
    // of clues removable.
    let solution = "854619327326478519719325846482936175567142938193587264238754691645291783971863452";
    let cases = [
        (Symmetry::None, "...6.9...3...7.5.9.1.......4...3...5....429.81...8726.........16.52..7..97...3..."),
        (
            Symmetry::Rot180,
            "..4...3.7.2..78....19....4..8..36.....7.4.9.....58..6..3....69....29..8.9.1...4..",
        ),
    ];
    for (symmetry, givens) in cases {
        let p = generate(&GenOptions { seed: 1, symmetry, target_clues: None }, 0);
        assert_eq!(
            (p.givens.to_line().as_str(), p.solution.to_line().as_str()),
            (givens, solution),
            "{symmetry}"
        );
        let mut cells = digits_of(givens);
        let mut found = None;
        assert_eq!(brute_force_count(&mut cells, 2, &mut found), 1, "{symmetry}");
        assert_eq!(found, Some(digits_of(solution)), "{symmetry}");
        let orbit = |cell: usize| match symmetry {
            Symmetry::None => vec![cell],
            _ => vec![cell, 80 - cell],
        };
        for cell in (0..81).filter(|&c| cells[c] != 0) {
            let mut fewer = cells;
            orbit(cell).into_iter().for_each(|c| fewer[c] = 0);
            assert_eq!(
                brute_force_count(&mut fewer, 2, &mut None),
                2,
                "{symmetry}: clue {cell} is removable"
            );
        }
    }
}

#[test]
fn a_puzzle_depends_on_seed_and_index_alone() {
    let opts = GenOptions { seed: 77, symmetry: Symmetry::Mirror, target_clues: None };
    let mut forward = Generator::new(opts.clone());
    let a: Vec<Grid> = (0..5).map(|i| forward.generate(i).givens).collect();
    let mut backward = Generator::new(opts.clone());
    let mut b: Vec<Grid> = (0..5).rev().map(|i| backward.generate(i).givens).collect();
    b.reverse();
    assert_eq!(a, b);
    assert_eq!(generate(&opts, 2).givens, a[2]);
    let other_seed = GenOptions { seed: 78, ..opts };
    assert_ne!(generate(&other_seed, 2).givens, a[2]);
    // Different indices of one seed give different puzzles.
    for i in 0..5 {
        for j in i + 1..5 {
            assert_ne!(a[i], a[j]);
        }
    }
}

#[test]
fn a_reachable_clue_target_is_met_exactly() {
    let opts = GenOptions { seed: 3, symmetry: Symmetry::None, target_clues: Some(32) };
    for index in 0..5 {
        let p = generate(&opts, index);
        assert_eq!(p.n_clues(), 32);
        assert!(p.target_reached());
        assert!(!p.minimal);
        assert_eq!(p.givens.count_solutions_up_to(2), 1);
    }
}

#[test]
fn an_unreachable_clue_target_is_reported() {
    // No sudoku with a unique solution has fewer than 17 clues.
    let opts = GenOptions { seed: 3, symmetry: Symmetry::None, target_clues: Some(16) };
    let p = generate(&opts, 0);
    assert!(!p.target_reached());
    assert!(p.n_clues() > 16);
    assert_eq!(p.givens.count_solutions_up_to(2), 1);
    // Nothing was skipped for the target, so the puzzle is still minimal.
    assert!(p.minimal);
    assert_minimal(&p.givens, Symmetry::None);
}

#[test]
fn a_target_between_orbit_sizes_is_reported_honestly() {
    // Rot180 orbits are pairs plus the centre: a target of 81 is met at
    // once; 80 is met only by removing the centre, which may fail.
    let p = generate(&GenOptions { seed: 1, symmetry: Symmetry::Rot180, target_clues: Some(81) }, 0);
    assert_eq!(p.n_clues(), 81);
    assert!(p.target_reached());
    let p = generate(&GenOptions { seed: 1, symmetry: Symmetry::Rot180, target_clues: Some(80) }, 0);
    assert_symmetric(&p.givens, Symmetry::Rot180);
    assert_eq!(p.target_reached(), p.n_clues() == 80);
}

#[test]
fn generate_until_filters_and_gives_up_with_a_typed_error() {
    let opts = GenOptions { seed: 8, ..GenOptions::default() };
    let mut n_seen = 0;
    let p = generate_until(
        &opts,
        4,
        |p| {
            n_seen += 1;
            p.n_clues() >= 26
        },
        500,
    )
    .expect("26 clues or more is common");
    assert!(p.n_clues() >= 26);
    assert!(n_seen >= 1);
    // The same filter gives the same puzzle again.
    let again = generate_until(&opts, 4, |p| p.n_clues() >= 26, 500).unwrap();
    assert_eq!(again, p);
    // A filter that accepts the first puzzle gives the plain puzzle.
    assert_eq!(generate_until(&opts, 4, |_| true, 1).unwrap(), generate(&opts, 4));
    let err = generate_until(&opts, 4, |_| false, 2).unwrap_err();
    assert_eq!(err, GenError::TriesExhausted { index: 4, max_tries: 2 });
    assert_eq!(err.to_string(), "no acceptable puzzle for index 4 in 2 tries");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_generated_puzzle_has_exactly_one_solution(
        seed in any::<u64>(),
        index in any::<u64>(),
        sym_idx in 0usize..8,
    ) {
        let symmetry = Symmetry::ALL[sym_idx];
        let p = generate(&GenOptions { seed, symmetry, target_clues: None }, index);
        prop_assert_eq!(p.givens.count_solutions_up_to(2), 1);
        prop_assert!(p.solution.is_solution_of(&p.givens));
        prop_assert!(symmetry.holds_for(&p.givens));
        assert_symmetric(&p.givens, symmetry);
    }
}
