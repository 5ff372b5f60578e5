//! What a grade and a hint hand out: the [`Step`]s of a path, the
//! [`Candidate`]s they conclude, and the [`CellDigits`] of a pattern.

use std::fmt;

use sudoku_core::Candidates;

use crate::hits::Deduction;
use crate::rating::rating;
use crate::technique::Technique;

/// A candidate: a digit in a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell, 0–80 row-major.
    pub cell_idx: usize,
    /// The digit, 1–9.
    pub digit: u8,
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}#{}", self.cell_idx / 9 + 1, self.cell_idx % 9 + 1, self.digit)
    }
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
    /// Digits placed, in cell order.
    pub placements: Vec<Candidate>,
    /// Candidates removed, in cell then digit order.
    pub eliminations: Vec<Candidate>,
    /// Which round of the path, from 0: the steps of one round were found
    /// on the same grid, as equally easy, and taken together (the first is
    /// the one [`Grader::hint`] gives on that grid).
    pub round: u32,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} {} =>", self.difficulty, self.pattern)?;
        for p in &self.placements {
            write!(f, " r{}c{}={}", p.cell_idx / 9 + 1, p.cell_idx % 9 + 1, p.digit)?;
        }
        for e in &self.eliminations {
            write!(f, " r{}c{}<>{}", e.cell_idx / 9 + 1, e.cell_idx % 9 + 1, e.digit)?;
        }
        Ok(())
    }
}

/// Cells and digits of a pattern, as an app would highlight them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellDigits {
    /// The cell, 0–80.
    pub cell_idx: usize,
    /// The digits of the pattern in that cell (empty: the cell itself).
    pub digits: Candidates,
}

impl Step {
    /// The step of deduction `h`, found in round `round`.
    pub(crate) fn of(h: &Deduction, round: u32) -> Step {
        let cand = |&(cell_idx, digit): &(usize, u8)| Candidate { cell_idx, digit };
        let mut placements: Vec<Candidate> = h.place.iter().map(cand).collect();
        let mut eliminations: Vec<Candidate> = h.elim.iter().map(cand).collect();
        placements.sort();
        eliminations.sort();
        Step {
            technique: h.technique,
            difficulty: rating(h.difficulty),
            pattern: h.text.to_string(),
            placements,
            eliminations,
            round,
        }
    }
}
