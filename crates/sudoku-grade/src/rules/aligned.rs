//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Take two (or three) open cells and every combination of their
//! candidates. A combination is impossible when two of the cells see each
//! other and would hold the same digit, or when some cell that sees all of
//! them has no candidate outside the combination (it would be left
//! empty). A candidate of one of the cells that appears in no possible
//! combination goes.

use crate::board::{cells_of, Board, Pos, ALL};
use arrayvec::ArrayVec;

use crate::hits::Hits;
use crate::technique::Technique;

/// The digits of `m` as one-bit masks, lowest first.
fn digit_masks(mut m: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        let low = m & m.wrapping_neg();
        m &= !low;
        (low != 0).then_some(low)
    })
}

#[inline]
fn sees(board: &Board, a: usize, b: usize) -> bool {
    board.units.peer_set[a] & (1 << b) != 0
}

/// The cells of `b` with `lo..=hi` candidates, as a set.
fn cells_with(b: &Board, lo: u32, hi: u32) -> u128 {
    (0..81).filter(|&c| (lo..=hi).contains(&b.cands[c].count_ones())).fold(0u128, |m, c| m | 1 << c)
}

/// The digits `v` such that some excluding cell (its candidates in
/// `excl`) has no candidate outside `taken | v`: with `taken` already
/// placed in the other aligned cells, those digits would empty it. All
/// digits when one is emptied by `taken` alone.
#[inline]
fn emptied_by(excl: &[u16], taken: u16) -> u16 {
    let mut m = 0;
    for &e in excl {
        let rest = e & !taken;
        if rest == 0 {
            return ALL;
        }
        if rest & (rest - 1) == 0 {
            m |= rest;
        }
    }
    m
}

/// Offers the eliminations of `base` cells whose surviving combinations
/// allow only `allowed[i]` in cell `i`.
fn offer(b: &Board, t: Technique, difficulty: u8, base: &[usize], allowed: &[u16], hits: &mut Hits) {
    // At most 3 cells of 9 digits.
    let mut elim: ArrayVec<(usize, u8), 27> = ArrayVec::new();
    for (&c, &ok) in base.iter().zip(allowed) {
        elim.extend(digit_masks(b.cands[c] & !ok).map(|m| (c, m.trailing_zeros() as u8 + 1)));
    }
    if !elim.is_empty() {
        hits.offer(b, t, difficulty, &[], &elim, |x| {
            x.str(t.name()).str(": ").cells(base.iter().copied());
        });
    }
}

/// Aligned pair exclusion (SE 6.2): two cells, and the bivalue cells that
/// see both.
pub(crate) fn pair(b: &Board, _pos: &Pos, hits: &mut Hits) {
    if !hits.wants(Technique::AlignedPairExclusion.base_tenths()) {
        return;
    }
    let open = cells_with(b, 2, 9);
    let bivalue = cells_with(b, 2, 2);
    // The excluding cells, at most the 81.
    let mut excl: ArrayVec<u16, 81> = ArrayVec::new();
    for c1 in cells_of(open) {
        for c2 in cells_of(open & !((2u128 << c1) - 1)) {
            let common = b.units.peer_set[c1] & b.units.peer_set[c2] & bivalue;
            if common == 0 {
                continue;
            }
            // Only a cell whose candidates the pair can cover excludes.
            let (m1, m2) = (b.cands[c1], b.cands[c2]);
            excl.clear();
            excl.extend(cells_of(common).map(|e| b.cands[e]).filter(|&e| e & !(m1 | m2) == 0));
            if excl.is_empty() {
                continue;
            }
            let mut allowed = [0u16; 2];
            for v1 in digit_masks(m1) {
                let mut bad = emptied_by(&excl, v1);
                if sees(b, c1, c2) {
                    bad |= v1;
                }
                let ok2 = m2 & !bad;
                if ok2 != 0 {
                    allowed[0] |= v1;
                    allowed[1] |= ok2;
                }
            }
            let t = Technique::AlignedPairExclusion;
            offer(b, t, t.base_tenths(), &[c1, c2], &allowed, hits);
        }
    }
}

