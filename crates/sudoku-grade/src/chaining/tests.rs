//! Positions where one chain kind is the easiest step, with Sudoku
//! Explainer's difficulty for it (SukakuExplainer 1.18.1 `serate` run on
//! the pencil-mark grid, as noted on each).

use super::{Chaining, Kind};
use crate::hits::Hits;
use crate::testing::marks_board as board;

/// The hints of `kind` on `pm`: (difficulty, text).
pub(crate) fn run(kind: Kind, pm: &str) -> Vec<(u8, String)> {
    let b = board(pm);
    let mut hits = Hits::new(true);
    Chaining::new().find(kind, &b, &b.positions(), &mut hits);
    hits.hints().iter().map(|h| (h.difficulty, h.text.to_string())).collect()
}

#[test]
fn max_complexity_is_the_last_length_of_a_bonus() {
    use crate::rating::length_bonus;
    let mut hits = Hits::new(false);
    let b = board(&"123456789".repeat(81));
    assert_eq!(super::max_complexity(70, &hits), Some(u32::MAX / 4));
    hits.offer(&b, crate::technique::Technique::ForcingChain, 73, &[], &[(0, 1)], |_| {});
    let max = super::max_complexity(70, &hits).unwrap();
    assert_eq!(length_bonus(max), 3);
    assert_eq!(length_bonus(max + 1), 4);
    assert_eq!(super::max_complexity(75, &hits), None);
}

/// Checks that the easiest hints of `kind` on `pm` have SE's difficulty
/// and include SE's hint (its assumption and conclusion: a contradiction
/// may be shown on another candidate of the same length).
fn check(kind: Kind, pm: &str, se_difficulty: u8, se_hint: &str) {
    let hints = run(kind, pm);
    assert!(!hints.is_empty());
    assert!(hints.iter().all(|h| h.0 == se_difficulty), "{hints:?}");
    let head = |t: &str| t.split(" ==> ").next().unwrap_or("").to_string();
    let is_contradiction = se_hint.ends_with("both on & off");
    assert!(
        // Our text goes on with the chains: `...: r1c2=3 -> ...`.
        hints.iter().any(|h| h.1 == se_hint
            || h.1.starts_with(&format!("{se_hint}: "))
            || is_contradiction && head(&h.1) == head(se_hint)),
        "{hints:?}"
    );
}

/// SE's first step on this board (the grader's position before its first
/// `ChainsAndCycles` step on 5.......4..4.3.2.1.175..3......6......5..27.92..9.......92.65.....4.......3...8.7), by `serate` on the pencil marks:
/// 7e+00 "Forcing Chain: r4c2.7 off".
#[test]
fn forcing_chain() {
    let pm = concat!(
        "....5......3.......2............6.8.1.......91......89.....6..9......7.....4.....",
        ".....6.89.....6.89...4..........67....3............7.9.2...........5....1........",
        ".....6..91..............7......5.....2..........4.......3...........6.89.....6.8.",
        "1.34..789...4..7891......8...3...78......6...1...5.78.1..4.....12.....8..2..5..8.",
        "1.34.6.8....4.6.8.....5......3....8.1..4......2.............7..1....6.8.........9",
        ".2..........4.678.1....6.8.........91..45....1...5.78.1..4.6.....3..........56.8.",
        "1..4..78....4..78.........9.2.............78......6.......5....1..4.......3......",
        "1....678.....5....1....6.8....4...........78...3......1....6..912...6..9.2...6...",
        "...4.6....2.........3......1............5...9....5...9.......8....4.6.........7.."
    );
    check(Kind::ChainsAndCycles, pm, 71, "Forcing Chain: r4c2.7 off");
}

