#!/usr/bin/env python3
"""Plays the static board (crates/wasm/build static DIR: the board page of `fairy serve` on
its WebAssembly backend) in headless Chromium through WebDriver (Selenium), served by a
plain static file server on the loopback address.

Usage: browser.py STATIC_DIR SCREENSHOT_DIR

For every variant: a game against the engine (running in a Web Worker) by clicks: select a
piece, check that exactly its legal targets are marked, click a target (a capture when there
is one), wait for the engine's reply; several moves in Gliński and Dragonchess. While the
engine thinks for 3 s the page answers at once. No request other than the static files is
made, and the page says the WebAssembly backend answered. Screenshots go to SCREENSHOT_DIR.
Prints one line per check and `N passed, N failed`.
"""

import json
import os
import socket
import subprocess
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

STATIC = os.path.abspath(sys.argv[1])
SHOTS = os.path.abspath(sys.argv[2])
MOVES = {"glinski": 6, "dragonchess": 4}

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


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def js(driver, code):
    return driver.execute_script(code)


def wait_human(driver, timeout=60):
    """Waits until the engine is not thinking (the human is to move or the game is over)."""
    WebDriverWait(driver, timeout).until(lambda d: js(d, "return !!window.fairyPage && !fairyPage.thinking()"))


def click_square(driver, square, attempts=5):
    for attempt in range(attempts):
        # A piece, when there is one, lies over the cell; either carries the square's name.
        els = driver.find_elements(By.CSS_SELECTOR, '#board .piece[data-square="%s"]' % square)
        els = els or driver.find_elements(By.CSS_SELECTOR, '#board .cell[data-square="%s"]' % square)
        try:
            els[0].click()
            return
        except StaleElementReferenceException:
            if attempt == attempts - 1:
                raise
            time.sleep(0.1)


