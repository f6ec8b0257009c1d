"""Activated abilities that deal damage (120.3): "{cost}: ~ deals N damage to any target" and the
other targets of :data:`~pysolver.model.abilities.PING_TARGETS`, "... to each creature [with / without
flying] [and each player] / each player / each opponent" (no target, 115.1), "... and M damage to you /
to itself" (115.10b: no target, :func:`deal`), and "~ gets +X/+Y until end of turn and deals N damage to you"
(608.2c: :func:`pumped`, then the damage).

They are activated as the other abilities of :mod:`pysolver.rules.activated` (its targets,
hexproof, shroud, protection and ward), but wait on the stack (602.2, 405.1: the player who
activated one receives priority, 117.3c, and the other may respond) until both players pass
(608.1; :func:`pysolver.rules.activated.resolve_stacked`: nothing if the target is no longer legal,
608.2b). The cost may sacrifice the source (602.2b,
701.21a: it leaves the battlefield as the cost is paid, and dies, 700.4); the source deals the
damage as it last existed on the battlefield then (113.7a, 608.2h), so its deathtouch, lifelink,
wither, infect and protection qualities still apply. The damage's results are those of every
noncombat damage (``#program resolve_dies`` of ``encodings/triggers.lp``, one place for 120.3):
life loss or poison counters for a player (120.3a, 120.3b), damage marked or -1/-1 counters for a
creature (120.3e, 120.3d), loyalty and defense counters removed (120.3c, 120.3h), life gained
with lifelink (702.15b), destruction by deathtouch (704.5h, 702.2b) unless a regeneration shield
replaces it (701.19a); "Prevent all damage that would be dealt to ~" prevents it (615.1a), and so
does protection from a quality of the source for "each creature" (702.16e); a prevention shield prevents
what it can of the rest (615.7). State-based actions
follow (704.3; :func:`pysolver.rules.activated.activate`).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 1, "toughness": 1,
...                     "abilities": ["Lifelink", "{T}: ~ deals 1 damage to each creature and each player"]},
...                    {"id": "y", "controller": "b", "power": 2, "toughness": 2}]})
>>> after = deal(s, "each_creature_and_player", "", 1, lki(s, "x"))
>>> [p.life for p in after.players], [p.damage for p in after.permanents]  # a: -1, +4 (702.15b)
([23, 19], [1, 1])
"""

from __future__ import annotations

from dataclasses import replace

from ..model import Situation
from ..model.abilities import PINGS, CombatAbility
from ..model.moves import Trigger
from .triggers import _dealt_by, lki, power_in

__all__ = ["PINGS", "deal", "lki", "pinged", "power_in"]


def pinged(s: Situation, t: Trigger, ab: CombatAbility) -> Situation:
    """`s` after the damage ability `t` (`ab`, its target still legal, 608.2b) resolved, before state-based
    actions: :func:`deal` with "… and M damage to you / to itself" (115.10b: its controller, or the source);
    "damage equal to its power" is the source's power as it resolves if it is still on the battlefield, else
    as it last existed (608.2h, 113.7a; 107.1b: 0 if negative), and its information then; so is "the number of
    +1/+1 counters on ~" (122.1a) or of <name> counters (122.1); "That creature
    deals damage equal to its power to ~" follows (:func:`dealt_back`); "Tap that creature" (701.26a) and "That
    creature can't block this combat" (509.1b) act on the target after its damage (608.2c)."""
    known, amount = t.lki, t.amount if ab.x else ab.damage  # 107.3: the X chosen
    if ab.power_damage:
        if not s.permanent(t.source).left_battlefield:
            known = lki(s, t.source, power=True)
        amount = power_in(known)
    if ab.counters_damage:  # 122.1a: its +1/+1 counters now, or as it last existed (the permanent keeps them)
        amount = sum(n for dp, dt, n in s.permanent(t.source).pt_counters if (dp, dt) == (1, 1))
    if ab.counted:  # 122.1: its counters of that name, now or as it last existed
        amount = s.permanent(t.source).named(ab.counted)
    also = (t.controller if ab.also_to == "you" else t.source, ab.also_damage)
    after = deal(pumped(s, t.source, ab), "radiance" if ab.radiance else ab.target, t.target, amount, known, also)
    if ab.then_tap or ab.then_cant_block:  # 701.26a, 509.1b: the target, if still on the battlefield (400.7)
        after = replace(after, permanents=tuple(
            replace(x, tapped=x.tapped or ab.then_tap,
                    cant_block_this_turn=x.cant_block_this_turn or ab.then_cant_block)
            if x.id == t.target and not x.left_battlefield else x for x in after.permanents))
    return dealt_back(after, t.target, t.source) if ab.damage_back else after


