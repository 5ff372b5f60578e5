//! Fuzz target: the position reader of `sudoku-io` and the hints of
//! `sudoku-grade` on any text never panic; every record is located on a
//! line of the input, each after the one before; every position read writes
//! out (Sukaku line, pencil grid, JSON) and reads back the same; and a hint
//! on it gives a status, and a sound step when it gives one. And records in
//! = records out, or an error that names a line: in `givens[,placed]` input
//! each line that is not blank or a `#` comment (counted apart from the
//! reader) is one record, on its line.
#![no_main]

use libfuzzer_sys::fuzz_target;

use sudoku_core::Position;
use sudoku_grade::hint::{Level, Status};
use sudoku_grade::Grader;
use sudoku_io::{position_json, positions, PositionFormat};

fuzz_target!(|data: &[u8]| {
    let n_lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
    let all: Vec<_> = positions(data, "fuzz", PositionFormat::GivensPlaced).collect();
    let too_long = |e: &sudoku_io::RecordError| e.message.starts_with("line longer than");
    if !all.iter().any(|r| r.position.as_ref().is_err_and(too_long)) {
        let expected: Vec<usize> = data
            .split(|&b| b == b'\n')
            .enumerate()
            .filter(|&(k, l)| !blank_or_comment(l) && !(k + 1 == n_lines && l.is_empty()))
            .map(|(k, _)| k + 1)
            .collect();
        let got: Vec<usize> = all.iter().map(|r| r.line).collect();
        assert_eq!(got, expected, "records in = records out");
    }
    let mut last_line = 0;
    let mut grader = Grader::new();
    for r in positions(data, "fuzz", PositionFormat::Auto).take(4) {
        assert!(r.line > last_line && r.line <= n_lines, "record at line {} after {last_line}", r.line);
        last_line = r.line;
        let p = match r.position {
            Ok(p) => p,
            Err(e) => {
                assert!(e.line >= 1 && e.line <= n_lines, "{e}");
                continue;
            }
        };
        let sukaku = Position::parse(&p.to_sukaku()).expect("the Sukaku line reads back");
        assert_eq!(sukaku.candidates(), p.candidates());
        let grid = Position::parse(&p.to_pencil_grid()).expect("the pencil grid reads back");
        assert_eq!(grid.candidates(), p.candidates());
        let json = position_json(&p).to_string();
        let back: Vec<_> = positions(json.as_bytes(), "json", PositionFormat::Json).collect();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].position.as_ref().expect("the JSON reads back"), &p);
        let h = grader.hint(&p, Level::Full);
        if h.status == Status::Hint {
            assert!(!h.placements.is_empty() || !h.eliminations.is_empty(), "{}", h.text);
            let solution = p.givens().solve_unique().expect("a hint means unique givens");
            for x in &h.placements {
                assert_eq!(solution.get(x.cell), Some(x.digit), "{}", h.text);
            }
            for x in &h.eliminations {
                assert_ne!(solution.get(x.cell), Some(x.digit), "{}", h.text);
            }
        }
    }
});

/// A blank line or a `#` comment (not a border line drawn with `#`), as
/// text; a line that is not UTF-8 is a record (a malformed one).
fn blank_or_comment(line: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(line) else { return false };
    let text = text.trim_end_matches('\r');
    let t = text.trim();
    let border = text.chars().all(|c| "-+=*.:'|# \t".contains(c));
    t.is_empty() || text.trim_start().starts_with('#') && !border
}
