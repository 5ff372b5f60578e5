#!/usr/bin/env python3
"""Issue 47 points 3 and 4: per-family speed of ours, pencilmark's C++ search and CP-SAT, and their agreement, in one run.

Usage (bench venv with pencilmark==1.0.0rc1 and ortools, see PENCILMARK.md; the release `sudoku` built):
  variant_families.py [--sets crates/sudoku-bench/data/variants] [--families a,b] [--budget 8] [--rounds 3]
                      [--sudoku target/release/sudoku] [--peers pencilmark,cpsat] > table.md

For each family file (FAMILY.jsonl or FAMILY.jsonl.gz, made by make_variant_sets.sh), in file order:
  1. the peers, in this process, one puzzle after another until each has spent --budget CPU seconds on the family
     (0: every puzzle), so that every family gets a bounded share of the run:
     - pencilmark: the puzzle JSON of variant_peer.pencilmark_json is loaded once (Python from_json + finalize +
       to_cpuzzle: "build"), then its C++ exhaustive search cbackend.brute_solve runs with limit 1 (solve) and
       limit 2 (count <= 2) on that converted puzzle, node limit 20,000,000; the search times are its columns (the
       first search of a puzzle pays a cold start, about 0.2 ms on a 9x9 that a search stopped at its first node
       does not take away, so on easy puzzles its count, run second, can be cheaper than its solve); the count is
       the best of --pm-repeats (3) searches after the solve, as ours' probe times each puzzle's best of as many
       rounds, each after a first search (a single count after the solve read 35 % slower than the best of 5 on the light families,
       and moved the ratio by up to 1.4x between runs);
     - CP-SAT (one worker): variant_peer.cpsat_model is built, solved (solve = build + that solve), then the found
       assignment is forbidden and it is solved again (count = build + both solves);
     CPU is time.process_time() around each step.
  2. n = the puzzles both peers finished (a prefix of the file); ours runs as whole processes on those n puzzles,
     `sudoku solve -j 1 -f line` and `sudoku solve --count --limit 2 -j 1`: once for its answers, then --rounds times
     each (alternating) on the n puzzles read over and over ("records timed": up to --records, 10,000, or until one
     pass takes --seconds of CPU, whichever is first; whole-process speed is measured on 10,000 puzzles or more,
     where startup is noise); its CPU is the children's user + system time (resource.getrusage), startup included,
     divided by the records; the median round is used. With --probe (the built `variant_count` example of
     sudoku-bench), also ours' search alone, in-process on the n puzzles (a count <= 2 on a compiled network, the
     mean of each puzzle's best of --pm-repeats rounds), beside pencilmark's search alone: the like-for-like pair.
  3. agreement on those n puzzles: ours, pencilmark and CP-SAT each find exactly one solution (count 1) and the same
     one, which is also the generator's `solution`; every disagreement is printed to stderr with the puzzle, and
     counted in the table.
Prints one markdown table: ms per puzzle (CPU) and the ratios peer / ours (ours whole process, startup included),
solve and count; "n/a (why)" where a peer cannot take the family. A ratio under 10 is marked with "**". The column
"ours count less startup" takes ours' startup (the median CPU of `sudoku solve` on an empty input) out of the count
time (spread over the records timed).
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
import variant_model as VM  # noqa: E402
import variant_peer as VP  # noqa: E402
import variant_rules as VR  # noqa: E402

GOAL = 10.0


def read_set(path):
    """-> list of JSON objects (the puzzle lines of a family file)."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip() and not line.startswith("#")]


def family_files(sets, only):
    files = sorted(f for f in os.listdir(sets) if f.endswith((".jsonl", ".jsonl.gz")))
    out = []
    for f in files:
        name = f.split(".jsonl")[0]
        if not only or name in only:
            out.append((name, os.path.join(sets, f)))
    return out


class PeerResult:
    """per-puzzle times (ms) and answers of one peer on a family."""

    def __init__(self, name):
        self.name = name
        self.build, self.solve, self.count = [], [], []  # ms a puzzle
        self.answers = []  # (count or None when undecided, solution text or None)
        self.error = None
        self.spent_ms = 0.0  # pencilmark: every count search run (the count column keeps the best of each puzzle's)

    def spent(self):
        if self.name == "pencilmark":
            return sum(self.build) + sum(self.solve) + self.spent_ms
        return sum(self.build) + sum(self.count)


