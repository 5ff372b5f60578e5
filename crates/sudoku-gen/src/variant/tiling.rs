//! Tiled puzzles: instances of a kind that tiles the grid
//! ([`Kind::tiles`]: killer cages with their sums) in place of clues, no
//! givens by default, exactly one solution. The words below are a
//! killer's: a *cage* is one tile.
//!
//! ## How the cages are made
//!
//! Every cell starts as a cage of its own (the sums then give every
//! digit: one solution). Then, pass after pass, the pairs of orthogonally
//! adjacent cages whose union is a *possible* cage (at most
//! [`VariantOptions::max_cage`] cells, 6 by default, and one instance of
//! the kind on the solution, [`Kind::tile`]: no digit twice) are visited
//! in random order, and each is merged when the
//! puzzle with the merged cage still has one solution. A pass visits only
//! pairs of cages it has not changed yet, and skips pairs refused before;
//! when a pass merges nothing, a checking pass tries every pair again, and
//! the passes end with a checking pass that merges nothing.
//!
//! ## The minimality rule
//!
//! A finished killer is *merge-minimal*: for every two orthogonally
//! adjacent cages that could be one cage (size and distinct digits, as
//! above), the puzzle with them merged has more than one solution. Merging
//! is not monotone (a merged cage forbids repeats across both parts, so a
//! merge refused early may be accepted later), which is why passes repeat
//! until one merges nothing. Each test counts solutions up to 2 within a
//! node budget; a test of the last pass that runs out of nodes refuses its
//! merge and marks the puzzle not minimal ([`VariantPuzzle::minimal`]),
//! never a puzzle with more than one solution.
//!
//! In a rated set ([`VariantOptions::rated`]) the test is the ladder
//! instead: a merge is made when the ladder solves the merged puzzle to
//! the end with no step above the ceiling. Its steps are sound, so such a
//! path proves one solution (no count is needed), and a puzzle it cannot
//! finish is refused whether it is unique or not. Minimal then means: no
//! merge keeps the puzzle within the ceiling.
//!
//! With hidden sums ([`VariantOptions::hidden_sums`]) the finished cages'
//! numbers are then visited in random order, and each is hidden when the
//! puzzle stays unique without it (the same test as a merge's); the
//! puzzle is then minimal in its sums too: no number left can be hidden.
//!
//! With cages that may repeat digits ([`VariantOptions::repeat_cages`])
//! a possible cage is any of at most the largest size, and a cage whose
//! digits repeat on the solution is marked as one that may
//! ([`Kind::tile_repeating`]: a killer cage's star); its sum is its only
//! rule.
//!
//! With givens ([`VariantOptions::tiled_givens`]) the cages are made as
//! above, without givens, and then that many cells of the solution, drawn
//! at random, are given: help added to a puzzle that is already unique
//! and merge-minimal without it.

use std::collections::HashSet;

use rand::seq::SliceRandom;
use rand::RngCore;
use sudoku_variant::{Constraint, Instance, Interrupt, Kind, Outcome, Puzzle, VariantSolver};

use super::{VariantGenError, VariantOptions, VariantPuzzle};

/// Nodes a uniqueness test of a cage layout may take, per cell.
pub const TILED_COUNT_NODES_PER_CELL: u64 = 1000;

/// The cages as cell lists, `cages[k]` empty once merged away.
struct Cages {
    kind: &'static dyn Kind,
    /// Whether a cage may repeat digits ([`VariantOptions::repeat_cages`]).
    repeating: bool,
    cells: Vec<Vec<u16>>,
    /// The cage of each canvas position.
    cage_of: Vec<usize>,
}

impl Cages {
    fn singletons(kind: &'static dyn Kind, repeating: bool, shape: &Puzzle) -> Cages {
        let mut cages =
            Cages { kind, repeating, cells: Vec::new(), cage_of: vec![usize::MAX; shape.canvas_len()] };
        for cell in shape.cells() {
            cages.cage_of[cell] = cages.cells.len();
            cages.cells.push(vec![cell as u16]);
        }
        cages
    }

    /// Adjacent pairs `(a, b)`, `a < b`, that can be one cage.
    fn mergeable_pairs(&self, shape: &Puzzle, solution: &[u8], max_cage: usize) -> Vec<(usize, usize)> {
        let mut pairs: Vec<(usize, usize)> = shape
            .orthogonal_pairs()
            .into_iter()
            .map(|(x, y)| (self.cage_of[usize::from(x)], self.cage_of[usize::from(y)]))
            .filter(|&(a, b)| a != b)
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs.retain(|&(a, b)| {
            self.cells[a].len() + self.cells[b].len() <= max_cage
                && self.tile(&[&self.cells[a][..], &self.cells[b]].concat(), solution).is_some()
        });
        pairs
    }

