//! Extra houses on the digit planes: sets of nine cells beyond the rows,
//! columns and boxes that hold every digit once (a diagonal, a window, a
//! disjoint group), kept by the search itself ([`ExtraRules::houses`]).
//!
//! A house is three band words in the layout of `State` (see the `state`
//! module), so its rules are a few word operations a digit:
//! - *singles*: a digit placed in a house leaves its other cells; a digit
//!   with one place left in a house goes there; one with none, or placed
//!   twice, is a contradiction;
//! - *locks*: a house and a row, column or box that share two or more
//!   cells: a digit one of them has only in the shared cells leaves the
//!   other's other cells (locked candidates, both ways);
//! - *wider locks*, at a fixpoint of the rest: a cell outside an extra
//!   house that sees every place of a digit in it, through any mix of rows,
//!   columns, boxes and extra houses, loses the digit ([`State::seen_rules`];
//!   on irregular houses such as girandola's or the asterisk's a third of
//!   the nodes, looked for while they pay, [`SeenGate`]).
//!
//! Each pass looks only at the digits whose words changed since the last
//! one, so a node that moved one digit pays for one.
//!
//! The nine disjoint groups (the cells at one place in each box) are kept
//! apart, all nine at once ([`State::disjoint_rules`]): they split the
//! grid as the boxes do, one cell in each band's stack, so a digit's
//! counts in all nine are a few word operations over the nine (band,
//! stack) slices instead of nine houses' looks. Their singles only: their
//! locks with the rows and columns (also word operations, at a fixpoint of
//! the rest) took a fifth of the nodes away on the disjoint-groups bench
//! set but cost more time than that saved.
//!
//! [`ExtraRules::houses`]: super::ExtraRules::houses

use std::cell::Cell as Counter;

use super::relations::{Compiled, Relation};
use super::state::{unit, Cell, State, Units};
use super::tables::{fold_columns, COLUMN, ROW_BOXES};
use crate::index::{PEERS, UNITS};

/// Three band words: bit `9 * (row % 3) + col` of word `row / 3`.
pub(super) type Planes = [u32; 3];

/// The extra houses of a search as band words, built from the cells
/// [`ExtraRules::houses`] gives, and its relations of two cells
/// ([`ExtraRules::relations`]); each kept while the next search gives the
/// same.
///
/// [`ExtraRules::houses`]: super::ExtraRules::houses
/// [`ExtraRules::relations`]: super::ExtraRules::relations
#[derive(Clone, Debug, Default)]
pub(super) struct Houses {
    /// The cells they were built from.
    source: Vec<u128>,
    /// The extra houses, but for the disjoint groups when all nine are
    /// among them (`disjoint`).
    pub(super) houses: Vec<Planes>,
    /// Whether the nine disjoint groups are houses, kept all at once.
    pub(super) disjoint: bool,
    /// Each cell's peers through its row, column, box and extra houses.
    pub(super) peers: Vec<Planes>,
    /// The extra houses (the disjoint groups among them) with cells in
    /// two bands or more, where a digit's last two places may lie in two
    /// bands: the branch the search prefers ([`State::house_pair`]).
    /// (Bit `c` = cell `c`, row-major.)
    pub(super) across: Vec<u128>,
    /// Whether the wider locks ([`State::seen_rules`]) still pay in this
    /// search.
    pub(super) seen: SeenGate,
    /// The relations they were built from.
    relation_source: Vec<Relation>,
    pub(super) relations: Vec<Compiled>,
    /// Whether some relation has equal pairs ([`State::equal_rules`]).
    pub(super) has_equal: bool,
}

/// Each list of cells as bits (bit `c` = cell `c`).
const fn cell_bits<const N: usize, const K: usize>(lists: &[[u8; K]; N]) -> [u128; N] {
    let mut t = [0u128; N];
    let mut i = 0;
    while i < N {
        let mut k = 0;
        while k < K {
            t[i] |= 1 << lists[i][k];
            k += 1;
        }
        i += 1;
    }
    t
}

