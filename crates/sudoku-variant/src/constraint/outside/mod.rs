//! Clues outside the grid: sandwich sums, X-sums, skyscrapers and little
//! killers. Each instance is one part, the cells its clue speaks of in
//! order from the clue's side (a whole row or column for the first three,
//! the diagonal its arrow points along for a little killer), and the
//! clue's number as its value. Where the clue sits follows from the first
//! two cells: one step back from the first cell, just outside the grid.
//! One grid only (no samurai).
//!
//! - `sandwich`: the digits between the 1 and the n (9 on a 9x9) of the
//!   row or column add up to the number.
//! - `x-sums`: the first X digits from the clue's side add up to the
//!   number, where X is the first of them.
//! - `skyscrapers`: the number counts the digits seen from the clue's
//!   side, each digit hiding every smaller one behind it.
//! - `little-killer`: the digits along the diagonal add up to the number;
//!   digits may repeat on it.
//!
//! JSON: a clue on a row or column names the line and the side it is
//! read from, `{"kind":"sandwich","line":"r3","from":"left","sum":12}`
//! (`"r3"` with `left` or `right`, `"c5"` with `top` or `bottom`;
//! skyscrapers say `"count"` for `"sum"`); a little killer names the first
//! cell of its diagonal and the way its arrow points,
//! `{"kind":"little-killer","start":"r1c4","toward":"down-right","sum":20}`
//! (`up-left`, `up-right`, `down-left`, `down-right`; the diagonal runs
//! from that cell to the edge, and its first cell must lie on the edge the
//! clue is outside of).
//!
//! f-puzzles: `sandwichsum`, `xsum` and `skyscraper` entries
//! `{"cell":"R0C3","value":"12"}`, the clue's own cell outside the grid
//! (row 0 or n+1, column 0 or n+1); `littlekillersum` entries
//! `{"cell":"R0C3","cells":["R1C4",...],"direction":"DR","value":"20"}`.
//! A clue without a number is refused by name, never dropped.
//! `sandwichsum` and `littlekillersum` are f-puzzles' own keys. f-puzzles
//! draws X-sums and skyscrapers with Rangsk's Fpuzzles-NewConstraints
//! userscript (`UserScripts/fpuzzles-newconstraints.js` of
//! dclamage/SudokuSolver: constraints "X Sum" and "Skyscraper" of type
//! `outside`, written under f-puzzles' field names `xsum` and `skyscraper`
//! in `sandwichsum`'s form), beside `text` drawings of the symbol and the
//! number for viewers without it (read as drawings, see the f-puzzles
//! reader). Checked against two setters' files made that way, with their
//! solutions (`SudokuTests/Puzzles.cs` of dclamage/SudokuSolver, commit
//! 226e55b; not copied, the data's licence is not stated): "Tiny Scar" by
//! glum_hippo (ten X-sums, e.g. `{"cell":"R0C6","value":"16"}` over column
//! 6 from the top, `R10C5` column 5 from the bottom, `R8C10` row 8 from
//! the right) and "Renban Skyscrapers" by Florian Wortmann (eighteen
//! skyscrapers on all four sides). Both import, have one solution, the one
//! given, and our writer writes their entries back unchanged; the tests
//! (`tests/fpuzzles_outside.rs`) build the same form by hand.

use rand::RngCore;
use serde_json::{json, Value};

use super::combinations;
use super::util::{bounds, fp_cells, up_to};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// What a clue says of its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Clue {
    /// The digits between the 1 and the n add up to the number.
    Sandwich,
    /// The first X digits add up to the number, X the first digit.
    XSums,
    /// The number counts the digits larger than every one before them.
    Skyscrapers,
    /// The digits on the diagonal add up to the number (repeats allowed).
    LittleKiller,
}

/// A kind of outside clue: its names and its rule as data.
pub struct OutsideRule {
    name: &'static str,
    aliases: &'static [&'static str],
    title: &'static str,
    /// How a hint names one: before its number.
    noun: &'static str,
    /// The JSON field of the number.
    field: &'static str,
    /// The f-puzzles field.
    fp_key: &'static str,
    clue: Clue,
}

