//! `sudoku generate`: unique, reproducible, symmetric puzzles, optionally
//! graded and kept to one difficulty band, written as text, CSV, JSON or a
//! printable book. The flags become a library request
//! ([`GenerateRequest`]); [`make`] writes its set (`sudoku book` calls it
//! too, with the library's book request).
//!
//! Puzzles are made in chunks on a thread pool and written in index order,
//! one chunk at a time: memory stays constant however many are asked for
//! (a book keeps its puzzles until it is rendered), the output does not
//! depend on `--jobs`, and a closed pipe stops the run after at most one
//! chunk.
//!
//! With `--difficulty`, puzzle *i* is the first puzzle of stream *i* that the
//! grader puts in the band ([`sudoku_gen::Generator::generate_until`]), so it
//! still depends on the seed and *i* alone.

mod variant;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use sudoku_commands::book::{easiest_first, generate_book_csv_header, print_item};
use sudoku_commands::choice::{by_name, Choice};
use sudoku_commands::generate::{
    chunks, generate_csv_header as csv_header, index_range, make_range, Distinct, Filter, GenerateRequest,
    GenerateRow, Made, MakeError, FORMATS, TRIAL_FROM,
};
use sudoku_commands::grade::rating_text;
use sudoku_commands::Format;
use sudoku_gen::{Pattern, Symmetry};
use sudoku_grade::{Band, Technique};
use sudoku_print::{BookIndex, PrintItem};
use sudoku_variant::VariantList;

use crate::args::{pick_format, OutputArgs};
use crate::choice::{choice, formats};
use crate::cmd::print::{write_book_csv, BookOutput, PrintFlags};
use crate::out_file::{check_book_outputs, OutFile};
use crate::progress::Progress;

/// Puzzles per chunk at most: made in parallel, then written in order.
/// Chunks start small and double up to this, so the first lines come out
/// (and a closed pipe is noticed) at once.
const MAX_CHUNK: u64 = 256;

