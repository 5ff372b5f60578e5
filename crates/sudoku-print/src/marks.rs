//! Free drawing on a sheet: filled rectangles and discs, stroked
//! (optionally dashed) lines and text with a bold option, and the text runs
//! ([`TextRun`]) every sheet is written with ([`crate::layout`] re-exports
//! them). Variant grids are drawn
//! with these ([`crate::variant`]); classic grids and book text keep their
//! own lists in [`crate::layout::Sheet`], so a sheet without marks renders
//! exactly as before marks existed.
//!
//! Renderers draw the shapes in list order, then every text mark on top
//! (so a white knock-out under a cage sum covers the dashes, never the
//! sum), all before the sheet's classic grids and texts.

use crate::font::Font;

/// How a text run sits on its `x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is the left end.
    Start,
    /// `x` is the middle.
    Middle,
    /// `x` is the right end.
    End,
}

/// A line of text.
#[derive(Debug, Clone, PartialEq)]
pub struct TextRun {
    /// Horizontal position, read with `anchor`.
    pub x: f32,
    /// Baseline.
    pub y: f32,
    /// Font size in points.
    pub size: f32,
    /// Gray level, 0 black.
    pub gray: f32,
    /// How the run sits on `x`.
    pub anchor: Anchor,
    /// The text.
    pub text: String,
}

impl TextRun {
    /// The left end of the run, measured with the bundled font.
    pub fn left(&self) -> f32 {
        let width = || Font::get().text_width(&self.text, self.size);
        match self.anchor {
            Anchor::Start => self.x,
            Anchor::Middle => self.x - width() / 2.0,
            Anchor::End => self.x - width(),
        }
    }
}

/// How the ends of a stroked line look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// The line stops at its end points.
    Butt,
    /// The line goes on half its width past its end points, so segments
    /// that meet at a corner close it.
    Square,
    /// A half disc past each end point, so a path of segments bends
    /// smoothly (a thermometer).
    Round,
}

/// One thing to draw. Coordinates are points from the sheet's top-left
/// corner, y growing downwards, as everywhere in [`crate::layout`].
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A filled rectangle.
    Fill {
        /// `x, y, width, height`.
        rect: [f32; 4],
        /// Gray level, 0 black, 1 white.
        gray: f32,
    },
    /// Straight segments stroked alike.
    Lines {
        /// Segments as `(x1, y1, x2, y2)`.
        segments: Vec<[f32; 4]>,
        /// Line width.
        width: f32,
        /// Gray level.
        gray: f32,
        /// Dash and gap lengths; `None` for a solid line. Each segment
        /// starts with a dash.
        dash: Option<[f32; 2]>,
        /// Line ends.
        cap: Cap,
    },
    /// A filled disc.
    Disc {
        /// Centre `x, y`.
        centre: [f32; 2],
        /// Radius.
        radius: f32,
        /// Gray level.
        gray: f32,
    },
    /// A line of text (its [`TextRun::gray`] fills it).
    Text {
        /// The text and where it goes.
        run: TextRun,
        /// Set in bold (drawn with a thin outline of its own colour:
        /// the book has one typeface).
        bold: bool,
    },
}

/// The outline width that makes text of `size` points look bold.
pub fn bold_stroke(size: f32) -> f32 {
    size * 0.045
}
