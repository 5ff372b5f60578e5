//! `Candidates`: a set of digits 1–9 as a `u16` bit mask (bit `d - 1` is
//! digit `d`).

use crate::cell::Digit;

/// A set of digits 1–9, one bit per digit (bit 0 is digit 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidates(u16);

impl Candidates {
    /// All nine digits.
    pub const ALL: Candidates = Candidates(0x1ff);
    /// No digit.
    pub const NONE: Candidates = Candidates(0);

    /// The set from a raw mask; bits above bit 8 are dropped.
    pub const fn from_bits(bits: u16) -> Self {
        Candidates(bits & 0x1ff)
    }

    /// The set holding only `digit`.
    pub const fn single(digit: Digit) -> Self {
        Candidates(digit.bit())
    }

    /// The raw mask.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// How many digits the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `digit`.
    pub const fn contains(self, digit: Digit) -> bool {
        digit.bit() & self.0 != 0
    }

    /// The only digit of a one-digit set.
    pub const fn single_digit(self) -> Option<Digit> {
        if self.0.count_ones() == 1 {
            Digit::from_index(self.0.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            let d = Digit::from_index(m.trailing_zeros() as usize)?;
            m &= m - 1;
            Some(d)
        })
    }

    /// The set with `digit` added.
    pub const fn with(self, digit: Digit) -> Candidates {
        Candidates(self.0 | digit.bit())
    }

    /// The union of two sets.
    pub const fn union(self, other: Candidates) -> Candidates {
        Candidates(self.0 | other.0)
    }

    /// The digits of `self` not in `other`.
    pub const fn without(self, other: Candidates) -> Candidates {
        Candidates(self.0 & !other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(value: u8) -> Digit {
        Digit::new(value).unwrap()
    }

    #[test]
    fn single_iter_and_len_agree() {
        let s = Candidates::single(d(3)).union(Candidates::single(d(9)));
        assert_eq!(s.bits(), 0b1_0000_0100);
        assert_eq!(s.len(), 2);
        assert_eq!(s.iter().map(Digit::get).collect::<Vec<_>>(), vec![3, 9]);
        assert!(s.contains(d(9)) && !s.contains(d(1)) && !s.contains(d(4)));
        assert_eq!(Candidates::single(d(7)).single_digit(), Some(d(7)));
        assert_eq!(s.single_digit(), None);
        assert_eq!(Candidates::NONE.single_digit(), None);
        assert_eq!(Candidates::ALL.without(s).len(), 7);
        assert_eq!(Candidates::NONE.with(d(3)).with(d(9)), s);
        assert_eq!(Candidates::ALL.iter().collect::<Vec<_>>(), Digit::ALL.to_vec());
    }
}