/// Arguments of `sudoku generate`.
#[derive(Debug, Args)]
#[command(after_long_help = GENERATE_AFTER_HELP)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1)]
    pub number: u64,

    /// The index of the first puzzle: `--start I -n N` makes puzzles I to
    /// I+N-1 of the set, the same as lines I+1 to I+N of one run from 0, so
    /// a big set splits into shards that are made apart and joined with
    /// `cat` (CSV has its header row in the shard that starts at 0 only).
    /// Indices run up to 18446744073709551614 (2^64 - 2): a range past it
    /// is refused (exit 2).
    #[arg(long, value_name = "I", default_value_t = 0, conflicts_with = "sections")]
    pub start: u64,

    /// Seed of the set [default: random, printed on stderr]. Puzzle i of
    /// seed S is always the same puzzle.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Symmetry of the clue pattern.
    #[arg(long, value_name = "SYMMETRY", value_parser = choice::<Symmetry>(), default_value = "none",
          ignore_case = true)]
    pub symmetry: Symmetry,

    /// Stop removing clues at N [default: remove until minimal]. Puzzles
    /// that cannot get down to N are still written; the run then reports
    /// them on stderr and exits with 1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=81))]
    pub clues: Option<u8>,

    /// Keep only puzzles the grader puts in BAND (as `sudoku grade` rates
    /// them: with --variant, on the variant ladder where SE's grader does
    /// not take the variant) [default: any band, not graded].
    #[arg(long, value_name = "BAND", value_parser = choice::<Band>(), ignore_case = true)]
    pub difficulty: Option<Band>,

    /// Sections of bands, in order: `easy:20,medium:40` makes 20 easy
    /// puzzles (indices 0-19) then 40 medium ones (20-59), each puzzle the
    /// same as with `--difficulty` of its band. A book names each section
    /// after its band.
    #[arg(long, value_name = "BAND:N,...", value_delimiter = ',', value_parser = parse_section,
          conflicts_with_all = ["number", "difficulty"])]
    pub sections: Vec<(Band, u64)>,

    /// Give exactly the cells of the clue pattern in FILE: 81 cells over
    /// any number of lines, `x` (or `*`, `#`, a digit) for a given, `.` (or
    /// `0`, `-`) for a blank; spaces and `|` are ignored. Patterns of 25
    /// givens or more fill readily; under 24 they may be out of reach.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["clues", "symmetry"],
          value_hint = clap::ValueHint::FilePath)]
    pub pattern: Option<PathBuf>,

    /// Keep only puzzles whose hardest step is this technique, as `sudoku
    /// grade` names it (case, spaces and hyphens aside: xy-wing, "Hidden
    /// Pair", forcingchain).
    #[arg(long, value_name = "NAME", value_parser = parse_technique)]
    pub technique: Option<Technique>,

    /// Keep only puzzles solved without trial and error: no Nishio, cell,
    /// region, dynamic or nested forcing chains (an ER under 7.5, on
    /// Sudoku Explainer's scale or the variant ladder's). Grades each
    /// puzzle; with --difficulty, within the band.
    #[arg(long)]
    pub no_trial: bool,

    /// Keep only puzzles whose hardest step stands at most D above the
    /// rest of the path (the spike: the ER less the hardest of the other
    /// steps; 0 when the hardest technique is needed twice), e.g. 1.5, so
    /// that no puzzle is easy except one step. Grades each puzzle with its
    /// path.
    #[arg(long, value_name = "D", value_parser = parse_tenths)]
    pub max_spike: Option<u8>,

    /// With --difficulty, --sections, --technique or --pattern: puzzles
    /// drawn (solution grids fitted, with --pattern) for each one kept
    /// before giving up with exit code 2 [default: 100000; 2000 with
    /// --pattern].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub tries: Option<u64>,

    /// With --difficulty, --sections, --technique or --pattern: seconds
    /// spent looking for each puzzle kept before giving up with exit code 2
    /// [default: 60]. With --variant or --size: seconds each puzzle may
    /// take [default: none]. It only ever stops a run: which puzzles a run
    /// makes depends on the seed and --tries, never on time.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,

    /// No two puzzles of the set are equivalent (the same up to symmetry
    /// and relabelling, see `sudoku canon`): a puzzle equivalent to an
    /// earlier one is drawn again from its index's stream. On by default for
    /// pdf and svg books; checked within one run, so not with --start.
    #[arg(long, conflicts_with_all = ["start", "no_distinct"])]
    pub distinct: bool,

    /// Allow equivalent puzzles in a book (turns off the default --distinct
    /// of pdf and svg output).
    #[arg(long)]
    pub no_distinct: bool,

    /// Grade every puzzle and add the columns rating, ep, ed, band and
    /// technique to csv and json output (implied by --difficulty and by pdf
    /// and svg output).
    #[arg(long)]
    pub grade: bool,

    /// Output format [default: from the extension of --output (.pdf, .svg,
    /// .csv, .json), else line].
    #[arg(long, short = 'f', value_name = "FORMAT", value_parser = formats(FORMATS), ignore_case = true)]
    pub format: Option<Format>,

    /// Where the puzzles go: -o, --force, --jobs, --quiet.
    #[command(flatten)]
    pub output: OutputArgs,

    /// Also write the set as CSV to FILE (the columns of --format csv).
    /// Beside a pdf or svg book it is the book's index: rows in book order,
    /// the columns number, section, page and answer_page first. Refused
    /// when it is the --output file.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub csv: Option<PathBuf>,

    /// Print the clue-count distribution on stderr at the end, and the
    /// bands (when graded) or the acceptance rate (with --difficulty).
    #[arg(long)]
    pub stats: bool,

    /// How book pages look (pdf and svg output).
    #[command(flatten)]
    pub page: PrintFlags,

    /// Make variant puzzles of a comma-separated LIST (`killer,x`,
    /// `jigsaw,anti-knight`, `thermo`) [default: classic].
    #[arg(long, value_name = "LIST", value_parser = crate::choice::variant_list(),
        long_help = crate::choice::variant_help(
            "Make variant puzzles of a comma-separated LIST (`killer,x`, `jigsaw,anti-knight`) of",
            "Written in the JSON form of docs/variants.md [default: classic]."))]
    pub variant: Option<VariantList>,

    /// Side of the grid, 4 to 25 (4, 6, 8, 9, 12, 16 and 25 have boxes;
    /// other sides need jigsaw; 25 can take more than ten minutes a
    /// puzzle) [default: 9].
    #[arg(long, value_name = "N", value_parser = crate::choice::size())]
    pub size: Option<usize>,

    /// Killer only: give N cells of the solution besides the cages, for
    /// an easier puzzle [default: 0].
    #[arg(long, value_name = "N")]
    pub givens: Option<usize>,

    /// Killer only: hide cage sums, each in turn (in random order) when
    /// the puzzle stays unique without it; the cages left with a sum need
    /// it.
    #[arg(long)]
    pub hidden_sums: bool,

    /// Killer only: cages may hold a digit twice; a cage that does is
    /// starred (its sum is then its only rule).
    #[arg(long)]
    pub repeat_cages: bool,
}

