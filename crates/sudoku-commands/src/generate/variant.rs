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
    if let Ok(mut grader) = sudoku_grade::Grader::for_variant(puzzle) {
        match grader.grade_variant(puzzle, &sudoku_grade::GradeOptions::default()) {
            Ok(grade) => return Some((grade.er * 10.0).round() as u8),
            Err(sudoku_grade::GradeError::BeyondLadder) => {}
            Err(_) => return None,
        }
    }
    puzzle.rate_with(solution).ok().map(|r| r.er)
}

/// A variant puzzle's grade as `sudoku grade` gives it ([`crate::generate::band_rating`]'s
/// scale), with its path's [`crate::grade::spike`].
#[derive(Debug, Clone, PartialEq)]
pub struct VariantGrade {
    /// ER, EP and ED.
    pub er: f64,
    /// The hardest step before the first placement.
    pub ep: f64,
    /// The first step's.
    pub ed: f64,
    /// The hardest step's technique.
    pub technique: String,
    /// That technique as SE names it, where SE has it
    /// ([`crate::generate::ladder_technique`] on the ladder): what `--technique` selects.
    pub se_technique: Option<sudoku_grade::Technique>,
    /// The scale: `SE` or `variant ladder`.
    pub scale: &'static str,
    /// The hardest step over the rest of the path ([`crate::grade::spike`]).
    pub spike: f64,
}

/// The SE technique a step of the variant ladder is, where SE has it (the
/// ladder's skyscraper, two-string kite and turbot fish are SE's "2 Strong
/// Links"; its chains SE's forcing X-chain and forcing chain); `None` for
/// the ladder's own steps (a constraint's, the rule of 45, a cage's needs,
/// a trial).
pub fn ladder_technique(name: &str) -> Option<sudoku_grade::Technique> {
    use sudoku_grade::Technique as T;
    Some(match name {
        "Hidden Single" => T::HiddenSingle,
        "Naked Single" => T::NakedSingle,
        "Pointing" => T::Pointing,
        "Claiming" => T::Claiming,
        "Naked Pair" => T::NakedPair,
        "X-Wing" => T::XWing,
        "Hidden Pair" => T::HiddenPair,
        "Naked Triple" => T::NakedTriplet,
        "Swordfish" => T::Swordfish,
        "Hidden Triple" => T::HiddenTriplet,
        "Skyscraper" | "2-String Kite" | "Turbot Fish" => T::TwoStrongLinks,
        "XY-Wing" => T::XyWing,
        "XYZ-Wing" => T::XyzWing,
        "Naked Quad" => T::NakedQuad,
        "Jellyfish" => T::Jellyfish,
        "Hidden Quad" => T::HiddenQuad,
        "X-Chain" => T::ForcingXChain,
        "Alternating Inference Chain" => T::ForcingChain,
        _ => return None,
    })
}

/// Grades a variant puzzle whose one solution is `solution`, on
/// [`crate::generate::band_rating`]'s scale, with its path (for the spike); `None` when
/// unrated.
pub fn grade_variant(puzzle: &sudoku_variant::Puzzle, solution: &[u8]) -> Option<VariantGrade> {
    let tenths = |t: u8| f64::from(t) / 10.0;
    let se = sudoku_grade::Grader::for_variant(puzzle).ok().and_then(|mut grader| {
        match grader.grade_variant(puzzle, &sudoku_grade::GradeOptions { explain: true }) {
            Err(sudoku_grade::GradeError::BeyondLadder) => None,
            graded => Some(graded),
        }
    });
    Some(match se {
        Some(graded) => {
            let g = graded.ok()?;
            let spike = crate::grade::spike(g.steps.iter().map(|s| s.difficulty));
            VariantGrade {
                er: g.er,
                ep: g.ep,
                ed: g.ed,
                technique: g.technique.to_string(),
                se_technique: Some(g.technique),
                scale: "SE",
                spike,
            }
        }
        None => {
            let r = puzzle.rate_with(solution).ok()?;
            let top = r.steps.iter().max_by_key(|s| s.difficulty).map_or("", |s| s.technique);
            VariantGrade {
                er: tenths(r.er),
                ep: tenths(r.ep),
                ed: tenths(r.ed),
                technique: top.to_string(),
                se_technique: ladder_technique(top),
                scale: "variant ladder",
                spike: crate::grade::spike(r.steps.iter().map(|s| tenths(s.difficulty))),
            }
        }
    })
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