/// Sandwich sums.
pub static SANDWICH: OutsideRule = OutsideRule {
    name: "sandwich",
    aliases: &["sandwiches", "sandwichsum", "sandwichsums"],
    title: "Sandwich",
    noun: "sandwich sum",
    field: "sum",
    fp_key: "sandwichsum",
    clue: Clue::Sandwich,
};

/// X-sums.
pub static X_SUMS: OutsideRule = OutsideRule {
    name: "x-sums",
    aliases: &["xsum", "xsums"],
    title: "X-Sums",
    noun: "X-sum",
    field: "sum",
    fp_key: "xsum",
    clue: Clue::XSums,
};

/// Skyscrapers.
pub static SKYSCRAPERS: OutsideRule = OutsideRule {
    name: "skyscrapers",
    aliases: &["skyscraper"],
    title: "Skyscrapers",
    noun: "skyscraper count",
    field: "count",
    fp_key: "skyscraper",
    clue: Clue::Skyscrapers,
};

/// Little killer sums.
pub static LITTLE_KILLER: OutsideRule = OutsideRule {
    name: "little-killer",
    aliases: &["littlekillers", "littlekillersum", "littlekillersums"],
    title: "Little Killer",
    noun: "little killer sum",
    field: "sum",
    fp_key: "littlekillersum",
    clue: Clue::LittleKiller,
};

/// A place on or around the grid: (row, column), from 0; -1 and n are
/// just outside.
type Place = (isize, isize);

/// The four sides a clue on a row or column is read from, with the step
/// into the grid.
const SIDES: [(&str, Place); 4] =
    [("left", (0, 1)), ("right", (0, -1)), ("top", (1, 0)), ("bottom", (-1, 0))];

/// The four diagonal directions, by the JSON form's and f-puzzles' names.
const DIAGONALS: [(&str, &str, Place); 4] = [
    ("up-left", "UL", (-1, -1)),
    ("up-right", "UR", (-1, 1)),
    ("down-left", "DL", (1, -1)),
    ("down-right", "DR", (1, 1)),
];

/// The place of canvas cell `c` on a grid of side `n`.
fn place(n: usize, c: u16) -> Place {
    let c = usize::from(c);
    ((c / n) as isize, (c % n) as isize)
}

/// Whether a place is a cell of the grid.
fn inside(n: usize, (r, c): Place) -> bool {
    (0..n as isize).contains(&r) && (0..n as isize).contains(&c)
}

/// The cells from the one a `step` past `clue` to the edge of the grid.
fn walk(n: usize, clue: Place, step: Place) -> Vec<u16> {
    let mut out = Vec::new();
    let mut at = (clue.0 + step.0, clue.1 + step.1);
    while inside(n, at) {
        out.push((at.0 as usize * n + at.1 as usize) as u16);
        at = (at.0 + step.0, at.1 + step.1);
    }
    out
}

/// The clue's place and the step into the grid, from an instance's first
/// two cells; none for fewer than two cells.
fn clue_of(n: usize, cells: &[u16]) -> Option<(Place, Place)> {
    let [a, b, ..] = cells else { return None };
    let ((ra, ca), (rb, cb)) = (place(n, *a), place(n, *b));
    let step = (rb - ra, cb - ca);
    Some(((ra - step.0, ca - step.1), step))
}

/// The inward step from a clue outside a row or column; none at a corner
/// or inside the grid.
fn inward(n: usize, (r, c): Place) -> Option<Place> {
    let n = n as isize;
    let on = |x: isize| (0..n).contains(&x);
    match (r, c) {
        (-1, c) if on(c) => Some((1, 0)),
        (r, c) if r == n && on(c) => Some((-1, 0)),
        (r, -1) if on(r) => Some((0, 1)),
        (r, c) if c == n && on(r) => Some((0, -1)),
        _ => None,
    }
}

/// The side of the grid a probe of cell names shows: how many of
/// `r1c1`, `r1c2`, ... read (the readers know the grid, the kind does not).
fn probe_side(read: impl Fn(usize) -> bool) -> usize {
    (1..=64).take_while(|&k| read(k)).count()
}

