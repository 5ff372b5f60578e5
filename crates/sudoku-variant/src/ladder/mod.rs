//! A solving ladder for every variant (issue 45, first part): the path a
//! solver takes from the givens to the solution, one step at a time, each
//! the easiest the position offers, rated on Sudoku Explainer's scale in
//! its spirit: each technique has a base difficulty, and the puzzle's
//! rating is the hardest step of the path (ER), with the hardest step
//! before the first placement (EP) and the first step (ED).
//!
//! The ladder reads the puzzle's houses and constraints as data, so it
//! works on every size, layout and rule:
//!
//! | step | difficulty |
//! |---|---:|
//! | hidden single in a box or region | 1.2 |
//! | hidden single in a row, column or a rule's house | 1.5 |
//! | a constraint drawn on the grid narrows a cell ([`crate::Kind::narrow`]) | 2.0 |
//! | rule of 45: an area's (a house, rows, columns, joined boxes) one cell outside its whole cages (or one cell out of it in the cages it cuts) | 2.2 |
//! | naked single | 2.3 |
//! | pointing (a box's or region's digit confined to another house) | 2.6 |
//! | a digit every combination of a cage needs, seen from all the cage's cells that may hold it | 2.7 |
//! | claiming (a line's digit confined to another house) | 2.8 |
//! | rule of 45: a house's cells outside its whole cages as a cage of their sum | 2.8 |
//! | hidden cage combination: a house's digit found only in one cage rules out the cage's combinations without it | 2.9 |
//! | cage split: an area's innies or outies, part of one cage, split it into two cages of known sums | 2.9 |
//! | naked pair | 3.0 |
//! | X-wing | 3.2 |
//! | hidden pair | 3.4 |
//! | naked triple | 3.6 |
//! | swordfish | 3.8 |
//! | hidden triple | 4.0 |
//! | skyscraper / two-string kite / turbot fish: two strong links of a digit joined by a weak one | 4.0 / 4.1 / 4.2 |
//! | XY-wing / XYZ-wing | 4.2 / 4.4 |
//! | naked quad / jellyfish / hidden quad | 5.0 / 5.2 / 5.4 |
//! | X-chain: an alternating chain of one digit's links | 6.5 |
//! | alternating inference chain (any digits, cells' and houses' links) | 7.0 |
//! | trial: none of the above applies | 9.0 |
//!
//! The single, intersection, subset and wing difficulties are SE's; the
//! chains (`ladder/chains.rs`) sit in SE's band of chains (6.0 to 7.9) without its
//! length increments. A
//! constraint's step, the rule of 45 (over the cages with sums, whichever
//! kind says it is one: [`crate::Kind::cage`]) and the trial are this
//! ladder's own: the trial marks a
//! puzzle the ladder cannot solve without guessing ([`Rating::trial`]). It
//! places the solution's digit in the cell with the fewest candidates.
//!
//! Every step is checked against the puzzle's unique solution in the tests
//! (a placement is the solution's digit, an elimination never removes it),
//! on every fixture family.

mod cages;
mod chains;

use crate::constraint::Candidates;
use crate::houses::{HouseKind, Sight};
use crate::{Puzzle, VariantSolver};
use cages::{joined_regions, Area};

/// Difficulty in tenths (23 is 2.3).
pub type Tenths = u8;

/// Difficulty of a step that guesses ([`Rating::trial`]).
pub const TRIAL: Tenths = 90;

/// One step of the path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique: `Hidden Single`, `Naked Pair`, `Thermo`, ...
    pub technique: &'static str,
    /// Its difficulty.
    pub difficulty: Tenths,
    /// Where: the house (`row 3`), the constraint (`cage at r1c1 (sum 7)`)
    /// or the cell.
    pub reason: String,
    /// Digits placed: (canvas cell, digit).
    pub place: Vec<(u16, u8)>,
    /// Candidates removed: (canvas cell, digit).
    pub elim: Vec<(u16, u8)>,
}

