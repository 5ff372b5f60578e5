//! Hints on any variant: from a player's position (givens plus placed
//! digits), first any mistake (a placed digit that differs from the unique
//! solution), else the simplest next placement: a naked single, a hidden
//! single in a house (named by kind), a digit one constraint forces (a
//! killer cage's combinations, a thermometer's order); when none of these
//! applies, the variant ladder's way to its next placement
//! ([`Puzzle::path_to_placement`]), named by its hardest step; only where
//! that needs a trial, the cell with the fewest candidates and its digit
//! from the solution, said as such. The SE ladder's hints are
//! `sudoku-grade`'s, for the variants it knows.

use crate::constraint::Masks;
use crate::{Puzzle, VariantSolver};

/// What the next step is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariantHint {
    /// A placed digit differs from the solution.
    Mistake {
        /// Canvas index of the cell.
        cell: usize,
        /// The digit placed there.
        placed: u8,
        /// The solution's digit.
        solution: u8,
    },
    /// A digit goes in a cell, and why.
    Place {
        /// The technique: `Naked Single`, `Hidden Single`, `Cage
        /// Combination`, a constraint kind's title (`Thermo`, `Arrow`: the
        /// constraint alone narrows the cell to one digit) or `Solution`
        /// (nothing simple applies).
        technique: &'static str,
        /// Where the reason lies: `row 3`, `cage at r1c1`, `cell`.
        reason: String,
        /// The cells of the reason, as data (canvas cells, ascending): the
        /// house, the constraint, the cell itself, or, for a step of the
        /// ladder, the cells its path places in and removes from.
        area: Vec<u16>,
        /// Canvas index of the cell.
        cell: usize,
        /// The digit.
        digit: u8,
    },
    /// Every cell is filled and correct.
    Solved,
    /// The givens have no solution.
    NoSolution,
}

/// Why a position cannot be hinted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HintError {
    /// The placed digits are not one per canvas position.
    #[error("{found} placed cells, expected {expected}")]
    Length {
        /// How many there were.
        found: usize,
        /// How many the canvas has.
        expected: usize,
    },
    /// A placed digit overwrites a given.
    #[error("{cell} overwrites the given {given}")]
    OverGiven {
        /// The cell's name.
        cell: String,
        /// The given there.
        given: u8,
    },
    /// The puzzle has more than one solution, so mistakes cannot be told.
    #[error("the puzzle has more than one solution")]
    NotUnique,
}

impl Puzzle {
    /// The next step from `placed` (one digit per canvas position, givens
    /// included or not; 0 = empty).
    pub fn hint(&self, placed: &[u8]) -> Result<VariantHint, HintError> {
        self.hint_with(placed, None)
    }

