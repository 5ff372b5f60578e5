//! Prints our solution path for one puzzle, a step a line, as `--explain`
//! would: `cargo run -p sudoku-grade --example se_path -- PUZZLE`.

use sudoku_core::Grid;
use sudoku_grade::{GradeOptions, Grader};

fn main() {
    let puzzle: Grid = std::env::args().nth(1).expect("usage: se_path PUZZLE").parse().unwrap();
    let g = Grader::new().grade_with(&puzzle, &GradeOptions { explain: true }).unwrap();
    for s in &g.steps {
        println!("{s}");
    }
    println!("ER {:.1} EP {:.1} ED {:.1} ({})", g.er, g.ep, g.ed, g.technique);
}
