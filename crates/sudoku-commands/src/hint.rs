//! `hint`: the next steps from a player's position, one or several, each
//! from the position the previous one leaves; and the rows they are
//! written as, one step type ([`HintStepJson`]) for classic and variant
//! puzzles alike.

use serde::Serialize;
use sudoku_core::{Cell, Digit, Position};
use sudoku_grade::hint::{CellDigits, Hint, Level, Mistake, Status};
use sudoku_grade::{GradeError, GradeOptions, Grader, Scale};
use sudoku_io::position_json;
use sudoku_variant::{Puzzle, VariantHint};

use crate::choice::Named;
use crate::format::Format;
use crate::variant::{hint_line, hint_status};

/// The formats `hint` writes.
pub const FORMATS: &[Named<Format>] = &[
    (Format::Line, "line", "One line per step"),
    (Format::Json, "json", "JSON Lines: one object per position"),
];

/// How many steps to give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Steps {
    /// The first N steps (at least 1).
    First(u32),
    /// Every step until the grid is full.
    ToEnd,
}

/// A request of `hint`: how much each step tells and how many steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintRequest {
    /// How much to tell.
    pub level: Level,
    /// How many steps.
    pub steps: Steps,
    /// The technique set the steps are taken from (`--scale`).
    pub scale: Scale,
}

impl HintRequest {
    /// The hints of `position`: the first step, then each next one from the
    /// position the previous one leaves, as many as asked (the grader's
    /// walk: see [`Grader::hints`]).
    pub fn run(&self, grader: &mut Grader, position: &Position) -> Vec<Hint> {
        grader.set_scale(self.scale);
        let max_steps = match self.steps {
            Steps::First(n) => n as usize,
            Steps::ToEnd => usize::MAX,
        };
        grader.hints(position, self.level, max_steps)
    }

    /// The hints of a variant puzzle from `placed` (a player's digits over
    /// the canvas, or the givens when `None`). The engine is chosen by the
    /// puzzle's structure: the SE ladder's steps ([`HintRequest::run`], at
    /// this level and scale) where the grader models the puzzle (9×9 boxes
    /// with extra houses such as X, windoku or disjoint groups:
    /// [`Grader::for_variant`]), else the simple steps every rule has
    /// ([`crate::variant::hints`]).
    pub fn run_variant(
        &self,
        puzzle: &Puzzle,
        placed: Option<&[u8]>,
    ) -> Result<VariantHints, sudoku_variant::HintError> {
        self.run_variant_with(puzzle, placed, None)
    }

    /// [`HintRequest::run_variant`] when the caller may know the puzzle's
    /// unique `solution` (canvas order): the simple steps then search
    /// nothing.
    pub fn run_variant_with(
        &self,
        puzzle: &Puzzle,
        placed: Option<&[u8]>,
        solution: Option<&[u8]>,
    ) -> Result<VariantHints, sudoku_variant::HintError> {
        let steps = match self.steps {
            Steps::First(n) => n as usize,
            Steps::ToEnd => usize::MAX,
        };
        let Ok(mut grader) = Grader::for_variant(puzzle) else {
            return crate::variant::hints(puzzle, placed, steps, solution)
                .map(|h| VariantHints::Simple(h, self.level));
        };
        let board = puzzle.board(placed.unwrap_or(puzzle.givens()))?;
        // A position whose path the grader's ladder stops short of (nested
        // chains under non-consecutive) is rated on the variant ladder by
        // `grade`; it gets the simple steps here too. The position decides,
        // not the givens: a player's digits may lead where the givens' path
        // does not go.
        if !grader.follows_nested_chains()
            && puzzle.with_givens(board.clone()).is_ok_and(|here| {
                grader.grade_variant(&here, &GradeOptions::default()) == Err(GradeError::BeyondLadder)
            })
        {
            return crate::variant::hints(puzzle, placed, steps, solution)
                .map(|h| VariantHints::Simple(h, self.level));
        }
        let grid = |cells: &[u8]| cells.try_into().ok().and_then(sudoku_core::Grid::from_array);
        let (Some(givens), Some(board)) = (grid(puzzle.givens()), grid(&board)) else {
            return Err(sudoku_variant::HintError::Length { found: board.len(), expected: 81 });
        };
        let position = Position::new(givens, &board, None).expect("the board keeps the givens");
        Ok(VariantHints::Ladder(self.run(&mut grader, &position)))
    }

