#!/usr/bin/env bash
# The per-family bench sets made by pencilmark's generator (issue 47 point 3, bench only):
# crates/sudoku-bench/data/variants-pm/FAMILY.jsonl.gz, in the form of data/variants/ (make_variant_sets.sh).
# Usage: crates/sudoku-bench/peers/make_pencilmark_sets.sh [SUDOKU] [FAMILY ...]
#   SUDOKU: our binary for the checks (default target/release/sudoku); FAMILY: only these (default all, see
#   `make_pencilmark_sets.py families`). Needs the bench venv (PENCILMARK.md) at target/bench-python-venv.
# Two workers, each generating one family at a time: seeds 1, 2, ... until 100 puzzles or WALL seconds (checked
# between puzzles), the whole family killed at WALL + 60 s, as one pencilmark attempt can run past any limit.
# How many puzzles a family gets in WALL seconds depends on the machine; the seeds kept are in each raw file
# (target/pm-sets/FAMILY.raw.jsonl) and a given seed makes the same puzzle anywhere.
# Then every puzzle is checked (ours counts 1 and solves to pencilmark's solution, CP-SAT agrees) before it is kept.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
bin=${1:-$root/target/release/sudoku}
shift || true
py=${PYTHON:-$root/target/bench-python-venv/bin/python}
wall=${WALL:-210}
script=$root/crates/sudoku-bench/peers/make_pencilmark_sets.py
if [ $# -gt 0 ]; then fams=("$@"); else mapfile -t fams < <("$py" "$script" families | cut -f1); fi
worker() {
  for f in "$@"; do
    start=$(date +%s)
    timeout $((wall + 60)) "$py" "$script" generate "$f" --wall "$wall" || true
    echo "$f: generated in $(( $(date +%s) - start )) s" >&2
  done
}
half=$(( (${#fams[@]} + 1) / 2 ))
worker "${fams[@]:0:$half}" &
worker "${fams[@]:$half}"
wait
for f in "${fams[@]}"; do
  "$py" "$script" check "$f" --sudoku "$bin"
done
