//! Unique rectangles and loops (types 1–4), which rely on the puzzle
//! having one solution (the bivalue universal grave is in [`super::bug`]).
//!
//! A *unique loop* on digits {a,b} is a set of cells, each holding both
//! digits, such that every row, column and box that holds one of its cells
//! holds exactly two of them, and the cells can be coloured in two colours
//! with the two cells of every such unit of different colours. Were every
//! cell reduced to {a,b}, the two colourings (a on one colour, b on the
//! other, or the reverse) would both fit: two solutions. Four cells make a
//! unique rectangle. The cells that hold more than {a,b} ("extra" cells)
//! must break the pattern:
//! - type 1: one extra cell; it holds neither a nor b;
//! - type 2: every extra cell holds {a,b} plus one digit c, the same in
//!   all; one of them is c, so c goes from every cell that sees them all;
//! - type 3: two extra cells in one unit act as one cell holding their
//!   extra digits, which forms a naked subset with other cells of the unit
//!   (or a hidden subset on a, b and other digits);
//! - type 4: two extra cells in one unit where a has no other place: one
//!   of them is a, and neither can be b.
//!
//! SE's difficulties: 4.5 for a rectangle, loops of 6 cells 4.6, of 8 cells
//! 4.7, of 10 or more 5.0; type 3 adds 0.1 for each cell of the naked
//! subset besides the pseudo cell, or for each cell of the hidden subset
//! beyond the first.

#![allow(clippy::needless_range_loop)]

use arrayvec::ArrayVec;

use crate::board::{bit, cells_of, digits_of, Board, Pos};
use crate::hits::{Conclusions, Hits, Text};
use crate::rating::Tenths;
use crate::rules::basic::{for_each_subset, pseudo_naked_subsets};
use crate::technique::Technique;
use crate::units::{ExtraHouses, Units, CLASSIC_CELL_UNITS, CLASSIC_UNIT_SET, MAX_UNITS, N_CLASSIC_UNITS};

/// Longest loop searched for (cells).
const MAX_LOOP: usize = 20;

/// Largest naked subset (pseudo cell included) searched for in type 3 of
/// unique loops.
const MAX_LOOP_SUBSET: usize = 4;

/// The units (by index) that hold both `x` and `y`.
fn shared_units(units: &Units, x: usize, y: usize) -> impl Iterator<Item = usize> + '_ {
    units.cell_units[x]
        .iter()
        .map(|&u| usize::from(u))
        .filter(move |&u| units.cell_units[y].contains(&(u as u8)))
}

/// SE's difficulty of a unique loop of `len` cells before the type's own
/// extra: 4.5 for a rectangle (the unique rectangle's base), 4.6 for 6
/// cells (the unique loop's base), 4.7 for 8, 5.0 beyond.
fn loop_difficulty(len: usize) -> Tenths {
    match len {
        4 => Technique::UniqueRectangle.base_tenths(),
        6 => Technique::UniqueLoop.base_tenths(),
        8 => Technique::UniqueLoop.base_tenths() + LOOP_OF_8_EXTRA,
        _ => Technique::UniqueLoop.base_tenths() + LONG_LOOP_EXTRA,
    }
}

/// The extra difficulty of a unique loop of 8 cells over one of 6.
const LOOP_OF_8_EXTRA: Tenths = 1;

/// The extra difficulty of a unique loop of 10 cells or more over one of 6.
const LONG_LOOP_EXTRA: Tenths = 4;

// ---------------------------------------------------------------------------
// Unique rectangles and loops
// ---------------------------------------------------------------------------

/// A unique loop's cells, in path order.
type Loop = ArrayVec<usize, MAX_LOOP>;

/// The scratch space of [`loops`], kept between calls.
#[derive(Default)]
pub(crate) struct LoopScratch {
    /// Loops found on one pair, as cell sets.
    found: Vec<u128>,
    /// The same loops, in path order.
    loops: Vec<Loop>,
    /// The easiest steps found so far.
    hints: LoopHints,
    /// The type 3 eliminations already offered for the loop at hand.
    seen: Vec<Conclusions>,
}

/// The depth-first search for unique loops on one pair of digits. With
/// `CLASSIC` the unit table is rows, columns and boxes alone: three units
/// a cell, a length the compiler then knows (the classic grid, the common
/// case, runs as fast as before extra houses existed).
struct LoopSearch<'a, const CLASSIC: bool> {
    b: &'a Board,
    /// The two digits of the loop.
    pair: u16,
    /// Open cells holding both digits.
    cells: u128,
    path: Loop,
    /// Loop cells per unit.
    count: [u8; MAX_UNITS],
    /// Colour (path index parity) of the first loop cell met in each unit.
    colour: [u8; MAX_UNITS],
    /// Cells of the path holding more than the pair.
    n_extra: usize,
    /// The one extra digit every extra cell of the path has, while they all
    /// have exactly one and the same; 0 otherwise.
    type2_digit: u16,
    /// Loops found, as cell sets.
    found: &'a mut Vec<u128>,
    /// Loops found, in path order.
    loops: &'a mut Vec<Loop>,
}

