"""Benchmark of `outcomes --count` fight by fight (issue 21) against the walk, the reference and clingo.

Run ``python3 benchmarks/fights_bench.py`` (``--quick``: the 3×3 and 4×4 boards, ``--limit`` seconds per
run, default 120). Each board (``benchmarks/boards.py``, fixed seeds, attacks and blocks open) runs in
its own process, once per approach, side by side:

* ``fights``: ``pysolver.count_outcomes`` as shipped: where the board decomposes (path ``split``)
  the windows before blocks over whole situations and each block declaration's fights solved
  alone and once, combined by sums (``pysolver/game/fights.py``), else as ``before`` (also on
  small one-step boards without first strike, path ``one``, where the one program is faster);
* ``before``: the same with ``split=False``, the design before issue 21: one projected program
  where nothing happens but declarations and damage, else the game-tree walk of
  ``pysolver/game/outcomes.py``;
* ``one``: clingo alone counting the one-program projection (``one_program_control``), where the
  board has one (its CPU is clingo's raw enumeration rate);
* ``reference``: the brute force of ``tests/reference/outcomes.py``.

Columns: distinct outcomes (asserted equal across the approaches that finish), the path taken, CPU
seconds of each approach (``>L``: not done within the limit), the ratios reference/fights and
before/fights, outcomes per CPU second of ``fights``, and its peak MB (``ru_maxrss``).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE))

import boards  # noqa: E402

import pysolver  # noqa: E402
from pysolver.asp.solving import count_models  # noqa: E402
from pysolver.game import gametree  # noqa: E402
from pysolver.game.outcomes import count_outcomes, count_path, one_program_control, one_step  # noqa: E402

APPROACHES = ("fights", "before", "one", "reference")


def families(quick: bool) -> dict[str, dict]:
    sizes = (3, 4) if quick else (3, 4, 5)
    out: dict[str, dict] = {}
    for n in sizes[:2]:
        out[f"firecat {n}x{n}"] = boards.firecat_family(n, seed=n)
        out[f"morph {n}x{n}"] = boards.morph_board(n, seed=n)
        out[f"pumps {n}x{n}"] = boards.pump_family(n, seed=n)
        out[f"triggers {n}x{n}"] = boards.trigger_family(n, seed=n)
    for n in sizes[1:]:
        out[f"keywords {n}x{n}"] = boards.keyword_board(n, seed=n)
        out[f"vanilla {n}x{n}"] = boards.vanilla(n, seed=n)
    return out


def one(name: str, quick: bool, what: str) -> dict:
    """Measure one board with one approach in this process."""
    s = pysolver.load_data(families(quick)[name])
    root = gametree.root(s)
    single = one_step(root)
    start = time.process_time()
    if what == "fights":
        n = count_outcomes(s)
    elif what == "before":
        n = count_outcomes(s, split=False)
    elif what == "one":
        n = count_models(one_program_control(root)) if single else -1
    else:
        from reference.outcomes import reference_outcomes
        n = len(reference_outcomes(s))
    path = count_path(root)
    return {"n": n, "cpu": time.process_time() - start, "path": path,
            "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}


def run(name: str, quick: bool, what: str, limit: float) -> dict | None:
    cmd = [sys.executable, __file__, "--one", name, "--what", what] + ["--quick"] * quick
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(done.stdout.splitlines()[-1])


def cell(x: dict | None, skipped: bool, limit: str) -> str:
    """The CPU seconds of one approach, or why there are none."""
    if skipped or (x is not None and x["n"] < 0):
        return "-"
    return limit if x is None else f"{x['cpu']:.2f}"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="only the 3x3 and 4x4 boards")
    p.add_argument("--limit", type=float, default=120, help="seconds per board and approach (default 120)")
    p.add_argument("--skip", action="append", default=[], choices=APPROACHES, help="an approach not to run")
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("--what", default="fights", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one, args.quick, args.what)))
        return
    limit = f">{int(args.limit)}"
    print(f"{'board':<14}{'outcomes':>9}{'path':>7}{'fights s':>9}{'before s':>9}{'one s':>8}{'ref s':>8}"
          f"{'ref/fights':>11}{'before/fights':>14}{'per s':>8}{'MB':>6}")
    for name in families(args.quick):
        r = {what: (None if what in args.skip else run(name, args.quick, what, args.limit)) for what in APPROACHES}
        found = r["fights"]
        if found is None:
            print(f"{name:<14}{'-':>9}{'':>7}{limit:>9}", flush=True)
            continue
        for what, x in r.items():
            if x is not None and x["n"] >= 0:
                assert x["n"] == found["n"], (name, what, x["n"], found["n"])
        cpu = max(found["cpu"], 1e-3)

        col = {what: cell(r[what], what in args.skip, limit) for what in APPROACHES}
        ratio = {what: "-" if r[what] is None or r[what]["n"] < 0 else f"{r[what]['cpu'] / cpu:.1f}"
                 for what in APPROACHES}
        print(f"{name:<14}{found['n']:>9}{found['path']:>7}{found['cpu']:>9.2f}"
              f"{col['before']:>9}{col['one']:>8}{col['reference']:>8}{ratio['reference']:>11}{ratio['before']:>14}"
              f"{found['n'] / cpu:>8.0f}{found['mb']:>6}", flush=True)


if __name__ == "__main__":
    main()
