//! The page plan of every book, classic or variant: which page holds
//! what (title, copyright, contents, each section's puzzles, the answer
//! key, padding), so that where a puzzle and its solution land is decided
//! here alone; and the pages' furniture that does not depend on the
//! puzzles (running heads, folios, the title, copyright and contents
//! pages). Where a grid sits on its page is the caller's geometry
//! ([`crate::layout`] for classic grids, [`crate::variant`] for the rest).

use crate::font::Font;
use crate::layout::{
    copyright_lines, lines_a_page, title_page, Anchor, Area, Sheet, TextRun, BODY_SIZE, COPYRIGHT_LEADING,
    FOOTER_SIZE, HEAD_SIZE, INK, SOFT,
};
use crate::trim::Frame;
use crate::PrintOptions;

/// Lines of the table of contents a page holds.
pub(crate) const CONTENTS_LINES: usize = 24;

/// One page of a book.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Page {
    /// The title and subtitle.
    Title,
    /// Lines `first..first + n` of the copyright text.
    Copyright { first: usize, n: usize },
    /// Lines `first..first + n` of the table of contents.
    Contents { first: usize, n: usize },
    /// Items `first..first + n` of section `section`; `intro`: the
    /// section's first page.
    Puzzles { section: usize, first: usize, n: usize, intro: bool },
    /// Solutions of these `(section, item)` pairs, in a grid of `grid`
    /// columns and rows.
    Answers { items: Vec<(usize, usize)>, grid: (usize, usize) },
    /// Padding to an even page count (or `pages_multiple`).
    Blank,
}

/// A section as the plan sees it: its name, how many items it has and how
/// many go on a page.
#[derive(Debug, Clone)]
pub(crate) struct SectionPlan {
    pub name: String,
    pub len: usize,
    pub per_page: usize,
}

/// The pages of a book and where everything is in them.
pub(crate) struct BookPlan {
    pub pages: Vec<Page>,
    /// The copyright text in lines.
    pub copyright: Vec<String>,
    /// The page (from 1) of each item, by section; of its solution (0:
    /// none).
    pub page_of: Vec<Vec<usize>>,
    pub answer_page_of: Vec<Vec<usize>>,
    /// The contents: each section's name and first page, then the answers'.
    pub contents: Vec<(String, usize)>,
}

impl BookPlan {
    /// The plan of `sections`; `answer_grid(s, k)` is the grid of answers
    /// a page of item `k` of section `s` is drawn in (consecutive answers
    /// of one grid share pages).
    pub fn new(
        sections: &[SectionPlan],
        answer_grid: impl Fn(usize, usize) -> (usize, usize),
        opts: &PrintOptions,
    ) -> BookPlan {
        let copyright = copyright_lines(opts);
        let mut pages = vec![Page::Title];
        // A long copyright text goes on over more pages.
        let per_copyright_page = lines_a_page(opts);
        for first in (0..copyright.len()).step_by(per_copyright_page) {
            pages.push(Page::Copyright { first, n: per_copyright_page.min(copyright.len() - first) });
        }
        let n_items: usize = sections.iter().map(|s| s.len).sum();
        let n_lines = sections.len() + usize::from(opts.answers && n_items > 0);
        for first in (0..n_lines.max(1)).step_by(CONTENTS_LINES) {
            pages.push(Page::Contents { first, n: CONTENTS_LINES.min(n_lines - first.min(n_lines)) });
        }
        for (s, section) in sections.iter().enumerate() {
            for first in (0..section.len.max(1)).step_by(section.per_page.max(1)) {
                let n = section.per_page.min(section.len - first.min(section.len));
                pages.push(Page::Puzzles { section: s, first, n, intro: first == 0 });
            }
        }
        if opts.answers {
            let mut current: Option<Page> = None;
            for (s, section) in sections.iter().enumerate() {
                for k in 0..section.len {
                    let grid = answer_grid(s, k);
                    match &mut current {
                        Some(Page::Answers { items, grid: g })
                            if *g == grid && items.len() < grid.0 * grid.1 =>
                        {
                            items.push((s, k));
                        }
                        _ => {
                            pages.extend(current.take());
                            current = Some(Page::Answers { items: vec![(s, k)], grid });
                        }
                    }
                }
            }
            pages.extend(current);
        }
        while pages.len() % opts.pages_multiple.max(2) != 0 {
            pages.push(Page::Blank);
        }
        let mut page_of: Vec<Vec<usize>> = sections.iter().map(|s| vec![0; s.len]).collect();
        let mut answer_page_of = page_of.clone();
        let mut contents: Vec<(String, usize)> = Vec::new();
        let mut answers_page = 0;
        for (i, page) in pages.iter().enumerate() {
            match page {
                Page::Puzzles { section, first, n, intro } => {
                    page_of[*section][*first..first + n].iter_mut().for_each(|p| *p = i + 1);
                    if *intro {
                        contents.push((sections[*section].name.clone(), i + 1));
                    }
                }
                Page::Answers { items, .. } => {
                    for &(s, k) in items {
                        answer_page_of[s][k] = i + 1;
                    }
                    if answers_page == 0 {
                        answers_page = i + 1;
                    }
                }
                _ => {}
            }
        }
        if answers_page > 0 {
            contents.push(("Answers".to_string(), answers_page));
        }
        BookPlan { pages, copyright, page_of, answer_page_of, contents }
    }