impl<const CLASSIC: bool> LoopSearch<'_, CLASSIC> {
    /// The units of cell `c`.
    #[inline(always)]
    fn units_of(&self, c: usize) -> &'static [u8] {
        match CLASSIC {
            true => &CLASSIC_CELL_UNITS[c],
            false => &self.b.units.cell_units[c],
        }
    }

    /// The cells of unit `u`, as an 81-bit set.
    #[inline(always)]
    fn unit_set(&self, u: usize) -> u128 {
        match CLASSIC {
            true => CLASSIC_UNIT_SET[u],
            false => self.b.units.unit_set[u],
        }
    }

    /// Whether `c` may join the path at index `i` (colour `i % 2`).
    fn fits(&self, c: usize, i: usize) -> bool {
        self.units_of(c).iter().all(|&u| {
            let u = u as usize;
            self.count[u] == 0 || (self.count[u] == 1 && self.colour[u] != (i % 2) as u8)
        })
    }

    /// Extra-cell bookkeeping for `c` joining: the new (n_extra,
    /// type2_digit), or `None` when no type could use the path any more.
    fn extras_with(&self, c: usize) -> Option<(usize, u16)> {
        let extra = self.b.cands[c] & !self.pair;
        if extra == 0 {
            return Some((self.n_extra, self.type2_digit));
        }
        let n = self.n_extra + 1;
        let t2 = if extra.count_ones() == 1 && (self.n_extra == 0 || self.type2_digit == extra) {
            extra
        } else {
            0
        };
        (n <= 2 || t2 != 0).then_some((n, t2))
    }

    #[inline(always)]
    fn push(&mut self, c: usize) {
        let i = self.path.len();
        for &u in self.units_of(c) {
            let u = u as usize;
            if self.count[u] == 0 {
                self.colour[u] = (i % 2) as u8;
            }
            self.count[u] += 1;
        }
        self.path.push(c);
    }

    #[inline(always)]
    fn pop(&mut self) {
        if let Some(c) = self.path.pop() {
            for &u in self.units_of(c) {
                self.count[u as usize] -= 1;
            }
        }
    }

    /// Whether every unit touched by the path holds exactly two of its
    /// cells.
    fn closed(&self) -> bool {
        self.path.iter().all(|&c| self.units_of(c).iter().all(|&u| self.count[u as usize] == 2))
    }

    /// Extends the path from its last cell through a unit that holds only
    /// that cell so far.
    fn extend(&mut self) {
        let (Some(&start), Some(&cur)) = (self.path.first(), self.path.last()) else { return };
        if self.path.len() >= 4 && self.path.len() % 2 == 0 && self.closed() {
            let set = self.path.iter().fold(0u128, |m, &c| m | 1 << c);
            if self.n_extra > 0 && !self.found.contains(&set) {
                self.found.push(set);
                self.loops.push(self.path.clone());
            }
            return;
        }
        if self.path.len() >= MAX_LOOP {
            return;
        }
        let i = self.path.len();
        for u in self.units_of(cur).iter().map(|&u| usize::from(u)) {
            if self.count[u] != 1 {
                continue;
            }
            // The unit's cells with the pair after the start, in order.
            for next in cells_of(self.unit_set(u) & self.cells & !((2u128 << start) - 1)) {
                if !self.fits(next, i) {
                    continue;
                }
                let Some((n, t2)) = self.extras_with(next) else { continue };
                let saved = (self.n_extra, self.type2_digit);
                (self.n_extra, self.type2_digit) = (n, t2);
                self.push(next);
                self.extend();
                self.pop();
                (self.n_extra, self.type2_digit) = saved;
            }
        }
    }
}

/// Every unique loop (rectangles included) on the digits of `pair` that
/// has at least one extra cell and could serve one of the four types, into
/// `loops` (and their cell sets into `found`).
fn find_loops(b: &Board, pair: u16, found: &mut Vec<u128>, loops: &mut Vec<Loop>) {
    match b.units.extra == ExtraHouses::NONE {
        true => find_loops_in::<true>(b, pair, found, loops),
        false => find_loops_in::<false>(b, pair, found, loops),
    }
}

