//! SE's ladder as one declarative table: each family of techniques, in the
//! order the grader tries them, with the rule that finds its steps, its
//! techniques, their base difficulties and SE names, and the key under
//! which the grader remembers where the rule found nothing.
//!
//! Every fact about a technique lives in [`LADDER`]. [`Technique::name`],
//! [`Technique::base_rating`] and [`Technique::base_tenths`] read it, and
//! the rules rate a step as its technique's base plus a named extra for
//! the variant (a unit's kind, a loop's length, a chain's length).
//!
//! The ladder is that of the reference rater, Sukaku Explainer 1.18.1 with
//! the technique set of the Sudoku Exchange bank: the grader takes the
//! easiest step of the first family that has one, not the easiest of all
//! (it takes a grouped skyscraper, 4.3, with an XY-wing, 4.2, on the grid).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::{Board, Pos};
use crate::chaining::{Chaining, Kind};
use crate::dynamic::{Dynamic, Level};
use crate::hits::Hits;
use crate::rating::Tenths;
use crate::rules::strong_links::{self, LinkScratch};
use crate::rules::uniqueness::{self, LoopScratch};
use crate::rules::{aligned, basic, bug, nc, wings};
use crate::technique::Technique;

/// One family of techniques: a rung of the ladder.
pub(crate) struct Family {
    /// Offers every step of the family on a board.
    pub find: Find,
    /// The family's techniques, in [`Technique`] order.
    pub techniques: &'static [Facts],
    /// Where the grader remembers that the rule found nothing.
    pub skip: Skip,
}

/// One technique's facts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Facts {
    /// The technique.
    pub technique: Technique,
    /// The difficulty of its easiest variant, in tenths.
    pub base: Tenths,
    /// The name SE gives the family.
    pub name: &'static str,
}

/// What a rule of the ladder is given to look at.
pub(crate) struct Look<'a> {
    /// The board.
    pub b: &'a Board,
    /// Its positions (see [`Board::positions`]).
    pub pos: &'a Pos,
    /// The digits (bit `d - 1`) a digit rule need not search.
    pub skip_digits: u16,
    /// The units (bit `u`) a unit rule need not search.
    pub skip_units: u64,
    /// Set when the grade is to stop ([`crate::Grader::grade_until`]): the
    /// chains' searches look at it and end early, offering what they
    /// found so far (the walk then stops without taking it).
    pub stop: &'a AtomicBool,
}

/// The scratch space of the rules whose working sets have no small bound:
/// grown on the first boards that need it, then cleared and reused, so
/// that a warm grader looks for a step without allocating. (The other
/// rules keep theirs on the stack.)
#[derive(Default)]
pub(crate) struct Finders {
    /// The chains' finder.
    pub chaining: Chaining,
    /// The trials' finder (dynamic+ and nested forcing chains).
    pub dynamic: Dynamic,
    /// Strong links and their directions.
    pub links: LinkScratch,
    /// Unique loops and their steps.
    pub loops: LoopScratch,
}

/// A rule: offers every step of its family on the board of `look` to
/// `hits`.
pub(crate) type Find = fn(&mut Finders, &Look<'_>, &mut Hits);

/// Where the grader remembers that a rule found nothing (see
/// `grader::Quiet`): what a digit rule finds in a digit depends on that
/// digit's candidates alone, what a unit rule finds in a unit on that
/// unit's candidates alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Skip {
    /// The rule looks at the whole board.
    Never,
    /// The rule looks at one digit at a time; its slot among the digit
    /// rules.
    Digit(usize),
    /// The rule looks at one unit at a time; its slot among the unit
    /// rules.
    Unit(usize),
}

/// The number of digit rules ([`Skip::Digit`]).
pub(crate) const N_DIGIT_RULES: usize = 5;

/// The number of unit rules ([`Skip::Unit`]).
pub(crate) const N_UNIT_RULES: usize = 6;

/// One technique's row of the table.
const fn facts(technique: Technique, base: Tenths, name: &'static str) -> Facts {
    Facts { technique, base, name }
}

use Technique as T;

/// The deepest level of nested forcing chains the ladder follows under
/// non-consecutive: none. On its open grids they take minutes (a minimal
/// puzzle, which needs them before its first digit, took seven) and the
/// first level, where serate says 10.1-10.2, rates 10.5-10.8 here: a path
/// that needs them is [`crate::GradeError::BeyondLadder`].
const NC_MAX_NESTING: u8 = 0;

