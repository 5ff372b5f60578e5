//! `sudoku hint`: the next step from a player's position.

use std::cell::RefCell;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use sudoku_commands::hint::{is_negative, line_of, HintJson, HintRequest, HintStepJson, Steps, FORMATS};
use sudoku_commands::Format;
use sudoku_grade::hint::{Hint, Level};
use sudoku_grade::{Grader, Scale};
use sudoku_io::{positions, PositionFormat, PositionRecord, RecordWriter};

use crate::args::{pick_format, OutputArgs};
use crate::choice::{choice, formats};
use crate::out_file::OutFile;
use crate::pipeline::{for_each_item, input_paths, Flow, RecordRun};

/// Arguments of `sudoku hint`.
#[derive(Debug, Args)]
#[command(after_long_help = HINT_AFTER_HELP)]
pub struct HintArgs {
    /// Input files of positions; stdin when none is given or the name is
    /// `-`.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<std::path::PathBuf>,

    /// How the positions are laid out.
    #[arg(long, value_name = "FORMAT", value_parser = choice::<PositionFormat>(), default_value = "auto",
          ignore_case = true)]
    pub input: PositionFormat,

    /// How much to tell: where to look, the technique, or everything.
    #[arg(long, value_name = "LEVEL", value_parser = choice::<Level>(), default_value = "full", ignore_case = true)]
    pub level: Level,

    /// The technique set to take steps from: se, the Sudoku Exchange bank's
    /// (default), or se121, Sudoku Explainer 1.2.1's (no skyscraper, kite,
    /// turbot, 3-strong-link fishes, WXYZ- or VWXYZ-wing).
    #[arg(long, value_name = "SCALE", value_parser = choice::<Scale>(), default_value = "se", ignore_case = true)]
    pub scale: Scale,

    /// Steps to give, each from the position the previous one leaves: the
    /// first N of --to-end's.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub steps: u32,

    /// Hints until the grid is full, each from the position the previous
    /// one leaves: the path of `grade --explain`, one pattern a step, so
    /// from the givens the hardest hint is grade's ER.
    #[arg(long, conflicts_with = "steps")]
    pub to_end: bool,

    /// Output format [default: from the --output extension (.json), else
    /// line].
    #[arg(long, short = 'f', value_name = "FORMAT", value_parser = formats(FORMATS), ignore_case = true)]
    pub format: Option<Format>,

    /// Report a malformed record on stderr and go on (its output says
    /// `malformed`); without it the first malformed record stops the run.
    #[arg(long)]
    pub skip_invalid: bool,

    /// Where results go: -o, --force, --jobs, --quiet.
    #[command(flatten)]
    pub output: OutputArgs,
}

const HINT_AFTER_HELP: &str = "\
A position is the givens, the digits placed since, and optionally the
player's pencil marks. Each record is one of (told apart per record, or as
--input says: line, sukaku, grid, json):
  givens[,placed]   an 81-cell line, optionally a comma and an 81-cell line
                    of the digits on the board now (givens included or not)
  Sukaku line       729 characters: 9 per cell, the digit or . (candidates)
  pencil-mark grid  9 rows of 9 cells, each cell its candidates (1245),
                    separated by spaces or |, border lines allowed (as
                    HoDoKu and Sudoku Explainer print them); 0 for a cell
                    with no candidate left
  JSON              {\"givens\": \"...\", \"placed\": \"...\", \"candidates\": [\"1245\", ...81]}
Without pencil marks, the candidates are what the placed digits allow.

Mistakes come first: placed digits that are not the solution's, and
solution digits erased from the pencil marks (the right digit only with
--level full). Givens with no solution, or several, are reported as such.
A Sukaku line or pencil-mark grid has no givens: its cells of one candidate
stand for them. When they have no solution or repeat a digit, the one change
that gives the position exactly one solution is the mistake (erased
candidate: the answer put back in a cell of one; wrong digit: that cell's
digit replaced); else the hint says that no single change repairs it.
Then the next step: the easiest of Sudoku Explainer's ladder (the same
ladder, ratings and --scale as `grade`), with --level
  nudge      where to look (a row, column or box)
  technique  the technique, its difficulty, and where to look
  full       the pattern's cells, the placements and eliminations [default]

With --steps N or --to-end the hints follow grade --explain's path from the
position: round by round (the steps it finds on one grid and takes
together), each step of a round a hint, easiest first, with only the
conclusions the earlier ones left open. From the givens, --to-end's hardest
hint is grade's ER. Running hint again on the position a step leaves gives
that position's easiest step, which can lead elsewhere when a round held
several steps, up to harder steps than the ER.

Output is record-aligned: record i of the input gives line i of the output
(with --steps N or --to-end, a record's steps are its lines, then a blank
line, in line format).
  line  one step a line: difficulty, SE's name and pattern, => conclusions;
        or the status and what is wrong
  json  one object per record: position, status (hint, solved, mistakes,
        no solution, not unique, invalid, malformed), technique, difficulty,
        pattern [{cell, digits}], placements [{cell, digit}], eliminations
        [{cell, digits}], text, mistakes [{cell, kind, placed, digit}], and
        with several steps, next: the following steps. Cells are rRcC.

Exit codes: 0 every record got a hint or is solved; 1 some record has
mistakes, bad givens, or was skipped as malformed; 2 usage, I/O or input
error, and then no output file is written.

Examples:
  sudoku hint position.txt
  echo 'GIVENS,PLACED' | sudoku hint --level nudge
  sudoku hint --to-end --format json position.txt

