//! Named values: every library enum a command takes as a choice (a format,
//! a band, a symmetry, a hint level) has a table of its names and what each
//! means, so a front end lists, parses and documents them from one place.
//! The `sudoku` command turns a table into its `--help` text and the
//! Python package reads the same names. Where the library names its values
//! (`name()`), the table takes the name from there; only the help is
//! written here.

use sudoku_gen::Symmetry;
use sudoku_grade::hint::Level;
use sudoku_grade::{Band, Scale};
use sudoku_io::{InputFormat, PositionFormat};

/// One named value of a choice: the value, its name on the command line,
/// and a sentence of help (without its final period, as `--help` lists it).
pub type Named<T> = (T, &'static str, &'static str);

/// A library enum taken as a named choice.
pub trait Choice: Copy + PartialEq + Send + Sync + 'static {
    /// Every value, with its name and help, in the order they are listed.
    const CHOICES: &'static [Named<Self>];
}

/// The value named `name` in `table`, ignoring ASCII case.
pub fn by_name<T: Copy>(table: &[Named<T>], name: &str) -> Option<T> {
    table.iter().find(|(_, n, _)| n.eq_ignore_ascii_case(name)).map(|&(v, _, _)| v)
}

/// The name of `value` in `table`.
pub fn name_of<T: PartialEq>(table: &[Named<T>], value: &T) -> Option<&'static str> {
    table.iter().find(|(v, _, _)| v == value).map(|&(_, n, _)| n)
}

impl Choice for InputFormat {
    const CHOICES: &'static [Named<Self>] = &[
        (
            InputFormat::Auto,
            InputFormat::Auto.name(),
            "Detect per record: a line of 81 cells, a block of 9 rows, or 81 integers; a first line \
             holding one integer T means poj. A file named `*.csv` is read as CSV",
        ),
        (
            InputFormat::Line,
            InputFormat::Line.name(),
            "One puzzle per line: 81 cells, `1-9` digits, `.` `0` `_` blanks, then an optional \
             comment. Lines hold at most 64 KiB before a `#`",
        ),
        (
            InputFormat::Block,
            InputFormat::Block.name(),
            "9 rows of 9 cells, with optional `|` `-` `+` and space separators",
        ),
        (
            InputFormat::Noip,
            InputFormat::Noip.name(),
            "81 integers 0-9 separated by any whitespace (target-sudoku format)",
        ),
        (
            InputFormat::Poj,
            InputFormat::Poj.name(),
            "The judge format: a line with T, then T grids of 9 lines of 9 digits",
        ),
        (
            InputFormat::Hoj,
            InputFormat::Hoj.name(),
            "The max-score judge format: a line with T, then T noip grids",
        ),
        (
            InputFormat::Csv,
            InputFormat::Csv.name(),
            "CSV with a header row (a first row holding a puzzle is read as data); rows of at most 64 \
             KiB, an unclosed quote is an error at its line",
        ),
    ];
}

impl Choice for PositionFormat {
    const CHOICES: &'static [Named<Self>] = &[
        (PositionFormat::Auto, PositionFormat::Auto.name(), "Told apart per record"),
        (PositionFormat::GivensPlaced, PositionFormat::GivensPlaced.name(), "`givens[,placed]` lines"),
        (PositionFormat::Sukaku, PositionFormat::Sukaku.name(), "Sukaku lines: 729 candidate characters"),
        (PositionFormat::PencilGrid, PositionFormat::PencilGrid.name(), "Pencil-mark grids"),
        (PositionFormat::Json, PositionFormat::Json.name(), "JSON objects, one a line"),
    ];
}

impl Choice for Level {
    const CHOICES: &'static [Named<Self>] = &[
        (Level::Nudge, "nudge", "Where to look"),
        (Level::Technique, "technique", "The technique and where to look"),
        (Level::Full, "full", "Everything"),
    ];
}

