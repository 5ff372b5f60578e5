//! `sudoku print`, checked from outside with poppler's tools (Debian
//! `poppler-utils`: pdfinfo, pdffonts, pdftotext, pdftoppm), the way a
//! print shop would: page count and size, embedded fonts, searchable text,
//! every page renders, every given digit in its cell, byte-identical reruns.
//!
//! Without poppler's tools these tests fail with a message saying how to
//! install them; CI installs them.

use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;

use assert_cmd::Command;
use predicates::str::contains;
use tempfile::TempDir;

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("the sudoku binary is built")
}

/// A poppler tool, or a test failure that says how to get it.
fn poppler(name: &str) -> StdCommand {
    if let Err(e) = StdCommand::new(name).arg("-v").output() {
        panic!("{name} is missing ({e}): these tests need poppler's tools; install them with `apt-get install poppler-utils`");
    }
    StdCommand::new(name)
}

/// Runs a poppler tool and returns its stdout.
fn run_tool(name: &str, args: &[&str]) -> String {
    let out = poppler(name).args(args).output().unwrap_or_else(|e| panic!("cannot run {name}: {e}"));
    assert!(out.status.success(), "{name} {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The first `n` puzzles of the fixture top95 (one line each).
fn puzzles(n: usize) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/top95.txt");
    let text = std::fs::read_to_string(&path).expect("fixtures/top95.txt");
    let lines: Vec<String> =
        text.lines().filter(|l| l.len() >= 81).map(|l| l[..81].to_string()).take(n).collect();
    assert_eq!(lines.len(), n, "top95 has fewer than {n} puzzles");
    lines
}

/// A temporary directory holding `puzzles.txt` with `n` puzzles.
fn input(n: usize) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzles.txt");
    std::fs::write(&path, puzzles(n).join("\n") + "\n").unwrap();
    (dir, path)
}

/// Prints `input` to `dir/name` with `args`; returns the PDF's path.
fn print(dir: &Path, input: &Path, name: &str, args: &[&str]) -> PathBuf {
    let out = dir.join(name);
    sudoku().arg("print").arg(input).arg("-o").arg(&out).args(args).assert().success();
    out
}

fn pdfinfo_field(info: &str, field: &str) -> String {
    info.lines()
        .find_map(|l| l.strip_prefix(field).map(|v| v.trim().to_string()))
        .unwrap_or_else(|| panic!("pdfinfo has no {field}:\n{info}"))
}

fn page_sizes(pdf: &Path, n_pages: usize) -> Vec<String> {
    let info = run_tool("pdfinfo", &["-f", "1", "-l", &n_pages.to_string(), pdf.to_str().unwrap()]);
    info.lines()
        .filter(|l| l.starts_with("Page ") && l.contains(" size:"))
        .map(|l| l.split_once("size:").unwrap().1.trim().to_string())
        .collect()
}

#[test]
fn an_a4_book_has_puzzle_pages_then_answer_pages_all_a4() {
    let (dir, input) = input(10);
    let pdf = print(dir.path(), &input, "book.pdf", &[]);
    let info = run_tool("pdfinfo", &[pdf.to_str().unwrap()]);
    // Title, contents, 10 puzzles at 4 a page, 12 solutions a page: 6.
    assert_eq!(pdfinfo_field(&info, "Pages:"), "6");
    let sizes = page_sizes(&pdf, 6);
    assert_eq!(sizes.len(), 6);
    for size in sizes {
        assert!(size.starts_with("595.276 x 841.89 pts"), "{size}");
    }
}

#[test]
fn a_letter_book_has_letter_pages() {
    let (dir, input) = input(3);
    let pdf = print(dir.path(), &input, "book.pdf", &["--paper", "letter", "--per-page", "2"]);
    let info = run_tool("pdfinfo", &[pdf.to_str().unwrap()]);
    // Title, contents, 2 puzzle pages, 1 answer page: padded to 6.
    assert_eq!(pdfinfo_field(&info, "Pages:"), "6");
    for size in page_sizes(&pdf, 6) {
        assert!(size.starts_with("612 x 792 pts"), "{size}");
    }
}