/// [`find_loops`], compiled for the classic table and for any.
fn find_loops_in<const CLASSIC: bool>(b: &Board, pair: u16, found: &mut Vec<u128>, loops: &mut Vec<Loop>) {
    found.clear();
    loops.clear();
    let mut cells = (0..81).filter(|&c| b.cands[c] & pair == pair).fold(0u128, |m, c| m | 1 << c);
    // Each unit of a loop's cell holds one other cell of the loop: a cell
    // with none of the others in one of its units is on no loop.
    loop {
        let on_loops = cells_of(cells)
            .filter(|&c| {
                b.units.cell_units[c]
                    .iter()
                    .all(|&u| b.units.unit_set[usize::from(u)] & cells & !(1 << c) != 0)
            })
            .fold(0u128, |m, c| m | 1 << c);
        if on_loops == cells {
            break;
        }
        cells = on_loops;
    }
    if cells.count_ones() < 4 {
        return;
    }
    let mut s = LoopSearch::<CLASSIC> {
        b,
        pair,
        cells,
        path: Loop::new(),
        count: [0; MAX_UNITS],
        colour: [0; MAX_UNITS],
        n_extra: 0,
        type2_digit: 0,
        found,
        loops,
    };
    for start in cells_of(cells) {
        let Some((n, t2)) = s.extras_with(start) else { continue };
        (s.n_extra, s.type2_digit) = (n, t2);
        s.push(start);
        s.extend();
        s.pop();
        (s.n_extra, s.type2_digit) = (0, 0);
    }
}

/// Unique rectangles and unique loops, types 1–4 (SE 4.5 and up).
pub(crate) fn loops(b: &Board, pos: &Pos, scratch: &mut LoopScratch, hits: &mut Hits) {
    if !hits.wants(loop_difficulty(4)) {
        return;
    }
    let LoopScratch { found, loops, hints, seen } = scratch;
    hints.clear();
    for a in 0..9 {
        for bb in a + 1..9 {
            let pair = (1u16 << a) | (1 << bb);
            find_loops(b, pair, found, loops);
            for lp in loops.iter() {
                offer_loop(b, pos, pair, lp, seen, hints);
            }
        }
    }
    hints.hand_over(b, hits);
}

/// The subset of a type 3 step: naked or hidden, its digits and its cells
/// besides the loop's.
#[derive(Clone)]
struct Subset {
    kind: &'static str,
    digits: u16,
    cells: ArrayVec<usize, 9>,
}

/// One unique loop step, kept until SE's choice among the easiest is made.
struct LoopHint {
    difficulty: Tenths,
    /// The type, 1–4.
    ty: u8,
    technique: Technique,
    elim: Conclusions,
    /// The loop and its two digits, for the text.
    lp: Loop,
    pair: u16,
    /// Type 3's subset.
    subset: Option<Subset>,
}

impl LoopHint {
    /// Adds SE's text of the step to `x`: `Unique Rectangle type 1: Cells
    /// r1c1,... on 2, 7`, then for type 3 `with naked 3, 5 r1c5,r1c6`.
    fn text(&self, x: &mut Text) {
        match self.lp.len() {
            4 => x.str("Unique Rectangle"),
            n => x.str("Unique Loop ").num(n),
        };
        x.str(" type ").num(usize::from(self.ty)).str(": Cells ").cells(self.lp.iter().copied());
        x.str(" on ").digits(self.pair, ", ");
        if let Some(s) = &self.subset {
            x.str(" with ")
                .str(s.kind)
                .str(" ")
                .digits(s.digits, ", ")
                .str(" ")
                .cells(s.cells.iter().copied());
        }
    }
}

/// The easiest unique loop steps found so far.
#[derive(Default)]
struct LoopHints {
    best: Option<Tenths>,
    hints: Vec<LoopHint>,
}

impl LoopHints {
    /// Forgets every step.
    fn clear(&mut self) {
        self.best = None;
        self.hints.clear();
    }

    fn wants(&self, difficulty: Tenths) -> bool {
        self.best.is_none_or(|b| difficulty <= b)
    }

    /// Keeps a step of `difficulty` and type `ty` on the loop `lp`.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        b: &Board,
        technique: Technique,
        difficulty: Tenths,
        ty: u8,
        elim: &[(usize, u8)],
        (lp, pair): (&[usize], u16),
        subset: Option<Subset>,
    ) {
        if !self.wants(difficulty) || !elim.iter().any(|&(c, d)| b.cands[c] & bit(d) != 0) {
            return;
        }
        if self.best.is_none_or(|b| difficulty < b) {
            self.best = Some(difficulty);
            self.hints.clear();
        }
        self.hints.push(LoopHint {
            difficulty,
            ty,
            technique,
            elim: elim.iter().copied().collect(),
            lp: lp.iter().copied().collect(),
            pair,
            subset,
        });
    }

    /// Offers the easiest steps of the lowest type only. SE takes one
    /// step at a time: the lowest type first, then (on every one of 66
    /// states of SE's paths with several candidates) the loop whose first
    /// bivalue cell comes first, and taking one often destroys the other
    /// loops (their cells lose a digit), so applying them all at once would
    /// go further than SE does. The type is the same on every isomorph of a
    /// puzzle, the first cell is not: the grader keeps the type rule only,
    /// which costs one puzzle of the 2,314 of the technique calibration
    /// file (a BUG type 3 that SE needs after one loop and we do not).
    fn hand_over(&self, b: &Board, hits: &mut Hits) {
        let Some(ty) = self.hints.iter().map(|h| h.ty).min() else { return };
        for h in self.hints.iter().filter(|h| h.ty == ty) {
            hits.offer(b, h.technique, h.difficulty, &[], &h.elim, |x| h.text(x));
        }
    }
}

