//! How fast the patterns of a file's puzzles are filled: 5 puzzles each.
use std::time::Instant;
use sudoku_gen::{GenOptions, Generator, Pattern};
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let mut g = Generator::new(GenOptions { seed: 1, ..GenOptions::default() });
    for line in text.lines().take(12) {
        let p: Pattern = line[..81].parse().unwrap();
        let t = Instant::now();
        let mut ok = 0;
        for i in 0..5 {
            if g.generate_on_pattern(i, p, |_| true, 20_000).is_ok() {
                ok += 1;
            }
        }
        println!("{} clues: {ok}/5 in {:.2?}", p.len(), t.elapsed());
    }
}
