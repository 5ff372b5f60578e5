//! Reading cost of the variant JSON form: parses every record of a JSON
//! lines file (`Puzzle::from_json`), best of 20 rounds, and prints the time
//! a record. The whole-process cost of an easy variant puzzle is as much
//! reading as searching, so this is the probe for the reader's share.
//!
//! `variant_parse FILE`

use std::time::Instant;

use sudoku_variant::Puzzle;

fn main() {
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: variant_parse FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&file).expect("a readable file");
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut best = f64::MAX;
    for _ in 0..20 {
        let start = Instant::now();
        for line in &lines {
            std::hint::black_box(Puzzle::from_json(line).expect("a puzzle"));
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!("{file}: {} records, {:.2} us a record", lines.len(), best * 1e6 / lines.len().max(1) as f64);
}
