//! Argyle: digits do not repeat along any of eight marked diagonals of a
//! 9×9 (four of eight cells, four of five), a pattern of diamonds. A rule
//! of the whole grid: JSON `"rules": ["argyle"]`. Its lines are groups of
//! distinct digits, not houses, and f-puzzles has no form for them.

use super::util::each_grid;
use super::{Candidates, Glyph, Instance, Kind};
use crate::Puzzle;

/// The argyle rule.
pub struct Argyle;

/// Each diagonal: its first cell (row, column), 0-based, its step in
/// columns (rows always step down) and its length.
const LINES: [((usize, usize), isize, usize); 8] = [
    ((0, 1), 1, 8),
    ((1, 0), 1, 8),
    ((0, 7), -1, 8),
    ((1, 8), -1, 8),
    ((0, 4), -1, 5),
    ((0, 4), 1, 5),
    ((4, 0), 1, 5),
    ((4, 8), -1, 5),
];

impl Argyle {
    /// The eight diagonals of the grid at (top, left), canvas cells in order.
    fn lines(puzzle: &Puzzle, top: usize, left: usize) -> Vec<Vec<u16>> {
        let side = puzzle.side();
        LINES
            .iter()
            .map(|&((r0, c0), dc, len)| {
                (0..len)
                    .map(|k| {
                        let c = (c0 as isize + dc * k as isize) as usize;
                        ((top + r0 + k) * side + left + c) as u16
                    })
                    .collect()
            })
            .collect()
    }
}

impl Kind for Argyle {
    fn name(&self) -> &'static str {
        "argyle"
    }

    fn title(&self) -> &'static str {
        "Argyle"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "Digits do not repeat along any of the eight marked diagonals.".into()
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("argyle diagonal from {first}")
    }

    fn global(&self) -> bool {
        true
    }

    fn pairs_only(&self) -> bool {
        true
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        if !(it.parts.is_empty() && it.value.is_none()) {
            return Err("argyle is a rule of the whole grid, it takes no cells".into());
        }
        match puzzle.size() {
            9 => Ok(()),
            _ => Err("9x9 grids".into()),
        }
    }

    fn distinct(&self, puzzle: &Puzzle, _it: &Instance) -> Vec<Vec<u16>> {
        each_grid(puzzle, |t, l| Argyle::lines(puzzle, t, l))
    }

    fn holds(&self, puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        self.distinct(puzzle, it).iter().all(|line| {
            let mut seen = 0u32;
            line.iter().all(|&c| {
                let bit = 1u32 << grid[usize::from(c)];
                let new = seen & bit == 0;
                seen |= bit;
                new
            })
        })
    }

    /// Nothing beyond its lines' distinct digits.
    fn narrow(&self, _it: &Instance, _n: usize, _board: &mut dyn Candidates) -> bool {
        true
    }

    fn glyphs(&self, puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        self.distinct(puzzle, it)
            .into_iter()
            .map(|cells| Glyph::Path { cells, width: 0.08, gray: 0.55, arrowhead: false, from_edge: 0.0 })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight lines, written out here by their end cells.
    #[test]
    fn eight_diagonals_of_eight_and_five_cells() {
        let p = Puzzle::blank(9).unwrap();
        let ends: Vec<(String, String, usize)> = Argyle::lines(&p, 0, 0)
            .iter()
            .map(|l| (p.cell_name(usize::from(l[0])), p.cell_name(usize::from(*l.last().unwrap())), l.len()))
            .collect();
        let expected = [
            ("r1c2", "r8c9", 8),
            ("r2c1", "r9c8", 8),
            ("r1c8", "r8c1", 8),
            ("r2c9", "r9c2", 8),
            ("r1c5", "r5c1", 5),
            ("r1c5", "r5c9", 5),
            ("r5c1", "r9c5", 5),
            ("r5c9", "r9c5", 5),
        ];
        let expected: Vec<(String, String, usize)> =
            expected.iter().map(|&(a, b, n)| (a.to_string(), b.to_string(), n)).collect();
        assert_eq!(ends, expected);
        assert!(Argyle.check(&Puzzle::blank(6).unwrap(), &Instance::default()).is_err());
    }
}
