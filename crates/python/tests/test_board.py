import json
import pickle

import numpy as np
import pytest

import fairy_variants as fv
from conftest import ROOT, perft_cases

VARIANTS = fv.variants()


def test_every_perft_file_has_a_variant():
    files = {f.stem for f in (ROOT / "tests" / "perft").glob("*.perft")}
    assert files == set(VARIANTS)


@pytest.mark.parametrize("variant,case,pos,depth,nodes", perft_cases())
def test_perft_equals_rust_figures(variant, case, pos, depth, nodes):
    assert fv.Board(variant, pos).perft(depth) == nodes


def conformance(variant, limit=25):
    lines = (ROOT / "tests" / "conformance" / f"{variant}.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines[:limit]]


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_moves_match_conformance_vectors(variant):
    for case in conformance(variant):
        b = fv.Board(variant, case["position"])
        assert b.legal_move_strings() == case["moves"]
        assert [m.uci() for m in b.legal_moves] == case["moves"]
        assert fv.legal_moves(variant, case["position"]) == case["moves"]
        assert b.result() == (case["outcome"]["result"] if case["outcome"] else "*") or case["outcome"] is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_notation_round_trips(variant):
    b = fv.Board(variant)
    assert b.position() == fv.start_position(variant)
    for i in range(30):
        if b.is_game_over():
            break
        mv = b.random_move(i)
        assert fv.Move(str(mv)) == mv
        assert str(b.push(mv)) == str(mv)
        # position text round trip
        assert fv.Board(variant, b.position()).position() == b.position()
        # action round trip
        a = b.copy()
        a.pop()
        assert a.action_to_move(a.move_to_action(mv)) == mv.uci()
    moves = [m.uci() for m in b.move_stack]
    assert fv.position_after(variant, None, moves) == b.position()
    assert fv.game_result(variant, None, moves) == b.result()
    assert fv.Board.from_record(b.record()).position() == b.position()


@pytest.mark.parametrize("variant", VARIANTS)
def test_push_pop_peek_copy_eq_hash(variant):
    b = fv.Board(variant)
    start = b.position()
    first = b.legal_moves[0]
    b.push(first)
    assert b.peek() == first and b.move_stack == [first]
    c = b.copy()
    assert c == b and hash(c) == hash(b) and type(c) is fv.Board
    c.push(c.legal_moves[0])
    assert c != b
    assert b.pop() == first
    assert b.position() == start and b.move_stack == []
    with pytest.raises(IndexError):
        b.pop()
    assert first.from_square and first.to_square
    assert first.uci().startswith(first.from_square)
    assert first.uci().endswith(first.to_square)


@pytest.mark.parametrize("variant", VARIANTS)
def test_masks_equal_legal_moves(variant):
    for case in conformance(variant, 8):
        b = fv.Board(variant, case["position"])
        mask = b.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (fv.action_size(variant),)
        actions = sorted(b.move_to_action(m) for m in case["moves"])
        assert list(np.flatnonzero(mask)) == actions == b.legal_actions()
        assert len(set(actions)) == len(case["moves"])
        assert sorted(b.action_to_move(a) for a in actions) == case["moves"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_observation_shape_and_pieces(variant):
    info = fv.variant_info(variant)
    b = fv.Board(variant)
    obs = b.observation()
    assert obs.shape == fv.observation_shape(variant) == (len(info["planes"]), info["squares"])
    assert obs.dtype == np.float32
    kinds = len(info["pieces"])
    # every piece of the start position is on exactly one piece plane
    boards = [part.split()[0] for part in b.position().split(" | ")]
    pieces = sum(ch.isalpha() for ch in "".join(boards))
    assert obs[: 2 * kinds].sum() == pieces
    assert obs[2 * kinds].max() == 0.0  # first side to move
    b.push(b.legal_moves[0])
    if b.turn == 1:
        assert obs.shape == b.observation().shape and b.observation()[2 * kinds].min() == 1.0
    # every square name is unique and parses back
    names = [n for n in info["square_names"] if n]
    assert len(set(names)) == len(names)


def test_regicide_front_plane():
    b = fv.Board("regicide")
    info = fv.variant_info("regicide")
    k = 2 * len(info["pieces"])
    assert info["planes"][k] == "black to move"
    assert info["planes"][k + 1] == "front I to move"
    assert b.observation()[k + 1].min() == 1.0
    assert b.observation()[k + 2].max() == 0.0


def test_synthesis_bereft_plane():
    pos = "rnbqkbnr/pppp1p1p/8/4p2p/4P3/2N5/PPPP1PPP/R1B1KBNR w KQkq - 0 4 B32/-"
    obs = fv.Board("synthesis", pos).observation()
    info = fv.variant_info("synthesis")
    i = info["planes"].index("white bereft: king moves left")
    assert obs[i].min() == 1.0
    assert obs[info["planes"].index("black bereft: king moves left")].max() == 0.0


@pytest.mark.parametrize("variant", VARIANTS)
def test_pickling(variant):
    b = fv.Board(variant)
    for i in range(5):
        b.push(b.random_move(i))
    c = pickle.loads(pickle.dumps(b))
    assert type(c) is fv.Board and c == b and c.move_stack == b.move_stack
    m = pickle.loads(pickle.dumps(b.peek()))
    assert m == b.peek()


@pytest.mark.parametrize("variant", VARIANTS)
def test_engine_svg_str(variant):
    b = fv.Board(variant)
    mv = b.engine_move(depth=1)
    assert mv in b.legal_moves
    assert b.svg().startswith("<svg") or "<svg" in b.svg()[:200]
    assert b._repr_svg_() == b.svg()
    assert str(b).strip()
    assert b.turn_name == fv.variant_info(variant)["side_names"][0]


def test_outcome_of_a_finished_game():
    # Fool's mate in Synthesis (orthodox-like start)
    b = fv.Board("synthesis")
    for m in ["f2-f3", "e7-e5", "g2-g4"]:
        b.push_str(m)
    assert b.outcome() is None and not b.is_game_over()
    mate = b.engine_move(depth=2)
    b.push(mate)
    assert b.is_game_over()
    assert b.is_check() is True
    assert fv.Board("synthesis").is_check() is False
    o = b.outcome()
    assert o.winner == 1 and o.result == "0-1" and o.reason
    assert fv.game_result("synthesis", None, [m.uci() for m in b.move_stack]) == "0-1"


def test_bad_input_raises_value_errors():
    with pytest.raises(fv.UnknownVariantError, match="unknown variant"):
        fv.Board("nope")
    with pytest.raises(fv.PositionError):
        fv.Board("synthesis", "not a position")
    b = fv.Board("synthesis")
    with pytest.raises(fv.MoveError):
        b.push_str("e2-e5")
    with pytest.raises(fv.MoveError):
        b.push_str("garbage")
    with pytest.raises(fv.SquareError):
        b.legal_move_strings("z9")
    with pytest.raises(fv.ArgumentError):
        b.action_to_move(b.action_size)
    with pytest.raises(fv.MoveError):
        fv.Move("e2")
    with pytest.raises(fv.RecordError):
        fv.Board.from_record("[Event \"x\"]\n1. e2-e4")
    for exc in (fv.UnknownVariantError, fv.PositionError, fv.MoveError, fv.SquareError):
        assert issubclass(exc, ValueError) and issubclass(exc, fv.FairyError)
    with pytest.raises(ValueError):
        fv.legal_moves("synthesis", None, ["e2-e4", "e2-e4"])
    assert b.position() == fv.start_position("synthesis")


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_games_batched(variant):
    games = fv.play_games(variant, 4, seed=1, max_plies=60, threads=2)
    assert len(games) == 4
    for g in games:
        assert g["result"] in ("1-0", "0-1", "1/2-1/2", "*")
        assert len(g["moves"]) <= 60
        replay = fv.Board.from_record(g["record"])
        assert [m.uci() for m in replay.move_stack] == g["moves"]
    again = fv.play_games(variant, 4, seed=1, max_plies=60, threads=1)
    assert [g["moves"] for g in again] == [g["moves"] for g in games]


@pytest.mark.parametrize("variant", VARIANTS)
def test_is_check(variant):
    assert fv.Board(variant).is_check() is False


def test_perft_and_search_requests_beyond_the_bounds_are_refused():
    b = fv.Board("chess-t1")
    with pytest.raises(fv.ArgumentError, match="too many"):
        b.perft(2, threads=100000)
    with pytest.raises(fv.ArgumentError, match="too deep"):
        b.perft(33)
    with pytest.raises(fv.ArgumentError, match="too deep"):
        b.divide(33)
    with pytest.raises(fv.ArgumentError, match="at least 1"):
        b.engine_move(depth=0)
    with pytest.raises(fv.ArgumentError, match="at least 1"):
        b.engine_move(movetime_ms=0)
    assert b.perft(1, threads=256) == len(b.legal_moves)


def test_negative_numbers_raise_argument_errors_not_overflow():
    b = fv.Board("chess-t1")
    calls = [
        lambda: b.push_action(-1),
        lambda: b.action_to_move(-1),
        lambda: b.perft(-1),
        lambda: b.perft(1, threads=-1),
        lambda: b.divide(-1),
        lambda: b.engine_move(depth=-2),
        lambda: b.engine_move(movetime_ms=-5),
        lambda: fv.play_games("chess-t1", -1),
        lambda: fv.play_games("chess-t1", 1, max_plies=-1),
        lambda: fv.play_games("chess-t1", 1, engine_depth=-1),
        lambda: fv.play_games("chess-t1", 1, threads=-1),
    ]
    for call in calls:
        with pytest.raises(fv.ArgumentError, match="must not be negative"):
            call()
    for call in (lambda: b.random_move(-1), lambda: fv.play_games("chess-t1", 1, seed=-1)):
        with pytest.raises(fv.ArgumentError, match="out of range"):
            call()
    assert b.random_move(2**64 - 1) is not None
    assert issubclass(fv.ArgumentError, ValueError)
    assert b.position() == fv.start_position("chess-t1")


def test_play_games_threads_are_capped():
    with pytest.raises(fv.ArgumentError, match="at most 256"):
        fv.play_games("chess-t1", 1, max_plies=4, threads=10**6)
    with pytest.raises(fv.ArgumentError, match="at least 1"):
        fv.play_games("chess-t1", 1, max_plies=4, engine_depth=0)
    assert len(fv.play_games("chess-t1", 2, max_plies=4, threads=256)) == 2


def test_move_from_uci_reads_squares_written_together():
    assert fv.Move.from_uci("e2e4") == fv.Move("e2-e4")
    assert fv.Move.from_uci("e2e4").uci() == "e2-e4"
    assert fv.Move.from_uci("e2-e4") == fv.Move("e2-e4")
    assert fv.Move.from_uci("e7e8q").uci() == "e7-e8=Q"
    assert fv.Move.from_uci("a12b11").uci() == "a12-b11"
    assert fv.Move.from_uci("2c22c3").uci() == "2c2-2c3"
    b = fv.Board("synthesis")
    b.push(fv.Move.from_uci("e2e4"))
    assert b.peek().uci() == "e2-e4"
    d = fv.Board("dragonchess")
    d.push(fv.Move.from_uci("2c22c3"))
    for bad in ("e2", "e2e", "2c2c3", "e2e4qq", ""):
        with pytest.raises(fv.MoveError):
            fv.Move.from_uci(bad)


def test_positions_without_kings_are_refused():
    with pytest.raises(fv.PositionError, match="no king"):
        fv.Board("synthesis", "8/8/8/8/8/8/8/8 w - - 0 1")
    assert fv.Board("synthesis", "8/8/8/8/8/8/8/r7 w - - 0 1").is_game_over()
