//! The solver against the fixture files in `../../fixtures`: every line
//! `puzzle:count:solution` goes through one [`check`].

use std::collections::HashSet;
use std::path::Path;

use sudoku_core::{Grid, Solver};

/// Every entry point on one fixture line: the count (exact: counting one
/// past it finds no more), the first solution, the unique solution and the
/// lazy iterator.
fn check(solver: &mut Solver, puzzle: &Grid, count: u64, solution: Option<Grid>, what: &str) {
    assert_eq!(solver.count_solutions_up_to(puzzle, count + 1), count, "{what}: count");
    if count > 0 {
        assert_eq!(solver.count_solutions_up_to(puzzle, count), count, "{what}: count at the limit");
        assert_eq!(solver.count_solutions_up_to(puzzle, 1), 1, "{what}: count up to 1");
    }
    let first = solver.solve_one(puzzle);
    assert_eq!(first.is_some(), count > 0, "{what}: solve_one");
    if let Some(s) = first {
        assert!(s.is_solution_of(puzzle), "{what}: solve_one gives a valid solution");
    }
    let unique = solver.solve_unique(puzzle);
    assert_eq!(unique.is_some(), count == 1, "{what}: solve_unique");
    if let Some(expected) = solution {
        assert_eq!(unique, Some(expected), "{what}: the known solution");
        assert_eq!(first, Some(expected), "{what}: solve_one finds the only solution");
    }
    let mut iter = puzzle.solutions();
    let all: Vec<Grid> = iter.by_ref().take(count as usize + 1).collect();
    assert_eq!(all.len() as u64, count, "{what}: the iterator yields every solution");
    assert_eq!(all.first().copied(), first, "{what}: the iterator starts with solve_one's");
    assert!(all.iter().all(|s| s.is_solution_of(puzzle)), "{what}: every solution valid");
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), all.len(), "{what}: solutions distinct");
    assert!(iter.stats().nodes >= 1, "{what}: stats count the root");
}

fn check_file(name: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut solver = Solver::new();
    let mut n = 0;
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let what = format!("{name}:{}", i + 1);
        let mut fields = line.split(':');
        let puzzle: Grid = fields.next().unwrap_or("").parse().unwrap_or_else(|e| panic!("{what}: {e}"));
        let count: u64 =
            fields.next().and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("{what}: count"));
        let solution = fields.next().filter(|s| !s.is_empty()).map(|s| s.parse::<Grid>().expect("solution"));
        check(&mut solver, &puzzle, count, solution, &what);
        n += 1;
    }
    n
}

#[test]
fn hardest_puzzles_have_their_known_unique_solution() {
    assert_eq!(check_file("hard.txt"), 20);
}

#[test]
fn seventeen_clue_puzzles_have_their_known_unique_solution() {
    assert_eq!(check_file("17clue.txt"), 10);
}

#[test]
fn multi_solution_puzzles_have_their_known_counts() {
    assert_eq!(check_file("multi.txt"), 20);
}

#[test]
fn unsolvable_puzzles_have_no_solution() {
    assert_eq!(check_file("unsolvable.txt"), 9);
}

#[test]
fn top95_puzzles_are_solved_uniquely() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/top95.txt");
    let text = std::fs::read_to_string(path).expect("top95.txt");
    let mut solver = Solver::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let puzzle: Grid = line.parse().expect("puzzle");
        let s = solver.solve_unique(&puzzle).expect("unique");
        assert!(s.is_solution_of(&puzzle), "{line}");
    }
}

#[test]
fn the_empty_grid_has_many_distinct_valid_solutions() {
    let mut iter = Grid::EMPTY.solutions();
    let all: Vec<Grid> = iter.by_ref().take(2000).collect();
    assert_eq!(all.len(), 2000);
    assert!(all.iter().all(|s| s.is_solution_of(&Grid::EMPTY)));
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 2000);
    assert_eq!(Grid::EMPTY.count_solutions_up_to(5000), 5000);
}

#[test]
fn a_complete_grid_counts_once_and_a_broken_one_never() {
    let puzzle: Grid =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3".parse().unwrap();
    let solution = puzzle.solve_one().expect("solvable");
    assert_eq!(solution.count_solutions_up_to(10), 1);
    assert_eq!(solution.solve_unique(), Some(solution));
    let mut broken = solution;
    let (a, b) = (solution.get(0).unwrap(), solution.get(1).unwrap());
    broken.set(0, b);
    broken.set(1, a);
    assert_eq!(broken.count_solutions_up_to(10), 0);
    assert_eq!(broken.solve_one(), None);
}
