//! [`Potential`]: what a chain says of a candidate, that it is on (the
//! digit is in the cell) or off (it is not), and the dense numbering the
//! chains index their tables by.

use std::fmt;

use sudoku_core::Candidate;

/// The number of candidates of a board (81 cells × 9 digits).
pub(crate) const NC: usize = 729;

/// The number of potentials: each candidate on and off.
pub(crate) const NP: usize = 2 * NC;

/// A candidate with a polarity, numbered densely as `candidate * 2 + on`
/// (the candidate is `cell * 9 + digit - 1`): tables of potentials are
/// indexed by [`Potential::index`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Potential(u16);

impl Potential {
    /// Candidate `cand_idx` (`cell * 9 + digit - 1`), on or off.
    #[inline]
    pub const fn new(cand_idx: usize, on: bool) -> Potential {
        Potential((cand_idx * 2 + on as usize) as u16)
    }

    /// The potential of dense index `idx` (below [`NP`]).
    #[inline]
    pub const fn from_index(idx: usize) -> Potential {
        Potential(idx as u16)
    }

    /// The dense index, below [`NP`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The candidate, `cell * 9 + digit - 1`.
    #[inline]
    pub const fn cand(self) -> usize {
        self.0 as usize / 2
    }

    /// The cell, 0–80.
    #[inline]
    pub const fn cell(self) -> usize {
        self.0 as usize / 18
    }

    /// The digit's index, 0–8 (the digit minus one).
    #[inline]
    pub const fn digit_idx(self) -> usize {
        self.cand() % 9
    }

    /// The digit's bit in a candidate mask.
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << self.digit_idx()
    }

    /// Whether the candidate is on.
    #[inline]
    pub const fn is_on(self) -> bool {
        self.0 & 1 == 1
    }

    /// The same candidate with the other polarity.
    #[inline]
    pub const fn opposite(self) -> Potential {
        Potential(self.0 ^ 1)
    }

    /// The typed candidate.
    pub fn candidate(self) -> Candidate {
        Candidate::from_index(self.cand()).expect("a potential's candidate is below 729")
    }

    /// `on` or `off`.
    pub fn polarity(self) -> &'static str {
        if self.is_on() {
            "on"
        } else {
            "off"
        }
    }
}

/// `r1c2=5` (on) or `r1c2<>5` (off).
impl fmt::Display for Potential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.candidate();
        let op = if self.is_on() { "=" } else { "<>" };
        write!(f, "{}{op}{}", x.cell, x.digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_potential_is_its_cell_digit_and_polarity() {
        let p = Potential::new(10 * 9 + 4, true);
        assert_eq!((p.cell(), p.digit_idx(), p.is_on(), p.cand()), (10, 4, true, 94));
        assert_eq!(p.to_string(), "r2c2=5");
        assert_eq!(p.opposite().to_string(), "r2c2<>5");
        assert_eq!(Potential::from_index(p.index()), p);
        assert_eq!(Potential::new(NC - 1, true).index(), NP - 1);
    }
}
