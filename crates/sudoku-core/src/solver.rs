//! The solver: per-digit band bitmaps, propagation to a fixpoint, and a
//! depth-first search that branches on how a digit sits in a band.
//!
//! ## Representation
//!
//! A search state (`State`) holds, for each digit, the cells where that
//! digit may still go, as three 27-bit words, one per band (three rows).
//! Bit `9 * (row % 3) + col` of `cand[digit][row / 3]` stands for the cell
//! at (`row`, `col`):
//!
//! ```text
//!                 bits 0-8      bits 9-17     bits 18-26
//! cand[d][0]  =   row 0         row 1         row 2        (band 0)
//! cand[d][1]  =   row 3         row 4         row 5        (band 1)
//! cand[d][2]  =   row 6         row 7         row 8        (band 2)
//!
//! one row of 9 bits:   c0 c1 c2 | c3 c4 c5 | c6 c7 c8
//!                      box 0      box 1      box 2      (within the band)
//!                      mini-row   mini-row   mini-row
//!
//! solved[b]          the same 27-bit layout: cells whose digit is fixed
//! minirows[b][d]     9 bits, bit 3 * row + box: mini-rows still open to d
//! seen_cols[d]       27 bits, bit 9 * band + col: mini-columns open to d
//! ```
//!
//! A placed digit keeps its own bit, so a finished state has exactly one
//! digit per cell and nine bits per digit. The state is about 210 bytes and is
//! copied at each branch point.
//!
//! ## Propagation
//!
//! `State::propagate` works on (digit, band) units whose bitmap changed,
//! in rounds (the units dirty at the start of a round are all taken, so the
//! next unit never waits for the last one's result and the processor can
//! overlap them), with table-driven rules:
//! - *band rule* (`State::band_rule`): in a band, a digit occupies one
//!   mini-row (three cells of a row inside a box) in each row and each
//!   box, so the open mini-rows must contain one of six configurations (a
//!   3×3 permutation); mini-rows in none are removed. This covers hidden
//!   singles in rows and boxes and locked candidates along rows. A digit
//!   left alone in a row is placed: its cell leaves the other digits, its
//!   column leaves the other bands;
//! - *naked singles*: a cell left with one digit is placed;
//! - *stack rule* (`State::stack_rules`), once band rules and naked
//!   singles are at a fixpoint and while at least `STACK_MIN_OPEN` cells
//!   are open, on the digits whose mini-columns changed (found for all
//!   nine at once): the band rule with mini-columns in the
//!   boxes of a stack: hidden singles in columns, locked candidates along
//!   columns;
//! - *triad rule* (`State::triad_rule`), once the others are at a
//!   fixpoint, at most once a node and only while at least
//!   `TRIAD_MIN_OPEN_FIND` (`_PROVE` once a solution is found or none is expected)
//!   cells are open (late in a search it costs more than
//!   the guesses it saves): a mini-row (or mini-column) holds exactly three digits, so
//!   if only three can go there they all must, and if three must, no other
//!   can.
//!
//! A row, box, column, cell or mini-line with too few candidates is a
//! contradiction.
//!
//! ## Search
//!
//! At a fixpoint the search picks the band with the fewest open cells (then
//! the fewest configurations of its digits in all), and in it the digit
//! with the fewest configurations (at least two), and tries each
//! configuration in turn, the first one on the current state. When every digit is
//! down to one configuration per band but cells are still open, it
//! branches on a cell instead: its lowest digit, then the state without
//! it. An explicit stack of at most 27 + 81 frames (see `MAX_FRAMES`),
//! allocated once, holds the pending branches, so the search never
//! allocates and can pause between solutions, which is what [`Solutions`]
//! needs.
//!
//! ## Instruction sets
//!
//! Everything under `Search::advance` is inlined into one function, which
//! is compiled twice: for the build's baseline, and on x86_64 with AVX2,
//! BMI1/2, LZCNT and POPCNT (bit counts in one instruction, state copies
//! and nine-digit loops in 256-bit registers: 6-10% faster). The processor
//! is asked once per process; both versions make exactly the same moves.

use crate::grid::Grid;

/// What a search did: a measure of the work, and of the puzzle's difficulty
/// for a machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SearchStats {
    /// Search-tree nodes propagated: the root, and both sides of every
    /// branch point that the search reached.
    pub nodes: u64,
    /// Branch points: states where propagation stopped short of a
    /// solution, so the search chose a digit for a cell.
    pub guesses: u64,
    /// Nodes whose propagation ended in a contradiction.
    pub backtracks: u64,
}

/// The triad rule runs only while at least this many cells are open: until
/// the first solution, where a cheap dive pays, ...
const TRIAD_MIN_OPEN_FIND: u32 = 48;
/// ... and once the rest of the tree must be seen (after the first
/// solution of a count or uniqueness test, and throughout
/// `solve_one_excluding`, which expects no solution), where pruning pays:
/// about 3% faster counts on the hard sets; before the first solution it
/// would make the easy serg set 5% slower.
const TRIAD_MIN_OPEN_PROVE: u32 = 40;

/// The stack rule runs only while at least this many cells are open. With
/// fewer, the puzzle is nearly done and the rule mostly removes candidates
/// that no longer matter: on easy puzzles with many solutions (the serg
/// set) it costs a tenth of the time and saves no guess, on the hardest
/// sets it saves 0.1% of the guesses below this line. Without it a complete
/// state is still a solution: the band rule gives each row and box one
/// cell of each digit, and a placement clears its column.
const STACK_MIN_OPEN: u32 = 20;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of column 0 in a band; shift left by the column.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The union of every permutation matrix contained in a 3×3 occupancy
/// pattern (bit `3 * i + j` is row `i`, column `j`); 0 when it contains
/// none.
const fn keep_permutations(pattern: u32) -> u32 {
    const PERMS: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut kept = 0;
    let mut p = 0;
    while p < 6 {
        let m = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
        if pattern & m == m {
            kept |= m;
        }
        p += 1;
    }
    kept
}

