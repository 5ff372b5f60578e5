//! `generate`: puzzle *i* of a seed under a filter (a band, a technique, a
//! clue pattern), graded when asked ([`make_range`], [`Maker`]), and the rows a generated
//! set is written as. `sudoku generate`, `sudoku book` and the Python
//! package make their puzzles here, so they make the same ones.

mod sets;
mod variant;

use std::time::Duration;

use serde::Serialize;
use sudoku_gen::{GenOptions, Pattern, Symmetry};
use sudoku_grade::{Band, Technique};

use crate::choice::Named;
use crate::format::Format;
use crate::grade::rating_text;

pub use sets::{
    chunks, index_range, make_range, Chunks, Distinct, Filter, IndexRangeError, Made, MakeError, Maker,
    DEFAULT_PATTERN_TRIES, DEFAULT_TIME_LIMIT, DEFAULT_TRIES, TRIAL_FROM,
};
pub use variant::{
    band_rating, grade_variant, ladder_technique, make_variant_range, variant_record, VariantGrade,
    VARIANT_FORMATS,
};

/// The formats `generate` writes.
pub const FORMATS: &[Named<Format>] = &[
    (Format::Line, "line", "One puzzle per line"),
    (Format::Block, "block", "A readable block per puzzle"),
    (Format::Csv, "csv", "CSV with a header row"),
    (Format::Json, "json", "JSON Lines"),
    (Format::Pdf, "pdf", "A printable PDF book with an answer key"),
    (Format::Svg, "svg", "The book as one SVG file per page"),
];

/// A request of `generate`: which puzzles of which set, under which
/// filter. Puzzle *i* of a request depends on the seed, the options and
/// *i* alone.
#[derive(Debug, Clone, PartialEq)]
pub struct GenerateRequest {
    /// The seed of the set.
    pub seed: u64,
    /// The index of the first puzzle.
    pub start: u64,
    /// How many puzzles (with sections, their sum: [`GenerateRequest::n_puzzles`]).
    pub number: u64,
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Stop removing clues at this many (`None`: minimal puzzles).
    pub clues: Option<u8>,
    /// Keep only puzzles in this band (without sections).
    pub difficulty: Option<Band>,
    /// Bands in order, each for a number of puzzles (instead of
    /// `difficulty` and `number`).
    pub sections: Vec<(Band, u64)>,
    /// Give exactly these cells.
    pub pattern: Option<Pattern>,
    /// Keep only puzzles whose hardest step is this technique.
    pub technique: Option<Technique>,
    /// Keep only puzzles solved without trial ([`Filter::no_trial`]).
    pub no_trial: bool,
    /// Keep only puzzles whose spike is at most this many tenths
    /// ([`Filter::max_spike`]).
    pub max_spike: Option<u8>,
    /// Puzzles drawn for each one kept (`None`: [`DEFAULT_TRIES`], or
    /// [`DEFAULT_PATTERN_TRIES`] with a pattern).
    pub tries: Option<u64>,
    /// Time spent looking for each puzzle kept (`None`:
    /// [`DEFAULT_TIME_LIMIT`]).
    pub time_limit: Option<Duration>,
    /// Grade every puzzle and keep the grade.
    pub grade: bool,
    /// No two puzzles equivalent: `Some(true)` or `Some(false)` as asked,
    /// `None` for the default (distinct for a book made from index 0).
    pub distinct: Option<bool>,
}

impl GenerateRequest {
    /// The first `number` puzzles of `seed`, unfiltered, ungraded.
    pub fn new(seed: u64, number: u64) -> GenerateRequest {
        GenerateRequest {
            seed,
            start: 0,
            number,
            symmetry: Symmetry::None,
            clues: None,
            difficulty: None,
            sections: Vec::new(),
            pattern: None,
            technique: None,
            no_trial: false,
            max_spike: None,
            tries: None,
            time_limit: None,
            grade: false,
            distinct: None,
        }
    }

