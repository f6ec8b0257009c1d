"""Benchmark of `verify` at real-board scale: search size, CPU seconds and peak memory.

Run ``python3 benchmarks/verify_bench.py`` (``--quick``: the smaller boards, shorter limit).
Board families (:mod:`boards`, fixed seeds; attacks open, goal lethal: bob):

* ``keywords N×N life L``: N attackers against N possible blockers, P/T 1-5, one random keyword (first
  or double strike, deathtouch, trample, lifelink) on every other creature, bob at L life;
* ``tokens A vs 8+1``: A varied attackers (no evasion) against 8 identical 1/1 Soldier tokens and
  a 0/4 wall, bob at 10 life: the answer is plainly "no" (a chump block on each attacker);
* ``keywords N vs M life L``: the ``keywords N×N`` board without bob's creatures from the M-th on
  (fewer blockers than attackers: some of these hold).

Each board runs in its own process (so `peak MB` is that board's peak resident set, from
``resource.getrusage``) with a time limit. Columns: the answer, the positions searched, the
attack candidates (one per class of declarations equal up to identical creatures), the block
declarations of the all-out attack (``count_blocks``: what a search that materialises the
defence's moves would face), CPU seconds of `verify`, CPU seconds of the whole process up to
the answer (start-up, imports, loading), peak MB, and the brute-force minimax of
``tests/reference/minimax.py`` where it finishes within the limit, with the ratio reference/pysolver.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE))  # benchmarks/boards.py before tests/boards.py

import boards  # noqa: E402


def families(quick: bool) -> dict[str, dict]:
    out = {f"keywords {n}x{n} life {life}": boards.keyword_board(n, seed=n, life=life, goal={"lethal": "bob"})
           for n, life in ((3, 2), (3, 4), (4, 5), (6, 20), (6, 8), (8, 20), (8, 10), (10, 10))
           if not quick or n < 8}
    for a in ((4, 6) if quick else (4, 6, 8, 10)):
        out[f"tokens {a} vs 8+1"] = boards.tokens_board(a, 8)
    for n, m, life in ((6, 4, 4), (8, 5, 6), (8, 7, 4)):
        if not quick or n < 8:
            out[f"keywords {n} vs {m} life {life}"] = fewer_blockers(n, m, life)
    return out


def fewer_blockers(n: int, m: int, life: int) -> dict:
    """The ``keywords n×n`` board (seed n) with bob's creatures b0 … b(m-1) only."""
    data = boards.keyword_board(n, seed=n, life=life, goal={"lethal": "bob"})
    data["permanents"] = [p for p in data["permanents"] if p["controller"] != "bob" or int(p["id"][1:]) < m]
    return data


def one(name: str, quick: bool, reference: bool) -> dict:
    """Measure one board (in this process)."""
    import pysolver

    s = pysolver.load_data(families(quick)[name])
    t = time.process_time()
    if reference:
        from reference.minimax import reference_verify
        return {"holds": reference_verify(s), "cpu": time.process_time() - t}
    doc = pysolver.verify(s)
    cpu = time.process_time() - t
    usage = resource.getrusage(resource.RUSAGE_SELF)
    everyone = s.with_combat(attackers=tuple((p.id, "bob") for p in s.permanents
                                             if p.controller == "alice" and not p.has("defender")))
    return {"holds": doc["holds"], "positions": doc["stats"]["positions"],
            "candidates": doc["stats"]["attack_candidates"], "declarations": pysolver.count_blocks(everyone),
            "cpu": cpu, "process": usage.ru_utime + usage.ru_stime, "mb": usage.ru_maxrss // 1024}


def run(name: str, quick: bool, limit: float, reference: bool = False) -> dict | None:
    flags = ["--quick"] * quick + ["--reference"] * reference
    return boards.measured([sys.executable, __file__, "--one", name, *flags], limit)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--limit", type=float, default=None, help="seconds per board (default 60, quick 20)")
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("--reference", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one, args.quick, args.reference)))
        return
    limit = args.limit or (20 if args.quick else 60)
    print(f"{'board':<24}{'holds':>6}{'positions':>10}{'attacks':>8}{'all-out blocks':>15}{'cpu s':>8}"
          f"{'proc s':>8}{'peak MB':>8}{'ref s':>8}{'ratio':>7}")
    for name in families(args.quick):
        r = run(name, args.quick, limit)
        if r is None:
            print(f"{name:<24}{'-':>6}{'':>10}{'':>8}{'':>15}{'>' + str(int(limit)):>8}", flush=True)
            continue
        ref = run(name, args.quick, limit, reference=True)
        if ref is not None:
            assert ref["holds"] == r["holds"], (name, ref, r)
        ref_s = f"{ref['cpu']:.2f}" if ref else f">{int(limit)}"
        ratio = f"{ref['cpu'] / max(r['cpu'], 1e-3):.1f}" if ref else "-"
        print(f"{name:<24}{str(r['holds']):>6}{r['positions']:>10}{r['candidates']:>8}{r['declarations']:>15}"
              f"{r['cpu']:>8.2f}{r['process']:>8.2f}{r['mb']:>8}{ref_s:>8}{ratio:>7}", flush=True)


if __name__ == "__main__":
    main()
