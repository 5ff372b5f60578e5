//! Region-sum lines: where a line crosses boxes (or a jigsaw's regions),
//! the digits on each of its segments within one box add up to the same
//! total. A segment is a run of consecutive cells of the line in one box:
//! a line that leaves a box and comes back has two segments there (as
//! pencilmark reads the rule). On a samurai, the boxes are the canvas's
//! 3×3 boxes (the shared corner boxes are one box each).
//!
//! Parts: the segments in order, each a run of the line's cells, each
//! cell touching the next (diagonally too). They follow from the shape:
//! the readers give the whole line as one part and [`Kind::settle`] splits
//! it where it crosses into another box. JSON
//! `{"kind":"region-sum","cells":["r1c3","r1c4"]}` (the whole line);
//! f-puzzles `regionsumline` entries `{"lines":[["R1C3","R1C4"]]}`, each
//! line of an entry one line. A line within one box says nothing, and is
//! kept as given.

use rand::RngCore;
use serde_json::{json, Value};

use super::util::{check_line, fp_cells, json_cells, names, narrow_equal_sums, steps, walk_lines, Side};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::{Layout, Puzzle};

/// The region-sum line kind.
#[derive(Debug, Clone, Copy)]
pub struct RegionSum;

/// Which box (or region) a canvas cell lies in, as a number only compared
/// for equality.
fn region_of(puzzle: &Puzzle, cell: u16) -> usize {
    let (side, cell) = (puzzle.side(), usize::from(cell));
    let (r, c) = (cell / side, cell % side);
    match puzzle.layout() {
        Layout::Boxes { rows, cols } => r / usize::from(*rows) * side + c / usize::from(*cols),
        Layout::Regions(of) => of.get(cell).map_or(usize::MAX, |&k| usize::from(k)),
        // Every grid's boxes sit on one lattice of the canvas.
        Layout::Grids(_) => {
            let (rows, cols) = puzzle.box_shape();
            r / rows * side + c / cols
        }
    }
}

/// The line cut into runs of cells in one box.
fn segments(puzzle: &Puzzle, line: &[u16]) -> Vec<Vec<u16>> {
    let mut out: Vec<Vec<u16>> = Vec::new();
    for &c in line {
        match out.last_mut() {
            Some(run) if region_of(puzzle, run[0]) == region_of(puzzle, c) => run.push(c),
            _ => out.push(vec![c]),
        }
    }
    out
}

/// Whether the segments' digits all add up to one total.
fn equal_sums(parts: &[Vec<u16>], grid: &[u8]) -> bool {
    let sums: Vec<u32> =
        parts.iter().map(|p| p.iter().map(|&c| u32::from(grid[usize::from(c)])).sum()).collect();
    sums.windows(2).all(|w| w[0] == w[1])
}

