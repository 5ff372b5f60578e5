//! `solve` for variant puzzles (any size, jigsaw, samurai, killer, X, …):
//! the answer for one [`Puzzle`] and the rows it is written as. Classic
//! 9×9 puzzles read this way still go to `sudoku-core`'s solver.

use serde::Serialize;
use sudoku_grade::hint::Level;
use sudoku_variant::{format_digits, Puzzle, VariantSolver};

use crate::solve::{status_word, SolveMode};

/// The answer for one variant puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantAnswer {
    /// The first solution (canvas order), when kept.
    pub first: Option<Vec<u8>>,
    /// The count, when counted (and with [`SolveMode::All`], the listed
    /// solutions' number).
    pub count: Option<u64>,
    /// With [`SolveMode::All`], the solutions listed.
    pub all: Vec<Vec<u8>>,
    /// With [`SolveMode::All`]: whether every solution is listed.
    pub complete: bool,
    /// Search nodes (0 for a classic 9×9, solved by the core solver).
    pub nodes: u64,
    /// The node budget ran out first ([`answer_within`]): the solutions
    /// and count are what was found before.
    pub stopped: bool,
}

/// Why a puzzle has no answer key: no solution, or more than one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NotUnique {
    /// No solution.
    #[error("the puzzle has no solution, so no answer key")]
    None,
    /// Two or more solutions.
    #[error("the puzzle has more than one solution")]
    Many,
}

/// The one solution of `puzzle` (its answer key), or why there is none.
pub fn unique_solution(puzzle: &Puzzle) -> Result<Vec<u8>, NotUnique> {
    let mut solutions = Vec::with_capacity(2);
    VariantSolver::new(puzzle).for_each_solution(puzzle.givens(), 2, |s| solutions.push(s.to_vec()));
    match solutions.len() {
        0 => Err(NotUnique::None),
        1 => Ok(solutions.pop().expect("one solution")),
        _ => Err(NotUnique::Many),
    }
}

/// The clues of a unique `puzzle` that can go without losing its
/// uniqueness, each named: a given (`r1c1=5`), a number written on a
/// constraint (`the sum of cage at r1c1 (sum 12)`: the cage stays,
/// without its sum), a constraint without a number (`thermometer at
/// r2c3`). Each is tried alone, on the whole puzzle. Empty for a minimal
/// puzzle, where every clue of every type is needed (and for a puzzle
/// that is not unique to begin with).
///
/// ```
/// use sudoku_commands::variant::redundant_clues;
/// use sudoku_variant::Puzzle;
/// // A full 4x4 grid: any one given can go.
/// let full = Puzzle::parse_line("1234341221434321", Some(4)).unwrap();
/// assert_eq!(redundant_clues(&full).len(), 16);
/// ```
pub fn redundant_clues(puzzle: &Puzzle) -> Vec<String> {
    // A classic 9x9 counts on the core solver, many times faster.
    let classic = puzzle.is_classic() && puzzle.size() == 9;
    let mut core = sudoku_core::Solver::new();
    let mut unique = |p: &Puzzle| {
        let cells: Option<[u8; 81]> = p.givens().try_into().ok();
        match cells.and_then(sudoku_core::Grid::from_array) {
            Some(grid) if classic => core.count_solutions_up_to(&grid, 2) == 1,
            _ => VariantSolver::new(p).count_up_to(p.givens(), 2) == 1,
        }
    };
    if !unique(puzzle) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (c, &d) in puzzle.givens().iter().enumerate() {
        if d == 0 {
            continue;
        }
        let mut givens = puzzle.givens().to_vec();
        givens[c] = 0;
        if puzzle.with_givens(givens).is_ok_and(|p| unique(&p)) {
            out.push(format!("{}={}", puzzle.cell_name(c), sudoku_variant::digit_char(d)));
        }
    }
    let constraints = puzzle.constraints();
    for (i, constraint) in constraints.iter().enumerate() {
        let mut fewer = constraints.to_vec();
        let what = match constraint.instance().value {
            Some(_) => {
                let parts = constraint.instance().parts.clone();
                fewer[i] =
                    sudoku_variant::Constraint::of(constraint.kind(), sudoku_variant::Instance::of(parts));
                format!("the number of {}", constraint.describe(puzzle))
            }
            None => {
                fewer.remove(i);
                constraint.describe(puzzle)
            }
        };
        if puzzle.with_constraints(fewer).is_ok_and(|p| unique(&p)) {
            out.push(what);
        }
    }
    out
}

