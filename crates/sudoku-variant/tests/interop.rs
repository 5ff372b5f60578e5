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

fn unsupported(result: Result<sudoku_variant::Imported, InteropError>) -> Vec<String> {
    match result {
        Err(InteropError::Unsupported(names)) => names,
        other => panic!("expected an unsupported-constraint error, got {other:?}"),
    }
}

#[test]
fn r34_public_puzzles_with_other_constraints_are_refused_by_name() {
    let cases: [(&str, &[&str]); 5] = [
        ("Quadiagonal", &["quadruple"]),
        ("Black Kropki X", &["littlekillersum", "ratio", "negative"]),
        ("Return of the Revenge", &["thermometer"]),
        ("Irregular 7x7 Kropki", &["difference", "ratio"]),
        ("The ARt of Sashimi", &["difference", "line", "cage"]),
    ];
    for (name, expected) in cases {
        let (data, _) = public(name);
        let names = unsupported(Puzzle::from_link(&format!("fpuzzles{data}")));
        for want in expected {
            assert!(names.iter().any(|n| n.starts_with(want)), "{name}: {want} missing from {names:?}");
        }
        let message = InteropError::Unsupported(names).to_string();
        assert!(message.starts_with("not supported: "), "{message}");
    }
}

/// A hand-written f-puzzles document: a 4×4 with two givens, both
/// diagonals, anti-king and a cage of sum 3 (independent of the writer).
const HAND_4X4: &str = r#"{"size":4,"title":"hand","grid":[
  [{"value":1,"given":true},{},{},{}],
  [{},{},{},{}],
  [{},{},{"value":3,"given":true},{"value":2}],
  [{},{},{},{}]],
 "diagonal+":true,"diagonal-":true,"antiking":true,"antiknight":false,"thermometer":[],
 "killercage":[{"cells":["R1C2","R2C1"],"value":"7"},{"cells":["R4C4"]}]}"#;

#[test]
fn r34_hand_written_fpuzzles_reads_field_by_field() {
    let imported = Puzzle::from_fpuzzles(HAND_4X4).unwrap();
    let p = &imported.puzzle;
    assert_eq!(p.size(), 4);
    assert_eq!(p.layout(), &Layout::Boxes { rows: 2, cols: 2 });
    assert_eq!(p.rules(), [Rule::X, Rule::AntiKing].into_iter().collect::<Rules>());
    // r3c4 holds a value that is not given: a solver's entry, not a clue.
    assert_eq!(p.givens_line(), "1.........3.....");
    assert_eq!(
        p.cages(),
        &[Cage { cells: vec![1, 4], sum: Some(7) }, Cage { cells: vec![15], sum: None }]
    );
    assert_eq!(imported.title.as_deref(), Some("hand"));
    assert_eq!(imported.solution, None);
}

#[test]
fn r34_fpuzzles_export_writes_the_documented_fields() {
    let p = Puzzle::from_fpuzzles(HAND_4X4).unwrap().puzzle;
    let v: Value = serde_json::from_str(&p.to_fpuzzles(Some(&digits("1432321441232341"))).unwrap()).unwrap();
    assert_eq!(v["size"], 4);
    assert_eq!(v["grid"][0][0], serde_json::json!({"value": 1, "given": true}));
    assert_eq!(v["grid"][0][1], serde_json::json!({}));
    assert_eq!(v["grid"][2][2], serde_json::json!({"value": 3, "given": true}));
    assert_eq!(v["diagonal+"], true);
    assert_eq!(v["diagonal-"], true);
    assert_eq!(v["antiking"], true);
    assert!(v.get("antiknight").is_none());
    assert_eq!(v["killercage"][0], serde_json::json!({"cells": ["R1C2", "R2C1"], "value": "7"}));
    assert_eq!(v["killercage"][1], serde_json::json!({"cells": ["R4C4"]}));
    assert_eq!(v["solution"][15], 1);
}