/// For the nine cells of a row: bit `k` is set when box `k` of the row
/// holds a candidate.
const ROW_BOXES: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = ((i & 7 != 0) as u8) | ((i & 0o70 != 0) as u8) << 1 | ((i & 0o700 != 0) as u8) << 2;
        i += 1;
    }
    t
};

/// The number of bits set in a 9-bit word (the build has no `popcnt`).
const POPCOUNT_9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Band rule: the mini-rows kept, as a 9-bit set.
const BAND_KEPT: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = keep_permutations(i as u32) as u16;
        i += 1;
    }
    t
};

/// Stack rule: for the mini-column occupancy of a stack (bit
/// `3 * band + column`, column within the stack), the kept mini-columns
/// spread to the layout of the column word of [`State::stack_rules`]: bits
/// 0-2, 9-11 and 18-20 for bands 0, 1 and 2.
const STACK_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let k = keep_permutations(i as u32);
        t[i] = (k & 7) | (k & 0o70) << 6 | (k & 0o700) << 12;
        i += 1;
    }
    t
};

/// For each cell of a band: the other cells of its row and box (same band).
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut m = 0u32;
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 / 3 == c / 3) {
                m |= 1 << j;
            }
            j += 1;
        }
        t[i] = m;
        i += 1;
    }
    t
};

/// The 27 cells of the mini-rows in a 9-bit mini-row set (bit `3 * row +
/// box` stands for cells `9 * row + 3 * box ..= 9 * row + 3 * box + 2`).
const MINIROW_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut j = 0;
        while j < 9 {
            if i & 1 << j != 0 {
                t[i] |= 7 << (3 * j);
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// For a mini-row pattern closed under the band rule: the mini-rows that
/// are the only one of their row, so certainly hold the digit.
const CERTAIN_MINIROWS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 0;
    while i < 512 {
        let mut r = 0;
        while r < 3 {
            let row = (i >> (3 * r)) & 7;
            if row != 0 && row & (row - 1) == 0 {
                t[i] |= (row << (3 * r)) as u16;
            }
            r += 1;
        }
        i += 1;
    }
    t
};

/// For a set of mini-rows that must hold the digit: the cells of the other
/// mini-rows of their rows and boxes, which cannot.
const FORCED_MINIROW_CLEARS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut m = 0u32;
        let mut j = 0;
        while j < 9 {
            if i & 1 << j != 0 {
                let (r, k) = (j / 3, j % 3);
                let mut o = 0;
                while o < 3 {
                    m |= 1 << (3 * r + o) | 1 << (3 * o + k);
                    o += 1;
                }
            }
            j += 1;
        }
        t[i] = MINIROW_CELLS[(m & !(i as u32)) as usize];
        i += 1;
    }
    t
};

/// The six ways a digit can sit in a band: one mini-row in each row and
/// each box, as 9-bit mini-row sets.
const CONFIGS: [u32; 6] = {
    const PERMS: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        t[p] = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
        p += 1;
    }
    t
};

/// For a mini-row pattern: the configurations (bits of [`CONFIGS`]) it
/// still allows.
const CONFIGS_IN: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        let mut p = 0;
        while p < 6 {
            if i as u32 & CONFIGS[p] == CONFIGS[p] {
                t[i] |= 1 << p;
            }
            p += 1;
        }
        i += 1;
    }
    t
};

/// How many configurations (see [`CONFIGS`]) a mini-row pattern allows.
const N_CONFIGS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = CONFIGS_IN[i].count_ones() as u8;
        i += 1;
    }
    t
};

/// For a set of columns (9 bits): the other columns of the boxes they meet.
const BOX_MATES: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut k = 0;
        while k < 3 {
            if (i >> (3 * k)) & 7 != 0 {
                t[i] |= 7 << (3 * k);
            }
            k += 1;
        }
        t[i] &= !(i as u32);
        i += 1;
    }
    t
};

/// Mini-column occupancy of a band, one bit per column.
#[inline(always)]
fn fold_columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1ff
}

/// For each band, the two others.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// A cell: its band (0-2) and its bit (0-26) in that band.
#[derive(Clone, Copy)]
struct Cell {
    band: usize,
    bit: u32,
}

/// One node of the search (layout in the module docs).
#[derive(Clone, Copy)]
struct State {
    /// Where each digit may go: `cand[band][digit]`.
    cand: [[u32; 9]; 3],
    /// Cells whose digit is fixed, per band.
    solved: [u32; 3],
    /// Per digit, the mini-column occupancy (band-major, 9 bits a band)
    /// when the stack rule last ran; it need not run again while unchanged.
    seen_cols: [u32; 9],
    /// Per band and digit, the mini-rows (bit `3 * row + box`) left when
    /// the band rule last ran; at a fixpoint, the current ones.
    minirows: [[u16; 9]; 3],
}

/// A set of (digit, band) pairs whose bitmap changed: bit `9 * band + digit`,
/// the index of the word in `cand` taken flat, so a unit's word is found
/// without arithmetic.
type Units = u32;

/// The unit of `digit` in `band`.
#[inline(always)]
fn unit(digit: usize, band: usize) -> Units {
    1 << (9 * band + digit)
}

/// Every unit.
const ALL_UNITS: Units = (1 << 27) - 1;

/// For a 9-bit row: the row itself when it holds exactly one cell, else 0.
const LONE_CELL: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 0;
    while i < 512 {
        if (i as u32).count_ones() == 1 {
            t[i] = i as u16;
        }
        i += 1;
    }
    t
};

/// The cells of `w` that are alone in their row (a row is 9 bits).
#[inline(always)]
fn row_singles(w: u32) -> u32 {
    u32::from(LONE_CELL[(w & 0x1ff) as usize])
        | u32::from(LONE_CELL[(w >> 9 & 0x1ff) as usize]) << 9
        | u32::from(LONE_CELL[(w >> 18 & 0x1ff) as usize]) << 18
}