/// `pdfinfo -box`'s `name` box of page `page`: x0, y0, x1, y1 in points.
fn page_box(pdf: &Path, page: usize, name: &str) -> [f64; 4] {
    let p = page.to_string();
    let info = run_tool("pdfinfo", &["-box", "-f", &p, "-l", &p, pdf.to_str().unwrap()]);
    let line = info.lines().find(|l| l.starts_with(&format!("Page {page:4} {name}:"))).unwrap();
    let v: Vec<f64> =
        line.split(':').nth(1).unwrap().split_whitespace().map(|v| v.parse().unwrap()).collect();
    [v[0], v[1], v[2], v[3]]
}

#[test]
fn every_trim_makes_pages_of_its_size_plus_bleed_in_an_even_count() {
    let (dir, input) = input(5);
    for (trim, w, h) in [
        ("5x8", 360.0, 576.0),
        ("5.25x8", 378.0, 576.0),
        ("5.5x8.5", 396.0, 612.0),
        ("6x9", 432.0, 648.0),
        ("7x10", 504.0, 720.0),
        ("8x10", 576.0, 720.0),
        ("8.25x11", 594.0, 792.0),
        ("8.5x11", 612.0, 792.0),
        ("a5", 419.528, 595.276),
        ("152x229mm", 430.866, 649.134),
        ("6.14x9.21in", 442.08, 663.12),
    ] {
        for bleed in [false, true] {
            let name = format!("{trim}-{bleed}.pdf");
            let mut args = vec!["--trim", trim];
            if bleed {
                args.push("--bleed");
            }
            let pdf = print(dir.path(), &input, &name, &args);
            let info = run_tool("pdfinfo", &[pdf.to_str().unwrap()]);
            let pages: usize = pdfinfo_field(&info, "Pages:").parse().unwrap();
            assert_eq!(pages % 2, 0, "{name}: {pages} pages");
            let b = if bleed { 9.0 } else { 0.0 };
            for page in [1, 2] {
                let media = page_box(&pdf, page, "MediaBox");
                let at = format!("{name} page {page}: {media:?}");
                assert!((media[2] - (w + b)).abs() < 0.01 && (media[3] - (h + 2.0 * b)).abs() < 0.01, "{at}");
                // The trim box: bleed on the outside edge only (right on
                // odd pages), and top and bottom.
                let trim_box = page_box(&pdf, page, "TrimBox");
                let left = if page % 2 == 1 { 0.0 } else { b };
                let want = [left, b, left + w, b + h];
                assert!(trim_box.iter().zip(want).all(|(a, b)| (a - b).abs() < 0.01), "{at}: {trim_box:?}");
            }
        }
    }
    let pdf = print(dir.path(), &input, "four.pdf", &["--pages-multiple", "4", "--copyright", "(c) me"]);
    let info = run_tool("pdfinfo", &[pdf.to_str().unwrap()]);
    // Title, copyright, contents, 2 puzzle pages, 1 answer page: 6, to 8.
    assert_eq!(pdfinfo_field(&info, "Pages:"), "8");
    sudoku().args(["print", "--trim", "6by9"]).arg(&input).assert().code(2);
    sudoku().args(["print", "--trim", "1x9"]).arg(&input).assert().code(2);
}

