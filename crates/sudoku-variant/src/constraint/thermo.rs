//! Thermometers: the digits strictly increase along the line, from the
//! bulb; along a slow thermometer they never decrease (a digit may equal
//! the one before it, where no row, column or box forbids it). One part:
//! the cells, bulb first, each touching the next (diagonally too). JSON
//! `{"kind":"thermo","cells":["r1c1","r1c2"]}` (`slow-thermo` alike);
//! f-puzzles `thermometer` and `slowthermometer` entries
//! `{"lines":[["R1C1","R1C2"]]}` (each line of an entry is one
//! thermometer). A slow thermometer is drawn with a hollow bulb.

use rand::RngCore;
use serde_json::{json, Value};

use super::util::{bounds, check_line, fp_cells, json_cells, king_steps, names, steps, up_to, walk_lines};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// A kind of thermometer: strict or slow.
#[derive(Debug, Clone, Copy)]
pub struct Thermo {
    /// Whether neighbours may be equal (a slow thermometer).
    slow: bool,
}

/// Thermometers: digits strictly increase from the bulb.
pub static THERMO: Thermo = Thermo { slow: false };

/// Slow thermometers: digits never decrease from the bulb.
pub static SLOW_THERMO: Thermo = Thermo { slow: true };

/// Gray of the drawn thermometer: light enough for digits on it.
const GRAY: f32 = 0.78;

impl Kind for Thermo {
    fn name(&self) -> &'static str {
        match self.slow {
            false => "thermo",
            true => "slow-thermo",
        }
    }

    fn aliases(&self) -> &'static [&'static str] {
        match self.slow {
            false => &["thermometer", "thermometers", "thermos"],
            true => &["slowthermometer", "slowthermometers", "slowthermos"],
        }
    }

    fn title(&self) -> &'static str {
        match self.slow {
            false => "Thermo",
            true => "Slow Thermo",
        }
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        match self.slow {
            false => "Along each thermometer the digits strictly increase from the bulb.".into(),
            true => "Along each thermometer with a hollow bulb the digits never decrease from the bulb: a \
                     digit may equal the one before it, unless a row, column or box forbids it."
                .into(),
        }
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        match self.slow {
            false => format!("thermometer from {first}"),
            true => format!("slow thermometer from {first}"),
        }
    }

    fn noun(&self) -> &'static str {
        match self.slow {
            false => "thermo",
            true => "slow thermometer",
        }
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let [cells] = &it.parts[..] else { return Err("a thermometer is one line of cells".into()) };
        check_line(puzzle, cells, "thermometer")?;
        // A slow thermometer may repeat digits: as long as the canvas.
        let most = if self.slow { puzzle.canvas_len() } else { puzzle.size() };
        if cells.len() < 2 || cells.len() > most {
            return Err(format!("a thermometer has 2 to {most} cells, not {}", cells.len()));
        }
        Ok(())
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        it.parts[0].windows(2).all(|w| {
            let (a, b) = (grid[usize::from(w[0])], grid[usize::from(w[1])]);
            a < b || (self.slow && a == b)
        })
    }

    /// A thermometer's digits differ; a slow one's need not.
    fn distinct(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Vec<u16>> {
        match self.slow {
            false => it.parts.to_vec(),
            true => Vec::new(),
        }
    }

    /// Each step up the thermometer.
    fn pairs(&self, it: &Instance, out: &mut Vec<(u16, u16, u32)>) -> bool {
        out.extend(it.parts[0].windows(2).map(|w| (w[0], w[1], 0)));
        true
    }

    fn pair_allows(&self, _tag: u32, x: u32, y: u32) -> bool {
        x < y || self.slow && x == y
    }

    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let cells = &it.parts[0];
        let full = up_to(n as u32);
        // A slow thermometer's step may be 0.
        let step = u32::from(!self.slow);
        // Up from the bulb: each cell above (or, slow, at least) the lowest
        // digit of the one before.
        let mut low = 0;
        for &c in cells {
            if !board.remove(c, up_to((low + step).saturating_sub(1))) {
                return false;
            }
            low = bounds(board.get(c) & full).0;
        }
        // Down from the tip: each cell below (at most) the highest digit of
        // the one after.
        let mut high = n as u32 + 1;
        for &c in cells.iter().rev() {
            if !board.remove(c, full & !up_to((high + 1 - step).saturating_sub(1))) {
                return false;
            }
            high = bounds(board.get(c) & full).1;
        }
        true
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        Ok(Instance::of(vec![json_cells(object.get("cells"), "cells", cell)?]))
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        vec![("cells", names(&it.parts[0], name))]
    }

    fn json_keys(&self, _it: &Instance) -> Option<&'static [&'static str]> {
        Some(&["cells"])
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some(match self.slow {
            false => "thermometer",
            true => "slowthermometer",
        })
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let lines = entry.get("lines").and_then(Value::as_array).ok_or("expected \"lines\"")?;
        lines.iter().map(|line| Ok(Instance::of(vec![fp_cells(line, cell)?]))).collect()
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        json!({ "lines": [names(&it.parts[0], name)] })
    }

    /// A slow thermometer's bulb is hollow: a white disc inside the gray.
    fn glyphs(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let cells = &it.parts[0];
        let mut out = vec![
            Glyph::Path { cells: cells.clone(), width: 0.3, gray: GRAY, arrowhead: false, from_edge: 0.0 },
            Glyph::Disc { cell: cells[0], radius: 0.36, gray: GRAY },
        ];
        if self.slow {
            out.push(Glyph::Disc { cell: cells[0], radius: 0.24, gray: 1.0 });
        }
        out
    }

    /// About two thermometers for every three digits, of 3 cells up to
    /// half the size plus one, each a random walk up the solution's digits
    /// over cells no other constraint uses (a slow one steps diagonally
    /// too, and may step to an equal digit).
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let n = puzzle.size();
        let wanted = (2 * n / 3).max(2);
        let longest = (n / 2 + 1).max(3);
        let digit = |c: u16| solution[usize::from(c)];
        walk_lines(
            puzzle,
            rng,
            (wanted, wanted * 20),
            |rng| 3 + (rng.next_u32() as usize) % (longest - 2),
            |at, used| match self.slow {
                false => steps(puzzle, at, used),
                true => king_steps(puzzle, at, used),
            },
            |line, c, _| {
                let last = digit(*line.last().expect("a bulb"));
                digit(c) > last || (self.slow && digit(c) == last)
            },
            |_| true,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::narrow_matches_brute_force;
    use super::*;

    /// Narrowing keeps every digit a completion uses and refuses single
    /// digits that break the rule (brute force over short thermometers;
    /// a strict one's digits differ through its distinct group, so the
    /// check here asks only for the order).
    #[test]
    fn narrowing_matches_brute_force() {
        for (kind, slow) in [(&THERMO, false), (&SLOW_THERMO, true)] {
            let make = |len: usize, _: &mut dyn FnMut() -> u32| Instance::of(vec![(0..len as u16).collect()]);
            let keeps = |_: &Instance, d: &[u8]| d.windows(2).all(|w| w[0] < w[1] || (slow && w[0] == w[1]));
            narrow_matches_brute_force(kind, 6, 2..=5, make, keeps);
        }
    }
}
