//! What several fuzz targets check alike.

use sudoku_core::{Grid, ParseError};

/// Checks one of `Grid`'s parsers on `data`: it never panics, a grid it
/// accepts round-trips through the line and block formatters, and an
/// error is located at a line and column from 1.
pub fn check_parser(data: &[u8], parse: fn(&str) -> Result<Grid, ParseError>) {
    let text = String::from_utf8_lossy(data);
    match parse(&text) {
        Ok(g) => {
            assert_eq!(Grid::parse_line(&g.to_line()), Ok(g));
            assert_eq!(Grid::parse_block(&g.to_block()), Ok(g));
        }
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            let _ = e.to_string();
        }
    }
}