/// Reads an f-puzzles clue cell, which may lie just outside the grid
/// (`R0C3`, `R10C3` on a 9x9): (row, column) from 0, so -1 is outside.
fn fp_place(value: &Value) -> Result<Place, String> {
    let bad = || format!("{value} is not a clue cell R0C0-R(n+1)C(n+1)");
    let text = value.as_str().ok_or_else(bad)?.trim().to_ascii_lowercase();
    let (r, c) = text.strip_prefix('r').and_then(|t| t.split_once('c')).ok_or_else(bad)?;
    let number = |t: &str| t.parse::<isize>().ok().filter(|x| (0..=99).contains(x)).ok_or_else(bad);
    Ok((number(r)? - 1, number(c)? - 1))
}

/// f-puzzles' name of a place (`R0C3` outside the grid).
fn fp_name((r, c): Place) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// Reads a clue's number (a JSON number, or f-puzzles' string); a clue
/// without one is refused.
fn read_number(value: Option<&Value>, field: &str) -> Result<u32, String> {
    match value {
        None | Some(Value::Null) => Err(format!("a clue without a number (expected \"{field}\")")),
        Some(Value::String(s)) if s.trim().is_empty() => Err("a clue without a number".into()),
        Some(Value::String(s)) => {
            s.trim().parse().map_err(|_| format!("{field} {s:?} is not a whole number"))
        }
        Some(v) => v
            .as_u64()
            .and_then(|x| u32::try_from(x).ok())
            .ok_or_else(|| format!("{field} {v} is not a whole number")),
    }
}

/// Sets of `k` distinct digits from `from..=to` adding up to `sum`, as
/// masks (bit d-1 for d); `None` when there are too many to list.
fn sets(from: u32, to: u32, k: usize, sum: u32) -> Option<Vec<u32>> {
    if k == 0 {
        return Some(if sum == 0 { vec![0] } else { Vec::new() });
    }
    let width = (to + 1).saturating_sub(from) as usize;
    let shift = k as u32 * (from - 1);
    if width < k || sum < shift {
        return Some(Vec::new());
    }
    let found = combinations(width, k, sum - shift);
    // Distinct digits reach every sum between their least and greatest:
    // none found within those bounds means too many were.
    let (least, most) = ((k * (k + 1) / 2) as u32, (k * (2 * width - k + 1) / 2) as u32);
    if found.is_empty() && (least..=most).contains(&(sum - shift)) {
        return None;
    }
    Some(found.into_iter().map(|m| m << (from - 1)).collect())
}

/// How many of `digits` are larger than every one before them (seen
/// from the front).
fn seen(digits: &[u8]) -> u32 {
    let mut high = 0;
    let mut count = 0;
    for &d in digits {
        if d > high {
            high = d;
            count += 1;
        }
    }
    count
}

/// Whether two cells of `cells` are both down to the same one digit.
fn placed_twice(cells: &[u16], board: &dyn Candidates, full: u32) -> bool {
    let mut placed = 0u32;
    cells.iter().any(|&c| {
        let m = board.get(c) & full;
        let twice = m.count_ones() == 1 && placed & m != 0;
        if m.count_ones() == 1 {
            placed |= m;
        }
        twice
    })
}

/// Keeps in each cell only its `support` digits; false when a cell has
/// none.
fn keep(cells: &[u16], board: &mut dyn Candidates, support: &[u32], full: u32) -> bool {
    cells.iter().zip(support).all(|(&c, &s)| s != 0 && board.remove(c, full & !s))
}

impl OutsideRule {
    /// Whether `digits` (the cells' digits, in order from the clue) keep
    /// the clue `value`.
    fn keeps(&self, digits: &[u8], n: usize, value: u32) -> bool {
        let sum = |d: &[u8]| d.iter().map(|&x| u32::from(x)).sum::<u32>();
        match self.clue {
            Clue::Sandwich => {
                let one = digits.iter().position(|&d| d == 1);
                let top = digits.iter().position(|&d| usize::from(d) == n);
                match (one, top) {
                    (Some(a), Some(b)) => sum(&digits[a.min(b) + 1..a.max(b)]) == value,
                    _ => false,
                }
            }
            Clue::XSums => {
                let x = digits.first().map_or(0, |&d| usize::from(d));
                x >= 1 && x <= digits.len() && sum(&digits[..x]) == value
            }
            Clue::Skyscrapers => seen(digits) == value,
            Clue::LittleKiller => sum(digits) == value,
        }
    }

