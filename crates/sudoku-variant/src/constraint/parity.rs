//! Odd and even cells: a circled cell holds an odd digit, a cell with a
//! grey square an even one. One instance a cell, as f-puzzles has them:
//! one part of one cell. JSON `{"kind":"odd","cell":"r1c1"}`; f-puzzles
//! `odd` and `even` entries `{"cell":"R1C1"}`.

use rand::RngCore;
use serde_json::Value;

use super::util::{
    one_cell_from_fpuzzles, one_cell_from_json, one_cell_to_fpuzzles, one_cell_to_json, pick, used_cells,
};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// Cells of one parity: odd (true) or even.
pub struct Parity {
    odd: bool,
}

/// Cells that hold odd digits.
pub static ODD: Parity = Parity { odd: true };

/// Cells that hold even digits.
pub static EVEN: Parity = Parity { odd: false };

/// Gray of the marks: light enough for digits on them.
const GRAY: f32 = 0.82;

impl Parity {
    /// The digits of 1..=`n` of the other parity: what a marked cell may
    /// not hold (bit d-1 for digit d).
    fn banned(&self, n: usize) -> u32 {
        (1..=n as u32).filter(|d| (d % 2 == 1) != self.odd).fold(0, |m, d| m | 1 << (d - 1))
    }
}

impl Kind for Parity {
    fn name(&self) -> &'static str {
        if self.odd {
            "odd"
        } else {
            "even"
        }
    }

    fn title(&self) -> &'static str {
        if self.odd {
            "Odd"
        } else {
            "Even"
        }
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        match self.odd {
            true => "A circled cell holds an odd digit.".into(),
            false => "A cell with a grey square holds an even digit.".into(),
        }
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("{} cell {first}", self.name())
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        match &it.parts[..] {
            [cell] if cell.len() == 1 && puzzle.is_cell(usize::from(cell[0])) => Ok(()),
            _ => Err(format!("{}: a mark is one cell", self.name())),
        }
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        it.parts[0].iter().all(|&c| (grid[usize::from(c)] % 2 == 1) == self.odd)
    }

    fn allowed(&self, _it: &Instance, n: usize) -> Option<u32> {
        Some(((1 << n) - 1) & !self.banned(n))
    }

    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let banned = self.banned(n);
        it.parts[0].iter().all(|&c| board.remove(c, banned))
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        one_cell_from_json(object, cell)
    }

    fn json_keys(&self, _it: &Instance) -> Option<&'static [&'static str]> {
        Some(&["cell"])
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        one_cell_to_json(it, name)
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some(self.name())
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        one_cell_from_fpuzzles(entry, cell)
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        one_cell_to_fpuzzles(it, name)
    }

    /// Odd: a grey circle; even: a grey square.
    fn glyphs(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let mark = |cell| match self.odd {
            true => Glyph::Disc { cell, radius: 0.4, gray: GRAY },
            false => Glyph::Square { cell, side: 0.76, gray: GRAY },
        };
        it.parts[0].iter().map(|&cell| mark(cell)).collect()
    }

    /// A third of the side's count of cells whose solution digits have the
    /// parity, none already on a constraint, one instance a cell.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let used = used_cells(puzzle);
        let fits: Vec<usize> =
            puzzle.cells().into_iter().filter(|&c| !used[c] && (solution[c] % 2 == 1) == self.odd).collect();
        let mut chosen: Vec<u16> = Vec::new();
        let wanted = (puzzle.size() / 3).max(2).min(fits.len());
        while chosen.len() < wanted {
            let c = pick(&fits, rng) as u16;
            if !chosen.contains(&c) {
                chosen.push(c);
            }
        }
        chosen.sort_unstable();
        chosen.into_iter().map(|c| Instance::of(vec![vec![c]])).collect()
    }
}
