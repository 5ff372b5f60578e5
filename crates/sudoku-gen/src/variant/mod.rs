//! Variant puzzles: every shape and rule of `sudoku-variant` (sizes 4 to
//! 25, jigsaw, samurai, X, windoku, disjoint groups, anti-knight,
//! anti-king, non-consecutive, killer up to 9×9), unique and seeded.
//!
//! ## How a puzzle is made
//!
//! 1. A random full grid of the shape ([`grid`]): the general solver's
//!    randomised search ([`VariantSolver::solve_random`](sudoku_variant::VariantSolver::solve_random)) from a blank
//!    grid, within a node budget; an attempt that runs out of nodes is
//!    dropped and the next one draws on from the same random stream. A
//!    jigsaw first draws its regions ([`jigsaw`]): n connected regions of n
//!    cells grown from random seeds, drawn again when they get stuck or
//!    admit no grid.
//! 2. Clue removal ([`removal`]): the cells are cut into orbits of the
//!    asked [`Symmetry`] (the eight maps of the square work on boxes,
//!    regions and the samurai's 21×21 canvas; a layout of overlapping
//!    grids that a map does not keep, such as a twodoku's mirror, is
//!    refused), visited once each in random
//!    order; an orbit is blanked when the puzzle keeps exactly one
//!    solution: when no search finds a solution with another digit in a
//!    blanked cell ([`VariantSolver::count_bounded`](sudoku_variant::VariantSolver::count_bounded) up to 1, all the
//!    searches of one test sharing one node budget). A test that runs out
//!    of nodes keeps the orbit (never a puzzle whose uniqueness is
//!    unproven) and the puzzle is then marked not minimal
//!    ([`VariantPuzzle::minimal`]).
//! 3. Killer puzzles, tiled with a kind's instances in place of clues
//!    ([`tiling`], [`sudoku_variant::Kind::tiles`]), have cages instead of
//!    clues: every cell starts as its own cage and adjacent cages are
//!    merged at random while the puzzle stays unique, until no merge of two
//!    adjacent cages keeps it unique (the rule is spelled out in
//!    [`tiling`]).
//!
//! ## Watching and stopping
//!
//! [`VariantGenerator::generate_watched`] takes a [`Watch`]: a stop flag,
//! a time limit for each puzzle, and a report of the clue removal's
//! progress (a 25x25 puzzle takes minutes). Stopping never changes a
//! puzzle: a puzzle whose making was stopped is an error
//! ([`VariantGenError::Stopped`], [`VariantGenError::TimeLimit`]), never
//! a puzzle made with less search.
//!
//! ## Determinism
//!
//! Puzzle *i* of seed *S* draws only from [`puzzle_rng`]`(S, i)`, the
//! classic generator's streams, so a set splits across threads and runs
//! as the classic one does. Unlike the classic generator, the random grid
//! comes from the variant solver's search (its digit order is drawn from
//! the stream, its cell order is the solver's), and node budgets are
//! counted in that solver's nodes: a change to `sudoku-variant`'s search
//! may change which puzzles a seed gives, never whether they are unique.
//!
//! ```
//! use sudoku_gen::variant::{VariantGenerator, VariantOptions, VariantSpec};
//!
//! let spec = VariantSpec::parse("x", Some(6))?;
//! let mut generator = VariantGenerator::new(VariantOptions::new(7, spec))?;
//! let p = generator.generate(0)?;
//! assert_eq!(p.puzzle.count_solutions_up_to(2), 1);
//! assert!(p.puzzle.check_solution(&p.solution).is_ok());
//! assert_eq!(generator.generate(0)?, p); // same seed and index, same puzzle
//! # Ok::<(), sudoku_gen::variant::VariantGenError>(())
//! ```

pub mod grid;
pub mod jigsaw;
pub mod removal;
mod spec;
pub mod tiling;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::RngCore;
use sudoku_variant::{Constraint, Interrupt, Kind, Puzzle, VariantError, KINDS};

