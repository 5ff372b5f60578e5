//! `sudoku solve` on sudokuwiki.org solver links (issue 47): a killer link
//! quoted in a public solver's test program beside its cages written out by
//! hand, and an X-sudoku link from sudokuwiki's own Rectangle Elimination
//! article. The solutions printed are checked here by a plain checker
//! against the hand-written cages and the rules, not against our reader.

use crate::util::sudoku;
use predicates::prelude::*;

const KILLER: &str = "http://www.sudokuwiki.org/killersudoku.htm?bd=111212111322212223333444333121141121123141321443333344441121144311121113333222333,080000171222150000270000000000000020000000200000000000051713000010001314000041000000000000150000000000001800000025003319000000220000000000000019000000000000000000";

/// The killer's cages as teun2408/Killer-Sudoku-Solver writes them
/// (`SudokuTestProject/Program.cs`, `hardKiller`): (column, row) from 0,
/// then the total.
const CAGES: [(&[(usize, usize)], u32); 22] = [
    (&[(0, 0), (1, 0), (2, 0)], 8),
    (&[(3, 0), (3, 1), (1, 1), (2, 1)], 17),
    (&[(4, 0), (4, 1)], 12),
    (&[(5, 0), (5, 1), (6, 1), (7, 1)], 22),
    (&[(6, 0), (7, 0), (8, 0)], 15),
    (&[(0, 1), (0, 2), (1, 2), (2, 2)], 27),
    (&[(3, 2), (4, 2), (5, 2), (4, 3), (4, 4)], 20),
    (&[(8, 1), (8, 2), (7, 2), (6, 2)], 20),
    (&[(0, 3), (0, 4)], 5),
    (&[(1, 3), (1, 4)], 17),
    (&[(2, 3), (3, 3), (3, 4)], 13),
    (&[(5, 3), (5, 4), (6, 3)], 10),
    (&[(7, 3), (7, 4)], 13),
    (&[(8, 3), (8, 4)], 14),
    (&[(0, 5), (0, 6), (1, 5), (1, 6)], 15),
    (&[(2, 4), (2, 5), (3, 5), (4, 5), (5, 5), (6, 5), (6, 4)], 41),
    (&[(7, 5), (7, 6), (8, 5), (8, 6)], 18),
    (&[(0, 7), (0, 8), (1, 8), (2, 8)], 22),
    (&[(1, 7), (2, 6), (3, 6), (2, 7), (3, 7)], 25),
    (&[(8, 7), (8, 8), (7, 8), (6, 8)], 19),
    (&[(5, 6), (5, 7), (6, 6), (6, 7), (7, 7)], 19),
    (&[(4, 6), (4, 7), (4, 8), (3, 8), (5, 8)], 33),
];

/// The grid `solve` prints for `link` (one line of 81 digits).
fn solved(link: &str) -> Vec<u32> {
    let out = sudoku().args(["solve", "-"]).write_stdin(format!("{link}\n")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let digits: Vec<u32> = text.trim().chars().map(|c| c.to_digit(10).expect("a digit")).collect();
    assert_eq!(digits.len(), 81, "{text}");
    digits
}

/// Whether the cells hold 1-9 once each.
fn all_nine(grid: &[u32], cells: impl Iterator<Item = usize>) -> bool {
    let mut seen: Vec<u32> = cells.map(|i| grid[i]).collect();
    seen.sort_unstable();
    seen == (1..=9).collect::<Vec<_>>()
}

fn is_sudoku(grid: &[u32]) -> bool {
    (0..9).all(|k| {
        all_nine(grid, (0..9).map(|c| k * 9 + c))
            && all_nine(grid, (0..9).map(|r| r * 9 + k))
            && all_nine(grid, (0..9).map(|i| (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3))
    })
}

#[test]
fn r47_solve_reads_a_sudokuwiki_killer_link_and_its_solution_keeps_the_published_cages() {
    let grid = solved(KILLER);
    assert!(is_sudoku(&grid), "{grid:?}");
    for (cells, total) in CAGES {
        let digits: Vec<u32> = cells.iter().map(|&(col, row)| grid[row * 9 + col]).collect();
        assert_eq!(digits.iter().sum::<u32>(), total, "{cells:?}");
        let mut unique = digits.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), digits.len(), "{cells:?}");
    }
}

#[test]
fn r47_solve_reads_a_sudokuwiki_x_sudoku_link_with_its_diagonals() {
    let link = "https://www.sudokuwiki.org/SudokuX.aspx?bd=105007093000000040040630200700000000000403000000000009006004010010000700080300904";
    let grid = solved(link);
    assert!(is_sudoku(&grid), "{grid:?}");
    assert!(
        all_nine(&grid, (0..9).map(|i| i * 10)) && all_nine(&grid, (0..9).map(|i| i * 8 + 8)),
        "{grid:?}"
    );
    let givens = &link[link.len() - 81..];
    for (i, c) in givens.chars().enumerate() {
        let d = c.to_digit(10).unwrap();
        assert!(d == 0 || grid[i] == d, "given {d} at {i}");
    }
}

#[test]
fn r47_a_cut_sudokuwiki_killer_link_is_an_error_saying_what_is_missing() {
    sudoku()
        .args(["solve", "-"])
        .write_stdin(format!("{}\n", &KILLER[..KILLER.len() - 2]))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bd: expected 162 digits of cage totals"));
}
