//! X (sudoku-X): both main diagonals of each grid hold every digit once.
//! A rule of the whole grid: JSON `"rules": ["x"]`; f-puzzles the flags
//! `diagonal+` and `diagonal-`, both set (one alone is another rule).

use super::house_rule::{any_shape, HouseRule};
use crate::{Layout, Puzzle};

/// The X rule.
pub static DIAGONALS: HouseRule = HouseRule {
    name: "x",
    aliases: &["diagonal", "diagonals", "sudokux"],
    title: "X",
    text,
    house: "diagonal from",
    flags: &["diagonal+", "diagonal-"],
    fits: any_shape,
    houses,
    shaded: true,
};

fn text(puzzle: &Puzzle) -> String {
    let each = if matches!(puzzle.layout(), Layout::Grids(_)) { " of each grid" } else { "" };
    format!("The two shaded main diagonals{each} also hold each digit exactly once.")
}

fn houses(puzzle: &Puzzle, top: usize, left: usize) -> Vec<Vec<u16>> {
    let (n, side) = (puzzle.size(), puzzle.side());
    let at = |r: usize, c: usize| ((top + r) * side + left + c) as u16;
    vec![(0..n).map(|k| at(k, k)).collect(), (0..n).map(|k| at(k, n - 1 - k)).collect()]
}

#[cfg(test)]
mod tests {
    use super::super::util::each_grid;
    use super::*;

    #[test]
    fn a_samurai_has_two_diagonals_per_grid() {
        let samurai = Puzzle::blank_samurai();
        let houses: Vec<Vec<u16>> = each_grid(&samurai, |t, l| houses(&samurai, t, l));
        assert_eq!(houses.len(), 10);
        assert!(houses.iter().all(|h| h.len() == 9));
        // The centre grid's main diagonal runs r7c7 to r15c15.
        assert!(houses.contains(&(6..15).map(|k| (k * 21 + k) as u16).collect()));
    }
}
