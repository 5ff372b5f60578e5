//! Marks on the edge between two orthogonal neighbours, each saying how
//! their two digits relate: kropki dots, XV letters and greater-than
//! chevrons. One part each: the two cells.
//!
//! - `kropki`: a white dot (the instance's number 1, as f-puzzles'
//!   difference of 1) joins consecutive digits; a black dot (number 2, the
//!   ratio) joins two digits one of which is twice the other (1 and 2 may
//!   carry either). JSON `{"kind":"kropki","cells":["r1c1","r1c2"],
//!   "dot":"white"}` (or `"black"`); f-puzzles `difference` (white) and
//!   `ratio` (black) entries `{"cells":["R1C1","R1C2"]}`, whose `value`,
//!   when given, must be 1 (difference) or 2 (ratio): other differences
//!   and ratios are refused by name.
//! - `xv`: an X joins two digits adding up to 10 (the number 10), a V two
//!   adding up to 5 (the number 5). JSON `{"kind":"xv","cells":[...],
//!   "letter":"X"}`; f-puzzles `xv` entries `{"cells":[...],"value":"X"}`.
//! - `greater-than`: a chevron points to the smaller digit; the greater
//!   cell comes first. JSON `{"kind":"greater-than","cells":["r1c1",
//!   "r1c2"]}` (r1c1 > r1c2). f-puzzles has no such element: writing one
//!   is refused by name.
//!
//! Which pairs carry no mark matters to the rules that say all marks are
//! given (`negative.rs`) and to non-consecutive, which leaves a pair with
//! a dot or a letter alone, as f-puzzles does ([`edge_marked`]).

use rand::RngCore;
use serde_json::{json, Value};

use super::util::{fp_cells, json_cells, names, shuffle, up_to};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// What an edge mark says of its two digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// White (1: consecutive) or black (2: one twice the other) dots.
    Kropki,
    /// The two add up to the number (10 for X, 5 for V).
    Xv,
    /// The first is greater than the second.
    GreaterThan,
}

/// A kind of edge mark: its names and its relation as data.
pub struct EdgeRule {
    name: &'static str,
    aliases: &'static [&'static str],
    title: &'static str,
    mark: Mark,
}

/// Kropki dots.
pub static KROPKI: EdgeRule =
    EdgeRule { name: "kropki", aliases: &["kropkidots", "dots"], title: "Kropki", mark: Mark::Kropki };

/// XV.
pub static XV: EdgeRule = EdgeRule { name: "xv", aliases: &["xvsudoku"], title: "XV", mark: Mark::Xv };

/// Greater-than.
pub static GREATER_THAN: EdgeRule = EdgeRule {
    name: "greater-than",
    aliases: &["greaterthan", "inequality", "gt"],
    title: "Greater-than",
    mark: Mark::GreaterThan,
};

/// The number of a white dot.
pub(crate) const WHITE: u32 = 1;
/// The number of a black dot.
pub(crate) const BLACK: u32 = 2;

/// Whether a pair of digits on a mark of kind `mark` with number `value`
/// keeps its rule.
fn fits(mark: Mark, value: Option<u32>, x: u32, y: u32) -> bool {
    match (mark, value) {
        (Mark::Kropki, Some(WHITE)) => x.abs_diff(y) == 1,
        (Mark::Kropki, Some(BLACK)) => x == 2 * y || y == 2 * x,
        (Mark::Xv, Some(sum)) => x + y == sum,
        (Mark::GreaterThan, None) => x > y,
        _ => false,
    }
}

