//! The JSON form: one object a line for every variant (see
//! `docs/variants.md`), read with field-level errors and written back with
//! the givens or a solution.

use std::borrow::Cow;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use crate::constraint::{JsonObject, Kinds};
use crate::digits::{format_digits, parse_grid_digits};
use crate::grids::{Grids, LayoutName};
use crate::puzzle::{default_boxes, Layout, Puzzle};
use crate::VariantError;

// The fields allowed on input and skipped (`IgnoredAny`) are never read.
#[allow(dead_code)]
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Record<'a> {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    size: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    layout: Option<String>,
    /// Overlapping grids of no named layout: the top-left corner
    /// `[row, col]` (0-based) of each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    grids: Option<Vec<[usize; 2]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    boxes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    regions: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rules: Vec<String>,
    /// Killer cages: a kind's own list ([`crate::Kind::json_list`]), its
    /// entries without `kind`.
    #[serde(default, borrow, skip_serializing_if = "Vec::is_empty")]
    cages: Vec<ConstraintRecord<'a>>,
    /// Constraints drawn on the grid, each an object with its `kind` and
    /// the fields that kind reads ([`crate::Kind::parts_from_json`]).
    #[serde(default, borrow, skip_serializing_if = "Vec::is_empty")]
    constraints: Vec<ConstraintRecord<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    givens: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// A player's digits on the board (hints), givens included or not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    placed: Option<String>,
    /// Fields other tools add (an expected count, a source, an id, a
    /// title, an author, a comment) are kept out of the model but allowed
    /// on input, and skipped unread; any other unknown field is an error
    /// (a typo must not drop a rule silently).
    #[serde(default, skip_serializing)]
    expect: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    source: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    id: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    title: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    author: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    comment: Option<IgnoredAny>,
    /// The classic JSON form's givens (`sudoku generate -f json` and
    /// `sudoku grade -f json` of classic puzzles write `puzzle`): read as
    /// `givens`, so that the toolkit reads back what it writes.
    #[serde(default, skip_serializing)]
    puzzle: Option<String>,
    /// The grader's name of the variant beside `puzzle`: only `classic` is
    /// read (any other would be a rule given outside `rules`, refused
    /// rather than dropped).
    #[serde(default, skip_serializing)]
    variant: Option<String>,
    /// The classic JSON form's fields about a puzzle, allowed on input and
    /// skipped: the generator's `seed`, `index`, `clues`, `symmetry`; the
    /// grader's `rating`, `er`, `ep`, `ed`, `band`, `technique`, `nodes`,
    /// `guesses`, `status`, `scale`, `trial`, `spike`, `steps`. (Listed
    /// here, not in a flattened struct: a flattened field makes serde
    /// buffer every field of the record, the constraints too, before
    /// reading it.)
    #[serde(default, skip_serializing)]
    seed: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    index: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    clues: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    symmetry: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    rating: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    er: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    ep: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    ed: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    band: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    technique: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    nodes: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    guesses: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    status: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    scale: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    trial: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    spike: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    steps: Option<IgnoredAny>,
}

/// One constraint: its kind's name (none in a kind's own list), then the
/// fields the kind reads (`fields`) or writes (`written`, in its order).
/// Names are borrowed from the line read (see [`Name`]).
#[derive(Debug, Default)]
struct ConstraintRecord<'a> {
    kind: Option<Cow<'a, str>>,
    fields: JsonObject<'a>,
    written: crate::Fields,
}

/// Read entry by entry: `kind` as a name, every other field as the JSON
/// value it is (a derived reader with a flattened map would buffer each
/// value first, then convert it). A field given twice is refused.
impl<'de: 'a, 'a> Deserialize<'de> for ConstraintRecord<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> serde::de::Visitor<'de> for Entries<'a> {
            type Value = ConstraintRecord<'a>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a constraint: an object with its fields")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<ConstraintRecord<'a>, A::Error> {
                let mut record = ConstraintRecord::default();
                let mut kind_seen = false;
                while let Some(Name(key)) = map.next_key::<Name<'de>>()? {
                    if key == "kind" {
                        if kind_seen {
                            return Err(serde::de::Error::duplicate_field("kind"));
                        }
                        kind_seen = true;
                        record.kind = map.next_value::<Option<Name<'de>>>()?.map(|Name(name)| name);
                    } else {
                        let value = map.next_value()?;
                        if record.fields.insert(key.clone(), value).is_err() {
                            return Err(serde::de::Error::custom(format_args!("duplicate field `{key}`")));
                        }
                    }
                }
                Ok(record)
            }
        }
        deserializer.deserialize_map(Entries(std::marker::PhantomData))
    }
}

