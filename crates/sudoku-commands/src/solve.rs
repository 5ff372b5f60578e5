//! `solve`: the first solution of a puzzle, the count of its solutions up
//! to a limit, or the list of them; and the rows each is written as.

use serde::Serialize;
use sudoku_core::{Grid, SearchStats, Solver};

use crate::choice::Named;
use crate::format::Format;

/// Default cap for counting solutions (`--count`).
pub const DEFAULT_COUNT_LIMIT: u64 = 1000;
/// Default cap for listing solutions (`--all`).
pub const DEFAULT_ALL_LIMIT: u64 = 100;

/// The formats `solve` writes.
pub const FORMATS: &[Named<Format>] = &[
    (Format::Line, "line", "One line per record"),
    (Format::Block, "block", "A readable block with box separators per record, then a blank line"),
    (Format::Csv, "csv", "CSV with a header row"),
    (Format::Json, "json", "JSON Lines: one object per record"),
    (Format::Rows, "rows", "The judge format: 9 lines of 9 digits per record"),
];

/// What is asked of each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveMode {
    /// The first solution.
    First,
    /// The number of solutions, counting up to the limit.
    Count(u64),
    /// The solutions, up to the limit ([`AllSolutions`]).
    All(u64),
}

/// A request of `solve`: the mode, and whether a count also keeps the
/// first solution (every format but a bare count shows it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveRequest {
    /// What is asked.
    pub mode: SolveMode,
    /// With [`SolveMode::Count`]: keep the first solution too.
    pub keep_first: bool,
}

/// The answer for one puzzle (not with [`SolveMode::All`], which streams).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The first solution, when kept.
    pub first: Option<Grid>,
    /// The count, when counted.
    pub count: Option<u64>,
    /// The search's effort.
    pub stats: SearchStats,
}

impl SolveRequest {
    /// The answer for `grid`, with `solver`'s reused stack; `None` for
    /// [`SolveMode::All`] (see [`AllSolutions`]).
    pub fn answer(&self, solver: &mut Solver, grid: &Grid) -> Option<Answer> {
        match self.mode {
            SolveMode::First => {
                let first = solver.solve_one(grid);
                Some(Answer { first, count: None, stats: solver.stats() })
            }
            // A count alone needs no solution kept.
            SolveMode::Count(limit) if !self.keep_first => {
                let count = solver.count_solutions_up_to(grid, limit);
                Some(Answer { first: None, count: Some(count), stats: solver.stats() })
            }
            SolveMode::Count(limit) => {
                // One search gives both the first solution and the count.
                let mut it = grid.solutions();
                let first = it.next();
                let count = match first {
                    Some(_) => 1 + it.by_ref().take(limit.saturating_sub(1) as usize).count() as u64,
                    None => 0,
                };
                Some(Answer { first, count: Some(count), stats: it.stats() })
            }
            SolveMode::All(_) => None,
        }
    }
}

impl Answer {
    /// Whether the puzzle has a solution.
    pub fn solvable(&self) -> bool {
        self.first.is_some() || self.count.is_some_and(|n| n > 0)
    }

    /// The status word of the answer: `unsolvable`, `solvable` (a count
    /// with a limit of 1), `unique`, `multiple` or `solved`.
    pub fn status(&self, mode: SolveMode) -> &'static str {
        status_word(mode, self.solvable(), self.count)
    }
}

/// The status word of an answer (see [`Answer::status`]), for any kind of
/// puzzle: whether it has a solution and the count, if counted.
pub fn status_word(mode: SolveMode, solvable: bool, count: Option<u64>) -> &'static str {
    match (mode, count) {
        _ if !solvable => "unsolvable",
        (SolveMode::Count(1), Some(1)) => "solvable",
        (SolveMode::Count(_), Some(1)) => "unique",
        (SolveMode::Count(_), Some(_)) => "multiple",
        _ => "solved",
    }
}

