//! Books of sections of any variant: `book --sections
//! easy:10,killer:easy:12,x:medium:8,6x6:easy:6`. A section is
//! `[VARIANT:]BAND:COUNT`, where VARIANT is a `+`-joined list of the
//! `--variant` names and a size (`killer+x`, `jigsaw`, `6x6`,
//! `killer+6x6`); a section without one is classic 9×9.
//!
//! Section *k* takes the indices after those of the sections before it, on
//! the book's one seed, so a book is reproducible from its seed and
//! sections, and each puzzle from its seed and index. Each puzzle is
//! graded as `sudoku grade` grades it ([`SectionPuzzle`]), and a section
//! runs from its easiest puzzle to its hardest.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use serde::Serialize;
use sudoku_gen::variant::{RateFn, Rated, VariantGenError, VariantOptions, VariantSpec, Watch};
use sudoku_gen::{GenOptions, Symmetry};
use sudoku_grade::Band;
use sudoku_variant::{Puzzle, VariantList};

use crate::generate::{
    grade_variant, make_range, make_variant_range, Distinct, Filter, MakeError, DEFAULT_TIME_LIMIT,
    DEFAULT_TRIES, TRIAL_FROM,
};

/// One section of a book: its variant (`None`: classic 9×9), band and
/// number of puzzles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The variant, as `generate --variant` and `--size` name it; `None`
    /// for the classic 9×9.
    pub variant: Option<VariantSpec>,
    /// The band of every puzzle.
    pub band: Band,
    /// How many puzzles (at least 1).
    pub count: u64,
}

/// A section that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SectionError {
    /// Not `[VARIANT:]BAND:COUNT`.
    #[error("`{0}` is not a section: write [VARIANT:]BAND:COUNT, e.g. easy:20 or killer:medium:8")]
    Form(String),
    /// The band is none of the bands.
    #[error("`{0}` is not a band (easy, medium, hard, expert, extreme)")]
    Band(String),
    /// The count is not a number of 1 or more.
    #[error("`{0}` is not a number of puzzles (1 or more)")]
    Count(String),
    /// The variant list does not parse or its parts do not go together.
    #[error("`{list}`: {why}")]
    Variant {
        /// The list as given.
        list: String,
        /// Why.
        why: String,
    },
}

impl FromStr for Section {
    type Err = SectionError;

    /// `easy:20`, `killer:easy:12`, `killer+x:hard:2`, `6x6:easy:6`,
    /// `jigsaw+16x16:medium:1`.
    fn from_str(s: &str) -> Result<Section, SectionError> {
        let parts: Vec<&str> = s.split(':').map(str::trim).collect();
        let (variant, band, count) = match parts[..] {
            [band, count] => (None, band, count),
            [variant, band, count] => (Some(variant), band, count),
            _ => return Err(SectionError::Form(s.to_string())),
        };
        let band: Band = band.parse().map_err(|_| SectionError::Band(band.to_string()))?;
        let count = match count.parse::<u64>() {
            Ok(n) if n > 0 => n,
            _ => return Err(SectionError::Count(count.to_string())),
        };
        let variant = variant.map(parse_variant).transpose()?.filter(|spec| !spec.is_classic_9x9());
        Ok(Section { variant, band, count })
    }
}

/// A section's variant: `+`-joined names and at most one size `NxN`.
fn parse_variant(text: &str) -> Result<VariantSpec, SectionError> {
    let err = |why: String| SectionError::Variant { list: text.to_string(), why };
    let mut names = Vec::new();
    let mut size = None;
    for part in text.split('+').map(str::trim) {
        let side = part.split_once(['x', 'X', '×']).and_then(|(a, b)| {
            let (a, b) = (a.parse::<usize>().ok()?, b.parse::<usize>().ok()?);
            (a == b).then_some(a)
        });
        match side {
            Some(_) if size.is_some() => return Err(err("two sizes".into())),
            Some(n) => size = Some(n),
            None if part.is_empty() => return Err(err("an empty name".into())),
            None => names.push(part),
        }
    }
    let list = VariantList::parse(&names.join(",")).map_err(|e| err(e.to_string()))?;
    VariantSpec::from_list(list, size).map_err(|e| err(e.to_string()))
}

impl fmt::Display for Section {
    /// The section as `--sections` takes it: `killer:easy:12`, `easy:20`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.variant.is_some() {
            write!(f, "{}:", self.variant_list())?;
        }
        write!(f, "{}:{}", self.band.name(), self.count)
    }
}

