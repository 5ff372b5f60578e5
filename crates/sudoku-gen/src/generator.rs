//! The generator: a random solution grid, then clue removal in random order,
//! one symmetry orbit at a time, keeping each removal only while the puzzle
//! still has exactly one solution.
//!
//! One pass over the orbits gives a minimal puzzle: a removal that loses
//! uniqueness at some point would lose it later too (fewer clues never mean
//! fewer solutions), so no orbit needs a second try.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_core::{Candidate, Candidates, Cell, Digit, Grid, Solver, PEERS, UNITS};

use crate::error::GenError;
use crate::pattern::Pattern;
use crate::random_grid::random_grid;
use crate::symmetry::Symmetry;
use crate::unavoidable::UnavoidableSets;

/// Everything that shapes a generated set. Puzzle *i* of a set depends on
/// these options and *i* alone.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GenOptions {
    /// The seed of the set; see [`puzzle_rng`].
    pub seed: u64,
    /// The symmetry every puzzle's clue pattern must have.
    pub symmetry: Symmetry,
    /// Stop removing clues at this many. `None` removes down to a minimal
    /// puzzle. A target may be out of reach for a given solution grid; the
    /// result then says so ([`Puzzle::target_reached`]).
    pub target_clues: Option<usize>,
}

/// A generated puzzle and what the generator knows about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens; blank cells are to be solved.
    pub givens: Grid,
    /// The one solution of `givens`.
    pub solution: Grid,
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Whether the puzzle is minimal for its symmetry: every orbit of given
    /// cells was tried, and removing any one of them loses uniqueness. With
    /// [`Symmetry::None`] this means no single clue can be removed.
    pub minimal: bool,
    /// The clue target the puzzle was made for, if any.
    pub target_clues: Option<usize>,
}

impl Puzzle {
    /// How many cells are given.
    pub fn n_clues(&self) -> usize {
        self.givens.n_clues()
    }

    /// Whether the clue target was met (always true without one).
    pub fn target_reached(&self) -> bool {
        self.target_clues.is_none_or(|target| self.n_clues() <= target)
    }
}

/// The random stream of puzzle `index` of the set with `seed`: ChaCha8
/// seeded from `seed`, on stream `index`. Streams of different indices are
/// independent, so each puzzle can be made on any thread in any order.
pub fn puzzle_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// Puzzle `index` of the set described by `opts`.
///
/// For many puzzles, make one [`Generator`] and call
/// [`Generator::generate`]: it keeps its solver between puzzles.
pub fn generate(opts: &GenOptions, index: u64) -> Puzzle {
    Generator::new(opts.clone()).generate(index)
}

/// Puzzle `index` of the set described by `opts`, among those `accept`
/// approves; see [`Generator::generate_until`].
pub fn generate_until(
    opts: &GenOptions,
    index: u64,
    accept: impl FnMut(&Puzzle) -> bool,
    max_tries: u64,
) -> Result<Puzzle, GenError> {
    Generator::new(opts.clone()).generate_until(index, accept, max_tries)
}

/// Moves of one climb of [`Generator::fit_pattern`].
const CLIMB_MOVES: usize = 200;
/// Solutions counted at most while climbing: beyond, all look alike.
const CLIMB_CAP: u64 = 50;

/// `grid` with two rows of a band, two columns of a stack, two bands or two
/// stacks swapped, drawn from `rng`: still a valid grid.
fn random_move(grid: &Grid, rng: &mut impl Rng) -> Grid {
    // The lines' new order: one pair of lines, or the three pairs of two
    // bands (stacks), swapped.
    let mut order = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let (a, b) = [(0, 1), (0, 2), (1, 2)][rng.gen_range(0..3)];
    let group = rng.gen_range(0..3);
    if rng.gen::<bool>() {
        order.swap(group * 3 + a, group * 3 + b);
    } else {
        (0..3).for_each(|k| order.swap(a * 3 + k, b * 3 + k));
    }
    let columns = rng.gen::<bool>();
    let mut out = Grid::EMPTY;
    for c in Cell::ALL {
        let from =
            if columns { Cell::at(c.row(), order[c.col()]) } else { Cell::at(order[c.row()], c.col()) };
        out.set(c, grid.get(from.expect("the order holds lines 0-8")));
    }
    out
}

