//! Makes a sample of 9×9 variant puzzles with extra houses (for rating
//! with Sukaku Explainer and testing the grader): a random solution from
//! the variant solver, then givens removed in random order while the
//! puzzle keeps one solution, down to a random floor of givens between
//! the last two arguments (0 for minimal puzzles; many minimal variant
//! puzzles are rated 9+ and take Sukaku Explainer minutes each).
//!
//! `cargo run --release -p sudoku-grade --example variant_sample -- x 200 1 28 40`
//! prints 200 X puzzles from seed 1 with 28 to 39 givens, one
//! 81-character line each.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_variant::{Kinds, Layout, Puzzle, VariantSolver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rule = args.first().map_or("x", String::as_str);
    let count: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let low: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(28);
    let high: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(40).max(low + 1);
    let rules = Kinds::parse_list(rule).expect("a rule list such as x or windoku");
    let shape = Puzzle::new(9, Layout::Boxes { rows: 3, cols: 3 }, rules, vec![0; 81]).expect("a 9x9 shape");
    let mut solver = VariantSolver::new(&shape);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..count {
        let Ok(Some(solution)) = solver.solve_random(&[0; 81], &mut rng, 10_000_000) else {
            continue;
        };
        let mut givens = solution.clone();
        let mut order: Vec<usize> = (0..81).collect();
        order.shuffle(&mut rng);
        let floor = rng.gen_range(low..high);
        let mut left = 81;
        for c in order {
            if left <= floor {
                break;
            }
            let d = givens[c];
            givens[c] = 0;
            if solver.count_up_to(&givens, 2) == 1 {
                left -= 1;
            } else {
                givens[c] = d;
            }
        }
        let line: String = givens.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
        println!("{line}");
    }
}
