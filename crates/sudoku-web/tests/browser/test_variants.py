"""Browser tests of the page of `sudoku serve` on variants (issue 46): killer, jigsaw and 16x16
played to the end by hints and by typed digits, a thermometer's drawing, an f-puzzles link pasted
and exported, a shared link reloaded, variant generation and a variant book, a 16x16 at phone width.

The puzzles come from fixtures/variant (the JSON form, with the published solution) and
fixtures/variant/interop (public f-puzzles data). Every grid the page ends on is checked here by
`check_grid`, which knows the rules and nothing of the page or the server.
"""

import json
import os
import re
from urllib.parse import unquote

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_page import BASE, DESKTOP, alert_text, driver, idle, set_sections, shot, wait  # noqa: F401

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../../.."))
FIXTURES = os.path.join(ROOT, "fixtures/variant")
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}


def record(name, k=0):
    """Record k of a fixture file, as a dict."""
    with open(os.path.join(FIXTURES, name)) as f:
        return json.loads(f.readlines()[k])


def puzzle_text(rec):
    """The record without its id and solution: what a player pastes."""
    return json.dumps({k: v for k, v in rec.items() if k not in ("id", "solution")})


def rc(name, n):
    m = re.fullmatch(r"r(\d+)c(\d+)", name)
    return (int(m.group(1)) - 1) * n + int(m.group(2)) - 1


def houses(rec):
    """Rows, columns, and boxes or jigsaw regions of a record, as lists of cells."""
    n = rec["size"]
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    if "regions" in rec:
        regions = {}
        for i, ch in enumerate(rec["regions"]):
            regions.setdefault(ch, []).append(i)
        out += list(regions.values())
    else:
        h, w = BOXES[n]
        for br in range(0, n, h):
            for bc in range(0, n, w):
                out.append([(br + r) * n + bc + c for r in range(h) for c in range(w)])
    return out


def check_grid(rec, grid):
    """Whether grid (digits, row by row) keeps the givens and every rule of the record."""
    n = rec["size"]
    if len(grid) != n * n or not all(1 <= d <= n for d in grid):
        return False
    if any(sorted(grid[i] for i in h) != list(range(1, n + 1)) for h in houses(rec)):
        return False
    givens = rec.get("givens", "." * n * n)
    if any(ch not in "." and SYMBOLS.index(ch) + 1 != d for ch, d in zip(givens, grid)):
        return False
    for cage in rec.get("cages", []):
        ds = [grid[rc(c, n)] for c in cage["cells"]]
        if len(set(ds)) != len(ds) or ("sum" in cage and sum(ds) != cage["sum"]):
            return False
    for con in rec.get("constraints", []):
        if con["kind"] == "thermo":
            ds = [grid[rc(c, n)] for c in con["cells"]]
            if any(a >= b for a, b in zip(ds, ds[1:])):
                return False
    return True


def test_the_checker_can_fail():
    for name in ["killer9.jsonl", "jigsaw9.jsonl", "classic16.jsonl", "thermo9.jsonl"]:
        rec = record(name)
        good = [SYMBOLS.index(ch) + 1 for ch in rec["solution"]]
        assert check_grid(rec, good), name
        swapped = good[:]
        swapped[0], swapped[1] = swapped[1], swapped[0]
        assert not check_grid(rec, swapped), name
    # A cage's sum alone: a grid that keeps the houses but not a cage (digits relabelled).
    rec = record("killer9.jsonl")
    relabel = [10 - SYMBOLS.index(ch) - 1 for ch in rec["solution"]]
    assert not check_grid(dict(rec, givens="." * 81), relabel)


def paste(d, text):
    """Pastes a puzzle into the box and loads it."""
    box = d.find_element(By.ID, "puzzle-input")
    d.execute_script("arguments[0].value = arguments[1]", box, text)
    d.find_element(By.ID, "load-btn").click()
    idle(d)
    wait(d, lambda d: d.find_element(By.ID, "puzzle-info").text.startswith("Loaded") or alert_text(d))
    assert alert_text(d) == "", alert_text(d)


