// The page of `sudoku serve`: drawing a board of any shape (4x4 to 25x25, jigsaw regions, a
// samurai's five grids) with the glyphs the model gives (cages, thermometers, arrows, shaded
// diagonals and windows). Play and Grade share it.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Builds the cells of a board element for `shape` (replacing what it held); answers the cell
 * elements, one per canvas position (a samurai's gaps are empty placeholders).
 */
function buildBoard(boardEl, shape, interactive) {
  boardEl.textContent = "";
  boardEl.style.setProperty("--n", String(shape.side));
  boardEl.style.setProperty("--k", String(Math.ceil(Math.sqrt(shape.size))));
  boardEl.classList.toggle("wide", shape.side > 9);
  const cells = [];
  for (let r = 0; r < shape.side; r++) {
    const row = el("div", "brow");
    row.setAttribute("role", "row");
    for (let c = 0; c < shape.side; c++) {
      const i = r * shape.side + c;
      const cell = el("div", "cell");
      if (!shape.isCell[i]) {
        cell.className = "hole";
        cell.setAttribute("aria-hidden", "true");
      } else {
        cell.setAttribute("role", "gridcell");
        cell.dataset.cell = String(i);
        cell.setAttribute("data-testid", "cell-" + cellName(shape, i));
        if (interactive) cell.tabIndex = -1;
      }
      row.appendChild(cell);
      cells.push(cell);
    }
    boardEl.appendChild(row);
  }
  // Room outside the grid for clues there (a cell on each side that has some); a board without
  // such clues is laid out as before.
  const m = outsideMargins(shape);
  const framed = m.top + m.right + m.bottom + m.left > 0;
  boardEl.classList.toggle("framed", framed);
  for (const [key, v] of [["--mt", m.top], ["--mr", m.right], ["--mb", m.bottom], ["--ml", m.left]]) {
    if (framed) boardEl.style.setProperty(key, String(v));
    else boardEl.style.removeProperty(key);
  }
  const col = boardEl.closest(".board-col");
  if (col) {
    if (framed) col.style.setProperty("--fit", String(shape.side / (shape.side + m.left + m.right)));
    else col.style.removeProperty("--fit");
  }
  boardEl.appendChild(glyphLayer(shape, m));
  return cells;
}

/**
 * The room the glyphs need outside the grid, in cells: 1 on each side some dot, text or stroke
 * reaches past (a sandwich sum, a little killer's arrow), else 0.
 */
function outsideMargins(shape) {
  const s = shape.side, m = { top: 0, right: 0, bottom: 0, left: 0 };
  const reach = (x, y) => {
    if (x < 0) m.left = 1;
    if (y < 0) m.top = 1;
    if (x > s) m.right = 1;
    if (y > s) m.bottom = 1;
  };
  for (const g of shape.glyphs) {
    if (g.kind === "dot" || g.kind === "text") reach(g.x, g.y);
    else if (g.kind === "stroke") for (const [x, y] of g.points) reach(x, y);
  }
  return m;
}

/** The classes of cell i's thick lines: an edge of the grid, a gap or another box or region. */
function edgeClasses(shape, i) {
  const s = shape.side, r = Math.floor(i / s), c = i % s;
  const open = (j, inside) => inside && shape.isCell[j];
  const other = (j, inside) => !open(j, inside) || shape.boxOf[j] !== shape.boxOf[i];
  const out = [];
  if (!open(i - s, r > 0)) out.push("et");
  if (!open(i - 1, c > 0)) out.push("el");
  if (other(i + 1, c < s - 1)) out.push("bx");
  if (other(i + s, r < s - 1)) out.push("by");
  return out;
}

/** The cells the model shades (X's diagonals, windoku's windows), as a set. */
function shadedCells(shape) {
  const out = new Set();
  for (const g of shape.glyphs) if (g.kind === "shade") for (const c of g.cells) out.add(c);
  return out;
}

/**
 * The glyphs of the model drawn in one SVG over the board, in cell units (a cell's centre at
 * column + 0.5, row + 0.5): lines and discs half transparent, so the digits show through; cages
 * dashed just inside their cells with the sum in the first cell's corner.
 */
function glyphLayer(shape, m) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "glyphs");
  // The board's cells, and the margin `m` around them where clues outside the grid are drawn.
  const box = [-m.left, -m.top, shape.side + m.left + m.right, shape.side + m.top + m.bottom];
  svg.setAttribute("viewBox", box.join(" "));
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("data-testid", "glyphs");
  const shapes = document.createElementNS(SVG_NS, "g");
  shapes.setAttribute("opacity", "0.6");
  const cages = document.createElementNS(SVG_NS, "g");
  // Dots, letters and strokes at points (kropki, XV, outside sums): opaque, over the lines.
  const points = document.createElementNS(SVG_NS, "g");
  svg.append(shapes, cages, points);
  const s = shape.side;
  const at = (c) => [(c % s) + 0.5, Math.floor(c / s) + 0.5];
  const gray = (g) => {
    const v = Math.round(Math.max(0, Math.min(1, g)) * 255);
    return "rgb(" + v + "," + v + "," + v + ")";
  };
  const add = (parent, tag, attrs) => {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    parent.appendChild(e);
    return e;
  };
  // An arrowhead of size h at the last of the points `pts`, in glyph g's pen.
  const head = (parent, pts, h, g) => {
    if (pts.length < 2) return;
    const [xa, ya] = pts[pts.length - 2], [xb, yb] = pts[pts.length - 1];
    const len = Math.hypot(xb - xa, yb - ya) || 1;
    const ux = (xb - xa) / len, uy = (yb - ya) / len;
    const wing = (sign) => [xb - ux * h - sign * uy * h, yb - uy * h + sign * ux * h].join(",");
    add(parent, "polyline", {
      points: wing(1) + " " + [xb, yb].join(",") + " " + wing(-1),
      fill: "none",
      stroke: gray(g.gray),
      "stroke-width": g.width,
      "stroke-linecap": "round",
    });
  };
  const discs = new Map(); // cell -> the disc drawn there
  for (const g of shape.glyphs) {
    if (g.kind === "path") {
      const pts = g.cells.map(at);
      if (g.from_edge > 0 && pts.length > 1) {
        const [x0, y0] = pts[0], [x1, y1] = pts[1];
        const len = Math.hypot(x1 - x0, y1 - y0) || 1;
        pts[0] = [x0 + ((x1 - x0) / len) * g.from_edge, y0 + ((y1 - y0) / len) * g.from_edge];
      }
      const line = add(shapes, "polyline", {
        points: pts.map((p) => p.join(",")).join(" "),
        fill: "none",
        stroke: gray(g.gray),
        "stroke-width": g.width,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      });
      line.dataset.kind = g.arrowhead ? "arrow" : "line";
      if (g.arrowhead) head(shapes, pts, 0.25, g);
    } else if (g.kind === "disc") {
      const [cx, cy] = at(g.cell);
      // A white disc on a gray one is an outline (an arrow's circle): drawn as a ring, so the digit
      // inside is not veiled.
      const under = discs.get(g.cell);
      if (under && g.gray >= 0.99 && g.radius < Number(under.getAttribute("r"))) {
        const outer = Number(under.getAttribute("r"));
        under.setAttribute("r", String((outer + g.radius) / 2));
        under.setAttribute("stroke", under.getAttribute("fill"));
        under.setAttribute("stroke-width", String(outer - g.radius));
        under.setAttribute("fill", "none");
        under.dataset.kind = "ring";
        continue;
      }
      const disc = add(shapes, "circle", { cx: cx, cy: cy, r: g.radius, fill: gray(g.gray) });
      disc.dataset.kind = "disc";
      discs.set(g.cell, disc);
    } else if (g.kind === "square") {
      const [cx, cy] = at(g.cell);
      add(shapes, "rect", { x: cx - g.side / 2, y: cy - g.side / 2, width: g.side, height: g.side, fill: gray(g.gray) });
    } else if (g.kind === "cage") {
      drawCage(cages, shape, g, add);
    } else if (g.kind === "dot") {
      const dot = add(points, "circle", {
        cx: g.x,
        cy: g.y,
        r: g.ring > 0 ? g.radius - g.ring / 2 : g.radius,
        fill: gray(g.gray),
        stroke: g.ring > 0 ? "#000" : "none",
        "stroke-width": g.ring,
      });
      dot.dataset.kind = "dot";
    } else if (g.kind === "text") {
      const t = add(points, "text", {
        x: g.x,
        y: g.y,
        "font-size": g.size * 1.4,
        "text-anchor": "middle",
        "dominant-baseline": "central",
        fill: "#111",
      });
      t.textContent = g.text;
      t.dataset.kind = "text";
    } else if (g.kind === "stroke") {
      const line = add(points, "polyline", {
        points: g.points.map((p) => p.join(",")).join(" "),
        fill: "none",
        stroke: gray(g.gray),
        "stroke-width": g.width,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      });
      line.dataset.kind = g.arrowhead ? "arrow" : "stroke";
      if (g.arrowhead) head(points, g.points, 0.18, g);
    }
  }
  return svg;
}