impl Section {
    /// The variant as a section names it: `killer`, `killer+x`, `6x6`,
    /// `x+6x6`; `classic` for the classic 9×9.
    pub fn variant_list(&self) -> String {
        let Some(spec) = &self.variant else { return "classic".into() };
        let list = spec.list().to_string();
        let mut parts: Vec<String> = match list.as_str() {
            "classic" => Vec::new(),
            _ => vec![list.replace(',', "+")],
        };
        if !matches!(spec.shape, sudoku_gen::variant::Shape::Layout(_)) && spec.size != 9 {
            parts.push(format!("{0}x{0}", spec.size));
        }
        parts.join("+")
    }

    /// The section's name in the book (its heading, running heads and the
    /// CSV's `section`): the band for a classic section (`Medium`, as a
    /// classic book names it), else the variant and the band (`Killer –
    /// Easy`, `6×6 – Easy`), `variant` being the printed name of the
    /// variant ([`sudoku_print::variant::variant_name`]).
    pub fn name(&self, variant: &str) -> String {
        let band = self.band.name();
        let band = band[..1].to_ascii_uppercase() + &band[1..];
        match self.variant {
            None => band,
            Some(_) => format!("{variant} – {band}"),
        }
    }
}

/// The indices of each section, one after the other from 0.
pub fn section_ranges(sections: &[Section]) -> Vec<Range<u64>> {
    let mut first = 0u64;
    sections
        .iter()
        .map(|s| {
            let range = first..first.saturating_add(s.count);
            first = range.end;
            range
        })
        .collect()
}

/// A puzzle of a section with its grade, as `sudoku grade` gives it:
/// Sudoku Explainer's for the classic 9×9 and the variants its grader
/// takes (X, windoku, disjoint groups), the variant ladder's elsewhere.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionPuzzle {
    /// The puzzle (a classic one as a 9×9 variant puzzle).
    pub puzzle: Puzzle,
    /// Its solution, a digit per canvas position.
    pub solution: Vec<u8>,
    /// Its index in the book's set.
    pub index: u64,
    /// ER, EP and ED.
    pub er: f64,
    /// The hardest step before the first placement.
    pub ep: f64,
    /// The first step's.
    pub ed: f64,
    /// The hardest step's technique.
    pub technique: String,
    /// The scale: `SE` or `variant ladder`.
    pub scale: &'static str,
    /// The hardest step over the rest of the path ([`crate::grade::spike`]).
    pub spike: f64,
}

/// Why a section could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SectionMakeError {
    /// A classic puzzle.
    #[error(transparent)]
    Classic(#[from] MakeError),
    /// A variant puzzle.
    #[error(transparent)]
    Variant(#[from] VariantGenError),
    /// A band every puzzle of which needs a trial, with `no_trial`.
    #[error("no {band} puzzle is solved without trial (its ratings start at or above 7.5): drop --no-trial or choose an easier band")]
    TrialBand {
        /// The band.
        band: Band,
    },
    /// A made puzzle that the grader does not rate (a bug).
    #[error("internal: puzzle {index} of the book has no rating")]
    Unrated {
        /// Its index.
        index: u64,
    },
}

/// What the puzzles of every section must pass besides their band.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Checks {
    /// Solved without trial ([`Filter::no_trial`], on either scale).
    pub no_trial: bool,
    /// The largest [`crate::grade::spike`] kept, in tenths.
    pub max_spike: Option<u8>,
}

