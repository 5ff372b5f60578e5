//! `hint`: the next steps from a player's position, one or several, each
//! from the position the previous one leaves; and the rows they are
//! written as.

use serde::Serialize;
use sudoku_core::{Cell, Digit, Position};
use sudoku_grade::hint::{CellDigits, Hint, Level, Mistake, Status};
use sudoku_grade::{Grader, Scale};
use sudoku_io::position_json;

use crate::choice::Named;
use crate::format::Format;

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

    /// Whether a record's steps are a block ended by a blank line, in line
    /// format: with more than one step asked.
    pub fn is_multi(&self) -> bool {
        !matches!(self.steps, Steps::First(1))
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
struct CellDigitJson {
    cell: String,
    digit: u8,
}

#[derive(Debug, Clone, Serialize)]
struct MistakeJson {
    cell: String,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    placed: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<u8>,
}

/// One hint in JSON: status, technique, difficulty, pattern, placements,
/// eliminations, text and mistakes; cells are `rRcC`.
#[derive(Debug, Clone, Serialize)]
pub struct HintStepJson {
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<f64>,
    pattern: Vec<CellDigitsJson>,
    placements: Vec<CellDigitJson>,
    eliminations: Vec<CellDigitsJson>,
    text: String,
    /// The house a nudge or a technique-level hint points at.
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<HouseJson>,
    mistakes: Vec<MistakeJson>,
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
    /// The JSON form of `h`; eliminations are grouped by cell.
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
            technique: h.technique.map(|t| t.name()),
            difficulty: h.difficulty,
            pattern: h.pattern.iter().map(CellDigitsJson::of).collect(),
            placements: h
                .placements
                .iter()
                .map(|p| CellDigitJson { cell: cell(p.cell), digit: p.digit.get() })
                .collect(),
            eliminations,
            text: h.text.clone(),
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
                        kind: "wrong digit",
                        placed: Some(placed.get()),
                        digit: correct.map(Digit::get),
                    },
                    Mistake::ErasedCandidate { cell: c, digit } => MistakeJson {
                        cell: cell(c),
                        kind: "erased candidate",
                        placed: None,
                        digit: digit.map(Digit::get),
                    },
                })
                .collect(),
        }
    }

    /// The step of a record that did not parse: status `malformed`, and why
    /// as the text.
    pub fn malformed(why: String) -> HintStepJson {
        HintStepJson {
            status: "malformed",
            technique: None,
            difficulty: None,
            pattern: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            text: why,
            house: None,
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
}
