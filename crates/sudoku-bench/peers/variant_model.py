#!/usr/bin/env python3
"""The variant JSON-line form of issue 34 (docs/variants.md), read into a plain model (bench only, never shipped).

A `Variant` is what every peer adapter needs: the canvas (rows x cols), the cells that exist on it (one grid, a
named layout of overlapping grids, or `grids`), the houses (rows, columns, boxes or jigsaw regions, diagonals,
windows, disjoint groups, asterisk, centre-dot, girandola; each holds every digit once), the
cages (cells and an optional sum; digits never repeat), the pairs of cells that must differ (anti-knight,
anti-king) or must not be consecutive, and the givens. It is written from the format's text alone and shares no
code with the Rust engine or with pencilmark.

    v = parse(json.loads(line))      # or parse_line("..3.2.6..") for the line form
    v.cells[k] == (row, col)         # 0-based canvas coordinates, row-major order
    v.houses, v.cages, v.neq, v.nonconsec, v.givens {cell index: digit}
    v.distinct, v.sum_cages, v.cons     # argyle's diagonals, repeat cages, the kinds of variant_rules.py
    v.text(values)                   # n*n (or 441) characters, "." outside every grid
"""
from __future__ import annotations

import json
import re

import variant_rules as VR

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
DEFAULT_BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}
RULES = ("x", "windoku", "disjoint-groups", "anti-knight", "anti-king", "non-consecutive", "asterisk", "centre-dot",
         "girandola", "argyle", "kropki-negative", "white-negative", "black-negative", "xv-negative")
SAMURAI_ORIGINS = ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12))
# named layouts of overlapping 9x9 grids (docs/variants.md): canvas side and the grids' top-left corners
LAYOUTS = {
    "samurai": (21, SAMURAI_ORIGINS),
    "twodoku": (15, ((0, 0), (6, 6))),
    "butterfly": (12, ((0, 0), (0, 3), (3, 0), (3, 3))),
    "sohei": (21, ((0, 6), (6, 0), (6, 12), (12, 6))),
    "flower": (15, ((0, 3), (3, 0), (3, 3), (3, 6), (6, 3))),
    "sumo": (33, ((0, 0), (0, 12), (0, 24), (6, 6), (6, 18), (12, 0), (12, 12), (12, 24), (18, 6), (18, 18), (24, 0),
                  (24, 12), (24, 24))),
    "shogun": (45, ((0, 0), (0, 12), (0, 24), (0, 36), (6, 6), (6, 18), (6, 30), (12, 0), (12, 12), (12, 24), (12, 36))),
}
LAYOUT_ALIASES = {"flower-4": "flower", "gattai-13": "sumo"}
# extra 9-cell houses of a 9x9 (0-based row, col)
EXTRA_HOUSES = {
    "asterisk": ((1, 4), (2, 2), (2, 6), (4, 1), (4, 4), (4, 7), (6, 2), (6, 6), (7, 4)),
    "girandola": ((0, 0), (0, 8), (1, 4), (4, 1), (4, 4), (4, 7), (7, 4), (8, 0), (8, 8)),
}
# argyle: eight diagonals in which no digit repeats (first cell, step)
ARGYLE = (((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 7), (1, -1)), ((1, 8), (1, -1)),
          ((0, 4), (1, -1)), ((0, 4), (1, 1)), ((4, 0), (1, 1)), ((4, 8), (1, -1)))
KNIGHT = ((1, 2), (2, 1), (1, -2), (2, -1))
KING = ((0, 1), (1, 0), (1, 1), (1, -1))
ORTHO = ((0, 1), (1, 0))


class FormatError(ValueError):
    """the object does not follow docs/variants.md"""


def digit_of(ch):
    """one character of the line alphabet -> 0 for a blank, else the digit (A=10 ... P=25)."""
    if ch in ".0":
        return 0
    k = SYMBOLS.find(ch.upper())
    if k < 0:
        raise FormatError(f"bad character {ch!r}")
    return k + 1


def cell_name(rc):
    return f"r{rc[0] + 1}c{rc[1] + 1}"