/// SE's first step on this board (the grader's position before its first
/// `ChainsAndCycles` step on 720010000504790000000042600000001040680000073040800000003250000000089301000070028), by `serate` on the pencil marks:
/// 7e+00 "Bidirectional Y-Cycle: r2c2,r2c8,r2c6,r7c6,r8c4,r8c8,r9c7,r9c1,r9c2,r2c2".
#[test]
fn bidirectional_y_cycle() {
    let pm = concat!(
        "......7...2............6.89..3.56...1............56.8....45......3.5..89...4....9",
        "....5......3..6......4...........7..........9.....6.8.1..........3....8..2.......",
        "1..........3.....9.......89..3.5.......4......2............6.....3.5..89......7..",
        ".23..........5.7...2....7..........9..3..6...1...............8....4.........56...",
        ".....6..........8.1...........45.....2..........45............9......7....3......",
        "..3.....9...4.........5...9.......8...3..6.........7...2.......1............56...",
        ".......8.1..........3.......2...........5.......4.6.........7.......6..9...4....9",
        ".2.4.........5.7...2....7.....4.6..........8.........9..3..........56...1........",
        "...4....9.....6..9....56..91..............7....3.........45.....2..............8."
    );
    // SE shows the loop from r9c2 (its cells from the first "off" on:
    // r2c2,r2c8,...,r9c2); ours is found first from r2c6, the other way
    // round: the same cells, the same length.
    let hints = run(Kind::ChainsAndCycles, pm);
    assert!(!hints.is_empty());
    assert!(hints.iter().all(|h| h.0 == 69), "{hints:?}");
    let cells = |t: &str| {
        let mut v: Vec<String> = t.split(": ").nth(1).unwrap_or("").split(',').map(str::to_string).collect();
        v.sort();
        v.dedup();
        v
    };
    let se = cells("Bidirectional Y-Cycle: r2c2,r2c8,r2c6,r7c6,r8c4,r8c8,r9c7,r9c1,r9c2");
    assert!(
        hints.iter().any(|h| h.1.starts_with("Bidirectional Y-Cycle: ") && cells(&h.1) == se),
        "{hints:?}"
    );
}

/// SE's step on this board (before step 28 of serate's path on
/// .24...5...7...2.988.9...3.2.8.396......8.4......257.8.6.8...7.319.6...2...2...16.,
/// bank 7.1, its pencil marks by `serate --before=%m`):
/// 7.1 "Forcing Chain: r3c5.7 off". A loop of nine bivalue cells
/// (r2c3,r3c2,r3c5,r3c8,r7c8,r4c8,r4c3,r8c3,r5c3, a 6.9 Y-cycle) is there,
/// but SE's search misses it from every source: each reaches one of its
/// "on"s by a shorter way first. Searching every loop rated the step 6.9.
#[test]
fn a_loop_se_does_not_reach_is_no_cycle() {
    let pm = concat!(
        "..3.......2..........4...........7.9.....6.8........89....5....1.....7..1....6...",
        "....5..........7..1....6...1..4.......3.......2..........4.6...........9.......8.",
        ".......8.1....6...........9...45.........67..1...5......3.........4..7...2.......",
        ".2.4..7.........8.1.....7....3..............9.....6....2.4.....1...5.......45....",
        ".2......9....56.......56..........8.1...........4......2......9..3............7..",
        "...4....91..4.......3.......2...........5..........7.....4.6..9.......8.1....6...",
        ".....6......45...........8.1.......9.2.......1.......9......7.....45......3......",
        "1................9....5.7.......6......4..7....3.............8..2..........45....",
        "...4..7....3.......2...........5.7.....4..78.....5..8.1.............6...........9"
    );
    check(Kind::ChainsAndCycles, pm, 71, "Forcing Chain: r3c5.7 off");
}

/// SE's first step on this board (the grader's position before its first
/// `Nishio` step on 5.......4..4.3.2.1.175..3......6......5..27.92..9.......92.65.....4.......3...8.7), by `serate` on the pencil marks:
/// 8e+00 "Nishio Forcing Chain: r6c2.6 on ==> r8c7.6 both on & off".
#[test]
fn nishio() {
    let pm = concat!(
        "....5......3.......2............6.8.1.......91......89.....6..9......7.....4.....",
        ".....6.89.....6.8....4..........67....3............7.9.2...........5....1........",
        ".....6..91..............7......5.....2..........4.......3.............89.....6.8.",
        "1.34..78.........91......8...3...78......6...1.....78.1..4......2...........5....",
        "1.3..6.8....4.6.8.....5......3....8.1..4......2.............7..1....6.8.........9",
        ".2..........4.67..1....6.8.........91..45....1...5.78.1..4.6.....3...........6.8.",
        "1..4..78....4..78.........9.2.............78......6.......5....1..4.......3......",
        "1....678.....5....1....6.8....4...........78...3......1....6..91.......9.2.......",
        "...4.6....2.........3......1............5...9....5...9.......8....4.6.........7.."
    );
    check(Kind::Nishio, pm, 77, "Nishio Forcing Chain: r6c2.6 on ==> r8c7.6 both on & off");
}

