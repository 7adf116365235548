#!/usr/bin/env python3
"""Drives the page of `fairy serve` in headless Chromium through WebDriver (Selenium).

Usage: browser.py FAIRY_BINARY SCREENSHOT_DIR [--wasm DIR]

For Dragonchess, Glinski, Regicide and Chess-T (and a screenshot of every other variant):
select a piece by clicking it, check that exactly its legal targets (as `fairy moves
--from` lists them) are marked, play moves by clicking until the engine is to move, wait
for the engine's reply, check the page's position notation against `fairy apply`, undo,
and check the notation again. Screenshots of each board go to SCREENSHOT_DIR. Only the
loopback address is used. Prints one line per check and `N passed, N failed` last.

The page answers from one of two backends. Without `--wasm` the server's JSON API answers
(the page asks it for the new game: the check of the backend sees those requests). With
`--wasm DIR` (DIR the module `crates/wasm/build` writes, target/wasm/pkg) the server runs
as `fairy serve --wasm DIR`, the page computes legal targets, captures, pictures and the
engine's moves with the WebAssembly module, and the same checks run on it; the check of the
backend then finds that the page made no request at all to the server's API (`/api/...`)
from loading to after a click that marked a piece's legal targets. A second server offered
a module that does not compile shows the page falling back to the server's legal-move
lists without an error on the page or the console.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

FAIRY = os.path.abspath(sys.argv[1])
SHOTS = os.path.abspath(sys.argv[2])
WASM = os.path.abspath(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[3] == "--wasm" else None
PLAYED = ["dragonchess", "glinski", "regicide", "chess-t"]
PICTURED = ["dainy", "chess-t2", "chess-t1", "synthesis"]

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print("ok:", what, flush=True)
    else:
        failed += 1
        print("FAILED:", what, flush=True)


def fairy(*args):
    return subprocess.run([FAIRY, *args], check=True, capture_output=True, text=True).stdout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(wasm=None):
    port = free_port()
    wasm = wasm or WASM
    extra = ["--wasm", wasm] if wasm else []
    proc = subprocess.Popen([FAIRY, "serve", "--port", str(port), *extra], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline().strip()
    if not line.startswith("listening on http://127.0.0.1:"):
        raise SystemExit("unexpected first line from fairy serve: " + line)
    return proc, line.split(" ", 2)[2].rstrip("/")


def game(driver):
    return driver.execute_script("return game")


def wait_idle(driver, timeout=60):
    """Waits until the page is not thinking and the human is to move (or the game is over)."""
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script(
        "return game && !thinking && (game.over || game.players[game.to_move] === 'human')"))
    return game(driver)


def marked_targets(driver):
    return {e.get_attribute("data-square") for e in driver.find_elements(By.CSS_SELECTOR, "#marks .target")}


def click_square(driver, square, attempts=5):
    """Clicks the piece on `square`, or the cell when it is empty.

    Each answer from the server redraws the board, so an element found a moment before can
    be gone; WebDriver then refuses the click before dispatching it, and the square is found
    again and clicked.
    """
    for attempt in range(attempts):
        # A piece, when there is one, lies over the cell; either carries the square's name.
        els = driver.find_elements(By.CSS_SELECTOR, '#board .piece[data-square="%s"]' % square)
        if not els:
            els = driver.find_elements(By.CSS_SELECTOR, '#board .cell[data-square="%s"]' % square)
        try:
            els[0].click()
            return
        except StaleElementReferenceException:
            if attempt == attempts - 1:
                raise
            time.sleep(0.1)


def new_game(driver, condition, *args):
    """Clicks New and waits until the server's new game (a fresh id, no moves) meets `condition`."""
    old = driver.execute_script("return game ? game.id : null")
    driver.find_element(By.ID, "new").click()
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return game && game.id !== arguments[0] && game.history.length === 0 && (" + condition + ")",
        old, *args))