#[test]
fn puzzles_per_page_and_no_answers_set_the_page_count() {
    let (dir, input) = input(13);
    // Title and contents, then the puzzle pages, to an even count.
    for (per_page, n_pages) in [("1", 16), ("2", 10), ("4", 6), ("6", 6)] {
        let name = format!("book-{per_page}.pdf");
        let pdf = print(dir.path(), &input, &name, &["--per-page", per_page, "--no-answers"]);
        let info = run_tool("pdfinfo", &[pdf.to_str().unwrap()]);
        assert_eq!(pdfinfo_field(&info, "Pages:"), n_pages.to_string(), "--per-page {per_page}");
    }
    // --answers after --no-answers wins: two answer pages more.
    let pdf = print(dir.path(), &input, "both.pdf", &["--per-page", "6", "--no-answers", "--answers"]);
    let info = run_tool("pdfinfo", &[pdf.to_str().unwrap()]);
    assert_eq!(pdfinfo_field(&info, "Pages:"), "8");
    // Large print: a puzzle a page.
    let pdf = print(dir.path(), &input, "large.pdf", &["--large-print", "--no-answers"]);
    let info = run_tool("pdfinfo", &[pdf.to_str().unwrap()]);
    assert_eq!(pdfinfo_field(&info, "Pages:"), "16");
}

#[test]
fn every_font_is_embedded() {
    let (dir, input) = input(5);
    let pdf = print(dir.path(), &input, "book.pdf", &["--title", "Fonts"]);
    let fonts = run_tool("pdffonts", &[pdf.to_str().unwrap()]);
    let rows: Vec<&str> = fonts.lines().skip(2).filter(|l| !l.trim().is_empty()).collect();
    assert!(!rows.is_empty(), "no fonts listed:\n{fonts}");
    for row in rows {
        // Columns: name type... encoding emb sub uni object ID.
        let cols: Vec<&str> = row.split_whitespace().collect();
        let n = cols.len();
        assert_eq!(&cols[n - 5..n - 2], &["yes", "yes", "yes"], "not embedded, subset and mapped: {row}");
    }
}

#[test]
fn the_title_and_every_puzzle_number_are_searchable() {
    let (dir, input) = input(10);
    let title = "Weekend Puzzles: Größe & <Spaß>";
    let copyright = "Copyright 2026 A. Publisher";
    let args =
        ["--title", title, "--subtitle", "Ten of them", "--copyright", copyright, "--start-number", "41"];
    let pdf = print(dir.path(), &input, "book.pdf", &args);
    // -layout: the text in reading order, row by row across the columns.
    let text = run_tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    // In order: title page, copyright, contents, puzzles, answers.
    let mut expected = vec![title.to_string(), "Ten of them".into(), copyright.into(), "Contents".into()];
    expected.extend((41..=50).map(|n| format!("Puzzle {n}")));
    expected.push("Answers".into());
    expected.extend((41..=50).map(|n| format!("{n} (page ")));
    let mut at = 0;
    for want in &expected {
        let found = text[at..]
            .find(want.as_str())
            .unwrap_or_else(|| panic!("{want:?} missing or out of order:\n{text}"));
        at += found + want.len();
    }
    let info = run_tool("pdfinfo", &[pdf.to_str().unwrap()]);
    assert_eq!(pdfinfo_field(&info, "Title:"), title);
}

/// A gray-scale raster: width, height, one byte per pixel (0 black).
struct Raster {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Raster {
    /// Reads a binary PGM (P5, maxval 255) as pdftoppm writes it.
    fn read_pgm(path: &Path) -> Raster {
        let bytes = std::fs::read(path).unwrap();
        let mut fields = Vec::new();
        let mut pos = 0;
        while fields.len() < 4 {
            while bytes[pos].is_ascii_whitespace() {
                pos += 1;
            }
            let start = pos;
            while !bytes[pos].is_ascii_whitespace() {
                pos += 1;
            }
            fields.push(String::from_utf8_lossy(&bytes[start..pos]).into_owned());
        }
        assert_eq!(fields[0], "P5", "{}: not a binary PGM", path.display());
        let width: usize = fields[1].parse().unwrap();
        let height: usize = fields[2].parse().unwrap();
        let pixels = bytes[pos + 1..].to_vec();
        assert_eq!(pixels.len(), width * height, "{}: truncated", path.display());
        Raster { width, height, pixels }
    }

