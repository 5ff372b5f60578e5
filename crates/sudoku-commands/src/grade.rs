//! `grade`: a puzzle's Sudoku Explainer ratings (ER/EP/ED), band and
//! hardest technique, or why it has none; and the rows it is written as.

use std::sync::atomic::AtomicBool;

use serde::Serialize;
use sudoku_core::{Grid, SearchStats};
use sudoku_grade::{Grade, GradeError, GradeOptions, Grader, Scale, Step};

use crate::choice::Named;
use crate::format::Format;

/// The formats `grade` writes.
pub const FORMATS: &[Named<Format>] = &[
    (Format::Line, "line", "One line per puzzle"),
    (Format::Csv, "csv", "CSV with a header row"),
    (Format::Json, "json", "JSON Lines: one object per puzzle"),
];

/// A request of `grade`: whether to keep the solution path, and on which
/// scale to rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GradeRequest {
    /// Keep the steps of the solution path (`--explain`).
    pub explain: bool,
    /// The technique set to rate with (`--scale`).
    pub scale: Scale,
}

/// What grading one puzzle gave.
#[derive(Debug, Clone)]
pub enum Graded {
    /// The puzzle's grade.
    Rated(Grade),
    /// The puzzle has no rating: its status word, why, and the solver's
    /// effort when it searched the grid.
    Unrated {
        /// `invalid`, `unsolvable`, `not-unique` or `solved`.
        status: &'static str,
        /// Why, in words.
        why: String,
        /// The solver's effort, when it searched.
        search: Option<SearchStats>,
    },
}

impl GradeRequest {
    /// Grades a variant `puzzle` (9x9 X, windoku, disjoint groups,
    /// anti-knight, anti-king, non-consecutive, any mix, or classic) on the
    /// request's scale, with a grader for its houses and relations; `Err`
    /// with why when the grader cannot rate its shape (other sizes, jigsaw,
    /// killer ...) or its path ([`GradeError::BeyondLadder`]): the variant
    /// ladder rates those.
    pub fn run_variant(&self, puzzle: &sudoku_variant::Puzzle) -> Result<Graded, String> {
        self.run_variant_until(puzzle, &AtomicBool::new(false))
    }

    /// [`GradeRequest::run_variant`] unless `stop` is set first (see
    /// [`Grader::grade_until`]): then the puzzle is unrated, `stopped`.
    pub fn run_variant_until(
        &self,
        puzzle: &sudoku_variant::Puzzle,
        stop: &AtomicBool,
    ) -> Result<Graded, String> {
        let mut grader = Grader::for_variant(puzzle).map_err(|unsupported| unsupported.to_string())?;
        grader.set_scale(self.scale);
        Ok(match grader.grade_variant_until(puzzle, &GradeOptions { explain: self.explain }, stop) {
            Ok(grade) => Graded::Rated(grade),
            Err(e @ GradeError::BeyondLadder) => return Err(e.to_string()),
            Err(e) => {
                let (status, why) = grade_status(&e);
                Graded::Unrated { status, why, search: grader.last_search() }
            }
        })
    }

    /// Grades `grid` with `grader`'s reused scratch space, on the
    /// request's scale.
    pub fn run(&self, grader: &mut Grader, grid: &Grid) -> Graded {
        self.run_until(grader, grid, &AtomicBool::new(false))
    }

    /// [`GradeRequest::run`] unless `stop` is set first (see
    /// [`Grader::grade_until`]): then the puzzle is unrated, `stopped`.
    pub fn run_until(&self, grader: &mut Grader, grid: &Grid, stop: &AtomicBool) -> Graded {
        grader.set_scale(self.scale);
        match grader.grade_until(grid, &GradeOptions { explain: self.explain }, stop) {
            Ok(grade) => Graded::Rated(grade),
            Err(e) => {
                let (status, why) = grade_status(&e);
                Graded::Unrated { status, why, search: grader.last_search() }
            }
        }
    }
}

/// What grading one variant puzzle gave, whichever engine rated it.
#[derive(Debug, Clone)]
pub enum VariantGraded {
    /// Sudoku Explainer's ladder over the puzzle's houses and relations
    /// ([`GradeRequest::run_variant`]): rated, or why not.
    Se(Graded),
    /// The variant ladder (every shape and rule SE's ladder does not take).
    Ladder(Box<LadderGradeJson>),
    /// No rating: the status word (`unsolvable`, `not-unique`, `solved`)
    /// and why.
    Unrated {
        /// The status word.
        status: &'static str,
        /// Why, in words.
        why: String,
    },
}

