//! Books from Python: `print_book` (also `sudoku.print`), the book `sudoku
//! print` writes, from the same puzzles and page options.
//!
//! Nothing here lays out a page: the puzzles are solved for the answer key
//! and the page options filled in by `sudoku_commands::book::print` (the
//! calls `sudoku print` makes), and the book is rendered by `sudoku-print`,
//! so the PDF and the SVG pages are byte for byte the CLI's.

use std::ffi::CString;

use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};
use rayon::prelude::*;
use sudoku_commands::book::print::{
    classic_items, repeats, variant_item, variant_sections, PageRequest, MAX_START_NUMBER,
    PAGES_MULTIPLE_MAX, PAGES_MULTIPLE_MIN,
};
use sudoku_commands::book::PRINT_FORMATS;
use sudoku_commands::choice::by_name;
use sudoku_commands::input::JsonRecords;
use sudoku_commands::{Choice, Format};
use sudoku_print::variant::{check_variant_book, render_variant_pdf, render_variant_svg};
use sudoku_print::{ItemMeta, OptionsError, PerPage, PrintOptions, Trim};

use crate::{batch, variant, Batch};

/// The keyword arguments of `print_book`: the flags of `sudoku print`
/// that shape a book, by the same names (`no_answers` is `answers=False`).
struct PrintArgs<'a> {
    /// `--format`: `"pdf"` or `"svg"`.
    format: &'a str,
    /// `--title`.
    title: Option<String>,
    /// `--subtitle`.
    subtitle: Option<String>,
    /// `--copyright` (a real new line, not `\n` as on the command line).
    copyright: Option<String>,
    /// `--footer`.
    footer: Option<String>,
    /// `--trim`.
    trim: Option<&'a str>,
    /// `--bleed`.
    bleed: bool,
    /// `--per-page`.
    per_page: Option<u32>,
    /// `--large-print`.
    large_print: bool,
    /// `--pages-multiple`.
    pages_multiple: Option<u32>,
    /// `--answers` (the default) or `--no-answers`.
    answers: bool,
    /// `--start-number`.
    start_number: Option<u64>,
}

impl PrintArgs<'_> {
    /// The book's format, as `--format` names it: a book is a PDF or SVG
    /// pages.
    fn format(&self) -> PyResult<Format> {
        match by_name(PRINT_FORMATS, self.format) {
            Some(format @ (Format::Pdf | Format::Svg)) => Ok(format),
            Some(_) => Err(PyValueError::new_err(format!(
                "format {:?}: a book is \"pdf\" or \"svg\" (png images of single puzzles are `sudoku print \
                 --each`'s)",
                self.format
            ))),
            None => {
                Err(PyValueError::new_err(format!("format {:?}: expected \"pdf\" or \"svg\"", self.format)))
            }
        }
    }

    /// The page options, checked as `sudoku print` checks its flags (the
    /// ranges clap checks there, then [`PageRequest::options`]).
    fn options(&self) -> PyResult<PrintOptions> {
        let trim = self
            .trim
            .map(|t| t.parse::<Trim>().map_err(|e| PyValueError::new_err(format!("trim: {e}"))))
            .transpose()?;
        let per_page = self
            .per_page
            .map(|n| {
                by_name(PerPage::CHOICES, &n.to_string())
                    .ok_or_else(|| PyValueError::new_err(format!("per_page {n}: expected 1, 2, 4 or 6")))
            })
            .transpose()?;
        if self.large_print && per_page.is_some() {
            return Err(PyValueError::new_err(
                "large_print and per_page: large print is one puzzle a page, give one of them",
            ));
        }
        if let Some(n) =
            self.pages_multiple.filter(|n| !(PAGES_MULTIPLE_MIN..=PAGES_MULTIPLE_MAX).contains(n))
        {
            return Err(PyValueError::new_err(format!(
                "pages_multiple {n}: expected {PAGES_MULTIPLE_MIN} to {PAGES_MULTIPLE_MAX}"
            )));
        }
        if let Some(n) = self.start_number.filter(|&n| n > MAX_START_NUMBER) {
            return Err(PyValueError::new_err(format!("start_number {n}: at most {MAX_START_NUMBER}")));
        }
        let request = PageRequest {
            trim,
            bleed: self.bleed,
            per_page,
            large_print: self.large_print,
            title: self.title.clone(),
            subtitle: self.subtitle.clone(),
            copyright: self.copyright.clone(),
            pages_multiple: self.pages_multiple,
            answers: self.answers,
            footer: self.footer.clone(),
            start_number: self.start_number,
        };
        request.options(None).map_err(options_error)
    }
}

