//! The PDF renderer: draws the [`layout`] sheets with
//! `pdf-writer`.
//!
//! The file is print-ready: vector lines, one font (DejaVu Sans) embedded as
//! a CID-keyed TrueType subset of just the glyphs used, with widths and a
//! `ToUnicode` map so text extraction and search work. Streams are
//! deflated (`miniz_oxide`), a third of the size. It is deterministic:
//! no dates, and the trailer's file id is a hash of the content, so the same
//! items and options give byte-identical files.

use std::collections::{BTreeMap, BTreeSet};

use pdf_writer::types::UnicodeCmap;
use pdf_writer::types::{CidFontType, FontFlags, LineCapStyle, LineJoinStyle, SystemInfo, TextRenderingMode};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use rayon::prelude::*;

use super::cover::{self, CoverOptions};
use super::font::{self, Font};
use super::layout::{self, Anchor, Sheet};
use super::marks::{self, Cap, Mark};
use super::{PrintItem, PrintOptions};

const FONT_RESOURCE: Name<'static> = Name(b"F1");

/// A book as one PDF file.
pub fn render_pdf(items: &[PrintItem], opts: &PrintOptions) -> Vec<u8> {
    render_sheets(&layout::book(items, opts), &opts.title)
}

/// A book's wrap-around cover as a one-page PDF.
pub fn render_cover_pdf(opts: &CoverOptions) -> Vec<u8> {
    render_sheets(&[cover::cover(opts)], &opts.title)
}

/// Sheets as one PDF file titled `title`.
pub(crate) fn render_sheets(sheets: &[Sheet], title: &str) -> Vec<u8> {
    let embedded = EmbeddedFont::for_sheets(sheets);

    let catalog_id = Ref::new(1);
    let page_tree_id = Ref::new(2);
    let info_id = Ref::new(3);
    let type0_id = Ref::new(4);
    let cid_font_id = Ref::new(5);
    let descriptor_id = Ref::new(6);
    let font_file_id = Ref::new(7);
    let cmap_id = Ref::new(8);
    let first_page_id = 9;
    let page_ids: Vec<Ref> = (0..sheets.len()).map(|i| Ref::new(first_page_id + 2 * i as i32)).collect();

    let mut pdf = Pdf::new();
    pdf.set_binary_marker(b"\xE2\xE3\xCF\xD3");
    pdf.catalog(catalog_id).pages(page_tree_id);
    pdf.pages(page_tree_id).kids(page_ids.iter().copied()).count(page_ids.len() as i32);
    let mut info = pdf.document_info(info_id);
    info.title(TextStr(title));
    info.creator(TextStr("sudoku print"));
    info.producer(TextStr(concat!("sudoku ", env!("CARGO_PKG_VERSION"), " (pdf-writer)")));
    info.finish();

    // Pages are drawn and compressed in parallel, then written in order.
    let contents: Vec<Vec<u8>> =
        sheets.par_iter().map(|sheet| deflate(&draw_sheet(sheet, &embedded))).collect();
    let mut hash = Fnv::new();
    for ((sheet, &page_id), content) in sheets.iter().zip(&page_ids).zip(&contents) {
        let content_id = Ref::new(page_id.get() + 1);
        let mut page = pdf.page(page_id);
        page.parent(page_tree_id);
        page.media_box(Rect::new(0.0, 0.0, sheet.width, sheet.height));
        // The trim box in PDF coordinates (y up): where the printer cuts.
        let [left, top, right, bottom] = sheet.trim;
        page.trim_box(Rect::new(left, sheet.height - bottom, right, sheet.height - top));
        page.bleed_box(Rect::new(0.0, 0.0, sheet.width, sheet.height));
        page.contents(content_id);
        page.resources().fonts().pair(FONT_RESOURCE, type0_id);
        page.finish();
        hash.write(content);
        pdf.stream(content_id, content).filter(Filter::FlateDecode);
    }

    embedded.write(&mut pdf, [type0_id, cid_font_id, descriptor_id, font_file_id, cmap_id]);
    hash.write(title.as_bytes());
    let id = hash.value().to_be_bytes().to_vec();
    pdf.set_file_id((id.clone(), id));
    pdf.finish()
}

