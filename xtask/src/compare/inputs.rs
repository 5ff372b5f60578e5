//! The inputs of `cargo xtask compare`, made once by the baseline in
//! `inputs/` of the work directory: the fixtures (puzzle columns apart,
//! one file per malformed entry of `fixtures/invalid.txt`), N generated
//! puzzles and files derived from them (CSV, blocks, judge formats, player
//! positions with placed digits and pencil marks), a clue pattern and
//! weights.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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
            "hint on pencil-mark positions and --max-score use the first {slice}; print (PDF, SVG, --each images) the first {}",
            n_puzzles.min(N_BOOK)
        ),
    ]
}

/// The input files, made in `dir`.
pub(crate) struct Inputs {
    pub(crate) root: PathBuf,
    /// The fixture puzzle files as they are (some hold `puzzle:count:solution` lines).
    pub(crate) fixture_files: Vec<PathBuf>,
    /// The fixture puzzle files, puzzles only (the first `:` field of each line).
    pub(crate) fixture_puzzles: Vec<PathBuf>,
    /// One file per entry of `fixtures/invalid.txt`, with its input format.
    pub(crate) invalid: Vec<(String, PathBuf)>,
    /// The generated puzzles, one line each; the first `N_SLICE`; the first `N_BOOK`.
    pub(crate) gen: PathBuf,
    pub(crate) gen_slice: PathBuf,
    pub(crate) gen_book: PathBuf,
    /// The generated set as CSV (with solutions), as blocks, and in the judge formats.
    pub(crate) gen_csv: PathBuf,
    pub(crate) gen_block: PathBuf,
    pub(crate) gen_poj: PathBuf,
    pub(crate) gen_hoj: PathBuf,
    /// The generated set followed by each puzzle transformed: every class twice.
    pub(crate) dup: PathBuf,
    /// Player positions of the slice: (`--input` value, file).
    pub(crate) positions: Vec<(&'static str, PathBuf)>,
    pub(crate) pattern: PathBuf,
    pub(crate) weights: PathBuf,
    pub(crate) empty: PathBuf,
    /// Variant puzzles made by the baseline's generator (unique, so a book
    /// of them has an answer key): X, killer, 6x6 and 16x16, one file each.
    pub(crate) variant_sets: Vec<PathBuf>,
}

/// A transformation with every part: transpose, rows, columns, digits.
pub(crate) const TRANSFORM: &str = "Tr321654987c789123456d987654321";

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
        let mut variant_sets = Vec::new();
        for (name, variant, size, n) in [
            ("x", "x", "9", "5"),
            ("killer", "killer", "9", "3"),
            ("six", "classic", "6", "7"),
            ("big", "classic", "16", "2"),
        ] {
            let args = ["generate", "--variant", variant, "--size", size, "-n", n, "--seed", "7", "-q"];
            let text = output(baseline, &args, None)?;
            variant_sets.push(write(&format!("variant-{name}.txt"), text.as_bytes())?);
        }
        Ok(Inputs {
            root: root.to_path_buf(),
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
            variant_sets,
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
