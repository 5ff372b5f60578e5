//! Issue 47, layouts: overlapping 9×9 grids and the sizes 10, 14, 15 and
//! 20, against references written here from the definitions: each named
//! layout's offsets as sudoku.one's puzzles place them, the rows, columns
//! and boxes of each grid spelled out, and a plain backtracking count
//! over those houses (nothing from the crate's houses or engine).

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_variant::{Grids, HouseKind, Kinds, Layout, LayoutName, Puzzle, VariantError, VariantSolver};

/// A layout: name, canvas side, grid corners (row, col).
type Named = (&'static str, usize, &'static [(usize, usize)]);

/// The named layouts: name, canvas side, grid corners (row, col).
/// Written from pencilmark's `data/layouts_sudoku_one.json`, not from the
/// crate's table.
const NAMED: [Named; 7] = [
    ("samurai", 21, &[(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]),
    ("twodoku", 15, &[(0, 0), (6, 6)]),
    ("butterfly", 12, &[(0, 0), (0, 3), (3, 0), (3, 3)]),
    ("sohei", 21, &[(0, 6), (6, 0), (6, 12), (12, 6)]),
    ("flower", 15, &[(0, 3), (3, 0), (3, 3), (3, 6), (6, 3)]),
    (
        "sumo",
        33,
        &[
            (0, 0),
            (0, 12),
            (0, 24),
            (6, 6),
            (6, 18),
            (12, 0),
            (12, 12),
            (12, 24),
            (18, 6),
            (18, 18),
            (24, 0),
            (24, 12),
            (24, 24),
        ],
    ),
    (
        "shogun",
        45,
        &[(0, 0), (0, 12), (0, 24), (0, 36), (6, 6), (6, 18), (6, 30), (12, 0), (12, 12), (12, 24), (12, 36)],
    ),
];

/// The rows, columns and boxes (`br`×`bc`) of n×n grids at `corners` on a
/// canvas of side `side`, each a sorted set of canvas indices, without
/// repeats.
fn reference_houses(
    n: usize,
    br: usize,
    bc: usize,
    side: usize,
    corners: &[(usize, usize)],
) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    for &(top, left) in corners {
        for k in 0..n {
            out.insert((0..n).map(|c| (top + k) * side + left + c).collect());
            out.insert((0..n).map(|r| (top + r) * side + left + k).collect());
        }
        for r0 in (0..n).step_by(br) {
            for c0 in (0..n).step_by(bc) {
                let mut cells: Vec<usize> =
                    (0..n).map(|k| (top + r0 + k / bc) * side + left + c0 + k % bc).collect();
                cells.sort_unstable();
                out.insert(cells);
            }
        }
    }
    out
}

/// Whether `grid` (canvas digits) holds 1..=n once in each house.
fn holds(houses: &BTreeSet<Vec<usize>>, n: usize, grid: &[u8]) -> bool {
    houses.iter().all(|h| {
        let mut seen: Vec<u8> = h.iter().map(|&c| grid[c]).collect();
        seen.sort_unstable();
        seen == (1..=n as u8).collect::<Vec<_>>()
    })
}

/// Counts up to `limit` the fillings of the blank cells of `givens` (0 =
/// blank; `cells` are the positions to fill) with 1..=n that repeat no
/// digit in any house: plain backtracking in cell order.
fn brute_count(
    n: usize,
    cells: &[usize],
    houses: &BTreeSet<Vec<usize>>,
    givens: &[u8],
    limit: usize,
) -> usize {
    let mut peers: Vec<Vec<usize>> = vec![Vec::new(); givens.len()];
    for h in houses {
        for &a in h {
            peers[a].extend(h.iter().copied().filter(|&b| b != a));
        }
    }
    // Givens that clash leave nothing to count.
    for &c in cells {
        if givens[c] != 0 && peers[c].iter().any(|&p| givens[p] == givens[c]) {
            return 0;
        }
    }
    let blanks: Vec<usize> = cells.iter().copied().filter(|&c| givens[c] == 0).collect();
    fn walk(
        k: usize,
        n: usize,
        blanks: &[usize],
        peers: &[Vec<usize>],
        g: &mut [u8],
        limit: usize,
        found: &mut usize,
    ) {
        if *found >= limit {
            return;
        }
        let Some(&cell) = blanks.get(k) else {
            *found += 1;
            return;
        };
        for d in 1..=n as u8 {
            if peers[cell].iter().all(|&p| g[p] != d) {
                g[cell] = d;
                walk(k + 1, n, blanks, peers, g, limit, found);
                g[cell] = 0;
            }
        }
    }
    let mut g = givens.to_vec();
    let mut found = 0;
    walk(0, n, &blanks, &peers, &mut g, limit, &mut found);
    found
}