/** A cage: a dashed line just inside its outline, its sum small in its first cell's corner. */
function drawCage(parent, shape, g, add) {
  const s = shape.side, inset = 0.09;
  const inCage = new Set(g.cells);
  const group = add(parent, "g", { "data-kind": "cage" });
  for (const c of g.cells) {
    const r = Math.floor(c / s), col = c % s;
    const has = (dr, dc) => {
      const rr = r + dr, cc = col + dc;
      return rr >= 0 && cc >= 0 && rr < s && cc < s && inCage.has(rr * s + cc);
    };
    const x0 = col + (has(0, -1) ? 0 : inset), x1 = col + 1 - (has(0, 1) ? 0 : inset);
    const y0 = r + (has(-1, 0) ? 0 : inset), y1 = r + 1 - (has(1, 0) ? 0 : inset);
    const seg = (xa, ya, xb, yb) =>
      add(group, "line", { x1: xa, y1: ya, x2: xb, y2: yb, stroke: "#222", "stroke-width": 0.035, "stroke-dasharray": "0.09 0.06" });
    if (!has(-1, 0)) seg(x0, y0, x1, y0);
    if (!has(1, 0)) seg(x0, y1, x1, y1);
    if (!has(0, -1)) seg(x0, y0, x0, y1);
    if (!has(0, 1)) seg(x1, y0, x1, y1);
  }
  if (g.label) {
    const first = Math.min(...g.cells);
    const x = (first % s) + 0.04, y = Math.floor(first / s) + 0.04;
    add(group, "rect", { x: x, y: y, width: 0.13 * g.label.length + 0.06, height: 0.27, fill: "#fff" });
    const t = add(group, "text", { x: x + 0.03, y: y + 0.22, "font-size": 0.24, fill: "#111" });
    t.textContent = g.label;
  }
}

