//! What kind of puzzles an input holds, told once for every front end:
//! the CLI, the server and Python all ask [`sniff`], so a text is read as
//! the same kind of puzzles wherever it is given.

use sudoku_io::{json_is_variant, looks_like_variant};

/// The model an input's puzzles are read into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// Classic 9x9 records, in any of the classic forms.
    Classic,
    /// Variant records: the JSON form, links, lines of other sizes.
    Variant,
}

/// How a JSON record is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonRecords {
    /// Every JSON record is a variant puzzle (`solve`, `grade`, `print`,
    /// the server's lists).
    Variant,
    /// A JSON record is a classic 9x9 position (givens, placed digits,
    /// candidates) unless it needs the variant model (`hint`: see
    /// [`sudoku_io::json_is_variant`]).
    Positions,
}

/// The first record of `text`: its first line that is neither blank nor a
/// `#` comment.
pub fn first_record(text: &str) -> Option<&str> {
    text.split(['\n', '\r']).find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
}

/// The kind of the input that begins with `head` (the whole text, or its
/// first few kilobytes: a character cut at the end is no harm), told from
/// its first record ([`first_record`]): a JSON object, a link, or a line of
/// givens of a size other than 9x9 is a variant record
/// ([`sudoku_io::looks_like_variant`]); JSON as `json` says.
pub fn sniff(head: &[u8], json: JsonRecords) -> InputKind {
    let text = String::from_utf8_lossy(head);
    let Some(line) = first_record(&text) else { return InputKind::Classic };
    let variant = match (json, line.trim_start().starts_with('{')) {
        (JsonRecords::Positions, true) => json_is_variant(line.trim()),
        _ => looks_like_variant(line),
    };
    match variant {
        true => InputKind::Variant,
        false => InputKind::Classic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_record_tells_the_kind_past_blank_lines_and_comments() {
        let x = r#"{"rules":["x"],"givens":"1"}"#;
        let line81 = ".".repeat(81);
        let line256 = ".".repeat(256);
        for (text, kind) in [
            (format!("# puzzles\n\n{x}\n"), InputKind::Variant),
            (format!("\r\n  # a comment\r\n{line256}\r\n"), InputKind::Variant),
            (format!("# {line256}\n{line81}\n"), InputKind::Classic),
            (format!("{line81}\n{line256}\n"), InputKind::Classic),
            ("# only comments\n\n".to_string(), InputKind::Classic),
            (String::new(), InputKind::Classic),
        ] {
            assert_eq!(sniff(text.as_bytes(), JsonRecords::Variant), kind, "{text:?}");
        }
        // A classic position in JSON is a variant record for solve, not
        // for hint.
        let position = format!(r#"{{"givens":"{line81}","placed":"{line81}"}}"#);
        assert_eq!(sniff(position.as_bytes(), JsonRecords::Variant), InputKind::Variant);
        assert_eq!(sniff(position.as_bytes(), JsonRecords::Positions), InputKind::Classic);
        assert_eq!(sniff(format!("# c\n{x}").as_bytes(), JsonRecords::Positions), InputKind::Variant);
        // A multi-byte character cut at the end of a head.
        let mut cut = format!("{line256}\n").into_bytes();
        cut.extend_from_slice(&"é".as_bytes()[..1]);
        assert_eq!(sniff(&cut, JsonRecords::Variant), InputKind::Variant);
    }
}