    /// How many puzzles: `number`, or the sum of the sections (`None` past
    /// `u64::MAX`).
    pub fn n_puzzles(&self) -> Option<u64> {
        if self.sections.is_empty() {
            return Some(self.number);
        }
        self.sections.iter().try_fold(0u64, |n, &(_, k)| n.checked_add(k))
    }

    /// Whether a band or technique filters the puzzles (a pattern aside).
    pub fn is_filtered(&self) -> bool {
        self.difficulty.is_some()
            || !self.sections.is_empty()
            || self.technique.is_some()
            || self.no_trial
            || self.max_spike.is_some()
    }

    /// The generator's options.
    pub fn gen_options(&self) -> GenOptions {
        GenOptions { seed: self.seed, symmetry: self.symmetry, target_clues: self.clues.map(usize::from) }
    }

    /// The band puzzle `index` must have: `difficulty`, or its section's.
    pub fn band_at(&self, index: u64) -> Option<Band> {
        if self.sections.is_empty() {
            return self.difficulty;
        }
        let mut end = 0;
        self.sections
            .iter()
            .find(|&&(_, n)| {
                end += n;
                index < end
            })
            .map(|&(band, _)| band)
    }

    /// The name of puzzle `index`'s section in a book, after its band
    /// (`Medium`); `None` without sections.
    pub fn section_at(&self, index: u64) -> Option<String> {
        if self.sections.is_empty() {
            return None;
        }
        let name = self.band_at(index)?.name();
        Some(name[..1].to_ascii_uppercase() + &name[1..])
    }

    /// Whether the grades are kept, for a set written in `format`: when
    /// asked, for a book, and for CSV and JSON under a band or technique.
    pub fn keeps_grades(&self, format: Format) -> bool {
        self.grade || format.is_book() || self.is_filtered() && matches!(format, Format::Csv | Format::Json)
    }

    /// Whether no two puzzles may be equivalent, for a set written in
    /// `format`: as asked, else for a book made from index 0.
    pub fn is_distinct(&self, format: Format) -> bool {
        self.distinct.unwrap_or(format.is_book() && self.start == 0)
    }

    /// The filter of puzzle 0 (the band of the first section), for a set
    /// written in `format`; [`Filter`]'s band is per index
    /// ([`GenerateRequest::band_at`]).
    pub fn filter(&self, format: Format) -> Filter {
        let max_tries = self.tries.unwrap_or(match self.pattern {
            Some(_) => DEFAULT_PATTERN_TRIES,
            None => DEFAULT_TRIES,
        });
        Filter {
            band: self.band_at(0),
            technique: self.technique,
            pattern: self.pattern,
            no_trial: self.no_trial,
            max_spike: self.max_spike,
            // A band alone needs no grade: the grade is kept for the
            // formats that show it.
            grade: self.keeps_grades(format),
            max_tries,
            time_limit: Some(self.time_limit.unwrap_or(DEFAULT_TIME_LIMIT)),
        }
    }

    /// What regenerates the set, for a book's copyright page: the seed and
    /// the options that change the puzzles.
    pub fn provenance(&self) -> String {
        let mut parts = vec![format!("seed {}", self.seed)];
        if let Some(band) = self.difficulty {
            parts.push(band.name().to_string());
        }
        if !self.sections.is_empty() {
            let sections: Vec<String> =
                self.sections.iter().map(|&(band, n)| format!("{}:{n}", band.name())).collect();
            parts.push(format!("sections {}", sections.join(",")));
        }
        if self.no_trial {
            parts.push("no trial".to_string());
        }
        if let Some(most) = self.max_spike {
            parts.push(format!("spike at most {}.{}", most / 10, most % 10));
        }
        if self.symmetry != Symmetry::None {
            parts.push(self.symmetry.name().to_string());
        }
        if let Some(n) = self.clues {
            parts.push(format!("{n} clues"));
        }
        format!("Puzzles made with sudoku: {}", parts.join(", "))
    }
}

/// One puzzle of a generated set (`sudoku generate`'s CSV row or JSON
/// object). The grade columns are left out, header included, when the set
/// is not graded.
#[derive(Debug, Clone, Serialize)]
pub struct GenerateRow<R> {
    id: String,
    seed: u64,
    index: u64,
    puzzle: String,
    solution: String,
    clues: usize,
    symmetry: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    band: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ep: Option<R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ed: Option<R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
}

