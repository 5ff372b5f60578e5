//! Lines whose digits follow a rule along them: German whispers (digits
//! next to each other on the line differ by 5 or more), Dutch whispers (4
//! or more), renban (the line's digits are a set of consecutive digits, in
//! any order), palindromes (the line reads the same both ways), zippers
//! (digits equally far from the line's centre add up to the same total,
//! which on a line of odd length is the centre digit), entropic lines (any
//! three consecutive cells hold a low, a middle and a high digit) and
//! modular lines (any three consecutive cells hold digits of different
//! remainders mod 3). One part each: the cells, each touching the next
//! (diagonally too). JSON `{"kind":"renban","cells":["r1c1","r1c2"]}`;
//! f-puzzles `whispers` (`value` 5 or none for German, 4 for Dutch),
//! `renban`, `palindrome`, `zipperline`, `entropicline` and `modularline`
//! entries `{"lines":[["R1C1","R1C2"]]}`, each line of an entry one line.
//!
//! Choices where setters differ: entropic lines take sizes divisible by 3,
//! low, middle and high being the thirds of the digits (6×6: 1-2, 3-4, 5-6);
//! other sizes are refused by name. On an entropic or modular line of two
//! cells the two digits fall in different classes (cells one or two apart
//! on any such line do). A zipper of two cells says nothing; of three,
//! the ends add up to the centre.

use rand::RngCore;
use serde_json::{json, Value};

use super::util::{check_line, fp_cells, json_cells, king_steps, names, steps, up_to, walk_lines};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
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
    /// Cells k from either end add up to one total (the centre digit on a
    /// line of odd length).
    Zipper,
    /// Cells one or two apart hold digits of different classes.
    Classes(Classes),
}

/// How entropic and modular lines sort the digits into three classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Classes {
    /// Low, middle and high thirds of 1..=n.
    Thirds,
    /// The remainder mod 3.
    Mod3,
}

impl Classes {
    /// The class (0, 1 or 2) of digit `d` of 1..=`n`.
    fn of(self, d: u32, n: usize) -> usize {
        match self {
            Classes::Thirds => (d as usize - 1) * 3 / n,
            Classes::Mod3 => d as usize % 3,
        }
    }

