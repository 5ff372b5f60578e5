//! The grading loop: check the puzzle, then take the easiest step Sudoku
//! Explainer's ladder offers until the grid is full, and rate the path.

use std::sync::atomic::{AtomicBool, Ordering};

use sudoku_core::{Conflict, Grid, SearchStats, Solver};

use crate::band::Band;
use crate::board::{positions_of, Board, Pos};
use crate::hits::Hits;
use crate::ladder::{Finders, Look, Skip, LADDER, N_DIGIT_RULES, N_UNIT_RULES};
use crate::rating::{Tenths, NO_TECHNIQUE_TENTHS};
use crate::rules::basic;
use crate::scale::Scale;
use crate::step::{CellDigits, Step};
use crate::technique::Technique;
use crate::units::{Units, MAX_UNITS};

/// The grade of a puzzle: Sudoku Explainer's three ratings of its path.
#[derive(Debug, Clone, PartialEq)]
pub struct Grade {
    /// The rating: the same as [`Grade::er`].
    pub rating: f64,
    /// SE's ER: the difficulty of the hardest step of the path.
    pub er: f64,
    /// SE's EP ("pearl"): the difficulty of the hardest step up to the first
    /// digit placed.
    pub ep: f64,
    /// SE's ED ("diamond"): the difficulty of the first step.
    pub ed: f64,
    /// The band of [`Grade::er`].
    pub band: Band,
    /// The technique of the hardest step.
    pub technique: Technique,
    /// Number of steps (one per pattern instance, as `--explain` lists
    /// them).
    pub n_steps: u32,
    /// The solution path, when asked for with [`GradeOptions::explain`];
    /// empty otherwise.
    pub steps: Vec<Step>,
    /// The solver's effort on the puzzle, a machine difficulty on its own
    /// scale (no human technique in it): the search-tree nodes that
    /// [`Solver::solve_unique`] propagated to find the solution and prove
    /// it unique ([`SearchStats::nodes`]).
    pub nodes: u64,
    /// The branch points of that search ([`SearchStats::guesses`]): 0 when
    /// the solver's propagation alone solves the puzzle.
    pub guesses: u64,
}

/// How to grade.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GradeOptions {
    /// Record the step-by-step solution path in [`Grade::steps`].
    pub explain: bool,
}

/// Why a puzzle was not graded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GradeError {
    /// Two givens with the same digit share a unit.
    #[error("invalid puzzle: {0}")]
    Conflict(Conflict),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    Unsolvable,
    /// The puzzle has more than one solution: a person cannot solve it by
    /// deduction alone.
    #[error("the puzzle has more than one solution")]
    NotUnique,
    /// Every cell is filled (and no givens clash): there is no step to
    /// take, so nothing to rate.
    #[error("the grid is already solved: there is no step to rate")]
    Solved,
    /// [`Grader::grade_variant`] was given a puzzle of another shape than
    /// the grader's ([`Grader::for_variant`]).
    #[error("the puzzle's shape is not the one this grader was made for")]
    OtherShape,
    /// The path needs nested forcing chains deeper than the grader follows
    /// on its grid (non-consecutive: the deeper levels take minutes there,
    /// and Sukaku Explainer does not finish such puzzles in a minute
    /// either).
    #[error("the puzzle needs nested forcing chains deeper than the grader follows under non-consecutive")]
    BeyondLadder,
    /// The stop flag of [`Grader::grade_until`] was set before the path's
    /// end.
    #[error("the grade was stopped before the end of its path")]
    Stopped,
}

/// A stop flag that is never set: the walks that run to their end.
pub(crate) static NEVER: AtomicBool = AtomicBool::new(false);

