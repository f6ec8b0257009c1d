"""The typed situation model (docs/situation.md): players, permanents, declared combat, goal.

All classes are frozen dataclasses so that situations can be hashed and shared between search
states (outcomes and verify explore many of them). They can be built in code from the same plain
values a situation file holds: ability lines as strings (docs/abilities.md), mana as ``"{R}{R}"``, colors as
names or letters. Each object reads its own fields with :mod:`pysolver.model.fields` (the readers the
loader uses too), and a problem is an :class:`~pysolver.errors.InputError` naming the field; the
checks of a whole board (ids, players that exist, totals) are the loader's, :func:`pysolver.load_data`.
``to_data()`` gives the file form back, so ``pysolver.load_data(s.to_data()) == s``.

>>> p = Permanent("bear", "bob", power=2, toughness=2, abilities=("Flying",))
>>> p
Permanent('bear', 'bob', 2/2, 'Flying')
>>> p.is_creature, p.face_down, p.has("flying")
(True, False, True)
>>> Permanent("bear", "bob", power=2, toughness=2, abilities=("Flyng",))
Traceback (most recent call last):
...
pysolver.errors.InputError: abilities[0]: permanent 'bear': ability line 'Flyng' is not understood; did you mean 'Flying'? (supported lines: `pysolver abilities`, docs/abilities.md)
"""  # noqa: E501 (doctest output is one line)

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from . import fields as read
from .abilities import ACTIVATED, COLORS, MORPHS, Ability, CombatAbility, Pump, keyword_line, normalise
from .fields import FACE_DOWN_BY, Reader, counter_kind, pt_change
from .mana import Mana
from .objective import Objective
from .values import JSON

if TYPE_CHECKING:
    from ..game.gametree import Position
    from .moves import Activation

Data = dict[str, Any]  # docs/situation.md plain data, as parsed from YAML/JSON
FaceDown = bool | str  # False, True (cast face down: morph, disguise; 708.2a) or one of FACE_DOWN_BY


@dataclass(frozen=True, repr=False)
class Player:
    """A player: name, life total, the mana they may still spend this combat and their poison
    counters (122.1f; ten or more and they lose, 704.5c) (docs/situation.md).

    >>> Player("alice", mana="{R}{R}")
    Player('alice', life=20, mana='{R}{R}')
    >>> Player("bob", poison=3).to_data()
    {'name': 'bob', 'life': 20, 'poison': 3}
    """

    name: str
    life: int = 20
    mana: Mana = field(default_factory=Mana)
    spent: Mana = field(default_factory=Mana)  # paid so far in this combat (702.37e)
    poison: int = 0  # poison counters (122.1f, 704.5c)
    # the cards in the player's hand and graveyard (402.1, 404.1), where an ability counts them; None: not stated.
    # `graveyard` leaves out the cards of the situation's permanents that have left the battlefield (counted
    # apart), `graveyard_creatures` is how many of the others are creature cards.
    hand: int | None = None
    graveyard: int | None = None
    graveyard_creatures: int | None = None
    prevention_shield: int = 0  # 615.7: damage to them still to be prevented this turn ("prevent the next N damage")
    # the card types (205.2a) among those cards in the graveyard, where an ability reads them (delirium); None: not
    # stated. The types of the situation's cards that leave the battlefield are added (700.4).
    graveyard_types: tuple[str, ...] | None = None
    energy: int = 0  # energy counters (107.14, 122.1): "{E}" in a cost is paid by removing one
    exiled: int = 0  # cards exiled from the graveyard to pay costs so far in this combat (406.1; as `spent`)
    citys_blessing: bool = False  # 702.131b-c: a designation ascend gives for the rest of the game

    if TYPE_CHECKING:  # what the constructor accepts: mana as text too (the dataclass __init__ at run time)
        def __init__(self, name: str, life: int = 20, mana: Mana | str = ..., spent: Mana = ...,
                     poison: int = 0, hand: int | None = None, graveyard: int | None = None,
                     graveyard_creatures: int | None = None, prevention_shield: int = 0,
                     graveyard_types: tuple[str, ...] | None = None, energy: int = 0, exiled: int = 0,
                     citys_blessing: bool = False) -> None: ...

    def __post_init__(self) -> None:
        if not isinstance(self.mana, Mana) or not isinstance(self.name, str) or not isinstance(self.life, int) \
                or not isinstance(self.poison, int) or isinstance(self.poison, bool) or self.poison < 0 \
                or any(v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0)
                       for v in (self.hand, self.graveyard, self.graveyard_creatures)) \
                or not isinstance(self.prevention_shield, int) or isinstance(self.prevention_shield, bool) \
                or self.prevention_shield < 0 \
                or not isinstance(self.energy, int) or isinstance(self.energy, bool) or self.energy < 0 \
                or not isinstance(self.citys_blessing, bool) \
                or (self.graveyard_types is not None and (not isinstance(self.graveyard_types, tuple) or any(
                    t not in read.GRAVEYARD_TYPES for t in self.graveyard_types))):
            _, _, mana, _, _, _, _ = read.player(Reader(None), self.to_data(), "player")
            read.energy(Reader(None), self.to_data(), "player")
            read.citys_blessing(Reader(None), self.to_data(), "player")
            object.__setattr__(self, "mana", mana)

    def to_data(self) -> dict[str, JSON]:
        """The docs/situation.md player entry."""
        d: Data = {"name": self.name, "life": self.life}
        mana = self.mana if not isinstance(self.mana, Mana) else (str(self.mana) if self.mana.total else None)
        if mana is not None:
            d["mana"] = mana
        if self.poison:
            d["poison"] = self.poison
        for key in ZONE_COUNTS:
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        if self.prevention_shield:
            d["prevention_shield"] = self.prevention_shield
        if self.graveyard_types is not None:
            d["graveyard_types"] = list(self.graveyard_types)
        if self.energy:
            d["energy"] = self.energy
        if self.citys_blessing:
            d["citys_blessing"] = self.citys_blessing
        return d

    def __repr__(self) -> str:
        mana = f", mana={str(self.mana)!r}" if self.mana.total else ""
        spent = f", spent={str(self.spent)!r}" if self.spent.total else ""
        poison = f", poison={self.poison}" if self.poison else ""
        zones = "".join(f", {key}={getattr(self, key)}" for key in ZONE_COUNTS if getattr(self, key) is not None)
        if self.graveyard_types is not None:
            zones += f", graveyard_types={self.graveyard_types}"
        shield = f", prevention_shield={self.prevention_shield}" if self.prevention_shield else ""
        energy = f", energy={self.energy}" if self.energy else ""
        exiled = f", exiled={self.exiled}" if self.exiled else ""
        energy += f", citys_blessing={self.citys_blessing!r}" if self.citys_blessing else ""
        return f"Player({self.name!r}, life={self.life}{mana}{spent}{poison}{zones}{shield}{energy}{exiled})"


