//! Unit tests of `input.rs`.

use super::*;

fn read(text: &str, format: InputFormat) -> Vec<Result<String, String>> {
    Records::new(text.as_bytes(), format, "t")
        .map(|r| r.grid.map(|g| g.to_line()).map_err(|e| e.to_string()))
        .collect()
}

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn auto_detects_line_block_and_noip_records_in_one_stream() {
    let g = Grid::parse_line(P).unwrap();
    let mut text = format!("# comment\n{P}\n\n{}\n", g.to_block());
    let noip: Vec<String> = g.to_array().iter().map(|v| v.to_string()).collect();
    text.push_str(&noip.join(" "));
    text.push('\n');
    let out = read(&text, InputFormat::Auto);
    assert_eq!(out, vec![Ok(P.to_string()); 3]);
}

#[test]
fn errors_carry_absolute_line_and_column() {
    let text = format!("{P}\n{}x\n", &P[..40]);
    let out = read(&text, InputFormat::Line);
    assert_eq!(
        out[1],
        Err("t:2:41: unexpected character 'x', expected a digit 1-9 or a blank (. 0 _)".into())
    );
}

#[test]
fn poj_reads_the_count_then_grids_and_reports_missing_ones() {
    let g = Grid::parse_line(P).unwrap();
    let text = format!("2\n{}", g.to_rows());
    let out = read(&text, InputFormat::Auto);
    assert_eq!(out.len(), 2);
    assert_eq!(out[0], Ok(P.to_string()));
    assert!(out[1].as_ref().unwrap_err().contains("1 more grids"), "{:?}", out[1]);
}

/// Hands out its bytes a few at a time, as a pipe may.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(self.0.len()).min(5);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn find_line_end_agrees_with_a_byte_search() {
    let text = b"0123456789abcdef\n0123\r\n\n456789abc\rdefghijklmnop\n\x8a\x0a\xff\x0d\x8d";
    for start in 0..text.len() {
        for end in start..=text.len() {
            let bytes = &text[start..end];
            let expected = bytes.iter().position(|&b| b == b'\n' || b == b'\r');
            assert_eq!(find_line_end(bytes), expected, "{start}..{end}");
        }
    }
}

#[test]
fn lines_split_across_reads_and_buffers_read_whole() {
    // More than one read buffer, in 5-byte reads, half the lines CRLF.
    let n = 2 * READ_BYTES / P.len();
    let text: String = (0..n).map(|i| format!("{P}{}", if i % 2 == 0 { "\n" } else { "\r\n" })).collect();
    for format in [InputFormat::Auto, InputFormat::Line] {
        let records: Vec<Record> = Records::new(Trickle(text.as_bytes()), format, "t").collect();
        assert_eq!(records.len(), n);
        for (i, r) in records.iter().enumerate() {
            assert_eq!(r.line, i + 1);
            assert_eq!(r.grid.as_ref().map(Grid::to_line), Ok(P.to_string()));
        }
    }
}

#[test]
fn the_line_cap_counts_the_newline() {
    // P, a comment (with no `#`) padded to MAX_LINE_BYTES bytes with its
    // newline, then the same line one byte longer.
    let line = |len: usize| format!("{P} x{}\n", "x".repeat(len - P.len() - 3));
    let text = format!("{}{}{P}\n", line(MAX_LINE_BYTES), line(MAX_LINE_BYTES + 1));
    let out = read(&text, InputFormat::Auto);
    assert_eq!(out[0], Ok(P.to_string()));
    assert_eq!(out[1], Err(format!("t:2:{}: line longer than {MAX_LINE_BYTES} bytes", MAX_LINE_BYTES + 1)));
    assert_eq!(out[2], Ok(P.to_string()));
}

