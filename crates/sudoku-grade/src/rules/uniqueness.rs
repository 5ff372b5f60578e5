//! Techniques that rely on the puzzle having one solution: unique
//! rectangles and loops (types 1–4) and the bivalue universal grave
//! (types 1–4).
//!
//! A *unique loop* on digits {a,b} is a set of cells, each holding both
//! digits, such that every row, column and box that holds one of its cells
//! holds exactly two of them, and the cells can be coloured in two colours
//! with the two cells of every such unit of different colours. Were every
//! cell reduced to {a,b}, the two colourings (a on one colour, b on the
//! other, or the reverse) would both fit: two solutions. Four cells make a
//! unique rectangle. The cells that hold more than {a,b} ("extra" cells)
//! must break the pattern:
//! - type 1: one extra cell; it holds neither a nor b;
//! - type 2: every extra cell holds {a,b} plus one digit c, the same in
//!   all; one of them is c, so c goes from every cell that sees them all;
//! - type 3: two extra cells in one unit act as one cell holding their
//!   extra digits, which forms a naked subset with other cells of the unit
//!   (or a hidden subset on a, b and other digits);
//! - type 4: two extra cells in one unit where a has no other place: one
//!   of them is a, and neither can be b.
//!
//! SE's difficulties: 4.5 for a rectangle, loops of 6 cells 4.6, of 8 cells
//! 4.7, of 10 or more 5.0; type 3 adds 0.1 for each cell of the naked
//! subset besides the pseudo cell, or for each cell of the hidden subset
//! beyond the first.
//!
//! A *bivalue universal grave* (BUG) is a state where every open cell has
//! two candidates and every digit has two places in every unit where it is
//! still open: such a state has zero or several solutions. When only a few
//! "poly" cells have more candidates and dropping their extra candidates
//! would leave a BUG, one of those extra candidates must be true:
//! - type 1 (5.6): one poly cell; it holds one of its extra digits;
//! - type 2 (5.7): every poly cell has one extra digit, the same: it goes
//!   from every cell that sees them all;
//! - type 3 (5.7 + 0.1 per cell of the subset beyond the first): the poly
//!   cells share a unit and act as one cell holding their extra digits, in a
//!   naked subset with other cells of that unit;
//! - type 4 (5.7): two poly cells share a unit where a digit of both has no
//!   other place: each holds that digit or one of its extras.

use sudoku_core::UNITS;

use crate::board::{bit, Board, Pos, CELL_UNITS, PEER_SET};
use crate::hint::{cell_list, Hits, Tenths};
use crate::technique::Technique;

/// Longest loop searched for (cells).
const MAX_LOOP: usize = 20;

/// Largest naked subset (pseudo cell included) searched for in type 3 of
/// unique loops.
const MAX_LOOP_SUBSET: usize = 4;

/// Most poly cells a BUG is searched with.
const MAX_POLY: usize = 12;

