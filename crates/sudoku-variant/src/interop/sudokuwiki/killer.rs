//! sudokuwiki.org killer solver links: `killersudoku.htm?bd=` followed by
//! 81 cage colours, a comma, and 162 digits of cage totals.
//!
//! The colours are one digit a cell, row by row (the site uses 1-4, so
//! that touching cages differ); the cells of one colour that touch (by a
//! side) are one cage. The totals are two digits a cell, row by row: the
//! cage's total in one of its cells, `00` in every other cell. There are
//! no givens, and every cell is in a cage.
//!
//! Source: a killer solver's test program (teun2408/Killer-Sudoku-Solver,
//! `SudokuTestProject/Program.cs`, `hardKiller`) quotes
//! `http://www.sudokuwiki.org/killersudoku.htm?bd=111212111…,0800001712…`
//! beside the same puzzle written out by hand as its 22 cages, each a list
//! of (column, row) pairs counted from 0 with its total; read as above, the
//! link gives exactly those cages (the unit test below). A public
//! TypeScript importer describes the packing in the same words.
//!
//! A cage with no total, or with two (two cages of one colour touching),
//! is an error: the link does not say which cages it meant.

use super::{same_colour_areas, InteropError};
use crate::puzzle::Layout;
use crate::{kind_named, Constraint, Instance, Kinds, Puzzle};

/// Cells a side.
const N: usize = 9;

/// The killer puzzle of a `bd` value (percent-decoded).
pub(super) fn read(board: &str) -> Result<Puzzle, InteropError> {
    let Some((colours, totals)) = board.split_once(',') else {
        return Err(bd("expected 81 cage colours, a comma and 162 digits of cage totals"));
    };
    let (n_colours, n_totals) = (colours.chars().count(), totals.chars().count());
    if n_colours == 2 * N * N && n_totals == 2 * N * N {
        return Err(InteropError::Unsupported(vec![
            "sudokuwiki.org killer positions with progress (bd=<162>,<162>); use the puzzle's start link"
                .into(),
        ]));
    }
    if n_colours != N * N {
        return Err(bd(&format!("expected 81 cage colours before the comma, found {n_colours} characters")));
    }
    let colours: Vec<u8> = colours.bytes().collect();
    if let Some(at) = colours.iter().position(|c| !(b'1'..=b'9').contains(c)) {
        return Err(bd(&format!(
            "cage colour {:?} at {} (expected a digit 1-9)",
            char::from(colours[at]),
            cell_name(at)
        )));
    }
    if n_totals != 2 * N * N {
        return Err(bd(&format!(
            "expected 162 digits of cage totals after the comma (two a cell), found {n_totals} characters"
        )));
    }
    if let Some((at, c)) = totals.chars().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(bd(&format!("cage total character {c:?} at {} is not a digit", cell_name(at / 2))));
    }
    let totals: Vec<u32> = totals
        .as_bytes()
        .chunks(2)
        .map(|pair| u32::from(pair[0] - b'0') * 10 + u32::from(pair[1] - b'0'))
        .collect();

    let killer = kind_named("killer").expect("killer is registered");
    let mut constraints = Vec::new();
    let colours32: Vec<u32> = colours.iter().map(|&c| u32::from(c)).collect();
    for cells in same_colour_areas(&colours32, N) {
        let shown: Vec<u32> = cells.iter().map(|&c| totals[c]).filter(|&t| t != 0).collect();
        let first = cell_name(cells[0]);
        let total = match shown[..] {
            [total] => total,
            [] => return Err(bd(&format!("the cage at {first} ({} cells) shows no total", cells.len()))),
            _ => {
                return Err(bd(&format!(
                    "the cage at {first} shows {} totals (two cages of one colour touching?)",
                    shown.len()
                )))
            }
        };
        let parts = vec![cells.into_iter().map(|c| c as u16).collect()];
        constraints.push(Constraint::of(killer, Instance { parts, value: Some(total) }));
    }
    let puzzle = Puzzle::new(N, Layout::Boxes { rows: 3, cols: 3 }, Kinds::NONE, vec![0; N * N])?;
    Ok(puzzle.with_constraints(constraints)?)
}

fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / N + 1, cell % N + 1)
}

fn bd(why: &str) -> InteropError {
    InteropError::Field { field: "bd".into(), why: why.into() }
}

#[cfg(test)]
mod tests {
    use super::read;