/// Issue 31: a comment or blank line over the line limit became an
/// extra malformed record, and a valid puzzle with a long `#` comment
/// was malformed. Past the limit a comment is still a comment and a
/// blank line still blank; other content past it is one malformed
/// record. Checked in every text format that reads lines, with the
/// limit inside and outside the read buffer, and in 5-byte reads.
#[test]
fn r31_long_comments_and_blank_lines_keep_one_record_one_record() {
    let long = |s: &str| format!("{s}{}", "x".repeat(MAX_LINE_BYTES * 2));
    let blank = " ".repeat(MAX_LINE_BYTES * 5);
    let g = Grid::parse_line(P).unwrap();
    // Per case: the format, the text, and whether each record is `P`.
    type Case = (InputFormat, String, Vec<Result<(), ()>>);
    let cases: Vec<Case> = vec![
        (
            InputFormat::Line,
            format!("{}\n{P}\n{blank}\n{}\n", long("# "), long(&format!("{P} #"))),
            vec![Ok(()); 2],
        ),
        (
            InputFormat::Auto,
            format!("{}\r\n{blank}\r\n{}\r\n", long(&format!("{P} # ")), long("#")),
            vec![Ok(())],
        ),
        (InputFormat::Auto, format!("{}\n{}{}\n{P}\n", long("#"), g.to_block(), long("# ")), vec![Ok(()); 2]),
        (
            InputFormat::Block,
            format!("{}\n{}\n{blank}\n{}", long("#"), g.to_block(), g.to_block()),
            vec![Ok(()); 2],
        ),
        // Content past the limit, blank before it or not: one malformed record.
        (InputFormat::Auto, format!("{blank}{P}\n{}\n{P}\n", long(P)), vec![Err(()), Err(()), Ok(())]),
        (InputFormat::Line, format!("{P}\n{}\n{P}", long(P)), vec![Ok(()), Err(()), Ok(())]),
    ];
    for (format, text, expected) in cases {
        for records in [
            Records::new(text.as_bytes(), format, "t").collect::<Vec<_>>(),
            Records::new(Trickle(text.as_bytes()), format, "t").collect(),
        ] {
            let got: Vec<Result<(), ()>> = records
                .iter()
                .map(|r| match &r.grid {
                    Ok(grid) => {
                        assert_eq!(grid.to_line(), P);
                        Ok(())
                    }
                    Err(e) => {
                        assert!(e.message.contains("longer than"), "{e}");
                        Err(())
                    }
                })
                .collect();
            assert_eq!(got, expected, "{format:?}");
        }
    }
}

#[test]
fn digit_only_lines_read_as_lines_or_noip_in_auto_input() {
    let solution = Grid::parse_line(P).unwrap().solve_one().unwrap();
    let digits = solution.to_line();
    let spaced: Vec<String> = digits.chars().map(String::from).collect();
    let text = format!("{digits}\n{digits} # solved\n{}\n", spaced.join(" "));
    assert_eq!(read(&text, InputFormat::Auto), vec![Ok(digits.clone()); 3]);
}

/// Issue 15: with any mix of valid and malformed one-line records, in
/// line and auto input, each line is exactly one record, in order.
#[test]
fn r15_every_line_is_one_record_whatever_mix_of_valid_and_malformed() {
    let bad = [
        "xx".to_string(),
        "hello world".to_string(),
        P[..80].to_string(),
        format!("{P}x"),
        P.replace('4', "a"),
        "12345".to_string(),
    ];
    let kinds: Vec<String> = std::iter::once(P.to_string()).chain(bad.iter().cloned()).collect();
    for format in [InputFormat::Auto, InputFormat::Line] {
        for a in &kinds {
            for b in &kinds {
                for c in [P.to_string(), bad[0].clone(), bad[2].clone()] {
                    // A short digit line must be followed by a line record
                    // to be one record in auto input (it could start a block).
                    let lines = [a.clone(), b.clone(), c.clone(), P.to_string()];
                    if format == InputFormat::Auto && (a == "12345" && b == "12345") {
                        continue;
                    }
                    let text = lines.join("\n");
                    let out = read(&text, format);
                    assert_eq!(out.len(), 4, "{format:?} {lines:?} -> {out:?}");
                    for (line, got) in lines.iter().zip(&out) {
                        assert_eq!(got.is_ok(), line == P, "{format:?} {lines:?} -> {out:?}");
                    }
                }
            }
        }
    }
}

/// Issue 31.7: a byte that is not UTF-8 on a block's row before its
/// last is named by its hex value (the parser sees U+FFFD after the
/// line has gone by); one in a row's comment is no error.
#[test]
fn r31_a_bad_byte_in_a_block_row_is_shown_as_its_hex_value() {
    let g = Grid::parse_line(P).unwrap();
    let rows: Vec<String> = g.to_rows().lines().map(String::from).collect();
    let mut text = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let mut bytes = row.clone().into_bytes();
        if i == 2 {
            bytes[1] = 0xff;
        }
        if i == 4 {
            bytes.extend_from_slice(b" # caf\xe9");
        }
        text.extend_from_slice(&bytes);
        text.push(b'\n');
    }
    let records: Vec<Record> = Records::new(text.as_slice(), InputFormat::Block, "t").collect();
    assert_eq!(records.len(), 1);
    let e = records[0].grid.as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (3, 2), "{e}");
    assert!(e.message.starts_with("unexpected byte 0xff (not UTF-8)"), "{e}");
}