/// Calls `f` with every `k`-subset of `0..n` (`k` <= 9), as sorted
/// indices.
fn for_each_subset(n: usize, k: usize, mut f: impl FnMut(&[usize])) {
    if k > n || k > 9 {
        return;
    }
    let mut idx = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    loop {
        f(&idx[..k]);
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if idx[i] < n - k + i {
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

fn bits128(m: u128) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

fn digits(m: u16) -> impl Iterator<Item = u8> {
    (0..9u8).filter(move |d| m & (1 << d) != 0).map(|d| d + 1)
}

/// `1, 2, 3`: digits as SE lists them in a pattern's name.
fn digit_list(m: u16) -> String {
    digits(m).map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

/// The cells of unit `u` as indices.
fn unit_cells(u: usize) -> impl Iterator<Item = usize> {
    UNITS[u].iter().map(|&c| c as usize)
}

/// The units (by index) that hold both `x` and `y`.
fn shared_units(x: usize, y: usize) -> impl Iterator<Item = usize> {
    CELL_UNITS[x].into_iter().map(usize::from).filter(move |&u| CELL_UNITS[y].contains(&(u as u8)))
}

/// SE's difficulty of a unique loop of `len` cells before the type's own
/// extra: 4.5 for a rectangle, 4.6 for 6 cells, 4.7 for 8, 5.0 beyond.
fn loop_difficulty(len: usize) -> Tenths {
    match len {
        4 => 45,
        6 => 46,
        8 => 47,
        _ => 50,
    }
}

// ---------------------------------------------------------------------------
// Unique rectangles and loops
// ---------------------------------------------------------------------------

/// The depth-first search for unique loops on one pair of digits.
struct LoopSearch<'a> {
    b: &'a Board,
    /// The two digits of the loop.
    pair: u16,
    /// Open cells holding both digits.
    cells: u128,
    path: Vec<usize>,
    /// Loop cells per unit.
    count: [u8; 27],
    /// Colour (path index parity) of the first loop cell met in each unit.
    colour: [u8; 27],
    /// Cells of the path holding more than the pair.
    n_extra: usize,
    /// The one extra digit every extra cell of the path has, while they all
    /// have exactly one and the same; 0 otherwise.
    type2_digit: u16,
    /// Loops found, as cell sets.
    found: Vec<u128>,
    /// Loops found, in path order.
    loops: Vec<Vec<usize>>,
}

impl LoopSearch<'_> {
    /// Whether `c` may join the path at index `i` (colour `i % 2`).
    fn fits(&self, c: usize, i: usize) -> bool {
        CELL_UNITS[c].iter().all(|&u| {
            let u = u as usize;
            self.count[u] == 0 || (self.count[u] == 1 && self.colour[u] != (i % 2) as u8)
        })
    }

    /// Extra-cell bookkeeping for `c` joining: the new (n_extra,
    /// type2_digit), or `None` when no type could use the path any more.
    fn extras_with(&self, c: usize) -> Option<(usize, u16)> {
        let extra = self.b.cands[c] & !self.pair;
        if extra == 0 {
            return Some((self.n_extra, self.type2_digit));
        }
        let n = self.n_extra + 1;
        let t2 = if extra.count_ones() == 1 && (self.n_extra == 0 || self.type2_digit == extra) {
            extra
        } else {
            0
        };
        (n <= 2 || t2 != 0).then_some((n, t2))
    }

    fn push(&mut self, c: usize) {
        let i = self.path.len();
        for &u in &CELL_UNITS[c] {
            let u = u as usize;
            if self.count[u] == 0 {
                self.colour[u] = (i % 2) as u8;
            }
            self.count[u] += 1;
        }
        self.path.push(c);
    }

    fn pop(&mut self) {
        if let Some(c) = self.path.pop() {
            for &u in &CELL_UNITS[c] {
                self.count[u as usize] -= 1;
            }
        }
    }

    /// Whether every unit touched by the path holds exactly two of its
    /// cells.
    fn closed(&self) -> bool {
        self.path.iter().all(|&c| CELL_UNITS[c].iter().all(|&u| self.count[u as usize] == 2))
    }

    /// Extends the path from its last cell through a unit that holds only
    /// that cell so far.
    fn extend(&mut self) {
        let (Some(&start), Some(&cur)) = (self.path.first(), self.path.last()) else { return };
        if self.path.len() >= 4 && self.path.len() % 2 == 0 && self.closed() {
            let set = self.path.iter().fold(0u128, |m, &c| m | 1 << c);
            if self.n_extra > 0 && !self.found.contains(&set) {
                self.found.push(set);
                self.loops.push(self.path.clone());
            }
            return;
        }
        if self.path.len() >= MAX_LOOP {
            return;
        }
        let i = self.path.len();
        for k in 0..3 {
            let u = CELL_UNITS[cur][k] as usize;
            if self.count[u] != 1 {
                continue;
            }
            for next in unit_cells(u) {
                if next <= start || self.cells & (1 << next) == 0 || !self.fits(next, i) {
                    continue;
                }
                let Some((n, t2)) = self.extras_with(next) else { continue };
                let saved = (self.n_extra, self.type2_digit);
                (self.n_extra, self.type2_digit) = (n, t2);
                self.push(next);
                self.extend();
                self.pop();
                (self.n_extra, self.type2_digit) = saved;
            }
        }
    }
}

/// Every unique loop (rectangles included) on the digits of `pair` that
/// has at least one extra cell and could serve one of the four types.
fn find_loops(b: &Board, pair: u16, out: &mut Vec<Vec<usize>>) {
    let cells = (0..81).filter(|&c| b.cands[c] & pair == pair).fold(0u128, |m, c| m | 1 << c);
    if cells.count_ones() < 4 {
        return;
    }
    let mut s = LoopSearch {
        b,
        pair,
        cells,
        path: Vec::with_capacity(MAX_LOOP),
        count: [0; 27],
        colour: [0; 27],
        n_extra: 0,
        type2_digit: 0,
        found: Vec::new(),
        loops: Vec::new(),
    };
    for start in bits128(cells) {
        let Some((n, t2)) = s.extras_with(start) else { continue };
        (s.n_extra, s.type2_digit) = (n, t2);
        s.push(start);
        s.extend();
        s.pop();
        (s.n_extra, s.type2_digit) = (0, 0);
    }
    *out = s.loops;
}

/// Unique rectangles and unique loops, types 1–4 (SE 4.5 and up).
pub(crate) fn loops(b: &Board, pos: &Pos, hits: &mut Hits) {
    if !hits.wants(45) {
        return;
    }
    let mut out = LoopHints::default();
    let mut found = Vec::new();
    for a in 0..9 {
        for bb in a + 1..9 {
            let pair = (1u16 << a) | (1 << bb);
            find_loops(b, pair, &mut found);
            for lp in &found {
                offer_loop(b, pos, pair, lp, &mut out);
            }
        }
    }
    out.hand_over(b, hits);
}

/// One unique loop step, kept until SE's choice among the easiest is made.
struct LoopHint {
    difficulty: Tenths,
    /// The type, 1–4.
    ty: u8,
    /// The first cell (row-major) of the loop that holds only the two
    /// digits.
    first: usize,
    cells: u128,
    technique: Technique,
    elim: Vec<(usize, u8)>,
    text: String,
}

/// The easiest unique loop steps found so far.
#[derive(Default)]
struct LoopHints {
    best: Option<Tenths>,
    hints: Vec<LoopHint>,
}

/// How the easiest loop steps are handed to [`Hits`]: every one
/// (0), only SE's choice (1), or SE's choice and the later ones whose
/// cells it leaves alone (2).
const LOOP_MODE: u8 = 1;

impl LoopHints {
    fn wants(&self, difficulty: Tenths) -> bool {
        self.best.is_none_or(|b| difficulty <= b)
    }

    /// Keeps a step of `difficulty` and type `ty` on the loop `lp`.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        b: &Board,
        technique: Technique,
        difficulty: Tenths,
        ty: u8,
        lp: &[usize],
        pair: u16,
        elim: &[(usize, u8)],
        text: impl FnOnce() -> String,
    ) {
        if !self.wants(difficulty) || !elim.iter().any(|&(c, d)| b.cands[c] & bit(d) != 0) {
            return;
        }
        if self.best.is_none_or(|b| difficulty < b) {
            self.best = Some(difficulty);
            self.hints.clear();
        }
        let first = lp.iter().copied().filter(|&c| b.cands[c] == pair).min().unwrap_or(81);
        let cells = lp.iter().fold(0u128, |m, &c| m | 1 << c);
        self.hints.push(LoopHint { difficulty, ty, first, cells, technique, elim: elim.to_vec(), text: text() });
    }

    /// Offers SE's choice among the easiest steps: SE takes one step at a
    /// time, the lowest type first, then the loop whose first bivalue cell
    /// comes first; taking it often destroys the other loops (their
    /// cells lose a digit), so applying them all at once would go further
    /// than SE does.
    fn hand_over(mut self, b: &Board, hits: &mut Hits) {
        self.hints.sort_by_key(|h| (h.ty, h.first));
        let mut touched = 0u128;
        for (i, h) in self.hints.iter().enumerate() {
            let take = match LOOP_MODE {
                0 => true,
                1 => i == 0,
                _ => h.cells & touched == 0,
            };
            if take {
                touched |= h.elim.iter().fold(0u128, |m, &(c, _)| m | 1 << c);
                hits.offer(b, h.technique, h.difficulty, &[], &h.elim, || h.text.clone());
            }
        }
    }
}

/// Offers every deduction of the loop `lp` on `pair`.
fn offer_loop(b: &Board, pos: &Pos, pair: u16, lp: &[usize], out: &mut LoopHints) {
    let base = loop_difficulty(lp.len());
    let technique = if lp.len() == 4 { Technique::UniqueRectangle } else { Technique::UniqueLoop };
    let name = |kind: &str| {
        let family = if lp.len() == 4 { "Unique Rectangle".to_string() } else { format!("Unique Loop {}", lp.len()) };
        format!("{family} {kind}: Cells {} on {}", cell_list(lp.iter().copied()), digit_list(pair))
    };
    let extra: Vec<usize> = lp.iter().copied().filter(|&c| b.cands[c] != pair).collect();
    let mut elim = Vec::new();
    // Type 1: the only extra cell holds neither digit.
    if let [x] = extra[..] {
        elim.extend(digits(pair).map(|d| (x, d)));
        out.push(b, technique, base, 1, lp, pair, &elim, || name("type 1"));
        return;
    }
    // Type 2: one extra digit, the same in every extra cell.
    let c = b.cands[extra[0]] & !pair;
    if c.count_ones() == 1 && extra.iter().all(|&x| b.cands[x] == pair | c) {
        let seen = extra.iter().fold(!0u128, |m, &x| m & PEER_SET[x]);
        let d = c.trailing_zeros() as u8 + 1;
        elim.clear();
        elim.extend(bits128(seen).filter(|&y| b.cands[y] & c != 0).map(|y| (y, d)));
        out.push(b, technique, base, 2, lp, pair, &elim, || name("type 2"));
    }
    let [x, y] = extra[..] else { return };
    for u in shared_units(x, y) {
        // Type 4: one digit of the pair has no other place in the unit.
        for (keep, drop) in [(pair & pair.wrapping_neg(), pair & (pair - 1))]
            .into_iter()
            .flat_map(|(lo, hi)| [(lo, hi), (hi, lo)])
        {
            let d0 = keep.trailing_zeros() as usize;
            let places = pos[u][d0];
            let only_xy = places.count_ones() == 2
                && unit_cells(u).enumerate().filter(|&(k, _)| places & (1 << k) != 0).all(|(_, c)| c == x || c == y);
            if only_xy {
                let d = drop.trailing_zeros() as u8 + 1;
                out.push(b, technique, base, 4, lp, pair, &[(x, d), (y, d)], || name("type 4"));
            }
        }
    }
    // Type 3, the box first, then the line; in each, subsets by size, the
    // naked one first. SE keeps only the first of two steps with the same
    // eliminations, which can leave a naked subset (harder) where a hidden
    // one (easier) removes the same candidates.
    let mut seen: Vec<Vec<(usize, u8)>> = Vec::new();
    let mut units: Vec<usize> = shared_units(x, y).collect();
    units.reverse();
    for u in units {
        let t3 = Type3 { b, pos, u, x, y, lp, pair, base, technique, name: &name };
        for k in 2..=MAX_LOOP_SUBSET {
            if !out.wants(base + k as Tenths - 2) {
                break;
            }
            t3.naked(k, &mut seen, out);
            t3.hidden(k, &mut seen, out);
        }
    }
}

/// A unique loop's two extra cells `x` and `y` in unit `u`, for type 3.
struct Type3<'a> {
    b: &'a Board,
    pos: &'a Pos,
    u: usize,
    x: usize,
    y: usize,
    lp: &'a [usize],
    pair: u16,
    base: Tenths,
    technique: Technique,
    name: &'a dyn Fn(&str) -> String,
}