/// A reusable grader: keeps its scratch space between puzzles, so grading
/// many puzzles allocates little.
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_grade::{Band, Grader};
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse().unwrap();
/// let mut grader = Grader::new();
/// let grade = grader.grade(&puzzle).unwrap();
/// assert_eq!(grade.band, Band::Easy);
/// ```
pub struct Grader {
    solver: Solver,
    /// The unit table of the grids this grader rates: the classic one, or
    /// that of a variant with extra houses ([`Grader::for_variant`]).
    pub(crate) units: &'static Units,
    /// The solver of that variant, which checks its puzzles and finds
    /// their solutions; `None` for the classic grid.
    variant: Option<Box<sudoku_variant::VariantSolver>>,
    /// The effort of the last grading call's uniqueness search.
    last_search: Option<SearchStats>,
    /// The technique set the ladder is walked with.
    scale: Scale,
    /// The rules' scratch space.
    finders: Finders,
    /// Where the digit and unit rules found nothing.
    quiet: Quiet,
    /// The collector of [`Grader::hint`], kept so that a hint reuses its
    /// space.
    pub(crate) hint_hits: Hits,
    /// The text of the step a hint shows, written out, kept for its space.
    pub(crate) hint_text: String,
    /// The cells and digits that text names, kept for its space.
    pub(crate) hint_pattern: Vec<CellDigits>,
}

/// Where the rules that look at one digit, or at one unit, found nothing:
/// per rule, the candidates of each digit (or unit) on the last board
/// where the rule found nothing there. What such a rule finds in a digit
/// depends on that digit's candidates alone (fishes and strong links), in
/// a unit on that unit's candidates alone (naked and hidden subsets), so
/// where they are the same again it is skipped: it would find nothing
/// again. A chain step changes a few candidates, and the full ladder runs
/// again before the next one; this spares most of it. The ratings are
/// those of the full search.
struct Quiet {
    /// Per digit rule ([`Quiet::digit_rule`]), per digit: the cells with
    /// the digit as a candidate (81 bits; all ones before any search).
    digits: [[u128; 9]; N_DIGIT_RULES],
    /// Per unit rule ([`Quiet::unit_rule`]), per unit: where each digit
    /// is a candidate in the unit (`u16::MAX` before any search).
    units: [[[u16; 9]; MAX_UNITS]; N_UNIT_RULES],
}

impl Default for Quiet {
    fn default() -> Self {
        Quiet { digits: [[u128::MAX; 9]; N_DIGIT_RULES], units: [[[u16::MAX; 9]; MAX_UNITS]; N_UNIT_RULES] }
    }
}

impl Quiet {
    /// The digits (bit `d - 1`) where digit rule `r` found nothing on
    /// candidates `planes` already.
    fn digits_to_skip(&self, r: usize, planes: &[u128; 9]) -> u16 {
        (0..9).filter(|&d| self.digits[r][d] == planes[d]).fold(0, |m, d| m | 1 << d)
    }

    /// The units (bit `u`) where unit rule `r` found nothing on `pos`
    /// already.
    fn units_to_skip(&self, r: usize, pos: &Pos, n_units: usize) -> u64 {
        (0..n_units).filter(|&u| self.units[r][u] == pos[u]).fold(0, |m, u| m | 1 << u)
    }
}

/// The most links a static forcing chain may have and be rated under 8.0
/// (7.0, and 0.9 for its length: see [`length_bonus`]).
const STATIC_CHAIN_LINKS: u8 = 97;

/// The hardest step singles, locked candidates and static forcing chains of
/// up to [`STATIC_CHAIN_LINKS`] links may be rated.
const STATIC_CHAINS_TOP: Tenths = 79;

/// The hardest step of the part of the ladder that is cheap to search:
/// from 6.0 come the aligned exclusions and the chains.
const CHEAP_TOP: Tenths = 59;

/// A path under way: its board and what its steps so far rate.
struct Path {
    b: Board,
    solution: Grid,
    hits: Hits,
    explain: bool,
    /// The steps, when explained, and the hardest one's technique.
    grade: Grade,
    er: Tenths,
    ep: Option<Tenths>,
    ed: Option<Tenths>,
    round: u32,
}

impl Path {
    /// The band of the ER so far.
    fn band(&self) -> Band {
        Band::from_rating(f64::from(self.er) / 10.0)
    }
}

/// Where [`Grader::walk`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// The grid is full.
    Solved,
    /// A step of the difficulty asked for or harder was taken.
    Enough,
    /// The next step is harder than the cap.
    Capped,
    /// The stop flag was set.
    Stopped,
}