def open_variant(d, rec):
    d.set_window_size(*DESKTOP)
    d.get(BASE)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 81)
    paste(d, puzzle_text(rec))
    n = rec["size"]
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == n * n)


def board(d):
    """The digits on the Play board, row by row, 0 for an empty cell."""
    text = d.execute_script(
        "return [...document.querySelectorAll('#board [data-cell]')]"
        ".map(c => { const v = c.querySelector('.v:not(.ghost)'); return v ? v.textContent : '.'; }).join('');"
    )
    return [0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in text]


def cell_el(d, i, n):
    return d.find_element(By.CSS_SELECTOR, '#board [data-testid="cell-r%dc%d"]' % (i // n + 1, i % n + 1))


def solved(d):
    return d.find_element(By.ID, "play-status").text.startswith("Solved")


def press(d, button_id):
    """Clicks a button from the page's script: a click event, as a mouse gives."""
    d.execute_script("document.getElementById(arguments[0]).click();", button_id)


def ask_hint(d, level="full"):
    """Asks for a hint at a level; answers the hint as drawn: the placement (cell, symbol) or None,
    and the shaded cells (where to look: the reason's house, cage or constraint)."""
    # The level is set and the button pressed in the page (WebDriver's own click waits longer).
    d.execute_script("document.getElementById('hint-level').value = arguments[0];", level)
    press(d, "hint-btn")
    idle(d)
    wait(d, lambda d: d.find_element(By.ID, "hint-box").is_displayed())
    # One call for what the board shows (each element read apart is a round trip).
    place, shaded = d.execute_script(
        """
        const p = document.querySelector('#board .cell.hint-place');
        const place = p ? [Number(p.dataset.cell), p.querySelector('.v.ghost').textContent] : null;
        return [place, [...document.querySelectorAll('#board .cell.house')].map(c => Number(c.dataset.cell))];
        """
    )
    return (tuple(place) if place else None), set(shaded)


def play_to_the_end(d, rec, typed, max_steps=400):
    """Hints until solved: each applied by the Apply button, or typed into its cell when `typed`.
    Answers what each step's shaded reason was: a cage or a house of the record, or other."""
    n = rec["size"]
    cages = [{rc(c, n) for c in cage["cells"]} for cage in rec.get("cages", [])]
    reasons = []
    for _ in range(max_steps):
        if solved(d):
            return reasons
        (i, ch), where = ask_hint(d, "full")
        # The shaded reason (a house, a cage, a constraint, the cell) holds the cell it fills.
        assert i in where, (i, where)
        reasons.append("cage" if where in cages else "house" if where in map(set, houses(rec)) else "other")
        if typed:
            cell_el(d, i, n).click()
            d.switch_to.active_element.send_keys(ch.lower() if ch.isalpha() else ch)
        else:
            press(d, "apply-btn")
        wait(d, lambda d: board(d)[i] == SYMBOLS.index(ch) + 1)
    raise AssertionError("not solved in %d steps" % max_steps)


def test_a_killer_to_the_end_by_hints(driver):
    d = driver
    rec = record("killer9.jsonl")
    open_variant(d, rec)
    assert d.find_element(By.ID, "rules").is_displayed()
    assert "cage" in d.find_element(By.ID, "rules-text").text
    assert len(d.find_elements(By.CSS_SELECTOR, '#board svg g[data-kind="cage"]')) == len(rec["cages"])
    # A nudge shades where to look (a cage, a house or a cell) and places nothing.
    place, where = ask_hint(d, "nudge")
    assert where and place is None
    shot(d, "killer-nudge.png")
    reasons = play_to_the_end(d, rec, typed=False)
    assert check_grid(rec, board(d))
    # Some steps name a cage: the cage's cells are the ones shaded (the fixture's, not the page's).
    assert "cage" in reasons, reasons
    shot(d, "killer-solved.png")


def test_a_jigsaw_to_the_end_by_typed_digits(driver):
    d = driver
    rec = record("jigsaw9.jsonl")
    open_variant(d, rec)
    # Thick lines between cells of different regions, and only there.
    regions = rec["regions"]
    for i in range(81):
        classes = cell_el(d, i, 9).get_attribute("class").split()
        if i % 9 < 8:
            assert ("bx" in classes) == (regions[i] != regions[i + 1]), i
        if i < 72:
            assert ("by" in classes) == (regions[i] != regions[i + 9]), i
    play_to_the_end(d, rec, typed=True)
    assert check_grid(rec, board(d))


def test_a_16x16_typed_with_letters_then_hints(driver):
    d = driver
    rec = record("classic16.jsonl")
    open_variant(d, rec)
    assert [b.text for b in d.find_elements(By.CSS_SELECTOR, "#pad [data-digit]")][9:16] == list("ABCDEFG")
    empties = [i for i, ch in enumerate(rec["givens"]) if ch == "."]
    typed = set(empties[:-12])
    # All but the last 12 empty cells typed from the published solution, a row at a time: the row's
    # first cell clicked, then its letters and digits typed with arrows between (one WebDriver call a
    # row); a few digits by the pad.
    for r in range(16):
        cell_el(d, r * 16, 16).click()
        keys = []
        for c in range(16):
            i = r * 16 + c
            if i in typed:
                keys.append(rec["solution"][i].lower())
            keys.append(Keys.ARROW_RIGHT)
        ActionChains(d).send_keys(*keys).perform()
    for i in sorted(typed)[::40]:
        cell_el(d, i, 16).click()
        d.find_element(By.CSS_SELECTOR, '#pad [data-digit="0"]').click()
        assert board(d)[i] == 0
        d.find_element(By.CSS_SELECTOR, '#pad [data-digit="%d"]' % (SYMBOLS.index(rec["solution"][i]) + 1)).click()
    assert [board(d)[i] for i in sorted(typed)] == [SYMBOLS.index(rec["solution"][i]) + 1 for i in sorted(typed)]
    assert board(d)[empties[0]] == SYMBOLS.index(rec["solution"][empties[0]]) + 1
    # Auto-candidates: a cell's marks are what its row, column and box leave (computed here).
    d.find_element(By.ID, "auto-btn").click()
    grid = board(d)
    i = empties[-1]
    seen = {grid[j] for h in houses(rec) if i in h for j in h}
    want = [SYMBOLS[x - 1] for x in range(1, 17) if x not in seen]
    assert cell_el(d, i, 16).get_attribute("aria-label").endswith("candidates " + " ".join(want))
    play_to_the_end(d, rec, typed=False)
    assert check_grid(rec, board(d))
    shot(d, "16x16-solved.png")


def test_a_thermometer_is_drawn_through_its_cells(driver):
    d = driver
    rec = record("thermo9.jsonl")
    open_variant(d, rec)
    lines = d.execute_script(
        "return [...document.querySelectorAll('#board svg polyline[data-kind=line]')].map(p => p.getAttribute('points'));"
    )
    discs = d.execute_script(
        "return [...document.querySelectorAll('#board svg circle[data-kind=disc]')]"
        ".map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);"
    )
    thermos = [c["cells"] for c in rec["constraints"] if c["kind"] == "thermo"]
    drawn = [[tuple(float(x) for x in p.split(",")) for p in pts.split()] for pts in lines]
    assert len(drawn) == len(thermos)
    for cells in thermos:
        centres = [(rc(c, 9) % 9 + 0.5, rc(c, 9) // 9 + 0.5) for c in cells]
        assert centres in drawn, cells
        assert list(centres[0]) in discs, "no bulb at " + cells[0]


def test_an_fpuzzles_link_pasted_and_exported(driver):
    d = driver
    d.set_window_size(*DESKTOP)
    d.get(BASE)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 81)
    with open(os.path.join(FIXTURES, "interop/sudokutools_fpuzzles.jsonl")) as f:
        entry = json.loads(f.readline())  # "Self-contained": killer cages and the anti-knight rule
    paste(d, "https://www.f-puzzles.com/?load=" + entry["data"])
    assert "knight" in d.find_element(By.ID, "rules-text").text.lower()
    # Three hints applied: their digits are the published solution's.
    for _ in range(3):
        (i, ch), _ = ask_hint(d, "full")
        d.find_element(By.ID, "apply-btn").click()
        wait(d, lambda d: board(d)[i] != 0)
        assert ch == entry["solution"][i]
    # The page's own f-puzzles link loads the same puzzle back.
    givens = [e.get_attribute("class") for e in d.find_elements(By.CSS_SELECTOR, "#board .cell.given")]
    d.find_element(By.ID, "export-btn").click()
    idle(d)
    link = d.find_element(By.ID, "export-link").get_attribute("value")
    assert link.startswith("https://www.f-puzzles.com/?load="), link
    paste(d, link)
    assert len(d.find_elements(By.CSS_SELECTOR, "#board .cell.given")) == len(givens)
    assert "knight" in d.find_element(By.ID, "rules-text").text.lower()


def test_a_shared_variant_link_reloads_the_position(driver):
    d = driver
    rec = record("killer9.jsonl", 1)
    open_variant(d, rec)
    empty = rec["givens"].index(".") if rec.get("givens") else 0
    c = cell_el(d, empty, 9)
    c.click()
    c.send_keys(rec["solution"][empty])
    c.send_keys(Keys.ARROW_RIGHT)
    d.switch_to.active_element.send_keys("p")
    d.switch_to.active_element.send_keys("2")
    d.switch_to.active_element.send_keys("7")
    before = board(d)
    url = d.current_url
    assert "#v=" in url and "&p=" in url and "&m=" in url, url
    assert json.loads(unquote(url.split("#v=")[1].split("&")[0]))["cages"] == rec["cages"]
    d.get("about:blank")
    d.get(url)
    wait(d, lambda d: d.find_element(By.ID, "puzzle-info").text.startswith("Position restored"))
    assert board(d) == before
    assert len(d.find_elements(By.CSS_SELECTOR, '#board svg g[data-kind="cage"]')) == len(rec["cages"])
    nxt = d.find_element(By.CSS_SELECTOR, '#board [data-cell="%d"]' % (empty + 1))
    assert "candidates 2 7" in nxt.get_attribute("aria-label")


def test_generate_a_killer_and_a_6x6(driver):
    d = driver
    d.set_window_size(*DESKTOP)
    d.get(BASE)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 81)
    Select(d.find_element(By.ID, "gen-variant")).select_by_value("killer")
    Select(d.find_element(By.ID, "band")).select_by_value("easy")
    d.find_element(By.ID, "generate-btn").click()
    idle(d)
    wait(d, lambda d: "Killer" in d.find_element(By.ID, "puzzle-info").text)
    assert d.find_elements(By.CSS_SELECTOR, '#board svg g[data-kind="cage"]')
    assert d.find_element(By.ID, "rules-title").text == "Killer"
    Select(d.find_element(By.ID, "gen-variant")).select_by_value("classic")
    Select(d.find_element(By.ID, "gen-size")).select_by_value("6")
    d.find_element(By.ID, "generate-btn").click()
    idle(d)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 36)
    assert [b.text for b in d.find_elements(By.CSS_SELECTOR, "#pad [data-digit]")] == list("123456") + ["Erase"]


def test_a_variant_book_preview(driver):
    d = driver
    d.set_window_size(*DESKTOP)
    d.get(BASE)
    d.find_element(By.ID, "tab-book").click()
    set_sections(d, [("killer:easy", 2), ("easy", 1)])
    d.find_element(By.ID, "book-preview-btn").click()
    idle(d)
    wait(d, lambda d: "pages" in d.find_element(By.ID, "book-info").text or alert_text(d))
    assert alert_text(d) == ""
    pages = d.find_elements(By.CSS_SELECTOR, "#book-pages img")
    assert len(pages) >= 3
    svg = unquote(pages[1].get_attribute("src"))
    assert "Killer" in unquote(pages[0].get_attribute("src")) + svg


def test_a_16x16_at_phone_width(driver):
    d = driver
    rec = record("classic16.jsonl")
    open_variant(d, rec)
    url = d.current_url
    d.set_window_size(375, 800)
    d.get("about:blank")
    d.get(url)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 256)
    width = d.execute_script("return document.documentElement.clientWidth")
    assert d.execute_script("return document.documentElement.scrollWidth") <= width
    # The board keeps cells a finger can hit, and scrolls in its frame; the pad is below it.
    first = cell_el(d, 0, 16).rect
    assert first["width"] >= 29, first
    frame = d.find_element(By.ID, "board-wrap")
    assert d.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", frame)
    pad = d.find_element(By.ID, "pad").rect
    assert pad["y"] >= frame.rect["y"] + frame.rect["height"] - 1, (pad, frame.rect)
    # A cell of the last column, scrolled to, takes a digit from the pad.
    last = next(i for i in range(15, 256, 16) if rec["givens"][i] == ".")
    target = cell_el(d, last, 16)
    d.execute_script("arguments[0].scrollIntoView({inline: 'center', block: 'center'})", target)
    target.click()
    digit = SYMBOLS.index(rec["solution"][last]) + 1
    d.find_element(By.CSS_SELECTOR, '#pad [data-digit="%d"]' % digit).click()
    assert board(d)[last] == digit
    shot(d, "16x16-phone.png")
    d.set_window_size(*DESKTOP)


