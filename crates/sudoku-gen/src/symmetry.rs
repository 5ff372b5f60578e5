//! Clue-pattern symmetries: the eight maps of the square onto itself, the
//! groups they generate, and the orbits of cells under each group.
//!
//! A puzzle *has* a symmetry when the set of its given cells maps onto
//! itself; the digits need not match. The generator removes clues one whole
//! orbit at a time, so every puzzle it makes has the symmetry asked for.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Cell, Grid};

/// The symmetry of the clue pattern a generated puzzle must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// Half-turn rotation about the centre: `(r, c) -> (8-r, 8-c)`.
    Rot180,
    /// Quarter-turn rotation (and with it the half and three-quarter turns).
    Rot90,
    /// Left–right mirror: `(r, c) -> (r, 8-c)`.
    Mirror,
    /// Top–bottom flip: `(r, c) -> (8-r, c)`.
    Flip,
    /// Reflection in the main diagonal: `(r, c) -> (c, r)`.
    Diagonal,
    /// Reflection in the anti-diagonal: `(r, c) -> (8-c, 8-r)`.
    Antidiagonal,
    /// All eight symmetries of the square at once.
    Dihedral,
}

/// One map of a square of side `m + 1` onto itself, on `(row, column)`:
/// `map(m, r, c)`.
type SquareMap = fn(usize, usize, usize) -> (usize, usize);

fn rot90(m: usize, r: usize, c: usize) -> (usize, usize) {
    (c, m - r)
}
fn rot180(m: usize, r: usize, c: usize) -> (usize, usize) {
    (m - r, m - c)
}
fn mirror(m: usize, r: usize, c: usize) -> (usize, usize) {
    (r, m - c)
}
fn flip(m: usize, r: usize, c: usize) -> (usize, usize) {
    (m - r, c)
}
fn diagonal(_: usize, r: usize, c: usize) -> (usize, usize) {
    (c, r)
}
fn antidiagonal(m: usize, r: usize, c: usize) -> (usize, usize) {
    (m - c, m - r)
}

