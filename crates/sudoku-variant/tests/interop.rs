//! f-puzzles, SudokuPad links, lz-string and ipuz against independent
//! data: lz-string pairs made by the reference JavaScript library, real
//! public f-puzzles puzzles with their published solutions, hand-written
//! expected documents, and mutation loops for hostile input.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use sudoku_variant::lzstring::{compress_to_base64, decompress_from_base64, LzError, MAX_OUTPUT};
use sudoku_variant::{Constraint, InteropError, Kind, Kinds, Layout, Puzzle, KINDS};

/// A killer cage (the registry's `killer` kind).
fn cage(cells: Vec<u16>, sum: Option<u32>) -> Constraint {
    let killer = sudoku_variant::kind_named("killer").expect("killer is registered");
    Constraint::of(killer, sudoku_variant::Instance { parts: vec![cells], value: sum })
}

/// The puzzle's killer cages.
fn cages(p: &Puzzle) -> Vec<Constraint> {
    p.constraints().iter().filter(|c| c.kind().cage(c.instance()).is_some()).cloned().collect()
}

/// The rules of a variant list.
fn rules(list: &str) -> Kinds {
    Kinds::parse_list(list).unwrap()
}

/// The registered rules of the whole grid.
fn global_kinds() -> impl Iterator<Item = &'static dyn Kind> {
    KINDS.iter().copied().filter(|k| k.global())
}

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
        assert_eq!(
            decompress_from_base64(&compressed).as_deref(),
            Ok(plain.as_str()),
            "decompressing {compressed}"
        );
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
        format!("https://sudokupad.app/sudoku/fpuzzles{data}?setting-nopauseonstart=1"),
        format!("https://sudokupad.app/fpuz{data}"),
        format!(
            "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles{}&x=1",
            data.replace('+', "%2B")
        ),
        format!("  https://www.f-puzzles.com/?load={}#top  ", data.replace('+', " ")),
        data.clone(),
    ] {
        let imported = Puzzle::from_link(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
        let puzzle = &imported.puzzle;
        assert_eq!(puzzle.size(), 9);
        assert_eq!(puzzle.rules(), rules("anti-knight"));
        assert!(!cages(puzzle).is_empty());
        assert_eq!(imported.title.as_deref(), Some("Self-contained"));
        puzzle.check_solution(&solution).expect("the published solution keeps every imported rule");
        // Title, author and rules text survive an export of the import.
        let again = Puzzle::from_fpuzzles(&imported.to_fpuzzles().unwrap()).unwrap();
        assert_eq!(again, imported);
        assert_eq!(puzzle.count_solutions_up_to(2), 1);
        assert_eq!(puzzle.solve_one(), Some(solution.clone()));
    }
}

