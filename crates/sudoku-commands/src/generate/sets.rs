//! Generated sets: puzzle *i* of a seed under a filter (a band, a
//! technique, a clue pattern), graded when asked. `sudoku generate` and the
//! Python package both make their puzzles here, so they make the same ones.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use sudoku_canon::Classes;
use sudoku_core::Grid;
use sudoku_gen::{GenError, GenOptions, Generator, Pattern, Puzzle};
use sudoku_grade::{Band, Grade, GradeError, GradeOptions, Grader, Technique};

/// Puzzles drawn for each one kept under a band or technique filter, by
/// default.
pub const DEFAULT_TRIES: u64 = 100_000;

/// Solution grids fitted to a clue pattern for each puzzle kept, by default.
pub const DEFAULT_PATTERN_TRIES: u64 = 2000;

/// Time spent looking for each puzzle kept under a filter, by default
/// (`generate --time-limit`): past it the run fails, it never changes which
/// puzzles are made.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// What each puzzle must pass, and what is computed for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filter {
    /// Keep only puzzles in this band.
    pub band: Option<Band>,
    /// Keep only puzzles whose hardest step is this technique.
    pub technique: Option<Technique>,
    /// Give exactly these cells.
    pub pattern: Option<Pattern>,
    /// Keep only puzzles whose path never guesses: SE's ER under
    /// [`TRIAL_FROM`] (no Nishio, cell, region, dynamic or nested forcing
    /// chains). Implies a grade.
    pub no_trial: bool,
    /// Keep only puzzles whose [`crate::grade::spike`] is at most this
    /// many tenths. Grades each puzzle with its path.
    pub max_spike: Option<u8>,
    /// Grade every puzzle and keep the grade (implied by a technique).
    /// Without it, a band filter checks each puzzle's band only, which may
    /// take less of its path.
    pub grade: bool,
    /// Puzzles drawn per puzzle kept, with a band, a technique or a pattern.
    pub max_tries: u64,
    /// Time spent looking for each puzzle kept, with a band, a technique or
    /// a pattern; `None` for no limit. Reaching it fails the run
    /// ([`MakeError::TimeLimit`]): it never changes which puzzle is kept.
    pub time_limit: Option<Duration>,
}

impl Filter {
    /// No filter, no grade: every puzzle as the generator makes it.
    pub const NONE: Filter = Filter {
        band: None,
        technique: None,
        pattern: None,
        no_trial: false,
        max_spike: None,
        grade: false,
        max_tries: DEFAULT_TRIES,
        time_limit: None,
    };
}

/// The least ER (tenths) of a path that guesses: Sudoku Explainer's
/// Nishio forcing chains (7.5), cell and region forcing chains (8.0) and
/// the dynamic and nested ones above them assume a candidate and follow
/// it to a contradiction, which a publisher calls trial and error. On the
/// variant ladder a trial rates 9.0 and its chains stay under 7.5, so one
/// bound serves both scales. A puzzle rated 7.5 or more without a trial
/// (a long forcing chain) is left out too: the bound errs on the side of
/// the reader.
pub const TRIAL_FROM: u8 = 75;

/// A puzzle kept, with its grade when graded and how many puzzles were drawn
/// for it.
#[derive(Debug, Clone)]
pub struct Made {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its grade, when the filter grades.
    pub grade: Option<Grade>,
    /// Puzzles drawn to find it (1 without a filter).
    pub n_tries: u64,
}

/// An error while making a puzzle of a set.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MakeError {
    /// The generator failed.
    #[error(transparent)]
    Gen(#[from] GenError),
    /// A generated puzzle could not be graded (a bug: generated puzzles are
    /// unique).
    #[error("internal: cannot grade generated puzzle {puzzle}: {source}")]
    Grade {
        /// The puzzle, as a line.
        puzzle: String,
        /// Why.
        source: GradeError,
    },
    /// No puzzle drawn for `index` passed the filter within its tries.
    /// With a pattern, `n_fitted` of the tries filled it (0: the pattern
    /// itself is out of reach, whatever the band or technique).
    #[error("no puzzle for index {index} passed the filter in {max_tries} tries")]
    OutOfReach {
        /// The index of the puzzle.
        index: u64,
        /// The tries made.
        max_tries: u64,
        /// Puzzles that reached the band and technique test: every try
        /// without a pattern, the grids that filled it with one.
        n_fitted: u64,
    },
    /// The filter's time limit passed before a puzzle for `index` was
    /// found.
    #[error("no puzzle for index {index} passed the filter in the time limit ({n_tries} tries made)")]
    TimeLimit {
        /// The index of the puzzle.
        index: u64,
        /// Puzzles that reached the band and technique test before the
        /// time ran out.
        n_tries: u64,
        /// The limit.
        limit: Duration,
    },
}