    fn dark(&self, x: usize, y: usize) -> bool {
        self.pixels[y * self.width + x] < 100
    }
}

/// Renders page `page` of `pdf` at `dpi` into `dir` and reads it back.
fn render(pdf: &Path, page: usize, dpi: u32, dir: &Path) -> Raster {
    let prefix = dir.join(format!("page{page}"));
    let p = page.to_string();
    let r = dpi.to_string();
    run_tool(
        "pdftoppm",
        &[
            "-gray",
            "-r",
            &r,
            "-f",
            &p,
            "-l",
            &p,
            "-singlefile",
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    Raster::read_pgm(&prefix.with_extension("pgm"))
}

#[test]
fn pdftoppm_renders_every_page_with_ink_on_it() {
    let (dir, input) = input(9);
    let pdf = print(dir.path(), &input, "book.pdf", &["--per-page", "6"]);
    let prefix = dir.path().join("render");
    run_tool("pdftoppm", &["-gray", "-r", "30", pdf.to_str().unwrap(), prefix.to_str().unwrap()]);
    let mut pages: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("render"))
        .collect();
    pages.sort();
    // Title, contents, 2 puzzle pages, 1 answer page, 1 blank.
    assert_eq!(pages.len(), 6, "{pages:?}");
    let blank = pages.pop().unwrap();
    let raster = Raster::read_pgm(&blank);
    assert!(raster.pixels.iter().all(|&v| v > 200), "the padding page is not blank");
    for (i, page) in pages.iter().enumerate() {
        let raster = Raster::read_pgm(page);
        let n_dark = raster.pixels.iter().filter(|&&v| v < 100).count();
        // The title page and the contents hold a few lines of text; the
        // puzzle and answer pages are full.
        let least = if i < 2 { 1 } else { raster.pixels.len() / 200 };
        assert!(n_dark >= least, "{}: almost blank", page.display());
    }
}

/// Where the grid is on a rendered page: the outermost rows and columns
/// that are dark across more than half the page's width or height.
fn find_grid(raster: &Raster) -> (f64, f64, f64, f64) {
    let long_rows: Vec<usize> = (0..raster.height)
        .filter(|&y| (0..raster.width).filter(|&x| raster.dark(x, y)).count() > raster.width / 2)
        .collect();
    let long_cols: Vec<usize> = (0..raster.width)
        .filter(|&x| (0..raster.height).filter(|&y| raster.dark(x, y)).count() > raster.height / 3)
        .collect();
    assert!(!long_rows.is_empty() && !long_cols.is_empty(), "no grid lines found");
    let (top, bottom) = (long_rows[0] as f64, *long_rows.last().unwrap() as f64);
    let (left, right) = (long_cols[0] as f64, *long_cols.last().unwrap() as f64);
    (left, top, right, bottom)
}

/// The words of page `page` with their boxes, from `pdftotext -bbox`:
/// `(x_min, y_min, x_max, y_max, text)` in points from the top-left.
fn words(pdf: &Path, page: usize) -> Vec<(f64, f64, f64, f64, String)> {
    let p = page.to_string();
    let html = run_tool("pdftotext", &["-bbox", "-f", &p, "-l", &p, pdf.to_str().unwrap(), "-"]);
    let attr = |line: &str, name: &str| -> f64 {
        let start = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        let end = start + line[start..].find('"').unwrap();
        line[start..end].parse().unwrap()
    };
    html.lines()
        .filter(|l| l.trim_start().starts_with("<word"))
        .map(|l| {
            let text = l[l.find('>').unwrap() + 1..l.rfind("</word>").unwrap()].to_string();
            (attr(l, "xMin"), attr(l, "yMin"), attr(l, "xMax"), attr(l, "yMax"), text)
        })
        .collect()
}

#[test]
fn every_given_digit_is_drawn_in_its_cell_and_nothing_else_is() {
    let (dir, input) = input(3);
    let lines = puzzles(3);
    let pdf = print(dir.path(), &input, "book.pdf", &["--per-page", "1", "--no-answers"]);
    let dpi = 100.0;
    for (page_idx, puzzle) in lines.iter().enumerate() {
        // After the title page and the contents.
        let page = page_idx + 3;
        let raster = render(&pdf, page, dpi as u32, dir.path());
        let (left, top, right, bottom) = find_grid(&raster);
        let cell_w = (right - left) / 9.0;
        let cell_h = (bottom - top) / 9.0;
        assert!((cell_w - cell_h).abs() < 1.5, "grid is not square: {cell_w} × {cell_h}");

        // The rendering: ink in the middle of every given's cell, none in
        // the middle of a blank cell.
        for (cell_idx, ch) in puzzle.chars().enumerate() {
            let (row, col) = (cell_idx / 9, cell_idx % 9);
            let x0 = (left + (col as f64 + 0.25) * cell_w) as usize;
            let x1 = (left + (col as f64 + 0.75) * cell_w) as usize;
            let y0 = (top + (row as f64 + 0.25) * cell_h) as usize;
            let y1 = (top + (row as f64 + 0.75) * cell_h) as usize;
            let inked = (y0..y1).any(|y| (x0..x1).any(|x| raster.dark(x, y)));
            assert_eq!(inked, ch != '.', "page {page}, cell r{}c{}: {ch:?}", row + 1, col + 1);
        }

        // The text: every digit word lies in the cell of that given.
        let scale = dpi / 72.0;
        let mut found = vec!['.'; 81];
        for (x_min, y_min, x_max, y_max, text) in words(&pdf, page) {
            let (cx, cy) = ((x_min + x_max) / 2.0 * scale, (y_min + y_max) / 2.0 * scale);
            if text.len() != 1 || cx < left || cx > right || cy < top || cy > bottom {
                continue;
            }
            let col = ((cx - left) / cell_w) as usize;
            let row = ((cy - top) / cell_h) as usize;
            // Centred: within a fifth of a cell of the cell's centre.
            let off_x = (cx - left) / cell_w - col as f64 - 0.5;
            let off_y = (cy - top) / cell_h - row as f64 - 0.5;
            assert!(
                off_x.abs() < 0.2 && off_y.abs() < 0.2,
                "page {page}: {text} off centre by {off_x:.2}, {off_y:.2}"
            );
            assert_eq!(found[row * 9 + col], '.', "two digits in r{}c{}", row + 1, col + 1);
            found[row * 9 + col] = text.chars().next().unwrap();
        }
        assert_eq!(found.iter().collect::<String>(), *puzzle, "page {page}");
    }
}

#[test]
fn the_same_input_and_options_give_byte_identical_pdfs() {
    let (dir, input) = input(12);
    let args = ["--title", "Same", "--per-page", "6"];
    let a = std::fs::read(print(dir.path(), &input, "a.pdf", &args)).unwrap();
    let b = std::fs::read(print(dir.path(), &input, "b.pdf", &args)).unwrap();
    assert!(a == b, "two runs differ");
    let c =
        std::fs::read(print(dir.path(), &input, "c.pdf", &["--title", "Other", "--per-page", "6"])).unwrap();
    assert!(a != c, "the title does not reach the file");
}

#[test]
fn svg_writes_one_numbered_sheet_per_page() {
    let (dir, input) = input(10);
    let title = "Tom & Jerry's <book>";
    print(dir.path(), &input, "book.svg", &["--title", title]);
    for page in 1..=6 {
        let svg = std::fs::read_to_string(dir.path().join(format!("book-{page:04}.svg"))).unwrap();
        assert!(svg
            .starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"595.28pt\" height=\"841.89pt\""));
        assert!(svg.contains("<title>Tom &amp; Jerry&apos;s &lt;book&gt;</title>"));
        if (2..=5).contains(&page) {
            assert!(svg.contains(&format!(">{page}</text>")), "page {page} has no folio");
        }
        assert!(svg.trim_end().ends_with("</svg>"));
    }
    assert!(!dir.path().join("book-0007.svg").exists());
    let page3 = std::fs::read_to_string(dir.path().join("book-0003.svg")).unwrap();
    for number in 1..=4 {
        assert!(page3.contains(&format!(">Puzzle {number}</text>")));
    }
    // --format overrides the extension.
    let out = dir.path().join("pages.pdf");
    sudoku()
        .args(["print", "--format", "svg", "--no-answers", "-o"])
        .arg(&out)
        .arg(&input)
        .assert()
        .success();
    assert!(dir.path().join("pages-0001.svg").exists() && dir.path().join("pages-0006.svg").exists());
}

#[test]
fn an_unsolvable_puzzle_stops_the_run_naming_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bad.txt");
    let mut lines = puzzles(3);
    // Two 1s in the first row.
    lines.insert(2, format!("11{}", ".".repeat(79)));
    std::fs::write(&input, lines.join("\n") + "\n").unwrap();
    let out = dir.path().join("book.pdf");
    sudoku()
        .arg("print")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(contains(format!("{}:3: no solution", input.display())));
    assert!(!out.exists(), "a failed run left a file");
}

