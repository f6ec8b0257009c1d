"""Benchmark of `damage` and `outcomes`: the work of `outcomes` grows with outcomes, not assignments.

Run ``python3 benchmarks/outcomes_bench.py`` (``--quick`` for the smaller boards only). Two
families of declared combats (attackers and blockers given, docs/situation.md):

* ``trample P vs K``: one P/P trampler blocked by K 1/2 creatures (702.19b: lethal damage to
  each blocker, then anything to anyone);
* ``N tramplers``: N 4/4 tramplers, all blocked by two 1/3 creatures that can block any number
  of creatures (shared blockers: 702.19b counts other attackers' damage).

For each board it prints the number of damage assignments of the step (``count_damage``), the
number of distinct end-of-combat results (``count_outcomes``), the damage-step results the
outcomes search actually explored, the time of each, and the time of the brute-force reference
of tests/reference (every assignment, generate-and-test) for the boards small enough.
A second table runs the issue-10 families (:mod:`boards`, fixed seeds), each board in its own
process with a time limit: vanilla N×N (P/T 1-5, attacks and blocks open), the same with one
keyword on every other creature, and N×N with up to two face-down morph creatures a side and
mana, and ``pump N red`` (Akroma's pump with N red mana, issue 15). For each: ``count_outcomes``,
its CPU seconds and peak MB, the path taken (``one``: one
projected program, counted by clingo alone; ``walk N``: the game-tree walk, which grounded N
damage-step programs, :mod:`pysolver.rules.steps`), the outcomes per
second, the brute-force reference's CPU where it finishes and the ratio, and the limit: clingo's
own count of the one-program projection (for ``one`` boards it is what ``count_outcomes``
runs, so the ratio is the Python overhead).

See ``benchmarks/README.md`` for what each column means.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import pysolver
import pysolver.asp.solving
import pysolver.game.gametree
import pysolver.rules.steps
from pysolver.game.outcomes import one_program_control, one_step

outcomes_module = sys.modules["pysolver.game.outcomes"]  # (pysolver.game.outcomes is also the function's name)

sys.path.insert(0, str(Path(__file__).resolve().parent))
import boards  # noqa: E402

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
    """count_outcomes, and how many damage-step results (pysolver.rules.steps) and one-program answer sets
    (a declared combat's rest, pysolver.game.outcomes.rest_in_one) the search enumerated on the way."""
    n = 0
    original, one_program = pysolver.rules.steps.StepPrograms.results, outcomes_module._one_program

    def counting(self, state, board=None):
        nonlocal n
        found = original(self, state, board)
        n += len(found)
        return found

    def counting_one(*args):
        nonlocal n
        for o in one_program(*args):
            n += 1
            yield o
    pysolver.rules.steps.StepPrograms.results, outcomes_module._one_program = counting, counting_one
    try:
        return pysolver.count_outcomes(s), n
    finally:
        pysolver.rules.steps.StepPrograms.results, outcomes_module._one_program = original, one_program


def grounded(f, *args):
    """f(*args), and how many damage-step programs (pysolver.rules.steps.StepProgram) it grounded."""
    n = 0
    original = pysolver.rules.steps.StepProgram.__init__

    def counting(self, s):
        nonlocal n
        n += 1
        original(self, s)
    pysolver.rules.steps.StepProgram.__init__ = counting
    try:
        return f(*args), n
    finally:
        pysolver.rules.steps.StepProgram.__init__ = original


def reference():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    try:
        from reference.outcomes import reference_outcomes
    except ImportError:
        return None
    return reference_outcomes


def families(quick: bool) -> dict[str, dict]:
    sizes = (3, 4) if quick else (3, 4, 5)
    out = {f"vanilla {n}x{n}": boards.vanilla(n, seed=n) for n in sizes}
    out.update({f"keywords {n}x{n}": boards.keyword_board(n, seed=n) for n in sizes})
    out.update({f"morph {n}x{n}": boards.morph_board(n, seed=n) for n in sizes[:2]})
    out.update({f"pump {n} red": pump_board(n) for n in ((5, 10) if quick else (5, 10, 20))})  # issue 15
    return out


def pump_board(red: int) -> dict:
    """Akroma (her "{R}: +1/+0" pump, 602.1) with `red` red mana against a 1/1 flyer and a 2/2 (issue 15)."""
    return {"players": [{"name": "alice", "mana": "{R}" * red}, {"name": "bob"}], "active": "alice",
            "permanents": [{"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"},
                           {"id": "hawk", "controller": "bob", "power": 1, "toughness": 1, "abilities": ["Flying"]},
                           {"id": "bear", "controller": "bob", "power": 2, "toughness": 2}]}


def one(name: str, quick: bool, what: str) -> dict:
    """Measure one board in this process: `what` is pysolver, reference or clingo."""
    s = pysolver.load_data(families(quick)[name])
    root = pysolver.game.gametree.root(s)
    single = one_step(root)
    t = time.process_time()
    programs = 0
    if what == "reference":
        n = len(reference()(s))
    elif what == "clingo":
        n = pysolver.asp.solving.count_models(one_program_control(root)) if single else -1
    else:
        n, programs = grounded(pysolver.count_outcomes, s)
    return {"n": n, "cpu": time.process_time() - t, "path": "one" if single else f"walk {programs}",
            "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}


def run(name: str, quick: bool, what: str, limit: float) -> dict | None:
    cmd = [sys.executable, __file__, "--one", name, "--what", what] + ["--quick"] * quick
    try:
        return json.loads(subprocess.run(cmd, capture_output=True, text=True, timeout=limit,
                                         check=True).stdout.splitlines()[-1])
    except subprocess.TimeoutExpired:
        return None


def families_table(quick: bool, limit: float) -> None:
    print(f"\n{'board':<14}{'outcomes':>9}{'path':>9}{'cpu s':>8}{'peak MB':>8}{'per s':>8}{'ref s':>8}"
          f"{'ratio':>7}{'clingo s':>9}{'ratio':>7}")
    for name in families(quick):
        r = run(name, quick, "pysolver", limit)
        if r is None:
            print(f"{name:<14}{'-':>9}{'':>9}{'>' + str(int(limit)):>8}", flush=True)
            continue
        ref = run(name, quick, "reference", limit)
        if ref is not None:
            assert ref["n"] == r["n"], (name, ref, r)
        raw = run(name, quick, "clingo", limit) if r["path"] == "one" else None
        cpu = max(r["cpu"], 1e-3)
        ref_s, ref_ratio = (f"{ref['cpu']:.2f}", f"{ref['cpu'] / cpu:.1f}") if ref else (f">{int(limit)}", "-")
        raw_s, raw_ratio = (f"{raw['cpu']:.2f}", f"{cpu / max(raw['cpu'], 1e-3):.2f}") if raw else ("-", "-")
        print(f"{name:<14}{r['n']:>9}{r['path']:>9}{r['cpu']:>8.2f}{r['mb']:>8}{r['n'] / cpu:>8.0f}{ref_s:>8}"
              f"{ref_ratio:>7}{raw_s:>9}{raw_ratio:>7}", flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="only the smaller boards")
    p.add_argument("--limit", type=float, default=None, help="seconds per family board (default 60, quick 20)")
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("--what", default="pysolver", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one, args.quick, args.what)))
        return
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
    families_table(args.quick, args.limit or (20 if args.quick else 60))


if __name__ == "__main__":
    main()
