//! Tests of variant printing: cage outlines against hand-computed
//! geometry, borders counted from the regions, shading, labels clear of
//! digits, the rules text, and the book plan.

use std::collections::BTreeMap;

use sudoku_variant::{Constraint, Kinds, Layout, Puzzle};

use super::frame::{GridFrame, SHADE};
use super::*;
use crate::font::Font;
use crate::marks::{Cap, Mark};
use crate::{ItemMeta, PrintOptions};

/// A killer cage (the registry's `killer` kind).
fn cage(cells: Vec<u16>, sum: Option<u32>) -> Constraint {
    let killer = sudoku_variant::kind_named("killer").expect("killer is registered");
    Constraint::of(killer, sudoku_variant::Instance { parts: vec![cells], value: sum })
}

const CELL: f32 = 30.0;

fn marks_of(puzzle: &Puzzle, solution: Option<&[u8]>) -> (Vec<Mark>, f32) {
    let frame = GridFrame { puzzle, solution, x: 0.0, y: 0.0, cell: CELL };
    let inset = frame.pens().inset;
    let mut marks = Vec::new();
    frame.draw(&mut marks);
    (marks, inset)
}

/// The dashed segments, rounded to hundredths.
fn dashed(marks: &[Mark]) -> Vec<[i64; 4]> {
    let mut out: Vec<[i64; 4]> = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Lines { segments, dash: Some(_), .. } => Some(segments.clone()),
            _ => None,
        })
        .flatten()
        .map(|s| s.map(|v| (v * 100.0).round() as i64))
        .collect();
    out.sort_unstable();
    out
}

fn killer(size: usize, cages: Vec<(Option<u32>, Vec<u16>)>, givens: Vec<u8>) -> Puzzle {
    let cages = cages.into_iter().map(|(sum, mut cells)| {
        cells.sort_unstable();
        cage(cells, sum)
    });
    let (rows, cols) = sudoku_variant::default_boxes(size).unwrap();
    Puzzle::new(size, Layout::Boxes { rows, cols }, Kinds::NONE, givens)
        .unwrap()
        .with_constraints(cages.collect())
        .unwrap()
}

#[test]
fn r34_a_one_cell_cage_is_a_square_inset_on_every_side() {
    let puzzle = killer(4, vec![(Some(3), vec![5])], vec![0; 16]);
    let (marks, d) = marks_of(&puzzle, None);
    let (l, t, r, b) = (CELL + d, CELL + d, 2.0 * CELL - d, 2.0 * CELL - d);
    let mut want: Vec<[i64; 4]> = [[l, t, r, t], [l, b, r, b], [l, t, l, b], [r, t, r, b]]
        .iter()
        .map(|s| s.map(|v| (v * 100.0).round() as i64))
        .collect();
    want.sort_unstable();
    assert_eq!(dashed(&marks), want);
    assert!(d > 0.5 && d < 0.1 * CELL, "inset {d}");
}

#[test]
fn r34_an_l_shaped_cage_outline_is_one_closed_loop_with_an_inner_corner() {
    // Cells r1c1, r2c1, r2c2 of a 4×4: an L; its outline has six sides.
    let puzzle = killer(4, vec![(Some(6), vec![0, 4, 5])], vec![0; 16]);
    let (marks, d) = marks_of(&puzzle, None);
    let segs = dashed(&marks);
    assert_eq!(segs.len(), 6, "{segs:?}");
    let mut degree: BTreeMap<(i64, i64), usize> = BTreeMap::new();
    for s in &segs {
        *degree.entry((s[0], s[1])).or_default() += 1;
        *degree.entry((s[2], s[3])).or_default() += 1;
    }
    assert!(degree.values().all(|&n| n == 2), "every corner joins two sides: {degree:?}");
    // The inner corner: r1c1's right side (x = CELL - d) meets r2c2's top
    // side (y = CELL + d), off the grid point (CELL, CELL) inside the L.
    let inner = (((CELL - d) * 100.0).round() as i64, ((CELL + d) * 100.0).round() as i64);
    assert!(degree.contains_key(&inner), "{inner:?} in {degree:?}");
}

