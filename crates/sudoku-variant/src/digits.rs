//! The digit alphabet of every size: `1`–`9`, then `A`–`P` for 10–25
//! (case-insensitive on input), and `.` or `0` for a blank.

use crate::VariantError;

/// The largest grid side the toolkit handles.
pub const MAX_SIZE: usize = 25;

/// The smallest grid side the toolkit handles.
pub const MIN_SIZE: usize = 4;

/// `n` when it is a side the toolkit handles ([`MIN_SIZE`] to
/// [`MAX_SIZE`]; sides without a box shape, such as 7, need regions).
pub fn check_size(n: usize) -> Result<usize, VariantError> {
    match (MIN_SIZE..=MAX_SIZE).contains(&n) {
        true => Ok(n),
        false => Err(VariantError::Size(n)),
    }
}

/// The character of digit `d` (1–25); `.` for 0.
pub fn digit_char(d: u8) -> char {
    match d {
        0 => '.',
        1..=9 => char::from(b'0' + d),
        _ => char::from(b'A' + (d - 10)),
    }
}

/// The digit a character stands for in a grid of side `size`: `Some(0)`
/// for a blank, `None` for a character that is neither.
pub fn char_digit(c: char, size: usize) -> Option<u8> {
    let d = match c {
        '.' | '0' => 0,
        '1'..='9' => c as u8 - b'0',
        'A'..='P' => c as u8 - b'A' + 10,
        'a'..='p' => c as u8 - b'a' + 10,
        _ => return None,
    };
    (usize::from(d) <= size).then_some(d)
}

/// The alphabet of a size, as an error message shows it.
pub(crate) fn expected(size: usize) -> String {
    match size {
        0..=9 => format!("a digit 1-{size} or '.'"),
        _ => format!("a digit 1-9, A-{} or '.'", digit_char(size as u8)),
    }
}

/// Parses a row-major grid text of exactly `cells` characters (blanks
/// included) into digits; errors carry the 1-based column.
pub fn parse_grid_digits(text: &str, size: usize, cells: usize) -> Result<Vec<u8>, VariantError> {
    let mut out = Vec::with_capacity(cells);
    for (i, c) in text.chars().enumerate() {
        match char_digit(c, size) {
            Some(d) => out.push(d),
            None => return Err(VariantError::Char { column: i + 1, found: c, expected: expected(size) }),
        }
    }
    if out.len() != cells {
        return Err(VariantError::Length { found: out.len(), expected: cells.to_string() });
    }
    Ok(out)
}

/// Formats digits in the line alphabet.
pub fn format_digits(digits: &[u8]) -> String {
    digits.iter().map(|&d| digit_char(d)).collect()
}
