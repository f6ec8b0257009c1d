"""Benchmark of `outcomes` and `verify` with death triggers (603.10a): each target choice is a move.

Run ``python3 benchmarks/deaths_bench.py`` (``--quick`` for the smaller boards). The family is
``trample P vs K`` of ``outcomes_bench.py`` (one P/P trampler blocked by K 1/2 creatures), played
plain and with "When ~ dies, it deals 1 damage to any target" on every blocker (each blocker that
dies puts one trigger on the stack, its controller choosing its target among the players and the
creatures left, 603.3d), and with first strike on the trampler too. For each it prints the number
of distinct outcomes (``count_outcomes``), its CPU seconds, the ratio to the plain board's, and
the CPU seconds of ``verify`` with the goal of lethal on the defender at P - 2K life (lethal only
if the trampler assigns lethal damage to every blocker and the rest to the player, 702.19b). The
outcomes grow with the targets the triggers can reach; a player's triggers from sources with equal
last known information are put once per effect (608.2h), not once per order of the sources.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pysolver

sys.path.insert(0, str(Path(__file__).resolve().parent))
from keywords_bench import board, cpu  # noqa: E402

DIES = "When ~ dies, it deals 1 damage to any target"
VARIANTS = {"plain": ([], []), "death triggers": ([], [DIES]), "first strike": (["First strike"], []),
            "first strike, death triggers": (["First strike"], [DIES])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smaller boards only")
    args = parser.parse_args()
    sizes = [(4, 2), (6, 3)] if args.quick else [(4, 2), (6, 3), (10, 4)]
    print(f"{'board':<16} {'variant':<30} {'outcomes':>8} {'cpu_s':>7} {'ratio':>6} {'verify_s':>8}")
    for power, k in sizes:
        base = None
        for name, (mine, theirs) in VARIANTS.items():
            d = board(power, k, mine, theirs)
            s = pysolver.load_data(d)
            n, seconds = cpu(pysolver.count_outcomes, s)
            base = seconds if base is None or name == "first strike" else base
            players = [d["players"][0], {**d["players"][1], "life": max(1, power - 2 * k)}]  # trample over all
            goal = pysolver.load_data({**d, "players": players, "goal": {"lethal": players[1]["name"]}})
            _, verify_seconds = cpu(pysolver.verify, goal)
            print(f"{f'trample {power} vs {k}':<16} {name:<30} {n:>8} {seconds:>7.2f} {seconds / base:>6.2f} "
                  f"{verify_seconds:>8.2f}")


if __name__ == "__main__":
    main()
