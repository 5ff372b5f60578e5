//! Variants of the classic 9×9 grid: its rows, columns and boxes with
//! drawn constraints (odd cells, thermometers, dots, lines, outside
//! clues, ...) and rules of the whole grid that add houses or peers
//! (diagonals, windows, argyle, disjoint groups, ...).
//! `sudoku-core`'s band solver does the rows, columns and boxes, and the
//! rest narrows the candidates at each of its fixpoints
//! ([`sudoku_core::ExtraRules`]). The classic part then costs what a
//! classic puzzle costs (a few microseconds), where the general search
//! spends ten times that on its house counts.
//!
//! A network qualifies ([`fits`]) when its cells are the classic grid's,
//! its houses include the classic 27, it has no sum cages, and no rule
//! pairs cells a move apart (anti-knight, anti-king: the general search's
//! generalized intersections cut their nodes fivefold, which the core
//! path lacks). Its extra houses of nine cells (a diagonal, a window, a
//! disjoint group) the core keeps itself on its digit planes
//! ([`ExtraRules::houses`]: singles, and locks with the rows, columns and
//! boxes they overlap); a network with nothing else is never narrowed here
//! ([`ExtraRules::narrows`]) and branches as the classic search does. The
//! rest it adds to the classic rules is kept here:
//! - extra peers (a drawn group's, a rule's): a placed digit leaves them;
//! - relations of two cells (a kropki dot, an XV letter, a greater-than
//!   sign, an unmarked pair of a negative constraint, a thermometer's
//!   steps, a whisper line's neighbours, a palindrome's and a clone's
//!   corresponding cells, a non-consecutive pair:
//!   [`Kind::pairs`](crate::constraint::Kind::pairs)) the core keeps
//!   too, as tables on its digit planes ([`ExtraRules::relations`]: a
//!   cell's digits leave its partner each digit none of them allows
//!   beside it, arc consistency, what those kinds' own narrowing does);
//!   with nothing else to narrow, the search never calls back here and
//!   only asks where to branch;
//! - rules' distinct groups of four to eight cells (argyle): a digit with
//!   one cell left goes there once a group misses as many digits as it
//!   may (kept here, not in the core: the search needs dom/wdeg's failure
//!   weights on them);
//! - the constraints' own narrowing.
//!
//! Each rule looks only at the cells that changed since it last did. The
//! peers, pairs and constraints are all the general search adds to the
//! classic rules (an extra house of nine different cells holds every
//! digit), so both searches find the same solutions.

use sudoku_core::{ExtraRules, Relation, Verdict, UNITS};

use self::relations::{relations, Relations};
use super::network::Network;
use super::search::{all_set, next_stale, Interrupt, STOP_CHECK};
use crate::constraint::Candidates;

mod relations;

/// What a shape adds to the classic 9×9 grid, when its cells are that
/// grid's and its houses include the rows, columns and boxes.
#[derive(Debug, Clone)]
pub(crate) struct CoreShape {
    /// The houses beyond the classic 27 (a diagonal, a window, a disjoint
    /// group) as bits: the core keeps them itself on its digit planes
    /// ([`ExtraRules::houses`]: singles, and locks with the rows, columns
    /// and boxes they overlap).
    houses: Vec<u128>,
    /// The rules' distinct groups of four to eight cells (an argyle's
    /// diagonals), cells ascending, with their cells as bits: their cells
    /// are peers ([`CoreShape::pairs`]); a group also places a digit that
    /// has one cell left in it when the digits with none are as many as it
    /// may miss ([`hidden_singles`]).
    groups: Vec<(Vec<u16>, u128)>,
    /// The peer pairs `(a, b)`, both ways round, that no row, column, box
    /// or extra house holds: the rules' distinct groups' (an argyle's
    /// diagonal), ascending.
    pairs: Vec<(u16, u16)>,
}

