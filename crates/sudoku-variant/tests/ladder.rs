//! The solving ladder (`Puzzle::rate`) on every fixture family: each step
//! is checked against the recorded solution (pencilmark's, proven unique
//! by CP-SAT), never through the ladder's own reasoning. A placement must
//! be the solution's digit, an elimination must spare it, and the path
//! must end with the grid full.

use sudoku_variant::ladder::TRIAL;
use sudoku_variant::{Puzzle, RateError};

#[test]
fn every_step_of_every_family_keeps_the_solution() {
    let files = crate::fixtures::fixture_files();
    let (mut rated, mut trials, mut families) = (0, 0, 0);
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // A few of each family (the 25x25 ones are slow in a debug build).
        let take = if name.contains("25") { 1 } else { 6 };
        let mut here = 0;
        for (k, line) in std::fs::read_to_string(&path).unwrap().lines().enumerate() {
            let read = Puzzle::from_json(line).unwrap();
            let Some(solution) = read.solution else { continue };
            if here == take {
                break;
            }
            here += 1;
            let at = format!("{name}:{}", k + 1);
            let puzzle = read.puzzle;
            let rating = match puzzle.rate() {
                Ok(r) => r,
                Err(RateError::Solved) => continue,
                Err(e) => panic!("{at}: {e}"),
            };
            let mut board = puzzle.givens().to_vec();
            for step in &rating.steps {
                for &(c, d) in &step.place {
                    assert_eq!(d, solution[usize::from(c)], "{at}: {step:?}");
                    assert_eq!(board[usize::from(c)], 0, "{at}: placed twice: {step:?}");
                    board[usize::from(c)] = d;
                }
                for &(c, d) in &step.elim {
                    assert_ne!(d, solution[usize::from(c)], "{at}: {step:?}");
                }
                assert!(!step.place.is_empty() || !step.elim.is_empty(), "{at}: an empty step");
            }
            assert_eq!(board, solution, "{at}: the path does not end solved");
            assert_eq!(rating.er, rating.steps.iter().map(|s| s.difficulty).max().unwrap(), "{at}");
            assert!(rating.er >= rating.ep && rating.ep >= rating.ed, "{at}: {rating:?}");
            assert_eq!(rating.trial, rating.steps.iter().any(|s| s.difficulty == TRIAL), "{at}");
            // The generator's cheap question agrees with the full rating.
            for most in [15, 23, 28, 34, 54, 89] {
                assert_eq!(puzzle.rates_within(most), rating.er <= most, "{at}: within {most}");
            }
            // Small classic grids need nothing past the singles.
            if name == "classic4.jsonl" || name == "classic6.jsonl" {
                assert!(rating.er <= 23 && !rating.trial, "{at}: {rating:?}");
            }
            trials += usize::from(rating.trial);
            if std::env::var_os("LADDER_STATS").is_some() {
                eprintln!("{at}: er {} trial {}", rating.er, rating.trial);
            }
            rated += 1;
        }
        families += usize::from(here > 0);
    }
    assert!(families >= 15 && rated >= 80, "{families} families, {rated} puzzles");
    // Most minimal variant puzzles still need more than this first ladder
    // has (fish, wings, chains, the rule of 45): a trial; not all do.
    assert!(trials < rated, "{trials} of {rated} needed a trial");
}

#[test]
fn a_puzzle_without_one_solution_has_no_rating() {
    let open = Puzzle::blank(4).unwrap();
    assert_eq!(open.rate(), Err(RateError::NotUnique));
    let clash = Puzzle::parse_line("11..............", Some(4)).unwrap();
    assert_eq!(clash.rate(), Err(RateError::NoSolution));
    let full = Puzzle::parse_line("1234341221434321", Some(4)).unwrap();
    assert_eq!(full.rate(), Err(RateError::Solved));
}

/// Each technique where it is the only way on: a 4x4 whose first step is
/// a hidden single in a box rates 1.2 at its first step.
#[test]
fn the_first_step_is_the_easiest() {
    let puzzle = Puzzle::parse_line("14.........13...", Some(4)).unwrap();
    let rating = puzzle.rate().unwrap();
    let easiest = rating.steps.iter().map(|s| s.difficulty).min().unwrap();
    assert_eq!(rating.ed, easiest, "{rating:?}");
    assert!(rating.steps.iter().all(|s| s.difficulty <= rating.er));
}