const GENERATE_AFTER_HELP: &str = "\
Every puzzle has exactly one solution. Without --clues it is also minimal: no
clue (with a symmetry: no orbit of clues) can be removed without losing
uniqueness.

Difficulty: --difficulty BAND grades each puzzle drawn (the grader of `sudoku
grade`) and keeps the first one in BAND, so the set is still reproducible from
the seed. At most --tries puzzles (default 100000) are drawn for each one kept;
when they run out, the run stops with exit code 2. The share of each band
among minimal puzzles (5000 each, `sudoku generate -n 5000 --grade --stats`):
  symmetry   easy  medium  hard  expert  extreme
  none        56%     5%    14%     21%       4%
  rot180      76%     3%    11%      9%       1%
  rot90       90%   0.8%     5%    3.5%     0.3%
  dihedral    95%   0.6%     3%    1.4%    0.06%
Symmetries rarely give the hardest bands; a --clues target well above the
minimum (30 and up) keeps nearly every puzzle easy.

Output formats (default: from the --output extension, else line):
  line  the 81-cell puzzle, `.` for blanks, one per line
  block a readable block per puzzle, then a blank line
  csv   columns: id,seed,index,puzzle,solution,clues,symmetry (header row), and
        when graded: rating,band,ep,ed,technique,nodes,guesses (SE's ER/EP/ED
        and the solver's effort, as `sudoku grade` has them)
  json  one object per line with the same fields
  pdf   a printable book, laid out as by `sudoku print`: each section from
        the easiest puzzle to the hardest, each puzzle with its number, band,
        rating and id; the answer key. The seed and the options that made
        the set end the copyright page (--copyright)
  svg   the same book, one file per page (see `sudoku print --help`)
An empty set (-n 0) as csv is the header row alone.
--csv FILE beside a pdf or svg book is the book's index: one row per puzzle
in the order the book prints them (row 1 is the first puzzle printed), with
the columns number (as printed), section (its running head), page and
answer_page (empty with --no-answers) before those of --format csv.
id is SEED-INDEX. Puzzle INDEX of SEED depends on nothing else, so `-n 10`
makes the first 10 puzzles of `-n 1000` with the same seed and options, and
`--start 500 -n 500` the last 500: shards made apart (on other machines)
join with `cat` into the bytes of one run (a CSV header only at index 0).
Puzzles are graded with --difficulty, --sections, --technique or --grade,
and always for pdf and svg.

Patterns: --pattern FILE gives exactly the cells marked x in FILE (81 cells,
`.` blank); solution grids are fitted to it, up to --tries (default 2000)
for each puzzle. Patterns of 25 givens or more fill readily, fewer may not:
when no grid filled the pattern, the error says so, whatever the band or
technique asked.

Time limit: with a band, a technique or a pattern, each puzzle kept may take
at most --time-limit seconds (default 60) of search; past it the run stops with
exit code 2. With --variant or --size, each puzzle may take at most
--time-limit seconds (no limit by default: a 25x25 puzzle takes minutes, and
the progress bar says how far its clue removal has come). The limit never
changes which puzzles are written: a run that finishes makes the same set with
any limit.

Exit codes: 0 success; 1 some puzzle kept more clues than --clues asked for;
2 usage or I/O error, or no puzzle passed the filter in --tries tries or
--time-limit seconds.

Examples:
  sudoku generate -n 100 --seed 7 > puzzles.txt
  sudoku generate -n 10 --symmetry rot180 --format block
  sudoku generate -n 24 --difficulty medium --seed 1 -o book.pdf --csv book.csv
  sudoku generate -n 50 --difficulty hard --symmetry rot180 --per-page 2 -o hard.pdf
  sudoku generate --seed 42 --start 10000 -n 10000 -f csv > shard-2.csv
  sudoku generate -n 20 --pattern heart.txt --technique x-wing -o set.csv
  sudoku generate -n 1000 --seed 3 --grade --stats -o graded.csv
  sudoku generate -n 100000 --seed 1 -o set.csv --stats

Variants: --variant LIST (its names above; comma-combined: killer,x) and --size N
make unique puzzles of that kind, one JSON object a line (docs/variants.md:
the puzzle and its solution), or the line form for classic sizes and samurai.
Clues are thinned to minimal (with --symmetry), killer cages are merged until
no two adjacent cages can be merged while staying unique; --givens N adds N
given cells to a killer, --hidden-sums hides every cage sum the puzzle stays
unique without (the rest are needed), --repeat-cages lets cages repeat digits
(a cage that does is starred, 12*, and only its sum holds). The negative rules (kropki-negative,
white-negative, black-negative, xv-negative: all marks given) draw the grid
first, then give every dot or letter it calls for. --seed, --start and
--jobs work as for classic puzzles. --difficulty BAND keeps each puzzle in that band as `sudoku grade`
rates it (SE's scale for 9x9 X, windoku and disjoint groups; the variant
ladder elsewhere: singles, intersections, subsets, fish, wings, chains, the
rule of 45 for killers; a trial rates 9.0, extreme): clues are kept (cages
left smaller) where removing them would need a harder step, and a puzzle
under the band is drawn again (40 draws). --technique (the hardest step as
`sudoku grade` names it), --no-trial and --max-spike apply too.
  sudoku generate --variant killer -n 10 --seed 1
  sudoku generate --variant killer --difficulty easy -n 10 --seed 1
  sudoku generate --variant killer --hidden-sums -n 10 --seed 1
  sudoku generate --variant killer --repeat-cages -n 10 --seed 1
  sudoku generate --variant killer --difficulty hard --no-trial -n 4 --seed 1
  sudoku generate --size 16 -n 5 --symmetry rot180
  sudoku generate --variant jigsaw,x -n 100 -o jigsaw.json";

/// Where the puzzles go: a text stream (line, block, csv, json) or a book
/// rendered at the end.
enum Sink {
    Text {
        format: Format,
        out: OutFile,
    },
    /// A book, with its puzzles' ratings and their CSV rows (with
    /// `--csv`), all in generation order until the end.
    Book {
        out: BookOutput,
        items: Vec<PrintItem>,
        ratings: Vec<Option<f64>>,
        rows: Vec<GenerateRow<String>>,
    },
}

/// What a run of `sudoku generate` did: its exit code, and where a book's
/// puzzles landed.
pub struct Outcome {
    /// The exit code of the run.
    pub code: ExitCode,
    /// The book's page count and each puzzle's place, for book output.
    pub book: Option<BookIndex>,
}

/// The clue pattern in `path`.
pub fn read_pattern(path: &Path) -> anyhow::Result<Pattern> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.parse::<Pattern>().with_context(|| format!("{}: not a clue pattern", path.display()))
}

