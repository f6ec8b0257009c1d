"""Damage triggers (603.2, 120.3): "Whenever ~ is dealt [combat] damage, …", "Whenever ~ deals [combat] damage
[to <recipient>], …".

A damage event (120.3) is all the combat damage of one step (510.2: :class:`~pysolver.rules.combat.StepResult`
``events``, ``encodings/outcomes.lp``), or the damage one resolving ability deals (608.2,
:mod:`pysolver.rules.damage_log`). :func:`triggered` reads off ``encodings/dealt.lp`` what it triggers, looking at
the permanents as they were when it happened: "is dealt damage" once for the creature however many sources dealt it
damage, "deals damage" once for its source, "deals damage to <a recipient>" once for each recipient of that kind, "a
creature you control deals combat damage to a player" once for each such creature, "an opponent is dealt damage"
once for each such player, "a source an opponent controls deals damage to you" once for each such source, "a
<creature type> [you control] deals damage to a creature" once for each such source and creature (603.2c); "that
much" is the damage of that occurrence, and prevented damage is not dealt (615.1a, 702.16e). The abilities go on the
stack the next time a player would receive priority (603.3), by their controllers in APNAP order, each player's in
the order they choose (603.3b), with their targets (603.3d, :func:`targets`: "it deals N damage to target …"; one
without a legal target is removed, 603.3d). What each does is fixed as it triggers: its controller gains life, or
each opponent (119.3, 102.2), or its controller gains and the attacking player loses that much (506.2: the active
player), its source gets +1/+1 counters or loses its -1/-1 counters (122.1a, if still on the battlefield, 400.7), or
each creature its controller controls, or each of them attacking (506.4), gets +1/+1 counters as it resolves, "that
player" gets poison counters (122.1f), "that creature" is tapped or destroyed (701.26a, 701.8a; 702.12b, 701.19a;
701.19c "it can't be regenerated") or exiled (701.13a), its source returned to its owner's hand (400.7); a target
creature returned to its owner's hand or tapped, a target artifact [or enchantment] destroyed, if still legal
(608.2b); its controller gains N life for each artifact "that player" controls as it resolves (119.3, 608.2h); "that
creature" is marked to be destroyed at end of combat (603.7a: :mod:`pysolver.rules.end_of_combat`).
:func:`resolved` applies one (608.2; its damage through ``#program resolve_dies``, the source's current information
if it is still on the battlefield, else as it last existed: 608.2h).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "b", "power": 2, "toughness": 4,
...                     "abilities": ["Whenever ~ is dealt damage, you gain that much life"]}]})
>>> [(t.kind, t.source, t.target, t.amount) for t in triggered(s, frozenset({("y", "x", 3)}), True)]
[('is_dealt_damage', 'x', 'b', 3)]
>>> resolved(s, triggered(s, frozenset({("y", "x", 3)}), True)[0]).player("b").life
23
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import cast

from clingo import Function, Number, String

from ..asp.facts import atom, program, situation_facts
from ..asp.solving import CHARACTERISTICS, control, one_model
from ..model import Permanent, Situation
from ..model.abilities import DEALT_TRIGGERS, TARGET_EFFECTS, THAT_PLAYER, DamageTrigger
from ..model.moves import Trigger
from .combat import regenerate
from .damage_log import Dealt
from .pingers import power_in
from .states import one_state_answer
from .triggers import _dealt_by, _targets, apnap, lki

DEALT = CHARACTERISTICS + ("dealt",)
CACHED = 4096  # programs remembered by their situations (searches reach the same states again)
Events = frozenset[tuple[str, str, int]]  # (source, recipient, damage) of one event (120.3)
# what each effect does something to, fixed as it triggers: its controller (603.3a), its source, the recipient
_FIXED = {"gain": "you", "opponents_gain": "you", "drain_attacking": "you", "counters": "it", "counters_yours": "you",
          "counters_attacking": "you", "uncounter": "it", "poison": "that", "destroy": "that", "tap": "that",
          "exile": "that", "bounce": "it", "gain_each_artifact": "that", "destroy_unregenerable": "that",
          "destroy_at_end": "that"}


def present(s: Situation) -> bool:
    """Whether a permanent on the battlefield has a damage trigger on its face-up side (bounds on what the
    combat can still do yield to them: they act after damage)."""
    return any(not p.left_battlefield and a.kind in DEALT_TRIGGERS for p in s.permanents for a in p.abilities)


def effect_of(s: Situation, t: Trigger) -> DamageTrigger:
    """What damage trigger `t` does (instance `t.ability` of its source's abilities)."""
    return cast(DamageTrigger, s.permanent(t.source).abilities[t.ability].value)


def events_of(source: str, log: list[Dealt]) -> Events:
    """The event of one resolution (120.3: the damage one ability deals is dealt at once) from what
    :mod:`pysolver.rules.damage_log` recorded while it resolved, `source` dealing it."""
    total: dict[str, int] = {}
    for recipients in log:
        for r, n in recipients:
            total[r] = total.get(r, 0) + n
    return frozenset((source, r, n) for r, n in total.items())


@lru_cache(maxsize=CACHED)
def triggered(s: Situation, events: Events, combat: bool) -> tuple[Trigger, ...]:
    """The damage triggers of a damage event on `s` (as it was when the damage was dealt; `combat`: combat
    damage, 510.2), not yet put on the stack, in APNAP order of their controllers (101.4)."""
    if not events or not present(s):
        return ()
    facts = [atom("event", src, r, n) for src, r, n in sorted(events)] + ([atom("combat_event")] if combat else [])
    symbols = one_state_answer(DEALT, s, ("base", "damage_triggers"), program(facts))  # (one program per board)
    found = []
    for sym in symbols:
        source, j, recipient, n = (sym.arguments[0].string, sym.arguments[1].number, sym.arguments[2].string,
                                   sym.arguments[3].number)
        p = s.permanent(source)
        d = cast(DamageTrigger, p.abilities[j].value)
        fixed = {"you": p.controller, "it": source, "that": recipient}.get(_FIXED.get(d.effect, ""), "")
        if p.abilities[j].kind == DEALT_TRIGGERS[2]:  # "it": the creature of its controller that dealt damage
            fixed = recipient
        known = _known(s, source, d, recipient) if d.whom else ()  # (with its power: damage_power, 608.2h)
        found.append(Trigger(p.abilities[j].kind, source, fixed, d.amount or n, p.controller, known, j))
    order = apnap(s)
    return tuple(sorted(found, key=lambda t: (order.index(t.controller), t.source, t.ability, t.target, t.amount)))


def _known(s: Situation, source: str, d: DamageTrigger, recipient: str) -> tuple[str, ...]:
    """What its damage reads of its source (608.2h, triggers.lp's ``source_lki``), what it may be dealt to,
    and "that player" for "target creature that player controls" and "each other opponent" (the player it
    dealt damage to, 603.2c)."""
    that = (f"that_player({String(recipient)})",) if d.whom in THAT_PLAYER else ()
    return tuple(sorted((*lki(s, source, power=d.effect == "damage_power"), f"spec({d.spec})", *that)))


def targets(s: Situation, t: Trigger) -> list[str]:
    """What `t` may be put on the stack naming (603.3d): what it does something to, fixed as it triggered
    (none for damage to "you", "each player", "each opponent", 115.10b; "you may put …" also none, 603.5); or each
    legal target of its damage (115.1, 115.4, 702.11b, 702.16b, 702.18a, triggers.lp's ``#program dies_targets``,
    its source as it was as it triggered, 608.2h), none if there is none (603.3d: it is removed from the stack);
    "you may have it deal" also none (603.5: its damage not chosen)."""
    d = effect_of(s, t)
    if not d.targeted:
        return [t.target] + [""] * d.optional  # 603.5: "you may put …" (none: it does nothing)
    return [""] * d.optional + list(_targets(s, t.lki))


def resolved(s: Situation, t: Trigger) -> Situation:
    """`s` after damage trigger `t` resolved (608.2), before state-based actions (the game tree applies them,
    704.3): nothing if its target is no longer legal (608.2b)."""
    d = effect_of(s, t)
    known = t.lki
    if d.whom and not s.permanent(t.source).left_battlefield:  # 608.2h: its current information
        known = tuple(sorted((*lki(s, t.source, power=d.effect == "damage_power"),
                              *(x for x in t.lki if x.startswith(("spec(", "that_player("))))))
    if d.effect == "damage_power":  # 608.2h: its power now, or as it last existed (120.8: 0 is no damage)
        return _dealt_by(s, "dies_damage", t.target, power_in(known), known) if power_in(known) else s
    if d.effect == "damage":
        kind = "dies_each_opponent" if d.whom == "each_opponent" else "dies_damage"
        return _dealt_by(s, kind, t.target, t.amount, known)
    if d.effect in TARGET_EFFECTS:  # 608.2b: nothing unless its target is still legal ("" none chosen, 603.5)
        return _resolved(s, TARGET_EFFECTS[d.effect], t.target, 0, t.controller) if t.target in _targets(s, known) \
            else s
    return _resolved(s, d.effect, t.target, t.amount, t.controller)


@lru_cache(maxsize=CACHED)
def _resolved(s: Situation, effect: str, target: str, amount: int, you: str) -> Situation:
    """The effect of a damage trigger but damage (``#program resolve_dealt``; `you` its controller, 603.3a)."""
    part = ("resolve_dealt", [Function(effect), String(target), Number(amount), String(you)])
    numbers: dict[str, dict[str, int]] = {}
    for sym in one_model(control(DEALT, situation_facts(s), parts=("base", part))):
        args = sym.arguments
        numbers.setdefault(sym.name, {})[args[0].string] = args[1].number if len(args) > 1 else 0
    life, poison = numbers.get("resolved_life", {}), numbers.get("resolved_poison", {})
    plus, uncountered = numbers.get("resolved_plus_counters", {}), numbers.get("resolved_uncountered", {})
    tapped, destroyed = numbers.get("resolved_tapped", {}), numbers.get("resolved_destroyed", {})
    left, doomed = numbers.get("resolved_left", {}), numbers.get("resolved_doomed", {})
    players = tuple(replace(p, life=life.get(p.name, p.life), poison=poison.get(p.name, p.poison)) for p in s.players)

    def after(p: Permanent) -> Permanent:
        if p.id in uncountered:  # 122.1a: every -1/-1 counter removed
            p = p.with_counters(-1, -1, -p.minus_counters)
        if p.id in destroyed:  # 701.19a: a regeneration shield replaces it (701.19c: not if it can't be regenerated)
            regenerates = p.regenerates and effect != "destroy_unregenerable"
            return regenerate(s, p) if regenerates else replace(p, left_battlefield=True)
        if p.id in left:  # 701.13a, 400.7: exiled or returned to a hand (no death, 700.4)
            return replace(p, left_battlefield=True)
        return replace(p.with_counters(1, 1, plus.get(p.id, 0)), tapped=p.tapped or p.id in tapped,
                       destroyed_at_end_of_combat=p.destroyed_at_end_of_combat or p.id in doomed)  # 603.7a
    return replace(s, players=players, permanents=tuple(map(after, s.permanents)))
