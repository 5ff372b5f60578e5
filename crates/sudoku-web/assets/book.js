// The page of `sudoku serve`, Book.
// Plain JavaScript, no framework and no build step; the server embeds the page's scripts as they
// are, and index.html loads them in order (app.js, play.js, grade.js, book.js, main.js), all in
// one global scope.
"use strict";

// ---------------------------------------------------------------------------
// Book: sections, options, previews and downloads.
// ---------------------------------------------------------------------------

const BANDS = ["easy", "medium", "hard", "expert", "extreme"];
// The variants a section can hold, as `book --sections` names them (`+` joins a rule and a size).
const BOOK_VARIANTS = [
  ["classic", "Classic"],
  ["killer", "Killer"],
  ["jigsaw", "Jigsaw"],
  ["x", "X"],
  ["windoku", "Windoku"],
  ["anti-knight", "Anti-knight"],
  ["anti-king", "Anti-king"],
  ["non-consecutive", "Non-consecutive"],
  ["asterisk", "Asterisk"],
  ["argyle", "Argyle"],
  ["thermo", "Thermo"],
  ["arrow", "Arrow"],
  ["german-whispers", "German whispers"],
  ["renban", "Renban"],
  ["between", "Between lines"],
  ["lockout", "Lockout"],
  ["kropki", "Kropki"],
  ["xv", "XV"],
  ["quadruple", "Quadruple"],
  ["sandwich", "Sandwich"],
  ["little-killer", "Little killer"],
  ["killer+x", "Killer X"],
  ["6x6", "6x6"],
  ["16x16", "16x16"],
  ["samurai", "Samurai"],
  ["twodoku", "Twodoku"],
  ["butterfly", "Butterfly"],
  ["flower", "Flower"],
];
let nSectionIds = 0;

/** Adds a section row: a variant, a band and a count, with a remove button. */
function addSection(band, count, variant) {
  const id = ++nSectionIds;
  const row = el("div", "section-row");
  row.setAttribute("data-testid", "section");
  const variantLabel = el("label", "", "Variant");
  variantLabel.htmlFor = "sec-variant-" + id;
  const kind = el("select", "sec-variant");
  kind.id = "sec-variant-" + id;
  for (const [value, name] of BOOK_VARIANTS) {
    const o = el("option", "", name);
    o.value = value;
    if (value === (variant || "classic")) o.selected = true;
    kind.appendChild(o);
  }
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
  const variantPair = el("span", "pair");
  variantPair.append(variantLabel, kind);
  const bandPair = el("span", "pair");
  bandPair.append(bandLabel, sel);
  const countPair = el("span", "pair");
  countPair.append(countLabel, num);
  row.append(variantPair, bandPair, countPair, remove);
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
    b.setAttribute("aria-label", "Remove the " + sectionName(r) + " section");
  }
}

/** A section row's name as `book --sections` writes it: `medium`, `killer:easy`. */
function sectionName(row) {
  const variant = row.querySelector(".sec-variant").value;
  const band = row.querySelector(".sec-band").value;
  return variant === "classic" ? band : variant + ":" + band;
}

/** The /api/book request for the chosen options. */
function bookRequest(format) {
  const sections = [];
  for (const r of $("book-sections").querySelectorAll(".section-row")) {
    sections.push([sectionName(r), Math.max(1, Math.floor(Number(r.querySelector("input").value) || 1))]);
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
