//! # sudoku-grade
//!
//! Will hold the difficulty grader: a ladder of human techniques on the core's
//! candidate masks, with search-node counts (stable under relabelling) where
//! the techniques run out, mapped onto documented bands.
//!
//! Nothing is implemented yet; this crate compiles so that the workspace
//! layout is in place. See the grader issue.