    /// The instance on `cells`: one whose digits may repeat when asked for
    /// and the kind has such a mark ([`Kind::tile_repeating`]).
    fn tile(&self, cells: &[u16], solution: &[u8]) -> Option<sudoku_variant::Instance> {
        let repeating = self.repeating.then(|| self.kind.tile_repeating(cells, solution)).flatten();
        repeating.or_else(|| self.kind.tile(cells, solution))
    }

    /// The puzzle's cages with `b` merged into `a` when given, in order of
    /// their first cell.
    fn to_constraints(&self, merge: Option<(usize, usize)>, solution: &[u8]) -> Vec<Constraint> {
        let mut out: Vec<Vec<u16>> = Vec::with_capacity(self.cells.len());
        for (k, cells) in self.cells.iter().enumerate() {
            if cells.is_empty() || merge.is_some_and(|(_, b)| b == k) {
                continue;
            }
            let mut cells = cells.clone();
            if let Some((_, b)) = merge.filter(|&(a, _)| a == k) {
                cells.extend_from_slice(&self.cells[b]);
            }
            cells.sort_unstable();
            out.push(cells);
        }
        out.sort_by_key(|cells| cells[0]);
        out.into_iter()
            .map(|cells| {
                let tile = self.tile(&cells, solution).expect("a cage its merge test allowed");
                Constraint::of(self.kind, tile)
            })
            .collect()
    }

    fn merge(&mut self, a: usize, b: usize) {
        let moved = std::mem::take(&mut self.cells[b]);
        for &c in &moved {
            self.cage_of[usize::from(c)] = a;
        }
        self.cells[a].extend(moved);
        self.cells[a].sort_unstable();
    }
}

/// Second solutions of refused trials: grids other than the solution that
/// solved a weaker puzzle. Merging cages and hiding sums only weaken the
/// puzzle, so a later trial that such a grid also solves has two
/// solutions, found by a check of the grid instead of a search. The
/// answers are those the search would give (it too refuses a puzzle with
/// two solutions); a trial whose search would have run out of nodes is
/// refused, rightly, instead of being marked unproven.
struct Witnesses<'a> {
    /// The one solution every trial keeps.
    solution: &'a [u8],
    /// The most recent grids first; at most [`Witnesses::KEPT`].
    grids: Vec<Vec<u8>>,
}

impl<'a> Witnesses<'a> {
    /// Enough for the refusals of one merge pass; checking a grid costs
    /// about one pass over the constraints.
    const KEPT: usize = 32;

