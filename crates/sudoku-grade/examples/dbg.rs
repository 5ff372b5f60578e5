use std::io::BufRead;
fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let g: sudoku_core::Grid = line.split(',').next().unwrap().parse().unwrap();
        let t = std::time::Instant::now();
        let r = sudoku_grade::explain(&g).unwrap();
        println!("{} rating {} {} nodes {} ({:?})", line, r.rating, r.technique, r.nodes, t.elapsed());
        if std::env::var_os("STEPS").is_some() {
            for s in &r.steps {
                println!("  {s}");
            }
        }
    }
}
