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
  shape: CLASSIC, // the puzzle's shape, from the server's model
  puzzle: null, // a variant's JSON form (null for a classic 9x9), sent back with each position
  fpuzzles: null, // the f-puzzles link the server made for the puzzle
  givens: new Array(81).fill(0),
  values: new Array(81).fill(0),
  marks: new Array(81).fill(0), // the player's pencil marks, 0 = none
  solution: null, // the canvas digits when the server told them
  selected: 0,
  pencil: false,
  undo: [],
  redo: [],
  hint: null, // the overlay of the last hint: {pattern, house, place, elim, apply}
  mistakes: new Map(), // cell -> what is wrong, after Check or a hint
  wasSolved: false,
};
let playCells = [];

/**
 * Loads a new puzzle: givens, optionally the placed digits and marks, and the solution, on the
 * classic grid; `model` (an answer of /api/puzzle) gives any other puzzle its shape and rules.
 */
function loadPuzzle(givens, values, marks, solution, model) {
  const shape = model ? makeShape(model.shape) : CLASSIC;
  if (shape !== play.shape || !playCells.length) {
    play.shape = shape;
    playCells = buildBoard($("board"), shape, true);
    buildPad(shape);
  }
  play.puzzle = model && !model.classic ? model.puzzle : null;
  play.fpuzzles = model ? model.fpuzzles : null;
  showRules(model && !model.classic ? shape : null);
  const n = shape.n;
  play.givens = givens.slice();
  play.values = (values || givens).slice();
  for (let i = 0; i < n; i++) if (givens[i]) play.values[i] = givens[i];
  play.marks = marks ? marks.slice() : new Array(n).fill(0);
  for (let i = 0; i < n; i++) if (play.values[i]) play.marks[i] = 0;
  play.solution = solution || null;
  play.undo = [];
  play.redo = [];
  play.hint = null;
  play.mistakes = new Map();
  play.wasSolved = isSolved();
  $("hint-box").hidden = true;
  $("mistakes-box").hidden = true;
  setStatus(play.wasSolved ? "Solved!" : "");
  const first = shape.cells.find((i) => play.values[i] === 0);
  play.selected = first !== undefined ? first : shape.cells[0];
  update();
}

/** A puzzle the server described (an answer of /api/puzzle), from its givens. */
function loadModel(model, values, marks) {
  loadPuzzle(model.givens, values, marks, model.solution, model);
}

/** The rules above the grid, for a variant (hidden for a classic grid). */
function showRules(shape) {
  $("rules").hidden = !shape;
  $("rules-title").textContent = shape ? shape.title : "";
  $("rules-text").textContent = shape ? shape.rules : "";
}

