//! The cases of `cargo xtask compare`: every command of `sudoku` in every
//! output format and mode, on the fixtures and on puzzles the baseline
//! generates (see `inputs.rs`), plus help texts and error cases.
//!
//! Cases name the inputs by absolute path, so both binaries read the same
//! files and any path in a message is the same. Output files are written
//! relative to the case's working directory.

use std::path::Path;

use super::inputs::{Inputs, SEED, TRANSFORM};
use super::Case;

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
    super::variant::cases(inputs, &mut cases);
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
    "convert",
    "serve",
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