impl State {
    const FULL: State =
        State { cand: [[BAND; 9]; 3], solved: [0; 3], seen_cols: [0; 9], minirows: [[0x1ff; 9]; 3] };

    /// The root state of `grid`, not yet propagated: every given placed.
    /// `None` when two givens clash.
    #[inline(always)]
    fn root(grid: &Grid) -> Option<State> {
        let mut s = State::FULL;
        // The givens of each digit per band, branch-free: row 0 collects
        // the blanks and is dropped.
        let mut givens = [[0u32; 3]; 10];
        let mut n_givens = [0u32; 10];
        for (band, cells) in grid.to_array().chunks_exact(27).enumerate() {
            for (bit, &v) in cells.iter().enumerate() {
                let v = usize::from(v.min(9));
                givens[v][band] |= 1 << bit;
                n_givens[v] += 1;
            }
        }
        let any = [0, 1, 2].map(|b| BAND & !givens[0][b]);
        s.solved = any;
        // All the givens of a digit at once: their rows, boxes and columns
        // leave the digit, their cells leave the other digits. They clash
        // when two share a row, a box or a column: then fewer rows, boxes
        // or columns are hit than there are givens.
        let mut clash = false;
        for (d, g) in givens[1..].iter().enumerate() {
            let cols = fold_columns(g[0] | g[1] | g[2]);
            let col_cells = cols * COLUMN;
            let mut n_rows = 0;
            let mut n_boxes = 0;
            for (b, &w) in g.iter().enumerate() {
                let hit = [0, 9, 18].map(|r| u32::from(w & 0x1ff << r != 0));
                n_rows += hit[0] + hit[1] + hit[2];
                let rows = (hit[0] * 0x1ff) | (hit[1] * 0x1ff) << 9 | (hit[2] * 0x1ff) << 18;
                let boxes = ROW_BOXES[fold_columns(w) as usize];
                n_boxes += u32::from(POPCOUNT_9[usize::from(boxes)]);
                let clear = rows | MINIROW_CELLS[usize::from(boxes) * 0o111] | col_cells;
                s.cand[b][d] = (BAND & !clear & !any[b]) | w;
            }
            let n = n_givens[d + 1];
            clash |= n_rows != n || n_boxes != n || u32::from(POPCOUNT_9[cols as usize]) != n;
        }
        (!clash).then_some(s)
    }

    /// Removes `cell` from every digit but `digit`; returns the units that
    /// changed.
    #[inline(always)]
    fn clear_cell_except(&mut self, cell: Cell, digit: usize) -> Units {
        self.clear_cells_except(cell.band, 1 << cell.bit, digit)
    }

    /// Removes the `cells` of `band` from every digit but `digit`, which
    /// must hold them all; returns the units that changed.
    #[inline(always)]
    fn clear_cells_except(&mut self, band: usize, cells: u32, digit: usize) -> Units {
        let mut changed = 0;
        // Branch-free: clear the cells everywhere, then give them back to
        // `digit`.
        for (d, word) in self.cand[band].iter_mut().enumerate() {
            let w = *word;
            changed |= u32::from(w & cells != 0) << d;
            *word = w & !cells;
        }
        self.cand[band][digit] |= cells;
        (changed & !(1 << digit)) << (9 * band)
    }

    /// Marks `cell` solved with `digit` and removes `digit` from its peers;
    /// returns the units that changed.
    #[inline(always)]
    fn place(&mut self, cell: Cell, digit: usize) -> Units {
        self.solved[cell.band] |= 1 << cell.bit;
        let col = COLUMN << (cell.bit % 9);
        let mut changed = 0;
        for (b, words) in self.cand.iter_mut().enumerate() {
            let word = &mut words[digit];
            let w = *word;
            let peers = if b == cell.band { BAND_PEERS[cell.bit as usize] } else { col };
            if w & peers != 0 {
                *word = w & !peers;
                changed |= unit(digit, b);
            }
        }
        changed
    }

    /// The number of cells whose digit is not fixed yet.
    #[inline(always)]
    fn open_cells(&self) -> u32 {
        81 - self.solved.iter().map(|w| w.count_ones()).sum::<u32>()
    }

    #[inline(always)]
    fn is_complete(&self) -> bool {
        self.solved == [BAND; 3]
    }

    /// The band rule on unit `u` (a digit in a band), then the placement
    /// of the digit in every row where it is left alone. Returns the units
    /// that changed (other than this one), or `None` when a row or box has
    /// no place left for the digit.
    #[inline(always)]
    fn band_rule(&mut self, u: usize) -> Option<Units> {
        // The word straight from the unit's number; digit and band are
        // needed only off the critical path.
        let w = self.cand.as_flattened()[u];
        let (digit, band) = (u % 9, u / 9);
        let pattern = usize::from(ROW_BOXES[(w & 0x1ff) as usize])
            | usize::from(ROW_BOXES[(w >> 9 & 0x1ff) as usize]) << 3
            | usize::from(ROW_BOXES[(w >> 18 & 0x1ff) as usize]) << 6;
        let kept = BAND_KEPT[pattern & 0x1ff];
        if kept == 0 {
            return None;
        }
        self.minirows.as_flattened_mut()[u] = kept;
        if usize::from(kept) == pattern {
            // Nothing to remove (the usual case): the singles come from
            // the word as it is, computed beside the look-up instead of
            // after it.
            let fresh = row_singles(w) & !self.solved[band];
            if fresh == 0 {
                return Some(0);
            }
            return Some(self.place_row_singles(digit, band, w, fresh));
        }
        let w = w & MINIROW_CELLS[usize::from(kept)];
        let fresh = row_singles(w) & !self.solved[band];
        if fresh == 0 {
            self.cand[band][digit] = w;
            return Some(0);
        }
        Some(self.place_row_singles(digit, band, w, fresh))
    }

