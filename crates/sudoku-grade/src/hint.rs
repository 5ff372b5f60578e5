//! Hints from any position: the next step of the same ladder the grader
//! climbs, from where the player is, after checking their work.
//!
//! ```
//! use sudoku_core::Position;
//! use sudoku_grade::{hint::{Level, Status}, Grader};
//! let givens = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let p = Position::parse(givens).unwrap();
//! let h = Grader::new().hint(&p, Level::Full);
//! assert_eq!(h.status, Status::Hint);
//! assert_eq!(h.difficulty, Some(1.2));
//! assert!(!h.placements.is_empty());
//! ```

use std::fmt::{self, Write as _};
use std::str::FromStr;

use arrayvec::ArrayVec;
use sudoku_core::{Candidate, Candidates, Cell, Conflict, Digit, Grid, Position};

use crate::board::{bit, Board};
use crate::grader::{offer_the_solution, round_floor, ONE_STEP};
use crate::hits::{Deduction, Hits};
use crate::rating::Tenths;
pub use crate::step::CellDigits;
use crate::step::{candidate, pattern_of};
use crate::technique::Technique;
use crate::units::Units;
use crate::Grader;

/// How much a hint tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Level {
    /// Only where to look: a row, column or box.
    Nudge,
    /// The technique's name and difficulty, and where to look.
    Technique,
    /// Everything: the pattern's cells and what it concludes.
    #[default]
    Full,
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s.to_ascii_lowercase().as_str() {
            "nudge" => Ok(Level::Nudge),
            "technique" => Ok(Level::Technique),
            "full" => Ok(Level::Full),
            _ => Err(format!("unknown hint level {s:?}; expected nudge, technique or full")),
        }
    }
}

/// What the position is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A next step is given.
    Hint,
    /// Every cell holds the right digit.
    Solved,
    /// Some placed digits or erased candidates are wrong: see
    /// [`Hint::mistakes`]. For a position read from its pencil marks that
    /// had no solution, one of them is the change that gives it one.
    Mistakes,
    /// The givens have no solution (a position read from its pencil
    /// marks: and no single change gives it one).
    NoSolution,
    /// The givens have more than one solution.
    NotUnique,
    /// Two givens with the same digit share a unit (a position read from
    /// its pencil marks: and no single change repairs it).
    Invalid,
}

impl Status {
    /// The name used in JSON output: `hint`, `solved`, `mistakes`, `no
    /// solution`, `not unique`, `invalid`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Hint => "hint",
            Status::Solved => "solved",
            Status::Mistakes => "mistakes",
            Status::NoSolution => "no solution",
            Status::NotUnique => "not unique",
            Status::Invalid => "invalid",
        }
    }
}

/// Something wrong in the player's position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mistake {
    /// A placed digit that is not the solution's. `correct` only at
    /// [`Level::Full`].
    WrongDigit {
        /// The cell.
        cell: Cell,
        /// The digit the player placed.
        placed: Digit,
        /// The solution's digit.
        correct: Option<Digit>,
    },
    /// The solution's digit was erased from the cell's pencil marks. The
    /// digit only at [`Level::Full`] (it is the answer).
    ErasedCandidate {
        /// The cell.
        cell: Cell,
        /// The erased digit.
        digit: Option<Digit>,
    },
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Mistake::WrongDigit { cell, placed, correct } => {
                write!(f, "{cell} holds {placed}, which is wrong")?;
                match correct {
                    Some(d) => write!(f, " (it is {d})"),
                    None => Ok(()),
                }
            }
            Mistake::ErasedCandidate { cell, digit: Some(d) } => {
                write!(f, "{cell}: {d} was erased but is the answer")
            }
            Mistake::ErasedCandidate { cell, digit: None } => {
                write!(f, "{cell}: the answer was erased from its candidates")
            }
        }
    }
}

