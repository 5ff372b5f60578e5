//! Grader tests over the fixtures in `fixtures/grade/`: Sudoku Explainer's
//! ratings of a calibration sample, each technique where it sets SE's
//! rating, soundness of every step, invariance under symmetry and
//! relabelling, the errors, and the Sudoku Explainer 1.2.1 scale.

use proptest::prelude::*;
use std::collections::BTreeMap;
use sudoku_core::Grid;

use sudoku_grade::{grade, Band, GradeError, GradeOptions, Grader, Scale, Technique};

use crate::util::{
    self, apply, assert_path_is_sound, fixture, invariance_puzzles, symmetry, symmetry_of, technique_named,
};

/// One calibration row: the puzzle and SE's ratings (EP and ED when known).
struct Rated {
    puzzle: Grid,
    er: f64,
    ep_ed: Option<(f64, f64)>,
}

fn calibration_sample() -> Vec<Rated> {
    fixture("se_calibration_sample.csv")
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let num = |s: &str| s.parse::<f64>().unwrap();
            Rated {
                puzzle: Grid::parse_line(f[0]).unwrap(),
                er: num(f[1]),
                ep_ed: (!f[2].is_empty()).then(|| (num(f[2]), num(f[3]))),
            }
        })
        .collect()
}

/// The share of `pairs` (ours, SE's) within `tolerance`.
fn share_within(pairs: &[(f64, f64)], tolerance: f64) -> f64 {
    pairs.iter().filter(|(a, b)| (a - b).abs() < tolerance + 0.01).count() as f64 / pairs.len() as f64
}

#[test]
fn the_calibration_sample_is_rated_as_sudoku_explainer_rates_it() {
    let sample = calibration_sample();
    assert!(sample.len() >= 300);
    let mut grader = Grader::new();
    let (mut er, mut ep, mut ed) = (Vec::new(), Vec::new(), Vec::new());
    let mut by_value: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for r in &sample {
        let g = grader.grade(&r.puzzle).unwrap();
        assert_eq!(g.rating, g.er);
        assert_eq!(g.band, Band::from_rating(g.er));
        er.push((g.er, r.er));
        let v = by_value.entry(format!("{:.1}", r.er)).or_default();
        v.0 += 1;
        v.1 += u32::from((g.er - r.er).abs() < 0.01);
        if let Some((sep, sed)) = r.ep_ed {
            ep.push((g.ep, sep));
            ed.push((g.ed, sed));
        }
    }
    let (exact, near) = (share_within(&er, 0.0), share_within(&er, 0.1));
    let worst = by_value.iter().map(|(v, (n, ok))| (f64::from(*ok) / f64::from(*n), v)).fold(
        (1.0, ""),
        |w, (s, v)| {
            if s < w.0 {
                (s, v.as_str())
            } else {
                w
            }
        },
    );
    eprintln!(
        "ER exact {exact:.3}, within 0.1 {near:.3}, EP exact {:.3}, ED exact {:.3}, worst value {} at {:.2}",
        share_within(&ep, 0.0),
        share_within(&ed, 0.0),
        worst.1,
        worst.0
    );
    assert!(exact >= MIN_EXACT, "ER exact on {exact:.3} of the sample");
    assert!(near >= 0.97, "ER within 0.1 on {near:.3} of the sample");
    assert!(share_within(&ep, 0.0) >= 0.90 && share_within(&ed, 0.0) >= 0.90);
}

/// The share of the calibration sample whose ER must equal SE's: a
/// regression guard above the target (0.90), below the measured
/// share (0.985 on 2026-11-25, printed on the test's stderr).
const MIN_EXACT: f64 = 0.97;