Variant puzzles (docs/variants.md: JSON records with a \"placed\" field, or lines
of another size as givens[,placed]) that the grader rates (9x9 with x, windoku or
disjoint-groups) get the SE ladder's steps, as classic positions do. Every other
variant gets simple steps: mistakes first, then naked and hidden singles over the
variant's houses, a digit one constraint forces (killer cage combinations, a
thermometer's order, ...), else the most constrained cell's digit from the
solution (said as such); --level and --scale do not apply to those.";

thread_local! {
    /// One grader per worker thread: its scratch space is reused.
    static GRADER: RefCell<Grader> = RefCell::new(Grader::new());
}

/// Runs `sudoku hint`.
pub fn run(args: HintArgs) -> anyhow::Result<ExitCode> {
    let format = pick_format(args.format, args.output.path(), Format::Line, FORMATS)?;
    let request = HintRequest {
        level: args.level,
        steps: if args.to_end { Steps::ToEnd } else { Steps::First(args.steps) },
        scale: args.scale,
    };
    if args.input == PositionFormat::Auto && super::solve::variant::input_is_variant(&args.files, true)? {
        return run_variant(&args, format, &request);
    }
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, &[])?;
    let inputs = input_paths(&args.files).into_iter().map(|path| open_positions(path, args.input));
    let work = |record: &PositionRecord| {
        let position = record.position.as_ref().ok()?;
        Some(GRADER.with_borrow_mut(|grader| request.run(grader, position)))
    };
    for_each_item(inputs, &args.output, work, |record, hints| {
        write_record(&mut run, &mut out, record, hints, &request, format)
    })?;
    run.finish(out, false)
}

fn open_positions(
    path: &Path,
    format: PositionFormat,
) -> anyhow::Result<Box<dyn Iterator<Item = PositionRecord>>> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(positions(std::io::stdin().lock(), "<stdin>", format)));
    }
    if path.is_dir() {
        anyhow::bail!("{} is a directory", path.display());
    }
    let f = std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    Ok(Box::new(positions(f, &path.display().to_string(), format)))
}

fn write_record(
    run: &mut RecordRun,
    out: &mut RecordWriter<OutFile>,
    record: &PositionRecord,
    hints: Option<Vec<Hint>>,
    request: &HintRequest,
    format: Format,
) -> anyhow::Result<Flow> {
    let (position, hints) = match (&record.position, hints) {
        (Ok(p), Some(hints)) => (p, hints),
        (Ok(_), None) => anyhow::bail!("internal: a position without hints"),
        (Err(e), _) => {
            let why = e.to_string();
            return run.malformed(e, || match format {
                Format::Json => {
                    Ok(out.write_json(&HintJson::new(None, HintStepJson::malformed(why), Vec::new()))?)
                }
                _ => {
                    writeln!(out.get_mut(), "malformed: {why}")?;
                    // A record's block ends with a blank line, a malformed one's too.
                    if request.is_multi() {
                        writeln!(out.get_mut())?;
                    }
                    Ok(())
                }
            });
        }
    };
    if is_negative(&hints) {
        run.negative();
    }
    match format {
        Format::Json => out.write_json(&HintJson::of(position, &hints).context("internal: no hint")?)?,
        _ => {
            let w = out.get_mut();
            for h in &hints {
                writeln!(w, "{}", line_of(h))?;
            }
            if request.is_multi() {
                writeln!(w)?;
            }
        }
    }
    Ok(Flow::Continue)
}

/// `hint` on variant puzzles (JSON records with `placed`, or lines of any
/// size as `givens[,placed]`): the SE ladder's steps where the grader
/// models the puzzle (X, windoku, disjoint groups), the simple steps of
/// `sudoku_variant::Puzzle::hint` on every other
/// ([`HintRequest::run_variant`]).
fn run_variant(args: &HintArgs, format: Format, request: &HintRequest) -> anyhow::Result<ExitCode> {
    use sudoku_commands::variant::hint_error_json;
    use sudoku_io::{VariantRecord, VariantSpec};
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, &[])?;
    let inputs = input_paths(&args.files)
        .into_iter()
        .map(|path| super::solve::variant::open(path, VariantSpec::default()));
    let work =
        |r: &VariantRecord| r.puzzle.as_ref().ok().map(|p| request.run_variant(p, r.placed.as_deref()));
    let multi = request.is_multi();
    for_each_item(inputs, &args.output, work, |record, result| {
        let puzzle = match &record.puzzle {
            Ok(p) => p,
            Err(e) => {
                let why = e.to_string();
                return run.malformed(e, || {
                    match format {
                        Format::Json => {
                            out.write_json(&serde_json::json!({"status": "malformed", "text": why}))?
                        }
                        _ => writeln!(out.get_mut(), "malformed: {why}{}", if multi { "\n" } else { "" })?,
                    }
                    Ok(())
                });
            }
        };
        let list = match result.context("internal: a parsed record has no hints")? {
            Ok(list) => list,
            Err(e) => {
                run.negative();
                match format {
                    Format::Json => out.write_json(&hint_error_json(&e))?,
                    _ => writeln!(out.get_mut(), "{e}{}", if multi { "\n" } else { "" })?,
                }
                return Ok(Flow::Continue);
            }
        };
        if list.is_negative() {
            run.negative();
        }
        match format {
            Format::Json => out.write_json(&list.json(puzzle))?,
            _ => {
                let w = out.get_mut();
                for line in list.lines(puzzle) {
                    writeln!(w, "{line}")?;
                }
                if multi {
                    writeln!(w)?;
                }
            }
        }
        Ok(Flow::Continue)
    })?;
    run.finish(out, false)
}