def play_variant(driver, base, variant):
    driver.get(base + "/?variant=" + variant)
    Select(driver.find_element(By.ID, "strength")).select_by_value("depth:1")
    Select(driver.find_element(By.ID, "sides")).select_by_value("human,engine")
    new_game(driver, "game.variant === arguments[1] && game.players[1] === 'engine'", variant)
    g = wait_idle(driver)
    check(len(driver.find_elements(By.CSS_SELECTOR, "#board svg .cell")) > 60, variant + ": board drawn")
    start = fairy("start", variant).strip()
    check(g["position"] == start, variant + ": page starts from `fairy start`")
    turns = 0
    # The first player's whole turn (three sub-moves in Regicide) by clicks.
    turn_over = False
    while not turn_over and not g["over"]:
        pos = g["position"]
        # The piece with the most moves, so that the screenshot shows many targets; a move
        # without promotion choice is clicked.
        froms = sorted({m["from"] for m in g["moves"]})
        counts = {f: len(fairy("moves", variant, "--fen", pos, "--from", f).split()) for f in froms}
        square = max(froms, key=lambda f: (counts[f], f))
        click_square(driver, square)
        expected = set()
        for text in fairy("moves", variant, "--fen", pos, "--from", square).split():
            to = [m["to"] for m in g["moves"] if m["text"] == text][0]
            expected.add(to)
        got = marked_targets(driver)
        check(got == expected, "%s: %s marks exactly its %d targets (%s)" % (variant, square, len(expected), " ".join(sorted(got))))
        captures = {m["to"] for m in g["moves"] if m["from"] == square and m["capture"]}
        marked_captures = {e.get_attribute("data-square") for e in driver.find_elements(By.CSS_SELECTOR, "#marks .capture")}
        check(marked_captures == captures, "%s: captures marked apart (%d)" % (variant, len(captures)))
        if turns == 0:
            driver.save_screenshot(os.path.join(SHOTS, variant + "-selected.png"))
        target = sorted(m["to"] for m in g["moves"] if m["from"] == square and not m["promotion"])[0]
        before = len(g["history"])
        click_square(driver, target)
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return game.history.length") > before)
        g = game(driver)
        check(g["history"][before].startswith(square), "%s: clicking %s then %s played %s" % (variant, square, target, g["history"][before]))
        turns += 1
        # The engine may already have replied; the turn is over when the next move was
        # the second player's or it is the second player's move.
        turn_over = g["movers"][before + 1] == 1 if len(g["history"]) > before + 1 else g["to_move"] == 1
    g = wait_idle(driver)
    mover = g["movers"][-1] if g["movers"] else None
    check(mover == 1, variant + ": the engine replied (" + " ".join(g["history"][turns:]) + ")")
    shown = driver.find_element(By.ID, "notation").get_attribute("value")
    applied = fairy("apply", variant, *g["history"]).strip()
    check(shown == applied, variant + ": page notation equals `fairy apply` after " + " ".join(g["history"]))
    last = {e.get_attribute("data-square") for e in driver.find_elements(By.CSS_SELECTOR, "#marks .last-move")}
    reply = [t for t, m in zip(g["history"], g["movers"]) if m == 1]
    check(len(driver.find_elements(By.CSS_SELECTOR, "#marks .last-move.to")) == len(reply) and last,
          "%s: the engine's turn (%s) is marked on the board: %s" % (variant, " ".join(reply), " ".join(sorted(last))))
    check(driver.find_element(By.ID, "search").text.startswith("engine:"), variant + ": the engine's line is shown")
    driver.save_screenshot(os.path.join(SHOTS, variant + ".png"))
    driver.find_element(By.ID, "undo").click()
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return game.history.length") == 0)
    shown = driver.find_element(By.ID, "notation").get_attribute("value")
    check(shown == start, variant + ": undo takes back the turn and its reply (notation as `fairy start`)")
    time.sleep(0.3)
    check(driver.find_element(By.ID, "search").text == "", variant + ": the undone engine line is gone")


def picture_variant(driver, base, variant):
    driver.get(base + "/?variant=" + variant)
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return game && game.variant === arguments[0]", variant))
    check(len(driver.find_elements(By.CSS_SELECTOR, "#board svg .cell")) > 60, variant + ": board drawn")
    driver.save_screenshot(os.path.join(SHOTS, variant + ".png"))