/// SE's first step on this board (the grader's position before its first
/// `Multiple` step on 000000000002000100000684000300907006051000870060000040000708000000050000708103502), by `serate` on the pencil marks:
/// 8e+00 "Region Forcing Chains: 4 in column ==> r1c1.5 off".
#[test]
fn region_forcing_chains() {
    let pm = concat!(
        "...45..8...34..7.9..3.56..9.23.5.....23...7..1..........34.67.9..3..6.89..345.789",
        "...4.6.8...34..7...2.........3.5......3...7..........91..........3..6.8....45..8.",
        "1...5....1.3...7.9..3.5...9.....6..........8....4.......3...7.9.2.........3.5.7.9",
        "..3.............8....4.............91..............7...2...........5.........6...",
        ".2......9....5....1.........234........4.6....2...6..........8.......7....3.....9",
        ".2......9.....6.........7.........8..23..........5......3.....9...4.....1........",
        "1...56....2.........3.56.........7.....4.6..9.......8...34.6..91.3........34....9",
        "1..4.6...1.34....9..3..6..9.2.4.........5.....2...6.....34.67..1.3..6.89..34..789",
        "......7.....4....9.......8.1...........4.6..9..3..........5.........6..9.2......."
    );
    check(Kind::Multiple, pm, 84, "Region Forcing Chains: 4 in column ==> r1c1.5 off");
}

/// SE's first step on this board (SE's position before its 8.6 step on
/// 000700000200090301045006000600000500930080016002000009000300190307040005000002000,
/// serate `--before=%m`), by `serate` on the pencil marks: 8.6 "Region
/// Forcing Chains: 4 in row ==> r7c1.8 off". The 6s of row 7 prove r1c9<>2
/// at 8.5, but their first place, r7c2, is a bivalue cell, from which SE
/// does not look for static chains: taking that 8.5 rated the puzzle 8.5.
#[test]
fn region_forcing_chains_skip_a_unit_whose_first_place_is_bivalue() {
    let pm = concat!(
        "1......8.........9..3............7...2..5....1..4...8....4.6....2.456....2.4...8.",
        ".2............67.......6.8....45..8.........9...4...8...3.........45.78.1........",
        "1.....78....4.........5....12.....8...3...........6...........9.2....78..2....78.",
        ".....6..........8.1...........4....9.2....7....34....9....5.....234..7...234..7..",
        "........9..3.........4......2..5...........8.....5.7...2....7..1.............6...",
        "....5.7......5.7...2.......1..4.6...1....6...1.34........4...8...34...8.........9",
        "...45..8..2...6........6.8...3..........567......5.7..1................9.2.4...8.",
        "..3......12...6.........7..1....6.89...4.....1......89.2...6.8..2...6.8.....5....",
        "...45..8.1...56...........91....6.8.1...56....2..........4..78...34.678...34..78."
    );
    check(Kind::Multiple, pm, 86, "Region Forcing Chains: 4 in row ==> r7c1.8 off");
}

/// SE's first step on this board (the grader's position before its first
/// `Dynamic` step on 340009007007300009000002040501703080000000000060201504030100000600008200100400073), by `serate` on the pencil marks:
/// 9e+00 "Contradiction Forcing Chain: r2c5.8 on ==> r7c8.9 both on & off".
#[test]
fn dynamic_contradiction() {
    let pm = concat!(
        "..3.........4......2..56.......56.8.1...56.8.........91....6.8..2..5..........7..",
        ".2.....8..2..5..8.......7....3......1....6.8....4.....1....6.8..2..56...........9",
        ".......891............56..9....56.8.......7...2.........3.........4.........56.8.",
        "....5.....2......91..............7.....4.......3...........6..9.......8..2...6...",
        "...4......2.....89.23....8.....56.89....56.89....56.........7..1.3.....912.......",
        "......7.......6.....3....89.2..............891............5......3.....9...4.....",
        ".2.....89..3.......2..5..891............56..9......7.....4..........6..9....5..8.",
        ".....6.........7.....4.........5...9..3.............8..2.......1...5...91...5....",
        "1............5..89....5..89...4......2...........56........6.89......7....3......"
    );
    check(Kind::Dynamic, pm, 89, "Contradiction Forcing Chain: r2c5.8 on ==> r7c8.9 both on & off");
}

