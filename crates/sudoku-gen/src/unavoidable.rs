//! Small unavoidable sets of a solution grid, looked up by cell.
//!
//! An unavoidable set is a set of cells whose digits can be rearranged into
//! another valid grid, the other cells unchanged: a puzzle with a unique
//! solution has a clue in each of them. The generator uses three families,
//! all cheap to find, to reject a removal that would take the last clue
//! of a set without a search:
//!
//! - two digits: for digits `a` and `b`, swapping them inside a connected
//!   group of the 18 cells holding them (two cells linked when they share
//!   a unit) gives another valid grid. Every row holds one `a` and one `b`,
//!   and both lie in the same group, so a group is a set of rows;
//! - two lines of a band (or stack): where two rows hold the same digits in
//!   the same columns, swapping the rows there keeps every unit valid. The
//!   smallest such column sets are the cycles of the map taking a column to
//!   the column where the other row holds the same digit;
//! - three lines of a band (or stack): two columns of a band holding the
//!   same three digits (necessarily in different stacks, and shifted by a
//!   rotation) can trade their digits, each row keeping its own.
//!
//! A cell lies in exactly one set of the first two kinds per other digit
//! and per other line of its band and of its stack: twelve in all, found by
//! table look-up rather than a list per cell. The third kind is rare (a
//! handful a grid) and is tested whole.
//!
//! ```text
//!   row r:  a . . b . . . . .      the a and b of row r, the b below a and
//!   row s:  b . . . . . a . .      the a below b link rows r, s, ... into
//!                                  one group
//! ```

use sudoku_core::{Cell, BOX};

/// The two-digit, two-line and three-line unavoidable sets of one solution
/// grid. The first two families are kept as row or column masks, turned
/// into cells only when looked up.
pub(crate) struct UnavoidableSets {
    /// The solution's digits, 0-8.
    digits: [u8; 81],
    /// `pair_cells[PAIR[a][b]]`: the 18 cells of digits `a` and `b`.
    pair_cells: [u128; 36],
    /// `pair_rows[PAIR[a][b]][row]`: the rows (a 9-bit mask) of the
    /// two-digit set of `a` and `b` that holds their cells in `row`.
    pair_rows: [[u16; 9]; 36],
    /// `row_sets[row][slot][col]`: the columns of the two-row set of `row`
    /// and the other row `slot` (0 or 1, in order) of its band that holds
    /// column `col`.
    row_sets: [[[u16; 9]; 2]; 9],
    /// The same for columns: `col_sets[col][slot][row]` are rows.
    col_sets: [[[u16; 9]; 2]; 9],
    /// `shifts[..n_shifts]`: the three-row sets (and three-column sets),
    /// few enough to test all of them.
    shifts: [u128; MAX_SHIFTS],
    n_shifts: usize,
}

/// A band has at most nine pairs of columns holding the same three digits
/// (three triples of columns), and there are three bands and three stacks.
const MAX_SHIFTS: usize = 54;

impl UnavoidableSets {
    /// Tables to be filled by [`UnavoidableSets::find`].
    pub(crate) fn new() -> UnavoidableSets {
        UnavoidableSets {
            digits: [0; 81],
            pair_cells: [0; 36],
            pair_rows: [[0; 9]; 36],
            row_sets: [[[0; 9]; 2]; 9],
            col_sets: [[[0; 9]; 2]; 9],
            shifts: [0; MAX_SHIFTS],
            n_shifts: 0,
        }
    }

