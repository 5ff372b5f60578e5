//! Killer cages, thermometers, arrows, odd/even cells, lines (whispers,
//! renban, palindromes) and clues outside the grid (sandwich, little
//! killer, X-sums, skyscrapers) against an
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
    /// the same read from either end.
    Line(&'static str, Vec<usize>),
    /// A clue outside the grid of the named kind on the cells it reads, in
    /// order from its side, with its number: sandwich, the digits between
    /// the 1 and the n add up to it; X-sums, the first X digits do, X the
    /// first digit; skyscrapers, it counts the digits higher than all
    /// before them; little killer, the digits (repeats allowed) add up to it.
    Outside(&'static str, Vec<usize>, u32),
}

impl Rule {
    fn cells(&self) -> Vec<usize> {
        match self {
            Rule::Thermo(c) => c.clone(),
            Rule::Arrow(a, b) => a.iter().chain(b).copied().collect(),
            Rule::Parity(c, _) => vec![*c],
            Rule::Cage(c, _) => c.clone(),
            Rule::Line(_, c) => c.clone(),
            Rule::Outside(_, c, _) => c.clone(),
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
                    other => panic!("no reference rule for the line {other}"),
                }
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
const LINES: [&str; 4] = ["german-whispers", "dutch-whispers", "renban", "palindrome"];

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

/// Counts solutions up to `limit` of an n×n grid with boxes `br`×`bc`.
fn reference_count(n: usize, br: usize, bc: usize, givens: &[u8], rules: &[Rule], limit: usize) -> usize {
    // Each rule is checked once its last cell (row order) is filled.
    let mut due: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (k, r) in rules.iter().enumerate() {
        due[*r.cells().iter().max().unwrap()].push(k);
    }
    fn walk(
        i: usize,
        g: &mut Vec<u8>,
        ctx: (usize, usize, usize),
        due: &[Vec<usize>],
        rules: &[Rule],
        limit: usize,
        found: &mut usize,
    ) {
        let (n, br, bc) = ctx;
        if *found >= limit {
            return;
        }
        if i == n * n {
            *found += 1;
            return;
        }
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
            if due[i].iter().all(|&k| rules[k].holds(g)) {
                walk(i + 1, g, ctx, due, rules, limit, found);
            }
            g[i] = fixed;
        }
    }
    let mut g = givens.to_vec();
    let mut found = 0;
    // Givens must not clash among themselves; the walk re-checks each
    // cell against the earlier ones and later givens.
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
    walk(0, &mut g, (n, br, bc), &due, rules, limit, &mut found);
    found
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

fn name(n: usize, i: usize) -> String {
    format!("r{}c{}", i / n + 1, i % n + 1)
}

/// The JSON form of a puzzle with `rules` (so the reader is tested too).
fn json(n: usize, givens: &[u8], rules: &[Rule]) -> String {
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
        .collect();
    let givens: String = givens.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
    format!(r#"{{"size":{n},"givens":"{givens}","constraints":[{}]}}"#, constraints.join(","))
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
fn blind_rules(n: usize, rng: &mut ChaCha8Rng) -> Vec<Rule> {
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
                // Whispers need digits 5 (4) apart: not on a 4x4 (refused).
                let fit: Vec<&str> =
                    LINES.into_iter().filter(|l| n >= 6 || !l.ends_with("whispers")).collect();
                rules.push(Rule::Line(fit[rng.gen_range(0..fit.len())], p));
            } else if rng.gen_bool(0.5) {
                rules.push(Rule::Thermo(p));
            } else {
                let circle = rng.gen_range(1..=2.min(len - 1));
                rules.push(Rule::Arrow(p[..circle].to_vec(), p[circle..].to_vec()));
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
            (blind_rules(n, &mut rng), givens)
        } else {
            // True of a grid: the kinds' own drawings on a random grid, and
            // some of its digits as givens.
            let grid = random_grid(n, br, bc, &mut rng);
            let blank = Puzzle::blank(n).unwrap();
            let mut rules = Vec::new();
            // Each kind or not, so that some puzzles stay loose enough for
            // many solutions (a clue outside the grid, on a whole line,
            // less often).
            let chosen: Vec<_> = KINDS
                .iter()
                .filter(|k| rng.gen_bool(if OUTSIDE.contains(&k.name()) { 0.2 } else { 0.6 }))
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
                        line if LINES.contains(&line) => {
                            Rule::Line(LINES.into_iter().find(|&l| l == line).unwrap(), cells(0))
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
            let givens = grid.iter().map(|&d| if rng.gen_bool(0.2) { d } else { 0 }).collect();
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
    ] {
        let err = Puzzle::from_json(text).expect_err(text).to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
}

#[test]
fn every_kind_survives_the_json_and_fpuzzles_forms() {
    let text = json(6, &[0; 36], &[Rule::Thermo(vec![0, 7, 14]), Rule::Arrow(vec![5, 4], vec![11, 17, 23])]);
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
            let fp = puzzle.to_fpuzzles(None).unwrap();
            assert_eq!(Puzzle::from_fpuzzles(&fp).unwrap().puzzle, puzzle, "{what}: {fp}");
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
                // Whispers need digits 5 (4) apart: none on a 4x4.
                let none_fit = n == 4 && kind.name().ends_with("whispers");
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
