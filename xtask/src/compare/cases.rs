//! The inputs and cases of `cargo xtask compare`: every command of `sudoku`
//! in every output format and mode, on the fixtures and on puzzles the
//! baseline generates, plus help texts and error cases.
//!
//! The inputs are made once, by the baseline, in `inputs/` of the work
//! directory; cases name them by absolute path, so both binaries read the
//! same files and any path in a message is the same. Output files are
//! written relative to each case's working directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::Case;

/// The seed of the generated puzzles.
pub(crate) const SEED: u64 = 2024;
/// Puzzles of the generated set used where a command is slow or its input
/// is built per puzzle (pencil-mark positions, print, max-score).
const N_SLICE: usize = 1000;
/// Puzzles in a PDF or SVG book made by `print`.
const N_BOOK: usize = 200;

/// What a run of the cases says about its coverage beyond the case labels.
pub(crate) fn notes(n_puzzles: usize) -> Vec<String> {
    let slice = n_puzzles.min(N_SLICE);
    vec![
        format!("solve, generate, grade, hint (givens), canon and transform run on all {n_puzzles} generated puzzles"),
        format!(
            "hint on pencil-mark positions, --max-score and print --each use the first {slice}; print and book PDF/SVG the first {}",
            n_puzzles.min(N_BOOK)
        ),
    ]
}

/// The input files, made in `dir`.
pub(crate) struct Inputs {
    root: PathBuf,
    dir: PathBuf,
    /// The fixture puzzle files as they are (some hold `puzzle:count:solution` lines).
    fixture_files: Vec<PathBuf>,
    /// The fixture puzzle files, puzzles only (the first `:` field of each line).
    fixture_puzzles: Vec<PathBuf>,
    /// One file per entry of `fixtures/invalid.txt`, with its input format.
    invalid: Vec<(String, PathBuf)>,
    /// The generated puzzles, one line each; the first `N_SLICE`; the first `N_BOOK`.
    gen: PathBuf,
    gen_slice: PathBuf,
    gen_book: PathBuf,
    /// The generated set as CSV (with solutions), as blocks, and in the judge formats.
    gen_csv: PathBuf,
    gen_block: PathBuf,
    gen_poj: PathBuf,
    gen_hoj: PathBuf,
    /// The generated set followed by each puzzle transformed: every class twice.
    dup: PathBuf,
    /// Player positions of the slice: (`--input` value, file).
    positions: Vec<(&'static str, PathBuf)>,
    pattern: PathBuf,
    weights: PathBuf,
    empty: PathBuf,
}

/// A transformation with every part: transpose, rows, columns, digits.
const TRANSFORM: &str = "Tr321654987c789123456d987654321";

impl Inputs {
    /// Makes every input file; the puzzles with `baseline`.
    pub(crate) fn make(root: &Path, dir: &Path, baseline: &Path, n_puzzles: usize) -> Result<Inputs, String> {
        super::mkdir(dir)?;
        let write = |name: &str, text: &[u8]| -> Result<PathBuf, String> {
            let path = dir.join(name);
            std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Ok(path)
        };
        let fixtures = root.join("fixtures");
        let mut fixture_files = Vec::new();
        let mut fixture_puzzles = Vec::new();
        for name in ["17clue", "17clue_minlex", "hard", "multi", "solve", "top95", "unsolvable"] {
            let path = fixtures.join(format!("{name}.txt"));
            let text = read(&path)?;
            if text.lines().any(|l| !l.starts_with('#') && l.contains(':')) {
                let puzzles: String =
                    text.lines().map(|l| l.split(':').next().unwrap_or("").to_string() + "\n").collect();
                fixture_puzzles.push(write(&format!("{name}.puzzles.txt"), puzzles.as_bytes())?);
            } else {
                fixture_puzzles.push(path.clone());
            }
            fixture_files.push(path);
        }
        let mut invalid = Vec::new();
        for (entry_idx, line) in
            read(&fixtures.join("invalid.txt"))?.lines().filter(|l| !l.starts_with('#')).enumerate()
        {
            let fields: Vec<&str> = line.splitn(4, '\t').collect();
            let (Some(format), Some(input)) = (fields.first(), fields.get(3)) else { continue };
            let input = input.replace("\\n", "\n").replace("\\0", "\0");
            invalid.push((
                format.to_string(),
                write(&format!("invalid-{entry_idx:02}-{format}.txt"), input.as_bytes())?,
            ));
        }

        let n = n_puzzles.to_string();
        let seed = SEED.to_string();
        let gen_text = output(baseline, &["generate", "-n", &n, "--seed", &seed, "-q"], None)?;
        let gen_lines: Vec<&str> = gen_text.lines().collect();
        let gen = write("gen.txt", gen_text.as_bytes())?;
        let lines_of = |k: usize| {
            gen_lines[..k.min(gen_lines.len())].iter().map(|l| format!("{l}\n")).collect::<String>()
        };
        let gen_slice = write("gen-slice.txt", lines_of(N_SLICE).as_bytes())?;
        let gen_book = write("gen-book.txt", lines_of(N_BOOK).as_bytes())?;
        let gen_csv = write(
            "gen.csv",
            output(baseline, &["generate", "-n", &n, "--seed", &seed, "-q", "-f", "csv"], None)?.as_bytes(),
        )?;
        let slice = N_SLICE.min(n_puzzles).to_string();
        let gen_block = write(
            "gen-block.txt",
            output(baseline, &["generate", "-n", &slice, "--seed", &seed, "-q", "-f", "block"], None)?
                .as_bytes(),
        )?;
        let slice_lines = &gen_lines[..N_SLICE.min(gen_lines.len())];
        let digits = |l: &str| l.bytes().map(|b| if b == b'.' { b'0' } else { b }).collect::<Vec<u8>>();
        let mut poj = format!("{}\n", slice_lines.len());
        let mut hoj = poj.clone();
        for l in slice_lines {
            for row in digits(l).chunks(9) {
                poj += std::str::from_utf8(row).unwrap_or("");
                poj.push('\n');
                let ints: Vec<String> = row.iter().map(|&d| (d as char).to_string()).collect();
                hoj += &ints.join(" ");
                hoj.push('\n');
            }
        }
        let gen_poj = write("gen.poj", poj.as_bytes())?;
        let gen_hoj = write("gen.hoj", hoj.as_bytes())?;
        let transformed =
            output(baseline, &["transform", "-q", "--by", TRANSFORM, &gen.to_string_lossy()], None)?;
        let dup = write("dup.txt", (gen_text.clone() + &transformed).as_bytes())?;

        let solutions_text = output(baseline, &["solve", "-q", &gen_slice.to_string_lossy()], None)?;
        let solutions: Vec<&str> = solutions_text.lines().collect();
        let positions = make_positions(slice_lines, &solutions)
            .into_iter()
            .map(|(format, name, text)| Ok((format, write(name, text.as_bytes())?)))
            .collect::<Result<Vec<_>, String>>()?;

        // A clue pattern that fills readily: the first generated puzzle's
        // givens plus every cell of its first row (at least 26 givens).
        let first = gen_lines.first().copied().unwrap_or("");
        let pattern: String = first
            .bytes()
            .enumerate()
            .map(|(cell_idx, b)| if b != b'.' || cell_idx < 9 { 'x' } else { '.' })
            .collect::<Vec<char>>()
            .chunks(9)
            .map(|row| row.iter().collect::<String>() + "\n")
            .collect();
        let pattern = write("pattern.txt", pattern.as_bytes())?;
        // Weights from a fixed xorshift stream, -50 to 50.
        let mut state = 0x2959_u64;
        let mut weights = String::new();
        for cell_idx in 0..81 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            weights +=
                &format!("{}{}", (state % 101) as i64 - 50, if cell_idx % 9 == 8 { "\n" } else { " " });
        }
        let weights = write("weights.txt", weights.as_bytes())?;
        let empty = write("empty.txt", b"")?;
        Ok(Inputs {
            root: root.to_path_buf(),
            dir: dir.to_path_buf(),
            fixture_files,
            fixture_puzzles,
            invalid,
            gen,
            gen_slice,
            gen_book,
            gen_csv,
            gen_block,
            gen_poj,
            gen_hoj,
            dup,
            positions,
            pattern,
            weights,
            empty,
        })
    }
}

