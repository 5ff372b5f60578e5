//! Killer cages: no digit repeats within a cage, and its digits add up to
//! the number in its corner when it has one. One part: the cells, sorted.
//! JSON: the record's own list `"cages": [{"sum":12,"cells":["r1c1","r1c2"]}]`
//! (in `"constraints"` too, with `"kind":"killer"`); f-puzzles
//! `killercage` entries `{"cells":["R1C1","R1C2"],"value":"12"}`.
//!
//! A cage may say that its digits may repeat (a setter's extra rule for
//! some cages): it then has a second part, empty, and only its sum holds.
//! JSON `{"sum":12,"cells":[...],"repeat":true}`; its number is drawn
//! starred (`12*`). f-puzzles has no form for it: writing one is refused
//! by name.
//!
//! The engine lists a summed cage's digit combinations once
//! ([`Kind::cage`]); [`Kind::narrow`] here is the same reasoning for hints
//! and tests. A generator tiles the grid with cages in place of clues
//! ([`Kind::tiles`]).

use serde_json::{json, Value};

use super::util::{bounds, fp_cells, json_cells, names};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// The killer cage kind.
#[derive(Debug, Clone, Copy)]
pub struct Killer;

/// A cage's combinations are listed when there are at most this many;
/// beyond, the cage is checked by sum bounds only.
const MAX_COMBOS: usize = 1 << 16;

/// Every set of `k` distinct digits from 1..=n adding up to `sum`, as
/// masks; empty when there are more than [`MAX_COMBOS`].
pub(crate) fn combinations(n: usize, k: usize, sum: u32) -> Vec<u32> {
    fn walk(next: u32, n: u32, k: usize, sum: u32, mask: u32, out: &mut Vec<u32>) -> bool {
        if k == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return out.len() <= MAX_COMBOS;
        }
        let mut d = next;
        while d <= n && d <= sum {
            // The k-1 smallest digits above d must still fit.
            let rest_min = (k as u32 - 1) * (2 * d + k as u32) / 2;
            if d + rest_min > sum {
                break;
            }
            // The k-1 largest digits must still reach the sum.
            let rest_max = (k as u32 - 1) * (2 * n + 2 - k as u32) / 2;
            if d + rest_max < sum {
                d += 1;
                continue;
            }
            if !walk(d + 1, n, k - 1, sum - d, mask | 1 << (d - 1), out) {
                return false;
            }
            d += 1;
        }
        true
    }
    let mut out = Vec::new();
    if k == 0 || k > n {
        return out;
    }
    if walk(1, n as u32, k, sum, 0, &mut out) {
        out
    } else {
        Vec::new()
    }
}

/// Whether the cage's digits may repeat: its second, empty part.
fn repeats(it: &Instance) -> bool {
    it.parts.len() == 2
}

/// The sum of a cell list's digits in `grid`.
fn total(cells: &[u16], grid: &[u8]) -> u32 {
    cells.iter().map(|&c| u32::from(grid[usize::from(c)])).sum()
}

