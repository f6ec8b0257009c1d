"""Who has a choice left once blockers are declared (docs/best.md): where only one side has, the rest
of the combat is a one-player game, whose value is its best reachable end.

After the declaration of blockers (509.1) what is left of the combat is the priority windows (117.3c-
117.4: face-up turns, 702.37e; pumps, regeneration and other activated abilities, 602.2), the
triggers' orders and targets (603.3b) and the combat damage assignment of each step (510.1). A side
has a choice where any of these is its:

* a window action of one of its permanents it can take now (mana is only spent and {T} only paid
  after blockers: an action it cannot pay for now it cannot pay for later);
* for the defender, a blocking creature blocking two or more attackers (510.1d: one blocking a
  single attacker assigns all its damage to it);
* for the attacker, an attacking creature blocked by two or more creatures (510.1c), or blocked
  and with trample (702.19b, 702.19c: its excess damage to the player or a blocker; or on a board
  where a static ability grants trample, 613.1f); an unblocked
  one assigns all its damage to the player it attacks (510.1a), one blocked by a single creature
  all to that creature (510.1c; none if it left combat);
* any trigger (603.3b): :func:`sides_with_choices` answers for boards without combat triggers only.

A side without any plays only passes: every line of play is the other side's choice, so each end
of combat reachable is one it can reach, and the value of the position is the best end for it.
"""

from __future__ import annotations

from collections import Counter

from ..model import Situation
from ..model.abilities import TRAMPLES, granted_kind
from ..rules import activated, pumps
from ..rules.bans import may_lift
from . import gametree as gt

RETURNS = ("persist", "undying")  # 702.79a, 702.93a: a returned creature may die again (two objects)


def sides_with_choices(p: gt.Position) -> frozenset[str]:
    """The sides (:data:`~pysolver.game.gametree.ACTIVE`, :data:`~pysolver.game.gametree.DEFENCE`) with
    a choice left in the combat after blockers at `p` (the module's list; the board has no combat
    trigger, :func:`pysolver.rules.triggers.has_triggers`).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3},
    ...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1},
    ...                    {"id": "z", "controller": "b", "power": 1, "toughness": 1}],
    ...     "combat": {"attackers": {"x": "b"}}})
    >>> sorted(sides_with_choices(gt.enter(gt.Stage.AFTER_BLOCKERS, s.with_combat(blockers=(("y", "x"),)))))
    []
    >>> sorted(sides_with_choices(gt.enter(gt.Stage.AFTER_BLOCKERS,
    ...                                    s.with_combat(blockers=(("y", "x"), ("z", "x"))))))
    ['active']
    """
    return window_sides(p.s) | damage_sides(p.s)


def window_sides(s: Situation) -> frozenset[str]:
    """The sides with a window action now (whichever blocks are declared: none changes mana, what is
    tapped, 508.1f, or face-down permanents): a face-down permanent with a way to be turned face up
    (702.37e; its cost aside), a pump or regeneration ability or another activated ability that
    acts in combat they can pay for (602.2b)."""
    defence = frozenset(p.name for p in s.players if p.name != s.active)
    return frozenset(side for side, players in ((gt.ACTIVE, frozenset({s.active})), (gt.DEFENCE, defence))
                     if _acts(s, players))


def damage_sides(s: Situation) -> frozenset[str]:
    """The sides with a choice in assigning combat damage (510.1c-d, 702.19b) under `s`'s blocks."""
    sides = set()
    blockers = s.combat.blockers or ()
    if any(n > 1 for n in Counter(b for b, _ in blockers).values()):
        sides.add(gt.DEFENCE)  # 510.1d
    blocked = Counter(a for _, a in blockers)
    # 613.1f: a trample a static ability grants (now or later in the combat: its source or condition may change)
    granted = any(granted_kind(x) in TRAMPLES for p in s.permanents if not p.left_battlefield for x in p.abilities)
    if any(n > 1 or granted or (TRAMPLES | {"as_unblocked"}) & s.permanent(a).kinds() for a, n in blocked.items()):
        sides.add(gt.ACTIVE)  # 510.1c, 702.19b; 510.1b: as though it weren't blocked
    return frozenset(sides)


def _acts(s: Situation, players: frozenset[str]) -> bool:
    return (any(p.controller in players and not p.left_battlefield and p.face_up_ways() for p in s.permanents)
            or pumps.activatable(s, players) or activated.activatable(s, players) or may_lift(s))  # (602.5)


def returns(s: Situation) -> bool:
    """Whether a creature may return to the battlefield (persist, undying): then a permanent may leave
    it twice in one combat, which an outcome's `destroyed` (by original id) does not tell."""
    return any(a.kind in RETURNS for p in s.permanents for a in p.abilities)

