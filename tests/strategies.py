"""Hypothesis strategies for random small docs/situation.md boards, as plain dicts (load with `pysolver.load_data`).

`block_boards()` declares `combat.attackers`; `attack_boards()` leaves combat open.
Boards mix everything docs/situation.md and docs/abilities.md offer that matters to declarations: colors,
creature types, artifact creatures, 0 toughness, marked damage, counters, tapped,
summoning-sick and face-down creatures, the attack/block ability lines of §2
(protection qualities, landwalk with lands on the defending side, requirements),
planeswalkers and battles as attack targets (some of them about to leave the
battlefield), a third player, and names that are not plain ASP constants.

>>> from hypothesis import given, settings
>>> import pysolver
>>> @settings(max_examples=5, deadline=None)
... @given(block_boards())
... def check(d):
...     assert pysolver.load_data(d).combat.attackers
>>> check()
"""

from __future__ import annotations

import os
import re

from hypothesis import strategies as st

# PYSOLVER_FUZZ=long (tests/test_fuzz.py) runs the differential tests on ten times as many boards.
LONG = os.environ.get("PYSOLVER_FUZZ") == "long"


def examples(n: int) -> int:
    """The number of generated boards of a differential test of nominal size `n`: a third of it, rounded up, in
    the normal run (the suite stays within CI's ten minutes), ten times `n` in the long profile
    (``PYSOLVER_FUZZ=long``, which also draws new boards on each run)."""
    return n * 10 if LONG else (n + 2) // 3


COLORS = ["white", "blue", "black", "red", "green"]
LETTERS = ["W", "U", "B", "R", "G"]
CREATURE_TYPES = ["Goblin", "Elf", "Human", "Angel", "Zombie"]
LAND_TYPES = ["Island", "Swamp", "Forest", "Mountain", "Plains"]

# Player names: plain ASP constants and names that need quoting (capitals, hyphens, digits).
ACTIVE_NAMES = ["alice", "Alice", "al-1"]
DEFENDER_NAMES = ["bob", "Bob", "b_2"]
THIRD_NAMES = ["carol", "Carol-3"]

KEYWORDS = ["Flying", "Reach", "Menace", "Haste", "Defender", "Indestructible", "Fear", "Intimidate",
            "Shadow", "Horsemanship", "Skulk", "Trample", "Vigilance", "First strike", "Deathtouch",
            "Islandwalk", "Swampwalk", "Forestwalk", "flying", "MENACE"]
BLOCKING = ["Can't block", "This creature can't block", "~ can't block.",
            "Can't be blocked", "This creature can't be blocked",
            "Can block an additional creature each combat", "~ can block an additional creature each combat",
            "Can block any number of creatures", "This creature can block any number of creatures each combat",
            "Can't be blocked except by two or more creatures", "~ can't be blocked except by three or more creatures",
            "This creature can't be blocked except by 2 or more creatures",
            "Can block only creatures with flying", "Unleash"]
# Blocking restrictions over creature qualities (509.1b) and changeling (702.73a).
QUALITY_RESTRICTIONS = ["Can't be blocked by more than one creature", "~ can't be blocked by red creatures",
                        "This creature can't be blocked by creatures with power 2 or less",
                        "~ can't be blocked by creatures with power 3 or greater",
                        "Creatures with power less than ~'s power can't block it",
                        "~ can be blocked only by creatures with flying",
                        "Creatures with power or toughness 1 or less can't be blocked",
                        "Creatures with toughness greater than their power can't block",
                        "Creatures your opponents control with flying can't block",
                        "Green creatures you control can't be blocked", "~ can't be blocked by Goblins",
                        "~ can't be blocked except by black creatures", "~ can't be blocked by non-Human creatures",
                        "Creatures you control with +1/+1 counters on them can't be blocked"]
BLOCKING += QUALITY_RESTRICTIONS
# 508.1c, 509.1b: restrictions on what the defending player controls (lands of LAND_TYPES, artifact creatures).
BLOCKING += ["This creature can't attack unless defending player controls an Island",
             "~ can't attack unless defending player controls a Goblin",
             "~ can't be blocked as long as defending player controls an artifact",
             "This creature can't be blocked as long as defending player controls a Swamp"]
# 508.1c, 509.1b: restrictions of the creature itself, and while its controller controls no such permanent;
# 702.98a unleash (with the counters of pt_counters).
BLOCKING += ["This creature can't attack", "~ can't attack or block", "~ can't block creatures with power 2 or greater",
             "~ can't block creatures with power greater than ~'s power",
             "~ can't block unless you control another Goblin", "~ can't attack unless you control a red creature",
             "~ can't attack or block unless you control at least two other creatures", "Unleash",
             "~ can't be blocked as long as it's attacking alone", "Creatures can't attack you",
             "~ can't attack unless you control more creatures than defending player",
             "~ can't block unless you control more creatures than attacking player",
             "~ can block creatures with shadow as though ~ had shadow",
             "~ can block creatures with shadow as though they didn't have shadow",
             "~ can't block and can't be blocked", "~ can't block or be blocked by creatures with power 2 or greater",
             "~ can't attack or block if an artifact is on the battlefield",
             "Non-Goblin creatures you control can't attack"]
KEYWORDS += ["Changeling"]
REQUIREMENTS = ["All creatures able to block this creature do so", "All creatures able to block ~ do so",
                "This creature must be blocked if able", "~ must be blocked if able",
                "This creature blocks each combat if able", "~ blocks each combat if able",
                "This creature attacks each combat if able", "~ attacks each combat if able"]
SIMPLE_QUALITIES = ["white", "blue", "black", "red", "green", "each color", "all colors", "everything",
                    "creatures", "artifacts", "multicolored", "monocolored", "colorless",
                    "Goblins", "Elves", "human", "Angels", "zombie"]


@st.composite
def protection_line(draw: st.DrawFn, players: list[str]) -> str:
    qualities = draw(st.lists(st.sampled_from(SIMPLE_QUALITIES + players), min_size=1, max_size=2, unique=True))
    return "Protection from " + " and from ".join(qualities)


def ability_lines(players: list[str]) -> st.SearchStrategy[list[str]]:
    line = st.one_of(st.sampled_from(KEYWORDS), st.sampled_from(BLOCKING), st.sampled_from(REQUIREMENTS),
                     protection_line(players))
    return st.one_of(st.just([]), st.lists(line, min_size=1, max_size=3))


@st.composite
def colors(draw: st.DrawFn) -> list[str]:
    n = draw(st.sampled_from([0, 0, 1, 1, 1, 2, 3]))
    chosen = draw(st.lists(st.sampled_from(COLORS), min_size=n, max_size=n, unique=True))
    if draw(st.booleans()):
        chosen = [LETTERS[COLORS.index(c)] for c in chosen]
    return chosen


# P/T counter kinds (122.1a): +1/+1 and -1/-1 and the kinds that change power or toughness alone.
COUNTER_KINDS = ["+1/+1", "-1/-1", "+1/+0", "-0/-1", "+0/+1", "-1/-0", "+2/+2", "-2/-1"]


def pt_counters() -> st.SearchStrategy[dict[str, int]]:
    """A `counters` mapping: up to three P/T kinds, 0 to 2 of each."""
    return st.dictionaries(st.sampled_from(COUNTER_KINDS), st.integers(0, 2), max_size=3)


@st.composite
def creature(draw: st.DrawFn, pid: str, controller: str, players: list[str]) -> dict:
    """A creature entry with random characteristics, state and ability lines."""
    d: dict = {"id": pid, "controller": controller,
               "power": draw(st.integers(0, 4)),
               "toughness": draw(st.sampled_from([2, 1, 2, 3, 3, 4, 4, 0])),
               "colors": draw(colors()),
               "abilities": draw(ability_lines(players))}
    if draw(one_in(5)):
        d["types"] = ["Artifact", "Creature"]
    if draw(st.booleans()):
        d["subtypes"] = draw(st.lists(st.sampled_from(CREATURE_TYPES), max_size=2, unique=True))
    if draw(one_in(6)):
        d["damage"] = draw(st.integers(1, 3))
    if draw(one_in(4)):
        d["counters"] = draw(pt_counters())
    for flag, odds in (("tapped", 6), ("summoning_sick", 3), ("face_down", 5)):
        if draw(one_in(odds)):
            d[flag] = True
    return d


def one_in(n: int) -> st.SearchStrategy[bool]:
    """True about once in `n` draws (False is the simpler value hypothesis prefers)."""
    return st.sampled_from([False] * (n - 1) + [True])


@st.composite
def players_(draw: st.DrawFn) -> list[dict]:
    names = [draw(st.sampled_from(ACTIVE_NAMES)), draw(st.sampled_from(DEFENDER_NAMES))]
    if draw(one_in(4)):
        names.append(draw(st.sampled_from(THIRD_NAMES)))
    return [{"name": n, "life": 20} for n in names]