/// The answer to "what now?" for one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// What the position is; the other fields are filled for
    /// [`Status::Hint`] (and `mistakes` for [`Status::Mistakes`]).
    pub status: Status,
    /// The technique (from [`Level::Technique`] up).
    pub technique: Option<Technique>,
    /// Its difficulty on the SE scale.
    pub difficulty: Option<f64>,
    /// The pattern's cells and digits ([`Level::Full`]).
    pub pattern: Vec<CellDigits>,
    /// Digits to place ([`Level::Full`]), in cell order.
    pub placements: Vec<Candidate>,
    /// Candidates to remove ([`Level::Full`]), in cell then digit order.
    pub eliminations: Vec<Candidate>,
    /// The hint in words.
    pub text: String,
    /// The house the hint points at, below [`Level::Full`] ("Look at box
    /// 4"): given as data, so that no reader parses the text.
    pub house: Option<HintHouse>,
    /// The mistakes found, for [`Status::Mistakes`].
    pub mistakes: Vec<Mistake>,
}

/// A house a hint points at: its kind's word (`box`, `row` or `column`),
/// its number (1-9, boxes row by row) and its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintHouse {
    /// `box`, `row` or `column`.
    pub kind: &'static str,
    /// 1 to 9.
    pub number: u8,
    /// The nine cells, in order.
    pub cells: [Cell; 9],
}

impl Hint {
    fn status(status: Status, text: impl Into<String>) -> Hint {
        Hint {
            status,
            technique: None,
            difficulty: None,
            pattern: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            text: text.into(),
            house: None,
            mistakes: Vec::new(),
        }
    }
}

/// The longest text of one [`Mistake`], with the `; ` between two.
const MISTAKE_TEXT_LEN: usize = 50;

/// The unit holding most of `cells` (a set), boxes first, then rows,
/// then columns on a tie: box 4, row 3, column 9.
fn region_of(cells: &[bool; 81]) -> HintHouse {
    let units = Units::classic();
    let mut best = (0, units.boxes_first().next().unwrap_or(0));
    for u in units.boxes_first() {
        let n = units.cells[u].iter().filter(|&&c| cells[c as usize]).count();
        if n > best.0 {
            best = (n, u);
        }
    }
    let u = best.1;
    HintHouse {
        kind: units.kind(u).word(),
        number: units.numbers[u],
        cells: units.cells[u].map(|c| Cell::new(usize::from(c)).expect("a unit's cell is 0-80")),
    }
}

impl Grader {
    /// The next step from `position`, told at `level`; or what stops one:
    /// invalid or ambiguous givens, the player's mistakes, a solved grid.
    ///
    /// A position read from its pencil marks alone (the Sukaku line, the
    /// pencil-mark grid: [`Position::givens_from_marks`]) has no givens: its
    /// cells with one candidate stand for them, and a player who erased the
    /// answer from a cell of two candidates leaves it with a wrong one.
    /// When such a position has no solution or repeats a digit, the hint
    /// looks for the one change that gives it exactly one solution, every
    /// pencil mark keeping its cell's answer: the answer put back in a cell
    /// of one candidate, or that cell's digit replaced. It reports that
    /// change as the mistake, else says that no single change repairs the
    /// position, or that several do. Other positions never search.
    pub fn hint(&mut self, position: &Position, level: Level) -> Hint {
        let givens = position.givens();
        let from_marks = position.givens_from_marks();
        let (what, has) = if from_marks { ("position", "has") } else { ("givens", "have") };
        let conflicts = givens.conflicts();
        let n_solutions = if conflicts.is_empty() { self.count_up_to(givens, 2) } else { 0 };
        let (status, text) = match (conflicts.first(), n_solutions) {
            (Some(c), _) => (Status::Invalid, format!("invalid {what}: {c}")),
            (None, 0) => (Status::NoSolution, format!("the {what} {has} no solution")),
            (None, 1) => match self.solve_first(givens) {
                Some(solution) => return self.checked_hint(position, &solution, level),
                None => (Status::NoSolution, format!("the {what} {has} no solution")),
            },
            _ => return Hint::status(Status::NotUnique, format!("the {what} {has} more than one solution")),
        };
        if !from_marks {
            return Hint::status(status, text);
        }
        match self.repair(position, &conflicts, level) {
            Repair::One(mistake) => mistakes_hint(vec![mistake]),
            Repair::None => Hint::status(status, format!("{text}, and no single change repairs it")),
            Repair::Several(cells) => {
                let mut text = format!("{text}, and single changes repair it in several ways (at ");
                for (i, &c) in cells.iter().enumerate() {
                    let _ = write!(text, "{}{c}", if i == 0 { "" } else { ", " });
                }
                text.push(')');
                Hint::status(status, text)
            }
        }
    }

