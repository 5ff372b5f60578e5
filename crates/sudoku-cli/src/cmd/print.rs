//! `sudoku print`: a printable puzzle book (PDF, or SVG pages) with an
//! answer key, from puzzles in any input format.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use rayon::prelude::*;
use sudoku_core::Grid;

use serde::Serialize;
use sudoku_commands::book::print::{
    classic_items, repeats, variant_item, variant_sections, PageRequest, MAX_START_NUMBER,
    PAGES_MULTIPLE_MAX, PAGES_MULTIPLE_MIN,
};
use sudoku_commands::book::{
    book_csv, BookColumns, PrintRow, VariantPrintRow, BOOK_COLUMNS, PRINT_CSV_COLUMNS, PRINT_FORMATS,
    VARIANT_PRINT_CSV_COLUMNS,
};
use sudoku_commands::{Choice, Format};
use sudoku_io::InputSpec;
use sudoku_print::{BookIndex, ItemMeta, OptionsError, PerPage, PrintItem, PrintOptions, Trim};

use crate::args::{pick_format, InputArgs, OutputArgs};
use crate::choice::{formats, ChoiceParser};
use crate::out_file::{check_book_outputs, OutFile};
use crate::pipeline::{input_paths, open_records};
use sudoku_commands::choice::Named;

/// Arguments of `sudoku print`.
#[derive(Debug, Args)]
#[command(after_long_help = PRINT_AFTER_HELP)]
pub struct PrintArgs {
    /// Where the puzzles come from.
    #[command(flatten)]
    pub source: InputArgs,

    /// Output format [default: from the extension of --output (.pdf,
    /// .svg), else pdf; with --each, svg]. png is for --each only.
    #[arg(long, short = 'f', value_name = "FORMAT", value_parser = formats(PRINT_FORMATS), ignore_case = true)]
    pub format: Option<Format>,

    /// Instead of a book, write each puzzle as an image of its own into DIR
    /// (made if missing): puzzle-0001.svg, puzzle-0002.svg ...; with
    /// --answers also solution-0001.svg .... For newspapers and web pages.
    #[arg(long, value_name = "DIR", conflicts_with = "output", value_hint = clap::ValueHint::DirPath)]
    pub each: Option<PathBuf>,

    /// Resolution of --each --format png images, in pixels per inch (each
    /// grid is 3 in wide) [default: 300].
    #[arg(long, value_name = "DPI", requires = "each", value_parser = clap::value_parser!(u32).range(10..=2400))]
    pub dpi: Option<u32>,

    /// Also write the book's index as CSV to FILE (`-` is stdout): one row
    /// per puzzle in book order, with the columns number, section, page,
    /// answer_page, puzzle, solution, band, rating, id and source
    /// (FILE:LINE). Refused when it is the --output file.
    #[arg(long, value_name = "FILE", conflicts_with = "each", value_hint = clap::ValueHint::FilePath)]
    pub csv: Option<PathBuf>,

    /// Refuse puzzles that are not minimal: with a given, a number on a
    /// constraint (a cage's sum) or a constraint that can go without
    /// losing uniqueness (without it, each is reported on stderr).
    #[arg(long)]
    pub minimal: bool,

    /// How the pages look.
    #[command(flatten)]
    pub page: PrintFlags,

    /// Where the book goes: -o (`-` or none is stdout, PDF only), --force,
    /// --jobs, --quiet.
    #[command(flatten)]
    pub output: OutputArgs,
}

