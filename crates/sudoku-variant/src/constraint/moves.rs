//! Anti-knight and anti-king: two cells a chess knight's (or king's) move
//! apart hold different digits. Rules of the whole grid: JSON
//! `"rules": ["anti-knight"]`; f-puzzles the flags `antiknight` and
//! `antiking`.

use super::{Candidates, Kind};
use crate::Puzzle;

/// The anti-knight rule.
#[derive(Debug, Clone, Copy)]
pub struct AntiKnight;

/// The anti-king rule.
#[derive(Debug, Clone, Copy)]
pub struct AntiKing;

/// The cell pairs a move of `deltas` apart, as two-cell groups.
fn pairs(puzzle: &Puzzle, deltas: &[(i32, i32)]) -> Vec<Vec<u16>> {
    puzzle.offset_pairs(deltas).into_iter().map(|(a, b)| vec![a, b]).collect()
}

/// Whether no two cells a move of `deltas` apart hold one digit.
fn apart(puzzle: &Puzzle, deltas: &[(i32, i32)], grid: &[u8]) -> bool {
    puzzle.offset_pairs(deltas).into_iter().all(|(a, b)| grid[usize::from(a)] != grid[usize::from(b)])
}

const KNIGHT: [(i32, i32); 4] = [(1, 2), (2, 1), (1, -2), (2, -1)];
const KING: [(i32, i32); 4] = [(0, 1), (1, -1), (1, 0), (1, 1)];

impl Kind for AntiKnight {
    fn name(&self) -> &'static str {
        "anti-knight"
    }

    fn title(&self) -> &'static str {
        "Anti-knight"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "Two cells a chess knight's move apart never hold the same digit.".into()
    }

    fn describe(&self, first: &str) -> String {
        format!("a knight's move from {first}")
    }

    fn global(&self) -> bool {
        true
    }

    fn fpuzzles_flags(&self) -> &'static [&'static str] {
        &["antiknight"]
    }

    fn distinct(&self, puzzle: &Puzzle, _parts: &[Vec<u16>]) -> Vec<Vec<u16>> {
        pairs(puzzle, &KNIGHT)
    }

    fn holds(&self, puzzle: &Puzzle, _parts: &[Vec<u16>], grid: &[u8]) -> bool {
        apart(puzzle, &KNIGHT, grid)
    }

    /// Nothing beyond its pairs.
    fn narrow(&self, _parts: &[Vec<u16>], _n: usize, _board: &mut dyn Candidates) -> bool {
        true
    }
}

impl Kind for AntiKing {
    fn name(&self) -> &'static str {
        "anti-king"
    }

    fn title(&self) -> &'static str {
        "Anti-king"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "Two cells that touch, even only at a corner, never hold the same digit.".into()
    }

    fn describe(&self, first: &str) -> String {
        format!("a king's move from {first}")
    }

    fn global(&self) -> bool {
        true
    }

    fn fpuzzles_flags(&self) -> &'static [&'static str] {
        &["antiking"]
    }

    fn distinct(&self, puzzle: &Puzzle, _parts: &[Vec<u16>]) -> Vec<Vec<u16>> {
        pairs(puzzle, &KING)
    }

    fn holds(&self, puzzle: &Puzzle, _parts: &[Vec<u16>], grid: &[u8]) -> bool {
        apart(puzzle, &KING, grid)
    }

    /// Nothing beyond its pairs.
    fn narrow(&self, _parts: &[Vec<u16>], _n: usize, _board: &mut dyn Candidates) -> bool {
        true
    }
}
