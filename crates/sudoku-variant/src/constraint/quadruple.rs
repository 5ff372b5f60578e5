//! Quadruple: a circle on the corner where four cells meet holds one to
//! four digits, each of which appears in those four cells at least as
//! often as the circle lists it. One part: the four cells of the 2x2
//! square, in reading order. The number is the digits packed base 32,
//! ascending from the lowest bits (1, 3, 3 is 1 + 3·32 + 3·32²), since an
//! instance carries one number. JSON `{"kind":"quadruple","cells":["r1c1",
//! "r1c2","r2c1","r2c2"],"digits":[1,3,3]}`; f-puzzles `quadruple` entries
//! `{"cells":[...],"values":[1,3,3]}`.

use rand::RngCore;
use serde_json::{json, Value};

use super::util::{fp_cells, json_cells, names, shuffle, up_to};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// The quadruple kind.
#[derive(Debug, Clone, Copy)]
pub struct Quadruple;

/// The digits of a packed number, ascending.
pub(crate) fn unpack(value: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut v = value;
    while v % 32 != 0 && out.len() < 4 {
        out.push(v % 32);
        v /= 32;
    }
    out
}

/// The packed number of some digits (1 to 31 each, at most four).
fn pack(digits: &[u32]) -> u32 {
    let mut sorted = digits.to_vec();
    sorted.sort_unstable();
    sorted.iter().rev().fold(0, |v, &d| v * 32 + d)
}

/// Reads a list of digits (numbers, or strings of a number).
fn digits_of(value: Option<&Value>, field: &str) -> Result<Vec<u32>, String> {
    let list = value.and_then(Value::as_array).ok_or_else(|| format!("expected \"{field}\": [digits]"))?;
    list.iter()
        .map(|v| {
            v.as_u64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                .and_then(|d| u32::try_from(d).ok())
                .filter(|d| (1..32).contains(d))
                .ok_or_else(|| format!("quadruple value {v} is not a digit"))
        })
        .collect()
}

/// Whether `cells` (canvas, in reading order) form a 2x2 square.
fn square(side: usize, cells: &[u16]) -> bool {
    let c: Vec<usize> = cells.iter().map(|&c| usize::from(c)).collect();
    c.len() == 4
        && c[0] % side + 1 < side
        && c[1] == c[0] + 1
        && c[2] == c[0] + side
        && c[3] == c[0] + side + 1
}