#[test]
fn r34_neighbouring_cages_show_two_dashed_lines_a_double_inset_apart() {
    // r1c1 and r1c2 in two cages: the shared edge gets two vertical lines.
    let puzzle = killer(4, vec![(Some(1), vec![0]), (Some(2), vec![1])], vec![0; 16]);
    let (marks, d) = marks_of(&puzzle, None);
    let xs: Vec<i64> = dashed(&marks).iter().filter(|s| s[0] == s[2]).map(|s| s[0]).collect();
    let near = |x: f32| xs.contains(&((x * 100.0).round() as i64));
    assert!(near(CELL - d) && near(CELL + d), "{xs:?}");
    // Every dashed line clears the thick box lines.
    let thick = marks.iter().find_map(|m| match m {
        Mark::Lines { width, cap: Cap::Square, .. } => Some(*width),
        _ => None,
    });
    assert!(d > thick.unwrap() / 2.0);
}

#[test]
fn r34_cage_dashes_start_and_end_with_a_dash() {
    let puzzle = killer(9, vec![(Some(10), vec![0, 1, 2, 9])], vec![0; 81]);
    let (marks, _) = marks_of(&puzzle, None);
    for m in &marks {
        if let Mark::Lines { segments, dash: Some([on, off]), .. } = m {
            for s in segments {
                let len = (s[2] - s[0]).abs() + (s[3] - s[1]).abs();
                let periods = (len - on) / (on + off);
                assert!((periods - periods.round()).abs() < 0.05 || len < *on, "{len} {on} {off}");
            }
        }
    }
}

/// The ink box of a text mark: left, top, right, bottom.
fn ink_box(run: &crate::layout::TextRun) -> [f32; 4] {
    let font = Font::get();
    let (mut x, mut top, mut bottom) = (run.left(), f32::MAX, f32::MIN);
    let mut right = x;
    for c in run.text.chars() {
        let ink = font.ink(c);
        top = top.min(run.y - ink.y_max * run.size);
        bottom = bottom.max(run.y - ink.y_min * run.size);
        right = x + ink.x_max * run.size;
        x += font.text_width(&c.to_string(), run.size);
    }
    [run.left(), top, right, bottom]
}

#[test]
fn r34_a_cage_sum_never_touches_the_given_in_its_cell() {
    // A given under every sum, two-digit sums and the widest digits.
    for size in [4, 6, 9, 16] {
        let n = size;
        let mut givens = vec![0u8; n * n];
        let mut cages = Vec::new();
        for r in 0..n {
            let first = (r * n) as u16;
            cages.push((Some(if n >= 9 { 2 * n as u32 - 1 } else { 5 }), vec![first, first + 1]));
            givens[r * n] = (r % n + 1) as u8;
        }
        let puzzle = killer(size, cages, givens);
        let (marks, _) = marks_of(&puzzle, None);
        let texts: Vec<[f32; 4]> = marks
            .iter()
            .filter_map(|m| match m {
                Mark::Text { run, .. } => Some(ink_box(run)),
                _ => None,
            })
            .collect();
        assert_eq!(texts.len(), 2 * n, "{n} sums and {n} givens");
        for (i, a) in texts.iter().enumerate() {
            for b in &texts[i + 1..] {
                let apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1];
                assert!(apart, "size {size}: {a:?} overlaps {b:?}");
            }
        }
    }
}

#[test]
fn r34_jigsaw_borders_are_thick_exactly_where_regions_meet() {
    let mut regions: Vec<u8> = (0..16).map(|i| ((i / 4) / 2 * 2 + (i % 4) / 2) as u8).collect();
    // Swap r2c2 and r2c3 between regions 0 and 1 (both stay connected).
    regions.swap(5, 6);
    let puzzle = Puzzle::new(4, Layout::Regions(regions.clone()), Kinds::NONE, vec![0; 16]).unwrap();
    let (marks, _) = marks_of(&puzzle, None);
    let length = |square: bool| -> f32 {
        marks
            .iter()
            .filter_map(|m| match m {
                Mark::Lines { segments, cap, dash: None, .. } if (*cap == Cap::Square) == square => {
                    Some(segments.iter().map(|s| (s[2] - s[0]).abs() + (s[3] - s[1]).abs()).sum::<f32>())
                }
                _ => None,
            })
            .sum()
    };
    // Count unit edges by hand: the border, plus inner edges between regions.
    let mut between = 0;
    for r in 0..4 {
        for c in 0..4 {
            if c + 1 < 4 && regions[r * 4 + c] != regions[r * 4 + c + 1] {
                between += 1;
            }
            if r + 1 < 4 && regions[r * 4 + c] != regions[r * 4 + c + 4] {
                between += 1;
            }
        }
    }
    let inner = 2 * 4 * 3;
    assert!((length(true) - (16 + between) as f32 * CELL).abs() < 0.01, "{}", length(true));
    assert!((length(false) - (inner - between) as f32 * CELL).abs() < 0.01, "{}", length(false));
}

