//! Variant lists as the command line names them (`killer,x`,
//! `jigsaw,anti-knight`, `samurai`, `classic`): the one parser of
//! `--variant` for every command ([`VariantList::parse`]).

use std::fmt;

use crate::constraint::{kind_named, Kinds, KINDS};
use crate::grids::LayoutName;
use crate::VariantError;

/// Every name a variant list takes, for messages: `killer, jigsaw, ...`.
pub(crate) fn known_variants() -> String {
    VariantList::names().join(", ")
}

/// The names of the registered kinds drawn on the grid, for messages.
pub(crate) fn known_kinds() -> String {
    KINDS.iter().filter(|k| !k.global()).map(|k| k.name()).collect::<Vec<_>>().join(", ")
}

/// The names of the registered rules of the whole grid, for messages.
pub(crate) fn known_rules() -> String {
    KINDS.iter().filter(|k| k.global()).map(|k| k.name()).collect::<Vec<_>>().join(", ")
}

/// Names that stand for several kinds at once, as their keys (letters and
/// digits, lowercase) and the kinds' names: `odd-even` is odd and even
/// cells, `min-max` minimum and maximum cells, which a generator draws
/// together.
const GROUPS: &[(&str, &str, &[&str])] =
    &[("oddeven", "odd-even", &["odd", "even"]), ("minmax", "min-max", &["minimum", "maximum"])];

/// A shape other than boxes, named in a variant list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShapeName {
    /// Irregular regions (`jigsaw`, `irregular`).
    Jigsaw,
    /// A named layout of overlapping 9x9 grids (`samurai`, `twodoku`,
    /// `butterfly`, `sohei`, `flower`, `sumo`, `shogun`).
    Layout(LayoutName),
    /// Overlapping grids of no named layout (`grids`): written for such a
    /// puzzle, never read (only the JSON form gives their offsets).
    Grids,
}

impl ShapeName {
    /// The samurai layout.
    pub const SAMURAI: ShapeName = ShapeName::Layout(LayoutName::Samurai);

    /// The name as lists write it.
    pub fn name(self) -> &'static str {
        match self {
            ShapeName::Jigsaw => "jigsaw",
            ShapeName::Layout(name) => name.name(),
            ShapeName::Grids => "grids",
        }
    }
}

/// What a variant list names: a shape other than boxes, and the
/// registry's kinds (rules of the whole grid and constraints drawn on it,
/// killer cages among them). The default is the classic puzzle (`classic`, or an empty list).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct VariantList {
    /// Jigsaw or a layout of overlapping grids; `None` for boxes.
    pub shape: Option<ShapeName>,
    /// Kinds: rules of the whole grid (x, anti-knight, ...) and kinds
    /// drawn on the grid (killer, thermo, arrow, ...).
    pub kinds: Kinds,
}

