//! The difficulty bands: five names for ranges of the rating, each with
//! what it means for a person solving with a pencil.

use std::fmt;
use std::str::FromStr;

/// A difficulty band: a named range of SE's ER ([`Grade::er`](crate::Grade)).
///
/// | band | ER | what a pencil solver needs |
/// |---|---|---|
/// | easy | 1.0 to 2.5 | singles, also those a pointing or a hidden pair or triplet reveals (SE's direct techniques): no pencil marks |
/// | medium | 2.6 to 3.9 | pencil marks: pointing and claiming, naked and hidden pairs, X-wing, naked triplets, swordfish |
/// | hard | 4.0 to 5.9 | hidden triplets, skyscrapers, kites, turbot fish, XY-, XYZ- and WXYZ-wings, unique rectangles and loops, quads, jellyfish, 3-strong-link fishes, BUG |
/// | expert | 6.0 to 7.9 | VWXYZ-wings, aligned pair and triplet exclusion, X- and Y-cycles, forcing chains, Nishio |
/// | extreme | 8.0 and up | cell and region forcing chains, dynamic, dynamic+ and nested forcing chains |
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// Singles only: every step is "this is the only place for 5 in the
    /// box" or "this cell can only be 7", some of them seen through a
    /// pointing or a hidden pair or triplet. No pencil marks needed.
    Easy,
    /// Pencil marks and the first patterns: a digit locked in a box-line
    /// intersection, naked and hidden pairs, naked triplets, X-wings and
    /// swordfish.
    Medium,
    /// Larger patterns: hidden triplets, skyscrapers and kites, wings,
    /// unique rectangles and loops, quads, jellyfish, BUG. Careful pencil
    /// work.
    Hard,
    /// Chains: aligned exclusions, X- and Y-cycles, forcing chains
    /// following strong and weak links from one candidate to another.
    Expert,
    /// Forcing nets: every branch of a cell or a unit, an assumption
    /// followed through the grid, assumptions nested in assumptions.
    Extreme,
}

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 5] = [Band::Easy, Band::Medium, Band::Hard, Band::Expert, Band::Extreme];

    /// The band of a rating (ER, one decimal: the cuts fall between tenths).
    pub fn from_rating(rating: f64) -> Band {
        if rating < 2.55 {
            Band::Easy
        } else if rating < 3.95 {
            Band::Medium
        } else if rating < 5.95 {
            Band::Hard
        } else if rating < 7.95 {
            Band::Expert
        } else {
            Band::Extreme
        }
    }

    /// The highest ER of the band in tenths (`None` for extreme).
    pub fn max_tenths(self) -> Option<u8> {
        match self {
            Band::Easy => Some(25),
            Band::Medium => Some(39),
            Band::Hard => Some(59),
            Band::Expert => Some(79),
            Band::Extreme => None,
        }
    }

    /// The lowest ER of the band in tenths.
    pub fn min_tenths(self) -> u8 {
        (self.min_rating() * 10.0).round() as u8
    }

    /// The lowest rating of the band (inclusive).
    pub fn min_rating(self) -> f64 {
        match self {
            Band::Easy => 0.0,
            Band::Medium => 2.6,
            Band::Hard => 4.0,
            Band::Expert => 6.0,
            Band::Extreme => 8.0,
        }
    }

    /// The lowercase name: `easy` ... `extreme`.
    pub const fn name(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
            Band::Expert => "expert",
            Band::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A band name that is not one of `easy`, `medium`, `hard`, `expert`,
/// `extreme`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown band {0:?}, expected one of easy, medium, hard, expert, extreme")]
pub struct ParseBandError(pub String);

impl FromStr for Band {
    type Err = ParseBandError;
    /// Parses a band name, ignoring ASCII case.
    fn from_str(s: &str) -> Result<Band, ParseBandError> {
        Band::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseBandError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bands_cover_the_scale_in_order() {
        for b in Band::ALL {
            assert_eq!(b.name().parse::<Band>(), Ok(b));
            assert_eq!(b.to_string().to_uppercase().parse::<Band>(), Ok(b));
            assert_eq!(Band::from_rating(b.min_rating()), b);
        }
        assert!("hardest".parse::<Band>().is_err());
        assert_eq!(Band::from_rating(2.5), Band::Easy);
        assert_eq!(Band::from_rating(2.6), Band::Medium);
        assert_eq!(Band::from_rating(3.9), Band::Medium);
        assert_eq!(Band::from_rating(4.0), Band::Hard);
        assert_eq!(Band::from_rating(7.9), Band::Expert);
        assert_eq!(Band::from_rating(12.0), Band::Extreme);
    }
}