    /// Whether the clue speaks of a whole row or column.
    fn on_lines(&self) -> bool {
        self.clue != Clue::LittleKiller
    }

    /// The numbers a clue on `len` cells of a grid of `n` digits may carry.
    fn reach(&self, n: usize, len: usize) -> (u32, u32) {
        let n32 = n as u32;
        match self.clue {
            Clue::Sandwich => (0, n32 * (n32 - 1) / 2 - 1),
            Clue::XSums => (1, n32 * (n32 + 1) / 2),
            Clue::Skyscrapers => (1, n32),
            Clue::LittleKiller => (len as u32, len as u32 * n32),
        }
    }

    /// Sandwich: each way of placing the 1 and the n, and a set of middle
    /// digits with the sum between them (the rest outside), that every
    /// cell can take part in.
    fn narrow_sandwich(cells: &[u16], n: usize, sum: u32, board: &mut dyn Candidates) -> bool {
        let full = up_to(n as u32);
        let (one, top) = (1u32, 1u32 << (n - 1));
        let middle = full & !one & !top;
        let m: Vec<u32> = cells.iter().map(|&c| board.get(c) & full).collect();
        let mut support = vec![0u32; cells.len()];
        for gap in 0..cells.len().saturating_sub(1) {
            // Each set of middle digits with the sum, and the digits left
            // for the cells outside; too many to list (large grids): any.
            let between: Vec<(u32, u32)> = match sets(2, n as u32 - 1, gap, sum) {
                Some(found) => found.into_iter().map(|set| (set, middle & !set)).collect(),
                None => vec![(middle, middle)],
            };
            for (set, rest) in between {
                for lo in 0..cells.len() - gap - 1 {
                    let hi = lo + gap + 1;
                    for (a, b) in [(lo, hi), (hi, lo)] {
                        if m[a] & one == 0 || m[b] & top == 0 {
                            continue;
                        }
                        let fits = |k: usize| match k {
                            k if k == a || k == b => true,
                            k if k > lo && k < hi => m[k] & set != 0,
                            k => m[k] & rest != 0,
                        };
                        if (0..cells.len()).all(fits) {
                            support[a] |= one;
                            support[b] |= top;
                            for k in (0..cells.len()).filter(|&k| k != a && k != b) {
                                support[k] |= m[k] & if k > lo && k < hi { set } else { rest };
                            }
                        }
                    }
                }
            }
        }
        keep(cells, board, &support, full)
    }

    /// X-sums: each first digit x, and a set of x digits with the sum
    /// holding it, that the first x cells and the rest can take part in.
    fn narrow_x_sums(cells: &[u16], n: usize, sum: u32, board: &mut dyn Candidates) -> bool {
        let full = up_to(n as u32);
        let m: Vec<u32> = cells.iter().map(|&c| board.get(c) & full).collect();
        let mut support = vec![0u32; cells.len()];
        for x in 1..=n.min(cells.len()) {
            let bit = 1u32 << (x - 1);
            if m[0] & bit == 0 {
                continue;
            }
            let Some(found) = sets(1, n as u32, x, sum) else {
                // Too many to list: the first digit stays, the rest too.
                support[0] |= bit;
                support.iter_mut().zip(&m).skip(1).for_each(|(s, &mk)| *s |= mk);
                continue;
            };
            for set in found.into_iter().filter(|s| s & bit != 0) {
                let (head, tail) = (set & !bit, full & !set);
                let fits = (1..cells.len()).all(|k| m[k] & if k < x { head } else { tail } != 0);
                if fits {
                    support[0] |= bit;
                    for k in 1..cells.len() {
                        support[k] |= m[k] & if k < x { head } else { tail };
                    }
                }
            }
        }
        keep(cells, board, &support, full)
    }