/// A technique by the name `grade` gives it; case, spaces, hyphens and
/// underscores do not matter.
pub fn parse_technique(s: &str) -> Result<Technique, String> {
    let key = |name: &str| {
        name.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase()
    };
    Technique::ALL.iter().copied().find(|t| key(t.name()) == key(s)).ok_or_else(|| {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!("unknown technique {s:?}; known: {}", names.join(", "))
    })
}

/// `easy:20`: a band and a count of at least one.
pub fn parse_section(s: &str) -> Result<(Band, u64), String> {
    let (band, n) = s.split_once(':').ok_or_else(|| format!("{s:?}: expected BAND:N, e.g. medium:40"))?;
    let band = by_name(Band::CHOICES, band.trim()).ok_or_else(|| {
        let names: Vec<&str> = Band::CHOICES.iter().map(|&(_, name, _)| name).collect();
        format!("{s:?}: unknown band {band:?}; expected one of {}", names.join(", "))
    })?;
    match n.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok((band, n)),
        _ => Err(format!("{s:?}: the count must be a whole number of at least 1")),
    }
}

/// A difficulty of one decimal, 0 to 25.5, in tenths (`1.5` is 15).
pub fn parse_tenths(s: &str) -> Result<u8, String> {
    match s.trim().parse::<f64>() {
        Ok(d) if (0.0..=25.5).contains(&d) => Ok((d * 10.0).round() as u8),
        _ => Err(format!("{s:?}: expected a difficulty from 0 to 25.5, e.g. 1.5")),
    }
}

