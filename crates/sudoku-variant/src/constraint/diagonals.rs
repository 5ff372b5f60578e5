//! X (sudoku-X): both main diagonals of each grid hold every digit once.
//! A rule of the whole grid: JSON `"rules": ["x"]`; f-puzzles the flags
//! `diagonal+` and `diagonal-`, both set (one alone is another rule).

use super::util::{houses_hold, shade_houses};
use super::{Candidates, Glyph, Kind};
use crate::{Layout, Puzzle};

/// The X rule.
#[derive(Debug, Clone, Copy)]
pub struct Diagonals;

impl Kind for Diagonals {
    fn name(&self) -> &'static str {
        "x"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["diagonal", "diagonals", "sudokux"]
    }

    fn title(&self) -> &'static str {
        "X"
    }

    fn rule_text(&self, puzzle: &Puzzle) -> String {
        let each = if matches!(puzzle.layout(), Layout::Samurai) { " of each grid" } else { "" };
        format!("The two shaded main diagonals{each} also hold each digit exactly once.")
    }

    fn describe(&self, first: &str) -> String {
        format!("diagonal from {first}")
    }

    fn global(&self) -> bool {
        true
    }

    fn houses_only(&self) -> bool {
        true
    }

    fn fpuzzles_flags(&self) -> &'static [&'static str] {
        &["diagonal+", "diagonal-"]
    }

    fn houses(&self, puzzle: &Puzzle, top: usize, left: usize) -> Vec<Vec<u16>> {
        let (n, side) = (puzzle.size(), puzzle.side());
        let at = |r: usize, c: usize| ((top + r) * side + left + c) as u16;
        vec![(0..n).map(|k| at(k, k)).collect(), (0..n).map(|k| at(k, n - 1 - k)).collect()]
    }

    fn holds(&self, puzzle: &Puzzle, _parts: &[Vec<u16>], grid: &[u8]) -> bool {
        houses_hold(self, puzzle, grid)
    }

    /// Nothing beyond its houses.
    fn narrow(&self, _parts: &[Vec<u16>], _n: usize, _board: &mut dyn Candidates) -> bool {
        true
    }

    fn glyphs(&self, puzzle: &Puzzle, _parts: &[Vec<u16>]) -> Vec<Glyph> {
        shade_houses(self, puzzle)
    }
}

#[cfg(test)]
mod tests {
    use super::super::util::each_grid;
    use super::*;

    #[test]
    fn a_samurai_has_two_diagonals_per_grid() {
        let samurai = Puzzle::blank_samurai();
        let houses: Vec<Vec<u16>> = each_grid(&samurai, |t, l| Diagonals.houses(&samurai, t, l));
        assert_eq!(houses.len(), 10);
        assert!(houses.iter().all(|h| h.len() == 9));
        // The centre grid's main diagonal runs r7c7 to r15c15.
        assert!(houses.contains(&(6..15).map(|k| (k * 21 + k) as u16).collect()));
    }
}
