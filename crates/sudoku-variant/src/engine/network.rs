//! The constraint network a puzzle compiles to: cells numbered densely,
//! each with the cells it must differ from (its peers), its orthogonal
//! neighbours (non-consecutive), the houses that must hold every digit,
//! and the sum cages with their digit combinations.

use std::cell::{OnceCell, RefCell};
use std::sync::Arc;

use crate::constraint::Kinds;
use crate::constraint::{combinations, Instance, Kind};
use crate::puzzle::{Layout, Puzzle};

/// A cage with a sum, in dense cell numbers.
#[derive(Debug, Clone)]
pub(crate) struct SumCage {
    pub cells: Vec<u16>,
    pub sum: u32,
    /// Every set of `cells.len()` distinct digits adding up to `sum`, as
    /// digit masks (bit d-1 = digit d); empty when there are too many.
    pub combos: Vec<u32>,
}

/// Two houses that share two or more cells (a row and a box, a diagonal
/// and a box, a window and a row, ...): the shared cells (the segment) are
/// `overlap_cells[both.0..both.1]`; the rest of the first house is the
/// cells `overlap_cells[a_cells.0..a_cells.1]`, likewise the second's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Overlap {
    /// The two houses' numbers.
    pub houses: [u16; 2],
    pub both: (u32, u32),
    pub a_cells: (u32, u32),
    pub b_cells: (u32, u32),
}

/// One house's side of an [`Overlap`], as locked candidates read it, each
/// a range of `overlap_cells`: the segment the two houses share, the
/// house's own cells outside it, and the other house's cells outside it,
/// which lose a digit the house can only take in the segment.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lock {
    pub segment: (u32, u32),
    pub own: (u32, u32),
    pub rest: (u32, u32),
}

/// What a network takes from the puzzle's size, layout and rules alone,
/// not from what is drawn on it: its cells, houses, their overlaps and
/// segments, and the peers the houses and the rules' distinct groups give.
/// A file of puzzles of one family has one shape, so it is compiled once
/// ([`Network::new`] keeps the last one of each thread).
#[derive(Debug)]
pub(crate) struct Shape {
    size: usize,
    layout: Layout,
    rules: Kinds,
    /// Canvas index of each dense cell.
    pub canvas: Vec<u16>,
    /// Dense number of each canvas cell (`u16::MAX` off the grid).
    dense: Vec<u16>,
    /// Houses: `house_cells[h*n..(h+1)*n]`.
    pub house_cells: Vec<u16>,
    /// The number of houses.
    pub n_houses: usize,
    /// The houses of cell i: `cell_houses[house_start[i]..house_start[i+1]]`.
    pub house_start: Vec<u32>,
    pub cell_houses: Vec<u16>,
    /// The cells of each pair of overlapping houses' ([`Overlap`])
    /// segment, first house only and second house only, laid end to end.
    pub overlap_cells: Vec<u16>,
    /// Each house's overlaps from its side:
    /// `locks[lock_start[h]..lock_start[h + 1]]`.
    pub lock_start: Vec<u32>,
    pub locks: Vec<Lock>,
    /// Where a rule pairs cells a move apart (anti-knight, anti-king): for
    /// each house, the cells outside it that see two or more of its cells, each with those cells as positions in the
    /// house (bit i: `house_cells[h*n+i]`), laid end to end:
    /// `watchers[watcher_start[h]..watcher_start[h + 1]]`. Empty otherwise.
    pub watcher_start: Vec<u32>,
    pub watchers: Vec<(u16, u32)>,
    /// When the cells are the classic 9×9 grid's (in dense order the
    /// canvas's, row-major) and its houses include the rows, columns and
    /// boxes: what the shape adds to them. A network on it may be searched
    /// by the core solver (`on_core`).
    pub on_core: Option<super::on_core::CoreShape>,
    /// The houses and peers as sets of cells, for the digit planes' search
    /// (`planes`), when there are at most 256 cells and 12 digits.
    pub planes: Option<super::planes::PlaneShape>,
    /// The peers the houses and the rules' distinct groups give, as sets
    /// (for a puzzle whose drawn constraints add more) and as lists.
    peer_sets: CellSets,
    peer_start: Vec<u32>,
    peers: Vec<u16>,
}