use crate::generator::puzzle_rng;
use crate::symmetry::Symmetry;

pub use spec::{Shape, VariantSpec};

/// Cells of a killer cage at most, by default.
pub const DEFAULT_MAX_CAGE: usize = 6;

/// Everything that shapes a generated set of variant puzzles. Puzzle *i*
/// of a set depends on these options and *i* alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantOptions {
    /// The seed of the set; see [`puzzle_rng`].
    pub seed: u64,
    /// The shape and rules.
    pub spec: VariantSpec,
    /// The symmetry of the clue pattern (not for killer puzzles, whose
    /// cages carry the information).
    pub symmetry: Symmetry,
    /// Tiled puzzles (killer) only: this many cells of the solution are
    /// given besides the cages, to make the puzzle easier (0 by default).
    pub tiled_givens: usize,
    /// Bounds on the puzzle's rating on the variant ladder
    /// ([`sudoku_variant::Puzzle::rate`]): no removal (no merge) that
    /// would need a step harder than the most is made, and a puzzle rated
    /// under the least is drawn again. `None`: any rating.
    pub rated: Option<Rated>,
    /// Tiled puzzles (killer) only: the largest cage, in cells (1 to 9; at most the size
    /// on smaller grids, where a cage of more cells cannot exist).
    pub max_cage: usize,
    /// Tiled puzzles (killer) only: once the cages are made, hide each
    /// cage's number (its sum), in random order, when the puzzle stays
    /// unique without it ([`tiling`]). False by default: every cage shows
    /// its sum.
    pub hidden_sums: bool,
    /// Tiled puzzles (killer) only: cages may hold a digit twice, and one
    /// that does is marked as such (its sum alone holds; [`tiling`]).
    /// False by default: no digit repeats in a cage.
    pub repeat_cages: bool,
}

impl VariantOptions {
    /// The options of seed `seed` for `spec`: no symmetry, no killer
    /// givens, cages of up to [`DEFAULT_MAX_CAGE`] cells.
    pub fn new(seed: u64, spec: VariantSpec) -> VariantOptions {
        VariantOptions {
            seed,
            spec,
            symmetry: Symmetry::None,
            rated: None,
            tiled_givens: 0,
            max_cage: DEFAULT_MAX_CAGE,
            hidden_sums: false,
            repeat_cages: false,
        }
    }
}

/// Bounds on a variant puzzle's rating on the ladder, in tenths (`26` is
/// 2.6), both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rated {
    /// The least rating kept.
    pub least: u8,
    /// The most: no step harder.
    pub most: u8,
}

impl Rated {
    /// The bounds of a band from its least rating to its most (`None`:
    /// no ceiling, so trials too).
    pub fn of_band(least: u8, most: Option<u8>) -> Rated {
        Rated { least, most: most.unwrap_or(u8::MAX) }
    }

    /// Whether `puzzle` (a unique puzzle) rates within the bounds'
    /// ceiling: no step harder than the most
    /// ([`Puzzle::rates_within`]).
    pub fn allows(&self, puzzle: &Puzzle) -> bool {
        puzzle.rates_within(self.most)
    }
}

/// `2.6 to 3.9`, or `8.0 and up` without a ceiling.
fn rating_range(least: u8, most: u8) -> String {
    match most {
        u8::MAX => format!("{}.{} and up", least / 10, least % 10),
        _ => format!("{}.{} to {}.{}", least / 10, least % 10, most / 10, most % 10),
    }
}

/// Puzzles drawn for one index before a rated set gives up
/// ([`VariantGenError::NotInBand`]).
pub const RATED_ATTEMPTS: u32 = 40;

