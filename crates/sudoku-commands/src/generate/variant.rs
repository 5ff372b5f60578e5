//! `generate --variant`: puzzle *i* of a seed for a variant ([`make_variant_range`]),
//! made in parallel and returned in index order as the classic sets are,
//! and the text a variant puzzle is written as (the JSON form of
//! `docs/variants.md`, or the line form where it can hold the puzzle).

use std::ops::Range;

use rayon::prelude::*;
use sudoku_gen::variant::{VariantGenError, VariantGenerator, VariantOptions, VariantPuzzle, Watch};

use crate::format::Format;

/// The formats `generate --variant` writes.
pub const VARIANT_FORMATS: &[Format] = &[Format::Line, Format::Json];

/// Puzzles `indices` of the variant set of `opts`: made in parallel on
/// the current rayon pool, returned in index order. Puzzle `i` depends on
/// the options and `i` alone, so the result does not depend on the pool's
/// size. The error is that of the first index that failed; `watch` can
/// stop a puzzle (an error, never another puzzle) and follows its making.
pub fn make_variant_range(
    opts: &VariantOptions,
    indices: Range<u64>,
    watch: &Watch<'_>,
) -> Result<Vec<VariantPuzzle>, VariantGenError> {
    // Options are checked once, before any worker starts.
    VariantGenerator::new(opts.clone())?;
    let watch = &Watch { rate: Some(watch.rate.unwrap_or(&band_rating)), ..*watch };
    indices
        .into_par_iter()
        .map_init(
            || VariantGenerator::new(opts.clone()),
            |generator, index| match generator {
                Ok(generator) => generator.generate_watched(index, watch),
                Err(e) => Err(e.clone()),
            },
        )
        .collect()
}

/// The rating (tenths) a variant puzzle's band is judged on, as `sudoku
/// grade` rates it: Sudoku Explainer's ER where its grader takes the
/// puzzle (9x9 X, windoku, disjoint groups), else the variant ladder's
/// ER ([`sudoku_variant::Puzzle::rate_with`]). `None` when unrated.
pub fn band_rating(puzzle: &sudoku_variant::Puzzle, solution: &[u8]) -> Option<u8> {
    match sudoku_grade::Grader::for_variant(puzzle) {
        Ok(mut grader) => {
            let grade = grader.grade_variant(puzzle, &sudoku_grade::GradeOptions::default()).ok()?;
            Some((grade.er * 10.0).round() as u8)
        }
        Err(_) => puzzle.rate_with(solution).ok().map(|r| r.er),
    }
}

/// The record of a variant puzzle in `format`, without a line end: the
/// JSON form with `givens` and `solution`, or the givens line.
pub fn variant_record(puzzle: &VariantPuzzle, format: Format) -> String {
    match format {
        Format::Line => puzzle.puzzle.givens_line(),
        _ => puzzle.puzzle.to_json(Some(&puzzle.solution)),
    }
}

#[cfg(test)]
mod tests {
    use sudoku_gen::variant::VariantSpec;

    use super::*;

    /// The parallel range is the generator's puzzles in order, whatever
    /// the pool, and the JSON record reads back as the same puzzle.
    #[test]
    fn r34_ranges_are_the_generators_puzzles_on_any_pool() {
        let opts = VariantOptions::new(5, VariantSpec::parse("x", Some(6)).unwrap());
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let two = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let a = one.install(|| make_variant_range(&opts, 3..9, &Watch::default())).unwrap();
        let b = two.install(|| make_variant_range(&opts, 3..9, &Watch::default())).unwrap();
        assert_eq!(a, b);
        let mut generator = VariantGenerator::new(opts).unwrap();
        for (index, p) in (3..).zip(&a) {
            assert_eq!(*p, generator.generate(index).unwrap());
            let back = sudoku_variant::Puzzle::from_json(&variant_record(p, Format::Json)).unwrap();
            assert_eq!(back.puzzle, p.puzzle);
            assert_eq!(back.solution.as_deref(), Some(&p.solution[..]));
        }
    }
}
