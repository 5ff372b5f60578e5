//! The ladder's steps for cages with sums (killer, and any kind that says
//! it is one: [`crate::Kind::cage`]): the rule of 45 over areas (houses,
//! runs of rows or columns, boxes joined edge to edge), cage splits, the
//! digits every combination needs, and hidden cage combinations.

use super::{digits_of, step, Board, Step};
use crate::constraint::combinations;

/// An area the rule of 45 looks at, and what its cages say of it: the sums
/// of its innies and outies do not change as the puzzle is solved.
pub(super) struct Area {
    /// Its name: `row 3`, `rows 1-3`, `box at r1c1 + box at r1c4`.
    name: String,
    /// The houses it holds (its digits add up to that many n(n+1)/2).
    houses: u32,
    /// The innies with their sum, then, when every innie lies in a cage
    /// it cuts, the outies with theirs.
    sides: Vec<Side>,
}

/// The innies or the outies of an area.
struct Side {
    cells: Vec<u16>,
    /// What they add up to.
    sum: u32,
    /// `"innie"` or `"outie"`.
    name: &'static str,
    /// The cage (an index in [`Board::cages`]) holding every one of the
    /// cells and more, which their sum splits in two.
    split: Option<usize>,
}

impl Side {
    fn new(cells: Vec<u16>, sum: u32, name: &'static str, cages: &[(Vec<u16>, u32)]) -> Side {
        let split = cells.first().and_then(|first| {
            let k = cages.iter().position(|(cage, _)| cage.contains(first))?;
            let cage = &cages[k].0;
            (cage.len() > cells.len() && cells.iter().all(|c| cage.contains(c))).then_some(k)
        });
        Side { cells, sum, name, split }
    }
}

impl Area {
    /// The area of `cells` holding `houses` houses of `n` digits, under
    /// `cages` (disjoint); `scratch` is all false, one entry a canvas
    /// position, and is left so.
    pub(super) fn new(
        cells: Vec<u16>,
        houses: u32,
        name: String,
        n: usize,
        cages: &[(Vec<u16>, u32)],
        scratch: &mut [bool],
    ) -> Area {
        let total = houses * (n * (n + 1) / 2) as u32;
        for &c in &cells {
            scratch[usize::from(c)] = true;
        }
        let (mut inside, mut cut_sum) = (0u32, 0u32);
        let mut caged: Vec<u16> = Vec::new();
        let mut outies: Vec<u16> = Vec::new();
        for (cage, sum) in cages {
            let within = cage.iter().filter(|&&c| scratch[usize::from(c)]).count();
            if within == cage.len() {
                inside += sum;
                caged.extend(cage);
            } else if within > 0 {
                cut_sum += sum;
                outies.extend(cage.iter().copied().filter(|&c| !scratch[usize::from(c)]));
            }
        }
        let mut sides = Vec::new();
        if inside <= total {
            for &c in &caged {
                scratch[usize::from(c)] = false;
            }
            let innies: Vec<u16> = cells.iter().copied().filter(|&c| scratch[usize::from(c)]).collect();
            // Every innie in a cut cage: the outies' sum is known too.
            let all_cut = innies.iter().all(|c| cages.iter().any(|(cage, _)| cage.contains(c)));
            sides.push(Side::new(innies, total - inside, "innie", cages));
            if all_cut && cut_sum + inside >= total {
                sides.push(Side::new(outies, cut_sum + inside - total, "outie", cages));
            }
        }
        for &c in &cells {
            scratch[usize::from(c)] = false;
        }
        Area { name, houses, sides }
    }
}