impl Default for Grader {
    fn default() -> Self {
        Grader::new()
    }
}

impl Grader {
    /// A grader with its scratch space allocated.
    pub fn new() -> Self {
        Grader {
            solver: Solver::new(),
            units: Units::classic(),
            variant: None,
            last_search: None,
            scale: Scale::Se,
            finders: Finders::default(),
            quiet: Quiet::default(),
            hint_hits: Hits::first_only(),
            hint_text: String::new(),
            hint_pattern: Vec::new(),
        }
    }

    /// A grader that rates, and hints, on `scale`: the ladder without the
    /// techniques the scale leaves out.
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_grade::{Grader, Scale, Technique};
    /// // A skyscraper (4.0) sets the rating on the bank's scale; Sudoku
    /// // Explainer 1.2.1 has none and needs a harder step.
    /// let puzzle: Grid =
    ///     "280300007000005306036007200052709003000020000700604820008400730304500000500008064".parse().unwrap();
    /// let se = Grader::new().grade(&puzzle).unwrap();
    /// let se121 = Grader::with_scale(Scale::Se121).grade(&puzzle).unwrap();
    /// assert_eq!((se.er, se.technique), (4.0, Technique::TwoStrongLinks));
    /// assert!(se121.er > se.er);
    /// ```
    pub fn with_scale(scale: Scale) -> Self {
        Grader { scale, ..Grader::new() }
    }

    /// The technique set this grader rates with.
    pub fn scale(&self) -> Scale {
        self.scale
    }

    /// Rates, and hints, on `scale` from now on (see
    /// [`Grader::with_scale`]).
    pub fn set_scale(&mut self, scale: Scale) {
        self.scale = scale;
    }

    /// How many solutions `givens` has on this grader's grid (a variant's
    /// extra houses too), counted up to `limit`: the checks of
    /// [`Grader::hint`].
    pub(crate) fn count_up_to(&mut self, givens: &Grid, limit: u64) -> u64 {
        match &mut self.variant {
            None => self.solver.count_solutions_up_to(givens, limit),
            Some(solver) => solver.count_up_to(&givens.to_array(), limit),
        }
    }

    /// The first solution of `givens` on this grader's grid.
    pub(crate) fn solve_first(&mut self, givens: &Grid) -> Option<Grid> {
        match &mut self.variant {
            None => self.solver.solve_one(givens),
            Some(solver) => {
                let cells: [u8; 81] = solver.solve_one(&givens.to_array())?.try_into().ok()?;
                Grid::from_array(cells)
            }
        }
    }

    /// The solver's effort in the last grading call ([`Grader::grade`],
    /// [`Grader::grade_with`], [`Grader::grade_in_band`],
    /// [`Grader::is_in_band`]): the search that found the solution and
    /// proved it unique, or found that there is none or more than one. Its
    /// nodes and guesses rate any grid whose givens do not clash, unique
    /// or not: a [`GradeError::NotUnique`] or [`GradeError::Unsolvable`]
    /// puzzle has them too. `None` before the first call and after givens
    /// that clash (no search runs).
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_grade::{GradeError, Grader};
    /// let mut grader = Grader::new();
    /// let open = Grid::EMPTY;
    /// assert_eq!(grader.grade(&open), Err(GradeError::NotUnique));
    /// assert!(grader.last_search().unwrap().nodes >= 1);
    /// ```
    pub fn last_search(&self) -> Option<SearchStats> {
        self.last_search
    }

    /// Whether the ladder goes up to nested forcing chains of every level
    /// on this grader's grid: not under non-consecutive, where a path that
    /// needs more than its first levels is [`GradeError::BeyondLadder`].
    pub fn follows_nested_chains(&self) -> bool {
        !self.units.has_nc()
    }

    /// Grades `puzzle` without recording the steps.
    pub fn grade(&mut self, puzzle: &Grid) -> Result<Grade, GradeError> {
        self.grade_with(puzzle, &GradeOptions::default())
    }

    /// Grades `puzzle`.
    pub fn grade_with(&mut self, puzzle: &Grid, options: &GradeOptions) -> Result<Grade, GradeError> {
        self.grade_until(puzzle, options, &NEVER)
    }