@st.composite
def board(draw: st.DrawFn) -> tuple[dict, list[str]]:
    """A board without combat, and the ids of the active player's creatures."""
    players = draw(players_())
    names = [p["name"] for p in players]
    active, defenders = names[0], names[1:]
    attack_ids = draw(st.sampled_from([["a1", "a2", "a3", "a4"], ["A1", "a-2", "a_3", "a4"]]))
    n_attackers = draw(st.sampled_from([2, 1, 3, 4]))
    permanents = [draw(creature(attack_ids[i], active, names)) for i in range(n_attackers)]
    for i in range(draw(st.sampled_from([2, 3, 1, 4, 0]))):
        permanents.append(draw(creature(f"b{i + 1}" if i % 2 == 0 else f"B-{i + 1}",
                                        draw(st.sampled_from(defenders)), names)))
    for i in range(draw(st.integers(0, 2))):  # lands, for landwalk (702.14c)
        permanents.append({"id": f"land{i}", "controller": draw(st.sampled_from(names)), "types": ["Land"],
                           "subtypes": [draw(st.sampled_from(LAND_TYPES))]})
    if draw(one_in(3)):  # a planeswalker, mostly a defender's; loyalty 0 leaves (704.5i)
        permanents.append({"id": "pw", "controller": draw(st.sampled_from(defenders + [active])),
                           "types": ["Planeswalker"], "loyalty": draw(st.sampled_from([0, 1, 3]))})
    if draw(one_in(3)):  # a battle; defense 0 leaves (704.5v)
        permanents.append({"id": "bt", "controller": draw(st.sampled_from(names)), "types": ["Battle"],
                           "defense": draw(st.sampled_from([0, 2, 3])),
                           "protector": draw(st.sampled_from(defenders + [active]))})
    data = {"players": players, "active": active, "permanents": permanents}
    return data, attack_ids[:n_attackers]


def attackable(data: dict) -> list[str]:
    """What the loader accepts as an attack target (508.1b): opponents, their planeswalkers,
    battles they protect (on the battlefield or not)."""
    active = data["active"]
    out = [p["name"] for p in data["players"] if p["name"] != active]
    for p in data["permanents"]:
        if "Planeswalker" in p.get("types", ()) and p["controller"] != active:
            out.append(p["id"])
        if "Battle" in p.get("types", ()) and p["protector"] != active:
            out.append(p["id"])
    return out


@st.composite
def block_boards(draw: st.DrawFn) -> dict:
    """A board with `combat.attackers` declared: 1-4 attackers, 0-4 possible blockers."""
    data, mine = draw(board())
    targets = attackable(data)
    attacking = [a for a in mine if draw(st.sampled_from([True, True, False]))] or mine[:1]
    data["combat"] = {"attackers": {a: draw(st.sampled_from(targets)) for a in sorted(attacking)}}
    return data


@st.composite
def attack_boards(draw: st.DrawFn) -> dict:
    """A board before attackers are declared: 1-4 creatures of the active player."""
    data, _ = draw(board())
    return data


# ==== Pump abilities (602.1, 613.4c): boards for `outcomes` and `verify` with pumps ==============
# Mixed with first strike and face-down creatures (tests/combat_boards.py), the pump lines of
# docs/abilities.md on a few creatures (face up or on a face-down creature's face-up side), and a
# little mana to pay them.

PUMP_LINES = ["{R}: ~ gets +1/+0 until end of turn", "{G}: This creature gets +0/+1 until end of turn",
              "{1}: ~ gets +1/-1 until end of turn", "{W}: Creatures you control get +1/+1 until end of turn",
              "{R}{R}: ~ gets +2/+0 until end of turn", "{C}: creatures you control get -1/+0 until end of turn"]


@st.composite
def with_pumps(draw: st.DrawFn, data: dict) -> dict:
    """`data` with pump lines on one or two creatures (the first always) and at most three mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    chosen = draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique_by=lambda p: p["id"]))
    for p in chosen:
        p["abilities"] = p["abilities"] + [draw(st.sampled_from(PUMP_LINES))]
    extra = draw(st.sampled_from(["First strike", "First strike", "Double strike", None]))
    if extra:
        creatures[0]["abilities"] = [*creatures[0]["abilities"], extra]
    for pl in data["players"]:
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{R}", "{G}", "{W}", "{1}", "{C}"]), max_size=3)))
    return data


def pump_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with pumps, small enough for the references."""
    from combat_boards import assignment_bound, outcome_boards

    def bound(d: dict) -> int:  # every pumpable creature at its power plus three
        pumped = {**d, "permanents": [{**p, "power": p.get("power", 0) + 3} if any(": " in a for a in p.get(
            "abilities", [])) else p for p in d["permanents"]]}
        return assignment_bound(pumped)
    limit = {"blockers": 400, "attackers": 100, "none": 100}[stage]
    return outcome_boards(stage).flatmap(with_pumps).filter(lambda d: bound(d) <= limit)


# ---- keywords given until end of turn (613.1f; tests/test_pump_variants.py): the real forms of
# "{cost}: ~ gains K" and "~ gets +X/+Y and gains K", a team grant, activation limits (602.5b) and hybrid
# costs (107.4e), with a little mana.

GRANT_LINES = ["{U}: ~ gains flying until end of turn", "{R}: ~ gains first strike until end of turn",
               "{B}: ~ gains deathtouch until end of turn", "{G}: ~ gets +1/+1 and gains trample until end of turn",
               "{W}: ~ gains lifelink until end of turn", "{R}: ~ gains double strike until end of turn",
               "{1}: ~ gains indestructible until end of turn", "{B}: ~ gains infect until end of turn",
               "{W}: Creatures you control gain first strike until end of turn",
               "{U}: ~ gets +1/-1 and gains flying until end of turn",
               "{U}: ~ gains flying until end of turn and can't be blocked this turn",  # 509.1b too
               # 602.5b: activation limits, per ability per turn
               "{R}: ~ gets +1/+0 until end of turn. Activate this ability only once each turn",
               "{1}: ~ gets +1/+1 and gains trample until end of turn. "
               "Activate this ability no more than twice each turn",
               # 107.4e: hybrid costs, paid with either color
               "{B/R}: ~ gets +1/+0 until end of turn", "{W/U}: ~ gains flying until end of turn",
               "{R/G}{R/G}: ~ gets +2/+2 until end of turn"]


# 701.26a: grants that also tap their source ("{U}: ~ gains shroud until end of turn. Tap ~"; tests/test_protect.py)
TAPPING_GRANT_LINES = ["{U}: ~ gains reach until end of turn. Tap ~",
                       "{R}: ~ gains first strike until end of turn. Tap ~",
                       "{U}: ~ gains shroud until end of turn and doesn't untap during your next untap step. Tap ~",
                       "{G}: ~ gets +1/+1 until end of turn. Tap ~"]


@st.composite
def with_grants(draw: st.DrawFn, data: dict, lines: tuple[str, ...] = tuple(GRANT_LINES)) -> dict:
    """`data` with a grant line on one or two creatures (the first always) and at most two mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    chosen = draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique_by=lambda p: p["id"]))
    for p in chosen:
        p["abilities"] = p["abilities"] + [draw(st.sampled_from(lines))]
    for pl in data["players"]:
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{R}", "{U}", "{B}", "{G}", "{W}", "{1}"]), max_size=2)))
    return data


def grant_boards(stage: str, lines: tuple[str, ...] = tuple(GRANT_LINES)) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with keyword grants (`lines`), small enough for the
    references."""
    from combat_boards import assignment_bound, outcome_boards

    def bound(d: dict) -> int:  # every creature with a grant at its power plus two, and double strike twice
        pumped = {**d, "permanents": [{**p, "power": 2 * (p.get("power", 0) + 2)} if any(": " in a for a in p.get(
            "abilities", [])) else p for p in d["permanents"]]}
        return assignment_bound(pumped)
    limit = {"blockers": 400, "attackers": 100, "none": 100}[stage]
    return outcome_boards(stage).flatmap(lambda d: with_grants(d, lines)).filter(lambda d: bound(d) <= limit)


# ---- costs other than mana (602.1a, 118; tests/test_costs.py): life (119.4), discards (701.9), sacrifices
# (701.21a) and taps of other permanents (701.26a), on pumps and regeneration; players with a few cards in hand
# and little life, and an artifact or a land to sacrifice.

