//! Integration tests of the variant model and solver.

mod hint;
mod interop;
mod solve;