    /// Replaces the sets with those of `solution`, a complete valid grid
    /// given as digits 1-9. Every table entry is overwritten.
    pub(crate) fn find(&mut self, solution: &[u8; 81]) {
        // Where each digit sits: its column in each row, its row in each
        // column and in each box; and its cells.
        let mut col_in_row = [[0u8; 9]; 9];
        let mut row_in_col = [[0u8; 9]; 9];
        let mut row_in_box = [[0u8; 9]; 9];
        let mut digit_cells = [0u128; 9];
        for (cell, &digit) in Cell::ALL.iter().zip(solution) {
            let d = usize::from(digit.wrapping_sub(1)).min(8);
            self.digits[*cell] = d as u8;
            let (r, c) = (cell.row(), cell.col());
            col_in_row[d][r] = c as u8;
            row_in_col[d][c] = r as u8;
            row_in_box[d][cell.box_idx()] = r as u8;
            digit_cells[d] |= CELL_BIT[*cell];
        }
        for a in 0..9 {
            for b in a + 1..9 {
                // Row r's `a` shares its column with the `b` of row
                // `by_col[r]` and its box with the `b` of row `by_box[r]`.
                // Both maps are permutations, so following them forwards
                // reaches every row linked to r either way.
                let mut linked = [0u16; 9];
                for (r, linked) in linked.iter_mut().enumerate() {
                    let ca = usize::from(col_in_row[a][r]);
                    *linked = 1 << row_in_col[b][ca] | 1 << row_in_box[b][usize::from(BOX[r * 9 + ca])];
                }
                let pair_idx = usize::from(PAIR[a][b]);
                self.pair_cells[pair_idx] = digit_cells[a] | digit_cells[b];
                let groups = &mut self.pair_rows[pair_idx];
                let mut rest: u16 = 0x1ff;
                while rest != 0 {
                    let mut group = rest & rest.wrapping_neg();
                    let mut frontier = group;
                    while frontier != 0 {
                        let r = frontier.trailing_zeros() as usize;
                        frontier &= frontier - 1;
                        let new = linked[r] & !group;
                        group |= new;
                        frontier |= new;
                    }
                    rest &= !group;
                    let mut rows = group;
                    while rows != 0 {
                        groups[rows.trailing_zeros() as usize] = group;
                        rows &= rows - 1;
                    }
                }
            }
        }
        let digits = &self.digits;
        for band in 0..3 {
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                let (r1, r2) = (band * 3 + i, band * 3 + j);
                let (slot1, slot2) = (j - 1, i);
                // Row sets: column k of r1 maps to where r2 holds its digit.
                line_cycles(
                    |k| usize::from(col_in_row[usize::from(digits[r1 * 9 + k])][r2]),
                    |k, cols| {
                        self.row_sets[r1][slot1][k] = cols;
                        self.row_sets[r2][slot2][k] = cols;
                    },
                );
                // Column sets: row k of column c1 maps to where c2 holds it.
                let (c1, c2) = (r1, r2);
                line_cycles(
                    |k| usize::from(row_in_col[usize::from(digits[k * 9 + c1])][c2]),
                    |k, rows| {
                        self.col_sets[c1][slot1][k] = rows;
                        self.col_sets[c2][slot2][k] = rows;
                    },
                );
            }
        }
        self.n_shifts = 0;
        for transpose in [false, true] {
            let at = |line: usize, k: usize| if transpose { k * 9 + line } else { line * 9 + k };
            for band in 0..3 {
                // The digits of each column of the band, as a 9-bit mask.
                let mut held = [0u16; 9];
                for (k, held) in held.iter_mut().enumerate() {
                    for line in band * 3..band * 3 + 3 {
                        *held |= 1 << digits[at(line, k)];
                    }
                }
                for k1 in 0..9 {
                    for k2 in k1 + 1..9 {
                        if held[k1] == held[k2] && self.n_shifts < MAX_SHIFTS {
                            let lines = band * 3..band * 3 + 3;
                            self.shifts[self.n_shifts] = lines
                                .fold(0, |set, line| set | CELL_BIT[at(line, k1)] | CELL_BIT[at(line, k2)]);
                            self.n_shifts += 1;
                        }
                    }
                }
            }
        }
    }

    /// Whether removing the cells of `orbit`, leaving the cells of `after`,
    /// takes the last clue of a set. Such a set holds a cell of the orbit.
    pub(crate) fn any_emptied(&self, orbit: &[Cell], after: u128) -> bool {
        orbit.iter().any(|&cell| self.any_emptied_at(cell, after))
            || self.shifts[..self.n_shifts].iter().any(|&set| set & after == 0)
    }

    /// Whether a set that holds `cell` has no cell in `after`: one set per
    /// other digit, one per other line of its band and of its stack.
    fn any_emptied_at(&self, cell: Cell, after: u128) -> bool {
        let (r, c) = (cell.row(), cell.col());
        for &pair_idx in &PAIR[usize::from(self.digits[cell])] {
            let pair_idx = usize::from(pair_idx);
            if pair_idx < 36
                && self.pair_cells[pair_idx] & ROWS[usize::from(self.pair_rows[pair_idx][r])] & after == 0
            {
                return true;
            }
        }
        (0..2).any(|slot| {
            ROW_PAIRS[r][slot] & COLS[usize::from(self.row_sets[r][slot][c])] & after == 0
                || COL_PAIRS[c][slot] & ROWS[usize::from(self.col_sets[c][slot][r])] & after == 0
        })
    }
}

