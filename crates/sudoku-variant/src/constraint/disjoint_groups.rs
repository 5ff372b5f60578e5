//! Disjoint groups: the cells at the same place in every box form a
//! house. A rule of the whole grid on rectangular boxes: JSON
//! `"rules": ["disjoint-groups"]`; f-puzzles the flag `disjointgroups`.

use super::house_rule::HouseRule;
use crate::{Layout, Puzzle};

/// The disjoint-groups rule.
pub static DISJOINT_GROUPS: HouseRule = HouseRule {
    name: "disjoint-groups",
    aliases: &["disjoint", "dg"],
    title: "Disjoint Groups",
    text: |_| {
        "Cells in the same position within their boxes (all the top-left cells of the boxes, say) also hold \
         each digit exactly once."
            .into()
    },
    house: "disjoint group from",
    flags: &["disjointgroups"],
    fits,
    houses,
    shaded: false,
};

fn fits(puzzle: &Puzzle) -> Result<(), String> {
    match puzzle.layout() {
        Layout::Regions(_) => Err("rectangular boxes".into()),
        _ => Ok(()),
    }
}

fn houses(puzzle: &Puzzle, top: usize, left: usize) -> Vec<Vec<u16>> {
    let (n, side) = (puzzle.size(), puzzle.side());
    let (br, bc) = puzzle.box_shape();
    let at = |r: usize, c: usize| ((top + r) * side + left + c) as u16;
    (0..n)
        .map(|k| {
            (0..n)
                .map(|b| {
                    let (r0, c0) = ((b / (n / bc)) * br, (b % (n / bc)) * bc);
                    at(r0 + k / bc, c0 + k % bc)
                })
                .collect()
        })
        .collect()
}
