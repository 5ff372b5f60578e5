//! `sudoku grade`: rate puzzles by the human techniques they need.

use std::cell::RefCell;
use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use sudoku_commands::grade::{
    rating_text, GradeJson, GradeRequest, GradeRow, Graded, VariantGradeRow, VariantGraded, FORMATS,
    GRADE_CSV_HEADER as CSV_HEADER, VARIANT_GRADE_CSV_COLUMNS,
};
use sudoku_commands::Format;
use sudoku_grade::{Grader, Scale};
use sudoku_io::{Record, RecordWriter};

use crate::args::{pick_format, InputArgs, OutputArgs};
use crate::choice::{choice, formats};
use crate::out_file::OutFile;
use crate::pipeline::{for_each_record, Flow, RecordRun};

/// Arguments of `sudoku grade`.
#[derive(Debug, Args)]
#[command(after_long_help = GRADE_AFTER_HELP)]
pub struct GradeArgs {
    /// Where the puzzles come from.
    #[command(flatten)]
    pub source: InputArgs,

    /// Output format [default: from the --output extension (.csv, .json),
    /// else line].
    #[arg(long, short = 'f', value_name = "FORMAT", value_parser = formats(FORMATS), ignore_case = true)]
    pub format: Option<Format>,

    /// Also print the step-by-step solution path: which technique placed or
    /// eliminated what, in order (line and json only).
    #[arg(long)]
    pub explain: bool,

    /// The technique set to rate with: se, the Sudoku Exchange bank's
    /// (default), or se121, Sudoku Explainer 1.2.1's (no skyscraper, kite,
    /// turbot, 3-strong-link fishes, WXYZ- or VWXYZ-wing).
    #[arg(long, value_name = "SCALE", value_parser = choice::<Scale>(), default_value = "se", ignore_case = true)]
    pub scale: Scale,

    /// Report a malformed record on stderr and go on (its output line says
    /// `malformed`); without it the first malformed record stops the run.
    #[arg(long)]
    pub skip_invalid: bool,

    /// Where results go: -o, --force, --jobs, --quiet.
    #[command(flatten)]
    pub output: OutputArgs,
}

