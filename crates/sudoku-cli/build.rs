//! Link flags for the `sudoku` binary, for a faster start-up.
//!
//! On Linux with glibc the binary is linked as a plain (non-PIE)
//! executable. A position-independent one carries ~3,500 relative
//! relocations (pointers in clap's and serde's static tables, vtables)
//! that the dynamic loader applies at every start, writing ~50 KB of
//! `.data.rel.ro` pages; a plain executable has them resolved at link
//! time. On an empty input this saves ~13 page faults and ~40,000
//! instructions per run. The code itself is unchanged (still compiled
//! position-independent); only the executable's load address is fixed,
//! so it is not randomised (the stack, heap and libraries still are).
//!
//! Left alone: other systems, musl, and static builds (`crt-static`, which
//! links a static PIE of its own).

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let crt_static = features.split(',').any(|f| f == "crt-static");
    if os == "linux" && env == "gnu" && !crt_static {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