/// The houses the crate gives for rows, columns, boxes and regions.
fn model_houses(puzzle: &Puzzle) -> BTreeSet<Vec<usize>> {
    puzzle
        .houses()
        .into_iter()
        .filter(|h| matches!(h.kind, HouseKind::Row | HouseKind::Column | HouseKind::Box | HouseKind::Region))
        .map(|h| h.cells.into_iter().map(usize::from).collect())
        .collect()
}

#[test]
fn r47_each_named_layout_has_the_rows_columns_and_boxes_of_its_grids() {
    assert_eq!(NAMED.len(), LayoutName::ALL.len());
    for (name, side, corners) in NAMED {
        let layout = LayoutName::parse(name).unwrap_or_else(|| panic!("{name} is a layout"));
        let puzzle = Puzzle::blank_layout(layout);
        assert_eq!(puzzle.side(), side, "{name}");
        assert_eq!(puzzle.givens().len(), side * side, "{name}");
        let expected = reference_houses(9, 3, 3, side, corners);
        assert_eq!(model_houses(&puzzle), expected, "{name}");
        // The cells are the grids' squares and nothing else.
        let cells: BTreeSet<usize> = expected.iter().flatten().copied().collect();
        assert_eq!(puzzle.cells().into_iter().collect::<BTreeSet<_>>(), cells, "{name}");
        assert_eq!(puzzle.variant_name(), name);
        // The same corners in another order are the same layout.
        let mut reversed = corners.to_vec();
        reversed.reverse();
        let grids = Grids::new(9, reversed).unwrap();
        assert_eq!(grids.name(), Some(layout), "{name}");
    }
}

#[test]
fn r47_blank_cells_of_a_solved_layout_count_as_a_brute_force_counts() {
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    for (name, side, corners) in NAMED {
        let puzzle = Puzzle::blank_layout(LayoutName::parse(name).unwrap());
        let houses = reference_houses(9, 3, 3, side, corners);
        let cells: Vec<usize> =
            houses.iter().flatten().copied().collect::<BTreeSet<_>>().into_iter().collect();
        let mut solver = VariantSolver::new(&puzzle);
        let full = solver.solve_random(puzzle.givens(), &mut rng, 10_000_000).unwrap().unwrap();
        assert!(holds(&houses, 9, &full), "{name}: the engine's grid breaks a house");
        assert!(
            cells.iter().all(|&c| full[c] != 0)
                && (0..side * side).all(|i| cells.contains(&i) || full[i] == 0)
        );
        for round in 0..6 {
            // Blank a band of rows across the canvas: one solution or
            // several (a deadly rectangle), sometimes with a wrong given.
            let mut givens = full.clone();
            let top = rng.gen_range(0..side - 3);
            for &c in &cells {
                if (top..top + 3).contains(&(c / side)) && rng.gen_bool(0.6) {
                    givens[c] = 0;
                }
            }
            if round % 3 == 2 {
                let c = cells[rng.gen_range(0..cells.len())];
                givens[c] = rng.gen_range(1..=9);
            }
            let expected = brute_count(9, &cells, &houses, &givens, 50);
            assert_eq!(solver.count_up_to(&givens, 50), expected as u64, "{name} round {round}");
        }
    }
}

