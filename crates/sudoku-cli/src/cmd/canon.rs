//! `sudoku canon`: the minlex form of each puzzle, and duplicates up to
//! symmetry and relabelling.

use std::cell::RefCell;
use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use sudoku_canon::{Canonicalizer, Transform};
use sudoku_commands::canon::{
    canon_malformed_csv, canonical, CanonMalformedJson, CanonRequest, CanonRow, Classes, FORMATS,
};
use sudoku_commands::Format;
use sudoku_core::Grid;
use sudoku_io::{Record, RecordWriter};

use crate::args::{pick_format, InputArgs, OutputArgs};
use crate::choice::formats;
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
    #[arg(long, short = 'f', value_name = "FORMAT", value_parser = formats(FORMATS), ignore_case = true)]
    pub format: Option<Format>,

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

thread_local! {
    static CANON: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::new());
}

/// Runs `sudoku canon`.
pub fn run(args: CanonArgs) -> anyhow::Result<ExitCode> {
    args.source.spec()?;
    if args.source.input == sudoku_io::InputFormat::Auto
        && crate::cmd::solve::variant::input_is_variant(&args.source.files, false)?
    {
        bail!(
            "canonical forms are for classic 9x9 puzzles; variant puzzles (other sizes, JSON records, \
             links) have no canonical form here yet"
        );
    }
    let format = pick_format(args.format, args.output.path(), Format::Line, FORMATS)?;
    if args.original && format != Format::Line {
        bail!("--original is for --format line (csv and json carry both the puzzle and its form)");
    }
    let request = CanonRequest { transform: args.transform, dedupe: args.dedupe, report: args.report };
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, request.header())?;
    let mut classes = Classes::default();

    for_each_record(
        &args.source,
        &args.output,
        |g| CANON.with_borrow_mut(|c| canonical(c, g)),
        |record: &Record, result: Option<(Grid, Transform)>| {
            let (puzzle, (form, transform)) = match (&record.grid, result) {
                (Ok(puzzle), Some(found)) => (puzzle, found),
                (Err(e), _) => {
                    classes.skip();
                    return run.malformed(e, || write_malformed(&mut out, format, &request, &e.to_string()));
                }
                (Ok(_), None) => bail!("internal: a parsed record has no form"),
            };
            let Some(first) = request.next(&mut classes, form) else { return Ok(Flow::Continue) };
            let transform = args.transform.then_some(&transform);
            write_form(&mut out, format, args.original, puzzle, &form, transform, first)?;
            Ok(Flow::Continue)
        },
    )?;
    if args.dedupe && !args.report && !args.output.quiet {
        let (n_records, n_dropped) = classes.counts();
        eprintln!(
            "sudoku: kept {} of {n_records} records; dropped {n_dropped} equivalent to an earlier one",
            n_records - n_dropped
        );
    }
    run.finish(out, format == Format::Csv)
}

fn write_form(
    out: &mut RecordWriter<OutFile>,
    format: Format,
    original: bool,
    puzzle: &Grid,
    form: &Grid,
    transform: Option<&Transform>,
    first: Option<u64>,
) -> anyhow::Result<()> {
    match format {
        Format::Csv => out.write_csv(&CanonRow::new(puzzle, form, transform, first))?,
        Format::Json => out.write_json(&CanonRow::new(puzzle, form, transform, first))?,
        _ => {
            let w = out.get_mut();
            if original {
                write!(w, "{}", puzzle.to_line())?;
            } else {
                write!(w, "{}", form.to_line_zeros())?;
            }
            if let Some(t) = transform {
                write!(w, " {t}")?;
            }
            if let Some(n) = first {
                write!(w, " {n}")?;
            }
            writeln!(w)?;
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
    format: Format,
    request: &CanonRequest,
    error: &str,
) -> anyhow::Result<()> {
    match format {
        Format::Csv => out.write_csv(&canon_malformed_csv(request))?,
        Format::Json => out.write_json(&CanonMalformedJson::new(request, error))?,
        _ => writeln!(out.get_mut(), "malformed")?,
    }
    Ok(())
}