impl GradeRequest {
    /// Grades a variant `puzzle` as `grade` does: on SE's ladder where it
    /// takes the puzzle ([`GradeRequest::run_variant`]), else on the
    /// variant ladder.
    pub fn grade_variant(&self, puzzle: &sudoku_variant::Puzzle) -> VariantGraded {
        self.grade_variant_with(puzzle, None)
    }

    /// [`GradeRequest::grade_variant`] when the caller may know the
    /// puzzle's unique `solution` (canvas order): the variant ladder then
    /// searches nothing ([`sudoku_variant::Puzzle::rate_with`]).
    pub fn grade_variant_with(
        &self,
        puzzle: &sudoku_variant::Puzzle,
        solution: Option<&[u8]>,
    ) -> VariantGraded {
        self.grade_variant_until(puzzle, solution, &AtomicBool::new(false))
    }

    /// [`GradeRequest::grade_variant_with`], SE's ladder stopping when
    /// `stop` is set (see [`Grader::grade_until`]; the variant ladder's
    /// grade runs to its end).
    pub fn grade_variant_until(
        &self,
        puzzle: &sudoku_variant::Puzzle,
        solution: Option<&[u8]>,
        stop: &AtomicBool,
    ) -> VariantGraded {
        match self.run_variant_until(puzzle, stop) {
            Ok(graded) => VariantGraded::Se(graded),
            Err(_) => match LadderGradeJson::of(puzzle, self.explain, solution) {
                Ok(row) => VariantGraded::Ladder(Box::new(row)),
                Err((status, why)) => VariantGraded::Unrated { status, why },
            },
        }
    }
}

impl VariantGraded {
    /// Whether the puzzle went unrated (a negative result).
    pub fn is_negative(&self) -> bool {
        matches!(self, VariantGraded::Unrated { .. } | VariantGraded::Se(Graded::Unrated { .. }))
    }

    /// The row of `grade --format json`: SE's classic row with the
    /// variant's name as `variant`, the variant ladder's row, or the
    /// puzzle, variant, status and why.
    pub fn json(&self, puzzle: &sudoku_variant::Puzzle) -> VariantGradeJson {
        match self {
            VariantGraded::Ladder(row) => VariantGradeJson::Ladder(row.clone()),
            _ => VariantGradeJson::Value(self.value(puzzle)),
        }
    }

    fn value(&self, puzzle: &sudoku_variant::Puzzle) -> serde_json::Value {
        let variant = puzzle.variant_name();
        match self {
            VariantGraded::Se(graded) => {
                let grid = puzzle
                    .givens()
                    .try_into()
                    .ok()
                    .and_then(Grid::from_array)
                    .expect("SE's ladder grades 9x9 puzzles only");
                let mut value = serde_json::to_value(graded.json(&grid)).expect("a row serialises");
                if let Some(map) = value.as_object_mut() {
                    map.insert("variant".into(), variant.into());
                }
                value
            }
            VariantGraded::Ladder(row) => serde_json::to_value(row).expect("a row serialises"),
            VariantGraded::Unrated { status, why } => serde_json::json!({
                "puzzle": puzzle.givens_line(), "variant": variant, "status": status, "why": why
            }),
        }
    }
}

/// A row of `grade --format json` on a variant puzzle
/// ([`VariantGraded::json`]).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum VariantGradeJson {
    /// SE's row with `variant`, or an unrated puzzle's.
    Value(serde_json::Value),
    /// The variant ladder's row.
    Ladder(Box<LadderGradeJson>),
}

impl Graded {
    /// The CSV row of `puzzle`'s result, ratings as `rating` gives them.
    pub fn csv_row<R>(&self, puzzle: &Grid, rating: impl Fn(f64) -> R) -> GradeRow<R> {
        match self {
            Graded::Rated(g) => GradeRow::rated(puzzle, g, rating),
            Graded::Unrated { status, search, .. } => GradeRow::unrated(Some(puzzle), status, *search),
        }
    }

