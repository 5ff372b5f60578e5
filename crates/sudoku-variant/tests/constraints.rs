//! Killer cages, thermometers, arrows, odd/even cells, lines (whispers,
//! renban, palindromes, slow thermometers, zippers, entropic and modular
//! lines, double arrows, between and lockout lines, region-sum lines),
//! edge marks (kropki dots, XV, greater-than) with their negative
//! constraints, quadruples, clones, minimum and maximum cells and clues outside the grid (sandwich,
//! little killer, X-sums, skyscrapers) against an
//! independent solver written here:
//! plain backtracking over the cells in row order, checking rows, columns,
//! boxes and each constraint by its rule as the puzzle books state it
//! (never through the crate's `Kind` code), on random puzzles of both
//! signs: constraints true of a grid, and constraints drawn blind (often
//! with no solution).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_variant::{kind_named, Constraint, Instance, Kind, Puzzle, KINDS};

/// A constraint as the reference solver reads it.
#[derive(Debug, Clone)]
enum Rule {
    /// Strictly increasing from the first cell.
    Thermo(Vec<usize>),
    /// The circle's cells read as a number equal the sum of the arrow's.
    Arrow(Vec<usize>, Vec<usize>),
    /// The cell's digit is odd (true) or even.
    Parity(usize, bool),
    /// No digit twice, and the digits add up to the sum when there is one.
    Cage(Vec<usize>, Option<u32>),
    /// A line of the named kind: German (Dutch) whispers, neighbours differ
    /// by 5 (4) or more; renban, distinct digits forming a run; palindrome,
    /// the same read from either end; and the others of [`LINES`], each
    /// by its rule in [`line_holds`].
    Line(&'static str, Vec<usize>),
    /// A mark between two neighbours: `kropki` (1: they differ by one, 2:
    /// one is twice the other), `xv` (they add up to the number),
    /// `greater-than` (the first is greater).
    Edge(&'static str, usize, usize, Option<u32>),
    /// Each listed digit appears in the four cells at least as often as
    /// it is listed.
    Quad(Vec<usize>, Vec<u32>),
    /// Corresponding cells hold the same digit.
    Clone(Vec<usize>, Vec<usize>),
    /// Two neighbours joined by no mark, under "all marks given": bit 1,
    /// not consecutive; 2, neither twice the other; 4, no sum of 10; 8, no
    /// sum of 5.
    Unmarked(usize, usize, u8),
    /// A clue outside the grid of the named kind on the cells it reads, in
    /// order from its side, with its number: sandwich, the digits between
    /// the 1 and the n add up to it; X-sums, the first X digits do, X the
    /// first digit; skyscrapers, it counts the digits higher than all
    /// before them; little killer, the digits (repeats allowed) add up to it.
    Outside(&'static str, Vec<usize>, u32),
    /// The cell's digit is greater (true: maximum) or smaller than each
    /// of the listed cells' (its orthogonal neighbours).
    Extreme(usize, Vec<usize>, bool),
}

impl Rule {
    fn cells(&self) -> Vec<usize> {
        match self {
            Rule::Thermo(c) => c.clone(),
            Rule::Arrow(a, b) => a.iter().chain(b).copied().collect(),
            Rule::Parity(c, _) => vec![*c],
            Rule::Cage(c, _) => c.clone(),
            Rule::Line(_, c) => c.clone(),
            Rule::Edge(_, a, b, _) | Rule::Unmarked(a, b, _) => vec![*a, *b],
            Rule::Quad(c, _) => c.clone(),
            Rule::Clone(a, b) => a.iter().chain(b).copied().collect(),
            Rule::Outside(_, c, _) => c.clone(),
            Rule::Extreme(c, around, _) => [vec![*c], around.clone()].concat(),
        }
    }

    fn holds(&self, g: &[u8]) -> bool {
        match self {
            Rule::Thermo(c) => c.windows(2).all(|w| g[w[0]] < g[w[1]]),
            Rule::Arrow(circle, arrow) => {
                let number = circle.iter().fold(0u32, |v, &c| v * 10 + u32::from(g[c]));
                number == arrow.iter().map(|&c| u32::from(g[c])).sum::<u32>()
            }
            Rule::Parity(c, odd) => (g[*c] % 2 == 1) == *odd,
            Rule::Cage(c, sum) => {
                let distinct = c.iter().enumerate().all(|(k, &x)| c[..k].iter().all(|&y| g[y] != g[x]));
                distinct && sum.is_none_or(|s| c.iter().map(|&x| u32::from(g[x])).sum::<u32>() == s)
            }
            Rule::Line(kind, c) => {
                let d: Vec<u8> = c.iter().map(|&x| g[x]).collect();
                match *kind {
                    "german-whispers" => d.windows(2).all(|w| w[0].abs_diff(w[1]) >= 5),
                    "dutch-whispers" => d.windows(2).all(|w| w[0].abs_diff(w[1]) >= 4),
                    "renban" => {
                        let mut sorted = d.clone();
                        sorted.sort_unstable();
                        sorted.windows(2).all(|w| w[1] == w[0] + 1)
                    }
                    "palindrome" => (0..d.len()).all(|k| d[k] == d[d.len() - 1 - k]),
                    other => line_holds(other, c, &d, g),
                }
            }
            Rule::Edge(kind, a, b, value) => {
                let (x, y) = (u32::from(g[*a]), u32::from(g[*b]));
                match (*kind, value) {
                    ("kropki", Some(1)) => x + 1 == y || y + 1 == x,
                    ("kropki", Some(2)) => x == 2 * y || y == 2 * x,
                    ("xv", Some(sum)) => x + y == *sum,
                    ("greater-than", None) => x > y,
                    other => panic!("no reference rule for the mark {other:?}"),
                }
            }
            Rule::Quad(c, digits) => digits.iter().all(|d| {
                let listed = digits.iter().filter(|&e| e == d).count();
                c.iter().filter(|&&x| u32::from(g[x]) == *d).count() >= listed
            }),
            Rule::Clone(a, b) => a.iter().zip(b).all(|(&x, &y)| g[x] == g[y]),
            Rule::Unmarked(a, b, bans) => {
                let (x, y) = (u32::from(g[*a]), u32::from(g[*b]));
                !(bans & 1 != 0 && x.abs_diff(y) == 1
                    || bans & 2 != 0 && (x == 2 * y || y == 2 * x)
                    || bans & 4 != 0 && x + y == 10
                    || bans & 8 != 0 && x + y == 5)
            }
            Rule::Extreme(c, around, greatest) => {
                around.iter().all(|&b| if *greatest { g[*c] > g[b] } else { g[*c] < g[b] })
            }
            Rule::Outside(kind, c, value) => {
                let d: Vec<u32> = c.iter().map(|&x| u32::from(g[x])).collect();
                let n = c.len() as u32;
                match *kind {
                    "sandwich" => {
                        let one = d.iter().position(|&x| x == 1).unwrap();
                        let top = d.iter().position(|&x| x == n).unwrap();
                        d[one.min(top) + 1..one.max(top)].iter().sum::<u32>() == *value
                    }
                    "x-sums" => d[..d[0] as usize].iter().sum::<u32>() == *value,
                    "skyscrapers" => {
                        (0..d.len()).filter(|&k| d[..k].iter().all(|&e| e < d[k])).count() as u32 == *value
                    }
                    "little-killer" => d.iter().sum::<u32>() == *value,
                    other => panic!("no reference rule for the clue {other}"),
                }
            }
        }
    }
}

/// The line kinds, by name.
const LINES: [&str; 12] = [
    "german-whispers",
    "dutch-whispers",
    "renban",
    "palindrome",
    // Issue 47's second set of lines.
    "slow-thermo",
    "zipper",
    "entropic",
    "modular",
    "double-arrow",
    "between",
    "lockout",
    "region-sum",
];

/// The box shape (rows, columns) of the sizes tested here.
fn box_shape(n: usize) -> (usize, usize) {
    match n {
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        _ => panic!("no box shape for {n} here"),
    }
}

/// The second set of lines, each by its rule as setters state it: `c` the
/// cells in order, `d` their digits, `g` the whole grid.
fn line_holds(kind: &str, c: &[usize], d: &[u8], g: &[u8]) -> bool {
    let n = (1..=25).find(|n| n * n == g.len()).expect("a square grid");
    let len = d.len();
    let (first, last, middle) = (d[0], d[len - 1], &d[1..len - 1]);
    let (lo, hi) = (first.min(last), first.max(last));
    match kind {
        // Never decreasing from the bulb.
        "slow-thermo" => d.windows(2).all(|w| w[0] <= w[1]),
        // Mirrored pairs add up to one total, the centre digit when there is one.
        "zipper" => {
            let total = if len % 2 == 1 { d[len / 2] } else { first + last };
            (0..len / 2).all(|k| d[k] + d[len - 1 - k] == total)
        }
        // Any three in a row: one low, one middle, one high third (two
        // cells: two different thirds).
        "entropic" | "modular" => {
            let class =
                |x: u8| if kind == "entropic" { (usize::from(x) - 1) / (n / 3) } else { usize::from(x) % 3 };
            d.windows(len.min(3)).all(|w| {
                let mut seen = [false; 3];
                w.iter().all(|&x| !std::mem::replace(&mut seen[class(x)], true))
            })
        }
        // The circles add up to the digits between.
        "double-arrow" => {
            u32::from(first) + u32::from(last) == middle.iter().map(|&x| u32::from(x)).sum::<u32>()
        }
        "between" => middle.iter().all(|&x| lo < x && x < hi),
        // Ends (n - 1) / 2 apart or more (4 on 9x9); nothing between on the line.
        "lockout" => usize::from(hi - lo) >= (n - 1) / 2 && middle.iter().all(|&x| x < lo || x > hi),
        // Runs of the line within one box share one sum.
        "region-sum" => {
            let (br, bc) = box_shape(n);
            let box_of = |i: usize| (i / n / br, i % n / bc);
            let mut sums: Vec<u32> = vec![u32::from(d[0])];
            for k in 1..len {
                if box_of(c[k]) == box_of(c[k - 1]) {
                    *sums.last_mut().unwrap() += u32::from(d[k]);
                } else {
                    sums.push(u32::from(d[k]));
                }
            }
            sums.windows(2).all(|w| w[0] == w[1])
        }
        other => panic!("no reference rule for the line {other}"),
    }
}

/// Whether a line kind takes a line of `len` cells on an n×n grid (the
/// kind refuses the others by name).
fn line_fits(kind: &str, n: usize, len: usize) -> bool {
    match kind {
        "german-whispers" | "dutch-whispers" => n >= 6,
        "entropic" => n % 3 == 0,
        "double-arrow" | "between" => len >= 3,
        _ => true,
    }
}

/// The kinds of clue outside the grid, by name.
const OUTSIDE: [&str; 4] = ["sandwich", "little-killer", "x-sums", "skyscrapers"];

/// The cells a clue outside the grid reads: row or column `k` from one of
/// the four sides (0 left, 1 right, 2 top, 3 bottom), or, for a little
/// killer, the diagonal from cell `k` one of four ways (same order as the
/// sides: up-left, up-right, down-left, down-right) to the edge.
fn clue_cells(n: usize, kind: &str, side: usize, k: usize) -> Vec<usize> {
    if kind == "little-killer" {
        let (dr, dc) = [(-1, -1), (-1, 1), (1, -1), (1, 1)][side];
        let (mut r, mut c) = ((k / n) as isize, (k % n) as isize);
        let mut out = Vec::new();
        while (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
            out.push(r as usize * n + c as usize);
            r += dr;
            c += dc;
        }
        return out;
    }
    (0..n)
        .map(|j| match side {
            0 => k * n + j,
            1 => k * n + n - 1 - j,
            2 => j * n + k,
            _ => (n - 1 - j) * n + k,
        })
        .collect()
}

/// Counts solutions up to `limit` of an n×n grid with boxes `br`×`bc`:
/// every filling, cell by cell, each rule checked once its last cell is
/// filled. Any order of the cells enumerates the same fillings; this one
/// takes the givens first, then, greedily, the cell that most completes
/// the rules begun, so that a broken rule is seen after few cells (in row
/// order one unsolvable 6x6 took a minute).
fn reference_count(n: usize, br: usize, bc: usize, givens: &[u8], rules: &[Rule], limit: usize) -> usize {
    let rule_cells: Vec<Vec<usize>> = rules.iter().map(Rule::cells).collect();
    let mut order: Vec<usize> = (0..n * n).filter(|&i| givens[i] != 0).collect();
    let mut placed = vec![false; n * n];
    for &i in &order {
        placed[i] = true;
    }
    while order.len() < n * n {
        // Score: rules this cell completes, then cells of its rules placed.
        let score = |i: usize| {
            rule_cells.iter().filter(|cells| cells.contains(&i)).fold((0, 0), |(done, begun), cells| {
                let left = cells.iter().filter(|&&c| !placed[c]).count();
                (done + usize::from(left == 1), begun + cells.len() - left)
            })
        };
        let next =
            (0..n * n).filter(|&i| !placed[i]).max_by_key(|&i| (score(i), std::cmp::Reverse(i))).unwrap();
        placed[next] = true;
        order.push(next);
    }
    let mut position = vec![0; n * n];
    for (k, &i) in order.iter().enumerate() {
        position[i] = k;
    }
    let mut due: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (k, cells) in rule_cells.iter().enumerate() {
        due[cells.iter().map(|&c| position[c]).max().unwrap()].push(k);
    }
    struct Walk<'a> {
        n: usize,
        br: usize,
        bc: usize,
        order: &'a [usize],
        due: &'a [Vec<usize>],
        rules: &'a [Rule],
        limit: usize,
        found: usize,
    }
    impl Walk<'_> {
        fn walk(&mut self, k: usize, g: &mut [u8]) {
            let (n, br, bc) = (self.n, self.br, self.bc);
            if self.found >= self.limit {
                return;
            }
            if k == n * n {
                self.found += 1;
                return;
            }
            let i = self.order[k];
            let fixed = g[i];
            for d in 1..=n as u8 {
                if fixed != 0 && d != fixed {
                    continue;
                }
                let (r, c) = (i / n, i % n);
                let clash = (0..n).any(|k| {
                    (k != c && g[r * n + k] == d) || (k != r && g[k * n + c] == d) || {
                        let (rr, cc) = (r / br * br + k / bc, c / bc * bc + k % bc);
                        (rr, cc) != (r, c) && g[rr * n + cc] == d
                    }
                });
                if clash {
                    continue;
                }
                g[i] = d;
                if self.due[k].iter().all(|&x| self.rules[x].holds(g)) {
                    self.walk(k + 1, g);
                }
                g[i] = fixed;
            }
        }
    }
    let mut g = givens.to_vec();
    // Givens must not clash among themselves; the walk re-checks each
    // cell against the cells filled before it and all the givens.
    for i in 0..n * n {
        if g[i] != 0 {
            let d = g[i];
            g[i] = 0;
            let (r, c) = (i / n, i % n);
            let clash = (0..n).any(|k| {
                g[r * n + k] == d
                    || g[k * n + c] == d
                    || g[(r / br * br + k / bc) * n + c / bc * bc + k % bc] == d
            });
            g[i] = d;
            if clash {
                return 0;
            }
        }
    }
    let mut walk = Walk { n, br, bc, order: &order, due: &due, rules, limit, found: 0 };
    walk.walk(0, &mut g);
    walk.found
}

/// A random full grid: a fixed one with its digits relabelled, rows
/// swapped within bands and the bands swapped.
fn random_grid(n: usize, br: usize, bc: usize, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let base: Vec<u8> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((r % br * bc + r / br + c) % n) as u8
        })
        .collect();
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        labels.swap(i, rng.gen_range(0..=i));
    }
    let mut rows: Vec<usize> = (0..n).collect();
    for band in rows.chunks_mut(br) {
        band.swap(0, rng.gen_range(0..br));
    }
    let grid: Vec<u8> = (0..n * n).map(|i| labels[usize::from(base[rows[i / n] * n + i % n])]).collect();
    assert_eq!(reference_count(n, br, bc, &grid, &[], 2), 1, "a valid grid");
    grid
}

