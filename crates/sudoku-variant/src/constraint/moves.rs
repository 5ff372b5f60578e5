//! Anti-knight and anti-king: two cells a chess knight's (or king's) move
//! apart hold different digits. Rules of the whole grid: JSON
//! `"rules": ["anti-knight"]`; f-puzzles the flags `antiknight` and
//! `antiking`.

use super::{Candidates, Instance, Kind};
use crate::Puzzle;

/// A rule that cells one move apart differ: the move as data.
pub struct Moves {
    name: &'static str,
    title: &'static str,
    text: &'static str,
    /// How a hint names the move, before a cell's name.
    from: &'static str,
    flag: &'static [&'static str],
    /// The move's (row, column) steps, one of each pair of opposite ones.
    deltas: [(i32, i32); 4],
}

/// The anti-knight rule.
pub static ANTI_KNIGHT: Moves = Moves {
    name: "anti-knight",
    title: "Anti-knight",
    text: "Two cells a chess knight's move apart never hold the same digit.",
    from: "a knight's move from",
    flag: &["antiknight"],
    deltas: [(1, 2), (2, 1), (1, -2), (2, -1)],
};

/// The anti-king rule.
pub static ANTI_KING: Moves = Moves {
    name: "anti-king",
    title: "Anti-king",
    text: "Two cells that touch, even only at a corner, never hold the same digit.",
    from: "a king's move from",
    flag: &["antiking"],
    deltas: [(0, 1), (1, -1), (1, 0), (1, 1)],
};

impl Kind for Moves {
    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        self.text.into()
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("{} {first}", self.from)
    }

    fn global(&self) -> bool {
        true
    }

    fn pairs_only(&self) -> bool {
        true
    }

    fn fpuzzles_flags(&self) -> &'static [&'static str] {
        self.flag
    }

    /// The cell pairs a move apart, as two-cell groups.
    fn distinct(&self, puzzle: &Puzzle, _it: &Instance) -> Vec<Vec<u16>> {
        puzzle.offset_pairs(&self.deltas).into_iter().map(|(a, b)| vec![a, b]).collect()
    }

    fn holds(&self, puzzle: &Puzzle, _it: &Instance, grid: &[u8]) -> bool {
        puzzle
            .offset_pairs(&self.deltas)
            .into_iter()
            .all(|(a, b)| grid[usize::from(a)] != grid[usize::from(b)])
    }

    /// Nothing beyond its pairs.
    fn narrow(&self, _it: &Instance, _n: usize, _board: &mut dyn Candidates) -> bool {
        true
    }
}