    /// The digits of each class, as masks.
    fn masks(self, n: usize) -> [u32; 3] {
        let mut out = [0; 3];
        for d in 1..=n as u32 {
            out[self.of(d, n)] |= 1 << (d - 1);
        }
        out
    }
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

/// Zipper.
pub static ZIPPER: LineRule = LineRule {
    name: "zipper",
    aliases: &["zipperline", "zippers"],
    title: "Zipper",
    text: "Digits equally far from the centre of a zipper line add up to the same total; on a line \
           of odd length that total is the digit in the centre.",
    noun: "zipper line from",
    rule: Rule::Zipper,
    width: 0.2,
    gray: 0.42,
};

/// Entropic lines.
pub static ENTROPIC: LineRule = LineRule {
    name: "entropic",
    aliases: &["entropicline", "entropiclines"],
    title: "Entropic",
    // The classes depend on the size: see `rule_text`.
    text: "",
    noun: "entropic line from",
    rule: Rule::Classes(Classes::Thirds),
    width: 0.12,
    gray: 0.3,
};

/// Modular lines.
pub static MODULAR: LineRule = LineRule {
    name: "modular",
    aliases: &["modularline", "modularlines"],
    title: "Modular",
    text: "Any three consecutive cells on a modular line hold digits of different remainders when \
           divided by 3 (one of 3, 6, 9; one of 1, 4, 7; one of 2, 5, 8).",
    noun: "modular line from",
    rule: Rule::Classes(Classes::Mod3),
    width: 0.28,
    gray: 0.86,
};

/// The six ways to give positions 0, 1, 2 (mod 3) of a line three
/// different classes.
const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The digits of `a` (1..=`n`) that add up to `total` with a digit of `b`.
/// The totals (bit `t - 1` for total `t`, up to `2n`) a digit of `a` and
/// one of `b` can make.
fn sums(a: u32, b: u32) -> u64 {
    let mut totals = 0u64;
    let mut m = a;
    while m != 0 {
        let x = m.trailing_zeros() + 1;
        m &= m - 1;
        totals |= u64::from(b) << x;
    }
    totals
}

/// The digits of `a` that make one of `totals` with a digit of `b`.
fn making(a: u32, b: u32, totals: u64) -> u32 {
    let mut kept = 0;
    let mut m = a;
    while m != 0 {
        let x = m.trailing_zeros() + 1;
        m &= m - 1;
        if u64::from(b) << x & totals != 0 {
            kept |= 1 << (x - 1);
        }
    }
    kept
}

/// A zipper: the totals every mirrored pair (and the centre, as a digit)
/// can make are the line's possible totals; each cell keeps the digits
/// that make one with its partner. A total is a bit of a word, so a pair
/// costs a shift a digit, whatever the size.
fn zipper_narrow(cells: &[u16], n: usize, board: &mut dyn Candidates) -> bool {
    let full = up_to(n as u32);
    let len = cells.len();
    let pair = |k: usize| (cells[k], cells[len - 1 - k]);
    let mut totals = (1u64 << (2 * n)) - 1;
    if len % 2 == 1 {
        totals &= u64::from(board.get(cells[len / 2]) & full);
    }
    for k in 0..len / 2 {
        let (a, b) = pair(k);
        totals &= sums(board.get(a) & full, board.get(b) & full);
    }
    if totals == 0 {
        return false;
    }
    if len % 2 == 1 && !board.remove(cells[len / 2], full & !(totals as u32)) {
        return false;
    }
    (0..len / 2).all(|k| {
        let (a, b) = pair(k);
        let (ma, mb) = (board.get(a) & full, board.get(b) & full);
        board.remove(a, full & !making(ma, mb, totals)) && board.remove(b, full & !making(mb, ma, totals))
    })
}

impl LineRule {
    /// Whether `digits` (a full line, digits 1..=`n`) keep the rule.
    fn keeps(&self, digits: &[u8], n: usize) -> bool {
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
            Rule::Zipper => {
                let len = digits.len();
                let total = match len % 2 {
                    1 => digits[len / 2],
                    _ => digits[0] + digits[len - 1],
                };
                (0..len / 2).all(|k| digits[k] + digits[len - 1 - k] == total)
            }
            Rule::Classes(classes) => {
                let class: Vec<usize> = digits.iter().map(|&d| classes.of(u32::from(d), n)).collect();
                (0..class.len()).all(|i| (i + 1..class.len().min(i + 3)).all(|j| class[i] != class[j]))
            }
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

    fn rule_text(&self, puzzle: &Puzzle) -> String {
        match self.rule {
            Rule::Classes(Classes::Thirds) => {
                let n = puzzle.size();
                let third = |k: usize| format!("{}-{}", k * n / 3 + 1, (k + 1) * n / 3);
                format!(
                    "Any three consecutive cells on an entropic line hold a low ({}), a middle ({}) and \
                     a high ({}) digit.",
                    third(0),
                    third(1),
                    third(2)
                )
            }
            _ => self.text.into(),
        }
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("{} {first}", self.noun)
    }

    /// Whispers need digits k apart; entropic lines a size divisible by 3.
    fn applies(&self, puzzle: &Puzzle) -> Result<(), String> {
        if let Rule::Whispers(k) = self.rule {
            if puzzle.size() <= usize::from(k) {
                return Err(format!(
                    "{} need digits {k} apart: a grid of {} or more digits, not {}",
                    self.title,
                    k + 1,
                    puzzle.size()
                ));
            }
        }
        if self.rule == Rule::Classes(Classes::Thirds) && puzzle.size() % 3 != 0 {
            return Err(format!(
                "entropic lines need a size divisible by 3 (low, middle and high thirds), not {}",
                puzzle.size()
            ));
        }
        Ok(())
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        self.applies(puzzle)?;
        let [cells] = &it.parts[..] else { return Err(format!("a {} line is one line of cells", self.name)) };
        check_line(puzzle, cells, self.name)?;
        let most = match self.rule {
            Rule::Renban => puzzle.size(),
            _ => puzzle.canvas_len(),
        };
        if cells.len() < 2 || cells.len() > most {
            return Err(format!("a {} line has 2 to {most} cells, not {}", self.name, cells.len()));
        }
        Ok(())
    }

    fn holds(&self, puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        let digits: Vec<u8> = it.parts[0].iter().map(|&c| grid[usize::from(c)]).collect();
        self.keeps(&digits, puzzle.size())
    }

    /// A renban's digits differ.
    fn distinct(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Vec<u16>> {
        match self.rule {
            Rule::Renban => it.parts.to_vec(),
            _ => Vec::new(),
        }
    }

    /// Whispers: neighbours on the line; palindromes: cells as far from
    /// either end. The other lines relate more than two cells at once.
    fn pairs(&self, it: &Instance, out: &mut Vec<(u16, u16, u32)>) -> bool {
        let cells = &it.parts[0];
        match self.rule {
            Rule::Whispers(_) => out.extend(cells.windows(2).map(|w| (w[0], w[1], 0))),
            Rule::Palindrome => out
                .extend(cells.iter().zip(cells.iter().rev()).take(cells.len() / 2).map(|(&a, &b)| (a, b, 0))),
            _ => return false,
        }
        true
    }

    fn pair_allows(&self, _tag: u32, x: u32, y: u32) -> bool {
        match self.rule {
            Rule::Whispers(k) => x.abs_diff(y) >= u32::from(k),
            Rule::Palindrome => x == y,
            _ => true,
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
                let mut masks = [0u32; MAX_RENBAN];
                for (m, &c) in masks.iter_mut().zip(cells) {
                    *m = board.get(c) & full;
                }
                let masks = &masks[..len];
                let mut allowed = [0u32; MAX_RENBAN];
                for lo in 0..=(n - len) {
                    let window = ((1u32 << len) - 1) << lo;
                    if let Some(kept) = renban_window(masks, window) {
                        for (a, k) in allowed.iter_mut().zip(kept) {
                            *a |= k;
                        }
                    }
                }
                cells.iter().zip(allowed).all(|(&c, a)| board.remove(c, full & !a))
            }
            // Mirrored cells share their candidates.
            Rule::Palindrome => (0..cells.len() / 2).all(|k| {
                let (a, b) = (cells[k], cells[cells.len() - 1 - k]);
                let both = board.get(a) & board.get(b) & full;
                board.remove(a, full & !both) && board.remove(b, full & !both)
            }),
            // A total stays when every mirrored pair (and the centre) can
            // reach it; each cell keeps the digits that reach one.
            Rule::Zipper => zipper_narrow(cells, n, board),
            // Cells three apart share a class, so the line's classes are
            // one order of the three repeated: keep the orders every cell
            // allows, and in each cell the classes they give it.
            Rule::Classes(classes) => {
                let masks = classes.masks(n);
                let residues = cells.len().min(3);
                let mut open = [0b111u8; 3];
                for (i, &c) in cells.iter().enumerate() {
                    let m = board.get(c) & full;
                    open[i % 3] &= (0..3).filter(|&k| m & masks[k] != 0).fold(0, |o, k| o | 1 << k);
                }
                let mut allowed = [0u8; 3];
                for order in ORDERS.iter().filter(|o| (0..residues).all(|r| open[r] >> o[r] & 1 == 1)) {
                    for r in 0..residues {
                        allowed[r] |= 1 << order[r];
                    }
                }
                cells.iter().enumerate().all(|(i, &c)| {
                    let drop = (0..3).filter(|&k| allowed[i % 3] >> k & 1 == 0).fold(0, |m, k| m | masks[k]);
                    board.remove(c, full & drop)
                })
            }
        }
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        Ok(Instance::of(vec![json_cells(object.get("cells"), "cells", cell)?]))
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        vec![("cells", names(&it.parts[0], name))]
    }

    fn json_keys(&self, _it: &Instance) -> Option<&'static [&'static str]> {
        Some(&["cells"])
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some(match self.rule {
            Rule::Whispers(_) => "whispers",
            Rule::Renban => "renban",
            Rule::Palindrome => "palindrome",
            Rule::Zipper => "zipperline",
            Rule::Classes(Classes::Thirds) => "entropicline",
            Rule::Classes(Classes::Mod3) => "modularline",
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
        if self.applies(puzzle).is_err() {
            return Vec::new();
        }
        let wanted = (n / 2).max(2);
        let longest = (n / 2 + 1).max(3);
        let digits = |line: &[u16]| line.iter().map(|&c| solution[usize::from(c)]).collect::<Vec<u8>>();
        // Palindromes and zippers of three to five cells (palindromes odd),
        // stepping diagonally too (a palindrome's mirrored cells must lie in
        // different rows, columns and boxes).
        let palindrome = self.rule == Rule::Palindrome;
        let mirrored = palindrome || self.rule == Rule::Zipper;
        let length = |rng: &mut dyn RngCore| match (palindrome, mirrored) {
            (true, _) => 3 + 2 * (rng.next_u32() as usize % 2),
            (_, true) => 3 + rng.next_u32() as usize % 3,
            _ => 3 + (rng.next_u32() as usize) % (longest - 2),
        };
        let around = |at: u16, used: &[bool]| match mirrored {
            true => king_steps(puzzle, at, used),
            false => steps(puzzle, at, used),
        };
        let fits = |line: &[u16], c: u16, length: usize| {
            let mut d = digits(line);
            d.push(solution[usize::from(c)]);
            let k = d.len() - 1;
            match self.rule {
                Rule::Whispers(_) => self.keeps(&d[k - 1..], n),
                // Distinct, within a run as long as the line.
                Rule::Renban => {
                    let (lo, hi) = (d.iter().min().expect("digits"), d.iter().max().expect("digits"));
                    usize::from(hi - lo) < length && !d[..k].contains(&d[k])
                }
                // Past the middle, each cell repeats its mirror's digit.
                Rule::Palindrome => k < length / 2 + 1 || d[k] == d[length - 1 - k],
                // An odd line's centre exceeds the digits before it; past
                // the middle each cell makes its mirror's total.
                Rule::Zipper => {
                    let mid = length / 2;
                    match length % 2 {
                        1 if k == mid => d[..k].iter().all(|&x| x < d[k]),
                        1 if k > mid => d[k] + d[length - 1 - k] == d[mid],
                        0 if k > mid => d[k] + d[length - 1 - k] == d[mid] + d[mid - 1],
                        _ => true,
                    }
                }
                // A class other than those of the two cells before.
                Rule::Classes(_) => self.keeps(&d[k.saturating_sub(2)..], n),
            }
        };
        let keep = |line: &[u16]| self.keeps(&digits(line), n);
        walk_lines(puzzle, rng, (wanted, wanted * 60), length, around, fits, keep)
    }
}

/// The most cells of a renban line: one of each digit of the largest size.
const MAX_RENBAN: usize = crate::digits::MAX_SIZE;

/// What each cell of a renban line (`masks`, its candidates) may hold if
/// the line's digits are exactly `window`: the cells hold the window's
/// digits one each, so a cell keeps only the window's digits, a digit no
/// cell can hold rules the window out, and a digit only one cell can hold
/// is that cell's (repeated until nothing changes). `None` when the window
/// is ruled out.
fn renban_window(masks: &[u32], window: u32) -> Option<[u32; MAX_RENBAN]> {
    let mut kept = [0u32; MAX_RENBAN];
    for (k, &m) in kept.iter_mut().zip(masks) {
        *k = m & window;
    }
    let kept_cells = &mut kept[..masks.len()];
    loop {
        let (mut once, mut twice) = (0u32, 0u32);
        for &k in kept_cells.iter() {
            if k == 0 {
                return None;
            }
            twice |= once & k;
            once |= k;
        }
        if once != window {
            return None;
        }
        // Digits one cell alone can hold: that cell keeps only that digit.
        let alone = once & !twice;
        let mut changed = false;
        for k in kept_cells.iter_mut() {
            let own = *k & alone;
            if own != 0 && *k != own {
                if own.count_ones() > 1 {
                    return None;
                }
                *k = own;
                changed = true;
            }
        }
        if !changed {
            return Some(kept);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::narrow_matches_brute_force;
    use super::*;

    #[test]
    fn each_rule_keeps_and_breaks() {
        let keeps = |rule: &LineRule, digits: &[u8]| rule.keeps(digits, 9);
        assert!(keeps(&GERMAN_WHISPERS, &[1, 6, 1, 9, 4]) && !keeps(&GERMAN_WHISPERS, &[1, 5]));
        assert!(keeps(&DUTCH_WHISPERS, &[1, 5, 9]) && !keeps(&DUTCH_WHISPERS, &[2, 5]));
        assert!(keeps(&RENBAN, &[4, 2, 3]) && !keeps(&RENBAN, &[4, 2, 5]) && !keeps(&RENBAN, &[3, 3, 4]));
        assert!(
            keeps(&PALINDROME, &[1, 2, 1]) && keeps(&PALINDROME, &[5, 5]) && !keeps(&PALINDROME, &[1, 2, 3])
        );
        assert!(
            keeps(&ZIPPER, &[2, 9, 7]) && keeps(&ZIPPER, &[1, 4, 5, 8]) && keeps(&ZIPPER, &[1, 2, 4, 2, 3])
        );
        assert!(
            !keeps(&ZIPPER, &[2, 9, 6])
                && !keeps(&ZIPPER, &[1, 4, 5, 7])
                && !keeps(&ZIPPER, &[3, 5, 4, 6, 3])
        );
        assert!(keeps(&ENTROPIC, &[1, 5, 9, 2, 4, 7]) && !keeps(&ENTROPIC, &[1, 5, 9, 4]));
        assert!(!keeps(&ENTROPIC, &[1, 3]) && ENTROPIC.keeps(&[1, 3, 5, 2], 6));
        assert!(
            keeps(&MODULAR, &[3, 1, 8, 6, 4])
                && !keeps(&MODULAR, &[3, 1, 6])
                && !keeps(&MODULAR, &[3, 1, 5, 4])
        );
    }

    /// Narrowing removes only digits no completion keeps, and refuses
    /// single digits that break the rule: checked against every
    /// assignment of short lines (brute force).
    #[test]
    fn narrowing_keeps_every_digit_a_completion_uses() {
        let rules = [&GERMAN_WHISPERS, &DUTCH_WHISPERS, &RENBAN, &PALINDROME, &ZIPPER, &ENTROPIC, &MODULAR];
        for rule in rules {
            let make = |len: usize, _: &mut dyn FnMut() -> u32| Instance::of(vec![(0..len as u16).collect()]);
            narrow_matches_brute_force(rule, 6, 2..=5, make, |_, digits| rule.keeps(digits, 6));
        }
    }

    /// The zipper's narrowing as first written (each total from 1 to 2n
    /// in turn, each pair's digits reaching it one by one): the word of
    /// totals must keep exactly its digits.
    fn zipper_plainly(m: &[u32], n: usize) -> Option<Vec<u32>> {
        let adding_to = |a: u32, b: u32, total: u32| {
            (1..=n as u32)
                .filter(|&x| {
                    a >> (x - 1) & 1 == 1
                        && total > x
                        && total - x <= n as u32
                        && b >> (total - x - 1) & 1 == 1
                })
                .fold(0, |m, x| m | 1 << (x - 1))
        };
        let len = m.len();
        let centre = (len % 2 == 1).then(|| m[len / 2]);
        let mut kept = m.iter().map(|_| 0u32).collect::<Vec<_>>();
        let mut totals = 0u32;
        for total in 1..=2 * n as u32 {
            if centre.is_some_and(|c| total > n as u32 || c >> (total - 1) & 1 == 0) {
                continue;
            }
            let reach: Vec<(u32, u32)> = (0..len / 2)
                .map(|k| (adding_to(m[k], m[len - 1 - k], total), adding_to(m[len - 1 - k], m[k], total)))
                .collect();
            if reach.iter().all(|&(x, _)| x != 0) {
                totals |= 1 << (total - 1);
                for (k, (x, y)) in reach.into_iter().enumerate() {
                    kept[k] |= x;
                    kept[len - 1 - k] |= y;
                }
            }
        }
        if let Some(c) = centre {
            kept[len / 2] = c & totals;
        }
        (totals != 0 && kept.iter().all(|&k| k != 0)).then_some(kept)
    }

    /// The zipper keeps exactly the plain narrowing's digits on random
    /// candidates, lines of 1 to 13 cells on sizes 4 to 25.
    #[test]
    fn zipper_narrowing_is_the_plain_one() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
        let (mut refused, mut narrowed) = (0, 0);
        for round in 0..4000 {
            let n = [4, 6, 9, 9, 12, 16, 25][round % 7];
            let len = rng.gen_range(1..=13);
            let density = rng.gen_range(0.1..0.7);
            let m = super::super::testing::random_masks(&mut rng, len, n, density);
            let cells: Vec<u16> = (0..len as u16).collect();
            let mut board = super::super::testing::Board(m.clone());
            let kept = zipper_narrow(&cells, n, &mut board);
            match zipper_plainly(&m, n) {
                None => {
                    assert!(!kept, "round {round}");
                    refused += 1;
                }
                Some(expected) => {
                    assert!(kept, "round {round}: {m:?}");
                    assert_eq!(board.0, expected, "round {round}: {m:?}");
                    narrowed += usize::from(expected != m);
                }
            }
        }
        assert!(refused > 400 && narrowed > 400, "{refused} {narrowed}");
    }
}
