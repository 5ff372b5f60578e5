//! The basic techniques: singles and their direct forms, locked
//! candidates, naked and hidden subsets, fish, XY- and XYZ-wings. Each
//! offers every instance it finds to [`Hits`].

// Digits and units index parallel tables (positions, masks); index loops
// say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

use arrayvec::ArrayVec;

use crate::board::{cells_of, digits_of, Board, Pos};
use crate::hits::{Conclusions, Hits, Text};
use crate::rating::Tenths;
use crate::technique::Technique;
use crate::units::{UnitKind, Units, COLUMNS, ROWS};

/// SE's word for the kind of unit `u` of `b`.
fn kind(b: &Board, u: usize) -> &'static str {
    b.units.kind(u).se_word()
}

/// The extra difficulty of a hidden single in a box that is not its last
/// empty cell (SE 1.2).
const HIDDEN_SINGLE_IN_BOX_EXTRA: Tenths = 2;

/// The extra difficulty of a hidden single in a row or a column that is
/// not its last empty cell (SE 1.5).
const HIDDEN_SINGLE_IN_LINE_EXTRA: Tenths = 5;

/// Hidden singles: 1.0 when the cell is the last empty one of the unit, 1.2
/// in a box, 1.5 in a row, a column or an extra house.
pub(crate) fn hidden_singles(b: &Board, pos: &Pos, hits: &mut Hits) {
    let units = b.units;
    for u in units.boxes_first() {
        let open = units.cells[u].iter().filter(|&&c| b.value[c as usize] == 0).count();
        for d in 0..9 {
            let m = pos[u][d];
            if m.count_ones() != 1 {
                continue;
            }
            let c = units.cells[u][m.trailing_zeros() as usize] as usize;
            let extra = if open == 1 {
                0
            } else if units.kind(u) == UnitKind::Box {
                HIDDEN_SINGLE_IN_BOX_EXTRA
            } else {
                HIDDEN_SINGLE_IN_LINE_EXTRA
            };
            let difficulty = Technique::HiddenSingle.base_tenths() + extra;
            let digit = d as u8 + 1;
            hits.offer(b, Technique::HiddenSingle, difficulty, &[(c, digit)], &[], |x| {
                x.str("Hidden Single: ").cell(c).str(": ").num(d + 1).str(" in ").str(kind(b, u));
            });
        }
    }
}

/// Every open cell with one candidate left (2.3).
pub(crate) fn naked_singles(b: &Board, hits: &mut Hits) {
    for c in 0..81 {
        let m = b.cands[c];
        if m.count_ones() == 1 {
            let digit = m.trailing_zeros() as u8 + 1;
            let t = Technique::NakedSingle;
            hits.offer(b, t, t.base_tenths(), &[(c, digit)], &[], |x| {
                x.str("Naked Single: ").cell(c).str(": ").num(usize::from(digit));
            });
        }
    }
}

/// The hidden singles that removing `elim` leaves in unit `u`: digits
/// that had more places there and would have one.
fn singles_left(units: &Units, pos: &Pos, u: usize, elim: &[(usize, u8)]) -> ArrayVec<(usize, u8), 9> {
    let mut out = ArrayVec::new();
    for d0 in 0..9 {
        let digit = d0 as u8 + 1;
        let mut left = pos[u][d0];
        for (k, &uc) in units.cells[u].iter().enumerate() {
            if elim.contains(&(uc as usize, digit)) {
                left &= !(1 << k);
            }
        }
        if left.count_ones() == 1 && pos[u][d0].count_ones() > 1 {
            out.push((units.cells[u][left.trailing_zeros() as usize] as usize, digit));
        }
    }
    out
}

/// Whether SE looks for a digit of a unit of kind `from` locked in a unit
/// of kind `to`: a box and a line either way, and a disjoint group or a
/// window with a line, a box or each other, either way. The diagonals
/// take no part.
fn locks(from: UnitKind, to: UnitKind) -> bool {
    use UnitKind::*;
    matches!(
        (from, to),
        (Box, Row | Column)
            | (Row | Column, Box)
            | (Group | Window, Row | Column | Box)
            | (Row | Column | Box, Group | Window)
            | (Group, Window)
            | (Window, Group)
    )
}

