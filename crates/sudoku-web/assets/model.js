// The page of `sudoku serve`: a puzzle's shape as the server's model gives it (SHAPE in /shape.js
// for the classic grid, `shape` in the answer of /api/puzzle for any puzzle), and what the page
// reads from it: cell names, digit symbols, pencil-mark masks, lines, and the digits a cell can
// still take. The page has no rule of its own: peers, non-consecutive neighbours, houses and
// glyphs all come from the model.
"use strict";

/**
 * A shape from the server's JSON (`{size, side, cells, houses, peers, near, glyphs, title, rules,
 * symbols}`): cells are canvas positions numbered row by row over a side x side canvas (a samurai
 * has gaps); digits run 1..size and are written with `symbols` (1-9, then A, B, ...).
 */
function makeShape(json) {
  const n = json.side * json.side;
  const isCell = new Array(n).fill(false);
  for (const c of json.cells) isCell[c] = true;
  // Each cell's box or region (the first that holds it), for the thick lines between them.
  const boxOf = new Array(n).fill(-1);
  json.houses.forEach((h, k) => {
    if (h.kind !== "box" && h.kind !== "region") return;
    for (const c of h.cells) if (boxOf[c] < 0) boxOf[c] = k;
  });
  return {
    size: json.size,
    side: json.side,
    n: n,
    cells: json.cells.slice(),
    isCell: isCell,
    houses: json.houses,
    peers: json.peers,
    near: json.near,
    glyphs: json.glyphs || [],
    title: json.title || "",
    rules: json.rules || "",
    symbols: json.symbols,
    all: (1 << json.size) - 1,
    boxOf: boxOf,
  };
}

// The classic 9x9, from /shape.js: the page opens on it.
const CLASSIC = makeShape(SHAPE);

/** The index of a cell written `rRcC` (1-based) on the shape, or -1. */
function cellIndex(shape, name) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  if (!m) return -1;
  const r = Number(m[1]) - 1, c = Number(m[2]) - 1;
  if (r < 0 || c < 0 || r >= shape.side || c >= shape.side) return -1;
  const i = r * shape.side + c;
  return shape.isCell[i] ? i : -1;
}

/** The `rRcC` name of cell i. */
function cellName(shape, i) {
  return "r" + (Math.floor(i / shape.side) + 1) + "c" + ((i % shape.side) + 1);
}

/** How digit d is written (1-9, then A for 10 ...). */
function symbol(shape, d) {
  return shape.symbols[d - 1];
}

/** The digit a typed character stands for on the shape (any case), or 0. */
function digitOf(shape, ch) {
  if (ch.length !== 1) return 0;
  const k = shape.symbols.indexOf(ch.toUpperCase());
  return k >= 0 ? k + 1 : 0;
}

// Pencil marks are masks: bit d-1 stands for digit d.
function maskHas(mask, d) {
  return (mask >> (d - 1)) & 1;
}

function maskDigits(mask, size) {
  const out = [];
  for (let d = 1; d <= size; d++) if (maskHas(mask, d)) out.push(d);
  return out;
}

function maskOf(digits) {
  let m = 0;
  for (const d of digits) m |= 1 << (d - 1);
  return m;
}

/**
 * The digits the placed digits of `values` leave open in cell i: none of its peers' digits, and
 * no digit next to a non-consecutive neighbour's (the model's `near`), as the server's hints count
 * candidates.
 */
function allowed(shape, values, i) {
  let m = shape.all;
  for (const p of shape.peers[i]) if (values[p]) m &= ~(1 << (values[p] - 1));
  for (const p of shape.near[i]) {
    const v = values[p];
    if (v) m &= ~((1 << v) | (1 << (v - 2)));
  }
  return m & shape.all;
}

/** A canvas line (`.`, `0` or `_` for a blank) as an array of digits; null when it does not fit. */
function parseLine(shape, s) {
  if (typeof s !== "string" || s.length !== shape.n) return null;
  const out = [];
  for (const ch of s) {
    if (ch === "." || ch === "0" || ch === "_") out.push(0);
    else {
      const d = digitOf(shape, ch);
      if (!d) return null;
      out.push(d);
    }
  }
  return out;
}

/** An array of canvas digits as a line with `.` for blanks. */
function toLine(shape, values) {
  return values.map((v) => (v ? symbol(shape, v) : ".")).join("");
}

/** Hex digits a cell's marks take in the address: ceil(size / 4). */
function markWidth(shape) {
  return Math.ceil(shape.size / 4);
}