#[test]
fn each_technique_sets_the_rating_where_it_sets_se_s() {
    let mut grader = Grader::new();
    let mut families = std::collections::BTreeSet::new();
    let (mut wrong_patterns, mut wrong_chains, mut n_chains) = (Vec::new(), Vec::new(), 0);
    let mut n = 0;
    for line in fixture("se_techniques.tsv").lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (se_name, family, er) = (f[0], technique_named(f[1]), f[2].parse::<f64>().unwrap());
        let puzzle = Grid::parse_line(f[3]).unwrap();
        let g = grader.grade_with(&puzzle, &GradeOptions { explain: true }).unwrap();
        // SE names the first step of its path at ER; ours may meet an
        // equally hard step of another family first.
        let used = g.steps.iter().any(|s| s.difficulty == g.er && s.technique == family);
        let is_chain =
            family >= Technique::BidirectionalXCycle && family != Technique::AlignedTripletExclusion;
        n_chains += usize::from(is_chain);
        if g.er != er || !used {
            let why = format!("{}: SE {er} {se_name}, ours {} {}", f[3], g.er, g.technique);
            if is_chain {
                wrong_chains.push(why)
            } else {
                wrong_patterns.push(why)
            }
        }
        families.insert(family);
        n += 1;
    }
    assert!(n >= 40 && families.len() >= 25, "{n} fixtures, {} techniques", families.len());
    // Every pattern technique exactly. The chains, whose length SE counts
    // in ways we do not always reproduce (one fixture per length, so the
    // rare long ones weigh as much as the common ones): a regression guard
    // at the measured level, 47 of 53 on 2026-11-24 (42 on 2026-11-23).
    assert!(wrong_patterns.is_empty(), "{} differ:\n{}", wrong_patterns.len(), wrong_patterns.join("\n"));
    eprintln!(
        "chain fixtures that differ ({} of {n_chains}):\n{}",
        wrong_chains.len(),
        wrong_chains.join("\n")
    );
    assert!(
        wrong_chains.len() * 100 <= n_chains * 12,
        "{} of {n_chains} chain fixtures differ",
        wrong_chains.len()
    );
}

#[test]
fn sample_paths_are_sound_and_rated_by_their_hardest_step() {
    for r in calibration_sample().iter().step_by(5) {
        let g = assert_path_is_sound(&r.puzzle);
        let hardest = g.steps.iter().map(|s| s.difficulty).fold(0.0, f64::max);
        assert_eq!(g.er, hardest);
        assert_eq!(g.ed, g.steps[0].difficulty);
        assert!(g.ep <= g.er && g.ed <= g.ep);
        assert!(g.steps.iter().any(|s| s.technique == g.technique && s.difficulty == hardest));
    }
}

#[test]
fn invalid_unsolvable_and_ambiguous_puzzles_are_not_rated() {
    let clash = Grid::parse_line(&format!("55{}", ".".repeat(79))).unwrap();
    assert!(matches!(grade(&clash), Err(GradeError::Conflict(c)) if c.digit.get() == 5));
    assert_eq!(grade(&Grid::EMPTY), Err(GradeError::NotUnique));
    // No clash among the givens, but r1c9 has no digit left.
    let dead = Grid::parse_line(&format!("12345678.{}9", ".".repeat(71))).unwrap();
    assert!(dead.conflicts().is_empty());
    assert_eq!(grade(&dead), Err(GradeError::Unsolvable));
}

/// ER, EP and ED.
type Ratings = (f64, f64, f64);

/// Issue 31, section 6: ratings are not the same on every symmetry and
/// relabelling of a puzzle, SE's included. On `se_transformed_sample.csv`
/// (copies of calibration puzzles, each rated by serate 1.18.1) ours must
/// equal SE's on every copy, so that ours changes where SE's does, up to
/// the misses measured (see [`MAX_TRANSFORMED_MISSES`]).
#[test]
fn r31_ratings_change_under_symmetry_exactly_where_sudoku_explainer_s_do() {
    let mut grader = Grader::new();
    // Per class (source puzzle): SE's and our ratings of each copy.
    let mut classes: BTreeMap<String, Vec<(Ratings, Ratings)>> = BTreeMap::new();
    let mut misses = Vec::new();
    for line in fixture("se_transformed_sample.csv").lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (source, copy) = (Grid::parse_line(f[0]).unwrap(), Grid::parse_line(f[2]).unwrap());
        assert_eq!(apply(&symmetry_of(f[1]), &source), copy, "{line}");
        let num = |s: &str| s.parse::<f64>().unwrap();
        let se = (num(f[3]), num(f[4]), num(f[5]));
        let g = grader.grade(&copy).unwrap();
        let ours = (g.er, g.ep, g.ed);
        if ours != se {
            misses.push(format!("{}: SE {se:?}, ours {ours:?}", f[2]));
        }
        classes.entry(f[0].to_string()).or_default().push((se, ours));
    }
    let changes = |copies: &[(Ratings, Ratings)], pick: fn(&(Ratings, Ratings)) -> Ratings| {
        copies.iter().any(|c| pick(c) != pick(&copies[0]))
    };
    let (mut se_changes, mut our_changes, mut both, mut ours_alone) = (0, 0, 0, Vec::new());
    for (source, copies) in &classes {
        let (se, ours) = (changes(copies, |c| c.0), changes(copies, |c| c.1));
        se_changes += usize::from(se);
        our_changes += usize::from(ours);
        both += usize::from(se && ours);
        if ours && !se {
            ours_alone.push(source.clone());
        }
        // Below 7.7 nothing changed: the puzzles of the invariance property.
        if copies[0].0 .0 < util::INVARIANT_BELOW {
            assert!(!se && !ours, "{source}: {copies:?}");
        }
    }
    let n_copies: usize = classes.values().map(Vec::len).sum();
    eprintln!(
        "{} classes, {n_copies} copies: SE's ratings change in {se_changes} classes, ours in \
         {our_changes} ({both} of them SE's too); {} copies differ from SE's:\n{}",
        classes.len(),
        misses.len(),
        misses.join("\n")
    );
    assert!(classes.len() >= 150 && n_copies >= 500);
    assert!(ours_alone.is_empty(), "ours changes where SE's does not: {ours_alone:?}");
    assert!(our_changes >= 7, "ours changes in {our_changes} classes");
    assert!(se_changes >= 8 && both + MAX_SE_ALONE >= se_changes, "SE {se_changes}, both {both}");
    assert!(misses.len() <= MAX_TRANSFORMED_MISSES, "{} copies differ from SE's", misses.len());
}

