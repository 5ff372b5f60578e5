//! Issue 44: every rule the model registers (every kind of
//! `sudoku_variant::KINDS`, of the whole grid or drawn on it) is kept on every
//! surface that answers: solve (one, count, all), grade (each step of the
//! explain path) and hint. The rules are written out here from their
//! definitions, independently of the library. The `match` in [`keeps`]
//! panics on a name it does not know: a rule added to the model without
//! its check here fails, and a rule that some fast path leaves out (a puzzle handed
//! to the classic solver or grader as if it had no extra rule) breaks the
//! first assertion on a blank grid.

use rayon::prelude::*;
use sudoku_commands::grade::{GradeRequest, Graded};
use sudoku_commands::hint::{HintRequest, Steps, VariantHints};
use sudoku_commands::solve::SolveMode;
use sudoku_commands::variant::{answer, hints, unique_solution};
use sudoku_gen::variant::{VariantGenerator, VariantOptions, VariantSpec};
use sudoku_grade::hint::{Level, Status};
use sudoku_grade::Scale;
use sudoku_variant::{Instance, Kind, Kinds, Puzzle, VariantHint, KINDS};

const N: usize = 9;

fn at(grid: &[u8], r: usize, c: usize) -> u8 {
    grid[r * N + c]
}

/// Whether the nine digits of `cells` are all different (blanks aside).
fn distinct(grid: &[u8], cells: impl IntoIterator<Item = (usize, usize)>) -> bool {
    let mut seen = 0u32;
    for (r, c) in cells {
        let d = at(grid, r, c);
        if d != 0 {
            if seen & (1 << d) != 0 {
                return false;
            }
            seen |= 1 << d;
        }
    }
    true
}

/// Whether no two cells `(dr, dc)` apart (both signs) break `differ`.
fn pairs_keep(grid: &[u8], moves: &[(isize, isize)], ok: impl Fn(u8, u8) -> bool) -> bool {
    (0..N * N).all(|i| {
        let (r, c) = ((i / N) as isize, (i % N) as isize);
        moves.iter().all(|&(dr, dc)| {
            let (r2, c2) = (r + dr, c + dc);
            if !(0..N as isize).contains(&r2) || !(0..N as isize).contains(&c2) {
                return true;
            }
            let (a, b) = (grid[i], at(grid, r2 as usize, c2 as usize));
            a == 0 || b == 0 || ok(a, b)
        })
    })
}

/// What a negative rule asks of two neighbours without a mark between
/// them, written from its definition.
fn unmarked_pair(rule: &str) -> Option<fn(u8, u8) -> bool> {
    Some(match rule {
        "kropki-negative" => |a, b| a.abs_diff(b) != 1 && a != 2 * b && b != 2 * a,
        "white-negative" => |a, b| a.abs_diff(b) != 1,
        "black-negative" => |a, b| a != 2 * b && b != 2 * a,
        "xv-negative" => |a, b| a + b != 10 && a + b != 5,
        _ => return None,
    })
}

/// [`keeps`] on `puzzle`: a negative rule's pairs the puzzle marks (a dot
/// or letter, a constraint of two cells) are exempt; a generated puzzle of
/// a negative rule gives every mark its grid calls for.
fn keeps_in(puzzle: &Puzzle, rule: &str, grid: &[u8]) -> bool {
    let Some(ok) = unmarked_pair(rule) else { return keeps(rule, grid) };
    let marked: Vec<(usize, usize)> = puzzle
        .constraints()
        .iter()
        .filter_map(|c| match c.cells().map(usize::from).collect::<Vec<_>>()[..] {
            [a, b] => Some((a.min(b), a.max(b))),
            _ => None,
        })
        .collect();
    (0..N * N).all(|i| {
        let right = (i % N + 1 < N).then_some(i + 1);
        let down = (i + N < N * N).then_some(i + N);
        [right, down]
            .into_iter()
            .flatten()
            .all(|j| marked.contains(&(i, j)) || grid[i] == 0 || grid[j] == 0 || ok(grid[i], grid[j]))
    })
}

