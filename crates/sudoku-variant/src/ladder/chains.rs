//! The ladder's harder steps, past the subsets and fish: the wings
//! (XY, XYZ), the turbot fish (two strong links of one digit joined by a
//! weak one: skyscraper, two-string kite, turbot), and alternating
//! inference chains, of one digit (X-chain) or any (AIC).
//!
//! Links come from the puzzle as data, so they hold on every layout and
//! rule: two candidates are *weakly* linked when they cannot both be true
//! (one digit in two cells that see each other, [`Sight::peers`], which
//! knows every rule's distinct cells; two digits of one cell), *strongly*
//! when they cannot both be false (a house with two places left for a
//! digit; a cell with two digits left).
//!
//! [`Sight::peers`]: crate::houses::Sight

use super::{digits_of, step, Board, Step};

/// A candidate: a canvas cell and a digit.
type Node = (u16, u8);

impl Board<'_> {
    /// Whether cells `a` and `b` may not hold one digit.
    fn sees(&self, a: u16, b: u16) -> bool {
        self.peer_bits[usize::from(a) * self.words + usize::from(b) / 64] >> (b % 64) & 1 == 1
    }

    /// The peers of `cell`, as bits of the canvas.
    fn peers_of(&self, cell: u16) -> &[u64] {
        let at = usize::from(cell) * self.words;
        &self.peer_bits[at..at + self.words]
    }

    /// Each digit's open cells, as bits of the canvas (`words` a digit,
    /// digit 1 first).
    fn holders(&self) -> Vec<u64> {
        let mut bits = vec![0u64; self.n * self.words];
        for &c in &self.cells {
            for d in digits_of(self.cands[c]) {
                bits[usize::from(d - 1) * self.words + c / 64] |= 1 << (c % 64);
            }
        }
        bits
    }

    /// Open cells, in canvas order.
    fn open_cells(&self) -> Vec<u16> {
        self.cells.iter().filter(|&&c| self.value[c] == 0).map(|&c| c as u16).collect()
    }

    /// The cells that hold `d` and see every cell of `ends` (none of them).
    fn seeing_all(&self, ends: &[u16], d: u8) -> Vec<(u16, u8)> {
        let bit = 1u32 << (d - 1);
        self.sight.peers[usize::from(ends[0])]
            .iter()
            .copied()
            .filter(|&p| self.cands[usize::from(p)] & bit != 0 && !ends.contains(&p))
            .filter(|&p| ends[1..].iter().all(|&e| self.sees(p, e)))
            .map(|p| (p, d))
            .collect()
    }

    /// XY-wing (`z` = false) and XYZ-wing (`z` = true): a pivot with
    /// digits {x,y} (or {x,y,z}) seeing two pincers {x,z} and {y,z}; one
    /// of the pincers (or the pivot) is z, so a cell seeing all of them
    /// loses z.
    pub(super) fn wing(&self, xyz: bool) -> Option<Step> {
        let open = self.open_cells();
        let width = if xyz { 3 } else { 2 };
        for &pivot in &open {
            let pm = self.cands[usize::from(pivot)];
            if pm.count_ones() != width {
                continue;
            }
            let pincers: Vec<u16> = self.sight.peers[usize::from(pivot)]
                .iter()
                .copied()
                .filter(|&c| {
                    let m = self.cands[usize::from(c)];
                    m.count_ones() == 2 && (m & pm).count_ones() == 1 + u32::from(xyz)
                })
                .collect();
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    let (ma, mb) = (self.cands[usize::from(a)], self.cands[usize::from(b)]);
                    let z = ma & mb;
                    // One digit shared, z; with the pivot's other digits
                    // they make up x and y (XY) or the pivot holds z too.
                    let covers = if xyz { ma | mb == pm } else { (ma | mb) & !z == pm && z & pm == 0 };
                    if z.count_ones() != 1 || ma == mb || !covers {
                        continue;
                    }
                    let d = z.trailing_zeros() as u8 + 1;
                    let ends: Vec<u16> = if xyz { vec![pivot, a, b] } else { vec![a, b] };
                    let elim = self.seeing_all(&ends, d);
                    if !elim.is_empty() {
                        let (technique, difficulty) = if xyz { ("XYZ-Wing", 44) } else { ("XY-Wing", 42) };
                        let name = |c: u16| self.puzzle.cell_name(usize::from(c));
                        let reason =
                            format!("pivot {}, pincers {} and {}: {d}", name(pivot), name(a), name(b));
                        return Some(step(technique, difficulty, reason, Vec::new(), elim));
                    }
                }
            }
        }
        None
    }

    /// Each house's two places left for a digit: the strong links of one
    /// digit, without repeats.
    fn strong_links(&self, d: u8) -> Vec<(u16, u16)> {
        let bit = 1u32 << (d - 1);
        let mut links: Vec<(u16, u16)> = Vec::new();
        for (house, _, _) in &self.houses {
            // The house's first two places for d, and whether there are more.
            let mut spots = house.iter().copied().filter(|&c| self.cands[usize::from(c)] & bit != 0);
            if let (Some(a), Some(b), None) = (spots.next(), spots.next(), spots.next()) {
                if !links.contains(&(a, b)) {
                    links.push((a, b));
                }
            }
        }
        links
    }

    /// Turbot fish: strong links a1=b1 and a2=b2 of one digit, b1 seeing
    /// a2; one of a1 and b2 holds the digit, so a cell seeing both loses
    /// it. SE names and rates it by the links' lines: both rows or both
    /// columns, a skyscraper (4.0); a row and a column, a two-string kite
    /// (4.1); else a turbot fish (4.2). Only steps of `difficulty`.
    pub(super) fn turbot(&self, difficulty: super::Tenths) -> Option<Step> {
        let side = self.puzzle.side() as u16;
        // 0: a row's link, 1: a column's, 2: any other house's.
        let line = |(a, b): (u16, u16)| match (a / side == b / side, a % side == b % side) {
            (true, _) => 0,
            (_, true) => 1,
            _ => 2,
        };
        for d in 1..=self.n as u8 {
            let links = self.strong_links(d);
            for (i, &l1) in links.iter().enumerate() {
                for &l2 in &links[i + 1..] {
                    let (technique, rated) = match (line(l1), line(l2)) {
                        (0, 0) | (1, 1) => ("Skyscraper", 40),
                        (0, 1) | (1, 0) => ("2-String Kite", 41),
                        _ => ("Turbot Fish", 42),
                    };
                    if rated != difficulty || [l1.0, l1.1].iter().any(|c| [l2.0, l2.1].contains(c)) {
                        continue;
                    }
                    for (a1, b1) in [l1, (l1.1, l1.0)] {
                        for (a2, b2) in [l2, (l2.1, l2.0)] {
                            if !self.sees(b1, a2) {
                                continue;
                            }
                            let elim = self.seeing_all(&[a1, b2], d);
                            if !elim.is_empty() {
                                let name = |c: u16| self.puzzle.cell_name(usize::from(c));
                                let reason =
                                    format!("{d}: {}={} - {}={}", name(a1), name(b1), name(a2), name(b2));
                                return Some(step(technique, difficulty, reason, Vec::new(), elim));
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// Alternating inference chains: from "A is false" follow strong
    /// links (to "true") and weak links (to "false"); every candidate B
    /// reached true gives "A or B", so a candidate weakly linked to both
    /// is false. `one_digit`: links of one digit only (X-chain).
    pub(super) fn chain(&self, one_digit: bool) -> Option<Step> {
        let nodes: Vec<Node> = self
            .open_cells()
            .into_iter()
            .flat_map(|c| digits_of(self.cands[usize::from(c)]).map(move |d| (c, d)))
            .collect();
        // Each candidate's node, by cell and digit.
        let mut id = vec![usize::MAX; self.value.len() * self.n];
        for (i, &(c, d)) in nodes.iter().enumerate() {
            id[usize::from(c) * self.n + usize::from(d - 1)] = i;
        }
        let index = |(c, d): Node| {
            Some(id[usize::from(c) * self.n + usize::from(d - 1)]).filter(|&i| i != usize::MAX)
        };
        // Links, built once: strong and weak neighbours of each node. The
        // strong ones from each digit's houses with two places left, and
        // each cell with two digits left.
        let mut strong: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
        let mut link = |a: Node, b: Node| {
            if let (Some(i), Some(j)) = (index(a), index(b)) {
                if !strong[i].contains(&j) {
                    strong[i].push(j);
                    strong[j].push(i);
                }
            }
        };
        for d in 1..=self.n as u8 {
            for (a, b) in self.strong_links(d) {
                link((a, d), (b, d));
            }
        }
        if !one_digit {
            for c in self.open_cells() {
                let m = self.cands[usize::from(c)];
                if m.count_ones() == 2 {
                    let d = m.trailing_zeros() as u8 + 1;
                    link((c, d), (c, (m & (m - 1)).trailing_zeros() as u8 + 1));
                }
            }
        }
        // Weak neighbours: the node's digit in the cells it sees; the
        // cell's other digits. Node i's are `weak[weak_at[i]..weak_at[i + 1]]`.
        let (mut weak, mut weak_at) = (Vec::new(), Vec::with_capacity(nodes.len() + 1));
        for &(c, d) in &nodes {
            weak_at.push(weak.len());
            let bit = 1u32 << (d - 1);
            weak.extend(
                self.sight.peers[usize::from(c)]
                    .iter()
                    .filter(|&&p| self.cands[usize::from(p)] & bit != 0)
                    .filter_map(|&p| index((p, d))),
            );
            if !one_digit {
                weak.extend(digits_of(self.cands[usize::from(c)] & !bit).filter_map(|e| index((c, e))));
            }
        }
        weak_at.push(weak.len());
        let (technique, difficulty) =
            if one_digit { ("X-Chain", 65) } else { ("Alternating Inference Chain", 70) };
        let holders = self.holders();
        // One buffer for every search: a node's parent counts only when
        // stamped with the search's number.
        let mut parent: Vec<[(u32, usize); 2]> = vec![[(0, 0); 2]; nodes.len()];
        let mut queue = std::collections::VecDeque::new();
        for (stamp, start) in (1u32..).zip(0..nodes.len()) {
            if strong[start].is_empty() {
                continue;
            }
            // Breadth first: (node, true?, links so far) with its parent,
            // so the chain found is a shortest one, of MAX_LINKS at most.
            queue.clear();
            queue.push_back((start, false, 0));
            parent[start][0] = (stamp, start);
            while let Some((at, on, links)) = queue.pop_front() {
                if links == MAX_LINKS {
                    continue;
                }
                let next = if on { &weak[weak_at[at]..weak_at[at + 1]] } else { &strong[at][..] };
                for &to in next {
                    let slot = usize::from(!on);
                    if parent[to][slot].0 == stamp {
                        continue;
                    }
                    parent[to][slot] = (stamp, at);
                    if !on {
                        if let Some(found) = self.chain_elims(nodes[start], nodes[to], &holders) {
                            let path = chain_path(&parent, stamp, start, to);
                            let name = |i: &usize| {
                                let (c, d) = nodes[*i];
                                format!("{}={d}", self.puzzle.cell_name(usize::from(c)))
                            };
                            let reason = path.iter().map(name).collect::<Vec<_>>().join(" ");
                            let (place, elim) = found;
                            return Some(step(technique, difficulty, reason, place, elim));
                        }
                    }
                    queue.push_back((to, !on, links + 1));
                }
            }
        }
        None
    }

    /// What "A or B" (two candidates) gives: the candidates weakly linked
    /// to both lose; `A or A` places A. `None` when nothing.
    fn chain_elims(&self, a: Node, b: Node, holders: &[u64]) -> Option<(Vec<Node>, Vec<Node>)> {
        // Each case asks first whether there is anything, without
        // allocating: most pairs a chain reaches give nothing.
        if a == b {
            Some((vec![a], Vec::new()))
        } else if a.1 == b.1 {
            // A cell holding the digit that sees both (a peer is never
            // the cell itself).
            let digit = &holders[usize::from(a.1 - 1) * self.words..][..self.words];
            let (pa, pb) = (self.peers_of(a.0), self.peers_of(b.0));
            if (0..self.words).all(|w| pa[w] & pb[w] & digit[w] == 0) {
                return None;
            }
            Some((Vec::new(), self.seeing_all(&[a.0, b.0], a.1)))
        } else if a.0 == b.0 {
            let keep = 1u32 << (a.1 - 1) | 1 << (b.1 - 1);
            let rest = self.cands[usize::from(a.0)] & !keep;
            (rest != 0).then(|| (Vec::new(), digits_of(rest).map(|d| (a.0, d)).collect()))
        } else if self.sees(a.0, b.0) {
            let has = |(c, d): Node| self.cands[usize::from(c)] & 1 << (d - 1) != 0;
            let elim: Vec<Node> = [(b.0, a.1), (a.0, b.1)].into_iter().filter(|&x| has(x)).collect();
            (!elim.is_empty()).then_some((Vec::new(), elim))
        } else {
            None
        }
    }
}

/// The most links a chain has: longer ones are rare in a person's solving
/// and make the search slow on large grids.
const MAX_LINKS: usize = 12;

/// The chain from `start` (false) to `end` (true), as node indices, from
/// the parents stamped `stamp`.
fn chain_path(parent: &[[(u32, usize); 2]], stamp: u32, start: usize, end: usize) -> Vec<usize> {
    let mut path = vec![end];
    let (mut at, mut on) = (end, true);
    while at != start || on {
        let (mark, prev) = parent[at][usize::from(on)];
        if mark != stamp || path.len() > 2 * MAX_LINKS + 2 {
            break;
        }
        path.push(prev);
        at = prev;
        on = !on;
    }
    path.reverse();
    path
}
