#!/usr/bin/env python3
"""Test vectors for our reader of sudokuwiki.org's packed boards (issue 47 point 2; bench only, never shipped).

Usage (bench venv with pencilmark==1.0.0rc1, see PENCILMARK.md):
  sudokuwiki_vectors.py < puzzles.jsonl > vectors.tsv

Each input line is a puzzle in our JSON form (docs/variants.md). Each output line is pencilmark's packed string of
it (`pencilmark.to_string(puzzle, "sudokuwiki")`: S9B, S6B, X9B, W9B, C9B, J9B, L9B, M9B, L6C; its docs say these
encodings were checked against sudokuwiki.org's solver), a tab, and the puzzle's JSON without its solution. A
puzzle pencilmark has no packed form for is skipped with a note on stderr. fixtures/variant/interop/
sudokuwiki_packed.tsv was made with this script: our reader must read each string back to its puzzle.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import variant_model as VM  # noqa: E402
import variant_peer as VP  # noqa: E402


def main():
    import pencilmark
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        obj = json.loads(line)
        obj.pop("solution", None)
        try:
            packed = pencilmark.to_string(VP.pencilmark_json(VM.parse(obj)), "sudokuwiki")
        except Exception as e:  # pencilmark's NotSupportedError and kin
            print(f"skipped ({type(e).__name__}: {e}): {line[:80]}", file=sys.stderr)
            continue
        print(f"{packed}\t{json.dumps(obj, separators=(',', ':'))}")


if __name__ == "__main__":
    main()
