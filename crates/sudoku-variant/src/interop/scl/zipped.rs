//! SudokuPad's "zipped" JSON: the text an `scl…` link decompresses to.
//!
//! SudokuPad's `PuzzleZipper` (SudokuPad/sudokutools, `src/puzzlezipper_lib.js`;
//! the same rules in SakanaAI/Sudoku-Bench's Python port) shortens a
//! puzzle's JSON before lz-string compresses it:
//!
//! - empty arrays are dropped, and an empty object in an array is left out
//!   (`[{},{}]` is written `[,]`: n commas are n + 1 elements);
//! - keys lose their quotes (`{cells:…}`) and long keys are shortened
//!   ([`LONG_KEYS`]: `ce` is `cells`, `wp` is `wayPoints`, …);
//! - `true`/`false` are `t`/`f`; an object's colour value `"#000000"` is
//!   `#0`, `"#FFFFFF"` is `#F`, and any other `"#RRGGBB"` is the bare six
//!   hex digits;
//! - whole-number strings become numbers (a cage's `"15"` is `15`);
//! - `"` becomes `'`, and a `'` inside a string is written `\'`.
//!
//! [`parse`] reads that form with a small tokenizer (not SudokuPad's
//! regular expressions, which also rewrite text inside strings) into a
//! [`serde_json::Value`] with the long keys restored. Plain JSON (a
//! `ctc…` link's data) is read by the same parser. Depth is bounded, and
//! no input panics.

use serde_json::{Map, Number, Value};

/// Short key → long key, SudokuPad's `propMap` reversed.
pub(super) const LONG_KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Nesting deeper than this is refused (a puzzle needs 4 or 5 levels).
const MAX_DEPTH: usize = 64;

/// Reads zipped (or plain) puzzle JSON, long keys restored; the message
/// says where it stopped.
pub(super) fn parse(text: &str) -> Result<Value, String> {
    let mut reader = Reader { bytes: text.as_bytes(), text, at: 0 };
    reader.space();
    let value = reader.value(0, false)?;
    reader.space();
    if reader.at != reader.bytes.len() {
        return Err(reader.error("text after the puzzle object"));
    }
    Ok(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> String {
        format!("zipped JSON, character {}: {what}", self.at + 1)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        self.space();
        match self.peek() {
            Some(b) if b == byte => {
                self.at += 1;
                Ok(())
            }
            _ => Err(self.error(&format!("expected '{}'", byte as char))),
        }
    }

    /// A value; `in_object` when it is an object's (where bare hex is a
    /// colour).
    fn value(&mut self, depth: usize, in_object: bool) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        self.space();
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(q @ (b'\'' | b'"')) => Ok(Value::String(self.string(q)?)),
            Some(_) => self.bare(in_object),
            None => Err(self.error("unexpected end")),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut map = Map::new();
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(map));
        }
        loop {
            self.space();
            let key = match self.peek() {
                Some(q @ (b'\'' | b'"')) => self.string(q)?,
                _ => match self.word() {
                    Some(word) => word.to_string(),
                    None => return Err(self.error("expected a key")),
                },
            };
            self.expect(b':')?;
            let value = self.value(depth + 1, true)?;
            let key = LONG_KEYS.iter().find(|(s, _)| *s == key).map_or(key, |(_, l)| (*l).to_string());
            map.insert(key, value);
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut items = Vec::new();
        self.space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.space();
            // An element left out is an empty object.
            let item = match self.peek() {
                Some(b',' | b']') => Value::Object(Map::new()),
                _ => self.value(depth + 1, false)?,
            };
            items.push(item);
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    /// A quoted string; `\'` is a quote, other escapes as in JSON.
    fn string(&mut self, quote: u8) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let rest = &self.text[self.at..];
            let stop = rest.find([quote as char, '\\']).ok_or_else(|| self.error("unterminated string"))?;
            out.push_str(&rest[..stop]);
            self.at += stop;
            if self.bytes[self.at] == quote {
                self.at += 1;
                return Ok(out);
            }
            // A backslash.
            let escaped =
                self.bytes.get(self.at + 1).copied().ok_or_else(|| self.error("unterminated string"))?;
            self.at += 2;
            match escaped {
                b'\'' | b'"' | b'\\' | b'/' => out.push(escaped as char),
                b'n' => out.push('\n'),
                b't' => out.push('\t'),
                b'r' => out.push('\r'),
                b'b' => out.push('\u{8}'),
                b'f' => out.push('\u{c}'),
                b'u' => {
                    let hex =
                        self.text.get(self.at..self.at + 4).ok_or_else(|| self.error("bad \\u escape"))?;
                    let unit = u32::from_str_radix(hex, 16).map_err(|_| self.error("bad \\u escape"))?;
                    self.at += 4;
                    // A lone surrogate (half of a pair) becomes U+FFFD.
                    out.push(char::from_u32(unit).unwrap_or('\u{fffd}'));
                }
                _ => return Err(self.error("bad escape")),
            }
        }
    }

    /// A run of key characters (letters, digits, `_`, `$`).
    fn word(&mut self) -> Option<&str> {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$') {
            self.at += 1;
        }
        (self.at > start).then(|| &self.text[start..self.at])
    }

    /// An unquoted value: a number, `t`/`f`/`true`/`false`/`null`, `#0`,
    /// `#F`, or an object's bare six-digit hex colour.
    fn bare(&mut self, in_object: bool) -> Result<Value, String> {
        let start = self.at;
        while self.peek().is_some_and(|b| !matches!(b, b',' | b'}' | b']') && !b.is_ascii_whitespace()) {
            self.at += 1;
        }
        let token = &self.text[start..self.at];
        let value = match token {
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => Value::String("#000000".into()),
            "#F" => Value::String("#FFFFFF".into()),
            _ if in_object && token.len() == 6 && token.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Value::String(format!("#{token}"))
            }
            _ => {
                let number: Option<Number> = serde_json::from_str(token).ok();
                Value::Number(number.ok_or_else(|| {
                    self.at = start;
                    self.error(&format!("unexpected {:?}", token.chars().take(20).collect::<String>()))
                })?)
            }
        };
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::parse;
    use serde_json::json;

    #[test]
    fn reads_the_zipped_shorthands() {
        let v = parse("{ce:[[{v:5},,],[,,]],o:[{ct:[1,0.5],c1:#0,c2:#F,c:CFCFCF,r:t,te:''}],t:'It\\'s'}")
            .unwrap();
        assert_eq!(
            v,
            json!({
                "cells": [[{"value": 5}, {}, {}], [{}, {}, {}]],
                "overlays": [{"center": [1, 0.5], "borderColor": "#000000", "backgroundColor": "#FFFFFF",
                              "color": "#CFCFCF", "rounded": true, "text": ""}],
                "title": "It's",
            })
        );
    }

    #[test]
    fn reads_plain_json_and_refuses_garbage() {
        assert_eq!(
            parse(r#"{"cells":[[{}]],"rounded":false}"#).unwrap(),
            json!({"cells": [[{}]], "rounded": false})
        );
        for bad in ["", "{", "{a:}", "{a:1,}", "[1 2]", "{a:'x", "{a:'\\u12'}", "{a:zz}", "{a:1}x", "{:1}"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(parse(&"[".repeat(1000)).is_err());
    }
}
