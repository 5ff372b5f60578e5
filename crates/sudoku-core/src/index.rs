//! Cell, row, column and box index tables, computed at compile time.
//!
//! Cells are numbered row-major:
//!
//! ```text
//!  0  1  2 |  3  4  5 |  6  7  8
//!  9 10 11 | 12 13 14 | 15 16 17
//! 18 19 20 | 21 22 23 | 24 25 26
//! ---------+----------+---------
//! 27 ...                     35
//! ...
//! 72 73 74 | 75 76 77 | 78 79 80
//! ```
//!
//! Units (houses) are numbered rows 0–8, columns 9–17, boxes 18–26.

/// Row of each cell.
pub const ROW: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = (i / 9) as u8;
        i += 1;
    }
    t
};

/// Column of each cell.
pub const COL: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = (i % 9) as u8;
        i += 1;
    }
    t
};

/// Box of each cell (boxes numbered row-major, 0–8).
pub const BOX: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = ((i / 27) * 3 + (i % 9) / 3) as u8;
        i += 1;
    }
    t
};

/// The nine cells of each of the 27 units: rows, then columns, then boxes.
pub const UNITS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut u = 0;
    while u < 9 {
        let mut k = 0;
        while k < 9 {
            t[u][k] = (u * 9 + k) as u8;
            t[9 + u][k] = (k * 9 + u) as u8;
            t[18 + u][k] = ((u / 3) * 27 + (u % 3) * 3 + (k / 3) * 9 + k % 3) as u8;
            k += 1;
        }
        u += 1;
    }
    t
};

/// The 20 peers of each cell: the other cells of its row, column and box.
pub const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut p = 0;
        while p < 81 {
            if p != c && (ROW[p] == ROW[c] || COL[p] == COL[c] || BOX[p] == BOX[c]) {
                t[c][n] = p as u8;
                n += 1;
            }
            p += 1;
        }
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_three_units_and_has_twenty_distinct_peers() {
        for c in 0..81u8 {
            let n_units = UNITS.iter().filter(|u| u.contains(&c)).count();
            assert_eq!(n_units, 3, "cell {c}");
            let mut peers = PEERS[c as usize].to_vec();
            peers.sort_unstable();
            peers.dedup();
            assert_eq!(peers.len(), 20);
            assert!(!peers.contains(&c));
        }
        assert_eq!(UNITS[18 + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    }
}
