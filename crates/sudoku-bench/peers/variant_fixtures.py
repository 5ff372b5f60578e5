#!/usr/bin/env python3
"""Independent variant fixtures and bench sets for issue 34 (bench only, never shipped).

Usage (bench venv with pencilmark==1.0.0rc1 and ortools):
  variant_fixtures.py FAMILY -n 50 --seed 34 [--check cpsat|none] [--extra 3] > fixtures/variant/FAMILY.jsonl
  variant_fixtures.py --list

Every puzzle is made the same way, with no code of the Rust workspace:
  1. a full grid: CP-SAT (one worker, random_seed = the puzzle's seed) solves the empty variant with a random
     hint (one random digit a cell), then the digits are relabelled by a random permutation (not for
     non-consecutive, whose rule is not symmetric under relabelling); jigsaw regions are first made by random
     swaps of cells between adjacent regions of the 3x3 boxes that keep both regions connected;
  2. a puzzle: classic-like families dig givens in a random order, keeping a removal while pencilmark's C++
     exhaustive search (cbackend.brute_solve, limit 2) still finds exactly one solution, so the result is
     minimal (a check stopped by the node limit counts as "not unique"; 25x25 tries only --dig-cells cells);
     killer families start from a random partition into cages of 2-5 cells (digits distinct in the solution),
     split off a cell where two CP-SAT solutions differ until one is left (these 1-cell cages act as givens),
     then try --merges random merges of two adjacent cages (at most 6 cells), kept while CP-SAT finds one
     solution; no givens;
  3. the check: pencilmark solves the final puzzle (its solution is the `solution` field) and our CP-SAT model
     (variant_peer.py) proves there is no second solution and finds the same one. A puzzle where they disagree
     stops the run.
--extra K adds K puzzles with no solution ("expect": 0: a blank set to a digit its houses' givens allow but the
solution does not have there; for killer, one given that is not the solution's digit) and K with several ("expect": "many": a given or a cage
dropped), each count checked by both programs (candidates pencilmark cannot decide within 2,000,000 nodes are
skipped).
Puzzle i of seed S uses the random stream seeded with S * 1000003 + i, so -n 10 is a prefix of -n 50.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import variant_model as VM  # noqa: E402
import variant_peer as VP  # noqa: E402

# family -> the JSON object without givens
FAMILIES = {
    "killer9": {"size": 9},
    "killer9-x": {"size": 9, "rules": ["x"]},
    "classic4": {"size": 4},
    "classic6": {"size": 6},
    "classic12": {"size": 12},
    "classic16": {"size": 16},
    "classic25": {"size": 25},
    "x9": {"size": 9, "rules": ["x"]},
    "windoku": {"size": 9, "rules": ["windoku"]},
    "jigsaw9": {"size": 9},
    "anti-knight": {"size": 9, "rules": ["anti-knight"]},
    "anti-king": {"size": 9, "rules": ["anti-king"]},
    "non-consecutive": {"size": 9, "rules": ["non-consecutive"]},
    "disjoint-groups": {"size": 9, "rules": ["disjoint-groups"]},
    "samurai": {"layout": "samurai"},
}


def random_regions(rng, n=9, bh=3, bw=3, swaps=120):
    """n connected regions of n cells: the boxes, changed by random connectivity-keeping swaps."""
    lab = [(r // bh) * (n // bw) + c // bw for r in range(n) for c in range(n)]

    def nbrs(k):
        r, c = divmod(k, n)
        return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]

    def connected(g):
        cells = [k for k in range(n * n) if lab[k] == g]
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            k = todo.pop()
            for j in nbrs(k):
                if lab[j] == g and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return len(seen) == len(cells)

    done = 0
    while done < swaps:
        a = rng.randrange(n * n)
        ga = lab[a]
        bs = [j for j in nbrs(a) if lab[j] != ga]
        if not bs:
            continue
        gb = lab[rng.choice(bs)]
        # a goes to gb; some cell of gb next to ga goes to ga
        cs = [j for j in range(n * n) if lab[j] == gb and any(lab[x] == ga for x in nbrs(j)) and j != a]
        if not cs:
            continue
        b = rng.choice(cs)
        lab[a], lab[b] = gb, ga
        if connected(ga) and connected(gb):
            done += 1
        else:
            lab[a], lab[b] = ga, gb
    return "".join(VM.SYMBOLS[g] for g in lab)


def random_grid(v, rng, seed):
    """a random full grid of the variant (values in cell order), or None if CP-SAT finds none."""
    from ortools.sat.python import cp_model
    m, x = VP.cpsat_model(v)
    for k, e in enumerate(x):
        m.AddHint(e, rng.randint(1, v.n))
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.random_seed = seed % (1 << 30)
    s.parameters.max_time_in_seconds = 300
    st = s.Solve(m)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    sol = [s.Value(e) for e in x]
    if "non-consecutive" not in v.rules:
        perm = list(range(1, v.n + 1))
        rng.shuffle(perm)
        sol = [perm[d - 1] for d in sol]
    return sol


class Counter:
    """pencilmark's exhaustive search on one variant, built once, with givens and cages changed per call."""

    def __init__(self, obj):
        from pencilmark import cbackend as CB
        self.CB = CB
        self.obj = obj
        self.v = VM.parse(obj)
        self.p = VP.pencilmark_puzzle(self.v)
        self.cp = CB.to_cpuzzle(self.p)
        self.order = [self.v.index[rc] for rc in self.p.coords]

    def count(self, givens, node_limit=VP.NODE_LIMIT):
        """0, 1 or 2 solutions for these givens {our cell: digit}; None when the node limit stopped it."""
        self.p.givens = {i: givens[k] for i, k in enumerate(self.order) if k in givens}
        r = self.CB.brute_solve(self.p, limit=2, node_limit=node_limit, cpuzzle=self.cp)
        if not r.complete and len(r) < 2:
            return None
        return len(r)