const PRINT_AFTER_HELP: &str = "\
The book: puzzle pages (1, 2, 4 or 6 puzzles a page, each numbered, with its
band and rating when the input carries them), then the answer key (12 smaller
solutions a page, numbered to match, each with its puzzle's page, givens in
black). Every footer holds the page number, and the --footer text if given.
Pages are mirrored: the margins are 0.5 in outside, top and bottom, and
inside 0.5 in up to 300 pages, 0.625 in to 500, 0.75 in to 700, 0.875 in
beyond (KDP's gutters, never under the outside margin).

--csv FILE writes the book's index beside it: row N is the puzzle printed
N-th, with its number as printed, section (its running head), page and
answer_page (empty with --no-answers), then puzzle, solution, the band,
rating and id of the input (empty when it had none) and source (FILE:LINE).

PDF: vector graphics and one font, DejaVu Sans, embedded as a subset (print-on-
demand services reject unembedded fonts); text is searchable. DejaVu Sans
covers Latin, Greek and Cyrillic; other characters of a title print as boxes.
Right-to-left text (Hebrew, Arabic ...) in --title, --subtitle, --copyright,
--footer or a section name is refused, naming the flag and the character:
books have no bidirectional layout or shaping, so it would print reversed.
The same input and options give a byte-identical file.

SVG: one file per page, same layout. `-o book.svg` writes book-0001.svg,
book-0002.svg and so on: always four digits (more only past 9999 pages), so
the files sort in page order and a new set never mixes with an older one; the
extension is always .svg (--format svg -o book.pdf writes book-0001.svg …).
Pages of an older set with the same name that the new set would not replace
(book-0009.svg when the new book has 8 pages, or book-1.svg) are an error
without --force, and removed with it. The set is written page by page, each
page atomically.

Every puzzle is solved for the answer key; a puzzle without a solution stops
the run (FILE:LINE: no solution), and one with several solutions is reported
on stderr (the key shows one).

Exit codes: 0 the book was written; 2 usage, I/O or input error, or a puzzle
without a solution, and then no file is written.

Examples:
  sudoku print puzzles.txt -o book.pdf
  sudoku print puzzles.txt --paper letter --per-page 6 --title 'Holiday set' -o book.pdf
  sudoku print puzzles.txt --no-answers --format svg -o pages/book.svg";

/// The page options shared by every command that makes a book (`sudoku
/// print`, `sudoku generate -o book.pdf`, `sudoku book`).
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Page options (PDF and SVG)")]
pub struct PrintFlags {
    /// Trim size: 5x8, 5.25x8, 5.5x8.5, 6x9, 7x10, 8x10, 8.25x11, 8.5x11,
    /// a4, a5, letter, or WxH in inches or mm (6.14x9.21in, 152x229mm)
    /// [default: a4].
    #[arg(long, visible_alias = "paper", value_name = "SIZE", value_parser = parse_trim)]
    pub trim: Option<Trim>,

    /// Add 0.125 in of bleed on the outer edges of every page (the PDF's
    /// page is the trim plus bleed; its TrimBox is the trim).
    #[arg(long)]
    pub bleed: bool,

    /// Puzzles per page [default: 4; 2 on trims narrower than 7 in].
    #[arg(long, value_name = "N", value_parser = ChoiceParser::new(PerPage::CHOICES))]
    pub per_page: Option<PerPage>,

    /// Large print: one puzzle a page, digits of 24 pt or more.
    #[arg(long, conflicts_with = "per_page")]
    pub large_print: bool,

    /// The book's title: on the title page and in running heads [default:
    /// Sudoku].
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// A line under the title on the title page.
    #[arg(long, value_name = "TEXT")]
    pub subtitle: Option<String>,

    /// Text of a copyright page after the title page (`\n` in the text
    /// starts a new line).
    #[arg(long, value_name = "TEXT")]
    pub copyright: Option<String>,

    /// Pad the page count with blank pages to a multiple of N (4 for
    /// saddle-stitched booklets) [default: 2, an even count].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32)
        .range(i64::from(PAGES_MULTIPLE_MIN)..=i64::from(PAGES_MULTIPLE_MAX)))]
    pub pages_multiple: Option<u32>,

    /// End the book with the answer key (the default).
    #[arg(long, overrides_with = "no_answers")]
    pub answers: bool,

    /// Leave the answer key out.
    #[arg(long, overrides_with = "answers")]
    pub no_answers: bool,

    /// A line of text in the middle of every numbered page's footer, beside
    /// the page number [default: none].
    #[arg(long, value_name = "TEXT")]
    pub footer: Option<String>,

    /// The number of the first puzzle (at most 10^15, so every number
    /// fits) [default: 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=MAX_START_NUMBER))]
    pub start_number: Option<u64>,
}

fn parse_trim(s: &str) -> Result<Trim, String> {
    s.parse::<Trim>().map_err(|e| e.to_string())
}

impl PrintFlags {
    /// The print options these flags ask for (`provenance`, what made the
    /// set, ends the copyright page), refused when they would not make a
    /// usable book.
    pub fn options(&self, provenance: Option<String>) -> anyhow::Result<PrintOptions> {
        match self.request().options(provenance) {
            // The text came from the flag of its name.
            Err(e @ OptionsError::RightToLeft { field, .. }) => bail!("--{field}: {e}"),
            result => Ok(result?),
        }
    }

