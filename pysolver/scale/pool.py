"""Pool files of `pysolver sweep` and the boards they describe (docs/sweep.md).

A pool file lists cards for each side and the board sizes to sweep. Each board is a
*multiset* of cards per side: boards equal up to renaming the creatures are generated once,
as combinations with replacement of card indices (``[0, 0, 1]`` is two of card 0 and one of
card 1; ``[0, 1, 0]`` is never generated). Ids are assigned canonically from the sorted
indices: attackers ``a1, a2, …``, blockers ``b1, b2, …``, planeswalkers ``p1, p2, …``.

>>> pool = parse_pool({"attackers": {"sizes": "1..2", "cards": ["Grizzly Bears", "Hill Giant"]},
...                    "blockers": {"sizes": "0..1", "cards": ["Giant Spider"]}})
>>> [board_id(pool, b) for b in boards(pool)]     # doctest: +NORMALIZE_WHITESPACE
['a=0 b=', 'a=0 b=0', 'a=1 b=', 'a=1 b=0', 'a=0.0 b=', 'a=0.0 b=0', 'a=0.1 b=', 'a=0.1 b=0',
 'a=1.1 b=', 'a=1.1 b=0']
>>> situation(pool, next(boards(pool)))["combat"]
{'attackers': {'a1': 'bob'}}
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pysolver as api

from ..commands import BATCH_COMMANDS
from ..errors import InputError
from ..files import reading
from ..files.cards import with_builtin
from ..model.fields import NAME

SWEEP_COMMANDS = BATCH_COMMANDS
Fail = Callable[[str, str], InputError]  # builds the InputError for a field path and a problem
DEFAULT_COMMANDS = ("attacks", "blocks", "damage", "outcomes")
POOL_KEYS = {"players", "life", "mana", "attackers", "blockers", "planeswalkers", "commands", "goal"}
SIDE_KEYS = {"cards", "sizes"}
_SIZES = re.compile(r"\s*(\d+)\s*\.\.\s*(\d+)\s*")


@dataclass(frozen=True)
class Pool:
    """A validated pool file: card entries per side (docs/situation.md permanent entries without id and
    controller), sizes, life totals to sweep, planeswalkers, commands."""

    attacker: str
    defender: str
    attackers: tuple[dict[str, Any], ...]
    blockers: tuple[dict[str, Any], ...]
    attacker_sizes: tuple[int, ...]
    blocker_sizes: tuple[int, ...]
    lives: tuple[tuple[int, int], ...] = ((20, 20),)  # (attacker, defender) combinations
    mana: tuple[tuple[str, str], ...] = ()
    planeswalkers: tuple[dict[str, Any], ...] = ()
    commands: tuple[str, ...] = DEFAULT_COMMANDS
    goal: dict[str, Any] | None = None
    source: str | None = None
    unmodelled: tuple[tuple[str, str], ...] = ()  # (pool field, card line the solver does not model)


@dataclass(frozen=True)
class Board:
    """One board: its index in sweep order, sorted card indices per side, life totals, attack targets."""

    index: int
    attackers: tuple[int, ...]
    blockers: tuple[int, ...]
    life: tuple[int, int]
    targets: tuple[str, ...]


# --- the pool file ----------------------------------------------------------------------------

def load_pool(path: str | Path, cards: Mapping[str, Any] | None = None) -> Pool:
    """Read and validate a pool file (YAML or JSON)."""
    return parse_pool(reading.read(path), reading.source(path), cards)


def parse_pool(data: Any, file: str | None = None, cards: Mapping[str, Any] | None = None) -> Pool:
    """Validate a parsed pool file; every card entry is loaded once to report errors by pool field."""
    def fail(where: str, message: str) -> InputError:
        return InputError(file, where, message)

    if not isinstance(data, dict):
        raise fail("", "expected a mapping with attackers, blockers and optional players, life, mana, "
                       "planeswalkers, commands, goal")
    for key in data:
        if key not in POOL_KEYS:
            raise fail(str(key), f"unknown key (allowed: {', '.join(sorted(POOL_KEYS))})")
    players = data.get("players") or {}
    if not isinstance(players, dict) or set(players) - {"attacker", "defender"}:
        raise fail("players", "expected a mapping with attacker and defender names")
    attacker, defender = players.get("attacker", "alice"), players.get("defender", "bob")
    for role, name in (("attacker", attacker), ("defender", defender)):
        if not isinstance(name, str) or not NAME.fullmatch(name) or re.fullmatch(r"[abp]\d+", name):
            raise fail(f"players.{role}", f"{name!r} is not a valid player name (and a1, b2, p3 … are ids)")
    if attacker == defender:
        raise fail("players", "attacker and defender must be different players")
    sides = {}
    for side in ("attackers", "blockers"):
        value = data.get(side)
        if not isinstance(value, dict) or set(value) - SIDE_KEYS or "cards" not in value:
            raise fail(side, "expected a mapping with cards (a list) and sizes (like 1..3)")
        entries = value["cards"]
        if not isinstance(entries, list) or not entries:
            raise fail(f"{side}.cards", "expected a non-empty list of card names or permanent entries")
        sides[side] = (tuple(_entry(e, f"{side}.cards[{i}]", fail) for i, e in enumerate(entries)),
                       _sizes(value.get("sizes", "1..3" if side == "attackers" else "0..3"), f"{side}.sizes", fail))
    walkers = data.get("planeswalkers") or []
    if not isinstance(walkers, list):
        raise fail("planeswalkers", "expected a list of planeswalker entries")
    walkers = tuple(_entry(e, f"planeswalkers[{i}]", fail) for i, e in enumerate(walkers))
    lives = _lives(data.get("life"), attacker, defender, fail)
    mana = data.get("mana") or {}
    if not isinstance(mana, dict) or set(mana) - {attacker, defender} \
            or not all(isinstance(v, str) for v in mana.values()):
        raise fail("mana", f"expected a mapping from {attacker}/{defender} to mana like \"{{R}}{{R}}\"")
    commands = data.get("commands", list(DEFAULT_COMMANDS))
    if not isinstance(commands, list) or not commands or any(c not in SWEEP_COMMANDS for c in commands):
        raise fail("commands", f"expected a list of commands from {', '.join(SWEEP_COMMANDS)}")
    goal = data.get("goal")
    if "verify" in commands and goal is None:
        raise fail("goal", "the verify command needs a goal (docs/verify.md)")
    pool = Pool(attacker, defender, sides["attackers"][0], sides["blockers"][0], sides["attackers"][1],
                sides["blockers"][1], lives, tuple(sorted(mana.items())), walkers, tuple(dict.fromkeys(commands)),
                goal, file)
    unmodelled = _validate(pool, fail, cards)
    return replace(pool, unmodelled=unmodelled, attackers=tuple(expand(e, cards) for e in pool.attackers),
                   blockers=tuple(expand(e, cards) for e in pool.blockers),
                   planeswalkers=tuple(expand(e, cards) for e in pool.planeswalkers))


def expand(entry: dict[str, Any], cards: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A pool entry with its card's characteristics written out (fields the entry gives win, as in
    docs/situation.md), so that swept situations and vectors are self-contained: no card pool is needed to
    read them, by pysolver's workers or by another engine.

    >>> expand({"card": "Grizzly Bears", "power": 3})
    {'name': 'Grizzly Bears', 'types': ['Creature'], 'subtypes': ['Bear'], 'colors': ['green'], 'power': 3, 'toughness': 2, 'abilities': []}
    """  # noqa: E501 (doctest output is one line)
    if "card" not in entry:
        return dict(entry)
    card = with_builtin(cards)[str(entry["card"]).lower()]
    out: dict[str, Any] = {"name": card.name, "types": list(card.types), "subtypes": list(card.subtypes),
                 "colors": list(card.colors)}
    for key in ("power", "toughness", "loyalty", "defense"):
        if getattr(card, key) is not None:
            out[key] = getattr(card, key)
    out["abilities"] = list(card.lines)
    out.update({k: v for k, v in entry.items() if k != "card"})
    return out