COST_LINES = ["Discard a card: ~ gets +1/+1 until end of turn", "{R}, Discard a card: ~ gets +2/+0 until end of turn",
              "Pay 1 life: ~ gets +1/+0 until end of turn", "Pay 2 life: ~ gains flying until end of turn",
              "{R/P}: ~ gets +1/+0 until end of turn",  # 107.4f: {R} or 2 life
              "Sacrifice an artifact: ~ gets +2/+2 until end of turn",
              "Sacrifice another creature: ~ gets +2/+2 until end of turn",
              "Sacrifice a creature: ~ gets +1/+1 until end of turn", "Sacrifice a land: Regenerate ~",
              "Tap an untapped creature you control: ~ gets +1/+1 until end of turn",
              "{G}, Tap another untapped creature you control: ~ gains first strike until end of turn",
              "Discard a card: Regenerate ~", "Pay 1 life: Regenerate ~",
              "Discard a card: ~ gets +1/+0 until end of turn. Activate this ability only once each turn",
              # effects on the source (122.6, 509.1b, 400.7)
              "{R}: Put a +1/+1 counter on ~", "Pay 1 life: Put a +1/+1 counter on ~",
              "{1}: ~ can't be blocked this turn", "{G}: Return ~ to its owner's hand",
              "Discard a card: Return ~ to its owner's hand", "{G}: Untap ~",
              "{1}: Exile ~. Return it to the battlefield under its owner's control at the beginning of the next "
              "end step"]


# The same costs on the other activated abilities (pysolver.rules.activated, one cost grammar, 602.1a): targets,
# damage, life, an ability whose only effect is its cost; "Remove a +1/+1 counter" (122.1a) on a creature
# given counters.
ACTIVATED_COST_LINES = ["Sacrifice a creature: Target creature gets -1/-1 until end of turn",
                        "{T}, Discard a card: Tap target creature",
                        "Tap an untapped creature you control: Target creature gets +2/+0 until end of turn",
                        "{T}, Sacrifice an artifact: ~ deals 2 damage to any target",
                        "Sacrifice another creature: ~ deals 1 damage to target player",
                        "Sacrifice a creature: You gain 2 life", "Pay 1 life: Target creature can't block this turn",
                        "Sacrifice ~: Draw a card", "Remove a +1/+1 counter from ~: ~ deals 1 damage to any target",
                        "{1}, Remove a +1/+1 counter from ~: Put a +1/+1 counter on target creature"]


@st.composite
def with_costs(draw: st.DrawFn, data: dict, lines: tuple[str, ...] = tuple(COST_LINES)) -> dict:
    """`data` with a cost line of `lines` on one or two creatures (the first always; with a +1/+1 counter or
    two for "Remove a +1/+1 counter"), each player with 0 to 2 cards in hand, 1 to 4 life and at most one
    mana, and perhaps an artifact and a land for each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    chosen = draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique_by=lambda p: p["id"]))
    for p in chosen:
        p["abilities"] = p["abilities"] + [draw(st.sampled_from(lines))]
        if "Remove a +1/+1" in p["abilities"][-1]:
            p["counters"] = {**p.get("counters", {}), "+1/+1": draw(st.integers(1, 2))}
        elif named := re.search(r"Remove \w+ ([a-z]+) counters? from|number of ([a-z]+) counters on",
                                p["abilities"][-1]):  # 122.1: none, too
            p["counters"] = {**p.get("counters", {}), named[1] or named[2]: draw(st.integers(0, 3))}
    for pl in data["players"]:
        pl["hand"] = draw(st.integers(0, 2))
        pl["life"] = draw(st.integers(1, 4))
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{R}", "{G}", "{1}"]), max_size=1)))
        for kind in ("Artifact", "Land"):
            if draw(one_in(2)):
                data["permanents"].append({"id": f"{kind.lower()}_{pl['name']}", "controller": pl["name"],
                                           "types": [kind]})
    return data


# Costs that remove named counters (122.1, 118.3), damage and life that count them: real cards' lines (Jolting
# Merfolk, Icatian Javelineers, Scarmaker, the Thallids, Kjeldoran Javelineer, Revered Unicorn),
# tests/test_named_counters.py.
NAMED_COST_LINES = ["Remove a fade counter from ~: Tap target creature",
                    "{T}, Remove a javelin counter from ~: ~ deals 1 damage to any target",
                    "Remove a ki counter from ~: Target creature gets +1/+1 until end of turn",
                    "Remove two spore counters from ~: Create a 1/1 green Saproling creature token",
                    "{T}: ~ deals damage equal to the number of age counters on it to target attacking or blocking "
                    "creature",
                    "When ~ leaves the battlefield, you gain life equal to the number of age counters on it"]


def named_counter_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with :data:`NAMED_COST_LINES` (:func:`with_costs`)."""
    from combat_boards import assignment_bound, outcome_boards

    limit = {"blockers": 120, "attackers": 40}[stage]
    return outcome_boards(stage).flatmap(lambda d: with_costs(d, tuple(NAMED_COST_LINES))).filter(
        lambda d: assignment_bound({**d, "permanents": [{**p, "power": p.get("power", 0) + 1}
                                                        for p in d["permanents"]]}) <= limit)


# 117.1b: pumps that cost nothing and lower their source's toughness (Flowstone Hellion, Hopping Automaton)
FREE_LINES = ["{0}: ~ gets +1/-1 until end of turn", "{0}: ~ gets -1/-1 and gains flying until end of turn"]


def cost_boards(stage: str, lines: tuple[str, ...] = tuple(COST_LINES)) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with costs (`lines`), small enough for the references."""
    from combat_boards import assignment_bound, outcome_boards

    def bound(d: dict) -> int:  # every creature with a cost at its power plus two
        pumped = {**d, "permanents": [{**p, "power": p.get("power", 0) + 2} if any(": " in a for a in p.get(
            "abilities", [])) else p for p in d["permanents"]]}
        return assignment_bound(pumped)
    limit = {"blockers": 300, "attackers": 80, "none": 60}[stage]
    return outcome_boards(stage).flatmap(lambda d: with_costs(d, lines)).filter(lambda d: bound(d) <= limit)


# Color changes of the source (105.3, 105.4, 613.1e), beside the protection, fear and intimidate of the generated
# creatures (tests/test_colors.py).
COLOR_LINES = ["{1}: ~ becomes colorless until end of turn",
               "{R}: ~ becomes the color of your choice until end of turn",
               "{G}: ~ becomes white and black until end of turn",
               "Discard a card: ~ gets +1/+1 and becomes the color of your choice until end of turn",
               "{U}: Target creature becomes blue until end of turn"]
COLOR_READERS = ["Protection from red", "Protection from white", "Protection from colorless",
                 "Protection from monocolored", "Fear", "Intimidate"]


@st.composite
def with_colors(draw: st.DrawFn, data: dict) -> dict:
    """`data` with a color-changing line (:data:`COLOR_LINES`, its costs as :func:`with_costs` draws them) and a
    line that reads colors (:data:`COLOR_READERS`) on one creature or two."""
    data = draw(with_costs(data, tuple(COLOR_LINES)))
    creatures = [p for p in data["permanents"] if "power" in p]
    for p in draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique_by=lambda p: p["id"])):
        p["abilities"] = p["abilities"] + [draw(st.sampled_from(COLOR_READERS))]
    return data


def color_boards(stage: str) -> st.SearchStrategy[dict]:
    """:func:`cost_boards` with :func:`with_colors` instead of the cost lines."""
    from combat_boards import assignment_bound, outcome_boards

    def admitted(d: dict) -> bool:  # (pysolver.files.loader: "target creature becomes" beside a face-down creature
        # or another such targeted ability and protection, 608.2b)
        targeted = sum("Target creature becomes" in a for p in d["permanents"] for a in p.get("abilities", []))
        return targeted == 0 or (targeted == 1 and not any(p.get("face_down") for p in d["permanents"]))
    limit = {"blockers": 300, "attackers": 80, "none": 60}[stage]
    return outcome_boards(stage).flatmap(with_colors).filter(admitted).filter(lambda d: assignment_bound(
        {**d, "permanents": [{**p, "power": p.get("power", 0) + 2} for p in d["permanents"]]}) <= limit)


# Regeneration denied (701.19c) beside regeneration shields and "Regenerate ~" (701.19a), for
# tests/test_regeneration_denied.py.
UNREGENERATE_LINES = ["{R}: Target creature can't be regenerated this turn",
                      "{T}: Target creature can't be regenerated this turn",
                      "{1}, {T}: Destroy target creature. It can't be regenerated",
                      "{T}: Destroy target creature"]


@st.composite
def with_unregeneration(draw: st.DrawFn, data: dict) -> dict:
    """`data` with a :data:`UNREGENERATE_LINES` line on a creature or on an artifact (no summoning sickness, 302.6),
    a regeneration shield or "{G}: Regenerate ~" on one or two creatures, and at most two mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    line = draw(st.sampled_from(UNREGENERATE_LINES))
    if draw(one_in(3)):
        owner = draw(st.sampled_from([pl["name"] for pl in data["players"]]))
        data["permanents"].append({"id": "rod", "controller": owner, "types": ["Artifact"], "abilities": [line]})
    else:
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p["abilities"], line]
    for p in draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique_by=lambda p: p["id"])):
        if draw(st.booleans()):
            p["regeneration_shields"] = 1
        else:
            p["abilities"] = [*p["abilities"], "{G}: Regenerate ~"]
    for pl in data["players"]:
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{R}", "{G}", "{1}"]), max_size=2)))
    return data