/// The solutions of one puzzle up to a limit, each as soon as it is found
/// (constant memory, whatever the limit); then [`AllSolutions::end`] says
/// how the list ended.
pub struct AllSolutions {
    solutions: sudoku_core::Solutions,
    limit: u64,
    n_found: u64,
}

/// How a list of solutions ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllEnd {
    /// Solutions listed.
    pub count: u64,
    /// `unsolvable`, `all` (every solution listed) or `limit` (there are
    /// more).
    pub status: &'static str,
    /// The search's effort.
    pub stats: SearchStats,
}

impl AllSolutions {
    /// The solutions of `puzzle`, at most `limit` of them.
    pub fn new(puzzle: &Grid, limit: u64) -> AllSolutions {
        AllSolutions { solutions: puzzle.solutions(), limit, n_found: 0 }
    }

    /// How the list ended; looks for one more solution at the limit, to
    /// tell `all` from `limit`.
    pub fn end(mut self) -> AllEnd {
        let complete = self.n_found < self.limit || self.solutions.next().is_none();
        let status = match (self.n_found, complete) {
            (0, _) => "unsolvable",
            (_, true) => "all",
            (_, false) => "limit",
        };
        AllEnd { count: self.n_found, status, stats: self.solutions.stats() }
    }
}

impl Iterator for AllSolutions {
    type Item = Grid;
    fn next(&mut self) -> Option<Grid> {
        if self.n_found >= self.limit {
            return None;
        }
        let s = self.solutions.next()?;
        self.n_found += 1;
        Some(s)
    }
}

/// The row of `--all` in CSV and JSON, written in pieces so that each
/// solution goes out as soon as it is found: [`AllRow::start`], then
/// [`AllRow::solution`] for each, then [`AllRow::end`]. No CSV field needs
/// quoting (digits, dots, spaces and words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllRow {
    /// CSV (else JSON).
    pub csv: bool,
}

impl AllRow {
    /// The row's start, up to the first solution.
    pub fn start(self, puzzle: &Grid) -> String {
        let line = puzzle.to_line();
        match self.csv {
            true => format!("{line},"),
            false => format!("{{\"puzzle\":\"{line}\",\"solutions\":["),
        }
    }

    /// Solution `k` (from 0) of the list, with its separator.
    pub fn solution(self, k: u64, solution: &Grid) -> String {
        match (self.csv, k) {
            (true, 0) => solution.to_line(),
            (true, _) => format!(" {}", solution.to_line()),
            (false, 0) => format!("\"{}\"", solution.to_line()),
            (false, _) => format!(",\"{}\"", solution.to_line()),
        }
    }

    /// The row's end, after the last solution: the status and count (and
    /// in JSON the first solution and the search's effort), and a newline.
    pub fn end(self, first: Option<&Grid>, end: &AllEnd) -> String {
        let AllEnd { count, status, stats } = *end;
        if self.csv {
            return format!(",{status},{count}\n");
        }
        let first = first.map_or("null".to_string(), |g| format!("\"{}\"", g.to_line()));
        format!(
            "],\"solution\":{first},\"status\":\"{status}\",\"count\":{count},\"nodes\":{},\"guesses\":{},\"backtracks\":{}}}\n",
            stats.nodes, stats.guesses, stats.backtracks
        )
    }
}

/// Column names of `solve`'s CSV rows ([`SolveCsvRow`]), in order.
pub const CSV_HEADER: &[&str] = &["puzzle", "solution", "status", "count"];

/// One puzzle of `solve`'s CSV output.
#[derive(Debug, Clone, Serialize)]
pub struct SolveCsvRow {
    puzzle: String,
    solution: String,
    status: &'static str,
    count: Option<u64>,
}

impl SolveCsvRow {
    /// The row of `puzzle`'s answer.
    pub fn new(puzzle: &Grid, answer: &Answer, mode: SolveMode) -> SolveCsvRow {
        SolveCsvRow {
            puzzle: puzzle.to_line(),
            solution: answer.first.as_ref().map(Grid::to_line).unwrap_or_default(),
            status: answer.status(mode),
            count: answer.count,
        }
    }

