"""Activated abilities that deal damage (120.3): "{cost}: ~ deals N damage to any target" and the
other targets of :data:`~pysolver.model.abilities.PING_TARGETS`, "... to each creature [with / without
flying] [and each player] / each player / each opponent" (no target, 115.1), "... and M damage to you /
to itself" (115.10b: no target, :func:`deal`).

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

from ..model import Situation
from ..model.abilities import PINGS
from .triggers import _dealt_by, lki

__all__ = ["PINGS", "deal", "lki"]


def deal(s: Situation, whom: str, target: str, amount: int, known: tuple[str, ...],
         also: tuple[str, int] = ("", 0)) -> Situation:
    """`s` after a source with the information `known` (:func:`lki`; it may have left the
    battlefield, 113.7a) dealt `amount` damage to `target` (a targeted ability) or to each of `whom`
    (``each_creature`` …, no target), before state-based actions: 120.3, 702.15b, 704.5h, 615.1a,
    702.16e. `also`: "… and M damage to you / to itself" (no target, 115.10b), the player or the source and
    M, dealt in the same event (120.3: to the target too, the sum; the source only while it is on the
    battlefield).

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
        return _dealt_by(s, "dies_damage", target, amount + more, known)
    after = _dealt_by(s, "dies_damage", target, amount, known) if target else _dealt_by(s, whom, "", amount, known)
    if not more:
        return after
    if recipient in s.player_names:  # 115.10b: "you", its controller
        return _dealt_by(after, "dies_damage", "", more, tuple(sorted((*known, "spec(you)"))))
    return _dealt_by(after, "itself", recipient, more, known)
