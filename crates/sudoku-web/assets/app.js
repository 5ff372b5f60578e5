// The page of `sudoku serve`: Play, Grade and Book, over the JSON API of docs/web-api.md.
// Plain JavaScript, no framework and no build step; the server embeds this file as it is.
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

// Cells are numbered 0-80, row by row. PEERS[i] lists the 20 cells that share a row, column or box with i.
const PEERS = [];
for (let i = 0; i < 81; i++) {
  const r = Math.floor(i / 9), c = i % 9, br = r - (r % 3), bc = c - (c % 3);
  const set = new Set();
  for (let k = 0; k < 9; k++) {
    set.add(r * 9 + k);
    set.add(k * 9 + c);
    set.add((br + Math.floor(k / 3)) * 9 + bc + (k % 3));
  }
  set.delete(i);
  PEERS.push([...set]);
}

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

/** The cells named in a text (`r4c3`), for the grader's pattern strings. */
function cellsInText(text) {
  const out = new Set();
  for (const m of String(text || "").matchAll(/r([1-9])c([1-9])/g)) out.add((Number(m[1]) - 1) * 9 + Number(m[2]) - 1);
  return out;
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

// ---------------------------------------------------------------------------
// Play: the state, undo and redo, the URL, and the controls.
// ---------------------------------------------------------------------------

// A medium puzzle (`sudoku generate --difficulty medium --seed 7`), so the page opens with a board.
const FIRST_PUZZLE = ".....6...2..17..4.3.8..47.6........974.....85....8.......34...8..2..9......2.7.1.";

const play = {
  givens: new Array(81).fill(0),
  values: new Array(81).fill(0),
  marks: new Array(81).fill(0), // the player's pencil marks, 0 = none
  solution: null, // an 81-digit array when the server told it
  selected: 0,
  pencil: false,
  undo: [],
  redo: [],
  hint: null, // the overlay of the last hint: {pattern, house, place, elim, apply}
  mistakes: new Map(), // cell -> what is wrong, after Check or a hint
  wasSolved: false,
};
let playCells = [];

/** Loads a new puzzle: givens, optionally the placed digits and marks, and the solution. */
function loadPuzzle(givens, values, marks, solution) {
  play.givens = givens.slice();
  play.values = (values || givens).slice();
  for (let i = 0; i < 81; i++) if (givens[i]) play.values[i] = givens[i];
  play.marks = marks ? marks.slice() : new Array(81).fill(0);
  for (let i = 0; i < 81; i++) if (play.values[i]) play.marks[i] = 0;
  play.solution = solution || null;
  play.undo = [];
  play.redo = [];
  play.hint = null;
  play.mistakes = new Map();
  play.wasSolved = isSolved();
  $("hint-box").hidden = true;
  $("mistakes-box").hidden = true;
  setStatus(play.wasSolved ? "Solved!" : "");
  const first = play.values.findIndex((v) => v === 0);
  play.selected = first >= 0 ? first : 0;
  update();
}

/** Saves the position for undo before a change. */
function remember() {
  play.undo.push({ values: play.values.slice(), marks: play.marks.slice() });
  if (play.undo.length > 1000) play.undo.shift();
  play.redo = [];
}

function undo() {
  const s = play.undo.pop();
  if (!s) return;
  play.redo.push({ values: play.values.slice(), marks: play.marks.slice() });
  play.values = s.values;
  play.marks = s.marks;
  changed();
}

function redo() {
  const s = play.redo.pop();
  if (!s) return;
  play.undo.push({ values: play.values.slice(), marks: play.marks.slice() });
  play.values = s.values;
  play.marks = s.marks;
  changed();
}

/** After the position changed: the old hint and mistakes no longer apply. */
function changed() {
  play.hint = null;
  play.mistakes = new Map();
  $("hint-box").hidden = true;
  $("mistakes-box").hidden = true;
  const solved = isSolved();
  if (solved && !play.wasSolved) setStatus("Solved! Every row, column and box holds 1 to 9.");
  else if (!solved) setStatus("");
  play.wasSolved = solved;
  update();
}

/** True when every cell holds a digit and no house repeats one (with one solution, that is the solution). */
function isSolved() {
  for (let i = 0; i < 81; i++) {
    if (!play.values[i]) return false;
    for (const p of PEERS[i]) if (play.values[p] === play.values[i]) return false;
  }
  return !play.solution || play.values.every((v, i) => v === play.solution[i]);
}

function setStatus(text) {
  $("play-status").textContent = text;
  $("play-status").classList.toggle("solved", text.startsWith("Solved"));
}

/** Places digit d (0 clears) in cell i, unless it is a given. */
function placeDigit(i, d) {
  if (play.givens[i]) return;
  if (play.values[i] === d && d !== 0) return;
  if (!d && !play.values[i] && !play.marks[i]) return;
  remember();
  play.values[i] = d;
  play.marks[i] = 0;
  if (d) for (const p of PEERS[i]) play.marks[p] &= ~(1 << (d - 1));
  changed();
}

/** Toggles pencil mark d in cell i. */
function toggleMark(i, d) {
  if (play.values[i]) return;
  remember();
  play.marks[i] ^= 1 << (d - 1);
  changed();
}

/** A digit from the keyboard or the pad: a mark in pencil mode, else a placement. */
function enterDigit(d, asMark) {
  const i = play.selected;
  if (i < 0) return;
  if (d === 0) placeDigit(i, 0);
  else if (asMark || play.pencil) toggleMark(i, d);
  else placeDigit(i, d);
}

function setPencil(on) {
  play.pencil = on;
  $("pad-pencil").setAttribute("aria-pressed", on ? "true" : "false");
  $("pad-pencil").textContent = on ? "Pencil: on" : "Pencil";
}

/** Redraws the board and the buttons, and writes the position into the URL. */
function update() {
  const h = play.hint || {};
  drawBoard(playCells, {
    givens: play.givens,
    values: play.values,
    marks: play.marks,
    showMarks: (i) => allowed(play.values, i),
    selected: play.selected,
    pattern: h.pattern,
    patternDigits: h.patternDigits,
    house: h.house,
    place: h.place,
    elim: h.elim,
    mistakes: play.mistakes,
    interactive: true,
  });
  $("undo-btn").disabled = play.undo.length === 0;
  $("redo-btn").disabled = play.redo.length === 0;
  $("apply-btn").disabled = !(play.hint && play.hint.canApply);
  writeHash();
}

function select(i, focus) {
  play.selected = i;
  update();
  if (focus) playCells[i].focus();
}

// The candidates the server should see: the player's marks, and 1-9 for a cell without
// marks (the server takes out what the placed digits rule out; sending only what they allow
// would call a wrong digit's peers "erased candidate" mistakes too). Cells holding a digit
// are ignored by the server.
function candidatesForServer() {
  const out = [];
  for (let i = 0; i < 81; i++) {
    if (play.values[i]) out.push(String(play.values[i]));
    else out.push(maskDigits(play.marks[i] || ALL_DIGITS).join(""));
  }
  return out;
}

/** The request body of /api/hint for the current position. */
function hintRequest(level) {
  const body = { givens: toLine(play.givens), placed: toLine(play.values), level: level, steps: 1 };
  if (play.marks.some((m, i) => m && !play.values[i])) body.candidates = candidatesForServer();
  return body;
}

/** Shows the mistakes of a hint answer on the board and in the list. */
function showMistakes(mistakes) {
  play.mistakes = new Map();
  const list = $("mistakes-list");
  list.textContent = "";
  for (const m of mistakes) {
    const i = cellIndex(m.cell);
    let text;
    if (m.placed) text = m.cell + " holds " + m.placed + ", which is wrong" + (m.digit ? " (it is " + m.digit + ")" : "");
    else if (/erased/.test(m.kind || "")) text = m.cell + ": the answer was erased from the pencil marks" + (m.digit ? " (it is " + m.digit + ")" : "");
    else text = m.cell + ": " + (m.kind || "mistake") + (m.digit ? " (" + m.digit + " is the answer)" : "");
    if (i >= 0) play.mistakes.set(i, m.kind || "mistake");
    list.appendChild(el("li", "", "✗ " + text));
  }
  $("mistakes-head").textContent =
    mistakes.length === 1 ? "1 mistake (marked ✗ on the board):" : mistakes.length + " mistakes (marked ✗ on the board):";
  $("mistakes-box").hidden = mistakes.length === 0;
}

/** Check: the server compares the position with the solution. */
async function check() {
  const res = await api("/api/hint", hintRequest("nudge"), { button: $("check-btn") });
  play.hint = null;
  $("hint-box").hidden = true;
  if (res.status === "mistakes") {
    showMistakes(res.mistakes || []);
    setStatus("Mistakes found: see the cells marked ✗.");
  } else if (res.status === "solved") {
    showMistakes([]);
    setStatus("Solved! Every row, column and box holds 1 to 9.");
  } else if (res.status === "hint") {
    showMistakes([]);
    setStatus("No mistakes so far.");
  } else {
    showMistakes([]);
    setStatus(res.text || "The puzzle has " + res.status + ".");
  }
  update();
}

/** Hint: asks for the next step at the chosen level and draws it. */
async function hint() {
  const level = $("hint-level").value;
  const res = await api("/api/hint", hintRequest(level), { button: $("hint-btn") });
  showHint(res, level);
}

function showHint(res, level) {
  play.mistakes = new Map();
  $("mistakes-box").hidden = true;
  play.hint = null;
  const box = $("hint-box");
  const legend = $("hint-legend");
  legend.textContent = "";
  $("hint-technique").textContent = "";
  $("hint-difficulty").textContent = "";
  $("hint-difficulty").hidden = true;
  if (res.status === "mistakes") {
    // No step from a wrong position: the mistakes are the hint.
    box.hidden = true;
    showMistakes(res.mistakes || []);
    setStatus("Fix the mistakes first: see the cells marked ✗.");
    update();
    return;
  }
  if (res.status !== "hint") {
    $("hint-technique").textContent = res.status === "solved" ? "Solved" : "No hint";
    $("hint-text").textContent = res.text || "The puzzle is " + res.status + ".";
    box.hidden = false;
    update();
    return;
  }
  const h = {
    pattern: new Set(),
    patternDigits: new Map(), // cell -> mask of the pattern's digits there
    house: new Set(),
    place: new Map(),
    elim: new Map(),
    placements: res.placements || [],
    eliminations: res.eliminations || [],
  };
  for (const p of res.pattern || []) {
    const i = cellIndex(p.cell);
    if (i < 0) continue;
    h.pattern.add(i);
    if (p.digits && p.digits.length) h.patternDigits.set(i, (h.patternDigits.get(i) || 0) | maskOf(p.digits));
  }
  for (const p of h.placements) {
    const i = cellIndex(p.cell);
    if (i >= 0) h.place.set(i, p.digit);
  }
  for (const e of h.eliminations) {
    const i = cellIndex(e.cell);
    if (i >= 0) h.elim.set(i, (h.elim.get(i) || 0) | maskOf(e.digits));
  }
  // Most patterns come without their digits: then the digits the step eliminates elsewhere
  // (a pair's, a pointing digit) are the ones to stress in the pattern's cells.
  if (h.patternDigits.size === 0) {
    let elimDigits = 0;
    for (const m of h.elim.values()) elimDigits |= m;
    if (elimDigits) for (const i of h.pattern) h.patternDigits.set(i, elimDigits);
  }
  // The house a nudge points at comes as data (its cells), never read from the text.
  if (res.house) for (const c of res.house.cells || []) if (cellIndex(c) >= 0) h.house.add(cellIndex(c));
  h.canApply = h.place.size > 0 || h.elim.size > 0;
  play.hint = h;
  $("hint-technique").textContent = res.technique || "Where to look";
  if (res.difficulty !== undefined && res.difficulty !== null) {
    $("hint-difficulty").textContent = "SE " + Number(res.difficulty).toFixed(1);
    $("hint-difficulty").hidden = false;
  }
  $("hint-text").textContent = res.text || "";
  if (h.house.size) legend.appendChild(el("li", "lg-house", "Shaded: where to look"));
  if (h.pattern.size) legend.appendChild(el("li", "lg-pattern", "Yellow cells: the pattern"));
  if (h.place.size) legend.appendChild(el("li", "lg-place", "Green digits: to place"));
  if (h.elim.size) legend.appendChild(el("li", "lg-elim", "Struck-out digits: to remove"));
  box.hidden = false;
  update();
}

/** Apply: takes the shown hint's placements and eliminations into the position. */
function applyHint() {
  const h = play.hint;
  if (!h || !h.canApply) return;
  remember();
  for (const [i, d] of h.place) {
    if (play.givens[i]) continue;
    play.values[i] = d;
    play.marks[i] = 0;
    for (const p of PEERS[i]) play.marks[p] &= ~(1 << (d - 1));
  }
  // A cell without marks gets what the digits allow, less the eliminated ones, so the next
  // hint starts from the position this one leaves.
  for (const [i, m] of h.elim) {
    if (play.values[i]) continue;
    play.marks[i] = (play.marks[i] || allowed(play.values, i)) & ~m;
  }
  changed();
}

/** Fills every empty cell's marks with what the placed digits allow. */
function autoCandidates() {
  remember();
  for (let i = 0; i < 81; i++) play.marks[i] = play.values[i] ? 0 : allowed(play.values, i);
  changed();
}

function clearMarks() {
  if (!play.marks.some((m) => m)) return;
  remember();
  play.marks = new Array(81).fill(0);
  changed();
}

function restart() {
  loadPuzzle(play.givens, null, null, play.solution);
  $("puzzle-info").textContent = "Restarted.";
}

/** Generate: a new puzzle of the chosen band. */
async function generate() {
  const band = $("band").value;
  const res = await api("/api/generate", { band: band, number: 1 }, { button: $("generate-btn") });
  const row = res.rows[0];
  loadPuzzle(parseLine(row.puzzle), null, null, parseLine(row.solution));
  $("puzzle-info").textContent =
    "A " + (row.band || band) + " puzzle: rating " + Number(row.rating).toFixed(1) + ", " + row.clues + " clues (seed " + row.seed + ").";
  playCells[play.selected].focus();
}

/** Load: the pasted puzzle must have exactly one solution. */
async function loadPasted() {
  const text = $("puzzle-input").value.trim();
  if (!text) {
    showAlert("Paste a puzzle into the box first.");
    return;
  }
  const res = await api("/api/solve", { input: text, mode: "count", limit: 2 }, { button: $("load-btn") });
  const row = res.rows[0];
  if (!row) {
    showAlert("No puzzle found in the text.");
    return;
  }
  if (row.count !== 1) {
    const why = row.count === 0 ? "has no solution" : "has more than one solution";
    showAlert("This puzzle " + why + ", so it cannot be played (status: " + row.status + ").");
    return;
  }
  loadPuzzle(parseLine(row.puzzle), null, null, parseLine(row.solution));
  const extra = res.rows.length > 1 ? " (the first of " + res.rows.length + " records)" : "";
  $("puzzle-info").textContent = "Loaded a puzzle with one solution" + extra + ".";
  playCells[play.selected].focus();
}

// The URL keeps the position: #g=givens&p=placed&m=marks (3 hex digits a cell).
let lastHash = "";

function writeHash() {
  let h = "g=" + toLine(play.givens);
  if (play.values.some((v, i) => v && !play.givens[i])) h += "&p=" + toLine(play.values);
  if (play.marks.some((m) => m)) h += "&m=" + play.marks.map((m) => m.toString(16).padStart(3, "0")).join("");
  h = "#" + h;
  if (h !== location.hash) {
    lastHash = h;
    history.replaceState(null, "", h);
  }
}

/** Restores the position from the URL; false when the URL holds none. */
function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const givens = parseLine(params.get("g"));
  if (!givens) return false;
  const placed = parseLine(params.get("p")) || givens;
  let marks = null;
  const m = params.get("m");
  if (m && /^[0-9a-f]{243}$/.test(m)) {
    marks = [];
    for (let i = 0; i < 81; i++) marks.push(parseInt(m.substr(i * 3, 3), 16) & ALL_DIGITS);
  }
  loadPuzzle(givens, placed, marks, null);
  $("puzzle-info").textContent = "Position restored from the address.";
  return true;
}

