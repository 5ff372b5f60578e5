//! `sudoku solve`: solve puzzles, count or list their solutions; with
//! `--max-score`, the target-sudoku optimum ([`max_score`]).

mod max_score;
pub(crate) mod variant;

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use sudoku_commands::solve::{
    AllRow, AllSolutions, Answer, SolveCsvRow, SolveMode, SolveRequest, CSV_HEADER, DEFAULT_ALL_LIMIT,
    DEFAULT_COUNT_LIMIT, FORMATS,
};
use sudoku_commands::solve_json::SolveJson;
use sudoku_commands::Format;
use sudoku_core::{Grid, Solver};
use sudoku_io::{InputFormat, Record, RecordWriter};
use sudoku_variant::VariantList;

use crate::args::{pick_format, InputArgs, OutputArgs};
use crate::choice::formats;
use crate::out_file::OutFile;
use crate::pipeline::{for_each_record, Flow, RecordRun};
use max_score::MaxScoreArgs;

/// Arguments of `sudoku solve`.
#[derive(Debug, Args)]
#[command(after_long_help = SOLVE_AFTER_HELP)]
pub struct SolveArgs {
    /// Where the puzzles come from.
    #[command(flatten)]
    pub source: InputArgs,

    /// Output format: one line per input record (block: one block per
    /// record) [default: from the --output extension (.csv, .json), else
    /// line; the judge's 9 rows with --input poj].
    #[arg(long, short = 'f', value_name = "FORMAT", value_parser = formats(FORMATS), ignore_case = true)]
    pub format: Option<Format>,

    /// Print the number of solutions of each puzzle, counting up to
    /// `--limit` (default 1000).
    #[arg(long, conflicts_with = "all")]
    pub count: bool,

    /// List the solutions of each puzzle, up to `--limit` (default 100),
    /// each written as soon as it is found.
    #[arg(long)]
    pub all: bool,

    /// Cap for `--count` and `--all` (only with them) [default: 1000 with
    /// --count, 100 with --all]. `--count --limit 2` is the uniqueness check.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Report a malformed record on stderr and go on (its output line says
    /// `invalid`); without it the first malformed record stops the run.
    #[arg(long)]
    pub skip_invalid: bool,

    /// Where results go: -o, --force, --jobs, --quiet.
    #[command(flatten)]
    pub output: OutputArgs,

    /// Extra rules for puzzles given as lines, comma-separated
    /// (`--variant x,anti-king`).
    #[arg(long, value_name = "RULES", value_parser = crate::choice::variant_list(),
        long_help = crate::choice::variant_help(
            "Extra rules for puzzles given as lines, comma-separated (`--variant x,anti-king`): any of",
            "Killer and jigsaw puzzles, and constraints drawn on the grid, are read from the JSON \
             form (docs/variants.md), which is detected by itself."))]
    pub variant: Option<VariantList>,

    /// The side of puzzles given as lines (4, 6, 8, 9, 12, 16, 25, ...)
    /// [default: from each line's length: 16 cells is 4x4, 256 is 16x16,
    /// 441 a samurai]. Digits above 9 are A-P.
    #[arg(long, value_name = "N", value_parser = crate::choice::size())]
    pub size: Option<usize>,

    /// The max-score mode: --max-score, --weights, --node-limit, --time-limit.
    #[command(flatten)]
    pub max: MaxScoreArgs,
}

const SOLVE_AFTER_HELP: &str = "\
Input formats (--input auto detects each record):
  line   4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
         81 cells; 1-9 digits, blanks . 0 _; text after whitespace or # is a comment
  block  9 rows of 9 cells, separators | - + and spaces allowed; blank line between records
  noip   81 integers 0-9 separated by any whitespace
  poj    first line T, then T grids of 9 lines of 9 digits (0 blank); prints each solution
         as 9 lines, or the original grid unchanged when it has no solution
  hoj    first line T, then T noip grids
  csv    a header row, then one puzzle per row in the column --column NAME (default:
         puzzle, quizzes or Sudoku Puzzle, any case; else the first puzzle-like column);
         Kaggle and QQWing layouts work as they are; a file whose first row is a
         puzzle has no header row and is read from its first row (said on stderr)
Line ends may be LF, CRLF or a lone CR.

Output is record-aligned: record i of the input gives line i of the output (one
block per record with --format block), with or without --skip-invalid.
  line  the 81-digit solution; `no solution`; `invalid` (with --skip-invalid);
        with --count the count; with --all the solutions separated by spaces
  block the solution as a block; with --all each solution, then a line
        `N solutions (all|limit)` (or `no solution`)
  csv   columns: puzzle,solution,status,count (header row, RFC 4180; an empty
        input still gives the header row)
  json  one object per line: puzzle, solution, status, count, nodes, guesses,
        backtracks (and solutions with --all)
