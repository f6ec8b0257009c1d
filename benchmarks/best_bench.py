"""Benchmark of `best` against a magic-combat-style brute force: declarations per second, side by side.

Run ``python3 benchmarks/best_bench.py`` (``--limit S``: seconds per board and program, default 60).
Boards (:mod:`boards`, fixed seeds, bob at 20 life):

* ``vanilla N×N declared`` (N = 4, 5): N attackers (P/T 1-5) all attacking, N possible blockers:
  bob's optimal blocks (the defender's default objective, docs/best.md);
* ``vanilla 4x4 open``: four against four, attacks open: alice's optimal attack against optimal
  blocks (the attacker's default objective).

The brute force is written here in the manner of the magic-combat project: declarations enumerated
in plain Python, one blocker per attacker at most (each blocker blocks one attacker), one damage
order (an attacker's damage all to its blocker, a trampler's excess over lethal damage to the
player), first and double strike in two steps, deathtouch, lifelink, and a value score (bob's
loss outweighs everything, then his life, then power + toughness destroyed on each side). `best`
answers the larger exact question: every legal declaration (double blocks included), every damage
assignment of both halves (510.1) played as a game, the lexicographic objective, all optimal first
moves. Columns: declarations each considered (`best`: its stats' ``declarations``), CPU seconds of
the search (the process's start-up and loading not counted), declarations per CPU second, and
the ratio of the rates (best / brute force).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import boards  # noqa: E402

LOST = 10**6


def families() -> dict[str, tuple[dict, bool]]:
    out = {}
    for n in (4, 5):
        declared = boards.vanilla(n, seed=n)
        declared["combat"] = {"attackers": {f"a{i}": "bob" for i in range(n)}}
        out[f"vanilla {n}x{n} declared"] = (declared, True)
    out["vanilla 4x4 open"] = (boards.vanilla(4, seed=4), False)
    return out


# ---- the magic-combat-style brute force ----------------------------------------------------

def _has(c: dict, keyword: str) -> bool:
    return keyword in c.get("abilities", [])


def _fight(a: dict, b: dict | None) -> tuple[int, int, bool, bool]:
    """One attacker against at most one blocker: damage to the player, life the attacker's side
    gains, whether each dies. One damage order; first strike (double strike) in a first step."""
    hurt = {"a": 0, "b": 0}
    alive = {"a": True, "b": b is not None}
    to_player = gained = 0
    fast = [_has(a, "First strike") or _has(a, "Double strike"), b is not None and
            (_has(b, "First strike") or _has(b, "Double strike"))]
    steps = ("first", "regular") if any(fast) else ("regular",)
    for step in steps:
        deals_a = alive["a"] and (step == "first") == fast[0] or (step == "regular" and _has(a, "Double strike"))
        deals_b = b is not None and alive["b"] and ((step == "first") == fast[1] or
                                                    (step == "regular" and _has(b, "Double strike")))
        if deals_a and alive["a"]:
            power = a["power"]
            if b is None or not alive["b"]:
                to_player += power if b is None or _has(a, "Trample") else 0
            else:
                lethal = 1 if _has(a, "Deathtouch") else max(b["toughness"] - hurt["b"], 0)
                share = min(power, lethal) if _has(a, "Trample") else power
                hurt["b"] += share + (LOST if _has(a, "Deathtouch") and share else 0)
                to_player += power - share
            gained += power if _has(a, "Lifelink") else 0
        if deals_b and alive["a"] and b is not None:
            hurt["a"] += b["power"] + (LOST if _has(b, "Deathtouch") and b["power"] else 0)
            gained -= b["power"] if _has(b, "Lifelink") else 0
        alive["a"] = alive["a"] and hurt["a"] < a["toughness"]
        alive["b"] = alive["b"] and b is not None and hurt["b"] < b["toughness"]
    return to_player, gained, not alive["a"], b is not None and not alive["b"]


def brute_score(attackers: list[dict], blockers: dict[str, dict | None], life: int) -> int:
    """bob's score of one declaration: losing outweighs all, then life, then value destroyed."""
    score = 0
    for a in attackers:
        b = blockers.get(a["id"])
        dealt, gained, a_dies, b_dies = _fight(a, b)
        life -= dealt
        life -= gained if gained < 0 else 0  # a lifelinking blocker's gain (bob's)
        score += (a["power"] + a["toughness"]) * a_dies - ((b["power"] + b["toughness"]) if b_dies and b else 0)
    return -LOST if life <= 0 else life * 100 + score


