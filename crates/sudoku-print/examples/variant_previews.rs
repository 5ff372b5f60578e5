//! Renders the preview images of variant pages in `docs/variants/` and a
//! sample variant book, `target/variant-preview.pdf`:
//!
//! ```sh
//! cargo run --release -p sudoku-print --example variant_previews
//! cargo run --release -p sudoku-print --example variant_previews -- bench
//! ```
//!
//! With `bench` it also times books of 1,000 puzzles with answers (A4, 4
//! a page asked): classic (`render_pdf`) beside killer, X, 16×16 and
//! samurai (`render_variant_pdf`), alternating, best of 5.
//!
//! The puzzles are made here, seeded, with `sudoku-variant`'s solver: a
//! random solution, then givens removed in random order while the
//! solution stays unique (a killer's cages are cut from its solution).
//! They are real, unique puzzles, though not graded.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudoku_print::variant::{self, variant_name, VariantItem, VariantSection};
use sudoku_print::{ItemMeta, PerPage, PrintOptions};
use sudoku_variant::{Constraint, Kinds, Layout, Outcome, Puzzle, VariantSolver};

/// A killer cage (the registry's `killer` kind).
fn cage(cells: Vec<u16>, sum: Option<u32>) -> Constraint {
    let killer = sudoku_variant::kind_named("killer").expect("killer is registered");
    Constraint::of(killer, sudoku_variant::Instance { parts: vec![cells], value: sum })
}

/// Node budget of one uniqueness check: a check that runs out keeps the
/// given.
const NODES: u64 = 20_000;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = root.join("docs/variants");
    std::fs::create_dir_all(&out)?;
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let rules = |list: &str| Kinds::parse_list(list).expect("known rules");
    let nine = Puzzle::blank(9)?;
    let kinds: Vec<(&str, Puzzle)> = vec![
        ("killer", nine.clone()),
        ("x", nine.with_rules(rules("x"))?),
        ("windoku", nine.with_rules(rules("windoku"))?),
        ("jigsaw", jigsaw(&mut rng)?),
        ("mini-4x4", Puzzle::blank(4)?),
        ("mini-6x6", Puzzle::blank(6)?),
        ("16x16", Puzzle::blank(16)?),
        ("samurai", Puzzle::blank_samurai()),
        ("killer-x", nine.with_rules(rules("x"))?),
    ];
    let mut sections = Vec::new();
    for (name, shape) in kinds {
        let started = std::time::Instant::now();
        let (puzzle, solution) =
            if name.starts_with("killer") { killer(&shape, &mut rng)? } else { make(&shape, &mut rng)? };
        eprintln!(
            "{name}: {} givens, {:.1?}",
            puzzle.givens().iter().filter(|&&g| g != 0).count(),
            started.elapsed()
        );
        let image = variant::variant_image(&puzzle, None);
        let svg = sudoku_print::svg::render_sheet(&image, name);
        std::fs::write(out.join(format!("{name}.png")), sudoku_print::svg_to_png(&svg, 96)?)?;
        if name == "killer" || name == "samurai" {
            let answer = variant::variant_image(&puzzle, Some(&solution));
            let svg = sudoku_print::svg::render_sheet(&answer, name);
            std::fs::write(out.join(format!("{name}-answer.png")), sudoku_print::svg_to_png(&svg, 96)?)?;
        }
        let meta = ItemMeta { id: Some(format!("preview {name}")), ..ItemMeta::default() };
        let item = VariantItem { puzzle: puzzle.clone(), solution, meta };
        sections.push(VariantSection::new(variant_name(&puzzle), vec![item]));
    }
    // Two more killers: a section page holds two.
    for _ in 0..2 {
        let (puzzle, solution) = killer(&Puzzle::blank(9)?, &mut rng)?;
        sections[0].items.push(VariantItem { puzzle, solution, meta: ItemMeta::default() });
    }
    let opts =
        PrintOptions { title: "Variant sudoku".into(), per_page: PerPage::Four, ..PrintOptions::default() };
    let pdf = variant::render_variant_pdf(&sections, &opts);
    std::fs::write(root.join("target/variant-preview.pdf"), pdf)?;
    // The killer section's first page, and the first answer page.
    let sheets = variant::variant_book(&sections, &opts);
    let index = variant::variant_index(&sections, &opts);
    for (name, page) in [
        ("page-killer", index.placements[0].page),
        ("page-answers", index.placements[0].answer_page.unwrap_or(1)),
    ] {
        let svg = sudoku_print::svg::render_sheet(&sheets[page - 1], name);
        std::fs::write(out.join(format!("{name}.png")), sudoku_print::svg_to_png(&svg, 60)?)?;
    }
    eprintln!("{} pages in target/variant-preview.pdf", sheets.len());
    if std::env::args().nth(1).as_deref() == Some("bench") {
        bench(&sections, &opts);
    }
    Ok(())
}

