//! The digit planes' search, for shapes of houses and peers alone: classic
//! grids of other sizes, jigsaw regions, overlapping 9×9 grids, a knight's
//! or a king's move apart; no drawn constraint, no sum cage, no
//! non-consecutive pair (those need the general search's cell masks and
//! house counts, `search.rs`).
//!
//! A node is a set of cells per digit (a plane: up to [`MAX_WORDS`] words
//! of 64 cells) and the set of placed cells. Placing digit d in cell c
//! clears c from the other planes and c's peers from plane d, a word at a
//! time; the rules read the planes through each house's cells as a set:
//! - a cell on no plane, or a house with no place for a digit, is a
//!   contradiction;
//! - a cell on one plane (a naked single) or the one place of a digit in a
//!   house (a hidden single) is placed;
//! - a digit whose places in a house all see some cell leaves that cell:
//!   locked candidates between a box and a line, and the same between the
//!   houses of overlapping grids or through a knight's or a king's move
//!   (the general search's "generalized intersections");
//! - a group of distinct digits one cell short of a house (argyle's long
//!   diagonals) that fewer digits than its cells can reach is a
//!   contradiction; one that exactly as many can reach takes each of them:
//!   a digit with one place there is placed (argyle: 22 % fewer nodes).
//!
//! The search branches on the open cell with the fewest digits for its
//! failure weight (dom/wdeg, as the general search; a random search, on the
//! first cell with two digits, else the first with the fewest), digits in
//! ascending order (or the caller's random order). Every rule here is one
//! the general search applies too, so both find the same solutions (tested
//! against each other).

// The word loops run `for i in 0..W` over several sets at once (planes,
// houses, peers): an index reads plainer than zipped iterators.
#![allow(clippy::needless_range_loop)]

use super::search::{shuffle, Goal, PLACED};

/// The most words a plane has: 256 cells (a twodoku's 153, a butterfly's
/// 144, a flower's 189, a 12×12 grid's 144).
pub(crate) const MAX_WORDS: usize = 4;

/// The most digits (a plane each). From 13 on the general search's naked
/// and hidden pairs halve the nodes, and it is as quick on 16×16 grids
/// (pairs on the planes cost more than they saved, tried).
const MAX_DIGITS: usize = 12;

/// A set of cells (or of houses), bit c % 64 of word c / 64: a shape's
/// sets, of which a search of `W` words reads the first `W`.
type Cells = [u64; MAX_WORDS];

/// A set of cells (or of houses) in a search of `W` words.
type Set<const W: usize> = [u64; W];

/// A shape (houses of n cells and each cell's peers) as sets of cells.
#[derive(Debug, Clone)]
pub(crate) struct PlaneShape {
    n: usize,
    words: usize,
    /// Every cell.
    all: Cells,
    houses: Box<[Cells; MAX_CELLS]>,
    /// Each cell's peers (not itself).
    peers: Box<[Cells; MAX_CELLS]>,
    /// How many cells.
    cells: usize,
    /// Every house, a bit each.
    every_house: Cells,
    /// Each cell's houses, a bit each (as many houses as cells at most:
    /// they fit the cells' words).
    cell_houses: Box<[Cells; MAX_CELLS]>,
    /// Groups of distinct digits one cell short of a house (argyle's long
    /// diagonals), and their sizes.
    lines: Vec<(Cells, u32)>,
    /// Each cell's weight when a search starts: one plus its peers beyond
    /// the fewest any cell has ("dom/deg", the degree dom/wdeg's weights
    /// start from), and the largest. Cells shared by two grids, or seen
    /// by a rule's extra peers, are chosen first among cells of as many
    /// digits: on the bench sets twodoku 35 %, jigsaw 31 %, anti-king
    /// 21 %, flower 17 %, anti-knight and argyle 13-15 % fewer nodes
    /// (butterfly 50 % more).
    degrees: Vec<u32>,
    most_degree: u32,
}

/// The most cells (and houses) of a shape: a set's words' bits. Its
/// per-cell and per-house sets are arrays of this length, so that a cell
/// taken from a set (below 256) indexes them without a bounds check.
const MAX_CELLS: usize = 64 * MAX_WORDS;

