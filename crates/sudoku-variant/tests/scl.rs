//! SudokuPad's `scl`/`ctc` links and sudokuwiki links against independent
//! data: links that SudokuPad's own f-puzzles converter made from public
//! f-puzzles puzzles and from a hand-written f-puzzles document (the
//! f-puzzles reader, tested on its own, says what each must hold), a real
//! SudokuPad link from a Sudoku Maker puzzle with its published solution
//! (checked by a plain checker here), refusals by name, and hostile input.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use sudoku_variant::lzstring::decompress_from_base64;
use sudoku_variant::{Constraint, InteropError, Puzzle};

fn fixture(name: &str) -> String {
    let path = format!("{}/../../fixtures/variant/interop/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn lines(name: &str) -> Vec<Value> {
    fixture(name).lines().map(|l| serde_json::from_str(l).expect("fixture line is JSON")).collect()
}

fn unsupported(result: Result<sudoku_variant::Imported, InteropError>) -> Vec<String> {
    match result {
        Err(InteropError::Unsupported(names)) => names,
        other => panic!("expected a refusal by name, got {other:?}"),
    }
}

/// A puzzle's constraints as sorted descriptions (order is not meaning).
fn described(constraints: &[Constraint]) -> Vec<String> {
    let mut out: Vec<String> = constraints
        .iter()
        .map(|c| {
            let mut parts = c.instance().parts.clone();
            // A killer cage is a set, a dot's or letter's pair unordered.
            if c.kind().cage(c.instance()).is_some() || ["kropki", "xv"].contains(&c.kind().name()) {
                parts[0].sort_unstable();
            }
            format!("{} {:?} {:?}", c.kind().name(), parts, c.instance().value)
        })
        .collect();
    out.sort();
    out
}

/// What the SudokuPad converter keeps of an f-puzzles puzzle: all but the
/// `negative` list (the converter has no drawing for "all dots given").
fn same_puzzle(scl: &Puzzle, fpuzzles: &Puzzle, what: &str) {
    assert_eq!(scl.size(), fpuzzles.size(), "{what}");
    assert_eq!(scl.givens(), fpuzzles.givens(), "{what}");
    assert_eq!(scl.layout(), fpuzzles.layout(), "{what}");
    let rules: sudoku_variant::Kinds =
        fpuzzles.rules().iter().filter(|k| k.fpuzzles_negative().is_empty()).collect();
    assert_eq!(scl.rules(), rules, "{what}");
    assert_eq!(described(scl.constraints()), described(fpuzzles.constraints()), "{what}");
}

#[test]
fn converter_links_of_public_puzzles_read_as_their_fpuzzles_source() {
    let sources = lines("sudokutools_fpuzzles.jsonl");
    let links = lines("sudokutools_scl.jsonl");
    assert_eq!(sources.len(), links.len());
    let mut read = 0;
    for (source, link) in sources.iter().zip(&links) {
        let name = source["name"].as_str().unwrap();
        assert_eq!(link["name"].as_str(), Some(name));
        let result = Puzzle::from_link(link["link"].as_str().unwrap());
        // Drawn things the converter makes of cosmetic f-puzzles parts.
        let refusal = match name {
            n if n.starts_with("\"Self-contained\"") => Some("underlay (square, colour #d0d0ff"),
            n if n.starts_with("\"Quadiagonal\"") => Some("overlay with the text \"3\\u{2009}6\""),
            n if n.starts_with("\"The ARt of Sashimi\"") => Some("line of colour #ffccaa"),
            _ => None,
        };
        if let Some(needle) = refusal {
            let names = unsupported(result);
            assert!(names.iter().any(|n| n.contains(needle)), "{name}: {names:?}");
            continue;
        }
        let scl = result.unwrap_or_else(|e| panic!("{name}: {e}"));
        let data = source["data"].as_str().unwrap().split_whitespace().next().unwrap();
        let fpuzzles = Puzzle::from_link(&format!("fpuzzles{data}")).unwrap();
        same_puzzle(&scl.puzzle, &fpuzzles.puzzle, name);
        assert_eq!(scl.solution, fpuzzles.solution, "{name}");
        assert_eq!(scl.title, fpuzzles.title, "{name}");
        assert_eq!(scl.author, fpuzzles.author, "{name}");
        read += 1;
    }
    assert_eq!(read, 7);
}

#[test]
fn the_knights_rule_comes_from_the_converters_metadata_flag() {
    let link = &lines("sudokutools_scl.jsonl")[2];
    assert!(link["name"].as_str().unwrap().contains("1011 Knights"));
    let puzzle = Puzzle::from_link(link["link"].as_str().unwrap()).unwrap().puzzle;
    assert_eq!(puzzle.rules(), sudoku_variant::Kinds::parse_list("anti-knight").unwrap());
    assert_eq!(puzzle.constraints().len(), 17);
}

#[test]
fn hand_made_shapes_map_to_their_constraints_in_both_link_forms() {
    let hand = &lines("scl_hand.jsonl")[0];
    let fpuzzles = Puzzle::from_fpuzzles(&hand["fpuzzles"].to_string()).unwrap();
    for key in ["link", "ctc"] {
        let scl = Puzzle::from_link(hand[key].as_str().unwrap()).unwrap_or_else(|e| panic!("{key}: {e}"));
        same_puzzle(&scl.puzzle, &fpuzzles.puzzle, key);
        assert_eq!(scl.title.as_deref(), Some("Hand-made shapes"));
        assert!(scl.ruleset.as_deref().unwrap().starts_with("Sandwich sums"));
    }
    // And by hand, cell indices row-major from 0: what the f-puzzles
    // document says, so that the comparison above cannot pass empty.
    let got = described(fpuzzles.puzzle.constraints());
    for want in [
        "thermo [[1, 2, 12]] None",
        "arrow [[40], [32, 24]] None",
        "killer [[45, 46]] Some(12)",
        "little-killer [[73, 65, 57, 49, 41, 33, 25, 17]] Some(40)",
        "sandwich [[4, 13, 22, 31, 40, 49, 58, 67, 76]] Some(10)",
        "sandwich [[18, 19, 20, 21, 22, 23, 24, 25, 26]] Some(0)",
    ] {
        assert!(got.iter().any(|g| g == want), "{want} not in {got:?}");
    }
    let kinds: Vec<&str> = fpuzzles.puzzle.constraints().iter().map(|c| c.kind().name()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "kropki").count(), 2);
    assert_eq!(kinds.iter().filter(|k| **k == "xv").count(), 2);
    assert_eq!(fpuzzles.puzzle.rules(), sudoku_variant::Kinds::parse_list("x").unwrap());
}

