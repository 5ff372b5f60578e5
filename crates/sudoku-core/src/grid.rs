//! `Grid`: the 9×9 value type, its parsers (line, block, noip) and its
//! formatters (line, block, rows).

use std::fmt;

use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::error::{ParseError, ParseErrorKind};
use crate::index::{BOX, COL, PEERS, ROW, UNITS};

/// A 9×9 sudoku grid: each cell is blank or holds a digit 1–9.
///
/// A `Grid` may be a puzzle, a partial fill or a solution; it may even hold
/// givens that contradict each other (see [`Grid::conflicts`]): such a grid
/// parses fine and simply has no solution.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Row-major cells; 0 is a blank, 1–9 a digit. Never anything else.
    cells: [u8; 81],
}

const CELL_EXPECTED: &str = "a digit 1-9 or a blank (. 0 _)";

impl Grid {
    /// The grid with every cell blank.
    pub const EMPTY: Grid = Grid { cells: [0; 81] };

    /// A grid from row-major values, 0 for a blank. `None` if any value is
    /// above 9.
    pub fn from_array(cells: [u8; 81]) -> Option<Grid> {
        // The largest value, not a test per cell: a few vector
        // instructions (every search of the variant engine's core path
        // starts here, and every solution ends here).
        (cells.iter().fold(0, |m, &v| m.max(v)) <= 9).then_some(Grid { cells })
    }

    /// The row-major values, 0 for a blank.
    pub fn to_array(&self) -> [u8; 81] {
        self.cells
    }

