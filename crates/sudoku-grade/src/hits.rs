//! What the techniques hand back: [`Hits`], the easiest steps one family of
//! techniques found on a board.
//!
//! Sudoku Explainer takes one step at a time, the easiest its first
//! productive family offers. Which of several equally easy steps it takes
//! depends on the order it scans cells in, which differs between
//! isomorphs of a puzzle. [`Hits`] keeps every step of the least difficulty
//! instead and the grader applies them together: that order does not
//! choose among them, and the rating is the same, since each of those
//! steps stays available until it is taken. (A chain's difficulty still
//! depends on the order: it is that of the chain the search builds first.)

use std::fmt;

use arrayvec::ArrayVec;
use sudoku_core::{Candidate, Cell, Digit};

use crate::board::{bit, digits_of, Board, Found};
use crate::potential::Potential;
use crate::rating::Tenths;
use crate::technique::Technique;

/// The (cell, digit) conclusions of a step confined to 81 of them: one
/// digit in any cells, or any digits in the cells of one unit. On the
/// stack, so that finding a step allocates nothing.
pub(crate) type Conclusions = ArrayVec<(usize, u8), 81>;

/// One step as `--explain` shows it: one pattern, its conclusions.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Deduction {
    pub technique: Technique,
    pub difficulty: Tenths,
    /// SE's text for the pattern: the variant's name, its cells and links.
    pub text: Text,
    /// Digits placed: (cell, digit).
    pub place: Vec<(usize, u8)>,
    /// Candidates removed: (cell, digit).
    pub elim: Vec<(usize, u8)>,
}

/// One piece of a step's text, kept as it is when the step is found and
/// written out only when the text is shown (see [`Text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Words, as they are.
    Str(&'static str),
    /// A number.
    Num(usize),
    /// `r1c2`: a cell.
    Cell(usize),
    /// `r1c2.3`: a candidate (`cell * 9 + digit - 1`).
    Cand(usize),
    /// `r1c2=3` or `r1c2<>3`: a potential of the chains.
    Node(Potential),
}

/// SE's text of a step as a list of [`Piece`]s: techniques build it
/// without formatting anything, and only the step shown is written out
/// (its [`fmt::Display`]). Cleared, it keeps its space for the next step.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Text {
    pieces: Vec<Piece>,
}

impl Text {
    /// Forgets the pieces, keeping their space.
    pub fn clear(&mut self) {
        self.pieces.clear();
    }

    /// The number of pieces so far.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Adds words.
    pub fn str(&mut self, s: &'static str) -> &mut Self {
        self.pieces.push(Piece::Str(s));
        self
    }

    /// Adds a number.
    pub fn num(&mut self, n: usize) -> &mut Self {
        self.pieces.push(Piece::Num(n));
        self
    }

    /// Adds a cell: `r1c2`.
    pub fn cell(&mut self, c: usize) -> &mut Self {
        self.pieces.push(Piece::Cell(c));
        self
    }

    /// Adds a candidate: `r1c2.3`.
    pub fn cand(&mut self, cand: usize) -> &mut Self {
        self.pieces.push(Piece::Cand(cand));
        self
    }

    /// Adds a potential: `r1c2=3` (on) or `r1c2<>3` (off).
    pub fn node(&mut self, p: Potential) -> &mut Self {
        self.pieces.push(Piece::Node(p));
        self
    }

    /// Adds cells as SE lists them: `r1c2,r3c4`.
    pub fn cells(&mut self, cells: impl IntoIterator<Item = usize>) -> &mut Self {
        for (i, c) in cells.into_iter().enumerate() {
            if i > 0 {
                self.str(",");
            }
            self.cell(c);
        }
        self
    }

    /// Adds the digits of mask `m`, `sep` between them: `1,2` or `1, 2`.
    pub fn digits(&mut self, m: u16, sep: &'static str) -> &mut Self {
        for (i, d) in digits_of(m).enumerate() {
            if i > 0 {
                self.str(sep);
            }
            self.num(usize::from(d));
        }
        self
    }

    /// Reverses the order of the pieces from `start` on (a chain found
    /// from its end).
    pub fn reverse_from(&mut self, start: usize) {
        self.pieces[start..].reverse();
    }
}

impl Text {
    /// The cells the text names, in order, each with the digit it names
    /// there (`r1c2.5`, `r1c2=5`, `r1c2<>5`) or none (`r1c2`): what a hint
    /// highlights.
    pub fn named(&self) -> impl Iterator<Item = (Cell, Option<Digit>)> + '_ {
        self.pieces.iter().filter_map(|&piece| match piece {
            Piece::Cell(c) => Some((cell(c), None)),
            Piece::Cand(cand) => Candidate::from_index(cand).map(|x| (x.cell, Some(x.digit))),
            Piece::Node(p) => Some((p.candidate().cell, Some(p.candidate().digit))),
            Piece::Str(_) | Piece::Num(_) => None,
        })
    }
}