impl Type3<'_> {
    /// Type 3 with a naked subset of `k` cells: the extra digits of `x` and
    /// `y` (one of which holds one of them) with `k - 1` other cells of the
    /// unit holding only `k` digits in all: those digits go from the rest
    /// of the unit (base + 0.1 × (k − 1)). Skips eliminations in `seen`.
    fn naked(&self, k: usize, seen: &mut Vec<Vec<(usize, u8)>>, out: &mut LoopHints) {
        let (b, x, y, pair) = (self.b, self.x, self.y, self.pair);
        let pseudo = (b.cands[x] | b.cands[y]) & !pair;
        let others: Vec<usize> = unit_cells(self.u).filter(|&c| c != x && c != y && b.cands[c] != 0).collect();
        let difficulty = self.base + (k as Tenths - 1);
        let mut elim = Vec::new();
        for_each_subset(others.len(), k - 1, |s| {
            let union = s.iter().fold(pseudo, |m, &i| m | b.cands[others[i]]);
            if union.count_ones() as usize != k {
                return;
            }
            elim.clear();
            for (i, &c) in others.iter().enumerate() {
                if !s.contains(&i) {
                    elim.extend(digits(b.cands[c] & union).map(|d| (c, d)));
                }
            }
            if elim.is_empty() || seen.contains(&elim) {
                return;
            }
            seen.push(elim.clone());
            out.push(b, self.technique, difficulty, 3, self.lp, pair, &elim, || {
                let with = cell_list(s.iter().map(|&i| others[i]));
                format!("{} with naked {} {with}", (self.name)("type 3"), digit_list(union))
            });
        });
    }

    /// Type 3 with a hidden subset of `k` digits: `x` and `y` hold at most
    /// one of the pair between them, so when the pair and `k - 2` digits
    /// that neither holds have only `k - 1` places besides them in the
    /// unit, those places hold only those digits (base + 0.1 × (k − 2)).
    /// Skips eliminations in `seen`.
    fn hidden(&self, k: usize, seen: &mut Vec<Vec<(usize, u8)>>, out: &mut LoopHints) {
        let (b, u, x, y, pair) = (self.b, self.u, self.x, self.y, self.pair);
        let cells: Vec<usize> = unit_cells(u).collect();
        let xy = cells.iter().enumerate().filter(|&(_, &c)| c == x || c == y).fold(0u16, |m, (kk, _)| m | 1 << kk);
        let places = |m: u16| digits(m).fold(0u16, |p, d| p | self.pos[u][d as usize - 1]);
        let free: Vec<u16> = (0..9)
            .map(|d| 1u16 << d)
            .filter(|&m| {
                m & pair == 0 && m & (b.cands[x] | b.cands[y]) == 0 && self.pos[u][m.trailing_zeros() as usize] != 0
            })
            .collect();
        let difficulty = self.base + (k as Tenths - 2);
        let mut elim = Vec::new();
        let mut try_set = |set: u16| {
            let z = places(set) & !xy;
            if z.count_ones() as usize != k - 1 {
                return;
            }
            elim.clear();
            for (kk, &c) in cells.iter().enumerate() {
                if z & (1 << kk) != 0 {
                    elim.extend(digits(b.cands[c] & !set).map(|d| (c, d)));
                }
            }
            if elim.is_empty() || seen.contains(&elim) {
                return;
            }
            seen.push(elim.clone());
            out.push(b, self.technique, difficulty, 3, self.lp, pair, &elim, || {
                let with = cell_list(cells.iter().enumerate().filter(|&(kk, _)| z & (1 << kk) != 0).map(|(_, &c)| c));
                format!("{} with hidden {} {with}", (self.name)("type 3"), digit_list(set))
            });
        };
        if k == 2 {
            try_set(pair);
        } else {
            for_each_subset(free.len(), k - 2, |s| try_set(s.iter().fold(pair, |m, &i| m | free[i])));
        }
    }
}

