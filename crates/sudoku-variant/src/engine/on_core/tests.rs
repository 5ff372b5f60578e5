//! The core path against the general search, its relations and pairs,
//! and which networks it takes.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::network::Network;
use super::super::VariantSolver;
use crate::constraint::testing::{drawn_on_random_grids, random_grid};
use crate::constraint::{Instance, Kind};
use crate::{kind_named, Constraint, Kinds, Puzzle, KINDS};

/// Every solution up to `limit`, sorted, by the core path or the
/// general search (never the planes', tested against it apart).
fn solutions(puzzle: &Puzzle, core: bool, limit: u64) -> (Vec<Vec<u8>>, bool) {
    let mut solver = VariantSolver::new(puzzle);
    solver.use_core = core;
    solver.use_planes = false;
    (solver.sorted_solutions(puzzle.givens(), limit), solver.core.is_some())
}

/// The solutions of `puzzle` up to `limit` by the core path, and
/// whether it took the puzzle, after checking that the general search
/// finds the same ones and the rules' own check accepts each.
fn both_ways(puzzle: &Puzzle, limit: u64, round: usize) -> (Vec<Vec<u8>>, bool) {
    let (core, used) = solutions(puzzle, true, limit);
    let (general, _) = solutions(puzzle, false, limit);
    // Below the limit both saw every solution; at it, each its first
    // ones in its own order.
    if core.len() < limit as usize || general.len() < limit as usize {
        assert_eq!(core, general, "round {round}: {}", puzzle.to_json(None));
    }
    for s in &core {
        assert!(puzzle.check_solution(s).is_ok(), "round {round}");
    }
    (core, used)
}

/// Random 9x9 puzzles of one to three drawn kinds (true of a random
/// grid, or blind: drawn on another grid than the givens'), some with
/// a negative rule: the core path finds exactly the general search's
/// solutions, each of which the rules' own check accepts.
#[test]
fn the_core_path_finds_the_general_searchs_solutions() {
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let drawn: Vec<_> = KINDS.iter().filter(|k| !k.global() && !k.tiles()).collect();
    let negative: Vec<_> =
        ["kropki-negative", "white-negative", "black-negative", "xv-negative", "non-consecutive"]
            .iter()
            .filter_map(|name| kind_named(name))
            .collect();
    let blank = Puzzle::blank(9).unwrap();
    const LIMIT: u64 = 40;
    let (mut on_core, mut none, mut one, mut many) = (0, 0, 0, 0);
    for round in 0..200 {
        let grid = random_grid(&mut rng);
        let mut constraints = Vec::new();
        for _ in 0..rng.gen_range(1..=3) {
            let kind = *drawn[rng.gen_range(0..drawn.len())];
            let mut instances = kind.sprinkle(&blank, &grid, &mut rng);
            instances.truncate(rng.gen_range(1..=6));
            constraints.extend(instances.into_iter().map(|i| Constraint::of(kind, i)));
        }
        let mut rules = Kinds::NONE;
        if round % 4 == 0 {
            rules.insert(negative[rng.gen_range(0..negative.len())]);
        }
        // Blind rounds take their givens from another grid.
        let source = if round % 3 == 0 { random_grid(&mut rng) } else { grid.clone() };
        let givens = source.iter().map(|&d| if rng.gen_bool(0.3) { d } else { 0 }).collect();
        let Ok(puzzle) = blank
            .with_rules(rules)
            .and_then(|p| p.with_constraints(constraints))
            .and_then(|p| p.with_givens(givens))
        else {
            continue;
        };
        let (core, used) = both_ways(&puzzle, LIMIT, round);
        on_core += usize::from(used);
        match core.len() {
            0 => none += 1,
            1 => one += 1,
            k if k < LIMIT as usize => many += 1,
            _ => {}
        }
    }
    assert!(on_core > 150 && none > 10 && one > 3 && many > 10, "{on_core} {none} {one} {many}");
}

/// Two cells see each other exactly when they are one cell or peers
/// in the core's table.
#[test]
fn sees_is_the_cores_peers() {
    for a in 0..81u16 {
        for b in 0..81u16 {
            let peers = a == b || sudoku_core::PEERS[usize::from(a)].contains(&(b as u8));
            assert_eq!(super::sees(a, b), peers, "{a} {b}");
        }
    }
}