/// The digits `y` (bit `y - 1`, up to `n`) with which `x` keeps the rule
/// of a mark: [`fits`] as a mask.
fn partners(mark: Mark, value: Option<u32>, x: u32, n: u32) -> u32 {
    let digit = |d: u32| if (1..=n).contains(&d) { 1u32 << (d - 1) } else { 0 };
    match (mark, value) {
        (Mark::Kropki, Some(WHITE)) => digit(x - 1) | digit(x + 1),
        (Mark::Kropki, Some(BLACK)) => digit(2 * x) | if x % 2 == 0 { digit(x / 2) } else { 0 },
        (Mark::Xv, Some(sum)) if x < sum => digit(sum - x),
        (Mark::GreaterThan, None) => up_to(x - 1),
        _ => 0,
    }
}

/// Whether the edge between canvas cells `a` and `b` carries a kropki dot
/// or an XV letter (a chevron does not count: it says nothing of
/// consecutive digits or sums).
pub(crate) fn edge_marked(puzzle: &Puzzle, a: u16, b: u16) -> bool {
    marked(puzzle, a, b, &EDGE_MARKS)
}

/// The kinds whose mark on an edge [`edge_marked`] counts.
const EDGE_MARKS: [&str; 2] = ["kropki", "xv"];

/// The orthogonal pairs of canvas cells whose edge carries no kropki dot
/// and no XV letter ([`edge_marked`] of each pair, with the marks looked
/// up once: each cell's edges to its right and lower neighbours).
pub(crate) fn unmarked_pairs(puzzle: &Puzzle) -> Vec<(u16, u16)> {
    let side = puzzle.side();
    // `edge(a, b)`, `a < b`: 2a for the right neighbour, 2a + 1 below.
    let edge = |a: u16, b: u16| 2 * usize::from(a) + usize::from(b - a != 1);
    let mut marked = vec![false; 2 * puzzle.canvas_len()];
    for c in puzzle.constraints().iter().filter(|c| EDGE_MARKS.contains(&c.kind().name())) {
        if let [p] = c.parts() {
            if let &[x, y] = &p[..] {
                let (a, b) = (x.min(y), x.max(y));
                if b - a == 1 || usize::from(b - a) == side {
                    marked[edge(a, b)] = true;
                }
            }
        }
    }
    // The orthogonal pairs in order (each cell's right neighbour, then the
    // one below), those unmarked.
    let mut out = Vec::with_capacity(2 * puzzle.canvas_len());
    for a in (0..puzzle.canvas_len()).filter(|&a| puzzle.is_cell(a)) {
        let (right, below) = (a + 1, a + side);
        if right % side != 0 && puzzle.is_cell(right) && !marked[2 * a] {
            out.push((a as u16, right as u16));
        }
        if below < puzzle.canvas_len() && puzzle.is_cell(below) && !marked[2 * a + 1] {
            out.push((a as u16, below as u16));
        }
    }
    out
}

/// Whether the edge between `a` and `b` carries a mark of one of `kinds`.
fn marked(puzzle: &Puzzle, a: u16, b: u16, kinds: &[&str]) -> bool {
    puzzle.constraints().iter().any(|c| {
        kinds.contains(&c.kind().name())
            && matches!(c.parts(), [p] if p.len() == 2 && p.contains(&a) && p.contains(&b))
    })
}

/// The point in the middle of the edge between two canvas cells, in cell
/// units.
fn midpoint(side: usize, a: u16, b: u16) -> (f32, f32) {
    let at = |c: u16| ((usize::from(c) % side) as f32 + 0.5, (usize::from(c) / side) as f32 + 0.5);
    let ((xa, ya), (xb, yb)) = (at(a), at(b));
    ((xa + xb) / 2.0, (ya + yb) / 2.0)
}

