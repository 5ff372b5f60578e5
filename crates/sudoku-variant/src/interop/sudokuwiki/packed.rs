//! sudokuwiki.org's packed boards: a form letter, the size, a version
//! letter, then one fixed-width base-36 number a cell, row by row
//! (`S9B0h0h…`). They are the `bd=` value of the site's newer links and
//! are passed around bare.
//!
//! | header | puzzle | digits a cell | a cell's number |
//! |---|---|---|---|
//! | `S9B`, `S6B` | classic 9×9, 6×6 (boxes 2×3) | 2 | `v` |
//! | `X9B` | X-sudoku (both long diagonals) | 2 | `v` |
//! | `W9B` | windoku | 2 | `v` |
//! | `C9B` | disjoint groups ("colour" sudoku) | 2 | `v` |
//! | `J9B` | jigsaw | 3 | `region << 10 \| v` |
//! | `L9B` | killer | 4 | `(colour << 6 \| total) << 10 \| v` |
//! | `M9B` | killer jigsaw | 5 | `((region << 3 \| colour) << 6 \| total) << 10 \| v` |
//! | `L6C` | killer 6×6 | 4 | `(colour << 11 \| total) << 7 \| v` |
//!
//! Regions and colours count from 0 here (the site's labels from 1).
//! `v` is a cell's state: `0` is empty, a given `d` is `d`, a digit the
//! player placed is `d + n`, and candidates are their mask (bit `d - 1`
//! for `d`) plus `2n`, so all of them (`2^n - 1 + 2n`: 529 on a 9×9) is an
//! empty cell too. The site's "load position" links are saved positions:
//! their placed digits are read as the record's `placed` (as in our JSON
//! form), their candidate marks are not read (the hint engine works out
//! its own). In the killer forms a state `d + n` is a given (as the
//! site's killer boards hold their givens). On a 6×6 `S6B` board only
//! givens and empty cells are read (pencilmark writes an empty cell as
//! 81, the 9×9 offset; the site's are unchecked there).
//!
//! Killer cages are the cells of one colour joined by sides (touching
//! cages differ in colour), each with its total on its first cell (in
//! reading order) or no total (0); a lone cell of total 0 is in no cage.
//! In `L6C` the cell after the first (to its right if in the cage, else
//! below it) holds the cage's operator: 0 or 1 is `+`; the site's other
//! operators (`-`, `×`, `÷`) are refused by name.
//!
//! Source: the encoder of pencilmark 1.0.0rc1 (`interop.py`, MIT; its
//! docs say its forms were checked against sudokuwiki.org's solver). The
//! unit tests read strings it wrote for known puzzles
//! (`fixtures/variant/interop/sudokuwiki_packed.tsv`).

use super::{same_colour_areas, InteropError};
use crate::puzzle::Layout;
use crate::{kind_named, Constraint, Instance, Kinds, Puzzle};

/// A packed form: its header's letters and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Form {
    letter: u8,
    size: usize,
    version: u8,
}

impl Form {
    /// Base-36 digits a cell.
    fn width(self) -> usize {
        match self.letter {
            b'J' => 3,
            b'L' => 4,
            b'M' => 5,
            _ => 2,
        }
    }

    fn killer(self) -> bool {
        matches!(self.letter, b'L' | b'M')
    }

    /// The forms read (see the module docs).
    fn known(self) -> bool {
        matches!(
            (self.letter, self.size, self.version),
            (b'S' | b'X' | b'W' | b'C' | b'J' | b'L' | b'M', 9, b'B') | (b'S', 6, b'B') | (b'L', 6, b'C')
        )
    }
}

/// The header of a packed board (`S9B`: letter, size, version) and its
/// length, when `text` starts with one of the site's form letters.
fn header(text: &str) -> Option<(Form, usize)> {
    let bytes = text.as_bytes();
    let letter = bytes.first()?.to_ascii_uppercase();
    if !b"SXWCJLM".contains(&letter) {
        return None;
    }
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    let size: usize = text.get(1..1 + digits)?.parse().ok()?;
    let version = bytes.get(1 + digits)?.to_ascii_uppercase();
    if !version.is_ascii_uppercase() {
        return None;
    }
    Some((Form { letter, size, version }, 2 + digits))
}

/// Whether `text` is a packed board as a whole: a header, then base-36
/// digits, as many as the form has cells times its width.
pub(in crate::interop) fn is_packed(text: &str) -> bool {
    header(text).is_some_and(|(form, at)| {
        let body = &text[at..];
        body.bytes().all(|b| b.is_ascii_alphanumeric())
            && form.size <= 25
            && body.len() == form.width() * form.size * form.size
    })
}

