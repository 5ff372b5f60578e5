//! The 81 cell weights of a max-score search: [`Weights`], the contest
//! weights, and a located parser ([`WeightsError`]).

use crate::cell::Cell;
use crate::grid::Grid;

/// The largest absolute weight accepted, so that every score and bound is
/// exact in floating point with a wide margin.
pub const MAX_ABS_WEIGHT: i64 = 1_000_000;

/// The 81 cell weights, row-major. Any integers with absolute value at most
/// [`MAX_ABS_WEIGHT`]; zero and negative weights are fine.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Weights {
    values: [i64; 81],
}

impl Weights {
    /// The contest weights: `10 - max(|r - 4|, |c - 4|)` (0-based), that is
    /// 10 at the centre, then 9, 8, 7 and 6 on the rings outward.
    pub const NOIP: Weights = {
        let mut values = [0i64; 81];
        let mut i = 0;
        while i < 81 {
            let r = Cell::ALL[i].row() as i64;
            let c = Cell::ALL[i].col() as i64;
            let dr = if r > 4 { r - 4 } else { 4 - r };
            let dc = if c > 4 { c - 4 } else { 4 - c };
            values[i] = 10 - if dr > dc { dr } else { dc };
            i += 1;
        }
        Weights { values }
    };

    /// Weights from row-major values; `None` when one is outside
    /// ±[`MAX_ABS_WEIGHT`].
    pub fn from_array(values: [i64; 81]) -> Option<Weights> {
        values.iter().all(|v| v.abs() <= MAX_ABS_WEIGHT).then_some(Weights { values })
    }

    /// The row-major values.
    pub fn to_array(&self) -> [i64; 81] {
        self.values
    }

    /// The weight of `cell`.
    pub fn get(&self, cell: Cell) -> i64 {
        self.values[cell]
    }

    /// Σ value × weight over the filled cells of `grid` (blanks count 0).
    pub fn score(&self, grid: &Grid) -> i64 {
        grid.filled().map(|(c, d)| i64::from(d.get()) * self.values[c]).sum()
    }

    /// Parses 81 integers separated by any whitespace (conventionally 9
    /// rows of 9); `#` starts a comment that runs to the end of the line.
    ///
    /// ```
    /// use sudoku_core::{Cell, Weights};
    /// let w = Weights::parse(&"1 -2 0 3 4 5 6 7 8\n".repeat(9)).unwrap();
    /// assert_eq!(w.get(Cell::at(0, 1).unwrap()), -2);
    /// let e = Weights::parse("1 2 x").unwrap_err();
    /// assert_eq!((e.line, e.column), (1, 5));
    /// ```
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut values = [0i64; 81];
        let mut n = 0;
        let mut end = (1, 1);
        for (line0, raw) in text.split('\n').enumerate() {
            let line = line0 + 1;
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            let raw = raw.split('#').next().unwrap_or("");
            let chars: Vec<char> = raw.chars().collect();
            end = (line, chars.len() + 1);
            let mut col0 = 0;
            while col0 < chars.len() {
                if chars[col0].is_whitespace() {
                    col0 += 1;
                    continue;
                }
                let start = col0;
                while col0 < chars.len() && !chars[col0].is_whitespace() {
                    col0 += 1;
                }
                let token: String = chars[start..col0].iter().collect();
                if n == 81 {
                    return Err(WeightsError { line, column: start + 1, kind: WeightsErrorKind::TooMany });
                }
                values[n] = parse_weight(&token, line, start + 1)?;
                n += 1;
            }
        }
        if n < 81 {
            return Err(WeightsError {
                line: end.0,
                column: end.1,
                kind: WeightsErrorKind::TooFew { found: n },
            });
        }
        Ok(Weights { values })
    }
}

impl Default for Weights {
    /// [`Weights::NOIP`].
    fn default() -> Self {
        Weights::NOIP
    }
}

fn parse_weight(token: &str, line: usize, column: usize) -> Result<i64, WeightsError> {
    let digits = token.strip_prefix(['-', '+']).unwrap_or(token);
    let offset = token.len() - digits.len();
    if let Some((i, ch)) = digits.chars().enumerate().find(|(_, ch)| !ch.is_ascii_digit()) {
        let kind = WeightsErrorKind::UnexpectedChar { found: ch };
        return Err(WeightsError { line, column: column + offset + i, kind });
    }
    if digits.is_empty() {
        let found = token.chars().next().unwrap_or(' ');
        return Err(WeightsError { line, column, kind: WeightsErrorKind::UnexpectedChar { found } });
    }
    match token.parse::<i64>() {
        // unsigned_abs: i64::MIN has no i64 absolute value.
        Ok(v) if v.unsigned_abs() <= MAX_ABS_WEIGHT.unsigned_abs() => Ok(v),
        _ => Err(WeightsError {
            line,
            column,
            kind: WeightsErrorKind::OutOfRange { found: token.to_string() },
        }),
    }
}

/// An error from [`Weights::parse`], with the 1-based line and column of
/// the offending token or character.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct WeightsError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was wrong.
    pub kind: WeightsErrorKind,
}

/// What went wrong while parsing weights.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsErrorKind {
    /// A character that cannot be part of an integer.
    #[error("unexpected {}, expected an integer", crate::error::shown(*found))]
    UnexpectedChar {
        /// The offending character.
        found: char,
    },
    /// An integer outside ±[`MAX_ABS_WEIGHT`].
    #[error(
        "weight {found} out of range, expected an integer from -1000000 to 1000000 (weights are limited so \
         that every score and bound stays exact)"
    )]
    OutOfRange {
        /// The offending token.
        found: String,
    },
    /// The text ended before 81 weights were read.
    #[error("found {found} weights, expected 81")]
    TooFew {
        /// How many weights were read.
        found: usize,
    },
    /// An 82nd weight.
    #[error("more than 81 weights")]
    TooMany,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noip_weights_have_the_centre_and_rings() {
        let at = |row, col| Weights::NOIP.get(Cell::at(row, col).unwrap());
        assert_eq!(at(4, 4), 10);
        assert_eq!(at(0, 0), 6);
        assert_eq!(at(3, 3), 9);
        assert_eq!(Weights::NOIP.to_array().iter().sum::<i64>(), 570);
    }

    #[test]
    fn weights_parse_errors_carry_line_and_column() {
        let e = Weights::parse("1 2\n3 +x").unwrap_err();
        assert_eq!((e.line, e.column), (2, 4));
        let e = Weights::parse("1 2000000").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        assert!(matches!(e.kind, WeightsErrorKind::OutOfRange { .. }));
        let e = Weights::parse("1 2 # three\n").unwrap_err();
        assert_eq!(e.kind, WeightsErrorKind::TooFew { found: 2 });
        let e = Weights::parse(&"1 ".repeat(82)).unwrap_err();
        assert_eq!((e.kind, e.column), (WeightsErrorKind::TooMany, 163));
        let e = Weights::parse("- 1").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        // The least i64 (found by the weights fuzz target: its absolute
        // value overflowed).
        let e = Weights::parse("0 -9223372036854775808").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        assert!(matches!(e.kind, WeightsErrorKind::OutOfRange { .. }));
    }
}
