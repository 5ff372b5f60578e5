//! Relations of two cells on the digit planes: a kropki dot, an XV letter,
//! an unmarked pair of a negative rule, a thermometer's step, kept by the
//! search itself ([`ExtraRules::relations`]) as arc consistency: a digit
//! leaves a cell when no digit left in its partner allows it there.
//!
//! A digit's plane is its three band words side by side (bit `c` = cell
//! `c`, row-major: the bands' layout is row-major within a band). The
//! cells without support for a digit are the complement of a union of a
//! few planes, and every pair of a relation that lies at one distance
//! (`b = a + offset`, either way) is one shift and one mask, so a pass
//! costs a few word operations a digit, whatever the number of pairs.
//!
//! Each pass looks only at the digits some plane of which changed since
//! the last one: the cells that lack support for `y` change only when a
//! digit that supports `y` leaves a cell.
//!
//! A relation of equal digits (a clone, a palindrome) is kept cell by
//! cell instead: each cell of a pair keeps the digits both have (its
//! pairs lie at many distances, a few each, where the planes' pass costs
//! a few operations a digit and a distance). It also keeps each pair as
//! one placement ([`State::equal_rules`]): a digit that cannot go in both
//! cells at once (it would take a row's, a box's or a column's last
//! places through the cells either sees) leaves both.
//!
//! [`ExtraRules::relations`]: super::ExtraRules::relations

use super::houses;
use super::state::{open_minirows, unit, Cell, State, Units};
use super::tables::{fold_columns, BAND_KEPT, MINIROW_CELLS};
use crate::PEERS;

/// A relation of pairs of cells the search keeps on its digit planes (see
/// [`ExtraRules::relations`](super::ExtraRules::relations)).
///
/// ```
/// use sudoku_core::Relation;
/// // Cells (0, 1) and (9, 10) hold consecutive digits (white kropki dots).
/// let consecutive = std::array::from_fn(|x| ((0b101u32 << x) >> 1) as u16 & 0x1ff);
/// let white = Relation { allows: consecutive, links: vec![(1, 1 << 0 | 1 << 9)] };
/// assert_eq!(white.allows[0], 0b10); // beside 1: only 2
/// assert_eq!(white.allows[4], 0b10_1000); // beside 5: 4 or 6
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Relation {
    /// `allows[x - 1]`: the digits the second cell of a pair may hold
    /// (bit `y - 1` for `y`) when the first holds `x`.
    pub allows: [u16; 9],
    /// The pairs, by distance: `(offset, firsts)` pairs each cell `a` of
    /// `firsts` (bit `a`, row-major) with cell `a + offset`, `a` first
    /// (the second cell may come before it: a relation and its mirror
    /// image are one). A pair whose second cell is off the grid is none.
    pub links: Vec<(i8, u128)>,
}

/// A relation as the search uses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Compiled {
    /// `forward[y - 1]`: the digits of a first cell that allow `y` in its
    /// second.
    forward: [u16; 9],
    /// `back[x - 1]`: the digits of a second cell that allow `x` in its
    /// first (the relation's `allows`).
    back: [u16; 9],
    /// Whether the relation reads the same both ways round (then one union
    /// serves both directions).
    symmetric: bool,
    /// The first cells of the pairs one and nine apart, both ways
    /// (neighbours in a row and in a column, most relations' pairs: shifts
    /// by a constant).
    right: u128,
    left: u128,
    down: u128,
    up: u128,
    /// The pairs at other distances, second cell after the first and
    /// before it.
    ahead: Vec<(u32, u128)>,
    behind: Vec<(u32, u128)>,
    /// Whether every pair is a right or a down neighbour (the usual case,
    /// which skips the rest).
    near: bool,
    /// Whether some pair is a neighbour in a row or a column (a clone's or
    /// a palindrome's pairs lie further apart: their passes skip the four
    /// neighbour masks).
    adjacent: bool,
    /// The orders a pass takes the digits in, each way (see
    /// [`State::relation_rules`]): descending where a digit's support
    /// lies mostly above it.
    forward_order: [u8; 9],
    back_order: [u8; 9],
    /// Whether, in those orders, each digit's support holds the last
    /// one's and not the digit itself (a `<` step's: the digits below `y`
    /// are those below `y - 1` and `y - 1`), so that a pass makes each
    /// union from the last with one plane (see [`chained`]).
    chained: bool,
    /// For a relation of equal digits (a clone's, a palindrome's): each
    /// pair's two cells, and those two with the cells neither of them
    /// sees, as band words (see [`State::equal_rules`]).
    equal: Vec<EqualPair>,
}