fn shaded_area(marks: &[Mark]) -> f32 {
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Fill { rect, gray } if *gray == SHADE => Some(rect[2] * rect[3]),
            _ => None,
        })
        .sum()
}

#[test]
fn r34_x_diagonals_and_windoku_windows_are_shaded_light_grey() {
    let blank = Puzzle::blank(9).unwrap();
    let x = blank.with_rules(Kinds::parse_list("x").unwrap()).unwrap();
    let windoku = blank.with_rules(Kinds::parse_list("windoku").unwrap()).unwrap();
    let both = blank.with_rules(Kinds::parse_list("x,windoku").unwrap()).unwrap();
    let cells = |p: &Puzzle| shaded_area(&marks_of(p, None).0) / (CELL * CELL);
    assert!((cells(&x) - 17.0).abs() < 1e-3);
    assert!((cells(&windoku) - 36.0).abs() < 1e-3);
    // Each window holds three cells of one diagonal: 17 + 36 - 12.
    assert!((cells(&both) - 41.0).abs() < 1e-3, "{}", cells(&both));
    assert_eq!(cells(&blank), 0.0);
    assert!((0.85..=0.9).contains(&SHADE));
}

#[test]
fn r34_samurai_holes_hold_no_line() {
    let puzzle = Puzzle::blank_samurai();
    let (marks, _) = marks_of(&puzzle, None);
    for m in &marks {
        if let Mark::Lines { segments, .. } = m {
            for s in segments {
                // A line between two holes would have holes on both sides
                // of its middle.
                let (mx, my) = ((s[0] + s[2]) / 2.0, (s[1] + s[3]) / 2.0);
                let probe = |dx: f32, dy: f32| {
                    let (c, r) = (((mx + dx) / CELL).floor(), ((my + dy) / CELL).floor());
                    r >= 0.0
                        && c >= 0.0
                        && r < 21.0
                        && c < 21.0
                        && puzzle.is_cell(r as usize * 21 + c as usize)
                };
                let e = 1.0;
                let beside = if s[0] == s[2] {
                    probe(-e, 0.0) || probe(e, 0.0)
                } else {
                    probe(0.0, -e) || probe(0.0, e)
                };
                assert!(beside, "a line with holes on both sides: {s:?}");
            }
        }
    }
}

fn texts(marks: &[Mark]) -> Vec<(String, bool, f32)> {
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Text { run, bold } => Some((run.text.clone(), *bold, run.gray)),
            _ => None,
        })
        .collect()
}

#[test]
fn r34_16x16_digits_above_9_are_letters_and_answers_bold_their_givens() {
    let mut puzzle = Puzzle::blank(16).unwrap();
    let solution = puzzle.solve_one().unwrap();
    let mut givens = vec![0u8; 256];
    givens[0] = solution[0];
    givens[255] = solution[255];
    puzzle = puzzle.with_givens(givens).unwrap();
    let (marks, _) = marks_of(&puzzle, Some(&solution));
    let all = texts(&marks);
    assert_eq!(all.len(), 256);
    let letters: std::collections::BTreeSet<String> = all.iter().map(|t| t.0.clone()).collect();
    let want: std::collections::BTreeSet<String> = "123456789ABCDEFG".chars().map(String::from).collect();
    assert_eq!(letters, want);
    let bold: Vec<_> = all.iter().filter(|t| t.1).collect();
    assert_eq!(bold.len(), 2, "the two givens");
    assert!(bold.iter().all(|t| t.2 == 0.0));
    assert!(all.iter().filter(|t| !t.1).all(|t| t.2 > 0.2), "solved digits are grey");
    // The puzzle itself shows the givens, none bold.
    let (marks, _) = marks_of(&puzzle, None);
    assert_eq!(texts(&marks).iter().filter(|t| !t.1).count(), 2);
}

