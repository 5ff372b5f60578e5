//! Issue 45: a book of classic and variant sections
//! (`book --sections [VARIANT:]BAND:COUNT,...`), read back from its PDF and
//! its CSV: every puzzle is unique by a solver written here (rows,
//! columns, boxes or regions, diagonals, cages with sums, nothing of the
//! library's), its solution is the one in the CSV, each section holds its
//! band in rating order, and the pages and the answer key are where the
//! index says, with the answer grids showing the solutions.

use std::path::Path;

use serde_json::Value;

use crate::util::{csv_file, make_book, pdf_words, sudoku};

/// A puzzle as this test reads it: size, givens, the groups of cells that
/// hold distinct digits (a full house, a diagonal, a cage) and the sums
/// of cages.
pub(crate) struct Plain {
    n: usize,
    givens: Vec<u8>,
    pub(crate) groups: Vec<Vec<usize>>,
    cages: Vec<(Vec<usize>, u32)>,
    /// Each cage's combinations ([`combinations`]).
    combos: Vec<Vec<u64>>,
    /// The cages (indices into `cages`) each cell is in.
    cages_of: Vec<Vec<usize>>,
}

pub(crate) fn digit(c: char) -> u8 {
    match c {
        '.' | '0' => 0,
        c => c.to_digit(36).expect("a digit") as u8,
    }
}

/// The box shape of a classic grid of side `n`: rows × columns.
fn box_shape(n: usize) -> (usize, usize) {
    let rows = (1..=n).rev().find(|r| n % r == 0 && r * r <= n).unwrap();
    (rows, n / rows)
}