/** Keys on the board. */
function onBoardKey(e) {
  const i = play.selected;
  const r = Math.floor(i / 9), c = i % 9;
  let to = -1;
  switch (e.key) {
    case "ArrowUp": to = ((r + 8) % 9) * 9 + c; break;
    case "ArrowDown": to = ((r + 1) % 9) * 9 + c; break;
    case "ArrowLeft": to = r * 9 + ((c + 8) % 9); break;
    case "ArrowRight": to = r * 9 + ((c + 1) % 9); break;
    case "Home": to = r * 9; break;
    case "End": to = r * 9 + 8; break;
  }
  if (to >= 0) {
    e.preventDefault();
    select(to, true);
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  // e.code tells the digit even with Shift held (Shift+1 types "!").
  const m = /^(?:Digit|Numpad)([0-9])$/.exec(e.code) || /^([0-9])$/.exec(e.key);
  if (m) {
    e.preventDefault();
    enterDigit(Number(m[1]), e.shiftKey);
    return;
  }
  if (e.key === "Backspace" || e.key === "Delete") {
    e.preventDefault();
    enterDigit(0, false);
  } else if (e.key === "p" || e.key === "P") {
    e.preventDefault();
    setPencil(!play.pencil);
  }
}

function setupPlay() {
  playCells = buildBoard($("board"), true);
  $("board").addEventListener("click", (e) => {
    const cell = e.target.closest(".cell");
    if (cell) select(Number(cell.dataset.cell), true);
  });
  $("board").addEventListener("keydown", onBoardKey);
  for (const b of document.querySelectorAll(".pad [data-digit]")) {
    b.addEventListener("click", () => enterDigit(Number(b.dataset.digit), false));
  }
  $("pad-pencil").addEventListener("click", () => setPencil(!play.pencil));
  $("undo-btn").addEventListener("click", undo);
  $("redo-btn").addEventListener("click", redo);
  $("auto-btn").addEventListener("click", autoCandidates);
  $("clear-marks-btn").addEventListener("click", clearMarks);
  $("check-btn").addEventListener("click", () => check().catch(() => {}));
  $("hint-btn").addEventListener("click", () => hint().catch(() => {}));
  $("apply-btn").addEventListener("click", applyHint);
  $("generate-btn").addEventListener("click", () => generate().catch(() => {}));
  $("load-btn").addEventListener("click", () => loadPasted().catch(() => {}));
  $("restart-btn").addEventListener("click", restart);
  // Ctrl+Z and Ctrl+Y work anywhere in Play but in the text boxes, which have their own undo.
  document.addEventListener("keydown", (e) => {
    if ($("panel-play").hidden || !(e.ctrlKey || e.metaKey)) return;
    if (e.target.closest("textarea, input, select")) return;
    const k = e.key.toLowerCase();
    if (k === "z" && !e.shiftKey) {
      e.preventDefault();
      undo();
    } else if (k === "y" || (k === "z" && e.shiftKey)) {
      e.preventDefault();
      redo();
    }
  });
  window.addEventListener("hashchange", () => {
    if (location.hash !== lastHash) readHash();
  });
  if (!readHash()) loadPuzzle(parseLine(FIRST_PUZZLE), null, null, null);
}

// ---------------------------------------------------------------------------
// Grade: the table, and stepping through one puzzle's explain path.
// ---------------------------------------------------------------------------

const grade = { rows: [], row: null, step: 0, positions: [] };
let gradeCells = [];

async function gradeInput() {
  const text = $("grade-input").value;
  if (!text.trim()) {
    showAlert("Paste puzzles into the box first.");
    return;
  }
  const res = await api("/api/grade", { input: text, explain: true }, { button: $("grade-btn") });
  grade.rows = res.rows || [];
  const body = $("grade-rows");
  body.textContent = "";
  grade.rows.forEach((row, k) => {
    const tr = el("tr");
    tr.dataset.row = String(k);
    const first = el("td");
    const show = el("button", "link", String(k + 1));
    show.type = "button";
    show.setAttribute("aria-label", "Show puzzle " + (k + 1) + " and its steps");
    show.addEventListener("click", () => selectGradeRow(k));
    first.appendChild(show);
    tr.appendChild(first);
    tr.appendChild(el("td", "puzzle", row.puzzle || ""));
    const rated = row.status === "rated";
    const num = (x) => (rated && x !== undefined && x !== null ? Number(x).toFixed(1) : "");
    tr.appendChild(el("td", "num", num(row.er)));
    tr.appendChild(el("td", "num", num(row.ep)));
    tr.appendChild(el("td", "num", num(row.ed)));
    tr.appendChild(el("td", "", row.band || ""));
    tr.appendChild(el("td", "", row.technique || ""));
    tr.appendChild(el("td", rated ? "" : "bad", rated ? "rated" : row.status + (row.error ? ": " + row.error : "")));
    tr.addEventListener("click", (e) => {
      if (!e.target.closest("button")) selectGradeRow(k);
    });
    body.appendChild(tr);
  });
  const n = grade.rows.length;
  $("grade-caption").textContent = n + (n === 1 ? " puzzle graded." : " puzzles graded.") + " Choose a row's number to step through its solution.";
  $("grade-detail").hidden = true;
  if (n) selectGradeRow(0);
}

/** Shows row k on the small board at its first step. */
function selectGradeRow(k) {
  const row = grade.rows[k];
  grade.row = row;
  for (const tr of $("grade-rows").children) tr.classList.toggle("chosen", tr.dataset.row === String(k));
  const givens = parseLine(row.puzzle);
  if (!givens) {
    $("grade-detail").hidden = true;
    return;
  }
  // The position before each step: placed digits and the candidates left by earlier steps.
  const values = givens.slice();
  let cand = values.map((v, i) => (v ? 0 : allowed(values, i)));
  grade.positions = [];
  for (const s of row.steps || []) {
    grade.positions.push({ values: values.slice(), cand: cand.slice() });
    for (const p of s.placements || []) {
      const m = /^(r[1-9]c[1-9])=([1-9])$/.exec(p);
      if (!m) continue;
      const i = cellIndex(m[1]), d = Number(m[2]);
      values[i] = d;
      cand[i] = 0;
      for (const q of PEERS[i]) cand[q] &= ~(1 << (d - 1));
    }
    for (const e of s.eliminations || []) {
      const m = /^(r[1-9]c[1-9])<>([1-9])$/.exec(e);
      if (m) cand[cellIndex(m[1])] &= ~(1 << (Number(m[2]) - 1));
    }
  }
  grade.positions.push({ values: values.slice(), cand: cand.slice() });
  grade.givens = givens;
  grade.step = 0;
  $("grade-detail-head").textContent = "Puzzle " + (k + 1) + (row.status === "rated" ? ", ER " + Number(row.er).toFixed(1) + " (" + row.band + ")" : ": " + row.status);
  $("grade-detail").hidden = false;
  drawGradeStep();
}

function drawGradeStep() {
  const steps = grade.row.steps || [];
  const k = grade.step;
  const pos = grade.positions[k];
  const s = steps[k];
  const place = new Map(), elim = new Map();
  if (s) {
    for (const p of s.placements || []) {
      const m = /^(r[1-9]c[1-9])=([1-9])$/.exec(p);
      if (m) place.set(cellIndex(m[1]), Number(m[2]));
    }
    for (const e of s.eliminations || []) {
      const m = /^(r[1-9]c[1-9])<>([1-9])$/.exec(e);
      if (m) elim.set(cellIndex(m[1]), (elim.get(cellIndex(m[1])) || 0) | (1 << (Number(m[2]) - 1)));
    }
  }
  const pattern = s ? cellsInText(s.pattern) : new Set();
  let elimDigits = 0;
  for (const m of elim.values()) elimDigits |= m;
  drawBoard(gradeCells, {
    givens: grade.givens,
    values: pos.values,
    marks: pos.cand,
    showMarks: (i) => pos.cand[i],
    selected: -1,
    pattern: pattern,
    patternDigits: new Map([...pattern].map((i) => [i, elimDigits])),
    place: place,
    elim: elim,
    interactive: false,
  });
  if (s) {
    $("step-info").textContent = "Step " + (k + 1) + " of " + steps.length + ": " + s.technique + " (" + Number(s.difficulty).toFixed(1) + ")";
    const concl = (s.placements || []).concat(s.eliminations || []).join(", ");
    $("step-text").textContent = s.pattern + (concl ? ". So " + concl + "." : "");
  } else {
    $("step-info").textContent = steps.length ? "Solved after " + steps.length + " steps." : "No steps: " + (grade.row.error || grade.row.status);
    $("step-text").textContent = "";
  }
  // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
  for (const id of ["step-first", "step-prev"]) $(id).setAttribute("aria-disabled", k === 0 ? "true" : "false");
  for (const id of ["step-next", "step-last"]) $(id).setAttribute("aria-disabled", k >= steps.length ? "true" : "false");
}

function gradeStep(to) {
  const n = (grade.row.steps || []).length;
  grade.step = Math.max(0, Math.min(n, to));
  drawGradeStep();
}

function setupGrade() {
  gradeCells = buildBoard($("grade-board"), false);
  $("grade-btn").addEventListener("click", () => gradeInput().catch(() => {}));
  $("step-first").addEventListener("click", () => gradeStep(0));
  $("step-prev").addEventListener("click", () => gradeStep(grade.step - 1));
  $("step-next").addEventListener("click", () => gradeStep(grade.step + 1));
  $("step-last").addEventListener("click", () => gradeStep(Infinity));
  // Left and right arrows step too, while the focus is in the step-through.
  $("grade-detail").addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") gradeStep(grade.step - 1);
    else if (e.key === "ArrowRight") gradeStep(grade.step + 1);
    else return;
    e.preventDefault();
  });
  $("step-play").addEventListener("click", () => {
    loadPuzzle(grade.givens, null, null, null);
    selectTab("play", true);
  });
}

