//! Development automation: `cargo xtask <task>`.
//!
//! - `cargo xtask bench [NAME ...]`: runs the benchmarks of `sudoku-bench`
//!   (every one when no NAME is given) in release mode; they read
//!   `../shared/datasets` when present and print markdown tables. Before
//!   `solve` it builds the release `sudoku` binary and the `peer_solve`
//!   example, which that bench runs as whole processes, and, when tdoku's
//!   source is found (`$TDOKU_SRC`, or the fetched mirror), the bench-only
//!   `target/release/tdoku_driver` (`crates/sudoku-bench/peers/tdoku/`). With
//!   `SUDOKU_BASELINE=path/to/sudoku` set, every bench also times that
//!   binary against this build's release `sudoku` as whole processes on the
//!   same input (`sudoku_bench::BaselineRun`) and prints the ratio.
//! - `cargo xtask bench python`: the Python package against `sudoku solve`
//!   on the 17-clue file (`$SUDOKU_DATASETS/solve/puzzles2_17_clue`, else
//!   `shared/datasets/...` beside the workspace): builds the release
//!   `sudoku` binary, installs maturin, numpy and `crates/sudoku-py` in the
//!   virtual environment `target/bench-python-venv` (made when missing), and
//!   runs `crates/sudoku-py/bench/bench_solve.py`. Only run when named.
//! - `cargo xtask fuzz [--seconds N | --total-seconds N] [--jobs N]
//!   [--sanitizer S] [TARGET ...]`: builds the fuzz targets of `fuzz/` (every
//!   `[[bin]]` of `fuzz/Cargo.toml` when none is named) in one `cargo fuzz
//!   build`, then runs each for N seconds (default 60), or for N seconds in
//!   all, shared evenly (CI's fixed budget), `--jobs` at a time (default: the
//!   number of cores; libFuzzer runs on one), with `cargo
//!   fuzz` (its default sanitizer, address, unless `--sanitizer` names
//!   another), and reports how long each
//!   ran, how many inputs it tried, and whether it found anything; it fails
//!   when one did. Each target starts from its corpus `fuzz/corpus/TARGET/`
//!   (not committed; it grows there) and the hand-written seeds of
//!   `fuzz/seeds/TARGET/`, when there are some. Needs `cargo install
//!   cargo-fuzz`; uses the nightly toolchain when rustup has one, else sets
//!   `RUSTC_BOOTSTRAP=1` for the sanitizer flags. A crash leaves its input in
//!   `fuzz/artifacts/TARGET/`: make it a fixture and a regression test.
//! - `cargo xtask compare --baseline PATH [--candidate PATH] [--puzzles N]`:
//!   runs another build of `sudoku` (the baseline) and this one (built
//!   first) on the same inputs, every command in every format, and reports
//!   every difference in stdout, stderr, exit code and output files (see
//!   `compare.rs`); exits 1 when anything differs.
//! - `cargo xtask kills [--runs N] [--seed S]`: kills runs that replace an
//!   older set of output files at random times (N per scenario, default
//!   100) and checks that each leaves the old set whole or the new set whole
//!   (see `kills.rs`).

mod compare;
mod kills;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The benchmarks `cargo xtask bench` runs, in order: files in
/// `crates/sudoku-bench/benches/`.
const BENCHES: &[&str] =
    &["solve", "stream", "generate", "max_score", "print", "grade", "hint", "canon", "serve"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => bench(&args[1..]),
        Some("fuzz") => fuzz(&args[1..]),
        Some("kills") => kills::kills(&args[1..], &project_root()),
        Some("compare") => compare::compare(&args[1..], &project_root()),
        _ => {
            eprintln!("usage: cargo xtask bench [{}|python]", BENCHES.join("|"));
            eprintln!(
                "       cargo xtask fuzz [--seconds N | --total-seconds N] [--jobs N] [--sanitizer S] [TARGET ...]"
            );
            eprintln!("       cargo xtask kills [--runs N] [--seed S]");
            eprintln!("       cargo xtask compare --baseline PATH [--candidate PATH] [--puzzles N] [--only GROUP,...] [--keep]");
            ExitCode::from(2)
        }
    }
}