/// The content stream of one page. PDF's y axis grows upwards: every y from
/// the layout becomes `height - y`.
fn draw_sheet(sheet: &Sheet, font: &EmbeddedFont) -> Vec<u8> {
    let h = sheet.height;
    let mut c = Content::new();
    if !sheet.marks.is_empty() {
        draw_marks(&mut c, h, &sheet.marks, font);
    }
    c.set_line_cap(LineCapStyle::ButtCap);
    for grid in &sheet.grids {
        let lines = grid.lines();
        c.set_stroke_gray(lines.thin_gray).set_line_width(lines.thin_width);
        for [x1, y1, x2, y2] in &lines.thin {
            c.move_to(*x1, h - y1).line_to(*x2, h - y2);
        }
        c.stroke();
        c.set_stroke_gray(0.0).set_line_width(lines.thick_width);
        for [x1, y1, x2, y2] in &lines.thick {
            c.move_to(*x1, h - y1).line_to(*x2, h - y2);
        }
        c.stroke();
        c.set_line_join(LineJoinStyle::MiterJoin);
        let [x, y, w, bh] = lines.border;
        c.rect(x, h - y - bh, w, bh).stroke();
    }

    c.begin_text();
    let mut state = TextState::default();
    for grid in &sheet.grids {
        for d in grid.digits() {
            let glyph = font.cid(char::from(b'0' + d.digit.get()));
            state.show(&mut c, d.x, h - d.y, d.size, d.gray, &[glyph]);
        }
    }
    for run in &sheet.texts {
        let glyphs: Vec<u16> = run.text.chars().map(|ch| font.cid(ch)).collect();
        state.show(&mut c, run.left(), h - run.y, run.size, run.gray, &glyphs);
    }
    c.end_text();
    // Spine text: its own text object, turned a quarter clockwise (the
    // text's x axis points down the page, its y axis to the right).
    for run in &sheet.vertical_texts {
        let width = Font::get().text_width(&run.text, run.size);
        let start = match run.anchor {
            Anchor::Start => run.y,
            Anchor::Middle => run.y - width / 2.0,
            Anchor::End => run.y - width,
        };
        let glyphs: Vec<u8> = run.text.chars().flat_map(|ch| font.cid(ch).to_be_bytes()).collect();
        c.begin_text();
        c.set_font(FONT_RESOURCE, run.size);
        c.set_fill_gray(run.gray);
        c.set_text_matrix([0.0, -1.0, 1.0, 0.0, run.x, h - start]);
        c.show(Str(&glyphs));
        c.end_text();
    }
    c.finish().into_vec()
}

