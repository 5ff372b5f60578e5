//! `sudoku solve` and `convert` on Penpa+ links (issue 47): the links of
//! `fixtures/variant/penpa/links.jsonl` (written by its `make_links.py`
//! from fixture puzzles whose solutions were found independently).

use crate::util::sudoku;
use predicates::prelude::*;

/// The fixture whose id starts with `id`: (link, expected JSON form, solution).
fn fixture(id: &str) -> (String, String, String) {
    let path = format!("{}/../../fixtures/variant/penpa/links.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let line = text.lines().find(|l| l.contains(&format!("\"id\": \"{id}"))).expect("fixture present");
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    (v["link"].as_str().unwrap().into(), v["expected"].to_string(), v["solution"].as_str().unwrap().into())
}

/// `sudoku solve` reads the link and prints the fixture's solution.
fn solves_to_its_solution(link: &str, solution: &str) {
    sudoku()
        .args(["solve", "-"])
        .write_stdin(format!("{link}\n"))
        .assert()
        .success()
        .stdout(format!("{solution}\n"));
}

#[test]
fn r47_solve_reads_a_penpa_link_and_prints_the_known_solution() {
    let (link, _, solution) = fixture("killer9-x");
    assert!(link.starts_with("https://swaroopg92.github.io/penpa-edit/#m=solve&p="));
    solves_to_its_solution(&link, &solution);
}

#[test]
fn r47_convert_writes_a_penpa_link_as_its_json_form() {
    let (link, expected, solution) = fixture("jigsaw9");
    let convert = |input: String| {
        let out = sudoku().args(["convert", "--to", "json", "-"]).write_stdin(input).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    // The link's answer check (`&a=`) is the JSON form's solution.
    assert!(link.contains("&a="), "the fixture wants an answer check");
    let mut expected: serde_json::Value = serde_json::from_str(&expected).unwrap();
    expected["solution"] = solution.into();
    assert_eq!(convert(format!("{link}\n")), convert(format!("{expected}\n")));
}

#[test]
fn r47_a_penpa_link_with_what_the_model_lacks_is_an_error_naming_it() {
    // The Penpa text `sudoku,4,4,38,0,1,1,190,190,42,42`, `[0,0,0,0]`, ``,
    // `{"surface":{"27":1}}` (r2c2 shaded), deflated by Python's zlib.
    let link = "https://swaroopg92.github.io/penpa-edit/#m=solve&p=Ky5Nyc8u1TEBQmMLHQMdQxC0NABjEyMg4oo20AHDWC6uaqXi0qK0xORUJatqJSNzJSvD2loA";
    sudoku()
        .args(["solve", "-"])
        .write_stdin(format!("{link}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not supported: shaded cells (surface)"));
}

#[test]
fn r47_solve_reads_a_sixteen_with_letters_as_givens() {
    let (link, expected, solution) = fixture("classic16-34-1+letters");
    assert!(expected.contains('G'), "the fixture wants a G given");
    solves_to_its_solution(&link, &solution);
}

#[test]
fn r47_solve_reads_hand_drawn_thermometers() {
    let (link, _, solution) = fixture("thermo9-34-0+hand-drawn");
    solves_to_its_solution(&link, &solution);
}

#[test]
fn r47_convert_keeps_the_answer_check_of_a_penpa_link_as_the_solution() {
    let (link, _, solution) = fixture("killer9-x");
    assert!(link.contains("&a="), "the fixture wants an answer check");
    let out =
        sudoku().args(["convert", "--to", "json", "-"]).write_stdin(format!("{link}\n")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["solution"].as_str(), Some(solution.as_str()));
    // Without it, no solution is written.
    let bare = link.split("&a=").next().unwrap();
    let out =
        sudoku().args(["convert", "--to", "json", "-"]).write_stdin(format!("{bare}\n")).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.get("solution").is_none(), "{v}");
}