    /// The line format of `puzzle`'s result, newline included: `puzzle
    /// ER/EP/ED band nodes=N guesses=N technique`, then the numbered steps
    /// when explained; or `puzzle status: why`, with the solver's effort
    /// when it searched.
    pub fn line(&self, puzzle: &Grid) -> String {
        let line = puzzle.to_line();
        match self {
            Graded::Rated(g) => {
                let mut text = format!(
                    "{line} {}/{:.1}/{:.1} {} nodes={} guesses={} {}\n",
                    rating_text(g.rating),
                    g.ep,
                    g.ed,
                    g.band,
                    g.nodes,
                    g.guesses,
                    g.technique
                );
                for (step_idx, s) in g.steps.iter().enumerate() {
                    text += &format!("  {:>3}. {s}\n", step_idx + 1);
                }
                text
            }
            Graded::Unrated { status, why, search: Some(s) } => {
                format!("{line} {status}: {why} (nodes={} guesses={})\n", s.nodes, s.guesses)
            }
            Graded::Unrated { status, why, search: None } => format!("{line} {status}: {why}\n"),
        }
    }

    /// The JSON object of `puzzle`'s result.
    pub fn json(&self, puzzle: &Grid) -> GradeJson {
        match self {
            Graded::Rated(g) => GradeJson::rated(puzzle, g),
            Graded::Unrated { status, why, search } => GradeJson::unrated(Some(puzzle), status, why, *search),
        }
    }
}

/// A rating as text: one decimal, as SE prints it (`3.4`).
pub fn rating_text(rating: f64) -> String {
    format!("{rating:.1}")
}

/// Column names of `sudoku grade`'s CSV output, in order.
pub const GRADE_CSV_HEADER: &[&str] =
    &["puzzle", "rating", "er", "ep", "ed", "band", "technique", "nodes", "guesses"];

/// The status word of a puzzle that was not rated, and why.
pub fn grade_status(e: &GradeError) -> (&'static str, String) {
    match e {
        GradeError::Conflict(c) => ("invalid", c.to_string()),
        GradeError::Unsolvable => ("unsolvable", "no solution".to_string()),
        GradeError::NotUnique => ("not-unique", "more than one solution".to_string()),
        GradeError::Solved => ("solved", "the grid is already solved: no step to rate".to_string()),
        GradeError::Stopped => {
            ("stopped", "stopped (the time budget or an interrupt) before its path's end".to_string())
        }
        other => ("invalid", other.to_string()),
    }
}

/// One puzzle of `sudoku grade`'s CSV output: [`GRADE_CSV_HEADER`]. For a
/// puzzle that is not rated, `band` holds its status and the ratings are
/// empty; `nodes` and `guesses` are there for every grid the solver
/// searched (any grid whose givens do not clash).
#[derive(Debug, Clone, Serialize)]
pub struct GradeRow<R> {
    puzzle: String,
    rating: Option<R>,
    er: Option<R>,
    ep: Option<R>,
    ed: Option<R>,
    band: &'static str,
    technique: &'static str,
    nodes: Option<u64>,
    guesses: Option<u64>,
}

impl<R> GradeRow<R> {
    /// The row of a rated puzzle, with ratings in the form `rating` gives
    /// them.
    pub fn rated(puzzle: &Grid, g: &Grade, rating: impl Fn(f64) -> R) -> GradeRow<R> {
        GradeRow {
            puzzle: puzzle.to_line(),
            rating: Some(rating(g.rating)),
            er: Some(rating(g.rating)),
            ep: Some(rating(g.ep)),
            ed: Some(rating(g.ed)),
            band: g.band.name(),
            technique: g.technique.name(),
            nodes: Some(g.nodes),
            guesses: Some(g.guesses),
        }
    }

    /// The row of a puzzle that was not rated (`puzzle` is `None` for a
    /// malformed record): `status` in the band column, and the solver's
    /// effort when it searched the grid ([`sudoku_grade::Grader::last_search`]).
    pub fn unrated(puzzle: Option<&Grid>, status: &'static str, search: Option<SearchStats>) -> GradeRow<R> {
        GradeRow {
            puzzle: puzzle.map(Grid::to_line).unwrap_or_default(),
            rating: None,
            er: None,
            ep: None,
            ed: None,
            band: status,
            technique: "",
            nodes: search.map(|s| s.nodes),
            guesses: search.map(|s| s.guesses),
        }
    }
}

/// One step of a solution path in JSON (`grade --explain`).
#[derive(Debug, Clone, Serialize)]
pub struct StepJson {
    technique: &'static str,
    pattern: String,
    /// The pattern's cells and digits as data (as a hint's `pattern`).
    cells: Vec<crate::hint::CellDigitsJson>,
    difficulty: f64,
    placements: Vec<String>,
    eliminations: Vec<String>,
}

