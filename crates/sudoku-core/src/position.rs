//! A player's position: the givens, the digits placed since, and
//! optionally the player's own pencil marks; and its text forms.
//!
//! ```
//! use sudoku_core::{Cell, Position};
//! let givens = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let placed = "4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let p = Position::parse(&format!("{givens},{placed}")).unwrap();
//! assert_eq!(p.placed().get(Cell::ALL[0]).map(|d| d.get()), Some(4));
//! assert_eq!(Position::parse(&p.to_sukaku()).unwrap().candidates(), p.candidates());
//! ```

use crate::{Candidate, Candidates, Cell, Digit, Grid};

/// Where a position's text is wrong, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct PositionError {
    /// 1-based line in the text given to the parser.
    pub line: usize,
    /// 1-based column; 0 when the error is not at one character.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

fn error(line: usize, column: usize, message: impl Into<String>) -> PositionError {
    PositionError { line, column, message: message.into() }
}

/// The givens, the digits on the board (givens included), and the
/// player's candidates of the open cells when they keep pencil marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    givens: Grid,
    placed: Grid,
    marks: Option<[Candidates; 81]>,
}

impl Position {
    /// The position at the start: the givens only, no pencil marks.
    pub fn from_givens(givens: Grid) -> Position {
        Position { givens, placed: givens, marks: None }
    }

    /// A position from its parts. `placed` may leave out the givens; a
    /// placed digit that differs from a given is an error (column = cell
    /// + 1). The marks of a cell that holds a digit are ignored.
    pub fn new(
        givens: Grid,
        placed: &Grid,
        marks: Option<[Candidates; 81]>,
    ) -> Result<Position, PositionError> {
        let mut all = givens;
        for c in Cell::ALL {
            match (givens.get(c), placed.get(c)) {
                (Some(g), Some(p)) if g != p => {
                    return Err(error(1, c.index() + 1, format!("{c} is a given {g}, the position has {p}")))
                }
                (None, Some(p)) => all.set(c, p),
                _ => {}
            }
        }
        let marks = marks.map(|m| Cell::ALL.map(|c| all.get(c).map_or(m[c], Candidates::single)));
        Ok(Position { givens, placed: all, marks })
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Every digit on the board, givens included.
    pub fn placed(&self) -> &Grid {
        &self.placed
    }

    /// The player's pencil marks, if the position has them.
    pub fn marks(&self) -> Option<&[Candidates; 81]> {
        self.marks.as_ref()
    }

    /// Whether the givens are only what the pencil marks show: the cells
    /// with one candidate, and nothing placed since. The Sukaku line and
    /// the pencil-mark grid have no givens and are read so (and so is
    /// their JSON form), so such givens may hold the player's own digits,
    /// and the player's mistakes.
    pub fn givens_from_marks(&self) -> bool {
        self.marks.is_some_and(|m| {
            self.placed == self.givens
                && Cell::ALL.iter().all(|&c| self.givens.get(c).is_some() == (m[c].len() == 1))
        })
    }

    /// The candidates of each cell: the player's marks when there are some,
    /// else every digit the placed digits of its row, column and box leave.
    /// A filled cell holds its digit.
    pub fn candidates(&self) -> [Candidates; 81] {
        self.marks.unwrap_or_else(|| self.placed.candidates())
    }

    /// Reads any of the text forms, told apart by their shape: a JSON
    /// object is not read here (see the CLI); 729 cell characters are the
    /// Sukaku line, `givens[,placed]` is one or two 81-cell lines, and
    /// anything else is a pencil-mark grid.
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        let t = text.trim();
        if !t.contains('\n') && t.chars().filter(|c| !c.is_whitespace()).count() == 729 {
            Position::parse_sukaku(t)
        } else if !t.contains('\n') && !t.contains(char::is_whitespace) {
            Position::parse_givens_placed(t)
        } else {
            Position::parse_pencil_grid(text)
        }
    }

