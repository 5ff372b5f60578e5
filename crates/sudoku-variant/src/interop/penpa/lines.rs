//! The `line` layer of `pu_q`: lines drawn through cell centres, read as
//! hand-drawn thermometers where that is all they can be.
//!
//! Penpa+ keys a line segment by its two point numbers, smaller first
//! (`"a,b"`, `re_linemove` in `class_p.js`), and stores its style number
//! (`set_line_style` in `style.js`); a cross mark (style 98) is keyed by
//! one point. Segments that share cells are joined into drawn lines. A
//! drawn line is a thermometer when:
//!
//! - every segment joins two cells of the grid that touch, across a side
//!   or a corner (Penpa's normal and diagonal line modes);
//! - the line is a simple path: no branch, no loop;
//! - exactly one of its two end cells holds a circle (`symbol`
//!   `circle_L` or `circle_M`, of any style: grey, white, black or
//!   outlined), and no other cell of it does: that end is the bulb;
//! - the bulb is not the circle of an `arrows` element or the bulb of a
//!   `thermo` element (a line that only retraces a `thermo` element
//!   repeats it and adds nothing);
//! - all its segments have one of the solid line styles of Penpa's line
//!   panel: 2 (black), 3 (green), 5 (grey), 8 (red) or 9 (blue). Dotted,
//!   dashed, thin, short and double lines (12, 13, 14, 80, 40, 30, ...)
//!   are the marks of other rules or of helpers, and refused.
//!
//! Anything else in the layer is refused by name: a line with no circle
//! at an end could be any line rule (whisper, renban, palindrome, ...), a
//! shaded cell (`surface`) is no bulb, and a line with circles at both ends
//! or through one could be an arrow, a branching thermometer or a rule of
//! its own.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::frame::{Frame, Point};
use super::layers::Layers;

/// The line styles read as a thermometer's line.
pub(super) const THERMO_STYLES: [i64; 5] = [2, 3, 5, 8, 9];

/// The hand-drawn thermometers of the `line` layer, bulb first.
/// `circles` are the cells holding a large or medium circle; `taken` the
/// circles of arrows and bulbs of `thermo` elements; `elements` the
/// `thermo` elements' cells.
pub(super) fn read_lines(
    frame: &Frame,
    value: Option<&Value>,
    circles: &BTreeSet<u16>,
    taken: &BTreeSet<u16>,
    elements: &[Vec<u16>],
    out: &mut Layers,
) -> Vec<Vec<u16>> {
    let Some(value) = value else { return Vec::new() };
    let Some(entries) = value.as_object() else {
        out.malformed("line", "expected an object".into());
        return Vec::new();
    };
    // The segments between touching cells of the grid, with their styles.
    let mut segments: BTreeMap<(u16, u16), i64> = BTreeMap::new();
    for (key, style) in entries {
        if style.is_null() {
            continue;
        }
        let style = style.as_i64().unwrap_or(-1);
        let Some((a, b)) = key.split_once(',') else {
            let place = key.trim().parse().map_or("off the board".into(), |k| frame.place(frame.point(k)));
            out.refuse(format!("marks of style {style} at {place} (line)"));
            continue;
        };
        let (Ok(a), Ok(b)) = (a.trim().parse::<usize>(), b.trim().parse::<usize>()) else {
            out.malformed("line", format!("{key:?} is not two points"));
            continue;
        };
        match (touching_cells(frame, a, b), frame.point(a)) {
            (Some((a, b)), _) => {
                let pair = (a.min(b), a.max(b));
                if segments.insert(pair, style).is_some_and(|s| s != style) {
                    let (a, b) = (frame.name(pair.0), frame.name(pair.1));
                    out.refuse(format!("a line of two styles between {a} and {b} (line)"));
                }
            }
            (None, point) => out.refuse(format!(
                "lines through cell centres (line) at {} that do not join two touching cells of the grid",
                frame.place(point)
            )),
        }
    }
    let mut thermos = Vec::new();
    // A line with a branch or loop (`None`) is named by `branching_cells`.
    for path in paths(&segments).into_iter().flatten() {
        if let Some(thermo) = thermo_of(frame, &path, &segments, circles, taken, elements, out) {
            thermos.push(thermo);
        }
    }
    for cell in branching_cells(&segments) {
        out.refuse(format!(
            "a line through cell centres (line) that branches or closes at {}",
            frame.name(cell)
        ));
    }
    thermos
}

