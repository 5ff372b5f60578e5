//! Fishes of strong links on one digit: skyscraper, 2-string kite, turbot
//! fish and their grouped forms (2 strong links), and the 3-strong-link
//! fishes and X-loops.
//!
//! A *strong link* on digit d is a unit whose cells with d fall into two
//! groups: d is in one of them. A group is one cell or several cells of
//! one box on one line. Two strong links are chained by a *weak link*
//! when a group of the first and a group of the second lie together in a
//! unit (and share no cell): d is in at most one of them. Along the chain
//! strong, weak, strong (, weak, strong) the far groups cannot both lack d,
//! so d goes from every cell that sees all their cells. When the far groups
//! are themselves weakly linked, the chain closes into an X-loop and d goes
//! from the cells that see both sides of every weak link.
//!
//! Difficulty (observed with serate 1.18.1): with no grouped link, the
//! base (2 links 4.0, 3 links 5.4), plus 0.1 when a strong link is a box,
//! plus 0.1 when the strong links hold both a row and a column; with a
//! grouped link, or a strong link in an extra house of a variant (a
//! disjoint group, a window group, a diagonal), 4.3 and 5.7. SE's name
//! carries a code: the number of grouped links, then one digit per link: 0
//! a box, 1 a line of the kind of the first line, 2 a line of the other
//! kind, and an extra house by its region type (3 to 6).

use arrayvec::ArrayVec;

use crate::board::{cells_of, Board, Pos};
use crate::hits::{Conclusions, Hits, Text};
use crate::rating::Tenths;
use crate::technique::Technique;
use crate::units::{ExtraHouses, UnitKind, Units};

/// One strong link: the cells with the digit in `unit`, split into two
/// groups `a` and `b`.
#[derive(Clone, Copy, Debug)]
struct Link {
    unit: u8,
    a: u128,
    b: u128,
    /// Whether a group has more than one cell.
    grouped: bool,
}

/// A strong link taken in one direction: from `from` (the group the
/// chain enters by a weak link) to `to` (the group it leaves by).
#[derive(Clone, Copy, Debug)]
struct Dir {
    link: usize,
    /// The link's unit.
    unit: u8,
    from: u128,
    to: u128,
    /// [`units_of`] `from` and `to`.
    from_units: u64,
    to_units: u64,
}

/// Whether `m` can be one node of a link: one cell, or cells of one box on
/// one line.
fn is_group(units: &Units, m: u128) -> bool {
    let lines = units.units_of_kind(UnitKind::Row) | units.units_of_kind(UnitKind::Column);
    let held = units.units_holding(m);
    m.count_ones() == 1 || (held & units.units_of_kind(UnitKind::Box) != 0 && held & lines != 0)
}

/// The cells that see every cell of `m`.
fn seen_by_all(units: &Units, m: u128) -> u128 {
    cells_of(m).fold(!0u128 >> 47, |s, c| s & units.peer_set[c])
}

/// The first cell of a group, as SE lists it.
fn first(m: u128) -> usize {
    m.trailing_zeros() as usize
}

/// The kind of unit `u` as SE's codes number it: 0 a box, 1 a row, 2 a
/// column, 3 to 6 the extra houses ([`UnitKind::se_code`]).
fn kind(units: &Units, u: u8) -> u8 {
    units.kind(usize::from(u)).se_code()
}

/// Every strong link on the digit of `d0` (0-based): each unit whose cells
/// with the digit split into two groups, in every way they split.
fn links(units: &Units, pos: &Pos, d0: usize, out: &mut Vec<Link>) {
    out.clear();
    for (u, unit_pos) in pos.iter().enumerate().take(units.len) {
        let m = unit_pos[d0];
        let n = m.count_ones();
        if !(2..=6).contains(&n) {
            continue;
        }
        let places: ArrayVec<usize, 9> =
            (0..9).filter(|k| m & (1 << k) != 0).map(|k| units.cells[u][k] as usize).collect();
        // Three places or more on one box and one line make no grouped
        // link (SE's groups are two of a line's boxes, or a box's row and
        // column): on the classic grid claiming and pointing have cleared
        // what such a link would, but a rule of moves lets it reach more.
        let m_cells = places.iter().fold(0u128, |s, &c| s | 1 << c);
        // Subsets holding the first cell, so each split is taken once.
        for sub in 0..(1u32 << (n - 1)) {
            let (mut a, mut b) = (1u128 << places[0], 0u128);
            for (i, &c) in places[1..].iter().enumerate() {
                if sub & (1 << i) != 0 {
                    a |= 1u128 << c;
                } else {
                    b |= 1u128 << c;
                }
            }
            if b != 0 && is_group(units, a) && is_group(units, b) && !(n > 2 && is_group(units, m_cells)) {
                out.push(Link { unit: u as u8, a, b, grouped: n > 2 });
            }
        }
    }
}