impl CoreShape {
    /// The shape's dense cells (`canvas`), houses (`house_cells`, nine
    /// cells each), its rules' distinct groups (`groups`) and peer lists
    /// (`peers[peer_start[c]..peer_start[c + 1]]`)
    /// as the classic grid plus extra houses and peers; `None` when the
    /// canvas is not the 81 cells row-major or a row, column or box is not
    /// among the houses. Once per shape.
    pub(super) fn of(
        canvas: &[u16],
        house_cells: &[u16],
        groups: &[Vec<u16>],
        peer_start: &[u32],
        peers: &[u16],
    ) -> Option<Self> {
        if canvas.len() != 81 || house_cells.len() % 9 != 0 {
            return None;
        }
        if canvas.iter().enumerate().any(|(i, &c)| usize::from(c) != i) {
            return None;
        }
        let classic: Vec<[u16; 9]> = UNITS.iter().map(|unit| sorted(unit.map(u16::from))).collect();
        let mut found = [false; 27];
        let mut houses = Vec::new();
        for house in house_cells.chunks_exact(9) {
            let cells = sorted(house.try_into().ok()?);
            match classic.iter().position(|c| *c == cells) {
                Some(i) => found[i] = true,
                None => houses.push(cells),
            }
        }
        if found.contains(&false) {
            return None;
        }
        let houses: Vec<u128> = houses.iter().map(|h| bits(h)).collect();
        let in_a_house = |a: u16, b: u16| houses.iter().any(|&h| h >> a & h >> b & 1 != 0);
        let mut pairs = Vec::new();
        for (a, range) in peer_start.windows(2).enumerate() {
            let a = a as u16;
            let more = peers[range[0] as usize..range[1] as usize].iter();
            pairs.extend(more.filter(|&&b| !sees(a, b) && !in_a_house(a, b)).map(|&b| (a, b)));
        }
        let mut groups: Vec<Vec<u16>> =
            groups.iter().filter(|g| (4..9).contains(&g.len())).cloned().collect();
        groups.dedup();
        let groups = groups
            .into_iter()
            .map(|g| {
                let cells = bits(&g);
                (g, cells)
            })
            .collect();
        Some(CoreShape { houses, groups, pairs })
    }
}

impl CoreShape {
    /// Whether the rules add distinct groups of four to eight cells (an
    /// argyle's diagonals).
    pub(super) fn has_groups(&self) -> bool {
        !self.groups.is_empty()
    }
}

/// `cells` as bits.
fn bits(cells: &[u16]) -> u128 {
    cells.iter().fold(0, |m, &c| m | 1 << c)
}

fn sorted(mut cells: [u16; 9]) -> [u16; 9] {
    cells.sort_unstable();
    cells
}

/// Whether cells `a` and `b` of the classic grid are the same or share a
/// row, column or box.
fn sees(a: u16, b: u16) -> bool {
    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
    ra == rb || ca == cb || (ra / 3, ca / 3) == (rb / 3, cb / 3)
}