/// Aligned triplet exclusion (SE 7.5): three cells, and the cells with two
/// or three candidates that see all three.
pub(crate) fn triplet(b: &Board, _pos: &Pos, hits: &mut Hits) {
    if !hits.wants(Technique::AlignedTripletExclusion.base_tenths()) {
        return;
    }
    let open = cells_with(b, 2, 9);
    let small = cells_with(b, 2, 3);
    let mut excl: ArrayVec<u16, 81> = ArrayVec::new();
    // The cells that see one of `cells`.
    let near = |cells: u128| cells_of(cells).fold(0u128, |m, e| m | b.units.peer_set[e]);
    for c1 in cells_of(open) {
        // c2 and c3 must each see a cell that sees c1.
        let near1 = near(b.units.peer_set[c1] & small);
        for c2 in cells_of(open & near1 & !((2u128 << c1) - 1)) {
            let common12 = b.units.peer_set[c1] & b.units.peer_set[c2] & small;
            if common12 == 0 {
                continue;
            }
            for c3 in cells_of(open & near(common12) & !((2u128 << c2) - 1)) {
                let common = common12 & b.units.peer_set[c3];
                if common == 0 {
                    continue;
                }
                let (m1, m2, m3) = (b.cands[c1], b.cands[c2], b.cands[c3]);
                excl.clear();
                excl.extend(cells_of(common).map(|e| b.cands[e]).filter(|&e| e & !(m1 | m2 | m3) == 0));
                if excl.is_empty() {
                    continue;
                }
                let (s12, s13, s23) = (sees(b, c1, c2), sees(b, c1, c3), sees(b, c2, c3));
                let mut allowed = [0u16; 3];
                'combos: for v1 in digit_masks(m1) {
                    for v2 in digit_masks(m2) {
                        if s12 && v1 == v2 {
                            continue;
                        }
                        let mut bad = emptied_by(&excl, v1 | v2);
                        if s13 {
                            bad |= v1;
                        }
                        if s23 {
                            bad |= v2;
                        }
                        let ok3 = m3 & !bad;
                        if ok3 != 0 {
                            allowed[0] |= v1;
                            allowed[1] |= v2;
                            allowed[2] |= ok3;
                            if allowed[0] == m1 && allowed[1] == m2 && allowed[2] == m3 {
                                break 'combos;
                            }
                        }
                    }
                }
                let t = Technique::AlignedTripletExclusion;
                offer(b, t, t.base_tenths(), &[c1, c2, c3], &allowed, hits);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! One position per technique and variant, taken from Sukaku
    //! Explainer 1.18.1's own solution path of the puzzle named (serate
    //! `--after="%r|%s|%i|%m"` prints each step with the candidates after
    //! it; the state here is the one before the step). Each checks SE's
    //! difficulty and that SE's eliminations are among ours.

    use super::*;
    use crate::testing::check;

    /// SE: "Aligned Pair Exclusion: r9c8,r9c9" (6.2), on puzzle 001860009705009800080530000020000300600050001004000090000045070003100605500076900.
    #[test]
    fn aligned_pair_exclusion() {
        check(
            pair,
            concat!(
                "234 34 1 8 6 7 5 234 9 ",
                "7 346 5 24 12 9 8 12346 234 ",
                "29 8 269 5 3 124 1247 146 247 ",
                "189 2 789 4679 189 148 3 5 4678 ",
                "6 39 789 279 5 2348 247 248 1 ",
                "138 5 4 267 128 1238 27 9 2678 ",
                "289 169 2689 239 4 5 12 7 238 ",
                "49 7 3 1 289 28 6 24 5 ",
                "5 14 28 23 7 6 9 1348 2348 ",
            ),
            62,
            &["r9c9#2"],
        );
    }

    /// SE: "Aligned Triplet Exclusion: r4c8,r5c5,r4c3" (7.5), on puzzle 400030001000802000006000700300060008050000020090508040000149000005000400020000030.
    #[test]
    fn aligned_triplet_exclusion() {
        check(
            triplet,
            concat!(
                "4 78 2789 679 3 567 2589 589 1 ",
                "157 17 179 8 579 2 3 6 4 ",
                "258 3 6 49 159 14 7 589 25 ",
                "3 4 127 29 6 17 159 1579 8 ",
                "678 5 178 34 19 34 169 2 67 ",
                "1267 9 127 5 127 8 16 4 3 ",
                "78 678 3 1 4 9 2568 578 25 ",
                "1789 1678 5 2367 278 367 4 178 679 ",
                "1789 2 4 67 578 56 168 3 69 ",
            ),
            75,
            &["r4c8#7"],
        );
    }
}
