//! sudokuwiki.org solver links: the puzzle packed into the `bd=` query
//! parameter of a solver page.
//!
//! Read (the page may be `.htm`, `.aspx`, `.asp` or `.html`, any case):
//!
//! - the classic solver, `https://www.sudokuwiki.org/sudoku.htm?bd=`
//!   followed by the 81 cells row by row, a digit 1-9 for a given and `0`
//!   for a blank: the form the site's own strategy pages link to and that
//!   public solver test suites quote (for one, `sudoku.htm?bd=01600780309…`
//!   in an Erlang solver's tests, whose board is written out cell by cell
//!   beside it; the unit test below uses it). `.` is taken for a blank as
//!   well;
//! - the X-sudoku solver, `sudokux.htm?bd=` (the site writes
//!   `SudokuX.aspx?bd=`) with the same 81 cells: the same givens, and both
//!   long diagonals as extra houses (rule `x`). Source: the site's
//!   Rectangle Elimination article, whose "Using the diagonals in Sudoku X"
//!   example links its puzzle "from the start" as
//!   `SudokuX.aspx?bd=105007093000000040…` (the unit test below);
//! - the killer solver, `killersudoku.htm?bd=` with cage colours and
//!   totals ([`killer`]).
//!
//! - the packed boards (`bd=S9B…`, and bare: classic, 6×6, X, windoku,
//!   disjoint groups, jigsaw, killer, killer jigsaw, 6×6 killer;
//!   [`packed`]) on any of the site's solver pages, saved positions
//!   included (the player's digits as `placed`).
//!
//! Refused by name, as their packing is not documented with an example
//! to check a reader against: killer positions with progress
//! (`bd=<162>,<162>`), the jigsaw page's numbered layouts (`shape=`,
//! `jigmap=`: a table of the site's own; the packed `J9B` form carries
//! its regions) and the other solvers' links (samurai, kakuro, ...):
//! guessing a packing could read a wrong puzzle. Other query parameters
//! are not part of the puzzle.

mod killer;
mod packed;

pub(super) use packed::is_packed;

use super::{Imported, InteropError};
use crate::{kind_named, Kinds, Puzzle};

/// The puzzle of a sudokuwiki.org link, or `None` when `link` is not one.
pub(super) fn from_sudokuwiki_link(link: &str) -> Option<Result<Imported, InteropError>> {
    if is_packed(link) {
        return packed::read(link).map(|read| read.map(|(puzzle, placed)| imported(puzzle, placed)));
    }
    let lower = link.to_ascii_lowercase();
    let host = lower.find("sudokuwiki.org")?;
    Some(read(&link[host..], &lower[host..]))
}

/// The solvers whose links are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Solver {
    Classic,
    X,
    Killer,
}

/// The solver of a page name (`sudoku.htm`); the site's root page is the
/// classic solver.
fn solver_of(page: &str) -> Option<Solver> {
    if page.is_empty() {
        return Some(Solver::Classic);
    }
    let (stem, extension) = page.split_once('.')?;
    if !matches!(extension, "htm" | "html" | "aspx" | "asp") {
        return None;
    }
    match stem {
        "sudoku" => Some(Solver::Classic),
        "sudokux" => Some(Solver::X),
        "killersudoku" => Some(Solver::Killer),
        _ => None,
    }
}

fn read(link: &str, lower: &str) -> Result<Imported, InteropError> {
    let path = lower.split(['?', '#']).next().unwrap_or_default();
    let page = path.rsplit('/').next().unwrap_or_default();
    let board = query_value(link, "bd=").ok_or_else(|| {
        InteropError::Link("a sudokuwiki.org link without a puzzle (expected ?bd=…)".into())
    })?;
    let board = super::links::percent_decode(board)?;
    if let Some(read) = packed::read(&board) {
        return read.map(|(puzzle, placed)| imported(puzzle, placed));
    }
    let solver = solver_of(page).ok_or_else(|| {
        InteropError::Unsupported(vec![format!(
            "sudokuwiki.org {page} links (read: the classic, X-sudoku and killer solvers' \
             sudoku.htm, sudokux.htm and killersudoku.htm ?bd=)"
        )])
    })?;
    let layout: Vec<&str> =
        ["shape=", "jigmap="].into_iter().filter(|k| query_value(link, k).is_some()).collect();
    if !layout.is_empty() {
        return Err(InteropError::Unsupported(vec![format!(
            "sudokuwiki.org jigsaw layouts ({}…)",
            layout.join("…, ")
        )]));
    }
    if board.starts_with(|c: char| c.is_ascii_alphabetic()) {
        let header: String = board.chars().take(3).collect();
        return Err(InteropError::Unsupported(vec![format!(
            "sudokuwiki.org boards bd={header}… (read: 81 digits, or a packed board such as S9B…)"
        )]));
    }
    let puzzle = match solver {
        Solver::Classic => givens(&board)?,
        Solver::X => {
            let mut rules = Kinds::NONE;
            rules.insert(kind_named("x").expect("x is registered"));
            givens(&board)?.with_rules(rules)?
        }
        Solver::Killer => killer::read(&board)?,
    };
    Ok(imported(puzzle, None))
}

/// A puzzle read from a link, and the digits a player placed, if any.
fn imported(puzzle: Puzzle, placed: Option<Vec<u8>>) -> Imported {
    Imported { puzzle, solution: None, title: None, author: None, ruleset: None, placed }
}

