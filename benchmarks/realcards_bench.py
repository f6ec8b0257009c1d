"""Benchmark of `outcomes` and `verify` on boards of real corpus cards (issue 23), against the speed
aims of the outcomes issue (≥ 10× the brute-force reference, < 1 s for 4×4, cost following the answers).

Run ``python3 benchmarks/realcards_bench.py`` (``--quick``: fewer boards, 20 s limit). The cards are
those of ``tests/fixtures/corpus/creatures.scryfall.json.xz`` with no line that may change the answer
(``pysolver.files.cardlines.card_class``), a fixed power and toughness, and every line parsed; each
board (fixed seed) takes every other creature from the cards whose lines include one of the newly
modelled kinds (:data:`NEW_KINDS`: static anthems, lords and conditional P/T, damage abilities,
pumps that give keywords, combat-damage triggers, death triggers) and the rest from vanilla and
keyword-only cards. Families: ``declared N×N`` (N = 2, 3, 4: alice's creatures declared attacking
bob, blocks open) and ``open 3×3`` (attacks and blocks open); {R}{R} for each player.

Columns per board: ``count_outcomes`` and its CPU seconds, the path (``one``: one projected program;
``walk N``: the game-tree walk, N damage-step programs grounded, ``outcomes_bench.grounded``), the
brute-force reference's CPU (``tests/reference/outcomes.py``, count asserted equal) and the ratio
reference / pysolver, clingo's own count of the one-program projection (``one`` boards only), `verify`
with goal lethal: bob at half alice's total power (its answer and CPU, the minimax of
``tests/reference/minimax.py`` asserted equal where it finishes), and the peak MB of the outcomes
process. Each measurement runs in its own process with a time limit (``boards.measured``).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE))  # benchmarks/boards.py before tests/boards.py
sys.path.insert(1, str(HERE.parent))

import boards  # noqa: E402

CORPUS = HERE.parent / "tests" / "fixtures" / "corpus" / "creatures.scryfall.json.xz"
#: The newly modelled kinds of line (issue 23): statics, damage abilities, combat-damage and death triggers
#: (a pump counts when it gives keywords, see :func:`is_new`).
NEW_KINDS = {"anthem", "anthem_if", "anthem_per", "grant", "grant_if", "ping", "ping_each",
             "hit_counters", "dies_gain", "other_dies_counter", "undying", "persist"}
FAMILIES = {"declared 2x2": (2, True), "declared 3x3": (3, True), "declared 4x4": (4, True), "open 3x3": (3, False)}


@cache
def card_groups() -> tuple[list, list]:
    """(cards with a newly modelled line, vanilla and keyword-only cards), in the corpus's order."""
    from pysolver.files.cardlines import card_class, cards_of
    from pysolver.files.cards import load_pool_file
    from pysolver.files.oracle import MAY_CHANGE
    from pysolver.model.abilities import UnsupportedAbility, parse_ability_line
    from pysolver.model.catalogue import CATALOGUE

    keywords = {f.kind for f in CATALOGUE if f.group == "keyword"}
    new, plain = [], []
    for card in cards_of(load_pool_file(CORPUS), []):
        if card_class(card) == MAY_CHANGE or "Creature" not in card.types or card.power is None \
                or card.toughness is None or card.toughness < 1:
            continue
        try:
            abilities = [a for line in card.lines for a in parse_ability_line(line, card.name)]
        except UnsupportedAbility:
            continue
        if any(is_new(a) for a in abilities):
            new.append(card)
        elif all(a.kind in keywords for a in abilities):
            plain.append(card)
    return new, plain


def is_new(a) -> bool:
    """A newly modelled kind of line: one of :data:`NEW_KINDS`, a ``hit_*`` trigger, or a pump giving keywords."""
    return a.kind in NEW_KINDS or a.kind.startswith("hit_") or (a.kind == "pump" and bool(a.value.keywords))


def permanent(card, pid: str, controller: str) -> dict:
    return {"id": pid, "controller": controller, "name": card.name, "types": list(card.types),
            "subtypes": list(card.subtypes), "colors": list(card.colors), "mana_cost": card.mana_cost,
            "power": card.power, "toughness": card.toughness, "abilities": list(card.lines)}


def board(family: str, seed: int, goal: bool = False) -> dict:
    """One board of `family` (seed `seed`); with `goal`: lethal for bob at half alice's total power. A
    board the loader refuses (a card whose line the board makes unsupported) is drawn again."""
    from pysolver import load_data
    from pysolver.errors import InputError

    rng = random.Random(f"{family} {seed}")
    while True:
        data = _drawn(family, rng, goal)
        try:
            load_data(data)
        except InputError:
            continue
        return data


