"""The Board's kept move lists: listing, pushing a listed move and popping it must behave
exactly as reading the move text does (the slow path the other tests also use)."""

import random

import pytest

import fairy_variants as fv

VARIANTS = fv.variants()


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_walk_of_pushes_and_pops_matches_the_stateless_helpers(variant):
    rng = random.Random(variant)
    b = fv.Board(variant)
    moves = []
    for step in range(120):
        listed = b.legal_moves if step % 2 else b.legal_move_strings()
        texts = [str(m) for m in listed]
        assert texts == fv.legal_moves(variant, None, moves)
        assert texts == sorted(texts)
        if moves and (not texts or b.is_game_over() or rng.random() < 0.3):
            popped = b.pop()
            assert str(popped) == moves.pop()
        elif texts and not b.is_game_over():
            pick = listed[rng.randrange(len(listed))]
            played = b.push(pick)
            assert str(played) == str(pick)
            moves.append(str(pick))
        else:
            break
        assert [m.uci() for m in b.move_stack] == moves
        assert b.position() == fv.position_after(variant, None, moves)
        if moves:
            assert str(b.peek()) == moves[-1]


def test_a_listed_move_object_comes_back_from_push_and_pop():
    b = fv.Board("synthesis")
    m = b.legal_moves[3]
    assert b.legal_moves[3] is m  # listed once per position
    assert b.push(m) is m
    assert b.peek() is m
    assert b.pop() is m
    assert b.legal_moves[3] is m  # the start's list is kept across push and pop


def test_moves_not_listed_here_are_read_as_text():
    b = fv.Board("synthesis")
    other = fv.Board("synthesis").legal_moves[0]  # another board's object, same text
    assert b.push(other) == "a2-a3"
    b.pop()
    assert b.push(fv.Move("e2-e4")) == "e2-e4"
    assert b.pop() == "e2-e4"
    b.legal_moves  # list the start, then push forms that are not canonical
    assert b.push("e2e4") == "e2-e4"
    b.pop()
    assert b.push_str(" g1f3 ") == "g1-f3"
    b.pop()
    # A listed move of the start is not legal after a move: refused with the usual error.
    start_moves = b.legal_moves
    b.push("e2-e4")
    with pytest.raises(fv.MoveError):
        b.push(start_moves[11])  # e2-e4 again: its slot does not belong to this position
    with pytest.raises(fv.MoveError):
        b.push("e2-e4")


def test_listed_moves_are_refused_once_the_game_is_over():
    b = fv.Board("synthesis")
    for m in ["g1-f3", "g8-f6", "f3-g1", "f6-g8"] * 2:
        b.push(b.legal_move_strings()[b.legal_move_strings().index(m)])
    assert b.is_game_over() and b.outcome().reason == "threefold repetition"
    listed = b.legal_moves
    assert listed  # repetition leaves the moves, but none may be played
    with pytest.raises(fv.MoveError, match="the game is over"):
        b.push(listed[0])
    with pytest.raises(fv.MoveError, match="the game is over"):
        b.push(b.legal_move_strings()[0])
    b.pop()
    assert not b.is_game_over()
    assert b.push(b.legal_moves[0]) is not None


def test_set_position_and_setstate_forget_kept_lists():
    b = fv.Board("synthesis")
    start = b.legal_moves
    b.push(start[11])
    b.set_position()
    assert b.move_stack == []
    with pytest.raises(IndexError):
        b.pop()
    assert [str(m) for m in b.legal_moves] == [str(m) for m in start]
    c = b.copy()
    c.push("e2-e4")
    d = c.copy()
    assert d.peek() == "e2-e4" and d.pop() == "e2-e4"
    assert d.position() == fv.start_position("synthesis")