def brute_blocks(attackers: list[dict], blockers: list[dict], life: int) -> tuple[int, int]:
    """bob's best score over every declaration with one blocker per attacker at most, and how many."""
    best, n = -LOST - 1, 0
    for choice in itertools.product([None, *attackers], repeat=len(blockers)):
        chosen = [a["id"] for a in choice if a is not None]
        if len(chosen) != len(set(chosen)):
            continue  # one blocker per attacker
        n += 1
        best = max(best, brute_score(attackers, {a["id"]: b for a, b in zip(choice, blockers) if a is not None}, life))
    return best, n


def brute(data: dict, declared: bool) -> tuple[int, int]:
    """The brute force's answer (bob's score under its best blocks, or alice's best attack's) and the
    declarations it evaluated."""
    perms = data["permanents"]
    life = data["players"][1]["life"]
    mine = [p for p in perms if p["controller"] == "alice"]
    theirs = [p for p in perms if p["controller"] == "bob"]
    if declared:
        attacking = [p for p in mine if p["id"] in data["combat"]["attackers"]]
        return brute_blocks(attacking, theirs, life)
    worst, total = LOST + 1, 0
    for k in range(len(mine) + 1):
        for attack in itertools.combinations(mine, k):
            score, n = brute_blocks(list(attack), theirs, life)
            worst, total = min(worst, score), total + n + 1
    return worst, total


# ---- measuring ---------------------------------------------------------------------------

def one(name: str, program: str) -> dict:
    data, declared = families()[name]
    t = time.process_time()
    if program == "brute":
        score, n = brute(data, declared)
        return {"declarations": n, "cpu": time.process_time() - t, "answer": score}
    import pysolver
    from pysolver.game.best import best
    s = pysolver.load_data(data)
    t = time.process_time()
    o = best(s)
    stats = dict(o.stats)
    return {"declarations": stats["declarations"], "cpu": time.process_time() - t,
            "answer": [v for _, v in o.value], "moves": len(o.moves)}


def run(name: str, program: str, limit: float) -> dict | None:
    return boards.measured([sys.executable, __file__, "--one", name, "--program", program], limit)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--limit", type=float, default=60.0, help="seconds per board and program (default 60)")
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("--program", choices=("best", "brute"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one, args.program)))
        return
    print(f"{'board':<22}{'best decl':>10}{'cpu s':>8}{'decl/s':>9}{'optimal':>8}"
          f"{'brute decl':>11}{'cpu s':>8}{'decl/s':>10}{'ratio':>7}")
    for name in families():
        b, r = run(name, "best", args.limit), run(name, "brute", args.limit)
        cells = [f"{name:<22}"]
        rate_b = b["declarations"] / max(b["cpu"], 1e-6) if b else None
        rate_r = r["declarations"] / max(r["cpu"], 1e-6) if r else None
        cells += ([f"{b['declarations']:>10.0f}{b['cpu']:>8.2f}{rate_b:>9.0f}{b['moves']:>8}"] if b else
                  [f"{'-':>10}{'>' + str(int(args.limit)):>8}{'':>9}{'':>8}"])
        cells += [f"{r['declarations']:>11}{r['cpu']:>8.3f}{rate_r:>10.0f}"] if r else [f"{'-':>11}{'':>8}{'':>10}"]
        cells.append(f"{rate_b / rate_r:>7.4f}" if rate_b and rate_r else f"{'-':>7}")
        print("".join(cells), flush=True)


if __name__ == "__main__":
    main()