// ---------------------------------------------------------------------------
// Book: sections, options, previews and downloads.
// ---------------------------------------------------------------------------

const BANDS = ["easy", "medium", "hard", "expert", "extreme"];
let nSectionIds = 0;

/** Adds a section row: a band and a count, with a remove button. */
function addSection(band, count) {
  const id = ++nSectionIds;
  const row = el("div", "section-row");
  row.setAttribute("data-testid", "section");
  const bandLabel = el("label", "", "Band");
  bandLabel.htmlFor = "sec-band-" + id;
  const sel = el("select", "sec-band");
  sel.id = "sec-band-" + id;
  for (const b of BANDS) {
    const o = el("option", "", b[0].toUpperCase() + b.slice(1));
    o.value = b;
    if (b === band) o.selected = true;
    sel.appendChild(o);
  }
  const countLabel = el("label", "", "Puzzles");
  countLabel.htmlFor = "sec-count-" + id;
  const num = el("input", "sec-count");
  num.id = "sec-count-" + id;
  num.type = "number";
  num.min = "1";
  num.max = "200";
  num.value = String(count);
  const remove = el("button", "", "Remove");
  remove.type = "button";
  remove.addEventListener("click", () => {
    row.remove();
    const rest = $("book-sections").querySelector("select");
    (rest || $("add-section")).focus();
  });
  // Each label stays beside its control when the row wraps on a phone.
  const bandPair = el("span", "pair");
  bandPair.append(bandLabel, sel);
  const countPair = el("span", "pair");
  countPair.append(countLabel, num);
  row.append(bandPair, countPair, remove);
  $("book-sections").appendChild(row);
  updateRemoveButtons();
  return row;
}