    /// Hints from `position` on, each from the position the one before
    /// leaves, up to `max_steps` of them: the first is [`Grader::hint`]'s;
    /// the walk stops at a hint that is not [`Status::Hint`] (mistakes,
    /// bad givens, or [`Status::Solved`] once the grid is full, which
    /// counts as a step).
    ///
    /// The walk is the grader's: from the givens it takes the path of
    /// [`Grader::grade_with`] round by round (the steps found on one grid
    /// and taken together), showing each step of a round as a hint of its
    /// own, easiest first, with only the conclusions the round's earlier
    /// steps left open (a step with none left is skipped). So the hardest
    /// hint of a walk to the end is the puzzle's ER. Asking
    /// [`Grader::hint`] again after each step can take another path: when
    /// a round holds several steps, the grid after the first is not the
    /// next round's, and the easiest step there may lead elsewhere.
    ///
    /// ```
    /// use sudoku_core::{Grid, Position};
    /// use sudoku_grade::{hint::{Level, Status}, Grader};
    /// let givens = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    /// let mut grader = Grader::new();
    /// let hints = grader.hints(&Position::parse(givens).unwrap(), Level::Full, usize::MAX);
    /// assert_eq!(hints.last().unwrap().status, Status::Solved);
    /// let hardest = hints.iter().filter_map(|h| h.difficulty).fold(0.0, f64::max);
    /// assert_eq!(hardest, grader.grade(&givens.parse::<Grid>().unwrap()).unwrap().er);
    /// ```
    pub fn hints(&mut self, position: &Position, level: Level, max_steps: usize) -> Vec<Hint> {
        let first = self.hint(position, level);
        if first.status != Status::Hint || max_steps <= 1 {
            return vec![first];
        }
        // Checked: the givens have one solution, the position no mistakes.
        let Some(solution) = self.solve_first(position.givens()) else { return vec![first] };
        let mut b = board_of(position, self.units);
        let mut hits = Hits::new(true);
        let (mut er, mut ep): (Tenths, Option<Tenths>) = (0, None);
        let mut out = Vec::new();
        while out.len() < max_steps {
            if b.is_solved() {
                out.push(Hint::status(Status::Solved, "solved"));
                break;
            }
            // One round, as the grader's walk finds it.
            hits.clear();
            hits.set_floor(round_floor(er, ep));
            hits.set_one_step(ONE_STEP);
            self.next_step(&b, &mut hits, Tenths::MAX);
            hits.set_floor(0);
            if hits.best().is_none() {
                offer_the_solution(&b, &solution, &mut hits);
            }
            er = er.max(hits.best().unwrap_or(0));
            if ep.is_none() && hits.found.place.iter().any(|&m| m != 0) {
                ep = Some(er);
            }
            // Easiest first (a round at the singles' floor mixes
            // difficulties); the sort is stable.
            let mut order: Vec<usize> = (0..hits.hints().len()).collect();
            order.sort_by_key(|&i| hits.hints()[i].difficulty);
            for i in order {
                if out.len() == max_steps {
                    break;
                }
                let step = &hits.hints()[i];
                let open_place = |&&(c, d): &&(usize, u8)| b.value[c] == 0 && b.cands[c] & bit(d) != 0;
                let place: Vec<(usize, u8)> = step.place.iter().filter(open_place).copied().collect();
                let elim: Vec<(usize, u8)> =
                    step.elim.iter().filter(|&&(c, d)| b.cands[c] & bit(d) != 0).copied().collect();
                if place.is_empty() && elim.is_empty() {
                    continue;
                }
                out.push(self.hint_of(step, &place, &elim, level));
                for &(c, d) in &place {
                    b.place(c, d);
                }
                for &(c, d) in &elim {
                    b.cands[c] &= !bit(d);
                }
            }
            // The round's conclusions, all taken: the grader's next grid.
            b.apply(&hits.found);
        }
        out
    }