impl Shape {
    fn new(puzzle: &Puzzle) -> Shape {
        let n = puzzle.size();
        let canvas: Vec<u16> = puzzle.cells().into_iter().map(|i| i as u16).collect();
        let mut dense = vec![u16::MAX; puzzle.canvas_len()];
        for (d, &c) in canvas.iter().enumerate() {
            dense[usize::from(c)] = d as u16;
        }
        let to_dense = |c: u16| dense[usize::from(c)];
        let cells = canvas.len();
        let mut peer_sets = CellSets::new(cells, cells);
        let houses = puzzle.houses();
        let mut house_cells = Vec::with_capacity(houses.len() * n);
        for house in &houses {
            let start = house_cells.len();
            house_cells.extend(house.cells.iter().map(|&c| to_dense(c)));
            peer_sets.link(&house_cells[start..]);
        }
        // A rule's groups follow from the shape (a knight's move apart, an
        // argyle's diagonals), never from what is drawn.
        let none = Instance::default();
        let mut groups = Vec::new();
        for rule in puzzle.rules().iter() {
            for mut group in rule.distinct(puzzle, &none) {
                group.iter_mut().for_each(|c| *c = to_dense(*c));
                peer_sets.link(&group);
                groups.push(group);
            }
        }
        let (peer_start, peers) = peer_sets.lists(|v| v as u16);
        // Generalized intersections pay where a rule pairs cells a move
        // apart (anti-knight: 4.9x fewer nodes, 2.4x quicker a count); on
        // argyle's diagonals they halved the nodes but made each node
        // twice as dear, and generation 20-50 % slower.
        let moves = puzzle.rules().iter().any(|rule| {
            let groups = rule.distinct(puzzle, &none);
            !groups.is_empty() && groups.iter().all(|g| g.len() == 2)
        });
        let (watcher_start, watchers) = match moves {
            true => watchers(&house_cells, n, cells, &peer_sets),
            false => (vec![0; houses.len() + 1], Vec::new()),
        };
        let mut house_sets = CellSets::new(cells, houses.len());
        for (h, house) in house_cells.chunks_exact(n).enumerate() {
            for &c in house {
                house_sets.add(c, h);
            }
        }
        let (house_start, cell_houses) = house_sets.lists(|v| v as u16);
        let houses_of = |c: u16| {
            &cell_houses[house_start[usize::from(c)] as usize..house_start[usize::from(c) + 1] as usize]
        };
        let overlaps = Overlaps::new(&house_cells, n, houses_of);
        let (lock_start, locks) = locks(&overlaps.pairs, houses.len());
        let on_core = super::on_core::CoreShape::of(&canvas, &house_cells, &groups, &peer_start, &peers);
        let planes = super::planes::PlaneShape::of(n, cells, &house_cells, &peer_start, &peers, &groups);
        Shape {
            on_core,
            planes,
            size: n,
            layout: puzzle.layout().clone(),
            rules: puzzle.rules(),
            canvas,
            dense,
            n_houses: houses.len(),
            house_cells,
            house_start,
            cell_houses,
            overlap_cells: overlaps.cells,
            lock_start,
            locks,
            watcher_start,
            watchers,
            peer_sets,
            peer_start,
            peers,
        }
    }

    /// Whether this is `puzzle`'s shape.
    fn fits(&self, puzzle: &Puzzle) -> bool {
        self.size == puzzle.size() && self.rules == puzzle.rules() && &self.layout == puzzle.layout()
    }

    /// `puzzle`'s shape: the last one this thread compiled when it fits,
    /// else a new one (kept as the last). A memo of a pure function: what
    /// it returns does not depend on what was compiled before.
    fn of(puzzle: &Puzzle) -> Arc<Shape> {
        thread_local! {
            static LAST: RefCell<Option<Arc<Shape>>> = const { RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match last.as_ref() {
                Some(shape) if shape.fits(puzzle) => Arc::clone(shape),
                _ => {
                    let shape = Arc::new(Shape::new(puzzle));
                    *last = Some(Arc::clone(&shape));
                    shape
                }
            }
        })
    }
}

