"""Load a situation file (docs/situation.md, YAML or JSON) into the typed model, strictly.

Every problem is an :class:`InputError` naming the file, the field path and
what is wrong: unknown keys, wrong types, duplicate ids, ids equal to player
names, dangling references, attackers that are not the active player's
creatures, blockers assigned to non-attackers, ability lines not understood.

>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "card": "Grizzly Bears"}]})
>>> s.permanent("x").power, s.permanent("x").subtypes
(2, ('Bear',))
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..model import STEPS, Combat, Goal, Permanent, Player, Situation, counter_kind, numbers
from ..model.abilities import COLOR_LETTERS, COLORS, Ability, Pump, parse_ability_line
from ..model.mana import Mana
from ..model.moves import Activation
from ..model.numbers import quote as q
from ..rules import pumps
from . import reading
from .cards import CARD_TYPES, Card, card_key, with_builtin

WINDOWS = ("beginning_of_combat", "after_attackers", "after_blockers", "after_first_strike_damage")  # 117.3
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
TOP_KEYS = {"players", "active", "permanents", "combat", "goal"}
PLAYER_KEYS = {"name", "life", "mana", "poison"}
PERMANENT_KEYS = {"id", "controller", "owner", "card", "name", "types", "subtypes", "colors", "power",
                  "toughness", "loyalty", "defense", "protector", "abilities", "counters", "damage",
                  "tapped", "summoning_sick", "face_down", "until_end_of_turn"}
COMBAT_KEYS = {"attackers", "blockers", "damage_step", "assignment", "activations", "provoked"}
ACTIVATION_KEYS = {"window", "permanent", "times", "ability"}
GOAL_KEYS = {"lethal", "destroy", "survive", "all", "any"}
COUNTERS = ("+X/+Y",)  # the keys of `counters`: P/T counter kinds such as +1/+1, +1/+0, -0/-1 (122.1a)
COUNTER_KIND = re.compile(r"([+-])(\d+)/([+-])(\d+)")
PT_CHANGE = re.compile(r"([+-][0-9]+)/([+-][0-9]+)")  # "+X/+Y", as until_end_of_turn (613.4c)
MAX_TEXT = 1000  # characters of any one string field (docs/limits.md)


class _Reader:
    """Typed field access with error paths for one file."""

    def __init__(self, file: str | None) -> None:
        self.file = file

    def fail(self, path: str, message: str) -> InputError:
        return InputError(self.file, path, message)

    def mapping(self, value: Any, path: str, allowed: set[str] | None) -> dict[str, Any]:
        """A mapping whose keys are all in `allowed` (None: keys are checked by the caller)."""
        if not isinstance(value, dict):
            raise self.fail(path, f"expected a mapping, got {_kind(value)}")
        for key in value:
            if allowed is not None and key not in allowed:
                raise self.fail(f"{path}.{key}" if path else str(key),
                                f"unknown key (allowed: {', '.join(sorted(allowed))})")
        return value

    def listing(self, value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {_kind(value)}")
        return value

    def integer(self, value: Any, path: str, kind: str) -> int:
        """An integer within the range of its kind (:data:`pysolver.model.numbers.RANGES`)."""
        if isinstance(value, bool) or not isinstance(value, (int, numbers.Oversized)):
            raise self.fail(path, f"expected an integer, got {_kind(value)}")
        problem = numbers.problem(value, kind)
        if problem is not None:
            raise self.fail(path, problem)
        return value  # type: ignore[return-value]

    def boolean(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, got {_kind(value)}")
        return value

    def text(self, value: Any, path: str) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"expected a string, got {_kind(value)}")
        if len(value) > MAX_TEXT:
            raise self.fail(path, f"longer than {MAX_TEXT} characters: {q(value)} (docs/limits.md)")
        return value

    def name(self, value: Any, path: str) -> str:
        text = self.text(value, path)
        if not NAME.fullmatch(text):
            raise self.fail(path, f"{q(text)} is not a valid name ([A-Za-z][A-Za-z0-9_-]*)")
        return text


def _kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", numbers.Oversized: "an integer",
            int: "an integer", float: "a number", type(None): "nothing"}.get(type(value), type(value).__name__) \
        + (f" ({q(value)})" if isinstance(value, (str, int, float, numbers.Oversized))
           and not isinstance(value, bool) else "")


def load_situation(path: str | Path, pool: Mapping[str, Card] | None = None) -> Situation:
    """Read and validate a situation file (``-``: standard input); `pool` adds `--cards` cards to the
    built-in pool."""
    return _situation(reading.read(path), reading.source(path), pool)


def situation_from_data(data: Any, file: str | None = None, pool: Mapping[str, Card] | None = None) -> Situation:
    """Validate plain data (as parsed from YAML/JSON, or built in Python) into a :class:`Situation`."""
    reading.check_depth(data, file, "")  # data built in Python has not been through pysolver.files.reading
    return _situation(data, file, pool)


def _situation(data: Any, file: str | None, pool: Mapping[str, Card] | None) -> Situation:
    r = _Reader(file)
    if pool is not None and not isinstance(pool, Mapping):
        raise r.fail("cards", f"expected a card pool (a dict from load_cards), got {_kind(pool)}")
    top = r.mapping(data, "", TOP_KEYS)
    for key in ("players", "active", "permanents"):
        if key not in top:
            raise r.fail(key, "missing (required)")
    players = _players(r, top["players"])
    names = frozenset(p.name for p in players)
    active = r.text(top["active"], "active")
    if active not in names:
        raise r.fail("active", f"{q(active)} is not one of the players")
    cards = with_builtin(pool)
    permanents = _permanents(r, top["permanents"], names, cards)
    by_id = {p.id: p for p in permanents}
    combat = _combat(r, top.get("combat"), active, names, by_id)
    goal = _goal(r, top["goal"], "goal", names, by_id) if top.get("goal") is not None else None
    assigned = sum(n for _, _, n in combat.assignment or ())
    problem = numbers.total_problem(sum(map(_magnitude, players)) + sum(map(_magnitude, permanents)) + assigned)
    if problem is not None:
        raise r.fail("permanents", problem)
    s = Situation(tuple(players), active, tuple(permanents), combat, goal, file)
    problem = numbers.total_problem(sum(map(_magnitude, players)) + sum(map(_magnitude, permanents)) + assigned
                                    + pumps.magnitude(s)  # what pump abilities can still add (602.2b, 613.4c)
                                    + _rampage_magnitude(permanents))
    if problem is not None:
        raise r.fail("permanents", f"with what pump abilities and rampage can add, {problem}")
    return s


def _players(r: _Reader, value: Any) -> list[Player]:
    players: list[Player] = []
    seen: set[str] = set()
    for i, raw in enumerate(r.listing(value, "players")):
        path = f"players[{i}]"
        player = _player(r, raw, path)
        if player.name in seen:
            raise r.fail(f"{path}.name", f"duplicate player name {q(player.name)}")
        seen.add(player.name)
        players.append(player)
    if len(players) < 2:
        raise r.fail("players", "at least two players are required")
    return players


def _player(r: _Reader, raw: Any, path: str) -> Player:
    d = r.mapping(raw, path, PLAYER_KEYS)
    if "name" not in d:
        raise r.fail(f"{path}.name", "missing (required)")
    name = r.name(d["name"], f"{path}.name")
    mana = Mana()
    if d.get("mana") is not None:
        try:
            mana = Mana.parse(r.text(d["mana"], f"{path}.mana"), is_pool=True)
        except ValueError as exc:
            raise r.fail(f"{path}.mana", str(exc)) from None
        _check_mana(r, mana, f"{path}.mana")
    poison = r.integer(d.get("poison", 0), f"{path}.poison", "poison")  # 122.1f
    return Player(name, r.integer(d.get("life", 20), f"{path}.life", "life"), mana, poison=poison)


def _permanents(r: _Reader, value: Any, players: frozenset[str], cards: Mapping[str, Card]) -> list[Permanent]:
    result: list[Permanent] = []
    ids: set[str] = set()
    for i, raw in enumerate(r.listing(value, "permanents")):
        path = f"permanents[{i}]"
        d = r.mapping(raw, path, PERMANENT_KEYS)
        for key in ("id", "controller"):
            if key not in d:
                raise r.fail(f"{path}.{key}", "missing (required)")
        pid = r.name(d["id"], f"{path}.id")
        if pid in players:
            raise r.fail(f"{path}.id", f"id {q(pid)} is also a player's name")
        if pid in ids:
            raise r.fail(f"{path}.id", f"duplicate id {q(pid)}")
        ids.add(pid)
        result.append(_permanent(r, d, path, pid, players, cards))
    return result


def _permanent(r: _Reader, d: dict[str, Any], path: str, pid: str, players: frozenset[str],
               cards: Mapping[str, Card]) -> Permanent:
    def player_ref(key: str) -> str:
        name = r.text(d[key], f"{path}.{key}")
        if name not in players:
            raise r.fail(f"{path}.{key}", f"{q(name)} is not one of the players")
        return name

    card: Card | None = None
    if d.get("card") is not None:
        card_name = r.text(d["card"], f"{path}.card")
        card = cards.get(card_key(card_name))
        if card is None:
            close = difflib.get_close_matches(card_key(card_name), cards, n=1)
            hint = f"; did you mean {q(cards[close[0]].name)}?" if close else ""
            raise r.fail(f"{path}.card", f"card {q(card_name)} is in no card pool (built-in or --cards){hint}")
        if not card.types and d.get("types") is None:
            raise r.fail(f"{path}.card", f"card {q(card.name)} is not a permanent card (it has none of the "
                                         f"types {', '.join(CARD_TYPES)})")

    def field(key: str, read: Callable[[Any, str], Any], default: Any) -> Any:
        if d.get(key) is not None:
            return read(d[key], f"{path}.{key}")
        return default

    types = tuple(field("types", lambda v, p: _enum_list(r, v, p, CARD_TYPES), card.types if card else ("Creature",)))
    subtypes = tuple(field("subtypes", lambda v, p: [r.text(x, f"{p}[{j}]") for j, x in enumerate(r.listing(v, p))],
                           card.subtypes if card else ()))
    colors = tuple(field("colors", lambda v, p: _colors(r, v, p), card.colors if card else ()))
    def number(key: str) -> int | None:
        """A printed number from the file, else from the card (checked all the same: docs/engines.md, §6)."""
        if d.get(key) is not None:
            return r.integer(d[key], f"{path}.{key}", key)
        value = getattr(card, key) if card else None
        problem = numbers.problem(value, key) if value is not None else None
        if problem is not None:
            raise r.fail(f"{path}.card", f"card {q(card.name)}: {key} {problem}")
        return value

    power, toughness, loyalty, defense = (number(k) for k in ("power", "toughness", "loyalty", "defense"))
    name = field("name", r.text, card.name if card else None)
    line_list = field("abilities", lambda v, p: [r.text(x, f"{p}[{j}]") for j, x in enumerate(r.listing(v, p))],
                      None)
    lines = tuple(line_list) if line_list is not None else (card.lines if card else ())
    abilities: list[Ability] = []
    # A card's own lines name the card (docs/abilities.md), even where the file gives the permanent another name.
    self_name = card.name if card is not None and line_list is None else name
    for j, line in enumerate(lines):
        where = f"{path}.abilities[{j}]" if line_list is not None else f"{path}.card"
        try:
            parsed = parse_ability_line(line, self_name, players)
        except ValueError as exc:
            if line_list is not None:
                raise r.fail(where, f"permanent {q(pid)}: {exc}") from None
            raise r.fail(where, f"permanent {q(pid)} (card {q(card.name)}): {exc}") from None
        for ability in parsed:
            _check_ability(r, ability, where)
        abilities.extend(parsed)
    counters = _pt_counters(r, d["counters"], f"{path}.counters") if d.get("counters") is not None else ()
    perm = Permanent(
        id=pid, controller=player_ref("controller"),
        owner=player_ref("owner") if d.get("owner") is not None else None,
        name=name, types=types, subtypes=subtypes, colors=colors, power=power, toughness=toughness,
        loyalty=loyalty, defense=defense,
        protector=player_ref("protector") if d.get("protector") is not None else None,
        abilities=tuple(abilities), ability_lines=lines,
        unmodelled=card.unmodelled if card and line_list is None else (),
        damage=field("damage", lambda v, p: r.integer(v, p, "damage"), 0),
        tapped=field("tapped", r.boolean, False),
        summoning_sick=field("summoning_sick", r.boolean, False),
        face_down=field("face_down", r.boolean, False),
        pt_counters=counters,
        until_end_of_turn=field("until_end_of_turn", lambda v, p: _pt_change(r, v, p), (0, 0)))
    _check_characteristics(r, perm, path)
    return perm


def _pt_change(r: _Reader, value: Any, path: str) -> tuple[int, int]:
    """A change of power and toughness until end of turn, ``"+X/+Y"`` (613.4c, layer 7c), each in range."""
    text = r.text(value, path)
    m = PT_CHANGE.fullmatch(text)
    if m is None:
        raise r.fail(path, f"write a change of power and toughness as \"+X/+Y\" (signed), got {q(text)}")
    x, y = (r.integer(numbers.parse_int(g), path, "until_end_of_turn") for g in m.groups())
    return x, y


def _pt_counters(r: _Reader, value: Any, path: str) -> tuple[tuple[int, int, int], ...]:
    """`counters`: how many counters of each P/T kind "+X/+Y" or "-X/-Y" (122.1a), as sorted (dp, dt, n).

    A kind is written as :func:`pysolver.model.counter_kind` names it ("-0/-1", not "+0/-1"), so that one
    kind has one key; the magnitudes of what a permanent's counters add to its power (and to its
    toughness) sum to at most 2·10^6 (docs/limits.md), so no product or sum in the encodings wraps.
    """
    counts = []
    for key, n in r.mapping(value, path, None).items():
        unknown = r.fail(f"{path}.{key}", "unknown key: not a P/T counter kind +X/+Y or -X/-Y, such as +1/+1, +1/+0, "
                                          "-0/-1 (122.1a)")
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
    return tuple(sorted(counts))


def _check_characteristics(r: _Reader, p: Permanent, path: str) -> None:
    """The numbers each card type needs (208, 306.5b, 310.4), and morph rules (702.37, 708)."""
    if "Creature" in p.types or p.face_down:
        for key in ("power", "toughness"):
            if getattr(p, key) is None and ("Creature" in p.types or p.morph_cost() is not None):
                raise r.fail(f"{path}.{key}", f"permanent {q(p.id)} is a creature and needs {key} (208.1)")
    if "Planeswalker" in p.types and p.loyalty is None:
        raise r.fail(f"{path}.loyalty", f"planeswalker {q(p.id)} needs loyalty (306.5b)")
    if "Battle" in p.types:
        if p.defense is None:
            raise r.fail(f"{path}.defense", f"battle {q(p.id)} needs defense (310.4)")
        if p.protector is None:
            raise r.fail(f"{path}.protector", f"battle {q(p.id)} needs a protector (310.8)")


def _check_ability(r: _Reader, a: Ability, path: str) -> None:
    """The numbers in an ability line are in range: a blocker count (509.1b), a cost (107.4), others."""
    if isinstance(a.value, Mana):
        _check_mana(r, a.value, path)
        return
    if isinstance(a.value, Pump):  # 602.1: a pump's cost and +X/+Y
        _check_mana(r, a.value.cost, path)
    values = ((a.value.power, a.value.toughness) if isinstance(a.value, Pump)
              else a.value if isinstance(a.value, tuple) else (a.value,))
    for value in values:
        if isinstance(value, int) and not isinstance(value, bool):
            problem = numbers.problem(value, "blockers" if a.kind == "min_blockers" else "ability")
            if problem is not None:
                raise r.fail(path, f"{a.kind}: {problem}")


def _check_mana(r: _Reader, mana: Mana, path: str) -> None:
    for amount in mana.as_tuple():
        problem = numbers.problem(amount, "mana")
        if problem is not None:
            raise r.fail(path, f"an amount of mana {problem}")


def _rampage_magnitude(permanents: list[Permanent]) -> int:
    """At most what rampage N can add (702.23a: +N/+N for each creature blocking it beyond the first),
    N for every other permanent, so that no power or toughness it makes wraps (numbers.MAX_TOTAL)."""
    return sum(abs(a.value) * len(permanents) for p in permanents for a in p.abilities
               if a.kind == "rampage" and isinstance(a.value, int))


def _magnitude(x: Player | Permanent) -> int:
    """The sum of the magnitudes of the numbers of a player or permanent (numbers.MAX_TOTAL)."""
    if isinstance(x, Player):
        return abs(x.life) + x.mana.total + x.poison
    values = [x.power, x.toughness, x.loyalty, x.defense, x.damage,
              *(n * max(abs(dp), abs(dt)) for dp, dt, n in x.pt_counters), *map(abs, x.until_end_of_turn)]
    for a in x.abilities:
        if isinstance(a.value, Mana):
            values.append(a.value.total)
        if isinstance(a.value, Pump):
            values += [a.value.cost.total, a.value.power, a.value.toughness]
        for v in a.value if isinstance(a.value, tuple) else (a.value,):
            if isinstance(v, int) and not isinstance(v, bool):
                values.append(v)
    return sum(abs(v) for v in values if v is not None)


def _enum_list(r: _Reader, value: Any, path: str, allowed: tuple[str, ...]) -> list[str]:
    result = []
    for j, x in enumerate(r.listing(value, path)):
        text = r.text(x, f"{path}[{j}]")
        match = next((a for a in allowed if a.lower() == text.lower()), None)
        if match is None:
            raise r.fail(f"{path}[{j}]", f"{q(text)} is not one of {', '.join(allowed)}")
        result.append(match)
    return result


def _colors(r: _Reader, value: Any, path: str) -> list[str]:
    result = []
    for j, x in enumerate(r.listing(value, path)):
        text = r.text(x, f"{path}[{j}]")
        color = COLOR_LETTERS.get(text.upper()) if len(text) == 1 else text.lower()
        if color not in COLORS:
            raise r.fail(f"{path}[{j}]", f"{q(text)} is not a color (white/blue/black/red/green or W/U/B/R/G)")
        if color not in result:
            result.append(color)
    return result


def _combat(r: _Reader, value: Any, active: str, players: frozenset[str], by_id: dict[str, Permanent]) -> Combat:
    if value is None:
        return Combat()
    d = r.mapping(value, "combat", COMBAT_KEYS)
    attackers = None
    if d.get("attackers") is not None:
        attackers = []
        for aid, target in r.mapping(d["attackers"], "combat.attackers", None).items():
            path = f"combat.attackers.{aid}"
            attacker = _ref(r, aid, path, by_id)
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
            blocker = _ref(r, bid, path, by_id)
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
    return Combat(tuple(sorted(attackers)) if attackers is not None else None,
                  tuple(sorted(blockers)) if blockers is not None else None, step,
                  tuple(assignment) if assignment is not None else None,
                  activations=_activations(r, d.get("activations"), by_id),
                  provoked=_provoked(r, d.get("provoked"), attackers, by_id))


def _provoked(r: _Reader, value: Any, attackers: list[tuple[str, str]] | None,
              by_id: dict[str, Permanent]) -> tuple[tuple[str, str], ...]:
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
        target = _ref(r, tid, path, by_id)
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


def _defending(target: str, by_id: dict[str, Permanent]) -> str:
    """The defending player of an attacker attacking `target` (506.2): the player, the controller of
    the planeswalker or the protector of the battle."""
    perm = by_id.get(target)
    if perm is None:
        return target
    if "Battle" in perm.types and perm.protector is not None:
        return perm.protector
    return perm.controller


def _activations(r: _Reader, value: Any, by_id: dict[str, Permanent]) -> tuple[Activation, ...]:
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
        if window not in WINDOWS:
            raise r.fail(f"{path}.window", f"{q(window)} is not a priority window ({', '.join(WINDOWS)})")
        pid = _ref(r, d["permanent"], f"{path}.permanent", by_id).id
        times = r.integer(d["times"], f"{path}.times", "activations")
        ability = r.integer(d["ability"], f"{path}.ability", "counters") if d.get("ability") is not None else 0
        found.append(Activation(window, pid, times, ability))
    return tuple(found)


def _ref(r: _Reader, pid: Any, path: str, by_id: dict[str, Permanent]) -> Permanent:
    if not isinstance(pid, str) or pid not in by_id:
        raise r.fail(path, f"{q(pid)} is not the id of a permanent")
    return by_id[pid]


def _attackable(target: str, active: str, players: frozenset[str], by_id: dict[str, Permanent]) -> bool:
    if target in players:
        return target != active
    perm = by_id.get(target)
    if perm is None:
        return False
    if "Planeswalker" in perm.types and perm.controller != active:
        return True
    return "Battle" in perm.types and perm.protector is not None and perm.protector != active


def _goal(r: _Reader, value: Any, path: str, players: frozenset[str], by_id: dict[str, Permanent]) -> Goal:
    d = r.mapping(value, path, GOAL_KEYS)
    if len(d) != 1:
        raise r.fail(path, "a goal has exactly one of lethal, destroy, survive, all, any")
    (kind, arg), = d.items()
    if kind == "lethal":
        name = r.text(arg, f"{path}.lethal")
        if name not in players:
            raise r.fail(f"{path}.lethal", f"{q(name)} is not one of the players")
        return Goal("lethal", (name,))
    if kind in ("destroy", "survive"):
        ids = [r.text(x, f"{path}.{kind}[{j}]") for j, x in enumerate(r.listing(arg, f"{path}.{kind}"))]
        for j, pid in enumerate(ids):
            _ref(r, pid, f"{path}.{kind}[{j}]", by_id)
        return Goal(kind, tuple(ids))
    parts = tuple(_goal(r, g, f"{path}.{kind}[{j}]", players, by_id)
                  for j, g in enumerate(r.listing(arg, f"{path}.{kind}")))
    return Goal(kind, parts=parts)


# ---- hooks for the typed model built in code (pysolver.model): the same checks, one object at a time

def player_from_data(data: Any) -> Player:
    """One docs/situation.md player entry, validated as in a file (field paths relative to the entry)."""
    return _player(_Reader(None), data, "player")


def permanent_from_data(data: Any, players: frozenset[str], pool: dict[str, Card] | None = None) -> Permanent:
    """One docs/situation.md permanent entry whose player references are among `players`, validated as in a file."""
    return _permanents(_Reader(None), [data], players, with_builtin(pool))[0]


def combat_from_data(s: Situation, data: Any) -> Combat:
    """A docs/situation.md `combat` mapping validated against the board of `s` (ids, 508.1a, 509.1a, 510.1)."""
    return _combat(_Reader(s.source), data, s.active, s.player_names, {p.id: p for p in s.permanents})
