#!/usr/bin/env python3
"""Issue 47 point 3: per-family bench sets made by pencilmark's generator (bench only, never shipped, never built).

Usage (bench venv with pencilmark==1.0.0rc1 and ortools, see PENCILMARK.md; the release `sudoku` built):
  make_pencilmark_sets.py generate FAMILY [-n 100] [--seed 1] [--wall 210] [--time-limit 60] [--work DIR] [--resume]
  make_pencilmark_sets.py check FAMILY [--sudoku target/release/sudoku] [--work DIR] [--out DIR]
  make_pencilmark_sets.py families                     the families it makes, with their specs

generate: puzzle i (0-based) is pencilmark.gen.generate(SPEC with seed = --seed + i), for i = 0, 1, ... until -n
  puzzles or until --wall seconds have passed (checked between puzzles: run it under `timeout` too, as one attempt
  can run past any limit); each result, converted to our JSON form, is appended to WORK/FAMILY.raw.jsonl with its
  seed and seconds (a failed seed is recorded too). The specs (FAMILIES below) ask for no band, one needed element
  of the family's kind at least, and a 5 s cap on the card's grading (the card is not used).
check: every raw puzzle is checked before it is kept: ours counts exactly 1 solution (`sudoku solve --count --limit 2
  -f json -j 2` on the records without `solution`), ours solves it to pencilmark's solution (`sudoku solve -f json`),
  and CP-SAT (variant_peer.cpsat_solutions, our model of docs/variants.md) finds exactly that one solution.
  The kept ones go to OUT/FAMILY.jsonl.gz (default crates/sudoku-bench/data/variants-pm) in the form of
  data/variants/ ({"size", "constraints" / "cages" / "rules", "givens", "solution"}); every dropped puzzle is
  printed with the reason.

Speed: pencilmark's checker (gen/checks.py Checker.left) builds the C++ puzzle (cbackend.to_cpuzzle, its
_csolver.make_puzzle) anew for every try while digging; with lines that costs about 0.3 s a call (90 % of one 9x9
thermo's 43 s). `cached_cpuzzle` below keeps the C++ puzzle of the last 64 distinct make_puzzle argument lists
(the puzzle's structure: givens are passed per solve, cbackend.solve's docs): 2-3x faster, and the same puzzles
where pencilmark's output is reproducible at all (classic and full-kropki seeds checked; with grown elements it
is not, patched or not: data/variants-pm/README.md).

Element mapping (pencilmark/gen/elements.py -> docs/variants.md): cage -> `cages` {sum, cells}; thermo (bulb
first), renban, between (ends first and last) -> constraints of the same kind and cells; whisper (gap 5 on 9x9:
elements.whisper_gap) -> german-whispers; arrow (circle, shaft) -> arrow {circle, lines: [shaft]}; kropki
(white / black) -> kropki {cells, dot}; xv (X / V) -> xv {cells, letter}; parity -> odd / even {cell}; full kropki
(every true dot drawn, no dot = neither relation) -> kropki dots plus the rule kropki-negative.
"""
from __future__ import annotations

import argparse
import gzip
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)

# family -> pencilmark.gen spec (seed and time_limit added per puzzle). Families of data/variants/ it cannot make:
# see data/variants-pm/README.md.
FAMILIES = OrderedDict([
    ("classic", {"size": 9}),
    ("classic6", {"size": 6}),
    ("classic12", {"size": 12}),
    ("classic16", {"size": 16}),
    ("killer", {"size": 9, "elements": {"cage": "partition"}, "target_band": "Easy"}),
    ("thermo", {"size": 9, "elements": {"thermo": 1}, "target_band": "Easy"}),
    ("arrow", {"size": 9, "elements": {"arrow": 1}, "target_band": "Easy"}),
    ("german-whispers", {"size": 9, "elements": {"whisper": 1}, "target_band": "Easy"}),
    ("renban", {"size": 9, "elements": {"renban": 1}, "target_band": "Easy"}),
    ("between", {"size": 9, "elements": {"between": 1}, "target_band": "Easy"}),
    ("kropki", {"size": 9, "elements": {"kropki": 1}, "target_band": "Easy"}),
    ("xv", {"size": 9, "elements": {"xv": 1}, "target_band": "Easy"}),
    ("odd-even", {"size": 9, "elements": {"parity": 1}, "target_band": "Easy"}),
    ("kropki-negative", {"size": 9, "elements": {"kropki": "full"}}),
])
GRADE_SECONDS = 5.0


def cached_cpuzzle(maxsize=64):
    """patch pencilmark.cbackend.to_cpuzzle to reuse the C++ puzzle of identical make_puzzle arguments."""
    from pencilmark import cbackend as CB
    cache = OrderedDict()

    def to_cpuzzle(p):
        args = CB._cpuzzle_args(p)
        key = repr(args)
        cp = cache.get(key)
        if cp is None:
            cp = CB._C.make_puzzle(*args)
            cache[key] = cp
            if len(cache) > maxsize:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        return cp

    CB.to_cpuzzle = to_cpuzzle


class MappingError(ValueError):
    """a pencilmark rule or region this script has no mapping for."""


