//! Lines between two marked ends, whose rule ties the digits on the line
//! to the two end digits: double arrows (a circle at each end; the digits
//! between add up to the two circles' digits), between lines (a circle at
//! each end; every digit between lies strictly between the two end
//! digits) and lockout lines (a diamond at each end; the end digits differ
//! by at least the line's difference, and no digit between lies between
//! them or equals one: each is outside the closed interval of the ends).
//! One part each: the cells from one end to the other, each touching the
//! next (diagonally too). JSON `{"kind":"between","cells":["r1c1","r1c2",
//! "r1c3"]}`, a lockout line with an optional `"difference"`; f-puzzles
//! `doublearrow`, `betweenline` and `lockout` entries
//! `{"lines":[["R1C1","R1C2","R1C3"]]}` (each line of an entry one line,
//! its first and last cells the ends).
//!
//! Choices where setters differ: a lockout line's difference is 4 on 9×9
//! and (n - 1) / 2 on n×n unless the line states its own (f-puzzles'
//! `value`, as pencilmark reads it; JSON `difference`). Double arrows and
//! between lines have 3 cells or more (a cell between the ends); a lockout
//! line may have 2 (then it only parts its ends).

use rand::RngCore;
use serde_json::{json, Value};

use super::util::{
    check_line, fp_cells, json_cells, names, narrow_equal_sums, steps, up_to, walk_lines, Side,
};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// What a line says of its digits and its ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// The digits between add up to the two ends'.
    DoubleArrow,
    /// The digits between lie strictly between the ends'.
    Between,
    /// The ends differ by the difference or more, the digits between lie
    /// outside the ends' closed interval.
    Lockout,
}

/// A kind of line with marked ends: its names and its rule as data.
pub struct EndsRule {
    name: &'static str,
    aliases: &'static [&'static str],
    title: &'static str,
    /// How a hint names one, before its first cell's name.
    called: &'static str,
    fpuzzles: &'static str,
    rule: Rule,
    /// Drawn width and gray of the line.
    width: f32,
    gray: f32,
}

/// Double arrows.
pub static DOUBLE_ARROW: EndsRule = EndsRule {
    name: "double-arrow",
    aliases: &["doublearrows"],
    title: "Double Arrow",
    called: "double arrow from",
    fpuzzles: "doublearrow",
    rule: Rule::DoubleArrow,
    width: 0.06,
    gray: 0.3,
};

/// Between lines.
pub static BETWEEN: EndsRule = EndsRule {
    name: "between",
    aliases: &["betweenline", "betweenlines"],
    title: "Between Lines",
    called: "between line from",
    fpuzzles: "betweenline",
    rule: Rule::Between,
    width: 0.12,
    gray: 0.6,
};

/// Lockout lines.
pub static LOCKOUT: EndsRule = EndsRule {
    name: "lockout",
    aliases: &["lockoutline", "lockoutlines"],
    title: "Lockout",
    called: "lockout line from",
    fpuzzles: "lockout",
    rule: Rule::Lockout,
    width: 0.18,
    gray: 0.72,
};

/// Radius of the drawn end circles (as arrow's).
const RADIUS: f32 = 0.4;
/// Half the diagonal of a drawn lockout diamond.
const DIAMOND: f32 = 0.38;

/// A lockout line's difference on a grid of `n` digits when the line
/// states none: 4 on 9×9.
fn default_difference(n: usize) -> u32 {
    (n as u32 - 1) / 2
}

/// The digits strictly between `lo` and `hi` (lo < hi), as a mask.
fn inside(lo: u32, hi: u32) -> u32 {
    up_to(hi - 1) & !up_to(lo)
}

impl EndsRule {
    /// The difference a lockout line's ends need.
    fn difference(&self, it: &Instance, n: usize) -> u32 {
        it.value.unwrap_or_else(|| default_difference(n))
    }