/// A name (a field's, a kind's) borrowed from the text read, or owned
/// where the text escapes a character.
struct Name<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Name<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl<'de> serde::de::Visitor<'de> for Text {
            type Value = Name<'de>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }

            fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Name<'de>, E> {
                Ok(Name(Cow::Borrowed(text)))
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Name<'de>, E> {
                Ok(Name(Cow::Owned(text.to_string())))
            }
        }
        deserializer.deserialize_str(Text)
    }
}

impl Serialize for ConstraintRecord<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        if let Some(kind) = &self.kind {
            map.serialize_entry("kind", kind)?;
        }
        for (key, value) in &self.written {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A puzzle read from the JSON form, with the solution the record carried
/// (if any).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonPuzzle {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The record's `solution` field, one digit per canvas position.
    pub solution: Option<Vec<u8>>,
    /// The record's `placed` field (a player's digits), likewise.
    pub placed: Option<Vec<u8>>,
}

impl Puzzle {
    /// Reads one JSON object (see the crate docs for the fields).
    pub fn from_json(text: &str) -> Result<JsonPuzzle, VariantError> {
        let record: Record = serde_json::from_str(text).map_err(|e| VariantError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string().split(" at line ").next().unwrap_or_default().to_string(),
        })?;
        record.into_puzzle()
    }

    /// Writes the puzzle as one JSON object (no newline); `solution`
    /// adds a `solution` field.
    pub fn to_json(&self, solution: Option<&[u8]>) -> String {
        self.to_json_position(solution, None)
    }

    /// [`Puzzle::to_json`] with a player's digits (`placed`, one a cell, 0
    /// where none) as its `placed` field: a position for `sudoku hint`.
    pub fn to_json_position(&self, solution: Option<&[u8]>, placed: Option<&[u8]>) -> String {
        let mut record = Record {
            rules: self.rules().iter().map(|r| r.name().to_string()).collect(),
            givens: Some(self.givens_line()),
            solution: solution.map(format_digits),
            placed: placed.map(format_digits),
            ..Record::default()
        };
        match self.layout() {
            Layout::Grids(grids) => match grids.name() {
                Some(name) => record.layout = Some(name.name().into()),
                None => {
                    record.size = Some(self.size());
                    record.grids = Some(grids.corners().iter().map(|&(r, c)| [r, c]).collect());
                }
            },
            Layout::Boxes { rows, cols } => {
                record.size = Some(self.size());
                if default_boxes(self.size()) != Some((*rows, *cols)) {
                    record.boxes = Some(format!("{rows}x{cols}"));
                }
            }
            Layout::Regions(regions) => {
                record.size = Some(self.size());
                record.regions = Some(regions.iter().map(|&r| crate::digits::digit_char(r + 1)).collect());
            }
        }
        let name = |c: u16| self.cell_name(usize::from(c));
        for c in self.constraints() {
            let written = c.kind().parts_to_json(c.instance(), &name);
            match c.kind().json_list() {
                "cages" => record.cages.push(ConstraintRecord { written, ..Default::default() }),
                _ => record.constraints.push(ConstraintRecord {
                    kind: Some(c.kind().name().into()),
                    written,
                    ..Default::default()
                }),
            }
        }
        serde_json::to_string(&record).expect("a record of strings and numbers serializes")
    }
}