/// What watches the making of each puzzle (see
/// [`VariantGenerator::generate_watched`]). The default watches nothing.
#[derive(Clone, Copy, Default)]
pub struct Watch<'a> {
    /// Stop once this flag is set (from another thread).
    pub stop: Option<&'a AtomicBool>,
    /// Each puzzle may take this long at most.
    pub time_limit: Option<Duration>,
    /// Told how far the clue removal of a puzzle has come.
    pub progress: Option<&'a (dyn Fn(Step) + Sync)>,
    /// The rating (in tenths) a rated set's band is checked on, given the
    /// puzzle and its solution (`None`: unrated, never in a band). Unset:
    /// the ladder's ER ([`Puzzle::rate_with`]). A caller with a grader of
    /// its own for some puzzles (Sudoku Explainer's scale for X, windoku)
    /// sets it, so that a set's band is the one its grader gives.
    pub rate: Option<RateFn<'a>>,
}

/// A rating in tenths of a puzzle and its solution ([`Watch::rate`]).
pub type RateFn<'a> = &'a (dyn Fn(&Puzzle, &[u8]) -> Option<u8> + Sync);

impl std::fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("stop", &self.stop)
            .field("time_limit", &self.time_limit)
            .field("progress", &self.progress.is_some())
            .field("rate", &self.rate.is_some())
            .finish()
    }
}

/// How far the making of puzzle `index` has come: `done` of `total`
/// steps of its clue removal (orbits of cells tried).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The puzzle's index in the set.
    pub index: u64,
    /// Steps done.
    pub done: usize,
    /// Steps in all.
    pub total: usize,
}

/// A generated variant puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantPuzzle {
    /// The puzzle: shape, rules, cages and givens.
    pub puzzle: Puzzle,
    /// Its one solution, one digit per canvas position (0 off the cells).
    pub solution: Vec<u8>,
    /// Whether every removal (every merge, for a killer) that was tried
    /// and refused was refused on a finished count: then no orbit of
    /// clues can be blanked (no two adjacent cages merged) while keeping
    /// one solution. False when a node budget ran out on some test.
    pub minimal: bool,
}

impl VariantPuzzle {
    /// How many cells are given.
    pub fn n_clues(&self) -> usize {
        self.puzzle.givens().iter().filter(|&&d| d != 0).count()
    }
}

/// What can stop a variant puzzle from being made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantGenError {
    /// A name in the variant list that is not a variant.
    #[error("{}", VariantError::UnknownVariant(.0.clone()))]
    UnknownVariant(String),
    /// Variants that do not go together, or an option they do not take.
    #[error("{0}")]
    Unsupported(String),
    /// The shape is not a well-formed puzzle.
    #[error(transparent)]
    Shape(#[from] VariantError),
    /// The shape's rules leave no full grid at all.
    #[error("no grid satisfies {0}: the rules contradict each other on this size")]
    NoGrid(String),
    /// No full grid was found within the node budgets.
    #[error("no grid of {variant} found for index {index} in {attempts} attempts of {nodes} nodes each")]
    GridOutOfReach {
        /// The variant list.
        variant: String,
        /// The index of the puzzle.
        index: u64,
        /// Attempts made.
        attempts: u64,
        /// The node budget of each.
        nodes: u64,
    },
    /// The stop flag of the [`Watch`] was set while puzzle `index` was
    /// being made.
    #[error("stopped while making puzzle {index}")]
    Stopped {
        /// The index of the puzzle.
        index: u64,
    },
    /// No puzzle rated within the bounds was drawn for index `index`.
    #[error(
        "no puzzle of {variant} rated {} found for index {index} in {attempts} draws",
        rating_range(*least, *most)
    )]
    NotInBand {
        /// The variant list.
        variant: String,
        /// The index of the puzzle.
        index: u64,
        /// The bounds, in tenths.
        least: u8,
        /// See `least`.
        most: u8,
        /// Puzzles drawn.
        attempts: u32,
    },
    /// Puzzle `index` took longer than the [`Watch`]'s time limit.
    #[error("puzzle {index} was not made in the time limit of {} s", limit.as_secs_f64())]
    TimeLimit {
        /// The index of the puzzle.
        index: u64,
        /// The limit.
        limit: Duration,
    },
}

