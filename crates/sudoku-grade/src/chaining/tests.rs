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
    println!(
        "conflict {:?} all {:?}",
        st.conflict,
        st.conflicts
            .iter()
            .map(|&y| format!("r{}c{}.{}", y / 81 + 1, (y / 9) % 9 + 1, y % 9 + 1))
            .collect::<Vec<_>>()
    );
    for c in 0..81 {
        if st.on[c] != 0 || st.off[c] != 0 {
            println!(
                "r{}c{} on {:09b} off {:09b} cands {:09b}",
                c / 9 + 1,
                c % 9 + 1,
                st.on[c],
                st.off[c],
                b.cands[c]
            );
        }
    }
}

#[test]
#[ignore]
fn debug_path() {
    use super::engine::{pot, Engine, Mode, State};
    let pm = std::env::var("PM").unwrap();
    let b = board(&pm);
    let pos = b.positions();
    let cand: usize = std::env::var("CAND").unwrap().parse().unwrap();
    let target: usize = std::env::var("TARGET").unwrap().parse().unwrap();
    let mode = match std::env::var("MODE").as_deref() {
        Ok("x") => Mode::X,
        Ok("y") => Mode::Y,
        Ok("d") => Mode::DYNAMIC,
        Ok("n") => Mode::NISHIO,
        _ => Mode::STATIC,
    };
    let mut st = State::default();
    Engine::default().propagate(&b, &pos, mode, pot(cand, true), &mut st);
    println!("closings {:?} has {}", st.closings, st.has(target));
    let mut path = Vec::new();
    Engine::path(&b, &pos, &st, target, &mut path);
    for p in path {
        println!("r{}c{}.{} {}", p / 162 + 1, (p / 18) % 9 + 1, (p / 2) % 9 + 1, p & 1);
    }
}

#[test]
#[ignore]
fn debug_bfs_cycles() {
    use super::engine::{pot, Engine, Mode, State};
    let pm = std::env::var("PM").unwrap();
    let b = board(&pm);
    let pos = b.positions();
    let mut st = State::default();
    let mut e = Engine::default();
    let mut path = Vec::new();
    for cand in 0..729 {
        if b.cands[cand / 9] & (1 << (cand % 9)) == 0 {
            continue;
        }
        e.propagate(&b, &pos, Mode::Y, pot(cand, true), &mut st);
        for &off in &st.closings.clone() {
            Engine::path(&b, &pos, &st, off, &mut path);
            let cells: Vec<String> =
                path.iter().step_by(2).map(|&p| format!("r{}c{}", p / 162 + 1, (p / 18) % 9 + 1)).collect();
            println!(
                "start r{}c{}.{} len {} {}",
                cand / 81 + 1,
                (cand / 9) % 9 + 1,
                cand % 9 + 1,
                path.len(),
                cells.join(",")
            );
        }
    }
}

#[test]
fn max_complexity_is_the_last_length_of_a_bonus() {
    use crate::grader::length_bonus;
    let mut hits = Hits::new(false);
    let b = board(&"123456789".repeat(81));
    assert_eq!(super::max_complexity(70, &hits), Some(u32::MAX / 4));
    hits.offer(&b, crate::technique::Technique::ForcingChain, 73, &[], &[(0, 1)], String::new);
    let max = super::max_complexity(70, &hits).unwrap();
    assert_eq!(length_bonus(max), 3);
    assert_eq!(length_bonus(max + 1), 4);
    assert_eq!(super::max_complexity(75, &hits), None);
}
