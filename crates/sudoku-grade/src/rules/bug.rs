//! The bivalue universal grave (BUG), types 1–4, which relies on the
//! puzzle having one solution.
//!
//! A *bivalue universal grave* (BUG) is a state where every open cell has
//! two candidates and every digit has two places in every unit where it is
//! still open: such a state has zero or several solutions. When only a few
//! "poly" cells have more candidates and dropping their extra candidates
//! would leave a BUG, one of those extra candidates must be true:
//! - type 1 (5.6): one poly cell; it holds one of its extra digits;
//! - type 2 (5.7): every poly cell has one extra digit, the same: it goes
//!   from every cell that sees them all;
//! - type 3 (5.7 + 0.1 per cell of the subset beyond the first): the poly
//!   cells share a unit and act as one cell holding their extra digits, in a
//!   naked subset with other cells of that unit;
//! - type 4 (5.7): two poly cells share a unit where a digit of both has no
//!   other place: each holds that digit or one of its extras.

#![allow(clippy::needless_range_loop)]

use arrayvec::ArrayVec;

use crate::board::{bit, cells_of, digits_of, Board, Pos};
use crate::hits::{Conclusions, Hits};
use crate::rating::Tenths;
use crate::rules::basic::pseudo_naked_subsets;
use crate::technique::Technique;
use crate::units::MAX_UNITS;

/// Most poly cells a BUG is searched with.
const MAX_POLY: usize = 12;

/// Most BUGs kept (choices of the pairs to keep).
const MAX_SOLUTIONS: usize = 4;

/// One candidate mask per poly cell.
type PolyMasks = ArrayVec<u16, MAX_POLY>;

/// The search for the candidates of the poly cells to keep so that the
/// rest is a BUG.
struct BugSearch<'a> {
    b: &'a Board,
    pos: &'a Pos,
    poly: ArrayVec<usize, MAX_POLY>,
    /// Places of each digit kept so far in each unit.
    count: [[u8; 9]; MAX_UNITS],
    /// Poly cells not yet decided holding each digit, per unit.
    avail: [[u8; 9]; MAX_UNITS],
    /// The kept pair of each poly cell.
    kept: PolyMasks,
    /// Complete choices found.
    solutions: ArrayVec<PolyMasks, MAX_SOLUTIONS>,
}

impl BugSearch<'_> {
    /// Whether unit `u` can still end with two places for each open digit.
    fn unit_ok(&self, u: usize) -> bool {
        (0..9).all(|d| {
            let n = self.count[u][d];
            n <= 2 && (self.pos[u][d] == 0 || n + self.avail[u][d] >= 2)
        })
    }

    fn search(&mut self, i: usize) {
        if self.solutions.len() >= MAX_SOLUTIONS {
            return;
        }
        if i == self.poly.len() {
            if (0..self.b.units.len).all(|u| (0..9).all(|d| self.pos[u][d] == 0 || self.count[u][d] == 2)) {
                self.solutions.push(self.kept.clone());
            }
            return;
        }
        let c = self.poly[i];
        let m = self.b.cands[c];
        let cell_units = &self.b.units.cell_units[c];
        for &u in cell_units {
            for d in digits_of(m) {
                self.avail[u as usize][d as usize - 1] -= 1;
            }
        }
        let ds: ArrayVec<u8, 9> = digits_of(m).collect();
        for p in 0..ds.len() {
            for q in p + 1..ds.len() {
                let (d1, d2) = (ds[p] as usize - 1, ds[q] as usize - 1);
                for &u in cell_units {
                    self.count[u as usize][d1] += 1;
                    self.count[u as usize][d2] += 1;
                }
                if cell_units.iter().all(|&u| self.unit_ok(u as usize)) {
                    self.kept[i] = (1 << d1) | (1 << d2);
                    self.search(i + 1);
                }
                for &u in cell_units {
                    self.count[u as usize][d1] -= 1;
                    self.count[u as usize][d2] -= 1;
                }
            }
        }
        for &u in cell_units {
            for d in digits_of(m) {
                self.avail[u as usize][d as usize - 1] += 1;
            }
        }
    }
}

/// The extra difficulty of a BUG of type 2, 3 or 4 over type 1 (SE 5.7;
/// type 3 adds the size of its subset).
const BUG_TYPE_EXTRA: Tenths = 1;

