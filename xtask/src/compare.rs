//! `cargo xtask compare`: runs a baseline `sudoku` binary and a candidate
//! on the same inputs and reports every difference.
//!
//! Usage: `cargo xtask compare --baseline PATH [--candidate PATH]
//! [--puzzles N] [--only GROUP,...] [--keep]`.
//!
//! The candidate defaults to the workspace's release `sudoku`, built first.
//! The baseline makes the inputs (`compare/inputs.rs`; the cases are in
//! `compare/cases.rs`): the fixtures, N puzzles (default 10,000) generated
//! with a fixed seed, and files derived from them (CSV, block, judge
//! formats, player positions with pencil marks, a clue pattern, weights).
//! Each case runs both binaries, one after the other, in the same fresh
//! working directory (so paths in messages agree), through a symlink named
//! `sudoku` (so clap's usage lines name the same program), and compares
//! the exit code, stdout, stderr and every file left in the directory,
//! byte for byte. The one thing masked is the random part of a temporary
//! file's name in stderr. A PDF that differs is also compared as text with
//! `pdftotext` when it is installed, to say where.
//!
//! Each difference prints one line: the case and the first differing line
//! (or byte). The run ends with a table per command group (cases,
//! differences, seconds per side) and exits 1 when anything differed, 2 on
//! a usage or setup error. The temporary directory is removed unless
//! something differed or `--keep` is given.

mod cases;
mod inputs;
mod variant;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// One run of both binaries: the arguments, what stdin holds, and files
/// placed in the working directory beforehand.
pub(crate) struct Case {
    /// The command group it is reported under (`solve`, `hint`, ...).
    group: &'static str,
    args: Vec<String>,
    /// A file fed to stdin; stdin is empty (`/dev/null`) without one.
    stdin: Option<PathBuf>,
    /// Files written into the working directory before the run.
    setup: Vec<(String, Vec<u8>)>,
}

impl Case {
    pub(crate) fn new(group: &'static str, args: &[&str]) -> Case {
        Case { group, args: args.iter().map(|a| a.to_string()).collect(), stdin: None, setup: Vec::new() }
    }

    /// The same case with `path` on stdin.
    pub(crate) fn stdin(mut self, path: &Path) -> Case {
        self.stdin = Some(path.to_path_buf());
        self
    }

    /// The same case with a file `name` holding `content` in the working
    /// directory before the run.
    pub(crate) fn with_file(mut self, name: &str, content: &[u8]) -> Case {
        self.setup.push((name.to_string(), content.to_vec()));
        self
    }

    fn label(&self) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| if a.is_empty() || a.contains(' ') { format!("'{a}'") } else { a.clone() })
            .collect();
        let mut label = format!("sudoku {}", args.join(" "));
        if let Some(stdin) = &self.stdin {
            label += &format!(" < {}", stdin.display());
        }
        for (name, _) in &self.setup {
            label += &format!(" [with {name}]");
        }
        label
    }
}

/// What one binary did on one case.
struct Outcome {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// Every file in the working directory afterwards, by relative path.
    files: BTreeMap<String, Vec<u8>>,
    time: Duration,
}

/// What the cases of one command group came to.
#[derive(Default)]
struct GroupTally {
    group: &'static str,
    n_cases: usize,
    n_differ: usize,
    /// Cases by the baseline's exit code: 0, 1, 2, anything else.
    n_by_code: [usize; 4],
    /// Seconds spent by each side: baseline, candidate.
    time: [Duration; 2],
}

/// The parsed command line.
struct Options {
    baseline: PathBuf,
    candidate: Option<PathBuf>,
    n_puzzles: usize,
    only: Vec<String>,
    keep: bool,
}

