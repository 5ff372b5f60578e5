//! Lines whose digits follow a rule along them: German whispers (digits
//! next to each other on the line differ by 5 or more), Dutch whispers (4
//! or more), renban (the line's digits are a set of consecutive digits, in
//! any order) and palindromes (the line reads the same both ways). One part
//! each: the cells, each touching the next (diagonally too). JSON
//! `{"kind":"renban","cells":["r1c1","r1c2"]}`; f-puzzles `whispers`
//! (`value` 5 or none for German, 4 for Dutch), `renban` and `palindrome`
//! entries `{"lines":[["R1C1","R1C2"]]}`, each line of an entry one line.

use rand::RngCore;
use serde_json::{json, Map, Value};

use super::util::{check_line, fp_cells, json_cells, king_steps, names, steps, walk_lines};
use super::{Candidates, Fields, Glyph, Instance, Instances, Kind, ReadFpCell, ReadName, WriteName};
use crate::Puzzle;

/// What a line says of its digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// Neighbours on the line differ by at least this much.
    Whispers(u8),
    /// The digits are distinct and consecutive.
    Renban,
    /// Cells k from either end hold the same digit.
    Palindrome,
}

/// A kind of line: its names and its rule as data.
pub struct LineRule {
    name: &'static str,
    aliases: &'static [&'static str],
    title: &'static str,
    text: &'static str,
    /// How a hint names one, before its first cell's name.
    noun: &'static str,
    rule: Rule,
    /// Drawn width and gray.
    width: f32,
    gray: f32,
}

/// German whispers.
pub static GERMAN_WHISPERS: LineRule = LineRule {
    name: "german-whispers",
    aliases: &["whispers", "germanwhispers", "german"],
    title: "German Whispers",
    text: "Digits next to each other on a green line differ by 5 or more.",
    noun: "German whispers line from",
    rule: Rule::Whispers(5),
    width: 0.22,
    gray: 0.6,
};

/// Dutch whispers.
pub static DUTCH_WHISPERS: LineRule = LineRule {
    name: "dutch-whispers",
    aliases: &["dutchwhispers", "dutch"],
    title: "Dutch Whispers",
    text: "Digits next to each other on an orange line differ by 4 or more.",
    noun: "Dutch whispers line from",
    rule: Rule::Whispers(4),
    width: 0.22,
    gray: 0.7,
};

/// Renban.
pub static RENBAN: LineRule = LineRule {
    name: "renban",
    aliases: &["renbanline"],
    title: "Renban",
    text: "The digits on a purple line are distinct and consecutive, in any order.",
    noun: "renban line from",
    rule: Rule::Renban,
    width: 0.3,
    gray: 0.75,
};

/// Palindrome.
pub static PALINDROME: LineRule = LineRule {
    name: "palindrome",
    aliases: &["palindromes", "palindromeline"],
    title: "Palindrome",
    text: "A gray line reads the same from either end.",
    noun: "palindrome from",
    rule: Rule::Palindrome,
    width: 0.16,
    gray: 0.5,
};

impl LineRule {
    /// Whether `digits` (a full line) keep the rule.
    fn keeps(&self, digits: &[u8]) -> bool {
        match self.rule {
            Rule::Whispers(k) => digits.windows(2).all(|w| w[0].abs_diff(w[1]) >= k),
            Rule::Renban => {
                let mut seen = 0u32;
                for &d in digits {
                    if seen & (1 << d) != 0 {
                        return false;
                    }
                    seen |= 1 << d;
                }
                let (lo, hi) = (digits.iter().min(), digits.iter().max());
                lo.zip(hi).is_some_and(|(lo, hi)| usize::from(hi - lo) + 1 == digits.len())
            }
            Rule::Palindrome => digits.iter().eq(digits.iter().rev()),
        }
    }

    /// The f-puzzles `value` of a whispers line (German: none).
    fn whispers_value(&self) -> Option<u8> {
        match self.rule {
            Rule::Whispers(5) => None,
            Rule::Whispers(k) => Some(k),
            _ => None,
        }
    }
}

/// The digits of `mask` (bit d-1 for d), as a mask of those with a digit
/// of `other` at least `k` away.
fn far_from(other: u32, n: usize, k: u8) -> u32 {
    let mut out = 0;
    for d in 1..=n as u32 {
        let reach =
            (1..=n as u32).filter(|&e| e.abs_diff(d) >= u32::from(k)).fold(0, |m, e| m | 1 << (e - 1));
        if other & reach != 0 {
            out |= 1 << (d - 1);
        }
    }
    out
}

