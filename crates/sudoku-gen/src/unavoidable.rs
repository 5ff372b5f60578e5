//! Small unavoidable sets of a solution grid, looked up by cell.
//!
//! An unavoidable set is a set of cells whose digits can be rearranged into
//! another valid grid, the other cells unchanged: a puzzle with a unique
//! solution has a clue in each of them. The generator uses two families,
//! both cheap to find, to reject a removal that would take the last clue
//! of a set without a search:
//!
//! - two digits: for digits `a` and `b`, swapping them inside a connected
//!   group of the 18 cells holding them (two cells linked when they share
//!   a unit) gives another valid grid. Every row holds one `a` and one `b`,
//!   and both lie in the same group, so a group is a set of rows;
//! - two lines of a band (or stack): where two rows hold the same digits in
//!   the same columns, swapping the rows there keeps every unit valid. The
//!   smallest such column sets are the cycles of the map taking a column to
//!   the column where the other row holds the same digit.
//!
//! A cell lies in exactly one set of each kind per other digit and per
//! other line of its band and of its stack: twelve in all, found by table
//! look-up rather than a list per cell.
//!
//! ```text
//!   row r:  a . . b . . . . .      the a and b of row r, the b below a and
//!   row s:  b . . . . . a . .      the a below b link rows r, s, ... into
//!                                  one group
//! ```

use sudoku_core::index::BOX;

/// The two-digit and two-line unavoidable sets of one solution grid.
pub(crate) struct UnavoidableSets {
    /// The solution's digits, 0-8.
    digits: [u8; 81],
    /// `pair[PAIR[a][b]][row]`: the two-digit set of digits `a`, `b` that
    /// holds their cells in `row`.
    pair: [[u128; 9]; 36],
    /// `rows[row][slot][col]`: the two-row set of `row` and the other row
    /// `slot` (0 or 1, in order) of its band that holds column `col`.
    rows: [[[u128; 9]; 2]; 9],
    /// The same for columns: `cols[col][slot][row]`.
    cols: [[[u128; 9]; 2]; 9],
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
            pair: [[0; 9]; 36],
            rows: [[[0; 9]; 2]; 9],
            cols: [[[0; 9]; 2]; 9],
            shifts: [0; MAX_SHIFTS],
            n_shifts: 0,
        }
    }

    /// Replaces the sets with those of `solution`, a complete valid grid
    /// given as digits 1-9. Every table entry is overwritten.
    pub(crate) fn find(&mut self, solution: &[u8; 81]) {
        let mut digits = [0u8; 81];
        // Where each digit sits: its column in each row, its row in each
        // column and in each box.
        let mut col_in_row = [[0u8; 9]; 9];
        let mut row_in_col = [[0u8; 9]; 9];
        let mut row_in_box = [[0u8; 9]; 9];
        for (cell, &digit) in solution.iter().enumerate() {
            let d = usize::from(digit.wrapping_sub(1)).min(8);
            digits[cell] = d as u8;
            let (r, c) = (cell / 9, cell % 9);
            col_in_row[d][r] = c as u8;
            row_in_col[d][c] = r as u8;
            row_in_box[d][usize::from(BOX[cell])] = r as u8;
        }
        self.digits = digits;
        let sets = self;
        for a in 0..9 {
            for b in a + 1..9 {
                let mut linked = [0u16; 9];
                let mut cells = [0u128; 9];
                for r in 0..9 {
                    let (ca, cb) = (usize::from(col_in_row[a][r]), usize::from(col_in_row[b][r]));
                    let (cell_a, cell_b) = (r * 9 + ca, r * 9 + cb);
                    linked[r] = 1 << row_in_col[b][ca]
                        | 1 << row_in_box[b][usize::from(BOX[cell_a])]
                        | 1 << row_in_col[a][cb]
                        | 1 << row_in_box[a][usize::from(BOX[cell_b])];
                    cells[r] = CELL_BIT[cell_a] | CELL_BIT[cell_b];
                }
                let sets_ab = &mut sets.pair[usize::from(PAIR[a][b])];
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
                    let set = rows_of(group).fold(0, |set, r| set | cells[r]);
                    rows_of(group).for_each(|r| sets_ab[r] = set);
                }
            }
        }
        for band in 0..3 {
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                let (r1, r2) = (band * 3 + i, band * 3 + j);
                // Row sets: column k of r1 maps to where r2 holds its digit.
                let (slot1, slot2) = (j - 1, i);
                line_cycles(
                    |k| usize::from(col_in_row[usize::from(digits[r1 * 9 + k])][r2]),
                    |k| CELL_BIT[r1 * 9 + k] | CELL_BIT[r2 * 9 + k],
                    |k, set| {
                        sets.rows[r1][slot1][k] = set;
                        sets.rows[r2][slot2][k] = set;
                    },
                );
                // Column sets: row k of column c1 maps to where c2 holds it.
                let (c1, c2) = (r1, r2);
                line_cycles(
                    |k| usize::from(row_in_col[usize::from(digits[k * 9 + c1])][c2]),
                    |k| CELL_BIT[k * 9 + c1] | CELL_BIT[k * 9 + c2],
                    |k, set| {
                        sets.cols[c1][slot1][k] = set;
                        sets.cols[c2][slot2][k] = set;
                    },
                );
            }
        }
        sets.n_shifts = 0;
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
                        if held[k1] == held[k2] && sets.n_shifts < MAX_SHIFTS {
                            let lines = band * 3..band * 3 + 3;
                            sets.shifts[sets.n_shifts] = lines
                                .fold(0, |set, line| set | CELL_BIT[at(line, k1)] | CELL_BIT[at(line, k2)]);
                            sets.n_shifts += 1;
                        }
                    }
                }
            }
        }
    }

    /// Whether removing the cells of `orbit`, leaving the cells of `after`,
    /// takes the last clue of a set. Such a set holds a cell of the orbit.
    pub(crate) fn any_emptied(&self, orbit: &[u8], after: u128) -> bool {
        orbit.iter().any(|&cell| {
            let cell = usize::from(cell);
            let (r, c) = (cell / 9, cell % 9);
            let pairs = &PAIR[usize::from(self.digits[cell])];
            pairs.iter().any(|&pair_idx| pair_idx < 36 && self.pair[usize::from(pair_idx)][r] & after == 0)
                || self.rows[r].iter().any(|sets| sets[c] & after == 0)
                || self.cols[c].iter().any(|sets| sets[r] & after == 0)
        }) || self.shifts[..self.n_shifts].iter().any(|&set| set & after == 0)
    }
}