/// The cells of centre points `a` and `b` when both are on the grid and
/// touch (across a side or a corner).
fn touching_cells(frame: &Frame, a: usize, b: usize) -> Option<(u16, u16)> {
    let (Point::Centre(xa, ya), Point::Centre(xb, yb)) = (frame.point(a), frame.point(b)) else {
        return None;
    };
    let (ca, cb) = (frame.cell(xa, ya)?, frame.cell(xb, yb)?);
    (ca != cb && xa.abs_diff(xb) <= 1 && ya.abs_diff(yb) <= 1).then_some((ca, cb))
}

/// The neighbours of each cell along the segments.
fn neighbours(segments: &BTreeMap<(u16, u16), i64>) -> BTreeMap<u16, Vec<u16>> {
    let mut next: BTreeMap<u16, Vec<u16>> = BTreeMap::new();
    for &(a, b) in segments.keys() {
        next.entry(a).or_default().push(b);
        next.entry(b).or_default().push(a);
    }
    next
}

/// Cells where three or more segments meet, or the first cell of each
/// closed loop: where a drawn line is no simple path.
fn branching_cells(segments: &BTreeMap<(u16, u16), i64>) -> Vec<u16> {
    let next = neighbours(segments);
    let mut out: Vec<u16> = next.iter().filter(|(_, n)| n.len() > 2).map(|(&c, _)| c).collect();
    // A loop: a connected set of cells, each with two neighbours.
    let mut seen = BTreeSet::new();
    for (&start, _) in next.iter().filter(|(_, n)| n.len() == 2) {
        if seen.contains(&start) {
            continue;
        }
        let component = component_of(&next, start);
        if component.iter().all(|c| next[c].len() == 2) {
            out.push(start);
        }
        seen.extend(component);
    }
    out
}

/// The cells joined to `start`.
fn component_of(next: &BTreeMap<u16, Vec<u16>>, start: u16) -> BTreeSet<u16> {
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some(c) = stack.pop() {
        for &d in &next[&c] {
            if seen.insert(d) {
                stack.push(d);
            }
        }
    }
    seen
}

/// Each drawn line that is a simple path, as its cells from one end to
/// the other (the smaller end cell first); `None` for a line with a branch
/// or a loop (named by [`branching_cells`]).
fn paths(segments: &BTreeMap<(u16, u16), i64>) -> Vec<Option<Vec<u16>>> {
    let next = neighbours(segments);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &start in next.keys() {
        if seen.contains(&start) {
            continue;
        }
        let component = component_of(&next, start);
        seen.extend(component.iter().copied());
        let ends: Vec<u16> = component.iter().copied().filter(|c| next[c].len() == 1).collect();
        if ends.len() != 2 || component.iter().any(|c| next[c].len() > 2) {
            out.push(None);
            continue;
        }
        let mut path = vec![ends[0]];
        let mut at = ends[0];
        let mut from = None;
        while let Some(&step) = next[&at].iter().find(|&&d| Some(d) != from) {
            path.push(step);
            from = Some(at);
            at = step;
        }
        out.push(Some(path));
    }
    out
}

