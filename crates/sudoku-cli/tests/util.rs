//! Helpers shared by the CLI tests.

use std::path::PathBuf;

use assert_cmd::Command;

/// The `sudoku` binary under test.
pub fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("the sudoku binary")
}

/// A file of the workspace's `fixtures/` folder.
pub fn fixture_path(name: &str) -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(name)
}

/// The words of a PDF's page `page` (from 1) with their boxes, from
/// poppler's `pdftotext -bbox`: `(x_min, y_min, x_max, y_max, text)` in
/// points from the top-left.
pub fn pdf_words(pdf: &std::path::Path, page: usize) -> Vec<(f64, f64, f64, f64, String)> {
    let p = page.to_string();
    let out = std::process::Command::new("pdftotext")
        .args(["-bbox", "-f", &p, "-l", &p])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("pdftotext is missing ({e}): `apt-get install poppler-utils`"));
    assert!(out.status.success(), "pdftotext failed: {}", String::from_utf8_lossy(&out.stderr));
    let html = String::from_utf8_lossy(&out.stdout);
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

/// The given digits of the grid captioned `Puzzle {number}` on page `page`
/// as printed, row by row (each row its digits left to right, blanks
/// left out, empty rows dropped); `None` when no such caption is on the
/// page. Read from the PDF's text alone: grid digits are the one-digit
/// words taller than 14 pt below the caption, left of the next caption to
/// its right and above the next one below it.
pub fn printed_puzzle(pdf: &std::path::Path, page: usize, number: u64) -> Option<Vec<String>> {
    let words = pdf_words(pdf, page);
    let captions: Vec<(f64, f64)> = words
        .windows(2)
        .filter(|w| w[0].4 == "Puzzle" && w[1].4.parse::<u64>().is_ok())
        .map(|w| (w[0].0, w[0].3))
        .collect();
    let at = words.windows(2).position(|w| w[0].4 == "Puzzle" && w[1].4 == number.to_string())?;
    let (x, y) = (words[at].0, words[at].3);
    let right = captions.iter().map(|c| c.0).filter(|&cx| cx > x + 5.0).fold(f64::INFINITY, f64::min);
    let below = captions
        .iter()
        .filter(|c| (c.0 - x).abs() < 5.0 && c.1 > y + 5.0)
        .map(|c| c.1)
        .fold(f64::INFINITY, f64::min);
    let mut digits: Vec<(f64, f64, char)> = words
        .iter()
        .filter(|w| w.4.len() == 1 && w.4.chars().all(|c| ('1'..='9').contains(&c)) && w.3 - w.1 > 14.0)
        .map(|w| ((w.0 + w.2) / 2.0, (w.1 + w.3) / 2.0, w.4.chars().next().unwrap()))
        .filter(|&(cx, cy, _)| cx > x - 5.0 && cx < right - 5.0 && cy > y && cy < below)
        .collect();
    digits.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap());
    let mut rows: Vec<Vec<(f64, char)>> = Vec::new();
    let mut last_y = f64::NEG_INFINITY;
    for (cx, cy, d) in digits {
        if cy - last_y > 4.0 {
            rows.push(Vec::new());
        }
        last_y = cy;
        rows.last_mut().unwrap().push((cx, d));
    }
    Some(
        rows.into_iter()
            .map(|mut row| {
                row.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
                row.into_iter().map(|(_, d)| d).collect()
            })
            .collect(),
    )
}

/// `puzzle` (81 cells) as [`printed_puzzle`] reads a grid: each non-empty
/// row's digits.
pub fn puzzle_rows(puzzle: &str) -> Vec<String> {
    puzzle
        .as_bytes()
        .chunks(9)
        .map(|row| row.iter().filter(|b| b.is_ascii_digit() && **b != b'0').map(|&b| b as char).collect())
        .filter(|row: &String| !row.is_empty())
        .collect()
}

/// Checks that `csv` (a book's index, with a header row) is the index of
/// the book `pdf`: row N has number `first_number + N - 1`; the grid
/// captioned with that number on the row's `page` shows the row's `puzzle`;
/// its answer-key page (`answer_page`, empty without a key) labels it
/// `NUMBER (page PAGE)`. Returns the rows as column-name maps.
pub fn check_book_index(
    pdf: &std::path::Path,
    csv: &str,
    first_number: u64,
) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let headers: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(headers[..4], ["number", "section", "page", "answer_page"], "{csv}");
    let rows: Vec<std::collections::HashMap<String, String>> = reader
        .records()
        .map(|r| headers.iter().cloned().zip(r.unwrap().iter().map(str::to_string)).collect())
        .collect();
    for (row_idx, row) in rows.iter().enumerate() {
        let number = first_number + row_idx as u64;
        assert_eq!(row["number"], number.to_string(), "row {}: {row:?}", row_idx + 1);
        let page: usize = row["page"].parse().unwrap();
        let printed = printed_puzzle(pdf, page, number)
            .unwrap_or_else(|| panic!("no Puzzle {number} on page {page}: {row:?}"));
        assert_eq!(printed, puzzle_rows(&row["puzzle"]), "Puzzle {number} on page {page}: {row:?}");
        let words = pdf_words(pdf, page);
        assert!(words.iter().any(|w| w.4 == row["section"]), "the running head names {row:?}");
        if !row["answer_page"].is_empty() {
            let answer_page: usize = row["answer_page"].parse().unwrap();
            let words: Vec<String> = pdf_words(pdf, answer_page).into_iter().map(|w| w.4).collect();
            let label = [number.to_string(), "(page".to_string(), format!("{page})")];
            assert!(words.windows(3).any(|w| w == label), "no {label:?} on page {answer_page}: {row:?}");
        }
    }
    rows
}

/// A CSV file (with a header row) as its header names and its rows, each
/// a map from column name to value.
pub fn csv_file(path: &std::path::Path) -> (Vec<String>, Vec<std::collections::HashMap<String, String>>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    let rows = reader
        .records()
        .map(|r| headers.iter().cloned().zip(r.unwrap().iter().map(str::to_string)).collect())
        .collect();
    (headers, rows)
}

/// `sudoku book ARGS -q -o DIR/NAME.pdf --csv DIR/NAME.csv`, which must
/// succeed: the PDF's path and the CSV as [`csv_file`] reads it.
pub fn make_book(
    dir: &std::path::Path,
    args: &[&str],
) -> (std::path::PathBuf, Vec<std::collections::HashMap<String, String>>) {
    let (pdf, csv) = (dir.join("book.pdf"), dir.join("book.csv"));
    sudoku().arg("book").args(args).arg("-q").arg("-o").arg(&pdf).arg("--csv").arg(&csv).assert().success();
    (pdf, csv_file(&csv).1)
}