    /// Whether a record's steps are a block ended by a blank line, in line
    /// format: with more than one step asked.
    pub fn is_multi(&self) -> bool {
        !matches!(self.steps, Steps::First(1))
    }
}

/// The hints of a variant puzzle, from the engine its structure chose
/// ([`HintRequest::run_variant`]).
#[derive(Debug, Clone)]
pub enum VariantHints {
    /// The SE ladder's steps, as for a classic position.
    Ladder(Vec<Hint>),
    /// The simple steps of any variant, told at a level (a nudge names the
    /// place alone, a technique-level hint the technique too).
    Simple(Vec<VariantHint>, Level),
}

impl VariantHints {
    /// Whether they say something is wrong with the position.
    pub fn is_negative(&self) -> bool {
        match self {
            VariantHints::Ladder(hints) => is_negative(hints),
            VariantHints::Simple(hints, _) => {
                hints.iter().any(|h| matches!(h, VariantHint::Mistake { .. } | VariantHint::NoSolution))
            }
        }
    }

    /// The record of `sudoku hint --format json` on a variant puzzle: its
    /// variant's name and its steps, without a position or `next`. Through
    /// `json!` (a `Value`, whose maps are sorted), its keys and its steps'
    /// come out in name order, as they always have.
    pub fn json(&self, puzzle: &Puzzle) -> serde_json::Value {
        serde_json::json!({"variant": puzzle.variant_name(), "steps": self.rows(puzzle)})
    }

    /// The steps as JSON rows.
    pub fn rows(&self, puzzle: &Puzzle) -> Vec<HintStepJson> {
        match self {
            VariantHints::Ladder(hints) => hints.iter().map(HintStepJson::new).collect(),
            VariantHints::Simple(hints, level) => {
                hints.iter().map(|h| HintStepJson::of_variant(puzzle, h, *level)).collect()
            }
        }
    }

    /// The steps as lines.
    pub fn lines(&self, puzzle: &Puzzle) -> Vec<String> {
        match self {
            VariantHints::Ladder(hints) => hints.iter().map(line_of).collect(),
            VariantHints::Simple(hints, level) => {
                hints.iter().map(|h| hint_line(puzzle, h, *level)).collect()
            }
        }
    }
}

/// Whether the hints say something is wrong with the position (mistakes,
/// bad givens): a negative answer.
pub fn is_negative(hints: &[Hint]) -> bool {
    hints.iter().any(|h| !matches!(h.status, Status::Hint | Status::Solved))
}

/// A step as a line: the hint's text (at level full, `difficulty name:
/// pattern. So conclusions.`), else the status and what is wrong.
pub fn line_of(h: &Hint) -> String {
    match h.status {
        Status::Hint => h.text.clone(),
        status => format!("{}: {}", status.name(), h.text),
    }
}