/// A reusable generator: the options, the symmetry's orbits and a solver.
/// Holds no randomness of its own; every puzzle draws from the stream it is
/// given or from [`puzzle_rng`].
pub struct Generator {
    opts: GenOptions,
    orbits: Vec<Vec<Cell>>,
    orbit_masks: Vec<u128>,
    solver: Solver,
    /// Unavoidable sets of the current solution grid, kept to save
    /// allocating and clearing their tables for each puzzle.
    sets: Box<UnavoidableSets>,
}

impl Generator {
    /// A generator for the set described by `opts`.
    pub fn new(opts: GenOptions) -> Generator {
        let orbits = opts.symmetry.orbits();
        let orbit_masks = orbits.iter().map(|o| o.iter().fold(0u128, |m, &c| m | 1 << c.index())).collect();
        Generator { opts, orbits, orbit_masks, solver: Solver::new(), sets: Box::new(UnavoidableSets::new()) }
    }

    /// The options of this generator.
    pub fn options(&self) -> &GenOptions {
        &self.opts
    }

    /// Puzzle `index` of the set: the first puzzle drawn from
    /// [`puzzle_rng`]`(seed, index)`.
    pub fn generate(&mut self, index: u64) -> Puzzle {
        self.generate_with_rng(&mut puzzle_rng(self.opts.seed, index))
    }

    /// Puzzle `index` of the set among those `accept` approves: draws
    /// puzzles from [`puzzle_rng`]`(seed, index)` until one is accepted.
    /// The result depends only on the options, `index` and `accept`.
    ///
    /// This is where a difficulty filter plugs in: `accept` can grade the
    /// puzzle and keep those in a band.
    ///
    /// # Errors
    /// [`GenError::TriesExhausted`] when `max_tries` puzzles were drawn and
    /// none was accepted.
    pub fn generate_until(
        &mut self,
        index: u64,
        mut accept: impl FnMut(&Puzzle) -> bool,
        max_tries: u64,
    ) -> Result<Puzzle, GenError> {
        let mut rng = puzzle_rng(self.opts.seed, index);
        for _ in 0..max_tries {
            let puzzle = self.generate_with_rng(&mut rng);
            if accept(&puzzle) {
                return Ok(puzzle);
            }
        }
        Err(GenError::TriesExhausted { index, max_tries })
    }

    /// Puzzle `index` of the set whose givens are the cells of `pattern`,
    /// among those `accept` approves: draws solution grids from
    /// [`puzzle_rng`]`(seed, index)` and keeps the first that, masked by the
    /// pattern, has one solution and is accepted. The options' symmetry and
    /// clue target do not apply.
    ///
    /// # Errors
    /// [`GenError::TriesExhausted`] when `max_tries` grids were drawn and
    /// none gave an accepted unique puzzle (a pattern with few givens may
    /// never give one).
    pub fn generate_on_pattern(
        &mut self,
        index: u64,
        pattern: Pattern,
        mut accept: impl FnMut(&Puzzle) -> bool,
        max_tries: u64,
    ) -> Result<Puzzle, GenError> {
        let mut rng = puzzle_rng(self.opts.seed, index);
        for _ in 0..max_tries {
            let Some((givens, solution)) = self.fit_pattern(pattern, &mut rng) else { continue };
            let puzzle = Puzzle {
                givens,
                solution,
                symmetry: Symmetry::strongest_of(&givens),
                minimal: false,
                target_clues: None,
            };
            if accept(&puzzle) {
                return Ok(puzzle);
            }
        }
        Err(GenError::TriesExhausted { index, max_tries })
    }

