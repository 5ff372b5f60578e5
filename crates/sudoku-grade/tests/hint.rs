//! Hints from positions: sound steps, the grader's rating when followed
//! from the givens, mistakes found, every status.

use sudoku_core::{Candidates, Grid, Position};
use sudoku_grade::hint::{Hint, Level, Mistake, Status};
use sudoku_grade::{GradeOptions, Grader};

use crate::util::fixture;

/// Every 8th puzzle of the calibration sample: all bands.
fn sample() -> Vec<Grid> {
    fixture("se_calibration_sample.csv")
        .lines()
        .skip(1)
        .step_by(8)
        .map(|l| Grid::parse_line(l.split(',').next().unwrap()).unwrap())
        .collect()
}

#[test]
fn hints_followed_from_the_givens_are_sound_and_rate_the_puzzle_as_grade_does() {
    let mut grader = Grader::new();
    let mut differ = Vec::new();
    for puzzle in sample() {
        // The solution from the core solver, not from the grader.
        let solution = puzzle.solve_unique().unwrap();
        let er = grader.grade(&puzzle).unwrap().er;
        let mut p = Position::from_givens(puzzle);
        let mut hardest: f64 = 0.0;
        for _ in 0..400 {
            let h = grader.hint(&p, Level::Full);
            if h.status == Status::Solved {
                break;
            }
            assert_eq!(h.status, Status::Hint, "{}: {}", puzzle.to_line(), h.text);
            assert!(!h.placements.is_empty() || !h.eliminations.is_empty(), "{}", h.text);
            for x in &h.placements {
                assert_eq!(solution.get(x.cell_idx), Some(x.digit), "{}", h.text);
            }
            for x in &h.eliminations {
                assert_ne!(solution.get(x.cell_idx), Some(x.digit), "{}", h.text);
            }
            hardest = hardest.max(h.difficulty.unwrap());
            p = h.apply_to(&p);
        }
        assert_eq!(*p.placed(), solution);
        if hardest != er {
            differ.push(format!("{}: grade {er}, hints {hardest}", puzzle.to_line()));
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
}

#[test]
fn mistakes_come_first_and_keep_the_answer_back_unless_asked() {
    let puzzle = sample()[10];
    let solution = puzzle.solve_unique().unwrap();
    let open: Vec<usize> = (0..81).filter(|&c| puzzle.get(c).is_none()).collect();
    // A wrong digit in the first open cell.
    let (c, right) = (open[0], solution.get(open[0]).unwrap());
    let wrong = right % 9 + 1;
    let mut placed = puzzle;
    placed.set(c, wrong);
    let p = Position::new(puzzle, &placed, None).unwrap();
    let h = Grader::new().hint(&p, Level::Technique);
    assert_eq!(h.status, Status::Mistakes);
    assert_eq!(h.mistakes, [Mistake::WrongDigit { cell_idx: c, placed: wrong, correct: None }]);
    assert!(!h.text.contains(&format!("it is {right}")), "{}", h.text);
    let h = Grader::new().hint(&p, Level::Full);
    assert_eq!(h.mistakes, [Mistake::WrongDigit { cell_idx: c, placed: wrong, correct: Some(right) }]);
    // The answer erased from the second open cell's pencil marks.
    let c2 = open[1];
    let mut marks = puzzle.candidates();
    marks[c2] = marks[c2].without(Candidates::single(solution.get(c2).unwrap()));
    let p = Position::new(puzzle, &puzzle, Some(marks)).unwrap();
    let h = Grader::new().hint(&p, Level::Nudge);
    assert_eq!(h.status, Status::Mistakes);
    assert_eq!(h.mistakes, [Mistake::ErasedCandidate { cell_idx: c2, digit: None }]);
}

#[test]
fn every_status_and_level() {
    let mut g = Grader::new();
    let puzzle = sample()[20];
    let solution = puzzle.solve_unique().unwrap();
    assert_eq!(g.hint(&Position::from_givens(solution), Level::Full).status, Status::Solved);
    // A given that repeats a digit of its row, column or box.
    let mut clash = puzzle;
    let a = (0..81).find(|&c| puzzle.get(c).is_none()).unwrap();
    let peer_digit = |d: u8| sudoku_core::PEERS[a].iter().any(|&q| puzzle.get(q as usize) == Some(d));
    let d = (1..=9).find(|&d| peer_digit(d)).unwrap();
    clash.set(a, d);
    assert_eq!(g.hint(&Position::from_givens(clash), Level::Full).status, Status::Invalid);
    assert_eq!(g.hint(&Position::from_givens(Grid::EMPTY), Level::Full).status, Status::NotUnique);
    let dead: Grid =
        "12345678.........9........................................................................"[..81]
            .parse()
            .unwrap();
    assert_eq!(g.hint(&Position::from_givens(dead), Level::Full).status, Status::NoSolution);
    let p = Position::from_givens(puzzle);
    let nudge = g.hint(&p, Level::Nudge);
    assert!(nudge.technique.is_none() && nudge.placements.is_empty() && nudge.text.starts_with("Look at "));
    let technique = g.hint(&p, Level::Technique);
    assert!(
        technique.technique.is_some() && technique.placements.is_empty() && technique.eliminations.is_empty()
    );
    let full = g.hint(&p, Level::Full);
    assert!(full.technique.is_some() && !full.pattern.is_empty());
    assert!(!full.placements.is_empty() || !full.eliminations.is_empty());
}

/// `grade --explain`'s path, round by round (the steps found on one grid
/// and taken together): from the grid at the start of each round, the hint
/// is that round's first easiest step, and taking the round's conclusions
/// leads to the next round's grid, to the end.
#[test]
fn hints_reproduce_grade_s_path_round_by_round() {
    let mut grader = Grader::new();
    let mut rounds = 0;
    for puzzle in sample() {
        let grade = grader.grade_with(&puzzle, &GradeOptions { explain: true }).unwrap();
        let mut p = Position::from_givens(puzzle);
        let mut hardest: f64 = 0.0;
        for round in grade.steps.chunk_by(|a, b| a.round == b.round) {
            rounds += 1;
            let h = grader.hint(&p, Level::Full);
            assert_eq!(h.status, Status::Hint, "{}", puzzle.to_line());
            let easiest = round.iter().map(|s| s.difficulty).fold(f64::MAX, f64::min);
            let step = round.iter().find(|s| s.difficulty == easiest).unwrap();
            let at = format!("{} round {}: grade {step}, hint {}", puzzle.to_line(), step.round, h.text);
            if easiest <= 1.5 {
                // Singles: once the rating is above theirs the grader takes
                // them all as one (shown as it met each); the hint gives the
                // easiest view of one of them.
                assert!(h.difficulty.unwrap() <= easiest, "{at}");
                assert!(h.eliminations.is_empty(), "{at}");
                assert!(h.placements.iter().all(|x| round.iter().any(|s| s.placements.contains(x))), "{at}");
            } else {
                assert_eq!(h.difficulty, Some(step.difficulty), "{at}");
                assert_eq!(h.technique, Some(step.technique), "{at}");
                assert!(h.text.contains(&step.pattern), "{at}");
                assert_eq!((&h.placements, &h.eliminations), (&step.placements, &step.eliminations), "{at}");
            }
            hardest = hardest.max(round.iter().map(|s| s.difficulty).fold(0.0, f64::max));
            // The whole round, as the grader takes it.
            let taken = Hint {
                placements: round.iter().flat_map(|s| s.placements.clone()).collect(),
                eliminations: round.iter().flat_map(|s| s.eliminations.clone()).collect(),
                ..h
            };
            p = taken.apply_to(&p);
        }
        assert_eq!(grader.hint(&p, Level::Full).status, Status::Solved, "{}", puzzle.to_line());
        assert_eq!(hardest, grade.er, "{}", puzzle.to_line());
    }
    assert!(rounds > 1000, "{rounds} rounds");
}
