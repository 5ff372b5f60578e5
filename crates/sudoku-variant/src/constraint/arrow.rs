//! Arrow: the digits along the arrow add up to the number in its circle;
//! several lines from one circle are several arrows, each adding up to it.
//! A circle of two or three cells (f-puzzles' pill) reads as a number,
//! left to right or top to bottom: its cells are listed in reading order,
//! the first the leading digit (a circle listed otherwise is refused, as
//! f-puzzles and SudokuPad would read its digits in another order;
//! pencilmark's reader sorts a pill's cells the same way). Instance: the circle (1 to 3 cells, each
//! touching the next), then one part per line (its cells from the circle
//! outwards, the first touching the circle). Digits on an arrow may
//! repeat unless a house forbids it. JSON
//! `{"kind":"arrow","circle":["r1c1"],"lines":[["r1c2","r1c3"]]}`;
//! f-puzzles `arrow` entries `{"cells":[circle],"lines":[[circle cell,
//! then the line]]}`.

use rand::RngCore;
use serde_json::{json, Value};

use super::util::{
    check_line, fp_cells, json_cells, names, narrow_equal_sums, pick, steps, touch, used_cells, Side,
};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// The arrow kind.
#[derive(Debug, Clone, Copy)]
pub struct Arrow;

/// The most cells a circle may span.
const MAX_CIRCLE: usize = 3;
/// Radius of the drawn circle.
const RADIUS: f32 = 0.4;

/// The place value of each circle cell: 100, 10, 1 for three.
fn weights(circle: &[u16]) -> impl Iterator<Item = (u16, u32)> + '_ {
    let k = circle.len() as u32;
    circle.iter().enumerate().map(move |(i, &c)| (c, 10u32.pow(k - 1 - i as u32)))
}