    /// A solution grid whose pattern cells alone have it as their one
    /// solution, and those givens; `None` when one climb fails.
    ///
    /// A random grid seldom fits: its pattern cells usually leave many
    /// solutions. The climb moves the grid under the pattern instead (a row
    /// or column swapped within its band or stack, two bands or stacks
    /// swapped: the grid stays valid) and keeps each move that leaves no
    /// more solutions, up to [`CLIMB_MOVES`] moves.
    fn fit_pattern(&mut self, pattern: Pattern, rng: &mut impl Rng) -> Option<(Grid, Grid)> {
        let mut grid = random_grid(rng);
        let masked = |grid: &Grid| {
            let mut givens = Grid::EMPTY;
            for c in pattern.cells() {
                givens.set(c, grid.get(c));
            }
            givens
        };
        let mut count = self.solver.count_solutions_up_to(&masked(&grid), CLIMB_CAP);
        for _ in 0..CLIMB_MOVES {
            if count == 1 {
                return Some((masked(&grid), grid));
            }
            let moved = random_move(&grid, rng);
            let n = self.solver.count_solutions_up_to(&masked(&moved), CLIMB_CAP);
            if n <= count {
                (grid, count) = (moved, n);
            }
        }
        (count == 1).then(|| (masked(&grid), grid))
    }

    /// A puzzle drawn from `rng`: the seed in the options is not used.
    pub fn generate_with_rng(&mut self, rng: &mut impl Rng) -> Puzzle {
        let solution = random_grid(rng);
        self.remove_clues(solution, rng)
    }

    /// A puzzle with the solution `solution` (a complete valid grid), drawn
    /// by removing clues from it in an order taken from `rng`.
    ///
    /// A `solution` that is not a complete valid grid is returned as it is,
    /// not minimal.
    pub fn puzzle_from_solution(&mut self, solution: &Grid, rng: &mut impl Rng) -> Puzzle {
        if !(solution.is_complete() && solution.is_consistent()) {
            return Puzzle {
                givens: *solution,
                solution: *solution,
                symmetry: self.opts.symmetry,
                minimal: false,
                target_clues: self.opts.target_clues,
            };
        }
        self.remove_clues(*solution, rng)
    }

    fn remove_clues(&mut self, solution: Grid, rng: &mut impl Rng) -> Puzzle {
        let target = self.opts.target_clues.unwrap_or(0);
        let mut order: Vec<usize> = (0..self.orbits.len()).collect();
        order.shuffle(rng);
        let by_digit = cells_by_digit(&solution);
        self.sets.find(&solution.to_array());
        let mut givens = solution;
        let mut present = ALL_CELLS;
        let mut digits = UnitDigits::of(&solution);
        let mut n_clues = 81;
        let mut all_tried = true;
        for orbit_idx in order {
            let orbit = &self.orbits[orbit_idx];
            if n_clues < target + orbit.len() {
                // Removing this orbit would go below the target.
                all_tried = false;
                continue;
            }
            let orbit_mask = self.orbit_masks[orbit_idx];
            let after = present & !orbit_mask;
            // With many clues most removals succeed and the singles tests
            // come first; with few most fail and the unavoidable sets do.
            let many_clues = n_clues >= SINGLES_FILL_MIN_CLUES;
            let sets = &self.sets;
            let empties_a_set = || sets.any_emptied(orbit, after);
            if !many_clues && empties_a_set() {
                continue;
            }
            let mut trial_digits = digits;
            for &cell in orbit {
                trial_digits.toggle(cell, digit_of(&solution, cell));
            }
            let blank_orbit = |grid: &mut Grid| orbit.iter().for_each(|&cell| grid.set(cell, None));
            let stays_unique = if forced_by_singles(after, trial_digits, orbit, &solution, &by_digit) {
                true
            } else if many_clues && empties_a_set() {
                false
            } else if many_clues && filled_by_singles(after, orbit_mask, &by_digit) {
                true
            } else {
                let mut trial = givens;
                blank_orbit(&mut trial);
                !has_other_solution(&mut self.solver, trial, &trial_digits, orbit, &solution)
            };
            if stays_unique {
                blank_orbit(&mut givens);
                digits = trial_digits;
                present = after;
                n_clues -= orbit.len();
            }
        }
        Puzzle {
            givens,
            solution,
            symmetry: self.opts.symmetry,
            minimal: all_tried,
            target_clues: self.opts.target_clues,
        }
    }
}

const ALL_CELLS: u128 = (1 << 81) - 1;

/// The digit of `cell` in `solution`, a complete grid.
#[inline]
fn digit_of(solution: &Grid, cell: Cell) -> Digit {
    solution.get(cell).unwrap_or(Digit::ALL[0])
}

