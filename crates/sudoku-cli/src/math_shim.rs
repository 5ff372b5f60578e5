//! The three C math functions the binary's dependencies call (`pow` from
//! indicatif's rate estimate, `log2f` from subsetter's font tables, `log2`
//! from the grader's rating), defined here from the pure-Rust `libm` crate.
//!
//! With them defined in the executable, the linker needs nothing from the
//! system's `libm.so` and drops it (`--as-needed`), so the dynamic loader
//! no longer maps and relocates it at every start: about 0.1 ms per process
//! (1.22 → 1.11 ms for `sudoku solve` on an empty file, alternating runs),
//! which is the whole-process overhead of a small `sudoku solve` run.
//! Only on Linux with glibc, where that was measured.
//!
//! `nm -D --undefined-only target/release/sudoku` lists what the binary
//! still takes from shared libraries; a new math call in a dependency shows
//! up there (and brings `libm.so` back, which costs only that 0.1 ms).

/// `pow(x, y)`: `x` raised to the power `y`.
// SAFETY: `no_mangle` makes this the program's `pow`. The signature is the
// C library's (`double pow(double, double)`), the body touches no memory
// and cannot unwind, and `libm::pow` is a port of musl's, accurate to
// within an ulp like glibc's; callers in Rust never read `errno`.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

/// `log2(x)`: the base-2 logarithm.
// SAFETY: as for `pow`; the C signature is `double log2(double)`.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn log2(x: f64) -> f64 {
    libm::log2(x)
}

/// `log2f(x)`: the base-2 logarithm in single precision.
// SAFETY: as for `pow`; the C signature is `float log2f(float)`.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn log2f(x: f32) -> f32 {
    libm::log2f(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Within `ulps` units in the last place of `expected`.
    fn close(got: f64, expected: f64, ulps: u64) -> bool {
        got.to_bits().abs_diff(expected.to_bits()) <= ulps
    }

    #[test]
    fn the_shims_compute_what_the_c_library_does() {
        // Exact cases.
        assert_eq!(pow(2.0, 10.0), 1024.0);
        assert_eq!(pow(10.0, -2.0), 0.01);
        assert_eq!(pow(0.0, 0.0), 1.0);
        assert_eq!(log2(1024.0), 10.0);
        assert_eq!(log2(1.0), 0.0);
        assert_eq!(log2f(8.0), 3.0);
        assert_eq!(log2f(0.5), -1.0);
        // Against values computed without these functions.
        assert!(close(pow(2.0, 0.5), 2f64.sqrt(), 1));
        assert!(close(pow(1.5, 3.0), 3.375, 0));
        assert!(close(log2(3.0), 1.584_962_500_721_156_2, 1));
        assert!(close(log2(10.0), std::f64::consts::LOG2_10, 1));
        assert!((log2f(10.0) - std::f32::consts::LOG2_10).abs() <= f32::EPSILON * 4.0);
        // Edge cases as in C.
        assert_eq!(log2(0.0), f64::NEG_INFINITY);
        assert!(log2(-1.0).is_nan());
        assert!(pow(-8.0, 1.0 / 3.0).is_nan());
    }
}
