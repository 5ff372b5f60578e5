//! Disjoint groups: the cells at the same place in every box form a
//! house. A rule of the whole grid on rectangular boxes: JSON
//! `"rules": ["disjoint-groups"]`; f-puzzles the flag `disjointgroups`.

use super::util::houses_hold;
use super::{Candidates, Kind};
use crate::{Layout, Puzzle};

/// The disjoint-groups rule.
#[derive(Debug, Clone, Copy)]
pub struct DisjointGroups;

impl Kind for DisjointGroups {
    fn name(&self) -> &'static str {
        "disjoint-groups"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["disjoint", "dg"]
    }

    fn title(&self) -> &'static str {
        "Disjoint Groups"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "Cells in the same position within their boxes (all the top-left cells of the boxes, say) also hold \
         each digit exactly once."
            .into()
    }

    fn describe(&self, first: &str) -> String {
        format!("disjoint group from {first}")
    }

    fn global(&self) -> bool {
        true
    }

    fn houses_only(&self) -> bool {
        true
    }

    fn fpuzzles_flags(&self) -> &'static [&'static str] {
        &["disjointgroups"]
    }

    fn check(&self, puzzle: &Puzzle, _parts: &[Vec<u16>]) -> Result<(), String> {
        if matches!(puzzle.layout(), Layout::Regions(_)) {
            return Err("rectangular boxes".into());
        }
        Ok(())
    }

    fn houses(&self, puzzle: &Puzzle, top: usize, left: usize) -> Vec<Vec<u16>> {
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

    fn holds(&self, puzzle: &Puzzle, _parts: &[Vec<u16>], grid: &[u8]) -> bool {
        houses_hold(self, puzzle, grid)
    }

    /// Nothing beyond its houses.
    fn narrow(&self, _parts: &[Vec<u16>], _n: usize, _board: &mut dyn Candidates) -> bool {
        true
    }
}
