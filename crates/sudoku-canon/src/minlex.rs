//! The minlex search: the smallest equivalent grid, built one output row at a
//! time.
//!
//! A *candidate* is a partial transformation that has produced output rows
//! `0..k`, all candidates of a level producing the same rows (the smallest
//! so far). It fixes the orientation and the source rows of those output
//! rows, an order of the columns and the labels of the digits seen so far.
//! Columns whose contents in the rows made so far are equal stay
//! interchangeable (`col_tie`), and so do whole stacks (`stack_tie`): an empty
//! first row leaves all 1,296 column orders open in one candidate instead of
//! 1,296 candidates.
//!
//! Row `k` of a candidate is made from each source row it may take next (any
//! row of an unused band when `k` starts a band, else the rest of the band),
//! by a small search over what is still open: which of the interchangeable
//! stacks comes next, and within a group of interchangeable columns, blanks
//! first, then digits already labelled in label order, then a new digit
//! (which takes the next label; two new digits are two branches). Every
//! branch is compared with the best row of the level so far and cut as soon
//! as it is larger; the children that equal the best row are the candidates
//! of the next level.

use sudoku_core::Grid;

use crate::Transform;

/// Column tie bits within stacks: 0–1, 1–2, 3–4, 4–5, 6–7, 7–8.
const ALL_COL_TIES: u16 = 0b1101_1011;
/// Stack tie bits: 0–1, 1–2.
const ALL_STACK_TIES: u8 = 0b11;

/// A partial transformation (see the module docs).
#[derive(Clone, Copy)]
struct Cand {
    /// Orientation: 0 as given, 1 transposed.
    orient: u8,
    /// Source rows of output rows `0..k`.
    rows: [u8; 9],
    /// Source column of each output column.
    cols: [u8; 9],
    /// Bit `p`: output columns `p` and `p + 1` are interchangeable.
    col_tie: u16,
    /// Bit `s`: output stacks `s` and `s + 1` are interchangeable.
    stack_tie: u8,
    /// Output digit of each source digit; 0 while unseen.
    label: [u8; 10],
    /// The label the next new digit gets.
    next: u8,
    /// Bit `r`: source row `r` has given an output row.
    used_rows: u16,
}

/// The state of one branch of a row's search.
#[derive(Clone, Copy)]
struct Branch {
    cols: [u8; 9],
    /// The candidate's column ties, moved with the stacks.
    ties: u16,
    label: [u8; 10],
    next: u8,
    out: [u8; 9],
}

/// Reusable buffers of the minlex search: one per thread, so that
/// canonicalizing a grid allocates nothing once they have grown.
#[derive(Default)]
pub struct Canonicalizer {
    cands: Vec<Cand>,
    children: Vec<Cand>,
    /// The best row of the level being searched, when there is one.
    best: Option<[u8; 9]>,
    /// The most candidates of one level in the last search.
    peak: usize,
}

