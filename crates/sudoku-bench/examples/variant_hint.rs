//! Per-puzzle probe of the variant hint and grade, as `sudoku serve`
//! does them: for each puzzle of a JSON lines file, the time of its count
//! to 2 from the givens (the server's first request of a puzzle; it keeps
//! the solution), and, given that solution, of the hints from its givens
//! and from positions
//! with a quarter, a half and three quarters of its open cells filled
//! (the solution's digits, cells drawn with a fixed seed, as in the serve
//! bench), and of its grade. Prints the slowest parts and the means.
//!
//! `variant_hint FILE`

use std::time::Instant;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use sudoku_commands::grade::GradeRequest;
use sudoku_commands::hint::{HintRequest, Steps};
use sudoku_grade::hint::Level;
use sudoku_variant::{Puzzle, VariantSolver};

fn ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let file = std::env::args().nth(1).expect("usage: variant_hint FILE");
    let text = std::fs::read_to_string(file).expect("a readable file");
    let mut rng = rand::rngs::StdRng::seed_from_u64(46);
    let (mut count_ms, mut hint_ms, mut grade_ms) = (Vec::new(), Vec::new(), Vec::new());
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let puzzle: Puzzle = Puzzle::from_json(line).expect("a puzzle").puzzle;
        let t = Instant::now();
        let mut solver = VariantSolver::new(&puzzle);
        let mut solutions = Vec::new();
        solver.for_each_solution(puzzle.givens(), 2, |s| solutions.push(s.to_vec()));
        count_ms.push((ms(t), i));
        if solutions.len() != 1 {
            continue;
        }
        let solution = &solutions[0];
        let givens = puzzle.givens();
        let mut open: Vec<usize> =
            (0..givens.len()).filter(|&c| givens[c] == 0 && puzzle.is_cell(c)).collect();
        open.shuffle(&mut rng);
        let request = HintRequest { level: Level::Full, steps: Steps::First(1), scale: Default::default() };
        for quarter in 0..4 {
            let mut placed = givens.to_vec();
            for &c in &open[..open.len() * quarter / 4] {
                placed[c] = solution[c];
            }
            let t = Instant::now();
            std::hint::black_box(request.run_variant_with(&puzzle, Some(&placed), Some(solution)).ok());
            hint_ms.push((ms(t), i * 4 + quarter));
        }
        let t = Instant::now();
        std::hint::black_box(
            GradeRequest { explain: false, scale: Default::default() }
                .grade_variant_with(&puzzle, Some(solution)),
        );
        grade_ms.push((ms(t), i));
    }
    for (name, v) in [("count", &mut count_ms), ("hint", &mut hint_ms), ("grade", &mut grade_ms)] {
        let mean = v.iter().map(|x| x.0).sum::<f64>() / v.len().max(1) as f64;
        v.sort_by(|a, b| b.0.total_cmp(&a.0));
        let top: Vec<String> = v.iter().take(5).map(|(t, i)| format!("#{i} {t:.1}")).collect();
        println!("{name}: {} mean {mean:.2} ms; slowest {}", v.len(), top.join(", "));
    }
}
