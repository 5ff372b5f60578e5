//! Hints from positions (`Grader::hint`): the time of one call, on every
//! position met when following the hints from the givens to the end, for
//! the puzzles of `fixtures/grade/se_calibration_sample.csv` (SE 1.2–9.3)
//! and, when `../shared/datasets` is present, 40 puzzles of SE 9.0 and up
//! from `se_rated_calibration.csv`. Targets (issue 18): at
//! most 1 ms a call for puzzles rated up to 7, 20 ms for the hardest.
//!
//! With `SUDOKU_BASELINE=path/to/sudoku`, this build's `sudoku hint`
//! against that one's on the sample's givens, as whole processes
//! (`sudoku_bench::BaselineRun`).
//!
//! There is no peer in this run: the tools that give hints (Sudoku
//! Explainer, HoDoKu) do it inside desktop programs. The serate line of
//! `cargo xtask bench grade` (a whole path, one puzzle) is the nearest.

use std::path::PathBuf;
use std::time::Instant;

use sudoku_core::{Candidates, Cell, Grid, Position};
use sudoku_grade::hint::{Level, Status};
use sudoku_grade::Grader;

fn read(path: &std::path::Path, min_er: f64) -> Vec<(Grid, f64)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let er = f.get(1)?.parse::<f64>().ok()?;
            (er >= min_er).then_some((Grid::parse_line(f[0]).ok()?, er))
        })
        .collect()
}

/// Times every hint from the givens to the end: (calls, mean µs, worst µs).
fn measure(grader: &mut Grader, puzzles: &[(Grid, f64)]) -> (usize, f64, f64) {
    let (mut n, mut total, mut worst) = (0, 0.0f64, 0.0f64);
    for (puzzle, _) in puzzles {
        let mut p = Position::from_givens(*puzzle);
        loop {
            let t = Instant::now();
            let h = grader.hint(&p, Level::Full);
            let us = t.elapsed().as_secs_f64() * 1e6;
            if h.status != Status::Hint {
                break;
            }
            n += 1;
            total += us;
            worst = worst.max(us);
            p = h.apply_to(&p);
        }
    }
    (n, total / n.max(1) as f64, worst)
}

/// Positions read from pencil marks that need a repair (issue 30): for
/// each puzzle, at the givens and halfway through its hints, the
/// candidates with the answer erased from the first cell of two (one
/// change repairs it), and from two such cells in different rows, columns
/// and boxes (none does: the whole search). Sukaku lines, read back.
fn broken_positions(grader: &mut Grader, puzzles: &[(Grid, f64)]) -> (Vec<Position>, Vec<Position>) {
    let (mut one, mut two) = (Vec::new(), Vec::new());
    for (puzzle, _) in puzzles {
        let solution = puzzle.solve_unique().expect("fixture puzzles have one solution");
        let mut path = vec![Position::from_givens(*puzzle)];
        while let Some(p) = path.last() {
            let h = grader.hint(p, Level::Full);
            if h.status != Status::Hint {
                break;
            }
            path.push(h.apply_to(p));
        }
        for p in [&path[0], &path[path.len() / 2]] {
            let marks = p.candidates();
            let bivalue: Vec<Cell> = Cell::ALL.into_iter().filter(|&c| marks[c].len() == 2).collect();
            let erase = |cells: &[Cell]| {
                let mut m = marks;
                for &c in cells {
                    m[c] = m[c].without(solution.get(c).map_or(Candidates::NONE, Candidates::single));
                }
                let p = Position::new(*p.givens(), p.placed(), Some(m)).expect("same givens");
                Position::parse(&p.to_sukaku()).expect("a Sukaku line reads back")
            };
            let apart =
                |a: Cell, b: Cell| a.row() != b.row() && a.col() != b.col() && a.box_idx() != b.box_idx();
            if let Some(&a) = bivalue.first() {
                one.push(erase(&[a]));
                if let Some(&b) = bivalue.iter().find(|&&b| apart(a, b)) {
                    two.push(erase(&[a, b]));
                }
            }
        }
    }
    (one, two)
}