    /// After the band rule left `digit` in `band` as `w`: places the
    /// `fresh` cells (alone in their rows, not yet solved), stores `w` and
    /// returns the units that changed (other than this one).
    #[inline(always)]
    fn place_row_singles(&mut self, digit: usize, band: usize, w: u32, fresh: u32) -> Units {
        // The band rule already cleared the rest of each single's row and
        // box; what is left is its column in the other bands, and its cell
        // in the other digits.
        self.solved[band] |= fresh;
        let col = fold_columns(fresh) * COLUMN;
        let mut changed = 0;
        // Branch-free: whether a column word changes is data, not control.
        for b in OTHER_BANDS[band] {
            let w = self.cand[b][digit];
            changed |= u32::from(w & col != 0) << (9 * b + digit);
            self.cand[b][digit] = w & !col;
        }
        changed |= self.clear_cells_except(band, fresh, digit);
        // Stored last: `clear_cells_except` reads the band's words as
        // vectors, which would wait for a narrower store just before.
        self.cand[band][digit] = w;
        changed
    }

    /// The stack rule on every digit whose mini-columns changed since it
    /// last ran. Returns the units that changed, or `None` when a column or
    /// box has no place left for a digit.
    #[inline(always)]
    fn stack_rules(&mut self) -> Option<Units> {
        // Which digits to look at, for all nine at once (a vector loop):
        // most rounds change the columns of few digits, and a test per
        // digit would be a branch the processor cannot predict.
        let mut cols = [0u32; 9];
        let mut todo = 0u32;
        for (d, c) in cols.iter_mut().enumerate() {
            *c = fold_columns(self.cand[0][d])
                | fold_columns(self.cand[1][d]) << 9
                | fold_columns(self.cand[2][d]) << 18;
            todo |= u32::from(*c != self.seen_cols[d]) << d;
        }
        let mut changed = 0;
        while todo != 0 {
            let digit = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let cols = cols[digit];
            let mut kept = 0u32;
            let mut dead = false;
            for s in 0..3 {
                let t = cols >> (3 * s);
                let pattern = (t & 7) | (t >> 6 & 0o70) | (t >> 12 & 0o700);
                let k = STACK_KEEP[(pattern & 0x1ff) as usize];
                dead |= k == 0;
                kept |= k << (3 * s);
            }
            if dead {
                return None;
            }
            self.seen_cols[digit] = kept;
            // Branch-free: whether a word changes is data, not control.
            for (b, words) in self.cand.iter_mut().enumerate() {
                let w = words[digit];
                let nw = w & ((kept >> (9 * b) & 0x1ff) * COLUMN);
                changed |= u32::from(nw != w) << (9 * b + digit);
                words[digit] = nw;
            }
        }
        Some(changed)
    }

    /// The triad rules, run when everything else is at a fixpoint. A
    /// mini-row (three cells of a row in a box) holds exactly three
    /// digits: when only three digits can go there, each of them must, and
    /// when three digits must go there, no other can; the same for
    /// mini-columns. Returns the units that changed, or `None` on a
    /// contradiction (a mini-line with fewer than three possible digits or
    /// more than three certain ones).
    #[inline(always)]
    fn triad_rule(&mut self) -> Option<Units> {
        // Per digit, the open mini-rows and mini-columns of the whole grid
        // (band-major, 9 bits a band) and those certain to hold it; at a
        // fixpoint the cached patterns are current. Bit-sliced counts over
        // the digits: `xK` = lines with at least K digits.
        let mut rows = [[0u32; 2]; 9];
        let mut cols = [[0u32; 2]; 9];
        let (mut r1, mut r2, mut r3, mut r4) = (0u32, 0u32, 0u32, 0u32);
        let (mut s1, mut s2, mut s3, mut s4) = (0u32, 0u32, 0u32, 0u32);
        let (mut k1, mut k2, mut k3, mut k4) = (0u32, 0u32, 0u32, 0u32);
        let (mut t1, mut t2, mut t3, mut t4) = (0u32, 0u32, 0u32, 0u32);
        for d in 0..9 {
            let [m0, m1, m2] = [0, 1, 2].map(|b| usize::from(self.minirows[b][d] & 0x1ff));
            let p = (m0 | m1 << 9 | m2 << 18) as u32;
            let c = u32::from(CERTAIN_MINIROWS[m0])
                | u32::from(CERTAIN_MINIROWS[m1]) << 9
                | u32::from(CERTAIN_MINIROWS[m2]) << 18;
            let x = self.seen_cols[d];
            // A mini-column is certain when its column is open in no other
            // band.
            let y = x & !(((x >> 9 | x << 18) | (x >> 18 | x << 9)) & BAND);
            rows[d] = [p, c];
            cols[d] = [x, y];
            r4 |= r3 & p;
            r3 |= r2 & p;
            r2 |= r1 & p;
            r1 |= p;
            s4 |= s3 & c;
            s3 |= s2 & c;
            s2 |= s1 & c;
            s1 |= c;
            k4 |= k3 & x;
            k3 |= k2 & x;
            k2 |= k1 & x;
            k1 |= x;
            t4 |= t3 & y;
            t3 |= t2 & y;
            t2 |= t1 & y;
            t1 |= y;
        }
        if r3 != BAND || s4 != 0 || k3 != BAND || t4 != 0 {
            return None;
        }
        let mut changed = 0;
        // Mini-rows: only three digits possible, or three certain.
        let (only_three, full) = (r3 & !r4, s3);
        if only_three != full {
            for (d, &[p, c]) in rows.iter().enumerate() {
                let forced = p & only_three & !c;
                let banned = p & full & !c;
                if forced | banned == 0 {
                    continue;
                }
                for b in 0..3 {
                    let f = |m: u32| (m >> (9 * b) & 0x1ff) as usize;
                    let w = self.cand[b][d];
                    let nw = w & !FORCED_MINIROW_CLEARS[f(forced)] & !MINIROW_CELLS[f(banned)];
                    if nw != w {
                        self.cand[b][d] = nw;
                        changed |= unit(d, b);
                    }
                }
            }
        }
        // Mini-columns, the same.
        let (only_three, full) = (k3 & !k4, t3);
        if only_three != full {
            for (d, &[x, c]) in cols.iter().enumerate() {
                let forced = x & only_three & !c;
                let banned = x & full & !c;
                if forced | banned == 0 {
                    continue;
                }
                for b in 0..3 {
                    let f = |m: u32| m >> (9 * b) & 0x1ff;
                    // A forced mini-column takes its column in the other
                    // bands, and its box in its own band.
                    let elsewhere = forced & !(0x1ff << (9 * b));
                    let clear = f(banned) | fold_columns(elsewhere) | BOX_MATES[f(forced) as usize];
                    let w = self.cand[b][d];
                    let nw = w & !(clear * COLUMN);
                    if nw != w {
                        self.cand[b][d] = nw;
                        changed |= unit(d, b);
                    }
                }
            }
        }
        Some(changed)
    }