impl PlaneShape {
    /// The shape of `cells` dense cells with houses `house_cells` (n each)
    /// and peer lists `peers[peer_start[c]..peer_start[c + 1]]`; `None`
    /// when it has more than 256 cells or 12 digits, or more houses than
    /// cells' words hold.
    pub(super) fn of(
        n: usize,
        cells: usize,
        house_cells: &[u16],
        peer_start: &[u32],
        peers: &[u16],
        groups: &[Vec<u16>],
    ) -> Option<Self> {
        let words = cells.div_ceil(64);
        let houses = house_cells.len() / n.max(1);
        if words > MAX_WORDS || n > MAX_DIGITS || n == 0 || cells == 0 || houses > 64 * words {
            return None;
        }
        let mut cell_houses = Box::new([[0u64; MAX_WORDS]; MAX_CELLS]);
        for (h, house) in house_cells.chunks_exact(n).enumerate() {
            for &c in house {
                cell_houses[usize::from(c)][h / 64] |= 1 << (h % 64);
            }
        }
        let set = |list: &[u16]| {
            let mut s = [0u64; MAX_WORDS];
            for &c in list {
                s[usize::from(c) / 64] |= 1 << (c % 64);
            }
            s
        };
        let mut all = [0u64; MAX_WORDS];
        for c in 0..cells {
            all[c / 64] |= 1 << (c % 64);
        }
        let mut house_sets = Box::new([[0u64; MAX_WORDS]; MAX_CELLS]);
        for (h, house) in house_cells.chunks_exact(n).enumerate() {
            house_sets[h] = set(house);
        }
        let mut peer_sets = Box::new([[0u64; MAX_WORDS]; MAX_CELLS]);
        for (c, r) in peer_start.windows(2).enumerate() {
            peer_sets[c] = set(&peers[r[0] as usize..r[1] as usize]);
        }
        let mut every_house = [0u64; MAX_WORDS];
        for h in 0..houses {
            every_house[h / 64] |= 1 << (h % 64);
        }
        // (Not argyle's five-cell diagonals: there the rule did not pay.)
        let lines = groups.iter().filter(|g| g.len() + 1 == n).map(|g| (set(g), g.len() as u32)).collect();
        let counts: Vec<u32> =
            peer_sets[..cells].iter().map(|p| p.iter().map(|w| w.count_ones()).sum()).collect();
        let fewest = counts.iter().copied().min().unwrap_or(0);
        let degrees: Vec<u32> = counts.iter().map(|&k| 1 + k - fewest).collect();
        let most_degree = degrees.iter().copied().max().unwrap_or(1);
        Some(PlaneShape {
            degrees,
            most_degree,
            n,
            lines,
            words,
            all,
            houses: house_sets,
            peers: peer_sets,
            cells,
            every_house,
            cell_houses,
        })
    }
}

/// One node of a search of `W` words: each digit's plane, the placed
/// cells, and each digit's houses it is placed in (a bit each: nothing
/// more to look for there). A child is a copy, on the stack.
#[derive(Debug, Clone, Copy)]
struct Level<const W: usize> {
    planes: [Set<W>; MAX_DIGITS],
    placed: Set<W>,
    done: [Set<W>; MAX_DIGITS],
}

impl<const W: usize> Level<W> {
    const EMPTY: Self = Level { planes: [[0; W]; MAX_DIGITS], placed: [0; W], done: [[0; W]; MAX_DIGITS] };
}

/// The first `W` words of a shape's set.
#[inline(always)]
fn first<const W: usize>(set: &Cells) -> Set<W> {
    std::array::from_fn(|i| set[i])
}

/// Each cell's degree plus its failures (a contradiction found at it, or in a
/// house of it), steering [`branch_cell`] as in the general search.
#[derive(Debug, Clone, Default)]
struct Weights {
    of: Vec<u32>,
    /// The largest.
    most: u32,
}

impl Weights {
    /// The shape's cells, each of its degree ([`PlaneShape::degrees`]).
    fn reset(&mut self, shape: &PlaneShape) {
        self.of.clear();
        self.of.extend_from_slice(&shape.degrees);
        self.most = shape.most_degree;
    }

    /// A contradiction found at `cells`: each gains a failure. False, for
    /// the caller to pass on.
    #[cold]
    fn blame<const W: usize>(&mut self, cells: &Set<W>) -> bool {
        for_each_cell::<W>(cells, |c| {
            self.of[c] = self.of[c].saturating_add(1);
            self.most = self.most.max(self.of[c]);
        });
        false
    }
}

/// The search's reusable memory.
#[derive(Debug, Clone, Default)]
pub(crate) struct PlaneSearch {
    /// A solution as the general search's node (a digit bit and
    /// [`PLACED`] a cell), for [`Goal::visit`].
    solution: Vec<u32>,
    weight: Weights,
    pub nodes: u64,
    pub found: u64,
    /// The search stopped unfinished (a budget ran out).
    pub aborted: bool,
    /// ... because the stop flag was set.
    pub interrupted: bool,
}