    /// `givens[,placed]`: an 81-cell line, optionally a comma and an
    /// 81-cell line with the digits on the board now.
    pub fn parse_givens_placed(line: &str) -> Result<Position, PositionError> {
        let (g, p) = match line.split_once(',') {
            Some((g, p)) => (g, Some(p)),
            None => (line, None),
        };
        let at = |offset: usize| move |e: crate::ParseError| error(1, e.column + offset, e.kind.to_string());
        let givens = Grid::parse_line(g.trim_end()).map_err(at(0))?;
        let Some(p) = p else { return Ok(Position::from_givens(givens)) };
        let placed = Grid::parse_line(p.trim_end()).map_err(at(g.chars().count() + 1))?;
        Position::new(givens, &placed, None)
            .map_err(|e| error(1, g.chars().count() + 1 + e.column, e.message))
    }

    /// The Sukaku line: 729 characters, 9 a cell from r1c1 to r9c9; the
    /// k-th of a cell is the digit k or `.`/`0` when it is not a candidate.
    /// Spaces are ignored. A cell with one candidate holds that digit.
    pub fn parse_sukaku(line: &str) -> Result<Position, PositionError> {
        let mut marks = [Candidates::NONE; 81];
        let mut n = 0;
        for (i, ch) in line.chars().enumerate() {
            if ch.is_whitespace() {
                continue;
            }
            // The n-th character is candidate n in cell-then-digit order.
            let Some(Candidate { cell, digit }) = Candidate::from_index(n) else {
                return Err(error(1, i + 1, "more than 729 candidate characters"));
            };
            match ch {
                '.' | '0' => {}
                '1'..='9' if ch.to_digit(10) == Some(u32::from(digit.get())) => {
                    marks[cell] = marks[cell].with(digit);
                }
                _ => {
                    return Err(error(
                        1,
                        i + 1,
                        format!("unexpected {ch:?}, expected {digit} or . (candidate {digit} of {cell})"),
                    ))
                }
            }
            n += 1;
        }
        if n != 729 {
            return Err(error(1, 0, format!("{n} candidate characters, expected 729 (9 per cell)")));
        }
        Ok(Position::from_marks(marks))
    }

    /// A pencil-mark grid: 9 rows of 9 cells, each cell its candidates
    /// (`1245`), cells separated by spaces or `|`; lines of box borders
    /// (`-`, `+`, `=`, `*`, `.`, `:`, `'`, `|`, `#`, spaces) are skipped. A cell with
    /// one digit holds it.
    pub fn parse_pencil_grid(text: &str) -> Result<Position, PositionError> {
        let mut marks = [Candidates::NONE; 81];
        let mut rows = 0;
        for (i, line) in text.lines().enumerate() {
            let is_border = line.chars().all(|c| "-+=*.:'|# \t".contains(c));
            if is_border {
                continue;
            }
            if rows == 9 {
                return Err(error(i + 1, 1, "more than 9 rows"));
            }
            let mut n = 0;
            let mut col = 0;
            for (start, token) in tokens(line) {
                if n == 9 {
                    return Err(error(i + 1, start + 1, "more than 9 cells in this row"));
                }
                let mut m = Candidates::NONE;
                // `0`: a cell with no candidate left (a contradiction).
                let digits = if token == "0" { "" } else { token };
                for (k, ch) in digits.chars().enumerate() {
                    match ch.to_digit(10).and_then(|d| Digit::new(d as u8)) {
                        Some(d) => m = m.with(d),
                        _ => {
                            return Err(error(
                                i + 1,
                                start + k + 1,
                                format!("unexpected {ch:?}, expected a digit 1-9"),
                            ))
                        }
                    }
                }
                marks[Cell::row_cells(rows)[n]] = m;
                n += 1;
                col = start;
            }
            if n != 9 {
                return Err(error(i + 1, col + 1, format!("{n} cells in this row, expected 9")));
            }
            rows += 1;
        }
        if rows != 9 {
            return Err(error(text.lines().count().max(1), 0, format!("{rows} rows of cells, expected 9")));
        }
        Ok(Position::from_marks(marks))
    }

