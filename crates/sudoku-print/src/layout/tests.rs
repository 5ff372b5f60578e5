//! Tests of the book layout: page plans, margins on every trim, large
//! print, refusals, the copyright text, centred digits.

use super::*;
use crate::trim::{gutter, Trim, BLEED, NAMED_TRIMS, OUTSIDE_MARGIN};
use crate::{ItemMeta, PerPage};

fn items(n: usize) -> Vec<PrintItem> {
    let puzzle =
        Grid::parse_line("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
            .unwrap();
    let solution = puzzle.solve_one().unwrap();
    vec![PrintItem { puzzle, solution, meta: ItemMeta::default() }; n]
}

fn in_section(mut items: Vec<PrintItem>, name: &str) -> Vec<PrintItem> {
    items.iter_mut().for_each(|i| i.meta.section = Some(name.to_string()));
    items
}

#[test]
fn the_page_count_is_front_matter_sections_answers_then_padding() {
    let mut opts = PrintOptions { per_page: PerPage::Six, ..PrintOptions::default() };
    // Title, contents, 3 puzzle pages, 2 answer pages (12 a page): 7,
    // padded to 8.
    assert_eq!(book(&items(13), &opts).len(), 8);
    opts.answers = false;
    // Title, contents, 2 puzzle pages.
    assert_eq!(book(&items(12), &opts).len(), 4);
    assert_eq!(book(&[], &opts).len(), 2);
    opts.copyright = Some("(c) 2026".into());
    opts.pages_multiple = 4;
    // Title, copyright, contents, 2 puzzle pages: 5, padded to 8.
    assert_eq!(book(&items(12), &opts).len(), 8);
    // A section starts on a new page: 1 + 1 items take two pages.
    let mut two = in_section(items(1), "Easy");
    two.extend(in_section(items(1), "Hard"));
    opts.pages_multiple = 2;
    assert_eq!(book(&two, &opts).len(), 3 + 2 + 1);
}

#[test]
fn contents_and_answers_name_the_pages_their_puzzles_are_on() {
    let mut all = in_section(items(5), "Easy");
    all.extend(in_section(items(5), "Medium"));
    let opts = PrintOptions { per_page: PerPage::Four, ..PrintOptions::default() };
    let sheets = book(&all, &opts);
    let texts =
        |page: usize| -> Vec<String> { sheets[page - 1].texts.iter().map(|t| t.text.clone()).collect() };
    // 1 title, 2 contents, 3-4 Easy, 5-6 Medium, 7 answers, 8 blank.
    assert_eq!(sheets.len(), 8);
    let contents = texts(2);
    for (name, page) in [("Easy", "3"), ("Medium", "5"), ("Answers", "7")] {
        let at = contents.iter().position(|t| t == name).unwrap_or_else(|| panic!("{name}: {contents:?}"));
        assert_eq!(contents[at + 1], page);
    }
    assert!(texts(4).contains(&"Easy".to_string()) && texts(6).contains(&"Medium".to_string()));
    assert!(texts(4).contains(&"Puzzle 5".to_string()) && texts(6).contains(&"Puzzle 10".to_string()));
    let key = texts(7);
    assert!(key.contains(&"5 (page 4)".to_string()) && key.contains(&"6 (page 5)".to_string()), "{key:?}");
    assert!(sheets[7].texts.is_empty() && sheets[7].grids.is_empty());
}

#[test]
fn the_index_names_the_page_each_puzzle_and_its_answer_are_drawn_on() {
    let mut all = in_section(items(5), "Easy");
    all.extend(in_section(items(14), "Medium"));
    for answers in [true, false] {
        let opts =
            PrintOptions { per_page: PerPage::Four, answers, start_number: 7, ..PrintOptions::default() };
        let sheets = book(&all, &opts);
        let index = index(&all, &opts);
        assert_eq!(index.n_pages, sheets.len());
        assert_eq!(index.placements.len(), all.len());
        let on_page = |page: usize, text: &str| sheets[page - 1].texts.iter().any(|t| t.text == text);
        for (item_idx, p) in index.placements.iter().enumerate() {
            assert_eq!(p.number, 7 + item_idx as u64);
            assert_eq!(p.section, if item_idx < 5 { "Easy" } else { "Medium" });
            assert!(on_page(p.page, &format!("Puzzle {}", p.number)), "{p:?}");
            assert!(on_page(p.page, &p.section), "the running head names the section: {p:?}");
            let pages_with_it =
                (1..=sheets.len()).filter(|&page| on_page(page, &format!("Puzzle {}", p.number)));
            assert_eq!(pages_with_it.count(), 1, "{p:?}");
            match p.answer_page {
                Some(page) => {
                    assert!(answers);
                    assert!(on_page(page, &format!("{} (page {})", p.number, p.page)), "{p:?}");
                }
                None => assert!(!answers, "{p:?}"),
            }
        }
    }
}

#[test]
fn provenance_is_on_the_copyright_page_and_the_footer_on_every_numbered_page() {
    let opts = PrintOptions {
        provenance: Some("Puzzles: seed 42, medium".into()),
        footer: Some("Holiday set".into()),
        ..PrintOptions::default()
    };
    let texts = |sheets: &[Sheet]| -> Vec<Vec<String>> {
        sheets.iter().map(|s| s.texts.iter().map(|t| t.text.clone()).collect()).collect()
    };
    // Without a copyright page no page shows the provenance.
    let pages = texts(&book(&items(5), &opts));
    assert!(pages.iter().flatten().all(|t| !t.contains("seed 42")), "{pages:?}");
    // Every page with a number has the footer; no other does.
    for (i, page) in pages.iter().enumerate() {
        let numbered = page.contains(&(i + 1).to_string());
        assert_eq!(page.contains(&"Holiday set".to_string()), numbered, "page {}: {page:?}", i + 1);
    }
    assert!(pages.iter().filter(|p| p.contains(&"Holiday set".to_string())).count() >= 3);
    // With one, it ends the copyright text, after an empty line.
    let opts = PrintOptions { copyright: Some("(c) 2026 Me".into()), footer: None, ..opts };
    let pages = texts(&book(&items(5), &opts));
    assert_eq!(pages[1], ["(c) 2026 Me", "Puzzles: seed 42, medium"]);
    assert!(pages.iter().flatten().filter(|t| t.contains("seed 42")).count() == 1, "{pages:?}");
    assert!(pages.iter().flatten().all(|t| !t.contains("Holiday")), "{pages:?}");
}

#[test]
fn every_grid_and_text_stays_inside_the_mirrored_margins_on_every_trim() {
    for &(name, trim) in NAMED_TRIMS {
        for bleed in [false, true] {
            for per_page in [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six] {
                let mut items = in_section(items(7), &"Section ".repeat(30));
                items[0].meta = ItemMeta {
                    band: Some("diabolical".into()),
                    rating: Some("9.9".into()),
                    id: Some("a-very-long-identifier-".repeat(5)),
                    section: items[0].meta.section.clone(),
                };
                let opts = PrintOptions {
                    trim,
                    bleed,
                    per_page,
                    title: "T".repeat(300),
                    // Long enough to go on over pages.
                    copyright: Some("word ".repeat(1500)),
                    provenance: Some("seed ".repeat(100)),
                    footer: Some("footer ".repeat(100)),
                    ..PrintOptions::default()
                };
                let sheets = book(&items, &opts);
                let n = sheets.len();
                assert_eq!(n % 2, 0);
                for (i, sheet) in sheets.iter().enumerate() {
                    let b = if bleed { BLEED } else { 0.0 };
                    assert_eq!((sheet.width, sheet.height), (trim.width + b, trim.height + 2.0 * b));
                    let recto = i % 2 == 0;
                    let [tl, tt, tr, tb] = sheet.trim;
                    let inside = gutter(n).max(OUTSIDE_MARGIN);
                    let (left, right) = if recto {
                        (tl + inside, tr - OUTSIDE_MARGIN)
                    } else {
                        (tl + OUTSIDE_MARGIN, tr - inside)
                    };
                    let (top, bottom) = (tt + OUTSIDE_MARGIN, tb - OUTSIDE_MARGIN);
                    let at = format!("{name} bleed {bleed} {per_page:?} page {}", i + 1);
                    for g in &sheet.grids {
                        assert!(g.x >= left - 0.01 && g.x + g.side() <= right + 0.01, "{at}: {g:?}");
                        assert!(g.y >= top - 0.01 && g.y + g.side() <= bottom + 0.01, "{at}: {g:?}");
                    }
                    for t in &sheet.texts {
                        let right_end = t.left() + Font::get().text_width(&t.text, t.size);
                        assert!(t.left() >= left - 0.01 && right_end <= right + 0.01, "{at}: {t:?}");
                        assert!(t.y - t.size >= top - 0.01 && t.y <= bottom + 0.01, "{at}: {t:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn options_that_would_make_an_unusable_book_are_refused() {
    use crate::OptionsError;
    for &(name, trim) in NAMED_TRIMS {
        for per_page in [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six] {
            let opts = PrintOptions { trim, per_page, ..PrintOptions::default() };
            assert_eq!(opts.check(), Ok(()), "{name} {per_page:?}");
        }
        let opts = PrintOptions { trim, large_print: true, ..PrintOptions::default() };
        assert_eq!(opts.check(), Ok(()), "{name} large print");
    }
    let tiny = Trim::inches(3.0, 3.0);
    let large = PrintOptions { trim: tiny, large_print: true, ..PrintOptions::default() };
    assert!(matches!(large.check(), Err(OptionsError::LargePrintTooSmall { .. })));
    let six = PrintOptions { trim: tiny, per_page: PerPage::Six, ..PrintOptions::default() };
    assert!(matches!(six.check(), Err(OptionsError::GridTooSmall { per_page: 6, .. })));
}

#[test]
fn a_long_copyright_text_goes_on_over_pages_in_full() {
    let words: Vec<String> = (0..3000).map(|i| format!("w{i}")).collect();
    let opts = PrintOptions { copyright: Some(words.join(" ")), answers: false, ..PrintOptions::default() };
    let sheets = book(&items(1), &opts);
    // Every word, in order, on the pages after the title page.
    let printed: Vec<String> = sheets[1..]
        .iter()
        .take_while(|s| s.grids.is_empty() && !s.texts.iter().any(|t| t.text == "Contents"))
        .flat_map(|s| s.texts.iter().flat_map(|t| t.text.split(' ').map(str::to_string)))
        .collect();
    assert_eq!(printed, words);
}

#[test]
fn large_print_is_one_puzzle_a_page_with_digits_of_24_pt_or_more() {
    for &(name, trim) in NAMED_TRIMS {
        let opts =
            PrintOptions { trim, large_print: true, per_page: PerPage::Six, ..PrintOptions::default() };
        let sheets = book(&items(3), &opts);
        let puzzle_pages: Vec<&Sheet> =
            sheets.iter().filter(|s| s.grids.iter().any(|g| !g.is_answer())).collect();
        assert_eq!(puzzle_pages.len(), 3, "{name}");
        for g in puzzle_pages.iter().flat_map(|s| &s.grids) {
            assert!(g.digits().all(|d| d.size >= LARGE_PRINT_DIGIT), "{name}");
            assert!(g.cell >= LARGE_PRINT_DIGIT, "{name}: cells of {} pt", g.cell);
        }
    }
    let small = Trim::inches(5.0, 8.0);
    assert!(book(&items(1), &PrintOptions { trim: small, ..PrintOptions::default() }).len() >= 2);
}

#[test]
fn each_digit_is_centred_in_its_own_cell() {
    let items = items(1);
    for sheet in book(&items, &PrintOptions::default()) {
        for g in &sheet.grids {
            for d in g.digits() {
                let (cx, cy) = g.cell_centre(d.cell);
                let ink = Font::get().digit_ink(d.digit.get());
                let mid_x = d.x + (ink.x_min + ink.x_max) / 2.0 * d.size;
                let mid_y = d.y - (ink.y_min + ink.y_max) / 2.0 * d.size;
                assert!((mid_x - cx).abs() < 0.01 && (mid_y - cy).abs() < 0.01);
            }
        }
    }
}
