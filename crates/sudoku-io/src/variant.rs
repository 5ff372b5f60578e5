//! Variant puzzles in: one record a line, either a JSON object (the form
//! in `docs/variants.md`), f-puzzles JSON, an f-puzzles or SudokuPad link,
//! or a line of givens for the size and rules the command line gives. Blank lines and `#` comments are skipped; text
//! after the givens and whitespace is a comment.

use std::io::Read;

use sudoku_variant::{Kinds, LayoutName, Puzzle, VariantError};

use crate::line_reader::LineReader;
use crate::RecordError;

/// What the command line says about the records.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VariantSpec {
    /// The side of line records (`--size`); else from each line's length.
    pub size: Option<usize>,
    /// Rules of the whole grid added to every record (`--variant
    /// x,windoku`).
    pub rules: Kinds,
    /// A named layout of overlapping grids (`--variant twodoku`): lines
    /// are read as its canvas, and a JSON record must be one.
    pub layout: Option<LayoutName>,
}

/// One variant puzzle of the input.
#[derive(Debug, Clone)]
pub struct VariantRecord {
    /// The file name, or `<stdin>`.
    pub source: std::sync::Arc<str>,
    /// 1-based line of the record.
    pub line: usize,
    /// The puzzle, or what was wrong with the record.
    pub puzzle: Result<Puzzle, RecordError>,
    /// The `solution` field of a JSON record, if it had one.
    pub solution: Option<Vec<u8>>,
    /// A player's digits: the `placed` field of a JSON record, or what
    /// follows a comma on a line (`givens,placed`).
    pub placed: Option<Vec<u8>>,
}

/// The variant records of `reader` (named `source` in errors).
pub fn variant_records<'a, R: Read + 'a>(
    reader: R,
    source: &str,
    spec: VariantSpec,
) -> impl Iterator<Item = VariantRecord> + 'a {
    let mut lines = LineReader::new(reader, source);
    std::iter::from_fn(move || loop {
        let line = match lines.next_line()? {
            Ok(l) => l,
            Err(e) => {
                let source = lines.source().clone();
                return Some(VariantRecord {
                    source,
                    line: e.line,
                    puzzle: Err(e),
                    solution: None,
                    placed: None,
                });
            }
        };
        let at = lines.line_no;
        let text = line.trim_start_matches('\u{feff}');
        let indent = text.len() - text.trim_start().len();
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let error = |column: usize, e: VariantError| lines.error(at, column, e.to_string());
        let (puzzle, solution, placed) =
            if is_link(text) || text.starts_with('{') && text.contains("\"grid\"") {
                // f-puzzles JSON, an f-puzzles or SudokuPad link.
                match Puzzle::from_link(text) {
                    Ok(imported) => {
                        let sudoku_variant::Imported { puzzle, solution, placed, .. } = imported;
                        (apply_spec(puzzle, spec).map_err(|e| error(0, e)), solution, placed)
                    }
                    Err(e) => (Err(lines.error(at, 0, e.to_string())), None, None),
                }
            } else if text.starts_with('{') {
                match Puzzle::from_json(text) {
                    Ok(j) => (apply_spec(j.puzzle, spec).map_err(|e| error(0, e)), j.solution, j.placed),
                    Err(VariantError::Json { column, message, .. }) => {
                        (Err(lines.error(at, indent + column, message)), None, None)
                    }
                    // A bad character of a grid field: at its column of the line.
                    Err(VariantError::FieldChar { field, column, found, expected }) => {
                        let message = format!("{field}: unexpected {found:?}, expected {expected}");
                        let e = match json_string_column(text, field) {
                            Some(start) => lines.error(at, indent + start + column - 1, message),
                            None => lines.error(at, 0, format!("{message} (character {column} of {field})")),
                        };
                        (Err(e), None, None)
                    }
                    Err(e) => (Err(error(0, e)), None, None),
                }
            } else {
                let record = text.split(|c: char| c.is_whitespace() || c == '#').next().unwrap_or_default();
                let (givens, placed_text) = match record.split_once(',') {
                    Some((g, p)) => (g, Some(p)),
                    None => (record, None),
                };
                let parsed = match spec.layout {
                    Some(name) => Puzzle::parse_layout_line(givens, name),
                    None => Puzzle::parse_line(givens, spec.size),
                }
                .and_then(|p| p.with_rules(p.rules().union(spec.rules)));
                let char_error = |offset: usize, e: VariantError| match e {
                    VariantError::Char { column, found, expected } => lines.error(
                        at,
                        indent + offset + column,
                        format!("unexpected {found:?}, expected {expected}"),
                    ),
                    e => error(0, e),
                };
                match (parsed, placed_text) {
                    (Err(e), _) => (Err(char_error(0, e)), None, None),
                    (Ok(p), None) => (Ok(p), None, None),
                    (Ok(p), Some(text)) => {
                        match sudoku_variant::parse_grid_digits(text, p.size(), p.canvas_len()) {
                            Ok(digits) => (Ok(p), None, Some(digits)),
                            Err(e) => (Err(char_error(givens.chars().count() + 1, e)), None, None),
                        }
                    }
                }
            };
        return Some(VariantRecord { source: lines.source().clone(), line: at, puzzle, solution, placed });
    })
}

