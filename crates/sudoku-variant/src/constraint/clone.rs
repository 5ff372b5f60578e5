//! Clone: two regions of the same shape hold the same digits in
//! corresponding cells. Two parts of the same length, the k-th cell of one
//! corresponding to the k-th of the other (the shapes are not checked:
//! f-puzzles pairs the cells by order alone, so a turned copy is allowed).
//! JSON `{"kind":"clone","cells":["r1c1","r1c2"],"clone":["r5c5","r5c6"]}`;
//! f-puzzles `clone` entries `{"cells":[...],"cloneCells":[...]}`.

use rand::RngCore;
use serde_json::{json, Value};

use super::util::{fp_cells, json_cells, names, pick, steps, up_to, used_cells};
use super::{
    Candidates, Fields, Glyph, Instance, Instances, JsonObject, Kind, ReadFpCell, ReadName, WriteName,
};
use crate::Puzzle;

/// The clone kind.
#[derive(Debug, Clone, Copy)]
pub struct Clones;

impl Kind for Clones {
    fn name(&self) -> &'static str {
        "clone"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["clones"]
    }

    fn title(&self) -> &'static str {
        "Clone"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "Shaded regions of the same shape are clones: they hold the same digits in corresponding cells."
            .into()
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("clone of {first}")
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        let [a, b] = &it.parts[..] else { return Err("a clone is two lists of cells".into()) };
        if a.is_empty() || a.len() != b.len() {
            return Err(format!(
                "a clone's two regions have the same number of cells, not {} and {}",
                a.len(),
                b.len()
            ));
        }
        for part in [a, b] {
            for (k, &c) in part.iter().enumerate() {
                if !puzzle.is_cell(usize::from(c)) {
                    return Err(format!("clone: position {} is not a cell", k + 1));
                }
                if part[..k].contains(&c) {
                    return Err(format!("clone: {} is named twice", puzzle.cell_name(usize::from(c))));
                }
            }
        }
        // Two cells of one house never match: no solution, which a search
        // would take long to prove.
        for (&x, &y) in a.iter().zip(b) {
            if x != y && puzzle.share_house(x, y) {
                return Err(format!(
                    "clone: {} and {} share a house and can never hold the same digit",
                    puzzle.cell_name(usize::from(x)),
                    puzzle.cell_name(usize::from(y))
                ));
            }
        }
        Ok(())
    }

    fn holds(&self, _puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        it.parts[0].iter().zip(&it.parts[1]).all(|(&a, &b)| grid[usize::from(a)] == grid[usize::from(b)])
    }

    /// Corresponding cells.
    fn pairs(&self, it: &Instance, out: &mut Vec<(u16, u16, u32)>) -> bool {
        out.extend(it.parts[0].iter().zip(&it.parts[1]).map(|(&a, &b)| (a, b, 0)));
        true
    }

    fn pair_allows(&self, _tag: u32, x: u32, y: u32) -> bool {
        x == y
    }

    /// Corresponding cells keep the digits both may hold.
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let full = up_to(n as u32);
        it.parts[0].iter().zip(&it.parts[1]).all(|(&a, &b)| {
            let both = board.get(a) & board.get(b) & full;
            board.remove(a, full & !both) && board.remove(b, full & !both)
        })
    }

    fn parts_from_json(&self, object: &JsonObject<'_>, cell: ReadName<'_>) -> Result<Instance, String> {
        let cells = json_cells(object.get("cells"), "cells", cell)?;
        let clone = json_cells(object.get("clone"), "clone", cell)?;
        Ok(Instance::of(vec![cells, clone]))
    }

    fn parts_to_json(&self, it: &Instance, name: WriteName<'_>) -> Fields {
        vec![("cells", names(&it.parts[0], name)), ("clone", names(&it.parts[1], name))]
    }

    fn json_keys(&self, _it: &Instance) -> Option<&'static [&'static str]> {
        Some(&["cells", "clone"])
    }

    fn fpuzzles_key(&self) -> Option<&'static str> {
        Some("clone")
    }

    fn read_fpuzzles(&self, entry: &Value, cell: ReadFpCell<'_>) -> Result<Instances, String> {
        let cells = fp_cells(entry.get("cells").ok_or("expected \"cells\"")?, cell)?;
        let clone = fp_cells(entry.get("cloneCells").ok_or("expected \"cloneCells\"")?, cell)?;
        Ok(vec![Instance::of(vec![cells, clone])])
    }

    fn write_fpuzzles(&self, it: &Instance, _side: usize, name: WriteName<'_>) -> Value {
        json!({ "cells": names(&it.parts[0], name), "cloneCells": names(&it.parts[1], name) })
    }

    /// Both regions shaded.
    fn glyphs(&self, _puzzle: &Puzzle, it: &Instance) -> Vec<Glyph> {
        vec![Glyph::Shade { cells: it.parts.concat() }]
    }

    /// About a clone for every four digits of the side: a random walk of 2
    /// to 4 cells, moved to a place where the solution repeats its digits,
    /// over cells no other constraint uses.
    fn sprinkle(&self, puzzle: &Puzzle, solution: &[u8], rng: &mut dyn RngCore) -> Instances {
        let side = puzzle.side() as isize;
        let mut used = used_cells(puzzle);
        let cells = puzzle.cells();
        let wanted = (puzzle.size() / 4).max(1);
        let mut out = Vec::new();
        for _ in 0..wanted * 30 {
            if out.len() == wanted {
                break;
            }
            let start = pick(&cells, rng) as u16;
            if used[usize::from(start)] {
                continue;
            }
            let length = 2 + (rng.next_u32() as usize) % 3;
            let mut shape = vec![start];
            let mut taken = used.clone();
            taken[usize::from(start)] = true;
            while shape.len() < length {
                let next = steps(puzzle, *shape.last().expect("a first cell"), &taken);
                if next.is_empty() {
                    break;
                }
                let c = pick(&next, rng);
                taken[usize::from(c)] = true;
                shape.push(c);
            }
            // Every shift of the shape onto free cells with the same digits.
            let moved = |dr: isize, dc: isize| -> Option<Vec<u16>> {
                shape
                    .iter()
                    .map(|&c| {
                        let (r, col) = (c as isize / side + dr, c as isize % side + dc);
                        let i = r * side + col;
                        let fits = (0..side).contains(&r)
                            && (0..side).contains(&col)
                            && puzzle.is_cell(i as usize)
                            && !taken[i as usize]
                            && solution[i as usize] == solution[usize::from(c)];
                        fits.then_some(i as u16)
                    })
                    .collect()
            };
            let places: Vec<Vec<u16>> = (-side + 1..side)
                .flat_map(|dr| (-side + 1..side).map(move |dc| (dr, dc)))
                .filter(|&d| d != (0, 0))
                .filter_map(|(dr, dc)| moved(dr, dc))
                .collect();
            if places.is_empty() {
                continue;
            }
            let copy = places[(rng.next_u32() as usize) % places.len()].clone();
            for &c in shape.iter().chain(&copy) {
                used[usize::from(c)] = true;
            }
            out.push(Instance::of(vec![shape, copy]));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::constraint::testing::Board;

    /// Narrowing keeps exactly the digits both corresponding cells may
    /// hold (brute force over every pair of masks of 5 digits), and
    /// refuses a full pair that differs.
    #[test]
    fn narrowing_keeps_every_digit_a_completion_uses() {
        let it = Instance::of(vec![vec![0], vec![1]]);
        for ma in 1..32u32 {
            for mb in 1..32u32 {
                let support: u32 =
                    (1..=5).filter(|d| (ma & mb) >> (d - 1) & 1 == 1).fold(0, |m, d| m | 1 << (d - 1));
                let mut board = Board(vec![ma, mb]);
                assert_eq!(Clones.narrow(&it, 5, &mut board), support != 0, "{ma:b} {mb:b}");
                if support != 0 {
                    assert_eq!(board.0, [support, support]);
                }
            }
        }
    }
}