    /// The page options these flags ask for, as every front end asks
    /// (`\n` in `--copyright` is a new line).
    fn request(&self) -> PageRequest {
        PageRequest {
            trim: self.trim,
            bleed: self.bleed,
            per_page: self.per_page,
            large_print: self.large_print,
            title: self.title.clone(),
            subtitle: self.subtitle.clone(),
            copyright: self.copyright.as_ref().map(|c| c.replace("\\n", "\n")),
            pages_multiple: self.pages_multiple,
            answers: !self.no_answers,
            footer: self.footer.clone(),
            start_number: self.start_number,
        }
    }

    /// The first page flag given, if any: a command whose output is not a
    /// book refuses it (it would do nothing).
    pub fn first_given(&self) -> Option<&'static str> {
        [
            ("--trim", self.trim.is_some()),
            ("--bleed", self.bleed),
            ("--per-page", self.per_page.is_some()),
            ("--large-print", self.large_print),
            ("--title", self.title.is_some()),
            ("--subtitle", self.subtitle.is_some()),
            ("--copyright", self.copyright.is_some()),
            ("--pages-multiple", self.pages_multiple.is_some()),
            ("--answers", self.answers),
            ("--no-answers", self.no_answers),
            ("--footer", self.footer.is_some()),
            ("--start-number", self.start_number.is_some()),
        ]
        .into_iter()
        .find_map(|(flag, given)| given.then_some(flag))
    }
}

/// The formats a book is written in: what an output file's extension can
/// ask of `print` (png is for `--each`, by `--format` only).
pub const BOOK_FORMATS: &[Named<Format>] =
    &[(Format::Pdf, "pdf", "One PDF file"), (Format::Svg, "svg", "One SVG file per page")];

/// A puzzle read from the input, and where.
struct Source {
    name: String,
    line: usize,
    puzzle: Grid,
    meta: ItemMeta,
}