/// SE's ladder, in the order the reference rater tries the families.
pub(crate) const LADDER: &[Family] = &[
    Family {
        find: |_, l, hits| basic::hidden_singles(l.b, l.pos, hits),
        techniques: &[facts(T::HiddenSingle, 10, "Hidden Single")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| basic::locking(l.b, l.pos, true, hits),
        techniques: &[
            facts(T::DirectPointing, 17, "Direct Pointing"),
            facts(T::DirectClaiming, 19, "Direct Claiming"),
        ],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| basic::hidden_subsets(l.b, l.pos, 2, true, 0, hits),
        techniques: &[facts(T::DirectHiddenPair, 20, "Direct Hidden Pair")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| basic::naked_singles(l.b, hits),
        techniques: &[facts(T::NakedSingle, 23, "Naked Single")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| nc::forcing_cells(l.b, hits),
        techniques: &[facts(T::NcForcingCell, 24, "Non-Consecutive Forcing Cell")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| nc::locked(l.b, l.pos, hits),
        techniques: &[facts(T::LockedNc, 25, "Locked Non Consecutive")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| basic::hidden_subsets(l.b, l.pos, 3, true, 0, hits),
        techniques: &[facts(T::DirectHiddenTriplet, 25, "Direct Hidden Triplet")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| basic::locking(l.b, l.pos, false, hits),
        techniques: &[facts(T::Pointing, 26, "Pointing"), facts(T::Claiming, 28, "Claiming")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| basic::naked_subsets(l.b, 2, l.skip_units, hits),
        techniques: &[facts(T::NakedPair, 30, "Naked Pair")],
        skip: Skip::Unit(0),
    },
    Family {
        find: |_, l, hits| basic::fish(l.b, l.pos, 2, l.skip_digits, hits),
        techniques: &[facts(T::XWing, 32, "X-Wing")],
        skip: Skip::Digit(0),
    },
    Family {
        find: |_, l, hits| basic::hidden_subsets(l.b, l.pos, 2, false, l.skip_units, hits),
        techniques: &[facts(T::HiddenPair, 34, "Hidden Pair")],
        skip: Skip::Unit(3),
    },
    Family {
        find: |_, l, hits| basic::naked_subsets(l.b, 3, l.skip_units, hits),
        techniques: &[facts(T::NakedTriplet, 36, "Naked Triplet")],
        skip: Skip::Unit(1),
    },
    Family {
        find: |_, l, hits| basic::fish(l.b, l.pos, 3, l.skip_digits, hits),
        techniques: &[facts(T::Swordfish, 38, "Swordfish")],
        skip: Skip::Digit(1),
    },
    Family {
        find: |_, l, hits| basic::hidden_subsets(l.b, l.pos, 3, false, l.skip_units, hits),
        techniques: &[facts(T::HiddenTriplet, 40, "Hidden Triplet")],
        skip: Skip::Unit(4),
    },
    Family {
        find: |f, l, hits| strong_links::two(l.b, l.pos, &mut f.links, l.skip_digits, hits),
        techniques: &[facts(T::TwoStrongLinks, 40, "2 Strong Links")],
        skip: Skip::Digit(3),
    },
    Family {
        find: |_, l, hits| basic::xy_wings(l.b, false, hits),
        techniques: &[facts(T::XyWing, 42, "XY-Wing")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| basic::xy_wings(l.b, true, hits),
        techniques: &[facts(T::XyzWing, 44, "XYZ-Wing")],
        skip: Skip::Never,
    },
    Family {
        find: |f, l, hits| uniqueness::loops(l.b, l.pos, &mut f.loops, hits),
        techniques: &[
            facts(T::UniqueRectangle, 45, "Unique Rectangle"),
            facts(T::UniqueLoop, 46, "Unique Loop"),
        ],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| basic::naked_subsets(l.b, 4, l.skip_units, hits),
        techniques: &[facts(T::NakedQuad, 50, "Naked Quad")],
        skip: Skip::Unit(2),
    },
    Family {
        find: |_, l, hits| basic::fish(l.b, l.pos, 4, l.skip_digits, hits),
        techniques: &[facts(T::Jellyfish, 52, "Jellyfish")],
        skip: Skip::Digit(2),
    },
    Family {
        find: |_, l, hits| basic::hidden_subsets(l.b, l.pos, 4, false, l.skip_units, hits),
        techniques: &[facts(T::HiddenQuad, 54, "Hidden Quad")],
        skip: Skip::Unit(5),
    },
    Family {
        find: |f, l, hits| strong_links::three(l.b, l.pos, &mut f.links, l.skip_digits, hits),
        techniques: &[facts(T::ThreeStrongLinks, 54, "3 Strong Links")],
        skip: Skip::Digit(4),
    },
    // serate lists WXYZ-Wing after XYZ-Wing but tries it here: on a state
    // with both, it takes a naked quad (5.0) and, with quads switched off,
    // the WXYZ-wing (5.6).
    Family {
        find: |_, l, hits| wings::wxyz(l.b, l.pos, hits),
        techniques: &[facts(T::WxyzWing, 55, "WXYZ-Wing")],
        skip: Skip::Never,
    },
    // BUG before VWXYZ-wing: on states with both serate takes the BUG.
    Family {
        find: |_, l, hits| bug::bug(l.b, l.pos, hits),
        techniques: &[facts(T::Bug, 56, "BUG")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| wings::vwxyz(l.b, l.pos, hits),
        techniques: &[facts(T::VwxyzWing, 62, "VWXYZ-Wing")],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| aligned::pair(l.b, l.pos, hits),
        techniques: &[facts(T::AlignedPairExclusion, 62, "Aligned Pair Exclusion")],
        skip: Skip::Never,
    },
    Family {
        find: |f, l, hits| f.chaining.find(Kind::ChainsAndCycles, l.b, l.pos, hits),
        techniques: &[
            facts(T::BidirectionalXCycle, 65, "Bidirectional X-Cycle"),
            facts(T::ForcingXChain, 66, "Forcing X-Chain"),
            facts(T::BidirectionalYCycle, 65, "Bidirectional Y-Cycle"),
            facts(T::BidirectionalCycle, 70, "Bidirectional Cycle"),
            facts(T::ForcingChain, 70, "Forcing Chain"),
        ],
        skip: Skip::Never,
    },
    Family {
        find: |_, l, hits| aligned::triplet(l.b, l.pos, hits),
        techniques: &[facts(T::AlignedTripletExclusion, 75, "Aligned Triplet Exclusion")],
        skip: Skip::Never,
    },
    Family {
        find: |f, l, hits| f.chaining.find(Kind::Nishio, l.b, l.pos, hits),
        techniques: &[facts(T::NishioForcingChain, 75, "Nishio Forcing Chains")],
        skip: Skip::Never,
    },
    Family {
        find: |f, l, hits| f.chaining.find(Kind::Multiple, l.b, l.pos, hits),
        techniques: &[
            facts(T::CellForcingChain, 80, "Cell Forcing Chains"),
            facts(T::RegionForcingChain, 80, "Region Forcing Chains"),
        ],
        skip: Skip::Never,
    },
    Family {
        find: |f, l, hits| f.chaining.find_until(Kind::Dynamic, l.b, l.pos, hits, l.stop),
        techniques: &[facts(T::DynamicForcingChain, 85, "Dynamic Forcing Chains")],
        skip: Skip::Never,
    },
    Family {
        find: |f, l, hits| f.chaining.find_until(Kind::DynamicPlus, l.b, l.pos, hits, l.stop),
        techniques: &[facts(T::DynamicForcingChainPlus, 90, "Dynamic Forcing Chains (+)")],
        skip: Skip::Never,
    },
    // Nested forcing chains: SE's levels 2 ("+ Forcing Chains", 9.5) and 3
    // ("+ Multiple Forcing Chains", 10.0) as SE has them; beyond those,
    // the trials' approximation (see `crate::dynamic`).
    Family {
        find: |f, l, hits| {
            let nc = l.b.units.has_nc();
            if !nc {
                for level in 2..=3 {
                    f.chaining.find_until(Kind::Nested(level), l.b, l.pos, hits, l.stop);
                    if hits.best().is_some() || l.stop.load(Ordering::Relaxed) {
                        return;
                    }
                }
            }
            if l.stop.load(Ordering::Relaxed) {
                return;
            }
            let top = if nc { NC_MAX_NESTING } else { 4 };
            for level in 1..=top {
                f.dynamic.find(Level::Nested(level), l.b, hits, l.stop);
                if hits.best().is_some() || l.stop.load(Ordering::Relaxed) {
                    return;
                }
            }
        },
        techniques: &[facts(T::NestedForcingChain, 95, "Nested Forcing Chains")],
        skip: Skip::Never,
    },
];

impl Family {
    /// The least difficulty of a step of the family.
    pub fn min_tenths(&self) -> Tenths {
        self.techniques.iter().map(|f| f.base).min().unwrap_or(Tenths::MAX)
    }
}

/// The facts of every technique, in [`Technique`] order: [`LADDER`]'s
/// rows, flattened. (The families list their techniques in that order,
/// which the compiler checks here.)
const FACTS: [Facts; Technique::ALL.len()] = {
    let mut table = [facts(T::HiddenSingle, 0, ""); Technique::ALL.len()];
    let (mut family_idx, mut n_facts) = (0, 0);
    while family_idx < LADDER.len() {
        let rows = LADDER[family_idx].techniques;
        let mut row_idx = 0;
        while row_idx < rows.len() {
            assert!(rows[row_idx].technique as usize == n_facts, "the ladder lists a technique out of order");
            table[n_facts] = rows[row_idx];
            n_facts += 1;
            row_idx += 1;
        }
        family_idx += 1;
    }
    assert!(n_facts == Technique::ALL.len(), "the ladder leaves a technique out");
    table
};

impl Technique {
    /// The least difficulty of one use, on the SE scale.
    pub fn base_rating(self) -> f64 {
        f64::from(self.base_tenths()) / 10.0
    }

    /// [`Technique::base_rating`] in tenths.
    pub(crate) const fn base_tenths(self) -> Tenths {
        FACTS[self as usize].base
    }

    /// The name Sudoku Explainer gives the family (`Hidden Single`, ...).
    pub fn name(self) -> &'static str {
        FACTS[self as usize].name
    }
}

#[cfg(test)]
mod tests;