def run_pencilmark(v, res, repeats):
    from pencilmark import cbackend as CB
    t0 = time.process_time()
    p = VP.pencilmark_puzzle(v)
    cp = CB.to_cpuzzle(p)
    t1 = time.process_time()
    r1 = CB.brute_solve(p, limit=1, node_limit=VP.NODE_LIMIT, cpuzzle=cp)
    t2 = time.process_time()
    # The count as ours' probe times its own: after a first search of the puzzle (the solve above), the best of
    # `repeats` searches.
    best = None
    for _ in range(max(repeats, 1)):
        t3 = time.process_time()
        r2 = CB.brute_solve(p, limit=2, node_limit=VP.NODE_LIMIT, cpuzzle=cp)
        t4 = time.process_time()
        best = t4 - t3 if best is None else min(best, t4 - t3)
        res.spent_ms += (t4 - t3) * 1e3
    res.build.append((t1 - t0) * 1e3)
    res.solve.append((t2 - t1) * 1e3)
    res.count.append(best * 1e3)
    count = None if (not r2.complete and len(r2) < 2) else len(r2)
    text = None
    if len(r1):
        vals = [0] * len(v.cells)
        for i, rc in enumerate(p.coords):
            vals[v.index[rc]] = r1[0][i]
        text = v.text(vals)
    res.answers.append((count, text))


def run_cpsat(v, res):
    from ortools.sat.python import cp_model
    t0 = time.process_time()
    m, x = VP.cpsat_model(v)
    t1 = time.process_time()
    counted, text, decided = 0, None, True
    t_first = None
    for _ in range(2):
        s = cp_model.CpSolver()
        s.parameters.num_workers = 1
        s.parameters.max_time_in_seconds = 600.0
        st = s.Solve(m)
        if t_first is None:
            t_first = time.process_time()
        if st == cp_model.INFEASIBLE:
            break
        if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            decided = False
            break
        sol = [s.Value(e) for e in x]
        counted += 1
        if text is None:
            text = v.text(sol)
        diff = []
        for k, d in enumerate(sol):
            if k not in v.givens:
                b = m.NewBoolVar("")
                m.Add(x[k] != d).OnlyEnforceIf(b)
                diff.append(b)
        m.AddBoolOr(diff)
    t2 = time.process_time()
    res.build.append((t1 - t0) * 1e3)
    res.solve.append((t_first - t0) * 1e3)
    res.count.append((t2 - t0) * 1e3)
    res.answers.append((counted if decided else None, text))