/// A pair of cells of a relation of equal digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct EqualPair {
    /// The two cells.
    cells: [Cell; 2],
    /// The two cells as band words.
    pair: [u32; 3],
    /// The two cells and those neither of them sees, as band words.
    keep: [u32; 3],
}

/// Whether `support`, taken in `order`, only grows, and never holds the
/// digit it supports: then the planes of the last support's digits have
/// not changed since its union was made (a pass changes only the plane of
/// the digit it looks at), and that union with the new digits' planes is
/// the new support's.
fn chained(support: &[u16; 9], order: &[u8; 9]) -> bool {
    let mut last = 0;
    order.iter().map(|&y| usize::from(y)).all(|y| {
        let grows = last & !support[y] == 0 && support[y] >> y & 1 == 0;
        last = support[y];
        grows
    })
}

/// The digits in the order a pass takes them for `support`
/// (`support[y]`: the digits of the partner that allow `y`): highest first
/// where the support lies mostly above the digit it supports (a `>`
/// step's), so a digit a cell loses counts at once for the digits it
/// supports below it.
fn order(support: &[u16; 9]) -> [u8; 9] {
    let lean: i32 = (0..9i32)
        .flat_map(|y| {
            (0..9i32).filter(move |&x| support[y as usize] >> x & 1 != 0).map(move |x| (x - y).signum())
        })
        .sum();
    std::array::from_fn(|i| if lean > 0 { 8 - i as u8 } else { i as u8 })
}

impl Compiled {
    pub(super) fn of(relation: &Relation) -> Self {
        let back = relation.allows.map(|m| m & 0x1ff);
        let forward =
            std::array::from_fn(|y| (0..9).filter(|&x| back[x] >> y & 1 != 0).fold(0u16, |m, x| m | 1 << x));
        const GRID: u128 = (1 << 81) - 1;
        let mut c = Compiled {
            forward,
            back,
            symmetric: forward == back,
            right: 0,
            left: 0,
            down: 0,
            up: 0,
            ahead: Vec::new(),
            behind: Vec::new(),
            near: false,
            adjacent: false,
            forward_order: order(&forward),
            back_order: order(&back),
            chained: false,
            equal: Vec::new(),
        };
        c.chained = chained(&c.forward, &c.forward_order) && chained(&c.back, &c.back_order);
        fn add(links: &mut Vec<(u32, u128)>, shift: u32, firsts: u128) {
            match links.iter_mut().find(|(s, _)| *s == shift) {
                Some((_, f)) => *f |= firsts,
                None => links.push((shift, firsts)),
            }
        }
        for &(offset, firsts) in &relation.links {
            let shift = u32::from(offset.unsigned_abs());
            // Pairs that would leave the grid are none.
            let firsts = match offset {
                1..=80 => firsts & GRID >> shift,
                -80..=-1 => firsts & GRID << shift & GRID,
                _ => 0,
            };
            match offset {
                _ if firsts == 0 => {}
                1 => c.right |= firsts,
                -1 => c.left |= firsts,
                9 => c.down |= firsts,
                -9 => c.up |= firsts,
                _ if offset > 0 => add(&mut c.ahead, shift, firsts),
                _ => add(&mut c.behind, shift, firsts),
            }
        }
        if (0..9).all(|x| back[x] == 1 << x) {
            let seen = |a: usize| PEERS[a].iter().fold(1u128 << a, |m, &p| m | 1 << p);
            for &(offset, firsts) in &relation.links {
                for a in (0..81usize).filter(|&a| firsts >> a & 1 != 0) {
                    let Some(b) = a.checked_add_signed(offset.into()).filter(|&b| b < 81 && b != a) else {
                        continue;
                    };
                    let pair = houses::planes(1 << a | 1 << b);
                    let unseen = houses::planes(!(seen(a) | seen(b)));
                    c.equal.push(EqualPair {
                        cells: [a, b].map(|c| Cell { band: c / 27, bit: (c % 27) as u32 }),
                        pair,
                        keep: [0, 1, 2].map(|i| unseen[i] | pair[i]),
                    });
                }
            }
        }
        c.near = c.left | c.up == 0 && c.ahead.is_empty() && c.behind.is_empty();
        c.adjacent = c.right | c.left | c.down | c.up != 0;
        c
    }

