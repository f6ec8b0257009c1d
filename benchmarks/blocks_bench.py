"""Benchmark of block declarations (509.1): exact counting, generate-and-test, enumeration rate.

Run ``python3 benchmarks/blocks_bench.py`` (``--quick`` for sizes up to 8 only). The boards are
n attackers against n possible blockers with mixed abilities, pseudo-random with a fixed seed.
See ``benchmarks/README.md`` for what each number means.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import clingo

import pysolver
from pysolver.model import Situation
from pysolver.rules.declarations import block_components, count_blocks, legal_blocks
from pysolver.rules.graph import attacker_blocker_graph

SEED = 2028
DENSE_SEED = 3001  # a 7x7 board with 283,303 legal declarations among 823,543 candidates
BUDGET = 20.0  # seconds: generate-and-test is skipped when it would take longer
COLORS = ("white", "blue", "black", "red", "green")
ATTACKER_LINES = (("Flying", .3), ("Menace", .2), ("First strike", .2), ("Trample", .2), ("Deathtouch", .1),
                  ("Fear", .05), ("All creatures able to block this creature do so", .03),
                  ("This creature must be blocked if able", .06),
                  ("This creature can't be blocked except by three or more creatures", .04))
BLOCKER_LINES = (("Flying", .15), ("Reach", .2), ("This creature can block an additional creature each combat", .15),
                 ("This creature can block any number of creatures", .04),
                 ("This creature blocks each combat if able", .06), ("First strike", .2), ("Deathtouch", .1),
                 ("Defender", .1))


def board(n: int, seed: int = SEED) -> dict:
    """n attackers (alice) against n possible blockers (bob), as a docs/situation.md situation."""
    rng = random.Random(f"{seed}-{n}")
    permanents = []
    for prefix, controller, lines in (("a", "alice", ATTACKER_LINES), ("b", "bob", BLOCKER_LINES)):
        for i in range(1, n + 1):
            abilities = [line for line, p in lines if rng.random() < p]
            if prefix == "a" and rng.random() < .15:
                abilities.append(f"Protection from {rng.choice(COLORS)}")
            permanents.append({"id": f"{prefix}{i}", "controller": controller, "power": rng.randint(1, 5),
                               "toughness": rng.randint(1, 5), "colors": [rng.choice(COLORS)],
                               "abilities": abilities})
    return {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice", "permanents": permanents,
            "combat": {"attackers": {f"a{i}": "bob" for i in range(1, n + 1)}}}


def generate_and_test(s: Situation) -> int:
    """A plain generate-and-test over the attacker–blocker graph: every blocker takes any subset of
    the attackers it may block within its capacity (509.1a); keep the products that respect the
    minimum numbers of blockers (702.111b) and obey the most requirements (509.1c)."""
    g = attacker_blocker_graph(s)
    blockers = sorted(n for n, r in g.nodes(data="role") if r == "blocker")
    options = [_subsets(sorted(g.successors(b)), g.nodes[b]["capacity"]) for b in blockers]
    need = {a: d.get("min_blockers", 1) for a, d in g.nodes(data=True) if d["role"] == "attacker"}
    requirements = g.graph.get("requirements", [])
    best, count = -1, 0
    for choice in itertools.product(*options):
        blocked = {a: 0 for a in need}
        for attackers in choice:
            for a in attackers:
                blocked[a] += 1
        if any(0 < blocked[a] < need[a] for a in need):
            continue
        pairs = {(b, a) for b, attackers in zip(blockers, choice) for a in attackers}
        obeyed = sum(_obeyed(kind, objects, pairs, blocked) for kind, objects in requirements)
        best, count = (obeyed, 1) if obeyed > best else (best, count + (obeyed == best))
    return count


def _subsets(items: list[str], cap: int | None) -> list[tuple[str, ...]]:
    top = len(items) if cap is None else min(cap, len(items))
    return [c for k in range(top + 1) for c in itertools.combinations(items, k)]


def _obeyed(kind: str, objects: tuple[str, ...], pairs: set[tuple[str, str]], blocked: dict[str, int]) -> bool:
    if kind == "lure":
        return (objects[1], objects[0]) in pairs
    if kind == "blocked":
        return blocked.get(objects[0], 0) > 0
    if kind == "blocks":
        return any(b == objects[0] for b, _ in pairs)
    return False  # 508.1d requirements: the same for every declaration


def candidates(s: Situation) -> int:
    """How many candidate declarations generate-and-test tries: the product of each blocker's options."""
    g = attacker_blocker_graph(s)
    total = 1
    for b, role in g.nodes(data="role"):
        if role == "blocker":
            total *= len(_subsets(sorted(g.successors(b)), g.nodes[b]["capacity"]))
    return total


