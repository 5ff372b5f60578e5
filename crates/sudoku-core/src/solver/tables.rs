//! The tables of the band, stack and triad rules, computed at compile
//! time, and the bit tricks that read them. Words are laid out as in
//! `State` (see the `state` module): a band is 27 bits, three rows of nine.

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;
/// The nine cells of column 0 in a band; shift left by the column.
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The union of every permutation matrix contained in a 3×3 occupancy
/// pattern (bit `3 * i + j` is row `i`, column `j`); 0 when it contains
/// none.
const fn keep_permutations(pattern: u32) -> u32 {
    const PERMS: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut kept = 0;
    let mut p = 0;
    while p < 6 {
        let m = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
        if pattern & m == m {
            kept |= m;
        }
        p += 1;
    }
    kept
}

/// For the nine cells of a row: bit `k` is set when box `k` of the row
/// holds a candidate.
pub(super) const ROW_BOXES: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = ((i & 7 != 0) as u8) | ((i & 0o70 != 0) as u8) << 1 | ((i & 0o700 != 0) as u8) << 2;
        i += 1;
    }
    t
};

/// The number of bits set in a 9-bit word (the build has no `popcnt`).
pub(super) const POPCOUNT_9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Band rule: the mini-rows kept, as a 9-bit set.
pub(super) const BAND_KEPT: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = keep_permutations(i as u32) as u16;
        i += 1;
    }
    t
};

/// Stack rule: for the mini-column occupancy of a stack (bit
/// `3 * band + column`, column within the stack), the kept mini-columns
/// spread to the layout of the column word of `State::stack_rules`: bits
/// 0-2, 9-11 and 18-20 for bands 0, 1 and 2.
pub(super) const STACK_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let k = keep_permutations(i as u32);
        t[i] = (k & 7) | (k & 0o70) << 6 | (k & 0o700) << 12;
        i += 1;
    }
    t
};

/// For each cell of a band: the other cells of its row and box (same band).
pub(super) const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut m = 0u32;
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 / 3 == c / 3) {
                m |= 1 << j;
            }
            j += 1;
        }
        t[i] = m;
        i += 1;
    }
    t
};

/// The 27 cells of the mini-rows in a 9-bit mini-row set (bit `3 * row +
/// box` stands for cells `9 * row + 3 * box ..= 9 * row + 3 * box + 2`).
pub(super) const MINIROW_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut j = 0;
        while j < 9 {
            if i & 1 << j != 0 {
                t[i] |= 7 << (3 * j);
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// For a mini-row pattern closed under the band rule: the mini-rows that
/// are the only one of their row, so certainly hold the digit.
pub(super) const CERTAIN_MINIROWS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 0;
    while i < 512 {
        let mut r = 0;
        while r < 3 {
            let row = (i >> (3 * r)) & 7;
            if row != 0 && row & (row - 1) == 0 {
                t[i] |= (row << (3 * r)) as u16;
            }
            r += 1;
        }
        i += 1;
    }
    t
};

/// For a set of mini-rows that must hold the digit: the cells of the other
/// mini-rows of their rows and boxes, which cannot.
pub(super) const FORCED_MINIROW_CLEARS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut m = 0u32;
        let mut j = 0;
        while j < 9 {
            if i & 1 << j != 0 {
                let (r, k) = (j / 3, j % 3);
                let mut o = 0;
                while o < 3 {
                    m |= 1 << (3 * r + o) | 1 << (3 * o + k);
                    o += 1;
                }
            }
            j += 1;
        }
        t[i] = MINIROW_CELLS[(m & !(i as u32)) as usize];
        i += 1;
    }
    t
};

/// The six ways a digit can sit in a band: one mini-row in each row and
/// each box, as 9-bit mini-row sets.
pub(super) const CONFIGS: [u32; 6] = {
    const PERMS: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        t[p] = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
        p += 1;
    }
    t
};

/// For a mini-row pattern: the configurations (bits of [`CONFIGS`]) it
/// still allows.
pub(super) const CONFIGS_IN: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        let mut p = 0;
        while p < 6 {
            if i as u32 & CONFIGS[p] == CONFIGS[p] {
                t[i] |= 1 << p;
            }
            p += 1;
        }
        i += 1;
    }
    t
};

/// How many configurations (see [`CONFIGS`]) a mini-row pattern allows.
pub(super) const N_CONFIGS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = CONFIGS_IN[i].count_ones() as u8;
        i += 1;
    }
    t
};

/// For a set of columns (9 bits): the other columns of the boxes they meet.
pub(super) const BOX_MATES: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut k = 0;
        while k < 3 {
            if (i >> (3 * k)) & 7 != 0 {
                t[i] |= 7 << (3 * k);
            }
            k += 1;
        }
        t[i] &= !(i as u32);
        i += 1;
    }
    t
};

/// Mini-column occupancy of a band, one bit per column.
#[inline(always)]
pub(super) fn fold_columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1ff
}

/// For each band, the two others.
pub(super) const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// For a 9-bit row: the row itself when it holds exactly one cell, else 0.
const LONE_CELL: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 0;
    while i < 512 {
        if (i as u32).count_ones() == 1 {
            t[i] = i as u16;
        }
        i += 1;
    }
    t
};

/// The cells of `w` that are alone in their row (a row is 9 bits).
#[inline(always)]
pub(super) fn row_singles(w: u32) -> u32 {
    u32::from(LONE_CELL[(w & 0x1ff) as usize])
        | u32::from(LONE_CELL[(w >> 9 & 0x1ff) as usize]) << 9
        | u32::from(LONE_CELL[(w >> 18 & 0x1ff) as usize]) << 18
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_tables_keep_exactly_the_permutations() {
        // A full pattern allows all six configurations.
        assert_eq!(keep_permutations(0x1ff), 0x1ff);
        assert_eq!(CONFIGS_IN[0x1ff].count_ones(), 6);
        // The diagonal alone is one configuration and keeps itself.
        let diagonal = 1 | 1 << 4 | 1 << 8;
        assert_eq!(keep_permutations(diagonal), diagonal);
        // A row with no mini-row leaves nothing.
        assert_eq!(keep_permutations(0x1ff & !0o7), 0);
        // Row 0 only in box 0: boxes 0 leaves rows 1 and 2.
        assert_eq!(keep_permutations(0o776 ^ 0o006 | 0o001), 0o661);
        for p in CONFIGS {
            assert_eq!(p.count_ones(), 3);
            assert_eq!(keep_permutations(p), p);
        }
        assert_eq!(MINIROW_CELLS[usize::from(BAND_KEPT[diagonal as usize])], 7 | 7 << 12 | 7 << 24);
    }

    #[test]
    fn band_peers_are_the_row_and_box_mates() {
        // Cell 0 of a band: 8 row mates and 6 box mates on the other rows.
        assert_eq!(BAND_PEERS[0], 0x1fe | 0b111 << 9 | 0b111 << 18);
        assert!((0..27).all(|i| BAND_PEERS[i] & 1 << i == 0 && BAND_PEERS[i].count_ones() == 14));
    }
}
