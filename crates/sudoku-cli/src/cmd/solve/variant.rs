//! `sudoku solve` on variant puzzles: the records are JSON objects or lines
//! of givens of any size (`--size`, `--variant`), read by
//! `sudoku_io::variant_records` and answered by `sudoku_commands::variant`.

use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context};
use sudoku_commands::input::{sniff, InputKind, JsonRecords};
use sudoku_commands::solve::SolveMode;
use sudoku_commands::solve_json::SolveJson;
use sudoku_commands::variant::{answer_within, block, VariantAnswer, VariantCsvRow, CSV_HEADER};
use sudoku_commands::Format;
use sudoku_io::{variant_records, RecordWriter, VariantRecord, VariantSpec};
use sudoku_variant::{format_digits, Puzzle, ShapeName, VariantList};

use crate::args::{InputArgs, OutputArgs};
use crate::out_file::OutFile;
use crate::pipeline::{for_each_item, input_paths, Flow, RecordRun};

/// The variant records' spec from `--variant` and `--size`; killer, jigsaw
/// and the constraints drawn on the grid need more than a line of givens
/// and are only named to say so. A named layout of overlapping grids
/// (`samurai`, `twodoku`, ...) reads lines as its canvas.
pub fn spec(variant: Option<VariantList>, size: Option<usize>) -> anyhow::Result<VariantSpec> {
    let list = variant.unwrap_or_default();
    let more = |name: &str| {
        anyhow::anyhow!(
            "--variant {name}: {name} puzzles need more than a line of givens; give them in the JSON \
             form (one object a line, see docs/variants.md)"
        )
    };
    let layout = match list.shape {
        Some(ShapeName::Layout(name)) => {
            if size.is_some_and(|n| n != 9) {
                bail!("--variant {name}: a {name} is made of 9x9 grids, no --size");
            }
            Some(name)
        }
        Some(ShapeName::Jigsaw) => return Err(more("jigsaw")),
        Some(ShapeName::Grids) => return Err(more("grids")),
        None => None,
    };
    // A constraint drawn on the grid (killer cages, thermo, arrow, ...) has
    // cells a line cannot give.
    if let Some(kind) = list.kinds.drawn().iter().next() {
        return Err(more(kind.name()));
    }
    let rules = list.kinds.rules();
    // A side out of range is refused by the flag's parser
    // (`crate::choice::size`); a side in range without a box shape (7) is
    // each line's error, with its file and line (the JSON form can give
    // such a side its regions).
    Ok(VariantSpec { size, rules, layout })
}

/// Whether the input is variant records, as
/// [`sudoku_commands::input::sniff`] tells from the first input's first
/// record (with `strict_json`, a JSON record is a classic position unless
/// it needs the variant model). Peeks without consuming; stdin is peeked
/// in its buffer.
pub fn input_is_variant(files: &[std::path::PathBuf], strict_json: bool) -> anyhow::Result<bool> {
    let Some(&path) = input_paths(files).first() else { return Ok(false) };
    let json = match strict_json {
        true => JsonRecords::Positions,
        false => JsonRecords::Variant,
    };
    let kind = if path.as_os_str() == "-" {
        let mut stdin = std::io::stdin().lock();
        let buf = stdin.fill_buf().context("cannot read stdin")?;
        sniff(buf, json)
    } else if path.is_file() {
        let mut head = Vec::with_capacity(8192);
        let f = std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        f.take(8192).read_to_end(&mut head).ok();
        sniff(&head, json)
    } else {
        InputKind::Classic
    };
    Ok(kind == InputKind::Variant)
}

pub fn open(path: &Path, spec: VariantSpec) -> anyhow::Result<Box<dyn Iterator<Item = VariantRecord>>> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(variant_records(std::io::stdin().lock(), "<stdin>", spec)));
    }
    if path.is_dir() {
        bail!("{} is a directory", path.display());
    }
    let f = std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    Ok(Box::new(variant_records(f, &path.display().to_string(), spec)))
}

/// What `solve` does with each variant record.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    /// Solve, count or list.
    pub mode: SolveMode,
    /// `--format` or the extension of `-o`, when given.
    pub format: Option<Format>,
    /// `--skip-invalid`.
    pub skip_invalid: bool,
    /// `--node-limit`: each search stops after this many nodes (status
    /// `stopped`, exit 1).
    pub node_limit: Option<u64>,
}

