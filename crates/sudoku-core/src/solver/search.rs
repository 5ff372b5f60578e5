//! The resumable depth-first search over an explicit stack, and the
//! instruction set it runs with.
//!
//! ## Search
//!
//! At a fixpoint the search picks the band with the fewest open cells (then
//! the fewest configurations of its digits in all), and in it the digit
//! with the fewest configurations (at least two), and tries each
//! configuration in turn, the first one on the current state. When every digit is
//! down to one configuration per band but cells are still open, it
//! branches on a cell instead: its lowest digit, then the state without
//! it. With extra houses that reach over two bands or more, a digit left
//! two places in one of them, in two bands, comes first
//! (`State::house_pair`): one place, then the state without it.
//! An explicit stack of at most 27 + 81 frames (see `MAX_FRAMES`),
//! allocated once, holds the pending branches, so the search never
//! allocates and can pause between solutions, which is what
//! [`Solutions`](super::Solutions) needs.
//!
//! ## Instruction sets
//!
//! Everything under `Search::advance` is inlined into one function, which
//! is compiled three times: for the build's baseline; on x86_64 with AVX2,
//! BMI1/2, LZCNT and POPCNT (bit counts in one instruction, state copies
//! and nine-digit loops in 256-bit registers: 6-10% faster); and with
//! AVX-512 besides, where the band rule also gathers its mini-rows with one
//! `pext` (0-4% faster on the hard sets, near the noise; `pext` is slow on
//! some older processors with BMI2, none with AVX-512). The processor is
//! asked once per process; all versions make exactly the same moves.

use super::cells::{kept_words, DigitWords};
use super::houses::Houses;
use super::state::{unit, Cell, State, Units, ALL_UNITS};
use super::tables::{CONFIGS, MINIROW_CELLS};
use super::{ExtraRules, Relation, SearchStats, Verdict};
use crate::grid::Grid;

/// The triad rule runs only while at least this many cells are open: until
/// the first solution, where a cheap dive pays, ...
const TRIAD_MIN_OPEN_FIND: u32 = 48;
/// ... and once the rest of the tree must be seen (after the first
/// solution of a count or uniqueness test, and throughout
/// `solve_one_excluding`, which expects no solution), where pruning pays:
/// about 3% faster counts on the hard sets; before the first solution it
/// would make the easy serg set 5% slower.
const TRIAD_MIN_OPEN_PROVE: u32 = 40;

/// A pending branch: a state and the units (digit, band) whose bitmaps
/// changed since its last fixpoint.
#[derive(Clone, Copy)]
struct Frame {
    state: State,
    dirty: Units,
    branch: Branch,
}

/// What a frame still has to try.
#[derive(Clone, Copy)]
enum Branch {
    /// Its state, once.
    Ready,
    /// Each configuration in `untried` of `digit` in `band`, applied to
    /// its state.
    Configs { digit: u8, band: u8, untried: u8 },
}

/// No rules beyond the classic ones: the search compiled for it is the
/// classic search, with no look at the cells between fixpoints.
struct NoRules;

impl ExtraRules for NoRules {
    const ACTIVE: bool = false;

    #[inline(always)]
    fn narrow(&mut self, _: &mut [u16; 81]) -> Verdict {
        Verdict::Consistent
    }
}

/// Rules with extra houses: the search compiled for them keeps the houses
/// ([`ExtraRules::houses`]) at each fixpoint.
struct Housed<'r, R>(&'r mut R);

impl<R: ExtraRules> ExtraRules for Housed<'_, R> {
    const HOUSES: bool = true;

    #[inline(always)]
    fn narrow(&mut self, cells: &mut [u16; 81]) -> Verdict {
        self.0.narrow(cells)
    }

    #[inline(always)]
    fn choose(&mut self, cells: &[u16; 81]) -> Option<usize> {
        self.0.choose(cells)
    }

    #[inline(always)]
    fn narrows(&self) -> bool {
        self.0.narrows()
    }

    #[inline(always)]
    fn chooses(&self) -> bool {
        self.0.chooses()
    }

    #[inline(always)]
    fn weights(&self) -> Option<(&[u32; 81], u32)> {
        self.0.weights()
    }

    #[inline(always)]
    fn failed(&mut self, cells: u128) {
        self.0.failed(cells)
    }

    #[inline(always)]
    fn root_masks(&self) -> Option<&[u16; 81]> {
        self.0.root_masks()
    }

    #[inline(always)]
    fn descend(&mut self, parent: &[u16; 81]) {
        self.0.descend(parent)
    }

    #[inline(always)]
    fn settled(&self) -> bool {
        self.0.settled()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The root has not been propagated yet.
    Start,
    /// `current` is a consistent, propagated state to expand.
    Expand,
    /// Resume from the top frame.
    Backtrack,
    /// The search space is exhausted.
    Done,
}