const USAGE: &str =
    "usage: cargo xtask compare --baseline PATH [--candidate PATH] [--puzzles N] [--only GROUP,...] [--keep]";

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        baseline: PathBuf::new(),
        candidate: None,
        n_puzzles: 10_000,
        only: Vec::new(),
        keep: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{arg} takes a value\n{USAGE}"));
        match arg.as_str() {
            "--baseline" => options.baseline = PathBuf::from(value()?),
            "--candidate" => options.candidate = Some(PathBuf::from(value()?)),
            "--puzzles" => {
                let v = value()?;
                options.n_puzzles = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("--puzzles takes a positive number: {v}"))?;
            }
            "--only" => options.only = value()?.split(',').map(str::to_string).collect(),
            "--keep" => options.keep = true,
            _ => return Err(format!("unknown argument {arg:?}\n{USAGE}")),
        }
    }
    if options.baseline.as_os_str().is_empty() {
        return Err(format!("--baseline is required\n{USAGE}"));
    }
    Ok(options)
}

/// `cargo xtask compare ...`: see the module docs.
pub(crate) fn compare(args: &[String], root: &Path) -> ExitCode {
    let options = match parse_options(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("xtask: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&options, root) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs every case; the number of cases that differed.
fn run(options: &Options, root: &Path) -> Result<usize, String> {
    let started = Instant::now();
    let root = &absolute(root)?;
    let baseline = absolute(&options.baseline)?;
    let candidate = match &options.candidate {
        Some(c) => absolute(c)?,
        None => build_candidate(root)?,
    };
    let tmp = std::env::temp_dir().join(format!("sudoku-compare-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    mkdir(&tmp)?;
    println!("# Comparing outputs\n");
    println!("baseline:  {}", baseline.display());
    println!("candidate: {}", candidate.display());
    println!("work dir:  {}\n", tmp.display());
    let bins = [
        link_as_sudoku(&baseline, &tmp.join("bin-baseline"))?,
        link_as_sudoku(&candidate, &tmp.join("bin-candidate"))?,
    ];

    let t = Instant::now();
    let inputs = inputs::Inputs::make(root, &tmp.join("inputs"), &bins[0], options.n_puzzles)?;
    let all_cases = cases::all(&inputs);
    let chosen: Vec<&Case> = all_cases
        .iter()
        .filter(|c| options.only.is_empty() || options.only.iter().any(|g| g == c.group))
        .collect();
    println!(
        "inputs: {} puzzles generated by the baseline (seed {}) and the fixtures, made in {:.1} s; {} cases\n",
        options.n_puzzles,
        inputs::SEED,
        t.elapsed().as_secs_f64(),
        chosen.len()
    );
    for note in inputs::notes(options.n_puzzles) {
        println!("note: {note}");
    }
    println!();

    let mut groups: Vec<GroupTally> = Vec::new();
    let mut n_differ = 0;
    for (case_idx, case) in chosen.iter().enumerate() {
        // Both sides run in the same directory, `run`, one after the
        // other, so that paths in messages are the same; each side's
        // directory is then moved to `case-NNNN/SIDE`.
        let dir = tmp.join(format!("case-{case_idx:04}"));
        mkdir(&dir)?;
        let mut outcomes = Vec::with_capacity(2);
        for (side, bin) in ["baseline", "candidate"].iter().zip(&bins) {
            let run_dir = tmp.join("run");
            outcomes.push(run_case(case, bin, &run_dir)?);
            std::fs::rename(&run_dir, dir.join(side))
                .map_err(|e| format!("cannot move {}: {e}", run_dir.display()))?;
        }
        let diffs = differences(&outcomes[0], &outcomes[1]);
        if !diffs.is_empty() {
            n_differ += 1;
            println!("DIFFERS [case-{case_idx:04}] {}", case.label());
            for d in &diffs {
                println!("    {d}");
            }
        } else {
            // Keep the disk small: a case that agrees leaves nothing.
            let _ = std::fs::remove_dir_all(&dir);
        }
        let group = match groups.iter_mut().position(|g| g.group == case.group) {
            Some(group_idx) => &mut groups[group_idx],
            None => {
                groups.push(GroupTally { group: case.group, ..GroupTally::default() });
                groups.last_mut().expect("just pushed")
            }
        };
        group.n_cases += 1;
        group.n_differ += usize::from(!diffs.is_empty());
        match outcomes[0].code {
            Some(code @ 0..=2) => group.n_by_code[code as usize] += 1,
            _ => group.n_by_code[3] += 1,
        }
        group.time[0] += outcomes[0].time;
        group.time[1] += outcomes[1].time;
    }

    println!("\n| group | cases | differ | baseline exit 0 / 1 / 2 / other | baseline s | candidate s |");
    println!("|---|---:|---:|---|---:|---:|");
    for g in &groups {
        let [c0, c1, c2, other] = g.n_by_code;
        println!(
            "| {} | {} | {} | {c0} / {c1} / {c2} / {other} | {:.2} | {:.2} |",
            g.group,
            g.n_cases,
            g.n_differ,
            g.time[0].as_secs_f64(),
            g.time[1].as_secs_f64()
        );
    }
    println!(
        "\n{} of {} cases differ; the whole run took {:.1} s.",
        n_differ,
        chosen.len(),
        started.elapsed().as_secs_f64()
    );
    if n_differ > 0 || options.keep {
        println!("The cases that differ are kept in {}.", tmp.display());
    } else {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    Ok(n_differ)
}

/// `cargo build --release -p sudoku-cli`, then the path of its `sudoku`.
fn build_candidate(root: &Path) -> Result<PathBuf, String> {
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "-p", "sudoku-cli", "--bin", "sudoku"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("`cargo build --release -p sudoku-cli` failed".to_string());
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"));
    absolute(&target.join("release").join(format!("sudoku{}", std::env::consts::EXE_SUFFIX)))
}

fn absolute(path: &Path) -> Result<PathBuf, String> {
    std::fs::canonicalize(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn mkdir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// A link named `sudoku` to `bin` in `dir` (clap names the program after
/// the file it was started as); `bin` itself where links are not made.
fn link_as_sudoku(bin: &Path, dir: &Path) -> Result<PathBuf, String> {
    mkdir(dir)?;
    let link = dir.join(format!("sudoku{}", std::env::consts::EXE_SUFFIX));
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(bin, &link).map_err(|e| format!("cannot link {}: {e}", link.display()))?;
        Ok(link)
    }
    #[cfg(not(unix))]
    {
        let _ = link;
        Ok(bin.to_path_buf())
    }
}

/// Runs `bin` on `case` in the fresh directory `dir`.
fn run_case(case: &Case, bin: &Path, dir: &Path) -> Result<Outcome, String> {
    mkdir(dir)?;
    for (name, content) in &case.setup {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            mkdir(parent)?;
        }
        std::fs::write(&path, content).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let stdin = match &case.stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?),
        None => Stdio::null(),
    };
    let t = Instant::now();
    let out = Command::new(bin)
        .args(&case.args)
        .current_dir(dir)
        .stdin(stdin)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let time = t.elapsed();
    let mut files = BTreeMap::new();
    read_tree(dir, dir, &mut files)?;
    Ok(Outcome { code: out.status.code(), stdout: out.stdout, stderr: out.stderr, files, time })
}

/// Every file under `dir`, by its path relative to `base`.
fn read_tree(base: &Path, dir: &Path, files: &mut BTreeMap<String, Vec<u8>>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            read_tree(base, &path, files)?;
        } else {
            let name = path.strip_prefix(base).unwrap_or(&path).to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            files.insert(name, bytes);
        }
    }
    Ok(())
}

/// One line per difference between the two outcomes; empty when they agree.
fn differences(baseline: &Outcome, candidate: &Outcome) -> Vec<String> {
    let mut diffs = Vec::new();
    if baseline.code != candidate.code {
        diffs.push(format!("exit code: baseline {:?}, candidate {:?}", baseline.code, candidate.code));
    }
    if let Some(d) = first_difference(&baseline.stdout, &candidate.stdout) {
        diffs.push(format!("stdout: {d}"));
    }
    if let Some(d) = first_difference(&mask_temp_names(&baseline.stderr), &mask_temp_names(&candidate.stderr))
    {
        diffs.push(format!("stderr: {d}"));
    }
    for (name, bytes) in &baseline.files {
        match candidate.files.get(name) {
            None => diffs.push(format!("file {name}: only the baseline wrote it")),
            Some(other) if other != bytes => {
                let d = if name.ends_with(".pdf") {
                    pdf_difference(bytes, other)
                } else {
                    first_difference(bytes, other).unwrap_or_default()
                };
                diffs.push(format!("file {name}: {d}"));
            }
            Some(_) => {}
        }
    }
    for name in candidate.files.keys().filter(|n| !baseline.files.contains_key(*n)) {
        diffs.push(format!("file {name}: only the candidate wrote it"));
    }
    diffs
}

/// `bytes` with the random part of each temporary file name masked: the
/// six characters of `.sudoku-XXXXXX.tmp` (an atomic write's temporary
/// file, named in some I/O errors) differ from run to run.
fn mask_temp_names(bytes: &[u8]) -> Vec<u8> {
    const PREFIX: &[u8] = b".sudoku-";
    let mut out = bytes.to_vec();
    let mut idx = 0;
    while idx + PREFIX.len() + 10 <= out.len() {
        let random = idx + PREFIX.len()..idx + PREFIX.len() + 6;
        if out[idx..].starts_with(PREFIX)
            && out[random.clone()].iter().all(u8::is_ascii_alphanumeric)
            && out[random.end..].starts_with(b".tmp")
        {
            out[random.clone()].fill(b'X');
            idx = random.end;
        } else {
            idx += 1;
        }
    }
    out
}

/// The longest a quoted line gets in a report.
const MAX_QUOTE: usize = 160;

/// Where two byte strings first differ: `None` when equal; for text, the
/// first differing line of each (1-based); for binary data, the offset.
fn first_difference(a: &[u8], b: &[u8]) -> Option<String> {
    if a == b {
        return None;
    }
    let is_text = |s: &[u8]| std::str::from_utf8(s).is_ok() && !s.contains(&0);
    if !is_text(a) || !is_text(b) {
        let offset = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
        return Some(format!(
            "bytes differ from offset {offset} (baseline {} bytes, candidate {} bytes)",
            a.len(),
            b.len()
        ));
    }
    let (mut lines_a, mut lines_b) = (a.split(|&c| c == b'\n'), b.split(|&c| c == b'\n'));
    let mut line_idx = 0;
    loop {
        line_idx += 1;
        match (lines_a.next(), lines_b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (x, y) => {
                return Some(format!("line {line_idx}: baseline {} | candidate {}", quote(x), quote(y)))
            }
        }
    }
}

/// A line for a report: quoted and cut at [`MAX_QUOTE`] characters, or
/// `(end)` past the last line.
fn quote(line: Option<&[u8]>) -> String {
    let Some(line) = line else { return "(end)".to_string() };
    let text = String::from_utf8_lossy(line);
    let mut cut: String = text.chars().take(MAX_QUOTE).collect();
    if cut.len() < text.len() {
        cut += "...";
    }
    format!("{cut:?}")
}

/// Two PDFs that differ in bytes: the offset, and the first differing line
/// of their text when `pdftotext` is installed.
fn pdf_difference(a: &[u8], b: &[u8]) -> String {
    let bytes = first_difference(a, b).unwrap_or_default();
    match (pdf_text(a), pdf_text(b)) {
        (Some(x), Some(y)) => match first_difference(&x, &y) {
            Some(d) => format!("{bytes}; text {d}"),
            None => format!("{bytes}; the text (pdftotext) is the same"),
        },
        _ => format!("{bytes} (pdftotext not available to compare the text)"),
    }
}

/// The text of a PDF by `pdftotext - -`, or `None` when it cannot run.
fn pdf_text(pdf: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let mut child = Command::new("pdftotext")
        .args(["-layout", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let pdf = pdf.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&pdf));
    let out = child.wait_with_output().ok()?;
    let _ = writer.join();
    out.status.success().then_some(out.stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_bytes_have_no_difference() {
        assert_eq!(first_difference(b"a\nb\n", b"a\nb\n"), None);
        assert_eq!(first_difference(b"", b""), None);
    }

    #[test]
    fn the_first_differing_line_is_named_with_both_sides() {
        let d = first_difference(b"same\nold\nlater\n", b"same\nnew\nlater\n").unwrap();
        assert_eq!(d, r#"line 2: baseline "old" | candidate "new""#);
    }

    #[test]
    fn a_missing_line_reads_as_the_end() {
        let d = first_difference(b"a\n", b"a\nb\n").unwrap();
        assert_eq!(d, r#"line 2: baseline "" | candidate "b""#);
        let d = first_difference(b"a\nb", b"a\n").unwrap();
        assert_eq!(d, r#"line 2: baseline "b" | candidate """#);
        let d = first_difference(b"a", b"a\n").unwrap();
        assert_eq!(d, r#"line 2: baseline (end) | candidate """#);
    }

    #[test]
    fn temporary_file_names_are_masked() {
        let masked =
            mask_temp_names(b"at path \"/d/.sudoku-zRD0Vm.tmp\" and .sudoku-ab.tmp, .sudoku-6bwmdn.tmp");
        assert_eq!(masked, b"at path \"/d/.sudoku-XXXXXX.tmp\" and .sudoku-ab.tmp, .sudoku-XXXXXX.tmp");
    }

    #[test]
    fn binary_data_is_compared_by_offset() {
        let d = first_difference(b"%PDF\0\x01\x02", b"%PDF\0\x01\x03").unwrap();
        assert_eq!(d, "bytes differ from offset 6 (baseline 7 bytes, candidate 7 bytes)");
    }

    #[test]
    fn long_lines_are_cut() {
        let long = "x".repeat(500);
        let d = first_difference(long.as_bytes(), b"y").unwrap();
        assert_eq!(d.matches('x').count(), MAX_QUOTE);
        assert!(d.contains("...\""), "{d}");
    }

    #[test]
    fn outcomes_differ_in_code_streams_and_files() {
        let outcome = |code, out: &[u8], files: &[(&str, &[u8])]| Outcome {
            code: Some(code),
            stdout: out.to_vec(),
            stderr: Vec::new(),
            files: files.iter().map(|(n, b)| (n.to_string(), b.to_vec())).collect(),
            time: Duration::ZERO,
        };
        let a = outcome(0, b"1\n", &[("a.csv", b"x\n"), ("gone.txt", b"")]);
        assert!(differences(&a, &outcome(0, b"1\n", &[("a.csv", b"x\n"), ("gone.txt", b"")])).is_empty());
        let b = outcome(1, b"2\n", &[("a.csv", b"y\n"), ("new.txt", b"")]);
        let d = differences(&a, &b);
        assert_eq!(d.len(), 5, "{d:?}");
        assert!(d[0].starts_with("exit code"), "{d:?}");
        assert!(d[1].starts_with("stdout: line 1"), "{d:?}");
        assert!(d[2].starts_with("file a.csv: line 1"), "{d:?}");
        assert_eq!(d[3], "file gone.txt: only the baseline wrote it");
        assert_eq!(d[4], "file new.txt: only the candidate wrote it");
    }

    #[test]
    fn options_need_a_baseline_and_take_a_number_of_puzzles() {
        let args = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert!(parse_options(&args("--puzzles 5")).is_err());
        assert!(parse_options(&args("--baseline b --puzzles 0")).is_err());
        assert!(parse_options(&args("--baseline b --bogus")).is_err());
        let o = parse_options(&args("--baseline b --candidate c --puzzles 50 --only solve,hint")).unwrap();
        assert_eq!(o.baseline, PathBuf::from("b"));
        assert_eq!(o.candidate, Some(PathBuf::from("c")));
        assert_eq!(o.n_puzzles, 50);
        assert_eq!(o.only, ["solve", "hint"]);
        assert_eq!(parse_options(&args("--baseline b")).unwrap().n_puzzles, 10_000);
    }
}