/// Solves, counts or lists `puzzle` as `mode` asks.
pub fn answer(puzzle: &Puzzle, mode: SolveMode) -> VariantAnswer {
    answer_within(puzzle, mode, u64::MAX)
}

/// [`answer`] within `node_limit` search nodes: past them the answer says
/// `stopped` (a server's bound on a puzzle whose search never ends, such
/// as an empty jigsaw without a solution).
pub fn answer_within(puzzle: &Puzzle, mode: SolveMode, node_limit: u64) -> VariantAnswer {
    answer_until(puzzle, mode, node_limit, None)
}

/// [`answer_within`], also stopped soon after `stop` is set (by another
/// thread: a server's time budget, a client that went away); a stopped
/// answer says `stopped`, whichever bound ended it.
pub fn answer_until(
    puzzle: &Puzzle,
    mode: SolveMode,
    node_limit: u64,
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> VariantAnswer {
    let mut solver = VariantSolver::new(puzzle);
    let givens = puzzle.givens();
    let mut out =
        VariantAnswer { first: None, count: None, all: Vec::new(), complete: true, nodes: 0, stopped: false };
    let outcome = match mode {
        SolveMode::First => {
            let mut first = None;
            let (_, outcome) =
                solver.for_each_solution_until(givens, 1, node_limit, stop, |s| first = Some(s.to_vec()));
            out.first = first;
            outcome
        }
        SolveMode::Count(limit) => {
            let mut first = None;
            let (n, outcome) = solver.for_each_solution_until(givens, limit, node_limit, stop, |s| {
                first.get_or_insert_with(|| s.to_vec());
            });
            out.first = first;
            out.count = Some(n);
            outcome
        }
        SolveMode::All(limit) => {
            // One more than the limit tells "all" from "limit".
            let mut all = Vec::new();
            let (_, outcome) =
                solver.for_each_solution_until(givens, limit.saturating_add(1), node_limit, stop, |s| {
                    all.push(s.to_vec())
                });
            out.complete = all.len() as u64 <= limit;
            all.truncate(limit as usize);
            out.first = all.first().cloned();
            out.count = Some(all.len() as u64);
            out.all = all;
            outcome
        }
    };
    out.stopped = outcome != sudoku_variant::Outcome::Done;
    out.nodes = solver.nodes();
    out
}

impl VariantAnswer {
    /// The status word, as classic `solve` writes it (`solved`, `unique`,
    /// `multiple`, `unsolvable`, `solvable`; `all`/`limit` with a list;
    /// `stopped` when the node budget ran out).
    pub fn status(&self, mode: SolveMode) -> &'static str {
        match mode {
            _ if self.stopped => "stopped",
            SolveMode::All(_) if self.first.is_none() => "unsolvable",
            SolveMode::All(_) if self.complete => "all",
            SolveMode::All(_) => "limit",
            _ => status_word(mode, self.first.is_some() || self.count.is_some_and(|n| n > 0), self.count),
        }
    }
}

/// Column names of variant `solve`'s CSV rows.
pub const CSV_HEADER: &[&str] = &["variant", "size", "puzzle", "solution", "status", "count"];

/// One variant puzzle of `solve`'s CSV output: the puzzle column holds
/// the JSON form when the puzzle needs more than its givens (cages,
/// regions), else its givens line.
#[derive(Debug, Clone, Serialize)]
pub struct VariantCsvRow {
    variant: String,
    size: Option<usize>,
    puzzle: String,
    solution: String,
    status: &'static str,
    count: Option<u64>,
}

impl VariantCsvRow {
    /// The row of `puzzle`'s answer.
    pub fn new(puzzle: &Puzzle, answer: &VariantAnswer, mode: SolveMode) -> VariantCsvRow {
        let solution = match mode {
            SolveMode::All(_) => answer.all.iter().map(|s| format_digits(s)).collect::<Vec<_>>().join(" "),
            _ => answer.first.as_deref().map(format_digits).unwrap_or_default(),
        };
        VariantCsvRow {
            variant: puzzle.variant_name(),
            size: Some(puzzle.size()),
            puzzle: puzzle_text(puzzle),
            solution,
            status: answer.status(mode),
            count: answer.count,
        }
    }