/// Times one hint on each position: (calls, mean µs, worst µs, how many
/// were `status`).
fn measure_each(grader: &mut Grader, positions: &[Position], status: Status) -> (usize, f64, f64, usize) {
    let (mut total, mut worst, mut n_status) = (0.0f64, 0.0f64, 0);
    for p in positions {
        let t = Instant::now();
        let h = grader.hint(p, Level::Full);
        let us = t.elapsed().as_secs_f64() * 1e6;
        total += us;
        worst = worst.max(us);
        n_status += usize::from(h.status == status);
    }
    (positions.len(), total / positions.len().max(1) as f64, worst, n_status)
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sample = read(&root.join("fixtures/grade/se_calibration_sample.csv"), 0.0);
    let datasets = std::env::var_os("SUDOKU_DATASETS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/datasets"));
    // 40 of them, spread through the file: each has about 60 positions.
    let all_hardest = read(&datasets.join("grade/se_rated_calibration.csv"), 9.0);
    let hardest: Vec<(Grid, f64)> =
        all_hardest.iter().copied().step_by((all_hardest.len() / 40).max(1)).take(40).collect();
    let mut grader = Grader::new();
    println!("## Hints: one `Grader::hint` call, every position from the givens to the end, one thread\n");
    println!("| puzzles | SE ER | positions | mean | worst | target |");
    println!("|---|---|---:|---:|---:|---:|");
    let easy: Vec<(Grid, f64)> = sample.iter().copied().filter(|p| p.1 <= 7.0).collect();
    let hard: Vec<(Grid, f64)> = sample.iter().copied().filter(|p| p.1 > 7.0).collect();
    for (name, set, range, target) in [
        ("calibration sample", &easy, "≤ 7.0", "1 ms"),
        ("calibration sample", &hard, "> 7.0", "-"),
        ("bank, hardest (SE 9.0+)", &hardest, "≥ 9.0", "20 ms"),
    ] {
        if set.is_empty() {
            continue;
        }
        let (n, mean, worst) = measure(&mut grader, set);
        println!(
            "| {name} ({} puzzles) | {range} | {n} | {:.3} ms | {:.3} ms | {target} |",
            set.len(),
            mean / 1000.0,
            worst / 1000.0
        );
    }
    let (one, two) = broken_positions(&mut grader, &sample);
    println!("\n## Repairs: one `Grader::hint` call on a Sukaku line with answers erased from cells of two candidates\n");
    println!("| positions | erased | found | mean | worst |");
    println!("|---|---|---:|---:|---:|");
    for (set, erased, status, found) in
        [(&one, "1", Status::Mistakes, "the change"), (&two, "2, apart", Status::Mistakes, "a change")]
    {
        let (n, mean, worst, n_status) = measure_each(&mut grader, set, status);
        println!(
            "| calibration sample, at the givens and halfway ({n}) | {erased} | {found}: {n_status} of {n} | {:.3} ms | {:.3} ms |",
            mean / 1000.0,
            worst / 1000.0
        );
    }
    against_baseline(&sample);
}

/// With `SUDOKU_BASELINE` set: `sudoku hint` of this build against the
/// baseline's, one job, on the givens of the calibration sample: one hint
/// each (the sample repeated to 50,000 positions, so that a run lasts long
/// enough for 10 ms ticks; JSON), and every hint to the end (the 400
/// puzzles once, line and JSON).
fn against_baseline(sample: &[(Grid, f64)]) {
    let Some(run) = sudoku_bench::BaselineRun::from_env() else { return };
    run.print_header("`sudoku hint`, one job");
    let lines: Vec<String> = sample.iter().map(|(g, _)| g.to_line()).collect();
    let (many, n_many) = run.write_lines("givens-many.txt", &lines, 50_000);
    let (once, n_once) = run.write_lines("givens.txt", &lines, 0);
    let (many, once) = (many.to_string_lossy(), once.to_string_lossy());
    run.row(&["hint", "-f", "json", "--jobs", "1", &many], n_many);
    run.row(&["hint", "--to-end", "--jobs", "1", &once], n_once);
    run.row(&["hint", "--to-end", "-f", "json", "--jobs", "1", &once], n_once);
}