    /// The digit in `cell`, `None` when blank.
    ///
    /// ```
    /// use sudoku_core::{Cell, Digit, Grid};
    /// let mut g = Grid::EMPTY;
    /// let (cell, five) = (Cell::at(1, 2).unwrap(), Digit::new(5).unwrap());
    /// g.set(cell, five);
    /// assert_eq!(g.get(cell), Some(five));
    /// g.set(cell, None);
    /// assert_eq!(g, Grid::EMPTY);
    /// ```
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell`: a [`Digit`], or `None` to blank it.
    pub fn set(&mut self, cell: Cell, digit: impl Into<Option<Digit>>) {
        self.cells[cell.index()] = digit.into().map_or(0, Digit::get);
    }

    /// The filled cells and their digits, in row-major order.
    pub fn filled(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        Cell::ALL.into_iter().filter_map(|c| Some((c, self.get(c)?)))
    }

    /// How many cells hold a digit.
    pub fn n_clues(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Every pair of equal digits that share a row, column or box.
    /// Empty for a consistent grid.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut out = Vec::new();
        for (unit_idx, unit) in UNITS.iter().enumerate() {
            for i in 0..9 {
                for j in i + 1..9 {
                    let (a, b) = (Cell::ALL[unit[i] as usize], Cell::ALL[unit[j] as usize]);
                    if let Some(digit) = self.get(a).filter(|&d| self.get(b) == Some(d)) {
                        out.push(Conflict { digit, cells: [a, b], unit: Unit::from_index(unit_idx) });
                    }
                }
            }
        }
        out
    }

    /// Whether no digit repeats in a row, column or box.
    pub fn is_consistent(&self) -> bool {
        (0..81).all(|c| {
            let v = self.cells[c];
            v == 0 || PEERS[c].iter().all(|&p| self.cells[p as usize] != v)
        })
    }

    /// Whether `self` is a valid complete grid that keeps every given of
    /// `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.is_complete()
            && self.is_consistent()
            && (0..81).all(|c| puzzle.cells[c] == 0 || puzzle.cells[c] == self.cells[c])
    }

    /// The digits still possible in each cell given the digits placed in its
    /// row, column and box (no further deduction). A filled cell holds its
    /// own digit only.
    pub fn candidates(&self) -> [Candidates; 81] {
        let mut used = [0u16; 27];
        for c in 0..81 {
            // Bit `d - 1` for digit `d`, no bit for a blank.
            let bit = (1u16 << self.cells[c]) >> 1;
            used[ROW[c] as usize] |= bit;
            used[9 + COL[c] as usize] |= bit;
            used[18 + BOX[c] as usize] |= bit;
        }
        std::array::from_fn(|c| match self.cells[c] {
            0 => Candidates::from_bits(
                !(used[ROW[c] as usize] | used[9 + COL[c] as usize] | used[18 + BOX[c] as usize]),
            ),
            d => Candidates::from_bits(1 << (d - 1)),
        })
    }

    /// Parses the line format: 81 cells, digits `1-9`, blanks `.` `0` `_`.
    ///
    /// Leading whitespace, a UTF-8 byte order mark and a trailing `\r\n` are
    /// accepted; after the 81st cell, text that starts with whitespace or
    /// `#` is a comment.
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let g = Grid::parse_line("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. # easy").unwrap();
    /// assert_eq!(g.n_clues(), 32);
    /// assert!(Grid::parse_line("12x").is_err());
    /// ```
    pub fn parse_line(text: &str) -> Result<Grid, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if let Some(grid) = Grid::parse_line_ascii(text.as_bytes()) {
            return Ok(grid);
        }
        let mut cells = [0u8; 81];
        let mut n = 0;
        let mut started = false;
        for (col0, ch) in text.chars().enumerate() {
            let column = col0 + 1;
            if n == 81 {
                if ch.is_whitespace() || ch == '#' {
                    break;
                }
                return Err(ParseError::new(
                    1,
                    column,
                    ParseErrorKind::UnexpectedChar {
                        found: ch,
                        expected: "the end of the line, whitespace or # after 81 cells",
                    },
                ));
            }
            if let Some(v) = cell_value(ch) {
                cells[n] = v;
                n += 1;
                started = true;
            } else if !started && ch.is_whitespace() {
                continue;
            } else if !started && ch == '#' {
                return Err(ParseError::new(1, column, ParseErrorKind::Empty));
            } else if ch.is_whitespace() || ch == '#' {
                return Err(ParseError::new(1, column, ParseErrorKind::TooFewCells { found: n }));
            } else {
                return Err(ParseError::new(
                    1,
                    column,
                    ParseErrorKind::UnexpectedChar { found: ch, expected: CELL_EXPECTED },
                ));
            }
        }
        match n {
            81 => Ok(Grid { cells }),
            0 => Err(ParseError::new(1, 1, ParseErrorKind::Empty)),
            _ => Err(ParseError::new(1, text.chars().count() + 1, ParseErrorKind::TooFewCells { found: n })),
        }
    }

    /// The common case of [`Grid::parse_line`], byte by byte: 81 ASCII
    /// cells at the start, then the end of the text, ASCII whitespace or
    /// `#`. `None` sends anything else to the general parser.
    fn parse_line_ascii(bytes: &[u8]) -> Option<Grid> {
        let (cells_text, rest) = bytes.split_at_checked(81)?;
        if !rest.first().is_none_or(|&b| b.is_ascii_whitespace() || b == b'#') {
            return None;
        }
        // Branch-free, so the loop runs 16 or 32 bytes at a time.
        let mut cells = [0u8; 81];
        let mut valid = true;
        for (v, &b) in cells.iter_mut().zip(cells_text) {
            let digit = b.wrapping_sub(b'0');
            let is_digit = digit <= 9;
            valid &= is_digit | (b == b'.') | (b == b'_');
            *v = if is_digit { digit } else { 0 };
        }
        valid.then_some(Grid { cells })
    }

    /// Parses the block format: 9 rows of 9 cells, one row per line, with
    /// optional `|`, `-`, `+` and space separators. Lines without cells
    /// (separator lines, blank lines) and text after `#` are skipped.
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let text = "\
    /// 53. | .7. | ...
    /// 6.. | 195 | ...
    /// .98 | ... | .6.
    /// ----+-----+----
    /// 8.. | .6. | ..3
    /// 4.. | 8.3 | ..1
    /// 7.. | .2. | ..6
    /// ----+-----+----
    /// .6. | ... | 28.
    /// ... | 419 | ..5
    /// ... | .8. | .79
    /// ";
    /// assert_eq!(Grid::parse_block(text).unwrap().n_clues(), 30);
    /// ```
    pub fn parse_block(text: &str) -> Result<Grid, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut cells = [0u8; 81];
        let mut n_rows = 0;
        let mut last_row_line = 0;
        for (line0, raw) in text.split('\n').enumerate() {
            let line = line0 + 1;
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            let mut row = [0u8; 9];
            let mut n = 0;
            for (col0, ch) in raw.chars().enumerate() {
                let column = col0 + 1;
                if ch == '#' {
                    break;
                }
                if let Some(v) = cell_value(ch) {
                    if n == 9 {
                        return Err(ParseError::new(
                            line,
                            column,
                            ParseErrorKind::WrongRowLength { found: n + 1 },
                        ));
                    }
                    row[n] = v;
                    n += 1;
                } else if !(matches!(ch, '|' | '-' | '+') || ch.is_whitespace()) {
                    return Err(ParseError::new(
                        line,
                        column,
                        ParseErrorKind::UnexpectedChar {
                            found: ch,
                            expected: "a digit 1-9, a blank (. 0 _) or a separator (| - + space)",
                        },
                    ));
                }
            }
            match n {
                0 => continue,
                9 if n_rows == 9 => {
                    return Err(ParseError::new(line, 1, ParseErrorKind::TooManyCells));
                }
                9 => {
                    cells[n_rows * 9..n_rows * 9 + 9].copy_from_slice(&row);
                    n_rows += 1;
                    last_row_line = line;
                }
                _ => {
                    return Err(ParseError::new(line, 1, ParseErrorKind::WrongRowLength { found: n }));
                }
            }
        }
        match n_rows {
            9 => Ok(Grid { cells }),
            0 => Err(ParseError::new(1, 1, ParseErrorKind::Empty)),
            _ => {
                Err(ParseError::new(last_row_line + 1, 1, ParseErrorKind::TooFewCells { found: n_rows * 9 }))
            }
        }
    }

    /// Parses the "noip" format of the target-sudoku contest: 81 integers
    /// 0–9 (0 blank) separated by any whitespace.
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let text = "0 0 3 0 2 0 6 0 0\n".repeat(9);
    /// assert!(Grid::parse_noip(&text).is_ok()); // parses; it has conflicts
    /// assert!(Grid::parse_noip("1 2 10").is_err());
    /// ```
    pub fn parse_noip(text: &str) -> Result<Grid, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut cells = [0u8; 81];
        let mut n = 0;
        let mut end = (1, 1);
        for (line0, raw) in text.split('\n').enumerate() {
            let line = line0 + 1;
            let mut token_start: Option<usize> = None;
            let mut token = String::new();
            let chars: Vec<char> = raw.chars().collect();
            end = (line, chars.len() + 1);
            for col0 in 0..=chars.len() {
                let ch = chars.get(col0).copied().unwrap_or(' ');
                if ch.is_whitespace() {
                    if let Some(start) = token_start.take() {
                        let column = start + 1;
                        if n == 81 {
                            return Err(ParseError::new(line, column, ParseErrorKind::TooManyCells));
                        }
                        cells[n] = noip_value(&token, line, column)?;
                        n += 1;
                        token.clear();
                    }
                } else {
                    token_start.get_or_insert(col0);
                    token.push(ch);
                }
            }
        }
        match n {
            81 => Ok(Grid { cells }),
            0 => Err(ParseError::new(1, 1, ParseErrorKind::Empty)),
            _ => Err(ParseError::new(end.0, end.1, ParseErrorKind::TooFewCells { found: n })),
        }
    }

    /// The line format: 81 characters, `.` for a blank.
    pub fn to_line(&self) -> String {
        // Every byte is an ASCII digit or a dot.
        String::from_utf8(self.to_line_bytes().to_vec()).unwrap_or_default()
    }

    /// The line format as bytes, without allocating: `.` for a blank.
    pub fn to_line_bytes(&self) -> [u8; 81] {
        self.cells.map(|v| if v == 0 { b'.' } else { b'0' + v })
    }

    /// The line format with `0` for a blank.
    pub fn to_line_zeros(&self) -> String {
        self.cells.iter().map(|&v| (b'0' + v) as char).collect()
    }

    /// A readable block with box separators, `.` for a blank, 11 lines each
    /// ending in `\n`.
    pub fn to_block(&self) -> String {
        let mut s = String::with_capacity(11 * 22);
        for (r, row) in self.cells.chunks_exact(9).enumerate() {
            if r == 3 || r == 6 {
                s.push_str("------+-------+------\n");
            }
            for (c, &v) in row.iter().enumerate() {
                if c == 3 || c == 6 {
                    s.push_str("| ");
                }
                s.push(if v == 0 { '.' } else { (b'0' + v) as char });
                s.push(if c == 8 { '\n' } else { ' ' });
            }
        }
        s
    }

    /// Nine lines of nine digits, `0` for a blank, each ending in `\n` (the
    /// judge format).
    pub fn to_rows(&self) -> String {
        let mut s = String::with_capacity(90);
        for row in self.cells.chunks_exact(9) {
            s.extend(row.iter().map(|&v| (b'0' + v) as char));
            s.push('\n');
        }
        s
    }
}

fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        '.' | '0' | '_' => Some(0),
        _ => None,
    }
}

fn noip_value(token: &str, line: usize, column: usize) -> Result<u8, ParseError> {
    if let Some((i, ch)) = token
        .chars()
        .enumerate()
        .find(|&(i, ch)| !(ch.is_ascii_digit() || (i == 0 && ch == '-' && token.len() > 1)))
    {
        return Err(ParseError::new(
            line,
            column + i,
            ParseErrorKind::UnexpectedChar { found: ch, expected: "an integer 0-9" },
        ));
    }
    match token.parse::<u8>() {
        Ok(v) if v <= 9 => Ok(v),
        _ => {
            Err(ParseError::new(line, column, ParseErrorKind::NumberOutOfRange { found: token.to_string() }))
        }
    }
}

impl fmt::Display for Grid {
    /// The line format (see [`Grid::to_line`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;
    /// Parses the line format.
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        Grid::parse_line(s.trim_end())
    }
}

/// A row, column or box, numbered 0–8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Row 0–8, top to bottom.
    Row(u8),
    /// Column 0–8, left to right.
    Column(u8),
    /// Box 0–8, row-major.
    Box(u8),
}

impl Unit {
    /// The unit of index 0–26 (rows, then columns, then boxes).
    pub fn from_index(unit_idx: usize) -> Unit {
        let k = (unit_idx % 9) as u8;
        match unit_idx / 9 {
            0 => Unit::Row(k),
            1 => Unit::Column(k),
            _ => Unit::Box(k),
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(k) => write!(f, "row {}", k + 1),
            Unit::Column(k) => write!(f, "column {}", k + 1),
            Unit::Box(k) => write!(f, "box {}", k + 1),
        }
    }
}

