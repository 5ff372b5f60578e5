//! Walks the shared fixtures: `fixtures/solve.txt` (counts and solutions
//! from an independent oracle, each line through `util::check`) and
//! `fixtures/invalid.txt` (malformed inputs and the located error each must
//! give).

use sudoku_core::{Grid, Solver};

use crate::util::{check, data_lines, fixture_lines, fixture_text};

#[test]
fn solve_fixtures_match_the_oracle() {
    let mut solver = Solver::new();
    let mut n_by_kind = [0; 3];
    for line in fixture_lines("solve.txt") {
        check(&mut solver, &line);
        n_by_kind[line.count.min(2) as usize] += 1;
    }
    assert!(n_by_kind.iter().all(|&n| n >= 2), "fixtures cover 0, 1 and many: {n_by_kind:?}");
}

#[test]
fn invalid_fixtures_give_the_located_error() {
    let text = fixture_text("invalid.txt");
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
    assert_eq!(conflicts[0].cells.map(|c| c.index()), [0, 8]);
    assert_eq!(conflicts[0].to_string(), "digit 5 twice in row 1 (r1c1 and r1c9)");
    assert_eq!(conflicts[1].to_string(), "digit 5 twice in column 9 (r1c9 and r9c9)");
    assert!(!g.is_consistent());
    assert_eq!(g.count_solutions_up_to(10), 0);
    assert_eq!(g.solve_one(), None);
}

#[test]
fn formats_round_trip_through_their_parsers() {
    for line in fixture_lines("solve.txt") {
        let g = line.puzzle;
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
