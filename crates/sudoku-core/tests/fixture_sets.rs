//! The solver against the fixture files in `../../fixtures`: every line
//! `puzzle:count:solution` goes through `util::check`.

use std::collections::HashSet;

use sudoku_core::{Cell, Grid, Solver};

use crate::util::{check_file, data_lines, fixture_text};

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
    let text = fixture_text("top95.txt");
    let mut solver = Solver::new();
    for (_, line) in data_lines(&text) {
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
    let [c0, c1] = [Cell::ALL[0], Cell::ALL[1]];
    let (a, b) = (solution.get(c0).unwrap(), solution.get(c1).unwrap());
    broken.set(c0, b);
    broken.set(c1, a);
    assert_eq!(broken.count_solutions_up_to(10), 0);
    assert_eq!(broken.solve_one(), None);
}