impl StepJson {
    /// The JSON form of `s`: cells as `r1c2=3` and `r1c2<>3`, the
    /// pattern's cells as `{cell, digits}`.
    pub fn new(s: &Step) -> StepJson {
        StepJson {
            technique: s.technique.name(),
            pattern: s.pattern.clone(),
            cells: s.cells.iter().map(crate::hint::CellDigitsJson::of).collect(),
            difficulty: s.difficulty,
            placements: s.placements.iter().map(|p| format!("{}={}", p.cell, p.digit)).collect(),
            eliminations: s.eliminations.iter().map(|e| format!("{}<>{}", e.cell, e.digit)).collect(),
        }
    }
}

/// One puzzle of `sudoku grade --format json`: the ratings, the status, and
/// the steps when explained.
#[derive(Debug, Clone, Serialize)]
pub struct GradeJson {
    puzzle: Option<String>,
    rating: Option<f64>,
    er: Option<f64>,
    ep: Option<f64>,
    ed: Option<f64>,
    band: Option<&'static str>,
    technique: Option<&'static str>,
    nodes: Option<u64>,
    guesses: Option<u64>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepJson>>,
}

impl GradeJson {
    /// The object of a rated puzzle; `steps` when the grade has them.
    pub fn rated(puzzle: &Grid, g: &Grade) -> GradeJson {
        GradeJson {
            puzzle: Some(puzzle.to_line()),
            rating: Some(g.rating),
            er: Some(g.er),
            ep: Some(g.ep),
            ed: Some(g.ed),
            band: Some(g.band.name()),
            technique: Some(g.technique.name()),
            nodes: Some(g.nodes),
            guesses: Some(g.guesses),
            status: "rated",
            error: None,
            steps: (!g.steps.is_empty()).then(|| g.steps.iter().map(StepJson::new).collect()),
        }
    }

