//! The minlex form against its definition.

use proptest::prelude::*;
use rayon::prelude::*;
use sudoku_canon::{canonical, canonical_brute_force, Canonicalizer};
use sudoku_core::Grid;

use crate::{fixture_grids, random_grid, random_transform, rng};

/// The form, its transformation and the brute force agree on the fixtures
/// (puzzles, their solutions, invalid grids), on disguised copies of them,
/// on random sparse grids, and on the empty grid.
#[test]
fn the_search_finds_the_brute_force_minimum() {
    let mut rng = rng(17);
    let mut grids = fixture_grids();
    let n_fixtures = grids.len();
    for i in 0..n_fixtures / 2 {
        let t = random_transform(&mut rng);
        grids.push(t.apply(&grids[i]));
    }
    for n in (1..=40).chain([50, 60, 70, 81]) {
        grids.push(random_grid(&mut rng, n));
    }
    grids.push(Grid::EMPTY);
    assert!(grids.len() >= 300, "{} grids", grids.len());
    // The brute force takes ~80 ms a grid: on every core.
    grids.par_iter().for_each_init(Canonicalizer::new, |c, g| {
        let (form, t) = c.canonical(g);
        assert_eq!(t.apply(g), form, "{}: the transformation does not give the form", g.to_line());
        assert_eq!(form, canonical_brute_force(g), "{}", g.to_line());
    });
}

#[test]
fn the_empty_grid_and_a_full_grid_have_the_known_forms() {
    assert_eq!(canonical(&Grid::EMPTY).0, Grid::EMPTY);
    // A solution grid's form starts with the row 123456789.
    let solution =
        Grid::parse_line("417369825632158947958724316825437169791586432346912758289643571573291684164875293")
            .unwrap();
    let (form, t) = canonical(&solution);
    assert_eq!(&form.to_line()[..9], "123456789");
    assert_eq!(t.apply(&solution), form);
}

/// Grids made to multiply the search's candidates: one digit everywhere,
/// one row repeated, a band repeated, a few digits on a diagonal. Each must
/// keep few candidates and equal the brute force.
#[test]
fn degenerate_grids_are_quick_and_right() {
    let mut grids = Vec::new();
    grids.push(Grid::from_array([1; 81]).unwrap());
    let row: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    grids.push(Grid::from_array(std::array::from_fn(|i| row[i % 9])).unwrap());
    grids.push(
        Grid::from_array(std::array::from_fn(|i| row[(i / 9 * 3 + i % 9) % 9] * u8::from(i < 27))).unwrap(),
    );
    grids.push(Grid::from_array(std::array::from_fn(|i| if i % 10 == 0 { 5 } else { 0 })).unwrap());
    grids.push(Grid::from_array(std::array::from_fn(|i| (i % 9 % 3 + 1) as u8)).unwrap());
    let mut c = Canonicalizer::new();
    for g in &grids {
        let (form, t) = c.canonical(g);
        assert!(c.peak_candidates() <= 30_000, "{}: {} candidates", g.to_line(), c.peak_candidates());
        assert_eq!(t.apply(g), form);
        assert_eq!(form, canonical_brute_force(g), "{}", g.to_line());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// canonical(t(p)) == canonical(p), and the form is its own form.
    #[test]
    fn the_form_is_invariant_and_idempotent(seed in any::<u64>(), n in 0usize..40) {
        let mut rng = rng(seed);
        let grids = fixture_grids();
        let g = if n < 10 { grids[seed as usize % grids.len()] } else { random_grid(&mut rng, n) };
        let t = random_transform(&mut rng);
        let (form, to_form) = canonical(&g);
        prop_assert_eq!(canonical(&t.apply(&g)).0, form);
        prop_assert_eq!(canonical(&form).0, form);
        prop_assert_eq!(to_form.apply(&g), form);
        prop_assert_eq!(to_form.inverse().apply(&form), g);
    }
}

/// The published list of 17-clue puzzles (Royle; Dobrichev's update) gives
/// its puzzles in minlex form, made by other people's code: its first 100
/// lines, disguised, come back as themselves.
#[test]
fn the_published_17_clue_minlex_forms_are_found() {
    let path = format!("{}/../../fixtures/17clue_minlex.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut rng = rng(99);
    let mut c = Canonicalizer::new();
    let mut n = 0;
    for line in text.lines() {
        let published = Grid::parse_line(line).unwrap();
        let disguised = random_transform(&mut rng).apply(&published);
        assert_eq!(c.canonical(&disguised).0, published, "{line}");
        n += 1;
    }
    assert_eq!(n, 100);
}

/// A sparse puzzle keeps a handful of candidates; a solution grid, every
/// order of its first row's columns (18 × 1,296) until its second row.
#[test]
fn the_search_keeps_few_candidates() {
    let mut c = Canonicalizer::new();
    let puzzle =
        Grid::parse_line("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
            .unwrap();
    c.canonical(&puzzle);
    assert!(c.peak_candidates() <= 50, "{}", c.peak_candidates());
    let solution =
        Grid::parse_line("417369825632158947958724316825437169791586432346912758289643571573291684164875293")
            .unwrap();
    c.canonical(&solution);
    assert_eq!(c.peak_candidates(), 18 * 1296);
}
