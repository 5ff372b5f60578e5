#!/usr/bin/env python3
"""Writes the max-score instance families of issue 33 (deterministic from a seed).

Usage: python3 max_score_families.py [--seed 33] > fixtures/target/families.txt

One instance a line, tab-separated: name, family, puzzle (81 cells, `.` blank),
81 comma-separated weights (row-major). Families: checkerboards (+s where r+c is
even, -s elsewhere: `cb`; the mirror: `cbm`) scaled by 1, 2, 3, 10, 1000, 10^6;
stripes (rows or columns alternating +1/-1); random weights in {-1,0,1}; random
integers -9..9; the NOIP weights. Each on the empty grid and, twice each, with
5, 10, 15, 20 and 25 givens taken from a random solution grid.
"""
import argparse
import random


def solution_grid(rng):
    """A random complete sudoku grid (randomised backtracking)."""
    g = [0] * 81

    def ok(c, d):
        r, k = divmod(c, 9)
        for i in range(9):
            if g[r * 9 + i] == d or g[i * 9 + k] == d:
                return False
        br, bk = r // 3 * 3, k // 3 * 3
        for i in range(3):
            for j in range(3):
                if g[(br + i) * 9 + bk + j] == d:
                    return False
        return True

    def fill(c):
        if c == 81:
            return True
        digits = list(range(1, 10))
        rng.shuffle(digits)
        for d in digits:
            if ok(c, d):
                g[c] = d
                if fill(c + 1):
                    return True
                g[c] = 0
        return False

    assert fill(0)
    return g


def weight_kinds(rng):
    kinds = []
    for s in (1, 2, 3, 10, 1000, 10**6):
        kinds.append((f"cb_x{s}", "cb", [s if (c // 9 + c % 9) % 2 == 0 else -s for c in range(81)]))
        kinds.append((f"cbm_x{s}", "cbm", [-s if (c // 9 + c % 9) % 2 == 0 else s for c in range(81)]))
    kinds.append(("stripes_rows", "stripes", [1 if (c // 9) % 2 == 0 else -1 for c in range(81)]))
    kinds.append(("stripes_cols", "stripes", [1 if (c % 9) % 2 == 0 else -1 for c in range(81)]))
    kinds.append(("stripes_rows_m", "stripes", [-1 if (c // 9) % 2 == 0 else 1 for c in range(81)]))
    kinds.append(("stripes_cols_m", "stripes", [-1 if (c % 9) % 2 == 0 else 1 for c in range(81)]))
    for i in range(4):
        kinds.append((f"pm1_{i}", "pm1", [rng.randint(-1, 1) for _ in range(81)]))
    for i in range(4):
        kinds.append((f"int9_{i}", "int9", [rng.randint(-9, 9) for _ in range(81)]))
    noip = [10 - max(abs(c // 9 - 4), abs(c % 9 - 4)) for c in range(81)]
    kinds.append(("noip", "noip", noip))
    return kinds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=33)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for name, family, w in weight_kinds(rng):
        puzzles = [("g0", "." * 81)]
        for k in (5, 10, 15, 20, 25):
            for rep in range(2):
                sol = solution_grid(rng)
                cells = set(rng.sample(range(81), k))
                p = "".join(str(sol[c]) if c in cells else "." for c in range(81))
                puzzles.append((f"g{k}_{rep}", p))
        for tag, p in puzzles:
            print(f"{name}_{tag}\t{family}\t{p}\t{','.join(map(str, w))}")


if __name__ == "__main__":
    main()
