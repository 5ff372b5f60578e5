//! f-puzzles, SudokuPad links, lz-string and ipuz against independent
//! data: lz-string pairs made by the reference JavaScript library, real
//! public f-puzzles puzzles with their published solutions, hand-written
//! expected documents, and mutation loops for hostile input.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use sudoku_variant::lzstring::{compress_to_base64, decompress_from_base64, LzError, MAX_OUTPUT};
use sudoku_variant::{Cage, InteropError, Layout, Puzzle, Rule, Rules};

fn fixture(name: &str) -> String {
    let path = format!("{}/../../fixtures/variant/interop/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The public puzzles of `sudokutools_fpuzzles.jsonl`: name, compressed
/// f-puzzles data, and the published solution (81 digits) when known.
fn public_puzzles() -> Vec<(String, String, Option<String>)> {
    fixture("sudokutools_fpuzzles.jsonl")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("fixture line is JSON");
            let solution = v["solution"].as_str().map(str::to_string);
            (v["name"].as_str().unwrap().to_string(), v["data"].as_str().unwrap().to_string(), solution)
        })
        .collect()
}

fn public(name_part: &str) -> (String, Option<String>) {
    let (_, data, solution) =
        public_puzzles().into_iter().find(|(n, _, _)| n.contains(name_part)).expect("fixture has the puzzle");
    (data, solution)
}

fn digits(text: &str) -> Vec<u8> {
    text.bytes().map(|b| b - b'0').collect()
}

#[test]
fn r34_lzstring_matches_the_reference_library() {
    let pairs: Vec<(String, String)> = serde_json::from_str(&fixture("lzstring_vectors.json")).unwrap();
    assert!(pairs.len() >= 10);
    for (plain, compressed) in pairs {
        assert_eq!(compress_to_base64(&plain), compressed, "compressing {plain:?}");
        assert_eq!(decompress_from_base64(&compressed).as_deref(), Ok(plain.as_str()), "decompressing {compressed}");
    }
}

#[test]
fn r34_public_killer_anti_knight_imports_and_solves_to_the_published_solution() {
    // "Self-contained" by Lavaloid: killer cages and anti-knight.
    let (data, solution) = public("Self-contained");
    let solution = digits(&solution.expect("published solution"));
    for link in [
        format!("https://www.f-puzzles.com/?load={data}"),
        format!("https://sudokupad.app/fpuzzles{data}"),
        format!("fpuzzles{data}"),
        data.clone(),
    ] {
        let imported = Puzzle::from_link(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
        let puzzle = &imported.puzzle;
        assert_eq!(puzzle.size(), 9);
        assert_eq!(puzzle.rules(), [Rule::AntiKnight].into_iter().collect::<Rules>());
        assert!(!puzzle.cages().is_empty());
        assert_eq!(imported.title.as_deref(), Some("Self-contained"));
        puzzle.check_solution(&solution).expect("the published solution keeps every imported rule");
        assert_eq!(puzzle.count_solutions_up_to(2), 1);
        assert_eq!(puzzle.solve_one(), Some(solution.clone()));
    }
}

#[test]
fn r34_public_puzzles_without_published_solution_import_and_are_unique() {
    for name in ["Killers from 1011 Knights", "Arkham Basement", "Knight Shift"] {
        let (data, _) = public(name);
        let imported = Puzzle::from_link(&format!("fpuzzles{data}")).unwrap_or_else(|e| panic!("{name}: {e}"));
        let puzzle = &imported.puzzle;
        assert_eq!(puzzle.count_solutions_up_to(2), 1, "{name}");
        if let Some(solution) = &imported.solution {
            assert_eq!(puzzle.solve_one().as_ref(), Some(solution), "{name}");
        }
    }
}

#[test]
fn r34_public_16x16_jigsaw_killer_without_sums_imports() {
    let (data, _) = public("Behemoth");
    let imported = Puzzle::from_link(&format!("fpuzzles{data}")).unwrap();
    let puzzle = &imported.puzzle;
    assert_eq!(puzzle.size(), 16);
    assert!(matches!(puzzle.layout(), Layout::Regions(_)));
    assert!(!puzzle.cages().is_empty());
    assert!(puzzle.cages().iter().all(|c| c.sum.is_none()));
    // Solving it takes seconds in a debug build; its uniqueness is in the
    // bench record, not here.
}
