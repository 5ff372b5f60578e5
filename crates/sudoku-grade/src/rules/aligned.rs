//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Take two (or three) open cells and every combination of their
//! candidates. A combination is impossible when two of the cells see each
//! other and would hold the same digit, or when some cell that sees all of
//! them has no candidate outside the combination (it would be left
//! empty). A candidate of one of the cells that appears in no possible
//! combination goes.

use crate::board::{Board, Pos, PEER_SET};
use crate::hint::{cell_list, Hits};
use crate::technique::Technique;

fn bits128(m: u128) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

fn digit_masks(m: u16) -> impl Iterator<Item = u16> {
    (0..9).map(|d| 1u16 << d).filter(move |&b| m & b != 0)
}

#[inline]
fn sees(a: usize, b: usize) -> bool {
    PEER_SET[a] & (1 << b) != 0
}

/// The cells of `b` with `lo..=hi` candidates, as a set.
fn cells_with(b: &Board, lo: u32, hi: u32) -> u128 {
    (0..81).filter(|&c| (lo..=hi).contains(&b.cands[c].count_ones())).fold(0u128, |m, c| m | 1 << c)
}

/// Whether some excluding cell (its candidates in `excl`) would be left
/// empty by the digits of `combo`.
#[inline]
fn empties_one(excl: &[u16], combo: u16) -> bool {
    excl.iter().any(|&e| e & !combo == 0)
}

/// Offers the eliminations of `base` cells whose surviving combinations
/// allow only `allowed[i]` in cell `i`.
fn offer(b: &Board, t: Technique, difficulty: u8, base: &[usize], allowed: &[u16], hits: &mut Hits) {
    let mut elim = Vec::new();
    for (&c, &ok) in base.iter().zip(allowed) {
        elim.extend(digit_masks(b.cands[c] & !ok).map(|m| (c, m.trailing_zeros() as u8 + 1)));
    }
    if !elim.is_empty() {
        hits.offer(b, t, difficulty, &[], &elim, || format!("{}: {}", t.name(), cell_list(base.iter().copied())));
    }
}

/// Aligned pair exclusion (SE 6.2): two cells, and the bivalue cells that
/// see both.
pub(crate) fn pair(b: &Board, _pos: &Pos, hits: &mut Hits) {
    if !hits.wants(62) {
        return;
    }
    let open = cells_with(b, 2, 9);
    let bivalue = cells_with(b, 2, 2);
    let mut excl = Vec::new();
    for c1 in bits128(open) {
        for c2 in bits128(open & !((2u128 << c1) - 1)) {
            let common = PEER_SET[c1] & PEER_SET[c2] & bivalue;
            if common == 0 {
                continue;
            }
            excl.clear();
            excl.extend(bits128(common).map(|e| b.cands[e]));
            let same_unit = sees(c1, c2);
            let mut allowed = [0u16; 2];
            for v1 in digit_masks(b.cands[c1]) {
                for v2 in digit_masks(b.cands[c2]) {
                    if (same_unit && v1 == v2) || empties_one(&excl, v1 | v2) {
                        continue;
                    }
                    allowed[0] |= v1;
                    allowed[1] |= v2;
                }
            }
            offer(b, Technique::AlignedPairExclusion, 62, &[c1, c2], &allowed, hits);
        }
    }
}

/// Aligned triplet exclusion (SE 7.5): three cells, and the cells with two
/// or three candidates that see all three.
pub(crate) fn triplet(b: &Board, _pos: &Pos, hits: &mut Hits) {
    if !hits.wants(75) {
        return;
    }
    let open = cells_with(b, 2, 9);
    let small = cells_with(b, 2, 3);
    let mut excl = Vec::new();
    for c1 in bits128(open) {
        for c2 in bits128(open & !((2u128 << c1) - 1)) {
            let common12 = PEER_SET[c1] & PEER_SET[c2] & small;
            if common12 == 0 {
                continue;
            }
            for c3 in bits128(open & !((2u128 << c2) - 1)) {
                let common = common12 & PEER_SET[c3];
                if common == 0 {
                    continue;
                }
                excl.clear();
                excl.extend(bits128(common).map(|e| b.cands[e]));
                let (s12, s13, s23) = (sees(c1, c2), sees(c1, c3), sees(c2, c3));
                let mut allowed = [0u16; 3];
                for v1 in digit_masks(b.cands[c1]) {
                    for v2 in digit_masks(b.cands[c2]) {
                        if s12 && v1 == v2 {
                            continue;
                        }
                        for v3 in digit_masks(b.cands[c3]) {
                            if (s13 && v1 == v3) || (s23 && v2 == v3) || empties_one(&excl, v1 | v2 | v3) {
                                continue;
                            }
                            allowed[0] |= v1;
                            allowed[1] |= v2;
                            allowed[2] |= v3;
                        }
                    }
                }
                offer(b, Technique::AlignedTripletExclusion, 75, &[c1, c2, c3], &allowed, hits);
            }
        }
    }
}