impl PlaneSearch {
    /// Runs the search from `givens` (dense order, 0 = blank), with the
    /// cells of `masks` limited to their digits (`(cell, digits)`, as
    /// [`Network::root_masks`](super::network::Network::root_masks)).
    pub fn run(&mut self, shape: &PlaneShape, givens: &[u8], masks: &[(u16, u32)], goal: &mut Goal<'_>) {
        match shape.words {
            1 => self.run_in::<1>(shape, givens, masks, goal),
            2 => self.run_in::<2>(shape, givens, masks, goal),
            3 => self.run_in::<3>(shape, givens, masks, goal),
            _ => self.run_in::<4>(shape, givens, masks, goal),
        }
    }

    fn run_in<const W: usize>(
        &mut self,
        shape: &PlaneShape,
        givens: &[u8],
        masks: &[(u16, u32)],
        goal: &mut Goal<'_>,
    ) {
        self.nodes = 0;
        self.found = 0;
        self.aborted = false;
        self.interrupted = false;
        self.weight.reset(shape);
        let mut root = Level::<W>::EMPTY;
        root.planes[..shape.n].fill(first(&shape.all));
        // The planes before the givens: every cell on every digit's.
        let before = root.planes;
        for (c, &g) in givens.iter().enumerate() {
            if g == 0 {
                continue;
            }
            if usize::from(g) > shape.n || !assign::<W>(shape, &mut root, c, usize::from(g) - 1) {
                return;
            }
        }
        // (A given the mask bans leaves its cell on no plane: the root's
        // propagation finds it empty.)
        for &(c, allowed) in masks {
            let (w, b) = (usize::from(c) / 64, 1u64 << (c % 64));
            for (d, plane) in root.planes[..shape.n].iter_mut().enumerate() {
                if allowed >> d & 1 == 0 {
                    plane[w] &= !b;
                }
            }
        }
        self.dfs::<W>(shape, &mut root, &before, goal);
    }

    /// Propagates `level` (whose planes were `before` at the parent's
    /// fixpoint), then branches; false to stop.
    fn dfs<const W: usize>(
        &mut self,
        shape: &PlaneShape,
        level: &mut Level<W>,
        before: &[Set<W>; MAX_DIGITS],
        goal: &mut Goal<'_>,
    ) -> bool {
        self.nodes += 1;
        if let Some(interrupted) = goal.stop_at(self.nodes) {
            self.aborted = true;
            self.interrupted = interrupted;
            return false;
        }
        // (The first node of a run is its root.)
        let alive = match self.nodes {
            1 => propagate::<W, true>(shape, level, before, &mut self.weight),
            _ => propagate::<W, false>(shape, level, before, &mut self.weight),
        };
        if !alive {
            return true;
        }
        let weights = if goal.rng.is_none() { Some(&self.weight) } else { None };
        let Some(c) = branch_cell::<W>(shape, level, weights) else {
            if let Some(visit) = goal.visit.as_mut() {
                self.solution.clear();
                self.solution.resize(shape.cells, 0);
                for (d, plane) in level.planes[..shape.n].iter().enumerate() {
                    for_each_cell::<W>(plane, |c| self.solution[c] = 1 << d | PLACED);
                }
                visit(&self.solution);
            }
            self.found += 1;
            return self.found < goal.limit;
        };
        let (w, b) = (c / 64, 1u64 << (c % 64));
        let mut digits = [0usize; MAX_DIGITS];
        let mut count = 0;
        for (d, plane) in level.planes[..shape.n].iter().enumerate() {
            if plane[w] & b != 0 {
                digits[count] = d;
                count += 1;
            }
        }
        if let Some(rng) = goal.rng.as_deref_mut() {
            shuffle(rng, &mut digits[..count]);
        }
        for &d in &digits[..count] {
            let mut child = *level;
            // (d is among the cell's digits: the assignment holds.)
            assign::<W>(shape, &mut child, c, d);
            if !self.dfs::<W>(shape, &mut child, &level.planes, goal) {
                return false;
            }
        }
        true
    }
}