/// Runs `sudoku generate`.
pub fn run(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    if let Some(spec) = variant::requested(&args)? {
        return variant::run(&args, spec);
    }
    let mut number = args.number;
    if !args.sections.is_empty() {
        number =
            args.sections.iter().try_fold(0u64, |n, &(_, k)| n.checked_add(k)).context("too many puzzles")?;
    }
    let filtered = args.difficulty.is_some()
        || !args.sections.is_empty()
        || args.technique.is_some()
        || args.no_trial
        || args.max_spike.is_some();
    if args.tries.is_some() && !filtered && args.pattern.is_none() {
        bail!("--tries needs --difficulty, --sections, --technique or --pattern");
    }
    if args.time_limit.is_some() && !filtered && args.pattern.is_none() {
        bail!("--time-limit needs --difficulty, --sections, --technique or --pattern");
    }
    let pattern = args.pattern.as_deref().map(read_pattern).transpose()?;
    // A seed drawn at random is said on stderr where the run would have
    // drawn it: after the checks of the outputs.
    let (seed, drawn) = match args.seed {
        Some(seed) => (seed, false),
        None => (rand::random::<u64>(), true),
    };
    let request = GenerateRequest {
        seed,
        start: args.start,
        number,
        symmetry: args.symmetry,
        clues: args.clues,
        difficulty: args.difficulty,
        sections: args.sections,
        pattern,
        technique: args.technique,
        no_trial: args.no_trial,
        max_spike: args.max_spike,
        tries: args.tries,
        time_limit: args.time_limit,
        grade: args.grade,
        distinct: match (args.distinct, args.no_distinct) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
    };
    let job = Job {
        format: args.format,
        output: &args.output,
        csv: args.csv.as_deref(),
        stats: args.stats,
        page: &args.page,
        seed_drawn: drawn,
    };
    Ok(make(&request, &job)?.code)
}

/// Where and how a generated set is written: the format (`None`: from the
/// output's extension), the outputs, `--stats`, the page flags, and
/// whether the seed was drawn at random (then said on stderr).
pub struct Job<'a> {
    /// `--format`.
    pub format: Option<Format>,
    /// `-o`, `--force`, `--jobs`, `--quiet`.
    pub output: &'a OutputArgs,
    /// `--csv`.
    pub csv: Option<&'a Path>,
    /// `--stats`.
    pub stats: bool,
    /// How book pages look.
    pub page: &'a PrintFlags,
    /// The seed was drawn at random.
    pub seed_drawn: bool,
}

