"""Damage triggers (603.2, 120.3) in plain Python: "Whenever ~ is dealt [combat] damage, <effect>" and
"Whenever ~ deals [combat] damage [to <recipient>], <effect>": what a damage event triggers, and one of them
resolving.

Independent of the ASP encodings and of ``pysolver.rules.dealt``: input is the typed model and the reference
characteristics. A damage event (120.3) is the combat damage of one step (510.2: all of it at once) or the damage of
one resolving ability (608.2; :func:`reference.deaths.resolve_death` deals all noncombat damage and tells
:func:`recording` what it dealt). Damage prevented (615.1a, 702.16e) is not dealt and triggers nothing. Looking at
the permanents as the damage was dealt (a face-down one has no abilities, 708.2a): "is dealt damage" triggers once
per event for the creature dealt damage, "that much" all it was dealt; "deals damage" once per event for its source,
"that much" all it dealt; "deals damage to <a recipient>" once for each recipient of that kind (603.2c: a player, an
opponent of its controller, 102.2, a player or planeswalker, a creature, a creature of a type, 205.3m, 702.73a),
"that much" what that one was dealt; "combat damage" only in a combat damage step; "a creature you control deals
combat damage to a player" once for each creature its controller controls that did, "it" that creature; "an opponent
is dealt damage" once for each opponent dealt damage, "that much" all it was dealt; "a source an opponent controls
deals damage to you" once for each such source (its controller as it last existed, 113.7a), "that much" what it
dealt ("you may put": or nothing, 603.5); "a <creature type> [you control] deals damage to a creature" once for each
such creature (a changeling is every type) and each creature it dealt damage, "that creature" that one. Each is
controlled by its source's controller (603.3a) and put on the
stack with the death and combat-damage triggers of the same moment (603.3b, APNAP, each player's in any order,
:func:`reference.deaths.put_sequences`), with a target for "it deals N damage to target …" (603.3d: the targets a
death trigger of that spec has, reference.deaths.targets; one without a legal target is not put on the stack).

Resolving (608.2): its controller gains N life (or N for each artifact that player controls as it resolves,
205.2a), or each opponent does (119.3, 102.2), or its controller gains
N and the attacking player, the active one (506.2), loses N; N +1/+1 counters on
its source, or its -1/-1 counters removed, if it is still on the battlefield (122.1a, 400.7); N +1/+1
counters on each creature its controller controls as it resolves, or on each of them attacking (a creature
removed from combat is not, 506.4); "that player"
gets N poison counters (122.1f); "that creature" is tapped (701.26a) or destroyed (701.8a; not if
indestructible, 702.12b; a regeneration shield instead, 701.19a) or exiled (701.13a), or the source returned to
its owner's hand (400.7), if still on the battlefield; "it deals N
damage" as a death trigger's damage (reference.deaths.resolve_death), the source as it now is if it is
still on the battlefield, else as it last existed (608.2h).

A damage trigger on the stack is written ``("dealt", kind, source, target, N, controller, source
Characteristics, DamageTrigger, recipient)`` (the recipient of its occurrence: "that player" of "target
creature that player controls").

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "b", "power": 2, "toughness": 4,
...                     "abilities": ["Whenever ~ is dealt damage, you gain that much life"]}]})
>>> field = {p.id: characteristics(p) for p in s.permanents}
>>> [t[:6] for t in triggered(s, field, [("y", "x", 3)], True)]
[('dealt', 'is_dealt_damage', 'x', 'b', 3, 'b')]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import cast

from pysolver.model import Situation
from pysolver.model.abilities import TARGET_EFFECTS, THAT_PLAYER, DamageTrigger

from . import deaths
from .characteristics import Characteristics, characteristics
from .shields import regenerated, saved

KINDS = ("is_dealt_damage", "deals_damage", "yours_deal_damage", "opponent_dealt_damage", "source_deals_you_damage",
         "type_deals_damage")
Dealt = tuple  # ("dealt", kind, source, target, N, controller, Characteristics, DamageTrigger, recipient)
Event = tuple[str, str, int]  # (source, recipient, damage)


@contextmanager
def recording() -> Iterator[list[tuple[str, int]]]:
    """The (recipient, damage) dealt by :func:`reference.deaths.resolve_death` while the block runs."""
    log: list[tuple[str, int]] = []
    before, deaths.DEALT = deaths.DEALT, log
    try:
        yield log
    finally:
        deaths.DEALT = before


def events_of(source: str, log: list[tuple[str, int]]) -> list[Event]:
    """One resolution's event (120.3): what `source` dealt to each recipient, added up."""
    total: dict[str, int] = {}
    for r, n in log:
        total[r] = total.get(r, 0) + n
    return sorted((source, r, n) for r, n in total.items())