/// Runs `sudoku print`.
pub fn run(args: PrintArgs) -> anyhow::Result<ExitCode> {
    let variant = args.source.input == sudoku_io::InputFormat::Auto
        && crate::cmd::solve::variant::input_is_variant(&args.source.files, false)?;
    if let Some(dir) = &args.each {
        return write_each(&args, dir, variant);
    }
    let spec = args.source.spec()?;
    let output = args.output.path();
    let format = pick_format(args.format, output, Format::Pdf, BOOK_FORMATS)?;
    if variant {
        return print_variants(&args, format);
    }
    let opts = args.page.options(None)?;
    let csv_path = args.csv.as_deref().filter(|p| p.as_os_str() != "-");
    // Every output of the run is a different file (by identity: a symlink
    // or `./a.csv` is the same file as `a.csv`; a page set claims the names
    // of its pages).
    check_book_outputs(output, format == Format::Svg, args.csv.as_ref().map(|_| csv_path))?;
    let target = BookOutput::open(format, output, args.output.force)?;
    let mut csv_out = args.csv.as_ref().map(|_| OutFile::create(csv_path, args.output.force)).transpose()?;
    let (items, pool, sources) = read_and_solve(&args, &spec)?;
    pool.install(|| check_minimal(&args, &classic_puzzles(&items)?, &sources))?;
    sudoku_print::check_sections(&items).context("the input's section column")?;
    if let Some(csv) = &mut csv_out {
        let index = sudoku_print::index(&items, &opts);
        let rows: Vec<PrintRow> = items
            .iter()
            .zip(sources)
            .map(|(item, source)| PrintRow::new(&item.puzzle, &item.solution, &item.meta, source))
            .collect();
        let header = format!("{},{}\n", BOOK_COLUMNS.join(","), PRINT_CSV_COLUMNS.join(","));
        write_book_csv(csv, &index, &rows, &header)?;
    }
    target.write(&items, &opts)?;
    if let Some(csv) = csv_out {
        csv.finish()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a book's index as CSV to `out`: each row's [`BookColumns`] (from
/// the layout's `index`), then the row; `rows` are in book order. An empty
/// book writes `empty_header` alone.
pub fn write_book_csv<R: Serialize>(
    out: &mut impl Write,
    index: &BookIndex,
    rows: &[R],
    empty_header: &str,
) -> anyhow::Result<()> {
    if index.placements.len() != rows.len() {
        bail!("internal: {} rows for a book of {} puzzles", rows.len(), index.placements.len());
    }
    let columns =
        index.placements.iter().map(|p| BookColumns::new(p.number, &p.section, p.page, p.answer_page));
    let bytes = book_csv(columns, rows, empty_header).context("cannot write the CSV")?;
    out.write_all(&bytes).context("cannot write the CSV")
}

/// Every puzzle of the input, solved for the answer key, on `--jobs`
/// threads (also handed back for more work), and where each was read
/// (`FILE:LINE`).
fn read_and_solve(
    args: &PrintArgs,
    spec: &InputSpec,
) -> anyhow::Result<(Vec<PrintItem>, rayon::ThreadPool, Vec<String>)> {
    let sources = read_puzzles(&args.source.files, spec)?;
    if sources.is_empty() {
        bail!("no puzzles in the input");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.output.jobs())
        .build()
        .context("cannot start worker threads")?;
    let items = pool.install(|| solve_all(&sources, args.output.quiet))?;
    let places = sources.iter().map(|s| format!("{}:{}", s.name, s.line)).collect();
    Ok((items, pool, places))
}

/// `print --each DIR`: one image per puzzle (and solution, with
/// `--answers`), each file written atomically; files that exist are an
/// error without `--force`, checked before any is written.
fn write_each(args: &PrintArgs, dir: &Path, variant: bool) -> anyhow::Result<ExitCode> {
    let format = args.format.unwrap_or(Format::Svg);
    if format == Format::Pdf {
        bail!("--each writes svg or png images: --format svg or png");
    }
    if let Some(flag) = args.page.first_given().filter(|f| !["--answers", "--start-number"].contains(f)) {
        bail!("{flag} shapes a book's pages: --each draws grids alone");
    }
    let opts = args.page.options(None)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.output.jobs())
        .build()
        .context("cannot start worker threads")?;
    // An answer image only when asked for.
    let images = if variant {
        let (sections, sources) = read_variant_sections(args)?;
        let puzzles: Vec<sudoku_variant::Puzzle> =
            sections.iter().flat_map(|s| &s.items).map(|i| i.puzzle.clone()).collect();
        pool.install(|| check_minimal(args, &puzzles, &sources))?;
        sudoku_print::variant::variant_images(&sections, &opts, args.page.answers)
    } else {
        let (items, _, sources) = read_and_solve(args, &args.source.spec()?)?;
        pool.install(|| check_minimal(args, &classic_puzzles(&items)?, &sources))?;
        sudoku_print::images(&items, &opts, args.page.answers)
    };
    let ext = if format == Format::Png { "png" } else { "svg" };
    let name = |image: &sudoku_print::Image| {
        let kind = if image.answer { "solution" } else { "puzzle" };
        dir.join(format!("{kind}-{:04}.{ext}", image.number))
    };
    let paths: Vec<PathBuf> = images.iter().map(name).collect();
    // The images of an older set in DIR that the new one does not replace
    // (its puzzles past the new count, its solutions): removed when the new
    // set is put in place, so that solution N always answers puzzle N.
    let stale = stale_files(
        &dir.join("puzzle"),
        |n| numbered(n, "puzzle", ext) || numbered(n, "solution", ext),
        &paths,
    )?;
    if !args.output.force {
        if let Some(existing) = paths.iter().find(|p| p.exists()) {
            bail!("{} already exists (use --force to replace it)", existing.display());
        }
        if let Some(old) = stale.first() {
            bail!("{} is an image of an older set (use --force to remove it)", old.display());
        }
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot make the directory {}", dir.display()))?;
    let dpi = args.dpi.unwrap_or(300);
    let files: Vec<anyhow::Result<Vec<u8>>> = pool.install(|| {
        images
            .par_iter()
            .map(|image| match format {
                Format::Png => Ok(sudoku_print::svg_to_png(&image.svg, dpi)?),
                _ => Ok(image.svg.clone().into_bytes()),
            })
            .collect()
    });
    // One file open at a time (a finished file is closed and staged, so a
    // set of thousands stays within the open-file limit); all of them are
    // put in place together when the run succeeds.
    for (path, bytes) in paths.iter().zip(files) {
        let mut out = OutFile::create(Some(path), args.output.force)?;
        out.write_all(&bytes?).with_context(|| format!("cannot write {}", path.display()))?;
        out.finish()?;
    }
    stale.into_iter().for_each(crate::commit::remove);
    if !args.output.quiet {
        eprintln!("sudoku: {} images in {}", images.len(), dir.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Where a book goes: one PDF (a file or stdout), or one SVG file per page.
/// Opened before the book is made, so a file that exists (without
/// `--force`) or a terminal stops the run before any work is done.
pub enum BookOutput {
    /// One PDF.
    Pdf(OutFile),
    /// SVG pages named after `path` by [`page_paths`].
    Svg {
        /// The name the page names derive from.
        path: PathBuf,
        /// Whether existing pages may be replaced, and stale ones removed.
        force: bool,
    },
}

impl BookOutput {
    /// Checks and opens the destination of a `format` book: `output` (`None`
    /// is stdout, for PDF only, and never a terminal).
    pub fn open(format: Format, output: Option<&Path>, force: bool) -> anyhow::Result<BookOutput> {
        match (format, output) {
            (Format::Svg, None) => bail!("--format svg writes one file per page: give --output FILE"),
            (Format::Svg, Some(path)) => {
                // The pages are named after the file: a directory (or a
                // name ending in `/`) would put them beside it.
                let slash = path
                    .as_os_str()
                    .as_encoded_bytes()
                    .last()
                    .is_some_and(|&b| std::path::is_separator(b.into()));
                if path.is_dir() || slash || path.file_stem().is_none() {
                    bail!(
                        "{} names a directory: --format svg names its pages after a file, give one in it \
                         ({} writes book-0001.svg, book-0002.svg …)",
                        path.display(),
                        path.join("book.svg").display()
                    );
                }
                Ok(BookOutput::Svg { path: path.to_path_buf(), force })
            }
            (Format::Png, _) => bail!("png is for single images: --each DIR --format png"),
            (Format::Pdf, None) if io::stdout().is_terminal() => {
                bail!("refusing to write a PDF to a terminal: give --output FILE or redirect stdout")
            }
            (Format::Pdf, output) => Ok(BookOutput::Pdf(OutFile::create(output, force)?)),
            (format, _) => bail!("internal: {format:?} is not a book's format"),
        }
    }

    /// Renders `items` with `opts` and writes the book: a PDF, or its SVG
    /// pages, each to a temporary file, put in place with the run's other
    /// outputs when the run succeeds ([`crate::commit`]); the pages of an
    /// older set that the new one does not replace are removed in the same
    /// step.
    pub fn write(self, items: &[PrintItem], opts: &PrintOptions) -> anyhow::Result<()> {
        self.write_rendered(
            || sudoku_print::render_pdf(items, opts),
            || sudoku_print::render_svg(items, opts),
        )
    }

    /// Writes a book rendered by `pdf` or `svg` (whichever this output
    /// takes), as [`BookOutput::write`] does.
    pub fn write_rendered(
        self,
        pdf: impl FnOnce() -> Vec<u8>,
        svg: impl FnOnce() -> Vec<String>,
    ) -> anyhow::Result<()> {
        match self {
            BookOutput::Pdf(mut out) => {
                let bytes = pdf();
                out.write_all(&bytes).context("cannot write the PDF")?;
                out.finish()
            }
            BookOutput::Svg { path, force } => {
                let pages = svg();
                let paths = page_paths(&path, pages.len());
                let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                let stale = stale_files(&path, |name| numbered(name, &stem, "svg"), &paths)?;
                if !force {
                    if let Some(existing) = paths.iter().find(|p| p.exists()) {
                        bail!("{} already exists (use --force to replace the set)", existing.display());
                    }
                    if let Some(old) = stale.first() {
                        bail!(
                            "{} is a page of an older set with this name (use --force to remove it)",
                            old.display()
                        );
                    }
                }
                // One page open at a time: a finished page is closed.
                for (page, path) in pages.iter().zip(&paths) {
                    let mut out = OutFile::create(Some(path), force)?;
                    out.write_all(page.as_bytes())
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    out.finish()?;
                }
                stale.into_iter().for_each(crate::commit::remove);
                Ok(())
            }
        }
    }
}

/// `book.svg` → `book-0001.svg` …: page numbers always have four digits
/// (more only past 9999 pages), so sets never mix and files sort in page
/// order; any other extension, or none, is replaced by `.svg`.
pub fn page_paths(path: &Path, n_pages: usize) -> Vec<PathBuf> {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    (1..=n_pages).map(|page| path.with_file_name(format!("{stem}-{page:04}.svg"))).collect()
}

/// Whether `name` is `PREFIX-DIGITS.EXT` (a page or image of a numbered
/// set, any padding).
fn numbered(name: &str, prefix: &str, ext: &str) -> bool {
    name.strip_prefix(prefix)
        .and_then(|rest| rest.strip_prefix('-'))
        .and_then(|rest| rest.strip_suffix(ext))
        .and_then(|rest| rest.strip_suffix('.'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The files beside `path` (in its directory) whose names are members of
/// an older set (`is_member`) that `new_files` would not replace.
fn stale_files(
    path: &Path,
    is_member: impl Fn(&str) -> bool,
    new_files: &[PathBuf],
) -> anyhow::Result<Vec<PathBuf>> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read the directory {}", dir.display())),
    };
    let mut stale = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read the directory {}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let file = path.with_file_name(&name);
        if is_member(&name) && !new_files.contains(&file) {
            stale.push(file);
        }
    }
    stale.sort();
    Ok(stale)
}

/// Every record of the inputs; the first malformed one is an error.
fn read_puzzles(files: &[PathBuf], input: &InputSpec) -> anyhow::Result<Vec<Source>> {
    let mut sources = Vec::new();
    for path in input_paths(files) {
        for record in open_records(path, input)? {
            let puzzle = record.grid?;
            let meta = ItemMeta::from_fields(&record.meta);
            sources.push(Source { name: record.source.to_string(), line: record.line, puzzle, meta });
        }
    }
    Ok(sources)
}

/// Solves every puzzle (in parallel, on the current pool) for the answer
/// key ([`classic_items`]); warns of repeated puzzles and of puzzles with
/// several solutions unless `quiet`.
fn solve_all(sources: &[Source], quiet: bool) -> anyhow::Result<Vec<PrintItem>> {
    let puzzles = sources.iter().map(|s| (s.puzzle, s.meta.clone())).collect();
    let solved = classic_items(puzzles).map_err(|e| {
        let first = &sources[e.indices[0]];
        let more = match e.indices.len() {
            1 => String::new(),
            n => format!(" (and {} more puzzles)", n - 1),
        };
        anyhow::anyhow!("{}:{}: {e}{more}", first.name, first.line)
    })?;
    if !quiet {
        for (idx, first_idx) in repeats(sources.iter().map(|s| &s.puzzle)) {
            let (source, first) = (&sources[idx], &sources[first_idx]);
            eprintln!(
                "sudoku: warning: {}:{}: the same puzzle as {}:{} up to symmetry and relabelling",
                source.name, source.line, first.name, first.line
            );
        }
        for &idx in &solved.several {
            let source = &sources[idx];
            eprintln!(
                "sudoku: warning: {}:{}: more than one solution; the answer key shows one",
                source.name, source.line
            );
        }
    }
    Ok(solved.items)
}

/// `print` on variant puzzles (JSON records, links, lines of other sizes):
/// each puzzle is solved (it must have exactly one solution, for the answer
/// key), consecutive puzzles of one variant make a section with its rules
/// printed once, and the book is written as PDF or SVG pages, with its
/// index as CSV when asked.
fn print_variants(args: &PrintArgs, format: Format) -> anyhow::Result<ExitCode> {
    use sudoku_print::variant::{check_variant_book, render_variant_pdf, render_variant_svg, variant_index};
    let opts = args.page.options(None)?;
    let output = args.output.path();
    let csv_path = args.csv.as_deref().filter(|p| p.as_os_str() != "-");
    check_book_outputs(output, format == Format::Svg, args.csv.as_ref().map(|_| csv_path))?;
    let target = BookOutput::open(format, output, args.output.force)?;
    let mut csv_out = args.csv.as_ref().map(|_| OutFile::create(csv_path, args.output.force)).transpose()?;
    let (sections, sources) = read_variant_sections(args)?;
    let puzzles: Vec<sudoku_variant::Puzzle> =
        sections.iter().flat_map(|s| &s.items).map(|i| i.puzzle.clone()).collect();
    check_minimal(args, &puzzles, &sources)?;
    check_variant_book(&sections, &opts)?;
    if let Some(csv) = &mut csv_out {
        let index = variant_index(&sections, &opts);
        let items = sections.iter().flat_map(|s| &s.items);
        let rows: Vec<VariantPrintRow> = items
            .zip(sources)
            .map(|(item, source)| VariantPrintRow::new(&item.puzzle, &item.solution, &item.meta, source))
            .collect();
        let header = format!("{},{}\n", BOOK_COLUMNS.join(","), VARIANT_PRINT_CSV_COLUMNS.join(","));
        write_book_csv(csv, &index, &rows, &header)?;
    }
    target
        .write_rendered(|| render_variant_pdf(&sections, &opts), || render_variant_svg(&sections, &opts))?;
    if let Some(csv) = csv_out {
        csv.finish()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Classic puzzles in the one puzzle model, for the checks written on it.
fn classic_puzzles(items: &[PrintItem]) -> anyhow::Result<Vec<sudoku_variant::Puzzle>> {
    items
        .iter()
        .map(|item| sudoku_variant::Puzzle::parse_line(&item.puzzle.to_line(), Some(9)))
        .collect::<Result<_, _>>()
        .context("internal: a classic puzzle as a variant one")
}

/// Each puzzle's redundant clues ([`redundant_clues`], on the current
/// pool): reported on stderr (unless `--quiet`), or with `--minimal` the
/// first such puzzle stops the run.
///
/// [`redundant_clues`]: sudoku_commands::variant::redundant_clues
fn check_minimal(
    args: &PrintArgs,
    puzzles: &[sudoku_variant::Puzzle],
    sources: &[String],
) -> anyhow::Result<()> {
    if args.output.quiet && !args.minimal {
        return Ok(());
    }
    let redundant: Vec<Vec<String>> =
        puzzles.par_iter().map(sudoku_commands::variant::redundant_clues).collect();
    for (clues, source) in redundant.iter().zip(sources).filter(|(clues, _)| !clues.is_empty()) {
        let shown = clues[..clues.len().min(3)].join(", ");
        let list = match clues.len() {
            n if n > 3 => format!("{shown} (and {} more)", n - 3),
            _ => shown,
        };
        if args.minimal {
            bail!("{source}: not minimal: without {list} the puzzle is still unique (--minimal refuses it)");
        }
        eprintln!("sudoku: warning: {source}: not minimal: it stays unique without {list}");
    }
    Ok(())
}

/// The variant puzzles of the input in sections (consecutive puzzles of
/// one variant), each solved for the key (exactly one solution, else the
/// record's place and why), and where each was read (`FILE:LINE`), in
/// book order.
fn read_variant_sections(
    args: &PrintArgs,
) -> anyhow::Result<(Vec<sudoku_print::variant::VariantSection>, Vec<String>)> {
    let mut items = Vec::new();
    let mut sources = Vec::new();
    for path in input_paths(&args.source.files) {
        for record in crate::cmd::solve::variant::open(path, sudoku_io::VariantSpec::default())? {
            let puzzle = record.puzzle?;
            let item = variant_item(puzzle, ItemMeta::default())
                .map_err(|why| anyhow::anyhow!("{}:{}: {why}", record.source, record.line))?;
            items.push(item);
            sources.push(format!("{}:{}", record.source, record.line));
        }
    }
    if sources.is_empty() {
        bail!("no puzzles in the input");
    }
    Ok((variant_sections(items), sources))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_pages_always_have_four_digits() {
        let paths = page_paths(Path::new("out/book.svg"), 12);
        assert_eq!(paths[0], Path::new("out/book-0001.svg"));
        assert_eq!(paths[11], Path::new("out/book-0012.svg"));
        assert_eq!(page_paths(Path::new("b.svg"), 3)[2], Path::new("b-0003.svg"));
        assert_eq!(page_paths(Path::new("b.pdf"), 1)[0], Path::new("b-0001.svg"));
        assert_eq!(page_paths(Path::new("b.svg"), 10_000)[9_999], Path::new("b-10000.svg"));
    }

    #[test]
    fn the_pages_of_an_older_set_are_found_whatever_their_padding() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b-1.svg", "b-0001.svg", "b-0003.svg", "b-x.svg", "bb-1.svg", "b-2.svg.bak"] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        let path = dir.path().join("b.svg");
        let stale = stale_files(&path, |n| numbered(n, "b", "svg"), &page_paths(&path, 2)).unwrap();
        let names: Vec<String> =
            stale.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
        assert_eq!(names, ["b-0003.svg", "b-1.svg"]);
    }
}
