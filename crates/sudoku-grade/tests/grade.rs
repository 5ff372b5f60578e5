//! Grader tests over the fixtures in `fixtures/grade/`: the chain and trial
//! techniques on real puzzles, soundness of every step, band boundaries on
//! puzzles of known Sudoku Explainer rating, invariance under symmetry and
//! relabelling, and the errors.

use std::path::PathBuf;

use proptest::prelude::*;
use sudoku_core::Grid;
use sudoku_grade::{explain, grade, Band, GradeError, Grader, Technique};

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/grade").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn technique_named(name: &str) -> Technique {
    Technique::ALL.into_iter().find(|t| t.name() == name).unwrap_or_else(|| panic!("no technique {name:?}"))
}

/// Replays the path of `puzzle` and checks every placement and elimination
/// against its unique solution (from the core solver, not the grader).
fn assert_path_is_sound(puzzle: &Grid) -> sudoku_grade::Grade {
    let solution = puzzle.solve_unique().expect("fixture puzzles have one solution");
    let g = explain(puzzle).expect("gradable");
    let mut grid = *puzzle;
    for s in &g.steps {
        for p in &s.placements {
            assert_eq!(solution.get(p.cell_idx), Some(p.digit), "{s}");
            grid.set(p.cell_idx, p.digit);
        }
        for e in &s.eliminations {
            assert_ne!(solution.get(e.cell_idx), Some(e.digit), "{s}");
        }
    }
    assert_eq!(grid, solution, "the path fills the grid");
    g
}

fn step_text(s: &sudoku_grade::Step) -> String {
    let rc = |c: usize| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
    let mut parts: Vec<String> =
        s.placements.iter().map(|p| format!("{}={}", rc(p.cell_idx), p.digit)).collect();
    parts.extend(s.eliminations.iter().map(|e| format!("{}<>{}", rc(e.cell_idx), e.digit)));
    parts.join(" ")
}

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

/// A symmetry of the grid: transpose, then permute bands, rows in bands,
/// stacks and columns in stacks; and a relabelling of the digits.
#[derive(Debug, Clone)]
struct Symmetry {
    transpose: bool,
    rows: [usize; 9],
    cols: [usize; 9],
    digits: [u8; 10],
}

fn line_perm() -> impl Strategy<Value = [usize; 9]> {
    let perm3 = || Just([0usize, 1, 2]).prop_shuffle();
    (perm3(), perm3(), perm3(), perm3()).prop_map(|(outer, a, b, c)| {
        let inner = [a, b, c];
        let mut p = [0; 9];
        for i in 0..9 {
            p[i] = outer[i / 3] * 3 + inner[i / 3][i % 3];
        }
        p
    })
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    (any::<bool>(), line_perm(), line_perm(), Just((1u8..=9).collect::<Vec<u8>>()).prop_shuffle()).prop_map(
        |(transpose, rows, cols, d)| {
            let mut digits = [0u8; 10];
            for (i, &x) in d.iter().enumerate() {
                digits[i + 1] = x;
            }
            Symmetry { transpose, rows, cols, digits }
        },
    )
}

fn apply(s: &Symmetry, g: &Grid) -> Grid {
    let src = g.to_array();
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (s.rows[r], s.cols[c]);
            let v = if s.transpose { src[sc * 9 + sr] } else { src[sr * 9 + sc] };
            out[r * 9 + c] = s.digits[v as usize];
        }
    }
    Grid::from_array(out).unwrap()
}

/// Puzzles from easy to dynamic forcing chains (not the slow nested one).
fn invariance_puzzles() -> Vec<Grid> {
    let mut v: Vec<Grid> = fixture("se_sample.csv")
        .lines()
        .skip(1)
        .step_by(3)
        .map(|l| Grid::parse_line(l.split(',').next().unwrap()).unwrap())
        .collect();
    for line in fixture("techniques.tsv").lines().filter(|l| !l.starts_with("nested")) {
        v.push(Grid::parse_line(line.split('\t').nth(1).unwrap()).unwrap());
    }
    v
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