/// The thermometer a simple path draws, bulb first, or its refusal.
fn thermo_of(
    frame: &Frame,
    path: &[u16],
    segments: &BTreeMap<(u16, u16), i64>,
    circles: &BTreeSet<u16>,
    taken: &BTreeSet<u16>,
    elements: &[Vec<u16>],
    out: &mut Layers,
) -> Option<Vec<u16>> {
    let (first, last) = (path[0], path[path.len() - 1]);
    let span = format!("{}-{}", frame.name(first), frame.name(last));
    if let Some(&inner) = path[1..path.len() - 1].iter().find(|c| circles.contains(c)) {
        out.refuse(format!(
            "a line through cell centres (line) {span} through a circle at {}",
            frame.name(inner)
        ));
        return None;
    }
    let thermo: Vec<u16> = match (circles.contains(&first), circles.contains(&last)) {
        (true, false) => path.to_vec(),
        (false, true) => path.iter().rev().copied().collect(),
        (true, true) => {
            out.refuse(format!("a line through cell centres (line) {span} with a circle at both ends"));
            return None;
        }
        (false, false) => {
            out.refuse(format!(
                "lines through cell centres (line) without a circle at an end, {span}: their rule cannot be told"
            ));
            return None;
        }
    };
    let bulb = frame.name(thermo[0]);
    if elements.contains(&thermo) {
        return None;
    }
    if taken.contains(&thermo[0]) {
        out.refuse(format!(
            "a line (line) from {bulb}, the circle of an arrow or the bulb of another thermometer"
        ));
        return None;
    }
    let styles: BTreeSet<i64> =
        thermo.windows(2).map(|w| segments[&(w[0].min(w[1]), w[0].max(w[1]))]).collect();
    if let Some(style) = styles.iter().find(|s| !THERMO_STYLES.contains(s)) {
        out.refuse(format!(
            "a line of style {style} from the circle at {bulb} (line): thermometers are read from solid lines \
             (styles 2, 3, 5, 8, 9)"
        ));
        return None;
    }
    Some(thermo)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 without margins: `nx0 = 8`.
    const FOUR: Frame = Frame { nx0: 8, ny0: 8, top: 2, left: 2, n: 4 };

    /// Penpa's centre point of r(row)c(col), 1-based.
    fn centre(row: usize, col: usize) -> usize {
        (row + 1) * 8 + col + 1
    }

    /// The canvas cell of r(row)c(col).
    fn cell(row: usize, col: usize) -> u16 {
        ((row - 1) * 4 + col - 1) as u16
    }

    /// A cell as (row, col), 1-based.
    type At = (usize, usize);

    /// A `line` layer of segments between cells, each with its style.
    fn layer(segments: &[(At, At, i64)]) -> Value {
        let entries: Vec<String> = segments
            .iter()
            .map(|&(a, b, style)| {
                let (a, b) = (centre(a.0, a.1), centre(b.0, b.1));
                format!(r#""{},{}":{style}"#, a.min(b), a.max(b))
            })
            .collect();
        serde_json::from_str(&format!("{{{}}}", entries.join(","))).unwrap()
    }

    /// Reads `line` with circles in `circled` cells; (thermos, refusals).
    fn read(
        line: &Value,
        circled: &[(usize, usize)],
        taken: &[u16],
        elements: &[Vec<u16>],
    ) -> (Vec<Vec<u16>>, Vec<String>) {
        let circles: BTreeSet<u16> = circled.iter().map(|&(r, c)| cell(r, c)).collect();
        let taken: BTreeSet<u16> = taken.iter().copied().collect();
        let mut out = Layers::default();
        let thermos = read_lines(&FOUR, Some(line), &circles, &taken, elements, &mut out);
        assert!(out.malformed.is_none(), "{:?}", out.malformed);
        (thermos, out.unsupported)
    }

    #[test]
    fn r47_a_line_from_a_circle_is_a_thermometer_read_from_its_bulb() {
        // r1c1 - r1c2 - r2c3 (diagonal), the circle at either end.
        let line = layer(&[((1, 1), (1, 2), 5), ((1, 2), (2, 3), 5)]);
        let (thermos, names) = read(&line, &[(2, 3)], &[], &[]);
        assert!(names.is_empty(), "{names:?}");
        assert_eq!(thermos, [vec![cell(2, 3), cell(1, 2), cell(1, 1)]]);
        let (thermos, _) = read(&line, &[(1, 1)], &[], &[]);
        assert_eq!(thermos, [vec![cell(1, 1), cell(1, 2), cell(2, 3)]]);
        // Two lines, each from its own circle; every solid style.
        for style in THERMO_STYLES {
            let two = layer(&[((1, 1), (1, 2), style), ((3, 1), (4, 2), 5), ((4, 2), (4, 3), 5)]);
            let (thermos, names) = read(&two, &[(1, 2), (4, 3)], &[], &[]);
            assert!(names.is_empty(), "{style}: {names:?}");
            assert_eq!(thermos.len(), 2);
            assert!(thermos.contains(&vec![cell(1, 2), cell(1, 1)]));
            assert!(thermos.contains(&vec![cell(4, 3), cell(4, 2), cell(3, 1)]));
        }
    }

    #[test]
    fn r47_a_line_that_is_no_plain_thermometer_is_refused_by_name() {
        let path = [((1, 1), (1, 2), 5), ((1, 2), (1, 3), 5)];
        let cases: Vec<(Value, Vec<At>, &str)> = vec![
            (
                layer(&path),
                vec![],
                "lines through cell centres (line) without a circle at an end, r1c1-r1c3: their rule cannot be told",
            ),
            (layer(&path), vec![(1, 1), (1, 3)], "a line through cell centres (line) r1c1-r1c3 with a circle at both ends"),
            (
                layer(&path),
                vec![(1, 1), (1, 2)],
                "a line through cell centres (line) r1c1-r1c3 through a circle at r1c2",
            ),
            (
                layer(&[((1, 1), (1, 2), 12), ((1, 2), (1, 3), 12)]),
                vec![(1, 1)],
                "a line of style 12 from the circle at r1c1 (line): thermometers are read from solid lines (styles 2, 3, 5, 8, 9)",
            ),
            (
                layer(&[((1, 1), (1, 2), 5), ((1, 2), (1, 3), 5), ((1, 2), (2, 2), 5)]),
                vec![(1, 1)],
                "a line through cell centres (line) that branches or closes at r1c2",
            ),
            (
                layer(&[((1, 1), (1, 2), 5), ((1, 2), (2, 2), 5), ((2, 2), (2, 1), 5), ((2, 1), (1, 1), 5)]),
                vec![(1, 1)],
                "a line through cell centres (line) that branches or closes at r1c1",
            ),
            (
                layer(&[((1, 1), (1, 3), 5)]),
                vec![(1, 1)],
                "lines through cell centres (line) at r1c1 that do not join two touching cells of the grid",
            ),
        ];
        for (line, circled, want) in cases {
            let (thermos, names) = read(&line, &circled, &[], &[]);
            assert!(thermos.is_empty(), "{want}");
            assert_eq!(names, [want]);
        }
        // A line from a cell to an edge (Penpa's middle lines), a cross mark,
        // and a segment written twice with two styles.
        let odd: Value = serde_json::from_str(&format!(
            r#"{{"{},{}":5,"{}":98,"{},{}":5,"{},{}":3}}"#,
            centre(1, 1),
            2 * 64 + centre(1, 1),
            centre(3, 3),
            centre(4, 1),
            centre(4, 2),
            centre(4, 2),
            centre(4, 1)
        ))
        .unwrap();
        let (_, names) = read(&odd, &[(4, 1)], &[], &[]);
        assert!(names.contains(&"marks of style 98 at r3c3 (line)".to_string()), "{names:?}");
        assert!(names.iter().any(|n| n.contains("at r1c1 that do not join two touching cells")), "{names:?}");
        assert!(
            names.contains(&"a line of two styles between r4c1 and r4c2 (line)".to_string()),
            "{names:?}"
        );
    }

    #[test]
    fn r47_a_line_over_a_thermo_element_repeats_it_and_one_from_an_arrow_is_refused() {
        let line = layer(&[((1, 1), (1, 2), 5), ((1, 2), (1, 3), 5)]);
        let element = vec![cell(1, 1), cell(1, 2), cell(1, 3)];
        let (thermos, names) = read(&line, &[(1, 1)], &[cell(1, 1)], &[element]);
        assert!(thermos.is_empty() && names.is_empty(), "{thermos:?} {names:?}");
        let (thermos, names) = read(&line, &[(1, 1)], &[cell(1, 1)], &[]);
        assert!(thermos.is_empty());
        assert_eq!(
            names,
            ["a line (line) from r1c1, the circle of an arrow or the bulb of another thermometer"]
        );
    }
}
