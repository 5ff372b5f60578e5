//! Fuzz target: any bytes as a Penpa+ link never panic, whichever way they
//! reach the reader: as a link's `p=` text (the raw input, as text), and
//! as the inflated Penpa text itself (the input deflated and base64'd
//! here, so the fuzzer explores the layers rather than the deflate
//! stream), and as the answer check (`a=`) of a fixed 4x4. A puzzle read is
//! well formed: its JSON form reads back to itself, and a solution read
//! with it keeps its rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_variant::Puzzle;

/// Standard base64.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len() / 3 * 4 + 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            out.push(if i <= chunk.len() { ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' });
        }
    }
    out
}

fn check(link: &str) {
    if let Ok(imported) = Puzzle::from_link(link) {
        // The JSON form reads back to itself (it lists constraints by
        // kind, where the reader keeps Penpa's order of layers).
        let json = imported.puzzle.to_json(None);
        let back = Puzzle::from_json(&json).expect("our own JSON reads back");
        assert_eq!(back.puzzle.to_json(None), json);
        if let Some(solution) = &imported.solution {
            assert_eq!(imported.puzzle.check_solution(solution), Ok(()));
        }
    }
}

/// A 4x4 with boxes, a 1 in r1c1 and a 2 in r4c4 (the `from_penpa` doc
/// example's data).
const FOUR: &str = "Rc5LC4JAFAXgvb8i7vos5qE4d3YtclkQtRKJIKNIEFI3iv+9Oz6SMzN8XA7cabpH/ekQS6yDgg5hNd3YhKOWXN5tVfod9l37qr8C\
    4JRleN6rpozypVVE0dCf/dDffF6M6K8b3cajH0g78jlpkn3yFqA4CQOzDqR2kFqawFnyBuQYrGZZsJ4kn1ylwWaWAdv/jGcxtEqF4/gD";

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check(&format!("https://swaroopg92.github.io/penpa-edit/#m=solve&p={text}"));
        check(text);
    }
    let deflated = miniz_oxide::deflate::compress_to_vec(data, 1);
    check(&format!("m=edit&p={}", base64(&deflated)));
    check(&format!("m=solve&p={FOUR}&a={}", base64(&deflated)));
});