fn bench(names: &[String]) -> ExitCode {
    let chosen: Vec<&str> =
        if names.is_empty() { BENCHES.to_vec() } else { names.iter().map(String::as_str).collect() };
    for name in chosen {
        if name == "python" {
            match bench_python() {
                Ok(()) => continue,
                Err(code) => return code,
            }
        }
        if !BENCHES.contains(&name) {
            eprintln!("xtask: unknown benchmark {name:?}; known: {}", BENCHES.join(", "));
            return ExitCode::from(2);
        }
        if name == "serve" {
            // The load test runs the release binary's `sudoku serve`.
            let built = Command::new(env!("CARGO"))
                .args(["build", "--release", "-p", "sudoku-cli"])
                .current_dir(project_root())
                .status();
            if !built.is_ok_and(|s| s.success()) {
                eprintln!("xtask: `cargo build --release -p sudoku-cli` failed");
                return ExitCode::from(1);
            }
        }
        if name == "solve" {
            for args in [
                &["build", "--release", "-p", "sudoku-cli"][..],
                &["build", "--release", "-p", "sudoku-bench", "--example", "peer_solve"][..],
            ] {
                match Command::new(env!("CARGO")).args(args).current_dir(project_root()).status() {
                    Ok(s) if s.success() => {}
                    _ => {
                        eprintln!("xtask: `cargo {}` failed", args.join(" "));
                        return ExitCode::from(1);
                    }
                }
            }
            build_tdoku_driver();
        }
        let status = Command::new(env!("CARGO"))
            .args(["bench", "-p", "sudoku-bench", "--bench", name])
            .current_dir(project_root())
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => {
                eprintln!("xtask: benchmark {name} failed: {s}");
                return ExitCode::from(1);
            }
            Err(e) => {
                eprintln!("xtask: cannot run cargo: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// Where tdoku's source may be: `$TDOKU_SRC` when set, else a checkout
/// fetched beside the workspace's parent (`/work/.mirror/...`-style mirrors
/// are bare git directories: their `HEAD` is exported to `target/tdoku-src`).
fn tdoku_source() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("TDOKU_SRC") {
        let dir = PathBuf::from(dir);
        return dir.join("src/solver_dpll_triad_simd.cc").is_file().then_some(dir);
    }
    let root = project_root();
    let exported = root.join("target/tdoku-src");
    if exported.join("src/solver_dpll_triad_simd.cc").is_file() {
        return Some(exported);
    }
    let bare =
        root.ancestors().skip(1).map(|a| a.join(".mirror/t-dillon+tdoku/repo")).find(|d| d.is_dir())?;
    std::fs::create_dir_all(&exported).ok()?;
    // `git archive HEAD src include LICENSE | tar -x`: only what the driver
    // needs (the repository also holds large data files).
    let archive = Command::new("git")
        .arg("--git-dir")
        .arg(&bare)
        .args(["archive", "HEAD", "src", "include", "LICENSE"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    let status =
        Command::new("tar").arg("-x").arg("-C").arg(&exported).stdin(archive.stdout?).status().ok()?;
    (status.success() && exported.join("src/solver_dpll_triad_simd.cc").is_file()).then_some(exported)
}

/// Builds `target/release/tdoku_driver`, the bench-only whole-process
/// driver of `crates/sudoku-bench/peers/tdoku/driver.cc` linked with
/// tdoku's `solver_dpll_triad_simd.cc` (`g++ -O3 -march=native`), when
/// tdoku's source is found (see [`tdoku_source`]). Otherwise, or when the
/// compiler fails, it says so and the solve bench skips the tdoku rows.
fn build_tdoku_driver() {
    let root = project_root();
    let out = root.join("target/release/tdoku_driver");
    let _ = std::fs::remove_file(&out);
    let Some(src) = tdoku_source() else {
        eprintln!(
            "xtask: tdoku source not found (set TDOKU_SRC to a checkout of t-dillon/tdoku): no tdoku rows"
        );
        return;
    };
    let driver = root.join("crates/sudoku-bench/peers/tdoku/driver.cc");
    let status = Command::new("g++")
        .args(["-O3", "-march=native", "-std=c++17", "-DNDEBUG"])
        .arg(format!("-I{}", src.join("include").display()))
        .arg(format!("-I{}", src.join("src").display()))
        .arg("-o")
        .arg(&out)
        .arg(&driver)
        .arg(src.join("src/solver_dpll_triad_simd.cc"))
        .arg(src.join("src/util.cc"))
        .status();
    match status {
        Ok(s) if s.success() => eprintln!("xtask: built {} from {}", out.display(), src.display()),
        _ => eprintln!("xtask: g++ could not build the tdoku driver: no tdoku rows"),
    }
}

/// The shared datasets folder: `$SUDOKU_DATASETS` when set, else the first
/// `shared/datasets` beside the workspace or one of its ancestors (as
/// `sudoku_bench::datasets_dir` finds it).
fn datasets_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SUDOKU_DATASETS") {
        return Some(PathBuf::from(dir));
    }
    project_root().ancestors().skip(1).map(|a| a.join("shared/datasets")).find(|d| d.is_dir())
}

/// Runs `program args` in the workspace root; `Err` with exit code 1 and a
/// message when it fails.
fn run(program: &Path, args: &[&str]) -> Result<(), ExitCode> {
    match Command::new(program).args(args).current_dir(project_root()).status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => {
            eprintln!("xtask: `{} {}` failed: {s}", program.display(), args.join(" "));
            Err(ExitCode::from(1))
        }
        Err(e) => {
            eprintln!("xtask: cannot run {}: {e}", program.display());
            Err(ExitCode::from(2))
        }
    }
}

/// `cargo xtask bench python`: see the crate docs.
fn bench_python() -> Result<(), ExitCode> {
    let file = datasets_dir().map(|d| d.join("solve/puzzles2_17_clue"));
    let Some(file) = file.filter(|f| f.is_file()) else {
        eprintln!(
            "xtask: the 17-clue file (49,158 puzzles) is missing: expected solve/puzzles2_17_clue in \
             $SUDOKU_DATASETS or in shared/datasets beside the workspace"
        );
        return Err(ExitCode::from(2));
    };
    let root = project_root();
    run(Path::new(env!("CARGO")), &["build", "--release", "-p", "sudoku-cli"])?;
    let venv = root.join("target/bench-python-venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        run(Path::new("python3"), &["-m", "venv", &venv.to_string_lossy()])?;
    }
    run(&python, &["-m", "pip", "install", "-q", "maturin", "numpy"])?;
    run(&python, &["-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", "./crates/sudoku-py"])?;
    let bin = root.join("target/release/sudoku");
    let script = root.join("crates/sudoku-py/bench/bench_solve.py");
    run(&python, &[&script.to_string_lossy(), &bin.to_string_lossy(), &file.to_string_lossy()])
}

/// The fuzz targets: the `[[bin]]` names of `fuzz/Cargo.toml`, in order.
/// A line scan, not a TOML parser: each `name = "..."` that follows a
/// `[[bin]]` header, before the next header.
fn fuzz_targets() -> Result<Vec<String>, String> {
    let path = project_root().join("fuzz/Cargo.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let targets = bin_names(&text);
    if targets.is_empty() {
        return Err(format!("no [[bin]] targets in {}", path.display()));
    }
    Ok(targets)
}

fn bin_names(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(value) = line.strip_prefix("name").map(str::trim_start) {
            if let (true, Some(value)) = (in_bin, value.strip_prefix('=')) {
                names.push(value.trim().trim_matches('"').to_string());
            }
        }
    }
    names
}

fn fuzz(args: &[String]) -> ExitCode {
    let known = match fuzz_targets() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("xtask: {e}");
            return ExitCode::from(2);
        }
    };
    let mut seconds = 60u64;
    let mut total: Option<u64> = None;
    let mut jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut sanitizer: Option<String> = None;
    let mut targets: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--sanitizer" {
            match it.next() {
                Some(name) => sanitizer = Some(name.clone()),
                None => {
                    eprintln!(
                        "xtask: --sanitizer takes a name (address, none, ...: see `cargo fuzz run --help`)"
                    );
                    return ExitCode::from(2);
                }
            }
        } else if a == "--seconds" || a == "--total-seconds" || a == "--jobs" {
            match it.next().and_then(|s| s.parse().ok()) {
                Some(n) if a == "--seconds" => seconds = n,
                Some(n) if a == "--total-seconds" => total = Some(n),
                Some(n) if n > 0 => jobs = n as usize,
                _ => {
                    eprintln!("xtask: {a} takes a whole number (--jobs: at least 1)");
                    return ExitCode::from(2);
                }
            }
        } else if known.contains(a) {
            targets.push(a);
        } else {
            eprintln!("xtask: unknown fuzz target {a:?}; known: {}", known.join(", "));
            return ExitCode::from(2);
        }
    }
    if targets.is_empty() {
        targets = known.iter().map(String::as_str).collect();
    }
    if let Some(total) = total {
        seconds = seconds_each(total, targets.len());
    }
    let Some(mut cargo_fuzz) = cargo_fuzz() else {
        eprintln!("xtask: cargo fuzz is not installed; run `cargo install cargo-fuzz`");
        return ExitCode::from(2);
    };
    // One build of every target first: cargo builds them in parallel, and the
    // runs below find them built (each `cargo fuzz run` alone would link its
    // target while the other job waits on the build lock).
    // `cargo fuzz build` takes one target or none (all of them).
    let root = project_root();
    let builds: Vec<Option<&str>> =
        if targets.len() == known.len() { vec![None] } else { targets.iter().copied().map(Some).collect() };
    for target in builds {
        let mut build = cargo_fuzz.command();
        build.args(["fuzz", "build"]).args(sanitizer.iter().flat_map(|s| ["--sanitizer", s.as_str()]));
        build.args(target).current_dir(&root);
        cargo_fuzz.warned = true;
        match build.status() {
            Ok(status) if status.success() => {}
            Ok(status) => {
                eprintln!("xtask: cargo fuzz build failed ({status})");
                return ExitCode::from(1);
            }
            Err(e) => {
                eprintln!("xtask: cannot run cargo fuzz: {e}");
                return ExitCode::from(2);
            }
        }
    }
    // `jobs` targets at a time (libFuzzer uses one core a run): the same
    // seconds of fuzzing each, in 1/jobs of the wall time.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<FuzzRun>>> =
        targets.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(targets.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(target) = targets.get(i) else { break };
                let run = fuzz_one(&cargo_fuzz, &root, target, sanitizer.as_deref(), seconds);
                *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(run);
            });
        }
    });
    println!("| target | seconds | runs | result |");
    println!("|---|---:|---:|---|");
    let mut code = ExitCode::SUCCESS;
    for (target, run) in targets.iter().zip(results) {
        match run.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(FuzzRun::Ran { runs, ok, log_tail }) => {
                let result = if ok { "nothing found" } else { "FOUND A FAILURE (see fuzz/artifacts)" };
                println!("| {target} | {seconds} | {runs} | {result} |");
                if !ok {
                    eprintln!("{log_tail}");
                    code = ExitCode::from(1);
                }
            }
            Some(FuzzRun::Error(e)) => {
                eprintln!("xtask: {target}: {e}");
                return ExitCode::from(2);
            }
            None => unreachable!("every target is run"),
        }
    }
    code
}