    /// Propagates until nothing changes, starting from the `dirty` units
    /// (changed since the last fixpoint). `false` on a contradiction.
    #[inline(always)]
    fn propagate(&mut self, mut dirty: Units, triad_min_open: u32) -> bool {
        let mut triad_done = false;
        loop {
            // In rounds: the next unit does not wait for the last one's
            // result, so consecutive band rules overlap in the processor.
            while dirty != 0 {
                let mut round = dirty;
                while round != 0 {
                    let u = round.trailing_zeros() as usize;
                    round &= round - 1;
                    dirty &= !(1 << u);
                    match self.band_rule(u) {
                        Some(changed) => dirty |= changed,
                        None => return false,
                    }
                }
            }
            // Naked singles, and cells without a candidate.
            for band in 0..3 {
                let mut once = 0u32;
                let mut twice = 0u32;
                for &w in &self.cand[band] {
                    twice |= once & w;
                    once |= w;
                }
                if once != BAND {
                    return false;
                }
                let mut singles = once & !twice & !self.solved[band];
                while singles != 0 {
                    let bit = singles.trailing_zeros();
                    singles &= singles - 1;
                    let cell = Cell { band, bit };
                    let digits = self.digits_at(cell);
                    // An earlier single of this pass may have taken the
                    // last digit: that placement changed a unit, so the
                    // next pass finds the empty cell.
                    if digits != 0 {
                        dirty |= self.place(cell, digits.trailing_zeros() as usize);
                    }
                }
            }
            if dirty != 0 {
                continue;
            }
            if self.open_cells() >= STACK_MIN_OPEN {
                match self.stack_rules() {
                    Some(changed) => dirty |= changed,
                    None => return false,
                }
            }
            if dirty == 0 {
                if self.is_complete() {
                    return true;
                }
                if triad_done || self.open_cells() < triad_min_open {
                    return true;
                }
                triad_done = true;
                match self.triad_rule() {
                    Some(0) => return true,
                    Some(changed) => dirty = changed,
                    None => return false,
                }
            }
        }
    }

    /// The cell to branch on: an unsolved cell with the fewest candidates,
    /// the first bivalue one when there is any. The state must not be
    /// complete.
    #[inline(always)]
    fn branch_cell(&self) -> Cell {
        // Bit-sliced counts of candidates per cell: at least 1, 2, 3, 4.
        let mut best: Option<(u32, Cell)> = None;
        for band in 0..3 {
            let (mut c1, mut c2, mut c3, mut c4) = (0u32, 0u32, 0u32, 0u32);
            for &w in &self.cand[band] {
                c4 |= c3 & w;
                c3 |= c2 & w;
                c2 |= c1 & w;
                c1 |= w;
            }
            let open = !self.solved[band] & BAND;
            let two = c2 & !c3 & open;
            if two != 0 {
                return Cell { band, bit: two.trailing_zeros() };
            }
            for (n, class) in [(3, c3 & !c4 & open), (4, open)] {
                if class != 0 && best.is_none_or(|(m, _)| n < m) {
                    best = Some((n, Cell { band, bit: class.trailing_zeros() }));
                }
            }
        }
        best.map_or(Cell { band: 0, bit: 0 }, |(_, cell)| cell)
    }

    /// The branch point: a digit's configurations in the band with the
    /// fewest open cells, then with the fewest configurations of its digits
    /// in all; the digit with the fewest configurations (at least two)
    /// there. A nearly done band gives short branches whose failures show
    /// early: on the hardest-1905 set this is about a fifth less work than
    /// choosing by configurations alone.
    #[inline(always)]
    fn branch_config(&self) -> Option<(usize, usize, u8)> {
        const NO_PICK: usize = 1 << 8;
        let mut best = (usize::MAX, 0usize, 0usize);
        for band in 0..3 {
            let mut total = 0usize;
            // The fewest configurations above one, and its digit, as one key.
            // Branch-free: a digit with one configuration gets a key above
            // every real one.
            let mut pick = NO_PICK;
            for d in 0..9 {
                let n = usize::from(N_CONFIGS[usize::from(self.minirows[band][d] & 0x1ff)]);
                total += n;
                pick = pick.min((n << 4 | d) + usize::from(n < 2) * NO_PICK);
            }
            let open = (BAND & !self.solved[band]).count_ones() as usize;
            let key = open << 8 | total;
            if pick < NO_PICK && key < best.0 {
                best = (key, band, pick & 15);
            }
        }
        let (total, band, digit) = best;
        (total != usize::MAX)
            .then(|| (digit, band, CONFIGS_IN[usize::from(self.minirows[band][digit] & 0x1ff)]))
    }