/// A killer whose path adds two boxes up: no row, column or box alone has
/// one open innie there, their union does. The boxes are read from the
/// step's reason; the innies and their sum are worked out here from the
/// cages, by cell names.
#[test]
fn the_rule_of_45_adds_up_boxes_joined_edge_to_edge() {
    let puzzle = Puzzle::from_json(KILLER_TWO_BOXES).unwrap().puzzle;
    let solution: Vec<u8> = KILLER_TWO_BOXES_SOLUTION.bytes().map(|b| b - b'0').collect();
    let rating = puzzle.rate().unwrap();
    let cell = |name: &str| {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
    };
    // "box at r1c1 + box at r4c1: innies add up to 9"
    let step = rating
        .steps
        .iter()
        .find(|s| s.technique == "Rule of 45" && s.reason.contains(" + ") && s.reason.contains("innies"))
        .expect("a rule of 45 over two boxes");
    let (boxes, _) = step.reason.split_once(": ").unwrap();
    let corners: Vec<usize> = boxes.split(" + ").map(|b| cell(b.trim_start_matches("box at "))).collect();
    assert_eq!(corners.len(), 2, "{}", step.reason);
    let in_area = |c: usize| {
        corners.iter().any(|&t| (c / 9).wrapping_sub(t / 9) < 3 && (c % 9).wrapping_sub(t % 9) < 3)
    };
    let value: serde_json::Value = serde_json::from_str(KILLER_TWO_BOXES).unwrap();
    let mut covered = [false; 81];
    let mut inside = 0u32;
    for cage in value["cages"].as_array().unwrap() {
        let cells: Vec<usize> =
            cage["cells"].as_array().unwrap().iter().map(|n| cell(n.as_str().unwrap())).collect();
        if cells.iter().all(|&c| in_area(c)) {
            inside += cage["sum"].as_u64().unwrap() as u32;
            cells.iter().for_each(|&c| covered[c] = true);
        }
    }
    let innies: Vec<usize> = (0..81).filter(|&c| in_area(c) && !covered[c]).collect();
    let innie_sum: u32 = innies.iter().map(|&c| u32::from(solution[c])).sum();
    assert_eq!(innie_sum, 90 - inside);
    assert!(step.reason.ends_with(&format!("innies add up to {innie_sum}")), "{}", step.reason);
    assert_eq!(step.place.len(), 1);
    for &(c, d) in &step.place {
        assert!(innies.contains(&usize::from(c)));
        assert_eq!(solution[usize::from(c)], d);
    }
}

/// The same killer needs a hidden cage combination (box 1's 4, 6 and 8
/// have no place outside the 19-cage at r2c1, so the cage is {1,4,6,8}):
/// each digit the step removes from a cage is one the cage does not hold
/// in the solution, and the digits it names are ones it does.
#[test]
fn a_house_s_digits_only_in_one_cage_choose_its_combination() {
    let puzzle = Puzzle::from_json(KILLER_TWO_BOXES).unwrap().puzzle;
    let solution: Vec<u8> = KILLER_TWO_BOXES_SOLUTION.bytes().map(|b| b - b'0').collect();
    let rating = puzzle.rate().unwrap();
    let value: serde_json::Value = serde_json::from_str(KILLER_TWO_BOXES).unwrap();
    let cell = |name: &str| {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
    };
    let cages: Vec<Vec<usize>> = value["cages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cells"].as_array().unwrap().iter().map(|n| cell(n.as_str().unwrap())).collect())
        .collect();
    let steps: Vec<_> = rating.steps.iter().filter(|s| s.technique == "Hidden Cage Combination").collect();
    assert!(!steps.is_empty(), "no hidden cage combination on the path");
    for step in steps {
        // "box at r1c1: 4,6,8 only in the cage at r2c1 (sum 19)"
        let (_, rest) = step.reason.split_once(": ").unwrap();
        let (digits, rest) = rest.split_once(" only in the cage at ").unwrap();
        let first = cell(&rest[..4]);
        let cage = cages.iter().find(|c| c[0] == first).expect("the cage the step names");
        let held: Vec<u8> = cage.iter().map(|&c| solution[c]).collect();
        for d in digits.split(',') {
            assert!(held.contains(&d.parse::<u8>().unwrap()), "{}", step.reason);
        }
        assert!(step.place.is_empty());
        for &(c, d) in &step.elim {
            assert!(cage.contains(&usize::from(c)), "{}", step.reason);
            assert!(!held.contains(&d), "{} removes {d}, which the cage holds", step.reason);
        }
    }
}

