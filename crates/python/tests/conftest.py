import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def perft_cases(max_nodes=200_000):
    """(variant, id, position, depth, nodes) from tests/perft/*.perft, small figures only."""
    out = []
    for f in sorted((ROOT / "tests" / "perft").glob("*.perft")):
        variant, case, pos = f.stem, None, None
        for line in f.read_text().splitlines():
            parts = line.split(None, 1)
            if not parts or line.startswith("#"):
                continue
            if parts[0] == "id":
                case = parts[1].strip()
            elif parts[0] == "position":
                pos = parts[1].strip()
            elif parts[0] == "perft":
                d, n = parts[1].split()
                if int(n) <= max_nodes:
                    out.append((variant, case, pos, int(d), int(n)))
    return out


@pytest.fixture
def root():
    return ROOT
