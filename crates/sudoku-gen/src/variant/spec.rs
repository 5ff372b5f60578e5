//! What to generate: a shape (boxes of a size, jigsaw, samurai and the
//! other layouts of overlapping grids) and the
//! registry's kinds (killer cages, extra rules, constraints drawn on the
//! grid), parsed from the list the command line takes (`killer,x`,
//! `jigsaw`, `samurai`) and a size.

use std::fmt;

use sudoku_variant::{
    default_boxes, Kind, Kinds, Layout, LayoutName, Puzzle, ShapeName, VariantError, VariantList,
};

use super::VariantGenError;

/// The houses a variant's grid is cut into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Rows, columns and the size's default boxes.
    Boxes,
    /// Rows, columns and random connected regions, drawn for each puzzle.
    Jigsaw,
    /// A named layout of overlapping 9×9 grids (samurai, twodoku, ...).
    Layout(LayoutName),
}

/// A kind of variant puzzle: shape, size and kinds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantSpec {
    /// The shape.
    pub shape: Shape,
    /// The side n (9 for overlapping grids).
    pub size: usize,
    /// The registry's kinds: rules of the whole grid (x, anti-knight,
    /// ...), kinds drawn on each grid before its clues are removed
    /// (thermometers, arrows: [`sudoku_variant::Kind::sprinkle`]), and a
    /// kind that tiles the grid in place of clues (killer cages:
    /// [`VariantSpec::tiling`]).
    pub kinds: Kinds,
}

/// Sides a tiled puzzle (a killer) can be made for: cages are searched by
/// sums, and past 9 the combinations grow beyond what the merges can test
/// in good time.
const MAX_TILED_SIZE: usize = 9;

impl VariantSpec {
    /// The classic puzzle of side `size`.
    pub fn classic(size: usize) -> VariantSpec {
        VariantSpec { shape: Shape::Boxes, size, kinds: Kinds::NONE }
    }

    /// Parses a comma-separated variant list (`killer,x`; names as
    /// `sudoku-variant` spells kinds, plus `jigsaw`, `samurai` and
    /// `classic`) with a side (default 9), and checks that the parts
    /// go together.
    pub fn parse(list: &str, size: Option<usize>) -> Result<VariantSpec, VariantGenError> {
        let list = VariantList::parse(list).map_err(|e| match e {
            VariantError::UnknownVariant(name) => VariantGenError::UnknownVariant(name),
            other => VariantGenError::Unsupported(other.to_string()),
        })?;
        VariantSpec::from_list(list, size)
    }

    /// The spec of a parsed variant list ([`VariantList::parse`], the
    /// command line's `--variant`) with a side (default 9); checks that the
    /// parts go together.
    pub fn from_list(list: VariantList, size: Option<usize>) -> Result<VariantSpec, VariantGenError> {
        let mut spec = VariantSpec::classic(size.unwrap_or(9));
        spec.kinds = list.kinds;
        spec.shape = match list.shape {
            None => Shape::Boxes,
            Some(ShapeName::Jigsaw) => Shape::Jigsaw,
            Some(ShapeName::Layout(name)) => Shape::Layout(name),
            Some(ShapeName::Grids) => {
                return Err(VariantGenError::Unsupported(
                    "grids without a name: name a layout (samurai, twodoku, ...)".into(),
                ))
            }
        };
        if let Shape::Layout(name) = spec.shape {
            if size.is_some_and(|n| n != 9) {
                return Err(VariantGenError::Unsupported(format!(
                    "a {name} is made of 9x9 grids: no --size"
                )));
            }
            spec.size = 9;
        }
        if let Some(kind) =
            spec.tiling().filter(|_| spec.size > MAX_TILED_SIZE || matches!(spec.shape, Shape::Layout(_)))
        {
            return Err(VariantGenError::Unsupported(format!(
                "{} puzzles are made up to {MAX_TILED_SIZE}x{MAX_TILED_SIZE} on one grid, not {}",
                kind.name(),
                match spec.shape {
                    Shape::Layout(name) => name.to_string(),
                    _ => format!("size {}", spec.size),
                }
            )));
        }
        let template = spec.template()?;
        // A drawn kind that cannot be drawn on the shape is refused by name,
        // never left out of the puzzles (whispers on 4x4, entropic on 8x8).
        for kind in spec.kinds.drawn().iter() {
            kind.applies(&template).map_err(VariantGenError::Unsupported)?;
        }
        Ok(spec)
    }

