//! The negative constraints of kropki and XV ("all dots are given"): two
//! orthogonal neighbours joined by no mark hold no relation a missing mark
//! would have shown. Rules of the whole grid, four of them so that each
//! f-puzzles `negative` list has one:
//!
//! - `kropki-negative` (`"negative": ["difference", "ratio"]`): no white
//!   dot, not consecutive; no black dot, neither twice the other;
//! - `white-negative` (`["difference"]`) and `black-negative`
//!   (`["ratio"]`): one colour of it;
//! - `xv-negative` (`["xv"]`): no X, no sum of 10; no V, no sum of 5.
//!
//! A pair joined by any kropki dot or XV letter is left alone by all four
//! (and by non-consecutive), as f-puzzles reads them: a black dot on a 1
//! and a 2 does not break "no white dot". JSON `"rules":
//! ["kropki-negative"]`. The white side reaches the engine, the hints and
//! the page as non-consecutive pairs ([`Kind::not_consecutive`]); the
//! rest as one implied instance a pair ([`Kind::implied`], its number the
//! bans below), which [`Kind::narrow`] narrows.

use super::dots::{unmarked_pairs, BLACK, KROPKI, WHITE, XV};
use super::util::up_to;
use super::{Candidates, Constraint, Instance, Instances, Kind};
use crate::Puzzle;

/// Not consecutive.
const NOT_WHITE: u32 = 1;
/// Neither twice the other.
const NOT_BLACK: u32 = 2;
/// No sum of 10.
const NOT_X: u32 = 4;
/// No sum of 5.
const NOT_V: u32 = 8;

/// A negative constraint: its names and what unmarked pairs may not be.
pub struct Negative {
    name: &'static str,
    title: &'static str,
    text: &'static str,
    /// `NOT_*` bits.
    bans: u32,
    /// Its words in f-puzzles' `negative` list.
    words: &'static [&'static str],
}

/// Every kropki dot is given.
pub static KROPKI_NEGATIVE: Negative = Negative {
    name: "kropki-negative",
    title: "Kropki (all dots given)",
    text: "All dots are given: two cells side by side joined by no dot are not consecutive, and neither \
           is twice the other.",
    bans: NOT_WHITE | NOT_BLACK,
    words: &["difference", "ratio"],
};

/// Every white dot is given.
pub static WHITE_NEGATIVE: Negative = Negative {
    name: "white-negative",
    title: "All white dots given",
    text: "All white dots are given: two cells side by side joined by no dot are not consecutive.",
    bans: NOT_WHITE,
    words: &["difference"],
};

/// Every black dot is given.
pub static BLACK_NEGATIVE: Negative = Negative {
    name: "black-negative",
    title: "All black dots given",
    text: "All black dots are given: of two cells side by side joined by no dot, neither is twice the \
           other.",
    bans: NOT_BLACK,
    words: &["ratio"],
};

/// Every X and V is given.
pub static XV_NEGATIVE: Negative = Negative {
    name: "xv-negative",
    title: "XV (all given)",
    text: "All X and V are given: two cells side by side joined by no letter add up to neither 10 nor 5.",
    bans: NOT_X | NOT_V,
    words: &["xv"],
};

/// Whether digits `x` and `y` of an unmarked pair keep `bans`.
fn allowed(bans: u32, x: u32, y: u32) -> bool {
    !(bans & NOT_WHITE != 0 && x.abs_diff(y) == 1
        || bans & NOT_BLACK != 0 && (x == 2 * y || y == 2 * x)
        || bans & NOT_X != 0 && x + y == 10
        || bans & NOT_V != 0 && x + y == 5)
}

impl Negative {
    /// The orthogonal pairs joined by no dot or letter.
    fn unmarked(&self, puzzle: &Puzzle) -> Vec<(u16, u16)> {
        unmarked_pairs(puzzle)
    }
}

