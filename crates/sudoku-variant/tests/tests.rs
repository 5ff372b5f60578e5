//! Integration tests of the variant model and solver.

mod constraints;
mod fixtures;
mod fpuzzles_outside;
mod fpuzzles_solution;
mod hint;
mod interop;
mod ladder;
mod layouts;
mod penpa;
mod repeat_cages;
mod scl;
mod solve;