    /// The object of a puzzle that was not rated (`puzzle` is `None` for a
    /// malformed record), with its status and why, and the solver's effort
    /// when it searched the grid.
    pub fn unrated(
        puzzle: Option<&Grid>,
        status: &'static str,
        message: &str,
        search: Option<SearchStats>,
    ) -> GradeJson {
        GradeJson {
            puzzle: puzzle.map(Grid::to_line),
            rating: None,
            er: None,
            ep: None,
            ed: None,
            band: None,
            technique: None,
            nodes: search.map(|s| s.nodes),
            guesses: search.map(|s| s.guesses),
            status,
            error: Some(message.to_string()),
            steps: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle that needs only singles is rated easy, and its steps place
    /// exactly the solution's digits in the empty cells.
    #[test]
    fn an_explained_grade_places_the_solution() {
        let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let grid = Grid::parse_line(line).unwrap();
        let solution = sudoku_core::Solver::new().solve_one(&grid).unwrap();
        let Graded::Rated(g) =
            GradeRequest { explain: true, ..GradeRequest::default() }.run(&mut Grader::new(), &grid)
        else {
            panic!("not rated")
        };
        assert_eq!(g.band.name(), "easy");
        let n_placed: usize = g.steps.iter().map(|s| s.placements.len()).sum();
        assert_eq!(n_placed, 81 - grid.n_clues());
        for s in &g.steps {
            for p in &s.placements {
                assert_eq!(solution.get(p.cell), Some(p.digit));
            }
        }
        let n_steps = g.steps.len();
        let graded = Graded::Rated(g);
        let row = serde_json::to_value(graded.json(&grid)).unwrap();
        assert_eq!(row["status"], "rated");
        let text = graded.line(&grid);
        assert_eq!(text.lines().count(), 1 + n_steps);
        assert!(text.starts_with(&format!("{line} ")) && text.contains(" easy nodes="), "{text}");
    }

    /// A puzzle with two solutions is not rated, and says so in each row.
    #[test]
    fn a_puzzle_with_two_solutions_is_not_unique() {
        let grid = Grid::parse_line(&".".repeat(81)).unwrap();
        assert!(sudoku_core::Solver::new().count_solutions_up_to(&grid, 2) == 2);
        let graded = GradeRequest::default().run(&mut Grader::new(), &grid);
        assert!(matches!(graded, Graded::Unrated { status: "not-unique", .. }));
        let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::new());
        w.serialize(graded.csv_row(&grid, rating_text)).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        assert!(text.starts_with(&format!("{},,,,,not-unique,,", ".".repeat(81))), "{text}");
        assert!(graded.line(&grid).starts_with(&format!("{} not-unique: ", ".".repeat(81))));
    }
}

/// The row of a variant puzzle rated on the variant ladder
/// ([`sudoku_variant::Puzzle::rate`]): the puzzles the SE grader does not
/// take (other sizes, jigsaw, samurai, killer, the neighbour rules, the
/// constraints drawn on the grid). Its fields are the classic row's where
/// they mean the same, with `scale` saying which ladder rated it and
/// `trial` whether its path had to guess (then it rates 9.0: extreme, the
/// band of puzzles no technique on the ladder solves).
#[derive(Debug, Clone, Serialize)]
pub struct LadderGradeJson {
    puzzle: String,
    variant: String,
    scale: &'static str,
    rating: f64,
    er: f64,
    ep: f64,
    ed: f64,
    band: &'static str,
    technique: &'static str,
    trial: bool,
    /// The hardest step over the rest of the path ([`spike`]).
    spike: f64,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<LadderStepJson>>,
}

/// Column names of `grade --format csv` on variant puzzles, in order.
pub const VARIANT_GRADE_CSV_COLUMNS: &[&str] = &[
    "puzzle",
    "variant",
    "size",
    "scale",
    "rating",
    "band",
    "ep",
    "ed",
    "technique",
    "trial",
    "spike",
    "status",
];

/// One variant puzzle of `grade --format csv`, on either scale: the puzzle
/// (its line where the variant and size say the rest, else its JSON
/// form), variant, size, the scale (`SE` or `variant ladder`), the
/// ratings, band, hardest technique, whether the path guessed, its spike
/// (with `--explain` on SE's scale, which needs the path; always on the
/// ladder) and the status. An unrated puzzle has the status alone.
#[derive(Debug, Clone, Serialize)]
pub struct VariantGradeRow {
    puzzle: String,
    variant: String,
    size: usize,
    scale: Option<&'static str>,
    rating: Option<String>,
    band: Option<&'static str>,
    ep: Option<String>,
    ed: Option<String>,
    technique: Option<String>,
    trial: Option<bool>,
    spike: Option<String>,
    status: &'static str,
}

impl VariantGradeRow {
    /// The row of a puzzle without a rating: `status` alone.
    pub fn unrated(puzzle: &sudoku_variant::Puzzle, status: &'static str) -> VariantGradeRow {
        VariantGradeRow {
            puzzle: crate::variant::puzzle_text(puzzle),
            variant: puzzle.variant_name(),
            size: puzzle.size(),
            scale: None,
            rating: None,
            band: None,
            ep: None,
            ed: None,
            technique: None,
            trial: None,
            spike: None,
            status,
        }
    }

