//! Beyond SE's nested forcing chains of level 3 (10.0 and up), which the
//! chains have exactly (`crate::chaining`, `Kind::Nested`): an
//! **approximation**, not SE's rule. An assumption is followed through
//! singles on the state it builds ([`trial`]), with assumptions nested
//! inside it; a step is rated 9.5 plus 1.0 per level beyond two plus the
//! length rule on the thousands of assumptions followed. The ladder comes
//! here only when levels 2 and 3 find nothing (none of the 51 serate-rated
//! hardest puzzles needs it), and under non-consecutive, where it follows
//! no nesting at all (`NC_MAX_NESTING`).

mod trial;

use std::sync::atomic::AtomicBool;

use crate::board::{Board, Found};
use crate::hits::Hits;
use crate::rating::{length_bonus, NO_TECHNIQUE_TENTHS};
use crate::technique::Technique;

/// Which trials to look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// Forcing chains nested `n` levels (SE 9.5 and up).
    Nested(u8),
}

/// The extra difficulty, in tenths, of each level of nesting beyond two.
const NESTED_LEVEL_TENTHS: u32 = 10;

/// The trial finder, with its scratch space.
pub(crate) struct Dynamic {
    found: Box<Found>,
    /// The conclusions of the step, as (cell, digit) pairs.
    place: Vec<(usize, u8)>,
    elim: Vec<(usize, u8)>,
}

impl Default for Dynamic {
    fn default() -> Self {
        Self::new()
    }
}

impl Dynamic {
    /// A finder with its scratch space allocated.
    pub fn new() -> Self {
        Dynamic { found: Box::default(), place: Vec::new(), elim: Vec::new() }
    }

    /// Offers the steps of `level` on `b` to `hits`; ends early when
    /// `stop` is set.
    pub fn find(&mut self, level: Level, b: &Board, hits: &mut Hits, stop: &AtomicBool) {
        self.found.clear();
        let mut nodes = 0u64;
        let (technique, difficulty) = match level {
            Level::Nested(level) => {
                let depth = u32::from(level) + 1;
                if !trial::nested(b, depth, &mut nodes, &mut self.found, stop) {
                    return;
                }
                let kilo_nodes = (nodes / 1000) as u32;
                let t = Technique::NestedForcingChain;
                let extra = NESTED_LEVEL_TENTHS * (depth - 2) + u32::from(length_bonus(kilo_nodes));
                (t, u32::from(t.base_tenths()) + extra)
            }
        };
        let difficulty = difficulty.min(u32::from(NO_TECHNIQUE_TENTHS) - 1) as u8;
        self.place.clear();
        self.elim.clear();
        for c in 0..81 {
            for d0 in 0..9u8 {
                if self.found.place[c] & (1 << d0) != 0 {
                    self.place.push((c, d0 + 1));
                }
                if self.found.elim[c] & (1 << d0) != 0 {
                    self.elim.push((c, d0 + 1));
                }
            }
        }
        hits.offer(b, technique, difficulty, &self.place, &self.elim, |x| {
            x.str(technique.name()).str(" (trial, approximated)");
        });
    }
}
