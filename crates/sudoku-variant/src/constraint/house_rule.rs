//! A rule of the whole grid that only adds houses (X's diagonals,
//! windoku's windows, disjoint groups): the shape every such rule shares,
//! with what differs as data. Each rule's file fills one in.

use super::util::{each_grid, houses_hold};
use super::{Candidates, Glyph, Instance, Kind};
use crate::Puzzle;

/// A rule whose whole content is extra houses.
pub struct HouseRule {
    /// [`Kind::name`].
    pub name: &'static str,
    /// [`Kind::aliases`].
    pub aliases: &'static [&'static str],
    /// [`Kind::title`].
    pub title: &'static str,
    /// [`Kind::rule_text`].
    pub text: fn(&Puzzle) -> String,
    /// How a hint names one of its houses, before its first cell's name
    /// (`diagonal from`).
    pub house: &'static str,
    /// [`Kind::fpuzzles_flags`].
    pub flags: &'static [&'static str],
    /// What shape the rule needs, when `puzzle` is not one ([`Kind::check`]).
    pub fits: fn(&Puzzle) -> Result<(), String>,
    /// [`Kind::houses`] within the grid at (top, left).
    pub houses: fn(&Puzzle, usize, usize) -> Vec<Vec<u16>>,
    /// Whether its cells are shaded in a book.
    pub shaded: bool,
}

impl Kind for HouseRule {
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
        (self.text)(puzzle)
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("{} {first}", self.house)
    }

    fn global(&self) -> bool {
        true
    }

    fn houses_only(&self) -> bool {
        true
    }

    fn fpuzzles_flags(&self) -> &'static [&'static str] {
        self.flags
    }

    fn check(&self, puzzle: &Puzzle, _it: &Instance) -> Result<(), String> {
        (self.fits)(puzzle)
    }

    fn houses(&self, puzzle: &Puzzle, top: usize, left: usize) -> Vec<Vec<u16>> {
        (self.houses)(puzzle, top, left)
    }

    fn holds(&self, puzzle: &Puzzle, _it: &Instance, grid: &[u8]) -> bool {
        houses_hold(self, puzzle, grid)
    }

    /// Nothing beyond its houses.
    fn narrow(&self, _it: &Instance, _n: usize, _board: &mut dyn Candidates) -> bool {
        true
    }

    fn glyphs(&self, puzzle: &Puzzle, _it: &Instance) -> Vec<Glyph> {
        match self.shaded {
            true => {
                vec![Glyph::Shade { cells: each_grid(puzzle, |t, l| self.houses(puzzle, t, l)).concat() }]
            }
            false => Vec::new(),
        }
    }
}

/// Any shape ([`HouseRule::fits`] of a rule that fits every puzzle).
pub fn any_shape(_puzzle: &Puzzle) -> Result<(), String> {
    Ok(())
}