/// The rows', columns' and boxes' cells as bits.
const UNIT_CELLS: [u128; 27] = cell_bits(&UNITS);

/// Each cell's row, column and box peers as bits.
const CLASSIC_PEERS: [u128; 81] = cell_bits(&PEERS);

/// The disjoint groups as bits: group `3 * i + j` holds the cells of
/// rows `i`, `i + 3`, `i + 6` and columns `j`, `j + 3`, `j + 6`.
const DISJOINT_GROUPS: [u128; 9] = {
    let mut t = [0u128; 9];
    let mut c = 0;
    while c < 81 {
        t[c / 9 % 3 * 3 + c % 3] |= 1 << c;
        c += 1;
    }
    t
};

/// A band word's cells in its first stack, bit `9 * row + column`: shifted
/// by `3 * stack`, each stack's; bit `9 * i + j` of a slice is the cell of
/// disjoint group `3 * i + j` in that band and stack.
const SLICE: u32 = 0o7 | 0o7 << 9 | 0o7 << 18;

/// The cells of a band word in the disjoint groups `groups` (bits as in a
/// slice).
#[inline(always)]
fn in_groups(groups: u32) -> u32 {
    groups | groups << 3 | groups << 6
}

/// Band words as row-major cell bits (a digit's plane: its three band
/// words side by side).
#[inline(always)]
pub(super) fn plane(words: Planes) -> u128 {
    u128::from(words[0]) | u128::from(words[1]) << 27 | u128::from(words[2]) << 54
}

/// Row-major cell bits as band words.
#[inline(always)]
pub(super) fn planes(cells: u128) -> Planes {
    [0, 1, 2].map(|b| (cells >> (27 * b)) as u32 & ((1 << 27) - 1))
}

/// The wider locks' looks in one search (a house and a digit each) and
/// how many took a digit: they are looked for while one look in
/// [`SeenGate::RATE`] or more finds something, after the first
/// [`SeenGate::TRIAL`]. Where they never find anything (the centre dot)
/// the gate holds their cost to about 6 % of the search's instructions
/// (a sixth ungated); where they do (girandola, asterisk, X) they take
/// a fifth to three fifths of the nodes away. Counted per search, so a
/// search's nodes do not depend on the last.
#[derive(Clone, Debug, Default)]
pub(super) struct SeenGate {
    looks: Counter<u32>,
    finds: Counter<u32>,
}

impl SeenGate {
    const TRIAL: u32 = 16;
    const RATE: u32 = 32;

    pub(super) fn reset(&self) {
        self.looks.set(0);
        self.finds.set(0);
    }

    #[inline(always)]
    fn pays(&self) -> bool {
        let looks = self.looks.get();
        looks < Self::TRIAL || looks / Self::RATE <= self.finds.get()
    }

    #[inline(always)]
    fn looked(&self, found: bool) {
        self.looks.set(self.looks.get().saturating_add(1));
        self.finds.set(self.finds.get() + u32::from(found));
    }
}

impl Houses {
    /// The houses of `cells` (bit `c` = cell `c`, row-major), each of nine
    /// cells; a set that is a row, column or box adds nothing and is left
    /// out. Rebuilt only when `cells` differ from the last call's.
    pub(super) fn set(&mut self, cells: &[u128]) {
        if self.source == cells {
            return;
        }
        self.source.clear();
        self.source.extend_from_slice(cells);
        self.houses.clear();
        let more = || cells.iter().filter(|house| !UNIT_CELLS.contains(house));
        self.disjoint = DISJOINT_GROUPS.iter().all(|group| cells.contains(group));
        let apart = |house: &&u128| !(self.disjoint && DISJOINT_GROUPS.contains(house));
        self.houses.extend(more().filter(apart).map(|&house| planes(house)));
        let mut peers = CLASSIC_PEERS;
        for &house in more() {
            let mut cells = house;
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                peers[c] |= house & !(1 << c);
            }
        }
        self.peers.clear();
        self.peers.extend(peers.map(planes));
        self.across.clear();
        let bands = |house: &&u128| planes(**house).iter().filter(|&&w| w != 0).count();
        self.across.extend(more().filter(|house| bands(house) > 1));
    }

    /// The relations of `relations`; rebuilt only when they differ from
    /// the last call's.
    pub(super) fn set_relations(&mut self, relations: &[Relation]) {
        if self.relation_source == relations {
            return;
        }
        self.relation_source.clear();
        self.relation_source.extend_from_slice(relations);
        self.relations.clear();
        self.relations.extend(relations.iter().map(Compiled::of));
        self.has_equal = self.relations.iter().any(Compiled::has_equal);
    }

    pub(super) fn is_empty(&self) -> bool {
        !self.has_houses() && self.relations.is_empty()
    }

    /// Whether there are extra houses.
    pub(super) fn has_houses(&self) -> bool {
        self.disjoint || !self.houses.is_empty()
    }
}

