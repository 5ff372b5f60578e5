//! Minimum and maximum cells: a marked cell's digit is smaller (minimum)
//! or greater (maximum) than the digit of each of its orthogonal
//! neighbours. Two parts: the marked cell, then its neighbours on the grid
//! (they follow from the shape, [`Kind::settle`]; the text forms name the
//! cell alone). JSON `{"kind":"minimum","cell":"r1c1"}`; f-puzzles
//! `minimum` and `maximum` entries `{"cell":"R1C1"}` ("the cell is the
//! minimum of all surrounding cells", as f-puzzles' own JSON typing in a
//! public puzzle tool comments the fields).

use rand::RngCore;
use serde_json::Value;

use super::util::{
    one_cell_from_fpuzzles, one_cell_from_json, one_cell_to_fpuzzles, one_cell_to_json, used_cells,
};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// Cells smaller (or greater) than each of their neighbours.
pub struct Extreme {
    greatest: bool,
}

/// Cells smaller than each orthogonal neighbour.
pub static MINIMUM: Extreme = Extreme { greatest: false };

/// Cells greater than each orthogonal neighbour.
pub static MAXIMUM: Extreme = Extreme { greatest: true };

/// The orthogonal neighbours of `cell` on `puzzle`'s canvas, in reading
/// order.
fn neighbours(puzzle: &Puzzle, cell: usize) -> Vec<u16> {
    let side = puzzle.side();
    let (r, c) = (cell / side, cell % side);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - side);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < side {
        out.push(cell + 1);
    }
    if r + 1 < side {
        out.push(cell + side);
    }
    out.into_iter().filter(|&b| puzzle.is_cell(b)).map(|b| b as u16).collect()
}

impl Extreme {
    /// Whether digit `a` of the marked cell and `b` of a neighbour keep the
    /// rule.
    fn keeps(&self, a: u8, b: u8) -> bool {
        match self.greatest {
            true => a > b,
            false => a < b,
        }
    }
}