/** The last section cannot be removed: a book has at least one. */
function updateRemoveButtons() {
  const rows = $("book-sections").querySelectorAll(".section-row");
  for (const r of rows) {
    const b = r.querySelector("button");
    b.disabled = rows.length === 1;
    b.setAttribute("aria-label", "Remove the " + r.querySelector("select").value + " section");
  }
}

/** The /api/book request for the chosen options. */
function bookRequest(format) {
  const sections = [];
  for (const r of $("book-sections").querySelectorAll(".section-row")) {
    sections.push([r.querySelector("select").value, Math.max(1, Math.floor(Number(r.querySelector("input").value) || 1))]);
  }
  const body = {
    sections: sections,
    trim: $("book-trim").value,
    title: $("book-title").value.trim() || "Sudoku",
    large_print: $("book-large").checked,
    answers: $("book-answers").checked,
    format: format,
  };
  const seed = $("book-seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  return body;
}

async function previewBook() {
  const res = await api("/api/book", bookRequest("svg"), { button: $("book-preview-btn") });
  const strip = $("book-pages");
  strip.textContent = "";
  const pages = res.pages || [];
  pages.forEach((svg, k) => {
    const fig = el("figure", "page");
    const img = el("img");
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    img.alt = "Page " + (k + 1) + " of " + pages.length;
    fig.append(img, el("figcaption", "", String(k + 1)));
    strip.appendChild(fig);
  });
  $("book-info").textContent = (res.n_pages || pages.length) + " pages.";
}

/** Downloads the book as PDF or CSV: the answer becomes a Blob saved through a link. */
async function downloadBook(format, button) {
  const blob = await api("/api/book", bookRequest(format), { asBlob: true, button: button });
  const name = ($("book-title").value.trim() || "sudoku").replace(/[^A-Za-z0-9_-]+/g, "-").toLowerCase() + "." + format;
  const a = el("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  $("book-info").textContent = "Saved " + name + " (" + Math.round(blob.size / 1024) + " KB).";
}

function setupBook() {
  addSection("easy", 4);
  addSection("medium", 4);
  $("add-section").addEventListener("click", () => addSection("hard", 4).querySelector("select").focus());
  $("book-sections").addEventListener("change", updateRemoveButtons);
  $("book-preview-btn").addEventListener("click", () => previewBook().catch(() => {}));
  $("book-pdf-btn").addEventListener("click", (e) => downloadBook("pdf", e.currentTarget).catch(() => {}));
  $("book-csv-btn").addEventListener("click", (e) => downloadBook("csv", e.currentTarget).catch(() => {}));
}

// ---------------------------------------------------------------------------
// Tabs (WAI-ARIA tabs with automatic activation: arrows, Home and End move between them).
// ---------------------------------------------------------------------------

const TABS = ["play", "grade", "book"];

function selectTab(name, focus) {
  for (const t of TABS) {
    const on = t === name;
    const tab = $("tab-" + t);
    tab.setAttribute("aria-selected", on ? "true" : "false");
    tab.tabIndex = on ? 0 : -1;
    $("panel-" + t).hidden = !on;
  }
  if (focus) $("tab-" + name).focus();
}

function setupTabs() {
  for (const t of TABS) $("tab-" + t).addEventListener("click", () => selectTab(t, false));
  $("tabs").addEventListener("keydown", (e) => {
    const k = TABS.indexOf(document.activeElement.id.replace("tab-", ""));
    let to = -1;
    if (e.key === "ArrowRight") to = (k + 1) % TABS.length;
    else if (e.key === "ArrowLeft") to = (k + TABS.length - 1) % TABS.length;
    else if (e.key === "Home") to = 0;
    else if (e.key === "End") to = TABS.length - 1;
    if (to >= 0) {
      e.preventDefault();
      selectTab(TABS[to], true);
    }
  });
}

setupTabs();
setupPlay();
setupGrade();
setupBook();
$("alert-close").addEventListener("click", () => showAlert(""));
