//! The one typeface of printed books, DejaVu Sans, compiled into the
//! binary: its metrics for the layout, its glyph ids and outlines for the
//! PDF's embedded subset. Licence: `assets/fonts/LICENSE-DejaVu.txt`.

use std::sync::OnceLock;

use ttf_parser::{Face, GlyphId};

/// The font file, unmodified.
pub const DATA: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
/// The family name, for SVG's `font-family`.
pub const FAMILY: &str = "DejaVu Sans";
/// The PostScript name, for the PDF's `BaseFont`.
pub const POSTSCRIPT_NAME: &str = "DejaVuSans";

/// Where a digit's ink sits, in ems (multiply by the font size), from the
/// glyph origin with y up.
#[derive(Debug, Clone, Copy, Default)]
pub struct InkBox {
    /// Left edge.
    pub x_min: f32,
    /// Right edge.
    pub x_max: f32,
    /// Bottom edge (0 is the baseline).
    pub y_min: f32,
    /// Top edge.
    pub y_max: f32,
}

/// The parsed font and the metrics looked up often.
pub struct Font {
    face: Face<'static>,
    units_per_em: f32,
    digits: [InkBox; 10],
}

impl Font {
    /// The font, parsed once per process.
    pub fn get() -> &'static Font {
        static FONT: OnceLock<Font> = OnceLock::new();
        FONT.get_or_init(Font::parse)
    }

    fn parse() -> Font {
        // The bundled file is no input: a unit test checks that it parses.
        let face = Face::parse(DATA, 0).expect("the bundled DejaVu Sans parses");
        let units_per_em = f32::from(face.units_per_em());
        let mut digits = [InkBox::default(); 10];
        for (d, ink) in digits.iter_mut().enumerate() {
            let c = char::from(b'0' + d as u8);
            let glyph = face.glyph_index(c).unwrap_or(GlyphId(0));
            if let Some(r) = face.glyph_bounding_box(glyph) {
                *ink = InkBox {
                    x_min: f32::from(r.x_min) / units_per_em,
                    x_max: f32::from(r.x_max) / units_per_em,
                    y_min: f32::from(r.y_min) / units_per_em,
                    y_max: f32::from(r.y_max) / units_per_em,
                };
            }
        }
        Font { face, units_per_em, digits }
    }

    /// The parsed face.
    pub fn face(&self) -> &Face<'static> {
        &self.face
    }

    /// Font units per em.
    pub fn units_per_em(&self) -> f32 {
        self.units_per_em
    }

    /// The glyph of `c`; 0 (the missing-glyph box) when the font lacks it.
    pub fn glyph(&self, c: char) -> u16 {
        self.face.glyph_index(c).map_or(0, |g| g.0)
    }

    /// The advance width of `glyph`, in ems.
    pub fn advance(&self, glyph: u16) -> f32 {
        f32::from(self.face.glyph_hor_advance(GlyphId(glyph)).unwrap_or(0)) / self.units_per_em
    }

    /// The width of `text` set at `size` points, without kerning.
    pub fn text_width(&self, text: &str, size: f32) -> f32 {
        text.chars().map(|c| self.advance(self.glyph(c))).sum::<f32>() * size
    }

    /// Where the ink of digit `d` (0–9) sits.
    pub fn digit_ink(&self, d: u8) -> InkBox {
        self.digits[usize::from(d.min(9))]
    }

    /// Where the ink of any character sits (the digits' boxes for `0`–`9`;
    /// an empty box for a character without outline).
    pub fn ink(&self, c: char) -> InkBox {
        if c.is_ascii_digit() {
            return self.digit_ink(c as u8 - b'0');
        }
        let glyph = self.face.glyph_index(c).unwrap_or(GlyphId(0));
        self.face.glyph_bounding_box(glyph).map_or(InkBox::default(), |r| InkBox {
            x_min: f32::from(r.x_min) / self.units_per_em,
            x_max: f32::from(r.x_max) / self.units_per_em,
            y_min: f32::from(r.y_min) / self.units_per_em,
            y_max: f32::from(r.y_max) / self.units_per_em,
        })
    }

    /// `text` cut to fit `max_width` at `size`, ending in `…` when cut.
    pub fn fit(&self, text: &str, size: f32, max_width: f32) -> String {
        if self.text_width(text, size) <= max_width {
            return text.to_string();
        }
        let ellipsis = self.text_width("…", size);
        let mut width = 0.0;
        let mut out = String::new();
        for c in text.chars() {
            width += self.advance(self.glyph(c)) * size;
            if width + ellipsis > max_width {
                break;
            }
            out.push(c);
        }
        let mut out = out.trim_end().to_string();
        out.push('…');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_has_every_glyph_a_book_needs() {
        let font = Font::get();
        for c in "0123456789 PuzzleAnswersPageofseed·…–abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
            .chars()
        {
            assert_ne!(font.glyph(c), 0, "no glyph for {c:?}");
        }
        let one = font.digit_ink(1);
        assert!(one.x_max > one.x_min && one.y_max > 0.6 && one.y_min.abs() < 0.05, "{one:?}");
    }

    #[test]
    fn fit_cuts_long_text_with_an_ellipsis_and_keeps_short_text() {
        let font = Font::get();
        assert_eq!(font.fit("Sudoku", 10.0, 100.0), "Sudoku");
        let cut = font.fit(&"long title ".repeat(20), 10.0, 100.0);
        assert!(cut.ends_with('…') && font.text_width(&cut, 10.0) <= 100.0, "{cut}");
    }
}
