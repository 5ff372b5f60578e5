#!/usr/bin/env python3
"""Variant peers for issue 34: pencilmark 1.0.0rc1 and OR-Tools CP-SAT (bench only, never shipped, never built).

Usage (in the bench venv: python3 -m venv target/bench-python-venv; pip install pencilmark==1.0.0rc1 ortools):
  variant_peer.py --peer pencilmark|cpsat --mode solve  [FILE|-] [--time]   solution in our JSON form a line
  variant_peer.py --peer pencilmark|cpsat --mode count  [FILE|-] [--time]   0, 1 or 2 (= two or more) a line
  variant_peer.py --peer pencilmark --mode grade [FILE|-] [--time]          pencilmark's card: difficulty, band, minutes
  variant_peer.py --peer pencilmark --mode generate --variant classic|killer [--size 9] [--band Hard] -n 5 --seed 1

Input: one puzzle a line in the JSON form of docs/variants.md (issue 34's format contract), or the line form (classic
rules; `--size`, `--rules x,windoku` as on our CLI). Lines that are blank or start with '#' are skipped.
--time writes, to stderr, a tab-separated line per puzzle (index, CPU ms in this process for reading, building
and solving that puzzle, wall ms, then the CPU ms of building the peer's model and of its search alone) and a
total line with the means; the CPU clock is time.process_time(). For pencilmark, building is its Python
from_json + finalize + to_cpuzzle, the search its C++ brute_solve; for CP-SAT, building the CpModel, the search
the Solve calls.

CP-SAT model (ours, one worker): one IntVar 1..n per cell, AddAllDifferent per house (rows, columns, boxes or
regions, diagonals, windows, disjoint groups, each samurai grid's own), a cage is AllDifferent plus a linear sum
equality, anti-knight / anti-king pairs are x != y, non-consecutive pairs as an allowed-pairs table
(|x - y| != 1; faster than AddAbsEquality or two linear !=, see cpsat_model).
The other kinds of docs/variants.md (lines, edge marks, negative rules, quadruple, clone, outside clues, repeat
cages, argyle) are modelled in variant_rules.cpsat; their pencilmark JSON comes from variant_rules.pencilmark_rules.
Count = solve, forbid that assignment (one clause: some cell differs), solve again.
pencilmark: our object is translated into its puzzle JSON (pencilmark/puzzle_json.py: "box", "layout", rules
antiknight / antiking / nonconsecutive, extra "regions" for diagonals, windows, disjoint groups, jigsaw regions and
cages), then its C++ exhaustive search (cbackend.brute_solve, node limit 20,000,000) solves or counts.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import variant_model as VM  # noqa: E402
import variant_rules as VR  # noqa: E402

NODE_LIMIT = 20_000_000
# CPU seconds of the last solve, split into building the peer's model and searching it (for --time)
LAST = {"build": 0.0, "search": 0.0}


# ---------------------------------------------------------------- CP-SAT
def cpsat_model(v):
    """-> (model, cell variables) for a Variant."""
    from ortools.sat.python import cp_model
    m = cp_model.CpModel()
    x = []
    for k in range(len(v.cells)):
        if k in v.givens:
            x.append(m.NewConstant(v.givens[k]))
        else:
            x.append(m.NewIntVar(1, v.n, f"x{k}"))
    for h in v.houses:
        m.AddAllDifferent([x[k] for k in h])
    for total, cs in v.cages:
        m.AddAllDifferent([x[k] for k in cs])
        if total is not None:
            m.Add(sum(x[k] for k in cs) == total)
    for a, b in v.neq:
        m.Add(x[a] != x[b])
    if v.nonconsec:
        # A table of allowed pairs propagates best: on three non-consecutive fixtures, proving uniqueness took
        # 0.4-2.5 s this way, 0.8-3.8 s with x - y != 1 and y - x != 1, and 3.5-7.7 s with AddAbsEquality.
        allowed = [(i, j) for i in range(1, v.n + 1) for j in range(1, v.n + 1) if abs(i - j) != 1]
        for a, b in v.nonconsec:
            m.AddAllowedAssignments([x[a], x[b]], allowed)
    for t in v.thermos:
        for a, b in zip(t, t[1:]):
            m.Add(x[a] < x[b])
    for circle, line in v.arrows:
        m.Add(sum(x[k] * 10 ** (len(circle) - 1 - i) for i, k in enumerate(circle)) == sum(x[k] for k in line))
    for k, odd in v.parity:
        m.AddAllowedAssignments([x[k]], [(d,) for d in range(1, v.n + 1) if (d % 2 == 1) == odd])
    for cs in v.distinct:
        m.AddAllDifferent([x[k] for k in cs])
    for total, cs in v.sum_cages:
        if total is not None:
            m.Add(sum(x[k] for k in cs) == total)
    VR.cpsat(m, x, v)
    return m, x


def cpsat_solutions(v, limit, time_limit=600.0):
    """up to `limit` solutions (lists of digits in cell order); None when the time limit stopped the search."""
    from ortools.sat.python import cp_model
    t0 = time.process_time()
    m, x = cpsat_model(v)
    t1 = time.process_time()
    LAST["build"], LAST["search"] = t1 - t0, 0.0
    out = []
    for _ in range(limit):
        s = cp_model.CpSolver()
        s.parameters.num_workers = 1
        s.parameters.max_time_in_seconds = time_limit
        st = s.Solve(m)
        LAST["search"] = time.process_time() - t1
        if st == cp_model.INFEASIBLE:
            break
        if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        sol = [s.Value(e) for e in x]
        out.append(sol)
        diff = []
        for k, d in enumerate(sol):
            if k in v.givens:
                continue
            b = m.NewBoolVar("")
            m.Add(x[k] != d).OnlyEnforceIf(b)
            diff.append(b)
        m.AddBoolOr(diff)
    return out


# ---------------------------------------------------------------- pencilmark
def pencilmark_json(v):
    """a Variant -> pencilmark's puzzle JSON (pencilmark/puzzle_json.py)."""
    name = lambda k: VM.cell_name(v.cells[k])
    d = {"digits": v.n, "numbers": v.text([v.givens.get(k, 0) for k in range(len(v.cells))])}
    height = max(r for r, _ in v.cells) + 1
    if height < v.rows:  # pencilmark reads numbers over the bounding grid (a shogun's 21 rows of our 45)
        d["numbers"] = d["numbers"][:height * v.cols]
    regions = []
    if v.layout or len(v.origins) > 1:
        if not v.layout:
            raise VR.RuleError("overlapping grids of no named layout: no pencilmark mapping written")
        d["layout"] = v.layout
        base = 0
    elif v.regions:
        base = 2 * v.n
        for h in v.houses[:base]:
            regions.append({"kind": "row" if len(regions) < v.n else "col", "cells": [name(k) for k in h]})
    else:
        d["box"] = f"{v.boxes[0]}x{v.boxes[1]}"
        base = 3 * v.n
    # the houses after the standard ones: per grid (samurai) or once, in the order variant_model builds them
    std = set()
    if v.layout:
        std = {frozenset(h) for h in v.houses if _is_standard(v, h)}
    for h in v.houses[base:]:
        if v.layout and frozenset(h) in std:
            continue
        regions.append({"kind": "region", "cells": [name(k) for k in h]})
    extra_regions, extra_rules = VR.pencilmark_rules(v, name)
    regions += extra_regions
    for total, cs in v.cages:
        g = {"kind": "cage", "cells": [name(k) for k in cs], "unique": True}
        if total is not None:
            g["sum"] = total
        regions.append(g)
    if regions:
        d["regions"] = regions
    rules = []
    for ours, theirs in (("anti-knight", "antiknight"), ("anti-king", "antiking"), ("non-consecutive", "nonconsecutive")):
        if ours in v.rules:
            rules.append({"type": theirs})
    for t in v.thermos:
        rules.append({"type": "line", "kind": "thermo", "cells": [name(k) for k in t]})
    for circle, line in v.arrows:
        rules.append({"type": "arrow", "circle": [name(k) for k in circle], "line": [name(k) for k in line]})
    for k, odd in v.parity:
        rules.append({"type": "parity", "parity": "odd" if odd else "even", "cells": [name(k)]})
    rules += extra_rules
    if rules:
        d["rules"] = rules
    return d