    /// The link of teun2408/Killer-Sudoku-Solver's `hardKiller` and the
    /// same puzzle's cages as that program writes them by hand: the total,
    /// then the cells as (column, row) from 0.
    const FIXTURE: &str = include_str!("../../../../../fixtures/variant/interop/sudokuwiki_killer.txt");

    fn lines() -> impl Iterator<Item = &'static str> {
        FIXTURE.lines().filter(|l| !l.starts_with('#'))
    }

    /// The link's `bd` value.
    fn bd_without_spaces() -> String {
        let link = lines().next().expect("the link");
        link[link.find("bd=").expect("a board") + 3..].to_string()
    }

    #[test]
    fn reads_the_published_killer_link_as_its_hand_written_cages() {
        let puzzle = read(&bd_without_spaces()).unwrap();
        assert_eq!(puzzle.size(), 9);
        assert!(matches!(puzzle.layout(), crate::Layout::Boxes { rows: 3, cols: 3 }));
        assert!(puzzle.rules().is_empty());
        assert!(puzzle.givens().iter().all(|&d| d == 0));
        let mut got: Vec<(Vec<u16>, u32)> = puzzle
            .constraints()
            .iter()
            .map(|c| {
                assert_eq!(c.kind().name(), "killer");
                let mut cells = c.instance().parts[0].clone();
                cells.sort_unstable();
                (cells, c.instance().value.expect("a total"))
            })
            .collect();
        let mut want: Vec<(Vec<u16>, u32)> = lines()
            .skip(1)
            .map(|line| {
                let mut words = line.split_whitespace();
                let total = words.next().expect("a total").parse().expect("a number");
                let at = |w: &str| {
                    w.split_once(',').map(|(c, r)| r.parse::<u16>().unwrap() * 9 + c.parse::<u16>().unwrap())
                };
                let mut cells: Vec<u16> = words.map(|w| at(w).expect("column,row")).collect();
                cells.sort_unstable();
                (cells, total)
            })
            .collect();
        assert_eq!(want.len(), 22);
        got.sort();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn malformed_boards_are_errors_naming_what_is_wrong() {
        let good = bd_without_spaces();
        let (colours, totals) = good.split_once(',').unwrap();
        let err = |board: &str| read(board).unwrap_err().to_string();
        assert!(err(colours).contains("a comma"));
        assert!(err(&format!("{},{totals}", &colours[1..])).contains("found 80 characters"));
        assert!(err(&format!("0{},{totals}", &colours[1..])).contains("'0' at r1c1"));
        assert!(err(&format!("{}x,{totals}", &colours[..80])).contains("'x' at r9c9"));
        assert!(err(&format!("{colours},{}", &totals[2..])).contains("found 160 characters"));
        assert!(err(&format!("{colours},{totals}0")).contains("found 163 characters"));
        assert!(err(&format!("{colours},{}", totals.replacen('0', "-", 1))).contains("'-' at r1c1"));
        assert!(err(&format!("{colours},{totals},")).contains("found 163 characters"));
        // r1c1's total moved onto r1c4 (in place of its 17): r1c1's cage shows none.
        let moved = format!("{colours},00000008{}", &totals[8..]);
        assert!(err(&moved).contains("the cage at r1c1 (3 cells) shows no total"), "{}", err(&moved));
        // Two cages of colour 1 made one: r1c4 recoloured 1 joins r1c1-r1c3
        // and r1c5-r2c5, three totals.
        let joined = format!("1111{}", &colours[4..]);
        assert!(err(&format!("{joined},{totals}")).contains("shows 3 totals"));
        let progress = format!("{},{}", "0g".repeat(81), "0v".repeat(81));
        assert!(err(&progress).contains("with progress"));
        assert!(err(&format!("{},{totals}", "é".repeat(81))).contains("cage colour"));
    }

    #[test]
    fn hostile_boards_give_errors_not_panics() {
        let good = bd_without_spaces();
        for cut in 0..good.len() {
            let _ = read(&good[..cut]);
        }
        let mut bytes = good.into_bytes();
        for at in (0..bytes.len()).step_by(7) {
            let keep = bytes[at];
            for b in [b'0', b'9', b',', b'a', 0xff] {
                bytes[at] = b;
                let _ = read(&String::from_utf8_lossy(&bytes));
            }
            bytes[at] = keep;
        }
        // One colour everywhere: a single cage of 81 cells.
        assert!(read(&format!("{},{}", "1".repeat(81), "45".repeat(81))).is_err());
    }
}