/// Bivalue universal grave, types 1–4 (SE 5.6 and up).
pub(crate) fn bug(b: &Board, pos: &Pos, hits: &mut Hits) {
    if !hits.wants(Technique::Bug.base_tenths()) {
        return;
    }
    let mut s = BugSearch {
        b,
        pos,
        poly: ArrayVec::new(),
        count: [[0; 9]; MAX_UNITS],
        avail: [[0; 9]; MAX_UNITS],
        kept: ArrayVec::new(),
        solutions: ArrayVec::new(),
    };
    for c in 0..81 {
        let m = b.cands[c];
        match m.count_ones() {
            0 => {}
            2 => {
                for &u in &b.units.cell_units[c] {
                    for d in digits_of(m) {
                        s.count[u as usize][d as usize - 1] += 1;
                    }
                }
            }
            1 => return,
            _ => {
                if s.poly.len() == MAX_POLY {
                    return;
                }
                s.poly.push(c);
                for &u in &b.units.cell_units[c] {
                    for d in digits_of(m) {
                        s.avail[u as usize][d as usize - 1] += 1;
                    }
                }
            }
        }
    }
    if s.poly.is_empty() || !(0..b.units.len).all(|u| s.unit_ok(u)) {
        return;
    }
    s.kept = s.poly.iter().map(|_| 0).collect();
    s.search(0);
    let poly = std::mem::take(&mut s.poly);
    for kept in &s.solutions {
        offer_bug(b, pos, &poly, kept, hits);
    }
}

/// Offers the deductions of a BUG whose poly cells `poly` keep `kept`.
fn offer_bug(b: &Board, pos: &Pos, poly: &[usize], kept: &[u16], hits: &mut Hits) {
    // Under a rule of moves or non-consecutive, a cell whose pair such a
    // rule may rule out breaks the grave: no BUG then (SE's rule).
    let pair_of = |c: usize| poly.iter().position(|&p| p == c).map_or(b.cands[c], |i| kept[i]);
    if (b.units.has_moves() || b.units.has_nc())
        && (0..81).any(|c| b.cands[c] != 0 && b.rule_may_break(c, pair_of(c)))
    {
        return;
    }
    let extra: PolyMasks = poly.iter().zip(kept).map(|(&c, &k)| b.cands[c] & !k).collect();
    let all_extra = extra.iter().fold(0u16, |m, &e| m | e);
    let mut elim = Conclusions::new();
    // Type 1: the one poly cell holds one of its extra digits.
    if let ([c], [k]) = (poly, kept) {
        elim.extend(digits_of(*k).map(|d| (*c, d)));
        hits.offer(b, Technique::Bug, Technique::Bug.base_tenths(), &[], &elim, |x| {
            x.str("BUG type 1: ").cell(*c);
        });
        return;
    }
    // Type 2: the same single extra digit in every poly cell.
    if all_extra.count_ones() == 1 && extra.iter().all(|&e| e == all_extra) {
        let seen = poly.iter().fold(!0u128, |m, &c| m & b.units.peer_set[c]);
        let d = all_extra.trailing_zeros() as u8 + 1;
        elim.clear();
        elim.extend(cells_of(seen).filter(|&y| b.cands[y] & all_extra != 0).map(|y| (y, d)));
        hits.offer(b, Technique::Bug, Technique::Bug.base_tenths() + BUG_TYPE_EXTRA, &[], &elim, |x| {
            x.str("BUG type 2: ").cells(poly.iter().copied()).str(" on ").num(usize::from(d));
        });
    }
    let cell_units = &b.units.cell_units;
    let mut units: ArrayVec<usize, 7> = cell_units[poly[0]].iter().map(|&u| usize::from(u)).collect();
    units.retain(|u| poly.iter().all(|&c| cell_units[c].contains(&(*u as u8))));
    for &u in &units {
        // Type 4: a digit kept in both poly cells with no other place in
        // the unit.
        if let ([x, y], [kx, ky]) = (poly, kept) {
            for d in digits_of(kx & ky) {
                let places = pos[u][d as usize - 1];
                if places.count_ones() != 2 {
                    continue;
                }
                elim.clear();
                elim.extend(digits_of(kx & !bit(d)).map(|e| (*x, e)));
                elim.extend(digits_of(ky & !bit(d)).map(|e| (*y, e)));
                let difficulty = Technique::Bug.base_tenths() + BUG_TYPE_EXTRA;
                hits.offer(b, Technique::Bug, difficulty, &[], &elim, |x| {
                    x.str("BUG type 4: ").cells(poly.iter().copied()).str(" on ").num(usize::from(d));
                });
            }
        }
        bug_type3(b, u, poly, all_extra, hits);
    }
}