/// On instances of every drawn kind drawn true of random grids (from
/// `seed`), then with each of their cells given a random digit with
/// probability `p`: what `says` makes of the digits (`None`: the kind
/// says nothing of the instance) is what the instance's own check
/// says. Returns the instances said of and the digit sets that broke
/// them.
fn says_what_holds(
    seed: u64,
    p: f64,
    says: impl Fn(&dyn Kind, &Instance, &[u8]) -> Option<bool>,
) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let blank = Puzzle::blank(9).unwrap();
    let (mut said, mut broken) = (0, 0);
    for (kind, it, grid) in drawn_on_random_grids(seed, 10) {
        if says(kind, &it, &grid).is_none() {
            continue;
        }
        said += 1;
        for trial in 0..30 {
            let mut digits = grid.clone();
            if trial > 0 {
                for &c in it.parts.iter().flatten() {
                    if rng.gen_bool(p) {
                        digits[usize::from(c)] = rng.gen_range(1..=9);
                    }
                }
            }
            let holds = kind.holds(&blank, &it, &digits);
            assert_eq!(says(kind, &it, &digits), Some(holds), "{} {:?} {:?}", kind.name(), it, digits);
            broken += usize::from(!holds);
        }
    }
    (said, broken)
}

/// A kind that says its instances are relations of pairs says what
/// its own check says: every pair keeps its relation exactly when the
/// instance holds.
#[test]
fn a_kinds_pairs_hold_exactly_when_its_instance_does() {
    let (paired, broken) = says_what_holds(50, 0.3, |kind, it, digits| {
        let mut pairs = Vec::new();
        kind.pairs(it, &mut pairs).then(|| {
            pairs.iter().all(|&(a, b, tag)| {
                let digit = |c: u16| u32::from(digits[usize::from(c)]);
                kind.pair_allows(tag, digit(a), digit(b))
            })
        })
    });
    assert!(paired > 50 && broken > 100, "{paired} {broken}");
}

/// A kind that says its instances only limit their cells to a set of
/// digits says what its own check says: each cell's digit is in the
/// set exactly when the instance holds.
#[test]
fn a_kinds_allowed_digits_hold_exactly_when_its_instance_does() {
    let (limited, broken) = says_what_holds(51, 1.0, |kind, it, digits| {
        let allowed = kind.allowed(it, 9)?;
        Some(it.parts.iter().flatten().all(|&c| allowed >> (digits[usize::from(c)] - 1) & 1 == 1))
    });
    assert!(limited > 20 && broken > 100, "{limited} {broken}");
}

/// Non-consecutive and the white dots' negative constraint, on the
/// fixtures' non-consecutive grids with some of their digits as
/// givens: the same solutions both ways, among them the grid's own.
#[test]
fn non_consecutive_pairs_on_the_core_path_find_the_general_searchs_solutions() {
    let mut rng = ChaCha8Rng::seed_from_u64(48);
    let text = include_str!("../../../../../fixtures/variant/non-consecutive.jsonl");
    let (mut checked, mut many) = (0, 0);
    for line in text.lines() {
        let puzzle = Puzzle::from_json(line).unwrap().puzzle;
        // (Some lines have no solution, on purpose.)
        let Some(grid) = puzzle.solve_one() else { continue };
        for (rule, keep) in [("non-consecutive", 0.25), ("kropki-negative", 0.2), ("white-negative", 0.3)] {
            let givens: Vec<u8> = grid.iter().map(|&d| if rng.gen_bool(keep) { d } else { 0 }).collect();
            let mut rules = Kinds::NONE;
            rules.insert(kind_named(rule).unwrap());
            let puzzle = Puzzle::blank(9).unwrap().with_rules(rules).unwrap().with_givens(givens).unwrap();
            let (core, used) = solutions(&puzzle, true, 40);
            let (general, _) = solutions(&puzzle, false, 40);
            assert!(used, "{rule}");
            if core.len() < 40 || general.len() < 40 {
                assert_eq!(core, general, "{rule}: {}", puzzle.to_json(None));
                // (Kropki's negative constraint bans unmarked halves and
                // doubles too, which the grid may have.)
                assert!(rule == "kropki-negative" || core.contains(&grid), "{rule}");
            }
            checked += 1;
            many += usize::from(core.len() > 1);
        }
    }
    assert!(checked >= 90 && many > 5, "{checked} {many}");
}