status is one of:
  solved      a solution was found          unsolvable  there is none
  unique      --count: exactly one          multiple    --count: two or more
  solvable    --count --limit 1: at least one (a limit of 1 cannot show uniqueness)
  all         --all: every solution listed  limit       --all: --limit listed, there are more
  invalid     --skip-invalid: a malformed record

Exit codes: 0 every puzzle solved; 1 some puzzle had no solution or was
skipped as invalid; 2 usage, I/O or input error (FILE:LINE:COL: message), and
then no output file is written (an existing one is left as it was).

Variant puzzles (docs/variants.md): a line of n*n cells for other sizes (digits
1-9 then A-P; 256 cells is 16x16, 441 a samurai canvas), rules from --variant;
or one JSON object a line for every variant (killer cages, jigsaw regions, rules):
  {\"size\":9,\"rules\":[\"x\"],\"cages\":[{\"sum\":10,\"cells\":[\"r1c1\",\"r1c2\"]}],\"givens\":\"...\"}
Both are detected from the first record; json rows then carry the puzzle object
and csv rows the columns variant,size,puzzle,solution,status,count.

Examples:
  sudoku solve puzzles.txt
  sudoku solve --size 16 giant.txt                 # 16x16, digits 1-9 A-G
  sudoku solve --variant x,anti-knight x.txt       # 9x9 lines with extra rules
  sudoku solve --count --limit 2 killer.jsonl      # uniqueness of killer puzzles
  sudoku solve --count --limit 2 puzzles.txt      # uniqueness check
  sudoku solve puzzles.txt -o solutions.json      # JSON Lines, from the extension";

thread_local! {
    // One solver per worker thread: its stack is allocated once.
    static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
}

/// Runs `sudoku solve`.
pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    args.source.spec()?; // A usage error, before any file is opened.
    if args.max.max_score {
        return max_score::run(&args.source, &args.output, args.skip_invalid, args.format, &args.max);
    }
    let auto = args.source.input == sudoku_io::InputFormat::Auto;
    let is_variant = args.variant.is_some()
        || args.size.is_some()
        || auto && variant::input_is_variant(&args.source.files, false)?;
    // --node-limit also bounds a variant search.
    args.max.check_unused(is_variant)?;
    if args.limit.is_some() && !args.count && !args.all {
        bail!("--limit needs --count or --all");
    }
    let mode = match (args.count, args.all) {
        (true, _) => SolveMode::Count(args.limit.unwrap_or(DEFAULT_COUNT_LIMIT)),
        (_, true) => SolveMode::All(args.limit.unwrap_or(DEFAULT_ALL_LIMIT)),
        _ => SolveMode::First,
    };
    let explicit = match (args.format, args.output.path()) {
        (None, None) => None,
        (format, path) => Some(pick_format(format, path, Format::Line, FORMATS)?),
    };
    if is_variant {
        let spec = variant::spec(args.variant, args.size)?;
        let job = variant::Job {
            mode,
            format: explicit,
            skip_invalid: args.skip_invalid,
            node_limit: args.max.node_limit,
        };
        return variant::run(&args.source, &args.output, spec, &job);
    }
    // Without --format or an extension: lines, or the judge's rows for poj.
    let format_of = |record: &Record| {
        explicit.unwrap_or(match record.format {
            InputFormat::Poj => Format::Rows,
            _ => Format::Line,
        })
    };
    // A count alone (the line format) needs no solution kept.
    let request = SolveRequest { mode, keep_first: explicit.unwrap_or(Format::Line) != Format::Line };
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, CSV_HEADER)?;

    for_each_record(
        &args.source,
        &args.output,
        |g| SOLVER.with_borrow_mut(|solver| request.answer(solver, g)),
        |record: &Record, answer: Option<Option<Answer>>| {
            let format = format_of(record);
            let grid = match &record.grid {
                Ok(g) => g,
                Err(e) => return run.malformed(e, || write_invalid(&mut out, format, &e.to_string())),
            };
            if let SolveMode::All(limit) = mode {
                if !write_all_solutions(&mut out, format, grid, limit)? {
                    run.negative();
                    say_why_unsolvable(record, grid, args.output.quiet);
                }
                return Ok(Flow::Continue);
            }
            let answer = answer.flatten().context("internal: a parsed record has no answer")?;
            if !answer.solvable() {
                run.negative();
                say_why_unsolvable(record, grid, args.output.quiet);
            }
            write_answer(&mut out, format, mode, grid, &answer)?;
            Ok(Flow::Continue)
        },
    )?;
    run.finish(out, explicit == Some(Format::Csv))
}

/// Names the clashing givens of an unsolvable puzzle, when they clash.
fn say_why_unsolvable(record: &Record, grid: &Grid, quiet: bool) {
    if let (Some(c), false) = (grid.conflicts().first(), quiet) {
        eprintln!("sudoku: {}:{}: no solution: {c}", record.source, record.line);
    }
}