    /// Grades `puzzle` unless `stop` is set first: it is looked at before
    /// each step of the path, so a grade stops within one step of it
    /// being set (the hardest step, nested forcing chains, takes a tenth
    /// of a second or so), with [`GradeError::Stopped`]. For a server with
    /// a time budget, or a user who gave up.
    pub fn grade_until(
        &mut self,
        puzzle: &Grid,
        options: &GradeOptions,
        stop: &AtomicBool,
    ) -> Result<Grade, GradeError> {
        // No cap: every path is rated, but for one the ladder stops short
        // of ([`GradeError::BeyondLadder`]).
        let path = self.start(puzzle, options)?;
        self.rate(path, Tenths::MAX, Tenths::MAX, stop)?.ok_or(GradeError::BeyondLadder)
    }

    /// Grades `puzzle` if its ER is in `band`: `None` when it is not. Stops
    /// as soon as the path needs a step harder than the band allows, so a
    /// generator looking for easy puzzles does not follow the chains of
    /// hard ones; for extreme, skips the puzzles static chains solve (see
    /// [`Grader::is_in_band`]).
    pub fn grade_in_band(&mut self, puzzle: &Grid, band: Band) -> Result<Option<Grade>, GradeError> {
        let cap = band.max_tenths().unwrap_or(Tenths::MAX);
        let mut path = self.start(puzzle, &GradeOptions::default())?;
        if self.settle_by_chains(&mut path, band) == Some(false) {
            return Ok(None);
        }
        Ok(self.rate(path, cap, Tenths::MAX, &NEVER)?.filter(|g| g.band == band))
    }

    /// Whether the ER of `puzzle` is in `band`, following no more of the
    /// path than that needs: like [`Grader::grade_in_band`] it stops at the
    /// first step harder than the band allows, and for a band with no top
    /// (extreme) it stops at the first step in the band. Before that, for
    /// expert and extreme, it tries [`Grader::solves_with_chains`], which
    /// proves an ER of 7.9 or less much faster than the path's chain steps
    /// do. For a generator that does not show the grade.
    pub fn is_in_band(&mut self, puzzle: &Grid, band: Band) -> Result<bool, GradeError> {
        let mut path = self.start(puzzle, &GradeOptions::default())?;
        if let Some(settled) = self.settle_by_chains(&mut path, band) {
            return Ok(settled);
        }
        let (cap, enough) = match band.max_tenths() {
            Some(top) => (top, Tenths::MAX),
            None => (Tenths::MAX, band.min_tenths()),
        };
        Ok(self.walk(&mut path, cap, enough, &NEVER) != Walk::Capped && band == path.band())
    }

    /// Settles whether the ER of `path`'s puzzle (just started) is in
    /// `band`, for the bands the static chains can settle: `None`, with
    /// `path` still on SE's path, when the rest must be followed.
    ///
    /// For extreme: [`Grader::solves_with_chains`] on the puzzle keeps most
    /// puzzles rated up to 7.9 out. For expert: the path is followed while
    /// its steps stay under 6.0, the cheap part of the ladder, and the
    /// chains are tried on the board it reached (where they succeed more
    /// often than on the puzzle).
    fn settle_by_chains(&mut self, path: &mut Path, band: Band) -> Option<bool> {
        match band.max_tenths() {
            None => self.chains_solve(path.b).then_some(false),
            Some(top) if top >= STATIC_CHAINS_TOP => {
                if self.walk(path, CHEAP_TOP, Tenths::MAX, &NEVER) != Walk::Capped {
                    return Some(band == path.band());
                }
                // The ER is now above CHEAP_TOP: at most STATIC_CHAINS_TOP
                // if the chains solve the board.
                self.chains_solve(path.b).then_some(band.min_tenths() <= CHEAP_TOP + 1)
            }
            Some(_) => None,
        }
    }

