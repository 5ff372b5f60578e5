//! Overlapping grids: n×n grids at offsets on one square canvas
//! ([`Grids`]), and the named layouts ([`LayoutName`]: samurai, twodoku,
//! butterfly, sohei, flower, sumo, shogun), each a list of offsets.
//!
//! Every grid keeps its own rows, columns and boxes; a cell two grids
//! share belongs to the houses of both. The offsets are multiples of the
//! box shape, so that the boxes of every grid lie on one lattice and a box
//! two grids overlap in is the same box of both (the model holds a cell in
//! one box per grid, and prints one bold outline per box).
//!
//! The canvas is square: its side is the larger extent of the grids
//! (a shogun's 21 rows by 45 columns sit on a 45×45 canvas whose lower
//! rows are holes).
//!
//! The named layouts' offsets are those of sudoku.one's puzzles, as
//! pencilmark's `data/layouts_sudoku_one.json` lists them ("exact
//! geometries extracted from sudoku.one solutions"); shogun's 21×45
//! canvas is also that of puzzlekit's `shogun_sudoku`, and sumo is
//! Gattai-13 (enjoysudoku.com forum, "a variant of Sumo (Gattai-13)").

use crate::VariantError;

/// The largest canvas side (a shogun's 45 columns).
pub const MAX_CANVAS: usize = 45;

/// The named layouts, for messages: `samurai, twodoku, ...`.
pub(crate) fn known_layouts() -> String {
    LayoutName::ALL.map(LayoutName::name).join(", ")
}

/// A named layout of overlapping 9×9 grids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LayoutName {
    /// Five grids in an X on a 21×21 canvas: a centre grid shares each of
    /// its corner boxes with one outer grid.
    Samurai,
    /// Two grids sharing one corner box, on a 15×15 canvas.
    Twodoku,
    /// Four grids on a 12×12 canvas, each offset by one box from its
    /// neighbours.
    Butterfly,
    /// Four grids in a ring on a 21×21 canvas (top, left, right, bottom),
    /// each sharing a corner box with two others; the centre is a hole.
    Sohei,
    /// Five grids on a 15×15 canvas: a centre grid and four more shifted
    /// one box up, left, right and down (each overlapping it in six rows
    /// or columns).
    Flower,
    /// Thirteen grids on a 33×33 canvas (Gattai-13): nine in a 3×3 array
    /// sharing corner boxes, and four between them.
    Sumo,
    /// Eleven grids on 21 rows by 45 columns (four, three, four), like
    /// samurais joined side by side; on a 45×45 canvas.
    Shogun,
}

impl LayoutName {
    /// Every named layout, samurai first.
    pub const ALL: [LayoutName; 7] = [
        LayoutName::Samurai,
        LayoutName::Twodoku,
        LayoutName::Butterfly,
        LayoutName::Sohei,
        LayoutName::Flower,
        LayoutName::Sumo,
        LayoutName::Shogun,
    ];

