//! Issue 46: `/api/puzzle`, the model the page plays from, per variant
//! family: its solution is the fixture's (pencilmark's, proven unique),
//! its peers, non-consecutive neighbours, regions and glyphs are the ones
//! the rules give, written out here; and variant hints say where their
//! reason lies, as data, at every level.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use crate::common::{canvas_index, digits, fixture, post, start};
use serde_json::{json, Value};
use sudoku_web::Limits;

/// The numbers of a JSON array.
fn numbers(v: &Value) -> Vec<usize> {
    v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect()
}

/// The model of the first record of a fixture.
async fn model(addr: std::net::SocketAddr, name: &str) -> (Value, Value) {
    let (line, record) = fixture(name);
    let (status, body) = post(addr, "puzzle", &json!({ "input": line })).await;
    assert_eq!(status, 200, "{name}: {body}");
    (body, record)
}

/// Every family: one solution, the fixture's; the givens are the record's;
/// the canvas has the cells it should (a samurai's 369 of 441).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_family_has_its_model() {
    let addr = start(Limits::default()).await;
    let families = [
        ("killer9", 81),
        ("jigsaw9", 81),
        ("x9", 81),
        ("windoku", 81),
        ("anti-knight", 81),
        ("non-consecutive", 81),
        ("thermo9", 81),
        ("arrow9", 81),
        ("classic6", 36),
        ("classic16", 256),
        ("samurai", 369),
    ];
    for (name, n_cells) in families {
        let (body, record) = model(addr, name).await;
        assert_eq!(body["status"], "unique", "{name}");
        let solution: Vec<u8> =
            body["solution"].as_array().unwrap().iter().map(|d| d.as_u64().unwrap() as u8).collect();
        let expected = digits(record["solution"].as_str().unwrap());
        let canvas = body["shape"]["side"].as_u64().unwrap().pow(2) as usize;
        // A samurai's solution line covers the canvas, gaps as blanks.
        assert_eq!(solution.len(), canvas, "{name}");
        assert_eq!(solution.iter().filter(|&&d| d != 0).count(), n_cells, "{name}");
        assert_eq!(numbers(&body["shape"]["cells"]).len(), n_cells, "{name}");
        if expected.len() == canvas {
            assert_eq!(solution, expected, "{name}");
        }
        let givens = digits(record["givens"].as_str().unwrap());
        assert_eq!(numbers(&body["givens"]).iter().map(|&d| d as u8).collect::<Vec<_>>(), givens, "{name}");
        assert_eq!(body["classic"], false, "{name}");
        let size = body["shape"]["size"].as_u64().unwrap() as usize;
        assert_eq!(body["shape"]["symbols"].as_str().unwrap().len(), size, "{name}");
    }
    // A classic line is a model too, and says so.
    let (_, body) = post(addr, "puzzle", &json!({ "input": crate::api::PUZZLE })).await;
    assert_eq!((body["classic"].as_bool(), body["status"].as_str()), (Some(true), Some("unique")), "{body}");
}

/// The peers of the model are the rule's: a cell of an anti-knight sees
/// its row, column, box and the cells a knight's move away; a
/// non-consecutive cell's `near` are its orthogonal neighbours.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn peers_and_neighbours_are_the_rules() {
    let addr = start(Limits::default()).await;
    let (body, _) = model(addr, "anti-knight").await;
    let peers = body["shape"]["peers"].as_array().unwrap();
    assert_eq!(peers.len(), 81);
    for (i, got) in peers.iter().enumerate() {
        let (r, c) = ((i / 9) as i32, (i % 9) as i32);
        let expected: BTreeSet<usize> = (0..81usize)
            .filter(|&j| {
                let (rj, cj) = ((j / 9) as i32, (j % 9) as i32);
                let knight = matches!(((rj - r).abs(), (cj - c).abs()), (1, 2) | (2, 1));
                j != i && (rj == r || cj == c || (rj / 3, cj / 3) == (r / 3, c / 3) || knight)
            })
            .collect();
        let got: BTreeSet<usize> = numbers(got).into_iter().collect();
        assert_eq!(got, expected, "cell {i}");
    }
    let (body, _) = model(addr, "non-consecutive").await;
    let near = body["shape"]["near"].as_array().unwrap();
    assert_eq!(near.len(), 81);
    for (i, got) in near.iter().enumerate() {
        let (r, c) = (i / 9, i % 9);
        let expected: BTreeSet<usize> =
            (0..81usize).filter(|&j| (j / 9).abs_diff(r) + (j % 9).abs_diff(c) == 1).collect();
        let got: BTreeSet<usize> = numbers(got).into_iter().collect();
        assert_eq!(got, expected, "cell {i}");
    }
}