    /// Whether `digits` (a full line, ends first and last) keep the rule,
    /// with `difference` for a lockout line.
    fn keeps(&self, digits: &[u8], difference: u32) -> bool {
        let (&a, &b) = (digits.first().expect("two ends"), digits.last().expect("two ends"));
        let (lo, hi) = (a.min(b), a.max(b));
        let middle = &digits[1..digits.len() - 1];
        match self.rule {
            Rule::DoubleArrow => {
                u32::from(a) + u32::from(b) == middle.iter().map(|&d| u32::from(d)).sum::<u32>()
            }
            Rule::Between => middle.iter().all(|&d| lo < d && d < hi),
            Rule::Lockout => u32::from(hi - lo) >= difference && middle.iter().all(|&d| d < lo || d > hi),
        }
    }

    /// The digits a cell between may hold when the ends hold `a` and `b`
    /// (1..=`n`), for between and lockout lines; none when the ends
    /// themselves break the rule.
    fn middle_mask(&self, a: u32, b: u32, n: usize, difference: u32) -> u32 {
        let (lo, hi) = (a.min(b), a.max(b));
        match self.rule {
            Rule::Between if hi > lo + 1 => inside(lo, hi),
            Rule::Lockout if hi - lo >= difference => {
                up_to(n as u32) & !(inside(lo, hi) | 1 << (lo - 1) | 1 << (hi - 1))
            }
            _ => 0,
        }
    }
}

