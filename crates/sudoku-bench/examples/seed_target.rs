//! The seed program of the max-score ("target sudoku") problem, rewritten
//! as a baseline: a plain DFS in the style of the classic NOIP 2009
//! solutions. Row, column and box bit masks; fill the empty cell with the
//! fewest candidates first; at every complete grid, keep the highest score.
//! No bound at all, so it explores every completion.
//!
//! Reads the judge format on stdin (T, then T grids of 81 integers) and
//! prints one score per grid, -1 when there is no completion. Used by
//! `cargo xtask bench max_score` for the whole-process comparison.

use std::io::{self, Read, Write};

struct Seed {
    cells: [u8; 81],
    row: [u16; 9],
    col: [u16; 9],
    block: [u16; 9],
    best: i64,
}

fn weight(cell: usize) -> i64 {
    let (r, c) = ((cell / 9) as i64, (cell % 9) as i64);
    10 - (r - 4).abs().max((c - 4).abs())
}

fn block(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

impl Seed {
    fn dfs(&mut self, score: i64) {
        // The empty cell with the fewest candidates.
        let mut pick = None;
        let mut fewest = 10;
        for cell in 0..81 {
            if self.cells[cell] == 0 {
                let free = !(self.row[cell / 9] | self.col[cell % 9] | self.block[block(cell)]) & 0x1ff;
                let n = free.count_ones();
                if n < fewest {
                    fewest = n;
                    pick = Some((cell, free));
                }
            }
        }
        let Some((cell, mut free)) = pick else {
            self.best = self.best.max(score);
            return;
        };
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let d = bit.trailing_zeros() as u8 + 1;
            self.place(cell, d, bit);
            self.dfs(score + i64::from(d) * weight(cell));
            self.cells[cell] = 0;
            self.row[cell / 9] ^= bit;
            self.col[cell % 9] ^= bit;
            self.block[block(cell)] ^= bit;
        }
    }

    fn place(&mut self, cell: usize, d: u8, bit: u16) {
        self.cells[cell] = d;
        self.row[cell / 9] |= bit;
        self.col[cell % 9] |= bit;
        self.block[block(cell)] |= bit;
    }
}

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut numbers = input.split_whitespace().map(|t| t.parse::<u8>().unwrap_or(0));
    let n_grids = numbers.next().unwrap_or(0);
    let mut out = io::stdout().lock();
    for _ in 0..n_grids {
        let mut seed = Seed { cells: [0; 81], row: [0; 9], col: [0; 9], block: [0; 9], best: -1 };
        let mut score = 0;
        for cell in 0..81 {
            let d = numbers.next().unwrap_or(0).min(9);
            if d != 0 {
                seed.place(cell, d, 1 << (d - 1));
                score += i64::from(d) * weight(cell);
            }
        }
        seed.dfs(score);
        writeln!(out, "{}", seed.best)?;
    }
    Ok(())
}
