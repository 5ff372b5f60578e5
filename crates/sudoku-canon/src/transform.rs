//! [`Transform`]: one of the 3,359,232 × 9! validity-preserving
//! transformations of a sudoku grid, and its text form.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Cell, Grid};

/// A transformation that maps every sudoku grid onto an equivalent one: an
/// optional transposition, then a permutation of the rows and one of the
/// columns that keep bands and stacks whole, then a relabelling of the
/// digits.
///
/// Applied to a grid `g` it gives `out[i][j] = digits(g'[rows[i]][cols[j]])`,
/// where `g'` is `g` transposed or not: output row `i` is source row
/// `rows[i]`, output column `j` is source column `cols[j]`.
///
/// # Text form
///
/// `[T]rRRRRRRRRRcCCCCCCCCdDDDDDDDDD`, 30 or 31 characters: `T` when the
/// grid is transposed first; after `r` the source row (1–9) of output rows 1
/// to 9; after `c` the source column of output columns 1 to 9; after `d` the
/// new digit of digits 1 to 9. The identity is
/// `r123456789c123456789d123456789`.
///
/// ```
/// use sudoku_canon::Transform;
///
/// let t: Transform = "Tr213456789c123456789d912345678".parse()?;
/// assert_eq!(t.to_string(), "Tr213456789c123456789d912345678");
/// assert_eq!(t.compose(&t.inverse()), Transform::IDENTITY);
/// # Ok::<(), sudoku_canon::TransformParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Transform {
    transpose: bool,
    /// Source row (0–8) of each output row.
    rows: [u8; 9],
    /// Source column (0–8) of each output column.
    cols: [u8; 9],
    /// New digit of each digit; `digits[0]` is 0 (a blank stays blank).
    digits: [u8; 10],
}

/// Why a text is not a [`Transform`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {kind}")]
pub struct TransformParseError {
    /// 1-based character position of the problem.
    pub column: usize,
    /// What is wrong.
    pub kind: TransformParseErrorKind,
}

/// What is wrong with a transformation's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TransformParseErrorKind {
    /// A character other than the one the form has there.
    #[error("unexpected {found}, expected {expected}")]
    Unexpected {
        /// What was found (`end of text` at the end).
        found: String,
        /// What the form has there.
        expected: &'static str,
    },
    /// A digit used twice in one of the three lists.
    #[error("{digit} appears twice in the {part} list")]
    Repeated {
        /// The repeated digit.
        digit: u8,
        /// `row`, `column` or `digit`.
        part: &'static str,
    },
    /// Rows (or columns) that split a band (or stack).
    #[error("{part}s {first} and {second} are in different {group}s but map into one")]
    SplitsBand {
        /// `row` or `column`.
        part: &'static str,
        /// `band` or `stack`.
        group: &'static str,
        /// The first source line of the output band or stack.
        first: u8,
        /// A source line of another band or stack.
        second: u8,
    },
}

impl Transform {
    /// The transformation that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A transformation from its parts: `rows[i]` is the source row (0–8) of
    /// output row `i`, `cols[j]` the source column of output column `j`,
    /// `digits[d - 1]` the new digit of `d`. `None` unless `rows` and `cols`
    /// keep bands and stacks whole and `digits` is a permutation of 1–9.
    pub fn new(transpose: bool, rows: [u8; 9], cols: [u8; 9], digits: [u8; 9]) -> Option<Transform> {
        let mut d = [0u8; 10];
        d[1..].copy_from_slice(&digits);
        let t = Transform { transpose, rows, cols, digits: d };
        (check_lines(&rows, "row", "band").is_ok()
            && check_lines(&cols, "column", "stack").is_ok()
            && is_permutation(&digits, 1))
        .then_some(t)
    }

    /// Whether the grid is transposed first.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// The source row (0–8) of each output row.
    pub fn rows(&self) -> [u8; 9] {
        self.rows
    }

    /// The source column (0–8) of each output column.
    pub fn cols(&self) -> [u8; 9] {
        self.cols
    }

    /// The new digit of each digit 1–9 (index `d - 1`).
    pub fn digits(&self) -> [u8; 9] {
        let mut d = [0; 9];
        d.copy_from_slice(&self.digits[1..]);
        d
    }