    /// The row of a puzzle SE's grader rated (or said why not).
    pub fn graded(puzzle: &sudoku_variant::Puzzle, graded: &Graded) -> VariantGradeRow {
        match graded {
            Graded::Rated(g) => {
                let spike = (!g.steps.is_empty())
                    .then(|| format!("{:.1}", spike(g.steps.iter().map(|s| s.difficulty))));
                VariantGradeRow {
                    scale: Some("SE"),
                    rating: Some(format!("{:.1}", g.er)),
                    band: Some(g.band.name()),
                    ep: Some(format!("{:.1}", g.ep)),
                    ed: Some(format!("{:.1}", g.ed)),
                    technique: Some(g.technique.to_string()),
                    trial: None,
                    spike,
                    status: "rated",
                    ..VariantGradeRow::unrated(puzzle, "rated")
                }
            }
            Graded::Unrated { status, .. } => VariantGradeRow::unrated(puzzle, status),
        }
    }
}

/// One step of a ladder's path: its technique, difficulty, where, and what
/// it concludes.
#[derive(Debug, Clone, Serialize)]
struct LadderStepJson {
    technique: &'static str,
    difficulty: f64,
    reason: String,
    placements: Vec<crate::hint::CellDigitJson>,
    eliminations: Vec<crate::hint::CellDigitJson>,
}

impl LadderGradeJson {
    /// The row of `puzzle` rated on the ladder, with its steps when
    /// `explain` (`solution`: the puzzle's unique one when known, so no
    /// search); `Err` with the status word (`unsolvable`, `not-unique`,
    /// `solved`, as classic rows say them) and why.
    pub fn of(
        puzzle: &sudoku_variant::Puzzle,
        explain: bool,
        solution: Option<&[u8]>,
    ) -> Result<LadderGradeJson, (&'static str, String)> {
        use sudoku_variant::RateError;
        let rated = match solution {
            Some(known) if known.len() == puzzle.canvas_len() => puzzle.rate_with(known),
            _ => puzzle.rate(),
        };
        let rating = rated.map_err(|e| {
            let status = match e {
                RateError::NoSolution => "unsolvable",
                RateError::NotUnique => "not-unique",
                RateError::Solved => "solved",
            };
            (status, e.to_string())
        })?;
        let tenths = |t: u8| f64::from(t) / 10.0;
        let hardest = rating.steps.iter().max_by_key(|s| s.difficulty).map_or("", |s| s.technique);
        let at = |list: &[(u16, u8)]| {
            list.iter()
                .map(|&(c, digit)| crate::hint::CellDigitJson {
                    cell: puzzle.cell_name(usize::from(c)),
                    digit,
                })
                .collect()
        };
        let steps = explain.then(|| {
            rating
                .steps
                .iter()
                .map(|s| LadderStepJson {
                    technique: s.technique,
                    difficulty: tenths(s.difficulty),
                    reason: s.reason.clone(),
                    placements: at(&s.place),
                    eliminations: at(&s.elim),
                })
                .collect()
        });
        Ok(LadderGradeJson {
            puzzle: puzzle.givens_line(),
            variant: puzzle.variant_name(),
            scale: "variant ladder",
            rating: tenths(rating.er),
            er: tenths(rating.er),
            ep: tenths(rating.ep),
            ed: tenths(rating.ed),
            band: sudoku_grade::Band::from_rating(tenths(rating.er)).name(),
            technique: hardest,
            trial: rating.trial,
            spike: spike(rating.steps.iter().map(|s| tenths(s.difficulty))),
            status: "rated",
            steps,
        })
    }

    /// The row of `grade --format csv` ([`VariantGradeRow`]) of `puzzle`.
    pub fn csv_row(&self, puzzle: &sudoku_variant::Puzzle) -> VariantGradeRow {
        VariantGradeRow {
            scale: Some(self.scale),
            rating: Some(format!("{:.1}", self.er)),
            band: Some(self.band),
            ep: Some(format!("{:.1}", self.ep)),
            ed: Some(format!("{:.1}", self.ed)),
            technique: Some(self.technique.to_string()),
            trial: Some(self.trial),
            spike: Some(format!("{:.1}", self.spike)),
            ..VariantGradeRow::unrated(puzzle, self.status)
        }
    }

    /// The line form, newline included: `puzzle variant ER/EP/ED band
    /// ladder technique`, then the numbered steps when explained.
    pub fn line(&self) -> String {
        let band = self.band;
        let mut out = format!(
            "{} {} {:.1}/{:.1}/{:.1} {band} ladder {}\n",
            self.puzzle, self.variant, self.er, self.ep, self.ed, self.technique
        );
        for (k, s) in self.steps.iter().flatten().enumerate() {
            let conclusions: Vec<String> = s
                .placements
                .iter()
                .map(|p| format!("{}={}", p.cell, p.digit))
                .chain(s.eliminations.iter().map(|e| format!("{}<>{}", e.cell, e.digit)))
                .collect();
            out.push_str(&format!(
                "    {}. {:.1} {}: {} => {}\n",
                k + 1,
                s.difficulty,
                s.technique,
                s.reason,
                conclusions.join(", ")
            ));
        }
        out
    }
}

/// How far a path's hardest step stands above the rest of it: the ER less
/// the hardest of the other steps (one instance of the hardest left out,
/// so a path that needs its hardest technique twice has no spike). 0 for
/// a path of one step. A puzzle that is easy except one step has a large
/// spike; an editor may keep such puzzles out of a section.
///
/// ```
/// use sudoku_commands::grade::spike;
/// assert_eq!(spike([1.2, 1.5, 4.2, 1.2]), 2.7);
/// assert_eq!(spike([1.2, 4.2, 4.2]), 0.0);
/// assert_eq!(spike([2.3]), 0.0);
/// ```
pub fn spike(difficulties: impl IntoIterator<Item = f64>) -> f64 {
    let (mut top, mut second) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for d in difficulties {
        if d > top {
            second = top;
            top = d;
        } else if d > second {
            second = d;
        }
    }
    match second.is_finite() {
        true => ((top - second) * 10.0).round() / 10.0,
        false => 0.0,
    }
}
