//! The deductions beyond singles, for [`State::propagate`]: sum cages'
//! combinations, non-consecutive pairs, naked and hidden pairs (the hidden
//! ones read from the house counts a word at a time), and locked
//! candidates.

use super::{State, PLACED};

impl State<'_> {
    /// Keeps in each sum cage only digits of a combination that still
    /// fits, and places a digit every fitting combination needs when one
    /// cell is left for it; only the cages a cell of which changed since
    /// their last look (the rest have nothing new to give).
    pub(super) fn cage_combinations(&mut self) -> bool {
        let net = self.net;
        let full = net.full;
        let mut word = 0;
        while let Some(k) = super::next_stale(self.stale_cages, &mut word) {
            let cage = &net.cages[k];
            let (mut union, mut placed, mut placed_sum, mut open) = (0u32, 0u32, 0u32, 0usize);
            let (mut low, mut high) = (0u32, 0u32);
            for &c in &cage.cells {
                let x = self.node[usize::from(c)];
                union |= x & full;
                if x & PLACED != 0 {
                    placed |= x & full;
                    placed_sum += (x & full).trailing_zeros() + 1;
                } else {
                    open += 1;
                    low += (x & full).trailing_zeros() + 1;
                    high += 32 - (x & full).leading_zeros();
                }
            }
            if open == 0 {
                if placed_sum != cage.sum {
                    return self.blame(&cage.cells);
                }
                continue;
            }
            if placed_sum + low > cage.sum || placed_sum + high < cage.sum {
                return self.blame(&cage.cells);
            }
            if cage.combos.is_empty() {
                continue;
            }
            let (mut allowed, mut must, mut any) = (0u32, full, false);
            'combos: for &combo in &cage.combos {
                if combo & placed != placed || combo & !union != 0 {
                    continue;
                }
                for &c in &cage.cells {
                    if self.node[usize::from(c)] & combo == 0 {
                        continue 'combos;
                    }
                }
                allowed |= combo;
                must &= combo;
                any = true;
            }
            if !any {
                return self.blame(&cage.cells);
            }
            if union & !allowed != 0 {
                for &c in &cage.cells {
                    if !self.remove(usize::from(c), !allowed & full) {
                        return false;
                    }
                }
            }
            let mut need = must & !placed;
            while need != 0 {
                let bit = need & need.wrapping_neg();
                need &= need - 1;
                let mut at = usize::MAX;
                for &c in &cage.cells {
                    if self.node[usize::from(c)] & bit != 0 {
                        if at != usize::MAX {
                            at = usize::MAX - 1;
                            break;
                        }
                        at = usize::from(c);
                    }
                }
                match at {
                    usize::MAX => return self.blame(&cage.cells),
                    a if a == usize::MAX - 1 => {}
                    a => {
                        if !self.place(a, bit) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// Non-consecutive: a neighbour may hold digit e only if the cell has
    /// a digit neither e (they share a row or a column) nor next to it.
    /// So a cell left with digits within three in a row takes from its
    /// neighbours every e whose e-1, e and e+1 cover them: d and d+1 from
    /// a cell of d and d+1; d+1 from a cell of d and d+2, or of d, d+1
    /// and d+2 (a single is placed, and its placement does the rest).
    pub(super) fn nc_pairs(&mut self) -> bool {
        let net = self.net;
        if net.nc.is_empty() {
            return true;
        }
        for c in 0..self.node.len() {
            let x = self.node[c];
            if x & PLACED != 0 || x.count_ones() < 2 {
                continue;
            }
            let low = x & x.wrapping_neg();
            let drop = match 31 - x.leading_zeros() - x.trailing_zeros() {
                1 => x,
                2 => low << 1,
                _ => continue,
            };
            for &p in net.nc(c) {
                if !self.remove(usize::from(p), drop) {
                    return false;
                }
            }
        }
        true
    }

    /// Naked and hidden pairs, looked for where one may have appeared
    /// since the last look: two cells of a house with the same two
    /// candidates take them from the rest of the house (looked for from
    /// each cell left with two digits); two digits with the same two places
    /// in a house leave those two cells no other digit (looked for from
    /// each house-digit whose count fell to two). Cells only lose digits,
    /// so a pair that was there at the last look has given all it can.
    /// `None` on a contradiction, else whether anything was removed.
    pub(super) fn pairs(&mut self) -> Option<bool> {
        let net = self.net;
        let (n, stride, full) = (net.n, net.stride, net.full);
        let mut changed = false;
        while let Some(a) = self.bivalue.pop() {
            let (a16, a) = (a, usize::from(a));
            let x = self.node[a];
            if x & PLACED != 0 {
                continue;
            }
            for &h in net.houses_of(a) {
                if self.node[a] != x {
                    break;
                }
                let house = &net.shape.house_cells[usize::from(h) * n..(usize::from(h) + 1) * n];
                let Some(&b) = house.iter().find(|&&b| b != a16 && self.node[usize::from(b)] == x) else {
                    continue;
                };
                for &c in house {
                    if c != a16 && c != b {
                        changed |= self.node[usize::from(c)] & x != 0;
                        if !self.remove(usize::from(c), x) {
                            return None;
                        }
                    }
                }
            }
        }
        while let Some(k) = self.twos.pop() {
            let k = k as usize;
            if self.counts[k] != 2 {
                continue;
            }
            let (h, bit) = (k / stride, 1u32 << (k % stride));
            let house = &net.shape.house_cells[h * n..(h + 1) * n];
            let mut places = house.iter().map(|&c| usize::from(c)).filter(|&c| self.node[c] & bit != 0);
            let (Some(p), Some(q)) = (places.next(), places.next()) else {
                continue;
            };
            // The house's digits with two places, as `bit` has.
            let mut twos = 0u32;
            for w in (0..stride).step_by(8) {
                twos |= movemask(zero_bytes(word(self.counts, h * stride + w) ^ 0x0202_0202_0202_0202)) << w;
            }
            let partners = self.node[p] & self.node[q] & twos & !bit & full;
            if partners == 0 {
                continue;
            }
            // A partner has the same two places: p and q hold the two digits.
            let both = bit | partners & partners.wrapping_neg();
            for c in [p, q] {
                changed |= self.node[c] & !both & full != 0;
                if !self.remove(c, !both) {
                    return None;
                }
            }
        }
        Some(changed)
    }

    /// Locked candidates for every pair of overlapping houses: a digit
    /// that, in one house, can only be where it meets the other (it is in
    /// a cell of the segment they share and in none of the house's other
    /// cells) is removed from the rest of the other. Placed cells count as
    /// places, so this holds before their peers have lost their digit too.
    /// A house is looked at for the digits that left it since the last
    /// pass (for the others nothing changed in it, and a removal already
    /// made left the other house none outside the segment). `None` on a
    /// contradiction, else whether anything was removed.
    pub(super) fn intersections(&mut self) -> Option<bool> {
        let net = self.net;
        let cells = &net.shape.overlap_cells;
        let full = net.full;
        let union = |node: &[u32], (from, to): (u32, u32)| {
            cells[from as usize..to as usize].iter().fold(0, |m, &c| m | node[usize::from(c)])
        };
        let mut changed = false;
        for h in 0..net.houses() {
            let digits = self.dirty[h];
            if digits == 0 {
                continue;
            }
            self.dirty[h] = 0;
            for lock in net.locks_of(h) {
                let locked = union(self.node, lock.segment) & !union(self.node, lock.own) & digits & full;
                if locked == 0 {
                    continue;
                }
                for &c in &cells[lock.rest.0 as usize..lock.rest.1 as usize] {
                    changed |= self.node[usize::from(c)] & locked != 0;
                    if !self.remove(usize::from(c), locked) {
                        return None;
                    }
                }
            }
        }
        Some(changed)
    }
}

/// The 8 bytes of `counts` from `at`, as one little-endian word.
#[inline]
fn word(counts: &[u8], at: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&counts[at..at + 8]);
    u64::from_le_bytes(bytes)
}

/// The high bit of each byte of `x` that is zero (every byte below 128).
#[inline]
fn zero_bytes(x: u64) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    !x.wrapping_add(LOW) & HIGH
}

/// Bit i for each byte i of `m` whose high bit is set (the other bits of
/// `m` clear).
#[inline]
fn movemask(m: u64) -> u32 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::{movemask, word, zero_bytes};

    /// Words of counts below 128 and limits, spread over every byte.
    fn words() -> Vec<u64> {
        let mut out = vec![0, 0x0202_0202_0202_0202, 0x7f00_7f00_0102_0304];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Small counts, as a house's are, and some zeros.
            out.push(x & 0x1f1f_1f1f_1f1f_1f1f & (x >> 3 | 0x0f0f_0f0f_0f0f_0f0f));
        }
        out
    }

    fn bytes(x: u64) -> [u8; 8] {
        x.to_le_bytes()
    }

    #[test]
    fn word_tricks_agree_with_a_byte_at_a_time() {
        let all = words();
        for &x in &all {
            let zeros: u32 = bytes(x).iter().enumerate().map(|(k, &b)| u32::from(b == 0) << k).sum();
            assert_eq!(movemask(zero_bytes(x)), zeros, "{x:#x}");
        }
    }

    #[test]
    fn a_word_is_eight_counts_from_the_first_in_the_low_byte() {
        let counts: Vec<u8> = (1..=16).collect();
        assert_eq!(bytes(word(&counts, 8)), [9, 10, 11, 12, 13, 14, 15, 16]);
        assert_eq!(word(&counts, 0) & 0xff, 1);
    }
}
