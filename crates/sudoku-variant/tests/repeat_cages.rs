//! Issue 47: killer cages whose digits may repeat (a setter's extra rule
//! for some cages). The JSON form reads and writes `"repeat": true`;
//! f-puzzles, which has no such mark, refuses it by name; the solver's
//! counts match a brute force over every 4×4 grid filtered by the sums
//! alone (written here); the rule text and the drawn label say it.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_variant::{Constraint, Glyph, Instance, Puzzle, VariantSolver};

use crate::solve::all_4x4;

/// A cage of `cells` with `sum`, whose digits may repeat when `repeat`.
fn cage(cells: Vec<u16>, sum: Option<u32>, repeat: bool) -> Constraint {
    let killer = sudoku_variant::kind_named("killer").expect("killer is registered");
    let parts = if repeat { vec![cells, Vec::new()] } else { vec![cells] };
    Constraint::of(killer, Instance { parts, value: sum })
}

#[test]
fn r47_repeat_cages_read_and_write_json_and_f_puzzles_refuses_them() {
    let text = r#"{"size":4,"cages":[{"sum":5,"cells":["r1c1","r2c3"],"repeat":true},{"sum":3,"cells":["r4c1","r4c2"]}]}"#;
    let p = Puzzle::from_json(text).unwrap().puzzle;
    let parts: Vec<usize> = p.constraints().iter().map(|c| c.parts().len()).collect();
    assert_eq!(parts, [2, 1]);
    let back = p.to_json(None);
    assert!(back.contains(r#""repeat":true"#) && back.matches("repeat").count() == 1, "{back}");
    assert_eq!(Puzzle::from_json(&back).unwrap().puzzle, p);
    let err = p.to_fpuzzles(None).unwrap_err().to_string();
    assert!(err.contains("killer"), "{err}");
    let plain = p.with_constraints(p.constraints()[1..].to_vec()).unwrap();
    assert!(plain.to_fpuzzles(None).is_ok());
    for bad in [r#""repeat":false"#, r#""repeat":1"#] {
        let text = format!(r#"{{"size":4,"cages":[{{"sum":5,"cells":["r1c1","r2c3"],{bad}}}]}}"#);
        assert!(Puzzle::from_json(&text).is_err(), "{bad}");
    }
    // A sum a cage of repeating digits reaches, out of reach without.
    let ok = r#"{"size":4,"cages":[{"sum":8,"cells":["r1c1","r2c3"],"repeat":true}]}"#;
    assert!(Puzzle::from_json(ok).is_ok());
    assert!(Puzzle::from_json(&ok.replace(r#","repeat":true"#, "")).is_err());
    // The rule text and the label say it.
    let text = sudoku_variant::rules_text(&p);
    assert!(text.contains("may repeat"), "{text}");
    let killer = p.constraints()[0].kind();
    let glyphs = killer.glyphs(&p, p.constraints()[0].instance());
    assert!(matches!(&glyphs[..], [Glyph::Cage { label: Some(l), .. }] if l == "5*"), "{glyphs:?}");
}

/// Random cages, some marked as repeating, on 4×4 grids: the solver's
/// count equals the grids that keep every cage by a plain filter (sums;
/// distinct digits only in unmarked cages).
#[test]
fn r47_repeat_cages_count_as_a_brute_force_filter() {
    let all = all_4x4();
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let blank = Puzzle::blank(4).unwrap();
    let mut repeated_somewhere = false;
    for _ in 0..200 {
        let base = all[rng.gen_range(0..all.len())];
        let mut cages = Vec::new();
        let mut used = [false; 16];
        for _ in 0..rng.gen_range(1..=4) {
            let k = rng.gen_range(2..=4);
            let cells: Vec<u16> = (0..k).map(|_| rng.gen_range(0..16u16)).collect();
            let mut cells: Vec<u16> = cells.into_iter().filter(|&c| !used[usize::from(c)]).collect();
            cells.sort_unstable();
            cells.dedup();
            if cells.is_empty() {
                continue;
            }
            for &c in &cells {
                used[usize::from(c)] = true;
            }
            let repeat = rng.gen_bool(0.6);
            let digits: Vec<u8> = cells.iter().map(|&c| base[usize::from(c)]).collect();
            let distinct = (0..digits.len()).all(|i| !digits[..i].contains(&digits[i]));
            if !repeat && !distinct {
                continue;
            }
            repeated_somewhere |= repeat && !distinct;
            let sum: u32 = digits.iter().map(|&d| u32::from(d)).sum();
            // Off the base grid's sum now and then: counts of zero too.
            let sum = if rng.gen_bool(0.1) { sum + 1 } else { sum };
            cages.push((cells, sum, repeat));
        }
        let constraints = cages.iter().map(|(c, s, r)| cage(c.clone(), Some(*s), *r)).collect();
        let Ok(p) = blank.with_constraints(constraints) else { continue };
        let keeps = |g: &[u8; 16]| {
            cages.iter().all(|(cells, sum, repeat)| {
                let digits: Vec<u8> = cells.iter().map(|&c| g[usize::from(c)]).collect();
                let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                let distinct = (0..digits.len()).all(|i| !digits[..i].contains(&digits[i]));
                total == *sum && (*repeat || distinct)
            })
        };
        let expected = all.iter().filter(|g| keeps(g)).count() as u64;
        let count = VariantSolver::new(&p).count_up_to(&[0; 16], 1000);
        assert_eq!(count, expected, "{}", p.to_json(None));
        for g in all.iter() {
            assert_eq!(p.check_solution(g).is_ok(), keeps(g), "{}", p.to_json(None));
        }
    }
    assert!(repeated_somewhere);
}
