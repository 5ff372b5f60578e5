//! Puzzles per second of the variant generator, one thread:
//! `cargo run --release -p sudoku-gen --example variant_rate -- LIST SIZE N`.

use std::time::Instant;

use sudoku_gen::variant::{VariantGenerator, VariantOptions, VariantSpec};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let list = args.get(1).map_or("x", String::as_str);
    let size = args.get(2).and_then(|s| s.parse().ok());
    let n: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let spec = VariantSpec::parse(list, size).expect("a variant");
    let mut generator = VariantGenerator::new(VariantOptions::new(1, spec)).expect("options");
    let start = Instant::now();
    let (mut clues, mut minimal) = (0, 0);
    for index in 0..n {
        let p = generator.generate(index).expect("a puzzle");
        clues += p.n_clues();
        minimal += usize::from(p.minimal);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{list} {size:?}: {n} puzzles in {secs:.2} s, {:.1}/s, mean clues {:.1}, minimal {minimal}/{n}",
        n as f64 / secs,
        clues as f64 / n as f64,
    );
}