/// Whether `grid` (9x9, 0 = blank) keeps `rule`, written from its
/// definition.
fn keeps(rule: &str, grid: &[u8]) -> bool {
    match rule {
        "x" => distinct(grid, (0..N).map(|k| (k, k))) && distinct(grid, (0..N).map(|k| (k, N - 1 - k))),
        "windoku" => [(1, 1), (1, 5), (5, 1), (5, 5)]
            .iter()
            .all(|&(r0, c0)| distinct(grid, (0..9).map(|k| (r0 + k / 3, c0 + k % 3)))),
        "disjoint-groups" => {
            (0..9).all(|p| distinct(grid, (0..9).map(|b| (3 * (b / 3) + p / 3, 3 * (b % 3) + p % 3))))
        }
        "anti-knight" => pairs_keep(
            grid,
            &[(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
            |a, b| a != b,
        ),
        "anti-king" => pairs_keep(
            grid,
            &[(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (1, 0), (0, -1), (-1, 0)],
            |a, b| a != b,
        ),
        "non-consecutive" => pairs_keep(grid, &[(0, 1), (1, 0), (0, -1), (-1, 0)], |a, b| a.abs_diff(b) != 1),
        // Sudopedia's patterns, 0-based (row, column).
        "asterisk" => {
            distinct(grid, [(1, 4), (2, 2), (2, 6), (4, 1), (4, 4), (4, 7), (6, 2), (6, 6), (7, 4)])
        }
        "girandola" => {
            distinct(grid, [(0, 0), (0, 8), (1, 4), (4, 1), (4, 4), (4, 7), (7, 4), (8, 0), (8, 8)])
        }
        "centre-dot" => distinct(grid, (0..9).map(|b| (3 * (b / 3) + 1, 3 * (b % 3) + 1))),
        // Eight diagonals: r1c2-r8c9, r2c1-r9c8, r1c8-r8c1, r2c9-r9c2, and
        // the four of five cells between the middles of the edges.
        "argyle" => {
            let down = |r0: usize, c0: usize, n: usize| (0..n).map(move |k| (r0 + k, c0 + k));
            let up = |r0: usize, c0: usize, n: usize| (0..n).map(move |k| (r0 + k, c0 - k));
            distinct(grid, down(0, 1, 8))
                && distinct(grid, down(1, 0, 8))
                && distinct(grid, up(0, 7, 8))
                && distinct(grid, up(1, 8, 8))
                && distinct(grid, up(0, 4, 5))
                && distinct(grid, down(0, 4, 5))
                && distinct(grid, down(4, 0, 5))
                && distinct(grid, up(4, 8, 5))
        }
        // With no dot or letter on the grid, every pair of neighbours is
        // unmarked ([`keeps_in`] exempts a puzzle's marked pairs).
        negative if negative.ends_with("-negative") => {
            pairs_keep(grid, &[(0, 1), (1, 0)], unmarked_pair(negative).expect("a negative rule"))
        }
        other => panic!("no independent check of the rule {other}: write one here"),
    }
}

/// Whether `grid` is a full 9x9 solution of `puzzle`'s givens keeping rows,
/// columns, boxes and every rule of `rules`.
fn solves(puzzle: &Puzzle, rules: Kinds, grid: &[u8]) -> bool {
    grid.len() == N * N
        && grid.iter().all(|&d| (1..=9).contains(&d))
        && puzzle.givens().iter().zip(grid).all(|(&g, &d)| g == 0 || g == d)
        && (0..N).all(|k| {
            distinct(grid, (0..N).map(|c| (k, c)))
                && distinct(grid, (0..N).map(|r| (r, k)))
                && distinct(grid, (0..N).map(|j| (3 * (k / 3) + j / 3, 3 * (k % 3) + j % 3)))
        })
        && rules.iter().all(|rule| keeps_in(puzzle, rule.name(), grid))
}

/// The hints from the givens to the end, as the `hint` command takes
/// them ([`HintRequest::run_variant`]: the SE ladder where the grader
/// models the puzzle, else the simple steps): each placement is the
/// solution's digit, no elimination removes it, every board they leave
/// passes `keeps`, and the walk ends solved. The simple steps are also
/// returned as `sudoku_commands::variant::hints` gives them.
fn hints_keep(puzzle: &Puzzle, solution: &[u8], what: &str, keeps: impl Fn(&[u8]) -> bool) -> VariantHints {
    let request = HintRequest { level: Level::Full, steps: Steps::ToEnd, scale: Scale::default() };
    let found = request.run_variant(puzzle, None).unwrap();
    let mut board = puzzle.givens().to_vec();
    match &found {
        VariantHints::Simple(steps, _) => {
            assert_eq!(steps, &hints(puzzle, None, usize::MAX, None).unwrap(), "{what}");
            for hint in steps {
                if let VariantHint::Place { cell, digit, .. } = hint {
                    assert_eq!(*digit, solution[*cell], "{what}: {hint:?}");
                    board[*cell] = *digit;
                    assert!(keeps(&board), "{what}");
                }
            }
            assert!(
                matches!(steps.last(), Some(VariantHint::Solved) | Some(VariantHint::Place { .. })),
                "{what}"
            );
        }
        VariantHints::Ladder(steps) => {
            for hint in steps {
                for p in &hint.placements {
                    assert_eq!(p.digit.get(), solution[p.cell.index()], "{what}: {}", hint.text);
                    board[p.cell.index()] = p.digit.get();
                }
                for e in &hint.eliminations {
                    assert_ne!(e.digit.get(), solution[e.cell.index()], "{what}: {}", hint.text);
                }
                assert!(keeps(&board), "{what}");
            }
            assert_eq!(steps.last().map(|h| h.status), Some(Status::Solved), "{what}");
            assert_eq!(board, solution, "{what}");
        }
    }
    found
}

#[test]
fn the_checks_here_can_fail() {
    let mut grid = vec![0u8; 81];
    grid[0] = 5;
    grid[10] = 5; // r2c2: the main diagonal, and a king's move from r1c1
    assert!(!keeps("x", &grid) && !keeps("anti-king", &grid));
    assert!(keeps("anti-knight", &grid) && keeps("non-consecutive", &grid));
    grid[10] = 0;
    grid[1] = 6; // r1c2, next to a 5
    assert!(!keeps("non-consecutive", &grid));
    grid[1] = 0;
    grid[11] = 5; // r2c3, a knight's move from r1c1
    assert!(!keeps("anti-knight", &grid));
    grid[11] = 0;
    let mut w = vec![0u8; 81];
    w[10] = 4; // r2c2 and r4c4: the top-left window
    w[30] = 4;
    assert!(!keeps("windoku", &w));
    let mut g = vec![0u8; 81];
    g[0] = 7; // r1c1 and r1c4: first place of boxes 1 and 2
    g[3] = 7;
    assert!(!keeps("disjoint-groups", &g));
    let two = |a: usize, b: usize| {
        let mut e = vec![0u8; 81];
        e[a] = 2;
        e[b] = 2;
        e
    };
    let e = two(20, 60); // r3c3 and r7c7: the asterisk only
    assert!(!keeps("asterisk", &e) && keeps("girandola", &e) && keeps("centre-dot", &e));
    let e = two(0, 80); // r1c1 and r9c9: the girandola only
    assert!(keeps("asterisk", &e) && !keeps("girandola", &e) && keeps("centre-dot", &e));
    let e = two(10, 70); // r2c2 and r8c8: the centre dots only
    assert!(keeps("asterisk", &e) && keeps("girandola", &e) && !keeps("centre-dot", &e));
    let mut a = vec![0u8; 81];
    a[1] = 3; // r1c2 and r8c9, the ends of one argyle diagonal
    a[71] = 3;
    assert!(!keeps("argyle", &a));
    a[71] = 0;
    a[9] = 3; // r2c1: on no diagonal with r1c2
    assert!(keeps("argyle", &a));
    // r1c1, r1c2 over 3 and 4, 6, 7: each negative rule breaks once.
    let mut n = vec![0u8; 81];
    n[0] = 3;
    for (right, broken) in [(4, "white-negative"), (6, "black-negative"), (7, "xv-negative")] {
        n[1] = right;
        for rule in ["white-negative", "black-negative", "xv-negative"] {
            assert_eq!(keeps(rule, &n), rule != broken, "{rule} over 3, {right}");
        }
        assert_eq!(keeps("kropki-negative", &n), broken == "xv-negative");
    }
}

/// The registered rules of the whole grid.
fn global_kinds() -> impl Iterator<Item = &'static dyn Kind> {
    KINDS.iter().copied().filter(|k| k.global())
}

/// A blank grid with one rule: the first solutions each surface lists
/// keep it. A fast path that ignored the rule would list classic grids,
/// which break it.
#[test]
fn every_rule_is_kept_by_the_solutions_of_a_blank_grid() {
    for rule in global_kinds() {
        let rules: Kinds = [rule].into_iter().collect();
        let blank = Puzzle::blank(9).unwrap().with_rules(rules).unwrap();
        let all = answer(&blank, SolveMode::All(20));
        assert_eq!(all.all.len(), 20, "{}", rule.name());
        for s in &all.all {
            assert!(solves(&blank, rules, s), "{}: {s:?}", rule.name());
        }
        let first = answer(&blank, SolveMode::First).first.unwrap();
        assert!(solves(&blank, rules, &first), "{}", rule.name());
    }
}

/// The rules the SE grader rates (extra houses, moves, non-consecutive),
/// as a pattern.
macro_rules! graded {
    () => {
        "x" | "windoku" | "disjoint-groups" | "anti-knight" | "anti-king" | "non-consecutive"
    };
}

/// Generated puzzles of each rule: the one solution (solve, count, the
/// answer key) keeps the rule; every hint from the givens to the end
/// places the solution's digit; a grade's every step places the
/// solution's digits and removes other digits only.
#[test]
fn every_rule_is_kept_by_solve_count_hint_and_grade() {
    // One rule a task, on every core (the slowest rules take seconds).
    let rules: Vec<&'static dyn Kind> = global_kinds().collect();
    rules.into_par_iter().for_each(|rule| {
        let rules: Kinds = [rule].into_iter().collect();
        let spec = VariantSpec::parse(rule.name(), None).unwrap();
        let mut generator = VariantGenerator::new(VariantOptions::new(44, spec)).unwrap();
        for index in 0..3 {
            let puzzle = generator.generate(index).unwrap().puzzle;
            let what = format!("{} #{index}", rule.name());
            let solution = unique_solution(&puzzle).unwrap();
            assert!(solves(&puzzle, rules, &solution), "{what}");
            let count = answer(&puzzle, SolveMode::Count(2));
            assert_eq!(count.count, Some(1), "{what}");
            assert!(solves(&puzzle, rules, count.first.as_ref().unwrap()), "{what}");

            let steps = hints_keep(&puzzle, &solution, &what, |board| keeps_in(&puzzle, rule.name(), board));

            // The grader rates the rules that are extra houses or moves; the
            // others must be refused, never rated as if classic.
            let request = GradeRequest { explain: true, scale: Scale::default() };
            match (rule.name(), request.run_variant(&puzzle)) {
                (graded!(), Ok(Graded::Rated(grade))) => {
                    // The hints walk the grader's path: the hardest is the ER.
                    let VariantHints::Ladder(ladder) = &steps else { panic!("{what}: simple hints") };
                    let hardest = ladder.iter().filter_map(|h| h.difficulty).fold(0.0, f64::max);
                    assert_eq!(hardest, grade.er, "{what}");
                    for step in &grade.steps {
                        for p in &step.placements {
                            assert_eq!(p.digit.get(), solution[p.cell.index()], "{what}: {step}");
                        }
                        for e in &step.eliminations {
                            assert_ne!(e.digit.get(), solution[e.cell.index()], "{what}: {step}");
                        }
                    }
                }
                // A path that needs nested forcing chains under
                // non-consecutive is left to the variant ladder.
                ("non-consecutive", Err(why)) => {
                    assert!(why.contains("nested forcing chains"), "{what}: {why}");
                    assert!(
                        matches!(steps, VariantHints::Simple(..)),
                        "{what}: ladder hints past the ladder"
                    );
                }
                (graded!(), other) => {
                    panic!("{what}: a rule the grader takes was not rated: {other:?}")
                }
                (_, Err(why)) => {
                    // A negative rule's puzzle carries its marks: the
                    // refusal may name those.
                    let marks =
                        |why: &str| puzzle.constraints().iter().any(|c| why.contains(c.kind().name()));
                    let negative = rule.name().ends_with("-negative");
                    assert!(why.contains(rule.name()) || negative && marks(&why), "{what}: {why}");
                    assert!(
                        matches!(steps, VariantHints::Simple(..)),
                        "{what}: ladder hints on an unrated rule"
                    );
                }
                (_, Ok(graded)) => panic!("{what}: rated as if classic: {graded:?}"),
            }
        }
    });
}

/// Whether `grid` (0 = blank) keeps a constraint, written from its
/// definition: a thermometer's filled cells rise from the bulb; an arrow's
/// circle, read as a number, is the sum of its line's digits once all are
/// filled; an odd (even) cell is blank or holds an odd (even) digit; a
/// killer cage's filled digits differ and, once all are filled, add up to
/// its sum (`value`). A kind registered without a check here fails every
/// test that meets it.
fn keeps_constraint(kind: &str, parts: &[Vec<u16>], value: Option<u32>, grid: &[u8]) -> bool {
    let digits = |part: &[u16]| part.iter().map(|&c| grid[usize::from(c)]).collect::<Vec<u8>>();
    match kind {
        "killer" => {
            let d = digits(&parts[0]);
            let distinct = (0..d.len()).all(|i| (i + 1..d.len()).all(|j| d[i] == 0 || d[i] != d[j]));
            let total: u32 = d.iter().map(|&x| u32::from(x)).sum();
            distinct && (d.contains(&0) || value.is_none_or(|sum| total == sum))
        }
        "thermo" => {
            let d = digits(&parts[0]);
            (0..d.len()).all(|i| (i + 1..d.len()).all(|j| d[i] == 0 || d[j] == 0 || d[i] < d[j]))
        }
        "arrow" => {
            let circle = digits(&parts[0]);
            let line: Vec<u8> = parts[1..].iter().flat_map(|p| digits(p)).collect();
            if circle.contains(&0) || line.contains(&0) {
                return true;
            }
            circle.iter().fold(0u32, |v, &d| v * 10 + u32::from(d))
                == line.iter().map(|&d| u32::from(d)).sum::<u32>()
        }
        "odd" => digits(&parts[0]).iter().all(|&d| d == 0 || d % 2 == 1),
        "even" => digits(&parts[0]).iter().all(|&d| d % 2 == 0),
        // Neighbours on the line differ by 5 (German) or 4 (Dutch) or more.
        "german-whispers" | "dutch-whispers" => {
            let k = if kind == "german-whispers" { 5 } else { 4 };
            digits(&parts[0]).windows(2).all(|w| w[0] == 0 || w[1] == 0 || w[0].abs_diff(w[1]) >= k)
        }
        // Distinct digits; once all are placed, max - min + 1 is the length.
        "renban" => {
            let d = digits(&parts[0]);
            let distinct = (0..d.len()).all(|i| (i + 1..d.len()).all(|j| d[i] == 0 || d[i] != d[j]));
            let (lo, hi) = (d.iter().min().unwrap(), d.iter().max().unwrap());
            distinct && (d.contains(&0) || usize::from(hi - lo) + 1 == d.len())
        }
        "palindrome" => {
            let d = digits(&parts[0]);
            d.iter().zip(d.iter().rev()).all(|(&a, &b)| a == 0 || b == 0 || a == b)
        }
        // Issue 47's second set of lines: slow thermometers pair by pair,
        // the others once every cell of the line is filled.
        "slow-thermo" => {
            let d = digits(&parts[0]);
            (0..d.len()).all(|i| (i + 1..d.len()).all(|j| d[i] == 0 || d[j] == 0 || d[i] <= d[j]))
        }
        line if SECOND_LINES.contains(&line) => {
            let cells: Vec<u16> = parts.concat();
            let d = digits(&cells);
            d.contains(&0) || whole_line_keeps(line, parts, value, &d, grid.len())
        }
        // Two filled neighbours: a white dot, consecutive; a black dot, one
        // twice the other; X (10) or V (5), that sum; a chevron, the first
        // greater.
        "kropki" | "xv" | "greater-than" => {
            let d = digits(&parts[0]);
            let (a, b) = (u32::from(d[0]), u32::from(d[1]));
            a == 0
                || b == 0
                || match (kind, value) {
                    ("kropki", Some(1)) => a.abs_diff(b) == 1,
                    ("kropki", Some(2)) => a == 2 * b || b == 2 * a,
                    ("xv", Some(sum)) => a + b == sum,
                    ("greater-than", None) => a > b,
                    _ => false,
                }
        }
        // The circle's digits (base 32, lowest first) still fit: what each
        // lacks of its count, together, fits in the blank cells.
        "quadruple" => {
            let d = digits(&parts[0]);
            let mut listed = Vec::new();
            let mut v = value.unwrap_or(0);
            while v > 0 {
                listed.push((v % 32) as u8);
                v /= 32;
            }
            let blanks = d.iter().filter(|&&x| x == 0).count();
            listed.sort_unstable();
            listed.dedup();
            let lacking: usize = listed
                .iter()
                .map(|&x| {
                    let wanted = {
                        let mut v = value.unwrap_or(0);
                        let mut k = 0;
                        while v > 0 {
                            k += usize::from((v % 32) as u8 == x);
                            v /= 32;
                        }
                        k
                    };
                    wanted.saturating_sub(d.iter().filter(|&&y| y == x).count())
                })
                .sum();
            lacking <= blanks
        }
        "clone" => {
            let (a, b) = (digits(&parts[0]), digits(&parts[1]));
            a.iter().zip(&b).all(|(&x, &y)| x == 0 || y == 0 || x == y)
        }
        // A minimum (maximum) cell against each of its orthogonal
        // neighbours, found here from the grid (a 9x9 canvas), not from the
        // instance's second part.
        "minimum" | "maximum" => {
            let c = usize::from(parts[0][0]);
            let (r, k) = (c / 9, c % 9);
            let mut around = Vec::new();
            if r > 0 {
                around.push(c - 9);
            }
            if k > 0 {
                around.push(c - 1);
            }
            if k < 8 {
                around.push(c + 1);
            }
            if r < 8 {
                around.push(c + 9);
            }
            let own = grid[c];
            around.iter().all(|&b| {
                let other = grid[b];
                own == 0 || other == 0 || if kind == "maximum" { own > other } else { own < other }
            })
        }
        // Clues outside the grid, once the cells they read (in order from
        // the clue) are all filled: sandwich, the digits between the 1 and
        // the highest digit (the line's length) add up to the number;
        // X-sums, the first X do, X the first digit; skyscrapers, the
        // number counts the digits higher than all before them; little
        // killer, the digits add up to it.
        "sandwich" | "x-sums" | "skyscrapers" | "little-killer" => {
            let d: Vec<u32> = digits(&parts[0]).iter().map(|&x| u32::from(x)).collect();
            let number = value.expect("an outside clue has a number");
            if d.contains(&0) {
                return true;
            }
            match kind {
                "sandwich" => {
                    let n = d.len() as u32;
                    let (a, b) = (d.iter().position(|&x| x == 1), d.iter().position(|&x| x == n));
                    a.zip(b).is_some_and(|(a, b)| d[a.min(b) + 1..a.max(b)].iter().sum::<u32>() == number)
                }
                "x-sums" => d[..(d[0] as usize).min(d.len())].iter().sum::<u32>() == number,
                "skyscrapers" => {
                    (0..d.len()).filter(|&k| d[..k].iter().all(|&e| e < d[k])).count() as u32 == number
                }
                _ => d.iter().sum::<u32>() == number,
            }
        }
        other => panic!("no independent check of the constraint kind {other}: write one here"),
    }
}

/// The lines of issue 47's second set checked on a filled line.
const SECOND_LINES: [&str; 7] =
    ["zipper", "entropic", "modular", "double-arrow", "between", "lockout", "region-sum"];

/// Whether the filled line `d` (cells in order; a region-sum line's parts
/// are its runs within one box) keeps its rule, on a canvas of `cells`
/// cells: zipper, mirrored pairs add up to one total, the centre digit on
/// an odd line; entropic (modular), any three in a row hold one of each
/// third of the digits (remainder mod 3); double arrow, the ends add up to
/// the rest; between, the rest lie strictly between the ends; lockout, the
/// ends differ by `value` or (n - 1) / 2 and the rest lie outside them;
/// region-sum, every part has the same sum.
fn whole_line_keeps(kind: &str, parts: &[Vec<u16>], value: Option<u32>, d: &[u8], cells: usize) -> bool {
    let n = (1..=25).find(|n| n * n == cells).expect("a square grid") as u32;
    let len = d.len();
    let (a, b, middle) = (u32::from(d[0]), u32::from(d[len - 1]), &d[1..len - 1]);
    let (lo, hi) = (a.min(b), a.max(b));
    let middle = middle.iter().map(|&x| u32::from(x));
    let third = |x: u8| (u32::from(x) - 1) * 3 / n;
    match kind {
        "zipper" => {
            let total = if len % 2 == 1 { d[len / 2] } else { d[0] + d[len - 1] };
            (0..len / 2).all(|k| d[k] + d[len - 1 - k] == total)
        }
        "entropic" => (0..len).all(|i| (i + 1..len.min(i + 3)).all(|j| third(d[i]) != third(d[j]))),
        "modular" => (0..len).all(|i| (i + 1..len.min(i + 3)).all(|j| d[i] % 3 != d[j] % 3)),
        "double-arrow" => a + b == middle.sum::<u32>(),
        "between" => middle.into_iter().all(|x| lo < x && x < hi),
        "lockout" => hi - lo >= value.unwrap_or((n - 1) / 2) && middle.into_iter().all(|x| x < lo || x > hi),
        "region-sum" => {
            let mut at = 0;
            let sums: Vec<u32> = parts
                .iter()
                .map(|p| {
                    at += p.len();
                    d[at - p.len()..at].iter().map(|&x| u32::from(x)).sum()
                })
                .collect();
            sums.windows(2).all(|w| w[0] == w[1])
        }
        other => panic!("no check of the line {other}"),
    }
}

fn keeps_all(puzzle: &Puzzle, grid: &[u8]) -> bool {
    puzzle.constraints().iter().all(|c| keeps_constraint(c.kind().name(), c.parts(), c.value(), grid))
}

#[test]
fn the_constraint_checks_here_can_fail() {
    let thermo = vec![vec![0u16, 1, 2]];
    let arrow = vec![vec![0u16], vec![1, 2]];
    let mut grid = vec![0u8; 81];
    grid[..3].copy_from_slice(&[5, 2, 4]);
    assert!(
        !keeps_constraint("thermo", &thermo, None, &grid) && !keeps_constraint("arrow", &arrow, None, &grid)
    );
    grid[..3].copy_from_slice(&[5, 0, 7]);
    assert!(
        keeps_constraint("thermo", &thermo, None, &grid) && keeps_constraint("arrow", &arrow, None, &grid)
    );
    grid[..3].copy_from_slice(&[5, 1, 4]);
    assert!(
        !keeps_constraint("thermo", &thermo, None, &grid) && keeps_constraint("arrow", &arrow, None, &grid)
    );
    let (first, third) = (vec![vec![0u16]], vec![vec![2u16]]);
    assert!(keeps_constraint("odd", &first, None, &grid) && !keeps_constraint("even", &first, None, &grid));
    assert!(!keeps_constraint("odd", &third, None, &grid) && keeps_constraint("even", &third, None, &grid));
    grid[2] = 0;
    assert!(keeps_constraint("odd", &third, None, &grid) && keeps_constraint("even", &third, None, &grid));
    // Cage r1c1-r1c3 over 5, 1, blank: distinct, its sum still open.
    let cage = vec![vec![0u16, 1, 2]];
    assert!(keeps_constraint("killer", &cage, Some(10), &grid));
    grid[2] = 4;
    assert!(
        keeps_constraint("killer", &cage, Some(10), &grid)
            && !keeps_constraint("killer", &cage, Some(11), &grid)
    );
    grid[2] = 5;
    assert!(!keeps_constraint("killer", &cage, None, &grid));
    // r1c1-r1c3 over 1, 6, 2: German whispers break at 6-2, Dutch hold.
    grid[..3].copy_from_slice(&[1, 6, 2]);
    assert!(!keeps_constraint("german-whispers", &cage, None, &grid));
    assert!(keeps_constraint("dutch-whispers", &cage, None, &grid));
    grid[..3].copy_from_slice(&[1, 6, 1]);
    assert!(
        keeps_constraint("palindrome", &cage, None, &grid) && !keeps_constraint("renban", &cage, None, &grid)
    );
    grid[..3].copy_from_slice(&[3, 1, 2]);
    assert!(
        !keeps_constraint("palindrome", &cage, None, &grid) && keeps_constraint("renban", &cage, None, &grid)
    );
    grid[..3].copy_from_slice(&[3, 1, 4]);
    assert!(!keeps_constraint("renban", &cage, None, &grid));
    // Row 1 read from the left over 3 1 4 2 ... with 9 at r1c9.
    let row = vec![(0u16..9).collect::<Vec<u16>>()];
    grid[..9].copy_from_slice(&[3, 1, 4, 2, 5, 6, 7, 8, 9]);
    assert!(keeps_constraint("sandwich", &row, Some(32), &grid));
    assert!(!keeps_constraint("sandwich", &row, Some(31), &grid));
    assert!(
        keeps_constraint("x-sums", &row, Some(8), &grid) && !keeps_constraint("x-sums", &row, Some(3), &grid)
    );
    assert!(
        keeps_constraint("skyscrapers", &row, Some(7), &grid)
            && !keeps_constraint("skyscrapers", &row, Some(6), &grid)
    );
    assert!(keeps_constraint("little-killer", &cage, Some(8), &grid));
    assert!(!keeps_constraint("little-killer", &cage, Some(9), &grid));
    grid[4] = 0;
    assert!(keeps_constraint("sandwich", &row, Some(31), &grid), "open until filled");
    // Issue 47's second set over r1c1-r1c3 (and r1c1-r1c4).
    let line = |d: &[u8]| {
        let mut g = vec![0u8; 81];
        g[..d.len()].copy_from_slice(d);
        g
    };
    let (three, four) = (vec![vec![0u16, 1, 2]], vec![vec![0u16, 1, 2, 3]]);
    let keeps = |kind: &str, parts: &[Vec<u16>], value: Option<u32>, d: &[u8]| {
        keeps_constraint(kind, parts, value, &line(d))
    };
    assert!(
        keeps("slow-thermo", &three, None, &[2, 2, 5]) && !keeps("slow-thermo", &three, None, &[2, 1, 5])
    );
    assert!(
        keeps("slow-thermo", &three, None, &[2, 0, 5]) && !keeps("slow-thermo", &three, None, &[3, 0, 2])
    );
    assert!(keeps("zipper", &three, None, &[2, 9, 7]) && !keeps("zipper", &three, None, &[2, 9, 6]));
    assert!(keeps("zipper", &four, None, &[1, 4, 5, 8]) && !keeps("zipper", &four, None, &[1, 4, 5, 7]));
    assert!(keeps("entropic", &four, None, &[1, 5, 9, 2]) && !keeps("entropic", &four, None, &[1, 5, 9, 5]));
    assert!(keeps("modular", &four, None, &[3, 1, 8, 6]) && !keeps("modular", &four, None, &[3, 1, 8, 7]));
    assert!(
        keeps("double-arrow", &four, None, &[2, 4, 3, 5])
            && !keeps("double-arrow", &four, None, &[2, 4, 3, 6])
    );
    assert!(keeps("between", &three, None, &[2, 4, 5]) && !keeps("between", &three, None, &[2, 5, 5]));
    assert!(keeps("lockout", &three, None, &[2, 1, 6]) && !keeps("lockout", &three, None, &[2, 1, 5]));
    assert!(!keeps("lockout", &three, Some(5), &[2, 1, 6]) && !keeps("lockout", &three, None, &[2, 4, 6]));
    let segments = vec![vec![0u16, 1], vec![2, 3]];
    assert!(
        keeps("region-sum", &segments, None, &[1, 5, 2, 4])
            && !keeps("region-sum", &segments, None, &[1, 5, 2, 3])
    );
    assert!(keeps("between", &three, None, &[2, 0, 2]), "a line with a blank is not judged");
    // r1c1, r1c2 over 3, 1: a chevron from r1c1 holds, from r1c2 not; no
    // dot, X or V fits; 3, 6 takes a black dot.
    let pair = vec![vec![0u16, 1]];
    let back = vec![vec![1u16, 0]];
    assert!(keeps_constraint("greater-than", &pair, None, &grid));
    assert!(!keeps_constraint("greater-than", &back, None, &grid));
    for (kind, value) in [("kropki", 1), ("kropki", 2), ("xv", 10), ("xv", 5)] {
        assert!(!keeps_constraint(kind, &pair, Some(value), &grid), "{kind} {value}");
    }
    grid[1] = 6;
    assert!(
        keeps_constraint("kropki", &pair, Some(2), &grid)
            && !keeps_constraint("kropki", &pair, Some(1), &grid)
    );
    // A quadruple of 3, 3 over r1c1, r1c2, r2c1, r2c2 = 3, 6, blank, 4:
    // one 3 lacks, one blank; with r2c1 = 5, none.
    let square = vec![vec![0u16, 1, 9, 10]];
    grid[9] = 0;
    grid[10] = 4;
    assert!(keeps_constraint("quadruple", &square, Some(3 + 3 * 32), &grid));
    grid[9] = 5;
    assert!(!keeps_constraint("quadruple", &square, Some(3 + 3 * 32), &grid));
    assert!(keeps_constraint("quadruple", &square, Some(3 + 5 * 32), &grid));
    // A clone of r1c1 (3) at r2c1 (5), then at r2c2 (4): neither matches.
    assert!(!keeps_constraint("clone", &[vec![0], vec![9]], None, &grid));
    grid[10] = 3;
    assert!(keeps_constraint("clone", &[vec![0], vec![10]], None, &grid));
    // r1c1 = 3 beside r1c2 = 6 and r2c1 = 5: a minimum, not a maximum;
    // with r2c1 = 2, neither.
    assert!(keeps_constraint("minimum", &[vec![0]], None, &grid));
    assert!(!keeps_constraint("maximum", &[vec![0]], None, &grid));
    grid[9] = 2;
    assert!(!keeps_constraint("minimum", &[vec![0]], None, &grid));
}

/// Every registered constraint kind (`KINDS`), through the generator:
/// the solution and every listed solution of the blank grid with the same
/// constraints keep them; count is 1; every hint places the solution's
/// digit and leaves a board that keeps them; the grader refuses the
/// puzzle by the kind's name, never rates it as classic.
#[test]
fn every_constraint_kind_is_kept_by_solve_count_hint_and_refused_by_grade() {
    let kinds: Vec<&'static dyn Kind> = KINDS.iter().copied().filter(|k| !k.global()).collect();
    kinds.into_par_iter().for_each(|kind| {
        let spec = VariantSpec::parse(kind.name(), None).unwrap();
        let mut generator = VariantGenerator::new(VariantOptions::new(44, spec)).unwrap();
        for index in 0..3 {
            let puzzle = generator.generate(index).unwrap().puzzle;
            let what = format!("{} #{index}", kind.name());
            assert!(!puzzle.constraints().is_empty(), "{what}");
            let solution = unique_solution(&puzzle).unwrap();
            assert!(solves(&puzzle, Kinds::NONE, &solution) && keeps_all(&puzzle, &solution), "{what}");
            let count = answer(&puzzle, SolveMode::Count(2));
            assert_eq!(count.count, Some(1), "{what}");

            // A kind that tiles the grid carries the puzzle: its blank grid
            // is the puzzle, with one solution.
            let blank = puzzle.with_givens(vec![0; 81]).unwrap();
            let all = answer(&blank, SolveMode::All(20));
            assert_eq!(all.all.len(), if kind.tiles() { 1 } else { 20 }, "{what}");
            for s in &all.all {
                assert!(solves(&blank, Kinds::NONE, s) && keeps_all(&blank, s), "{what}: {s:?}");
            }

            hints_keep(&puzzle, &solution, &what, |board| keeps_all(&puzzle, board));
            let request = GradeRequest { explain: true, scale: Scale::default() };
            match request.run_variant(&puzzle) {
                Err(why) => assert!(why.contains(kind.name()), "{what}: {why}"),
                Ok(graded) => panic!("{what}: rated as if classic: {graded:?}"),
            }
        }
    });
}

/// A rule planted here, outside the registry: its cells hold the highest
/// digit. Nothing in the library knows it, so it stands for a rule added
/// tomorrow.
struct Planted;

impl Kind for Planted {
    fn name(&self) -> &'static str {
        "planted"
    }

    fn title(&self) -> &'static str {
        "Planted"
    }

    fn rule_text(&self, _puzzle: &Puzzle) -> String {
        "A planted cell holds the highest digit.".into()
    }

    fn describe(&self, first: &str, _value: Option<u32>) -> String {
        format!("planted cell {first}")
    }

    fn check(&self, puzzle: &Puzzle, it: &Instance) -> Result<(), String> {
        match &it.parts[..] {
            [cells] if cells.iter().all(|&c| puzzle.is_cell(usize::from(c))) => Ok(()),
            _ => Err("one list of cells".into()),
        }
    }

    fn holds(&self, puzzle: &Puzzle, it: &Instance, grid: &[u8]) -> bool {
        it.parts[0].iter().all(|&c| usize::from(grid[usize::from(c)]) == puzzle.size())
    }

    fn narrow(&self, it: &Instance, n: usize, board: &mut dyn sudoku_variant::Candidates) -> bool {
        it.parts[0].iter().all(|&c| board.remove(c, (1u32 << (n - 1)) - 1))
    }
}

