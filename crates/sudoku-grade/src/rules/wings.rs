//! WXYZ- and VWXYZ-wings, as Sudoku Explainer (Sukaku Explainer 1.18.1)
//! finds them: an almost locked set (ALS: n cells that all see each other
//! holding n + 1 digits) linked to a bivalue cell {x,z} outside it whose
//! two digits are digits of the ALS; three ALS cells for a WXYZ-wing, four
//! for a VWXYZ-wing. Cells that all see each other lie in one unit, unless
//! a rule of moves makes peers: then a king's diagonal and a row can close
//! a triangle, and the ALS is any such clique.
//!
//! If every ALS cell with x sees the bivalue cell (x is a *restricted
//! common*), then z is in the bivalue cell or in the ALS: z goes from
//! every cell seeing all the cells of the pattern with z. When z is a
//! restricted common too (a "ring"), the pattern is a locked set: every
//! one of its digits goes from the cells seeing all its cells with it.
//!
//! SE names the variant by a code: 1 (one restricted common) or 2 (two),
//! the size of the largest ALS cell, and the number of candidates of the
//! ALS cells. The difficulty depends on the largest cell only (observed):
//! WXYZ 5.5, or 5.6 when it has 3 candidates; VWXYZ 6.2 when it has 5,
//! 6.3 when 4 or 2, 6.4 when 3.

use arrayvec::ArrayVec;

use crate::board::Pos;
use crate::board::{cells_of, Board};
use crate::hits::Hits;
use crate::technique::Technique;
use crate::units::Units;

/// The cells that see every cell of `cells`.
fn seen_by_all(units: &Units, cells: impl IntoIterator<Item = usize>) -> u128 {
    cells.into_iter().fold(!0u128 >> 47, |s, c| s & units.peer_set[c])
}

/// The index of the first unit (rows 0–8, columns 9–17, boxes 18–26, then
/// the extra houses) holding every one of `cells`.
fn first_unit(units: &Units, cells: &[usize]) -> Option<usize> {
    let common = cells.iter().fold(!0u64, |m, &c| m & units.units_of_cell(c));
    (common != 0).then(|| common.trailing_zeros() as usize)
}

/// WXYZ difficulty by the size of the largest ALS cell.
fn wxyz_tenths(largest: u32) -> u8 {
    Technique::WxyzWing.base_tenths() + u8::from(largest == 3)
}

/// VWXYZ difficulty by the size of the largest ALS cell.
fn vwxyz_tenths(largest: u32) -> u8 {
    let extra = match largest {
        5 => 0,
        3 => 2,
        _ => 1,
    };
    Technique::VwxyzWing.base_tenths() + extra
}

/// WXYZ-wings (SE 5.5–5.6): a 3-cell ALS and a bivalue cell.
pub(crate) fn wxyz(b: &Board, _pos: &Pos, hits: &mut Hits) {
    if hits.wants(Technique::WxyzWing.base_tenths()) {
        als_wings(b, 3, Technique::WxyzWing, "WXYZ-Wing", wxyz_tenths, hits);
    }
}

/// VWXYZ-wings (SE 6.2–6.4): a 4-cell ALS and a bivalue cell.
pub(crate) fn vwxyz(b: &Board, _pos: &Pos, hits: &mut Hits) {
    if hits.wants(Technique::VwxyzWing.base_tenths()) {
        als_wings(b, 4, Technique::VwxyzWing, "VWXYZ-Wing", vwxyz_tenths, hits);
    }
}

/// Calls `f` with every `n` cells that all see each other, taken from
/// `allowed` in ascending order, whose candidates number at most `n + 1`
/// together (the almost locked sets among them, and locked sets); `chosen`
/// holds those picked so far, with candidates `union`; a pick with more
/// than `n + 1` digits already is not extended. The cells of one unit all
/// see each other, so on a unit's cells this is every pick of `n`.
fn cliques(
    b: &Board,
    n: usize,
    chosen: &mut ArrayVec<usize, 4>,
    allowed: u128,
    union: u16,
    f: &mut impl FnMut(&[usize]),
) {
    if chosen.len() == n {
        f(chosen);
        return;
    }
    for c in cells_of(allowed) {
        let union = union | b.cands[c];
        if union.count_ones() as usize <= n + 1 {
            chosen.push(c);
            let after = !0u128 << (c + 1);
            cliques(b, n, chosen, allowed & b.units.peer_set[c] & after, union, f);
            chosen.pop();
        }
    }
}

