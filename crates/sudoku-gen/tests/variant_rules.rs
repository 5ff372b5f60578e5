//! Issue 47, the leftovers: rules the generator did not make before
//! (negative constraints, killer cages with hidden sums, cages whose
//! digits may repeat) and the 20x20 jigsaw's time. Each puzzle's
//! uniqueness is counted by the variant solver; whether its solution keeps
//! the rule is checked by plain loops written here, not by the kinds'
//! own checkers.

use std::time::{Duration, Instant};

use sudoku_gen::variant::{VariantGenerator, VariantOptions, VariantPuzzle, VariantSpec};
use sudoku_variant::{Puzzle, VariantSolver};

fn generator(list: &str, size: Option<usize>, seed: u64) -> VariantGenerator {
    VariantGenerator::new(VariantOptions::new(seed, VariantSpec::parse(list, size).unwrap())).unwrap()
}

/// Exactly one solution by the solver's count, and it is the recorded one.
fn assert_unique(p: &VariantPuzzle, what: &str) {
    let mut solver = VariantSolver::new(&p.puzzle);
    assert_eq!(solver.count_up_to(p.puzzle.givens(), 2), 1, "{what}: {}", p.puzzle.to_json(None));
    assert_eq!(solver.solve_one(p.puzzle.givens()).as_deref(), Some(&p.solution[..]), "{what}");
}

/// The edge marks of a one-grid puzzle: (smaller cell, larger cell, kind
/// name, number).
fn marks(p: &Puzzle) -> Vec<(usize, usize, &'static str, Option<u32>)> {
    p.constraints()
        .iter()
        .filter(|c| matches!(c.kind().name(), "kropki" | "xv"))
        .map(|c| {
            let cells: Vec<usize> = c.cells().map(usize::from).collect();
            (cells[0].min(cells[1]), cells[0].max(cells[1]), c.kind().name(), c.value())
        })
        .collect()
}

/// Checks by hand that `solution` keeps the negative rule `name` on the
/// n×n puzzle `p`: every mark fits its digits, and every pair of
/// orthogonal neighbours without a kropki dot or XV letter has none of the
/// relations the rule bans. Returns the number of marks.
fn check_negative(name: &str, p: &Puzzle, solution: &[u8]) -> usize {
    let n = p.size();
    let marks = marks(p);
    for &(a, b, kind, value) in &marks {
        let (x, y) = (u32::from(solution[a]), u32::from(solution[b]));
        let fits = match (kind, value) {
            ("kropki", Some(1)) => x.abs_diff(y) == 1,
            ("kropki", Some(2)) => x == 2 * y || y == 2 * x,
            ("xv", Some(s)) => x + y == s,
            _ => false,
        };
        assert!(fits, "{name}: mark {kind} {value:?} on {x} and {y}");
    }
    let (white, black, x_or_v) = match name {
        "kropki-negative" => (true, true, false),
        "white-negative" => (true, false, false),
        "black-negative" => (false, true, false),
        "xv-negative" => (false, false, true),
        _ => unreachable!("a negative rule"),
    };
    for a in 0..n * n {
        for b in [a + 1, a + n] {
            if b >= n * n || (b == a + 1 && b % n == 0) {
                continue;
            }
            if marks.iter().any(|m| m.0 == a && m.1 == b) {
                continue;
            }
            let (x, y) = (u32::from(solution[a]), u32::from(solution[b]));
            assert!(!(white && x.abs_diff(y) == 1), "{name}: unmarked {x},{y} at {a},{b}");
            assert!(!(black && (x == 2 * y || y == 2 * x)), "{name}: unmarked {x},{y} at {a},{b}");
            assert!(!(x_or_v && (x + y == 10 || x + y == 5)), "{name}: unmarked {x},{y} at {a},{b}");
        }
    }
    marks.len()
}

/// Issue 47 point 3: each negative rule alone makes unique 9x9, 6x6 and
/// 4x4 puzzles in seconds, whose solutions keep the rule with the marks
/// drawn; the marks are those the grid calls for, so a 9x9 has some but
/// not one on every pair.
#[test]
fn r47_negative_rules_give_unique_puzzles_that_keep_them() {
    for name in ["kropki-negative", "white-negative", "black-negative", "xv-negative"] {
        for (size, seed) in [(9, 1), (9, 2), (6, 3), (4, 4)] {
            let what = format!("{name} {size}x{size} seed {seed}");
            let start = Instant::now();
            let p = generator(name, Some(size), seed).generate(0).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(start.elapsed() < Duration::from_secs(20), "{what}: {:?}", start.elapsed());
            assert!(p.puzzle.rules().iter().any(|k| k.name() == name), "{what}");
            assert_unique(&p, &what);
            let n_marks = check_negative(name, &p.puzzle, &p.solution);
            if size == 9 {
                assert!(n_marks > 0 && n_marks < 144, "{what}: {n_marks} marks");
            }
        }
    }
    // With drawn marks and another rule too.
    for list in ["kropki,kropki-negative", "xv,xv-negative,x", "kropki-negative,xv-negative"] {
        let p = generator(list, None, 5).generate(1).unwrap_or_else(|e| panic!("{list}: {e}"));
        assert_unique(&p, list);
        for name in list.split(',').filter(|n| n.ends_with("-negative")) {
            check_negative(name, &p.puzzle, &p.solution);
        }
    }
}

