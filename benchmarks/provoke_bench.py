"""Benchmark of provoke (702.39): each target choice is a move, the requirement counted by the DP.

Run ``python3 benchmarks/provoke_bench.py`` (``--quick`` for the smaller boards). A board has P
2/2 attackers and K 1/1 blockers of bob (every other one tapped), played plain and with
"Provoke" on every attacker. For each it prints the distinct outcomes (``count_outcomes``) and
their CPU seconds, the CPU seconds of ``verify`` (lethal on bob at 2P - 1 life), and, for the
attack of all P with each attacker's provoke resolved on one blocker (``combat.provoked``), the
number of block declarations (``count_blocks``, the counting DP with the 509.1c requirements) and
its CPU seconds.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pysolver

sys.path.insert(0, str(Path(__file__).resolve().parent))
from keywords_bench import cpu  # noqa: E402


def board(attackers: int, blockers: int, provoke: bool) -> dict:
    perms = [{"id": f"a{i}", "controller": "alice", "power": 2, "toughness": 2,
              "abilities": ["Provoke"] if provoke else []} for i in range(attackers)]
    perms += [{"id": f"b{i}", "controller": "bob", "power": 1, "toughness": 1, "tapped": i % 2 == 1}
              for i in range(blockers)]
    return {"players": [{"name": "alice"}, {"name": "bob", "life": 2 * attackers - 1}], "active": "alice",
            "permanents": perms}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smaller boards only")
    args = parser.parse_args()
    sizes = [(1, 2), (2, 2), (2, 3)] if args.quick else [(1, 2), (2, 2), (2, 3), (3, 4)]
    print(f"{'board':<10} {'variant':<8} {'outcomes':>8} {'cpu_s':>7} {'verify_s':>8} {'blocks':>8} {'blocks_s':>8}")
    for p, k in sizes:
        for name, provoke in (("plain", False), ("provoke", True)):
            d = board(p, k, provoke)
            n, seconds = cpu(pysolver.count_outcomes, pysolver.load_data(d))
            _, verify_seconds = cpu(pysolver.verify, pysolver.load_data({**d, "goal": {"lethal": "bob"}}))
            combat: dict = {"attackers": {f"a{i}": "bob" for i in range(p)}}
            if provoke:
                provoked: dict[str, list[str]] = {}
                for j in range(p):  # a_j's provoke resolved on b_(j mod K)
                    provoked.setdefault(f"b{j % k}", []).append(f"a{j}")
                combat["provoked"] = provoked
            declared = pysolver.load_data({**d, "permanents": [{**x, "tapped": False} for x in d["permanents"]],
                                           "combat": combat})
            blocks, blocks_seconds = cpu(pysolver.count_blocks, declared)
            print(f"{f'{p} vs {k}':<10} {name:<8} {n:>8} {seconds:>7.2f} {verify_seconds:>8.2f} {blocks:>8} "
                  f"{blocks_seconds:>8.2f}")


if __name__ == "__main__":
    main()