impl Kind for EndsRule {
    fn name(&self) -> &'static str {
        self.name
    }

    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn rule_text(&self, puzzle: &Puzzle) -> String {
        match self.rule {
            Rule::DoubleArrow => "The digits along a line with a circle at each end add up to the sum of the \
                                  two circled digits; digits may repeat unless a row, column or box forbids it."
                .into(),
            Rule::Between => "Every digit along a line with a circle at each end lies strictly between the \
                              digits in the two circles."
                .into(),
            Rule::Lockout => format!(
                "The digits in the diamonds at the ends of a lockout line differ by at least {} (unless the \
                 line says otherwise), and no digit along the line lies between them or equals one of them.",
                default_difference(puzzle.size())
            ),
        }
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("{} {first}", self.called)
    }

    fn noun(&self) -> &'static str {
        match self.rule {
            Rule::DoubleArrow => "double arrow",
            Rule::Between => "between line",
            Rule::Lockout => "lockout line",
        }
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let [cells] = &it.parts[..] else { return Err(format!("a {} line is one line of cells", self.name)) };
        check_line(puzzle, cells, self.name)?;
        let least = if self.rule == Rule::Lockout { 2 } else { 3 };
        if cells.len() < least || cells.len() > puzzle.canvas_len() {
            return Err(format!("a {} line has {least} cells or more, not {}", self.name, cells.len()));
        }
        match (self.rule, it.value) {
            (Rule::Lockout, Some(k)) if k == 0 || k as usize >= puzzle.size() => {
                Err(format!("a lockout line's difference is 1 to {}, not {k}", puzzle.size() - 1))
            }
            (Rule::Lockout, _) if puzzle.size() < 3 => Err("lockout lines need 3 digits or more".into()),
            (Rule::Lockout, _) | (_, None) => Ok(()),
            (_, Some(v)) => Err(format!("a {} line has no number, not {v}", self.name)),
        }
    }

    fn holds(&self, puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        let digits: Vec<u8> = it.parts[0].iter().map(|&c| grid[usize::from(c)]).collect();
        self.keeps(&digits, self.difference(it, puzzle.size()))
    }

    /// Double arrows by the two sums (as arrows); between and
    /// lockout lines by every pair of end digits: a pair stays when each
    /// cell between can take a digit it allows, and each cell keeps what
    /// the pairs that stay allow it.
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let cells = &it.parts[0];
        let (a, b, middle) = (cells[0], cells[cells.len() - 1], &cells[1..cells.len() - 1]);
        if self.rule == Rule::DoubleArrow {
            return narrow_equal_sums(&[Side::sum(&[a, b]), Side::sum(middle)], n, board);
        }
        let full = up_to(n as u32);
        let difference = self.difference(it, n);
        let (ma, mb) = (board.get(a) & full, board.get(b) & full);
        let (mut keep_a, mut keep_b, mut keep_middle) = (0u32, 0u32, 0u32);
        for x in (1..=n as u32).filter(|x| ma >> (x - 1) & 1 == 1) {
            for y in (1..=n as u32).filter(|y| mb >> (y - 1) & 1 == 1) {
                let allowed = self.middle_mask(x, y, n, difference);
                let fits = match self.rule {
                    Rule::Lockout => x.abs_diff(y) >= difference,
                    _ => allowed != 0,
                };
                if fits && middle.iter().all(|&c| board.get(c) & allowed != 0) {
                    keep_a |= 1 << (x - 1);
                    keep_b |= 1 << (y - 1);
                    keep_middle |= allowed;
                }
            }
        }
        board.remove(a, full & !keep_a)
            && board.remove(b, full & !keep_b)
            && middle.iter().all(|&c| board.remove(c, full & !keep_middle))
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        let mut it = Instance::of(vec![json_cells(object.get("cells"), "cells", cell)?]);
        if let Some(v) = object.get("difference").filter(|v| !v.is_null()) {
            if self.rule != Rule::Lockout {
                return Err(format!("a {} line has no difference", self.name));
            }
            let k = v.as_u64().and_then(|k| u32::try_from(k).ok());
            it.value = Some(k.ok_or_else(|| format!("difference {v} is not a number"))?);
        }
        Ok(it)
    }

    fn json_keys(&self, it: &Instance) -> Option<&'static [&'static str]> {
        Some(match it.value {
            Some(_) => &["cells", "difference"],
            None => &["cells"],
        })
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        let mut out = vec![("cells", names(&it.parts[0], name))];
        if let Some(k) = it.value {
            out.push(("difference", json!(k)));
        }
        out
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some(self.fpuzzles)
    }

    /// A lockout entry's `value` is the difference of its lines (a number
    /// or a numeric string); any other kind's entry with a value is
    /// refused, never read without it.
    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let value = match entry.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(v) => Some(
                v.as_u64()
                    .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                    .and_then(|k| u32::try_from(k).ok())
                    .ok_or_else(|| format!("{} value {v} is not a number", self.fpuzzles))?,
            ),
        };
        if value.is_some() && self.rule != Rule::Lockout {
            return Err(format!("{} lines with a value (none is known)", self.fpuzzles));
        }
        let lines = entry.get("lines").and_then(Value::as_array).ok_or("expected \"lines\"")?;
        lines.iter().map(|line| Ok(Instance { parts: vec![fp_cells(line, cell)?], value })).collect()
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        match it.value {
            Some(k) => json!({ "lines": [names(&it.parts[0], name)], "value": k }),
            None => json!({ "lines": [names(&it.parts[0], name)] }),
        }
    }

    /// The line, then its ends on top: rings as arrow's circles, or white
    /// squares under black diamonds.
    fn glyphs(&self, puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let cells = &it.parts[0];
        let ends = [cells[0], cells[cells.len() - 1]];
        let mut out = vec![Glyph::Path {
            cells: cells.clone(),
            width: self.width,
            gray: self.gray,
            arrowhead: false,
            from_edge: 0.0,
        }];
        match self.rule {
            Rule::Lockout => {
                let side = puzzle.side() as u16;
                for cell in ends {
                    out.push(Glyph::Square { cell, side: 0.5, gray: 1.0 });
                    let (x, y) = (f32::from(cell % side) + 0.5, f32::from(cell / side) + 0.5);
                    let points =
                        [(0.0, -DIAMOND), (DIAMOND, 0.0), (0.0, DIAMOND), (-DIAMOND, 0.0), (0.0, -DIAMOND)];
                    let points = points.iter().map(|&(dx, dy)| [x + dx, y + dy]).collect();
                    out.push(Glyph::Stroke { points, width: 0.05, gray: 0.0, arrowhead: false });
                }
            }
            _ => {
                for (gray, radius) in [(0.0, RADIUS), (1.0, RADIUS - 0.05)] {
                    out.extend(ends.iter().map(|&cell| Glyph::Disc { cell, radius, gray }));
                }
            }
        }
        out
    }

    /// About one line for every two digits, of 3 to 5 cells, each a random
    /// walk over cells no other constraint uses that the solution's digits
    /// keep: the cells between stay within reach of a rule the last cell
    /// can still close.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let n = puzzle.size();
        let wanted = (n / 2).max(2);
        let difference = default_difference(n);
        let digits = |line: &[u16]| line.iter().map(|&c| solution[usize::from(c)]).collect::<Vec<u8>>();
        let fits = |line: &[u16], c: u16, length: usize| {
            let mut d = digits(line);
            d.push(solution[usize::from(c)]);
            let (k, first) = (d.len() - 1, d[0]);
            if k == length - 1 {
                return self.keeps(&d, difference);
            }
            match self.rule {
                // The last end must be able to make up the difference.
                Rule::DoubleArrow => {
                    d[1..].iter().map(|&x| usize::from(x)).sum::<usize>() < usize::from(first) + n
                }
                // All on one side of the first end.
                Rule::Between => d[1..].iter().all(|&x| x > first) || d[1..].iter().all(|&x| x < first),
                Rule::Lockout => d[k] != first,
            }
        };
        let length = |rng: &mut dyn RngCore| 3 + rng.next_u32() as usize % 3;
        let around = |at: u16, used: &[bool]| steps(puzzle, at, used);
        let keep = |line: &[u16]| self.keeps(&digits(line), difference);
        walk_lines(puzzle, rng, (wanted, wanted * 60), length, around, fits, keep)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{narrow_is_exact, narrow_matches_brute_force};
    use super::*;

    #[test]
    fn each_rule_keeps_and_breaks() {
        assert!(DOUBLE_ARROW.keeps(&[2, 4, 3, 5], 0) && !DOUBLE_ARROW.keeps(&[2, 4, 3, 6], 0));
        assert!(BETWEEN.keeps(&[2, 4, 3, 5], 0) && BETWEEN.keeps(&[9, 4, 8, 1], 0));
        assert!(!BETWEEN.keeps(&[2, 5, 3, 5], 0) && !BETWEEN.keeps(&[4, 5, 4], 0));
        assert!(LOCKOUT.keeps(&[2, 1, 8, 9, 6], 4) && !LOCKOUT.keeps(&[2, 1, 8, 9, 5], 4));
        assert!(
            !LOCKOUT.keeps(&[2, 6, 7], 4) && !LOCKOUT.keeps(&[2, 2, 7], 4) && !LOCKOUT.keeps(&[2, 8, 5], 4)
        );
    }

    /// Narrowing keeps every digit a completion uses and refuses single
    /// digits that break the rule: brute force over short lines, with
    /// lockout differences 1 to 4 on six digits.
    #[test]
    fn narrowing_matches_brute_force() {
        for rule in [&DOUBLE_ARROW, &BETWEEN, &LOCKOUT] {
            let least = if rule.rule == Rule::Lockout { 2 } else { 3 };
            let make = |len: usize, next: &mut dyn FnMut() -> u32| Instance {
                parts: vec![(0..len as u16).collect()],
                value: (rule.rule == Rule::Lockout && next() % 2 == 0).then(|| 1 + next() % 4),
            };
            let keeps = |it: &Instance, d: &[u8]| rule.keeps(d, rule.difference(it, 6));
            match rule.rule {
                // (One pass keeps exactly the digits some line uses.)
                Rule::Between | Rule::Lockout => narrow_is_exact(rule, 6, least..=5, make, keeps),
                Rule::DoubleArrow => narrow_matches_brute_force(rule, 6, least..=5, make, keeps),
            }
        }
    }
}
