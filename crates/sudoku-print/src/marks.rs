//! Free drawing on a sheet: filled rectangles, stroked (optionally
//! dashed) lines and text with a bold option. Variant grids are drawn
//! with these ([`crate::variant`]); classic grids and book text keep their
//! own lists in [`crate::layout::Sheet`], so a sheet without marks renders
//! exactly as before marks existed.
//!
//! Renderers draw the shapes in list order, then every text mark on top
//! (so a white knock-out under a cage sum covers the dashes, never the
//! sum), all before the sheet's classic grids and texts.

use crate::layout::TextRun;

/// How the ends of a stroked line look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// The line stops at its end points.
    Butt,
    /// The line goes on half its width past its end points, so segments
    /// that meet at a corner close it.
    Square,
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