/// What one target's run came to.
enum FuzzRun {
    /// libFuzzer ran: how many inputs it tried, whether it found nothing,
    /// and the end of its log (printed when it found something).
    Ran { runs: String, ok: bool, log_tail: String },
    /// It could not be started.
    Error(String),
}

/// Fuzzes `target` for `seconds`, from its corpus and seeds.
fn fuzz_one(
    cargo_fuzz: &CargoFuzz,
    root: &Path,
    target: &str,
    sanitizer: Option<&str>,
    seconds: u64,
) -> FuzzRun {
    let corpus = root.join("fuzz/corpus").join(target);
    if let Err(e) = std::fs::create_dir_all(&corpus) {
        return FuzzRun::Error(format!("cannot create {}: {e}", corpus.display()));
    }
    // New inputs go to the first directory; the seeds are only read.
    let mut dirs = vec![corpus];
    let seeds = root.join("fuzz/seeds").join(target);
    if seeds.is_dir() {
        dirs.push(seeds);
    }
    // A hang is a failure too: no single input may take 30 s.
    let out = cargo_fuzz
        .command()
        .args(["fuzz", "run", target])
        .args(sanitizer.iter().flat_map(|s| ["--sanitizer", s]))
        .args(&dirs)
        .args(["--", &format!("-max_total_time={seconds}"), "-timeout=30"])
        .current_dir(root)
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => return FuzzRun::Error(format!("cannot run cargo fuzz: {e}")),
    };
    let log = String::from_utf8_lossy(&out.stderr);
    // libFuzzer ends with "Done N runs in S second(s)"; a run stopped by
    // a crash has only its status lines, "#N ...".
    let runs = log
        .lines()
        .rev()
        .find_map(|l| match l.strip_prefix("Done ") {
            Some(rest) => rest.split_whitespace().next(),
            None => l.strip_prefix('#').and_then(|r| r.split_whitespace().next()),
        })
        .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        .unwrap_or("?")
        .to_string();
    let lines: Vec<&str> = log.lines().collect();
    let log_tail = lines[lines.len().saturating_sub(60)..].join("\n");
    FuzzRun::Ran { runs, ok: out.status.success(), log_tail }
}

