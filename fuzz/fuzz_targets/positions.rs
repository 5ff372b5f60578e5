//! Fuzz target: the position reader of `sudoku-io` and the hints of
//! `sudoku-grade` on any text never panic; every record is located on a
//! line of the input, each after the one before; every position read writes
//! out (Sukaku line, pencil grid, JSON) and reads back the same; and a hint
//! on it gives a status, and a sound step when it gives one.
#![no_main]

use libfuzzer_sys::fuzz_target;

use sudoku_core::Position;
use sudoku_grade::hint::{Level, Status};
use sudoku_grade::Grader;
use sudoku_io::{position_json, positions, PositionFormat};

fuzz_target!(|data: &[u8]| {
    let n_lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
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
                assert_eq!(solution.get(x.cell_idx), Some(x.digit), "{}", h.text);
            }
            for x in &h.eliminations {
                assert_ne!(solution.get(x.cell_idx), Some(x.digit), "{}", h.text);
            }
        }
    }
});
