//! Fuzz target: `Grid::parse_noip` never panics, and what it accepts
//! round-trips through the formatter.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::Grid;
use sudoku_fuzz::check_parser;

fuzz_target!(|data: &[u8]| check_parser(data, Grid::parse_noip));