impl Kind for Killer {
    fn name(&self) -> &'static str {
        "killer"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["cage", "cages", "killercage"]
    }

    fn title(&self) -> &'static str {
        "Killer"
    }

    fn noun(&self) -> &'static str {
        "cage"
    }

    fn json_list(&self) -> &'static str {
        "cages"
    }

    fn hint_title(&self) -> &'static str {
        "Cage Combination"
    }

    /// Said once for all the puzzle's cages: whether they carry sums.
    fn rule_text(&self, puzzle: &Puzzle) -> String {
        let cages: Vec<Option<u32>> = puzzle
            .constraints()
            .iter()
            .filter(|c| c.kind().name() == self.name())
            .map(|c| c.value())
            .collect();
        let with_sum = cages.iter().filter(|v| v.is_some()).count();
        if with_sum == 0 {
            return "No digit repeats within a dashed cage.".into();
        }
        // Said of the summed cages; a starred one may repeat (below).
        let mut text =
            "The digits in each dashed cage add up to the small number in its corner, and no digit \
                        repeats within a cage."
                .to_string();
        if with_sum < cages.len() {
            text.push_str(" A cage without a number only keeps its digits different.");
        }
        if puzzle.constraints().iter().any(|c| c.kind().name() == self.name() && repeats(c.instance())) {
            text.push_str(" Digits may repeat in a cage whose number is starred (12*).");
        }
        text
    }

    fn describe(&self, first: &str, value: Option<u32>) -> String {
        match value {
            Some(sum) => format!("cage at {first} (sum {sum})"),
            None => format!("cage at {first}"),
        }
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let cells = match &it.parts[..] {
            [cells] => cells,
            [cells, mark] if mark.is_empty() => cells,
            _ => return Err("a cage is one list of cells".into()),
        };
        if cells.is_empty() {
            return Err("no cells".into());
        }
        for (k, &c) in cells.iter().enumerate() {
            if !puzzle.is_cell(usize::from(c)) {
                return Err(format!("{} is not a cell", puzzle.cell_name(usize::from(c))));
            }
            if cells[..k].contains(&c) {
                return Err("a cell is named twice".into());
            }
        }
        let (n, k) = (puzzle.size(), cells.len());
        if repeats(it) {
            return match it.value {
                Some(sum) if (sum as usize) < k || (sum as usize) > k * n => {
                    Err(format!("sum {sum} is out of reach, {k} digits 1-{n} add up to {k}-{}", k * n))
                }
                _ => Ok(()),
            };
        }
        if k > n {
            return Err(format!("{k} cells cannot hold distinct digits 1-{n}"));
        }
        if let Some(sum) = it.value {
            let (min, max) = (k * (k + 1) / 2, k * (2 * n - k + 1) / 2);
            if (sum as usize) < min || (sum as usize) > max {
                return Err(format!("sum {sum} is out of reach, {k} distinct digits add up to {min}-{max}"));
            }
        }
        Ok(())
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        let cells = &it.parts[0];
        let mut seen = 0u64;
        let distinct = repeats(it)
            || cells.iter().all(|&c| {
                let bit = 1u64 << grid[usize::from(c)];
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            });
        distinct && it.value.is_none_or(|sum| total(cells, grid) == sum)
    }

    fn distinct(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Vec<u16>> {
        match repeats(it) {
            true => Vec::new(),
            false => vec![it.parts[0].clone()],
        }
    }

    /// Keeps in each cell only digits of a combination of distinct digits
    /// with the sum that every cell can still take part in; a cage with
    /// too many combinations to list is checked by its sum's bounds.
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let Some(sum) = it.value else { return true };
        let cells = &it.parts[0];
        if repeats(it) {
            return narrow_repeating(cells, sum, board);
        }
        let combos = combinations(n, cells.len(), sum);
        if combos.is_empty() {
            let (low, high) = cells.iter().fold((0, 0), |(l, h), &c| {
                let (a, b) = bounds(board.get(c));
                (l + a, h + b)
            });
            return low <= sum && sum <= high;
        }
        let fits = |combo: u32| cells.iter().all(|&c| board.get(c) & combo != 0);
        let allowed = combos.into_iter().filter(|&m| fits(m)).fold(0, |a, m| a | m);
        cells.iter().all(|&c| board.remove(c, !allowed))
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        let mut cells = json_cells(object.get("cells"), "cells", cell)?;
        cells.sort_unstable();
        let value = match object.get("sum") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .and_then(|s| u32::try_from(s).ok())
                    .ok_or_else(|| format!("sum {v} is not a whole number"))?,
            ),
        };
        let parts = match object.get("repeat") {
            None | Some(Value::Null) => vec![cells],
            Some(Value::Bool(true)) => vec![cells, Vec::new()],
            // Written only when true: a false one would read as unknown.
            Some(Value::Bool(false)) => return Err("\"repeat\": false is the default, leave it out".into()),
            Some(other) => return Err(format!("repeat {other} is not true")),
        };
        Ok(Instance { parts, value })
    }

    fn json_keys(&self, it: &Instance) -> Option<&'static [&'static str]> {
        Some(match (it.value.is_some(), repeats(it)) {
            (true, true) => &["sum", "cells", "repeat"],
            (true, false) => &["sum", "cells"],
            (false, true) => &["cells", "repeat"],
            (false, false) => &["cells"],
        })
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        let sum = it.value.map(|sum| ("sum", json!(sum)));
        let repeat = repeats(it).then_some(("repeat", json!(true)));
        sum.into_iter().chain([("cells", names(&it.parts[0], name))]).chain(repeat).collect()
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some("killercage")
    }

    /// None for a cage whose digits may repeat: f-puzzles has no such mark.
    fn fpuzzles_key_of(&self, it: &Instance) -> Option<&'static str> {
        match repeats(it) {
            true => None,
            false => self.fpuzzles_key(),
        }
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let mut cells = fp_cells(entry.get("cells").ok_or("expected \"cells\"")?, cell)?;
        cells.sort_unstable();
        let value = match entry.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(Value::String(s)) => {
                Some(s.trim().parse::<u32>().map_err(|_| format!("sum {s:?} is not a whole number"))?)
            }
            Some(Value::Number(n)) => Some(n.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or("bad sum")?),
            Some(other) => return Err(format!("sum {other} is not a number")),
        };
        Ok(vec![Instance { parts: vec![cells], value }])
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        let cells = names(&it.parts[0], name);
        match it.value {
            Some(sum) => json!({ "cells": cells, "value": sum.to_string() }),
            None => json!({ "cells": cells }),
        }
    }

    fn glyphs(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let label = match (it.value, repeats(it)) {
            (Some(sum), true) => Some(format!("{sum}*")),
            (None, true) => Some("*".into()),
            (sum, false) => sum.map(|sum| sum.to_string()),
        };
        vec![Glyph::Cage { cells: it.parts[0].clone(), label }]
    }

    /// None for a cage whose digits may repeat: it is not a cage of
    /// distinct digits (the engine narrows it by its sum's bounds).
    fn cage<'a>(&self, it: &'a Instance) -> Option<(&'a [u16], Option<u32>)> {
        match repeats(it) {
            true => None,
            false => Some((&it.parts[0], it.value)),
        }
    }

    fn tiles(&self) -> bool {
        true
    }

    fn tile(&self, cells: &[u16], solution: &[u8]) -> Option<Instance> {
        let mut digits = 0u64;
        for &c in cells {
            let bit = 1u64 << solution[usize::from(c)];
            if digits & bit != 0 {
                return None;
            }
            digits |= bit;
        }
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        let value = Some(total(&cells, solution));
        Some(Instance { parts: vec![cells], value })
    }

    /// The cage on `cells` with its sum; marked as one whose digits may
    /// repeat when they do.
    fn tile_repeating(&self, cells: &[u16], solution: &[u8]) -> Option<Instance> {
        if let Some(plain) = self.tile(cells, solution) {
            return Some(plain);
        }
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        let value = Some(total(&cells, solution));
        Some(Instance { parts: vec![cells, Vec::new()], value })
    }
}