/// `--total-seconds` shared evenly over `n_targets` targets, at least one
/// second each.
fn seconds_each(total: u64, n_targets: usize) -> u64 {
    (total / n_targets.max(1) as u64).max(1)
}

/// How to run `cargo fuzz`: on the nightly toolchain when rustup has one,
/// else on this toolchain with `RUSTC_BOOTSTRAP=1`.
struct CargoFuzz {
    nightly: bool,
    /// Whether the fallback was already announced.
    warned: bool,
}

impl CargoFuzz {
    fn command(&self) -> Command {
        if self.nightly {
            // `cargo` on PATH is rustup's proxy, which understands `+nightly`.
            let mut c = Command::new("cargo");
            c.arg("+nightly");
            c
        } else {
            if !self.warned {
                eprintln!("xtask: no nightly toolchain; running cargo fuzz with RUSTC_BOOTSTRAP=1");
            }
            let mut c = Command::new(env!("CARGO"));
            c.env("RUSTC_BOOTSTRAP", "1");
            c
        }
    }
}

/// `None` when `cargo fuzz` is not installed.
fn cargo_fuzz() -> Option<CargoFuzz> {
    let succeeds = |c: &mut Command| c.output().map(|o| o.status.success()).unwrap_or(false);
    let nightly = succeeds(Command::new("cargo").args(["+nightly", "--version"]));
    let cargo_fuzz = CargoFuzz { nightly, warned: false };
    succeeds(cargo_fuzz.command().args(["fuzz", "--version"])).then_some(cargo_fuzz)
}

fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_total_fuzz_budget_is_shared_evenly_and_never_below_a_second() {
        assert_eq!(seconds_each(60, 10), 6);
        assert_eq!(seconds_each(60, 7), 8);
        assert_eq!(seconds_each(5, 10), 1);
        assert_eq!(seconds_each(60, 0), 60);
    }

    #[test]
    fn fuzz_targets_are_the_bin_names_of_the_fuzz_manifest() {
        let manifest = "[package]\nname = \"sudoku-fuzz\"\n\n[[bin]]\nname = \"a\"\npath = \"a.rs\"\n\n[dependencies]\nname = \"x\"\n\n[[bin]]\npath = \"b.rs\"\nname=\"b\"\n";
        assert_eq!(bin_names(manifest), ["a", "b"]);
        let here = fuzz_targets().unwrap();
        for t in ["parse_line", "records", "grade", "csv_records"] {
            assert!(here.iter().any(|h| h == t), "{t} missing from {here:?}");
        }
        for t in &here {
            assert!(project_root().join(format!("fuzz/fuzz_targets/{t}.rs")).is_file(), "{t}");
        }
    }
}