impl Record<'_> {
    fn into_puzzle(mut self) -> Result<JsonPuzzle, VariantError> {
        if let Some(puzzle) = self.puzzle.take() {
            if self.givens.is_some() {
                return Err(VariantError::BothFields("givens", "puzzle"));
            }
            self.givens = Some(puzzle);
        }
        if let Some(variant) = self.variant.as_deref().filter(|v| *v != "classic") {
            return Err(VariantError::Field {
                field: "variant",
                why: format!(
                    "{variant:?}: give a puzzle's rules in \"rules\" (only \"classic\" is read here)"
                ),
            });
        }
        let named = match self.layout.as_deref() {
            None => None,
            Some(l) => Some(LayoutName::parse(l).ok_or_else(|| VariantError::UnknownLayout(l.to_string()))?),
        };
        if named.is_some() && self.grids.is_some() {
            return Err(VariantError::Grids("give either \"layout\" or \"grids\", not both".into()));
        }
        if (named.is_some() || self.grids.is_some()) && (self.boxes.is_some() || self.regions.is_some()) {
            return Err(VariantError::Grids(
                "overlapping grids have 3x3 boxes: no \"boxes\" or \"regions\"".into(),
            ));
        }
        let multi = named.is_some() || self.grids.is_some();
        let text_len = |t: &Option<String>| t.as_ref().map(|t| t.chars().count());
        let size = match (self.size, multi) {
            (Some(n), _) => n,
            (None, true) => 9,
            (None, false) => {
                match text_len(&self.givens).or(text_len(&self.solution)).or(text_len(&self.regions)) {
                    Some(len) => {
                        let n = (len as f64).sqrt().round() as usize;
                        if n * n == len {
                            n
                        } else {
                            return Err(VariantError::Length {
                                found: len,
                                expected: "a square number of cells (or give \"size\")".into(),
                            });
                        }
                    }
                    None => 9,
                }
            }
        };
        let layout = if let Some(name) = named {
            if size != 9 {
                return Err(VariantError::Grids(format!("a {name} is made of 9x9 grids, not {size}x{size}")));
            }
            Layout::named(name)
        } else if let Some(corners) = &self.grids {
            Layout::Grids(Grids::new(size, corners.iter().map(|&[r, c]| (r, c)).collect())?)
        } else if let Some(regions) = &self.regions {
            if self.boxes.is_some() {
                return Err(VariantError::Regions("give either \"boxes\" or \"regions\", not both".into()));
            }
            Layout::Regions(parse_regions(regions, size)?)
        } else if let Some(boxes) = &self.boxes {
            let (r, c) = boxes
                .split_once(['x', 'X', '×'])
                .and_then(|(r, c)| Some((r.trim().parse::<u8>().ok()?, c.trim().parse::<u8>().ok()?)))
                .ok_or_else(|| VariantError::BoxesText(boxes.clone()))?;
            Layout::Boxes { rows: r, cols: c }
        } else {
            if !(4..=crate::digits::MAX_SIZE).contains(&size) {
                return Err(VariantError::Size(size));
            }
            let (rows, cols) = default_boxes(size).ok_or(VariantError::NoBoxes(size))?;
            Layout::Boxes { rows, cols }
        };
        if !(4..=crate::digits::MAX_SIZE).contains(&size) {
            return Err(VariantError::Size(size));
        }
        let rules: Kinds = self.rules.iter().map(|r| rule_named(r)).collect::<Result<_, _>>()?;
        let side = layout.grids().map_or(size, Grids::side);
        let givens = match &self.givens {
            Some(g) => parse_grid_digits(g, size, side * side).map_err(|e| in_field("givens", e))?,
            None => vec![0; side * side],
        };
        // The constraints' cells are read against the puzzle without them.
        let bare = Puzzle::new(size, layout, rules, givens)?;
        let mut constraints = Vec::with_capacity(self.cages.len() + self.constraints.len());
        for (list, records) in [("cages", &self.cages), ("constraints", &self.constraints)] {
            for record in records {
                constraints.push(read_constraint(&bare, list, &constraints, record)?);
            }
        }
        let puzzle = bare.with_constraints(constraints)?;
        let digits = |name: &'static str, field: &Option<String>| {
            field
                .as_ref()
                .map(|s| parse_grid_digits(s, size, side * side).map_err(|e| in_field(name, e)))
                .transpose()
        };
        Ok(JsonPuzzle {
            puzzle,
            solution: digits("solution", &self.solution)?,
            placed: digits("placed", &self.placed)?,
        })
    }
}

/// The rule of the whole grid a name of `rules` stands for.
fn rule_named(name: &str) -> Result<&'static dyn crate::Kind, VariantError> {
    match crate::kind_named(name) {
        Some(kind) if kind.global() => Ok(kind),
        Some(kind) => Err(VariantError::NotARule(kind.name())),
        None => Err(VariantError::UnknownRule(name.to_string())),
    }
}