#[test]
fn input_and_usage_errors_exit_2_with_a_message() {
    let (dir, input) = input(2);
    let out = dir.path().join("book.pdf");
    print(dir.path(), &input, "book.pdf", &[]);
    // An existing file needs --force.
    sudoku().arg("print").arg(&input).arg("-o").arg(&out).assert().code(2).stderr(contains("--force"));
    sudoku().arg("print").arg(&input).arg("-o").arg(&out).arg("--force").assert().success();
    // ... and is refused before any input is read.
    sudoku()
        .arg("print")
        .arg(dir.path().join("missing.txt"))
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(contains("already exists"));
    // An extension that names no format.
    sudoku()
        .arg("print")
        .arg(&input)
        .arg("-o")
        .arg(dir.path().join("book.txt"))
        .assert()
        .code(2)
        .stderr(contains("--format"));
    // A malformed record, located.
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, format!("{}\n{}x\n", puzzles(1)[0], &puzzles(1)[0][..40])).unwrap();
    sudoku()
        .arg("print")
        .arg(&bad)
        .arg("-o")
        .arg(dir.path().join("x.pdf"))
        .assert()
        .code(2)
        .stderr(contains(":2:41:"));
    // No puzzles at all.
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    sudoku()
        .arg("print")
        .arg(&empty)
        .arg("-o")
        .arg(dir.path().join("y.pdf"))
        .assert()
        .code(2)
        .stderr(contains("no puzzles"));
    // SVG needs a file name.
    sudoku().args(["print", "--format", "svg"]).arg(&input).assert().code(2).stderr(contains("--output"));
}