/// Both directions of every link.
fn directions(units: &Units, links: &[Link], out: &mut Vec<Dir>) {
    out.clear();
    for (i, l) in links.iter().enumerate() {
        let (ua, ub) = (units_of(units, l.a), units_of(units, l.b));
        out.push(Dir { link: i, unit: l.unit, from: l.a, to: l.b, from_units: ua, to_units: ub });
        out.push(Dir { link: i, unit: l.unit, from: l.b, to: l.a, from_units: ub, to_units: ua });
    }
}

/// Whether the end of direction `x` and the start of `y` form a weak
/// link: disjoint groups in one unit.
fn weak(x: &Dir, y: &Dir) -> bool {
    x.to & y.from == 0 && x.to_units & y.from_units != 0
}

/// The units holding every cell of a group, as one mask: bit `u` for unit
/// `u`.
fn units_of(units: &Units, m: u128) -> u64 {
    units.units_holding(m)
}

/// SE's code of a chain of up to three links, as its digits: `[0, 1, 1]`
/// is "011".
type Code = ArrayVec<u8, 4>;

/// SE's code of a chain of strong links read in one direction: the number
/// of grouped links, then a digit per link (see the module docs).
fn code_one_way(kinds: &[u8], grouped: usize) -> Code {
    let mut s = Code::new();
    s.push(grouped as u8);
    let mut first_line = 0;
    for &k in kinds {
        if (k == 1 || k == 2) && first_line == 0 {
            first_line = k;
        }
        s.push(match k {
            0 => 0,
            k if k >= 3 => k,
            k if k == first_line => 1,
            _ => 2,
        });
    }
    s
}

/// The code of a chain: the lesser of its two readings. Returns whether
/// the chain reads the other way round.
fn code(kinds: &[u8], grouped: usize) -> (Code, bool) {
    let rev: ArrayVec<u8, 3> = kinds.iter().rev().copied().collect();
    let (fwd, back) = (code_one_way(kinds, grouped), code_one_way(&rev, grouped));
    if back < fwd {
        (back, true)
    } else {
        (fwd, false)
    }
}

/// The number of kinds of unit (box, row, column) among `kinds`.
fn distinct_kinds(kinds: &[u8]) -> u8 {
    (0..3u8).filter(|k| kinds.contains(k)).count() as u8
}

/// What a grouped chain, or one with a strong link in an extra house,
/// adds to its base (SE 4.3 and 5.7).
const GROUPED_EXTRA: Tenths = 3;

/// What an ungrouped chain adds to its base: 0.1 for a box among its
/// strong links, 0.1 for both a row and a column.
fn shape_tenths(kinds: &[u8]) -> u8 {
    u8::from(kinds.contains(&0)) + u8::from(kinds.contains(&1) && kinds.contains(&2))
}

/// SE's name of a chain of `n` strong links of these kinds, in two parts.
fn name(kinds: &[u8], grouped: bool, looped: bool) -> (&'static str, &'static str) {
    let lines_only = !kinds.contains(&0);
    let base = match (kinds.len(), lines_only, distinct_kinds(kinds)) {
        (2, true, 1) => "Skyscraper",
        (2, true, _) => "2-String Kite",
        (2, false, _) => "2 Strong links",
        (_, true, 1) => "3 Skyscrapers",
        (_, true, _) => "3-String Kite",
        _ => "3 Strong links",
    };
    match (looped, grouped) {
        (true, true) if kinds.len() == 2 => ("", "(2 Strong Links) Grouped X-Loop"),
        (true, false) if kinds.len() == 2 => ("", "(2 Strong Links) X-Loop"),
        (true, true) => ("", "(3 Strong Links) Grouped X-Loop"),
        (true, false) => ("", "(3 Strong Links) X-Loop"),
        (false, true) => ("Grouped ", base),
        (false, false) => ("", base),
    }
}

