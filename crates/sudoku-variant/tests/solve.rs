//! The general solver against independent checks: a plain brute force on
//! small grids, grids made by sudoku-core's solver, and the checker.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_variant::{Constraint, Kinds, Layout, Puzzle, VariantSolver};

/// A killer cage (the registry's `killer` kind).
fn cage(cells: Vec<u16>, sum: Option<u32>) -> Constraint {
    let killer = sudoku_variant::kind_named("killer").expect("killer is registered");
    Constraint::of(killer, sudoku_variant::Instance { parts: vec![cells], value: sum })
}

/// Every 4×4 grid with 2×2 boxes, found by trying all digits in every
/// cell with the three house rules written out (nothing from the crate).
pub(crate) fn all_4x4() -> Vec<[u8; 16]> {
    fn ok(g: &[u8; 16], i: usize) -> bool {
        let (r, c) = (i / 4, i % 4);
        (0..i).all(|j| {
            let (r2, c2) = (j / 4, j % 4);
            let same = r == r2 || c == c2 || (r / 2 == r2 / 2 && c / 2 == c2 / 2);
            !same || g[i] != g[j]
        })
    }
    fn walk(g: &mut [u8; 16], i: usize, out: &mut Vec<[u8; 16]>) {
        if i == 16 {
            out.push(*g);
            return;
        }
        for d in 1..=4 {
            g[i] = d;
            if ok(g, i) {
                walk(g, i + 1, out);
            }
        }
        g[i] = 0;
    }
    let mut out = Vec::new();
    walk(&mut [0; 16], 0, &mut out);
    out
}

#[test]
fn r34_4x4_counts_match_a_brute_force() {
    let all = all_4x4();
    assert_eq!(all.len(), 288);
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let blank = Puzzle::blank(4).unwrap();
    let mut solver = VariantSolver::new(&blank);
    for _ in 0..300 {
        let base = all[rng.gen_range(0..all.len())];
        let mut givens = [0u8; 16];
        for i in 0..16 {
            if rng.gen_bool(0.25) {
                givens[i] = base[i];
            }
        }
        // Sometimes a clash, so zero counts are covered too.
        if rng.gen_bool(0.2) {
            givens[rng.gen_range(0..16)] = rng.gen_range(1..=4);
        }
        let expected =
            all.iter().filter(|g| (0..16).all(|i| givens[i] == 0 || givens[i] == g[i])).count() as u64;
        assert_eq!(solver.count_up_to(&givens, 1000), expected, "{givens:?}");
        let mut seen = Vec::new();
        solver.for_each_solution(&givens, 1000, |s| seen.push(s.to_vec()));
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len() as u64, expected);
        for s in &seen {
            assert!(all.iter().any(|g| g[..] == s[..]));
        }
    }
}