/// The instruction set the search runs with, chosen once at run time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Isa {
    /// The build's baseline (on x86_64: SSE2, no `popcnt`).
    Baseline,
    /// x86_64 with AVX2, BMI1, BMI2, LZCNT and POPCNT (the x86-64-v3
    /// level, every x86 processor since about 2015).
    #[cfg(target_arch = "x86_64")]
    X86V3,
    /// x86-64-v3 with AVX-512 (F, BW, VL, VBMI, VPOPCNTDQ), where `pext`
    /// is fast (Intel since Skylake-SP, AMD since Zen 4).
    #[cfg(target_arch = "x86_64")]
    X86V4,
}

impl Isa {
    /// The best level this processor supports (detected once).
    fn detect() -> Isa {
        static DETECTED: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
        *DETECTED.get_or_init(|| {
            #[cfg(target_arch = "x86_64")]
            if has_x86_v4() {
                return Isa::X86V4;
            }
            #[cfg(target_arch = "x86_64")]
            if has_x86_v3() {
                return Isa::X86V3;
            }
            Isa::Baseline
        })
    }
}

/// Whether this processor has every feature `Search::advance_x86_v3`
/// enables.
#[cfg(target_arch = "x86_64")]
fn has_x86_v3() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// Whether this processor has every feature `Search::advance_x86_v4`
/// enables.
#[cfg(target_arch = "x86_64")]
fn has_x86_v4() -> bool {
    has_x86_v3()
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512vbmi")
        && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
}

/// The search engine behind every entry point. Resumable: each call to
/// [`Search::next_solution`] continues where the previous one stopped.
#[derive(Clone)]
pub(super) struct Search {
    puzzle: Grid,
    /// Candidates removed from the root before it is propagated: a cell
    /// and a digit (0-8), or `None`.
    pub(super) excluded: Option<(Cell, usize)>,
    frames: Vec<Frame>,
    current: State,
    phase: Phase,
    pub(super) stats: SearchStats,
    /// The instruction set [`Search::advance`] runs with.
    isa: Isa,
    /// The triad rule's threshold for this search (see
    /// `TRIAD_MIN_OPEN_FIND`).
    triad_min_open: u32,
    /// With extra rules: stop (unfinished) once this many nodes are
    /// propagated.
    pub(super) node_limit: u64,
    /// The search stopped unfinished: its node limit, or its extra rules
    /// said stop.
    pub(super) stopped: bool,
    /// With extra rules: the cells of the last fixpoint of both rule sets
    /// (as [`State::cells`] gives them), which the branch choice reads.
    fixpoint: [u16; 81],
    /// With extra rules that narrow: the fixpoint of each frame's node,
    /// a frame each (what [`ExtraRules::descend`] is told on the way back).
    fixpoints: Vec<[u16; 81]>,
    /// With extra rules: their extra houses ([`ExtraRules::houses`]), set
    /// at the start of each search.
    houses: Houses,
    /// The last root masks ([`ExtraRules::root_masks`]) and the cells
    /// they keep of each digit: most searches of a puzzle have the same.
    kept: Option<(Box<[u16; 81]>, DigitWords)>,
}

/// The most frames the stack can hold: a configuration frame fixes one of
/// the 27 (digit, band) pairs for the rest of its path, and cell frames
/// come only once every pair is fixed, each placing one of the 81 cells.
const MAX_FRAMES: usize = 27 + 81;

impl Search {
    pub(super) fn new(puzzle: &Grid) -> Self {
        Search {
            puzzle: *puzzle,
            excluded: None,
            frames: Vec::with_capacity(MAX_FRAMES),
            current: State::FULL,
            phase: Phase::Start,
            stats: SearchStats::default(),
            isa: Isa::detect(),
            // The iterator's order: its first solution is `solve_one`'s.
            triad_min_open: TRIAD_MIN_OPEN_FIND,
            node_limit: u64::MAX,
            stopped: false,
            fixpoint: [0; 81],
            fixpoints: Vec::new(),
            houses: Houses::default(),
            kept: None,
        }
    }

    /// Starts a search of `puzzle`: for some solution when `find`, else
    /// one that will see the whole tree.
    pub(super) fn reset(&mut self, puzzle: &Grid, find: bool) {
        self.triad_min_open = if find { TRIAD_MIN_OPEN_FIND } else { TRIAD_MIN_OPEN_PROVE };
        self.puzzle = *puzzle;
        self.excluded = None;
        self.frames.clear();
        self.fixpoints.clear();
        self.phase = Phase::Start;
        self.stats = SearchStats::default();
        self.node_limit = u64::MAX;
        self.stopped = false;
    }

