//! Helpers shared by the test modules: the one walker of the fixture files
//! and the one `check` of a `puzzle:count:solution` line, the proptest
//! strategies, and an independent brute-force counter (sharing no code with
//! the solver) to test counts against.

use std::collections::HashSet;
use std::path::Path;

use proptest::prelude::*;
use sudoku_core::{Cell, Digit, Grid, Solver};

/// The text of `fixtures/NAME` at the root of the workspace.
pub fn fixture_text(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The data lines of a fixture file with their 1-based line numbers: blank
/// lines and `#` comments are skipped.
pub fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
}

/// One line `puzzle:count:solution` of a fixture file.
pub struct FixtureLine {
    /// `FILE:LINE`, for messages.
    pub what: String,
    /// The puzzle.
    pub puzzle: Grid,
    /// The exact number of solutions.
    pub count: u64,
    /// The solution, when the line gives one (an empty field gives none).
    pub solution: Option<Grid>,
}

/// Every `puzzle:count:solution` line of `fixtures/NAME`.
pub fn fixture_lines(name: &str) -> Vec<FixtureLine> {
    let text = fixture_text(name);
    data_lines(&text)
        .map(|(line_no, line)| {
            let what = format!("{name}:{line_no}");
            let mut fields = line.split(':');
            let puzzle =
                Grid::parse_line(fields.next().unwrap_or("")).unwrap_or_else(|e| panic!("{what}: {e}"));
            let count: u64 =
                fields.next().and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("{what}: count"));
            let solution = fields
                .next()
                .filter(|s| !s.is_empty())
                .map(|s| Grid::parse_line(s).unwrap_or_else(|e| panic!("{what}: solution: {e}")));
            FixtureLine { what, puzzle, count, solution }
        })
        .collect()
}

/// Every entry point on one fixture line: the count (exact: counting one
/// past it finds no more), the statistics, the first solution, the unique
/// solution and the lazy iterator. A line with count 1 must give its
/// solution, and every entry point must find exactly it.
pub fn check(solver: &mut Solver, line: &FixtureLine) {
    let FixtureLine { what, puzzle, count, solution } = line;
    let (puzzle, count) = (puzzle, *count);
    assert_eq!(solver.count_solutions_up_to(puzzle, count + 1), count, "{what}: count");
    assert!(solver.stats().nodes >= 1, "{what}: stats");
    if count > 0 {
        assert_eq!(solver.count_solutions_up_to(puzzle, count), count, "{what}: count at the limit");
        assert_eq!(solver.count_solutions_up_to(puzzle, 1), 1, "{what}: count up to 1");
    }
    let first = solver.solve_one(puzzle);
    assert_eq!(first.is_some(), count > 0, "{what}: solve_one");
    if let Some(s) = first {
        assert!(s.is_solution_of(puzzle), "{what}: solve_one gives a valid solution, not {s}");
    }
    let unique = solver.solve_unique(puzzle);
    assert_eq!(unique.is_some(), count == 1, "{what}: solve_unique");
    if count == 1 {
        assert!(solution.is_some(), "{what}: a unique puzzle's line gives its solution");
    }
    if let Some(expected) = *solution {
        assert_eq!(unique, Some(expected), "{what}: the known solution");
        assert_eq!(first, Some(expected), "{what}: solve_one finds the only solution");
    }
    let mut iter = puzzle.solutions();
    let all: Vec<Grid> = iter.by_ref().take(count as usize + 1).collect();
    assert_eq!(all.len() as u64, count, "{what}: the iterator yields every solution");
    assert_eq!(all.first().copied(), first, "{what}: the iterator starts with solve_one's");
    assert!(all.iter().all(|s| s.is_solution_of(puzzle)), "{what}: every solution valid");
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), all.len(), "{what}: solutions distinct");
    assert!(iter.stats().nodes >= 1, "{what}: stats count the root");
}

/// [`check`] on every line of `fixtures/NAME`; returns how many lines.
pub fn check_file(name: &str) -> usize {
    let lines = fixture_lines(name);
    let mut solver = Solver::new();
    for line in &lines {
        check(&mut solver, line);
    }
    lines.len()
}

/// A symmetry of sudoku: relabel digits, permute bands, rows within a band,
/// stacks, columns within a stack, and optionally transpose.
#[derive(Debug, Clone)]
pub struct Symmetry {
    pub digits: Vec<u8>,
    pub bands: Vec<usize>,
    pub rows: Vec<Vec<usize>>,
    pub stacks: Vec<usize>,
    pub cols: Vec<Vec<usize>>,
    pub transpose: bool,
}

fn perm(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

pub fn symmetry() -> impl Strategy<Value = Symmetry> {
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        perm(3),
        prop::collection::vec(perm(3), 3),
        perm(3),
        prop::collection::vec(perm(3), 3),
        any::<bool>(),
    )
        .prop_map(|(digits, bands, rows, stacks, cols, transpose)| Symmetry {
            digits,
            bands,
            rows,
            stacks,
            cols,
            transpose,
        })
}