/// Regions and glyphs: a jigsaw's regions are its record's; a killer's
/// cages are drawn with their cells and sums; a thermometer is a path
/// through its cells, bulb first, with a disc on the bulb.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn regions_and_glyphs_are_the_records() {
    let addr = start(Limits::default()).await;
    let (body, record) = model(addr, "jigsaw9").await;
    let regions = record["regions"].as_str().unwrap().as_bytes();
    let mut expected: BTreeSet<Vec<usize>> = BTreeSet::new();
    for label in regions.iter().collect::<BTreeSet<_>>() {
        expected.insert((0..81).filter(|&i| regions[i] == *label).collect());
    }
    let got: BTreeSet<Vec<usize>> = body["shape"]["houses"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["kind"] == "region")
        .map(|h| numbers(&h["cells"]))
        .collect();
    assert_eq!(got, expected);

    let (body, record) = model(addr, "killer9").await;
    let glyphs = body["shape"]["glyphs"].as_array().unwrap();
    let drawn: BTreeSet<(Vec<usize>, String)> = glyphs
        .iter()
        .filter(|g| g["kind"] == "cage")
        .map(|g| (numbers(&g["cells"]), g["label"].as_str().unwrap().to_string()))
        .collect();
    let cages: BTreeSet<(Vec<usize>, String)> = record["cages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cage| {
            let mut cells: Vec<usize> = cage["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| canvas_index(c.as_str().unwrap(), 9))
                .collect();
            cells.sort_unstable();
            (cells, cage["sum"].to_string())
        })
        .collect();
    assert_eq!(drawn, cages);
    assert!(body["shape"]["rules"].as_str().unwrap().contains("cage"));
    assert!(body["fpuzzles"].as_str().unwrap().starts_with("https://www.f-puzzles.com/?load="));

    let (body, record) = model(addr, "thermo9").await;
    let glyphs = body["shape"]["glyphs"].as_array().unwrap();
    for thermo in record["constraints"].as_array().unwrap().iter().filter(|c| c["kind"] == "thermo") {
        let cells: Vec<usize> = thermo["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| canvas_index(c.as_str().unwrap(), 9))
            .collect();
        assert!(glyphs.iter().any(|g| g["kind"] == "path" && numbers(&g["cells"]) == cells), "{thermo}");
        assert!(glyphs.iter().any(|g| g["kind"] == "disc" && g["cell"] == json!(cells[0])), "{thermo}");
    }
}