/// Adds the text of a chain to `x`: its name, code and the first cell of
/// each group in chain order.
fn describe(x: &mut Text, units: &Units, links: &[Link], chain: &[Dir], looped: bool, digit: u8) {
    let kinds: ArrayVec<u8, 3> = chain.iter().map(|d| kind(units, links[d.link].unit)).collect();
    let grouped = chain.iter().filter(|d| links[d.link].grouped).count();
    let (code, reversed) = code(&kinds, grouped);
    let mut groups: ArrayVec<u128, 6> = chain.iter().flat_map(|d| [d.from, d.to]).collect();
    if reversed {
        groups.reverse();
    }
    let (prefix, name) = name(&kinds, grouped > 0, looped);
    x.str(prefix).str(name).str(" ");
    for &k in &code {
        x.num(usize::from(k));
    }
    x.str(": Cell ").cells(groups.iter().map(|&g| first(g))).str(" on value ").num(usize::from(digit));
}

/// The strong links of one digit, their directions and which directions
/// can follow each in a chain, as found for the digit's cells `plane`.
#[derive(Default)]
struct DigitLinks {
    /// The digit's cells and the extra houses of the table the links were
    /// found on.
    plane: Option<(u128, ExtraHouses)>,
    links: Vec<Link>,
    dirs: Vec<Dir>,
    /// `next[first[i]..first[i + 1]]`: the directions that can follow
    /// `dirs[i]`, a weak link away in another unit, with no cell in common.
    next: Vec<usize>,
    first: Vec<usize>,
}

/// The scratch space of the strong-link searches, kept between calls.
#[derive(Default)]
pub(crate) struct LinkScratch {
    /// Per digit, its links the last time they were asked for: the chains
    /// of two and of three links search the same ones, and a digit whose
    /// cells did not change keeps them.
    digits: [DigitLinks; 9],
    /// The directions by unit, while `next` is made.
    by_unit: Vec<u64>,
}

impl LinkScratch {
    /// The links of the digit of `d0` (0-based) on positions `pos`, found
    /// again only if its cells changed.
    fn digit(&mut self, units: &Units, pos: &Pos, d0: usize) -> &DigitLinks {
        let plane = (0..9).fold(0u128, |m, r| m | u128::from(pos[r][d0]) << (9 * r));
        let dl = &mut self.digits[d0];
        if dl.plane != Some((plane, units.extra)) {
            links(units, pos, d0, &mut dl.links);
            directions(units, &dl.links, &mut dl.dirs);
            let ds = &dl.dirs;
            let w = index_by_unit(units, ds, &mut self.by_unit);
            dl.next.clear();
            dl.first.clear();
            for x in ds {
                dl.first.push(dl.next.len());
                for j in after(x.to_units, &self.by_unit, w) {
                    let y = &ds[j];
                    // Disjoint groups: the shared unit is a weak link.
                    if y.unit != x.unit && (x.from | x.to) & (y.from | y.to) == 0 {
                        dl.next.push(j);
                    }
                }
            }
            dl.first.push(dl.next.len());
            dl.plane = Some((plane, units.extra));
        }
        dl
    }
}

impl DigitLinks {
    /// The directions that can follow direction `i`.
    fn after(&self, i: usize) -> &[usize] {
        &self.next[self.first[i]..self.first[i + 1]]
    }

    /// The digit's cells among `m`.
    fn cells_in(&self, m: u128) -> u128 {
        m & self.plane.map_or(0, |(p, _)| p)
    }
}

/// Indexes `dirs` by the units of their `from` groups: `by_unit[u * w..][..w]`
/// is the set of directions (bit `i` for `dirs[i]`) starting in unit `u`.
/// Returns `w`, the words of a set.
fn index_by_unit(units: &Units, dirs: &[Dir], by_unit: &mut Vec<u64>) -> usize {
    let w = dirs.len().div_ceil(64);
    by_unit.clear();
    by_unit.resize(units.len * w, 0);
    for (i, d) in dirs.iter().enumerate() {
        let mut units = d.from_units;
        while units != 0 {
            let u = units.trailing_zeros() as usize;
            units &= units - 1;
            by_unit[u * w + i / 64] |= 1 << (i % 64);
        }
    }
    w
}