    /// The grid this transformation makes of `grid`.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let src = grid.to_array();
        let mut out = [0u8; 81];
        for cell in Cell::ALL {
            let (r, c) = (usize::from(self.rows[cell.row()]), usize::from(self.cols[cell.col()]));
            let from = if self.transpose { Cell::at(c, r) } else { Cell::at(r, c) };
            out[cell] = self.digits[usize::from(src[from.expect("rows and columns are 0-8")])];
        }
        Grid::from_array(out).expect("digits map 0-9 onto 0-9")
    }

    /// The transformation that undoes this one:
    /// `t.inverse().apply(&t.apply(g)) == g`.
    pub fn inverse(&self) -> Transform {
        let rows = invert(&self.rows);
        let cols = invert(&self.cols);
        let mut digits = [0u8; 10];
        for d in 0..10 {
            digits[self.digits[d] as usize] = d as u8;
        }
        // Undoing the line moves first and the transposition last is the
        // same as transposing first and moving rows by the inverse column
        // order and columns by the inverse row order.
        let (rows, cols) = if self.transpose { (cols, rows) } else { (rows, cols) };
        Transform { transpose: self.transpose, rows, cols, digits }
    }

    /// This transformation, then `then`: `a.compose(&b).apply(g) ==
    /// b.apply(&a.apply(g))`.
    pub fn compose(&self, then: &Transform) -> Transform {
        let map = |outer: &[u8; 9], inner: &[u8; 9]| outer.map(|x| inner[x as usize]);
        let (rows, cols) = if then.transpose {
            (map(&then.rows, &self.cols), map(&then.cols, &self.rows))
        } else {
            (map(&then.rows, &self.rows), map(&then.cols, &self.cols))
        };
        Transform {
            transpose: self.transpose != then.transpose,
            rows,
            cols,
            digits: self.digits.map(|d| then.digits[d as usize]),
        }
    }
}

fn invert(p: &[u8; 9]) -> [u8; 9] {
    let mut inv = [0u8; 9];
    for (i, &x) in p.iter().enumerate() {
        inv[x as usize] = i as u8;
    }
    inv
}

fn is_permutation(values: &[u8], first: u8) -> bool {
    let mut seen = 0u16;
    for &v in values {
        if v < first || v >= first + 9 || seen & (1 << (v - first)) != 0 {
            return false;
        }
        seen |= 1 << (v - first);
    }
    true
}

/// Checks that `lines` (0-based) is a permutation that moves bands (or
/// stacks) whole; the error names 1-based lines.
fn check_lines(
    lines: &[u8; 9],
    part: &'static str,
    group: &'static str,
) -> Result<(), TransformParseErrorKind> {
    let mut seen = 0u16;
    for &x in lines {
        if x > 8 || seen & (1 << x) != 0 {
            return Err(TransformParseErrorKind::Repeated { digit: x + 1, part });
        }
        seen |= 1 << x;
    }
    for block in lines.chunks(3) {
        if let Some(&other) = block.iter().find(|&&x| x / 3 != block[0] / 3) {
            return Err(TransformParseErrorKind::SplitsBand {
                part,
                group,
                first: block[0] + 1,
                second: other + 1,
            });
        }
    }
    Ok(())
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.transpose {
            f.write_str("T")?;
        }
        f.write_str("r")?;
        for r in self.rows {
            write!(f, "{}", r + 1)?;
        }
        f.write_str("c")?;
        for c in self.cols {
            write!(f, "{}", c + 1)?;
        }
        f.write_str("d")?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl FromStr for Transform {
    type Err = TransformParseError;

    fn from_str(s: &str) -> Result<Transform, TransformParseError> {
        let chars: Vec<char> = s.trim().chars().collect();
        let mut pos = 0;
        let err = |pos: usize, kind| TransformParseError { column: pos + 1, kind };
        let unexpected = |pos: usize, expected| {
            let found = match chars.get(pos) {
                Some(c) => format!("{c:?}"),
                None => "end of text".to_string(),
            };
            err(pos, TransformParseErrorKind::Unexpected { found, expected })
        };
        let transpose = matches!(chars.first(), Some('T' | 't'));
        if transpose {
            pos += 1;
        }
        let mut parts = [[0u8; 9]; 3];
        for (part, (letter, expected)) in parts.iter_mut().zip([('r', "r"), ('c', "c"), ('d', "d")]) {
            if chars.get(pos).map(|c| c.to_ascii_lowercase()) != Some(letter) {
                return Err(unexpected(pos, if pos == 0 { "T or r" } else { expected }));
            }
            pos += 1;
            for x in part.iter_mut() {
                match chars.get(pos).and_then(|c| c.to_digit(10)) {
                    Some(d @ 1..=9) => *x = d as u8,
                    _ => return Err(unexpected(pos, "a digit 1-9")),
                }
                pos += 1;
            }
        }
        if pos < chars.len() {
            return Err(unexpected(pos, "end of text"));
        }
        let [rows, cols, digits] = parts;
        let (rows, cols) = (rows.map(|x| x - 1), cols.map(|x| x - 1));
        let at = |part: usize| if transpose { 2 + part * 10 } else { 1 + part * 10 };
        check_lines(&rows, "row", "band").map_err(|k| err(at(0), k))?;
        check_lines(&cols, "column", "stack").map_err(|k| err(at(1), k))?;
        if !is_permutation(&digits, 1) {
            let digit =
                *digits.iter().find(|&&d| digits.iter().filter(|&&e| e == d).count() > 1).unwrap_or(&0);
            return Err(err(at(2), TransformParseErrorKind::Repeated { digit, part: "digit" }));
        }
        Ok(Transform::new(transpose, rows, cols, digits).expect("checked above"))
    }
}