/// Makes the set of `request` and writes it as `job` says; says what it
/// made.
pub fn make(request: &GenerateRequest, job: &Job) -> anyhow::Result<Outcome> {
    let mut bands = request.difficulty.iter().chain(request.sections.iter().map(|(band, _)| band));
    if let Some(band) = bands.find(|b| request.no_trial && b.min_tenths() >= TRIAL_FROM) {
        bail!("--no-trial with {band}: every puzzle of that band needs a trial (its ratings start at 8.0)");
    }
    let output = job.output.path();
    let csv_path = job.csv.filter(|p| p.as_os_str() != "-");
    let format = pick_format(job.format, output, Format::Line, FORMATS)?;
    // Every output of the run is a different file (by identity: a symlink
    // or `./a.csv` is the same file as `a.csv`; a page set claims the names
    // of its pages).
    check_book_outputs(output, format == Format::Svg, job.csv.map(|_| csv_path))?;
    if let (false, Some(flag)) = (format.is_book(), job.page.first_given()) {
        bail!("{flag} shapes a book: it needs pdf or svg output (-o FILE.pdf or --format pdf)");
    }
    let filter = request.filter(format);
    let seed = request.seed;
    if job.seed_drawn && !job.output.quiet {
        eprintln!("sudoku: seed {seed} (pass --seed {seed} to make this set again)");
    }
    // A book's options are checked before any work.
    let book_opts = format.is_book().then(|| job.page.options(Some(request.provenance()))).transpose()?;
    let opts = request.gen_options();
    let jobs = job.output.jobs();
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(jobs).build().context("cannot start worker threads")?;

    let mut sink = match format.is_book() {
        true => {
            let out = BookOutput::open(format, output, job.output.force)?;
            Sink::Book { out, items: Vec::new(), ratings: Vec::new(), rows: Vec::new() }
        }
        false => Sink::Text { format, out: OutFile::create(output, job.output.force)? },
    };
    // `--csv -` is stdout, beside a file output.
    let mut csv_out = job.csv.map(|_| OutFile::create(csv_path, job.output.force)).transpose()?;

    let number = request.n_puzzles().context("too many puzzles")?;
    let mut progress = Progress::new(Some(number), "puzzles", job.output.quiet);
    let mut stats = Stats::default();
    let mut buf = Vec::with_capacity(MAX_CHUNK as usize * 200);
    let mut csv_buf = Vec::new();
    let abort = AtomicBool::new(false);
    let mut distinct = request.is_distinct(format).then(|| Distinct::new(opts.clone()));

    let indices = index_range(request.start, number)
        .map_err(|e| anyhow::anyhow!("--start {} -n {number}: {e}", request.start))?;
    for chunk in chunks(indices, 4 * jobs as u64, MAX_CHUNK) {
        let (start, end) = (chunk.start, chunk.end);
        let filter_of = |index| Filter { band: request.band_at(index), ..filter };
        let made = match pool.install(|| make_range(&opts, start..end, filter_of, &abort, distinct.as_mut()))
        {
            Ok(made) => made,
            Err(e @ (MakeError::OutOfReach { .. } | MakeError::TimeLimit { .. })) => {
                progress.finish();
                bail!("{}", out_of_reach(request, &e, filter_of));
            }
            Err(e) => return Err(e.into()),
        };
        buf.clear();
        csv_buf.clear();
        for (index, m) in chunk.zip(&made) {
            match &mut sink {
                Sink::Text { format, .. } => {
                    write_puzzle(&mut buf, *format, seed, index, m)?;
                    if csv_out.is_some() {
                        write_puzzle(&mut csv_buf, Format::Csv, seed, index, m)?;
                    }
                }
                Sink::Book { items, ratings, rows, .. } => {
                    items.push(print_item(request, index, m));
                    ratings.push(m.grade.as_ref().map(|g| g.rating));
                    if csv_out.is_some() {
                        rows.push(GenerateRow::csv(seed, index, m));
                    }
                }
            }
            stats.add(m);
        }
        if let Sink::Text { out, .. } = &mut sink {
            out.write_all(&buf).context("cannot write the puzzles")?;
            // Stdout is flushed chunk by chunk, so a closed pipe is noticed.
            out.flush().context("cannot write the puzzles")?;
        }
        if let Some(out) = &mut csv_out {
            out.write_all(&csv_buf).context("cannot write the CSV")?;
        }
        progress.set(end - request.start);
    }
    progress.finish();
    if number == 0 && request.start == 0 {
        // An empty set is still a well-formed CSV: its header row alone.
        if let Sink::Text { format, out } = &mut sink {
            if *format == Format::Csv {
                out.write_all(csv_header(filter.grade).as_bytes())?;
            }
            if let Some(out) = &mut csv_out {
                out.write_all(csv_header(filter.grade).as_bytes())?;
            }
        }
    }
    let mut book = None;
    match sink {
        Sink::Text { out, .. } => out.finish()?,
        Sink::Book { out, items, ratings, rows } => {
            // Each section (the whole set without sections) from the
            // easiest puzzle to the hardest, on the grades' ratings; the
            // CSV is the book's index, in the same order.
            let keys: Vec<(Option<String>, Option<f64>)> =
                items.iter().zip(ratings).map(|(item, rating)| (item.meta.section.clone(), rating)).collect();
            let order = easiest_first(&keys);
            let items: Vec<PrintItem> = order.iter().map(|&i| items[i].clone()).collect();
            let opts = book_opts.as_ref().context("internal: a book without options")?;
            let index = sudoku_print::index(&items, opts);
            if let Some(csv) = &mut csv_out {
                let rows: Vec<&GenerateRow<String>> = order.iter().map(|&i| &rows[i]).collect();
                write_book_csv(csv, &index, &rows, &generate_book_csv_header())?;
            }
            out.write(&items, opts)?;
            book = Some(index);
        }
    }
    if let Some(out) = csv_out {
        out.finish()?;
    }

    if job.stats {
        stats.n_redrawn = distinct.as_ref().map_or(0, Distinct::n_redrawn);
        stats.print(filter);
    }
    if stats.n_missed > 0 {
        let target = request.clues.unwrap_or(0);
        let fewest = stats.clues.keys().next().copied().unwrap_or(81);
        eprintln!(
            "sudoku: {} of {} puzzles could not get down to {target} clues (fewest made: {fewest})",
            stats.n_missed, number
        );
        return Ok(Outcome { code: ExitCode::from(1), book });
    }
    Ok(Outcome { code: ExitCode::SUCCESS, book })
}