/// Player positions built from puzzles and their solutions, as (`--input`
/// value, file name, text): givens with half the blanks placed, the same
/// with one wrong digit, Sukaku lines (every candidate open, and with one
/// answer erased), pencil-mark grids and JSON objects.
fn make_positions(puzzles: &[&str], solutions: &[&str]) -> Vec<(&'static str, &'static str, String)> {
    let (mut line, mut wrong, mut sukaku, mut erased, mut grid, mut json) =
        (String::new(), String::new(), String::new(), String::new(), String::new(), String::new());
    for (k, (puzzle, solution)) in puzzles.iter().zip(solutions).enumerate() {
        let (p, s) = (puzzle.as_bytes(), solution.as_bytes());
        if p.len() != 81 || s.len() != 81 {
            continue;
        }
        let blanks: Vec<usize> = (0..81).filter(|&c| p[c] == b'.').collect();
        let mut placed = p.to_vec();
        for &c in blanks.iter().step_by(2) {
            placed[c] = s[c];
        }
        let placed_text = String::from_utf8_lossy(&placed).into_owned();
        line += &format!("{puzzle},{placed_text}\n");
        let mut bad = placed.clone();
        if let Some(&c) = blanks.get(1 + 2 * (k % (blanks.len() / 2).max(1))) {
            bad[c] = b'1' + (s[c] - b'0') % 9;
        }
        wrong += &format!("{puzzle},{}\n", String::from_utf8_lossy(&bad));
        // Candidates: a placed cell its digit, an open cell every digit.
        let marks: Vec<String> = placed
            .iter()
            .map(|&b| if b == b'.' { "123456789".to_string() } else { (b as char).to_string() })
            .collect();
        let sukaku_of = |marks: &[String]| -> String {
            marks
                .iter()
                .map(|m| {
                    (1..=9)
                        .map(|d| if m.contains(char::from(b'0' + d)) { char::from(b'0' + d) } else { '.' })
                        .collect::<String>()
                })
                .collect()
        };
        sukaku += &sukaku_of(&marks);
        sukaku.push('\n');
        let mut broken = marks.clone();
        if let Some(&c) = blanks.iter().find(|&&c| placed[c] == b'.') {
            broken[c] = broken[c].replace(char::from(s[c]), "");
        }
        erased += &sukaku_of(&broken);
        erased.push('\n');
        for row in marks.chunks(9) {
            grid += &row.iter().map(|m| format!("{m:<9}")).collect::<Vec<_>>().join(" ");
            grid.push('\n');
        }
        grid.push('\n');
        let quoted: Vec<String> = marks.iter().map(|m| format!("{m:?}")).collect();
        json += &format!(
            "{{\"givens\": \"{puzzle}\", \"placed\": \"{placed_text}\", \"candidates\": [{}]}}\n",
            quoted.join(", ")
        );
    }
    vec![
        ("line", "pos-line.txt", line),
        ("line", "pos-wrong.txt", wrong),
        ("sukaku", "pos-sukaku.txt", sukaku),
        ("sukaku", "pos-erased.txt", erased),
        ("grid", "pos-grid.txt", grid),
        ("json", "pos-json.txt", json),
    ]
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The stdout of a successful run of `bin args` (stdin from `stdin` or empty).
fn output(bin: &Path, args: &[&str], stdin: Option<&Path>) -> Result<String, String> {
    let stdin = match stdin {
        Some(p) => Stdio::from(std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => Stdio::null(),
    };
    let out = Command::new(bin)
        .args(args)
        .stdin(stdin)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    if !out.status.success() {
        return Err(format!(
            "`sudoku {}` failed to make an input: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    String::from_utf8(out.stdout)
        .map_err(|_| format!("`sudoku {}` wrote something not UTF-8", args.join(" ")))
}

fn s(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Every case, by command group.
pub(crate) fn all(inputs: &Inputs) -> Vec<Case> {
    let mut cases = Vec::new();
    help_cases(&mut cases);
    solve_cases(inputs, &mut cases);
    max_score_cases(inputs, &mut cases);
    generate_cases(inputs, &mut cases);
    grade_cases(inputs, &mut cases);
    hint_cases(inputs, &mut cases);
    canon_cases(inputs, &mut cases);
    transform_cases(inputs, &mut cases);
    print_cases(inputs, &mut cases);
    book_cases(&mut cases);
    cases
}

/// The subcommands, for help texts and empty-input runs.
const COMMANDS: &[&str] = &[
    "solve",
    "generate",
    "print",
    "grade",
    "hint",
    "book",
    "cover",
    "canon",
    "transform",
    "completions",
    "man",
    "help",
];

fn help_cases(cases: &mut Vec<Case>) {
    for args in [&["--help"][..], &["-h"], &["--version"], &[], &["bogus"], &["help", "solve"]] {
        cases.push(Case::new("help", args));
    }
    for command in COMMANDS {
        cases.push(Case::new("help", &[command, "--help"]));
        cases.push(Case::new("help", &[command, "-h"]));
        cases.push(Case::new("help", &[command, "--bogus-flag"]));
    }
    for shell in ["bash", "zsh", "fish", "powershell", "elvish", "tcsh"] {
        cases.push(Case::new("help", &["completions", shell]));
    }
    cases.push(Case::new("help", &["man"]));
}

/// `solve` in every format and mode on every input, and its errors.
fn solve_cases(inputs: &Inputs, cases: &mut Vec<Case>) {
    let formats = ["line", "block", "csv", "json", "rows"];
    let modes: [&[&str]; 5] = [
        &[],
        &["--count"],
        &["--count", "--limit", "2"],
        &["--count", "--limit", "1"],
        &["--all", "--limit", "3"],
    ];
    let mut files: Vec<String> = inputs.fixture_puzzles.iter().map(|p| s(p)).collect();
    files.push(s(&inputs.gen));
    for file in &files {
        for format in formats {
            for mode in modes {
                let mut args = vec!["solve", "-f", format];
                args.extend_from_slice(mode);
                args.push(file);
                cases.push(Case::new("solve", &args));
            }
        }
    }
    // Fixture files as they are (`puzzle:count:solution` lines are an error).
    for file in &inputs.fixture_files {
        cases.push(Case::new("solve", &["solve", &s(file)]));
        cases.push(Case::new("solve", &["solve", "--skip-invalid", "-f", "json", &s(file)]));
    }
    // Other input formats and CSV layouts.
    for (input, file) in [
        ("block", &inputs.gen_block),
        ("auto", &inputs.gen_block),
        ("poj", &inputs.gen_poj),
        ("auto", &inputs.gen_poj),
        ("hoj", &inputs.gen_hoj),
        ("csv", &inputs.gen_csv),
        ("auto", &inputs.gen_csv),
    ] {
        for format in ["line", "json", "rows"] {
            cases.push(Case::new("solve", &["solve", "--input", input, "-f", format, &s(file)]));
        }
    }
    for entry in std::fs::read_dir(inputs.root.join("fixtures/csv")).into_iter().flatten().flatten() {
        let path = entry.path();
        for format in ["line", "csv"] {
            cases.push(Case::new("solve", &["solve", "-f", format, &s(&path)]));
        }
        cases.push(Case::new("solve", &["solve", "--input", "csv", "--column", "solution", &s(&path)]));
    }
    let sample = s(&inputs.root.join("fixtures/grade/se_calibration_sample.csv"));
    cases.push(Case::new("solve", &["solve", "-f", "csv", &sample]));
    for target in ["sample1.in", "c17_1.in", "empty.in"] {
        let path = s(&inputs.root.join("fixtures/target").join(target));
        cases.push(Case::new("solve", &["solve", "--input", "noip", &path]));
    }
    // Malformed records of each parser, stopping and skipped.
    for (format, file) in &inputs.invalid {
        cases.push(Case::new("solve", &["solve", "--input", format, &s(file)]));
        cases.push(Case::new(
            "solve",
            &["solve", "--input", format, "--skip-invalid", "-f", "json", &s(file)],
        ));
        cases.push(Case::new("solve", &["solve", &s(file)]));
    }
    // Stdin, empty input, output files, bad flags.
    let gen = s(&inputs.gen);
    let empty = s(&inputs.empty);
    cases.push(Case::new("solve", &["solve"]).stdin(&inputs.gen));
    cases.push(Case::new("solve", &["solve", "-"]).stdin(&inputs.gen_slice));
    for format in formats {
        cases.push(Case::new("solve", &["solve", "-f", format]).stdin(&inputs.empty));
        cases.push(Case::new("solve", &["solve", "-f", format, &empty]));
    }
    for jobs in ["1", "2"] {
        cases.push(Case::new("solve", &["solve", "--jobs", jobs, "-f", "json", &gen]));
    }
    cases.push(Case::new("solve", &["solve", &gen, "-o", "/dev/stdout"]));
    for out in ["out.txt", "out.csv", "out.json", "sub/out.txt"] {
        cases.push(Case::new("solve", &["solve", &gen, "-o", out]));
    }
    cases.push(Case::new("solve", &["solve", &gen, "-o", "out.txt"]).with_file("out.txt", b"old\n"));
    cases.push(
        Case::new("solve", &["solve", &gen, "-o", "out.txt", "--force"]).with_file("out.txt", b"old\n"),
    );
    cases.push(Case::new("solve", &["solve", &s(&inputs.fixture_puzzles[6]), "-o", "out.txt"]));
    for bad in [
        &["solve", "--limit", "5"][..],
        &["solve", "--count", "--all"],
        &["solve", "-f", "pdf"],
        &["solve", "--input", "xml"],
        &["solve", "--count", "--limit", "x"],
        &["solve", "--jobs", "-1"],
        &["solve", "--column", "puzzle"],
        &["solve", "/nonexistent/file.txt"],
        &["solve", "--weights", "w.txt"],
        &["solve", "--node-limit", "5"],
    ] {
        let mut args = bad.to_vec();
        args.push(&gen);
        cases.push(Case::new("solve", &args));
    }
    let _ = &inputs.dir;
}

/// `solve --max-score` in every format, with the default and given weights.
fn max_score_cases(inputs: &Inputs, cases: &mut Vec<Case>) {
    let contest = s(&inputs.root.join("fixtures/target/contest20.txt"));
    let weights = s(&inputs.root.join("fixtures/target/weights_example.txt"));
    let generated = s(&inputs.weights);
    let slice = s(&inputs.gen_slice);
    for format in ["line", "block", "rows", "json", "csv"] {
        cases.push(Case::new(
            "max-score",
            &["solve", "--max-score", "--input", "hoj", "-f", format, &contest],
        ));
        cases.push(Case::new(
            "max-score",
            &["solve", "--max-score", "--weights", &generated, "-f", format, &slice],
        ));
    }
    cases.push(Case::new("max-score", &["solve", "--max-score", "--input", "hoj", &contest]));
    cases.push(
        Case::new("max-score", &["solve", "--max-score", "--input", "hoj"])
            .stdin(&inputs.root.join("fixtures/target/contest20.txt")),
    );
    for entry in std::fs::read_dir(inputs.root.join("fixtures/target")).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "in") {
            cases.push(Case::new("max-score", &["solve", "--max-score", "-f", "json", &s(&path)]));
            cases.push(Case::new("max-score", &["solve", "--max-score", "--weights", &weights, &s(&path)]));
        }
    }
    let empty_grid = s(&inputs.root.join("fixtures/target/empty.in"));
    for limit in ["1", "50", "1000"] {
        cases.push(Case::new(
            "max-score",
            &["solve", "--max-score", "--node-limit", limit, "-f", "json", &empty_grid],
        ));
        cases.push(Case::new(
            "max-score",
            &["solve", "--max-score", "--weights", &generated, "--node-limit", limit, &empty_grid],
        ));
    }
    let unsolvable = s(&inputs.fixture_puzzles[6]);
    cases.push(Case::new("max-score", &["solve", "--max-score", "-f", "csv", &unsolvable]));
    for bad_weights in [&inputs.empty, &inputs.gen_slice] {
        cases.push(Case::new("max-score", &["solve", "--max-score", "--weights", &s(bad_weights), &contest]));
    }
    cases.push(Case::new("max-score", &["solve", "--max-score", "--count", &contest]));
    cases.push(Case::new("max-score", &["solve", "--max-score", "--time-limit", "x", &contest]));
}

/// `generate` in every format, with grading, filters, symmetries, patterns
/// and books, and its errors.
fn generate_cases(inputs: &Inputs, cases: &mut Vec<Case>) {
    let n = std::fs::read_to_string(&inputs.gen).map(|t| t.lines().count()).unwrap_or(0).to_string();
    let seed = SEED.to_string();
    for format in ["line", "block", "csv", "json"] {
        cases.push(Case::new("generate", &["generate", "-n", &n, "--seed", &seed, "-f", format]));
        cases.push(Case::new(
            "generate",
            &["generate", "-n", &n, "--seed", &seed, "-f", format, "--grade", "--stats"],
        ));
    }
    for symmetry in ["rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "dihedral"] {
        cases.push(Case::new(
            "generate",
            &["generate", "-n", "1000", "--seed", "7", "--symmetry", symmetry, "-f", "csv"],
        ));
    }
    for band in ["easy", "medium", "hard", "expert", "extreme"] {
        cases.push(Case::new(
            "generate",
            &["generate", "-n", "20", "--seed", "5", "--difficulty", band, "-f", "json", "--stats"],
        ));
        cases.push(Case::new(
            "generate",
            &["generate", "-n", "10", "--seed", "6", "--difficulty", band, "--symmetry", "rot180"],
        ));
    }
    let pattern = s(&inputs.pattern);
    cases.push(Case::new(
        "generate",
        &["generate", "-n", "10", "--seed", "3", "--pattern", &pattern, "-f", "csv"],
    ));
    cases.push(Case::new(
        "generate",
        &["generate", "-n", "5", "--seed", "3", "--pattern", &pattern, "--difficulty", "easy"],
    ));
    for args in [
        &[
            "generate",
            "-n",
            "20",
            "--seed",
            "4",
            "--sections",
            "easy:5,medium:5,hard:5,expert:5",
            "-f",
            "csv",
        ][..],
        &["generate", "-n", "5", "--seed", "4", "--technique", "xy-wing", "-f", "json"],
        &["generate", "-n", "5", "--seed", "4", "--technique", "Hidden Pair"],
        &["generate", "-n", "200", "--seed", "8", "--clues", "30", "-f", "csv"],
        &["generate", "-n", "20", "--seed", "8", "--clues", "19"],
        &["generate", "-n", "300", "--seed", "9", "--distinct"],
        &["generate", "-n", "50", "--start", "100", "--seed", &seed, "-f", "csv"],
        &["generate", "-n", "50", "--start", "0", "--seed", &seed, "-f", "csv"],
        &["generate", "-n", "3", "--seed", "18446744073709551615"],
        &["generate", "-n", "2", "--start", "18446744073709551613", "--seed", "1"],
        &["generate", "-n", "3", "--start", "18446744073709551614", "--seed", "1"],
        &["generate", "-n", "0", "--seed", "1"],
        &["generate", "-n", "x"],
        &["generate", "--symmetry", "spiral"],
        &["generate", "--difficulty", "insane"],
        &["generate", "--technique", "telepathy", "--seed", "1"],
        &["generate", "--pattern", "/nonexistent"],
        &["generate", "-n", "2", "--seed", "1", "--difficulty", "extreme", "--tries", "1"],
        &["generate", "-n", "2", "--seed", "1", "--distinct", "--start", "5"],
        &["generate", "-n", "2", "--seed", "1", "--csv", "x.csv", "-o", "x.csv"],
    ] {
        cases.push(Case::new("generate", args));
    }
    cases
        .push(Case::new("generate", &["generate", "-n", "2", "--seed", "1", "--pattern", &s(&inputs.empty)]));
    for out in ["set.txt", "set.csv", "set.json"] {
        cases.push(Case::new(
            "generate",
            &["generate", "-n", "100", "--seed", "2", "-o", out, "--csv", "index.csv"],
        ));
    }
    cases.push(
        Case::new("generate", &["generate", "-n", "5", "--seed", "2", "-o", "set.txt"])
            .with_file("set.txt", b"old\n"),
    );
    cases.push(Case::new(
        "generate",
        &["generate", "-n", "12", "--seed", "2", "-o", "book.pdf", "--csv", "book.csv"],
    ));
    cases.push(Case::new(
        "generate",
        &["generate", "-n", "12", "--seed", "2", "-o", "book.svg", "--no-distinct"],
    ));
    cases.push(Case::new("generate", &["generate", "-n", "2", "--seed", "2", "-o", "missing/book.svg"]));
    cases.push(Case::new(
        "generate",
        &[
            "generate",
            "-n",
            "8",
            "--seed",
            "2",
            "--sections",
            "easy:4,hard:4",
            "-f",
            "pdf",
            "--trim",
            "6x9",
            "--bleed",
            "--title",
            "T",
            "--copyright",
            "(c) X",
        ],
    ));
}

/// `grade` in every format, with and without `--explain`, and its errors.
fn grade_cases(inputs: &Inputs, cases: &mut Vec<Case>) {
    let mut files: Vec<String> = inputs.fixture_puzzles.iter().map(|p| s(p)).collect();
    files.push(s(&inputs.gen));
    files.push(s(&inputs.root.join("fixtures/grade/se_calibration_sample.csv")));
    files.push(s(&inputs.root.join("fixtures/grade/se_transformed_sample.csv")));
    for file in &files {
        for format in ["line", "csv", "json"] {
            cases.push(Case::new("grade", &["grade", "-f", format, file]));
        }
        for format in ["line", "json"] {
            cases.push(Case::new("grade", &["grade", "--explain", "-f", format, file]));
        }
    }
    for file in &inputs.fixture_files {
        cases.push(Case::new("grade", &["grade", "--skip-invalid", &s(file)]));
    }
    for (format, file) in &inputs.invalid {
        cases
            .push(Case::new("grade", &["grade", "--input", format, "--skip-invalid", "-f", "csv", &s(file)]));
    }
    // The generated set read as CSV: the same grades, one format is enough.
    cases.push(Case::new("grade", &["grade", "-f", "csv", &s(&inputs.gen_csv)]));
    let gen = s(&inputs.gen_slice);
    cases.push(Case::new("grade", &["grade", "--explain", "-f", "csv", &gen]));
    cases.push(Case::new("grade", &["grade"]).stdin(&inputs.empty));
    cases.push(Case::new("grade", &["grade", "-f", "csv", &s(&inputs.empty)]));
    cases.push(Case::new("grade", &["grade", &gen, "-o", "grades.csv"]));
    cases.push(Case::new("grade", &["grade", &gen, "-o", "grades.json"]));
    cases.push(Case::new("grade", &["grade", "-f", "pdf", &gen]));
    for jobs in ["1", "2"] {
        cases.push(Case::new("grade", &["grade", "--jobs", jobs, "-f", "json", &gen]));
    }
}

/// `hint` at every level and format, one step, several and to the end, on
/// givens and on positions with placed digits and pencil marks.
fn hint_cases(inputs: &Inputs, cases: &mut Vec<Case>) {
    let gen = s(&inputs.gen);
    for level in ["nudge", "technique", "full"] {
        for format in ["line", "json"] {
            cases.push(Case::new("hint", &["hint", "--level", level, "-f", format, &gen]));
        }
    }
    for format in ["line", "json"] {
        cases.push(Case::new("hint", &["hint", "--to-end", "-f", format, &gen]));
        cases.push(Case::new("hint", &["hint", "--steps", "3", "--level", "technique", "-f", format, &gen]));
    }
    for (input, file) in &inputs.positions {
        let file = s(file);
        for format in ["line", "json"] {
            cases.push(Case::new("hint", &["hint", "--input", input, "-f", format, &file]));
            cases.push(Case::new("hint", &["hint", "-f", format, "--level", "nudge", &file]));
            cases.push(Case::new("hint", &["hint", "--to-end", "-f", format, &file]));
        }
        cases.push(Case::new("hint", &["hint", "--steps", "4", "--level", "technique", &file]));
    }
    for file in &inputs.fixture_puzzles {
        cases.push(Case::new("hint", &["hint", "--skip-invalid", "-f", "json", &s(file)]));
        cases.push(Case::new("hint", &["hint", "--to-end", &s(file)]));
    }
    for file in &inputs.fixture_files {
        cases.push(Case::new("hint", &["hint", &s(file)]));
    }
    for (_, file) in &inputs.invalid {
        cases.push(Case::new("hint", &["hint", "--skip-invalid", &s(file)]));
    }
    cases.push(Case::new("hint", &["hint"]).stdin(&inputs.empty));
    cases.push(Case::new("hint", &["hint", "--input", "sukaku", &gen]));
    cases.push(Case::new("hint", &["hint", "--steps", "0", &gen]));
    cases.push(Case::new("hint", &["hint", "--to-end", "-o", "hints.json", &s(&inputs.gen_slice)]));
}

/// `canon` in every format and mode, and its errors.
fn canon_cases(inputs: &Inputs, cases: &mut Vec<Case>) {
    let mut files: Vec<String> = inputs.fixture_puzzles.iter().map(|p| s(p)).collect();
    files.push(s(&inputs.gen));
    files.push(s(&inputs.dup));
    for file in &files {
        for format in ["line", "csv", "json"] {
            for mode in [&[][..], &["--transform"], &["--dedupe"], &["--dedupe", "--report", "--transform"]] {
                let mut args = vec!["canon", "-f", format];
                args.extend_from_slice(mode);
                args.push(file);
                cases.push(Case::new("canon", &args));
            }
        }
        cases.push(Case::new("canon", &["canon", "--original", file]));
        cases.push(Case::new("canon", &["canon", "--dedupe", "--original", file]));
    }
    for (_, file) in &inputs.invalid {
        cases.push(Case::new("canon", &["canon", "--skip-invalid", "-f", "json", &s(file)]));
        cases.push(Case::new("canon", &["canon", &s(file)]));
    }
    cases.push(Case::new("canon", &["canon", &s(&inputs.gen_csv), &s(&inputs.gen_block)]));
    cases.push(Case::new("canon", &["canon", "-f", "csv"]).stdin(&inputs.empty));
    cases.push(Case::new("canon", &["canon", "--report", &s(&inputs.gen)]));
    cases.push(Case::new("canon", &["canon", "-f", "block", &s(&inputs.gen)]));
}

/// `transform` forward and back, and its errors.
fn transform_cases(inputs: &Inputs, cases: &mut Vec<Case>) {
    let mut files: Vec<String> = inputs.fixture_puzzles.iter().map(|p| s(p)).collect();
    files.push(s(&inputs.gen));
    for file in &files {
        for by in [TRANSFORM, "r123456789c123456789d123456789", "r456123789c321654987d123456789"] {
            cases.push(Case::new("transform", &["transform", "--by", by, file]));
            cases.push(Case::new("transform", &["transform", "--inverse", "-t", by, file]));
        }
    }
    for (_, file) in &inputs.invalid {
        cases.push(Case::new("transform", &["transform", "--by", TRANSFORM, "--skip-invalid", &s(file)]));
    }
    let gen = s(&inputs.gen);
    for bad in
        ["r213456789c123456789d123456789x", "r124356789c123456789d123456789", "Tr123", "d112345678", ""]
    {
        cases.push(Case::new("transform", &["transform", "--by", bad, &gen]));
    }
    cases.push(Case::new("transform", &["transform", &gen]));
    cases.push(Case::new("transform", &["transform", "--by", TRANSFORM]).stdin(&inputs.empty));
}

/// `print` and `cover`: PDF and SVG books with page options, images of
/// single puzzles, the index CSV, and errors.
fn print_cases(inputs: &Inputs, cases: &mut Vec<Case>) {
    let book = s(&inputs.gen_book);
    let top95 = s(&inputs.root.join("fixtures/top95.txt"));
    let csv = s(&inputs.root.join("fixtures/grade/se_calibration_sample.csv"));
    let page_options: [&[&str]; 8] = [
        &[],
        &["--trim", "6x9", "--bleed"],
        &["--per-page", "6", "--paper", "letter", "--title", "Holiday set", "--subtitle", "Two hundred"],
        &["--per-page", "1", "--no-answers", "--footer", "example.org"],
        &["--large-print", "--start-number", "41", "--pages-multiple", "4"],
        &[
            "--per-page",
            "2",
            "--trim",
            "152x229mm",
            "--copyright",
            "(c) 2026 A. Publisher\\nAll rights reserved",
        ],
        &["--trim", "5.5x8.5", "--title", "Судоку Σ"],
        &["--answers", "--per-page", "4", "--trim", "a5"],
    ];
    for options in page_options {
        let mut args = vec!["print", &book, "-o", "book.pdf", "--csv", "index.csv"];
        args.extend_from_slice(options);
        cases.push(Case::new("print", &args));
        let mut args = vec!["print", &top95, "-f", "svg", "-o", "book.svg"];
        args.extend_from_slice(options);
        cases.push(Case::new("print", &args));
    }
    cases.push(Case::new("print", &["print", &csv, "-o", "rated.pdf", "--csv", "-"]));
    cases.push(Case::new("print", &["print", &top95]));
    cases.push(Case::new("print", &["print", "-f", "svg", "-o", "one.svg", &s(&inputs.fixture_puzzles[0])]));
    cases.push(Case::new("print", &["print", "--each", "each", &book]));
    cases.push(Case::new(
        "print",
        &["print", "--each", "each", "--answers", "-f", "png", "--dpi", "50", &top95],
    ));
    cases.push(Case::new("print", &["print", "--each", "each", "-f", "pdf", &top95]));
    cases.push(Case::new("print", &["print", "-f", "png", &top95]));
    cases.push(Case::new("print", &["print", &s(&inputs.fixture_puzzles[6]), "-o", "bad.pdf"]));
    cases.push(Case::new("print", &["print", &s(&inputs.fixture_puzzles[3]), "-o", "multi.pdf"]));
    cases.push(Case::new("print", &["print", "-o", "empty.pdf"]).stdin(&inputs.empty));
    cases.push(Case::new("print", &["print", "--title", "שלום", &top95, "-o", "rtl.pdf"]));
    cases.push(Case::new("print", &["print", "--trim", "1x1", &top95, "-o", "tiny.pdf"]));
    cases.push(Case::new("print", &["print", &top95, "-o", "x.pdf", "--csv", "x.pdf"]));
    cases.push(
        Case::new("print", &["print", &top95, "-f", "svg", "-o", "p/b.svg"])
            .with_file("p/b-0099.svg", b"old"),
    );
    cases.push(
        Case::new("print", &["print", &top95, "-f", "svg", "-o", "p/b.svg", "--force"])
            .with_file("p/b-0099.svg", b"old"),
    );
    for args in [
        &[
            "cover",
            "--trim",
            "6x9",
            "--pages",
            "120",
            "--paper-stock",
            "cream",
            "--title",
            "Sudoku",
            "-o",
            "cover.pdf",
        ][..],
        &["cover", "--pages", "40", "--subtitle", "Forty pages"],
        &["cover", "--pages", "0"],
        &["cover"],
        &["cover", "--book", "/nonexistent.pdf"],
    ] {
        cases.push(Case::new("print", args));
    }
}

/// `book`: the default book, sections, SVG pages, and errors.
fn book_cases(cases: &mut Vec<Case>) {
    for args in [
        &["book", "-n", "6", "--seed", "7", "-o", "week7.pdf", "--csv", "week7.csv"][..],
        &[
            "book",
            "-n",
            "4",
            "--seed",
            "7",
            "--difficulty",
            "hard",
            "--paper",
            "letter",
            "--title",
            "Hard puzzles",
        ],
        &[
            "book",
            "--sections",
            "easy:3,medium:3,expert:2",
            "--trim",
            "6x9",
            "--bleed",
            "--copyright",
            "(c) 2026",
            "-o",
            "book.pdf",
        ],
        &["book", "-n", "4", "--seed", "3", "--symmetry", "rot180", "-o", "book.svg"],
        &["book", "-n", "3", "--seed", "3", "--technique", "x-wing"],
        &["book", "-n", "0"],
        &["book", "-n", "2", "--difficulty", "extreme", "--tries", "1"],
    ] {
        cases.push(Case::new("book", args));
    }
    cases.push(Case::new("book", &["book", "-n", "2"]).with_file("puzzles.pdf", b"old"));
    cases.push(Case::new("book", &["book", "-n", "2", "--force"]).with_file("puzzles.pdf", b"old"));
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SOLUTION: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    #[test]
    fn positions_keep_the_givens_and_place_only_answers() {
        let positions = make_positions(&[PUZZLE], &[SOLUTION]);
        let text = |name: &str| positions.iter().find(|p| p.1 == name).map(|p| p.2.clone()).unwrap();
        let line = text("pos-line.txt");
        let (givens, placed) = line.trim_end().split_once(',').unwrap();
        assert_eq!(givens, PUZZLE);
        let n_blanks = PUZZLE.bytes().filter(|&b| b == b'.').count();
        let n_placed = placed.bytes().zip(PUZZLE.bytes()).filter(|&(p, g)| p != g).count();
        assert_eq!(n_placed, n_blanks.div_ceil(2));
        for ((p, g), s) in placed.bytes().zip(PUZZLE.bytes()).zip(SOLUTION.bytes()) {
            assert!(p == g || p == s, "a placed digit is the answer");
        }
        // The wrong position differs from the right one in one cell, whose digit is not the answer.
        let wrong = text("pos-wrong.txt");
        let wrong_placed = wrong.trim_end().split_once(',').unwrap().1;
        let changed: Vec<usize> =
            (0..81).filter(|&c| wrong_placed.as_bytes()[c] != placed.as_bytes()[c]).collect();
        assert_eq!(changed.len(), 1);
        assert_ne!(wrong_placed.as_bytes()[changed[0]], SOLUTION.as_bytes()[changed[0]]);
    }

    #[test]
    fn sukaku_lines_have_729_candidates_and_the_erased_one_misses_one_answer() {
        let positions = make_positions(&[PUZZLE], &[SOLUTION]);
        let text = |name: &str| positions.iter().find(|p| p.1 == name).map(|p| p.2.clone()).unwrap();
        let full = text("pos-sukaku.txt");
        let erased = text("pos-erased.txt");
        assert_eq!(full.trim_end().len(), 729);
        assert_eq!(erased.trim_end().len(), 729);
        // Cell r1c1 holds the given 4: only its fourth character is a digit.
        assert_eq!(&full[..9], "...4.....");
        let differ: Vec<usize> = (0..729).filter(|&i| full.as_bytes()[i] != erased.as_bytes()[i]).collect();
        assert_eq!(differ.len(), 1);
        let (cell_idx, digit_idx) = (differ[0] / 9, differ[0] % 9);
        assert_eq!(SOLUTION.as_bytes()[cell_idx], b'1' + digit_idx as u8, "the answer was erased");
        assert_eq!(erased.as_bytes()[differ[0]], b'.');
        assert_eq!(text("pos-grid.txt").lines().count(), 10, "9 rows and a blank line");
        // 64 blanks, every other one placed: 32 cells keep all nine candidates.
        assert_eq!(text("pos-json.txt").matches("\"123456789\"").count(), 32);
    }
}