    /// The digits still possible in `cell`.
    #[inline(always)]
    fn digits_at(&self, cell: Cell) -> u16 {
        let mut m = 0u16;
        for (d, &w) in self.cand[cell.band].iter().enumerate() {
            m |= ((w >> cell.bit & 1) as u16) << d;
        }
        m
    }

    /// The grid of a complete state.
    fn to_grid(self) -> Grid {
        let mut cells = [0u8; 81];
        for (b, words) in self.cand.iter().enumerate() {
            for (d, &word) in words.iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    cells[27 * b + w.trailing_zeros() as usize] = d as u8 + 1;
                    w &= w - 1;
                }
            }
        }
        // Every value written is a digit 1-9.
        Grid::from_array(cells).unwrap_or(Grid::EMPTY)
    }
}

/// A pending branch: a state and the digits whose bitmaps changed since
/// its last fixpoint.
#[derive(Clone, Copy)]
struct Frame {
    state: State,
    dirty: Units,
    branch: Branch,
}

/// What a frame still has to try.
#[derive(Clone, Copy)]
enum Branch {
    /// Its state, once.
    Ready,
    /// Each configuration in `untried` of `digit` in `band`, applied to
    /// its state.
    Configs { digit: u8, band: u8, untried: u8 },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The root has not been propagated yet.
    Start,
    /// `current` is a consistent, propagated state to expand.
    Expand,
    /// Resume from the top frame.
    Backtrack,
    /// The search space is exhausted.
    Done,
}

/// The instruction set the search runs with, chosen once at run time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Isa {
    /// The build's baseline (on x86_64: SSE2, no `popcnt`).
    Baseline,
    /// x86_64 with AVX2, BMI1, BMI2, LZCNT and POPCNT (the x86-64-v3
    /// level, every x86 processor since about 2015).
    #[cfg(target_arch = "x86_64")]
    X86V3,
}

impl Isa {
    /// The best level this processor supports (detected once).
    fn detect() -> Isa {
        static DETECTED: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
        *DETECTED.get_or_init(|| {
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("popcnt")
            {
                return Isa::X86V3;
            }
            Isa::Baseline
        })
    }
}

/// The search engine behind every entry point. Resumable: each call to
/// [`Search::next_solution`] continues where the previous one stopped.
struct Search {
    puzzle: Grid,
    /// Candidates removed from the root before it is propagated: a cell
    /// and a digit (0-8), or `None`.
    excluded: Option<(Cell, usize)>,
    frames: Vec<Frame>,
    current: State,
    phase: Phase,
    stats: SearchStats,
    /// The instruction set [`Search::advance`] runs with.
    isa: Isa,
    /// The triad rule's threshold for this search (see
    /// `TRIAD_MIN_OPEN_FIND`).
    triad_min_open: u32,
}

/// The most frames the stack can hold: a configuration frame fixes one of
/// the 27 (digit, band) pairs for the rest of its path, and cell frames
/// come only once every pair is fixed, each placing one of the 81 cells.
const MAX_FRAMES: usize = 27 + 81;

impl Search {
    fn new(puzzle: &Grid) -> Self {
        Search {
            puzzle: *puzzle,
            excluded: None,
            frames: Vec::with_capacity(MAX_FRAMES),
            current: State::FULL,
            phase: Phase::Start,
            stats: SearchStats::default(),
            isa: Isa::detect(),
            // The iterator's order: its first solution is `solve_one`'s.
            triad_min_open: TRIAD_MIN_OPEN_FIND,
        }
    }

    /// Starts a search of `puzzle`: for some solution when `find`, else
    /// one that will see the whole tree.
    fn reset(&mut self, puzzle: &Grid, find: bool) {
        self.triad_min_open = if find { TRIAD_MIN_OPEN_FIND } else { TRIAD_MIN_OPEN_PROVE };
        self.puzzle = *puzzle;
        self.excluded = None;
        self.frames.clear();
        self.phase = Phase::Start;
        self.stats = SearchStats::default();
    }

    /// The next solution as a grid, or `None` when there are no more.
    fn next_solution(&mut self) -> Option<Grid> {
        self.advance().then(|| self.current.to_grid())
    }

    /// Searches on to the next solution, left in `current`; `false` when
    /// there are no more. Runs the search compiled for the best instruction
    /// set this processor has (see [`Isa`]).
    #[allow(unsafe_code)]
    fn advance(&mut self) -> bool {
        match self.isa {
            // SAFETY: `isa` is `X86V3` only when `Isa::detect` found every
            // feature `advance_x86_v3` enables on this processor.
            #[cfg(target_arch = "x86_64")]
            Isa::X86V3 => unsafe { self.advance_x86_v3() },
            Isa::Baseline => self.advance_here(),
        }
    }

