//! `sudoku solve`: solve puzzles, count or list their solutions.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_core::{Grid, SearchStats, Solver};

use crate::cmd::max_score;
use crate::input::{InputArgs, InputFormat, Record};
use crate::output::{write_csv_row, write_json_line, Output, RunArgs};
use crate::pipeline::{for_each_record, Flow};

/// Default cap for `--count`.
pub const DEFAULT_COUNT_LIMIT: u64 = 1000;
/// Default cap for `--all`.
pub const DEFAULT_ALL_LIMIT: u64 = 100;

/// Arguments of `sudoku solve`.
#[derive(Debug, Args)]
#[command(after_long_help = SOLVE_AFTER_HELP)]
pub struct SolveArgs {
    /// Where the puzzles come from.
    #[command(flatten)]
    pub source: InputArgs,

    /// Output format: one line per input record (block: one block per
    /// record). Default: line, or the judge's 9 rows with `--input poj`.
    #[arg(long, short = 'f', value_enum, value_name = "FORMAT")]
    pub format: Option<SolveFormat>,

    /// Print the number of solutions of each puzzle, counting up to
    /// `--limit` (default 1000).
    #[arg(long, conflicts_with = "all")]
    pub count: bool,

    /// List the solutions of each puzzle, up to `--limit` (default 100).
    #[arg(long)]
    pub all: bool,

    /// Cap for `--count` and `--all` [default: 1000 with --count, 100 with --all].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// How the run goes: --skip-invalid, --jobs, -o, --force.
    #[command(flatten)]
    pub run: RunArgs,

    /// Print the highest score Σ value × weight over all completions
    /// (target sudoku); -1 when there is none.
    #[arg(long, conflicts_with_all = ["count", "all"], long_help = max_score::MAX_SCORE_HELP)]
    pub max_score: bool,

    /// With --max-score: cell weights, 81 integers (9 rows of 9) [default:
    /// 10 at the centre, then 9, 8, 7, 6 on the rings outward].
    #[arg(long, value_name = "FILE", requires = "max_score", value_hint = clap::ValueHint::FilePath)]
    pub weights: Option<PathBuf>,

    /// With --max-score: stop each search after N nodes (status `stopped`,
    /// exit 1) [default: no limit].
    #[arg(long, value_name = "N", requires = "max_score", value_parser = clap::value_parser!(u64).range(1..))]
    pub node_limit: Option<u64>,

    /// With --max-score: stop each search after SECONDS (fractions allowed;
    /// status `stopped`, exit 1), or `none` for no limit [default: 10].
    #[arg(long, value_name = "SECONDS", requires = "max_score", value_parser = max_score::parse_time_limit)]
    pub time_limit: Option<max_score::TimeLimit>,
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
         Kaggle and QQWing layouts work as they are

Output is record-aligned: record i of the input gives line i of the output (one
block per record with --format block).
  line  the 81-digit solution; `no solution`; `invalid` (with --skip-invalid);
        with --count the count; with --all the solutions separated by spaces
  csv   columns: puzzle,solution,status,count (header row, RFC 4180)
  json  one object per line: puzzle, solution, status, count, nodes, guesses,
        backtracks (and solutions with --all)
status is one of: solved, unsolvable, invalid, unique, multiple.

Exit codes: 0 every puzzle solved; 1 some puzzle had no solution or was
skipped as invalid; 2 usage, I/O or input error (FILE:LINE:COL: message).

Examples:
  sudoku solve puzzles.txt
  sudoku solve --count --limit 2 puzzles.txt      # uniqueness check
  sudoku solve --format json < puzzles.txt > solutions.jsonl";

/// Output formats of `sudoku solve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// One line per record.
    Line,
    /// A readable block with box separators per record, then a blank line.
    Block,
    /// CSV with a header row.
    Csv,
    /// JSON Lines: one object per record.
    Json,
    /// The judge format: 9 lines of 9 digits per record.
    Rows,
}

/// What was asked of each puzzle.
#[derive(Debug, Clone, Copy)]
enum Mode {
    First,
    Count(u64),
    All(u64),
}