    /// The hint of a position whose givens have one solution: its
    /// mistakes, else solved, else the next step.
    fn checked_hint(&mut self, position: &Position, solution: &Grid, level: Level) -> Hint {
        let mistakes = mistakes(position.placed(), position.marks(), solution, level);
        if !mistakes.is_empty() {
            return mistakes_hint(mistakes);
        }
        if position.placed().is_complete() {
            return Hint::status(Status::Solved, "solved");
        }
        self.next_hint(position, solution, level)
    }

    /// The one change that gives `position`, read from its pencil marks
    /// and without a solution (or with the digit repeats `conflicts`),
    /// exactly one, with every pencil mark keeping its cell's answer. A
    /// change is at one cell with one candidate (it reads as a digit, `x`):
    ///
    /// - the answer put back among its candidates, next to `x` (the player
    ///   erased it from a cell of two): the cell no longer stands for a
    ///   given, and the others must have exactly one solution
    ///   ([`Mistake::ErasedCandidate`]);
    /// - `x` replaced by another digit (the player placed a wrong one),
    ///   tried only where the first leaves several solutions: with none no
    ///   digit gives one, and with one only the solution's digit can, the
    ///   smaller change having it already ([`Mistake::WrongDigit`]).
    ///
    /// A candidate added to a cell of none or several changes no given, so
    /// it cannot give a solution. With a repeated digit only the cells of
    /// every repeat are tried. At most 81 searches, and 8 more at a cell
    /// whose first leaves several solutions, each counting up to 2.
    fn repair(&mut self, position: &Position, conflicts: &[Conflict], level: Level) -> Repair {
        let givens = *position.givens();
        let marks = position.candidates();
        let full = level == Level::Full;
        // With repeats, a change must undo each of them: only a cell in
        // every conflict can.
        let in_every_conflict = |c: Cell| conflicts.iter().all(|x| x.cells.contains(&c));
        // Every other cell's marks must keep the answer: a repair that
        // leaves a mistake elsewhere is a change of two or more.
        let marks_agree = |c: Cell, s: &Grid| {
            Cell::ALL.into_iter().all(|q| q == c || s.get(q).is_some_and(|d| marks[q.index()].contains(d)))
        };
        let mut found: Vec<Mistake> = Vec::new();
        for c in Cell::ALL.into_iter().filter(|&c| in_every_conflict(c)) {
            let Some(x) = givens.get(c) else { continue };
            let mut without = givens;
            without.set(c, None);
            match self.count_up_to(&without, 2) {
                0 => {}
                1 => {
                    let Some(solution) = self.solve_first(&without) else { continue };
                    // Not `x`, or the position would have had this solution.
                    let answer = solution.get(c).unwrap_or(x);
                    if answer != x && marks_agree(c, &solution) {
                        found.push(Mistake::ErasedCandidate { cell: c, digit: full.then_some(answer) });
                    }
                }
                _ => {
                    let taken = c.peers().filter_map(|q| without.get(q));
                    let taken = taken.fold(Candidates::single(x), Candidates::with);
                    for d in Candidates::ALL.without(taken).iter() {
                        let mut replaced = without;
                        replaced.set(c, d);
                        if self.count_up_to(&replaced, 2) != 1 {
                            continue;
                        }
                        let Some(solution) = self.solve_first(&replaced) else { continue };
                        if marks_agree(c, &solution) {
                            found.push(Mistake::WrongDigit {
                                cell: c,
                                placed: x,
                                correct: full.then_some(d),
                            });
                        }
                    }
                }
            }
        }
        match found[..] {
            [] => Repair::None,
            [one] => Repair::One(one),
            _ => {
                let mut cells: Vec<Cell> = found.iter().map(Mistake::cell).collect();
                cells.dedup();
                Repair::Several(cells)
            }
        }
    }

    /// The step from a checked position (no mistakes, not solved).
    fn next_hint(&mut self, position: &Position, solution: &Grid, level: Level) -> Hint {
        let b = board_of(position, self.units);
        let mut hits = std::mem::replace(&mut self.hint_hits, Hits::first_only());
        hits.clear();
        hits.set_one_step(ONE_STEP);
        let hint = self.hint_from(&b, &mut hits, solution, level);
        self.hint_hits = hits;
        hint
    }