/// Every wing of an `n`-cell ALS and a bivalue cell (see the module docs).
fn als_wings(
    b: &Board,
    n: usize,
    technique: Technique,
    label: &'static str,
    tenths: fn(u32) -> u8,
    hits: &mut Hits,
) {
    let bivalues: ArrayVec<usize, 81> = (0..81).filter(|&c| b.cands[c].count_ones() == 2).collect();
    // At most 5 digits (the ALS's), each from the at most 80 cells that see
    // one of its holders.
    let mut elim: ArrayVec<(usize, u8), 400> = ArrayVec::new();
    let mut chosen = ArrayVec::new();
    let units = b.units;
    let fits = |c: usize| (2..=n as u32 + 1).contains(&b.cands[c].count_ones());
    let mut wings_of = |als: &[usize]| {
        let digits = als.iter().fold(0u16, |m, &c| m | b.cands[c]);
        if digits.count_ones() as usize != n + 1 {
            return;
        }
        let largest = als.iter().map(|&c| b.cands[c].count_ones()).max().unwrap_or(0);
        let diff = tenths(largest);
        if !hits.wants(diff) {
            return;
        }
        let total: u32 = als.iter().map(|&c| b.cands[c].count_ones()).sum();
        for &w in &bivalues {
            let wm = b.cands[w];
            if wm & !digits != 0 || als.contains(&w) {
                continue;
            }
            // Which of the bivalue cell's digits are restricted commons:
            // every ALS cell holding it sees the bivalue cell.
            let restricted = [wm & wm.wrapping_neg(), wm & (wm - 1)]
                .into_iter()
                .filter(|&x| als.iter().all(|&c| b.cands[c] & x == 0 || units.peer_set[w] >> c & 1 != 0))
                .fold(0u16, |m, x| m | x);
            let eliminate = match restricted.count_ones() {
                1 => wm & !restricted,
                2 => digits,
                _ => continue,
            };
            elim.clear();
            for z in (0..9).map(|d| 1u16 << d).filter(|&z| eliminate & z != 0) {
                let holders = als.iter().copied().chain([w]).filter(|&c| b.cands[c] & z != 0);
                let seen = seen_by_all(units, holders);
                let digit = z.trailing_zeros() as u8 + 1;
                elim.extend(cells_of(seen).filter(|&c| b.cands[c] & z != 0).map(|c| (c, digit)));
            }
            hits.offer(b, technique, diff, &[], &elim, |x| {
                // The eliminated value, or both linking values of a ring.
                let shown = if restricted.count_ones() == 1 { eliminate } else { restricted };
                x.str(label).str(" ").num(restricted.count_ones() as usize).num(largest as usize);
                x.num(total as usize).str(": Cells ").cells(als.iter().copied().chain([w]));
                x.str(if shown.count_ones() > 1 { " on values " } else { " on value " }).digits(shown, ",");
            });
        }
    };
    if units.has_moves() {
        let open = (0..81).filter(|&c| fits(c)).fold(0u128, |m, c| m | 1 << c);
        cliques(b, n, &mut chosen, open, 0, &mut wings_of);
        return;
    }
    for (u, unit) in units.cells[..units.len].iter().enumerate() {
        let open = unit.iter().map(|&c| usize::from(c)).filter(|&c| fits(c)).fold(0u128, |m, c| m | 1 << c);
        chosen.clear();
        cliques(b, n, &mut chosen, open, 0, &mut |als| {
            // One ALS in two units (a row and a box) is taken once.
            if first_unit(units, als) == Some(u) {
                wings_of(als);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::run;

    const WXYZ_RING: &str = ".....6...1...............8..2....7...2.45.......45.7...2.4.............9..3............7....3.........4......2...6.89.2...6.8......6.8912...6...12..56....2..5.....2...........5............9..3......1...........4.6..........8....4.6.........7.....45..8....4..7..1..............78.........9.2.........34.......345.........6..........89...4.67.9..3..........5.......4.6.8....4.678.12.4....912........2.4...8.....5..89...4.6..9.2.......1..........3.........4.6.8....4....9......7.....45..8....4....9.......8.....5.....2...6..9.2...6.....3............7...2.4.6...1........1...........4....9......7...2...6.89.2..5..8.....5..89.234.6....23..6....2.4.......3.......2............6......4...........7..1............5...........8.........9";
    const WXYZ_126: &str = ".2.....8..2.4...8..2.4....9.....6.....3............7......5....12......91..4...8..23.5..8..234...8......6.......5..8....4....91..............7...2......9...4...8.......7..1...........45...9....5..8....4....9.2............6..9..3.........4.6.8.12..5..8.........9..3......1..4.....12...6......4.6.8.12..........45..........7.......6....2....78.12.........3...7......5.......4...8.123......1..4.............9...4......2....7..12..5......3...7..12...............9.......8......6...1.3.5....1.3..........5....1..4.............9......7.....4.6...1.3..6..........8..2...............9..3..6..........8..2.......1....6.......5.......4...........7..1.3..6...12........2.4.6.........7..1..4............8...3......1....6..91...5...91...56...";
    const VWXYZ_1413: &str = "...4..........6.....3.5....1.3.5.....2...............9......7.........8.1.3.5......3.5..891..............7....3.5..8...3.5.......4..........6....2.........3.5...9.23.5..89....5...9.23.5..89.....6.........7..1...5..8.1...5......345...91.345...9.2..5...9..3.......2.45...9......7.....45.........6....2..5...91...............8.......7......5..891..4.........5..891..4......2.........3..........5...9.....6...12..5...9....5..89.....6.....3.5..891.3.5........5..8....4...........7...2..5....1...5..8....4.....1...5..8.12..5............9..3......12..5.........6.........7..1.3.5...9......7..1.3.5...912.45.........6...1...5...........8...345...9.2345...9.....6....2.......1.3.5...91..45...........8.......7..1...5...9..345...91.345...9";

    // Positions: the pencil marks of a corpus puzzle (se_techniques_calibration)
    // where our path reaches this step; serate 1.18.1 run on the pencil-mark
    // grid itself (sukaku input, --after="%r|%s") takes the named step first.

    #[test]
    fn doubly_linked_wxyz_wing() {
        // serate: 5.5|WXYZ-Wing 249: Cells r3c6,r5c6,r6c6,r4c4 on values 7,8
        let (diff, texts, elims) = run(WXYZ_RING, wxyz);
        assert_eq!(diff, 55);
        assert!(texts.contains(&"WXYZ-Wing 249: Cells r3c6,r5c6,r6c6,r4c4 on values 7,8".to_string()));
        assert_eq!(elims, ["r1c6<>4", "r2c6<>6", "r5c5<>8"]);
    }

    #[test]
    fn wxyz_wing_of_bivalue_cells() {
        // serate: 5.5|WXYZ-Wing 126: Cells r7c1,r7c3,r7c6,r8c2 on value 6
        let (diff, texts, elims) = run(WXYZ_126, wxyz);
        assert_eq!(diff, 55);
        assert_eq!(texts[0], "WXYZ-Wing 126: Cells r7c1,r7c3,r7c6,r8c2 on value 6");
        assert_eq!(elims, ["r8c5<>6"]);
    }

    #[test]
    fn vwxyz_wing() {
        // serate: 6.3|VWXYZ-Wing 1413: Cells r1c4,r7c4,r8c4,r9c4,r2c5 on value 5
        let (diff, texts, elims) = run(VWXYZ_1413, vwxyz);
        assert_eq!(diff, 63);
        assert_eq!(texts, ["VWXYZ-Wing 1413: Cells r1c4,r7c4,r8c4,r9c4,r2c5 on value 5"]);
        assert_eq!(elims, ["r2c4<>5"]);
    }

    #[test]
    fn difficulty_follows_the_largest_cell() {
        assert_eq!([2, 3, 4].map(wxyz_tenths), [55, 56, 55]);
        assert_eq!([2, 3, 4, 5].map(vwxyz_tenths), [63, 64, 63, 62]);
    }
}