/// A board's puzzle and the digits a player placed (0 where none), if
/// any.
pub(super) type Board = (Puzzle, Option<Vec<u8>>);

/// The puzzle of a packed board and the digits a player placed (a saved
/// position; 0 where none), or `None` when `board` does not start like
/// one.
pub(super) fn read(board: &str) -> Option<Result<Board, InteropError>> {
    let (form, at) = header(board)?;
    Some(read_form(form, &board[at..], &board[..at]))
}

fn read_form(form: Form, body: &str, head: &str) -> Result<Board, InteropError> {
    if !form.known() {
        return Err(InteropError::Unsupported(vec![format!(
            "sudokuwiki.org packed boards {head}… (read: S9B, S6B, X9B, W9B, C9B, J9B, L9B, M9B, L6C)"
        )]));
    }
    let n = form.size;
    let width = form.width();
    if body.len() != width * n * n || !body.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(field(format!(
            "a {head} board has {} base-36 digits after its header ({width} a cell), found {} characters",
            width * n * n,
            body.chars().count()
        )));
    }
    let numbers: Vec<u32> = body
        .as_bytes()
        .chunks(width)
        .map(|digits| digits.iter().fold(0, |v, &d| v * 36 + (char::from(d).to_digit(36).unwrap_or(0))))
        .collect();
    let (state_bits, total_bits) = if form.version == b'C' { (7, 11) } else { (10, 6) };
    let mut givens = vec![0u8; n * n];
    let mut placed = vec![0u8; n * n];
    let (mut regions, mut colours, mut totals) = (vec![0u32; n * n], vec![0u32; n * n], vec![0u32; n * n]);
    for (i, &v) in numbers.iter().enumerate() {
        let state = v & ((1 << state_bits) - 1);
        let rest = v >> state_bits;
        match form.letter {
            b'J' => regions[i] = rest,
            b'L' => (colours[i], totals[i]) = (rest >> total_bits, rest & ((1 << total_bits) - 1)),
            b'M' => {
                (regions[i], colours[i], totals[i]) = (rest >> 9, rest >> 6 & 7, rest & 63);
            }
            _ if rest != 0 => return Err(field(format!("{}: {v} is not a cell's state", cell_name(i, n)))),
            _ => {}
        }
        let size = n as u32;
        match state {
            // (Candidates are a player's marks: not read.)
            0 => {}
            s if s <= size => givens[i] = s as u8,
            // pencilmark writes an empty 6×6 cell as its candidates plus
            // 18 (81), as on a 9×9; the site's offsets there are unchecked.
            75 | 81 if form.letter == b'S' && n == 6 => {}
            s if form.letter == b'S' && n == 6 => {
                return Err(InteropError::Unsupported(vec![format!(
                    "sudokuwiki.org 6x6 saved positions (state {s} at {}); use the puzzle's start",
                    cell_name(i, n)
                )]))
            }
            s if s <= 2 * size && form.killer() => givens[i] = (s - size) as u8,
            s if s <= 2 * size => placed[i] = (s - size) as u8,
            s if s < 2 * size + (1 << n) => {}
            s => return Err(field(format!("{}: {s} is not a cell's state", cell_name(i, n)))),
        }
    }
    let layout = match form.letter {
        b'J' | b'M' => Layout::Regions(region_labels(&regions, n)?),
        _ if n == 6 => Layout::Boxes { rows: 2, cols: 3 },
        _ => Layout::Boxes { rows: 3, cols: 3 },
    };
    let mut rules = Kinds::NONE;
    let rule = match form.letter {
        b'X' => Some("x"),
        b'W' => Some("windoku"),
        b'C' => Some("disjoint-groups"),
        _ => None,
    };
    if let Some(name) = rule {
        rules.insert(kind_named(name).expect("the rule is registered"));
    }
    let puzzle = Puzzle::new(n, layout, rules, givens)?;
    let placed = placed.iter().any(|&d| d != 0).then_some(placed);
    if !form.killer() {
        return Ok((puzzle, placed));
    }
    let operators = form.version == b'C';
    Ok((puzzle.with_constraints(cages(&colours, &totals, n, operators)?)?, placed))
}

