//! The rules a dynamic chain of SE's "+" level applies when its singles
//! run out (SE's "advanced potentials"): on the position the chain has
//! built, the first of these rules that removes something, with everything
//! it removes. Each removal's parents are the candidates the chain turned
//! off that the rule's pattern needed (SE's `getRuleParents`); a pattern
//! that needs none was there before the chain and is not taken.
//!
//! The rules, as Sukaku Explainer 1.18.1 lists them (its default
//! `FCPlus=0`):
//! - on a grid of rows, columns and boxes alone (non-consecutive too: SE's
//!   "Latin" grids): pointing and claiming, hidden pairs, naked pairs,
//!   X-wings;
//! - on a grid with extra houses or moves (X, windoku, disjoint groups,
//!   anti-knight, anti-king): generalized intersections and generalized
//!   naked pairs (the cells that see every place of a digit lose it) in
//!   place of the first and the third.

use super::engine::NO_CHAIN;
use crate::board::{Board, Pos};
use crate::potential::Potential;

/// One removal a rule found: the candidate, and its parents
/// `parents[start..end]` (potential indices, all "off").
pub(super) struct Removal {
    pub cand: usize,
    pub start: u32,
    pub end: u32,
    /// The nested chain that proved it (an index the finder gives), or
    /// [`super::engine::NO_CHAIN`].
    pub chain: u32,
}

/// What the rules work on: the base board and the chain's position
/// (`cur[c]`: the digits cell `c` still may hold).
struct View<'a> {
    b: &'a Board,
    cur: &'a [u16; 81],
    /// The places of each digit in each unit on `cur`.
    pos: Pos,
    out: &'a mut Vec<Removal>,
    parents: &'a mut Vec<u16>,
}