// ---------------------------------------------------------------------------
// Bivalue universal grave
// ---------------------------------------------------------------------------

/// The search for the candidates of the poly cells to keep so that the
/// rest is a BUG.
struct BugSearch<'a> {
    b: &'a Board,
    pos: &'a Pos,
    poly: Vec<usize>,
    /// Places of each digit kept so far in each unit.
    count: [[u8; 9]; 27],
    /// Poly cells not yet decided holding each digit, per unit.
    avail: [[u8; 9]; 27],
    /// The kept pair of each poly cell.
    kept: Vec<u16>,
    /// Complete choices found.
    solutions: Vec<Vec<u16>>,
}

impl BugSearch<'_> {
    /// Whether unit `u` can still end with two places for each open digit.
    fn unit_ok(&self, u: usize) -> bool {
        (0..9).all(|d| {
            let n = self.count[u][d];
            n <= 2 && (self.pos[u][d] == 0 || n + self.avail[u][d] >= 2)
        })
    }

    fn search(&mut self, i: usize) {
        if self.solutions.len() >= 4 {
            return;
        }
        if i == self.poly.len() {
            if (0..27).all(|u| (0..9).all(|d| self.pos[u][d] == 0 || self.count[u][d] == 2)) {
                self.solutions.push(self.kept.clone());
            }
            return;
        }
        let c = self.poly[i];
        let m = self.b.cands[c];
        for &u in &CELL_UNITS[c] {
            for d in digits(m) {
                self.avail[u as usize][d as usize - 1] -= 1;
            }
        }
        let ds: Vec<u8> = digits(m).collect();
        for p in 0..ds.len() {
            for q in p + 1..ds.len() {
                let (d1, d2) = (ds[p] as usize - 1, ds[q] as usize - 1);
                for &u in &CELL_UNITS[c] {
                    self.count[u as usize][d1] += 1;
                    self.count[u as usize][d2] += 1;
                }
                if CELL_UNITS[c].iter().all(|&u| self.unit_ok(u as usize)) {
                    self.kept[i] = (1 << d1) | (1 << d2);
                    self.search(i + 1);
                }
                for &u in &CELL_UNITS[c] {
                    self.count[u as usize][d1] -= 1;
                    self.count[u as usize][d2] -= 1;
                }
            }
        }
        for &u in &CELL_UNITS[c] {
            for d in digits(m) {
                self.avail[u as usize][d as usize - 1] += 1;
            }
        }
    }
}