/// The jigsaw's regions, numbered 0.. in the order of their first cell:
/// `n` labels of `n` cells each.
fn region_labels(labels: &[u32], n: usize) -> Result<Vec<u8>, InteropError> {
    let mut seen: Vec<u32> = Vec::new();
    let mut out = Vec::with_capacity(labels.len());
    for &label in labels {
        let index = seen.iter().position(|&l| l == label).unwrap_or_else(|| {
            seen.push(label);
            seen.len() - 1
        });
        if index >= n {
            return Err(field(format!("more than {n} region labels")));
        }
        out.push(index as u8);
    }
    Ok(out)
}

/// The killer cages of the cells' colours and totals (see the module
/// docs), in the order of their first cell.
fn cages(
    colours: &[u32],
    totals: &[u32],
    n: usize,
    operators: bool,
) -> Result<Vec<Constraint>, InteropError> {
    let killer = kind_named("killer").expect("killer is registered");
    let mut out = Vec::new();
    for cells in same_colour_areas(colours, n) {
        let first = cells[0];
        // The operator's cell of a 6×6 cage: right of the first, else below.
        let operator = (operators && cells.len() > 1).then(|| {
            if first % n + 1 < n && cells.contains(&(first + 1)) {
                first + 1
            } else {
                first + n
            }
        });
        for &cell in &cells[1..] {
            match totals[cell] {
                0 => {}
                1 if Some(cell) == operator => {}
                code if Some(cell) == operator => {
                    return Err(InteropError::Unsupported(vec![format!(
                        "sudokuwiki.org 6x6 killer operators other than + (code {code} in the cage at {})",
                        cell_name(first, n)
                    )]))
                }
                _ => {
                    return Err(field(format!(
                        "the cage at {} has a total on {}, not on its first cell",
                        cell_name(first, n),
                        cell_name(cell, n)
                    )))
                }
            }
        }
        let value = (totals[first] != 0).then_some(totals[first]);
        if cells.len() == 1 && value.is_none() {
            continue; // a cell in no cage
        }
        let parts = vec![cells.into_iter().map(|c| c as u16).collect()];
        out.push(Constraint::of(killer, Instance { parts, value }));
    }
    Ok(out)
}

fn cell_name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

fn field(why: String) -> InteropError {
    InteropError::Field { field: "sudokuwiki board".into(), why }
}

#[cfg(test)]
mod tests {
    use super::{is_packed, read};
    use crate::{Layout, Puzzle};

    /// pencilmark's packed strings of known puzzles, a tab, the puzzle.
    const VECTORS: &str = include_str!("../../../../../fixtures/variant/interop/sudokuwiki_packed.tsv");

    /// A puzzle's parts that do not depend on the order a reader lists
    /// them in: givens, rules, each cell's region-mates, and the cages as
    /// sorted cells with totals, sorted.
    /// A cage: its cells, sorted, and its total.
    type Cage = (Vec<u16>, Option<u32>);

    fn normal(p: &Puzzle) -> (Vec<u8>, String, Vec<Vec<usize>>, Vec<Cage>) {
        let n = p.size();
        let mates = match p.layout() {
            Layout::Regions(r) => {
                (0..n * n).map(|i| (0..n * n).filter(|&j| r[j] == r[i]).collect()).collect()
            }
            Layout::Boxes { rows, cols } => {
                let (h, w) = (usize::from(*rows), usize::from(*cols));
                let b = |i: usize| (i / n / h, i % n / w);
                (0..n * n).map(|i| (0..n * n).filter(|&j| b(j) == b(i)).collect()).collect()
            }
            Layout::Grids(_) => unreachable!("no packed form has grids"),
        };
        let mut cages: Vec<_> = p
            .constraints()
            .iter()
            .map(|c| {
                let mut cells: Vec<u16> = c.instance().parts.concat();
                cells.sort_unstable();
                (cells, c.instance().value)
            })
            .collect();
        cages.sort();
        (p.givens().to_vec(), p.variant_name(), mates, cages)
    }