impl<R> GenerateRow<R> {
    /// The record of puzzle `index` of `seed`, with ratings in the form
    /// `rating` gives them.
    pub fn new(seed: u64, index: u64, m: &Made, rating: impl Fn(f64) -> R) -> GenerateRow<R> {
        let grade = m.grade.as_ref();
        GenerateRow {
            id: format!("{seed}-{index}"),
            seed,
            index,
            puzzle: m.puzzle.givens.to_line(),
            solution: m.puzzle.solution.to_line(),
            clues: m.puzzle.n_clues(),
            symmetry: m.puzzle.symmetry.name(),
            rating: grade.map(|g| rating(g.er)),
            band: grade.map(|g| g.band.name()),
            ep: grade.map(|g| rating(g.ep)),
            ed: grade.map(|g| rating(g.ed)),
            technique: grade.map(|g| g.technique.name()),
            nodes: grade.map(|g| g.nodes),
            guesses: grade.map(|g| g.guesses),
        }
    }
}

/// The CSV header row of a generated set, graded or not (what an empty
/// set writes).
pub fn generate_csv_header(graded: bool) -> &'static str {
    if graded {
        "id,seed,index,puzzle,solution,clues,symmetry,rating,band,ep,ed,technique,nodes,guesses\n"
    } else {
        "id,seed,index,puzzle,solution,clues,symmetry\n"
    }
}

impl GenerateRow<String> {
    /// The CSV row of puzzle `index` of `seed`: ratings as text.
    pub fn csv(seed: u64, index: u64, m: &Made) -> GenerateRow<String> {
        GenerateRow::new(seed, index, m, rating_text)
    }
}

impl GenerateRow<f64> {
    /// The JSON row of puzzle `index` of `seed`: ratings as numbers.
    pub fn json(seed: u64, index: u64, m: &Made) -> GenerateRow<f64> {
        GenerateRow::new(seed, index, m, |r| r)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use sudoku_core::Solver;
    use sudoku_gen::Generator;
    use sudoku_grade::Grader;

    use super::*;

    /// A request's puzzles are the generator's, unique, and in their
    /// sections' bands as the grader rates them.
    #[test]
    fn sections_give_each_index_its_bands_puzzle() {
        let mut request = GenerateRequest::new(3, 0);
        request.sections = vec![(Band::Easy, 2), (Band::Medium, 1)];
        assert_eq!(request.n_puzzles(), Some(3));
        assert_eq!(
            (0..4).map(|i| request.band_at(i)).collect::<Vec<_>>(),
            [Some(Band::Easy), Some(Band::Easy), Some(Band::Medium), None]
        );
        assert_eq!(request.section_at(2).as_deref(), Some("Medium"));
        let filter = request.filter(Format::Csv);
        assert!(filter.grade);
        let made = make_range(
            &request.gen_options(),
            0..3,
            |index| Filter { band: request.band_at(index), ..filter },
            &AtomicBool::new(false),
            None,
        )
        .unwrap();
        let mut grader = Grader::new();
        for (index, m) in (0..).zip(&made) {
            assert_eq!(Solver::new().count_solutions_up_to(&m.puzzle.givens, 2), 1);
            assert_eq!(Some(grader.grade(&m.puzzle.givens).unwrap().band), request.band_at(index));
        }
        // Unfiltered, puzzle i is the generator's puzzle i.
        let plain = GenerateRequest::new(3, 2);
        let made = make_range(
            &plain.gen_options(),
            0..2,
            |_| plain.filter(Format::Line),
            &AtomicBool::new(false),
            None,
        )
        .unwrap();
        assert_eq!(made[1].puzzle, Generator::new(plain.gen_options()).generate(1));
        assert!(made[1].grade.is_none());
        assert_eq!(plain.provenance(), "Puzzles made with sudoku: seed 3");
        assert!(!plain.is_distinct(Format::Line) && plain.is_distinct(Format::Pdf));
    }
}
