//! The shape of a puzzle as data for a front end: its size, its canvas
//! and its houses, read from the model ([`Puzzle::houses`]), so that the
//! page's peers are the engine's, the hints' and the checker's.

use serde::Serialize;
use sudoku_variant::{HouseKind, Puzzle};

/// A puzzle's shape: `{"size": 9, "side": 9, "houses": [...]}`.
#[derive(Debug, Clone, Serialize)]
pub struct ShapeJson {
    /// Digits run 1..=size.
    size: usize,
    /// Side of the canvas (21 for a samurai); cells are numbered row by
    /// row over it.
    side: usize,
    /// Every house: n cells that hold every digit once.
    houses: Vec<HouseJson>,
}

/// One house of a [`ShapeJson`].
#[derive(Debug, Clone, Serialize)]
pub struct HouseJson {
    /// `row`, `column`, `box`, `region`, or the name of the rule that adds
    /// it (`x`, `windoku`, ...).
    kind: &'static str,
    /// As hints name it: `row 3`, `diagonal from r1c1`.
    name: String,
    /// Its canvas cells, ascending.
    cells: Vec<u16>,
}

impl ShapeJson {
    /// The shape of `puzzle` (its givens aside).
    pub fn of(puzzle: &Puzzle) -> ShapeJson {
        let houses = puzzle
            .houses()
            .into_iter()
            .map(|h| HouseJson {
                kind: match h.kind {
                    HouseKind::Row => "row",
                    HouseKind::Column => "column",
                    HouseKind::Box => "box",
                    HouseKind::Region => "region",
                    HouseKind::Rule(rule) => rule.name(),
                },
                name: puzzle.house_name(h.kind, &h.cells),
                cells: h.cells,
            })
            .collect();
        ShapeJson { size: puzzle.size(), side: puzzle.side(), houses }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classic grid's 27 houses, checked against rows, columns and
    /// boxes written out here; X adds the two diagonals by name.
    #[test]
    fn the_classic_shape_is_27_houses_and_x_adds_two() {
        let shape = ShapeJson::of(&Puzzle::blank(9).unwrap());
        assert_eq!((shape.size, shape.side, shape.houses.len()), (9, 9, 27));
        for k in 0..9u16 {
            let row: Vec<u16> = (0..9).map(|c| k * 9 + c).collect();
            let col: Vec<u16> = (0..9).map(|r| r * 9 + k).collect();
            let boxed: Vec<u16> = {
                let mut b: Vec<u16> = (0..9).map(|j| (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3).collect();
                b.sort_unstable();
                b
            };
            for (kind, cells) in [("row", row), ("column", col), ("box", boxed)] {
                assert!(shape.houses.iter().any(|h| h.kind == kind && h.cells == cells), "{kind} {k}");
            }
        }
        assert_eq!(shape.houses[0].name, "row 1");
        let x =
            Puzzle::blank(9).unwrap().with_rules(sudoku_variant::Kinds::parse_list("x").unwrap()).unwrap();
        let shape = ShapeJson::of(&x);
        let diagonals: Vec<&HouseJson> = shape.houses.iter().filter(|h| h.kind == "x").collect();
        assert_eq!(diagonals.len(), 2);
        assert_eq!(diagonals[0].cells, (0..9).map(|k| k * 10).collect::<Vec<u16>>());
        assert_eq!(diagonals[0].name, "diagonal from r1c1");
    }
}