ZONE_COUNTS = ("hand", "graveyard", "graveyard_creatures")  # the players' card counts (402.1, 404.1)
RETURNED = "/returned"  # the id suffix of the new object a persist or undying ability returned (400.7)


@dataclass(frozen=True, repr=False)
class Permanent:
    """A permanent as written in the situation (its face-up side when `face_down`).

    `face_down` is False, True (a face-down 2/2 cast with morph or disguise, 702.37a, 702.168a,
    708.2a) or how it was put onto the battlefield face down: ``"manifest"`` (701.40a) or
    ``"cloak"`` (701.58a). `mana_cost` is its face-up side's mana cost (202.1), None if it has none.

    Characteristics derived from these fields (708.2a face-down values, counters) are computed by
    ``encodings/characteristics.lp``. Built in code, `abilities` may be docs/abilities.md lines and `colors`
    names or letters: they are read as a file's entry would be (:func:`pysolver.model.fields.permanent`);
    a line that names a player ("Protection from bob", 702.16a) waits for the players of the
    :class:`Situation` it is put in, and the permanent is `unchecked` until then. Permanents built from
    parsed values (as :func:`dataclasses.replace` does in the search) are taken as they are.

    >>> Permanent("bear", "alice", power=2, toughness=2, abilities=("Trample",)).abilities[0].kind
    'trample'
    """

    id: str
    controller: str
    owner: str | None = None
    name: str | None = None
    types: tuple[str, ...] = ("Creature",)
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    protector: str | None = None
    abilities: tuple[Ability, ...] = ()
    ability_lines: tuple[str, ...] = ()
    unmodelled: tuple[str, ...] = ()
    mana_cost: Mana | None = None  # 202.1: turns a manifested or cloaked creature card face up (701.40b,
    # 701.58b); its mana value is what `best` counts as a permanent's value (202.3)
    pt_counters: tuple[tuple[int, int, int], ...] = ()  # (dp, dt, how many) of each +X/+Y kind, sorted (122.1a)
    until_end_of_turn: tuple[int, int] = (0, 0)  # +X/+Y of resolved pumps until end of turn (613.4c)
    # the keyword kinds resolved pumps gave it until end of turn, sorted (613.1f, layer 6; 611.2a)
    keywords_until_end_of_turn: tuple[str, ...] = ()
    # 602.5b: how many times each pump ability (numbered as Activation.ability) was activated this turn,
    # no trailing zeros
    activations_this_turn: tuple[int, ...] = ()
    damage: int = 0
    tapped: bool = False
    summoning_sick: bool = False
    dashed: bool = False  # 702.109a: cast for its dash cost, so it has haste as long as it stays
    monstrous: bool = False  # 701.37b: its monstrosity ability resolved (it stays so while on the battlefield)
    commander: bool = False  # 903.3: its card is a player's commander (face down too; its owner's commander)
    paired_with: str | None = None  # 702.95b: the creature a soulbond ability paired it with
    chosen_color: str | None = None  # 614.12: the color chosen as it entered ("As ~ enters, choose a color")
    face_down: FaceDown = False
    cant_block_this_turn: bool = False  # a resolved "target creature can't block this turn" (509.1b, 611.2a)
    cant_be_blocked_this_turn: bool = False  # a resolved "target creature can't be blocked this turn" (509.1b)
    # N of a resolved "~ can't be blocked by creatures with power N or less this turn" (509.1b, 611.2a; the greatest)
    cant_be_blocked_by_power_this_turn: int | None = None
    # a resolved "~ can attack this turn as though it didn't have defender" (702.3b, 611.2a)
    attacks_despite_defender_this_turn: bool = False
    cant_be_regenerated_this_turn: bool = False  # a resolved "target creature can't be regenerated this turn" (701.19c)
    # an odd number of resolved "switch ~'s power and toughness until end of turn" (613.4d: layer 7d, after 7c)
    switched_until_end_of_turn: bool = False
    assigns_no_combat_damage: bool = False  # a resolved "~ assigns no combat damage this turn" (510.1a, 611.2a)
    renowned: bool = False  # 702.112b: a designation renown (702.112a) gives, kept until it leaves the battlefield
    # 603.7a, 603.7c: a delayed triggered ability made this combat destroys it at end of combat ("Whenever ~ deals
    # combat damage to a creature, destroy that creature at end of combat")
    destroyed_at_end_of_combat: bool = False
    left_battlefield: bool = False  # during a combat being explored (704.3, 506.4)
    regeneration_shields: int = 0  # 701.19a: how many times it would be regenerated this turn
    prevention_shield: int = 0  # 615.7: damage to it still to be prevented this turn ("prevent the next N damage")
    removed_from_combat: bool = False  # during a combat being explored: regenerated (701.19a, 506.4)
    token: bool = False  # 111.1: no card; leaving the battlefield, it is in no graveyard's count (111.7, 704.5d)
    level_counters: int = 0  # 711.2: a leveler card's level (its striation is read off the card as it is loaded)
    auras_attached: int = 0  # 303.4: the Auras attached to it ("as long as ~ is enchanted", "for each Aura attached")
    equipment_attached: int = 0  # 301.5: the Equipment attached to it ("as long as ~ is equipped")
    named_counters: tuple[tuple[str, int], ...] = ()  # (name, how many) of each named kind, sorted (122.1: spore, …)
    # 406.6, 607.2a: the cards exiled with it that its linked leaves-the-battlefield ability returns
    # (docs/situation.md), each as it would enter under its owner's control (400.7: a new object; 302.6: summoning sick)
    exiled_cards: tuple[Permanent, ...] = ()
    unchecked: bool = field(default=False, init=False, compare=False)  # lines naming a player wait for its Situation

    if TYPE_CHECKING:  # what the constructor accepts: ability lines as text (the dataclass __init__ at run time)
        def __init__(self, id: str, controller: str, owner: str | None = None, name: str | None = None,
                     types: tuple[str, ...] = ..., subtypes: tuple[str, ...] = (), colors: tuple[str, ...] = (),
                     power: int | None = None, toughness: int | None = None, loyalty: int | None = None,
                     defense: int | None = None, protector: str | None = None,
                     abilities: tuple[Ability, ...] | tuple[str, ...] = (), ability_lines: tuple[str, ...] = (),
                     unmodelled: tuple[str, ...] = (), mana_cost: Mana | str | None = None,
                     pt_counters: tuple[tuple[int, int, int], ...] | Mapping[str, int] = (),
                     until_end_of_turn: tuple[int, int] = (0, 0),
                     keywords_until_end_of_turn: tuple[str, ...] = (), activations_this_turn: tuple[int, ...] = (),
                     damage: int = 0,
                     tapped: bool = False, summoning_sick: bool = False, dashed: bool = False,
                     monstrous: bool = False, commander: bool = False,
                     paired_with: str | None = None, chosen_color: str | None = None, face_down: FaceDown = False,
                     cant_block_this_turn: bool = False, cant_be_blocked_this_turn: bool = False,
                     cant_be_blocked_by_power_this_turn: int | None = None,
                     attacks_despite_defender_this_turn: bool = False, cant_be_regenerated_this_turn: bool = False,
                     switched_until_end_of_turn: bool = False, renowned: bool = False,
                     destroyed_at_end_of_combat: bool = False, assigns_no_combat_damage: bool = False,
                     left_battlefield: bool = False, regeneration_shields: int = 0,
                     prevention_shield: int = 0, removed_from_combat: bool = False, token: bool = False,
                     level_counters: int = 0, auras_attached: int = 0, equipment_attached: int = 0,
                     named_counters: tuple[tuple[str, int], ...] = (),
                     exiled_cards: tuple[Permanent, ...] | tuple[Mapping[str, Any], ...] = ()) -> None: ...

    def __post_init__(self) -> None:
        if not all(isinstance(c, Permanent) for c in self.exiled_cards):  # the keyword arguments the readers give
            object.__setattr__(self, "exiled_cards", tuple(c if isinstance(c, Permanent) else Permanent(**c)
                                                           for c in self.exiled_cards))
        if all(isinstance(v, tuple) for v in (self.types, self.subtypes, self.colors, self.abilities,
                                              self.pt_counters)) \
                and all(isinstance(a, Ability) for a in self.abilities) and all(c in COLORS for c in self.colors) \
                and not isinstance(self.mana_cost, str):
            return
        parsed = tuple(self.abilities) if all(isinstance(a, Ability) for a in self.abilities) else None
        lines = (tuple(self.ability_lines) if parsed is not None
                 else tuple(a for a in self.abilities if isinstance(a, str)))
        if parsed is None and len(lines) != len(self.abilities):
            raise InputError(None, "abilities", f"permanent {self.id!r}: give ability lines (strings) or parsed "
                                                "abilities, not both")
        data = {**self.to_data(), "abilities": list(lines)}
        data.pop("card", None)  # the lines the solver does not model stay as they are
        unmodelled = self.unmodelled
        players = frozenset(n for n in (self.controller, self.owner, self.protector,
                                        *(c.controller for c in self.exiled_cards)) if isinstance(n, str))
        try:
            self._adopt(_read(data, players))
        except InputError as exc:
            naming = [line for line in lines if normalise(line, None).startswith("protection from")]
            if not (naming and exc.field.startswith("permanents[0].abilities")):
                raise InputError(exc.file, exc.field.removeprefix("permanents[0]."), exc.message) from None
            # A protection quality may be a player (702.16a): resolved by the Situation.
            self._adopt(_read({**data, "abilities": [x for x in lines if x not in naming]}, players))
            object.__setattr__(self, "ability_lines", lines)
            object.__setattr__(self, "unchecked", True)
        object.__setattr__(self, "unmodelled", unmodelled)
        if parsed:  # abilities given parsed (pysolver.model.abilities.Ability) are kept as given
            object.__setattr__(self, "abilities", parsed)

    def _adopt(self, checked: Permanent) -> None:
        for f in fields(self):
            if f.init:
                object.__setattr__(self, f.name, getattr(checked, f.name))

    def with_players(self, players: frozenset[str], index: int = 0) -> Permanent:
        """The permanent with its lines that name a player ("Protection from bob", 702.16a) parsed
        against the `players` of its situation (entry `index` of its `permanents`).

        >>> p = Permanent("x", "a", power=1, toughness=1, abilities=("Protection from bob",))
        >>> p.unchecked, p.with_players(frozenset({"a", "bob"})).abilities[0].term
        (True, 'protection(player("bob"))')
        """
        if not self.unchecked:
            return self
        abilities = read.ability_lines(Reader(None), self.ability_lines, f"permanents[{index}]", self.id, self.name,
                                       players)
        return replace(self, abilities=abilities)

    def combat_abilities(self) -> list[tuple[str, CombatAbility]]:
        """Its activated abilities that act in combat with their kinds (602;
        :data:`~pysolver.model.abilities.COMBAT_ABILITIES`), in order: the `ability` numbers of
        :class:`~pysolver.model.moves.AbilityActivation` moves."""
        return [(a.kind, a.value) for a in self.abilities if isinstance(a.value, CombatAbility)]

    def pump_abilities(self) -> list[tuple[str, Pump]]:
        """Its abilities activated for mana with their kinds (``pump``, ``team_pump``: 602, 613.4c;
        ``regenerate``: 701.19a, +0/+0), in order: the `ability` numbers of
        :class:`~pysolver.model.moves.Activation` moves."""
        return [(a.kind, a.value) for a in self.abilities if a.kind in ACTIVATED and isinstance(a.value, Pump)]

    @property
    def regenerates(self) -> bool:
        """Whether a regeneration shield would replace its destruction (701.19a): it has one and no effect says it
        can't be regenerated (701.19c)."""
        return self.regeneration_shields > 0 and not self.cant_be_regenerated_this_turn

    @property
    def plus_counters(self) -> int:
        """How many +1/+1 counters it has (122.1a)."""
        return sum(n for dp, dt, n in self.pt_counters if (dp, dt) == (1, 1))

    @property
    def minus_counters(self) -> int:
        """How many -1/-1 counters it has (122.1a)."""
        return sum(n for dp, dt, n in self.pt_counters if (dp, dt) == (-1, -1))

    @property
    def counter_pt(self) -> tuple[int, int]:
        """What its P/T counters add to its power and toughness together (122.1a, 613.4c).

        >>> Permanent("x", "a", power=1, toughness=1, pt_counters={"+1/+0": 2, "-0/-1": 1}).counter_pt
        (2, -1)
        """
        return sum(dp * n for dp, _, n in self.pt_counters), sum(dt * n for _, dt, n in self.pt_counters)

    @property
    def pt_modification(self) -> tuple[int, int]:
        """What its P/T counters (122.1a) and the resolved changes until end of turn add to its power and
        toughness (613.4c, layer 7c).

        >>> x = Permanent("x", "a", power=1, toughness=1, pt_counters={"+1/+0": 2}, until_end_of_turn=(1, -1))
        >>> x.pt_modification
        (3, -1)
        """
        (cp, ct), (up, ut) = self.counter_pt, self.until_end_of_turn
        return cp + up, ct + ut

    def with_counters(self, dp: int, dt: int, n: int = 1) -> Permanent:
        """A copy with `n` more +X/+Y counters of the kind (dp, dt) (122.1a; e.g. megamorph, 702.37b).

        >>> Permanent("x", "a", power=1, toughness=1).with_counters(1, 1).with_counters(1, 1).pt_counters
        ((1, 1, 2),)
        """
        counts = {(a, b): k for a, b, k in self.pt_counters}
        counts[dp, dt] = counts.get((dp, dt), 0) + n
        return replace(self, pt_counters=tuple(sorted((a, b, k) for (a, b), k in counts.items() if k)))

    def named(self, name: str) -> int:
        """How many counters named `name` it has (122.1).

        >>> Permanent("x", "a", power=1, toughness=1, named_counters=(("spore", 3),)).named("spore")
        3
        """
        return dict(self.named_counters).get(name, 0)

    def with_named(self, name: str, n: int) -> Permanent:
        """A copy with `n` more counters named `name` (fewer for a negative `n`: 122.1, 602.1a a cost).

        >>> Permanent("x", "a", power=1, toughness=1, named_counters=(("spore", 3),)).with_named("spore", -3)
        Permanent('x', 'a', 1/1)
        """
        counts = {**dict(self.named_counters), name: self.named(name) + n}
        return replace(self, named_counters=tuple(sorted((k, m) for k, m in counts.items() if m)))

    @property
    def is_creature(self) -> bool:
        """A face-down permanent is a creature (708.2a); otherwise by its card types."""
        return bool(self.face_down) or "Creature" in self.types

    def has(self, kind: str) -> bool:
        """Whether the face-up side has an ability of this kind (morph costs matter face down), or it was
        given that keyword until end of turn (613.1f), or haste by its dash cost paid (702.109a)."""
        return (kind in self.keywords_until_end_of_turn or any(a.kind == kind for a in self.abilities)
                or kind == "haste" and self.dashed)

    def activated(self, index: int) -> int:
        """How many times its pump ability `index` was activated this turn (602.5b)."""
        return self.activations_this_turn[index] if index < len(self.activations_this_turn) else 0

    def with_activation(self, index: int, n: int = 1) -> Permanent:
        """A copy with `n` more activations of its pump ability `index` this turn (602.5b).

        >>> Permanent("x", "a", power=1, toughness=1).with_activation(1).activations_this_turn
        (0, 1)
        """
        counts = list(self.activations_this_turn) + [0] * (index + 1 - len(self.activations_this_turn))
        counts[index] += n
        while counts and not counts[-1]:
            counts.pop()
        return replace(self, activations_this_turn=tuple(counts))

    def kinds(self) -> frozenset[str]:
        """The kinds of its face-up side's abilities and of the keywords given to it until end of turn
        (613.1f, layer 6: they apply face down too, 708.2a is layer 1).

        >>> sorted(Permanent("x", "a", power=1, toughness=1, abilities=("Reach",),
        ...                  keywords_until_end_of_turn=("flying",)).kinds())
        ['flying', 'reach']
        """
        return frozenset(a.kind for a in self.abilities) | frozenset(self.keywords_until_end_of_turn)

    def morph_cost(self) -> tuple[str, Mana] | None:
        """('morph' | 'megamorph' | 'disguise', cost) if the face-up side has a morph (702.37) or disguise
        (702.168) ability."""
        for a in self.abilities:
            if a.kind in MORPHS:
                assert isinstance(a.value, Mana)
                return a.kind, a.value
        return None

    def face_up_ways(self) -> tuple[tuple[str, Mana], ...]:
        """How it can be turned face up, each way with its cost: by its morph, megamorph or disguise
        cost (702.37e, 702.168d; also when manifested or cloaked, 701.40c-d, 701.58c-d), and
        (``"mana_cost"``) a manifested or cloaked creature card with a mana cost for that cost
        (701.40b, 701.58b). Empty if it is face up.

        >>> p = Permanent("x", "a", power=3, toughness=3, abilities=("Megamorph {U}",), mana_cost="{2}{U}",
        ...               face_down="manifest")
        >>> [(way, str(cost)) for way, cost in p.face_up_ways()]
        [('megamorph', '{U}'), ('mana_cost', '{2}{U}')]
        >>> Permanent("l", "a", types=("Land",), mana_cost="{0}", face_down="cloak").face_up_ways()
        ()
        """
        if not self.face_down:
            return ()
        morph = self.morph_cost()
        ways = [morph] if morph is not None else []
        if self.face_down in FACE_DOWN_BY and "Creature" in self.types and self.mana_cost is not None:
            ways.append(("mana_cost", self.mana_cost))
        return tuple(ways)

    def to_data(self) -> dict[str, JSON]:
        """The docs/situation.md permanent entry: every field, defaults left out. A permanent from a card
        with lines the solver does not model is written as that card (so the lines stay known).

        >>> Permanent("bear", "bob", power=2, toughness=2, colors=("G",)).to_data()
        {'id': 'bear', 'controller': 'bob', 'colors': ['green'], 'power': 2, 'toughness': 2}
        """
        d: Data = {"id": self.id, "controller": self.controller}
        if self.unmodelled:
            d["card"] = self.name
        for key in ("owner", "name"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        if tuple(self.types) != ("Creature",):
            d["types"] = list(self.types)
        for key in ("subtypes", "colors"):
            if getattr(self, key):
                d[key] = list(getattr(self, key))
        for key in ("power", "toughness", "loyalty", "defense", "protector", "paired_with", "chosen_color"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        if self.mana_cost is not None:
            d["mana_cost"] = str(self.mana_cost)
        if self.ability_lines and not self.unmodelled:
            d["abilities"] = list(self.ability_lines)
        if self.pt_counters:
            d["counters"] = (dict(self.pt_counters) if isinstance(self.pt_counters, Mapping)
                             else {counter_kind(dp, dt): n for dp, dt, n in self.pt_counters})
        if self.level_counters:
            d["counters"] = {**d.get("counters", {}), "level": self.level_counters}
        if self.named_counters:
            d["counters"] = {**d.get("counters", {}), **dict(self.named_counters)}
        if self.until_end_of_turn != (0, 0):
            d["until_end_of_turn"] = pt_change(self.until_end_of_turn)
        if self.keywords_until_end_of_turn:
            d["keywords_until_end_of_turn"] = [keyword_line(k) for k in self.keywords_until_end_of_turn]
        if self.activations_this_turn:
            d["activations_this_turn"] = list(self.activations_this_turn)
        if self.cant_be_blocked_by_power_this_turn is not None:
            d["cant_be_blocked_by_power_this_turn"] = self.cant_be_blocked_by_power_this_turn
        for key in ("damage", "tapped", "summoning_sick", "dashed", "monstrous", "commander", "face_down",
                    "cant_block_this_turn",
                    "cant_be_blocked_this_turn", "attacks_despite_defender_this_turn", "cant_be_regenerated_this_turn",
                    "switched_until_end_of_turn", "renowned", "destroyed_at_end_of_combat",
                    "assigns_no_combat_damage",
                    "regeneration_shields", "prevention_shield", "token",
                    "auras_attached", "equipment_attached"):
            if getattr(self, key):
                d[key] = getattr(self, key)
        if self.exiled_cards:
            d["exiled_cards"] = [c.exiled_data() for c in self.exiled_cards]
        return d

    def exiled_data(self) -> dict[str, JSON]:
        """The docs/situation.md entry of a card exiled with a permanent (`exiled_cards`): its owner and
        characteristics, none of a permanent's state (400.7: it returns as a new object)."""
        d = self.to_data()
        for key in ("controller", "summoning_sick"):
            d.pop(key, None)
        return {"id": d.pop("id"), "owner": self.owner or self.controller, **d}

    def __repr__(self) -> str:
        parts = [repr(self.id), repr(self.controller)]
        if self.power is not None or self.toughness is not None:
            parts.append(f"{self.power}/{self.toughness}")
        if self.types != ("Creature",):
            parts.append("/".join(self.types))
        parts += [repr(line) for line in self.ability_lines]
        if self.name is not None:
            parts.append(f"name={self.name!r}")
        parts += [f"{key}={getattr(self, key)!r}" for key in ("loyalty", "defense", "protector", "paired_with",
                                                                    "chosen_color",
                                                                    "cant_be_blocked_by_power_this_turn")
                  if getattr(self, key) is not None]
        if self.mana_cost is not None:
            parts.append(f"mana_cost={str(self.mana_cost)!r}")
        if self.pt_counters or self.named_counters:
            parts.append(f"counters={self.to_data()['counters']!r}")
        if self.until_end_of_turn != (0, 0):
            parts.append(f"until_end_of_turn={pt_change(self.until_end_of_turn)!r}")
        if self.keywords_until_end_of_turn:
            parts.append(f"keywords_until_end_of_turn={self.keywords_until_end_of_turn!r}")
        if self.activations_this_turn:
            parts.append(f"activations_this_turn={list(self.activations_this_turn)!r}")
        if self.damage:
            parts.append(f"damage={self.damage}")
        parts += [f"face_down={self.face_down!r}"] if self.face_down in FACE_DOWN_BY else []
        if self.regeneration_shields:
            parts.append(f"regeneration_shields={self.regeneration_shields}")
        if self.prevention_shield:
            parts.append(f"prevention_shield={self.prevention_shield}")
        parts += [f"{key}={getattr(self, key)}" for key in ("auras_attached", "equipment_attached")
                  if getattr(self, key)]
        if self.exiled_cards:
            parts.append(f"exiled_cards={list(self.exiled_cards)!r}")
        parts += [key for key in ("tapped", "summoning_sick", "dashed", "monstrous", "commander", "face_down",
                                  "cant_block_this_turn", "cant_be_blocked_this_turn",
                                  "attacks_despite_defender_this_turn", "cant_be_regenerated_this_turn", "renowned",
                                  "switched_until_end_of_turn", "destroyed_at_end_of_combat",
                                  "assigns_no_combat_damage",
                                  "left_battlefield",
                                  "removed_from_combat", "token")
                  if getattr(self, key) is True]
        return f"Permanent({', '.join(parts)})"


def _read(data: Data, players: frozenset[str]) -> Permanent:
    """A permanent entry built in code, read as the first entry of a file's `permanents` would be."""
    r = Reader(None)
    d, pid = read.permanent_entry(r, data, "permanents[0]", players)
    return Permanent(**read.permanent(r, d, "permanents[0]", pid, players, None))


@dataclass(frozen=True)
class Combat:
    """What has been declared: attacks (attacker, target), blocks (blocker, attacker), the next step.

    Built in code, attacks may be a mapping (``{"akroma": "bob"}``) and blocks a mapping to lists
    of attackers, as in a file.

    >>> Combat(attackers={"akroma": "bob"}, blockers={"knight": ["akroma"]}).to_data()
    {'attackers': {'akroma': 'bob'}, 'blockers': {'knight': ['akroma']}}
    """

    attackers: tuple[tuple[str, str], ...] | None = None
    blockers: tuple[tuple[str, str], ...] | None = None
    damage_step: str | None = None
    assignment: tuple[tuple[str, str, int], ...] | None = None
    first_strikers: tuple[str, ...] | None = None  # creatures that dealt first-strike damage (510.4)
    activations: tuple[Activation, ...] = ()  # pump abilities activated so far, judged by `check` (602.2)
    provoked: tuple[tuple[str, str], ...] = ()  # (target, provoker): resolved provoke triggers (702.39a, 509.1c)
    # a resolved "Prevent all combat damage that would be dealt this turn" (615.1a)
    combat_damage_prevented: bool = False

    if TYPE_CHECKING:  # what the constructor accepts: the mappings of a file too
        def __init__(self, attackers: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
                     blockers: Mapping[str, str | Iterable[str]] | Iterable[tuple[str, str]] | None = None,
                     damage_step: str | None = None, assignment: Iterable[tuple[str, str, int]] | None = None,
                     first_strikers: tuple[str, ...] | None = None,
                     activations: Iterable[Activation] = (),
                     provoked: Mapping[str, str | Iterable[str]] | Iterable[tuple[str, str]] = (),
                     combat_damage_prevented: bool = False) -> None: ...

    def __post_init__(self) -> None:
        if isinstance(self.attackers, Mapping):
            object.__setattr__(self, "attackers", tuple(sorted(self.attackers.items())))
        if isinstance(self.blockers, Mapping):
            object.__setattr__(self, "blockers", tuple(sorted((b, a) for b, attacked in self.blockers.items()
                                                              for a in ([attacked] if isinstance(attacked, str)
                                                                        else attacked))))
        for key in ("attackers", "blockers", "assignment"):
            value = getattr(self, key)
            if value is not None and not isinstance(value, tuple):
                object.__setattr__(self, key, tuple(map(tuple, value)))
        if not isinstance(self.activations, tuple):
            object.__setattr__(self, "activations", tuple(self.activations))
        if isinstance(self.provoked, Mapping):
            object.__setattr__(self, "provoked", tuple(sorted((t, a) for t, by in self.provoked.items()
                                                              for a in ([by] if isinstance(by, str) else by))))
        elif not isinstance(self.provoked, tuple):
            object.__setattr__(self, "provoked", tuple(sorted(map(tuple, self.provoked))))

    def to_data(self) -> dict[str, JSON]:
        """The docs/situation.md `combat` mapping (the solver's own `first_strikers` memory is not part of it)."""
        d: Data = {}
        if self.attackers is not None:
            d["attackers"] = dict(self.attackers)
        if self.blockers is not None:
            blocks: dict[str, list[str]] = {}
            for b, a in self.blockers:
                blocks.setdefault(b, []).append(a)
            d["blockers"] = blocks
        if self.damage_step is not None:
            d["damage_step"] = self.damage_step
        if self.assignment is not None:
            d["assignment"] = [list(t) for t in self.assignment]
        if self.activations:
            d["activations"] = [a.to_json() for a in self.activations]
        if self.provoked:
            provoked: dict[str, list[str]] = {}
            for t, a in self.provoked:
                provoked.setdefault(t, []).append(a)
            d["provoked"] = provoked
        if self.combat_damage_prevented:
            d["combat_damage_prevented"] = True
        return d


@dataclass(frozen=True)
class Goal:
    """A `verify` goal (docs/verify.md): kind is lethal, destroy, survive, all or any.

    >>> Goal("all", parts=(Goal("lethal", "bob"), Goal("survive", ["akroma"]))).to_data()
    {'all': [{'lethal': 'bob'}, {'survive': ['akroma']}]}
    """

    kind: str
    targets: tuple[str, ...] = ()
    parts: tuple[Goal, ...] = ()

    if TYPE_CHECKING:  # what the constructor accepts: one target as a string, lists
        def __init__(self, kind: str, targets: str | Iterable[str] = (), parts: Iterable[Goal] = ()) -> None: ...

    def __post_init__(self) -> None:
        if isinstance(self.targets, str):  # Goal("lethal", "bob")
            object.__setattr__(self, "targets", (self.targets,))
        for key in ("targets", "parts"):
            if not isinstance(getattr(self, key), tuple):
                object.__setattr__(self, key, tuple(getattr(self, key)))

    def to_data(self) -> dict[str, JSON]:
        """The docs/verify.md goal mapping."""
        if self.kind == "lethal":
            return {"lethal": self.targets[0] if len(self.targets) == 1 else list(self.targets)}
        if self.kind in ("destroy", "survive"):
            return {self.kind: list(self.targets)}
        return {self.kind: [g.to_data() for g in self.parts]}


@dataclass(frozen=True, repr=False)
class Situation:
    """One board: players in turn order, the active player, permanents, combat so far (docs/situation.md).

    Built in code, players may be given by name, and lines of its permanents that name a player
    ("Protection from bob", 702.16a) are parsed against its players; the checks of the whole board
    (ids, references, totals: docs/situation.md) are the loader's, :func:`pysolver.load_data`.
    :meth:`game` is the combat from here as a game tree (:mod:`pysolver.game.gametree`).

    >>> from pysolver import Situation, Player, Permanent, load_data   # (doctests run a copy of this module)
    >>> s = Situation(players=(Player("alice"), Player("bob")), active="alice",
    ...               permanents=(Permanent("bear", "alice", power=2, toughness=2, abilities=("Trample",)),))
    >>> s
    <Situation alice 20, bob 20; active alice; bear 2/2 trample (alice)>
    >>> load_data(s.to_data()) == s
    True
    >>> s.permanent("nope")
    Traceback (most recent call last):
    ...
    KeyError: "no permanent with id 'nope' (ids: bear)"
    """

    players: tuple[Player, ...]
    active: str
    permanents: tuple[Permanent, ...]
    combat: Combat = field(default_factory=Combat)
    goal: Goal | None = None
    source: str | None = field(default=None, compare=False)
    objective: Objective | None = None  # what `best` plays for (docs/best.md)

    def __post_init__(self) -> None:
        if not isinstance(self.players, tuple) or any(not isinstance(p, Player) for p in self.players):
            object.__setattr__(self, "players", tuple(p if isinstance(p, Player) else Player(p) for p in self.players))
        if not isinstance(self.permanents, tuple) or any(p.unchecked for p in self.permanents):
            names = self.player_names
            object.__setattr__(self, "permanents",
                               tuple(p.with_players(names, i) for i, p in enumerate(self.permanents)))

    def to_data(self) -> dict[str, JSON]:
        """The docs/situation.md mapping of this board (defaults left out): ``pysolver.load_data(s.to_data()) == s``."""
        d: Data = {"players": [p.to_data() if isinstance(p, Player) else {"name": p} for p in self.players],
                   "active": self.active,
                   "permanents": [p.to_data() for p in self.permanents]}
        combat = self.combat.to_data()
        if combat:
            d["combat"] = combat
        if self.goal is not None:
            d["goal"] = self.goal.to_data()
        if self.objective is not None:
            d["objective"] = self.objective.to_data()
        return d

    def dump(self, path: str | Path) -> Path:
        """Write the board as a situation file (YAML; JSON if `path` ends in ``.json``) and return
        the path, so that ``pysolver.load(s.dump(p)) == s``.

        >>> import tempfile, pathlib
        >>> from pysolver import load
        >>> s = load("examples/megamorph.yaml")
        >>> load(s.dump(pathlib.Path(tempfile.mkdtemp()) / "board.json")).to_data() == s.to_data()
        True
        """
        import yaml  # only when a board is written: building one in code needs no YAML

        path = Path(path)
        data = self.to_data()
        text = json.dumps(data, indent=2) + "\n" if path.suffix == ".json" else \
            yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
        path.write_text(text, encoding="utf-8")
        return path

    def permanent(self, pid: str) -> Permanent:
        """The permanent with this id; a :class:`KeyError` naming the ids there are if none."""
        for p in self.permanents:
            if p.id == pid:
                return p
        raise KeyError(f"no permanent with id {pid!r} (ids: {', '.join(p.id for p in self.permanents)})")

    def player(self, name: str) -> Player:
        """The player with this name; a :class:`KeyError` naming the players if none.

        >>> from pysolver import load
        >>> load("examples/megamorph.yaml").player("bob")
        Player('bob', life=20, mana='{U}')
        """
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(f"no player named {name!r} (players: {', '.join(p.name for p in self.players)})")

    @property
    def player_names(self) -> frozenset[str]:
        """The players' names."""
        return frozenset(p.name for p in self.players)

    def with_combat(self, **changes: Any) -> Situation:
        """A copy with some combat fields replaced, validated as a file's `combat` would be
        (508.1a, 508.1b, 509.1a, 510.1): an attacker that is not on the board is refused.

        >>> from pysolver import load
        >>> s = load("examples/megamorph.yaml").with_combat(attackers=(("ghost", "bob"),))
        Traceback (most recent call last):
        ...
        pysolver.errors.InputError: examples/megamorph.yaml: combat.attackers.ghost: 'ghost' is not the id of a permanent
        """  # noqa: E501 (doctest output is one line)
        combat = replace(self.combat, **changes)
        read.combat(Reader(self.source), combat.to_data(), self.active, self.player_names,
                    {p.id: p for p in self.permanents})
        return replace(self, combat=combat)

    def __repr__(self) -> str:
        players = ", ".join(f"{p.name} {p.life}" + (f" {p.mana}" if p.mana.total else "") for p in self.players)
        perms = ", ".join(_short(p) for p in self.permanents)
        combat = self.combat
        parts = [players, f"active {self.active}", perms or "no permanents"]
        if combat.attackers is not None:
            parts.append("attacks " + (", ".join(f"{a}->{t}" for a, t in combat.attackers) or "none"))
        if combat.blockers is not None:
            parts.append("blocks " + (", ".join(f"{b}->{a}" for b, a in combat.blockers) or "none"))
        if self.goal is not None:
            parts.append(f"goal {self.goal.to_data()}")
        return f"<Situation {'; '.join(parts)}>"

    def game(self) -> Position:
        """The whole rest of the combat as a game tree (:mod:`pysolver.game.gametree`), from the point this
        situation is at: ``legal_moves`` (declarations, face-up turns and passes in each priority
        window, each damage step's halves, 510.1), ``push(move)``, ``to_move()``, ``is_end()``.

        >>> from pysolver import Pass, load
        >>> p = load("examples/megamorph.yaml").game()
        >>> str(p.stage), p.to_move()
        ('after_attackers', 'active')
        >>> q = p.push(Pass("after_attackers", "alice"))
        >>> [m.to_json() for m in q.legal_moves][1]
        {'window': 'after_attackers', 'permanent': 'flock', 'cost': '{U}'}
        """
        from ..game.gametree import root
        return root(self)

    def to_svg(self) -> str:
        """The board as an SVG picture (:func:`pysolver.output.svg.board_svg`, ``pysolver show``)."""
        from ..output.svg import board_svg
        return board_svg(self)

    def _repr_svg_(self) -> str:
        return self.to_svg()


def _short(p: Permanent) -> str:
    """`bear 2/2 trample (alice)`: id, P/T, keywords, controller, state (face down: a 2/2, 708.2a)."""
    words = [p.id]
    if p.face_down:
        words.append("2/2")
    elif p.power is not None:
        words.append(f"{p.power}/{p.toughness}")
    if not p.is_creature:
        words.append("/".join(p.types).lower())
    words += [] if p.face_down else [a.kind.replace("_", " ") for a in p.abilities if a.value is None]
    words += [s for s in ("tapped", "face-down") if getattr(p, s.replace("-", "_"))]
    if p.left_battlefield:
        words.append("gone")
    return " ".join(words) + f" ({p.controller})"
