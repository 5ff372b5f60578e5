//! Helpers the kinds share.

use super::*;

/// `houses(top, left)` of every n×n grid of the puzzle (one, or each
/// of overlapping grids), laid end to end.
pub fn each_grid(puzzle: &Puzzle, houses: impl Fn(usize, usize) -> Vec<Vec<u16>>) -> Vec<Vec<u16>> {
    puzzle.grids().into_iter().flat_map(|(top, left)| houses(top, left)).collect()
}

/// Whether every house `kind` adds holds distinct digits in `grid`.
pub fn houses_hold(kind: &dyn Kind, puzzle: &Puzzle, grid: &[u8]) -> bool {
    each_grid(puzzle, |t, l| kind.houses(puzzle, t, l)).iter().all(|house| {
        let mut seen = 0u64;
        house.iter().all(|&c| {
            let bit = 1u64 << grid[usize::from(c)];
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    })
}

/// Whether two canvas cells of side `side` touch (orthogonally or
/// diagonally).
pub fn touch(side: usize, a: u16, b: u16) -> bool {
    let (a, b) = (usize::from(a), usize::from(b));
    let (ra, ca, rb, cb) = (a / side, a % side, b / side, b % side);
    a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
}

/// Checks that `cells` exist, are distinct, and each touches the next.
pub fn check_line(puzzle: &Puzzle, cells: &[u16], what: &str) -> Result<(), String> {
    for (k, &c) in cells.iter().enumerate() {
        if !puzzle.is_cell(usize::from(c)) {
            return Err(format!("{what}: position {} is not a cell", k + 1));
        }
        if cells[..k].contains(&c) {
            return Err(format!("{what}: {} is named twice", puzzle.cell_name(usize::from(c))));
        }
        if k > 0 && !touch(puzzle.side(), cells[k - 1], c) {
            return Err(format!(
                "{what}: {} does not touch {}",
                puzzle.cell_name(usize::from(cells[k - 1])),
                puzzle.cell_name(usize::from(c))
            ));
        }
    }
    Ok(())
}

/// Reads a JSON array of cell names.
pub fn json_cells(value: Option<&Value>, field: &str, cell: ReadName<'_>) -> Result<Vec<u16>, String> {
    let list = value.and_then(Value::as_array).ok_or_else(|| format!("expected \"{field}\": [cells]"))?;
    list.iter()
        .map(|v| {
            let name = v.as_str().ok_or_else(|| format!("{field}: {v} is not a cell name"))?;
            cell(name).map_err(|e| format!("{field}: {e}"))
        })
        .collect()
}

/// Writes cells as a JSON array of names.
pub fn names(cells: &[u16], name: WriteName<'_>) -> Value {
    Value::Array(cells.iter().map(|&c| Value::String(name(c))).collect())
}

/// Reads an f-puzzles array of `R1C1` names.
pub fn fp_cells(value: &Value, cell: ReadFpCell<'_>) -> Result<Vec<u16>, String> {
    value.as_array().ok_or_else(|| format!("{value} is not a list of cells"))?.iter().map(cell).collect()
}

/// The lowest and highest digit of a mask (1-based); (0, 0) when empty.
pub fn bounds(mask: u32) -> (u32, u32) {
    if mask == 0 {
        (0, 0)
    } else {
        (mask.trailing_zeros() + 1, 32 - mask.leading_zeros())
    }
}

/// The digits 1..=d as a mask.
pub fn up_to(d: u32) -> u32 {
    if d >= 32 {
        u32::MAX
    } else {
        (1u32 << d) - 1
    }
}

/// One side of equal sums: its cells, summed, or read as a number (most
/// significant digit first: an arrow's two-cell circle).
#[derive(Debug, Clone, Copy)]
pub struct Side<'a> {
    pub cells: &'a [u16],
    pub as_number: bool,
}

impl<'a> Side<'a> {
    /// The cells, summed.
    pub fn sum(cells: &'a [u16]) -> Self {
        Side { cells, as_number: false }
    }

    /// Each cell and its weight in the side's value.
    fn weighted(self) -> impl Iterator<Item = (u16, u32)> + 'a {
        let k = self.cells.len() as u32;
        let as_number = self.as_number;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, &c)| (c, if as_number { 10u32.pow(k - 1 - i as u32) } else { 1 }))
    }

    /// The least and the greatest value its cells' candidates allow.
    fn range(self, full: u32, board: &dyn Candidates) -> (u32, u32) {
        self.weighted().fold((0, 0), |(low, high), (c, w)| {
            let (lo, hi) = bounds(board.get(c) & full);
            (low + lo * w, high + hi * w)
        })
    }
}

