//! `sudoku solve --max-score`: for each grid, the completion with the
//! highest score Σ value × weight (NOIP 2009 "target sudoku"), proven
//! optimal by the core's branch and bound.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use sudoku_commands::max_score::{MaxScoreCsvRow, MaxScoreJson, MaxScoreRequest, CSV_HEADER};
use sudoku_commands::solve::FORMATS;
use sudoku_commands::Format;
use sudoku_core::{Grid, MaxScore, MaxScoreOptions, MaxScoreStatus, Weights, DEFAULT_TIME_LIMIT};
use sudoku_io::{FileKind, Record, RecordWriter};

use crate::args::{pick_format, InputArgs, OutputArgs};
use crate::out_file::OutFile;
use crate::pipeline::{for_each_record, Flow, RecordRun};

/// Long help of `--max-score`.
pub const MAX_SCORE_HELP: &str = "\
Find, for each grid, the completion with the highest score: the sum over all
cells of value x weight (NOIP 2009 \"target sudoku\", HOJ 2959). Default weights:
10 at the centre cell, then 9, 8, 7 and 6 on the rings outward; see --weights.
The answer is proven optimal (branch and bound), not guessed.

Output per record (default): the score, or -1 when the grid has no completion
(contradictory givens included). A search stopped by a limit prints the best
score it knows, a completion's (one from the solver if the search had none
yet): never -1 for a grid that has completions. With --input hoj (first T,
then T grids of 81 integers) this is the judge's output: one integer per line.
  --format line   SCORE GRID STATUS on one line (GRID is - when there is none)
  --format block  `score SCORE (STATUS)`, the grid as a block, a blank line
  --format rows   the score, then the grid as 9 lines of 9 digits
  --format json   {puzzle, score, grid, status, upper_bound, nodes}; score and
                  grid are null when no completion is known
  --format csv    columns puzzle,solution,status,count,score (count is empty)
STATUS is optimal (proven), infeasible (no completion), stopped (a limit was
hit: the best completion found so far, and a proven upper bound in json) or
invalid (with --skip-invalid).

Every search is bounded: each stops after 10 seconds unless --time-limit
says otherwise (--time-limit none: no limit).

Exit codes: 0 every grid solved to optimality; 1 some grid had no completion,
was stopped by --node-limit/--time-limit (also reported on stderr) or was
skipped as invalid; 2 usage, I/O or input error.

Examples:
  sudoku solve --max-score --input hoj < judge.in
  sudoku solve --max-score --weights w.txt --format json grids.txt";

/// A `--time-limit` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeLimit {
    /// Stop each search after this long.
    After(Duration),
    /// `none`: search until the answer is proven.
    Unlimited,
}

/// Parses `--time-limit`: non-negative seconds, fractions allowed, or
/// `none`.
fn parse_time_limit(text: &str) -> Result<TimeLimit, String> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(TimeLimit::Unlimited);
    }
    let secs: f64 =
        text.trim().parse().map_err(|_| format!("{text:?} is not a number of seconds or none"))?;
    Duration::try_from_secs_f64(secs)
        .map(TimeLimit::After)
        .map_err(|_| format!("{text:?} is not a non-negative number of seconds"))
}

/// The flags of the max-score mode.
#[derive(Debug, Args)]
pub struct MaxScoreArgs {
    /// Print the highest score Σ value × weight over all completions
    /// (target sudoku); -1 when there is none.
    #[arg(long, conflicts_with_all = ["count", "all", "limit"], long_help = MAX_SCORE_HELP)]
    pub max_score: bool,

    /// With --max-score: cell weights, 81 integers (9 rows of 9) from
    /// -1000000 to 1000000 [default: 10 at the centre, then 9, 8, 7, 6 on
    /// the rings outward].
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub weights: Option<PathBuf>,

    /// With --max-score, or on variant puzzles: stop each search after N
    /// nodes (status `stopped`, exit 1) [default: no limit].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub node_limit: Option<u64>,

    /// With --max-score: stop each search after SECONDS (fractions allowed;
    /// status `stopped` with the best score and the proven bound, exit 1),
    /// or `none` for no limit [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = parse_time_limit)]
    pub time_limit: Option<TimeLimit>,
}

impl MaxScoreArgs {
    /// Without `--max-score`, its flags would do nothing: a usage error
    /// (but `--node-limit` on variant puzzles, which it bounds too).
    pub fn check_unused(&self, variant: bool) -> anyhow::Result<()> {
        let used = [
            ("--weights", self.weights.is_some()),
            ("--node-limit", self.node_limit.is_some() && !variant),
            ("--time-limit", self.time_limit.is_some()),
        ];
        match used.iter().find(|(_, set)| *set) {
            Some(("--node-limit", _)) => bail!("--node-limit needs --max-score, or variant puzzles"),
            Some((flag, _)) => bail!("{flag} needs --max-score"),
            None => Ok(()),
        }
    }
}