/// The killer cages of a puzzle, by hand: (cells, sum).
fn cages(p: &Puzzle) -> Vec<(Vec<usize>, Option<u32>)> {
    p.constraints()
        .iter()
        .filter(|c| c.kind().name() == "killer")
        .map(|c| (c.cells().map(usize::from).collect(), c.value()))
        .collect()
}

/// Checks by hand that the cages tile the n×n grid and that `solution`
/// keeps them: digits differ within each cage, and add up to its sum when
/// it shows one.
fn check_cages(p: &Puzzle, solution: &[u8], what: &str) {
    let n = p.size();
    let mut covered = vec![0; n * n];
    for (cells, sum) in cages(p) {
        let digits: Vec<u32> = cells.iter().map(|&c| u32::from(solution[c])).collect();
        for (k, d) in digits.iter().enumerate() {
            assert!(!digits[..k].contains(d), "{what}: {d} twice in a cage");
        }
        if let Some(sum) = sum {
            assert_eq!(digits.iter().sum::<u32>(), sum, "{what}: cage {cells:?}");
        }
        for c in cells {
            covered[c] += 1;
        }
    }
    assert!(covered.iter().all(|&k| k == 1), "{what}: the cages do not tile the grid");
}

/// Issue 47 point 1: with hidden sums a killer is unique, some cages
/// show no sum, and no sum left can be hidden (each, hidden, gives a
/// second solution).
#[test]
fn r47_killers_with_hidden_sums_are_unique_and_need_every_sum_shown() {
    let mut hidden_somewhere = false;
    for (size, seed) in [(9, 1), (6, 2), (6, 3), (4, 4)] {
        let what = format!("killer {size}x{size} seed {seed}");
        let spec = VariantSpec::parse("killer", Some(size)).unwrap();
        let opts = VariantOptions { hidden_sums: true, ..VariantOptions::new(seed, spec) };
        let p = VariantGenerator::new(opts).unwrap().generate(0).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_unique(&p, &what);
        check_cages(&p.puzzle, &p.solution, &what);
        let cages = cages(&p.puzzle);
        hidden_somewhere |= cages.iter().any(|c| c.1.is_none());
        if !p.minimal {
            continue;
        }
        for (k, c) in p.puzzle.constraints().iter().enumerate() {
            if c.kind().name() != "killer" || c.value().is_none() {
                continue;
            }
            let mut all = p.puzzle.constraints().to_vec();
            all[k] = sudoku_variant::Constraint::of(
                c.kind(),
                sudoku_variant::Instance { parts: c.parts().to_vec(), value: None },
            );
            let hidden = p.puzzle.with_constraints(all).unwrap();
            let count = VariantSolver::new(&hidden).count_up_to(hidden.givens(), 2);
            assert_eq!(count, 2, "{what}: the sum of cage {k} could be hidden");
        }
    }
    assert!(hidden_somewhere, "no sum was hidden in any puzzle");
    // Not an option of other puzzles.
    let spec = VariantSpec::parse("x", None).unwrap();
    assert!(
        VariantGenerator::new(VariantOptions { hidden_sums: true, ..VariantOptions::new(1, spec) }).is_err()
    );
}

/// Issue 47 point 2: with cages that may repeat, a killer is unique, its
/// cages tile the grid, each cage's digits add up to its sum, and digits
/// repeat only in cages marked so (a second, empty part); some are.
#[test]
fn r47_killers_with_repeating_cages_are_unique_and_repeat_only_where_marked() {
    let mut repeats_somewhere = false;
    for (size, seed) in [(9, 1), (6, 2), (6, 3), (4, 4)] {
        let what = format!("killer {size}x{size} seed {seed}");
        let spec = VariantSpec::parse("killer", Some(size)).unwrap();
        let opts = VariantOptions { repeat_cages: true, ..VariantOptions::new(seed, spec) };
        let p = VariantGenerator::new(opts).unwrap().generate(0).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_unique(&p, &what);
        let n = p.puzzle.size();
        let mut covered = vec![0; n * n];
        for c in p.puzzle.constraints().iter().filter(|c| c.kind().name() == "killer") {
            let marked = match c.parts() {
                [_] => false,
                [_, mark] => mark.is_empty(),
                _ => panic!("{what}: a cage of {} parts", c.parts().len()),
            };
            let digits: Vec<u32> =
                c.parts()[0].iter().map(|&i| u32::from(p.solution[usize::from(i)])).collect();
            let distinct = (0..digits.len()).all(|i| !digits[..i].contains(&digits[i]));
            assert!(distinct || marked, "{what}: a repeat in an unmarked cage");
            assert_eq!(marked, !distinct, "{what}: marked only where digits repeat");
            repeats_somewhere |= marked;
            assert_eq!(Some(digits.iter().sum::<u32>()), c.value(), "{what}");
            for &i in &c.parts()[0] {
                covered[usize::from(i)] += 1;
            }
        }
        assert!(covered.iter().all(|&k| k == 1), "{what}: the cages do not tile the grid");
        // The JSON form keeps the marks.
        let back = Puzzle::from_json(&p.puzzle.to_json(None)).unwrap().puzzle;
        assert_eq!(back, p.puzzle, "{what}");
    }
    assert!(repeats_somewhere, "no cage repeats a digit");
}