/// Lines with marked ends and slow thermometers reach the page drawn:
/// a lockout line's ends are white squares under diamond strokes (four
/// sides round each end's centre), a slow thermometer's bulb a gray disc
/// with a white one on top (hollow).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lockout_diamonds_and_hollow_bulbs_are_drawn() {
    let addr = start(Limits::default()).await;
    let solution = "247618953135924876698753421876249315319875642524361798453187269782596134961432587";
    let lockout = format!(
        r#"{{"size":9,"constraints":[{{"kind":"lockout","cells":["r1c4","r2c4","r2c5"]}},{{"kind":"lockout","cells":["r2c9","r2c8","r3c8"]}},{{"kind":"lockout","cells":["r7c8","r6c8","r6c7","r7c7"]}},{{"kind":"lockout","cells":["r9c4","r9c5","r8c5","r7c5"]}}],"givens":".47...9.31.5.......9....4..8.6....1......5.4......1.........2.9...59..3.........7","solution":"{solution}"}}"#
    );
    let (code, body) = post(addr, "puzzle", &json!({ "input": lockout })).await;
    assert_eq!((code, body["status"].as_str()), (200, Some("unique")), "{body}");
    let glyphs = body["shape"]["glyphs"].as_array().unwrap();
    for end in ["r1c4", "r2c5", "r2c9", "r3c8", "r7c8", "r7c7", "r9c4", "r7c5"] {
        let cell = canvas_index(end, 9);
        let (x, y) = ((cell % 9) as f64 + 0.5, (cell / 9) as f64 + 0.5);
        assert!(glyphs.iter().any(|g| g["kind"] == "square" && g["cell"] == json!(cell)), "{end}");
        let diamond = glyphs.iter().any(|g| {
            let points = g["points"].as_array().map(|p| p.len());
            let top = &g["points"][0];
            g["kind"] == "stroke"
                && points == Some(5)
                && (top[0].as_f64().unwrap() - x).abs() < 1e-4
                && top[1].as_f64().unwrap() < y
        });
        assert!(diamond, "{end}");
    }
    let slow = format!(
        r#"{{"size":9,"constraints":[{{"kind":"slow-thermo","cells":["r9c3","r9c4","r8c5"]}},{{"kind":"slow-thermo","cells":["r1c4","r1c3","r2c4"]}},{{"kind":"slow-thermo","cells":["r2c9","r2c8","r2c7","r1c7"]}},{{"kind":"slow-thermo","cells":["r4c5","r3c5","r4c6"]}},{{"kind":"slow-thermo","cells":["r7c4","r8c4","r7c5"]}},{{"kind":"slow-thermo","cells":["r8c7","r9c7","r9c8"]}}],"givens":".4.......13.........8....2..7.2............4.5..36.......18...9...5...349...3....","solution":"{solution}"}}"#
    );
    let (code, body) = post(addr, "puzzle", &json!({ "input": slow })).await;
    assert_eq!((code, body["status"].as_str()), (200, Some("unique")), "{body}");
    let glyphs = body["shape"]["glyphs"].as_array().unwrap();
    for bulb in ["r9c3", "r1c4", "r2c9", "r4c5", "r7c4", "r8c7"] {
        let cell = json!(canvas_index(bulb, 9));
        let grays: Vec<f64> = glyphs
            .iter()
            .filter(|g| g["kind"] == "disc" && g["cell"] == cell)
            .map(|g| g["gray"].as_f64().unwrap())
            .collect();
        assert!(grays.len() == 2 && grays[0] < 1.0 && grays[1] == 1.0, "{bulb}: {grays:?}");
    }
}

/// The page's f-puzzles export loads back as the same puzzle, and so does
/// its data in a SudokuPad link.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fpuzzles_link_loads_back() {
    let addr = start(Limits::default()).await;
    for name in ["killer9", "jigsaw9", "thermo9", "anti-knight"] {
        let (body, _) = model(addr, name).await;
        let link = body["fpuzzles"].as_str().unwrap();
        let data = link.strip_prefix("https://www.f-puzzles.com/?load=").unwrap();
        for link in [link.to_string(), format!("https://sudokupad.app/fpuzzles{data}")] {
            let (status, again) = post(addr, "puzzle", &json!({ "input": link })).await;
            assert_eq!(status, 200, "{name}: {again}");
            for key in ["givens", "solution", "variant"] {
                assert_eq!(again[key], body[key], "{name}: {key}");
            }
            assert_eq!(again["shape"]["peers"], body["shape"]["peers"], "{name}");
            assert_eq!(again["shape"]["glyphs"], body["shape"]["glyphs"], "{name}");
        }
    }
}

/// Puzzles the page cannot play say why: several solutions, none, or a
/// search not done within the budget, which stops in bounded time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unplayable_puzzles_say_why() {
    let limits = Limits { variant_nodes: 20_000, ..Limits::default() };
    let addr = start(limits).await;
    let cases = [
        (".".repeat(81), "multiple"),
        (format!("11{}", ".".repeat(79)), "unsolvable"),
        (r#"{"size":6,"rules":["x"]}"#.to_string(), "multiple"),
        (
            r#"{"size":9,"regions":"111222333111222333112122333444555666444555666444555666777888999777888999777888999"}"#
                .to_string(),
            "stopped",
        ),
    ];
    for (input, status) in cases {
        let t = Instant::now();
        let (code, body) = post(addr, "puzzle", &json!({ "input": input })).await;
        assert_eq!(code, 200, "{input}: {body}");
        assert_eq!(body["status"], status, "{input}");
        assert!(body["solution"].is_null(), "{input}");
        assert!(t.elapsed() < Duration::from_secs(5), "{input}: {:?}", t.elapsed());
    }
    let (code, _) = post(addr, "puzzle", &json!({ "input": "" })).await;
    assert_eq!(code, 400);
    let (code, _) = post(addr, "puzzle", &json!({ "input": "{\"size\": 9, \"cages\": 3}" })).await;
    assert_eq!(code, 400);
}

