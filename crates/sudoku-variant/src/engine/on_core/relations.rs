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
    /// Each related pair of cells, lower cell first, with its table that
    /// way round.
    arcs: Vec<(u16, u16, Rows)>,
}

impl Relations {
    /// Whether the relations between the cells of `group` alone make `a`
    /// and `b` differ: a path of them from `a` to `b` whose tables, chained,
    /// never pair a digit with itself (a thermometer's cells two steps
    /// apart: the second is at least two above the first). Every solution
    /// then keeps the two apart without a rule of theirs; and as the
    /// relations are kept to arc consistency, a digit placed in one leaves
    /// the other along a path of a tree (a thermometer's line).
    pub(super) fn differ(&self, group: &[u16], a: u16, b: u16) -> bool {
        let inside = |c: u16| group.contains(&c);
        let arcs: Vec<&(u16, u16, Rows)> =
            self.arcs.iter().filter(|(c, d, _)| inside(*c) && inside(*d)).collect();
        // The digits each reached cell may hold beside each digit of `a`.
        let mut reached: Vec<(u16, Rows)> = vec![(a, std::array::from_fn(|x| 1 << x))];
        let mut next = 0;
        while let Some(&(c, beside)) = reached.get(next) {
            next += 1;
            if c == b {
                return beside.iter().enumerate().all(|(x, &ys)| ys >> x & 1 == 0);
            }
            for &&(p, q, rows) in &arcs {
                let (d, rows) = match (p == c, q == c) {
                    (true, _) => (q, rows),
                    (_, true) => (p, mirror(&rows)),
                    _ => continue,
                };
                if reached.iter().all(|&(e, _)| e != d) {
                    let chained =
                        beside.map(|ys| (0..9).filter(|y| ys >> y & 1 != 0).fold(0, |m, y| m | rows[y]));
                    reached.push((d, chained));
                }
            }
        }
        false
    }
}