/// The position of an anti-knight puzzle before its first step past
/// dynamic forcing chains (the grader's path on
/// ...3.....6....53.....4...9.....3...8...1........2......5...1..............6......):
/// serate 1.18.1 `--isAntiKnight=1` on these pencil marks says
/// 9.6 "Contradiction Forcing Chain: r6c1.4 on ==> r3c6.8 both on & off"
/// (and r6c1.1 at 9.6), a chain of the "+" level: its propagation needs
/// SE's generalized intersections or pairs where the singles run out. The
/// plain dynamic chains find nothing there, and nor did the "+" level
/// while it followed pointing and claiming only.
const ANTI_KNIGHT_PLUS: [&str; 9] = [
    "12.45.7.912.4..7.9.2..5.7.9..3......12...67.9.2....7.9.2.45678.12.4..78.12.4567..",
    ".....6...12....789.2.4..789......78912....789....5......3......12.4..7..12.4..7..",
    "..3......1.....78..2..5.78....4......2...678..2....78.12..567..........912..567..",
    "12.45.7.9.2....7.91..45.7.9....5.7.9..3...........67..12.4..7.912.4567.........8.",
    ".2.4..789.....6....2....7891............5.789...4..789.2.45.7....3.......2.45.7..",
    "1..45.78...3......1..4..789.2..........45.789...4.678.1..4..7.9.....67..1..4.67.9",
    ".2.4..789....5......3............789.2.4..7891.........2.4.678..2.4.678..2.4.67.9",
    "12.4..78912.4..7891..4..789.....6......45.789.23...78912.45.789.2.45.78.12345.7.9",
    "12.4..78912.4..789.....6.......5.789.2.45.789.234..789.2.4..78912.45.78.1234..7.9",
];

#[test]
fn dynamic_plus_follows_ses_rules_where_the_singles_run_out() {
    use crate::units::{ExtraHouses, Units};
    let mut b = board(&ANTI_KNIGHT_PLUS.concat());
    b.units = Units::with(ExtraHouses { anti_knight: true, ..ExtraHouses::NONE });
    let hints = |kind| {
        let mut hits = Hits::new(true);
        Chaining::new().find(kind, &b, &b.positions(), &mut hits);
        hits.hints().iter().map(|h| (h.difficulty, h.text.to_string())).collect::<Vec<_>>()
    };
    assert!(hints(Kind::Dynamic).iter().all(|h| h.0 > 96), "{:?}", hints(Kind::Dynamic));
    let plus = hints(Kind::DynamicPlus);
    assert!(!plus.is_empty() && plus.iter().all(|h| h.0 == 96), "{plus:?}");
    let se = "Contradiction Forcing Chain: r6c1.4 on ==> r3c6.8 both on & off";
    let head = |t: &str| t.split(" ==> ").next().unwrap_or("").to_string();
    assert!(plus.iter().any(|h| head(&h.1) == head(se)), "{plus:?}");
}

/// SE's step 32 on the bank puzzle
/// 900050001006804900000000000700000006050000030008000400030070090000405000509206104
/// (SE 9.2), by `serate --before="%m"`: 9.2 "Contradiction Forcing Chain:
/// r1c3.4 on ==> r1c7.8 both on & off". The assumption r8c2=1 leads to a
/// contradiction; SE's propagation stops there, so that branch brings only
/// what it reached first, and the cell forcing chain on r8c2 (r8c1.6 off,
/// 9.1 when the branch is followed past its contradiction) is not SE's:
/// SE lists no chain on r8c2 but the contradiction.
#[test]
fn a_contradictory_branch_brings_what_it_reached_before_the_contradiction() {
    let pm = concat!(
        "........9.2.4..78..234..7....3..67......5.....23...7...2...6.8....4.6.8.1........",
        ".23......12....7.......6..........8.12..........4.............9....5.7...23.5.7..",
        "12.4...8.12.4..7......5......3..67.912...6...123...7.9.23...7...2.4.6....23...78.",
        "......7...2.4....91234.......3.5...9...4...8.123.....9....5..8.12.....8......6...",
        "12.4.6.......5....12.4..........67.....4...8.12....7.9.2....78...3.......2....789",
        "123..6....2...6..9.......8...3.5.7.912...6...123...7.9...4.....12..5.7...2..5.7.9",
        ".2.4.6.....3.......2.4.....1..............7.........8.....56...........9.2..5....",
        "12...6.8.12...67..12....7.....4.............9....5......3...7...2...6.8..23....8.",
        "....5..........78.........9.2.........3...........6...1..............78....4....."
    );
    check(Kind::Dynamic, pm, 92, "Contradiction Forcing Chain: r1c3.4 on ==> r1c7.8 both on & off");
}

