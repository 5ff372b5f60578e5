//! The techniques of Sudoku Explainer's ladder, in the order it tries them,
//! with the names it gives them.
//!
//! A [`Technique`] is a family: its variants (the type of a unique
//! rectangle, the length of a loop, the shape of a wing, a chain's length)
//! set the difficulty of each use, which the step carries. Each
//! technique's base difficulty and name are in the ladder's table
//! (`ladder.rs`).

use std::fmt;

/// A solving technique of the Sudoku Explainer (SE) ladder. The grader
/// tries them in this order and takes the easiest step the first family
/// with a step offers (see the crate docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The only place left for a digit in a unit (SE 1.0 when it is the
    /// unit's last empty cell, 1.2 in a box, 1.5 in a row or column).
    HiddenSingle,
    /// Pointing that at once leaves a hidden single (SE 1.7).
    DirectPointing,
    /// Claiming that at once leaves a hidden single (SE 1.9).
    DirectClaiming,
    /// A hidden pair that at once leaves a hidden single (SE 2.0).
    DirectHiddenPair,
    /// The only digit left in a cell (SE 2.3).
    NakedSingle,
    /// Non-consecutive: a cell's candidates {d, d+1} (or {d, d+1, d+2},
    /// {d, d+2}) rule digits out of the cells side by side (SE 2.4).
    NcForcingCell,
    /// Non-consecutive: every place of a digit in a house is a cell or
    /// next to it, so it cannot hold the digit's neighbours (SE 2.5).
    LockedNc,
    /// A hidden triplet that at once leaves a hidden single (SE 2.5).
    DirectHiddenTriplet,
    /// A digit of a box confined to one line goes from the rest of the line
    /// (SE 2.6).
    Pointing,
    /// A digit of a line confined to one box goes from the rest of the box
    /// (SE 2.8).
    Claiming,
    /// Two cells of a unit with the same two digits only (SE 3.0).
    NakedPair,
    /// The two-line fish (SE 3.2).
    XWing,
    /// Two digits of a unit confined to the same two cells (SE 3.4).
    HiddenPair,
    /// Three cells of a unit with three digits between them (SE 3.6).
    NakedTriplet,
    /// The three-line fish (SE 3.8).
    Swordfish,
    /// Three digits of a unit confined to three cells (SE 4.0).
    HiddenTriplet,
    /// Two strong links on one digit joined by a weak one: skyscraper
    /// (SE 4.0), 2-string kite and turbot fish (4.1), grouped (4.3).
    TwoStrongLinks,
    /// Pivot {x,y} with pincers {x,z} and {y,z} (SE 4.2).
    XyWing,
    /// Pivot {x,y,z} with pincers {x,z} and {y,z} (SE 4.4).
    XyzWing,
    /// Four cells in two boxes that would allow two solutions, types 1–4
    /// (SE 4.5 and up).
    UniqueRectangle,
    /// Six or more cells in a loop that would allow two solutions, types
    /// 1–4 (SE 4.6 and up with the length).
    UniqueLoop,
    /// Four cells of a unit with four digits between them (SE 5.0).
    NakedQuad,
    /// The four-line fish (SE 5.2).
    Jellyfish,
    /// Four digits of a unit confined to four cells (SE 5.4).
    HiddenQuad,
    /// Three strong links on one digit joined by weak ones, grouped or not,
    /// and the X-loops they close (SE 5.4–5.7).
    ThreeStrongLinks,
    /// Four cells with four digits between them, one of which sees every
    /// other (SE 5.5–5.6 by shape).
    WxyzWing,
    /// Bivalue universal grave, types 1–4 (SE 5.6 and up).
    Bug,
    /// Five cells with five digits between them, one of which sees every
    /// other (SE 6.2–6.4 by shape).
    VwxyzWing,
    /// Two cells seeing the same cells: pairs of digits they cannot hold
    /// together (SE 6.2).
    AlignedPairExclusion,
    /// A loop of strong and weak links on one digit (SE 6.5 and up with the
    /// length).
    BidirectionalXCycle,
    /// A chain of strong and weak links on one digit leading to a
    /// contradiction or to the same conclusion both ways (SE 6.6 and up).
    ForcingXChain,
    /// A loop through bivalue cells (SE 6.5 and up with the length).
    BidirectionalYCycle,
    /// A loop of links between cells and digits (SE 7.0 and up with the
    /// length).
    BidirectionalCycle,
    /// A chain of links between cells and digits leading to a contradiction
    /// or to the same conclusion both ways (SE 7.0 and up with the length).
    ForcingChain,
    /// Three cells seeing the same cells: triplets of digits they cannot
    /// hold together (SE 7.5).
    AlignedTripletExclusion,
    /// An assumption followed through chains until it contradicts itself
    /// (SE 7.5 and up with the length).
    NishioForcingChain,
    /// Every digit of a cell leads by chains to the same conclusion (SE 8.0
    /// and up).
    CellForcingChain,
    /// Every place of a digit in a unit leads by chains to the same
    /// conclusion (SE 8.0 and up).
    RegionForcingChain,
    /// Forcing chains whose links may use several earlier conclusions: a
    /// contradiction, a double implication, or every branch of a cell or a
    /// unit agreeing (SE 8.5 and up).
    DynamicForcingChain,
    /// Dynamic forcing chains that also see pointing, claiming and the other
    /// basic techniques inside the chain (SE 9.0 and up).
    DynamicForcingChainPlus,
    /// Forcing chains nested in forcing chains (SE 9.5 and up).
    NestedForcingChain,
}

impl Technique {
    /// Every technique, in the order the grader tries them.
    pub const ALL: [Technique; 41] = [
        Technique::HiddenSingle,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::NcForcingCell,
        Technique::LockedNc,
        Technique::DirectHiddenTriplet,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriplet,
        Technique::Swordfish,
        Technique::HiddenTriplet,
        Technique::TwoStrongLinks,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::UniqueLoop,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::ThreeStrongLinks,
        Technique::WxyzWing,
        Technique::Bug,
        Technique::VwxyzWing,
        Technique::AlignedPairExclusion,
        Technique::BidirectionalXCycle,
        Technique::ForcingXChain,
        Technique::BidirectionalYCycle,
        Technique::BidirectionalCycle,
        Technique::ForcingChain,
        Technique::AlignedTripletExclusion,
        Technique::NishioForcingChain,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
    ];
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