/// Sides that must have equal values (an arrow's circle and lines, a
/// region-sum line's segments, a double arrow's ends and middle). Where
/// no side can reach 128 (sides of up to 16 cells), exactly: each cell
/// keeps the digits that reach, with some digits of the rest of its side,
/// a value every side reaches (arrows: 24 % fewer nodes than by the
/// bounds). Else by the bounds: the common value lies within every side's
/// bounds; each cell keeps the digits that reach a value in there with the
/// rest of its side. No allocation either way.
pub fn narrow_equal_sums(sides: &[Side<'_>], n: usize, board: &mut dyn Candidates) -> bool {
    let full = up_to(n as u32);
    // The largest value a side could take, whatever its candidates.
    let most = sides
        .iter()
        .map(|&s| s.weighted().fold(0u32, |most, (_, w)| most.saturating_add(w.saturating_mul(n as u32))))
        .max()
        .unwrap_or(0);
    let short = sides.iter().all(|s| s.cells.len() <= EXACT_CELLS);
    if most < 64 && short {
        return narrow_equal_sums_exactly::<u64>(sides, full, board);
    }
    if most < 128 && short {
        return narrow_equal_sums_exactly::<u128>(sides, full, board);
    }
    let (mut low, mut high) = (0, u32::MAX);
    for &side in sides {
        let (lo, hi) = side.range(full, board);
        (low, high) = (low.max(lo), high.min(hi));
    }
    if low > high {
        return false;
    }
    // Keep digit x in cell c (weight w) when some value in low..=high
    // is reached with the rest of its side.
    for &side in sides {
        let (s_low, s_high) = side.range(full, board);
        for (c, w) in side.weighted() {
            let (lo, hi) = bounds(board.get(c) & full);
            let (rest_low, rest_high) = (s_low - lo * w, s_high - hi * w);
            let min = low.saturating_sub(rest_high).div_ceil(w);
            let max = high.saturating_sub(rest_low) / w;
            if !board.remove(c, up_to(min.saturating_sub(1)) | (full & !up_to(max))) {
                return false;
            }
        }
    }
    true
}

/// The most cells a side of [`narrow_equal_sums_exactly`] has (a longer
/// one goes by the bounds).
const EXACT_CELLS: usize = 16;

/// A set of values below its width, bit `v` for value `v`.
trait Values:
    Copy
    + Eq
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shl<u32, Output = Self>
{
    const ZERO: Self;
    /// The value 0 alone.
    const ONE: Self;
}

impl Values for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
}

impl Values for u128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
}

/// [`narrow_equal_sums`] where every side's value is below the width of
/// `V` (64 or 128 bits): each side's reachable values as a set (a cell's
/// digits shift the rest's), so a cell keeps exactly the digits that
/// reach, with the rest of its side, a value every side reaches. (A cell
/// on two sides, or twice on one, is taken as two: still sound.)
fn narrow_equal_sums_exactly<V: Values>(sides: &[Side<'_>], full: u32, board: &mut dyn Candidates) -> bool {
    // The values a side's cells (their digits and weights) reach, without
    // cell `skip` (if any).
    let reach = |digits: &[u32], weights: &[u32], skip: usize| {
        let mut values = V::ONE;
        for (i, (&digits, &w)) in digits.iter().zip(weights).enumerate() {
            if i == skip {
                continue;
            }
            let (mut digits, mut next) = (digits, V::ZERO);
            while digits != 0 {
                next = next | values << ((digits.trailing_zeros() + 1) * w);
                digits &= digits - 1;
            }
            values = next;
        }
        values
    };
    // A side's cells' digits and weights, read once.
    let (mut digits, mut weights) = ([0u32; EXACT_CELLS], [0u32; EXACT_CELLS]);
    let read = |side: Side<'_>, board: &dyn Candidates, digits: &mut [u32], weights: &mut [u32]| {
        for (i, (c, w)) in side.weighted().enumerate() {
            (digits[i], weights[i]) = (board.get(c) & full, w);
        }
    };
    let mut common = !V::ZERO;
    for &side in sides {
        read(side, board, &mut digits, &mut weights);
        let k = side.cells.len();
        common = common & reach(&digits[..k], &weights[..k], usize::MAX);
    }
    if common == V::ZERO {
        return false;
    }
    // (A cell's narrowing keeps every value of `common` its side reaches,
    // so what the earlier cells keep changes no later cell's.)
    for &side in sides {
        read(side, board, &mut digits, &mut weights);
        let k = side.cells.len();
        for (i, &c) in side.cells.iter().enumerate() {
            let rest = reach(&digits[..k], &weights[..k], i);
            let (mut left, mut keep) = (digits[i], 0u32);
            while left != 0 {
                let x = left.trailing_zeros();
                left &= left - 1;
                if (rest << ((x + 1) * weights[i])) & common != V::ZERO {
                    keep |= 1 << x;
                }
            }
            if keep != digits[i] && !board.remove(c, full & !keep) {
                return false;
            }
        }
    }
    true
}