    /// [`Puzzle::hint`] when the caller may know the puzzle's unique
    /// solution (a server that searched it for an earlier request): with
    /// `Some`, no search. `solution` must be that solution (canvas order).
    pub fn hint_with(&self, placed: &[u8], solution: Option<&[u8]>) -> Result<VariantHint, HintError> {
        let canvas = self.canvas_len();
        let board = self.board(placed)?;
        let solution = match solution {
            Some(known) if known.len() == canvas => known.to_vec(),
            _ => match self.board_solution(&board) {
                Ok(found) => found,
                Err(hint) => return hint,
            },
        };
        if let Some(cell) = (0..canvas).find(|&i| board[i] != 0 && board[i] != solution[i]) {
            return Ok(VariantHint::Mistake { cell, placed: board[cell], solution: solution[cell] });
        }
        if (0..canvas).all(|i| !self.is_cell(i) || board[i] != 0) {
            return Ok(VariantHint::Solved);
        }
        let cands = self.candidates(&board);
        let place = |technique, reason: String, mut area: Vec<u16>, cell: usize, digit: u8| {
            debug_assert_eq!(solution[cell], digit);
            area.sort_unstable();
            area.dedup();
            VariantHint::Place { technique, reason, area, cell, digit }
        };
        // Naked singles, in cell order.
        for i in self.cells() {
            if board[i] == 0 && cands[i].count_ones() == 1 {
                return Ok(place(
                    "Naked Single",
                    "cell".into(),
                    vec![i as u16],
                    i,
                    cands[i].trailing_zeros() as u8 + 1,
                ));
            }
        }
        // Hidden singles, house by house.
        for house in self.houses() {
            for d in 1..=self.size() as u8 {
                let bit = 1u32 << (d - 1);
                if house.cells.iter().any(|&c| board[usize::from(c)] == d) {
                    continue;
                }
                let spots: Vec<usize> =
                    house.cells.iter().map(|&c| usize::from(c)).filter(|&c| cands[c] & bit != 0).collect();
                if let [only] = spots[..] {
                    let name = self.house_name(house.kind, &house.cells);
                    return Ok(place("Hidden Single", name, house.cells.clone(), only, d));
                }
            }
        }
        // A constraint (cage, thermometer, arrow, ...) narrowing a cell to
        // one digit.
        for constraint in self.constraints() {
            let mut narrowed = Masks(cands.clone());
            if !constraint.kind().narrow(constraint.instance(), self.size(), &mut narrowed) {
                continue;
            }
            for c in constraint.cells().map(usize::from) {
                let left = narrowed.0[c];
                if board[c] == 0 && left.count_ones() == 1 && cands[c].count_ones() > 1 {
                    let digit = left.trailing_zeros() as u8 + 1;
                    let area = constraint.cells().collect();
                    return Ok(place(
                        constraint.kind().hint_title(),
                        constraint.describe(self),
                        area,
                        c,
                        digit,
                    ));
                }
            }
        }
        // Nothing simple: the ladder's way to its first placement from
        // here, named by its hardest step ("X-Wing (5 in rows 2, 7), then
        // Hidden Single in row 3").
        if let Ok(position) = self.with_givens(board.clone()) {
            let path = position.path_to_placement(&solution);
            if let (Some(last), Some(hardest)) = (path.last(), path.iter().max_by_key(|s| s.difficulty)) {
                if let (&[(cell, digit)], false) = (&last.place[..], last.technique == "Trial") {
                    let reason = match hardest == last {
                        true => last.reason.clone(),
                        false => format!("{}, then {} ({})", hardest.reason, last.technique, last.reason),
                    };
                    let area =
                        path.iter().flat_map(|s| s.place.iter().chain(&s.elim).map(|&(c, _)| c)).collect();
                    return Ok(place(hardest.technique, reason, area, usize::from(cell), digit));
                }
            }
        }
        // Nothing on the ladder either: the most constrained cell, from
        // the solution.
        let cell = self
            .cells()
            .into_iter()
            .filter(|&i| board[i] == 0)
            .min_by_key(|&i| cands[i].count_ones())
            .expect("an empty cell");
        let reason = format!("{} candidates left", cands[cell].count_ones());
        Ok(place("Solution", reason, vec![cell as u16], cell, solution[cell]))
    }

    /// The puzzle's one solution, searched from `board` (a position of
    /// it), or the answer when there is none: no solution, or not unique.
    fn board_solution(&self, board: &[u8]) -> Result<Vec<u8>, Result<VariantHint, HintError>> {
        // The board's own completion is the cheap question (it has the
        // most digits); the givens alone are solved only when the board
        // has no single completion: to find the mistake, or to say why.
        let mut solver = VariantSolver::new(self);
        let mut solutions = Vec::new();
        solver.for_each_solution(board, 2, |s| solutions.push(s.to_vec()));
        if solutions.len() != 1 {
            solutions.clear();
            solver.for_each_solution(self.givens(), 2, |s| solutions.push(s.to_vec()));
        }
        match solutions.len() {
            0 => Err(Ok(VariantHint::NoSolution)),
            1 => Ok(solutions.pop().expect("one solution")),
            _ => Err(Err(HintError::NotUnique)),
        }
    }

    /// The board of a player's position: the givens with `placed` (one
    /// digit per canvas position, givens included or not; 0 = empty) on
    /// top. A placed digit may not overwrite a given.
    pub fn board(&self, placed: &[u8]) -> Result<Vec<u8>, HintError> {
        let canvas = self.canvas_len();
        if placed.len() != canvas {
            return Err(HintError::Length { found: placed.len(), expected: canvas });
        }
        let mut board = self.givens().to_vec();
        for (i, &d) in placed.iter().enumerate() {
            let given = self.givens()[i];
            if d != 0 && given != 0 && d != given {
                return Err(HintError::OverGiven { cell: self.cell_name(i), given });
            }
            if d != 0 && self.is_cell(i) && usize::from(d) <= self.size() {
                board[i] = d;
            }
        }
        Ok(board)
    }

    /// Candidates of every canvas position after removing the digits of
    /// filled cells from the cells they see (houses, cages, the kinds'
    /// distinct groups) and their non-consecutive neighbours' consecutive
    /// digits.
    fn candidates(&self, board: &[u8]) -> Vec<u32> {
        let full = (1u32 << self.size()) - 1;
        let mut cands: Vec<u32> = vec![full; board.len()];
        let sight = self.sight();
        for (c, &d) in board.iter().enumerate().filter(|(_, &d)| d != 0) {
            sight.rule_out(&mut cands, c, d);
        }
        // A filled cell holds its own digit.
        for (c, &d) in board.iter().enumerate().filter(|(_, &d)| d != 0) {
            cands[c] = 1 << (d - 1);
        }
        cands
    }
}
