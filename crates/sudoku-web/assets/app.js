// The page of `sudoku serve`: Play, Grade and Book, over the JSON API of docs/web-api.md.
// Plain JavaScript, no framework and no build step; the server embeds the page's scripts as they
// are, and index.html loads them in order, all in one global scope: this one (helpers, the
// server, drawing a board), play.js, grade.js, book.js, and main.js, which starts the page.
"use strict";

// ---------------------------------------------------------------------------
// Small helpers.
// ---------------------------------------------------------------------------

/** The element with this id. */
function $(id) {
  return document.getElementById(id);
}

/** A new element with a class and text. */
function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

// Cells are numbered 0-80, row by row. PEERS[i] lists the cells that share a house with i (20 on the
// classic grid), from the houses the server's model gives (SHAPE, in /shape.js).
const PEERS = Array.from({ length: SHAPE.side * SHAPE.side }, () => new Set());
for (const house of SHAPE.houses) {
  for (const a of house.cells) for (const b of house.cells) if (a !== b) PEERS[a].add(b);
}
PEERS.forEach((set, i) => (PEERS[i] = [...set].sort((a, b) => a - b)));

/** The index of a cell written `rRcC` (1-based), or -1. */
function cellIndex(name) {
  const m = /^r([1-9])c([1-9])$/.exec(name);
  return m ? (Number(m[1]) - 1) * 9 + Number(m[2]) - 1 : -1;
}

/** The `rRcC` name of cell i. */
function cellName(i) {
  return "r" + (Math.floor(i / 9) + 1) + "c" + ((i % 9) + 1);
}

// Pencil marks are 9-bit masks: bit d-1 stands for digit d.
const ALL_DIGITS = 0x1ff;

function maskHas(mask, d) {
  return (mask >> (d - 1)) & 1;
}

function maskDigits(mask) {
  const out = [];
  for (let d = 1; d <= 9; d++) if (maskHas(mask, d)) out.push(d);
  return out;
}

function maskOf(digits) {
  let m = 0;
  for (const d of digits) m |= 1 << (d - 1);
  return m;
}

/** The digits the placed digits of `values` leave open in cell i. */
function allowed(values, i) {
  let m = ALL_DIGITS;
  for (const p of PEERS[i]) if (values[p]) m &= ~(1 << (values[p] - 1));
  return m;
}

/** An 81-cell line as an array of digits, 0 for a blank; null when it is not 81 cells. */
function parseLine(s) {
  if (typeof s !== "string" || s.length !== 81) return null;
  const out = [];
  for (const ch of s) {
    if (ch >= "1" && ch <= "9") out.push(Number(ch));
    else if (ch === "." || ch === "0" || ch === "_") out.push(0);
    else return null;
  }
  return out;
}

/** An array of 81 digits as a line with `.` for blanks. */
function toLine(values) {
  return values.map((v) => (v ? String(v) : ".")).join("");
}

/**
 * A pattern given as data (`[{cell, digits}]`: a hint's `pattern`, a grade step's `cells`): its
 * cells, and the digits to stress in each: the pattern's own, or, when it names none (most do not),
 * the digits the step removes elsewhere (`elim`: cell -> mask), a pair's or a pointing digit.
 */
function patternOf(cells, elim) {
  const pattern = new Set();
  const digits = new Map();
  for (const p of cells || []) {
    const i = cellIndex(p.cell);
    if (i < 0) continue;
    pattern.add(i);
    if (p.digits && p.digits.length) digits.set(i, (digits.get(i) || 0) | maskOf(p.digits));
  }
  if (digits.size === 0) {
    let elimDigits = 0;
    for (const m of elim.values()) elimDigits |= m;
    if (elimDigits) for (const i of pattern) digits.set(i, elimDigits);
  }
  return { pattern, digits };
}

// ---------------------------------------------------------------------------
// Talking to the server: busy indicator, errors in the alert region.
// ---------------------------------------------------------------------------

let nBusy = 0;

function setBusy(delta) {
  nBusy += delta;
  $("busy").textContent = nBusy > 0 ? "Working…" : "";
  $("busy").classList.toggle("on", nBusy > 0);
}

/** Shows an error message in the alert region (empty text hides it). */
function showAlert(text) {
  $("alert-text").textContent = text;
  $("alert").hidden = !text;
}

/**
 * POSTs `body` as JSON to `path`. Answers the parsed JSON, or a Blob when `asBlob`.
 * On an error it shows the server's message (with the record, line and column of a bad input)
 * and throws, so callers simply stop. `button` is disabled while the call runs.
 */
