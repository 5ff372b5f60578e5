//! A hint call allocates only the hint it returns: on a warm [`Grader`],
//! following the hints from the givens of puzzles whose paths take
//! singles, subsets, wings, uniqueness, chains and dynamic chains, no call
//! makes a heap allocation beyond the hint's own text and lists, at any
//! level; nor does one on the way with a wrong digit placed (mistakes), or
//! at the end (solved).
//!
//! A binary of its own, without the test harness: dhat counts the
//! allocations of the whole process and allows one profiler in it.

use std::collections::BTreeSet;

use sudoku_core::{Digit, Grid, Position};
use sudoku_grade::hint::{Level, Status};
use sudoku_grade::{Grader, Hint, Technique};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// Puzzles of `fixtures/grade/se_calibration_sample.csv`, with SE's rating.
const PUZZLES: &[&str] = &[
    // 4.5
    "000000000029500403000263900080004006200090001600800040002379000803002750000000000",
    // 5.6
    "245089003000207004000050008650000070309000501070000069400060000800905000500130987",
    // 6.6
    "804602509020409060000000000600000007000040000402000308000153000010906070009020100",
    // 7.3
    "040000500790031002003000009012490000000010000000026840900000700500940013006000050",
    // 8.0
    "970000024000090000340000071009000200020109060000070000207080406001704800060203090",
    // 8.3
    "600820054000009830000000700000940020008162400020085000004000000035200000290058007",
    // 8.9
    "005080400000543000020607050070000030006000900509000704002090500000865000900204001",
];

/// Techniques the paths must take, so that the test covers them.
const COVERED: &[Technique] = &[
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::Pointing,
    Technique::NakedPair,
    Technique::XyWing,
    Technique::UniqueRectangle,
    Technique::ForcingChain,
    Technique::CellForcingChain,
    Technique::DynamicForcingChain,
];

const LEVELS: [Level; 3] = [Level::Nudge, Level::Technique, Level::Full];

/// The blocks a hint owns: its text and its non-empty lists.
fn own_blocks(h: &Hint) -> u64 {
    let lists =
        [!h.pattern.is_empty(), !h.placements.is_empty(), !h.eliminations.is_empty(), !h.mistakes.is_empty()];
    1 + lists.iter().filter(|&&x| x).count() as u64
}

/// Asks for a hint on `p` at every level; calls `check` with each hint
/// and the blocks its call allocated. Returns the full hint.
fn ask(
    grader: &mut Grader,
    line: &str,
    p: &Position,
    check: &mut impl FnMut(&str, Level, &Hint, u64),
) -> Hint {
    let mut full = None;
    for level in LEVELS {
        let before = dhat::HeapStats::get().total_blocks;
        let h = grader.hint(p, level);
        let n = dhat::HeapStats::get().total_blocks - before;
        check(line, level, &h, n);
        full = Some(h);
    }
    full.unwrap()
}

/// Follows the full hints of every puzzle to the end, asking for a hint
/// at every level on the way, and on each position where a digit is
/// placed next, with a wrong one placed there instead.
fn follow(grader: &mut Grader, check: &mut impl FnMut(&str, Level, &Hint, u64)) {
    for line in PUZZLES {
        let mut p = Position::from_givens(Grid::parse_line(line).unwrap());
        loop {
            let h = ask(grader, line, &p, check);
            if h.technique.is_none() {
                break;
            }
            if let Some(x) = h.placements.first() {
                let mut placed = *p.placed();
                placed.set(x.cell, Digit::new(x.digit.get() % 9 + 1));
                let wrong = Position::new(*p.givens(), &placed, None).unwrap();
                ask(grader, line, &wrong, check);
            }
            p = h.apply_to(&p);
        }
    }
}

fn main() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let mut grader = Grader::new();
    // The first pass grows the grader's scratch space.
    follow(&mut grader, &mut |_, _, _, _| {});
    let (mut n_calls, mut covered, mut statuses, mut extra) = (0, BTreeSet::new(), Vec::new(), Vec::new());
    follow(&mut grader, &mut |line, level, h, n| {
        n_calls += 1;
        covered.extend(h.technique);
        if !statuses.contains(&h.status) {
            statuses.push(h.status);
        }
        if n != own_blocks(h) {
            extra.push(format!("{line} {level:?}: {} blocks for {:?}: {}", n, h.technique, h.text));
        }
    });
    let missing: Vec<&Technique> = COVERED.iter().filter(|t| !covered.contains(t)).collect();
    assert!(missing.is_empty(), "the paths do not take {missing:?}");
    for status in [Status::Hint, Status::Mistakes, Status::Solved] {
        assert!(statuses.contains(&status), "no position is {status:?}");
    }
    assert!(
        extra.is_empty(),
        "{} of {n_calls} hint calls allocate more than their hint:\n{}",
        extra.len(),
        extra.join("\n")
    );
    println!("hint_allocs: {n_calls} hint calls on a warm grader, none allocating beyond its hint");
}