/// Writes `n` in decimal, then a newline: `writeln!(out, "{n}")` without
/// the formatting machinery.
fn write_count(out: &mut impl Write, mut n: u64) -> std::io::Result<()> {
    let mut text = [b'\n'; 21];
    let mut start = text.len() - 1;
    loop {
        start -= 1;
        text[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return out.write_all(&text[start..]);
        }
    }
}

/// Writes `grid` in the line format, then a newline: [`Grid::to_line`]
/// without the allocation.
fn write_line(out: &mut impl Write, grid: &Grid) -> std::io::Result<()> {
    let mut line = [b'\n'; 82];
    line[..81].copy_from_slice(&grid.to_line_bytes());
    out.write_all(&line)
}

fn write_invalid(out: &mut RecordWriter<OutFile>, format: Format, message: &str) -> anyhow::Result<()> {
    write_invalid_rows(out, format, &SolveCsvRow::invalid(), &SolveJson::invalid(message))
}

/// The placeholder of a malformed record in each format: `invalid` (a
/// block's is followed by a blank line), or the given CSV or JSON row.
pub(crate) fn write_invalid_rows(
    out: &mut RecordWriter<OutFile>,
    format: Format,
    csv: &impl serde::Serialize,
    json: &impl serde::Serialize,
) -> anyhow::Result<()> {
    match format {
        Format::Block => writeln!(out.get_mut(), "invalid\n")?,
        Format::Csv => out.write_csv(csv)?,
        Format::Json => out.write_json(json)?,
        _ => writeln!(out.get_mut(), "invalid")?,
    }
    Ok(())
}

fn write_answer(
    out: &mut RecordWriter<OutFile>,
    format: Format,
    mode: SolveMode,
    puzzle: &Grid,
    answer: &Answer,
) -> anyhow::Result<()> {
    match format {
        Format::Block => {
            let w = out.get_mut();
            if let SolveMode::Count(_) = mode {
                writeln!(w, "{}", answer.count.unwrap_or(0))?;
            }
            match &answer.first {
                Some(s) => write!(w, "{}", s.to_block())?,
                None => writeln!(w, "no solution")?,
            }
            writeln!(w)?;
        }
        Format::Rows => match &answer.first {
            Some(s) => write!(out.get_mut(), "{}", s.to_rows())?,
            None => write!(out.get_mut(), "{}", puzzle.to_rows())?,
        },
        Format::Csv => out.write_csv(&SolveCsvRow::new(puzzle, answer, mode))?,
        Format::Json => out.write_json(&SolveJson::new(puzzle, answer, mode))?,
        _ => match (mode, &answer.first) {
            (SolveMode::Count(_), _) => write_count(out.get_mut(), answer.count.unwrap_or(0))?,
            (_, None) => writeln!(out.get_mut(), "no solution")?,
            (_, Some(s)) => write_line(out.get_mut(), s)?,
        },
    }
    Ok(())
}

/// `--all`: writes up to `limit` solutions of `puzzle`, each as soon as it
/// is found (constant memory, whatever the limit), then what the record
/// needs after them. Returns whether there was a solution.
fn write_all_solutions(
    out: &mut RecordWriter<OutFile>,
    format: Format,
    puzzle: &Grid,
    limit: u64,
) -> anyhow::Result<bool> {
    let row = AllRow { csv: format == Format::Csv };
    if format == Format::Csv {
        // The header row, before the row's start: the solutions field
        // grows as they are found.
        out.finish_csv()?;
    }
    let w = out.get_mut();
    if matches!(format, Format::Csv | Format::Json) {
        w.write_all(row.start(puzzle).as_bytes())?;
    }
    let mut solutions = AllSolutions::new(puzzle, limit);
    let mut first: Option<Grid> = None;
    for (k, s) in (0..).zip(solutions.by_ref()) {
        match format {
            Format::Csv | Format::Json => w.write_all(row.solution(k, &s).as_bytes())?,
            Format::Block => writeln!(w, "{}", s.to_block())?,
            Format::Rows => write!(w, "{}", s.to_rows())?,
            _ => write!(w, "{}{}", if k == 0 { "" } else { " " }, s.to_line())?,
        }
        first.get_or_insert(s);
    }
    let end = solutions.end();
    let count = end.count;
    match format {
        Format::Block => {
            let plural = if count == 1 { "" } else { "s" };
            writeln!(w, "{count} solution{plural} ({})\n", end.status)?;
        }
        Format::Rows if count == 0 => write!(w, "{}", puzzle.to_rows())?,
        Format::Rows => {}
        Format::Csv | Format::Json => w.write_all(row.end(first.as_ref(), &end).as_bytes())?,
        _ if count == 0 => writeln!(w, "no solution")?,
        _ => writeln!(w)?,
    }
    Ok(count > 0)
}