    /// [`Search::advance_here`] compiled with AVX2, BMI1/2, LZCNT and
    /// POPCNT: the whole search is inlined into it, so its bit counts, state
    /// copies and nine-digit loops use them.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn advance_x86_v3(&mut self) -> bool {
        self.advance_here()
    }

    /// The search itself. Each turn of the loop makes one state to
    /// propagate, so propagation (inlined with everything under it) has a
    /// single call site and is compiled once per instruction set.
    #[inline(always)]
    fn advance_here(&mut self) -> bool {
        loop {
            let dirty = match self.phase {
                Phase::Start => match State::root(&self.puzzle) {
                    Some(mut s) => {
                        if let Some((cell, digit)) = self.excluded {
                            s.cand[cell.band][digit] &= !(1 << cell.bit);
                        }
                        self.current = s;
                        // A root that fails backtracks into an empty stack,
                        // which ends the search.
                        ALL_UNITS
                    }
                    None => {
                        self.stats.nodes += 1;
                        self.stats.backtracks += 1;
                        self.phase = Phase::Done;
                        continue;
                    }
                },
                Phase::Expand => {
                    if self.current.is_complete() {
                        self.phase = Phase::Backtrack;
                        // Whatever comes next (a count, a uniqueness test,
                        // more of a listing) must see the rest of the tree.
                        self.triad_min_open = TRIAD_MIN_OPEN_PROVE;
                        return true;
                    }
                    self.stats.guesses += 1;
                    let config = self.current.branch_config();
                    if let Some((digit, band, configs)) = config {
                        // The first configuration is tried on `current`
                        // itself; the frame keeps the state for the others
                        // (there are at least two).
                        debug_assert!(self.frames.len() < MAX_FRAMES);
                        self.frames.push(Frame {
                            state: self.current,
                            dirty: 0,
                            branch: Branch::Configs {
                                digit: digit as u8,
                                band: band as u8,
                                untried: configs & (configs - 1),
                            },
                        });
                        let first = configs.trailing_zeros() as usize;
                        self.current.cand[band][digit] &= MINIROW_CELLS[CONFIGS[first] as usize];
                        unit(digit, band)
                    } else {
                        let cell = self.current.branch_cell();
                        let digits = self.current.digits_at(cell);
                        let digit = digits.trailing_zeros() as usize;
                        let mut other = self.current;
                        other.cand[cell.band][digit] &= !(1 << cell.bit);
                        debug_assert!(self.frames.len() < MAX_FRAMES);
                        self.frames.push(Frame {
                            state: other,
                            dirty: unit(digit, cell.band),
                            branch: Branch::Ready,
                        });
                        let changed =
                            self.current.clear_cell_except(cell, digit) | self.current.place(cell, digit);
                        changed | unit(digit, cell.band)
                    }
                }
                Phase::Backtrack => {
                    let Some(top) = self.frames.last_mut() else {
                        self.phase = Phase::Done;
                        continue;
                    };
                    match &mut top.branch {
                        Branch::Ready => {
                            self.current = top.state;
                            let dirty = top.dirty;
                            self.frames.pop();
                            dirty
                        }
                        Branch::Configs { digit, band, untried } => {
                            let (digit, band) = (usize::from(*digit), usize::from(*band));
                            let config = untried.trailing_zeros() as usize;
                            *untried &= *untried - 1;
                            self.current = top.state;
                            if *untried == 0 {
                                self.frames.pop();
                            }
                            self.current.cand[band][digit] &= MINIROW_CELLS[CONFIGS[config] as usize];
                            unit(digit, band)
                        }
                    }
                }
                Phase::Done => return false,
            };
            self.stats.nodes += 1;
            if self.current.propagate(dirty, self.triad_min_open) {
                self.phase = Phase::Expand;
            } else {
                self.stats.backtracks += 1;
                self.phase = Phase::Backtrack;
            }
        }
    }
}

/// A reusable solver: keeps its search stack between calls, and the
/// statistics of the last call.
///
/// ```
/// use sudoku_core::{Grid, Solver};
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse().unwrap();
/// let mut solver = Solver::new();
/// let solution = solver.solve_one(&puzzle).unwrap();
/// assert!(solution.is_solution_of(&puzzle));
/// assert_eq!(solver.count_solutions_up_to(&puzzle, 2), 1);
/// assert!(solver.stats().nodes >= 1);
/// ```
pub struct Solver {
    search: Search,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with its stack allocated.
    pub fn new() -> Self {
        Solver { search: Search::new(&Grid::EMPTY) }
    }

    /// Some solution of `puzzle` (the first in search order), or `None` if
    /// it has none.
    pub fn solve_one(&mut self, puzzle: &Grid) -> Option<Grid> {
        self.search.reset(puzzle, true);
        self.search.next_solution()
    }

    /// Some solution of `puzzle` in which cell `cell_idx` (0-80, row-major)
    /// does not hold `digit` (1-9), or `None` if it has none. An index or
    /// digit out of range excludes nothing.
    ///
    /// This is the uniqueness test for removing a clue: if `puzzle` has the
    /// unique solution `s`, then `puzzle` with cell `c` blanked is still
    /// unique exactly when `solve_one_excluding(&blanked, c, s[c])` is
    /// `None`. One search, and the excluded digit usually makes the
    /// propagation fail at the root.
    ///
    /// ```
    /// use sudoku_core::{Grid, Solver};
    /// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse().unwrap();
    /// let mut solver = Solver::new();
    /// let solution = solver.solve_one(&puzzle).unwrap();
    /// let mut blanked = puzzle;
    /// blanked.set(2, 0);
    /// // The given 3 at cell 2 was not needed: nothing else fits there.
    /// assert_eq!(solver.solve_one_excluding(&blanked, 2, solution.get(2).unwrap()), None);
    /// ```
    pub fn solve_one_excluding(&mut self, puzzle: &Grid, cell_idx: usize, digit: u8) -> Option<Grid> {
        // Usually there is no solution: the whole tree is seen.
        self.search.reset(puzzle, false);
        if cell_idx < 81 && (1..=9).contains(&digit) {
            let cell = Cell { band: cell_idx / 27, bit: (cell_idx % 27) as u32 };
            self.search.excluded = Some((cell, usize::from(digit) - 1));
        }
        self.search.next_solution()
    }

    /// The number of solutions of `puzzle`, counting stops at `limit`.
    /// `count_solutions_up_to(p, 2) == 1` means `p` has a unique solution.
    pub fn count_solutions_up_to(&mut self, puzzle: &Grid, limit: u64) -> u64 {
        self.search.reset(puzzle, true);
        let mut n = 0;
        while n < limit && self.search.advance() {
            n += 1;
        }
        n
    }

    /// The solution of `puzzle` if it has exactly one, else `None`.
    pub fn solve_unique(&mut self, puzzle: &Grid) -> Option<Grid> {
        self.search.reset(puzzle, true);
        let first = self.search.next_solution()?;
        (!self.search.advance()).then_some(first)
    }

    /// Statistics of the last call.
    pub fn stats(&self) -> SearchStats {
        self.search.stats
    }
}