/// Runs `solve` over variant records.
pub fn run(
    source: &InputArgs,
    output: &OutputArgs,
    spec: VariantSpec,
    job: &Job,
) -> anyhow::Result<ExitCode> {
    let Job { mode, format, skip_invalid, node_limit } = *job;
    let node_limit = node_limit.unwrap_or(u64::MAX);
    if matches!(format, Some(Format::Rows)) {
        bail!(
            "--format rows is the 9x9 judge format; variant puzzles are written as line, block, csv or json"
        );
    }
    let format = format.unwrap_or(Format::Line);
    let inputs = input_paths(&source.files).into_iter().map(|p| open(p, spec));
    let (mut run, mut out) = RecordRun::start(output, skip_invalid, CSV_HEADER)?;
    for_each_item(
        inputs,
        output,
        |r: &VariantRecord| r.puzzle.as_ref().ok().map(|p| answer_within(p, mode, node_limit)),
        |record: &VariantRecord, result: Option<VariantAnswer>| {
            let puzzle = match &record.puzzle {
                Ok(p) => p,
                Err(e) => return run.malformed(e, || write_invalid(&mut out, format, &e.to_string())),
            };
            let answer = result.context("internal: a parsed record has no answer")?;
            if answer.first.is_none() || answer.stopped {
                run.negative();
            }
            if answer.stopped {
                eprintln!("sudoku: {}:{}: {}", record.source, record.line, stopped_note(mode, &answer));
            }
            write_answer(&mut out, format, mode, puzzle, &answer)?;
            Ok(Flow::Continue)
        },
    )?;
    run.finish(out, format == Format::Csv)
}

/// What a search stopped by `--node-limit` found, for stderr: the count is
/// a lower bound, the listed solutions may not be all of them.
fn stopped_note(mode: SolveMode, answer: &VariantAnswer) -> String {
    let nodes = answer.nodes;
    let found = match (mode, &answer.first) {
        (SolveMode::Count(_), _) => {
            let n = answer.count.unwrap_or(0);
            format!("{n} solution{} found so far: the count is a lower bound", if n == 1 { "" } else { "s" })
        }
        (SolveMode::All(_), _) => {
            let n = answer.all.len();
            format!("{n} solution{} listed: there may be more", if n == 1 { "" } else { "s" })
        }
        (SolveMode::First, Some(_)) => "a solution found, its uniqueness not known".to_string(),
        (SolveMode::First, None) => "no solution found yet: whether one exists is not known".to_string(),
    };
    format!("search stopped by --node-limit after {nodes} nodes: {found}")
}

fn write_invalid(out: &mut RecordWriter<OutFile>, format: Format, message: &str) -> anyhow::Result<()> {
    super::write_invalid_rows(out, format, &VariantCsvRow::invalid(), &SolveJson::invalid_variant(message))
}

fn write_answer(
    out: &mut RecordWriter<OutFile>,
    format: Format,
    mode: SolveMode,
    puzzle: &Puzzle,
    answer: &VariantAnswer,
) -> anyhow::Result<()> {
    match format {
        Format::Csv => out.write_csv(&VariantCsvRow::new(puzzle, answer, mode))?,
        Format::Json => out.write_json(&SolveJson::of_variant(puzzle, answer, mode))?,
        Format::Block => {
            let w = out.get_mut();
            match mode {
                SolveMode::Count(_) => writeln!(w, "{}", answer.count.unwrap_or(0))?,
                SolveMode::All(_) => {
                    for s in &answer.all {
                        writeln!(w, "{}", block(puzzle, s))?;
                    }
                    let n = answer.all.len();
                    writeln!(w, "{n} solution{} ({})\n", if n == 1 { "" } else { "s" }, answer.status(mode))?;
                    return Ok(());
                }
                SolveMode::First => {}
            }
            match &answer.first {
                Some(s) => writeln!(w, "{}", block(puzzle, s))?,
                None => writeln!(w, "no solution\n")?,
            }
        }
        _ => {
            let w = out.get_mut();
            match (mode, &answer.first) {
                (SolveMode::Count(_), _) => writeln!(w, "{}", answer.count.unwrap_or(0))?,
                (_, None) => writeln!(w, "no solution")?,
                (SolveMode::All(_), _) => {
                    let all: Vec<String> = answer.all.iter().map(|s| format_digits(s)).collect();
                    writeln!(w, "{}", all.join(" "))?;
                }
                (_, Some(s)) => writeln!(w, "{}", format_digits(s))?,
            }
        }
    }
    Ok(())
}