    /// A position from candidates alone (no givens known): cells with one
    /// candidate hold it and count as givens. A cell with no candidate is
    /// kept: a contradiction is a position like any other (a hint reports
    /// it), and every position a player's digits can leave must write out
    /// and read back.
    fn from_marks(marks: [Candidates; 81]) -> Position {
        let mut givens = Grid::EMPTY;
        for c in Cell::ALL {
            givens.set(c, marks[c].single_digit());
        }
        Position { givens, placed: givens, marks: Some(marks) }
    }

    /// The Sukaku line of the position's candidates.
    pub fn to_sukaku(&self) -> String {
        let cands = self.candidates();
        let mut s = String::with_capacity(729);
        for m in cands {
            for d in Digit::ALL {
                s.push(if m.contains(d) { char::from(b'0' + d.get()) } else { '.' });
            }
        }
        s
    }

    /// The candidates as a pencil-mark grid: 9 lines, `|` between boxes, a
    /// border line between bands.
    pub fn to_pencil_grid(&self) -> String {
        // `0` for a cell with no candidate left.
        let cells: Vec<String> = self
            .candidates()
            .iter()
            .map(|m| {
                if m.is_empty() {
                    "0".to_string()
                } else {
                    m.iter().map(|d| char::from(b'0' + d.get())).collect()
                }
            })
            .collect();
        let rows: Vec<&[String]> = cells.chunks_exact(9).collect();
        let width: Vec<usize> =
            (0..9).map(|col| rows.iter().map(|row| row[col].len()).max().unwrap_or(1)).collect();
        let mut out = String::new();
        for (r, row) in rows.iter().enumerate() {
            if r == 3 || r == 6 {
                let dashes: Vec<String> = (0..3)
                    .map(|b| "-".repeat((0..3).map(|k| width[b * 3 + k] + 1).sum::<usize>() + 1))
                    .collect();
                out.push_str(dashes.join("+").trim_matches('-'));
                out.push('\n');
            }
            let mut line = String::new();
            for col in 0..9 {
                if col == 3 || col == 6 {
                    line.push_str(" |");
                }
                line.push(' ');
                line.push_str(&format!("{:<w$}", row[col], w = width[col]));
            }
            out.push_str(line.trim());
            out.push('\n');
        }
        out
    }

    /// `givens,placed`, blanks as `.`.
    pub fn to_givens_placed(&self) -> String {
        format!("{},{}", self.givens.to_line(), self.placed.to_line())
    }
}

