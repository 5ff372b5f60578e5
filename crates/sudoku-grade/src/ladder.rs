//! The pattern techniques of the ladder, singles to BUG+1: each finds
//! every instance on a snapshot of the board and writes what they place
//! or eliminate into one [`Found`].
//!
//! Finding every instance, not the first, is what makes the grader
//! independent of cell and digit order: the set of instances of a
//! technique is the same on every isomorph of a board.

// Cells, digits and units index several parallel tables at once (masks,
// positions, peers); index loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

use sudoku_core::{BOX, COL, PEERS, ROW, UNITS};

use crate::board::{Board, Found, Pos, ALL, PEER_SET};
use crate::technique::Technique;

/// Runs one pattern technique on `b` (with `pos = b.positions()`),
/// adding what it finds to `out`. Chain and trial techniques are not
/// handled here.
pub(crate) fn find(t: Technique, b: &Board, pos: &Pos, out: &mut Found) {
    match t {
        Technique::HiddenSingleBox => hidden_singles(pos, 18..27, out),
        Technique::HiddenSingleLine => hidden_singles(pos, 0..18, out),
        Technique::DirectPointing => intersections(b, pos, true, Mode::Direct, out),
        Technique::DirectClaiming => intersections(b, pos, false, Mode::Direct, out),
        Technique::DirectHiddenPair => hidden_subsets(b, pos, 2, Mode::Direct, out),
        Technique::NakedSingle => naked_singles(b, out),
        Technique::DirectHiddenTriple => hidden_subsets(b, pos, 3, Mode::Direct, out),
        Technique::Pointing => intersections(b, pos, true, Mode::All, out),
        Technique::Claiming => intersections(b, pos, false, Mode::All, out),
        Technique::NakedPair => naked_subsets(b, 2, out),
        Technique::XWing => fish(b, pos, 2, out),
        Technique::HiddenPair => hidden_subsets(b, pos, 2, Mode::All, out),
        Technique::NakedTriple => naked_subsets(b, 3, out),
        Technique::Swordfish => fish(b, pos, 3, out),
        Technique::HiddenTriple => hidden_subsets(b, pos, 3, Mode::All, out),
        Technique::TurbotFish => turbot_fish(b, pos, out),
        Technique::XyWing => xy_wing(b, out),
        Technique::XyzWing => xyz_wing(b, out),
        Technique::UniqueRectangle => unique_rectangles(b, pos, out),
        Technique::NakedQuad => naked_subsets(b, 4, out),
        Technique::Jellyfish => fish(b, pos, 4, out),
        Technique::HiddenQuad => hidden_subsets(b, pos, 4, Mode::All, out),
        Technique::Bug => bug_plus_one(b, pos, out),
        _ => {}
    }
}

/// The pattern techniques, easiest first.
pub(crate) const PATTERNS: &[Technique] = {
    // The first 23 of `Technique::ALL`: everything before the chains.
    let (patterns, _chains) = Technique::ALL.as_slice().split_at(23);
    patterns
};

/// Which instances an elimination technique keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Every instance.
    All,
    /// Only instances whose eliminations at once leave a hidden single.
    Direct,
}

/// Every digit with one place left in one of `units`.
fn hidden_singles(pos: &Pos, units: std::ops::Range<usize>, out: &mut Found) {
    for u in units {
        for d in 0..9 {
            let m = pos[u][d];
            if m.count_ones() == 1 {
                out.place_digit(UNITS[u][m.trailing_zeros() as usize] as usize, d as u8 + 1);
            }
        }
    }
}

/// Every open cell with one candidate left.
fn naked_singles(b: &Board, out: &mut Found) {
    for c in 0..81 {
        let m = b.cands[c];
        if m.count_ones() == 1 {
            out.place_digit(c, m.trailing_zeros() as u8 + 1);
        }
    }
}

