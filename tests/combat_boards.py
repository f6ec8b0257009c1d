"""Hypothesis strategies for small combat boards (plain docs/situation.md dicts) about combat damage.

Attackers and blockers with powers 0-5, toughness 0-4, damage marked, counters, and the
abilities that matter to combat damage and its results: trample, trample over planeswalkers
(with a planeswalker to attack), deathtouch, first strike, double strike, lifelink,
indestructible, protection qualities, "can block an additional creature each combat"; face-down
creatures with morph and megamorph costs, and some mana to pay them with.

`damage_boards()` declares attackers and blockers; `outcome_boards()` leaves some of that open.
Boards are kept small: :func:`assignment_bound` bounds the number of ways to split the damage.
"""

from __future__ import annotations

from math import comb, prod

from hypothesis import strategies as st

COLORS = ["white", "blue", "black", "red", "green"]
DAMAGE_KEYWORDS = ["Trample", "Trample", "Trample over planeswalkers", "Deathtouch", "First strike",
                   "Double strike", "Lifelink", "Indestructible"]
QUALITIES = ["white", "red", "green", "each color", "everything", "creatures", "multicolored",
             "monocolored", "colorless", "Goblins", "artifacts"]
COSTS = ["{R}", "{1}{R}", "{2}", "{G}{G}", "{C}", "{1}", "{W}{1}"]
FACE_UP_EXTRAS = ["Flying", "Haste", "Trample", "First strike", "Deathtouch", "Lifelink",
                  "Protection from red", "Protection from white", "Protection from creatures", "Can't block",
                  "Indestructible", "Double strike"]


@st.composite
def creature(draw: st.DrawFn, pid: str, controller: str, players: list[str], *, blocker: bool,
             face_down_odds: int) -> dict:
    lines = draw(st.lists(st.sampled_from(DAMAGE_KEYWORDS), max_size=3, unique=True))
    if not blocker and draw(st.booleans()) and not any(line.startswith("Trample") for line in lines):
        lines.append(draw(st.sampled_from(["Trample", "Trample", "Trample over planeswalkers"])))
    if draw(st.integers(0, 3)) == 0:
        quality = draw(st.sampled_from(QUALITIES + [p for p in players if p != controller]))
        lines.append(f"Protection from {quality}")
    if blocker and draw(st.integers(0, 2)) == 0:
        lines.append("Can block an additional creature each combat")
    d: dict = {"id": pid, "controller": controller,
               "power": draw(st.integers(0, 5)), "toughness": draw(st.sampled_from([0, 1, 1, 2, 2, 3, 4])),
               "colors": draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True))}
    if draw(st.integers(0, 4)) == 0:
        d["subtypes"] = ["Goblin"]
    if draw(st.integers(0, 5)) == 0:
        d["types"] = ["Artifact", "Creature"]
    if draw(st.integers(0, 3)) == 0:
        d["damage"] = draw(st.integers(1, 3))
    if draw(st.integers(0, 5)) == 0:
        d["counters"] = {"+1/+1": draw(st.integers(0, 1)), "-1/-1": draw(st.integers(0, 1))}
    if face_down_odds and draw(st.integers(0, face_down_odds - 1)) == 0:
        d["face_down"] = True
        lines.append(draw(st.sampled_from(["Morph", "Megamorph"])) + " " + draw(st.sampled_from(COSTS)))
        lines += draw(st.lists(st.sampled_from(FACE_UP_EXTRAS), max_size=2, unique=True))
        if draw(st.booleans()):
            d["summoning_sick"] = True
    d["abilities"] = lines
    return d


def mana() -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(["{R}", "{G}", "{W}", "{1}", "{C}"]), max_size=4).map("".join)


@st.composite
def board(draw: st.DrawFn, *, attackers: tuple[int, int], blockers: tuple[int, int],
          face_down_odds: int = 0) -> tuple[dict, list[str], list[str]]:
    """A two-player board (alice attacks bob), the attackers' and the blockers' ids."""
    defender = draw(st.sampled_from(["bob", "Bob"]))
    names = ["alice", defender] + (["carol"] if draw(st.integers(0, 5)) == 0 else [])
    players = [{"name": "alice", "life": draw(st.sampled_from([20, 20, 3]))}]
    players += [{"name": n, "life": draw(st.sampled_from([20, 20, 4, 2]))} for n in names[1:]]
    if face_down_odds:
        for p in players:
            p["mana"] = draw(mana())
    lo, hi = attackers
    a_ids = draw(st.sampled_from([["a0", "a1", "a2"], ["A0", "a-1", "a_2"]]))
    a_ids = a_ids[:draw(st.sampled_from([lo, *range(lo, hi + 1)]))]
    b_ids = draw(st.sampled_from([["b0", "b1", "b2"], ["B0", "b-1", "b_2"]]))[:draw(st.integers(*blockers))]
    permanents = [draw(creature(a, "alice", names, blocker=False, face_down_odds=face_down_odds)) for a in a_ids]
    permanents += [draw(creature(b, draw(st.sampled_from(names[1:])), names, blocker=True,
                                 face_down_odds=face_down_odds)) for b in b_ids]
    if draw(st.integers(0, 2)) == 0:
        permanents.append({"id": "pw", "controller": defender, "types": ["Planeswalker"],
                           "loyalty": draw(st.integers(1, 4))})
    if draw(st.integers(0, 5)) == 0:
        permanents.append({"id": "bt", "controller": draw(st.sampled_from(names)), "types": ["Battle"],
                           "defense": draw(st.integers(1, 3)), "protector": defender})
    return {"players": players, "active": "alice", "permanents": permanents}, a_ids, b_ids