impl State {
    /// A digit with exactly two places left in a house of `houses`, in two
    /// bands, and the place to try first. Without `fewest`: the first such
    /// pair found, house by house, digit by digit, and its first place.
    /// With it: the pair whose cells have the fewest digits (the fewer of
    /// the two, then the other, counted from two to four; ties to the first found),
    /// and of its cells the one with fewer digits. `None` when there is none.
    ///
    /// Either place decides the other, and no branch on one band's
    /// configurations sees both: on grids of extra houses, branching
    /// here first takes about half of the X set's nodes away and a
    /// quarter of asterisk's, girandola's and the centre dot's. The
    /// fewest digits take another quarter of the disjoint groups' nodes
    /// away (6-8 % of the instructions); on the other houses they cost
    /// 2-4 % more instructions, so the search asks for them only there.
    #[inline(always)]
    pub(super) fn house_pair(&self, houses: &[u128], fewest: bool) -> Option<(Cell, usize)> {
        if houses.is_empty() {
            return None;
        }
        let open = [0, 1, 2].map(|b| !self.solved[b]);
        // Each digit's open places, row-major.
        let places: [u128; 9] = std::array::from_fn(|d| plane([0, 1, 2].map(|b| self.cand[b][d] & open[b])));
        // Each open cell's digits, counted from two to four, bit-sliced:
        // `at_least[k]` holds the cells with more than k + 1.
        let (mut one, mut at_least) = (0u128, [0u128; 3]);
        if fewest {
            for &p in &places {
                at_least[2] |= at_least[1] & p;
                at_least[1] |= at_least[0] & p;
                at_least[0] |= one & p;
                one |= p;
            }
        }
        // (At a fixpoint an open cell has two digits or more.)
        let digits = |c: u32| 2 + (at_least[1] >> c & 1) as u32 + (at_least[2] >> c & 1) as u32;
        // The best (key, cell, digit) so far; none is below two cells of
        // two digits.
        let mut best: Option<(u32, u32, usize)> = None;
        'houses: for &house in houses {
            for (d, &p) in places.iter().enumerate() {
                let two = p & house;
                if two.count_ones() != 2 {
                    continue;
                }
                let (first, last) = (two.trailing_zeros(), 127 - two.leading_zeros());
                if first / 27 == last / 27 {
                    continue;
                }
                if !fewest {
                    return Some((Cell { band: first as usize / 27, bit: first % 27 }, d));
                }
                let (a, b) = (digits(first), digits(last));
                let key = a.min(b) * 16 + a.max(b);
                if best.is_none_or(|(k, _, _)| key < k) {
                    best = Some((key, if b < a { last } else { first }, d));
                    if key == 2 * 16 + 2 {
                        break 'houses;
                    }
                }
            }
        }
        best.map(|(_, c, d)| (Cell { band: c as usize / 27, bit: c % 27 }, d))
    }
}

/// The digits (bit `d`) of a set of units.
#[inline(always)]
pub(super) fn digits_of(units: Units) -> u32 {
    (units | units >> 9 | units >> 18) & 0x1ff
}

