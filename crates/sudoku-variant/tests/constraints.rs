//! Killer cages, thermometers, arrows, odd/even cells and lines (whispers,
//! renban, palindromes, slow thermometers, zippers, entropic and modular
//! lines, double arrows, between and lockout lines, region-sum lines)
//! against an
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
}

impl Rule {
    fn cells(&self) -> Vec<usize> {
        match self {
            Rule::Thermo(c) => c.clone(),
            Rule::Arrow(a, b) => a.iter().chain(b).copied().collect(),
            Rule::Parity(c, _) => vec![*c],
            Rule::Cage(c, _) => c.clone(),
            Rule::Line(_, c) => c.clone(),
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
            (blind_rules(n, &mut rng), givens)
        } else {
            // True of a grid: the kinds' own drawings on a random grid, and
            // some of its digits as givens.
            let grid = random_grid(n, br, bc, &mut rng);
            let blank = Puzzle::blank(n).unwrap();
            let mut rules = Vec::new();
            // Each kind or not, about ten of them whatever the registry
            // holds, so that some puzzles stay loose enough for many
            // solutions.
            let odds = (10.0 / KINDS.len() as f64).min(0.6);
            let chosen: Vec<_> = KINDS.iter().filter(|_| rng.gen_bool(odds)).collect();
            for kind in chosen {
                for instance in draw(*kind, &blank, &grid, &mut rng) {
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
                        other => panic!("no reference rule for {other}"),
                    });
                }
            }
            let givens = grid.iter().map(|&d| if rng.gen_bool(0.3) { d } else { 0 }).collect();
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
