//! The rating scales: which of SE's techniques the grader may use. The
//! same puzzle rates higher on a scale with fewer techniques when a
//! missing one would have set its rating.

use std::fmt;
use std::str::FromStr;

use crate::technique::Technique;

/// The technique set the grader rates with.
///
/// | scale | techniques | serate `--techs` mask |
/// |---|---|---|
/// | `se` | the Sudoku Exchange bank's: Sudoku Explainer 1.2.1's plus skyscraper/kite/turbot, 3-strong-link fishes, WXYZ- and VWXYZ-wings | `1111111111010111011111111011100110100010111111` |
/// | `se121` | Sudoku Explainer 1.2.1's: no 2- or 3-strong-link fishes, no WXYZ- or VWXYZ-wings (unique rectangles and loops stay) | `1111111111010111011011011011000010100010111111` |
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Scale {
    /// The technique set that rated the Sudoku Exchange bank (Sukaku
    /// Explainer 1.18.1 with the bank's `--techs` mask): the default.
    #[default]
    Se,
    /// Sudoku Explainer 1.2.1's technique set, as most published SE
    /// ratings were made: the same ladder without skyscrapers, kites and
    /// turbot fish, 3-strong-link fishes and WXYZ- and VWXYZ-wings.
    Se121,
}

impl Scale {
    /// Every scale, the default first.
    pub const ALL: [Scale; 2] = [Scale::Se, Scale::Se121];

    /// The lowercase name: `se` or `se121`.
    pub const fn name(self) -> &'static str {
        match self {
            Scale::Se => "se",
            Scale::Se121 => "se121",
        }
    }

    /// Whether the scale's technique set holds `technique`.
    pub const fn allows(self, technique: Technique) -> bool {
        match self {
            Scale::Se => true,
            Scale::Se121 => !matches!(
                technique,
                Technique::TwoStrongLinks
                    | Technique::ThreeStrongLinks
                    | Technique::WxyzWing
                    | Technique::VwxyzWing
            ),
        }
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A scale name that is not `se` or `se121`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown scale {0:?}, expected se or se121")]
pub struct ParseScaleError(pub String);

impl FromStr for Scale {
    type Err = ParseScaleError;
    /// Parses a scale name, ignoring ASCII case.
    fn from_str(s: &str) -> Result<Scale, ParseScaleError> {
        Scale::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseScaleError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_se121_drops_four_families() {
        for s in Scale::ALL {
            assert_eq!(s.name().parse::<Scale>(), Ok(s));
            assert_eq!(s.to_string().to_uppercase().parse::<Scale>(), Ok(s));
        }
        assert!("se12".parse::<Scale>().is_err());
        assert!(Technique::ALL.iter().all(|&t| Scale::Se.allows(t)));
        let dropped: Vec<&str> =
            Technique::ALL.iter().filter(|&&t| !Scale::Se121.allows(t)).map(|t| t.name()).collect();
        assert_eq!(dropped, ["2 Strong Links", "3 Strong Links", "WXYZ-Wing", "VWXYZ-Wing"]);
    }
}