/// A reusable generator of one set of variant puzzles.
#[derive(Debug, Clone)]
pub struct VariantGenerator {
    opts: VariantOptions,
    /// The blank shape (a jigsaw's regions are drawn for each puzzle).
    template: Puzzle,
    orbits: Vec<Vec<usize>>,
}

impl VariantGenerator {
    /// A generator for the set of `opts`; refuses options the variant does
    /// not take.
    pub fn new(opts: VariantOptions) -> Result<VariantGenerator, VariantGenError> {
        let template = opts.spec.template()?;
        if let Some(kind) = opts.spec.tiling() {
            if opts.symmetry != Symmetry::None {
                return Err(VariantGenError::Unsupported(format!(
                    "{} puzzles take no symmetry: their {}s carry the information",
                    kind.name(),
                    kind.noun()
                )));
            }
            if !(1..=9).contains(&opts.max_cage) {
                return Err(VariantGenError::Unsupported(format!(
                    "the largest cage must be 1 to 9 cells, not {}",
                    opts.max_cage
                )));
            }
            if opts.tiled_givens > template.cells().len() {
                return Err(VariantGenError::Unsupported(format!(
                    "{} givens is more than the {} cells",
                    opts.tiled_givens,
                    template.cells().len()
                )));
            }
        } else if opts.tiled_givens != 0 || opts.hidden_sums || opts.repeat_cages {
            let tiling: Vec<&str> = KINDS.iter().filter(|k| k.tiles()).map(|k| k.name()).collect();
            let what = match (opts.hidden_sums, opts.repeat_cages) {
                (true, _) => "hidden sums are",
                (_, true) => "cages that repeat digits are",
                _ => "givens are",
            };
            return Err(VariantGenError::Unsupported(format!(
                "{what} an option of {} puzzles",
                tiling.join(" or ")
            )));
        }
        if !opts.symmetry.keeps(template.side(), |i| template.is_cell(i)) {
            return Err(VariantGenError::Unsupported(format!(
                "the {} layout has no {} symmetry: its grids are not where the map takes them",
                template.variant_name(),
                opts.symmetry.name()
            )));
        }
        let orbits = removal::orbits(&template, opts.symmetry);
        Ok(VariantGenerator { opts, template, orbits })
    }

    /// The options of this generator.
    pub fn options(&self) -> &VariantOptions {
        &self.opts
    }

    /// Puzzle `index` of the set: drawn from [`puzzle_rng`]`(seed, index)`.
    pub fn generate(&mut self, index: u64) -> Result<VariantPuzzle, VariantGenError> {
        self.generate_watched(index, &Watch::default())
    }

    /// [`VariantGenerator::generate`] under `watch`: the same puzzle, or
    /// [`VariantGenError::Stopped`] / [`VariantGenError::TimeLimit`] when
    /// the flag was set or the time limit passed before it was made.
    pub fn generate_watched(
        &mut self,
        index: u64,
        watch: &Watch<'_>,
    ) -> Result<VariantPuzzle, VariantGenError> {
        let mut rng = puzzle_rng(self.opts.seed, index);
        let deadline = watch.time_limit.and_then(|limit| Instant::now().checked_add(limit));
        let interrupt = Interrupt { stop: watch.stop, deadline };
        let total = self.orbits.len();
        let mut tried = |done: usize| {
            if let Some(progress) = watch.progress {
                progress(Step { index, done, total });
            }
        };
        let made = self.make(&mut rng, interrupt, &mut tried, watch.rate);
        made.map_err(|e| match e {
            VariantGenError::GridOutOfReach { variant, attempts, nodes, .. } => {
                VariantGenError::GridOutOfReach { variant, index, attempts, nodes }
            }
            VariantGenError::NotInBand { variant, least, most, attempts, .. } => {
                VariantGenError::NotInBand { variant, index, least, most, attempts }
            }
            VariantGenError::Stopped { .. } => match (watch.time_limit, deadline) {
                (Some(limit), Some(deadline)) if Instant::now() >= deadline => {
                    VariantGenError::TimeLimit { index, limit }
                }
                _ => VariantGenError::Stopped { index },
            },
            e => e,
        })
    }

