//! The book renderers in-process: a 1,000-puzzle book with its answer key
//! through `sudoku_print::render_pdf` (lay out, subset the font, compress,
//! write the bytes to memory) and `sudoku_print::render_svg`. Budget: the
//! PDF under 1 s.
//!
//! Until 2026-11-23 this bench timed `sudoku print` as a whole process
//! (start-up, reading, solving, rendering, writing the files); the renderers
//! were then part of the binary crate. Now only the renderer is timed: the
//! 1,000 `PrintItem`s are built once beforehand (parsed, then solved with
//! `sudoku_core::Solver`; that time is printed apart), and nothing is written
//! to disk, so the SVG row no longer includes one durable file per page.
//!
//! With `SUDOKU_BASELINE=path/to/sudoku`, this build's `sudoku print`
//! against that one's on the same puzzles, as whole processes
//! (`sudoku_bench::BaselineRun`), PDF and SVG.
//!
//! Puzzles: the first 1,000 of `../shared/datasets/solve/puzzles2_17_clue`
//! when present, else `fixtures/top95.txt` repeated to 1,000.

use std::path::Path;
use std::time::{Duration, Instant};

use sudoku_core::{Grid, Solver};
use sudoku_print::{PerPage, PrintItem, PrintOptions, Trim};

const N_PUZZLES: usize = 1000;
const N_RUNS: usize = 5;
const BUDGET: Duration = Duration::from_secs(1);

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (set, lines) = puzzles(&root);
    let t = Instant::now();
    let items = print_items(&lines);
    let build_time = t.elapsed();

    println!(
        "`sudoku_print` on {N_PUZZLES} puzzles ({set}), answers on, A4, 4 a page; in-process, \
         best and median of {N_RUNS} runs\n"
    );
    println!("| output | pages | size | best | median | budget |");
    println!("|---|---:|---:|---:|---:|---|");
    let a4_four = PrintOptions::default();
    let letter_six = PrintOptions { trim: Trim::LETTER, per_page: PerPage::Six, ..PrintOptions::default() };
    let kdp = PrintOptions {
        trim: Trim::inches(6.0, 9.0),
        bleed: true,
        copyright: Some("Copyright 2026".into()),
        ..PrintOptions::default()
    };
    // A book in four sections of 250, as `sudoku book --sections` makes.
    let mut sectioned = items.clone();
    for (i, item) in sectioned.iter_mut().enumerate() {
        item.meta.section = Some(["Easy", "Medium", "Hard", "Expert"][i * 4 / N_PUZZLES].to_string());
    }
    // The budget is the PDF's: the book `sudoku print` writes by default,
    // and a print-on-demand book with sections.
    let rows: [(&str, &[PrintItem], &PrintOptions, Output, bool); 4] = [
        ("pdf", &items, &a4_four, Output::Pdf, true),
        ("pdf, 6 a page, letter", &items, &letter_six, Output::Pdf, true),
        ("pdf, 6x9 with bleed, 4 sections, copyright page", &sectioned, &kdp, Output::Pdf, true),
        ("svg, one document a page", &items, &a4_four, Output::Svg, false),
    ];
    for (label, items, opts, output, budgeted) in rows {
        let mut times = Vec::with_capacity(N_RUNS + 1);
        let mut rendered = (0, 0);
        for _ in 0..=N_RUNS {
            let t = Instant::now();
            rendered = render(output, items, opts);
            times.push(t.elapsed());
        }
        times.remove(0); // warm-up
        times.sort();
        let (pages, bytes) = rendered;
        let best = times[0];
        let median = times[N_RUNS / 2];
        println!(
            "| {label} | {pages} | {:.0} KB | {:.3} s | {:.3} s | {} |",
            bytes as f64 / 1024.0,
            best.as_secs_f64(),
            median.as_secs_f64(),
            match (budgeted, median < BUDGET) {
                (false, _) => "-",
                (true, true) => "ok (< 1 s)",
                (true, false) => "OVER 1 s",
            }
        );
    }
    println!(
        "\nBuilding the {N_PUZZLES} items beforehand (parse, solve with one `Solver`): {:.3} s, not in the table.",
        build_time.as_secs_f64()
    );
    against_baseline(&lines);
}

/// With `SUDOKU_BASELINE` set: `sudoku print` of this build against the
/// baseline's, one job, as whole processes on the same puzzles (read,
/// solved, rendered and written; the 1,000 five times, so that a run lasts
/// long enough for 10 ms ticks): the PDF book and the SVG pages.
fn against_baseline(lines: &[String]) {
    let Some(run) = sudoku_bench::BaselineRun::from_env() else { return };
    run.print_header("`sudoku print`, one job");
    let (file, n) = run.write_lines("puzzles.txt", lines, 5 * N_PUZZLES);
    let (file, pdf, svg) = (file.to_string_lossy(), run.path("book.pdf"), run.path("book.svg"));
    let (pdf, svg) = (pdf.to_string_lossy(), svg.to_string_lossy());
    run.row(&["print", "--jobs", "1", "-q", "--force", "-o", &pdf, &file], n);
    run.row(&["print", "--jobs", "1", "-q", "--force", "-f", "svg", "-o", &svg, &file], n);
}

#[derive(Clone, Copy)]
enum Output {
    Pdf,
    Svg,
}

/// Renders the book; returns its pages and bytes (the PDF's page count, or
/// the number and total size of the SVG documents).
fn render(output: Output, items: &[PrintItem], opts: &PrintOptions) -> (usize, usize) {
    match output {
        Output::Pdf => {
            let bytes = sudoku_print::render_pdf(items, opts);
            let pages = bytes.windows(11).filter(|w| w == b"/Type /Page").count()
                - bytes.windows(12).filter(|w| w == b"/Type /Pages").count();
            (pages, bytes.len())
        }
        Output::Svg => {
            let pages = sudoku_print::render_svg(items, opts);
            (pages.len(), pages.iter().map(String::len).sum())
        }
    }
}

/// The book's items: each puzzle with the solution its answer key shows.
fn print_items(lines: &[String]) -> Vec<PrintItem> {
    let mut solver = Solver::new();
    lines
        .iter()
        .map(|line| {
            let puzzle = Grid::parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            let solution = solver.solve_one(&puzzle).unwrap_or_else(|| panic!("{line}: no solution"));
            PrintItem { puzzle, solution, meta: Default::default() }
        })
        .collect()
}

fn puzzles(root: &Path) -> (String, Vec<String>) {
    if let Some(dir) = sudoku_bench::datasets_dir() {
        let path = dir.join("solve/puzzles2_17_clue");
        if let Ok(lines) = sudoku_bench::read_puzzle_lines(&path) {
            if lines.len() >= N_PUZZLES {
                return ("puzzles2_17_clue".into(), lines[..N_PUZZLES].to_vec());
            }
        }
    }
    let lines =
        sudoku_bench::read_puzzle_lines(&root.join("fixtures/top95.txt")).expect("fixtures/top95.txt");
    ("fixtures/top95.txt, repeated".into(), lines.iter().cycle().take(N_PUZZLES).cloned().collect())
}