const GRADE_AFTER_HELP: &str = "\
The ratings are Sudoku Explainer's (SE 1.2 / Sukaku Explainer 1.18.1 with the
technique set of the Sudoku Exchange bank), as SE prints them, one decimal:
  ER  the difficulty of the hardest step of SE's solution path (= rating)
  EP  the hardest step up to the first digit placed (\"pearl\")
  ED  the difficulty of the first step (\"diamond\")
At each point the path takes the easiest step of the first technique family
of SE's ladder that has one: hidden single 1.2 (1.0 last cell, 1.5 in a line)
... naked single 2.3, pointing 2.6, X-wing 3.2, XY-wing 4.2, unique rectangles
4.5+, chains 6.5+, forcing chains 7.0+, cell/region forcing chains 8.0+,
dynamic 8.5+ (chains grow with their length), dynamic (+) 9.0+, nested
(+ Forcing Chains) 9.5+ and (+ Multiple Forcing Chains) 10.0+, each by SE's
rule; deeper nesting (+ Dynamic Forcing Chains, 10.5+) is approximated.
Scales (--scale), which techniques the ladder holds:
  se       the bank's set (serate --techs=1111111111010111011111111011100110100010111111)
  se121    Sudoku Explainer 1.2.1's: no skyscraper/kite/turbot, 3-strong-link
           fishes, WXYZ- or VWXYZ-wing; unique rectangles and loops stay
           (serate --techs=1111111111010111011011011011000010100010111111)
Bands, cut on ER:
  easy     up to 2.5   singles, also those SE's direct techniques reveal: no
                       pencil marks
  medium   2.6-3.9     locked candidates, pairs, X-wing, naked triplets, swordfish
  hard     4.0-5.9     hidden triplets, skyscrapers, kites, wings, unique
                       rectangles and loops, quads, jellyfish, BUG
  expert   6.0-7.9     aligned exclusions, X- and Y-cycles, forcing chains
  extreme  8.0 and up  cell/region, dynamic and nested forcing chains

Output is record-aligned: record i of the input gives record i of the output.
  line  puzzle ER/EP/ED band nodes=N guesses=N technique; with --explain the
        numbered steps follow, indented: difficulty, SE's name and pattern,
        => conclusions
  csv   columns: puzzle,rating,er,ep,ed,band,technique,nodes,guesses (header
        row, also for an empty input); for a puzzle that is not rated, band
        holds its status and the ratings are empty
  json  one object per line: puzzle, rating, er, ep, ed, band, technique,
        nodes, guesses, status (and steps with --explain)
nodes and guesses are the solver's effort on the grid, a machine difficulty
on its own scale: the search-tree nodes it propagated and the branch points
(guesses) it took to find the solution and prove it unique. Unlike the ER
they rate any grid whose givens do not clash, so not-unique and unsolvable
puzzles have them too. They follow the ER loosely (Spearman 0.77 on the
400-puzzle calibration sample: easy puzzles mostly 1 node and no guess,
extreme ones a median of 11 nodes and 5 guesses) but are not the same scale:
they count what the solver does, not which human technique a step needs.
status is one of: rated, invalid (givens clash), unsolvable, not-unique,
solved (a full grid: no step to rate), malformed (with --skip-invalid).

Exit codes: 0 every puzzle rated; 1 some puzzle was invalid, unsolvable, not
unique, already solved or skipped as malformed; 2 usage, I/O or input error, and then no output file is written.

Examples:
  sudoku grade puzzles.txt
  sudoku grade -o grades.csv puzzles.txt           # CSV, from the extension
  sudoku grade --explain puzzle.txt";

thread_local! {
    /// One grader per worker thread: its scratch space is reused.
    static GRADER: RefCell<Grader> = RefCell::new(Grader::new());
}

/// Runs `sudoku grade`.
pub fn run(args: GradeArgs) -> anyhow::Result<ExitCode> {
    args.source.spec()?; // A usage error, before any file is opened.
    let format = pick_format(args.format, args.output.path(), Format::Line, FORMATS)?;
    if args.explain && format == Format::Csv {
        bail!("--explain needs --format line or json");
    }
    let request = GradeRequest { explain: args.explain, scale: args.scale };
    if args.source.input == sudoku_io::InputFormat::Auto
        && crate::cmd::solve::variant::input_is_variant(&args.source.files, false)?
    {
        return grade_variants(&args, format, &request);
    }
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, CSV_HEADER)?;

    for_each_record(
        &args.source,
        &args.output,
        |g| GRADER.with_borrow_mut(|grader| request.run(grader, g)),
        |record: &Record, result: Option<Graded>| {
            let grid = match &record.grid {
                Ok(g) => *g,
                Err(e) => return run.malformed(e, || write_malformed(&mut out, format, &e.to_string())),
            };
            let graded = result.context("internal: a parsed record has no grade")?;
            if let Graded::Unrated { .. } = graded {
                run.negative();
            }
            match format {
                Format::Csv => out.write_csv(&graded.csv_row(&grid, rating_text))?,
                Format::Json => out.write_json(&graded.json(&grid))?,
                _ => out.get_mut().write_all(graded.line(&grid).as_bytes())?,
            }
            Ok(Flow::Continue)
        },
    )?;
    run.finish(out, format == Format::Csv)
}

/// The placeholder of a malformed record (with --skip-invalid): the status
/// `malformed` in each format, and why in JSON.
fn write_malformed(out: &mut RecordWriter<OutFile>, format: Format, message: &str) -> anyhow::Result<()> {
    match format {
        Format::Csv => out.write_csv(&GradeRow::<String>::unrated(None, "malformed", None))?,
        Format::Json => out.write_json(&GradeJson::unrated(None, "malformed", message, None))?,
        _ => writeln!(out.get_mut(), "malformed")?,
    }
    Ok(())
}

/// `grade` on variant puzzles: 9x9 X, windoku and disjoint-group puzzles
/// (any mix) on SE's ladder over their houses (`GradeRequest::run_variant`),
/// with the classic rows and the variant's name after the puzzle (line) or
/// as a `variant` field (JSON); every other variant on the variant ladder
/// (`LadderGradeJson`), or said to be unrated (no or several solutions).
fn grade_variants(args: &GradeArgs, format: Format, request: &GradeRequest) -> anyhow::Result<ExitCode> {
    use sudoku_io::VariantRecord;
    let (mut run, mut out) = RecordRun::start(&args.output, args.skip_invalid, VARIANT_GRADE_CSV_COLUMNS)?;
    let inputs = crate::pipeline::input_paths(&args.source.files)
        .into_iter()
        .map(|path| crate::cmd::solve::variant::open(path, sudoku_io::VariantSpec::default()));
    let work = |r: &VariantRecord| Some(request.grade_variant(r.puzzle.as_ref().ok()?));
    crate::pipeline::for_each_item(inputs, &args.output, work, |record, result| {
        let puzzle = match &record.puzzle {
            Ok(p) => p,
            Err(e) if format == Format::Csv => {
                return run.malformed(e, || Ok(writeln!(out.get_mut(), ",,,,,,,,,,,malformed")?))
            }
            Err(e) => return run.malformed(e, || write_malformed(&mut out, format, &e.to_string())),
        };
        let graded = result.context("internal: a parsed record has no grade")?;
        if graded.is_negative() {
            run.negative();
        }
        if format == Format::Json {
            out.write_json(&graded.json(puzzle))?;
            return Ok(Flow::Continue);
        }
        let variant = puzzle.variant_name();
        match (&graded, format) {
            (VariantGraded::Ladder(row), Format::Csv) => out.write_csv(&row.csv_row(puzzle))?,
            (VariantGraded::Ladder(row), _) => out.get_mut().write_all(row.line().as_bytes())?,
            (VariantGraded::Unrated { status, .. }, Format::Csv) => {
                out.write_csv(&VariantGradeRow::unrated(puzzle, status))?
            }
            (VariantGraded::Unrated { status, why }, _) => {
                writeln!(out.get_mut(), "{} {variant} {status}: {why}", puzzle.givens_line())?
            }
            (VariantGraded::Se(graded), Format::Csv) => {
                out.write_csv(&VariantGradeRow::graded(puzzle, graded))?
            }
            (VariantGraded::Se(graded), _) => {
                let cells: [u8; 81] =
                    puzzle.givens().try_into().context("internal: a graded variant is 9x9")?;
                let grid =
                    sudoku_core::Grid::from_array(cells).context("internal: a graded variant's givens")?;
                let line = graded.line(&grid);
                let (first, rest) = line.split_once(' ').unwrap_or((&line, ""));
                out.get_mut().write_all(format!("{first} {variant} {rest}").as_bytes())?;
            }
        }
        Ok(Flow::Continue)
    })?;
    run.finish(out, format == Format::Csv)
}