def test_auto_candidates_follow_the_rules(driver):
    # Anti-knight: a cell's candidates leave out its row's, column's, box's and knight's digits;
    # non-consecutive: also the digits next to an orthogonal neighbour's (computed here).
    d = driver
    for name in ["anti-knight.jsonl", "non-consecutive.jsonl"]:
        rec = record(name)
        open_variant(d, rec)
        d.find_element(By.ID, "auto-btn").click()
        grid = [0 if ch == "." else int(ch) for ch in rec["givens"]]
        knight = "anti-knight" in rec.get("rules", [])
        labels = d.execute_script(
            "return [...document.querySelectorAll('#board [data-cell]')].map(c => c.getAttribute('aria-label'));"
        )
        for i in (i for i in range(81) if not grid[i]):
            r, c = divmod(i, 9)
            seen, near = set(), set()
            for j in range(81):
                rj, cj = divmod(j, 9)
                if j == i or not grid[j]:
                    continue
                if rj == r or cj == c or (rj // 3, cj // 3) == (r // 3, c // 3):
                    seen.add(grid[j])
                if knight and {abs(rj - r), abs(cj - c)} == {1, 2}:
                    seen.add(grid[j])
                if not knight and abs(rj - r) + abs(cj - c) == 1:
                    near |= {grid[j] - 1, grid[j] + 1}
            want = [str(x) for x in range(1, 10) if x not in seen | near]
            assert labels[i].endswith("empty, candidates " + " ".join(want)), (name, i, labels[i], want)


def test_a_samurai_is_played_on_its_five_grids(driver):
    d = driver
    rec = record("samurai.jsonl")
    d.set_window_size(*DESKTOP)
    d.get(BASE)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 81)
    paste(d, puzzle_text(rec))
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 369)
    assert len(d.find_elements(By.CSS_SELECTOR, "#board .hole")) == 441 - 369
    solution = rec["solution"]
    for _ in range(3):
        place, where = ask_hint(d, "full")
        i, ch = place
        assert ch == solution[i] and i in where
        press(d, "apply-btn")
        wait(d, lambda d: board_canvas(d)[i] == ch)
    shot(d, "samurai.png")


