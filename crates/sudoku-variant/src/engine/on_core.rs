//! Variants of the classic 9×9 grid whose only extra rules are drawn
//! constraints (odd cells, thermometers, dots, lines, outside clues, ...):
//! `sudoku-core`'s band solver does the rows, columns and boxes, and the
//! constraints' kinds narrow the candidates at each of its fixpoints
//! ([`sudoku_core::ExtraRules`]). The classic part then costs what a
//! classic puzzle costs (a few microseconds), where the general search
//! spends ten times that on its house counts.
//!
//! A network qualifies ([`fits`]) when its houses are the classic 27, no
//! rule of the whole grid adds peers (diagonals, knight's moves, ...), and
//! it has no sum cages. The peers drawn groups add (a thermometer's or a
//! renban's cells differ) are kept here: a placed digit leaves them; so are
//! the non-consecutive pairs (non-consecutive, the white dots' negative
//! constraint), with the general search's rule for them. Then the
//! constraints' narrowing, those peers and pairs are all the general
//! search adds to the classic rules, and both searches find the same
//! solutions.

use sudoku_core::{ExtraRules, Verdict, PEERS, UNITS};

use super::network::Network;
use super::search::{all_set, next_stale, Interrupt, STOP_CHECK};
use crate::constraint::Candidates;

/// Whether a shape's dense cells (`canvas`), houses (`house_cells`, nine
/// cells each) and peer lists (`peer_start`) are the classic 9×9 grid's:
/// the canvas row-major, the houses the rows, columns and boxes in any
/// order, and 20 peers a cell (more would be a rule's: a diagonal, a
/// knight's move). Once per shape.
pub(super) fn is_classic_9x9(canvas: &[u16], house_cells: &[u16], peer_start: &[u32]) -> bool {
    if canvas.len() != 81 || house_cells.len() != 27 * 9 {
        return false;
    }
    if canvas.iter().enumerate().any(|(i, &c)| usize::from(c) != i) {
        return false;
    }
    if peer_start.windows(2).any(|w| w[1] - w[0] != 20) {
        return false;
    }
    let mut classic: Vec<[u16; 9]> = UNITS.iter().map(|unit| unit.map(u16::from)).collect();
    let mut houses: Vec<[u16; 9]> = house_cells
        .chunks_exact(9)
        .map(|h| {
            let mut cells: [u16; 9] = h.try_into().unwrap_or([0; 9]);
            cells.sort_unstable();
            cells
        })
        .collect();
    classic.sort_unstable();
    houses.sort_unstable();
    houses == classic
}