def black_against_the_engine(driver, base):
    """Engine (first) against the person (second): the person's side is at the bottom, also
    for a layered board, whose levels keep their order."""
    for variant in ["synthesis", "dragonchess"]:
        driver.get(base + "/?variant=" + variant)
        Select(driver.find_element(By.ID, "strength")).select_by_value("depth:1")
        Select(driver.find_element(By.ID, "sides")).select_by_value("engine,human")
        old = driver.execute_script("return game ? game.id : null")
        driver.find_element(By.ID, "new").click()
        # The engine moves first at once: wait for the new game and the person's turn.
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return game && game.id !== arguments[0] && game.variant === arguments[1] && game.players[0] === 'engine'"
            " && game.history.length > 0 && !thinking", old, variant))
        wait_idle(driver)
        ys = driver.execute_script("""
          const ys = {};
          for (const p of document.querySelectorAll('#board .piece')) {
            const r = p.getBoundingClientRect();
            const f = p.querySelector('circle').getAttribute('fill');
            (ys[f] = ys[f] || []).push(r.y);
          }
          const m = (v) => v.reduce((a, b) => a + b, 0) / v.length;
          return [m(ys['#ffffff'] || ys['#f5c518']), m(ys['#222222'] || ys['#b3122e'])];""")
        check(ys[1] > ys[0], variant + ": the person plays second and sees their side at the bottom")
        if variant == "dragonchess":
            xs = driver.execute_script("""
              return ['Sky (3)', 'Ground (2)', 'Underworld (1)'].map((t) => [...document.querySelectorAll('#labels text')]
                .find((e) => e.textContent.trim() === t).getBoundingClientRect().x);""")
            check(xs[0] < xs[1] < xs[2], "dragonchess: turned round, Sky is still left of Ground and Underworld")
            driver.save_screenshot(os.path.join(SHOTS, "dragonchess-second.png"))


def captures_beside_the_board(driver, base):
    """A pawn taken shows beside the board under the side that took it."""
    driver.get(base + "/?variant=synthesis")
    Select(driver.find_element(By.ID, "sides")).select_by_value("human,human")
    new_game(driver, "game.variant === 'synthesis' && game.players[1] === 'human'")
    for n, move in enumerate(["e2-e4", "d7-d5", "e4-d5"]):
        a, b = move.split("-")
        click_square(driver, a)
        click_square(driver, b)
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return game.history.length") == n + 1)
    took = driver.find_element(By.ID, "captured-bottom")
    check(took.get_attribute("data-pieces") == "P" and driver.find_element(By.ID, "captured-top").get_attribute("data-pieces") == "",
          "synthesis: the captured pawn is shown beside the board: " + took.text)


def backend_answers(driver, base):
    """Which backend answered, and which requests to the server's API the page made from
    loading to after a click on a piece: none with the module, the new game without."""
    driver.get(base + "/?variant=glinski")
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return game && game.variant === 'glinski'"))
    g = wait_idle(driver)
    want = "wasm" if WASM else "server"
    check(driver.execute_script("return fairyPage.backend()") == want, "the %s backend answers" % want)
    square = sorted({m["from"] for m in g["moves"]})[0]
    click_square(driver, square)
    expected = set()
    for text in fairy("moves", "glinski", "--fen", g["position"], "--from", square).split():
        expected.add([m["to"] for m in g["moves"] if m["text"] == text][0])
    got = marked_targets(driver)
    check(got == expected and got, "glinski: a click on %s marks its %d targets (%s)" % (square, len(expected), " ".join(sorted(got))))
    asked = driver.execute_script(
        "return performance.getEntriesByType('resource').map(r => r.name).filter(n => n.includes('/api/'))")
    if WASM:
        check(not asked, "no request to the server's API since the page loaded: %s" % asked)
    else:
        check(any("/api/games" in a for a in asked), "the page asked the server's API: %s" % " ".join(asked))
    driver.save_screenshot(os.path.join(SHOTS, "glinski-%s-backend.png" % want))


