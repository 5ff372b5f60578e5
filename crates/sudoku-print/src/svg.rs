//! The SVG renderer: one standalone SVG document per page, drawing the same
//! [`layout`] sheets as the PDF.
//!
//! SVG carries no font here: text names the DejaVu Sans family, with the
//! viewer's sans-serif face as the fallback, and is placed by the same
//! metrics as in the PDF. Numbers are written with at most two decimals, so
//! the output is deterministic and diffs well.

use std::fmt::Write;

use super::font::FAMILY;
use super::layout::{self, Anchor, Sheet};
use super::marks::{self, Cap, Mark};
use super::{PrintItem, PrintOptions};

/// A book as SVG documents, one per page, in page order.
pub fn render_svg(items: &[PrintItem], opts: &PrintOptions) -> Vec<String> {
    layout::book(items, opts).iter().map(|sheet| render_sheet(sheet, &opts.title)).collect()
}

/// One sheet as an SVG document titled `title`.
pub fn render_sheet(sheet: &Sheet, title: &str) -> String {
    let mut s = String::with_capacity(16 * 1024);
    // `write!` into a String cannot fail.
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="{h}pt" viewBox="0 0 {w} {h}">"#,
        w = num(sheet.width),
        h = num(sheet.height)
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(
        s,
        "<style>text{{font-family:'{FAMILY}',Verdana,Arial,sans-serif}}.d{{font-variant-numeric:tabular-nums}}</style>"
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#fff"/>"##);
    if !sheet.marks.is_empty() {
        draw_marks(&mut s, &sheet.marks);
    }
    for grid in &sheet.grids {
        let lines = grid.lines();
        s.push_str("<g fill=\"none\">\n");
        let _ = write!(
            s,
            r#"<path stroke="{}" stroke-width="{}" d=""#,
            gray(lines.thin_gray),
            num(lines.thin_width)
        );
        path(&mut s, &lines.thin);
        s.push_str("\"/>\n");
        let _ = write!(s, r##"<path stroke="#000" stroke-width="{}" d=""##, num(lines.thick_width));
        path(&mut s, &lines.thick);
        s.push_str("\"/>\n");
        let [x, y, w, h] = lines.border;
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" stroke="#000" stroke-width="{}" stroke-linejoin="miter"/>"##,
            num(x),
            num(y),
            num(w),
            num(h),
            num(lines.thick_width)
        );
        s.push_str("</g>\n");
        let digits: Vec<_> = grid.digits().collect();
        let Some(first) = digits.first() else { continue };
        let _ = writeln!(s, r#"<g class="d" font-size="{}">"#, num(first.size));
        for d in &digits {
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" fill="{}">{}</text>"#,
                num(d.x),
                num(d.y),
                gray(d.gray),
                d.digit
            );
        }
        s.push_str("</g>\n");
    }
    for run in &sheet.texts {
        let anchor = anchor_attribute(run.anchor);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="{}" fill="{}"{anchor}>{}</text>"#,
            num(run.x),
            num(run.y),
            num(run.size),
            gray(run.gray),
            escape(&run.text)
        );
    }
    for run in &sheet.vertical_texts {
        let anchor = anchor_attribute(run.anchor);
        // Turned a quarter clockwise about its own origin.
        let _ = writeln!(
            s,
            r#"<text transform="translate({} {}) rotate(90)" font-size="{}" fill="{}"{anchor}>{}</text>"#,
            num(run.x),
            num(run.y),
            num(run.size),
            gray(run.gray),
            escape(&run.text)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The marks of a sheet ([`crate::marks`]): shapes in order, then texts.
fn draw_marks(s: &mut String, marks: &[Mark]) {
    for mark in marks {
        match mark {
            Mark::Fill { rect: [x, y, w, h], gray: level } => {
                let _ = writeln!(
                    s,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
                    num(*x),
                    num(*y),
                    num(*w),
                    num(*h),
                    gray(*level)
                );
            }
            Mark::Lines { segments, width, gray: level, dash, cap } => {
                let cap = match cap {
                    Cap::Butt => "",
                    Cap::Square => r#" stroke-linecap="square""#,
                    Cap::Round => r#" stroke-linecap="round" stroke-linejoin="round""#,
                };
                let dash = match dash {
                    Some([on, off]) => format!(r#" stroke-dasharray="{} {}""#, num(*on), num(*off)),
                    None => String::new(),
                };
                let _ = write!(
                    s,
                    r#"<path fill="none" stroke="{}" stroke-width="{}"{cap}{dash} d=""#,
                    gray(*level),
                    num(*width)
                );
                path(s, segments);
                s.push_str("\"/>\n");
            }
            Mark::Disc { centre: [x, y], radius, gray: level } => {
                let _ = writeln!(
                    s,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="{}"/>"#,
                    num(*x),
                    num(*y),
                    num(*radius),
                    gray(*level)
                );
            }
            Mark::Text { .. } => {}
        }
    }
    for mark in marks {
        let Mark::Text { run, bold } = mark else { continue };
        let anchor = anchor_attribute(run.anchor);
        let stroke = if *bold {
            format!(r#" stroke="{}" stroke-width="{}""#, gray(run.gray), num(marks::bold_stroke(run.size)))
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="{}" fill="{}"{stroke}{anchor}>{}</text>"#,
            num(run.x),
            num(run.y),
            num(run.size),
            gray(run.gray),
            escape(&run.text)
        );
    }
}

/// The `text-anchor` attribute of `anchor` (none for the start).
fn anchor_attribute(anchor: Anchor) -> &'static str {
    match anchor {
        Anchor::Start => "",
        Anchor::Middle => r#" text-anchor="middle""#,
        Anchor::End => r#" text-anchor="end""#,
    }
}

fn path(s: &mut String, segments: &[[f32; 4]]) {
    for (i, [x1, y1, x2, y2]) in segments.iter().enumerate() {
        let sep = if i == 0 { "" } else { " " };
        let _ = write!(s, "{sep}M{} {}L{} {}", num(*x1), num(*y1), num(*x2), num(*y2));
    }
}

/// A number with at most two decimals, trailing zeros dropped.
fn num(v: f32) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A gray level as `#rrggbb`.
fn gray(level: f32) -> String {
    let v = (level.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{v:02x}{v:02x}{v:02x}")
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.345), "12.35");
        assert_eq!(num(-0.001), "0");
        assert_eq!(gray(0.4), "#666666");
        assert_eq!(escape("a<b & \"c\"\u{7}"), "a&lt;b &amp; &quot;c&quot;");
    }
}
