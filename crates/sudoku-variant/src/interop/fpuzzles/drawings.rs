//! The drawings Rangsk's Fpuzzles-NewConstraints userscript writes beside
//! the constraints it adds to f-puzzles, so that viewers without it still
//! show them: cosmetic `line`, `circle`, `cage` and `text` entries marked
//! `fromConstraint` with the constraint's name (`"X Sum"`, `"Renban"`).
//! The userscript drops them again when it loads a puzzle; a reader that
//! knows the constraint may too, as they state nothing the constraint does
//! not. Source: the userscript's `exportPuzzle` and `importPuzzle`
//! (`UserScripts/fpuzzles-newconstraints.js` of dclamage/SudokuSolver,
//! read for the format only) and the real puzzles "Tiny Scar" (X-sums,
//! whispers) and "Renban Skyscrapers" (skyscrapers, renban) that carry
//! them (`SudokuTests/Puzzles.cs` of the same repository, commit 226e55b).
//!
//! A drawing is taken as one only when it draws what the field it names
//! holds, entry for entry: a `line` the `lines` of one of its entries, a
//! `text` the `cell` of one of its entries with that entry's `value` or a
//! symbol (no digit in it), a `circle` or `cage` cells on its entries. The
//! field is the name in lower case without spaces, as f-puzzles names
//! fields (German and Dutch whispers are both written as `whispers`), and
//! must be one a registered kind reads. Anything else is left to the
//! reader's refusal of cosmetics.

use serde_json::{Map, Value};

use crate::KINDS;

/// Whether `entry` of the cosmetic field `key` draws a constraint of the
/// field its `fromConstraint` names, and nothing else.
pub(super) fn is_drawing(key: &str, entry: &Value, object: &Map<String, Value>) -> bool {
    let Some(name) = entry.get("fromConstraint").and_then(Value::as_str) else { return false };
    let mut field: String = name.chars().filter(|c| *c != ' ').collect::<String>().to_lowercase();
    if matches!(field.as_str(), "germanwhispers" | "dutchwhispers") {
        field = "whispers".into();
    }
    if !KINDS.iter().any(|k| k.fpuzzles_keys().contains(&field.as_str())) {
        return false;
    }
    let Some(entries) = object.get(&field).and_then(Value::as_array).filter(|e| !e.is_empty()) else {
        return false;
    };
    let cells =
        |v: Option<&Value>| -> Vec<Value> { v.and_then(Value::as_array).cloned().unwrap_or_default() };
    match key {
        "line" => {
            entry.get("lines").is_some_and(|lines| entries.iter().any(|e| e.get("lines") == Some(lines)))
        }
        "text" => {
            let drawn = cells(entry.get("cells"));
            let value = entry.get("value").and_then(Value::as_str).unwrap_or("");
            let symbol = !value.chars().any(|c| c.is_ascii_digit());
            drawn.len() == 1
                && entries.iter().any(|e| {
                    e.get("cell") == Some(&drawn[0])
                        && (symbol || e.get("value").is_some_and(|v| same_number(v, value)))
                })
        }
        "circle" | "cage" => {
            let drawn = cells(entry.get("cells"));
            let on = |cell: &Value| {
                entries.iter().any(|e| {
                    e.get("cell") == Some(cell)
                        || cells(e.get("cells")).contains(cell)
                        || cells(e.get("lines")).iter().any(|line| cells(Some(line)).contains(cell))
                })
            };
            !drawn.is_empty() && drawn.iter().all(on)
        }
        _ => false,
    }
}

/// Whether a constraint's `value` (a number or its text) is `text`.
fn same_number(value: &Value, text: &str) -> bool {
    match value {
        Value::String(s) => s.trim() == text.trim(),
        Value::Number(n) => n.to_string() == text.trim(),
        _ => false,
    }
}