/// The houses and peers a network has beyond the classic ones (its
/// shape's, its drawn groups'), when it is the classic grid plus rules and
/// constraints (see the module docs).
pub(super) fn fits(net: &Network) -> Option<ExtraPeers> {
    let shape = net.shape.on_core.as_ref()?;
    // The general search's generalized intersections (a rule pairing
    // cells a move apart: anti-knight, anti-king) cut the nodes 5x; the
    // core path has none, and took 5x the general search's nodes there.
    if net.n != 9 || !net.cages.is_empty() || !net.shape.watchers.is_empty() {
        return None;
    }
    let relations = relations(net);
    let mut pairs = shape.pairs.clone();
    for group in &net.drawn_groups {
        for &a in group {
            // (Cells the group's relations already keep apart need no
            // pair: a thermometer's, whose steps rise.)
            let more = group.iter().filter(|&&b| !sees(a, b) && !relations.differ(group, a.min(b), a.max(b)));
            pairs.extend(more.map(|&b| (a, b)));
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    let Relations { relations, tabled, .. } = relations;
    let mut extra = ExtraPeers {
        start: vec![0; 82],
        peers: Vec::new(),
        relations,
        tabled,
        own_start: vec![0; 82],
        own: Vec::new(),
        pair_cells: 0,
        root_masks: None,
        degrees: Box::new([1; 81]),
        most_degree: 1,
    };
    if !net.root_masks.is_empty() {
        let mut masks = [0x1ff; 81];
        for &(c, allowed) in &net.root_masks {
            masks[usize::from(c)] &= allowed as u16;
        }
        extra.root_masks = Some(Box::new(masks));
    }
    if pairs.is_empty() && net.constraints.is_empty() {
        // Only extra houses and relations, which the core keeps: every
        // cell's lists are empty as they are.
        extra.set_degrees(net);
        return Some(extra);
    }
    // The lists are sorted by their first cell: each cell's share is
    // counted, then the counts become running starts.
    for &(a, b) in &pairs {
        extra.peers.push(b);
        extra.start[usize::from(a) + 1] += 1;
        extra.pair_cells |= 1 << a;
    }
    let none_tabled = extra.tabled.iter().all(|&w| w == 0);
    for i in 0..81 {
        extra.start[i + 1] += extra.start[i];
        let own = net.constraints_of(i);
        if none_tabled {
            extra.own.extend_from_slice(own);
        } else {
            extra.own.extend(own.iter().filter(|&&k| extra.tabled[k as usize / 64] >> (k % 64) & 1 == 0));
        }
        extra.own_start[i + 1] = extra.own.len() as u32;
    }
    extra.set_degrees(net);
    Some(extra)
}

/// Each cell's first weight for the branching ([`ExtraRules::weights`]):
/// one, plus one for each cell a drawn constraint's relation pairs it with
/// ([`Kind::pairs`](crate::constraint::Kind::pairs)), each constraint
/// narrowed here that holds it and each extra peer it has ("dom/deg", the
/// degree dom/wdeg's weights start from). A cell tied to more of the drawn
/// rules is chosen first among cells of as many digits, and its branches
/// reach further: on the bench sets 10-40 % fewer nodes on the drawn
/// families (clone, palindrome, arrow, kropki, XV, whispers, lines). The
/// pairs a rule of the whole grid implies (the negative constraints'
/// unmarked pairs, non-consecutive pairs) are left out: every cell has
/// them alike, and counted they hid the dots (black kropki with the
/// negative constraint took 7 % more nodes than with weights of one, 18 %
/// fewer without them).
fn degrees(net: &Network, extra: &ExtraPeers) -> Box<[u32; 81]> {
    let mut degrees = Box::new([1u32; 81]);
    let mut pairs = Vec::new();
    for (kind, instance) in &net.constraints[..net.drawn] {
        pairs.clear();
        if kind.pairs(instance, &mut pairs) {
            // (A pair of one cell twice, a clone's shared cell, says nothing.)
            for &(a, b, _) in pairs.iter().filter(|&&(a, b, _)| a != b) {
                degrees[usize::from(a)] += 1;
                degrees[usize::from(b)] += 1;
            }
        }
    }
    for (c, degree) in degrees.iter_mut().enumerate() {
        *degree += (extra.own(c).len() + extra.of(c).len()) as u32;
    }
    degrees
}

/// Each cell's peers beyond the classic ones (`peers[start[c]..start[c +
/// 1]]`): its shape's and its drawn groups'; the relations of two cells
/// (see [`relations`]), which the core keeps; and each cell's constraints
/// narrowed here.
#[derive(Debug, Clone)]
pub(super) struct ExtraPeers {
    start: Vec<u32>,
    peers: Vec<u16>,
    /// The relations of two cells, for the core.
    relations: Vec<Relation>,
    /// The constraints the relations stand for, a bit each: never
    /// narrowed by their kind here.
    tabled: Vec<u64>,
    /// Each cell's constraints that narrow by their kind here (not
    /// tabled): `own[own_start[c]..own_start[c + 1]]`.
    own_start: Vec<u32>,
    own: Vec<u32>,
    /// The cells with extra peers, a bit each.
    pair_cells: u128,
    /// The digits the cells are limited to from the start
    /// ([`Network::root_masks`]), when some are.
    root_masks: Option<Box<[u16; 81]>>,
    /// Each cell's weight when a search starts (see [`degrees`]), and
    /// the largest.
    degrees: Box<[u32; 81]>,
    most_degree: u32,
}

impl ExtraPeers {
    fn set_degrees(&mut self, net: &Network) {
        self.degrees = degrees(net, self);
        self.most_degree = self.degrees.iter().copied().max().unwrap_or(1);
    }

    fn of(&self, cell: usize) -> &[u16] {
        &self.peers[self.start[cell] as usize..self.start[cell + 1] as usize]
    }

    /// Cell `cell`'s constraints that are not tabled: a change of the cell
    /// makes them stale.
    fn own(&self, cell: usize) -> &[u32] {
        &self.own[self.own_start[cell] as usize..self.own_start[cell + 1] as usize]
    }

    /// Cell `c` and each of its extra peers, both ways: `Err` with the
    /// other cell when one is left no digit.
    fn pairs(&self, c: usize, board: &mut Board) -> Result<(), u16> {
        for &p in self.of(c) {
            let (x, y) = (board.cells[c], board.cells[usize::from(p)]);
            let ok = match (x & (x - 1) == 0, y & (y - 1) == 0) {
                (true, _) => board.remove(p, u32::from(x)),
                (false, true) => board.remove(c as u16, u32::from(y)),
                _ => true,
            };
            if !ok {
                return Err(p);
            }
        }
        Ok(())
    }
}

/// The constraints of a network that [`fits`], as the core solver's extra
/// rules: each narrows when one of its cells changed since it last did.
pub(super) struct Constraints<'a> {
    net: &'a Network,
    /// The network's shape's extra houses, groups and pairs.
    shape: &'a CoreShape,
    extra: &'a ExtraPeers,
    /// The cells as the last call left them, when it ended without a
    /// contradiction, or the fixpoint of the node the search went on from
    /// ([`ExtraRules::descend`]): a constraint none of whose cells differs
    /// from them has nothing new to give (a kind reads only its own
    /// cells).
    last: Option<[u16; 81]>,
    /// The cells the last call's constraints changed after its rules of
    /// pairs and groups were done: fresh at the next call, though `last`
    /// has them.
    pending: u128,
    /// The constraints to narrow, a bit each.
    stale: Vec<u64>,
    /// Calls so far (the interrupt is looked at every [`STOP_CHECK`]).
    calls: u64,
    interrupt: Interrupt<'a>,
    /// The interrupt stopped the search.
    interrupted: bool,
    /// Each cell's degree ([`degrees`]) plus its failures: how many
    /// contradictions a constraint of it found; steers the branching
    /// ([`ExtraRules::weights`]) as in the general search.
    weight: [u32; 81],
    /// The largest weight.
    most: u32,
    /// Whether there is anything to narrow besides the extra houses and
    /// the relations (see [`ExtraRules::narrows`]).
    narrows: bool,
}

impl<'a> Constraints<'a> {
    pub(super) fn new(net: &'a Network, extra: &'a ExtraPeers, interrupt: Interrupt<'a>) -> Self {
        // (A network that `fits` has a core shape; the empty one is only a
        // fallback that adds nothing.)
        static NO_SHAPE: CoreShape = CoreShape { houses: Vec::new(), groups: Vec::new(), pairs: Vec::new() };
        let shape = net.shape.on_core.as_ref().unwrap_or(&NO_SHAPE);
        Constraints {
            net,
            shape,
            narrows: extra.pair_cells != 0 || !shape.groups.is_empty() || !extra.own.is_empty(),
            extra,
            last: None,
            pending: 0,
            stale: Vec::new(),
            calls: 0,
            interrupt,
            interrupted: false,
            weight: *extra.degrees,
            most: extra.most_degree,
        }
    }

    /// A contradiction found in `cells` together: each of them gains a
    /// failure.
    #[cold]
    fn blame(&mut self, cells: &[u16]) -> Verdict {
        for &c in cells {
            self.fail(usize::from(c));
        }
        Verdict::Contradiction
    }

    /// Cell `c` gains a failure.
    fn fail(&mut self, c: usize) {
        let w = &mut self.weight[c];
        *w = w.saturating_add(1);
        self.most = self.most.max(*w);
    }

    /// Whether the interrupt stopped the search.
    pub(super) fn interrupted(&self) -> bool {
        self.interrupted
    }
}

impl ExtraRules for Constraints<'_> {
    fn narrow(&mut self, cells: &mut [u16; 81]) -> Verdict {
        self.calls += 1;
        if self.calls % STOP_CHECK == 1 && self.interrupt.is_set() {
            self.interrupted = true;
            return Verdict::Stop;
        }
        let net = self.net;
        let mut fresh = u128::MAX >> 47;
        if let Some(last) = self.last.take() {
            fresh = std::mem::take(&mut self.pending);
            for (c, _) in cells.iter().zip(&last).enumerate().filter(|(_, (a, b))| a != b) {
                fresh |= 1 << c;
                mark(&mut self.stale, self.extra.own(c));
            }
        } else {
            all_set(&mut self.stale, net.constraints.len());
        }
        let mut board = Board { cells, extra: self.extra, stale: &mut self.stale, failed: false, dirty: 0 };
        // Each rule looks at what changed since it last did (the core's
        // work since the last call, then this one's): a placed digit
        // leaves its extra peers, a cell's non-consecutive neighbours lose
        // what it leaves no room beside (as `State::nc_pairs` in the
        // general search), a digit with one cell left in a distinct group
        // goes there, until nothing changes. (The core keeps the extra
        // houses.)
        let extra = self.extra;
        while fresh != 0 {
            board.dirty = 0;
            let mut pairs = fresh & extra.pair_cells;
            while pairs != 0 {
                let c = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                if let Err(p) = extra.pairs(c, &mut board) {
                    return self.blame(&[c as u16, p]);
                }
            }
            for (group, cells) in &self.shape.groups {
                if (fresh | board.dirty) & cells != 0 && hidden_singles(group, &mut board).is_none() {
                    return self.blame(group);
                }
            }
            fresh = board.dirty;
        }
        // One pass: a constraint another one made stale behind it waits for
        // the next call, after the classic rules took in this one's work.
        // (The relations' tables did the tabled ones.)
        for (stale, tabled) in board.stale.iter_mut().zip(&extra.tabled) {
            *stale &= !tabled;
        }
        let mut word = 0;
        while let Some(k) = next_stale(board.stale, &mut word) {
            let (kind, instance) = &net.constraints[k];
            if !kind.narrow(instance, 9, &mut board) || board.failed {
                let cells: Vec<u16> = instance.parts.iter().flatten().copied().collect();
                return self.blame(&cells);
            }
        }
        self.pending = board.dirty;
        self.last = Some(*cells);
        Verdict::Consistent
    }

    /// Nothing the last call changed waits for a look: its constraints
    /// changed no cell after the pairs and groups were done (a removal
    /// there is the only thing that leaves a cell fresh or a constraint
    /// stale behind a call).
    fn settled(&self) -> bool {
        self.pending == 0
    }

    /// Every rule was narrowed at `parent` and the cells only lost digits
    /// since: what differs from it is all that is fresh.
    fn descend(&mut self, parent: &[u16; 81]) {
        self.last = Some(*parent);
        self.pending = 0;
        self.stale.fill(0);
    }

    fn houses(&self) -> &[u128] {
        &self.shape.houses
    }

    fn root_masks(&self) -> Option<&[u16; 81]> {
        self.extra.root_masks.as_deref()
    }

    fn relations(&self) -> &[Relation] {
        &self.extra.relations
    }

    /// False when there are only extra houses and relations (no distinct
    /// group, no extra peer, no other constraint): the core does it all.
    fn narrows(&self) -> bool {
        self.narrows
    }

    /// The core's propagation left `cells` empty: each gains a failure.
    fn failed(&mut self, mut cells: u128) {
        while cells != 0 {
            self.fail(cells.trailing_zeros() as usize);
            cells &= cells - 1;
        }
    }

    /// Also with relations alone: the classic branching took 1.3-7x the
    /// nodes of dom/wdeg's ([`ExtraRules::weights`]) on the drawn families.
    fn chooses(&self) -> bool {
        self.narrows || !self.extra.relations.is_empty()
    }

    /// Each cell's degree plus its failures: the core branches on the open
    /// cell with the fewest digits for its weight ("dom/wdeg", as the
    /// general search branches, here from the drawn rules' degrees).
    fn weights(&self) -> Option<(&[u32; 81], u32)> {
        Some((&self.weight, self.most))
    }
}