/// A variant hint says where its reason lies, as cells: at the nudge
/// level that place alone (no digit), at the full level the digit too,
/// the solution's. On a killer, some step's place is one of its cages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variant_hints_shade_their_reason() {
    let addr = start(Limits::default()).await;
    let (_, record) = fixture("killer9");
    let solution = digits(record["solution"].as_str().unwrap());
    let cages: Vec<BTreeSet<usize>> = record["cages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cage| {
            cage["cells"].as_array().unwrap().iter().map(|c| canvas_index(c.as_str().unwrap(), 9)).collect()
        })
        .collect();
    let mut position = record.clone();
    position.as_object_mut().unwrap().remove("solution");
    let mut placed = [0u8; 81];
    let mut in_a_cage = 0;
    for _ in 0..20 {
        let line: String = placed.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
        position["placed"] = json!(line);
        position["level"] = json!("nudge");
        let (_, nudge) = post(addr, "hint", &position).await;
        let step = &nudge["steps"][0];
        assert_eq!(step["placements"], json!([]), "{nudge}");
        assert!(step["technique"].is_null(), "{nudge}");
        let place: BTreeSet<usize> = step["reason"]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| canvas_index(c.as_str().unwrap(), 9))
            .collect();
        position["level"] = json!("full");
        let (_, full) = post(addr, "hint", &position).await;
        let step = &full["steps"][0];
        let cell = canvas_index(step["placements"][0]["cell"].as_str().unwrap(), 9);
        let digit = step["placements"][0]["digit"].as_u64().unwrap() as u8;
        assert_eq!(digit, solution[cell], "{full}");
        assert!(place.contains(&cell), "{nudge} {full}");
        in_a_cage += usize::from(cages.contains(&place));
        placed[cell] = digit;
    }
    assert!(in_a_cage > 0, "no step named a cage");
}

/// Issue 47: a butterfly (four 9×9 grids on a 12×12 canvas) is a model
/// the page can draw: every position a cell, its one solution, and boxes
/// that cut the canvas into sixteen 3×3 squares (the page's thick lines
/// come from them), rows and columns of each grid written out here.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r47_a_butterfly_has_its_cells_rows_and_boxes() {
    let addr = start(Limits::default()).await;
    let givens = ".....6..3....15................7..8...64....96...7...1...........5...2......6..4......48..26.........9.3.......3....8.6........9............378.";
    let input = json!({ "layout": "butterfly", "givens": givens }).to_string();
    let (status, body) = post(addr, "puzzle", &json!({ "input": input })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "unique", "{body}");
    assert_eq!((body["shape"]["side"].as_u64(), numbers(&body["shape"]["cells"]).len()), (Some(12), 144));
    let houses = |kind: &str| -> BTreeSet<Vec<usize>> {
        let all = body["shape"]["houses"].as_array().unwrap();
        all.iter().filter(|h| h["kind"] == kind).map(|h| numbers(&h["cells"])).collect()
    };
    let boxes: BTreeSet<Vec<usize>> = (0..16)
        .map(|b| {
            let (r0, c0) = (b / 4 * 3, b % 4 * 3);
            let mut cells: Vec<usize> = (0..9).map(|k| (r0 + k / 3) * 12 + c0 + k % 3).collect();
            cells.sort_unstable();
            cells
        })
        .collect();
    assert_eq!(houses("box"), boxes);
    let mut rows = BTreeSet::new();
    let mut columns = BTreeSet::new();
    for (top, left) in [(0, 0), (0, 3), (3, 0), (3, 3)] {
        for k in 0..9 {
            rows.insert((0..9).map(|c| (top + k) * 12 + left + c).collect::<Vec<usize>>());
            columns.insert((0..9).map(|r| (top + r) * 12 + left + k).collect::<Vec<usize>>());
        }
    }
    assert_eq!((houses("row"), houses("column")), (rows, columns));
    let solution: Vec<u8> =
        body["solution"].as_array().unwrap().iter().map(|d| d.as_u64().unwrap() as u8).collect();
    assert!(solution.iter().all(|d| (1..=9).contains(d)));
}