impl Symmetry {
    pub fn apply(&self, g: &Grid) -> Grid {
        let mut out = Grid::EMPTY;
        for r in 0..9 {
            for c in 0..9 {
                let src_r = 3 * self.bands[r / 3] + self.rows[r / 3][r % 3];
                let src_c = 3 * self.stacks[c / 3] + self.cols[c / 3][c % 3];
                let d = g.get(Cell::at(src_r, src_c).unwrap()).map(|d| self.digits[d.index()]);
                let (tr, tc) = if self.transpose { (c, r) } else { (r, c) };
                out.set(Cell::at(tr, tc).unwrap(), d.and_then(Digit::new));
            }
        }
        out
    }
}

/// A puzzle: a random valid solution grid (a fixed one moved by a random
/// symmetry) with only the cells in `keep` given.
pub fn puzzle(min_givens: usize, max_givens: usize) -> impl Strategy<Value = Grid> {
    (symmetry(), prop::sample::subsequence((0..81).collect::<Vec<usize>>(), min_givens..=max_givens))
        .prop_map(|(sym, keep)| {
            let base = Grid::EMPTY.solve_one().expect("the empty grid has solutions");
            let full = sym.apply(&base);
            let mut puzzle = Grid::EMPTY;
            for c in keep {
                puzzle.set(Cell::ALL[c], full.get(Cell::ALL[c]));
            }
            puzzle
        })
}

/// A valid solution grid with its digits relabelled and only the cells in
/// `keep` given.
pub fn relabelled_puzzle(min_givens: usize, max_givens: usize) -> impl Strategy<Value = Grid> {
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        prop::sample::subsequence((0..81).collect::<Vec<usize>>(), min_givens..=max_givens),
    )
        .prop_map(|(digits, keep)| {
            let base = Grid::EMPTY.solve_one().expect("the empty grid has solutions");
            let mut puzzle = Grid::EMPTY;
            for c in keep {
                let d = base.get(Cell::ALL[c]).expect("a solution is complete");
                puzzle.set(Cell::ALL[c], Digit::new(digits[d.index()]));
            }
            puzzle
        })
}

/// The digits `cells` allows at `c` (bit `d - 1` for digit `d`), ignoring
/// what `c` holds itself. Plain loops, sharing no code with the solver.
pub fn allowed(cells: &[u8; 81], c: usize) -> u16 {
    let (r, k) = (c / 9, c % 9);
    let mut used = 0u16;
    for i in 0..9 {
        let box_cell = (r / 3 * 3 + i / 3) * 9 + k / 3 * 3 + i % 3;
        for p in [r * 9 + i, i * 9 + k, box_cell] {
            if p != c && cells[p] != 0 {
                used |= 1 << (cells[p] - 1);
            }
        }
    }
    !used & 0x1ff
}

/// Random givens anywhere, clashing or not.
pub fn scattered() -> impl Strategy<Value = Grid> {
    prop::collection::vec((0..81usize, 1..=9u8), 0..16).prop_map(|givens| {
        let mut cells = [0u8; 81];
        for (c, d) in givens {
            cells[c] = d;
        }
        Grid::from_array(cells).expect("digits")
    })
}

/// Search nodes the brute force may visit before it gives up: a few sparse,
/// unsolvable grids take it minutes without this bound.
pub const BRUTE_FORCE_BUDGET: u32 = 200_000;

/// The independent counter: plain depth-first search on the emptiest-choice
/// cell, no propagation, counting solutions up to `limit`; with `excluded =
/// Some((cell, digit))` only the solutions whose `cell` is not `digit`.
/// `None` when it gives up after [`BRUTE_FORCE_BUDGET`] nodes: the caller
/// then skips the case rather than trusting a guess.
pub fn brute_force_count(g: &Grid, limit: u64, excluded: Option<(usize, u8)>) -> Option<u64> {
    fn go(
        cells: &mut [u8; 81],
        limit: u64,
        excluded: (usize, u16),
        found: &mut u64,
        budget: &mut u32,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut best: Option<(usize, u16)> = None;
        for c in 0..81 {
            if cells[c] == 0 {
                let mut m = allowed(cells, c);
                if c == excluded.0 {
                    m &= !excluded.1;
                }
                if best.is_none_or(|(_, b)| m.count_ones() < b.count_ones()) {
                    best = Some((c, m));
                }
            }
        }
        let Some((c, m)) = best else {
            *found += 1;
            return true;
        };
        for d in 0..9u8 {
            if m & 1 << d != 0 && *found < limit {
                cells[c] = d + 1;
                let finished = go(cells, limit, excluded, found, budget);
                cells[c] = 0;
                if !finished {
                    return false;
                }
            }
        }
        true
    }
    let mut cells = g.to_array();
    if (0..81).any(|c| cells[c] != 0 && allowed(&cells, c) & 1 << (cells[c] - 1) == 0) {
        return Some(0);
    }
    let excluded = match excluded {
        Some((cell, digit)) if cells[cell] == digit => return Some(0),
        Some((cell, digit)) => (cell, 1 << (digit - 1)),
        None => (usize::MAX, 0),
    };
    let (mut found, mut budget) = (0, BRUTE_FORCE_BUDGET);
    go(&mut cells, limit, excluded, &mut found, &mut budget).then_some(found)
}