/// A lazy iterator over every solution of a puzzle, in search order.
///
/// ```
/// use sudoku_core::Grid;
/// let mut solutions = Grid::EMPTY.solutions();
/// let first_three: Vec<Grid> = solutions.by_ref().take(3).collect();
/// assert_eq!(first_three.len(), 3);
/// assert!(solutions.stats().nodes > 0);
/// ```
pub struct Solutions {
    search: Search,
}

impl Solutions {
    /// Statistics of the search so far.
    pub fn stats(&self) -> SearchStats {
        self.search.stats
    }
}

impl Iterator for Solutions {
    type Item = Grid;
    fn next(&mut self) -> Option<Grid> {
        self.search.next_solution()
    }
}

impl Grid {
    /// Some solution (the first in search order), or `None`.
    pub fn solve_one(&self) -> Option<Grid> {
        Solver::new().solve_one(self)
    }

    /// The solution if there is exactly one, else `None`.
    pub fn solve_unique(&self) -> Option<Grid> {
        Solver::new().solve_unique(self)
    }

    /// The number of solutions, counting stops at `limit`.
    pub fn count_solutions_up_to(&self, limit: u64) -> u64 {
        Solver::new().count_solutions_up_to(self, limit)
    }

    /// A lazy iterator over all solutions.
    pub fn solutions(&self) -> Solutions {
        Solutions { search: Search::new(self) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_tables_keep_exactly_the_permutations() {
        // A full pattern allows all six configurations.
        assert_eq!(keep_permutations(0x1ff), 0x1ff);
        assert_eq!(CONFIGS_IN[0x1ff].count_ones(), 6);
        // The diagonal alone is one configuration and keeps itself.
        let diagonal = 1 | 1 << 4 | 1 << 8;
        assert_eq!(keep_permutations(diagonal), diagonal);
        // A row with no mini-row leaves nothing.
        assert_eq!(keep_permutations(0x1ff & !0o7), 0);
        // Row 0 only in box 0: boxes 0 leaves rows 1 and 2.
        assert_eq!(keep_permutations(0o776 ^ 0o006 | 0o001), 0o661);
        for p in CONFIGS {
            assert_eq!(p.count_ones(), 3);
            assert_eq!(keep_permutations(p), p);
        }
        assert_eq!(MINIROW_CELLS[usize::from(BAND_KEPT[diagonal as usize])], 7 | 7 << 12 | 7 << 24);
    }

    #[test]
    fn band_peers_are_the_row_and_box_mates() {
        // Cell 0 of a band: 8 row mates and 6 box mates on the other rows.
        assert_eq!(BAND_PEERS[0], 0x1fe | 0b111 << 9 | 0b111 << 18);
        assert!((0..27).all(|i| BAND_PEERS[i] & 1 << i == 0 && BAND_PEERS[i].count_ones() == 14));
    }

    #[test]
    fn a_long_search_never_grows_the_stack() {
        let mut iter = Grid::EMPTY.solutions();
        let capacity = iter.search.frames.capacity();
        assert!(capacity >= MAX_FRAMES);
        assert_eq!(iter.by_ref().take(3000).count(), 3000);
        assert_eq!(iter.search.frames.capacity(), capacity);
        let stats = iter.stats();
        assert!(stats.nodes > stats.guesses && stats.guesses > 0);
    }

    /// Both compiled searches (the baseline one and, on an x86_64 with
    /// AVX2, the one `advance` dispatches to through `unsafe`) must make the
    /// same moves: the same solutions in the same order and the same
    /// statistics. On a processor without the features both runs take the
    /// baseline path, and the test still checks the answers.
    #[test]
    fn every_instruction_set_searches_alike() {
        let fixtures = [
            include_str!("../../../fixtures/top95.txt"),
            include_str!("../../../fixtures/hard.txt"),
            include_str!("../../../fixtures/multi.txt"),
            include_str!("../../../fixtures/17clue.txt"),
            include_str!("../../../fixtures/unsolvable.txt"),
        ];
        let puzzles: Vec<Grid> = fixtures
            .iter()
            .flat_map(|f| f.lines())
            .filter_map(|l| l.split(':').next()?.trim().parse().ok())
            .collect();
        assert!(puzzles.len() > 100);
        let mut detected = Solver::new();
        let mut baseline = Solver::new();
        baseline.search.isa = Isa::Baseline;
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            assert_eq!(detected.search.isa, Isa::X86V3);
        }
        let mut solved = 0;
        for p in &puzzles {
            let one = detected.solve_one(p);
            assert_eq!(one, baseline.solve_one(p));
            assert_eq!(detected.stats(), baseline.stats());
            if let Some(s) = one {
                assert!(s.is_solution_of(p));
                solved += 1;
            }
            assert_eq!(detected.count_solutions_up_to(p, 50), baseline.count_solutions_up_to(p, 50));
            assert_eq!(detected.stats(), baseline.stats());
        }
        assert!(solved > 100);
        let mut a = Grid::EMPTY.solutions();
        let mut b = Grid::EMPTY.solutions();
        b.search.isa = Isa::Baseline;
        for _ in 0..500 {
            assert_eq!(a.next(), b.next());
        }
        assert_eq!(a.stats(), b.stats());
    }

    #[test]
    fn stats_describe_the_last_call() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let mut solver = Solver::new();
        assert_eq!(solver.count_solutions_up_to(&puzzle, 2), 1);
        let counting = solver.stats();
        assert!(counting.nodes > counting.backtracks);
        let solved = solver.solve_one(&puzzle).unwrap();
        assert!(solved.is_solution_of(&puzzle));
        assert!(solver.stats().nodes <= counting.nodes);
        // Clashing givens: the root alone, failed.
        let mut clash = Grid::EMPTY;
        clash.set(0, 5);
        clash.set(1, 5);
        assert_eq!(solver.count_solutions_up_to(&clash, 2), 0);
        assert_eq!(solver.stats(), SearchStats { nodes: 1, guesses: 0, backtracks: 1 });
    }
}