class Variant:
    """one puzzle in the plain model; see the module doc."""

    def __init__(self, obj, n, rows, cols, cells, houses, cages, rules, layout, boxes, regions):
        self.obj = obj
        self.n = n
        self.rows, self.cols = rows, cols
        self.cells = cells
        self.index = {rc: k for k, rc in enumerate(cells)}
        self.houses = houses
        self.cages = cages
        self.rules = rules
        self.layout = layout
        self.boxes = boxes
        self.regions = regions
        self.givens = {}
        self.neq = []
        self.nonconsec = []
        self.thermos = []   # cell lists, bulb first: strictly increasing
        self.arrows = []    # (circle cells, arrow cells): the circle read as a number = the arrow's sum
        self.parity = []    # (cell, odd): the cell's digit is odd (True) or even
        self.origins = ((0, 0),)
        self.distinct = []  # cell lists in which no digit repeats, not houses (argyle's diagonals)
        self.sum_cages = []  # (sum, cells): cages marked "repeat", only the sum holds
        self.cons = []      # (kind, fields with cell indices) of variant_rules.py

    def text(self, values):
        """values[k] for cell k -> the canvas string (row-major, '.' outside every grid and for 0)."""
        out = ["."] * (self.rows * self.cols)
        for k, (r, c) in enumerate(self.cells):
            if values[k]:
                out[r * self.cols + c] = SYMBOLS[values[k] - 1]
        return "".join(out)

    def kind(self):
        """a short family name: killer-x, samurai, jigsaw, 16x16 ..."""
        parts = []
        if self.cages:
            parts.append("killer")
        if self.layout:
            parts.append(self.layout)
        if self.regions:
            parts.append("jigsaw")
        parts += self.rules
        if not parts or self.n != 9:
            parts.insert(0, f"{self.n}x{self.n}")
        return "-".join(parts)

    def check(self, values):
        """None when values (a full assignment) keeps every rule and given, else the first broken rule."""
        for k, d in self.givens.items():
            if values[k] != d:
                return f"given {cell_name(self.cells[k])}"
        if any(not 1 <= v <= self.n for v in values):
            return "digit out of range"
        for h in self.houses:
            if sorted(values[k] for k in h) != list(range(1, self.n + 1)):
                return f"house {cell_name(self.cells[h[0]])}.."
        for total, cs in self.cages:
            ds = [values[k] for k in cs]
            if len(set(ds)) != len(ds) or (total is not None and sum(ds) != total):
                return f"cage {cell_name(self.cells[cs[0]])}.."
        for a, b in self.neq:
            if values[a] == values[b]:
                return f"neq {cell_name(self.cells[a])} {cell_name(self.cells[b])}"
        for a, b in self.nonconsec:
            if abs(values[a] - values[b]) == 1:
                return f"consecutive {cell_name(self.cells[a])} {cell_name(self.cells[b])}"
        for t in self.thermos:
            if any(values[a] >= values[b] for a, b in zip(t, t[1:])):
                return f"thermo {cell_name(self.cells[t[0]])}"
        for circle, line in self.arrows:
            number = 0
            for k in circle:
                number = number * 10 + values[k]
            if number != sum(values[k] for k in line):
                return f"arrow {cell_name(self.cells[circle[0]])}"
        for k, odd in self.parity:
            if (values[k] % 2 == 1) != odd:
                return f"{'odd' if odd else 'even'} {cell_name(self.cells[k])}"
        for cs in self.distinct:
            if len({values[k] for k in cs}) != len(cs):
                return f"repeat on {cell_name(self.cells[cs[0]])}.."
        for total, cs in self.sum_cages:
            if total is not None and sum(values[k] for k in cs) != total:
                return f"cage {cell_name(self.cells[cs[0]])}.."
        return VR.check(self, values)


def _grid_houses(index, r0, c0, n, bh, bw):
    hs = [[index[(r0 + r, c0 + c)] for c in range(n)] for r in range(n)]
    hs += [[index[(r0 + r, c0 + c)] for r in range(n)] for c in range(n)]
    if bh:
        hs += [[index[(r0 + br + i, c0 + bc + j)] for i in range(bh) for j in range(bw)]
               for br in range(0, n, bh) for bc in range(0, n, bw)]
    return hs


def _pairs(index, steps):
    out = []
    for (r, c), a in index.items():
        for dr, dc in steps:
            b = index.get((r + dr, c + dc))
            if b is not None:
                out.append((a, b))
    return out