/// The compiled puzzle: its [`Shape`], and what is drawn on it.
#[derive(Debug, Clone)]
pub(crate) struct Network {
    pub shape: Arc<Shape>,
    /// Digits run 1..=n.
    pub n: usize,
    /// Mask of all n digits.
    pub full: u32,
    /// Each house's digit counts take `stride` bytes: n rounded up to
    /// whole 8-byte words, so they can be compared a word at a time.
    pub stride: usize,
    /// The peer lists when the drawn constraints' distinct groups add
    /// peers to the shape's (starts, then the lists, as the shape's; else
    /// the shape's serve), made at the first look ([`Network::peers`]),
    /// which the core path never takes (it reads `drawn_groups`): a copy
    /// of the shape's sets with every drawn group linked.
    own_peers: OnceCell<(Vec<u32>, Vec<u16>)>,
    /// Whether the drawn groups add peers to the shape's.
    adds_peers: bool,
    /// The drawn constraints' distinct groups (dense cells), whose peers
    /// the lists above add to the shape's.
    pub drawn_groups: Vec<Vec<u16>>,
    /// Orthogonal neighbours under non-consecutive, same layout.
    pub nc_start: Vec<u32>,
    pub nc: Vec<u16>,
    pub cages: Vec<SumCage>,
    /// The digits some cells are limited to by a constraint that says only
    /// that ([`Kind::allowed`]: an odd cell), `(cell, digits)` in dense
    /// cells and digit masks, a cell once per such constraint: each search
    /// takes the other digits out at its root, and the constraint is not
    /// among `constraints`.
    pub root_masks: Vec<(u16, u32)>,
    /// The puzzle's constraints drawn on the grid other than cages, their
    /// parts in dense cell numbers, then the instances the rules of the
    /// whole grid imply (from `drawn` on: the negative constraints'
    /// unmarked pairs). (The rules of the whole grid give their houses,
    /// distinct groups and non-consecutive pairs above; cages their peers
    /// and sums.)
    pub constraints: Vec<(&'static dyn Kind, Instance)>,
    /// How many of `constraints` are drawn (the rest are implied).
    pub drawn: usize,
    /// The constraints cell i is in (whose narrowing reads it):
    /// `cell_constraints[constraint_start[i]..constraint_start[i + 1]]`.
    /// A constraint is narrowed again only once one of its cells changed.
    pub constraint_start: Vec<u32>,
    pub cell_constraints: Vec<u32>,
    /// The sum cages cell i is in, likewise: a cage is looked at again only
    /// once one of its cells changed.
    pub cage_start: Vec<u32>,
    pub cell_cages: Vec<u32>,
}

impl Network {
    pub fn new(puzzle: &Puzzle) -> Network {
        let shape = Shape::of(puzzle);
        let n = shape.size;
        let cells = shape.canvas.len();
        let to_dense = |c: u16| shape.dense[usize::from(c)];
        // The drawn constraints' groups (cages, thermometers, ...) add
        // peers to the shape's. Most (a dot's or a sign's two neighbours,
        // a straight thermometer) add none: then the shape's lists serve.
        let mut adds_peers = false;
        let mut drawn_groups = Vec::new();
        for c in puzzle.constraints() {
            for mut group in c.kind().distinct(puzzle, c.instance()) {
                group.iter_mut().for_each(|c| *c = to_dense(*c));
                let seen = |a: u16, b: u16| a == b || shape.peer_sets.has(a, b);
                adds_peers |= !group.iter().all(|&a| group.iter().all(|&b| seen(a, b)));
                drawn_groups.push(group);
            }
        }
        // A summed cage is narrowed by its listed combinations, any other
        // constraint by its kind; a cage without a sum by its peers alone.
        // One that only limits each of its cells to a set of digits (an
        // odd cell) is a mask on those cells at the root.
        let mut cages = Vec::new();
        let mut constraints = Vec::new();
        let mut root_masks = Vec::new();
        for c in puzzle.constraints() {
            let dense = c.map_cells(to_dense);
            if let Some(allowed) = c.kind().allowed(dense.instance(), n) {
                root_masks.extend(dense.cells().map(|cell| (cell, allowed)));
                continue;
            }
            match c.kind().cage(dense.instance()) {
                Some((cells, Some(sum))) => cages.push(SumCage {
                    cells: cells.to_vec(),
                    sum,
                    combos: combinations(n, cells.len(), sum),
                }),
                Some((_, None)) => {}
                None => constraints.push((c.kind(), dense.into_instance())),
            }
        }
        let derived = house_remainders(&shape.house_cells, n, &cages);
        cages.extend(derived);
        // Relations a rule of the whole grid states pair by pair (these may
        // depend on what is drawn: the negative constraints' unmarked pairs).
        let rules = puzzle.rules();
        let drawn = constraints.len();
        for rule in rules.iter() {
            for mut implied in rule.implied(puzzle) {
                implied.parts.iter_mut().flatten().for_each(|c| *c = to_dense(*c));
                constraints.push((rule, implied));
            }
        }
        let nc_pairs: Vec<(u16, u16)> = rules.iter().flat_map(|rule| rule.not_consecutive(puzzle)).collect();
        let nc_values = if nc_pairs.is_empty() { 0 } else { cells };
        let link = |sets: &mut CellSets| {
            for &(a, b) in &nc_pairs {
                sets.link(&[to_dense(a), to_dense(b)]);
            }
        };
        let (nc_start, nc) = CellSets::lists_of(cells, nc_values, link, |v| v as u16);
        // A kind narrows from its instance alone, so the cells it reads are
        // its parts' cells.
        let add_constraints = |sets: &mut CellSets| {
            for (k, (_, instance)) in constraints.iter().enumerate() {
                for &c in instance.parts.iter().flatten() {
                    sets.add(c, k);
                }
            }
        };
        let (constraint_start, cell_constraints) =
            CellSets::lists_of(cells, constraints.len(), add_constraints, |k| k as u32);
        let add_cages = |sets: &mut CellSets| {
            for (k, cage) in cages.iter().enumerate() {
                for &c in &cage.cells {
                    sets.add(c, k);
                }
            }
        };
        let (cage_start, cell_cages) = CellSets::lists_of(cells, cages.len(), add_cages, |k| k as u32);
        Network {
            n,
            full: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
            stride: n.div_ceil(8) * 8,
            shape,
            own_peers: OnceCell::new(),
            adds_peers,
            drawn_groups,
            nc_start,
            nc,
            cages,
            root_masks,
            constraints,
            drawn,
            constraint_start,
            cell_constraints,
            cage_start,
            cell_cages,
        }
    }

