//! Checks [`Grader::solves_with_chains`] against SE's ratings on a rated
//! file: how many puzzles of each SE rating it solves, and how fast
//! against grading.
//!
//! ```sh
//! cargo run --release -p sudoku-grade --example chains_check -- FILE
//! ```
//! FILE is CSV or TSV with a header naming `puzzle` and `se_er` or
//! `se_rating`.

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_core::Grid;
use sudoku_grade::Grader;

fn main() {
    let path = std::env::args().nth(1).expect("usage: chains_check FILE");
    let text = std::fs::read_to_string(path).unwrap();
    let sep = if text.lines().next().unwrap().contains('\t') { '\t' } else { ',' };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(sep).collect();
    let col = |names: &[&str]| header.iter().position(|h| names.contains(h)).unwrap();
    let (pc, ec) = (col(&["puzzle"]), col(&["se_er", "se_rating"]));
    let mut grader = Grader::new();
    // Per SE value: puzzles, solved by chains, time of the test, time of a grade.
    let mut by_value: BTreeMap<String, (u32, u32, f64, f64)> = BTreeMap::new();
    for line in lines {
        let f: Vec<&str> = line.split(sep).collect();
        let (Ok(puzzle), Ok(se)) = (f[pc].parse::<Grid>(), f[ec].parse::<f64>()) else { continue };
        let t0 = Instant::now();
        let solved = grader.solves_with_chains(&puzzle);
        let t1 = Instant::now();
        grader.grade(&puzzle).unwrap();
        let e = by_value.entry(format!("{se:.1}")).or_default();
        e.0 += 1;
        e.1 += u32::from(solved);
        e.2 += (t1 - t0).as_secs_f64();
        e.3 += t1.elapsed().as_secs_f64();
        if solved && se >= 8.0 {
            println!("SOLVED, SE {se:.1}: {}", f[pc]);
        }
    }
    println!("SE value\tpuzzles\tsolved by chains\ttest ms\tgrade ms");
    for (v, (n, s, t, g)) in by_value {
        let n_f = f64::from(n);
        println!("{v}\t{n}\t{s}\t{:.3}\t{:.3}", 1e3 * t / n_f, 1e3 * g / n_f);
    }
}