/// The indices of `n` puzzles from `start`: `start..start + n`. Indices
/// run from 0 to `u64::MAX - 1` (the end of a `Range<u64>` is past its last
/// index), so a range whose end would be past `u64::MAX` is refused.
pub fn index_range(start: u64, n: u64) -> Result<Range<u64>, IndexRangeError> {
    match start.checked_add(n) {
        Some(end) => Ok(start..end),
        None => Err(IndexRangeError { start, n }),
    }
}

/// `n` puzzles from `start` would go past the last index, `u64::MAX - 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub struct IndexRangeError {
    /// The first index asked for.
    pub start: u64,
    /// The number of puzzles asked for.
    pub n: u64,
}

impl std::fmt::Display for IndexRangeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let puzzles = |k: u64| if k == 1 { format!("{k} puzzle") } else { format!("{k} puzzles") };
        let last = u64::MAX - 1;
        let room = u64::MAX - self.start;
        let (start, asked) = (self.start, puzzles(self.n));
        match room {
            0 => write!(f, "start {start} is past the last index, {last}: no puzzle starts there"),
            _ => write!(
                f,
                "start {start} plus {asked} is past the last index, {last} (at most {} from this start)",
                puzzles(room)
            ),
        }
    }
}

/// `indices` cut into consecutive chunks, in order: the first of `first`
/// indices (at least 1), each next one twice as long, up to `max`. No end
/// is computed past `indices.end`, so the chunks of a range that ends at
/// `u64::MAX` end there too.
pub fn chunks(indices: Range<u64>, first: u64, max: u64) -> Chunks {
    let max = max.max(1);
    Chunks { rest: indices, len: first.clamp(1, max), max }
}

/// The iterator of [`chunks`].
#[derive(Debug, Clone)]
pub struct Chunks {
    rest: Range<u64>,
    len: u64,
    max: u64,
}

impl Iterator for Chunks {
    type Item = Range<u64>;
    fn next(&mut self) -> Option<Range<u64>> {
        if self.rest.is_empty() {
            return None;
        }
        let start = self.rest.start;
        // `len` is at most what is left, so `start + len` is at most `end`.
        let end = start + self.len.min(self.rest.end - start);
        self.rest.start = end;
        self.len = self.max.min(self.len.saturating_mul(2));
        Some(start..end)
    }
}

/// Puzzles `indices` of the set of `opts`, puzzle `i` under `filter_of(i)`:
/// made in parallel on the current rayon pool, returned in index order.
/// With `distinct`, each then passes through [`Distinct::keep`] in index
/// order. The error is that of the first index that failed by itself
/// ([`MakeError::OutOfReach`], [`MakeError::TimeLimit`]), not one that only
/// stopped because another had failed.
pub fn make_range(
    opts: &GenOptions,
    indices: Range<u64>,
    filter_of: impl Fn(u64) -> Filter + Sync,
    abort: &AtomicBool,
    mut distinct: Option<&mut Distinct>,
) -> Result<Vec<Made>, MakeError> {
    let outcomes: Vec<Result<Option<Made>, MakeError>> = indices
        .clone()
        .into_par_iter()
        .map_init(
            || Maker::new(opts.clone()),
            |maker, index| maker.make(index, filter_of(index), abort, None),
        )
        .collect();
    // A worker that gave up because another failed returns `None`: the
    // error to report is the first real one.
    if let Some(e) = outcomes.iter().find_map(|o| o.as_ref().err()) {
        return Err(e.clone());
    }
    let mut made = Vec::with_capacity(outcomes.len());
    // Zipped with the range itself: `(start..)` would step past `u64::MAX`.
    for (index, outcome) in indices.zip(outcomes) {
        let filter = filter_of(index);
        let mut m = outcome?;
        if let Some(distinct) = distinct.as_deref_mut() {
            if let Some(first) = m.take() {
                m = distinct.keep(index, filter, abort, first)?;
            }
        }
        // Only a stop set from outside (an earlier failed chunk) leaves an
        // index without a puzzle or an error.
        made.push(m.ok_or(MakeError::OutOfReach { index, max_tries: filter.max_tries, n_fitted: 0 })?);
    }
    Ok(made)
}

