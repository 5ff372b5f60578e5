//! Tests of the minlex form and of transformations.

mod canonical;
mod transform;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_canon::Transform;
use sudoku_core::Grid;

/// The fixture puzzles, solution grids among them (from the
/// `puzzle:count:solution` lines).
pub fn fixture_grids() -> Vec<Grid> {
    let mut out = Vec::new();
    for name in ["17clue.txt", "hard.txt", "top95.txt", "multi.txt", "unsolvable.txt"] {
        let path = format!("{}/../../fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let mut fields = line.split(':');
            out.push(Grid::parse_line(fields.next().unwrap()).unwrap());
            if let Some(solution) = fields.nth(1).filter(|s| !s.is_empty()) {
                out.push(Grid::parse_line(solution).unwrap());
            }
        }
    }
    out
}

/// A random transformation, drawn uniformly.
pub fn random_transform(rng: &mut ChaCha8Rng) -> Transform {
    let mut lines = || {
        let mut blocks = [0u8, 1, 2];
        shuffle(rng, &mut blocks);
        let mut out = [0u8; 9];
        for (slot, b) in blocks.iter().enumerate() {
            let mut within = [0u8, 1, 2];
            shuffle(rng, &mut within);
            for i in 0..3 {
                out[slot * 3 + i] = b * 3 + within[i];
            }
        }
        out
    };
    let (rows, cols) = (lines(), lines());
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    shuffle(rng, &mut digits);
    Transform::new(rng.gen(), rows, cols, digits).unwrap()
}

fn shuffle(rng: &mut ChaCha8Rng, v: &mut [u8]) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.gen_range(0..=i));
    }
}

/// A random grid with `n` cells filled with random digits (no care for
/// validity: the form is defined for any grid).
pub fn random_grid(rng: &mut ChaCha8Rng, n: usize) -> Grid {
    let mut cells = [0u8; 81];
    for _ in 0..n {
        cells[rng.gen_range(0..81)] = rng.gen_range(1..=9);
    }
    Grid::from_array(cells).unwrap()
}

/// A seeded random number generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}