#[test]
fn r34_4x4_rules_match_a_brute_force_filter() {
    // Each rule written out independently over the 288 grids.
    let all = all_4x4();
    let diag = |g: &[u8; 16]| {
        let a: Vec<u8> = (0..4).map(|k| g[k * 4 + k]).collect();
        let b: Vec<u8> = (0..4).map(|k| g[k * 4 + 3 - k]).collect();
        let distinct = |v: &Vec<u8>| (0..4).all(|i| (0..i).all(|j| v[i] != v[j]));
        distinct(&a) && distinct(&b)
    };
    let pairs = |g: &[u8; 16], deltas: &[(i32, i32)], bad: &dyn Fn(u8, u8) -> bool| {
        (0..16).all(|i| {
            let (r, c) = (i as i32 / 4, i as i32 % 4);
            deltas.iter().all(|&(dr, dc)| {
                let (r2, c2) = (r + dr, c + dc);
                !((0..4).contains(&r2) && (0..4).contains(&c2) && bad(g[i], g[(r2 * 4 + c2) as usize]))
            })
        })
    };
    let knight = [(1, 2), (2, 1), (1, -2), (2, -1), (-1, 2), (-2, 1), (-1, -2), (-2, -1)];
    let king = [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)];
    let ortho = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    type Keep = Box<dyn Fn(&[u8; 16]) -> bool>;
    let cases: Vec<(&str, Keep)> = vec![
        ("x", Box::new(diag)),
        ("anti-knight", Box::new(move |g| pairs(g, &knight, &|a, b| a == b))),
        ("anti-king", Box::new(move |g| pairs(g, &king, &|a, b| a == b))),
        ("non-consecutive", Box::new(move |g| pairs(g, &ortho, &|a, b| a.abs_diff(b) == 1))),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(341);
    for (rule, keep) in &cases {
        let puzzle = Puzzle::blank(4).unwrap().with_rules(Kinds::parse_list(rule).unwrap()).unwrap();
        let valid: Vec<&[u8; 16]> = all.iter().filter(|g| keep(g)).collect();
        let mut solver = VariantSolver::new(&puzzle);
        assert_eq!(solver.count_up_to(&[0; 16], 1000), valid.len() as u64, "{rule:?}");
        for _ in 0..50 {
            let base = all[rng.gen_range(0..all.len())];
            let givens: Vec<u8> = base.iter().map(|&d| if rng.gen_bool(0.3) { d } else { 0 }).collect();
            let expected =
                valid.iter().filter(|g| (0..16).all(|i| givens[i] == 0 || givens[i] == g[i])).count() as u64;
            assert_eq!(solver.count_up_to(&givens, 1000), expected, "{rule:?} {givens:?}");
        }
    }
}

#[test]
fn r34_killer_cages_cut_from_a_core_solution() {
    // A 9x9 grid from sudoku-core, cut into dominoes along the rows; the
    // cage sums come from the grid, so it must be among the solutions.
    let mut rng = ChaCha8Rng::seed_from_u64(342);
    for _ in 0..20 {
        let grid = random_9x9(&mut rng);
        let mut cages = Vec::new();
        for r in 0..9u16 {
            for c in (0..8u16).step_by(2) {
                let cells = vec![r * 9 + c, r * 9 + c + 1];
                let sum = cells.iter().map(|&i| u32::from(grid[usize::from(i)])).sum();
                cages.push(cage(cells, Some(sum)));
            }
        }
        let puzzle = Puzzle::new(9, Layout::Boxes { rows: 3, cols: 3 }, Kinds::NONE, vec![0; 81])
            .unwrap()
            .with_constraints(cages)
            .unwrap();
        let mut solver = VariantSolver::new(&puzzle);
        // The grid itself satisfies every rule.
        assert!(puzzle.check_solution(&grid).is_ok());
        assert_eq!(solver.count_up_to(&grid, 2), 1);
        // Half the givens: the grid's completion is found among the solutions.
        let givens: Vec<u8> = grid.iter().map(|&d| if rng.gen_bool(0.5) { d } else { 0 }).collect();
        let mut found = false;
        let n = solver.for_each_solution(&givens, 10_000, |s| {
            assert!(puzzle.check_solution(s).is_ok());
            found |= s == &grid[..];
        });
        assert!(n >= 1 && found);
        // A wrong sum on one cage: no solution with all other cells given.
        let mut wrong = puzzle.constraints().to_vec();
        let sum = wrong[0].value().unwrap() + 1;
        wrong[0] = cage(wrong[0].parts()[0].clone(), Some(sum));
        if sum <= 17 {
            let bad = puzzle.with_constraints(wrong).unwrap();
            let mut rest = grid.clone();
            rest[0] = 0;
            rest[1] = 0;
            // The row forces the two cells to the grid's digits, whose sum is off by one.
            assert_eq!(VariantSolver::new(&bad).count_up_to(&rest, 2), 0);
        }
    }
}

fn random_9x9(rng: &mut ChaCha8Rng) -> Vec<u8> {
    // Random givens until sudoku-core finds a completion; its solution is
    // the grid.
    loop {
        let mut cells = [0u8; 81];
        for _ in 0..12 {
            cells[rng.gen_range(0..81)] = rng.gen_range(1..=9);
        }
        if let Some(grid) = sudoku_core::Grid::from_array(cells).and_then(|g| g.solve_one()) {
            return grid.to_array().to_vec();
        }
    }
}