def targets(data: dict) -> list[str]:
    """The defending players, the planeswalker and the battle (all of them `bob`'s)."""
    return [p["name"] for p in data["players"][1:]] + [p["id"] for p in data["permanents"] if p["id"] in ("pw", "bt")]


def defending_player(data: dict, target: str) -> str:
    return data["players"][1]["name"] if target in ("pw", "bt") else target


@st.composite
def declare(draw: st.DrawFn, data: dict, a_ids: list[str], b_ids: list[str], *, blocks: bool) -> dict:
    """Declare attackers (each to a random target, the planeswalker likely) and maybe blockers
    (each blocker blocks up to as many attackers as it may, 509.1a)."""
    attacking = draw(st.lists(st.sampled_from(a_ids), min_size=1, unique=True)) if a_ids else []
    options = targets(data)
    weights = options + ["pw"] * ("pw" in options)
    combat: dict = {"attackers": {a: draw(st.sampled_from(weights)) for a in sorted(attacking)}}
    if blocks:
        by_id = {p["id"]: p for p in data["permanents"]}
        combat["blockers"] = {}
        for b in b_ids:
            cap = 1 + sum("additional" in line for line in by_id[b]["abilities"])
            least = 1 if draw(st.integers(0, 3)) else 0  # mostly blocking something
            mine = [a for a in sorted(attacking)  # 509.1a: attackers attacking its controller
                    if defending_player(data, combat["attackers"][a]) == by_id[b]["controller"]]
            chosen = draw(st.lists(st.sampled_from(mine), min_size=least, max_size=cap,
                                   unique=True)) if mine else []
            if chosen:
                combat["blockers"][b] = chosen
        if draw(st.integers(0, 5)) == 0:
            combat["damage_step"] = draw(st.sampled_from(["regular", "regular", "first_strike"]))
    data["combat"] = combat
    return data


def assignment_bound(data: dict) -> int:
    """An upper bound on the number of assignments of one damage step of a declared board."""
    combat = data.get("combat", {})
    attacks, blocks = combat.get("attackers", {}), combat.get("blockers", {})
    by_id = {p["id"]: p for p in data["permanents"]}

    def power(pid: str) -> int:
        p = by_id[pid]
        c = p.get("counters", {})
        if p.get("face_down"):  # either side, and a megamorph counter
            return max(2, p.get("power", 0)) + 1 + c.get("+1/+1", 0)
        return max(0, p.get("power", 0) + c.get("+1/+1", 0))

    ways = []
    for a in attacks:
        k = sum(a in blocked for blocked in blocks.values()) + 2
        ways.append(comb(power(a) + k - 1, k - 1))
    for b, blocked in blocks.items():
        k = len(blocked)
        ways.append(comb(power(b) + k - 1, k - 1))
    return prod(ways)


def damage_boards() -> st.SearchStrategy[dict]:
    """Declared attackers and blockers: 1-3 attackers, 0-3 blockers (a few face down)."""
    return board(attackers=(1, 3), blockers=(0, 3), face_down_odds=8).flatmap(
        lambda t: declare(*t, blocks=True)).filter(lambda d: assignment_bound(d) <= 3000)


def outcome_boards(stage: str) -> st.SearchStrategy[dict]:
    """Boards for `outcomes`, with face-down creatures and mana; `stage` says what is declared:
    `blockers` (attackers and blockers), `attackers` (attackers only) or `none`."""
    if stage == "blockers":
        s = board(attackers=(1, 3), blockers=(0, 2), face_down_odds=4).flatmap(lambda t: declare(*t, blocks=True))
        return s.filter(lambda d: assignment_bound(d) <= 600)
    if stage == "attackers":
        s = board(attackers=(1, 2), blockers=(0, 2), face_down_odds=4).flatmap(lambda t: declare(*t, blocks=False))
        return s.filter(lambda d: assignment_bound({**d, "combat": {"attackers": d["combat"]["attackers"],
                                                                   "blockers": {}}}) <= 200)
    return board(attackers=(1, 2), blockers=(0, 2), face_down_odds=4).map(lambda t: t[0])