#[test]
fn r34_rules_text_names_every_rule_and_the_digit_alphabet() {
    let all = Kinds::parse_list("x,windoku,disjoint-groups,anti-knight,anti-king,non-consecutive").unwrap();
    let nine = Puzzle::blank(9).unwrap().with_rules(all).unwrap();
    let nine = nine.with_constraints(vec![cage(vec![0, 1], Some(3)), cage(vec![9], None)]).unwrap();
    let text = rules_text(&nine);
    for words in [
        "digits 1 to 9",
        "3×3 box",
        "diagonals",
        "windows",
        "same position",
        "knight",
        "corner",
        "consecutive",
        "cage",
        "without a number",
    ] {
        assert!(text.contains(words), "{words:?} in {text}");
    }
    assert!(rules_text(&Puzzle::blank(16).unwrap()).contains("letters A to G"));
    assert!(rules_text(&Puzzle::blank(6).unwrap()).contains("2×3 box"));
    assert!(rules_text(&Puzzle::blank_samurai()).contains("Five 9×9 grids"));
    assert_eq!(variant_name(&nine), "Killer X Windoku Disjoint Groups Anti-knight Anti-king Non-consecutive");
    assert_eq!(variant_name(&Puzzle::blank(16).unwrap()), "16×16");
}

fn item(puzzle: Puzzle) -> VariantItem {
    let solution = puzzle.solve_one().unwrap();
    VariantItem { puzzle, solution, meta: ItemMeta::default() }
}