/// For positions `m` (two or more) of a digit in unit `u`: the units they
/// all lie in too that SE pairs with `u` ([`locks`]; on a classic grid a
/// line for a box and a box for a line, one at most), in table order,
/// each with the positions there of the cells it shares with `u`.
fn locked_in(units: &Units, u: usize, m: u16) -> impl Iterator<Item = (usize, u16)> + '_ {
    let from = units.kind(u);
    // Bit masks only: the overlaps of `u` ([`Units::overlaps`]) that hold
    // every position of `m`, taken as they are met (no list is made: this
    // runs for every unit and digit).
    units.overlaps[u]
        .iter()
        .filter(move |&&(o, in_u, _)| m & !in_u == 0 && locks(from, units.kind(usize::from(o))))
        .map(|&(o, _, in_o)| (usize::from(o), in_o))
}

/// Pointing (a box's digit confined to one line; 2.6, direct 1.7) and
/// claiming (a line's digit confined to one box; 2.8, direct 1.9). On a
/// grid with extra houses SE rates a lock 2.6 when the unit it eliminates
/// from is a row or a column and 2.8 otherwise; the direct form starts
/// from a box (1.7), a disjoint group or a window group (1.9), and places
/// the hidden singles it leaves in the units of the kind it starts from.
pub(crate) fn locking(b: &Board, pos: &Pos, direct: bool, hits: &mut Hits) {
    let units = b.units;
    // Within one unit: at most 9.
    let mut elim: ArrayVec<(usize, u8), 9> = ArrayVec::new();
    for u in 0..units.len {
        let from_box = units.kind(u) == UnitKind::Box;
        let from_extra = matches!(units.kind(u), UnitKind::Group | UnitKind::Window);
        if direct && !from_box && !from_extra {
            // SE has no direct claiming.
            continue;
        }
        for d0 in 0..9 {
            let m = pos[u][d0];
            if m.count_ones() < 2 {
                continue;
            }
            for (other, shared) in locked_in(units, u, m) {
                if pos[other][d0] & !shared == 0 {
                    continue;
                }
                let cells: ArrayVec<usize, 9> = units.cells_at(u, m).collect();
                let digit = d0 as u8 + 1;
                elim.clear();
                elim.extend(
                    units.cells_at(other, pos[other][d0]).filter(|c| !cells.contains(c)).map(|c| (c, digit)),
                );
                if elim.is_empty() {
                    continue;
                }
                let pointing = if direct {
                    from_box
                } else {
                    matches!(units.kind(other), UnitKind::Row | UnitKind::Column)
                };
                let t = match (pointing, direct) {
                    (true, false) => Technique::Pointing,
                    (false, false) => Technique::Claiming,
                    (true, true) => Technique::DirectPointing,
                    (false, true) => Technique::DirectClaiming,
                };
                let difficulty = t.base_tenths();
                let text = |x: &mut Text| {
                    x.str(t.name()).str(": Cells ").cells(cells.iter().copied()).str(": ").num(d0 + 1);
                    x.str(" of ").str(kind(b, u)).str(" in ").str(kind(b, other));
                };
                if !direct {
                    hits.offer(b, t, difficulty, &[], &elim, text);
                    continue;
                }
                // Direct: each hidden single the eliminations would leave in a
                // unit of the source's kind (a box for a box) is placed; SE
                // does not make the eliminations themselves. In table order,
                // as the eliminations along the line are.
                let boxes = (0..units.len).filter(|&bx| {
                    units.kind(bx) == units.kind(u)
                        && elim.iter().any(|&(c, _)| units.unit_set[bx] & 1 << c != 0)
                });
                for bx in boxes {
                    for single in singles_left(units, pos, bx, &elim) {
                        hits.offer(b, t, difficulty, &[single], &[], text);
                    }
                }
            }
        }
    }
}

