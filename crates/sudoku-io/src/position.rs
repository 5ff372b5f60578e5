//! Player positions in and out: a record per position, in any of the forms
//! [`Position`] reads, told apart per record, and the JSON form.
//!
//! ```
//! use sudoku_io::{position_json, positions, PositionFormat};
//! let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
//! let got: Vec<_> = positions(text.as_bytes(), "<stdin>", PositionFormat::Auto).collect();
//! let p = got[0].position.as_ref().unwrap();
//! let json = position_json(p).to_string();
//! let back: Vec<_> = positions(json.as_bytes(), "<stdin>", PositionFormat::Json).collect();
//! assert_eq!(back[0].position.as_ref().unwrap(), p);
//! ```

use std::io::Read;

use serde::Deserialize;
use sudoku_core::{Candidates, Digit, Grid, Position};

use crate::line_reader::LineReader;
use crate::RecordError;

/// One position of the input: where it starts, and the position or what
/// was wrong with it.
#[derive(Debug, Clone)]
pub struct PositionRecord {
    /// 1-based line where the record starts.
    pub line: usize,
    /// The position, or the error that stopped it.
    pub position: Result<Position, RecordError>,
}

/// The JSON form of a position: `{"givens": "...", "placed": "...",
/// "candidates": ["1245", ...]}` (81 cells each; `placed` and `candidates`
/// are optional). Cells of `givens` and `placed` are `1-9` or a blank.
pub fn position_json(p: &Position) -> serde_json::Value {
    let mut o = serde_json::Map::new();
    o.insert("givens".into(), p.givens().to_line().into());
    o.insert("placed".into(), p.placed().to_line().into());
    if let Some(marks) = p.marks() {
        let cells: Vec<serde_json::Value> = marks
            .iter()
            .map(|m| m.iter().map(|d| char::from(b'0' + d.get())).collect::<String>().into())
            .collect();
        o.insert("candidates".into(), cells.into());
    }
    o.into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPosition {
    givens: String,
    placed: Option<String>,
    candidates: Option<Vec<String>>,
}

/// A position from its JSON form ([`position_json`]); the error names the
/// field (its column would be 0).
pub fn position_from_json(text: &str) -> Result<Position, String> {
    let j: JsonPosition = serde_json::from_str(text).map_err(|e| format!("JSON: {e}"))?;
    let grid = |name: &str, s: &str| Grid::parse_line(s).map_err(|e| format!("{name}: {e}"));
    let givens = grid("givens", &j.givens)?;
    let placed = match &j.placed {
        Some(p) => grid("placed", p)?,
        None => givens,
    };
    let marks = match &j.candidates {
        None => None,
        Some(cells) if cells.len() != 81 => {
            return Err(format!("candidates: {} cells, expected 81", cells.len()))
        }
        Some(cells) => {
            let mut marks = [Candidates::NONE; 81];
            for (c, s) in cells.iter().enumerate() {
                for ch in s.chars() {
                    match ch.to_digit(10).and_then(|d| Digit::new(d as u8)) {
                        Some(d) => marks[c] = marks[c].with(d),
                        _ => return Err(format!("candidates[{c}]: unexpected {ch:?}, expected digits 1-9")),
                    }
                }
            }
            Some(marks)
        }
    };
    Position::new(givens, &placed, marks).map_err(|e| format!("placed: {}", e.message))
}

/// Whether a line only draws box borders (HoDoKu, Sudoku Explainer).
fn is_border(line: &str) -> bool {
    line.chars().all(|c| "-+=*.:'|# \t".contains(c)) && !line.trim().is_empty()
}

/// Whether a line is a drawn rule of a grid's border: border characters
/// with a `-` or `=` in them (`*-----*`, HoDoKu's `.---.`, `:---:` and
/// `'---'`), so never a line of 81 blanks. Between records it is no record:
/// it closes the grid before it or opens the one after.
fn is_rule(line: &str) -> bool {
    is_border(line) && line.contains(['-', '='])
}

/// The positions of one input, read lazily; `source` names the input in
/// errors. Per record: a line starting with `{` is JSON, 729 candidate
/// characters are a Sukaku line, one or two 81-cell lines joined by a comma
/// are `givens[,placed]`, and 9 rows of cells (with border lines between)
/// are a pencil-mark grid. Blank lines, lines starting with `#` and (in
/// auto and pencil-grid input) border rules such as a grid's closing
/// `*---*` or `'---'` between records are skipped. A bad record is a record too (with its error), and
/// reading goes on at the next line.
pub fn positions<'a, R: Read + 'a>(
    reader: R,
    source: &str,
    format: PositionFormat,
) -> impl Iterator<Item = PositionRecord> + 'a {
    let mut r = Reader { lines: LineReader::new(reader, source), format };
    std::iter::from_fn(move || r.next_record())
}

