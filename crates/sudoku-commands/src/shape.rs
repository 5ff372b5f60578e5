//! The shape of a puzzle as data for a front end: its size, its canvas,
//! its houses, what each cell sees, how its rules are drawn and said, all
//! read from the model ([`Puzzle::houses`], [`Puzzle::sight`],
//! [`sudoku_variant::glyphs`], [`sudoku_variant::rules_text`]), so that
//! the page's peers and candidates are the engine's, the hints' and the
//! checker's, and the page draws a rule without knowing it.

use serde::Serialize;
use sudoku_variant::{digit_char, Glyph, HouseKind, Puzzle};

/// A puzzle's shape: `{"size": 9, "side": 9, "cells": [...], "houses":
/// [...], "peers": [...], "near": [...], "glyphs": [...], "title":
/// "Killer", "rules": "Place ...", "symbols": "123456789"}`.
#[derive(Debug, Clone, Serialize)]
pub struct ShapeJson {
    /// Digits run 1..=size.
    size: usize,
    /// Side of the canvas (21 for a samurai); cells are numbered row by
    /// row over it.
    side: usize,
    /// The canvas positions that are cells (all but a samurai's gaps).
    cells: Vec<u16>,
    /// Every house: n cells that hold every digit once.
    houses: Vec<HouseJson>,
    /// For each canvas position, the cells whose digit it may not repeat
    /// (houses, cages, the rules' groups such as a knight's move).
    peers: Vec<Vec<u16>>,
    /// For each canvas position, the cells whose digit it may not be next
    /// to (non-consecutive neighbours).
    near: Vec<Vec<u16>>,
    /// How the rules and constraints are drawn, under the digits.
    glyphs: Vec<GlyphJson>,
    /// A short name of the variant (`Killer X`, `16×16`, `Classic`).
    title: String,
    /// The rules as one paragraph, as a book prints them.
    rules: String,
    /// The character of each digit, 1 first (`123456789ABCDEFG`).
    symbols: String,
}

/// One shape a rule is drawn with ([`Glyph`]), in cell units: a cell's
/// centre is at (column + 0.5, row + 0.5); grays run from 0 (black) to 1.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum GlyphJson {
    /// A line through the centres of cells (a thermometer, an arrow).
    Path { cells: Vec<u16>, width: f32, gray: f32, arrowhead: bool, from_edge: f32 },
    /// A filled disc (a bulb, an arrow's circle).
    Disc { cell: u16, radius: f32, gray: f32 },
    /// A filled square.
    Square { cell: u16, side: f32, gray: f32 },
    /// A dashed outline inside a group of cells, a label in the first.
    Cage { cells: Vec<u16>, label: Option<String> },
    /// Shaded cells (X's diagonals, windoku's windows).
    Shade { cells: Vec<u16> },
    /// A disc at a point in cell units (a kropki dot), over the lines.
    Dot { x: f32, y: f32, radius: f32, gray: f32, ring: f32 },
    /// Text centred on a point in cell units, over the lines.
    Text { x: f32, y: f32, size: f32, text: String },
    /// A line through points in cell units, over the lines.
    Stroke { points: Vec<[f32; 2]>, width: f32, gray: f32, arrowhead: bool },
}

impl GlyphJson {
    fn of(glyph: Glyph) -> GlyphJson {
        match glyph {
            Glyph::Path { cells, width, gray, arrowhead, from_edge } => {
                GlyphJson::Path { cells, width, gray, arrowhead, from_edge }
            }
            Glyph::Disc { cell, radius, gray } => GlyphJson::Disc { cell, radius, gray },
            Glyph::Square { cell, side, gray } => GlyphJson::Square { cell, side, gray },
            Glyph::Cage { cells, label } => GlyphJson::Cage { cells, label },
            Glyph::Shade { cells } => GlyphJson::Shade { cells },
            Glyph::Dot { x, y, radius, gray, ring } => GlyphJson::Dot { x, y, radius, gray, ring },
            Glyph::Text { x, y, size, text } => GlyphJson::Text { x, y, size, text },
            Glyph::Stroke { points, width, gray, arrowhead } => {
                GlyphJson::Stroke { points, width, gray, arrowhead }
            }
        }
    }
}

/// One house of a [`ShapeJson`].
#[derive(Debug, Clone, Serialize)]
pub struct HouseJson {
    /// `row`, `column`, `box`, `region`, or the name of the rule that adds
    /// it (`x`, `windoku`, ...).
    kind: &'static str,
    /// As hints name it: `row 3`, `diagonal from r1c1`.
    name: String,
    /// Its canvas cells, ascending.
    cells: Vec<u16>,
}

impl ShapeJson {
    /// The shape of `puzzle` (its givens aside).
    pub fn of(puzzle: &Puzzle) -> ShapeJson {
        let houses = puzzle
            .houses()
            .into_iter()
            .map(|h| HouseJson {
                kind: match h.kind {
                    HouseKind::Row => "row",
                    HouseKind::Column => "column",
                    HouseKind::Box => "box",
                    HouseKind::Region => "region",
                    HouseKind::Rule(rule) => rule.name(),
                },
                name: puzzle.house_name(h.kind, &h.cells),
                cells: h.cells,
            })
            .collect();
        let sight = puzzle.sight();
        ShapeJson {
            size: puzzle.size(),
            side: puzzle.side(),
            cells: puzzle.cells().into_iter().map(|c| c as u16).collect(),
            houses,
            peers: sight.peers,
            near: sight.near,
            glyphs: sudoku_variant::glyphs(puzzle).into_iter().map(GlyphJson::of).collect(),
            title: sudoku_variant::variant_name(puzzle),
            rules: sudoku_variant::rules_text(puzzle),
            symbols: (1..=puzzle.size() as u8).map(digit_char).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classic grid's 27 houses, checked against rows, columns and
    /// boxes written out here; X adds the two diagonals by name.
    #[test]
    fn the_classic_shape_is_27_houses_and_x_adds_two() {
        let shape = ShapeJson::of(&Puzzle::blank(9).unwrap());
        assert_eq!((shape.size, shape.side, shape.houses.len()), (9, 9, 27));
        for k in 0..9u16 {
            let row: Vec<u16> = (0..9).map(|c| k * 9 + c).collect();
            let col: Vec<u16> = (0..9).map(|r| r * 9 + k).collect();
            let boxed: Vec<u16> = {
                let mut b: Vec<u16> = (0..9).map(|j| (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3).collect();
                b.sort_unstable();
                b
            };
            for (kind, cells) in [("row", row), ("column", col), ("box", boxed)] {
                assert!(shape.houses.iter().any(|h| h.kind == kind && h.cells == cells), "{kind} {k}");
            }
        }
        assert_eq!(shape.houses[0].name, "row 1");
        let x =
            Puzzle::blank(9).unwrap().with_rules(sudoku_variant::Kinds::parse_list("x").unwrap()).unwrap();
        let shape = ShapeJson::of(&x);
        let diagonals: Vec<&HouseJson> = shape.houses.iter().filter(|h| h.kind == "x").collect();
        assert_eq!(diagonals.len(), 2);
        assert_eq!(diagonals[0].cells, (0..9).map(|k| k * 10).collect::<Vec<u16>>());
        assert_eq!(diagonals[0].name, "diagonal from r1c1");
    }
}
