"""The end of combat step (511): the abilities that trigger as it begins, and what they do.

The outcomes are read once the combat is over (511.3). As the end of combat step begins (511.1, 511.2) two
kinds of abilities trigger:

* the delayed triggered abilities the combat triggers of :data:`~pysolver.model.abilities.DELAYED_END` made as
  they resolved (603.7a: "When ~ attacks or blocks, destroy it at end of combat", "Whenever ~ blocks or becomes
  blocked by a nonblack creature, destroy that creature at end of combat", …): one for each time such a
  trigger triggered — its source declared as an attacker (508.3a) or a blocker (509.3a), blocked (509.3c), or
  once for each creature of the quality it blocked or was blocked by (509.3b, 509.3d) — whether or not its
  source is still on the battlefield (603.7c: it acts on the creature it names, if that creature is still there,
  400.7). A situation past a declaration is one in which these triggers resolved;
* the delayed triggered abilities a damage trigger made as it resolved ("Whenever ~ deals combat damage to a
  creature, destroy that creature at end of combat", 603.7a, pysolver.rules.dealt): one for each creature they
  name (:attr:`~pysolver.model.Permanent.destroyed_at_end_of_combat`), which destroys it if it is still there
  (603.7c, 400.7);
* "At end of combat, destroy all creatures blocking or blocked by ~" (:data:`~pysolver.model.abilities.END_OF_COMBAT`)
  of each permanent on the battlefield (603.2; 113.2c: each instance): the creatures its block pairs (509.1)
  name that are still on the battlefield and in combat (506.4), the source as it last existed if it has left
  (113.7a).

They resolve one after the other (608.2), state-based actions after each (704.3). The loader
(:mod:`pysolver.files.loader`) admits them only on a board where their order and the priority window of the step
(117.3) change nothing: no face-down permanent, no activated ability, no death trigger, no persist or undying,
no regeneration shield and no static ability. A player who lost in the last combat damage step ends the game
before the step (104.3b): nothing happens then.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2,
...                     "abilities": ["When ~ attacks or blocks, destroy it at end of combat"]}],
...     "combat": {"attackers": {"x": "b"}, "blockers": {}}})
>>> triggered(s)
[('x', 'x', 'destroy')]
>>> ended(s).permanent("x").left_battlefield
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from ..model import Permanent, Situation
from ..model.abilities import DELAYED_END, END_OF_COMBAT, AtEndOfCombat, Quality
from .combat import losers, settle
from .statics import has_now

#: (source, the creature it acts on, what it does): one trigger of the end of combat step (511.2)
EndTrigger = tuple[str, str, str]


def present(s: Situation) -> bool:
    """Whether a permanent has an ability acting at end of combat (:data:`DELAYED_END`, :data:`END_OF_COMBAT`) or
    a delayed trigger will destroy one (603.7a)."""
    return any(a.kind in (DELAYED_END, END_OF_COMBAT) for p in s.permanents for a in p.abilities) or any(
        p.destroyed_at_end_of_combat for p in s.permanents)


def triggered(s: Situation) -> list[EndTrigger]:
    """What triggers as the end of combat step begins (511.2): each delayed trigger made during the combat
    (603.7a) and each instance of "At end of combat, …" of a permanent on the battlefield (603.2, 113.2c), one
    trigger per creature it names."""
    attackers = [a for a, _ in s.combat.attackers or ()]
    pairs = list(s.combat.blockers or ())
    out: list[EndTrigger] = []
    for p in s.permanents:
        if p.destroyed_at_end_of_combat:  # 603.7a: made by a damage trigger as it resolved
            out.append((p.id, p.id, "destroy"))
        for a in p.abilities:
            if a.kind == END_OF_COMBAT and not p.left_battlefield:
                out += [(p.id, x, "destroy") for x in _combatants(s, p.id, pairs)]
            elif a.kind == DELAYED_END:
                e = cast(AtEndOfCombat, a.value)
                out += [(p.id, x, e.effect) for x in _named(s, p.id, e, attackers, pairs)]
    return out


def _named(s: Situation, source: str, e: AtEndOfCombat, attackers: list[str],
           pairs: list[tuple[str, str]]) -> list[str]:
    """The creature each delayed trigger `source`'s ability `e` made names (603.7a, 603.7c): the source once for
    each event that triggered it, or each other creature of its events."""
    blocked = [a for b, a in pairs if b == source]  # 509.3b: the attackers it blocks
    blockers = [b for b, a in pairs if a == source]  # 509.3d: the creatures blocking it
    if e.whom == "self":
        fired = {"attacks": source in attackers, "blocks": bool(blocked), "blocked": bool(blockers)}
        return [source] * any(fired[event] for event in e.events)  # (508.3a, 509.3a, 509.3c: one event)
    quality = e.partner or ("any",)
    others = {"blocks_creature": blocked, "blocked_by": blockers, "either_by": blocked + blockers}[e.events[0]]
    return [x for x in others if _is_of(s, s.permanent(x), quality)]


def _combatants(s: Situation, source: str, pairs: list[tuple[str, str]]) -> list[str]:
    """Every creature blocking or blocked by `source` (509.1) that is still on the battlefield and in combat
    (506.4); none if the source was removed from combat."""
    if s.permanent(source).removed_from_combat:
        return []
    named = [b for b, a in pairs if a == source] + [a for b, a in pairs if b == source]
    return [x for x in named if not s.permanent(x).left_battlefield and not s.permanent(x).removed_from_combat]


def _is_of(s: Situation, p: Permanent, q: Quality) -> bool:
    """Whether creature `p` has quality `q` (105.2 colors, 205.2a card types, 205.3m creature types: a
    changeling has every one, 702.73a; "non-…")."""
    name, *args = q
    if name == "any":
        return True
    if name == "non":
        return not _is_of(s, p, args[0])
    if name == "color":
        return args[0] in p.colors
    if name == "noncolor":
        return args[0] not in p.colors
    if name == "card_type":
        return args[0].capitalize() in p.types
    assert name == "creature_type", q
    return args[0] in (t.lower() for t in p.subtypes) or has_now(s, p, "changeling")


def resolve(s: Situation, t: EndTrigger) -> Situation:
    """`s` after trigger `t` resolved (608.2), before state-based actions: nothing if its creature has left the
    battlefield (603.7c, 400.7); destroyed (701.8a) unless indestructible (702.12b); sacrificed (701.21a) or
    returned to its owner's hand: it leaves the battlefield; one +1/+1 counter removed, if it has one (122.1a)."""
    _, x, effect = t
    p = s.permanent(x)
    if p.left_battlefield or (effect == "destroy" and has_now(s, p, "indestructible")):
        return s
    if effect == "remove_counter":
        changed = p.with_counters(1, 1, -1) if p.plus_counters else p
    else:
        changed = replace(p, left_battlefield=True)
    return replace(s, permanents=tuple(changed if q.id == x else q for q in s.permanents))


def ended(s: Situation) -> Situation:
    """`s` once the end of combat step is over (511.3): each trigger of :func:`triggered` resolved, state-based
    actions after each (704.3); `s` itself if a player lost (104.3b: the game is over) or none triggers."""
    if losers(s) or not present(s):
        return s
    for t in triggered(s):
        s = settle(resolve(s, t))
    return s