/// A puzzle's rating and the path it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// The hardest step of the path.
    pub er: Tenths,
    /// The hardest step before the first placement.
    pub ep: Tenths,
    /// The first step's.
    pub ed: Tenths,
    /// Whether the path guesses somewhere ([`TRIAL`]).
    pub trial: bool,
    /// The steps, from the givens to the solution.
    pub steps: Vec<Step>,
}

/// Why a puzzle has no rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    /// No solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// More than one.
    #[error("the puzzle has more than one solution")]
    NotUnique,
    /// Every cell is given.
    #[error("the puzzle is already solved")]
    Solved,
}

/// The candidates of a position and what it knows of the puzzle's shape.
struct Board<'a> {
    puzzle: &'a Puzzle,
    n: usize,
    /// Digits each canvas position may hold (bit d-1 for digit d); 0 for a
    /// placed cell and for positions that are not cells.
    cands: Vec<u32>,
    /// The digit placed in each position, 0 when open.
    value: Vec<u8>,
    /// What each cell sees.
    sight: Sight,
    /// [`Sight::peers`] as bit sets of the canvas, `words` words a cell:
    /// whether two cells see each other, and which cells see two, in a
    /// few word operations (the chains ask it of every pair they reach).
    peer_bits: Vec<u64>,
    /// Words of one cell's bit set in `peer_bits`.
    words: usize,
    /// Every house, with whether it is a box or a region (the source of a
    /// pointing, a hidden single of 1.2).
    houses: Vec<(Vec<u16>, bool, String)>,
    /// Every cell of the puzzle, in canvas order.
    cells: Vec<usize>,
    /// Cells still open.
    open: usize,
    /// Pairs of houses that share two cells or more, both ways: `a`, `b`,
    /// `a`'s cells outside `b` and `b`'s cells outside `a`.
    overlaps: Vec<Overlap>,
    /// The cages with a sum: cells and sum (none when two cages share a
    /// cell: the rule of 45 then stays silent).
    cages: Vec<(Vec<u16>, u32)>,
    /// Where the rule of 45 looks: each house, then each run of 2 to n-1
    /// consecutive rows or columns of a grid, then each two or three boxes
    /// (or jigsaw regions) joined edge to edge that no run already is;
    /// with what the cages say of each ([`Area`]).
    areas: Vec<Area>,
}

/// Two houses that share two cells or more ([`Board::locked`]).
struct Overlap {
    a: usize,
    b: usize,
    /// `a`'s cells outside `b`.
    a_only: Vec<u16>,
    /// `b`'s cells outside `a`.
    b_only: Vec<u16>,
}

/// A position's candidates and placed digits, as a constraint narrows
/// them: a placed cell holds its digit alone.
struct View<'b> {
    cands: &'b mut [u32],
    value: &'b [u8],
}

impl Candidates for View<'_> {
    fn get(&self, cell: u16) -> u32 {
        let c = usize::from(cell);
        match self.value[c] {
            0 => self.cands[c],
            d => 1 << (d - 1),
        }
    }

    fn remove(&mut self, cell: u16, mask: u32) -> bool {
        let c = usize::from(cell);
        match self.value[c] {
            0 => {
                self.cands[c] &= !mask;
                self.cands[c] != 0
            }
            d => mask & 1 << (d - 1) == 0,
        }
    }
}

impl Board<'_> {
    /// The digits `cell` may hold (its own digit once placed).
    fn get(&self, cell: u16) -> u32 {
        let c = usize::from(cell);
        match self.value[c] {
            0 => self.cands[c],
            d => 1 << (d - 1),
        }
    }
}