/// Walks the cycles of the permutation `next` of 0-8, calling
/// `store(k, members)` with each member `k` of a cycle and the cycle's
/// members as a 9-bit mask.
fn line_cycles(next: impl Fn(usize) -> usize, mut store: impl FnMut(usize, u16)) {
    let mut seen = 0u16;
    for start in 0..9 {
        if seen & 1 << start != 0 {
            continue;
        }
        let mut cycle = 0u16;
        let mut k = start;
        while cycle & 1 << k == 0 {
            cycle |= 1 << k;
            k = next(k);
        }
        seen |= cycle;
        let mut members = cycle;
        while members != 0 {
            store(members.trailing_zeros() as usize, cycle);
            members &= members - 1;
        }
    }
}

/// `1 << cell` for each cell: a load is cheaper than a 128-bit shift.
static CELL_BIT: [u128; 81] = {
    let mut bits = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        bits[cell] = 1 << cell;
        cell += 1;
    }
    bits
};

/// `ROWS[mask]`: the cells of the rows in the 9-bit `mask`.
static ROWS: [u128; 512] = lines_table(false);

/// `COLS[mask]`: the cells of the columns in the 9-bit `mask`.
static COLS: [u128; 512] = lines_table(true);

/// For each 9-bit mask of rows (or of columns, when `columns`): their cells.
const fn lines_table(columns: bool) -> [u128; 512] {
    let mut table = [0u128; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut cell_idx = 0;
        while cell_idx < 81 {
            let cell = Cell::ALL[cell_idx];
            let line = if columns { cell.col() } else { cell.row() };
            if mask & 1 << line != 0 {
                table[mask] |= 1 << cell_idx;
            }
            cell_idx += 1;
        }
        mask += 1;
    }
    table
}

/// For each line (row or column, by `lines`): the cells of the line and of
/// the other line `slot` (0 or 1, in order) of its band or stack.
const fn line_pairs(lines: &[u128; 512]) -> [[u128; 2]; 9] {
    let mut table = [[0u128; 2]; 9];
    let mut l = 0;
    while l < 9 {
        let (first, i) = (l / 3 * 3, l % 3);
        let others = [[1, 2], [0, 2], [0, 1]][i];
        let mut slot = 0;
        while slot < 2 {
            table[l][slot] = lines[1 << l | 1 << (first + others[slot])];
            slot += 1;
        }
        l += 1;
    }
    table
}

/// `ROW_PAIRS[row][slot]`: the cells of `row` and of the other row `slot`
/// (0 or 1, in order) of its band.
static ROW_PAIRS: [[u128; 2]; 9] = line_pairs(&ROWS);

/// `COL_PAIRS[col][slot]`: the same for columns.
static COL_PAIRS: [[u128; 2]; 9] = line_pairs(&COLS);

