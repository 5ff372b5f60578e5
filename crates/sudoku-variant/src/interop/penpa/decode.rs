//! From a Penpa+ link to its lines of text: the `p=` parameter,
//! percent-decoded, base64, raw deflate (inflated with `miniz_oxide`, capped
//! at [`MAX_TEXT`] bytes so that a small link that inflates to gigabytes is
//! refused without allocating them), UTF-8, then Penpa's abbreviations
//! undone (`zN` is `"number"`; `COMPRESS_SUB` in penpa-edit's
//! `class_p.js`, undone last entry first as its `load` does).

use super::super::links::percent_decode;
use super::super::InteropError;

/// The most bytes the inflated text may have. A 9×9 puzzle's text is a
/// few kilobytes, an `m=edit` link with a long undo history some
/// hundreds; more is refused as hostile. Undoing the abbreviations may
/// grow the text at most eightfold (`z8` is `"command_replay"`).
pub const MAX_TEXT: usize = 1 << 20;

/// Penpa's abbreviations, `(text, abbreviation)`, in its order: the first
/// escapes every `z`, so that no text in a cell reads as an abbreviation.
const ABBREVIATIONS: [(&str, &str); 31] = [
    ("z", "zZ"),
    ("\"qa\"", "z9"),
    ("\"pu_q\"", "zQ"),
    ("\"pu_a\"", "zA"),
    ("\"grid\"", "zG"),
    ("\"edit_mode\"", "zM"),
    ("\"surface\"", "zS"),
    ("\"line\"", "zL"),
    ("\"lineE\"", "zE"),
    ("\"wall\"", "zW"),
    ("\"cage\"", "zC"),
    ("\"number\"", "zN"),
    ("\"symbol\"", "zY"),
    ("\"special\"", "zP"),
    ("\"board\"", "zB"),
    ("\"command_redo\"", "zR"),
    ("\"command_undo\"", "zU"),
    ("\"command_replay\"", "z8"),
    ("\"numberS\"", "z1"),
    ("\"freeline\"", "zF"),
    ("\"freelineE\"", "z2"),
    ("\"thermo\"", "zT"),
    ("\"arrows\"", "z3"),
    ("\"direction\"", "zD"),
    ("\"squareframe\"", "z0"),
    ("\"polygon\"", "z5"),
    ("\"deletelineE\"", "z4"),
    ("\"killercages\"", "z6"),
    ("\"nobulbthermo\"", "z7"),
    ("\"__a\"", "z_"),
    ("null", "zO"),
];

/// Whether `link` is a Penpa+ link: its address before the parameters
/// names penpa (penpa-edit's hosts and paths), or its parameters hold both
/// `m=solve`/`m=edit` and `p=`. (Only the address is searched: compressed
/// data of another site may spell anything.)
pub(crate) fn is_penpa_link(link: &str) -> bool {
    let address = link.split(['#', '?', '=']).next().unwrap_or_default();
    if address.to_ascii_lowercase().contains("penpa") {
        return true;
    }
    let params = params(link);
    params.iter().any(|&(k, v)| k == "m" && (v == "solve" || v == "edit"))
        && params.iter().any(|&(k, _)| k == "p")
}

/// The `key=value` parameters of a link: every piece between `#`, `?`
/// and `&` that holds a `=` (base64 has none of those three, and its `=`
/// only pads the end, after the key's).
fn params(link: &str) -> Vec<(&str, &str)> {
    link.split(['#', '?', '&']).filter_map(|piece| piece.split_once('=')).collect()
}

/// The lines of text of a Penpa+ link (with or without scheme and host,
/// or the parameters alone: `m=solve&p=…`).
pub(crate) fn penpa_lines(link: &str) -> Result<Vec<String>, InteropError> {
    let params = params(link.trim());
    if let Some(&(_, mode)) = params.iter().find(|&&(k, _)| k == "m") {
        if mode != "solve" && mode != "edit" {
            return Err(InteropError::Link(format!("Penpa+ mode m={mode} (expected m=solve or m=edit)")));
        }
    }
    let Some(&(_, data)) = params.iter().find(|&&(k, _)| k == "p") else {
        return Err(InteropError::Link("no Penpa+ puzzle data found (expected p=…)".into()));
    };
    let data = percent_decode(data)?.replace(' ', "+");
    if data.is_empty() {
        return Err(InteropError::Link("the link carries no puzzle data (p= is empty)".into()));
    }
    if data.to_ascii_lowercase().starts_with("http") {
        return Err(InteropError::Unsupported(vec![
            "a Penpa+ link to a puzzle of another site (p=http…)".into()
        ]));
    }
    let text = inflate_text(&base64(&data, "p=")?)?;
    Ok(expand(&text).split('\n').map(str::to_string).collect())
}

