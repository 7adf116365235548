#!/usr/bin/env python3
"""Plays live games of `fairy serve` in three headless Chromium browsers (WebDriver).

Usage: live_browser.py FAIRY_BINARY SCREENSHOT_DIR

- Two browsers play a whole game of Synthesis against each other through the pages: one
  creates it in the lobby with an invite link, the other opens the link and joins, a third
  finds it in the lobby and watches; every move is made by clicks and seen by all three; the
  game ends in checkmate and the archive lists it, with its replay and record.
- The spectator's own move, resignation and draw offer are refused.
- A clock of six seconds runs out: the server ends the game on time and both pages say so.
- Imperial Regicide across several turns of sub-moves by clicks: each player's own side at
  the bottom, the three sub-moves of the last turn marked (also the engine's, when the
  person plays Black against it).
- Dragonchess: the second player's board keeps the levels in order (Sky left); on a phone
  the levels are stacked, Sky on top. Check and the last move are marked on the board.
- The server is killed with SIGKILL in the middle of a game and started again: the pages
  reconnect by themselves, every acknowledged move is there and both players go on.
- Screenshots of every page (also 390 px wide) go to SCREENSHOT_DIR.

Only the loopback address is used. Prints one line per check and `N passed, N failed` last.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

FAIRY = os.path.abspath(sys.argv[1])
SHOTS = os.path.abspath(sys.argv[2])
DATA = tempfile.mkdtemp(prefix="fairy-live-")
DB = os.path.join(DATA, "games.sqlite3")

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


PORT = free_port()
BASE = "http://127.0.0.1:%d" % PORT


def start_server():
    proc = subprocess.Popen([FAIRY, "serve", "--port", str(PORT), "--database", DB],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline().strip()
    if not line.startswith("listening on http://127.0.0.1:"):
        raise SystemExit("unexpected first line from fairy serve: " + line)
    return proc


def browser(width=1200, height=850):
    opts = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=%d,%d" % (width, height), "--hide-scrollbars"]:
        opts.add_argument(a)
    opts.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def state(d):
    return d.execute_script("return game")


def until(d, script, *args, timeout=20):
    WebDriverWait(d, timeout).until(lambda d: d.execute_script(script, *args))


def click_square(d, square, attempts=8):
    """Clicks the piece on `square`, or the cell when it is empty (found again when the
    board was redrawn in between)."""
    for attempt in range(attempts):
        els = d.find_elements(By.CSS_SELECTOR, '#board .piece[data-square="%s"]' % square)
        if not els:
            els = d.find_elements(By.CSS_SELECTOR, '#board .cell[data-square="%s"]' % square)
        try:
            els[0].click()
            return
        except (StaleElementReferenceException, IndexError):
            if attempt == attempts - 1:
                raise
            time.sleep(0.15)


def play(d, move):
    """Plays `move` (listed in the page's moves) by clicking its two squares."""
    until(d, "return game && game.moves.some((m) => m.text === arguments[0])", move)
    m = [m for m in state(d)["moves"] if m["text"] == move][0]
    click_square(d, m["from"])
    until(d, "return document.querySelectorAll('#marks .target').length > 0")
    click_square(d, m["to"])


def plies(d, n, timeout=20):
    until(d, "return game && game.history.length === arguments[0]", n, timeout=timeout)


def shot(d, name):
    d.save_screenshot(os.path.join(SHOTS, name + ".png"))


# Disc fills of the first and the second player's pieces (white/black, gold/scarlet).
FIRST = ["#ffffff", "#f5c518"]
SECOND = ["#222222", "#b3122e"]


def own_side_below(d, seat):
    """Whether the pieces of `seat` stand lower on the screen (on average) than the other's."""
    mean = d.execute_script("""
      const ys = {};
      for (const p of document.querySelectorAll('#board .piece')) {
        const fill = p.querySelector('circle').getAttribute('fill');
        const r = p.getBoundingClientRect();
        (ys[fill] = ys[fill] || []).push(r.y + r.height / 2);
      }
      const out = {};
      for (const [k, v] of Object.entries(ys)) out[k] = v.reduce((a, b) => a + b, 0) / v.length;
      return out;""")
    mine = [mean[f] for f in (FIRST if seat == 0 else SECOND) if f in mean]
    theirs = [mean[f] for f in (SECOND if seat == 0 else FIRST) if f in mean]
    return bool(mine and theirs and mine[0] > theirs[0])


def marks(d, css):
    return [e.get_attribute("data-square") for e in d.find_elements(By.CSS_SELECTOR, "#marks " + css)]


def title_boxes(d):
    """The screen box of each level title of a layered board, by its text."""
    return d.execute_script("""
      const out = {};
      for (const t of document.querySelectorAll('#board svg #labels text')) {
        const text = t.textContent.trim();
        if (/\(\d\)$/.test(text)) {
          const r = t.getBoundingClientRect();
          out[text] = { x: r.x, y: r.y };
        }
      }
      return out;""")


def create(d, variant, name, time_kind="none", base_min=None, increment=0, color="white",
           opponent="invite", level=None):
    """Creates a game in the lobby; returns its id once the game page shows it."""
    d.get(BASE + "/lobby")
    until(d, "return document.querySelectorAll('#variant option').length > 0")
    nick = d.find_element(By.ID, "nickname")
    nick.clear()
    nick.send_keys(name)
    Select(d.find_element(By.ID, "variant")).select_by_value(variant)
    d.find_element(By.CSS_SELECTOR, 'input[name="time"][value="%s"]' % time_kind).click()
    if base_min is not None:
        for field, value in [("base", base_min), ("increment", increment)]:
            el = d.find_element(By.ID, field)
            el.clear()
            el.send_keys(str(value))
    d.find_element(By.CSS_SELECTOR, 'input[name="color"][value="%s"]' % color).click()
    d.find_element(By.CSS_SELECTOR, 'input[name="opponent"][value="%s"]' % opponent).click()
    if level is not None:
        Select(d.find_element(By.ID, "level")).select_by_visible_text(str(level))
    d.find_element(By.ID, "create-button").click()
    WebDriverWait(d, 20).until(lambda d: "/play/" in d.current_url)
    until(d, "return game && game.live.you !== null")
    return d.current_url.rsplit("/", 1)[1]


def join(d, url, name):
    d.get(url)
    WebDriverWait(d, 20).until(lambda d: d.find_element(By.ID, "join-box").is_displayed())
    field = d.find_element(By.ID, "join-name")
    field.clear()
    field.send_keys(name)
    d.find_element(By.ID, "join").click()
    until(d, "return game && game.live.you !== null && game.live.status === 'playing'")


def text(d, id_):
    return d.find_element(By.ID, id_).text


def two_browsers_and_a_spectator(a, b, c):
    gid = create(a, "synthesis", "Ann", "clock", 5, 3, "white", "invite")
    invite = a.find_element(By.ID, "invite-link").get_attribute("value")
    check(a.find_element(By.ID, "invite").is_displayed() and invite.endswith("/play/" + gid),
          "creator sees the invite link " + invite)
    shot(a, "live-waiting")
    join(b, invite, "Bob")
    until(a, "return game.live.status === 'playing'")
    check(state(a)["live"]["names"] == ["Ann", "Bob"], "the creator sees the opponent join")
    check(state(b)["flipped"] and not state(a)["flipped"], "each player's side is drawn at the bottom")
    # The spectator finds the game in the lobby.
    c.get(BASE + "/lobby")
    WebDriverWait(c, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#playing a.watch'))
    shot(c, "live-lobby")
    c.find_element(By.CSS_SELECTOR, '#playing a.watch[href="/play/%s"]' % gid).click()
    until(c, "return game && game.live.status === 'playing'")
    check(state(c)["live"]["you"] is None and not c.find_element(By.ID, "actions").is_displayed(),
          "the spectator has no seat and no buttons")
    # Seats: the spectator's move, resignation and draw offer are refused.
    for msg in [{"t": "move", "move": "f2-f3"}, {"t": "resign"}, {"t": "draw"}]:
        c.execute_script("socket.send(JSON.stringify(arguments[0]))", msg)
        WebDriverWait(c, 10).until(lambda d: "only a player" in text(d, "error"))
        check(True, "spectator's %s refused: %s" % (msg["t"], text(c, "error")))
        c.execute_script("showError()")
    check(state(c)["history"] == [] and state(c)["live"]["status"] == "playing", "nothing changed")
    # Fool's mate: every move reaches the opponent and the spectator.
    line = ["f2-f3", "e7-e5", "g2-g4", "d8-h4"]
    for n, move in enumerate(line):
        mover = a if n % 2 == 0 else b
        play(mover, move)
        for d in (a, b, c):
            plies(d, n + 1)
        check(state(c)["history"] == line[:n + 1], "all three pages see " + move)
        if n == 1:
            check("Last move: e7-e5" in text(a, "last"), "the last move is shown: " + text(a, "last"))
            check(a.find_elements(By.CSS_SELECTOR, "#marks .last-move"), "the last move is marked on the board")
            running = a.find_element(By.CSS_SELECTOR, "#bottom .clock")
            check("running" in running.get_attribute("class"), "white's clock runs: " + running.text)
            shot(a, "live-playing")
    for d in (a, b, c):
        until(d, "return game.over")
    banner = text(c, "banner")
    check("checkmate" in banner and banner.startswith("0-1"), "the spectator is told: " + banner)
    check("checkmate" in text(a, "banner") and "checkmate" in text(b, "banner"), "both players are told")
    check(state(c)["live"]["check"], "the mated side is in check")
    check(marks(b, ".in-check") == ["e1"], "the mated king's cell is marked: %s" % marks(b, ".in-check"))
    fill = b.find_element(By.CSS_SELECTOR, '#board .cell[data-square="e1"] rect').get_attribute("fill")
    check(fill == "#ff5a4f", "the mated king's cell is red (%s)" % fill)
    check(sorted(marks(b, ".last-move")) == ["d8", "h4"] and marks(b, ".last-move.to") == ["h4"],
          "the last move is marked from and to: %s" % marks(b, ".last-move"))
    shot(b, "live-mate")
    # The archive lists the game; its page replays it and offers the record.
    a.get(BASE + "/archive")
    WebDriverWait(a, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#recent a[href="/play/%s"]' % gid))
    shot(a, "live-archive")
    a.find_element(By.CSS_SELECTOR, '#recent a[href="/play/%s"]' % gid).click()
    until(a, "return game && game.over")
    a.find_element(By.ID, "first").click()
    WebDriverWait(a, 10).until(lambda d: "after move 0" in text(d, "viewing"))
    a.find_element(By.ID, "forward").click()
    WebDriverWait(a, 10).until(lambda d: "after move 1 of 4" in text(d, "viewing"))
    check(True, "the finished game replays move by move")
    shot(a, "live-replay")
    href = a.find_element(By.ID, "download").get_attribute("href")
    with urllib.request.urlopen(href) as r:
        record = r.read().decode()
    check('[Result "0-1"]' in record and "d8-h4" in record and '[White "Ann"]' in record,
          "the record downloads: " + record.replace("\n", " ")[:160])
    return gid


def flag_fall(a, b):
    gid = create(a, "chess-t", "Ann", "clock", 0.1, 0, "white", "invite")
    join(b, BASE + "/play/" + gid, "Bob")
    until(a, "return game.live.status === 'playing'")
    play(a, state(a)["moves"][0]["text"])
    plies(b, 1)
    play(b, state(b)["moves"][0]["text"])
    plies(a, 2)
    # White's six seconds run out; the server decides.
    for d in (a, b):
        until(d, "return game.over", timeout=20)
    for d, who in [(a, "white"), (b, "black")]:
        banner = text(d, "banner")
        check("on time" in banner and banner.startswith("0-1"), who + "'s page says: " + banner)
    check(a.find_element(By.CSS_SELECTOR, "#bottom .clock").text == "0:00", "white's clock shows 0:00")
    check(b.find_element(By.CSS_SELECTOR, "#top .clock").text == "0:00" and state(b)["live"]["clocks"][0] == 0,
          "black's page shows white's clock at 0:00 too")
    shot(a, "live-flag")


def regicide(a, b):
    gid = create(a, "regicide", "Ann", "none", color="white", opponent="invite")
    join(b, BASE + "/play/" + gid, "Bob")
    until(a, "return game.live.status === 'playing'")
    until(b, "return game && document.querySelectorAll('#board .piece').length > 0")
    check(own_side_below(a, 0), "regicide: White sees White at the bottom")
    check(own_side_below(b, 1), "regicide: Black sees Black at the bottom")
    shot(a, "live-regicide-start")
    n = 0
    for turn in range(4):
        d = a if turn % 2 == 0 else b
        for sub in range(3):
            until(d, "return game.moves.length > 0")
            turn_text = text(d, "turn")
            check(("sub-move %d of 3" % (sub + 1)) in turn_text, "regicide turn %d: %s" % (turn + 1, turn_text))
            play(d, state(d)["moves"][0]["text"])
            n += 1
            plies(a, n)
            plies(b, n)
        check(state(a)["to_move"] == (turn + 1) % 2, "regicide: after three sub-moves the other side is to move")
        for e in (a, b):
            until(e, "return document.querySelectorAll('#marks .last-move.to').length === 3")
        check(len(marks(a, ".last-move.to")) == 3 and len(marks(b, ".last-move.from")) == 3,
              "regicide: the three sub-moves of the last turn are marked (%s)" % " ".join(marks(a, ".last-move")))
    shot(b, "live-regicide")
    return gid


def engine_black(a):
    """Black against the engine in Imperial Regicide: Black at the bottom, the engine's
    three sub-moves marked."""
    create(a, "regicide", "Ann", "none", color="black", opponent="engine", level=1)
    until(a, "return game.history.length >= 3 && game.to_move === 1", timeout=60)
    until(a, "return document.querySelectorAll('#marks .last-move.to').length === 3")
    check(own_side_below(a, 1), "engine game: Black (the person) at the bottom")
    check(len(marks(a, ".last-move.to")) == 3,
          "engine game: the engine's three sub-moves are marked (%s)" % " ".join(marks(a, ".last-move")))
    shot(a, "live-regicide-engine")


def dragonchess(a, b):
    """Dragonchess between two people: the second player's board keeps the levels' order."""
    gid = create(a, "dragonchess", "Ann", "none", color="white", opponent="invite")
    join(b, BASE + "/play/" + gid, "Bob")
    until(b, "return document.querySelectorAll('#board .piece').length > 0")
    for d, seat in [(a, 0), (b, 1)]:
        t = title_boxes(d)
        ok = len(t) == 3 and t["Sky (3)"]["x"] < t["Ground (2)"]["x"] < t["Underworld (1)"]["x"]
        check(ok, "dragonchess: seat %d sees Sky, Ground, Underworld left to right" % seat)
        check(own_side_below(d, seat), "dragonchess: seat %d sees its own pieces at the bottom" % seat)
    shot(a, "live-dragonchess")
    shot(b, "live-dragonchess-flipped")
    return gid


def restart(a, b, proc):
    gid = create(a, "glinski", "Ann", "clock", 10, 5, "white", "invite")
    join(b, BASE + "/play/" + gid, "Bob")
    until(a, "return game.live.status === 'playing'")
    played = []
    for n in range(3):
        d = a if n % 2 == 0 else b
        mv = state(d)["moves"][0]["text"]
        play(d, mv)
        played.append(mv)
        plies(a, n + 1)
        plies(b, n + 1)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    WebDriverWait(a, 10).until(lambda d: "lost" in text(d, "conn"))
    check(True, "the page shows the lost connection: " + text(a, "conn"))
    shot(a, "live-connection-lost")
    proc = start_server()
    for d, seat in [(a, 0), (b, 1)]:
        until(d, "return socket.readyState === 1 && game.live.you === arguments[0]", seat, timeout=30)
        check(state(d)["history"] == played, "after the restart seat %d is back with every move" % seat)
    for n in range(3, 5):
        d = a if n % 2 == 0 else b
        until(d, "return game.moves.length > 0")
        mv = state(d)["moves"][0]["text"]
        play(d, mv)
        played.append(mv)
        plies(a, n + 1)
        plies(b, n + 1)
    check(state(b)["history"] == played, "both players go on after the restart")
    # A reload brings the game back as it was, seat included.
    b.refresh()
    until(b, "return game && game.live.you === 1 && game.history.length === 5")
    check(True, "a reload keeps the seat")
    return proc


def phone(base_gid, tag):
    d = browser()
    try:
        # Headless Chromium starts at least 500 px wide; a resize goes below.
        d.set_window_size(390, 844)
        d.get(BASE + "/lobby")
        until(d, "return document.querySelectorAll('#variant option').length > 0")
        shot(d, "live-phone-lobby")
        d.get(BASE + "/play/" + base_gid)
        until(d, "return game !== null")
        width = d.execute_script("return document.querySelector('#board svg').getBoundingClientRect().width")
        box = d.execute_script("return document.getElementById('board').clientWidth")
        cell = d.execute_script("return document.querySelector('#board .cell').getBoundingClientRect().width")
        if tag == "regicide":
            # A broad board keeps playable cells and scrolls sideways inside its box.
            check(width >= 720 and box <= 390, "phone: Regicide's board is %d px, scrolling in %d px" % (width, box))
            check(cell >= 28, "phone: Regicide's cells are %.0f px" % cell)
        elif tag == "dragonchess":
            t = title_boxes(d)
            ok = len(t) == 3 and t["Sky (3)"]["y"] < t["Ground (2)"]["y"] < t["Underworld (1)"]["y"]
            check(ok and 0 < width <= 390, "phone: Dragonchess's levels stacked, Sky on top (%d px wide)" % width)
            check(cell >= 28, "phone: Dragonchess's cells are %.0f px" % cell)
        else:
            check(0 < width <= 390, "phone: the board fits the width (%d px)" % width)
        overflow = d.execute_script("return document.documentElement.scrollWidth")
        check(overflow <= 390, "phone: no sideways scrolling (%d px)" % overflow)
        shot(d, "live-phone-" + tag)
        d.get(BASE + "/archive")
        until(d, "return document.querySelectorAll('#recent tbody tr').length > 0")
        shot(d, "live-phone-archive")
    finally:
        d.quit()


def main():
    os.makedirs(SHOTS, exist_ok=True)
    proc = start_server()
    drivers = []
    try:
        a, b, c = browser(), browser(), browser()
        drivers = [a, b, c]
        gid = two_browsers_and_a_spectator(a, b, c)
        c.quit()
        drivers.remove(c)
        flag_fall(a, b)
        rgid = regicide(a, b)
        dgid = dragonchess(a, b)
        engine_black(a)
        proc = restart(a, b, proc)
        phone(gid, "synthesis")
        phone(rgid, "regicide")
        phone(dgid, "dragonchess")
        for d in drivers:
            errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"
                      and "ERR_CONNECTION_REFUSED" not in e.get("message", "")
                      and "/ws" not in e.get("message", "")]
            check(not errors, "no script errors in the console " + json.dumps(errors)[:300])
        with urllib.request.urlopen(BASE + "/api/live/lobby") as r:
            check(r.status == 200, "server still answering")
    except WebDriverException as e:
        check(False, "WebDriver: " + str(e).splitlines()[0])
    finally:
        for d in drivers:
            d.quit()
        proc.terminate()
        proc.wait(10)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
