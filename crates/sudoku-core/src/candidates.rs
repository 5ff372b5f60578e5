//! `Candidates`: a set of digits 1–9 as a `u16` bit mask (bit `d - 1` is
//! digit `d`).

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

    /// The set holding only `digit` (1–9); empty for any other value.
    pub const fn single(digit: u8) -> Self {
        if digit >= 1 && digit <= 9 {
            Candidates(1 << (digit - 1))
        } else {
            Candidates(0)
        }
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
    pub const fn contains(self, digit: u8) -> bool {
        Candidates::single(digit).0 & self.0 != 0
    }

    /// The only digit of a one-digit set.
    pub const fn single_digit(self) -> Option<u8> {
        if self.0.count_ones() == 1 {
            Some(self.0.trailing_zeros() as u8 + 1)
        } else {
            None
        }
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                None
            } else {
                let d = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                Some(d)
            }
        })
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

    #[test]
    fn single_iter_and_len_agree() {
        let s = Candidates::single(3).union(Candidates::single(9));
        assert_eq!(s.len(), 2);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 9]);
        assert!(s.contains(9) && !s.contains(1) && !s.contains(0) && !s.contains(10));
        assert_eq!(Candidates::single(0), Candidates::NONE);
        assert_eq!(Candidates::single(7).single_digit(), Some(7));
        assert_eq!(s.single_digit(), None);
        assert_eq!(Candidates::ALL.without(s).len(), 7);
    }
}