/// Whether removing digit `d0` (0-based) from `cells` leaves it with one
/// place in a unit where it had more.
fn leaves_hidden_single(pos: &Pos, d0: usize, cells: u128) -> bool {
    let mut rest = cells;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for u in [ROW[c] as usize, 9 + COL[c] as usize, 18 + BOX[c] as usize] {
            let mut left = pos[u][d0];
            for (k, &uc) in UNITS[u].iter().enumerate() {
                if cells & (1u128 << uc) != 0 {
                    left &= !(1 << k);
                }
            }
            if left.count_ones() == 1 && pos[u][d0].count_ones() > 1 {
                return true;
            }
        }
    }
    false
}

/// Pointing (`from_box`) or claiming: a digit confined to the
/// intersection of a box and a line leaves the rest of the other unit.
fn intersections(b: &Board, pos: &Pos, from_box: bool, mode: Mode, out: &mut Found) {
    let bases = if from_box { 18..27 } else { 0..18 };
    for u in bases {
        for d0 in 0..9 {
            let m = pos[u][d0];
            if m.count_ones() < 2 {
                continue;
            }
            let (mut cells, mut rows, mut cols, mut boxes) = (0u128, 0u16, 0u16, 0u16);
            for (k, &c) in UNITS[u].iter().enumerate() {
                if m & (1 << k) != 0 {
                    let c = c as usize;
                    cells |= 1u128 << c;
                    rows |= 1 << ROW[c];
                    cols |= 1 << COL[c];
                    boxes |= 1 << BOX[c];
                }
            }
            // The other unit holding every cell of the digit.
            let other = if from_box {
                if rows.count_ones() == 1 {
                    rows.trailing_zeros() as usize
                } else if cols.count_ones() == 1 {
                    9 + cols.trailing_zeros() as usize
                } else {
                    continue;
                }
            } else if boxes.count_ones() == 1 {
                18 + boxes.trailing_zeros() as usize
            } else {
                continue;
            };
            let mut targets = 0u128;
            for &c in &UNITS[other] {
                let c = c as usize;
                if cells & (1u128 << c) == 0 && b.cands[c] & (1 << d0) != 0 {
                    targets |= 1u128 << c;
                }
            }
            if targets == 0 || (mode == Mode::Direct && !leaves_hidden_single(pos, d0, targets)) {
                continue;
            }
            eliminate_cells(b, targets, 1 << d0, out);
        }
    }
}

fn eliminate_cells(b: &Board, mut cells: u128, mask: u16, out: &mut Found) {
    while cells != 0 {
        let c = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        out.eliminate(b, c, mask);
    }
}