def unregeneration_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with :func:`with_unregeneration`."""
    from combat_boards import assignment_bound, outcome_boards

    limit = {"blockers": 200, "attackers": 60, "none": 40}[stage]
    return outcome_boards(stage).flatmap(with_unregeneration).filter(lambda d: assignment_bound(d) <= limit)


# "{cost}: ~ can attack this turn as though it didn't have defender" (702.3b) on the active player's creatures with
# defender (tests/test_defender.py).
DEFENDER_LINES = ["{1}: ~ can attack this turn as though it didn't have defender",
                  "{R}: ~ gets +2/-1 until end of turn and can attack this turn as though it didn't have defender. "
                  "Activate this ability only once each turn",
                  "Pay 1 life: ~ can attack this turn as though it didn't have defender",
                  "{1}: Until end of turn, ~ loses defender and gains flying",
                  "{1}: Creatures you control with defender can attack this turn as though they didn't have defender"]


@st.composite
def with_defender(draw: st.DrawFn, data: dict) -> dict:
    """`data` with defender and a :data:`DEFENDER_LINES` line on one or two of the active player's creatures, each
    player with 1 to 4 life and at most two mana."""
    mine = [p for p in data["permanents"] if "power" in p and p["controller"] == data["active"]]
    for p in draw(st.lists(st.sampled_from(mine), min_size=1, max_size=2, unique_by=lambda p: p["id"])):
        p["abilities"] = p["abilities"] + ["Defender", draw(st.sampled_from(DEFENDER_LINES))]
    for pl in data["players"]:
        pl["life"] = draw(st.integers(1, 4))
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{R}", "{1}"]), max_size=2)))
    return data


def defender_boards() -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards("none")` (no attack declared yet) with :func:`with_defender`."""
    from combat_boards import assignment_bound, outcome_boards

    return outcome_boards("none").flatmap(with_defender).filter(lambda d: assignment_bound(
        {**d, "permanents": [{**p, "power": p.get("power", 0) + 2} for p in d["permanents"]]}) <= 60)


def activated_cost_boards(stage: str) -> st.SearchStrategy[dict]:
    """:func:`cost_boards` with :data:`ACTIVATED_COST_LINES` (not a draw beside a discard cost: refused, 121.1)."""
    from combat_boards import assignment_bound, outcome_boards

    def fits(d: dict) -> bool:
        lines = [a for p in d["permanents"] for a in p.get("abilities", [])]
        pumped = {**d, "permanents": [{**p, "power": p.get("power", 0) + 2} if any(": " in a for a in p.get(
            "abilities", [])) else p for p in d["permanents"]]}
        return not ("Sacrifice ~: Draw a card" in lines and any("Discard" in a for a in lines)) \
            and assignment_bound(pumped) <= {"blockers": 150, "attackers": 50}[stage]
    return outcome_boards(stage).flatmap(lambda d: with_costs(d, tuple(ACTIVATED_COST_LINES))).filter(fits)


# ---- activated abilities in combat, targets (602, 115, 702.11, 702.18, 702.21; pysolver.rules.activated) -----
# Real cards' forms (tests/test_activated.py): {T} and mana costs, the targets they may have, and
# what stops targeting. They branch a lot: one or two per board, a little mana.

ACTIVATED_LINES = ["{T}: Tap target creature", "{W}: Tap target creature",
                   "{R}, {T}: Target creature can't block this turn",
                   "{T}: Target creature with power 2 or less can't be blocked this turn",
                   "{T}: Target creature gets +1/+1 until end of turn",
                   "{1}: Target creature gets -1/-1 until end of turn",
                   "{T}: Target attacking creature gets +2/+0 until end of turn",
                   "{G}, {T}: Target blocking creature gets +0/+2 until end of turn",
                   "{T}: ~ gets +2/+0 until end of turn"]
TARGETING_LINES = ["Hexproof", "Shroud", "Ward {1}", "Vigilance", "Haste"]


@st.composite
def with_activated(draw: st.DrawFn, data: dict) -> dict:
    """`data` with one or two activated ability lines on its creatures (or on an artifact beside
    them), a targeting keyword on one maybe, and at most two mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    for _ in range(draw(st.integers(1, 2))):
        line = draw(st.sampled_from(ACTIVATED_LINES))
        if draw(one_in(4)):  # an artifact: no summoning sickness (302.6)
            owner = draw(st.sampled_from([pl["name"] for pl in data["players"]]))
            data["permanents"].append({"id": f"rod{len(data['permanents'])}", "controller": owner,
                                       "types": ["Artifact"], "abilities": [line.replace("~", "Target creature")
                                                                            if "~" in line else line]})
        else:
            p = draw(st.sampled_from(creatures))
            p["abilities"] = [*p["abilities"], line]
    if draw(st.booleans()):
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p["abilities"], draw(st.sampled_from(TARGETING_LINES))]
    for pl in data["players"]:
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{R}", "{G}", "{W}", "{1}"]), max_size=2)))
    return data


# Abilities whose only effect in combat is their cost (605.1a, 121.1; pysolver.rules.activated.offered):
# real cards' forms, beside the requirements they may free a creature of (508.1d, 509.1c). A mana ability
# goes only to a player with nothing to spend mana on (pysolver.files.loader refuses the others).
COST_ONLY_LINES = ["{T}: Add {G}", "{T}: Draw a card", "{1}, {T}: Scry 1",
                   "{T}: Draw a card. Activate only during your turn, before attackers are declared"]
REQUIREMENT_LINES = ["All creatures able to block ~ do so", "~ blocks each combat if able",
                     "~ attacks each combat if able", "~ must be blocked if able"]


@st.composite
def with_cost_only(draw: st.DrawFn, data: dict) -> dict:
    """`data` with one or two cost-only ability lines and a requirement or two on its creatures (face-down
    ones: their face-up side), a little mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    for lines in (COST_ONLY_LINES, REQUIREMENT_LINES):
        for _ in range(draw(st.integers(1, 2))):
            p = draw(st.sampled_from(creatures))
            p["abilities"] = [*p["abilities"], draw(st.sampled_from(lines))]
    for pl in data["players"]:
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{G}", "{1}"]), max_size=1)))
    spenders = {p["controller"] for p in data["permanents"] if p.get("face_down")
                or any(line.startswith("{1}") for line in p.get("abilities", []))}
    for p in creatures:  # (106.4: its mana is not modelled where it could be spent)
        if p["controller"] in spenders:
            p["abilities"] = ["{T}: Draw a card" if line == "{T}: Add {G}" else line for line in p["abilities"]]
    return data


def cost_only_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with :func:`with_cost_only`, small enough for the
    references (before blockers are declared: after, they are no move)."""
    from combat_boards import assignment_bound, outcome_boards
    limit = {"attackers": 60, "none": 30}[stage]
    return outcome_boards(stage).flatmap(with_cost_only).filter(lambda d: assignment_bound(d) <= limit)


# Activated abilities on target creatures (pysolver.rules.activated): the target's qualities (115.1), keywords
# given (613.1f; shadow 702.28b), regeneration (701.19a), destruction on the stack (701.8a), a sacrifice cost (701.21a).
TARGETED_LINES = ["{T}: Tap target creature without flying", "{W}: Tap target creature with power 2 or less",
                  "{T}: Target creature gains flying until end of turn",
                  "{T}: Target creature gains shadow until end of turn",
                  "{T}: Target creature gains islandwalk until end of turn",
                  "{1}: Target creature you control gains first strike until end of turn",
                  "{R}: Target red creature gets +1/+0 and gains trample until end of turn",
                  "{T}: Target attacking or blocking creature gets +1/+1 until end of turn",
                  "{G}: Regenerate target creature", "{T}: Destroy target blocking creature",
                  "{1}: Destroy target creature blocking or blocked by ~",
                  "{1}: Destroy target tapped creature", "{T}: Destroy target creature token",
                  "{T}: Destroy target creature with islandwalk",
                  "Sacrifice ~: Target creature gets -1/-1 until end of turn",
                  "{W}: Another target creature gains indestructible until end of turn",
                  "{T}: Put a -1/-1 counter on target creature",
                  "{1}: Return target attacking creature to its owner's hand"]


@st.composite
def with_targeted(draw: st.DrawFn, data: dict) -> dict:
    """`data` with one or two of :data:`TARGETED_LINES` on its creatures, a color, a token or a keyword that a
    target quality reads maybe, and at most two mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    for _ in range(draw(st.integers(1, 2))):
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p["abilities"], draw(st.sampled_from(TARGETED_LINES))]
    for p in creatures:
        if draw(one_in(3)):
            p["colors"] = ["red"]
    if draw(one_in(3)):  # 111.1: "target creature token"
        draw(st.sampled_from(creatures))["token"] = True
    if draw(st.booleans()):
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p["abilities"], draw(st.sampled_from(["Flying", "Vigilance", "Hexproof", "Indestructible",
                                                                     "Islandwalk"]))]
    for pl in data["players"]:
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{R}", "{G}", "{W}", "{1}"]), max_size=2)))
    return data


