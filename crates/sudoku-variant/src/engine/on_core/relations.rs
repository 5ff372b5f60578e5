//! The relations of two cells on the core path: each pair of cells a
//! constraint relates (a kropki dot, a thermometer's step, an unmarked
//! pair of a negative rule, ...) gets one table, the conjunction of its
//! relations, and the pairs with one table (or its mirror image) become
//! one [`sudoku_core::Relation`], which the core keeps on its digit
//! planes.

use sudoku_core::Relation;

use super::super::network::Network;
use super::sees;

/// A network's relations of two cells (see [`relations`]).
pub(super) struct Relations {
    /// One for each distinct table, its pairs by distance.
    pub(super) relations: Vec<Relation>,
    /// The constraints they stand for, a bit each.
    pub(super) tabled: Vec<u64>,
}

/// The network's relations of two cells: each pair of each constraint
/// that is relations of pairs alone ([`Kind::pairs`]), and each
/// non-consecutive pair. Two cells that see each other also differ. The
/// relations of one pair of cells are one table, their conjunction (an
/// unmarked pair of kropki-negative: not consecutive and neither twice
/// the other), so a change revises a partner once, by all of them.
///
/// [`Kind::pairs`]: crate::constraint::Kind::pairs
pub(super) fn relations(net: &Network) -> Relations {
    // The rows of a relation (`rows[x - 1]`: the digits allowed in the
    // second cell beside x in the first).
    type Rows = [u16; 9];
    // Each relation's rows, first cell to second and back, by kind,
    // number and whether the cells see each other (the kind's name's
    // address, a static's; 0 for non-consecutive pairs), each made once.
    type Key = (usize, u32, bool);
    let mut made: Vec<(Key, (Rows, Rows))> = Vec::new();
    let mut relation = |key: Key, allows: &dyn Fn(u32, u32) -> bool| {
        if let Some(&(_, pair)) = made.iter().find(|(k, _)| *k == key) {
            return pair;
        }
        let (mut ab, mut ba) = ([0u16; 9], [0u16; 9]);
        for x in 1..=9u32 {
            for y in (1..=9u32).filter(|&y| allows(x, y) && !(key.2 && x == y)) {
                ab[x as usize - 1] |= 1 << (y - 1);
                ba[y as usize - 1] |= 1 << (x - 1);
            }
        }
        made.push((key, (ab, ba)));
        (ab, ba)
    };
    // Each pair with its lower cell first, its rows and their mirror
    // image (second cell to first).
    let mut arcs: Vec<(u16, u16, Rows, Rows)> = Vec::new();
    let mut tabled = vec![0u64; net.constraints.len().div_ceil(64)];
    let mut pairs = Vec::new();
    for (k, (kind, it)) in net.constraints.iter().enumerate() {
        pairs.clear();
        if !kind.pairs(it, &mut pairs) {
            continue;
        }
        let name = kind.name().as_ptr() as usize;
        // (A pair of one cell twice, a clone's shared cell, says nothing.)
        for &(a, b, tag) in pairs.iter().filter(|&&(a, b, _)| a != b) {
            let (ab, ba) = relation((name, tag, sees(a, b)), &|x, y| kind.pair_allows(tag, x, y));
            arcs.push(if a < b { (a, b, ab, ba) } else { (b, a, ba, ab) });
        }
        tabled[k / 64] |= 1 << (k % 64);
    }
    for c in 0..81u16 {
        for &p in net.nc(usize::from(c)).iter().filter(|&&p| c < p) {
            let (cp, pc) = relation((0, 0, sees(c, p)), &|x, y| x.abs_diff(y) > 1);
            arcs.push((c, p, cp, pc));
        }
    }
    // One table a pair of cells, the rows of its relations intersected.
    arcs.sort_unstable_by_key(|&(a, b, _, _)| (a, b));
    let mut merged: Vec<(u16, u16, Rows, Rows)> = Vec::with_capacity(arcs.len());
    for (a, b, rows, mirror) in arcs {
        match merged.last_mut() {
            Some(kept) if (kept.0, kept.1) == (a, b) => {
                kept.2 = std::array::from_fn(|i| kept.2[i] & rows[i]);
                kept.3 = std::array::from_fn(|i| kept.3[i] & mirror[i]);
            }
            _ => merged.push((a, b, rows, mirror)),
        }
    }
    // A table and its mirror image are one relation: each pair is put the
    // way round whose rows come first.
    let mut relations: Vec<Relation> = Vec::new();
    for (a, b, rows, mirror) in merged {
        let (a, b, rows) = if mirror < rows { (b, a, mirror) } else { (a, b, rows) };
        let r = match relations.iter().position(|r| r.allows == rows) {
            Some(i) => &mut relations[i],
            None => {
                relations.push(Relation { allows: rows, links: Vec::new() });
                relations.last_mut().expect("just pushed")
            }
        };
        // (Cells of the 9x9 grid: 80 apart at most.)
        let offset = (i32::from(b) - i32::from(a)) as i8;
        match r.links.iter_mut().find(|(o, _)| *o == offset) {
            Some(link) => link.1 |= 1 << a,
            None => r.links.push((offset, 1 << a)),
        }
    }
    Relations { relations, tabled }
}