/// The first step of a puzzle whose first step is a nested forcing chain,
/// as the ladder's last rung finds it: SE's diamond rating (ED, serate's
/// `%d`, in `fixtures/grade/se_hardest_sample.tsv`) is that step's
/// difficulty. With `level`, that level's search alone.
fn first_nested_step(puzzle: &str, level: Option<u8>) -> Option<u8> {
    use crate::ladder::{Finders, Look, LADDER};
    let b = crate::board::Board::from_grid(&puzzle.parse().unwrap()).unwrap();
    let pos = b.positions();
    let mut hits = Hits::new(true);
    match level {
        Some(level) => Chaining::new().find(Kind::Nested(level), &b, &pos, &mut hits),
        None => {
            let family = LADDER.last().unwrap();
            assert_eq!(family.techniques[0].technique, crate::technique::Technique::NestedForcingChain);
            let look = Look {
                b: &b,
                pos: &pos,
                skip_digits: 0,
                skip_units: 0,
                stop: &std::sync::atomic::AtomicBool::new(false),
            };
            (family.find)(&mut Finders::default(), &look, &mut hits);
        }
    }
    hits.best()
}

/// serate: ED 10.6, "Dynamic Contradiction Forcing Chains (+ Forcing
/// Chains)" (the trials' approximation rated it 10.5).
#[test]
fn a_nested_forcing_chain_of_level_two_has_ses_difficulty() {
    let puzzle = "98.7.....7.....6....5.8..9.4...5..7....6....3.....21...7..9..5...4..1......3....2";
    assert_eq!(first_nested_step(puzzle, None), Some(106));
}

/// serate: ED 11.2, "Dynamic Contradiction Forcing Chains (+ Multiple
/// Forcing Chains)": level 2 has no step there (the trials' approximation
/// rated it 10.6).
#[test]
fn a_nested_forcing_chain_of_level_three_has_ses_difficulty() {
    let puzzle = "1.......9.4...3.8...2...6...7..58.......2.......7.4.5...6...2...3.8...7.9.......1";
    assert_eq!(first_nested_step(puzzle, Some(2)), None);
    assert_eq!(first_nested_step(puzzle, None), Some(112));
}

/// With the stop flag set, the chains' searches end at once and offer
/// nothing (`Grader::grade_until` then stops without taking a step): the
/// dynamic and nested chains, the trials, and the ladder's last rung.
#[test]
fn the_chains_searches_offer_nothing_once_the_stop_flag_is_set() {
    use crate::dynamic::{Dynamic, Level};
    use crate::ladder::{Finders, Look, LADDER};
    use std::sync::atomic::AtomicBool;
    let puzzle = "98.7.....7.....6....5.8..9.4...5..7....6....3.....21...7..9..5...4..1......3....2";
    let b = crate::board::Board::from_grid(&puzzle.parse().unwrap()).unwrap();
    let pos = b.positions();
    let (go, stop) = (AtomicBool::new(false), AtomicBool::new(true));
    let offered = |flag: &AtomicBool| {
        let look = Look { b: &b, pos: &pos, skip_digits: 0, skip_units: 0, stop: flag };
        let mut hits = Hits::new(false);
        (LADDER.last().unwrap().find)(&mut Finders::default(), &look, &mut hits);
        hits.best()
    };
    assert_eq!(offered(&go), Some(106));
    assert_eq!(offered(&stop), None);
    for kind in [Kind::Dynamic, Kind::DynamicPlus, Kind::Nested(2)] {
        let mut hits = Hits::new(false);
        Chaining::new().find_until(kind, &b, &pos, &mut hits, &stop);
        assert_eq!(hits.best(), None, "{kind:?}");
    }
    // The trials (the approximation beyond level 3) find a step here when
    // they run, none when stopped.
    for (flag, found) in [(&go, true), (&stop, false)] {
        let mut hits = Hits::new(false);
        Dynamic::new().find(Level::Nested(1), &b, &mut hits, flag);
        assert_eq!(hits.best().is_some(), found);
    }
}
