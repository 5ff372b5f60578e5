//! Transformations: their algebra and their text form.

use proptest::prelude::*;
use sudoku_canon::{Transform, TransformParseErrorKind};
use sudoku_core::Grid;

use crate::{random_grid, random_transform, rng};

#[test]
fn the_identity_changes_nothing_and_reads_as_documented() {
    let g = random_grid(&mut rng(1), 30);
    assert_eq!(Transform::IDENTITY.apply(&g), g);
    assert_eq!(Transform::IDENTITY.to_string(), "r123456789c123456789d123456789");
    assert_eq!("r123456789c123456789d123456789".parse::<Transform>().unwrap(), Transform::IDENTITY);
}

/// Each part of the text form moves the cells as its documentation says,
/// checked cell by cell against a hand-made grid.
#[test]
fn the_text_form_means_what_it_says() {
    let mut cells = [0u8; 81];
    cells[0] = 1; // r1c1
    cells[1] = 2; // r1c2
    cells[9] = 3; // r2c1
    let g = Grid::from_array(cells).unwrap();
    // Output row 1 is source row 2, output row 2 is source row 1.
    let rows: Transform = "r213456789c123456789d123456789".parse().unwrap();
    assert_eq!(rows.apply(&g).to_array()[..2], [3, 0]);
    assert_eq!(rows.apply(&g).to_array()[9..11], [1, 2]);
    // Output column 1 is source column 2.
    let cols: Transform = "r123456789c213456789d123456789".parse().unwrap();
    assert_eq!(cols.apply(&g).to_array()[..2], [2, 1]);
    // Transposed: r1c2 goes to r2c1.
    let tr: Transform = "Tr123456789c123456789d123456789".parse().unwrap();
    assert_eq!(tr.apply(&g).to_array()[9], 2);
    assert_eq!(tr.apply(&g).to_array()[1], 3);
    // Digit 1 becomes 9.
    let d: Transform = "r123456789c123456789d923456781".parse().unwrap();
    assert_eq!(d.apply(&g).to_array()[0], 9);
}

#[test]
fn bad_texts_say_where_and_why() {
    let err = |s: &str| s.parse::<Transform>().unwrap_err();
    assert_eq!(err("x").column, 1);
    assert_eq!(err("r12345678").column, 10);
    let e = err("r112456789c123456789d123456789");
    assert_eq!(e.kind, TransformParseErrorKind::Repeated { digit: 1, part: "row" });
    let e = err("r412356789c123456789d123456789");
    assert!(matches!(e.kind, TransformParseErrorKind::SplitsBand { .. }), "{e}");
    assert_eq!(e.column, 2);
    let e = err("r123456789c123456789d123456788");
    assert_eq!(e.kind, TransformParseErrorKind::Repeated { digit: 8, part: "digit" });
    assert_eq!(e.to_string(), "column 22: 8 appears twice in the digit list");
    assert!(err("r123456789c123456789d1234567899").to_string().contains("end of text"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn inverse_and_compose_follow_their_laws(seed in any::<u64>()) {
        let mut rng = rng(seed);
        let (a, b) = (random_transform(&mut rng), random_transform(&mut rng));
        let g = random_grid(&mut rng, 40);
        prop_assert_eq!(a.inverse().apply(&a.apply(&g)), g);
        prop_assert_eq!(a.apply(&a.inverse().apply(&g)), g);
        prop_assert_eq!(a.compose(&b).apply(&g), b.apply(&a.apply(&g)));
        prop_assert_eq!(a.compose(&a.inverse()), Transform::IDENTITY);
        prop_assert_eq!(a.to_string().parse::<Transform>().unwrap(), a);
    }
}