/// The directions whose `from` group lies in one of `units` (the `to`
/// units of a direction: the candidates for a weak link after it), in the
/// order of `dirs`.
fn after(units: u64, by_unit: &[u64], w: usize) -> impl Iterator<Item = usize> + '_ {
    (0..w).flat_map(move |k| {
        let (mut m, mut units) = (0u64, units);
        while units != 0 {
            let u = units.trailing_zeros() as usize;
            units &= units - 1;
            m |= by_unit[u * w + k];
        }
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let j = k * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                j
            })
        })
    })
}

/// The difficulty of a chain of strong links (see the module docs).
fn difficulty(units: &Units, links: &[Link], chain: &[Dir]) -> u8 {
    let grouped = chain.iter().any(|d| links[d.link].grouped);
    let mut kinds = [0u8; 3];
    for (k, d) in kinds.iter_mut().zip(chain) {
        *k = kind(units, links[d.link].unit);
    }
    let kinds = &kinds[..chain.len()];
    let base =
        if chain.len() == 2 { Technique::TwoStrongLinks } else { Technique::ThreeStrongLinks }.base_tenths();
    if grouped || kinds.iter().any(|&k| k >= 3) {
        base + GROUPED_EXTRA
    } else {
        base + shape_tenths(kinds)
    }
}

/// Candidates of `digit` in the cells of `m`, as eliminations.
fn push_elims(b: &Board, m: u128, digit: u8, elim: &mut Conclusions) {
    let bit = 1u16 << (digit - 1);
    elim.extend(cells_of(m).filter(|&c| b.cands[c] & bit != 0).map(|c| (c, digit)));
}

/// Two strong links joined by a weak one (SE 4.0–4.3): the skyscraper
/// (two parallel lines), the 2-string kite (a row and a column), the
/// turbot fish "2 strong links" (a box and a line), and their grouped
/// forms. The digit goes from every cell seeing both far ends. Digits in
/// `skip` (bit `d - 1` for digit `d`) are not searched.
pub(crate) fn two(b: &Board, pos: &Pos, scratch: &mut LinkScratch, skip: u16, hits: &mut Hits) {
    if !hits.wants(Technique::TwoStrongLinks.base_tenths()) {
        return;
    }
    let mut elim = Conclusions::new();
    for d0 in (0..9).filter(|d0| skip & (1 << d0) == 0) {
        let digit = d0 as u8 + 1;
        let dl = scratch.digit(b.units, pos, d0);
        let (ls, ds) = (&dl.links, &dl.dirs);
        for (i, x) in ds.iter().enumerate() {
            for y in dl.after(i).iter().map(|&j| &ds[j]) {
                // Each chain once: the lesser unit first.
                if x.unit >= y.unit {
                    continue;
                }
                let pattern = x.from | x.to | y.from | y.to;
                // On a variant grid (extra houses or moves), SE also
                // closes two links into an X-loop when the far ends are
                // weakly linked too (on the classic grid we leave it out:
                // ratings stay as they were).
                let looped = b.units.extra != ExtraHouses::NONE && weak(y, x);
                let ends: &[(u128, u128)] =
                    if looped { &[(x.to, y.from), (y.to, x.from)] } else { &[(x.from, y.to)] };
                if ends.iter().all(|&(p, q)| dl.cells_in(seen_by_all(b.units, p | q) & !pattern) == 0) {
                    continue;
                }
                let chain = [*x, *y];
                let diff = difficulty(b.units, ls, &chain);
                if !hits.wants(diff) {
                    continue;
                }
                elim.clear();
                for &(p, q) in ends {
                    push_elims(b, seen_by_all(b.units, p | q) & !pattern, digit, &mut elim);
                }
                hits.offer(b, Technique::TwoStrongLinks, diff, &[], &elim, |t| {
                    describe(t, b.units, ls, &chain, looped, digit)
                });
            }
        }
    }
}