    /// The hint of the first step [`Grader::next_step`] records in `hits`.
    /// It allocates only the hint's own text and lists: the steps are
    /// found in the grader's scratch space, and only the text of the step
    /// shown is written out.
    fn hint_from(&mut self, b: &Board, hits: &mut Hits, solution: &Grid, level: Level) -> Hint {
        self.next_step(b, hits, Tenths::MAX);
        if hits.best().is_none() {
            offer_the_solution(b, solution, hits);
        }
        // One pattern a hint, the first the ladder met, as a player would
        // take it (the grader takes all of the same difficulty at once).
        let first = &hits.hints()[0];
        self.hint_of(first, &first.place, &first.elim, level)
    }

    /// The hint of step `first` at `level`, concluding `place` and `elim`
    /// (its conclusions, or those still open on the board it is shown on).
    fn hint_of(
        &mut self,
        first: &Deduction,
        place: &[(usize, u8)],
        elim: &[(usize, u8)],
        level: Level,
    ) -> Hint {
        let (technique, tenths) = (first.technique, f64::from(first.difficulty) / 10.0);
        let full = level == Level::Full;
        let (step_text, cells) = (&mut self.hint_text, &mut self.hint_pattern);
        step_text.clear();
        let _ = write!(step_text, "{}", first.text);
        pattern_of(&first.text, cells);
        let conclusions = place.len() + elim.len();
        let mut text = if full {
            String::with_capacity(step_text.len() + 10 * conclusions + 16)
        } else {
            // "Look at column 9: there is a {name} (20.0)."
            String::with_capacity(48 + technique.name().len())
        };
        let (pattern, placements, eliminations, house) = if full {
            let mut placements: Vec<Candidate> = place.iter().copied().map(candidate).collect();
            placements.sort_unstable();
            placements.dedup();
            // Offered conclusions hold only live candidates, in the order
            // the technique found them.
            let mut eliminations: Vec<Candidate> = elim.iter().copied().map(candidate).collect();
            eliminations.sort_unstable();
            eliminations.dedup();
            let _ = write!(text, "{tenths:.1} {step_text}. So ");
            let conclusions =
                placements.iter().map(|p| (p, '=')).chain(eliminations.iter().map(|e| (e, '<')));
            for (i, (x, op)) in conclusions.enumerate() {
                let sep = if i == 0 { "" } else { ", " };
                let op = if op == '=' { "=" } else { "<>" };
                let _ = write!(text, "{sep}{}{op}{}", x.cell, x.digit);
            }
            text.push('.');
            (cells.clone(), placements, eliminations, None)
        } else {
            let mut set = [false; 81];
            for p in cells.iter() {
                set[p.cell.index()] = true;
            }
            for &(c, _) in place.iter().chain(elim) {
                set[c] = true;
            }
            let house = region_of(&set);
            let (kind, n) = (house.kind, house.number);
            let _ = match level {
                Level::Nudge => write!(text, "Look at {kind} {n}."),
                _ => write!(text, "Look at {kind} {n}: there is a {} ({tenths:.1}).", technique.name()),
            };
            (Vec::new(), Vec::new(), Vec::new(), Some(house))
        };
        Hint {
            status: Status::Hint,
            technique: (level >= Level::Technique).then_some(technique),
            difficulty: (level >= Level::Technique).then_some(tenths),
            pattern,
            placements,
            eliminations,
            text,
            house,
            mistakes: Vec::new(),
        }
    }
}

/// The board of `position`: its placed digits, and the candidates its
/// pencil marks (or, without them, the placed digits) allow.
fn board_of(position: &Position, units: &'static Units) -> Board {
    let marks = position.candidates();
    let mut b = Board::open();
    b.units = units;
    for (cell, digit) in position.placed().filled() {
        b.place(cell.index(), digit.get());
    }
    // Marks a placed digit rules out (in any house of `units`) are stale:
    // drop them.
    for (c, mark) in marks.iter().enumerate() {
        b.cands[c] &= mark.bits();
    }
    b
}