/// Bivalue universal grave, types 1–4 (SE 5.6 and up).
pub(crate) fn bug(b: &Board, pos: &Pos, hits: &mut Hits) {
    if !hits.wants(56) {
        return;
    }
    let mut s = BugSearch {
        b,
        pos,
        poly: Vec::new(),
        count: [[0; 9]; 27],
        avail: [[0; 9]; 27],
        kept: Vec::new(),
        solutions: Vec::new(),
    };
    for c in 0..81 {
        let m = b.cands[c];
        match m.count_ones() {
            0 => {}
            2 => {
                for &u in &CELL_UNITS[c] {
                    for d in digits(m) {
                        s.count[u as usize][d as usize - 1] += 1;
                    }
                }
            }
            1 => return,
            _ => {
                if s.poly.len() == MAX_POLY {
                    return;
                }
                s.poly.push(c);
                for &u in &CELL_UNITS[c] {
                    for d in digits(m) {
                        s.avail[u as usize][d as usize - 1] += 1;
                    }
                }
            }
        }
    }
    if s.poly.is_empty() || !(0..27).all(|u| s.unit_ok(u)) {
        return;
    }
    s.kept = vec![0; s.poly.len()];
    s.search(0);
    let poly = std::mem::take(&mut s.poly);
    for kept in &s.solutions {
        offer_bug(b, pos, &poly, kept, hits);
    }
}

