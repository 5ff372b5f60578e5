//! Fuzz target: a node-limited max-score search on any grid with any
//! accepted weights never panics, and its answer is consistent: a reported
//! grid completes the givens and scores exactly the reported score, a bound
//! is never below that score, and an infeasible grid has no completion.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::max_score::{max_score, MaxScore, MaxScoreOptions, Weights, MAX_ABS_WEIGHT};
use sudoku_core::Grid;

fuzz_target!(|data: &[u8]| {
    // 81 cells (byte % 10, 0 blank), then 81 weights of 3 bytes each,
    // folded into ±MAX_ABS_WEIGHT; missing bytes count as 0.
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let cells: [u8; 81] = std::array::from_fn(|c| byte(c) % 10);
    let Some(puzzle) = Grid::from_array(cells) else { return };
    let values: [i64; 81] = std::array::from_fn(|c| {
        let raw = i64::from(byte(81 + 3 * c)) << 16
            | i64::from(byte(82 + 3 * c)) << 8
            | i64::from(byte(83 + 3 * c));
        raw % (2 * MAX_ABS_WEIGHT + 1) - MAX_ABS_WEIGHT
    });
    let weights = Weights::from_array(values).expect("weights folded into range");
    let options = MaxScoreOptions { node_limit: Some(300), time_limit: None };
    let result = max_score(&puzzle, &weights, &options);
    assert!(result.nodes() <= 300, "{result:?}");
    if let Some((grid, score)) = result.best() {
        assert!(grid.is_solution_of(&puzzle), "{puzzle} -> {grid}");
        assert_eq!(weights.score(&grid), score);
    }
    match result {
        MaxScore::Optimal { .. } => {}
        MaxScore::Stopped { best, upper_bound, .. } => {
            // Issue 31: a stopped search always knows a completion.
            let (_, score) = best.expect("a stopped search without a completion");
            assert!(score < upper_bound, "stopped although the bound is reached: {result:?}");
        }
        MaxScore::Infeasible { .. } => {
            assert_eq!(puzzle.count_solutions_up_to(1), 0, "{puzzle}");
        }
    }
});