/// The answer of a Penpa+ link (`a=`, inflated as `p=` but without
/// abbreviations to undo: penpa-edit writes it as plain JSON), when it
/// has one that is not empty.
pub(crate) fn penpa_answer(link: &str) -> Result<Option<String>, InteropError> {
    let params = params(link.trim());
    let Some(&(_, data)) = params.iter().find(|&&(k, _)| k == "a") else { return Ok(None) };
    let data = percent_decode(data)?.replace(' ', "+");
    if data.trim().is_empty() {
        return Ok(None);
    }
    let text = inflate_text(&base64(&data, "a=")?).map_err(|e| match e {
        InteropError::Deflate(why) => InteropError::Deflate(format!("the answer (a=) {why}")),
        other => other,
    })?;
    Ok(Some(text))
}

/// Standard base64 (`+/`, or the URL-safe `-_`), padding optional,
/// whitespace skipped.
fn base64(text: &str, param: &str) -> Result<Vec<u8>, InteropError> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 3);
    let (mut acc, mut bits) = (0u32, 0u32);
    let body = text.trim_end_matches('=');
    if body.len() + 2 < text.len() {
        return Err(InteropError::Link(format!("{param} data: more than two '=' at the end")));
    }
    for (at, b) in body.bytes().enumerate() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            _ => {
                let c = body[at..].chars().next().unwrap_or('?');
                return Err(InteropError::Link(format!("{param} data: {c:?} at {} is not base64", at + 1)));
            }
        };
        acc = (acc << 6 | u32::from(v)) & 0xffff;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}

/// Raw deflate to UTF-8 text, at most [`MAX_TEXT`] bytes.
fn inflate_text(bytes: &[u8]) -> Result<String, InteropError> {
    use miniz_oxide::inflate::{decompress_to_vec_with_limit, TINFLStatus};
    let plain = decompress_to_vec_with_limit(bytes, MAX_TEXT).map_err(|e| {
        InteropError::Deflate(match e.status {
            TINFLStatus::HasMoreOutput => format!("inflates to more than {MAX_TEXT} bytes"),
            TINFLStatus::FailedCannotMakeProgress => "truncated".to_string(),
            _ => "not raw deflate data".to_string(),
        })
    })?;
    String::from_utf8(plain).map_err(|_| InteropError::Deflate("the inflated text is not UTF-8".into()))
}

/// The text with Penpa's abbreviations written out.
fn expand(text: &str) -> String {
    let mut text = text.to_string();
    for (long, short) in ABBREVIATIONS.iter().rev() {
        if text.contains(short) {
            text = text.replace(short, long);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_reads_both_alphabets_with_or_without_padding() {
        assert_eq!(base64("TWFu", "p=").unwrap(), b"Man");
        assert_eq!(base64("TWE=", "p=").unwrap(), b"Ma");
        assert_eq!(base64("TWE", "p=").unwrap(), b"Ma");
        assert_eq!(base64("TQ==", "p=").unwrap(), b"M");
        assert_eq!(base64("-_8", "p=").unwrap(), base64("+/8", "p=").unwrap());
        assert!(base64("TW!u", "p=").is_err());
        assert!(base64("TQ===", "p=").is_err());
    }

    #[test]
    fn abbreviations_are_undone_and_an_escaped_z_stays_text() {
        assert_eq!(
            expand("{zN:{\"1\":[\"zZG\",1,\"1\"]},zE:zO}"),
            "{\"number\":{\"1\":[\"zG\",1,\"1\"]},\"lineE\":null}"
        );
    }

    #[test]
    fn links_are_told_by_host_or_parameters() {
        assert!(is_penpa_link("https://swaroopg92.github.io/penpa-edit/#m=solve&p=abc"));
        assert!(is_penpa_link("m=edit&p=abc"));
        assert!(is_penpa_link("https://example.org/x.html#m=solve&p=abc"));
        assert!(!is_penpa_link("https://www.f-puzzles.com/?load=N4Ig"));
        assert!(!is_penpa_link("https://sudokupad.app/fpuzzlesN4Ig"));
    }
}