/// Three strong links joined by weak ones (SE 5.4–5.7): 3 skyscrapers,
/// 3-string kites, "3 strong links" with a box, grouped or not. The digit
/// goes from every cell seeing both far ends; when the far ends are
/// weakly linked too, the chain is an X-loop and the digit goes from the
/// cells seeing both sides of each of its three weak links. Digits in
/// `skip` are not searched.
pub(crate) fn three(b: &Board, pos: &Pos, scratch: &mut LinkScratch, skip: u16, hits: &mut Hits) {
    if !hits.wants(Technique::ThreeStrongLinks.base_tenths()) {
        return;
    }
    let mut elim = Conclusions::new();
    for d0 in (0..9).filter(|d0| skip & (1 << d0) == 0) {
        let digit = d0 as u8 + 1;
        let dl = scratch.digit(b.units, pos, d0);
        let (ls, ds) = (&dl.links, &dl.dirs);
        for (i, x) in ds.iter().enumerate() {
            for &j in dl.after(i) {
                let y = &ds[j];
                for &k in dl.after(j) {
                    let z = &ds[k];
                    let (ux, uy, uz) = (x.unit, y.unit, z.unit);
                    if uz == ux || (x.from | x.to) & (z.from | z.to) != 0 {
                        continue;
                    }
                    let looped = weak(z, x);
                    // Each chain once: a loop from its least unit, the
                    // lesser neighbour next; an open chain from the lesser
                    // end.
                    let canonical = if looped { ux < uy && ux < uz && uy < uz } else { ux < uz };
                    if !canonical {
                        continue;
                    }
                    let pattern = x.from | x.to | y.from | y.to | z.from | z.to;
                    let ends: &[(u128, u128)] = if looped {
                        &[(x.to, y.from), (y.to, z.from), (z.to, x.from)]
                    } else {
                        &[(x.from, z.to)]
                    };
                    if ends.iter().all(|&(p, q)| dl.cells_in(seen_by_all(b.units, p | q) & !pattern) == 0) {
                        continue;
                    }
                    let chain = [*x, *y, *z];
                    let diff = difficulty(b.units, ls, &chain);
                    if !hits.wants(diff) {
                        continue;
                    }
                    elim.clear();
                    for &(p, q) in ends {
                        push_elims(b, seen_by_all(b.units, p | q) & !pattern, digit, &mut elim);
                    }
                    hits.offer(b, Technique::ThreeStrongLinks, diff, &[], &elim, |t| {
                        describe(t, b.units, ls, &chain, looped, digit)
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules with fresh scratch space, as [`run`] calls them.
    fn two(b: &Board, pos: &Pos, hits: &mut Hits) {
        super::two(b, pos, &mut LinkScratch::default(), 0, hits);
    }

    fn three(b: &Board, pos: &Pos, hits: &mut Hits) {
        super::three(b, pos, &mut LinkScratch::default(), 0, hits);
    }
    use crate::testing::run;

    const SKYSCRAPER: &str = ".2.........3.........4.........5..........7..........9.......8.1.............6.........7......5....1......8..2...6...1......8..2...6...........9..3.........4.....1....6........6.8.........91.3....8....4.....1.3............7......5.....2...........56......4.....1......8.......7...2...........56.....3..............91......8.1...5.....2.............7....3....8.........9..3.5.........6......4.....1......8.........9.....6.8...3......1....6.8.1......8....4.........5.....2.............7....3............7...2..........4.........5...........8.1.............6...........9...4.....1.............6...........9..3............7...2..............8.....5...........8.........9....5....12............6...12..........4...........7....3......";
    const GROUPED_KITE: &str = "1..............7.....4.......3..........56..9.....6..9.2...........5...9.......8.....5.....23.....9.23.............8..2....7.9.2....7.91..4.....1..4..........6........6....2.....89.2.....8..2..5...9...4.....1..............7......5...9..3............78.12.4.........5....12.4..7..12....78...3......1..4..........6...........9......78.12.4.............912.4..7..12...678..2...678.....5......3.......2....7....3...........6...12.......12.45.7.912..5.7.9.2....7.9.......8.1..4......2....7.....4.........5..........78......6.....3............78.........9.2.......1.........2.......1.3......1.3...7..1.....7.91.....7.9....5.........6..........8....4.............91......8......6...12.......12.....8....4.......3............7......5....";
    const THREE_SKYSCRAPERS: &str = "....5.........6...1..............7...2.........3.............8....4.............9.23.....9......7...2......9...4.........5...........8..23...........6...1.........23.........4............8.........91.............6.......5.....23............7..1.........23..........5.........6.....3.....9.2......9...4...........7.........8........8..23.........4.........5..........7..1................9.23...........6........6...........9......7...23.............8....4......23......1............5..........7..1..........3.............8....4.........5.........6...........9.2........2......9....5.........6....23........3.....9......7..1...............8....4........4............8..2......91.............6....2......9......7......5......3......";
    const X_LOOP: &str = "..3....8...3....89.....6.......5.....2.........3.....91...........4...........7...2.......1.....7..1.....7.......6..........89...4.......3.............89....5.......4.........5......3.....91..............7....3....89.....6....2..............89........91....6.8.1......8.......7......5.....2..........4..........6.8...3............78....4.........5......3.............89.....6.........7.91.........2.........3...7....3..6....2..........4.....1...............89....5.........67.........89.....6....2.............7.9.......8....4.........5..........7.9..3......1............5..........7.9...4......2.........3......1...............8.......7.9.....6...1..........3....8...3....8.........9.....6.........7...2...........5.......4.....";
    const THREE_STRONG: &str = "..3..6..9.....6789.....6..9..3....89.2..........4.........5....1..............78.12..5...9....5..8912.4...........7..1.......91......89.....6.....3.........4...8.1.3............78.1..4.....1.3....8......6.......5.......4..78..2...............9.......8....4...........7..1....6..9....5....1.3.......2............6..91.3..6...12..56..9....56..912.......1..4.6.89......7..123....891..4...89...4...8.1.34.6.8.12...6..9.....6..9..3......1..4.6.891.......912.....891..4...89......7......5.......4.....1.............6..9....5...........8.......7....3...........6..9.2.............7.9.2...........5....1.......9..3...........6...1..4..789...4...8.1..4..78......67.9..3.............8..2..........4.....1.......91.....7.9....5....1....67..";
    const GROUPED_THREE: &str = "1............5......34............89.2.4.6..........89.23.......23..6.........7...23.............8...3.....9....5.....2...6.........7..123.........4.....1....6..9.....6....2....7.....4..7.91.........2.4.......3.............8..2......9....5........5.....23.....9.....6.8...3..6..9......7..1....6..9...4......23....89123....89.23...7.....4..........67....3..6..9.......8.1....6..9123..........5....123.....9..3....8...3.....91.........2...........5.......4..........6.........7....3....89...4..78...3...7...2..........4.678.1............5............9..3..6.8...34.6.8....4..78......6.....3...78....4..78.........9.2.....8.....5....1.........234.............91............5.......4.6.8...3.......2...6.8.......7...2...6.8..2.4.6.8.";

    // Positions: the pencil marks of a corpus puzzle (se_techniques_calibration)
    // where our path reaches this step; serate 1.18.1 run on the pencil-mark
    // grid itself (sukaku input, --after="%r|%s") takes the named step first,
    // at the same difficulty.

    #[test]
    fn skyscraper_on_8() {
        // serate: 4.0|Skyscraper 011: Cell r3c2,r6c2,r6c5,r2c5 on value 8
        let (diff, texts, elims) = run(SKYSCRAPER, two);
        assert_eq!(diff, 40);
        assert!(texts.contains(&"Skyscraper 011: Cell r3c2,r6c2,r6c5,r2c5 on value 8".to_string()));
        assert_eq!(elims, ["r2c3<>8", "r3c4<>8", "r6c2<>8"]);
    }

    #[test]
    fn grouped_two_string_kite() {
        // serate: 4.3|Grouped 2-String Kite 212: Cell r4c2,r4c4,r5c6,r2c6 on value 2
        let (diff, texts, elims) = run(GROUPED_KITE, two);
        assert_eq!(diff, 43);
        assert_eq!(texts, ["Grouped 2-String Kite 212: Cell r4c2,r4c4,r5c6,r2c6 on value 2"]);
        assert_eq!(elims, ["r2c2<>2"]);
    }

    #[test]
    fn three_skyscrapers() {
        // serate: 5.4|3 Skyscrapers 0111: Cell r3c8,r3c1,r8c1,r8c4,r6c4,r6c7 on value 2
        let (diff, texts, _) = run(THREE_SKYSCRAPERS, three);
        assert_eq!(diff, 54);
        assert_eq!(texts[0], "3 Skyscrapers 0111: Cell r3c8,r3c1,r8c1,r8c4,r6c4,r6c7 on value 2");
    }

    #[test]
    fn x_loop_of_three_strong_links() {
        // serate: 5.4|(3 Strong Links) X-Loop 0111: Cell r1c2,r1c6,r2c5,r2c8,r8c8,r8c2 on value 9
        let (diff, texts, elims) = run(X_LOOP, three);
        assert_eq!(diff, 54);
        assert!(texts.contains(
            &"(3 Strong Links) X-Loop 0111: Cell r1c2,r1c6,r2c5,r2c8,r8c8,r8c2 on value 9".to_string()
        ));
        assert_eq!(elims, ["r3c6<>9"]);
    }

    #[test]
    fn three_strong_links_with_a_box() {
        // serate: 5.5|3 Strong links 0011: Cell r9c6,r8c4,r4c4,r4c8,r7c8,r7c3 on value 9
        let (diff, texts, elims) = run(THREE_STRONG, three);
        assert_eq!(diff, 55);
        assert_eq!(texts, ["3 Strong links 0011: Cell r9c6,r8c4,r4c4,r4c8,r7c8,r7c3 on value 9"]);
        assert_eq!(elims, ["r9c1<>9"]);
    }

    #[test]
    fn grouped_three_strong_links() {
        // serate: 5.7|Grouped 3 Strong links 2011: Cell r2c1,r1c3,r8c3,r8c9,r6c9,r6c1 on value 3
        let (diff, texts, elims) = run(GROUPED_THREE, three);
        assert_eq!(diff, 57);
        assert_eq!(texts, ["Grouped 3 Strong links 2011: Cell r2c1,r1c3,r8c3,r8c9,r6c9,r6c1 on value 3"]);
        assert_eq!(elims, ["r5c1<>3"]);
    }

    #[test]
    fn codes_read_the_lesser_way() {
        assert_eq!(&code(&[2, 2], 0).0[..], [0, 1, 1]);
        assert_eq!(&code(&[2, 1], 0).0[..], [0, 1, 2]);
        assert_eq!(&code(&[1, 0], 0).0[..], [0, 0, 1]);
        assert_eq!(&code(&[1, 2, 0], 0).0[..], [0, 0, 1, 2]);
        assert_eq!(&code(&[2, 1, 1], 1).0[..], [1, 1, 1, 2]);
        assert_eq!(name(&[0, 1, 1], false, false), ("", "3 Strong links"));
    }

    #[test]
    fn a_box_and_both_line_kinds_each_add_a_tenth() {
        // 3 Skyscrapers 0111 5.4, 3-String Kite 0112 5.5, 3 Strong links
        // 0011 5.5, 0102 5.6, and 0000 5.5 (serate on a pencil-mark grid).
        assert_eq!(
            [[1, 1, 1], [1, 1, 2], [0, 1, 1], [1, 0, 2], [0, 0, 0]].map(|k| 54 + shape_tenths(&k)),
            [54, 55, 55, 56, 55]
        );
        assert_eq!([[2, 2], [1, 2], [0, 1]].map(|k| 40 + shape_tenths(&k)), [40, 41, 41]);
    }

    #[test]
    fn seen_by_all_keeps_common_peers() {
        let t = Units::classic();
        let m = (1u128 << 0) | (1u128 << 80);
        assert_eq!(cells_of(seen_by_all(t, m)).collect::<Vec<_>>(), vec![8, 72]);
        // r1c1 and r3c3 share a box; r1c1 and r9c9 no unit (but the main
        // diagonal of an X grid).
        assert!(units_of(t, 1u128 << 0) & units_of(t, 1u128 << 20) != 0);
        assert_eq!(units_of(t, 1u128 << 0) & units_of(t, 1u128 << 80), 0);
        let x = Units::with(crate::units::ExtraHouses { x: true, ..Default::default() });
        assert!(units_of(x, 1u128 << 0) & units_of(x, 1u128 << 80) != 0);
    }
}
