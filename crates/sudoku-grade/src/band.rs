//! The difficulty bands: five names for ranges of the rating, each with
//! what it means for a person solving with a pencil.

use std::fmt;
use std::str::FromStr;

/// A difficulty band: a named range of [`Grade::rating`](crate::Grade).
///
/// | band | rating | what a pencil solver needs |
/// |---|---|---|
/// | easy | below 2.5 | scanning for singles, no pencil marks |
/// | medium | 2.5 to below 4.0 | pencil marks; locked candidates, pairs, X-wing, naked triples, swordfish |
/// | hard | 4.0 to below 6.0 | hidden triples, XY- and XYZ-wings, unique rectangles, quads, jellyfish, BUG+1 |
/// | expert | 6.0 to below 8.0 | chains: X-chains and alternating inference (forcing) chains |
/// | extreme | 8.0 and above | forcing nets: following a guess through many steps, or guesses in guesses |
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// Singles only: every step is "this is the only place for 5 in the
    /// box" or "this cell can only be 7". No pencil marks needed.
    Easy,
    /// Pencil marks and the first patterns: a digit locked in a box-line
    /// intersection, naked and hidden pairs, naked triples, X-wings and
    /// swordfish.
    Medium,
    /// Larger patterns: hidden triples, XY- and XYZ-wings, unique
    /// rectangles, quads, jellyfish, BUG+1. Careful pencil work.
    Hard,
    /// Chains: following strong and weak links from one candidate to
    /// another (X-chains, XY-chains, alternating inference chains).
    Expert,
    /// Forcing nets and guesses: following an assumption through the grid
    /// until it breaks, every branch of a cell, or assumptions nested in
    /// assumptions.
    Extreme,
}

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 5] = [Band::Easy, Band::Medium, Band::Hard, Band::Expert, Band::Extreme];

    /// The band of a rating.
    pub fn from_rating(rating: f64) -> Band {
        if rating < 2.5 {
            Band::Easy
        } else if rating < 4.0 {
            Band::Medium
        } else if rating < 6.0 {
            Band::Hard
        } else if rating < 8.0 {
            Band::Expert
        } else {
            Band::Extreme
        }
    }

    /// The lowest rating of the band (inclusive).
    pub fn min_rating(self) -> f64 {
        match self {
            Band::Easy => 0.0,
            Band::Medium => 2.5,
            Band::Hard => 4.0,
            Band::Expert => 6.0,
            Band::Extreme => 8.0,
        }
    }

    /// The lowercase name: `easy` ... `extreme`.
    pub fn name(self) -> &'static str {
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
        assert_eq!(Band::from_rating(2.49), Band::Easy);
        assert_eq!(Band::from_rating(7.99), Band::Expert);
        assert_eq!(Band::from_rating(12.0), Band::Extreme);
    }
}