/// From this many clues up, a removal is first tested by singles from the
/// removed cells, then by the unavoidable sets, then by [`filled_by_singles`]
/// before the solver: with many clues most removals keep uniqueness and
/// singles show it (measured with callgrind). With fewer, most removals
/// fail: the sets come first and the fill test is skipped as wasted.
const SINGLES_FILL_MIN_CLUES: usize = 36;

/// Whether `alt` (the unique puzzle being thinned, minus the cells
/// `removed`) has a solution other than `solution`.
///
/// Any other solution differs from `solution` in a removed cell: for the
/// first removed cell where it differs, it agrees with `solution` on the
/// removed cells before. So each removed cell in turn is searched off its
/// digit with [`Solver::solve_one_excluding`], the cells before it given
/// their digits back. A cell whose units leave it no other digit is
/// skipped. The excluded digit usually makes the propagation fail at the
/// root, so a removal that keeps uniqueness costs about one propagation
/// per removed cell.
fn has_other_solution(
    solver: &mut Solver,
    mut alt: Grid,
    digits: &UnitDigits,
    removed: &[Cell],
    solution: &Grid,
) -> bool {
    removed.iter().any(|&cell| {
        let digit = digit_of(solution, cell);
        let other = digits.seen(cell).with(digit) != Candidates::ALL
            && solver.solve_one_excluding(&alt, Candidate::new(cell, digit)).is_some();
        alt.set(cell, digit);
        other
    })
}

/// Whether the removed cells come back one by one as naked or hidden
/// singles of the remaining givens (the cells of `given`, whose digits per
/// unit are `digits`). If so every solution of the puzzle agrees with
/// `solution` on them, so the puzzle still has exactly one solution.
fn forced_by_singles(
    mut given: u128,
    mut digits: UnitDigits,
    removed: &[Cell],
    solution: &Grid,
    by_digit: &[u128; 9],
) -> bool {
    let mut pending: u16 = (1u16 << removed.len()) - 1;
    loop {
        let before = pending;
        let mut left = pending;
        while left != 0 {
            let k = left.trailing_zeros() as usize;
            left &= left - 1;
            let cell = removed[k];
            let digit = digit_of(solution, cell);
            if is_single(given, &digits, by_digit, cell, digit) {
                given |= 1 << cell.index();
                digits.toggle(cell, digit);
                pending &= !(1 << k);
            }
        }
        if pending == 0 {
            return true;
        }
        if pending == before {
            return false;
        }
    }
}

/// Whether naked and hidden singles, applied to every blank cell of the
/// puzzle with the givens `given` (cells of the unique solution whose cells
/// per digit are `by_digit`), fill all the `removed` cells. Stronger than
/// [`forced_by_singles`], which fills only the removed cells, and dearer.
///
/// A single is always the solution's digit, so only that one is looked
/// for: a blank cell is a hidden single for its digit `d` when no other
/// blank cell of one of its units can take `d`, and a naked single when no
/// other digit can go there.
fn filled_by_singles(given: u128, removed: u128, by_digit: &[u128; 9]) -> bool {
    // seen[d]: the cells that see a placed d (the placed cells included).
    let mut seen = [0u128; 9];
    for (seen, &cells) in seen.iter_mut().zip(by_digit) {
        let mut placed = given & cells;
        while placed != 0 {
            *seen |= SEES[placed.trailing_zeros() as usize];
            placed &= placed - 1;
        }
    }
    let mut blank = ALL_CELLS & !given;
    loop {
        let before = blank;
        for (seen, &cells) in seen.iter_mut().zip(by_digit) {
            let free = blank & !*seen;
            // Placing `d` only shrinks `wrong`: an old value is a safe bound.
            let wrong = free & !cells;
            let mut right = free & cells;
            while right != 0 {
                let cell = right.trailing_zeros() as usize;
                right &= right - 1;
                let [row, col, boxx] = CELL_UNITS[cell];
                if wrong & row == 0 || wrong & col == 0 || wrong & boxx == 0 {
                    blank &= !(1 << cell);
                    if blank & removed == 0 {
                        return true;
                    }
                    *seen |= SEES[cell];
                }
            }
        }
        // Naked singles: blank cells open to one digit only (theirs).
        let (mut once, mut twice) = (0u128, 0u128);
        for &seen in &seen {
            let free = blank & !seen;
            twice |= once & free;
            once |= free;
        }
        let naked = blank & !twice;
        if naked != 0 {
            blank &= !naked;
            for (seen, &cells) in seen.iter_mut().zip(by_digit) {
                let mut new = naked & cells;
                while new != 0 {
                    *seen |= SEES[new.trailing_zeros() as usize];
                    new &= new - 1;
                }
            }
        }
        if blank & removed == 0 {
            return true;
        }
        if blank == before {
            return false;
        }
    }
}

