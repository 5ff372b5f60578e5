//! `solve --max-score`: for each grid, the completion with the highest
//! score Σ value × weight (NOIP 2009 "target sudoku"), proven optimal by
//! the core's branch and bound; and the rows it is written as.

use serde::Serialize;
use sudoku_core::{Grid, MaxScore, MaxScoreOptions, Weights};

/// A request of `max-score`: the cell weights and the search's limits.
#[derive(Debug, Clone)]
pub struct MaxScoreRequest {
    /// The weight of each cell.
    pub weights: Weights,
    /// The node and time limits of each search.
    pub options: MaxScoreOptions,
}

impl MaxScoreRequest {
    /// The best completion of `grid`.
    pub fn run(&self, grid: &Grid) -> MaxScore {
        sudoku_core::max_score(grid, &self.weights, &self.options)
    }

    /// [`MaxScoreRequest::run`] that also stops once `stop` is set.
    pub fn run_until(&self, grid: &Grid, stop: &std::sync::atomic::AtomicBool) -> MaxScore {
        sudoku_core::max_score_until(grid, &self.weights, &self.options, stop)
    }
}

/// Column names of `max-score`'s CSV rows ([`MaxScoreCsvRow`]), in order.
pub const CSV_HEADER: &[&str] = &["puzzle", "solution", "status", "count", "score"];

/// One grid of `solve --max-score --format csv`: `solve`'s columns (count
/// empty), then the score.
#[derive(Debug, Clone, Serialize)]
pub struct MaxScoreCsvRow {
    puzzle: String,
    solution: String,
    status: &'static str,
    count: Option<u64>,
    score: Option<i64>,
}

impl MaxScoreCsvRow {
    /// The row of `puzzle`'s result.
    pub fn new(puzzle: &Grid, result: &MaxScore) -> MaxScoreCsvRow {
        MaxScoreCsvRow {
            puzzle: puzzle.to_line(),
            solution: result.grid().map(|g| g.to_line()).unwrap_or_default(),
            status: result.status().as_str(),
            count: None,
            score: result.score(),
        }
    }

    /// The row of a malformed record: status `invalid`.
    pub fn invalid() -> MaxScoreCsvRow {
        MaxScoreCsvRow {
            puzzle: String::new(),
            solution: String::new(),
            status: "invalid",
            count: None,
            score: None,
        }
    }
}

/// One grid of `sudoku solve --max-score --format json`: the best score and
/// completion (`None` when no completion is known), the status (`optimal`,
/// `infeasible`, `stopped`; `invalid` for a malformed record), the proven
/// upper bound and the search nodes.
#[derive(Debug, Clone, Serialize)]
pub struct MaxScoreJson {
    puzzle: Option<String>,
    score: Option<i64>,
    grid: Option<String>,
    status: &'static str,
    upper_bound: Option<i64>,
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl MaxScoreJson {
    /// The object of `puzzle`'s result.
    pub fn new(puzzle: &Grid, result: &MaxScore) -> MaxScoreJson {
        MaxScoreJson {
            puzzle: Some(puzzle.to_line()),
            score: result.score(),
            grid: result.grid().map(|g| g.to_line()),
            status: result.status().as_str(),
            upper_bound: result.upper_bound(),
            nodes: Some(result.nodes()),
            error: None,
        }
    }

    /// The object of a record that did not parse, and why.
    pub fn invalid(message: &str) -> MaxScoreJson {
        MaxScoreJson {
            puzzle: None,
            score: None,
            grid: None,
            status: "invalid",
            upper_bound: None,
            nodes: None,
            error: Some(message.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With every weight 1 the score of any completion is 405 (nine of
    /// each digit, 1 + ... + 9 = 45 nine times), whatever the grid.
    #[test]
    fn unit_weights_score_every_completion_405() {
        let request = MaxScoreRequest {
            weights: Weights::from_array([1; 81]).unwrap(),
            options: MaxScoreOptions { node_limit: None, time_limit: None },
        };
        let grid = Grid::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let result = request.run(&grid);
        assert_eq!(result.score(), Some(405));
        assert!(result.grid().unwrap().is_solution_of(&grid));
        let json = serde_json::to_value(MaxScoreJson::new(&grid, &result)).unwrap();
        assert_eq!(json["score"], 405);
        assert_eq!(json["status"], "optimal");
    }
}