def broken_module_falls_back(driver):
    """A server offering a module that does not compile: the page answers from the server."""
    broken = tempfile.mkdtemp(prefix="fairy-broken-wasm-")
    shutil.copy(os.path.join(WASM, "fairy_wasm.js"), broken)
    with open(os.path.join(broken, "fairy_wasm_bg.wasm"), "wb") as f:
        f.write(b"\0asm\x01\0\0\0not a module")
    proc, base = start_server(broken)
    try:
        driver.get(base + "/?variant=glinski")
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return game && game.variant === 'glinski'"))
        g = wait_idle(driver)
        check(driver.execute_script("return fairyPage.backend()") == "server",
              "a module that does not compile: the server backend answers")
        square = sorted({m["from"] for m in g["moves"]})[0]
        click_square(driver, square)
        want = {m["to"] for m in g["moves"] if m["from"] == square}
        check(marked_targets(driver) == want and want, "a module that does not compile: %s's targets marked" % square)
        check(driver.find_element(By.ID, "error").text == "", "a module that does not compile: no error on the page")
        severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        check(not severe, "a module that does not compile: no error in the console " + json.dumps(severe)[:300])
    finally:
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(broken)


def mate_banner(driver, base):
    """Fool's mate in Synthesis by clicks (human against human): the end banner."""
    driver.get(base + "/?variant=synthesis")
    Select(driver.find_element(By.ID, "sides")).select_by_value("human,human")
    new_game(driver, "game.variant === 'synthesis' && game.players[1] === 'human'")
    for n, move in enumerate(["f2-f3", "e7-e5", "g2-g4", "d8-h4"]):
        a, b = move.split("-")
        click_square(driver, a)
        click_square(driver, b)
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return game.history.length") == n + 1)
    banner = driver.find_element(By.ID, "banner")
    g = game(driver)
    check(banner.is_displayed() and banner.text == g["result"]["text"] and "checkmate" in banner.text,
          "synthesis: the end banner says " + repr(banner.text))
    check(not marked_targets(driver), "synthesis: no targets after the end")
    stroke = driver.find_element(By.CSS_SELECTOR, '#board .cell[data-square="e1"] rect').get_attribute("stroke")
    check(stroke == "#e02020", "synthesis: the mated king's cell is outlined in red (" + str(stroke) + ")")
    driver.save_screenshot(os.path.join(SHOTS, "synthesis-mate.png"))


def main():
    os.makedirs(SHOTS, exist_ok=True)
    proc, base = start_server()
    try:
        opts = webdriver.ChromeOptions()
        for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--window-size=1280,800", "--hide-scrollbars"]:
            opts.add_argument(a)
        opts.binary_location = "/usr/bin/chromium"
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
        try:
            backend_answers(driver, base)
            for v in PLAYED:
                play_variant(driver, base, v)
            for v in PICTURED:
                picture_variant(driver, base, v)
            mate_banner(driver, base)
            black_against_the_engine(driver, base)
            captures_beside_the_board(driver, base)
            # Phone size: the board scales to the width.
            driver.set_window_size(390, 844)
            driver.get(base + "/?variant=glinski")
            WebDriverWait(driver, 20).until(lambda d: d.execute_script("return game !== null"))
            width = driver.execute_script("return document.querySelector('#board svg').getBoundingClientRect().width")
            check(0 < width <= 390, "phone size: the board fits the width (%d px)" % width)
            driver.save_screenshot(os.path.join(SHOTS, "glinski-phone.png"))
            driver.get(base + "/?variant=dragonchess")
            WebDriverWait(driver, 20).until(lambda d: d.execute_script("return game !== null"))
            cell = driver.execute_script("return document.querySelector('#board .cell').getBoundingClientRect().width")
            check(cell >= 28, "phone size: Dragonchess's levels stacked, cells of %.0f px" % cell)
            driver.save_screenshot(os.path.join(SHOTS, "dragonchess-phone.png"))
            driver.get(base + "/?variant=regicide")
            WebDriverWait(driver, 20).until(lambda d: d.execute_script("return game !== null"))
            cell = driver.execute_script("return document.querySelector('#board .cell').getBoundingClientRect().width")
            page = driver.execute_script("return document.documentElement.scrollWidth")
            check(cell >= 28 and page <= 390,
                  "phone size: Regicide's cells are %.0f px, the board scrolls in its box (page %d px)" % (cell, page))
            driver.save_screenshot(os.path.join(SHOTS, "regicide-phone.png"))
            errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
            check(not errors, "no script errors in the console " + json.dumps(errors)[:300])
            if WASM:
                broken_module_falls_back(driver)
        finally:
            driver.quit()
        # The server still answers.
        with urllib.request.urlopen(base + "/api/variants") as r:
            check(r.status == 200, "server still answering")
    finally:
        proc.terminate()
        proc.wait(10)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
