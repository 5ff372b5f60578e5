//! One node of the search: per-digit band bitmaps, and propagation to a
//! fixpoint.
//!
//! ## Representation
//!
//! A search state (`State`) holds, for each digit, the cells where that
//! digit may still go, as three 27-bit words, one per band (three rows).
//! Bit `9 * (row % 3) + col` of `cand[row / 3][digit]` stands for the cell
//! at (`row`, `col`):
//!
//! ```text
//!                 bits 0-8      bits 9-17     bits 18-26
//! cand[0][d]  =   row 0         row 1         row 2        (band 0)
//! cand[1][d]  =   row 3         row 4         row 5        (band 1)
//! cand[2][d]  =   row 6         row 7         row 8        (band 2)
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
//! - with relations of equal digits (clones, palindromes), *equal pairs*
//!   (`State::equal_rules`) at a fixpoint of the rest while at least
//!   `EQUAL_MIN_OPEN` cells are open: a digit that cannot go in both cells
//!   of a pair at once leaves both;
//! - *triad rule* (`State::triad_rule`), once the others are at a
//!   fixpoint, at most once a node and only while at least
//!   `TRIAD_MIN_OPEN_FIND` (`_PROVE` once a solution is found or none is expected;
//!   both in the `search` module, which passes the threshold in)
//!   cells are open (late in a search it costs more than
//!   the guesses it saves): a mini-row (or mini-column) holds exactly three digits, so
//!   if only three can go there they all must, and if three must, no other
//!   can.
//!
//! A row, box, column, cell or mini-line with too few candidates is a
//! contradiction.

use super::houses::{digits_of, Houses};
use super::tables::{
    fold_columns, row_singles, BAND, BAND_KEPT, BAND_PEERS, BOX_MATES, CERTAIN_MINIROWS, COLUMN, CONFIGS_IN,
    FORCED_MINIROW_CLEARS, MINIROW_CELLS, N_CONFIGS, OTHER_BANDS, POPCOUNT_9, ROW_BOXES, STACK_KEEP,
};
use crate::grid::Grid;

/// The stack rule runs only while at least this many cells are open. With
/// fewer, the puzzle is nearly done and the rule mostly removes candidates
/// that no longer matter: on easy puzzles with many solutions (the serg
/// set) it costs a tenth of the time and saves no guess, on the hardest
/// sets it saves 0.1% of the guesses below this line. Without it a complete
/// state is still a solution: the band rule gives each row and box one
/// cell of each digit, and a placement clears its column.
const STACK_MIN_OPEN: u32 = 20;

/// The equal pairs' rule (`State::equal_rules`) runs only while at least
/// this many cells are open: later it mostly finds what the next
/// placements would (on the clone and palindrome bench sets 30 took 1-2 %
/// fewer instructions than 20 or 40, with 0-2 % more nodes than always).
const EQUAL_MIN_OPEN: u32 = 30;

/// The open mini-rows of a (digit, band) word, bit `3 * row + box`: a
/// mini-row is open when one of its three cells is. With `FAST_PEXT` one
/// `pext` instruction gathers them (every bit of the first cell of a
/// mini-row, after each has taken in its two neighbours); without it, three
/// table look-ups, one per row. Both give the same pattern.
#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn open_minirows<const FAST_PEXT: bool>(w: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if FAST_PEXT {
        // SAFETY: `FAST_PEXT` is true only in the search compiled by
        // `Search::advance_x86_v4`, which runs only on a processor where
        // `Isa::detect` found BMI2 (and AVX-512: there `pext` takes one
        // cycle, unlike some older processors that have BMI2).
        return unsafe { core::arch::x86_64::_pext_u32(w | w >> 1 | w >> 2, 0x0124_9249) } as usize;
    }
    usize::from(ROW_BOXES[(w & 0x1ff) as usize])
        | usize::from(ROW_BOXES[(w >> 9 & 0x1ff) as usize]) << 3
        | usize::from(ROW_BOXES[(w >> 18 & 0x1ff) as usize]) << 6
}

/// A cell: its band (0-2) and its bit (0-26) in that band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cell {
    pub(super) band: usize,
    pub(super) bit: u32,
}

/// One node of the search (layout in the module docs).
#[derive(Clone, Copy)]
pub(super) struct State {
    /// Where each digit may go: `cand[band][digit]`.
    pub(super) cand: [[u32; 9]; 3],
    /// Cells whose digit is fixed, per band.
    pub(super) solved: [u32; 3],
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
pub(super) type Units = u32;

/// The unit of `digit` in `band`.
#[inline(always)]
pub(super) fn unit(digit: usize, band: usize) -> Units {
    1 << (9 * band + digit)
}

/// Every unit.
pub(super) const ALL_UNITS: Units = (1 << 27) - 1;

impl State {
    pub(super) const FULL: State =
        State { cand: [[BAND; 9]; 3], solved: [0; 3], seen_cols: [0; 9], minirows: [[0x1ff; 9]; 3] };

