//! `sudoku book --sections` with variant sections: each section made by
//! the library ([`make_section_book`]), printed as a variant book (its rules
//! once, its puzzles easiest first) with its index as CSV.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::bail;
use sudoku_commands::book::sections::{make_section_book, Checks, SectionBook, SECTION_CSV_COLUMNS};
use sudoku_commands::book::BOOK_COLUMNS;
use sudoku_commands::generate::TRIAL_FROM;
use sudoku_commands::Format;
use sudoku_gen::Symmetry;
use sudoku_print::variant::{check_variant_book, render_variant_pdf, render_variant_svg, variant_index};

use super::{summary, BookArgs};
use crate::args::pick_format;
use crate::cmd::print::{write_book_csv, BookOutput, BOOK_FORMATS};
use crate::out_file::{check_book_outputs, OutFile};
use crate::progress::Progress;

/// Makes and writes a book with variant sections.
pub fn run(args: &BookArgs) -> anyhow::Result<ExitCode> {
    let refused = [
        ("--pattern", args.pattern.is_some()),
        ("--technique", args.technique.is_some()),
        ("--symmetry", args.symmetry != Symmetry::None),
    ];
    if let Some((flag, _)) = refused.iter().find(|(_, given)| *given) {
        bail!("{flag} is for classic books: a book with variant sections takes none");
    }
    if let Some(s) = args.sections.iter().find(|s| args.no_trial && s.band.min_tenths() >= TRIAL_FROM) {
        bail!(
            "--no-trial with section {s}: every {} puzzle needs a trial (its ratings start at 8.0)",
            s.band
        );
    }
    let listed: Vec<String> = args.sections.iter().map(ToString::to_string).collect();
    let mut provenance =
        format!("Puzzles made with sudoku: seed {}, sections {}", args.seed, listed.join(","));
    if args.no_trial {
        provenance.push_str(", no trial");
    }
    if let Some(most) = args.max_spike {
        provenance.push_str(&format!(", spike at most {}.{}", most / 10, most % 10));
    }
    let opts = args.page.options(Some(provenance))?;
    let format = pick_format(None, Some(&args.output), Format::Pdf, BOOK_FORMATS)?;
    let output = Some(args.output.as_path()).filter(|p| p.as_os_str() != "-");
    let csv_path = Some(args.csv.as_path()).filter(|p| p.as_os_str() != "-");
    check_book_outputs(output, format == Format::Svg, Some(csv_path))?;
    let target = BookOutput::open(format, output, args.force)?;
    let mut csv = OutFile::create(csv_path, args.force)?;

    let total = args.sections.iter().map(|s| s.count).sum();
    let mut progress = Progress::new(Some(total), "puzzles", args.quiet);
    let abort = AtomicBool::new(false);
    let checks = Checks { no_trial: args.no_trial, max_spike: args.max_spike };
    let book = make_section_book(args.seed, &args.sections, checks, &abort, |done| progress.set(done))
        .map_err(|(section, e)| anyhow::Error::new(e).context(format!("section {section}")))?;
    progress.finish();
    let SectionBook { sections: book, rows } = book;
    check_variant_book(&book, &opts)?;
    let index = variant_index(&book, &opts);
    let header = format!("{},{}\n", BOOK_COLUMNS.join(","), SECTION_CSV_COLUMNS.join(","));
    write_book_csv(&mut csv, &index, &rows, &header)?;
    target.write_rendered(|| render_variant_pdf(&book, &opts), || render_variant_svg(&book, &opts))?;
    csv.finish()?;
    if !args.quiet {
        eprintln!("{}", summary(&args.output, &index, &args.csv));
    }
    Ok(ExitCode::SUCCESS)
}
