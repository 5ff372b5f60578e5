//! Prints our solution path for one puzzle, a step a line, as `--explain`
//! would: `cargo run -p sudoku-grade --example se_path -- PUZZLE`.

use sudoku_core::Grid;
use sudoku_grade::{GradeOptions, Grader};

fn main() {
    let puzzle: Grid = std::env::args().nth(1).expect("usage: se_path PUZZLE [RULES]").parse().unwrap();
    // An optional second argument grades as a 9×9 variant: `x`, `windoku`, ...
    let mut grader = match std::env::args().nth(2) {
        None => Grader::new(),
        Some(list) => {
            let rules = sudoku_variant::Kinds::parse_list(&list).expect("a rule list");
            let layout = sudoku_variant::Layout::Boxes { rows: 3, cols: 3 };
            let shape = sudoku_variant::Puzzle::new(9, layout, rules, vec![0; 81]).expect("a shape");
            Grader::for_variant(&shape).expect("a shape the grader rates")
        }
    };
    let g = grader.grade_with(&puzzle, &GradeOptions { explain: true }).unwrap();
    for s in &g.steps {
        println!("{s}");
    }
    println!("ER {:.1} EP {:.1} ED {:.1} ({})", g.er, g.ep, g.ed, g.technique);
}