async function api(path, body, { asBlob = false, button = null } = {}) {
  showAlert("");
  setBusy(1);
  if (button) button.disabled = true;
  try {
    let res;
    try {
      res = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (e) {
      throw new ApiError("The server did not answer (is `sudoku serve` still running?)");
    }
    if (!res.ok) throw new ApiError(await errorText(res));
    return asBlob ? await res.blob() : await res.json();
  } catch (e) {
    showAlert(e instanceof ApiError ? e.message : "Something went wrong: " + e);
    throw e;
  } finally {
    setBusy(-1);
    if (button) button.disabled = false;
  }
}

class ApiError extends Error {}

/** The message to show for a failed answer. */
async function errorText(res) {
  if (res.status === 429) return "The server is busy, try again in a moment.";
  let err = null;
  try {
    err = (await res.json()).error;
  } catch (e) {
    // Not JSON: say the status alone.
  }
  if (!err) return "Error " + res.status + " from the server.";
  let text = err.message || "error " + res.status;
  const where = [];
  if (err.record) where.push("record " + err.record);
  if (err.line) where.push("line " + err.line);
  if (err.column) where.push("column " + err.column);
  // The server's message usually names the place already ("record 2 (line 2, column 5): ...").
  if (where.length && !(err.line && text.includes("line " + err.line))) text += " (at " + where.join(", ") + ")";
  if (res.status === 413) text += ". The input is too large.";
  return "Error: " + text;
}

// ---------------------------------------------------------------------------
// Drawing a board. Play and Grade share it; a board is 81 cells in 9 rows.
// ---------------------------------------------------------------------------

/** Builds the 81 cells of a board element once; answers the cell elements. */
function buildBoard(boardEl, interactive) {
  const cells = [];
  for (let r = 0; r < 9; r++) {
    const row = el("div", "brow");
    row.setAttribute("role", "row");
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      const cell = el("div", "cell");
      cell.setAttribute("role", "gridcell");
      cell.dataset.cell = String(i);
      cell.setAttribute("data-testid", "cell-" + cellName(i));
      if (c % 3 === 2 && c < 8) cell.classList.add("bx");
      if (r % 3 === 2 && r < 8) cell.classList.add("by");
      if (interactive) cell.tabIndex = -1;
      row.appendChild(cell);
      cells.push(cell);
    }
    boardEl.appendChild(row);
  }
  return cells;
}

/**
 * Draws a position on the cells.
 * view: {givens, values, marks (masks, 0 = none), showMarks (masks shown in empty cells),
 *        selected, pattern: Set, house: Set, place: Map cell->digit, elim: Map cell->mask,
 *        mistakes: Map cell->text}
 */
function drawBoard(cells, view) {
  const selValue = view.selected >= 0 ? view.values[view.selected] : 0;
  // The selected cell's row, column, box and digit are shaded, unless a hint is shown.
  const quiet = [view.pattern, view.house, view.place, view.elim].some((x) => x && x.size > 0);
  for (let i = 0; i < 81; i++) {
    const cell = cells[i];
    const v = view.values[i];
    const given = view.givens[i] !== 0;
    const cls = ["cell"];
    if (i % 9 === 2 || i % 9 === 5) cls.push("bx");
    if (Math.floor(i / 9) === 2 || Math.floor(i / 9) === 5) cls.push("by");
    if (given) cls.push("given");
    else if (v) cls.push("placed");
    if (i === view.selected) cls.push("sel");
    else if (!quiet && view.selected >= 0 && PEERS[view.selected].includes(i)) cls.push("peer");
    if (!quiet && selValue && v === selValue && i !== view.selected) cls.push("same");
    if (view.house && view.house.has(i)) cls.push("house");
    if (view.pattern && view.pattern.has(i)) cls.push("pattern");
    const place = view.place ? view.place.get(i) : undefined;
    const elim = view.elim ? view.elim.get(i) || 0 : 0;
    const mistake = view.mistakes ? view.mistakes.get(i) : undefined;
    if (place) cls.push("hint-place");
    if (elim) cls.push("hint-elim");
    if (mistake) cls.push("mistake");
    cell.className = cls.join(" ");
    cell.textContent = "";

    let label = "row " + (Math.floor(i / 9) + 1) + ", column " + ((i % 9) + 1) + ", ";
    if (v) {
      cell.appendChild(el("span", "v", String(v)));
      label += v + (given ? ", given" : "");
    } else {
      // A cell without marks shows what is left only when a hint points at it.
      const inPattern = view.pattern && view.pattern.has(i);
      const shown = view.marks[i] || (elim || inPattern ? view.showMarks(i) : 0);
      const key = view.patternDigits ? view.patternDigits.get(i) || 0 : 0;
      const marks = el("span", "marks");
      for (let d = 1; d <= 9; d++) {
        const m = el("span", "m");
        if (place === d) {
          m.className = "m";
        } else if (maskHas(elim, d)) {
          m.className = "m elim";
          m.textContent = String(d);
        } else if (maskHas(shown, d)) {
          m.textContent = String(d);
          if (maskHas(key, d)) m.className = "m key";
        }
        marks.appendChild(m);
      }
      if (place) {
        cell.appendChild(el("span", "v ghost", String(place)));
      } else {
        cell.appendChild(marks);
      }
      const ds = maskDigits(view.marks[i]);
      label += "empty" + (ds.length ? ", candidates " + ds.join(" ") : "");
    }
    if (mistake) {
      cell.appendChild(el("span", "flag", "✗"));
      label += ", mistake: " + mistake;
    }
    if (place) label += ", hint: place " + place;
    if (elim) label += ", hint: remove " + maskDigits(elim).join(" ");
    if (view.pattern && view.pattern.has(i)) label += ", in the hint's pattern";
    cell.setAttribute("aria-label", label);
    if (view.interactive) {
      cell.tabIndex = i === view.selected ? 0 : -1;
      cell.setAttribute("aria-selected", i === view.selected ? "true" : "false");
    }
  }
}