/// One entry of the list `list`: in `constraints` its `kind` names a
/// registered kind, a kind's own list implies it; the kind reads the rest.
/// `before` are the constraints read so far (an error counts the entry
/// among those of its kind).
fn read_constraint(
    shape: &Puzzle,
    list: &str,
    before: &[crate::Constraint],
    record: &ConstraintRecord<'_>,
) -> Result<crate::Constraint, VariantError> {
    let own = match list {
        "constraints" => None,
        _ => crate::KINDS.iter().copied().find(|k| k.json_list() == list),
    };
    let kind = match (own, record.kind.as_deref()) {
        (Some(kind), None) => kind,
        (Some(kind), Some(_)) => {
            return Err(VariantError::Constraint {
                index: before.iter().filter(|c| c.kind().name() == kind.name()).count(),
                kind: kind.noun(),
                why: format!("an entry of \"{list}\" takes no \"kind\""),
            })
        }
        // Entries of one kind usually come together: the last entry's kind
        // first, then the registry.
        (None, Some(name)) => match before.last().map(|c| c.kind()).filter(|k| k.name() == name) {
            Some(kind) => kind,
            None => crate::kind_named(name).ok_or_else(|| VariantError::UnknownKind(name.to_string()))?,
        },
        (None, None) => {
            return Err(VariantError::Constraint {
                index: before.len(),
                kind: "constraint",
                why: "expected \"kind\": a name".into(),
            })
        }
    };
    // The entry's place among those of its kind, counted only for an error.
    let index = || before.iter().filter(|c| c.kind().name() == kind.name()).count();
    let cell = |name: &str| shape.parse_cell(name).map(|i| i as u16);
    let error = |why| VariantError::Constraint { index: index(), kind: kind.noun(), why };
    let instance = kind.parts_from_json(&record.fields, &cell).map_err(error)?;
    // A field the kind does not write back is one it did not read: a typo
    // must not drop part of a rule silently.
    let written_back: Vec<&str>;
    let written = match kind.json_keys(&instance) {
        Some(keys) => keys,
        None => {
            let fields = kind.parts_to_json(&instance, &|c| shape.cell_name(usize::from(c)));
            written_back = fields.into_iter().map(|(k, _)| k).collect();
            &written_back[..]
        }
    };
    let unread = |(key, value): &(&str, &serde_json::Value)| !value.is_null() && !written.contains(key);
    if let Some((key, _)) = record.fields.iter().find(unread) {
        return Err(error(format!("unknown field \"{key}\"")));
    }
    Ok(crate::Constraint::of(kind, instance))
}

/// A character error of a grid text, as the error of the JSON field
/// `field` (so that a reader can find it in the record's line).
fn in_field(field: &'static str, e: VariantError) -> VariantError {
    match e {
        VariantError::Char { column, found, expected } => {
            VariantError::FieldChar { field, column, found, expected }
        }
        e => e,
    }
}

