//! Penpa+ links against independent data: links written by
//! `fixtures/variant/penpa/make_links.py` (Python's zlib, from the JSON
//! form of fixture puzzles with known solutions), Penpa+ texts written by
//! hand here and compressed with `miniz_oxide`, and hostile input
//! (garbage, truncation, a deflate bomb, mutations).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use sudoku_variant::{Constraint, InteropError, Puzzle, VariantSolver, PENPA_MAX_TEXT};

/// The fixture links: (id, link, expected JSON form, solution).
fn fixture_links() -> Vec<(String, String, String, String)> {
    let path = format!("{}/../../fixtures/variant/penpa/links.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            (s("id"), s("link"), v["expected"].to_string(), s("solution"))
        })
        .collect()
}

/// Constraints in an order that does not depend on the reader's.
fn sorted(constraints: &[Constraint]) -> Vec<String> {
    let mut out: Vec<String> = constraints.iter().map(|c| format!("{c:?}")).collect();
    out.sort();
    out
}

fn digits(text: &str) -> Vec<u8> {
    text.chars().map(|c| sudoku_variant::char_digit(c, 25).unwrap()).collect()
}

#[test]
fn r47_fixture_links_read_as_their_json_form_and_solve_to_the_known_solution() {
    let links = fixture_links();
    assert!(links.len() >= 11);
    assert!(links.iter().filter(|(_, link, ..)| link.contains("&a=")).count() >= 9);
    for (id, link, expected, solution) in links {
        let imported = Puzzle::from_link(&link).unwrap_or_else(|e| panic!("{id}: {e}"));
        let got = imported.puzzle;
        let want = Puzzle::from_json(&expected).unwrap().puzzle;
        assert_eq!(got.size(), want.size(), "{id}");
        assert_eq!(got.layout(), want.layout(), "{id}");
        assert_eq!(got.rules(), want.rules(), "{id}");
        assert_eq!(got.givens(), want.givens(), "{id}");
        assert_eq!(sorted(got.constraints()), sorted(want.constraints()), "{id}");
        assert_eq!(imported.title.as_deref(), Some(id.as_str()));
        assert_eq!(imported.author.as_deref(), Some("make_links.py"));
        assert_eq!(imported.ruleset.as_deref(), Some("Normal sudoku rules, and more"));
        // The links with an answer check (`&a=`) bring their solution.
        let answer = link.contains("&a=").then(|| digits(&solution));
        assert_eq!(imported.solution, answer, "{id}");
        let mut solver = VariantSolver::new(&got);
        assert_eq!(solver.count_up_to(got.givens(), 2), 1, "{id}");
        assert_eq!(solver.solve_one(got.givens()), Some(digits(&solution)), "{id}");
    }
}

#[test]
fn r47_the_mapped_kinds_all_occur_in_the_fixtures() {
    let mut kinds: Vec<&str> = Vec::new();
    let mut rules = Vec::new();
    for (_, link, _, _) in fixture_links() {
        let p = Puzzle::from_link(&link).unwrap().puzzle;
        kinds.extend(p.constraints().iter().map(|c| c.kind().name()));
        rules.extend(p.rules().iter().map(|k| k.name()));
        if matches!(p.layout(), sudoku_variant::Layout::Regions(_)) {
            kinds.push("jigsaw");
        }
    }
    for want in ["killer", "thermo", "arrow", "kropki", "xv", "odd", "even", "jigsaw"] {
        assert!(kinds.contains(&want), "{want} missing");
    }
    assert!(rules.contains(&"x"));
}