#[test]
fn r47_layouts_read_and_write_the_json_and_line_forms() {
    for name in LayoutName::ALL {
        let puzzle = Puzzle::blank_layout(name);
        let json = puzzle.to_json(None);
        assert!(json.contains(&format!("\"layout\":\"{name}\"")), "{json}");
        assert_eq!(Puzzle::from_json(&json).unwrap().puzzle, puzzle);
        let line = puzzle.givens_line();
        assert_eq!(Puzzle::parse_layout_line(&line, name).unwrap(), puzzle);
        assert!(matches!(Puzzle::parse_layout_line(&line[1..], name), Err(VariantError::Length { .. })));
    }
    // The general description: named corners make the named layout,
    // others stay a list.
    let twodoku = Puzzle::from_json(r#"{"grids":[[6,6],[0,0]]}"#).unwrap().puzzle;
    assert_eq!(twodoku, Puzzle::blank_layout(LayoutName::Twodoku));
    let text = r#"{"size":9,"grids":[[0,0],[0,6],[6,3]]}"#;
    let three = Puzzle::from_json(text).unwrap().puzzle;
    assert_eq!((three.side(), three.grids().len(), three.variant_name().as_str()), (15, 3, "grids"));
    assert_eq!(
        three.to_json(None),
        format!("{{\"size\":9,\"grids\":[[0,0],[0,6],[6,3]],\"givens\":\"{}\"}}", three.givens_line())
    );
    assert_eq!(Puzzle::from_json(&three.to_json(None)).unwrap().puzzle, three);
    assert!(!three.is_line_with_rules());
    assert_eq!(model_houses(&three), reference_houses(9, 3, 3, 15, &[(0, 0), (0, 6), (6, 3)]));
    // Grids of 6×6 with 2×3 boxes.
    let six = Puzzle::from_json(r#"{"size":6,"grids":[[0,0],[2,3]]}"#).unwrap().puzzle;
    assert_eq!(model_houses(&six), reference_houses(6, 2, 3, 9, &[(0, 0), (2, 3)]));
    // Refusals name the grid and the reason.
    let refused = |text: &str| Puzzle::from_json(text).unwrap_err().to_string();
    assert!(refused(r#"{"grids":[[0,0],[4,4]]}"#).contains("grid 2 at r5c5 splits boxes"));
    assert!(refused(r#"{"size":6,"grids":[[0,0],[3,3]]}"#).contains("multiples of 2 rows and 3 columns"));
    assert!(refused(r#"{"grids":[[0,0]]}"#).contains("two or more"));
    assert!(refused(r#"{"layout":"twodoku","grids":[[0,0],[6,6]]}"#).contains("not both"));
    assert!(refused(r#"{"layout":"sumo","size":6}"#).contains("9x9 grids"));
    assert!(refused(r#"{"layout":"hexadoku"}"#).contains("expected one of samurai, twodoku"));
    // A digit in a hole between grids is refused with its place.
    let mut line = ".".repeat(225);
    line.replace_range(14..15, "5");
    assert!(matches!(
        Puzzle::parse_layout_line(&line, LayoutName::Twodoku),
        Err(VariantError::OutsideGrids { row: 1, col: 15, .. })
    ));
}

#[test]
fn r47_overlapping_grids_have_no_fpuzzles_or_ipuz_form() {
    for name in LayoutName::ALL {
        let puzzle = Puzzle::blank_layout(name);
        let why = puzzle.to_fpuzzles(None).unwrap_err().to_string();
        assert!(why.contains(&format!("the {name} layout")), "{why}");
        assert!(puzzle.to_sudokupad_link(None).is_err());
        assert!(puzzle.to_ipuz(None).is_err());
    }
}

/// A full n×n grid with boxes `br`×`bc`: the pattern grid with its
/// digits relabelled and rows moved within their bands.
fn pattern_grid(n: usize, br: usize, bc: usize, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        labels.swap(i, rng.gen_range(0..=i));
    }
    let mut rows: Vec<usize> = (0..n).collect();
    for band in rows.chunks_mut(br) {
        let k = rng.gen_range(0..br);
        band.swap(0, k);
    }
    (0..n * n).map(|i| labels[(rows[i / n] % br * bc + rows[i / n] / br + i % n) % n]).collect()
}

#[test]
fn r47_sizes_10_14_15_20_solve_and_count_as_a_brute_force_counts() {
    let mut rng = ChaCha8Rng::seed_from_u64(470);
    for (n, br, bc) in [(10, 2, 5), (14, 2, 7), (15, 3, 5), (20, 4, 5)] {
        let boxes = Puzzle::blank(n).unwrap();
        assert_eq!(*boxes.layout(), Layout::Boxes { rows: br as u8, cols: bc as u8 }, "{n}");
        let houses = reference_houses(n, br, bc, n, &[(0, 0)]);
        assert_eq!(model_houses(&boxes), houses, "{n}");
        let full = pattern_grid(n, br, bc, &mut rng);
        assert!(holds(&houses, n, &full), "{n}: the pattern grid");
        // Jigsaw regions of the same size: the boxes with cells of the
        // same digit traded between boxes (each region still holds every
        // digit once).
        let mut regions: Vec<u8> =
            (0..n * n).map(|i| ((i / n / br) * (n / bc) + (i % n) / bc) as u8).collect();
        for _ in 0..n {
            let a = rng.gen_range(0..n * n);
            let b = (0..n * n).find(|&b| full[b] == full[a] && regions[b] != regions[a]).unwrap();
            regions.swap(a, b);
        }
        // Labels in order of first appearance, as the JSON form reads them.
        let mut order: Vec<u8> = Vec::new();
        for &r in &regions {
            if !order.contains(&r) {
                order.push(r);
            }
        }
        let regions: Vec<u8> =
            regions.iter().map(|r| order.iter().position(|o| o == r).unwrap() as u8).collect();
        let jigsaw = Puzzle::new(n, Layout::Regions(regions.clone()), Kinds::NONE, vec![0; n * n]).unwrap();
        let mut region_houses: BTreeSet<Vec<usize>> = reference_houses(n, n, 1, n, &[(0, 0)]);
        for k in 0..n as u8 {
            region_houses.insert((0..n * n).filter(|&i| regions[i] == k).collect());
        }
        assert_eq!(model_houses(&jigsaw), region_houses, "{n}");
        let cells: Vec<usize> = (0..n * n).collect();
        for (shape, houses) in [(&boxes, &houses), (&jigsaw, &region_houses)] {
            let mut solver = VariantSolver::new(shape);
            for round in 0..5 {
                let mut givens = full.clone();
                for _ in 0..2 * n {
                    givens[rng.gen_range(0..n * n)] = 0;
                }
                // Two rows' worth of a band blank: often several solutions.
                if round % 2 == 1 {
                    let r = rng.gen_range(0..n / br) * br;
                    for c in 0..n {
                        if rng.gen_bool(0.5) {
                            givens[r * n + c] = 0;
                            givens[(r + 1) * n + c] = 0;
                        }
                    }
                }
                if round == 4 {
                    givens[rng.gen_range(0..n * n)] = rng.gen_range(1..=n as u8);
                }
                let expected = brute_count(n, &cells, houses, &givens, 20);
                assert_eq!(solver.count_up_to(&givens, 20), expected as u64, "{n} round {round}");
                if expected >= 1 {
                    let solution = solver.solve_one(&givens).unwrap();
                    assert!(holds(houses, n, &solution), "{n} round {round}");
                }
            }
            // The line form and the JSON form hold both shapes.
            let puzzle = shape.with_givens(full.clone()).unwrap();
            let json = puzzle.to_json(Some(&full));
            let read = Puzzle::from_json(&json).unwrap();
            assert_eq!((read.puzzle, read.solution), (puzzle.clone(), Some(full.clone())), "{n}");
            if matches!(shape.layout(), Layout::Boxes { .. }) {
                assert_eq!(Puzzle::parse_line(&puzzle.givens_line(), None).unwrap(), puzzle, "{n}");
            }
        }
    }
}

#[test]
fn r47_fpuzzles_reads_sizes_up_to_16_and_refuses_larger_by_name() {
    for n in [10, 14, 15, 16, 20] {
        let puzzle = Puzzle::blank(n).unwrap();
        match puzzle.to_fpuzzles(None) {
            Ok(text) => {
                assert!(n <= 16);
                assert_eq!(Puzzle::from_fpuzzles(&text).unwrap().puzzle, puzzle, "{n}");
            }
            Err(e) => assert!(n > 16 && e.to_string().contains("size 20 (at most 16)"), "{n}: {e}"),
        }
        // A hand-written f-puzzles grid of side n.
        let row = format!("[{}]", vec!["{}"; n].join(","));
        let text = format!(r#"{{"size":{n},"grid":[{}]}}"#, vec![row; n].join(","));
        match Puzzle::from_fpuzzles(&text) {
            Ok(read) => assert!(n <= 16 && read.puzzle.size() == n, "{n}"),
            Err(e) => assert!(n > 16 && e.to_string().contains("at most 16 cells a side"), "{n}: {e}"),
        }
    }
}

/// `Puzzle::houses` lists each house once, and `Puzzle::share_house`
/// (arithmetic on rows, columns, boxes, regions and the rules' houses)
/// agrees with those houses for every
/// pair of cells: every named layout, boxed sizes 4 to 16, a jigsaw from
/// the fixtures and the rules that add houses, alone and together.
#[test]
fn share_house_is_true_exactly_for_cells_that_a_house_holds_together() {
    let mut puzzles: Vec<Puzzle> = LayoutName::ALL.iter().map(|&l| Puzzle::blank_layout(l)).collect();
    puzzles.extend((4..=16).filter_map(|n| Puzzle::blank(n).ok()));
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/variant/jigsaw9.jsonl");
    let jigsaw = std::fs::read_to_string(fixture).expect("the jigsaw fixture");
    puzzles.push(Puzzle::from_json(jigsaw.lines().next().unwrap()).unwrap().puzzle);
    for rules in
        [r#"["x"]"#, r#"["windoku"]"#, r#"["argyle"]"#, r#"["x","windoku"]"#, r#"["disjoint-groups"]"#]
    {
        puzzles.push(Puzzle::from_json(&format!(r#"{{"size":9,"rules":{rules}}}"#)).unwrap().puzzle);
        // (Not every rule has a 6x6 form.)
        if let Ok(six) = Puzzle::from_json(&format!(r#"{{"size":6,"rules":{rules}}}"#)) {
            puzzles.push(six.puzzle);
        }
    }
    puzzles.push(Puzzle::from_json(r#"{"grids":[[0,0],[6,6]],"rules":["x"]}"#).unwrap().puzzle);
    let mut checked = 0;
    for puzzle in &puzzles {
        // Each house once: a samurai's four shared corner boxes count once.
        let houses = puzzle.houses();
        let distinct: BTreeSet<&Vec<u16>> = houses.iter().map(|h| &h.cells).collect();
        assert_eq!(distinct.len(), houses.len(), "{}", puzzle.to_json(None));
        let cells = puzzle.givens().len();
        let mut together = vec![false; cells * cells];
        for house in houses {
            for &a in &house.cells {
                for &b in &house.cells {
                    together[usize::from(a) * cells + usize::from(b)] = true;
                }
            }
        }
        for a in 0..cells {
            for b in 0..cells {
                let cell = |c: usize| puzzle.is_cell(c);
                if !cell(a) || !cell(b) {
                    continue;
                }
                assert_eq!(
                    puzzle.share_house(a as u16, b as u16),
                    together[a * cells + b],
                    "cells {a} and {b} of {}",
                    puzzle.to_json(None)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1_000_000, "{checked} pairs");
    assert_eq!(Puzzle::blank_samurai().houses().len(), 5 * 27 - 4);
}