impl<'a> Board<'a> {
    fn new(puzzle: &'a Puzzle) -> Board<'a> {
        let canvas = puzzle.canvas_len();
        let n = puzzle.size();
        let full = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut cands = vec![0u32; canvas];
        let cells = puzzle.cells();
        for &c in &cells {
            cands[c] = full;
        }
        let houses: Vec<(Vec<u16>, bool, String)> = puzzle
            .houses()
            .into_iter()
            .map(|h| {
                let region = matches!(h.kind, HouseKind::Box | HouseKind::Region);
                let name = puzzle.house_name(h.kind, &h.cells);
                (h.cells, region, name)
            })
            .collect();
        let sight = puzzle.sight();
        let words = canvas.div_ceil(64);
        let mut peer_bits = vec![0u64; canvas * words];
        for (c, peers) in sight.peers.iter().enumerate() {
            for &p in peers {
                peer_bits[c * words + usize::from(p) / 64] |= 1 << (p % 64);
            }
        }
        let mut overlaps = Vec::new();
        for (a, ha) in houses.iter().enumerate() {
            for (b, hb) in houses.iter().enumerate() {
                if a != b && ha.0.iter().filter(|c| hb.0.contains(c)).count() >= 2 {
                    let only = |x: &[u16], y: &[u16]| x.iter().copied().filter(|c| !y.contains(c)).collect();
                    overlaps.push(Overlap { a, b, a_only: only(&ha.0, &hb.0), b_only: only(&hb.0, &ha.0) });
                }
            }
        }
        let cages = puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c.kind().cage(c.instance()) {
                Some((cells, Some(sum))) => Some((cells.to_vec(), sum)),
                _ => None,
            })
            .collect::<Vec<(Vec<u16>, u32)>>();
        // The rule of 45 adds cages up: it needs each cell in one cage at most.
        let mut seen = vec![false; canvas];
        let disjoint =
            cages.iter().flat_map(|c| &c.0).all(|&c| !std::mem::replace(&mut seen[usize::from(c)], true));
        let cages = if disjoint { cages } else { Vec::new() };
        let mut areas: Vec<(Vec<u16>, u32, String)> = Vec::new();
        if !cages.is_empty() {
            areas.extend(houses.iter().map(|h| (h.0.clone(), 1, h.2.clone())));
            let side = puzzle.side();
            for (top, left) in puzzle.grids() {
                for k in 2..n {
                    for first in 0..=n - k {
                        let rows = (first..first + k)
                            .flat_map(|r| (0..n).map(move |c| ((top + r) * side + left + c) as u16));
                        let cols = (first..first + k)
                            .flat_map(|c| (0..n).map(move |r| ((top + r) * side + left + c) as u16));
                        let (a, b) = (top + first + 1, left + first + 1);
                        areas.push((rows.collect(), k as u32, format!("rows {a}-{}", a + k - 1)));
                        areas.push((cols.collect(), k as u32, format!("columns {b}-{}", b + k - 1)));
                    }
                }
            }
            if puzzle.grids().len() == 1 {
                let sorted = |cells: &[u16]| {
                    let mut cells = cells.to_vec();
                    cells.sort_unstable();
                    cells
                };
                let known: std::collections::HashSet<Vec<u16>> = areas.iter().map(|a| sorted(&a.0)).collect();
                areas.extend(
                    joined_regions(&houses, side).into_iter().filter(|a| !known.contains(&sorted(&a.0))),
                );
            }
        }
        let mut scratch = vec![false; canvas];
        let areas = areas
            .into_iter()
            .map(|(cells, houses, name)| Area::new(cells, houses, name, n, &cages, &mut scratch))
            .collect();
        let mut board = Board {
            puzzle,
            n,
            cands,
            value: vec![0; canvas],
            sight,
            peer_bits,
            words,
            houses,
            open: cells.len(),
            cells,
            overlaps,
            cages,
            areas,
        };
        for (c, &d) in puzzle.givens().iter().enumerate() {
            if d != 0 {
                board.place(c, d);
            }
        }
        board
    }

    /// Places `d` in `c` and removes it from the cells that see `c` (and
    /// its neighbours' digits from non-consecutive neighbours).
    fn place(&mut self, c: usize, d: u8) {
        if self.value[c] == 0 {
            self.open -= 1;
        }
        self.value[c] = d;
        self.cands[c] = 0;
        self.sight.rule_out(&mut self.cands, c, d);
    }

    fn is_solved(&self) -> bool {
        self.open == 0
    }