/// Calls `f` with each cell of `set`.
#[inline]
fn for_each_cell<const W: usize>(set: &Set<W>, mut f: impl FnMut(usize)) {
    for (i, &word) in set[..W].iter().enumerate() {
        let mut m = word;
        while m != 0 {
            // (Below 256: a set has four words at most. As a byte, the
            // index of a shape's per-cell sets needs no bounds check.)
            f(usize::from((i * 64 + m.trailing_zeros() as usize) as u8));
            m &= m - 1;
        }
    }
}

/// The groups of distinct digits one cell short of a house: no fewer digits may
/// go there than it has cells, and when as many, each must (a digit with
/// one place there is placed); only the groups with a cell in `lost` (that
/// lost a digit since the last look). Whether one was placed, or `Err(the
/// group)`. Apart from `propagate`, whose code for other shapes is as it was.
#[inline(never)]
fn line_rule<'s, const W: usize>(
    shape: &'s PlaneShape,
    level: &mut Level<W>,
    lost: &Set<W>,
) -> Result<bool, &'s Cells> {
    let mut placed_any = false;
    for (cells, len) in &shape.lines {
        if (0..W).all(|i| lost[i] & cells[i] == 0) {
            continue;
        }
        let mut possible = 0u32;
        for d in 0..shape.n {
            let mut hit = 0;
            for i in 0..W {
                hit |= level.planes[d][i] & cells[i];
            }
            possible |= u32::from(hit != 0) << d;
        }
        if possible.count_ones() < *len {
            return Err(cells);
        }
        if possible.count_ones() > *len {
            continue;
        }
        for d in 0..shape.n {
            if let Place::One(at) = lone_place::<W>(&level.planes[d], cells) {
                if level.placed[at / 64] >> (at % 64) & 1 == 0 {
                    assign::<W>(shape, level, at, d);
                    placed_any = true;
                }
            }
        }
    }
    Ok(placed_any)
}

/// Where a digit may go in a set of cells: nowhere, one cell, or more.
enum Place {
    None,
    One(usize),
    More,
}

/// Where `plane`'s digit may go in `set`.
#[inline]
fn lone_place<const W: usize>(plane: &Set<W>, set: &Cells) -> Place {
    // The places as two wide words (cells 0-127, 128-255): a place alone
    // when clearing its word's lowest bit leaves nothing.
    let wide = |from: usize| {
        (from..W.min(from + 2)).fold(0u128, |v, i| v | u128::from(plane[i] & set[i]) << (64 * (i - from)))
    };
    match (wide(0), wide(2)) {
        (0, 0) => Place::None,
        (v, 0) if v & (v - 1) == 0 => Place::One(v.trailing_zeros() as usize),
        (0, v) if v & (v - 1) == 0 => Place::One(128 + v.trailing_zeros() as usize),
        _ => Place::More,
    }
}

/// Places digit `d` (0-based) in cell `c`: c leaves the other planes, its
/// peers leave plane d. False when c is no longer on plane d.
#[inline]
fn assign<const W: usize>(shape: &PlaneShape, level: &mut Level<W>, c: usize, d: usize) -> bool {
    let (w, b) = (c / 64, 1u64 << (c % 64));
    if level.planes[d][w] & b == 0 {
        return false;
    }
    for plane in &mut level.planes[..shape.n] {
        plane[w] &= !b;
    }
    let peers = &shape.peers[c];
    for i in 0..W {
        level.planes[d][i] &= !peers[i];
    }
    level.planes[d][w] |= b;
    level.placed[w] |= b;
    for i in 0..W {
        level.done[d][i] |= shape.cell_houses[c][i];
    }
    true
}

/// The cells on exactly one plane and on two or more, over the first `W`
/// words.
#[inline]
fn ones_and_twos<const W: usize>(shape: &PlaneShape, level: &Level<W>) -> (Set<W>, Set<W>) {
    let (mut ones, mut twos) = ([0u64; W], [0u64; W]);
    for plane in &level.planes[..shape.n] {
        for i in 0..W {
            twos[i] |= ones[i] & plane[i];
            ones[i] |= plane[i];
        }
    }
    (ones, twos)
}

