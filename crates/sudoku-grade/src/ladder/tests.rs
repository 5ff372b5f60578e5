//! The ladder's table against what Sudoku Explainer gives each technique
//! in the calibration files (`fixtures/grade`).

use std::collections::BTreeMap;

use super::*;

/// The techniques that no step of the calibration files uses: their bases
/// cannot be checked against SE there.
const UNOBSERVED: [Technique; 7] = [
    Technique::DirectClaiming,
    // Non-consecutive steps: not in the classic files; their bases are
    // checked against serate's NC ratings (`tests/variant.rs`).
    Technique::NcForcingCell,
    Technique::LockedNc,
    Technique::HiddenQuad,
    Technique::ForcingXChain,
    Technique::DynamicForcingChainPlus,
    Technique::NestedForcingChain,
];

/// How far above its base SE's least rating of a technique in the files
/// may be, in tenths. A chain is rated from its length, and the files'
/// shortest chains add up to 0.3; a hidden single is 1.0 only in a unit's
/// last empty cell (a "full house"), which no puzzle of the files needs
/// (1.2 is its box form). Every other technique's least rating in the
/// files is its base.
fn allowed_gap(t: Technique) -> Tenths {
    match t {
        Technique::HiddenSingle => 2,
        Technique::BidirectionalXCycle
        | Technique::BidirectionalYCycle
        | Technique::BidirectionalCycle
        | Technique::ForcingChain
        | Technique::NishioForcingChain
        | Technique::CellForcingChain
        | Technique::RegionForcingChain
        | Technique::DynamicForcingChain => 3,
        _ => 0,
    }
}

/// SE's least rating, in tenths, of each family name that the calibration
/// files show: the family column of `se_techniques.tsv` (the step that
/// sets a puzzle's ER), the step names of `se_states.tsv` (the step SE
/// takes on a position), and the ratings of `se_calibration_sample.csv`
/// under 1.7, which only a hidden single has (the next steps up, direct
/// pointing at 1.7 and direct hidden pair at 2.0 in `se_techniques.tsv`,
/// are the easiest others).
fn se_least_ratings() -> BTreeMap<String, Tenths> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/grade/");
    let tenths = |s: &str| (s.parse::<f64>().unwrap() * 10.0).round() as Tenths;
    let mut least: BTreeMap<String, Tenths> = BTreeMap::new();
    let mut see = |family: &str, t: Tenths| {
        let e = least.entry(family.to_string()).or_insert(t);
        *e = (*e).min(t);
    };
    let techniques = std::fs::read_to_string(format!("{dir}se_techniques.tsv")).unwrap();
    for line in techniques.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        see(f[1], tenths(f[2]));
    }
    let states = std::fs::read_to_string(format!("{dir}se_states.tsv")).unwrap();
    for line in states.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        // The step's name: `VWXYZ-Wing 139: Cells ...` is a VWXYZ-Wing.
        let name = f[1].split(':').next().unwrap();
        let name = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ');
        let family = match name {
            // SE names the family in the plural, the step in the singular.
            "Nishio Forcing Chain" => "Nishio Forcing Chains",
            "Contradiction Forcing Chain" | "Double Forcing Chain" => "Dynamic Forcing Chains",
            other => other,
        };
        see(family, tenths(f[0]));
    }
    let sample = std::fs::read_to_string(format!("{dir}se_calibration_sample.csv")).unwrap();
    for line in sample.lines().skip(1) {
        for rating in line.split(',').skip(1).take(3).filter(|r| !r.is_empty()) {
            if tenths(rating) < 17 {
                see("Hidden Single", tenths(rating));
            }
        }
    }
    least
}

/// Every technique's base in the table is what Sudoku Explainer rates its
/// easiest use in the calibration files, and every family the files name
/// is a technique of the table (by SE's name).
#[test]
fn every_base_is_where_sudoku_explainer_rates_the_technique() {
    let mut least = se_least_ratings();
    assert!(least.len() >= 30, "too few families read: {least:?}");
    for &t in &Technique::ALL {
        match least.remove(t.name()) {
            Some(se) => {
                let base = t.base_tenths();
                assert!(base <= se, "{t}: base {base} above SE's {se}");
                assert!(se - base <= allowed_gap(t), "{t}: base {base}, SE's least {se}");
            }
            None => assert!(UNOBSERVED.contains(&t), "{t} is not in the calibration files"),
        }
    }
    assert!(least.is_empty(), "families of the files that no technique names: {least:?}");
}

/// SE rates a forcing chain from 7.0 (its rule in `Chaining.java`: 6.6
/// for a forcing X-chain, 7.0 otherwise); the files' shortest is 7.1.
#[test]
fn a_forcing_chain_is_rated_from_seven() {
    assert_eq!(Technique::ForcingChain.base_rating(), 7.0);
    assert_eq!(Technique::ForcingXChain.base_rating(), 6.6);
}

/// The public facts of a technique are the table's, and the table lists
/// every technique once, in [`Technique::ALL`]'s order.
#[test]
fn the_public_facts_are_the_table_s() {
    let rows: Vec<Facts> = LADDER.iter().flat_map(|f| f.techniques.iter().copied()).collect();
    assert_eq!(rows.iter().map(|f| f.technique).collect::<Vec<_>>(), Technique::ALL);
    for f in rows {
        assert_eq!(f.technique.base_rating(), f64::from(f.base) / 10.0);
        assert_eq!(f.technique.name(), f.name);
        assert_eq!(f.technique.to_string(), f.name);
    }
}

/// A family's least difficulty is that of its easiest technique, and the
/// ladder's families come in order of it, save where SE tries a harder
/// family first (WXYZ-wings, 5.5, after hidden quads and 3 strong links,
/// 5.4; aligned triplets, 7.5, before Nishio chains, 7.5; non-consecutive's
/// locked step, 2.5, before direct hidden triplets, 2.5).
#[test]
fn a_family_starts_at_its_easiest_technique() {
    let mins: Vec<Tenths> = LADDER.iter().map(Family::min_tenths).collect();
    assert_eq!(
        mins,
        [
            10, 17, 20, 23, 24, 25, 25, 26, 30, 32, 34, 36, 38, 40, 40, 42, 44, 45, 50, 52, 54, 54, 55, 56,
            62, 62, 65, 75, 75, 80, 85, 90, 95
        ]
    );
}