impl EdgeRule {
    /// The numbers an instance may carry.
    fn values(&self) -> &'static [Option<u32>] {
        match self.mark {
            Mark::Kropki => &[Some(WHITE), Some(BLACK)],
            Mark::Xv => &[Some(10), Some(5)],
            Mark::GreaterThan => &[None],
        }
    }

    /// The JSON field naming the number, and its words.
    fn word(&self, value: Option<u32>) -> &'static str {
        match (self.mark, value) {
            (Mark::Kropki, Some(WHITE)) => "white",
            (Mark::Kropki, _) => "black",
            (Mark::Xv, Some(10)) => "X",
            (Mark::Xv, _) => "V",
            (Mark::GreaterThan, _) => "",
        }
    }

    /// The JSON field of the number.
    fn field(&self) -> Option<&'static str> {
        match self.mark {
            Mark::Kropki => Some("dot"),
            Mark::Xv => Some("letter"),
            Mark::GreaterThan => None,
        }
    }

    /// Reads a word (`white`, `X`) into its number.
    fn value_of(&self, word: &str) -> Option<Option<u32>> {
        self.values().iter().copied().find(|&v| self.word(v).eq_ignore_ascii_case(word))
    }
}

impl Kind for EdgeRule {
    fn name(&self) -> &'static str {
        self.name
    }

    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn noun(&self) -> &'static str {
        match self.mark {
            Mark::Kropki => "dot",
            Mark::Xv => "letter",
            Mark::GreaterThan => "chevron",
        }
    }

    /// Said once for the kind; kropki names only the colours the puzzle
    /// has.
    fn rule_text(&self, puzzle: &Puzzle) -> String {
        match self.mark {
            Mark::Kropki => {
                let colours: Vec<Option<u32>> = puzzle
                    .constraints()
                    .iter()
                    .filter(|c| c.kind().name() == self.name)
                    .map(|c| c.value())
                    .collect();
                let white = "Digits joined by a white dot are consecutive.";
                let black = "Of two digits joined by a black dot, one is twice the other.";
                match (colours.contains(&Some(WHITE)), colours.contains(&Some(BLACK))) {
                    (true, false) => white.into(),
                    (false, true) => black.into(),
                    _ => format!("{white} {black}"),
                }
            }
            Mark::Xv => "Digits joined by an X add up to 10; digits joined by a V add up to 5.".into(),
            Mark::GreaterThan => "A chevron between two cells points to the smaller digit.".into(),
        }
    }

    fn describe(&self, first: &str, value: Option<u32>) -> String {
        match self.mark {
            Mark::Kropki => format!("{} dot at {first}", self.word(value)),
            Mark::Xv => format!("{} at {first}", self.word(value)),
            Mark::GreaterThan => format!("chevron from {first}"),
        }
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let noun = self.noun();
        let [cells] = &it.parts[..] else { return Err(format!("a {noun} joins one pair of cells")) };
        let &[a, b] = &cells[..] else {
            return Err(format!("a {noun} joins two cells, not {}", cells.len()));
        };
        for c in [a, b] {
            if !puzzle.is_cell(usize::from(c)) {
                return Err(format!("{noun}: a position is not a cell"));
            }
        }
        let side = puzzle.side();
        let (a, b) = (usize::from(a), usize::from(b));
        let beside =
            (a / side == b / side && a.abs_diff(b) == 1) || (a % side == b % side && a.abs_diff(b) == side);
        if !beside {
            return Err(format!(
                "{noun}: {} and {} are not orthogonal neighbours",
                puzzle.cell_name(a),
                puzzle.cell_name(b)
            ));
        }
        if !self.values().contains(&it.value) {
            return Err(match it.value {
                Some(v) => format!("{noun}: {v} is not a number a {} takes", self.name),
                None => format!("{noun}: the {} needs its number", self.name),
            });
        }
        Ok(())
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        let [a, b] = [it.parts[0][0], it.parts[0][1]].map(|c| u32::from(grid[usize::from(c)]));
        fits(self.mark, it.value, a, b)
    }

    /// Dots and chevrons join different digits (a sum of 10 may be 5 + 5
    /// as far as the letter goes).
    fn distinct(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Vec<u16>> {
        match self.mark {
            Mark::Xv => Vec::new(),
            _ => it.parts.to_vec(),
        }
    }

    /// The marked pair, its number the tag (0 for none: greater-than).
    fn pairs(&self, it: &Instance, out: &mut Vec<(u16, u16, u32)>) -> bool {
        match &it.parts[..] {
            [pair] if pair.len() == 2 => out.push((pair[0], pair[1], it.value.unwrap_or(0))),
            _ => return false,
        }
        true
    }

    fn pair_allows(&self, tag: u32, x: u32, y: u32) -> bool {
        fits(self.mark, (self.mark != Mark::GreaterThan).then_some(tag), x, y)
    }

    /// Keeps in each cell the digits some digit of the other fits.
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let (a, b) = (it.parts[0][0], it.parts[0][1]);
        let full = up_to(n as u32);
        let (ma, mb) = (board.get(a) & full, board.get(b) & full);
        let (mut keep_a, mut keep_b) = (0u32, 0u32);
        let mut rest = ma;
        while rest != 0 {
            let x = rest.trailing_zeros() + 1;
            rest &= rest - 1;
            let partners = mb & partners(self.mark, it.value, x, n as u32);
            if partners != 0 {
                keep_a |= 1 << (x - 1);
                keep_b |= partners;
            }
        }
        board.remove(a, full & !keep_a) && board.remove(b, full & !keep_b)
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        let cells = json_cells(object.get("cells"), "cells", cell)?;
        let value = match self.field() {
            None => None,
            Some(field) => {
                let word = object.get(field).and_then(Value::as_str).unwrap_or_default();
                self.value_of(word).ok_or_else(|| {
                    let choices: Vec<&str> = self.values().iter().map(|&v| self.word(v)).collect();
                    format!("expected \"{field}\": one of {}", choices.join(", "))
                })?
            }
        };
        Ok(Instance { parts: vec![cells], value })
    }

    fn json_keys(&self, _it: &Instance) -> Option<&'static [&'static str]> {
        Some(match self.field() {
            None => &["cells"],
            Some("dot") => &["cells", "dot"],
            Some(_) => &["cells", "letter"],
        })
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        let mut out = vec![("cells", names(&it.parts[0], name))];
        if let Some(field) = self.field() {
            out.push((field, Value::String(self.word(it.value).into())));
        }
        out
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        match self.mark {
            Mark::Kropki => Some("difference"),
            Mark::Xv => Some("xv"),
            Mark::GreaterThan => None,
        }
    }

    fn fpuzzles_keys(&self) -> Vec<&'static str> {
        match self.mark {
            Mark::Kropki => vec!["difference", "ratio"],
            _ => self.fpuzzles_key().into_iter().collect(),
        }
    }

    fn fpuzzles_key_of(&self, it: &Instance) -> Option<&'static str> {
        match (self.mark, it.value) {
            (Mark::Kropki, Some(BLACK)) => Some("ratio"),
            _ => self.fpuzzles_key(),
        }
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        self.read_fpuzzles_in("difference", entry, cell)
    }

    fn read_fpuzzles_in(&self, key: &str, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let cells = fp_cells(entry.get("cells").ok_or("expected \"cells\"")?, cell)?;
        let given = entry.get("value").filter(|v| !v.is_null());
        let number = |v: &Value| v.as_u64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()));
        let value = match (self.mark, key, given) {
            (Mark::Kropki, "ratio", None) => Some(BLACK),
            (Mark::Kropki, _, None) => Some(WHITE),
            (Mark::Kropki, "ratio", Some(v)) => match number(v) {
                Some(2) => Some(BLACK),
                _ => return Err(format!("black dots of ratio {v} (only 2 is known)")),
            },
            (Mark::Kropki, _, Some(v)) => match number(v) {
                Some(1) => Some(WHITE),
                _ => return Err(format!("white dots of difference {v} (only 1 is known)")),
            },
            (Mark::Xv, _, v) => {
                let word = v.and_then(Value::as_str).unwrap_or_default();
                let bad = || format!("xv value {} is not X or V", v.unwrap_or(&Value::Null));
                Some(self.value_of(word.trim()).flatten().ok_or_else(bad)?)
            }
            (Mark::GreaterThan, _, _) => None,
        };
        Ok(vec![Instance { parts: vec![cells], value }])
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        match self.mark {
            Mark::Xv => json!({ "cells": names(&it.parts[0], name), "value": self.word(it.value) }),
            _ => json!({ "cells": names(&it.parts[0], name) }),
        }
    }

    /// A dot (white ringed, or black), a letter on a white disc, or a
    /// chevron, on the middle of the shared edge.
    fn glyphs(&self, puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let side = puzzle.side();
        let (a, b) = (it.parts[0][0], it.parts[0][1]);
        let (x, y) = midpoint(side, a, b);
        match (self.mark, it.value) {
            (Mark::Kropki, Some(WHITE)) => vec![Glyph::Dot { x, y, radius: 0.12, gray: 1.0, ring: 0.03 }],
            (Mark::Kropki, _) => vec![Glyph::Dot { x, y, radius: 0.12, gray: 0.0, ring: 0.0 }],
            (Mark::Xv, _) => vec![
                Glyph::Dot { x, y, radius: 0.17, gray: 1.0, ring: 0.0 },
                Glyph::Text { x, y, size: 0.3, text: self.word(it.value).into() },
            ],
            (Mark::GreaterThan, _) => {
                // From the greater cell toward the smaller: the tip.
                let (ua, ub) = (usize::from(a), usize::from(b));
                let (dx, dy) =
                    ((ub % side) as f32 - (ua % side) as f32, (ub / side) as f32 - (ua / side) as f32);
                let (l, w) = (0.1, 0.17);
                vec![Glyph::Stroke {
                    points: vec![
                        [x - dx * l - dy * w, y - dy * l - dx * w],
                        [x + dx * l, y + dy * l],
                        [x - dx * l + dy * w, y - dy * l + dx * w],
                    ],
                    width: 0.05,
                    gray: 0.0,
                    arrowhead: false,
                }]
            }
        }
    }

    /// Marks on edges no other mark uses, each true of `solution`: for
    /// kropki, a dot on about one side's count and a half of the
    /// consecutive or doubled pairs (a pair that is both gets either);
    /// for XV, about the side's count of the pairs adding up to 10 or 5;
    /// for greater-than, twice the side's count of chevrons.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let n = puzzle.size();
        let mut pairs: Vec<(u16, u16)> = puzzle
            .orthogonal_pairs()
            .into_iter()
            .filter(|&(a, b)| !marked(puzzle, a, b, &["kropki", "xv", "greater-than"]))
            .collect();
        shuffle(&mut pairs, rng);
        let wanted = match self.mark {
            Mark::Kropki => n + n / 2,
            Mark::Xv => n,
            Mark::GreaterThan => 2 * n,
        };
        let digit = |c: u16| u32::from(solution[usize::from(c)]);
        let mut out = Vec::new();
        for (a, b) in pairs {
            if out.len() == wanted {
                break;
            }
            let (a, b) = match digit(a) > digit(b) {
                true => (a, b),
                false => (b, a),
            };
            let mut values: Vec<Option<u32>> =
                self.values().iter().copied().filter(|&v| fits(self.mark, v, digit(a), digit(b))).collect();
            if values.is_empty() {
                continue;
            }
            shuffle(&mut values, rng);
            // Cells in reading order but for a chevron's, greater first.
            let cells = match self.mark {
                Mark::GreaterThan => vec![a, b],
                _ => vec![a.min(b), a.max(b)],
            };
            out.push(Instance { parts: vec![cells], value: values[0] });
        }
        // White dots before black, as f-puzzles' fields read back.
        out.sort_by_key(|it| it.value);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::constraint::testing::Board;

    #[test]
    fn each_mark_keeps_and_breaks() {
        assert!(fits(Mark::Kropki, Some(WHITE), 4, 5) && !fits(Mark::Kropki, Some(WHITE), 4, 6));
        assert!(fits(Mark::Kropki, Some(BLACK), 3, 6) && fits(Mark::Kropki, Some(BLACK), 2, 1));
        assert!(!fits(Mark::Kropki, Some(BLACK), 3, 5) && fits(Mark::Kropki, Some(WHITE), 2, 1));
        assert!(
            fits(Mark::Xv, Some(10), 3, 7)
                && !fits(Mark::Xv, Some(10), 3, 2)
                && fits(Mark::Xv, Some(5), 3, 2)
        );
        assert!(fits(Mark::GreaterThan, None, 3, 2) && !fits(Mark::GreaterThan, None, 2, 3));
    }

    /// The mask form of each mark's relation is the relation, for every
    /// size.
    #[test]
    fn partners_is_fits_as_a_mask() {
        let marks = [
            (Mark::Kropki, Some(WHITE)),
            (Mark::Kropki, Some(BLACK)),
            (Mark::Xv, Some(10)),
            (Mark::Xv, Some(5)),
            (Mark::Xv, Some(17)),
            (Mark::GreaterThan, None),
        ];
        for (mark, value) in marks {
            for n in [4u32, 6, 9, 16, 25] {
                for x in 1..=n {
                    let mask = partners(mark, value, x, n);
                    assert_eq!(mask & !up_to(n), 0, "{value:?} {n} {x}");
                    for y in 1..=n {
                        assert_eq!(
                            mask >> (y - 1) & 1 == 1,
                            fits(mark, value, x, y),
                            "{value:?} {n} {x} {y}"
                        );
                    }
                }
            }
        }
    }

    /// Narrowing keeps exactly the digits some assignment of the pair
    /// uses (brute force over every candidate mask pair of a 6x6's digits
    /// sampled), and refuses a full assignment that breaks the mark.
    #[test]
    fn narrowing_keeps_every_digit_a_completion_uses() {
        let n = 6u32;
        let it = |value| Instance { parts: vec![vec![0, 1]], value };
        let cases = [
            (&KROPKI, Some(WHITE)),
            (&KROPKI, Some(BLACK)),
            (&XV, Some(10)),
            (&XV, Some(5)),
            (&GREATER_THAN, None),
        ];
        for (rule, value) in cases {
            // Every pair of candidate masks of 6 digits.
            for ma in 1..1u32 << n {
                for mb in (1..1u32 << n).step_by(7) {
                    let mut support = [0u32; 2];
                    for x in 1..=n {
                        for y in 1..=n {
                            if ma >> (x - 1) & 1 == 1
                                && mb >> (y - 1) & 1 == 1
                                && fits(rule.mark, value, x, y)
                            {
                                support[0] |= 1 << (x - 1);
                                support[1] |= 1 << (y - 1);
                            }
                        }
                    }
                    let mut board = Board(vec![ma, mb]);
                    let ok = rule.narrow(&it(value), n as usize, &mut board);
                    let fine = support.iter().all(|&s| s != 0);
                    assert_eq!(ok, fine, "{} {value:?}: {ma:b} {mb:b}", rule.name);
                    if fine {
                        assert_eq!(board.0, support, "{} {value:?}: {ma:b} {mb:b}", rule.name);
                    }
                }
            }
        }
    }

    #[test]
    fn chevrons_point_to_the_smaller_cell() {
        let p = Puzzle::blank(4).unwrap();
        // r1c2 > r1c1: the tip lies left of the edge's middle.
        let glyphs = GREATER_THAN.glyphs(&p, &Instance::of(vec![vec![1, 0]]));
        let Glyph::Stroke { points, .. } = &glyphs[0] else { panic!("a stroke") };
        assert!(points[1][0] < 1.0 && points[0][0] > 1.0 && (points[1][1] - 0.5).abs() < 1e-6);
    }
}
