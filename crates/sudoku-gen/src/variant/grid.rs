//! Random full grids of any variant shape: the general solver's search
//! with digits tried in random order, from a blank grid, restarted on the
//! same random stream when an attempt runs out of nodes (a random search
//! now and then wanders into a long dead end; a fresh start is cheaper
//! than finishing it).

use rand::RngCore;
use sudoku_variant::{Interrupt, Outcome, Puzzle, VariantSolver};

use super::{VariantGenError, VariantSpec};

/// Nodes an attempt may take, per cell of the shape.
pub const GRID_NODES_PER_CELL: u64 = 100;

/// Attempts before giving up on a grid.
pub const GRID_ATTEMPTS: u64 = 200;

/// A random full grid of `shape` (its givens are ignored), drawn from
/// `rng`: one digit per canvas position, 0 off the cells.
///
/// # Errors
/// [`VariantGenError::NoGrid`] when a search finished without a grid (the
/// rules leave none), [`VariantGenError::GridOutOfReach`] when every
/// attempt ran out of nodes, [`VariantGenError::Stopped`] when
/// `interrupt` stopped a search.
pub fn random_grid(
    shape: &Puzzle,
    rng: &mut dyn RngCore,
    spec: &VariantSpec,
    interrupt: Interrupt<'_>,
) -> Result<Vec<u8>, VariantGenError> {
    let mut solver = VariantSolver::new(shape);
    let nodes = GRID_NODES_PER_CELL * shape.cells().len() as u64;
    match fill(&mut solver, rng, nodes, GRID_ATTEMPTS, interrupt) {
        Ok(Some(grid)) => Ok(grid),
        Ok(None) => Err(VariantGenError::NoGrid(spec.to_string())),
        Err(Outcome::Stopped) => Err(VariantGenError::Stopped { index: 0 }),
        Err(_) => Err(VariantGenError::GridOutOfReach {
            variant: spec.to_string(),
            index: 0,
            attempts: GRID_ATTEMPTS,
            nodes,
        }),
    }
}

/// Up to `attempts` randomised searches of `nodes` nodes each on a blank
/// grid: the first grid found, `Ok(None)` when a search proved there is
/// none, `Err(Outcome::OutOfNodes)` when all ran out of nodes,
/// `Err(Outcome::Stopped)` as soon as `interrupt` stops one.
pub(crate) fn fill(
    solver: &mut VariantSolver,
    rng: &mut dyn RngCore,
    nodes: u64,
    attempts: u64,
    interrupt: Interrupt<'_>,
) -> Result<Option<Vec<u8>>, Outcome> {
    let blank = vec![0u8; solver.puzzle().canvas_len()];
    for _ in 0..attempts {
        match solver.solve_random_until(&blank, rng, nodes, interrupt) {
            Ok(found) => return Ok(found),
            Err(Outcome::Stopped) => return Err(Outcome::Stopped),
            Err(Outcome::OutOfNodes | Outcome::Done) => continue,
        }
    }
    Err(Outcome::OutOfNodes)
}
