#!/usr/bin/env python3
"""The constraint kinds of docs/variants.md beyond cages, thermo, arrow and parity (issue 47; bench only, never shipped).

Written from docs/variants.md's text alone (no code of the Rust workspace): each kind is parsed into
(kind, fields with cell indices of variant_model's Variant), checked on a full assignment (`check`), and modelled
for OR-Tools CP-SAT (`cpsat`, called from variant_peer.cpsat_model). The negative rules of the whole grid
(kropki-negative, white-negative, black-negative, xv-negative) are here too, since they read the marks.

Kinds: lines slow-thermo, german-whispers, dutch-whispers, renban, palindrome, zipper, entropic, modular,
region-sum, double-arrow, between, lockout; edge marks kropki, xv, greater-than; quadruple; clone; minimum and
maximum cells; outside clues sandwich, x-sums, skyscrapers, little-killer.
"""
from __future__ import annotations

LINES = ("slow-thermo", "german-whispers", "dutch-whispers", "renban", "palindrome", "zipper", "entropic", "modular",
         "region-sum", "double-arrow", "between", "lockout")
CLUES = ("sandwich", "x-sums", "skyscrapers")
DIRS = {"up-left": (-1, -1), "up-right": (-1, 1), "down-left": (1, -1), "down-right": (1, 1)}
NEGATIVE = {"kropki-negative": ("white", "black"), "white-negative": ("white",), "black-negative": ("black",),
            "xv-negative": ("X", "V")}


class RuleError(ValueError):
    """a constraint this model does not know, or one that breaks the format"""


def parse_constraint(con, v, cell_list):
    """one object of `constraints` -> (kind, fields); cell names become indices of v.cells."""
    kind = con.get("kind")
    if kind in LINES:
        f = {"cells": cell_list(con.get("cells"))}
        if kind == "lockout":
            f["difference"] = con.get("difference") or (4 if v.n == 9 else (v.n - 1) // 2)
        return kind, f
    if kind in ("kropki", "xv", "greater-than"):
        cs = cell_list(con.get("cells"))
        if len(cs) != 2:
            raise RuleError(f"{kind} joins two cells")
        mark = {"kropki": con.get("dot"), "xv": (con.get("letter") or "").upper(), "greater-than": ">"}[kind]
        if mark not in ("white", "black", "X", "V", ">"):
            raise RuleError(f"{kind}: bad mark {mark!r}")
        return kind, {"cells": cs, "mark": mark}
    if kind == "quadruple":
        return kind, {"cells": cell_list(con.get("cells")), "digits": [int(d) for d in con.get("digits") or []]}
    if kind in ("minimum", "maximum"):
        # The marked cell against each orthogonal neighbour: pairs (greater, smaller).
        (k,) = cell_list([con.get("cell")])
        r, c = v.cells[k]
        around = [v.index[rc] for rc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)) if rc in v.index]
        pairs = [(k, j) if kind == "maximum" else (j, k) for j in around]
        return kind, {"cells": [k] + around, "pairs": pairs}
    if kind == "clone":
        a, b = cell_list(con.get("cells")), cell_list(con.get("clone"))
        if len(a) != len(b):
            raise RuleError("clone: two lists of one length")
        return kind, {"pairs": list(zip(a, b))}
    if kind in CLUES:
        line, side = con.get("line") or "", con.get("from")
        if len(v.origins) != 1 or line[:1] not in ("r", "c") or not line[1:].isdigit():
            raise RuleError(f"{kind}: bad line {line!r}")
        i = int(line[1:]) - 1
        if line[0] == "r" and side in ("left", "right"):
            cs = [(i, c) for c in range(v.n)]
        elif line[0] == "c" and side in ("top", "bottom"):
            cs = [(r, i) for r in range(v.n)]
        else:
            raise RuleError(f"{kind}: {line} is not read from {side!r}")
        if side in ("right", "bottom"):
            cs.reverse()
        total = con.get("count" if kind == "skyscrapers" else "sum")
        return kind, {"cells": [v.index[rc] for rc in cs], "sum": int(total)}
    if kind == "little-killer":
        (k,) = cell_list([con.get("start")])
        dr, dc = DIRS[con.get("toward")]
        r, c = v.cells[k]
        cs = []
        while (r, c) in v.index:
            cs.append(v.index[(r, c)])
            r, c = r + dr, c + dc
        return kind, {"cells": cs, "sum": int(con.get("sum"))}
    raise RuleError(f"unknown constraint {kind!r}")