/// The rows (bit `3 * band + row`) that hold a cell of `words`.
#[inline(always)]
fn rows_of(words: &Planes) -> u32 {
    let mut rows = 0;
    for (b, &w) in words.iter().enumerate() {
        let hit =
            u32::from(w & 0x1ff != 0) | u32::from(w & 0x1ff << 9 != 0) << 1 | u32::from(w >> 18 != 0) << 2;
        rows |= hit << (3 * b);
    }
    rows
}

/// The columns (bit `col`) that hold a cell of `words`.
#[inline(always)]
fn columns_of(words: &Planes) -> u32 {
    fold_columns(words[0] | words[1] | words[2])
}

/// The boxes (bit `3 * band + stack`) that hold a cell of `words`.
#[inline(always)]
fn boxes_of(words: &Planes) -> u32 {
    let mut boxes = 0;
    for (b, &w) in words.iter().enumerate() {
        boxes |= u32::from(ROW_BOXES[fold_columns(w) as usize]) << (3 * b);
    }
    boxes
}

/// The cells of row `r` (0-8), column `c` or box `k` (`3 * band +
/// stack`), as band words.
fn row_cells(r: u32) -> Planes {
    let mut cells = [0; 3];
    cells[r as usize / 3] = 0x1ff << (9 * (r % 3));
    cells
}

fn column_cells(c: u32) -> Planes {
    [COLUMN << c; 3]
}

fn box_cells(k: u32) -> Planes {
    let mut cells = [0; 3];
    cells[k as usize / 3] = (0o7 * COLUMN) << (3 * (k % 3));
    cells
}