/// How the records of a position input are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PositionFormat {
    /// Told apart per record (see [`positions`]).
    #[default]
    Auto,
    /// `givens[,placed]` lines.
    GivensPlaced,
    /// Sukaku lines (729 candidate characters).
    Sukaku,
    /// Pencil-mark grids (9 rows of cells, border lines allowed).
    PencilGrid,
    /// JSON objects, one a line.
    Json,
}

impl PositionFormat {
    /// Every format, in the order `hint --input` lists them.
    pub const ALL: [PositionFormat; 5] = [
        PositionFormat::Auto,
        PositionFormat::GivensPlaced,
        PositionFormat::Sukaku,
        PositionFormat::PencilGrid,
        PositionFormat::Json,
    ];

    /// The format's name: `auto`, `line` (givens and placed digits),
    /// `sukaku`, `grid` (pencil marks), `json`.
    pub const fn name(self) -> &'static str {
        match self {
            PositionFormat::Auto => "auto",
            PositionFormat::GivensPlaced => "line",
            PositionFormat::Sukaku => "sukaku",
            PositionFormat::PencilGrid => "grid",
            PositionFormat::Json => "json",
        }
    }
}

/// A name that is not one of [`PositionFormat`]'s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown position format {0:?}, expected one of auto, line, sukaku, grid, json")]
pub struct ParsePositionFormatError(pub String);

impl std::str::FromStr for PositionFormat {
    type Err = ParsePositionFormatError;
    /// Parses a format name, ignoring ASCII case.
    fn from_str(s: &str) -> Result<PositionFormat, ParsePositionFormatError> {
        PositionFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParsePositionFormatError(s.to_string()))
    }
}

struct Reader<R> {
    lines: LineReader<R>,
    format: PositionFormat,
}

impl<R: Read> Reader<R> {
    fn error(&self, line: usize, column: usize, message: impl Into<String>) -> RecordError {
        self.lines.error(line, column, message)
    }