/// Offers every deduction of the loop `lp` on `pair`; `seen` is scratch
/// space for type 3.
fn offer_loop(
    b: &Board,
    pos: &Pos,
    pair: u16,
    lp: &[usize],
    seen: &mut Vec<Conclusions>,
    out: &mut LoopHints,
) {
    if lp.iter().any(|&c| b.rule_may_break(c, pair)) {
        return;
    }
    let base = loop_difficulty(lp.len());
    let technique = if lp.len() == 4 { Technique::UniqueRectangle } else { Technique::UniqueLoop };
    let extra: Loop = lp.iter().copied().filter(|&c| b.cands[c] != pair).collect();
    let mut elim = Conclusions::new();
    // Type 1: the only extra cell holds neither digit.
    if let [x] = extra[..] {
        elim.extend(digits_of(pair).map(|d| (x, d)));
        out.push(b, technique, base, 1, &elim, (lp, pair), None);
        return;
    }
    // Type 2: one extra digit, the same in every extra cell.
    let c = b.cands[extra[0]] & !pair;
    if c.count_ones() == 1 && extra.iter().all(|&x| b.cands[x] == pair | c) {
        let seen = extra.iter().fold(!0u128, |m, &x| m & b.units.peer_set[x]);
        let d = c.trailing_zeros() as u8 + 1;
        elim.clear();
        elim.extend(cells_of(seen).filter(|&y| b.cands[y] & c != 0).map(|y| (y, d)));
        out.push(b, technique, base, 2, &elim, (lp, pair), None);
    }
    let [x, y] = extra[..] else { return };
    for u in shared_units(b.units, x, y) {
        // Type 4: one digit of the pair has no other place in the unit.
        for (keep, drop) in [(pair & pair.wrapping_neg(), pair & (pair - 1))]
            .into_iter()
            .flat_map(|(lo, hi)| [(lo, hi), (hi, lo)])
        {
            let d0 = keep.trailing_zeros() as usize;
            let places = pos[u][d0];
            let only_xy = places.count_ones() == 2
                && b.units
                    .cells_of_unit(u)
                    .enumerate()
                    .filter(|&(k, _)| places & (1 << k) != 0)
                    .all(|(_, c)| c == x || c == y);
            if only_xy {
                let d = drop.trailing_zeros() as u8 + 1;
                out.push(b, technique, base, 4, &[(x, d), (y, d)], (lp, pair), None);
            }
        }
    }
    // Type 3, the box first, then the line, then the extra houses; in
    // each, subsets by size, the naked one first. SE keeps only the first of two steps with the same
    // eliminations, which can leave a naked subset (harder) where a hidden
    // one (easier) removes the same candidates.
    seen.clear();
    let mut units: ArrayVec<usize, 7> =
        shared_units(b.units, x, y).filter(|&u| u < N_CLASSIC_UNITS).collect();
    units.reverse();
    units.extend(shared_units(b.units, x, y).filter(|&u| u >= N_CLASSIC_UNITS));
    for u in units {
        let t3 = Type3 { b, pos, u, x, y, pair, base, technique, lp };
        for k in 2..=MAX_LOOP_SUBSET {
            if !out.wants(base + k as Tenths - 2) {
                break;
            }
            t3.naked(k, seen, out);
            t3.hidden(k, seen, out);
        }
    }
}

/// A unique loop's two extra cells `x` and `y` in unit `u`, for type 3.
struct Type3<'a> {
    b: &'a Board,
    pos: &'a Pos,
    u: usize,
    x: usize,
    y: usize,
    pair: u16,
    base: Tenths,
    technique: Technique,
    lp: &'a [usize],
}