/// What [`Grader::repair`] found.
enum Repair {
    /// The one change that repairs the position.
    One(Mistake),
    /// No single change does.
    None,
    /// Changes at these cells each do (at one cell: two digits do).
    Several(Vec<Cell>),
}

/// The hint of a position with `mistakes` (not empty).
fn mistakes_hint(mistakes: Vec<Mistake>) -> Hint {
    let mut text = String::with_capacity(MISTAKE_TEXT_LEN * mistakes.len());
    for (i, m) in mistakes.iter().enumerate() {
        let _ = write!(text, "{}{m}", if i == 0 { "" } else { "; " });
    }
    Hint { mistakes, ..Hint::status(Status::Mistakes, text) }
}

impl Mistake {
    /// The cell.
    pub fn cell(&self) -> Cell {
        match *self {
            Mistake::WrongDigit { cell, .. } | Mistake::ErasedCandidate { cell, .. } => cell,
        }
    }
}

/// The `placed` digits that differ from `solution` (givens excepted), then
/// the open cells whose pencil marks lack the solution's digit.
fn mistakes(placed: &Grid, marks: Option<&[Candidates; 81]>, solution: &Grid, level: Level) -> Vec<Mistake> {
    let full = level == Level::Full;
    // On the stack first, so that the list is allocated once, at its size.
    let mut out: ArrayVec<Mistake, 81> = ArrayVec::new();
    for (cell, answer) in solution.filled() {
        match placed.get(cell) {
            Some(d) if d != answer => {
                out.push(Mistake::WrongDigit { cell, placed: d, correct: full.then_some(answer) })
            }
            Some(_) => {}
            None => {
                if marks.is_some_and(|m| !m[cell.index()].contains(answer)) {
                    out.push(Mistake::ErasedCandidate { cell, digit: full.then_some(answer) });
                }
            }
        }
    }
    out.to_vec()
}

