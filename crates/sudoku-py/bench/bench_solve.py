"""Solve from Python against `sudoku solve`, measured in one run.

Run by `cargo xtask bench python`, which builds the `sudoku` binary and
installs the package in a virtual environment first:

    python bench_solve.py SUDOKU_BIN PUZZLE_FILE

1. Batch: `sudoku.solve(array)` on the whole file as one NumPy uint8 array
   of shape (n, 81) against `sudoku solve FILE > /dev/null` (a whole
   process: reading, parsing, solving, writing), both on all cores,
   alternating, best of ROUNDS each. The ratio is Python's time over the
   CLI's: at most 1.2 is the target. The array is made once, before timing
   (`sudoku.to_array` on the file's lines, timed apart, as is the list of
   strings).
2. Per-call overhead: `sudoku.solve([p])` (a list of one string) and
   `sudoku.solve(a)` (an array of one row) called over and over on one
   puzzle, against the same puzzle's share of a call on 63 copies of it
   (batches under 64 are solved on the calling thread, so this is its
   solving time without the pool): the difference is what a call costs
   beyond the solving. Empty calls give the floor.

Prints a markdown report on stdout; exits 1 when the batch ratio is over the
target, 2 on a usage error.
"""

import os
import platform
import subprocess
import sys
import time

import numpy as np

import sudoku

ROUNDS = 5
TARGET = 1.2


def best_of(rounds, f):
    """The least wall time of `rounds` calls of `f`, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - started)
    return best


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    cli, path = sys.argv[1], sys.argv[2]
    if not os.path.isfile(path):
        print(f"bench_solve.py: {path} not found", file=sys.stderr)
        return 2
    lines = [l.split()[0] for l in open(path) if l.strip() and not l.startswith("#")]
    n = len(lines)

    started = time.perf_counter()
    array = sudoku.to_array(lines)
    to_array = time.perf_counter() - started

    def run_cli():
        with open(os.devnull, "w") as devnull:
            subprocess.run([cli, "solve", "-q", path], stdout=devnull, check=False)

    # Warm up both (page cache, thread pools), checking the answers agree.
    out = subprocess.run([cli, "solve", "-q", path], capture_output=True, text=True).stdout.split()
    got = sudoku.solve(array)
    mismatches = sum(1 for row, line in zip(got, out) if "".join(map(str, row)) != line)
    if mismatches or len(out) != n:
        print(f"bench_solve.py: Python and the CLI disagree on {mismatches} puzzles", file=sys.stderr)
        return 1

    t_cli, t_numpy = float("inf"), float("inf")
    for _ in range(ROUNDS):
        t_cli = min(t_cli, best_of(1, run_cli))
        t_numpy = min(t_numpy, best_of(1, lambda: sudoku.solve(array)))
    t_strings = best_of(ROUNDS, lambda: sudoku.solve(lines))
    ratio = t_numpy / t_cli

    # Per-call overhead on one puzzle: the file's first.
    one_text = [lines[0]]
    one_array = array[:1]
    calls = 20_000
    t_call_text = best_of(3, lambda: [sudoku.solve(one_text) for _ in range(calls)]) / calls
    t_call_array = best_of(3, lambda: [sudoku.solve(one_array) for _ in range(calls)]) / calls
    copies = np.repeat(one_array, 63, axis=0)
    cores = os.cpu_count() or 1
    t_solve_one = best_of(3, lambda: [sudoku.solve(copies) for _ in range(calls // 63)]) / (calls // 63 * 63)
    empty_array, empty_list = np.zeros((0, 81), dtype=np.uint8), []
    t_empty_array = best_of(3, lambda: [sudoku.solve(empty_array) for _ in range(calls)]) / calls
    t_empty_list = best_of(3, lambda: [sudoku.solve(empty_list) for _ in range(calls)]) / calls

    print(f"## Python `sudoku.solve` vs `sudoku solve` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})\n")
    print(f"Machine: {platform.machine()}, {cores} cores, Python {platform.python_version()}, "
          f"numpy {np.__version__}, load {os.getloadavg()[0]:.2f}. File: `{os.path.basename(path)}` "
          f"({n:,} puzzles). Best of {ROUNDS}, alternating; all cores on both sides.\n")
    print("| what | seconds | µs/puzzle |")
    print("|---|---:|---:|")
    print(f"| `sudoku solve FILE > /dev/null` (whole process) | {t_cli:.4f} | {t_cli / n * 1e6:.2f} |")
    print(f"| `sudoku.solve(array)`, one (n, 81) uint8 batch | {t_numpy:.4f} | {t_numpy / n * 1e6:.2f} |")
    print(f"| `sudoku.solve(list_of_str)`, one batch | {t_strings:.4f} | {t_strings / n * 1e6:.2f} |")
    print(f"| `sudoku.to_array(list_of_str)` (once, not in the batch time) | {to_array:.4f} | "
          f"{to_array / n * 1e6:.2f} |")
    verdict = "within" if ratio <= TARGET else "OVER"
    print(f"\nRatio NumPy batch / CLI: **{ratio:.3f}** ({verdict} the {TARGET}x target).\n")
    print("Per call, one puzzle (the file's first):\n")
    print("| call | µs/call |")
    print("|---|---:|")
    print(f"| `sudoku.solve([text])` | {t_call_text * 1e6:.2f} |")
    print(f"| `sudoku.solve(array[:1])` | {t_call_array * 1e6:.2f} |")
    print(f"| solving it: its share of a call on 63 copies (calling thread) | {t_solve_one * 1e6:.2f} |")
    print(f"| `sudoku.solve([])` (empty list) | {t_empty_list * 1e6:.2f} |")
    print(f"| `sudoku.solve(np.zeros((0, 81), np.uint8))` (empty array) | {t_empty_array * 1e6:.2f} |")
    print(f"\nOverhead per call (one-puzzle call minus its solving): {(t_call_text - t_solve_one) * 1e6:.2f} µs "
          f"(string), {(t_call_array - t_solve_one) * 1e6:.2f} µs (array).")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