/// BUG type 3: the poly cells, all in unit `u`, act as one cell holding
/// `pseudo` (their extra digits), which forms a naked subset of `k` cells
/// with `k - 1` bivalue cells of the unit: its digits go from the rest of
/// the unit (5.7 + 0.1 × (k − 1)).
fn bug_type3(b: &Board, u: usize, poly: &[usize], pseudo: u16, hits: &mut Hits) {
    let others: ArrayVec<usize, 9> =
        b.units.cells_of_unit(u).filter(|&c| b.cands[c] != 0 && !poly.contains(&c)).collect();
    for k in 2..=others.len().min(8) {
        let difficulty = Technique::Bug.base_tenths() + BUG_TYPE_EXTRA + (k as Tenths - 1);
        if !hits.wants(difficulty) {
            break;
        }
        pseudo_naked_subsets(b, &others, pseudo, k, |_, union, elim| {
            hits.offer(b, Technique::Bug, difficulty, &[], elim, |x| {
                x.str("BUG type 3: ").cells(poly.iter().copied()).str(" on ").digits(union, ", ");
            });
        });
    }
}

#[cfg(test)]
mod tests {
    //! One position per type, taken from Sukaku Explainer 1.18.1's own
    //! solution path of the puzzle named (the state before the step). Each
    //! checks SE's difficulty and that SE's eliminations are among ours.

    use super::*;
    use crate::testing::check;

    /// The type 1 position below under anti-king: r4c3 holds {4,7} and
    /// r5c4, which touches it at a corner across a box edge, holds 7 (and
    /// so on for seven more cells), so the rule may break the grave and SE
    /// refuses it; so do we. Without the rule it is the type 1 BUG.
    #[test]
    fn a_move_peer_holding_a_pair_digit_breaks_the_grave() {
        use crate::board::Board;
        use crate::hits::Hits;
        use crate::testing::cells_board;
        use crate::units::{ExtraHouses, Units};
        let mut b: Board = cells_board(BUG_1);
        let found = |b: &Board| {
            let mut hits = Hits::new(true);
            bug(b, &b.positions(), &mut hits);
            hits.best()
        };
        assert_eq!(found(&b), Some(56));
        b.units = Units::with(ExtraHouses { anti_king: true, ..Default::default() });
        assert_eq!(found(&b), None);
    }

    const BUG_1: &str = concat!(
        "1 47 8 6 9 47 5 3 2 ",
        "26 46 3 8 24 5 1 7 9 ",
        "27 5 9 3 1 27 8 4 6 ",
        "8 9 47 1 47 3 6 2 5 ",
        "5 3 6 27 8 24 47 9 1 ",
        "47 1 2 9 5 6 47 8 3 ",
        "3 8 5 27 27 1 9 6 4 ",
        "467 67 47 5 3 9 2 1 8 ",
        "9 2 1 4 6 8 3 5 7 ",
    );

    /// SE: "BUG type 1: r8c1" (5.6), on puzzle 108090002003005000009300846090103600500080001002906080385001900000500200900060307.
    #[test]
    fn bug_type_1() {
        check(bug, BUG_1, 56, &["r8c1#4", "r8c1#6"]);
    }

    /// SE: "BUG type 2: r2c3,r4c2 on 4" (5.7), on puzzle 020004800090000053605090200900178000001506900000932007009010305750000040002400080.
    #[test]
    fn bug_type_2() {
        check(
            bug,
            concat!(
                "13 2 37 67 5 4 8 9 16 ",
                "48 9 478 67 2 1 46 5 3 ",
                "6 14 5 8 9 3 2 7 14 ",
                "9 346 34 1 7 8 5 2 46 ",
                "2 7 1 5 4 6 9 3 8 ",
                "5 68 48 9 3 2 46 1 7 ",
                "48 48 9 2 1 7 3 6 5 ",
                "7 5 6 3 8 9 1 4 2 ",
                "13 13 2 4 6 5 7 8 9 ",
            ),
            57,
            &["r3c2#4", "r4c3#4", "r6c3#4"],
        );
    }