/// The cells a random walk may step to from `at`: orthogonal
/// neighbours on the puzzle not yet `used` (canvas-indexed).
pub fn steps(puzzle: &Puzzle, at: u16, used: &[bool]) -> Vec<u16> {
    moves(puzzle, at, used, &[(-1, 0), (0, -1), (0, 1), (1, 0)])
}

/// As [`steps`], diagonal neighbours too (a king's move).
pub fn king_steps(puzzle: &Puzzle, at: u16, used: &[bool]) -> Vec<u16> {
    let king = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
    moves(puzzle, at, used, &king)
}

/// The cells `deltas` away from `at`, on the puzzle, not yet `used`.
fn moves(puzzle: &Puzzle, at: u16, used: &[bool], deltas: &[(isize, isize)]) -> Vec<u16> {
    let side = puzzle.side() as isize;
    let (r, c) = (at as isize / side, at as isize % side);
    let mut out = Vec::with_capacity(deltas.len());
    for &(dr, dc) in deltas {
        let (nr, nc) = (r + dr, c + dc);
        if (0..side).contains(&nr) && (0..side).contains(&nc) {
            let i = (nr * side + nc) as usize;
            if puzzle.is_cell(i) && !used[i] {
                out.push(i as u16);
            }
        }
    }
    out
}

/// Canvas cells already on a constraint of the puzzle (clues outside
/// the grid leave theirs free).
pub fn used_cells(puzzle: &Puzzle) -> Vec<bool> {
    let mut used = vec![false; puzzle.canvas_len()];
    let drawn = puzzle.constraints().iter().filter(|c| !c.kind().outside());
    for c in drawn.flat_map(Constraint::cells) {
        used[usize::from(c)] = true;
    }
    used
}

/// Shuffles `items` in place (Fisher-Yates) with `rng`.
pub fn shuffle<T>(items: &mut [T], rng: &mut dyn RngCore) {
    for i in (1..items.len()).rev() {
        items.swap(i, (rng.next_u32() as usize) % (i + 1));
    }
}

/// A random element of a non-empty slice.
pub fn pick<T: Copy>(items: &[T], rng: &mut dyn RngCore) -> T {
    items[(rng.next_u32() as usize) % items.len()]
}

/// Lines drawn as random walks over cells no other constraint uses
/// (the sprinkle of a kind of line): at most `wanted` lines in `tries`
/// walks, each from a random free cell, `length(rng)` cells long at
/// most, each step to a cell of `around(at, used)` that `fits(line,
/// cell, length)`; a walk is kept when it has 3 cells or more and `keep(line)`,
/// else its cells are freed.
pub fn walk_lines(
    puzzle: &Puzzle,
    rng: &mut dyn RngCore,
    (wanted, tries): (usize, usize),
    length: impl Fn(&mut dyn RngCore) -> usize,
    around: impl Fn(u16, &[bool]) -> Vec<u16>,
    fits: impl Fn(&[u16], u16, usize) -> bool,
    keep: impl Fn(&[u16]) -> bool,
) -> Vec<Instance> {
    let mut used = used_cells(puzzle);
    let cells = puzzle.cells();
    let mut out = Vec::new();
    for _ in 0..tries {
        if out.len() == wanted {
            break;
        }
        let start = pick(&cells, rng) as u16;
        if used[usize::from(start)] {
            continue;
        }
        let length = length(rng);
        let mut line = vec![start];
        used[usize::from(start)] = true;
        while line.len() < length {
            let at = *line.last().expect("a first cell");
            let next: Vec<u16> = around(at, &used).into_iter().filter(|&c| fits(&line, c, length)).collect();
            if next.is_empty() {
                break;
            }
            let c = pick(&next, rng);
            used[usize::from(c)] = true;
            line.push(c);
        }
        if line.len() >= 3 && keep(&line) {
            out.push(Instance::of(vec![line]));
        } else {
            for c in line {
                used[usize::from(c)] = false;
            }
        }
    }
    out
}