    #[test]
    fn reads_pencilmarks_strings_as_their_puzzles() {
        let mut forms = std::collections::BTreeSet::new();
        for line in VECTORS.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let (packed, json) = line.split_once('\t').expect("a tab");
            assert!(is_packed(packed), "{packed}");
            let (got, placed) =
                read(packed).expect("a packed board").unwrap_or_else(|e| panic!("{packed}: {e}"));
            assert_eq!(placed, None);
            let want = Puzzle::from_json(json).unwrap().puzzle;
            assert_eq!(normal(&got), normal(&want), "{packed}");
            // The body is case-blind (the site writes lower case).
            let upper = format!("{}{}", &packed[..3], packed[3..].to_ascii_uppercase());
            assert_eq!(normal(&read(&upper).unwrap().unwrap().0), normal(&want));
            forms.insert(packed[..3].to_string());
        }
        let all = ["C9B", "J9B", "L6C", "L9B", "M9B", "S6B", "S9B", "W9B", "X9B"];
        assert_eq!(forms.into_iter().collect::<Vec<_>>(), all);
    }

    /// `v` in `width` base-36 digits.
    fn b36(v: u32, width: u32) -> String {
        (0..width).rev().map(|k| char::from_digit(v / 36u32.pow(k) % 36, 36).unwrap()).collect()
    }

    fn err(board: &str) -> String {
        read(board).expect("a packed board").unwrap_err().to_string()
    }

    /// sudokuwiki.org's own saved positions and start links of the same
    /// puzzles (`fixtures/variant/interop/sudokuwiki_positions.txt`): the
    /// position's givens are the start's digits, and each digit the
    /// player placed is the start's solution there.
    #[test]
    fn reads_the_sites_saved_positions_as_their_start_and_placed_digits() {
        let text = include_str!("../../../../../fixtures/variant/interop/sudokuwiki_positions.txt");
        let links: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(links.len(), 4);
        for pair in links.chunks(2) {
            let bd = |link: &'static str| &link[link.find("bd=").unwrap() + 3..];
            let (puzzle, placed) = read(bd(pair[0])).expect("a packed board").unwrap();
            let start: Vec<u8> = bd(pair[1]).bytes().map(|b| b - b'0').collect();
            assert_eq!(puzzle.givens(), start.as_slice());
            assert!(puzzle.is_classic());
            let start = sudoku_core::Grid::from_array(start.try_into().unwrap()).unwrap();
            let solution =
                sudoku_core::Solver::new().solve_unique(&start).expect("a unique puzzle").to_array();
            let placed = placed.expect("placed digits");
            let count = placed.iter().filter(|&&d| d != 0).count();
            assert!(count >= 5, "{count}");
            for (i, &d) in placed.iter().enumerate().filter(|(_, &d)| d != 0) {
                assert_eq!((start.to_array()[i], d), (0, solution[i]), "cell {i}");
            }
        }
    }

    #[test]
    fn reads_cell_states_and_refuses_other_forms_and_bad_lengths_by_name() {
        let empty = "ep".repeat(81); // 529: every candidate
        assert!(is_packed(&format!("S9B{empty}")));
        let (blank, placed) = read(&format!("S9B{empty}")).unwrap().unwrap();
        assert!(blank.givens().iter().all(|&d| d == 0) && placed.is_none());
        // A given 3 (3), a placed 1 (10), candidates {2} (20), empty (0).
        let (p, placed) = read(&format!("S9B030a0k00{}", &empty[8..])).unwrap().unwrap();
        assert_eq!(&p.givens()[..4], &[3, 0, 0, 0]);
        assert_eq!(&placed.unwrap()[..4], &[0, 1, 0, 0]);
        // In a killer a state d + 9 is a given (a checkerboard of two
        // colours: every cell alone, no cage).
        let cell = |i: usize, state: u32| b36(((i / 9 + i % 9) as u32 % 2) << 16 | state, 4);
        let killer: String = (0..81).map(|i| cell(i, if i == 0 { 10 } else { 529 })).collect();
        let (p, placed) = read(&format!("L9B{killer}")).unwrap().unwrap();
        assert_eq!((p.givens()[0], p.constraints().len(), placed), (1, 0, None));
        // Past every candidate.
        assert!(err(&format!("S9Bez{}", &empty[2..])).contains("539 is not a cell's state"));
        // A 6x6 saved position.
        assert!(err(&format!("S6B0a{}", "29".repeat(35))).contains("6x6 saved positions"));
        assert!(err(&format!("S8B{empty}")).contains("S8B"));
        assert!(err(&format!("S9B{}", &empty[1..])).contains("162 base-36 digits"));
        assert!(!is_packed(&format!("S9B{}", &empty[1..])));
        assert!(err(&format!("S9B{}!", &empty[1..])).contains("162 base-36 digits"));
        assert!(read("hello").is_none() && read("9B").is_none());
        // A jigsaw of ten labels.
        let labels = format!("J9B{}", (0..81).map(|i| b36(i % 10 * 1024 + 529, 3)).collect::<String>());
        assert!(read(&labels).unwrap().is_err());
    }
}