#[test]
fn r34_random_fills_of_every_size_pass_the_checker() {
    let mut rng = ChaCha8Rng::seed_from_u64(343);
    for size in [4, 6, 8, 9, 12, 16, 25] {
        let puzzle = Puzzle::blank(size).unwrap();
        let mut solver = VariantSolver::new(&puzzle);
        let fill = solver.solve_random(puzzle.givens(), &mut rng, 1_000_000).unwrap().unwrap();
        assert!(puzzle.check_solution(&fill).is_ok(), "size {size}");
    }
    for rules in
        ["x", "windoku", "disjoint-groups", "anti-knight", "anti-king", "non-consecutive", "x,anti-king"]
    {
        let puzzle = Puzzle::blank(9).unwrap().with_rules(Kinds::parse_list(rules).unwrap()).unwrap();
        let mut solver = VariantSolver::new(&puzzle);
        let fill = solver.solve_random(puzzle.givens(), &mut rng, 1_000_000).unwrap().unwrap();
        assert!(puzzle.check_solution(&fill).is_ok(), "{rules}");
    }
    let samurai = Puzzle::blank_samurai();
    let mut solver = VariantSolver::new(&samurai);
    let fill = solver.solve_random(samurai.givens(), &mut rng, 1_000_000).unwrap().unwrap();
    assert!(samurai.check_solution(&fill).is_ok());
    assert_eq!(fill.iter().filter(|&&d| d != 0).count(), 369);
}

#[test]
fn r34_classic_9x9_goes_to_the_core_solver() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let puzzle = Puzzle::parse_line(line, None).unwrap();
    let mut solver = VariantSolver::new(&puzzle);
    let solution = solver.solve_one(puzzle.givens()).unwrap();
    let core = sudoku_core::Grid::parse_line(line).unwrap().solve_one().unwrap();
    assert_eq!(solution, core.to_array().to_vec());
    assert_eq!(solver.nodes(), 0, "the general engine did not run");
    // The same puzzle as a jigsaw whose regions are the boxes runs the
    // general engine, which must agree.
    let regions: Vec<u8> = (0..81).map(|i| ((i / 27) * 3 + (i % 9) / 3) as u8).collect();
    let jigsaw = Puzzle::new(9, Layout::Regions(regions), Kinds::NONE, puzzle.givens().to_vec()).unwrap();
    let mut general = VariantSolver::new(&jigsaw);
    assert_eq!(general.count_up_to(jigsaw.givens(), 2), 1);
    assert!(general.nodes() > 0);
    assert_eq!(general.solve_one(jigsaw.givens()).unwrap(), solution);
}

/// Found by the `variant` fuzz target (CI, stop 67; the input is kept in
/// `fuzz/seeds/variant/`): the empty grid with x, argyle, black-negative
/// and xv-negative, counted to 3 within 20,000 nodes and listed. The core
/// path's branch choice multiplied a first count of `u64::MAX` by a
/// cell's weight once a contradiction had weighed one: a panic where
/// overflow is checked (`cargo test` without `--release`, fuzzing).
#[test]
fn r47_an_empty_grid_of_four_rules_counts_once_its_cells_are_weighed() {
    let mut rules = Kinds::NONE;
    for name in ["x", "argyle", "black-negative", "xv-negative"] {
        rules.insert(sudoku_variant::kind_named(name).unwrap());
    }
    let puzzle = Puzzle::blank(9).unwrap().with_rules(rules).unwrap();
    let mut solver = VariantSolver::new(&puzzle);
    let (count, outcome) = solver.count_bounded(puzzle.givens(), 3, 20_000);
    let mut listed = 0;
    solver.for_each_solution(puzzle.givens(), 3, |s| {
        listed += 1;
        assert_eq!(puzzle.check_solution(s), Ok(()));
    });
    // (The budget runs out first: these rules leave the grid few
    // solutions, if any.)
    assert!(outcome == sudoku_variant::Outcome::OutOfNodes || listed == count, "{count} {listed}");
}