/// Adds the command line's rules to a JSON record's, and checks its size
/// and layout.
fn apply_spec(puzzle: Puzzle, spec: VariantSpec) -> Result<Puzzle, VariantError> {
    if let Some(name) = spec.layout {
        let own = puzzle.layout().grids().and_then(|g| g.name());
        if own != Some(name) {
            return Err(VariantError::Grids(format!(
                "a {name} (--variant {name}), this record is a {}",
                puzzle.variant_name()
            )));
        }
    }
    if let Some(size) = spec.size {
        if size != puzzle.size() {
            return Err(VariantError::Length {
                found: puzzle.size() * puzzle.size(),
                expected: format!(
                    "a {size}x{size} puzzle (--size {size}), this record is {0}x{0}",
                    puzzle.size()
                ),
            });
        }
    }
    if spec.rules.is_empty() {
        return Ok(puzzle);
    }
    puzzle.with_rules(puzzle.rules().union(spec.rules))
}

/// Whether a record is a link (f-puzzles, SudokuPad, Penpa+), a bare
/// `fpuzzles…` string, a sudokuwiki.org packed board (`S9B…`), or Penpa+'s parameters alone (`m=solve&p=…`; a
/// line that starts with `#` is a comment).
fn is_link(text: &str) -> bool {
    let lower = text.get(..10).unwrap_or(text).to_ascii_lowercase();
    lower.starts_with("http")
        || lower.starts_with("fpuz")
        || lower.starts_with("www.")
        || lower.starts_with("sudokupa")
        || lower.starts_with("scl")
        || lower.starts_with("ctc")
        || lower.starts_with("swaroopg92")
        || lower.starts_with("opt-pan.")
        || lower.starts_with("penpa")
        || ["m=solve&", "m=edit&"].iter().any(|p| lower.starts_with(p))
        || sudoku_variant::is_sudokuwiki_board(text)
}

/// Whether a JSON record needs the variant model: it has a field a classic
/// 9×9 position does not (`givens`, `placed`, `candidates` are all it
/// has), or its givens are not 81 cells. Told by what the record holds, so
/// a field the variant form gains later (a new constraint) is never read
/// as classic. A classic position in JSON is not one, so `hint` keeps its
/// full SE ladder for it.
pub fn json_is_variant(text: &str) -> bool {
    let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(text) else {
        return true;
    };
    let givens = map.get("givens").and_then(|g| g.as_str()).is_some_and(|g| g.chars().count() != 81);
    json_has_variant_fields(&map) || givens
}

/// Whether a JSON object has a field a classic 9×9 position does not
/// (anything but `givens`, `placed` and `candidates`): the half of
/// [`json_is_variant`] that does not look at lengths.
pub fn json_has_variant_fields(map: &serde_json::Map<String, serde_json::Value>) -> bool {
    map.keys().any(|k| !matches!(k.as_str(), "givens" | "placed" | "candidates"))
}

