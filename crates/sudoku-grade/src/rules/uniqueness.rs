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
mod tests;
