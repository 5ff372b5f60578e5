//! Integration tests of the variant model and solver.

mod interop;
mod solve;
