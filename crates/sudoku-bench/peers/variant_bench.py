#!/usr/bin/env python3
"""Time the variant peers on a puzzle set, whole process and in-process (bench only, never shipped).

Usage: variant_bench.py SET.jsonl [--rounds 3] [--mode solve|count] [--peers cpsat,pencilmark] [--limit N]

Each round runs every peer once over the set (the order alternates from round to round), each as its own
process under /usr/bin/time: variant_peer.py --peer P --mode M --time. It also times each peer on an empty input
(the fixed cost of starting Python and importing the peer). Prints one markdown row per run: whole-process user and
system CPU seconds and wall seconds, the whole-process CPU per puzzle (user + system over the set, startup
included), and variant_peer.py's in-process CPU per puzzle (reading + building + searching; then building and
searching alone), with the median, 90th percentile and maximum of the per-puzzle in-process CPU.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(peer, mode, path):
    cmd = ["/usr/bin/time", "-f", "TIME %U %S %e", sys.executable, os.path.join(HERE, "variant_peer.py"),
           "--peer", peer, "--mode", mode, "--time", path]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines = p.stderr.splitlines()
    u, s_, e = next(l for l in lines if l.startswith("TIME ")).split()[1:]
    per, build, search = [], [], []
    for l in lines:
        f = l.split("\t")
        if len(f) >= 5 and f[0].isdigit():
            per.append(float(f[1]))
            build.append(float(f[3]))
            search.append(float(f[4]))
    if p.returncode != 0:
        raise SystemExit(f"{peer} failed: {p.stderr[-2000:]}")
    return float(u), float(s_), float(e), per, build, search


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--mode", default="solve")
    ap.add_argument("--peers", default="cpsat,pencilmark")
    ap.add_argument("--limit", type=int, default=None, help="the first N puzzles only")
    a = ap.parse_args()
    path = a.set
    if a.limit:
        fd, path = tempfile.mkstemp(suffix=".jsonl")
        with os.fdopen(fd, "w") as f, open(a.set) as src:
            for k, line in enumerate(src):
                if k >= a.limit:
                    break
                f.write(line)
    empty = tempfile.mkstemp(suffix=".jsonl")[1]
    peers = a.peers.split(",")
    print(f"| set | mode | round | peer | puzzles | whole user+sys s | wall s | whole ms/puzzle | in-process ms/puzzle "
          f"| build | search | median | p90 | max |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for peer in peers:
        u, s_, e, *_ = run(peer, a.mode, empty)
        print(f"| (empty input: startup) | {a.mode} | - | {peer} | 0 | {u + s_:.2f} | {e:.2f} | - | - | - | - | - | - | - |",
              flush=True)
    for r in range(a.rounds):
        order = peers if r % 2 == 0 else peers[::-1]
        for peer in order:
            u, s_, e, per, build, search = run(peer, a.mode, path)
            n = len(per)
            q = sorted(per)
            p90 = q[min(n - 1, int(0.9 * n))]
            print(f"| {os.path.basename(a.set)} | {a.mode} | {r + 1} | {peer} | {n} | {u + s_:.2f} | {e:.1f} "
                  f"| {(u + s_) * 1e3 / n:.2f} | {sum(per) / n:.2f} | {sum(build) / n:.2f} | {sum(search) / n:.2f} "
                  f"| {statistics.median(per):.2f} | {p90:.2f} | {q[-1]:.1f} |", flush=True)


if __name__ == "__main__":
    main()