    /// The extra houses and relations of the searches
    /// [`Search::advance_with`] makes next (see [`ExtraRules::houses`] and
    /// [`ExtraRules::relations`]).
    pub(super) fn set_houses(&mut self, cells: &[u128], relations: &[Relation]) {
        self.houses.set(cells);
        self.houses.set_relations(relations);
        self.houses.seen.reset();
    }

    /// The state the search stopped at, as a grid (a solution after
    /// [`Search::advance`] returned true).
    pub(super) fn current_grid(&self) -> Grid {
        self.current.to_grid()
    }

    /// The next solution as a grid, or `None` when there are no more.
    pub(super) fn next_solution(&mut self) -> Option<Grid> {
        self.advance().then(|| self.current.to_grid())
    }

    /// Searches on to the next solution, left in `current`; `false` when
    /// there are no more. Runs the search compiled for the best instruction
    /// set this processor has (see [`Isa`]).
    pub(super) fn advance(&mut self) -> bool {
        self.advance_with(&mut NoRules)
    }

    /// [`Search::advance`] under the classic rules and `rules`.
    pub(super) fn advance_with<R: ExtraRules>(&mut self, rules: &mut R) -> bool {
        // Rules with extra houses run a search compiled with their pass;
        // others (and the classic search) one without it.
        if R::ACTIVE && !self.houses.is_empty() {
            self.advance_on(&mut Housed(rules))
        } else {
            self.advance_on(rules)
        }
    }

    /// The root state: the puzzle's givens placed, and the cells `rules`
    /// limits from the start limited; `None` when they clash.
    #[inline(always)]
    fn root<R: ExtraRules>(&mut self, rules: &R) -> Option<State> {
        let mut root = State::root(&self.puzzle)?;
        if R::ACTIVE {
            if let Some(masks) = rules.root_masks() {
                if self.kept.as_ref().is_none_or(|(last, _)| **last != *masks) {
                    self.kept = Some((Box::new(*masks), kept_words(masks)));
                }
                let kept = self.kept.as_ref().map(|(_, kept)| kept)?;
                return root.limit(kept).then_some(root);
            }
        }
        Some(root)
    }

    /// [`Search::advance_with`] compiled for the best instruction set.
    #[allow(unsafe_code)]
    fn advance_on<R: ExtraRules>(&mut self, rules: &mut R) -> bool {
        match self.isa {
            // SAFETY: `isa` is `X86V3` only when `Isa::detect` found every
            // feature `advance_x86_v3` enables on this processor.
            #[cfg(target_arch = "x86_64")]
            Isa::X86V3 => unsafe { self.advance_x86_v3(rules) },
            // SAFETY: as above, for the features of `advance_x86_v4`.
            #[cfg(target_arch = "x86_64")]
            Isa::X86V4 => unsafe { self.advance_x86_v4(rules) },
            Isa::Baseline => self.advance_here::<false, R>(rules),
        }
    }