def _box(v, k):
    """the box (or jigsaw region) of cell k, for region-sum lines."""
    r, c = v.cells[k]
    if v.regions:
        return v.regions[r * v.n + c].upper()
    return (r // v.boxes[0], c // v.boxes[1])


def _runs(v, cs):
    runs = [[cs[0]]]
    for a, b in zip(cs, cs[1:]):
        if _box(v, a) == _box(v, b):
            runs[-1].append(b)
        else:
            runs.append([b])
    return runs


def _related(kinds, a, b):
    """the relation a missing mark of one of these kinds would have shown between digits a and b."""
    return (("white" in kinds and abs(a - b) == 1) or ("black" in kinds and (a == 2 * b or b == 2 * a))
            or ("X" in kinds and a + b == 10) or ("V" in kinds and a + b == 5))


def negative_pairs(v):
    """(pairs, kinds): orthogonal neighbours joined by no kropki dot or XV letter, and the marks whose absence binds."""
    kinds = set()
    for r in v.rules:
        kinds.update(NEGATIVE.get(r, ()))
    marked = {frozenset(f["cells"]) for kind, f in v.cons if kind in ("kropki", "xv")}
    pairs = []
    for k, (r, c) in enumerate(v.cells):
        for rc in ((r, c + 1), (r + 1, c)):
            j = v.index.get(rc)
            if j is not None and frozenset((k, j)) not in marked:
                pairs.append((k, j))
    return pairs, kinds


def finish(v):
    """after parsing: non-consecutive leaves the pairs joined by a dot or a letter alone."""
    marked = {frozenset(f["cells"]) for kind, f in v.cons if kind in ("kropki", "xv")}
    if marked:
        v.nonconsec = [p for p in v.nonconsec if frozenset(p) not in marked]


def holds(v, kind, f, x):
    """whether the assignment x (digits by cell index) keeps one constraint."""
    n = v.n
    if kind in LINES:
        d = [x[k] for k in f["cells"]]
        if kind == "slow-thermo":
            return all(a <= b for a, b in zip(d, d[1:]))
        if kind in ("german-whispers", "dutch-whispers"):
            gap = 5 if kind == "german-whispers" else 4
            return all(abs(a - b) >= gap for a, b in zip(d, d[1:]))
        if kind == "renban":
            return len(set(d)) == len(d) and max(d) - min(d) == len(d) - 1
        if kind == "palindrome":
            return d == d[::-1]
        if kind == "zipper":
            half = len(d) // 2
            totals = {d[i] + d[-1 - i] for i in range(half)}
            if len(d) % 2:
                totals.add(d[half])
            return len(totals) == 1
        if kind == "entropic":
            third = n // 3
            return all(len({(e - 1) // third for e in d[i:i + 3]}) == 3 for i in range(len(d) - 2))
        if kind == "modular":
            return all(len({e % 3 for e in d[i:i + 3]}) == 3 for i in range(len(d) - 2))
        if kind == "region-sum":
            return len({sum(x[k] for k in run) for run in _runs(v, f["cells"])}) == 1
        if kind == "double-arrow":
            return d[0] + d[-1] == sum(d[1:-1])
        lo, hi = min(d[0], d[-1]), max(d[0], d[-1])
        if kind == "between":
            return all(lo < e < hi for e in d[1:-1])
        return hi - lo >= f["difference"] and all(e < lo or e > hi for e in d[1:-1])  # lockout
    if kind in ("kropki", "xv", "greater-than"):
        a, b = (x[k] for k in f["cells"])
        m = f["mark"]
        if m == ">":
            return a > b
        return _related((m,), a, b) if m in ("white", "black") else a + b == (10 if m == "X" else 5)
    if kind == "quadruple":
        d = [x[k] for k in f["cells"]]
        return all(d.count(e) >= f["digits"].count(e) for e in f["digits"])
    if kind == "clone":
        return all(x[a] == x[b] for a, b in f["pairs"])
    if kind in ("minimum", "maximum"):
        return all(x[a] > x[b] for a, b in f["pairs"])
    d = [x[k] for k in f["cells"]]
    if kind == "little-killer":
        return sum(d) == f["sum"]
    if kind == "sandwich":
        i, j = sorted((d.index(1), d.index(n)))
        return sum(d[i + 1:j]) == f["sum"]
    if kind == "x-sums":
        return sum(d[:d[0]]) == f["sum"]
    seen, top = 0, 0  # skyscrapers
    for e in d:
        if e > top:
            seen, top = seen + 1, e
    return seen == f["sum"]


def check(v, x):
    """None when x keeps every constraint of v.cons and the negative rules, else the first broken one."""
    for kind, f in v.cons:
        if not holds(v, kind, f, x):
            cs = f.get("cells") or [f["pairs"][0][0]]
            return f"{kind} at {v.cells[cs[0]]}"
    pairs, kinds = negative_pairs(v)
    if kinds:
        for a, b in pairs:
            if _related(kinds, x[a], x[b]):
                return f"negative rule at {v.cells[a]} {v.cells[b]}"
    return None


def cpsat(m, x, v):
    """adds v.cons and the negative rules to the CP-SAT model m over the cell variables x."""
    n = v.n
    digits = range(1, n + 1)

    def table(a, b, ok):
        m.AddAllowedAssignments([x[a], x[b]], [(i, j) for i in digits for j in digits if ok(i, j)])

    def boolean(expr_true, expr_false):
        b = m.NewBoolVar("")
        m.Add(expr_true).OnlyEnforceIf(b)
        m.Add(expr_false).OnlyEnforceIf(b.Not())
        return b

    def gated(k, on):
        """a variable equal to x[k] when the literal `on` holds, else 0."""
        y = m.NewIntVar(0, n, "")
        m.Add(y == x[k]).OnlyEnforceIf(on)
        m.Add(y == 0).OnlyEnforceIf(on.Not())
        return y

    for kind, f in v.cons:
        cs = f.get("cells")
        if kind == "slow-thermo":
            for a, b in zip(cs, cs[1:]):
                m.Add(x[a] <= x[b])
        elif kind in ("german-whispers", "dutch-whispers"):
            gap = 5 if kind == "german-whispers" else 4
            for a, b in zip(cs, cs[1:]):
                table(a, b, lambda i, j: abs(i - j) >= gap)
        elif kind == "renban":
            m.AddAllDifferent([x[k] for k in cs])
            lo, hi = m.NewIntVar(1, n, ""), m.NewIntVar(1, n, "")
            m.AddMinEquality(lo, [x[k] for k in cs])
            m.AddMaxEquality(hi, [x[k] for k in cs])
            m.Add(hi - lo == len(cs) - 1)
        elif kind == "palindrome":
            for i in range(len(cs) // 2):
                m.Add(x[cs[i]] == x[cs[-1 - i]])
        elif kind == "zipper":
            t = m.NewIntVar(1, 2 * n, "")
            for i in range(len(cs) // 2):
                m.Add(x[cs[i]] + x[cs[-1 - i]] == t)
            if len(cs) % 2:
                m.Add(x[cs[len(cs) // 2]] == t)
        elif kind in ("entropic", "modular"):
            group = (lambda e: (e - 1) // (n // 3)) if kind == "entropic" else (lambda e: e % 3)
            g = []
            for k in cs:
                y = m.NewIntVar(0, 2, "")
                m.AddAllowedAssignments([x[k], y], [(e, group(e)) for e in digits])
                g.append(y)
            for i in range(len(cs) - 2):
                m.AddAllDifferent(g[i:i + 3])
        elif kind == "region-sum":
            runs = _runs(v, cs)
            for r0, r1 in zip(runs, runs[1:]):
                m.Add(sum(x[k] for k in r0) == sum(x[k] for k in r1))
        elif kind == "double-arrow":
            m.Add(x[cs[0]] + x[cs[-1]] == sum(x[k] for k in cs[1:-1]))
        elif kind in ("between", "lockout"):
            a, z = x[cs[0]], x[cs[-1]]
            lo, hi = m.NewIntVar(1, n, ""), m.NewIntVar(1, n, "")
            m.AddMinEquality(lo, [a, z])
            m.AddMaxEquality(hi, [a, z])
            if kind == "between":
                for k in cs[1:-1]:
                    m.Add(x[k] > lo)
                    m.Add(x[k] < hi)
            else:
                m.Add(hi - lo >= f["difference"])
                for k in cs[1:-1]:
                    boolean(x[k] < lo, x[k] > hi)
        elif kind in ("kropki", "xv", "greater-than"):
            a, b = cs
            mark = f["mark"]
            if mark == ">":
                m.Add(x[a] > x[b])
            elif mark in ("white", "black"):
                table(a, b, lambda i, j, mk=mark: _related((mk,), i, j))
            else:
                m.Add(x[a] + x[b] == (10 if mark == "X" else 5))
        elif kind == "quadruple":
            for e in sorted(set(f["digits"])):
                m.Add(sum(boolean(x[k] == e, x[k] != e) for k in cs) >= f["digits"].count(e))
        elif kind == "clone":
            for a, b in f["pairs"]:
                m.Add(x[a] == x[b])
        elif kind in ("minimum", "maximum"):
            for a, b in f["pairs"]:
                m.Add(x[a] > x[b])
        elif kind == "little-killer":
            m.Add(sum(x[k] for k in cs) == f["sum"])
        elif kind == "sandwich":
            # inside[i]: cell i lies strictly between the 1 and the n of the line
            p1, pn = m.NewIntVar(0, n - 1, ""), m.NewIntVar(0, n - 1, "")
            for i, k in enumerate(cs):
                m.Add(p1 == i).OnlyEnforceIf(boolean(x[k] == 1, x[k] != 1))
                m.Add(pn == i).OnlyEnforceIf(boolean(x[k] == n, x[k] != n))
            lo, hi = m.NewIntVar(0, n - 1, ""), m.NewIntVar(0, n - 1, "")
            m.AddMinEquality(lo, [p1, pn])
            m.AddMaxEquality(hi, [p1, pn])
            ys = []
            for i, k in enumerate(cs):
                after, before = boolean(lo < i, lo >= i), boolean(hi > i, hi <= i)
                inside = m.NewBoolVar("")
                m.AddBoolAnd([after, before]).OnlyEnforceIf(inside)
                m.AddBoolOr([after.Not(), before.Not()]).OnlyEnforceIf(inside.Not())
                ys.append(gated(k, inside))
            m.Add(sum(ys) == f["sum"])
        elif kind == "x-sums":
            first = x[cs[0]]
            ys = [first] + [gated(k, boolean(first > i, first <= i)) for i, k in enumerate(cs) if i > 0]
            m.Add(sum(ys) == f["sum"])
        elif kind == "skyscrapers":
            seen = [1]
            top = x[cs[0]]
            for k in cs[1:]:
                seen.append(boolean(x[k] > top, x[k] < top))
                t = m.NewIntVar(1, n, "")
                m.AddMaxEquality(t, [top, x[k]])
                top = t
            m.Add(sum(seen) == f["sum"])
        else:
            raise RuleError(f"no CP-SAT model for {kind!r}")
    pairs, kinds = negative_pairs(v)
    if kinds:
        for a, b in pairs:
            table(a, b, lambda i, j: not _related(kinds, i, j))


PM_LINES = {"slow-thermo": "slow_thermo", "german-whispers": "whisper", "dutch-whispers": "dutch_whisper",
            "renban": "renban", "palindrome": "palindrome", "zipper": "zipper", "entropic": "entropic",
            "modular": "modular", "region-sum": "region_sum", "between": "between"}
PM_CLUES = {"sandwich": ("sandwich", "total"), "x-sums": ("xsum", "total"), "skyscrapers": ("skyscraper", "count"),
            "little-killer": ("little_killer", "total")}


def pencilmark_rules(v, name):
    """v.cons, repeat cages, argyle's diagonals and the negative rules -> (regions, rules) of pencilmark's puzzle JSON.

    Lines go to its engine line kinds, outside clues to its sandwich / xsum / skyscraper / little_killer constraints
    (cells listed from the clue inwards), double-arrow to an equal_sum of the two ends and the middle, lockout to one
    table over (end, end, middle cell) per middle cell, negative rules to whole-grid "pairs" rules with the marked
    pairs excepted (pencilmark/puzzle_json.py's module doc)."""
    n = v.n
    regions = [{"kind": "region", "cells": [name(k) for k in cs]} for cs in v.distinct]
    rules = []
    for total, cs in v.sum_cages:
        if total is not None:
            rules.append({"type": "sum", "cells": [name(k) for k in cs], "total": total, "distinct": False})
    for kind, f in v.cons:
        cs = [name(k) for k in f.get("cells") or []]
        if kind in PM_LINES:
            rules.append({"type": "line", "kind": PM_LINES[kind], "cells": cs})
        elif kind == "double-arrow":
            rules.append({"type": "equal_sum", "segments": [[cs[0], cs[-1]], cs[1:-1]]})
        elif kind == "lockout":
            gap = f["difference"]
            for m in cs[1:-1]:
                allowed = [(a, z, e) for a in range(1, n + 1) for z in range(1, n + 1) for e in range(1, n + 1)
                           if abs(a - z) >= gap and (e < min(a, z) or e > max(a, z))]
                rules.append({"type": "table", "cells": [cs[0], cs[-1], m], "allowed": allowed})
        elif kind == "kropki":
            rules.append({"type": "kropki", "color": f["mark"], "cells": cs})
        elif kind == "xv":
            rules.append({"type": "xv", "letter": f["mark"], "cells": cs})
        elif kind == "greater-than":
            rules.append({"type": "less", "cells": cs[::-1]})
        elif kind in ("minimum", "maximum"):
            for a, b in f["pairs"]:
                rules.append({"type": "less", "cells": [name(b), name(a)]})
        elif kind == "quadruple":
            rules.append({"type": "quadruple", "cells": cs, "digits": f["digits"]})
        elif kind == "clone":
            rules.append({"type": "clone", "regions": [[name(a) for a, _ in f["pairs"]], [name(b) for _, b in f["pairs"]]]})
        elif kind in PM_CLUES:
            t, key = PM_CLUES[kind]
            rules.append({"type": t, "cells": cs, key: f["sum"]})
        else:
            raise RuleError(f"no pencilmark mapping for {kind!r}")
    pairs, kinds = negative_pairs(v)
    if kinds:
        marked = {frozenset(f["cells"]) for kind, f in v.cons if kind in ("kropki", "xv")}
        skip = [[name(a), name(b)] for a, b in sorted(tuple(sorted(p)) for p in marked)]
        for mark, rel, param in (("white", "notdiff", 1), ("black", "notratio", 2), ("X", "notsum", 10),
                                 ("V", "notsum", 5)):
            if mark in kinds:
                rules.append({"type": "pairs", "rel": rel, "params": [param], "where": "orthogonal", "except": skip})
    return regions, rules