    /// The row of a malformed record: status `invalid`.
    pub fn invalid() -> SolveCsvRow {
        SolveCsvRow { puzzle: String::new(), solution: String::new(), status: "invalid", count: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// The answers agree with the core solver's own calls, in every mode.
    #[test]
    fn answers_agree_with_the_core_solver() {
        let grid = Grid::parse_line(PUZZLE).unwrap();
        let mut solver = Solver::new();
        let expected = Solver::new().solve_one(&grid).unwrap();
        assert!(expected.is_solution_of(&grid));
        let first = SolveRequest { mode: SolveMode::First, keep_first: true };
        let a = first.answer(&mut solver, &grid).unwrap();
        assert_eq!((a.first, a.count, a.status(first.mode)), (Some(expected), None, "solved"));
        for keep_first in [false, true] {
            let count = SolveRequest { mode: SolveMode::Count(2), keep_first };
            let a = count.answer(&mut solver, &grid).unwrap();
            assert_eq!(a.count, Some(1));
            assert_eq!(a.first, keep_first.then_some(expected));
            assert_eq!(a.status(count.mode), "unique");
        }
        // Blank the first row's givens: several solutions.
        let open = Grid::parse_line(&format!("{}{}", ".".repeat(9), &PUZZLE[9..])).unwrap();
        let n = Solver::new().count_solutions_up_to(&open, 5);
        let a =
            SolveRequest { mode: SolveMode::Count(5), keep_first: true }.answer(&mut solver, &open).unwrap();
        assert_eq!(a.count, Some(n));
        assert_eq!(a.status(SolveMode::Count(5)), if n > 1 { "multiple" } else { "unique" });
        let all: Vec<Grid> = AllSolutions::new(&open, 3).collect();
        assert_eq!(all.len() as u64, n.min(3));
        assert!(all.iter().all(|s| s.is_solution_of(&open)));
    }

    /// A streamed JSON row is one JSON object with the solutions the list
    /// gave, and a CSV row has the columns of [`CSV_HEADER`].
    #[test]
    fn a_streamed_row_is_one_object_or_one_csv_row() {
        let open = Grid::parse_line(&format!("{}{}", ".".repeat(9), &PUZZLE[9..])).unwrap();
        for csv in [false, true] {
            let row = AllRow { csv };
            let mut list = AllSolutions::new(&open, 2);
            let mut text = row.start(&open);
            let mut found = Vec::new();
            for (k, s) in (0..).zip(list.by_ref()) {
                text += &row.solution(k, &s);
                found.push(s.to_line());
            }
            let end = list.end();
            text += &row.end(found.first().map(|l| Grid::parse_line(l).unwrap()).as_ref(), &end);
            if csv {
                let fields: Vec<&str> = text.trim_end().split(',').collect();
                assert_eq!(fields.len(), CSV_HEADER.len());
                assert_eq!(fields[1], found.join(" "));
                assert_eq!(fields[3], end.count.to_string());
            } else {
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                assert_eq!(v["solutions"], serde_json::json!(found));
                assert_eq!(v["count"], end.count);
                assert_eq!(v["solution"], serde_json::json!(found[0]));
            }
        }
    }

    #[test]
    fn a_list_at_its_limit_says_whether_there_are_more() {
        let grid = Grid::parse_line(PUZZLE).unwrap();
        let mut list = AllSolutions::new(&grid, 1);
        assert!(list.next().is_some());
        assert_eq!(list.next(), None);
        assert_eq!(list.end().status, "all");
        let empty = Grid::parse_line(&".".repeat(81)).unwrap();
        let mut list = AllSolutions::new(&empty, 2);
        assert_eq!(list.by_ref().count(), 2);
        let end = list.end();
        assert_eq!((end.count, end.status), (2, "limit"));
    }
}
