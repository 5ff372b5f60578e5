//! Errors of the variant model: every way a puzzle description can be
//! malformed, with the place (column of a line, field of a JSON object) and
//! what was expected.

/// A puzzle description that does not make a well-formed puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A grid side the toolkit does not handle.
    #[error("size {0} is not supported, expected a side from 4 to 25")]
    Size(usize),
    /// A box shape that does not tile the grid.
    #[error("boxes {rows}x{cols} do not tile a {size}x{size} grid, expected R x C = {size}")]
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
        /// The grid side.
        size: usize,
    },
    /// A size with no default box shape (a prime side) and no regions.
    #[error("size {0} has no box shape, give \"boxes\" or \"regions\"")]
    NoBoxes(usize),
    /// A text that is not a box shape.
    #[error("boxes {0:?} is not a box shape, expected \"RxC\" such as \"2x3\"")]
    BoxesText(String),
    /// Jigsaw regions that are not n regions of n cells.
    #[error("regions: {0}")]
    Regions(String),
    /// A character that is not a digit of this size or a blank.
    #[error("column {column}: unexpected {found:?}, expected {expected}")]
    Char {
        /// 1-based column (character position) in the text.
        column: usize,
        /// The offending character.
        found: char,
        /// What was acceptable.
        expected: String,
    },
    /// A character of a JSON record's grid field (`givens`, `solution`,
    /// `placed`) that is not a digit of this size or a blank.
    #[error("{field}: character {column}: unexpected {found:?}, expected {expected}")]
    FieldChar {
        /// The field's name.
        field: &'static str,
        /// 1-based character position in the field's text.
        column: usize,
        /// The offending character.
        found: char,
        /// What was acceptable.
        expected: String,
    },
    /// A grid text of the wrong length.
    #[error("{found} cells, expected {expected}")]
    Length {
        /// How many cells the text held.
        found: usize,
        /// How many the puzzle's shape needs.
        expected: String,
    },
    /// A canvas position outside the overlapping grids (a samurai's
    /// holes) holds a digit.
    #[error("column {column}: r{row}c{col} is outside the grids and must be '.'")]
    OutsideGrids {
        /// 1-based column in the text.
        column: usize,
        /// 1-based canvas row.
        row: usize,
        /// 1-based canvas column.
        col: usize,
    },
    /// A cell name that is malformed or off the grid.
    #[error("cell {0:?} is not a cell of this grid, expected rRcC with 1-based row and column")]
    Cell(String),
    /// A cage that cannot hold distinct digits or whose sum is impossible.
    #[error("cage {}: {why}", index + 1)]
    Cage {
        /// 0-based index of the cage in the puzzle (named from 1 in the
        /// message, as people count).
        index: usize,
        /// What is wrong with it.
        why: String,
    },
    /// A name in a variant list that is no variant.
    #[error("unknown variant {0:?}, expected {known}", known = crate::names::known_variants())]
    UnknownVariant(String),
    /// A constraint (thermometer, arrow, ...) that does not fit the puzzle.
    #[error("{kind} {}: {why}", index + 1)]
    Constraint {
        /// 0-based index among the puzzle's constraints (named from 1).
        index: usize,
        /// The kind's name.
        kind: &'static str,
        /// What is wrong with it.
        why: String,
    },
    /// A constraint kind that is not registered.
    #[error("unknown constraint kind {0:?}, expected one of {known}", known = crate::names::known_kinds())]
    UnknownKind(String),
    /// A variant list naming two shapes (jigsaw and samurai, twodoku and
    /// sumo, ...).
    #[error("{0} and {1} are two shapes, give one")]
    TwoShapes(&'static str, &'static str),
    /// A JSON record giving two fields that say the same thing (`givens`
    /// and the classic form's `puzzle`).
    #[error("give either \"{0}\" or \"{1}\", not both")]
    BothFields(&'static str, &'static str),
    /// A JSON record's field whose value cannot be read.
    #[error("{field}: {why}")]
    Field {
        /// The field's name.
        field: &'static str,
        /// Why it cannot be read.
        why: String,
    },
    /// A rule name that is not known.
    #[error("unknown rule {0:?}, expected one of {known}", known = crate::names::known_rules())]
    UnknownRule(String),
    /// A kind drawn on the grid given as a rule of the whole grid.
    #[error("{0} is drawn on the grid, not a rule of the whole grid: give it as a constraint")]
    NotARule(&'static str),
    /// A rule that does not apply to this shape.
    #[error("rule {rule} needs {needs}")]
    RuleShape {
        /// The rule's name.
        rule: &'static str,
        /// What shape it needs.
        needs: String,
    },
    /// A layout name that is not known.
    #[error("unknown layout {0:?}, expected one of {known}", known = crate::grids::known_layouts())]
    UnknownLayout(String),
    /// Overlapping grids whose offsets the model cannot hold.
    #[error("grids: {0}")]
    Grids(String),
    /// A JSON record that does not parse or has wrong field types.
    #[error("JSON line {line}, column {column}: {message}")]
    Json {
        /// 1-based line within the record.
        line: usize,
        /// 1-based column within the line.
        column: usize,
        /// What serde_json said.
        message: String,
    },
}