def _named(s: Situation, field: dict[str, Characteristics], c: Characteristics, to: str, r: str) -> bool:
    """Whether recipient `r` is of the kind `to` names, for a source `c`."""
    players = {p.name for p in s.players}
    if r in players:
        return to in ("player", "player_or_planeswalker") or (to == "opponent" and r != c.controller)
    x = field[r]
    if to == "player_or_planeswalker":
        return x.is_planeswalker
    if to in ("player", "opponent") or not x.is_creature:
        return False
    return to == "creature" or to in x.subtypes or x.has("changeling")


def triggered(s: Situation, field: dict[str, Characteristics], events: list[Event], combat: bool) -> list[Dealt]:
    """The damage triggers of one event `events` on `s` (`field` its characteristics as the damage was dealt;
    `combat`: combat damage), not yet targeted."""
    out = []
    players = {p.name for p in s.players}
    for pid, c in sorted(field.items()):
        for kind in KINDS:
            for value in c.values(kind):
                d = cast(DamageTrigger, value)
                if d.combat and not combat:
                    continue
                if kind == "yours_deal_damage":  # 603.2c: each creature of its controller's, "it" that one
                    for src, r, n in events:
                        x = field.get(src)
                        if x is not None and x.is_creature and x.controller == c.controller \
                                and _named(s, field, x, d.to, r):
                            out.append(("dealt", kind, pid, src, d.amount or n, c.controller, c, d, r))
                    continue
                if kind == "type_deals_damage":  # 603.2c: each creature of the type (its controller's) and recipient
                    for src, r, n in events:
                        x = field.get(src)
                        if x is not None and x.is_creature and (d.watched in x.subtypes or x.has("changeling")) \
                                and (not d.yours or x.controller == c.controller) and _named(s, field, x, d.to, r):
                            out.append(("dealt", kind, pid, r, d.amount or n, c.controller, c, d, r))
                    continue
                if kind == "opponent_dealt_damage":  # 603.2c: each opponent dealt damage, all it was dealt
                    dealt: dict[str, int] = {}
                    for _, r, n in events:
                        if r in players and r != c.controller:
                            dealt[r] = dealt.get(r, 0) + n
                    occurrences = sorted(dealt.items())
                elif kind == "source_deals_you_damage":  # 603.2c: each source an opponent controls (113.7a)
                    occurrences = [(src, n) for src, r, n in events if r == c.controller
                                   and s.permanent(src).controller != c.controller]
                elif kind == "is_dealt_damage" or d.to == "any":
                    mine = [n for src, r, n in events if (r if kind == "is_dealt_damage" else src) == pid]
                    occurrences = [(pid, sum(mine))] if mine else []
                else:
                    occurrences = [(r, n) for src, r, n in events if src == pid and _named(s, field, c, d.to, r)]
                for r, n in occurrences:
                    fixed = {"gain": c.controller, "opponents_gain": c.controller, "drain_attacking": c.controller,
                             "counters": pid, "uncounter": pid, "counters_yours": c.controller,
                             "counters_attacking": c.controller, "poison": r, "destroy": r, "tap": r, "exile": r,
                             "bounce": pid, "gain_each_artifact": r, "destroy_at_end": r}.get(d.effect, "")
                    out.append(("dealt", kind, pid, fixed, d.amount or n, c.controller, c, d, r))
    return out


def _as_death(t: Dealt) -> tuple:
    """A damage trigger's damage as a death trigger's (reference.deaths: the same targets and results)."""
    d = cast(DamageTrigger, t[7])
    kind = "dies_each_opponent" if d.whom == "each_opponent" else "dies_damage"
    # 603.2c: that player's creature, each opponent but that player
    spec = f"{d.whom}:{t[8]}" if d.whom in THAT_PLAYER else d.whom
    return ("dies", kind, t[2], t[3], t[4], t[5], t[6], f"may({spec})" if d.optional else spec)  # 603.5