/// Two givens with the same digit in one unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The two cells, in increasing order.
    pub cells: [Cell; 2],
    /// The unit they share.
    pub unit: Unit,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        write!(f, "digit {} twice in {} ({a} and {b})", self.digit, self.unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn the_byte_fast_path_and_the_general_parser_agree() {
        let g = Grid::parse_line(LINE).unwrap();
        assert_eq!(g.to_line(), LINE);
        assert_eq!(g.n_clues(), 17);
        for ok in
            [format!("{LINE} # note"), format!("{LINE}\t"), format!("  {LINE}"), format!("\u{feff}{LINE}#x")]
        {
            assert_eq!(Grid::parse_line(&ok), Ok(g), "{ok:?}");
        }
        let zeros = LINE.replace('.', "0");
        assert_eq!(Grid::parse_line(&zeros), Ok(g));
        assert_eq!(g.to_line_zeros(), zeros);
        for bad in [format!("{LINE}1"), format!("{LINE}x"), LINE[..80].to_string(), LINE.replace('4', "a")] {
            assert!(Grid::parse_line(&bad).is_err(), "{bad:?}");
        }
        // A non-ASCII space after the cells goes to the general parser.
        assert_eq!(Grid::parse_line(&format!("{LINE}\u{a0}comment")), Ok(g));
    }

    #[test]
    fn typed_get_and_set_round_trip_over_every_cell_and_digit() {
        let mut g = Grid::EMPTY;
        for (i, cell) in Cell::ALL.into_iter().enumerate() {
            for digit in Digit::ALL {
                g.set(cell, digit);
                assert_eq!(g.get(cell), Some(digit));
                assert_eq!(g.to_array()[i], digit.get());
            }
            g.set(cell, None);
            assert_eq!(g.get(cell), None);
            assert_eq!(g, Grid::EMPTY);
        }
        let g = Grid::parse_line(LINE).unwrap();
        let filled: Vec<(usize, u8)> = g.filled().map(|(c, d)| (c.index(), d.get())).collect();
        let by_hand: Vec<(usize, u8)> =
            LINE.bytes().enumerate().filter(|&(_, b)| b != b'.').map(|(i, b)| (i, b - b'0')).collect();
        assert_eq!(filled, by_hand);
    }

    #[test]
    fn a_conflict_names_its_digit_unit_and_cells_as_before() {
        // Two 5s in row 1 (r1c1 and r1c4), and the same two in no other unit.
        let mut line = ".".repeat(81);
        line.replace_range(0..1, "5");
        line.replace_range(3..4, "5");
        let conflicts = Grid::parse_line(&line).unwrap().conflicts();
        assert_eq!(conflicts.len(), 1);
        assert_eq!(conflicts[0].to_string(), "digit 5 twice in row 1 (r1c1 and r1c4)");
        assert_eq!(conflicts[0].cells.map(Cell::index), [0, 3]);
        assert_eq!(conflicts[0].digit.get(), 5);
        // Two 7s in box 9 that share column 8: two conflicts, column first.
        let mut line = ".".repeat(81);
        line.replace_range(61..62, "7");
        line.replace_range(79..80, "7");
        let shown: Vec<String> =
            Grid::parse_line(&line).unwrap().conflicts().iter().map(|c| c.to_string()).collect();
        assert_eq!(
            shown,
            ["digit 7 twice in column 8 (r7c8 and r9c8)", "digit 7 twice in box 9 (r7c8 and r9c8)"]
        );
    }
}