/** The digit pad for the shape: one button a digit (1-9, then letters), Erase and Pencil. */
function buildPad(shape) {
  const pad = $("pad");
  pad.textContent = "";
  const cols = shape.size <= 9 ? shape.size : Math.ceil(shape.size / 2);
  pad.style.setProperty("--cols", String(cols));
  for (let d = 1; d <= shape.size; d++) {
    const b = el("button", "", symbol(shape, d));
    b.type = "button";
    b.dataset.digit = String(d);
    if (d > 9) b.setAttribute("aria-label", symbol(shape, d) + " (" + d + ")");
    pad.appendChild(b);
  }
  const erase = el("button", "", "Erase");
  erase.type = "button";
  erase.id = "pad-erase";
  erase.dataset.digit = "0";
  erase.setAttribute("aria-label", "Erase the cell");
  const pencil = el("button", "", play.pencil ? "Pencil: on" : "Pencil");
  pencil.type = "button";
  pencil.id = "pad-pencil";
  pencil.setAttribute("aria-pressed", play.pencil ? "true" : "false");
  // Erase and Pencil share the last row, half each.
  const half = Math.max(1, Math.floor(cols / 2));
  erase.style.gridColumn = "1 / span " + half;
  pencil.style.gridColumn = half + 1 + " / -1";
  pad.append(erase, pencil);
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

/** What the board says when it is solved. */
function solvedText() {
  return play.puzzle ? "Solved! Every rule holds." : "Solved! Every row, column and box holds 1 to 9.";
}

/** After the position changed: the old hint and mistakes no longer apply. */
function changed() {
  play.hint = null;
  play.mistakes = new Map();
  $("hint-box").hidden = true;
  $("mistakes-box").hidden = true;
  const solved = isSolved();
  if (solved && !play.wasSolved) setStatus(solvedText());
  else if (!solved) setStatus("");
  play.wasSolved = solved;
  update();
}

/**
 * True when every cell holds a digit, no peer repeats one and (when the server told it) the grid is
 * the solution: with one solution, that is every rule.
 */
function isSolved() {
  const shape = play.shape;
  for (const i of shape.cells) {
    if (!play.values[i]) return false;
    for (const p of shape.peers[i]) if (play.values[p] === play.values[i]) return false;
  }
  return !play.solution || shape.cells.every((i) => play.values[i] === play.solution[i]);
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
  if (d) clearPeerMarks(i, d);
  changed();
}

/** Takes digit d out of the marks of the cells that see cell i. */
function clearPeerMarks(i, d) {
  for (const p of play.shape.peers[i]) play.marks[p] &= ~(1 << (d - 1));
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
  if (!$("pad-pencil")) return;
  $("pad-pencil").setAttribute("aria-pressed", on ? "true" : "false");
  $("pad-pencil").textContent = on ? "Pencil: on" : "Pencil";
}

/** Redraws the board and the buttons, and writes the position into the URL. */
function update() {
  const h = play.hint || {};
  drawBoard(playCells, {
    shape: play.shape,
    givens: play.givens,
    values: play.values,
    marks: play.marks,
    showMarks: (i) => allowed(play.shape, play.values, i),
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
    else out.push(maskDigits(play.marks[i] || CLASSIC.all, 9).join(""));
  }
  return out;
}

/**
 * The request body of /api/hint for the current position: a classic grid's givens, digits and
 * pencil marks; a variant's JSON form with the player's digits.
 */
function hintRequest(level) {
  const placed = toLine(play.shape, play.values);
  if (play.puzzle) return Object.assign({}, play.puzzle, { placed: placed, level: level, steps: 1 });
  const body = { givens: toLine(play.shape, play.givens), placed: placed, level: level, steps: 1 };
  if (play.marks.some((m, i) => m && !play.values[i])) body.candidates = candidatesForServer();
  return body;
}

/** The first step of a hint answer: a classic one is the step; a variant's lists its steps. */
async function askHint(level, button) {
  const res = await api("/api/hint", hintRequest(level), { button: button });
  return res.steps ? res.steps[0] || { status: "no hint" } : res;
}

/** Shows the mistakes of a hint answer on the board and in the list. */
function showMistakes(mistakes) {
  play.mistakes = new Map();
  const list = $("mistakes-list");
  list.textContent = "";
  const sym = (d) => symbol(play.shape, d);
  for (const m of mistakes) {
    const i = cellIndex(play.shape, m.cell);
    let text;
    // A variant's mistake is a wrong digit: its cell and the digit placed there.
    if (!m.kind && m.digit) text = m.cell + " holds " + sym(m.digit) + ", which is wrong";
    else if (m.placed) text = m.cell + " holds " + sym(m.placed) + ", which is wrong" + (m.digit ? " (it is " + sym(m.digit) + ")" : "");
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
  const res = await askHint("nudge", $("check-btn"));
  play.hint = null;
  $("hint-box").hidden = true;
  if (res.status === "mistakes") {
    showMistakes(res.mistakes || []);
    setStatus("Mistakes found: see the cells marked ✗.");
  } else if (res.status === "solved") {
    showMistakes([]);
    setStatus(solvedText());
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
  showHint(await askHint(level, $("hint-btn")), level);
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
  const shape = play.shape;
  for (const p of h.placements) {
    const i = cellIndex(shape, p.cell);
    if (i >= 0) h.place.set(i, p.digit);
  }
  for (const e of h.eliminations) {
    const i = cellIndex(shape, e.cell);
    if (i >= 0) h.elim.set(i, (h.elim.get(i) || 0) | maskOf(e.digits));
  }
  const shown = patternOf(shape, res.pattern, h.elim);
  h.pattern = shown.pattern;
  h.patternDigits = shown.digits;
  // The house a nudge points at, and a variant step's reason (its house, cage, thermometer ...),
  // come as data (their cells), never read from the text.
  const where = (res.house ? res.house.cells : []).concat(res.reason ? res.reason.cells : []);
  for (const c of where) if (cellIndex(shape, c) >= 0) h.house.add(cellIndex(shape, c));
  h.canApply = h.place.size > 0 || h.elim.size > 0;
  play.hint = h;
  $("hint-technique").textContent = res.technique || "Where to look";
  if (res.difficulty !== undefined && res.difficulty !== null) {
    $("hint-difficulty").textContent = "SE " + Number(res.difficulty).toFixed(1);
    $("hint-difficulty").hidden = false;
  }
  $("hint-text").textContent = res.text || "";
  if (h.house.size) legend.appendChild(el("li", "lg-house", "Shaded: where to look" + (res.reason ? " (" + res.reason.name + ")" : "")));
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
    clearPeerMarks(i, d);
  }
  // A cell without marks gets what the digits allow, less the eliminated ones, so the next
  // hint starts from the position this one leaves.
  for (const [i, m] of h.elim) {
    if (play.values[i]) continue;
    play.marks[i] = (play.marks[i] || allowed(play.shape, play.values, i)) & ~m;
  }
  changed();
}

/**
 * Fills every empty cell's marks with what the placed digits allow under the puzzle's rules (its
 * peers and non-consecutive neighbours, from the model).
 */
function autoCandidates() {
  remember();
  for (const i of play.shape.cells) play.marks[i] = play.values[i] ? 0 : allowed(play.shape, play.values, i);
  changed();
}

function clearMarks() {
  if (!play.marks.some((m) => m)) return;
  remember();
  play.marks = new Array(play.shape.n).fill(0);
  changed();
}

function restart() {
  play.values = play.givens.slice();
  play.marks = new Array(play.shape.n).fill(0);
  play.undo = [];
  play.redo = [];
  changed();
  $("puzzle-info").textContent = "Restarted.";
}

/** Asks the server for a puzzle's model (shape, rules, givens, solution); it must be unique. */
async function fetchModel(input, button) {
  const model = await api("/api/puzzle", { input: input }, { button: button });
  if (model.status !== "unique") {
    const why = {
      unsolvable: "has no solution",
      multiple: "has more than one solution",
      stopped: "was not solved within the server's search budget",
    }[model.status] || "is " + model.status;
    const text = "This puzzle " + why + ", so it cannot be played.";
    showAlert(text);
    throw new ApiError(text);
  }
  return model;
}

/** The layouts of overlapping 9x9 grids the generator offers: they take no size. */
const LAYOUTS = new Set(["samurai", "twodoku", "butterfly", "sohei", "flower"]);

/** Generate: a new puzzle of the chosen variant, size and band. */
async function generate() {
  const band = $("band").value;
  const variant = $("gen-variant").value;
  const size = Number($("gen-size").value);
  const body = { band: band, number: 1 };
  if (variant !== "classic") body.variant = variant;
  if (size !== 9 && !LAYOUTS.has(variant)) body.size = size;
  const button = $("generate-btn");
  const res = await api("/api/generate", body, { button: button });
  const row = res.rows[0];
  // A classic row holds its puzzle as a line; a variant row is the puzzle's JSON form.
  const input = typeof row.puzzle === "string" && !row.size ? row.puzzle : JSON.stringify(row);
  const model = await fetchModel(input, button);
  loadModel(model);
  const rating = row.rating !== undefined && row.rating !== null ? "rating " + Number(row.rating).toFixed(1) + ", " : "";
  const what = model.classic ? "puzzle" : model.shape.title + " puzzle";
  $("puzzle-info").textContent = "A " + (row.band || band) + " " + what + ": " + rating + "seed " + row.seed + ".";
  playCells[play.selected].focus();
}

/** Load: a pasted puzzle in any form the server reads; it must have exactly one solution. */
async function loadPasted() {
  const text = $("puzzle-input").value.trim();
  if (!text) {
    showAlert("Paste a puzzle into the box first.");
    return;
  }
  const model = await fetchModel(text, $("load-btn"));
  loadModel(model);
  $("puzzle-info").textContent = "Loaded a " + (model.classic ? "" : model.shape.title + " ") + "puzzle with one solution.";
  playCells[play.selected].focus();
}

/** Shows the f-puzzles link of the puzzle (and its givens), to open it in f-puzzles or SudokuPad. */
async function exportLink() {
  let link = play.fpuzzles;
  if (!link) {
    const model = await api("/api/puzzle", { input: play.puzzle ? JSON.stringify(play.puzzle) : toLine(play.shape, play.givens) }, { button: $("export-btn") });
    link = play.fpuzzles = model.fpuzzles;
  }
  if (!link) {
    showAlert("f-puzzles has no form for this puzzle.");
    return;
  }
  $("export-link").value = link;
  $("export-box").hidden = false;
  $("export-link").select();
}

// The URL keeps the position: #g=givens (a classic grid) or #v=the puzzle's JSON form (any other),
// then &p=placed digits and &m=marks (ceil(size/4) hex digits a cell).
let lastHash = "";

function writeHash() {
  const shape = play.shape;
  let h = play.puzzle ? "v=" + encodeURIComponent(JSON.stringify(play.puzzle)) : "g=" + toLine(shape, play.givens);
  if (play.values.some((v, i) => v && !play.givens[i])) h += "&p=" + toLine(shape, play.values);
  const w = markWidth(shape);
  if (play.marks.some((m) => m)) h += "&m=" + play.marks.map((m) => m.toString(16).padStart(w, "0")).join("");
  h = "#" + h;
  if (h !== location.hash) {
    lastHash = h;
    history.replaceState(null, "", h);
  }
}

/** The placed digits and marks of the address on the shape (null when absent or not fitting). */
function hashPosition(params, shape, givens) {
  const placed = parseLine(shape, params.get("p")) || givens;
  let marks = null;
  const m = params.get("m");
  const w = markWidth(shape);
  if (m && m.length === shape.n * w && /^[0-9a-f]*$/.test(m)) {
    marks = [];
    for (let i = 0; i < shape.n; i++) marks.push(parseInt(m.substr(i * w, w), 16) & shape.all);
  }
  return { placed: placed, marks: marks };
}

/** Restores the position from the URL; false when the URL holds none. */
function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const variant = params.get("v");
  if (variant) {
    fetchModel(variant, null)
      .then((model) => {
        const shape = makeShape(model.shape);
        const pos = hashPosition(params, shape, model.givens);
        loadModel(model, pos.placed, pos.marks);
        $("puzzle-info").textContent = "Position restored from the address.";
      })
      .catch(() => {});
    return true;
  }
  const givens = parseLine(CLASSIC, params.get("g"));
  if (!givens) return false;
  const pos = hashPosition(params, CLASSIC, givens);
  loadPuzzle(givens, pos.placed, pos.marks, null);
  $("puzzle-info").textContent = "Position restored from the address.";
  return true;
}

/** The next cell from i in a direction (dr, dc), wrapping, over a samurai's gaps. */
function step(i, dr, dc) {
  const s = play.shape.side;
  let r = Math.floor(i / s), c = i % s;
  for (let k = 0; k < s; k++) {
    r = (r + dr + s) % s;
    c = (c + dc + s) % s;
    if (play.shape.isCell[r * s + c]) return r * s + c;
  }
  return i;
}

/** Keys on the board. */
function onBoardKey(e) {
  const i = play.selected;
  const shape = play.shape;
  const rowCells = shape.cells.filter((j) => Math.floor(j / shape.side) === Math.floor(i / shape.side));
  let to = -1;
  switch (e.key) {
    case "ArrowUp": to = step(i, -1, 0); break;
    case "ArrowDown": to = step(i, 1, 0); break;
    case "ArrowLeft": to = step(i, 0, -1); break;
    case "ArrowRight": to = step(i, 0, 1); break;
    case "Home": to = rowCells[0]; break;
    case "End": to = rowCells[rowCells.length - 1]; break;
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
    const d = Number(m[1]);
    if (d <= shape.size) enterDigit(d, e.shiftKey);
    return;
  }
  // Letters are the digits past 9 (A = 10); P switches pencil marks unless it is a digit (25x25).
  const letter = /^Key([A-Z])$/.exec(e.code);
  const d = letter ? digitOf(shape, letter[1]) : 0;
  if (d > 9) {
    e.preventDefault();
    enterDigit(d, e.shiftKey);
  } else if (e.key === "Backspace" || e.key === "Delete") {
    e.preventDefault();
    enterDigit(0, false);
  } else if (e.key === "p" || e.key === "P") {
    e.preventDefault();
    setPencil(!play.pencil);
  }
}

function setupPlay() {
  $("board").addEventListener("click", (e) => {
    const cell = e.target.closest(".cell");
    if (cell) select(Number(cell.dataset.cell), true);
  });
  $("board").addEventListener("keydown", onBoardKey);
  $("pad").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.id === "pad-pencil") setPencil(!play.pencil);
    else enterDigit(Number(b.dataset.digit), false);
  });
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
  $("export-btn").addEventListener("click", () => exportLink().catch(() => {}));
  // A size is for the grids that have one: not overlapping 9x9 grids.
  $("gen-variant").addEventListener("change", () => {
    $("gen-size").disabled = LAYOUTS.has($("gen-variant").value);
  });
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
  if (!readHash()) loadPuzzle(parseLine(CLASSIC, FIRST_PUZZLE), null, null, null);
}
