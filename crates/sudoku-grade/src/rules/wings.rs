//! WXYZ- and VWXYZ-wings.

use crate::board::{Board, Pos};
use crate::hint::Hits;

/// WXYZ-wings (SE 5.5–5.6).
pub(crate) fn wxyz(_b: &Board, _pos: &Pos, _hits: &mut Hits) {}

/// VWXYZ-wings (SE 6.2–6.4).
pub(crate) fn vwxyz(_b: &Board, _pos: &Pos, _hits: &mut Hits) {}