#[test]
fn r34_single_diagonal_null_region_and_other_extra_regions_are_refused() {
    let one = HAND_4X4.replace(r#""diagonal-":true,"#, "");
    assert!(unsupported(Puzzle::from_fpuzzles(&one))[0].starts_with("diagonal+ alone"));
    let null_region = HAND_4X4.replace(r#"[{},{},{},{}]],"#, r#"[{},{},{},{"region":null}]],"#);
    assert!(unsupported(Puzzle::from_fpuzzles(&null_region))[0].contains("R4C4 in no region"));
    let extra = HAND_4X4.replace(r#""thermometer":[]"#, r#""extraregion":[{"cells":["R1C1","R1C2","R2C1","R2C2"]}]"#);
    assert!(unsupported(Puzzle::from_fpuzzles(&extra))[0].starts_with("extraregion"));
}

/// Puzzles of every shape and rule the f-puzzles form holds.
fn shapes() -> Vec<Puzzle> {
    let mut out = Vec::new();
    for n in [4, 6, 8, 9, 12, 16] {
        out.push(Puzzle::blank(n).unwrap());
    }
    let nine = Puzzle::blank(9).unwrap();
    for rule in Rule::ALL {
        out.push(nine.with_rules([rule].into_iter().collect()).unwrap());
    }
    let x_dg_nc = [Rule::X, Rule::DisjointGroups, Rule::NonConsecutive];
    out.push(nine.with_rules(x_dg_nc.into_iter().collect()).unwrap());
    // A jigsaw of bands: region k is rows... written as columns swapped.
    let regions: Vec<u8> = (0..81).map(|i| ((i % 9) / 3 * 3 + (i / 9) / 3) as u8).collect();
    let jigsaw = Puzzle::new(9, Layout::Regions(regions), Rules::NONE, Vec::new(), vec![0; 81]).unwrap();
    out.push(jigsaw);
    // A 7×7 jigsaw (a prime side: f-puzzles' default regions are rows).
    let rows7: Vec<u8> = (0..49).map(|i| (i / 7) as u8).collect();
    out.push(Puzzle::new(7, Layout::Regions(rows7), Rules::NONE, Vec::new(), vec![0; 49]).unwrap());
    out.push(Puzzle::new(6, Layout::Boxes { rows: 3, cols: 2 }, Rules::NONE, Vec::new(), vec![0; 36]).unwrap());
    let cages = vec![Cage { cells: vec![0, 1, 9], sum: Some(15) }, Cage { cells: vec![40, 41], sum: None }];
    out.push(nine.with_cages(cages).unwrap());
    out
}

#[test]
fn r34_fpuzzles_and_links_round_trip_every_shape() {
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    for shape in shapes() {
        // Givens from a real solution, so every rule stays satisfiable.
        let solution = shape.solve_one().unwrap_or_else(|| panic!("no solution: {shape:?}"));
        let givens: Vec<u8> = solution.iter().map(|&d| if rng.gen_bool(0.3) { d } else { 0 }).collect();
        let puzzle = shape.with_givens(givens).unwrap();
        let json = puzzle.to_fpuzzles(Some(&solution)).unwrap();
        let back = Puzzle::from_fpuzzles(&json).unwrap();
        assert_eq!(back.puzzle, puzzle, "{json}");
        assert_eq!(back.solution.as_ref(), Some(&solution));
        for link in [puzzle.to_fpuzzles_link().unwrap(), puzzle.to_sudokupad_link().unwrap()] {
            assert_eq!(Puzzle::from_link(&link).unwrap().puzzle, puzzle, "{link}");
        }
    }
}

#[test]
fn r34_samurai_and_25x25_have_no_fpuzzles_form() {
    for p in [Puzzle::blank_samurai(), Puzzle::blank(25).unwrap()] {
        assert!(matches!(p.to_fpuzzles(None), Err(InteropError::Inexpressible { format: "f-puzzles", .. })));
    }
}

#[test]
fn r34_sudokupad_links_with_folded_slashes_still_read() {
    // Characters U+7FFF and U+FFFF are 16-bit literals of many one bits,
    // whose base64 has "//" (checked against the reference library).
    let json = HAND_4X4.replace(r#""title":"hand""#, "\"title\":\"\u{7fff}\u{ffff}\u{ffff}\"");
    let data = compress_to_base64(&json);
    assert!(data.contains("//"), "{data}");
    let folded = format!("https://sudokupad.app/fpuzzles{}", data.replace("//", "/"));
    let imported = Puzzle::from_link(&folded).unwrap();
    assert_eq!(imported.title.as_deref(), Some("\u{7fff}\u{ffff}\u{ffff}"));
    assert_eq!(imported.puzzle, Puzzle::from_fpuzzles(HAND_4X4).unwrap().puzzle);
}

#[test]
fn r34_links_that_carry_no_fpuzzles_data_are_refused_clearly() {
    for (link, needle) in [
        ("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA", "scl"),
        ("https://sudokupad.app/ctcN4IgzglgXgpiBcBOANCA", "scl"),
        ("https://sudokupad.app/abc123xyz", "short id"),
        ("https://www.f-puzzles.com/?id=y4x2abcd", "short id"),
        ("https://example.com/", "no puzzle data"),
        ("https://www.f-puzzles.com/?load=", "no puzzle data"),
        ("fpuzzlesN4Ig%zz", "percent"),
    ] {
        let err = Puzzle::from_link(link).expect_err(link).to_string();
        assert!(err.contains(needle), "{link}: {err}");
    }
}