/// A generator and a grader: one per worker thread.
pub struct Maker {
    generator: Generator,
    grader: Grader,
}

impl Maker {
    /// A maker for the set of `opts`.
    pub fn new(opts: GenOptions) -> Maker {
        Maker { generator: Generator::new(opts), grader: Grader::new() }
    }

    /// Puzzle `index` under `filter`, or [`MakeError::OutOfReach`] when
    /// `filter.max_tries` puzzles were drawn and none passed, or
    /// [`MakeError::TimeLimit`] when `filter.time_limit` passed first. Sets
    /// `abort` then; once `abort` is set (by any worker), gives up at the
    /// next draw with `None`, as the run fails anyway.
    ///
    /// `fresh`, when given, must approve a puzzle too: the check that it is
    /// not equivalent to an earlier one of the set (`generate --distinct`).
    pub fn make(
        &mut self,
        index: u64,
        filter: Filter,
        abort: &AtomicBool,
        mut fresh: Option<&mut dyn FnMut(&Grid) -> bool>,
    ) -> Result<Option<Made>, MakeError> {
        let unfiltered = filter.band.is_none()
            && filter.technique.is_none()
            && filter.pattern.is_none()
            && !filter.no_trial
            && filter.max_spike.is_none();
        if unfiltered && fresh.is_none() {
            let puzzle = self.generator.generate(index);
            let grade = if filter.grade { Some(self.grade(&puzzle)?) } else { None };
            return Ok(Some(Made { puzzle, grade, n_tries: 1 }));
        }
        let grader = &mut self.grader;
        let (mut kept, mut n_tries, mut timed_out) = (None, 0u64, false);
        let deadline = filter.time_limit.and_then(|limit| Instant::now().checked_add(limit));
        let accept = |p: &Puzzle| {
            if abort.load(Ordering::Relaxed) {
                return true;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                timed_out = true;
                abort.store(true, Ordering::Relaxed);
                return true;
            }
            n_tries += 1;
            if let Some(fresh) = fresh.as_mut() {
                if !fresh(&p.givens) {
                    return false;
                }
            }
            let graded = filter.grade || filter.technique.is_some() || filter.no_trial;
            let grade = match (filter.band, graded || filter.max_spike.is_some()) {
                // A spike needs the path.
                (band, _) if filter.max_spike.is_some() => {
                    grader.grade_with(&p.givens, &GradeOptions { explain: true }).map(|mut g| {
                        let spike = crate::grade::spike(g.steps.iter().map(|s| s.difficulty));
                        g.steps = Vec::new();
                        let most = f64::from(filter.max_spike.unwrap_or(u8::MAX)) / 10.0;
                        (band.is_none_or(|b| b == g.band) && spike <= most + 0.05).then_some(g)
                    })
                }
                // Only the band is asked: no grade to keep.
                (Some(band), false) => return matches!(grader.is_in_band(&p.givens, band), Ok(true)),
                (Some(band), true) => grader.grade_in_band(&p.givens, band),
                (None, true) => grader.grade(&p.givens).map(Some),
                (None, false) => return true,
            };
            match grade {
                Ok(Some(g))
                    if filter.technique.is_none_or(|t| t == g.technique)
                        && !(filter.no_trial && g.er * 10.0 >= f64::from(TRIAL_FROM) - 0.5) =>
                {
                    kept = Some(g);
                    true
                }
                _ => false,
            }
        };
        let result = match filter.pattern {
            Some(pattern) => self.generator.generate_on_pattern(index, pattern, accept, filter.max_tries),
            None => self.generator.generate_until(index, accept, filter.max_tries),
        };
        if timed_out {
            let limit = filter.time_limit.unwrap_or_default();
            return Err(MakeError::TimeLimit { index, n_tries, limit });
        }
        if abort.load(Ordering::Relaxed) {
            return Ok(None);
        }
        match result {
            Ok(puzzle) => Ok(Some(Made { puzzle, grade: kept, n_tries })),
            Err(GenError::TriesExhausted { .. }) => {
                abort.store(true, Ordering::Relaxed);
                Err(MakeError::OutOfReach { index, max_tries: filter.max_tries, n_fitted: n_tries })
            }
            Err(e) => Err(e.into()),
        }
    }

