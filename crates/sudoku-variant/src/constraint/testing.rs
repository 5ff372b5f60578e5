//! What the rule files' tests share.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub(crate) use super::Masks as Board;
use super::{Instance, Kind, KINDS};
use crate::{Puzzle, VariantSolver};

/// A random classic 9×9 grid.
pub fn random_grid(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let blank = Puzzle::blank(9).expect("9 is a size");
    VariantSolver::new(&blank).solve_random(&[0; 81], rng, u64::MAX).expect("no stop").expect("a grid")
}

/// `len` random candidate masks of digits 1..=`n`, each digit in with
/// probability `density`.
pub fn random_masks(rng: &mut ChaCha8Rng, len: usize, n: usize, density: f64) -> Vec<u32> {
    use rand::Rng;
    (0..len).map(|_| (0..n).filter(|_| rng.gen_bool(density)).fold(0u32, |m, d| m | 1 << d)).collect()
}

/// Instances of every drawn kind, each sprinkled on `grids` random
/// classic grids (from `seed`), with the kind and the grid they were drawn
/// true of: what the tests of a kind's other forms go through.
pub fn drawn_on_random_grids(seed: u64, grids: usize) -> Vec<(&'static dyn Kind, Instance, Vec<u8>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let blank = Puzzle::blank(9).expect("9 is a size");
    let mut out = Vec::new();
    for &kind in KINDS.iter().filter(|k| !k.global() && !k.tiles()) {
        for _ in 0..grids {
            let grid = random_grid(&mut rng);
            let drawn = kind.sprinkle(&blank, &grid, &mut rng);
            out.extend(drawn.into_iter().map(|it| (kind, it, grid.clone())));
        }
    }
    out
}

/// Checks [`Kind::narrow`] against brute force on `trials` random
/// instances: `make(len, rng)` builds an instance on cells `0..len` for
/// a length of `lens` (cells never share a house here), and `keeps`
/// says whether digits on cells `0..len` keep the rule. On random
/// candidates (a fifth of them down to one digit a cell), narrowing
/// must keep every digit some assignment keeping the rule uses, and
/// must refuse a board of single digits that breaks it.
pub fn narrow_matches_brute_force(
    kind: &dyn Kind,
    n: usize,
    lens: std::ops::RangeInclusive<usize>,
    make: impl Fn(usize, &mut dyn FnMut() -> u32) -> Instance,
    keeps: impl Fn(&Instance, &[u8]) -> bool,
) {
    check_narrow(kind, n, lens, make, keeps, false);
}

/// [`narrow_matches_brute_force`], and where some assignment keeps the
/// rule, narrowing keeps nothing else either: each cell is left exactly
/// the digits such assignments use (a kind whose one pass is exact on
/// cells that share no house).
pub fn narrow_is_exact(
    kind: &dyn Kind,
    n: usize,
    lens: std::ops::RangeInclusive<usize>,
    make: impl Fn(usize, &mut dyn FnMut() -> u32) -> Instance,
    keeps: impl Fn(&Instance, &[u8]) -> bool,
) {
    check_narrow(kind, n, lens, make, keeps, true);
}

fn check_narrow(
    kind: &dyn Kind,
    n: usize,
    lens: std::ops::RangeInclusive<usize>,
    make: impl Fn(usize, &mut dyn FnMut() -> u32) -> Instance,
    keeps: impl Fn(&Instance, &[u8]) -> bool,
    exact: bool,
) {
    let mut seed = 0x5eed_u64 ^ n as u64;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    };
    let full = (1u32 << n) - 1;
    let span = (lens.end() - lens.start() + 1) as u32;
    for trial in 0..400 {
        let len = lens.start() + (next() % span) as usize;
        let it = make(len, &mut next);
        let singles = trial % 5 == 0;
        let cands: Vec<u32> = (0..len)
            .map(|_| match singles {
                true => 1 << (next() % n as u32),
                false => (next() & full) | 1 << (next() % n as u32),
            })
            .collect();
        let mut support = vec![0u32; len];
        let mut digits = vec![1u8; len];
        loop {
            if digits.iter().zip(&cands).all(|(&d, &m)| m >> (d - 1) & 1 == 1) && keeps(&it, &digits) {
                for (s, &d) in support.iter_mut().zip(&digits) {
                    *s |= 1 << (d - 1);
                }
            }
            let Some(k) = digits.iter().position(|&d| usize::from(d) < n) else { break };
            digits[k] += 1;
            digits[..k].iter_mut().for_each(|d| *d = 1);
        }
        let mut board = Board(cands.clone());
        let ok = kind.narrow(&it, n, &mut board);
        let possible = support.iter().all(|&s| s != 0);
        if possible {
            assert!(ok, "{}: {it:?} {cands:?} refused", kind.name());
            for (k, &s) in support.iter().enumerate() {
                assert_eq!(board.0[k] & s, s, "{}: {it:?} {cands:?} lost a digit at {k}", kind.name());
                if exact {
                    assert_eq!(
                        board.0[k],
                        s,
                        "{}: {it:?} {cands:?} kept an unused digit at {k}",
                        kind.name()
                    );
                }
            }
        }
        if singles {
            assert_eq!(ok, possible, "{}: {it:?} on the single digits {cands:?}", kind.name());
        }
    }
}