    /// The row of a malformed record: status `invalid`.
    pub fn invalid() -> VariantCsvRow {
        VariantCsvRow {
            variant: String::new(),
            size: None,
            puzzle: String::new(),
            solution: String::new(),
            status: "invalid",
            count: None,
        }
    }
}

/// The puzzle as its givens line when that says everything (sizes and
/// rules are in other columns), else its JSON form.
pub fn puzzle_text(puzzle: &Puzzle) -> String {
    match puzzle.is_line_with_rules() {
        true => puzzle.givens_line(),
        false => puzzle.to_json(None),
    }
}

/// The solution as a block: one line per canvas row, a space between box
/// columns and a blank line between box rows where the grid has boxes;
/// samurai holes are spaces.
pub fn block(puzzle: &Puzzle, digits: &[u8]) -> String {
    let side = puzzle.side();
    let (br, bc) = match puzzle.layout() {
        sudoku_variant::Layout::Regions(_) => (side, side),
        _ => puzzle.box_shape(),
    };
    let mut out = String::new();
    for r in 0..side {
        if r > 0 && r % br == 0 {
            out.push('\n');
        }
        let mut row = String::new();
        for c in 0..side {
            if c > 0 && c % bc == 0 {
                row.push(' ');
            }
            let i = r * side + c;
            row.push(if puzzle.is_cell(i) { sudoku_variant::digit_char(digits[i]) } else { ' ' });
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// Up to `steps` hints from `placed` (a player's digits over the canvas,
/// or the givens when `None`), each from the board the one before leaves;
/// the list ends early at a mistake, a solved grid or an error.
/// `solution`: the puzzle's unique solution when the caller knows it (no
/// search then, [`Puzzle::hint_with`]).
pub fn hints(
    puzzle: &Puzzle,
    placed: Option<&[u8]>,
    steps: usize,
    solution: Option<&[u8]>,
) -> Result<Vec<sudoku_variant::VariantHint>, sudoku_variant::HintError> {
    use sudoku_variant::VariantHint;
    let mut board = placed.map_or_else(|| puzzle.givens().to_vec(), <[u8]>::to_vec);
    let mut out = Vec::new();
    while out.len() < steps.max(1) {
        let hint = puzzle.hint_with(&board, solution)?;
        let go_on = match &hint {
            VariantHint::Place { cell, digit, .. } => {
                board[*cell] = *digit;
                true
            }
            _ => false,
        };
        out.push(hint);
        if !go_on {
            break;
        }
    }
    Ok(out)
}

/// A hint as one line: `Hidden Single: r2c2: 6 in row 2. So r2c2=6.`,
/// `mistake: r1c2 holds 5, the solution has 3`, `solved`, `no solution`.
/// A placement told at a lower `level` names where to look (`Look at row
/// 2.`) and, at the technique level, the technique (`Hidden Single: look
/// at row 2.`); a naked single's place is its cell.
pub fn hint_line(puzzle: &Puzzle, hint: &sudoku_variant::VariantHint, level: Level) -> String {
    use sudoku_variant::VariantHint as H;
    match hint {
        H::Place { technique, reason, cell, .. } if level != Level::Full => {
            let place = match (*technique, reason.as_str()) {
                ("Solution", _) | (_, "cell") => puzzle.cell_name(*cell),
                _ => reason.clone(),
            };
            match level {
                Level::Nudge => format!("Look at {place}."),
                _ => format!("{technique}: look at {place}."),
            }
        }
        H::Place { technique, reason, cell, digit, .. } => {
            let name = puzzle.cell_name(*cell);
            let d = sudoku_variant::digit_char(*digit);
            match *technique {
                "Naked Single" => format!("{technique}: {name}: only {d} is left. So {name}={d}."),
                "Solution" => format!("{technique}: {name} ({reason}): the solution has {d}. So {name}={d}."),
                _ => format!("{technique}: {name}: {d} in {reason}. So {name}={d}."),
            }
        }
        H::Mistake { cell, placed, solution } => format!(
            "mistake: {} holds {}, the solution has {}",
            puzzle.cell_name(*cell),
            sudoku_variant::digit_char(*placed),
            sudoku_variant::digit_char(*solution)
        ),
        H::Solved => "solved".to_string(),
        H::NoSolution => "no solution".to_string(),
    }
}

/// The status word of a position that cannot be hinted, as the classic
/// hints write it: `not unique` (the puzzle has several solutions), else
/// `invalid` (the placed digits do not fit the puzzle: a given
/// overwritten, a wrong length).
pub fn hint_error_status(error: &sudoku_variant::HintError) -> &'static str {
    match error {
        sudoku_variant::HintError::NotUnique => "not unique",
        _ => "invalid",
    }
}

/// The record of `sudoku hint --format json` on a variant position that
/// has no hints: `{"status", "text"}` ([`hint_error_status`] and why).
pub fn hint_error_json(error: &sudoku_variant::HintError) -> serde_json::Value {
    serde_json::json!({"status": hint_error_status(error), "text": error.to_string()})
}

/// The status word of a hint: `hint`, `mistakes`, `solved`, `no solution`.
pub fn hint_status(hint: &sudoku_variant::VariantHint) -> &'static str {
    use sudoku_variant::VariantHint as H;
    match hint {
        H::Place { .. } => "hint",
        H::Mistake { .. } => "mistakes",
        H::Solved => "solved",
        H::NoSolution => "no solution",
    }
}

#[cfg(test)]
mod tests {

    /// The answer key of a 4x4: one solution, none (two 1s in a row), or
    /// many (a blank grid); the one is checked against the rules here.
    #[test]
    fn an_answer_key_needs_exactly_one_solution() {
        let one = Puzzle::parse_line(".23434122.434.21", None).unwrap();
        let key = unique_solution(&one).unwrap();
        assert_eq!(key.len(), 16);
        for k in 0..4 {
            let row: std::collections::BTreeSet<u8> = key[4 * k..4 * k + 4].iter().copied().collect();
            let col: std::collections::BTreeSet<u8> = (0..4).map(|r| key[4 * r + k]).collect();
            assert_eq!(row.into_iter().collect::<Vec<_>>(), [1, 2, 3, 4]);
            assert_eq!(col.into_iter().collect::<Vec<_>>(), [1, 2, 3, 4]);
        }
        assert!(one.givens().iter().zip(&key).all(|(&g, &d)| g == 0 || g == d));
        assert_eq!(
            unique_solution(&Puzzle::parse_line("11..............", None).unwrap()),
            Err(NotUnique::None)
        );
        assert_eq!(unique_solution(&Puzzle::blank(4).unwrap()), Err(NotUnique::Many));
    }

    use super::*;

    #[test]
    fn modes_agree_with_the_solver_and_the_checker() {
        let open = Puzzle::parse_line("1...............", None).unwrap();
        let n = open.count_solutions_up_to(1000);
        assert!(n > 1);
        let first = answer(&open, SolveMode::First);
        assert!(open.check_solution(first.first.as_ref().unwrap()).is_ok());
        let count = answer(&open, SolveMode::Count(1000));
        assert_eq!((count.count, count.status(SolveMode::Count(1000))), (Some(n), "multiple"));
        let list = answer(&open, SolveMode::All(2));
        assert_eq!((list.all.len(), list.status(SolveMode::All(2))), (2, "limit"));
        let all = answer(&open, SolveMode::All(1000));
        assert_eq!((all.all.len() as u64, all.status(SolveMode::All(1000))), (n, "all"));
        assert!(all.all.iter().all(|s| open.check_solution(s).is_ok()));
        let clash = Puzzle::parse_line("11..............", None).unwrap();
        assert_eq!(answer(&clash, SolveMode::Count(2)).status(SolveMode::Count(2)), "unsolvable");
    }

    #[test]
    fn a_block_shows_boxes() {
        let p = Puzzle::parse_line("123434122143432.", None).unwrap();
        let s = answer(&p, SolveMode::First).first.unwrap();
        assert_eq!(block(&p, &s), "12 34\n34 12\n\n21 43\n43 21\n");
    }
}
