"""Situation → ASP facts, built as clingo symbols: the printed characteristics and the state of one board.

Ids and player names are always :func:`clingo.String` terms and numbers :func:`clingo.Number`, so no
id can break a program (an id ``not`` or ``a.b`` is a string like any other) and nothing is quoted
by hand. The symbols are rendered with ``str(Symbol)`` into the program text the solving layer adds.
Derived characteristics (708.2a face-down values, counters, colors, qualities) are computed by
``encodings/characteristics.lp`` from these facts.

>>> from pysolver.model import Permanent, Player, Situation
>>> s = Situation((Player("a"), Player("b")), "a", (Permanent("not", "a", power=2, toughness=2),))
>>> 'printed_power("not",2).' in situation_facts(s)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

from clingo import Function, Number, String, Symbol, parse_term

from ..errors import InputError
from ..model import Permanent, Player, Situation
from ..model.abilities import GROUP_GRANT, REQUIREMENTS, STATICS, TRIGGERS, attached_grant, given_ability
from ..model.fields import FACE_DOWN_BY
from ..model.mana import HYBRID
from ..model.situation import RETURNED, ZONE_COUNTS

# 509.1c requirements (attacker, blocker, J) obeyed when that blocker blocks that attacker: Lure, provoke (702.39a)
EDGE_REQUIREMENTS = ("lure", "provoke")
# the fields of pysolver.model.mana.Mana, in order: the colors, {C}, generic, the hybrid symbols (107.4e)
MANA_KEYS = ("w", "u", "b", "r", "g", "c", "generic", *(h.lower() for h in HYBRID))


def symbol(name: str) -> str:
    """An id or player name as ASP text (for callers that still write facts as text): a string term.

    >>> symbol("not"), symbol("Bob")
    ('"not"', '"Bob"')
    """
    return str(String(name))


def atom(name: str, *args: str | int | Symbol) -> Symbol:
    """An atom: str arguments become strings (ids), int arguments numbers; symbols stay as they are.

    >>> str(atom("controller", "x", "a")), str(atom("life", "a", -3)), str(atom("attackers_declared"))
    ('controller("x","a")', 'life("a",-3)', 'attackers_declared')
    """
    return Function(name, [String(a) if isinstance(a, str) else Number(a) if isinstance(a, int) else a
                           for a in args])


def constant(name: str) -> Symbol:
    """A constant term of the encodings (a card type, a mana kind, a step name)."""
    return Function(name)


def program(symbols: Iterable[Symbol]) -> str:
    """Facts as program text: one ``atom.`` per symbol, rendered by clingo (``str(Symbol)``)."""
    return "\n".join(f"{s}." for s in symbols)


def situation_facts(s: Situation, *, combat: bool = True) -> str:
    """All facts of a situation as program text; `combat=False` leaves out the declarations. The
    searches build the facts of many situations that share most permanents unchanged (frozen
    values): each permanent's text is built once (:func:`permanent_symbols`)."""
    players = "\n".join([*map(_player_text, s.players), program(_turn_symbols(s))])
    permanents = "\n".join(_permanent_text(x) for x in s.permanents)
    return "\n".join(part for part in (players, permanents, program(combat_facts(s)) if combat else "") if part)


def situation_symbols(s: Situation, *, combat: bool = True) -> Iterator[Symbol]:
    """All facts of a situation as symbols; `combat=False` leaves out the declarations (to choose them)."""
    yield from _player_symbols(s)
    for x in s.permanents:
        yield from permanent_symbols(x)
    if combat:
        yield from combat_facts(s)


def _player_symbols(s: Situation) -> Iterator[Symbol]:
    for p in s.players:
        yield from player_symbols(p)
    yield from _turn_symbols(s)


def _turn_symbols(s: Situation) -> list[Symbol]:
    """The facts of the turn: whose it is, and a resolved "prevent all combat damage that would be dealt
    this turn" (615.1a: for the whole turn, not a declaration)."""
    return [atom("active", s.active)] + ([atom("all_combat_damage_prevented")] if s.combat.combat_damage_prevented
                                          else [])