/// Classes of the transformed sample where SE's ratings change and ours
/// do not, as measured on 2026-11-26: one, whose original SE rates 8.8 and
/// its three copies 8.5, and we 8.4 on all four.
const MAX_SE_ALONE: usize = 1;

/// Copies of the transformed sample whose ratings differ from SE's, as
/// measured on 2026-11-26: 15 in 4 classes. The 4 of that class, and every
/// copy of 3 classes where neither changes and ours is another value
/// (4.5 for SE's 5.9, 7.0 for 7.1, 8.9 for 9.0: misses of the calibration
/// test).
const MAX_TRANSFORMED_MISSES: usize = 15;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// On the puzzles where it holds ([`invariance_puzzles`]: below 7.7;
    /// from there, ratings can change, as SE's do).
    #[test]
    fn the_grade_is_the_same_under_any_symmetry_and_relabelling(idx in 0usize..10, s in symmetry()) {
        let puzzles = invariance_puzzles();
        let p = puzzles[idx % puzzles.len()];
        let mut grader = Grader::new();
        let a = grader.grade(&p).unwrap();
        let b = grader.grade(&apply(&s, &p)).unwrap();
        prop_assert_eq!((a.er, a.ep, a.ed), (b.er, b.ep, b.ed));
        prop_assert_eq!(a.technique, b.technique);
        prop_assert_eq!(a.band, b.band);
        prop_assert_eq!(a.n_steps, b.n_steps);
    }
}

#[test]
fn grading_in_a_band_agrees_with_grading_in_full() {
    let mut grader = Grader::new();
    for r in calibration_sample().iter().step_by(3) {
        let full = grader.grade(&r.puzzle).unwrap();
        for band in Band::ALL {
            let in_band = grader.grade_in_band(&r.puzzle, band).unwrap();
            assert_eq!(grader.is_in_band(&r.puzzle, band).unwrap(), band == full.band, "{band}");
            if band == full.band {
                assert_eq!(in_band.as_ref(), Some(&full), "{band}");
            } else {
                assert_eq!(in_band, None, "{} is {} not {band}", r.puzzle.to_line(), full.band);
            }
        }
    }
}

/// The quick test behind `is_in_band` for expert and extreme: singles,
/// locked candidates and forcing chains solve no puzzle SE rates 8.0 or
/// more (it proves an ER of 7.9 or less), and most of those it rates 7.2 or
/// less.
#[test]
fn chains_alone_solve_no_extreme_puzzle_and_most_easier_ones() {
    let mut grader = Grader::new();
    let (mut easier, mut solved) = (0, 0);
    for r in calibration_sample() {
        let by_chains = grader.solves_with_chains(&r.puzzle);
        if r.er >= 8.0 {
            assert!(!by_chains, "{} (SE {}) solved by chains", r.puzzle.to_line(), r.er);
        } else if r.er <= 7.2 {
            easier += 1;
            solved += usize::from(by_chains);
        }
    }
    assert!(easier >= 250 && solved * 100 >= easier * 95, "{solved} of {easier} solved by chains");
}