def _is_standard(v, h):
    """a samurai house that is a row, column or box of one of its grids."""
    rs = {v.cells[k][0] for k in h}
    cs = {v.cells[k][1] for k in h}
    if len(rs) == 1 or len(cs) == 1:
        return True
    return len(rs) == 3 and len(cs) == 3 and min(rs) % 3 == 0 and min(cs) % 3 == 0


def pencilmark_puzzle(v):
    from pencilmark import puzzle_json as PJ
    p = PJ.from_json(pencilmark_json(v))
    p.finalize()
    return p


def pencilmark_solutions(v, limit, node_limit=NODE_LIMIT):
    """up to `limit` solutions in OUR cell order; None when the node limit stopped the search."""
    from pencilmark import cbackend as CB
    t0 = time.process_time()
    p = pencilmark_puzzle(v)
    cp = CB.to_cpuzzle(p)
    t1 = time.process_time()
    r = CB.brute_solve(p, limit=limit, node_limit=node_limit, cpuzzle=cp)
    LAST["build"], LAST["search"] = t1 - t0, time.process_time() - t1
    if not r.complete and len(r) < limit:
        return None
    out = []
    for sol in r:
        vals = [0] * len(v.cells)
        for i, (rr, cc) in enumerate(p.coords):
            vals[v.index[(rr, cc)]] = sol[i]
        out.append(vals)
    return out