impl Board<'_> {
    /// The rule of 45 on each area ([`Board::areas`]: a house, or a run
    /// of rows or columns): its digits add up to n(n+1)/2 a house, so the
    /// cells it holds outside its whole cages (the innies) add up to that
    /// less the cages' sums, and the cells out of it of the cages it cuts
    /// (the outies) to those cages' sums less the innies'. With `as_cage`
    /// false, one open innie or outie left takes the digit that sum
    /// leaves; with it true, the open innies of one house (distinct) are
    /// narrowed as a cage of their sum.
    pub(super) fn rule_of_45(&self, as_cage: bool) -> Option<Step> {
        if self.cages.is_empty() {
            return None;
        }
        let mut open: Vec<u16> = Vec::new();
        for Area { name, houses, sides } in &self.areas {
            if as_cage && *houses > 1 {
                continue;
            }
            for &Side { ref cells, sum, name: side, .. } in sides {
                let known: u32 = cells.iter().map(|&c| u32::from(self.value[usize::from(c)])).sum();
                open.clear();
                open.extend(cells.iter().copied().filter(|&c| self.value[usize::from(c)] == 0));
                let Some(left) = sum.checked_sub(known) else { continue };
                let reason = || format!("{name}: {side}s add up to {sum}");
                match (as_cage, &open[..]) {
                    (false, [only]) => {
                        let d = left as u8;
                        if (1..=self.n as u32).contains(&left)
                            && self.cands[usize::from(*only)] & 1 << (d - 1) != 0
                        {
                            return Some(step("Rule of 45", 22, reason(), vec![(*only, d)], Vec::new()));
                        }
                    }
                    (true, open) if side == "innie" && (2..=4).contains(&open.len()) => {
                        let fits = |m: u32| open.iter().all(|&c| self.cands[usize::from(c)] & m != 0);
                        let allowed = combinations(self.n, open.len(), left)
                            .into_iter()
                            .filter(|&m| fits(m))
                            .fold(0, |a, m| a | m);
                        let elim: Vec<(u16, u8)> = open
                            .iter()
                            .flat_map(|&c| {
                                digits_of(self.cands[usize::from(c)] & !allowed).map(move |d| (c, d))
                            })
                            .collect();
                        if !elim.is_empty() && allowed != 0 {
                            return Some(step("Rule of 45", 28, reason(), Vec::new(), elim));
                        }
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// The rule of 45 splits a cage: when an area's innies (or outies), of
    /// a known sum, are part of one cage, they and the cage's other cells
    /// are two cages of their own (distinct digits, the two sums), each
    /// with the combinations that fit its cells and leave a combination
    /// of the other part.
    pub(super) fn cage_split(&self) -> Option<Step> {
        for area in &self.areas {
            for side in &area.sides {
                let Some(k) = side.split else { continue };
                let (cage, total) = (&self.cages[k].0, self.cages[k].1);
                let Some(rest_sum) = total.checked_sub(side.sum) else { continue };
                let rest: Vec<u16> = cage.iter().copied().filter(|c| !side.cells.contains(c)).collect();
                let placed = self.placed_mask(cage);
                // Each part's fitting combinations of its open cells.
                let fitting = |cells: &[u16], sum: u32| -> Option<(Vec<u16>, Vec<u32>)> {
                    let known: u32 = cells.iter().map(|&c| u32::from(self.value[usize::from(c)])).sum();
                    let open: Vec<u16> =
                        cells.iter().copied().filter(|&c| self.value[usize::from(c)] == 0).collect();
                    let combos: Vec<u32> = combinations(self.n, open.len(), sum.checked_sub(known)?)
                        .into_iter()
                        .filter(|&m| {
                            m & placed == 0 && open.iter().all(|&c| self.cands[usize::from(c)] & m != 0)
                        })
                        .collect();
                    (!combos.is_empty()).then_some((open, combos))
                };
                let Some((open_a, combos_a)) = fitting(&side.cells, side.sum) else { continue };
                let Some((open_b, combos_b)) = fitting(&rest, rest_sum) else { continue };
                let keep = |mine: &[u32], theirs: &[u32]| {
                    mine.iter().filter(|&&m| theirs.iter().any(|&t| t & m == 0)).fold(0u32, |a, &m| a | m)
                };
                let (allowed_a, allowed_b) = (keep(&combos_a, &combos_b), keep(&combos_b, &combos_a));
                if allowed_a == 0 || allowed_b == 0 {
                    continue;
                }
                let elim: Vec<(u16, u8)> = [(&open_a, allowed_a), (&open_b, allowed_b)]
                    .into_iter()
                    .flat_map(|(open, allowed)| {
                        open.iter().flat_map(move |&c| {
                            digits_of(self.cands[usize::from(c)] & !allowed).map(move |d| (c, d))
                        })
                    })
                    .collect();
                if !elim.is_empty() {
                    let first = self.puzzle.cell_name(usize::from(cage[0]));
                    let reason = format!(
                        "{}: {}s add up to {}, so the cage at {first} (sum {total}) splits {} + {rest_sum}",
                        area.name, side.name, side.sum, side.sum
                    );
                    return Some(step("Cage Split", 29, reason, Vec::new(), elim));
                }
            }
        }
        None
    }

    /// A digit every combination of a cage's sum that fits its cells needs
    /// (so one of its cells holds it) leaves every other cell that sees all
    /// the cage's cells that may hold it.
    pub(super) fn cage_needs(&self) -> Option<Step> {
        for (cells, sum) in &self.cages {
            let placed = self.placed_mask(cells);
            let fits = |m: u32| m & placed == placed && cells.iter().all(|&c| self.get(c) & m != 0);
            let combos = combinations(self.n, cells.len(), *sum);
            let mut fitting = combos.into_iter().filter(|&m| fits(m)).peekable();
            if fitting.peek().is_none() {
                continue;
            }
            let need = fitting.fold(u32::MAX, |a, m| a & m) & !placed;
            for d in digits_of(need) {
                let bit = 1u32 << (d - 1);
                let spots: Vec<u16> =
                    cells.iter().copied().filter(|&c| self.cands[usize::from(c)] & bit != 0).collect();
                let Some((&first, rest)) = spots.split_first() else { continue };
                let elim: Vec<(u16, u8)> = self.sight.peers[usize::from(first)]
                    .iter()
                    .copied()
                    .filter(|&p| self.cands[usize::from(p)] & bit != 0 && !spots.contains(&p))
                    .filter(|&p| rest.iter().all(|&r| self.sight.peers[usize::from(r)].contains(&p)))
                    .map(|p| (p, d))
                    .collect();
                if !elim.is_empty() {
                    let first = self.puzzle.cell_name(usize::from(cells[0]));
                    let reason = format!("cage at {first} (sum {sum}) needs {d}");
                    return Some(step("Cage Needs", 27, reason, Vec::new(), elim));
                }
            }
        }
        None
    }

    /// A digit whose every place in a house lies in one cage (with a sum)
    /// is in that cage: the cage's combinations that lack it go, and the
    /// cage's cells keep only digits of those left (a *hidden cage
    /// combination*).
    pub(super) fn hidden_cage_combination(&self) -> Option<Step> {
        for (cells, sum) in &self.cages {
            let placed = self.placed_mask(cells);
            let open: Vec<u16> = cells.iter().copied().filter(|&c| self.value[usize::from(c)] == 0).collect();
            if open.is_empty() {
                continue;
            }
            let fits = |m: u32| m & placed == placed && cells.iter().all(|&c| self.get(c) & m != 0);
            let fitting: Vec<u32> =
                combinations(self.n, cells.len(), *sum).into_iter().filter(|&m| fits(m)).collect();
            let allowed = fitting.iter().fold(0, |a, &m| a | m);
            for (house, _, name) in &self.houses {
                // Digits with places in this house, every one in the cage.
                let (mut inside, mut outside) = (0u32, 0u32);
                for &c in house {
                    let here = self.cands[usize::from(c)];
                    match cells.contains(&c) {
                        true => inside |= here,
                        false => outside |= here,
                    }
                }
                let hidden = inside & !outside & !placed;
                if hidden == 0 {
                    continue;
                }
                let keep = fitting.iter().filter(|&&m| m & hidden == hidden).fold(0, |a, &m| a | m);
                if keep == 0 {
                    continue;
                }
                let elim: Vec<(u16, u8)> = open
                    .iter()
                    .flat_map(|&c| {
                        digits_of(self.cands[usize::from(c)] & allowed & !keep).map(move |d| (c, d))
                    })
                    .collect();
                if !elim.is_empty() {
                    let first = self.puzzle.cell_name(usize::from(cells[0]));
                    let digits: Vec<String> = digits_of(hidden).map(|d| d.to_string()).collect();
                    let reason =
                        format!("{name}: {} only in the cage at {first} (sum {sum})", digits.join(","));
                    return Some(step("Hidden Cage Combination", 29, reason, Vec::new(), elim));
                }
            }
        }
        None
    }
}

/// Every two or three boxes (or jigsaw regions) of `houses` (those marked
/// as boxes or regions) joined edge to edge, on a canvas of side `side`:
/// the cells, the number of houses and a name (`box at r1c1 + box at r1c4`),
/// in the lexicographic order of the boxes' indices (each set before the
/// sets it starts).
pub(super) fn joined_regions(
    houses: &[(Vec<u16>, bool, String)],
    side: usize,
) -> Vec<(Vec<u16>, u32, String)> {
    /// The most boxes an area joins. Four changed the ratings of 46 of
    /// 8,000 published killers (their rank correlation with the
    /// publisher's order went from 0.218 to 0.219) and made grading them
    /// 10 % slower, easy killer generation 50 % (issue 45,
    /// `2026-11-29-issue45-scale-meaning.md`).
    const MOST: usize = 3;
    let regions: Vec<&(Vec<u16>, bool, String)> = houses.iter().filter(|h| h.1).collect();
    let edge = |a: u16, b: u16| {
        let (a, b) = (usize::from(a), usize::from(b));
        (a / side).abs_diff(b / side) + (a % side).abs_diff(b % side) == 1
    };
    let touch: Vec<Vec<bool>> = (0..regions.len())
        .map(|i| {
            (0..regions.len())
                .map(|j| i != j && regions[i].0.iter().any(|&a| regions[j].0.iter().any(|&b| edge(a, b))))
                .collect()
        })
        .collect();
    let connected = |picks: &[usize]| {
        let mut reached = vec![picks[0]];
        let mut k = 0;
        while k < reached.len() {
            let at = reached[k];
            for &p in picks {
                if touch[at][p] && !reached.contains(&p) {
                    reached.push(p);
                }
            }
            k += 1;
        }
        reached.len() == picks.len()
    };
    let mut out = Vec::new();
    let mut picks = Vec::with_capacity(MOST);
    fn walk(from: usize, n: usize, picks: &mut Vec<usize>, visit: &mut dyn FnMut(&[usize])) {
        for i in from..n {
            picks.push(i);
            visit(picks);
            if picks.len() < MOST {
                walk(i + 1, n, picks, visit);
            }
            picks.pop();
        }
    }
    walk(0, regions.len(), &mut picks, &mut |picks: &[usize]| {
        if picks.len() >= 2 && connected(picks) {
            let cells = picks.iter().flat_map(|&i| regions[i].0.iter().copied()).collect();
            let name = picks.iter().map(|&i| regions[i].2.as_str()).collect::<Vec<_>>().join(" + ");
            out.push((cells, picks.len() as u32, name));
        }
    });
    out
}