impl Kind for Extreme {
    fn name(&self) -> &'static str {
        match self.greatest {
            true => "maximum",
            false => "minimum",
        }
    }

    fn aliases(&self) -> &'static [&'static str] {
        match self.greatest {
            true => &["max", "maxima"],
            false => &["min", "minima"],
        }
    }

    fn title(&self) -> &'static str {
        match self.greatest {
            true => "Maximum",
            false => "Minimum",
        }
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        match self.greatest {
            true => "A cell with chevrons pointing out of it holds a digit greater than each of its \
                     orthogonal neighbours."
                .into(),
            false => "A cell with chevrons pointing into it holds a digit smaller than each of its \
                      orthogonal neighbours."
                .into(),
        }
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("{} cell {first}", self.name())
    }

    /// A cell alone becomes the cell and its neighbours.
    fn settle(&self, puzzle: &Puzzle, it: Instance) -> Instance {
        match &it.parts[..] {
            [cell] if cell.len() == 1 && puzzle.is_cell(usize::from(cell[0])) => {
                let cell = cell[0];
                Instance { parts: vec![vec![cell], neighbours(puzzle, usize::from(cell))], value: it.value }
            }
            _ => it,
        }
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        if let Some(v) = it.value {
            return Err(format!("a {} cell has no number, not {v}", self.name()));
        }
        match &it.parts[..] {
            [cell, around] if cell.len() == 1 && puzzle.is_cell(usize::from(cell[0])) => {
                if around.is_empty() {
                    return Err(format!("a {} cell needs a neighbour on the grid", self.name()));
                }
                if *around != neighbours(puzzle, usize::from(cell[0])) {
                    return Err(format!("a {} cell's second part is its neighbours", self.name()));
                }
                Ok(())
            }
            _ => Err(format!("{}: a mark is one cell", self.name())),
        }
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        let own = grid[usize::from(it.parts[0][0])];
        it.parts[1].iter().all(|&b| self.keeps(own, grid[usize::from(b)]))
    }

    /// The marked cell and each neighbour: the mark says no more than that
    /// each pair keeps the order (the neighbours need nothing of each
    /// other), so an engine may keep it as relations of two cells.
    fn pairs(&self, it: &Instance, out: &mut Vec<(u16, u16, u32)>) -> bool {
        match &it.parts[..] {
            [cell, around] if cell.len() == 1 => out.extend(around.iter().map(|&b| (cell[0], b, 0))),
            _ => return false,
        }
        true
    }

    fn pair_allows(&self, _tag: u32, x: u32, y: u32) -> bool {
        match self.greatest {
            true => x > y,
            false => x < y,
        }
    }

    /// The marked cell keeps the digits beyond (below, for a minimum) what
    /// every neighbour can still hold; each neighbour, the digits beyond
    /// the marked cell's smallest (largest). Together exact: a digit kept
    /// has a partner in each cell, and the neighbours need nothing of each
    /// other.
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let (Some(&cell), Some(around)) = (it.parts.first().and_then(|p| p.first()), it.parts.get(1)) else {
            return true;
        };
        if around.is_empty() {
            return true;
        }
        // Masks of the digits above (below) digit d: bit d-1 is d.
        let above = |d: u32| full & !((1u32 << d) - 1);
        let below = |d: u32| (1u32 << (d - 1)) - 1;
        let own = board.get(cell) & full;
        if own == 0 {
            return false;
        }
        // For a minimum: the cell stays below the smallest of the
        // neighbours' largest digits, then each neighbour above the cell's
        // smallest digit left. For a maximum the other way about.
        let mut bound = if self.greatest { 0 } else { u32::MAX };
        for &b in around {
            let m = board.get(b) & full;
            if m == 0 {
                return false;
            }
            bound = match self.greatest {
                true => bound.max(m.trailing_zeros() + 1),
                false => bound.min(32 - m.leading_zeros()),
            };
        }
        let keep_own = if self.greatest { above(bound) } else { below(bound) };
        let left = own & keep_own;
        if left == 0 {
            return board.remove(cell, full);
        }
        let keep_around = match self.greatest {
            true => below(32 - left.leading_zeros()),
            false => above(left.trailing_zeros() + 1),
        };
        board.remove(cell, full & !keep_own) && around.iter().all(|&b| board.remove(b, full & !keep_around))
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

    /// A chevron inside the cell by each edge it shares with a neighbour,
    /// pointing out of the cell (maximum) or into it (minimum).
    fn glyphs(&self, puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let side = puzzle.side();
        let cell = usize::from(it.parts[0][0]);
        let (cx, cy) = ((cell % side) as f32 + 0.5, (cell / side) as f32 + 0.5);
        let (near, far, wide) = (0.3, 0.4, 0.1);
        it.parts[1]
            .iter()
            .map(|&b| {
                let b = usize::from(b);
                // The unit step towards the neighbour.
                let (dx, dy) =
                    ((b % side) as f32 - (cell % side) as f32, (b / side) as f32 - (cell / side) as f32);
                let (tip, base) = if self.greatest { (far, near) } else { (near, far) };
                let at =
                    |along: f32, across: f32| [cx + dx * along - dy * across, cy + dy * along + dx * across];
                Glyph::Stroke {
                    points: vec![at(base, -wide), at(tip, 0.0), at(base, wide)],
                    width: 0.04,
                    gray: 0.0,
                    arrowhead: false,
                }
            })
            .collect()
    }

    /// A third of the side's count of cells whose solution digit is
    /// smaller (greater) than each neighbour's, none already on a
    /// constraint, one instance a cell.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let used = used_cells(puzzle);
        let mut fits: Vec<usize> = puzzle
            .cells()
            .into_iter()
            .filter(|&c| {
                let around = neighbours(puzzle, c);
                !used[c]
                    && !around.is_empty()
                    && around.iter().all(|&b| self.keeps(solution[c], solution[usize::from(b)]))
            })
            .collect();
        let wanted = (puzzle.size() / 3).max(2).min(fits.len());
        let mut chosen: Vec<u16> = Vec::new();
        while chosen.len() < wanted {
            let k = (rng.next_u32() as usize) % fits.len();
            chosen.push(fits.swap_remove(k) as u16);
        }
        chosen.sort_unstable();
        chosen.into_iter().map(|c| self.settle(puzzle, Instance::of(vec![vec![c]]))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::narrow_matches_brute_force;
    use super::*;

    /// Narrowing keeps every digit a completion uses and refuses single
    /// digits that break the rule: the marked cell 0 and 1 to 4
    /// neighbours (cells never share a house here, so neighbours may
    /// repeat a digit).
    #[test]
    fn narrowing_matches_brute_force() {
        for kind in [&MINIMUM, &MAXIMUM] {
            let make = |len: usize, _: &mut dyn FnMut() -> u32| {
                Instance::of(vec![vec![0], (1..len as u16).collect()])
            };
            let keeps = |_: &Instance, d: &[u8]| d[1..].iter().all(|&b| kind.keeps(d[0], b));
            for n in [4, 6, 9] {
                narrow_matches_brute_force(kind, n, 2..=5, make, keeps);
            }
        }
    }

    /// A corner has two neighbours, an edge cell three, the middle four;
    /// the text forms' single cell settles to them, and a second part that
    /// is not its neighbours is refused.
    #[test]
    fn a_mark_reads_its_neighbours_from_the_grid() {
        let p = Puzzle::blank(9).unwrap();
        let settled = |c: u16| MINIMUM.settle(&p, Instance::of(vec![vec![c]]));
        assert_eq!(settled(0).parts, vec![vec![0], vec![1, 9]]);
        assert_eq!(settled(4).parts, vec![vec![4], vec![3, 5, 13]]);
        assert_eq!(settled(40).parts, vec![vec![40], vec![31, 39, 41, 49]]);
        assert!(MAXIMUM.check(&p, &settled(40)).is_ok());
        assert!(MAXIMUM.check(&p, &Instance::of(vec![vec![40], vec![31, 39, 41]])).is_err());
        assert!(MAXIMUM.check(&p, &Instance::of(vec![vec![40]])).is_err());
    }
}
