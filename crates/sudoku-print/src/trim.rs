//! Page geometry of a printed book: trim sizes, bleed, and the margins
//! print-on-demand services ask for.
//!
//! All lengths are points (1/72 in). A book page is the trim (the size the
//! printer cuts the page to) plus, with bleed, 0.125 in on the three outer
//! edges: top, bottom and the outside edge (right on a right-hand page,
//! left on a left-hand one). The inside (gutter) margin grows with the
//! page count, as thicker books bend more into the binding.

use std::fmt;
use std::str::FromStr;

/// Points per inch.
pub const INCH: f32 = 72.0;
/// Points per millimetre.
pub const MM: f32 = 72.0 / 25.4;
/// What bleed adds on each outer edge: 0.125 in.
pub const BLEED: f32 = 0.125 * INCH;
/// The outside, top and bottom margins: 0.5 in, twice the 0.25 in
/// print-on-demand services ask for without bleed and above the 0.375 in
/// they ask for with it.
pub const OUTSIDE_MARGIN: f32 = 0.5 * INCH;

/// A trim size: the finished page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trim {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
}

/// The named trim sizes: the common print-on-demand ones, then paper.
pub const NAMED_TRIMS: &[(&str, Trim)] = &[
    ("5x8", Trim::inches(5.0, 8.0)),
    ("5.25x8", Trim::inches(5.25, 8.0)),
    ("5.5x8.5", Trim::inches(5.5, 8.5)),
    ("6x9", Trim::inches(6.0, 9.0)),
    ("7x10", Trim::inches(7.0, 10.0)),
    ("8x10", Trim::inches(8.0, 10.0)),
    ("8.25x11", Trim::inches(8.25, 11.0)),
    ("8.5x11", Trim::inches(8.5, 11.0)),
    ("a4", Trim::A4),
    ("a5", Trim { width: 148.0 * MM, height: 210.0 * MM }),
    ("letter", Trim::inches(8.5, 11.0)),
];

impl Trim {
    /// ISO A4, 210 × 297 mm.
    pub const A4: Trim = Trim { width: 210.0 * MM, height: 297.0 * MM };
    /// US Letter, 8.5 × 11 in.
    pub const LETTER: Trim = Trim::inches(8.5, 11.0);

    /// A trim of `width` × `height` inches.
    pub const fn inches(width: f32, height: f32) -> Trim {
        Trim { width: width * INCH, height: height * INCH }
    }
}

impl Default for Trim {
    fn default() -> Self {
        Trim::A4
    }
}

impl fmt::Display for Trim {
    /// The name when it has one (`6x9`, `a4`), else inches (`6.14x9.21in`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match NAMED_TRIMS.iter().find(|(_, t)| t == self) {
            Some((name, _)) => f.write_str(name),
            None => write!(f, "{:.2}x{:.2}in", self.width / INCH, self.height / INCH),
        }
    }
}

/// Why a trim size was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TrimError(String);

/// The smallest and largest side a book page may have: 3 in and 24 in.
const SIDE_RANGE: (f32, f32) = (3.0 * INCH, 24.0 * INCH);

impl FromStr for Trim {
    type Err = TrimError;

    /// A name (`6x9`, `a5`, `letter`, case-insensitive) or `WxH` with a
    /// unit, `in` or `mm` (`6x9in`, `152x229mm`); a bare `WxH` is inches.
    fn from_str(s: &str) -> Result<Trim, TrimError> {
        let t = s.trim().to_ascii_lowercase();
        if let Some((_, trim)) = NAMED_TRIMS.iter().find(|(name, _)| *name == t) {
            return Ok(*trim);
        }
        let bad = || {
            let names: Vec<&str> = NAMED_TRIMS.iter().map(|(n, _)| *n).collect();
            TrimError(format!(
                "unknown trim size {s:?}: expected one of {} or WxH in inches or mm (6x9in, 152x229mm)",
                names.join(", ")
            ))
        };
        let (body, unit) = match (t.strip_suffix("mm"), t.strip_suffix("in")) {
            (Some(b), _) => (b, MM),
            (_, Some(b)) => (b, INCH),
            _ => (t.as_str(), INCH),
        };
        let (w, h) = body.split_once('x').ok_or_else(bad)?;
        let side = |v: &str| v.trim().parse::<f32>().ok().filter(|v| v.is_finite()).map(|v| v * unit);
        let (width, height) = (side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?);
        for v in [width, height] {
            if !(SIDE_RANGE.0..=SIDE_RANGE.1).contains(&v) {
                return Err(TrimError(format!("trim size {s:?}: each side must be from 3 to 24 inches")));
            }
        }
        Ok(Trim { width, height })
    }
}

