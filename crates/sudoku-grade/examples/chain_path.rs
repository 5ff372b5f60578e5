//! Prints the grader's solution path of each puzzle given on the command
//! line (debugging aid for the chain rules).
use sudoku_core::Grid;

fn main() {
    for arg in std::env::args().skip(1) {
        let puzzle = Grid::parse_line(&arg).expect("a puzzle");
        let g = sudoku_grade::explain(&puzzle).expect("gradable");
        for s in &g.steps {
            println!("{s}");
        }
        println!("#P {arg} {:.1}", g.er);
    }
}