/// The message when some index found no puzzle: names the real cause (a
/// pattern no grid filled, a band or technique not found in the tries, the
/// time limit), the options that shaped the draws, and what to change.
fn out_of_reach(request: &GenerateRequest, error: &MakeError, filter_of: impl Fn(u64) -> Filter) -> String {
    let (index, n_tries, time_limit, n_fitted) = match *error {
        MakeError::OutOfReach { index, max_tries, n_fitted } => (index, max_tries, None, n_fitted),
        MakeError::TimeLimit { index, n_tries, limit } => (index, n_tries, Some(limit), n_tries),
        _ => return error.to_string(),
    };
    let filter = filter_of(index);
    let tries = plural(n_tries, "try", "tries");
    // What was asked of each puzzle: "a hard puzzle whose hardest step is
    // X-Wing".
    let mut what = match filter.band {
        Some(band) => format!("{} puzzle", band.name()),
        None => "puzzle".to_string(),
    };
    if let Some(t) = filter.technique {
        what += &format!(" whose hardest step is {}", t.name());
    }
    let wanted = format!("{} {what}", if what.starts_with('e') { "an" } else { "a" });
    let mut hints = Vec::new();
    let cause = match (filter.pattern, time_limit) {
        (Some(pattern), _) if n_fitted == 0 => {
            hints.push("a pattern with more givens (25 or more fill readily)".to_string());
            let spent = match time_limit {
                Some(limit) => format!("in the time limit of {} (--time-limit)", seconds(limit)),
                None => format!("in {tries} (--tries)"),
            };
            format!(
                "the pattern of {} givens could not be filled: no solution grid fitted it uniquely {spent}",
                pattern.len()
            )
        }
        (pattern, Some(limit)) => {
            let fitted = if pattern.is_some() { " that filled the pattern" } else { "" };
            format!(
                "time limit reached: no {what} in {} (--time-limit), after {tries}{fitted}",
                seconds(limit)
            )
        }
        (Some(_), None) => format!(
            "{wanted} not found in {tries} (--tries), of which {} filled the pattern",
            plural(n_fitted, "grid", "grids")
        ),
        (None, None) => {
            let symmetry = request.symmetry;
            let clues = match request.clues {
                Some(n) => format!("--clues {n}"),
                None => "minimal clues".to_string(),
            };
            if symmetry != Symmetry::None {
                hints.push("a weaker --symmetry (none, rot180)".to_string());
            }
            if request.clues.is_some() {
                hints.push("fewer or no --clues".to_string());
            }
            format!("no {what} in {tries} (--symmetry {symmetry}, {clues}): too rare with these options")
        }
    };
    match time_limit {
        Some(_) => hints.push("a larger --time-limit".to_string()),
        None => hints.push("a larger --tries".to_string()),
    }
    format!("{cause}; try {}", hints.join(", or "))
}

/// `1 try`, `3 tries`.
fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A duration as whole seconds or a decimal: `60 s`, `0.5 s`.
fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// A --time-limit value: a positive number of seconds, decimals allowed.
fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s.trim().parse().map_err(|_| format!("not a number of seconds: {s:?}"))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err("the time limit must be more than 0 seconds".to_string());
    }
    Duration::try_from_secs_f64(secs).map_err(|_| format!("too long a time limit: {s}"))
}