def pencilmark_grade(v, max_seconds=None):
    import pencilmark
    card = pencilmark.rate(pencilmark_json(v), se=True, max_seconds=max_seconds)
    se = card.get("se") or {}
    return {"difficulty": card.get("difficulty"), "band": card.get("band"), "minutes": card.get("time"),
            "se_er": se.get("er"), "hardest": ([c["name"] for c in card.get("contains") or []] or [None])[-1]}


# ---------------------------------------------------------------- generation (pencilmark.gen)
def from_pencilmark(d, n):
    """a generated pencilmark puzzle JSON (plain n x n board) -> our JSON form with givens and solution."""
    obj = {"size": n}
    cages = []
    for g in d.get("regions") or []:
        if g.get("kind") == "cage":
            c = {"cells": list(g["cells"])}
            if g.get("sum") is not None:
                c["sum"] = g["sum"]
            cages.append(c)
    for r in d.get("rules") or []:
        if r.get("type") == "sum":
            cages.append({"sum": r["total"], "cells": list(r["cells"])})
    if cages:
        obj["cages"] = cages
    nums = (d.get("numbers") or "").replace("0", ".")
    obj["givens"] = nums if nums else "." * (n * n)
    if d.get("solution"):
        obj["solution"] = d["solution"]
    return obj


def generate(args, out):
    from pencilmark.gen import generate as pm_generate, GenerationFailed
    spec = {"size": args.size, "time_limit": args.gen_time_limit}
    if args.band:
        spec["target_band"] = args.band
    if args.variant == "killer":
        spec["elements"] = {"cage": "partition"}
    elif args.variant != "classic":
        raise SystemExit(f"pencilmark.gen makes classic and killer (cage) puzzles only, not {args.variant!r}")
    total_cpu = 0.0
    for i in range(args.number):
        spec["seed"] = args.seed + args.start + i
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            r = pm_generate(spec)
            obj = from_pencilmark(r["puzzle"], args.size)
            obj["pencilmark"] = {"band": r["card"].get("band"), "difficulty": r["card"].get("difficulty"),
                                 "seed": spec["seed"], "attempts": r["info"].get("attempts")}
            out.write(json.dumps(obj) + "\n")
        except GenerationFailed as e:
            out.write(json.dumps({"error": str(e), "seed": spec["seed"]}) + "\n")
        out.flush()
        cpu, wall = (time.process_time() - c0) * 1e3, (time.perf_counter() - w0) * 1e3
        total_cpu += cpu
        if args.time:
            print(f"{i}\t{cpu:.1f}\t{wall:.1f}", file=sys.stderr, flush=True)
    if args.time:
        print(f"total\t{total_cpu:.1f}\t{args.number}", file=sys.stderr)


