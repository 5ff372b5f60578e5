//! `POST /api/grade`: the Sudoku Explainer ratings (ER/EP/ED), band and
//! hardest technique of each puzzle of the `input`, with the solution path
//! when asked, as the rows of `sudoku grade --format json`; variant puzzles
//! too (SE's ladder over their houses where it takes them, else the
//! variant ladder), as that command rates them.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Duration;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use sudoku_commands::grade::GradeRequest;
use sudoku_commands::solve::SolveMode;
use sudoku_commands::variant::answer_until;
use sudoku_core::Grid;
use sudoku_grade::{Grader, Scale};

use super::{
    choice, grids, is_variant_input, row, rows_within, variant_puzzles, variant_tiers, JsonBody, Row, Rows,
    HEAVY_RECORDS,
};
use crate::error::ApiError;
use crate::limits::Stop;
use crate::App;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GradeBody {
    input: String,
    #[serde(default)]
    explain: bool,
    /// `se` (default) or `singles`, as `--scale`.
    scale: Option<String>,
}

thread_local! {
    /// One grader per blocking thread: its scratch space is reused.
    pub static GRADER: RefCell<Grader> = RefCell::new(Grader::new());
}

/// The handler.
pub async fn grade(
    State(app): State<App>,
    JsonBody(body): JsonBody<GradeBody>,
) -> Result<Json<Rows>, ApiError> {
    let scale = parse_scale(body.scale.as_deref())?;
    let request = GradeRequest { explain: body.explain, scale };
    let budget = app.limits.time_budget;
    if is_variant_input(&body.input) {
        return grade_variants(&app, &body.input, request).await;
    }
    let puzzles = grids(&body.input, app.limits.max_records)?;
    let n = puzzles.len();
    // Set at the budget, or when the client goes away (the handler is
    // dropped): the list stops there.
    let stop = Stop::after(budget);
    let flag = stop.flag();
    let run = move || grade_all(&puzzles, request, budget, &flag);
    // One grade of the hardest puzzles takes a second: never on the
    // runtime's threads.
    let rows = match n {
        0..=HEAVY_RECORDS => app.work.light(run).await?,
        _ => app.work.heavy(run).await?,
    };
    Ok(Json(rows.into()))
}

/// `grade` on variant records (the JSON form, links, lines of other
/// sizes): the rows of `sudoku grade --format json` on them (SE's ladder
/// where it takes the puzzle, else the variant ladder), a list not done in
/// the time budget a 422. Light work while every search ends within a
/// light budget, else heavy ([`variant_tiers`]).
async fn grade_variants(app: &App, input: &str, request: GradeRequest) -> Result<Json<Rows>, ApiError> {
    let puzzles = variant_puzzles(input, app.limits.max_records)?;
    let budget = app.limits.time_budget;
    let stop = Stop::after(budget);
    let flag = stop.flag();
    let records = puzzles.len();
    let run = move |nodes: u64, escalate: bool| {
        if escalate && puzzles.iter().any(|p| search_ended(p, nodes, &flag).is_err()) {
            return Ok(None);
        }
        // Searched to the end already when `escalate`: the search is
        // remembered, with the solution when it is unique.
        rows_within(&puzzles, budget, &flag, |p| match search_ended(p, nodes, &flag) {
            Err(stopped) => row(&stopped),
            Ok(solution) => row(&request.grade_variant_until(p, solution.as_deref(), &flag).json(p)),
        })
        .map(Some)
    };
    let rows = variant_tiers(app, records, run).await?;
    Ok(Json(rows.into()))
}

/// Searches a variant puzzle's solutions to the end (up to two), within
/// `nodes` nodes and until `stop` is set: `Ok` with its solution when it
/// has exactly one (`None` when none or several: the grade or hint then
/// says which, as quickly); `Err` with the row that says the search
/// `stopped`, as `/api/solve` says it. A puzzle searched to the end is
/// remembered ([`SEARCHED`]): a player's next hint or grade of it does
/// not search again.
pub fn search_ended(
    puzzle: &sudoku_variant::Puzzle,
    nodes: u64,
    stop: &AtomicBool,
) -> Result<Option<Vec<u8>>, serde_json::Value> {
    let key = puzzle.to_json(None);
    if let Some(solution) = SEARCHED.lock().ok().and_then(|seen| seen.ended_within(&key, nodes)) {
        return Ok(solution);
    }
    let answer = answer_until(puzzle, SolveMode::Count(2), nodes, Some(stop));
    if answer.stopped {
        return Err(serde_json::json!({
            "puzzle": puzzle.givens_line(),
            "variant": puzzle.variant_name(),
            "status": "stopped",
            "why": format!("its solutions were not searched to the end within {nodes} nodes and the time budget"),
        }));
    }
    let solution = answer.first.filter(|_| answer.count == Some(1));
    if let Ok(mut seen) = SEARCHED.lock() {
        seen.insert(key, answer.nodes, solution.clone());
    }
    Ok(solution)
}

/// The variant puzzles whose solutions were searched to the end, with the
/// nodes it took and the solution when unique: the last
/// [`Searched::CAPACITY`], the oldest forgotten first (memory stays flat).
static SEARCHED: Mutex<Searched> = Mutex::new(Searched { ended: BTreeMap::new(), order: VecDeque::new() });