#[test]
fn r34_a_variant_book_prints_each_rules_text_once_and_its_index_matches_the_pages() {
    let killer = killer(9, vec![(Some(3), vec![0, 1])], vec![0; 81]);
    let sections = vec![
        VariantSection::new("Killer", vec![item(killer.clone()), item(killer.clone()), item(killer)]),
        VariantSection::new("Giant", vec![item(Puzzle::blank(16).unwrap())]),
        VariantSection::new("Mini", (0..5).map(|_| item(Puzzle::blank(4).unwrap())).collect()),
    ];
    let opts = PrintOptions::default();
    let sheets = variant_book(&sections, &opts);
    let index = variant_index(&sections, &opts);
    assert_eq!(index.n_pages, sheets.len());
    assert_eq!(sheets.len() % 2, 0);
    let on_page = |page: usize, text: &str| sheets[page - 1].texts.iter().any(|t| t.text == text);
    for (k, p) in index.placements.iter().enumerate() {
        assert_eq!(p.number, k as u64 + 1);
        assert!(on_page(p.page, &format!("Puzzle {}", p.number)), "{p:?}");
        let answer = p.answer_page.unwrap();
        assert!(on_page(answer, &format!("{} (page {})", p.number, p.page)), "{p:?}");
    }
    for (section, first) in sections.iter().zip([0, 3, 4]) {
        // The heading is on one page only, the section's first.
        let headed: Vec<usize> = (0..sheets.len())
            .filter(|&i| {
                sheets[i]
                    .texts
                    .iter()
                    .any(|t| t.text == section.name && t.size > crate::layout::BODY_SIZE * 1.4)
            })
            .map(|i| i + 1)
            .collect();
        assert_eq!(headed, [index.placements[first].page], "{}", section.name);
        // Its body-size lines put back together are the rules paragraph.
        let lines: Vec<&str> = sheets[headed[0] - 1]
            .texts
            .iter()
            .filter(|t| t.size == crate::layout::BODY_SIZE)
            .map(|t| t.text.as_str())
            .collect();
        assert_eq!(lines.join(" "), section.rules.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    // Killer: two a page; the giant one a page; minis at a child's size.
    let pages = |name: &str| {
        index.placements.iter().filter(|p| p.section == name).map(|p| p.page).collect::<Vec<_>>()
    };
    let killer_pages = pages("Killer");
    assert_eq!(killer_pages[0], killer_pages[1]);
    assert_ne!(killer_pages[1], killer_pages[2]);
    let mini = sheets[pages("Mini")[0] - 1].marks.iter().find_map(|m| match m {
        Mark::Lines { segments, cap: Cap::Square, .. } => Some(segments.clone()),
        _ => None,
    });
    let longest = mini.unwrap().iter().map(|s| (s[2] - s[0]).abs() + (s[3] - s[1]).abs()).fold(0.0, f32::max);
    let cell_mm = longest / 4.0 / crate::trim::MM;
    assert!((15.0..=17.0).contains(&cell_mm), "mini cells of {cell_mm} mm");
}

#[test]
fn r34_a_variant_page_and_image_hold_one_grid_and_bad_solutions_do_not_panic() {
    let puzzle = Puzzle::blank_samurai();
    let sheet = variant_page(&puzzle, Some(&[1, 2, 3]), &PrintOptions::default());
    assert!(sheet.texts.iter().any(|t| t.text.starts_with("Five 9×9")));
    assert!(!sheet.marks.is_empty());
    let image = variant_image(&Puzzle::blank(25).unwrap(), None);
    assert!(image.width >= 25.0 * 16.0);
    // Digits out of range are skipped, not drawn or panicked on.
    let (marks, _) = marks_of(&Puzzle::blank(4).unwrap(), Some(&[255; 16]));
    assert!(texts(&marks).is_empty());
}

#[test]
fn r34_check_refuses_cells_too_small_and_right_to_left_section_names() {
    let giant = vec![VariantSection::new("Giant", vec![item(Puzzle::blank(25).unwrap())])];
    assert_eq!(check_variant_book(&giant, &PrintOptions::default()), Ok(()));
    let tiny = PrintOptions { trim: crate::Trim { width: 200.0, height: 200.0 }, ..PrintOptions::default() };
    assert!(matches!(check_variant_book(&giant, &tiny), Err(crate::OptionsError::GridTooSmall { .. })));
    let hebrew = vec![VariantSection::new("\u{5d0}", Vec::new())];
    assert!(matches!(
        check_variant_book(&hebrew, &PrintOptions::default()),
        Err(crate::OptionsError::RightToLeft { .. })
    ));
}

#[test]
fn r34_variant_images_number_puzzles_through_the_sections_and_follow_each_with_its_answer() {
    let sections = vec![
        VariantSection::new("A", vec![item(Puzzle::blank(4).unwrap())]),
        VariantSection::new("B", vec![item(Puzzle::blank(6).unwrap()), item(Puzzle::blank(6).unwrap())]),
    ];
    let opts = PrintOptions { start_number: 5, ..PrintOptions::default() };
    let images = variant_images(&sections, &opts, true);
    let got: Vec<(u64, bool)> = images.iter().map(|i| (i.number, i.answer)).collect();
    assert_eq!(got, [(5, false), (5, true), (6, false), (6, true), (7, false), (7, true)]);
    assert!(images[1].svg.contains("<title>Solution 5</title>"));
    assert_eq!(variant_images(&sections, &opts, false).len(), 3);
}

/// Issue 45: killer books a reader can follow at every trim, 5x8 to A4
/// and letter, for the 9x9 and the 6x6 (mini grid) sections: every cage sum
/// is printed at 5 pt or more, a cage's dashed line keeps clear of the
/// thick box line (half a point of paper between them) and of its
/// neighbour cage's line (a point).
#[test]
fn r45_killer_cages_stay_legible_and_apart_at_every_trim() {
    for side in [9usize, 6] {
        // Dominoes with two-digit sums (and a last single cell on 9x9).
        let n = side * side;
        let mut cages: Vec<(Option<u32>, Vec<u16>)> = (0..n / 2)
            .map(|k| (Some(if side == 9 { 17 } else { 11 }), vec![2 * k as u16, 2 * k as u16 + 1]))
            .collect();
        if n % 2 == 1 {
            cages.push((Some(9), vec![(n - 1) as u16]));
        }
        let puzzle = killer(side, cages, vec![0; n]);
        let item =
            VariantItem { puzzle: puzzle.clone(), solution: Vec::new(), meta: crate::ItemMeta::default() };
        let section = VariantSection::new("Killer", vec![item; 4]);
        for trim in ["5x8", "5.25x8", "5.5x8.5", "6x9", "a5", "7x10", "8.5x11", "a4", "letter"] {
            let trim: crate::Trim = trim.parse().unwrap();
            let opts =
                PrintOptions { trim, per_page: crate::PerPage::default_for(trim), ..PrintOptions::default() };
            let cell = book::section_geometry(&section, &opts).cell;
            let frame = GridFrame { puzzle: &puzzle, solution: None, x: 0.0, y: 0.0, cell };
            let pens = frame.pens();
            let mut marks = Vec::new();
            frame.draw(&mut marks);
            let smallest = marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Text { run, .. } => Some(run.size),
                    _ => None,
                })
                .fold(f32::INFINITY, f32::min);
            assert!(
                smallest >= 5.0,
                "{side}x{side} on {trim}: sums of {smallest:.1} pt in cells of {cell:.1} pt"
            );
            let to_box_line = pens.inset - pens.cage / 2.0 - pens.thick / 2.0;
            let to_neighbour = 2.0 * pens.inset - pens.cage;
            assert!(to_box_line >= 0.5, "{side}x{side} on {trim}: {to_box_line:.2} pt from the box line");
            assert!(to_neighbour >= 1.0, "{side}x{side} on {trim}: {to_neighbour:.2} pt between cages");
        }
    }
}
