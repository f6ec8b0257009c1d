"""Benchmark of `outcomes` and `verify` on boards with pump abilities and combat triggers (issue 15),
against the search core's aims (issue 10: outcomes < 5 s, verify < 10 s and < 500 MB).

Run ``python3 benchmarks/triggers_bench.py`` (``--quick``: the smaller boards, shorter limit). Board
families, fixed seeds, P/T 1-5, attacks and blocks open:

* ``triggers N×N``: every other creature carries one combat trigger (exalted 702.83, bushido 1
  702.45, flanking 702.25, battle cry 702.91, rampage 1 702.23, afflict 1 702.130, "Whenever ~
  attacks/blocks, it gets +X/+Y", 508.3a/509.3a);
* ``pumps N×N``: every other creature carries a pump ability ("{R}: ~ gets +1/+0", "{G}: ~ gets
  +0/+1", "{1}: Creatures you control get +1/+0", 602.1), alice has {R}{R}{1} and bob {G}{G}{1};
* ``akroma R red``: Akroma, Angel of Fury with R red mana (her "{R}: +1/+0") against a 1/1 flyer
  and a 2/2 (``outcomes_bench.pump_board``).

For `outcomes`: the number of distinct outcomes (``count_outcomes``), CPU seconds, peak MB, outcomes
per CPU second, and the brute-force reference's CPU (``tests/reference/outcomes.py``, its count
asserted equal) with the ratio reference/pysolver. For `verify` (goal lethal: bob at the life
shown): the answer, positions searched, CPU seconds, peak MB, and the brute-force minimax
(``tests/reference/minimax.py``) where it finishes, its answer asserted equal. Each board runs in
its own process with a wall-clock limit (``--limit``).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE))  # benchmarks/boards.py before tests/boards.py

TRIGGER_LINES = ["Exalted", "Bushido 1", "Flanking", "Battle cry", "Rampage 1", "Afflict 1",
                 "Whenever this creature attacks, it gets +1/+0 until end of turn",
                 "Whenever this creature blocks, it gets +0/+2 until end of turn"]
PUMP_LINES = ["{R}: ~ gets +1/+0 until end of turn", "{G}: ~ gets +0/+1 until end of turn",
              "{1}: Creatures you control get +1/+0 until end of turn"]


def board(n: int, lines: list[str], *, seed: int, life: int = 20, mana: tuple[str, str] = ("", ""),
          goal: dict | None = None) -> dict:
    """n attackers (alice) against n possible blockers (bob), P/T 1-5, one of `lines` on every other."""
    rng = random.Random(seed)
    perms = []
    for side, prefix, parity in (("alice", "a", 0), ("bob", "b", 1)):
        for i in range(n):
            d: dict = {"id": f"{prefix}{i}", "controller": side, "power": rng.randint(1, 5),
                       "toughness": rng.randint(1, 5)}
            if i % 2 == parity:
                d["abilities"] = [rng.choice(lines)]
            perms.append(d)
    data: dict = {"players": [{"name": "alice", "mana": mana[0]}, {"name": "bob", "life": life, "mana": mana[1]}],
                  "active": "alice", "permanents": perms}
    if goal is not None:
        data["goal"] = goal
    return data


def outcome_boards(quick: bool) -> dict[str, dict]:
    from outcomes_bench import pump_board

    sizes = (3, 4) if quick else (3, 4, 5)
    out = {f"triggers {n}x{n}": board(n, TRIGGER_LINES, seed=n) for n in sizes}
    out.update({f"pumps {n}x{n}": board(n, PUMP_LINES, seed=n, mana=("{R}{R}{1}", "{G}{G}{1}")) for n in sizes})
    out.update({f"akroma {r} red": pump_board(r) for r in ((5, 10) if quick else (5, 10, 20))})
    return out


def verify_boards(quick: bool) -> dict[str, dict]:
    out = {}
    for n, life in ((3, 4), (4, 6), (6, 8), (6, 20), (8, 10)):
        if quick and n > 6:
            continue
        out[f"triggers {n}x{n} life {life}"] = board(n, TRIGGER_LINES, seed=n, life=life, goal={"lethal": "bob"})
        out[f"pumps {n}x{n} life {life}"] = board(n, PUMP_LINES, seed=n, life=life, goal={"lethal": "bob"},
                                                   mana=("{R}{R}{1}", "{G}{G}{1}"))
    return out


def one(kind: str, name: str, quick: bool, reference: bool) -> dict:
    """Measure one board in this process."""
    import pysolver

    data = (outcome_boards if kind == "outcomes" else verify_boards)(quick)[name]
    s = pysolver.load_data(data)
    t = time.process_time()
    if kind == "outcomes":
        if reference:
            from reference.outcomes import reference_outcomes
            n: object = len(reference_outcomes(s))
        else:
            n = pysolver.count_outcomes(s)
        out: dict = {"n": n}
    elif reference:
        from reference.minimax import reference_verify
        out = {"holds": reference_verify(s)}
    else:
        doc = pysolver.verify(s)
        out = {"holds": doc["holds"], "positions": doc["stats"]["positions"]}
    out["cpu"] = time.process_time() - t
    out["mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    return out


def run(kind: str, name: str, quick: bool, limit: float, reference: bool = False) -> dict | None:
    cmd = [sys.executable, __file__, "--one", kind, name] + ["--quick"] * quick + ["--reference"] * reference
    try:
        return json.loads(subprocess.run(cmd, capture_output=True, text=True, timeout=limit,
                                         check=True).stdout.splitlines()[-1])
    except subprocess.TimeoutExpired:
        return None


def table(kind: str, quick: bool, limit: float) -> None:
    """One row per board of `kind` (outcomes or verify): pysolver's answer, CPU and peak MB, and the
    brute-force reference's CPU where it finishes within `limit`, its answer asserted equal."""
    answer = "n" if kind == "outcomes" else "holds"
    width = 16 if kind == "outcomes" else 24
    extra = f"{'per s':>8}" if kind == "outcomes" else f"{'positions':>10}"
    label = "outcomes" if kind == "outcomes" else "holds"
    print(f"\n{kind:<{width}}{label:>9}{extra}{'cpu s':>8}{'peak MB':>8}{'ref s':>8}{'ratio':>7}")
    for name in (outcome_boards if kind == "outcomes" else verify_boards)(quick):
        r = run(kind, name, quick, limit)
        if r is None:
            print(f"{name:<{width}}{'-':>9}{'':>{len(extra)}}{'>' + str(int(limit)):>8}", flush=True)
            continue
        ref = run(kind, name, quick, limit, reference=True)
        if ref is not None:
            assert ref[answer] == r[answer], (name, ref, r)
        cpu = max(r["cpu"], 1e-3)
        ref_s, ratio = (f"{ref['cpu']:.2f}", f"{ref['cpu'] / cpu:.1f}") if ref else (f">{int(limit)}", "-")
        shown = f"{r['n'] / cpu:>8.0f}" if kind == "outcomes" else f"{r['positions']:>10}"
        print(f"{name:<{width}}{str(r[answer]).lower():>9}{shown}{r['cpu']:>8.2f}{r['mb']:>8}{ref_s:>8}{ratio:>7}",
              flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="only the smaller boards")
    p.add_argument("--limit", type=float, default=None, help="seconds per board (default 60, quick 20)")
    p.add_argument("--one", nargs=2, help=argparse.SUPPRESS)
    p.add_argument("--reference", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one[0], args.one[1], args.quick, args.reference)))
        return
    limit = args.limit or (20.0 if args.quick else 60.0)
    table("outcomes", args.quick, limit)
    table("verify", args.quick, limit)


if __name__ == "__main__":
    main()
