//! The relations of two cells on the core path as tables: each pair of
//! cells a constraint relates (a kropki dot, a thermometer's step, an
//! unmarked pair of a negative rule, ...) gets one table, the conjunction
//! of its relations, that gives the digits a mask of one cell leaves its
//! partner in two look-ups.

use super::super::network::Network;
use super::sees;

/// A network's relations of two cells (see [`relations`]).
pub(super) struct Relations {
    /// `(cell, partner, table)`, both ways round, one a pair, ascending.
    pub(super) arcs: Vec<(u16, u16, u16)>,
    pub(super) tables: Vec<Support>,
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
    // The rows of each relation (`rows[x - 1]`: the digits allowed beside
    // x), each distinct one once; arcs carry their number.
    type Rows = [u16; 9];
    let mut rows: Vec<Rows> = Vec::new();
    fn table(rows: &mut Vec<Rows>, r: Rows) -> u16 {
        let t = rows.iter().position(|x| *x == r).unwrap_or_else(|| {
            rows.push(r);
            rows.len() - 1
        });
        t as u16
    }
    // Each relation's tables, first cell to second and back, by kind,
    // number and whether the cells see each other (the kind's name's
    // address, a static's; 0 for non-consecutive pairs), each made once.
    type Key = (usize, u32, bool);
    let mut made: Vec<(Key, (u16, u16))> = Vec::new();
    let mut relation = |rows: &mut Vec<Rows>, key: Key, allows: &dyn Fn(u32, u32) -> bool| {
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
        let pair = (table(rows, ab), table(rows, ba));
        made.push((key, pair));
        pair
    };
    let mut arcs: Vec<(u16, u16, u16)> = Vec::new();
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
            let (ab, ba) = relation(&mut rows, (name, tag, sees(a, b)), &|x, y| kind.pair_allows(tag, x, y));
            arcs.push((a, b, ab));
            arcs.push((b, a, ba));
        }
        tabled[k / 64] |= 1 << (k % 64);
    }
    for c in 0..81u16 {
        for &p in net.nc(usize::from(c)) {
            let (cp, _) = relation(&mut rows, (0, 0, sees(c, p)), &|x, y| x.abs_diff(y) > 1);
            arcs.push((c, p, cp));
        }
    }
    // One arc a pair of cells, the rows of its relations intersected, in
    // order of cell and partner: bucketed by cell (a counting sort), each
    // cell's few arcs sorted in place.
    let mut start = [0usize; 82];
    for &(a, _, _) in &arcs {
        start[usize::from(a) + 1] += 1;
    }
    for c in 0..81 {
        start[c + 1] += start[c];
    }
    let mut next = start;
    let mut bucketed = vec![(0u16, 0u16, 0u16); arcs.len()];
    for arc in arcs {
        let slot = &mut next[usize::from(arc.0)];
        bucketed[*slot] = arc;
        *slot += 1;
    }
    let mut arcs: Vec<(u16, u16, u16)> = Vec::with_capacity(bucketed.len());
    for range in start.windows(2) {
        let first = arcs.len();
        let cell = &mut bucketed[range[0]..range[1]];
        cell.sort_unstable_by_key(|&(_, b, _)| b);
        for &(a, b, t) in cell.iter() {
            match arcs[first..].last_mut() {
                Some(kept) if kept.1 == b => {
                    let both =
                        std::array::from_fn(|i| rows[usize::from(kept.2)][i] & rows[usize::from(t)][i]);
                    kept.2 = table(&mut rows, both);
                }
                _ => arcs.push((a, b, t)),
            }
        }
    }
    Relations { arcs, tables: rows.iter().map(Support::of).collect(), tabled }
}

/// A relation of two cells as a table: the digits of the second cell
/// that some digit of a mask of the first allows, in two look-ups (the
/// mask's low five digits and high four: a union distributes).
#[derive(Debug, Clone)]
pub(super) struct Support {
    low: [u16; 32],
    high: [u16; 16],
    /// The most digits of the first cell that one digit of the second is
    /// banned by (allowed beside none of them): a mask of more digits
    /// allows every digit. Two for an unmarked pair of xv-negative (`y`
    /// is banned by `5 - y` and `10 - y`), eight for a V.
    pub(super) most_banned: u32,
}

impl Support {
    /// The table of `rows` (`rows[x - 1]`: the digits allowed beside `x`).
    pub(super) fn of(rows: &[u16; 9]) -> Self {
        // The union of the rows of the digits `first + i` for the bits i of
        // `mask`.
        let union = |mask: usize, first: usize| {
            (0..9 - first).filter(|i| mask >> i & 1 == 1).fold(0, |m, i| m | rows[first + i])
        };
        let banned_by = |y: usize| rows.iter().filter(|&&row| row >> y & 1 == 0).count() as u32;
        Support {
            low: std::array::from_fn(|m| union(m, 0)),
            high: std::array::from_fn(|m| union(m, 5)),
            most_banned: (0..9).map(banned_by).max().unwrap_or(0),
        }
    }

    /// The digits some digit of `x` allows.
    pub(super) fn of_mask(&self, x: u16) -> u16 {
        self.low[usize::from(x & 31)] | self.high[usize::from(x >> 5 & 15)]
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::Support;

    /// A relation's table gives, for every mask of the first cell, the
    /// union of the rows of its digits.
    #[test]
    fn a_support_table_is_the_union_of_its_rows() {
        let mut rng = ChaCha8Rng::seed_from_u64(49);
        for _ in 0..50 {
            let rows: [u16; 9] = std::array::from_fn(|_| rng.gen_range(0..512));
            let table = Support::of(&rows);
            for x in 0..512u16 {
                let union = (0..9).filter(|d| x >> d & 1 == 1).fold(0, |m, d| m | rows[d]);
                assert_eq!(table.of_mask(x), union, "{rows:?} {x:b}");
                if x.count_ones() > table.most_banned {
                    assert_eq!(union, 0x1ff, "{rows:?} {x:b}: more digits than ban one");
                }
            }
        }
    }
}
