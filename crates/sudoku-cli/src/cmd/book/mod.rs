//! `sudoku book`: the main job on built-in defaults. A printable book of
//! graded puzzles and its CSV: the library's [`BookRequest`] (the book's
//! defaults) made into a set and written by `sudoku generate`'s writer.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use sudoku_grade::Technique;

mod sections;

use crate::args::OutputArgs;
use crate::choice::choice;
use crate::cmd::generate;
use crate::cmd::print::{page_paths, PrintFlags};
use sudoku_commands::book::sections::Section;
use sudoku_commands::book::{BookRequest, BOOK_SEED, BOOK_SIZE};
use sudoku_gen::Symmetry;
use sudoku_grade::Band;
use sudoku_io::FileKind;
use sudoku_print::BookIndex;

/// Arguments of `sudoku book`.
#[derive(Debug, Args)]
#[command(after_long_help = BOOK_AFTER_HELP)]
pub struct BookArgs {
    /// How many puzzles (at least 1).
    #[arg(short = 'n', long, value_name = "N", default_value_t = BOOK_SIZE)]
    pub number: u64,

    /// Seed of the set: the same seed and options make the same book.
    #[arg(long, value_name = "S", default_value_t = BOOK_SEED)]
    pub seed: u64,

    /// The difficulty band of every puzzle.
    #[arg(long, value_name = "BAND", value_parser = choice::<Band>(), default_value = "medium", ignore_case = true)]
    pub difficulty: Band,

    /// Sections in order, each `[VARIANT:]BAND:N`, sorted by rating and
    /// named after its variant and band: `easy:20,medium:40,hard:30`, or
    /// `easy:10,killer:easy:12,x:medium:8,killer+x:hard:2,6x6:easy:6`
    /// (VARIANT: `+`-joined --variant names and a size NxN) (instead of -n
    /// and --difficulty).
    #[arg(long, value_name = "[VARIANT:]BAND:N,...", value_delimiter = ',', value_parser = parse_section,
          conflicts_with_all = ["number", "difficulty"])]
    pub sections: Vec<Section>,

    /// Give exactly the cells of the clue pattern in FILE (`x` a given,
    /// `.` a blank; see `sudoku generate --help`).
    #[arg(long, value_name = "FILE", conflicts_with = "symmetry", value_hint = clap::ValueHint::FilePath)]
    pub pattern: Option<PathBuf>,

    /// Keep only puzzles whose hardest step is this technique (xy-wing,
    /// "Hidden Pair", ...).
    #[arg(long, value_name = "NAME", value_parser = generate::parse_technique)]
    pub technique: Option<Technique>,

    /// Keep only puzzles solved without trial and error (no Nishio, cell,
    /// region, dynamic or nested forcing chains: an ER under 7.5), in every
    /// section.
    #[arg(long)]
    pub no_trial: bool,

    /// Keep only puzzles whose hardest step stands at most D above the
    /// rest of the path (see `sudoku generate --help`), e.g. 1.5.
    #[arg(long, value_name = "D", value_parser = generate::parse_tenths)]
    pub max_spike: Option<u8>,

    /// Symmetry of the clue pattern.
    #[arg(long, value_name = "SYMMETRY", value_parser = choice::<Symmetry>(), default_value = "none",
          ignore_case = true)]
    pub symmetry: Symmetry,

    /// The book (atomically); .svg makes one SVG file per page.
    #[arg(long, short = 'o', value_name = "FILE", default_value = "puzzles.pdf",
          value_hint = clap::ValueHint::FilePath)]
    pub output: PathBuf,

    /// The book's index as CSV: a row per puzzle in book order, the columns
    /// number, section, page and answer_page, then those of `sudoku
    /// generate --format csv` (graded).
    #[arg(long, value_name = "FILE", default_value = "puzzles.csv", value_hint = clap::ValueHint::FilePath)]
    pub csv: PathBuf,

    /// Replace the book and the CSV if they exist.
    #[arg(long)]
    pub force: bool,

    /// Say nothing on stderr but errors (no progress, no summary of what
    /// was written).
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// How the pages look.
    #[command(flatten)]
    pub page: PrintFlags,
}

const BOOK_AFTER_HELP: &str = "\
Same as
  sudoku generate -n 24 --seed 2024 --difficulty medium -o puzzles.pdf --csv puzzles.csv
with any option given here passed on. On success it says what it wrote on
stderr (puzzles.pdf: 10 pages, 24 puzzles; puzzles.csv), unless --quiet.