/// The typed cell of a board's cell index.
fn cell(c: usize) -> Cell {
    Cell::new(c).expect("a board cell is 0-80")
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &piece in &self.pieces {
            match piece {
                Piece::Str(s) => f.write_str(s)?,
                Piece::Num(n) => write!(f, "{n}")?,
                Piece::Cell(c) => write!(f, "{}", cell(c))?,
                Piece::Cand(cand) => {
                    let x = Candidate::from_index(cand).expect("a board candidate");
                    write!(f, "{}.{}", x.cell, x.digit)?;
                }
                Piece::Node(p) => write!(f, "{p}")?,
            }
        }
        Ok(())
    }
}

/// The easiest steps found so far on one board, merged into one [`Found`].
pub(crate) struct Hits {
    /// Everything the kept steps place or remove.
    pub found: Found,
    /// Steps at or below this difficulty count as equally easy (see
    /// [`Hits::set_floor`]).
    floor: Tenths,
    best: Tenths,
    technique: Option<Technique>,
    /// How many steps to record as [`Deduction`]s.
    record: usize,
    /// The recorded steps are the first `n_hints`; the others are kept for
    /// their space, so that a warm collector records without allocating.
    hints: Vec<Deduction>,
    n_hints: usize,
    /// The techniques of which one step is kept (see [`Hits::set_one_step`]).
    one_step: Option<fn(Technique) -> bool>,
    /// The rank of the step kept under `one_step`.
    rank: u32,
}

impl Hits {
    /// An empty collector; with `explain`, each kept step is also recorded
    /// as a [`Deduction`].
    pub fn new(explain: bool) -> Self {
        Hits {
            found: Found::default(),
            floor: 0,
            best: Tenths::MAX,
            technique: None,
            record: if explain { usize::MAX } else { 0 },
            hints: Vec::new(),
            n_hints: 0,
            one_step: None,
            rank: u32::MAX,
        }
    }

    /// A collector that records only the first of the kept steps (a hint
    /// shows one): the others are merged into [`Hits::found`] but build
    /// no text.
    pub fn first_only() -> Self {
        Hits { record: 1, ..Hits::new(false) }
    }

    /// Makes every step at or below `floor` count as equally easy, so they
    /// are kept together. The grader sets it to the rating so far for the
    /// hidden singles: SE takes every single there is before any other
    /// step, in some order, and the order cannot change the rating once
    /// it is above theirs.
    pub fn set_floor(&mut self, floor: Tenths) {
        self.floor = floor;
    }

    /// Keeps one step, not all the easiest, when it is of a technique
    /// `takes_one` accepts (`None`: every step of the easiest difficulty,
    /// the default): the easiest, and of those the least rank
    /// ([`Hits::offer_ranked`]), then the first offered.
    pub fn set_one_step(&mut self, takes_one: Option<fn(Technique) -> bool>) {
        self.one_step = takes_one;
    }

    /// Forgets every step.
    pub fn clear(&mut self) {
        self.found.clear();
        self.rank = u32::MAX;
        self.best = Tenths::MAX;
        self.technique = None;
        self.n_hints = 0;
    }

    /// The difficulty of the kept steps, if any.
    pub fn best(&self) -> Option<Tenths> {
        self.technique.map(|_| self.best)
    }

    /// The technique of the kept steps (the first in ladder order when
    /// several techniques tie).
    pub fn technique(&self) -> Option<Technique> {
        self.technique
    }

    /// Whether a step of `difficulty` would be kept: lets a technique skip
    /// the work of building a step that is harder than one already found.
    #[inline]
    pub fn wants(&self, difficulty: Tenths) -> bool {
        difficulty.max(self.floor) <= self.best
    }

    /// The kept steps, when recording.
    pub fn hints(&self) -> &[Deduction] {
        &self.hints[..self.n_hints]
    }

    /// Offers one step: `place` digits and remove `elim` candidates,
    /// (cell, digit) pairs, for `technique` at `difficulty`. Conclusions the
    /// board already holds are dropped; a step with nothing left is
    /// ignored. `text` (SE's description of the pattern) is only called
    /// when the step is kept and recorded, and only adds the pieces of the
    /// text: nothing is formatted here. Returns whether it was kept.
    pub fn offer(
        &mut self,
        b: &Board,
        technique: Technique,
        difficulty: Tenths,
        place: &[(usize, u8)],
        elim: &[(usize, u8)],
        text: impl FnOnce(&mut Text),
    ) -> bool {
        self.offer_ranked(b, technique, difficulty, u32::MAX, place, elim, text)
    }