/// See [`SEARCHED`]. Keyed by the puzzle's whole JSON form (shape, rules,
/// constraints, givens), so two puzzles never share an entry.
struct Searched {
    ended: BTreeMap<String, (u64, Option<Vec<u8>>)>,
    order: VecDeque<String>,
}

impl Searched {
    /// Puzzles remembered (a 16x16's key and solution are under two
    /// kilobytes).
    const CAPACITY: usize = 2048;

    /// `key`'s solution (`Some(None)` when it has none or several), when
    /// its search ended within `budget` nodes.
    fn ended_within(&self, key: &str, budget: u64) -> Option<Option<Vec<u8>>> {
        self.ended.get(key).filter(|(nodes, _)| *nodes <= budget).map(|(_, solution)| solution.clone())
    }

    fn insert(&mut self, key: String, nodes: u64, solution: Option<Vec<u8>>) {
        if self.ended.insert(key.clone(), (nodes, solution)).is_none() {
            self.order.push_back(key);
        }
        while self.order.len() > Self::CAPACITY {
            if let Some(old) = self.order.pop_front() {
                self.ended.remove(&old);
            }
        }
    }
}

/// The technique scale named `name` (default SE's).
pub fn parse_scale(name: Option<&str>) -> Result<Scale, ApiError> {
    name.map_or(Ok(Scale::default()), |name| choice("scale", name))
}

/// The rows of `puzzles`, stopping with 422 when the budget is spent
/// before the last.
fn grade_all(
    puzzles: &[Grid],
    request: GradeRequest,
    budget: Duration,
    stop: &AtomicBool,
) -> Result<Vec<Row>, ApiError> {
    GRADER.with_borrow_mut(|grader| {
        rows_within(puzzles, budget, stop, |grid| row(&request.run_until(grader, grid, stop).json(grid)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_searched_puzzle_is_remembered_within_its_budget_and_forgotten_oldest_first() {
        let mut seen = Searched { ended: BTreeMap::new(), order: VecDeque::new() };
        seen.insert("a".into(), 500, Some(vec![1, 2]));
        assert_eq!(seen.ended_within("a", 500), Some(Some(vec![1, 2])));
        assert!(seen.ended_within("a", 10_000).is_some());
        assert!(seen.ended_within("a", 499).is_none(), "a smaller budget would have stopped it");
        assert!(seen.ended_within("b", u64::MAX).is_none());
        for k in 0..Searched::CAPACITY {
            seen.insert(format!("p{k}"), 1, None);
        }
        assert!(seen.ended_within("a", u64::MAX).is_none(), "the oldest goes first");
        assert_eq!(seen.ended_within("p0", 1), Some(None));
        assert!(seen.ended_within(&format!("p{}", Searched::CAPACITY - 1), 1).is_some());
        assert_eq!(seen.ended.len(), Searched::CAPACITY);
        assert_eq!(seen.order.len(), Searched::CAPACITY);
        // Inserting a key again keeps one entry.
        seen.insert("p5".into(), 7, None);
        assert_eq!(seen.order.len(), Searched::CAPACITY);
    }

    #[test]
    fn a_unique_puzzle_s_solution_is_remembered_and_checks_against_its_rules() {
        // A 4x4 with one solution, each row, column and box checked here.
        let puzzle = sudoku_variant::Puzzle::parse_line("1...............", Some(4)).expect("a 4x4");
        let go = AtomicBool::new(false);
        assert_eq!(search_ended(&puzzle, 1_000_000, &go), Ok(None), "many solutions: none kept");
        let line = "12....1.2......3";
        let puzzle = sudoku_variant::Puzzle::parse_line(line, Some(4)).expect("a 4x4");
        let solution = search_ended(&puzzle, 1_000_000, &go).expect("ended").expect("unique");
        let stop = AtomicBool::new(true);
        assert_eq!(search_ended(&puzzle, 1_000_000, &stop), Ok(Some(solution.clone())), "remembered");
        for (i, &g) in line.as_bytes().iter().enumerate() {
            assert!(g == b'.' || solution[i] == g - b'0', "keeps the givens");
        }
        let house = |cells: [usize; 4]| cells.iter().fold(0u8, |m, &c| m | 1 << solution[c]) == 0b11110;
        for k in 0..4 {
            assert!(house([4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3]), "row {k}");
            assert!(house([k, k + 4, k + 8, k + 12]), "column {k}");
            let top = (k / 2) * 8 + (k % 2) * 2;
            assert!(house([top, top + 1, top + 4, top + 5]), "box {k}");
        }
    }

    #[test]
    fn a_puzzle_searched_to_the_end_is_not_stopped_the_second_time_even_with_the_flag_set() {
        let json = format!(r#"{{"size":6,"givens":"1{}"}}"#, ".".repeat(35));
        let puzzle = sudoku_variant::Puzzle::from_json(&json).expect("a 6x6").puzzle;
        let go = AtomicBool::new(false);
        // An almost empty 6x6 has many solutions: the count to 2 ends at once.
        assert!(search_ended(&puzzle, 1_000_000, &go).is_ok());
        // Remembered: a set stop flag no longer matters for it.
        let stop = AtomicBool::new(true);
        assert!(search_ended(&puzzle, 1_000_000, &stop).is_ok());
        // Another puzzle is searched, and stopped by the flag.
        let other = sudoku_variant::Puzzle::from_json(&json.replace("1....", "2....")).expect("a 6x6").puzzle;
        assert!(search_ended(&other, 1_000_000, &stop).is_err());
    }
}
