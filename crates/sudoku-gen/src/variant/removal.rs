//! Clue removal for variant puzzles: orbits of a symmetry on any square
//! canvas, and the greedy pass that blanks each orbit (in random order)
//! when the puzzle keeps one solution, proven by bounded searches for a
//! solution that differs from the known one in a blanked cell. After
//! [`OUT_OF_NODES_STREAK`] tests have run out of nodes the rest of the
//! clues are kept untested (the puzzle, still unique, is then not minimal).

use rand::seq::SliceRandom;
use rand::RngCore;
use sudoku_variant::{Interrupt, Outcome, Puzzle, VariantSolver};

use super::{Rated, VariantGenError, VariantPuzzle};
use crate::symmetry::Symmetry;

/// Nodes a uniqueness test may take, per cell of the shape. A test that
/// runs out keeps its clues: the puzzle stays unique, only not proven
/// minimal.
pub const COUNT_NODES_PER_CELL: u64 = 200;

/// Uniqueness tests that may run out of nodes before the removal stops
/// testing and keeps the orbits left (the puzzle is then not
/// minimal). Past that point nearly every test spends its whole budget: on
/// a 20x20 jigsaw the last 150 of 400 tests did, 88 of its 89 seconds.
pub const OUT_OF_NODES_STREAK: usize = 8;

/// The orbits of `puzzle`'s cells (canvas indices) under `symmetry`, each
/// sorted, in order of their smallest cell ([`Symmetry::orbits_on`]).
pub fn orbits(puzzle: &Puzzle, symmetry: Symmetry) -> Vec<Vec<usize>> {
    symmetry.orbits_on(puzzle.side(), |i| puzzle.is_cell(i))
}

/// The puzzle of `shape` whose solution is `solution`, thinned from the
/// full grid one orbit at a time in an order drawn from `rng`; after each
/// orbit `tried` is called with how many of them have been tried. With
/// `rated`, an orbit stays given when blanking it would need a step
/// harder than its most ([`Rated::allows`]). An error when `interrupt`
/// stopped a test (the puzzle would not be the same).
pub fn remove_clues(
    shape: &Puzzle,
    solution: &[u8],
    orbits: &[Vec<usize>],
    rated: Option<Rated>,
    rng: &mut dyn RngCore,
    interrupt: Interrupt<'_>,
    tried: &mut dyn FnMut(usize),
) -> Result<VariantPuzzle, VariantGenError> {
    let mut solver = VariantSolver::new(shape);
    let budget = COUNT_NODES_PER_CELL * shape.cells().len() as u64;
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    order.shuffle(rng);
    let mut givens = solution.to_vec();
    let mut minimal = true;
    // Tests that ran out of nodes so far.
    let mut streak = 0;
    for (n, k) in order.into_iter().enumerate() {
        tried(n);
        if streak == OUT_OF_NODES_STREAK {
            continue;
        }
        for &cell in &orbits[k] {
            givens[cell] = 0;
        }
        // Searches off the solution's digits, not a count of two: on
        // 16x16 and anti-knight they take half the time (measured in
        // runs/2026-11-26-issue34-gen.md) and run out of nodes less.
        let decided = other_solution(&mut solver, &givens, &orbits[k], solution, budget, interrupt)?;
        streak += usize::from(decided.is_none());
        match decided {
            Some(false) => {
                let easy = |r: Rated| r.allows(&shape.with_givens(givens.clone()).expect("a shape's digits"));
                if rated.is_none_or(easy) {
                    continue;
                }
            }
            Some(true) => {}
            // Out of nodes before a second solution showed: unproven.
            None => minimal = false,
        }
        for &cell in &orbits[k] {
            givens[cell] = solution[cell];
        }
    }
    tried(orbits.len());
    let puzzle = shape.with_givens(givens).expect("the solution's digits fit the shape");
    Ok(VariantPuzzle { puzzle, solution: solution.to_vec(), minimal })
}

/// Whether `givens` (a unique puzzle whose solution is `solution`, with
/// the cells `removed` blanked) has another solution: `Some(true)` or
/// `Some(false)` on finished searches, `None` when one ran out of nodes;
/// an error when `interrupt` stopped one.
///
/// Another solution differs from `solution` in a removed cell; at the
/// first such cell it agrees with `solution` on the removed cells before.
/// So each removed cell in turn is given each other digit, the cells
/// before it their solution digits, and searched for one solution: most
/// of these fail at once by propagation, where a count of two from the
/// blanked puzzle would walk its whole search tree. The searches share
/// one budget of `budget` nodes.
fn other_solution(
    solver: &mut VariantSolver,
    givens: &[u8],
    removed: &[usize],
    solution: &[u8],
    budget: u64,
    interrupt: Interrupt<'_>,
) -> Result<Option<bool>, VariantGenError> {
    let n = solver.puzzle().size() as u8;
    let mut alt = givens.to_vec();
    let mut left = budget;
    for &cell in removed {
        for digit in (1..=n).filter(|&d| d != solution[cell]) {
            alt[cell] = digit;
            match solver.count_bounded_until(&alt, 1, left, interrupt) {
                (_, Outcome::Stopped) => return Err(VariantGenError::Stopped { index: 0 }),
                (found, _) if found >= 1 => return Ok(Some(true)),
                (_, Outcome::Done) => left = left.saturating_sub(solver.nodes()),
                (_, Outcome::OutOfNodes) => return Ok(None),
            }
        }
        alt[cell] = solution[cell];
    }
    Ok(Some(false))
}