/// `c` as `r1c2`.
fn cell(c: Cell) -> String {
    c.to_string()
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct CellDigitsJson {
    cell: String,
    digits: Vec<u8>,
}

impl CellDigitsJson {
    /// A pattern's cell and its digits.
    pub(crate) fn of(p: &CellDigits) -> CellDigitsJson {
        CellDigitsJson { cell: cell(p.cell), digits: p.digits.iter().map(Digit::get).collect() }
    }
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct CellDigitJson {
    pub(crate) cell: String,
    pub(crate) digit: u8,
}

/// A mistake: a classic one's cell, kind, the digit placed and the right
/// digit (as far as each is known); a variant one's cell and, as `digit`,
/// the digit placed there (no kind: a variant mistake is always a wrong
/// digit).
#[derive(Debug, Clone, Serialize)]
struct MistakeJson {
    cell: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    placed: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<u8>,
}

/// One step of `hint` in JSON, from a classic 9x9 position
/// ([`HintStepJson::new`]) or a variant puzzle
/// ([`HintStepJson::of_variant`]) alike: status, technique, difficulty,
/// pattern, placements, eliminations, text, house and mistakes; cells are
/// `rRcC`. Fields a variant hint has no notion of (difficulty, pattern,
/// eliminations, house) are left out of a variant step, so each kind's
/// steps read as they always have.
#[derive(Debug, Clone, Serialize)]
pub struct HintStepJson {
    status: &'static str,
    /// A classic step without a technique leaves it out; a variant step
    /// writes `null` (`Some(None)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<Option<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<f64>,
    /// Classic steps only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pattern: Option<Vec<CellDigitsJson>>,
    placements: Vec<CellDigitJson>,
    /// Classic steps only.
    #[serde(skip_serializing_if = "Option::is_none")]
    eliminations: Option<Vec<CellDigitsJson>>,
    text: String,
    /// The house a nudge or a technique-level hint points at.
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<HouseJson>,
    /// Variant steps: where the reason lies, as data (the house, the
    /// constraint or the cell), at every level.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<ReasonJson>,
    mistakes: Vec<MistakeJson>,
}

/// Where a variant step's reason lies: its name (`row 3`, `cage at r1c1
/// (sum 12)`, `cell`) and its cells, so that a page shades them without
/// reading the text.
#[derive(Debug, Clone, Serialize)]
struct ReasonJson {
    name: String,
    cells: Vec<String>,
}

/// A house as data: its kind (`box`, `row`, `column`), its number (1-9)
/// and its cells.
#[derive(Debug, Clone, Serialize)]
struct HouseJson {
    kind: &'static str,
    number: u8,
    cells: Vec<String>,
}

impl HintStepJson {
    /// The JSON form of the classic hint `h`; eliminations are grouped by
    /// cell.
    pub fn new(h: &Hint) -> HintStepJson {
        let mut eliminations: Vec<CellDigitsJson> = Vec::new();
        for e in &h.eliminations {
            match eliminations.last_mut() {
                Some(last) if last.cell == cell(e.cell) => last.digits.push(e.digit.get()),
                _ => eliminations.push(CellDigitsJson { cell: cell(e.cell), digits: vec![e.digit.get()] }),
            }
        }
        HintStepJson {
            status: h.status.name(),
            technique: h.technique.map(|t| Some(t.name())),
            difficulty: h.difficulty,
            pattern: Some(h.pattern.iter().map(CellDigitsJson::of).collect()),
            placements: h
                .placements
                .iter()
                .map(|p| CellDigitJson { cell: cell(p.cell), digit: p.digit.get() })
                .collect(),
            eliminations: Some(eliminations),
            text: h.text.clone(),
            reason: None,
            house: h.house.map(|house| HouseJson {
                kind: house.kind,
                number: house.number,
                cells: house.cells.iter().map(|&c| cell(c)).collect(),
            }),
            mistakes: h
                .mistakes
                .iter()
                .map(|m| match *m {
                    Mistake::WrongDigit { cell: c, placed, correct } => MistakeJson {
                        cell: cell(c),
                        kind: Some("wrong digit"),
                        placed: Some(placed.get()),
                        digit: correct.map(Digit::get),
                    },
                    Mistake::ErasedCandidate { cell: c, digit } => MistakeJson {
                        cell: cell(c),
                        kind: Some("erased candidate"),
                        placed: None,
                        digit: digit.map(Digit::get),
                    },
                })
                .collect(),
        }
    }

    /// The JSON form of the variant hint `hint` on `puzzle`, told at
    /// `level`: its status ([`hint_status`]), technique (`null` but for a
    /// placement at the technique or full level), the placement (full
    /// level) or the mistake's cell and placed digit, the reason's place
    /// as data, and its line ([`hint_line`]) as the text.
    pub fn of_variant(puzzle: &Puzzle, hint: &VariantHint, level: Level) -> HintStepJson {
        let at = |c: usize, digit: u8| CellDigitJson { cell: puzzle.cell_name(c), digit };
        let mut reason = None;
        let (technique, placements, mistakes) = match hint {
            VariantHint::Place { technique, reason: name, area, cell: c, digit } => {
                reason = Some(ReasonJson {
                    name: name.clone(),
                    cells: area.iter().map(|&a| puzzle.cell_name(usize::from(a))).collect(),
                });
                match level {
                    Level::Nudge => (None, Vec::new(), Vec::new()),
                    Level::Technique => (Some(*technique), Vec::new(), Vec::new()),
                    Level::Full => (Some(*technique), vec![at(*c, *digit)], Vec::new()),
                }
            }
            VariantHint::Mistake { cell: c, placed, .. } => (
                None,
                Vec::new(),
                vec![MistakeJson {
                    cell: puzzle.cell_name(*c),
                    kind: None,
                    placed: None,
                    digit: Some(*placed),
                }],
            ),
            VariantHint::Solved | VariantHint::NoSolution => (None, Vec::new(), Vec::new()),
        };
        HintStepJson {
            status: hint_status(hint),
            technique: Some(technique),
            difficulty: None,
            pattern: None,
            placements,
            eliminations: None,
            text: hint_line(puzzle, hint, level),
            house: None,
            reason,
            mistakes,
        }
    }

    /// The step of a classic record that did not parse: status
    /// `malformed`, and why as the text.
    pub fn malformed(why: String) -> HintStepJson {
        HintStepJson {
            status: "malformed",
            technique: None,
            difficulty: None,
            pattern: Some(Vec::new()),
            placements: Vec::new(),
            eliminations: Some(Vec::new()),
            text: why,
            house: None,
            reason: None,
            mistakes: Vec::new(),
        }
    }
}

/// One record of `sudoku hint --format json`: the position, its first hint
/// (flattened), and the following ones as `next`.
#[derive(Debug, Clone, Serialize)]
pub struct HintJson {
    position: Option<serde_json::Value>,
    #[serde(flatten)]
    first: HintStepJson,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    next: Vec<HintStepJson>,
}

impl HintJson {
    /// The record of a position (its JSON form, [`position_json`];
    /// `None` for a malformed record), its first step and the next ones.
    pub fn new(
        position: Option<serde_json::Value>,
        first: HintStepJson,
        next: Vec<HintStepJson>,
    ) -> HintJson {
        HintJson { position, first, next }
    }
}

impl HintJson {
    /// The record of `position` and its hints (at least one).
    pub fn of(position: &Position, hints: &[Hint]) -> Option<HintJson> {
        let mut steps = hints.iter().map(HintStepJson::new);
        let first = steps.next()?;
        Some(HintJson::new(Some(position_json(position)), first, steps.collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Grid;

    const GIVENS: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    /// To the end, the hints place every empty cell's solution digit once
    /// and end with `solved`; the first N are the first N of those.
    #[test]
    fn hints_to_the_end_fill_the_grid_with_the_solution() {
        let position = Position::parse(GIVENS).unwrap();
        let grid = Grid::parse_line(GIVENS).unwrap();
        let solution = sudoku_core::Solver::new().solve_one(&grid).unwrap().to_array();
        let mut grader = Grader::new();
        let all = HintRequest { level: Level::Full, steps: Steps::ToEnd, scale: Scale::Se }
            .run(&mut grader, &position);
        assert_eq!(all.last().unwrap().status, Status::Solved);
        let mut placed = grid.to_array();
        for h in &all {
            for p in &h.placements {
                assert_eq!(placed[p.cell.index()], 0, "placed twice");
                assert_eq!(p.digit.get(), solution[p.cell.index()]);
                placed[p.cell.index()] = p.digit.get();
            }
        }
        assert_eq!(placed, solution);
        let three = HintRequest { level: Level::Full, steps: Steps::First(3), scale: Scale::Se }
            .run(&mut grader, &position);
        assert_eq!(three.len(), 3);
        assert_eq!(
            three.iter().map(line_of).collect::<Vec<_>>(),
            all[..3].iter().map(line_of).collect::<Vec<_>>()
        );
        assert!(!is_negative(&all));
        let json = serde_json::to_value(HintJson::of(&position, &three).unwrap()).unwrap();
        assert_eq!(json["next"].as_array().unwrap().len(), 2);
        assert_eq!(json["position"]["givens"], GIVENS);
    }

    /// A variant step has the classic step's type but only the fields a
    /// variant hint knows: no difficulty, pattern, eliminations or house;
    /// its technique is `null` when it has none, and a mistake is its cell
    /// and the digit placed there.
    #[test]
    fn a_variant_step_keeps_only_what_a_variant_hint_knows() {
        let puzzle = Puzzle::parse_line("1...34....4...21", None).unwrap();
        let place = VariantHint::Place {
            technique: "Naked Single",
            reason: "cell".into(),
            area: vec![1],
            cell: 1,
            digit: 2,
        };
        assert_eq!(
            serde_json::to_string(&HintStepJson::of_variant(&puzzle, &place, Level::Full)).unwrap(),
            r#"{"status":"hint","technique":"Naked Single","placements":[{"cell":"r1c2","digit":2}],"#
                .to_owned()
                + r#""text":"Naked Single: r1c2: only 2 is left. So r1c2=2.","#
                + r#""reason":{"name":"cell","cells":["r1c2"]},"mistakes":[]}"#
        );
        // A nudge names the place only; a technique-level hint the technique too.
        assert_eq!(
            serde_json::to_string(&HintStepJson::of_variant(&puzzle, &place, Level::Nudge)).unwrap(),
            r#"{"status":"hint","technique":null,"placements":[],"text":"Look at r1c2.","#.to_owned()
                + r#""reason":{"name":"cell","cells":["r1c2"]},"mistakes":[]}"#
        );
        let hidden = VariantHint::Place {
            technique: "Hidden Single",
            reason: "row 1".into(),
            area: vec![0, 1, 2, 3],
            cell: 1,
            digit: 2,
        };
        let technique =
            serde_json::to_value(HintStepJson::of_variant(&puzzle, &hidden, Level::Technique)).unwrap();
        assert_eq!(technique["technique"], "Hidden Single");
        assert_eq!(technique["text"], "Hidden Single: look at row 1.");
        assert_eq!(technique["placements"], serde_json::json!([]));
        assert_eq!(technique["reason"]["cells"], serde_json::json!(["r1c1", "r1c2", "r1c3", "r1c4"]));
        let mistake = VariantHint::Mistake { cell: 1, placed: 3, solution: 2 };
        assert_eq!(
            serde_json::to_string(&HintStepJson::of_variant(&puzzle, &mistake, Level::Nudge)).unwrap(),
            r#"{"status":"mistakes","technique":null,"placements":[],"#.to_owned()
                + r#""text":"mistake: r1c2 holds 3, the solution has 2","mistakes":[{"cell":"r1c2","digit":3}]}"#
        );
        let malformed = serde_json::to_value(HintStepJson::malformed("bad".into())).unwrap();
        assert_eq!(malformed["pattern"], serde_json::json!([]));
        assert!(malformed.get("technique").is_none());
    }
}
