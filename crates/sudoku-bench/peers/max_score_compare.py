#!/usr/bin/env python3
"""Per-family table of our max-score runs against CP-SAT's (bench only).

Usage: max_score_compare.py CPSAT.tsv OURS1.tsv [OURS2.tsv ...]

OURS*.tsv come from `examples/max_score_families.rs` (several rounds: each
case keeps its least wall time, and separately its least CPU time), CPSAT.tsv from max_score_cpsat.py. Checks our
score against every CP-SAT optimum (and against its best grid when it stopped)
and prints a Markdown table per family.
"""
import statistics
import sys


def main():
    cpsat = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
    ours = {}
    cpu = {}
    for path in sys.argv[2:]:
        for l in open(path):
            f = l.rstrip("\n").split("\t")
            prev = ours.get(f[0])
            if prev is None or float(f[6]) < float(prev[6]):
                ours[f[0]] = f
            cpu[f[0]] = min(cpu.get(f[0], float("inf")), float(f[7]))
    fams = {}
    bad = 0
    for name, fam, st, obj, bound, ms in cpsat:
        o = ours[name]
        if o[2] != "optimal":
            print(f"NOT PROVEN: {o}")
            bad += 1
        if st == "OPTIMAL" and o[3] != obj:
            print(f"MISMATCH {name}: ours {o[3]}, CP-SAT {obj}")
            bad += 1
        if st == "FEASIBLE" and int(o[3]) < int(obj):
            print(f"WORSE {name}: ours {o[3]}, CP-SAT {obj}")
            bad += 1
        fams.setdefault(fam, []).append((float(o[6]), int(o[5]), st, float(ms), cpu[name]))
    print("| family | cases | ours median ms | ours worst ms | ours worst CPU ms | median nodes | worst nodes "
          "| CP-SAT median ms | CP-SAT worst ms | CP-SAT unproven | ours faster | worst ours/CP-SAT |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for fam, rows in fams.items():
        t = [r[0] for r in rows]
        n = [r[1] for r in rows]
        p = [r[3] for r in rows]
        unproven = sum(r[2] != "OPTIMAL" for r in rows)
        faster = sum(r[0] < r[3] for r in rows)
        ratio = max(r[0] / r[3] for r in rows)
        print(f"| {fam} | {len(rows)} | {statistics.median(t):.1f} | {max(t):.1f} | {max(r[4] for r in rows):.1f} "
              f"| {statistics.median(n):.0f} "
              f"| {max(n)} | {statistics.median(p):.1f} | {max(p):.1f} | {unproven} | {faster}/{len(rows)} | {ratio:.3f} |")
    all_t = [r[0] for rows in fams.values() for r in rows]
    all_c = [r[4] for rows in fams.values() for r in rows]
    print(f"\ncases: {len(all_t)}, checked against CP-SAT: {len(cpsat)}, disagreements: {bad}, "
          f"over 100 ms wall: {sum(x > 100 for x in all_t)}, over 100 ms CPU: {sum(x > 100 for x in all_c)}, "
          f"slowest: {max(all_t):.1f} ms wall, {max(all_c):.1f} ms CPU")


if __name__ == "__main__":
    main()