def pumped(s: Situation, source: str, ab: CombatAbility) -> Situation:
    """ "{cost}: ~ gets +X/+Y until end of turn and deals N damage to you" (608.2c: the first effect, then the
    damage): the source's +X/+Y (613.4c) if it is still on the battlefield (400.7); `s` for any other ability."""
    if not (ab.power or ab.toughness) or s.permanent(source).left_battlefield:
        return s
    return replace(s, permanents=tuple(
        replace(x, until_end_of_turn=(x.until_end_of_turn[0] + ab.power, x.until_end_of_turn[1] + ab.toughness))
        if x.id == source else x for x in s.permanents))


def in_combat(s: Situation) -> set[str]:
    """The attacking and blocking creatures (506.4: on the battlefield, not removed from combat, 701.19a)."""
    declared = {a for a, _ in s.combat.attackers or ()} | {b for b, _ in s.combat.blockers or ()}
    return {p.id for p in s.permanents if p.id in declared and not p.left_battlefield and not p.removed_from_combat}


def dealt_back(s: Situation, creature: str, source: str) -> Situation:
    """ "That creature deals damage equal to its power to ~" (608.2c: after the first sentence's damage, before
    state-based actions, 704.3): `creature` as it now is (608.2h: still on the battlefield, though deathtouch
    damage is to destroy it, 704.5h; with the -1/-1 counters wither gave it, 120.3d) deals damage equal to its
    power to `source` if that is on the battlefield (no target, 115.10b)."""
    lasting = replace(s, permanents=tuple(replace(x, left_battlefield=False) if x.id == creature else x
                                          for x in s.permanents))
    known = lki(lasting, creature, power=True)
    return _dealt_by(s, "itself", source, power_in(known), known) if power_in(known) else s  # (120.8)


def deal(s: Situation, whom: str, target: str, amount: int, known: tuple[str, ...],
         also: tuple[str, int] = ("", 0)) -> Situation:
    """`s` after a source with the information `known` (:func:`lki`; it may have left the
    battlefield, 113.7a) dealt `amount` damage to `target` (a targeted ability) or to each of `whom`
    (``each_creature`` …, no target), before state-based actions: 120.3, 702.15b, 704.5h, 615.1a,
    702.16e. `also`: "… and M damage to you / to itself" (no target, 115.10b), the player or the source and
    M, dealt in the same event (120.3: to the target too, the sum; the source only while it is on the
    battlefield). 0 damage is no damage (120.8: nothing watching damage triggers).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 4,
    ...                     "abilities": ["{T}: ~ deals 2 damage to any target and 3 damage to itself"]}]})
    >>> [p.damage for p in deal(s, "any", "b", 2, lki(s, "x"), ("x", 3)).permanents]
    [3]
    >>> [p.damage for p in deal(s, "any", "x", 2, lki(s, "x"), ("x", 3)).permanents]
    [5]
    """
    recipient, more = also
    if target and recipient == target:
        amount, more = amount + more, 0
    # "each attacking or blocking creature target player controls" (608.2h): those of the player targeted
    kind = whom if whom in ("player_fighting", "radiance") else "dies_damage" if target else whom
    if kind == "player_fighting":
        known = tuple(sorted((*known, *(f'fighting("{c}")' for c in in_combat(s)))))
    after = s if not amount else _dealt_by(s, kind, target, amount, known)
    if not more:
        return after
    if recipient in s.player_names:  # 115.10b: "you", its controller
        return _dealt_by(after, "dies_damage", "", more, tuple(sorted((*known, "spec(you)"))))
    return _dealt_by(after, "itself", recipient, more, known)