/// The cells of an area named as the ladder names them: `row 3`,
/// `columns 8-9`, `rows 1-3`, `box at r4c7`, and unions of boxes joined
/// with ` + ` (9x9, regular boxes).
fn area_cells(name: &str) -> Vec<usize> {
    let span = |s: &str| -> (usize, usize) {
        let (a, b) = s.split_once('-').unwrap_or((s, s));
        (a.parse::<usize>().unwrap() - 1, b.parse::<usize>().unwrap() - 1)
    };
    let mut out = Vec::new();
    for part in name.split(" + ") {
        if let Some(corner) = part.strip_prefix("box at ") {
            let b = corner.as_bytes();
            let (r0, c0) = (usize::from(b[1] - b'1'), usize::from(b[3] - b'1'));
            out.extend((0..9).map(|k| (r0 + k / 3) * 9 + c0 + k % 3));
        } else {
            let (kind, lines) = part.split_once(' ').unwrap();
            let (first, last) = span(lines);
            for line in first..=last {
                for k in 0..9 {
                    out.push(if kind.starts_with("row") { line * 9 + k } else { k * 9 + line });
                }
            }
        }
    }
    out
}

/// Every cage split on the killer fixtures' paths, checked from the cages
/// and the solution: the area's innies (or outies), worked out here from
/// the cage list, all lie in the cage the step names, add up in the
/// solution to the sum it names, and the cage's other cells to the rest;
/// the step removes candidates of that cage only.
#[test]
fn an_area_s_innies_inside_one_cage_split_it() {
    let cell = |name: &str| {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
    };
    let mut splits = 0;
    let path = crate::fixtures::fixture_files().into_iter().find(|p| p.ends_with("killer9.jsonl")).unwrap();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let Some(solution) = value["solution"].as_str() else { continue };
        let solution: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        let cages: Vec<(Vec<usize>, u32)> = value["cages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let cells =
                    c["cells"].as_array().unwrap().iter().map(|n| cell(n.as_str().unwrap())).collect();
                (cells, c["sum"].as_u64().unwrap() as u32)
            })
            .collect();
        let rating = Puzzle::from_json(line).unwrap().puzzle.rate().unwrap();
        for step in rating.steps.iter().filter(|s| s.technique == "Cage Split") {
            // "column 1: innies add up to 14, so the cage at r1c1 (sum 26) splits 14 + 12"
            let (area, rest) = step.reason.split_once(": ").unwrap();
            let (side, rest) = rest.split_once("s add up to ").unwrap();
            let (part, rest) = rest.split_once(", so the cage at ").unwrap();
            let (at, rest) = rest.split_once(" (sum ").unwrap();
            let (total, rest) = rest.split_once(") splits ").unwrap();
            let (a, b) = rest.split_once(" + ").unwrap();
            let [part, total, a, b] = [part, total, a, b].map(|x| x.parse::<u32>().unwrap());
            let area = area_cells(area);
            let (cage, sum) = cages.iter().find(|(cells, _)| cells.contains(&cell(at))).unwrap();
            assert_eq!((*sum, a, b), (total, part, total - part), "{}", step.reason);
            let whole = |c: &Vec<usize>| c.iter().all(|x| area.contains(x));
            let cut = |c: &Vec<usize>| !whole(c) && c.iter().any(|x| area.contains(x));
            let cells: Vec<usize> = match side {
                "innie" => area
                    .iter()
                    .copied()
                    .filter(|x| !cages.iter().any(|(c, _)| whole(c) && c.contains(x)))
                    .collect(),
                _ => cages
                    .iter()
                    .filter(|(c, _)| cut(c))
                    .flat_map(|(c, _)| c.iter().copied().filter(|x| !area.contains(x)))
                    .collect(),
            };
            assert!(!cells.is_empty() && cells.len() < cage.len(), "{}", step.reason);
            assert!(
                cells.iter().all(|x| cage.contains(x)),
                "{}: {side}s {cells:?} not in the cage",
                step.reason
            );
            assert_eq!(cells.iter().map(|&x| u32::from(solution[x])).sum::<u32>(), part, "{}", step.reason);
            assert!(step.place.is_empty() && !step.elim.is_empty());
            for &(c, d) in &step.elim {
                assert!(cage.contains(&usize::from(c)), "{}", step.reason);
                assert_ne!(solution[usize::from(c)], d, "{}", step.reason);
            }
            splits += 1;
        }
    }
    assert!(splits >= 5, "{splits} cage splits on the killer fixtures' paths");
}