impl VariantList {
    /// Parses a comma-separated list: `classic`, `jigsaw` (or
    /// `irregular`), the named layouts (`samurai`, `twodoku`, ...,
    /// [`LayoutName`]), the registered kinds' names and spellings
    /// ([`crate::KINDS`]: `killer`, `x`, `thermo`, ...) and `odd-even`
    /// (both `odd` and `even`), any case; empty names are skipped.
    ///
    /// # Errors
    /// [`VariantError::UnknownVariant`] for a name that is none of these,
    /// [`VariantError::TwoShapes`] for two shapes (jigsaw with samurai).
    pub fn parse(list: &str) -> Result<VariantList, VariantError> {
        let mut out = VariantList::default();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let key: String =
                name.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
            let shape = match key.as_str() {
                "classic" => continue,
                "jigsaw" | "irregular" => ShapeName::Jigsaw,
                _ if GROUPS.iter().any(|g| g.0 == key) => {
                    let (_, _, kinds) = GROUPS.iter().find(|g| g.0 == key).expect("a group");
                    for kind in kinds.iter().filter_map(|k| kind_named(k)) {
                        out.kinds.insert(kind);
                    }
                    continue;
                }
                _ => match LayoutName::parse(name) {
                    Some(layout) => ShapeName::Layout(layout),
                    None => {
                        let kind =
                            kind_named(name).ok_or_else(|| VariantError::UnknownVariant(name.into()))?;
                        out.kinds.insert(kind);
                        continue;
                    }
                },
            };
            if let Some(before) = out.shape.filter(|&s| s != shape) {
                return Err(VariantError::TwoShapes(before.name(), shape.name()));
            }
            out.shape = Some(shape);
        }
        Ok(out)
    }

    /// Every name a list takes (spellings aside), for help and messages:
    /// a kind that tiles the grid (`killer`, which names a puzzle before
    /// its shape: a killer jigsaw), the shapes, then the other kinds.
    pub fn names() -> Vec<&'static str> {
        let (tiling, others): (Vec<&&dyn crate::Kind>, Vec<_>) = KINDS.iter().partition(|k| k.tiles());
        let mut names: Vec<&str> = tiling.iter().map(|k| k.name()).collect();
        names.push("jigsaw");
        names.extend(LayoutName::ALL.map(LayoutName::name));
        names.push("classic");
        names.extend(others.iter().map(|k| k.name()));
        names.extend(GROUPS.iter().map(|g| g.1));
        names
    }

    /// Whether the list names the classic puzzle (nothing beyond boxes).
    pub fn is_classic(&self) -> bool {
        *self == VariantList::default()
    }
}

impl fmt::Display for VariantList {
    /// The list as the command line takes it: `samurai,killer,x`, or
    /// `classic`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<&str> = self.shape.iter().map(|s| s.name()).collect();
        parts.extend(self.kinds.iter().map(|k| k.name()));
        match parts.is_empty() {
            true => f.write_str("classic"),
            false => f.write_str(&parts.join(",")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_into_shape_killer_and_rules_and_print_back() {
        let l = VariantList::parse(" Killer, X ,,anti-knight").unwrap();
        assert_eq!(l.shape, None);
        let names: Vec<&str> = l.kinds.iter().map(|k| k.name()).collect();
        assert_eq!(names, ["killer", "x", "anti-knight"]);
        assert_eq!(l.to_string(), "killer,x,anti-knight");
        assert_eq!(VariantList::parse(&l.to_string()), Ok(l));
        let j = VariantList::parse("irregular,nc").unwrap();
        assert_eq!((j.shape, j.to_string().as_str()), (Some(ShapeName::Jigsaw), "jigsaw,non-consecutive"));
        assert!(VariantList::parse("classic").unwrap().is_classic());
        assert!(VariantList::parse("").unwrap().is_classic());
        assert_eq!(VariantList::default().to_string(), "classic");
        assert_eq!(VariantList::parse("jigsaw,samurai"), Err(VariantError::TwoShapes("jigsaw", "samurai")));
        assert_eq!(VariantList::parse("twodoku,sumo"), Err(VariantError::TwoShapes("twodoku", "sumo")));
        for name in LayoutName::ALL {
            let list = VariantList::parse(&format!("{name},x")).unwrap();
            assert_eq!(list.shape, Some(ShapeName::Layout(name)));
            assert_eq!(list.to_string(), format!("{name},x"));
        }
        assert!(VariantList::parse("grids").is_err());
        assert_eq!(VariantList::parse("x,zigzag"), Err(VariantError::UnknownVariant("zigzag".into())));
        assert!(VariantList::parse("samurai,samurai").is_ok());
        let both = VariantList::parse("odd-even").unwrap();
        assert_eq!(both.to_string(), "odd,even");
        assert_eq!(VariantList::parse("odd").unwrap().to_string(), "odd");
        assert!(VariantList::names().contains(&"odd-even"));
        assert_eq!(VariantList::parse("min-max").unwrap().to_string(), "minimum,maximum");
    }
}