impl Kind for Quadruple {
    fn name(&self) -> &'static str {
        "quadruple"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["quadruples", "quad", "quads"]
    }

    fn title(&self) -> &'static str {
        "Quadruple"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "The digits in a circle where four cells meet appear in those four cells (as often as the circle \
         lists them)."
            .into()
    }

    fn describe(&self, first: &str, value: Option<u32>) -> String {
        let digits: Vec<String> = unpack(value.unwrap_or(0)).iter().map(u32::to_string).collect();
        format!("quadruple at {first} ({})", digits.join(", "))
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let [cells] = &it.parts[..] else { return Err("a quadruple is one square of four cells".into()) };
        if !square(puzzle.side(), cells) || !cells.iter().all(|&c| puzzle.is_cell(usize::from(c))) {
            return Err("a quadruple's cells are a 2x2 square, in reading order".into());
        }
        let digits = unpack(it.value.unwrap_or(0));
        if digits.is_empty() || pack(&digits) != it.value.unwrap_or(0) {
            return Err("a quadruple has one to four digits".into());
        }
        if let Some(d) = digits.iter().find(|&&d| d as usize > puzzle.size()) {
            return Err(format!("quadruple: {d} is not a digit 1-{}", puzzle.size()));
        }
        // A digit listed more often than the square has cells no two of
        // which share a house: no solution, which a search would take long
        // to prove.
        let apart = |x: u16, y: u16| !puzzle.share_house(x, y);
        let room = (1u32..16)
            .filter(|set| {
                let chosen: Vec<u16> = (0..4).filter(|k| set >> k & 1 == 1).map(|k| cells[k]).collect();
                chosen.iter().enumerate().all(|(i, &x)| chosen[..i].iter().all(|&y| apart(x, y)))
            })
            .map(u32::count_ones)
            .max()
            .unwrap_or(1) as usize;
        if let Some(d) = digits.iter().find(|&d| digits.iter().filter(|&e| e == d).count() > room) {
            return Err(format!("quadruple: {d} is listed more often than the four cells can hold it"));
        }
        Ok(())
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        let digits = unpack(it.value.unwrap_or(0));
        let held: Vec<u32> = it.parts[0].iter().map(|&c| u32::from(grid[usize::from(c)])).collect();
        digits
            .iter()
            .all(|d| held.iter().filter(|&h| h == d).count() >= digits.iter().filter(|&e| e == d).count())
    }

    /// Exact for the four cells: each listed digit (a digit listed twice
    /// is two entries) takes a cell of its own that still has it, the
    /// other cells any digit they have. A digit stays where some such
    /// placement lets it. At most 4^4 placements to try, none allocated.
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let cells = &it.parts[0];
        let full = up_to(n as u32);
        let (mut bits, mut listed, mut v) = ([0u32; 4], 0usize, it.value.unwrap_or(0));
        while v % 32 != 0 && listed < 4 {
            bits[listed] = 1 << (v % 32 - 1);
            listed += 1;
            v /= 32;
        }
        let mut cands = [0u32; 4];
        for (k, &c) in cells.iter().enumerate().take(4) {
            cands[k] = board.get(c) & full;
        }
        let mut support = [0u32; 4];
        // Entry i goes to cell `code >> 2i & 3`.
        'placement: for code in 0..1usize << (2 * listed) {
            let (mut used, mut masks) = (0u32, cands);
            for (i, &bit) in bits[..listed].iter().enumerate() {
                let k = code >> (2 * i) & 3;
                if used >> k & 1 == 1 || cands[k] & bit == 0 {
                    continue 'placement;
                }
                used |= 1 << k;
                masks[k] = bit;
            }
            for k in 0..4 {
                support[k] |= masks[k];
            }
        }
        cells.iter().zip(support).all(|(&c, s)| board.remove(c, full & !s))
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        let mut cells = json_cells(object.get("cells"), "cells", cell)?;
        cells.sort_unstable();
        let digits = digits_of(object.get("digits"), "digits")?;
        if digits.is_empty() || digits.len() > 4 {
            return Err(format!("a quadruple has one to four digits, not {}", digits.len()));
        }
        Ok(Instance { parts: vec![cells], value: Some(pack(&digits)) })
    }

    fn json_keys(&self, _it: &Instance) -> Option<&'static [&'static str]> {
        Some(&["cells", "digits"])
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        vec![("cells", names(&it.parts[0], name)), ("digits", json!(unpack(it.value.unwrap_or(0))))]
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some("quadruple")
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let mut cells = fp_cells(entry.get("cells").ok_or("expected \"cells\"")?, cell)?;
        cells.sort_unstable();
        let digits = digits_of(entry.get("values"), "values")?;
        if digits.is_empty() || digits.len() > 4 {
            return Err(format!("a quadruple has one to four values, not {}", digits.len()));
        }
        Ok(vec![Instance { parts: vec![cells], value: Some(pack(&digits)) }])
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        json!({ "cells": names(&it.parts[0], name), "values": unpack(it.value.unwrap_or(0)) })
    }

    /// A white ringed circle on the corner, its digits in two rows of two.
    fn glyphs(&self, puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        let side = puzzle.side();
        let first = usize::from(it.parts[0][0]);
        let (x, y) = ((first % side) as f32 + 1.0, (first / side) as f32 + 1.0);
        let digits: Vec<String> = unpack(it.value.unwrap_or(0)).iter().map(u32::to_string).collect();
        let mut out = vec![Glyph::Dot { x, y, radius: 0.3, gray: 1.0, ring: 0.03 }];
        let rows: Vec<&[String]> = digits.chunks(2).collect();
        let size = if digits.len() > 2 { 0.18 } else { 0.24 };
        for (k, row) in rows.iter().enumerate() {
            let dy = match rows.len() {
                1 => 0.0,
                _ => (k as f32 - 0.5) * 0.25,
            };
            out.push(Glyph::Text { x, y: y + dy, size, text: row.join(" ") });
        }
        out
    }

    /// About the side's count of circles on corners of cells no other
    /// constraint uses, each listing two to four of its square's solution
    /// digits.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let side = puzzle.side();
        let used = super::util::used_cells(puzzle);
        let mut corners: Vec<[u16; 4]> = puzzle
            .cells()
            .into_iter()
            .filter(|&c| c % side + 1 < side && c / side + 1 < side)
            .map(|c| [c, c + 1, c + side, c + side + 1].map(|c| c as u16))
            .filter(|q| q.iter().all(|&c| puzzle.is_cell(usize::from(c)) && !used[usize::from(c)]))
            .collect();
        shuffle(&mut corners, rng);
        let mut out = Vec::new();
        for q in corners.into_iter().take(puzzle.size()) {
            let mut digits: Vec<u32> = q.iter().map(|&c| u32::from(solution[usize::from(c)])).collect();
            shuffle(&mut digits, rng);
            digits.truncate(2 + (rng.next_u32() as usize) % 3);
            out.push(Instance { parts: vec![q.to_vec()], value: Some(pack(&digits)) });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::constraint::testing::Board;

    #[test]
    fn digits_pack_and_unpack() {
        assert_eq!(pack(&[3, 1, 3]), 1 + 3 * 32 + 3 * 1024);
        assert_eq!(unpack(pack(&[3, 1, 3])), [1, 3, 3]);
        assert_eq!(unpack(pack(&[16, 16, 16, 16])), [16; 4]);
        assert!(unpack(0).is_empty());
    }

    /// Narrowing keeps exactly the digits some full assignment of the four
    /// cells meeting the circle uses (brute force over every assignment,
    /// digits 1-4, random candidates), and refuses a full board that
    /// breaks it.
    #[test]
    fn narrowing_keeps_every_digit_a_completion_uses() {
        let n = 4u32;
        let mut seed = 99u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for _ in 0..3000 {
            let len = 1 + next() as usize % 4;
            let digits: Vec<u32> = (0..len).map(|_| 1 + next() % n).collect();
            let value = Some(pack(&digits));
            let cands: Vec<u32> = (0..4).map(|_| next() & 15).collect();
            let it = Instance { parts: vec![vec![0, 1, 2, 3]], value };
            let mut support = [0u32; 4];
            for code in 0..256u32 {
                let grid: Vec<u8> = (0..4).map(|k| (code >> (2 * k) & 3) as u8 + 1).collect();
                let inside = (0..4).all(|k| cands[k] >> (grid[k] - 1) & 1 == 1);
                if inside && Quadruple.holds(&Puzzle::blank(4).unwrap(), &it, &grid) {
                    for k in 0..4 {
                        support[k] |= 1 << (grid[k] - 1);
                    }
                }
            }
            let mut board = Board(cands.clone());
            let ok = Quadruple.narrow(&it, n as usize, &mut board);
            let fine = support.iter().all(|&s| s != 0);
            assert_eq!(ok, fine, "{digits:?} {cands:?}");
            if fine {
                assert_eq!(board.0, support, "{digits:?} {cands:?}");
            }
        }
    }
}