/// Offers the deductions of a BUG whose poly cells `poly` keep `kept`.
fn offer_bug(b: &Board, pos: &Pos, poly: &[usize], kept: &[u16], hits: &mut Hits) {
    let extra: Vec<u16> = poly.iter().zip(kept).map(|(&c, &k)| b.cands[c] & !k).collect();
    let all_extra = extra.iter().fold(0u16, |m, &e| m | e);
    let mut elim = Vec::new();
    // Type 1: the one poly cell holds one of its extra digits.
    if let ([c], [k]) = (poly, kept) {
        elim.extend(digits(*k).map(|d| (*c, d)));
        hits.offer(b, Technique::Bug, 56, &[], &elim, || format!("BUG type 1: {}", cell_list([*c])));
        return;
    }
    // Type 2: the same single extra digit in every poly cell.
    if all_extra.count_ones() == 1 && extra.iter().all(|&e| e == all_extra) {
        let seen = poly.iter().fold(!0u128, |m, &c| m & PEER_SET[c]);
        let d = all_extra.trailing_zeros() as u8 + 1;
        elim.clear();
        elim.extend(bits128(seen).filter(|&y| b.cands[y] & all_extra != 0).map(|y| (y, d)));
        hits.offer(b, Technique::Bug, 57, &[], &elim, || {
            format!("BUG type 2: {} on {d}", cell_list(poly.iter().copied()))
        });
    }
    let mut units = CELL_UNITS[poly[0]].map(usize::from).to_vec();
    units.retain(|&u| poly.iter().all(|&c| CELL_UNITS[c].contains(&(u as u8))));
    for &u in &units {
        // Type 4: a digit kept in both poly cells with no other place in
        // the unit.
        if let ([x, y], [kx, ky]) = (poly, kept) {
            for d in digits(kx & ky) {
                let places = pos[u][d as usize - 1];
                if places.count_ones() != 2 {
                    continue;
                }
                elim.clear();
                elim.extend(digits(kx & !bit(d)).map(|e| (*x, e)));
                elim.extend(digits(ky & !bit(d)).map(|e| (*y, e)));
                hits.offer(b, Technique::Bug, 57, &[], &elim, || {
                    format!("BUG type 4: {} on {d}", cell_list(poly.iter().copied()))
                });
            }
        }
        bug_type3(b, u, poly, all_extra, hits);
    }
}