/// The cells of each digit (1-9 at index 0-8) in a complete grid.
fn cells_by_digit(solution: &Grid) -> [u128; 9] {
    let mut by_digit = [0u128; 9];
    for (cell, digit) in solution.filled() {
        by_digit[digit.index()] |= 1 << cell.index();
    }
    by_digit
}

/// Each cell with its peers.
static SEES: [u128; 81] = {
    let mut masks = PEER_MASKS;
    let mut cell = 0;
    while cell < 81 {
        masks[cell] |= 1 << cell;
        cell += 1;
    }
    masks
};

/// The row, column and box of each cell as bit masks.
static CELL_UNITS: [[u128; 3]; 81] = {
    let mut masks = [[0u128; 3]; 81];
    let mut unit = 0;
    while unit < 27 {
        let mut mask = 0u128;
        let mut k = 0;
        while k < 9 {
            mask |= 1 << UNITS[unit][k];
            k += 1;
        }
        k = 0;
        while k < 9 {
            masks[UNITS[unit][k] as usize][unit / 9] = mask;
            k += 1;
        }
        unit += 1;
    }
    masks
};

/// Whether `digit` is forced into the blank `cell` by a naked single (every
/// other digit sees the cell) or a hidden single (no other blank cell of
/// one of its units can take `digit`). `given` holds the given cells,
/// `digits` their digits per unit, and `by_digit` the cells of each digit
/// in the solution.
fn is_single(given: u128, digits: &UnitDigits, by_digit: &[u128; 9], cell: Cell, digit: Digit) -> bool {
    if digits.seen(cell).with(digit) == Candidates::ALL {
        return true;
    }
    // The cells that hold or see a given `digit`.
    let mut placed = given & by_digit[digit.index()];
    let mut blocked = given | 1 << cell.index();
    while placed != 0 {
        blocked |= SEES[placed.trailing_zeros() as usize];
        placed &= placed - 1;
    }
    CELL_UNITS[cell].iter().any(|&unit| unit & !blocked == 0)
}

/// The digits given in each unit (rows 0-8, columns 9-17, boxes 18-26) as
/// 9-bit masks.
#[derive(Clone, Copy)]
struct UnitDigits([u16; 27]);

impl UnitDigits {
    fn of(grid: &Grid) -> UnitDigits {
        let mut digits = UnitDigits([0; 27]);
        for (cell, digit) in grid.filled() {
            digits.toggle(cell, digit);
        }
        digits
    }

    /// The digits given in the units of `cell`.
    #[inline]
    fn seen(&self, cell: Cell) -> Candidates {
        Candidates::from_bits(self.0[cell.row()] | self.0[9 + cell.col()] | self.0[18 + cell.box_idx()])
    }

    /// Adds `digit` at `cell` to its units, or takes it away if present.
    #[inline]
    fn toggle(&mut self, cell: Cell, digit: Digit) {
        let bit = digit.bit();
        self.0[cell.row()] ^= bit;
        self.0[9 + cell.col()] ^= bit;
        self.0[18 + cell.box_idx()] ^= bit;
    }
}

