//! Checks the uniqueness and aligned-exclusion rules against states taken
//! from Sudoku Explainer's own solution paths (an ignored test: it needs a
//! records file, see `probe_against_se_records`).
//!
//! Each record is one SE step on a state where the ladder had come to one
//! of these families or a later one: `rank`, SE's difficulty, SE's text,
//! the placed digits (81 chars), the candidates (729 chars, `.` for none),
//! SE's eliminations (`r1c2#3,...`) and placements. rank: 1 unique
//! loops, 2 families between loops and BUG, 3 BUG, 4 aligned pair, 5
//! chains, 6 aligned triplet, 7 later.

use crate::board::{bit, Board};
use crate::hint::Hits;
use crate::rules::{aligned, uniqueness};

fn board(values: &str, marks: &str) -> Board {
    let mut b = Board { cands: [0; 81], value: [0; 81] };
    for c in 0..81 {
        let v = values.as_bytes()[c];
        if v.is_ascii_digit() && v != b'0' {
            b.value[c] = v - b'0';
        } else {
            for k in 0..9 {
                if marks.as_bytes()[9 * c + k] != b'.' {
                    b.cands[c] |= 1 << k;
                }
            }
        }
    }
    b
}

fn cell(s: &str) -> usize {
    let b = s.as_bytes();
    (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize
}

type Rule = fn(&Board, &crate::board::Pos, &mut Hits);

#[test]
#[ignore]
fn probe_against_se_records() {
    let Ok(path) = std::env::var("SE_RECORDS") else { return };
    let show: usize = std::env::var("SE_SHOW").ok().and_then(|s| s.parse().ok()).unwrap_or(5);
    let text = std::fs::read_to_string(path).unwrap();
    let families: [(&str, u8, Rule); 4] = [
        ("loops", 1, uniqueness::loops),
        ("bug", 3, uniqueness::bug),
        ("pair", 4, aligned::pair),
        ("triplet", 6, aligned::triplet),
    ];
    for (name, own, rule) in families {
        let (mut n_own, mut ok_own, mut n_later, mut false_pos) = (0, 0, 0, 0);
        let mut spent = std::time::Duration::ZERO;
        let mut shown = 0;
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let rank: u8 = f[0].parse().unwrap();
            if rank < own {
                continue;
            }
            let se_diff: f64 = f[1].parse().unwrap();
            let b = board(f[3], f[4]);
            let pos = b.positions();
            let mut hits = Hits::new(true);
            let t0 = std::time::Instant::now();
            rule(&b, &pos, &mut hits);
            spent += t0.elapsed();
            let ours = hits.best();
            if std::env::var("SE_DUMP").is_ok_and(|v| v == name) {
                for h in hits.hints() {
                    println!(
                        "DUMP\t{}\t{}\t{}\t{:?}\t{}\t{}\t{}\t{}\t{}",
                        rank, f[1], f[2], h.elim, h.difficulty, h.text, f[3], f[4], f[5]
                    );
                }
            }
            if rank == own {
                n_own += 1;
                let diff_ok = ours == Some((se_diff * 10.0).round() as u8);
                let elims_ok = f[5].split(',').filter(|s| !s.is_empty()).all(|e| {
                    let d = e.as_bytes()[5] - b'0';
                    hits.found.elim[cell(e)] & bit(d) != 0
                });
                if diff_ok && elims_ok {
                    ok_own += 1;
                } else if shown < show {
                    shown += 1;
                    println!(
                        "[{name}] MISS se {} {} elims {} (diff_ok {diff_ok} elims_ok {elims_ok})",
                        f[1], f[2], f[5]
                    );
                    for h in hits.hints() {
                        println!("    ours {} {} {:?}", h.difficulty, h.text, h.elim);
                    }
                    println!("    state {} {} {}", f[3], f[4], f[7]);
                }
            } else {
                n_later += 1;
                if ours.is_some() {
                    false_pos += 1;
                    if shown < show {
                        shown += 1;
                        println!("[{name}] FALSE se used {} {}", f[1], f[2]);
                        for h in hits.hints() {
                            println!("    ours {} {} {:?}", h.difficulty, h.text, h.elim);
                        }
                        println!("    state {} {} {}", f[3], f[4], f[7]);
                    }
                }
            }
        }
        println!(
            "{name}: SE steps {n_own}, matched {ok_own}; later steps {n_later}, false positives {false_pos}; {:.1} µs a state",
            spent.as_secs_f64() * 1e6 / f64::from(n_own + n_later)
        );
    }
}
