//! Odd and even cells: a circled cell holds an odd digit, a cell with a
//! grey square an even one. One instance a cell, as f-puzzles has them:
//! one part of one cell. JSON `{"kind":"odd","cell":"r1c1"}`; f-puzzles
//! `odd` and `even` entries `{"cell":"R1C1"}`.

use rand::RngCore;
use serde_json::{json, Map, Value};

use super::util::{pick, used_cells};
use super::{Candidates, Glyph, Instances, Kind, Parts, ReadFpCell, ReadName, WriteName};
use crate::Puzzle;

/// Cells that hold odd digits.
#[derive(Debug, Clone, Copy)]
pub struct Odd;

/// Cells that hold even digits.
#[derive(Debug, Clone, Copy)]
pub struct Even;

/// Gray of the marks: light enough for digits on them.
const GRAY: f32 = 0.82;

/// The digits of 1..=`n` of the other parity than `odd` asks, as a mask
/// (bit d-1 for digit d): what a marked cell may not hold.
fn other_parity(n: usize, odd: bool) -> u32 {
    (1..=n as u32).filter(|d| (d % 2 == 1) != odd).fold(0, |m, d| m | 1 << (d - 1))
}

/// The checks both kinds share.
fn check(puzzle: &Puzzle, parts: &[Vec<u16>], what: &str) -> Result<(), String> {
    match parts {
        [cell] if cell.len() == 1 && puzzle.is_cell(usize::from(cell[0])) => Ok(()),
        _ => Err(format!("{what}: a mark is one cell")),
    }
}

fn from_json(object: &Map<String, Value>, cell: ReadName<'_>) -> Result<Parts, String> {
    let name = object.get("cell").and_then(Value::as_str).ok_or("expected \"cell\": a cell name")?;
    Ok(vec![vec![cell(name).map_err(|e| format!("cell: {e}"))?]])
}

fn to_json(parts: &[Vec<u16>], name: WriteName<'_>) -> Map<String, Value> {
    Map::from_iter([("cell".to_string(), Value::String(name(parts[0][0])))])
}

fn holds(parts: &[Vec<u16>], grid: &[u8], odd: bool) -> bool {
    parts[0].iter().all(|&c| (grid[usize::from(c)] % 2 == 1) == odd)
}

fn narrow(parts: &[Vec<u16>], n: usize, board: &mut dyn Candidates, odd: bool) -> bool {
    let banned = other_parity(n, odd);
    parts[0].iter().all(|&c| board.remove(c, banned))
}

fn read_fpuzzles(entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
    let at = entry.get("cell").ok_or("expected \"cell\"")?;
    Ok(vec![vec![vec![cell(at)?]]])
}

/// About a third of the cells whose solution digits have the parity, none
/// already on a constraint, one instance a cell (as f-puzzles writes them).
fn sprinkle(puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore, odd: bool) -> Instances {
    let used = used_cells(puzzle);
    let fits: Vec<usize> =
        puzzle.cells().into_iter().filter(|&c| !used[c] && (solution[c] % 2 == 1) == odd).collect();
    let mut chosen: Vec<u16> = Vec::new();
    let wanted = (puzzle.size() / 3).max(2).min(fits.len());
    while chosen.len() < wanted {
        let c = pick(&fits, rng) as u16;
        if !chosen.contains(&c) {
            chosen.push(c);
        }
    }
    chosen.sort_unstable();
    chosen.into_iter().map(|c| vec![vec![c]]).collect()
}

impl Kind for Odd {
    fn name(&self) -> &'static str {
        "odd"
    }

    fn title(&self) -> &'static str {
        "Odd"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "A circled cell holds an odd digit.".into()
    }

    fn describe(&self, first: &str) -> String {
        format!("odd cell {first}")
    }

    fn check(&self, puzzle: &Puzzle, parts: &[Vec<u16>]) -> Result<(), String> {
        check(puzzle, parts, "odd")
    }

    fn holds(&self, _puzzle: &Puzzle, parts: &[Vec<u16>], grid: &[u8]) -> bool {
        holds(parts, grid, true)
    }

    fn narrow(&self, parts: &[Vec<u16>], n: usize, board: &mut dyn Candidates) -> bool {
        narrow(parts, n, board, true)
    }

    fn parts_from_json(&self, object: &Map<String, Value>, cell: ReadName<'_>) -> Result<Parts, String> {
        from_json(object, cell)
    }

    fn parts_to_json(&self, parts: &[Vec<u16>], name: WriteName<'_>) -> Map<String, Value> {
        to_json(parts, name)
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some("odd")
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        read_fpuzzles(entry, cell)
    }

    fn write_fpuzzles(&self, parts: &[Vec<u16>], _side: usize, name: WriteName<'_>) -> Value {
        json!({ "cell": name(parts[0][0]) })
    }

    fn glyphs(&self, _puzzle: &Puzzle, parts: &[Vec<u16>]) -> Vec<Glyph> {
        parts[0].iter().map(|&cell| Glyph::Disc { cell, radius: 0.4, gray: GRAY }).collect()
    }

    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        sprinkle(puzzle, solution, rng, true)
    }
}

impl Kind for Even {
    fn name(&self) -> &'static str {
        "even"
    }

    fn title(&self) -> &'static str {
        "Even"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "A cell with a grey square holds an even digit.".into()
    }

    fn describe(&self, first: &str) -> String {
        format!("even cell {first}")
    }

    fn check(&self, puzzle: &Puzzle, parts: &[Vec<u16>]) -> Result<(), String> {
        check(puzzle, parts, "even")
    }

    fn holds(&self, _puzzle: &Puzzle, parts: &[Vec<u16>], grid: &[u8]) -> bool {
        holds(parts, grid, false)
    }

    fn narrow(&self, parts: &[Vec<u16>], n: usize, board: &mut dyn Candidates) -> bool {
        narrow(parts, n, board, false)
    }

    fn parts_from_json(&self, object: &Map<String, Value>, cell: ReadName<'_>) -> Result<Parts, String> {
        from_json(object, cell)
    }

    fn parts_to_json(&self, parts: &[Vec<u16>], name: WriteName<'_>) -> Map<String, Value> {
        to_json(parts, name)
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some("even")
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        read_fpuzzles(entry, cell)
    }

    fn write_fpuzzles(&self, parts: &[Vec<u16>], _side: usize, name: WriteName<'_>) -> Value {
        json!({ "cell": name(parts[0][0]) })
    }

    fn glyphs(&self, _puzzle: &Puzzle, parts: &[Vec<u16>]) -> Vec<Glyph> {
        parts[0].iter().map(|&cell| Glyph::Square { cell, side: 0.76, gray: GRAY }).collect()
    }

    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        sprinkle(puzzle, solution, rng, false)
    }
}
