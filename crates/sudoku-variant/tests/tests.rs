//! Integration tests of the variant model and solver.

mod solve;
