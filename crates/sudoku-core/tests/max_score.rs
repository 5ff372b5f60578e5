//! Max-score search against independent answers: the proven optima of
//! `fixtures/target/` and brute-force enumeration of every completion.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sudoku_core::{max_score, Cell, Digit, Grid, MaxScore, MaxScoreOptions, MaxScoreStatus, Weights};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/target")
}

fn read_grid(path: &Path) -> Grid {
    let text = std::fs::read_to_string(path).unwrap();
    Grid::parse_noip(&text).or_else(|_| Grid::parse_block(&text)).unwrap()
}

/// Checks a result claimed optimal: the grid completes the puzzle and
/// scores exactly the reported score.
fn check_optimal(puzzle: &Grid, weights: &Weights, result: &MaxScore, expected: i64) {
    let MaxScore::Optimal { grid, score, .. } = *result else { panic!("{puzzle}: not optimal: {result:?}") };
    assert_eq!(score, expected, "{puzzle}");
    assert_eq!(result.upper_bound(), Some(expected));
    assert!(grid.is_solution_of(puzzle), "{grid} does not complete {puzzle}");
    assert_eq!(weights.score(&grid), expected);
}

#[test]
fn every_target_case_matches_its_proven_answer() {
    let dir = fixtures();
    let example = Weights::parse(&std::fs::read_to_string(dir.join("weights_example.txt")).unwrap()).unwrap();
    let mut n_cases = 0;
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ans"))
        .collect();
    names.sort();
    for name in names {
        let stem = name.split('.').next().unwrap();
        let puzzle = read_grid(&dir.join(format!("{stem}.in")));
        let weights = if name.ends_with(".weights_example.ans") { example } else { Weights::NOIP };
        let expected: i64 = std::fs::read_to_string(dir.join(&name)).unwrap().trim().parse().unwrap();
        let result = max_score(&puzzle, &weights, &MaxScoreOptions::default());
        check_optimal(&puzzle, &weights, &result, expected);
        n_cases += 1;
    }
    assert!(n_cases >= 14, "only {n_cases} cases found in {}", dir.display());
}

#[test]
fn the_empty_grid_scores_2906() {
    let result = max_score(&Grid::EMPTY, &Weights::NOIP, &MaxScoreOptions::default());
    check_optimal(&Grid::EMPTY, &Weights::NOIP, &result, 2906);
}

#[test]
fn contradictory_givens_are_infeasible_not_a_score() {
    let mut puzzle = Grid::EMPTY;
    let five = Digit::new(5).unwrap();
    puzzle.set(Cell::ALL[0], five);
    puzzle.set(Cell::ALL[80], five);
    puzzle.set(Cell::ALL[8], five); // same row as cell 0
    let result = max_score(&puzzle, &Weights::NOIP, &MaxScoreOptions::default());
    assert!(matches!(result, MaxScore::Infeasible { .. }), "{result:?}");
    assert_eq!((result.score(), result.grid(), result.upper_bound()), (None, None, None));
}

#[test]
fn consistent_givens_without_completion_are_infeasible() {
    // Row 1 misses only 9, but column 9 already holds a 9 elsewhere.
    let puzzle = Grid::parse_line(
        "12345678.\
         ........9\
         .........\
         .........\
         .........\
         .........\
         .........\
         .........\
         .........",
    )
    .unwrap();
    assert!(puzzle.is_consistent());
    assert_eq!(puzzle.count_solutions_up_to(1), 0);
    let result = max_score(&puzzle, &Weights::NOIP, &MaxScoreOptions::default());
    assert_eq!(result.status(), MaxScoreStatus::Infeasible);
}

/// A small deterministic generator (xorshift64*), so the cases are the same
/// on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }

    fn solution(&mut self) -> Grid {
        loop {
            let mut g = Grid::EMPTY;
            for _ in 0..11 {
                let mut h = g;
                h.set(Cell::ALL[self.below(81) as usize], Digit::new(self.below(9) as u8 + 1));
                if h.is_consistent() && h.count_solutions_up_to(1) == 1 {
                    g = h;
                }
            }
            if let Some(s) = g.solve_one() {
                return s;
            }
        }
    }

    fn weights(&mut self, kind: u64) -> Weights {
        let values: [i64; 81] = std::array::from_fn(|c| match kind {
            0 => Weights::NOIP.get(Cell::ALL[c]),
            1 => self.below(21) as i64,
            2 => self.below(21) as i64 - 10,
            3 => self.below(2_000_001) as i64 - 1_000_000,
            _ => [0, 0, 1, -1][self.below(4) as usize],
        });
        Weights::from_array(values).unwrap()
    }
}