/// The least inside (gutter) margin for a book of `pages` pages, as KDP
/// asks for it: 0.375 in up to 150 pages, 0.5 in to 300, 0.625 in to 500,
/// 0.75 in to 700, 0.875 in beyond.
pub fn gutter(pages: usize) -> f32 {
    let inches = match pages {
        0..=150 => 0.375,
        151..=300 => 0.5,
        301..=500 => 0.625,
        501..=700 => 0.75,
        _ => 0.875,
    };
    inches * INCH
}

/// Where one page's trim and margins are on its sheet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// The sheet: the trim plus bleed.
    pub sheet: (f32, f32),
    /// The trim box on the sheet: left, top, right, bottom.
    pub trim: [f32; 4],
    /// The live area inside the margins: left, top, right, bottom.
    pub live: [f32; 4],
    /// Whether the page is a right-hand page (odd page numbers): its
    /// inside edge is on the left.
    pub recto: bool,
}

impl Frame {
    /// The frame of page `number` (from 1) of a book of `pages` pages.
    pub fn new(trim: Trim, bleed: bool, number: usize, pages: usize) -> Frame {
        let recto = number % 2 == 1;
        let b = if bleed { BLEED } else { 0.0 };
        // Bleed goes on the outside edge only: the inside edge is bound.
        let trim_left = if recto { 0.0 } else { b };
        let trim_box = [trim_left, b, trim_left + trim.width, b + trim.height];
        let inside = gutter(pages).max(OUTSIDE_MARGIN);
        let (left, right) = if recto { (inside, OUTSIDE_MARGIN) } else { (OUTSIDE_MARGIN, inside) };
        Frame {
            sheet: (trim.width + b, trim.height + 2.0 * b),
            trim: trim_box,
            live: [
                trim_box[0] + left,
                trim_box[1] + OUTSIDE_MARGIN,
                trim_box[2] - right,
                trim_box[3] - OUTSIDE_MARGIN,
            ],
            recto,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_parse_by_name_and_by_size_in_inches_or_mm() {
        assert_eq!("6x9".parse::<Trim>().unwrap(), Trim::inches(6.0, 9.0));
        assert_eq!("A4".parse::<Trim>().unwrap(), Trim::A4);
        assert_eq!("6x9in".parse::<Trim>().unwrap(), Trim::inches(6.0, 9.0));
        let mm = "148x210mm".parse::<Trim>().unwrap();
        assert!((mm.width - 419.53).abs() < 0.01 && (mm.height - 595.28).abs() < 0.01);
        assert_eq!("7.5x9.25".parse::<Trim>().unwrap(), Trim::inches(7.5, 9.25));
        for bad in ["", "6x", "x9", "6by9", "0x9", "6x90", "nanx9", "a3"] {
            assert!(bad.parse::<Trim>().is_err(), "{bad}");
        }
        assert_eq!(Trim::inches(6.0, 9.0).to_string(), "6x9");
        assert_eq!("6.14x9.21in".parse::<Trim>().unwrap().to_string(), "6.14x9.21in");
    }

    #[test]
    fn the_gutter_grows_with_the_page_count_at_kdp_s_steps() {
        let inches = |p| gutter(p) / INCH;
        assert_eq!([inches(24), inches(150), inches(151), inches(300)], [0.375, 0.375, 0.5, 0.5]);
        assert_eq!(
            [inches(301), inches(500), inches(501), inches(700), inches(701)],
            [0.625, 0.625, 0.75, 0.75, 0.875]
        );
    }

    #[test]
    fn margins_mirror_and_bleed_goes_on_the_outer_edges() {
        let trim = Trim::inches(6.0, 9.0);
        let (right_page, left_page) = (Frame::new(trim, true, 1, 320), Frame::new(trim, true, 2, 320));
        assert_eq!(right_page.sheet, (6.125 * INCH, 9.25 * INCH));
        assert_eq!(right_page.trim, [0.0, BLEED, 6.0 * INCH, 9.125 * INCH]);
        assert_eq!(left_page.trim, [BLEED, BLEED, 6.125 * INCH, 9.125 * INCH]);
        // 320 pages: a 0.625 in gutter, inside; 0.5 in outside.
        assert_eq!(right_page.live[0] - right_page.trim[0], 0.625 * INCH);
        assert_eq!(right_page.trim[2] - right_page.live[2], 0.5 * INCH);
        assert_eq!(left_page.live[0] - left_page.trim[0], 0.5 * INCH);
        assert_eq!(left_page.trim[2] - left_page.live[2], 0.625 * INCH);
        let plain = Frame::new(trim, false, 3, 10);
        assert_eq!(plain.sheet, (6.0 * INCH, 9.0 * INCH));
        assert_eq!(plain.live, [0.5 * INCH, 0.5 * INCH, 5.5 * INCH, 8.5 * INCH]);
    }
}