/// A `ValueError` for options that make no usable book; a right-to-left
/// text is named by its keyword, as the CLI names its flag.
fn options_error(e: OptionsError) -> PyErr {
    match e {
        OptionsError::RightToLeft { field, .. } => PyValueError::new_err(format!("{field}: {e}")),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// A `UserWarning`: what `sudoku print` writes on stderr as a warning.
fn warn(py: Python<'_>, message: String) -> PyResult<()> {
    let message = CString::new(message).map_err(|e| PyValueError::new_err(format!("internal: {e}")))?;
    PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 1)
}

/// Prints a book, as `sudoku print` does: the PDF's bytes, or with
/// `format="svg"` a list of SVG pages (strings), byte for byte what the
/// CLI writes for the same puzzles and options. Also `sudoku.print`.
///
/// `puzzles` is what `solve` takes: classic puzzles (a list of strings in
/// any form `sudoku solve` reads, or a uint8 array of shape (n, 81)), or
/// variant records (`Puzzle` objects, strings of the JSON form, f-puzzles
/// objects or links, lines of another size than 9x9), told apart by the
/// first item as `solve` tells them. Classic puzzles are solved for the
/// answer key (its first solution for a puzzle with several, with a
/// `UserWarning`, as the CLI warns; a repeated puzzle warns too); a
/// variant puzzle needs exactly one solution, and consecutive puzzles of
/// one variant make a section with its rules printed once.
///
/// The keyword arguments are `sudoku print`'s page flags: `title`
/// (default "Sudoku"), `subtitle`, `copyright` (its text; new lines are
/// new lines), `footer`, `trim` ("a4" by default; "5x8" ... "8.5x11",
/// "a5", "letter", or "WxH" in inches or mm: "6.14x9.21in", "152x229mm"),
/// `bleed`, `per_page` (1, 2, 4 or 6; default 4, 2 on trims narrower
/// than 7 in), `large_print` (one puzzle a page, digits of 24 pt or
/// more; not with `per_page`), `pages_multiple` (2 to 64, default 2),
/// `answers` (the answer key, default True: False is `--no-answers`) and
/// `start_number` (default 1). The CLI's `--minimal` check, `--csv` and
/// `--each` are not here.
///
/// Raises `ParseError` (a `ValueError`) for a record that does not read,
/// naming it (`puzzles[I]:LINE:COL: ...`); `ValueError` for a puzzle
/// without a key (`puzzles[I]: no solution`, `puzzles[I]: the puzzle has
/// more than one solution` for a variant), an empty list, an unknown trim
/// or format, or options that make no usable book (grids too small, large
/// print that does not fit, right-to-left text, named by its keyword).
/// The rendering releases the GIL.
#[pyfunction]
#[pyo3(signature = (puzzles, *, format = "pdf", title = None, subtitle = None, copyright = None, footer = None, trim = None, bleed = false, per_page = None, large_print = false, pages_multiple = None, answers = true, start_number = None))]
#[allow(clippy::too_many_arguments)] // Python keyword arguments, mirroring the CLI's flags.
pub fn print_book<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    format: &str,
    title: Option<String>,
    subtitle: Option<String>,
    copyright: Option<String>,
    footer: Option<String>,
    trim: Option<&str>,
    bleed: bool,
    per_page: Option<u32>,
    large_print: bool,
    pages_multiple: Option<u32>,
    answers: bool,
    start_number: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let args = PrintArgs {
        format,
        title,
        subtitle,
        copyright,
        footer,
        trim,
        bleed,
        per_page,
        large_print,
        pages_multiple,
        answers,
        start_number,
    };
    let format = args.format()?;
    let opts = args.options()?;
    let book = if variant::is_variant_batch(puzzles, JsonRecords::Variant)? {
        variant_book(py, puzzles)?
    } else {
        classic_book(py, puzzles)?
    };
    book.check(&opts)?;
    match format {
        Format::Pdf => {
            let bytes = py.detach(|| book.pdf(&opts));
            Ok(PyBytes::new(py, &bytes).into_any())
        }
        _ => {
            let pages = py.detach(|| book.svg(&opts));
            Ok(PyList::new(py, pages)?.into_any())
        }
    }
}

