//! Positions where one chain kind is the easiest step, with Sudoku
//! Explainer's difficulty for it (SukakuExplainer 1.18.1 `serate` run on
//! the pencil-mark grid, as noted on each).

use super::{Chaining, Kind};
use crate::board::Board;
use crate::hint::Hits;

/// A board from SE's 729-character pencil-mark form (a digit per candidate,
/// `.` for none; a cell with one candidate is taken as solved only when
/// `solved` lists it).
pub(crate) fn board(pm: &str) -> Board {
    let bytes = pm.as_bytes();
    let mut b = Board { cands: [0; 81], value: [0; 81] };
    for c in 0..81 {
        for d in 0..9 {
            if bytes[c * 9 + d] != b'.' {
                b.cands[c] |= 1 << d;
            }
        }
    }
    // Cells with one candidate are solved.
    for c in 0..81 {
        let m = b.cands[c];
        if m.count_ones() == 1 {
            b.value[c] = m.trailing_zeros() as u8 + 1;
            b.cands[c] = 0;
        }
    }
    b
}

/// The hints of `kind` on `pm`: (difficulty, text).
pub(crate) fn run(kind: Kind, pm: &str) -> Vec<(u8, String)> {
    let b = board(pm);
    let mut hits = Hits::new(true);
    Chaining::new().find(kind, &b, &mut hits);
    hits.hints().iter().map(|h| (h.difficulty, h.text.clone())).collect()
}

#[test]
#[ignore]
fn debug_dump() {
    let pm = std::env::var("PM").unwrap();
    let kind = match std::env::var("KIND").as_deref() {
        Ok("nishio") => Kind::Nishio,
        Ok("multiple") => Kind::Multiple,
        Ok("dynamic") => Kind::Dynamic,
        _ => Kind::ChainsAndCycles,
    };
    for (d, t) in run(kind, &pm) {
        println!("{d} {t}");
    }
}

#[test]
#[ignore]
fn debug_one() {
    use super::engine::{pot, Engine, Mode, State};
    let pm = std::env::var("PM").unwrap();
    let b = board(&pm);
    let pos = b.positions();
    let cand: usize = std::env::var("CAND").unwrap().parse().unwrap();
    let mut st = State::default();
    Engine::default().propagate(&b, &pos, Mode::NISHIO, pot(cand, true), &mut st);
    println!("conflict {:?}", st.conflict);
    for c in 0..81 {
        if st.on[c] != 0 || st.off[c] != 0 {
            println!("r{}c{} on {:09b} off {:09b} cands {:09b}", c / 9 + 1, c % 9 + 1, st.on[c], st.off[c], b.cands[c]);
        }
    }
}