fn cell_index(name: &Value, n: usize) -> usize {
    let text = name.as_str().unwrap();
    let (r, c) = text[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1
}

/// Reads the CSV's `puzzle`: a line of givens, or the JSON form.
pub(crate) fn read(puzzle: &str) -> Plain {
    let (n, givens, regions, rules, cages) = if puzzle.starts_with('{') {
        let v: Value = serde_json::from_str(puzzle).unwrap();
        let n = v["size"].as_u64().unwrap() as usize;
        let givens = v["givens"].as_str().map_or(vec![0; n * n], |g| g.chars().map(digit).collect());
        let regions = v["regions"].as_str().map(|r| r.chars().map(|c| c.to_digit(36).unwrap()).collect());
        let rules: Vec<String> =
            v["rules"].as_array().into_iter().flatten().map(|r| r.as_str().unwrap().to_string()).collect();
        let cages = v["cages"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| {
                let cells: Vec<usize> =
                    c["cells"].as_array().unwrap().iter().map(|x| cell_index(x, n)).collect();
                (cells, c["sum"].as_u64().unwrap() as u32)
            })
            .collect();
        if let Some(other) = v
            .as_object()
            .unwrap()
            .keys()
            .find(|k| !["size", "givens", "regions", "rules", "cages"].contains(&k.as_str()))
        {
            panic!("no check written here for {other}: {puzzle}");
        }
        (n, givens, regions, rules, cages)
    } else {
        let n = (puzzle.len() as f64).sqrt() as usize;
        (n, puzzle.chars().map(digit).collect(), None, Vec::new(), Vec::new())
    };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for k in 0..n {
        groups.push((0..n).map(|c| k * n + c).collect());
        groups.push((0..n).map(|r| r * n + k).collect());
    }
    match regions {
        Some(regions) => {
            let regions: Vec<u32> = regions;
            let mut ids: Vec<u32> = regions.clone();
            ids.sort_unstable();
            ids.dedup();
            for id in ids {
                groups.push((0..n * n).filter(|&i| regions[i] == id).collect());
            }
        }
        None => {
            let (br, bc) = box_shape(n);
            for b in 0..n {
                let (r0, c0) = (b / (n / bc) * br, b % (n / bc) * bc);
                groups.push((0..n).map(|k| (r0 + k / bc) * n + c0 + k % bc).collect());
            }
        }
    }
    for rule in &rules {
        match rule.as_str() {
            "x" => {
                groups.push((0..n).map(|k| k * n + k).collect());
                groups.push((0..n).map(|k| k * n + n - 1 - k).collect());
            }
            other => panic!("no check written here for the rule {other}"),
        }
    }
    for (cells, _) in &cages {
        groups.push(cells.clone());
    }
    let combos = cages.iter().map(|(cells, sum)| combinations(n, cells.len(), *sum).collect()).collect();
    let mut cages_of = vec![Vec::new(); n * n];
    for (k, (cells, _)) in cages.iter().enumerate() {
        cells.iter().for_each(|&c| cages_of[c].push(k));
    }
    Plain { n, givens, groups, cages, combos, cages_of }
}

impl Plain {
    /// Whether `grid` (full) keeps every group distinct, every cage's sum
    /// and the givens.
    fn holds(&self, grid: &[u8]) -> bool {
        let distinct = self.groups.iter().all(|g| {
            let mut seen = 0u64;
            g.iter().all(|&c| {
                (1..=self.n as u8).contains(&grid[c]) && seen & 1 << grid[c] == 0 && {
                    seen |= 1 << grid[c];
                    true
                }
            })
        });
        let sums = self
            .cages
            .iter()
            .all(|(cells, sum)| cells.iter().map(|&c| u32::from(grid[c])).sum::<u32>() == *sum);
        let givens = self.givens.iter().zip(grid).all(|(&g, &d)| g == 0 || g == d);
        distinct && sums && givens && grid.len() == self.n * self.n
    }

    /// Whether digit `d` may go in `c` of `grid`, whose groups hold the
    /// digits `used` (bit d): no group of `c` has it, and each cage of `c`
    /// has a combination of its sum holding `d` and the digits placed in it.
    fn fits(&self, grid: &[u8], used: &[u64], c: usize, d: u8, of: &[Vec<usize>]) -> bool {
        if of[c].iter().any(|&g| used[g] >> d & 1 == 1) {
            return false;
        }
        self.cages_of[c].iter().all(|&k| {
            let placed = self.cages[k].0.iter().fold(1u64 << d, |m, &o| m | 1 << grid[o]) & !1;
            self.combos[k].iter().any(|m| m & placed == placed)
        })
    }

    /// Solutions, up to `most`, by depth-first search on the cell with the
    /// fewest digits that fit.
    pub(crate) fn solutions(&self, most: usize) -> Vec<Vec<u8>> {
        let mut of = vec![Vec::new(); self.n * self.n];
        for (g, cells) in self.groups.iter().enumerate() {
            for &c in cells {
                of[c].push(g);
            }
        }
        let mut grid = vec![0u8; self.n * self.n];
        let mut used = vec![0u64; self.groups.len()];
        for (c, &g) in self.givens.iter().enumerate() {
            if g != 0 {
                if !self.fits(&grid, &used, c, g, &of) {
                    return Vec::new();
                }
                grid[c] = g;
                of[c].iter().for_each(|&k| used[k] |= 1 << g);
            }
        }
        let mut found = Vec::new();
        self.search(&mut grid, &mut used, &of, most, &mut found);
        found
    }

    fn search(
        &self,
        grid: &mut [u8],
        used: &mut [u64],
        of: &[Vec<usize>],
        most: usize,
        found: &mut Vec<Vec<u8>>,
    ) {
        // The digits that fit each open cell; the cell with the fewest.
        let mut fits = vec![0u64; grid.len()];
        let mut best: Option<(usize, u32)> = None;
        for c in (0..grid.len()).filter(|&c| grid[c] == 0) {
            fits[c] =
                (1..=self.n as u8).filter(|&d| self.fits(grid, used, c, d, of)).fold(0, |m, d| m | 1 << d);
            if best.is_none_or(|b| fits[c].count_ones() < b.1) {
                best = Some((c, fits[c].count_ones()));
            }
        }
        let Some((mut c, _)) = best else {
            assert!(self.holds(grid), "the search filled a grid that breaks a rule");
            found.push(grid.to_vec());
            return;
        };
        let mut digits: Vec<u8> = (1..=self.n as u8).filter(|&d| fits[c] >> d & 1 == 1).collect();
        // A digit with one place left in a house goes there; with none,
        // this branch is dead.
        if digits.len() > 1 {
            for (g, group) in self.groups.iter().enumerate().filter(|(_, g)| g.len() == self.n) {
                for d in (1..=self.n as u8).filter(|&d| used[g] >> d & 1 == 0) {
                    let mut places = group.iter().filter(|&&o| grid[o] == 0 && fits[o] >> d & 1 == 1);
                    match (places.next(), places.next()) {
                        (None, _) => return,
                        (Some(&only), None) => (c, digits) = (only, vec![d]),
                        _ => {}
                    }
                }
            }
        }
        for d in digits {
            grid[c] = d;
            of[c].iter().for_each(|&k| used[k] |= 1 << d);
            self.search(grid, used, of, most, found);
            of[c].iter().for_each(|&k| used[k] &= !(1 << d));
            grid[c] = 0;
            if found.len() >= most {
                return;
            }
        }
    }
}

/// The sets of `k` distinct digits 1 to `n` adding up to `sum`, as masks
/// (bit d for digit d).
fn combinations(n: usize, k: usize, sum: u32) -> impl Iterator<Item = u64> {
    (0u64..1 << n).map(|m| m << 1).filter(move |m| {
        m.count_ones() as usize == k && (1..=n as u32).filter(|d| m >> d & 1 == 1).sum::<u32>() == sum
    })
}

/// The digits of the grid under the label starting `label` on page
/// `page`, row by row as printed (one-character words below the label,
/// left of the next label to its right and above the next label below
/// it, over half as tall as the tallest: cage sums left out).
fn grid_under(pdf: &Path, page: usize, label: &[String]) -> Vec<String> {
    let words = pdf_words(pdf, page);
    let starts: Vec<usize> =
        (0..words.len()).filter(|&i| words[i..].iter().take(label.len()).map(|w| &w.4).eq(label)).collect();
    let &[at] = &starts[..] else { panic!("{label:?} is on page {page} {} times", starts.len()) };
    let (x, y) = (words[at].0, words[at].3);
    // Every caption (`Puzzle N`) and answer label (`N (page P)`).
    let others: Vec<(f64, f64)> = words
        .windows(2)
        .filter(|w| {
            let number = |t: &str| t.parse::<u64>().is_ok();
            (w[0].4 == "Puzzle" && number(&w[1].4)) || (number(&w[0].4) && w[1].4.starts_with("(page"))
        })
        .map(|w| (w[0].0, w[0].1))
        .collect();
    let right = others.iter().map(|c| c.0).filter(|&cx| cx > x + 5.0).fold(f64::INFINITY, f64::min);
    let below = others
        .iter()
        .filter(|c| (c.0 - x).abs() < 5.0 && c.1 > y + 5.0)
        .map(|c| c.1)
        .fold(f64::INFINITY, f64::min);
    let inside: Vec<&(f64, f64, f64, f64, String)> = words
        .iter()
        .filter(|w| w.4.chars().count() == 1 && w.4.chars().all(|c| c.is_ascii_alphanumeric()))
        .filter(|w| {
            let (cx, cy) = ((w.0 + w.2) / 2.0, (w.1 + w.3) / 2.0);
            cx > x - 5.0 && cx < right - 5.0 && cy > y && cy < below
        })
        .collect();
    let tallest = inside.iter().map(|w| w.3 - w.1).fold(0.0, f64::max);
    let mut digits: Vec<(f64, f64, char)> = inside
        .iter()
        // A digit under a cage's sum shrinks to clear it (to about 3/4);
        // the sums are smaller still.
        .filter(|w| w.3 - w.1 > tallest * 0.55)
        .map(|w| ((w.0 + w.2) / 2.0, (w.1 + w.3) / 2.0, w.4.chars().next().unwrap()))
        .collect();
    digits.sort_by(|a, b| a.1.total_cmp(&b.1));
    let mut rows: Vec<Vec<(f64, char)>> = Vec::new();
    let mut last = f64::NEG_INFINITY;
    for (cx, cy, d) in digits {
        if cy - last > tallest * 0.4 {
            rows.push(Vec::new());
        }
        last = cy;
        rows.last_mut().unwrap().push((cx, d));
    }
    rows.into_iter()
        .map(|mut row| {
            row.sort_by(|a, b| a.0.total_cmp(&b.0));
            row.into_iter().map(|(_, d)| d).collect()
        })
        .collect()
}

/// `digits` (a grid's line, `.` for a blank) as printed: each non-empty
/// row's digits.
fn as_printed(line: &str, n: usize) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    chars
        .chunks(n)
        .map(|row| row.iter().filter(|&&c| c != '.' && c != '0').collect::<String>())
        .filter(|row| !row.is_empty())
        .collect()
}

