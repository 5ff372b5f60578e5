//! What a grade and a hint hand out: the [`Step`]s of a path, with the
//! core [`Candidate`]s they conclude, and the [`CellDigits`] of a pattern.

use std::fmt;

use sudoku_core::{Candidate, Candidates, Cell, Digit};

use crate::hits::{Deduction, Text};
use crate::rating::rating;
use crate::technique::Technique;

/// The typed candidate of a board's (cell, digit) pair.
pub(crate) fn candidate((cell_idx, digit): (usize, u8)) -> Candidate {
    let cell = Cell::new(cell_idx).expect("a board cell is 0-80");
    Candidate::new(cell, Digit::new(digit).expect("a board digit is 1-9"))
}

/// One step of the solution path: one pattern and what it concludes.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its difficulty here, on the SE scale (one decimal).
    pub difficulty: f64,
    /// The pattern as SE describes it: the variant's name, then its cells,
    /// links or chain.
    pub pattern: String,
    /// The cells the pattern names, each once, with the digits named there
    /// (as data, for an app to highlight without reading `pattern`).
    pub cells: Vec<CellDigits>,
    /// Digits placed, in cell order.
    pub placements: Vec<Candidate>,
    /// Candidates removed, in cell then digit order.
    pub eliminations: Vec<Candidate>,
    /// Which round of the path, from 0: the steps of one round were found
    /// on the same grid, as equally easy, and taken together (the first is
    /// the one [`Grader::hint`](crate::Grader::hint) gives on that grid).
    pub round: u32,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} {} =>", self.difficulty, self.pattern)?;
        for p in &self.placements {
            write!(f, " {}={}", p.cell, p.digit)?;
        }
        for e in &self.eliminations {
            write!(f, " {}<>{}", e.cell, e.digit)?;
        }
        Ok(())
    }
}

/// Cells and digits of a pattern, as an app would highlight them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellDigits {
    /// The cell.
    pub cell: Cell,
    /// The digits of the pattern in that cell (empty: the cell itself).
    pub digits: Candidates,
}

impl Step {
    /// The step of deduction `h`, found in round `round`.
    pub(crate) fn of(h: &Deduction, round: u32) -> Step {
        let mut placements: Vec<Candidate> = h.place.iter().copied().map(candidate).collect();
        let mut eliminations: Vec<Candidate> = h.elim.iter().copied().map(candidate).collect();
        placements.sort();
        eliminations.sort();
        let mut cells = Vec::new();
        pattern_of(&h.text, &mut cells);
        Step {
            technique: h.technique,
            difficulty: rating(h.difficulty),
            pattern: h.text.to_string(),
            cells,
            placements,
            eliminations,
            round,
        }
    }
}

/// The cells and digits step text `text` names, into `out`: each cell
/// once, where it is first named, with every digit named there.
pub(crate) fn pattern_of(text: &Text, out: &mut Vec<CellDigits>) {
    out.clear();
    for (cell, digit) in text.named() {
        let digits = digit.map_or(Candidates::NONE, Candidates::single);
        match out.iter_mut().find(|p| p.cell == cell) {
            Some(p) => p.digits = p.digits.union(digits),
            None => out.push(CellDigits { cell, digits }),
        }
    }
}