/// Random 9×9 puzzles of each rule of the whole grid (one or two of
/// them, sometimes with a drawn kind): every rule the core path takes
/// finds exactly the general search's solutions, each of which the
/// rules' own check accepts.
#[test]
fn the_core_path_keeps_the_whole_grids_rules() {
    let mut rng = ChaCha8Rng::seed_from_u64(49);
    // (The negative rules and non-consecutive have their own tests
    // above; a random grid of theirs is slow to find.)
    let global: Vec<_> = KINDS
        .iter()
        .filter(|k| k.global() && !k.name().contains("negative") && k.name() != "non-consecutive")
        .collect();
    let drawn: Vec<_> = KINDS.iter().filter(|k| !k.global() && !k.tiles()).collect();
    const LIMIT: u64 = 20;
    let mut seen = std::collections::BTreeMap::new();
    let (mut none, mut one, mut many) = (0, 0, 0);
    for round in 0..160 {
        let mut rules = Kinds::NONE;
        let first = *global[round % global.len()];
        rules.insert(first);
        if round % 5 == 0 {
            rules.insert(*global[rng.gen_range(0..global.len())]);
        }
        let Ok(ruled) = Puzzle::blank(9).and_then(|p| p.with_rules(rules)) else { continue };
        let random_grid =
            |rng: &mut ChaCha8Rng| VariantSolver::new(&ruled).solve_random(&[0; 81], rng, 200_000);
        let Ok(Some(grid)) = random_grid(&mut rng) else { continue };
        let mut constraints = Vec::new();
        if round % 3 == 1 {
            let kind = *drawn[rng.gen_range(0..drawn.len())];
            let mut instances = kind.sprinkle(&ruled, &grid, &mut rng);
            instances.truncate(rng.gen_range(1..=4));
            constraints.extend(instances.into_iter().map(|i| Constraint::of(kind, i)));
        }
        // Blind rounds take their givens from another grid.
        let source = match round % 4 == 0 {
            true => random_grid(&mut rng).ok().flatten().unwrap_or_else(|| grid.clone()),
            false => grid.clone(),
        };
        let keep = rng.gen_range(0.25..0.45);
        let givens = source.iter().map(|&d| if rng.gen_bool(keep) { d } else { 0 }).collect();
        let Ok(puzzle) = ruled.with_constraints(constraints).and_then(|p| p.with_givens(givens)) else {
            continue;
        };
        let (core, used) = both_ways(&puzzle, LIMIT, round);
        *seen.entry((first.name(), used)).or_insert(0) += 1;
        match core.len() {
            0 => none += 1,
            1 => one += 1,
            k if k < LIMIT as usize => many += 1,
            _ => {}
        }
    }
    for rule in ["x", "windoku", "argyle", "disjoint-groups", "asterisk", "centre-dot", "girandola"] {
        assert!(seen.get(&(rule, true)).copied().unwrap_or(0) >= 3, "{rule}: {seen:?}");
    }
    assert!(none > 5 && one > 3 && many > 5, "{none} {one} {many}");
}