# ---------------------------------------------------------------- driver
def read_puzzles(src, size, rules):
    fh = sys.stdin if src in (None, "-") else open(src, encoding="utf-8")
    for line in fh:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("{"):
            yield VM.parse(json.loads(line))
        else:
            yield VM.parse_line(line, size, rules)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input", nargs="?", default="-")
    ap.add_argument("--peer", choices=("pencilmark", "cpsat"), required=True)
    ap.add_argument("--mode", choices=("solve", "count", "grade", "generate"), default="solve")
    ap.add_argument("--time", action="store_true", help="per-puzzle and total CPU ms on stderr")
    ap.add_argument("--size", type=int, default=None)
    ap.add_argument("--rules", default="", help="rules for line-form input: x,windoku,...")
    ap.add_argument("--variant", default="classic", help="generate: classic or killer")
    ap.add_argument("--band", default=None, help="generate: Very Easy, Easy, Medium, Hard, Very Hard, Extreme")
    ap.add_argument("-n", "--number", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--gen-time-limit", type=float, default=120.0)
    ap.add_argument("--time-limit", type=float, default=600.0, help="CP-SAT seconds per solve")
    ap.add_argument("--grade-seconds", type=float, default=60.0, help="pencilmark.rate's max_seconds a puzzle")
    args = ap.parse_args()
    out = sys.stdout
    if args.mode == "generate":
        if args.peer != "pencilmark":
            raise SystemExit("--mode generate is pencilmark's generator (see variant_fixtures.py for the CP-SAT one)")
        args.size = args.size or 9
        return generate(args, out)
    if args.mode == "grade" and args.peer != "pencilmark":
        raise SystemExit("--mode grade needs --peer pencilmark")
    rules = [r for r in args.rules.split(",") if r]
    if args.peer == "cpsat":  # imports happen before the clock starts
        from ortools.sat.python import cp_model  # noqa: F401
    else:
        import pencilmark  # noqa: F401
        from pencilmark import cbackend, puzzle_json  # noqa: F401
    total_cpu, total_build, total_search, n = 0.0, 0.0, 0.0, 0
    t_all = time.perf_counter()
    for i, v in enumerate(read_puzzles(args.input, args.size, rules)):
        c0, w0 = time.process_time(), time.perf_counter()
        if args.mode == "grade":
            try:
                line = json.dumps(pencilmark_grade(v, args.grade_seconds))
            except Exception as e:  # a puzzle without one solution is reported, not fatal
                line = json.dumps({"error": f"{type(e).__name__}: {e}"})
        else:
            limit = 1 if args.mode == "solve" else 2
            if args.peer == "cpsat":
                sols = cpsat_solutions(v, limit, args.time_limit)
            else:
                sols = pencilmark_solutions(v, limit)
            if args.mode == "count":
                line = "undecided" if sols is None else str(len(sols))
            elif sols is None:
                line = json.dumps(dict(VM.with_solution(v.obj, None), error="undecided"))
            elif not sols:
                line = json.dumps(dict(VM.with_solution(v.obj, None), error="no solution"))
            else:
                bad = v.check(sols[0])
                if bad:
                    raise SystemExit(f"puzzle {i}: the {args.peer} solution breaks {bad}")
                line = json.dumps(VM.with_solution(v.obj, v.text(sols[0])))
        cpu, wall = (time.process_time() - c0) * 1e3, (time.perf_counter() - w0) * 1e3
        total_cpu += cpu
        n += 1
        out.write(line + "\n")
        total_build += LAST["build"] * 1e3
        total_search += LAST["search"] * 1e3
        if args.time:
            print(f"{i}\t{cpu:.3f}\t{wall:.3f}\t{LAST['build'] * 1e3:.3f}\t{LAST['search'] * 1e3:.3f}", file=sys.stderr)
    if args.time:
        wall = (time.perf_counter() - t_all) * 1e3
        k = max(n, 1)
        print(f"total\tcpu_ms {total_cpu:.1f}\twall_ms {wall:.1f}\tpuzzles {n}\tcpu {total_cpu / k:.3f} ms/puzzle"
              f"\tbuild {total_build / k:.3f}\tsearch {total_search / k:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main()
