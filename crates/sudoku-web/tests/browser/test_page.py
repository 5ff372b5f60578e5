"""Browser tests of the page of `sudoku serve`, in headless Chromium over WebDriver.

Run by run.sh, which starts the server and passes its address in SUDOKU_URL and the directory
for screenshots and downloads in SUDOKU_BROWSER_OUT. Each test loads the page afresh.
"""

import base64
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE = os.environ.get("SUDOKU_URL", "http://127.0.0.1:8080/")
OUT = os.path.abspath(os.environ.get("SUDOKU_BROWSER_OUT", "target/browser-test"))
DESKTOP = (1280, 1000)

# A medium puzzle with one solution (`sudoku generate --difficulty medium --seed 7`) and its solution.
PUZZLE = ".....6...2..17..4.3.8..47.6........974.....85....8.......34...8..2..9......2.7.1."
SOLUTION = "974536821256178943318924756821453679743692185695781432167345298432819567589267314"
# Three puzzles to grade: an easy one, the medium one above, and a hard one from the fixtures.
GRADE_INPUT = "\n".join(
    [
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        PUZZLE,
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ]
)


@pytest.fixture(scope="module")
def driver():
    os.makedirs(OUT, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="sudoku-chromium-")
    downloads = os.path.join(OUT, "downloads")
    shutil.rmtree(downloads, ignore_errors=True)
    os.makedirs(downloads)
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for flag in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--user-data-dir=" + profile,
        "--window-size=%d,%d" % DESKTOP,
    ]:
        opts.add_argument(flag)
    opts.add_experimental_option(
        "prefs",
        {
            "download.default_directory": downloads,
            "download.prompt_for_download": False,
            "safebrowsing.enabled": False,
        },
    )
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    d.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    d.downloads = downloads
    yield d
    d.quit()
    shutil.rmtree(profile, ignore_errors=True)


def wait(d, cond, timeout=20):
    return WebDriverWait(d, timeout, poll_frequency=0.05).until(cond)


def open_page(d, hash_part=""):
    d.set_window_size(*DESKTOP)
    d.get(BASE + hash_part)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 81)


def idle(d):
    """Waits until no request is running (the busy indicator is empty)."""
    wait(d, lambda d: d.find_element(By.ID, "busy").text == "", timeout=60)


def cell(d, name, board="board"):
    return d.find_element(By.CSS_SELECTOR, '#%s [data-testid="cell-%s"]' % (board, name))


def grid_digits(d):
    """The 81 digits on the Play board as a string, `.` for an empty cell."""
    return d.execute_script(
        "return [...document.querySelectorAll('#board .cell')]"
        ".map(c => { const v = c.querySelector('.v:not(.ghost)'); return v ? v.textContent : '.'; }).join('');"
    )


def givens_from_url(d):
    m = re.search(r"[#&]g=([0-9.]{81})", d.current_url)
    assert m, "the URL holds no givens: " + d.current_url
    return m.group(1)


def alert_text(d):
    a = d.find_element(By.ID, "alert")
    return a.text if a.is_displayed() else ""


def shot(d, name):
    """Saves a screenshot of the whole page (beyond the window's height) as OUT/name."""
    path = os.path.join(OUT, name)
    # The capture grows the window to the page's height, so the scrollbar goes: take the window's width.
    height = d.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]["height"]
    width = d.execute_script("return window.innerWidth")
    clip = {"x": 0, "y": 0, "width": width, "height": min(height, 2400), "scale": 1}
    png = d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
    with open(path, "wb") as f:
        f.write(base64.b64decode(png["data"]))
    return path


def is_valid_solution(grid, givens):
    """True when grid is a full valid sudoku that keeps every given (checked here, not by the page)."""
    if len(grid) != 81 or not all(ch in "123456789" for ch in grid):
        return False
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    if any(sorted(grid[i] for i in u) != list("123456789") for u in units):
        return False
    return all(g in ".0" or g == s for g, s in zip(givens, grid))


