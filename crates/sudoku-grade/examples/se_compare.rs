//! Compares our ratings with Sudoku Explainer's on a rated file.
//!
//! ```sh
//! cargo run --release -p sudoku-grade --example se_compare -- FILE [--limit N] [--show N] [--only TECHNIQUE] [--dump OUT] [--rules LIST] [--rows even|odd]
//! ```
//! `--rows even` keeps the data rows 0, 2, 4, … (the bank's calibration
//! half), `--rows odd` the others (the held-out half).
//! `--rules x,windoku,disjoint-groups` grades the puzzles as that 9×9
//! variant (SE's `--isX=1`, `--isWindows=1`, `--isDG=1`).
//! `--dump OUT` writes our ratings, a puzzle a line (`puzzle er ep ed
//! technique`), to compare two versions of the grader.
//! FILE is CSV or TSV with a header: `puzzle`, `se_er` or `se_rating`, and
//! optionally `se_ep`, `se_ed` and `hardest_technique` (SE's name for the
//! step that sets ER). Prints the exact and within-0.1 rates overall, per
//! SE value and per SE technique, and the first `--show` mismatches.

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_core::Grid;
use sudoku_grade::Grader;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("usage: se_compare FILE [--limit N] [--show N] [--only TECHNIQUE]");
    let opt = |name: &str| args.iter().position(|a| a == name).map(|i| args[i + 1].clone());
    let limit: usize = opt("--limit").map_or(usize::MAX, |v| v.parse().unwrap());
    let show: usize = opt("--show").map_or(0, |v| v.parse().unwrap());
    let only = opt("--only");
    let parity = opt("--rows").map(|r| usize::from(r == "odd"));
    let mut dump = opt("--dump").map(|p| std::io::BufWriter::new(std::fs::File::create(p).unwrap()));
    let text = std::fs::read_to_string(path).unwrap();
    let sep = if text.lines().next().unwrap().contains('\t') { '\t' } else { ',' };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(sep).collect();
    let col = |names: &[&str]| header.iter().position(|h| names.contains(h));
    let (pc, ec) = (col(&["puzzle"]).unwrap(), col(&["se_er", "se_rating"]).unwrap());
    let (epc, edc, tc) = (col(&["se_ep"]), col(&["se_ed"]), col(&["hardest_technique"]));
    let mut grader = match opt("--rules") {
        None => Grader::new(),
        Some(list) => {
            let rules = sudoku_variant::Kinds::parse_list(&list).expect("a rule list");
            let layout = sudoku_variant::Layout::Boxes { rows: 3, cols: 3 };
            let shape = sudoku_variant::Puzzle::new(9, layout, rules, vec![0; 81]).expect("a 9x9 shape");
            Grader::for_variant(&shape).expect("a shape the grader rates")
        }
    };
    let (mut n, mut exact, mut near, mut ep_ok, mut ed_ok, mut n_ep) = (0, 0, 0, 0, 0, 0);
    let mut by_value: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let mut by_tech: BTreeMap<String, (u32, u32, u32, Vec<f64>)> = BTreeMap::new();
    let mut shown = 0;
    let start = Instant::now();
    let mut graded = 0.0;
    for (row_idx, line) in lines.enumerate().take(limit) {
        if parity.is_some_and(|p| row_idx % 2 != p) {
            continue;
        }
        let f: Vec<&str> = line.split(sep).collect();
        let tech = tc.map(|i| f[i].to_string()).unwrap_or_default();
        if only.as_ref().is_some_and(|o| !tech.starts_with(o.as_str())) {
            continue;
        }
        let Ok(puzzle) = Grid::parse_line(f[pc]) else { continue };
        // The bank's ranges (`<1.5`, `1.5-2.4`) are not exact values.
        let Ok(se) = f[ec].parse::<f64>() else { continue };
        let t0 = Instant::now();
        let g = grader.grade(&puzzle);
        graded += t0.elapsed().as_secs_f64();
        n += 1;
        // A path the grader does not follow to its end (nested chains
        // under non-consecutive) is a miss on every count.
        let Ok(g) = g else {
            n_ep += u32::from(epc.is_some() && edc.is_some());
            continue;
        };
        if let Some(d) = dump.as_mut() {
            use std::io::Write;
            writeln!(d, "{} {:.1} {:.1} {:.1} {}", f[pc], g.er, g.ep, g.ed, g.technique).unwrap();
        }
        let ok = (g.er - se).abs() < 0.05;
        exact += ok as u32;
        near += ((g.er - se).abs() < 0.15) as u32;
        let v = by_value.entry(format!("{se:.1}")).or_default();
        v.0 += 1;
        v.1 += ok as u32;
        let t = by_tech.entry(tech.clone()).or_default();
        t.0 += 1;
        t.1 += ok as u32;
        t.2 += ((g.er - se).abs() < 0.15) as u32;
        t.3.push(g.er - se);
        // (Rows whose EP or ED is empty, as the bank's, count for ER only.)
        let value = |i: Option<usize>| i.and_then(|i| f.get(i)).and_then(|v| v.parse::<f64>().ok());
        if let (Some(ep), Some(ed)) = (value(epc), value(edc)) {
            n_ep += 1;
            ep_ok += ((g.ep - ep).abs() < 0.05) as u32;
            ed_ok += ((g.ed - ed).abs() < 0.05) as u32;
        }
        if !ok && shown < show {
            shown += 1;
            println!("MISMATCH {} se {se:.1} ours {:.1} ({}) se-tech {tech}", f[pc], g.er, g.technique);
        }
    }
    let pct = |a: u32, b: u32| 100.0 * f64::from(a) / f64::from(b.max(1));
    println!("puzzles {n}: ER exact {:.1}%, within 0.1 {:.1}%", pct(exact, n), pct(near, n));
    if n_ep > 0 {
        println!("EP exact {:.1}%, ED exact {:.1}%", pct(ep_ok, n_ep), pct(ed_ok, n_ep));
    }
    println!(
        "grading time {graded:.2} s ({:.2} ms a puzzle); wall {:.2} s",
        1000.0 * graded / f64::from(n.max(1)),
        start.elapsed().as_secs_f64()
    );
    println!("\nby SE value: value puzzles exact%");
    for (v, (a, b)) in &by_value {
        println!("{v}\t{a}\t{:.0}%", pct(*b, *a));
    }
    if tc.is_some() {
        println!("\nby SE technique: puzzles exact% within0.1% median(ours-se)");
        let mut rows: Vec<_> = by_tech.into_iter().collect();
        rows.sort_by_key(|r| std::cmp::Reverse(r.1 .0));
        for (t, (a, b, c, mut d)) in rows {
            d.sort_by(|x, y| x.partial_cmp(y).unwrap());
            println!("{t:40}\t{a}\t{:.0}%\t{:.0}%\t{:+.1}", pct(b, a), pct(c, a), d[d.len() / 2]);
        }
    }
}