#[test]
fn r47_a_link_reads_with_or_without_host_percent_escaped_or_with_spaces_for_plus() {
    let (_, link, _, _) = fixture_links().into_iter().find(|(id, ..)| id.starts_with("killer")).unwrap();
    let want = Puzzle::from_link(&link).unwrap().puzzle;
    let params = link.split_once('#').unwrap().1;
    let data = params.split_once("p=").unwrap().1;
    assert!(data.contains('+') || data.contains('/'), "the test wants a + or /");
    let escaped = data.replace('+', "%2B").replace('/', "%2F").replace('=', "%3D");
    let forms = [
        format!("swaroopg92.github.io/penpa-edit/#{params}"),
        format!("https://opt-pan.github.io/penpa-edit/?{params}"),
        params.to_string(),
        format!("#{params}"),
        format!("https://swaroopg92.github.io/penpa-edit/#m=solve&p={escaped}"),
        format!("https://swaroopg92.github.io/penpa-edit/#m=solve&p={}", data.replace('+', " ")),
        format!("https://swaroopg92.github.io/penpa-edit/#p={data}&m=solve&l=solvedup"),
        format!("  {link}  "),
    ];
    for form in forms {
        assert_eq!(Puzzle::from_link(&form).map(|i| i.puzzle).as_ref(), Ok(&want), "{form}");
    }
}

/// Standard base64 with padding (written here, not the reader's).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn link_of_bytes(bytes: &[u8]) -> String {
    let deflated = miniz_oxide::deflate::compress_to_vec(bytes, 6);
    format!("https://swaroopg92.github.io/penpa-edit/#m=solve&p={}", base64(&deflated))
}

/// A Penpa+ link of a sudoku grid of side `n` with space `space` around
/// it, and problem layer `pu_q` (JSON, unabbreviated: Penpa reads both).
fn penpa(n: usize, space: [usize; 4], pu_q: &str) -> String {
    let (nx, ny) = (n + space[2] + space[3], n + space[0] + space[1]);
    let text = format!(
        "sudoku,{nx},{ny},38,0,1,1,380,380,84,84,0,0,0,0,Title: ,Author: ,,,OFF,false\n{space:?}\n\
         [\"1\",\"2\",\"1\"]~zS~[\"\",1]\n{pu_q}\n\n[]\n[]"
    )
    .replace(' ', "");
    link_of_bytes(text.as_bytes())
}

/// The thick lines of the default boxes of a 4x4 without margins, as
/// Penpa's `lineE` entries: `nx0 = 8`, corners from 64.
fn boxes4() -> String {
    // Corner (x, y) is point 64 + (y - 1) * 8 + (x - 1); the grid's
    // corners run from (2, 2) to (6, 6), the box lines at x = 4, y = 4.
    let corner = |x: usize, y: usize| 64 + (y - 1) * 8 + (x - 1);
    let mut lines = Vec::new();
    for t in 2..6 {
        lines.push(format!("\"{},{}\":2", corner(4, t), corner(4, t + 1)));
        lines.push(format!("\"{},{}\":2", corner(t, 4), corner(t + 1, 4)));
    }
    lines.join(",")
}

/// Centre of r(row)c(col) (1-based) on a 4x4 without margins.
fn centre4(row: usize, col: usize) -> usize {
    (row + 1) * 8 + col + 1
}