/// Narrows a cage whose digits may repeat by its sum: each cell keeps the
/// digits that the others' least and greatest digits can still complete
/// to `sum`; false when none can (a full board off the sum among them).
fn narrow_repeating(cells: &[u16], sum: u32, board: &mut dyn Candidates) -> bool {
    let bounds: Vec<(u32, u32)> = cells.iter().map(|&c| bounds(board.get(c))).collect();
    let (low, high) = bounds.iter().fold((0, 0), |(l, h), &(a, b)| (l + a, h + b));
    if sum < low || sum > high {
        return false;
    }
    for (&c, &(a, b)) in cells.iter().zip(&bounds) {
        // The others add up to low - a at least and high - b at most.
        let (others_low, others_high) = (low - a, high - b);
        let mut drop = 0u32;
        for d in 1..=32u32 {
            if board.get(c) >> (d - 1) & 1 == 1 && (d + others_low > sum || d + others_high < sum) {
                drop |= 1 << (d - 1);
            }
        }
        if drop != 0 && !board.remove(c, drop) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::combinations;

    /// Against a filter over every subset of 1..=n.
    #[test]
    fn combinations_are_every_subset_with_the_size_and_sum() {
        for n in [4usize, 6, 9, 12] {
            for k in 1..=n {
                for sum in 0..=(n * (n + 1) / 2) as u32 + 1 {
                    let mut expected: Vec<u32> = (0u32..1 << n)
                        .filter(|m| m.count_ones() as usize == k)
                        .filter(|m| {
                            (0..n).filter(|d| m >> d & 1 == 1).map(|d| d as u32 + 1).sum::<u32>() == sum
                        })
                        .collect();
                    let mut got = combinations(n, k, sum);
                    expected.sort_unstable();
                    got.sort_unstable();
                    assert_eq!(got, expected, "n {n} k {k} sum {sum}");
                }
            }
        }
    }

    /// Narrowing a cage whose digits may repeat keeps every digit that
    /// some assignment adding up to the sum uses (brute force over three
    /// cells of sampled candidate masks of 6 digits), and refuses a full
    /// board off the sum.
    #[test]
    fn repeating_cages_keep_every_digit_a_completion_uses() {
        use super::narrow_repeating;
        use crate::constraint::testing::Board;
        let n = 6u32;
        let has = |m: u32, d: u32| m >> (d - 1) & 1 == 1;
        for ma in (1..1u32 << n).step_by(3) {
            for mb in (1..1u32 << n).step_by(7) {
                for (mc, sum) in [(0b10_0101, 9), (0b01_1000, 12), (0b11_1111, 3), (0b00_0001, 17)] {
                    let masks = [ma, mb, mc];
                    let mut support = [0u32; 3];
                    for x in (1..=n).filter(|&x| has(ma, x)) {
                        for y in (1..=n).filter(|&y| has(mb, y)) {
                            for z in (1..=n).filter(|&z| has(mc, z) && x + y + z == sum) {
                                support[0] |= 1 << (x - 1);
                                support[1] |= 1 << (y - 1);
                                support[2] |= 1 << (z - 1);
                            }
                        }
                    }
                    let mut board = Board(masks.to_vec());
                    let ok = narrow_repeating(&[0, 1, 2], sum, &mut board);
                    let fine = support.iter().all(|&s| s != 0);
                    assert!(!fine || ok, "{masks:?} {sum}");
                    if fine {
                        for (&kept, &s) in board.0.iter().zip(&support) {
                            assert_eq!(kept & s, s, "{masks:?} {sum}");
                        }
                    }
                    if masks.iter().all(|m| m.count_ones() == 1) {
                        assert_eq!(ok, fine, "a full board {masks:?} {sum}");
                    }
                }
            }
        }
    }

    #[test]
    fn too_many_combinations_give_none_quickly() {
        // C(25, 12) subsets, about 40,000 of them of sum 156: over the cap? Either
        // way the call returns at once.
        let got = combinations(25, 12, 156);
        assert!(got.is_empty() || got.len() <= super::MAX_COMBOS);
    }
}