    /// The name `--variant` and the JSON form's `layout` take.
    pub fn name(self) -> &'static str {
        match self {
            LayoutName::Samurai => "samurai",
            LayoutName::Twodoku => "twodoku",
            LayoutName::Butterfly => "butterfly",
            LayoutName::Sohei => "sohei",
            LayoutName::Flower => "flower",
            LayoutName::Sumo => "sumo",
            LayoutName::Shogun => "shogun",
        }
    }

    /// The name as titles write it: `Samurai`, `Twodoku`, ...
    pub fn title(self) -> &'static str {
        match self {
            LayoutName::Samurai => "Samurai",
            LayoutName::Twodoku => "Twodoku",
            LayoutName::Butterfly => "Butterfly",
            LayoutName::Sohei => "Sohei",
            LayoutName::Flower => "Flower",
            LayoutName::Sumo => "Sumo",
            LayoutName::Shogun => "Shogun",
        }
    }

    /// The layout a name stands for (any case; `gattai-5` is samurai,
    /// `gattai-13` sumo, `flower-4` flower).
    pub fn parse(name: &str) -> Option<LayoutName> {
        let key: String =
            name.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
        let alias = match key.as_str() {
            "gattai5" => "samurai",
            "gattai13" => "sumo",
            "flower4" => "flower",
            k => k,
        };
        LayoutName::ALL.into_iter().find(|l| l.name() == alias)
    }

    /// The top-left corners `(row, col)` of its 9×9 grids on the canvas.
    pub fn corners(self) -> &'static [(usize, usize)] {
        match self {
            LayoutName::Samurai => &crate::SAMURAI_GRIDS,
            LayoutName::Twodoku => &[(0, 0), (6, 6)],
            LayoutName::Butterfly => &[(0, 0), (0, 3), (3, 0), (3, 3)],
            LayoutName::Sohei => &[(0, 6), (6, 0), (6, 12), (12, 6)],
            LayoutName::Flower => &[(0, 3), (3, 0), (3, 3), (3, 6), (6, 3)],
            LayoutName::Sumo => &[
                (0, 0),
                (0, 12),
                (0, 24),
                (6, 6),
                (6, 18),
                (12, 0),
                (12, 12),
                (12, 24),
                (18, 6),
                (18, 18),
                (24, 0),
                (24, 12),
                (24, 24),
            ],
            LayoutName::Shogun => &[
                (0, 0),
                (0, 12),
                (0, 24),
                (0, 36),
                (6, 6),
                (6, 18),
                (6, 30),
                (12, 0),
                (12, 12),
                (12, 24),
                (12, 36),
            ],
        }
    }

    /// The layout's grids (9×9, 3×3 boxes).
    pub fn grids(self) -> Grids {
        Grids::new(9, self.corners().to_vec()).expect("a named layout is well-formed")
    }
}

impl std::fmt::Display for LayoutName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Overlapping n×n grids at offsets on a square canvas: what a samurai,
/// a twodoku, ... and any other such layout is. Built by [`Grids::new`],
/// which checks the offsets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grids {
    size: usize,
    side: usize,
    corners: Vec<(usize, usize)>,
    name: Option<LayoutName>,
    /// Whether each canvas position is a cell of some grid.
    cell: Vec<bool>,
}

impl Grids {
    /// The grids of side `size` (boxes of the size's default shape,
    /// [`crate::default_boxes`]) whose top-left corners are `corners`
    /// (row, column; 0-based). The canvas is the smallest square that holds
    /// them. Corners that are those of a named layout, in any order, make
    /// that layout (its order kept); others are sorted row by row.
    ///
    /// # Errors
    /// [`VariantError::Grids`], saying which grid and why: fewer than two
    /// grids, a repeated grid, no grid in the top row or left column (the
    /// canvas starts at the grids), an offset that is not a multiple of
    /// the box shape (it would split boxes), a canvas wider than
    /// [`MAX_CANVAS`]; [`VariantError::Size`] or [`VariantError::NoBoxes`]
    /// for a size without boxes.
    pub fn new(size: usize, corners: Vec<(usize, usize)>) -> Result<Grids, VariantError> {
        crate::digits::check_size(size)?;
        let (br, bc) = crate::default_boxes(size).ok_or(VariantError::NoBoxes(size))?;
        let (br, bc) = (usize::from(br), usize::from(bc));
        let bad = |why: String| Err(VariantError::Grids(why));
        if corners.len() < 2 {
            return bad(format!(
                "{} grid(s), expected two or more (one grid is a plain puzzle)",
                corners.len()
            ));
        }
        for (k, &(r, c)) in corners.iter().enumerate() {
            if let Some(j) = corners[..k].iter().position(|&o| o == (r, c)) {
                return bad(format!("grid {} repeats grid {} at r{}c{}", k + 1, j + 1, r + 1, c + 1));
            }
            if r % br != 0 || c % bc != 0 {
                return bad(format!(
                    "grid {} at r{}c{} splits boxes: offsets must be multiples of {br} rows and {bc} columns",
                    k + 1,
                    r + 1,
                    c + 1
                ));
            }
            // Compared without adding, so that no offset overflows.
            if r.max(c) > MAX_CANVAS - size {
                return bad(format!(
                    "grid {} at r{}c{} reaches past a {MAX_CANVAS}x{MAX_CANVAS} canvas",
                    k + 1,
                    r + 1,
                    c + 1
                ));
            }
        }
        if corners.iter().all(|&(r, _)| r != 0) || corners.iter().all(|&(_, c)| c != 0) {
            return bad(
                "no grid starts in row 1 or no grid in column 1: give offsets from the canvas's corner"
                    .into(),
            );
        }
        let mut sorted = corners.clone();
        sorted.sort_unstable();
        let name = LayoutName::ALL.into_iter().find(|l| {
            let mut named = l.corners().to_vec();
            named.sort_unstable();
            size == 9 && named == sorted
        });
        let corners = match name {
            Some(l) => l.corners().to_vec(),
            None => sorted,
        };
        let side = corners.iter().map(|&(r, c)| r.max(c) + size).max().unwrap_or(size);
        let mut cell = vec![false; side * side];
        for &(r0, c0) in &corners {
            for r in r0..r0 + size {
                cell[r * side + c0..r * side + c0 + size].fill(true);
            }
        }
        Ok(Grids { size, side, corners, name, cell })
    }