impl Kind for RegionSum {
    fn name(&self) -> &'static str {
        "region-sum"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["regionsumline", "regionsumlines", "regionsums"]
    }

    fn title(&self) -> &'static str {
        "Region Sum Lines"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "Where a line crosses boxes, the digits on each stretch of it within one box add up to the same \
         total (a line that comes back into a box makes a new stretch there)."
            .into()
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("region-sum line from {first}")
    }

    fn noun(&self) -> &'static str {
        "region-sum line"
    }

    /// The whole line, cut at box borders (cells that are no cells are
    /// left for [`Kind::check`] to name).
    fn settle(&self, puzzle: &Puzzle, it: Instance) -> Instance {
        let line: Vec<u16> = it.parts.iter().flatten().copied().collect();
        if line.is_empty() || line.iter().any(|&c| !puzzle.is_cell(usize::from(c))) {
            return it;
        }
        Instance { parts: segments(puzzle, &line), value: it.value }
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        if let Some(v) = it.value {
            return Err(format!("a region-sum line has no number, not {v}"));
        }
        let line: Vec<u16> = it.parts.iter().flatten().copied().collect();
        check_line(puzzle, &line, "region-sum line")?;
        if line.len() < 2 {
            return Err(format!("a region-sum line has 2 cells or more, not {}", line.len()));
        }
        if it.parts != segments(puzzle, &line) {
            return Err("a region-sum line's parts are its runs of cells in one box".into());
        }
        Ok(())
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        equal_sums(&it.parts, grid)
    }

    /// By the segments' sums (as arrows).
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        match &it.parts[..] {
            [a, b] => narrow_equal_sums(&[Side::sum(a), Side::sum(b)], n, board),
            parts => {
                let sides: Vec<Side> = parts.iter().map(|p| Side::sum(p)).collect();
                narrow_equal_sums(&sides, n, board)
            }
        }
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        Ok(Instance::of(vec![json_cells(object.get("cells"), "cells", cell)?]))
    }

    fn json_keys(&self, _it: &Instance) -> Option<&'static [&'static str]> {
        Some(&["cells"])
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        let line: Vec<u16> = it.parts.iter().flatten().copied().collect();
        vec![("cells", names(&line, name))]
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some("regionsumline")
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let lines = entry.get("lines").and_then(Value::as_array).ok_or("expected \"lines\"")?;
        lines.iter().map(|line| Ok(Instance::of(vec![fp_cells(line, cell)?]))).collect()
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        let line: Vec<u16> = it.parts.iter().flatten().copied().collect();
        json!({ "lines": [names(&line, name)] })
    }

    /// A thin blue-gray line in a book: one path through every segment.
    fn glyphs(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let cells: Vec<u16> = it.parts.iter().flatten().copied().collect();
        vec![Glyph::Path { cells, width: 0.09, gray: 0.5, arrowhead: false, from_edge: 0.0 }]
    }

    /// About one line for every three digits, of 3 to 6 cells over two
    /// boxes or more, each a random walk over cells no other constraint
    /// uses: the first segment's sum is the total, each later segment
    /// stays within it and ends on it.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let n = puzzle.size();
        let wanted = (n / 3).max(2);
        let sum = |run: &[u16]| run.iter().map(|&c| u32::from(solution[usize::from(c)])).sum::<u32>();
        let fits = |line: &[u16], c: u16, _: usize| {
            let mut line = line.to_vec();
            line.push(c);
            let runs = segments(puzzle, &line);
            let total = sum(&runs[0]);
            let (done, last) = runs[1..].split_at(runs.len().saturating_sub(2));
            runs.len() == 1 || (done.iter().all(|r| sum(r) == total) && last.iter().all(|r| sum(r) <= total))
        };
        let keep = |line: &[u16]| {
            let runs = segments(puzzle, line);
            runs.len() >= 2 && equal_sums(&runs, solution)
        };
        let length = |rng: &mut dyn RngCore| 3 + rng.next_u32() as usize % 4;
        let around = |at: u16, used: &[bool]| steps(puzzle, at, used);
        let lines = walk_lines(puzzle, rng, (wanted, wanted * 150), length, around, fits, keep);
        lines.into_iter().map(|it| self.settle(puzzle, it)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::narrow_matches_brute_force;
    use super::*;

    /// A line over r1c2-r1c5 on 9×9 has segments r1c2-r1c3 and r1c4-r1c5;
    /// a line that comes back into its box makes a new segment there.
    #[test]
    fn segments_break_at_box_borders() {
        let nine = Puzzle::blank(9).unwrap();
        assert_eq!(segments(&nine, &[1, 2, 3, 4]), vec![vec![1, 2], vec![3, 4]]);
        assert_eq!(segments(&nine, &[2, 3, 12, 11]), vec![vec![2], vec![3, 12], vec![11]]);
        let settled = RegionSum.settle(&nine, Instance::of(vec![vec![1, 2, 3, 4]]));
        assert_eq!(settled.parts, vec![vec![1, 2], vec![3, 4]]);
        assert!(RegionSum.check(&nine, &settled).is_ok());
        let wrong = Instance::of(vec![vec![1], vec![2, 3, 4]]);
        assert!(RegionSum.check(&nine, &wrong).is_err());
        assert!(RegionSum.holds(&nine, &settled, &[0, 1, 4, 2, 3]));
        assert!(!RegionSum.holds(&nine, &settled, &[0, 1, 4, 2, 2]));
    }

    /// Narrowing keeps every digit a completion uses and refuses single
    /// digits that break the rule: brute force over lines of two to four
    /// segments, cut at random.
    #[test]
    fn narrowing_matches_brute_force() {
        let make = |len: usize, next: &mut dyn FnMut() -> u32| {
            let mut parts: Vec<Vec<u16>> = vec![vec![0]];
            for c in 1..len as u16 {
                match next() % 2 {
                    0 => parts.last_mut().expect("a part").push(c),
                    _ => parts.push(vec![c]),
                }
            }
            Instance::of(parts)
        };
        let keeps = |it: &Instance, d: &[u8]| {
            let grid: Vec<u8> = d.to_vec();
            equal_sums(&it.parts, &grid)
        };
        narrow_matches_brute_force(&RegionSum, 6, 2..=5, make, keeps);
    }
}
