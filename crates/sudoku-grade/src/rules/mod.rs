//! The pattern techniques of the ladder, singles to aligned triplet
//! exclusion. Each finds every instance on a board and offers it, with its
//! difficulty, to [`Hits`](crate::hits::Hits).

pub(crate) mod aligned;
pub(crate) mod basic;
pub(crate) mod bug;
pub(crate) mod nc;
pub(crate) mod strong_links;
pub(crate) mod uniqueness;
pub(crate) mod wings;