/// The peers a network has beyond the classic ones (its drawn groups'),
/// when it is the classic grid plus constraints (see the module docs).
pub(super) fn fits(net: &Network) -> Option<ExtraPeers> {
    if net.n != 9 || !net.shape.classic_9x9 || !net.cages.is_empty() {
        return None;
    }
    // The drawn groups' pairs that no row, column or box already holds.
    let sees = |a: u16, b: u16| a == b || PEERS[usize::from(a)].contains(&(b as u8));
    let mut pairs: Vec<(u16, u16)> = Vec::new();
    for group in &net.drawn_groups {
        for &a in group {
            pairs.extend(group.iter().filter(|&&b| !sees(a, b)).map(|&b| (a, b)));
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    let mut extra = ExtraPeers { start: vec![0; 82], peers: Vec::new(), cells: Vec::new() };
    let mut next = pairs.iter().peekable();
    for c in 0..81u16 {
        while let Some(&(_, b)) = next.next_if(|&&(a, _)| a == c) {
            extra.peers.push(b);
        }
        extra.start[usize::from(c) + 1] = extra.peers.len() as u32;
        if extra.start[usize::from(c) + 1] > extra.start[usize::from(c)] || !net.nc(usize::from(c)).is_empty()
        {
            extra.cells.push(c);
        }
    }
    Some(extra)
}

/// Each cell's peers beyond the classic ones (a drawn group's):
/// `peers[start[c]..start[c + 1]]`.
#[derive(Debug, Clone)]
pub(super) struct ExtraPeers {
    start: Vec<u32>,
    peers: Vec<u16>,
    /// The cells with extra peers or non-consecutive neighbours.
    cells: Vec<u16>,
}

impl ExtraPeers {
    fn of(&self, cell: usize) -> &[u16] {
        &self.peers[self.start[cell] as usize..self.start[cell + 1] as usize]
    }
}

/// The constraints of a network that [`fits`], as the core solver's extra
/// rules: each narrows when one of its cells changed since it last did.
pub(super) struct Constraints<'a> {
    net: &'a Network,
    extra: &'a ExtraPeers,
    /// The cells as the last call left them, when it ended without a
    /// contradiction: a constraint none of whose cells differs from them
    /// has nothing new to give (a kind reads only its own cells).
    last: Option<[u16; 81]>,
    /// The constraints to narrow, a bit each.
    stale: Vec<u64>,
    /// Calls so far (the interrupt is looked at every [`STOP_CHECK`]).
    calls: u64,
    interrupt: Interrupt<'a>,
    /// The interrupt stopped the search.
    interrupted: bool,
    /// Each cell's failures plus one: how many contradictions a constraint
    /// of it found; steers [`ExtraRules::choose`] as in the general search.
    weight: [u32; 81],
}

impl<'a> Constraints<'a> {
    pub(super) fn new(net: &'a Network, extra: &'a ExtraPeers, interrupt: Interrupt<'a>) -> Self {
        Constraints {
            net,
            extra,
            last: None,
            stale: Vec::new(),
            calls: 0,
            interrupt,
            interrupted: false,
            weight: [1; 81],
        }
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
        match self.last.take() {
            None => all_set(&mut self.stale, net.constraints.len()),
            Some(last) => {
                for (c, _) in cells.iter().zip(&last).enumerate().filter(|(_, (a, b))| a != b) {
                    mark(&mut self.stale, net.constraints_of(c));
                }
            }
        }
        let mut board = Board { cells, net, stale: &mut self.stale, failed: false };
        // A placed digit leaves the drawn groups' peers, and a cell's
        // non-consecutive neighbours lose what it leaves no room beside
        // (as `State::nc_pairs` in the general search), until nothing
        // changes.
        let mut again = !self.extra.cells.is_empty();
        while again {
            again = false;
            for &c in &self.extra.cells {
                let c = usize::from(c);
                let x = board.cells[c];
                if x & (x - 1) == 0 {
                    for &p in self.extra.of(c) {
                        again |= board.cells[usize::from(p)] & x != 0;
                        if !board.remove(p, u32::from(x)) {
                            return Verdict::Contradiction;
                        }
                    }
                }
                let near = net.nc(c);
                if near.is_empty() {
                    continue;
                }
                let low = x & x.wrapping_neg();
                let drop = match 15 - x.leading_zeros() - x.trailing_zeros() {
                    0 => (x << 1 | x >> 1) & 0x1ff,
                    1 => x,
                    2 => low << 1,
                    _ => continue,
                };
                for &p in near {
                    again |= board.cells[usize::from(p)] & drop != 0;
                    if !board.remove(p, u32::from(drop)) {
                        return Verdict::Contradiction;
                    }
                }
            }
        }
        // One pass: a constraint another one made stale behind it waits for
        // the next call, after the classic rules took in this one's work.
        let mut word = 0;
        while let Some(k) = next_stale(board.stale, &mut word) {
            let (kind, instance) = &net.constraints[k];
            if !kind.narrow(instance, 9, &mut board) || board.failed {
                for &c in instance.parts.iter().flatten() {
                    let w = &mut self.weight[usize::from(c)];
                    *w = w.saturating_add(1);
                }
                return Verdict::Contradiction;
            }
        }
        self.last = Some(*cells);
        Verdict::Consistent
    }

    /// The open cell with the fewest digits for its weight ("dom/wdeg", as
    /// the general search branches).
    fn choose(&mut self, cells: &[u16; 81]) -> Option<usize> {
        let (mut best, mut best_count, mut best_weight) = (None, u64::MAX, 1u64);
        for (i, (&x, &w)) in cells.iter().zip(&self.weight).enumerate() {
            let k = u64::from(x.count_ones());
            if k >= 2 && k * best_weight < best_count * u64::from(w) {
                (best, best_count, best_weight) = (Some(i), k, u64::from(w));
            }
        }
        best
    }
}

/// Marks `constraints` stale.
fn mark(stale: &mut [u64], constraints: &[u32]) {
    for &k in constraints {
        stale[k as usize / 64] |= 1 << (k % 64);
    }
}

/// The cells as the constraints see them ([`Candidates`]): a removal marks
/// the constraints of its cell stale.
struct Board<'c, 's> {
    cells: &'c mut [u16; 81],
    net: &'c Network,
    stale: &'s mut [u64],
    /// A removal left a cell no digit.
    failed: bool,
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
        mark(self.stale, self.net.constraints_of(c));
        true
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::network::Network;
    use super::super::VariantSolver;
    use crate::{kind_named, Constraint, Kinds, Puzzle, KINDS};

    /// Every solution up to `limit`, sorted, by the core path or the
    /// general search.
    fn solutions(puzzle: &Puzzle, core: bool, limit: u64) -> (Vec<Vec<u8>>, bool) {
        let mut solver = VariantSolver::new(puzzle);
        solver.use_core = core;
        let mut all = Vec::new();
        solver.for_each_solution(puzzle.givens(), limit, |s| all.push(s.to_vec()));
        all.sort();
        (all, solver.core.is_some())
    }

    /// Random 9x9 puzzles of one to three drawn kinds (true of a random
    /// grid, or blind: drawn on another grid than the givens'), some with
    /// a negative rule: the core path finds exactly the general search's
    /// solutions, each of which the rules' own check accepts.
    #[test]
    fn the_core_path_finds_the_general_searchs_solutions() {
        let mut rng = ChaCha8Rng::seed_from_u64(47);
        let drawn: Vec<_> = KINDS.iter().filter(|k| !k.global() && !k.tiles()).collect();
        let negative: Vec<_> =
            ["kropki-negative", "white-negative", "black-negative", "xv-negative", "non-consecutive"]
                .iter()
                .filter_map(|name| kind_named(name))
                .collect();
        let blank = Puzzle::blank(9).unwrap();
        let random_grid = |rng: &mut ChaCha8Rng| {
            VariantSolver::new(&blank).solve_random(&[0; 81], rng, u64::MAX).unwrap().unwrap()
        };
        const LIMIT: u64 = 40;
        let (mut on_core, mut none, mut one, mut many) = (0, 0, 0, 0);
        for round in 0..200 {
            let grid = random_grid(&mut rng);
            let mut constraints = Vec::new();
            for _ in 0..rng.gen_range(1..=3) {
                let kind = *drawn[rng.gen_range(0..drawn.len())];
                let mut instances = kind.sprinkle(&blank, &grid, &mut rng);
                instances.truncate(rng.gen_range(1..=6));
                constraints.extend(instances.into_iter().map(|i| Constraint::of(kind, i)));
            }
            let mut rules = Kinds::NONE;
            if round % 4 == 0 {
                rules.insert(negative[rng.gen_range(0..negative.len())]);
            }
            // Blind rounds take their givens from another grid.
            let source = if round % 3 == 0 { random_grid(&mut rng) } else { grid.clone() };
            let givens = source.iter().map(|&d| if rng.gen_bool(0.3) { d } else { 0 }).collect();
            let Ok(puzzle) = blank
                .with_rules(rules)
                .and_then(|p| p.with_constraints(constraints))
                .and_then(|p| p.with_givens(givens))
            else {
                continue;
            };
            let (core, used) = solutions(&puzzle, true, LIMIT);
            let (general, _) = solutions(&puzzle, false, LIMIT);
            // Below the limit both saw every solution; at it, each its
            // first ones in its own order.
            if core.len() < LIMIT as usize || general.len() < LIMIT as usize {
                assert_eq!(core, general, "round {round}: {}", puzzle.to_json(None));
            }
            for s in &core {
                assert!(puzzle.check_solution(s).is_ok(), "round {round}");
            }
            on_core += usize::from(used);
            match core.len() {
                0 => none += 1,
                1 => one += 1,
                k if k < LIMIT as usize => many += 1,
                _ => {}
            }
        }
        assert!(on_core > 150 && none > 10 && one > 3 && many > 10, "{on_core} {none} {one} {many}");
    }

    /// Non-consecutive and the white dots' negative constraint, on the
    /// fixtures' non-consecutive grids with some of their digits as
    /// givens: the same solutions both ways, among them the grid's own.
    #[test]
    fn non_consecutive_pairs_on_the_core_path_find_the_general_searchs_solutions() {
        let mut rng = ChaCha8Rng::seed_from_u64(48);
        let text = include_str!("../../../../fixtures/variant/non-consecutive.jsonl");
        let (mut checked, mut many) = (0, 0);
        for line in text.lines() {
            let puzzle = Puzzle::from_json(line).unwrap().puzzle;
            // (Some lines have no solution, on purpose.)
            let Some(grid) = puzzle.solve_one() else { continue };
            for (rule, keep) in [("non-consecutive", 0.25), ("kropki-negative", 0.2), ("white-negative", 0.3)]
            {
                let givens: Vec<u8> = grid.iter().map(|&d| if rng.gen_bool(keep) { d } else { 0 }).collect();
                let mut rules = Kinds::NONE;
                rules.insert(kind_named(rule).unwrap());
                let puzzle =
                    Puzzle::blank(9).unwrap().with_rules(rules).unwrap().with_givens(givens).unwrap();
                let (core, used) = solutions(&puzzle, true, 40);
                let (general, _) = solutions(&puzzle, false, 40);
                assert!(used, "{rule}");
                if core.len() < 40 || general.len() < 40 {
                    assert_eq!(core, general, "{rule}: {}", puzzle.to_json(None));
                    // (Kropki's negative constraint bans unmarked halves and
                    // doubles too, which the grid may have.)
                    assert!(rule == "kropki-negative" || core.contains(&grid), "{rule}");
                }
                checked += 1;
                many += usize::from(core.len() > 1);
            }
        }
        assert!(checked >= 90 && many > 5, "{checked} {many}");
    }

    /// Which networks go to the core solver: the classic grid with drawn
    /// constraints and negative rules, not a rule that adds houses or
    /// peers, nor sum cages or other layouts.
    #[test]
    fn only_the_classic_grid_with_drawn_constraints_fits() {
        let fits =
            |json: &str| super::fits(&Network::new(&Puzzle::from_json(json).unwrap().puzzle)).is_some();
        let blank = ".".repeat(81);
        let with = |rules: &str, constraints: &str| {
            format!(r#"{{"size":9,"givens":"{blank}","rules":[{rules}],"constraints":[{constraints}]}}"#)
        };
        let thermo = r#"{"kind":"thermo","cells":["r1c1","r1c2","r1c3"]}"#;
        assert!(fits(&with("", thermo)));
        assert!(fits(&with(r#""black-negative""#, r#"{"kind":"odd","cell":"r5c5"}"#)));
        assert!(fits(&with(r#""non-consecutive""#, thermo)));
        for rule in ["x", "windoku", "anti-knight", "anti-king", "argyle", "disjoint-groups"] {
            assert!(!fits(&with(&format!("\"{rule}\""), thermo)), "{rule}");
        }
        assert!(!fits(&with("", r#"{"kind":"killer","cells":["r1c1","r1c2"],"sum":3}"#)));
        assert!(!fits(&format!(r#"{{"size":6,"givens":"{}","constraints":[{thermo}]}}"#, ".".repeat(36))));
    }
}