/// Issue 31.7: 81 noip integers one a line (or three a line), alone or
/// after other records, are one noip record; a count line and 9-cell
/// rows stay poj.
#[test]
fn r31_noip_integers_over_many_lines_are_one_record() {
    let g = Grid::parse_line(P).unwrap();
    let values: Vec<String> = g.to_array().iter().map(|v| v.to_string()).collect();
    let one_a_line = values.join("\n");
    let three_a_line: Vec<String> = values.chunks(3).map(|c| c.join(" ")).collect();
    let three_a_line = three_a_line.join("\n");
    for text in [one_a_line.clone(), three_a_line, format!("{P}\n{one_a_line}\n\n{one_a_line}\n")] {
        let out = read(&text, InputFormat::Auto);
        assert!(!out.is_empty() && out.iter().all(|r| r == &Ok(P.to_string())), "{text:?} -> {out:?}");
    }
    let poj = format!("2\n{}{}", g.to_rows(), g.to_rows());
    assert_eq!(read(&poj, InputFormat::Auto), vec![Ok(P.to_string()); 2]);
}

#[test]
fn r15_a_lone_carriage_return_ends_a_line() {
    let text = format!("{P}\r{P}\r\r\n{P}\r");
    assert_eq!(read(&text, InputFormat::Auto), vec![Ok(P.to_string()); 3]);
    assert_eq!(read(&text, InputFormat::Line), vec![Ok(P.to_string()); 3]);
    // Split between the \r and the \n of a CRLF, and between two lone CRs.
    let records: Vec<Record> = Records::new(Trickle(text.as_bytes()), InputFormat::Auto, "t").collect();
    assert_eq!(records.iter().map(|r| r.line).collect::<Vec<_>>(), vec![1, 2, 4]);
}

#[test]
fn r15_signed_numbers_in_auto_input_are_noip_values_out_of_range() {
    let mut cells = vec!["0"; 81];
    cells[4] = "-1";
    let out = read(&cells.join(" "), InputFormat::Auto);
    assert_eq!(out.len(), 1);
    let err = out[0].as_ref().unwrap_err();
    assert_eq!(err, &read(&cells.join(" "), InputFormat::Noip)[0].clone().unwrap_err());
    assert!(err.contains("-1"), "{err}");
    cells[4] = "+3";
    assert!(read(&cells.join(" "), InputFormat::Auto)[0].is_err());
}

#[test]
fn r15_a_closing_border_is_no_record() {
    let g = Grid::parse_line(P).unwrap();
    let border = "+-------+-------+-------+";
    let rows: Vec<String> = g.to_block().lines().map(|l| format!("| {l} |")).collect();
    let text = format!("{border}\n{}\n{border}\n", rows.join("\n"));
    assert_eq!(read(&text, InputFormat::Auto), vec![Ok(P.to_string())]);
    assert_eq!(read(&text, InputFormat::Block), vec![Ok(P.to_string())]);
    let twice = format!("{text}\n{text}");
    assert_eq!(read(&twice, InputFormat::Auto), vec![Ok(P.to_string()); 2]);
}

#[test]
fn r15_an_over_long_line_ending_in_crlf_is_one_line() {
    // The rest of a line too long for the buffer is skipped up to its
    // line end; a `\r\n` there is one line end, not two.
    for end in ["\r\n", "\r", "\n"] {
        let text = format!("{}{end}xx{end}{P}{end}", "1".repeat(MAX_LINE_BYTES * 3));
        for records in [
            Records::new(text.as_bytes(), InputFormat::Line, "t").collect::<Vec<_>>(),
            Records::new(Trickle(text.as_bytes()), InputFormat::Line, "t").collect(),
        ] {
            let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
            assert_eq!(lines, vec![1, 2, 3], "{end:?}");
            assert_eq!(records[1].grid.as_ref().unwrap_err().line, 2, "{end:?}");
            assert_eq!(records[2].grid.as_ref().map(Grid::to_line), Ok(P.to_string()));
        }
    }
}

#[test]
fn an_over_long_line_is_an_error_not_an_allocation() {
    let text = format!("{}\n{P}\n", "1".repeat(MAX_LINE_BYTES * 3));
    let out = read(&text, InputFormat::Line);
    assert!(out[0].as_ref().unwrap_err().contains("longer than"));
    assert_eq!(out[1], Ok(P.to_string()));
}