impl View<'_> {
    /// Where digit bit `m` may go in unit `u` now, as positions.
    #[inline]
    fn places(&self, u: usize, m: u16) -> u16 {
        self.pos[u][m.trailing_zeros() as usize]
    }

    /// Records the removals of the cells of `victims` (an 81-bit set)
    /// holding digit bit `m` now, each with the parents pushed since
    /// `start`; none when those are empty.
    fn remove(&mut self, victims: u128, m: u16, start: usize) {
        if self.parents.len() == start {
            return;
        }
        let mut v = victims & ((1u128 << 81) - 1);
        while v != 0 {
            let c = v.trailing_zeros() as usize;
            v &= v - 1;
            if self.cur[c] & m != 0 {
                let cand = c * 9 + m.trailing_zeros() as usize;
                self.out.push(Removal {
                    cand,
                    start: start as u32,
                    end: self.parents.len() as u32,
                    chain: NO_CHAIN,
                });
            }
        }
    }

    /// Pushes, as parents, the "off" of digit bit `m` in the cells of
    /// `cells` that held it on the base board.
    fn push_offs(&mut self, cells: impl Iterator<Item = usize>, m: u16) {
        for c in cells {
            if self.b.cands[c] & m != 0 {
                self.parents.push(Potential::new(c * 9 + m.trailing_zeros() as usize, false).index() as u16);
            }
        }
    }

    /// SE's generalized intersections: the cells that see every place (2
    /// to 6) of a digit in a house lose it; the parents are the digit's
    /// other places on the base board.
    fn generalized_locking(&mut self) {
        let units = self.b.units;
        for u in 0..units.len {
            for d in 0..9 {
                let m = 1u16 << d;
                let places = self.places(u, m);
                if !(2..=6).contains(&places.count_ones()) {
                    continue;
                }
                let seen = units.cells_at(u, places).fold(!0u128, |s, c| s & units.peer_set[c]);
                let start = self.parents.len();
                self.push_offs(units.cells_at(u, 0x1FF & !places), m);
                self.remove(seen, m, start);
            }
        }
    }

    /// Pointing and claiming: a digit of a box (or line) whose places lie
    /// in one line (or box) leaves the rest of it; the parents are the
    /// digit's places on the base board in the first house outside the
    /// second.
    fn locking(&mut self) {
        let units = self.b.units;
        for u in 0..units.len {
            let digits: [u16; 9] = std::array::from_fn(|k| self.cur[usize::from(units.cells[u][k])]);
            for &(v, in_u, _) in &units.overlaps[u] {
                let v = usize::from(v);
                // The digits with two places or more in the overlap and
                // none outside it: the others fail the test below.
                let (mut once, mut twice, mut outside) = (0u16, 0u16, 0u16);
                let mut inside = in_u & 0x1FF;
                while inside != 0 {
                    let m = digits[inside.trailing_zeros() as usize];
                    inside &= inside - 1;
                    twice |= once & m;
                    once |= m;
                }
                let mut rest = !in_u & 0x1FF;
                while rest != 0 {
                    outside |= digits[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                let mut maybe = twice & !outside;
                while maybe != 0 {
                    let d = maybe.trailing_zeros();
                    maybe &= maybe - 1;
                    let m = 1u16 << d;
                    let places = self.places(u, m);
                    if places.count_ones() < 2 || places & !in_u != 0 {
                        continue;
                    }
                    let victims = units.unit_set[v] & !units.unit_set[u];
                    let start = self.parents.len();
                    self.push_offs(units.cells_at(u, 0x1FF & !in_u), m);
                    self.remove(victims, m, start);
                }
            }
        }
    }

    /// Hidden pairs: two digits of a house with the same two places keep
    /// those cells; the parents are their other places on the base board.
    fn hidden_pairs(&mut self) {
        let units = self.b.units;
        for u in 0..units.len {
            let places: [u16; 9] = std::array::from_fn(|d| self.places(u, 1 << d));
            // The digits of two places, ascending.
            let pairs: arrayvec::ArrayVec<usize, 9> =
                (0..9).filter(|&d| places[d].count_ones() == 2).collect();
            for (i, &a) in pairs.iter().enumerate() {
                for &z in &pairs[i + 1..] {
                    let both = places[a] | places[z];
                    if places[a].count_ones() != 2 || places[z].count_ones() != 2 || both.count_ones() != 2 {
                        continue;
                    }
                    let keep = (1u16 << a) | (1 << z);
                    let start = self.parents.len();
                    let others = 0x1FF & !both;
                    self.push_offs(units.cells_at(u, others), 1 << a);
                    self.push_offs(units.cells_at(u, others), 1 << z);
                    for c in units.cells_at(u, both) {
                        let mut gone = self.cur[c] & !keep;
                        while gone != 0 {
                            let m = gone & gone.wrapping_neg();
                            gone ^= m;
                            self.remove(1u128 << c, m, start);
                        }
                    }
                }
            }
        }
    }

    /// Naked pairs: two cells of a house (of four open cells or more)
    /// holding two digits between them. `generalized`: each digit leaves
    /// every cell that sees both cells holding it; else the house's other
    /// cells. The parents are the two cells' other digits on the base
    /// board.
    fn naked_pairs(&mut self, generalized: bool) {
        let units = self.b.units;
        for u in 0..units.len {
            let open: arrayvec::ArrayVec<usize, 9> =
                units.cells_of_unit(u).filter(|&c| self.b.value[c] == 0).collect();
            if open.len() < 4 {
                continue;
            }
            // Only cells of one or two digits now can hold two between them.
            let few: arrayvec::ArrayVec<usize, 9> =
                open.into_iter().filter(|&c| (1..=2).contains(&self.cur[c].count_ones())).collect();
            for (i, &x) in few.iter().enumerate() {
                for &y in &few[i + 1..] {
                    let union = self.cur[x] | self.cur[y];
                    if union.count_ones() != 2 || self.cur[x] == 0 || self.cur[y] == 0 {
                        continue;
                    }
                    let start = self.parents.len();
                    for c in [x, y] {
                        let mut other = self.b.cands[c] & !union;
                        while other != 0 {
                            let m = other & other.wrapping_neg();
                            other ^= m;
                            self.push_offs(std::iter::once(c), m);
                        }
                    }
                    let mut digits = union;
                    while digits != 0 {
                        let m = digits & digits.wrapping_neg();
                        digits ^= m;
                        let victims = if generalized {
                            [x, y]
                                .into_iter()
                                .filter(|&c| self.cur[c] & m != 0)
                                .fold(!0u128, |s, c| s & units.peer_set[c])
                        } else {
                            units.unit_set[u]
                        } & !(1u128 << x)
                            & !(1u128 << y);
                        self.remove(victims, m, start);
                    }
                }
            }
        }
    }

    /// X-wings: a digit with the same two places in two rows (columns)
    /// leaves the rest of those columns (rows); the parents are its other
    /// places in the two base lines on the base board.
    fn x_wings(&mut self) {
        let units = self.b.units;
        // Rows are units 0..9, columns 9..18.
        for (base, cover) in [(0usize, 9usize), (9, 0)] {
            for d in 0..9 {
                let m = 1u16 << d;
                let places: [u16; 9] = std::array::from_fn(|l| self.places(base + l, m));
                // The lines of two places, ascending.
                let pairs: arrayvec::ArrayVec<usize, 9> =
                    (0..9).filter(|&l| places[l].count_ones() == 2).collect();
                for (i, &a) in pairs.iter().enumerate() {
                    for &z in &pairs[i + 1..] {
                        if places[a] != places[z] {
                            continue;
                        }
                        let start = self.parents.len();
                        for l in [a, z] {
                            self.push_offs(units.cells_at(base + l, 0x1FF & !places[a]), m);
                        }
                        let mut victims = 0u128;
                        let mut cols = places[a];
                        while cols != 0 {
                            let k = cols.trailing_zeros() as usize;
                            cols &= cols - 1;
                            victims |= units.unit_set[cover + k];
                        }
                        victims &= !units.unit_set[base + a] & !units.unit_set[base + z];
                        self.remove(victims, m, start);
                    }
                }
            }
        }
    }
}

/// The removals of the first rule of the "+" level that has any on the
/// chain's position `cur` (over base board `b`), appended to `out` with
/// their parents appended to `parents`. Removals of candidates the chain
/// has already turned off are left out by the caller.
pub(super) fn advanced(b: &Board, cur: &[u16; 81], out: &mut Vec<Removal>, parents: &mut Vec<u16>) {
    let e = b.units.extra;
    let generalized = e.x || e.windoku || e.disjoint_groups || e.anti_knight || e.anti_king;
    let pos = Board { cands: *cur, ..*b }.positions();
    let mut view = View { b, cur, pos, out, parents };
    for rule in 0..4 {
        match (rule, generalized) {
            (0, true) => view.generalized_locking(),
            (0, false) => view.locking(),
            (1, _) => view.hidden_pairs(),
            (2, g) => view.naked_pairs(g),
            _ => view.x_wings(),
        }
        if !view.out.is_empty() {
            return;
        }
    }
}
