//! Checks `canonical` against the brute force on the puzzle lines of a file
//! (first 81 characters of each line; `#` lines skipped), and says for each
//! whether the line itself is the form:
//! `cargo run --release -p sudoku-canon --example brute_check -- FILE`.

use sudoku_canon::{canonical, canonical_brute_force};
use sudoku_core::Grid;

fn main() {
    let path = std::env::args().nth(1).expect("usage: brute_check FILE");
    let text = std::fs::read_to_string(&path).expect("a readable file");
    let (mut n, mut n_agree, mut n_self) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#') && l.len() >= 81) {
        let grid = Grid::parse_line(&line[..81]).expect("a puzzle line");
        let (form, brute) = (canonical(&grid).0, canonical_brute_force(&grid));
        n += 1;
        n_agree += usize::from(form == brute);
        n_self += usize::from(brute == grid);
        if form != brute {
            println!("DISAGREE {}: ours {} brute {}", line, form.to_line_zeros(), brute.to_line_zeros());
        }
    }
    println!("{n} grids: search = brute force on {n_agree}; the line is its own form on {n_self}");
}
