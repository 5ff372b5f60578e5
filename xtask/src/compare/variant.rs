//! The variant cases of `cargo xtask compare` (issue 44): every command
//! that takes variant puzzles, in every output form, on the issue-34
//! fixtures (`fixtures/variant/`, read by both binaries from the
//! candidate's tree), `hint` on the variant player positions of
//! `fixtures/positions/`, and the variant generator on every family. The
//! fixtures named here are the ones every baseline since issue 34 reads;
//! a fixture added for a new rule is left out, since a baseline without
//! the rule cannot agree on it.

use super::inputs::Inputs;
use super::Case;

/// The fixture families every baseline since issue 34 reads.
const FAMILIES: &[&str] = &[
    "classic4",
    "classic6",
    "classic12",
    "classic16",
    "classic25",
    "x9",
    "windoku",
    "jigsaw9",
    "anti-knight",
    "anti-king",
    "disjoint-groups",
    "non-consecutive",
    "samurai",
    "killer9",
    "killer9-x",
];

/// The variant lists `generate --variant` is compared on, with a size.
const GENERATED: &[(&str, Option<&str>)] = &[
    ("killer", None),
    ("jigsaw", None),
    ("samurai", None),
    ("x", None),
    ("windoku", None),
    ("disjoint-groups", None),
    ("anti-knight", None),
    ("anti-king", None),
    ("non-consecutive", None),
    ("killer,x", None),
    ("jigsaw,x", None),
    ("classic", Some("4")),
    ("classic", Some("6")),
    ("x", Some("8")),
    ("classic", Some("12")),
    ("classic", Some("16")),
    ("jigsaw", Some("7")),
];

/// Every variant case.
pub(crate) fn cases(inputs: &Inputs, cases: &mut Vec<Case>) {
    let dir = inputs.root.join("fixtures/variant");
    let file = |family: &str| dir.join(format!("{family}.jsonl")).to_string_lossy().into_owned();
    for family in FAMILIES {
        let path = file(family);
        for format in ["line", "json", "csv"] {
            cases.push(Case::new("variant", &["solve", "-f", format, &path]));
        }
        cases.push(Case::new("variant", &["solve", "--count", "--limit", "2", "-f", "json", &path]));
        cases.push(Case::new("variant", &["solve", "--all", "--limit", "3", "-f", "json", &path]));
        for to in ["json", "line", "fpuzzles", "fpuzzles-link", "sudokupad", "ipuz"] {
            cases.push(Case::new("variant", &["convert", "--to", to, "--skip-invalid", &path]));
        }
        cases.push(Case::new("variant", &["hint", "-f", "json", "--skip-invalid", &path]));
        cases.push(Case::new("variant", &["grade", "-f", "json", "--skip-invalid", &path]));
    }
    for family in ["classic6", "x9", "killer9"] {
        let path = file(family);
        cases.push(Case::new("variant", &["hint", "--to-end", "-f", "json", "--skip-invalid", &path]));
        cases.push(Case::new("variant", &["hint", "--steps", "3", "--skip-invalid", &path]));
        cases.push(Case::new("variant", &["grade", "--explain", "-f", "json", "--skip-invalid", &path]));
    }
    // Player positions (`placed`): mid-game steps, mistakes, solved
    // grids, bad lengths and malformed records, in JSON and as lines.
    for name in ["variant.jsonl", "variant6.txt"] {
        let path = inputs.root.join("fixtures/positions").join(name).to_string_lossy().into_owned();
        for format in ["line", "json"] {
            for steps in [&[][..], &["--steps", "3"], &["--to-end"]] {
                let mut args = vec!["hint", "-f", format, "--skip-invalid", &path];
                args.extend(steps);
                cases.push(Case::new("variant", &args));
            }
        }
        cases.push(Case::new("variant", &["hint", "-f", "json", &path]));
    }
    for (family, format) in [("killer9", "pdf"), ("jigsaw9", "svg"), ("samurai", "pdf"), ("classic16", "svg")]
    {
        let out = format!("{family}.{format}");
        cases.push(Case::new("variant", &["print", &file(family), "-f", format, "-o", &out]));
    }
    // A book of several sections with the front matter and an answer key
    // of mixed grids: the page plan every book shares.
    let sets: Vec<String> = inputs.variant_sets.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    for format in ["pdf", "svg"] {
        let out = format!("sections.{format}");
        let mut args: Vec<&str> = vec!["print"];
        args.extend(sets.iter().map(String::as_str));
        args.extend(["--answers", "--copyright", "(c) 2026 the toolkit", "--footer", "example.org"]);
        args.extend(["--title", "Mixed", "-f", format, "-o", &out]);
        cases.push(Case::new("variant", &args));
    }
    // Lines with rules from the command line.
    let classic6 = inputs.root.join("fixtures/variant/classic6.jsonl");
    cases.push(Case::new(
        "variant",
        &["convert", "--to", "line", "-o", "six.txt", &classic6.to_string_lossy()],
    ));
    for (variant, size) in [("x", "6"), ("anti-king", "6"), ("killer", "6"), ("zigzag", "6"), ("x", "26")] {
        cases.push(Case::new("variant", &["solve", "--variant", variant, "--size", size, &file("classic6")]));
    }
    for (variant, size) in GENERATED {
        let mut args = vec!["generate", "--variant", variant, "-n", "3", "--seed", "7"];
        if let Some(size) = size {
            args.extend(["--size", size]);
        }
        cases.push(Case::new("variant", &args));
        args.extend(["-f", "csv"]);
        cases.push(Case::new("variant", &args));
    }
    for args in [
        &["generate", "--variant", "x", "-n", "3", "--seed", "7", "--symmetry", "rot180"][..],
        &["generate", "--variant", "killer", "-n", "2", "--seed", "7", "--givens", "3"],
        &["generate", "--variant", "killer", "--size", "16"],
        &["generate", "--variant", "jigsaw,samurai"],
        &["generate", "--variant", "x", "--size", "26"],
        &["generate", "--variant", "windoku", "--size", "6"],
    ] {
        cases.push(Case::new("variant", args));
    }
}
