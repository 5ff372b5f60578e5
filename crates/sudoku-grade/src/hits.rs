//! What the techniques hand back: [`Hits`], the easiest steps one family of
//! techniques found on a board.
//!
//! Sudoku Explainer takes one step at a time, the easiest its first
//! productive family offers. Which of several equally easy steps it takes
//! depends on the order it scans cells in, which differs between
//! isomorphs of a puzzle. [`Hits`] keeps every step of the least difficulty
//! instead and the grader applies them together: the same result on every
//! isomorph, and the same rating, since each of those steps stays
//! available until it is taken.

use crate::board::{bit, Board, Found};
use crate::technique::Technique;

/// A difficulty in tenths of the SE scale: 71 is 7.1.
pub(crate) type Tenths = u8;

/// One step as `--explain` shows it: one pattern, its conclusions.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Deduction {
    pub technique: Technique,
    pub difficulty: Tenths,
    /// SE's text for the pattern: the variant's name, its cells and links.
    pub text: String,
    /// Digits placed: (cell, digit).
    pub place: Vec<(usize, u8)>,
    /// Candidates removed: (cell, digit).
    pub elim: Vec<(usize, u8)>,
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
    hints: Vec<Deduction>,
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

    /// Forgets every step.
    pub fn clear(&mut self) {
        self.found.clear();
        self.best = Tenths::MAX;
        self.technique = None;
        self.hints.clear();
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
        &self.hints
    }

    /// Offers one step: `place` digits and remove `elim` candidates,
    /// (cell, digit) pairs, for `technique` at `difficulty`. Conclusions the
    /// board already holds are dropped; a step with nothing left is
    /// ignored. `text` (SE's description of the pattern) is only called
    /// when the step is kept and recorded. Returns whether it was kept.
    pub fn offer(
        &mut self,
        b: &Board,
        technique: Technique,
        difficulty: Tenths,
        place: &[(usize, u8)],
        elim: &[(usize, u8)],
        text: impl FnOnce() -> String,
    ) -> bool {
        // Recorded as it is; compared at the floor.
        let recorded = difficulty;
        let difficulty = difficulty.max(self.floor);
        if difficulty > self.best {
            return false;
        }
        let live_place = |&&(c, d): &&(usize, u8)| b.value[c] == 0 && b.cands[c] & bit(d) != 0;
        let live_elim = |&&(c, d): &&(usize, u8)| b.cands[c] & bit(d) != 0;
        if !place.iter().any(|p| live_place(&p)) && !elim.iter().any(|e| live_elim(&e)) {
            return false;
        }
        if difficulty < self.best {
            self.clear();
            self.best = difficulty;
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
        if new && self.hints.len() < self.record {
            self.hints.push(Deduction {
                technique,
                difficulty: recorded,
                text: text(),
                place: place.iter().copied().filter(|p| live_place(&p)).collect(),
                elim: elim.iter().copied().filter(|e| live_elim(&e)).collect(),
            });
        }
        true
    }
}

/// `r1c2`: a cell as SE writes it.
pub(crate) fn cell_name(c: usize) -> String {
    format!("r{}c{}", c / 9 + 1, c % 9 + 1)
}

/// `r1c2,r3c4`: cells as SE lists them.
pub(crate) fn cell_list(cells: impl IntoIterator<Item = usize>) -> String {
    cells.into_iter().map(cell_name).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ALL;

    fn board() -> Board {
        Board { cands: [ALL; 81], value: [0; 81] }
    }

    #[test]
    fn only_the_easiest_steps_are_kept_and_merged() {
        let b = board();
        let mut h = Hits::new(true);
        assert!(h.offer(&b, Technique::XyzWing, 44, &[], &[(3, 5)], || "a".into()));
        assert!(!h.offer(&b, Technique::Jellyfish, 52, &[], &[(4, 5)], || unreachable!()));
        assert!(h.offer(&b, Technique::XyWing, 42, &[], &[(5, 5)], || "b".into()));
        assert!(h.offer(&b, Technique::XyzWing, 42, &[], &[(6, 1)], || "c".into()));
        assert_eq!(h.best(), Some(42));
        assert_eq!(h.technique(), Some(Technique::XyWing));
        assert_eq!(h.found.elim[3], 0);
        assert_eq!(h.found.elim[5], bit(5));
        assert_eq!(h.found.elim[6], bit(1));
        assert_eq!(h.hints().len(), 2);
    }

    #[test]
    fn a_step_with_nothing_left_to_do_is_ignored() {
        let mut b = board();
        b.cands[3] &= !bit(5);
        let mut h = Hits::new(false);
        assert!(!h.offer(&b, Technique::XWing, 32, &[], &[(3, 5)], String::new));
        assert_eq!(h.best(), None);
        assert!(h.wants(99));
    }
}