/// Applies the rules (module docs) until none gives anything; false on a
/// contradiction. `before` is each plane as the rules last saw it (the
/// parent node's fixpoint, or every cell at the root): a house is looked at
/// again for a digit only once one of its cells left that digit's plane.
/// At the root (`ROOT`) the first looks take every house not done, without
/// a walk over the cells the givens took (a tenth of a twodoku's search;
/// compiled apart, so the other nodes' code is as it was).
fn propagate<const W: usize, const ROOT: bool>(
    shape: &PlaneShape,
    level: &mut Level<W>,
    before: &[Set<W>; MAX_DIGITS],
    weight: &mut Weights,
) -> bool {
    let n = shape.n;
    // Each plane as the singles' and the intersections' looks last saw it;
    // at the root their first looks take every house.
    let (mut for_singles, mut for_locks) = (*before, *before);
    let (mut first_singles, mut first_locks, mut first_lines) = (ROOT, ROOT, ROOT);
    loop {
        // Naked singles, and cells left on no plane.
        let (ones, twos) = ones_and_twos::<W>(shape, level);
        let mut singles = [0u64; W];
        let mut any = 0;
        for i in 0..W {
            if shape.all[i] & !ones[i] != 0 {
                let mut empty = [0u64; W];
                empty[i] = shape.all[i] & !ones[i];
                return weight.blame::<W>(&empty);
            }
            singles[i] = ones[i] & !twos[i] & !level.placed[i];
            any |= singles[i];
        }
        if any != 0 {
            for d in 0..n {
                let mut mine = [0u64; W];
                let mut hit = 0;
                for i in 0..W {
                    mine[i] = level.planes[d][i] & singles[i];
                    hit |= mine[i];
                }
                if hit == 0 {
                    continue;
                }
                let (plane, done) = (&mut level.planes[d], &mut level.done[d]);
                for_each_cell::<W>(&mine, |c| {
                    for i in 0..W {
                        plane[i] &= !shape.peers[c][i];
                    }
                    for i in 0..W {
                        done[i] |= shape.cell_houses[c][i];
                    }
                });
                // (Two singles of d that see each other: one cleared the
                // other, a cell on no plane, found next round.)
                for i in 0..W {
                    level.placed[i] |= mine[i];
                }
            }
            continue;
        }
        // Hidden singles, and houses without a digit: the houses of the
        // cells each plane lost since the last look.
        let mut placed_any = false;
        // The cells that lost a digit since the last look (for the lines).
        let mut lost = [0u64; W];
        if !shape.lines.is_empty() {
            for d in 0..n {
                for i in 0..W {
                    lost[i] |= for_singles[d][i] & !level.planes[d][i];
                }
            }
        }
        for d in 0..n {
            let houses = changed_houses::<W>(
                shape,
                first_singles,
                &mut for_singles[d],
                &level.planes[d],
                &level.done[d],
            );
            let mut failed = None;
            for_each_cell::<W>(&houses, |h| {
                if failed.is_some() {
                    return;
                }
                match lone_place::<W>(&level.planes[d], &shape.houses[h]) {
                    Place::None => failed = Some(h),
                    Place::One(at) if level.placed[at / 64] >> (at % 64) & 1 == 0 => {
                        // (`at` is on plane d: the assignment holds.)
                        assign::<W>(shape, level, at, d);
                        placed_any = true;
                    }
                    _ => {}
                }
            });
            if let Some(h) = failed {
                return weight.blame::<W>(&first(&shape.houses[h]));
            }
        }
        if ROOT {
            first_singles = false;
        }
        // Groups of distinct digits one cell short of a house (argyle's).
        if !shape.lines.is_empty() {
            if ROOT && first_lines {
                first_lines = false;
                lost = first(&shape.all);
            }
            match line_rule::<W>(shape, level, &lost) {
                Ok(placed) => placed_any |= placed,
                Err(cells) => return weight.blame::<W>(&first(cells)),
            }
        }
        if placed_any {
            continue;
        }
        // Intersections: the cells that see every place of a digit in a
        // house lose it.
        let mut changed = false;
        for d in 0..n {
            let houses =
                changed_houses::<W>(shape, first_locks, &mut for_locks[d], &level.planes[d], &level.done[d]);
            for_each_cell::<W>(&houses, |h| {
                let house = &shape.houses[h];
                if !matches!(lone_place::<W>(&level.planes[d], house), Place::More) {
                    return;
                }
                let mut places = [0u64; W];
                for i in 0..W {
                    places[i] = level.planes[d][i] & house[i];
                }
                // The digit's other places that see every place so far
                // (outside the house: inside, it has no other place);
                // none left, nothing to take.
                let mut watch = [0u64; W];
                for i in 0..W {
                    watch[i] = level.planes[d][i] & !house[i];
                }
                'places: for (j, &word) in places[..W].iter().enumerate() {
                    let mut m = word;
                    while m != 0 {
                        let c = j * 64 + m.trailing_zeros() as usize;
                        m &= m - 1;
                        let mut left = 0;
                        for i in 0..W {
                            watch[i] &= shape.peers[c][i];
                            left |= watch[i];
                        }
                        if left == 0 {
                            break 'places;
                        }
                    }
                }
                for i in 0..W {
                    changed |= watch[i] != 0;
                    level.planes[d][i] &= !watch[i];
                }
            });
        }
        if ROOT {
            first_locks = false;
        }
        if !changed {
            return true;
        }
    }
}