    fn next_record(&mut self) -> Option<PositionRecord> {
        let first = loop {
            match self.lines.next_line()? {
                Err(e) => return Some(PositionRecord { line: e.line, position: Err(e) }),
                Ok(l) if l.trim().is_empty() || l.trim_start().starts_with('#') && !is_border(&l) => continue,
                // A grid's top or closing border: a pencil-mark grid starts
                // at its first row of cells.
                Ok(l)
                    if matches!(self.format, PositionFormat::Auto | PositionFormat::PencilGrid)
                        && is_rule(&l) =>
                {
                    continue
                }
                Ok(l) => break l.trim_start_matches('\u{feff}').to_string(),
            }
        };
        let at = self.lines.line_no;
        let t = first.trim();
        let cells = t.chars().filter(|c| !c.is_whitespace()).count();
        let fail = |this: &Self, column: usize, message: String| PositionRecord {
            line: at,
            position: Err(this.error(at, column, message)),
        };
        use PositionFormat as F;
        let auto = self.format == F::Auto;
        if self.format == F::Json || auto && t.starts_with('{') {
            return Some(match position_from_json(t) {
                Ok(p) => PositionRecord { line: at, position: Ok(p) },
                Err(m) => fail(self, 0, m),
            });
        }
        let is_row =
            |l: &str| l.split(|c: char| c.is_whitespace() || c == '|').filter(|s| !s.is_empty()).count() >= 2;
        // A line of cells: digits, blanks and a comma (a line of 81 dots is
        // an empty grid, not a border).
        let is_cells = t.len() >= 81 && t.chars().all(|c| c.is_ascii_digit() || ".,_".contains(c));
        let line_form = match self.format {
            F::GivensPlaced | F::Sukaku => true,
            F::PencilGrid | F::Json => false,
            F::Auto => cells == 729 || is_cells || !is_row(t) && !is_border(t),
        };
        if line_form {
            let sukaku = self.format == F::Sukaku || auto && cells == 729;
            let parsed = if sukaku { Position::parse_sukaku(t) } else { Position::parse_givens_placed(t) };
            return Some(match parsed {
                Ok(p) => PositionRecord { line: at, position: Ok(p) },
                Err(e) => fail(self, e.column, e.message),
            });
        }
        // A pencil-mark grid: this line and the next until 9 rows of cells.
        let mut block = first.clone();
        let mut rows = usize::from(!is_border(&first));
        while rows < 9 {
            match self.lines.next_line() {
                None => break,
                Some(Err(e)) => return Some(PositionRecord { line: at, position: Err(e) }),
                Some(Ok(l)) => {
                    if l.trim().is_empty() {
                        break;
                    }
                    rows += usize::from(!is_border(&l));
                    block.push('\n');
                    block.push_str(&l);
                }
            }
        }
        Some(match Position::parse_pencil_grid(&block) {
            Ok(p) => PositionRecord { line: at, position: Ok(p) },
            Err(e) => PositionRecord {
                line: at,
                position: Err(self.error(at + e.line.max(1) - 1, e.column, e.message)),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MAX_LINE_BYTES;

    const GIVENS: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const PLACED: &str = "4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn read(text: &str) -> Vec<PositionRecord> {
        positions(text.as_bytes(), "in", PositionFormat::Auto).collect()
    }

    fn marked() -> Position {
        let placed: Grid = PLACED.parse().unwrap();
        let mut marks = placed.candidates();
        marks[1] = marks[1].without(Candidates::single(Digit::new(5).unwrap()));
        Position::new(GIVENS.parse().unwrap(), &placed, Some(marks)).unwrap()
    }

    #[test]
    fn each_form_is_told_apart_and_round_trips_through_json() {
        let p = marked();
        let text = format!(
            "# a comment\n{GIVENS},{PLACED}\n\n{}\n{}\n{}",
            p.to_sukaku(),
            p.to_pencil_grid(),
            position_json(&p)
        );
        let got = read(&text);
        assert_eq!(got.len(), 4, "{got:?}");
        assert_eq!(got.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 4, 5, 17]);
        for r in &got {
            let q = r.position.as_ref().unwrap();
            let back = position_from_json(&position_json(q).to_string()).unwrap();
            assert_eq!(&back, q);
        }
        assert_eq!(got[0].position.as_ref().unwrap().placed().to_line(), PLACED);
        for r in &got[1..] {
            assert_eq!(r.position.as_ref().unwrap().candidates(), p.candidates());
        }
        assert_eq!(got[3].position.as_ref().unwrap(), &p);
        // Each form read as itself; another form is an error, not a guess.
        let forced = |text: &str, f| positions(text.as_bytes(), "in", f).next().unwrap().position;
        assert_eq!(forced(&p.to_sukaku(), PositionFormat::Sukaku).unwrap(), got[1].position.clone().unwrap());
        assert_eq!(
            forced(&p.to_pencil_grid(), PositionFormat::PencilGrid).unwrap(),
            got[2].position.clone().unwrap()
        );
        assert_eq!(forced(&position_json(&p).to_string(), PositionFormat::Json).unwrap(), p);
        assert!(forced(&format!("{GIVENS},{PLACED}"), PositionFormat::GivensPlaced).is_ok());
        assert!(forced(&p.to_sukaku(), PositionFormat::GivensPlaced).is_err());
        assert!(forced(&format!("{GIVENS},{PLACED}"), PositionFormat::Json).is_err());
    }

    /// The pencil-mark grid of [`marked`] as HoDoKu prints it (`.---.`
    /// on top, `:---+` between bands, `'---'` closing) or as Sudoku
    /// Explainer does (`*---*` on top and closing, `|---+` between bands):
    /// `fixtures/positions/`, drawn apart from this code.
    fn drawn(hodoku: bool) -> &'static str {
        if hodoku {
            include_str!("../../../fixtures/positions/pencil_grid_hodoku.txt")
        } else {
            include_str!("../../../fixtures/positions/pencil_grid_se.txt")
        }
    }

    /// Issue 31: a pencil-mark grid with its closing border, as Sudoku
    /// Explainer and HoDoKu print it, is one record; the border is not a
    /// second (\"0 rows of cells\") one.
    #[test]
    fn r31_a_closing_border_belongs_to_its_grid() {
        let p = marked();
        for hodoku in [false, true] {
            let grid = drawn(hodoku);
            assert!(grid.lines().last().unwrap().contains('-'), "{grid}");
            for format in [PositionFormat::Auto, PositionFormat::PencilGrid] {
                let text = format!("{grid}{grid}\n{grid}");
                let got: Vec<_> = positions(text.as_bytes(), "in", format).collect();
                assert_eq!(got.len(), 3, "{hodoku} {format:?}: {got:?}");
                // Each record starts at its first row of cells.
                assert_eq!(got.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 15, 29]);
                for r in &got {
                    assert_eq!(r.position.as_ref().unwrap().candidates(), p.candidates());
                }
            }
        }
        // A line of 81 blanks is an empty grid, not a border.
        let empty = ".".repeat(81);
        let got = read(&format!("{}{empty}\n", drawn(true)));
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].position.as_ref().unwrap().givens(), &Grid::EMPTY);
    }

    /// Issue 31: a comment or blank line over the line limit is no record,
    /// and other content past the limit is one malformed record.
    #[test]
    fn r31_long_comments_and_blank_lines_are_no_records() {
        let long = "x".repeat(MAX_LINE_BYTES * 2);
        let blank = " ".repeat(MAX_LINE_BYTES * 2);
        let text = format!("# {long}\n{blank}\n{GIVENS}\n{GIVENS}{long}\n{GIVENS}\n");
        let got: Vec<(usize, bool)> = read(&text).iter().map(|r| (r.line, r.position.is_ok())).collect();
        assert_eq!(got, [(3, true), (4, false), (5, true)]);
    }

    #[test]
    fn a_bad_record_is_reported_where_it_is_and_reading_goes_on() {
        let text = format!("{GIVENS}x\n{{\"givens\": 5}}\n{}\n{GIVENS}\n", &"1........".repeat(80));
        let got = read(&text);
        assert_eq!(got.len(), 4);
        let e = got[0].position.as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (1, 82), "{e}");
        assert!(got[1].position.as_ref().unwrap_err().message.starts_with("JSON"));
        assert_eq!(got[2].position.as_ref().unwrap_err().line, 3);
        assert!(got[3].position.is_ok());
        let short = read(&marked().to_pencil_grid().lines().take(5).collect::<Vec<_>>().join("\n"));
        assert_eq!(short.len(), 1);
        assert!(short[0].position.as_ref().unwrap_err().message.contains("rows"));
    }
}
