//! Hints on variants: following them from the givens fills the grid with a
//! solution the checker accepts, each step placing one digit; a wrong digit
//! is reported before anything else.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudoku_variant::{Constraint, Kinds, Puzzle, VariantHint, VariantSolver};

/// A killer cage (the registry's `killer` kind).
fn cage(cells: Vec<u16>, sum: Option<u32>) -> Constraint {
    let killer = sudoku_variant::kind_named("killer").expect("killer is registered");
    Constraint::of(killer, sudoku_variant::Instance { parts: vec![cells], value: sum })
}

/// A unique puzzle: a random completion, then givens removed in a seeded
/// order while the count stays 1.
fn unique_puzzle(shape: &Puzzle, seed: u64) -> Puzzle {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut solver = VariantSolver::new(shape);
    let full = solver.solve_random(shape.givens(), &mut rng, 1_000_000).unwrap().unwrap();
    let mut givens = full.clone();
    for i in shape.cells() {
        let keep = givens[i];
        givens[i] = 0;
        if solver.count_up_to(&givens, 2) != 1 {
            givens[i] = keep;
        }
    }
    shape.with_givens(givens).unwrap()
}

fn follow_to_the_end(puzzle: &Puzzle) -> Vec<&'static str> {
    let mut board = puzzle.givens().to_vec();
    let mut techniques = Vec::new();
    loop {
        match puzzle.hint(&board).unwrap() {
            VariantHint::Place { technique, cell, digit, .. } => {
                assert_eq!(board[cell], 0, "a hint on a filled cell");
                board[cell] = digit;
                techniques.push(technique);
            }
            VariantHint::Solved => break,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(puzzle.check_solution(&board), Ok(()));
    techniques
}

#[test]
fn r34_hints_lead_to_a_solution_on_every_kind() {
    for (k, rules) in
        ["", "x", "windoku", "anti-knight", "non-consecutive", "disjoint-groups"].iter().enumerate()
    {
        let shape = Puzzle::blank(9).unwrap().with_rules(Kinds::parse_list(rules).unwrap()).unwrap();
        let puzzle = unique_puzzle(&shape, k as u64);
        let steps = follow_to_the_end(&puzzle);
        let blanks = puzzle.cells().iter().filter(|&&i| puzzle.givens()[i] == 0).count();
        assert_eq!(steps.len(), blanks, "{rules}");
    }
    let puzzle = unique_puzzle(&Puzzle::blank(6).unwrap(), 7);
    follow_to_the_end(&puzzle);
}

#[test]
fn r34_a_killer_hint_uses_its_cages() {
    // Dominoes cut from a completion, all sums given, no givens.
    let shape = Puzzle::blank(6).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let full = VariantSolver::new(&shape).solve_random(shape.givens(), &mut rng, 100_000).unwrap().unwrap();
    let cages: Vec<Constraint> = (0..18u16)
        .map(|k| {
            let cells = vec![2 * k, 2 * k + 1];
            let sum = cells.iter().map(|&c| u32::from(full[usize::from(c)])).sum();
            cage(cells, Some(sum))
        })
        .collect();
    // Givens removed while the cages keep it unique.
    let killer = shape.with_constraints(cages).unwrap().with_givens(full).unwrap();
    let mut solver = VariantSolver::new(&killer);
    let mut givens = killer.givens().to_vec();
    for i in 0..36 {
        let keep = std::mem::take(&mut givens[i]);
        if solver.count_up_to(&givens, 2) != 1 {
            givens[i] = keep;
        }
    }
    let killer = killer.with_givens(givens).unwrap();
    let steps = follow_to_the_end(&killer);
    assert!(steps.contains(&"Cage Combination"), "{steps:?}");
    // A wrong digit is the first thing said.
    let puzzle =
        unique_puzzle(&Puzzle::blank(9).unwrap().with_rules(Kinds::parse_list("x").unwrap()).unwrap(), 3);
    let solution = puzzle.solve_one().unwrap();
    let mut board = puzzle.givens().to_vec();
    let cell = (0..81).find(|&i| board[i] == 0).unwrap();
    board[cell] = solution[cell] % 9 + 1;
    assert_eq!(
        puzzle.hint(&board).unwrap(),
        VariantHint::Mistake { cell, placed: board[cell], solution: solution[cell] }
    );
}

/// Issue 45: where the simple steps stop, a hint takes the variant
/// ladder's way to its next placement, so a puzzle the ladder solves
/// without a trial is hinted to the end without a `Solution` step; every
/// placement is the recorded solution's digit (pencilmark's, checked by
/// CP-SAT: the fixtures), and the techniques named are the ladder's.
#[test]
fn r45_hints_follow_the_ladder_where_the_simple_steps_stop() {
    let (mut hinted, mut from_ladder) = (0, 0);
    for path in crate::fixtures::fixture_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.contains("25") || name.contains("16") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines().take(4) {
            let read = Puzzle::from_json(line).unwrap();
            let (puzzle, Some(solution)) = (read.puzzle, read.solution) else { continue };
            let Ok(rating) = puzzle.rate() else { continue };
            if rating.trial {
                continue;
            }
            let mut board = puzzle.givens().to_vec();
            loop {
                match puzzle.hint(&board).unwrap() {
                    VariantHint::Place { technique, cell, digit, .. } => {
                        assert_eq!(digit, solution[cell], "{name}: {technique} at {cell}");
                        assert_ne!(technique, "Solution", "{name}: the ladder solves it without a trial");
                        let simple = ["Naked Single", "Hidden Single"].contains(&technique);
                        from_ladder += usize::from(!simple);
                        board[cell] = digit;
                    }
                    VariantHint::Solved => break,
                    other => panic!("{name}: unexpected {other:?}"),
                }
            }
            assert_eq!(board, solution, "{name}");
            hinted += 1;
        }
    }
    assert!(hinted >= 20 && from_ladder > 0, "{hinted} puzzles hinted, {from_ladder} steps past the singles");
}

