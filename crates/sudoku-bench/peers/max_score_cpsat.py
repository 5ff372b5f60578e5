#!/usr/bin/env python3
"""CP-SAT reference for the max-score families (bench only, never shipped).

Usage: target/bench-python-venv/bin/python max_score_cpsat.py FAMILIES.txt [--time-limit 5]
           [--model bool|int] [--only NAME,NAME,...]

Reads the instance file of max_score_families.py and solves each instance with
OR-Tools CP-SAT on one worker (num_workers=1). Two models:

- `bool` (the default): one Boolean per (cell, digit), exactly one per cell
  and per (row|column|box, digit), givens fixed, maximise sum digit * weight;
- `int` (issue 48, the stronger peer): the same Booleans plus one integer
  digit variable per cell (1..9) channelled to them (x[c][d] <=> digit[c] ==
  d + 1, and digit[c] == sum (d + 1) x[c][d]), AllDifferent on the digit
  variables of every row, column and box, givens fixed on both; the same
  objective, written over the Booleans. CP-SAT then has both the
  AllDifferent propagators (and their linear relaxation) and the
  exactly-one rows of the Boolean model.

Prints a tab-separated line per instance: name, family, status
(OPTIMAL/FEASIBLE/INFEASIBLE/UNKNOWN), objective, best bound, wall ms.
"""
import argparse
import sys
import time

from ortools.sat.python import cp_model


def solve(puzzle, weights, time_limit, model="bool"):
    m = cp_model.CpModel()
    x = [[m.NewBoolVar(f"x{c}_{d}") for d in range(9)] for c in range(81)]
    for c in range(81):
        m.AddExactlyOne(x[c])
        if puzzle[c] != ".":
            m.Add(x[c][int(puzzle[c]) - 1] == 1)
    digit = None
    if model == "int":
        digit = [m.NewIntVar(1, 9, f"v{c}") for c in range(81)]
        for c in range(81):
            m.Add(digit[c] == sum((d + 1) * x[c][d] for d in range(9)))
            for d in range(9):
                m.Add(digit[c] == d + 1).OnlyEnforceIf(x[c][d])
                m.Add(digit[c] != d + 1).OnlyEnforceIf(x[c][d].Not())
            if puzzle[c] != ".":
                m.Add(digit[c] == int(puzzle[c]))
    units = []
    for i in range(9):
        units.append([i * 9 + j for j in range(9)])
        units.append([j * 9 + i for j in range(9)])
        br, bc = i // 3 * 3, i % 3 * 3
        units.append([(br + a) * 9 + bc + b for a in range(3) for b in range(3)])
    for u in units:
        for d in range(9):
            m.AddExactlyOne([x[c][d] for c in u])
        if digit is not None:
            m.AddAllDifferent([digit[c] for c in u])
    m.Maximize(sum((d + 1) * weights[c] * x[c][d] for c in range(81) for d in range(9) if weights[c] != 0))
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = time_limit
    t = time.perf_counter()
    st = s.Solve(m)
    ms = (time.perf_counter() - t) * 1e3
    name = s.StatusName(st)
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return name, int(round(s.ObjectiveValue())), int(round(s.BestObjectiveBound())), ms
    return name, "-", "-", ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("families")
    ap.add_argument("--time-limit", type=float, default=5.0)
    ap.add_argument("--model", choices=["bool", "int"], default="bool")
    ap.add_argument("--only", default="", help="comma-separated instance names (default: all)")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    for line in open(args.families):
        name, family, puzzle, w = line.rstrip("\n").split("\t")
        if only and name not in only:
            continue
        weights = [int(v) for v in w.split(",")]
        st, obj, bound, ms = solve(puzzle, weights, args.time_limit, args.model)
        print(f"{name}\t{family}\t{st}\t{obj}\t{bound}\t{ms:.1f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
