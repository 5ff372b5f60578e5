//! Errors of the generator.

/// An error from [`generate_until`](crate::generate_until) and
/// [`Generator::generate_until`](crate::Generator::generate_until).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenError {
    /// Every try made a puzzle the filter rejected.
    #[error("no acceptable puzzle for index {index} in {max_tries} tries")]
    TriesExhausted {
        /// The index of the puzzle in its set.
        index: u64,
        /// How many puzzles were drawn and rejected.
        max_tries: u64,
    },
}