/// The rows (0-8) of the 9-bit mask `rows`.
fn rows_of(mut rows: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let r = rows.trailing_zeros() as usize;
        rows &= rows.wrapping_sub(1);
        (r < 16).then_some(r)
    })
}

/// Walks the cycles of the permutation `next` of 0-8: each cycle's set is
/// the OR of `cells(k)` over its members, stored with `store(k, set)` for
/// every member `k`.
fn line_cycles(
    next: impl Fn(usize) -> usize,
    cells: impl Fn(usize) -> u128,
    mut store: impl FnMut(usize, u128),
) {
    let mut seen = 0u16;
    for start in 0..9 {
        if seen & 1 << start != 0 {
            continue;
        }
        let mut set = 0u128;
        let mut k = start;
        while seen & 1 << k == 0 {
            seen |= 1 << k;
            set |= cells(k);
            k = next(k);
        }
        let mut k = start;
        loop {
            store(k, set);
            k = next(k);
            if k == start {
                break;
            }
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

    /// Each set of each family, as a set of cells, from `UnavoidableSets`'
    /// tables.
    fn all_sets(sets: &UnavoidableSets) -> Vec<u128> {
        let mut all: Vec<u128> = sets.pair.iter().flatten().copied().collect();
        all.extend(sets.rows.iter().flatten().flatten());
        all.extend(sets.cols.iter().flatten().flatten());
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
                (0..81).filter(|&c| set & 1 << c != 0).for_each(|c| blanked.set(c, 0));
                let first = set.trailing_zeros() as usize;
                let other = solver.solve_one_excluding(&blanked, first, grid.get(first).unwrap());
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
                let groups = &sets.pair[usize::from(PAIR[usize::from(a)][usize::from(b)])];
                assert_eq!(groups.iter().fold(0, |m, g| m | g), cells_ab);
                for g in groups {
                    assert_eq!(g & !cells_ab, 0);
                    assert!(g.count_ones() >= 4 && g.count_ones() % 2 == 0);
                }
            }
        }
    }
}