#[test]
fn r47_hand_written_4x4_reads_givens_cages_thermo_arrow_dots_and_xv() {
    // Solution 1234/3412/2143/4321.
    // Solution 1234/3412/2143/4321: r4c1 + r4c2 = 7, r1c1|r1c2 consecutive,
    // r3c1|r4c1 one twice the other, r2c2 + r3c2 = 5, r1c1 < r1c2 < r1c3,
    // r2c2 = r2c3 + r1c3.
    let pu_q = format!(
        r#"{{"number":{{"{g1}":["1",1,"1"],"{v}":["V",1,"5"]}},
            "numberS":{{"{sum}":[" 7",1]}},
            "symbol":{{"{white}":[1,"circle_SS",2],"{black}":[2,"circle_S",2],"{a1}":[1,"circle_L",2]}},
            "killercages":[[{k1},{k2}],[]],
            "thermo":[[{t1},{t2},{t3}]],
            "arrows":[null,[{a1},{a2},{a3}]],
            "lineE":{{{boxes}}},"surface":{{}},"line":{{}},"command_undo":{{"__a":[["number",1,2]]}}}}"#,
        g1 = centre4(1, 1),
        v = 2 * 64 + centre4(2, 2),
        sum = 4 * (centre4(4, 1) + 64) + 1,
        white = 3 * 64 + centre4(1, 1),
        black = 2 * 64 + centre4(3, 1),
        k1 = centre4(4, 1),
        k2 = centre4(4, 2),
        t1 = centre4(1, 1),
        t2 = centre4(1, 2),
        t3 = centre4(1, 3),
        a1 = centre4(2, 2),
        a2 = centre4(2, 3),
        a3 = centre4(1, 3),
        boxes = boxes4(),
    );
    let pu_q: String = pu_q.split_whitespace().collect();
    let want = Puzzle::from_json(
        r#"{"size":4,"givens":"1...............",
            "cages":[{"sum":7,"cells":["r4c1","r4c2"]}],
            "constraints":[
              {"kind":"thermo","cells":["r1c1","r1c2","r1c3"]},
              {"kind":"arrow","circle":["r2c2"],"lines":[["r2c3","r1c3"]]},
              {"kind":"kropki","cells":["r1c1","r1c2"],"dot":"white"},
              {"kind":"kropki","cells":["r3c1","r4c1"],"dot":"black"},
              {"kind":"xv","cells":["r2c2","r3c2"],"letter":"V"}]}"#,
    )
    .unwrap()
    .puzzle;
    let got = Puzzle::from_link(&penpa(4, [0; 4], &pu_q)).unwrap().puzzle;
    assert_eq!(got.layout(), want.layout());
    assert_eq!(got.givens(), want.givens());
    assert_eq!(sorted(got.constraints()), sorted(want.constraints()));
    let solution = digits("1234341221434321");
    assert_eq!(got.check_solution(&solution), Ok(()));
}

#[test]
fn r47_boxes_of_another_shape_and_jigsaw_regions_come_from_the_thick_lines() {
    // A 4x4 whose only thick lines split it into four rows: regions.
    let corner = |x: usize, y: usize| 64 + (y - 1) * 8 + (x - 1);
    let rows: Vec<String> = (3..6)
        .flat_map(|y| (2..6).map(move |x| format!("\"{},{}\":21", corner(x, y), corner(x + 1, y))))
        .collect();
    let p = Puzzle::from_link(&penpa(4, [0; 4], &format!("{{\"lineE\":{{{}}}}}", rows.join(","))))
        .unwrap()
        .puzzle;
    assert_eq!(
        p.layout(),
        &sudoku_variant::Layout::Regions(vec![0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3])
    );
    // No thick line: one region of 16 cells, refused.
    let err = Puzzle::from_link(&penpa(4, [0; 4], "{}")).unwrap_err().to_string();
    assert!(err.contains("1 regions of 16 cells, expected 4 regions of 4"), "{err}");
}

#[test]
fn r47_both_drawn_diagonals_are_x_and_one_alone_is_refused() {
    let corner = |x: usize, y: usize| 64 + (y - 1) * 8 + (x - 1);
    let down: Vec<String> =
        (2..6).map(|t| format!("\"{},{}\":12", corner(t, t), corner(t + 1, t + 1))).collect();
    let up: Vec<String> =
        (2..6).map(|t| format!("\"{},{}\":12", corner(8 - t, t), corner(7 - t, t + 1))).collect();
    let both = format!("{{\"lineE\":{{{},{},{}}}}}", boxes4(), down.join(","), up.join(","));
    let p = Puzzle::from_link(&penpa(4, [0; 4], &both)).unwrap().puzzle;
    assert_eq!(p.rules().iter().map(|k| k.name()).collect::<Vec<_>>(), ["x"]);
    let one = format!("{{\"lineE\":{{{},{}}}}}", boxes4(), down.join(","));
    assert_eq!(
        unsupported(&penpa(4, [0; 4], &one)),
        ["diagonal lines other than both main diagonals whole (X)"]
    );
}