#[test]
fn sandwich_numbers_need_rules_text_that_says_sandwich() {
    let hand = &lines("scl_hand.jsonl")[0];
    let data = hand["link"].as_str().unwrap().trim_start_matches("https://sudokupad.app/scl");
    let zipped = decompress_from_base64(data).unwrap();
    let other = zipped.replace("rules: Sandwich sums", "rules: X-sums");
    let names = unsupported(Puzzle::from_scl(&other));
    assert_eq!(names, ["overlay with the text \"10\"", "overlay with the text \"0\""]);
}

/// Parity Fish by Marty Sears: its red lines are in a background image.
fn parity_fish() -> String {
    let link = fixture("scl_parity_fish.txt");
    decompress_from_base64(link.trim().trim_start_matches("https://sudokupad.app/scl")).unwrap()
}

#[test]
fn a_real_sudoku_maker_link_is_refused_for_its_background_image() {
    let names = unsupported(Puzzle::from_link(fixture("scl_parity_fish.txt").trim()));
    assert_eq!(names, ["a background image (may draw constraints)"]);
}

#[test]
fn the_dots_of_a_real_link_hold_in_its_published_solution() {
    let text = parity_fish().replace("bgimage:'https://i.imgur.com/n3iOt4N.jpeg',", "");
    let imported = Puzzle::from_scl(&text).unwrap();
    assert_eq!(imported.title.as_deref(), Some("Parity Fish"));
    assert_eq!(imported.author.as_deref(), Some("Marty Sears"));
    let solution = imported.solution.expect("the link carries its solution");
    // A plain check: rows, columns and 3x3 boxes hold 1-9.
    for k in 0..9 {
        let mut seen = [[false; 10]; 3];
        for j in 0..9 {
            let cells = [k * 9 + j, j * 9 + k, (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3];
            for (house, cell) in cells.into_iter().enumerate() {
                assert!(!std::mem::replace(&mut seen[house][solution[cell] as usize], true));
            }
        }
    }
    let dots: Vec<_> = imported.puzzle.constraints().iter().filter(|c| c.kind().name() == "kropki").collect();
    assert_eq!(dots.len(), 21, "16 white and 5 black dots are drawn");
    let (mut white, mut black) = (0, 0);
    for dot in dots {
        let cells = &dot.instance().parts[0];
        let (a, b) = (solution[cells[0] as usize], solution[cells[1] as usize]);
        // A white dot (the kind's value 1): consecutive digits; a black
        // one (value 2): one digit double the other.
        match dot.instance().value {
            Some(1) => {
                assert_eq!(a.abs_diff(b), 1, "{cells:?}");
                white += 1;
            }
            Some(2) => {
                assert!(a == 2 * b || b == 2 * a, "{cells:?}: {a} {b}");
                black += 1;
            }
            other => panic!("a dot of value {other:?}"),
        }
    }
    assert_eq!((white, black), (16, 5));
}

#[test]
fn shapes_without_a_certain_meaning_are_refused_by_name() {
    let base = "{ce:[[,,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],\
                [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]";
    for (extra, needle) in [
        (",l:[{wp:[[0.5,0.5],[1.5,0.5]],c:FF0000}]", "line of colour #ff0000"),
        (",l:[{wp:[[0.5,0.5],[1.5,0.5]],c:CFCFCF}]", "line of colour #cfcfcf"),
        (",u:[{ct:[0.5,0.5],w:1,h:1,c2:FFA0A0}]", "underlay (square, colour #ffa0a0"),
        (",o:[{ct:[0.5,0.5],w:0.5,h:0.5,te:'A'}]", "overlay with the text \"A\""),
        (",a:[{wp:[[0.5,0.5],[2.5,2.5]],c:a1a1a1}]", "arrow of colour #a1a1a1"),
        (",ca:[{ce:[[0,0],[0,1]],v:3,style:'box'}]", "a cage of style \"box\""),
        (",ca:[{ce:[[0,0],[0,1]]}]", "a cage without a total"),
        (",ca:[{ce:[[0,0],[0,1]],v:'?'}]", "a cage with the text \"?\""),
        (",ca:[{ce:[[0,0],[0,1]],v:3,unique:f}]", "a cage whose digits may repeat"),
        (",foglight:[[0,0]]", "fog of war"),
        (",metadata:{nonconsecutive:t}", "metadata nonconsecutive"),
        (",ce2:1", "field ce2"),
    ] {
        let text = format!("{base}{extra}}}");
        let names = unsupported(Puzzle::from_scl(&text));
        assert!(names.iter().any(|n| n.contains(needle)), "{extra}: {names:?}");
    }
    // A grid without regions, and one that is not square.
    assert!(unsupported(Puzzle::from_scl("{ce:[[,,,],[,,,],[,,,],[,,,]]}"))[0].contains("without regions"));
    let names = unsupported(Puzzle::from_scl("{ce:[[,,,],[,,,],[,,,],[,,]],re:[[[0,0]]]}"));
    assert!(names[0].contains("not square"), "{names:?}");
}

#[test]
fn other_sudokupad_forms_are_refused_clearly() {
    for (link, needle) in [
        ("https://sudokupad.app/scfoooooooooooook", "scf"),
        ("https://sudokupad.app/psxtsgx2ng", "short id"),
        ("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA", "compressed"),
    ] {
        let err = Puzzle::from_link(link).expect_err(link).to_string();
        assert!(err.contains(needle), "{link}: {err}");
    }
}

#[test]
fn the_scf_preview_page_reads_the_scl_id_it_is_given() {
    // Puzzle tools point SudokuPad previews at `…/scf?puzzleid=scl…`: the
    // `scf` there is a page name, not the packed classic form.
    let link = lines("sudokutools_scl.jsonl")[2]["link"].as_str().unwrap().to_string();
    let data = &link[link.find("scl").expect("an scl link")..];
    let direct = Puzzle::from_link(&link).unwrap().puzzle;
    for preview in
        [format!("https://sudokupad.app/scf?puzzleid={data}"), format!("sudokupad.app/scf/?puzzleid={data}")]
    {
        assert_eq!(Puzzle::from_link(&preview).unwrap().puzzle, direct, "{preview}");
    }
    assert!(Puzzle::from_link("https://sudokupad.app/scf7").unwrap_err().to_string().contains("scf"));
}

#[test]
fn sudokuwiki_classic_x_and_killer_links_read_and_others_are_refused() {
    let link = "https://www.sudokuwiki.org/sudoku.htm?bd=400000938032094100095300240370609004529001673604703090957008300003900400240030709";
    let puzzle = Puzzle::from_link(link).unwrap().puzzle;
    assert!(puzzle.is_classic());
    assert_eq!(puzzle.givens_line().replace('.', "0"), &link[link.len() - 81..]);
    let x = Puzzle::from_link(&link.replace("sudoku.htm", "SudokuX.aspx")).unwrap().puzzle;
    assert_eq!(x.rules(), sudoku_variant::Kinds::parse_list("x").unwrap());
    assert_eq!(x.givens(), puzzle.givens());
    // The unit tests check every cage of this link against its published
    // list; here: the link form, percent-encoded or not, and a cut link.
    let killer = "http://www.sudokuwiki.org/killersudoku.htm?bd=111212111322212223333444333121141121123141321443333344441121144311121113333222333,080000171222150000270000000000000020000000200000000000051713000010001314000041000000000000150000000000001800000025003319000000220000000000000019000000000000000000";
    let cages = Puzzle::from_link(killer).unwrap().puzzle;
    assert_eq!(cages.constraints().len(), 22);
    assert!(cages.constraints().iter().all(|c| c.kind().name() == "killer"));
    let encoded =
        Puzzle::from_link(&killer.replace(',', "%2C").replace("http://www", "https://www")).unwrap();
    assert_eq!(encoded.puzzle, cages);
    let cut = Puzzle::from_link(&killer[..killer.len() - 4]).unwrap_err().to_string();
    assert!(cut.contains("expected 162 digits"), "{cut}");
    let jigsaw = "https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd=03v0n4u4f4bkb0099g88vanquqfqvq052gpi8c0h&jigmap=1111188331";
    assert!(unsupported(Puzzle::from_link(jigsaw))[0].contains("jigsaw.aspx"));
}

#[test]
fn truncated_and_mutated_links_give_errors_not_panics() {
    let links = lines("sudokutools_scl.jsonl");
    let link = links[6]["link"].as_str().unwrap();
    for cut in (0..link.len()).step_by(37) {
        let _ = Puzzle::from_link(&link[..cut]);
    }
    let text = parity_fish();
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let bytes = text.as_bytes();
    for _ in 0..2000 {
        let mut mutated = bytes.to_vec();
        for _ in 0..rng.gen_range(1..4) {
            let at = rng.gen_range(0..mutated.len());
            mutated[at] = b"{}[],:'0tf#.-x "[rng.gen_range(0..15)];
        }
        let _ = Puzzle::from_scl(&String::from_utf8_lossy(&mutated));
        let cut = rng.gen_range(0..bytes.len());
        assert!(Puzzle::from_scl(&String::from_utf8_lossy(&bytes[..cut])).is_err());
    }
}
