"""The games of tests/endings/endings.json, played through fv.Match, end with the same
result and reason as through the ``fairy`` command and the web API; the game driver's
clock, abort and takeback from Python; scores print mate as mate."""

import json

import pytest

import fairy_variants as fv
from conftest import ROOT

ENDINGS = json.loads((ROOT / "tests" / "endings" / "endings.json").read_text())


@pytest.mark.parametrize("e", ENDINGS, ids=[e["name"] for e in ENDINGS])
def test_each_ending_reads_as_on_every_front(e):
    m = fv.Match(e["variant"], e["position"], players=("a", "b"), max_plies=e["max_plies"])
    for mv in e["moves"]:
        m.play(mv)
    side = m.turn
    if e["then"] == "resign":
        m.resign(side)
    elif e["then"] == "draw":
        m.offer_draw(side)
        m.accept_draw(1 - side)
    t = m.termination()
    assert m.is_over() and t is not None
    assert t.result == e["result"]
    assert t.reason == e["termination"]
    assert t.description == e["description"] == str(t)
    record = m.record()
    assert f'[Result "{e["result"]}"]' in record
    assert f'[Termination "{e["termination"]}"]' in record
    with pytest.raises(fv.GameError, match="the game is over"):
        m.resign(0)


def test_play_games_draws_at_the_length_cap():
    for g in fv.play_games("dragonchess", 2, seed=3, max_plies=6):
        assert len(g["moves"]) == 6
        assert g["result"] == "1/2-1/2"
        assert g["reason"] == "adjudicated: game-length cap of 6 plies reached (ruling G2)"
        assert '[Termination "adjudicated: game-length cap of 6 plies reached' in g["record"]


def test_the_clock_falls_on_the_callers_instants():
    m = fv.Match("synthesis", base_ms=1000, increment_ms=100)
    m.start_clock(0)
    assert m.play("e2-e4", now_ms=400) == "e2-e4"
    assert m.clock_ms("white", 400) == 700
    assert m.clock_ms(1, 900) == 500
    # Black's clock runs from 400 with its 1000 ms.
    assert m.check_flag(1400) is None
    t = m.check_flag(1401)
    assert t is not None and t.kind == "time" and t.result == "1-0"
    assert t.reason == "black lost on time"
    with pytest.raises(fv.GameError):
        m.play("e7-e5", now_ms=1401)


def test_seats_abort_and_takeback():
    m = fv.Match("dragonchess", players=("ann", "bob"))
    with pytest.raises(fv.GameError, match="turn"):
        m.play("2c7-2c6", seat="scarlet")
    with pytest.raises(fv.MoveError):
        m.play("2c2-2c9")
    with pytest.raises(fv.ArgumentError):
        m.resign("red")
    m.play("2c2-2c3", seat="gold")
    assert m.takeback("gold") == 1 and m.moves == []
    m.play("2c2-2c3")
    with pytest.raises(fv.GameError, match="abort"):
        m.abort(0)
    m.abort("scarlet")
    t = m.termination()
    assert t.result == "*" and t.kind == "aborted"


def test_scores_say_mate_as_mate():
    b = fv.Board("synthesis", "8/5R2/5K2/1p6/8/3Q4/8/2k5 w - - 0 1")
    a = b.analyse(depth=4)
    assert a["score"].mate == 2 and a["score"].cp is None
    assert str(a["score"]) == "#2"
    assert a["move"].uci() == a["pv"][0]
    s = fv.Board("synthesis").analyse(depth=1)["score"]
    assert s.mate is None and isinstance(s.cp, int) and s.text.count(".") == 1
