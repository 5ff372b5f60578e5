//! Extra regions of a fixed pattern, each a house: asterisk, centre dot and
//! girandola. Rules of the whole grid: JSON `"rules": ["asterisk"]`;
//! f-puzzles states each as its region in `extraregion`. Each pattern lies
//! in every 9×9 grid of the canvas (a samurai's five grids).

use super::house_rule::HouseRule;
use crate::{Layout, Puzzle};

/// Asterisk: nine cells in the shape of an asterisk.
pub static ASTERISK: HouseRule = HouseRule {
    name: "asterisk",
    aliases: &[],
    title: "Asterisk",
    text: |_| "So do the nine shaded cells that form an asterisk.".into(),
    house: "asterisk from",
    flags: &[],
    fits: nine,
    houses: |puzzle, top, left| vec![pattern(puzzle, top, left, &ASTERISK_CELLS)],
    shaded: true,
};

/// Girandola: the four corners, and the cells one step in from the
/// middle of each edge, and the centre.
pub static GIRANDOLA: HouseRule = HouseRule {
    name: "girandola",
    aliases: &[],
    title: "Girandola",
    text: |_| {
        "So do the nine shaded cells of the girandola: the four corners, the centre and the four cells \
               that surround the centre one box away."
            .into()
    },
    house: "girandola from",
    flags: &[],
    fits: nine,
    houses: |puzzle, top, left| vec![pattern(puzzle, top, left, &GIRANDOLA_CELLS)],
    shaded: true,
};

/// Centre dot: the centre cells of the boxes.
pub static CENTRE_DOT: HouseRule = HouseRule {
    name: "centre-dot",
    aliases: &["centredot", "centerdot", "center-dot"],
    title: "Centre Dot",
    text: |_| "So do the shaded centre cells of the boxes.".into(),
    house: "centre dots from",
    flags: &[],
    fits: odd_boxes,
    houses: centres,
    shaded: true,
};

/// The asterisk's cells (row, column), 0-based, in a 9×9.
const ASTERISK_CELLS: [(usize, usize); 9] =
    [(1, 4), (2, 2), (2, 6), (4, 1), (4, 4), (4, 7), (6, 2), (6, 6), (7, 4)];

/// The girandola's cells (row, column), 0-based, in a 9×9.
const GIRANDOLA_CELLS: [(usize, usize); 9] =
    [(0, 0), (0, 8), (1, 4), (4, 1), (4, 4), (4, 7), (7, 4), (8, 0), (8, 8)];

fn nine(puzzle: &Puzzle) -> Result<(), String> {
    match puzzle.size() {
        9 => Ok(()),
        _ => Err("9x9 grids".into()),
    }
}

/// Canvas cells of a 9×9 pattern in the grid at (top, left), ascending.
fn pattern(puzzle: &Puzzle, top: usize, left: usize, cells: &[(usize, usize)]) -> Vec<u16> {
    let side = puzzle.side();
    cells.iter().map(|&(r, c)| ((top + r) * side + left + c) as u16).collect()
}

fn odd_boxes(puzzle: &Puzzle) -> Result<(), String> {
    let (rows, cols) = puzzle.box_shape();
    match puzzle.layout() {
        Layout::Boxes { .. } | Layout::Grids(_) if rows % 2 == 1 && cols % 2 == 1 => Ok(()),
        _ => Err("rectangular boxes of odd sides, each with a centre cell".into()),
    }
}

fn centres(puzzle: &Puzzle, top: usize, left: usize) -> Vec<Vec<u16>> {
    let (n, side) = (puzzle.size(), puzzle.side());
    let (br, bc) = puzzle.box_shape();
    let centre = |b: usize| {
        let (r0, c0) = ((b / (n / bc)) * br, (b % (n / bc)) * bc);
        ((top + r0 + br / 2) * side + left + c0 + bc / 2) as u16
    };
    let mut cells: Vec<u16> = (0..n).map(centre).collect();
    cells.sort_unstable();
    vec![cells]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::Kind;

    /// The patterns, written out here as cell names.
    #[test]
    fn the_patterns_are_the_published_ones() {
        let p = Puzzle::blank(9).unwrap();
        let names = |kind: &HouseRule| -> Vec<String> {
            kind.houses(&p, 0, 0).concat().into_iter().map(|c| p.cell_name(usize::from(c))).collect()
        };
        assert_eq!(
            names(&ASTERISK),
            ["r2c5", "r3c3", "r3c7", "r5c2", "r5c5", "r5c8", "r7c3", "r7c7", "r8c5"]
        );
        assert_eq!(
            names(&GIRANDOLA),
            ["r1c1", "r1c9", "r2c5", "r5c2", "r5c5", "r5c8", "r8c5", "r9c1", "r9c9"]
        );
        assert_eq!(
            names(&CENTRE_DOT),
            ["r2c2", "r2c5", "r2c8", "r5c2", "r5c5", "r5c8", "r8c2", "r8c5", "r8c8"]
        );
        // 25x25: the centres of 5x5 boxes; 6x6 has none (2x3 boxes).
        let big = Puzzle::blank(25).unwrap();
        assert_eq!(CENTRE_DOT.houses(&big, 0, 0)[0][0], 2 * 25 + 2);
        assert!(CENTRE_DOT.check(&Puzzle::blank(6).unwrap(), &Default::default()).is_err());
        assert!(ASTERISK.check(&Puzzle::blank(6).unwrap(), &Default::default()).is_err());
    }
}
