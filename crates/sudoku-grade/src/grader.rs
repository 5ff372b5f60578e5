//! The grading loop: check the puzzle, then apply the easiest technique
//! that makes progress until the grid is full, and rate the path.

use std::fmt;

use sudoku_core::{Conflict, Grid, Solver};

use crate::band::Band;
use crate::board::{Board, Found};
use crate::chains::Chains;
use crate::ladder::{self, PATTERNS};
use crate::technique::Technique;
use crate::trial::Trials;

/// The grade of a puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Grade {
    /// The difficulty on the Sudoku Explainer scale (about 1.2 to 11; higher
    /// is harder): the difficulty of the hardest step, plus up to 0.09 for
    /// how many steps were about that hard. See the crate docs.
    pub rating: f64,
    /// The band of [`Grade::rating`].
    pub band: Band,
    /// Search nodes: the root plus every assumption followed by the trial
    /// techniques (dynamic and nested forcing chains). 1 when the puzzle
    /// needs no assumption. Every candidate of a step is tried, so the count
    /// does not depend on how the puzzle is relabelled or permuted.
    pub nodes: u64,
    /// Steps that needed assumptions (dynamic or nested forcing chains).
    pub guesses: u64,
    /// The hardest technique used.
    pub technique: Technique,
    /// The solution path, when asked for with [`GradeOptions::explain`];
    /// empty otherwise.
    pub steps: Vec<Step>,
}

/// How to grade.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GradeOptions {
    /// Record the step-by-step solution path in [`Grade::steps`].
    pub explain: bool,
}

/// Why a puzzle was not graded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GradeError {
    /// Two givens with the same digit share a unit.
    #[error("invalid puzzle: {0}")]
    Conflict(Conflict),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    Unsolvable,
    /// The puzzle has more than one solution: a person cannot solve it by
    /// deduction alone.
    #[error("the puzzle has more than one solution")]
    NotUnique,
}

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

/// One step of the solution path: a technique, applied to every instance
/// of it on the grid at once.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its difficulty here: the base rating, plus length for chains.
    pub difficulty: f64,
    /// Digits placed, in cell order.
    pub placements: Vec<Candidate>,
    /// Candidates removed, in cell then digit order.
    pub eliminations: Vec<Candidate>,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} {}:", self.difficulty, self.technique)?;
        for p in &self.placements {
            write!(f, " r{}c{}={}", p.cell_idx / 9 + 1, p.cell_idx % 9 + 1, p.digit)?;
        }
        for e in &self.eliminations {
            write!(f, " r{}c{}<>{}", e.cell_idx / 9 + 1, e.cell_idx % 9 + 1, e.digit)?;
        }
        Ok(())
    }
}

/// The extra difficulty of a chain or net of `len` links or facts: 0.1 for
/// each of the thresholds 4, 6, 8, 12, 16, 24, 32, 48, ... it exceeds (the
/// Sudoku Explainer rule).
pub(crate) fn length_bonus(len: u32) -> f64 {
    let (mut ceil, mut added, mut odd) = (4u32, 0u32, false);
    while len > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    f64::from(added) / 10.0
}

/// A reusable grader: keeps its scratch space between puzzles, so grading
/// many puzzles allocates little.
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_grade::{Band, Grader};
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse().unwrap();
/// let mut grader = Grader::new();
/// let grade = grader.grade(&puzzle).unwrap();
/// assert_eq!(grade.band, Band::Easy);
/// ```
pub struct Grader {
    solver: Solver,
    chains: Chains,
    trials: Trials,
    found: Box<Found>,
    /// The difficulty of each step of the current puzzle.
    difficulties: Vec<f64>,
}

impl Default for Grader {
    fn default() -> Self {
        Grader::new()
    }
}

impl Grader {
    /// A grader with its scratch space allocated.
    pub fn new() -> Self {
        Grader {
            solver: Solver::new(),
            chains: Chains::new(),
            trials: Trials::new(),
            found: Box::default(),
            difficulties: Vec::with_capacity(128),
        }
    }

    /// Grades `puzzle` without recording the steps.
    pub fn grade(&mut self, puzzle: &Grid) -> Result<Grade, GradeError> {
        self.grade_with(puzzle, &GradeOptions::default())
    }

