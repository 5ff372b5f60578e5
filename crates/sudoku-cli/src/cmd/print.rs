//! `sudoku print`: a printable puzzle book (PDF, or SVG pages) with an
//! answer key, from puzzles in any input format.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use sudoku_core::Grid;

use crate::input::{InputArgs, InputSpec};
use crate::output::Output;
use crate::pipeline::{input_paths, open_records};
use crate::print::{self, ItemMeta, Paper, PerPage, PrintItem, PrintOptions};

/// Arguments of `sudoku print`.
#[derive(Debug, Args)]
#[command(after_long_help = PRINT_AFTER_HELP)]
pub struct PrintArgs {
    /// Where the puzzles come from.
    #[command(flatten)]
    pub source: InputArgs,

    /// Write to FILE (atomically); `-` or none is stdout (PDF only). The
    /// format follows FILE's extension (.pdf, .svg) unless --format is given.
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub output: Option<PathBuf>,

    /// Output format [default: from the extension of --output, else pdf].
    #[arg(long, short = 'f', value_enum, value_name = "FORMAT")]
    pub format: Option<PrintFormat>,

    /// How the pages look.
    #[command(flatten)]
    pub page: PrintFlags,

    /// Overwrite output files that exist.
    #[arg(long)]
    pub force: bool,
}

const PRINT_AFTER_HELP: &str = "\
The book: puzzle pages (1, 2, 4 or 6 puzzles a page, each numbered, with its
band and rating when the input carries them), then the answer key (20 smaller
solutions a page, numbered to match, givens in black). Every footer holds the
title and the page number. Margins are 15 mm, safe for home printers.

PDF: vector graphics and one font, DejaVu Sans, embedded as a subset (print-on-
demand services reject unembedded fonts); text is searchable. DejaVu Sans
covers Latin, Greek and Cyrillic; other characters of a title print as boxes.
The same input and options give a byte-identical file.

SVG: one file per page, same layout. `-o book.svg` writes book-1.svg, book-2.svg
and so on; the number is zero-padded to the width of the page count
(book-01.svg … book-12.svg) so the files sort in page order, and the
extension is always .svg (--format svg -o book.pdf writes book-1.svg …).

Every puzzle is solved for the answer key; a puzzle without a solution stops
the run (FILE:LINE: no solution), and one with several solutions is reported
on stderr (the key shows one).

Exit codes: 0 the book was written; 2 usage, I/O or input error, or a puzzle
without a solution.

Examples:
  sudoku print puzzles.txt -o book.pdf
  sudoku print puzzles.txt --paper letter --per-page 6 --title 'Holiday set' -o book.pdf
  sudoku print puzzles.txt --no-answers --format svg -o pages/book.svg";

/// The page options shared by every command that makes a book (`sudoku
/// print`, `sudoku generate -o book.pdf`, `sudoku book`).
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Page options (PDF and SVG)")]
pub struct PrintFlags {
    /// Paper size.
    #[arg(long, value_enum, value_name = "PAPER", default_value_t = Paper::A4)]
    pub paper: Paper,

    /// Puzzles per page.
    #[arg(long, value_enum, value_name = "N", default_value_t = PerPage::Four)]
    pub per_page: PerPage,

    /// The book's title, printed in every page's footer.
    #[arg(long, value_name = "TEXT", default_value = print::DEFAULT_TITLE)]
    pub title: String,

    /// End the book with the answer key (the default).
    #[arg(long, overrides_with = "no_answers")]
    pub answers: bool,

    /// Leave the answer key out.
    #[arg(long, overrides_with = "answers")]
    pub no_answers: bool,

    /// The number of the first puzzle.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub start_number: u64,
}

impl PrintFlags {
    /// The print options these flags ask for; `seed` goes in every footer.
    pub fn options(&self, seed: Option<String>) -> PrintOptions {
        PrintOptions {
            paper: self.paper,
            per_page: self.per_page,
            title: self.title.clone(),
            answers: !self.no_answers,
            start_number: self.start_number,
            seed,
        }
    }
}

/// Output formats of `sudoku print`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PrintFormat {
    /// One PDF file.
    Pdf,
    /// One SVG file per page.
    Svg,
}

/// A puzzle read from the input, and where.
struct Source {
    name: String,
    line: usize,
    puzzle: Grid,
    meta: ItemMeta,
}

/// Runs `sudoku print`.
pub fn run(args: PrintArgs) -> anyhow::Result<ExitCode> {
    let output = args.output.as_deref().filter(|p| p.as_os_str() != "-");
    let format = match (args.format, output) {
        (Some(f), _) => f,
        (None, None) => PrintFormat::Pdf,
        (None, Some(path)) => format_of(path)?,
    };
    let target = BookOutput::open(format, output, args.force)?;
    let sources = read_puzzles(&args.source.files, &args.source.spec())?;
    if sources.is_empty() {
        bail!("no puzzles in the input");
    }
    let items = solve_all(&sources)?;
    target.write(&items, &args.page.options(None))?;
    Ok(ExitCode::SUCCESS)
}