def dig(base, sol, rng, budget=None, node_limit=2_000_000):
    """remove givens in a random order while pencilmark still finds one solution -> givens {cell: digit}.

    A removal whose check hits the node limit is undone, as if the puzzle had become ambiguous."""
    c = Counter(base)
    givens = dict(enumerate(sol))
    order = list(givens)
    rng.shuffle(order)
    if budget is not None:
        order = order[:budget]
    for k in order:
        d = givens.pop(k)
        if c.count(givens, node_limit=node_limit) != 1:
            givens[k] = d
    return givens


def make_killer(base, v, sol, rng, merges=12):
    """cages that partition the grid (1-6 cells), unique -> the object with cages, or None.

    A random partition into cages of 2-5 cells (digits distinct in the solution) is made unique by splitting off,
    one at a time, a cell where two CP-SAT solutions differ; then up to `merges` random merges of two adjacent
    cages (at most 6 cells, distinct digits) are kept when CP-SAT still finds one solution."""
    n = len(v.cells)
    nb = {}
    for k, (r, cc) in enumerate(v.cells):
        nb[k] = [v.index[x] for x in ((r - 1, cc), (r + 1, cc), (r, cc - 1), (r, cc + 1)) if x in v.index]
    cage_of = [-1] * n
    cages = []
    order = list(range(n))
    rng.shuffle(order)
    for k in order:
        if cage_of[k] >= 0:
            continue
        want = rng.choice((2, 3, 3, 4, 4, 5))
        cells = [k]
        cage_of[k] = len(cages)
        while len(cells) < want:
            opts = [j for c in cells for j in nb[c] if cage_of[j] < 0 and sol[j] not in {sol[x] for x in cells}]
            if not opts:
                break
            j = rng.choice(opts)
            cage_of[j] = len(cages)
            cells.append(j)
        cages.append(cells)

    def obj_of(cs):
        return dict(base, cages=[{"sum": sum(sol[k] for k in c), "cells": [VM.cell_name(v.cells[k]) for k in sorted(c)]}
                                 for c in sorted(cs, key=min)])

    cs = [c for c in cages]
    for _ in range(n):  # split off a cell where two solutions differ until one solution is left
        sols = VP.cpsat_solutions(VM.parse(obj_of(cs)), 2, 120.0)
        if sols is None:
            return None
        if len(sols) == 1:
            break
        diff = [k for k in range(n) if sols[0][k] != sols[1][k]]
        k = rng.choice(diff)
        c = next(c for c in cs if k in c)
        if len(c) == 1:
            return None
        cs = [x for x in cs if x is not c] + [[x for x in c if x != k], [k]]
    for _ in range(merges):
        pairs = []
        for i, a in enumerate(cs):
            for j in range(i + 1, len(cs)):
                b = cs[j]
                if len(a) + len(b) > 6 or {sol[x] for x in a} & {sol[x] for x in b}:
                    continue
                if any(y in nb[x] for x in a for y in b):
                    pairs.append((i, j))
        if not pairs:
            break
        i, j = rng.choice(pairs)
        merged = [c for t, c in enumerate(cs) if t not in (i, j)] + [cs[i] + cs[j]]
        sols = VP.cpsat_solutions(VM.parse(obj_of(merged)), 2, 120.0)
        if sols is not None and len(sols) == 1:
            cs = merged
    return obj_of(cs)