impl Kind for Negative {
    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        self.text.into()
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("unmarked neighbours of {first}")
    }

    fn global(&self) -> bool {
        true
    }

    fn fpuzzles_negative(&self) -> &'static [&'static str] {
        self.words
    }

    fn gives_all_marks(&self) -> bool {
        true
    }

    /// On each unmarked pair whose digits the bans forbid, the first mark
    /// of white dot, black dot, X and V (in that order) that the rule's
    /// bans name and the digits fit: one mark leaves the pair alone.
    fn marks_for(&self, puzzle: &Puzzle, solution: &[u8]) -> Vec<Constraint> {
        let digit = |c: u16| u32::from(solution[usize::from(c)]);
        let mut out: Vec<Constraint> = Vec::new();
        for (a, b) in self.unmarked(puzzle) {
            let (x, y) = (digit(a), digit(b));
            let mark =
                [(NOT_WHITE, &KROPKI, WHITE), (NOT_BLACK, &KROPKI, BLACK), (NOT_X, &XV, 10), (NOT_V, &XV, 5)]
                    .into_iter()
                    .find(|&(ban, _, _)| self.bans & ban != 0 && !allowed(ban, x, y));
            if let Some((_, kind, value)) = mark {
                let instance = Instance { parts: vec![vec![a.min(b), a.max(b)]], value: Some(value) };
                out.push(Constraint::of(kind, instance));
            }
        }
        // Kropki before XV, white dots before black, as f-puzzles' fields
        // read back.
        out.sort_by_key(|c| (c.kind().name() != KROPKI.name(), c.value()));
        out
    }

    fn not_consecutive(&self, puzzle: &Puzzle) -> Vec<(u16, u16)> {
        match self.bans & NOT_WHITE {
            0 => Vec::new(),
            _ => self.unmarked(puzzle),
        }
    }

    /// One instance a pair, its number the bans beyond consecutive digits.
    fn implied(&self, puzzle: &Puzzle) -> Instances {
        let bans = self.bans & !NOT_WHITE;
        match bans {
            0 => Vec::new(),
            _ => self
                .unmarked(puzzle)
                .into_iter()
                .map(|(a, b)| Instance { parts: vec![vec![a, b]], value: Some(bans) })
                .collect(),
        }
    }

    fn holds(&self, puzzle: &Puzzle, _it: &Instance, grid: &[u8]) -> bool {
        let digit = |c: u16| u32::from(grid[usize::from(c)]);
        self.unmarked(puzzle).into_iter().all(|(a, b)| allowed(self.bans, digit(a), digit(b)))
    }

    /// An implied instance's pair, its bans the tag.
    fn pairs(&self, it: &Instance, out: &mut Vec<(u16, u16, u32)>) -> bool {
        match (&it.parts[..], it.value) {
            ([pair], Some(bans)) if pair.len() == 2 => out.push((pair[0], pair[1], bans)),
            _ => return false,
        }
        true
    }

    fn pair_allows(&self, bans: u32, x: u32, y: u32) -> bool {
        allowed(bans, x, y)
    }

    /// An implied pair: each cell keeps the digits some digit of the other
    /// allows. A digit bans at most [`reach`] digits of the other cell, so
    /// a pair whose cells both have more candidates than that is skipped.
    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn Candidates) -> bool {
        let (Some(bans), [pair]) = (it.value, &it.parts[..]) else { return true };
        let &[a, b] = &pair[..] else { return true };
        let full = up_to(n as u32);
        let (ma, mb) = (board.get(a) & full, board.get(b) & full);
        let reach = reach(bans);
        if ma.count_ones() > reach && mb.count_ones() > reach {
            return true;
        }
        let (mut keep_a, mut keep_b) = (0u32, 0u32);
        let mut rest = ma;
        while rest != 0 {
            let x = rest.trailing_zeros() + 1;
            rest &= rest - 1;
            let partners = mb & !banned(bans, x, n as u32);
            if partners != 0 {
                keep_a |= 1 << (x - 1);
                keep_b |= partners;
            }
        }
        board.remove(a, full & !keep_a) && board.remove(b, full & !keep_b)
    }
}

/// The digits (bit `d - 1` for digit `d`, up to `n`) that `bans` forbid
/// beside `x`: the same relation as [`allowed`], as a mask.
fn banned(bans: u32, x: u32, n: u32) -> u32 {
    let digit = |d: u32| if (1..=n).contains(&d) { 1u32 << (d - 1) } else { 0 };
    let mut out = 0;
    if bans & NOT_WHITE != 0 {
        out |= digit(x - 1) | digit(x + 1);
    }
    if bans & NOT_BLACK != 0 {
        out |= digit(2 * x) | if x % 2 == 0 { digit(x / 2) } else { 0 };
    }
    if bans & NOT_X != 0 && x < 10 {
        out |= digit(10 - x);
    }
    if bans & NOT_V != 0 && x < 5 {
        out |= digit(5 - x);
    }
    out
}