def targets(s: Situation, field: dict[str, Characteristics], t: Dealt) -> list[str]:
    """603.3d: what it is put on the stack naming: its fixed object or player, or each legal target."""
    d = cast(DamageTrigger, t[7])
    if (d.effect != "damage" and d.effect not in TARGET_EFFECTS) or d.whom in ("you", "each_player", "each_opponent",
                                                                               "each_other_opponent"):
        return [t[3]] + [""] * d.optional  # 603.5: "you may put …" or not
    return deaths.targets(s, field, _as_death(t))


def resolve_dealt(s: Situation, field: dict[str, Characteristics], t: Dealt) -> tuple[Situation, set[str]]:
    """608.2: `t` resolves on `s` (`field`: the permanents on the battlefield): the situation after it and
    the creatures it destroys (the state-based actions are the caller's)."""
    _, _, source, target, n, controller, lki, d, _ = t
    if d.effect == "damage":
        death = _as_death(t)
        return deaths.resolve_death(s, field, death[:6] + (field.get(source, lki),) + death[7:])  # 608.2h
    if d.effect == "damage_power":  # 608.2h: its power as it now is, or as it last existed (120.8: 0 is none)
        c = field.get(source, lki)
        death = _as_death(t)
        power = max(0, c.power or 0)
        return deaths.resolve_death(s, field, death[:4] + (power, death[5], c) + death[7:]) if power else (s, set())
    if d.effect in TARGET_EFFECTS:  # 608.2b: only a target still legal (its source as it now is, 608.2h)
        death = _as_death(t)
        if target not in deaths.targets(s, field, death[:6] + (field.get(source, lki),) + death[7:]):
            return s, set()
        d = replace(d, effect=TARGET_EFFECTS[d.effect])
    if d.effect == "gain_each_artifact":  # 119.3, 205.2a: for each artifact that player controls as it resolves
        n *= sum(1 for x in field.values() if x.is_artifact and x.controller == target)
        d, target = replace(d, effect="gain"), controller
    if d.effect in ("gain", "opponents_gain", "poison", "drain_attacking"):
        def changed(name: str) -> dict[str, int]:
            if d.effect == "poison":
                return {"poison": n} if name == target else {}
            if d.effect == "drain_attacking":  # 506.2: the active player is the attacking player
                return {"life": n * (name == controller) - n * (name == s.active)}
            return {"life": n} if (name == controller) == (d.effect == "gain") else {}
        return replace(s, players=tuple(replace(p, **{k: getattr(p, k) + v for k, v in changed(p.name).items()})
                                        for p in s.players)), set()
    if d.effect in ("counters_yours", "counters_attacking"):
        removed = {p.id for p in s.permanents if p.removed_from_combat}  # 506.4: no longer attacking
        attacking = {a for a, _ in s.combat.attackers or () if a not in removed}
        mine = {pid for pid, c in field.items() if c.is_creature and c.controller == target
                and (d.effect == "counters_yours" or pid in attacking)}
        return replace(s, permanents=tuple(p.with_counters(1, 1, n) if p.id in mine else p
                                           for p in s.permanents)), set()
    victim = next((p for p in s.permanents if p.id == target and p.id in field), None)
    if victim is None:
        return s, set()  # 400.7: no longer on the battlefield
    if d.effect in ("exile", "bounce"):  # 701.13a, 400.7: it leaves the battlefield, indestructible or not
        return s, {target}
    if d.effect in ("destroy", "destroy_unregenerable"):
        c = field[target]
        if c.has("indestructible"):
            return s, set()
        if saved(victim, c) and d.effect == "destroy":  # 701.19c: "it can't be regenerated"
            return replace(s, permanents=tuple(regenerated(s, p) if p.id == target else p for p in s.permanents)), set()
        return s, {target}
    if d.effect == "destroy_at_end":  # 603.7a: its delayed trigger acts at end of combat (reference.end_of_combat)
        return replace(s, permanents=tuple(replace(p, destroyed_at_end_of_combat=True) if p.id == target else p
                                           for p in s.permanents)), set()
    after = {"counters": victim.with_counters(1, 1, n), "tap": replace(victim, tapped=True),
             "uncounter": victim.with_counters(-1, -1, -victim.minus_counters)}[d.effect]
    return replace(s, permanents=tuple(after if p.id == target else p for p in s.permanents)), set()


__all__ = ["KINDS", "characteristics", "events_of", "recording", "resolve_dealt", "targets", "triggered"]
