"""Benchmark of loading situation files (issue 11, scale of input): CPU seconds against the number
of permanents, JSON and YAML, and the ratio per permanent (flat when loading is linear).

Run ``python3 benchmarks/load_bench.py`` (``--quick``: up to 20,000 permanents).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import yaml

import pysolver


def board(n: int) -> dict:
    return {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [{"id": f"p{i}", "controller": "alice" if i % 2 else "bob", "power": 1 + i % 5,
                            "toughness": 1 + i % 3, "abilities": ["Flying"] if i % 7 == 0 else []}
                           for i in range(n)]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--quick", action="store_true")
    args = p.parse_args()
    sizes = [1_000, 5_000, 20_000] if args.quick else [1_000, 10_000, 100_000]
    print(f"{'format':>6} {'permanents':>11} {'CPU s':>8} {'µs/permanent':>13}")
    with tempfile.TemporaryDirectory() as folder:
        for fmt in ("json", "yaml"):
            for n in sizes:
                if fmt == "yaml" and n > 20_000:
                    continue  # PyYAML's pure-Python parser: linear but ~20x slower than JSON
                path = Path(folder) / f"board.{fmt}"
                data = board(n)
                path.write_text(json.dumps(data) if fmt == "json" else yaml.safe_dump(data))
                start = time.process_time()
                s = pysolver.load(path)
                cpu = time.process_time() - start
                assert len(s.permanents) == n
                print(f"{fmt:>6} {n:>11,} {cpu:>8.2f} {cpu / n * 1e6:>13.1f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
