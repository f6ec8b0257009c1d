"""Benchmark of start-up (issue 10): whole-process CPU seconds of `pysolver check` and `pysolver
outcomes` on small boards, against a bare ``python -c pass`` and ``python -c "import pysolver"``,
with the ratio to bare Python and the heaviest modules each command imports (``-X importtime``).

The aim: a `check` of a small board costs little more than starting Python; `outcomes` of one
unblocked attacker of power 10^6 (510.1a: all of it to the player) under 0.5 s, whole process.

Run ``python3 benchmarks/startup_bench.py`` (``--runs N``: the best of N runs, default 5).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

TWO_BEARS = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
             "permanents": [{"id": "bear", "controller": "alice", "power": 2, "toughness": 2},
                            {"id": "cub", "controller": "bob", "power": 2, "toughness": 2}],
             "combat": {"attackers": {"bear": "bob"}, "blockers": {"cub": ["bear"]}}}
UNBLOCKED = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
             "permanents": [{"id": "titan", "controller": "alice", "power": 10**6, "toughness": 1}],
             "combat": {"attackers": {"titan": "bob"}, "blockers": {}}}


def cpu_of(argv: list[str], runs: int) -> float:
    """The least user+system CPU seconds of `runs` runs of `argv` (its children's rusage)."""
    best = float("inf")
    for _ in range(runs):
        before = os.times()
        subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = os.times()
        best = min(best, (after.children_user - before.children_user) + (after.children_system
                                                                         - before.children_system))
    return best


def heaviest(argv: list[str], n: int = 4) -> str:
    """The `n` top-level imports with the largest cumulative time (``-X importtime``), in ms."""
    err = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], check=False, capture_output=True,
                         text=True).stderr
    rows = [re.match(r"import time:\s+\d+ \|\s+(\d+) \| (\S.*)", line) for line in err.splitlines()]
    top = sorted(((int(m.group(1)), m.group(2)) for m in rows if m and not m.group(2).startswith(" ")),
                 reverse=True)[:n]
    return ", ".join(f"{name} {us / 1000:.0f}" for us, name in top)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    py = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        bears, unblocked = Path(folder) / "bears.json", Path(folder) / "unblocked.json"
        bears.write_text(json.dumps(TWO_BEARS))
        unblocked.write_text(json.dumps(UNBLOCKED))
        cases = [("python -c pass", [py, "-c", "pass"]),
                 ("python -c 'import pysolver'", [py, "-c", "import pysolver"]),
                 ("pysolver --version", [py, "-m", "pysolver", "--version"]),
                 ("check, 2 bears", [py, "-m", "pysolver", "check", str(bears)]),
                 ("outcomes, 2 bears", [py, "-m", "pysolver", "outcomes", str(bears)]),
                 ("outcomes, unblocked 10^6", [py, "-m", "pysolver", "outcomes", str(unblocked)]),
                 ("blocks --count, 2 bears", [py, "-m", "pysolver", "blocks", str(bears), "--count"])]
        where = subprocess.run([py, "-c", "import pysolver; print(pysolver.__file__)"], check=True,
                               capture_output=True, text=True).stdout.strip()
        print(f"pysolver from {where} (the working directory comes first on the path)")
        bare = cpu_of(cases[0][1], args.runs)
        print(f"{'process':<28} {'CPU s':>6} {'× bare':>7}  heaviest imports (ms)")
        for label, argv in cases:
            cpu = bare if label == cases[0][0] else cpu_of(argv, args.runs)
            print(f"{label:<28} {cpu:>6.3f} {cpu / bare:>7.1f}  {heaviest(argv) if cpu > bare else ''}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