def load_pasted(d, puzzle):
    box = d.find_element(By.ID, "puzzle-input")
    box.clear()
    box.send_keys(puzzle)
    d.find_element(By.ID, "load-btn").click()
    wait(d, lambda d: "Loaded" in d.find_element(By.ID, "puzzle-info").text)
    assert alert_text(d) == ""


def test_checker_rejects_bad_grids():
    # The independent check itself must be able to fail.
    assert is_valid_solution(SOLUTION, PUZZLE)
    assert not is_valid_solution(SOLUTION[1:] + SOLUTION[0], PUZZLE)
    assert not is_valid_solution("1" + SOLUTION[1:], PUZZLE)


def test_page_loads(driver):
    d = driver
    open_page(d)
    assert "Sudoku" in d.title
    tabs = d.find_elements(By.CSS_SELECTOR, '[role="tab"]')
    assert [t.text for t in tabs] == ["Play", "Grade", "Book"]
    assert d.find_element(By.ID, "panel-play").is_displayed()
    assert not d.find_element(By.ID, "panel-grade").is_displayed()
    # The page opens with a puzzle: its givens are on the board and in the URL.
    assert givens_from_url(d) == PUZZLE
    assert grid_digits(d) == PUZZLE
    label = cell(d, "r1c6").get_attribute("aria-label")
    assert label == "row 1, column 6, 6, given", label
    assert alert_text(d) == ""
    # Every control of every view has a name: a label, an aria-label or its text.
    unnamed = d.execute_script(
        """
        return [...document.querySelectorAll('button, input, select, textarea')].filter(e =>
            !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim()
        ).map(e => e.outerHTML.slice(0, 80));
        """
    )
    assert unnamed == []


def test_busy_state_and_a_busy_server(driver):
    # The server's 429 is hard to provoke on time, so the page's fetch answers one, late.
    d = driver
    open_page(d)
    d.execute_script(
        """
        window.fetch = () => new Promise(done => setTimeout(() => done(new Response(
            JSON.stringify({error: {status: 429, message: "too many heavy requests"}}),
            {status: 429, headers: {"Content-Type": "application/json", "Retry-After": "1"}})), 700));
        """
    )
    d.find_element(By.ID, "generate-btn").click()
    busy = d.find_element(By.ID, "busy")
    wait(d, lambda d: busy.text == "Working…", timeout=5)
    assert not d.find_element(By.ID, "generate-btn").is_enabled()
    wait(d, lambda d: alert_text(d) != "", timeout=5)
    assert "busy, try again" in alert_text(d)
    assert busy.text == ""
    assert d.find_element(By.ID, "generate-btn").is_enabled()
    assert grid_digits(d) == PUZZLE


def test_generate_medium_and_play_to_the_end_with_hints(driver):
    d = driver
    open_page(d)
    Select(d.find_element(By.ID, "band")).select_by_value("medium")
    d.find_element(By.ID, "generate-btn").click()
    wait(d, lambda d: "medium puzzle" in d.find_element(By.ID, "puzzle-info").text, timeout=30)
    assert alert_text(d) == ""
    givens = givens_from_url(d)
    assert givens != PUZZLE and 17 <= sum(ch != "." for ch in givens) < 81
    assert grid_digits(d) == givens

    Select(d.find_element(By.ID, "hint-level")).select_by_value("full")
    status = d.find_element(By.ID, "play-status")
    hint_box = d.find_element(By.ID, "hint-box")
    apply_btn = d.find_element(By.ID, "apply-btn")
    shot_taken = False
    n_hints = 0
    while "Solved" not in status.text:
        assert n_hints < 250, "no end after 250 hints"
        d.find_element(By.ID, "hint-btn").click()
        wait(d, lambda d: hint_box.is_displayed() and apply_btn.is_enabled())
        n_hints += 1
        assert alert_text(d) == ""
        # A hint shows its technique and difficulty, and highlights cells on the board.
        assert d.find_element(By.ID, "hint-technique").text
        assert re.match(r"SE \d+\.\d", d.find_element(By.ID, "hint-difficulty").text)
        highlighted = d.find_elements(By.CSS_SELECTOR, "#board .cell.hint-place, #board .cell.hint-elim")
        assert highlighted, "a full hint highlights its placements or eliminations"
        if not shot_taken and d.find_elements(By.CSS_SELECTOR, "#board .m.elim"):
            shot(d, "play.png")
            shot_taken = True
        apply_btn.click()
        wait(d, lambda d: not hint_box.is_displayed())
    if not shot_taken:
        shot(d, "play.png")
    final = grid_digits(d)
    assert is_valid_solution(final, givens), final
    assert "Solved!" in status.text
    assert status.get_attribute("role") == "status"


