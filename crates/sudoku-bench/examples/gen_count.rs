//! A fixed amount of generator work for instruction counting (callgrind):
//! `gen_count ours|peer N [none|rot180]` makes N unique minimal puzzles
//! with our generator (seed 2024, puzzles 0..N) or with the `sudoku` crate
//! (a dev-dependency of this bench-only crate), and prints the total clue
//! count so the work cannot be optimised away.
//!
//! ```text
//! valgrind --tool=callgrind target/release/examples/gen_count ours 200
//! ```

use std::process::ExitCode;

use sudoku_gen::{GenOptions, Generator, Symmetry};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (side, n, sym) = match args.as_slice() {
        [side, n] => (side.as_str(), n, "none"),
        [side, n, sym] => (side.as_str(), n, sym.as_str()),
        _ => return usage(),
    };
    let Ok(n) = n.parse::<u64>() else { return usage() };
    let rot180 = match sym {
        "none" => false,
        "rot180" => true,
        _ => return usage(),
    };
    let total: usize = match side {
        "ours" => {
            let symmetry = if rot180 { Symmetry::Rot180 } else { Symmetry::None };
            let mut generator = Generator::new(GenOptions { seed: 2024, symmetry, target_clues: None });
            (0..n).map(|i| generator.generate(i).n_clues()).sum()
        }
        "peer" => {
            let symmetry = if rot180 { sudoku::Symmetry::HalfRotation } else { sudoku::Symmetry::None };
            (0..n)
                .map(|_| {
                    let s = sudoku::Sudoku::generate_with_symmetry_from(
                        sudoku::Sudoku::generate_solved(),
                        symmetry,
                    );
                    s.to_bytes().iter().filter(|&&b| b != 0).count()
                })
                .sum()
        }
        _ => return usage(),
    };
    println!("{n} puzzles, {total} clues");
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: gen_count ours|peer N [none|rot180]");
    ExitCode::from(2)
}
