//! ipuz export (`http://ipuz.org/sudoku#1`, ipuz v2): the sudoku kind's
//! `charset`, `boxes`, `puzzle`, `solution`, `zones` and `cages`.
//!
//! What maps: sizes 4-25 with rectangular boxes (`boxes: true`); jigsaw
//! regions (`boxes: false`, one zone per region); the X diagonals, windoku
//! windows and disjoint groups (one zone each: the spec's zones are extra
//! groups that hold every value once); killer cages (a CalcSpec with
//! `operator: "+"` and `value` the sum, or cells alone for a cage without a
//! sum). Cells are `[column, row]`, 1-based: the spec writes `[x, y]` but
//! is unclear whether the top-left cell is `[1, 1]` or `[0, 0]`
//! (libipuz reads `[0, 0]`), so a reader that counts from 0 sees every
//! zone and cage one cell down and right.
//!
//! What ipuz cannot express, refused with [`InteropError::Inexpressible`]:
//! anti-knight, anti-king and non-consecutive (no field for a relation
//! between cells that are not a group), and the samurai layout (the sudoku
//! kind is one square grid). Note also that ipuz cages are arithmetic
//! cages: the spec does not say that a cage's digits differ, which killer
//! rules require; a reader must know the puzzle is a killer.

use serde_json::{json, Map, Value};

use super::InteropError;
use crate::digits::digit_char;
use crate::houses::HouseKind;
use crate::puzzle::{Layout, Puzzle};

impl Puzzle {
    /// Writes the puzzle as an ipuz sudoku document (one line), with the
    /// solution when given.
    pub fn to_ipuz(&self, solution: Option<&[u8]>) -> Result<String, InteropError> {
        if let Layout::Grids(grids) = self.layout() {
            let what = super::fpuzzles::grids_named(grids);
            return Err(InteropError::Inexpressible { format: "ipuz", what });
        }
        if let Some(c) = self.constraints().iter().find(|c| c.kind().cage(c.instance()).is_none()) {
            return Err(InteropError::Inexpressible {
                format: "ipuz",
                what: format!("the constraint {} (ipuz sudoku has no such field)", c.kind().name()),
            });
        }
        // ipuz sudoku states extra houses (zones) and nothing else.
        if let Some(rule) = self.rules().iter().find(|r| !r.houses_only()) {
            return Err(InteropError::Inexpressible {
                format: "ipuz",
                what: format!("rule {}", rule.name()),
            });
        }
        let n = self.size();
        let value = |d: u8| -> Value {
            if n <= 9 || d == 0 {
                json!(d)
            } else {
                json!(digit_char(d).to_string())
            }
        };
        let grid = |digits: &[u8]| -> Value {
            Value::Array(
                (0..n).map(|r| Value::Array((0..n).map(|c| value(digits[r * n + c])).collect())).collect(),
            )
        };
        let cell = |i: u16| json!([usize::from(i) % n + 1, usize::from(i) / n + 1]);
        let mut out = Map::new();
        out.insert("version".into(), json!("http://ipuz.org/v2"));
        out.insert("kind".into(), json!(["http://ipuz.org/sudoku#1"]));
        out.insert("dimensions".into(), json!({ "width": n, "height": n }));
        out.insert("charset".into(), json!((1..=n as u8).map(digit_char).collect::<String>()));
        out.insert("displaycharset".into(), json!(true));
        out.insert("boxes".into(), json!(matches!(self.layout(), Layout::Boxes { .. })));
        out.insert("puzzle".into(), grid(self.givens()));
        if let Some(solution) = solution {
            if solution.len() != n * n {
                return Err(InteropError::Field {
                    field: "solution".into(),
                    why: format!("{} cells, expected {}", solution.len(), n * n),
                });
            }
            out.insert("solution".into(), grid(solution));
        }
        let zones: Vec<Value> = self
            .houses()
            .into_iter()
            .filter(|h| !matches!(h.kind, HouseKind::Row | HouseKind::Column | HouseKind::Box))
            .map(|h| json!({ "cells": h.cells.iter().map(|&i| cell(i)).collect::<Vec<_>>() }))
            .collect();
        if !zones.is_empty() {
            out.insert("zones".into(), Value::Array(zones));
        }
        let cages: Vec<Value> = self
            .constraints()
            .iter()
            .filter_map(|c| c.kind().cage(c.instance()))
            .map(|(cells, sum)| {
                let cells: Vec<Value> = cells.iter().map(|&i| cell(i)).collect();
                match sum {
                    Some(sum) => json!({ "cells": cells, "value": sum, "operator": "+" }),
                    None => json!({ "cells": cells }),
                }
            })
            .collect();
        if !cages.is_empty() {
            out.insert("showoperators".into(), json!(false));
            out.insert("cageborder".into(), json!("dashed"));
            out.insert("cages".into(), Value::Array(cages));
        }
        Ok(Value::Object(out).to_string())
    }
}