/// Runs `sudoku solve --max-score`.
pub fn run(
    source: &InputArgs,
    output: &OutputArgs,
    skip_invalid: bool,
    format: Option<Format>,
    args: &MaxScoreArgs,
) -> anyhow::Result<ExitCode> {
    let weights = match &args.weights {
        None => Weights::NOIP,
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read weights {}", path.display()))?;
            Weights::parse(&text).map_err(|e| anyhow::anyhow!("{}:{e}", path.display()))?
        }
    };
    let time_limit = match args.time_limit {
        None => Some(DEFAULT_TIME_LIMIT),
        Some(TimeLimit::After(limit)) => Some(limit),
        Some(TimeLimit::Unlimited) => None,
    };
    let request =
        MaxScoreRequest { weights, options: MaxScoreOptions { node_limit: args.node_limit, time_limit } };
    // Without --format, the score alone (the judge's output), unless the
    // output file's extension names a format.
    let format = match (format, output.path()) {
        (None, None) => None,
        (None, Some(path)) if FileKind::from_path(path) == FileKind::Text => None,
        (format, path) => Some(pick_format(format, path, Format::Line, FORMATS)?),
    };
    let (mut run, mut out) = RecordRun::start(output, skip_invalid, CSV_HEADER)?;

    for_each_record(
        source,
        output,
        |g| request.run(g),
        |record: &Record, result: Option<MaxScore>| {
            let grid = match &record.grid {
                Ok(g) => *g,
                Err(e) => return run.malformed(e, || write_invalid(&mut out, format, &e.to_string())),
            };
            let result = result.context("internal: a parsed record has no answer")?;
            match result.status() {
                MaxScoreStatus::Optimal => {}
                MaxScoreStatus::Infeasible => {
                    run.negative();
                    if let (Some(c), false) = (grid.conflicts().first(), output.quiet) {
                        eprintln!("sudoku: {}:{}: no completion: {c}", record.source, record.line);
                    }
                }
                MaxScoreStatus::Stopped => {
                    run.negative();
                    let best = result.score().map_or("none".to_string(), |s| s.to_string());
                    let upper = result.upper_bound().map_or("unknown".to_string(), |u| u.to_string());
                    eprintln!(
                        "sudoku: {}:{}: search stopped by a limit after {} nodes: best score {best}, \
                         upper bound {upper}",
                        record.source,
                        record.line,
                        result.nodes()
                    );
                }
            }
            write_result(&mut out, format, &grid, &result)?;
            Ok(Flow::Continue)
        },
    )?;
    run.finish(out, format == Some(Format::Csv))
}

fn write_invalid(
    out: &mut RecordWriter<OutFile>,
    format: Option<Format>,
    message: &str,
) -> anyhow::Result<()> {
    match format {
        Some(Format::Block) => writeln!(out.get_mut(), "invalid\n")?,
        Some(Format::Csv) => out.write_csv(&MaxScoreCsvRow::invalid())?,
        Some(Format::Json) => out.write_json(&MaxScoreJson::invalid(message))?,
        _ => writeln!(out.get_mut(), "invalid")?,
    }
    Ok(())
}

fn write_result(
    out: &mut RecordWriter<OutFile>,
    format: Option<Format>,
    puzzle: &Grid,
    result: &MaxScore,
) -> anyhow::Result<()> {
    let score = result.score().unwrap_or(-1);
    let status = result.status().as_str();
    match format {
        None => writeln!(out.get_mut(), "{score}")?,
        Some(Format::Block) => {
            writeln!(out.get_mut(), "score {score} ({status})")?;
            if let Some(g) = result.grid() {
                write!(out.get_mut(), "{}", g.to_block())?;
            }
            writeln!(out.get_mut())?;
        }
        Some(Format::Rows) => {
            writeln!(out.get_mut(), "{score}")?;
            if let Some(g) = result.grid() {
                write!(out.get_mut(), "{}", g.to_rows())?;
            }
        }
        Some(Format::Csv) => out.write_csv(&MaxScoreCsvRow::new(puzzle, result))?,
        Some(Format::Json) => out.write_json(&MaxScoreJson::new(puzzle, result))?,
        Some(_) => {
            let grid = result.grid().map_or("-".to_string(), |g| g.to_line());
            writeln!(out.get_mut(), "{score} {grid} {status}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limit_takes_seconds_or_none() {
        assert_eq!(parse_time_limit("1.5"), Ok(TimeLimit::After(Duration::from_millis(1500))));
        assert_eq!(parse_time_limit("0"), Ok(TimeLimit::After(Duration::ZERO)));
        assert_eq!(parse_time_limit("none"), Ok(TimeLimit::Unlimited));
        assert!(parse_time_limit("-1").is_err());
        assert!(parse_time_limit("soon").is_err());
    }

    #[test]
    fn the_help_states_the_default_time_limit() {
        // `--help` and MAX_SCORE_HELP spell the default out as 10 seconds.
        assert_eq!(DEFAULT_TIME_LIMIT, Duration::from_secs(10));
        assert!(MAX_SCORE_HELP.contains("after 10 seconds"));
    }
}