impl Type3<'_> {
    /// Type 3 with a naked subset of `k` cells: the extra digits of `x` and
    /// `y` (one of which holds one of them) with `k - 1` other cells of the
    /// unit holding only `k` digits in all: those digits go from the rest
    /// of the unit (base + 0.1 × (k − 1)). Skips eliminations in `seen`.
    fn naked(&self, k: usize, seen: &mut Vec<Conclusions>, out: &mut LoopHints) {
        let (b, x, y, pair) = (self.b, self.x, self.y, self.pair);
        let pseudo = (b.cands[x] | b.cands[y]) & !pair;
        let others: ArrayVec<usize, 9> =
            b.units.cells_of_unit(self.u).filter(|&c| c != x && c != y && b.cands[c] != 0).collect();
        let difficulty = self.base + (k as Tenths - 1);
        pseudo_naked_subsets(b, &others, pseudo, k, |s, union, elim| {
            if elim.is_empty() || seen.iter().any(|e| e.as_slice() == elim) {
                return;
            }
            seen.push(elim.iter().copied().collect());
            let cells = s.iter().map(|&i| others[i]).collect();
            let subset = Subset { kind: "naked", digits: union, cells };
            out.push(b, self.technique, difficulty, 3, elim, (self.lp, pair), Some(subset));
        });
    }

    /// Type 3 with a hidden subset of `k` digits: `x` and `y` hold at most
    /// one of the pair between them, so when the pair and `k - 2` digits
    /// that neither holds have only `k - 1` places besides them in the
    /// unit, those places hold only those digits (base + 0.1 × (k − 2)).
    /// Skips eliminations in `seen`.
    fn hidden(&self, k: usize, seen: &mut Vec<Conclusions>, out: &mut LoopHints) {
        let (b, u, x, y, pair) = (self.b, self.u, self.x, self.y, self.pair);
        let cells: ArrayVec<usize, 9> = b.units.cells_of_unit(u).collect();
        let xy =
            cells.iter().enumerate().filter(|&(_, &c)| c == x || c == y).fold(0u16, |m, (kk, _)| m | 1 << kk);
        let places = |m: u16| digits_of(m).fold(0u16, |p, d| p | self.pos[u][d as usize - 1]);
        let free: ArrayVec<u16, 9> = (0..9)
            .map(|d| 1u16 << d)
            .filter(|&m| {
                m & pair == 0
                    && m & (b.cands[x] | b.cands[y]) == 0
                    && self.pos[u][m.trailing_zeros() as usize] != 0
            })
            .collect();
        let difficulty = self.base + (k as Tenths - 2);
        let mut elim = Conclusions::new();
        let mut try_set = |set: u16| {
            let z = places(set) & !xy;
            if z.count_ones() as usize != k - 1 {
                return;
            }
            elim.clear();
            for (kk, &c) in cells.iter().enumerate() {
                if z & (1 << kk) != 0 {
                    elim.extend(digits_of(b.cands[c] & !set).map(|d| (c, d)));
                }
            }
            if elim.is_empty() || seen.contains(&elim) {
                return;
            }
            seen.push(elim.clone());
            let with =
                cells.iter().enumerate().filter(|&(kk, _)| z & (1 << kk) != 0).map(|(_, &c)| c).collect();
            let subset = Subset { kind: "hidden", digits: set, cells: with };
            out.push(b, self.technique, difficulty, 3, &elim, (self.lp, pair), Some(subset));
        };
        if k == 2 {
            try_set(pair);
        } else {
            for_each_subset(free.len(), k - 2, |s| try_set(s.iter().fold(pair, |m, &i| m | free[i])));
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

    /// The rule with fresh scratch space, as [`check`] calls it.
    fn loops(b: &Board, pos: &Pos, hits: &mut Hits) {
        super::loops(b, pos, &mut LoopScratch::default(), hits);
    }

    /// The position of [`unique_rectangle_type_1`].
    const UR_1: &str = concat!(
        "8 2 4 5 7 6 1 9 3 ",
        "5 6 9 1 24 3 7 24 8 ",
        "1 3 7 48 9 28 24 6 5 ",
        "34 9 5 7 24 28 38 1 6 ",
        "34 8 12 49 6 15 35 7 29 ",
        "6 7 12 89 3 15 58 24 249 ",
        "9 4 3 2 5 7 6 8 1 ",
        "27 5 8 6 1 9 24 3 247 ",
        "27 1 6 3 8 4 9 5 27 ",
    );

    /// SE: "Unique Rectangle type 1: Cells r8c1,r9c1,r9c9,r8c9 on 2, 7" (4.5), on puzzle 004070100009000700130000065090000010080060070000030000040207080050609030006304900.
    #[test]
    fn unique_rectangle_type_1() {
        check(loops, UR_1, 45, &["r8c9#2", "r8c9#7"]);
    }

    /// [`UR_1`] on the grid with `extra`.
    fn ur_1_under(extra: crate::units::ExtraHouses) -> Board {
        let mut b = crate::testing::cells_board(UR_1);
        b.units = crate::units::Units::with(extra);
        b
    }

    /// The easiest unique loop step on `b`.
    fn found(b: &Board) -> Option<Tenths> {
        let mut hits = Hits::new(true);
        loops(b, &b.positions(), &mut hits);
        hits.best()
    }

    /// The type 1 position above under anti-knight: r6c8, a knight's move
    /// from r8c9 outside its units, still holds 2, so the rule may tell the
    /// rectangle's two fillings apart and it proves nothing (SE refuses it
    /// too). Without that 2 the rectangle is back (r8c7 holds 2 as well,
    /// but it is in r9c9's box: a unit peer, which the pattern allows).
    #[test]
    fn a_move_peer_holding_a_digit_of_the_pair_breaks_the_rectangle() {
        let mut b = ur_1_under(ExtraHouses { anti_knight: true, ..Default::default() });
        assert_eq!(found(&b), None);
        b.cands[5 * 9 + 7] = bit(4) | bit(9);
        assert_eq!(found(&b), Some(45));
    }

    /// The same position under non-consecutive: no cell side by side with
    /// the rectangle holds a digit next to 2 or 7, so it stands; once r8c2
    /// (next to r8c1) may hold 6 or 8, the rule may tell its two fillings
    /// apart and it proves nothing (SE's rule).
    #[test]
    fn a_neighbour_holding_a_next_digit_breaks_the_rectangle() {
        let mut b = ur_1_under(ExtraHouses { non_consecutive: true, ..Default::default() });
        assert_eq!(found(&b), Some(45));
        let r8c2 = 7 * 9 + 1;
        (b.value[r8c2], b.cands[r8c2]) = (0, bit(6) | bit(8));
        assert_eq!(found(&b), None);
    }

    /// SE: "Unique Rectangle type 2: Cells r4c4,r5c4,r5c1,r4c1 on 8, 9" (4.5), on puzzle 000607900040050000060400081010032006000010000600740010750004090000080040002509000.
    #[test]
    fn unique_rectangle_type_2() {
        check(
            loops,
            concat!(
                "1 3 8 6 2 7 9 5 4 ",
                "29 4 79 1 5 8 6 3 27 ",
                "25 6 57 4 9 3 27 8 1 ",
                "589 1 459 89 3 2 45 7 6 ",
                "589 7 34 89 1 6 34 2 59 ",
                "6 2 39 7 4 5 38 1 89 ",
                "7 5 1 3 6 4 28 9 28 ",
                "3 9 6 2 8 1 57 4 57 ",
                "4 8 2 5 7 9 1 6 3 ",
            ),
            45,
            &["r3c1#5", "r4c3#5"],
        );
    }

    /// SE: "Unique Rectangle type 3: Cells r4c2,r5c2,r5c5,r4c5 on 2, 8" (4.5), on puzzle 200000000000402015010070340400700050609000401050001006062090030740205000000000008.
    #[test]
    fn unique_rectangle_type_3_4_5() {
        check(
            loops,
            concat!(
                "2 39 4 15 15 368 689 89 7 ",
                "89 7 368 4 36 2 689 1 5 ",
                "5 1 68 689 7 689 3 4 2 ",
                "4 28 1 7 268 689 89 5 3 ",
                "6 28 9 358 258 38 4 7 1 ",
                "3 5 7 89 4 1 2 89 6 ",
                "18 6 2 18 9 7 5 3 4 ",
                "7 4 38 2 38 5 1 6 9 ",
                "19 39 5 136 16 4 7 2 8 ",
            ),
            45,
            &["r8c5#3"],
        );
    }

    /// SE: "Unique Rectangle type 3: Cells r3c9,r3c8,r7c8,r7c9 on 1, 4" (4.6), on puzzle 900103086100004000005800200270000108000000000406000097003002800000400009510708003.
    #[test]
    fn unique_rectangle_type_3_4_6() {
        check(
            loops,
            concat!(
                "9 24 27 1 5 3 47 8 6 ",
                "1 38 78 6 2 4 9 37 5 ",
                "36 46 5 8 7 9 2 134 14 ",
                "2 7 9 3 46 56 1 456 8 ",
                "38 358 1 9 468 7 345 456 2 ",
                "4 358 6 2 18 15 35 9 7 ",
                "67 9 3 5 16 2 8 147 14 ",
                "678 26 28 4 3 16 57 157 9 ",
                "5 1 4 7 9 8 6 2 3 ",
            ),
            46,
            &["r8c8#7"],
        );
    }

    /// SE: "Unique Rectangle type 3: Cells r8c4,r8c6,r2c6,r2c4 on 3, 5" (4.7), on puzzle 002000900060070020803000507008000100200050004010040070500010003006090700000284000.
    #[test]
    fn unique_rectangle_type_3_4_7() {
        check(
            loops,
            concat!(
                "17 457 2 134568 36 13568 9 13468 168 ",
                "19 6 145 13589 7 13589 348 2 18 ",
                "8 49 3 1469 26 1269 5 146 7 ",
                "34679 34579 8 3679 236 23679 1 3569 2569 ",
                "2 379 79 136789 5 136789 38 3689 4 ",
                "369 1 59 3689 4 23689 238 7 25689 ",
                "5 28 49 67 1 67 248 89 3 ",
                "14 28 6 35 9 35 7 148 128 ",
                "137 379 179 2 8 4 6 159 159 ",
            ),
            47,
            &["r2c3#1", "r2c7#8"],
        );
    }

    /// SE: "Unique Rectangle type 3: Cells r3c8,r3c9,r6c9,r6c8 on 2, 9" (4.8), on puzzle 006200310208030050073060000000700001000689000400003000000090270060020105052008900.
    #[test]
    fn unique_rectangle_type_3_4_8() {
        check(
            loops,
            concat!(
                "59 49 6 2 7 45 3 1 8 ",
                "2 14 8 9 3 14 67 5 67 ",
                "15 7 3 8 6 15 4 29 29 ",
                "6 389 59 7 4 2 58 39 1 ",
                "13 123 157 6 8 9 57 234 247 ",
                "4 289 79 1 5 3 678 269 2679 ",
                "8 13 14 5 9 6 2 7 34 ",
                "39 6 49 34 2 7 1 8 5 ",
                "7 5 2 34 1 8 9 46 346 ",
            ),
            48,
            &["r5c9#7"],
        );
    }

    /// SE: "Unique Rectangle type 4: Cells r1c4,r3c4,r3c9,r1c9 on 3, 6" (4.5), on puzzle 000040000600507002050010070010806030000000000005030200200709001507000804001403700.
    #[test]
    fn unique_rectangle_type_4() {
        check(
            loops,
            concat!(
                "1 7 289 36 4 28 569 568 35689 ",
                "6 48 3 5 9 7 14 148 2 ",
                "489 5 2489 36 1 28 469 7 3689 ",
                "479 1 49 8 2 6 459 3 579 ",
                "3 2 4689 19 7 5 1469 1468 89 ",
                "789 689 5 19 3 4 2 168 6789 ",
                "2 468 468 7 58 9 3 56 1 ",
                "5 3 7 2 6 1 8 9 4 ",
                "89 689 1 4 58 3 7 2 56 ",
            ),
            45,
            &["r1c9#6", "r3c9#6"],
        );
    }

    /// SE: "Unique Loop 6 type 1: Cells r4c8,r4c9,r9c9,r9c6,r8c6,r8c8 on 7, 8" (4.6), on puzzle 000006704005000060400070820530001000800000002000700039078020001050000900306900000.
    #[test]
    fn unique_loop_6_type_1() {
        check(
            loops,
            concat!(
                "12 128 123 12358 358 6 7 9 4 ",
                "7 289 5 248 48 2489 1 6 3 ",
                "4 6 139 13 7 39 8 2 5 ",
                "5 3 249 24 69 1 46 78 78 ",
                "8 49 7 345 69 345 456 1 2 ",
                "6 124 124 7 458 2458 45 3 9 ",
                "9 7 8 6 2 45 3 45 1 ",
                "12 5 124 348 1348 3478 9 78 6 ",
                "3 14 6 9 145 78 2 45 78 ",
            ),
            46,
            &["r8c6#7", "r8c6#8"],
        );
    }

    /// SE: "Unique Loop 6 type 2: Cells r7c5,r8c5,r8c3,r9c3,r9c9,r7c9 on 3, 9" (4.6), on puzzle 001069040460800010000000006700040030600357004090080001500000000020006057070210400.
    #[test]
    fn unique_loop_6_type_2() {
        check(
            loops,
            concat!(
                "28 38 1 5 6 9 7 4 238 ",
                "4 6 79 8 27 3 29 1 5 ",
                "289 35 579 1 27 4 2389 89 6 ",
                "7 58 258 9 4 1 6 3 28 ",
                "6 1 28 3 5 7 289 89 4 ",
                "3 9 4 6 8 2 5 7 1 ",
                "5 4 6 7 39 8 1 2 39 ",
                "1 2 389 4 39 6 38 5 7 ",
                "89 7 389 2 1 5 4 6 389 ",
            ),
            46,
            &["r9c1#8"],
        );
    }

    /// SE: "Unique Loop 6 type 3: Cells r2c4,r3c4,r3c1,r1c1,r1c7,r2c7 on 3, 5" (4.7), on puzzle ....4....79...6..2.8....6.9.638.27........15....1......3..6...74....3....25...4...
    #[test]
    fn unique_loop_6_type_3() {
        check(
            loops,
            concat!(
                "2356 15 26 279 4 789 358 78 1358 ",
                "7 9 14 35 18 6 35 148 2 ",
                "35 8 124 35 27 17 6 47 9 ",
                "1 6 3 8 5 2 7 9 4 ",
                "289 47 2789 6 379 479 1 5 38 ",
                "589 457 789 1 379 479 238 2368 368 ",
                "89 3 189 4 6 5 289 128 7 ",
                "4 17 6789 29 1289 3 589 68 1568 ",
                "69 2 5 79 1789 18 4 36 1368 ",
            ),
            47,
            &["r1c9#8"],
        );
    }

    /// SE: "Unique Loop 6 type 4: Cells r4c2,r5c2,r5c9,r8c9,r8c7,r4c7 on 6, 8" (4.6), on puzzle 090000065000002900056970180001024000007000400000610200035096720004200000620000090.
    #[test]
    fn unique_loop_6_type_4() {
        check(
            loops,
            concat!(
                "7 9 2 148 48 18 3 6 5 ",
                "8 1 3 5 6 2 9 4 7 ",
                "4 5 6 9 7 3 1 8 2 ",
                "35 68 1 7 2 4 68 35 9 ",
                "2 68 7 3 58 9 4 15 168 ",
                "35 4 9 6 1 58 2 7 38 ",
                "1 3 5 48 9 6 7 2 48 ",
                "9 7 4 2 358 15 68 13 1368 ",
                "6 2 8 14 34 7 5 9 134 ",
            ),
            46,
            &["r5c9#8", "r8c9#8"],
        );
    }

    /// SE: "Unique Loop 8 type 1: Cells r2c2,r2c4,r5c4,r5c6,r3c6,r3c1,r6c1,r6c2 on 5, 9" (4.7), on puzzle 148000965002000100003080700006702500400030008000816000010070050300658001000401000.
    #[test]
    fn unique_loop_8_type_1() {
        check(
            loops,
            concat!(
                "1 4 8 3 2 7 9 6 5 ",
                "7 59 2 59 6 4 1 8 3 ",
                "59 6 3 1 8 59 7 24 24 ",
                "8 3 6 7 4 2 5 1 9 ",
                "4 27 1 59 3 59 6 27 8 ",
                "259 59 79 8 1 6 34 2347 247 ",
                "69 1 49 2 7 3 8 5 46 ",
                "3 27 47 6 5 8 24 9 1 ",
                "26 8 5 4 9 1 23 37 67 ",
            ),
            47,
            &["r6c1#5", "r6c1#9"],
        );
    }

    /// SE: "Unique Loop 8 type 3: Cells r1c3,r1c7,r3c7,r3c5,r2c5,r2c1,r8c1,r8c3 on 1, 2" (4.8), on puzzle 700694005004000600300000009000080000030952010010000070053070820000000000908030701.
    #[test]
    fn unique_loop_8_type_3() {
        check(
            loops,
            concat!(
                "7 8 12 6 9 4 12 3 5 ",
                "12 9 4 35 12 35 6 8 7 ",
                "3 6 5 78 12 78 12 4 9 ",
                "245 24 269 17 8 17 359 569 23 ",
                "68 3 7 9 5 2 4 1 68 ",
                "258 1 29 34 46 36 59 7 28 ",
                "146 5 3 14 7 9 8 2 46 ",
                "124 7 126 12458 46 18 359 569 34 ",
                "9 24 8 24 3 56 7 56 1 ",
            ),
            48,
            &["r8c4#4", "r8c8#6", "r8c9#4"],
        );
    }

    /// SE: "Unique Loop 10 type 1: Cells r2c8,r3c8,r3c1,r7c1,r7c2,r5c2,r5c7,r4c7,r4c3,r2c3 on 3, 7" (5.0), on puzzle 040005120200800604008000000090120000100000002000034080000000400605003007089600010.
    #[test]
    fn unique_loop_10_type_1() {
        check(
            loops,
            concat!(
                "9 4 67 3 67 5 1 2 8 ",
                "2 5 137 8 79 19 6 37 4 ",
                "37 16 8 24 146 12 5 37 9 ",
                "8 9 37 1 2 6 37 4 5 ",
                "1 37 4 5 89 89 37 6 2 ",
                "5 26 26 7 3 4 9 8 1 ",
                "37 37 12 9 18 128 4 5 6 ",
                "6 12 5 24 14 3 8 9 7 ",
                "4 8 9 6 5 7 2 1 3 ",
            ),
            50,
            &["r2c3#3", "r2c3#7"],
        );
    }

    /// SE: "Unique Loop 12 type 2: Cells r1c4,r3c4,r3c7,r4c7,r4c9,r9c9,r9c3,r8c3,r8c6,r7c6,r7c8,r1c8 on 3, 5" (5.0), on puzzle 008009002530080000102004000041900000006040900000006810000400608000060091900100700.
    #[test]
    fn unique_loop_12_type_2() {
        check(
            loops,
            concat!(
                "6 7 8 35 1 9 4 35 2 ",
                "5 3 4 26 8 27 1 67 9 ",
                "1 9 2 356 357 4 35 8 67 ",
                "8 4 1 9 357 27 35 267 356 ",
                "37 25 6 8 4 1 9 27 357 ",
                "37 25 9 235 357 6 8 1 4 ",
                "2 1 7 4 9 35 6 35 8 ",
                "4 8 35 7 6 35 2 9 1 ",
                "9 6 35 1 2 8 7 4 35 ",
            ),
            50,
            &["r3c9#6"],
        );
    }
}