impl Symmetry {
    /// Every symmetry, in the order of the CLI's help.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Dihedral,
    ];

    /// The lowercase name used on the command line and in CSV/JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// Maps that generate the group of this symmetry.
    fn generators(self) -> &'static [SquareMap] {
        match self {
            Symmetry::None => &[],
            Symmetry::Rot180 => &[rot180],
            Symmetry::Rot90 => &[rot90],
            Symmetry::Mirror => &[mirror],
            Symmetry::Flip => &[flip],
            Symmetry::Diagonal => &[diagonal],
            Symmetry::Antidiagonal => &[antidiagonal],
            Symmetry::Dihedral => &[rot90, mirror],
        }
    }

    /// The images of `cell` under each generator of the group. A pattern
    /// has the symmetry when it holds every image of each of its cells.
    pub fn generator_images(self, cell: Cell) -> impl Iterator<Item = Cell> {
        self.generators().iter().map(move |map| {
            let (r2, c2) = map(8, cell.row(), cell.col());
            Cell::at(r2, c2).expect("a map of the square keeps rows and columns 0-8")
        })
    }

    /// The orbits of the 81 cells under the group: disjoint sets of cells
    /// that the symmetry requires to be all given or all blank. Each orbit
    /// is sorted; orbits come in order of their smallest cell.
    pub fn orbits(self) -> Vec<Vec<Cell>> {
        self.orbits_on(9, |_| true)
            .into_iter()
            .map(|orbit| orbit.into_iter().map(|i| Cell::new(i).expect("a cell of the 9x9 square")).collect())
            .collect()
    }

    /// Whether the positions `is_cell` keeps on a square canvas of side
    /// `side` are mapped onto themselves by the symmetry: boxes and
    /// regions are by all eight maps; overlapping grids only by some (a
    /// twodoku has no mirror, a shogun on its 45×45 canvas none).
    pub fn keeps(self, side: usize, is_cell: impl Fn(usize) -> bool) -> bool {
        let m = side.saturating_sub(1);
        (0..side * side).filter(|&i| is_cell(i)).all(|i| {
            let (r, c) = (i / side, i % side);
            self.generators().iter().all(|map| {
                let (r2, c2) = map(m, r, c);
                is_cell(r2 * side + c2)
            })
        })
    }

    /// The orbits of the positions `is_cell` keeps on a square canvas of
    /// side `side` (row-major indices): the same rule as
    /// [`Symmetry::orbits`] on any size, the samurai's 21x21 canvas
    /// included. An image that is not a cell is left out, so the orbits
    /// make a symmetric pattern only where the shape
    /// [`keeps`](Symmetry::keeps) the symmetry.
    pub fn orbits_on(self, side: usize, is_cell: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
        let m = side.saturating_sub(1);
        let mut seen = vec![false; side * side];
        let mut orbits = Vec::new();
        for start in (0..side * side).filter(|&i| is_cell(i)) {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut orbit = vec![start];
            let mut k = 0;
            while k < orbit.len() {
                let (r, c) = (orbit[k] / side, orbit[k] % side);
                for map in self.generators() {
                    let (r2, c2) = map(m, r, c);
                    let image = r2 * side + c2;
                    if is_cell(image) && !seen[image] {
                        seen[image] = true;
                        orbit.push(image);
                    }
                }
                k += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// The strongest symmetry the pattern of `grid`'s given cells has:
    /// dihedral, then the quarter turn, then the first of the others in
    /// [`Symmetry::ALL`] order, else none.
    pub fn strongest_of(grid: &Grid) -> Symmetry {
        [Symmetry::Dihedral, Symmetry::Rot90]
            .into_iter()
            .chain(Symmetry::ALL[1..].iter().copied())
            .find(|s| s.holds_for(grid))
            .unwrap_or(Symmetry::None)
    }

    /// Whether the pattern of given cells of `grid` has this symmetry.
    pub fn holds_for(self, grid: &Grid) -> bool {
        Cell::ALL.into_iter().all(|cell| {
            let given = grid.get(cell).is_some();
            self.generator_images(cell).all(|image| grid.get(image).is_some() == given)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Symmetry::from_str`]: a name that is not a symmetry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry {found:?}, expected one of none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral")]
pub struct ParseSymmetryError {
    /// The name given.
    pub found: String,
}

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;

    /// Parses a name as printed by [`Symmetry::name`].
    fn from_str(s: &str) -> Result<Symmetry, ParseSymmetryError> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == s)
            .ok_or_else(|| ParseSymmetryError { found: s.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn orbit_sizes(sym: Symmetry) -> Vec<usize> {
        let mut sizes: Vec<usize> = sym.orbits().iter().map(Vec::len).collect();
        sizes.sort_unstable();
        sizes
    }

    #[test]
    fn orbits_partition_the_grid() {
        for sym in Symmetry::ALL {
            let mut all: Vec<usize> = sym.orbits().concat().into_iter().map(Cell::index).collect();
            all.sort_unstable();
            assert_eq!(all, (0..81).collect::<Vec<usize>>(), "{sym}");
        }
    }

    #[test]
    fn orbit_counts_match_burnside() {
        // Counted by hand: fixed cells of each map give the orbit counts.
        let n_orbits = |sym: Symmetry| sym.orbits().len();
        assert_eq!(n_orbits(Symmetry::None), 81);
        assert_eq!(n_orbits(Symmetry::Rot180), 41); // (81 + 1) / 2
        assert_eq!(n_orbits(Symmetry::Rot90), 21); // (81 + 1 + 1 + 1) / 4
        assert_eq!(n_orbits(Symmetry::Mirror), 45); // (81 + 9) / 2
        assert_eq!(n_orbits(Symmetry::Flip), 45);
        assert_eq!(n_orbits(Symmetry::Diagonal), 45);
        assert_eq!(n_orbits(Symmetry::Antidiagonal), 45);
        assert_eq!(n_orbits(Symmetry::Dihedral), 15); // (81+1+1+1+9*4)/8
        assert_eq!(orbit_sizes(Symmetry::Rot90)[0], 1);
        assert_eq!(*orbit_sizes(Symmetry::Dihedral).last().unwrap(), 8);
    }

    /// Issue 44: one orbit rule for every size. On a 6x6 the orbits
    /// partition the square in the numbers Burnside's lemma gives, and
    /// on the 9x9 they are the classic orbits.
    #[test]
    fn orbits_on_any_square_partition_it_as_burnside_counts() {
        for (sym, n) in [
            (Symmetry::None, 36),
            (Symmetry::Rot180, 18),
            (Symmetry::Rot90, 9),
            (Symmetry::Mirror, 18),
            (Symmetry::Diagonal, 21),
            (Symmetry::Antidiagonal, 21),
            (Symmetry::Dihedral, 6),
        ] {
            let orbits = sym.orbits_on(6, |_| true);
            assert_eq!(orbits.len(), n, "{sym}");
            let mut all: Vec<usize> = orbits.concat();
            all.sort_unstable();
            assert_eq!(all, (0..36).collect::<Vec<_>>(), "{sym}");
            let nine: Vec<Vec<usize>> =
                sym.orbits().into_iter().map(|o| o.into_iter().map(|c| c.index()).collect()).collect();
            assert_eq!(sym.orbits_on(9, |_| true), nine, "{sym}");
        }
        // Positions `is_cell` leaves out are in no orbit.
        let corners = Symmetry::Dihedral.orbits_on(4, |i| ![0, 3, 12, 15].contains(&i));
        assert_eq!(corners.concat().len(), 12);
    }

    #[test]
    fn rot180_pairs_opposite_cells() {
        for orbit in Symmetry::Rot180.orbits() {
            match orbit[..] {
                [a] => assert_eq!(a.to_string(), "r5c5"),
                [a, b] => assert_eq!((a.row() + b.row(), a.col() + b.col()), (8, 8)),
                _ => panic!("orbit {orbit:?}"),
            }
        }
    }

    #[test]
    fn generator_images_are_the_maps_written_out() {
        // Worked by hand from the maps in the docs of `Symmetry`.
        let images = |sym: Symmetry, row, col| -> Vec<String> {
            sym.generator_images(Cell::at(row, col).unwrap()).map(|c| c.to_string()).collect()
        };
        assert_eq!(images(Symmetry::Rot90, 0, 1), ["r2c9"]);
        assert_eq!(images(Symmetry::Rot180, 0, 1), ["r9c8"]);
        assert_eq!(images(Symmetry::Antidiagonal, 2, 5), ["r4c7"]);
        assert_eq!(images(Symmetry::Dihedral, 0, 1), ["r2c9", "r1c8"]);
        assert_eq!(images(Symmetry::None, 4, 4), Vec::<String>::new());
    }

    #[test]
    fn names_round_trip() {
        for sym in Symmetry::ALL {
            assert_eq!(sym.name().parse::<Symmetry>(), Ok(sym));
        }
        assert!("rot45".parse::<Symmetry>().is_err());
    }

    #[test]
    fn holds_for_checks_the_pattern() {
        let mut g = Grid::EMPTY;
        g.set(Cell::ALL[0], sudoku_core::Digit::new(1).unwrap());
        assert!(Symmetry::None.holds_for(&g));
        assert!(!Symmetry::Rot180.holds_for(&g));
        assert!(Symmetry::Diagonal.holds_for(&g)); // cell 0 is on the diagonal
        g.set(Cell::ALL[80], sudoku_core::Digit::new(2).unwrap());
        assert!(Symmetry::Rot180.holds_for(&g));
        assert!(!Symmetry::Rot90.holds_for(&g));
    }
}
