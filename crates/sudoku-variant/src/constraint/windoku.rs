//! Windoku: four extra 3×3 windows of a 9×9, each a house. A rule of the
//! whole grid: JSON `"rules": ["windoku"]`; f-puzzles states it as the
//! four windows in `extraregion`.

use super::util::{houses_hold, shade_houses};
use super::{Candidates, Glyph, Kind};
use crate::{Layout, Puzzle};

/// The windoku rule.
#[derive(Debug, Clone, Copy)]
pub struct Windoku;

/// The windows' top-left cells (row, column) within a 9×9.
const CORNERS: [(usize, usize); 4] = [(1, 1), (1, 5), (5, 1), (5, 5)];

impl Kind for Windoku {
    fn name(&self) -> &'static str {
        "windoku"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["windows", "window", "hyper"]
    }

    fn title(&self) -> &'static str {
        "Windoku"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "So does each of the four shaded 3×3 windows.".into()
    }

    fn describe(&self, first: &str) -> String {
        format!("window at {first}")
    }

    fn global(&self) -> bool {
        true
    }

    fn houses_only(&self) -> bool {
        true
    }

    fn check(&self, puzzle: &Puzzle, _parts: &[Vec<u16>]) -> Result<(), String> {
        if !(puzzle.size() == 9 && matches!(puzzle.layout(), Layout::Boxes { .. })) {
            return Err("a single 9x9 grid with 3x3 boxes".into());
        }
        Ok(())
    }

    fn houses(&self, puzzle: &Puzzle, top: usize, left: usize) -> Vec<Vec<u16>> {
        let side = puzzle.side();
        CORNERS
            .iter()
            .map(|&(r0, c0)| (0..9).map(|k| ((top + r0 + k / 3) * side + left + c0 + k % 3) as u16).collect())
            .collect()
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