/// The 200 puzzles of SE 4.0–6.5 that serate rated with Sudoku Explainer
/// 1.2.1's technique set (`fixtures/grade/se121_sample.tsv`): on
/// `Scale::Se121` our ratings are serate's on that set, and on two thirds
/// of them they differ from the bank scale's, as serate's do.
#[test]
fn r33_the_se121_sample_is_rated_as_sudoku_explainer_1_2_1_rates_it() {
    let (mut se121, mut se) = (Grader::with_scale(Scale::Se121), Grader::new());
    let (mut n, mut er, mut ep, mut ed, mut moved) = (0, 0, 0, 0, 0);
    let mut misses = Vec::new();
    for line in fixture("se121_sample.tsv").lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let puzzle = Grid::parse_line(f[0]).unwrap();
        let want: Vec<f64> = f[1..4].iter().map(|x| x.parse().unwrap()).collect();
        let g = se121.grade(&puzzle).unwrap();
        let same = |a: f64, b: f64| (a - b).abs() < 0.01;
        n += 1;
        er += u32::from(same(g.er, want[0]));
        ep += u32::from(same(g.ep, want[1]));
        ed += u32::from(same(g.ed, want[2]));
        moved += u32::from(!same(se.grade(&puzzle).unwrap().er, g.er));
        if !same(g.er, want[0]) {
            misses.push(format!("{} ours {} SE {} ({})", f[0], g.er, want[0], f[4]));
        }
        // No step of the path uses a technique SE 1.2.1 lacks.
        let path = se121.grade_with(&puzzle, &GradeOptions { explain: true }).unwrap();
        assert!(path.steps.iter().all(|s| Scale::Se121.allows(s.technique)), "{}", f[0]);
    }
    assert_eq!(n, 200);
    // 200 of 200 agree today (184 before SE's cycle search: the misses were
    // loops SE's search does not reach, see chaining/cycles.rs).
    assert!(er >= 198, "ER equal on {er} of {n}:\n{}", misses.join("\n"));
    assert!(ep >= 198 && ed >= 198, "EP equal on {ep}, ED on {ed} of {n}");
    assert!(moved >= 100, "the scale changed only {moved} ratings of {n}");
}

/// `grade_until`: a flag never set gives `grade`'s grade; a flag set
/// before the first step stops it (a puzzle the checks refuse is refused
/// first); a flag set part-way by another thread (at several points of the
/// grade) gives the grade or `Stopped`, never another grade; and after a
/// stopped grade the same grader grades as a fresh one.
#[test]
fn a_grade_stops_at_its_flag_and_the_grader_grades_as_before_after_it() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let text = fixture("se_hardest_sample.tsv");
    // Two of the quickest of the hardest sample (a tenth of a second each),
    // and an easy one.
    let hardest = [
        "...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327",
        "...1....8.7......9..3.9.5....8.3...57....23.....4..6....6.8..5.4....1...2........",
    ];
    assert!(hardest.iter().all(|p| text.contains(p)), "from the sample");
    let mut puzzles: Vec<Grid> = hardest.iter().map(|p| p.parse().unwrap()).collect();
    puzzles.push(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse().unwrap(),
    );
    let options = GradeOptions::default();
    let mut grader = Grader::new();
    let (go, stop) = (AtomicBool::new(false), AtomicBool::new(true));
    let (mut stopped, mut finished) = (0, 0);
    for puzzle in &puzzles {
        let t = Instant::now();
        let reference = Grader::new().grade(puzzle).expect("rated");
        let full = t.elapsed();
        assert_eq!(grader.grade_until(puzzle, &options, &go).as_ref(), Ok(&reference));
        assert_eq!(grader.grade_until(puzzle, &options, &stop), Err(GradeError::Stopped));
        for k in 0..4u32 {
            let flag = Arc::new(AtomicBool::new(false));
            let setter = {
                let flag = flag.clone();
                std::thread::spawn(move || {
                    std::thread::sleep(full * k / 4 + Duration::from_micros(50));
                    flag.store(true, Ordering::Relaxed);
                })
            };
            match grader.grade_until(puzzle, &options, &flag) {
                Err(GradeError::Stopped) => stopped += 1,
                graded => {
                    assert_eq!(graded.as_ref(), Ok(&reference), "a grade cut short must say so");
                    finished += 1;
                }
            }
            setter.join().unwrap();
            assert_eq!(grader.grade(puzzle).as_ref(), Ok(&reference), "after a stop, as before");
        }
    }
    assert!(stopped > 0, "{stopped} stopped, {finished} finished");
    assert_eq!(grader.grade_until(&Grid::EMPTY, &options, &stop), Err(GradeError::NotUnique));
}
