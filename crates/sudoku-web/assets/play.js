// The page of `sudoku serve`, Play.
// Plain JavaScript, no framework and no build step; the server embeds the page's scripts as they
// are, and index.html loads them in order (app.js, play.js, grade.js, book.js, main.js), all in
// one global scope.
"use strict";

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

/** Goes back to the last position kept on `from`, keeping the present one on `to`. */
function travel(from, to) {
  const s = from.pop();
  if (!s) return;
  to.push({ values: play.values.slice(), marks: play.marks.slice() });
  play.values = s.values;
  play.marks = s.marks;
  changed();
}

function undo() {
  travel(play.undo, play.redo);
}

function redo() {
  travel(play.redo, play.undo);
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
  for (const p of h.placements) {
    const i = cellIndex(p.cell);
    if (i >= 0) h.place.set(i, p.digit);
  }
  for (const e of h.eliminations) {
    const i = cellIndex(e.cell);
    if (i >= 0) h.elim.set(i, (h.elim.get(i) || 0) | maskOf(e.digits));
  }
  const shown = patternOf(res.pattern, h.elim);
  h.pattern = shown.pattern;
  h.patternDigits = shown.digits;
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
