#!/usr/bin/env bash
# Runs the browser tests of the page of `sudoku serve` in headless Chromium.
#
#   crates/sudoku-web/tests/browser/run.sh [PATH-OF-sudoku]   (default: target/release/sudoku)
#
# It starts `sudoku serve --port 0`, reads the address from its stderr, runs pytest on
# test_page.py and test_variants.py with the address in SUDOKU_URL, and always stops the server. Screenshots and
# downloads go to SUDOKU_BROWSER_OUT (default target/browser-test). Needs chromium,
# chromium-driver and poppler-utils (pdfinfo) from Debian, and selenium and pytest in
# target/browser-venv (or the python named by BROWSER_PYTHON).
set -euo pipefail

root=$(cd "$(dirname "$0")/../../../.." && pwd)
bin=${1:-$root/target/release/sudoku}
python=${BROWSER_PYTHON:-$root/target/browser-venv/bin/python}
out=${SUDOKU_BROWSER_OUT:-$root/target/browser-test}
mkdir -p "$out"
out=$(cd "$out" && pwd)

if [ ! -x "$bin" ]; then
    echo "run.sh: no sudoku binary at $bin (build it: cargo build --release -p sudoku-cli)" >&2
    exit 2
fi

log=$(mktemp)
"$bin" serve --bind 127.0.0.1 --port 0 2>"$log" &
server=$!
stop() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    rm -f "$log"
}
trap stop EXIT

# The server prints `sudoku: serving http://127.0.0.1:PORT/` once it listens.
url=""
for _ in $(seq 100); do
    url=$(sed -n 's/^sudoku: serving \(http:[^ ]*\).*/\1/p' "$log" | head -n 1)
    [ -n "$url" ] && break
    if ! kill -0 "$server" 2>/dev/null; then
        echo "run.sh: the server stopped:" >&2
        cat "$log" >&2
        exit 1
    fi
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "run.sh: the server printed no address in 10 s:" >&2
    cat "$log" >&2
    exit 1
fi
echo "run.sh: testing $url, screenshots in $out"

PYTHONDONTWRITEBYTECODE=1 SUDOKU_URL=$url SUDOKU_BROWSER_OUT=$out timeout 420 \
    "$python" -m pytest -q -p no:cacheprovider --durations=5 "$root/crates/sudoku-web/tests/browser"
