//! The answer a Penpa+ link carries for its answer check, read as the
//! puzzle's solution.
//!
//! penpa-edit writes it as a second parameter, `&a=`, beside `p=`
//! (`maketext_solve_solution` and `maketext` in `class_p.js`, read back
//! by `load` in `general.js`): base64 of raw deflate, as `p=`, but of
//! plain JSON without Penpa's abbreviations. With the header's
//! multisolution flag off (field 20 is not `true`) the JSON is
//! `make_solution`'s six sorted lists of strings: shaded cells, lines,
//! edges, walls, numbers and symbols. The numbers are `"point,text"`, one
//! for each cell of the answer layer that is no given (Penpa leaves the
//! givens out): a centre point and the digit as typed (`"7"`, `"12"`, or
//! a letter, lower case under the `alphabet` tag).
//!
//! Read: the numbers, each on a cell of the grid, with the givens they
//! complete into the solution, which must keep the givens and every rule
//! of the puzzle ([`Puzzle::check_solution`]): an answer that does not is
//! an [`InteropError::Field`] of `a=`. An answer with none of the six
//! lists filled is no answer. Refused by name, as the model's solution is
//! one digit per cell and nothing more: answers of several alternatives
//! (multisolution), answers with shading, lines, edges, walls or symbols,
//! and answers that leave cells empty.

use serde_json::Value;

use super::frame::Frame;
use super::layers::given_digit;
use crate::interop::InteropError;
use crate::Puzzle;

/// What each of `make_solution`'s six lists holds, for refusals.
const LISTS: [&str; 6] = ["shaded cells", "lines", "edges", "walls", "numbers", "symbols"];

/// The list of numbers among the six.
const NUMBERS: usize = 4;

fn field(why: impl Into<String>) -> InteropError {
    InteropError::Field { field: "a=".to_string(), why: why.into() }
}