    /// The root state of `grid`, not yet propagated: every given placed.
    /// `None` when two givens clash.
    #[inline(always)]
    pub(super) fn root(grid: &Grid) -> Option<State> {
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
    pub(super) fn clear_cell_except(&mut self, cell: Cell, digit: usize) -> Units {
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
    pub(super) fn place(&mut self, cell: Cell, digit: usize) -> Units {
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
    pub(super) fn is_complete(&self) -> bool {
        self.solved == [BAND; 3]
    }

    /// The band rule on unit `u` (a digit in a band), then the placement
    /// of the digit in every row where it is left alone. Returns the units
    /// that changed (other than this one), or `None` when a row or box has
    /// no place left for the digit.
    #[inline(always)]
    fn band_rule<const FAST_PEXT: bool>(&mut self, u: usize) -> Option<Units> {
        // The word straight from the unit's number; digit and band are
        // needed only off the critical path.
        let w = self.cand.as_flattened()[u];
        let (digit, band) = (u % 9, u / 9);
        let pattern = open_minirows::<FAST_PEXT>(w);
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
    /// `FAST_PEXT`: see `open_minirows`.
    #[inline(always)]
    pub(super) fn propagate<const FAST_PEXT: bool>(
        &mut self,
        mut dirty: Units,
        triad_min_open: u32,
        houses: Option<&Houses>,
    ) -> bool {
        let mut triad_done = false;
        // With extra houses: the units changed since their rules last
        // looked (every change passes through `dirty`).
        let mut touched: Units = 0;
        // The digits the houses took from `touched` that the relations
        // and the houses' wider locks have not seen yet.
        let mut for_relations = 0;
        let mut for_seen = 0;
        let mut for_equal = 0;
        loop {
            // In rounds: the next unit does not wait for the last one's
            // result, so consecutive band rules overlap in the processor.
            while dirty != 0 {
                if houses.is_some() {
                    touched |= dirty;
                }
                let mut round = dirty;
                while round != 0 {
                    let u = round.trailing_zeros() as usize;
                    round &= round - 1;
                    dirty &= !(1 << u);
                    match self.band_rule::<FAST_PEXT>(u) {
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
            if let Some(houses) = houses.filter(|h| h.has_houses()) {
                let digits = digits_of(std::mem::take(&mut touched));
                for_relations |= digits;
                for_seen |= digits;
                if digits != 0 {
                    match self.house_rules(houses, digits) {
                        Some(0) => {}
                        Some(changed) => {
                            dirty = changed;
                            continue;
                        }
                        None => return false,
                    }
                }
            }
            if self.open_cells() >= STACK_MIN_OPEN {
                match self.stack_rules() {
                    Some(changed) => dirty |= changed,
                    None => return false,
                }
            }
            // The relations at a fixpoint of the rest (fewer passes than
            // beside the houses: each costs a few operations a digit).
            if let Some(houses) = houses.filter(|h| dirty == 0 && !h.relations.is_empty()) {
                let digits = digits_of(std::mem::take(&mut touched)) | std::mem::take(&mut for_relations);
                for_equal |= digits;
                if digits != 0 {
                    dirty = self.relation_rules(&houses.relations, digits);
                }
            }
            if let Some(houses) = houses.filter(|h| dirty == 0 && for_seen != 0 && !h.houses.is_empty()) {
                dirty = self.seen_rules(houses, std::mem::take(&mut for_seen));
            }
            if let Some(houses) = houses.filter(|h| {
                dirty == 0 && for_equal != 0 && h.has_equal && self.open_cells() >= EQUAL_MIN_OPEN
            }) {
                dirty = self.equal_rules(&houses.relations, std::mem::take(&mut for_equal));
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
    pub(super) fn branch_cell(&self) -> Cell {
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

    /// The open cell (row-major index) with the fewest digits, two or
    /// more, for its weight in `weights` (whose largest is `most`), the
    /// first of those: [`ExtraRules::weights`]' choice. The cells are taken
    /// by their count of digits, fewest first, from bit-sliced counts; no
    /// cell of k digits can win once k over `most` is more than the best.
    ///
    /// [`ExtraRules::weights`]: super::ExtraRules::weights
    #[inline(always)]
    pub(super) fn lightest_cell(&self, weights: &[u32; 81], most: u32) -> Option<usize> {
        // Each cell's count of digits, bit-sliced: bit j of it in bits[j].
        let mut bits = [[0u32; 4]; 3];
        for (band, words) in bits.iter_mut().zip(&self.cand) {
            for &w in words {
                let mut carry = w;
                for bit in band.iter_mut() {
                    let next = *bit & carry;
                    *bit ^= carry;
                    carry = next;
                }
            }
        }
        let (mut best, mut best_count, mut best_weight) = (None, 0u64, 1u64);
        let most = u64::from(most);
        for k in 2..=9u64 {
            if best.is_some() && k * best_weight > best_count * most {
                break;
            }
            for (band, slices) in bits.iter().enumerate() {
                let mut group = BAND;
                for (j, &bit) in slices.iter().enumerate() {
                    group &= if k >> j & 1 != 0 { bit } else { !bit };
                }
                while group != 0 {
                    let i = 27 * band + group.trailing_zeros() as usize;
                    group &= group - 1;
                    let weight = u64::from(weights[i]);
                    let (ours, theirs) = (k * best_weight, best_count * weight);
                    if best.is_none_or(|b| ours < theirs || ours == theirs && i < b) {
                        (best, best_count, best_weight) = (Some(i), k, weight);
                    }
                }
            }
        }
        best
    }

    /// The branch point: a digit's configurations in the band with the
    /// fewest open cells, then with the fewest configurations of its digits
    /// in all; the digit with the fewest configurations (at least two)
    /// there. A nearly done band gives short branches whose failures show
    /// early: on the hardest-1905 set this is about a fifth less work than
    /// choosing by configurations alone.
    #[inline(always)]
    pub(super) fn branch_config(&self) -> Option<(usize, usize, u8)> {
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

    /// The cells without a digit (bit `c` = cell `c`, row-major).
    #[inline(always)]
    pub(super) fn empty_cells(&self) -> u128 {
        let mut empty = 0;
        for (b, words) in self.cand.iter().enumerate() {
            let any = words.iter().fold(0, |m, &w| m | w);
            empty |= u128::from(BAND & !any) << (27 * b);
        }
        empty
    }

    /// The digits still possible in `cell`.
    #[inline(always)]
    pub(super) fn digits_at(&self, cell: Cell) -> u16 {
        let mut m = 0u16;
        for (d, &w) in self.cand[cell.band].iter().enumerate() {
            m |= ((w >> cell.bit & 1) as u16) << d;
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{random_state, xorshift};
    use super::*;

    /// `lightest_cell` (counts bit-sliced, cells grouped by count, a stop
    /// past the largest weight) against a plain scan of each cell's digits
    /// in order, keeping the first with the least count over weight, on
    /// random words of every density with weights all one, small, or
    /// a few large.
    #[test]
    fn the_lightest_cell_is_a_plain_scans_choice() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut chosen = 0;
        for round in 0..3000 {
            let s = random_state(&mut next, round % 3);
            let mut weights = [1u32; 81];
            for w in &mut weights {
                *w = match round % 3 {
                    0 => 1,
                    1 => 1 + (next() % 4) as u32,
                    _ if next() % 10 == 0 => 1 + (next() % 1000) as u32,
                    _ => 1,
                };
            }
            let most = *weights.iter().max().unwrap();
            let (mut want, mut best_count, mut best_weight) = (None, u64::from(u32::MAX), 1u64);
            for (i, (&m, &w)) in s.cells().iter().zip(&weights).enumerate() {
                let k = u64::from(m.count_ones());
                if k >= 2 && k * best_weight < best_count * u64::from(w) {
                    (want, best_count, best_weight) = (Some(i), k, u64::from(w));
                }
            }
            assert_eq!(s.lightest_cell(&weights, most), want, "round {round}");
            chosen += usize::from(want.is_some_and(|i| s.cells()[i].count_ones() > 2));
        }
        // (Not only cells of two digits won.)
        assert!(chosen > 100, "{chosen}");
    }

    /// The `pext` form of `open_minirows` gives the tables' pattern, checked
    /// against a direct count of each mini-row's cells on every 9-bit row
    /// in each of the three rows and on random whole words.
    #[test]
    fn r33_open_minirows_both_ways() {
        let expected = |w: u32| (0..9).fold(0usize, |acc, i| acc | usize::from(w >> (3 * i) & 7 != 0) << i);
        let mut words: Vec<u32> = (0..512u32).flat_map(|r| [r, r << 9, r << 18]).collect();
        let mut x = 0x9e37_79b9_u32;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            words.push(x & BAND);
        }
        #[cfg(target_arch = "x86_64")]
        let fast = std::arch::is_x86_feature_detected!("bmi2");
        #[cfg(not(target_arch = "x86_64"))]
        let fast = false;
        for w in words {
            assert_eq!(open_minirows::<false>(w), expected(w), "tables, word {w:#x}");
            if fast {
                assert_eq!(open_minirows::<true>(w), expected(w), "pext, word {w:#x}");
            }
        }
    }
}