/// BUG type 3: the poly cells, all in unit `u`, act as one cell holding
/// `pseudo` (their extra digits), which forms a naked subset of `k` cells
/// with `k - 1` bivalue cells of the unit: its digits go from the rest of
/// the unit (5.7 + 0.1 × (k − 1)).
fn bug_type3(b: &Board, u: usize, poly: &[usize], pseudo: u16, hits: &mut Hits) {
    let others: Vec<usize> = unit_cells(u).filter(|&c| b.cands[c] != 0 && !poly.contains(&c)).collect();
    let mut elim = Vec::new();
    for k in 2..=others.len().min(8) {
        let difficulty = 57 + (k as Tenths - 1);
        if !hits.wants(difficulty) {
            break;
        }
        for_each_subset(others.len(), k - 1, |s| {
            let union = s.iter().fold(pseudo, |m, &i| m | b.cands[others[i]]);
            if union.count_ones() as usize != k {
                return;
            }
            elim.clear();
            for (i, &c) in others.iter().enumerate() {
                if !s.contains(&i) {
                    elim.extend(digits(b.cands[c] & union).map(|d| (c, d)));
                }
            }
            hits.offer(b, Technique::Bug, difficulty, &[], &elim, || {
                format!("BUG type 3: {} on {}", cell_list(poly.iter().copied()), digit_list(union))
            });
        });
    }
}

#[cfg(test)]
#[path = "se_probe.rs"]
mod se_probe;
