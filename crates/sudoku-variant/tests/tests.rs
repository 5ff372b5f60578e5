//! Integration tests of the variant model and solver.

mod fixtures;
mod hint;
mod interop;
mod solve;