impl Kind for LineRule {
    fn name(&self) -> &'static str {
        self.name
    }

    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        self.text.into()
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("{} {first}", self.noun)
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let [cells] = &it.parts[..] else { return Err(format!("a {} line is one line of cells", self.name)) };
        check_line(puzzle, cells, self.name)?;
        if let Rule::Whispers(k) = self.rule {
            if puzzle.size() <= usize::from(k) {
                return Err(format!(
                    "{} need digits {k} apart: a grid of {} or more digits",
                    self.title,
                    k + 1
                ));
            }
        }
        let most = match self.rule {
            Rule::Renban => puzzle.size(),
            _ => puzzle.canvas_len(),
        };
        if cells.len() < 2 || cells.len() > most {
            return Err(format!("a {} line has 2 to {most} cells, not {}", self.name, cells.len()));
        }
        Ok(())
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        let digits: Vec<u8> = it.parts[0].iter().map(|&c| grid[usize::from(c)]).collect();
        self.keeps(&digits)
    }

    /// A renban's digits differ.
    fn distinct(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Vec<u16>> {
        match self.rule {
            Rule::Renban => it.parts.to_vec(),
            _ => Vec::new(),
        }
    }

    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let cells = &it.parts[0];
        let full = (1u32 << n) - 1;
        match self.rule {
            // Each digit needs a far enough digit in each neighbour: on a
            // path, one pass back from the end and one forward from the
            // start leave every digit with support on both sides.
            Rule::Whispers(k) => {
                let back = cells.windows(2).rev().map(|w| (w[0], w[1]));
                let forward = cells.windows(2).map(|w| (w[1], w[0]));
                for (a, b) in back.chain(forward) {
                    let drop = board.get(a) & full & !far_from(board.get(b) & full, n, k);
                    if drop != 0 && !board.remove(a, drop) {
                        return false;
                    }
                }
                true
            }
            // A digit stays where some run of consecutive digits, as long
            // as the line, holds it and meets every cell's candidates.
            Rule::Renban => {
                let len = cells.len();
                if len > n {
                    return false;
                }
                // Two cells down to the same one digit break it at once.
                let mut placed = 0u32;
                for &c in cells {
                    let m = board.get(c) & full;
                    if m.count_ones() == 1 {
                        if placed & m != 0 {
                            return false;
                        }
                        placed |= m;
                    }
                }
                let mut allowed = 0u32;
                for lo in 0..=(n - len) {
                    let window = ((1u32 << len) - 1) << lo;
                    if cells.iter().all(|&c| board.get(c) & window != 0) {
                        allowed |= window;
                    }
                }
                cells.iter().all(|&c| board.remove(c, full & !allowed))
            }
            // Mirrored cells share their candidates.
            Rule::Palindrome => (0..cells.len() / 2).all(|k| {
                let (a, b) = (cells[k], cells[cells.len() - 1 - k]);
                let both = board.get(a) & board.get(b) & full;
                board.remove(a, full & !both) && board.remove(b, full & !both)
            }),
        }
    }

    fn parts_from_json(&self, object: &Map<String, Value>, cell: ReadName<'_>) -> Result<Instance, String> {
        Ok(Instance::of(vec![json_cells(object.get("cells"), "cells", cell)?]))
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        vec![("cells", names(&it.parts[0], name))]
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some(match self.rule {
            Rule::Whispers(_) => "whispers",
            Rule::Renban => "renban",
            Rule::Palindrome => "palindrome",
        })
    }

    /// Whispers entries are German or Dutch by their `value`: each kind
    /// reads its own and leaves the other's; German refuses any other
    /// value, so none is dropped.
    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        if let Rule::Whispers(k) = self.rule {
            let value = match entry.get("value") {
                None | Some(Value::Null) => 5,
                Some(v) => v
                    .as_u64()
                    .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                    .ok_or_else(|| format!("whispers value {v} is not a number"))?,
            };
            match (value, k) {
                (4, 5) | (5, 4) => return Ok(Vec::new()),
                (v, 5) if v != 5 => {
                    return Err(format!("whispers lines of difference {v} (4 and 5 are known)"))
                }
                _ => {}
            }
        }
        let lines = entry.get("lines").and_then(Value::as_array).ok_or("expected \"lines\"")?;
        lines.iter().map(|line| Ok(Instance::of(vec![fp_cells(line, cell)?]))).collect()
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        match self.whispers_value() {
            Some(k) => json!({ "lines": [names(&it.parts[0], name)], "value": k }),
            None => json!({ "lines": [names(&it.parts[0], name)] }),
        }
    }

    fn glyphs(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        vec![Glyph::Path {
            cells: it.parts[0].clone(),
            width: self.width,
            gray: self.gray,
            arrowhead: false,
            from_edge: 0.0,
        }]
    }

    /// About one line for every two digits, of 3 cells up to half the size
    /// plus one, each a random walk over cells no other constraint uses,
    /// kept when the solution's digits keep the rule (a whispers walk only
    /// steps to a far enough digit).
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let n = puzzle.size();
        let wanted = (n / 2).max(2);
        let longest = (n / 2 + 1).max(3);
        let digits = |line: &[u16]| line.iter().map(|&c| solution[usize::from(c)]).collect::<Vec<u8>>();
        // Palindromes of three or five cells, stepping diagonally too (their
        // mirrored cells must lie in different rows, columns and boxes).
        let palindrome = self.rule == Rule::Palindrome;
        let length = |rng: &mut dyn RngCore| match palindrome {
            true => 3 + 2 * (rng.next_u32() as usize % 2),
            false => 3 + (rng.next_u32() as usize) % (longest - 2),
        };
        let around = |at: u16, used: &[bool]| match palindrome {
            true => king_steps(puzzle, at, used),
            false => steps(puzzle, at, used),
        };
        let fits = |line: &[u16], c: u16, length: usize| {
            let mut d = digits(line);
            d.push(solution[usize::from(c)]);
            let k = d.len() - 1;
            match self.rule {
                Rule::Whispers(_) => self.keeps(&d[k - 1..]),
                // Distinct, within a run as long as the line.
                Rule::Renban => {
                    let (lo, hi) = (d.iter().min().expect("digits"), d.iter().max().expect("digits"));
                    usize::from(hi - lo) < length && !d[..k].contains(&d[k])
                }
                // Past the middle, each cell repeats its mirror's digit.
                Rule::Palindrome => k < length / 2 + 1 || d[k] == d[length - 1 - k],
            }
        };
        walk_lines(puzzle, rng, (wanted, wanted * 60), length, around, fits, |line| self.keeps(&digits(line)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_keeps_and_breaks() {
        assert!(GERMAN_WHISPERS.keeps(&[1, 6, 1, 9, 4]) && !GERMAN_WHISPERS.keeps(&[1, 5]));
        assert!(DUTCH_WHISPERS.keeps(&[1, 5, 9]) && !DUTCH_WHISPERS.keeps(&[2, 5]));
        assert!(RENBAN.keeps(&[4, 2, 3]) && !RENBAN.keeps(&[4, 2, 5]) && !RENBAN.keeps(&[3, 3, 4]));
        assert!(PALINDROME.keeps(&[1, 2, 1]) && PALINDROME.keeps(&[5, 5]) && !PALINDROME.keeps(&[1, 2, 3]));
    }

    /// Narrowing removes only digits no completion keeps: checked against
    /// every assignment of a short line (brute force).
    #[test]
    fn narrowing_keeps_every_digit_a_completion_uses() {
        struct Board(Vec<u32>);
        impl Candidates for Board {
            fn get(&self, cell: u16) -> u32 {
                self.0[usize::from(cell)]
            }
            fn remove(&mut self, cell: u16, mask: u32) -> bool {
                self.0[usize::from(cell)] &= !mask;
                self.0[usize::from(cell)] != 0
            }
        }
        let n = 6;
        let mut seed = 12345u64;
        for rule in [&GERMAN_WHISPERS, &DUTCH_WHISPERS, &RENBAN, &PALINDROME] {
            for _ in 0..300 {
                let len = 2 + (seed % 3) as usize;
                let mut cands = Vec::new();
                for _ in 0..len {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    cands.push(((seed >> 33) as u32 & 0x3f) | 1 << ((seed >> 20) % 6));
                }
                let it = Instance::of(vec![(0..len as u16).collect()]);
                // Brute force: the digits some full assignment keeping the rule uses.
                let mut support = vec![0u32; len];
                let mut digits = vec![1u8; len];
                loop {
                    if digits.iter().zip(&cands).all(|(&d, &m)| m & 1 << (d - 1) != 0) && rule.keeps(&digits)
                    {
                        for (s, &d) in support.iter_mut().zip(&digits) {
                            *s |= 1 << (d - 1);
                        }
                    }
                    let Some(k) = digits.iter().position(|&d| d < n as u8) else { break };
                    digits[k] += 1;
                    digits[..k].iter_mut().for_each(|d| *d = 1);
                }
                let mut board = Board(cands.clone());
                let ok = rule.narrow(&it, n, &mut board);
                if support.iter().all(|&s| s != 0) {
                    assert!(ok, "{}: {cands:?}", rule.name);
                    for (k, &s) in support.iter().enumerate() {
                        assert_eq!(board.0[k] & s, s, "{}: {cands:?} lost a digit at {k}", rule.name);
                    }
                }
            }
        }
    }
}