def parse_line(line, size=None, rules=()):
    """the line form (classic rules, any size) -> Variant; rules from the command line (x, windoku ...)."""
    line = line.strip().split()[0]
    n = size or int(round(len(line) ** 0.5))
    if n * n != len(line):
        raise FormatError(f"a line of {len(line)} characters is no square grid")
    return parse({"size": n, "givens": line, "rules": list(rules)})


def parse(obj):
    """one JSON object of docs/variants.md -> Variant (FormatError when it breaks the contract)."""
    if isinstance(obj, str):
        obj = json.loads(obj)
    known = {"size", "boxes", "regions", "rules", "cages", "givens", "layout", "solution", "expect", "id", "source",
             "pencilmark", "constraints", "grids"}
    extra = sorted(set(obj) - known)
    if extra:
        raise FormatError(f"unknown field(s) {extra}")
    givens = obj.get("givens") or ""
    layout = obj.get("layout")
    layout = LAYOUT_ALIASES.get(layout, layout)
    if layout not in (None, *LAYOUTS):
        raise FormatError(f"unknown layout {layout!r}")
    grids = obj.get("grids")
    if layout:
        n = int(obj.get("size", 9))
        if n != 9 or obj.get("regions") or obj.get("boxes", "3x3") != "3x3":
            raise FormatError(f"a {layout} is 9x9 grids with 3x3 boxes")
        rows = cols = LAYOUTS[layout][0]
    elif grids:
        n = int(obj.get("size", 9))
        if obj.get("regions") or obj.get("boxes"):
            raise FormatError("grids take the size's default boxes")
        rows = cols = max(max(r, c) for r, c in grids) + n
    else:
        n = obj.get("size")
        if n is None:
            n = int(round(len(givens) ** 0.5)) if givens else 9
        n = int(n)
        if not 4 <= n <= 25:
            raise FormatError(f"size {n} out of 4..25")
        rows = cols = n
    rules = list(obj.get("rules") or [])
    for r in rules:
        if r not in RULES:
            raise FormatError(f"unknown rule {r!r}")
    if len(set(rules)) != len(rules):
        raise FormatError("a rule is listed twice")
    regions = obj.get("regions")
    if regions is not None and obj.get("boxes") is not None:
        raise FormatError("boxes and regions are exclusive")
    if regions is None:
        bx = obj.get("boxes")
        if bx is None:
            if n not in DEFAULT_BOXES:
                raise FormatError(f"size {n} has no default boxes")
            bh, bw = DEFAULT_BOXES[n]
        else:
            m = re.fullmatch(r"(\d+)x(\d+)", bx)
            if not m or int(m.group(1)) * int(m.group(2)) != n:
                raise FormatError(f"boxes {bx!r} do not tile size {n}")
            bh, bw = int(m.group(1)), int(m.group(2))
    else:
        bh = bw = 0
    if layout:
        origins = LAYOUTS[layout][1]
    elif grids:
        origins = tuple((int(r), int(c)) for r, c in grids)
    else:
        origins = ((0, 0),)
    cells, seen = [], set()
    for r in range(rows):
        for c in range(cols):
            if any(r0 <= r < r0 + n and c0 <= c < c0 + n for r0, c0 in origins) and (r, c) not in seen:
                seen.add((r, c))
                cells.append((r, c))
    index = {rc: k for k, rc in enumerate(cells)}
    houses = []
    for r0, c0 in origins:
        houses += _grid_houses(index, r0, c0, n, bh, bw)
        if "x" in rules:
            houses.append([index[(r0 + i, c0 + i)] for i in range(n)])
            houses.append([index[(r0 + i, c0 + n - 1 - i)] for i in range(n)])
        if "windoku" in rules:
            if n != 9:
                raise FormatError("windoku is only for size 9")
            for wr in (1, 5):
                for wc in (1, 5):
                    houses.append([index[(r0 + wr + i, c0 + wc + j)] for i in range(3) for j in range(3)])
        if "disjoint-groups" in rules:
            if not bh:
                raise FormatError("disjoint-groups needs boxes")
            for i in range(bh):
                for j in range(bw):
                    houses.append([index[(r0 + br + i, c0 + bc + j)] for br in range(0, n, bh) for bc in range(0, n, bw)])
        for name, pos in EXTRA_HOUSES.items():
            if name in rules:
                if n != 9:
                    raise FormatError(f"{name} is only for size 9")
                houses.append([index[(r0 + r, c0 + c)] for r, c in pos])
        if "centre-dot" in rules:
            if not bh or bh % 2 == 0 or bw % 2 == 0:
                raise FormatError("centre-dot needs boxes of odd sides")
            houses.append([index[(r0 + br + bh // 2, c0 + bc + bw // 2)] for br in range(0, n, bh) for bc in range(0, n, bw)])
    if regions is not None:
        regions = re.sub(r"\s+", "", regions)
        if len(regions) != n * n:
            raise FormatError(f"regions has {len(regions)} characters; expected {n * n}")
        labels = {}
        for k, ch in enumerate(regions):
            labels.setdefault(ch.upper(), []).append(k)
        if len(labels) != n or any(len(v) != n for v in labels.values()):
            raise FormatError(f"regions must be {n} labels of {n} cells each")
        houses += [v for _, v in sorted(labels.items())]
    def cell_list(names):
        cs = []
        for name in names or []:
            m = re.fullmatch(r"r(\d+)c(\d+)", name, re.I)
            if not m or (int(m.group(1)) - 1, int(m.group(2)) - 1) not in index:
                raise FormatError(f"bad cell {name!r}")
            cs.append(index[(int(m.group(1)) - 1, int(m.group(2)) - 1)])
        return cs

    cages = []
    for cg in obj.get("cages") or []:
        cs = cell_list(cg.get("cells"))
        if not cs or len(set(cs)) != len(cs):
            raise FormatError("a cage needs distinct cells")
        total = cg.get("sum")
        cages.append((None if total is None else int(total), cs))
    v = Variant(obj, n, rows, cols, cells, houses, cages, rules, layout, (bh, bw), regions)
    v.origins = origins
    v.sum_cages = []
    for cg in obj.get("cages") or []:
        if cg.get("repeat"):
            v.sum_cages.append(cages.pop(cages.index((None if cg.get("sum") is None else int(cg["sum"]),
                                                      cell_list(cg.get("cells"))))))
    if "argyle" in rules:
        if n != 9 or len(origins) != 1:
            raise FormatError("argyle is only for one 9x9")
        for (r, c), (dr, dc) in ARGYLE:
            line = []
            while (r, c) in index:
                line.append(index[(r, c)])
                r, c = r + dr, c + dc
            v.distinct.append(line)
    if givens:
        if len(givens) != rows * cols:
            raise FormatError(f"givens has {len(givens)} characters; expected {rows * cols}")
        for k, ch in enumerate(givens):
            d = digit_of(ch)
            rc = divmod(k, cols)
            if d and rc not in index:
                raise FormatError(f"a given outside every grid at {cell_name(rc)}")
            if d > n:
                raise FormatError(f"digit {ch!r} above size {n}")
            if d:
                v.givens[index[rc]] = d
    for con in obj.get("constraints") or []:
        if con.get("kind") == "thermo":
            v.thermos.append(cell_list(con.get("cells")))
        elif con.get("kind") == "arrow":
            # Each line adds up to the circle on its own (several lines: several arrows).
            for line in con.get("lines") or []:
                v.arrows.append((cell_list(con.get("circle")), cell_list(line)))
        elif con.get("kind") in ("odd", "even"):
            v.parity += [(k, con["kind"] == "odd") for k in cell_list([con.get("cell")])]
        elif con.get("kind") == "killer":
            cs = cell_list(con.get("cells"))
            (v.sum_cages if con.get("repeat") else v.cages).append((con.get("sum"), cs))
        else:
            v.cons.append(VR.parse_constraint(con, v, cell_list))
    if "anti-knight" in rules:
        v.neq += _pairs(index, KNIGHT)
    if "anti-king" in rules:
        v.neq += _pairs(index, KING)
    if "non-consecutive" in rules:
        v.nonconsec += _pairs(index, ORTHO)
    VR.finish(v)
    return v


def with_solution(obj, text):
    """our output form: the same object with givens replaced by solution (key order kept)."""
    out = {}
    for k, val in obj.items():
        if k == "givens":
            out["solution"] = text
        elif k not in ("solution", "expect"):
            out[k] = val
    if "solution" not in out:
        out["solution"] = text
    return out