/**
 * Draws a position on the cells.
 * view: {shape, givens, values, marks (masks, 0 = none), showMarks (masks shown in empty cells),
 *        selected, pattern: Set, house: Set, place: Map cell->digit, elim: Map cell->mask,
 *        mistakes: Map cell->text}
 */
function drawBoard(cells, view) {
  const shape = view.shape;
  const shaded = shadedCells(shape);
  const selValue = view.selected >= 0 ? view.values[view.selected] : 0;
  // The selected cell's peers and digit are shaded, unless a hint is shown.
  const quiet = [view.pattern, view.house, view.place, view.elim].some((x) => x && x.size > 0);
  const peers = new Set(!quiet && view.selected >= 0 ? shape.peers[view.selected] : []);
  for (const i of shape.cells) {
    const cell = cells[i];
    const v = view.values[i];
    const given = view.givens[i] !== 0;
    const cls = ["cell"].concat(edgeClasses(shape, i));
    if (shaded.has(i)) cls.push("shade");
    if (given) cls.push("given");
    else if (v) cls.push("placed");
    if (i === view.selected) cls.push("sel");
    else if (peers.has(i)) cls.push("peer");
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

    let label = "row " + (Math.floor(i / shape.side) + 1) + ", column " + ((i % shape.side) + 1) + ", ";
    if (v) {
      cell.appendChild(el("span", "v", symbol(shape, v)));
      label += symbol(shape, v) + (given ? ", given" : "");
    } else {
      // A cell without marks shows what is left only when a hint points at it.
      const inPattern = view.pattern && view.pattern.has(i);
      const shown = view.marks[i] || (elim || inPattern ? view.showMarks(i) : 0);
      const key = view.patternDigits ? view.patternDigits.get(i) || 0 : 0;
      const marks = el("span", "marks");
      // An empty cell with nothing to show gets no marks' spans (a 16x16 has 256 cells).
      for (let d = 1; d <= (shown || elim ? shape.size : 0); d++) {
        const m = el("span", "m");
        if (place === d) {
          m.className = "m";
        } else if (maskHas(elim, d)) {
          m.className = "m elim";
          m.textContent = symbol(shape, d);
        } else if (maskHas(shown, d)) {
          m.textContent = symbol(shape, d);
          if (maskHas(key, d)) m.className = "m key";
        }
        marks.appendChild(m);
      }
      if (place) {
        cell.appendChild(el("span", "v ghost", symbol(shape, place)));
      } else {
        cell.appendChild(marks);
      }
      const ds = maskDigits(view.marks[i], shape.size).map((d) => symbol(shape, d));
      label += "empty" + (ds.length ? ", candidates " + ds.join(" ") : "");
    }
    if (mistake) {
      cell.appendChild(el("span", "flag", "✗"));
      label += ", mistake: " + mistake;
    }
    if (place) label += ", hint: place " + symbol(shape, place);
    if (elim) label += ", hint: remove " + maskDigits(elim, shape.size).map((d) => symbol(shape, d)).join(" ");
    if (view.pattern && view.pattern.has(i)) label += ", in the hint's pattern";
    if (view.house && view.house.has(i)) label += ", where the hint looks";
    cell.setAttribute("aria-label", label);
    if (view.interactive) {
      cell.tabIndex = i === view.selected ? 0 : -1;
      cell.setAttribute("aria-selected", i === view.selected ? "true" : "false");
    }
  }
}