/// Appends puzzle `index` in `format` (a text format); CSV gets its header
/// before index 0.
fn write_puzzle(buf: &mut Vec<u8>, format: Format, seed: u64, index: u64, m: &Made) -> anyhow::Result<()> {
    let puzzle = &m.puzzle;
    match format {
        Format::Line => writeln!(buf, "{}", puzzle.givens.to_line())?,
        Format::Block => writeln!(buf, "{}", puzzle.givens.to_block())?,
        Format::Json => {
            serde_json::to_writer(&mut *buf, &GenerateRow::new(seed, index, m, |r| r))?;
            buf.push(b'\n');
        }
        Format::Csv => {
            let mut w = csv::WriterBuilder::new().has_headers(index == 0).from_writer(&mut *buf);
            w.serialize(GenerateRow::new(seed, index, m, rating_text))?;
            w.flush()?;
        }
        _ => bail!("internal: {format:?} in the text writer"),
    }
    Ok(())
}

/// What `--stats` reports, and the clue-target misses.
#[derive(Default)]
struct Stats {
    /// Puzzles per clue count.
    clues: BTreeMap<usize, u64>,
    /// Puzzles per band, when graded.
    bands: BTreeMap<Band, u64>,
    /// Puzzles drawn in all.
    n_tries: u64,
    /// Puzzles that kept more clues than the target.
    n_missed: u64,
    /// Puzzles drawn again for being equivalent to an earlier one.
    n_redrawn: u64,
}

impl Stats {
    fn add(&mut self, m: &Made) {
        *self.clues.entry(m.puzzle.n_clues()).or_insert(0) += 1;
        if let Some(g) = &m.grade {
            *self.bands.entry(g.band).or_insert(0) += 1;
        }
        self.n_tries += m.n_tries;
        self.n_missed += u64::from(!m.puzzle.target_reached());
    }

    /// The clue-count distribution, then the bands or the acceptance rate,
    /// as tables on stderr.
    fn print(&self, filter: Filter) {
        let total: u64 = self.clues.values().sum();
        if total == 0 {
            return;
        }
        let sum: u64 = self.clues.iter().map(|(&clues, &n)| clues as u64 * n).sum();
        eprintln!("clues  puzzles  percent");
        for (clues, n) in &self.clues {
            eprintln!("{clues:>5}  {n:>7}  {:>6.2}%", 100.0 * *n as f64 / total as f64);
        }
        eprintln!("mean clues: {:.2} over {total} puzzles", sum as f64 / total as f64);
        if let Some(band) = filter.band {
            eprintln!(
                "{band}: kept {total} of {} puzzles drawn ({:.2}%)",
                self.n_tries,
                100.0 * total as f64 / self.n_tries as f64
            );
        } else if !self.bands.is_empty() {
            eprintln!("band     puzzles  percent");
            for (band, n) in &self.bands {
                eprintln!("{:<7}  {n:>7}  {:>6.2}%", band.name(), 100.0 * *n as f64 / total as f64);
            }
        }
        if self.n_redrawn > 0 {
            eprintln!(
                "distinct: {} puzzles drawn again for being equivalent to an earlier one",
                self.n_redrawn
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_gen::{GenOptions, Generator};
    use sudoku_grade::Grader;

    #[test]
    fn the_csv_header_row_names_the_row_fields() {
        for graded in [false, true] {
            let m = Made {
                puzzle: Generator::new(GenOptions { seed: 1, symmetry: Symmetry::None, target_clues: None })
                    .generate(0),
                grade: graded.then(|| {
                    Grader::new()
                        .grade(
                            &Generator::new(GenOptions {
                                seed: 1,
                                symmetry: Symmetry::None,
                                target_clues: None,
                            })
                            .generate(0)
                            .givens,
                        )
                        .unwrap()
                }),
                n_tries: 1,
            };
            let mut buf = Vec::new();
            write_puzzle(&mut buf, Format::Csv, 1, 0, &m).unwrap();
            let text = String::from_utf8(buf).unwrap();
            assert_eq!(text.lines().next().unwrap(), csv_header(graded).trim_end());
        }
    }
}