/// The maximum over every completion, by enumeration; `None` when there is
/// none.
fn brute_force(puzzle: &Grid, weights: &Weights) -> Option<i64> {
    puzzle.solutions().map(|s| weights.score(&s)).max()
}

#[test]
fn random_grids_with_few_completions_match_brute_force() {
    let mut rng = Rng(0x5eed_2009);
    let mut n_checked = 0;
    let mut n_with_choice = 0;
    while n_checked < 150 {
        let solution = rng.solution().to_array();
        let n_givens = 22 + rng.below(20) as usize;
        let mut cells = [0u8; 81];
        for _ in 0..n_givens {
            let c = rng.below(81) as usize;
            cells[c] = solution[c];
        }
        let puzzle = Grid::from_array(cells).unwrap();
        let n_completions = puzzle.count_solutions_up_to(400);
        if n_completions >= 400 {
            continue;
        }
        let weights = rng.weights(n_checked % 5);
        let expected = brute_force(&puzzle, &weights).unwrap();
        let result = max_score(&puzzle, &weights, &MaxScoreOptions::default());
        check_optimal(&puzzle, &weights, &result, expected);
        n_checked += 1;
        n_with_choice += usize::from(n_completions > 1);
    }
    assert!(n_with_choice > 100, "too few grids with a real choice: {n_with_choice}");
}

#[test]
fn random_givens_agree_with_brute_force_on_feasibility() {
    let mut rng = Rng(77);
    let mut n_infeasible = 0;
    for _ in 0..300 {
        let mut g = rng.solution();
        // Some givens of a solution, then a few random ones.
        for c in Cell::ALL {
            if rng.below(100) < 55 {
                g.set(c, None);
            }
        }
        for _ in 0..2 {
            g.set(Cell::ALL[rng.below(81) as usize], Digit::new(rng.below(10) as u8));
        }
        if g.count_solutions_up_to(400) >= 400 {
            continue;
        }
        let kind = rng.below(5);
        let weights = rng.weights(kind);
        let result = max_score(&g, &weights, &MaxScoreOptions::default());
        match brute_force(&g, &weights) {
            None => {
                assert_eq!(result.status(), MaxScoreStatus::Infeasible, "{g}");
                n_infeasible += 1;
            }
            Some(best) => check_optimal(&g, &weights, &result, best),
        }
    }
    assert!(n_infeasible > 20, "too few infeasible grids: {n_infeasible}");
}

#[test]
fn a_node_limit_stops_with_a_valid_incumbent_and_bound() {
    let options = MaxScoreOptions { node_limit: Some(20), time_limit: None };
    let result = max_score(&Grid::EMPTY, &Weights::NOIP, &options);
    let MaxScore::Stopped { best, upper_bound, nodes } = result else { panic!("not stopped: {result:?}") };
    assert_eq!(nodes, 20);
    assert!(upper_bound >= 2906, "the bound {upper_bound} is below the optimum");
    if let Some((grid, score)) = best {
        assert!(score <= 2906 && grid.is_solution_of(&Grid::EMPTY));
        assert_eq!(Weights::NOIP.score(&grid), score);
    }
}

#[test]
fn a_zero_time_limit_stops_at_once_with_a_trivial_bound() {
    let options = MaxScoreOptions { node_limit: None, time_limit: Some(Duration::ZERO) };
    let result = max_score(&Grid::EMPTY, &Weights::NOIP, &options);
    // 9 × 570; the solver's completion as the best known (issue 31: a
    // stopped search always knows one where there is one).
    let MaxScore::Stopped { best: Some((grid, score)), upper_bound: 5130, .. } = result else {
        panic!("{result:?}")
    };
    assert!(grid.is_solution_of(&Grid::EMPTY));
    assert_eq!(Weights::NOIP.score(&grid), score);
    // No completion: infeasible, even at once.
    let dead = Grid::parse_line(&format!("12345678.{}9", ".".repeat(71))).unwrap();
    assert!(matches!(max_score(&dead, &Weights::NOIP, &options), MaxScore::Infeasible { .. }));
}

#[test]
fn a_limit_stops_nothing_when_the_search_is_short() {
    let puzzle = read_grid(&fixtures().join("sample1.in"));
    let options = MaxScoreOptions { node_limit: Some(10_000), time_limit: Some(Duration::from_secs(60)) };
    let result = max_score(&puzzle, &Weights::NOIP, &options);
    check_optimal(&puzzle, &Weights::NOIP, &result, 2829);
}

