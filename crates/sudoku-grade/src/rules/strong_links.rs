//! Fishes of strong links on one digit: skyscraper, 2-string kite, turbot
//! fish and their grouped forms (2 strong links), and the 3-strong-link
//! fishes and X-loops.

use crate::board::{Board, Pos};
use crate::hint::Hits;

/// Two strong links joined by a weak one (SE 4.0–4.3).
pub(crate) fn two(_b: &Board, _pos: &Pos, _hits: &mut Hits) {}

/// Three strong links joined by weak ones (SE 5.4–5.7).
pub(crate) fn three(_b: &Board, _pos: &Pos, _hits: &mut Hits) {}