    /// Skyscrapers: a walk along the line over (highest digit so far,
    /// digits seen so far), each cell taking one of its candidates: a
    /// digit above the highest is seen, one below is hidden (digits of a
    /// row differ, so none equals it), and the line ends with the n seen
    /// and `count` seen in all. A digit stays where some walk from the
    /// clue through it reaches such an end. The walk forgets which digits
    /// it used (a row's are distinct), so it keeps some digits no row
    /// could, never drops one a row needs.
    ///
    /// Each step is linear in n: a digit d is a new highest from every
    /// highest below it (their union, grown as d rises), and a highest h
    /// stays when the cell has a digit below h. No allocation: the tables
    /// are on the stack, sized for the grid's class of sizes (the 9×9
    /// grid's are 400 bytes each, not the 25×25 grid's 2.7 KB).
    fn narrow_skyscrapers(cells: &[u16], n: usize, count: u32, board: &mut dyn Candidates) -> bool {
        match n {
            ..=9 => Self::skyscrapers_in::<10>(cells, n, count, board),
            10..=16 => Self::skyscrapers_in::<17>(cells, n, count, board),
            _ => Self::skyscrapers_in::<{ crate::digits::MAX_SIZE + 1 }>(cells, n, count, board),
        }
    }

    /// [`OutsideRule::narrow_skyscrapers`] with tables of `M` by `M`
    /// (lines of fewer than `M` cells, digits below `M`).
    fn skyscrapers_in<const M: usize>(
        cells: &[u16],
        n: usize,
        count: u32,
        board: &mut dyn Candidates,
    ) -> bool {
        let full = up_to(n as u32);
        let len = cells.len();
        if count >= 32 || n >= M || len >= M {
            return false;
        }
        let mut m = [0u32; M];
        for (k, &c) in cells.iter().enumerate() {
            m[k] = board.get(c) & full;
        }
        // Whether cell k has a digit below h: its lowest is (an empty cell
        // has none).
        let mut lowest = [usize::MAX; M];
        for k in 0..len {
            if m[k] != 0 {
                lowest[k] = m[k].trailing_zeros() as usize + 1;
            }
        }
        let has_below = |k: usize, h: usize| h > lowest[k];
        // reach[k][h]: bit s when s digits can be seen in the first k cells
        // with h the highest (0: none yet); done[k][h]: bit s when, with s
        // seen and h the highest before cell k, the rest can end right.
        let mut reach = [[0u32; M]; M];
        reach[0][0] = 1;
        for k in 0..len {
            let cur = reach[k];
            let next = &mut reach[k + 1];
            let mut below = 0u32;
            for d in 1..=n {
                below |= cur[d - 1];
                if m[k] >> (d - 1) & 1 == 1 {
                    next[d] |= below << 1;
                }
                if cur[d] != 0 && has_below(k, d) {
                    next[d] |= cur[d];
                }
            }
        }
        let mut done = [[0u32; M]; M];
        done[len][n] = 1 << count;
        for k in (0..len).rev() {
            let after = done[k + 1];
            // Over the digits of the cell above h, as h falls.
            let mut above = 0u32;
            for h in (0..=n).rev() {
                done[k][h] = above | if has_below(k, h) { after[h] } else { 0 };
                if h >= 1 && m[k] >> (h - 1) & 1 == 1 {
                    above |= after[h] >> 1;
                }
            }
        }
        let mut support = [0u32; M];
        for k in 0..len {
            let (r, after) = (&reach[k], &done[k + 1]);
            // hidden[d]: some highest above d goes on to a right end.
            let mut hidden = [false; M];
            let mut any = false;
            for h in (1..=n).rev() {
                hidden[h] = any;
                any |= r[h] & after[h] != 0;
            }
            let mut below = 0u32;
            for d in 1..=n {
                below |= r[d - 1];
                if m[k] >> (d - 1) & 1 == 1 && (below & (after[d] >> 1) != 0 || hidden[d]) {
                    support[k] |= 1 << (d - 1);
                }
            }
        }
        keep(cells, board, &support[..len], full)
    }