/// A random path of `len` orthogonally or diagonally touching cells.
fn random_path(n: usize, len: usize, rng: &mut ChaCha8Rng) -> Option<Vec<usize>> {
    let mut path = vec![rng.gen_range(0..n * n)];
    while path.len() < len {
        let at = *path.last().unwrap();
        let (r, c) = ((at / n) as isize, (at % n) as isize);
        let next: Vec<usize> = (-1..=1isize)
            .flat_map(|dr| (-1..=1isize).map(move |dc| (r + dr, c + dc)))
            .filter(|&(rr, cc)| rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < n)
            .map(|(rr, cc)| rr as usize * n + cc as usize)
            .filter(|x| !path.contains(x))
            .collect();
        if next.is_empty() {
            return None;
        }
        path.push(next[rng.gen_range(0..next.len())]);
    }
    Some(path)
}

/// A random pair of orthogonal neighbours, in either order.
fn random_edge(n: usize, rng: &mut ChaCha8Rng) -> (usize, usize) {
    let (r, c) = (rng.gen_range(0..n), rng.gen_range(0..n - 1));
    let (a, b) = match rng.gen_bool(0.5) {
        true => (r * n + c, r * n + c + 1),
        false => (c * n + r, (c + 1) * n + r),
    };
    if rng.gen_bool(0.5) {
        (a, b)
    } else {
        (b, a)
    }
}

