import importlib.util
import pathlib
import sys

import pytest

import fairy_variants as fv

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "ray_selfplay.py"


def test_ray_selfplay_writes_replayable_records(tmp_path):
    pytest.importorskip("ray", reason="Ray cannot be installed here (no wheel for this "
                        "Python/platform); the Ray example is not tested")
    spec = importlib.util.spec_from_file_location("ray_selfplay", EXAMPLE)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["ray_selfplay"] = mod
    spec.loader.exec_module(mod)
    paths = mod.run("dragonchess", 6, tmp_path, batches=2, max_plies=80, num_cpus=2)
    assert len(paths) == 6
    seen = set()
    for p in paths:
        b = fv.Board.from_record(p.read_text())
        assert 0 < len(b.move_stack) <= 80
        seen.add(tuple(m.uci() for m in b.move_stack))
    assert len(seen) == 6  # different seeds, different games
    print(f"ray: {len(paths)} dragonchess records written to {tmp_path}")
