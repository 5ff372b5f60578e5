//! `sudoku hint`: the next step from a player's position.

use std::cell::RefCell;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use sudoku_core::Position;
use sudoku_grade::hint::{Hint, Level, Status};
use sudoku_grade::Grader;
use sudoku_io::rows::{HintJson, HintStepJson};
use sudoku_io::{position_json, positions, FileKind, PositionFormat, PositionRecord, RecordWriter};

use crate::args::{pick_format, OutputArgs};
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
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = PositionInput::Auto, ignore_case = true)]
    pub input: PositionInput,

    /// How much to tell: where to look, the technique, or everything.
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = LevelArg::Full, ignore_case = true)]
    pub level: LevelArg,

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
    #[arg(long, short = 'f', value_enum, value_name = "FORMAT", ignore_case = true)]
    pub format: Option<HintFormat>,

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
ladder and ratings as `grade`), with --level
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
  sudoku hint --to-end --format json position.txt";

/// `--input` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PositionInput {
    /// Told apart per record.
    Auto,
    /// `givens[,placed]` lines.
    Line,
    /// Sukaku lines: 729 candidate characters.
    Sukaku,
    /// Pencil-mark grids.
    Grid,
    /// JSON objects, one a line.
    Json,
}

impl From<PositionInput> for PositionFormat {
    fn from(f: PositionInput) -> PositionFormat {
        match f {
            PositionInput::Auto => PositionFormat::Auto,
            PositionInput::Line => PositionFormat::GivensPlaced,
            PositionInput::Sukaku => PositionFormat::Sukaku,
            PositionInput::Grid => PositionFormat::PencilGrid,
            PositionInput::Json => PositionFormat::Json,
        }
    }
}

/// `--level` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Where to look.
    Nudge,
    /// The technique and where to look.
    Technique,
    /// Everything.
    Full,
}

impl From<LevelArg> for Level {
    fn from(l: LevelArg) -> Level {
        match l {
            LevelArg::Nudge => Level::Nudge,
            LevelArg::Technique => Level::Technique,
            LevelArg::Full => Level::Full,
        }
    }
}

/// Output formats of `sudoku hint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HintFormat {
    /// One line per step.
    Line,
    /// JSON Lines: one object per position.
    Json,
}

/// A step as a line: the hint's text (at level full, `difficulty name:
/// pattern. So conclusions.`), else the status and what is wrong.
fn line_of(h: &Hint) -> String {
    match h.status {
        Status::Hint => h.text.clone(),
        status => format!("{}: {}", status.name(), h.text),
    }
}

/// The hints of one position: `steps` of them, or to the end (the
/// grader's walk: see [`Grader::hints`]).
fn hints_of(grader: &mut Grader, position: &Position, level: Level, steps: u32, to_end: bool) -> Vec<Hint> {
    grader.hints(position, level, if to_end { usize::MAX } else { steps as usize })
}

thread_local! {
    /// One grader per worker thread: its scratch space is reused.
    static GRADER: RefCell<Grader> = RefCell::new(Grader::new());
}

/// Runs `sudoku hint`.
pub fn run(args: HintArgs) -> anyhow::Result<ExitCode> {
    let format = pick_format(args.format, args.output.path(), HintFormat::Line, |kind| match kind {
        FileKind::Text => Some(HintFormat::Line),
        FileKind::Json => Some(HintFormat::Json),
        FileKind::Csv | FileKind::Pdf | FileKind::Svg => None,
    })?;
    let level = Level::from(args.level);
    let (steps, to_end) = (args.steps, args.to_end);
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, &[])?;
    let inputs = input_paths(&args.files).into_iter().map(|path| open_positions(path, args.input.into()));
    let work = |record: &PositionRecord| {
        let position = record.position.as_ref().ok()?;
        Some(GRADER.with(|g| hints_of(&mut g.borrow_mut(), position, level, steps, to_end)))
    };
    for_each_item(inputs, &args.output, work, |record, hints| {
        write_record(&mut run, &mut out, record, hints, &args, format)
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
    args: &HintArgs,
    format: HintFormat,
) -> anyhow::Result<Flow> {
    let (position, hints) = match (&record.position, hints) {
        (Ok(p), Some(hints)) => (p, hints),
        (Ok(_), None) => anyhow::bail!("internal: a position without hints"),
        (Err(e), _) => {
            let why = e.to_string();
            return run.malformed(e, || match format {
                HintFormat::Line => {
                    writeln!(out.get_mut(), "malformed: {why}")?;
                    // A record's block ends with a blank line, a malformed one's too.
                    if args.steps > 1 || args.to_end {
                        writeln!(out.get_mut())?;
                    }
                    Ok(())
                }
                HintFormat::Json => {
                    Ok(out.write_json(&HintJson::new(None, HintStepJson::malformed(why), Vec::new()))?)
                }
            });
        }
    };
    if hints.iter().any(|h| !matches!(h.status, Status::Hint | Status::Solved)) {
        run.negative();
    }
    match format {
        HintFormat::Line => {
            let w = out.get_mut();
            for h in &hints {
                writeln!(w, "{}", line_of(h))?;
            }
            if args.steps > 1 || args.to_end {
                writeln!(w)?;
            }
        }
        HintFormat::Json => {
            let mut steps = hints.iter().map(HintStepJson::new);
            let first = steps.next().context("internal: no hint")?;
            out.write_json(&HintJson::new(Some(position_json(position)), first, steps.collect()))?;
        }
    }
    Ok(Flow::Continue)
}
