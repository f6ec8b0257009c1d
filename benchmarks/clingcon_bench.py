"""Damage amounts as clingcon integer variables against pysolver's lethal classes (issue 10).

Run ``python3 benchmarks/clingcon_bench.py`` (needs ``pip install ".[bench]"``: clingcon). Board:
one trampler of power P blocked by K 1/2 creatures (``outcomes_bench.trample_board``). The clingcon
model states 702.19b with one integer variable per recipient: the amounts add up to P, and the
player may receive damage only if every blocker was assigned lethal damage (2). Each of its
models is one assignment (510.1), so counting them enumerates them; pysolver's
``count_damage`` counts the same assignments from lethal classes with a DP
(``pysolver/rules/damage_count.py``), without enumerating. Columns: assignments (pysolver's, exact),
its CPU seconds, clingcon's count and CPU seconds (within ``--limit`` seconds per board), and the
ratio clingcon/pysolver.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import clingo
from clingo.ast import ProgramBuilder, parse_string

sys.path.insert(0, str(Path(__file__).resolve().parent))
from outcomes_bench import trample_board  # noqa: E402

import pysolver  # noqa: E402

# 702.19b with integer variables: a(R) the amount assigned to recipient R (the K blockers and the player).
PROGRAM = """
blocker(1..k).
&dom{0..p} = a(B) :- blocker(B).
&dom{0..p} = a(player).
&sum{a(B): blocker(B); a(player)} = p.
lethal(B) :- &sum{a(B)} >= 2, blocker(B).
:- &sum{a(player)} > 0, blocker(B), not lethal(B).
"""


def clingcon_count(power: int, blockers: int, limit: float) -> tuple[int | None, float]:
    """The number of models of :data:`PROGRAM` (None if not done within `limit` seconds) and the CPU seconds."""
    from clingcon import ClingconTheory

    start = time.process_time()
    theory = ClingconTheory()
    ctl = clingo.Control(["0", "-c", f"p={power}", "-c", f"k={blockers}"])
    theory.register(ctl)
    with ProgramBuilder(ctl) as builder:
        parse_string(PROGRAM, lambda a: theory.rewrite_ast(a, builder.add))
    ctl.ground([("base", [])])
    theory.prepare(ctl)
    n = 0

    def on_model(_: clingo.Model) -> None:
        nonlocal n
        n += 1

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(limit):
            handle.cancel()
            return None, time.process_time() - start
    return n, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--limit", type=float, default=30.0, help="seconds per board for clingcon (default 30)")
    args = p.parse_args(argv)
    print(f"{'board':<18}{'assignments':>20}{'pysolver s':>11}{'clingcon':>12}{'clingcon s':>11}{'ratio':>8}")
    for power, k in ((10, 1), (10, 3), (10, 5), (40, 1), (40, 3), (40, 5), (1000, 1), (1000, 3), (1000, 5)):
        s = pysolver.load_data(trample_board(power, k))
        start = time.process_time()
        count = pysolver.count_damage(s)
        ours = time.process_time() - start
        theirs, cc = clingcon_count(power, k, args.limit)
        if theirs is not None:
            assert theirs == count, (power, k, theirs, count)
        shown = f"{theirs:,}" if theirs is not None else f">{int(args.limit)} s"
        ratio = f"{'>' if theirs is None else ''}{cc / max(ours, 1e-3):.0f}"  # unfinished: at least
        print(f"{f'trample {power} vs {k}':<18}{count:>20,}{ours:>11.3f}{shown:>12}{cc:>11.2f}{ratio:>8}", flush=True)


if __name__ == "__main__":
    main()