/// Calls `f` with every `k`-subset (`k` <= 4) of `0..n`, as sorted indices.
fn for_each_subset(n: usize, k: usize, mut f: impl FnMut(&[usize])) {
    if k > n || k == 0 || k > 4 {
        return;
    }
    let mut idx = [0, 1, 2, 3];
    loop {
        f(&idx[..k]);
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if idx[i] < n - k + i {
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

/// A short list on the stack.
#[derive(Clone, Copy)]
struct Small<const N: usize> {
    items: [usize; N],
    len: usize,
}

impl<const N: usize> Small<N> {
    fn new() -> Self {
        Small { items: [0; N], len: 0 }
    }

    fn push(&mut self, x: usize) {
        if self.len < N {
            self.items[self.len] = x;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[usize] {
        &self.items[..self.len]
    }
}

/// `k` cells of a unit holding `k` digits between them: those digits go
/// from the unit's other cells.
fn naked_subsets(b: &Board, k: usize, out: &mut Found) {
    for unit in &UNITS {
        let mut cells = Small::<9>::new();
        for &c in unit {
            if (2..=k as u32).contains(&b.cands[c as usize].count_ones()) {
                cells.push(c as usize);
            }
        }
        let cells = cells.as_slice();
        for_each_subset(cells.len(), k, |s| {
            let union = s.iter().fold(0u16, |m, &i| m | b.cands[cells[i]]);
            if union.count_ones() as usize != k {
                return;
            }
            for &c in unit {
                let c = c as usize;
                if !s.iter().any(|&i| cells[i] == c) {
                    out.eliminate(b, c, union);
                }
            }
        });
    }
}

/// `k` digits of a unit confined to `k` cells: the other digits go from
/// those cells.
fn hidden_subsets(b: &Board, pos: &Pos, k: usize, mode: Mode, out: &mut Found) {
    for (u, unit) in UNITS.iter().enumerate() {
        let mut digits = Small::<9>::new();
        for d in 0..9 {
            if (2..=k as u32).contains(&pos[u][d].count_ones()) {
                digits.push(d);
            }
        }
        let digits = digits.as_slice();
        for_each_subset(digits.len(), k, |s| {
            let places = s.iter().fold(0u16, |m, &i| m | pos[u][digits[i]]);
            if places.count_ones() as usize != k {
                return;
            }
            let keep = s.iter().fold(0u16, |m, &i| m | (1 << digits[i]));
            let mut by_digit = [0u128; 9];
            let mut any = false;
            for (kk, &c) in unit.iter().enumerate() {
                if places & (1 << kk) != 0 {
                    let mut extra = b.cands[c as usize] & !keep;
                    any |= extra != 0;
                    while extra != 0 {
                        let e = extra.trailing_zeros() as usize;
                        extra &= extra - 1;
                        by_digit[e] |= 1u128 << c;
                    }
                }
            }
            if !any {
                return;
            }
            if mode == Mode::Direct
                && !(0..9).any(|e| by_digit[e] != 0 && leaves_hidden_single(pos, e, by_digit[e]))
            {
                return;
            }
            for (e, &cells) in by_digit.iter().enumerate() {
                eliminate_cells(b, cells, 1 << e, out);
            }
        });
    }
}

/// Fish of size `k` (X-wing, swordfish, jellyfish) on rows and on columns.
fn fish(b: &Board, pos: &Pos, k: usize, out: &mut Found) {
    for d0 in 0..9 {
        for base_cols in [false, true] {
            // Lines 0-8 are rows (positions = columns) or columns (positions = rows).
            let off = if base_cols { 9 } else { 0 };
            let mut lines = Small::<9>::new();
            for l in 0..9 {
                if (2..=k as u32).contains(&pos[off + l][d0].count_ones()) {
                    lines.push(l);
                }
            }
            let lines = lines.as_slice();
            for_each_subset(lines.len(), k, |s| {
                let cover = s.iter().fold(0u16, |m, &i| m | pos[off + lines[i]][d0]);
                if cover.count_ones() as usize != k {
                    return;
                }
                let base = s.iter().fold(0u16, |m, &i| m | (1 << lines[i]));
                let cover_off = 9 - off;
                for x in 0..9 {
                    if cover & (1 << x) == 0 {
                        continue;
                    }
                    // Positions of the digit in the cover line, outside the base lines.
                    let mut rest = pos[cover_off + x][d0] & !base;
                    while rest != 0 {
                        let y = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        out.eliminate(b, UNITS[cover_off + x][y] as usize, 1 << d0);
                    }
                }
            });
        }
    }
}

/// Turbot fish: strong link a=b, weak link b-c, strong link c=d on one
/// digit (a unit where it has two places is a strong link; two cells that
/// see each other, a weak one). One of a and d holds the digit, so every
/// cell seeing both loses it. Covers the skyscraper and two-string kite.
fn turbot_fish(b: &Board, pos: &Pos, out: &mut Found) {
    for d0 in 0..9 {
        // Strong links of the digit, in both directions.
        let mut links = [(0u8, 0u8); 2 * 27];
        let mut n = 0;
        for u in 0..27 {
            let m = pos[u][d0];
            if m.count_ones() == 2 {
                let x = UNITS[u][m.trailing_zeros() as usize];
                let y = UNITS[u][15 - m.leading_zeros() as usize];
                links[n] = (x, y);
                links[n + 1] = (y, x);
                n += 2;
            }
        }
        let links = &links[..n];
        for &(a, b1) in links {
            for &(c, d) in links {
                let (a, b1, c, d) = (a as usize, b1 as usize, c as usize, d as usize);
                if b1 == c || a == c || a == d || b1 == d || PEER_SET[b1] & (1u128 << c) == 0 {
                    continue;
                }
                eliminate_cells(b, PEER_SET[a] & PEER_SET[d], 1 << d0, out);
            }
        }
    }
}

/// Pivot {x,y}, pincers {x,z} and {y,z} that see the pivot: z goes from
/// every cell seeing both pincers.
fn xy_wing(b: &Board, out: &mut Found) {
    for p in 0..81 {
        let pm = b.cands[p];
        if pm.count_ones() != 2 {
            continue;
        }
        let mut wings = Small::<20>::new();
        for &c in &PEERS[p] {
            let m = b.cands[c as usize];
            if m.count_ones() == 2 && (m & pm).count_ones() == 1 {
                wings.push(c as usize);
            }
        }
        let wings = wings.as_slice();
        for (i, &a) in wings.iter().enumerate() {
            for &w in &wings[i + 1..] {
                let (am, wm) = (b.cands[a], b.cands[w]);
                let z = am & wm & !pm;
                // The pincers share z and take different pivot digits.
                if z.count_ones() != 1 || (am & pm) == (wm & pm) {
                    continue;
                }
                eliminate_cells(b, PEER_SET[a] & PEER_SET[w], z, out);
            }
        }
    }
}

/// Pivot {x,y,z}, pincers {x,z} and {y,z} that see it: z goes from every
/// cell seeing all three.
fn xyz_wing(b: &Board, out: &mut Found) {
    for p in 0..81 {
        let pm = b.cands[p];
        if pm.count_ones() != 3 {
            continue;
        }
        let mut wings = Small::<20>::new();
        for &c in &PEERS[p] {
            let m = b.cands[c as usize];
            if m.count_ones() == 2 && m & !pm == 0 {
                wings.push(c as usize);
            }
        }
        let wings = wings.as_slice();
        for (i, &a) in wings.iter().enumerate() {
            for &w in &wings[i + 1..] {
                let (am, wm) = (b.cands[a], b.cands[w]);
                if am == wm {
                    continue;
                }
                let z = am & wm;
                eliminate_cells(b, PEER_SET[p] & PEER_SET[a] & PEER_SET[w], z, out);
            }
        }
    }
}

/// Unique rectangles of types 1, 2 and 4: four open cells in two rows, two
/// columns and two boxes that all hold digits {a,b}. Were the pattern to
/// end up as a,b / b,a the puzzle would have two solutions, so something
/// must break it.
fn unique_rectangles(b: &Board, pos: &Pos, out: &mut Found) {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    // Exactly two boxes: same band or same stack, not both.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let common = cells.iter().fold(ALL, |m, &c| m & b.cands[c]);
                    if common.count_ones() < 2 {
                        continue;
                    }
                    for i in 0..9 {
                        for j in i + 1..9 {
                            let ab = (1u16 << i) | (1 << j);
                            if common & ab == ab {
                                rectangle(b, pos, cells, ab, out);
                            }
                        }
                    }
                }
            }
        }
    }
}

fn rectangle(b: &Board, pos: &Pos, cells: [usize; 4], ab: u16, out: &mut Found) {
    let mut roof = Small::<4>::new();
    for &c in &cells {
        if b.cands[c] != ab {
            roof.push(c);
        }
    }
    let roof = roof.as_slice();
    match roof.len() {
        // Type 1: the one cell with extras cannot be a or b.
        1 => {
            out.eliminate(b, roof[0], ab);
        }
        2 => {
            let (x, y) = (roof[0], roof[1]);
            let (ex, ey) = (b.cands[x] & !ab, b.cands[y] & !ab);
            // Type 2: the same one extra digit in both: it is in one of them.
            if ex == ey && ex.count_ones() == 1 {
                eliminate_cells(b, PEER_SET[x] & PEER_SET[y], ex, out);
            }
            // Type 4: the roof shares a line; if a is confined to the roof
            // in that line (or in a shared box), b goes from both.
            if ROW[x] == ROW[y] || COL[x] == COL[y] {
                let line = if ROW[x] == ROW[y] { ROW[x] as usize } else { 9 + COL[x] as usize };
                let shared_box = (BOX[x] == BOX[y]).then_some(18 + BOX[x] as usize);
                for u in std::iter::once(line).chain(shared_box) {
                    for (a, other) in
                        [(ab & ab.wrapping_neg(), ab & (ab - 1)), (ab & (ab - 1), ab & ab.wrapping_neg())]
                    {
                        let d0 = a.trailing_zeros() as usize;
                        if pos[u][d0].count_ones() == 2 {
                            out.eliminate(b, x, other);
                            out.eliminate(b, y, other);
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// BUG+1: every open cell has two candidates but one, which has three, and
/// every digit appears twice in each unit but one: without that digit the
/// grid would be a "bivalue universal grave" with two solutions.
fn bug_plus_one(b: &Board, pos: &Pos, out: &mut Found) {
    let mut odd = None;
    for c in 0..81 {
        match b.cands[c].count_ones() {
            0 | 2 => {}
            3 if odd.is_none() => odd = Some(c),
            _ => return,
        }
    }
    let Some(c) = odd else { return };
    for u in 0..27 {
        for d in 0..9 {
            let n = pos[u][d].count_ones();
            let in_odd_cell = UNITS[u].contains(&(c as u8)) && b.cands[c] & (1 << d) != 0;
            if n != 0 && n != 2 && !(n == 3 && in_odd_cell) {
                return;
            }
        }
    }
    let row = ROW[c] as usize;
    let mut m = b.cands[c];
    while m != 0 {
        let d0 = m.trailing_zeros() as usize;
        m &= m - 1;
        if pos[row][d0].count_ones() == 3 {
            out.place_digit(c, d0 as u8 + 1);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    //! One constructed candidate state per pattern technique, where that
    //! technique is the easiest one that makes progress. Cells not
    //! mentioned keep all nine candidates, so nothing else applies; each
    //! expected result is worked out by hand from the pattern.

    use super::*;

    fn full() -> Board {
        Board { cands: [ALL; 81], value: [0; 81] }
    }

    fn cell(r: usize, c: usize) -> usize {
        (r - 1) * 9 + (c - 1)
    }

    fn mask(digits: &[u8]) -> u16 {
        digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
    }

    /// Removes `digits` from `cells`.
    fn remove(b: &mut Board, cells: impl IntoIterator<Item = usize>, digits: &[u8]) {
        for c in cells {
            b.cands[c] &= !mask(digits);
        }
    }

    /// The cells of unit `u` but `keep`.
    fn unit_but(u: usize, keep: &[usize]) -> Vec<usize> {
        UNITS[u].iter().map(|&c| c as usize).filter(|c| !keep.contains(c)).collect()
    }

    const fn row(r: usize) -> usize {
        r - 1
    }
    const fn col(c: usize) -> usize {
        9 + c - 1
    }
    const fn boxx(b: usize) -> usize {
        18 + b - 1
    }

    /// The easiest pattern technique that finds something, and what.
    fn first(b: &Board) -> (Technique, Found) {
        let pos = b.positions();
        for &t in PATTERNS {
            let mut f = Found::default();
            find(t, b, &pos, &mut f);
            if !f.is_empty() {
                return (t, f);
            }
        }
        panic!("no pattern applies");
    }

    fn check(b: &Board, want: Technique, place: &[(usize, u8)], elim: &[(usize, &[u8])]) {
        let (t, f) = first(b);
        assert_eq!(t, want);
        let mut expected = Found::default();
        for &(c, d) in place {
            expected.place_digit(c, d);
        }
        for &(c, ds) in elim {
            expected.elim[c] |= mask(ds);
        }
        let show = |f: &Found| {
            let mut v = Vec::new();
            for c in 0..81 {
                if f.place[c] != 0 || f.elim[c] != 0 {
                    v.push(format!("r{}c{} +{:09b} -{:09b}", c / 9 + 1, c % 9 + 1, f.place[c], f.elim[c]));
                }
            }
            v
        };
        assert_eq!(show(&f), show(&expected));
    }

    fn each(cells: &[usize], digits: &'static [u8]) -> Vec<(usize, &'static [u8])> {
        cells.iter().map(|&c| (c, digits)).collect()
    }

    #[test]
    fn hidden_single_in_a_box() {
        let mut b = full();
        remove(&mut b, unit_but(boxx(1), &[cell(1, 1)]), &[5]);
        check(&b, Technique::HiddenSingleBox, &[(cell(1, 1), 5)], &[]);
    }

    #[test]
    fn hidden_single_in_a_row() {
        let mut b = full();
        remove(&mut b, unit_but(row(1), &[cell(1, 1)]), &[5]);
        check(&b, Technique::HiddenSingleLine, &[(cell(1, 1), 5)], &[]);
    }

    #[test]
    fn naked_single() {
        let mut b = full();
        b.cands[cell(5, 5)] = mask(&[7]);
        check(&b, Technique::NakedSingle, &[(cell(5, 5), 7)], &[]);
    }

    #[test]
    fn direct_pointing_leaves_a_hidden_single() {
        // 5 of box 1 in r1c1, r1c2; 5 of box 2 in r1c5, r2c5: the pointing
        // of box 1 takes r1c5 and leaves r2c5 alone in box 2.
        let mut b = full();
        remove(&mut b, unit_but(boxx(1), &[cell(1, 1), cell(1, 2)]), &[5]);
        remove(&mut b, unit_but(boxx(2), &[cell(1, 5), cell(2, 5)]), &[5]);
        let elim = each(&[cell(1, 5), cell(1, 7), cell(1, 8), cell(1, 9)], &[5]);
        check(&b, Technique::DirectPointing, &[], &elim);
    }

    #[test]
    fn direct_claiming_leaves_a_hidden_single() {
        // 5 of row 1 in box 1 only; 5 of column 3 in r2c3 and r4c3: the
        // claiming takes r2c3 and leaves r4c3 alone in column 3.
        let mut b = full();
        remove(&mut b, unit_but(row(1), &[cell(1, 1), cell(1, 2)]), &[5]);
        remove(&mut b, unit_but(col(3), &[cell(2, 3), cell(4, 3)]), &[5]);
        let elim = each(&[cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2)], &[5]);
        check(&b, Technique::DirectClaiming, &[], &elim);
    }

    #[test]
    fn pointing() {
        let mut b = full();
        remove(&mut b, unit_but(boxx(1), &[cell(1, 1), cell(1, 2)]), &[5]);
        let elim = each(&[cell(1, 4), cell(1, 5), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)], &[5]);
        check(&b, Technique::Pointing, &[], &elim);
    }

    #[test]
    fn claiming() {
        let mut b = full();
        remove(&mut b, unit_but(row(1), &[cell(1, 1), cell(1, 2), cell(1, 3)]), &[5]);
        let elim = each(&[cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)], &[5]);
        check(&b, Technique::Claiming, &[], &elim);
    }

    #[test]
    fn naked_pair_clears_its_row_and_box() {
        let mut b = full();
        b.cands[cell(1, 1)] = mask(&[1, 2]);
        b.cands[cell(1, 2)] = mask(&[1, 2]);
        let mut cells: Vec<usize> = (3..=9).map(|c| cell(1, c)).collect();
        cells.extend([cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)]);
        check(&b, Technique::NakedPair, &[], &each(&cells, &[1, 2]));
    }

    #[test]
    fn x_wing() {
        let mut b = full();
        remove(&mut b, unit_but(row(1), &[cell(1, 2), cell(1, 8)]), &[5]);
        remove(&mut b, unit_but(row(5), &[cell(5, 2), cell(5, 8)]), &[5]);
        let cells: Vec<usize> =
            [2, 3, 4, 6, 7, 8, 9].iter().flat_map(|&r| [cell(r, 2), cell(r, 8)]).collect();
        check(&b, Technique::XWing, &[], &each(&cells, &[5]));
    }

    #[test]
    fn hidden_pair() {
        let mut b = full();
        remove(&mut b, unit_but(row(1), &[cell(1, 1), cell(1, 5)]), &[1, 2]);
        let elim = each(&[cell(1, 1), cell(1, 5)], &[3, 4, 5, 6, 7, 8, 9]);
        check(&b, Technique::HiddenPair, &[], &elim);
    }

    #[test]
    fn direct_hidden_pair_leaves_a_hidden_single() {
        // As above, and 9 of column 1 only in r1c1 and r6c1: clearing r1c1
        // leaves r6c1.
        let mut b = full();
        remove(&mut b, unit_but(row(1), &[cell(1, 1), cell(1, 5)]), &[1, 2]);
        remove(&mut b, unit_but(col(1), &[cell(1, 1), cell(6, 1)]), &[9]);
        let elim = each(&[cell(1, 1), cell(1, 5)], &[3, 4, 5, 6, 7, 8, 9]);
        check(&b, Technique::DirectHiddenPair, &[], &elim);
    }

    #[test]
    fn naked_triple_clears_its_row_and_box() {
        let mut b = full();
        b.cands[cell(1, 1)] = mask(&[1, 2]);
        b.cands[cell(1, 2)] = mask(&[2, 3]);
        b.cands[cell(1, 3)] = mask(&[1, 3]);
        let mut cells: Vec<usize> = (4..=9).map(|c| cell(1, c)).collect();
        cells.extend([cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)]);
        check(&b, Technique::NakedTriple, &[], &each(&cells, &[1, 2, 3]));
    }

    #[test]
    fn swordfish() {
        let mut b = full();
        remove(&mut b, unit_but(row(1), &[cell(1, 1), cell(1, 4)]), &[5]);
        remove(&mut b, unit_but(row(4), &[cell(4, 4), cell(4, 7)]), &[5]);
        remove(&mut b, unit_but(row(7), &[cell(7, 1), cell(7, 7)]), &[5]);
        let cells: Vec<usize> =
            [2, 3, 5, 6, 8, 9].iter().flat_map(|&r| [cell(r, 1), cell(r, 4), cell(r, 7)]).collect();
        check(&b, Technique::Swordfish, &[], &each(&cells, &[5]));
    }

    /// Row 1 with digits 1, 2, 3 confined to r1c1, r1c5, r1c9 as
    /// {1,2}, {2,3}, {1,3}.
    fn hidden_triple_row() -> Board {
        let mut b = full();
        remove(&mut b, unit_but(row(1), &[cell(1, 1), cell(1, 5), cell(1, 9)]), &[1, 2, 3]);
        remove(&mut b, [cell(1, 1)], &[3]);
        remove(&mut b, [cell(1, 5)], &[1]);
        remove(&mut b, [cell(1, 9)], &[2]);
        b
    }

    #[test]
    fn hidden_triple() {
        let b = hidden_triple_row();
        let elim = each(&[cell(1, 1), cell(1, 5), cell(1, 9)], &[4, 5, 6, 7, 8, 9]);
        check(&b, Technique::HiddenTriple, &[], &elim);
    }

    #[test]
    fn direct_hidden_triple_leaves_a_hidden_single() {
        let mut b = hidden_triple_row();
        remove(&mut b, unit_but(col(1), &[cell(1, 1), cell(6, 1)]), &[9]);
        let elim = each(&[cell(1, 1), cell(1, 5), cell(1, 9)], &[4, 5, 6, 7, 8, 9]);
        check(&b, Technique::DirectHiddenTriple, &[], &elim);
    }

    #[test]
    fn turbot_fish_as_a_skyscraper() {
        // 5 of column 1 in r1c1, r7c1 and of column 5 in r2c5, r7c5: one of
        // r1c1 and r2c5 is 5, so cells seeing both lose 5.
        let mut b = full();
        remove(&mut b, unit_but(col(1), &[cell(1, 1), cell(7, 1)]), &[5]);
        remove(&mut b, unit_but(col(5), &[cell(2, 5), cell(7, 5)]), &[5]);
        let elim = each(&[cell(1, 4), cell(1, 6), cell(2, 2), cell(2, 3)], &[5]);
        check(&b, Technique::TurbotFish, &[], &elim);
    }

    #[test]
    fn xy_wing() {
        // Pivot r5c5 {1,2}, pincers r5c1 {1,3} and r1c5 {2,3}: r1c1 sees
        // both pincers and loses 3.
        let mut b = full();
        b.cands[cell(5, 5)] = mask(&[1, 2]);
        b.cands[cell(5, 1)] = mask(&[1, 3]);
        b.cands[cell(1, 5)] = mask(&[2, 3]);
        check(&b, Technique::XyWing, &[], &[(cell(1, 1), &[3])]);
    }

    #[test]
    fn xyz_wing() {
        // Pivot r5c5 {1,2,3}, pincers r4c4 {1,3} (same box) and r1c5
        // {2,3} (same column): r4c5 and r6c5 see all three and lose 3.
        let mut b = full();
        b.cands[cell(5, 5)] = mask(&[1, 2, 3]);
        b.cands[cell(4, 4)] = mask(&[1, 3]);
        b.cands[cell(1, 5)] = mask(&[2, 3]);
        check(&b, Technique::XyzWing, &[], &[(cell(4, 5), &[3]), (cell(6, 5), &[3])]);
    }

    #[test]
    fn unique_rectangle_type_1() {
        // r1c1, r1c4, r2c1 hold {1,2} only, r2c4 more: were r2c4 1 or 2,
        // the four cells could swap 1 and 2, giving two solutions.
        let mut b = full();
        for c in [cell(1, 1), cell(1, 4), cell(2, 1)] {
            b.cands[c] = mask(&[1, 2]);
        }
        let keep = [cell(1, 1), cell(1, 4), cell(2, 1)];
        remove(&mut b, unit_but(row(1), &keep), &[1, 2]);
        remove(&mut b, unit_but(col(1), &keep), &[1, 2]);
        remove(&mut b, unit_but(boxx(1), &keep), &[1, 2]);
        check(&b, Technique::UniqueRectangle, &[], &[(cell(2, 4), &[1, 2])]);
    }

    #[test]
    fn naked_quad() {
        let mut b = full();
        b.cands[cell(1, 1)] = mask(&[1, 2]);
        b.cands[cell(1, 4)] = mask(&[2, 3]);
        b.cands[cell(1, 7)] = mask(&[3, 4]);
        b.cands[cell(1, 9)] = mask(&[1, 4]);
        let cells = [cell(1, 2), cell(1, 3), cell(1, 5), cell(1, 6), cell(1, 8)];
        check(&b, Technique::NakedQuad, &[], &each(&cells, &[1, 2, 3, 4]));
    }

    #[test]
    fn jellyfish() {
        // 5 in rows 1, 4, 7, 9 on three each of columns 1, 2, 4, 7: no three
        // rows cover three columns, no row is a strong link (so no chain),
        // and no box holds its 5 in one line.
        let mut b = full();
        remove(&mut b, unit_but(row(1), &[cell(1, 1), cell(1, 2), cell(1, 4)]), &[5]);
        remove(&mut b, unit_but(row(4), &[cell(4, 2), cell(4, 4), cell(4, 7)]), &[5]);
        remove(&mut b, unit_but(row(7), &[cell(7, 1), cell(7, 4), cell(7, 7)]), &[5]);
        remove(&mut b, unit_but(row(9), &[cell(9, 1), cell(9, 2), cell(9, 7)]), &[5]);
        let cells: Vec<usize> =
            [2, 3, 5, 6, 8].iter().flat_map(|&r| [cell(r, 1), cell(r, 2), cell(r, 4), cell(r, 7)]).collect();
        check(&b, Technique::Jellyfish, &[], &each(&cells, &[5]));
    }

    #[test]
    fn hidden_quad() {
        // Digits 1-4 of row 1 in r1c1, r1c4, r1c2, r1c7 as a cycle
        // {1,4}, {1,2}, {2,3}, {3,4}: no smaller hidden subset, no claiming.
        let mut b = full();
        let quad = [cell(1, 1), cell(1, 2), cell(1, 4), cell(1, 7)];
        remove(&mut b, unit_but(row(1), &quad), &[1, 2, 3, 4]);
        remove(&mut b, [cell(1, 1)], &[2, 3]);
        remove(&mut b, [cell(1, 4)], &[3, 4]);
        remove(&mut b, [cell(1, 2)], &[1, 4]);
        remove(&mut b, [cell(1, 7)], &[1, 2]);
        check(&b, Technique::HiddenQuad, &[], &each(&quad, &[5, 6, 7, 8, 9]));
    }
}