/// Section `section` of the book of `seed`, puzzles `indices`, graded, in
/// index order (on the current rayon pool; the result does not depend on
/// its size), each passing `checks`. `distinct` keeps the classic
/// sections' puzzles apart (no two equivalent), over the whole book.
pub fn make_section(
    seed: u64,
    section: &Section,
    indices: Range<u64>,
    distinct: Option<&mut Distinct>,
    checks: Checks,
    abort: &AtomicBool,
) -> Result<Vec<SectionPuzzle>, SectionMakeError> {
    if checks.no_trial && section.band.min_tenths() >= TRIAL_FROM {
        return Err(SectionMakeError::TrialBand { band: section.band });
    }
    let made: Vec<(Puzzle, Vec<u8>)> = match &section.variant {
        None => {
            let opts = GenOptions { seed, symmetry: Symmetry::None, target_clues: None };
            let filter = Filter {
                band: Some(section.band),
                technique: None,
                pattern: None,
                no_trial: checks.no_trial,
                max_spike: checks.max_spike,
                grade: false,
                max_tries: DEFAULT_TRIES,
                time_limit: Some(DEFAULT_TIME_LIMIT),
            };
            let made = make_range(&opts, indices.clone(), |_| filter, abort, distinct)?;
            made.into_iter()
                .zip(indices.clone())
                .map(|(m, index)| {
                    let puzzle = Puzzle::parse_line(&m.puzzle.givens.to_line(), Some(9))
                        .map_err(|_| SectionMakeError::Unrated { index })?;
                    Ok((puzzle, m.puzzle.solution.to_array().to_vec()))
                })
                .collect::<Result<_, SectionMakeError>>()?
        }
        Some(spec) => {
            let mut rated = Rated::of_band(section.band.min_tenths(), section.band.max_tenths());
            if checks.no_trial {
                rated.most = rated.most.min(TRIAL_FROM - 1);
            }
            let opts = VariantOptions { rated: Some(rated), ..VariantOptions::new(seed, spec.clone()) };
            // With a spike bound, a puzzle over it is unrated: drawn again.
            let judge = |p: &Puzzle, solution: &[u8]| {
                let g = grade_variant(p, solution)?;
                let spiky = checks.max_spike.is_some_and(|most| g.spike * 10.0 > f64::from(most) + 0.5);
                (!spiky).then(|| (g.er * 10.0).round() as u8)
            };
            let watch = Watch {
                time_limit: Some(DEFAULT_TIME_LIMIT),
                rate: checks.max_spike.map(|_| &judge as RateFn<'_>),
                ..Watch::default()
            };
            let made = make_variant_range(&opts, indices.clone(), &watch)?;
            made.into_iter().map(|m| (m.puzzle, m.solution)).collect()
        }
    };
    // Every puzzle graded once more, with its path, for its row.
    indices
        .zip(made)
        .map(|(index, (puzzle, solution))| {
            graded(puzzle, solution, index).ok_or(SectionMakeError::Unrated { index })
        })
        .collect()
}

/// A section's puzzle with its grade on [`crate::generate::grade_variant`]'s scale.
fn graded(puzzle: Puzzle, solution: Vec<u8>, index: u64) -> Option<SectionPuzzle> {
    let g = grade_variant(&puzzle, &solution)?;
    Some(SectionPuzzle {
        puzzle,
        solution,
        index,
        er: g.er,
        ep: g.ep,
        ed: g.ed,
        technique: g.technique,
        scale: g.scale,
        spike: g.spike,
    })
}

/// Column names of a sectioned book's CSV after the book's own
/// ([`super::BOOK_COLUMNS`]), in order.
pub const SECTION_CSV_COLUMNS: &[&str] = &[
    "variant",
    "id",
    "seed",
    "index",
    "puzzle",
    "solution",
    "rating",
    "band",
    "ep",
    "ed",
    "technique",
    "scale",
];

/// A puzzle's row in a sectioned book's CSV, after its book columns: its
/// variant (`killer`, `classic`, ...), id (`seed-index`), the puzzle (the
/// line of givens where that holds it, else the JSON form of
/// `docs/variants.md`), its solution's line, rating (ER), band, EP, ED,
/// hardest technique and the scale that rated it.
#[derive(Debug, Clone, Serialize)]
pub struct SectionRow {
    variant: String,
    id: String,
    seed: u64,
    index: u64,
    puzzle: String,
    solution: String,
    rating: String,
    band: &'static str,
    ep: String,
    ed: String,
    technique: String,
    scale: &'static str,
    spike: String,
}

impl SectionRow {
    /// The row of `p`, puzzle of `section` in the book of `seed`.
    pub fn new(seed: u64, section: &Section, p: &SectionPuzzle) -> SectionRow {
        let variant = section.variant_list();
        let line_form = section.variant.as_ref().is_none_or(|s| s.has_line_form());
        let puzzle = if line_form { p.puzzle.givens_line() } else { p.puzzle.to_json(None) };
        let solution = p.puzzle.with_givens(p.solution.clone()).map(|s| s.givens_line()).unwrap_or_default();
        SectionRow {
            variant,
            id: format!("{seed}-{}", p.index),
            seed,
            index: p.index,
            puzzle,
            solution,
            rating: format!("{:.1}", p.er),
            band: Band::from_rating(p.er).name(),
            ep: format!("{:.1}", p.ep),
            ed: format!("{:.1}", p.ed),
            technique: p.technique.clone(),
            scale: p.scale,
            spike: format!("{:.1}", p.spike),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_parse_with_and_without_a_variant() {
        let s: Section = "easy:20".parse().unwrap();
        assert_eq!((s.variant, s.band, s.count), (None, Band::Easy, 20));
        let s: Section = "killer+x:hard:2".parse().unwrap();
        assert_eq!(s.variant, Some(VariantSpec::parse("killer,x", None).unwrap()));
        assert_eq!(s.to_string(), "killer+x:hard:2");
        let s: Section = "6x6:easy:6".parse().unwrap();
        assert_eq!(s.variant, Some(VariantSpec::parse("classic", Some(6)).unwrap()));
        assert_eq!(s.to_string(), "6x6:easy:6");
        assert_eq!(
            "anti-knight+6x6:hard:1".parse::<Section>().unwrap().to_string(),
            "anti-knight+6x6:hard:1"
        );
        let s: Section = "x+16x16:medium:1".parse().unwrap();
        assert_eq!(s.variant.as_ref().map(|v| v.size), Some(16));
        // A classic 9x9 named as such is a classic section.
        assert_eq!("classic:easy:3".parse::<Section>().unwrap().variant, None);
        assert_eq!("9x9:easy:3".parse::<Section>().unwrap().variant, None);
        for (bad, needle) in [
            ("easy", "not a section"),
            ("a:b:c:d", "not a section"),
            ("killer:simple:3", "not a band"),
            ("killer:easy:0", "not a number"),
            ("killer:easy:x", "not a number"),
            ("pentomino:easy:3", "pentomino"),
            ("6x6+8x8:easy:3", "two sizes"),
            ("jigsaw+samurai:easy:1", "jigsaw+samurai"),
        ] {
            let e = bad.parse::<Section>().unwrap_err().to_string();
            assert!(e.contains(needle), "{bad}: {e}");
        }
    }

    #[test]
    fn sections_take_consecutive_indices_and_are_named_by_variant_and_band() {
        let sections: Vec<Section> =
            ["easy:2", "killer:hard:3", "x:medium:1"].iter().map(|s| s.parse().unwrap()).collect();
        assert_eq!(section_ranges(&sections), [0..2, 2..5, 5..6]);
        assert_eq!(sections[0].name("Classic"), "Easy");
        assert_eq!(sections[1].name("Killer"), "Killer – Hard");
    }
}

/// A book of sections, made: each section printed from its easiest puzzle
/// to its hardest, and the CSV rows in the same order.
#[derive(Debug, Clone)]
pub struct SectionBook {
    /// The sections as printed.
    pub sections: Vec<sudoku_print::variant::VariantSection>,
    /// The rows of its CSV index ([`SectionRow`]), section by section.
    pub rows: Vec<SectionRow>,
}

/// Every section of the book of `seed`, as `sudoku book --sections` makes
/// them: section *k* on the indices after the ones before it, the classic
/// sections' puzzles distinct over the book, each passing `checks`,
/// stopped once `abort` is set. `done` is told how many puzzles are made
/// after each section. The error names the section it stopped in.
pub fn make_section_book(
    seed: u64,
    sections: &[Section],
    checks: Checks,
    abort: &AtomicBool,
    mut done: impl FnMut(u64),
) -> Result<SectionBook, (Section, SectionMakeError)> {
    use sudoku_print::variant::{variant_name, VariantItem, VariantSection};
    use sudoku_print::ItemMeta;
    let mut distinct = Distinct::new(GenOptions { seed, symmetry: Symmetry::None, target_clues: None });
    let (mut made, mut total) = (Vec::new(), 0);
    for (section, range) in sections.iter().zip(section_ranges(sections)) {
        let mut puzzles = make_section(seed, section, range, Some(&mut distinct), checks, abort)
            .map_err(|e| (section.clone(), e))?;
        // Easiest first, as printed (tenths); ties in index order.
        puzzles.sort_by_key(|p| (p.er * 10.0).round() as i64);
        total += section.count;
        done(total);
        made.push(puzzles);
    }
    let printed = sections
        .iter()
        .zip(&made)
        .map(|(section, puzzles)| {
            let name = section.name(&puzzles.first().map(|p| variant_name(&p.puzzle)).unwrap_or_default());
            let items = puzzles
                .iter()
                .map(|p| VariantItem {
                    puzzle: p.puzzle.clone(),
                    solution: p.solution.clone(),
                    meta: ItemMeta {
                        band: Some(section.band.name().to_string()),
                        rating: Some(format!("{:.1}", p.er)),
                        id: Some(format!("{seed}-{}", p.index)),
                        section: None,
                    },
                })
                .collect();
            VariantSection::new(name, items)
        })
        .collect();
    let rows = sections
        .iter()
        .zip(&made)
        .flat_map(|(section, puzzles)| puzzles.iter().map(move |p| SectionRow::new(seed, section, p)))
        .collect();
    Ok(SectionBook { sections: printed, rows })
}