    /// Whether singles, locked candidates and static forcing chains of up
    /// to 97 links, taken in any order, solve `puzzle`: then its ER is at
    /// most 7.9, the most SE gives such a chain. A quick test, five to ten
    /// times faster than grading a puzzle rated 7.
    /// (`false` says nothing: many puzzles rated 7.3 and up need other
    /// steps too.)
    ///
    /// Why `true` proves it: a chain's links hold on every board that
    /// follows from the one it was found on. On such a board each of its
    /// candidates is still there, and so is the chain, or the singles have
    /// already decided its conclusion (a candidate of the chain gone or
    /// placed decides, through the chain's bivalue cells and bilocal units,
    /// the ones before or after it). So whatever steps the grader takes,
    /// these still solve the board it reaches, and one of them is always
    /// there to take: the grader never needs a step above 7.9. Locked
    /// candidates are the same. Checked by grading: no puzzle of the bank
    /// rated 8.0 or more passes.
    pub fn solves_with_chains(&mut self, puzzle: &Grid) -> bool {
        Board::from_grid_in(puzzle, self.units).is_some_and(|b| self.chains_solve(b))
    }

    /// [`Grader::solves_with_chains`] from board `b`.
    fn chains_solve(&mut self, mut b: Board) -> bool {
        let mut hits = Hits::new(false);
        loop {
            if singles_and_locking(&mut b, &mut hits) {
                return true;
            }
            // A pass over the candidates with the links of this board; they
            // stay sound as the board fills, so the pass goes on with them
            // after each chain, and a new pass takes the new links.
            self.finders.chaining.build_static(&b, &b.positions());
            let mut progress = false;
            for cand in 0..81 * 9 {
                if b.cands[cand / 9] & (1 << (cand % 9)) == 0 {
                    continue;
                }
                let Some(p) = self.finders.chaining.forcing_chain_from(cand, STATIC_CHAIN_LINKS) else {
                    continue;
                };
                if p.is_on() {
                    b.place(p.cell(), p.digit_idx() as u8 + 1);
                } else {
                    b.cands[p.cell()] &= !p.bit();
                }
                progress = true;
                if singles_and_locking(&mut b, &mut hits) {
                    return true;
                }
            }
            if !progress {
                return false;
            }
        }
    }

    /// Walks `path` on (see [`Grader::walk`]) and rates it: `None` if it
    /// needs a step harder than `cap`.
    fn rate(
        &mut self,
        mut path: Path,
        cap: Tenths,
        enough: Tenths,
        stop: &AtomicBool,
    ) -> Result<Option<Grade>, GradeError> {
        match self.walk(&mut path, cap, enough, stop) {
            Walk::Capped => return Ok(None),
            Walk::Stopped => return Err(GradeError::Stopped),
            Walk::Solved | Walk::Enough => {}
        }
        let tenths = |t: Tenths| f64::from(t) / 10.0;
        let band = path.band();
        let mut grade = path.grade;
        grade.er = tenths(path.er);
        grade.ep = tenths(path.ep.unwrap_or(path.er));
        grade.ed = tenths(path.ed.unwrap_or(path.er));
        grade.rating = grade.er;
        grade.band = band;
        Ok(Some(grade))
    }

    /// Checks `puzzle` and sets out on its path.
    fn start(&mut self, puzzle: &Grid, options: &GradeOptions) -> Result<Path, GradeError> {
        self.last_search = None;
        if let Some(c) = puzzle.conflicts().first() {
            return Err(GradeError::Conflict(*c));
        }
        let (solution, search) = match &mut self.variant {
            None => {
                let unique = self.solver.solve_unique(puzzle);
                let search = self.solver.stats();
                self.last_search = Some(search);
                let Some(solution) = unique else {
                    return Err(match self.solver.count_solutions_up_to(puzzle, 1) {
                        0 => GradeError::Unsolvable,
                        _ => GradeError::NotUnique,
                    });
                };
                (solution, search)
            }
            Some(solver) => variant::solve_unique(solver, puzzle, &mut self.last_search)?,
        };
        if puzzle.is_complete() {
            return Err(GradeError::Solved);
        }
        Ok(Path {
            b: Board::from_grid_in(puzzle, self.units).ok_or(GradeError::Unsolvable)?,
            solution,
            hits: Hits::new(options.explain),
            explain: options.explain,
            grade: Grade {
                rating: 0.0,
                er: 0.0,
                ep: 0.0,
                ed: 0.0,
                band: Band::Easy,
                technique: Technique::HiddenSingle,
                n_steps: 0,
                steps: Vec::new(),
                nodes: search.nodes,
                guesses: search.guesses,
            },
            er: 0,
            ep: None,
            ed: None,
            round: 0,
        })
    }

