//! `sudoku solve` on sudokuwiki.org solver links (issue 47): a killer link
//! quoted in a public solver's test program beside its cages written out by
//! hand, and an X-sudoku link from sudokuwiki's own Rectangle Elimination
//! article. The solutions printed are checked here by a plain checker
//! against the hand-written cages and the rules, not against our reader.

use crate::util::sudoku;
use predicates::prelude::*;

/// The killer link and its cages as teun2408/Killer-Sudoku-Solver writes
/// them by hand (`fixtures/variant/interop/sudokuwiki_killer.txt`).
const FIXTURE: &str = include_str!("../../../fixtures/variant/interop/sudokuwiki_killer.txt");

/// A cage: each cell's (column, row) from 0, and the total.
type Cage = (Vec<(usize, usize)>, u32);

/// The fixture's link, and its cages.
fn killer() -> (&'static str, Vec<Cage>) {
    let mut lines = FIXTURE.lines().filter(|l| !l.starts_with('#'));
    let link = lines.next().expect("the link");
    let cages = lines
        .map(|line| {
            let mut words = line.split_whitespace();
            let total = words.next().expect("a total").parse().expect("a number");
            let cell =
                |w: &str| w.split_once(',').map(|(c, r)| (c.parse().unwrap(), r.parse().unwrap())).unwrap();
            (words.map(cell).collect(), total)
        })
        .collect();
    (link, cages)
}

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
    let (link, cages) = killer();
    assert_eq!(cages.len(), 22);
    let grid = solved(link);
    assert!(is_sudoku(&grid), "{grid:?}");
    for (cells, total) in cages {
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
        .write_stdin(format!("{}\n", &killer().0[..killer().0.len() - 2]))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bd: expected 162 digits of cage totals"));
}

/// pencilmark's packed boards beside the puzzles they encode
/// (`fixtures/variant/interop/sudokuwiki_packed.tsv`).
const PACKED: &str = include_str!("../../../fixtures/variant/interop/sudokuwiki_packed.tsv");

#[test]
fn r47_solve_reads_sudokuwiki_packed_boards_bare_and_in_links_as_their_puzzles() {
    // The first jigsaw and killer boards (unique puzzles of the bench
    // sets): each solves, bare and as a solver link's bd=, to the grid its
    // JSON form solves to.
    for form in ["J9B", "L9B", "M9B"] {
        let line = PACKED.lines().find(|l| l.starts_with(form)).expect("a board of the form");
        let (packed, json) = line.split_once('\t').unwrap();
        let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={packed}");
        let out = sudoku()
            .args(["solve", "-"])
            .write_stdin(format!("{packed}\n{link}\n{json}\n"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{form}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        let grids: Vec<&str> = text.lines().collect();
        assert_eq!(grids.len(), 3, "{text}");
        assert!(grids[0].len() == 81 && grids[0].chars().all(|c| c.is_ascii_digit()), "{text}");
        assert!(grids.iter().all(|g| *g == grids[0]), "{form}: {text}");
    }
}

/// sudokuwiki.org's "load position" links beside their puzzles' start
/// links (`fixtures/variant/interop/sudokuwiki_positions.txt`).
const POSITIONS: &str = include_str!("../../../fixtures/variant/interop/sudokuwiki_positions.txt");

#[test]
fn r47_a_sudokuwiki_saved_position_solves_as_its_start_link() {
    let links: Vec<&str> = POSITIONS.lines().filter(|l| !l.starts_with('#')).collect();
    for pair in links.chunks(2) {
        let (position, start) = (solved(pair[0]), solved(pair[1]));
        assert!(is_sudoku(&start), "{start:?}");
        assert_eq!(position, start);
    }
    // A board of no known form is refused by name.
    sudoku()
        .args(["solve", "-"])
        .write_stdin(format!("https://www.sudokuwiki.org/sudoku.htm?bd=S8B{}\n", "00".repeat(64)))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("S8B"));
}

#[test]
fn r47_convert_keeps_a_saved_positions_placed_digits_in_json_and_refuses_to_drop_them() {
    let links: Vec<&str> = POSITIONS.lines().filter(|l| !l.starts_with('#')).collect();
    let (position, start) = (links[0], links[1]);
    let out = sudoku()
        .args(["convert", "--to", "json", "-"])
        .write_stdin(format!("{position}\n"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let givens = record["givens"].as_str().unwrap().replace('.', "0");
    assert_eq!(givens, &start[start.len() - 81..]);
    let solution = solved(start);
    let placed = record["placed"].as_str().expect("placed digits");
    let digits: Vec<(usize, u32)> =
        placed.chars().enumerate().filter_map(|(i, c)| c.to_digit(10).map(|d| (i, d))).collect();
    assert!(digits.len() >= 5, "{placed}");
    for (i, d) in digits {
        assert_eq!(solution[i], d, "cell {i}");
        assert_eq!(&givens[i..=i], "0");
    }
    sudoku()
        .args(["convert", "--to", "sudokupad", "-"])
        .write_stdin(format!("{position}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("only --to json keeps"));
}