    /// Draws page `i` (from 0) when it is one of the front matter (title,
    /// copyright, contents) or blank; false for a page of puzzles or
    /// answers, the caller's to draw.
    pub fn draw_front(&self, sheet: &mut Sheet, i: usize, chrome: &Chrome<'_>, title: &str) -> bool {
        let live = chrome.live();
        match self.pages[i] {
            Page::Title => title_page(sheet, live, title, chrome.opts.subtitle.as_deref()),
            Page::Copyright { first, n } => {
                // Bottom-aligned, as copyright pages are.
                let mut y = live.bottom - COPYRIGHT_LEADING * n as f32;
                for line in self.copyright.iter().skip(first).take(n) {
                    y += COPYRIGHT_LEADING;
                    if !line.is_empty() {
                        sheet.texts.push(text(live.left, y, BODY_SIZE, INK, Anchor::Start, line.clone()));
                    }
                }
            }
            Page::Contents { first, n } => {
                let body = chrome.body();
                let heading = 16.0;
                sheet.texts.push(text(
                    body.left,
                    body.top + heading,
                    heading,
                    INK,
                    Anchor::Start,
                    "Contents".into(),
                ));
                let font = Font::get();
                for (k, (name, page)) in self.contents.iter().skip(first).take(n).enumerate() {
                    let y = body.top + heading * 2.5 + k as f32 * BODY_SIZE * 2.0;
                    let page = page.to_string();
                    let room = body.width() - font.text_width(&page, BODY_SIZE) - BODY_SIZE * 2.0;
                    sheet.texts.push(text(
                        body.left,
                        y,
                        BODY_SIZE,
                        INK,
                        Anchor::Start,
                        font.fit(name, BODY_SIZE, room),
                    ));
                    sheet.texts.push(text(body.right, y, BODY_SIZE, INK, Anchor::End, page));
                }
                chrome.folio(sheet, i + 1);
            }
            Page::Blank => {}
            Page::Puzzles { .. } | Page::Answers { .. } => return false,
        }
        true
    }
}

/// A line of text.
pub(crate) fn text(x: f32, y: f32, size: f32, gray: f32, anchor: Anchor, text: String) -> TextRun {
    TextRun { x, y, size, gray, anchor, text }
}

/// The body of a page: between running head and folio, inside the
/// margins.
pub(crate) fn body(frame: &Frame) -> Area {
    Area {
        left: frame.live[0],
        top: frame.live[1] + HEAD_SIZE * 2.5,
        right: frame.live[2],
        bottom: frame.live[3] - FOOTER_SIZE * 2.5,
    }
}

/// Running heads and folios of a page, on its outside edge.
pub(crate) struct Chrome<'a> {
    pub frame: &'a Frame,
    /// The book's title.
    pub title: &'a str,
    /// Whether the book's title goes in the inner head (several sections).
    pub book_title: bool,
    pub opts: &'a PrintOptions,
}

impl Chrome<'_> {
    /// The live area of the page.
    pub fn live(&self) -> Area {
        let [left, top, right, bottom] = self.frame.live;
        Area { left, top, right, bottom }
    }

    /// The body of the page ([`body`]).
    pub fn body(&self) -> Area {
        body(self.frame)
    }

    /// The outer edge's x and anchor, then the inner's.
    fn edges(&self) -> (f32, Anchor, f32, Anchor) {
        let [left, _, right, _] = self.frame.live;
        if self.frame.recto {
            (right, Anchor::End, left, Anchor::Start)
        } else {
            (left, Anchor::Start, right, Anchor::End)
        }
    }

    /// The running head: `name` outside, the book's title inside.
    pub fn head(&self, sheet: &mut Sheet, name: &str) {
        let font = Font::get();
        let (outer_x, outer, inner_x, inner) = self.edges();
        let y = self.frame.live[1] + HEAD_SIZE;
        let room = (self.frame.live[2] - self.frame.live[0]) * 0.45;
        sheet.texts.push(text(outer_x, y, HEAD_SIZE, INK, outer, font.fit(name, HEAD_SIZE, room)));
        if self.book_title && !self.title.is_empty() {
            sheet.texts.push(text(inner_x, y, HEAD_SIZE, SOFT, inner, font.fit(self.title, HEAD_SIZE, room)));
        }
    }

    /// The page number outside, and the footer text in the middle.
    pub fn folio(&self, sheet: &mut Sheet, number: usize) {
        let (outer_x, outer, _, _) = self.edges();
        let y = self.frame.live[3];
        sheet.texts.push(text(outer_x, y, FOOTER_SIZE, SOFT, outer, number.to_string()));
        if let Some(footer) = self.opts.footer.as_deref() {
            let footer: String = footer.chars().filter(|c| !c.is_control()).collect();
            let width = self.frame.live[2] - self.frame.live[0];
            let footer = Font::get().fit(footer.trim(), FOOTER_SIZE, width * 0.5);
            let mid = (self.frame.live[0] + self.frame.live[2]) / 2.0;
            sheet.texts.push(text(mid, y, FOOTER_SIZE, SOFT, Anchor::Middle, footer));
        }
    }
}
