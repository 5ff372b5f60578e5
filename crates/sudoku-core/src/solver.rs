//! The DFS solver: per-cell candidate masks, naked- and hidden-single
//! propagation, and a depth-first search that branches on the cell with the
//! fewest candidates.
//!
//! One search engine (`Search`) serves every entry point: the first
//! solution, counting up to a limit, and the lazy [`Solutions`] iterator. It
//! keeps an explicit stack of at most 81 frames, allocated once when the
//! search is created, so the search itself never allocates and can pause
//! between solutions.

use crate::grid::Grid;
use crate::index::{PEERS, UNITS};

/// What a search did: a measure of the work, and of the puzzle's difficulty
/// for a machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SearchStats {
    /// Search-tree nodes entered: the root plus every digit tried at a
    /// branch point.
    pub nodes: u64,
    /// Branch points: cells where the search had to choose among two or
    /// more candidates after propagation.
    pub guesses: u64,
    /// Digits tried at a branch point whose propagation failed.
    pub backtracks: u64,
}

const ALL_CELLS: u128 = (1u128 << 81) - 1;
const ALL_DIGITS: u16 = 0x1ff;

/// One node of the search: a candidate mask per cell and the set of cells
/// whose digit is placed and removed from their peers.
#[derive(Clone, Copy)]
struct State {
    cells: [u16; 81],
    placed: u128,
}

/// Cells waiting to be placed (their mask holds one digit). Each cell enters
/// at most once per propagation, so 81 slots suffice.
struct Queue {
    items: [u8; 81],
    len: usize,
}

impl Queue {
    fn new() -> Self {
        Queue { items: [0; 81], len: 0 }
    }

    #[inline]
    fn push(&mut self, cell: usize) {
        // A cell is pushed when its mask becomes a single digit, which
        // happens once; the bound check is therefore never hit by a valid
        // state, but keeps a logic error from writing out of bounds.
        if self.len < 81 {
            self.items[self.len] = cell as u8;
            self.len += 1;
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.items[self.len] as usize)
        }
    }
}

impl State {
    /// The root state of `grid`, propagated. `None` if the givens
    /// contradict each other or propagation finds a dead end.
    fn root(grid: &Grid) -> Option<State> {
        let mut s = State { cells: [ALL_DIGITS; 81], placed: 0 };
        let mut q = Queue::new();
        for c in 0..81 {
            if let Some(d) = grid.get(c) {
                s.cells[c] = 1 << (d - 1);
                q.push(c);
            }
        }
        s.propagate(&mut q).then_some(s)
    }

    /// Places every queued single and removes it from its peers, then looks
    /// for hidden singles, until nothing changes. `false` on a
    /// contradiction.
    #[inline]
    fn propagate(&mut self, q: &mut Queue) -> bool {
        loop {
            while let Some(c) = q.pop() {
                if self.placed & (1u128 << c) != 0 {
                    continue;
                }
                let bit = self.cells[c];
                self.placed |= 1u128 << c;
                for &p in &PEERS[c] {
                    let p = p as usize;
                    let m = self.cells[p];
                    if m & bit != 0 {
                        if self.placed & (1u128 << p) != 0 {
                            return false;
                        }
                        let m = m & !bit;
                        self.cells[p] = m;
                        if m == 0 {
                            return false;
                        }
                        if m & (m - 1) == 0 {
                            q.push(p);
                        }
                    }
                }
            }
            if self.placed == ALL_CELLS {
                return true;
            }
            match self.hidden_singles(q) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Queues every digit that has one place left in a unit. `None` when a
    /// digit has no place left in some unit; `Some(found_any)` otherwise.
    #[inline]
    fn hidden_singles(&mut self, q: &mut Queue) -> Option<bool> {
        let mut found = false;
        for unit in &UNITS {
            let mut once = 0u16;
            let mut twice = 0u16;
            for &c in unit {
                let m = self.cells[c as usize];
                twice |= once & m;
                once |= m;
            }
            if once != ALL_DIGITS {
                return None;
            }
            let mut unique = once & !twice;
            while unique != 0 {
                let bit = unique & unique.wrapping_neg();
                unique ^= bit;
                for &c in unit {
                    let c = c as usize;
                    let m = self.cells[c];
                    if m & bit != 0 {
                        if m != bit {
                            self.cells[c] = bit;
                            q.push(c);
                            found = true;
                        }
                        break;
                    }
                }
            }
        }
        Some(found)
    }

    /// The unplaced cell with the fewest candidates, and its mask.
    #[inline]
    fn branch_cell(&self) -> (usize, u16) {
        let mut best = (0usize, 0u16);
        let mut best_len = u32::MAX;
        let mut open = !self.placed & ALL_CELLS;
        while open != 0 {
            let c = open.trailing_zeros() as usize;
            open &= open - 1;
            let m = self.cells[c];
            let len = m.count_ones();
            if len < best_len {
                best = (c, m);
                best_len = len;
                if len <= 2 {
                    break;
                }
            }
        }
        best
    }

    fn as_grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for (v, &m) in cells.iter_mut().zip(&self.cells) {
            *v = m.trailing_zeros() as u8 + 1;
        }
        // Every mask of a complete state holds exactly one digit 1-9.
        Grid::from_array(cells).unwrap_or(Grid::EMPTY)
    }
}

/// A pending branch point: the state before the choice, the cell chosen and
/// the digits not tried yet.
#[derive(Clone, Copy)]
struct Frame {
    state: State,
    cell: u8,
    untried: u16,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The root has not been propagated yet.
    Start,
    /// `current` is a consistent, propagated state to expand.
    Expand,
    /// Try the next digit of the top frame.
    Backtrack,
    /// The search space is exhausted.
    Done,
}

/// The search engine behind every entry point. Resumable: each call to
/// [`Search::next_solution`] continues where the previous one stopped.
struct Search {
    puzzle: Grid,
    frames: Vec<Frame>,
    current: State,
    phase: Phase,
    stats: SearchStats,
}

impl Search {
    fn new(puzzle: &Grid) -> Self {
        Search {
            puzzle: *puzzle,
            frames: Vec::with_capacity(81),
            current: State { cells: [0; 81], placed: 0 },
            phase: Phase::Start,
            stats: SearchStats::default(),
        }
    }