/// The answer for one puzzle.
struct Answer {
    /// Whether the puzzle has a solution.
    solvable: bool,
    /// The first solution, when the output shows it.
    first: Option<Grid>,
    /// With `--all`, the solutions after the first.
    more: Vec<Grid>,
    count: Option<u64>,
    stats: SearchStats,
}

impl Answer {
    /// The solutions kept for the output.
    fn solutions(&self) -> impl Iterator<Item = &Grid> {
        self.first.iter().chain(&self.more)
    }
}

fn work(grid: &Grid, mode: Mode, format: SolveFormat) -> Answer {
    thread_local! {
        // One solver per worker thread: its stack is allocated once.
        static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
    }
    let answer = |first: Option<Grid>, more: Vec<Grid>, count: Option<u64>, stats| Answer {
        solvable: first.is_some() || count.is_some_and(|n| n > 0),
        first,
        more,
        count,
        stats,
    };
    match mode {
        Mode::First => SOLVER.with_borrow_mut(|solver| {
            let first = solver.solve_one(grid);
            answer(first, Vec::new(), None, solver.stats())
        }),
        // A count alone needs no solution kept.
        Mode::Count(limit) if format == SolveFormat::Line => SOLVER.with_borrow_mut(|solver| {
            let count = solver.count_solutions_up_to(grid, limit);
            answer(None, Vec::new(), Some(count), solver.stats())
        }),
        Mode::Count(limit) => {
            // One search gives both the first solution and the count.
            let mut it = grid.solutions();
            let first = it.next();
            let count = match first {
                Some(_) => 1 + it.by_ref().take(limit.saturating_sub(1) as usize).count() as u64,
                None => 0,
            };
            answer(first, Vec::new(), Some(count), it.stats())
        }
        Mode::All(limit) => {
            let mut it = grid.solutions();
            let first = it.next();
            let more: Vec<Grid> = match first {
                Some(_) => it.by_ref().take(limit.saturating_sub(1) as usize).collect(),
                None => Vec::new(),
            };
            let n = u64::from(first.is_some()) + more.len() as u64;
            answer(first, more, Some(n), it.stats())
        }
    }
}

/// The output format of `record`: `--format`, else the judge's rows for
/// poj input and lines for the rest.
fn format_of(record: &Record, format: Option<SolveFormat>) -> SolveFormat {
    format.unwrap_or(match record.format {
        InputFormat::Poj => SolveFormat::Rows,
        _ => SolveFormat::Line,
    })
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

#[derive(Serialize)]
struct Row<'a> {
    puzzle: String,
    solution: String,
    status: &'a str,
    count: Option<u64>,
}

#[derive(Serialize)]
struct JsonRow<'a> {
    puzzle: Option<String>,
    solution: Option<String>,
    status: &'a str,
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    nodes: Option<u64>,
    guesses: Option<u64>,
    backtracks: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

fn status(answer: &Answer, mode: Mode) -> &'static str {
    match (mode, answer.count) {
        (_, _) if !answer.solvable => "unsolvable",
        (Mode::Count(_), Some(1)) => "unique",
        (Mode::Count(_), Some(_)) => "multiple",
        _ => "solved",
    }
}

