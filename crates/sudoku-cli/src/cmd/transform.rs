//! `sudoku transform`: apply a transformation (as `sudoku canon --transform`
//! writes them), or its inverse, to puzzles.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use sudoku_canon::Transform;
use sudoku_commands::transform::{TransformRequest, CSV_HEADER};
use sudoku_core::Grid;
use sudoku_io::Record;

use crate::args::{InputArgs, OutputArgs};
use crate::pipeline::{for_each_record, Flow, RecordRun};

/// Arguments of `sudoku transform`.
#[derive(Debug, Args)]
#[command(after_long_help = TRANSFORM_AFTER_HELP)]
pub struct TransformArgs {
    /// The transformation, e.g. Tr213456789c123456789d912345678.
    #[arg(long = "by", short = 't', value_name = "TRANSFORM", value_parser = parse_transform)]
    pub by: Transform,

    /// Apply the inverse: undo the transformation (maps a form back onto
    /// the puzzle `sudoku canon --transform` read).
    #[arg(long)]
    pub inverse: bool,

    /// Where the puzzles come from.
    #[command(flatten)]
    pub source: InputArgs,

    /// Report a malformed record on stderr and go on (its output line says
    /// `malformed`); without it the first malformed record stops the run.
    #[arg(long)]
    pub skip_invalid: bool,

    /// Where results go: -o, --force, --jobs, --quiet.
    #[command(flatten)]
    pub output: OutputArgs,
}

const TRANSFORM_AFTER_HELP: &str = "\
A transformation is written [T]rRRRRRRRRRcCCCCCCCCdDDDDDDDDD:
  T          (optional) transpose the grid first
  r + 9 digits  the source row of output rows 1-9
  c + 9 digits  the source column of output columns 1-9
  d + 9 digits  the new digit of digits 1-9
Rows must keep bands whole (each group of three output rows comes from one
band) and columns stacks whole. The identity is r123456789c123456789d123456789.

Output is record-aligned: one puzzle line per record (. for blanks).

Examples:
  sudoku canon --transform puzzles.txt        # form and transformation
  sudoku transform --by Tr321654987c789123456d987654321 puzzles.txt
  sudoku transform --inverse --by T... forms.txt   # back to the puzzles";

fn parse_transform(s: &str) -> Result<Transform, String> {
    s.parse::<Transform>().map_err(|e| e.to_string())
}

/// Runs `sudoku transform`.
pub fn run(args: TransformArgs) -> anyhow::Result<ExitCode> {
    args.source.spec()?;
    let request = TransformRequest { by: args.by, inverse: args.inverse };
    let t = request.applied();
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, CSV_HEADER)?;
    for_each_record(
        &args.source,
        &args.output,
        |g| t.apply(g),
        |record: &Record, result: Option<Grid>| match (&record.grid, result) {
            (Ok(_), Some(g)) => {
                writeln!(out.get_mut(), "{}", g.to_line())?;
                Ok(Flow::Continue)
            }
            (Err(e), _) => run.malformed(e, || Ok(writeln!(out.get_mut(), "malformed")?)),
            (Ok(_), None) => anyhow::bail!("internal: a parsed record has no result"),
        },
    )?;
    run.finish(out, false)
}
