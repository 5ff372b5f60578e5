//! The page plan of every book, classic or variant: which page holds
//! what (title, copyright, contents, each section's puzzles, the answer
//! key, padding), so that where a puzzle and its solution land is decided
//! here alone. Pure decisions, nothing drawn: [`crate::layout`] draws the
//! front matter, running heads and folios of a plan and the classic
//! grids, [`crate::variant`] the rest.

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
    /// The plan of `sections`, after the copyright text's lines
    /// (`per_copyright_page` lines a page); `answer_grid(s, k)` is the grid
    /// of answers a page of item `k` of section `s` is drawn in
    /// (consecutive answers of one grid share pages).
    pub fn new(
        sections: &[SectionPlan],
        answer_grid: impl Fn(usize, usize) -> (usize, usize),
        copyright: Vec<String>,
        per_copyright_page: usize,
        opts: &PrintOptions,
    ) -> BookPlan {
        let mut pages = vec![Page::Title];
        // A long copyright text goes on over more pages.
        let per_copyright_page = per_copyright_page.max(1);
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
}