/// `PAIR[a][b]`: the index (0-35) of the pair of digits `a` and `b` (0-8),
/// the same for both orders; 36 on the diagonal, which has no pair.
static PAIR: [[u8; 9]; 9] = {
    let mut table = [[36u8; 9]; 9];
    let mut idx = 0;
    let mut a = 0;
    while a < 9 {
        let mut b = a + 1;
        while b < 9 {
            table[a][b] = idx;
            table[b][a] = idx;
            idx += 1;
            b += 1;
        }
        a += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle_rng;
    use crate::random_grid::random_grid;

    impl UnavoidableSets {
        /// The sets that hold `cell`, as cells: one per other digit, one per
        /// other line of its band and of its stack.
        pub(super) fn sets_of(&self, cell: Cell) -> impl Iterator<Item = u128> + '_ {
            let (r, c) = (cell.row(), cell.col());
            let pairs = PAIR[usize::from(self.digits[cell])].iter().filter(|&&pair_idx| pair_idx < 36);
            let pair_sets = pairs.map(move |&pair_idx| {
                let pair_idx = usize::from(pair_idx);
                self.pair_cells[pair_idx] & ROWS[usize::from(self.pair_rows[pair_idx][r])]
            });
            let line_sets = (0..2).flat_map(move |slot| {
                [
                    ROW_PAIRS[r][slot] & COLS[usize::from(self.row_sets[r][slot][c])],
                    COL_PAIRS[c][slot] & ROWS[usize::from(self.col_sets[c][slot][r])],
                ]
            });
            pair_sets.chain(line_sets)
        }
    }

    /// Each set of each family, as a set of cells, from `UnavoidableSets`'
    /// tables.
    fn all_sets(sets: &UnavoidableSets) -> Vec<u128> {
        let mut all: Vec<u128> = Cell::ALL.into_iter().flat_map(|cell| sets.sets_of(cell)).collect();
        all.extend(&sets.shifts[..sets.n_shifts]);
        all.sort_unstable();
        all.dedup();
        all
    }

    #[test]
    fn every_set_can_be_rearranged_into_another_valid_grid() {
        // Some other filling of the set's cells, the rest kept, is valid:
        // the core's solver finds one on the grid with the set blanked and
        // one cell of it forced off its digit.
        let mut solver = sudoku_core::Solver::new();
        for index in 0..4 {
            let grid = random_grid(&mut puzzle_rng(21, index));
            let mut sets = UnavoidableSets::new();
            sets.find(&grid.to_array());
            let all = all_sets(&sets);
            assert!(all.len() > 40, "only {} sets", all.len());
            for set in all {
                let mut blanked = grid;
                Cell::ALL
                    .into_iter()
                    .filter(|c| set & 1 << c.index() != 0)
                    .for_each(|c| blanked.set(c, None));
                let first = Cell::ALL[set.trailing_zeros() as usize];
                let excluded = sudoku_core::Candidate::new(first, grid.get(first).unwrap());
                let other = solver.solve_one_excluding(&blanked, excluded);
                assert!(other.is_some(), "set {set:#x} of {grid}");
            }
        }
    }

    #[test]
    fn two_digit_sets_hold_two_digits_and_cover_their_cells() {
        let grid = random_grid(&mut puzzle_rng(4, 4)).to_array();
        let mut sets = UnavoidableSets::new();
        sets.find(&grid);
        for a in 0..9u8 {
            for b in a + 1..9 {
                let cells_ab: u128 =
                    (0..81).filter(|&c| grid[c] == a + 1 || grid[c] == b + 1).fold(0, |m, c| m | 1 << c);
                let pair_idx = usize::from(PAIR[usize::from(a)][usize::from(b)]);
                let groups: Vec<u128> = sets.pair_rows[pair_idx]
                    .iter()
                    .map(|&rows| sets.pair_cells[pair_idx] & ROWS[usize::from(rows)])
                    .collect();
                assert_eq!(groups.iter().fold(0, |m, g| m | g), cells_ab);
                for g in groups {
                    assert_eq!(g & !cells_ab, 0);
                    assert!(g.count_ones() >= 4 && g.count_ones() % 2 == 0);
                }
            }
        }
    }
}