/// The digits of a group of k cells that differ: at most 9 - k of the
/// nine are missing from it. `None` when more are; when that many are,
/// each other digit is in it, and one with a single cell left goes there
/// (a house's hidden single: k = 9).
fn hidden_singles(group: &[u16], board: &mut Board) -> Option<()> {
    let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
    for &c in group {
        let x = board.cells[usize::from(c)];
        twice |= once & x;
        once |= x;
        if x & (x - 1) == 0 {
            placed |= x;
        }
    }
    let may_miss = 9 - group.len() as u32;
    match (0x1ff & !once).count_ones() {
        missing if missing > may_miss => return None,
        missing if missing < may_miss => return Some(()),
        _ => {}
    }
    let mut singles = once & !twice & !placed;
    while singles != 0 {
        let digit = singles & singles.wrapping_neg();
        singles ^= digit;
        // (An earlier single may have taken this digit's one cell.)
        let &c = group.iter().find(|&&c| board.cells[usize::from(c)] & digit != 0)?;
        let x = board.cells[usize::from(c)];
        if !board.remove(c, u32::from(x & !digit)) {
            return None;
        }
    }
    Some(())
}

/// Marks `constraints` stale.
fn mark(stale: &mut [u64], constraints: &[u32]) {
    for &k in constraints {
        stale[k as usize / 64] |= 1 << (k % 64);
    }
}

/// The cells as the constraints see them ([`Candidates`]): a removal marks
/// the constraints of its cell that are not tabled stale.
struct Board<'c, 's> {
    cells: &'c mut [u16; 81],
    extra: &'c ExtraPeers,
    stale: &'s mut [u64],
    /// A removal left a cell no digit.
    failed: bool,
    /// The cells that lost a digit, a bit each.
    dirty: u128,
}

impl Candidates for Board<'_, '_> {
    fn get(&self, cell: u16) -> u32 {
        u32::from(self.cells[usize::from(cell)])
    }

    fn remove(&mut self, cell: u16, mask: u32) -> bool {
        let c = usize::from(cell);
        let x = self.cells[c];
        let left = x & !(mask as u16);
        if left == x {
            return true;
        }
        if left == 0 {
            self.failed = true;
            return false;
        }
        self.cells[c] = left;
        self.dirty |= 1 << c;
        mark(self.stale, self.extra.own(c));
        true
    }
}

#[cfg(test)]
mod tests;
