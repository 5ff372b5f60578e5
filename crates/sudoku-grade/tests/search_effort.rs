//! The grade's `nodes` and `guesses` (issue 30, point 1) against a plain
//! depth-first search written here: naked and hidden singles, then one
//! branch per digit of the first open cell with the fewest candidates,
//! counting solutions up to 2 and its own nodes and guesses. The grade's
//! solver propagates more (locked candidates, triads) and branches on a
//! digit's band configurations, so the two counts are not equal; what must
//! hold between them is checked:
//! - the grade's verdict (rated, not unique, unsolvable) is the plain
//!   count's (1, 2, 0), and a grid the solver searched has its effort
//!   reported, rated or not;
//! - a puzzle the plain search solves without a guess (singles alone) is
//!   solved by the grade's solver without a guess too: 1 node, 0 guesses;
//! - a unique puzzle's tree is searched whole, and every branch point has
//!   two children or more: nodes ≥ 2 × guesses + 1 (the plain search's tree
//!   obeys the same law: a check of the plain search itself);
//! - the counts are those of `Solver::solve_unique` on the same grid.

use sudoku_core::{Grid, Solver};
use sudoku_grade::{GradeError, Grader};

use crate::util::fixture;

/// What the plain search found: solutions (up to 2), nodes, guesses.
#[derive(Debug, Default)]
struct Plain {
    solutions: u32,
    nodes: u64,
    guesses: u64,
}

/// Candidates of every cell as 9-bit masks, or `None` on a clash.
fn candidates(grid: &[u8; 81]) -> Option<[u16; 81]> {
    // The digits each row, column and box holds.
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (cell, &d) in grid.iter().enumerate() {
        if d != 0 {
            let (r, c, b) = (cell / 9, cell % 9, cell / 27 * 3 + cell % 9 / 3);
            let bit = 1u16 << (d - 1);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return None;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    let mut cand = [0u16; 81];
    for (cell, m) in cand.iter_mut().enumerate() {
        let (r, c, b) = (cell / 9, cell % 9, cell / 27 * 3 + cell % 9 / 3);
        *m = match grid[cell] {
            0 => 0x1ff & !(rows[r] | cols[c] | boxes[b]),
            d => 1 << (d - 1),
        };
    }
    Some(cand)
}

/// The cells of each of the 27 units: rows, columns, boxes.
fn units() -> Vec<[usize; 9]> {
    let mut out = Vec::new();
    for i in 0..9 {
        out.push(std::array::from_fn(|k| i * 9 + k));
        out.push(std::array::from_fn(|k| k * 9 + i));
        out.push(std::array::from_fn(|k| (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3));
    }
    out
}

/// Naked and hidden singles to a fixpoint; `false` on a contradiction.
fn propagate(grid: &mut [u8; 81]) -> bool {
    let units = units();
    loop {
        let Some(cand) = candidates(grid) else { return false };
        let mut changed = false;
        for cell in 0..81 {
            if grid[cell] == 0 {
                match cand[cell].count_ones() {
                    0 => return false,
                    1 => {
                        grid[cell] = cand[cell].trailing_zeros() as u8 + 1;
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        if changed {
            continue;
        }
        for unit in &units {
            for d in 0..9u8 {
                let places: Vec<usize> = unit.iter().copied().filter(|&c| cand[c] & (1 << d) != 0).collect();
                match places[..] {
                    [] => return false,
                    [c] if grid[c] == 0 => {
                        grid[c] = d + 1;
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

/// Plain DFS: propagate, branch on the first open cell with the fewest
/// candidates, one child per digit, stop at 2 solutions.
fn plain_search(mut grid: [u8; 81], out: &mut Plain) {
    out.nodes += 1;
    if !propagate(&mut grid) {
        return;
    }
    let cand = candidates(&grid).expect("propagate checked the clashes");
    let open = (0..81).filter(|&c| grid[c] == 0).min_by_key(|&c| cand[c].count_ones());
    let Some(cell) = open else {
        out.solutions += 1;
        return;
    };
    out.guesses += 1;
    for d in 0..9u8 {
        if out.solutions >= 2 {
            return;
        }
        if cand[cell] & (1 << d) != 0 {
            let mut child = grid;
            child[cell] = d + 1;
            plain_search(child, out);
        }
    }
}

fn plain(puzzle: &Grid) -> Plain {
    let cells = puzzle.to_array();
    let mut out = Plain::default();
    plain_search(cells, &mut out);
    out
}

/// Puzzles of every kind: the calibration sample (easy to extreme), the
/// hard fixtures, and grids with no or many solutions.
fn puzzles() -> Vec<Grid> {
    let mut out: Vec<Grid> = fixture("se_calibration_sample.csv")
        .lines()
        .skip(1)
        .step_by(8)
        .map(|l| Grid::parse_line(l.split(',').next().unwrap()).unwrap())
        .collect();
    for name in ["multi.txt", "unsolvable.txt", "hard.txt"] {
        let text =
            std::fs::read_to_string(format!("{}/../../fixtures/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        out.extend(text.lines().filter_map(|l| Grid::parse_line(l.split([' ', ':']).next()?).ok()).take(6));
    }
    out.push(Grid::EMPTY);
    out
}

#[test]
fn nodes_and_guesses_agree_with_a_plain_search() {
    let mut grader = Grader::new();
    let mut solver = Solver::new();
    let (mut n_rated, mut n_unrated, mut n_no_guess) = (0, 0, 0);
    for p in puzzles() {
        if !p.conflicts().is_empty() {
            continue;
        }
        let line = p.to_line();
        let reference = plain(&p);
        let result = grader.grade(&p);
        let search = grader.last_search().expect("a grid without a clash is searched");
        match (&result, reference.solutions) {
            (Ok(g), 1) => {
                n_rated += 1;
                assert_eq!((g.nodes, g.guesses), (search.nodes, search.guesses), "{line}");
                assert!(g.nodes > 2 * g.guesses, "a whole tree of branch points with 2+ children: {line}");
                assert!(reference.nodes > 2 * reference.guesses, "the plain tree too: {line}");
                if reference.guesses == 0 {
                    n_no_guess += 1;
                    assert_eq!((g.nodes, g.guesses), (1, 0), "singles solve it: {line}");
                }
            }
            (Err(GradeError::NotUnique), 2) | (Err(GradeError::Unsolvable), 0) => n_unrated += 1,
            (r, n) => panic!("{line}: grade {r:?} but the plain search found {n} solutions"),
        }
        // The wiring: the solver's own statistics of the same search.
        solver.solve_unique(&p);
        assert_eq!(search, solver.stats(), "{line}");
    }
    assert!(n_rated >= 40 && n_unrated >= 3 && n_no_guess >= 3, "{n_rated} {n_unrated} {n_no_guess}");
}

#[test]
fn givens_that_clash_have_no_search() {
    let mut grader = Grader::new();
    let clash = Grid::parse_line(&format!("55{}", ".".repeat(79))).unwrap();
    assert!(matches!(grader.grade(&clash), Err(GradeError::Conflict(_))));
    assert_eq!(grader.last_search(), None);
    // A clash after a searched grid forgets the old search.
    assert!(grader.grade(&Grid::EMPTY).is_err());
    assert!(grader.last_search().is_some());
    assert!(grader.grade(&clash).is_err());
    assert_eq!(grader.last_search(), None);
}