    /// The variant list this spec was made from (its size aside).
    pub fn list(&self) -> VariantList {
        let shape = match self.shape {
            Shape::Boxes => None,
            Shape::Jigsaw => Some(ShapeName::Jigsaw),
            Shape::Layout(name) => Some(ShapeName::Layout(name)),
        };
        VariantList { shape, kinds: self.kinds }
    }

    /// The kind that tiles the grid in place of clues ([`Kind::tiles`]:
    /// killer cages), if the spec has one.
    pub fn tiling(&self) -> Option<&'static dyn Kind> {
        self.kinds.iter().find(|k| k.tiles())
    }

    /// Whether this is the classic 9×9 (the classic generator's job).
    pub fn is_classic_9x9(&self) -> bool {
        *self == VariantSpec::classic(9)
    }

    /// Whether the puzzles have the line form: classic rules on boxes, or
    /// a plain layout of overlapping grids (a jigsaw's regions, extra rules and constraints,
    /// a killer's cages among them, need the JSON form).
    pub fn has_line_form(&self) -> bool {
        self.kinds.is_empty() && self.shape != Shape::Jigsaw
    }

    /// The blank puzzle of the shape: for a jigsaw, rows as regions (the
    /// real regions are drawn for each puzzle).
    pub fn template(&self) -> Result<Puzzle, VariantGenError> {
        let n = self.size;
        let blank = match self.shape {
            Shape::Boxes => {
                if !(4..=sudoku_variant::MAX_SIZE).contains(&n) {
                    return Err(sudoku_variant::VariantError::Size(n).into());
                }
                if default_boxes(n).is_none() {
                    return Err(VariantGenError::Unsupported(format!(
                        "size {n} has no boxes (a prime side): add jigsaw for irregular regions"
                    )));
                }
                Puzzle::blank(n)?
            }
            Shape::Jigsaw => {
                let stripes = (0..n * n).map(|i| (i / n.max(1)) as u8).collect();
                Puzzle::new(n, Layout::Regions(stripes), Kinds::NONE, vec![0; n * n])?
            }
            Shape::Layout(name) => Puzzle::blank_layout(name),
        };
        Ok(blank.with_rules(self.kinds.rules())?)
    }
}

impl fmt::Display for VariantSpec {
    /// The list form ([`VariantList`]'s: `jigsaw,killer,x`; `classic` when
    /// there is nothing), then the size when it is not 9: `x 6x6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.list())?;
        if !matches!(self.shape, Shape::Layout(_)) && self.size != 9 {
            write!(f, " {0}x{0}", self.size)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_variant::kind_named;

    #[test]
    fn lists_parse_and_refuse_what_does_not_go_together() {
        let spec = VariantSpec::parse("Killer, X", None).unwrap();
        assert!(spec.tiling().is_some() && spec.kinds.contains(kind_named("x").unwrap()) && spec.size == 9);
        assert_eq!(spec.to_string(), "killer,x");
        assert_eq!(VariantSpec::parse("", Some(16)).unwrap(), VariantSpec::classic(16));
        assert_eq!(
            VariantSpec::parse("jigsaw,anti-knight", Some(7)).unwrap().to_string(),
            "jigsaw,anti-knight 7x7"
        );
        assert!(VariantSpec::parse("classic", None).unwrap().is_classic_9x9());
        assert!(matches!(VariantSpec::parse("zigzag", None), Err(VariantGenError::UnknownVariant(_))));
        for bad in [
            ("windoku", Some(6)),
            ("samurai", Some(6)),
            ("jigsaw,samurai", None),
            ("twodoku", Some(16)),
            ("killer,butterfly", None),
            ("killer", Some(16)),
            ("jigsaw,disjoint-groups", None),
            ("classic", Some(7)),
            ("x", Some(26)),
        ] {
            assert!(VariantSpec::parse(bad.0, bad.1).is_err(), "{bad:?}");
        }
    }
}