/// The first open cell of `board`.
fn open_cell(puzzle: &Puzzle, board: &[u8]) -> Option<usize> {
    (0..board.len()).find(|&c| puzzle.is_cell(c) && board[c] == 0)
}

#[test]
fn r46_a_hint_with_the_known_solution_is_the_hint_that_searches() {
    // Every position of a followed path, and the same positions with one
    // wrong digit: the hint given the solution is the searched one.
    for (k, rules) in ["", "x", "anti-knight", "windoku"].iter().enumerate() {
        let shape = Puzzle::blank(9).unwrap().with_rules(Kinds::parse_list(rules).unwrap()).unwrap();
        let puzzle = unique_puzzle(&shape, 46 + k as u64);
        let mut solutions = Vec::new();
        VariantSolver::new(&puzzle).for_each_solution(puzzle.givens(), 2, |s| solutions.push(s.to_vec()));
        let [solution] = &solutions[..] else { panic!("{rules}: not unique") };
        let mut board = puzzle.givens().to_vec();
        let mut compared = 0;
        loop {
            let searched = puzzle.hint(&board).unwrap();
            assert_eq!(puzzle.hint_with(&board, Some(solution)).unwrap(), searched, "{rules}");
            // A wrong digit at every fourth position (each costs two searches).
            if let Some(open) = (compared % 4 == 0).then_some(()).and(open_cell(&puzzle, &board)) {
                let mut wrong = board.clone();
                wrong[open] = solution[open] % 9 + 1;
                let told = puzzle.hint_with(&wrong, Some(solution)).unwrap();
                assert_eq!(told, puzzle.hint(&wrong).unwrap(), "{rules}: a wrong digit");
                assert!(matches!(told, VariantHint::Mistake { cell, .. } if cell == open), "{rules}");
            }
            compared += 1;
            match searched {
                VariantHint::Place { cell, digit, .. } => board[cell] = digit,
                VariantHint::Solved => break,
                other => panic!("unexpected {other:?}"),
            }
        }
        assert!(compared > 40, "{rules}: {compared} positions");
    }
}
