//! The common `sudoku solve` command lines, read without building clap's
//! parser: building it and matching with it is the largest part of the
//! start-up of a small run (more than a hundred thousand instructions and a
//! dozen page faults, against a few hundred for this).
//!
//! Only a small set of plain forms is read here: `--count`, `--all`,
//! `--skip-invalid`, `--limit N`, `--jobs N` (`-j N`), `--format F`
//! (`-f F`), `--input F` and file names, each flag at most once. Anything
//! else (another flag, `--flag=value`, a repeated or conflicting flag, a
//! value clap would refuse, `--help`) returns `None` and goes to clap, so
//! help texts and errors are clap's own. A test checks every result
//! against clap's.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::ValueEnum;

use crate::cmd::solve::SolveArgs;
use crate::input::{InputArgs, InputFormat};
use crate::output::RunArgs;

/// The arguments of `sudoku solve` when `args` (the program name first)
/// is one of the plain forms; `None` otherwise.
pub fn parse_solve(args: &[OsString]) -> Option<SolveArgs> {
    let (first, rest) = args.get(1..)?.split_first()?;
    if first != "solve" {
        return None;
    }
    let mut parsed = SolveArgs {
        source: InputArgs { files: Vec::new(), input: InputFormat::Auto, column: None },
        format: None,
        count: false,
        all: false,
        limit: None,
        run: RunArgs { skip_invalid: false, jobs: None, output: None, force: false },
        max_score: false,
        weights: None,
        node_limit: None,
        time_limit: None,
    };
    let mut input_given = false;
    let mut it = rest.iter();
    while let Some(arg) = it.next() {
        let arg = arg.to_str()?;
        match arg {
            "--count" => set_flag(&mut parsed.count)?,
            "--all" => set_flag(&mut parsed.all)?,
            "--skip-invalid" => set_flag(&mut parsed.run.skip_invalid)?,
            "--limit" => set_once(&mut parsed.limit, number(it.next()?, 1, u64::MAX)?)?,
            "--jobs" | "-j" => set_once(&mut parsed.run.jobs, number(it.next()?, 1, 1024)?)?,
            "--format" | "-f" => {
                set_once(&mut parsed.format, ValueEnum::from_str(it.next()?.to_str()?, false).ok()?)?
            }
            "--input" => {
                set_flag(&mut input_given)?;
                parsed.source.input = ValueEnum::from_str(it.next()?.to_str()?, false).ok()?;
            }
            // `-` is standard input; other names starting with `-` are
            // flags, or need `--`.
            "-" => parsed.source.files.push(PathBuf::from(arg)),
            _ if arg.is_empty() || arg.starts_with('-') => return None,
            _ => parsed.source.files.push(PathBuf::from(arg)),
        }
    }
    if parsed.count && parsed.all {
        return None;
    }
    Some(parsed)
}

/// Sets a flag that may be given once.
fn set_flag(flag: &mut bool) -> Option<()> {
    (!std::mem::replace(flag, true)).then_some(())
}

/// Sets a value that may be given once.
fn set_once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    slot.replace(value).is_none().then_some(())
}

/// A decimal number within `min..=max`, as clap's ranged parser reads it
/// (digits only here: a sign or anything unusual goes to clap).
fn number(text: &OsString, min: u64, max: u64) -> Option<u64> {
    let text = text.to_str()?;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|n| (min..=max).contains(n))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn os(args: &[&str]) -> Vec<OsString> {
        std::iter::once("sudoku").chain(args.iter().copied()).map(OsString::from).collect()
    }

    /// What clap makes of `args`: the parsed arguments, or `None` on any
    /// error (help and version included).
    fn clap_solve(args: &[OsString]) -> Option<String> {
        match Cli::try_parse_from(args).ok()?.command {
            Command::Solve(a) => Some(format!("{a:?}")),
            _ => None,
        }
    }

    /// Every command line of up to `depth` words from `words` after `solve`.
    fn command_lines(words: &[&'static str], depth: usize) -> Vec<Vec<&'static str>> {
        let mut all = vec![vec!["solve"]];
        let mut frontier = all.clone();
        for _ in 0..depth {
            frontier = frontier
                .iter()
                .flat_map(|line| {
                    words.iter().map(move |w| {
                        let mut l = line.clone();
                        l.push(w);
                        l
                    })
                })
                .collect();
            all.extend(frontier.iter().cloned());
        }
        all
    }

    #[test]
    fn whatever_it_accepts_clap_parses_the_same_way() {
        let words = [
            "--count",
            "--all",
            "--skip-invalid",
            "--limit",
            "--jobs",
            "-j",
            "--format",
            "-f",
            "--input",
            "0",
            "1",
            "2",
            "1024",
            "1025",
            "+3",
            "07",
            "",
            "-",
            "--",
            "-x",
            "--bogus",
            "-h",
            "--help",
            "--limit=2",
            "-j2",
            "a.txt",
            "line",
            "csv",
            "json",
            "rows",
            "LINE",
            "poj",
            "auto",
            "-o",
            "--force",
            "--max-score",
            "--column",
            "18446744073709551616",
        ];
        let mut n_quick = 0;
        for line in command_lines(&words, 3) {
            let args = os(&line);
            let quick = parse_solve(&args).map(|a| format!("{a:?}"));
            if quick.is_some() {
                n_quick += 1;
                assert_eq!(quick, clap_solve(&args), "{line:?}");
            }
        }
        // The search must reach the plain forms, not only refusals.
        assert!(n_quick > 2000, "only {n_quick} command lines were read here");
    }

    #[test]
    fn the_benchmarked_command_lines_are_read_here() {
        for line in [
            &["solve", "--jobs", "1", "top95.txt"][..],
            &["solve", "--count", "--limit", "2", "--jobs", "1", "top95.txt"],
            &["solve", "--format", "json", "--input", "poj", "a", "b"],
            &["solve"],
        ] {
            let args = os(line);
            let quick = parse_solve(&args).map(|a| format!("{a:?}"));
            assert!(quick.is_some(), "{line:?}");
            assert_eq!(quick, clap_solve(&args), "{line:?}");
        }
    }

    #[test]
    fn help_errors_and_other_subcommands_go_to_clap() {
        for line in [
            &["solve", "--help"][..],
            &["solve", "-h"],
            &["solve", "--bogus"],
            &["solve", "--count", "--all"],
            &["solve", "--jobs", "0"],
            &["solve", "--jobs"],
            &["solve", "--count", "--count"],
            &["solve", "-o", "out.txt"],
            &["generate", "--count", "1"],
            &["--version"],
            &["help", "solve"],
            &[],
        ] {
            assert!(parse_solve(&os(line)).is_none(), "{line:?}");
        }
    }
}
