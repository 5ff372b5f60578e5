//! Windoku: four extra 3×3 windows of a 9×9, each a house. A rule of the
//! whole grid: JSON `"rules": ["windoku"]`; f-puzzles states it as the
//! four windows in `extraregion`.

use super::house_rule::HouseRule;
use crate::{Layout, Puzzle};

/// The windoku rule.
pub static WINDOKU: HouseRule = HouseRule {
    name: "windoku",
    aliases: &["windows", "window", "hyper"],
    title: "Windoku",
    text: |_| "So does each of the four shaded 3×3 windows.".into(),
    house: "window at",
    flags: &[],
    fits,
    houses,
    shaded: true,
};

/// The windows' top-left cells (row, column) within a 9×9.
const CORNERS: [(usize, usize); 4] = [(1, 1), (1, 5), (5, 1), (5, 5)];

fn fits(puzzle: &Puzzle) -> Result<(), String> {
    match puzzle.size() == 9 && matches!(puzzle.layout(), Layout::Boxes { .. }) {
        true => Ok(()),
        false => Err("a single 9x9 grid with 3x3 boxes".into()),
    }
}

fn houses(puzzle: &Puzzle, top: usize, left: usize) -> Vec<Vec<u16>> {
    let side = puzzle.side();
    CORNERS
        .iter()
        .map(|&(r0, c0)| (0..9).map(|k| ((top + r0 + k / 3) * side + left + c0 + k % 3) as u16).collect())
        .collect()
}
