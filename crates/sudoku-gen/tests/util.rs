//! Helpers shared by the test modules, written independently of the
//! generator: the maps each symmetry must respect, checks of symmetry and
//! minimality, a plain greedy reference generator, and a brute-force
//! solution counter that shares no code with the core solver.

use rand::seq::SliceRandom;
use sudoku_core::{Cell, Grid};
use sudoku_gen::Symmetry;

/// A map of `(row, column)` onto itself.
type CellMap = fn(usize, usize) -> (usize, usize);

/// The maps each symmetry requires the clue pattern to be invariant under,
/// written independently of the crate's generators.
fn maps(symmetry: Symmetry) -> Vec<CellMap> {
    let rot90: CellMap = |r, c| (c, 8 - r);
    let rot180: CellMap = |r, c| (8 - r, 8 - c);
    let rot270: CellMap = |r, c| (8 - c, r);
    let mirror: CellMap = |r, c| (r, 8 - c);
    let flip: CellMap = |r, c| (8 - r, c);
    let diagonal: CellMap = |r, c| (c, r);
    let anti: CellMap = |r, c| (8 - c, 8 - r);
    match symmetry {
        Symmetry::None => vec![],
        Symmetry::Rot180 => vec![rot180],
        Symmetry::Rot90 => vec![rot90, rot180, rot270],
        Symmetry::Mirror => vec![mirror],
        Symmetry::Flip => vec![flip],
        Symmetry::Diagonal => vec![diagonal],
        Symmetry::Antidiagonal => vec![anti],
        Symmetry::Dihedral => vec![rot90, rot180, rot270, mirror, flip, diagonal, anti],
    }
}

pub fn assert_symmetric(p: &Grid, symmetry: Symmetry) {
    for map in maps(symmetry) {
        for cell in Cell::ALL {
            let (r, c) = map(cell.row(), cell.col());
            let image = Cell::at(r, c).expect("a map of the square");
            assert_eq!(p.get(cell).is_some(), p.get(image).is_some(), "{symmetry} fails at {cell}: {p}");
        }
    }
}

/// Every orbit of given cells is needed: removing it loses uniqueness.
pub fn assert_minimal(p: &Grid, symmetry: Symmetry) {
    for orbit in symmetry.orbits() {
        if p.get(orbit[0]).is_some() {
            let mut q = *p;
            for &cell in &orbit {
                q.set(cell, None);
            }
            assert_eq!(q.count_solutions_up_to(2), 2, "orbit {orbit:?} is removable from {p}");
        }
    }
}

pub fn greedy(solution: &Grid, symmetry: Symmetry, rng: &mut impl rand::Rng) -> Grid {
    let orbits = symmetry.orbits();
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    order.shuffle(rng);
    let mut givens = *solution;
    for orbit_idx in order {
        let mut trial = givens;
        for &cell in &orbits[orbit_idx] {
            trial.set(cell, None);
        }
        if trial.count_solutions_up_to(2) == 1 {
            givens = trial;
        }
    }
    givens
}

/// The digits of a line-format grid, 0 for a blank.
pub fn digits_of(line: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
        *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    cells
}

/// The solutions of `cells` (0 for a blank) counted up to `limit` by plain
/// backtracking: fill the blank with the fewest candidates, try each. The
/// first solution found goes to `found`.
pub fn brute_force_count(cells: &mut [u8; 81], limit: u32, found: &mut Option<[u8; 81]>) -> u32 {
    let mut best: Option<(usize, u16)> = None;
    for cell in (0..81).filter(|&c| cells[c] == 0) {
        let (r, c) = (cell / 9, cell % 9);
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        let mut used = 0u16;
        for k in 0..9 {
            used |= 1 << cells[r * 9 + k] | 1 << cells[k * 9 + c] | 1 << cells[(br + k / 3) * 9 + bc + k % 3];
        }
        let free = !used & 0x3fe;
        if best.is_none_or(|(_, f)| free.count_ones() < f.count_ones()) {
            best = Some((cell, free));
        }
    }
    let Some((cell, free)) = best else {
        found.get_or_insert(*cells);
        return 1;
    };
    let mut n = 0;
    for digit in (1..=9).filter(|d| free & 1 << d != 0) {
        cells[cell] = digit;
        n += brute_force_count(cells, limit - n, found);
        cells[cell] = 0;
        if n >= limit {
            break;
        }
    }
    n
}