#[test]
fn a_pdf_can_go_to_stdout() {
    let (_dir, input) = input(1);
    let out = sudoku().arg("print").arg(&input).output().unwrap();
    assert!(out.status.success());
    assert!(out.stdout.starts_with(b"%PDF-1.7"), "not a PDF");
    assert!(out.stdout.ends_with(b"%%EOF") || out.stdout.ends_with(b"%%EOF\n"));
}

/// A PNG decoded to 8-bit gray: width, height, pixels, and its resolution
/// in pixels per metre.
fn read_png(path: &Path) -> (u32, u32, Vec<u8>, Option<u32>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let ppm = reader.info().pixel_dims.map(|d| {
        assert_eq!(d.xppu, d.yppu);
        d.xppu
    });
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    let channels = frame.color_type.samples();
    let gray = buf[..frame.buffer_size()].chunks(channels).map(|p| p[0]).collect();
    (frame.width, frame.height, gray, ppm)
}

#[test]
fn each_puzzle_and_solution_becomes_an_image_of_its_own() {
    let (dir, input) = input(3);
    let out = dir.path().join("images");
    let each = |format: &str, extra: &[&str]| {
        sudoku()
            .args(["print", "--each"])
            .arg(&out)
            .args(["--format", format, "--answers", "--dpi", "150", "--start-number", "7", "-q"])
            .args(extra)
            .arg(&input)
            .assert()
    };
    each("png", &[]).success();
    let puzzles = puzzles(3);
    for (k, puzzle) in puzzles.iter().enumerate() {
        let number = 7 + k;
        for kind in ["puzzle", "solution"] {
            let path = out.join(format!("{kind}-{number:04}.png"));
            let (w, h, gray, ppm) = read_png(&path);
            // A 3 in grid and a 4 pt margin each side: 224 pt at 150 dpi.
            assert_eq!((w, h), (467, 467), "{}", path.display());
            assert_eq!(ppm, Some(5906), "150 dpi is 5906 pixels a metre");
            // Ink at the centre of a given's cell; none at an empty
            // cell's centre in the puzzle, ink everywhere in the solution.
            let cell = 216.0 / 9.0 * 150.0 / 72.0;
            let margin = 4.0 * 150.0 / 72.0;
            for (c, ch) in puzzle.chars().enumerate() {
                let (x0, y0) = (margin + (c % 9) as f64 * cell, margin + (c / 9) as f64 * cell);
                let inked = (0..9).any(|i| {
                    (0..9).any(|j| {
                        let x = (x0 + cell * (0.3 + 0.05 * i as f64)) as u32;
                        let y = (y0 + cell * (0.3 + 0.05 * j as f64)) as u32;
                        gray[(y * w + x) as usize] < 160
                    })
                });
                let want = kind == "solution" || ch != '.';
                assert_eq!(inked, want, "{} cell {c}: {ch:?}", path.display());
            }
        }
    }
    assert!(!out.join("puzzle-0010.png").exists() && !out.join("puzzle-0001.png").exists());
    // Files that exist stop the run untouched, without --force.
    let before = std::fs::read(out.join("puzzle-0007.png")).unwrap();
    each("png", &[]).code(2).stderr(contains("already exists"));
    assert_eq!(std::fs::read(out.join("puzzle-0007.png")).unwrap(), before);
    // SVG, and the same bytes twice.
    each("svg", &[]).success();
    let svg = std::fs::read_to_string(out.join("solution-0009.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<title>Solution 9</title>"), "{svg}");
    each("svg", &["--force"]).success();
    assert_eq!(std::fs::read_to_string(out.join("solution-0009.svg")).unwrap(), svg);
    // A book's page options mean nothing here.
    each("svg", &["--trim", "6x9", "--force"]).code(2).stderr(contains("--trim"));
    sudoku()
        .args(["print", "--format", "png", "-o"])
        .arg(dir.path().join("x.png"))
        .arg(&input)
        .assert()
        .code(2);
}