    fn reset(&mut self, puzzle: &Grid) {
        self.puzzle = *puzzle;
        self.frames.clear();
        self.phase = Phase::Start;
        self.stats = SearchStats::default();
    }

    fn next_solution(&mut self) -> Option<Grid> {
        loop {
            match self.phase {
                Phase::Start => {
                    self.stats.nodes += 1;
                    match State::root(&self.puzzle) {
                        Some(s) => {
                            self.current = s;
                            self.phase = Phase::Expand;
                        }
                        None => self.phase = Phase::Done,
                    }
                }
                Phase::Expand => {
                    self.phase = Phase::Backtrack;
                    if self.current.placed == ALL_CELLS {
                        return Some(self.current.as_grid());
                    }
                    let (cell, untried) = self.current.branch_cell();
                    self.stats.guesses += 1;
                    // Depth is bounded by the 81 cells, so the reserved
                    // capacity is never exceeded.
                    self.frames.push(Frame { state: self.current, cell: cell as u8, untried });
                }
                Phase::Backtrack => {
                    let Some(top) = self.frames.last_mut() else {
                        self.phase = Phase::Done;
                        continue;
                    };
                    let bit = top.untried & top.untried.wrapping_neg();
                    top.untried ^= bit;
                    let cell = top.cell as usize;
                    self.current = top.state;
                    if top.untried == 0 {
                        self.frames.pop();
                    }
                    self.stats.nodes += 1;
                    self.current.cells[cell] = bit;
                    let mut q = Queue::new();
                    q.push(cell);
                    if self.current.propagate(&mut q) {
                        self.phase = Phase::Expand;
                    } else {
                        self.stats.backtracks += 1;
                    }
                }
                Phase::Done => return None,
            }
        }
    }
}

/// A reusable solver: keeps its search stack between calls, and the
/// statistics of the last call.
///
/// ```
/// use sudoku_core::{Grid, Solver};
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse().unwrap();
/// let mut solver = Solver::new();
/// let solution = solver.solve_one(&puzzle).unwrap();
/// assert!(solution.is_solution_of(&puzzle));
/// assert_eq!(solver.count_solutions_up_to(&puzzle, 2), 1);
/// assert!(solver.stats().nodes >= 1);
/// ```
pub struct Solver {
    search: Search,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with its stack allocated.
    pub fn new() -> Self {
        Solver { search: Search::new(&Grid::EMPTY) }
    }

    /// Some solution of `puzzle` (the first in search order), or `None` if
    /// it has none.
    pub fn solve_one(&mut self, puzzle: &Grid) -> Option<Grid> {
        self.search.reset(puzzle);
        self.search.next_solution()
    }

    /// The number of solutions of `puzzle`, counting stops at `limit`.
    /// `count_solutions_up_to(p, 2) == 1` means `p` has a unique solution.
    pub fn count_solutions_up_to(&mut self, puzzle: &Grid, limit: u64) -> u64 {
        self.search.reset(puzzle);
        let mut n = 0;
        while n < limit && self.search.next_solution().is_some() {
            n += 1;
        }
        n
    }

    /// The solution of `puzzle` if it has exactly one, else `None`.
    pub fn solve_unique(&mut self, puzzle: &Grid) -> Option<Grid> {
        self.search.reset(puzzle);
        let first = self.search.next_solution()?;
        self.search.next_solution().is_none().then_some(first)
    }

    /// Statistics of the last call.
    pub fn stats(&self) -> SearchStats {
        self.search.stats
    }
}

/// A lazy iterator over every solution of a puzzle, in search order.
///
/// ```
/// use sudoku_core::Grid;
/// let mut solutions = Grid::EMPTY.solutions();
/// let first_three: Vec<Grid> = solutions.by_ref().take(3).collect();
/// assert_eq!(first_three.len(), 3);
/// assert!(solutions.stats().nodes > 0);
/// ```
pub struct Solutions {
    search: Search,
}

impl Solutions {
    /// Statistics of the search so far.
    pub fn stats(&self) -> SearchStats {
        self.search.stats
    }
}

impl Iterator for Solutions {
    type Item = Grid;
    fn next(&mut self) -> Option<Grid> {
        self.search.next_solution()
    }
}

impl Grid {
    /// Some solution (the first in search order), or `None`.
    pub fn solve_one(&self) -> Option<Grid> {
        Solver::new().solve_one(self)
    }

    /// The solution if there is exactly one, else `None`.
    pub fn solve_unique(&self) -> Option<Grid> {
        Solver::new().solve_unique(self)
    }

    /// The number of solutions, counting stops at `limit`.
    pub fn count_solutions_up_to(&self, limit: u64) -> u64 {
        Solver::new().count_solutions_up_to(self, limit)
    }

    /// A lazy iterator over all solutions.
    pub fn solutions(&self) -> Solutions {
        Solutions { search: Search::new(self) }
    }
}