def to_ours(d):
    """a generated pencilmark puzzle JSON (gen/elements.to_json: plain n x n board, standard boxes) -> our JSON."""
    n = d["digits"]
    obj = {"size": n}
    cages, cons, rules = [], [], []
    for g in d.get("regions") or []:
        if g.get("kind") != "cage" or not g.get("unique", True):
            raise MappingError(f"region {g}")
        cages.append({"sum": g["sum"], "cells": list(g["cells"])})
    negative = set()
    for r in d.get("rules") or []:
        t = r.get("type")
        if t == "line" and r["kind"] in ("thermo", "renban", "between"):
            cons.append({"kind": r["kind"], "cells": list(r["cells"])})
        elif t == "line" and r["kind"] == "whisper":
            if r.get("k") != 5:
                raise MappingError(f"whisper gap {r.get('k')} (german-whispers is 5)")
            cons.append({"kind": "german-whispers", "cells": list(r["cells"])})
        elif t == "arrow":
            cons.append({"kind": "arrow", "circle": list(r["circle"]), "lines": [list(r["line"])]})
        elif t == "kropki":
            cons.append({"kind": "kropki", "cells": list(r["cells"]), "dot": r["color"]})
        elif t == "xv":
            cons.append({"kind": "xv", "cells": list(r["cells"]), "letter": r["letter"]})
        elif t == "parity":
            cons.append({"kind": r["parity"], "cell": r["cells"][0]})
        elif t == "pairs" and (r.get("rel"), r.get("params")) in (("notdiff", [1]), ("notratio", [2])):
            negative.add((r["rel"], json.dumps(sorted(sorted(c) for c in r["cells"]))))
        else:
            raise MappingError(f"rule {r}")
    if negative:
        # full kropki: both negative rules over exactly the orthogonal pairs without a dot
        pairs = {c for _, c in negative}
        dotted = {tuple(sorted(c["cells"])) for c in cons if c["kind"] == "kropki"}
        want = sorted(sorted(p) for p in orthogonal_pairs(n) if p not in dotted)
        if len(negative) != 2 or pairs != {json.dumps(want)}:
            raise MappingError("negative pairs other than every undotted orthogonal pair")
        rules.append("kropki-negative")
    if rules:
        obj["rules"] = rules
    if cages:
        obj["cages"] = cages
    if cons:
        obj["constraints"] = cons
    obj["givens"] = d["numbers"].replace("0", ".")
    obj["solution"] = d["solution"]
    return line_order(obj)


def touches(a, b):
    """our lines' rule: consecutive cells are king neighbours (docs/variants.md)."""
    (ra, ca), (rb, cb) = (tuple(int(x) for x in c[1:].split("c")) for c in (a, b))
    return max(abs(ra - rb), abs(ca - cb)) == 1


def line_order(obj):
    """renban cells in an order whose consecutive cells touch.

    pencilmark's generator grows a renban from both ends but appends every new cell at the end of its list
    (gen/elements.grow: `opts.append((j, 1))` for either end), so its cell list need not be a walk along the line,
    and the cell set need not be a simple path at all. A renban's digits are a set, so any order is the same rule:
    the first permutation that is a walk is used; a set with none raises MappingError."""
    for c in obj.get("constraints") or []:
        if c["kind"] != "renban" or all(touches(a, b) for a, b in zip(c["cells"], c["cells"][1:])):
            continue
        for perm in itertools.permutations(c["cells"]):
            if all(touches(a, b) for a, b in zip(perm, perm[1:])):
                c["cells"] = list(perm)
                break
        else:
            raise MappingError(f"renban cells {c['cells']}: no order is a line")
    return obj


def orthogonal_pairs(n):
    name = lambda r, c: f"r{r + 1}c{c + 1}"
    out = set()
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                out.add(tuple(sorted((name(r, c), name(r, c + 1)))))
            if r + 1 < n:
                out.add(tuple(sorted((name(r, c), name(r + 1, c)))))
    return out


def generate(a):
    if os.environ.get("PYTHONHASHSEED") != "0":
        # pencilmark's generator ranks candidate elements in the iteration order of a set of tuples holding strings
        # (gen/elements.grow), which Python's string hashing randomises per process: fix it, or a seed makes
        # another puzzle in every run
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable] + sys.argv)
    from pencilmark.gen import generate as pm_generate, GenerationFailed
    cached_cpuzzle()
    os.makedirs(a.work, exist_ok=True)
    path = os.path.join(a.work, f"{a.family}.raw.jsonl")
    t_all = time.time()
    made, first = 0, a.seed
    if a.resume and os.path.exists(path):  # go on after the last seed already tried
        with open(path, encoding="utf-8") as fh:
            recs = [json.loads(line) for line in fh if line.strip()]
        made = sum(1 for r in recs if "puzzle" in r)
        first = max((r["seed"] for r in recs), default=a.seed - 1) + 1
    with open(path, "a" if a.resume else "w", encoding="utf-8") as out:
        for i in range(a.number * 10):
            if made >= a.number or time.time() - t_all > a.wall:
                break
            spec = dict(FAMILIES[a.family], seed=first + i, time_limit=a.time_limit, grade_seconds=GRADE_SECONDS)
            t0 = time.time()
            rec = {"seed": spec["seed"], "pythonhashseed": os.environ["PYTHONHASHSEED"]}
            try:
                r = pm_generate(spec)
                rec["puzzle"] = to_ours(r["puzzle"])
                rec["attempts"] = r["info"].get("attempts")
                rec["band"] = r["card"].get("band")
                made += 1
            except (GenerationFailed, MappingError) as e:
                rec["error"] = f"{type(e).__name__}: {e}"
            rec["seconds"] = round(time.time() - t0, 2)
            out.write(json.dumps(rec) + "\n")
            out.flush()
    print(f"{a.family}: {made} puzzles in {time.time() - t_all:.0f} s", file=sys.stderr)