/// The whitespace- or `|`-separated tokens of `line`, with their start
/// (in characters).
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let sep = |c: char| c.is_whitespace() || c == '|';
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if sep(chars[i].1) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !sep(chars[i].1) {
            i += 1;
        }
        let end = chars.get(i).map_or(line.len(), |x| x.0);
        out.push((start, &line[chars[start].0..end]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GIVENS: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const PLACED: &str = "4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn marked() -> Position {
        let givens: Grid = GIVENS.parse().unwrap();
        let placed: Grid = PLACED.parse().unwrap();
        let mut marks = placed.candidates();
        // The player erased a 5 somewhere.
        let five = Digit::new(5).unwrap();
        let c = (0..81).find(|&c| marks[c].len() > 2 && marks[c].contains(five)).unwrap();
        marks[c] = marks[c].without(Candidates::single(five));
        Position::new(givens, &placed, Some(marks)).unwrap()
    }

    #[test]
    fn every_text_form_reads_back_what_it_wrote() {
        let p = marked();
        let from_sukaku = Position::parse(&p.to_sukaku()).unwrap();
        assert_eq!(from_sukaku.candidates(), p.candidates());
        let from_grid = Position::parse(&p.to_pencil_grid()).unwrap();
        assert_eq!(from_grid.candidates(), p.candidates());
        assert_eq!(from_grid, from_sukaku);
        let plain = Position::parse(&format!("{GIVENS},{PLACED}")).unwrap();
        assert_eq!(Position::parse(&plain.to_givens_placed()).unwrap(), plain);
        assert_eq!(plain.placed().to_line(), PLACED);
        assert_eq!(plain.givens().to_line(), GIVENS);
    }

    #[test]
    fn the_pencil_grid_reads_hodoku_borders() {
        let p = marked();
        let grid = p.to_pencil_grid();
        assert_eq!(grid.lines().count(), 11);
        let boxed = format!(".---.\n{}'---'\n", grid.replace('\n', "\n:\n"));
        assert_eq!(Position::parse(&boxed).unwrap().candidates(), p.candidates());
    }

    #[test]
    fn a_contradiction_writes_out_and_reads_back() {
        // Found by the fuzzer: these digits leave r2c3 with no candidate.
        let givens = "..3.2.6..9..3.5..1..18.64....81.29....7.....8..67.82....26.95..8..2.3..9..5.1.3..";
        let placed = "4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let p = Position::parse(&format!("{givens},{placed}")).unwrap();
        assert!(p.candidates()[11].is_empty());
        let sukaku = Position::parse(&p.to_sukaku()).unwrap();
        assert_eq!(sukaku.candidates(), p.candidates());
        let grid = p.to_pencil_grid();
        assert!(grid.lines().nth(1).unwrap().split_whitespace().nth(2) == Some("0"), "{grid}");
        assert_eq!(Position::parse(&grid).unwrap().candidates(), p.candidates());
    }

    #[test]
    fn errors_say_where() {
        // r2c4 is a given 3.
        let bad_given = format!("{GIVENS},{}", PLACED.replacen("9..3", "9..4", 1));
        let e = Position::parse(&bad_given).unwrap_err();
        assert_eq!((e.line, e.column), (1, 82 + 13), "{e}");
        assert!(e.message.contains("r2c4 is a given 3"), "{e}");
        let e = Position::parse(&format!("{GIVENS},{}x", &PLACED[..80])).unwrap_err();
        assert_eq!(e.column, 82 + 81, "{e}");
        let mut s = marked().to_sukaku();
        s.replace_range(10..11, "7");
        let e = Position::parse_sukaku(&s).unwrap_err();
        assert_eq!(e.column, 11, "{e}");
        let e = Position::parse_sukaku(&"1........".repeat(2)).unwrap_err();
        assert!(e.message.contains("729"), "{e}");
        // No candidate anywhere: a contradiction, read as it is.
        let empty = Position::parse_sukaku(&".".repeat(729)).unwrap();
        assert!(empty.candidates().iter().all(|m| m.is_empty()));
        let grid = marked().to_pencil_grid();
        let short: Vec<&str> = grid.lines().take(10).collect();
        let e = Position::parse(&short.join("\n")).unwrap_err();
        assert!(e.message.contains("8 rows"), "{e}");
        let broken = grid.replacen(' ', " x", 1);
        let e = Position::parse(&broken).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.message.contains("'x'") || e.message.contains("10 cells"), "{e}");
    }

    #[test]
    fn only_the_pencil_mark_forms_take_their_givens_from_the_marks() {
        let p = marked();
        assert!(!p.givens_from_marks());
        assert!(!Position::parse(GIVENS).unwrap().givens_from_marks());
        let sukaku = Position::parse(&p.to_sukaku()).unwrap();
        assert!(sukaku.givens_from_marks());
        assert!(Position::parse(&p.to_pencil_grid()).unwrap().givens_from_marks());
        // The same position from its parts: the same answer.
        let again = Position::new(*sukaku.givens(), sukaku.placed(), sukaku.marks().copied()).unwrap();
        assert!(again.givens_from_marks());
        // An open cell with one mark left is not a given.
        let mut marks = sukaku.candidates();
        let open = (0..81).find(|&c| marks[c].len() > 1).unwrap();
        marks[open] = Candidates::single(marks[open].iter().next().unwrap());
        assert!(!Position::new(*sukaku.givens(), sukaku.placed(), Some(marks)).unwrap().givens_from_marks());
    }

    #[test]
    fn marks_of_filled_cells_are_their_digit() {
        let p = marked();
        assert_eq!(p.candidates()[0], Candidates::single(Digit::new(4).unwrap()));
    }
}