def _drawn(family: str, rng: random.Random, goal: bool) -> dict:
    n, declared = FAMILIES[family]
    new, plain = card_groups()
    perms = []
    for side, prefix in (("alice", "a"), ("bob", "b")):
        for i in range(n):
            while True:
                card = rng.choice(new if i % 2 == 0 else plain)
                if side == "bob" or not any(x.lower() == "defender" for x in card.lines):
                    break
            perms.append(permanent(card, f"{prefix}{i}", side))
    life = max(1, sum(p["power"] for p in perms if p["controller"] == "alice") // 2)
    data: dict = {"players": [{"name": "alice", "mana": "{R}{R}"}, {"name": "bob", "life": life, "mana": "{R}{R}"}],
                  "active": "alice", "permanents": perms}
    if declared:
        data["combat"] = {"attackers": {f"a{i}": "bob" for i in range(n)}}
    if goal:
        data["goal"] = {"lethal": "bob"}
    return data


def one(family: str, seed: int, what: str) -> dict:
    """Measure one board in this process: `what` is outcomes, reference, clingo, verify or minimax."""
    from outcomes_bench import grounded

    import pysolver
    import pysolver.asp.solving
    import pysolver.game.gametree
    from pysolver.game.outcomes import one_program_control, one_step

    s = pysolver.load_data(board(family, seed, goal=what in ("verify", "minimax")))
    root = pysolver.game.gametree.root(s)
    single = one_step(root)
    t = time.process_time()
    out: dict = {"path": "one" if single else "walk"}
    if what == "outcomes":
        out["n"], programs = grounded(pysolver.count_outcomes, s)
        out["path"] = "one" if single else f"walk {programs}"
    elif what == "reference":
        from reference.outcomes import reference_outcomes
        out["n"] = len(reference_outcomes(s))
    elif what == "clingo":
        out["n"] = pysolver.asp.solving.count_models(one_program_control(root)) if single else -1
    elif what == "verify":
        out["holds"] = pysolver.verify(s)["holds"]
    else:
        from reference.minimax import reference_verify
        out["holds"] = reference_verify(s)
    out["cpu"] = time.process_time() - t
    out["mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    return out


def run(family: str, seed: int, what: str, limit: float) -> dict | None:
    return boards.measured([sys.executable, __file__, "--one", family, str(seed), "--what", what], limit)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="two boards a family, 20 s limit")
    p.add_argument("--limit", type=float, default=None, help="seconds per measurement (default 60, quick 20)")
    p.add_argument("--one", nargs=2, help=argparse.SUPPRESS)
    p.add_argument("--what", default="outcomes", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one[0], int(args.one[1]), args.what)))
        return
    limit = args.limit or (20.0 if args.quick else 60.0)
    over = f">{int(limit)}"
    print(f"{'board':<20}{'outcomes':>9}{'cpu s':>8}{'path':>9}{'ref s':>8}{'ratio':>7}{'clingo s':>9}"
          f"{'holds':>7}{'verify s':>9}{'mmax s':>8}{'peak MB':>8}")
    for family in FAMILIES:
        for seed in range(1, 3 if args.quick else 4):
            name = f"{family} s{seed}"
            r = run(family, seed, "outcomes", limit)
            ref = run(family, seed, "reference", limit)
            raw = run(family, seed, "clingo", limit) if r and r["path"] == "one" else None
            v = run(family, seed, "verify", limit)
            mm = run(family, seed, "minimax", limit)
            if r and ref:
                assert ref["n"] == r["n"], (name, ref, r)
            if v and mm:
                assert v["holds"] == mm["holds"], (name, v, mm)
            cpu = max(r["cpu"], 1e-3) if r else None
            n, cpu_s, path = (str(r["n"]), f"{r['cpu']:.2f}", r["path"]) if r else \
                (str(ref["n"]) if ref else "-", over, "")
            ref_s = f"{ref['cpu']:.2f}" if ref else over
            ratio = f"{ref['cpu'] / cpu:.1f}" if ref and cpu else "-"
            raw_s = f"{raw['cpu']:.2f}" if raw else over if r and r["path"] == "one" else "-"
            holds = str(v["holds"]).lower() if v else str(mm["holds"]).lower() if mm else "-"
            v_s = f"{v['cpu']:.2f}" if v else over
            mm_s = f"{mm['cpu']:.2f}" if mm else over
            mb = str(r["mb"]) if r else "-"
            print(f"{name:<20}{n:>9}{cpu_s:>8}{path:>9}{ref_s:>8}{ratio:>7}{raw_s:>9}{holds:>7}{v_s:>9}{mm_s:>8}"
                  f"{mb:>8}", flush=True)


if __name__ == "__main__":
    main()
