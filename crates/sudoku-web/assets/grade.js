// The page of `sudoku serve`, Grade.
// Plain JavaScript, no framework and no build step; the server embeds the page's scripts as they
// are, and index.html loads them in order (app.js, play.js, grade.js, book.js, main.js), all in
// one global scope.
"use strict";

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
    // A variant's row holds its JSON form: its variant's name stands for it.
    tr.appendChild(el("td", "puzzle", typeof row.puzzle === "string" ? row.puzzle : row.variant || ""));
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
  const givens = parseLine(CLASSIC, typeof row.puzzle === "string" ? row.puzzle : "");
  if (!givens) {
    $("grade-detail").hidden = true;
    return;
  }
  // The position before each step: placed digits and the candidates left by earlier steps.
  const values = givens.slice();
  let cand = values.map((v, i) => (v ? 0 : allowed(CLASSIC, values, i)));
  grade.positions = [];
  for (const s of row.steps || []) {
    grade.positions.push({ values: values.slice(), cand: cand.slice() });
    for (const p of s.placements || []) {
      const m = /^(r[1-9]c[1-9])=([1-9])$/.exec(p);
      if (!m) continue;
      const i = cellIndex(CLASSIC, m[1]), d = Number(m[2]);
      values[i] = d;
      cand[i] = 0;
      for (const q of CLASSIC.peers[i]) cand[q] &= ~(1 << (d - 1));
    }
    for (const e of s.eliminations || []) {
      const m = /^(r[1-9]c[1-9])<>([1-9])$/.exec(e);
      if (m) cand[cellIndex(CLASSIC, m[1])] &= ~(1 << (Number(m[2]) - 1));
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
      if (m) place.set(cellIndex(CLASSIC, m[1]), Number(m[2]));
    }
    for (const e of s.eliminations || []) {
      const m = /^(r[1-9]c[1-9])<>([1-9])$/.exec(e);
      if (m) elim.set(cellIndex(CLASSIC, m[1]), (elim.get(cellIndex(CLASSIC, m[1])) || 0) | (1 << (Number(m[2]) - 1)));
    }
  }
  // The pattern's cells come as data (the step's `cells`), never read from its text.
  const shown = patternOf(CLASSIC, s ? s.cells : [], elim);
  drawBoard(gradeCells, {
    shape: CLASSIC,
    givens: grade.givens,
    values: pos.values,
    marks: pos.cand,
    showMarks: (i) => pos.cand[i],
    selected: -1,
    pattern: shown.pattern,
    patternDigits: shown.digits,
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
  gradeCells = buildBoard($("grade-board"), CLASSIC, false);
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