    pub fn cells(&self) -> usize {
        self.shape.canvas.len()
    }

    /// The shape as the digit planes' search takes it, when the network
    /// is its houses and peers alone (nothing drawn adds a peer, a sum or
    /// a relation).
    pub fn planes(&self) -> Option<&super::planes::PlaneShape> {
        let alone =
            !self.adds_peers && self.constraints.is_empty() && self.cages.is_empty() && self.nc.is_empty();
        self.shape.planes.as_ref().filter(|_| alone)
    }

    /// The cells that must differ from cell `cell`: its peers through
    /// the houses, the rules' groups and the drawn constraints' groups.
    pub fn peers(&self, cell: usize) -> &[u16] {
        let (start, peers) = match self.adds_peers {
            true => {
                let (start, peers) = self.own_peers.get_or_init(|| {
                    let mut sets = self.shape.peer_sets.clone();
                    for group in &self.drawn_groups {
                        sets.link(group);
                    }
                    sets.lists(|v| v as u16)
                });
                (start, peers)
            }
            false => (&self.shape.peer_start, &self.shape.peers),
        };
        &peers[start[cell] as usize..start[cell + 1] as usize]
    }

    /// The houses cell `cell` is in.
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        let shape = &*self.shape;
        &shape.cell_houses[shape.house_start[cell] as usize..shape.house_start[cell + 1] as usize]
    }

