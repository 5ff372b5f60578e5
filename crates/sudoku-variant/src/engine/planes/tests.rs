//! The digit planes' search against the general one, its budgets, its
//! stack, and its rules one by one.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::VariantSolver;
use crate::grids::LayoutName;
use crate::puzzle::Layout;
use crate::{kind_named, Kinds, Puzzle};

/// Shapes of houses and peers alone, small and large: classic sizes
/// other than 9, jigsaw regions (each band's boxes shifted a column a
/// row), overlapping grids, a knight's and a king's move, argyle's
/// diagonals, disjoint groups.
fn shapes() -> Vec<Puzzle> {
    let mut out: Vec<Puzzle> = [4, 6, 8, 10, 12].iter().map(|&n| Puzzle::blank(n).unwrap()).collect();
    let regions = (0..81).map(|i| ((i / 27) * 3 + ((i % 9 + i / 9 % 3) % 9) / 3) as u8).collect();
    out.push(Puzzle::new(9, Layout::Regions(regions), Kinds::NONE, vec![0; 81]).unwrap());
    for name in [LayoutName::Twodoku, LayoutName::Butterfly, LayoutName::Flower] {
        out.push(Puzzle::blank_layout(name));
    }
    for (size, rule) in
        [(9, "anti-knight"), (9, "anti-king"), (6, "anti-king"), (9, "argyle"), (9, "disjoint-groups")]
    {
        let mut rules = Kinds::NONE;
        rules.insert(kind_named(rule).unwrap());
        out.push(Puzzle::blank(size).unwrap().with_rules(rules).unwrap());
    }
    out
}

/// Every solution up to `limit`, sorted, by the planes' search or the
/// general one, and whether the planes took the puzzle.
fn solutions(puzzle: &Puzzle, planes: bool, limit: u64) -> (Vec<Vec<u8>>, bool) {
    let mut solver = VariantSolver::new(puzzle);
    // (Not the core path, which takes disjoint groups first.)
    solver.use_core = false;
    solver.use_planes = planes;
    let all = solver.sorted_solutions(puzzle.givens(), limit);
    (all, planes && solver.net().planes().is_some())
}

/// An argyle diagonal of eight cells that digit 9 cannot reach takes
/// every other digit: digit 1, left one place on it, is placed there,
/// though every cell keeps eight digits and every house seven places
/// for it or more. Without 8 either, the diagonal is a contradiction.
#[test]
fn a_line_one_short_of_a_house_takes_every_digit_it_can_reach() {
    use super::{first, propagate, Level, Weights};
    let mut rules = Kinds::NONE;
    rules.insert(kind_named("argyle").unwrap());
    let solver = VariantSolver::new(&Puzzle::blank(9).unwrap().with_rules(rules).unwrap());
    let shape = solver.net().planes().unwrap();
    let (line, len) = shape.lines[0];
    assert_eq!((shape.lines.len(), len), (4, 8));
    let mut cells = Vec::new();
    super::for_each_cell::<2>(&first(&line), |c| cells.push(c));
    let mut full = Level::<2>::EMPTY;
    full.planes[..9].fill(first(&shape.all));
    let take = |level: &mut Level<2>, d: usize, c: usize| level.planes[d][c / 64] &= !(1 << (c % 64));
    let mut weight = Weights::default();
    weight.reset(shape);
    let mut level = full;
    for &c in &cells {
        take(&mut level, 8, c);
    }
    for &c in &cells[1..] {
        take(&mut level, 0, c);
    }
    assert!(propagate::<2, false>(shape, &mut level, &full.planes, &mut weight));
    let lone = cells[0];
    assert_eq!(level.placed[lone / 64] >> (lone % 64) & 1, 1);
    assert!((0..9).all(|d| (level.planes[d][lone / 64] >> (lone % 64) & 1 == 1) == (d == 0)));
    let mut level = full;
    for &c in &cells {
        take(&mut level, 7, c);
        take(&mut level, 8, c);
    }
    assert!(!propagate::<2, false>(shape, &mut level, &full.planes, &mut weight));
}