    /// A puzzle drawn from `rng`; the seed in the options is not used.
    pub fn generate_with_rng(&mut self, rng: &mut dyn RngCore) -> Result<VariantPuzzle, VariantGenError> {
        self.make(rng, Interrupt::default(), &mut |_| {}, None)
    }

    fn make(
        &self,
        rng: &mut dyn RngCore,
        interrupt: Interrupt<'_>,
        tried: &mut dyn FnMut(usize),
        rate: Option<RateFn<'_>>,
    ) -> Result<VariantPuzzle, VariantGenError> {
        let Some(rated) = self.opts.rated else { return self.make_once(rng, interrupt, tried) };
        // Draws on the same stream until one rates at least the least (the
        // ceiling held during the making).
        for _ in 0..RATED_ATTEMPTS {
            let made = self.make_once(rng, interrupt, tried)?;
            let rating = match rate {
                Some(rate) => rate(&made.puzzle, &made.solution),
                None => made.puzzle.rate_with(&made.solution).ok().map(|r| r.er),
            };
            if rating.is_some_and(|r| (rated.least..=rated.most).contains(&r)) {
                return Ok(made);
            }
        }
        Err(VariantGenError::NotInBand {
            variant: self.opts.spec.to_string(),
            index: 0,
            least: rated.least,
            most: rated.most,
            attempts: RATED_ATTEMPTS,
        })
    }

    fn make_once(
        &self,
        rng: &mut dyn RngCore,
        interrupt: Interrupt<'_>,
        tried: &mut dyn FnMut(usize),
    ) -> Result<VariantPuzzle, VariantGenError> {
        // A rule that gives all its marks (the negative constraints) is
        // left off the grid's search: its marks are drawn from the grid
        // below, so the grid is free and the rule holds of it.
        let rules = self.template.rules();
        let marking: Vec<&'static dyn Kind> = rules.iter().filter(|k| k.gives_all_marks()).collect();
        let free = match marking.is_empty() {
            true => self.template.clone(),
            false => self.template.with_rules(rules.iter().filter(|k| !k.gives_all_marks()).collect())?,
        };
        let (mut shape, solution) = match self.opts.spec.shape {
            Shape::Jigsaw => jigsaw::jigsaw_grid(&free, rng, &self.opts.spec, interrupt)?,
            _ => (free.clone(), grid::random_grid(&free, rng, &self.opts.spec, interrupt)?),
        };
        // Constraints (thermometers, arrows, ...) drawn true of the grid,
        // one kind after the other, each keeping off the cells of the last.
        for kind in self.opts.spec.kinds.drawn().iter() {
            let mut constraints = shape.constraints().to_vec();
            constraints
                .extend(kind.sprinkle(&shape, &solution, rng).into_iter().map(|p| Constraint::of(kind, p)));
            shape = shape.with_constraints(constraints)?;
        }
        // Then the marks the grid calls for under each such rule (every
        // consecutive pair's white dot, ...), and the rules back on.
        if !marking.is_empty() {
            for rule in marking {
                let mut constraints = shape.constraints().to_vec();
                constraints.extend(rule.marks_for(&shape, &solution));
                shape = shape.with_constraints(constraints)?;
            }
            shape = shape.with_rules(rules)?;
        }
        if let Some(kind) = self.opts.spec.tiling() {
            return tiling::make_tiled(kind, &shape, &solution, &self.opts, rng, interrupt);
        }
        removal::remove_clues(&shape, &solution, &self.orbits, self.opts.rated, rng, interrupt, tried)
    }
}
