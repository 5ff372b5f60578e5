//! Links that carry a puzzle: f-puzzles share links (`?load=` followed
//! by lz-string base64 of the f-puzzles JSON), SudokuPad links whose
//! puzzle id starts with `fpuzzles` (the same data after that prefix) or
//! with `scl`/`ctc` (SudokuPad's own JSON, [`super::scl`]), and
//! sudokuwiki.org solver links ([`super::sudokuwiki`]).
//!
//! Accepted forms, with or without the scheme and host:
//! `https://www.f-puzzles.com/?load=N4Ig…`,
//! `https://sudokupad.app/fpuzzlesN4Ig…` (or SudokuPad's shorter
//! `fpuzN4Ig…`), `…/sudoku/fpuzzlesN4Ig…`, `…?puzzleid=fpuzzlesN4Ig…`,
//! `fpuzzlesN4Ig…`, a bare `N4Ig…`, or the f-puzzles JSON itself; and
//! `https://sudokupad.app/sclN4Ig…`, `…?puzzleid=ctcN4Ig…`, `sclN4Ig…`
//! (also `https://sudokupad.app/scf?puzzleid=sclN4Ig…`, the address
//! puzzle tools give their SudokuPad previews: the `scf` page carries no
//! data of its own). Percent-escapes are decoded, a space stands for
//! `+` (form decoding), and a `/` that a web server folded from `//` is
//! restored by trying the few ways to double it.

use super::lzstring::{compress_to_base64, decompress_from_base64, decompress_within, LzError, MAX_OUTPUT};
use super::{Imported, InteropError};
use crate::Puzzle;

/// Base of the links [`Puzzle::to_fpuzzles_link`] writes.
const FPUZZLES_BASE: &str = "https://www.f-puzzles.com/?load=";
/// Base of the links [`Puzzle::to_sudokupad_link`] writes.
const SUDOKUPAD_BASE: &str = "https://sudokupad.app/fpuzzles";
/// At most this many `/` are considered for doubling (2^n - 1 tries).
const MAX_SLASHES: usize = 8;

impl Puzzle {
    /// Reads a puzzle from an f-puzzles or SudokuPad link (see the module
    /// docs for the forms), from raw f-puzzles JSON, or from a Penpa+ link
    /// ([`Puzzle::from_penpa`]).
    ///
    /// ```
    /// use sudoku_variant::{Kinds, Puzzle};
    ///
    /// let x = Puzzle::blank(6)?.with_rules(Kinds::parse_list("x")?)?;
    /// let link = x.to_sudokupad_link(None)?;
    /// assert!(link.starts_with("https://sudokupad.app/fpuzzles"));
    /// assert_eq!(Puzzle::from_link(&link)?.puzzle, x);
    ///
    /// // A constraint the model lacks is refused by name.
    /// // (A plain line's meaning is only in the rules text.)
    /// let line = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
    ///     "line":[{"lines":[["R1C1","R1C2","R1C3"]]}]}"#;
    /// let err = Puzzle::from_link(line).unwrap_err();
    /// assert_eq!(err.to_string(), "not supported: line (cosmetic, may carry rules)");
    /// # Ok::<(), sudoku_variant::InteropError>(())
    /// ```
    pub fn from_link(link: &str) -> Result<Imported, InteropError> {
        let link = link.trim();
        if link.starts_with('{') {
            return Puzzle::from_fpuzzles(link);
        }
        if super::penpa::is_penpa_link(link) {
            return Puzzle::from_penpa(link);
        }
        if let Some(imported) = super::sudokuwiki::from_sudokuwiki_link(link) {
            return imported;
        }
        match link_payload(link)? {
            Payload::Fpuzzles(data) => Puzzle::from_fpuzzles(&decompress_link_data(&data, is_object)?),
            Payload::Scl(data) => Puzzle::from_scl(&decompress_link_data(&data, opens_object)?),
        }
    }

    /// An f-puzzles share link (`https://www.f-puzzles.com/?load=…`): the
    /// f-puzzles JSON of [`Puzzle::to_fpuzzles`], `solution` included when
    /// given (a link carries everything the JSON does).
    pub fn to_fpuzzles_link(&self, solution: Option<&[u8]>) -> Result<String, InteropError> {
        Ok(format!("{FPUZZLES_BASE}{}", compress_to_base64(&self.to_fpuzzles(solution)?)))
    }

    /// A SudokuPad link (`https://sudokupad.app/fpuzzles…`), the data as
    /// it is, the form f-puzzles and other tools write (SudokuPad itself
    /// repairs a `//` that a server folded); `solution` as in
    /// [`Puzzle::to_fpuzzles_link`].
    pub fn to_sudokupad_link(&self, solution: Option<&[u8]>) -> Result<String, InteropError> {
        Ok(format!("{SUDOKUPAD_BASE}{}", compress_to_base64(&self.to_fpuzzles(solution)?)))
    }
}

/// The compressed data a link carries, percent-decoded, by what it
/// decompresses to.
enum Payload {
    /// f-puzzles JSON.
    Fpuzzles(String),
    /// SudokuPad's JSON, zipped (`scl`) or plain (`ctc`).
    Scl(String),
}