/// The 1-based column (in characters) of the first character of the string
/// value of `field` in the one-line JSON object `text`, when the value has
/// no escapes before its end (then characters and columns agree).
fn json_string_column(text: &str, field: &str) -> Option<usize> {
    let key = format!("\"{field}\"");
    let after_key = text.find(&key)? + key.len();
    let rest = &text[after_key..];
    let colon = rest.find(|c: char| !c.is_whitespace())?;
    let rest = rest[colon..].strip_prefix(':')?;
    let quote = rest.find(|c: char| !c.is_whitespace())?;
    let value = rest[quote..].strip_prefix('"')?;
    if value.split('"').next()?.contains('\\') {
        return None;
    }
    let start = text.len() - value.len();
    Some(text[..start].chars().count() + 1)
}

/// Whether a first line of input is a variant record rather than a classic
/// one: a JSON object, or a line of givens whose length is a square other
/// than 81 (16, 36, …, 625, and past 625, so that the variant reader says
/// which sizes there are; but not 729, a Sukaku line) or a samurai's 441,
/// all of letters, digits and
/// blanks. A character outside the size's alphabet (a `Q` on a 16×16) is
/// left to the variant reader, which names the alphabet.
pub fn looks_like_variant(first_line: &str) -> bool {
    let t = first_line.trim_start_matches('\u{feff}').trim();
    if t.starts_with('{') || is_link(t) {
        return true;
    }
    let givens = t.split(|c: char| c.is_whitespace() || c == '#' || c == ',').next().unwrap_or_default();
    if !givens.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')) {
        return false;
    }
    let n = givens.chars().count();
    let side = (n as f64).sqrt().round() as usize;
    // 729 = 27² is a Sukaku line (a 9x9 position, 9 characters a cell).
    n != 81 && n != 729 && (n == 441 || (side * side == n && side >= 4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r43_lines_of_other_squares_are_variant_records_whatever_their_characters() {
        let line =
            |n: usize, at: usize, c: char| (0..n).map(|i| if i == at { c } else { '.' }).collect::<String>();
        assert!(looks_like_variant(&line(256, 100, 'Q')));
        assert!(looks_like_variant(&line(676, 0, '.')));
        assert!(looks_like_variant(&line(441, 3, '7')));
        assert!(looks_like_variant(&line(16, 3, '4')));
        assert!(!looks_like_variant(&line(81, 3, 'Q')));
        assert!(!looks_like_variant(&line(82, 3, '1')));
        assert!(!looks_like_variant(&"123456789".repeat(81)));
        assert!(!looks_like_variant("..3.2.6.."));
        assert!(!looks_like_variant("puzzle,solution"));
        assert!(!looks_like_variant("0 0 3 0 2 0 6 0 0"));
        assert!(!looks_like_variant(&format!("{}|", line(15, 0, '.'))));
        // The variant reader then says what is wrong, with the line.
        let read =
            |text: String| variant_records(text.as_bytes(), "t", VariantSpec::default()).next().unwrap();
        let e = read(line(256, 100, 'Q')).puzzle.unwrap_err().to_string();
        assert!(e.starts_with("t:1:101:") && e.contains("1-9, A-G"), "{e}");
        let e = read(line(676, 0, '.')).puzzle.unwrap_err().to_string();
        assert_eq!(e, "t:1: size 26 is not supported, expected a side from 4 to 25");
    }

    #[test]
    fn r43_a_bad_character_of_a_json_grid_field_is_located_in_the_line() {
        let givens = format!("{}x{}", ".".repeat(40), ".".repeat(40));
        let text = format!("  {{\"size\": 9, \"givens\": \"{givens}\"}}\n");
        let e =
            variant_records(text.as_bytes(), "t", VariantSpec::default()).next().unwrap().puzzle.unwrap_err();
        // Two spaces, `{"size": 9, "givens": "` (23 characters), 40 blanks.
        assert_eq!((e.line, e.column), (1, 2 + 23 + 41), "{e}");
        assert_eq!(text.chars().nth(e.column - 1), Some('x'));
        assert!(e.message.starts_with("givens: unexpected 'x'"), "{e}");
        let solution = r#"{"size":4,"givens":"1...............","solution":"12Z4"}"#;
        let e = variant_records(solution.as_bytes(), "t", VariantSpec::default())
            .next()
            .unwrap()
            .puzzle
            .unwrap_err();
        assert_eq!(solution.chars().nth(e.column - 1), Some('Z'), "{e}");
        assert!(e.message.starts_with("solution: unexpected 'Z'"), "{e}");
    }

    #[test]
    fn lines_and_json_records_with_places_in_errors() {
        let text = "# comment\n1.....2..3.....4\n\n  {\"size\":4,\"rules\":[\"x\"],\"givens\":\"1...\"}\n\
                    {\"size\":4,\"givens\":\"1234123412341234\"}\n12Z.............\n";
        let got: Vec<VariantRecord> = variant_records(text.as_bytes(), "t", VariantSpec::default()).collect();
        assert_eq!(got.len(), 4);
        assert_eq!(got[0].line, 2);
        assert_eq!(got[0].puzzle.as_ref().unwrap().size(), 4);
        let e = got[1].puzzle.as_ref().unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.message.contains("4 cells, expected 16") || e.message.contains("cells"), "{e}");
        // Every row repeats 1234: a well-formed record with no solution.
        assert!(got[2].puzzle.is_ok());
        let e = got[3].puzzle.as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (6, 3), "{e}");
    }

    #[test]
    fn command_line_rules_join_each_record() {
        let spec = VariantSpec { size: None, rules: Kinds::parse_list("x").unwrap(), layout: None };
        let text = "................\n{\"size\":4,\"rules\":[\"anti-king\"]}\n";
        let got: Vec<VariantRecord> = variant_records(text.as_bytes(), "t", spec).collect();
        assert_eq!(got[0].puzzle.as_ref().unwrap().rules(), spec.rules);
        assert_eq!(got[1].puzzle.as_ref().unwrap().rules().iter().count(), 2);
        let sized = VariantSpec { size: Some(9), rules: Kinds::NONE, layout: None };
        let got: Vec<VariantRecord> = variant_records(&text.as_bytes()[17..], "t", sized).collect();
        assert!(got[0].puzzle.as_ref().unwrap_err().message.contains("--size 9"));
    }

    #[test]
    fn r47_penpa_links_are_records_with_or_without_host() {
        // A 4x4 with boxes, 1 in r1c1, 2 in r4c4 (sudoku-variant's Penpa example).
        let params = "m=solve&p=Rc5LC4JAFAXgvb8i7vos5qE4d3YtclkQtRKJIKNIEFI3iv+9Oz6SMzN8XA7cabpH/ekQS6yDgg5hNd3YhKOWXN5tVfod9l37qr8C\
                      4JRleN6rpozypVVE0dCf/dDffF6M6K8b3cajH0g78jlpkn3yFqA4CQOzDqR2kFqawFnyBuQYrGZZsJ4kn1ylwWaWAdv/jGcxtEqF4/gD";
        for form in [
            format!("https://swaroopg92.github.io/penpa-edit/#{params}"),
            format!("swaroopg92.github.io/penpa-edit/#{params}"),
            params.to_string(),
        ] {
            assert!(looks_like_variant(&form), "{form}");
            let got: Vec<VariantRecord> =
                variant_records(form.as_bytes(), "t", VariantSpec::default()).collect();
            let puzzle = got[0].puzzle.as_ref().unwrap_or_else(|e| panic!("{form}: {e}"));
            assert_eq!(puzzle.givens_line(), "1..............2", "{form}");
        }
    }

    #[test]
    fn what_looks_like_a_variant() {
        assert!(looks_like_variant("{\"size\":16}"));
        assert!(looks_like_variant(&".".repeat(256)));
        assert!(looks_like_variant(&".".repeat(441)));
        assert!(!looks_like_variant(&".".repeat(81)));
        assert!(!looks_like_variant("9 rows of a block"));
        assert!(!looks_like_variant("+-------+-------+-------+"));
        assert!(json_is_variant(r#"{"size":9,"rules":["x"]}"#));
        assert!(json_is_variant(r#"{"givens":"1..............."}"#));
        assert!(!json_is_variant(&format!(r#"{{"givens":"{}","candidates":[]}}"#, ".".repeat(81))));
    }
}