    /// [`Hits::offer`] with the step's `rank` among steps of the same
    /// difficulty, for the techniques of [`Hits::set_one_step`], which keep
    /// one step as SE does: the least rank, the first found among equals.
    /// SE's chains rank by their complexity, then by kind.
    #[allow(clippy::too_many_arguments)]
    pub fn offer_ranked(
        &mut self,
        b: &Board,
        technique: Technique,
        difficulty: Tenths,
        rank: u32,
        place: &[(usize, u8)],
        elim: &[(usize, u8)],
        text: impl FnOnce(&mut Text),
    ) -> bool {
        // Recorded as it is; compared at the floor.
        let recorded = difficulty;
        let difficulty = difficulty.max(self.floor);
        if difficulty > self.best {
            return false;
        }
        let live_place = |&&p: &&(usize, u8)| can_place(b, p);
        let live_elim = |&&e: &&(usize, u8)| can_eliminate(b, e);
        if !place.iter().any(|p| live_place(&p)) && !elim.iter().any(|e| live_elim(&e)) {
            return false;
        }
        let single = self.one_step.is_some_and(|takes_one| takes_one(technique));
        if single && difficulty == self.best {
            if rank >= self.rank {
                return false;
            }
            // A lesser rank replaces the step kept.
            self.clear();
            self.best = difficulty;
        }
        if difficulty < self.best {
            self.clear();
            self.best = difficulty;
        }
        if single {
            self.rank = rank;
        }
        if self.technique.is_none_or(|t| technique < t) {
            self.technique = Some(technique);
        }
        // A step that concludes nothing the kept ones do not (the same
        // single seen in its box and its row) is applied but not shown again.
        let new = place.iter().filter(|p| live_place(p)).any(|&(c, d)| self.found.place[c] & bit(d) == 0)
            || elim.iter().filter(|e| live_elim(e)).any(|&(c, d)| self.found.elim[c] & bit(d) == 0);
        for &(c, d) in place.iter().filter(|p| live_place(p)) {
            self.found.place_digit(c, d);
        }
        for &(c, d) in elim.iter().filter(|e| live_elim(e)) {
            self.found.elim[c] |= bit(d);
        }
        if new && self.n_hints < self.record {
            text(self.record(b, technique, recorded, place, elim));
        }
        true
    }

    /// Records a kept step in the next pooled [`Deduction`]: its live
    /// conclusions. Returns its text, empty, for the step to fill.
    fn record(
        &mut self,
        b: &Board,
        technique: Technique,
        difficulty: Tenths,
        place: &[(usize, u8)],
        elim: &[(usize, u8)],
    ) -> &mut Text {
        if self.n_hints == self.hints.len() {
            self.hints.push(Deduction {
                technique,
                difficulty,
                text: Text::default(),
                place: Vec::new(),
                elim: Vec::new(),
            });
        }
        let h = &mut self.hints[self.n_hints];
        self.n_hints += 1;
        h.technique = technique;
        h.difficulty = difficulty;
        h.place.clear();
        h.place.extend(place.iter().copied().filter(|&p| can_place(b, p)));
        h.elim.clear();
        h.elim.extend(elim.iter().copied().filter(|&e| can_eliminate(b, e)));
        h.text.clear();
        &mut h.text
    }
}

/// Whether digit `d` can still be placed in cell `c` of `b`.
#[inline]
fn can_place(b: &Board, (c, d): (usize, u8)) -> bool {
    b.value[c] == 0 && b.cands[c] & bit(d) != 0
}

/// Whether digit `d` is still a candidate of cell `c` of `b`.
#[inline]
fn can_eliminate(b: &Board, (c, d): (usize, u8)) -> bool {
    b.cands[c] & bit(d) != 0
}

/// `r1c2`: a cell as SE writes it.
#[cfg(test)]
pub(crate) fn cell_name(c: usize) -> String {
    cell(c).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::open()
    }

    #[test]
    fn only_the_easiest_steps_are_kept_and_merged() {
        let b = board();
        let mut h = Hits::new(true);
        assert!(h.offer(&b, Technique::XyzWing, 44, &[], &[(3, 5)], |t| {
            t.str("a");
        }));
        assert!(!h.offer(&b, Technique::Jellyfish, 52, &[], &[(4, 5)], |_| unreachable!()));
        assert!(h.offer(&b, Technique::XyWing, 42, &[], &[(5, 5)], |t| {
            t.str("b");
        }));
        assert!(h.offer(&b, Technique::XyzWing, 42, &[], &[(6, 1)], |t| {
            t.str("c");
        }));
        assert_eq!(h.best(), Some(42));
        assert_eq!(h.technique(), Some(Technique::XyWing));
        assert_eq!(h.found.elim[3], 0);
        assert_eq!(h.found.elim[5], bit(5));
        assert_eq!(h.found.elim[6], bit(1));
        let texts: Vec<String> = h.hints().iter().map(|d| d.text.to_string()).collect();
        assert_eq!(texts, ["b", "c"]);
    }

    #[test]
    fn a_text_is_written_from_its_pieces() {
        let mut t = Text::default();
        t.str("Cells ").cells([0, 80]).str(" on ").digits(0b101, ", ").str(": ").cand(10 * 9 + 4);
        t.str(" ").node(Potential::new(5, true)).str(" ").node(Potential::new(5, false)).str(" ").num(12);
        assert_eq!(t.to_string(), "Cells r1c1,r9c9 on 1, 3: r2c2.5 r1c1=6 r1c1<>6 12");
    }

    #[test]
    fn a_step_with_nothing_left_to_do_is_ignored() {
        let mut b = board();
        b.cands[3] &= !bit(5);
        let mut h = Hits::new(false);
        assert!(!h.offer(&b, Technique::XWing, 32, &[], &[(3, 5)], |_| {}));
        assert_eq!(h.best(), None);
        assert!(h.wants(99));
    }
}
