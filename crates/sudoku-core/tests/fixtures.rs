//! Walks the shared fixtures: `fixtures/solve.txt` (counts and solutions
//! from an independent oracle) and `fixtures/invalid.txt` (malformed
//! inputs and the located error each must give).

use sudoku_core::{Grid, Solver};

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// One check per `puzzle:count:solution` line: the count up to a limit
/// above it, the lazy iterator's length, the first solution's validity and,
/// for unique puzzles, the exact solution.
fn check_solve(line_no: usize, line: &str, solver: &mut Solver) {
    let mut parts = line.split(':');
    let (puzzle, count, solution) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
    let puzzle = Grid::parse_line(puzzle).unwrap_or_else(|e| panic!("line {line_no}: {e}"));
    let count: u64 = count.parse().unwrap();
    assert_eq!(solver.count_solutions_up_to(&puzzle, count + 1), count, "line {line_no}: count");
    assert!(solver.stats().nodes >= 1, "line {line_no}: stats");
    assert_eq!(puzzle.solutions().count() as u64, count, "line {line_no}: iterator");
    let first = solver.solve_one(&puzzle);
    assert_eq!(first.is_some(), count > 0, "line {line_no}: solve_one");
    if let Some(s) = first {
        assert!(s.is_solution_of(&puzzle), "line {line_no}: invalid solution {s}");
    }
    if count == 1 {
        let expected = Grid::parse_line(solution).unwrap();
        assert_eq!(first, Some(expected), "line {line_no}");
        assert_eq!(solver.solve_unique(&puzzle), Some(expected), "line {line_no}");
    } else {
        assert_eq!(solver.solve_unique(&puzzle), None, "line {line_no}");
    }
}

#[test]
fn solve_fixtures_match_the_oracle() {
    let text = fixture("solve.txt");
    let mut solver = Solver::new();
    let mut n_by_kind = [0; 3];
    for (line_no, line) in data_lines(&text) {
        check_solve(line_no, line, &mut solver);
        let count: u64 = line.split(':').nth(1).unwrap().parse().unwrap();
        n_by_kind[count.min(2) as usize] += 1;
    }
    assert!(n_by_kind.iter().all(|&n| n >= 2), "fixtures cover 0, 1 and many: {n_by_kind:?}");
}

#[test]
fn invalid_fixtures_give_the_located_error() {
    let text = fixture("invalid.txt");
    let mut n = 0;
    for (line_no, line) in data_lines(&text) {
        let fields: Vec<&str> = line.splitn(4, '\t').collect();
        let [format, pos, message, input] = fields[..] else { panic!("line {line_no}: 4 fields expected") };
        let input = input.replace("\\n", "\n").replace("\\0", "\0");
        let result = match format {
            "line" => Grid::parse_line(&input),
            "block" => Grid::parse_block(&input),
            "noip" => Grid::parse_noip(&input),
            other => panic!("line {line_no}: unknown format {other}"),
        };
        let err = result.expect_err(&format!("line {line_no}: should fail"));
        assert_eq!(format!("{}:{}", err.line, err.column), pos, "line {line_no}: {err}");
        assert!(err.to_string().contains(message), "line {line_no}: {err:?} lacks {message:?}");
        n += 1;
    }
    assert!(n >= 15);
}

#[test]
fn contradictory_givens_are_reported_with_their_cells_and_have_no_solution() {
    let mut cells = [0u8; 81];
    cells[0] = 5;
    cells[80] = 5;
    cells[8] = 5;
    let g = Grid::from_array(cells).unwrap();
    let conflicts = g.conflicts();
    assert_eq!(conflicts.len(), 2);
    assert_eq!(conflicts[0].cells, [0, 8]);
    assert_eq!(conflicts[0].to_string(), "digit 5 twice in row 1 (r1c1 and r1c9)");
    assert_eq!(conflicts[1].to_string(), "digit 5 twice in column 9 (r1c9 and r9c9)");
    assert!(!g.is_consistent());
    assert_eq!(g.count_solutions_up_to(10), 0);
    assert_eq!(g.solve_one(), None);
}

#[test]
fn formats_round_trip_through_their_parsers() {
    let text = fixture("solve.txt");
    for (_, line) in data_lines(&text) {
        let g = Grid::parse_line(line.split(':').next().unwrap()).unwrap();
        assert_eq!(Grid::parse_line(&g.to_line()), Ok(g));
        assert_eq!(Grid::parse_line(&g.to_line_zeros()), Ok(g));
        assert_eq!(Grid::parse_block(&g.to_block()), Ok(g));
        assert_eq!(Grid::parse_block(&g.to_rows()), Ok(g));
        let noip: Vec<String> = g.to_array().iter().map(u8::to_string).collect();
        assert_eq!(Grid::parse_noip(&noip.join(" ")), Ok(g));
    }
}

#[test]
fn line_parser_accepts_bom_crlf_leading_space_comments_and_underscores() {
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let g = Grid::parse_line(p).unwrap();
    for variant in [
        format!("\u{feff}{p}"),
        format!("{p}\r\n"),
        format!("  \t{p}  "),
        format!("{p}#comment"),
        format!("{p} a comment with 123"),
        p.replace('.', "0"),
        p.replace('.', "_"),
    ] {
        assert_eq!(Grid::parse_line(&variant), Ok(g), "{variant:?}");
    }
}