def minimal_program(s: Situation) -> str:
    """The board's block declarations as a minimal ASP program (no rules text, no Python per model):
    the choice of edges within each blocker's capacity, minimum numbers of blockers and, if the
    board has requirements, the maximum number of them obeyed (from pysolver's optimisation)."""
    facts, k = [], 0
    for c in block_components(s):
        p = c.problem
        k += c.best() - p.obeyed_anyway if c.has_requirements else 0
        facts += [f'edge("{b}","{a}").' for b, a in p.edges]
        facts += [f'cap("{b}",{n}).' if n is not None else f'any("{b}").' for b, n in p.capacity.items()]
        facts += [f'need("{a}",{n}).' for a, n in p.min_blockers.items() if n >= 2]
        facts += [f'lure("{b}","{a}",{w}).' for (b, a), w in p.lure.items()]
        facts += [f'must("{x}",{w}).' for x, w in p.must.items()]
    rules = ["{ block(B,A) : edge(B,A) } N :- cap(B,N).", "{ block(B,A) : edge(B,A) } :- any(B).",
             ":- need(A,N), C = #count{ B : block(B,A) }, 0 < C, C < N.", "#show block/2."]
    if k:
        rules += ["in_block(X) :- block(X,_).", "in_block(X) :- block(_,X).",
                  f":- #sum{{ W,B,A : block(B,A), lure(B,A,W); W,X : in_block(X), must(X,W) }} < {k}."]
    return "\n".join(facts + rules)


def clingo_rate(program: str) -> tuple[int, float]:
    """Models and seconds for clingo to enumerate the answer sets of `program` (solving only, no
    Python per model)."""
    ctl = clingo.Control(["--models=0"], logger=lambda code, message: None)
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    start = time.perf_counter()
    ctl.solve()
    return int(ctl.statistics["summary"]["models"]["enumerated"]), time.perf_counter() - start


def timed(f: Callable[[], int], repeat: int = 1) -> tuple[int, float]:
    """The value of `f()` and the shortest of `repeat` wall-clock times, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        value = f()
        best = min(best, time.perf_counter() - start)
    return value, best


def table(sizes: range) -> dict[int, Situation]:
    """Count each board with count_blocks and with generate-and-test; print one row per board."""
    print(f"{'board':>7} {'declarations':>18} {'count_blocks':>13} {'gen-and-test':>13} {'ratio':>8}")
    unit = 0.0  # generate-and-test seconds per candidate and blocker on the last board it ran on
    boards = {}
    for n in sizes:
        s = boards[n] = pysolver.load_data(board(n))
        count, t_count = timed(lambda s=s: count_blocks(s), repeat=3)
        tried = candidates(s)
        cells = ["skipped", ""]
        if unit * tried * n <= BUDGET:
            brute, t_brute = timed(lambda s=s: generate_and_test(s))
            assert brute == count, (n, brute, count)
            unit = t_brute / (tried * n)
            cells = [f"{t_brute:.3f} s", f"{t_brute / t_count:.0f}x"]
        print(f"{n:>3}x{n:<3} {count:>18,} {t_count:>11.3f} s {cells[0]:>13} {cells[1]:>8}")
    return boards


def cli_count(n: int) -> None:
    """`pysolver blocks FILE --count --json` on an n x n board, timed as a whole process."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"board{n}.json"
        path.write_text(json.dumps(board(n)))
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "pysolver.cli", "blocks", str(path), "--count", "--json"],
                             check=True, capture_output=True, text=True).stdout
        elapsed = time.perf_counter() - start
    print(f"{n}x{n} `pysolver blocks --count --json`: {json.loads(out)['count']:,} in {elapsed:.2f} s (whole process)")


def enumeration(n: int, s: Situation) -> None:
    """Results per second of legal_blocks against clingo enumerating the minimal program."""
    enumerated, t_enum = timed(lambda: sum(1 for _ in legal_blocks(s)), repeat=3)
    models, t_clingo = min((clingo_rate(minimal_program(s)) for _ in range(3)), key=lambda r: r[1])
    assert models == enumerated, (models, enumerated)
    ours, limit = enumerated / t_enum, models / t_clingo
    print(f"enumeration, {n}x{n} board, {enumerated:,} declarations:")
    print(f"  legal_blocks, Python results       {ours:>12,.0f} /s  ({t_enum:.2f} s)")
    print(f"  clingo, minimal program, no Python {limit:>12,.0f} /s  ({t_clingo:.2f} s)")
    print(f"  ratio                              {ours / limit:>12.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="sizes 3 to 8 only, no 12x12")
    quick = parser.parse_args(argv).quick
    print(f"seed {SEED}; generate-and-test is skipped when estimated over {BUDGET:.0f} s\n")
    boards = table(range(3, 9 if quick else 11))
    if not quick:
        s = pysolver.load_data(board(12))
        count, t_count = timed(lambda: count_blocks(s), repeat=3)
        print(f"{12:>3}x{12:<3} {count:>18,} {t_count:>11.3f} s {'skipped':>13}")
        dense = pysolver.load_data(board(7, DENSE_SEED))
        count, t_count = timed(lambda: count_blocks(dense), repeat=3)
        brute, t_brute = timed(lambda: generate_and_test(dense))
        assert brute == count, (brute, count)
        print(f"{'7x7*':>7} {count:>18,} {t_count:>11.3f} s {t_brute:>11.3f} s {t_brute / t_count:>7.0f}x"
              f"   (* seed {DENSE_SEED}: a dense 7x7 board)")
        print()
        cli_count(12)
    print()
    n = next((n for n, s in boards.items() if count_blocks(s) >= 10**5), max(boards))
    enumeration(n, boards[n])


if __name__ == "__main__":
    main()