    /// The easiest step the position offers, or `None` when only a trial
    /// is left.
    /// The easiest step no harder than `cap` the position offers, or
    /// `None` (then only a harder technique, or a trial, is left). The
    /// finders go from easy to hard, each with the most its steps rate.
    fn next_step(&self, cap: Tenths) -> Option<Step> {
        type Finder<'b, 'a> = &'b dyn Fn(&Board<'a>) -> Option<Step>;
        let finders: [(Tenths, Finder<'_, 'a>); 27] = [
            (12, &|b| b.hidden_single(true)),
            (15, &|b| b.hidden_single(false)),
            (20, &|b| b.constraint_step()),
            (22, &|b| b.rule_of_45(false)),
            (23, &|b| b.naked_single()),
            (26, &|b| b.locked(true)),
            (27, &|b| b.cage_needs()),
            (28, &|b| b.locked(false)),
            (28, &|b| b.rule_of_45(true)),
            (29, &|b| b.hidden_cage_combination()),
            (29, &|b| b.cage_split()),
            (30, &|b| b.naked_subset(2)),
            (32, &|b| b.fish(2)),
            (34, &|b| b.hidden_subset(2)),
            (36, &|b| b.naked_subset(3)),
            (38, &|b| b.fish(3)),
            (40, &|b| b.hidden_subset(3)),
            (40, &|b| b.turbot(40)),
            (41, &|b| b.turbot(41)),
            (42, &|b| b.turbot(42)),
            (42, &|b| b.wing(false)),
            (44, &|b| b.wing(true)),
            (50, &|b| b.naked_subset(4)),
            (52, &|b| b.fish(4)),
            (54, &|b| b.hidden_subset(4)),
            (65, &|b| b.chain(true)),
            (70, &|b| b.chain(false)),
        ];
        finders.iter().take_while(|(most, _)| *most <= cap).find_map(|(_, find)| find(self))
    }

    /// The open cells of a house holding digit bit `bit`.
    fn spots(&self, house: &[u16], bit: u32) -> Vec<u16> {
        house.iter().copied().filter(|&c| self.cands[usize::from(c)] & bit != 0).collect()
    }

    /// The one open cell of `house` holding digit bit `bit`, if it has
    /// exactly one.
    fn only_spot(&self, house: &[u16], bit: u32) -> Option<u16> {
        let mut spots = house.iter().copied().filter(|&c| self.cands[usize::from(c)] & bit != 0);
        let only = spots.next()?;
        spots.next().is_none().then_some(only)
    }

    /// The digits placed in `house`, as a mask.
    fn placed_mask(&self, house: &[u16]) -> u32 {
        house.iter().fold(0, |m, &c| match self.value[usize::from(c)] {
            0 => m,
            d => m | 1 << (d - 1),
        })
    }

    fn hidden_single(&self, regions: bool) -> Option<Step> {
        for (house, region, name) in &self.houses {
            if *region != regions {
                continue;
            }
            // The digits with one open place in the house, the lowest first.
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in house {
                let m = self.cands[usize::from(c)];
                twice |= once & m;
                once |= m;
            }
            let singles = once & !twice & !self.placed_mask(house);
            if singles != 0 {
                let bit = singles & singles.wrapping_neg();
                let only = self.only_spot(house, bit).expect("a digit with one place");
                let d = bit.trailing_zeros() as u8 + 1;
                let difficulty = if regions { 12 } else { 15 };
                return Some(step("Hidden Single", difficulty, name.clone(), vec![(only, d)], Vec::new()));
            }
        }
        None
    }

    fn naked_single(&self) -> Option<Step> {
        let c =
            self.cells.iter().copied().find(|&c| self.value[c] == 0 && self.cands[c].count_ones() == 1)?;
        let d = self.cands[c].trailing_zeros() as u8 + 1;
        Some(step("Naked Single", 23, self.puzzle.cell_name(c), vec![(c as u16, d)], Vec::new()))
    }

    /// A constraint drawn on the grid that removes candidates the houses
    /// leave ([`crate::Kind::narrow`] on a copy of the position).
    fn constraint_step(&self) -> Option<Step> {
        let mut scratch = self.cands.clone();
        for constraint in self.puzzle.constraints() {
            scratch.copy_from_slice(&self.cands);
            let mut copy = View { cands: &mut scratch, value: &self.value };
            if !constraint.kind().narrow(constraint.instance(), self.n, &mut copy) || scratch == self.cands {
                continue;
            }
            let elim = removed(&self.cands, &scratch);
            if !elim.is_empty() {
                let technique = constraint.kind().hint_title();
                return Some(step(technique, 20, constraint.describe(self.puzzle), Vec::new(), elim));
            }
        }
        None
    }

    /// A digit of one house confined to the cells it shares with another:
    /// the other house's other cells lose it. `from_region`: pointing (a
    /// box or region first), else claiming.
    fn locked(&self, from_region: bool) -> Option<Step> {
        for Overlap { a: ia, b: ib, a_only, b_only } in &self.overlaps {
            let ((a, region, name), (_, _, other)) = (&self.houses[*ia], &self.houses[*ib]);
            if *region != from_region {
                continue;
            }
            // The digits with two places or more in `a`, all of them in `b`.
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in a.iter() {
                let m = self.cands[usize::from(c)];
                twice |= once & m;
                once |= m;
            }
            let outside = a_only.iter().fold(0u32, |m, &c| m | self.cands[usize::from(c)]);
            let locked = twice & !outside;
            if locked == 0 {
                continue;
            }
            for d in 1..=self.n as u8 {
                let bit = 1u32 << (d - 1);
                if locked & bit == 0 {
                    continue;
                }
                let elim: Vec<(u16, u8)> = self.spots(b_only, bit).into_iter().map(|c| (c, d)).collect();
                if !elim.is_empty() {
                    let (technique, difficulty) =
                        if from_region { ("Pointing", 26) } else { ("Claiming", 28) };
                    return Some(step(technique, difficulty, format!("{name} in {other}"), Vec::new(), elim));
                }
            }
        }
        None
    }

    /// Fish of size `k` (X-wing, swordfish, jellyfish): in `k` rows of a
    /// grid a digit's places lie in `k` columns (or the other way round),
    /// so those columns' other rows lose it.
    fn fish(&self, k: usize) -> Option<Step> {
        let (n, side) = (self.n, self.puzzle.side());
        let names = [("X-Wing", 32), ("Swordfish", 38), ("Jellyfish", 52)];
        for (top, left) in self.puzzle.grids() {
            for by_rows in [true, false] {
                // Line `i`, position `j` as a canvas cell.
                let at = |i: usize, j: usize| {
                    let (r, c) = if by_rows { (i, j) } else { (j, i) };
                    ((top + r) * side + left + c) as u16
                };
                for d in 1..=n as u8 {
                    let bit = 1u32 << (d - 1);
                    // Each line's positions holding d, for lines with 2 to k.
                    let lines: Vec<(usize, u32)> = (0..n)
                        .map(|i| {
                            (
                                i,
                                (0..n)
                                    .filter(|&j| self.cands[usize::from(at(i, j))] & bit != 0)
                                    .fold(0u32, |m, j| m | 1 << j),
                            )
                        })
                        .filter(|&(_, m)| (2..=k as u32).contains(&m.count_ones()))
                        .collect();
                    let found = find_subset(lines.len(), k, |idx| {
                        let cover = idx.iter().fold(0u32, |m, &x| m | lines[x].1);
                        if cover.count_ones() as usize != k {
                            return None;
                        }
                        let base: Vec<usize> = idx.iter().map(|&x| lines[x].0).collect();
                        let elim: Vec<(u16, u8)> = (0..n)
                            .filter(|i| !base.contains(i))
                            .flat_map(|i| (0..n).filter(move |j| cover >> j & 1 == 1).map(move |j| at(i, j)))
                            .filter(|&c| self.cands[usize::from(c)] & bit != 0)
                            .map(|c| (c, d))
                            .collect();
                        (!elim.is_empty()).then_some((elim, base))
                    });
                    if let Some((elim, base)) = found {
                        let (technique, difficulty) = names[k - 2];
                        let lines: Vec<String> = base
                            .iter()
                            .map(|i| (if by_rows { top } else { left } + i + 1).to_string())
                            .collect();
                        let what = if by_rows { "rows" } else { "columns" };
                        let reason = format!("{d} in {what} {}", lines.join(", "));
                        return Some(step(technique, difficulty, reason, Vec::new(), elim));
                    }
                }
            }
        }
        None
    }

    /// `k` open cells of a house holding only `k` digits between them: the
    /// house's other cells lose those digits.
    fn naked_subset(&self, k: usize) -> Option<Step> {
        for (house, _, name) in &self.houses {
            let open: Vec<u16> = house.iter().copied().filter(|&c| self.value[usize::from(c)] == 0).collect();
            if open.len() <= k {
                continue;
            }
            let found = find_subset(open.len(), k, |idx| {
                let digits = idx.iter().fold(0u32, |m, &i| m | self.cands[usize::from(open[i])]);
                if digits.count_ones() as usize != k {
                    return None;
                }
                let elim: Vec<(u16, u8)> = open
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !idx.contains(i))
                    .flat_map(|(_, &c)| digits_of(self.cands[usize::from(c)] & digits).map(move |d| (c, d)))
                    .collect();
                (!elim.is_empty()).then_some(elim)
            });
            if let Some(elim) = found {
                let (technique, difficulty) =
                    [("Naked Pair", 30), ("Naked Triple", 36), ("Naked Quad", 50)][k - 2];
                return Some(step(technique, difficulty, name.clone(), Vec::new(), elim));
            }
        }
        None
    }

    /// `k` digits of a house confined to `k` of its cells: those cells lose
    /// every other digit.
    fn hidden_subset(&self, k: usize) -> Option<Step> {
        for (house, _, name) in &self.houses {
            let placed = self.placed_mask(house);
            let digits: Vec<u8> = (1..=self.n as u8).filter(|&d| placed & 1 << (d - 1) == 0).collect();
            if digits.len() <= k || house.len() > 64 {
                continue;
            }
            // Where each digit may go in the house, as a mask of positions.
            let places: Vec<u64> = digits
                .iter()
                .map(|&d| {
                    house
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| self.cands[usize::from(c)] & 1 << (d - 1) != 0)
                        .fold(0u64, |m, (i, _)| m | 1 << i)
                })
                .collect();
            let found = find_subset(digits.len(), k, |idx| {
                let cover = idx.iter().fold(0u64, |m, &i| m | places[i]);
                if cover.count_ones() as usize != k {
                    return None;
                }
                let mask = idx.iter().fold(0u32, |m, &i| m | 1 << (digits[i] - 1));
                let elim: Vec<(u16, u8)> = (0..house.len())
                    .filter(|i| cover >> i & 1 == 1)
                    .map(|i| house[i])
                    .flat_map(|c| digits_of(self.cands[usize::from(c)] & !mask).map(move |d| (c, d)))
                    .collect();
                (!elim.is_empty()).then_some(elim)
            });
            if let Some(elim) = found {
                let (technique, difficulty) =
                    [("Hidden Pair", 34), ("Hidden Triple", 40), ("Hidden Quad", 54)][k - 2];
                return Some(step(technique, difficulty, name.clone(), Vec::new(), elim));
            }
        }
        None
    }

    /// A trial: the solution's digit in the open cell with the fewest
    /// candidates.
    fn trial(&self, solution: &[u8]) -> Step {
        let c = self
            .cells
            .iter()
            .copied()
            .filter(|&c| self.value[c] == 0)
            .min_by_key(|&c| self.cands[c].count_ones())
            .expect("an open cell");
        let reason = format!("{} ({} candidates)", self.puzzle.cell_name(c), self.cands[c].count_ones());
        step("Trial", TRIAL, reason, vec![(c as u16, solution[c])], Vec::new())
    }

    /// Takes `s`: places its digits, removes its candidates.
    fn apply(&mut self, s: &Step) {
        for &(c, d) in &s.place {
            self.place(usize::from(c), d);
        }
        for &(c, d) in &s.elim {
            self.cands[usize::from(c)] &= !(1 << (d - 1));
        }
    }
}

