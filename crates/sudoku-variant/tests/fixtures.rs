//! The variant fixtures (`fixtures/variant/*.jsonl`): every puzzle with a
//! recorded solution was solved by pencilmark and proven unique by CP-SAT,
//! and the `expect` lines are theirs too. Our solver must agree on every
//! line: the same unique solution, no solution, or several.

use sudoku_variant::{format_digits, Puzzle, VariantSolver};

/// The fixture files `fixtures/variant/*.jsonl`, sorted.
pub fn fixture_files() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/variant");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    files
}

#[test]
fn r34_every_fixture_agrees_with_pencilmark_and_cpsat() {
    let files = fixture_files();
    assert!(files.len() >= 15, "{files:?}");
    let mut checked = 0;
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for (k, line) in std::fs::read_to_string(&path).unwrap().lines().enumerate() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let read = Puzzle::from_json(line).unwrap_or_else(|e| panic!("{name}:{}: {e}", k + 1));
            let puzzle = read.puzzle;
            let mut solver = VariantSolver::new(&puzzle);
            let mut found = Vec::new();
            solver.for_each_solution(puzzle.givens(), 2, |s| found.push(s.to_vec()));
            let at = format!("{name}:{}", k + 1);
            match (&read.solution, value.get("expect")) {
                (Some(solution), _) => {
                    assert_eq!(found.len(), 1, "{at}: not unique for us");
                    assert_eq!(format_digits(&found[0]), format_digits(solution), "{at}");
                }
                (None, Some(e)) if e == 0 => assert!(found.is_empty(), "{at}: we found a solution"),
                (None, Some(e)) if e == "many" => assert_eq!(found.len(), 2, "{at}: we found fewer than two"),
                _ => panic!("{at}: a fixture line with neither solution nor expect"),
            }
            for s in &found {
                assert_eq!(puzzle.check_solution(s), Ok(()), "{at}");
            }
            checked += 1;
        }
    }
    assert!(checked > 600, "{checked}");
}