    /// The number of houses.
    pub fn houses(&self) -> usize {
        self.shape.n_houses
    }

    pub fn nc(&self, cell: usize) -> &[u16] {
        &self.nc[self.nc_start[cell] as usize..self.nc_start[cell + 1] as usize]
    }

    /// The cells outside house `house` that see two or more of its cells
    /// through a rule's groups too ([`Shape::watchers`]).
    pub fn watchers_of(&self, house: usize) -> &[(u16, u32)] {
        let shape = &*self.shape;
        &shape.watchers[shape.watcher_start[house] as usize..shape.watcher_start[house + 1] as usize]
    }

    /// House `house`'s overlaps from its side.
    pub fn locks_of(&self, house: usize) -> &[Lock] {
        let shape = &*self.shape;
        &shape.locks[shape.lock_start[house] as usize..shape.lock_start[house + 1] as usize]
    }

    /// The constraints (numbers in `constraints`) cell `cell` is in.
    pub fn constraints_of(&self, cell: usize) -> &[u32] {
        &self.cell_constraints[self.constraint_start[cell] as usize..self.constraint_start[cell + 1] as usize]
    }

    /// The sum cages (numbers in `cages`) cell `cell` is in.
    pub fn cages_of(&self, cell: usize) -> &[u32] {
        &self.cell_cages[self.cage_start[cell] as usize..self.cage_start[cell + 1] as usize]
    }

    /// The bytes of house and digit counts: the houses' `stride` bytes
    /// each.
    pub fn counted(&self) -> usize {
        self.houses() * self.stride
    }
}

/// The rule of 45: a house holds every digit once, so its digits add up
/// to 1 + 2 + ... + n; the cells of a house outside the sum cages wholly
/// inside it (taken in order, each disjoint from those before) then add up
/// to what the cages leave. One derived cage for each house that has such
/// cages and cells outside them.
fn house_remainders(house_cells: &[u16], n: usize, cages: &[SumCage]) -> Vec<SumCage> {
    let total = (n * (n + 1) / 2) as u32;
    let mut out = Vec::new();
    if cages.is_empty() {
        return out;
    }
    for house in house_cells.chunks_exact(n) {
        // Bit k: the house's k-th cell is in a cage taken.
        let (mut covered, mut sum) = (0u32, 0u32);
        for cage in cages {
            let mut mask = 0u32;
            for c in &cage.cells {
                match house.iter().position(|h| h == c) {
                    Some(k) => mask |= 1 << k,
                    None => {
                        mask = 0;
                        break;
                    }
                }
            }
            if mask != 0 && mask & covered == 0 {
                covered |= mask;
                sum += cage.sum;
            }
        }
        if covered == 0 || covered.count_ones() as usize == n {
            continue;
        }
        let cells: Vec<u16> = (0..n).filter(|k| covered >> k & 1 == 0).map(|k| house[k]).collect();
        // Cages adding up to more than the house: no solution, which a
        // sum of 0 says at once.
        let sum = total.saturating_sub(sum);
        let combos = combinations(n, cells.len(), sum);
        out.push(SumCage { cells, sum, combos });
    }
    out
}

/// The overlapping houses of a network.
struct Overlaps {
    pairs: Vec<Overlap>,
    cells: Vec<u16>,
}