fn unsupported(link: &str) -> Vec<String> {
    match Puzzle::from_link(link) {
        Err(InteropError::Unsupported(names)) => names,
        other => panic!("expected a refusal by name, got {other:?}"),
    }
}

#[test]
fn r47_what_the_model_lacks_is_refused_by_name() {
    let boxes = boxes4();
    let c = centre4(2, 2);
    let cases: Vec<(String, &str)> = vec![
        (format!(r#"{{"surface":{{"{c}":1}}}}"#), "shaded cells (surface)"),
        (format!(r#"{{"line":{{"{c},{}":3}}}}"#, c + 1), "lines through cell centres (line)"),
        (format!(r#"{{"nobulbthermo":[[{c},{}]]}}"#, c + 1), "thermometers without a bulb"),
        (format!(r#"{{"symbol":{{"{c}":[1,"star",2]}}}}"#), "symbol star of style 1 at r2c2"),
        (
            format!(r#"{{"symbol":{{"{}":[5,"circle_SS",2]}}}}"#, 3 * 64 + c),
            "circle_SS of style 5 on the edge r2c2|r2c3",
        ),
        (format!(r#"{{"number":{{"{c}":["5",1,"1"]}}}}"#), "number \"5\" in r2c2 (not a digit 1-4)"),
        (format!(r#"{{"number":{{"{c}":["3",1,"7"]}}}}"#), "number \"3\" (pencil marks) in r2c2"),
        (format!(r#"{{"number":{{"{}":["2",1,"5"]}}}}"#, 3 * 64 + c), "number \"2\" on the edge r2c2|r2c3"),
        (
            format!(r#"{{"numberS":{{"{}":["9",1]}}}}"#, 4 * (c + 64)),
            "small number \"9\" at a corner of r2c2, in no killer cage",
        ),
        (
            format!(r#"{{"cage":{{"{},{}":10}}}}"#, 4 * (c + 64), 4 * (c + 64) + 1),
            "cage lines at a corner of r2c2 outside",
        ),
        (r#"{"polygon":[[1,2]]}"#.to_string(), "polygons (polygon)"),
        (r#"{"deletelineE":{"70,71":1}}"#.to_string(), "removed grid lines (deletelineE)"),
        (r#"{"sparkles":{"1":2}}"#.to_string(), "the layer sparkles"),
        (
            format!(r#"{{"lineE":{{"{},{}":3}}}}"#, 64 + 9, 64 + 10),
            "edge lines of style 3 on the grid (lineE)",
        ),
    ];
    for (pu_q, want) in cases {
        let pu_q = pu_q.replacen('{', &format!("{{\"lineE\":{{{boxes}}},"), 1).replace(",}", "}");
        // A case with its own lineE keeps its own (JSON keeps the last).
        let names = unsupported(&penpa(4, [0; 4], &pu_q));
        assert!(names.iter().any(|n| n.starts_with(want)), "{want:?} not in {names:?} ({pu_q})");
    }
    // Several at once are all named.
    let names = unsupported(&penpa(4, [0; 4], &format!(r#"{{"surface":{{"{c}":1}},"wall":{{"1,2":1}}}}"#)));
    assert_eq!(names, ["shaded cells (surface)", "walls (wall)"]);
}

#[test]
fn r47_cells_removed_from_the_grid_are_refused_by_name_never_read_as_a_full_grid() {
    // Line 6 of the text lists the cells that exist, as Penpa writes it: a
    // first point, then differences. All 16 centres of a 4x4: read; one
    // left out (r3c2) or two: refused, naming how many.
    let with_centres = |centres: &[usize]| {
        let deltas: Vec<i64> = centres
            .iter()
            .enumerate()
            .map(|(i, &c)| if i == 0 { c as i64 } else { c as i64 - centres[i - 1] as i64 })
            .collect();
        let text = format!(
            "sudoku,4,4,38,0,1,1,190,190,84,84,0,0,0,0,Title:,Author:,,,OFF,false\n[0,0,0,0]\n\
             [\"1\",\"2\",\"1\"]~zS~[\"\",1]\n{{\"lineE\":{{{}}}}}\n\n{deltas:?}\n[]",
            boxes4()
        )
        .replace(' ', "");
        link_of_bytes(text.as_bytes())
    };
    let all: Vec<usize> = (1..=4).flat_map(|r| (1..=4).map(move |c| centre4(r, c))).collect();
    let read = Puzzle::from_link(&with_centres(&all)).expect("every cell listed");
    assert_eq!(read.puzzle.size(), 4);
    let one_gone: Vec<usize> = all.iter().copied().filter(|&c| c != centre4(3, 2)).collect();
    assert_eq!(unsupported(&with_centres(&one_gone)), ["1 cells removed from the grid (centerlist)"]);
    assert_eq!(unsupported(&with_centres(&all[2..])), ["2 cells removed from the grid (centerlist)"]);
}

#[test]
fn r47_other_grids_sizes_views_and_clues_outside_are_refused_by_name() {
    let with_header = |header: &str, space: &str, pu_q: &str| {
        link_of_bytes(format!("{header}\n{space}\n\n{pu_q}").as_bytes())
    };
    let cases = [
        ("kakuro,9,9,38,0,1,1,380,380,84,84", "[0,0,0,0]", "the kakuro grid"),
        ("hex,5,5,38,0,1,1,380,380,84,84", "[0,0,0,0]", "the hex grid"),
        ("square,9,8,38,0,1,1,380,380,84,84", "[0,0,0,0]", "a grid of 8x9"),
        ("square,20,20,38,0,1,1,380,380,84,84", "[0,0,0,0]", "a grid of side 20"),
        ("square,3,3,38,0,1,1,380,380,84,84", "[0,0,0,0]", "a grid of side 3"),
        ("sudoku,9,9,38,90,1,1,380,380,84,84", "[0,0,0,0]", "a rotated or mirrored view"),
        ("sudoku,9,9,38,0,-1,1,380,380,84,84", "[0,0,0,0]", "a rotated or mirrored view"),
        ("9,9,38", "[0,0,0,0]", "Penpa's first link format"),
    ];
    for (header, space, want) in cases {
        let names = unsupported(&with_header(header, space, "{}"));
        assert!(names[0].starts_with(want), "{want:?}: {names:?}");
    }
    // Numbers past any board are malformed, without overflow.
    for (header, space) in [
        ("sudoku,-9223372036854775808,9,38,0,1,1", "[0,0,0,0]"),
        ("sudoku,9,9,38,0,1,1", "[9223372036854775807,-9223372036854775808,0,0]"),
        ("sudoku,100,100,38,0,1,1", "[0,0,0,0]"),
        ("sudoku,9,9,38,0,1,1", "[0,0,0]"),
        ("sudoku,9,x,38,0,1,1", "[0,0,0,0]"),
        ("sudoku,9,9,38,-9223372036854775808,1,1", "[0,0,0,0]"),
    ] {
        let got = Puzzle::from_link(&with_header(header, space, "{}"));
        assert!(
            matches!(got, Err(InteropError::Field { .. } | InteropError::Unsupported(_))),
            "{header} {space}: {got:?}"
        );
    }
    // A sandwich clue in the space left outside a 4x4 (one row and column
    // at top and left: nx0 = 9, the clue at centre (2, 3)).
    let names = unsupported(&penpa(4, [1, 0, 1, 0], r#"{"number":{"29":["5",1,"1"]}}"#));
    assert_eq!(names, ["number \"5\" outside the grid"]);
    // Penpa's link to another site's puzzle.
    let names =
        unsupported("https://swaroopg92.github.io/penpa-edit/#m=solve&p=https://puzz.link/p?sudoku/9/9");
    assert!(names[0].contains("another site"), "{names:?}");
}

#[test]
fn r47_garbage_truncated_and_bombs_are_errors_not_panics_or_allocations() {
    let (_, link, _, _) = fixture_links().into_iter().next().unwrap();
    let bad = [
        "https://swaroopg92.github.io/penpa-edit/#m=solve&p=",
        "https://swaroopg92.github.io/penpa-edit/#m=solve",
        "https://swaroopg92.github.io/penpa-edit/#m=play&p=abc",
        "https://swaroopg92.github.io/penpa-edit/#m=solve&p=!!!!",
        "https://swaroopg92.github.io/penpa-edit/#m=solve&p=%zz",
        "https://swaroopg92.github.io/penpa-edit/#m=solve&p=AAAA",
        "m=solve&p=////",
    ];
    for link in bad {
        assert!(Puzzle::from_link(link).is_err(), "{link}");
    }
    // Truncated: every cut of the data is an error or, rarely, the same
    // text cut short (still an error: no grid).
    for cut in (link.len() - 40..link.len() - 1).step_by(3) {
        assert!(Puzzle::from_link(&link[..cut]).is_err(), "cut at {cut}");
    }
    // Text that inflates but is not Penpa's.
    assert!(Puzzle::from_link(&link_of_bytes(b"hello\nworld")).is_err());
    assert!(Puzzle::from_link(&link_of_bytes(&[0xff, 0xfe, 0x00])).is_err());
    // A bomb: 64 MiB of zeros deflate to some 64 KiB; refused at the cap.
    let bomb = link_of_bytes(&vec![b'0'; 64 << 20]);
    assert!(bomb.len() < 200_000, "{}", bomb.len());
    match Puzzle::from_link(&bomb) {
        Err(InteropError::Deflate(why)) => assert!(why.contains(&PENPA_MAX_TEXT.to_string()), "{why}"),
        other => panic!("expected a deflate error, got {other:?}"),
    }
}

#[test]
fn r47_mutated_links_and_texts_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let links = fixture_links();
    for round in 0..300 {
        let (_, link, _, _) = &links[round % links.len()];
        let mut bytes = link.clone().into_bytes();
        let start = link.find("p=").unwrap() + 2;
        for _ in 0..rng.gen_range(1..4) {
            let at = rng.gen_range(start..bytes.len());
            bytes[at] = b"ABCxyz019+/="[rng.gen_range(0..12)];
        }
        let _ = Puzzle::from_link(&String::from_utf8(bytes).unwrap());
    }
    // Mutations of the text itself, deflated again: numbers, keys and
    // brackets changed where the reader looks.
    let text = "sudoku,4,4,38,0,1,1,190,190,42,42\n[0,0,0,0]\n\n".to_string()
        + &format!(
            r#"{{"number":{{"{}":["1",1,"1"]}},"thermo":[[{},{}]],"arrows":[[{},{}]],"killercages":[[{}]],"numberS":{{"{}":["3",1]}},"symbol":{{"{}":[2,"circle_SS",2]}},"lineE":{{{}}}}}"#,
            centre4(1, 1),
            centre4(2, 1),
            centre4(2, 2),
            centre4(3, 1),
            centre4(3, 2),
            centre4(4, 4),
            4 * (centre4(4, 4) + 64),
            3 * 64 + centre4(1, 2),
            boxes4()
        );
    assert!(Puzzle::from_link(&link_of_bytes(text.as_bytes())).is_ok());
    for _ in 0..2000 {
        let mut bytes = text.clone().into_bytes();
        for _ in 0..rng.gen_range(1..4) {
            let at = rng.gen_range(0..bytes.len());
            bytes[at] = b"0123456789,:[]{}\"-E"[rng.gen_range(0..19)];
        }
        let _ = Puzzle::from_link(&link_of_bytes(&bytes));
    }
}

#[test]
fn r47_hand_drawn_thermometers_read_as_the_thermo_elements_of_the_same_puzzle() {
    let links = fixture_links();
    let link = |id: &str| &links.iter().find(|(i, ..)| i == id).unwrap_or_else(|| panic!("{id}")).1;
    let (hand, element) = (link("thermo9-34-0+hand-drawn"), link("thermo9-34-0"));
    assert_ne!(hand, element);
    let hand = Puzzle::from_link(hand).unwrap().puzzle;
    let element = Puzzle::from_link(element).unwrap().puzzle;
    assert_eq!(hand.layout(), element.layout());
    assert_eq!(hand.givens(), element.givens());
    assert_eq!(sorted(hand.constraints()), sorted(element.constraints()));
    // Six thermometers and nothing else: the grey bulbs are no odd cells.
    assert_eq!(hand.constraints().len(), 6);
    assert!(hand.constraints().iter().all(|c| c.kind().name() == "thermo"));
}

#[test]
fn r47_a_hand_drawn_line_reads_through_the_whole_reader_and_without_a_bulb_is_refused() {
    // r1c1 -> r1c2 -> r2c3 from a grey circle in r1c1: a thermometer, the
    // circle no odd cell; the same line with no circle is refused.
    let line = format!(
        r#""line":{{"{},{}":5,"{},{}":5}}"#,
        centre4(1, 1),
        centre4(1, 2),
        centre4(1, 2),
        centre4(2, 3)
    );
    let bulb = format!(r#""symbol":{{"{}":[3,"circle_L",2]}}"#, centre4(1, 1));
    let pu_q = format!("{{\"lineE\":{{{}}},{line},{bulb}}}", boxes4());
    let got = Puzzle::from_link(&penpa(4, [0; 4], &pu_q)).unwrap().puzzle;
    let want =
        Puzzle::from_json(r#"{"size":4,"constraints":[{"kind":"thermo","cells":["r1c1","r1c2","r2c3"]}]}"#)
            .unwrap()
            .puzzle;
    assert_eq!(sorted(got.constraints()), sorted(want.constraints()));
    let pu_q = format!("{{\"lineE\":{{{}}},{line}}}", boxes4());
    assert_eq!(
        unsupported(&penpa(4, [0; 4], &pu_q)),
        ["lines through cell centres (line) without a circle at an end, r1c1-r2c3: their rule cannot be told"]
    );
}

#[test]
fn r47_an_answer_check_is_the_solution_and_one_that_breaks_the_puzzle_is_an_error() {
    // A 4x4 with a 1 in r1c1 and the answer Penpa writes: every other
    // cell as "point,digit" in the fourth of six lists.
    let link = penpa(
        4,
        [0; 4],
        &format!(r#"{{"number":{{"{}":["1",1,"1"]}},"lineE":{{{}}}}}"#, centre4(1, 1), boxes4()),
    );
    let with_answer = |solution: &str| {
        let numbers: Vec<String> = solution
            .chars()
            .enumerate()
            .skip(1)
            .map(|(i, d)| format!("\"{},{d}\"", centre4(i / 4 + 1, i % 4 + 1)))
            .collect();
        let json = format!("[[],[],[],[],[{}],[]]", numbers.join(","));
        let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 6);
        format!("{link}&a={}", base64(&deflated))
    };
    let got = Puzzle::from_link(&with_answer("1234341221434321")).unwrap();
    assert_eq!(got.solution, Some(digits("1234341221434321")));
    assert_eq!(Puzzle::from_link(&link).unwrap().solution, None);
    // Column 3 holds 2 twice.
    let err = Puzzle::from_link(&with_answer("1234341221434312")).unwrap_err();
    assert!(matches!(&err, InteropError::Field { field, .. } if field == "a="), "{err:?}");
    assert!(err.to_string().starts_with("a=: the answer breaks the puzzle"), "{err}");
    // An answer that is not base64, or not deflate.
    let err = Puzzle::from_link(&format!("{link}&a=!!")).unwrap_err().to_string();
    assert!(err.contains("a= data"), "{err}");
    let err = Puzzle::from_link(&format!("{link}&a=AAAA")).unwrap_err().to_string();
    assert!(err.contains("the answer (a=)"), "{err}");
}
