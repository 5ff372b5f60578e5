//! Test helpers shared by the technique modules: boards from Sudoku
//! Explainer's pencil-mark forms, and a technique run on one board.

use crate::board::{bit, Board, Pos};
use crate::hits::{cell_name, Hits};

/// A board from a 729-character pencil-mark grid (9 characters a cell,
/// the digit or `.`), as serate reads and prints them; a cell with one
/// candidate is solved.
pub(crate) fn marks_board(marks: &str) -> Board {
    let mut b = Board::bare();
    for (c, cell) in marks.as_bytes().chunks(9).enumerate() {
        let m = cell.iter().enumerate().filter(|(_, &ch)| ch != b'.').fold(0u16, |m, (k, _)| m | 1 << k);
        if m.count_ones() == 1 {
            b.value[c] = m.trailing_zeros() as u8 + 1;
        } else {
            b.cands[c] = m;
        }
    }
    b
}

/// A board from 81 space-separated cells: one digit is a placed value,
/// several are the candidates of an open cell (serate's `%m` form).
pub(crate) fn cells_board(s: &str) -> Board {
    let mut b = Board::bare();
    for (c, tok) in s.split_whitespace().enumerate() {
        let ds: Vec<u8> = tok.bytes().map(|x| x - b'0').collect();
        if let [d] = ds[..] {
            b.value[c] = d;
        } else {
            b.cands[c] = ds.iter().fold(0, |m, &d| m | bit(d));
        }
    }
    b
}

/// The easiest steps `rule` finds on `marks`: difficulty, texts and
/// eliminations (as `r1c2<>3`).
pub(crate) fn run(marks: &str, rule: fn(&Board, &Pos, &mut Hits)) -> (u8, Vec<String>, Vec<String>) {
    let b = marks_board(marks);
    let mut hits = Hits::new(true);
    rule(&b, &b.positions(), &mut hits);
    let texts = hits.hints().iter().map(|h| h.text.to_string()).collect();
    let mut elims: Vec<(usize, u8)> = hits.hints().iter().flat_map(|h| h.elim.iter().copied()).collect();
    elims.sort();
    elims.dedup();
    let elims = elims.iter().map(|&(c, d)| format!("{}<>{d}", cell_name(c))).collect();
    (hits.best().unwrap_or(0), texts, elims)
}

/// Runs `rule` on the cells `s`: the easiest step must have SE's
/// `difficulty` and remove (at least) SE's eliminations `elim` (`r1c2#3`).
pub(crate) fn check(rule: fn(&Board, &Pos, &mut Hits), s: &str, difficulty: u8, elim: &[&str]) {
    let b = cells_board(s);
    let mut hits = Hits::new(true);
    rule(&b, &b.positions(), &mut hits);
    let texts: Vec<String> = hits.hints().iter().map(|h| h.text.to_string()).collect();
    assert_eq!(hits.best(), Some(difficulty), "{texts:?}");
    for e in elim {
        let e = e.as_bytes();
        let c = (e[1] - b'1') as usize * 9 + (e[3] - b'1') as usize;
        assert!(
            hits.found.elim[c] & bit(e[5] - b'0') != 0,
            "{} not removed by {texts:?}",
            std::str::from_utf8(e).unwrap()
        );
    }
}
