"""Benchmark of `damage` and of the damage step's results: cost follows the answers, not the power.

Run ``python3 benchmarks/damage_bench.py`` (``--quick``: no power 10^6 with blockers). Families,
with a fixed seed (`SEED`) for the blockers' power:

* ``trample P vs K``: one trampler of power P blocked by K x/2 creatures (702.19b), P in
  {10, 40, 1000, 10^6}, K in {1, 3, 5};
* ``unblocked P``: one unblocked attacker of power P (510.1b);
* multi-source boards: tramplers sharing blockers that can block any number of creatures (702.19b
  counts the other attackers' damage), with deathtouch (702.2c), and a trampler over planeswalkers
  against a planeswalker (702.19c) beside an unblocked attacker.

Columns (CPU seconds of this process, `time.process_time`): `assignments` (``count_damage``,
exact) and `t_count`; `t_list1k`: the first 1000 assignments listed (``damage_assignments``, what
``damage --limit 1000`` does); `t_ref`: the brute-force reference (tests/reference/damage.py,
generate-and-test) where the count is at most `REFERENCE_LIMIT`, and `ratio` = t_ref / t_count;
`results`: the distinct results of the step (``combat.step_results``, what ``outcomes`` enumerates
for a declared combat) and `t_results` (`-` for a trampler of power 10^6 against blockers: about
10^6 results, one per amount of life lost). The last lines: clingo's own rate on a minimal program
(2^18 models of ``{p(1..18)}.``, nothing handed to Python) against the listing rate of
``damage_assignments``: the limit a per-assignment cost can be compared with.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

import clingo

import pysolver
from pysolver.rules import combat

SEED = 20261201
REFERENCE_LIMIT = 20_000
RESULTS_SKIPPED = "trample 1000000"  # about 10^6 distinct results (life lost 1 .. 10^6): not listed here


def cpu(f, *args):
    start = time.process_time()
    value = f(*args)
    return value, time.process_time() - start


def first(items, n: int | None) -> int:
    """How many of the first `n` items (all: None) there are, consuming them."""
    return sum(1 for _ in itertools.islice(items, n))


def creature(pid: str, controller: str, power: int, toughness: int, *abilities: str) -> dict:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness, "abilities": list(abilities)}


def situation(permanents: list[dict], attackers: dict, blockers: dict):
    return pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
                               "permanents": permanents, "combat": {"attackers": attackers, "blockers": blockers}})


def boards(quick: bool, rng: random.Random):
    for power in (10, 40, 1000, 10**6):
        for k in (1, 3, 5):
            ids = [f"y{i}" for i in range(k)]
            s = situation([creature("x", "alice", power, 5, "Trample")]
                          + [creature(b, "bob", rng.randint(0, 3), 2) for b in ids],
                          {"x": "bob"}, {b: ["x"] for b in ids})
            if not (quick and power == 10**6):  # (drawn anyway: the same boards with and without --quick)
                yield f"trample {power} vs {k}", s
    for power in (10, 1000, 10**6):
        yield f"unblocked {power}", situation([creature("x", "alice", power, 1)], {"x": "bob"}, {})
    any_number = "Can block any number of creatures"
    for n, power in ((2, 6), (3, 6), (3, 12)):
        ids = [f"x{i}" for i in range(n)]
        yield f"{n} tramplers {power} share 2", situation(
            [creature(a, "alice", power, 4, "Trample") for a in ids]
            + [creature(b, "bob", rng.randint(1, 2), 3, any_number) for b in ("y0", "y1")],
            {a: "bob" for a in ids}, {"y0": ids, "y1": ids})
    yield "deathtouch + trample 30 share 2", situation(
        [creature("x0", "alice", 30, 4, "Trample", "Deathtouch"), creature("x1", "alice", 30, 4, "Trample")]
        + [creature(b, "bob", 1, 3, any_number) for b in ("y0", "y1")],
        {"x0": "bob", "x1": "bob"}, {"y0": ["x0", "x1"], "y1": ["x0", "x1"]})
    yield "over planeswalker 50 + unblocked", pysolver.load_data({
        "players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
        "permanents": [creature("x0", "alice", 50, 4, "Trample over planeswalkers"), creature("x1", "alice", 3, 3),
                       creature("y0", "bob", 1, 2), {"id": "pw", "controller": "bob", "types": ["Planeswalker"],
                                                      "loyalty": 5}],
        "combat": {"attackers": {"x0": "pw", "x1": "pw"}, "blockers": {"y0": ["x0"]}}})


def reference():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from reference.damage import reference_assignments
    return reference_assignments


def raw_rate() -> float:
    """clingo's models per CPU second on a minimal program, models not handed to Python."""
    ctl = clingo.Control(["0"])
    ctl.add("base", [], "{ p(1..18) }.")
    ctl.ground([("base", [])])
    _, t = cpu(ctl.solve)
    return ctl.statistics["summary"]["models"]["enumerated"] / t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="leave out power 10^6 against blockers")
    args = parser.parse_args()
    ref = reference()
    print(f"{'board':<34}{'assignments':>20}{'t_count':>9}{'t_list1k':>10}{'t_ref':>9}{'ratio':>8}"
          f"{'results':>9}{'t_results':>11}")
    for name, s in boards(args.quick, random.Random(SEED)):
        n, t_count = cpu(pysolver.count_damage, s)
        listed, t_list = cpu(first, pysolver.damage_assignments(s), 1000)
        assert listed == min(n, 1000)
        t_ref = ratio = "-"
        if n <= REFERENCE_LIMIT:
            want, t = cpu(ref, s)
            assert len(want) == n
            t_ref, ratio = f"{t:.3f}", f"{t / max(t_count, 1e-6):.0f}x"
        results = t_results = "-"
        if RESULTS_SKIPPED not in name:
            k, t = cpu(first, combat.step_results(s), None)
            results, t_results = f"{k:,}", f"{t:.3f}"
        print(f"{name:<34}{n:>20,}{t_count:>9.3f}{t_list:>10.3f}{t_ref:>9}{ratio:>8}{results:>9}{t_results:>11}")
    s = next(s for name, s in boards(True, random.Random(SEED)) if name == "trample 1000 vs 5")
    listed, t = cpu(first, pysolver.damage_assignments(s), 100_000)
    rate = raw_rate()
    print(f"\nclingo alone, minimal program: {rate:,.0f} models/s; damage_assignments on trample 1000 vs 5: "
          f"{listed / t:,.0f} assignments/s ({listed / t / rate:.2f}x)")


if __name__ == "__main__":
    main()