/// The houses (a bit each) of the cells `plane` lost since `last` was
/// taken, which it becomes, but those `done` (where the digit is placed:
/// its one place there is settled); `everywhere`: every house not done.
#[inline(always)]
fn changed_houses<const W: usize>(
    shape: &PlaneShape,
    everywhere: bool,
    last: &mut Set<W>,
    plane: &Set<W>,
    done: &Set<W>,
) -> Set<W> {
    let mut houses = [0u64; W];
    if everywhere {
        // (The root's first look: every house but those done, without a
        // walk over the cells each plane lost to the givens.)
        *last = *plane;
        for i in 0..W {
            houses[i] = shape.every_house[i] & !done[i];
        }
        return houses;
    }
    let mut gone = [0u64; W];
    let mut any = 0;
    for i in 0..W {
        gone[i] = last[i] & !plane[i];
        any |= gone[i];
        last[i] = plane[i];
    }
    if any != 0 {
        for_each_cell::<W>(&gone, |c| {
            for i in 0..W {
                houses[i] |= shape.cell_houses[c][i];
            }
        });
        for i in 0..W {
            houses[i] &= !done[i];
        }
    }
    houses
}

/// The open cell to branch on, `None` when every cell is placed. With
/// `weights` (each cell's degree plus its failures) the one with the fewest digits
/// for its weight ("dom/wdeg", as the general search), else the first with
/// two digits, or the first with the fewest.
fn branch_cell<const W: usize>(
    shape: &PlaneShape,
    level: &Level<W>,
    weights: Option<&Weights>,
) -> Option<usize> {
    if let Some(weights) = weights {
        // Each cell's count of digits, bit-sliced (12 digits at most).
        let mut bits = [[0u64; W]; 4];
        for plane in &level.planes[..shape.n] {
            for i in 0..W {
                let mut carry = plane[i];
                for bit in &mut bits {
                    let next = bit[i] & carry;
                    bit[i] ^= carry;
                    carry = next;
                }
            }
        }
        // The open cells by their count k, fewest first: the least k over
        // weight, the first cell of those (a scan in cell order's choice);
        // no cell of k digits wins once k over the largest weight is more.
        let (mut best, mut best_count, mut best_weight) = (None, 0u64, 1u64);
        let most = u64::from(weights.most);
        for k in 1..=shape.n as u64 {
            if best.is_some() && k * best_weight > best_count * most {
                break;
            }
            let mut group = [0u64; W];
            for i in 0..W {
                group[i] = shape.all[i] & !level.placed[i];
                for (j, bit) in bits.iter().enumerate() {
                    group[i] &= if k >> j & 1 != 0 { bit[i] } else { !bit[i] };
                }
            }
            for_each_cell::<W>(&group, |c| {
                let weight = u64::from(weights.of[c]);
                let (ours, theirs) = (k * best_weight, best_count * weight);
                if best.is_none_or(|b| ours < theirs || ours == theirs && c < b) {
                    (best, best_count, best_weight) = (Some(c), k, weight);
                }
            });
        }
        return best;
    }
    let (mut ones, mut twos, mut threes) = ([0u64; W], [0u64; W], [0u64; W]);
    for plane in &level.planes[..shape.n] {
        for i in 0..W {
            threes[i] |= twos[i] & plane[i];
            twos[i] |= ones[i] & plane[i];
            ones[i] |= plane[i];
        }
    }
    for i in 0..W {
        let two = twos[i] & !threes[i] & !level.placed[i];
        if two != 0 {
            return Some(i * 64 + two.trailing_zeros() as usize);
        }
    }
    let mut open = [0u64; W];
    for i in 0..W {
        open[i] = shape.all[i] & !level.placed[i];
    }
    let (mut best, mut fewest) = (None, usize::MAX);
    for_each_cell::<W>(&open, |c| {
        let (w, b) = (c / 64, 1u64 << (c % 64));
        let k = level.planes[..shape.n].iter().filter(|p| p[w] & b != 0).count();
        if k < fewest {
            (best, fewest) = (Some(c), k);
        }
    });
    best
}

#[cfg(test)]
mod tests;