    fn grade(&mut self, puzzle: &Puzzle) -> Result<Grade, MakeError> {
        self.grader
            .grade(&puzzle.givens)
            .map_err(|source| MakeError::Grade { puzzle: puzzle.givens.to_line(), source })
    }
}

/// The classes of a set's puzzles so far, for a set with no two equivalent
/// puzzles (`generate --distinct`). Puzzles pass through [`Distinct::keep`]
/// in index order, on one thread, so the set does not depend on how many
/// threads made them.
pub struct Distinct {
    classes: Classes,
    opts: GenOptions,
    maker: Option<Maker>,
    n_redrawn: u64,
}

impl Distinct {
    /// No class seen yet, for the set of `opts`.
    pub fn new(opts: GenOptions) -> Distinct {
        Distinct { classes: Classes::default(), opts, maker: None, n_redrawn: 0 }
    }

    /// Puzzle `index` as a worker made it under `filter`: kept when no
    /// earlier puzzle is equivalent to it, else drawn again from the index's
    /// stream, skipping every class seen (with at least [`DEFAULT_TRIES`]
    /// tries). [`MakeError::OutOfReach`] when no new class was found in
    /// those tries; `None` when another worker's failure stopped it.
    pub fn keep(
        &mut self,
        index: u64,
        filter: Filter,
        abort: &AtomicBool,
        made: Made,
    ) -> Result<Option<Made>, MakeError> {
        if self.classes.insert(&made.puzzle.givens) {
            return Ok(Some(made));
        }
        let maker = self.maker.get_or_insert_with(|| Maker::new(self.opts.clone()));
        let classes = &mut self.classes;
        let mut fresh = |g: &Grid| !classes.contains(g);
        let filter = Filter { max_tries: filter.max_tries.max(DEFAULT_TRIES), ..filter };
        let again = maker.make(index, filter, abort, Some(&mut fresh))?;
        if let Some(m) = &again {
            self.classes.insert(&m.puzzle.givens);
            self.n_redrawn += 1;
        }
        Ok(again)
    }

