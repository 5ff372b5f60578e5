//! `sudoku canon`: the minlex form of each puzzle, and duplicates up to
//! symmetry and relabelling.

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_canon::{Canonicalizer, Transform};
use sudoku_core::Grid;
use sudoku_io::{FileKind, Record, RecordWriter};

use crate::args::{pick_format, InputArgs, OutputArgs};
use crate::out_file::OutFile;
use crate::pipeline::{for_each_record, Flow, RecordRun};

/// Arguments of `sudoku canon`.
#[derive(Debug, Args)]
#[command(after_long_help = CANON_AFTER_HELP)]
pub struct CanonArgs {
    /// Where the puzzles come from.
    #[command(flatten)]
    pub source: InputArgs,

    /// Output format [default: from the --output extension (.csv, .json),
    /// else line].
    #[arg(long, short = 'f', value_enum, value_name = "FORMAT", ignore_case = true)]
    pub format: Option<CanonFormat>,

    /// Also give the transformation that maps each puzzle onto its form (see
    /// `sudoku transform`).
    #[arg(long)]
    pub transform: bool,

    /// Keep only the first record of each equivalence class; say on stderr
    /// how many were dropped.
    #[arg(long)]
    pub dedupe: bool,

    /// With --dedupe: keep every record and give each the record number of
    /// the first of its class (itself when it is the first).
    #[arg(long, requires = "dedupe")]
    pub report: bool,

    /// In line format, write each record's puzzle as given instead of its
    /// form (with --dedupe: a file's puzzles without their duplicates).
    #[arg(long)]
    pub original: bool,

    /// Report a malformed record on stderr and go on (its output line says
    /// `malformed`); without it the first malformed record stops the run.
    #[arg(long)]
    pub skip_invalid: bool,

    /// Where results go: -o, --force, --jobs, --quiet.
    #[command(flatten)]
    pub output: OutputArgs,
}

const CANON_AFTER_HELP: &str = "\
Two puzzles are the same puzzle in disguise when one is made from the other
by transposing, permuting rows within a band, bands, columns within a stack,
stacks (3,359,232 ways), and relabelling the digits (9! ways). The form of a
puzzle (its minlex form, the community's standard) is the smallest of all
its disguises as an 81-character string, blanks as 0 (so blanks first);
equivalent puzzles, and only they, have the same form. Any grid has one:
solution grids and invalid grids too.

Output is record-aligned: record i of the input gives record i of the output
(with --dedupe, the records kept, in input order).
  line  the form (0 for blanks), then the transformation with --transform,
        then the first record of the class with --report
  csv   columns: puzzle,canonical (+transform) (+first with --report)
  json  one object per record: puzzle, canonical (+transform) (+first); a
        malformed record (--skip-invalid) has null in each, then status
        malformed and error
Record numbers count from 1 over all the input files. A transformation is
written [T]rRRRRRRRRRcCCCCCCCCdDDDDDDDDD (see `sudoku transform --help`);
applied to the puzzle it gives the form.

Memory: the forms seen are kept with --dedupe (about 100 bytes a class);
nothing else grows with the input.

Examples:
  sudoku canon puzzles.txt
  sudoku canon --dedupe --original puzzles.txt -o distinct.txt
  sudoku canon --dedupe --report --format csv puzzles.txt";

/// `--format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CanonFormat {
    /// One line a record.
    Line,
    /// CSV with a header row.
    Csv,
    /// One JSON object a line.
    Json,
}

#[derive(Serialize)]
struct Row<'a> {
    puzzle: &'a str,
    canonical: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    transform: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first: Option<u64>,
}

/// A malformed record in JSON: `null` in every column of the run (a unit
/// `()` is written `null`; `None` leaves a column out), then the status and
/// the error.
#[derive(Serialize)]
struct MalformedRow<'a> {
    puzzle: Option<&'a str>,
    canonical: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    transform: Option<()>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first: Option<()>,
    status: &'a str,
    error: &'a str,
}

thread_local! {
    static CANON: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::new());
}