impl Overlaps {
    /// Every pair of houses sharing two or more cells, split into the
    /// cells of the first only, of both (a segment), and of the second
    /// only; pairs in order of the first house, then the second. A house
    /// meets only the houses of its own cells (`houses_of`, ascending), so
    /// the pairs are found without trying every two houses.
    fn new<'h>(house_cells: &[u16], n: usize, houses_of: impl Fn(u16) -> &'h [u16]) -> Overlaps {
        let count = house_cells.len() / n.max(1);
        let mut out = Overlaps { pairs: Vec::new(), cells: Vec::new() };
        // How many cells house i shares with each later house.
        let mut shared = vec![0u8; count];
        let mut met: Vec<u16> = Vec::new();
        let (mut both, mut a_only, mut b_only) = (Vec::new(), Vec::new(), Vec::new());
        for (i, a) in house_cells.chunks_exact(n).enumerate() {
            met.clear();
            for &c in a {
                for &j in houses_of(c).iter().filter(|&&j| usize::from(j) > i) {
                    if shared[usize::from(j)] == 0 {
                        met.push(j);
                    }
                    shared[usize::from(j)] += 1;
                }
            }
            met.sort_unstable();
            for &j in &met {
                let j = usize::from(j);
                let two_or_more = shared[j] >= 2;
                shared[j] = 0;
                if !two_or_more {
                    continue;
                }
                let b = &house_cells[j * n..(j + 1) * n];
                both.clear();
                a_only.clear();
                b_only.clear();
                for &c in a {
                    if b.contains(&c) {
                        both.push(c)
                    } else {
                        a_only.push(c)
                    }
                }
                b_only.extend(b.iter().copied().filter(|c| !both.contains(c)));
                let segment = out.push_cells(&both);
                let a_cells = out.push_cells(&a_only);
                let b_cells = out.push_cells(&b_only);
                out.pairs.push(Overlap { houses: [i as u16, j as u16], both: segment, a_cells, b_cells });
            }
        }
        out
    }

    /// Appends `cells` to the cell list; returns their range.
    fn push_cells(&mut self, cells: &[u16]) -> (u32, u32) {
        let start = self.cells.len() as u32;
        self.cells.extend_from_slice(cells);
        (start, self.cells.len() as u32)
    }
}

/// Each house's watchers ([`Shape::watchers`]): the cells outside it that
/// see two or more of its cells, with the positions they see.
fn watchers(house_cells: &[u16], n: usize, cells: usize, peers: &CellSets) -> (Vec<u32>, Vec<(u16, u32)>) {
    let mut start = vec![0];
    let mut out = Vec::new();
    for house in house_cells.chunks_exact(n) {
        for q in 0..cells as u16 {
            let seen = house
                .iter()
                .enumerate()
                .filter(|&(_, &c)| peers.has(q, c))
                .fold(0u32, |m, (i, _)| m | 1 << i);
            if seen.count_ones() >= 2 && !house.contains(&q) {
                out.push((q, seen));
            }
        }
        start.push(out.len() as u32);
    }
    (start, out)
}

/// Each of `n_houses` houses' [`Lock`]s (its overlaps seen from its
/// side), laid end to end, with their starts.
fn locks(pairs: &[Overlap], n_houses: usize) -> (Vec<u32>, Vec<Lock>) {
    let mut per_house: Vec<Vec<Lock>> = vec![Vec::new(); n_houses];
    for pair in pairs {
        let [a, b] = pair.houses.map(usize::from);
        per_house[a].push(Lock { segment: pair.both, own: pair.a_cells, rest: pair.b_cells });
        per_house[b].push(Lock { segment: pair.both, own: pair.b_cells, rest: pair.a_cells });
    }
    let mut start = vec![0];
    let mut flat = Vec::new();
    for list in per_house {
        flat.extend(list);
        start.push(flat.len() as u32);
    }
    (start, flat)
}

/// A set of numbers (cells, houses, segments) for each cell, one row of
/// bits per cell: filling it allocates nothing, and each cell's list comes
/// back sorted and without repeats.
#[derive(Debug, Clone)]
struct CellSets {
    cells: usize,
    words: usize,
    bits: Vec<u64>,
}

impl CellSets {
    /// Empty sets of numbers below `values`, one for each of `cells`.
    fn new(cells: usize, values: usize) -> CellSets {
        let words = values.div_ceil(64);
        CellSets { cells, words, bits: vec![0; cells * words] }
    }

    /// Puts `value` in cell `cell`'s set.
    fn add(&mut self, cell: u16, value: usize) {
        let cell = usize::from(cell);
        self.bits[cell * self.words + value / 64] |= 1 << (value % 64);
    }