static PLANTED: Planted = Planted;

/// The fast-path decision is structural: a 9x9 grid with boxes and one
/// planted constraint is not classic, so no surface hands it to the
/// classic solver or grader, whose first solutions of a blank grid put a 1
/// in r1c1 and so break it. Solve, count and hints keep it; the grader
/// refuses it by name.
#[test]
fn a_rule_unknown_to_the_library_is_never_taken_for_classic() {
    // r1c1, r5c5 and r9c9: three rows, columns and boxes, so 9 fits in all.
    let corners = vec![0u16, 40, 80];
    let constraint = sudoku_variant::Constraint::new(&PLANTED, vec![corners.clone()]);
    let blank = Puzzle::blank(9).unwrap().with_constraints(vec![constraint]).unwrap();
    assert!(!blank.is_classic());
    let keeps_planted = |grid: &[u8]| corners.iter().all(|&c| grid[usize::from(c)] == 9);
    let all = answer(&blank, SolveMode::All(20));
    assert_eq!(all.all.len(), 20);
    for s in &all.all {
        assert!(solves(&blank, Kinds::NONE, s) && keeps_planted(s), "{s:?}");
    }
    // A puzzle of it: the givens of one of its solutions but the first row.
    let solution = &all.all[0];
    let givens: Vec<u8> = (0..81).map(|i| if i < 9 { 0 } else { solution[i] }).collect();
    let puzzle = blank.with_givens(givens).unwrap();
    let count = answer(&puzzle, SolveMode::Count(2));
    assert_eq!(count.count, Some(1));
    assert!(keeps_planted(count.first.as_ref().unwrap()));
    hints_keep(&puzzle, solution, "planted", |board| {
        corners.iter().all(|&c| matches!(board[usize::from(c)], 0 | 9))
    });
    let request = GradeRequest { explain: false, scale: Scale::default() };
    match request.run_variant(&puzzle) {
        Err(why) => assert!(why.contains("planted"), "{why}"),
        Ok(graded) => panic!("rated as if classic: {graded:?}"),
    }
}
