//! sudokuwiki.org solver links: the puzzle packed into the `bd=` query
//! parameter of a solver page.
//!
//! Read: the classic solver's form, `https://www.sudokuwiki.org/sudoku.htm?bd=`
//! followed by the 81 cells row by row, a digit 1-9 for a given and `0`
//! for a blank: the form the site's own strategy pages link to and that
//! public solver test suites quote (for one, `sudoku.htm?bd=01600780309…`
//! in an Erlang solver's tests, whose board is written out cell by cell
//! beside it; the unit test below uses it). `.` is taken for a blank as
//! well. The page may be `sudoku.htm`, `sudoku.aspx` or
//! `sudoku.asp`, any case.
//!
//! Refused by name, as their packing is not documented exactly in public
//! sources: the solver's saved positions with candidates (`bd=S9B…`), and
//! the other solvers' links (`killersudoku.htm?bd=<cage colours>,<totals>`,
//! jigsaw, X-sudoku, samurai, ...): their puzzles are a different kind,
//! and guessing the cage or region packing could read a wrong puzzle.

use super::{Imported, InteropError};
use crate::Puzzle;

/// The puzzle of a sudokuwiki.org link, or `None` when `link` is not one.
pub(super) fn from_sudokuwiki_link(link: &str) -> Option<Result<Imported, InteropError>> {
    let lower = link.to_ascii_lowercase();
    let host = lower.find("sudokuwiki.org")?;
    Some(read(&link[host..], &lower[host..]))
}

fn read(link: &str, lower: &str) -> Result<Imported, InteropError> {
    let path = lower.split(['?', '#']).next().unwrap_or_default();
    let page = path.rsplit('/').next().unwrap_or_default();
    let board = query_value(link, "bd=").ok_or_else(|| {
        InteropError::Link("a sudokuwiki.org link without a puzzle (expected ?bd=…)".into())
    })?;
    if !matches!(page, "sudoku.htm" | "sudoku.aspx" | "sudoku.asp" | "sudoku.html" | "") {
        return Err(InteropError::Unsupported(vec![format!(
            "sudokuwiki.org {page} links (only the classic solver's sudoku.htm?bd= is read)"
        )]));
    }
    if board.starts_with("S9B") || board.starts_with("s9b") {
        return Err(InteropError::Unsupported(vec![
            "sudokuwiki.org saved positions with candidates (bd=S9B…); use the puzzle's start link".into(),
        ]));
    }
    if board.chars().count() != 81 || !board.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(InteropError::Field {
            field: "bd".into(),
            why: format!("expected 81 digits (0 for a blank), found {} characters", board.chars().count()),
        });
    }
    let puzzle = Puzzle::parse_line(board, Some(9))?;
    Ok(Imported { puzzle, solution: None, title: None, author: None, ruleset: None })
}

/// The value of a query parameter (`key` includes the `=`), up to `&` or
/// `#`.
fn query_value<'a>(link: &'a str, key: &str) -> Option<&'a str> {
    let query = &link[link.find('?')? + 1..];
    query.split(['&', '#']).find_map(|part| {
        let (name, value) = part.split_at(part.find('=')? + 1);
        name.eq_ignore_ascii_case(key).then_some(value)
    })
}

#[cfg(test)]
mod tests {
    use super::from_sudokuwiki_link;

    /// A link quoted in public code (an Erlang solver's tests), its 81
    /// cells checked here by hand: row 1 is `.16..78.3`.
    const LINK: &str = "http://www.sudokuwiki.org/sudoku.htm?bd=016007803090800000870001260048000300650009082039000650060900020080002936924600510";

    #[test]
    fn reads_the_classic_solver_link() {
        let imported = from_sudokuwiki_link(LINK).expect("a sudokuwiki link").unwrap();
        assert_eq!(imported.puzzle.size(), 9);
        assert!(imported.puzzle.is_classic());
        assert_eq!(&imported.puzzle.givens()[..9], &[0, 1, 6, 0, 0, 7, 8, 0, 3]);
        assert_eq!(imported.puzzle.givens()[80], 0);
        assert_eq!(imported.puzzle.givens().iter().filter(|&&d| d != 0).count(), 38);
    }

    #[test]
    fn refuses_other_forms_by_name() {
        assert!(from_sudokuwiki_link("https://sudokupad.app/x").is_none());
        let err =
            |link: &str| from_sudokuwiki_link(link).expect("a sudokuwiki link").unwrap_err().to_string();
        assert!(err("https://www.sudokuwiki.org/killersudoku.htm?bd=111,0800").contains("killersudoku.htm"));
        assert!(err("https://www.sudokuwiki.org/sudoku.htm?bd=S9B4s010g").contains("S9B"));
        assert!(err("https://www.sudokuwiki.org/sudoku.htm?bd=0123").contains("81 digits"));
        assert!(err("https://www.sudokuwiki.org/sudoku.htm").contains("without a puzzle"));
        assert!(from_sudokuwiki_link(&LINK.replace("bd=016", "bd=x16")).unwrap().is_err());
    }
}