fn parse_regions(text: &str, size: usize) -> Result<Vec<u8>, VariantError> {
    let mut labels: Vec<char> = Vec::new();
    let mut out = Vec::with_capacity(size * size);
    for c in text.chars() {
        let k = match labels.iter().position(|&l| l == c) {
            Some(k) => k,
            None => {
                labels.push(c);
                labels.len() - 1
            }
        };
        if k >= size || !c.is_ascii_alphanumeric() {
            return Err(VariantError::Regions(format!(
                "more than {size} labels, or label {c:?} is not a letter or digit"
            )));
        }
        out.push(k as u8);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::constraint::testing::drawn_on_random_grids;
    use crate::Puzzle;

    /// The fields other tools add beside a puzzle (the generator's, the
    /// grader's, a source, a title), of any JSON type, are read past; a
    /// field nobody writes is refused by its name, beside them or alone.
    #[test]
    fn annotations_are_skipped_and_unknown_fields_refused() {
        let givens = "1".to_string() + &".".repeat(80);
        let base = format!(r#""givens":"{givens}","constraints":[{{"kind":"odd","cell":"r1c2"}}]"#);
        let annotations = [
            r#""seed":7,"index":0,"clues":24,"symmetry":"rotational""#,
            r#""rating":"7.2","er":7.2,"ep":1.2,"ed":1.0,"band":"hard","technique":"Turbot Fish""#,
            r#""nodes":12,"guesses":0,"status":"unique","scale":"se","trial":null,"spike":false"#,
            r#""steps":[{"technique":"Hidden Single","cells":["r1c1"]}],"expect":{"count":1}"#,
            r#""source":"a book","id":"p-1","title":"One","author":"me","comment":["a","b"]"#,
        ];
        for extra in annotations {
            let text = format!("{{{base},{extra}}}");
            let read = Puzzle::from_json(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(read.puzzle.givens()[0], 1);
            assert_eq!(read.puzzle.constraints().len(), 1);
        }
        for extra in [r#""ratting":7.2"#, r#""seed":7,"sed":8"#] {
            let text = format!("{{{base},{extra}}}");
            let error = Puzzle::from_json(&text).expect_err(&text).to_string();
            let name = if extra.contains("ratting") { "ratting" } else { "sed" };
            assert!(error.contains(name), "{text}: {error}");
        }
    }

    /// A kind that lists the keys it writes lists exactly the keys its
    /// `parts_to_json` writes, in order, on instances drawn on random
    /// grids (the reader trusts the list to refuse an unread field).
    #[test]
    fn a_kinds_json_keys_are_the_keys_it_writes() {
        let blank = Puzzle::blank(9).unwrap();
        let name = |c: u16| blank.cell_name(usize::from(c));
        let mut listed = 0;
        for (kind, it, _) in drawn_on_random_grids(22, 5) {
            let Some(keys) = kind.json_keys(&it) else { continue };
            let written: Vec<&str> = kind.parts_to_json(&it, &name).into_iter().map(|(k, _)| k).collect();
            assert_eq!(keys, written.as_slice(), "{} {:?}", kind.name(), it);
            listed += 1;
        }
        assert!(listed > 100, "{listed}");
    }

    /// A constraint with a field its kind does not read is refused by the
    /// field's name, whether its kind lists its keys or writes them back;
    /// without the field it is read.
    /// A constraint's field given twice is an error naming it (serde's
    /// map would keep the last silently), with or without escapes in the
    /// names; names that escape a character read as the plain ones.
    #[test]
    fn a_constraint_field_given_twice_is_refused_by_name() {
        for (fields, twice) in [
            (r#""cells":["r1c1","r1c2"],"cells":["r2c1","r2c2"]"#, "cells"),
            (r#""cells":["r1c1","r1c2"],"c\u0065lls":["r2c1","r2c2"]"#, "cells"),
            (r#""kind":"kropki","cells":["r1c1","r1c2"]"#, "kind"),
        ] {
            let line = format!(r#"{{"size":9,"constraints":[{{"kind":"kropki",{fields},"dot":"white"}}]}}"#);
            let err = Puzzle::from_json(&line).expect_err(fields).to_string();
            assert!(err.contains(&format!("duplicate field `{twice}`")), "{fields}: {err}");
        }
        let escaped =
            r#"{"size":9,"constraints":[{"k\u0069nd":"kropki","c\u0065lls":["r1c1","r1c2"],"dot":"white"}]}"#;
        let plain = r#"{"size":9,"constraints":[{"kind":"kropki","cells":["r1c1","r1c2"],"dot":"white"}]}"#;
        assert_eq!(Puzzle::from_json(escaped).unwrap(), Puzzle::from_json(plain).unwrap());
    }

    #[test]
    fn a_constraint_field_no_kind_reads_is_refused_by_name() {
        for (constraint, extra) in [
            (r#"{"kind":"kropki","cells":["r1c1","r1c2"],"dot":"white""#, "colour"),
            (r#"{"kind":"xv","cells":["r1c1","r1c2"],"letter":"X""#, "dot"),
            (r#"{"kind":"greater-than","cells":["r1c1","r1c2"]"#, "dot"),
            (r#"{"kind":"thermo","cells":["r1c1","r1c2","r1c3"]"#, "bulb"),
            (r#"{"kind":"german-whispers","cells":["r1c1","r1c2"]"#, "value"),
            (r#"{"kind":"clone","cells":["r1c1"],"clone":["r9c9"]"#, "cells2"),
            (r#"{"kind":"odd","cell":"r1c1""#, "even"),
            (r#"{"kind":"maximum","cell":"r1c1""#, "cells"),
            (r#"{"kind":"killer","cells":["r1c1","r1c2"],"sum":3"#, "total"),
            (r#"{"kind":"killer","cells":["r1c1","r1c2"],"repeat":true"#, "sum2"),
            (r#"{"kind":"killer","cells":["r1c1","r1c2"]"#, "repeats"),
            (r#"{"kind":"lockout","cells":["r1c1","r1c2","r1c3"],"difference":5"#, "diff"),
            (r#"{"kind":"lockout","cells":["r1c1","r1c2","r1c3"]"#, "value"),
            (r#"{"kind":"arrow","circle":["r1c1"],"lines":[["r1c2","r1c3"]]"#, "cells"),
            (r#"{"kind":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"digits":[1,2]"#, "value"),
            (r#"{"kind":"region-sum","cells":["r1c3","r1c4"]"#, "sum"),
        ] {
            let record = |fields: &str| format!(r#"{{"size":9,"constraints":[{constraint}{fields}}}]}}"#);
            assert!(Puzzle::from_json(&record("")).is_ok(), "{constraint}");
            let err =
                Puzzle::from_json(&record(&format!(r#","{extra}":1"#))).expect_err(constraint).to_string();
            assert!(err.contains(&format!("unknown field \"{extra}\"")), "{constraint}: {err}");
        }
    }
}