/// The weight families of the tie issue: every completion of any grid
/// scores the same under the first three (each column holds every digit
/// once, and so does each row), and the ±1 checkerboard is nearly flat.
fn tie_family(name: &str) -> Weights {
    Weights::from_array(Cell::ALL.map(|cell| {
        let (r, c) = (cell.row() as i64, cell.col() as i64);
        match name {
            "col" => c,
            "col1" => c + 1,
            "9r+c" => 9 * r + c,
            _ => 1 - 2 * ((r + c) % 2),
        }
    }))
    .unwrap()
}

/// The empty grid and random partial grids with 10 to 25 givens, each
/// the givens of a random solution.
fn tie_grids() -> Vec<Grid> {
    let mut rng = Rng(0x7135);
    let mut grids = vec![Grid::EMPTY];
    for n_givens in [10, 14, 18, 22, 25] {
        let solution = rng.solution();
        let mut g = Grid::EMPTY;
        while g.n_clues() < n_givens {
            let c = Cell::ALL[rng.below(81) as usize];
            g.set(c, solution.get(c).unwrap());
        }
        grids.push(g);
    }
    grids
}

/// A node limit instead of a clock keeps the tests timing-independent;
/// each case needs far fewer nodes.
const TIE_OPTIONS: MaxScoreOptions = MaxScoreOptions { node_limit: Some(100_000), time_limit: None };

#[test]
fn issue_ties_column_constant_weights_are_proven_optimal() {
    for name in ["col", "col1", "9r+c"] {
        let weights = tie_family(name);
        for puzzle in tie_grids() {
            // Every completion scores the same, so any one is optimal.
            let expected = weights.score(&puzzle.solve_one().unwrap());
            let result = max_score(&puzzle, &weights, &TIE_OPTIONS);
            check_optimal(&puzzle, &weights, &result, expected);
        }
    }
}

#[test]
fn issue_ties_checkerboard_on_the_empty_grid_is_165() {
    // 165 is this solver's proven value; the bound is not independent, but
    // the grid is checked, and the shifted weights below must agree.
    let weights = tie_family("checker");
    let result = max_score(&Grid::EMPTY, &weights, &TIE_OPTIONS);
    check_optimal(&Grid::EMPTY, &weights, &result, 165);
}

/// Adding `a[row] + b[col]` to every weight adds `45 (Σa + Σb)` to every
/// completion, so the optimum moves by exactly that: a metamorphic check
/// of the bound on flat objectives.
#[test]
fn issue_ties_checkerboard_agrees_with_additively_shifted_weights() {
    let weights = tie_family("checker");
    let shift = |c: Cell| 3 * c.row() as i64 - 2 * c.col() as i64 + 1;
    let shifted = Weights::from_array(Cell::ALL.map(|c| weights.get(c) + shift(c))).unwrap();
    let constant: i64 = 5 * Cell::ALL.into_iter().map(shift).sum::<i64>();
    for puzzle in tie_grids() {
        let result = max_score(&puzzle, &weights, &TIE_OPTIONS);
        let MaxScore::Optimal { score, .. } = result else { panic!("{puzzle}: {result:?}") };
        check_optimal(&puzzle, &weights, &result, score);
        let result = max_score(&puzzle, &shifted, &TIE_OPTIONS);
        check_optimal(&puzzle, &shifted, &result, score + constant);
    }
}

/// A grid of `n_clues` givens drawn from a random solution, when it has
/// fewer than 2,000 completions (small enough to enumerate).
fn small_grid(rng: &mut Rng, n_clues: usize) -> Option<Grid> {
    let solution = rng.solution();
    let mut g = Grid::EMPTY;
    while g.n_clues() < n_clues {
        let c = Cell::ALL[rng.below(81) as usize];
        g.set(c, solution.get(c).unwrap());
    }
    (g.count_solutions_up_to(2_000) < 2_000).then_some(g)
}

#[test]
fn issue_ties_checkerboard_matches_brute_force_on_small_grids() {
    let mut rng = Rng(0xc4ec);
    let weights = tie_family("checker");
    let mut n_checked = 0;
    while n_checked < 40 {
        let Some(g) = small_grid(&mut rng, 30) else { continue };
        let expected = brute_force(&g, &weights).unwrap();
        check_optimal(&g, &weights, &max_score(&g, &weights, &TIE_OPTIONS), expected);
        n_checked += 1;
    }
}

/// The ±1 checkerboard (`+1` where `r + c` is even) times `k`, or its mirror.
fn checkerboard(k: i64, mirror: bool) -> Weights {
    let sign = if mirror { -1 } else { 1 };
    Weights::from_array(Cell::ALL.map(|c| sign * k * (1 - 2 * ((c.row() + c.col()) % 2) as i64))).unwrap()
}