def check(obj, want_solution=None, peers=("pencilmark", "cpsat"), soft=False):
    """pencilmark's and CP-SAT's counts and first solutions; stops the run when they disagree.

    soft: a search stopped by its limit (pencilmark: 2,000,000 nodes) gives (None, None) instead of stopping."""
    v = VM.parse(obj)
    b = VP.cpsat_solutions(v, 2)
    if "pencilmark" not in peers:
        a = b
    else:
        a = VP.pencilmark_solutions(v, 2, 2_000_000 if soft else VP.NODE_LIMIT)
    if soft and (a is None or b is None):
        return None, None
    if a is None or b is None:
        raise SystemExit(f"undecided: {json.dumps(obj)}")
    if len(a) != len(b):
        raise SystemExit(f"counts differ (pencilmark {len(a)}, cpsat {len(b)}): {json.dumps(obj)}")
    if len(a) == 1:
        if a[0] != b[0]:
            raise SystemExit(f"solutions differ: {json.dumps(obj)}")
        if v.check(a[0]):
            raise SystemExit(f"solution breaks {v.check(a[0])}: {json.dumps(obj)}")
        if want_solution is not None and a[0] != want_solution:
            raise SystemExit(f"not the generated grid: {json.dumps(obj)}")
        return 1, v.text(a[0])
    return len(a), None


def one(family, seed, i, dig_budget, peers, merges=12):
    rng = random.Random(seed * 1000003 + i)
    base = dict(FAMILIES[family])
    if family == "jigsaw9":
        base["regions"] = random_regions(rng)
    v = VM.parse(base)
    sol = random_grid(v, rng, seed * 1000003 + i)
    if sol is None:
        return None
    if family.startswith("killer"):
        obj = make_killer(base, v, sol, rng, merges)
        if obj is None:
            return None
        obj["givens"] = "." * (v.rows * v.cols)
    else:
        givens = dig(base, sol, rng, dig_budget, 2_000_000 if v.n <= 16 else 100_000)
        obj = dict(base, givens=v.text([givens.get(k, 0) for k in range(len(v.cells))]))
    n, text = check(obj, sol, peers)
    if n != 1:
        raise SystemExit(f"generated puzzle not unique: {json.dumps(obj)}")
    obj["solution"] = text
    return obj


