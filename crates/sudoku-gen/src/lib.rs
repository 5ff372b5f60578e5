//! # sudoku-gen
//!
//! Will hold the puzzle generator: a full random solution grid from a seeded
//! RNG, then clue removal (in symmetric orbits) while the puzzle keeps exactly
//! one solution, as checked by `sudoku_core`'s count-up-to-2.
//!
//! Nothing is implemented yet; this crate compiles so that the workspace
//! layout is in place. See the generator issue.