/// The peers of each cell as a bit mask.
static PEER_MASKS: [u128; 81] = {
    let mut masks = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut k = 0;
        while k < 20 {
            masks[cell] |= 1 << PEERS[cell][k];
            k += 1;
        }
        cell += 1;
    }
    masks
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_detection_agrees_with_the_solver() {
        // Remove cells one at a time from a solution: every check the cheap
        // test passes must also pass the solver.
        let mut solver = Solver::new();
        let mut rng = puzzle_rng(3, 1);
        let solution = random_grid(&mut rng);
        let by_digit = cells_by_digit(&solution);
        let mut givens = solution;
        let mut given = ALL_CELLS;
        let mut digits = UnitDigits::of(&solution);
        let mut n_cheap = 0;
        for cell in Cell::ALL {
            let mut trial = givens;
            trial.set(cell, None);
            let digit = solution.get(cell).unwrap();
            let mut trial_digits = digits;
            trial_digits.toggle(cell, digit);
            if is_single(given & !(1 << cell.index()), &trial_digits, &by_digit, cell, digit) {
                n_cheap += 1;
                assert_eq!(solver.count_solutions_up_to(&trial, 2), 1, "cell {cell}");
                givens = trial;
                given &= !(1 << cell.index());
                digits = trial_digits;
            }
        }
        assert!(n_cheap > 40, "only {n_cheap} cells were singles");
    }

    #[test]
    fn filling_by_singles_agrees_with_the_solver() {
        // Thin a grid in random order, removing a cell whenever the fill
        // test passes: the solver must find each such puzzle unique. The
        // fill test must also settle removals the removed-cells-only test
        // cannot.
        let mut solver = Solver::new();
        let mut rng = puzzle_rng(5, 2);
        let solution = random_grid(&mut rng);
        let by_digit = cells_by_digit(&solution);
        let mut order = Cell::ALL;
        order.shuffle(&mut rng);
        let mut givens = solution;
        let mut given = ALL_CELLS;
        let mut digits = UnitDigits::of(&solution);
        let (mut n_filled, mut n_beyond_removed) = (0, 0);
        for cell in order {
            let after = given & !(1 << cell.index());
            if filled_by_singles(after, 1 << cell.index(), &by_digit) {
                n_filled += 1;
                let digit = solution.get(cell).unwrap();
                let mut trial_digits = digits;
                trial_digits.toggle(cell, digit);
                if !forced_by_singles(after, trial_digits, &[cell], &solution, &by_digit) {
                    n_beyond_removed += 1;
                }
                givens.set(cell, None);
                assert_eq!(solver.count_solutions_up_to(&givens, 2), 1, "cell {cell}: {givens}");
                given = after;
                digits = trial_digits;
            }
        }
        assert!(n_filled > 40, "only {n_filled} removals filled by singles");
        assert!(n_beyond_removed > 0, "the fill test was never stronger");
    }

    #[test]
    fn invalid_solution_is_returned_unchanged() {
        let mut generator = Generator::new(GenOptions::default());
        let mut rng = puzzle_rng(0, 0);
        let p = generator.puzzle_from_solution(&Grid::EMPTY, &mut rng);
        assert_eq!(p.givens, Grid::EMPTY);
        assert!(!p.minimal);
    }

    #[test]
    fn a_pattern_gives_unique_puzzles_with_exactly_its_cells_given() {
        // The pattern of a newspaper puzzle: 32 givens, half-turn
        // symmetric.
        let text = "..x.x.x..x..x.x..x..xx.xx....xx.xx..x.......x..xx.xx....xx.xx..x..x.x..x..x.x.x..";
        let pattern: Pattern = text.parse().unwrap();
        let mut g = Generator::new(GenOptions { seed: 5, ..GenOptions::default() });
        for index in 0..5 {
            let p = g.generate_on_pattern(index, pattern, |_| true, 10_000).unwrap();
            assert!(Cell::ALL.iter().all(|&c| p.givens.get(c).is_some() == pattern.contains(c)));
            assert_eq!(p.givens.count_solutions_up_to(2), 1);
            assert!(p.givens.filled().all(|(c, d)| p.solution.get(c) == Some(d)));
            assert_eq!(p.symmetry, Symmetry::Rot180);
            // Reproducible from the seed and index.
            let again = Generator::new(GenOptions { seed: 5, ..GenOptions::default() })
                .generate_on_pattern(index, pattern, |_| true, 10_000)
                .unwrap();
            assert_eq!(again, p);
        }
        // Givens in the top two rows only never make a unique puzzle.
        let hopeless = Pattern::from_cells(Cell::ALL[..17].iter().copied());
        let err = g.generate_on_pattern(0, hopeless, |_| true, 3).unwrap_err();
        assert_eq!(err, GenError::TriesExhausted { index: 0, max_tries: 3 });
    }
}