def extras(obj, rng):
    """(no-solution, several-solution) variants of a unique fixture, or None where one is not found."""
    v = VM.parse(obj)
    sol = [VM.digit_of(obj["solution"][r * v.cols + c]) for r, c in v.cells]
    base = {k: val for k, val in obj.items() if k != "solution"}
    zero = many = None
    if v.cages:
        cg = list(base["cages"])
        # A raised cage sum took both programs minutes to refute (neither knows the 45 rule), so a killer's
        # 0-solution line is the puzzle plus one given that is not the solution's digit in a cage of 2+ cells.
        multi = [k for total, cs in v.cages if len(cs) > 1 for k in cs]
        for _ in range(10):
            k = rng.choice(multi)
            r, c = v.cells[k]
            g2 = list(base["givens"])
            g2[r * v.cols + c] = VM.SYMBOLS[rng.choice([d for d in range(1, v.n + 1) if d != sol[k]]) - 1]
            z = dict(base, givens="".join(g2))
            if check(z, soft=True)[0] == 0:
                zero = dict(z, expect=0)
                break
        for _ in range(20):
            k = rng.randrange(len(cg))
            mm = dict(base, cages=cg[:k] + cg[k + 1:])
            if check(mm, soft=True)[0] == 2:
                many = dict(mm, expect="many")
                break
    else:
        g = list(base["givens"])
        blanks = [k for k in range(len(v.cells)) if k not in v.givens]
        rng.shuffle(blanks)
        for k in blanks[:30]:
            r, c = v.cells[k]
            used = {v.givens[j] for h in v.houses if k in h for j in h if j in v.givens}
            opts = [d for d in range(1, v.n + 1) if d not in used and d != sol[k]]
            if not opts:
                continue
            g2 = list(g)
            g2[r * v.cols + c] = VM.SYMBOLS[rng.choice(opts) - 1]
            z = dict(base, givens="".join(g2))
            if check(z, soft=True)[0] == 0:
                zero = dict(z, expect=0)
                break
        gv = list(v.givens)
        rng.shuffle(gv)
        for k in gv[:10]:
            r, c = v.cells[k]
            g2 = list(g)
            g2[r * v.cols + c] = "."
            mm = dict(base, givens="".join(g2))
            if check(mm, soft=True)[0] == 2:
                many = dict(mm, expect="many")
                break
    return zero, many


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("family", nargs="?")
    ap.add_argument("-n", "--number", type=int, default=50)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--extra", type=int, default=0, help="puzzles with 0 and with several solutions, K of each")
    ap.add_argument("--dig-cells", type=int, default=None, help="try removing only this many cells (25x25)")
    ap.add_argument("--check", choices=("both", "cpsat"), default="both",
                    help="both: pencilmark and CP-SAT must agree (fixtures); cpsat: CP-SAT alone (bench sets)")
    ap.add_argument("--merges", type=int, default=12, help="killer: random cage merges tried after the split phase")
    ap.add_argument("--extras-from", default=None, help="make only the --extra lines, from this file's unique lines")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    if args.list or not args.family:
        print("\n".join(FAMILIES))
        return
    made = []
    if args.extras_from:
        made = [json.loads(l) for l in open(args.extras_from) if l.strip() and "expect" not in l]
        args.number = 0
    for i in range(args.start, args.start + args.number):
        t = time.perf_counter()
        obj = one(args.family, args.seed, i, args.dig_cells,
                  ("pencilmark", "cpsat") if args.check == "both" else ("cpsat",), args.merges)
        if obj is None:
            print(f"{args.family} {i}: no puzzle", file=sys.stderr)
            continue
        obj = {"id": f"{args.family}-{args.seed}-{i}", **obj}
        made.append(obj)
        print(json.dumps(obj), flush=True)
        print(f"{args.family} {i}: {time.perf_counter() - t:.1f} s", file=sys.stderr, flush=True)
    rng = random.Random(args.seed)
    for j in range(min(args.extra, len(made))):
        zero, many = extras({k: val for k, val in made[j].items() if k != "id"}, rng)
        for tag, o in (("zero", zero), ("many", many)):
            if o is not None:
                print(json.dumps({"id": f"{args.family}-{args.seed}-{j}-{tag}", **o}), flush=True)


if __name__ == "__main__":
    main()