fn step(
    technique: &'static str,
    difficulty: Tenths,
    reason: String,
    place: Vec<(u16, u8)>,
    elim: Vec<(u16, u8)>,
) -> Step {
    Step { technique, difficulty, reason, place, elim }
}

/// The candidates `after` lacks of `before`, cell by cell.
fn removed(before: &[u32], after: &[u32]) -> Vec<(u16, u8)> {
    before
        .iter()
        .zip(after)
        .enumerate()
        .flat_map(|(c, (&b, &a))| digits_of(b & !a).map(move |d| (c as u16, d)))
        .collect()
}

/// The digits of a mask, ascending.
fn digits_of(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

/// The first `f` answers of the `k`-subsets of `0..n` (sorted indices),
/// in lexicographic order.
fn find_subset<T>(n: usize, k: usize, mut f: impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    if k == 0 || k > n {
        return None;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        if let Some(found) = f(&idx) {
            return Some(found);
        }
        let i = (0..k).rev().find(|&i| idx[i] < n - k + i)?;
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

impl Puzzle {
    /// Rates the puzzle on the ladder (see the module docs): the easiest
    /// step at each position from the givens to the solution.
    ///
    /// ```
    /// use sudoku_variant::Puzzle;
    /// let puzzle = Puzzle::parse_line("14.........13...", Some(4))?;
    /// let rating = puzzle.rate()?;
    /// assert!(rating.er >= rating.ep && rating.ep >= rating.ed && !rating.trial);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate(&self) -> Result<Rating, RateError> {
        let mut solutions = Vec::with_capacity(2);
        VariantSolver::new(self).for_each_solution(self.givens(), 2, |s| solutions.push(s.to_vec()));
        let solution = match solutions.len() {
            0 => return Err(RateError::NoSolution),
            1 => solutions.pop().expect("one solution"),
            _ => return Err(RateError::NotUnique),
        };
        self.rate_with(&solution)
    }

    /// [`Puzzle::rate`] of a puzzle whose one solution the caller knows
    /// (a generator proved it unique): no search. `solution` must be the
    /// puzzle's unique solution; the trial steps take its digits.
    pub fn rate_with(&self, solution: &[u8]) -> Result<Rating, RateError> {
        let mut board = Board::new(self);
        if board.is_solved() {
            return Err(RateError::Solved);
        }
        let mut steps = Vec::new();
        while !board.is_solved() {
            let next = board.next_step(Tenths::MAX).unwrap_or_else(|| board.trial(solution));
            board.apply(&next);
            steps.push(next);
        }
        let er = steps.iter().map(|s| s.difficulty).max().unwrap_or(0);
        let first_place = steps.iter().position(|s| !s.place.is_empty()).unwrap_or(steps.len() - 1);
        let ep = steps[..=first_place].iter().map(|s| s.difficulty).max().unwrap_or(0);
        let ed = steps[0].difficulty;
        Ok(Rating { er, ep, ed, trial: er >= TRIAL, steps })
    }

    /// The ladder's path from the givens to its first placement, that
    /// step included (a trial, taking `solution`'s digit, when nothing
    /// else places): what a hint shows of the next digit. Empty when every
    /// cell is given. `solution` must be the puzzle's unique solution.
    pub fn path_to_placement(&self, solution: &[u8]) -> Vec<Step> {
        let mut board = Board::new(self);
        let mut steps = Vec::new();
        while !board.is_solved() {
            let next = board.next_step(Tenths::MAX).unwrap_or_else(|| board.trial(solution));
            board.apply(&next);
            let placed = !next.place.is_empty();
            steps.push(next);
            if placed {
                break;
            }
        }
        steps
    }

    /// Whether the ladder solves the puzzle with no step harder than
    /// `most`: [`Puzzle::rate`]'s ER is at most `most`. Stops at the first
    /// position with no such step, and never tries a harder technique, so
    /// a generator asks it cheaply at every removal.
    pub fn rates_within(&self, most: Tenths) -> bool {
        let mut board = Board::new(self);
        while !board.is_solved() {
            match board.next_step(most) {
                Some(next) => board.apply(&next),
                None => return false,
            }
        }
        true
    }
}