fn pdf_pages(pdf: &Path) -> usize {
    let out = std::process::Command::new("pdfinfo").arg(pdf).output().expect("poppler's pdfinfo");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:").map(|n| n.trim().parse().unwrap()))
        .unwrap()
}

fn pdf_text(pdf: &Path, page: usize) -> String {
    let p = page.to_string();
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", "-f", &p, "-l", &p])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("poppler's pdftotext");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn r45_a_book_of_variant_sections_reads_back_unique_in_band_and_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let sections = "killer:easy:3,killer:hard:3,x:medium:4,jigsaw:medium:4,6x6:easy:4,16x16:medium:2";
    let (pdf, rows) = make_book(dir.path(), &["--sections", sections, "--seed", "3"]);
    assert_eq!(rows.len(), 20);

    // Sections in the order asked, each of its count, band and variant,
    // easiest first.
    let wanted: Vec<(&str, &str, usize, &str)> = vec![
        ("killer", "easy", 3, "Killer – Easy"),
        ("killer", "hard", 3, "Killer – Hard"),
        ("x", "medium", 4, "X – Medium"),
        ("jigsaw", "medium", 4, "Jigsaw – Medium"),
        ("6x6", "easy", 4, "6×6 – Easy"),
        ("16x16", "medium", 2, "16×16 – Medium"),
    ];
    let mut at = 0;
    for (variant, band, count, name) in wanted {
        let section = &rows[at..at + count];
        at += count;
        let ratings: Vec<f64> = section.iter().map(|r| r["rating"].parse().unwrap()).collect();
        assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{name}: {ratings:?}");
        for row in section {
            assert_eq!((row["variant"].as_str(), row["band"].as_str()), (variant, band), "{row:?}");
            assert_eq!(row["section"], name, "{row:?}");
        }
    }

    let n_pages = pdf_pages(&pdf);
    for (k, row) in rows.iter().enumerate() {
        let number = k + 1;
        assert_eq!(row["number"], number.to_string());
        // Unique, by the solver written here, and the CSV's solution.
        let plain = read(&row["puzzle"]);
        let found = plain.solutions(2);
        assert_eq!(found.len(), 1, "puzzle {number} is not unique: {row:?}");
        let solution: Vec<u8> = row["solution"].chars().map(digit).collect();
        assert_eq!(found[0], solution, "puzzle {number}: {row:?}");

        // Its page: the caption, the running head, the givens as printed
        // (a line puzzle's).
        let page: usize = row["page"].parse().unwrap();
        assert!(page <= n_pages);
        assert!(pdf_text(&pdf, page).contains(&row["section"]), "page {page} heads {}", row["section"]);
        let caption = ["Puzzle".to_string(), number.to_string()];
        let printed = grid_under(&pdf, page, &caption);
        if !row["puzzle"].starts_with('{') {
            assert_eq!(printed, as_printed(&row["puzzle"], plain.n), "puzzle {number} on page {page}");
        }
        // Its answer: labelled with the puzzle's page, the grid its solution.
        let answer_page: usize = row["answer_page"].parse().unwrap();
        let label = [number.to_string(), "(page".to_string(), format!("{page})")];
        let answer = grid_under(&pdf, answer_page, &label);
        assert_eq!(answer, as_printed(&row["solution"], plain.n), "answer {number} on page {answer_page}");
    }
}