    /// Whether the relation has equal pairs ([`State::equal_rules`]).
    pub(super) fn has_equal(&self) -> bool {
        !self.equal.is_empty()
    }

    /// The second cells of pairs whose first cell is in `lacking`.
    #[inline(always)]
    fn seconds(&self, lacking: u128) -> u128 {
        if self.near {
            return (lacking & self.right) << 1 | (lacking & self.down) << 9;
        }
        let mut m = 0;
        if self.adjacent {
            m = (lacking & self.right) << 1
                | (lacking & self.down) << 9
                | (lacking & self.left) >> 1
                | (lacking & self.up) >> 9;
        }
        for &(shift, firsts) in &self.ahead {
            m |= (lacking & firsts) << shift;
        }
        for &(shift, firsts) in &self.behind {
            m |= (lacking & firsts) >> shift;
        }
        m
    }

    /// The first cells of pairs whose second cell is in `lacking`.
    #[inline(always)]
    fn firsts(&self, lacking: u128) -> u128 {
        if self.near {
            return lacking >> 1 & self.right | lacking >> 9 & self.down;
        }
        let mut m = 0;
        if self.adjacent {
            m = lacking >> 1 & self.right
                | lacking >> 9 & self.down
                | lacking << 1 & self.left
                | lacking << 9 & self.up;
        }
        for &(shift, firsts) in &self.ahead {
            m |= lacking >> shift & firsts;
        }
        for &(shift, firsts) in &self.behind {
            m |= lacking << shift & firsts;
        }
        m
    }
}

