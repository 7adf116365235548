"""Speed of fairy_variants against python-chess and pyffish (not a test).

    python crates/python/bench/bench.py [--seconds 1] [--rounds 5] [--games 200]

1. Python-level list-legal-moves + push + pop for every move, from the start position:
   fairy_variants on Synthesis (orthodox-like start, 20 moves), python-chess and pyffish on
   the orthodox start (both from PyPI, skipped when not installed). pyffish is stateless, so
   its "push" is get_fen on the position after the move. The contestants take turns,
   `--rounds` times `--seconds` each, and each one's best round is reported (the machine's
   other load only ever slows a round down); the median round is shown beside it.
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
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=200)
    a = ap.parse_args()
    contestants = [
        ("fairy_variants Board, Synthesis start, Move objects",
         lambda: fairy_cycle(fv.Board("synthesis"), False)),
        ("fairy_variants Board, Synthesis start, move strings",
         lambda: fairy_cycle(fv.Board("synthesis"), True)),
        ("python-chess Board, orthodox start", chess_cycle),
        ("pyffish (stateless), orthodox start", pyffish_cycle),
    ]
    runs = {}
    for name, make in contestants:
        try:
            runs[name] = make()
        except ImportError:
            runs[name] = None
    rounds = {name: [] for name, _ in contestants}
    for _ in range(a.rounds):
        for name, _ in contestants:
            if runs[name] is not None:
                rounds[name].append(rate(runs[name], a.seconds))
    best = {n: max(r) for n, r in rounds.items() if r}
    median = {n: sorted(r)[len(r) // 2] for n, r in rounds.items() if r}
    base = "python-chess Board, orthodox start"
    print(f"| list legal moves + push + pop each (20 moves) | cycles/s (best of {a.rounds}) "
          "| vs python-chess | median cycles/s | vs python-chess |")
    print("|---|---:|---:|---:|---:|")
    for name, _ in contestants:
        if name not in best:
            print(f"| {name} | not installed | | | |")
            continue
        cells = []
        for table in (best, median):
            r = table[name]
            ratio = f"{r / table[base]:.1f}x" if base in table else ""
            cells.append(f"{r:,.0f} | {ratio}")
        print(f"| {name} | {cells[0]} | {cells[1]} |")
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