/// Random givens of a random solution of each shape (some with digits
/// of another solution mixed in, to have none): the planes' search
/// finds exactly the general search's solutions, each of which the
/// rules' own check accepts.
#[test]
fn the_planes_find_the_general_searchs_solutions() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    const LIMIT: u64 = 30;
    for (s, shape) in shapes().iter().enumerate() {
        let (mut none, mut one, mut many) = (0, 0, 0);
        for round in 0..40 {
            let mut solver = VariantSolver::new(shape);
            let grid = solver.solve_random(shape.givens(), &mut rng, u64::MAX).unwrap().unwrap();
            let other = solver.solve_random(shape.givens(), &mut rng, u64::MAX).unwrap().unwrap();
            let density = rng.gen_range(0.2..0.6);
            let mixed = round % 3 == 0;
            let givens: Vec<u8> = grid
                .iter()
                .zip(&other)
                .map(|(&d, &e)| match rng.gen_bool(density) {
                    false => 0,
                    true if mixed && rng.gen_bool(0.1) => e,
                    true => d,
                })
                .collect();
            let puzzle = shape.with_givens(givens).unwrap();
            let (planes, used) = solutions(&puzzle, true, LIMIT);
            let (general, _) = solutions(&puzzle, false, LIMIT);
            assert!(used, "shape {s}");
            if planes.len() < LIMIT as usize || general.len() < LIMIT as usize {
                assert_eq!(planes, general, "shape {s} round {round}: {}", puzzle.to_json(None));
            }
            for solution in &planes {
                assert!(puzzle.check_solution(solution).is_ok(), "shape {s} round {round}");
            }
            match planes.len() {
                0 => none += 1,
                1 => one += 1,
                _ => many += 1,
            }
        }
        assert!(none > 0 && one > 0 && many > 0, "shape {s}: {none} {one} {many}");
    }
}

/// The budgets reach the planes' search: a node limit ends a count of
/// an empty 12x12 grid unfinished, within the limit; a stop flag set
/// before the search stops it at its first node; a count without either
/// finishes.
#[test]
fn the_planes_search_keeps_its_budgets() {
    use super::super::Outcome;
    use std::sync::atomic::AtomicBool;
    let blank = Puzzle::blank(12).unwrap();
    let mut solver = VariantSolver::new(&blank);
    let (found, outcome) = solver.count_bounded(blank.givens(), u64::MAX, 2_000);
    assert_eq!(outcome, Outcome::OutOfNodes);
    assert!(found > 0 && solver.nodes() <= 2_001, "{found} {}", solver.nodes());
    assert!(solver.net().planes().is_some());
    let stop = AtomicBool::new(true);
    let (_, outcome) =
        solver.for_each_solution_until(blank.givens(), u64::MAX, u64::MAX, Some(&stop), |_| {});
    assert_eq!(outcome, Outcome::Stopped);
    assert_eq!(solver.count_bounded(blank.givens(), 3, u64::MAX), (3, Outcome::Done));
}

/// A node is a copy on the call stack: a search of the largest shape
/// here (a blank flower, 189 open cells, three words) fits a thread of
/// half the default stack (2 MiB), counting to two.
#[test]
fn the_deepest_search_fits_half_a_threads_stack() {
    let flower = Puzzle::blank_layout(LayoutName::Flower);
    let found = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let mut solver = VariantSolver::new(&flower);
            let found = solver.count_up_to(flower.givens(), 2);
            (found, solver.net().planes().is_some())
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(found, (2, true));
}

/// Givens that break a rule have no solution: a digit above the size,
/// two of one digit in a row, two a knight's move apart.
#[test]
fn givens_that_break_a_rule_have_no_solution() {
    let six = Puzzle::blank(6).unwrap();
    let mut givens = vec![0u8; 36];
    givens[0] = 7;
    assert_eq!(VariantSolver::new(&six).count_up_to(&givens, 2), 0);
    givens[0] = 3;
    givens[5] = 3;
    assert_eq!(VariantSolver::new(&six).count_up_to(&givens, 2), 0);
    let mut rules = Kinds::NONE;
    rules.insert(kind_named("anti-knight").unwrap());
    let knight = Puzzle::blank(9).unwrap().with_rules(rules).unwrap();
    let mut givens = vec![0u8; 81];
    givens[0] = 4;
    assert_eq!(VariantSolver::new(&knight).count_up_to(&givens, 1), 1);
    givens[11] = 4;
    assert_eq!(VariantSolver::new(&knight).count_up_to(&givens, 2), 0);
}

/// A twodoku's cells start at one plus their peers beyond the fewest:
/// the shared box's cells see, besides their own grid's 20, their row and
/// column of the other grid outside the box (six each), so they start at
/// 13 and every other cell at one.
#[test]
fn a_cell_starts_at_its_peers_beyond_the_fewest() {
    let solver = VariantSolver::new(&Puzzle::blank_layout(LayoutName::Twodoku));
    let shape = solver.net().planes().unwrap();
    let mut counts = [0usize; 14];
    for &d in &shape.degrees {
        counts[d as usize] += 1;
    }
    assert_eq!(shape.degrees.len(), 2 * 81 - 9);
    assert_eq!((counts[1], counts[13]), (2 * 81 - 18, 9));
    assert_eq!(shape.most_degree, 13);
    // A classic grid: every cell has 20 peers.
    let solver = VariantSolver::new(&Puzzle::blank(9).unwrap());
    let classic = solver.net().planes().map(|s| (s.degrees.iter().all(|&d| d == 1), s.most_degree));
    assert!(classic.is_none_or(|x| x == (true, 1)));
}
