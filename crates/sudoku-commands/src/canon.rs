//! `canon`: the minlex form of each puzzle and the transformation to it,
//! and duplicates up to symmetry and relabelling; and the rows they are
//! written as.

use std::collections::HashMap;

use serde::Serialize;
use sudoku_canon::{Canonicalizer, Transform};
use sudoku_core::Grid;

use crate::choice::Named;
use crate::format::Format;

/// The formats `canon` writes.
pub const FORMATS: &[Named<Format>] = &[
    (Format::Line, "line", "One line a record"),
    (Format::Csv, "csv", "CSV with a header row"),
    (Format::Json, "json", "One JSON object a line"),
];

/// A request of `canon`: which columns, and whether to find duplicates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CanonRequest {
    /// Give the transformation to the form too.
    pub transform: bool,
    /// Keep only the first record of each class.
    pub dedupe: bool,
    /// With `dedupe`: keep every record and give each the number of the
    /// first of its class.
    pub report: bool,
}

impl CanonRequest {
    /// The columns of the rows, in order.
    pub fn header(&self) -> &'static [&'static str] {
        match (self.transform, self.report) {
            (false, false) => &["puzzle", "canonical"],
            (true, false) => &["puzzle", "canonical", "transform"],
            (false, true) => &["puzzle", "canonical", "first"],
            (true, true) => &["puzzle", "canonical", "transform", "first"],
        }
    }
}

/// The form of `grid` and the transformation onto it, with `canon`'s
/// reused buffers.
pub fn canonical(canon: &mut Canonicalizer, grid: &Grid) -> (Grid, Transform) {
    canon.canonical(grid)
}

/// The classes seen so far in a run of `canon --dedupe`: records pass
/// through [`Classes::record`] in input order.
#[derive(Debug, Default)]
pub struct Classes {
    /// The record number of the first record of each class seen.
    first_of: HashMap<Grid, u64>,
    n_records: u64,
    n_dropped: u64,
}

impl Classes {
    /// Counts a record that has no form (malformed).
    pub fn skip(&mut self) {
        self.n_records += 1;
    }

    /// The next record, of form `form`: the number of the first record of
    /// its class (counting from 1, itself when it is the first).
    pub fn record(&mut self, form: Grid) -> (u64, bool) {
        self.n_records += 1;
        let number = *self.first_of.entry(form).or_insert(self.n_records);
        (number, number == self.n_records)
    }

    /// Counts a record dropped as a duplicate.
    pub fn drop_one(&mut self) {
        self.n_dropped += 1;
    }

    /// Records seen and records dropped.
    pub fn counts(&self) -> (u64, u64) {
        (self.n_records, self.n_dropped)
    }
}

impl CanonRequest {
    /// What to write for the next record, of form `form`: `None` when it
    /// is dropped as a duplicate, else the number of the first of its
    /// class when reported.
    pub fn next(&self, classes: &mut Classes, form: Grid) -> Option<Option<u64>> {
        if !self.dedupe {
            classes.skip();
            return Some(None);
        }
        let (number, is_first) = classes.record(form);
        if !is_first && !self.report {
            classes.drop_one();
            return None;
        }
        Some(self.report.then_some(number))
    }
}

/// One record of `canon`'s CSV and JSON output.
#[derive(Debug, Clone, Serialize)]
pub struct CanonRow {
    puzzle: String,
    canonical: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    transform: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first: Option<u64>,
}

impl CanonRow {
    /// The row of `puzzle`, its form and the transformation (when asked),
    /// and the first of its class (when reported).
    pub fn new(puzzle: &Grid, form: &Grid, transform: Option<&Transform>, first: Option<u64>) -> CanonRow {
        CanonRow {
            puzzle: puzzle.to_line(),
            canonical: form.to_line_zeros(),
            transform: transform.map(Transform::to_string),
            first,
        }
    }
}

/// A malformed record in JSON: `null` in every column of the run (a unit
/// `()` is written `null`; `None` leaves a column out), then the status and
/// the error.
#[derive(Debug, Clone, Serialize)]
pub struct CanonMalformedJson {
    puzzle: Option<&'static str>,
    canonical: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    transform: Option<()>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first: Option<()>,
    status: &'static str,
    error: String,
}

impl CanonMalformedJson {
    /// The object of a malformed record in a run of `request`, and why.
    pub fn new(request: &CanonRequest, error: &str) -> CanonMalformedJson {
        CanonMalformedJson {
            puzzle: None,
            canonical: None,
            transform: request.transform.then_some(()),
            first: request.report.then_some(()),
            status: "malformed",
            error: error.to_string(),
        }
    }
}

/// A malformed record in CSV: empty fields but the form's, which says
/// `malformed`.
pub fn canon_malformed_csv(request: &CanonRequest) -> Vec<&'static str> {
    let mut fields = vec![""; request.header().len()];
    fields[1] = "malformed";
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A relabelled and transposed copy of a puzzle has its form; the
    /// transformation maps each onto it; dedupe drops the copy, report
    /// numbers it.
    #[test]
    fn a_disguised_copy_has_the_same_form_and_is_a_duplicate() {
        let a = Grid::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let disguise: Transform = "Tr321654987c789123456d987654321".parse().unwrap();
        let b = disguise.apply(&a);
        assert_ne!(a, b);
        let mut canon = Canonicalizer::new();
        let (form_a, t_a) = canonical(&mut canon, &a);
        let (form_b, t_b) = canonical(&mut canon, &b);
        assert_eq!(form_a, form_b);
        assert_eq!(t_a.apply(&a), form_a);
        assert_eq!(t_b.apply(&b), form_b);
        let dedupe = CanonRequest { dedupe: true, ..CanonRequest::default() };
        let mut classes = Classes::default();
        assert_eq!(dedupe.next(&mut classes, form_a), Some(None));
        assert_eq!(dedupe.next(&mut classes, form_b), None);
        assert_eq!(classes.counts(), (2, 1));
        let report = CanonRequest { report: true, ..dedupe };
        let mut classes = Classes::default();
        assert_eq!(report.next(&mut classes, form_a), Some(Some(1)));
        assert_eq!(report.next(&mut classes, form_b), Some(Some(1)));
        assert_eq!(report.header(), ["puzzle", "canonical", "first"]);
    }
}