impl Choice for Band {
    const CHOICES: &'static [Named<Self>] = &[
        (Band::Easy, Band::Easy.name(), "SE rating (ER) up to 2.5: singles, no pencil marks"),
        (Band::Medium, Band::Medium.name(), "2.6 to 3.9: locked candidates, pairs, X-wing, swordfish"),
        (
            Band::Hard,
            Band::Hard.name(),
            "4.0 to 5.9: hidden triplets, strong links, wings, unique rectangles",
        ),
        (Band::Expert, Band::Expert.name(), "6.0 to 7.9: aligned exclusions, cycles, forcing chains"),
        (Band::Extreme, Band::Extreme.name(), "8.0 and up: cell/region, dynamic and nested forcing chains"),
    ];
}

impl Choice for Scale {
    const CHOICES: &'static [Named<Self>] = &[
        (
            Scale::Se,
            Scale::Se.name(),
            "The Sudoku Exchange bank's technique set (Sukaku Explainer 1.18.1): Sudoku Explainer \
             1.2.1's plus skyscraper/kite/turbot, 3-strong-link fishes, WXYZ- and VWXYZ-wings",
        ),
        (
            Scale::Se121,
            Scale::Se121.name(),
            "Sudoku Explainer 1.2.1's technique set, as most published SE ratings: no 2- or \
             3-strong-link fishes, no WXYZ- or VWXYZ-wings",
        ),
    ];
}

impl Choice for Symmetry {
    const CHOICES: &'static [Named<Self>] = &[
        (Symmetry::None, Symmetry::None.name(), "No symmetry"),
        (Symmetry::Rot180, Symmetry::Rot180.name(), "Half-turn rotation"),
        (Symmetry::Rot90, Symmetry::Rot90.name(), "Quarter-turn rotation"),
        (Symmetry::Mirror, Symmetry::Mirror.name(), "Left-right mirror"),
        (Symmetry::Flip, Symmetry::Flip.name(), "Top-bottom flip"),
        (Symmetry::Diagonal, Symmetry::Diagonal.name(), "Reflection in the main diagonal"),
        (Symmetry::Antidiagonal, Symmetry::Antidiagonal.name(), "Reflection in the anti-diagonal"),
        (Symmetry::Dihedral, Symmetry::Dihedral.name(), "All eight symmetries of the square"),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each table's names are the names the library itself parses and
    /// prints, and every value is listed once.
    #[test]
    fn the_tables_name_each_value_once_as_the_library_does() {
        fn check<T: Choice + std::fmt::Debug>(name: impl Fn(T) -> String, parse: impl Fn(&str) -> Option<T>) {
            for (k, &(v, n, help)) in T::CHOICES.iter().enumerate() {
                assert_eq!(name(v), n);
                assert_eq!(parse(n), Some(v));
                assert_eq!(by_name(T::CHOICES, &n.to_ascii_uppercase()), Some(v), "{n}: any case");
                assert!(!help.ends_with('.') && !help.is_empty(), "{n}: {help:?}");
                assert!(T::CHOICES[..k].iter().all(|(w, _, _)| *w != v), "{v:?} twice");
            }
        }
        check::<InputFormat>(|v| v.name().to_string(), |s| s.parse().ok());
        check::<PositionFormat>(|v| v.name().to_string(), |s| s.parse().ok());
        check::<Band>(|v| v.name().to_string(), |s| s.parse().ok());
        check::<Symmetry>(|v| v.name().to_string(), |s| s.parse().ok());
        check::<Scale>(|v| v.name().to_string(), |s| s.parse().ok());
        check::<Level>(|v| format!("{v:?}").to_ascii_lowercase(), |s| s.parse().ok());
        assert_eq!(InputFormat::CHOICES.len(), InputFormat::ALL.len());
        assert_eq!(Band::CHOICES.iter().map(|c| c.0).collect::<Vec<_>>(), Band::ALL);
        assert_eq!(Scale::CHOICES.iter().map(|c| c.0).collect::<Vec<_>>(), Scale::ALL);
    }
}
