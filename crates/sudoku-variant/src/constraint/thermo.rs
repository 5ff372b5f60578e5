//! Thermometer: the digits strictly increase along the line, from the
//! bulb. One part: the cells, bulb first, each touching the next
//! (diagonally too). JSON `{"kind":"thermo","cells":["r1c1","r1c2"]}`;
//! f-puzzles `thermometer` entries `{"lines":[["R1C1","R1C2"]]}` (each
//! line of an entry is one thermometer).

use rand::RngCore;
use serde_json::{json, Map, Value};

use super::util::{bounds, check_line, fp_cells, json_cells, names, steps, up_to, walk_lines};
use super::{Candidates, Fields, Glyph, Instance, Instances, Kind, ReadFpCell, ReadName, WriteName};
use crate::Puzzle;

/// The thermometer kind.
#[derive(Debug, Clone, Copy)]
pub struct Thermo;

/// Gray of the drawn thermometer: light enough for digits on it.
const GRAY: f32 = 0.78;

impl Kind for Thermo {
    fn name(&self) -> &'static str {
        "thermo"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["thermometer", "thermometers", "thermos"]
    }

    fn title(&self) -> &'static str {
        "Thermo"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "Along each thermometer the digits strictly increase from the bulb.".into()
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("thermometer from {first}")
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let [cells] = &it.parts[..] else { return Err("a thermometer is one line of cells".into()) };
        check_line(puzzle, cells, "thermometer")?;
        if cells.len() < 2 || cells.len() > puzzle.size() {
            return Err(format!("a thermometer has 2 to {} cells, not {}", puzzle.size(), cells.len()));
        }
        Ok(())
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        it.parts[0].windows(2).all(|w| grid[usize::from(w[0])] < grid[usize::from(w[1])])
    }

    fn distinct(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Vec<u16>> {
        it.parts.to_vec()
    }

    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let cells = &it.parts[0];
        let full = up_to(n as u32);
        // Up from the bulb: each cell above the lowest digit of the one before.
        let mut low = 0;
        for &c in cells {
            if !board.remove(c, up_to(low)) {
                return false;
            }
            low = bounds(board.get(c) & full).0;
        }
        // Down from the tip: each cell below the highest digit of the one after.
        let mut high = n as u32 + 1;
        for &c in cells.iter().rev() {
            if !board.remove(c, full & !up_to(high.saturating_sub(1))) {
                return false;
            }
            high = bounds(board.get(c) & full).1;
        }
        true
    }

    fn parts_from_json(&self, object: &Map<String, Value>, cell: ReadName<'_>) -> Result<Instance, String> {
        Ok(Instance::of(vec![json_cells(object.get("cells"), "cells", cell)?]))
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        vec![("cells", names(&it.parts[0], name))]
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some("thermometer")
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let lines = entry.get("lines").and_then(Value::as_array).ok_or("expected \"lines\"")?;
        lines.iter().map(|line| Ok(Instance::of(vec![fp_cells(line, cell)?]))).collect()
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        json!({ "lines": [names(&it.parts[0], name)] })
    }

    fn glyphs(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let cells = &it.parts[0];
        vec![
            Glyph::Path { cells: cells.clone(), width: 0.3, gray: GRAY, arrowhead: false, from_edge: 0.0 },
            Glyph::Disc { cell: cells[0], radius: 0.36, gray: GRAY },
        ]
    }

    /// About two thermometers for every three digits, of 3 cells up to
    /// half the size plus one, each a random walk up the solution's digits
    /// over cells no other constraint uses.
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
            |at, used| steps(puzzle, at, used),
            |line, c, _| digit(c) > digit(*line.last().expect("a bulb")),
            |_| true,
        )
    }
}