/// Best-of-5 times of 1,000-puzzle books, each kind timed in turn in every
/// round.
fn bench(sections: &[VariantSection], opts: &PrintOptions) {
    const N: usize = 1000;
    let classic: Vec<sudoku_print::PrintItem> = {
        let grid = sudoku_core::Grid::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .expect("a puzzle");
        let item = sudoku_print::PrintItem {
            puzzle: grid,
            solution: grid.solve_one().expect("solvable"),
            meta: ItemMeta::default(),
        };
        vec![item; N]
    };
    let kind = |name: &str| {
        let section = sections.iter().find(|s| s.name == name).expect("a preview section");
        vec![VariantSection { items: vec![section.items[0].clone(); N], ..section.clone() }]
    };
    let books = [
        ("Killer", kind("Killer")),
        ("X", kind("X")),
        ("16×16", kind("16×16")),
        ("Samurai", kind("Samurai")),
    ];
    let mut best = vec![f64::MAX; books.len() + 1];
    let mut pages = vec![0; books.len() + 1];
    let mut bytes = vec![0; books.len() + 1];
    for _ in 0..5 {
        let t = std::time::Instant::now();
        let pdf = sudoku_print::render_pdf(&classic, opts);
        best[0] = best[0].min(t.elapsed().as_secs_f64());
        bytes[0] = pdf.len();
        pages[0] = sudoku_print::index(&classic, opts).n_pages;
        for (k, (_, book)) in books.iter().enumerate() {
            let t = std::time::Instant::now();
            let pdf = variant::render_variant_pdf(book, opts);
            best[k + 1] = best[k + 1].min(t.elapsed().as_secs_f64());
            bytes[k + 1] = pdf.len();
            pages[k + 1] = variant::variant_index(book, opts).n_pages;
        }
    }
    println!("| book ({N} puzzles, answers) | pages | PDF bytes | best of 5 (s) | ms a page |");
    println!("|---|---:|---:|---:|---:|");
    let names = std::iter::once("classic 9×9").chain(books.iter().map(|(n, _)| *n));
    for (k, name) in names.enumerate() {
        println!(
            "| {name} | {} | {} | {:.3} | {:.3} |",
            pages[k],
            bytes[k],
            best[k],
            best[k] * 1000.0 / pages[k] as f64
        );
    }
}

/// A puzzle of `shape`: a random solution, then givens removed while it
/// stays unique.
fn make(shape: &Puzzle, rng: &mut ChaCha8Rng) -> Result<(Puzzle, Vec<u8>), Box<dyn std::error::Error>> {
    let solution = random_solution(shape, rng)?;
    make_from(shape, solution, rng)
}

fn random_solution(shape: &Puzzle, rng: &mut ChaCha8Rng) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let mut solver = VariantSolver::new(shape);
    Ok(solver.solve_random(shape.givens(), rng, 10_000_000).map_err(|_| "no fill")?.ok_or("no solution")?)
}