/// Calls `f` with every `k`-subset (`k` <= 9) of `0..n`, as sorted
/// indices (once with no index when `k` is 0).
pub(crate) fn for_each_subset(n: usize, k: usize, mut f: impl FnMut(&[usize])) {
    if k > n || k > 9 {
        return;
    }
    let mut idx = [0, 1, 2, 3, 4, 5, 6, 7, 8];
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

/// Calls `f` with every `k`-subset of `0..masks.len()` (as sorted indices,
/// in the order of [`for_each_subset`]) whose masks hold exactly `k` bits
/// together, and with that union. The subsets grow index by index, and one
/// whose union already has more than `k` bits is dropped with everything
/// it would grow into.
pub(crate) fn for_each_locked_subset(masks: &[u16], k: usize, mut f: impl FnMut(&[usize], u16)) {
    fn grow(
        masks: &[u16],
        k: usize,
        union: u16,
        chosen: &mut ArrayVec<usize, 9>,
        f: &mut dyn FnMut(&[usize], u16),
    ) {
        if chosen.len() == k {
            if union.count_ones() as usize == k {
                f(chosen, union);
            }
            return;
        }
        let from = chosen.last().map_or(0, |&i| i + 1);
        for i in from..(masks.len() + chosen.len() + 1).saturating_sub(k) {
            let grown = union | masks[i];
            if grown.count_ones() as usize <= k {
                chosen.push(i);
                grow(masks, k, grown, chosen, f);
                chosen.pop();
            }
        }
    }
    if k <= masks.len().min(9) {
        grow(masks, k, 0, &mut ArrayVec::new(), &mut f);
    }
}

/// Naked subsets with a pseudo-cell (unique loops and BUG, type 3): `k - 1`
/// of the unit's `others` cells which, with the pseudo-cell's digits
/// `pseudo`, hold exactly `k` digits. Calls `found` with the chosen cells
/// (indices into `others`), the `k` digits and what they remove from the
/// other cells (maybe nothing).
pub(crate) fn pseudo_naked_subsets(
    b: &Board,
    others: &[usize],
    pseudo: u16,
    k: usize,
    mut found: impl FnMut(&[usize], u16, &[(usize, u8)]),
) {
    let mut elim = Conclusions::new();
    for_each_subset(others.len(), k - 1, |s| {
        let union = s.iter().fold(pseudo, |m, &i| m | b.cands[others[i]]);
        if union.count_ones() as usize != k {
            return;
        }
        elim.clear();
        for (i, &c) in others.iter().enumerate() {
            if !s.contains(&i) {
                elim.extend(digits_of(b.cands[c] & union).map(|d| (c, d)));
            }
        }
        found(s, union, &elim);
    });
}

/// `k` cells of a unit with `k` digits between them: those digits go from
/// the unit's other cells (pair 3.0, triplet 3.6, quad 5.0). Not on the
/// diagonals of an X grid: SE does not look there.
///
/// Units in `skip` (bit `u` for unit `u`) are not searched.
pub(crate) fn naked_subsets(b: &Board, k: usize, skip: u64, hits: &mut Hits) {
    let t = match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriplet,
        _ => Technique::NakedQuad,
    };
    let difficulty = t.base_tenths();
    let mut elim = Conclusions::new();
    // SE looks for naked subsets in every house but the diagonals.
    let diagonal = |u: usize| matches!(b.units.kind(u), UnitKind::MainDiagonal | UnitKind::AntiDiagonal);
    for (u, unit) in
        b.units.cells[..b.units.len].iter().enumerate().filter(|&(u, _)| skip & (1 << u) == 0 && !diagonal(u))
    {
        let cells: ArrayVec<usize, 9> = unit
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| (2..=k as u32).contains(&b.cands[c].count_ones()))
            .collect();
        let masks: ArrayVec<u16, 9> = cells.iter().map(|&c| b.cands[c]).collect();
        for_each_locked_subset(&masks, k, |s, union| {
            elim.clear();
            for &c in unit {
                let c = c as usize;
                if !s.iter().any(|&i| cells[i] == c) {
                    elim.extend(digits_of(b.cands[c] & union).map(|d| (c, d)));
                }
            }
            hits.offer(b, t, difficulty, &[], &elim, |x| {
                x.str(t.name()).str(": Cells ").cells(s.iter().map(|&i| cells[i])).str(": ");
                x.digits(union, ",").str(" in ").str(kind(b, u));
            });
        });
    }
}

/// `k` digits of a unit confined to `k` cells: the other digits go from
/// those cells (pair 3.4, triplet 4.0, quad 5.4; direct pair 2.0 and
/// triplet 2.5 when that leaves a hidden single).
///
/// Units in `skip` (bit `u` for unit `u`) are not searched.
pub(crate) fn hidden_subsets(b: &Board, pos: &Pos, k: usize, direct: bool, skip: u64, hits: &mut Hits) {
    let t = match (k, direct) {
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriplet,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriplet,
        _ => Technique::HiddenQuad,
    };
    let difficulty = t.base_tenths();
    let mut elim = Conclusions::new();
    let units = b.units;
    for (u, unit) in units.cells[..units.len].iter().enumerate().filter(|&(u, _)| skip & (1 << u) == 0) {
        let ds: ArrayVec<usize, 9> =
            (0..9).filter(|&d| (2..=k as u32).contains(&pos[u][d].count_ones())).collect();
        let masks: ArrayVec<u16, 9> = ds.iter().map(|&d| pos[u][d]).collect();
        for_each_locked_subset(&masks, k, |s, places| {
            let keep = s.iter().fold(0u16, |m, &i| m | (1 << ds[i]));
            elim.clear();
            for (kk, &c) in unit.iter().enumerate() {
                if places & (1 << kk) != 0 {
                    elim.extend(digits_of(b.cands[c as usize] & !keep).map(|d| (c as usize, d)));
                }
            }
            if elim.is_empty() {
                return;
            }
            let text = |x: &mut Text| {
                x.str(t.name()).str(": Cells ").cells(units.cells_at(u, places)).str(": ");
                x.digits(keep, ",").str(" in ").str(kind(b, u));
            };
            if !direct {
                hits.offer(b, t, difficulty, &[], &elim, text);
                return;
            }
            // Direct: each hidden single the eliminations would leave in the
            // unit is placed; SE does not make the eliminations themselves.
            for single in singles_left(units, pos, u, &elim) {
                hits.offer(b, t, difficulty, &[single], &[], text);
            }
        });
    }
}