    /// Whether `value` is in cell `cell`'s set.
    fn has(&self, cell: u16, value: u16) -> bool {
        let (cell, value) = (usize::from(cell), usize::from(value));
        self.bits[cell * self.words + value / 64] >> (value % 64) & 1 == 1
    }

    /// Puts each cell of `group` in the set of each other.
    fn link(&mut self, group: &[u16]) {
        for &a in group {
            for &b in group {
                if a != b {
                    self.add(a, usize::from(b));
                }
            }
        }
    }

    /// The lists ([`CellSets::lists`]) of the sets `fill` makes, of
    /// numbers below `values`; none: empty lists, and no sets made.
    fn lists_of<T>(
        cells: usize,
        values: usize,
        fill: impl FnOnce(&mut CellSets),
        to: impl Fn(usize) -> T,
    ) -> (Vec<u32>, Vec<T>) {
        if values == 0 {
            return (vec![0; cells + 1], Vec::new());
        }
        let mut sets = CellSets::new(cells, values);
        fill(&mut sets);
        sets.lists(to)
    }

    /// Each cell's set, ascending, laid end to end (as `T`), with their
    /// starts.
    fn lists<T>(&self, to: impl Fn(usize) -> T) -> (Vec<u32>, Vec<T>) {
        let mut start = Vec::with_capacity(self.cells + 1);
        let ones: u32 = self.bits.iter().map(|w| w.count_ones()).sum();
        let mut flat = Vec::with_capacity(ones as usize);
        start.push(0);
        for cell in 0..self.cells {
            let row = &self.bits[cell * self.words..(cell + 1) * self.words];
            for (k, &word) in row.iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    flat.push(to(k * 64 + w.trailing_zeros() as usize));
                    w &= w - 1;
                }
            }
            start.push(flat.len() as u32);
        }
        (start, flat)
    }
}

#[cfg(test)]
mod tests {
    use super::{house_remainders, CellSets, Network, Shape, SumCage};
    use crate::constraint::combinations;
    use crate::{Kinds, Layout, Puzzle};

    /// The shape kept from the last puzzle is used only for a puzzle of the
    /// same size, layout and rules: shapes taken in turn on one thread
    /// compile as they do each on its own, and one that differs in layout
    /// alone (boxes 2x3 or 3x2, two jigsaws) or in rules alone gets its own.
    #[test]
    fn the_kept_shape_is_used_only_for_its_own_puzzles() {
        let six = |rows, cols, rules: &str| {
            Puzzle::new(6, Layout::Boxes { rows, cols }, Kinds::parse_list(rules).unwrap(), vec![0; 36])
                .unwrap()
        };
        let jigsaw = |regions: &str| {
            let regions = regions.bytes().map(|b| b - b'0').collect();
            Puzzle::new(6, Layout::Regions(regions), Kinds::NONE, vec![0; 36]).unwrap()
        };
        let puzzles = [
            six(2, 3, ""),
            six(3, 2, ""),
            six(2, 3, "x"),
            six(2, 3, "anti-king"),
            jigsaw("000111000111222333222333444555444555"),
            jigsaw("000011001111222333222333444555444555"),
            six(2, 3, ""),
        ];
        let fresh: Vec<(Vec<u16>, Vec<u16>)> = puzzles
            .iter()
            .map(|p| {
                let shape = Shape::new(p);
                (shape.house_cells.clone(), shape.peers.clone())
            })
            .collect();
        assert_ne!(fresh[0], fresh[1]);
        assert_ne!(fresh[0], fresh[2]);
        assert_ne!(fresh[0].1, fresh[3].1);
        assert_ne!(fresh[4], fresh[5]);
        for _ in 0..2 {
            for (p, want) in puzzles.iter().zip(&fresh) {
                let net = Network::new(p);
                let peers: Vec<u16> = (0..net.cells()).flat_map(|c| net.peers(c).to_vec()).collect();
                assert_eq!((&net.shape.house_cells, &peers), (&want.0, &want.1));
            }
        }
    }

