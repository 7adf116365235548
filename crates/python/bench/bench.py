"""Speed of fairy_variants against python-chess and pyffish (not a test).

    python crates/python/bench/bench.py [--seconds 2]

1. Python-level list-legal-moves + push + pop for every move, from the start position:
   fairy_variants on Synthesis (orthodox-like start, 20 moves), python-chess and pyffish on
   the orthodox start (both from PyPI, skipped when not installed). pyffish is stateless, so
   its "push" is legal_moves on the position after the move.
2. Batched random playouts per second for each variant (fairy_variants.play_games, Rust,
   GIL released, all cores).
"""

import argparse
import time

import fairy_variants as fv


def rate(fn, seconds):
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        n += fn()
    return n / (time.perf_counter() - t0)


def fairy_cycle(board, strings):
    def run():
        moves = board.legal_move_strings() if strings else board.legal_moves
        for m in moves:
            board.push(m)
            board.pop()
        return 1
    return run


def chess_cycle():
    import chess
    b = chess.Board()

    def run():
        for m in list(b.legal_moves):
            b.push(m)
            b.pop()
        return 1
    return run


def pyffish_cycle():
    import pyffish
    start = pyffish.start_fen("chess")

    def run():
        moves = pyffish.legal_moves("chess", start, [])
        for m in moves:
            pyffish.get_fen("chess", start, [m])
        return 1
    return run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--games", type=int, default=200)
    a = ap.parse_args()
    rows = []
    rows.append(("fairy_variants Board, Synthesis start, Move objects",
                 rate(fairy_cycle(fv.Board("synthesis"), False), a.seconds)))
    rows.append(("fairy_variants Board, Synthesis start, move strings",
                 rate(fairy_cycle(fv.Board("synthesis"), True), a.seconds)))
    for name, make in (("python-chess Board, orthodox start", chess_cycle),
                       ("pyffish (stateless), orthodox start", pyffish_cycle)):
        try:
            rows.append((name, rate(make(), a.seconds)))
        except ImportError:
            rows.append((name, None))
    base = dict(rows).get("python-chess Board, orthodox start")
    print("| list legal moves + push + pop each (20 moves) | cycles/s | vs python-chess |")
    print("|---|---:|---:|")
    for name, r in rows:
        if r is None:
            print(f"| {name} | not installed | |")
        else:
            ratio = f"{r / base:.1f}x" if base else ""
            print(f"| {name} | {r:,.0f} | {ratio} |")
    print()
    print(f"| variant | random playouts/s ({a.games} games, max 300 plies) | plies/s |")
    print("|---|---:|---:|")
    for v in fv.variants():
        t0 = time.perf_counter()
        games = fv.play_games(v, a.games, seed=7, max_plies=300)
        dt = time.perf_counter() - t0
        plies = sum(len(g["moves"]) for g in games)
        print(f"| {v} | {a.games / dt:,.0f} | {plies / dt:,.0f} |")


if __name__ == "__main__":
    main()