def test_a_wrong_digit_is_shown_as_a_mistake(driver):
    d = driver
    open_page(d)
    load_pasted(d, PUZZLE)
    # r1c1's answer is 9: type 1 there, and 4 in r1c3 (its answer is 4: right).
    target = cell(d, "r1c1")
    target.click()
    target.send_keys("1")
    right = cell(d, "r1c3")
    right.click()
    right.send_keys("4")
    assert grid_digits(d)[0] == "1" and grid_digits(d)[2] == "4"
    # A pencil mark elsewhere (r9c1 is 5), so that the page sends its candidates: the wrong 1
    # must not make its peers' unmarked cells look like erased candidates.
    marked = cell(d, "r9c1")
    marked.click()
    marked.send_keys("p", "5", "6", "p")
    assert marked.get_attribute("aria-label") == "row 9, column 1, empty, candidates 5 6"
    assert not d.find_elements(By.CSS_SELECTOR, "#board .cell.mistake")
    d.find_element(By.ID, "check-btn").click()
    wait(d, lambda d: d.find_element(By.ID, "mistakes-box").is_displayed())
    wrong = d.find_elements(By.CSS_SELECTOR, "#board .cell.mistake")
    assert [c.get_attribute("data-testid") for c in wrong] == ["cell-r1c1"]
    assert "mistake" in cell(d, "r1c1").get_attribute("aria-label")
    assert "✗" in cell(d, "r1c1").text
    assert "r1c1" in d.find_element(By.ID, "mistakes-list").text
    assert "Mistakes" in d.find_element(By.ID, "play-status").text
    # Fixing the digit clears the mark, and Check then finds nothing.
    target.click()
    target.send_keys("9")
    d.find_element(By.ID, "check-btn").click()
    wait(d, lambda d: "No mistakes" in d.find_element(By.ID, "play-status").text)
    assert not d.find_elements(By.CSS_SELECTOR, "#board .cell.mistake")


def test_grade_three_pasted_puzzles(driver):
    d = driver
    open_page(d)
    d.find_element(By.ID, "tab-grade").click()
    box = d.find_element(By.ID, "grade-input")
    box.send_keys(GRADE_INPUT)
    d.find_element(By.ID, "grade-btn").click()
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#grade-rows tr")) > 0, timeout=60)
    idle(d)
    assert alert_text(d) == ""
    rows = d.find_elements(By.CSS_SELECTOR, "#grade-rows tr")
    assert len(rows) == 3
    bands = {"easy", "medium", "hard", "expert", "extreme"}
    for row in rows:
        tds = [td.text for td in row.find_elements(By.TAG_NAME, "td")]
        er, ep, ed, band, technique, status = tds[2:8]
        assert status == "rated", tds
        assert 1.0 <= float(er) <= 12.0 and 1.0 <= float(ep) <= float(er) and float(ed) <= float(ep), tds
        assert band in bands and technique, tds
    assert [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows] == GRADE_INPUT.split("\n")
    # The medium puzzle's path: step through it; each step shows its technique on the board.
    rows[1].find_element(By.TAG_NAME, "button").click()
    info = d.find_element(By.ID, "step-info")
    wait(d, lambda d: info.text.startswith("Step 1 of"))
    n_steps = int(re.search(r"of (\d+)", info.text).group(1))
    assert n_steps > 10
    assert d.find_elements(By.CSS_SELECTOR, "#grade-board .cell.hint-place")
    nxt = d.find_element(By.ID, "step-next")
    # Go to the first step with eliminations (the Naked Pair), or the last.
    for _ in range(n_steps):
        if d.find_elements(By.CSS_SELECTOR, "#grade-board .m.elim"):
            break
        nxt.click()
    assert d.find_elements(By.CSS_SELECTOR, "#grade-board .m.elim"), "no step of the medium puzzle eliminates"
    assert "Naked Pair" in info.text, info.text
    assert d.find_elements(By.CSS_SELECTOR, "#grade-board .cell.pattern")
    shot(d, "grade.png")
    d.find_element(By.ID, "step-last").click()
    assert info.text == "Solved after %d steps." % n_steps
    assert d.find_element(By.ID, "step-next").get_attribute("aria-disabled") == "true"
    # The arrow keys step back and forth while the focus is in the step-through.
    d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert info.text.startswith("Step %d of %d" % (n_steps, n_steps)), info.text
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert info.text == "Solved after %d steps." % n_steps


