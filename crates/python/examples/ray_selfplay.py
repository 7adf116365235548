"""Self-play games in parallel on a Ray cluster, written as game records.

Each Ray task plays a batch of games in Rust with ``fairy_variants.play_games`` (the GIL is
released while the games run) and returns their records; the driver writes one record file
per game to ``--out``. On a laptop ``ray.init(num_cpus=2)`` starts a local cluster; pass
``--address auto`` to join a running one.

    python crates/python/examples/ray_selfplay.py --variant dragonchess --games 8 --out games/
"""

from __future__ import annotations

import argparse
import pathlib
import time

import ray

import fairy_variants as fv


@ray.remote
def play_batch(variant: str, n: int, seed: int, max_plies: int, engine_depth):
    return fv.play_games(variant, n, seed=seed, max_plies=max_plies,
                         engine_depth=engine_depth, threads=1)


def run(variant: str, games: int, out: pathlib.Path, batches: int = 2, max_plies: int = 200,
        engine_depth=None, address=None, num_cpus: int = 2) -> list:
    """Plays ``games`` games in ``batches`` Ray tasks and writes ``out/<variant>-<i>.txt``;
    returns the paths written."""
    fv.variant_info(variant)  # a bad id fails here, before the cluster starts
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, num_cpus=None if address else num_cpus,
                 include_dashboard=False, log_to_driver=False)
    try:
        per = [games // batches + (1 if i < games % batches else 0) for i in range(batches)]
        seeds = [sum(per[:i]) for i in range(batches)]
        futures = [play_batch.remote(variant, n, s, max_plies, engine_depth)
                   for n, s in zip(per, seeds) if n]
        results = [g for batch in ray.get(futures) for g in batch]
    finally:
        if started:
            ray.shutdown()
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, g in enumerate(results):
        p = out / f"{variant}-{i:04}.txt"
        p.write_text(g["record"])
        paths.append(p)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="synthesis", choices=fv.variants())
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--batches", type=int, default=2)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--engine-depth", type=int, default=None,
                    help="engine self-play at this depth (default: random moves)")
    ap.add_argument("--address", default=None, help="a Ray cluster to join (default: local)")
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("selfplay"))
    a = ap.parse_args()
    t = time.perf_counter()
    paths = run(a.variant, a.games, a.out, a.batches, a.max_plies, a.engine_depth, a.address)
    results = {}
    for p in paths:
        r = fv.Board.from_record(p.read_text()).result()
        results[r] = results.get(r, 0) + 1
    print(f"{len(paths)} {a.variant} games in {time.perf_counter() - t:.1f}s -> {a.out}: {results}")


if __name__ == "__main__":
    main()