/// The cells some digit of `digits` may go in.
#[inline(always)]
fn union(planes: &[u128; 9], digits: u16) -> u128 {
    let mut u = 0;
    let mut m = digits;
    while m != 0 {
        u |= planes[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    u
}

/// The unions of the supports a pass looks at, one relation one way round:
/// along a chain (`CHAINED`, see [`Compiled::chained`]), each made from the
/// last.
#[derive(Default)]
struct Support<const CHAINED: bool> {
    /// The last support, and its union.
    digits: u16,
    union: u128,
}

impl<const CHAINED: bool> Support<CHAINED> {
    #[inline(always)]
    fn of(&mut self, planes: &[u128; 9], digits: u16) -> u128 {
        if !CHAINED {
            return union(planes, digits);
        }
        self.union |= union(planes, digits & !self.digits);
        self.digits = digits;
        self.union
    }
}

/// One pass of relation `r` over the digits `digits` changed: each cell
/// of its pairs loses the digits its partner's digits all forbid, from
/// `planes` (each digit's cells) into `clear` (what each lost).
#[inline(always)]
fn revise<const CHAINED: bool>(r: &Compiled, planes: &mut [u128; 9], clear: &mut [u128; 9], digits: u32) {
    let mut support = Support::<CHAINED>::default();
    for y in r.forward_order.map(usize::from) {
        if due(r.forward[y], digits) {
            // First cells without a digit that allows `y` beside it.
            let lacking = !support.of(planes, r.forward[y]);
            let mut gone = r.seconds(lacking);
            if r.symmetric {
                gone |= r.firsts(lacking);
            }
            if gone & planes[y] != 0 {
                planes[y] &= !gone;
                clear[y] |= gone;
            }
        }
    }
    if r.symmetric {
        return;
    }
    let mut support = Support::<CHAINED>::default();
    for x in r.back_order.map(usize::from) {
        if due(r.back[x], digits) {
            let gone = r.firsts(!support.of(planes, r.back[x]));
            if gone & planes[x] != 0 {
                planes[x] &= !gone;
                clear[x] |= gone;
            }
        }
    }
}

/// Whether the cells lacking support from `digits` may have changed since
/// the last pass: a digit of `digits` moved (`changed`), or there are none
/// (then every cell lacks support, which only the first pass must apply).
#[inline(always)]
fn due(digits: u16, changed: u32) -> bool {
    u32::from(digits) & changed != 0 || (digits == 0 && changed == 0x1ff)
}

impl State {
    /// For the digits in `digits` (changed since the last pass): each
    /// relation of `relations` takes from each cell of its pairs the
    /// digits its partner's digits all forbid. Returns the units that
    /// changed; a cell left empty is found by the next singles pass.
    ///
    /// What a digit loses counts at once for the digits after it that the
    /// pass looks at (the rest wait for the next pass), taken
    /// from the one its support lies away from: along a chain of cells (a
    /// thermometer, `<` each step) one pass carries the low bounds up the
    /// chain and the high bounds down. A relation of equal digits looks at
    /// every pair, whatever `digits` says (a cell's digits are read whole).
    #[inline(always)]
    pub(super) fn relation_rules(&mut self, relations: &[Compiled], digits: u32) -> Units {
        // Equal pairs cell by cell: each keeps the digits both have (a
        // few operations a pair, where the planes' pass costs a few a
        // digit and a distance).
        let mut changed = 0;
        let mut others = false;
        for r in relations {
            if r.equal.is_empty() {
                others = true;
                continue;
            }
            for &EqualPair { cells: [a, b], .. } in &r.equal {
                let (ma, mb) = (self.digits_at(a), self.digits_at(b));
                if ma == mb {
                    continue;
                }
                for (cell, gone) in [(a, ma & !mb), (b, mb & !ma)] {
                    let mut gone = gone;
                    while gone != 0 {
                        let d = gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        self.cand[cell.band][d] &= !(1 << cell.bit);
                        changed |= unit(d, cell.band);
                    }
                }
            }
        }
        if !others {
            return changed;
        }
        let mut planes: [u128; 9] =
            std::array::from_fn(|d| houses::plane([0, 1, 2].map(|b| self.cand[b][d])));
        let mut clear = [0u128; 9];
        for r in relations.iter().filter(|r| r.equal.is_empty()) {
            // (Two copies: a chain's unions kept between digits, the
            // others' made afresh without a test.)
            match r.chained {
                true => revise::<true>(r, &mut planes, &mut clear, digits),
                false => revise::<false>(r, &mut planes, &mut clear, digits),
            }
        }
        for (d, &gone) in clear.iter().enumerate() {
            if gone == 0 {
                continue;
            }
            for (b, g) in houses::planes(gone).into_iter().enumerate() {
                let w = self.cand[b][d];
                if w & g != 0 {
                    self.cand[b][d] = w & !g;
                    changed |= unit(d, b);
                }
            }
        }
        changed
    }

    /// Equal pairs (a clone's, a palindrome's), beyond arc consistency: a
    /// digit in both cells of a pair is taken from every cell either
    /// sees, so it leaves both when that would leave it no place in a
    /// row, box or column: the band rule on each band of what is left (a
    /// band without a configuration of its mini-rows), then the columns
    /// of what the band rule keeps. Looks at the digits of `digits`
    /// (whose cells changed since the last look) in pairs not yet solved.
    /// Returns the units that changed.
    pub(super) fn equal_rules(&mut self, relations: &[Compiled], digits: u32) -> Units {
        let mut changed = 0;
        for r in relations {
            for &EqualPair { pair, keep, .. } in &r.equal {
                if (0..3).all(|b| self.solved[b] & pair[b] == pair[b]) {
                    continue;
                }
                let mut todo = digits;
                while todo != 0 {
                    let d = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    let p = [0, 1, 2].map(|b| self.cand[b][d]);
                    if (0..3).any(|b| p[b] & pair[b] != pair[b]) {
                        continue;
                    }
                    let mut dead = false;
                    let mut cols = 0;
                    for b in 0..3 {
                        let w = p[b] & keep[b];
                        let kept = BAND_KEPT[open_minirows::<false>(w) & 0x1ff];
                        dead |= kept == 0;
                        cols |= fold_columns(w & MINIROW_CELLS[usize::from(kept)]);
                    }
                    if dead || cols != 0x1ff {
                        for (b, &cells) in pair.iter().enumerate() {
                            if cells != 0 {
                                self.cand[b][d] &= !cells;
                                changed |= unit(d, b);
                            }
                        }
                    }
                }
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::State;
    use super::super::testing::{agreed, blanked, random_grid, xorshift, Native, Rng};
    use super::{Compiled, Relation};
    use crate::{ExtraRules, Grid, Verdict};

    /// The same relations checked plainly, pair by pair: two placed cells
    /// whose digits the relation forbids are a contradiction (so a
    /// complete grid that breaks one is refused).
    struct Plain(Vec<(usize, usize, [u16; 9])>);

    impl ExtraRules for Plain {
        fn narrow(&mut self, cells: &mut [u16; 81]) -> Verdict {
            for &(a, b, allows) in &self.0 {
                let (x, y) = (cells[a], cells[b]);
                if x.count_ones() == 1 && y.count_ones() == 1 && allows[x.trailing_zeros() as usize] & y == 0
                {
                    return Verdict::Contradiction;
                }
            }
            Verdict::Consistent
        }
    }

    /// Relations drawn at random: a known one (consecutive, ratio two,
    /// sum ten, not consecutive, less than) or a random table, on pairs
    /// at one to three distances (neighbours in a row, a column, a
    /// diagonal, or any), some of them kept by `grid`.
    fn random_relations(grid: &Grid, rng: &mut Rng) -> Vec<Relation> {
        let s = grid.to_array();
        let table = |f: &dyn Fn(u32, u32) -> bool| -> [u16; 9] {
            std::array::from_fn(|x| (0..9).filter(|&y| f(x as u32 + 1, y + 1)).fold(0, |m, y| m | 1 << y))
        };
        let known = [
            table(&|x, y| x.abs_diff(y) == 1),
            table(&|x, y| x == 2 * y || y == 2 * x),
            table(&|x, y| x + y == 10),
            table(&|x, y| x.abs_diff(y) > 1),
            table(&|x, y| x < y),
            table(&|x, y| x + y != 5 && x + y != 10),
            table(&|x, y| x == y),
        ];
        let mut relations = Vec::new();
        for _ in 0..=rng.below(3) {
            let allows = match rng.below(known.len() + 1) {
                k if k < known.len() => known[k],
                _ => std::array::from_fn(|_| rng.below(512) as u16 | 1 << rng.below(9)),
            };
            let mut links = Vec::new();
            for _ in 0..=rng.below(3) {
                let offset = [1, 9, 8, 10, 1 + rng.below(40)][rng.below(5)] as i8;
                let offset = if rng.below(3) == 0 { -offset } else { offset };
                let mut firsts = 0u128;
                for _ in 0..rng.below(12) {
                    // (Now and then a pair off the grid, which is none.)
                    let a = rng.below(81);
                    let Some(b) = a.checked_add_signed(offset.into()).filter(|&b| b < 81) else {
                        firsts |= u128::from(rng.below(8) == 0) << a;
                        continue;
                    };
                    // Mostly pairs the grid keeps, so there are solutions.
                    let x = s[a] as usize - 1;
                    if rng.below(16) == 0 || allows[x] >> (s[b] - 1) & 1 != 0 {
                        firsts |= 1 << a;
                    }
                }
                links.push((offset, firsts));
            }
            relations.push(Relation { allows, links });
        }
        relations
    }

    /// A relation's pairs of cells on the grid, first cell first.
    fn pairs_of(r: &Relation) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for &(offset, firsts) in &r.links {
            for a in (0..81usize).filter(|&a| firsts >> a & 1 != 0) {
                if let Some(b) = a.checked_add_signed(offset.into()).filter(|&b| b < 81) {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    /// A `<` step is a chain both ways round (the digits below `y` grow
    /// with `y`, those above `x` as `x` falls); `<=` holds the digit
    /// itself, and a kropki dot's supports do not grow: those make each
    /// union afresh.
    #[test]
    fn only_strict_orders_are_chains() {
        let table = |f: &dyn Fn(u32, u32) -> bool| -> [u16; 9] {
            std::array::from_fn(|x| (0..9).filter(|&y| f(x as u32, y)).fold(0, |m, y| m | 1 << y))
        };
        let chained = |allows| Compiled::of(&Relation { allows, links: vec![(1, 1)] }).chained;
        assert!(chained(table(&|x, y| x < y)));
        assert!(chained(table(&|x, y| x > y)));
        assert!(chained(table(&|x, y| y >= x + 2)));
        assert!(!chained(table(&|x, y| x <= y)));
        assert!(!chained(table(&|x, y| x.abs_diff(y) == 1)));
        assert!(!chained(table(&|x, y| x.abs_diff(y) > 1)));
    }

    /// Passes on random candidates, each told the digits the last one
    /// changed (every digit at first), until one changes nothing: each
    /// cell of a pair then keeps exactly the digits some digit of its
    /// partner allows, both ways round, as a plain revision of pair after
    /// pair until nothing changes leaves them (arc consistency has one
    /// such fixpoint, whatever the order).
    #[test]
    fn passes_keep_exactly_the_supported_digits_of_each_pair() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let grid = random_grid(&mut rng);
        let (mut seen, mut twice) = (0, 0);
        for round in 0..500 {
            let relations = random_relations(&grid, &mut rng);
            let compiled: Vec<Compiled> = relations.iter().map(Compiled::of).collect();
            let mut state = State::FULL;
            for b in 0..3 {
                for d in 0..9 {
                    let mut w = rng.below(1 << 27) as u32;
                    for _ in 0..round % 3 {
                        w |= rng.below(1 << 27) as u32;
                    }
                    state.cand[b][d] = w;
                }
            }
            let before = state.cells();
            let mut want = before;
            loop {
                let last = want;
                for r in &relations {
                    let support = |x: u16| (0..9).filter(|d| x >> d & 1 != 0).fold(0, |m, d| m | r.allows[d]);
                    let back =
                        |y: u16| (0..9).filter(|&x| r.allows[x] & y != 0).fold(0u16, |m, x| m | 1 << x);
                    for (a, b) in pairs_of(r) {
                        want[b] &= support(want[a]);
                        want[a] &= back(want[b]);
                    }
                }
                if want == last {
                    break;
                }
            }
            let mut digits = 0x1ff;
            let mut passes = 0;
            while digits != 0 {
                let changed = state.relation_rules(&compiled, digits);
                digits = (changed | changed >> 9 | changed >> 18) & 0x1ff;
                passes += 1;
            }
            assert_eq!(state.cells(), want, "round {round}");
            seen += usize::from(want != before);
            twice += usize::from(passes > 2);
        }
        assert!(seen > 100 && twice > 20, "{seen} {twice}");
    }

    /// Random puzzles under random relations: the core's planes find
    /// exactly the solutions of the plain pair-by-pair check, and each
    /// keeps every pair.
    #[test]
    fn the_cores_relations_find_the_plain_checks_solutions() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        const LIMIT: u64 = 30;
        let (mut none, mut one, mut many) = (0, 0, 0);
        for round in 0..300 {
            let grid = random_grid(&mut rng);
            let relations = random_relations(&grid, &mut rng);
            let mut pairs = Vec::new();
            for r in &relations {
                pairs.extend(pairs_of(r).into_iter().map(|(a, b)| (a, b, r.allows)));
            }
            let keep = 26 + rng.below(20);
            let puzzle = blanked(&grid, keep, &mut rng);
            let mut native = Native { relations: relations.clone(), ..Native::default() };
            let native = agreed(&puzzle, &mut native, &mut Plain(pairs.clone()), LIMIT, round);
            for solution in &native {
                let s = solution.to_array();
                for &(a, b, allows) in &pairs {
                    assert!(allows[usize::from(s[a]) - 1] >> (s[b] - 1) & 1 != 0, "round {round}");
                }
            }
            match native.len() {
                0 => none += 1,
                1 => one += 1,
                _ => many += 1,
            }
        }
        assert!(none > 20 && one > 20 && many > 20, "{none} {one} {many}");
    }

    /// Whether a digit with the cells `plane` (bit `c` = cell `c`) has a
    /// place in every row, box and column, checked plainly: each band
    /// needs an order of its boxes (row `r` in box `order[r]`) that
    /// finds the digit in each row's box, and each column a cell of such
    /// an order in some band.
    fn digit_fits(plane: u128) -> bool {
        const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let at = |r: usize, c: usize| plane >> (9 * r + c) & 1 != 0;
        let mut columns = [false; 9];
        for band in 0..3 {
            let mut any = false;
            for order in ORDERS {
                let rows = |r: usize| 3 * band + r;
                if (0..3).all(|r| (0..3).any(|i| at(rows(r), 3 * order[r] + i))) {
                    any = true;
                    for (r, &k) in order.iter().enumerate() {
                        for (i, column) in columns[3 * k..3 * k + 3].iter_mut().enumerate() {
                            *column |= at(rows(r), 3 * k + i);
                        }
                    }
                }
            }
            if !any {
                return false;
            }
        }
        columns.iter().all(|&c| c)
    }

    /// An equal pair on random candidates: a digit leaves both cells
    /// exactly when placing it in both (taking it from every cell either
    /// sees) leaves it no place in some row, box or column, or no order
    /// of boxes in some band (`digit_fits`); a digit one of the two lacks
    /// stays as it is.
    #[test]
    fn an_equal_pair_loses_a_digit_exactly_when_placing_it_in_both_fails() {
        let mut next = xorshift(0x5851_f42d_4c95_7f2d);
        let (mut removed, mut stayed) = (0, 0);
        let sees = |a: usize, c: usize| {
            c != a && (c / 9 == a / 9 || c % 9 == a % 9 || (c / 27 == a / 27 && c % 9 / 3 == a % 9 / 3))
        };
        for round in 0..4000 {
            let mut state = State::FULL;
            state.solved = [0; 3];
            for words in &mut state.cand {
                for w in words {
                    // Denser words in some rounds, so both outcomes come up.
                    *w = (next() | if round % 2 == 0 { next() } else { 0 }) as u32 & ((1 << 27) - 1);
                }
            }
            let (a, b) = loop {
                let (a, b) = ((next() % 81) as usize, (next() % 81) as usize);
                if a != b && !sees(a, b) {
                    break (a, b);
                }
            };
            let offset = b as i8 - a as i8;
            let relation =
                Relation { allows: std::array::from_fn(|x| 1 << x), links: vec![(offset, 1 << a)] };
            let before = state.cells();
            let mut want = before;
            for d in 0..9 {
                if before[a] >> d & before[b] >> d & 1 == 0 {
                    continue;
                }
                let plane = (0..81)
                    .filter(|&c| before[c] >> d & 1 != 0 && !sees(a, c) && !sees(b, c))
                    .fold(0u128, |m, c| m | 1 << c);
                if !digit_fits(plane) {
                    want[a] &= !(1 << d);
                    want[b] &= !(1 << d);
                }
            }
            state.equal_rules(&[Compiled::of(&relation)], 0x1ff);
            assert_eq!(state.cells(), want, "round {round}: cells {a} and {b}");
            removed += usize::from(want != before);
            stayed += usize::from(want == before && (before[a] & before[b]) != 0);
        }
        assert!(removed > 500 && stayed > 500, "{removed} {stayed}");
    }
}