impl Hint {
    /// `position` after this hint's placements and eliminations; it keeps
    /// pencil marks from then on (the eliminations live there).
    pub fn apply_to(&self, position: &Position) -> Position {
        let mut placed = *position.placed();
        for p in &self.placements {
            placed.set(p.cell, p.digit);
        }
        // What a placement rules out in its peers goes too.
        let computed = placed.candidates();
        let mut marks = position.candidates();
        for (m, c) in marks.iter_mut().zip(computed) {
            *m = Candidates::from_bits(m.bits() & c.bits());
        }
        for e in &self.eliminations {
            let m = &mut marks[e.cell.index()];
            *m = m.without(Candidates::single(e.digit));
        }
        Position::new(*position.givens(), &placed, Some(marks)).expect("a hint keeps the givens")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hits::Text;

    /// A pattern is the cells the step's text names, each once, with the
    /// digits named there.
    #[test]
    fn a_pattern_is_the_cells_its_text_names() {
        let mut text = Text::default();
        let node = |cand, on| crate::potential::Potential::new(cand, on);
        text.str("Forcing Chain: ").cand(7 * 9 + 4).str(" off: ").node(node(7 * 9 + 4, true)).str(" -> ");
        text.node(node(7 * 9, false)).str(" -> ").node(node(9, true)).str(" ").num(10);
        assert_eq!(text.to_string(), "Forcing Chain: r1c8.5 off: r1c8=5 -> r1c8<>1 -> r1c2=1 10");
        let mut p = Vec::new();
        pattern_of(&text, &mut p);
        let cells: Vec<usize> = p.iter().map(|x| x.cell.index()).collect();
        assert_eq!(cells, [7, 1]);
        assert_eq!(p[0].digits, Candidates::from_bits(0b10001));
        text.clear();
        text.str("Hidden Single: ").cell(10).str(": ").num(3).str(" in block");
        pattern_of(&text, &mut p);
        assert_eq!(p, [CellDigits { cell: Cell::new(10).unwrap(), digits: Candidates::NONE }]);
    }

    /// The cells and digits a step's written text names: `r1c2` alone, or
    /// with a digit as `r1c2.5`, `r1c2=5`, `r1c2<>5` (how hints found their
    /// pattern before they read it from the step's pieces).
    fn parsed_pattern(text: &str) -> Vec<(usize, Candidates)> {
        let mut out: Vec<(usize, Candidates)> = Vec::new();
        let b = text.as_bytes();
        let mut i = 0;
        while i + 3 < b.len() {
            let is_cell = b[i] == b'r'
                && b[i + 1].is_ascii_digit()
                && b[i + 2] == b'c'
                && b[i + 3].is_ascii_digit()
                && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
            if !is_cell || b[i + 1] == b'0' || b[i + 3] == b'0' {
                i += 1;
                continue;
            }
            let c = (b[i + 1] - b'1') as usize * 9 + (b[i + 3] - b'1') as usize;
            let mut j = i + 4;
            let mut digit = Candidates::NONE;
            for sep in [&b"."[..], b"=", b"<>", b"#"] {
                if b[j..].starts_with(sep) && b.get(j + sep.len()).is_some_and(|d| (b'1'..=b'9').contains(d))
                {
                    digit = Digit::new(b[j + sep.len()] - b'0').map_or(Candidates::NONE, Candidates::single);
                    j += sep.len() + 1;
                    break;
                }
            }
            match out.iter_mut().find(|p| p.0 == c) {
                Some(p) => p.1 = p.1.union(digit),
                None => out.push((c, digit)),
            }
            i = j;
        }
        out
    }

    /// The pattern read from a step's pieces is the one its written text
    /// names, on every step of the paths of the calibration sample and on
    /// SE's own positions (`se_states.tsv`), which hold the chains.
    #[test]
    fn the_pattern_from_the_pieces_is_the_one_the_text_names() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/grade/");
        let mut boards: Vec<Board> = Vec::new();
        let sample = std::fs::read_to_string(format!("{dir}se_calibration_sample.csv")).unwrap();
        for line in sample.lines().skip(1).step_by(3) {
            let grid: Grid = line.split(',').next().unwrap().parse().unwrap();
            boards.push(Board::from_grid(&grid).unwrap());
        }
        let states = std::fs::read_to_string(format!("{dir}se_states.tsv")).unwrap();
        let n_puzzles = boards.len();
        for line in states.lines().skip(1) {
            boards.push(crate::testing::marks_board(line.split('\t').nth(2).unwrap()));
        }
        let (mut grader, mut n_steps, mut out) = (Grader::new(), 0, Vec::new());
        for (i, mut b) in boards.into_iter().enumerate() {
            // Puzzles are followed to the end; SE's positions give one round.
            for _ in 0..if i < n_puzzles { 200 } else { 1 } {
                let mut hits = Hits::new(true);
                grader.next_step(&b, &mut hits, Tenths::MAX);
                if hits.best().is_none() {
                    break;
                }
                for h in hits.hints() {
                    pattern_of(&h.text, &mut out);
                    let ours: Vec<(usize, Candidates)> =
                        out.iter().map(|p| (p.cell.index(), p.digits)).collect();
                    assert_eq!(ours, parsed_pattern(&h.text.to_string()), "{}", h.text);
                    n_steps += 1;
                }
                b.apply(&hits.found);
                if b.is_solved() {
                    break;
                }
            }
        }
        assert!(n_steps > 5000, "{n_steps} steps");
    }

    #[test]
    fn the_region_is_where_most_of_the_pattern_is() {
        let set = |cells: &[usize]| {
            let mut set = [false; 81];
            cells.iter().for_each(|&c| set[c] = true);
            set
        };
        let named = |cells: &[usize]| {
            let h = region_of(&set(cells));
            (h.kind, h.number, h.cells.map(|c| c.index()))
        };
        assert_eq!(named(&[0, 1, 2, 10]), ("box", 1, [0, 1, 2, 9, 10, 11, 18, 19, 20]));
        assert_eq!(named(&[0, 4, 8]), ("row", 1, [0, 1, 2, 3, 4, 5, 6, 7, 8]));
        assert_eq!(named(&[8, 17, 80]), ("column", 9, [8, 17, 26, 35, 44, 53, 62, 71, 80]));
    }
}