#[test]
fn a_cover_is_sized_by_trim_pages_and_paper_and_reads_a_book() {
    let dir = tempfile::tempdir().unwrap();
    let cover = |name: &str, args: &[&str]| {
        let out = dir.path().join(name);
        sudoku().args(["cover", "-q", "--title", "Sudoku", "-o"]).arg(&out).args(args).assert().success();
        out
    };
    // 6x9, 200 cream pages: a 0.5 in spine, 0.125 in bleed all round.
    let pdf = cover("a.pdf", &["--trim", "6x9", "--pages", "200", "--paper-stock", "cream"]);
    let media = page_box(&pdf, 1, "MediaBox");
    assert!((media[2] - 12.75 * 72.0).abs() < 0.01 && (media[3] - 9.25 * 72.0).abs() < 0.01, "{media:?}");
    let trim = page_box(&pdf, 1, "TrimBox");
    assert!((trim[0] - 9.0).abs() < 0.01 && (trim[2] - 12.625 * 72.0).abs() < 0.01, "{trim:?}");
    let text = run_tool("pdftotext", &[pdf.to_str().unwrap(), "-"]);
    assert_eq!(text.matches("Sudoku").count(), 2, "front and spine:\n{text}");
    let fonts = run_tool("pdffonts", &[pdf.to_str().unwrap()]);
    assert!(fonts.lines().nth(2).is_some_and(|l| l.contains("yes yes yes")), "{fonts}");
    // White paper is thinner; 60 pages carry no spine text.
    let pdf = cover("b.pdf", &["--trim", "5x8", "--pages", "60"]);
    let media = page_box(&pdf, 1, "MediaBox");
    assert!((media[2] - (10.25 + 60.0 * 0.002252) * 72.0).abs() < 0.01, "{media:?}");
    let text = run_tool("pdftotext", &[pdf.to_str().unwrap(), "-"]);
    assert_eq!(text.matches("Sudoku").count(), 1, "{text}");
    // From a book: its trim (without bleed) and page count.
    let (_keep, input) = input(5);
    let book = dir.path().join("book.pdf");
    sudoku().args(["print", "--trim", "7x10", "--bleed", "-o"]).arg(&book).arg(&input).assert().success();
    let pages: f64 =
        pdfinfo_field(&run_tool("pdfinfo", &[book.to_str().unwrap()]), "Pages:").parse().unwrap();
    let pdf = cover("c.pdf", &["--book", book.to_str().unwrap()]);
    let media = page_box(&pdf, 1, "MediaBox");
    assert!((media[2] - (14.25 + pages * 0.002252) * 72.0).abs() < 0.01, "{media:?}");
    assert!((media[3] - 10.25 * 72.0).abs() < 0.01, "{media:?}");
    // The same options, the same bytes.
    let again = cover("d.pdf", &["--book", book.to_str().unwrap()]);
    assert_eq!(std::fs::read(&pdf).unwrap(), std::fs::read(&again).unwrap());
    // Not a PDF; no page count.
    sudoku().args(["cover", "--book"]).arg(&input).arg("-o").arg(dir.path().join("x.pdf")).assert().code(2);
    assert!(!dir.path().join("x.pdf").exists());
    sudoku().args(["cover", "-o"]).arg(dir.path().join("y.pdf")).assert().code(2);
}