/// The solution of `puzzle` (read on `frame`) that the answer text `text`
/// gives; `None` when the answer is empty. `multisolution` is the
/// header's flag.
pub(super) fn read_answer(
    frame: &Frame,
    puzzle: &Puzzle,
    text: &str,
    multisolution: bool,
) -> Result<Option<Vec<u8>>, InteropError> {
    if multisolution {
        return Err(InteropError::Unsupported(vec![
            "an answer of several alternatives (a=, multisolution)".into()
        ]));
    }
    let value: Value = serde_json::from_str(text).map_err(|e| field(format!("not JSON: {e}")))?;
    let lists: Vec<&Vec<Value>> = value
        .as_array()
        .and_then(|lists| lists.iter().map(Value::as_array).collect())
        .ok_or_else(|| field("expected a list of lists"))?;
    if lists.iter().all(|l| l.is_empty()) {
        return Ok(None);
    }
    let other: Vec<String> = lists
        .iter()
        .enumerate()
        .filter(|&(at, l)| at != NUMBERS && !l.is_empty())
        .map(|(at, _)| format!("an answer with {} (a=)", LISTS.get(at).copied().unwrap_or("other marks")))
        .collect();
    if !other.is_empty() {
        return Err(InteropError::Unsupported(other));
    }
    let n = frame.n;
    let mut grid = puzzle.givens().to_vec();
    for entry in lists.get(NUMBERS).copied().into_iter().flatten() {
        let entry = entry.as_str().ok_or_else(|| field("a number that is not text"))?;
        let (point, text) =
            entry.split_once(',').ok_or_else(|| field(format!("{entry:?} is not point,digit")))?;
        let cell =
            point.trim().parse::<usize>().ok().and_then(|k| frame.centre_cell(k)).ok_or_else(|| {
                InteropError::Unsupported(vec![format!("an answer {text:?} off the grid's cells (a=)")])
            })?;
        let name = frame.name(cell);
        let (digit, _) = given_digit(text.trim(), n)
            .ok_or_else(|| field(format!("{text:?} in {name} is not a digit 1-{n}")))?;
        let at = usize::from(cell);
        if grid[at] != 0 && grid[at] != digit {
            let given = if puzzle.givens()[at] != 0 { "the given" } else { "another answer" };
            return Err(field(format!(
                "{text:?} in {name} contradicts {given} {}",
                crate::digit_char(grid[at])
            )));
        }
        grid[at] = digit;
    }
    let empty: Vec<String> =
        (0..grid.len()).filter(|&i| grid[i] == 0).map(|i| frame.name(i as u16)).collect();
    if let Some(first) = empty.first() {
        return Err(InteropError::Unsupported(vec![format!(
            "a partial answer (a=): {} cells without a digit, first {first}",
            empty.len()
        )]));
    }
    puzzle.check_solution(&grid).map_err(|why| field(format!("the answer breaks the puzzle: {why}")))?;
    Ok(Some(grid))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 without margins: `nx0 = 8`.
    const FOUR: Frame = Frame { nx0: 8, ny0: 8, top: 2, left: 2, n: 4 };

    /// The solution, row by row; r1c1 is the puzzle's one given.
    const SOLUTION: &str = "1234341221434321";

    fn puzzle() -> Puzzle {
        Puzzle::from_json(r#"{"size":4,"givens":"1..............."}"#).unwrap().puzzle
    }

    /// An answer text: `numbers` as "point,text", and `shaded` in list 0.
    fn answer(numbers: &[(usize, String)], shaded: &[&str]) -> String {
        let numbers: Vec<String> =
            numbers.iter().map(|(i, t)| format!("\"{},{t}\"", (i / 4 + 2) * 8 + i % 4 + 2)).collect();
        let shaded: Vec<String> = shaded.iter().map(|s| format!("\"{s}\"")).collect();
        format!("[[{}],[],[],[],[{}],[]]", shaded.join(","), numbers.join(","))
    }

    /// The solution's cells past the given, as Penpa writes them.
    fn numbers(solution: &str) -> Vec<(usize, String)> {
        solution.chars().enumerate().skip(1).map(|(i, c)| (i, c.to_string())).collect()
    }

    fn read(text: &str) -> Result<Option<Vec<u8>>, InteropError> {
        read_answer(&FOUR, &puzzle(), text, false)
    }

    #[test]
    fn r47_the_answer_and_the_givens_make_the_solution() {
        let want: Vec<u8> = SOLUTION.bytes().map(|b| b - b'0').collect();
        assert_eq!(read(&answer(&numbers(SOLUTION), &[])), Ok(Some(want.clone())));
        // The given again, the same digit: still the solution.
        let mut with_given = numbers(SOLUTION);
        with_given.push((0, "1".into()));
        assert_eq!(read(&answer(&with_given, &[])), Ok(Some(want)));
        // Six empty lists: no answer.
        assert_eq!(read("[[],[],[],[],[],[]]"), Ok(None));
    }

    fn why(result: Result<Option<Vec<u8>>, InteropError>) -> String {
        match result {
            Err(e) => e.to_string(),
            Ok(got) => panic!("expected an error, got {got:?}"),
        }
    }

    #[test]
    fn r47_an_answer_that_breaks_the_puzzle_is_an_error_by_name() {
        let mut numbers1 = numbers(SOLUTION);
        numbers1.push((0, "2".into()));
        assert_eq!(why(read(&answer(&numbers1, &[]))), "a=: \"2\" in r1c1 contradicts the given 1");
        // r4c3 and r4c4 swapped: column 3 holds 2 twice.
        let swapped = numbers("1234341221434312");
        let got = why(read(&answer(&swapped, &[])));
        assert!(got.starts_with("a=: the answer breaks the puzzle: "), "{got}");
        let got = why(read(&answer(&[(1, "5".into())], &[])));
        assert_eq!(got, "a=: \"5\" in r1c2 is not a digit 1-4");
        assert!(why(read("{}")).starts_with("a=: expected a list of lists"));
        assert!(why(read("[[],[],[],[],[\"40\"],[]]")).contains("is not point,digit"));
        // Fewer lists than Penpa writes: no numbers list, so cells are empty.
        assert!(why(read("[[\"27\"]]")).contains("shaded cells"));
        assert!(why(read("[[],[],[\"1,2\"]]")).contains("edges"));
    }

    #[test]
    fn r47_what_the_model_holds_no_place_for_is_refused_by_name() {
        let refused = |result| match result {
            Err(InteropError::Unsupported(names)) => names,
            other => panic!("expected a refusal, got {other:?}"),
        };
        let partial: Vec<(usize, String)> = numbers(SOLUTION).into_iter().filter(|(i, _)| *i != 15).collect();
        assert_eq!(
            refused(read(&answer(&partial, &[]))),
            ["a partial answer (a=): 1 cells without a digit, first r4c4"]
        );
        assert_eq!(refused(read(&answer(&numbers(SOLUTION), &["27"]))), ["an answer with shaded cells (a=)"]);
        assert_eq!(
            refused(read_answer(&FOUR, &puzzle(), &answer(&numbers(SOLUTION), &[]), true)),
            ["an answer of several alternatives (a=, multisolution)"]
        );
        assert_eq!(
            refused(read(r#"[[],[],[],[],["3,1"],[]]"#)),
            ["an answer \"1\" off the grid's cells (a=)"]
        );
    }
}