/// A generated killer (seed 45, cages only).
const KILLER_TWO_BOXES: &str = r#"{"size":9,"cages":[{"sum":21,"cells":["r1c1","r1c2","r1c3"]},{"sum":23,"cells":["r1c4","r2c4","r3c4","r3c5"]},{"sum":16,"cells":["r1c5","r2c5","r2c6","r2c7"]},{"sum":12,"cells":["r1c6","r1c7","r1c8","r1c9"]},{"sum":19,"cells":["r2c1","r2c2","r2c3","r3c1"]},{"sum":14,"cells":["r2c8","r2c9"]},{"sum":14,"cells":["r3c2","r3c3","r4c3","r5c3"]},{"sum":14,"cells":["r3c6","r4c6"]},{"sum":20,"cells":["r3c7","r3c8","r3c9","r4c9"]},{"sum":10,"cells":["r4c1","r5c1"]},{"sum":17,"cells":["r4c2","r5c2","r6c1","r6c2"]},{"sum":16,"cells":["r4c4","r4c5","r5c5"]},{"sum":16,"cells":["r4c7","r4c8","r5c8"]},{"sum":20,"cells":["r5c4","r6c3","r6c4","r7c3"]},{"sum":32,"cells":["r5c6","r5c7","r6c5","r6c6","r6c7","r7c5"]},{"sum":18,"cells":["r5c9","r6c8","r6c9","r7c9"]},{"sum":13,"cells":["r7c1","r8c1"]},{"sum":20,"cells":["r7c2","r8c2","r9c1","r9c2"]},{"sum":8,"cells":["r7c4","r8c4"]},{"sum":18,"cells":["r7c6","r7c7","r8c6","r8c7"]},{"sum":23,"cells":["r7c8","r8c8","r8c9","r9c9"]},{"sum":15,"cells":["r8c3","r9c3","r9c4"]},{"sum":25,"cells":["r8c5","r9c5","r9c6","r9c7"]},{"sum":1,"cells":["r9c8"]}],"givens":"................................................................................."}"#;
const KILLER_TWO_BOXES_SOLUTION: &str =
    "597842163846137259132596748725968431384715692619324875961273584453681927278459316";

/// Classic puzzles Sudoku Explainer rates 2.6 to 3.8 (pointing, claiming,
/// naked and hidden pairs, X-wing, naked triple, swordfish: techniques
/// the ladder has at SE's difficulties; `fixtures/grade/`, rated by
/// serate): every step keeps the solution, no trial is needed, and the
/// ladder's ER is SE's on most of them. SE's own steps can be easier
/// (its direct techniques and its rounds), so not on all.
#[test]
fn on_classic_puzzles_the_ladder_meets_sudoku_explainer() {
    let (mut n, mut equal) = (0, 0);
    for (givens, se, rating) in se_sample_rated(|se| (2.6..=3.8).contains(&se)) {
        assert!(!rating.trial, "{givens}: SE {se} needs no trial");
        n += 1;
        equal += usize::from(u32::from(rating.er) == (se * 10.0).round() as u32);
    }
    assert!(n >= 40, "{n}");
    assert!(equal * 10 >= n * 8, "ER equal to SE's on {equal} of {n}");
}

