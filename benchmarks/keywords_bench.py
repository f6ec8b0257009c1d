"""Benchmark of `outcomes` with wither, infect, toxic, persist and undying: the counters and poison
they add keep the search following results, not power.

Run ``python3 benchmarks/keywords_bench.py`` (``--quick`` for the smaller boards). The family
is ``trample P vs K`` of ``outcomes_bench.py`` (one P/P trampler blocked by K 1/2 creatures,
702.19b), played once plain and once with each keyword line on the trampler (wither, infect,
toxic 2; 120.3b, 120.3d, 702.164c) or persist on the blockers (702.79a), and with first strike
on the trampler (the game-tree walk instead of one program), plain and with infect and persist. For each it prints the
number of distinct outcomes (``count_outcomes``), its CPU seconds, and the ratio to the plain
board's seconds (the last two: to the plain first-strike board's, which walks the game tree).
Damage dealt as -1/-1 counters has the same thresholds as damage marked (a
survivor's counters are exact), so the outcome counts should match the plain board's where the
results are alike and the times stay within a small factor.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pysolver

sys.path.insert(0, str(Path(__file__).resolve().parent))
from outcomes_bench import trample_board  # noqa: E402

VARIANTS = {"plain": ([], []), "wither": (["Wither"], []), "infect": (["Infect"], []),
            "toxic 2": (["Toxic 2"], []), "persist blockers": ([], ["Persist"]),
            "first strike": (["First strike"], []),
            "first strike, infect, persist": (["First strike", "Infect"], ["Persist"])}


def board(power: int, blockers: int, attacker_lines: list[str], blocker_lines: list[str]) -> dict:
    d = trample_board(power, blockers)
    for p in d["permanents"]:
        p["abilities"] = p.get("abilities", []) + (attacker_lines if p["id"] == "a" else blocker_lines)
    return d


def cpu(f, *args):
    start = time.process_time()
    value = f(*args)
    return value, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smaller boards only")
    args = parser.parse_args()
    sizes = [(6, 2), (10, 3)] if args.quick else [(6, 2), (10, 3), (20, 4), (1000, 3)]
    print(f"{'board':<16} {'variant':<30} {'outcomes':>8} {'cpu_s':>7} {'ratio':>6}")
    for power, k in sizes:
        base = None
        for name, (mine, theirs) in VARIANTS.items():
            s = pysolver.load_data(board(power, k, mine, theirs))
            n, seconds = cpu(pysolver.count_outcomes, s)
            base = seconds if base is None or name == "first strike" else base
            print(f"{f'trample {power} vs {k}':<16} {name:<30} {n:>8} {seconds:>7.2f} {seconds / base:>6.2f}")


if __name__ == "__main__":
    main()