/// The mirrored checkerboard on the empty grid, which stopped unproven at
/// 155 with a bound of 156 before the weights were reduced: every score is
/// odd. 155 is CP-SAT's proven optimum (fixtures/target/README.md).
#[test]
fn r33_mirrored_checkerboard_on_the_empty_grid_is_155() {
    for k in [1, 2, 1000, 1_000_000] {
        let weights = checkerboard(k, true);
        let result = max_score(&Grid::EMPTY, &weights, &TIE_OPTIONS);
        check_optimal(&Grid::EMPTY, &weights, &result, 155 * k);
    }
}

/// The optimum of `k·w` is `k` times that of `w`, and both match
/// enumeration of every completion, on random small grids and weights.
#[test]
fn r33_scaled_weights_scale_the_optimum_and_match_brute_force() {
    let mut rng = Rng(0x3333);
    let mut n_checked = 0;
    while n_checked < 30 {
        let Some(g) = small_grid(&mut rng, 28) else { continue };
        let base = match n_checked % 3 {
            0 => checkerboard(1, n_checked % 2 == 1),
            1 => Weights::from_array(std::array::from_fn(|_| rng.below(19) as i64 - 9)).unwrap(),
            _ => Weights::from_array(std::array::from_fn(|_| rng.below(3) as i64 - 1)).unwrap(),
        };
        let k = [2, 3, 10, 1000, 100_000][rng.below(5) as usize];
        let scaled = Weights::from_array(base.to_array().map(|v| k * v)).unwrap();
        let expected = brute_force(&g, &base).unwrap();
        check_optimal(&g, &base, &max_score(&g, &base, &TIE_OPTIONS), expected);
        assert_eq!(brute_force(&g, &scaled), Some(k * expected));
        check_optimal(&g, &scaled, &max_score(&g, &scaled, &TIE_OPTIONS), k * expected);
        n_checked += 1;
    }
}

/// The weight families of issue 33 (`fixtures/target/families.txt`) with
/// 15 or more givens, against every optimum CP-SAT proved
/// (`families_cpsat.tsv`): fast enough for a debug build, and each case's grid
/// is checked.
#[test]
fn r33_weight_families_match_cpsat() {
    let dir = fixtures();
    let answers: std::collections::HashMap<String, i64> =
        std::fs::read_to_string(dir.join("families_cpsat.tsv"))
            .unwrap()
            .lines()
            .map(|l| {
                let (name, v) = l.split_once('\t').unwrap();
                (name.to_string(), v.parse().unwrap())
            })
            .collect();
    let mut n_checked = 0;
    for line in std::fs::read_to_string(dir.join("families.txt")).unwrap().lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let Some(&expected) = answers.get(f[0]) else { continue };
        let puzzle = Grid::parse_line(f[2]).unwrap();
        if puzzle.n_clues() < 15 {
            continue;
        }
        let values: Vec<i64> = f[3].split(',').map(|v| v.parse().unwrap()).collect();
        let weights = Weights::from_array(values.try_into().unwrap()).unwrap();
        check_optimal(&puzzle, &weights, &max_score(&puzzle, &weights, &TIE_OPTIONS), expected);
        n_checked += 1;
    }
    assert!(n_checked >= 100, "only {n_checked} cases");
}

/// Issue 43: a search a caller stops from outside (a server's client went
/// away) ends as at its time limit, with a valid incumbent and bound; a
/// flag that is never set changes nothing.
#[test]
fn a_stop_flag_stops_the_search_as_a_time_limit_does() {
    use std::sync::atomic::AtomicBool;
    let options = MaxScoreOptions::default();
    let set = AtomicBool::new(true);
    let result = sudoku_core::max_score_until(&Grid::EMPTY, &Weights::NOIP, &options, &set);
    let MaxScore::Stopped { best: Some((grid, score)), upper_bound: 5130, .. } = result else {
        panic!("{result:?}")
    };
    assert!(grid.is_solution_of(&Grid::EMPTY));
    assert_eq!(Weights::NOIP.score(&grid), score);
    let puzzle = read_grid(&fixtures().join("sample1.in"));
    let unset = AtomicBool::new(false);
    let result = sudoku_core::max_score_until(&puzzle, &Weights::NOIP, &options, &unset);
    check_optimal(&puzzle, &Weights::NOIP, &result, 2829);
    assert_eq!(result, max_score(&puzzle, &Weights::NOIP, &options));
}