impl Canonicalizer {
    /// A canonicalizer with empty buffers.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The minlex form of `grid` and a transformation that maps `grid` onto
    /// it (see [`crate::canonical`]).
    pub fn canonical(&mut self, grid: &Grid) -> (Grid, Transform) {
        let cells = grid.to_array();
        let mut src = [[[0u8; 9]; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                src[0][r][c] = cells[r * 9 + c];
                src[1][c][r] = cells[r * 9 + c];
            }
        }
        self.cands.clear();
        self.peak = 0;
        for orient in 0..2 {
            self.cands.push(Cand {
                orient,
                rows: [0; 9],
                cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
                col_tie: ALL_COL_TIES,
                stack_tie: ALL_STACK_TIES,
                label: [0; 10],
                next: 1,
                used_rows: 0,
            });
        }
        let mut out = [0u8; 81];
        for k in 0..9 {
            self.best = None;
            self.children.clear();
            for cand_idx in 0..self.cands.len() {
                let cand = self.cands[cand_idx];
                let grid = &src[cand.orient as usize];
                let mut tried = [0u8; 9];
                let mut n_tried = 0;
                for r in next_rows(&cand, k) {
                    if tried[..n_tried].iter().any(|&t| same_choice(grid, t, r)) {
                        continue;
                    }
                    tried[n_tried] = r;
                    n_tried += 1;
                    self.expand(&cand, k, r, &grid[r as usize]);
                }
            }
            out[k * 9..k * 9 + 9].copy_from_slice(&self.best.expect("every level has a row"));
            self.peak = self.peak.max(self.children.len());
            std::mem::swap(&mut self.cands, &mut self.children);
        }
        let found = &self.cands[0];
        let mut digits = [0u8; 9];
        let mut next = found.next;
        for d in 1..10 {
            digits[d - 1] = match found.label[d] {
                0 => {
                    next += 1;
                    next - 1
                }
                l => l,
            };
        }
        let transform = Transform::new(found.orient == 1, found.rows, found.cols, digits)
            .expect("the search keeps bands and stacks whole");
        (Grid::from_array(out).expect("labels are 1-9"), transform)
    }

    /// The most candidates one level of the last search kept: the measure
    /// of its work (at most 2 × 1,296 × 1,296 in principle; a few for most
    /// puzzles, 23,328 for a solution grid's first row).
    pub fn peak_candidates(&self) -> usize {
        self.peak
    }

    /// Searches output row `k` of `cand` made from source row `r` (`row`:
    /// its digits by source column).
    fn expand(&mut self, cand: &Cand, k: usize, r: u8, row: &[u8; 9]) {
        let branch =
            Branch { cols: cand.cols, ties: cand.col_tie, label: cand.label, next: cand.next, out: [0; 9] };
        let search = RowSearch { parent: cand, k, r, row };
        self.stack_slot(&search, branch, 0, true);
    }

    /// Output stack `s` begins: try each of the interchangeable stacks not
    /// yet placed there. `eq`: the row so far equals the best row's start.
    fn stack_slot(&mut self, search: &RowSearch, b: Branch, s: usize, eq: bool) {
        if s == 3 {
            self.finish(search, &b);
            return;
        }
        let mut last = s;
        while last < 2 && search.parent.stack_tie & (1 << last) != 0 {
            last += 1;
        }
        // Interchangeable stacks whose digits in this row are the same give
        // the same rows from here on: one of them is tried. (Without this, a
        // row of blanks, or an invalid grid of one digit, would try every
        // order of stacks that stay interchangeable at every row.)
        let mut tried = [[0u8; 3]; 3];
        let mut n_tried = 0;
        for other in s..=last {
            let digits: [u8; 3] = std::array::from_fn(|i| search.row[b.cols[3 * other + i] as usize]);
            if tried[..n_tried].contains(&digits) {
                continue;
            }
            tried[n_tried] = digits;
            n_tried += 1;
            let mut b = b;
            if other != s {
                for i in 0..3 {
                    b.cols.swap(3 * s + i, 3 * other + i);
                }
                let mask = 0b11u16;
                let (a, o) = ((b.ties >> (3 * s)) & mask, (b.ties >> (3 * other)) & mask);
                b.ties =
                    (b.ties & !(mask << (3 * s)) & !(mask << (3 * other))) | o << (3 * s) | a << (3 * other);
            }
            self.cell(search, b, 3 * s, eq);
        }
    }