#[test]
fn a_page_too_small_for_its_grids_is_refused_before_any_work() {
    let (dir, input) = input(2);
    let out = dir.path().join("tiny.pdf");
    for args in [&["--trim", "3x3", "--large-print"][..], &["--trim", "3x3", "--per-page", "6"]] {
        sudoku()
            .arg("print")
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .args(args)
            .assert()
            .code(2)
            .stderr(contains("larger trim"));
        assert!(!out.exists());
    }
    sudoku()
        .args(["generate", "-n", "2", "--trim", "3x3", "--large-print", "-o"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(contains("larger trim"));
    assert!(!out.exists());
}

#[test]
fn r30_print_csv_is_the_books_index_in_book_order() {
    let (dir, input) = input(7);
    let csv = dir.path().join("book.csv");
    let pdf = dir.path().join("book.pdf");
    sudoku()
        .arg("print")
        .arg(&input)
        .args(["--per-page", "2", "--start-number", "3", "-o"])
        .arg(&pdf)
        .arg("--csv")
        .arg(&csv)
        .assert()
        .success()
        .stdout("");
    let rows = crate::util::check_book_index(&pdf, &std::fs::read_to_string(&csv).unwrap(), 3);
    let lines = puzzles(7);
    assert_eq!(rows.len(), 7);
    for (row_idx, (row, puzzle)) in rows.iter().zip(&lines).enumerate() {
        assert_eq!(&row["puzzle"], puzzle);
        assert_eq!(row["source"], format!("{}:{}", input.display(), row_idx + 1));
        let solution = sudoku_core::Grid::parse_line(puzzle).unwrap().solve_one().unwrap();
        assert_eq!(row["solution"], solution.to_line());
        assert_eq!(row["band"], "");
    }
    let header = std::fs::read_to_string(&csv).unwrap().lines().next().unwrap().to_string();
    assert_eq!(header, "number,section,page,answer_page,puzzle,solution,band,rating,id,source");
    // Not the book's own file.
    sudoku()
        .arg("print")
        .arg(&input)
        .arg("-o")
        .arg(&pdf)
        .arg("--csv")
        .arg(&pdf)
        .arg("--force")
        .assert()
        .code(2)
        .stderr(contains("same file"));
}
