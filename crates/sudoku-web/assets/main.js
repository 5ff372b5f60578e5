// The page of `sudoku serve`, its tabs and its start.
// Plain JavaScript, no framework and no build step; the server embeds the page's scripts as they
// are, and index.html loads them in order (app.js, play.js, grade.js, book.js, main.js), all in
// one global scope.
"use strict";

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
