//! WXYZ- and VWXYZ-wings, as Sudoku Explainer (Sukaku Explainer 1.18.1)
//! finds them: an almost locked set (ALS: n cells of one unit holding
//! n + 1 digits) linked to a bivalue cell {x,z} outside it whose two
//! digits are digits of the ALS; three ALS cells for a WXYZ-wing, four
//! for a VWXYZ-wing.
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

use sudoku_core::UNITS;

use crate::board::Pos;
use crate::board::{Board, PEER_SET};
use crate::hint::{cell_list, Hits};
use crate::rules::basic::for_each_subset;
use crate::technique::Technique;

/// The cells that see every cell of `cells`.
fn seen_by_all(cells: impl IntoIterator<Item = usize>) -> u128 {
    cells.into_iter().fold(!0u128 >> 47, |s, c| s & PEER_SET[c])
}

/// The unit-ordered index of the first unit holding every one of `cells`.
fn first_unit(cells: &[usize]) -> Option<usize> {
    (0..27).find(|&u| cells.iter().all(|&c| UNITS[u].contains(&(c as u8))))
}

/// WXYZ difficulty by the size of the largest ALS cell.
fn wxyz_tenths(largest: u32) -> u8 {
    if largest == 3 {
        56
    } else {
        55
    }
}

/// VWXYZ difficulty by the size of the largest ALS cell.
fn vwxyz_tenths(largest: u32) -> u8 {
    match largest {
        5 => 62,
        3 => 64,
        _ => 63,
    }
}

/// WXYZ-wings (SE 5.5–5.6): a 3-cell ALS and a bivalue cell.
pub(crate) fn wxyz(b: &Board, _pos: &Pos, hits: &mut Hits) {
    if hits.wants(55) {
        als_wings(b, 3, Technique::WxyzWing, "WXYZ-Wing", wxyz_tenths, hits);
    }
}

/// VWXYZ-wings (SE 6.2–6.4): a 4-cell ALS and a bivalue cell.
pub(crate) fn vwxyz(b: &Board, _pos: &Pos, hits: &mut Hits) {
    if hits.wants(62) {
        als_wings(b, 4, Technique::VwxyzWing, "VWXYZ-Wing", vwxyz_tenths, hits);
    }
}

/// Every wing of an `n`-cell ALS and a bivalue cell (see the module docs).
fn als_wings(b: &Board, n: usize, technique: Technique, label: &str, tenths: fn(u32) -> u8, hits: &mut Hits) {
    let bivalues: Vec<usize> = (0..81).filter(|&c| b.cands[c].count_ones() == 2).collect();
    let mut elim = Vec::new();
    let mut als = [0usize; 4];
    for (u, unit) in UNITS.iter().enumerate() {
        let open: Vec<usize> = unit
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| (2..=n as u32 + 1).contains(&b.cands[c].count_ones()))
            .collect();
        for_each_subset(open.len(), n, |s| {
            for (i, &k) in s.iter().enumerate() {
                als[i] = open[k];
            }
            let als = &als[..n];
            let digits = als.iter().fold(0u16, |m, &c| m | b.cands[c]);
            // One ALS in two units (a row and a box) is taken once.
            if digits.count_ones() as usize != n + 1 || first_unit(als) != Some(u) {
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
                // Which of the bivalue cell's digits are restricted commons.
                let restricted: Vec<u16> = [wm & wm.wrapping_neg(), wm & (wm - 1)]
                    .into_iter()
                    .filter(|&x| als.iter().all(|&c| b.cands[c] & x == 0 || PEER_SET[w] >> c & 1 != 0))
                    .collect();
                let eliminate: Vec<u16> = match restricted.len() {
                    1 => vec![wm & !restricted[0]],
                    2 => (0..9).map(|d| 1u16 << d).filter(|&m| digits & m != 0).collect(),
                    _ => continue,
                };
                elim.clear();
                for &z in &eliminate {
                    let holders = als.iter().copied().chain([w]).filter(|&c| b.cands[c] & z != 0);
                    let seen = seen_by_all(holders);
                    let digit = z.trailing_zeros() as u8 + 1;
                    elim.extend(
                        (0..81).filter(|&c| seen >> c & 1 != 0 && b.cands[c] & z != 0).map(|c| (c, digit)),
                    );
                }
                hits.offer(b, technique, diff, &[], &elim, || {
                    let values: Vec<String> = match restricted.len() {
                        1 => vec![(eliminate[0].trailing_zeros() + 1).to_string()],
                        _ => restricted.iter().map(|x| (x.trailing_zeros() + 1).to_string()).collect(),
                    };
                    format!(
                        "{label} {}{largest}{total}: Cells {} on value{} {}",
                        restricted.len(),
                        cell_list(als.iter().copied().chain([w])),
                        if values.len() > 1 { "s" } else { "" },
                        values.join(",")
                    )
                });
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_follows_the_largest_cell() {
        assert_eq!([2, 3, 4].map(wxyz_tenths), [55, 56, 55]);
        assert_eq!([2, 3, 4, 5].map(vwxyz_tenths), [63, 64, 63, 62]);
    }
}
