//! The words for a puzzle's rules: a rules paragraph (a book section's,
//! the page's above the grid) and a short name for the variant, both read
//! from the puzzle itself; and the shapes its rules are drawn with.

use crate::constraint::{Glyph, Instance};
use crate::{digit_char, Layout, LayoutName, Puzzle};

/// A short name for the puzzle's kind: `Killer X`, `Jigsaw`, `16×16`,
/// `Samurai`, `6×6 Anti-knight`; `Classic` for a classic 9×9.
pub fn variant_name(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let mut words: Vec<String> = Vec::new();
    if n != 9 {
        words.push(format!("{n}×{n}"));
    }
    // A kind that tiles the grid names it before its shape (`Killer
    // Jigsaw`); the others after.
    let (tiling, others): (Vec<_>, Vec<_>) = puzzle.kinds().iter().partition(|k| k.tiles());
    words.extend(tiling.iter().map(|k| k.title().to_string()));
    match puzzle.layout() {
        Layout::Regions(_) => words.push("Jigsaw".into()),
        Layout::Grids(grids) => words.push(grids.name().map_or("Overlapping", |l| l.title()).into()),
        Layout::Boxes { .. } => {}
    }
    words.extend(others.iter().map(|k| k.title().to_string()));
    if words.is_empty() {
        "Classic".into()
    } else {
        words.join(" ")
    }
}

/// The rules of the puzzle as one paragraph, printed once under a
/// section's title: the digits and houses, then each rule of the whole
/// grid, then each kind drawn on it (the cages first).
///
/// ```
/// use sudoku_variant::rules_text;
/// use sudoku_variant::{Kinds, Puzzle};
///
/// let x = Puzzle::parse_line(&".".repeat(81), None)?.with_rules(Kinds::parse_list("x")?)?;
/// assert!(rules_text(&x).contains("diagonals"));
/// # Ok::<(), sudoku_variant::VariantError>(())
/// ```
pub fn rules_text(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let digits = if n <= 9 {
        format!("the digits 1 to {n}")
    } else {
        format!("the digits 1 to 9 and the letters A to {} (for 10 to {n})", digit_char(n as u8))
    };
    let mut text = match puzzle.layout() {
        Layout::Boxes { rows, cols } => format!(
            "Place {digits} so that every row, every column and every {rows}×{cols} box outlined in bold \
             holds each of them exactly once."
        ),
        Layout::Regions(_) => format!(
            "Place {digits} so that every row, every column and every region outlined in bold holds \
             each of them exactly once."
        ),
        Layout::Grids(grids) => {
            let (rows, cols) = puzzle.box_shape();
            format!(
                "{} Place {digits} so that in each grid every row, every column and every {rows}×{cols} \
                 box holds each of them exactly once; a cell two grids share belongs to the houses of both.",
                overlap(grids)
            )
        }
    };
    let mut say = |sentence: String| {
        text.push(' ');
        text.push_str(&sentence);
    };
    for rule in puzzle.rules().iter() {
        say(rule.rule_text(puzzle));
    }
    for kind in puzzle.kinds().drawn().iter() {
        say(kind.rule_text(puzzle));
    }
    text
}

/// How the grids of a layout overlap, as the first sentence of its rules.
fn overlap(grids: &crate::Grids) -> String {
    let n = grids.size();
    match grids.name() {
        Some(LayoutName::Samurai) => "Five 9×9 grids overlap at their corner boxes.".into(),
        Some(LayoutName::Twodoku) => "Two 9×9 grids share a corner box.".into(),
        Some(LayoutName::Butterfly) => {
            "Four 9×9 grids overlap, each shifted by one box from the next.".into()
        }
        Some(LayoutName::Sohei) => {
            "Four 9×9 grids form a ring, each sharing a corner box with two others.".into()
        }
        Some(LayoutName::Flower) => {
            "Five 9×9 grids overlap: a centre grid and four shifted one box up, left, right and down.".into()
        }
        Some(LayoutName::Sumo) => "Thirteen 9×9 grids overlap at their corner boxes.".into(),
        Some(LayoutName::Shogun) => "Eleven 9×9 grids overlap at their corner boxes.".into(),
        None => format!("{} {n}×{n} grids overlap.", grids.corners().len()),
    }
}

/// The glyphs of every rule and constraint of the puzzle
/// ([`crate::Kind::glyphs`]), rules first: what a book's page and the page
/// of `sudoku serve` draw under the digits.
pub fn glyphs(puzzle: &Puzzle) -> Vec<Glyph> {
    let none = Instance::default();
    let rules = puzzle.rules().iter().flat_map(|rule| rule.glyphs(puzzle, &none));
    rules.chain(puzzle.constraints().iter().flat_map(|c| c.kind().glyphs(puzzle, c.instance()))).collect()
}
