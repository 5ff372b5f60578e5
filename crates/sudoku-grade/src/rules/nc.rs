//! The non-consecutive rule's own steps, as Sukaku Explainer 1.18.1 rates
//! them with `--isNC=1` (cells side by side never hold consecutive digits;
//! 1 and 9 are not consecutive). A cell's neighbours here are the cells
//! side by side with it ([`crate::units::Units::nc_neighbours`]); they
//! share its row or column, so they cannot hold its digit either.
//!
//! - *Forcing cell* (SE 2.4): a cell whose candidates are {d, d+1} takes
//!   both from its neighbours (whichever it holds, a neighbour can hold
//!   neither); a cell with {d, d+1, d+2} or {d, d+2} takes d+1 from them.
//! - *Locked non-consecutive* (SE 2.5): the places of a digit d in a box
//!   (at most five) or a row or column (at most three); a cell that is one
//!   of them or next to each of them cannot hold d-1 or d+1.

#![allow(clippy::needless_range_loop)]

use crate::board::{bit, consecutive, Board, Pos};
use crate::hits::Hits;
use crate::technique::Technique;
use crate::units::UnitKind;

/// The most places of a digit a locked step looks at in a box, and in a
/// row or column (SE's limits).
const MAX_BOX_PLACES: u32 = 5;
const MAX_LINE_PLACES: u32 = 3;

/// Forcing cells (SE 2.4).
pub(crate) fn forcing_cells(b: &Board, hits: &mut Hits) {
    let t = Technique::NcForcingCell;
    if !b.units.has_nc() || !hits.wants(t.base_tenths()) {
        return;
    }
    for c in 0..81 {
        let m = b.cands[c];
        if m.count_ones() < 2 {
            continue;
        }
        let (low, high) = (m.trailing_zeros(), 15 - m.leading_zeros());
        let gone: u16 = match (m.count_ones(), high - low) {
            (2, 1) => m,
            (3, 2) | (2, 2) => 1 << (low + 1),
            _ => continue,
        };
        let elim: Vec<(usize, u8)> = b.units.nc_neighbours[c]
            .iter()
            .map(|&q| usize::from(q))
            .flat_map(|q| {
                (0..9u8).filter(move |&d0| gone & b.cands[q] & (1 << d0) != 0).map(move |d0| (q, d0 + 1))
            })
            .collect();
        hits.offer(b, t, t.base_tenths(), &[], &elim, |x| {
            x.str("Non-Consecutive Forcing Cell: ").cell(c).str(" on values ").digits(gone, ",");
        });
    }
}

/// Locked non-consecutive (SE 2.5), in SE's order for each digit: the
/// four windows of windoku, columns, rows, then boxes.
pub(crate) fn locked(b: &Board, pos: &Pos, hits: &mut Hits) {
    let t = Technique::LockedNc;
    if !b.units.has_nc() || !hits.wants(t.base_tenths()) {
        return;
    }
    let units = b.units;
    let order = [UnitKind::Window, UnitKind::Column, UnitKind::Row, UnitKind::Box];
    for d0 in 0..9 {
        let digit = d0 as u8 + 1;
        let next = consecutive(bit(digit));
        for kind in order {
            let most = if matches!(kind, UnitKind::Box | UnitKind::Window) {
                MAX_BOX_PLACES
            } else {
                MAX_LINE_PLACES
            };
            // Of the nine window groups, the four windows only.
            let wanted =
                |u: usize| units.kind(u) == kind && (kind != UnitKind::Window || units.numbers[u] <= 4);
            for u in (0..units.len).filter(|&u| wanted(u)) {
                let here = pos[u][d0];
                if here == 0 || here.count_ones() > most {
                    continue;
                }
                // The cells that are each place or next to it.
                let near = |c: usize| units.nc_neighbours[c].iter().fold(1u128 << c, |m, &q| m | 1u128 << q);
                let victims = units.cells_at(u, here).fold(!0u128 >> 47, |m, c| m & near(c));
                let elim: Vec<(usize, u8)> = (0..81)
                    .filter(|&c| victims >> c & 1 != 0)
                    .flat_map(|c| {
                        (0..9u8).filter(move |&e| next & b.cands[c] & (1 << e) != 0).map(move |e| (c, e + 1))
                    })
                    .collect();
                if elim.is_empty() {
                    continue;
                }
                hits.offer(b, t, t.base_tenths(), &[], &elim, |x| {
                    x.str("Locked Non Consecutive: Cells ")
                        .cells(units.cells_at(u, here))
                        .str(" on value ")
                        .num(usize::from(digit));
                });
            }
        }
    }
}