/// Odd and even cells, which each search takes in once at its root (a
/// cell's own set of digits), against plain filters: on 4×4 (the digit
/// planes' search) every one of the 288 grids that keeps the givens and
/// has each marked cell's parity; on 9×9 (sudoku-core's search) the
/// classic solutions of the givens with the marked cells' parity. Marks
/// drawn at random, so some clash with a given or leave no solution.
#[test]
fn r47_odd_and_even_cells_match_a_filter_of_the_plain_solutions() {
    let kind = |odd: bool| sudoku_variant::kind_named(if odd { "odd" } else { "even" }).unwrap();
    let mark = |cell: usize, odd: bool| Constraint::new(kind(odd), vec![vec![cell as u16]]);
    let parity_kept =
        |grid: &[u8], marks: &[(usize, bool)]| marks.iter().all(|&(c, odd)| (grid[c] % 2 == 1) == odd);
    let mut rng = ChaCha8Rng::seed_from_u64(470);
    let all = all_4x4();
    let (mut none, mut some) = (0, 0);
    for _ in 0..300 {
        let base = all[rng.gen_range(0..all.len())];
        let givens: Vec<u8> = base.iter().map(|&d| if rng.gen_bool(0.2) { d } else { 0 }).collect();
        let marks: Vec<(usize, bool)> =
            (0..rng.gen_range(1..=6)).map(|_| (rng.gen_range(0..16), rng.gen_bool(0.5))).collect();
        let constraints = marks.iter().map(|&(c, odd)| mark(c, odd)).collect();
        let Ok(puzzle) = Puzzle::blank(4).unwrap().with_constraints(constraints) else { continue };
        let expected = all
            .iter()
            .filter(|g| (0..16).all(|i| givens[i] == 0 || givens[i] == g[i]) && parity_kept(&g[..], &marks))
            .count() as u64;
        assert_eq!(VariantSolver::new(&puzzle).count_up_to(&givens, 1000), expected, "{marks:?} {givens:?}");
        if expected == 0 {
            none += 1
        } else {
            some += 1
        }
    }
    assert!(none > 8 && some > 100, "{none} {some}");
    let (mut none, mut some) = (0, 0);
    for _ in 0..150 {
        let grid = random_9x9(&mut rng);
        let givens: Vec<u8> = grid.iter().map(|&d| if rng.gen_bool(0.45) { d } else { 0 }).collect();
        // Mostly true of the grid, now and then not.
        let mut marks = Vec::new();
        for _ in 0..rng.gen_range(1..=12) {
            let c = rng.gen_range(0..81);
            marks.push((c, (grid[c] % 2 == 1) != rng.gen_bool(0.04)));
        }
        let constraints = marks.iter().map(|&(c, odd)| mark(c, odd)).collect();
        let Ok(puzzle) = Puzzle::blank(9).unwrap().with_constraints(constraints) else { continue };
        let classic = sudoku_core::Grid::from_array(givens.clone().try_into().unwrap()).unwrap();
        // (Only where the classic solutions were all listed.)
        let plain: Vec<Vec<u8>> = classic.solutions().take(5001).map(|s| s.to_array().to_vec()).collect();
        let mut expected: Vec<Vec<u8>> = plain.iter().filter(|s| parity_kept(s, &marks)).cloned().collect();
        if plain.len() > 5000 || expected.len() >= 200 {
            continue;
        }
        let mut found = Vec::new();
        VariantSolver::new(&puzzle).for_each_solution(&givens, 1000, |s| found.push(s.to_vec()));
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "{marks:?} {givens:?}");
        if expected.is_empty() {
            none += 1
        } else {
            some += 1
        }
    }
    assert!(none > 10 && some > 30, "{none} {some}");
}