fn link_payload(link: &str) -> Result<Payload, InteropError> {
    let lower = link.to_ascii_lowercase();
    // The prefix that comes first names the data (the data after it may
    // spell another prefix by chance).
    let found = [
        (lower.find("load="), 5, Some(false)),
        (lower.find("fpuzzles"), 8, Some(false)),
        (id_after(&lower, "fpuz").map(|at| at - 4), 4, Some(false)),
        (id_after(&lower, "scl").map(|at| at - 3), 3, Some(true)),
        (id_after(&lower, "ctc").map(|at| at - 3), 3, Some(true)),
        // `…/scf?puzzleid=scl…` (the page tools link their previews to)
        // names no data of its own: the id in the query does.
        (id_after(&lower, "scf").filter(|&at| has_data_at(&lower, at)).map(|at| at - 3), 3, None),
    ]
    .into_iter()
    .filter_map(|(at, len, scl)| at.map(|at| (at, len, scl)))
    .min_by_key(|&(at, _, _)| at);
    let mut scl = false;
    let data = if let Some((at, len, kind)) = found {
        match kind {
            Some(is_scl) => {
                scl = is_scl;
                &link[at + len..]
            }
            None => {
                return Err(InteropError::Unsupported(vec![
                    "SudokuPad's packed classic form (scf…); open it in SudokuPad and share it as an scl link"
                        .into(),
                ]))
            }
        }
    } else if lower.contains("://") || lower.contains("sudokupad") || lower.contains("f-puzzles") {
        // A link without data: a short id names a puzzle stored online.
        let path = link.split(['?', '#']).next().unwrap_or_default();
        let id = query_value(link, "puzzleid=")
            .or_else(|| query_value(link, "id="))
            .unwrap_or_else(|| path.rsplit('/').next().unwrap_or_default());
        if !id.is_empty()
            && !id.contains('.')
            && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(short_id(id));
        }
        return Err(InteropError::Link("no puzzle data found (expected ?load= or fpuzzles…)".into()));
    } else {
        link
    };
    // Base64 has no '&', '#' or '?': they start other parameters.
    let data = data.split(['&', '#', '?']).next().unwrap_or_default();
    let data = percent_decode(data)?.replace(' ', "+");
    if data.is_empty() {
        return Err(InteropError::Link("the link carries no puzzle data".into()));
    }
    if data.len() < 20 && data.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(short_id(&data));
    }
    Ok(if scl { Payload::Scl(data) } else { Payload::Fpuzzles(data) })
}

fn short_id(id: &str) -> InteropError {
    InteropError::Link(format!(
        "{id:?} is a short id of a puzzle stored online; open it and copy the full link"
    ))
}

/// Whether data starts at `at` (not the end, nor a query or fragment).
fn has_data_at(lower: &str, at: usize) -> bool {
    !matches!(lower.as_bytes().get(at), None | Some(b'?' | b'#' | b'&' | b'/'))
}

/// The value of a query parameter (`key` includes the `=`), up to `&`
/// or `#`.
fn query_value<'a>(link: &'a str, key: &str) -> Option<&'a str> {
    let at = link.find(['?', '&']).map(|q| &link[q..])?;
    let start = at.find(key)? + key.len();
    at[start..].split(['&', '#']).next()
}

/// Where the data of a SudokuPad puzzle id with `prefix` starts in a
/// (lowercased) link: the id opens the text, or follows a `/` or `=` in a
/// SudokuPad or Cracking the Cryptic link.
fn id_after(lower: &str, prefix: &str) -> Option<usize> {
    if lower.starts_with(prefix) {
        return Some(prefix.len());
    }
    if !(lower.contains("sudokupad") || lower.contains("crackingthecryptic")) {
        return None;
    }
    ["/", "="].iter().find_map(|sep| lower.find(&format!("{sep}{prefix}")).map(|at| at + 1 + prefix.len()))
}

pub(super) fn percent_decode(text: &str) -> Result<String, InteropError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
            let byte = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
            match byte {
                Some(b) => {
                    out.push(b);
                    i += 3;
                    continue;
                }
                None => return Err(InteropError::Link(format!("bad percent-escape at {}", i + 1))),
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).map_err(|_| InteropError::Link("percent-escapes are not UTF-8".into()))
}

/// Decompresses link data; when it fails and the data has `/`, tries
/// doubling some of them (fewest first), as a server may fold `//`.
fn decompress_link_data(data: &str, is_object: fn(&str) -> bool) -> Result<String, InteropError> {
    let first = match decompress_from_base64(data) {
        Ok(json) if is_object(&json) => return Ok(json),
        Ok(_) => LzError::Truncated,
        Err(e) => e,
    };
    let slashes: Vec<usize> = data.match_indices('/').map(|(i, _)| i).take(MAX_SLASHES).collect();
    // Data that expands too far is not fixed by a slash: refuse it at once.
    if slashes.is_empty() || first == LzError::TooLong {
        return Err(first.into());
    }
    let mut patterns: Vec<u32> = (1..1u32 << slashes.len()).collect();
    patterns.sort_by_key(|p| p.count_ones());
    // All guesses together may produce at most MAX_OUTPUT units, so a
    // crafted link costs no more than one honest decompression.
    let mut spent = 0;
    for pattern in patterns {
        if spent >= MAX_OUTPUT {
            break;
        }
        let mut fixed = String::with_capacity(data.len() + slashes.len());
        let mut from = 0;
        for (k, &at) in slashes.iter().enumerate() {
            if pattern & (1 << k) != 0 {
                fixed.push_str(&data[from..=at]);
                fixed.push('/');
                from = at + 1;
            }
        }
        fixed.push_str(&data[from..]);
        if let Ok(json) = decompress_within(&fixed, MAX_OUTPUT - spent, &mut spent) {
            if is_object(&json) {
                return Ok(json);
            }
        }
    }
    Err(first.into())
}

/// Whether decompressed text is a JSON object (a wrong guess at folded
/// slashes decompresses to garbage).
fn is_object(json: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(json).is_ok_and(|v| v.is_object())
}

/// Whether decompressed text may be SudokuPad's (zipped) JSON: it opens
/// and closes an object (the zipped form is no JSON to check fully).
fn opens_object(text: &str) -> bool {
    let text = text.trim();
    text.starts_with('{') && text.ends_with('}')
}