/// A book's puzzles with their answer keys: classic, or variant sections.
enum Book {
    Classic(Vec<sudoku_print::PrintItem>),
    Variant(Vec<sudoku_print::variant::VariantSection>),
}

impl Book {
    /// `sudoku print`'s checks of the book against its options.
    fn check(&self, opts: &PrintOptions) -> PyResult<()> {
        match self {
            Book::Classic(items) => sudoku_print::check_sections(items),
            Book::Variant(sections) => check_variant_book(sections, opts),
        }
        .map_err(options_error)
    }

    fn pdf(&self, opts: &PrintOptions) -> Vec<u8> {
        match self {
            Book::Classic(items) => sudoku_print::render_pdf(items, opts),
            Book::Variant(sections) => render_variant_pdf(sections, opts),
        }
    }

    fn svg(&self, opts: &PrintOptions) -> Vec<String> {
        match self {
            Book::Classic(items) => sudoku_print::render_svg(items, opts),
            Book::Variant(sections) => render_variant_svg(sections, opts),
        }
    }
}

/// `puzzles[I]` and, for more than one, how many more.
fn named(what: &str, indices: &[usize]) -> String {
    let more = match indices.len() {
        0 | 1 => String::new(),
        n => format!(" (and {} more puzzles)", n - 1),
    };
    format!("puzzles[{}]: {what}{more}", indices.first().copied().unwrap_or(0))
}

/// A classic book: each puzzle solved for the key (the first puzzle
/// without a solution raises `ValueError`, as the CLI stops), with a
/// `UserWarning` for each repeated puzzle and each puzzle with several
/// solutions, as the CLI warns on stderr.
fn classic_book(py: Python<'_>, puzzles: &Bound<'_, PyAny>) -> PyResult<Book> {
    let Batch { grids, .. } = batch(puzzles)?;
    if grids.is_empty() {
        return Err(PyValueError::new_err("no puzzles: a book needs at least one"));
    }
    let input = grids.iter().map(|&g| (g, ItemMeta::default())).collect();
    let (solved, repeated) = py.detach(|| (classic_items(input), repeats(&grids)));
    let solved = solved.map_err(|e| PyValueError::new_err(named(&e.to_string(), &e.indices)))?;
    for (idx, first_idx) in repeated {
        warn(
            py,
            format!("puzzles[{idx}]: the same puzzle as puzzles[{first_idx}] up to symmetry and relabelling"),
        )?;
    }
    for idx in solved.several {
        warn(py, format!("puzzles[{idx}]: more than one solution; the answer key shows one"))?;
    }
    Ok(Book::Classic(solved.items))
}

/// A variant book: each record solved for the key (it must have exactly
/// one solution, else `ValueError` naming the first that has not), the
/// runs of one variant in sections.
fn variant_book(py: Python<'_>, puzzles: &Bound<'_, PyAny>) -> PyResult<Book> {
    let records = variant::items(puzzles, Default::default())?;
    let puzzles: Vec<_> = records.into_iter().map(variant::Item::into_puzzle).collect();
    let solved: Vec<_> =
        py.detach(|| puzzles.into_par_iter().map(|p| variant_item(p, ItemMeta::default())).collect());
    // The first record without a key in input order, as the CLI reads them.
    let items = solved
        .into_iter()
        .enumerate()
        .map(|(i, item)| item.map_err(|why| PyValueError::new_err(format!("puzzles[{i}]: {why}"))))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Book::Variant(variant_sections(items)))
}