    /// Takes the easiest step on `path` until the grid is full
    /// ([`Walk::Solved`]), a step of `enough` or harder is taken
    /// ([`Walk::Enough`]), or the next step is harder than `cap`
    /// ([`Walk::Capped`], the board left as it was before it), or `stop`
    /// is set ([`Walk::Stopped`]).
    fn walk(&mut self, path: &mut Path, cap: Tenths, enough: Tenths, stop: &AtomicBool) -> Walk {
        let Path { b, solution, hits, grade, er, ep, ed, round, explain } = path;
        while !b.is_solved() {
            if *er >= enough && grade.n_steps > 0 {
                return Walk::Enough;
            }
            if stop.load(Ordering::Relaxed) {
                return Walk::Stopped;
            }
            hits.clear();
            hits.set_floor(round_floor(*er, *ep));
            hits.set_one_step(ONE_STEP);
            let capped = self.next_step_until(b, hits, cap, stop);
            hits.set_floor(0);
            if stop.load(Ordering::Relaxed) {
                // The chains may have ended early: what they offered is
                // not the step.
                return Walk::Stopped;
            }
            if capped || hits.best().is_some_and(|d| d > cap) {
                return Walk::Capped;
            }
            let (difficulty, technique) = match (hits.best(), hits.technique()) {
                (Some(d), Some(t)) => (d, t),
                // Under non-consecutive the ladder stops at the nesting
                // level it follows there (see `NC_MAX_NESTING`).
                _ if b.units.has_nc() => return Walk::Capped,
                _ => {
                    offer_the_solution(b, solution, hits);
                    (NO_TECHNIQUE_TENTHS, Technique::NestedForcingChain)
                }
            };
            if difficulty > cap {
                return Walk::Capped;
            }
            if difficulty > *er || grade.n_steps == 0 {
                *er = (*er).max(difficulty);
                grade.technique = technique;
            }
            ed.get_or_insert(difficulty);
            if ep.is_none() && hits.found.place.iter().any(|&m| m != 0) {
                *ep = Some(*er);
            }
            if *explain {
                grade.steps.extend(hits.hints().iter().map(|h| Step::of(h, *round)));
            }
            grade.n_steps += hits.hints().len().max(1) as u32;
            // Never trust a deduction against the solution: a wrong step
            // would make every later one meaningless.
            debug_assert!(solution.filled().all(|(cell, digit)| {
                let (c, bit) = (cell.index(), digit.bit());
                hits.found.elim[c] & bit == 0 && (hits.found.place[c] == 0 || hits.found.place[c] == bit)
            }));
            b.apply(&hits.found);
            *round += 1;
        }
        Walk::Solved
    }

    /// Offers the steps of the first family of the ladder that has one.
    /// Returns `true`, offering nothing, when no family left can give a
    /// step of `cap` or less.
    pub(crate) fn next_step(&mut self, b: &Board, hits: &mut Hits, cap: Tenths) -> bool {
        self.next_step_until(b, hits, cap, &NEVER)
    }

