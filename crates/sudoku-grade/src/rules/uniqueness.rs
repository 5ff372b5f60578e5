//! Techniques that rely on the puzzle having one solution: unique
//! rectangles and loops (types 1–4) and the bivalue universal grave
//! (types 1–4).

use crate::board::{Board, Pos};
use crate::hint::Hits;

/// Unique rectangles and unique loops, types 1–4 (SE 4.5 and up).
pub(crate) fn loops(_b: &Board, _pos: &Pos, _hits: &mut Hits) {}

/// Bivalue universal grave, types 1–4 (SE 5.6 and up).
pub(crate) fn bug(_b: &Board, _pos: &Pos, _hits: &mut Hits) {}