/// Where a book goes: one PDF (a file or stdout), or one SVG file per page.
/// Opened before the book is made, so a file that exists (without
/// `--force`) or a terminal stops the run before any work is done.
pub enum BookOutput {
    /// One PDF.
    Pdf(Output),
    /// SVG pages named after `path` by [`page_paths`].
    Svg {
        /// The name the page names derive from.
        path: PathBuf,
        /// Whether existing pages may be replaced.
        force: bool,
    },
}

impl BookOutput {
    /// Checks and opens the destination of a `format` book: `output` (`None`
    /// or `-` is stdout, for PDF only, and never a terminal).
    pub fn open(format: PrintFormat, output: Option<&Path>, force: bool) -> anyhow::Result<BookOutput> {
        let output = output.filter(|p| p.as_os_str() != "-");
        match (format, output) {
            (PrintFormat::Svg, None) => bail!("--format svg writes one file per page: give --output FILE"),
            (PrintFormat::Svg, Some(path)) => Ok(BookOutput::Svg { path: path.to_path_buf(), force }),
            (PrintFormat::Pdf, None) if io::stdout().is_terminal() => {
                bail!("refusing to write a PDF to a terminal: give --output FILE or redirect stdout")
            }
            (PrintFormat::Pdf, output) => Ok(BookOutput::Pdf(Output::open(output, force)?)),
        }
    }

    /// Renders `items` with `opts` and writes the book (atomically).
    pub fn write(self, items: &[PrintItem], opts: &PrintOptions) -> anyhow::Result<()> {
        match self {
            BookOutput::Pdf(mut out) => {
                let bytes = print::render_pdf(items, opts);
                out.write_all(&bytes).context("cannot write the PDF")?;
                out.finish()
            }
            BookOutput::Svg { path, force } => {
                let pages = print::render_svg(items, opts);
                let paths = page_paths(&path, pages.len());
                if !force {
                    if let Some(existing) = paths.iter().find(|p| p.exists()) {
                        bail!("{} already exists (use --force to overwrite it)", existing.display());
                    }
                }
                for (page, path) in pages.iter().zip(&paths) {
                    let mut out = Output::open(Some(path), force)?;
                    out.write_all(page.as_bytes())
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    out.finish()?;
                }
                Ok(())
            }
        }
    }
}

/// The format named by `path`'s extension.
fn format_of(path: &Path) -> anyhow::Result<PrintFormat> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("pdf") => Ok(PrintFormat::Pdf),
        Some("svg") => Ok(PrintFormat::Svg),
        _ => {
            bail!("cannot tell the format from the name {}: use --format pdf or --format svg", path.display())
        }
    }
}

/// `book.svg` → `book-1.svg` … (zero-padded to the width of `n_pages`);
/// any other extension, or none, is replaced by `.svg`.
pub fn page_paths(path: &Path, n_pages: usize) -> Vec<PathBuf> {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let width = n_pages.to_string().len();
    (1..=n_pages).map(|page| path.with_file_name(format!("{stem}-{page:0width$}.svg"))).collect()
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

/// Solves every puzzle (in parallel) for the answer key.
fn solve_all(sources: &[Source]) -> anyhow::Result<Vec<PrintItem>> {
    // The first two solutions: the key shows the first, a second one is
    // worth a warning.
    let solved: Vec<(Option<Grid>, bool)> = sources
        .par_iter()
        .map(|s| {
            let mut solutions = s.puzzle.solutions();
            let first = solutions.next();
            let several = first.is_some() && solutions.next().is_some();
            (first, several)
        })
        .collect();
    let unsolvable: Vec<&Source> =
        sources.iter().zip(&solved).filter(|(_, s)| s.0.is_none()).map(|(s, _)| s).collect();
    if let Some(first) = unsolvable.first() {
        let more = match unsolvable.len() {
            1 => String::new(),
            n => format!(" (and {} more puzzles)", n - 1),
        };
        bail!("{}:{}: no solution{more}", first.name, first.line);
    }
    let mut items = Vec::with_capacity(sources.len());
    for (source, (solution, several)) in sources.iter().zip(solved) {
        if several {
            eprintln!(
                "sudoku: warning: {}:{}: more than one solution; the answer key shows one",
                source.name, source.line
            );
        }
        let solution = solution.context("internal: an unsolved puzzle passed the check")?;
        items.push(PrintItem { puzzle: source.puzzle, solution, meta: source.meta.clone() });
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_pages_are_numbered_with_padding_to_the_page_count() {
        let paths = page_paths(Path::new("out/book.svg"), 12);
        assert_eq!(paths[0], Path::new("out/book-01.svg"));
        assert_eq!(paths[11], Path::new("out/book-12.svg"));
        assert_eq!(page_paths(Path::new("b.svg"), 3)[2], Path::new("b-3.svg"));
        assert_eq!(page_paths(Path::new("b.pdf"), 1)[0], Path::new("b-1.svg"));
    }

    #[test]
    fn the_format_follows_the_extension() {
        assert_eq!(format_of(Path::new("a.PDF")).unwrap(), PrintFormat::Pdf);
        assert_eq!(format_of(Path::new("a.svg")).unwrap(), PrintFormat::Svg);
        assert!(format_of(Path::new("a.txt")).is_err());
    }
}