fn name(n: usize, i: usize) -> String {
    format!("r{}c{}", i / n + 1, i % n + 1)
}

/// The JSON form of a puzzle with `rules` (so the reader is tested too).
fn json(n: usize, givens: &[u8], rules: &[Rule]) -> String {
    json_with(n, givens, rules, &[])
}

/// As [`json`], with rules of the whole grid named in `"rules"` (the
/// `Unmarked` pairs are theirs: not written).
fn json_with(n: usize, givens: &[u8], rules: &[Rule], global: &[&str]) -> String {
    let names =
        |cells: &[usize]| cells.iter().map(|&i| format!("\"{}\"", name(n, i))).collect::<Vec<_>>().join(",");
    let constraints: Vec<String> = rules
        .iter()
        .map(|r| match r {
            Rule::Thermo(c) => format!(r#"{{"kind":"thermo","cells":[{}]}}"#, names(c)),
            Rule::Arrow(a, b) => {
                format!(r#"{{"kind":"arrow","circle":[{}],"lines":[[{}]]}}"#, names(a), names(b))
            }
            Rule::Parity(c, odd) => {
                format!(r#"{{"kind":"{}","cell":"{}"}}"#, if *odd { "odd" } else { "even" }, name(n, *c))
            }
            Rule::Cage(c, Some(sum)) => format!(r#"{{"kind":"killer","cells":[{}],"sum":{sum}}}"#, names(c)),
            Rule::Cage(c, None) => format!(r#"{{"kind":"killer","cells":[{}]}}"#, names(c)),
            Rule::Line(kind, c) => format!(r#"{{"kind":"{kind}","cells":[{}]}}"#, names(c)),
            Rule::Edge(kind, a, b, value) => {
                let extra = match value {
                    Some(1) => r#","dot":"white""#,
                    Some(2) => r#","dot":"black""#,
                    Some(10) => r#","letter":"X""#,
                    Some(5) => r#","letter":"V""#,
                    _ => "",
                };
                format!(r#"{{"kind":"{kind}","cells":[{}]{extra}}}"#, names(&[*a, *b]))
            }
            Rule::Quad(c, digits) => {
                let digits: Vec<String> = digits.iter().map(u32::to_string).collect();
                format!(r#"{{"kind":"quadruple","cells":[{}],"digits":[{}]}}"#, names(c), digits.join(","))
            }
            Rule::Clone(a, b) => {
                format!(r#"{{"kind":"clone","cells":[{}],"clone":[{}]}}"#, names(a), names(b))
            }
            Rule::Unmarked(..) => String::new(),
            Rule::Extreme(c, _, greatest) => {
                format!(
                    r#"{{"kind":"{}","cell":"{}"}}"#,
                    if *greatest { "maximum" } else { "minimum" },
                    name(n, *c)
                )
            }
            Rule::Outside(kind, c, value) => {
                let (a, b) = (c[0] as isize, c[1] as isize);
                let (dr, dc) = (b / n as isize - a / n as isize, b % n as isize - a % n as isize);
                match (*kind, dr, dc) {
                    ("little-killer", _, _) => {
                        let toward = format!(
                            "{}-{}",
                            ["up", "", "down"][(dr + 1) as usize],
                            ["left", "", "right"][(dc + 1) as usize]
                        );
                        format!(
                            r#"{{"kind":"{kind}","start":"{}","toward":"{toward}","sum":{value}}}"#,
                            name(n, c[0])
                        )
                    }
                    (_, 0, _) => {
                        let from = if dc == 1 { "left" } else { "right" };
                        let field = if *kind == "skyscrapers" { "count" } else { "sum" };
                        format!(
                            r#"{{"kind":"{kind}","line":"r{}","from":"{from}","{field}":{value}}}"#,
                            c[0] / n + 1
                        )
                    }
                    _ => {
                        let from = if dr == 1 { "top" } else { "bottom" };
                        let field = if *kind == "skyscrapers" { "count" } else { "sum" };
                        format!(
                            r#"{{"kind":"{kind}","line":"c{}","from":"{from}","{field}":{value}}}"#,
                            c[0] % n + 1
                        )
                    }
                }
            }
        })
        .filter(|c| !c.is_empty())
        .collect();
    let givens: String = givens.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
    let global: Vec<String> = global.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        r#"{{"size":{n},"givens":"{givens}","rules":[{}],"constraints":[{}]}}"#,
        global.join(","),
        constraints.join(",")
    )
}

/// Instances of `kind` true of `grid`, as a generator draws them: a kind
/// that tiles the grid (killer) on random dominoes ([`Kind::tile`]), any
/// other by [`Kind::sprinkle`].
fn draw(kind: &dyn Kind, blank: &Puzzle, grid: &[u8], rng: &mut ChaCha8Rng) -> Vec<Instance> {
    if !kind.tiles() {
        return kind.sprinkle(blank, grid, rng);
    }
    let n = blank.size();
    let mut used = vec![false; n * n];
    let mut out = Vec::new();
    for _ in 0..n {
        let (r, c) = (rng.gen_range(0..n), rng.gen_range(0..n - 1));
        let (a, b) = (r * n + c, r * n + c + 1);
        if !used[a] && !used[b] {
            used[a] = true;
            used[b] = true;
            out.push(kind.tile(&[a as u16, b as u16], grid).expect("a row's two digits differ"));
        }
    }
    out
}

/// Blind constraints: thermometers and arrows on random paths, odd and
/// even cells anywhere, cages on random cells with a random sum or none.
fn blind_rules(n: usize, (br, bc): (usize, usize), rng: &mut ChaCha8Rng) -> Vec<Rule> {
    let mut rules = Vec::new();
    for _ in 0..rng.gen_range(0..=2) {
        let mut cells: Vec<usize> = (0..rng.gen_range(1..=3)).map(|_| rng.gen_range(0..n * n)).collect();
        cells.sort_unstable();
        cells.dedup();
        let k = cells.len();
        let (low, high) = (k * (k + 1) / 2, k * (2 * n - k + 1) / 2);
        let sum = rng.gen_bool(0.8).then(|| rng.gen_range(low..=high) as u32);
        rules.push(Rule::Cage(cells, sum));
    }
    for _ in 0..rng.gen_range(0..=3) {
        rules.push(Rule::Parity(rng.gen_range(0..n * n), rng.gen_bool(0.5)));
    }
    // Marks on random edges, a quadruple on a random corner, a clone of
    // two random cells.
    for _ in 0..rng.gen_range(0..=3) {
        let (a, b) = random_edge(n, rng);
        let (kind, value) = [
            ("kropki", Some(1)),
            ("kropki", Some(2)),
            ("xv", Some(5)),
            ("xv", Some(10)),
            ("greater-than", None),
        ][rng.gen_range(0..5)];
        rules.push(Rule::Edge(kind, a, b, value));
    }
    if rng.gen_bool(0.3) {
        let (r, c) = (rng.gen_range(0..n - 1), rng.gen_range(0..n - 1));
        // Distinct digits: a digit twice may not fit (refused).
        let mut digits: Vec<u32> = (0..rng.gen_range(1..=4)).map(|_| rng.gen_range(1..=n as u32)).collect();
        digits.sort_unstable();
        digits.dedup();
        rules.push(Rule::Quad(vec![r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1], digits));
    }
    if rng.gen_bool(0.3) {
        // Two cells of one house are refused (they can never match).
        let (a, b) = (rng.gen_range(0..n * n), rng.gen_range(0..n * n));
        let box_of = |i: usize| (i / n / br, i % n / bc);
        if a / n != b / n && a % n != b % n && box_of(a) != box_of(b) {
            rules.push(Rule::Clone(vec![a], vec![b]));
        }
    }
    // Minimum and maximum cells anywhere, their neighbours found here.
    for _ in 0..rng.gen_range(0..=1) {
        let c = rng.gen_range(0..n * n);
        let (r, k) = (c / n, c % n);
        let mut around = Vec::new();
        if r > 0 {
            around.push(c - n);
        }
        if k > 0 {
            around.push(c - 1);
        }
        if k + 1 < n {
            around.push(c + 1);
        }
        if r + 1 < n {
            around.push(c + n);
        }
        rules.push(Rule::Extreme(c, around, rng.gen_bool(0.5)));
    }
    // Clues outside the grid with any number in reach.
    for _ in 0..rng.gen_range(0..=1) {
        let kind = OUTSIDE[rng.gen_range(0..4)];
        let (way, k) = (rng.gen_range(0..4), rng.gen_range(0..n * n));
        let cells = clue_cells(n, kind, way, if kind == "little-killer" { k } else { k % n });
        let value = match kind {
            "sandwich" => rng.gen_range(0..n * (n - 1) / 2),
            "x-sums" => rng.gen_range(1..=n * (n + 1) / 2),
            "skyscrapers" => rng.gen_range(1..=n),
            _ => rng.gen_range(cells.len()..=cells.len() * n),
        };
        // A little killer's diagonal has 2 cells or more and starts on the
        // edge its clue is outside of: one step back leaves the grid.
        let (dr, dc) = [(-1, -1), (-1, 1), (1, -1), (1, 1)][way];
        let (r, c) = ((k / n) as isize - dr, (k % n) as isize - dc);
        let starts = !(0..n as isize).contains(&r) || !(0..n as isize).contains(&c);
        if kind != "little-killer" || (cells.len() >= 2 && starts) {
            rules.push(Rule::Outside(kind, cells, value as u32));
        }
    }
    for _ in 0..rng.gen_range(1..=3) {
        let len = rng.gen_range(2..=n.min(4));
        if let Some(p) = random_path(n, len, rng) {
            if rng.gen_bool(0.3) {
                // Whispers need digits 5 (4) apart, entropic lines a size
                // divisible by 3, between lines and double arrows a cell
                // between their ends: others are refused.
                let fit: Vec<&str> = LINES.into_iter().filter(|l| line_fits(l, n, len)).collect();
                rules.push(Rule::Line(fit[rng.gen_range(0..fit.len())], p));
            } else if rng.gen_bool(0.5) {
                rules.push(Rule::Thermo(p));
            } else {
                // A pill's cells in reading order (others are refused).
                let circle = rng.gen_range(1..=2.min(len - 1));
                let mut pill = p[..circle].to_vec();
                pill.sort_unstable();
                rules.push(Rule::Arrow(pill, p[circle..].to_vec()));
            }
        }
    }
    rules
}

#[test]
fn counts_match_the_reference_solver_on_random_puzzles_of_both_signs() {
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let (mut unsolvable, mut unique, mut many) = (0, 0, 0);
    for round in 0..300 {
        let (n, br, bc) = if round % 3 == 0 { (6, 2, 3) } else { (4, 2, 2) };
        let (rules, givens) = if round % 2 == 0 {
            // Blind: random paths and random givens (which may clash).
            let mut givens = vec![0u8; n * n];
            for _ in 0..rng.gen_range(0..=n) {
                givens[rng.gen_range(0..n * n)] = rng.gen_range(1..=n as u8);
            }
            (blind_rules(n, (br, bc), &mut rng), givens)
        } else {
            // True of a grid: the kinds' own drawings on a random grid, and
            // some of its digits as givens.
            let grid = random_grid(n, br, bc, &mut rng);
            let blank = Puzzle::blank(n).unwrap();
            let mut rules = Vec::new();
            // Each kind or not, about ten of them whatever the registry
            // holds, so that some puzzles stay loose enough for many
            // solutions (a clue outside the grid, on a whole line, less
            // often).
            let odds = (10.0 / KINDS.len() as f64).min(0.6);
            let chosen: Vec<_> = KINDS
                .iter()
                .filter(|k| rng.gen_bool(if OUTSIDE.contains(&k.name()) { odds.min(0.2) } else { odds }))
                .collect();
            for kind in chosen {
                let mut drawn = draw(*kind, &blank, &grid, &mut rng);
                // A clue outside the grid speaks of a whole line: two of a
                // kind at most, or few puzzles would have many solutions.
                if OUTSIDE.contains(&kind.name()) {
                    drawn.truncate(rng.gen_range(1..=2));
                }
                for instance in drawn {
                    let cells =
                        |k: usize| instance.parts[k].iter().map(|&c| usize::from(c)).collect::<Vec<_>>();
                    rules.push(match kind.name() {
                        "killer" => Rule::Cage(cells(0), instance.value),
                        "thermo" => Rule::Thermo(cells(0)),
                        "arrow" => Rule::Arrow(cells(0), cells(1)),
                        "odd" | "even" => Rule::Parity(cells(0)[0], kind.name() == "odd"),
                        // A region-sum line's parts are its segments.
                        line if LINES.contains(&line) => Rule::Line(
                            LINES.into_iter().find(|&l| l == line).unwrap(),
                            instance.parts.concat().into_iter().map(usize::from).collect(),
                        ),
                        mark @ ("kropki" | "xv" | "greater-than") => {
                            let mark =
                                ["kropki", "xv", "greater-than"].into_iter().find(|&m| m == mark).unwrap();
                            Rule::Edge(mark, cells(0)[0], cells(0)[1], instance.value)
                        }
                        // The digits packed base 32, lowest first.
                        "quadruple" => {
                            let mut digits = Vec::new();
                            let mut v = instance.value.unwrap();
                            while v > 0 {
                                digits.push(v % 32);
                                v /= 32;
                            }
                            Rule::Quad(cells(0), digits)
                        }
                        "clone" => Rule::Clone(cells(0), cells(1)),
                        "minimum" | "maximum" => {
                            Rule::Extreme(cells(0)[0], cells(1), kind.name() == "maximum")
                        }
                        clue if OUTSIDE.contains(&clue) => Rule::Outside(
                            OUTSIDE.into_iter().find(|&l| l == clue).unwrap(),
                            cells(0),
                            instance.value.unwrap(),
                        ),
                        other => panic!("no reference rule for {other}"),
                    });
                }
            }
            let givens = grid.iter().map(|&d| if rng.gen_bool(0.15) { d } else { 0 }).collect();
            (rules, givens)
        };
        let text = json(n, &givens, &rules);
        let puzzle = match Puzzle::from_json(&text) {
            Ok(p) => p.puzzle,
            Err(e) => panic!("{text}: {e}"),
        };
        let expected = reference_count(n, br, bc, &givens, &rules, 3);
        let got = puzzle.count_solutions_up_to(3) as usize;
        assert_eq!(got, expected, "{text}");
        match expected {
            0 => unsolvable += 1,
            1 => unique += 1,
            _ => many += 1,
        }
        if let Some(s) = puzzle.solve_one() {
            assert!(puzzle.check_solution(&s).is_ok(), "{text}");
            assert!(rules.iter().all(|r| r.holds(&s)), "{text}");
        }
    }
    // Both signs, and the middle, were drawn.
    assert!(unsolvable > 20 && unique > 5 && many > 20, "{unsolvable} {unique} {many}");
}

#[test]
fn a_solution_that_breaks_a_constraint_is_refused_by_check_solution() {
    // 4x4 grid 1234/3412/2143/4321.
    let grid: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
    let ok = json(4, &[0; 16], &[Rule::Thermo(vec![0, 1, 2]), Rule::Arrow(vec![3], vec![2, 1])]);
    assert!(Puzzle::from_json(&ok).unwrap().puzzle.check_solution(&grid).is_err(), "3 + 2 is not 4");
    let ok = json(4, &[0; 16], &[Rule::Thermo(vec![0, 1, 2]), Rule::Arrow(vec![7], vec![6])]);
    assert!(Puzzle::from_json(&ok).unwrap().puzzle.check_solution(&grid).is_err(), "1 is not 2");
    let ok = json(4, &[0; 16], &[Rule::Thermo(vec![0, 1, 2]), Rule::Arrow(vec![3], vec![2, 6])]);
    assert!(Puzzle::from_json(&ok).unwrap().puzzle.check_solution(&grid).is_ok());
    let bad = json(4, &[0; 16], &[Rule::Thermo(vec![2, 1])]);
    assert!(Puzzle::from_json(&bad).unwrap().puzzle.check_solution(&grid).is_err(), "3 then 2 falls");
}

#[test]
fn malformed_constraints_are_refused_with_their_place() {
    for (text, says) in [
        (r#"{"size":4,"constraints":[{"kind":"thermo","cells":["r1c1","r3c3"]}]}"#, "does not touch"),
        (r#"{"size":4,"constraints":[{"kind":"thermo","cells":["r1c1"]}]}"#, "2 to 4 cells"),
        (
            r#"{"size":4,"constraints":[{"kind":"arrow","circle":["r1c1"],"lines":[["r3c3"]]}]}"#,
            "touch its circle",
        ),
        (r#"{"size":4,"constraints":[{"kind":"arrow","circle":["r1c1"]}]}"#, "lines"),
        (r#"{"size":4,"constraints":[{"kind":"zigzag","cells":[]}]}"#, "zigzag"),
        (r#"{"size":4,"constraints":[{"cells":["r1c1"]}]}"#, "kind"),
        (r#"{"size":4,"constraints":[{"kind":"thermo","cells":["r9c9","r1c1"]}]}"#, "r9c9"),
        (
            r#"{"size":4,"constraints":[{"kind":"kropki","cells":["r1c1","r2c2"],"dot":"white"}]}"#,
            "orthogonal",
        ),
        (
            r#"{"size":4,"constraints":[{"kind":"kropki","cells":["r1c1","r1c2"],"dot":"grey"}]}"#,
            "white, black",
        ),
        (r#"{"size":4,"constraints":[{"kind":"xv","cells":["r1c1","r1c2"]}]}"#, "X, V"),
        (
            r#"{"size":4,"constraints":[{"kind":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"digits":[1,1]}]}"#,
            "more often",
        ),
        (
            r#"{"size":4,"constraints":[{"kind":"quadruple","cells":["r1c1","r1c2","r2c1"],"digits":[1]}]}"#,
            "2x2",
        ),
        (
            r#"{"size":4,"constraints":[{"kind":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"digits":[5]}]}"#,
            "5",
        ),
        (r#"{"size":4,"constraints":[{"kind":"clone","cells":["r1c1"],"clone":["r1c4"]}]}"#, "share a house"),
        (
            r#"{"size":4,"constraints":[{"kind":"clone","cells":["r1c1"],"clone":["r3c3","r4c4"]}]}"#,
            "same number",
        ),
    ] {
        let err = Puzzle::from_json(text).expect_err(text).to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
}

#[test]
fn every_kind_survives_the_json_and_fpuzzles_forms() {
    let text = json(6, &[0; 36], &[Rule::Thermo(vec![0, 7, 14]), Rule::Arrow(vec![4, 5], vec![11, 17, 23])]);
    let puzzle = Puzzle::from_json(&text).unwrap().puzzle;
    assert_eq!(puzzle.constraints().len(), 2);
    assert_eq!(Puzzle::from_json(&puzzle.to_json(None)).unwrap().puzzle, puzzle);
    let fp = puzzle.to_fpuzzles(None).unwrap();
    assert!(fp.contains("\"thermometer\"") && fp.contains("\"arrow\""), "{fp}");
    assert_eq!(Puzzle::from_fpuzzles(&fp).unwrap().puzzle, puzzle, "{fp}");
    assert!(puzzle.to_ipuz(None).is_err(), "ipuz has no thermometers");
    assert_eq!(puzzle.variant_name(), "thermo,arrow");
    for kind in KINDS {
        assert_eq!(kind_named(kind.name()).map(|k| k.name()), Some(kind.name()));
    }
}

/// Every registered kind drawn on the grid, as the generator draws it:
/// the JSON form and the f-puzzles form give the puzzle back, ipuz takes
/// cages and refuses the others, and the variant's name is the kind's.
#[test]
fn every_drawn_kind_survives_the_json_and_fpuzzles_forms() {
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    for n in [6usize, 9] {
        let blank = Puzzle::blank(n).unwrap();
        let grid = blank.solve_one().unwrap();
        for kind in KINDS.iter().filter(|k| !k.global()) {
            let drawn = draw(*kind, &blank, &grid, &mut rng);
            let constraints: Vec<Constraint> = drawn.into_iter().map(|p| Constraint::of(*kind, p)).collect();
            let puzzle = blank.with_constraints(constraints).unwrap();
            let what = format!("{} on {n}x{n}", kind.name());
            assert_eq!(Puzzle::from_json(&puzzle.to_json(None)).unwrap().puzzle, puzzle, "{what}");
            // A kind f-puzzles has no field for (greater-than) is refused
            // by name, never dropped.
            if kind.fpuzzles_key().is_none() {
                let err = puzzle.to_fpuzzles(None).unwrap_err().to_string();
                assert!(err.contains(kind.name()), "{what}: {err}");
            } else {
                let fp = puzzle.to_fpuzzles(None).unwrap();
                assert_eq!(Puzzle::from_fpuzzles(&fp).unwrap().puzzle, puzzle, "{what}: {fp}");
            }
            assert_eq!(puzzle.to_ipuz(None).is_ok(), puzzle.has_cages(), "{what}");
            assert_eq!(puzzle.variant_name(), kind.name(), "{what}");
        }
    }
}

#[test]
fn sprinkled_constraints_hold_on_the_grid_they_were_drawn_on() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for n in [4usize, 6, 9, 16] {
        let blank = Puzzle::blank(n).unwrap();
        for _ in 0..5 {
            let grid = blank.solve_one().unwrap();
            for kind in KINDS.iter().filter(|k| !k.global()) {
                let drawn = draw(*kind, &blank, &grid, &mut rng);
                // Whispers need digits 5 (4) apart: none on a 4x4; entropic
                // lines need a size divisible by 3.
                let none_fit = (n == 4 && kind.name().ends_with("whispers"))
                    || (n % 3 != 0 && kind.name() == "entropic");
                assert_eq!(drawn.is_empty(), none_fit, "{} on {n}x{n}", kind.name());
                if none_fit {
                    continue;
                }
                let constraints: Vec<Constraint> =
                    drawn.into_iter().map(|p| Constraint::of(*kind, p)).collect();
                let puzzle = blank.with_constraints(constraints).unwrap();
                assert!(puzzle.check_solution(&grid).is_ok(), "{} on {n}x{n}", kind.name());
            }
        }
    }
}

/// The negative constraints ("all dots given": kropki-negative, its white
/// and black halves, xv-negative) and non-consecutive beside dots,
/// against the reference: most marks true of a random grid are drawn and
/// a few blind ones added, so that the puzzles have both signs; which
/// pairs are unmarked the reference works out itself.
#[test]
fn negative_constraints_match_the_reference_solver() {
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let cases: [(&str, u8); 5] = [
        ("kropki-negative", 3),
        ("white-negative", 1),
        ("black-negative", 2),
        ("xv-negative", 12),
        ("non-consecutive", 1),
    ];
    let mut signs = [0usize; 3];
    for round in 0..200 {
        let (n, br, bc) = if round % 3 == 0 { (6, 2, 3) } else { (4, 2, 2) };
        let grid = random_grid(n, br, bc, &mut rng);
        let (rule, bans) = cases[round % cases.len()];
        let xv = rule == "xv-negative";
        let mut edges = Vec::new();
        for i in 0..n * n {
            if i % n + 1 < n {
                edges.push((i, i + 1));
            }
            if i + n < n * n {
                edges.push((i, i + n));
            }
        }
        let mut marks = Vec::new();
        for &(a, b) in &edges {
            let (x, y) = (u32::from(grid[a]), u32::from(grid[b]));
            let fit: Vec<(&str, Option<u32>)> = [
                ("kropki", Some(1), x.abs_diff(y) == 1),
                ("kropki", Some(2), x == 2 * y || y == 2 * x),
                ("xv", Some(10), x + y == 10),
                ("xv", Some(5), x + y == 5),
            ]
            .into_iter()
            .filter(|&(kind, _, holds)| holds && (kind == "xv") == xv)
            .map(|(kind, value, _)| (kind, value))
            .collect();
            if !fit.is_empty() && rng.gen_bool(0.96) {
                let (kind, value) = fit[rng.gen_range(0..fit.len())];
                marks.push(Rule::Edge(kind, a, b, value));
            } else if rng.gen_bool(0.01) {
                let value = if xv { [Some(10), Some(5)] } else { [Some(1), Some(2)] }[rng.gen_range(0..2)];
                marks.push(Rule::Edge(if xv { "xv" } else { "kropki" }, a, b, value));
            }
        }
        let marked = |a: usize, b: usize| {
            marks
                .iter()
                .any(|m| matches!(m, Rule::Edge(_, x, y, _) if (*x, *y) == (a, b) || (*y, *x) == (a, b)))
        };
        let mut rules = marks.clone();
        rules.extend(edges.iter().filter(|&&(a, b)| !marked(a, b)).map(|&(a, b)| Rule::Unmarked(a, b, bans)));
        let givens: Vec<u8> = grid.iter().map(|&d| if rng.gen_bool(0.1) { d } else { 0 }).collect();
        let text = json_with(n, &givens, &rules, &[rule]);
        let puzzle = Puzzle::from_json(&text).unwrap_or_else(|e| panic!("{text}: {e}")).puzzle;
        let expected = reference_count(n, br, bc, &givens, &rules, 3);
        assert_eq!(puzzle.count_solutions_up_to(3) as usize, expected, "{text}");
        signs[expected.min(2)] += 1;
        if let Some(s) = puzzle.solve_one() {
            assert!(puzzle.check_solution(&s).is_ok() && rules.iter().all(|r| r.holds(&s)), "{text}");
        }
    }
    assert!(signs.iter().all(|&k| k > 10), "{signs:?}");
}

/// Several lines from one circle are several arrows (f-puzzles and
/// SudokuPad read an `arrow` entry's lines so): each line adds up to the
/// circle, never the lines together. Counted against the reference solver
/// with one arrow a line; the lines-together reading counts otherwise.
#[test]
fn each_line_of_an_arrow_adds_up_to_its_circle() {
    let arrow =
        r#"{"size":4,"constraints":[{"kind":"arrow","circle":["r2c2"],"lines":[["r3c3"],["r3c1","r3c2"]]}]}"#;
    let puzzle = Puzzle::from_json(arrow).unwrap().puzzle;
    let per_line = [Rule::Arrow(vec![5], vec![10]), Rule::Arrow(vec![5], vec![8, 9])];
    let want = reference_count(4, 2, 2, &[0; 16], &per_line, 1000);
    assert!(want > 0);
    assert_eq!(puzzle.count_solutions_up_to(1000) as usize, want);
    let together = [Rule::Arrow(vec![5], vec![10, 8, 9])];
    assert_ne!(reference_count(4, 2, 2, &[0; 16], &together, 1000), want);
    // 1234/3412/2143/4321: r2c2 = 4, r3c3 = 4, r3c1 + r3c2 = 2 + 1.
    let grid: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
    assert!(puzzle.check_solution(&grid).is_err(), "2 + 1 is not 4");
    let mut seen = 0;
    sudoku_variant::VariantSolver::new(&puzzle).for_each_solution(&[0; 16], 1000, |s| {
        let at = |r: usize, c: usize| u32::from(s[r * 4 + c]);
        assert_eq!(at(2, 2), at(1, 1));
        assert_eq!(at(2, 0) + at(2, 1), at(1, 1));
        seen += 1;
    });
    assert_eq!(seen, want);
}
