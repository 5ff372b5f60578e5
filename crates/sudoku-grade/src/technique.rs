//! The techniques of the ladder, easiest first, with their base difficulty
//! on the Sudoku Explainer (SE) scale.

use std::fmt;

/// A solving technique. The ladder always uses the easiest technique that
/// makes progress; variants are listed in that order.
///
/// The base difficulty ([`Technique::base_rating`]) follows Sudoku
/// Explainer 1.2's values so that a rating reads like an SE rating; chain
/// and trial techniques add to it with the length of the reasoning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The only place left for a digit in a box (SE 1.2).
    HiddenSingleBox,
    /// The only place left for a digit in a row or column (SE 1.5).
    HiddenSingleLine,
    /// Pointing that at once leaves a hidden single (SE 1.7).
    DirectPointing,
    /// Claiming that at once leaves a hidden single (SE 1.9).
    DirectClaiming,
    /// A hidden pair that at once leaves a hidden single (SE 2.0).
    DirectHiddenPair,
    /// The only digit left in a cell (SE 2.3).
    NakedSingle,
    /// A hidden triple that at once leaves a hidden single (SE 2.5).
    DirectHiddenTriple,
    /// A digit of a box confined to one row or column: it goes from the
    /// rest of that line (SE 2.6).
    Pointing,
    /// A digit of a row or column confined to one box: it goes from the
    /// rest of that box (SE 2.8).
    Claiming,
    /// Two cells of a unit holding the same two digits only (SE 3.0).
    NakedPair,
    /// A digit confined to the same two columns in two rows, or the
    /// reverse (SE 3.2).
    XWing,
    /// Two digits of a unit confined to the same two cells (SE 3.4).
    HiddenPair,
    /// Three cells of a unit holding three digits between them (SE 3.6).
    NakedTriple,
    /// The three-line fish (SE 3.8).
    Swordfish,
    /// Three digits of a unit confined to three cells (SE 4.0).
    HiddenTriple,
    /// A single-digit chain of four candidates, strong-weak-strong
    /// (skyscraper, two-string kite, turbot fish): a candidate seeing both
    /// ends goes (SE 4.0–4.2 for the named shapes; 4.1 here).
    TurbotFish,
    /// Pivot {x,y} with pincers {x,z} and {y,z}: z goes from cells seeing
    /// both pincers (SE 4.2).
    XyWing,
    /// Pivot {x,y,z} with pincers {x,z} and {y,z}: z goes from cells seeing
    /// all three (SE 4.4).
    XyzWing,
    /// Four cells in two boxes that would allow two solutions (types 1, 2
    /// and 4; SE 4.5–4.6). Relies on the puzzle having one solution.
    UniqueRectangle,
    /// Four cells of a unit holding four digits between them (SE 5.0).
    NakedQuad,
    /// The four-line fish (SE 5.2).
    Jellyfish,
    /// Four digits of a unit confined to four cells (SE 5.4).
    HiddenQuad,
    /// Bivalue universal grave + 1: every open cell has two candidates but
    /// one, whose odd digit must be placed (SE 5.6).
    Bug,
    /// A chain of strong and weak links on one digit (SE 6.6 and up with
    /// the length).
    XChain,
    /// An alternating inference chain over cells and digits, or a forcing
    /// chain of such links (SE 7.0 and up with the length).
    ForcingChain,
    /// Every candidate of a cell, or every place of a digit in a unit,
    /// leads by chains to the same conclusion (SE 8.2 and up).
    CellRegionForcingChain,
    /// An assumption followed through singles until it contradicts itself,
    /// or every branch of a cell or unit agrees (dynamic forcing chains;
    /// SE 8.5 and up with the length).
    DynamicForcingChain,
    /// Like [`Technique::DynamicForcingChain`] but the assumption is also
    /// followed through locked candidates (SE 9.0 and up).
    DynamicForcingChainPlus,
    /// Assumptions nested in assumptions: trial and error two or more levels
    /// deep, where the node count takes over (SE 9.5 and up).
    NestedForcingChain,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 29] = [
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::TurbotFish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::Bug,
        Technique::XChain,
        Technique::ForcingChain,
        Technique::CellRegionForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
    ];

    /// The difficulty of one use at its shortest, on the SE scale.
    pub fn base_rating(self) -> f64 {
        match self {
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingleLine => 1.5,
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenPair => 2.0,
            Technique::NakedSingle => 2.3,
            Technique::DirectHiddenTriple => 2.5,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::TurbotFish => 4.1,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::UniqueRectangle => 4.5,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::Bug => 5.6,
            Technique::XChain => 6.6,
            Technique::ForcingChain => 7.0,
            Technique::CellRegionForcingChain => 8.2,
            Technique::DynamicForcingChain => 8.5,
            Technique::DynamicForcingChainPlus => 9.0,
            Technique::NestedForcingChain => 9.5,
        }
    }

    /// The lowercase name used in output (`hidden single (box)`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingleBox => "hidden single (box)",
            Technique::HiddenSingleLine => "hidden single (line)",
            Technique::DirectPointing => "direct pointing",
            Technique::DirectClaiming => "direct claiming",
            Technique::DirectHiddenPair => "direct hidden pair",
            Technique::NakedSingle => "naked single",
            Technique::DirectHiddenTriple => "direct hidden triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "x-wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::TurbotFish => "turbot fish",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::Bug => "bug+1",
            Technique::XChain => "x-chain",
            Technique::ForcingChain => "forcing chain",
            Technique::CellRegionForcingChain => "cell/region forcing chain",
            Technique::DynamicForcingChain => "dynamic forcing chain",
            Technique::DynamicForcingChainPlus => "dynamic forcing chain+",
            Technique::NestedForcingChain => "nested forcing chain",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_order_is_the_order_of_base_ratings() {
        for w in Technique::ALL.windows(2) {
            assert!(w[0] < w[1]);
            assert!(w[0].base_rating() < w[1].base_rating(), "{} vs {}", w[0], w[1]);
        }
    }
}