/// A classic grid of 81 digits, `0` or `.` for a blank.
fn givens(board: &str) -> Result<Puzzle, InteropError> {
    if board.chars().count() != 81 || !board.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(InteropError::Field {
            field: "bd".into(),
            why: format!("expected 81 digits (0 for a blank), found {} characters", board.chars().count()),
        });
    }
    Ok(Puzzle::parse_line(board, Some(9))?)
}

/// The cells of one colour joined by sides (an `n`×`n` grid's colours
/// row by row): each area's cells sorted, the areas in the order of
/// their first cell. A killer link's cages.
fn same_colour_areas(colours: &[u32], n: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n * n];
    let mut out = Vec::new();
    for start in 0..n * n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut cells = vec![start];
        let mut next = 0;
        while let Some(&cell) = cells.get(next) {
            next += 1;
            let (r, c) = (cell / n, cell % n);
            let sides = [
                (r > 0).then(|| cell - n),
                (r + 1 < n).then(|| cell + n),
                (c > 0).then(|| cell - 1),
                (c + 1 < n).then(|| cell + 1),
            ];
            for side in sides.into_iter().flatten() {
                if !seen[side] && colours[side] == colours[cell] {
                    seen[side] = true;
                    cells.push(side);
                }
            }
        }
        cells.sort_unstable();
        out.push(cells);
    }
    out
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
    use crate::kind_named;

    /// A link quoted in public code (an Erlang solver's tests), its 81
    /// cells checked here by hand: row 1 is `.16..78.3`.
    const LINK: &str = "http://www.sudokuwiki.org/sudoku.htm?bd=016007803090800000870001260048000300650009082039000650060900020080002936924600510";

    fn err(link: &str) -> String {
        from_sudokuwiki_link(link).expect("a sudokuwiki link").unwrap_err().to_string()
    }

    #[test]
    fn reads_the_classic_solver_link() {
        let imported = from_sudokuwiki_link(LINK).expect("a sudokuwiki link").unwrap();
        assert_eq!(imported.puzzle.size(), 9);
        assert!(imported.puzzle.is_classic());
        assert_eq!(&imported.puzzle.givens()[..9], &[0, 1, 6, 0, 0, 7, 8, 0, 3]);
        assert_eq!(imported.puzzle.givens()[80], 0);
        assert_eq!(imported.puzzle.givens().iter().filter(|&&d| d != 0).count(), 38);
    }

    /// The "from the start" link of the X-sudoku example in sudokuwiki's
    /// Rectangle Elimination article; its rows read by hand from the
    /// link's digits.
    #[test]
    fn reads_the_x_sudoku_solver_link() {
        let link = "https://www.sudokuwiki.org/SudokuX.aspx?bd=105007093000000040040630200700000000000403000000000009006004010010000700080300904";
        let rows: [[u8; 9]; 9] = [
            [1, 0, 5, 0, 0, 7, 0, 9, 3],
            [0, 0, 0, 0, 0, 0, 0, 4, 0],
            [0, 4, 0, 6, 3, 0, 2, 0, 0],
            [7, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 4, 0, 3, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 9],
            [0, 0, 6, 0, 0, 4, 0, 1, 0],
            [0, 1, 0, 0, 0, 0, 7, 0, 0],
            [0, 8, 0, 3, 0, 0, 9, 0, 4],
        ];
        let puzzle = from_sudokuwiki_link(link).expect("a sudokuwiki link").unwrap().puzzle;
        assert_eq!(puzzle.givens(), rows.concat().as_slice());
        assert!(matches!(puzzle.layout(), crate::Layout::Boxes { rows: 3, cols: 3 }));
        assert!(puzzle.rules().contains(kind_named("x").unwrap()));
        assert_eq!(puzzle.rules().iter().count(), 1);
        assert!(puzzle.constraints().is_empty());
        // The same digits on the classic page are a classic puzzle.
        let classic = from_sudokuwiki_link(&link.replace("SudokuX.aspx", "sudoku.htm")).unwrap().unwrap();
        assert!(classic.puzzle.is_classic());
        assert_eq!(classic.puzzle.givens(), puzzle.givens());
    }

    #[test]
    fn refuses_other_forms_by_name() {
        assert!(from_sudokuwiki_link("https://sudokupad.app/x").is_none());
        assert!(err("https://www.sudokuwiki.org/jigsaw.htm?bd=0123").contains("jigsaw.htm"));
        assert!(err("https://www.sudokuwiki.org/Samurai.aspx?bd=0").contains("samurai.aspx"));
        assert!(err("https://www.sudokuwiki.org/sudoku.htm?bd=S9B4s010g").contains("S9B"));
        assert!(err("https://www.sudokuwiki.org/SudokuX.aspx?bd=X9B011g0544").contains("X9B"));
        assert!(err("https://www.sudokuwiki.org/killersudoku.htm?bd=L9B0jdd00ep").contains("L9B"));
        assert!(err(&format!("{LINK}&shape=3")).contains("jigsaw layouts (shape="));
        assert!(err(&format!("{LINK}&jigmap=1")).contains("jigmap="));
        assert!(err("https://www.sudokuwiki.org/sudoku.htm?bd=0123").contains("81 digits"));
        assert!(err("https://www.sudokuwiki.org/sudokux.htm?bd=0123").contains("81 digits"));
        assert!(err("https://www.sudokuwiki.org/sudoku.htm").contains("without a puzzle"));
        assert!(err("https://www.sudokuwiki.org/sudoku.htm?bd=01%2").contains("percent-escape"));
        assert!(from_sudokuwiki_link(&LINK.replace("bd=016", "bd=x16")).unwrap().is_err());
        assert!(from_sudokuwiki_link(&LINK.replace("bd=016", "bd=é16")).unwrap().is_err());
    }
}
