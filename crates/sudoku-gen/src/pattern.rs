//! Clue patterns: which cells are given. A generator filling a fixed
//! pattern draws solution grids until one, masked by the pattern, has
//! exactly one solution (HoDoKu's "pattern" generation).

use std::fmt;
use std::str::FromStr;

use sudoku_core::Cell;

/// A clue pattern: a set of cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pattern(u128);

/// Why a pattern did not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// A character that is neither a given mark nor a blank.
    #[error("line {line}, column {column}: {found:?} is not a pattern cell (x for a given, . for a blank)")]
    BadChar {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The character.
        found: char,
    },
    /// Not 81 cells.
    #[error("a pattern has 81 cells; this one has {0}")]
    Length(usize),
    /// Fewer than 17 givens: no sudoku has a unique solution with fewer.
    #[error("a pattern of {0} givens cannot make a unique puzzle (17 is the fewest)")]
    TooFew(usize),
    /// Two empty rows of one band, or two empty columns of one stack: they
    /// could swap their digits in any solution, so none is unique.
    #[error("{0}: the two could swap their digits, so no puzzle on this pattern is unique")]
    TwoEmptyLines(String),
}

impl Pattern {
    /// The pattern of these cells.
    pub fn from_cells(cells: impl IntoIterator<Item = Cell>) -> Pattern {
        Pattern(cells.into_iter().fold(0, |m, c| m | 1 << c.index()))
    }

    /// Whether `cell` is given.
    pub fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.index() & 1 == 1
    }

    /// The given cells in row-major order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        Cell::ALL.into_iter().filter(move |&c| self.contains(c))
    }

    /// The number of givens.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether no cell is given.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The given cells as a bit mask (bit `c.index()` for cell `c`).
    pub fn mask(self) -> u128 {
        self.0
    }
}

impl FromStr for Pattern {
    type Err = PatternError;

    /// 81 cells in row order over any number of lines: `x`, `X`, `*`, `#`
    /// or a digit 1–9 for a given; `.`, `0`, `-` or `_` for a blank.
    /// Spaces, tabs and `|`, `+` (grid drawing) are ignored, and so are
    /// lines starting with `#` followed by a space (comments).
    fn from_str(s: &str) -> Result<Pattern, PatternError> {
        let mut given = Vec::with_capacity(81);
        for (i, line) in s.lines().enumerate() {
            if line.starts_with("# ") {
                continue;
            }
            for (j, ch) in line.chars().enumerate() {
                match ch {
                    'x' | 'X' | '*' | '#' | '1'..='9' => given.push(true),
                    '.' | '0' | '-' | '_' => given.push(false),
                    ' ' | '\t' | '|' | '+' | '\r' => {}
                    _ => return Err(PatternError::BadChar { line: i + 1, column: j + 1, found: ch }),
                }
            }
        }
        if given.len() != 81 {
            return Err(PatternError::Length(given.len()));
        }
        let pattern = Pattern::from_cells(Cell::ALL.into_iter().filter(|c| given[c.index()]));
        if pattern.len() < 17 {
            return Err(PatternError::TooFew(pattern.len()));
        }
        for (kind, line_of) in [("rows", Cell::row as fn(Cell) -> usize), ("columns", Cell::col)] {
            for group in 0..3 {
                let empty: Vec<usize> = (group * 3..group * 3 + 3)
                    .filter(|&line| pattern.cells().all(|c| line_of(c) != line))
                    .collect();
                if empty.len() >= 2 {
                    return Err(PatternError::TwoEmptyLines(format!(
                        "{kind} {} and {} are empty",
                        empty[0] + 1,
                        empty[1] + 1
                    )));
                }
            }
        }
        Ok(pattern)
    }
}

impl fmt::Display for Pattern {
    /// Nine lines of nine cells, `x` for a given, `.` for a blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..9 {
            let line: String =
                Cell::row_cells(row).iter().map(|&c| if self.contains(c) { 'x' } else { '.' }).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_read_in_any_layout_and_print_back() {
        // A checkerboard: 41 givens.
        let line = "x.x.x.x.x.x.x.x.x.".repeat(4) + "x.x.x.x.x";
        let p: Pattern = line.parse().unwrap();
        assert_eq!(p.len(), 41);
        let given = |i| p.contains(Cell::ALL[i]);
        assert!(given(0) && !given(1) && given(10) && given(80));
        assert_eq!(p.cells().count(), 41);
        assert!(p.cells().all(|c| (c.row() + c.col()) % 2 == 0));
        let drawn = p.to_string();
        assert_eq!(drawn.parse::<Pattern>().unwrap(), p);
        let rows = ["x.x|.x.|x.x", ".x.|x.x|.x.", "1.2 .3. 4.5", ".#. *.* .#."];
        let boxed = "# a comment\n".to_string() + &[0, 1, 2, 3, 2, 3, 2, 3, 2].map(|r| rows[r]).join("\n");
        assert_eq!(boxed.parse::<Pattern>().unwrap(), p);
    }

    #[test]
    fn bad_patterns_say_what_is_wrong_and_where() {
        assert_eq!("x".repeat(80).parse::<Pattern>(), Err(PatternError::Length(80)));
        assert_eq!(
            format!("{}\nxxo", "x".repeat(9)).parse::<Pattern>(),
            Err(PatternError::BadChar { line: 2, column: 3, found: 'o' })
        );
        let sixteen = "x".repeat(16) + &".".repeat(65);
        assert_eq!(sixteen.parse::<Pattern>(), Err(PatternError::TooFew(16)));
        // Columns 4 and 6 empty: never unique.
        let two = "xxx.x.xxx".repeat(9);
        assert_eq!(
            two.parse::<Pattern>(),
            Err(PatternError::TwoEmptyLines("columns 4 and 6 are empty".into()))
        );
    }
}