    /// Grades `puzzle`.
    pub fn grade_with(&mut self, puzzle: &Grid, options: &GradeOptions) -> Result<Grade, GradeError> {
        if let Some(c) = puzzle.conflicts().first() {
            return Err(GradeError::Conflict(*c));
        }
        match self.solver.count_solutions_up_to(puzzle, 2) {
            0 => return Err(GradeError::Unsolvable),
            1 => {}
            _ => return Err(GradeError::NotUnique),
        }
        let mut b = Board::from_grid(puzzle).ok_or(GradeError::Unsolvable)?;
        let mut grade = Grade {
            rating: 0.0,
            band: Band::Easy,
            nodes: 1,
            guesses: 0,
            technique: Technique::HiddenSingleBox,
            steps: Vec::new(),
        };
        self.difficulties.clear();
        let mut hardest = 0.0;
        while !b.is_solved() {
            let (technique, difficulty) = self.next_step(&b, &mut grade)?;
            let difficulty = (difficulty * 10.0).round() / 10.0;
            if options.explain {
                grade.steps.push(step(technique, difficulty, &self.found));
            }
            if difficulty > hardest {
                hardest = difficulty;
                grade.technique = technique;
            }
            self.difficulties.push(difficulty);
            b.apply(&self.found);
        }
        grade.rating = rating(hardest, &self.difficulties);
        grade.band = Band::from_rating(grade.rating);
        Ok(grade)
    }

    /// The easiest technique that makes progress on `b` and its difficulty;
    /// its deductions are left in `self.found`.
    fn next_step(&mut self, b: &Board, grade: &mut Grade) -> Result<(Technique, f64), GradeError> {
        let found = &mut *self.found;
        found.clear();
        let pos = b.positions();
        for &t in PATTERNS {
            ladder::find(t, b, &pos, found);
            if !found.is_empty() {
                return Ok((t, t.base_rating()));
            }
        }
        if let Some((t, len)) = self.chains.find(b, &pos, found) {
            return Ok((t, t.base_rating() + length_bonus(len)));
        }
        for (t, plus) in [(Technique::DynamicForcingChain, false), (Technique::DynamicForcingChainPlus, true)]
        {
            if let Some(len) = self.trials.dynamic(b, plus, &mut grade.nodes, found) {
                grade.guesses += 1;
                return Ok((t, t.base_rating() + length_bonus(len)));
            }
        }
        // Trial and error nested deeper and deeper: always ends, since at a
        // depth of the number of open cells it is a full search.
        for depth in 2..=81u32 {
            let before = grade.nodes;
            if self.trials.nested(b, depth, &mut grade.nodes, found) {
                grade.guesses += 1;
                let t = Technique::NestedForcingChain;
                // Here the node count takes over: 0.1 more for each length
                // threshold the thousands of assumptions of the step exceed.
                let kilo_nodes = ((grade.nodes - before) / 1000) as u32;
                return Ok((t, t.base_rating() + f64::from(depth - 2) + length_bonus(kilo_nodes)));
            }
        }
        // Unreachable for a puzzle with one solution; kept as an error rather
        // than a panic.
        Err(GradeError::NotUnique)
    }
}

/// The rating of a path: its hardest step, plus how much of that was
/// needed: 0.05 × log2 of the number of steps within 0.2 of the hardest,
/// at most 0.09 (so a puzzle never passes the next tenth of the scale).
/// Rounded to two decimals.
pub(crate) fn rating(hardest: f64, difficulties: &[f64]) -> f64 {
    let n_hard = difficulties.iter().filter(|&&d| d >= hardest - 0.2 - 1e-9).count().max(1);
    let amount = (0.05 * (n_hard as f64).log2()).min(0.09);
    ((hardest + amount) * 100.0).round() / 100.0
}

fn step(technique: Technique, difficulty: f64, found: &Found) -> Step {
    let mut placements = Vec::new();
    let mut eliminations = Vec::new();
    for cell_idx in 0..81 {
        for d0 in 0..9u8 {
            let digit = d0 + 1;
            if found.place[cell_idx] & (1 << d0) != 0 {
                placements.push(Candidate { cell_idx, digit });
            }
            if found.elim[cell_idx] & (1 << d0) != 0 {
                eliminations.push(Candidate { cell_idx, digit });
            }
        }
    }
    Step { technique, difficulty: (difficulty * 10.0).round() / 10.0, placements, eliminations }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_amount_of_hard_steps_adds_at_most_a_tenth() {
        assert_eq!(rating(7.0, &[1.2, 7.0]), 7.0);
        assert_eq!(rating(7.0, &[6.9, 7.0]), 7.05);
        assert_eq!(rating(7.0, &[6.5, 7.0, 7.0, 6.8]), 7.08);
        assert_eq!(rating(3.8, &[3.8; 40]), 3.89);
        assert_eq!(rating(1.2, &[]), 1.2);
    }

    #[test]
    fn length_bonus_follows_the_explainer_thresholds() {
        let got: Vec<f64> =
            [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].iter().map(|&l| length_bonus(l)).collect();
        let want = [0.0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6];
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-9, "{got:?}");
        }
    }
}