/// Runs `sudoku canon`.
pub fn run(args: CanonArgs) -> anyhow::Result<ExitCode> {
    args.source.spec()?;
    let format = pick_format(args.format, args.output.path(), CanonFormat::Line, |kind| match kind {
        FileKind::Text => Some(CanonFormat::Line),
        FileKind::Csv => Some(CanonFormat::Csv),
        FileKind::Json => Some(CanonFormat::Json),
        FileKind::Pdf | FileKind::Svg => None,
    })?;
    if args.original && format != CanonFormat::Line {
        bail!("--original is for --format line (csv and json carry both the puzzle and its form)");
    }
    let header: &'static [&'static str] = match (args.transform, args.report) {
        (false, false) => &["puzzle", "canonical"],
        (true, false) => &["puzzle", "canonical", "transform"],
        (false, true) => &["puzzle", "canonical", "first"],
        (true, true) => &["puzzle", "canonical", "transform", "first"],
    };
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, header)?;
    // The record number of the first record of each class seen.
    let mut first_of: HashMap<Grid, u64> = HashMap::new();
    let (mut n_records, mut n_dropped) = (0u64, 0u64);

    for_each_record(
        &args.source,
        &args.output,
        |g| CANON.with(|c| c.borrow_mut().canonical(g)),
        |record: &Record, result: Option<(Grid, Transform)>| {
            n_records += 1;
            let (form, transform) = match (&record.grid, result) {
                (Ok(_), Some(found)) => found,
                (Err(e), _) => {
                    return run.malformed(e, || write_malformed(&mut out, format, header, &e.to_string()));
                }
                (Ok(_), None) => bail!("internal: a parsed record has no form"),
            };
            let mut first = None;
            if args.dedupe {
                let number = *first_of.entry(form).or_insert(n_records);
                if number != n_records && !args.report {
                    n_dropped += 1;
                    return Ok(Flow::Continue);
                }
                first = args.report.then_some(number);
            }
            let puzzle = record.grid.as_ref().expect("matched above");
            write_form(&mut out, format, &args, puzzle, &form, &transform, first)?;
            Ok(Flow::Continue)
        },
    )?;
    if args.dedupe && !args.report && !args.output.quiet {
        eprintln!(
            "sudoku: kept {} of {n_records} records; dropped {n_dropped} equivalent to an earlier one",
            n_records - n_dropped
        );
    }
    run.finish(out, format == CanonFormat::Csv)
}

fn write_form(
    out: &mut RecordWriter<OutFile>,
    format: CanonFormat,
    args: &CanonArgs,
    puzzle: &Grid,
    form: &Grid,
    transform: &Transform,
    first: Option<u64>,
) -> anyhow::Result<()> {
    let form_text = form.to_line_zeros();
    let transform = args.transform.then(|| transform.to_string());
    match format {
        CanonFormat::Line => {
            let w = out.get_mut();
            if args.original {
                write!(w, "{}", puzzle.to_line())?;
            } else {
                write!(w, "{form_text}")?;
            }
            if let Some(t) = &transform {
                write!(w, " {t}")?;
            }
            if let Some(n) = first {
                write!(w, " {n}")?;
            }
            writeln!(w)?;
        }
        CanonFormat::Csv | CanonFormat::Json => {
            let line = puzzle.to_line();
            let row = Row { puzzle: &line, canonical: &form_text, transform, first };
            if format == CanonFormat::Csv {
                out.write_csv(&row)?;
            } else {
                out.write_json(&row)?;
            }
        }
    }
    Ok(())
}

/// The placeholder of a malformed record (with --skip-invalid): `malformed`
/// in line; in CSV a row whose form column says it, the puzzle empty; in
/// JSON, as every command has it, `null` for the puzzle and each other
/// column, the status `malformed` and the error.
fn write_malformed(
    out: &mut RecordWriter<OutFile>,
    format: CanonFormat,
    header: &[&str],
    error: &str,
) -> anyhow::Result<()> {
    match format {
        CanonFormat::Line => writeln!(out.get_mut(), "malformed")?,
        CanonFormat::Csv => {
            let mut fields = vec![""; header.len()];
            fields[1] = "malformed";
            out.write_csv(&fields)?;
        }
        CanonFormat::Json => {
            let has = |column: &str| header.contains(&column).then_some(());
            let row = MalformedRow {
                puzzle: None,
                canonical: None,
                transform: has("transform"),
                first: has("first"),
                status: "malformed",
                error,
            };
            out.write_json(&row)?;
        }
    }
    Ok(())
}
