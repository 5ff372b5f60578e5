//! Non-consecutive: orthogonal neighbours never hold consecutive digits.
//! A rule of the whole grid: JSON `"rules": ["non-consecutive"]`;
//! f-puzzles the flag `nonconsecutive`. A pair joined by a kropki dot or
//! an XV letter is left to its mark, as f-puzzles has it (a white dot
//! there would contradict the rule).

use super::dots::{edge_marked, unmarked_pairs};
use super::{Candidates, Instance, Kind};
use crate::Puzzle;

/// The non-consecutive rule.
#[derive(Debug, Clone, Copy)]
pub struct NonConsecutive;

impl Kind for NonConsecutive {
    fn name(&self) -> &'static str {
        "non-consecutive"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["nc"]
    }

    fn title(&self) -> &'static str {
        "Non-consecutive"
    }

    fn rule_text(&self, puzzle: &Puzzle) -> String {
        let text = "Two cells side by side never hold consecutive digits (a 4 is never next to a 3 or a 5)";
        match puzzle.orthogonal_pairs().into_iter().any(|(a, b)| edge_marked(puzzle, a, b)) {
            true => format!("{text}, unless a dot or a letter joins them."),
            false => format!("{text}."),
        }
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("neighbours of {first}")
    }

    fn global(&self) -> bool {
        true
    }

    fn pairs_only(&self) -> bool {
        true
    }

    fn fpuzzles_flags(&self) -> &'static [&'static str] {
        &["nonconsecutive"]
    }

    /// The orthogonal pairs joined by no dot or letter.
    fn not_consecutive(&self, puzzle: &Puzzle) -> Vec<(u16, u16)> {
        unmarked_pairs(puzzle)
    }

    fn holds(&self, puzzle: &Puzzle, _it: &Instance, grid: &[u8]) -> bool {
        self.not_consecutive(puzzle)
            .into_iter()
            .all(|(a, b)| grid[usize::from(a)].abs_diff(grid[usize::from(b)]) != 1)
    }

    /// Nothing beyond its pairs.
    fn narrow(&self, _it: &Instance, _n: usize, _board: &mut dyn Candidates) -> bool {
        true
    }
}