@lru_cache(maxsize=1 << 12)
def player_symbols(p: Player) -> tuple[Symbol, ...]:
    """The facts of one player: life, poison counters (122.1f), mana in the pool and spent (built once per
    distinct player: a search reaches the same totals again)."""
    found = [atom("player", p.name), atom("life", p.name, p.life), atom("poison", p.name, p.poison)]
    # 402.1, 404.1: the cards in a hand or graveyard, where stated
    found += [atom(key, p.name, getattr(p, key)) for key in ZONE_COUNTS if getattr(p, key) is not None]
    found += [atom("prevention_shield", p.name, p.prevention_shield)] if p.prevention_shield else []  # 615.7
    found += [atom("citys_blessing", p.name)] if p.citys_blessing else []  # 702.131b (statics.lp)
    # 205.2a: the card types among the cards in that graveyard (statics.lp)
    found += [atom("graveyard_type", p.name, constant(t)) for t in p.graveyard_types or ()]
    for k, v, w in zip(MANA_KEYS, p.mana.as_tuple(), p.spent.as_tuple()):
        found += [atom("mana_pool", p.name, constant(k), v), atom("mana_spent", p.name, constant(k), w)]
    return tuple(found)


@lru_cache(maxsize=1 << 12)
def _player_text(p: Player) -> str:
    return program(player_symbols(p))


@lru_cache(maxsize=1 << 14)
def permanent_symbols(p: Permanent) -> tuple[Symbol, ...]:
    """The facts of one permanent (:func:`permanent_facts`), built once per distinct permanent."""
    return tuple(permanent_facts(p))


@lru_cache(maxsize=1 << 14)
def _permanent_text(p: Permanent) -> str:
    return program(permanent_symbols(p))


def permanent_facts(p: Permanent) -> Iterator[Symbol]:
    """Facts for one permanent: printed values and state (tapped, damage, counters, face-down)."""
    i = p.id
    # On the battlefield protection from a player goes by the controller (702.16k: objects that player owns
    # are included only if no other player controls them); the owner is whose graveyard a card goes to (404.1).
    yield atom("permanent", i)
    yield atom("controller", i, p.controller)
    yield atom("owner", i, p.owner or p.controller)
    if p.token:  # 111.1
        yield atom("token", i)
    if p.exiled_cards:  # 406.6, 607.2a: cards exiled with it that its leaves-the-battlefield ability returns
        yield atom("exiled_cards", i)
    if i.endswith(RETURNED):  # 400.7: the card a persist or undying ability returned from the graveyard
        yield atom("returned_object", i)
        yield atom("returned_card", i, i.removesuffix(RETURNED))  # the card's object that left (statics.lp)
    yield from (atom("card_type", i, constant(t.lower())) for t in p.types)
    yield from (atom("printed_subtype", i, t.lower()) for t in p.subtypes)
    yield from (atom("printed_color", i, constant(c)) for c in p.colors)
    for key in ("power", "toughness", "loyalty", "defense"):
        value = getattr(p, key)
        if value is not None:
            yield atom(f"printed_{key}", i, value)
    if p.protector:
        yield atom("protector", i, p.protector)
    # Instances of "can block an additional creature" add up (509.1a); number them. An ability's
    # term is built by pysolver.model.abilities from fixed names and quoted values; parse_term reads it.
    for j, a in enumerate(p.abilities):
        if a.kind == GROUP_GRANT or attached_grant(a):
            raise InputError(None, "permanents", f"permanent {p.id!r}: its grant of a quoted ability ({a.term}, "
                             "613.1f) is settled as a situation is loaded: build the board with pysolver.load_data")
        term = Function("block_additional", [Number(j)]) if a.kind == "block_additional" else parse_term(a.term)
        if a.kind == "toxic":  # 702.164b: each toxic ability adds its N to the total toxic value
            term = Function("toxic", [Number(int(a.value)), Number(j)])  # type: ignore[call-overload]
        yield atom("printed_ability", i, term)
    # Each instance of a requirement ability is a requirement of its own (113.2c, 508.1d, 509.1c).
    yield from (atom("printed_instance", i, constant(a.kind), j) for j, a in enumerate(p.abilities)
                if a.kind in REQUIREMENTS)
    # Each instance of a static ability has its effect (113.2c; encodings/statics.lp): numbered.
    yield from (atom("printed_static", i, parse_term(a.term), j) for j, a in enumerate(p.abilities)
                if a.kind in STATICS)
    # Each instance of a combat trigger triggers separately (113.2c, 702.83b, 702.45b, ...): numbered.
    yield from (atom("printed_trigger", i, parse_term(a.term), j) for j, a in enumerate(p.abilities)
                if a.kind in TRIGGERS)
    yield from (atom("pt_counters", i, dp, dt, n) for dp, dt, n in p.pt_counters)  # 122.1a
    yield atom("until_end_of_turn", i, *p.until_end_of_turn)  # 613.4c: resolved pumps
    if p.switched_until_end_of_turn:  # 613.4d: power and toughness switched, layer 7d
        yield atom("switched", i)
    # 613.1f; a landwalk given as landwalk("T"), as printed (702.14a)
    yield from (atom("keyword_until_end_of_turn", i, parse_term(given_ability(k).term))
                for k in p.keywords_until_end_of_turn)
    yield atom("damage_marked", i, p.damage)
    yield from pump_facts(p)
    morph = p.morph_cost()
    if morph is not None:  # 702.37a-b, 702.168a: morph, megamorph or disguise and its cost
        yield atom("morph", i, constant(morph[0]))
        yield from (atom("morph_cost", i, constant(k), v) for k, v in zip(MANA_KEYS, morph[1].as_tuple()) if v)
    if p.face_down in FACE_DOWN_BY:  # 701.40a, 701.58a: how it was put onto the battlefield face down
        yield atom("face_down_by", i, constant(str(p.face_down)))
    if p.mana_cost is not None:  # 202.1
        yield atom("has_mana_cost", i)
        yield from (atom("printed_mana_cost", i, constant(k), v) for k, v in zip(MANA_KEYS, p.mana_cost.as_tuple())
                    if v)
    for flag in ("tapped", "summoning_sick", "dashed", "monstrous", "commander", "face_down", "cant_block_this_turn",
                 "cant_be_blocked_this_turn", "attacks_despite_defender_this_turn", "renowned", "left_battlefield",
                 "removed_from_combat", "assigns_no_combat_damage"):
        if getattr(p, flag):
            yield atom(flag, i)
    if p.cant_be_blocked_by_power_this_turn is not None:  # 509.1b, 611.2a
        yield atom("cant_be_blocked_by_power_this_turn", i, p.cant_be_blocked_by_power_this_turn)
    if p.tapped and any(a.kind in STATICS and getattr(a.value, "scope", "") == "untapped" for a in p.abilities):
        # 110.5: its own "as long as it's untapped" reads it (statics.lp); a fact of its own, so that the questions
        # of the other boards do not read who is tapped (pysolver.asp.reads)
        yield atom("tapped_reading", i)
    if p.paired_with is not None:  # 702.95b (statics.lp: paired while both are on the battlefield, 702.95e)
        yield atom("paired_with", i, p.paired_with)
    for kind, n in (("aura", p.auras_attached), ("equipment", p.equipment_attached)):  # 303.4, 301.5
        if n:
            yield atom("attached", i, constant(kind), n)
    if p.regenerates:  # 701.19a (701.19c: none that can't be regenerated)
        yield atom("regeneration_shield", i, p.regeneration_shields)
    if p.prevention_shield:  # 615.7
        yield atom("prevention_shield", i, p.prevention_shield)
    if p.left_battlefield:
        yield atom("departed", i)  # (left_battlefield/1 is also derived: encodings/statics.lp reads this)