    /// [`Grader::next_step`], the chains ending early when `stop` is set
    /// (what is offered then is not the step: the caller stops).
    fn next_step_until(&mut self, b: &Board, hits: &mut Hits, cap: Tenths, stop: &AtomicBool) -> bool {
        let planes = b.planes();
        let pos = positions_of(b.units, &planes);
        for (family_idx, family) in LADDER.iter().enumerate() {
            if LADDER[family_idx..].iter().all(|f| f.min_tenths() > cap) {
                return true;
            }
            if !family.techniques.iter().any(|t| self.scale.allows(t.technique)) {
                continue;
            }
            let quiet = &self.quiet;
            let look = Look {
                b,
                pos: &pos,
                skip_digits: match family.skip {
                    Skip::Digit(r) => quiet.digits_to_skip(r, &planes),
                    _ => 0,
                },
                skip_units: match family.skip {
                    Skip::Unit(r) => quiet.units_to_skip(r, &pos, b.units.len),
                    _ => 0,
                },
                stop,
            };
            (family.find)(&mut self.finders, &look, hits);
            if hits.best().is_some() {
                return false;
            }
            // Nothing found: remember where.
            match family.skip {
                Skip::Digit(r) => self.quiet.digits[r] = planes,
                Skip::Unit(r) => self.quiet.units[r] = pos,
                Skip::Never => {}
            }
        }
        false
    }
}

/// The floor of a round's collector (see [`Hits::set_floor`]) on a path
/// whose steps so far rate `er`, with `ep` set once a digit is placed: once
/// the first digit is placed and the rating is above the singles', the
/// order of the singles cannot change a rating, so they are taken all at
/// once. The grade's walk and the hint walk ([`Grader::hints`]) share it,
/// so that they take the same rounds.
/// The techniques of which a round takes one step, as SE's `serate` takes
/// every step: the easiest, and of those the least complexity, then kind
/// (see [`Hits::offer_ranked`]). Elsewhere a round takes every step of the
/// easiest difficulty at once: faster, and the same ratings where one step
/// cannot change another's pattern or difficulty. A chain's length depends
/// on the board: taking every static cell and region forcing chain of a
/// round at once left boards SE never sees, on which the next chains were
/// shorter (the bank's 8.8 was 94 % exact on the calibration half, 100 %
/// one step a round).
///
/// Dynamic chains (8.5 up) too: with them batched the bank's 9.1 was 95 %
/// exact and its 9.2 83 %, one step a round 100 % (about 15 % more grading
/// time on the bank, `runs/2026-11-30-issue48-dynamic.md`).
///
/// Left batched, measured (`runs/2026-11-30-issue48-se-middle.md`): unique
/// rectangles and loops (one can remove what the next needs: a 7.2 rated
/// 6.8; one step a round fixed it but made a transformed copy of a 5.9
/// puzzle rate 5.5, our order of rectangles not being SE's).
pub(crate) const ONE_STEP: Option<fn(Technique) -> bool> = Some(|t| {
    matches!(
        t,
        Technique::CellForcingChain
            | Technique::RegionForcingChain
            | Technique::DynamicForcingChain
            | Technique::DynamicForcingChainPlus
    )
});

pub(crate) fn round_floor(er: Tenths, ep: Option<Tenths>) -> Tenths {
    if ep.is_some() {
        er.min(15)
    } else {
        0
    }
}

/// Offers the step of a board where nothing on the ladder applies (deeper
/// nesting than it goes): SE rates that 20.0. The solution fills every
/// open cell at once, whatever the order of cells.
pub(crate) fn offer_the_solution(b: &Board, solution: &Grid, hits: &mut Hits) {
    let rest: Vec<(usize, u8)> =
        solution.filled().filter(|&(c, _)| b.value[c] == 0).map(|(c, d)| (c.index(), d.get())).collect();
    hits.offer(b, Technique::NestedForcingChain, NO_TECHNIQUE_TENTHS, &rest, &[], |x| {
        x.str("No technique applies: the solution");
    });
}

/// Takes every single, then every locked candidate, on `b` until none is
/// left; whether `b` is then solved.
fn singles_and_locking(b: &mut Board, hits: &mut Hits) -> bool {
    loop {
        if b.is_solved() {
            return true;
        }
        hits.clear();
        // Every step found is kept, whatever its difficulty.
        hits.set_floor(Tenths::MAX);
        let pos = b.positions();
        basic::hidden_singles(b, &pos, hits);
        basic::naked_singles(b, hits);
        if hits.best().is_none() {
            basic::locking(b, &pos, false, hits);
        }
        if hits.best().is_none() {
            return false;
        }
        b.apply(&hits.found);
    }
}

mod variant;

pub use variant::Unsupported;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod se_states;
