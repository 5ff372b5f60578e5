// The page of `sudoku serve`: Play, Grade and Book, over the JSON API of docs/web-api.md.
// Plain JavaScript, no framework and no build step; the server embeds the page's scripts as they
// are, and index.html loads them in order, all in one global scope: this one (helpers, the
// server), model.js (a puzzle's shape), board.js (drawing a board), play.js, grade.js, book.js, and
// main.js, which starts the page.
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

/**
 * A pattern given as data (`[{cell, digits}]`: a hint's `pattern`, a grade step's `cells`): its
 * cells, and the digits to stress in each: the pattern's own, or, when it names none (most do not),
 * the digits the step removes elsewhere (`elim`: cell -> mask), a pair's or a pointing digit.
 */
function patternOf(shape, cells, elim) {
  const pattern = new Set();
  const digits = new Map();
  for (const p of cells || []) {
    const i = cellIndex(shape, p.cell);
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