#[test]
fn r34_public_puzzles_without_published_solution_import_and_are_unique() {
    for name in ["Killers from 1011 Knights", "Arkham Basement", "Knight Shift"] {
        let (data, _) = public(name);
        let imported =
            Puzzle::from_link(&format!("fpuzzles{data}")).unwrap_or_else(|e| panic!("{name}: {e}"));
        let puzzle = &imported.puzzle;
        assert_eq!(puzzle.count_solutions_up_to(2), 1, "{name}");
        let again = Puzzle::from_fpuzzles(&puzzle.to_fpuzzles(None).unwrap()).unwrap().puzzle;
        assert_eq!(&again, puzzle, "{name} through our f-puzzles export");
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
    assert!(!cages(puzzle).is_empty());
    assert!(cages(puzzle).iter().all(|c| c.value().is_none()));
    let again = Puzzle::from_link(&puzzle.to_fpuzzles_link(None).unwrap()).unwrap().puzzle;
    assert_eq!(&again, puzzle);
    // Solving it takes seconds in a debug build; its uniqueness is in the
    // bench record, not here.
}

#[test]
fn r34_public_thermo_jigsaw_imports_solves_once_and_exports_back() {
    let (data, _) = public("Return of the Revenge");
    let imported = Puzzle::from_link(&format!("fpuzzles{data}")).unwrap();
    let puzzle = &imported.puzzle;
    assert_eq!(puzzle.constraints().len(), 9);
    assert!(puzzle.constraints().iter().all(|c| c.kind().name() == "thermo"));
    assert_eq!(puzzle.count_solutions_up_to(2), 1);
    let solution = puzzle.solve_one().unwrap();
    assert!(puzzle.check_solution(&solution).is_ok());
    // Every thermometer rises, read straight off the grid.
    for c in puzzle.constraints() {
        let digits: Vec<u8> = c.parts()[0].iter().map(|&i| solution[usize::from(i)]).collect();
        assert!(digits.windows(2).all(|w| w[0] < w[1]), "{digits:?}");
    }
    let again = Puzzle::from_link(&puzzle.to_fpuzzles_link(None).unwrap()).unwrap().puzzle;
    assert_eq!(&again, puzzle);
    // The JSON form numbers regions afresh; the rest is the same.
    let json = Puzzle::from_json(&puzzle.to_json(None)).unwrap().puzzle;
    assert_eq!(json.constraints(), puzzle.constraints());
    assert_eq!(json.solve_one(), Some(solution));
}

/// Quadruples with disjoint groups, and a 7x7 jigsaw of white and black
/// dots: each imports, has one solution, the published one, and exports
/// back to the same puzzle.
#[test]
fn r47_public_quadruple_and_kropki_puzzles_solve_to_the_published_solution() {
    for (name, kind, rules) in
        [("Quadiagonal", "quadruple", "disjoint-groups"), ("Irregular 7x7 Kropki", "kropki", "")]
    {
        let (data, solution) = public(name);
        let puzzle = Puzzle::from_link(&format!("fpuzzles{data}")).unwrap().puzzle;
        assert!(
            !puzzle.constraints().is_empty() && puzzle.constraints().iter().all(|c| c.kind().name() == kind)
        );
        assert_eq!(puzzle.rules(), Kinds::parse_list(rules).unwrap(), "{name}");
        assert_eq!(puzzle.count_solutions_up_to(2), 1, "{name}");
        assert_eq!(puzzle.solve_one(), Some(digits(&solution.unwrap())), "{name}");
        let again = Puzzle::from_link(&puzzle.to_fpuzzles_link(None).unwrap()).unwrap().puzzle;
        assert_eq!(again.constraints().len(), puzzle.constraints().len(), "{name}");
        assert_eq!(again.solve_one(), puzzle.solve_one(), "{name}");
    }
}

fn unsupported(result: Result<sudoku_variant::Imported, InteropError>) -> Vec<String> {
    match result {
        Err(InteropError::Unsupported(names)) => names,
        other => panic!("expected an unsupported-constraint error, got {other:?}"),
    }
}

#[test]
fn r34_public_puzzles_with_other_constraints_are_refused_by_name() {
    let cases: [(&str, &[&str]); 1] = [("The ARt of Sashimi", &["line", "cage"])];
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

/// The little killers of a public puzzle (its ratio dots taken off):
/// each clue's cells, way and sum, and written back as they came.
#[test]
fn public_little_killers_read_and_write_back() {
    let (data, _) = public("Black Kropki X");
    let mut value: Value = serde_json::from_str(&decompress_from_base64(&data).unwrap()).unwrap();
    let object = value.as_object_mut().unwrap();
    object.remove("ratio");
    object.remove("negative");
    let read = Puzzle::from_fpuzzles(&value.to_string()).unwrap().puzzle;
    let clues: Vec<(Vec<u16>, Option<u32>)> = read
        .constraints()
        .iter()
        .filter(|c| c.kind().name() == "little-killer")
        .map(|c| (c.parts()[0].clone(), c.value()))
        .collect();
    // R8C1-R9C2 (7), R8C9-R9C8 (7), R1C6-R4C9 (29).
    assert_eq!(clues, [(vec![63, 73], Some(7)), (vec![71, 79], Some(7)), (vec![5, 15, 25, 35], Some(29))]);
    let back: Value = serde_json::from_str(&read.to_fpuzzles(None).unwrap()).unwrap();
    assert_eq!(back["littlekillersum"], value["littlekillersum"]);
}

/// Outside clues in f-puzzles: the clue's cell outside the grid gives the
/// line and the side; a clue without a number, or in a corner, is
/// refused by name.
#[test]
fn outside_clues_read_from_their_cell_outside_the_grid() {
    let nine = Puzzle::blank(9).unwrap();
    let mut value: Value = serde_json::from_str(&nine.to_fpuzzles(None).unwrap()).unwrap();
    value["sandwichsum"] =
        serde_json::json!([{"cell": "R0C3", "value": "12"}, {"cell": "R5C10", "value": 0}]);
    value["skyscraper"] = serde_json::json!([{"cell": "R10C1", "value": "3"}]);
    value["xsum"] = serde_json::json!([{"cell": "R2C0", "value": "15"}]);
    let read = Puzzle::from_fpuzzles(&value.to_string()).unwrap().puzzle;
    let got: Vec<(&str, u16, u16, Option<u32>)> = read
        .constraints()
        .iter()
        .map(|c| (c.kind().name(), c.parts()[0][0], c.parts()[0][1], c.value()))
        .collect();
    assert_eq!(
        got,
        [
            ("sandwich", 2, 11, Some(12)),
            ("sandwich", 44, 43, Some(0)),
            ("x-sums", 9, 10, Some(15)),
            ("skyscrapers", 72, 63, Some(3)),
        ]
    );
    let back: Value = serde_json::from_str(&read.to_fpuzzles(None).unwrap()).unwrap();
    assert_eq!(back["sandwichsum"][0], serde_json::json!({"cell": "R0C3", "value": "12"}));
    for (field, entry, says) in [
        ("sandwichsum", serde_json::json!({"cell": "R0C3", "value": ""}), "without a number"),
        ("xsum", serde_json::json!({"cell": "R0C0", "value": "3"}), "R0C0"),
        ("skyscraper", serde_json::json!({"cell": "R3C4", "value": "3"}), "R3C4"),
    ] {
        let mut bad = serde_json::from_str::<Value>(&nine.to_fpuzzles(None).unwrap()).unwrap();
        bad[field] = serde_json::json!([entry]);
        let err = Puzzle::from_fpuzzles(&bad.to_string()).unwrap_err().to_string();
        assert!(err.contains(field) && err.contains(says), "{err}");
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
    assert_eq!(p.rules(), rules("x,anti-king"));
    // r3c4 holds a value that is not given: a solver's entry, not a clue.
    assert_eq!(p.givens_line(), "1.........3.....");
    assert_eq!(cages(p), [cage(vec![1, 4], Some(7)), cage(vec![15], None)]);
    assert_eq!(imported.title.as_deref(), Some("hand"));
    assert_eq!(imported.solution, None);
}

#[test]
fn r34_fpuzzles_export_writes_the_documented_fields() {
    let p = Puzzle::from_fpuzzles(HAND_4X4).unwrap().puzzle;
    // The hand-made puzzle has no solution (x and anti-king on a 4x4), so
    // no solution may be written with it (the one written is checked in
    // `fpuzzles_solution.rs`).
    assert_eq!(p.solve_one(), None);
    let err = p.to_fpuzzles(Some(&digits("1432321441232341"))).unwrap_err().to_string();
    assert!(err.starts_with("solution: breaks the puzzle"), "{err}");
    let v: Value = serde_json::from_str(&p.to_fpuzzles(None).unwrap()).unwrap();
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
    assert!(v.get("solution").is_none());
}

#[test]
fn r34_single_diagonal_null_region_and_other_extra_regions_are_refused() {
    let one = HAND_4X4.replace(r#""diagonal-":true,"#, "");
    assert!(unsupported(Puzzle::from_fpuzzles(&one))[0].starts_with("diagonal+ without diagonal- (rule x)"));
    let null_region = HAND_4X4.replace(r#"[{},{},{},{}]],"#, r#"[{},{},{},{"region":null}]],"#);
    assert!(unsupported(Puzzle::from_fpuzzles(&null_region))[0].contains("R4C4 in no region"));
    let extra =
        HAND_4X4.replace(r#""thermometer":[]"#, r#""extraregion":[{"cells":["R1C1","R1C2","R2C1","R2C2"]}]"#);
    assert!(unsupported(Puzzle::from_fpuzzles(&extra))[0].starts_with("extraregion"));
}

/// Puzzles of every shape and rule the f-puzzles form holds.
fn shapes() -> Vec<Puzzle> {
    let mut out = Vec::new();
    for n in [4, 6, 8, 9, 12, 16] {
        out.push(Puzzle::blank(n).unwrap());
    }
    let nine = Puzzle::blank(9).unwrap();
    // Every rule with an f-puzzles form: flags, or houses in `extraregion`.
    for rule in global_kinds().filter(|r| !r.fpuzzles_flags().is_empty() || r.houses_only()) {
        out.push(nine.with_rules([rule].into_iter().collect()).unwrap());
    }
    // Two rules of extra regions at once, told apart on reading.
    out.push(nine.with_rules(rules("windoku,asterisk,centre-dot")).unwrap());
    out.push(nine.with_rules(rules("x,disjoint-groups,non-consecutive")).unwrap());
    // A jigsaw of bands: region k is rows... written as columns swapped.
    let regions: Vec<u8> = (0..81).map(|i| ((i % 9) / 3 * 3 + (i / 9) / 3) as u8).collect();
    let jigsaw = Puzzle::new(9, Layout::Regions(regions), Kinds::NONE, vec![0; 81]).unwrap();
    out.push(jigsaw);
    // A 7×7 jigsaw (a prime side: f-puzzles' default regions are rows).
    let rows7: Vec<u8> = (0..49).map(|i| (i / 7) as u8).collect();
    out.push(Puzzle::new(7, Layout::Regions(rows7), Kinds::NONE, vec![0; 49]).unwrap());
    out.push(Puzzle::new(6, Layout::Boxes { rows: 3, cols: 2 }, Kinds::NONE, vec![0; 36]).unwrap());
    let cages = vec![cage(vec![0, 1, 9], Some(15)), cage(vec![40, 41], None)];
    out.push(nine.with_constraints(cages).unwrap());
    // Lines, German and Dutch whispers sharing f-puzzles' `whispers`.
    let line = |kind: &str, cells: Vec<u16>| {
        Constraint::of(sudoku_variant::kind_named(kind).unwrap(), sudoku_variant::Instance::of(vec![cells]))
    };
    let lines = vec![
        line("german-whispers", vec![0, 1, 2]),
        line("german-whispers", vec![36, 37]),
        line("dutch-whispers", vec![18, 19, 20]),
        line("renban", vec![60, 61, 62]),
        line("palindrome", vec![38, 47, 48]),
    ];
    out.push(nine.with_constraints(lines).unwrap());
    // Issue 47's second set of lines, and an arrow with a pill.
    let with_value = |kind: &str, cells: Vec<u16>, value: Option<u32>| {
        let instance = sudoku_variant::Instance { parts: vec![cells], value };
        Constraint::of(sudoku_variant::kind_named(kind).unwrap(), instance)
    };
    let pill = sudoku_variant::Instance::of(vec![vec![24, 25], vec![26, 35]]);
    // (In KINDS order, as a reader gives them back.)
    let lines = vec![
        Constraint::of(sudoku_variant::kind_named("arrow").unwrap(), pill),
        line("slow-thermo", vec![0, 10, 20]),
        line("zipper", vec![3, 4, 5]),
        line("entropic", vec![27, 28, 29]),
        line("modular", vec![30, 31, 32]),
        line("double-arrow", vec![54, 55, 56, 57]),
        line("between", vec![72, 73, 74]),
        line("lockout", vec![63, 64, 65]),
        with_value("lockout", vec![78, 79, 80], Some(5)),
        line("region-sum", vec![47, 48, 49, 50]),
    ];
    out.push(nine.with_constraints(lines).unwrap());
    // Edge marks, a quadruple and a clone; then every mark true of a
    // solution (white dots first: f-puzzles' `difference` reads back
    // before `ratio`) under the negative constraints and non-consecutive.
    let mark = |kind: &str, cells: Vec<u16>, value: Option<u32>| {
        Constraint::of(
            sudoku_variant::kind_named(kind).unwrap(),
            sudoku_variant::Instance { parts: vec![cells], value },
        )
    };
    out.push(
        nine.with_constraints(vec![
            mark("kropki", vec![0, 1], Some(1)),
            mark("kropki", vec![3, 4], Some(2)),
            mark("xv", vec![30, 31], Some(10)),
            mark("xv", vec![50, 59], Some(5)),
            mark("quadruple", vec![59, 60, 68, 69], Some(1 + 2 * 32 + 2 * 1024)),
            Constraint::of(
                sudoku_variant::kind_named("clone").unwrap(),
                sudoku_variant::Instance::of(vec![vec![6, 7, 15], vec![57, 58, 66]]),
            ),
        ])
        .unwrap(),
    );
    let grid = nine.solve_one().unwrap();
    let (mut white, mut black, mut letters) = (Vec::new(), Vec::new(), Vec::new());
    for (a, b) in nine.orthogonal_pairs() {
        let (x, y) = (grid[usize::from(a)], grid[usize::from(b)]);
        if x.abs_diff(y) == 1 {
            white.push(mark("kropki", vec![a, b], Some(1)));
        } else if x == 2 * y || y == 2 * x {
            black.push(mark("kropki", vec![a, b], Some(2)));
        } else if x + y == 10 || x + y == 5 {
            letters.push(mark("xv", vec![a, b], Some(u32::from(x + y))));
        }
    }
    let all: Vec<Constraint> = white.iter().chain(&black).chain(&letters).cloned().collect();
    for list in ["kropki-negative,xv-negative", "white-negative", "black-negative,non-consecutive"] {
        out.push(nine.with_rules(rules(list)).unwrap().with_constraints(all.clone()).unwrap());
    }
    // Clues outside the grid, true of a solved grid, in the order they are
    // read back (the registry's): each kind, and each way a little killer
    // points.
    let grid = nine.solve_one().unwrap();
    let clue = |kind: &str, cells: Vec<u16>| {
        let d: Vec<u32> = cells.iter().map(|&c| u32::from(grid[usize::from(c)])).collect();
        let value = match kind {
            "sandwich" => {
                let (a, b) =
                    (d.iter().position(|&x| x == 1).unwrap(), d.iter().position(|&x| x == 9).unwrap());
                d[a.min(b) + 1..a.max(b)].iter().sum()
            }
            "x-sums" => d[..d[0] as usize].iter().sum(),
            "skyscrapers" => (0..9).filter(|&k| d[..k].iter().all(|&e| e < d[k])).count() as u32,
            _ => d.iter().sum(),
        };
        Constraint::of(
            sudoku_variant::kind_named(kind).unwrap(),
            sudoku_variant::Instance { parts: vec![cells], value: Some(value) },
        )
    };
    let clues = vec![
        clue("sandwich", (0..9).collect()),
        clue("little-killer", vec![3, 13, 23, 33, 43, 53]),
        clue("little-killer", vec![2, 10, 18]),
        clue("little-killer", vec![78, 70, 62]),
        clue("little-killer", vec![17, 7]),
        clue("x-sums", (0..9).map(|r| r * 9 + 4).collect()),
        clue("skyscrapers", (0..9).rev().map(|c| 72 + c).collect()),
        clue("skyscrapers", (0..9).rev().map(|r| r * 9 + 8).collect()),
    ];
    out.push(nine.with_constraints(clues).unwrap());
    out
}

/// A hand-written f-puzzles document with every field of the edge marks,
/// quadruples and clones, read field by field (independent of the
/// writer); dots of another difference or ratio, an XV letter other than
/// X or V and an unknown `negative` word are refused by name.
#[test]
fn r47_dots_quadruples_and_clones_read_field_by_field() {
    let text = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R3C1"],"value":1}],
        "ratio":[{"cells":["R4C3","R4C4"],"value":"2"}],
        "xv":[{"cells":["R2C2","R2C3"],"value":"V"}],
        "quadruple":[{"cells":["R3C2","R3C3","R4C2","R4C3"],"values":[4,"1"]}],
        "clone":[{"cells":["R1C3"],"cloneCells":["R2C1"]}],
        "negative":["ratio","difference"]}"#;
    let puzzle = Puzzle::from_fpuzzles(text).unwrap().puzzle;
    type Seen<'a> = (&'a str, Vec<Vec<u16>>, Option<u32>);
    let got: Vec<Seen> =
        puzzle.constraints().iter().map(|c| (c.kind().name(), c.parts().to_vec(), c.value())).collect();
    assert_eq!(
        got,
        [
            ("kropki", vec![vec![0, 1]], Some(1)),
            ("kropki", vec![vec![4, 8]], Some(1)),
            ("kropki", vec![vec![14, 15]], Some(2)),
            ("xv", vec![vec![5, 6]], Some(5)),
            ("quadruple", vec![vec![9, 10, 13, 14]], Some(1 + 4 * 32)),
            ("clone", vec![vec![2], vec![4]], None),
        ]
    );
    assert_eq!(puzzle.rules(), rules("kropki-negative"));
    let back: Value = serde_json::from_str(&puzzle.to_fpuzzles(None).unwrap()).unwrap();
    assert_eq!(back["negative"], serde_json::json!(["difference", "ratio"]));
    assert_eq!(back["ratio"], serde_json::json!([{"cells": ["R4C3", "R4C4"]}]));
    assert_eq!(back["xv"], serde_json::json!([{"cells": ["R2C2", "R2C3"], "value": "V"}]));
    for (field, entry, says) in [
        ("difference", r#"[{"cells":["R1C1","R1C2"],"value":2}]"#, "difference 2"),
        ("ratio", r#"[{"cells":["R1C1","R1C2"],"value":3}]"#, "ratio 3"),
        ("xv", r#"[{"cells":["R1C1","R1C2"],"value":"W"}]"#, "\"W\""),
        ("negative", r#"["difference","sum"]"#, "sum"),
        ("difference", r#"[{"cells":["R1C1","R2C2"]}]"#, "orthogonal"),
    ] {
        let mut value: Value = serde_json::from_str(text).unwrap();
        value[field] = serde_json::from_str(entry).unwrap();
        let err = Puzzle::from_fpuzzles(&value.to_string()).unwrap_err().to_string();
        assert!(err.contains(says), "{field}: {err}");
    }
    // Each `negative` list is its rules.
    for (list, names) in [
        (r#"["ratio"]"#, "black-negative"),
        (r#"["difference"]"#, "white-negative"),
        (r#"["xv","difference"]"#, "white-negative,xv-negative"),
    ] {
        let mut value: Value = serde_json::from_str(text).unwrap();
        value["negative"] = serde_json::from_str(list).unwrap();
        assert_eq!(Puzzle::from_fpuzzles(&value.to_string()).unwrap().puzzle.rules(), rules(names), "{list}");
    }
}

/// Non-consecutive leaves a pair joined by a dot alone, as f-puzzles
/// does: 1234/3412/2143/4321 breaks it, but keeps it once every
/// consecutive side-by-side pair carries a white dot (or a black one on
/// 1-2 and 2-1), and breaks it again when one dot goes.
#[test]
fn r47_non_consecutive_skips_dotted_pairs() {
    let grid: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
    let plain = Puzzle::blank(4).unwrap().with_rules(rules("non-consecutive")).unwrap();
    assert!(plain.check_solution(&grid).is_err());
    let kropki = sudoku_variant::kind_named("kropki").unwrap();
    let mut dots = Vec::new();
    for (a, b) in plain.orthogonal_pairs() {
        let (x, y) = (grid[usize::from(a)], grid[usize::from(b)]);
        if x.abs_diff(y) == 1 {
            let value = if x.min(y) == 1 { 2 } else { 1 };
            dots.push(Constraint::of(
                kropki,
                sudoku_variant::Instance { parts: vec![vec![a, b]], value: Some(value) },
            ));
        }
    }
    assert!(dots.len() > 4);
    let dotted = plain.with_constraints(dots.clone()).unwrap();
    assert_eq!(dotted.check_solution(&grid), Ok(()));
    // The marks and the rule leave that grid alone.
    assert_eq!(dotted.count_solutions_up_to(2), 1);
    dots.pop();
    assert!(plain.with_constraints(dots).unwrap().check_solution(&grid).is_err());
}

/// An f-puzzles pill is read left to right (top to bottom) whatever order
/// its entry lists the cells in; a circle the model is given out of that
/// order is refused, not read as another number.
#[test]
fn pills_read_in_reading_order() {
    let nine = Puzzle::blank(9).unwrap();
    let mut value: Value = serde_json::from_str(&nine.to_fpuzzles(None).unwrap()).unwrap();
    value["arrow"] = serde_json::json!([{"cells": ["R5C5", "R5C4"], "lines": [["R5C5", "R5C6", "R5C7"]]}]);
    let back = Puzzle::from_fpuzzles(&value.to_string()).unwrap().puzzle;
    assert_eq!(back.constraints()[0].parts(), [vec![39, 40], vec![41, 42]]);
    let written: Value = serde_json::from_str(&back.to_fpuzzles(None).unwrap()).unwrap();
    assert_eq!(written["arrow"][0]["cells"], serde_json::json!(["R5C4", "R5C5"]));
    let reversed =
        r#"{"size":9,"constraints":[{"kind":"arrow","circle":["r5c5","r5c4"],"lines":[["r5c6"]]}]}"#;
    let err = Puzzle::from_json(reversed).unwrap_err().to_string();
    assert!(err.contains("reading order"), "{err}");
}

/// A lockout entry's `value` is its difference; the other lines with ends
/// have no value, and one is refused by name, never dropped. A region-sum
/// line is read whole and cut where it crosses into another box.
#[test]
fn line_values_and_region_sum_segments() {
    let nine = Puzzle::blank(9).unwrap();
    let mut value: Value = serde_json::from_str(&nine.to_fpuzzles(None).unwrap()).unwrap();
    value["lockout"] = serde_json::json!([{"lines": [["R1C1", "R1C2", "R1C3"]], "value": "5"}]);
    value["regionsumline"] = serde_json::json!([{"lines": [["R2C2", "R2C3", "R2C4"]]}]);
    let back = Puzzle::from_fpuzzles(&value.to_string()).unwrap().puzzle;
    assert_eq!(back.constraints()[0].value(), Some(5));
    assert_eq!(back.constraints()[1].parts(), [vec![10, 11], vec![12]]);
    let json = back.to_json(None);
    assert!(
        json.contains(r#""difference":5"#) && json.contains(r#""cells":["r2c2","r2c3","r2c4"]"#),
        "{json}"
    );
    assert_eq!(Puzzle::from_json(&json).unwrap().puzzle, back);
    value["betweenline"] = serde_json::json!([{"lines": [["R9C1", "R9C2", "R9C3"]], "value": 2}]);
    let err = Puzzle::from_fpuzzles(&value.to_string()).unwrap_err().to_string();
    assert!(err.contains("betweenline lines with a value"), "{err}");
}

/// Whispers of a difference the model has no rule for are refused by
/// name, never read as German or dropped.
#[test]
fn whispers_of_another_difference_are_refused() {
    let nine = Puzzle::blank(9).unwrap();
    let mut value: Value = serde_json::from_str(&nine.to_fpuzzles(None).unwrap()).unwrap();
    value["whispers"] = serde_json::json!([{"lines": [["R1C1", "R1C2"]], "value": 3}]);
    let err = Puzzle::from_fpuzzles(&value.to_string()).unwrap_err().to_string();
    assert!(err.contains("difference 3"), "{err}");
    value["whispers"] =
        serde_json::json!([{"lines": [["R1C1", "R1C2"]], "value": 4}, {"lines": [["R2C1", "R2C2"]]}]);
    let back = Puzzle::from_fpuzzles(&value.to_string()).unwrap().puzzle;
    let kinds: Vec<&str> = back.constraints().iter().map(|c| c.kind().name()).collect();
    assert_eq!(kinds, ["german-whispers", "dutch-whispers"]);
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
        for link in [puzzle.to_fpuzzles_link(None).unwrap(), puzzle.to_sudokupad_link(None).unwrap()] {
            assert_eq!(Puzzle::from_link(&link).unwrap().puzzle, puzzle, "{link}");
        }
    }
}

#[test]
fn r34_samurai_and_25x25_have_no_fpuzzles_form() {
    // Nor has argyle's rule (lines, not houses): refused, never dropped.
    let argyle = Puzzle::blank(9).unwrap().with_rules(rules("argyle")).unwrap();
    for p in [Puzzle::blank_samurai(), Puzzle::blank(25).unwrap(), argyle] {
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
        ("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA", "compressed"),
        ("https://sudokupad.app/ctcN4IgzglgXgpiBcBOANCA", "compressed"),
        ("https://sudokupad.app/?puzzleid=scfN4IgzglgXgpiBcBOANCA", "scf"),
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

/// Packs codes as lz-string does (6 bits a character, each code least
/// significant bit first), written here from the format, not the module.
fn pack(codes: &[(u32, u32)]) -> String {
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = Vec::new();
    for &(value, width) in codes {
        bits.extend((0..width).map(|k| (value >> k) & 1));
    }
    while bits.len() % 6 != 0 {
        bits.push(0);
    }
    bits.chunks(6).map(|c| char::from(B64[c.iter().fold(0usize, |a, &b| a << 1 | b as usize)])).collect()
}

#[test]
fn r34_lzstring_refuses_a_bomb_that_expands_quadratically() {
    // A literal 'a', then codes that each name the entry being defined
    // (w + w[0]): entry k has length k + 1, so k codes expand to about
    // k²/2 characters. 3,000 codes (about 6 KB of base64) would make
    // 4.5 million characters.
    let mut codes = vec![(0, 2), (u32::from(b'a'), 8)];
    let (mut dict_size, mut num_bits, mut enlarge_in) = (4u32, 3u32, 4u32);
    for _ in 0..3000 {
        codes.push((dict_size, num_bits));
        dict_size += 1;
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
    codes.push((2, num_bits));
    let bomb = pack(&codes);
    assert!(bomb.len() < 8000);
    assert_eq!(decompress_from_base64(&bomb), Err(LzError::TooLong));
    // The same stream cut to 500 codes is fine: 'a' repeated 1 + 2 + … + 501 times.
    let mut small = codes[..502].to_vec();
    small.push((2, 10));
    let expected = "a".repeat((1..=501).sum());
    assert_eq!(decompress_from_base64(&pack(&small)).as_deref(), Ok(expected.as_str()));
    const { assert!(MAX_OUTPUT < 4_500_000) };
}

#[test]
fn r34_truncated_and_mutated_compressed_data_never_panics() {
    let mut rng = ChaCha8Rng::seed_from_u64(3434);
    let (data, _) = public("Self-contained");
    let json = decompress_from_base64(&data).unwrap();
    // Every prefix: an error, never a panic.
    for cut in 0..data.len() {
        // Only a cut inside the last character's padding bits still holds
        // the end code, and then the text is whole.
        if let Ok(text) = decompress_from_base64(&data[..cut]) {
            assert!(cut + 5 >= data.len() && text == json, "prefix {cut} decompressed to other text");
        }
        // A link also tries doubling its slashes: every 25th prefix.
        if cut % 25 == 0 && cut + 5 < data.len() {
            assert!(Puzzle::from_link(&format!("fpuzzles{}", &data[..cut])).is_err());
        }
    }
    for _ in 0..500 {
        let mut bytes: Vec<char> = data.chars().collect();
        for _ in 0..rng.gen_range(1..4) {
            let i = rng.gen_range(0..bytes.len());
            bytes[i] = char::from(b"AZaz09+/=%\"{ \x7f"[rng.gen_range(0..14)]);
        }
        let mutated: String = bytes.into_iter().collect();
        if let Ok(text) = decompress_from_base64(&mutated) {
            assert!(text.len() <= 3 * MAX_OUTPUT);
        }
        let _ = Puzzle::from_link(&mutated);
    }
    // Mutated JSON: errors, never panics; a surviving puzzle is well-formed.
    let bytes = json.as_bytes();
    for _ in 0..3000 {
        let mut b = bytes.to_vec();
        for _ in 0..rng.gen_range(1..4) {
            let i = rng.gen_range(0..b.len());
            b[i] = b"0123456789RC\",:[]{}-. ntfe"[rng.gen_range(0..26)];
        }
        if let Ok(text) = String::from_utf8(b) {
            if let Ok(imported) = Puzzle::from_fpuzzles(&text) {
                let p = imported.puzzle;
                assert_eq!(p.givens().len(), p.size() * p.size());
            }
        }
    }
}

#[test]
fn r34_our_json_form_given_as_fpuzzles_is_named() {
    let ours = Puzzle::blank(4).unwrap().to_json(None);
    let err = Puzzle::from_fpuzzles(&ours).unwrap_err().to_string();
    assert!(err.contains("toolkit's own JSON form"), "{err}");
}

#[test]
fn r34_hostile_fpuzzles_documents_give_errors() {
    let grid4 = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let cases = [
        String::new(),
        "[]".into(),
        "null".into(),
        r#"{"size":4}"#.into(),
        r#"{"size":1000000000000,"grid":[]}"#.into(),
        r#"{"size":-1,"grid":[]}"#.into(),
        r#"{"size":0,"grid":[]}"#.into(),
        r#"{"size":3,"grid":[[{},{},{}],[{},{},{}],[{},{},{}]]}"#.into(),
        r#"{"size":26,"grid":[]}"#.into(),
        r#"{"size":4,"grid":[[{},{}]]}"#.into(),
        format!(r#"{{"size":4,"grid":{}}}"#, grid4.replacen("{}", r#"{"value":5,"given":true}"#, 1)),
        format!(r#"{{"size":4,"grid":{}}}"#, grid4.replacen("{}", r#"{"region":7}"#, 1)),
        // A given without a value (found by a mutation run: it panicked).
        format!(r#"{{"size":4,"grid":{}}}"#, grid4.replacen("{}", r#"{"given":true}"#, 1)),
        format!(r#"{{"size":4,"grid":{}}}"#, grid4.replacen("{}", r#"{"given":true,"value":"2"}"#, 1)),
        format!(r#"{{"size":4,"grid":{}}}"#, grid4.replacen("{}", r#"{"region":-1}"#, 1)),
        format!(r#"{{"size":4,"grid":{}}}"#, grid4.replacen("{}", "7", 1)),
        format!(r#"{{"size":4,"grid":{grid4},"killercage":[{{"cells":["R0C1"]}}]}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"killercage":[{{"cells":["R5C1"]}}]}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"killercage":[{{"cells":["X"]}}]}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"killercage":[{{"cells":["R1C1","R1C1"]}}]}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"killercage":[{{"cells":["R1C1","R1C2"],"value":"99"}}]}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"killercage":[{{"cells":["R1C1"],"value":"x"}}]}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"killercage":[{{"cells":["R1C1"],"value":99999999999}}]}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"killercage":{{}}}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"antiknight":"yes"}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"extraregion":[{{"cells":[]}}]}}"#),
        format!(r#"{{"size":4,"grid":{grid4},"disjointgroups":true,"{}":1}}"#, "x".repeat(10_000)),
        "[".repeat(100_000),
    ];
    for case in cases {
        let short: String = case.chars().take(80).collect();
        assert!(Puzzle::from_fpuzzles(&case).is_err(), "accepted {short}");
        assert!(Puzzle::from_link(&case).is_err(), "link accepted {short}");
    }
}

#[test]
fn r34_ipuz_export_writes_the_sudoku_kind() {
    let solution = digits("1234341243212143");
    let killer_x = Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, rules("x"), digits("1000000000200000"))
        .and_then(|p| p.with_constraints(vec![cage(vec![1, 4], Some(5)), cage(vec![15], None)]))
        .unwrap();
    killer_x.check_solution(&solution).unwrap();
    let v: Value = serde_json::from_str(&killer_x.to_ipuz(Some(&solution)).unwrap()).unwrap();
    assert_eq!(v["version"], "http://ipuz.org/v2");
    assert_eq!(v["kind"], serde_json::json!(["http://ipuz.org/sudoku#1"]));
    assert_eq!(v["dimensions"], serde_json::json!({"width": 4, "height": 4}));
    assert_eq!(v["charset"], "1234");
    assert_eq!(v["boxes"], true);
    assert_eq!(v["puzzle"], serde_json::json!([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]));
    assert_eq!(v["solution"][3], serde_json::json!([2, 1, 4, 3]));
    // Zones: the two diagonals, cells as [column, row] from 1.
    assert_eq!(
        v["zones"],
        serde_json::json!([
            {"cells": [[1, 1], [2, 2], [3, 3], [4, 4]]},
            {"cells": [[4, 1], [3, 2], [2, 3], [1, 4]]}
        ])
    );
    assert_eq!(v["cages"][0], serde_json::json!({"cells": [[2, 1], [1, 2]], "value": 5, "operator": "+"}));
    assert_eq!(v["cages"][1], serde_json::json!({"cells": [[4, 4]]}));

    // A jigsaw has no boxes; its regions are zones. A 16×16 writes letters.
    let regions: Vec<u8> = (0..81).map(|i| ((i % 9) / 3 * 3 + (i / 9) / 3) as u8).collect();
    let jigsaw = Puzzle::new(9, Layout::Regions(regions), Kinds::NONE, vec![0; 81]).unwrap();
    let v: Value = serde_json::from_str(&jigsaw.to_ipuz(None).unwrap()).unwrap();
    assert_eq!(v["boxes"], false);
    assert_eq!(v["zones"].as_array().unwrap().len(), 9);
    let mut big = vec![0u8; 256];
    big[0] = 16;
    let v: Value =
        serde_json::from_str(&Puzzle::blank(16).unwrap().with_givens(big).unwrap().to_ipuz(None).unwrap())
            .unwrap();
    assert_eq!(v["charset"], "123456789ABCDEFG");
    assert_eq!(v["puzzle"][0][0], "G");
    assert_eq!(v["puzzle"][0][1], 0);
}

#[test]
fn r34_ipuz_refuses_what_it_cannot_express() {
    let nine = Puzzle::blank(9).unwrap();
    for rule in ["anti-knight", "anti-king", "non-consecutive"] {
        let p = nine.with_rules(rules(rule)).unwrap();
        let err = p.to_ipuz(None).unwrap_err();
        assert_eq!(err.to_string(), format!("ipuz cannot express rule {rule}"));
    }
    assert!(matches!(Puzzle::blank_samurai().to_ipuz(None), Err(InteropError::Inexpressible { .. })));
    for rule in ["windoku", "disjoint-groups"] {
        let v: Value =
            serde_json::from_str(&nine.with_rules(rules(rule)).unwrap().to_ipuz(None).unwrap()).unwrap();
        let zones = v["zones"].as_array().unwrap();
        assert_eq!(zones.len(), if rule == "windoku" { 4 } else { 9 });
        assert!(zones.iter().all(|z| z["cells"].as_array().unwrap().len() == 9));
    }
}

/// With the dots and the outside clues both read (issue 47), "Black Kropki
/// X" imports whole, ratio dots, negative constraint and little killers,
/// and solves to its published solution.
#[test]
fn black_kropki_x_imports_whole_and_solves_to_its_published_solution() {
    let (data, solution) = public("Black Kropki X");
    let puzzle = Puzzle::from_link(&format!("fpuzzles{data}")).unwrap().puzzle;
    let kinds: Vec<&str> = puzzle.constraints().iter().map(|c| c.kind().name()).collect();
    assert!(kinds.contains(&"kropki") && kinds.contains(&"little-killer"), "{kinds:?}");
    assert_eq!(puzzle.count_solutions_up_to(2), 1);
    assert_eq!(puzzle.solve_one(), Some(digits(&solution.unwrap())));
}

/// A coloured f-puzzles cell (`c`, or `cArray` for several colours) may
/// carry a rule: without a rules text, or with one that speaks of colour,
/// the reader refuses it by name, the cells listed. With a rules text that
/// names no colour (a decorated puzzle, as "Self-contained" above), and
/// without the colour, the puzzle is read as it is.
#[test]
fn coloured_fpuzzles_cells_are_refused_by_name_where_they_may_carry_rules() {
    let grid = |paint: &str, rules: &str| {
        let rows: Vec<String> = (0..4)
            .map(|r| {
                let cells: Vec<String> =
                    (0..4).map(|c| if r == 1 && c >= 2 { paint.to_string() } else { "{}".into() }).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!(r#"{{"size":4,"ruleset":"{rules}","grid":[{}]}}"#, rows.join(","))
    };
    let normal = "Normal sudoku rules apply.";
    for paint in [r##"{"c":"#A0A0A0"}"##, r##"{"cArray":["#A0A0A0","#FF0000"]}"##] {
        for rules in ["", " ", "Digits in grey cells are odd.", "SHADED cells are even.", "Blue: a region."] {
            let err = Puzzle::from_fpuzzles(&grid(paint, rules)).unwrap_err();
            assert_eq!(
                err.to_string(),
                "not supported: cell colours (R2C3, R2C4; colours may carry rules)",
                "{rules:?}"
            );
        }
        // "Required" and "greyhound" hold no colour word.
        for rules in [normal, "Required: normal rules. A greyhound."] {
            let read = Puzzle::from_fpuzzles(&grid(paint, rules)).unwrap().puzzle;
            assert_eq!(read, Puzzle::blank(4).unwrap());
        }
    }
    for plain in ["{}", r#"{"c":""}"#, r#"{"cArray":[]}"#] {
        assert_eq!(Puzzle::from_fpuzzles(&grid(plain, "")).unwrap().puzzle, Puzzle::blank(4).unwrap());
    }
}
