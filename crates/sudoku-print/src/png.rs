//! PNG images of single grids: the SVG of [`crate::svg`] rasterised with
//! resvg (pure Rust: no system tool, no system font; the bundled DejaVu
//! Sans is the only face it knows), at a chosen resolution, with the
//! resolution recorded in the file so layout programs place it at size.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia;
use resvg::usvg::{self, fontdb};

use crate::font;

/// Why an image could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PngError {
    /// The resolution is outside 10–2400 dpi.
    #[error("resolution {0} dpi is outside 10-2400")]
    Dpi(u32),
    /// The SVG did not parse (a bug: it is made by this crate).
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The image would be empty or too large.
    #[error("cannot make a {0}x{1} pixel image")]
    Size(u32, u32),
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

/// The font database: the bundled DejaVu Sans, loaded once.
fn fonts() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_font_data(font::DATA.to_vec());
        db.set_sans_serif_family(font::FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// `svg` (sized in points) as a PNG at `dpi` pixels per inch on white.
pub fn svg_to_png(svg: &str, dpi: u32) -> Result<Vec<u8>, PngError> {
    if !(10..=2400).contains(&dpi) {
        return Err(PngError::Dpi(dpi));
    }
    let options = usvg::Options { fontdb: fonts(), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))?;
    // usvg sizes the tree in CSS pixels, 96 to the inch (the SVG's width
    // and height are in points).
    let scale = dpi as f32 / 96.0;
    let size = tree.size();
    let (w, h) = ((size.width() * scale).round() as u32, (size.height() * scale).round() as u32);
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(PngError::Size(w, h))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    // Opaque white under everything: premultiplied RGBA is plain RGBA;
    // written as RGB.
    let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let per_metre = (f64::from(dpi) / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: png::Unit::Meter,
    }));
    let mut writer = encoder.write_header().map_err(|e| PngError::Encode(e.to_string()))?;
    writer.write_image_data(&rgb).map_err(|e| PngError::Encode(e.to_string()))?;
    writer.finish().map_err(|e| PngError::Encode(e.to_string()))?;
    Ok(out)
}
