//! lz-string's base64 form (`compressToBase64` / `decompressFromBase64`),
//! the compression f-puzzles and SudokuPad links use.
//!
//! Written from the algorithm: an LZW variant over UTF-16 code units whose
//! codes grow from 2 bits, with literal codes 0 (8-bit unit), 1 (16-bit
//! unit) and 2 (end), packed 6 bits per base64 character, most
//! significant bit first, each code's bits least significant first.
//!
//! Decompression is bounded: dictionary entries are parent links (never
//! copied strings) and the output is capped at [`MAX_OUTPUT`] code units,
//! so a hostile link cannot make the reader allocate more than a few
//! megabytes. (The `lz-str` crate copies each dictionary entry, so a
//! crafted input of a few kilobytes grows quadratically; that is why this
//! module exists.)

use std::collections::{HashMap, HashSet};

/// The base64 alphabet of lz-string; `=` pads.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The most UTF-16 code units a decompression may produce (4 Mi).
pub const MAX_OUTPUT: usize = 1 << 22;

/// Why a text is not lz-string base64.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LzError {
    /// A character outside the base64 alphabet.
    #[error("character {found:?} at {position} is not base64")]
    Char {
        /// 1-based position in the text.
        position: usize,
        /// The character.
        found: char,
    },
    /// The data ended before the end code.
    #[error("compressed data is truncated")]
    Truncated,
    /// A code that names no dictionary entry.
    #[error("compressed data is corrupt (code {0} is not in the dictionary)")]
    BadCode(u32),
    /// The output would exceed [`MAX_OUTPUT`] code units.
    #[error("compressed data expands past {MAX_OUTPUT} characters")]
    TooLong,
    /// The output is not valid UTF-16.
    #[error("compressed data is not valid UTF-16 text")]
    Utf16,
}

/// Compresses text as lz-string's `compressToBase64` does, padding
/// included, so the output is byte-identical to the JavaScript library's.
pub fn compress_to_base64(text: &str) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut out = BitWriter::default();
    // Codes of single units and of (prefix code, unit) pairs.
    let mut singles: HashMap<u16, u32> = HashMap::new();
    let mut pairs: HashMap<(u32, u16), u32> = HashMap::new();
    // Single units seen but not yet written as a literal.
    let mut pending: HashSet<u16> = HashSet::new();
    let mut dict_size: u32 = 3;
    let mut num_bits: u32 = 2;
    let mut enlarge_in: u32 = 2;
    // The current phrase: its code and, when it is one unit, that unit.
    let mut w: Option<(u32, Option<u16>)> = None;

    for &c in &units {
        if let std::collections::hash_map::Entry::Vacant(e) = singles.entry(c) {
            e.insert(dict_size);
            dict_size += 1;
            pending.insert(c);
        }
        match w {
            None => w = Some((singles[&c], Some(c))),
            Some((code, single)) => {
                if let Some(&wc) = pairs.get(&(code, c)) {
                    w = Some((wc, None));
                } else {
                    emit_phrase(&mut out, code, single, &mut pending, &mut num_bits, &mut enlarge_in);
                    pairs.insert((code, c), dict_size);
                    dict_size += 1;
                    w = Some((singles[&c], Some(c)));
                }
            }
        }
    }
    if let Some((code, single)) = w {
        emit_phrase(&mut out, code, single, &mut pending, &mut num_bits, &mut enlarge_in);
    }
    out.write(2, num_bits);
    let mut text = out.finish();
    while text.len() % 4 != 0 {
        text.push('=');
    }
    text
}

/// Writes phrase `code` (a literal the first time a single unit is used)
/// and advances the code width.
fn emit_phrase(
    out: &mut BitWriter,
    code: u32,
    single: Option<u16>,
    pending: &mut HashSet<u16>,
    num_bits: &mut u32,
    enlarge_in: &mut u32,
) {
    let step = |num_bits: &mut u32, enlarge_in: &mut u32| {
        *enlarge_in -= 1;
        if *enlarge_in == 0 {
            *enlarge_in = 1 << *num_bits;
            *num_bits += 1;
        }
    };
    match single.filter(|u| pending.remove(u)) {
        Some(unit) => {
            if unit < 256 {
                out.write(0, *num_bits);
                out.write(u32::from(unit), 8);
            } else {
                out.write(1, *num_bits);
                out.write(u32::from(unit), 16);
            }
            step(num_bits, enlarge_in);
        }
        None => out.write(code, *num_bits),
    }
    step(num_bits, enlarge_in);
}

/// Packs bits six to a base64 character.
#[derive(Default)]
struct BitWriter {
    text: String,
    value: u8,
    position: u32,
}

impl BitWriter {
    /// Writes the low `n` bits of `value`, least significant first.
    fn write(&mut self, mut value: u32, n: u32) {
        for _ in 0..n {
            self.push_bit(value & 1 == 1);
            value >>= 1;
        }
    }