def pump_facts(p: Permanent) -> Iterator[Symbol]:
    """Its abilities activated for mana, numbered from 0 (602.1; "{cost}: Regenerate ~" as +0/+0):
    pump_ability(P,I,X,Y), pump_cost(P,I,K,V) and, for one with an activation limit, pump_limit(P,I,N):
    it may be activated N more times this turn (602.5b), for `check` to judge `combat.activations`
    (encodings/check.lp)."""
    for j, (_, pump) in enumerate(p.pump_abilities()):
        yield atom("pump_ability", p.id, j, pump.power, pump.toughness)
        if pump.limit is not None:
            yield atom("pump_limit", p.id, j, max(pump.limit - p.activated(j), 0))
        yield from (atom("pump_cost", p.id, j, constant(k), v) for k, v in zip(MANA_KEYS, pump.cost.as_tuple()) if v)


def combat_facts(s: Situation) -> Iterator[Symbol]:
    """Declared attacks, blocks and the damage step, if any."""
    c = s.combat
    yield from (atom("attacking", a, t) for a, t in c.attackers or ())
    yield from (atom("blocking", b, a) for b, a in c.blockers or ())
    if c.attackers is not None:
        yield atom("attackers_declared")
    if c.blockers is not None:
        yield atom("blockers_declared")
    if c.damage_step:
        yield atom("requested_step", constant(c.damage_step))
    if c.first_strikers is not None:
        yield atom("first_strike_recorded")
        yield from (atom("dealt_first_strike", x) for x in c.first_strikers)
    yield from (atom("assigned", src, r, n) for src, r, n in c.assignment or ())
    yield from (atom("declared_activation", constant(a.window), a.permanent, a.ability, a.times)
                for a in c.activations)
    # 702.39a, 702.39b: each resolved provoke trigger is a requirement of its own (numbered J).
    yield from (atom("provoked", t, a, j) for j, (t, a) in enumerate(c.provoked))