def set_sections(d, sections):
    rows = d.find_elements(By.CSS_SELECTOR, "#book-sections .section-row")
    while len(rows) < len(sections):
        d.find_element(By.ID, "add-section").click()
        rows = d.find_elements(By.CSS_SELECTOR, "#book-sections .section-row")
    while len(rows) > len(sections):
        rows[-1].find_element(By.TAG_NAME, "button").click()
        rows = d.find_elements(By.CSS_SELECTOR, "#book-sections .section-row")
    for row, (name, n) in zip(rows, sections):
        # A section is a band, or `variant:band` as `book --sections` writes it.
        variant, band = name.split(":") if ":" in name else ("classic", name)
        Select(row.find_element(By.CSS_SELECTOR, ".sec-variant")).select_by_value(variant)
        Select(row.find_element(By.CSS_SELECTOR, ".sec-band")).select_by_value(band)
        num = row.find_element(By.TAG_NAME, "input")
        num.clear()
        num.send_keys(str(n))


def wait_for_download(directory, suffix, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        done = [f for f in os.listdir(directory) if f.endswith(suffix)]
        partial = [f for f in os.listdir(directory) if f.endswith(".crdownload")]
        if done and not partial:
            return os.path.join(directory, done[0])
        time.sleep(0.1)
    raise TimeoutException("no %s file in %s after %ds" % (suffix, directory, timeout))


def test_book_6x9_preview_and_pdf(driver):
    d = driver
    open_page(d)
    d.find_element(By.ID, "tab-book").click()
    set_sections(d, [("easy", 2), ("medium", 2)])
    Select(d.find_element(By.ID, "book-trim")).select_by_value("6x9")
    title = d.find_element(By.ID, "book-title")
    title.clear()
    title.send_keys("Browser test")
    d.find_element(By.ID, "book-preview-btn").click()
    wait(d, lambda d: "pages" in d.find_element(By.ID, "book-info").text, timeout=60)
    assert alert_text(d) == ""
    imgs = d.find_elements(By.CSS_SELECTOR, "#book-pages img")
    assert len(imgs) >= 3
    n_pages = int(d.find_element(By.ID, "book-info").text.split()[0])
    assert n_pages == len(imgs)
    # The previews are drawn (an image that failed to load has no natural width).
    wait(d, lambda d: all(d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", i) for i in imgs))
    shot(d, "book.png")

    d.find_element(By.ID, "book-pdf-btn").click()
    pdf = wait_for_download(d.downloads, ".pdf")
    assert alert_text(d) == ""
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    assert pages > 0 and pages == n_pages, info
    assert re.search(r"^Page size:\s+432 x 648 pts", info, re.M), info

    d.find_element(By.ID, "book-csv-btn").click()
    csv_path = wait_for_download(d.downloads, ".csv")
    lines = open(csv_path, encoding="utf-8").read().splitlines()
    assert lines[0].startswith("number,section,page,answer_page"), lines[0]
    assert len(lines) == 1 + 4


def test_a_bad_paste_shows_the_error_and_where(driver):
    d = driver
    open_page(d)
    box = d.find_element(By.ID, "puzzle-input")
    box.send_keys(PUZZLE + "\n12x45")
    d.find_element(By.ID, "load-btn").click()
    wait(d, lambda d: alert_text(d) != "")
    text = alert_text(d)
    assert "line 2" in text and "column 3" in text and "'x'" in text, text
    assert d.find_element(By.ID, "alert").get_attribute("role") == "alert"
    # The board keeps the puzzle it had.
    assert grid_digits(d) == PUZZLE
    d.find_element(By.ID, "alert-close").click()
    assert alert_text(d) == ""


def candidates(grid, i):
    """The digits the filled cells of grid leave open in cell i (computed here, not by the page)."""
    r, c = divmod(i, 9)
    seen = set()
    for j in range(81):
        rj, cj = divmod(j, 9)
        if j != i and (rj == r or cj == c or (rj // 3 == r // 3 and cj // 3 == c // 3)):
            seen.add(grid[j])
    return [d for d in "123456789" if d not in seen]


def test_the_pad_and_auto_candidates(driver):
    d = driver
    open_page(d)
    pad = lambda label: d.find_element(By.XPATH, '//div[@class="pad"]/button[normalize-space()="%s"]' % label)
    pencil = d.find_element(By.ID, "pad-pencil")
    # Touch or mouse: a cell, then a digit of the pad.
    cell(d, "r1c1").click()
    pad("9").click()
    assert grid_digits(d)[0] == "9"
    cell(d, "r1c2").click()
    pencil.click()
    assert pencil.get_attribute("aria-pressed") == "true"
    pad("3").click()
    pad("7").click()
    assert cell(d, "r1c2").get_attribute("aria-label") == "row 1, column 2, empty, candidates 3 7"
    pad("3").click()
    assert cell(d, "r1c2").get_attribute("aria-label") == "row 1, column 2, empty, candidates 7"
    pencil.click()
    assert pencil.get_attribute("aria-pressed") == "false"
    cell(d, "r1c1").click()
    pad("Erase").click()
    assert grid_digits(d)[0] == "."
    # Auto-candidates fills every empty cell with what the digits allow.
    d.find_element(By.ID, "auto-btn").click()
    for i in range(81):
        if PUZZLE[i] != ".":
            continue
        name = "r%dc%d" % (i // 9 + 1, i % 9 + 1)
        label = cell(d, name).get_attribute("aria-label")
        want = "row %d, column %d, empty, candidates %s" % (i // 9 + 1, i % 9 + 1, " ".join(candidates(PUZZLE, i)))
        assert label == want
    # Undo takes the whole fill back, to the one mark of before.
    d.find_element(By.ID, "undo-btn").click()
    assert cell(d, "r1c2").get_attribute("aria-label") == "row 1, column 2, empty, candidates 7"
    assert cell(d, "r1c3").get_attribute("aria-label") == "row 1, column 3, empty"


def house_cell_names(kind, n):
    """The cells of a house, written here from its kind and number (1-9)."""
    if kind == "row":
        rc = [(n, c) for c in range(1, 10)]
    elif kind == "column":
        rc = [(r, n) for r in range(1, 10)]
    else:
        r0, c0 = 3 * ((n - 1) // 3), 3 * ((n - 1) % 3)
        rc = [(r0 + k // 3 + 1, c0 + k % 3 + 1) for k in range(9)]
    return {"r%dc%d" % x for x in rc}


def test_a_nudge_shades_the_house_it_names(driver):
    # Issue 44: the page takes the house from the hint's data, not its sentence; the shaded
    # cells are the house the sentence names.
    d = driver
    open_page(d)
    load_pasted(d, PUZZLE)
    Select(d.find_element(By.ID, "hint-level")).select_by_value("nudge")
    d.find_element(By.ID, "hint-btn").click()
    wait(d, lambda d: d.find_element(By.ID, "hint-box").is_displayed())
    m = re.match(r"Look at (box|row|column) ([1-9])\.", d.find_element(By.ID, "hint-text").text)
    assert m, d.find_element(By.ID, "hint-text").text
    shaded = {
        e.get_attribute("data-testid").removeprefix("cell-")
        for e in d.find_elements(By.CSS_SELECTOR, "#board .cell.house")
    }
    assert shaded == house_cell_names(m.group(1), int(m.group(2)))
    assert house_cell_names("box", 5) == {"r4c4", "r4c5", "r4c6", "r5c4", "r5c5", "r5c6", "r6c4", "r6c5", "r6c6"}


def test_the_url_restores_a_position_after_reload(driver):
    d = driver
    open_page(d)
    load_pasted(d, PUZZLE)
    c = cell(d, "r1c1")
    c.click()
    c.send_keys("9")
    c.send_keys(Keys.ARROW_RIGHT)
    active = d.switch_to.active_element
    assert active.get_attribute("data-testid") == "cell-r1c2"
    active.send_keys("p")  # pencil mode on
    active.send_keys("2")
    active.send_keys("7")
    assert "candidates 2 7" in cell(d, "r1c2").get_attribute("aria-label")
    url = d.current_url
    assert "&p=9" in url and "&m=" in url, url
    d.get("about:blank")
    d.get(url)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 81)
    wait(d, lambda d: grid_digits(d)[0] == "9")
    assert grid_digits(d) == "9" + PUZZLE[1:]
    assert "candidates 2 7" in cell(d, "r1c2").get_attribute("aria-label")
    # A reload of the same address keeps it too.
    d.refresh()
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 81)
    assert grid_digits(d) == "9" + PUZZLE[1:]


def test_keyboard_only_tab_to_the_board_and_place_a_digit(driver):
    d = driver
    open_page(d)
    body = d.find_element(By.TAG_NAME, "body")
    body.click()
    # Tab from the top of the page until a board cell has the focus.
    for _ in range(40):
        active = d.switch_to.active_element
        if (active.get_attribute("data-testid") or "").startswith("cell-"):
            break
        active.send_keys(Keys.TAB)
    active = d.switch_to.active_element
    assert (active.get_attribute("data-testid") or "").startswith("cell-"), "Tab never reached the board"
    # The focused cell is the first empty one, r1c1; move right and back with the arrows.
    assert active.get_attribute("data-testid") == "cell-r1c1"
    active.send_keys(Keys.ARROW_RIGHT)
    assert d.switch_to.active_element.get_attribute("data-testid") == "cell-r1c2"
    d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    active = d.switch_to.active_element
    assert active.get_attribute("data-testid") == "cell-r1c1"
    active.send_keys("9")
    assert grid_digits(d)[0] == "9"
    assert cell(d, "r1c1").get_attribute("aria-label") == "row 1, column 1, 9"
    # Givens cannot be changed: r1c6 holds a given 6.
    for _ in range(5):
        d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    d.switch_to.active_element.send_keys("1")
    assert grid_digits(d)[5] == "6"
    # Ctrl+Z takes the 9 back; Ctrl+Y puts it again.
    d.switch_to.active_element.send_keys(Keys.CONTROL, "z")
    assert grid_digits(d)[0] == "."
    d.switch_to.active_element.send_keys(Keys.CONTROL, "y")
    assert grid_digits(d)[0] == "9"
    # Backspace clears a placed digit.
    for _ in range(5):
        d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    d.switch_to.active_element.send_keys(Keys.BACKSPACE)
    assert grid_digits(d)[0] == "."


def test_phone_width_with_a_hint(driver):
    d = driver
    d.set_window_size(375, 900)
    d.get(BASE)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 81)
    width = d.execute_script("return document.documentElement.clientWidth")
    board = d.find_element(By.ID, "board")
    assert board.rect["x"] >= 0 and board.rect["x"] + board.rect["width"] <= width, (board.rect, width)
    assert d.execute_script("return document.documentElement.scrollWidth") <= width
    Select(d.find_element(By.ID, "hint-level")).select_by_value("full")
    d.find_element(By.ID, "hint-btn").click()
    wait(d, lambda d: d.find_element(By.ID, "hint-box").is_displayed())
    shot(d, "play-phone.png")
    d.set_window_size(*DESKTOP)