def targeted_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with :data:`TARGETED_LINES`, small enough for the references."""
    from combat_boards import assignment_bound, outcome_boards

    def bound(d: dict) -> int:  # every creature at its power plus two
        return assignment_bound({**d, "permanents": [{**p, "power": p["power"] + 2} if "power" in p else p
                                                     for p in d["permanents"]]})
    limit = {"blockers": 150, "attackers": 50, "none": 30}[stage]
    return outcome_boards(stage).flatmap(with_targeted).filter(lambda d: bound(d) <= limit)


# Removals of a target of card types (115.1, 205.2a, 701.8a, 400.7): real cards' forms, on boards whose creatures
# are maybe artifact or enchantment creatures (the loader refuses a noncreature permanent they could target).
REMOVAL_LINES = ["{1}, Sacrifice ~: Destroy target artifact or enchantment", "{T}: Destroy target artifact",
                 "{W}: Destroy target enchantment", "{1}: Destroy target noncreature artifact",
                 "{T}: Return target nonland permanent you don't control to its owner's hand",
                 "{T}: Destroy target nonland permanent. Activate only during your turn",
                 "{1}: Destroy target artifact. ~ gets +X/+0 until end of turn, where X is that artifact's mana value",
                 "{W}, Sacrifice ~: Destroy all enchantments"]



def white_pools(draw: st.DrawFn, data: dict) -> None:
    """Gives each player of `data` a mana pool of up to two of {W} and {1} (what the removal and untap
    abilities of these boards cost)."""
    for pl in data["players"]:
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{W}", "{1}"]), max_size=2)))

@st.composite
def with_removal(draw: st.DrawFn, data: dict) -> dict:
    """`data` with one or two of :data:`REMOVAL_LINES` on its creatures, some creatures artifacts or
    enchantments (205.2a), maybe one indestructible, and at most two mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    for _ in range(draw(st.integers(1, 2))):
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p["abilities"], draw(st.sampled_from(REMOVAL_LINES))]
    for p in creatures:
        extra = draw(st.sampled_from([(), (), ("Artifact",), ("Enchantment",), ("Land",)]))
        p["types"] = [*extra, "Creature"]
        p["mana_cost"] = draw(st.sampled_from(["{1}", "{2}{W}"]))  # (202.3: a mana value to read)
    if draw(one_in(3)):
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p["abilities"], "Indestructible"]
    white_pools(draw, data)
    return data


def removal_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with :data:`REMOVAL_LINES`, small enough for the references."""
    from combat_boards import assignment_bound, outcome_boards
    limit = {"blockers": 150, "attackers": 50, "none": 30}[stage]
    return outcome_boards(stage).flatmap(with_removal).filter(lambda d: assignment_bound(d) <= limit and loads(d))


# Switching power and toughness (613.4d; pysolver.rules.activated): real cards' forms, beside pumps of one sign (613.4c:
# the switch comes after them) and creatures switched already.
SWITCH_LINES = ["{1}: Switch ~'s power and toughness until end of turn",
                "{U}: Switch ~'s power and toughness until end of turn",
                "{1}: Switch each creature's power and toughness until end of turn",
                "{1}: ~ gets +1/-1 until end of turn", "{U}: ~ gets +0/+2 until end of turn"]


@st.composite
def with_switch(draw: st.DrawFn, data: dict) -> dict:
    """`data` with one or two of :data:`SWITCH_LINES` on its creatures (a switch among them), maybe a creature
    switched already, and at most two mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    p = draw(st.sampled_from(creatures))
    p["abilities"] = [*p["abilities"], draw(st.sampled_from(SWITCH_LINES[:3]))]
    if draw(st.booleans()):
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p["abilities"], draw(st.sampled_from(SWITCH_LINES))]
    if draw(one_in(3)):
        draw(st.sampled_from(creatures))["switched_until_end_of_turn"] = True
    for pl in data["players"]:
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{U}", "{1}"]), max_size=2)))
    return data