impl State {
    /// For the digits in `digits`: the singles and locks of each house in
    /// `houses` (see the module docs). Returns the units that changed, or
    /// `None` on a contradiction.
    #[inline(always)]
    pub(super) fn house_rules(&mut self, set: &Houses, mut digits: u32) -> Option<Units> {
        let houses = &set.houses;
        let mut changed = 0;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if set.disjoint {
                changed |= self.disjoint_rules(d)?;
            }
            for h in houses {
                let m = [0, 1, 2].map(|b| self.cand[b][d] & h[b]);
                let s = [0, 1, 2].map(|b| m[b] & self.solved[b]);
                let n = m[0].count_ones() + m[1].count_ones() + m[2].count_ones();
                let placed = s[0].count_ones() + s[1].count_ones() + s[2].count_ones();
                match (n, placed) {
                    (0, _) | (_, 2..) => return None,
                    (_, 1) => {
                        // Placed here: it leaves the house's other cells.
                        for b in 0..3 {
                            if m[b] != s[b] {
                                self.cand[b][d] &= !(m[b] & !s[b]);
                                changed |= unit(d, b);
                            }
                        }
                    }
                    (1, 0) => {
                        let band = usize::from(m[0] == 0) + usize::from(m[0] == 0 && m[1] == 0);
                        let cell = Cell { band, bit: m[band].trailing_zeros() };
                        changed |= self.clear_cell_except(cell, d) | self.place(cell, d) | unit(d, band);
                    }
                    _ => changed |= self.house_locks(h, d, m)?,
                }
            }
        }
        Some(changed)
    }

    /// The singles of the nine disjoint groups for digit `d`, all at once:
    /// a group where it is placed loses it elsewhere; a group where it has
    /// one place left gets it there; a group with no place, or two placed,
    /// is a contradiction (`None`). Returns the units that changed.
    #[inline(always)]
    fn disjoint_rules(&mut self, d: usize) -> Option<Units> {
        // Per group: at least one place, two; placed once, twice.
        let (mut once, mut twice, mut placed, mut placed_twice) = (0, 0, 0, 0);
        for b in 0..3 {
            let (w, solved) = (self.cand[b][d], self.cand[b][d] & self.solved[b]);
            for stack in 0..3 {
                let (x, p) = (w >> (3 * stack) & SLICE, solved >> (3 * stack) & SLICE);
                twice |= once & x;
                once |= x;
                placed_twice |= placed & p;
                placed |= p;
            }
        }
        if once != SLICE || placed_twice != 0 {
            return None;
        }
        let mut changed = 0;
        let (taken, single) = (in_groups(placed), in_groups(once & !twice & !placed));
        let singles = [0, 1, 2].map(|b| self.cand[b][d] & single);
        for b in 0..3 {
            let w = self.cand[b][d];
            let gone = w & taken & !self.solved[b];
            if gone != 0 {
                self.cand[b][d] = w & !gone;
                changed |= unit(d, b);
            }
        }
        for (band, mut cells) in singles.into_iter().enumerate() {
            while cells != 0 {
                let bit = cells.trailing_zeros();
                cells &= cells - 1;
                // A single placed before may have taken this one's place:
                // its group has none left.
                if self.cand[band][d] >> bit & 1 == 0 {
                    return None;
                }
                let cell = Cell { band, bit };
                changed |= self.clear_cell_except(cell, d) | self.place(cell, d) | unit(d, band);
            }
        }
        Some(changed)
    }

    /// For the digits in `digits`, at a fixpoint of the other rules: the
    /// cells outside an extra house that see every place of a digit left
    /// in it lose the digit (locked candidates through any mix of rows,
    /// columns, boxes and extra houses). Returns the units changed.
    #[inline(never)]
    pub(super) fn seen_rules(&mut self, set: &Houses, mut digits: u32) -> Units {
        if !set.seen.pays() {
            return 0;
        }
        let mut changed = 0;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            for &h in &set.houses {
                let m = [0, 1, 2].map(|b| self.cand[b][d] & h[b]);
                if (0..3).any(|b| m[b] & self.solved[b] != 0) {
                    continue;
                }
                let found = self.seen_by_all(set, d, m, h);
                set.seen.looked(found != 0);
                changed |= found;
            }
        }
        changed
    }

    /// The cells of digit `d` outside `house` that see each of its places
    /// `m` lose it. Returns the units changed.
    #[inline(always)]
    fn seen_by_all(&mut self, set: &Houses, d: usize, m: Planes, house: Planes) -> Units {
        let mut target = [0, 1, 2].map(|b| self.cand[b][d] & !house[b]);
        for (b, &word) in m.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let p = &set.peers[27 * b + bits.trailing_zeros() as usize];
                bits &= bits - 1;
                target = [0, 1, 2].map(|k| target[k] & p[k]);
                if target == [0; 3] {
                    return 0;
                }
            }
        }
        let mut changed = 0;
        for (b, &gone) in target.iter().enumerate() {
            if gone != 0 {
                self.cand[b][d] &= !gone;
                changed |= unit(d, b);
            }
        }
        changed
    }

    /// The locks of house `h` for digit `d`, open in two or more of its
    /// cells `m`: a row, column or box that has the digit only where it
    /// meets the house takes it from the house's other cells; the house,
    /// when it has the digit only where it meets one row, column or box,
    /// takes it from that unit's other cells.
    #[inline(always)]
    fn house_locks(&mut self, h: &Planes, d: usize, m: Planes) -> Option<Units> {
        let w = [0, 1, 2].map(|b| self.cand[b][d]);
        let out = [0, 1, 2].map(|b| w[b] & !h[b]);
        let (rows, columns, boxes) = (rows_of(&m), columns_of(&m), boxes_of(&m));
        let mut keep_in_house = [!0u32; 3];
        let mut units_to_clear = [0u32; 3];
        let claimed = [rows & !rows_of(&out), columns & !columns_of(&out), boxes & !boxes_of(&out)];
        for (kind, (&claimed, &ours)) in claimed.iter().zip(&[rows, columns, boxes]).enumerate() {
            let cells = match kind {
                0 => row_cells,
                1 => column_cells,
                _ => box_cells,
            };
            let mut c = claimed;
            while c != 0 {
                let u = cells(c.trailing_zeros());
                c &= c - 1;
                for b in 0..3 {
                    keep_in_house[b] &= u[b];
                }
            }
            if ours & (ours - 1) == 0 {
                let u = cells(ours.trailing_zeros());
                for b in 0..3 {
                    units_to_clear[b] |= u[b];
                }
            }
        }
        let mut changed = 0;
        for b in 0..3 {
            let gone = (m[b] & !keep_in_house[b]) | (out[b] & units_to_clear[b]);
            if gone != 0 {
                self.cand[b][d] &= !gone;
                changed |= unit(d, b);
            }
        }
        // A digit every place of which in the house left (a row claimed
        // it and a column another) has none there.
        let left = [0, 1, 2].map(|b| m[b] & keep_in_house[b]);
        (left != [0; 3]).then_some(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{agreed, blanked, random_grid, random_state, xorshift, Native, Rng};
    use crate::{ExtraRules, Grid, Verdict};

    /// The same houses kept plainly, cell by cell: a cell left one digit
    /// takes it from the house's other cells (so two cells of a house
    /// holding one digit leave one of them empty).
    struct Plain(Vec<u128>);

    impl ExtraRules for Plain {
        fn narrow(&mut self, cells: &mut [u16; 81]) -> Verdict {
            for &house in &self.0 {
                let members: Vec<usize> = (0..81).filter(|&c| house >> c & 1 != 0).collect();
                for &a in &members {
                    let x = cells[a];
                    if x.count_ones() == 1 {
                        for &b in members.iter().filter(|&&b| b != a) {
                            cells[b] &= !x;
                            if cells[b] == 0 {
                                return Verdict::Contradiction;
                            }
                        }
                    }
                }
            }
            Verdict::Consistent
        }
    }

    fn bits(cells: impl IntoIterator<Item = usize>) -> u128 {
        cells.into_iter().fold(0, |m, c| m | 1 << c)
    }

    /// Sets of houses variants use: the diagonals, the windows, the
    /// disjoint groups, the boxes' centres; and a row (which adds nothing).
    fn families() -> Vec<Vec<u128>> {
        let window = |r: usize, c: usize| bits((0..9).map(|i| (r + i / 3) * 9 + c + i % 3));
        vec![
            vec![bits((0..9).map(|i| i * 10)), bits((0..9).map(|i| i * 8 + 8))],
            vec![window(1, 1), window(1, 5), window(5, 1), window(5, 5)],
            (0..9).map(|k| bits((0..9).map(|b| (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3))).collect(),
            vec![bits((0..9).map(|b| (b / 3 * 3 + 1) * 9 + b % 3 * 3 + 1))],
            vec![bits(9..18)],
        ]
    }

    /// The nine disjoint groups among the houses are kept apart, all nine
    /// at once; eight of them are houses like any other.
    #[test]
    fn all_nine_disjoint_groups_are_kept_at_once() {
        let disjoint = &families()[2];
        let mut set = super::Houses::default();
        set.set(disjoint);
        assert!(set.disjoint && set.houses.is_empty() && set.has_houses());
        let mut with_x = families()[0].clone();
        with_x.extend(disjoint);
        set.set(&with_x);
        assert!(set.disjoint && set.houses.len() == 2);
        set.set(&disjoint[..8]);
        assert!(!set.disjoint && set.houses.len() == 8);
    }

    /// A house `grid` keeps: one cell of each digit, drawn at random.
    fn random_house(grid: &Grid, rng: &mut Rng) -> u128 {
        let cells = grid.to_array();
        bits((1..=9).map(|d| {
            let places: Vec<usize> = (0..81).filter(|&c| cells[c] == d).collect();
            places[rng.below(places.len())]
        }))
    }

    /// Random puzzles under random sets of extra houses (the variants'
    /// and houses drawn from a grid, one to three sets): the core's own
    /// houses find exactly the solutions of the plain cell-by-cell rule,
    /// also when the givens come from another grid (often none, or a
    /// clash the houses alone see).
    #[test]
    fn the_cores_houses_find_the_plain_rules_solutions() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let families = families();
        const LIMIT: u64 = 30;
        let (mut none, mut one, mut many) = (0, 0, 0);
        for round in 0..300 {
            let grid = random_grid(&mut rng);
            let mut houses = Vec::new();
            for _ in 0..=rng.below(3) {
                match rng.below(families.len() + 2) {
                    k if k < families.len() => houses.extend(&families[k]),
                    _ => houses.extend((0..=rng.below(4)).map(|_| random_house(&grid, &mut rng))),
                }
            }
            let source = if round % 3 == 0 { random_grid(&mut rng) } else { grid };
            let keep = 26 + rng.below(14);
            let puzzle = blanked(&source, keep, &mut rng);
            let mut native = Native { houses: houses.clone(), ..Native::default() };
            let native = agreed(&puzzle, &mut native, &mut Plain(houses.clone()), LIMIT, round);
            for solution in &native {
                let s = solution.to_array();
                for &house in &houses {
                    let digits = (0..81).filter(|&c| house >> c & 1 != 0).fold(0u16, |m, c| m | 1 << s[c]);
                    assert_eq!(digits.count_ones(), 9, "round {round}");
                }
            }
            match native.len() {
                0 => none += 1,
                1 => one += 1,
                _ => many += 1,
            }
        }
        assert!(none > 30 && one > 20 && many > 30, "{none} {one} {many}");
    }

    /// `house_pair` against a plain look, house by house and digit by
    /// digit, at the open cells of each house that hold the digit: the
    /// first with exactly two, in two bands, and the first of those two;
    /// with `fewest`, the first of those whose cells' digits (counted from
    /// two to four) are fewest, the fewer first, and its cell with fewer digits.
    /// Random states of every density, some cells solved; the variants'
    /// houses and random sets of cells.
    #[test]
    fn a_house_pair_is_the_first_or_fewest_digit_left_two_places_in_two_bands() {
        let mut next = xorshift(0x0123_4567_89ab_cdef);
        let families = families();
        let (mut found, mut none, mut moved) = (0, 0, 0);
        for round in 0..20_000 {
            let mut state = random_state(&mut next, 1 + round % 4);
            for b in 0..3 {
                state.solved[b] = next() as u32 & next() as u32 & super::super::tables::BAND;
            }
            let houses: Vec<u128> = match round % 3 {
                0 => families[round / 3 % families.len()].clone(),
                _ => (0..=round % 5).map(|_| u128::from(next()) << 64 | u128::from(next())).collect(),
            };
            let houses: Vec<u128> = houses.into_iter().map(|h| h & ((1 << 81) - 1)).collect();
            let open = |c: usize| state.solved[c / 27] >> (c % 27) & 1 == 0;
            let has = |c: usize, d: usize| state.cand[c / 27][d] >> (c % 27) & 1 != 0;
            let pairs: Vec<(usize, usize, usize)> = houses
                .iter()
                .flat_map(|&house| (0..9).map(move |d| (house, d)))
                .filter_map(|(house, d)| {
                    let places: Vec<usize> =
                        (0..81).filter(|&c| house >> c & 1 != 0 && open(c) && has(c, d)).collect();
                    (places.len() == 2 && places[0] / 27 != places[1] / 27).then(|| (places[0], places[1], d))
                })
                .collect();
            let plain = pairs.first().map(|&(first, _, d)| (first, d));
            let digits = |c: usize| (0..9).filter(|&d| has(c, d)).count().clamp(2, 4);
            let key =
                |&(a, b, _): &(usize, usize, usize)| digits(a).min(digits(b)) * 16 + digits(a).max(digits(b));
            let least = pairs.iter().map(key).min();
            let fewest = pairs
                .iter()
                .find(|p| Some(key(p)) == least)
                .map(|&(a, b, d)| (if digits(b) < digits(a) { b } else { a }, d));
            let fast = |fewest| {
                state.house_pair(&houses, fewest).map(|(cell, d)| (27 * cell.band + cell.bit as usize, d))
            };
            assert_eq!(fast(false), plain, "round {round}");
            assert_eq!(fast(true), fewest, "round {round}, fewest");
            moved += usize::from(fewest != plain);
            match plain {
                Some(_) => found += 1,
                None => none += 1,
            }
        }
        assert!(found > 2_000 && none > 2_000 && moved > 1_000, "{found} {none} {moved}");
    }
}