/// Runs `sudoku solve`.
pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    if args.max_score {
        return max_score::run(args);
    }
    let mode = match (args.count, args.all) {
        (true, _) => Mode::Count(args.limit.unwrap_or(DEFAULT_COUNT_LIMIT)),
        (_, true) => Mode::All(args.limit.unwrap_or(DEFAULT_ALL_LIMIT)),
        _ => Mode::First,
    };
    let jobs = args.run.jobs();
    let mut out = Output::open(args.run.output.as_deref(), args.run.force)?;
    let mut csv_header = false;
    let mut n_unsolved = 0u64;
    let mut n_invalid = 0u64;
    let mut input_error: Option<anyhow::Error> = None;

    for_each_record(
        &args.source.files,
        args.source.spec(),
        jobs,
        |record, g| work(g, mode, format_of(record, args.format)),
        |record: &Record, answer: Option<Answer>| {
            let format = format_of(record, args.format);
            let grid = match &record.grid {
                Ok(g) => g,
                Err(e) => {
                    if !args.run.skip_invalid {
                        input_error = Some(anyhow::anyhow!("{e}"));
                        return Ok(Flow::Stop);
                    }
                    eprintln!("sudoku: skipped: {e}");
                    n_invalid += 1;
                    write_invalid(&mut out, &mut csv_header, format, &e.to_string())?;
                    return Ok(Flow::Continue);
                }
            };
            let answer = answer.as_ref().context("internal: a parsed record has no answer")?;
            if !answer.solvable {
                n_unsolved += 1;
                if let Some(c) = grid.conflicts().first() {
                    eprintln!("sudoku: {}:{}: no solution: {c}", record.source, record.line);
                }
            }
            write_answer(&mut out, &mut csv_header, format, mode, grid, answer)?;
            Ok(Flow::Continue)
        },
    )?;
    if let Some(e) = input_error {
        // Keep what was solved before the bad record, then report it.
        out.finish()?;
        return Err(e);
    }
    out.finish()?;
    Ok(if n_unsolved + n_invalid > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn write_invalid(
    out: &mut Output,
    csv_header: &mut bool,
    format: SolveFormat,
    message: &str,
) -> anyhow::Result<()> {
    match format {
        SolveFormat::Line | SolveFormat::Rows => writeln!(out, "invalid")?,
        SolveFormat::Block => writeln!(out, "invalid\n")?,
        SolveFormat::Csv => {
            let row = Row { puzzle: String::new(), solution: String::new(), status: "invalid", count: None };
            write_csv_row(out, csv_header, row)?;
        }
        SolveFormat::Json => {
            let row = JsonRow {
                puzzle: None,
                solution: None,
                status: "invalid",
                count: None,
                solutions: None,
                nodes: None,
                guesses: None,
                backtracks: None,
                error: Some(message.to_string()),
            };
            write_json_line(out, &row)?;
        }
    }
    Ok(())
}

fn write_answer(
    out: &mut Output,
    csv_header: &mut bool,
    format: SolveFormat,
    mode: Mode,
    puzzle: &Grid,
    answer: &Answer,
) -> anyhow::Result<()> {
    let lines = |a: &Answer| a.solutions().map(Grid::to_line).collect::<Vec<_>>();
    match format {
        SolveFormat::Line => match (mode, &answer.first) {
            (Mode::Count(_), _) => write_count(out, answer.count.unwrap_or(0))?,
            (_, None) => writeln!(out, "no solution")?,
            (Mode::All(_), Some(_)) => writeln!(out, "{}", lines(answer).join(" "))?,
            (Mode::First, Some(s)) => write_line(out, s)?,
        },
        SolveFormat::Block => {
            if let Mode::Count(_) = mode {
                writeln!(out, "{}", answer.count.unwrap_or(0))?;
            }
            if !answer.solvable {
                writeln!(out, "no solution")?;
            }
            for s in answer.solutions() {
                write!(out, "{}", s.to_block())?;
            }
            writeln!(out)?;
        }
        SolveFormat::Rows => {
            if answer.solvable {
                for s in answer.solutions() {
                    write!(out, "{}", s.to_rows())?;
                }
            } else {
                write!(out, "{}", puzzle.to_rows())?;
            }
        }
        SolveFormat::Csv => {
            let row = Row {
                puzzle: puzzle.to_line(),
                solution: lines(answer).join(" "),
                status: status(answer, mode),
                count: answer.count,
            };
            write_csv_row(out, csv_header, row)?;
        }
        SolveFormat::Json => {
            let row = JsonRow {
                puzzle: Some(puzzle.to_line()),
                solution: answer.first.as_ref().map(Grid::to_line),
                status: status(answer, mode),
                count: answer.count,
                solutions: matches!(mode, Mode::All(_)).then(|| lines(answer)),
                nodes: Some(answer.stats.nodes),
                guesses: Some(answer.stats.guesses),
                backtracks: Some(answer.stats.backtracks),
                error: None,
            };
            write_json_line(out, &row)?;
        }
    }
    Ok(())
}