def run_ours(binary, objs, count):
    fd, path = tempfile.mkstemp(suffix=".jsonl")
    with os.fdopen(fd, "w") as f:
        for o in objs:
            f.write(json.dumps(o) + "\n")
    cmd = [binary, "solve", "-f", "json", "-q"] + (["--count", "--limit", "2", "-j", "2"] if count else []) + [path]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finally:
        os.unlink(path)
    if p.returncode not in (0, 1):
        if len(objs) == 1:
            return [{"error": f"ours refuses it: {p.stderr.strip()[-300:]}"}]
        return [run_ours(binary, [o], count)[0] for o in objs]  # find the puzzle it refuses
    lines = [json.loads(x) for x in p.stdout.splitlines() if x.strip()]
    if len(lines) != len(objs):
        raise SystemExit(f"{' '.join(cmd)}: {len(lines)} answers for {len(objs)} puzzles: {p.stderr[-500:]}")
    return lines


def check(a):
    import variant_model as VM
    import variant_peer as VP
    raw = []
    with open(os.path.join(a.work, f"{a.family}.raw.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if "puzzle" in rec:
                raw.append(rec)
    kept, dropped = [], 0
    for rec in list(raw):
        try:
            line_order(rec["puzzle"])  # raw files written before line_order existed
        except MappingError as e:
            dropped += 1
            raw.remove(rec)
            print(f"DROP {a.family} seed {rec['seed']}: {e}", file=sys.stderr)
    puzzles = [{k: v for k, v in r["puzzle"].items() if k != "solution"} for r in raw]
    counts = run_ours(a.sudoku, puzzles, True)
    solves = run_ours(a.sudoku, puzzles, False)
    for rec, obj, c, s in zip(raw, puzzles, counts, solves):
        want = rec["puzzle"]["solution"]
        why = [c["error"]] if "error" in c else []
        if c.get("count") != 1:
            why.append(f"ours counts {c.get('count')} ({c.get('status')})")
        if s.get("solution") != want:
            why.append(f"ours solves to {s.get('solution')}")
        sols = VP.cpsat_solutions(VM.parse(obj), 2, a.time_limit)
        if sols is None:
            why.append("CP-SAT undecided")
        elif len(sols) != 1:
            why.append(f"CP-SAT counts {len(sols)}")
        elif VM.parse(obj).text(sols[0]) != want:
            why.append("CP-SAT solves to another grid")
        if why:
            dropped += 1
            print(f"DROP {a.family} seed {rec['seed']}: {'; '.join(why)}; pencilmark's solution {want}; "
                  f"puzzle {json.dumps(obj)}", file=sys.stderr)
        else:
            kept.append(rec["puzzle"])
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, f"{a.family}.jsonl.gz"), "wb") as raw_fh:
        with gzip.GzipFile(fileobj=raw_fh, mode="wb", compresslevel=9, mtime=0, filename="") as gz:
            for o in kept:
                gz.write((json.dumps(o, separators=(",", ":")) + "\n").encode())
    print(f"{a.family}: {len(raw)} generated, {len(kept)} kept, {dropped} dropped", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=("generate", "check", "families"))
    ap.add_argument("family", nargs="?")
    ap.add_argument("-n", "--number", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--resume", action="store_true",
                    help="generate: append to the raw file, from the seed after its last one, up to -n puzzles in all")
    ap.add_argument("--wall", type=float, default=210.0, help="generate: no new puzzle after this many seconds")
    ap.add_argument("--time-limit", type=float, default=60.0,
                    help="generate: pencilmark's time_limit a puzzle; check: CP-SAT seconds a solve")
    ap.add_argument("--work", default=os.path.join(ROOT, "target/pm-sets"))
    ap.add_argument("--out", default=os.path.join(ROOT, "crates/sudoku-bench/data/variants-pm"))
    ap.add_argument("--sudoku", default=os.path.join(ROOT, "target/release/sudoku"))
    a = ap.parse_args()
    if a.command == "families":
        for k, v in FAMILIES.items():
            print(f"{k}\t{json.dumps(v)}")
        return
    if a.family not in FAMILIES:
        raise SystemExit(f"unknown family {a.family!r} (known: {', '.join(FAMILIES)})")
    (generate if a.command == "generate" else check)(a)


if __name__ == "__main__":
    main()