def _entry(value: Any, where: str, fail: Fail) -> dict[str, Any]:
    if isinstance(value, str):
        return {"card": value}
    if not isinstance(value, dict):
        raise fail(where, "expected a card name or a permanent entry (docs/situation.md) without id and controller")
    for key in ("id", "controller"):
        if key in value:
            raise fail(f"{where}.{key}", "the sweep assigns ids and controllers; leave this out")
    return dict(value)


def _sizes(value: Any, where: str, fail: Fail) -> tuple[int, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        sizes = [value]
    elif isinstance(value, str) and (match := _SIZES.fullmatch(value)):
        low, high = map(int, match.groups())
        sizes = list(range(low, high + 1))
    elif isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        sizes = value
    else:
        raise fail(where, f"expected a size, a range like 1..3 or a list of sizes, got {value!r}")
    if not sizes or any(n < 0 or n > 12 for n in sizes):
        raise fail(where, "sizes must be between 0 and 12 and the range must not be empty")
    return tuple(sorted(set(sizes)))


def _lives(value: Any, attacker: str, defender: str, fail: Fail) -> tuple[tuple[int, int], ...]:
    if value is None:
        return ((20, 20),)
    if not isinstance(value, dict) or set(value) - {attacker, defender}:
        raise fail("life", f"expected a mapping from {attacker}/{defender} to a life total or a list of them")
    choices = []
    for name in (attacker, defender):
        v = value.get(name, 20)
        v = v if isinstance(v, list) else [v]
        if not v or any(isinstance(x, bool) or not isinstance(x, int) for x in v):
            raise fail(f"life.{name}", "expected a whole number or a list of them")
        choices.append(list(dict.fromkeys(v)))
    return tuple(itertools.product(*choices))


def _validate(pool: Pool, fail: Fail, cards: Mapping[str, Any] | None) -> tuple[tuple[str, str], ...]:
    """Load each entry on a board of its own so that errors name the pool field; an attacker
    must be able to attack the defending player alone (no defender, not summoning sick).
    Returns the card lines the solver does not model, by pool field."""
    unmodelled = []
    from ..files.loader import situation_from_data
    checks = [("attackers.cards", i, pool.attacker, e) for i, e in enumerate(pool.attackers)]
    checks += [("blockers.cards", i, pool.defender, e) for i, e in enumerate(pool.blockers)]
    checks += [("planeswalkers", i, pool.defender, e) for i, e in enumerate(pool.planeswalkers)]
    for where, i, controller, entry in checks:
        data = {"players": _players(pool, pool.lives[0]), "active": pool.attacker,
                "permanents": [{**entry, "id": "x1", "controller": controller}]}
        try:
            s = situation_from_data(data, pool.source, cards)
        except InputError as exc:
            raise fail(exc.field.replace("permanents[0]", f"{where}[{i}]", 1), exc.message) from None
        p = s.permanents[0]
        unmodelled += [(f"{where}[{i}]", line) for line in p.unmodelled]
        if where == "planeswalkers" and "Planeswalker" not in p.types:
            raise fail(f"{where}[{i}]", "not a planeswalker (types: [Planeswalker] and a loyalty)")
        if where != "planeswalkers" and not p.is_creature:
            raise fail(f"{where}[{i}]", "not a creature")
        if where == "attackers.cards" and {"attacks": [["x1", pool.defender]]} not in list(api.legal_attacks(s)):
            raise fail(f"{where}[{i}]", f"this creature cannot attack {pool.defender} (508.1a, 702.3b): "
                                        "every attacker of a swept board attacks")
    if pool.goal is not None:
        try:
            situation_from_data({"players": _players(pool, pool.lives[0]), "active": pool.attacker,
                                 "permanents": [], "goal": pool.goal}, pool.source, cards)
        except InputError as exc:
            raise fail(exc.field, exc.message) from None
    return tuple(unmodelled)


# --- boards -----------------------------------------------------------------------------------

def boards(pool: Pool) -> Iterator[Board]:
    """Every board of the pool, each once (multisets per side), in a fixed order."""
    index = 0
    targets = [pool.defender] + [f"p{k + 1}" for k in range(len(pool.planeswalkers))]
    for life in pool.lives:
        for n in pool.attacker_sizes:
            for a in itertools.combinations_with_replacement(range(len(pool.attackers)), n):
                for m in pool.blocker_sizes:
                    for b in itertools.combinations_with_replacement(range(len(pool.blockers)), m):
                        for to in _target_choices(a, targets):
                            yield Board(index, a, b, life, to)
                            index += 1


def _target_choices(attackers: tuple[int, ...], targets: list[str]) -> Iterator[tuple[str, ...]]:
    """Attack targets, canonically: identical attackers get their targets as a multiset."""
    groups = [len(list(g)) for _, g in itertools.groupby(attackers)]
    for parts in itertools.product(*(itertools.combinations_with_replacement(targets, k) for k in groups)):
        yield tuple(t for part in parts for t in part)


def count_boards(pool: Pool) -> int:
    """The number of boards :func:`boards` yields, computed without generating them."""
    def multisets(n: int, k: int) -> int:
        return math.comb(n + k - 1, k)
    t = 1 + len(pool.planeswalkers)
    n_a, n_b = len(pool.attackers), len(pool.blockers)
    # Attack target choices: a product over groups of identical attackers; summed over multisets.
    attack_side = 0
    for k in pool.attacker_sizes:
        for a in itertools.combinations_with_replacement(range(n_a), k):
            attack_side += math.prod(multisets(t, len(list(g))) for _, g in itertools.groupby(a))
    block_side = sum(multisets(n_b, m) for m in pool.blocker_sizes)
    return len(pool.lives) * attack_side * block_side


def board_id(pool: Pool, b: Board) -> str:
    """A readable canonical id: ``a=0.0.1 b=2`` (+ `` life=20.5``, `` to=bob.p1.bob`` when swept)."""
    text = f"a={'.'.join(map(str, b.attackers))} b={'.'.join(map(str, b.blockers))}"
    if len(pool.lives) > 1:
        text += f" life={b.life[0]}.{b.life[1]}"
    if pool.planeswalkers:
        text += f" to={'.'.join(b.targets)}"
    return text


def _players(pool: Pool, life: tuple[int, int]) -> list[dict[str, Any]]:
    mana = dict(pool.mana)
    players = [{"name": pool.attacker, "life": life[0]}, {"name": pool.defender, "life": life[1]}]
    for p in players:
        if p["name"] in mana:
            p["mana"] = mana[p["name"]]
    return players


def situation(pool: Pool, b: Board, *, declared: bool = True) -> dict[str, Any]:
    """The board as docs/situation.md data: every attacker attacks its target (`declared`) or nothing is declared."""
    permanents = [{"id": f"a{k + 1}", "controller": pool.attacker, **pool.attackers[i]}
                  for k, i in enumerate(b.attackers)]
    permanents += [{"id": f"b{k + 1}", "controller": pool.defender, **pool.blockers[i]}
                   for k, i in enumerate(b.blockers)]
    permanents += [{"id": f"p{k + 1}", "controller": pool.defender, **e} for k, e in enumerate(pool.planeswalkers)]
    data: dict[str, Any] = {"players": _players(pool, b.life), "active": pool.attacker, "permanents": permanents}
    if declared:
        data["combat"] = {"attackers": {f"a{k + 1}": t for k, t in enumerate(b.targets)}}
    if pool.goal is not None:
        data["goal"] = pool.goal
    return data


def blocks_key(blocks: list[Any]) -> str:
    """A block declaration in a line id: ``b1>a1,b2>a1`` (``-`` for no blocks)."""
    return ",".join(f"{b}>{a}" for b, a in blocks) or "-"


def with_blocks(data: dict[str, Any], blocks: list[Any]) -> dict[str, Any]:
    blockers: dict[str, list[str]] = {}
    for b, a in blocks:
        blockers.setdefault(b, []).append(a)
    return {**data, "combat": {**data["combat"], "blockers": blockers}}