def switch_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with :data:`SWITCH_LINES`, small enough for the references
    (every creature's power at least its toughness: either may deal the damage)."""
    from combat_boards import assignment_bound, outcome_boards

    def bound(d: dict) -> int:
        return assignment_bound({**d, "permanents": [{**p, "power": max(p["power"], p["toughness"]) + 2}
                                                     if "power" in p else p for p in d["permanents"]]})
    limit = {"blockers": 150, "attackers": 50, "none": 30}[stage]
    return outcome_boards(stage).flatmap(with_switch).filter(lambda d: bound(d) <= limit and loads(d))


# "{cost}: [You may tap or] untap target creature" (701.26; pysolver.rules.activated): real cards' forms, with a
# tapped creature or two to untap and a tapper without {T} (the loader refuses an untap that could reach a {T}
# cost).
UNTAP_LINES = ["{T}: Untap target creature", "{W}, {T}: Untap another target creature", "{1}: Untap target creature",
               "{T}: Untap target artifact or creature", "Sacrifice ~: Untap target creature",
               "{1}: You may tap or untap target creature", "Sacrifice ~: You may tap or untap target creature",
               "Whenever ~ attacks or blocks, untap target permanent",
               "Whenever ~ deals combat damage to a player, untap target creature or land",
               "Whenever ~ attacks, untap each other creature you control"]


@st.composite
def with_untap(draw: st.DrawFn, data: dict) -> dict:
    """`data` with one untap ability on a creature, one or two creatures tapped, maybe "{W}: Tap target
    creature" on another, and at most two mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    p = draw(st.sampled_from(creatures))
    p["abilities"] = [*p["abilities"], draw(st.sampled_from(UNTAP_LINES))]
    attacking = set((data.get("combat") or {}).get("attackers") or {})
    idle = [x for x in creatures if x["id"] not in attacking]
    for x in draw(st.lists(st.sampled_from(idle), min_size=1, max_size=2, unique_by=lambda x: x["id"])) if idle \
            else ():
        x["tapped"] = True
    if draw(st.booleans()):
        x = draw(st.sampled_from(creatures))
        x["abilities"] = [*x["abilities"], "{W}: Tap target creature"]
    white_pools(draw, data)
    return data


def untap_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with :func:`with_untap`, small enough for the references."""
    from combat_boards import assignment_bound, outcome_boards
    limit = {"attackers": 50, "none": 30}[stage]
    return outcome_boards(stage).flatmap(with_untap).filter(lambda d: assignment_bound(d) <= limit and loads(d))


def loads(data: dict) -> bool:
    """Whether the loader admits a board (an untap beside a {T} cost is refused, 602.5a)."""
    import pysolver
    try:
        pysolver.load_data(data)
    except pysolver.InputError:
        return False
    return True


# "Whenever you gain life, …" (119.9; pysolver.rules.hits): real cards' forms, beside lifelink and first strike
# (702.15b, 702.15e; 510.4: a trigger of the first-strike step resolves before the regular step).
GAINED_LINES = ["Whenever you gain life, put a +1/+1 counter on ~",
                "Whenever you gain life, put two +1/+1 counters on ~",
                "Whenever you gain life, ~ gets +1/+1 until end of turn",
                "Whenever you gain life, each opponent loses 1 life", "Whenever you gain life, untap ~"]


@st.composite
def with_gained(draw: st.DrawFn, data: dict) -> dict:
    """`data` with one or two "whenever you gain life" lines on its creatures and lifelink, maybe first strike,
    on one or two."""
    creatures = [p for p in data["permanents"] if "power" in p]
    for lines in (GAINED_LINES, ["Lifelink", "Lifelink", "Lifelink\nFirst strike", "Lifelink\nDouble strike"]):
        for _ in range(draw(st.integers(1, 2))):
            p = draw(st.sampled_from(creatures))
            p["abilities"] = [*p["abilities"], *draw(st.sampled_from(lines)).split("\n")]
    return data


def gained_boards() -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards("blockers")` with :func:`with_gained`, small enough for the
    references."""
    from combat_boards import assignment_bound, outcome_boards
    return outcome_boards("blockers").flatmap(with_gained).filter(lambda d: assignment_bound(d) <= 150)


# "~ deals N damage to …" (pysolver.rules.pingers, 120.3): real cards' forms, their costs ({T}, mana,
# "sacrifice ~") and targets; with the source keywords that change what damage does.
PINGER_LINES = ["{T}: ~ deals 1 damage to any target", "{R}: ~ deals 1 damage to target creature",
                "Sacrifice ~: ~ deals 1 damage to any target", "{T}: ~ deals 1 damage to target player",
                "{T}: ~ deals 2 damage to target attacking or blocking creature",
                "{T}: ~ deals 1 damage to target creature with flying",
                "{R}, Sacrifice ~: ~ deals 2 damage to each creature and each player",
                "{1}: ~ deals 1 damage to each creature without flying", "{T}: ~ deals 1 damage to each opponent",
                "{T}: ~ deals 1 damage to any target. Activate only during your turn, before attackers are declared"]
# 608.2c: a pump of the source, then damage to its controller (Electric Eel's kin), with with_pingers
SELF_DAMAGE_LINES = ["{R}: ~ gets +1/+0 until end of turn and deals 1 damage to you",
                     "{1}{R}: ~ gets +2/+0 until end of turn and deals 1 damage to you"]
PINGER_KEYWORDS = ["Deathtouch", "Lifelink", "Wither", "Infect", "Protection from red", "Flying", "Hexproof",
                   "Ward {1}"]


# Life lost and gained (119.3; pysolver.rules.activated.life_changed): real cards' forms, with with_pingers.
LIFE_LINES = ["{T}: You gain 1 life", "{R}, {T}: Target player loses 1 life",
              "{1}, {T}: Each opponent loses 1 life and you gain 1 life",
              "Sacrifice ~: Target opponent loses 2 life and you gain 2 life", "{T}: Each player loses 1 life",
              "{T}: You gain 1 life. Activate only during your turn, before attackers are declared"]


@st.composite
def with_pingers(draw: st.DrawFn, data: dict, lines: tuple[str, ...] = tuple(PINGER_LINES)) -> dict:
    """`data` with one or two damage (or life, `lines`) abilities on its creatures (or on an artifact beside
    them), a keyword maybe, and at most two mana each."""
    creatures = [p for p in data["permanents"] if "power" in p]
    for _ in range(draw(st.integers(1, 2))):
        line = draw(st.sampled_from(lines))
        if draw(one_in(4)):  # an artifact: no summoning sickness (302.6)
            owner = draw(st.sampled_from([pl["name"] for pl in data["players"]]))
            data["permanents"].append({"id": f"rod{len(data['permanents'])}", "controller": owner,
                                       "types": ["Artifact"], "abilities": [line]})
        else:
            p = draw(st.sampled_from(creatures))
            p["abilities"] = [*p["abilities"], line]
    if draw(st.booleans()):
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p["abilities"], draw(st.sampled_from(PINGER_KEYWORDS))]
    for pl in data["players"]:
        pl["mana"] = "".join(draw(st.lists(st.sampled_from(["{R}", "{1}"]), max_size=2)))
    return data


def pinger_boards(stage: str, lines: tuple[str, ...] = tuple(PINGER_LINES)) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with damage abilities (`lines`), small enough for the
    reference."""
    from combat_boards import assignment_bound, outcome_boards
    limit = {"blockers": 200, "attackers": 60, "none": 40}[stage]
    return outcome_boards(stage).flatmap(lambda d: with_pingers(d, lines)).filter(
        lambda d: assignment_bound(d) <= limit)


def life_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with life abilities (:data:`LIFE_LINES`), the players at
    little life (704.5a), small enough for the reference."""
    from combat_boards import assignment_bound, outcome_boards
    limit = {"blockers": 120, "attackers": 30, "none": 30}[stage]

    def low(d: dict) -> dict:
        return {**d, "players": [{**pl, "life": min(pl.get("life", 20), 3)} for pl in d["players"]]}
    return outcome_boards(stage).map(low).flatmap(lambda d: with_pingers(d, tuple(LIFE_LINES))).filter(
        lambda d: assignment_bound(d) <= limit)


def activated_boards(stage: str) -> st.SearchStrategy[dict]:
    """tests/combat_boards.py `outcome_boards(stage)` with activated abilities, small enough for the
    references."""
    from combat_boards import assignment_bound, outcome_boards

    def bound(d: dict) -> int:  # every creature at its power plus two
        return assignment_bound({**d, "permanents": [{**p, "power": p["power"] + 2} if "power" in p else p
                                                     for p in d["permanents"]]})
    limit = {"blockers": 200, "attackers": 60, "none": 40}[stage]
    return outcome_boards(stage).flatmap(with_activated).filter(lambda d: bound(d) <= limit)


# ---- combat triggers (603.2, pysolver.rules.triggers) ----------------------------------------------

ATTACK_TRIGGER_LINES = ["Exalted", "Battle cry", "Melee", "Dethrone",
                        "Whenever ~ attacks, it gets +1/+0 until end of turn"]
BLOCK_TRIGGER_LINES = ["Bushido 1", "Bushido 2", "Rampage 1", "Rampage 2", "Flanking", "Flanking", "Afflict 1",
                       "Afflict 2",
                       "Whenever this creature blocks, it gets +0/+2 until end of turn",
                       "Whenever ~ becomes blocked, it gets +2/+1 until end of turn",
                       "Whenever ~ blocks or becomes blocked, it gets +1/+1 until end of turn"]
# The effect grammar of combat triggers (pysolver.model.abilities.OnCombat), with with_triggers.
ON_TRIGGER_LINES = ("Whenever ~ attacks, other attacking creatures get +1/+0 until end of turn",
                    "Whenever ~ attacks, creatures you control gain first strike until end of turn",
                    "Whenever ~ attacks, put a +1/+1 counter on each attacking creature",
                    "Whenever ~ attacks alone, ~ can't be blocked this combat",
                    "Whenever ~ attacks or blocks, you gain 2 life",
                    "Whenever ~ blocks, it gets +1/+0 and gains first strike until end of turn",
                    "Whenever ~ blocks or becomes blocked, it gets -1/+1 until end of turn",
                    "Whenever ~ becomes blocked by a creature, that creature gains deathtouch until end of turn",
                    "Whenever ~ blocks a creature, tap that creature",
                    "Whenever ~ blocks or becomes blocked by one or more white creatures, ~ gets +2/+0 until end "
                    "of turn",
                    "Whenever ~ attacks and isn't blocked, defending player gets 4 poison counters",
                    "Whenever ~ becomes blocked by a white creature, destroy that creature")
STACK_TRIGGER_LINES = ["Flanking", "Afflict 1", "Afflict 2", "Rampage 1", "Bushido 1"]  # they wait on the stack
TRIGGER_LINES = ATTACK_TRIGGER_LINES + BLOCK_TRIGGER_LINES
# Combat-damage triggers (510.3a, pysolver.rules.hits): every form, with with_triggers.
HIT_TRIGGER_LINES = ("Whenever ~ deals combat damage to a player, put a +1/+1 counter on it",
                     "Whenever ~ deals combat damage to a player or planeswalker, put two +1/+1 counters on it",
                     "Whenever ~ deals combat damage to a creature, put a +1/+1 counter on ~",
                     "Whenever ~ deals combat damage to a player, that player loses 1 life",
                     "Whenever ~ deals combat damage to an opponent, that player loses 2 life",
                     "Whenever ~ deals combat damage to a player, you gain 2 life",
                     "Whenever ~ deals combat damage to a creature, you gain 1 life",
                     "Whenever ~ deals combat damage to a creature, destroy that creature")
# Death triggers that change life or watch other creatures die (603.10a, 603.6c), with with_triggers.
WATCH_TRIGGER_LINES = ("When ~ dies, each opponent loses 2 life", "When ~ dies, you gain 3 life",
                       "Whenever another creature dies, put a +1/+1 counter on ~",
                       "Whenever another creature you control dies, put two +1/+1 counters on ~",
                       "Whenever a creature you control dies, each opponent loses 1 life",
                       "Whenever another creature dies, you gain 1 life")


@st.composite
def with_one_line(draw: st.DrawFn, data: dict, lines: tuple[str, ...], active_only: bool = False) -> dict:
    """`data` (a docs/situation.md dict) with one line of `lines` on some of its creatures (only its active
    player's with `active_only`: attack triggers trigger on attackers only, 508.2a), face-down ones too (their
    face-up side)."""
    permanents = [{**p, "abilities": [*p.get("abilities", []), draw(st.sampled_from(lines))]}
                  if "power" in p and (not active_only or p["controller"] == data["active"]) and draw(st.booleans())
                  else p for p in data["permanents"]]
    return {**data, "permanents": permanents}


@st.composite
def with_triggers(draw: st.DrawFn, board: dict, lines: tuple[str, ...] = tuple(TRIGGER_LINES)) -> dict:
    """`board` (a docs/situation.md dict) with combat trigger `lines` added to some of its creatures,
    face-down ones included (their face-up side), most often one line."""
    permanents = []
    for p in board["permanents"]:
        if "power" in p and draw(st.integers(0, 2)) < 2:
            added = draw(st.lists(st.sampled_from(lines), min_size=1, max_size=2))
            p = {**p, "abilities": list(p.get("abilities", [])) + added}
        permanents.append(p)
    return {**board, "permanents": permanents}
# ---- Keywords that change what damage does or what dies (120.3b, 120.3d, 702.79, 702.93,
# 702.164), and poison counters (122.1f, 704.5c): added to any board's creatures and players.
RESULT_KEYWORDS = ["Wither", "Infect", "Toxic 1", "Toxic 2", "Persist", "Undying"]


@st.composite
def with_result_keywords(draw: st.DrawFn, boards: st.SearchStrategy[dict]) -> dict:
    """A board from `boards` with some of its creatures given wither, infect, toxic, persist or
    undying (face-down ones keep them on their face-up side, 708.2a) and some players poison counters."""
    data = draw(boards)
    for p in data["permanents"]:
        if "power" in p and draw(st.booleans()):
            extra = draw(st.lists(st.sampled_from(RESULT_KEYWORDS), min_size=1, max_size=2, unique=True))
            p["abilities"] = [*p.get("abilities", []), *extra]
    for pl in data["players"]:
        if draw(one_in(3)):
            pl["poison"] = draw(st.sampled_from([0, 5, 8, 9]))
    return data


# ---- Face-down variants (708): disguise (702.168), manifest (701.40) and cloak (701.58) -----------
# Each face-down creature of a board becomes one of: cast face down with morph, megamorph or
# disguise (face_down: true); or manifested or cloaked, with a mana cost or none, its card a
# creature or not (a noncreature card can't be turned face up for its mana cost, 701.40b), with or
# without its morph line (701.40c).
MANA_COSTS = ["{R}", "{1}{G}", "{2}", "{0}", "{G}", "{W}{1}", "{C}"]
NONCREATURE_TYPES = [["Land"], ["Enchantment"], ["Artifact"]]


@st.composite
def face_down_variant(draw: st.DrawFn, p: dict) -> dict:
    """`p` (a face-down entry with a Morph or Megamorph line) as a random face-down variant."""
    lines = list(p.get("abilities", []))
    morph = next(i for i, line in enumerate(lines) if line.split()[0] in ("Morph", "Megamorph"))
    how = draw(st.sampled_from([True, "disguise", "manifest", "cloak", "manifest", "cloak"]))
    if how is True:
        return p
    if how == "disguise":
        lines[morph] = "Disguise " + lines[morph].split(" ", 1)[1]
        return {**p, "abilities": lines}
    q = {**p, "face_down": how}
    if draw(st.booleans()):
        del lines[morph]  # a card without morph: only its mana cost (701.40b)
    elif draw(one_in(3)):
        lines[morph] = "Disguise " + lines[morph].split(" ", 1)[1]  # 701.40d, 701.58d
    q["abilities"] = lines
    if draw(st.integers(0, 4)):
        q["mana_cost"] = draw(st.sampled_from(MANA_COSTS))
    if draw(one_in(4)):  # a noncreature card face up: it stays a face-down 2/2 (701.40b)
        q["types"] = draw(st.sampled_from(NONCREATURE_TYPES))
        q = {k: v for k, v in q.items() if k not in ("power", "toughness")}
        q["abilities"] = []  # and no face-up lines
    return q


@st.composite
def with_face_down_variants(draw: st.DrawFn, boards: st.SearchStrategy[dict]) -> dict:
    """A board from `boards` (tests/combat_boards.py, face-down creatures with morph) with each
    face-down creature a random variant (:func:`face_down_variant`)."""
    data = draw(boards)
    data["permanents"] = [draw(face_down_variant(p)) if p.get("face_down") else p for p in data["permanents"]]
    return data


# ---- regeneration and damage prevention (701.19, 615; tests/reference/shields.py) ------------------

SHIELD_LINES = ["{G}: Regenerate ~", "{1}: Regenerate this creature",
                "Prevent all combat damage that would be dealt to ~",
                "Prevent all combat damage that would be dealt by ~", "Prevent all damage that would be dealt to ~",
                "Prevent all combat damage that would be dealt to and dealt by ~"]
# 615.1a: a prevention for the turn, from an ability on itself or on a target
TURN_PREVENTION_LINES = ["{1}: Prevent all damage that would be dealt to ~ this turn",
                         "{1}: Prevent all combat damage that would be dealt by target creature this turn"]


@st.composite
def with_shields(draw: st.DrawFn, boards: st.SearchStrategy[dict], lines: list[str] = SHIELD_LINES) -> dict:
    """A board from `boards` with one or two creatures given a regeneration or prevention line (face-down
    ones on their face-up side, 708.2a) or one or two regeneration shields (`regeneration_shields`), and
    lethal damage marked on a shielded creature now and then (regenerated as the situation starts)."""
    data = draw(boards)
    creatures = [p for p in data["permanents"] if "power" in p]
    if not creatures:
        return data
    for p in draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique_by=lambda p: p["id"])):
        if draw(st.booleans()):
            p["abilities"] = [*p.get("abilities", []), draw(st.sampled_from(lines))]
        else:
            p["regeneration_shields"] = draw(st.sampled_from([1, 1, 2]))
            if draw(one_in(4)):
                p["damage"] = max(p.get("toughness", 0), 1)
    return data


SHIELD_MIX = ["{1}: ~ gets +1/-1 until end of turn", "{G}: Regenerate ~",
              "{G}: Creatures you control get +0/-1 until end of turn", "First strike", "Deathtouch", "Wither",
              "Trample", "When ~ dies, it deals 1 damage to any target", "Prevent all damage that would be dealt to ~"]


@st.composite
def shield_boards(draw: st.DrawFn) -> dict:
    """Two to four small creatures mixing regeneration with what destroys otherwise than by combat damage
    (pumps lowering toughness: 704.5g with damage marked; death triggers) and what changes damage
    (first strike, deathtouch, wither, prevention), some with damage or a shield, a little mana;
    attackers declared or not."""
    permanents = []
    for i, controller in enumerate(["alice", "alice", "bob", "bob"][: draw(st.integers(2, 4))]):
        p = {"id": f"c{i}", "controller": controller, "power": draw(st.integers(0, 3)),
             "toughness": draw(st.integers(1, 3)),
             "abilities": draw(st.lists(st.sampled_from(SHIELD_MIX), max_size=2, unique=True))}
        if p["toughness"] > 1 and draw(st.booleans()):
            p["damage"] = 1
        if draw(one_in(4)):
            p["regeneration_shields"] = 1
        permanents.append(p)
    pools = st.sampled_from(["", "{1}", "{G}", "{1}{G}"])
    data = {"players": [{"name": "alice", "mana": draw(pools)}, {"name": "bob", "mana": draw(pools)}],
            "active": "alice", "permanents": permanents}
    mine = [p["id"] for p in permanents if p["controller"] == "alice"]
    if draw(st.booleans()):
        data["combat"] = {"attackers": {a: "bob" for a in draw(st.lists(st.sampled_from(mine), min_size=1,
                                                                          unique=True))}}
    return data


# ---- Static abilities: anthems and lords (604.1, 611.3, 613; tests/test_statics.py) -------------------
STATIC_LINES = ["Creatures you control get +1/+1", "Other creatures you control get +1/+0",
                "Other Goblin creatures get +1/+1", "Goblins you control get +1/+1 and have first strike",
                "Creatures your opponents control get -1/-0", "Other red creatures you control get +0/+1",
                "Creatures you control have trample", "Other creatures you control have deathtouch",
                "Goblin creatures you control have indestructible", "Creatures your opponents control get -0/-1",
                "Artifact creatures you control have first strike", "Nonwhite creatures get +1/+0",
                "This creature gets +1/+1 as long as you control another Goblin",
                "~ has first strike as long as you control a red creature",
                "This creature gets +1/+0 for each other creature you control",
                "As long as you control an artifact, ~ gets +0/+2 and has indestructible",
                "~ gets +1/+1 for each other Goblin you control",
                "~ has first strike as long as it's attacking", "This creature gets +1/+1 as long as it's attacking",
                "~ has flying as long as it's attacking", "~ gets +1/+0 for each other attacking creature",
                "~ gets +1/+1 as long as you control two or more Goblins",
                "~ has first strike as long as an opponent controls a red creature",
                "As long as you control a red or green creature, ~ gets +1/+0",
                "Attacking creatures you control get +1/+0", "Other creatures you control with lifelink get +1/+0",
                "Creatures with double strike your opponents control get -1/-1", "Face-down creatures get +1/+1",
                "~ gets +1/+1 for each face-down creature on the battlefield", "Non-Goblin creatures get +0/+1",
                "~ has trample as long as it has a +1/+1 counter on it",
                "Each other creature you control with a +1/+1 counter on it has first strike",
                "Goblin Elf creatures you control get +1/+1", "Other red Zombie creatures have first strike",
                "Other creatures you control have exalted", "Red creatures and Elf creatures get +1/+0",
                "~ gets +2/+2 as long as no opponent controls a red creature"]


DEFINING_LINES = ["~'s power and toughness are each equal to the number of creatures you control",
                  "~'s power and toughness are each equal to the number of other Goblins on the battlefield",
                  "~'s power and toughness are each equal to the number of red permanents you control",
                  "~'s power and toughness are each equal to the number of creature cards in all graveyards",
                  "~'s power and toughness are each equal to the number of cards in your hand"]
# 402.1, 404.1: the cards in hands and graveyards (every with_statics board states the players' counts; a card
# that leaves the battlefield is added to its owner's graveyard, a token's is not).
STATIC_LINES += ["~ gets +2/+2 as long as seven or more cards are in your graveyard",
                 "As long as seven or more cards are in your graveyard, ~ gets +1/+0 and has first strike",
                 "~ has first strike as long as you have no cards in hand",
                 "~ gets +1/+1 as long as an opponent has no cards in hand"]
# 611.3a: the state of the game (500.1 whose turn, 205.2a the card types among a graveyard's cards, 105.2 the colors
# of the permanents on the battlefield)
STATIC_LINES += ["As long as it's your turn, ~ gets +0/+2", "~ has first strike as long as it's not your turn",
                 "~ gets +1/+1 as long as there are four or more card types among cards in your graveyard",
                 "~ gets -1/-1 as long as red is the most common color among all permanents or is tied for most common",
                 "~ has first strike as long as it's untapped"]


@st.composite
def with_statics(draw: st.DrawFn, boards: st.SearchStrategy[dict], on_creatures: bool = True,
                 lines: list[str] | None = None) -> dict:
    """A board from `boards` with static lines (of `lines`, by default :data:`STATIC_LINES`) on one or two of its
    creatures (face-down ones keep them on their face-up side, 708.2a; never on one with persist or undying) and, at
    times, an enchantment with one (a non-creature source) controlled by any player; not `on_creatures`: only the
    enchantment (a board that still splits into fights, pysolver.game.fights.constant_sources)."""
    lines = lines or STATIC_LINES
    data = draw(boards)
    for pl in data["players"]:
        pl.update(hand=draw(st.integers(0, 1)), graveyard=draw(st.integers(5, 7)),
                  graveyard_creatures=draw(st.integers(0, 2)),
                  graveyard_types=draw(st.lists(st.sampled_from(["land", "instant", "creature", "artifact"]),
                                                min_size=2, max_size=3, unique=True)))
    for p in data["permanents"]:
        if "power" in p and draw(one_in(6)) and not any(a in ("Persist", "Undying") for a in p.get("abilities", [])):
            p["token"] = True
    creatures = [p for p in data["permanents"] if "power" in p and on_creatures
                 and not any(a in ("Persist", "Undying") for a in p.get("abilities", []))]
    if creatures:
        for p in draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique_by=lambda p: p["id"])):
            p["abilities"] = [*p.get("abilities", []), draw(st.sampled_from(lines))]
    if creatures and draw(one_in(4)):  # 604.3: a */* its ability defines (the file leaves the numbers out)
        p = draw(st.sampled_from(creatures))
        del p["power"], p["toughness"]
        p["abilities"] = [*p.get("abilities", []), draw(st.sampled_from(DEFINING_LINES))]
    if draw(one_in(3)) or not creatures:
        data["permanents"].append({"id": "anthem", "controller": draw(st.sampled_from(
            [pl["name"] for pl in data["players"]])), "types": ["Enchantment"],
            "abilities": [draw(st.sampled_from(lines))]})
    return data


# ---- triggers of a priority window (708.8, 701.37b; tests/reference/window_triggers.py) --------------

FACE_UP_LINES = ["When ~ is turned face up, it deals 1 damage to any target",
                 "When ~ is turned face up, it deals 2 damage to target creature or player",
                 "When ~ is turned face up, it deals 1 damage to each player",
                 "When ~ is turned face up, put a +1/+1 counter on each other Goblin creature you control",
                 "When ~ is turned face up, put two +1/+1 counters on target creature",
                 "When ~ is turned face up, Goblin creatures you control get +1/+0 until end of turn",
                 "When ~ is turned face up, target creature gets -1/-1 until end of turn",
                 "When ~ is turned face up, target creature gains first strike until end of turn",
                 "When ~ is turned face up, destroy target creature with power 2 or less an opponent controls",
                 "When ~ is turned face up, regenerate target creature",
                 "When ~ is turned face up, tap target creature",
                 "When ~ is turned face up, destroy target artifact or enchantment"]


@st.composite
def with_face_up_triggers(draw: st.DrawFn, boards: st.SearchStrategy[dict]) -> dict:
    """A board from `boards` (tests/combat_boards.py) with a "when ~ is turned face up" line on one or two
    face-down creatures' face-up side (one made face down with a morph cost if there is none), and never a
    creature with persist or undying (refused beside a trigger that may kill, pysolver.files.loader)."""
    data = draw(boards)
    creatures = [p for p in data["permanents"] if "power" in p]
    down = [p for p in creatures if p.get("face_down")]
    if not down and creatures:
        p = draw(st.sampled_from(creatures))
        p["face_down"] = True
        p["abilities"] = [*p.get("abilities", []), "Morph {1}"]
        down = [p]
    for p in draw(st.lists(st.sampled_from(down), min_size=1, max_size=2, unique_by=lambda p: p["id"])) if down else ():
        p["abilities"] = [*p.get("abilities", []), draw(st.sampled_from(FACE_UP_LINES))]
    return data


MONSTROSITY_LINES = ["{R}: Monstrosity 1", "{1}: Monstrosity 2", "{G}{1}: Monstrosity 3"]
MONSTROUS_LINES = ["When ~ becomes monstrous, destroy target creature with flying an opponent controls",
                   "When ~ becomes monstrous, destroy target non-Goblin creature an opponent controls",
                   "When ~ becomes monstrous, it deals 1 damage to each opponent",
                   "When ~ becomes monstrous, creatures without flying your opponents control can't block this turn",
                   "As long as ~ is monstrous, it has first strike", "As long as ~ is monstrous, it has indestructible"]


@st.composite
def with_monstrosity(draw: st.DrawFn, boards: st.SearchStrategy[dict]) -> dict:
    """A board from `boards` (tests/combat_boards.py) with a monstrosity ability (701.37a) on one or two creatures
    (face-down ones on their face-up side), maybe monstrous already, and maybe a line that reads it (701.37b)."""
    data = draw(boards)
    creatures = [p for p in data["permanents"] if "power" in p
                 and not any(a in ("Persist", "Undying") for a in p.get("abilities", []))]
    for p in draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique_by=lambda p: p["id"])) \
            if creatures else ():
        p["abilities"] = [*p.get("abilities", []), draw(st.sampled_from(MONSTROSITY_LINES))]
        if draw(st.booleans()):
            p["abilities"].append(draw(st.sampled_from(MONSTROUS_LINES)))
        if draw(one_in(5)):
            p["monstrous"] = True
    return data


# ---- 602.5: a creature that prohibits activating abilities of creatures (tests/test_protect.py) -------------------

BAN_LINES = ["Activated abilities of creatures your opponents control can't be activated",
             "Activated abilities of creatures can't be activated"]


@st.composite
def with_ban(draw: st.DrawFn, boards: st.SearchStrategy[dict]) -> dict:
    """A board from `boards` with a prohibition line on one of its creatures (any controller's)."""
    data = draw(boards)
    creatures = [p for p in data["permanents"] if "power" in p]
    p = draw(st.sampled_from(creatures))
    p["abilities"] = [*p.get("abilities", []), draw(st.sampled_from(BAN_LINES))]
    return data


@st.composite
def with_player_hexproof(draw: st.DrawFn, boards: st.SearchStrategy[dict]) -> dict:
    """A board from `boards` with "You have hexproof" (702.11c) on one of its creatures, or on an enchantment of any
    player (a source that stays), and the players at low life (a ping may decide who lost)."""
    data = draw(boards)
    creatures = [p for p in data["permanents"] if "power" in p]
    if draw(one_in(3)) or not creatures:
        owner = draw(st.sampled_from([pl["name"] for pl in data["players"]]))
        data["permanents"].append({"id": "aegis", "controller": owner, "types": ["Enchantment"],
                                   "abilities": ["You have hexproof"]})
    else:
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p.get("abilities", []), "You have hexproof"]
    for pl in data["players"]:
        pl["life"] = draw(st.integers(1, 3))
    return data
