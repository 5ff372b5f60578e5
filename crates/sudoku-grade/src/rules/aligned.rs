//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).

use crate::board::{Board, Pos};
use crate::hint::Hits;

/// Aligned pair exclusion (SE 6.2).
pub(crate) fn pair(_b: &Board, _pos: &Pos, _hits: &mut Hits) {}

/// Aligned triplet exclusion (SE 7.5).
pub(crate) fn triplet(_b: &Board, _pos: &Pos, _hits: &mut Hits) {}