/// Fish of size `k` (X-wing 3.2, swordfish 3.8, jellyfish 5.2) on rows and
/// on columns.
///
/// Digits in `skip` (bit `d - 1` for digit `d`) are not searched.
pub(crate) fn fish(b: &Board, pos: &Pos, k: usize, skip: u16, hits: &mut Hits) {
    let t = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let difficulty = t.base_tenths();
    let mut elim = Conclusions::new();
    for d0 in (0..9).filter(|d0| skip & (1 << d0) == 0) {
        let digit = d0 as u8 + 1;
        // On rows, a row's positions are the columns; on columns, the rows.
        for (base_lines, cover_lines) in [(ROWS, COLUMNS), (COLUMNS, ROWS)] {
            let off = base_lines.start;
            let lines: ArrayVec<usize, 9> =
                (0..9).filter(|&l| (2..=k as u32).contains(&pos[off + l][d0].count_ones())).collect();
            let masks: ArrayVec<u16, 9> = lines.iter().map(|&l| pos[off + l][d0]).collect();
            for_each_locked_subset(&masks, k, |s, cover| {
                let base = s.iter().fold(0u16, |m, &i| m | (1 << lines[i]));
                let cover_off = cover_lines.start;
                elim.clear();
                for x in (0..9).filter(|x| cover & (1 << x) != 0) {
                    elim.extend(
                        b.units.cells_at(cover_off + x, pos[cover_off + x][d0] & !base).map(|c| (c, digit)),
                    );
                }
                hits.offer(b, t, difficulty, &[], &elim, |x| {
                    let cells =
                        s.iter().flat_map(|&i| b.units.cells_at(off + lines[i], pos[off + lines[i]][d0]));
                    x.str(t.name()).str(": Cells ").cells(cells).str(" on value ").num(d0 + 1);
                });
            });
        }
    }
}

/// Pivot {x,y}, pincers {x,z} and {y,z} that see the pivot: z goes from
/// every cell seeing both pincers (4.2). With `xyz`, pivot {x,y,z} and z
/// goes from cells seeing all three (4.4).
pub(crate) fn xy_wings(b: &Board, xyz: bool, hits: &mut Hits) {
    let (t, pivot_size) = if xyz { (Technique::XyzWing, 3) } else { (Technique::XyWing, 2) };
    let difficulty = t.base_tenths();
    let mut elim = Conclusions::new();
    for p in 0..81 {
        let pm = b.cands[p];
        if pm.count_ones() != pivot_size {
            continue;
        }
        let wings: ArrayVec<usize, 80> = b.units.peers[p]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| {
                let m = b.cands[c];
                m.count_ones() == 2 && if xyz { m & !pm == 0 } else { (m & pm).count_ones() == 1 }
            })
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &w in &wings[i + 1..] {
                let (am, wm) = (b.cands[a], b.cands[w]);
                let z = if xyz {
                    if am == wm {
                        continue;
                    }
                    am & wm
                } else {
                    let z = am & wm & !pm;
                    if z.count_ones() != 1 || (am & pm) == (wm & pm) {
                        continue;
                    }
                    z
                };
                let peer_set = &b.units.peer_set;
                let mut seen = peer_set[a] & peer_set[w];
                if xyz {
                    seen &= peer_set[p];
                }
                let zd = z.trailing_zeros() as u8 + 1;
                elim.clear();
                elim.extend(cells_of(seen).filter(|&c| b.cands[c] & z != 0).map(|c| (c, zd)));
                hits.offer(b, t, difficulty, &[], &elim, |x| {
                    x.str(t.name()).str(": Cells ").cells([p, a, w]).str(" on value ").num(usize::from(zd));
                });
            }
        }
    }
}