/// Which networks go to the core solver: the classic grid with drawn
/// constraints, rules that add houses or peers, and negative rules;
/// not the rules that pair cells a move apart (the general search's
/// generalized intersections pay there), nor sum cages or other
/// layouts.
#[test]
fn only_the_classic_grid_with_rules_and_drawn_constraints_fits() {
    let fits = |json: &str| super::fits(&Network::new(&Puzzle::from_json(json).unwrap().puzzle)).is_some();
    let blank = ".".repeat(81);
    let with = |rules: &str, constraints: &str| {
        format!(r#"{{"size":9,"givens":"{blank}","rules":[{rules}],"constraints":[{constraints}]}}"#)
    };
    let thermo = r#"{"kind":"thermo","cells":["r1c1","r1c2","r1c3"]}"#;
    assert!(fits(&with("", thermo)));
    assert!(fits(&with(r#""black-negative""#, r#"{"kind":"odd","cell":"r5c5"}"#)));
    assert!(fits(&with(r#""non-consecutive""#, thermo)));
    for rule in ["x", "windoku", "argyle", "disjoint-groups", "asterisk", "centre-dot", "girandola"] {
        assert!(fits(&with(&format!("\"{rule}\""), thermo)), "{rule}");
    }
    for rule in ["anti-knight", "anti-king"] {
        assert!(!fits(&with(&format!("\"{rule}\""), thermo)), "{rule}");
    }

    assert!(!fits(&with("", r#"{"kind":"killer","cells":["r1c1","r1c2"],"sum":3}"#)));
    // A jigsaw: the rows and columns, not the boxes.
    let regions = "112222333111222334111223334155666374555568774556668774956688774999988774999988844";
    assert!(!fits(&format!(r#"{{"size":9,"regions":"{regions}","givens":"{blank}"}}"#)));
    // The boxes as regions written out: the classic grid.
    let boxes: String = (0..81).map(|i| char::from(b'1' + (i / 27 * 3 + i % 9 / 3) as u8)).collect();
    assert!(fits(&format!(
        r#"{{"size":9,"regions":"{boxes}","givens":"{blank}","constraints":[{thermo}]}}"#
    )));
    assert!(!fits(&format!(r#"{{"size":6,"givens":"{}","constraints":[{thermo}]}}"#, ".".repeat(36))));
}

/// The network of an empty 9x9 grid with `constraints` (JSON objects,
/// comma-separated) drawn.
fn net(constraints: &str) -> Network {
    let json = format!(r#"{{"size":9,"givens":"{}","constraints":[{constraints}]}}"#, ".".repeat(81));
    Network::new(&Puzzle::from_json(&json).unwrap().puzzle)
}

/// A thermometer's cells that do not see each other differ by its
/// steps alone (two steps up is at least two more), so they need no
/// pair of peers, and a network of thermometers alone narrows nothing
/// beside the core's relations; a German whisper's cells two apart may
/// hold one digit (1, 6, 1), and cells no relation joins may too.
#[test]
fn relations_that_keep_cells_apart_replace_their_groups_pairs() {
    let cell = |r: u16, c: u16| 9 * (r - 1) + c - 1;
    let thermo = r#"{"kind":"thermo","cells":["r3c3","r4c4","r5c5","r6c5"]}"#;
    let whisper = r#"{"kind":"german-whispers","cells":["r6c6","r7c7","r8c8"]}"#;
    let both = net(&format!("{thermo},{whisper}"));
    let relations = super::relations(&both);
    let line = [cell(3, 3), cell(4, 4), cell(5, 5), cell(6, 5)];
    assert!(relations.differ(&line, cell(3, 3), cell(5, 5)));
    assert!(relations.differ(&line, cell(3, 3), cell(6, 5)));
    let whispered = [cell(6, 6), cell(7, 7), cell(8, 8)];
    assert!(!relations.differ(&whispered, cell(6, 6), cell(8, 8)));
    // Not joined within the group: the path would leave it.
    assert!(!relations.differ(&[cell(3, 3), cell(5, 5)], cell(3, 3), cell(5, 5)));
    let extra = super::fits(&net(thermo)).unwrap();
    assert_eq!(extra.pair_cells, 0);
    assert!(extra.own.is_empty());
    // A renban's cells differ by its group alone (none sees another).
    let renban = super::fits(&net(r#"{"kind":"renban","cells":["r3c3","r4c4","r5c5"]}"#)).unwrap();
    let bit = |c: u16| 1u128 << c;
    assert_eq!(renban.pair_cells, bit(cell(3, 3)) | bit(cell(4, 4)) | bit(cell(5, 5)));
}

/// A cell's first weight is one plus its pairs in the drawn
/// constraints' relations, its constraints narrowed here and its extra
/// peers: a thermometer's steps
/// (tabled) give its ends one partner and its middle two; a renban (not
/// tabled) adds itself and, to each of its cells, the others it does not
/// see (r4c4 and r5c5 share a box). Every other cell starts at one.
#[test]
fn a_cells_first_weight_counts_its_partners_constraints_and_extra_peers() {
    let cell = |r: usize, c: usize| 9 * (r - 1) + c - 1;
    let thermo = super::fits(&net(r#"{"kind":"thermo","cells":["r3c3","r4c4","r5c5","r6c5"]}"#)).unwrap();
    let mut want = [1u32; 81];
    for (c, w) in [(cell(3, 3), 2), (cell(4, 4), 3), (cell(5, 5), 3), (cell(6, 5), 2)] {
        want[c] = w;
    }
    assert_eq!(*thermo.degrees, want);
    assert_eq!(thermo.most_degree, 3);
    let renban = super::fits(&net(r#"{"kind":"renban","cells":["r3c3","r4c4","r5c5"]}"#)).unwrap();
    let mut want = [1u32; 81];
    for (c, w) in [(cell(3, 3), 4), (cell(4, 4), 3), (cell(5, 5), 3)] {
        want[c] = w;
    }
    assert_eq!(*renban.degrees, want);
    // Extra houses alone (disjoint groups) weigh nothing.
    let mut rules = Kinds::NONE;
    rules.insert(kind_named("disjoint-groups").unwrap());
    let groups = Puzzle::blank(9).unwrap().with_rules(rules).unwrap();
    let extra = super::fits(&Network::new(&groups)).unwrap();
    assert_eq!((*extra.degrees, extra.most_degree), ([1; 81], 1));
}
