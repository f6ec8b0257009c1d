"""The fields of docs/situation.md read one by one, strictly: typed access with error paths.

Each reader checks one field or entry and returns plain values; a problem is an
:class:`~pysolver.errors.InputError` naming the file, the field path and what is wrong. The
typed model's constructors (:mod:`pysolver.model.situation`) and the loader
(:mod:`pysolver.files.loader`, which adds the board-level checks: duplicate ids, card pools,
players that exist, totals) read with the same functions, so a field has one set of messages.

>>> r = Reader("board.yaml")
>>> r.integer(3, "players[0].life", "life")
3
>>> r.name("2bob", "players[1].name")
Traceback (most recent call last):
...
pysolver.errors.InputError: board.yaml: players[1].name: '2bob' is not a valid name ([A-Za-z][A-Za-z0-9_-]*)
>>> name, life, mana, poison, zones, shield, types = player(Reader(None), {"name": "alice", "mana": "{R}", "hand": 3},
...                                                         "player")
>>> name, life, str(mana), poison, zones, shield, types
('alice', 20, '{R}', 0, {'hand': 3}, 0, None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple, Protocol, cast

from ..errors import InputError
from . import numbers
from .abilities import (
    CHOSEN_COLOR,
    COLOR_LETTERS,
    COLORS,
    COUNTER_NAME,
    GRANTABLE,
    KEYWORDS,
    MORPHS,
    PREVENTED_THIS_TURN,
    PREVENTIONS,
    RULED_COUNTERS,
    STATICS,
    Ability,
    CombatAbility,
    Pump,
    Static,
    given_walk,
    keyword_line,
    normalise,
    parse_ability_line,
)
from .mana import Mana
from .moves import Activation
from .numbers import quote as q
from .stage import ACTIVATION_WINDOWS

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")  # 110.4: permanent types
STEPS = ("first_strike", "regular")  # 510.4: the combat damage steps
FACE_DOWN_BY = ("manifest", "cloak")  # face_down besides true: put onto the battlefield face down (701.40a, 701.58a)
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
PLAYER_KEYS = {"name", "life", "mana", "poison", "hand", "graveyard", "graveyard_creatures", "prevention_shield",
               "graveyard_types", "energy", "citys_blessing"}
# 205.2a: the card types a card in a graveyard may have (written in lower case)
GRAVEYARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker",
                   "sorcery")
PERMANENT_KEYS = {"id", "controller", "owner", "card", "name", "types", "subtypes", "colors", "power",
                  "toughness", "loyalty", "defense", "protector", "abilities", "counters", "damage",
                  "tapped", "summoning_sick", "face_down", "until_end_of_turn", "mana_cost", "cant_block_this_turn",
                  "cant_be_blocked_this_turn", "attacks_despite_defender_this_turn", "cant_be_regenerated_this_turn",
                  "cant_be_blocked_by_power_this_turn", "switched_until_end_of_turn",
                  "assigns_no_combat_damage", "renowned", "destroyed_at_end_of_combat",
                  "regeneration_shields", "prevention_shield",
                  "keywords_until_end_of_turn", "activations_this_turn", "dashed", "monstrous", "paired_with", "token",
                  "chosen_color", "commander", "auras_attached", "equipment_attached",
                  "exiled_cards"}
# 406.6, 607.2a: a card exiled with a permanent (`exiled_cards`): its owner and characteristics, no state (400.7)
EXILED_CARD_KEYS = {"id", "owner", "name", "mana_cost", "types", "subtypes", "colors", "power", "toughness",
                    "abilities"}
COMBAT_KEYS = {"attackers", "blockers", "damage_step", "assignment", "activations", "provoked",
               "combat_damage_prevented"}
ACTIVATION_KEYS = {"window", "permanent", "times", "ability"}
# the keys of `counters`: P/T counter kinds such as +1/+1, +1/+0, -0/-1 (122.1a), level, and a named kind (NAME)
COUNTERS = ("+X/+Y", "level", "NAME")
COUNTER_KIND = re.compile(r"([+-])(\d+)/([+-])(\d+)")
PT_CHANGE = re.compile(r"([+-][0-9]+)/([+-][0-9]+)")  # "+X/+Y", as until_end_of_turn (613.4c)
MAX_TEXT = 1000  # characters of any one string field (docs/limits.md)
YAML_BOOLEAN = ' (YAML reads on/off/yes/no as true/false: write "on" in quotes)'  # YAML 1.1 booleans


class Level(NamedTuple):
    """One striation of a leveler card (711.2): "LEVEL `low`-`high`" (`high` None: "LEVEL `low`+"), its power and
    toughness box and its ability lines; the permanent has them as long as its level counters are in the range."""

    low: int
    high: int | None
    power: int
    toughness: int
    lines: tuple[str, ...]


class CardFace(Protocol):
    """What a card gives a permanent by default (:class:`pysolver.files.cards.Card`)."""

    @property
    def name(self) -> str: ...
    @property
    def types(self) -> tuple[str, ...]: ...
    @property
    def subtypes(self) -> tuple[str, ...]: ...
    @property
    def colors(self) -> tuple[str, ...]: ...
    @property
    def power(self) -> int | None: ...
    @property
    def toughness(self) -> int | None: ...
    @property
    def loyalty(self) -> int | None: ...
    @property
    def defense(self) -> int | None: ...
    @property
    def lines(self) -> tuple[str, ...]: ...
    @property
    def levels(self) -> tuple[Level, ...]: ...
    @property
    def unmodelled(self) -> tuple[str, ...]: ...
    @property
    def mana_cost(self) -> str: ...


class OnBoard(Protocol):
    """What the combat's checks read of a permanent (:class:`pysolver.model.situation.Permanent`)."""

    @property
    def id(self) -> str: ...
    @property
    def controller(self) -> str: ...
    @property
    def types(self) -> tuple[str, ...]: ...
    @property
    def protector(self) -> str | None: ...
    @property
    def is_creature(self) -> bool: ...