/// The table of a relation read the other way round.
fn mirror(rows: &Rows) -> Rows {
    let mut back = [0u16; 9];
    for (x, &row) in rows.iter().enumerate() {
        for (y, back) in back.iter_mut().enumerate() {
            *back |= (row >> y & 1) << x;
        }
    }
    back
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
    let mut tables = Tables::default();
    // Each relation's table (first cell to second) by kind, number and
    // whether the cells see each other (the kind's name's address, a
    // static's; 0 for non-consecutive pairs), each made once.
    type Key = (usize, u32, bool);
    let mut made: Vec<(Key, u16)> = Vec::new();
    let mut table = |tables: &mut Tables, key: Key, allows: &dyn Fn(u32, u32) -> bool| {
        // (Most constraints are of the kind before: the last key first.)
        if let Some(&(_, t)) = made.last().filter(|(k, _)| *k == key) {
            return t;
        }
        if let Some(i) = made.iter().position(|(k, _)| *k == key) {
            let last = made.len() - 1;
            made.swap(i, last);
            return made[last].1;
        }
        let rows: Rows = std::array::from_fn(|x| {
            let x = x as u32 + 1;
            (1..=9u32).filter(|&y| allows(x, y) && !(key.2 && x == y)).fold(0, |m, y| m | 1 << (y - 1))
        });
        let t = tables.intern(rows);
        made.push((key, t));
        t
    };
    // Each pair with its lower cell first and the number of its table
    // that way round, packed `a << 23 | b << 16 | table` so that a sort
    // brings the relations of one pair of cells together.
    let mut arcs: Vec<u32> = Vec::with_capacity(net.constraints.len());
    let mut arc = |tables: &Tables, a: u16, b: u16, t: u16| {
        let (a, b, t) = if a < b { (a, b, t) } else { (b, a, tables.mirror(t)) };
        arcs.push(u32::from(a) << 23 | u32::from(b) << 16 | u32::from(t));
    };
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
            let t = table(&mut tables, (name, tag, sees(a, b)), &|x, y| kind.pair_allows(tag, x, y));
            arc(&tables, a, b, t);
        }
        tabled[k / 64] |= 1 << (k % 64);
    }
    for c in 0..81u16 {
        for &p in net.nc(usize::from(c)).iter().filter(|&&p| c < p) {
            let t = table(&mut tables, (0, 0, sees(c, p)), &|x, y| x.abs_diff(y) > 1);
            arc(&tables, c, p, t);
        }
    }
    arcs.sort_unstable();
    // One table a pair of cells (the rows of its relations intersected);
    // a table and its mirror image are one relation, each pair put the
    // way round whose rows come first.
    let mut relations: Vec<Relation> = Vec::new();
    let mut pair_tables = Vec::new();
    // The relation of each table put that way round.
    let mut relation_of: Vec<u16> = Vec::new();
    let mut rest = &arcs[..];
    while let Some(&first) = rest.first() {
        let same = rest.iter().take_while(|&&w| w >> 16 == first >> 16).count();
        let mut t = (first & 0xffff) as u16;
        for &w in &rest[1..same] {
            t = tables.both(t, (w & 0xffff) as u16);
        }
        rest = &rest[same..];
        let (a, b) = ((first >> 23) as u16, (first >> 16 & 0x7f) as u16);
        pair_tables.push((a, b, tables.rows(t)));
        let mirror = tables.mirror(t);
        let (a, b, t) = if tables.rows(mirror) < tables.rows(t) { (b, a, mirror) } else { (a, b, t) };
        relation_of.resize(tables.len(), u16::MAX);
        if relation_of[usize::from(t)] == u16::MAX {
            relation_of[usize::from(t)] = relations.len() as u16;
            relations.push(Relation { allows: tables.rows(t), links: Vec::new() });
        }
        let r = &mut relations[usize::from(relation_of[usize::from(t)])];
        // (Cells of the 9x9 grid: 80 apart at most.)
        let offset = (i32::from(b) - i32::from(a)) as i8;
        match r.links.iter_mut().find(|(o, _)| *o == offset) {
            Some(link) => link.1 |= 1 << a,
            None => r.links.push((offset, 1 << a)),
        }
    }
    Relations { relations, tabled, arcs: pair_tables }
}

/// The rows of a relation (`rows[x - 1]`: the digits allowed in the second
/// cell beside x in the first).
type Rows = [u16; 9];

/// Distinct relation tables, each with its mirror image (second cell to
/// first), numbered in the order they were first seen.
#[derive(Default)]
struct Tables {
    /// Each table's rows and its mirror image's number.
    rows: Vec<(Rows, u16)>,
    /// The conjunctions made: two tables' numbers and theirs.
    both: Vec<(u16, u16, u16)>,
}

impl Tables {
    /// The number of `rows` (and its mirror image's), added if new.
    fn intern(&mut self, rows: Rows) -> u16 {
        if let Some(t) = self.rows.iter().position(|&(r, _)| r == rows) {
            return t as u16;
        }
        let mirror = mirror(&rows);
        // (A new table's mirror image is new too, or the table itself.)
        let t = self.rows.len() as u16;
        match mirror == rows {
            true => self.rows.push((rows, t)),
            false => self.rows.extend([(rows, t + 1), (mirror, t)]),
        }
        t
    }

    /// The number of the conjunction of tables `s` and `t`.
    fn both(&mut self, s: u16, t: u16) -> u16 {
        let key = (s.min(t), s.max(t));
        if let Some(&(_, _, st)) = self.both.iter().find(|&&(a, b, _)| (a, b) == key) {
            return st;
        }
        let (one, two) = (self.rows(s), self.rows(t));
        let st = self.intern(std::array::from_fn(|i| one[i] & two[i]));
        self.both.push((key.0, key.1, st));
        st
    }

    fn rows(&self, t: u16) -> Rows {
        self.rows[usize::from(t)].0
    }

    fn mirror(&self, t: u16) -> u16 {
        self.rows[usize::from(t)].1
    }

    fn len(&self) -> usize {
        self.rows.len()
    }
}