/// The JSON form of an instance of one marked cell (odd, even, minimum,
/// maximum): `{"cell": "r1c1"}`.
pub fn one_cell_from_json(object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
    let name = object.get("cell").and_then(Value::as_str).ok_or("expected \"cell\": a cell name")?;
    Ok(Instance::of(vec![vec![cell(name).map_err(|e| format!("cell: {e}"))?]]))
}

/// The fields of [`one_cell_from_json`]'s form.
pub fn one_cell_to_json(it: &Instance, name: WriteName<'_>) -> Fields {
    vec![("cell", Value::String(name(it.parts[0][0])))]
}

/// An f-puzzles entry of one marked cell, `{"cell": "R1C1"}`.
pub fn one_cell_from_fpuzzles(entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
    let at = entry.get("cell").ok_or("expected \"cell\"")?;
    Ok(vec![Instance::of(vec![vec![cell(at)?]])])
}

/// The f-puzzles entry of [`one_cell_from_fpuzzles`]'s form.
pub fn one_cell_to_fpuzzles(it: &Instance, name: WriteName<'_>) -> Value {
    serde_json::json!({ "cell": name(it.parts[0][0]) })
}

#[cfg(test)]
mod tests {
    use super::{narrow_equal_sums, Side};
    use crate::constraint::testing::Board;

    /// Equal sums whose values stay below 128 keep exactly the digits some
    /// assignment of every side's cells to one common value uses (brute
    /// force over all of them), and refuse the boards none keeps: random
    /// sides of one to three cells, a circle read as a two-digit number
    /// now and then (values to 99, the 128-bit sets), two or three sides.
    #[test]
    fn equal_sums_below_128_keep_exactly_the_supported_digits() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut refused, mut narrowed, mut wide) = (0, 0, 0);
        for trial in 0..400 {
            let sides = 2 + (next() % 2) as usize;
            let lens: Vec<usize> = (0..sides).map(|_| 1 + (next() % 3) as usize).collect();
            let total: usize = lens.iter().sum();
            let cells: Vec<u16> = (0..total as u16).collect();
            let two_digit = lens[0] == 2 && next() % 2 == 0;
            let mut at = 0;
            let parts: Vec<Side<'_>> = lens
                .iter()
                .enumerate()
                .map(|(i, &len)| {
                    let side = Side { cells: &cells[at..at + len], as_number: i == 0 && two_digit };
                    at += len;
                    side
                })
                .collect();
            let cands: Vec<u32> = (0..total).map(|_| (next() as u32 & 0x1ff) | 1 << (next() % 9)).collect();
            let value = |side: &Side<'_>, d: &[u8]| -> u32 {
                let digits = side.cells.iter().map(|&c| u32::from(d[usize::from(c)]));
                match side.as_number {
                    true => digits.fold(0, |v, x| 10 * v + x),
                    false => digits.sum(),
                }
            };
            // Every assignment of the cells' candidates, as a count in
            // mixed radix.
            let options: Vec<Vec<u8>> =
                cands.iter().map(|&m| (1..=9u8).filter(|&d| m >> (d - 1) & 1 == 1).collect()).collect();
            let mut support = vec![0u32; total];
            let mut pick = vec![0usize; total];
            loop {
                let digits: Vec<u8> = pick.iter().zip(&options).map(|(&i, o)| o[i]).collect();
                if parts.iter().all(|s| value(s, &digits) == value(&parts[0], &digits)) {
                    for (s, &d) in support.iter_mut().zip(&digits) {
                        *s |= 1 << (d - 1);
                    }
                }
                let Some(k) = (0..total).find(|&k| pick[k] + 1 < options[k].len()) else { break };
                pick[k] += 1;
                pick[..k].iter_mut().for_each(|i| *i = 0);
            }
            let mut board = Board(cands.clone());
            let ok = narrow_equal_sums(&parts, 9, &mut board);
            let possible = support.iter().all(|&s| s != 0);
            assert_eq!(ok, possible, "trial {trial}: {lens:?} {two_digit} {cands:?}");
            if possible {
                assert_eq!(board.0, support, "trial {trial}: {lens:?} {two_digit} {cands:?}");
            }
            refused += usize::from(!possible);
            narrowed += usize::from(possible && support != cands);
            wide += usize::from(two_digit);
        }
        assert!(refused > 20 && narrowed > 60 && wide > 40, "{refused} {narrowed} {wide}");
    }
}
