//! Grading 9×9 variants with extra houses: X (both diagonals), windoku
//! (four windows) and disjoint groups, rules of moves: anti-knight and
//! anti-king, and non-consecutive neighbours, alone or together, on the
//! classic boxes. The grader walks the
//! same ladder with the variant's unit table ([`crate::units::Units`]):
//! every rule that scans units scans the extra houses too, and peers
//! include the cells of a cell's extra houses and the cells a move away.

use std::sync::atomic::AtomicBool;

use sudoku_core::{Grid, SearchStats};
use sudoku_variant::{Instance, Layout, Puzzle, VariantSolver};

use super::{Grade, GradeError, GradeOptions, Grader};
use crate::units::{ExtraHouses, Units};

/// Why [`Grader::for_variant`] cannot grade a puzzle's shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unsupported {
    /// The grid is not 9×9.
    #[error("the grader rates 9x9 grids only, not {0}x{0}")]
    Size(usize),
    /// Jigsaw regions or the samurai layout instead of 3×3 boxes.
    #[error("the grader rates grids with 3x3 boxes only (no jigsaw, no samurai)")]
    Layout,
    /// A rule that is neither extra houses, moves nor non-consecutive
    /// neighbours (any constraint drawn on the grid).
    #[error("the grader does not rate the rule {0}")]
    Rule(&'static str),
}

/// The extra houses of `puzzle`, when the grader can rate its shape.
fn extra_houses(puzzle: &Puzzle) -> Result<ExtraHouses, Unsupported> {
    if puzzle.size() != 9 {
        return Err(Unsupported::Size(puzzle.size()));
    }
    if *puzzle.layout() != (Layout::Boxes { rows: 3, cols: 3 }) {
        return Err(Unsupported::Layout);
    }
    if let Some(c) = puzzle.constraints().first() {
        return Err(Unsupported::Rule(c.kind().name()));
    }
    // A rule the ladder takes is only extra houses or only cells that
    // differ, of a family its unit tables model; anything else is refused
    // by name, never ignored.
    let mut extra = ExtraHouses::NONE;
    for rule in puzzle.rules().iter() {
        let family = if rule.houses_only() {
            ExtraHouses::of_houses(&rule.houses(puzzle, 0, 0))
        } else if rule.pairs_only() {
            let distinct = rule.distinct(puzzle, &Instance::default());
            let apart = rule.not_consecutive(puzzle);
            match (distinct.is_empty(), apart.is_empty()) {
                (false, true) => ExtraHouses::of_pairs(&distinct),
                (true, false) => ExtraHouses::of_not_consecutive(&apart),
                _ => None,
            }
        } else {
            None
        };
        extra = extra.union(family.ok_or(Unsupported::Rule(rule.name()))?);
    }
    Ok(extra)
}

impl Grader {
    /// A grader for puzzles of the shape of `puzzle`: a 9×9 grid with 3×3
    /// boxes and any of the rules `x`, `windoku`, `disjoint-groups`,
    /// `anti-knight` and `anti-king` (none is the classic grid). Grade its puzzles with
    /// [`Grader::grade_variant`], or with [`Grader::grade`] and the givens
    /// as a [`Grid`]. Hints ([`Grader::hint`]) stay classic.
    ///
    /// ```
    /// use sudoku_grade::{GradeOptions, Grader};
    /// use sudoku_variant::Puzzle;
    /// let puzzle = Puzzle::from_json(
    ///     r#"{"rules":["x"],"givens":"...52....17398425...6.13..8..9..7583..5.32......49576.9.2.5..1..8.....2...7....3."}"#,
    /// )?.puzzle;
    /// let mut grader = Grader::for_variant(&puzzle)?;
    /// let grade = grader.grade_variant(&puzzle, &GradeOptions::default())?;
    /// assert_eq!(grade.er, 1.2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_variant(puzzle: &Puzzle) -> Result<Grader, Unsupported> {
        let extra = extra_houses(puzzle)?;
        let mut grader = Grader::new();
        if extra != ExtraHouses::NONE {
            grader.units = Units::with(extra);
            let shape = puzzle.with_givens(vec![0; 81]).unwrap_or_else(|_| puzzle.clone());
            grader.variant = Some(Box::new(VariantSolver::new(&shape)));
        }
        Ok(grader)
    }

    /// Grades `puzzle`, which must have the shape this grader was made for
    /// ([`Grader::for_variant`]; a classic grader takes classic puzzles).
    pub fn grade_variant(&mut self, puzzle: &Puzzle, options: &GradeOptions) -> Result<Grade, GradeError> {
        self.grade_variant_until(puzzle, options, &super::NEVER)
    }

    /// [`Grader::grade_variant`] unless `stop` is set first (see
    /// [`Grader::grade_until`]).
    pub fn grade_variant_until(
        &mut self,
        puzzle: &Puzzle,
        options: &GradeOptions,
        stop: &AtomicBool,
    ) -> Result<Grade, GradeError> {
        if extra_houses(puzzle).ok() != Some(self.units.extra) {
            return Err(GradeError::OtherShape);
        }
        let cells: [u8; 81] = puzzle.givens().try_into().map_err(|_| GradeError::OtherShape)?;
        let grid = Grid::from_array(cells).ok_or(GradeError::OtherShape)?;
        self.grade_until(&grid, options, stop)
    }
}

/// The solution of `puzzle` on the variant of `solver`, with the search's
/// effort in `last_search` (the variant solver counts nodes, not guesses:
/// `guesses` is 0); the errors of [`Grader::grade`] when there is
/// not exactly one (two givens of a digit in an extra house: no solution).
pub(super) fn solve_unique(
    solver: &mut VariantSolver,
    puzzle: &Grid,
    last_search: &mut Option<SearchStats>,
) -> Result<(Grid, SearchStats), GradeError> {
    let givens: Vec<u8> = puzzle.to_array().to_vec();
    let mut solutions: Vec<Vec<u8>> = Vec::with_capacity(2);
    let n = solver.for_each_solution(&givens, 2, |s| solutions.push(s.to_vec()));
    let nodes = solver.nodes();
    let search = SearchStats { nodes, guesses: 0, backtracks: 0 };
    *last_search = Some(search);
    match n {
        0 => Err(GradeError::Unsolvable),
        1 => {
            let cells: [u8; 81] = solutions[0].as_slice().try_into().map_err(|_| GradeError::Unsolvable)?;
            Ok((Grid::from_array(cells).ok_or(GradeError::Unsolvable)?, search))
        }
        _ => Err(GradeError::NotUnique),
    }
}