    /// SE: "BUG type 3: r5c2,r5c9,r5c8 on 3, 8" (5.8), on puzzle 090040070803000401000192000000701000000904000000050000500000004301000605086000310.
    #[test]
    fn bug_type_3_5_8() {
        check(
            bug,
            concat!(
                "1 9 5 3 4 8 2 7 6 ",
                "8 2 3 5 6 7 4 9 1 ",
                "47 6 47 1 9 2 58 35 38 ",
                "26 35 49 7 38 1 58 46 29 ",
                "26 135 78 9 38 4 17 356 238 ",
                "47 13 89 2 5 6 17 34 89 ",
                "5 7 2 6 1 3 9 8 4 ",
                "3 4 1 8 7 9 6 2 5 ",
                "9 8 6 4 2 5 3 1 7 ",
            ),
            58,
            &["r5c3#8"],
        );
    }

    /// SE: "BUG type 3: r5c2,r5c5 on 2, 7, 9" (5.9), on puzzle 820600103001005006300100090030409508000000000704506010060003001900700200208001037.
    #[test]
    fn bug_type_3_5_9() {
        check(
            bug,
            concat!(
                "8 2 59 6 79 47 1 45 3 ",
                "4 79 1 38 39 5 78 2 6 ",
                "3 57 6 1 28 24 78 9 45 ",
                "16 3 2 4 17 9 5 67 8 ",
                "16 589 59 38 137 27 4 67 29 ",
                "7 89 4 5 28 6 3 1 29 ",
                "5 6 7 2 4 3 9 8 1 ",
                "9 1 3 7 6 8 2 45 45 ",
                "2 4 8 9 5 1 6 3 7 ",
            ),
            59,
            &["r5c3#9", "r5c8#7"],
        );
    }

    /// SE: "BUG type 3: r4c3,r4c1,r4c9 on 3, 5, 8, 9" (6.0), on puzzle 098000470001304200200000005000000000005293700060000040050060030100807004300409007.
    #[test]
    fn bug_type_3_6_0() {
        check(
            bug,
            concat!(
                "6 9 8 5 2 1 4 7 3 ",
                "5 7 1 3 8 4 2 69 69 ",
                "2 34 34 9 7 6 8 1 5 ",
                "789 13 237 6 4 58 35 89 129 ",
                "48 14 5 2 9 3 7 68 16 ",
                "89 6 23 7 1 58 35 4 29 ",
                "47 5 47 1 6 2 9 3 8 ",
                "1 2 9 8 3 7 6 5 4 ",
                "3 8 6 4 5 9 1 2 7 ",
            ),
            60,
            &["r4c2#3"],
        );
    }

    /// SE: "BUG type 3: r5c3,r5c5,r5c6 on 1, 2, 4, 5, 7" (6.1), on puzzle 560000000013006000090523000750200006000000000100004093000978050000600810000000062.
    #[test]
    fn bug_type_3_6_1() {
        check(
            bug,
            concat!(
                "5 6 24 14 19 7 29 3 8 ",
                "24 1 3 48 89 6 59 27 57 ",
                "8 9 7 5 2 3 6 4 1 ",
                "7 5 49 2 3 19 14 8 6 ",
                "24 3 469 18 1568 159 14 27 57 ",
                "1 8 26 7 56 4 25 9 3 ",
                "6 2 1 9 7 8 3 5 4 ",
                "3 7 5 6 4 2 8 1 9 ",
                "9 4 8 3 15 15 7 6 2 ",
            ),
            61,
            &["r5c4#1"],
        );
    }

    /// SE: "BUG type 4: r4c7,r7c7 on 2" (5.7), on puzzle 000076138000900460000008002007061000004203600000790500800100000046009000125630000.
    #[test]
    fn bug_type_4() {
        check(
            bug,
            concat!(
                "25 59 29 4 7 6 1 3 8 ",
                "37 78 38 9 1 2 4 6 5 ",
                "4 6 1 3 5 8 79 79 2 ",
                "29 3 7 5 6 1 289 48 49 ",
                "59 15 4 2 8 3 6 19 7 ",
                "6 18 28 7 9 4 5 12 3 ",
                "8 79 39 1 4 5 237 27 6 ",
                "37 4 6 8 2 9 37 5 1 ",
                "1 2 5 6 3 7 89 48 49 ",
            ),
            57,
            &["r4c7#8", "r7c7#3"],
        );
    }
}