The CSV is the book's index: row N is the puzzle printed N-th, with its
number (as printed), section (its running head), page and answer_page (its
solution's page in the key; empty with --no-answers), then its id, seed,
index, givens, solution, clues, symmetry, rating, band, ep, ed and technique.

The book, ready for print-on-demand: a title page (--title, --subtitle), a
copyright page (--copyright), the contents, the puzzles (each section from
the easiest to the hardest, its band in every running head, each puzzle with
its number, band, rating and id), the answer key (12 a page, each labelled
with its puzzle's number and page), then blank pages to an even count
(--pages-multiple 4 for saddle-stitched booklets). Footers hold the page
number, and --footer TEXT if given. The seed and options that made the set
end the copyright page (with --copyright); the CSV has each puzzle's seed,
index and band. Pages are mirrored: the margins are 0.5 in outside, top and
bottom, and inside 0.5 in up to 300 pages, 0.625 in to 500, 0.75 in to 700,
0.875 in beyond (KDP's gutters, never under the outside margin). --bleed adds
0.125 in on the outer edges; --trim sets the page size (6x9, 8.5x11, a5,
152x229mm ...).

Exit codes: 0 both files written; 2 usage or I/O error, a file exists
(without --force), -n 0, or no puzzle passed the filter in its tries (100000;
2000 fitted grids with --pattern) or in 60 s for one puzzle; then neither file
is written.

Variant sections: --sections easy:10,killer:easy:12,x:medium:8,6x6:easy:6
makes a book of classic and variant sections. A section is
[VARIANT:]BAND:N; VARIANT joins --variant names and a size with `+`
(killer, x, jigsaw, killer+x, anti-knight+6x6, 16x16). Each section opens
with its rules, runs from its easiest puzzle to its hardest, and is named
after its variant and band (Killer – Easy); classic sections keep their band's
name. Variant puzzles are graded as `sudoku grade` grades them: Sudoku
Explainer's scale for X, windoku and disjoint groups, the variant ladder
elsewhere. Section k takes the indices after the sections before it, on
the one --seed. The CSV's columns are then number, section, page,
answer_page, variant, id, seed, index, puzzle (the line of givens, or the
JSON form of docs/variants.md where a line cannot hold the puzzle),
solution, rating, band, ep, ed, technique and scale. --pattern, --technique
and --symmetry are for classic books only.

Examples:
  sudoku book
  sudoku book -n 48 --difficulty hard --paper letter --title 'Hard puzzles' --force
  sudoku book --seed 7 -o week7.pdf --csv week7.csv
  sudoku book --sections easy:20,medium:40,hard:30,expert:10 --trim 6x9 --bleed \\
      --title 'Sudoku for Every Day' --copyright '(c) 2026 A. Publisher' -o book.pdf
  sudoku book --sections killer:easy:6,killer:hard:6,x:medium:4,jigsaw:medium:4,6x6:easy:4 \
      --title 'Variety Sudoku' -o variety.pdf --csv variety.csv";

/// Runs `sudoku book`: the library's book request made into a set
/// ([`BookRequest::set`]) and written as `sudoku generate` writes a book,
/// then says what it wrote (unless `--quiet`).
pub fn run(args: BookArgs) -> anyhow::Result<ExitCode> {
    if args.sections.iter().any(|s| s.variant.is_some()) {
        return sections::run(&args);
    }
    let book = BookRequest {
        number: args.number,
        seed: args.seed,
        difficulty: args.difficulty,
        sections: args.sections.iter().map(|s| (s.band, s.count)).collect(),
        pattern: None,
        technique: args.technique,
        symmetry: args.symmetry,
        no_trial: args.no_trial,
        max_spike: args.max_spike,
    };
    let mut set = book.set()?;
    set.pattern = args.pattern.as_deref().map(generate::read_pattern).transpose()?;
    let output =
        OutputArgs { output: Some(args.output.clone()), force: args.force, jobs: 0, quiet: args.quiet };
    let job = generate::Job {
        format: None,
        output: &output,
        csv: Some(&args.csv),
        stats: false,
        page: &args.page,
        seed_drawn: false,
    };
    let outcome = generate::make(&set, &job)?;
    if let (false, Some(book)) = (args.quiet, &outcome.book) {
        eprintln!("{}", summary(&args.output, book, &args.csv));
    }
    Ok(outcome.code)
}

fn parse_section(s: &str) -> Result<Section, String> {
    s.parse().map_err(|e: sudoku_commands::book::sections::SectionError| e.to_string())
}

/// What `sudoku book` wrote, in one line: `puzzles.pdf: 10 pages, 24
/// puzzles; puzzles.csv` (an SVG book names its first and last pages).
fn summary(output: &Path, book: &BookIndex, csv: &Path) -> String {
    let name = |path: &Path| match path.as_os_str() {
        p if p == "-" => "stdout".to_string(),
        _ => path.display().to_string(),
    };
    let book_name = match FileKind::from_path(output) {
        FileKind::Svg => {
            let pages = page_paths(output, book.n_pages);
            match (pages.first(), pages.last()) {
                (Some(first), Some(last)) => format!("{} … {}", name(first), name(last)),
                _ => name(output),
            }
        }
        _ => name(output),
    };
    let n_puzzles = book.placements.len();
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    format!("{book_name}: {}, {}; {}", plural(book.n_pages, "page"), plural(n_puzzles, "puzzle"), name(csv))
}