/// The marks of a sheet ([`crate::marks`]): shapes in order, then the
/// texts, inside a saved graphics state so nothing leaks into the rest of
/// the page.
fn draw_marks(c: &mut Content, h: f32, marks: &[Mark], font: &EmbeddedFont) {
    c.save_state();
    c.set_line_join(LineJoinStyle::MiterJoin);
    for mark in marks {
        match mark {
            Mark::Fill { rect: [x, y, w, rh], gray } => {
                c.set_fill_gray(*gray);
                c.rect(*x, h - y - rh, *w, *rh).fill_nonzero();
            }
            Mark::Lines { segments, width, gray, dash, cap } => {
                c.set_stroke_gray(*gray).set_line_width(*width);
                c.set_line_cap(match cap {
                    Cap::Butt => LineCapStyle::ButtCap,
                    Cap::Square => LineCapStyle::ProjectingSquareCap,
                    Cap::Round => LineCapStyle::RoundCap,
                });
                c.set_line_join(match cap {
                    Cap::Round => LineJoinStyle::RoundJoin,
                    _ => LineJoinStyle::MiterJoin,
                });
                match dash {
                    Some(pattern) => c.set_dash_pattern(pattern.iter().copied(), 0.0),
                    None => c.set_dash_pattern([], 0.0),
                };
                for [x1, y1, x2, y2] in segments {
                    c.move_to(*x1, h - y1).line_to(*x2, h - y2);
                }
                c.stroke();
            }
            Mark::Disc { centre: [x, y], radius: r, gray } => {
                // Four cubic arcs; k places the control points.
                let (x, y, r) = (*x, h - y, *r);
                let k = 0.552_284_8 * r;
                c.set_fill_gray(*gray);
                c.move_to(x + r, y);
                c.cubic_to(x + r, y + k, x + k, y + r, x, y + r);
                c.cubic_to(x - k, y + r, x - r, y + k, x - r, y);
                c.cubic_to(x - r, y - k, x - k, y - r, x, y - r);
                c.cubic_to(x + k, y - r, x + r, y - k, x + r, y);
                c.close_path().fill_nonzero();
            }
            Mark::Text { .. } => {}
        }
    }
    c.set_dash_pattern([], 0.0);
    c.begin_text();
    let mut state = TextState::default();
    let mut bold = None;
    for mark in marks {
        let Mark::Text { run, bold: is_bold } = mark else { continue };
        if *is_bold {
            c.set_stroke_gray(run.gray).set_line_width(marks::bold_stroke(run.size));
        }
        if bold != Some(*is_bold) {
            let mode = if *is_bold { TextRenderingMode::FillStroke } else { TextRenderingMode::Fill };
            c.set_text_rendering_mode(mode);
            bold = Some(*is_bold);
        }
        let glyphs: Vec<u16> = run.text.chars().map(|ch| font.cid(ch)).collect();
        state.show(c, run.left(), h - run.y, run.size, run.gray, &glyphs);
    }
    c.end_text();
    c.restore_state();
}

/// What the text object last set, so the stream repeats nothing.
#[derive(Default)]
struct TextState {
    size: Option<f32>,
    gray: Option<f32>,
    origin: (f32, f32),
}

impl TextState {
    fn show(&mut self, c: &mut Content, x: f32, y: f32, size: f32, gray: f32, glyphs: &[u16]) {
        if self.size != Some(size) {
            c.set_font(FONT_RESOURCE, size);
            self.size = Some(size);
        }
        if self.gray != Some(gray) {
            c.set_fill_gray(gray);
            self.gray = Some(gray);
        }
        c.next_line(x - self.origin.0, y - self.origin.1);
        self.origin = (x, y);
        let bytes: Vec<u8> = glyphs.iter().flat_map(|g| g.to_be_bytes()).collect();
        c.show(Str(&bytes));
    }
}

/// The font as embedded: the subset file and the character to CID map.
struct EmbeddedFont {
    /// The font file: a subset, or the whole font if subsetting failed.
    data: Vec<u8>,
    /// Character to CID (the glyph id in `data`).
    cids: BTreeMap<char, u16>,
    /// CID to the original glyph, for widths.
    glyphs: Vec<u16>,
    /// `ABCDEF+DejaVuSans`: a tag derived from the glyph set, as PDF asks
    /// of subsets.
    base_font: String,
}

impl EmbeddedFont {
    fn for_sheets(sheets: &[Sheet]) -> EmbeddedFont {
        let font = Font::get();
        let mut chars: BTreeSet<char> = ('1'..='9').collect();
        for sheet in sheets {
            for run in sheet.texts.iter().chain(&sheet.vertical_texts) {
                chars.extend(run.text.chars());
            }
            for mark in &sheet.marks {
                if let Mark::Text { run, .. } = mark {
                    chars.extend(run.text.chars());
                }
            }
        }
        let mut remapper = subsetter::GlyphRemapper::new();
        let mut cids = BTreeMap::new();
        for &ch in &chars {
            cids.insert(ch, remapper.remap(font.glyph(ch)));
        }
        let glyphs: Vec<u16> = remapper.remapped_gids().collect();
        match subsetter::subset(font::DATA, 0, &remapper) {
            Ok(data) => {
                let mut tag = Fnv::new();
                for g in &glyphs {
                    tag.write(&g.to_be_bytes());
                }
                let mut n = tag.value();
                let prefix: String = (0..6)
                    .map(|_| {
                        let letter = char::from(b'A' + (n % 26) as u8);
                        n /= 26;
                        letter
                    })
                    .collect();
                EmbeddedFont { data, cids, glyphs, base_font: format!("{prefix}+{}", font::POSTSCRIPT_NAME) }
            }
            // Not expected with the bundled font; the whole font still
            // makes a valid file, addressed by original glyph ids.
            Err(_) => {
                let cids = chars.iter().map(|&ch| (ch, font.glyph(ch))).collect();
                let n_glyphs = font.face().number_of_glyphs();
                EmbeddedFont {
                    data: font::DATA.to_vec(),
                    cids,
                    glyphs: (0..n_glyphs).collect(),
                    base_font: font::POSTSCRIPT_NAME.to_string(),
                }
            }
        }
    }