def human_move(driver, variant, shot=None):
    """Plays one move of the side to move by clicks; returns its text."""
    moves = js(driver, "return fairyPage.board().legalMoves()")
    # Prefer a capture, else the first move of the list (a varied but repeatable choice).
    captures = [m for m in moves if m["capture"]]
    m = (captures or moves)[0 if captures else len(moves) // 3]
    click_square(driver, m["from"])
    marked = {e.get_attribute("data-square") for e in driver.find_elements(By.CSS_SELECTOR, "#board .target")}
    expected = {x["to"] for x in moves if x["from"] == m["from"]}
    check(marked == expected, "%s: %s selected, its %d targets marked" % (variant, m["from"], len(expected)))
    rings = {e.get_attribute("data-square") for e in driver.find_elements(By.CSS_SELECTOR, "#board .target.capture")}
    check(rings == {x["to"] for x in moves if x["from"] == m["from"] and x["capture"]},
          "%s: captures from %s ringed" % (variant, m["from"]))
    if shot:
        driver.save_screenshot(os.path.join(SHOTS, shot))
    before = js(driver, "return fairyPage.board().moveStack().length")
    click_square(driver, m["to"])
    # A promotion chooser: take the first piece offered.
    if js(driver, "return !document.getElementById('promotion').hidden"):
        driver.find_element(By.CSS_SELECTOR, "#promotion button").click()
    WebDriverWait(driver, 10).until(lambda d: js(d, "return fairyPage.board().moveStack().length") > before)
    played = js(driver, "return fairyPage.board().moveStack()")[before]
    check(played.startswith(m["text"].split("=")[0]), "%s: clicks played %s" % (variant, played))
    return played


def play_variant(driver, base, variant):
    driver.get(base + "/?variant=" + variant)
    WebDriverWait(driver, 30).until(lambda d: js(d, "return !!window.fairyPage && !!fairyPage.board()"))
    Select(driver.find_element(By.ID, "strength")).select_by_value("ms:300")
    wait_human(driver)
    n = MOVES.get(variant, 1)
    for i in range(n):
        if js(driver, "return fairyPage.board().isGameOver()"):
            break
        before = js(driver, "return fairyPage.board().moveStack().length")
        # Imperial Regicide: a turn is up to three sub-moves; play until the engine is to move.
        while True:
            human_move(driver, variant, "%s-targets.png" % variant if i == 0 else None)
            if js(driver, "return fairyPage.thinking() || fairyPage.board().isGameOver()"):
                break
        wait_human(driver)
        stack = js(driver, "return fairyPage.board().moveStack()")
        over = js(driver, "return fairyPage.board().isGameOver()")
        check(len(stack) > before + 1 or over, "%s: the engine replied (%s)" % (variant, " ".join(stack[before:])))
    status = driver.find_element(By.ID, "status").text
    check("to move" in status or "Game over" in status, "%s: status line %r" % (variant, status))
    driver.save_screenshot(os.path.join(SHOTS, "%s.png" % variant))


def responsive_while_thinking(driver, base):
    driver.get(base + "/?variant=glinski")
    WebDriverWait(driver, 30).until(lambda d: js(d, "return !!window.fairyPage && !!fairyPage.board()"))
    Select(driver.find_element(By.ID, "strength")).select_by_value("ms:3000")
    # The engine plays the first side: it starts thinking at once.
    Select(driver.find_element(By.ID, "sides")).select_by_value("engine,human")
    WebDriverWait(driver, 10).until(lambda d: js(d, "return fairyPage.thinking()"))
    t0 = time.time()
    flipped = js(driver, "return fairyPage.flipped()")
    driver.find_element(By.ID, "flip").click()
    took = time.time() - t0
    check(js(driver, "return fairyPage.thinking()") and js(driver, "return fairyPage.flipped()") != flipped,
          "the page answers a click while the engine thinks (%.0f ms)" % (took * 1000))
    check(took < 1.0, "the click took %.0f ms, under 1 s of a 3 s search" % (took * 1000))
    wait_human(driver, 30)
    check(len(js(driver, "return fairyPage.board().moveStack()")) == 1, "the engine's move arrived from the worker")


def records_steps_and_positions(driver, base):
    """Synthesis, human against human, by clicks: e2-e4 d7-d5 e4xd5; the pawn taken beside the
    board; stepping back to the start and forward again; the record written and uploaded
    back; a game from the position notation."""
    driver.get(base + "/?variant=synthesis")
    WebDriverWait(driver, 30).until(lambda d: js(d, "return !!window.fairyPage && !!fairyPage.board()"))
    Select(driver.find_element(By.ID, "sides")).select_by_value("human,human")
    WebDriverWait(driver, 10).until(lambda d: js(d, "return game.players[1] === 'human'"))
    for n, move in enumerate(["e2-e4", "d7-d5", "e4-d5"]):
        a, b = move.split("-")
        click_square(driver, a)
        click_square(driver, b)
        WebDriverWait(driver, 10).until(lambda d: js(d, "return game.history.length") == n + 1)
    took = driver.find_element(By.ID, "captured-bottom").get_attribute("data-pieces")
    check(took == "P", "synthesis: the pawn taken is shown beside the board (%r)" % took)
    position = js(driver, "return game.position")
    driver.find_element(By.ID, "first").click()
    WebDriverWait(driver, 10).until(lambda d: "after move 0 of 3" in d.find_element(By.ID, "viewing").text)
    pieces = len(driver.find_elements(By.CSS_SELECTOR, "#board .piece"))
    check(pieces == 32, "synthesis: stepped back to the start, %d pieces drawn" % pieces)
    driver.find_element(By.ID, "last").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "viewing").text == "")
    record = driver.execute_script("return backend.record()")
    check('[Variant "synthesis"]' in record and "e2-e4" in record, "synthesis: the record is written")
    path = os.path.join(SHOTS, "synthesis-record.txt")
    with open(path, "w") as f:
        f.write(record)
    old = js(driver, "return game.id")
    driver.find_element(By.ID, "upload").send_keys(path)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return game.id !== arguments[0]", old))
    check(js(driver, "return game.position") == position and js(driver, "return game.history.length") == 3,
          "synthesis: the uploaded record gives the same game")
    old = js(driver, "return game.id")
    driver.find_element(By.ID, "load").click()
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return game.id !== arguments[0]", old))
    check(js(driver, "return game.position") == position and js(driver, "return game.history.length") == 0,
          "synthesis: a game from the position notation")
    driver.save_screenshot(os.path.join(SHOTS, "synthesis-from-position.png"))


def main():
    os.makedirs(SHOTS, exist_ok=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", STATIC], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = "http://127.0.0.1:%d" % port
    try:
        for _ in range(50):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        opts = webdriver.ChromeOptions()
        for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--window-size=1280,800", "--hide-scrollbars"]:
            opts.add_argument(a)
        opts.binary_location = "/usr/bin/chromium"
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
        try:
            driver.get(base + "/")
            WebDriverWait(driver, 30).until(lambda d: js(d, "return !!window.fairyPage && !!fairyPage.board()"))
            ids = js(driver, "return Array.from(document.querySelectorAll('#variant option')).map(o => o.value)")
            check(len(ids) >= 8, "variants listed: " + ", ".join(ids))
            check(js(driver, "return fairyPage.backend()") == "wasm", "the WebAssembly backend answers")
            check(not driver.find_element(By.ID, "lobby").is_displayed(), "no link to a server's lobby")
            for v in ids:
                play_variant(driver, base, v)
            responsive_while_thinking(driver, base)
            records_steps_and_positions(driver, base)
            resources = js(driver, "return performance.getEntriesByType('resource').map(r => r.name)")
            check(all(r.startswith(base + "/") for r in resources), "only the static files were fetched")
            errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
            check(not errors, "no script errors in the console " + json.dumps(errors)[:300])
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait(10)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
