//! `sudoku generate --variant LIST` and `--size N`: variant puzzles
//! (killer, jigsaw, samurai, X, windoku, anti-knight, …, classic of other
//! sizes) from the library's variant generator, written one a line in
//! the JSON form of `docs/variants.md` (or the line form, where it holds
//! the puzzle). The set is made in chunks on the thread pool and written
//! in index order, as the classic set is: the output does not depend on
//! `--jobs`, and `--start` shards join with `cat`.

use std::io::Write;
use std::process::ExitCode;
use std::sync::{Mutex, PoisonError};

use anyhow::{bail, Context};
use sudoku_commands::generate::{
    chunks, index_range, make_variant_range, variant_record, FORMATS, TRIAL_FROM,
};
use sudoku_commands::Format;
use sudoku_gen::variant::{
    Rated, Shape, Step, VariantGenError, VariantOptions, VariantSpec, Watch, DEFAULT_MAX_CAGE,
};

use super::{GenerateArgs, MAX_CHUNK};
use crate::args::pick_format;
use crate::out_file::OutFile;
use crate::progress::Progress;

/// The variant asked for by `--variant`, `--size`, `--givens` and
/// `--hidden-sums`, `--repeat-cages`, or
/// `None` when they ask for the classic 9×9 (or are not given): then the
/// classic generator makes the set.
pub fn requested(args: &GenerateArgs) -> anyhow::Result<Option<VariantSpec>> {
    let killer_only = args.hidden_sums || args.repeat_cages;
    if args.variant.is_none() && args.size.is_none() && args.givens.is_none() && !killer_only {
        return Ok(None);
    }
    let list = args.variant.unwrap_or_default();
    let spec = VariantSpec::from_list(list, args.size).with_context(|| format!("--variant {list}"))?;
    if args.givens.is_some() && spec.tiling().is_none() {
        let tiling: Vec<&str> =
            sudoku_variant::KINDS.iter().filter(|k| k.tiles()).map(|k| k.name()).collect();
        bail!(
            "--givens is for {0} puzzles (--variant {0}); other puzzles are thinned to minimal clues",
            tiling.join(", ")
        );
    }
    if killer_only && spec.tiling().is_none() {
        let tiling: Vec<&str> =
            sudoku_variant::KINDS.iter().filter(|k| k.tiles()).map(|k| k.name()).collect();
        let flag = if args.hidden_sums { "--hidden-sums" } else { "--repeat-cages" };
        bail!("{flag} is for {0} puzzles (--variant {0}): it is an option of their cages", tiling.join(", "));
    }
    Ok((!spec.is_classic_9x9()).then_some(spec))
}

/// The first flag of `args` that variant puzzles do not take, with why.
fn refused_flag(args: &GenerateArgs) -> Option<(&'static str, &'static str)> {
    const SECTIONS: &str = "variant sections are a book's: sudoku book --sections killer:easy:6,x:hard:4 \
                            (generate takes --difficulty)";
    const GRADE: &str = "variant records carry no grade columns: rate them with `sudoku grade`";
    const CLASSIC: &str = "it applies to classic 9x9 puzzles only";
    [
        ("--sections", !args.sections.is_empty(), SECTIONS),
        ("--grade", args.grade, GRADE),
        ("--clues", args.clues.is_some(), CLASSIC),
        ("--pattern", args.pattern.is_some(), CLASSIC),
        ("--tries", args.tries.is_some(), CLASSIC),
        ("--distinct", args.distinct || args.no_distinct, CLASSIC),
        ("--csv", args.csv.is_some(), CLASSIC),
        ("--stats", args.stats, CLASSIC),
        (
            "a page flag",
            args.page.first_given().is_some(),
            "variant puzzles are written as text (line or json)",
        ),
    ]
    .into_iter()
    .find(|&(_, given, _)| given)
    .map(|(flag, _, why)| (flag, why))
}

