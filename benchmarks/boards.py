"""Board families of the issue-10 benchmarks, generated with fixed seeds (plain docs/situation.md dicts).

>>> len(vanilla(3, seed=1)["permanents"]), keyword_board(2, seed=1)["players"][1]["life"]
(6, 20)
"""

from __future__ import annotations

import json
import random
import subprocess

KEYWORDS = ["First strike", "Double strike", "Deathtouch", "Trample", "Lifelink"]


def _players(life: int = 20, alice_mana: str = "", bob_mana: str = "") -> list[dict]:
    return [{"name": "alice", "mana": alice_mana}, {"name": "bob", "life": life, "mana": bob_mana}]


def _creature(rng: random.Random, pid: str, controller: str, keyword: bool) -> dict:
    d: dict = {"id": pid, "controller": controller, "power": rng.randint(1, 5), "toughness": rng.randint(1, 5)}
    if keyword:
        d["abilities"] = [rng.choice(KEYWORDS)]
    return d


def vanilla(n: int, *, seed: int = 0, life: int = 20) -> dict:
    """n attackers against n possible blockers, P/T 1-5, attacks and blocks open."""
    rng = random.Random(seed)
    return {"players": _players(life), "active": "alice",
            "permanents": [_creature(rng, f"a{i}", "alice", False) for i in range(n)]
            + [_creature(rng, f"b{i}", "bob", False) for i in range(n)]}


def keyword_board(n: int, *, seed: int = 0, life: int = 20, goal: dict | None = None) -> dict:
    """As :func:`vanilla`, one random keyword (first/double strike, deathtouch, trample, lifelink) on
    every other creature."""
    rng = random.Random(seed)
    perms = [_creature(rng, f"a{i}", "alice", i % 2 == 0) for i in range(n)]
    perms += [_creature(rng, f"b{i}", "bob", i % 2 == 1) for i in range(n)]
    data: dict = {"players": _players(life), "active": "alice", "permanents": perms}
    if goal is not None:
        data["goal"] = goal
    return data


def morph_board(n: int, *, seed: int = 0) -> dict:
    """n against n, P/T 1-5, up to two face-down morph creatures a side, mana to turn them."""
    rng = random.Random(seed)
    extras = ["Flying", "First strike", "Deathtouch", "Trample", "Lifelink"]
    perms = []
    for side, prefix in (("alice", "a"), ("bob", "b")):
        down = set(rng.sample(range(n), min(2, n)))
        for i in range(n):
            d = _creature(rng, f"{prefix}{i}", side, False)
            if i in down:
                d["face_down"] = True
                d["abilities"] = [f"Morph {rng.choice(['{R}', '{1}', '{G}{G}', '{2}'])}", rng.choice(extras)]
            perms.append(d)
    return {"players": _players(20, "{R}{1}", "{G}{G}"), "active": "alice", "permanents": perms}


def tokens_board(attackers: int = 6, tokens: int = 8, *, seed: int = 0, life: int = 10) -> dict:
    """A Forge-like puzzle cut to its combat: `attackers` varied creatures (no evasion) against
    `tokens` identical 1/1 Soldier tokens and one 0/4 wall; lethal goal, attacks open (answer no:
    a chump block on each attacker leaves nothing to reach bob)."""
    rng = random.Random(seed)
    perms = [_creature(rng, f"a{i}", "alice", False) for i in range(attackers)]
    perms += [{"id": f"soldier{i}", "controller": "bob", "name": "Soldier", "subtypes": ["Soldier"],
               "colors": ["white"], "power": 1, "toughness": 1} for i in range(tokens)]
    perms.append({"id": "wall", "controller": "bob", "power": 0, "toughness": 4, "abilities": ["Defender"]})
    return {"players": _players(life), "active": "alice", "permanents": perms, "goal": {"lethal": "bob"}}


SELF_PUMPS = ["{R}: ~ gets +1/+0 until end of turn", "{R}: ~ gets +0/+1 until end of turn",
              "{1}{R}: ~ gets +1/+1 until end of turn"]
COMBAT_TRIGGERS = ["Bushido 1", "Flanking", "Exalted",
                   "Whenever this creature attacks, it gets +1/+0 until end of turn",
                   "Whenever this creature blocks, it gets +0/+2 until end of turn"]


def pump_family(n: int, *, seed: int = 0) -> dict:
    """n against n, P/T 1-5, Akroma's kind of pump on every creature (one of :data:`SELF_PUMPS`,
    602.1), {R}{R}{R} each side (issue 21)."""
    rng = random.Random(seed)
    perms = []
    for side, prefix in (("alice", "a"), ("bob", "b")):
        for i in range(n):
            d = _creature(rng, f"{prefix}{i}", side, False)
            d["abilities"] = [rng.choice(SELF_PUMPS)]
            perms.append(d)
    return {"players": _players(20, "{R}{R}{R}", "{R}{R}{R}"), "active": "alice", "permanents": perms}


def firecat_family(n: int, *, seed: int = 0) -> dict:
    """n against n, P/T 1-5, a face-down Blistering Firecat (7/1 trample haste, Morph {R}{R}) for
    alice and a face-down megamorph creature for bob (702.37b), mana to turn both (issue 21)."""
    rng = random.Random(seed)
    perms = [_creature(rng, f"a{i}", "alice", False) for i in range(n)]
    perms += [_creature(rng, f"b{i}", "bob", False) for i in range(n)]
    perms[0] = {"id": "a0", "controller": "alice", "card": "Blistering Firecat", "face_down": True}
    perms[n] = {**perms[n], "face_down": True, "abilities": ["Megamorph {G}", rng.choice(["Deathtouch", "Reach"])]}
    if n > 2:
        perms[1] = {**perms[1], "face_down": True, "abilities": ["Morph {1}", "First strike"]}
    return {"players": _players(20, "{R}{R}{1}", "{G}{1}"), "active": "alice", "permanents": perms}


def trigger_family(n: int, *, seed: int = 0) -> dict:
    """n against n, P/T 1-5, one combat trigger of :data:`COMBAT_TRIGGERS` on every other creature
    (bushido 702.45, flanking 702.25, exalted 702.83, 508.3a, 509.3a) (issue 21)."""
    rng = random.Random(seed)
    perms = []
    for side, prefix, parity in (("alice", "a", 0), ("bob", "b", 1)):
        for i in range(n):
            d = _creature(rng, f"{prefix}{i}", side, False)
            if i % 2 == parity:
                d["abilities"] = [rng.choice(COMBAT_TRIGGERS)]
            perms.append(d)
    return {"players": _players(20), "active": "alice", "permanents": perms}


def measured(cmd: list[str], limit: float) -> dict | None:
    """The last line of what a benchmark's child process (``cmd``) prints, read as JSON; None if it
    did not end within `limit` seconds (each measurement in a process of its own: its CPU time and
    memory are its own)."""
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=limit, check=True).stdout
    except subprocess.TimeoutExpired:
        return None
    return json.loads(out.splitlines()[-1])