def board_canvas(d):
    """The canvas of the Play board as a line (`.` for an empty cell or a gap)."""
    return d.execute_script(
        "return [...document.querySelectorAll('#board .brow > div')]"
        ".map(c => { const v = c.querySelector('.v:not(.ghost)'); return v ? v.textContent : '.'; }).join('');"
    )


def test_a_wrong_digit_in_a_killer_is_a_mistake(driver):
    d = driver
    rec = record("killer9.jsonl", 2)
    open_variant(d, rec)
    i = next(k for k, ch in enumerate(rec.get("givens", "." * 81)) if ch == ".")
    wrong = str(int(rec["solution"][i]) % 9 + 1)  # any digit but the solution's
    c = cell_el(d, i, 9)
    c.click()
    c.send_keys(wrong)
    press(d, "check-btn")
    idle(d)
    wait(d, lambda d: d.find_element(By.ID, "mistakes-box").is_displayed())
    name = "r%dc%d" % (i // 9 + 1, i % 9 + 1)
    assert name + " holds " + wrong in d.find_element(By.ID, "mistakes-list").text
    assert "mistake" in cell_el(d, i, 9).get_attribute("class").split()


# A sandwich puzzle (`sudoku generate --variant sandwich --seed 1`): clues above, left of and right
# of the grid, none below.
SANDWICH = {
    "size": 9,
    "constraints": [
        {"kind": "sandwich", "line": "c3", "from": "top", "sum": 9},
        {"kind": "sandwich", "line": "r5", "from": "right", "sum": 0},
        {"kind": "sandwich", "line": "r6", "from": "right", "sum": 7},
        {"kind": "sandwich", "line": "r4", "from": "left", "sum": 3},
        {"kind": "sandwich", "line": "c4", "from": "top", "sum": 20},
        {"kind": "sandwich", "line": "r9", "from": "left", "sum": 6},
        {"kind": "sandwich", "line": "r7", "from": "right", "sum": 23},
        {"kind": "sandwich", "line": "c5", "from": "top", "sum": 32},
        {"kind": "sandwich", "line": "r8", "from": "left", "sum": 6},
    ],
    "givens": ".......5.........6......4...76....1...........2......8...1.7.................25..",
}


def test_sandwich_sums_show_outside_the_board_unclipped(driver):
    d = driver
    open_variant(d, SANDWICH)
    assert "sandwich" in d.find_element(By.ID, "rules-text").text.lower() or "between" in d.find_element(
        By.ID, "rules-text"
    ).text.lower()
    # Each sum's text, its box on the page, the board's cells' box and the frame that scrolls.
    texts, board_box, frame, scrolls = d.execute_script(
        """
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        const cells = [...document.querySelectorAll('#board .cell')].map(box);
        const all = [Math.min(...cells.map(c => c[0])), Math.min(...cells.map(c => c[1])),
                     Math.max(...cells.map(c => c[2])), Math.max(...cells.map(c => c[3]))];
        const wrap = document.getElementById('board-wrap');
        return [[...document.querySelectorAll('#board svg text[data-kind=text]')].map(t => [t.textContent, box(t)]),
                all, box(wrap), wrap.scrollWidth > wrap.clientWidth || wrap.scrollHeight > wrap.clientHeight];
        """
    )
    assert sorted(t for t, _ in texts) == sorted(str(c["sum"]) for c in SANDWICH["constraints"])
    left, top, right, bottom = board_box
    cell = (right - left) / 9
    for (text, (x0, y0, x1, y1)), con in zip(texts, SANDWICH["constraints"]):
        # Outside the cells on the clue's side, next to its row or column.
        side = con["from"]
        if side == "top":
            assert y1 <= top and top - y0 < cell, (text, side)
        elif side == "left":
            assert x1 <= left and left - x0 < cell, (text, side)
        else:
            assert x0 >= right and x1 - right < cell, (text, side)
        # Not clipped: inside the board's frame, which does not scroll, and inside the window.
        assert frame[0] <= x0 and x1 <= frame[2] and frame[1] <= y0 and y1 <= frame[3], (text, frame)
    assert not scrolls
    width = d.execute_script("return document.documentElement.clientWidth")
    assert d.execute_script("return document.documentElement.scrollWidth") <= width
    shot(d, "sandwich.png")