    fn push_bit(&mut self, bit: bool) {
        self.value = (self.value << 1) | u8::from(bit);
        if self.position == 5 {
            self.text.push(char::from(ALPHABET[usize::from(self.value & 63)]));
            self.value = 0;
            self.position = 0;
        } else {
            self.position += 1;
        }
    }

    /// Pads the last character with zero bits (always writing one more
    /// character, as the reference does).
    fn finish(mut self) -> String {
        loop {
            self.value <<= 1;
            if self.position == 5 {
                self.text.push(char::from(ALPHABET[usize::from(self.value & 63)]));
                return self.text;
            }
            self.position += 1;
        }
    }
}

/// Reads bits from base64 characters, decoding each character only when
/// its bits are needed: text after the end code is never looked at, as in
/// the reference.
struct BitReader<'a> {
    chars: std::str::Chars<'a>,
    position: usize,
    value: u8,
    mask: u8,
}

impl BitReader<'_> {
    /// Reads `n` bits into a number, least significant first.
    fn read(&mut self, n: u32) -> Result<u32, LzError> {
        let mut bits = 0u32;
        for k in 0..n {
            if self.mask == 0 {
                let ch = self.chars.next().ok_or(LzError::Truncated)?;
                self.position += 1;
                self.value = match ALPHABET.iter().position(|&a| char::from(a) == ch) {
                    Some(v) => v as u8,
                    // Padding reads as zero bits.
                    None if ch == '=' => 0,
                    None => return Err(LzError::Char { position: self.position, found: ch }),
                };
                self.mask = 32;
            }
            if self.value & self.mask != 0 {
                bits |= 1 << k;
            }
            self.mask >>= 1;
        }
        Ok(bits)
    }
}

/// One dictionary entry: the entry it extends (or none), its last unit,
/// its first unit and its length.
#[derive(Clone, Copy)]
struct Entry {
    parent: u32,
    last: u16,
    first: u16,
    len: u32,
}

const NO_PARENT: u32 = u32::MAX;

/// Decompresses lz-string base64 text. An `=` reads as six zero bits
/// (padding, and the odd one inside some published links), and text after
/// the end code is ignored, both as the reference reads them; any other
/// character outside the alphabet is an error. The result must be valid
/// UTF-16.
pub fn decompress_from_base64(text: &str) -> Result<String, LzError> {
    decompress_within(text, MAX_OUTPUT, &mut 0)
}

/// Decompresses with at most `limit` code units of output, adding the
/// units produced (also on failure) to `spent`, so that callers that try
/// several guesses can share one budget.
pub(crate) fn decompress_within(text: &str, limit: usize, spent: &mut usize) -> Result<String, LzError> {
    let mut out = Vec::new();
    let result = decompress_units(text, limit, &mut out);
    *spent += out.len();
    result?;
    String::from_utf16(&out).map_err(|_| LzError::Utf16)
}

fn decompress_units(text: &str, limit: usize, out: &mut Vec<u16>) -> Result<(), LzError> {
    let mut reader = BitReader { chars: text.chars(), position: 0, value: 0, mask: 0 };
    // Codes 0, 1 and 2 are markers; entries start at 3.
    let mut dict: Vec<Entry> = vec![Entry { parent: NO_PARENT, last: 0, first: 0, len: 0 }; 3];
    let literal = |reader: &mut BitReader, marker: u32| -> Result<u16, LzError> {
        let width = if marker == 0 { 8 } else { 16 };
        Ok(reader.read(width)? as u16)
    };
    let first = match reader.read(2)? {
        m @ (0 | 1) => literal(&mut reader, m)?,
        2 => return Ok(()),
        other => return Err(LzError::BadCode(other)),
    };
    dict.push(Entry { parent: NO_PARENT, last: first, first, len: 1 });
    out.push(first);
    let mut w = 3u32;
    let mut num_bits = 3u32;
    let mut enlarge_in = 4u64;
    loop {
        let mut code = reader.read(num_bits)?;
        match code {
            0 | 1 => {
                let unit = literal(&mut reader, code)?;
                dict.push(Entry { parent: NO_PARENT, last: unit, first: unit, len: 1 });
                code = (dict.len() - 1) as u32;
                enlarge_in -= 1;
            }
            2 => return Ok(()),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let we = dict[w as usize];
        let defined_now = code as usize == dict.len();
        if defined_now {
            // The phrase being defined: w followed by w's first unit.
            dict.push(Entry { parent: w, last: we.first, first: we.first, len: we.len + 1 });
        } else if code < 3 || code as usize > dict.len() {
            return Err(LzError::BadCode(code));
        }
        let entry = code;
        let e = dict[entry as usize];
        if out.len() + e.len as usize > limit {
            return Err(LzError::TooLong);
        }
        let start = out.len();
        let mut at = entry;
        while at != NO_PARENT {
            let node = dict[at as usize];
            out.push(node.last);
            at = node.parent;
        }
        out[start..].reverse();
        if !defined_now {
            dict.push(Entry { parent: w, last: e.first, first: we.first, len: we.len + 1 });
        }
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        if num_bits > 31 {
            return Err(LzError::TooLong);
        }
    }
}