    /// Output column `p` takes the smallest of the interchangeable columns
    /// left for it: a blank, else the smallest label, else a new digit (one
    /// branch per new digit).
    fn cell(&mut self, search: &RowSearch, b: Branch, p: usize, mut eq: bool) {
        let mut last = p;
        while last % 3 != 2 && b.ties & (1 << last) != 0 {
            last += 1;
        }
        let value = |x: usize| match search.row[b.cols[x] as usize] {
            0 => 0,
            d if b.label[d as usize] != 0 => b.label[d as usize],
            _ => b.next,
        };
        let v = (p..=last).map(value).min().expect("a cell has a column");
        if let (true, Some(best)) = (eq, &self.best) {
            if v > best[p] {
                return;
            }
            eq = v == best[p];
        }
        let new_digit = v != 0 && v == b.next;
        let mut tried = 0u16;
        for x in p..=last {
            let d = search.row[b.cols[x] as usize];
            if value(x) != v || tried & (1 << d) != 0 {
                continue;
            }
            tried |= 1 << d;
            let mut b = b;
            b.cols.swap(p, x);
            b.out[p] = v;
            if new_digit {
                b.label[d as usize] = b.next;
                b.next += 1;
            }
            if p % 3 == 2 {
                self.stack_slot(search, b, p / 3 + 1, eq);
            } else {
                self.cell(search, b, p + 1, eq);
            }
            if !new_digit {
                break; // Columns of equal value stay interchangeable.
            }
        }
    }

    /// A branch made the whole row: keep it if it is the best so far.
    fn finish(&mut self, search: &RowSearch, b: &Branch) {
        match &self.best {
            Some(best) if b.out > *best => return,
            Some(best) if b.out == *best => {}
            _ => {
                self.best = Some(b.out);
                self.children.clear();
            }
        }
        let parent = search.parent;
        let mut col_tie = 0u16;
        for p in 0..8 {
            if b.ties & (1 << p) != 0 && b.out[p] == b.out[p + 1] {
                col_tie |= 1 << p;
            }
        }
        let mut stack_tie = 0u8;
        for s in 0..2 {
            if parent.stack_tie & (1 << s) != 0 && b.out[3 * s..3 * s + 3] == b.out[3 * s + 3..3 * s + 6] {
                stack_tie |= 1 << s;
            }
        }
        let mut rows = parent.rows;
        rows[search.k] = search.r;
        self.children.push(Cand {
            orient: parent.orient,
            rows,
            cols: b.cols,
            col_tie,
            stack_tie,
            label: b.label,
            next: b.next,
            used_rows: parent.used_rows | 1 << search.r,
        });
    }
}

/// What a row's search extends: output row `k` of `parent` from source row
/// `r`, whose digits by source column are `row`.
struct RowSearch<'a> {
    parent: &'a Cand,
    k: usize,
    r: u8,
    row: &'a [u8; 9],
}

/// Whether source row `b` as the next output row gives the same rows from
/// here on as row `a`: the rows are equal, and so are what each leaves for
/// later (the rest of the same band, or two bands equal as sets of rows).
/// Trying one of them keeps blank rows, and the bands of a grid made of one
/// band repeated, from multiplying the candidates.
fn same_choice(grid: &[[u8; 9]; 9], a: u8, b: u8) -> bool {
    let (a, b) = (a as usize, b as usize);
    if grid[a] != grid[b] {
        return false;
    }
    if a / 3 == b / 3 {
        return true;
    }
    let band = |first: usize| {
        let mut rows = [grid[first], grid[first + 1], grid[first + 2]];
        rows.sort_unstable();
        rows
    };
    band(a / 3 * 3) == band(b / 3 * 3)
}

/// The source rows output row `k` of `cand` may take: any row of an unused
/// band when `k` starts a band, else the unused rows of the band of row
/// `k - 1`.
fn next_rows(cand: &Cand, k: usize) -> impl Iterator<Item = u8> {
    let used = cand.used_rows;
    let band_of_prev = (k % 3 != 0).then(|| cand.rows[k - 1] / 3);
    (0..9u8).filter(move |&r| {
        let band_used = (used >> (3 * (r / 3))) & 0b111 != 0;
        match band_of_prev {
            None => !band_used,
            Some(b) => r / 3 == b && used & (1 << r) == 0,
        }
    })
}
