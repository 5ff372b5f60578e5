//! `sudoku convert`: variant puzzles from one text form to another (our
//! JSON form, f-puzzles JSON, f-puzzles and SudokuPad links, Penpa+ links
//! (read only), ipuz, the line form), one record in, one record out.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use sudoku_io::VariantRecord;
use sudoku_variant::{Puzzle, VariantList};

use crate::args::OutputArgs;
use crate::cmd::solve::variant::{open, spec};
use crate::pipeline::{for_each_item, input_paths, Flow, RecordRun};

/// Arguments of `sudoku convert`.
#[derive(Debug, Args)]
#[command(after_long_help = CONVERT_AFTER_HELP)]
pub struct ConvertArgs {
    /// Input files of variant puzzles (any form, told apart per record);
    /// stdin when none is given or the name is `-`.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<std::path::PathBuf>,

    /// The form to write.
    #[arg(long, value_enum, value_name = "FORM", ignore_case = true)]
    pub to: Target,

    /// Extra rules for puzzles given as lines (as `solve --variant`).
    #[arg(long, value_name = "RULES", value_parser = crate::choice::variant_list())]
    pub variant: Option<VariantList>,

    /// The side of puzzles given as lines (as `solve --size`).
    #[arg(long, value_name = "N", value_parser = crate::choice::size())]
    pub size: Option<usize>,

    /// Report a record that cannot be read or written in the target form
    /// on stderr and go on (its output line says `invalid`).
    #[arg(long)]
    pub skip_invalid: bool,

    /// Where results go: -o, --force, --jobs, --quiet.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The forms `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// Our JSON form, one object a line (docs/variants.md).
    Json,
    /// The line of givens (sizes and rules are lost: classic shapes only).
    Line,
    /// f-puzzles' JSON document, one a line.
    Fpuzzles,
    /// An f-puzzles link (`https://www.f-puzzles.com/?load=...`).
    FpuzzlesLink,
    /// A SudokuPad link (`https://sudokupad.app/fpuzzles...`).
    Sudokupad,
    /// An ipuz document (`http://ipuz.org/sudoku#1`), one a line.
    Ipuz,
}

const CONVERT_AFTER_HELP: &str = "\
Reads every form solve reads: our JSON form, f-puzzles JSON, f-puzzles and
SudokuPad links (fpuzzles... payloads), Penpa+ links (penpa-edit's
#m=solve&p=... or m=edit, read only), sudokuwiki.org links and packed
boards, and lines of givens. A solution the record carries travels with it
where the target has a place for it; a player's placed digits (a position:
JSON `placed`, a sudokuwiki.org saved position) only to --to json.
What a target cannot say is an error naming it, never a silent loss: f-puzzles
has no samurai and no size above 16; ipuz has no anti-knight, anti-king,
non-consecutive, samurai or constraint drawn on the grid; the line form has
no cages, regions, rules or constraints.

Examples:
  sudoku convert --to sudokupad killer.jsonl
  sudoku convert --to json 'https://www.f-puzzles.com/?load=...'   (as a line of a file)
  sudoku convert --to ipuz x.jsonl -o x.ipuz.jsonl";

/// One record in the target form, or why it cannot be. A player's
/// digits (`placed`: a position) go only to our JSON form.
fn convert(
    puzzle: &Puzzle,
    solution: Option<&[u8]>,
    placed: Option<&[u8]>,
    to: Target,
) -> Result<String, String> {
    let placed = placed.filter(|p| p.iter().any(|&d| d != 0));
    if placed.is_some() && to != Target::Json {
        return Err("the record is a position (a player's placed digits), which only --to json keeps".into());
    }
    let text = match to {
        Target::Json => Ok(puzzle.to_json_position(solution, placed)),
        Target::Line if puzzle.is_classic() => Ok(puzzle.givens_line()),
        Target::Line => {
            Err(format!("the line form cannot hold a {} puzzle; use --to json", puzzle.variant_name()))
        }
        Target::Fpuzzles => puzzle.to_fpuzzles(solution).map_err(|e| e.to_string()),
        Target::FpuzzlesLink => puzzle.to_fpuzzles_link(solution).map_err(|e| e.to_string()),
        Target::Sudokupad => puzzle.to_sudokupad_link(solution).map_err(|e| e.to_string()),
        Target::Ipuz => puzzle.to_ipuz(solution).map_err(|e| e.to_string()),
    }?;
    Ok(text)
}

/// Runs `sudoku convert`.
pub fn run(args: ConvertArgs) -> anyhow::Result<ExitCode> {
    let spec = spec(args.variant, args.size)?;
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, &[])?;
    let inputs = input_paths(&args.files).into_iter().map(|path| open(path, spec));
    let work = |r: &VariantRecord| {
        r.puzzle.as_ref().ok().map(|p| convert(p, r.solution.as_deref(), r.placed.as_deref(), args.to))
    };
    for_each_item(inputs, &args.output, work, |record, result| {
        let converted = match (&record.puzzle, result) {
            (Ok(_), Some(converted)) => converted,
            (Ok(_), None) => anyhow::bail!("internal: a parsed record was not converted"),
            (Err(e), _) => return run.malformed(e, || Ok(writeln!(out.get_mut(), "invalid")?)),
        };
        match converted {
            Ok(text) => writeln!(out.get_mut(), "{text}")?,
            Err(why) => {
                let e = sudoku_io::RecordError {
                    source: record.source.to_string(),
                    line: record.line,
                    column: 0,
                    message: why,
                };
                return run.malformed(&e, || Ok(writeln!(out.get_mut(), "invalid")?));
            }
        }
        Ok(Flow::Continue)
    })?;
    run.finish(out, false)
}
