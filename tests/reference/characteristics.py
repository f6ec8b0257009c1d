"""Characteristics of permanents and the starting state-based actions, in plain Python.

Independent of the ASP encodings: input is the typed model only.

>>> from pysolver.model import Permanent
>>> c = characteristics(Permanent("m", "bob", colors=("red",), power=5, toughness=5, face_down=True,
...                               pt_counters={"+1/+1": 1}))
>>> (c.power, c.toughness, c.colors, c.abilities, c.is_creature)
(3, 3, frozenset(), (), True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import cast

from pysolver.model import Permanent, Situation
from pysolver.model.abilities import Ability, Static, type_lists

from .statics import with_statics


def given(kind: str) -> Ability:
    """A keyword given until end of turn (613.1f) as an ability: "<land type>walk" is landwalk of that land type
    (702.14a), read by the blocking rules as a printed one."""
    land = kind.removesuffix("walk")
    return Ability("landwalk", land) if kind.endswith("walk") and land in type_lists()[1] else Ability(kind)


@dataclass(frozen=True)
class Characteristics:
    """A permanent as it is on the battlefield: derived values, not the printed ones.

    ``types`` and ``subtypes`` are lower-case; ``abilities`` are the ones it has
    (none while face down, 708.2a).
    """

    id: str
    controller: str
    owner: str
    types: frozenset[str]
    subtypes: frozenset[str]
    colors: frozenset[str]
    power: int | None
    toughness: int | None
    loyalty: int | None
    defense: int | None
    protector: str | None
    abilities: tuple[Ability, ...]
    damage: int
    tapped: bool
    summoning_sick: bool
    face_down: bool
    cant_block_this_turn: bool = False  # a resolved "target creature can't block this turn" (509.1b)
    cant_be_blocked_this_turn: bool = False  # a resolved "target creature can't be blocked this turn" (509.1b)
    # N of a resolved "~ can't be blocked by creatures with power N or less this turn" (509.1b)
    cant_be_blocked_by_power_this_turn: int | None = None
    attacks_despite_defender_this_turn: bool = False  # a resolved "~ can attack this turn as though …" (702.3b)
    pt_counters: tuple[tuple[int, int, int], ...] = ()  # (dp, dt, how many) of each P/T counter kind (122.1a)
    named_counters: tuple[tuple[str, int], ...] = ()  # (name, how many) of the counters of a name (122.1)
    paired_with: str | None = None  # 702.95b: the creature a soulbond ability paired it with
    monstrous: bool = False  # 701.37b: its monstrosity ability resolved
    commander: bool = False  # 903.3: its card is a commander (an attribute of the card, face down too)
    attached: tuple[tuple[str, int], ...] = ()  # 301.5, 303.4: ("aura" | "equipment", how many attached to it)
    token: bool = False  # 111.1: a token, no card

    # --- card types (205.2a) -------------------------------------------------------------
    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    @property
    def is_artifact(self) -> bool:
        return "artifact" in self.types

    @property
    def is_land(self) -> bool:
        return "land" in self.types

    @property
    def is_planeswalker(self) -> bool:
        return "planeswalker" in self.types

    @property
    def is_battle(self) -> bool:
        return "battle" in self.types

    # --- abilities ------------------------------------------------------------------------
    def has(self, kind: str) -> bool:
        """Whether it has at least one ability of this kind (``flying``, ``lure``, …)."""
        return any(a.kind == kind for a in self.abilities)

    def instances(self, kind: str) -> int:
        """How many abilities of this kind it has (each is a separate ability, 113.2c)."""
        return sum(1 for a in self.abilities if a.kind == kind)

    def values(self, kind: str) -> list[object]:
        """The arguments of its abilities of this kind (land types, blocker counts, qualities)."""
        return [a.value for a in self.abilities if a.kind == kind]

    def counters(self, dp: int, dt: int) -> int:
        """How many +DP/+DT counters it has once 704.5q has removed +1/+1 and -1/-1 counters in pairs."""
        count = {(x, y): n for x, y, n in self.pt_counters}
        pairs = min(count.get((1, 1), 0), count.get((-1, -1), 0)) if (dp, dt) in ((1, 1), (-1, -1)) else 0
        return count.get((dp, dt), 0) - pairs

    def protections(self) -> list[tuple[str, str | None]]:
        """Its protection qualities as (kind, argument): ('color', 'white'), ('everything', None), …"""
        return [parse_quality(str(v)) for v in self.values("protection")]


_QUALITY = re.compile(r'(\w+)(?:\("?(.*?)"?\))?')


def parse_quality(term: str) -> tuple[str, str | None]:
    """A protection quality of an :class:`Ability` value: ``color(white)`` -> ('color', 'white').

    >>> parse_quality('creature_type("goblin")'), parse_quality("everything"), parse_quality('player("Bob")')
    (('creature_type', 'goblin'), ('everything', None), ('player', 'Bob'))
    """
    m = _QUALITY.fullmatch(term)
    assert m, f"unexpected protection quality {term!r}"
    return m.group(1), m.group(2)


def characteristics(p: Permanent) -> Characteristics:
    """The characteristics of one permanent, before state-based actions.

    708.2a: a face-down permanent is a 2/2 creature with no name, no subtypes, no
    abilities (no text) and no color (no mana cost, 202.2, 105.2c); its other card
    types are gone too. 122.1a, 613.4c: each +X/+Y (or -X/-Y) counter adds X to power
    and Y to toughness, face down or not. 613.1f (layer 6, after 708.2a's layer 1): the
    keywords resolved pumps gave it until end of turn are abilities it has, face down too.
    """
    if p.face_down:
        types: frozenset[str] = frozenset({"creature"})
        subtypes: frozenset[str] = frozenset()
        colors: frozenset[str] = frozenset()
        base_power, base_toughness = 2, 2
        abilities: tuple[Ability, ...] = ()
        loyalty = defense = None
    else:
        types = frozenset(t.lower() for t in p.types)
        subtypes = frozenset(t.lower() for t in p.subtypes)
        if any(a.kind == "changeling" for a in p.abilities):  # 702.73a: every creature type
            subtypes |= type_lists()[0]
        colors = frozenset(p.colors)
        base_power, base_toughness = p.power, p.toughness
        for a in p.abilities:  # 604.3, 613.4a: a */* defined by counting (reference.statics adds the count)
            if a.kind == "cda":
                base_power = 0 if cast(Static, a.value).power else base_power
                base_toughness = 0 if cast(Static, a.value).toughness else base_toughness
        abilities = p.abilities
        loyalty, defense = p.loyalty, p.defense
    dp = dt = 0
    for x, y, n in p.pt_counters:
        dp, dt = dp + x * n, dt + y * n
    abilities += tuple(given(k) for k in p.keywords_until_end_of_turn)  # 613.1f
    if p.dashed and any(a.kind == "dash" for a in abilities):  # 702.109a: haste while its dash cost was paid
        abilities += (Ability("haste"),)
    pump_power, pump_toughness = p.until_end_of_turn  # 613.4c: resolved pumps, layer 7c
    power = base_power + dp + pump_power if base_power is not None else None
    toughness = base_toughness + dt + pump_toughness if base_toughness is not None else None
    return Characteristics(
        id=p.id, controller=p.controller, owner=p.owner or p.controller, types=types, subtypes=subtypes,
        colors=colors, power=power, toughness=toughness, loyalty=loyalty, defense=defense,
        protector=p.protector, abilities=abilities, damage=p.damage, tapped=p.tapped,
        summoning_sick=p.summoning_sick, face_down=p.face_down, cant_block_this_turn=p.cant_block_this_turn,
        cant_be_blocked_this_turn=p.cant_be_blocked_this_turn, pt_counters=p.pt_counters,
        cant_be_blocked_by_power_this_turn=p.cant_be_blocked_by_power_this_turn,
        named_counters=p.named_counters, attacks_despite_defender_this_turn=p.attacks_despite_defender_this_turn,
        paired_with=p.paired_with, monstrous=p.monstrous, commander=p.commander,
        attached=(("aura", p.auras_attached), ("equipment", p.equipment_attached)), token=p.token)


def state_based_action(c: Characteristics) -> str | None:
    """The rule by which this permanent leaves the battlefield at once (docs/situation.md), or None.

    704.5f toughness 0 or less; 704.5g lethal damage marked (toughness > 0, damage >=
    toughness) unless it has indestructible (702.12b); 704.5i a planeswalker with 0
    loyalty; 704.5v a battle with 0 defense.
    """
    if c.is_creature and c.toughness is not None:
        if c.toughness <= 0:
            return "704.5f"
        if c.damage >= c.toughness and not c.has("indestructible"):
            return "704.5g"
    if c.is_planeswalker and c.loyalty is not None and c.loyalty <= 0:
        return "704.5i"
    if c.is_battle and c.defense is not None and c.defense <= 0:
        return "704.5v"
    return None


def hexproof_players(field: dict[str, Characteristics], controller: str) -> set[str]:
    """702.11c: the players an ability `controller` controls can't target: each other player who controls a
    permanent on the battlefield (`field`) with "You have hexproof" (a face-down one has none, 708.2a)."""
    return {c.controller for c in field.values() if c.has("player_hexproof") and c.controller != controller}


def field_of(s: Situation, gone: Iterable[str]) -> dict[str, Characteristics]:
    """The characteristics of the permanents of `s` not in `gone`, with the effects of their static
    abilities (611.3a, 613: :mod:`reference.statics`), then power and toughness switched where a switch
    resolved an odd number of times (613.4d: layer 7d, after all of layer 7c)."""
    out = set(gone)
    removed = {p.id for p in s.permanents if p.removed_from_combat}  # 506.4: no longer attacking
    attacking = frozenset(a for a, _ in s.combat.attackers or () if a not in removed)
    field = with_statics({p.id: characteristics(p) for p in s.permanents if p.id not in out}, attacking,
                         zones(s, out))
    for p in s.permanents:
        if p.switched_until_end_of_turn and p.id in field:
            c = field[p.id]
            field[p.id] = replace(c, power=c.toughness, toughness=c.power)
    return field


def zones(s: Situation, gone: set[str]) -> dict[tuple[str, str], int]:
    """The cards in each player's hand and graveyard, where the situation states them (402.1, 404.1): a card
    (not a token, 111.7) that has left the battlefield is in its owner's graveyard (700.4), unless persist or
    undying returned it (400.7: its new object's id ends in "/returned"); how many card types are among the
    cards in a graveyard (205.2a), where stated; whose turn it is (the active player's "turn" is 1); who has the
    city's blessing (702.131c: "blessing" 1)."""
    out: dict[tuple[str, str], int] = {(s.active, "turn"): 1}
    out |= {(pl.name, "blessing"): 1 for pl in s.players if pl.citys_blessing}
    back = {p.id.removesuffix("/returned") for p in s.permanents if p.id.endswith("/returned")}
    for pl in s.players:
        if pl.graveyard_types is not None:
            left = [p for p in s.permanents if (p.owner or p.controller) == pl.name and not p.token
                    and (p.left_battlefield or p.id in gone) and p.id not in back]
            types = set(pl.graveyard_types) | {t.lower() for p in left for t in p.types}
            out[(pl.name, "graveyard_types")] = len(types)
        def cards(creatures: bool, pl: str = pl.name) -> int:
            mine = [p for p in s.permanents if (p.owner or p.controller) == pl and not p.token
                    and (not creatures or "Creature" in p.types)]
            return (sum(1 for p in mine if p.left_battlefield or p.id in gone)
                    - sum(1 for p in mine if p.id.endswith("/returned")))
        if pl.hand is not None:
            out[(pl.name, "hand")] = pl.hand
        if pl.graveyard is not None:
            out[(pl.name, "graveyard")] = pl.graveyard + cards(False)
        if pl.graveyard_creatures is not None:
            out[(pl.name, "graveyard_creatures")] = pl.graveyard_creatures + cards(True)
    return out


def sweep(field: dict[str, Characteristics]) -> dict[str, str]:
    """The permanents of a field one check of the state-based actions removes, with the rule."""
    return {pid: rule for pid, c in field.items() if (rule := state_based_action(c)) is not None}


def left_battlefield(s: Situation) -> dict[str, str]:
    """The permanents the state-based actions remove from the starting situation, with the rule.

    704.3: all applicable state-based actions are performed simultaneously, then checked
    again: when a source of a static ability leaves, its effects end (611.3b), and the next check
    sees the characteristics without them; until a check finds nothing.
    """
    gone = {p.id: "506.4" for p in s.permanents if p.left_battlefield}  # already gone during combat
    shielded = {p.id for p in s.permanents if p.regeneration_shields > 0 and not p.cant_be_regenerated_this_turn}
    while True:  # 701.19a: a shielded creature lethal damage would destroy is regenerated (reference.outcomes)
        found = {pid: rule for pid, rule in sweep(field_of(s, gone)).items()
                 if not (rule == "704.5g" and pid in shielded)}
        if not found:
            return gone
        gone |= found


def battlefield(s: Situation) -> dict[str, Characteristics]:
    """The permanents on the battlefield after the state-based actions, by id."""
    return field_of(s, left_battlefield(s))