/// The most digits one digit bans under `bans`.
fn reach(bans: u32) -> u32 {
    [(NOT_WHITE, 2), (NOT_BLACK, 2), (NOT_X, 1), (NOT_V, 1)]
        .into_iter()
        .filter(|&(ban, _)| bans & ban != 0)
        .map(|(_, k)| k)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::constraint::testing::Board;

    /// Narrowing an implied pair keeps exactly the digits some allowed
    /// assignment uses (brute force over candidate masks of 9 digits),
    /// and refuses a full assignment that breaks the rule.
    #[test]
    fn narrowing_keeps_every_digit_a_completion_uses() {
        let n = 9u32;
        for bans in [NOT_BLACK, NOT_X | NOT_V, NOT_BLACK | NOT_X, NOT_V] {
            let it = Instance { parts: vec![vec![0, 1]], value: Some(bans) };
            for ma in (1..1u32 << n).step_by(5) {
                for mb in (1..1u32 << n).step_by(11) {
                    let mut support = [0u32; 2];
                    for x in (1..=n).filter(|x| ma >> (x - 1) & 1 == 1) {
                        for y in (1..=n).filter(|y| mb >> (y - 1) & 1 == 1 && allowed(bans, x, *y)) {
                            support[0] |= 1 << (x - 1);
                            support[1] |= 1 << (y - 1);
                        }
                    }
                    let mut board = Board(vec![ma, mb]);
                    let ok = KROPKI_NEGATIVE.narrow(&it, n as usize, &mut board);
                    let fine = support.iter().all(|&s| s != 0);
                    assert!(!fine || ok, "{bans}: {ma:b} {mb:b}");
                    if fine {
                        for (&kept, &s) in board.0.iter().zip(&support) {
                            assert_eq!(kept, s, "{bans}: {ma:b} {mb:b}");
                        }
                    }
                    if ma.count_ones() == 1 && mb.count_ones() == 1 {
                        assert_eq!(ok, fine, "{bans}: a full pair {ma:b} {mb:b}");
                    }
                }
            }
        }
    }

    /// The mask form of the bans is the relation itself, for every size.
    #[test]
    fn banned_is_allowed_as_a_mask() {
        for bans in 1..16 {
            for n in [4u32, 6, 9, 16, 25] {
                for x in 1..=n {
                    let mask = banned(bans, x, n);
                    assert!(mask.count_ones() <= reach(bans), "{bans} {x}");
                    for y in 1..=n {
                        assert_eq!(mask >> (y - 1) & 1 == 1, !allowed(bans, x, y), "{bans} {n} {x} {y}");
                    }
                }
            }
        }
    }

    #[test]
    fn dotted_pairs_are_left_alone() {
        use crate::{Constraint, KINDS};
        let kropki = KINDS.iter().copied().find(|k| k.name() == "kropki").unwrap();
        let blank = Puzzle::blank(4).unwrap();
        let all = KROPKI_NEGATIVE.not_consecutive(&blank).len();
        assert_eq!(all, 24);
        let dot = Constraint::of(kropki, Instance { parts: vec![vec![0, 1]], value: Some(2) });
        let dotted = blank.with_constraints(vec![dot]).unwrap();
        assert_eq!(KROPKI_NEGATIVE.not_consecutive(&dotted).len(), 23);
        assert_eq!(KROPKI_NEGATIVE.implied(&dotted).len(), 23);
        assert!(XV_NEGATIVE.not_consecutive(&dotted).is_empty());
    }

    /// The unmarked pairs are the orthogonal pairs that `edge_marked`
    /// (each pair against every constraint) finds bare, for random dots
    /// and letters on grids of sizes 4 to 16 and a samurai, some in the
    /// other cell order.
    #[test]
    fn unmarked_pairs_are_the_bare_edges() {
        use rand::{seq::SliceRandom, Rng, SeedableRng};
        use rand_chacha::ChaCha8Rng;

        use super::super::dots::edge_marked;
        use crate::{Constraint, KINDS};
        let kind = |name: &str| KINDS.iter().copied().find(|k| k.name() == name).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(47);
        let shapes = [4, 6, 9, 16].map(|n| Puzzle::blank(n).unwrap());
        for shape in shapes.iter().chain([&Puzzle::blank_samurai()]).cycle().take(40) {
            let mut pairs = shape.orthogonal_pairs();
            pairs.shuffle(&mut rng);
            let marks: Vec<Constraint> = pairs[..rng.gen_range(0..pairs.len() / 2)]
                .iter()
                .map(|&(a, b)| {
                    let parts = if rng.gen() { vec![vec![a, b]] } else { vec![vec![b, a]] };
                    match rng.gen_range(0..4) {
                        0 => Constraint::of(kind("kropki"), Instance { parts, value: Some(1) }),
                        1 => Constraint::of(kind("kropki"), Instance { parts, value: Some(2) }),
                        2 => Constraint::of(kind("xv"), Instance { parts, value: Some(10) }),
                        _ => Constraint::of(kind("greater-than"), Instance { parts, value: None }),
                    }
                })
                .collect();
            let puzzle = shape.with_constraints(marks).unwrap();
            let expected: Vec<(u16, u16)> =
                puzzle.orthogonal_pairs().into_iter().filter(|&(a, b)| !edge_marked(&puzzle, a, b)).collect();
            assert_eq!(super::super::dots::unmarked_pairs(&puzzle), expected);
        }
    }
}