    fn new(solution: &'a [u8]) -> Witnesses<'a> {
        Witnesses { solution, grids: Vec::new() }
    }

    /// Whether `puzzle` (givens blank) has exactly one solution:
    /// `Some(true)` or `Some(false)` on a finished count or a kept grid
    /// that solves it, `None` when the budget ran out before a second
    /// solution showed; an error when `interrupt` stopped it.
    fn is_unique(
        &mut self,
        puzzle: &Puzzle,
        budget: u64,
        interrupt: Interrupt<'_>,
    ) -> Result<Option<bool>, VariantGenError> {
        if let Some(k) = self.grids.iter().position(|g| puzzle.check_solution(g).is_ok()) {
            // The grid that refused this one first, the likeliest next.
            let grid = self.grids.remove(k);
            self.grids.insert(0, grid);
            return Ok(Some(false));
        }
        let blank = vec![0u8; puzzle.canvas_len()];
        let mut other = None;
        let (count, outcome) =
            VariantSolver::new(puzzle).for_each_solution_bounded_until(&blank, 2, budget, interrupt, |g| {
                if g != self.solution {
                    other = Some(g.to_vec());
                }
            });
        if let Some(grid) = other {
            self.grids.insert(0, grid);
            self.grids.truncate(Self::KEPT);
        }
        Ok(match (count, outcome) {
            (_, Outcome::Stopped) => return Err(VariantGenError::Stopped { index: 0 }),
            (1, Outcome::Done) => Some(true),
            (c, _) if c >= 2 => Some(false),
            (0, Outcome::Done) => Some(false),
            _ => None,
        })
    }
}

/// The puzzle of `shape` (its rules and constraints kept) tiled with
/// `kind` whose solution is `solution`, with cages merged in an order drawn
/// from `rng`; an error when `interrupt` stopped it.
pub fn make_tiled(
    kind: &'static dyn Kind,
    shape: &Puzzle,
    solution: &[u8],
    opts: &VariantOptions,
    rng: &mut dyn RngCore,
    interrupt: Interrupt<'_>,
) -> Result<VariantPuzzle, VariantGenError> {
    let budget = TILED_COUNT_NODES_PER_CELL * shape.cells().len() as u64;
    let mut cages = Cages::singletons(kind, opts.repeat_cages, shape);
    let mut witnesses = Witnesses::new(solution);
    // Pairs of cages (by their cells) whose merge was refused, skipped by
    // the passes until one merges nothing; then a checking pass tries
    // every pair again, since merging is not monotone.
    let mut refused: HashSet<(Vec<u16>, Vec<u16>)> = HashSet::new();
    let mut checking = false;
    let mut minimal;
    loop {
        let mut pairs = cages.mergeable_pairs(shape, solution, opts.max_cage.min(shape.size()));
        pairs.shuffle(rng);
        let mut touched = vec![false; cages.cells.len()];
        let mut merged_any = false;
        minimal = true;
        for (a, b) in pairs {
            if touched[a] || touched[b] {
                continue;
            }
            let key = (cages.cells[a].clone(), cages.cells[b].clone());
            if !checking && refused.contains(&key) {
                continue;
            }
            let mut tiles = shape.constraints().to_vec();
            tiles.extend(cages.to_constraints(Some((a, b)), solution));
            let trial = shape.with_constraints(tiles).expect("cages of distinct digits fit");
            // In a rated set the ladder is the test: a path of sound steps
            // within the ceiling to the end proves one solution, and a
            // puzzle it cannot finish is refused, unique or not.
            let unique = match opts.rated {
                Some(_) if interrupt.is_set() => return Err(VariantGenError::Stopped { index: 0 }),
                Some(rated) => Some(rated.allows(&trial)),
                None => witnesses.is_unique(&trial, budget, interrupt)?,
            };
            match unique {
                Some(true) => {
                    cages.merge(a, b);
                    touched[a] = true;
                    touched[b] = true;
                    merged_any = true;
                }
                Some(false) => {
                    refused.insert(key);
                }
                None => {
                    minimal = false;
                    refused.insert(key);
                }
            }
        }
        if merged_any {
            checking = false;
        } else if checking {
            break;
        } else {
            checking = true;
        }
    }
    let mut tiles = cages.to_constraints(None, solution);
    if opts.hidden_sums {
        minimal &= hide_sums(shape, &mut tiles, opts, budget, &mut witnesses, rng, interrupt)?;
    }
    let mut givens = vec![0u8; shape.canvas_len()];
    if opts.tiled_givens > 0 {
        let cells = shape.cells();
        for k in rand::seq::index::sample(rng, cells.len(), opts.tiled_givens) {
            givens[cells[k]] = solution[cells[k]];
        }
    }
    tiles.extend_from_slice(shape.constraints());
    let puzzle = shape
        .with_givens(givens)
        .and_then(|p| p.with_constraints(tiles))
        .expect("cages, constraints and givens of the solution fit the shape");
    Ok(VariantPuzzle { puzzle, solution: solution.to_vec(), minimal })
}

/// Hides the numbers of `tiles` (a unique tiling of `shape`), one at a
/// time in an order drawn from `rng`, each when the puzzle stays unique
/// without it (in a rated set: when the ladder still finishes it within
/// the ceiling). False when a test ran out of nodes (that number is kept:
/// the puzzle is then not proven minimal).
fn hide_sums(
    shape: &Puzzle,
    tiles: &mut [Constraint],
    opts: &VariantOptions,
    budget: u64,
    witnesses: &mut Witnesses<'_>,
    rng: &mut dyn RngCore,
    interrupt: Interrupt<'_>,
) -> Result<bool, VariantGenError> {
    // A cage whose digits may repeat keeps its sum: without it, it says
    // nothing.
    let hideable = |c: &Constraint| c.value().is_some() && c.kind().cage(c.instance()).is_some();
    let mut order: Vec<usize> = (0..tiles.len()).filter(|&k| hideable(&tiles[k])).collect();
    order.shuffle(rng);
    let mut minimal = true;
    for k in order {
        let kept = tiles[k].clone();
        tiles[k] = Constraint::of(kept.kind(), Instance { parts: kept.parts().to_vec(), value: None });
        let mut all = tiles.to_vec();
        all.extend_from_slice(shape.constraints());
        let trial = shape.with_constraints(all).expect("cages without a number fit");
        let unique = match opts.rated {
            Some(_) if interrupt.is_set() => return Err(VariantGenError::Stopped { index: 0 }),
            Some(rated) => Some(rated.allows(&trial)),
            None => witnesses.is_unique(&trial, budget, interrupt)?,
        };
        match unique {
            Some(true) => continue,
            Some(false) => {}
            None => minimal = false,
        }
        tiles[k] = kept;
    }
    Ok(minimal)
}