    /// The derived cages hold on a solved grid whose cages were drawn from
    /// it: each adds up to its sum there, and its digits are one of its
    /// combinations. Also cages across houses, cages that overlap, and
    /// houses a single cage fills.
    #[test]
    fn house_remainders_hold_on_the_solution() {
        let grid: Vec<u32> =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .bytes()
                .map(|b| u32::from(b - b'0'))
                .collect();
        let mut houses: Vec<u16> = Vec::new();
        for k in 0..9u16 {
            houses.extend((0..9).map(|i| k * 9 + i));
            houses.extend((0..9).map(|i| i * 9 + k));
            houses.extend((0..9).map(|i| (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3));
        }
        let mut x = 7u64;
        let mut next = |m: u64| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        let mut derived_total = 0;
        for _ in 0..200 {
            let mut cages = Vec::new();
            for _ in 0..next(12) + 1 {
                // A run of 1-5 cells along a row or a column, or a 2x2 square.
                let (r, c, len) = (next(9) as u16, next(9) as u16, next(5) as u16 + 1);
                let cells: Vec<u16> = match next(3) {
                    0 => (c..(c + len).min(9)).map(|c| r * 9 + c).collect(),
                    1 => (r..(r + len).min(9)).map(|r| r * 9 + c).collect(),
                    _ => [0, 1, 9, 10].iter().map(|d| (r.min(7) * 9 + c.min(7)) + d).collect(),
                };
                let sum = cells.iter().map(|&c| grid[usize::from(c)]).sum();
                cages.push(SumCage { combos: combinations(9, cells.len(), sum), cells, sum });
            }
            for cage in house_remainders(&houses, 9, &cages) {
                derived_total += 1;
                let digits: Vec<u32> = cage.cells.iter().map(|&c| grid[usize::from(c)]).collect();
                assert_eq!(digits.iter().sum::<u32>(), cage.sum, "{:?}", cage.cells);
                let mask = digits.iter().fold(0u32, |m, d| m | 1 << (d - 1));
                assert!(cage.combos.is_empty() || cage.combos.contains(&mask), "{:?}", cage.cells);
            }
        }
        assert!(derived_total > 100, "{derived_total}");
        // Cages adding up to more than their house: a sum of 0, no solution.
        let too_much = vec![SumCage { cells: vec![0, 1, 2, 3, 4, 5, 6, 7], sum: 50, combos: Vec::new() }];
        let derived = house_remainders(&houses, 9, &too_much);
        assert_eq!((derived[0].cells.as_slice(), derived[0].sum), (&[8u16][..], 0));
    }

    /// Each cell's list is its set, ascending, without repeats, also with
    /// more than 64 values, for cells with none, and with no values at all.
    #[test]
    fn cell_sets_list_each_cell_sorted_once() {
        for values in [0usize, 1, 63, 64, 65, 200] {
            let cells = 7;
            let mut sets = CellSets::new(cells, values);
            let mut expected: Vec<Vec<usize>> = vec![Vec::new(); cells];
            let mut x = 12345usize;
            for _ in 0..if values == 0 { 0 } else { 300 } {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let (cell, value) = ((x >> 33) % (cells - 1), (x >> 17) % values);
                sets.add(cell as u16, value);
                expected[cell].push(value);
            }
            for list in &mut expected {
                list.sort_unstable();
                list.dedup();
            }
            let (start, flat) = sets.lists(|v| v);
            assert_eq!(start.len(), cells + 1);
            for (cell, list) in expected.iter().enumerate() {
                assert_eq!(
                    &flat[start[cell] as usize..start[cell + 1] as usize],
                    &list[..],
                    "{values} {cell}"
                );
            }
        }
        let mut sets = CellSets::new(4, 4);
        sets.link(&[0, 2, 3]);
        let (start, flat) = sets.lists(|v| v as u16);
        assert_eq!((start, flat), (vec![0, 2, 2, 4, 6], vec![2, 3, 0, 3, 0, 2]));
    }
}
