#!/usr/bin/env bash
# The per-family variant bench sets of issue 47 (bench only): crates/sudoku-bench/data/variants/FAMILY.jsonl.gz,
# one puzzle a line in the JSON form of docs/variants.md with the generator's `solution`, made by our generator:
#   sudoku generate --variant K -n N --seed 47 -j 2 -f json -q
# Usage: crates/sudoku-bench/peers/make_variant_sets.sh [SUDOKU] [FAMILY ...]
#   SUDOKU: the binary (default target/release/sudoku); FAMILY: only these (default every family below).
# N is 100, except for the families whose generation is too slow for 100 in a few minutes on the 2-core
# development machine (the per-family counts below; the runs file says so). Output never depends on -j.
# `generate --variant classic` at 9x9 writes the classic JSON form (`puzzle`, `seed`, ...), which `sudoku solve`
# does not read back, so that one set is rewritten to {"size":9,"givens":...,"solution":...}.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
bin=${1:-$root/target/release/sudoku}
shift || true
out=$root/crates/sudoku-bench/data/variants
mkdir -p "$out"
# family name | generate arguments | puzzles
sets="
classic|--variant classic|100
classic6|--size 6 --variant classic|100
classic12|--size 12|100
classic16|--size 16|100
jigsaw|--variant jigsaw|100
x|--variant x|100
windoku|--variant windoku|100
disjoint-groups|--variant disjoint-groups|100
anti-knight|--variant anti-knight|100
anti-king|--variant anti-king|100
non-consecutive|--variant non-consecutive|50
asterisk|--variant asterisk|100
centre-dot|--variant centre-dot|100
girandola|--variant girandola|100
argyle|--variant argyle|50
killer|--variant killer|20
thermo|--variant thermo|100
arrow|--variant arrow|100
odd|--variant odd|100
even|--variant even|100
odd-even|--variant odd-even|100
german-whispers|--variant german-whispers|100
dutch-whispers|--variant dutch-whispers|100
renban|--variant renban|100
palindrome|--variant palindrome|100
slow-thermo|--variant slow-thermo|100
zipper|--variant zipper|100
entropic|--variant entropic|100
modular|--variant modular|100
double-arrow|--variant double-arrow|100
between|--variant between|100
lockout|--variant lockout|100
region-sum|--variant region-sum|100
kropki|--variant kropki|100
xv|--variant xv|100
greater-than|--variant greater-than|100
kropki-negative|--variant kropki-negative|100
white-negative|--variant white-negative|100
black-negative|--variant black-negative|100
xv-negative|--variant xv-negative|100
quadruple|--variant quadruple|100
clone|--variant clone|100
sandwich|--variant sandwich|100
x-sums|--variant x-sums|100
skyscrapers|--variant skyscrapers|100
little-killer|--variant little-killer|50
samurai|--variant samurai|100
twodoku|--variant twodoku|100
butterfly|--variant butterfly|100
sohei|--variant sohei|100
flower|--variant flower|100
sumo|--variant sumo|2
shogun|--variant shogun|2
"
want=" $* "
while IFS='|' read -r name args n; do
  [ -z "$name" ] && continue
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