class Reader:
    """Typed field access with error paths for one file (None: data built in code)."""

    def __init__(self, file: str | None) -> None:
        self.file = file

    @property
    def from_yaml(self) -> bool:
        """Whether the data may come from the YAML loader: a file, not ``.json`` (batch lines and data
        built in code have no file)."""
        return self.file is not None and not self.file.endswith(".json")

    def fail(self, path: str, message: str) -> InputError:
        return InputError(self.file, path, message)

    def mapping(self, value: Any, path: str, allowed: set[str] | None) -> dict[str, Any]:
        """A mapping whose keys are all in `allowed` (None: keys are checked by the caller)."""
        if not isinstance(value, dict):
            raise self.fail(path, f"expected a mapping, got {kind(value)}")
        for key in value:
            if allowed is not None and key not in allowed:
                raise self.fail(f"{path}.{key}" if path else str(key),
                                f"unknown key (allowed: {', '.join(sorted(allowed))})")
        return value

    def listing(self, value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {kind(value)}")
        return value

    def integer(self, value: Any, path: str, kind_of: str) -> int:
        """An integer within the range of its kind (:data:`pysolver.model.numbers.RANGES`)."""
        if isinstance(value, bool) or not isinstance(value, (int, numbers.Oversized)):
            raise self.fail(path, f"expected an integer, got {kind(value)}")
        problem = numbers.problem(value, kind_of)
        if problem is not None:
            raise self.fail(path, problem)
        return value  # type: ignore[return-value]

    def boolean(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, got {kind(value)}")
        return value

    def text(self, value: Any, path: str) -> str:
        """A string of at most :data:`MAX_TEXT` characters. YAML 1.1 reads a bare ``on``, ``off``,
        ``yes``, ``no``, ``y``, ``n``, ``true``, ``false`` as a boolean: where one comes from a YAML file
        (any file but ``.json``), the message says to quote it.

        >>> Reader("board.yaml").text(True, "permanents[0].id")  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        pysolver.errors.InputError: board.yaml: permanents[0].id: expected a string, got a boolean
            (YAML reads on/off/yes/no as true/false: write "on" in quotes)
        """
        if not isinstance(value, str):
            hint = YAML_BOOLEAN if isinstance(value, bool) and self.from_yaml else ""
            raise self.fail(path, f"expected a string, got {kind(value)}{hint}")
        if len(value) > MAX_TEXT:
            raise self.fail(path, f"longer than {MAX_TEXT} characters: {q(value)} (docs/limits.md)")
        return value

    def name(self, value: Any, path: str) -> str:
        text = self.text(value, path)
        if not NAME.fullmatch(text):
            raise self.fail(path, f"{q(text)} is not a valid name ([A-Za-z][A-Za-z0-9_-]*)")
        return text


def kind(value: Any) -> str:
    """What a value is, in the words of the messages ("a mapping", "a string ('x')")."""
    return {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", numbers.Oversized: "an integer",
            int: "an integer", float: "a number", type(None): "nothing"}.get(type(value), type(value).__name__) \
        + (f" ({q(value)})" if isinstance(value, (str, int, float, numbers.Oversized))
           and not isinstance(value, bool) else "")


# ---- players ---------------------------------------------------------------------------------------

def player(r: Reader, raw: Any, path: str) -> tuple[str, int, Mana, int, dict[str, int], int,
                                                 tuple[str, ...] | None]:
    """One player entry: name, life, mana, poison counters (122.1f), the card counts stated (hand,
    graveyard, graveyard_creatures: 402.1, 404.1), the prevention shield (615.7) and the card types among
    the graveyard's cards (205.2a), if stated."""
    d = r.mapping(raw, path, PLAYER_KEYS)
    if "name" not in d:
        raise r.fail(f"{path}.name", "missing (required)")
    name = r.name(d["name"], f"{path}.name")
    mana = Mana()
    if d.get("mana") is not None:
        text = r.text(d["mana"], f"{path}.mana")  # an InputError already names the file and field
        try:
            mana = Mana.parse(text, is_pool=True)
        except ValueError as exc:  # the symbol not understood
            raise r.fail(f"{path}.mana", str(exc)) from None
        check_mana(r, mana, f"{path}.mana")
    poison = r.integer(d.get("poison", 0), f"{path}.poison", "poison")  # 122.1f
    zones = {key: r.integer(d[key], f"{path}.{key}", "cards") for key in ("hand", "graveyard", "graveyard_creatures")
             if d.get(key) is not None}
    if zones.get("graveyard_creatures", 0) > zones.get("graveyard", numbers.MAX_VALUE):
        raise r.fail(f"{path}.graveyard_creatures", "more creature cards than cards in the graveyard")
    shield = r.integer(d.get("prevention_shield", 0), f"{path}.prevention_shield", "prevention_shield")  # 615.7
    types = None
    if d.get("graveyard_types") is not None:  # each type once, in the order of 205.2a
        found = {t.lower() for t in enum_list(r, d["graveyard_types"], f"{path}.graveyard_types", GRAVEYARD_TYPES)}
        types = tuple(t for t in GRAVEYARD_TYPES if t in found)
    return name, r.integer(d.get("life", 20), f"{path}.life", "life"), mana, poison, zones, shield, types


def energy(r: Reader, raw: Any, path: str) -> int:
    """The energy counters of one player entry (107.14, 122.1: "{E}" paid by removing them), default 0.

    >>> energy(Reader(None), {"name": "alice", "energy": 2}, "player")
    2
    """
    return r.integer(r.mapping(raw, path, PLAYER_KEYS).get("energy", 0), f"{path}.energy", "energy")


def citys_blessing(r: Reader, raw: Any, path: str) -> bool:
    """Whether the player of one player entry has the city's blessing (702.131b-c), default false.

    >>> citys_blessing(Reader(None), {"name": "alice", "citys_blessing": True}, "player")
    True
    """
    value = r.mapping(raw, path, PLAYER_KEYS).get("citys_blessing", False)
    return r.boolean(value, f"{path}.citys_blessing") if value is not None else False


# ---- permanents ------------------------------------------------------------------------------------

def permanent_entry(r: Reader, raw: Any, path: str, players: frozenset[str]) -> tuple[dict[str, Any], str]:
    """A permanent entry's mapping and its id: a valid name, not a player's (the keys checked)."""
    d = r.mapping(raw, path, PERMANENT_KEYS)
    for key in ("id", "controller"):
        if key not in d:
            raise r.fail(f"{path}.{key}", "missing (required)")
    pid = r.name(d["id"], f"{path}.id")
    if pid in players:
        raise r.fail(f"{path}.id", f"id {q(pid)} is also a player's name")
    return d, pid


def permanent(r: Reader, d: dict[str, Any], path: str, pid: str, players: frozenset[str],
              card: CardFace | None) -> dict[str, Any]:
    """The fields of a permanent entry, as keyword arguments of
    :class:`~pysolver.model.situation.Permanent`: each read from the entry, else from the `card`
    (its lines parsed with :func:`~pysolver.model.abilities.parse_ability_line`); player
    references among `players`; the numbers its card types need (208, 306.5b, 310.4)."""
    def player_ref(key: str) -> str:
        name = r.text(d[key], f"{path}.{key}")
        if name not in players:
            raise r.fail(f"{path}.{key}", f"{q(name)} is not one of the players")
        return name

    def field(key: str, read: Callable[[Any, str], Any], default: Any) -> Any:
        if d.get(key) is not None:
            return read(d[key], f"{path}.{key}")
        return default

    types = tuple(field("types", lambda v, p: enum_list(r, v, p, CARD_TYPES), card.types if card else ("Creature",)))
    subtypes = tuple(field("subtypes", lambda v, p: [r.text(x, f"{p}[{j}]") for j, x in enumerate(r.listing(v, p))],
                           card.subtypes if card else ()))
    colors = tuple(field("colors", lambda v, p: _colors(r, v, p), card.colors if card else ()))

    def number(key: str) -> int | None:
        """A printed number from the file, else from the card (checked all the same: docs/engines.md, §6)."""
        if d.get(key) is not None:
            return r.integer(d[key], f"{path}.{key}", key)
        value: int | None = getattr(card, key) if card else None
        problem = numbers.problem(value, key) if value is not None else None
        if problem is not None:
            assert card is not None
            raise r.fail(f"{path}.card", f"card {q(card.name)}: {key} {problem}")
        return value

    counters, level, named = _pt_counters(r, d["counters"], f"{path}.counters") if d.get("counters") is not None \
        else ((), 0, ())
    striation = leveled(card, level)
    power, toughness, loyalty, defense = (number(k) for k in ("power", "toughness", "loyalty", "defense"))
    if striation is not None:  # 711.2a-b: the base power and toughness of its level (unless the file gives them)
        power = power if d.get("power") is not None else striation.power
        toughness = toughness if d.get("toughness") is not None else striation.toughness
    name = field("name", r.text, card.name if card else None)
    line_list = field("abilities", lambda v, p: [r.text(x, f"{p}[{j}]") for j, x in enumerate(r.listing(v, p))],
                      None)
    lines = tuple(line_list) if line_list is not None else \
        (card.lines + (striation.lines if striation else ()) if card else ())
    # A card's own lines name the card (docs/abilities.md), even where the file gives the permanent another name.
    from_card = card.name if card is not None and line_list is None else None
    abilities = ability_lines(r, lines, path, pid, from_card or name, players, from_card)
    chosen = field("chosen_color", lambda v, p: _chosen_color(r, v, p), None)
    abilities = _with_chosen_color(r, abilities, chosen, path, pid)
    face_down = field("face_down", lambda v, p: _face_down(r, v, p), False)
    fields = dict(
        id=pid, controller=player_ref("controller"),
        owner=player_ref("owner") if d.get("owner") is not None else None,
        name=name, types=types, subtypes=subtypes, colors=colors, power=power, toughness=toughness,
        loyalty=loyalty, defense=defense,
        protector=player_ref("protector") if d.get("protector") is not None else None,
        abilities=abilities, ability_lines=lines,
        unmodelled=card.unmodelled if card and line_list is None else (),
        damage=field("damage", lambda v, p: r.integer(v, p, "damage"), 0),
        tapped=field("tapped", r.boolean, False),
        summoning_sick=field("summoning_sick", r.boolean, False),
        dashed=field("dashed", r.boolean, False),
        monstrous=field("monstrous", r.boolean, False),
        commander=field("commander", r.boolean, False),  # 903.3: an attribute of the card
        paired_with=field("paired_with", r.text, None),  # 702.95b (files.loader: a creature that names it back)
        chosen_color=chosen,  # 614.12
        face_down=face_down,
        mana_cost=_mana_cost(r, d["mana_cost"], f"{path}.mana_cost") if d.get("mana_cost") is not None
        else _mana_cost(r, card.mana_cost, f"{path}.card", f"card {q(card.name)}: ")
        if card and card.mana_cost and face_down in FACE_DOWN_BY
        else _card_cost(card),
        cant_block_this_turn=field("cant_block_this_turn", r.boolean, False),
        cant_be_blocked_this_turn=field("cant_be_blocked_this_turn", r.boolean, False),
        cant_be_blocked_by_power_this_turn=field(  # 509.1b, 611.2a
            "cant_be_blocked_by_power_this_turn",
            lambda v, p: r.integer(v, p, "cant_be_blocked_by_power_this_turn"), None),
        attacks_despite_defender_this_turn=field("attacks_despite_defender_this_turn", r.boolean, False),  # 702.3b
        cant_be_regenerated_this_turn=field("cant_be_regenerated_this_turn", r.boolean, False),  # 701.19c
        switched_until_end_of_turn=field("switched_until_end_of_turn", r.boolean, False),  # 613.4d
        assigns_no_combat_damage=field("assigns_no_combat_damage", r.boolean, False),  # 510.1a, 611.2a
        renowned=field("renowned", r.boolean, False),  # 702.112b
        destroyed_at_end_of_combat=field("destroyed_at_end_of_combat", r.boolean, False),  # 603.7a
        regeneration_shields=field("regeneration_shields",
                                   lambda v, p: r.integer(v, p, "regeneration_shields"), 0),  # 701.19a
        token=field("token", r.boolean, False),  # 111.1
        prevention_shield=field("prevention_shield", lambda v, p: r.integer(v, p, "prevention_shield"), 0),  # 615.7
        auras_attached=field("auras_attached", lambda v, p: r.integer(v, p, "attached"), 0),  # 303.4
        equipment_attached=field("equipment_attached", lambda v, p: r.integer(v, p, "attached"), 0),  # 301.5
        pt_counters=counters, level_counters=level, named_counters=named,
        until_end_of_turn=field("until_end_of_turn", lambda v, p: _pt_change(r, v, p), (0, 0)),
        keywords_until_end_of_turn=field("keywords_until_end_of_turn", lambda v, p: _keywords(r, v, p), ()),
        activations_this_turn=field("activations_this_turn", lambda v, p: _activation_counts(r, v, p), ()),
        exiled_cards=field("exiled_cards", lambda v, p: exiled_cards(r, v, p, players), ()))  # 406.6, 607.2a
    _check_characteristics(r, fields, path)
    return fields


def exiled_cards(r: Reader, value: Any, path: str, players: frozenset[str]) -> tuple[dict[str, Any], ...]:
    """The cards exiled with a permanent (406.6, 607.2a), each as keyword arguments of
    :class:`~pysolver.model.situation.Permanent`: the permanent it would be once returned (400.7: a new
    object under its owner's control, 110.2; summoning sick, 302.6), read like a permanent entry of its own.

    >>> (c,) = exiled_cards(Reader(None), [{"id": "bear", "owner": "bob", "power": 2, "toughness": 2}],
    ...                     "permanents[0].exiled_cards", frozenset({"bob"}))
    >>> c["controller"], c["summoning_sick"], c["power"]
    ('bob', True, 2)
    """
    cards = []
    for j, raw in enumerate(r.listing(value, path)):
        where = f"{path}[{j}]"
        d = r.mapping(raw, where, EXILED_CARD_KEYS)
        for key in ("id", "owner"):
            if key not in d:
                raise r.fail(f"{where}.{key}", "missing (required)")
        if r.text(d["owner"], f"{where}.owner") not in players:
            raise r.fail(f"{where}.owner", f"{q(d['owner'])} is not one of the players")
        entry, pid = permanent_entry(r, {**d, "controller": d["owner"]}, where, players)
        cards.append({**permanent(r, entry, where, pid, players, None), "summoning_sick": True})
    return tuple(cards)


def _chosen_color(r: Reader, value: Any, path: str) -> str:
    """A color chosen as the permanent entered (614.12, 105.1): white, blue, black, red or green."""
    text = r.text(value, path)
    if text not in COLORS:
        raise r.fail(path, f"{text!r} is no color (105.1: white, blue, black, red or green)")
    return text


def _with_chosen_color(r: Reader, abilities: tuple[Ability, ...], chosen: str | None, path: str,
                       pid: str) -> tuple[Ability, ...]:
    """The abilities with "the chosen color" (614.12: "As ~ enters, choose a color") read as the permanent's
    `chosen_color` — "protection from the chosen color", its own or one it grants ("All Slivers have protection
    from the chosen color"); without a `chosen_color` such a line is refused."""
    def chosen_in(a: Ability) -> Ability:
        if a.kind == "protection" and a.value == CHOSEN_COLOR:
            if chosen is None:
                raise r.fail(f"{path}.chosen_color", f"permanent {q(pid)} has an ability that reads the color chosen "
                             "as it entered (614.12): give its chosen_color")
            return replace(a, value=f"color({chosen})")
        granted = getattr(a.value, "granted", None) if a.kind in STATICS else None
        return replace(a, value=replace(cast(Static, a.value), granted=chosen_in(granted))) if granted is not None \
            else a
    return tuple(chosen_in(a) for a in abilities)


def ability_lines(r: Reader, lines: Iterable[str], path: str, pid: str, self_name: str | None,
                  players: frozenset[str], card: str | None = None) -> tuple[Ability, ...]:
    """The docs/abilities.md lines of the permanent `pid` parsed (``~`` and its name are
    `self_name`; a quality may be one of `players`, 702.16a) and their numbers checked; `card`: the
    name of the card the lines are from (the field path is then the entry's ``card``).

    >>> ability_lines(Reader(None), ["Flying", "Protection from bob"], "x", "x", None, frozenset({"bob"}))[1].term
    'protection(player("bob"))'
    """
    abilities: list[Ability] = []
    for j, line in enumerate(lines):
        where = f"{path}.abilities[{j}]" if card is None else f"{path}.card"
        try:
            parsed = parse_ability_line(line, self_name, players)
        except ValueError as exc:
            if card is None:
                raise r.fail(where, f"permanent {q(pid)}: {exc}") from None
            raise r.fail(where, f"permanent {q(pid)} (card {q(card)}): {exc}") from None
        for ability in parsed:
            check_ability(r, ability, where)
        abilities.extend(parsed)
    return tuple(abilities)


def counter_kind(dp: int, dt: int) -> str:
    """The name of the P/T counter kind that adds (dp, dt) (122.1a): both signs the same, a zero
    taking the sign of the other number.

    >>> counter_kind(1, 1), counter_kind(1, 0), counter_kind(0, -1), counter_kind(-2, -1)
    ('+1/+1', '+1/+0', '-0/-1', '-2/-1')
    """
    sign = "-" if dp < 0 or dt < 0 else "+"
    return f"{sign}{abs(dp)}/{sign}{abs(dt)}"


def pt_change(change: tuple[int, ...]) -> str:
    """A change of power and toughness as written in files and on cards, ``+X/+Y`` (613.4c).

    >>> pt_change((3, 0)), pt_change((-1, -2))
    ('+3/+0', '-1/-2')
    """
    return "/".join(f"{n:+d}" for n in change)


def _face_down(r: Reader, value: Any, path: str) -> bool | str:
    """`face_down`: true or false, or how the permanent was put onto the battlefield face down:
    ``manifest`` (701.40a) or ``cloak`` (701.58a)."""
    if not isinstance(value, bool) and value not in FACE_DOWN_BY:
        raise r.fail(path, f"expected true, false, {' or '.join(FACE_DOWN_BY)}, got {kind(value)}")
    return value  # type: ignore[no-any-return]


def _mana_cost(r: Reader, value: Any, path: str, card: str = "") -> Mana:
    """A mana cost (202.1): mana symbols such as ``{2}{U}``, at least one; {X} is not supported (107.3).
    `card` begins a message about a card's mana cost."""
    text = r.text(value, path)
    if "{x}" in text.lower():
        raise r.fail(path, f"{card}mana cost {q(text)}: costs with {{X}} (107.3) are not supported")
    if not text.strip():
        raise r.fail(path, "a mana cost needs at least one mana symbol, such as {0} or {2}{U} (202.1)")
    try:
        cost = Mana.parse(text)
    except ValueError as exc:
        raise r.fail(path, f"{card}{exc}") from None
    check_mana(r, cost, path)
    return cost


def _pt_change(r: Reader, value: Any, path: str) -> tuple[int, int]:
    """A change of power and toughness until end of turn, ``"+X/+Y"`` (613.4c, layer 7c), each in range."""
    text = r.text(value, path)
    m = PT_CHANGE.fullmatch(text)
    if m is None:
        raise r.fail(path, f"write a change of power and toughness as \"+X/+Y\" (signed), got {q(text)}")
    x, y = (r.integer(numbers.parse_int(g), path, "until_end_of_turn") for g in m.groups())
    return x, y


def _keywords(r: Reader, value: Any, path: str) -> tuple[str, ...]:
    """`keywords_until_end_of_turn`: the keyword lines resolved pumps gave the permanent until end of
    turn (613.1f, layer 6), as sorted kinds; only keywords a pump line can give
    (:data:`pysolver.model.abilities.GRANTABLE`) or a landwalk (702.14a), and the prevention effects for the turn
    of resolved "Prevent all … damage that would be dealt to / by <it> this turn" (615.1a,
    :data:`pysolver.model.abilities.PREVENTED_THIS_TURN`), written as the static line of the same words.

    >>> _keywords(Reader(None), ["Flying", "first strike", "Prevent all damage that would be dealt to ~"], "p")
    ('first_strike', 'flying', 'prevent_damage_to')
    >>> _keywords(Reader(None), ["Forestwalk"], "p")  # 702.14a: a landwalk, by its land type
    ('forestwalk',)
    """
    kinds = []
    given = GRANTABLE | frozenset(PREVENTED_THIS_TURN)
    for j, x in enumerate(r.listing(value, path)):
        line = r.text(x, f"{path}[{j}]")
        text = normalise(line, None)
        kind = KEYWORDS.get(text) or PREVENTIONS.get(text) or (text if given_walk(text) else None)  # 702.14a
        if kind is None or kind not in given and not given_walk(kind):
            raise r.fail(f"{path}[{j}]", f"{q(line)} is not a keyword a pump gives until end of turn (one of "
                                         f"{', '.join(sorted(keyword_line(k) for k in GRANTABLE))} or <land "
                                         f"type>walk; 613.1f) nor a "
                                         f"prevention effect for the turn (one of "
                                         f"{', '.join(sorted(keyword_line(k) for k in PREVENTED_THIS_TURN))}; 615.1a)")
        kinds.append(kind)
    return tuple(sorted(set(kinds)))


def _activation_counts(r: Reader, value: Any, path: str) -> tuple[int, ...]:
    """`activations_this_turn`: how many times each pump ability was activated this turn, in the order of
    the permanent's pump abilities (602.5b), without trailing zeros.

    >>> _activation_counts(Reader(None), [1, 0, 0], "p")
    (1,)
    """
    counts = [r.integer(x, f"{path}[{j}]", "activations_this_turn") for j, x in enumerate(r.listing(value, path))]
    while counts and not counts[-1]:
        counts.pop()
    return tuple(counts)


def leveled(card: CardFace | None, level: int) -> Level | None:
    """The striation of a leveler card (711.2a-b) that `level` level counters are in, or None (711.5: fewer than
    the first one's N1, the card's uppermost power and toughness and no striation's abilities)."""
    for striation in card.levels if card else ():
        if striation.low <= level and (striation.high is None or level <= striation.high):
            return striation
    return None


def _pt_counters(r: Reader, value: Any, path: str) -> tuple[tuple[tuple[int, int, int], ...], int,
                                                             tuple[tuple[str, int], ...]]:
    """`counters`: how many counters of each P/T kind "+X/+Y" or "-X/-Y" (122.1a), as sorted (dp, dt, n), how
    many level counters (``level``: 711.2, 702.87a; none move in combat, level up is a sorcery's), and how many
    of each named kind (122.1: spore, fade, age, …), as sorted (name, n).

    A kind is written as :func:`counter_kind` names it ("-0/-1", not "+0/-1"), so that one
    kind has one key; the magnitudes of what a permanent's counters add to its power (and to its
    toughness) sum to at most 2·10^6 (docs/limits.md), so no product or sum in the encodings wraps.
    A named counter has no effect of its own (122.1): only the abilities that name it read it (a cost that
    removes it, 602.1a); the names a rule gives an effect or another meaning (:data:`RULED_COUNTERS`) are refused.
    """
    counts = []
    level = 0
    named = []
    for key, n in r.mapping(value, path, None).items():
        if key == "level":
            level = r.integer(n, f"{path}.{key}", "counters")
            continue
        if isinstance(key, str) and COUNTER_NAME.fullmatch(key):
            if key in RULED_COUNTERS:
                raise r.fail(f"{path}.{key}", f"{key} counters have an effect of their own or are another field's "
                                              f"number ({RULED_COUNTERS[key]}): not modelled as a named counter")
            if amount := r.integer(n, f"{path}.{key}", "counters"):
                named.append((key, amount))
            continue
        unknown = r.fail(f"{path}.{key}", "unknown key: not a P/T counter kind +X/+Y or -X/-Y, such as +1/+1, +1/+0, "
                                          "-0/-1 (122.1a), level (711.2) nor a counter's name in lower case, such as "
                                          "spore (122.1)")
        m = COUNTER_KIND.fullmatch(str(key))
        if m is None:
            raise unknown
        dp, dt = ((-1 if m.group(i) == "-" else 1) * r.integer(numbers.parse_int(m.group(i + 1)), f"{path}.{key}",
                                                                "counter_kind") for i in (1, 3))
        if dp * dt < 0:
            raise unknown
        if (dp, dt) == (0, 0) or counter_kind(dp, dt) != key:
            raise r.fail(f"{path}.{key}", f"write this counter kind as {q(counter_kind(dp, dt))} (122.1a)"
                         if (dp, dt) != (0, 0) else "a +0/+0 counter changes nothing: not a P/T counter (122.1a)")
        amount = r.integer(n, f"{path}.{key}", "counters")
        if amount:
            counts.append((dp, dt, amount))
    for i, what in ((0, "power"), (1, "toughness")):
        problem = numbers.problem(sum(abs(c[i]) * c[2] for c in counts), "counter_total")
        if problem is not None:
            raise r.fail(path, f"what the counters add to {what} {problem}")
    return tuple(sorted(counts)), level, tuple(sorted(named))


def _check_characteristics(r: Reader, p: Mapping[str, Any], path: str) -> None:
    """The numbers each card type needs (208, 306.5b, 310.4), and morph and disguise rules (702.37, 702.168, 708)."""
    types, pid = p["types"], p["id"]
    defined = {key for a in p["abilities"] if a.kind == "cda"
               for key, on in (("power", bool(cast(Static, a.value).power)),
                               ("toughness", bool(cast(Static, a.value).toughness))) if on}
    for key in sorted(defined):
        if p[key] is not None:
            raise r.fail(f"{path}.{key}", f"permanent {q(pid)}: its {key} is defined by its ability (604.3, the "
                                          "card's *): leave the number out")
    if "Creature" in types or p["face_down"]:
        morph = any(a.kind in MORPHS for a in p["abilities"])
        for key in ("power", "toughness"):
            if p[key] is None and key not in defined and ("Creature" in types or morph):
                raise r.fail(f"{path}.{key}", f"permanent {q(pid)} is a creature and needs {key} (208.1)")
    if p["dashed"] and (p["face_down"] or not any(a.kind == "dash" for a in p["abilities"])):
        raise r.fail(f"{path}.dashed", f"permanent {q(pid)} has no dash ability face up, so its dash cost was "
                                       "not paid (702.109a)")
    if p["commander"] and p["token"]:  # 903.3: the designation of a card (a token is none, 111.1)
        raise r.fail(f"{path}.commander", f"permanent {q(pid)} is a token, so it is no commander (903.3, 111.1)")
    if p["monstrous"] and not any(a.kind == "monstrosity" for a in p["abilities"]):
        raise r.fail(f"{path}.monstrous", f"permanent {q(pid)} has no monstrosity ability, so it can't have become "
                                          "monstrous (701.37b)")
    if p["equipment_attached"] and "Creature" not in types and not p["face_down"]:
        raise r.fail(f"{path}.equipment_attached", f"permanent {q(pid)} is no creature, so no Equipment can be "
                                                   "attached to it (301.5c, 704.5n)")
    if "Planeswalker" in types and p["loyalty"] is None:
        raise r.fail(f"{path}.loyalty", f"planeswalker {q(pid)} needs loyalty (306.5b)")
    if "Battle" in types:
        if p["defense"] is None:
            raise r.fail(f"{path}.defense", f"battle {q(pid)} needs defense (310.4)")
        if p["protector"] is None:
            raise r.fail(f"{path}.protector", f"battle {q(pid)} needs a protector (310.8)")


def check_ability(r: Reader, a: Ability, path: str) -> None:
    """The numbers in an ability line are in range: a blocker count (509.1b), a cost (107.4), others."""
    if isinstance(a.value, Mana):
        check_mana(r, a.value, path)
        return
    if isinstance(a.value, (Pump, CombatAbility)):  # 602.1: a pump's cost and +X/+Y
        check_mana(r, a.value.cost, path)
    values = ((a.value.power, a.value.toughness) if isinstance(a.value, (Pump, CombatAbility))
              else a.value if isinstance(a.value, tuple) else (a.value,))
    for value in values:
        if isinstance(value, int) and not isinstance(value, bool):
            problem = numbers.problem(value, "blockers" if a.kind == "min_blockers" else "ability")
            if problem is not None:
                raise r.fail(path, f"{a.kind}: {problem}")


def check_mana(r: Reader, mana: Mana, path: str) -> None:
    for amount in mana.as_tuple():
        problem = numbers.problem(amount, "mana")
        if problem is not None:
            raise r.fail(path, f"an amount of mana {problem}")


def enum_list(r: Reader, value: Any, path: str, allowed: tuple[str, ...]) -> list[str]:
    result = []
    for j, x in enumerate(r.listing(value, path)):
        text = r.text(x, f"{path}[{j}]")
        match = next((a for a in allowed if a.lower() == text.lower()), None)
        if match is None:
            raise r.fail(f"{path}[{j}]", f"{q(text)} is not one of {', '.join(allowed)}")
        result.append(match)
    return result


def _colors(r: Reader, value: Any, path: str) -> list[str]:
    result = []
    for j, x in enumerate(r.listing(value, path)):
        text = r.text(x, f"{path}[{j}]")
        color = COLOR_LETTERS.get(text.upper()) if len(text) == 1 else text.lower()
        if color not in COLORS:
            raise r.fail(f"{path}[{j}]", f"{q(text)} is not a color (white/blue/black/red/green or W/U/B/R/G)")
        if color not in result:
            result.append(color)
    return result


# ---- the declared combat ---------------------------------------------------------------------------

Pairs = tuple[tuple[str, str], ...]


def combat(r: Reader, value: Any, active: str, players: frozenset[str], by_id: Mapping[str, OnBoard]) -> dict[str, Any]:
    """The `combat` mapping checked against the board (508.1a, 508.1b, 509.1a, 510.1, 510.4), as
    keyword arguments of :class:`~pysolver.model.situation.Combat` (none if it is absent)."""
    if value is None:
        return {}
    d = r.mapping(value, "combat", COMBAT_KEYS)
    attackers = None
    if d.get("attackers") is not None:
        attackers = []
        for aid, target in r.mapping(d["attackers"], "combat.attackers", None).items():
            path = f"combat.attackers.{aid}"
            attacker = ref(r, aid, path, by_id)
            if attacker.controller != active or not attacker.is_creature:
                raise r.fail(path, f"{q(aid)} is not a creature controlled by the active player {q(active)} (508.1a)")
            target = r.text(target, path)
            if not _attackable(target, active, players, by_id):
                raise r.fail(path, f"{q(target)} is not an opponent, an opponent's planeswalker or a battle an "
                                   f"opponent protects (508.1b, 310.8b)")
            attackers.append((aid, target))
    blockers = None
    if d.get("blockers") is not None:
        if attackers is None:
            raise r.fail("combat.blockers", "blockers are declared but combat.attackers is not")
        attacking = {a for a, _ in attackers}
        blockers = []
        for bid, blocked in r.mapping(d["blockers"], "combat.blockers", None).items():
            path = f"combat.blockers.{bid}"
            blocker = ref(r, bid, path, by_id)
            if blocker.controller == active or not blocker.is_creature:
                raise r.fail(path, f"{q(bid)} is not a creature controlled by a defending player (509.1a)")
            for j, aid in enumerate(r.listing(blocked, path)):
                aid = r.text(aid, f"{path}[{j}]")
                if aid not in attacking:
                    raise r.fail(f"{path}[{j}]", f"{q(aid)} is not an attacking creature (509.1a)")
                if (bid, aid) in blockers:
                    raise r.fail(f"{path}[{j}]", f"{q(bid)} blocks {q(aid)} twice")
                blockers.append((bid, aid))
    step = None
    if d.get("damage_step") is not None:
        step = r.text(d["damage_step"], "combat.damage_step")
        if step not in STEPS:
            raise r.fail("combat.damage_step", f"{q(step)} is not first_strike or regular (510.4)")
        if blockers is None:
            raise r.fail("combat.damage_step", "a damage step needs combat.attackers and combat.blockers declared")
    assignment = None
    if d.get("assignment") is not None:
        if blockers is None:
            raise r.fail("combat.assignment", "an assignment needs combat.attackers and combat.blockers declared")
        assignment = []
        in_combat = {a for a, _ in attackers or []} | {b for b, _ in blockers}
        for j, triple in enumerate(r.listing(d["assignment"], "combat.assignment")):
            path = f"combat.assignment[{j}]"
            if not isinstance(triple, list) or len(triple) != 3:
                raise r.fail(path, "expected [source, recipient, amount]")
            source, recipient = r.text(triple[0], f"{path}[0]"), r.text(triple[1], f"{path}[1]")
            if source not in in_combat:
                raise r.fail(f"{path}[0]", f"{q(source)} is not an attacking or blocking creature")
            if recipient not in by_id and recipient not in players:
                raise r.fail(f"{path}[1]", f"{q(recipient)} is neither a permanent nor a player")
            assignment.append((source, recipient, r.integer(triple[2], f"{path}[2]", "amount")))
    return dict(attackers=tuple(sorted(attackers)) if attackers is not None else None,
                blockers=tuple(sorted(blockers)) if blockers is not None else None, damage_step=step,
                assignment=tuple(assignment) if assignment is not None else None,
                activations=_activations(r, d.get("activations"), by_id),
                provoked=_provoked(r, d.get("provoked"), attackers, by_id),
                combat_damage_prevented=r.boolean(d.get("combat_damage_prevented", False),  # 615.1a
                                                  "combat.combat_damage_prevented"))


def _provoked(r: Reader, value: Any, attackers: Iterable[tuple[str, str]] | None,
              by_id: Mapping[str, OnBoard]) -> Pairs:
    """`combat.provoked`: target -> the provokers whose provoke trigger resolved with it as its
    target (702.39a: the target blocks that attacker this combat if able, 509.1c); the target is a
    creature the defending player of that attacker controls (702.39a, 506.2)."""
    if value is None:
        return ()
    if attackers is None:
        raise r.fail("combat.provoked", "provoke resolves after attackers are declared but combat.attackers is not")
    attacking = dict(attackers)
    found = []
    for tid, by in r.mapping(value, "combat.provoked", None).items():
        path = f"combat.provoked.{tid}"
        target = ref(r, tid, path, by_id)
        if not target.is_creature:
            raise r.fail(path, f"{q(tid)} is not a creature (702.39a)")
        for j, aid in enumerate([by] if isinstance(by, str) else r.listing(by, path)):
            where = path if isinstance(by, str) else f"{path}[{j}]"
            aid = r.text(aid, where)
            if aid not in attacking:
                raise r.fail(where, f"{q(aid)} is not an attacking creature (702.39a)")
            if target.controller != _defending(attacking[aid], by_id):
                raise r.fail(where, f"{q(tid)} is not controlled by the defending player of {q(aid)} (702.39a, 506.2)")
            found.append((tid, aid))
    return tuple(sorted(found))


def _defending(target: str, by_id: Mapping[str, OnBoard]) -> str:
    """The defending player of an attacker attacking `target` (506.2): the player, the controller of
    the planeswalker or the protector of the battle."""
    perm = by_id.get(target)
    if perm is None:
        return target
    if "Battle" in perm.types and perm.protector is not None:
        return perm.protector
    return perm.controller


def _activations(r: Reader, value: Any, by_id: Mapping[str, OnBoard]) -> tuple[Activation, ...]:
    """`combat.activations`: the pump abilities activated so far (602.2), judged by `check`."""
    if value is None:
        return ()
    found = []
    for j, raw in enumerate(r.listing(value, "combat.activations")):
        path = f"combat.activations[{j}]"
        d = r.mapping(raw, path, ACTIVATION_KEYS)
        for key in ("window", "permanent", "times"):
            if d.get(key) is None:
                raise r.fail(f"{path}.{key}", "missing (required)")
        window = r.text(d["window"], f"{path}.window")
        if window not in ACTIVATION_WINDOWS:
            raise r.fail(f"{path}.window", f"{q(window)} is not a priority window ({', '.join(ACTIVATION_WINDOWS)})")
        pid = ref(r, d["permanent"], f"{path}.permanent", by_id).id
        times = r.integer(d["times"], f"{path}.times", "activations")
        ability = r.integer(d["ability"], f"{path}.ability", "counters") if d.get("ability") is not None else 0
        found.append(Activation(window, pid, times, ability))
    return tuple(found)


def ref(r: Reader, pid: Any, path: str, by_id: Mapping[str, OnBoard]) -> OnBoard:
    """The permanent an id in the combat or the goal names."""
    if not isinstance(pid, str) or pid not in by_id:
        hint = YAML_BOOLEAN if isinstance(pid, bool) and r.from_yaml else ""  # a key such as `on:` too
        raise r.fail(path, f"{q(pid)} is not the id of a permanent{hint}")
    return by_id[pid]


def _attackable(target: str, active: str, players: frozenset[str], by_id: Mapping[str, OnBoard]) -> bool:
    if target in players:
        return target != active
    perm = by_id.get(target)
    if perm is None:
        return False
    if "Planeswalker" in perm.types and perm.controller != active:
        return True
    return "Battle" in perm.types and perm.protector is not None and perm.protector != active


def _card_cost(card: CardFace | None) -> Mana | None:
    """A card's mana cost (202.1) when it is one a permanent can have read: mana symbols without {X}
    or hybrid symbols (a land has none); its mana value is what `best` counts (202.3)."""
    if card is None or not card.mana_cost:
        return None
    try:
        return Mana.parse(card.mana_cost)
    except ValueError:
        return None
