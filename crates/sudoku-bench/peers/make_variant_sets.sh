#!/usr/bin/env bash
# The per-family variant bench sets of issue 47 (bench only): crates/sudoku-bench/data/variants/FAMILY.jsonl.gz,
# one puzzle a line in the JSON form of docs/variants.md with the generator's `solution`, made by our generator:
#   sudoku generate --variant K -n N --seed 47 -j 2 -f json -q
# Usage: crates/sudoku-bench/peers/make_variant_sets.sh [SUDOKU] [FAMILY ...]
#   SUDOKU: the binary (default target/release/sudoku); FAMILY: only these (default every family below).
# N is 100 for every family (the per-family counts below). Until the engine of 2026-11-30, six sets were smaller
# (killer 20, non-consecutive, argyle and little-killer 50, sumo and shogun 2; runs/2026-11-29-issue47-families.md);
# those six were made again then, at 100. Output never depends on -j.
# `generate --variant classic` at 9x9 writes the classic JSON form (`puzzle`, `seed`, ...), which `sudoku solve`
# does not read back, so that one set is rewritten to {"size":9,"givens":...,"solution":...}.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
bin=${1:-$root/target/release/sudoku}
shift || true
out=$root/crates/sudoku-bench/data/variants
mkdir -p "$out"
# family name | generate arguments (empty: --variant NAME) | puzzles
sets="
classic||100
classic6|--size 6 --variant classic|100
classic12|--size 12|100
classic16|--size 16|100
jigsaw||100
x||100
windoku||100
disjoint-groups||100
anti-knight||100
anti-king||100
non-consecutive||100
asterisk||100
centre-dot||100
girandola||100
argyle||100
killer||100
thermo||100
arrow||100
odd||100
even||100
odd-even||100
german-whispers||100
dutch-whispers||100
renban||100
palindrome||100
slow-thermo||100
zipper||100
entropic||100
modular||100
double-arrow||100
between||100
lockout||100
region-sum||100
kropki||100
xv||100
greater-than||100
kropki-negative||100
white-negative||100
black-negative||100
xv-negative||100
quadruple||100
clone||100
min-max||100
sandwich||100
x-sums||100
skyscrapers||100
little-killer||100
samurai||100
twodoku||100
butterfly||100
sohei||100
flower||100
sumo||100
shogun||100
"
want=" $* "
while IFS='|' read -r name args n; do
  [ -z "$name" ] && continue
  args=${args:---variant $name}
  if [ $# -gt 0 ] && [[ "$want" != *" $name "* ]]; then continue; fi
  start=$(date +%s)
  # shellcheck disable=SC2086
  "$bin" generate $args -n "$n" --seed 47 -j 2 -f json -q \
    | if [ "$name" = classic ]; then
        python3 -c 'import json,sys
for l in sys.stdin:
    o = json.loads(l)
    print(json.dumps({"size": 9, "givens": o["puzzle"], "solution": o["solution"]}, separators=(",", ":")))'
      else cat; fi \
    | gzip -9n > "$out/$name.jsonl.gz"
  echo "$name: $(zcat "$out/$name.jsonl.gz" | wc -l) puzzles, $(( $(date +%s) - start )) s" >&2
done <<< "$sets"