    fn cid(&self, ch: char) -> u16 {
        self.cids.get(&ch).copied().unwrap_or(0)
    }

    /// Writes the Type0 font, its CID font, descriptor, font file and
    /// `ToUnicode` map under the given ids.
    fn write(&self, pdf: &mut Pdf, [type0_id, cid_font_id, descriptor_id, font_file_id, cmap_id]: [Ref; 5]) {
        let font = Font::get();
        let face = font.face();
        let em = |v: f32| v / font.units_per_em() * 1000.0;
        let base_font = Name(self.base_font.as_bytes());
        let system_info = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };

        pdf.type0_font(type0_id)
            .base_font(base_font)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid_font_id)
            .to_unicode(cmap_id);

        let mut cid = pdf.cid_font(cid_font_id);
        cid.subtype(CidFontType::Type2)
            .base_font(base_font)
            .system_info(system_info)
            .font_descriptor(descriptor_id)
            .default_width(0.0)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        let widths: Vec<f32> = self.glyphs.iter().map(|&g| font.advance(g) * 1000.0).collect();
        cid.widths().consecutive(0, widths);
        cid.finish();

        let bbox = face.global_bounding_box();
        let cap_height = face.capital_height().map_or(729.0, |v| em(f32::from(v)));
        let stem_v = 10.0 + 0.244 * (f32::from(face.weight().to_number()) - 50.0);
        pdf.font_descriptor(descriptor_id)
            .name(base_font)
            .flags(FontFlags::SYMBOLIC)
            .bbox(Rect::new(
                em(f32::from(bbox.x_min)),
                em(f32::from(bbox.y_min)),
                em(f32::from(bbox.x_max)),
                em(f32::from(bbox.y_max)),
            ))
            .italic_angle(0.0)
            .ascent(em(f32::from(face.ascender())))
            .descent(em(f32::from(face.descender())))
            .cap_height(cap_height)
            .stem_v(stem_v)
            .font_file2(font_file_id);

        pdf.stream(font_file_id, &deflate(&self.data))
            .filter(Filter::FlateDecode)
            .pair(Name(b"Length1"), self.data.len() as i32);

        let mut cmap = UnicodeCmap::new(Name(b"Custom"), system_info);
        let mut mapped = BTreeSet::new();
        for (&ch, &cid) in &self.cids {
            if cid != 0 && mapped.insert(cid) {
                cmap.pair(cid, ch);
            }
        }
        pdf.cmap(cmap_id, &cmap.finish());
    }
}

/// Zlib-compressed `data`, for a `FlateDecode` stream. Deterministic.
fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// 64-bit FNV-1a: a small, stable hash for the subset tag and file id.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn value(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ItemMeta;
    use sudoku_core::Grid;

    #[test]
    fn the_font_is_a_small_subset_with_every_character_mapped() {
        let puzzle = Grid::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let item = PrintItem { puzzle, solution: puzzle.solve_one().unwrap(), meta: ItemMeta::default() };
        let sheets = layout::book(&[item], &PrintOptions::default());
        let font = EmbeddedFont::for_sheets(&sheets);
        assert!(font.data.len() < 40_000, "subset is {} bytes", font.data.len());
        assert!(font.base_font.ends_with("+DejaVuSans"));
        for ch in "123456789Puzzle Contents Answers (page)".chars() {
            assert_ne!(font.cid(ch), 0, "{ch:?}");
        }
    }
}