/// Classic puzzles Sudoku Explainer rates 4.0 to 9.3 (`fixtures/grade/`,
/// rated by serate): every step of the ladder's harder techniques keeps
/// the solution; where SE's hardest step is one the ladder has at SE's
/// difficulty (skyscraper 4.0, two-string kite 4.1, XY-wing 4.2, XYZ-wing
/// 4.4) the ER is SE's on most; each harder technique (the chains too)
/// is the hardest step of some puzzle; and the ladder's ER orders the
/// puzzles as SE's does (a rank correlation well above chance).
#[test]
fn past_the_subsets_the_ladder_keeps_the_solution_and_ses_order() {
    let (mut at_se, mut equal) = (0, 0);
    let mut pairs: Vec<(f64, f64)> = Vec::new();
    let mut hardest: Vec<&'static str> = Vec::new();
    for (_, se, rating) in se_sample_rated(|se| se >= 4.0) {
        let top = rating.steps.iter().max_by_key(|s| s.difficulty).unwrap().technique;
        hardest.push(top);
        if [4.0, 4.1, 4.2, 4.4].contains(&se) {
            at_se += 1;
            equal += usize::from(u32::from(rating.er) == (se * 10.0).round() as u32);
        }
        pairs.push((se, f64::from(rating.er)));
    }
    assert!(at_se >= 30 && equal * 10 >= at_se * 8, "ER equal to SE's on {equal} of {at_se}");
    for technique in [
        "Skyscraper",
        "2-String Kite",
        "XY-Wing",
        "XYZ-Wing",
        "X-Chain",
        "Alternating Inference Chain",
        "Trial",
    ] {
        assert!(hardest.contains(&technique), "{technique} is no puzzle's hardest step");
    }
    let rho = spearman(&pairs);
    assert!(rho > 0.7, "Spearman's rho against SE's ER: {rho:.3}");
}

/// The classic puzzles of `fixtures/grade/se_calibration_sample.csv` whose
/// SE rating `keep` takes, each rated on the ladder after every step of
/// its path is checked against the solution (a placement is the
/// solution's digit, an elimination spares it): (givens, SE's ER, rating).
fn se_sample_rated(keep: impl Fn(f64) -> bool) -> Vec<(String, f64, sudoku_variant::Rating)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/grade/se_calibration_sample.csv");
    let mut out = Vec::new();
    for line in std::fs::read_to_string(path).unwrap().lines().skip(1) {
        let mut fields = line.split(',');
        let (givens, se) = (fields.next().unwrap(), fields.next().unwrap().parse::<f64>().unwrap());
        if !keep(se) {
            continue;
        }
        let puzzle = Puzzle::parse_line(givens, Some(9)).unwrap();
        let solution = puzzle.solve_one().unwrap();
        let rating = puzzle.rate().unwrap();
        for step in &rating.steps {
            assert!(step.place.iter().all(|&(c, d)| solution[usize::from(c)] == d), "{givens}: {step:?}");
            assert!(step.elim.iter().all(|&(c, d)| solution[usize::from(c)] != d), "{givens}: {step:?}");
        }
        out.push((givens.to_string(), se, rating));
    }
    out
}

/// Spearman's rank correlation of the pairs (ties get their mean rank).
fn spearman(pairs: &[(f64, f64)]) -> f64 {
    let ranks = |values: Vec<f64>| {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        let mut rank = vec![0.0; values.len()];
        let mut i = 0;
        while i < order.len() {
            let j = (i..order.len()).take_while(|&j| values[order[j]] == values[order[i]]).last().unwrap();
            for &k in &order[i..=j] {
                rank[k] = (i + j) as f64 / 2.0;
            }
            i = j + 1;
        }
        rank
    };
    let (a, b) = (ranks(pairs.iter().map(|p| p.0).collect()), ranks(pairs.iter().map(|p| p.1).collect()));
    let n = a.len() as f64;
    let mean = (n - 1.0) / 2.0;
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - mean) * (y - mean)).sum();
    let var = |r: &[f64]| r.iter().map(|x| (x - mean).powi(2)).sum::<f64>();
    cov / (var(&a) * var(&b)).sqrt()
}