/// The solver written here can fail: it finds two solutions of a puzzle
/// with a cage sum dropped, none with a sum off by one, and rejects a
/// grid that breaks a diagonal.
#[test]
fn the_independent_solver_sees_non_unique_and_broken_puzzles() {
    let line = "1...............";
    assert!(read(line).solutions(2).len() == 2);
    let full = "1234341221434321";
    assert_eq!(read(full).solutions(2).len(), 1);
    let caged = r#"{"size":4,"cages":[{"sum":3,"cells":["r1c1","r1c2"]},{"sum":7,"cells":["r1c3","r1c4"]}]}"#;
    let several = read(caged).solutions(2).len();
    assert_eq!(several, 2);
    let wrong = r#"{"size":4,"cages":[{"sum":4,"cells":["r1c1","r1c2"]},{"sum":2,"cells":["r1c3"]},{"sum":1,"cells":["r1c4"]}]}"#;
    assert!(read(wrong).solutions(1).is_empty());
    let x = read(r#"{"size":4,"rules":["x"],"givens":"................"}"#);
    let bad: Vec<u8> = full.chars().map(digit).collect();
    assert!(!x.holds(&bad), "1234/3412/2143/4321 repeats 1 on a diagonal");
}

/// `print` on variant puzzles writes the book's index (`--csv`: each
/// puzzle's page, answer page, variant, size, puzzle and solution, as the
/// PDF shows them), single images (`--each`, SVG and PNG, a solution
/// after each puzzle with `--answers`), and large print where the trim
/// holds 24 pt digits (refused, with no file, where it does not).
#[test]
fn r45_print_indexes_images_and_large_print_take_variant_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("mix.txt");
    let killer = sudoku()
        .args(["generate", "--variant", "killer", "--size", "6", "-n", "2", "--seed", "4", "-q"])
        .output()
        .unwrap();
    let six = sudoku().args(["generate", "--size", "6", "-n", "2", "--seed", "4", "-q"]).output().unwrap();
    std::fs::write(&input, [killer.stdout, six.stdout].concat()).unwrap();
    let (pdf, csv) = (dir.path().join("m.pdf"), dir.path().join("m.csv"));
    sudoku().arg("print").arg(&input).arg("-o").arg(&pdf).arg("--csv").arg(&csv).assert().success();
    let (headers, rows) = csv_file(&csv);
    assert_eq!(
        headers,
        [
            "number",
            "section",
            "page",
            "answer_page",
            "variant",
            "size",
            "puzzle",
            "solution",
            "band",
            "rating",
            "id",
            "source"
        ]
    );
    assert_eq!(rows.len(), 4);
    for (k, row) in rows.iter().enumerate() {
        let number = k + 1;
        assert_eq!(row["source"], format!("{}:{number}", input.display()));
        let plain = read(&row["puzzle"]);
        assert_eq!(row["size"], plain.n.to_string());
        let found = plain.solutions(2);
        assert_eq!(found.len(), 1, "{row:?}");
        assert_eq!(found[0], row["solution"].chars().map(digit).collect::<Vec<u8>>(), "{row:?}");
        let page: usize = row["page"].parse().unwrap();
        let caption = ["Puzzle".to_string(), number.to_string()];
        let printed = grid_under(&pdf, page, &caption);
        if !row["puzzle"].starts_with('{') {
            assert_eq!(printed, as_printed(&row["puzzle"], plain.n), "{row:?}");
        }
        let answer_page: usize = row["answer_page"].parse().unwrap();
        let label = [number.to_string(), "(page".to_string(), format!("{page})")];
        assert_eq!(grid_under(&pdf, answer_page, &label), as_printed(&row["solution"], plain.n), "{row:?}");
    }
    assert_eq!((rows[0]["variant"].as_str(), rows[0]["size"].as_str()), ("killer", "6"));
    assert_eq!((rows[2]["variant"].as_str(), rows[2]["size"].as_str()), ("classic", "6"));

    // Single images, a solution after each puzzle.
    for format in ["svg", "png"] {
        let each = dir.path().join(format);
        sudoku()
            .arg("print")
            .arg(&input)
            .args(["--answers", "--format", format, "--each"])
            .arg(&each)
            .assert()
            .success();
        let mut names: Vec<String> = std::fs::read_dir(&each)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let wanted: Vec<String> = ["puzzle", "solution"]
            .iter()
            .flat_map(|kind| (1..=4).map(move |n| format!("{kind}-{n:04}.{format}")))
            .collect();
        assert_eq!(names, wanted);
    }
    let svg = std::fs::read_to_string(dir.path().join("svg/solution-0003.svg")).unwrap();
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{}", &svg[..60]);

    // Large print: 24 pt digits on A4; a 5x8 page is too small, and no file.
    let large = dir.path().join("large.pdf");
    sudoku().arg("print").arg(&input).arg("--large-print").arg("-o").arg(&large).assert().success();
    let tallest = (1..=pdf_pages(&large))
        .flat_map(|page| pdf_words(&large, page))
        .filter(|w| w.4.len() == 1)
        .map(|w| w.3 - w.1)
        .fold(0.0, f64::max);
    assert!(tallest >= 24.0, "the tallest digit box is {tallest} pt");
    let x = dir.path().join("x.txt");
    std::fs::write(
        &x,
        sudoku().args(["generate", "--variant", "x", "-n", "1", "-q"]).output().unwrap().stdout,
    )
    .unwrap();
    let small = dir.path().join("small.pdf");
    sudoku()
        .arg("print")
        .arg(&x)
        .args(["--large-print", "--trim", "5x8", "-o"])
        .arg(&small)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("large print needs cells of 40 pt"));
    assert!(!small.exists());
}