def child_cpu(cmd, stdin_path):
    """CPU seconds (user + system) of one child process; its stdout lines."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin_path, "rb") as fh:
        p = subprocess.run(cmd, stdin=fh, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.decode()[-500:]}")
    return cpu, p.stdout.decode().splitlines()


def write_jsonl(objs, copies=1):
    """a temporary file holding the objects, one a line, `copies` times over; its path (the caller removes it)."""
    fd, path = tempfile.mkstemp(suffix=".jsonl")
    with os.fdopen(fd, "w") as f:
        for _ in range(copies):
            for o in objs:
                f.write(json.dumps(o) + "\n")
    return path


def run_ours(binary, objs, rounds, min_records, min_seconds):
    """median whole-process CPU ms a puzzle of solve and count on these objects; ours' answers; the copies timed.

    The answers come from one run on the objects; the timed runs read them over and over (`copies` times), until
    the input holds min_records puzzles or one pass would take min_seconds of CPU, whichever comes first, so that
    process startup is noise (as the bench rule asks: whole-process speed on 10,000 puzzles or more)."""
    solve_cmd = [binary, "solve", "-j", "1", "-f", "line", "-q", "-"]
    count_cmd = [binary, "solve", "--count", "--limit", "2", "-j", "1", "-q", "-"]
    n = max(len(objs), 1)
    path = write_jsonl(objs)
    try:
        once, lines_c = child_cpu(count_cmd, path)
        _, lines_s = child_cpu(solve_cmd, path)
    finally:
        os.unlink(path)
    copies = max(1, min(-(-min_records // n), int(min_seconds / max(once, 1e-3)) + 1))
    ts, tc = [], []
    path = write_jsonl(objs, copies)
    try:
        for r in range(rounds):
            for which in ((0, 1) if r % 2 == 0 else (1, 0)):
                cpu, _ = child_cpu(solve_cmd if which == 0 else count_cmd, path)
                (ts if which == 0 else tc).append(cpu)
    finally:
        os.unlink(path)
    per = 1e3 / (n * copies)
    return statistics.median(ts) * per, statistics.median(tc) * per, lines_s, lines_c, copies


def probe_ms(probe, objs, repeats):
    """ours' search alone, in-process: mean ms a count <= 2 (variant_count's --warm, each puzzle's best of
    `repeats` rounds, as pencilmark's count is its best of `repeats`), or None."""
    path = write_jsonl(objs)
    try:
        p = subprocess.run([probe, "count", str(max(repeats, 1)), path, "--warm"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    finally:
        os.unlink(path)
    for word in p.stdout.decode().split(","):
        word = word.strip()
        if word.startswith("mean "):
            return float(word.split()[1])
    return None


def startup_ms(binary, rounds):
    path = write_jsonl([])
    try:
        return statistics.median(child_cpu([binary, "solve", "-j", "1", "-q", "-"], path)[0] for _ in range(rounds)) * 1e3
    finally:
        os.unlink(path)


def normalize(obj):
    """a set line -> the puzzle object (givens, no solution) and the generator's solution text."""
    o = dict(obj)
    sol = o.pop("solution", None)
    if "puzzle" in o:  # the classic JSON form of `generate`
        o = {"size": int(round(len(o["puzzle"]) ** 0.5)), "givens": o["puzzle"]}
    return o, sol


def mean(xs):
    return sum(xs) / len(xs) if xs else float("nan")


def ratio(peer, ours):
    if peer is None or ours is None or ours <= 0:
        return "-"
    r = peer / ours
    return f"{r:.1f}" if r >= GOAL else f"**{r:.1f}**"


def fmt(x):
    if x is None:
        return "-"
    return f"{x:.3f}" if x < 1 else f"{x:.2f}" if x < 100 else f"{x:.0f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default=os.path.join(ROOT, "crates/sudoku-bench/data/variants"))
    ap.add_argument("--families", default="", help="comma-separated family names (default: every file)")
    ap.add_argument("--budget", type=float, default=8.0, help="CPU seconds each peer may spend on a family (0: all)")
    ap.add_argument("--rounds", type=int, default=3, help="runs of ours per mode (the median is used)")
    ap.add_argument("--sudoku", default=os.path.join(ROOT, "target/release/sudoku"))
    ap.add_argument("--peers", default="pencilmark,cpsat")
    ap.add_argument("--records", type=int, default=10000,
                    help="ours reads the n puzzles over and over up to this many records (or --seconds)")
    ap.add_argument("--seconds", type=float, default=1.0, help="... or until one pass takes this much CPU")
    ap.add_argument("--pm-repeats", type=int, default=3,
                    help="pencilmark's count search runs this many times a puzzle, after its solve; the best is kept "
                         "(ours' probe keeps each puzzle's best of as many rounds, each after a first search)")
    ap.add_argument("--probe", default="",
                    help="sudoku-bench's variant_count example: adds ours' in-process search time and its ratio")
    a = ap.parse_args()
    peers = [p for p in a.peers.split(",") if p]
    if "cpsat" in peers:
        from ortools.sat.python import cp_model  # noqa: F401  (imports before any clock)
    if "pencilmark" in peers:
        from pencilmark import cbackend, puzzle_json  # noqa: F401
    only = {f for f in a.families.split(",") if f}
    boot = startup_ms(a.sudoku, a.rounds)
    print(f"ours' startup (an empty input, whole process): {boot:.2f} ms CPU; budget {a.budget:g} CPU s a peer a family\n")
    probe_cols = "| ours search count | pm search / ours search count " if a.probe else ""
    print("| family | set | n | records timed | ours solve | ours count | ours count less startup | pencilmark solve "
          "| pencilmark count | pencilmark build | CP-SAT solve | CP-SAT count | pm/ours solve | pm/ours count "
          "| CP-SAT/ours solve | CP-SAT/ours count " + probe_cols + "| agree |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|---:|" if a.probe else "")
          + "---|")
    totals = {"disagree": 0, "checked": 0}
    for name, path in family_files(a.sets, only):
        lines = read_set(path)
        objs, gen_sols, models = [], [], []
        for obj in lines:
            o, sol = normalize(obj)
            objs.append(o)
            gen_sols.append(sol)
            models.append(VM.parse(o))
        results = {}
        for peer in peers:
            res = PeerResult(peer)
            results[peer] = res
            for v in models:
                if a.budget and res.spent() >= a.budget * 1e3:
                    break
                try:
                    if peer == "pencilmark":
                        run_pencilmark(v, res, a.pm_repeats)
                    else:
                        run_cpsat(v, res)
                except VR.RuleError as e:
                    res.error = str(e)
                    break
        usable = [r for r in results.values() if r.error is None]
        n = min((len(r.answers) for r in usable), default=len(objs))
        n = max(n, 1)
        os_ms, oc_ms, ours_s, ours_c, copies = run_ours(a.sudoku, objs[:n], a.rounds, a.records, a.seconds)
        search_ms = probe_ms(a.probe, objs[:n], a.pm_repeats) if a.probe else None
        bad = []
        for i in range(n):
            want = gen_sols[i].replace("0", ".") if gen_sols[i] else None
            got = {"ours": ((int(ours_c[i]) if ours_c[i].isdigit() else ours_c[i]), ours_s[i].replace("0", "."))}
            for r in usable:
                got[r.name] = r.answers[i]
            counts = {k: c for k, (c, _) in got.items()}
            sols = {k: s for k, (_, s) in got.items()}
            if any(c != 1 for c in counts.values()) or (want and any(s != want for s in sols.values())) \
                    or len(set(sols.values())) != 1:
                bad.append(i)
                print(f"DISAGREE {name} #{i}: counts {counts}; solutions differ: "
                      f"{sorted(k for k, s in sols.items() if s != want)}; puzzle {json.dumps(objs[i])}",
                      file=sys.stderr, flush=True)
        totals["checked"] += n
        totals["disagree"] += len(bad)
        row = [name, str(len(objs)), str(n), str(n * copies), fmt(os_ms), fmt(oc_ms),
               fmt(max(oc_ms - boot / (n * copies), 0.0))]
        for peer in ("pencilmark", "cpsat"):
            r = results.get(peer)
            if r is None:
                row += ["-"] * (3 if peer == "pencilmark" else 2)
            elif r.error:
                row += [f"n/a ({r.error})"] + ["-"] * (2 if peer == "pencilmark" else 1)
            else:
                row += [fmt(mean(r.solve[:n])), fmt(mean(r.count[:n]))]
                if peer == "pencilmark":
                    row.append(fmt(mean(r.build[:n])))
        for peer in ("pencilmark", "cpsat"):
            r = results.get(peer)
            ok = r is not None and r.error is None
            row += [ratio(mean(r.solve[:n]), os_ms) if ok else "-", ratio(mean(r.count[:n]), oc_ms) if ok else "-"]
        if a.probe:
            r = results.get("pencilmark")
            ok = r is not None and r.error is None
            row += [fmt(search_ms), ratio(mean(r.count[:n]), search_ms) if ok else "-"]
        undecided = sum(1 for r in usable for c, _ in r.answers[:n] if c is None)
        row.append("yes" if not bad else f"**{len(bad)} differ**" + (f" ({undecided} undecided)" if undecided else ""))
        print("| " + " | ".join(row) + " |", flush=True)
    print(f"\n{totals['checked']} puzzles checked, {totals['disagree']} disagreements.")


if __name__ == "__main__":
    main()