/// Makes and writes the variant set of `spec` as `args` say.
pub fn run(args: &GenerateArgs, spec: VariantSpec) -> anyhow::Result<ExitCode> {
    if let Some((flag, why)) = refused_flag(args) {
        bail!("{flag} with --variant/--size: {why}");
    }
    let output = args.output.path();
    let default = if spec.has_line_form() { Format::Line } else { Format::Json };
    let format = pick_format(args.format, output, default, FORMATS)?;
    match format {
        Format::Line if spec.tiling().is_some() || spec.shape == Shape::Jigsaw => {
            bail!("{spec} puzzles need the JSON form (their cages or regions are not in a line): use --format json")
        }
        Format::Line | Format::Json => {}
        other => bail!("variant puzzles are written as line or json, not {}", format_name(other)),
    }
    let (seed, drawn) = match args.seed {
        Some(seed) => (seed, false),
        None => (rand::random::<u64>(), true),
    };
    let mut rated = args.difficulty.map(|band| Rated::of_band(band.min_tenths(), band.max_tenths()));
    if args.max_spike.is_some() || args.technique.is_some() {
        rated.get_or_insert(Rated { least: 0, most: u8::MAX });
    }
    if args.no_trial {
        let most = TRIAL_FROM - 1;
        let bounds = rated.get_or_insert(Rated { least: 0, most });
        if bounds.least > most {
            bail!(
                "--no-trial with --difficulty {}: every puzzle of that band needs a trial",
                args.difficulty.map_or("", |b| b.name())
            );
        }
        bounds.most = bounds.most.min(most);
    }
    let opts = VariantOptions {
        seed,
        spec,
        symmetry: args.symmetry,
        rated,
        tiled_givens: args.givens.unwrap_or(0),
        max_cage: DEFAULT_MAX_CAGE,
        hidden_sums: args.hidden_sums,
        repeat_cages: args.repeat_cages,
    };
    // The options are checked before the output file is made.
    sudoku_gen::variant::VariantGenerator::new(opts.clone())?;
    if drawn && !args.output.quiet {
        eprintln!("sudoku: seed {seed} (pass --seed {seed} to make this set again)");
    }
    let number = args.number;
    let indices = index_range(args.start, number)
        .map_err(|e| anyhow::anyhow!("--start {} -n {number}: {e}", args.start))?;
    let jobs = args.output.jobs();
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(jobs).build().context("cannot start worker threads")?;
    let mut out = OutFile::create(output, args.output.force)?;
    // The bar says where the clue removal of the puzzle in the making is:
    // one puzzle of 25x25 takes minutes.
    let progress = Progress::new(Some(number), "puzzles", args.output.quiet);
    // Followed only where a bar is shown: no message is made otherwise.
    let shown = progress.is_shown();
    let progress = Mutex::new(progress);
    let note = |step: Step| {
        let message = format!("index {}: {} of {} cells tried", step.index, step.done, step.total);
        progress.lock().unwrap_or_else(PoisonError::into_inner).note(message);
    };
    // With a spike bound or a technique, a puzzle over the bound or with
    // another hardest step counts as unrated: drawn again.
    let judge = |p: &sudoku_variant::Puzzle, solution: &[u8]| {
        let g = sudoku_commands::generate::grade_variant(p, solution)?;
        let spiky = args.max_spike.is_some_and(|most| g.spike * 10.0 > f64::from(most) + 0.5);
        let other = args.technique.is_some_and(|t| g.se_technique != Some(t));
        (!spiky && !other).then(|| (g.er * 10.0).round() as u8)
    };
    let watch = Watch {
        stop: None,
        time_limit: args.time_limit,
        progress: shown.then_some(&note as &(dyn Fn(Step) + Sync)),
        rate: (args.max_spike.is_some() || args.technique.is_some())
            .then_some(&judge as sudoku_gen::variant::RateFn<'_>),
    };
    let mut buf = Vec::new();
    for chunk in chunks(indices, 2 * jobs as u64, MAX_CHUNK) {
        let made = pool.install(|| make_variant_range(&opts, chunk.clone(), &watch));
        let made = match made {
            Ok(made) => made,
            Err(e) => {
                progress.lock().unwrap_or_else(PoisonError::into_inner).finish();
                if let VariantGenError::TimeLimit { index, limit } = e {
                    bail!(
                        "time limit reached: the puzzle of index {index} was not made in {} s (--time-limit); \
                         the puzzles before it are written. Big sizes take long (25x25: over ten minutes on \
                         two cores): raise the limit",
                        limit.as_secs_f64()
                    );
                }
                if let (VariantGenError::NotInBand { .. }, true) =
                    (&e, args.technique.is_some() || args.max_spike.is_some())
                {
                    let mut filters = Vec::new();
                    if let Some(t) = args.technique {
                        filters.push(format!("hardest step {t}"));
                    }
                    if let Some(most) = args.max_spike {
                        filters.push(format!("spike at most {}.{}", most / 10, most % 10));
                    }
                    bail!(
                        "{e}, with {}: such puzzles are rare among these; a --difficulty of the \
                         technique's band (xy-wing's is hard) draws them more often",
                        filters.join(" and ")
                    );
                }
                return Err(e.into());
            }
        };
        buf.clear();
        for p in &made {
            writeln!(buf, "{}", variant_record(p, format))?;
        }
        out.write_all(&buf).context("cannot write the puzzles")?;
        out.flush().context("cannot write the puzzles")?;
        progress.lock().unwrap_or_else(PoisonError::into_inner).set(chunk.end - args.start);
    }
    progress.lock().unwrap_or_else(PoisonError::into_inner).finish();
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// A format's name as `--format` takes it.
fn format_name(format: Format) -> &'static str {
    FORMATS.iter().find(|(f, _, _)| *f == format).map_or("that format", |&(_, name, _)| name)
}