    /// [`Search::advance_here`] compiled with AVX2, BMI1/2, LZCNT and
    /// POPCNT: the whole search is inlined into it, so its bit counts, state
    /// copies and nine-digit loops use them.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn advance_x86_v3<R: ExtraRules>(&mut self, rules: &mut R) -> bool {
        self.advance_here::<false, R>(rules)
    }

    /// [`Search::advance_here`] compiled with the features of
    /// [`Search::advance_x86_v3`] and AVX-512, whose processors all run
    /// `pext` in one cycle: the band rule gathers its mini-rows with it
    /// (0-4% faster on the hard sets on a Xeon with AVX-512, near the
    /// noise), and the compiler uses 512-bit and masked vectors where it
    /// sees fit.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512vl,avx512vbmi,avx512vpopcntdq"
    )]
    fn advance_x86_v4<R: ExtraRules>(&mut self, rules: &mut R) -> bool {
        self.advance_here::<true, R>(rules)
    }

    /// The search itself. Each turn of the loop makes one state to
    /// propagate, so propagation (inlined with everything under it) has a
    /// single call site and is compiled once per instruction set.
    /// `FAST_PEXT` (true only under `advance_x86_v4`) gathers the band
    /// rule's mini-rows with one `pext`.
    #[inline(always)]
    fn advance_here<const FAST_PEXT: bool, R: ExtraRules>(&mut self, rules: &mut R) -> bool {
        // Fixed for a search: whether the rules narrow.
        let narrows = R::ACTIVE && rules.narrows();
        let chooses = R::ACTIVE && rules.chooses();
        if narrows {
            // (Once: a search never holds more frames.)
            self.fixpoints.reserve(MAX_FRAMES.saturating_sub(self.fixpoints.len()));
        }
        loop {
            let dirty = match self.phase {
                Phase::Start => match self.root(rules) {
                    Some(mut s) => {
                        if let Some((cell, digit)) = self.excluded {
                            s.cand[cell.band][digit] &= !(1 << cell.bit);
                        }
                        self.current = s;
                        // A root that fails backtracks into an empty stack,
                        // which ends the search.
                        ALL_UNITS
                    }
                    None => {
                        self.stats.nodes += 1;
                        self.stats.backtracks += 1;
                        self.phase = Phase::Done;
                        continue;
                    }
                },
                Phase::Expand => {
                    if self.current.is_complete() {
                        self.phase = Phase::Backtrack;
                        // Whatever comes next (a count, a uniqueness test,
                        // more of a listing) must see the rest of the tree.
                        self.triad_min_open = TRIAD_MIN_OPEN_PROVE;
                        return true;
                    }
                    self.stats.guesses += 1;
                    let chosen = if chooses {
                        // (Rules that narrow keep their last fixpoint's cells.)
                        match rules.weights() {
                            Some((weights, most)) => self.current.lightest_cell(weights, most),
                            None => {
                                if !narrows {
                                    self.fixpoint = self.current.cells();
                                }
                                rules.choose(&self.fixpoint)
                            }
                        }
                    } else {
                        None
                    };
                    // A digit's two places in a house across bands, then
                    // a digit's band configurations, then a cell.
                    let pair = match chosen {
                        None if R::HOUSES => {
                            self.current.house_pair(&self.houses.across, self.houses.disjoint)
                        }
                        _ => None,
                    };
                    let config =
                        if chosen.is_some() || pair.is_some() { None } else { self.current.branch_config() };
                    // (Either way one frame is pushed, with this fixpoint.)
                    if narrows {
                        self.fixpoints.push(self.fixpoint);
                        rules.descend(&self.fixpoint);
                    }
                    if let Some((digit, band, configs)) = config {
                        // The first configuration is tried on `current`
                        // itself; the frame keeps the state for the others
                        // (there are at least two).
                        debug_assert!(self.frames.len() < MAX_FRAMES);
                        self.frames.push(Frame {
                            state: self.current,
                            dirty: 0,
                            branch: Branch::Configs {
                                digit: digit as u8,
                                band: band as u8,
                                untried: configs & (configs - 1),
                            },
                        });
                        let first = configs.trailing_zeros() as usize;
                        self.current.cand[band][digit] &= MINIROW_CELLS[CONFIGS[first] as usize];
                        unit(digit, band)
                    } else {
                        let (cell, digit) = pair.unwrap_or_else(|| {
                            let cell = match chosen {
                                Some(i) => Cell { band: i / 27, bit: (i % 27) as u32 },
                                None => self.current.branch_cell(),
                            };
                            (cell, self.current.digits_at(cell).trailing_zeros() as usize)
                        });
                        let mut other = self.current;
                        other.cand[cell.band][digit] &= !(1 << cell.bit);
                        debug_assert!(self.frames.len() < MAX_FRAMES);
                        self.frames.push(Frame {
                            state: other,
                            dirty: unit(digit, cell.band),
                            branch: Branch::Ready,
                        });
                        let changed =
                            self.current.clear_cell_except(cell, digit) | self.current.place(cell, digit);
                        changed | unit(digit, cell.band)
                    }
                }
                Phase::Backtrack => {
                    let Some(top) = self.frames.last_mut() else {
                        self.phase = Phase::Done;
                        continue;
                    };
                    // (A frame pushed with rules that narrow has its
                    // fixpoint; without one the rules start afresh.)
                    if let Some(parent) = self.fixpoints.last().filter(|_| narrows) {
                        rules.descend(parent);
                    }
                    match &mut top.branch {
                        Branch::Ready => {
                            self.current = top.state;
                            let dirty = top.dirty;
                            self.frames.pop();
                            self.fixpoints.pop();
                            dirty
                        }
                        Branch::Configs { digit, band, untried } => {
                            let (digit, band) = (usize::from(*digit), usize::from(*band));
                            let config = untried.trailing_zeros() as usize;
                            *untried &= *untried - 1;
                            self.current = top.state;
                            if *untried == 0 {
                                self.frames.pop();
                                self.fixpoints.pop();
                            }
                            self.current.cand[band][digit] &= MINIROW_CELLS[CONFIGS[config] as usize];
                            unit(digit, band)
                        }
                    }
                }
                Phase::Done => return false,
            };
            if R::ACTIVE && self.stats.nodes >= self.node_limit {
                self.stopped = true;
                self.phase = Phase::Done;
                return false;
            }
            self.stats.nodes += 1;
            let houses = R::HOUSES.then_some(&self.houses);
            let mut alive = self.current.propagate::<FAST_PEXT>(dirty, self.triad_min_open, houses);
            if chooses && !alive {
                rules.failed(self.current.empty_cells());
            }
            // At each fixpoint of the classic rules the extra ones narrow,
            // and what they remove is propagated again, until neither
            // changes anything.
            while narrows && alive {
                let before = self.current.cells();
                let mut cells = before;
                match rules.narrow(&mut cells) {
                    Verdict::Consistent if cells == before => {
                        self.fixpoint = cells;
                        break;
                    }
                    Verdict::Consistent => {
                        let Some(dirty) = self.current.restrict(&before, &cells) else {
                            alive = false;
                            break;
                        };
                        let narrowed = self.current.cand;
                        alive = self.current.propagate::<FAST_PEXT>(dirty, self.triad_min_open, houses);
                        // Neither rule set has more to say: a fixpoint
                        // without asking the rules again.
                        if alive && self.current.cand == narrowed && rules.settled() {
                            self.fixpoint = cells;
                            break;
                        }
                    }
                    Verdict::Contradiction => alive = false,
                    Verdict::Stop => {
                        self.stopped = true;
                        self.phase = Phase::Done;
                        return false;
                    }
                }
            }
            if alive {
                self.phase = Phase::Expand;
            } else {
                self.stats.backtracks += 1;
                self.phase = Phase::Backtrack;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solver;

    #[test]
    fn a_long_search_never_grows_the_stack() {
        let mut iter = Grid::EMPTY.solutions();
        let capacity = iter.search.frames.capacity();
        assert!(capacity >= MAX_FRAMES);
        assert_eq!(iter.by_ref().take(3000).count(), 3000);
        assert_eq!(iter.search.frames.capacity(), capacity);
        let stats = iter.stats();
        assert!(stats.nodes > stats.guesses && stats.guesses > 0);
    }

    /// Both compiled searches (the baseline one and, on an x86_64 with
    /// AVX2, the one `advance` dispatches to through `unsafe`) must make the
    /// same moves: the same solutions in the same order and the same
    /// statistics. On a processor without the features both runs take the
    /// baseline path, and the test still checks the answers.
    #[test]
    fn every_instruction_set_searches_alike() {
        let fixtures = [
            include_str!("../../../../fixtures/top95.txt"),
            include_str!("../../../../fixtures/hard.txt"),
            include_str!("../../../../fixtures/multi.txt"),
            include_str!("../../../../fixtures/17clue.txt"),
            include_str!("../../../../fixtures/unsolvable.txt"),
        ];
        let puzzles: Vec<Grid> = fixtures
            .iter()
            .flat_map(|f| f.lines())
            .filter_map(|l| l.split(':').next()?.trim().parse().ok())
            .collect();
        assert!(puzzles.len() > 100);
        let mut detected = Solver::new();
        let mut baseline = Solver::new();
        baseline.search.isa = Isa::Baseline;
        // On this processor's best level, the others it has are checked too.
        let mut others = vec![baseline];
        #[cfg(target_arch = "x86_64")]
        {
            if has_x86_v4() {
                assert_eq!(detected.search.isa, Isa::X86V4);
            } else if has_x86_v3() {
                assert_eq!(detected.search.isa, Isa::X86V3);
            }
            if has_x86_v3() {
                let mut v3 = Solver::new();
                v3.search.isa = Isa::X86V3;
                others.push(v3);
            }
        }
        let mut solved = 0;
        for p in &puzzles {
            let one = detected.solve_one(p);
            for other in &mut others {
                assert_eq!(one, other.solve_one(p));
                assert_eq!(detected.stats(), other.stats());
            }
            if let Some(s) = one {
                assert!(s.is_solution_of(p));
                solved += 1;
            }
            let n = detected.count_solutions_up_to(p, 50);
            for other in &mut others {
                assert_eq!(n, other.count_solutions_up_to(p, 50));
                assert_eq!(detected.stats(), other.stats());
            }
        }
        assert!(solved > 100);
        let mut a = Grid::EMPTY.solutions();
        let mut b = Grid::EMPTY.solutions();
        b.search.isa = Isa::Baseline;
        for _ in 0..500 {
            assert_eq!(a.next(), b.next());
        }
        assert_eq!(a.stats(), b.stats());
    }
}