    /// The side of each grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The side of the (square) canvas.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The top-left corners `(row, col)` of the grids, in order.
    pub fn corners(&self) -> &[(usize, usize)] {
        &self.corners
    }

    /// The named layout these grids are, if any.
    pub fn name(&self) -> Option<LayoutName> {
        self.name
    }

    /// Whether canvas position `i` lies in some grid.
    pub fn is_cell(&self, i: usize) -> bool {
        self.cell.get(i).copied().unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_layouts_have_their_canvases_and_cell_counts() {
        // Sides and cell counts as sudoku.one's layouts list them.
        let expected = [
            (LayoutName::Samurai, 21, 369),
            (LayoutName::Twodoku, 15, 153),
            (LayoutName::Butterfly, 12, 144),
            (LayoutName::Sohei, 21, 288),
            (LayoutName::Flower, 15, 189),
            (LayoutName::Sumo, 33, 909),
            (LayoutName::Shogun, 45, 783),
        ];
        for (name, side, cells) in expected {
            let grids = name.grids();
            assert_eq!((grids.side(), grids.cell.iter().filter(|&&c| c).count()), (side, cells), "{name}");
            assert_eq!(grids.name(), Some(name));
            assert_eq!(LayoutName::parse(name.name()), Some(name));
        }
    }

    #[test]
    fn offsets_are_checked_by_name() {
        let why = |size, corners: &[(usize, usize)]| match Grids::new(size, corners.to_vec()) {
            Err(VariantError::Grids(why)) => why,
            other => panic!("{other:?}"),
        };
        assert!(why(9, &[(0, 0)]).contains("1 grid(s)"));
        assert!(why(9, &[(0, 0), (0, 0)]).contains("grid 2 repeats grid 1"));
        assert!(why(9, &[(0, 0), (4, 6)]).contains("grid 2 at r5c7 splits boxes"));
        assert!(why(6, &[(0, 0), (2, 2)]).contains("multiples of 2 rows and 3 columns"));
        assert!(Grids::new(9, vec![(3, 0), (0, 3)]).is_ok());
        assert!(why(9, &[(3, 3), (6, 6)]).contains("canvas's corner"));
        assert!(why(9, &[(0, 0), (39, 0)]).contains("past a 45x45"));
        assert!(why(9, &[(0, 0), (usize::MAX, 0)]).contains("past a 45x45"));
        assert_eq!(Grids::new(7, vec![(0, 0), (7, 7)]), Err(VariantError::NoBoxes(7)));
    }

    #[test]
    fn a_named_layout_in_another_order_is_that_layout() {
        let grids = Grids::new(9, vec![(6, 6), (0, 0)]).unwrap();
        assert_eq!(grids.name(), Some(LayoutName::Twodoku));
        assert_eq!(grids.corners(), LayoutName::Twodoku.corners());
        let other = Grids::new(9, vec![(6, 0), (0, 3)]).unwrap();
        assert_eq!((other.name(), other.corners(), other.side()), (None, &[(0, 3), (6, 0)][..], 15));
    }
}