impl Kind for Arrow {
    fn name(&self) -> &'static str {
        "arrow"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["arrows"]
    }

    fn title(&self) -> &'static str {
        "Arrow"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "The digits along each arrow add up to the number in its circle (a circle over two or three \
         cells reads as a number, left to right or top to bottom); digits on an arrow may repeat \
         unless a row, column or box forbids it."
            .into()
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("arrow from {first}")
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let Some((circle, lines)) = it.parts.split_first() else {
            return Err("an arrow needs a circle".into());
        };
        if circle.is_empty() || circle.len() > MAX_CIRCLE {
            return Err(format!("an arrow's circle has 1 to {MAX_CIRCLE} cells, not {}", circle.len()));
        }
        check_line(puzzle, circle, "arrow circle")?;
        if circle.windows(2).any(|w| w[0] > w[1]) {
            return Err(
                "an arrow's circle lists its cells in reading order (left to right, top to bottom)".into()
            );
        }
        if lines.is_empty() || lines.iter().any(Vec::is_empty) {
            return Err("an arrow needs at least one line of one cell or more".into());
        }
        let mut seen: Vec<u16> = circle.clone();
        for line in lines {
            check_line(puzzle, line, "arrow")?;
            if !circle.iter().any(|&c| touch(puzzle.side(), c, line[0])) {
                return Err(format!(
                    "arrow: {} does not touch its circle",
                    puzzle.cell_name(usize::from(line[0]))
                ));
            }
            if let Some(&c) = line.iter().find(|c| seen.contains(c)) {
                return Err(format!("arrow: {} is on the arrow twice", puzzle.cell_name(usize::from(c))));
            }
            seen.extend_from_slice(line);
        }
        Ok(())
    }

    /// Each line on its own adds up to the circle (f-puzzles and SudokuPad
    /// read several lines from one circle as several arrows).
    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        let value: u32 = weights(&it.parts[0]).map(|(c, w)| u32::from(grid[usize::from(c)]) * w).sum();
        it.parts[1..]
            .iter()
            .all(|line| line.iter().map(|&c| u32::from(grid[usize::from(c)])).sum::<u32>() == value)
    }

    /// Bounds: the circle's number lies between its lowest and highest
    /// reading, each line's sum between its lowest and highest; each cell
    /// keeps the digits that leave all the ranges a common value.
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let circle = Side { cells: &it.parts[0], as_number: true };
        match &it.parts[1..] {
            // One line (the usual arrow): no list of sides to build.
            [line] => narrow_equal_sums(&[circle, Side::sum(line)], n, board),
            lines => {
                let sides: Vec<Side> =
                    std::iter::once(circle).chain(lines.iter().map(|l| Side::sum(l))).collect();
                narrow_equal_sums(&sides, n, board)
            }
        }
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        let mut parts = vec![json_cells(object.get("circle"), "circle", cell)?];
        let lines = object.get("lines").and_then(Value::as_array).ok_or("expected \"lines\": [[cells]]")?;
        for line in lines {
            parts.push(json_cells(Some(line), "lines", cell)?);
        }
        Ok(Instance::of(parts))
    }

    fn json_keys(&self, _it: &Instance) -> Option<&'static [&'static str]> {
        Some(&["circle", "lines"])
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        let lines = Value::Array(it.parts[1..].iter().map(|l| names(l, name)).collect());
        vec![("circle", names(&it.parts[0], name)), ("lines", lines)]
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some("arrow")
    }

    /// f-puzzles lines start in the circle; those cells are dropped. A
    /// pill's cells are read in reading order, whatever order the entry
    /// lists them in.
    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let mut circle = fp_cells(entry.get("cells").ok_or("expected \"cells\" (the circle)")?, cell)?;
        circle.sort_unstable();
        let lines = entry.get("lines").and_then(Value::as_array).ok_or("expected \"lines\"")?;
        let mut parts = vec![circle.clone()];
        for line in lines {
            let line: Vec<u16> = fp_cells(line, cell)?.into_iter().filter(|c| !circle.contains(c)).collect();
            parts.push(line);
        }
        Ok(vec![Instance::of(parts)])
    }

    /// Each line written from the circle cell it touches.
    fn write_fpuzzles(&self, it: &Instance, side: usize, name: WriteName<'_>) -> Value {
        let circle = &it.parts[0];
        let lines: Vec<Value> = it.parts[1..]
            .iter()
            .map(|line| {
                let from = circle.iter().copied().find(|&c| touch(side, c, line[0])).unwrap_or(circle[0]);
                let mut cells = vec![from];
                cells.extend_from_slice(line);
                names(&cells, name)
            })
            .collect();
        json!({ "cells": names(circle, name), "lines": lines })
    }

    fn glyphs(&self, puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let circle = &it.parts[0];
        let mut out = Vec::new();
        // The circle (a pill over several cells): black, then white inside.
        for (gray, radius) in [(0.0, RADIUS), (1.0, RADIUS - 0.05)] {
            out.extend(circle.iter().map(|&cell| Glyph::Disc { cell, radius, gray }));
            if circle.len() > 1 {
                out.push(Glyph::Path {
                    cells: circle.clone(),
                    width: 2.0 * radius,
                    gray,
                    arrowhead: false,
                    from_edge: 0.0,
                });
            }
        }
        for line in &it.parts[1..] {
            let from =
                circle.iter().copied().find(|&c| touch(puzzle.side(), c, line[0])).unwrap_or(circle[0]);
            let mut cells = vec![from];
            cells.extend_from_slice(line);
            out.push(Glyph::Path { cells, width: 0.05, gray: 0.35, arrowhead: true, from_edge: RADIUS });
        }
        out
    }

    /// About one arrow for every two digits: a one-cell circle holding 3 or
    /// more, and a random walk from it over cells no other constraint uses
    /// whose digits add up to the circle's.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let wanted = (puzzle.size() / 2).max(2);
        let mut used = used_cells(puzzle);
        let cells: Vec<usize> = puzzle.cells().into_iter().filter(|&c| solution[c] >= 3).collect();
        let mut out = Vec::new();
        for _ in 0..wanted * 30 {
            if out.len() == wanted || cells.is_empty() {
                break;
            }
            let circle = pick(&cells, rng) as u16;
            if used[usize::from(circle)] {
                continue;
            }
            let target = u32::from(solution[usize::from(circle)]);
            used[usize::from(circle)] = true;
            let (mut line, mut sum, mut at) = (Vec::new(), 0u32, circle);
            while sum < target {
                let fits: Vec<u16> = steps(puzzle, at, &used)
                    .into_iter()
                    .filter(|&c| sum + u32::from(solution[usize::from(c)]) <= target)
                    .filter(|&c| sum + u32::from(solution[usize::from(c)]) == target || line.len() < 4)
                    .collect();
                if fits.is_empty() {
                    break;
                }
                at = pick(&fits, rng);
                used[usize::from(at)] = true;
                sum += u32::from(solution[usize::from(at)]);
                line.push(at);
            }
            if sum == target && line.len() >= 2 {
                out.push(Instance::of(vec![vec![circle], line]));
            } else {
                for c in line.into_iter().chain([circle]) {
                    used[usize::from(c)] = false;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::narrow_matches_brute_force;
    use super::*;

    /// Narrowing keeps every digit a completion uses and refuses single
    /// digits that break the rule: brute force over circles of one or two
    /// cells (a pill reads as a number) and arrows of one to three cells.
    #[test]
    fn narrowing_matches_brute_force() {
        let make = |len: usize, next: &mut dyn FnMut() -> u32| {
            let circle = 1 + (next() as usize % 2).min(len - 2);
            let cells: Vec<u16> = (0..len as u16).collect();
            Instance::of(vec![cells[..circle].to_vec(), cells[circle..].to_vec()])
        };
        let keeps = |it: &Instance, d: &[u8]| {
            let circle = it.parts[0].len();
            let value = d[..circle].iter().fold(0u32, |v, &x| 10 * v + u32::from(x));
            value == d[circle..].iter().map(|&x| u32::from(x)).sum::<u32>()
        };
        narrow_matches_brute_force(&Arrow, 6, 2..=5, make, keeps);
    }
}