/// A killer of `shape`: cages of 1–5 cells grown at random over a random
/// solution, with their sums, then givens removed while it stays unique.
fn killer(shape: &Puzzle, rng: &mut ChaCha8Rng) -> Result<(Puzzle, Vec<u8>), Box<dyn std::error::Error>> {
    let solution = random_solution(shape, rng)?;
    let n = shape.side();
    let mut owner = vec![usize::MAX; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..n * n {
        if owner[start] != usize::MAX {
            continue;
        }
        let target = rng.gen_range(2..=5);
        let mut cage = vec![start];
        owner[start] = cages.len();
        while cage.len() < target {
            let mut next: Vec<usize> = Vec::new();
            for &c in &cage {
                let (r, col) = (c / n, c % n);
                for (dr, dc) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
                    let (r2, c2) = (r as i32 + dr, col as i32 + dc);
                    if r2 < 0 || c2 < 0 || r2 >= n as i32 || c2 >= n as i32 {
                        continue;
                    }
                    let j = r2 as usize * n + c2 as usize;
                    if owner[j] == usize::MAX && cage.iter().all(|&k| solution[k] != solution[j]) {
                        next.push(j);
                    }
                }
            }
            let Some(&j) = next.choose(rng) else { break };
            owner[j] = cages.len();
            cage.push(j);
        }
        cages.push(cage);
    }
    let cages: Vec<Constraint> = cages
        .into_iter()
        .map(|cells| {
            let sum = Some(cells.iter().map(|&c| u32::from(solution[c])).sum());
            let mut cells: Vec<u16> = cells.into_iter().map(|c| c as u16).collect();
            cells.sort_unstable();
            cage(cells, sum)
        })
        .collect();
    make_from(&shape.with_constraints(cages)?, solution, rng)
}

/// Givens removed from `solution` while `shape` stays unique.
fn make_from(
    shape: &Puzzle,
    solution: Vec<u8>,
    rng: &mut ChaCha8Rng,
) -> Result<(Puzzle, Vec<u8>), Box<dyn std::error::Error>> {
    let mut solver = VariantSolver::new(shape);
    let mut givens = solution.clone();
    let mut cells = shape.cells();
    cells.shuffle(rng);
    for c in cells {
        let keep = givens[c];
        givens[c] = 0;
        if solver.count_bounded(&givens, 2, NODES) != (1, Outcome::Done) {
            givens[c] = keep;
        }
    }
    Ok((shape.with_givens(givens)?, solution))
}

/// A 9×9 jigsaw: the boxes, reshaped by swapping cells across region
/// borders while every region stays connected.
fn jigsaw(rng: &mut ChaCha8Rng) -> Result<Puzzle, Box<dyn std::error::Error>> {
    let n = 9;
    let mut regions: Vec<u8> = (0..n * n).map(|i| ((i / n) / 3 * 3 + (i % n) / 3) as u8).collect();
    let neighbours = |i: usize| {
        let (r, c) = (i / n, i % n);
        let mut out = Vec::new();
        if r > 0 {
            out.push(i - n);
        }
        if r + 1 < n {
            out.push(i + n);
        }
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < n {
            out.push(i + 1);
        }
        out
    };
    let connected = |regions: &[u8], label: u8| {
        let cells: Vec<usize> = (0..n * n).filter(|&i| regions[i] == label).collect();
        let mut seen = vec![cells[0]];
        let mut k = 0;
        while k < seen.len() {
            for j in neighbours(seen[k]) {
                if regions[j] == label && !seen.contains(&j) {
                    seen.push(j);
                }
            }
            k += 1;
        }
        seen.len() == cells.len()
    };
    let mut swaps = 0;
    while swaps < 25 {
        let a = rng.gen_range(0..n * n);
        let Some(&b) = neighbours(a).iter().find(|&&j| regions[j] != regions[a]) else { continue };
        let (ra, rb) = (regions[a], regions[b]);
        // Give `a` to b's region and some cell of b's region next to a's region back.
        let back: Vec<usize> = (0..n * n)
            .filter(|&i| {
                regions[i] == rb && i != b && neighbours(i).iter().any(|&j| regions[j] == ra && j != a)
            })
            .collect();
        let Some(&c) = back.choose(rng) else { continue };
        let mut trial = regions.clone();
        trial[a] = rb;
        trial[c] = ra;
        if connected(&trial, ra) && connected(&trial, rb) {
            let shape = Puzzle::new(9, Layout::Regions(trial.clone()), Kinds::NONE, vec![0; 81])?;
            if VariantSolver::new(&shape).count_bounded(shape.givens(), 1, 200_000).0 == 1 {
                regions = trial;
                swaps += 1;
            }
        }
    }
    Ok(Puzzle::new(9, Layout::Regions(regions), Kinds::NONE, vec![0; 81])?)
}