    /// How many puzzles were drawn again for being equivalent to an
    /// earlier one.
    pub fn n_redrawn(&self) -> u64 {
        self.n_redrawn
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use sudoku_gen::Symmetry;

    use super::*;

    #[test]
    fn r42_index_range_errors_count_puzzles_in_the_singular_and_plural() {
        let last = u64::MAX - 1;
        let one = index_range(last, 2).unwrap_err().to_string();
        assert_eq!(one, format!("start {last} plus 2 puzzles is past the last index, {last} (at most 1 puzzle from this start)"));
        let two = index_range(last - 1, 3).unwrap_err().to_string();
        assert!(two.ends_with("(at most 2 puzzles from this start)"), "{two}");
        let none = index_range(u64::MAX, 1).unwrap_err().to_string();
        assert_eq!(
            none,
            format!("start {} is past the last index, {last}: no puzzle starts there", u64::MAX)
        );
    }

    /// Starts near either end of the index range.
    fn edge() -> impl Strategy<Value = u64> {
        prop_oneof![0..64u64, (0..64u64).prop_map(|k| u64::MAX - k)]
    }

    proptest! {
        /// Issue 31: at the ends of the index range, `index_range` refuses
        /// exactly the ranges past `u64::MAX` (compared in `u128`), and the
        /// chunks of a range cover it once, in order, each within bounds.
        #[test]
        fn r31_index_ranges_and_chunks_never_wrap(
            start in edge(),
            n in prop_oneof![0..64u64, (0..64u64).prop_map(|k| u64::MAX - k)],
            first in 0..40u64,
            max in 0..200u64,
        ) {
            let fits = u128::from(start) + u128::from(n) <= u128::from(u64::MAX);
            let range = index_range(start, n);
            prop_assert_eq!(range.is_ok(), fits);
            let Ok(range) = range else { return Ok(()) };
            prop_assert_eq!(range.end - range.start, n);
            // Long ranges: only their first and last chunks.
            let mut covered = 0u128;
            let mut next = range.start;
            for (k, chunk) in chunks(range.clone(), first, max).enumerate().take(1000) {
                prop_assert_eq!(chunk.start, next);
                prop_assert!(chunk.start < chunk.end && chunk.end <= range.end, "{chunk:?} of {range:?}");
                prop_assert!(chunk.end - chunk.start <= max.max(1));
                if k == 0 {
                    prop_assert_eq!(chunk.end - chunk.start, n.min(first.clamp(1, max.max(1))));
                }
                covered += u128::from(chunk.end - chunk.start);
                next = chunk.end;
            }
            if n < 1000 {
                prop_assert_eq!(covered, u128::from(n));
                prop_assert_eq!(next, range.end);
            }
        }
    }

    /// Issue 31: `generate --start 18446744073709551614 -n 1` made puzzles
    /// 6, 7, 8, … without end (`start + chunk` wrapped). The last index
    /// there is, and it is made once.
    #[test]
    fn r31_the_last_index_makes_one_puzzle() {
        let range = index_range(u64::MAX - 1, 1).unwrap();
        assert_eq!(chunks(range.clone(), 8, 1024).collect::<Vec<_>>(), vec![u64::MAX - 1..u64::MAX]);
        let opts = GenOptions { seed: 1, symmetry: Symmetry::None, target_clues: None };
        let made = make_range(&opts, range, |_| Filter::NONE, &AtomicBool::new(false), None).unwrap();
        assert_eq!(made.len(), 1);
        assert_eq!(made[0].puzzle, Generator::new(opts).generate(u64::MAX - 1));
        assert!(index_range(u64::MAX, 1).is_err());
        assert_eq!(index_range(u64::MAX, 0), Ok(u64::MAX..u64::MAX));
    }

    /// The redraw of `--distinct`: a puzzle equivalent to one kept is
    /// replaced by the first later draw of its index's stream that passes
    /// the filter and is of a new class, with and without a band.
    #[test]
    fn a_repeat_is_replaced_by_the_streams_next_new_draw() {
        let opts = GenOptions { seed: 4, symmetry: Symmetry::None, target_clues: None };
        let mut maker = Maker::new(opts.clone());
        let abort = AtomicBool::new(false);
        for band in [None, Some(Band::Easy)] {
            let filter = Filter { band, grade: band.is_some(), max_tries: 1000, ..Filter::NONE };
            let first = maker.make(3, filter, &abort, None).unwrap().unwrap();
            let mut distinct = Distinct::new(opts.clone());
            let kept = distinct.keep(3, filter, &abort, first.clone()).unwrap().unwrap();
            assert_eq!(kept.puzzle.givens, first.puzzle.givens);
            // The same puzzle again (as a second index that drew it would).
            let again = distinct.keep(3, filter, &abort, first.clone()).unwrap().unwrap();
            assert_eq!(distinct.n_redrawn(), 1);
            assert_ne!(again.puzzle.givens, first.puzzle.givens);
            assert!(again.n_tries >= 2, "{band:?}: {} tries", again.n_tries);
            let mut classes = Classes::default();
            classes.insert(&first.puzzle.givens);
            assert!(!classes.contains(&again.puzzle.givens));
            // It is the first later draw of the stream that passes the
            // filter.
            let mut rng = sudoku_gen::puzzle_rng(4, 3);
            let mut generator = Generator::new(opts.clone());
            let draws: Vec<Grid> =
                (0..again.n_tries).map(|_| generator.generate_with_rng(&mut rng).givens).collect();
            assert_eq!(*draws.last().unwrap(), again.puzzle.givens);
            assert!(draws[..draws.len() - 1].contains(&first.puzzle.givens));
        }
    }

    /// A band filter keeps the same puzzles whether the grade is kept or
    /// only the band checked (which skips what chains solve, for extreme,
    /// and stops at the first extreme step), and the puzzles are in the band.
    #[test]
    fn checking_the_band_only_keeps_the_same_puzzles() {
        let opts = GenOptions { seed: 7, symmetry: Symmetry::None, target_clues: None };
        let abort = AtomicBool::new(false);
        let mut grader = Grader::new();
        for band in [Band::Expert, Band::Extreme] {
            let graded = Filter { band: Some(band), grade: true, max_tries: 10_000, ..Filter::NONE };
            let checked = Filter { grade: false, ..graded };
            let a = make_range(&opts, 0..4, |_| graded, &abort, None).unwrap();
            let b = make_range(&opts, 0..4, |_| checked, &abort, None).unwrap();
            for (a, b) in a.iter().zip(&b) {
                assert_eq!(a.puzzle.givens, b.puzzle.givens);
                assert_eq!((a.n_tries, b.grade.is_none()), (b.n_tries, true));
                assert_eq!(a.grade.as_ref().unwrap().band, band);
                assert_eq!(grader.grade(&a.puzzle.givens).unwrap().band, band);
            }
        }
    }
}
