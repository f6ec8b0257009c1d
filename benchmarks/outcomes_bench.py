"""Benchmark of `damage` and `outcomes`: the work of `outcomes` grows with outcomes, not assignments.

Run ``python3 benchmarks/outcomes_bench.py`` (``--quick`` for the smaller boards only). Two
families of declared combats (attackers and blockers given, SPEC §1):

* ``trample P vs K``: one P/P trampler blocked by K 1/2 creatures (702.19b: lethal damage to
  each blocker, then anything to anyone);
* ``N tramplers``: N 4/4 tramplers, all blocked by two 1/3 creatures that can block any number
  of creatures (shared blockers: 702.19b counts other attackers' damage).

For each board it prints the number of damage assignments of the step (``count_damage``), the
number of distinct end-of-combat results (``count_outcomes``), the damage-step results the
outcomes search actually explored, the time of each, and the time of the brute-force reference
of tests/reference (every assignment, generate-and-test) for the boards small enough.
See ``benchmarks/README.md`` for what each column means.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pysolver
import pysolver.combat

REFERENCE_LIMIT = 20_000  # assignments: the reference is skipped above this


def trample_board(power: int, blockers: int) -> dict:
    ids = [f"b{i}" for i in range(1, blockers + 1)]
    return {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [{"id": "a", "controller": "alice", "power": power, "toughness": power,
                            "abilities": ["Trample"]}]
            + [{"id": b, "controller": "bob", "power": 1, "toughness": 2} for b in ids],
            "combat": {"attackers": {"a": "bob"}, "blockers": {b: ["a"] for b in ids}}}


def many_board(n: int) -> dict:
    ids = [f"a{i}" for i in range(1, n + 1)]
    return {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [{"id": a, "controller": "alice", "power": 4, "toughness": 4, "abilities": ["Trample"]}
                           for a in ids]
            + [{"id": b, "controller": "bob", "power": 1, "toughness": 3,
                "abilities": ["Can block any number of creatures"]} for b in ("b1", "b2")],
            "combat": {"attackers": {a: "bob" for a in ids}, "blockers": {"b1": ids, "b2": ids}}}


def timed(f, *args):
    start = time.perf_counter()
    value = f(*args)
    return value, time.perf_counter() - start


def explored(s) -> tuple[int, int]:
    """count_outcomes, and how many damage-step results the search enumerated on the way."""
    n = 0
    original = pysolver.combat.step_results

    def counting(state):
        nonlocal n
        for r in original(state):
            n += 1
            yield r
    pysolver.combat.step_results = counting
    try:
        return pysolver.count_outcomes(s), n
    finally:
        pysolver.combat.step_results = original


def reference():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    try:
        from reference.outcomes import reference_outcomes
    except ImportError:
        return None
    return reference_outcomes


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="only the smaller boards")
    args = p.parse_args(argv)
    ref = reference()
    boards = [(f"trample {power} vs {k}", trample_board(power, k))
              for k in (1, 2, 3, 4) for power in ((1, 3, 5, 7, 10) if not args.quick else (1, 3, 5))]
    boards += [(f"{n} tramplers", many_board(n)) for n in ((1, 2, 3, 4) if not args.quick else (1, 2, 3))]
    print(f"{'board':<18}{'assignments':>12}{'t_damage':>10}{'outcomes':>10}{'explored':>10}"
          f"{'t_outcomes':>12}{'t_reference':>13}")
    for name, data in boards:
        s = pysolver.load_data(data)
        assignments, t_damage = timed(pysolver.count_damage, s)
        (outcomes, steps), t_outcomes = timed(explored, s)
        t_ref = "-"
        if ref is not None and assignments <= REFERENCE_LIMIT:
            ref_outcomes, t = timed(ref, s)
            assert len(ref_outcomes) == outcomes, (name, len(ref_outcomes), outcomes)
            t_ref = f"{t:.3f}"
        print(f"{name:<18}{assignments:>12}{t_damage:>10.3f}{outcomes:>10}{steps:>10}{t_outcomes:>12.3f}"
              f"{t_ref:>13}", flush=True)


if __name__ == "__main__":
    main()
