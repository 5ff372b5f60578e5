//! `sudoku cover`: the wrap-around cover PDF of a printed book.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use sudoku_print::trim::INCH;
use sudoku_print::{CoverOptions, PaperStock, Trim};

use crate::out_file::OutFile;

/// Arguments of `sudoku cover`.
#[derive(Debug, Args)]
#[command(after_long_help = COVER_AFTER_HELP)]
pub struct CoverArgs {
    /// The book's PDF: its page count and trim size (its first page's
    /// TrimBox) size the cover. Instead of --trim and --pages.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["trim", "pages"],
          value_hint = clap::ValueHint::FilePath)]
    pub book: Option<PathBuf>,

    /// The book's trim size: 5x8, 5.25x8, 5.5x8.5, 6x9, 7x10, 8x10,
    /// 8.25x11, 8.5x11, a4, a5, letter, or WxH in inches or mm [default:
    /// 6x9].
    #[arg(long, value_name = "SIZE", value_parser = parse_trim)]
    pub trim: Option<Trim>,

    /// The book's page count (without --book).
    #[arg(long, value_name = "N", required_unless_present = "book",
          value_parser = clap::value_parser!(u32).range(1..=2000))]
    pub pages: Option<u32>,

    /// The interior paper, which sets the spine's width: white (0.002252 in
    /// a page) or cream (0.0025 in a page).
    #[arg(long, value_name = "STOCK", default_value = "white", value_parser = parse_stock)]
    pub paper_stock: PaperStock,

    /// The title, on the front and on the spine.
    #[arg(long, value_name = "TEXT", default_value = sudoku_print::DEFAULT_TITLE)]
    pub title: String,

    /// A line under the title on the front.
    #[arg(long, value_name = "TEXT")]
    pub subtitle: Option<String>,

    /// The cover PDF (atomically).
    #[arg(long, short = 'o', value_name = "FILE", default_value = "cover.pdf",
          value_hint = clap::ValueHint::FilePath)]
    pub output: PathBuf,

    /// Replace the output if it exists.
    #[arg(long)]
    pub force: bool,

    /// Say nothing on stderr but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

const COVER_AFTER_HELP: &str = "\
One page: back cover, spine and front cover side by side, with 0.125 in of
bleed all round, as print-on-demand services take it. Its width is twice the
trim width plus the spine plus bleed; the spine is the page count times the
paper's thickness. The front carries the title, the subtitle and a puzzle;
the spine the title, reading top to bottom, on books of 80 pages or more
(thinner spines are too narrow to print on); the back is left for the
service's barcode. The PDF's TrimBox is the cover less bleed.

Exit codes: 0 the cover was written; 2 usage or I/O error, or a --book that
cannot be read; then no file is written.

Examples:
  sudoku cover --trim 6x9 --pages 120 --paper-stock cream --title 'Sudoku' -o cover.pdf
  sudoku book --sections easy:40,medium:80 --trim 6x9 -o book.pdf
  sudoku cover --book book.pdf --title 'Sudoku' --subtitle '120 puzzles' -o cover.pdf";

fn parse_trim(s: &str) -> Result<Trim, String> {
    s.parse::<Trim>().map_err(|e| e.to_string())
}

fn parse_stock(s: &str) -> Result<PaperStock, String> {
    s.parse()
}

/// Runs `sudoku cover`.
pub fn run(args: CoverArgs) -> anyhow::Result<ExitCode> {
    let (trim, pages) = match &args.book {
        Some(book) => read_book(book)?,
        None => (args.trim.unwrap_or(Trim::inches(6.0, 9.0)), args.pages.unwrap_or(1) as usize),
    };
    let opts = CoverOptions {
        trim,
        pages,
        stock: args.paper_stock,
        title: args.title.clone(),
        subtitle: args.subtitle.clone(),
    };
    let mut out = OutFile::create(Some(&args.output), args.force)?;
    out.write_all(&sudoku_print::render_cover_pdf(&opts)).context("cannot write the cover")?;
    out.finish()?;
    if !args.quiet {
        let spine = sudoku_print::cover::spine_width(pages, args.paper_stock) / INCH;
        eprintln!(
            "sudoku: cover for {pages} pages of {trim}, {} paper: spine {spine:.3} in",
            args.paper_stock
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The trim size (the first page's TrimBox, else its MediaBox) and page
/// count of a book's PDF.
fn read_book(path: &Path) -> anyhow::Result<(Trim, usize)> {
    let doc =
        lopdf::Document::load(path).with_context(|| format!("cannot read {} as a PDF", path.display()))?;
    let pages = doc.get_pages();
    let first = *pages.values().next().with_context(|| format!("{} has no pages", path.display()))?;
    let page = doc.get_dictionary(first).context("cannot read the first page")?;
    let rect = ["TrimBox", "MediaBox"]
        .iter()
        .find_map(|key| page.get(key.as_bytes()).ok()?.as_array().ok().cloned())
        .with_context(|| format!("{}: the first page has no TrimBox or MediaBox", path.display()))?;
    let v: Vec<f32> = rect.iter().filter_map(|o| o.as_float().ok()).collect();
    if v.len() != 4 {
        bail!("{}: the first page's box is not four numbers", path.display());
    }
    let trim = Trim { width: (v[2] - v[0]).abs(), height: (v[3] - v[1]).abs() };
    if trim.width < 3.0 * INCH || trim.height < 3.0 * INCH {
        bail!("{}: a {trim} page is too small for a book", path.display());
    }
    Ok((trim, pages.len()))
}