    /// Little killer: each cell keeps the digits that the others' bounds
    /// can complete to the sum.
    fn narrow_little_killer(cells: &[u16], n: usize, sum: u32, board: &mut dyn Candidates) -> bool {
        let full = up_to(n as u32);
        let b: Vec<(u32, u32)> = cells.iter().map(|&c| bounds(board.get(c) & full)).collect();
        let (low, high) = b.iter().fold((0, 0), |(l, h), &(a, z)| (l + a, h + z));
        if b.iter().any(|&(a, _)| a == 0) || sum < low || sum > high {
            return false;
        }
        cells.iter().zip(&b).all(|(&c, &(a, z))| {
            // This cell's digit d needs low - a + d <= sum <= high - z + d.
            let least = sum.saturating_sub(high - z);
            let most = sum - (low - a);
            board.remove(c, full & !(up_to(most) & !up_to(least.saturating_sub(1))))
        })
    }
}

impl Kind for OutsideRule {
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
        match self.clue {
            Clue::Sandwich => format!(
                "A number outside the grid is the sum of the digits between the 1 and the {} in that row or \
                 column.",
                puzzle.size()
            ),
            Clue::XSums => {
                "A number outside the grid is the sum of the first X digits of that row or column, \
                            read from that side, where X is the first of those digits."
                    .into()
            }
            Clue::Skyscrapers => "Digits are the heights of buildings: a number outside the grid counts the \
                                  buildings seen from that side along the row or column, each hiding every \
                                  lower one behind it."
                .into(),
            Clue::LittleKiller => {
                "A number outside the grid is the sum of the digits along the diagonal its \
                                   arrow points to; digits may repeat on it."
                    .into()
            }
        }
    }

    fn describe(&self, first: &str, value: Option<u32>) -> String {
        let number = value.map_or_else(String::new, |v| format!(" {v}"));
        match self.clue {
            Clue::LittleKiller => format!("{}{number} along the diagonal from {first}", self.noun),
            _ => format!("{}{number} next to {first}", self.noun),
        }
    }

    fn outside(&self) -> bool {
        true
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let n = puzzle.size();
        let [cells] = &it.parts[..] else { return Err(format!("a {} clue is one line of cells", self.name)) };
        if puzzle.grids().len() != 1 {
            return Err(format!("{} clues sit outside one grid: not on a samurai", self.title));
        }
        if self.clue == Clue::Sandwich && n < 4 {
            return Err(format!(
                "sandwiches need digits between the 1 and the {n}: a grid of 4 or more digits"
            ));
        }
        if let Some(&c) = cells.iter().find(|&&c| !puzzle.is_cell(usize::from(c))) {
            return Err(format!("{}: {c} is not a cell", self.name));
        }
        let Some((clue, step)) = clue_of(n, cells) else {
            return Err(format!("a {} clue names 2 cells or more", self.name));
        };
        let straight = step.0.abs() + step.1.abs() == 1;
        let diagonal = step.0.abs() == 1 && step.1.abs() == 1;
        let first = puzzle.cell_name(usize::from(cells[0]));
        if inside(n, clue) {
            return Err(format!("{}: {first} is not on the edge the clue is outside of", self.name));
        }
        if self.on_lines() && !straight {
            return Err(format!("{}: the cells are not a row or column read from one side", self.name));
        }
        if !self.on_lines() && !diagonal {
            return Err(format!("{}: the cells are not a diagonal", self.name));
        }
        if *cells != walk(n, clue, step) {
            return Err(format!("{}: the cells are not the whole line from {first} to the edge", self.name));
        }
        let value = it.value.ok_or_else(|| format!("a {} clue without a number", self.name))?;
        let (least, most) = self.reach(n, cells.len());
        if value < least || value > most {
            return Err(format!("{} {value} is out of reach ({least}-{most})", self.noun));
        }
        Ok(())
    }

    fn holds(&self, puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        let digits: Vec<u8> = it.parts[0].iter().map(|&c| grid[usize::from(c)]).collect();
        it.value.is_some_and(|v| self.keeps(&digits, puzzle.size(), v))
    }

    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let (cells, Some(value)) = (&it.parts[0], it.value) else { return true };
        // A row or column holds distinct digits.
        if self.on_lines() && placed_twice(cells, board, up_to(n as u32)) {
            return false;
        }
        match self.clue {
            Clue::Sandwich => OutsideRule::narrow_sandwich(cells, n, value, board),
            Clue::XSums => OutsideRule::narrow_x_sums(cells, n, value, board),
            Clue::Skyscrapers => OutsideRule::narrow_skyscrapers(cells, n, value, board),
            Clue::LittleKiller => OutsideRule::narrow_little_killer(cells, n, value, board),
        }
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        let n = probe_side(|k| cell(&format!("r1c{k}")).is_ok());
        let text = |field: &str| {
            object.get(field).and_then(Value::as_str).ok_or_else(|| format!("expected \"{field}\""))
        };
        let value = Some(read_number(object.get(self.field), self.field)?);
        let cells = if self.on_lines() {
            let line = text("line")?.to_ascii_lowercase();
            let from = text("from")?.to_ascii_lowercase();
            let (_, step) = SIDES
                .into_iter()
                .find(|(side, _)| *side == from)
                .ok_or_else(|| format!("from {from:?}: expected left, right, top or bottom"))?;
            let index = |prefix: char| {
                line.strip_prefix(prefix)
                    .and_then(|t| t.parse::<isize>().ok())
                    .filter(|k| (1..=n as isize).contains(k))
                    .map(|k| k - 1)
                    .ok_or_else(|| format!("line {line:?} is not {prefix}1-{prefix}{n}"))
            };
            let clue = match step {
                (0, 1) => (index('r')?, -1),
                (0, _) => (index('r')?, n as isize),
                (1, _) => (-1, index('c')?),
                _ => (n as isize, index('c')?),
            };
            walk(n, clue, step)
        } else {
            let start = cell(text("start")?).map_err(|e| format!("start: {e}"))?;
            let toward = text("toward")?.to_ascii_lowercase();
            let (_, _, step) =
                DIAGONALS.into_iter().find(|(name, _, _)| *name == toward).ok_or_else(|| {
                    format!("toward {toward:?}: expected up-left, up-right, down-left or down-right")
                })?;
            let (r, c) = place(n.max(1), start);
            let cells = walk(n, (r - step.0, c - step.1), step);
            if cells.first() != Some(&start) {
                return Err("start: not a cell of the grid".into());
            }
            cells
        };
        Ok(Instance { parts: vec![cells], value })
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        let cells = &it.parts[0];
        let value = (self.field, json!(it.value.unwrap_or(0)));
        // The side is read back from the names: the first cell's row and
        // column, and the step to the second.
        let rc = |c: u16| {
            let text = name(c);
            let (r, col) = text[1..].split_once('c').unwrap_or(("0", "0"));
            (r.parse::<isize>().unwrap_or(0), col.parse::<isize>().unwrap_or(0))
        };
        let (a, b) = (rc(cells[0]), rc(cells[cells.len().min(2) - 1]));
        let step = (b.0 - a.0, b.1 - a.1);
        if self.on_lines() {
            let (side, _) = SIDES.into_iter().find(|(_, s)| *s == step).unwrap_or(SIDES[0]);
            let line = if step.0 == 0 { format!("r{}", a.0) } else { format!("c{}", a.1) };
            vec![("line", json!(line)), ("from", json!(side)), value]
        } else {
            let (toward, _, _) = DIAGONALS.into_iter().find(|(_, _, s)| *s == step).unwrap_or(DIAGONALS[3]);
            vec![("start", json!(name(cells[0]))), ("toward", json!(toward)), value]
        }
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some(self.fp_key)
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let value = Some(read_number(entry.get("value"), "value")?);
        let cells = if self.on_lines() {
            let n = probe_side(|k| cell(&json!(format!("R1C{k}"))).is_ok());
            let clue = fp_place(entry.get("cell").ok_or("expected \"cell\"")?)?;
            let step = inward(n, clue)
                .ok_or_else(|| format!("{} is not just outside a row or column", fp_name(clue)))?;
            walk(n, clue, step)
        } else {
            let cells = fp_cells(entry.get("cells").ok_or("expected \"cells\"")?, cell)?;
            if cells.len() < 2 {
                return Err("a little killer along fewer than 2 cells".into());
            }
            cells
        };
        Ok(vec![Instance { parts: vec![cells], value }])
    }

    fn write_fpuzzles(&self, it: &Instance, side: usize, name: WriteName<'_>) -> Value {
        let cells = &it.parts[0];
        let (clue, step) = clue_of(side, cells).unwrap_or(((-1, -1), (1, 1)));
        let value = it.value.unwrap_or(0).to_string();
        match self.clue {
            Clue::LittleKiller => {
                let (_, direction, _) = DIAGONALS.into_iter().find(|d| d.2 == step).unwrap_or(DIAGONALS[3]);
                let names: Vec<String> = cells.iter().map(|&c| name(c)).collect();
                json!({ "cell": fp_name(clue), "cells": names, "direction": direction, "value": value })
            }
            _ => json!({ "cell": fp_name(clue), "value": value }),
        }
    }

    /// The number in the clue's place outside the grid; a little killer's
    /// smaller, with a short arrow towards its diagonal.
    fn glyphs(&self, puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let Some(((r, c), (dr, dc))) = clue_of(puzzle.size(), &it.parts[0]) else { return Vec::new() };
        let (x, y) = (c as f32 + 0.5, r as f32 + 0.5);
        let text = it.value.map_or_else(String::new, |v| v.to_string());
        if self.on_lines() {
            return vec![Glyph::Text { x, y, size: 0.42, text }];
        }
        let (dx, dy) = (dc as f32, dr as f32);
        vec![
            Glyph::Text { x: x - 0.08 * dx, y: y - 0.08 * dy, size: 0.3, text },
            Glyph::Stroke {
                points: vec![[x + 0.22 * dx, y + 0.22 * dy], [x + 0.42 * dx, y + 0.42 * dy]],
                width: 0.04,
                gray: 0.0,
                arrowhead: true,
            },
        ]
    }

    /// About one clue for each digit of the size: rows and columns each
    /// from a random side (a sandwich's sum is the same from both), or
    /// little killers' diagonals of 2 cells or more, none twice, each with
    /// the solution's number.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let n = puzzle.size();
        if puzzle.grids().len() != 1 || (self.clue == Clue::Sandwich && n < 4) {
            return Vec::new();
        }
        let mut lines: Vec<Vec<u16>> = Vec::new();
        for (_, step) in SIDES {
            for k in 0..n as isize {
                let clue = match step {
                    (0, 1) => (k, -1),
                    (0, _) => (k, n as isize),
                    (1, _) => (-1, k),
                    _ => (n as isize, k),
                };
                lines.push(walk(n, clue, step));
            }
        }
        if !self.on_lines() {
            lines.clear();
            for (_, _, step) in DIAGONALS {
                for r in -1..=n as isize {
                    for c in -1..=n as isize {
                        let line = walk(n, (r, c), step);
                        if !inside(n, (r, c)) && line.len() >= 2 {
                            lines.push(line);
                        }
                    }
                }
            }
        }
        let mut out: Instances = Vec::new();
        let mut taken: Vec<Vec<u16>> = Vec::new();
        for _ in 0..n * 20 {
            if out.len() == n {
                break;
            }
            let line = lines[rng.next_u32() as usize % lines.len()].clone();
            let mut key = line.clone();
            key.sort_unstable();
            // One clue a line for sandwiches and little killers (the same
            // number from either end).
            let key =
                if matches!(self.clue, Clue::Sandwich | Clue::LittleKiller) { key } else { line.clone() };
            if taken.contains(&key) {
                continue;
            }
            let digits: Vec<u8> = line.iter().map(|&c| solution[usize::from(c)]).collect();
            let value = match self.clue {
                Clue::Sandwich => {
                    let a = digits.iter().position(|&d| d == 1);
                    let b = digits.iter().position(|&d| usize::from(d) == n);
                    let (Some(a), Some(b)) = (a, b) else { continue };
                    digits[a.min(b) + 1..a.max(b)].iter().map(|&d| u32::from(d)).sum()
                }
                Clue::XSums => {
                    let x = usize::from(digits[0]).min(digits.len());
                    digits[..x].iter().map(|&d| u32::from(d)).sum()
                }
                Clue::Skyscrapers => seen(&digits),
                Clue::LittleKiller => digits.iter().map(|&d| u32::from(d)).sum(),
            };
            taken.push(key);
            out.push(Instance { parts: vec![line], value: Some(value) });
        }
        out
    }
}

#[cfg(test)]
mod tests;
