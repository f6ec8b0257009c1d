"""Static abilities that prohibit activating abilities (602.5: "A player can't begin to activate an ability that's
prohibited from being activated"): "Activated abilities of creatures [your opponents control] can't be activated"
(Linvala, Keeper of Silence). Every activated ability is meant, mana abilities too (605.3a: a mana ability is
activated as any other, 602.2); turning a face-down permanent face up is a special action (116.2b, 702.37e), not
an activated ability. The prohibition holds while its source is on the battlefield face up (611.3a, 708.2a), so a
creature of the opponent may activate again once the source left the battlefield (in a first-strike damage step,
say).

>>> from pysolver.model import Permanent, Player, Situation
>>> s = Situation((Player("a"), Player("b")), "a", (
...     Permanent("linvala", "a", power=3, toughness=3,
...               abilities=("Activated abilities of creatures your opponents control can't be activated",)),
...     Permanent("x", "b", power=1, toughness=1, abilities=("{R}: ~ gets +1/+0 until end of turn",))))
>>> banned(s, s.permanent("x")), banned(s, s.permanent("linvala"))
(True, False)
"""

from __future__ import annotations

from functools import lru_cache

from ..model import Permanent, Situation

BAN = "activation_ban"


def banned(s: Situation, p: Permanent) -> bool:
    """Whether the activated abilities of `p` can't be activated now (602.5): it is a creature, and a face-up
    permanent on the battlefield (611.3a, 708.2a) has an :data:`BAN` of all creatures or of those of its
    controller's opponents (102.2)."""
    return p.is_creature and any(whose == "all" or controller != p.controller for controller, whose in _bans(s))


@lru_cache(maxsize=4096)
def _bans(s: Situation) -> tuple[tuple[str, str], ...]:
    """The controller and scope (all, opponents) of each :data:`BAN` in effect now (611.3a, 708.2a)."""
    return tuple((q.controller, str(a.value)) for q in s.permanents if not q.left_battlefield and not q.face_down
                 for a in q.abilities if a.kind == BAN)


def may_lift(s: Situation) -> bool:
    """Whether a prohibition may end during the combat and so allow activations not possible now: its source is a
    creature (it may leave the battlefield, in a first-strike damage step say, 510.4, 704.5f) and a creature it may
    reach has an activated ability. The searches then neither split the combat into fights (its leaving in one fight
    changes what another may do, pysolver.game.fights) nor take "nobody can activate now" for "nobody can later"
    (pysolver.game.gametree.acts_in_windows)."""
    sources = [q for q in s.permanents if not q.left_battlefield and q.is_creature and q.has(BAN)]
    return bool(sources) and any(
        x.is_creature and not x.left_battlefield and (x.pump_abilities() or x.combat_abilities())
        and any(a.value == "all" or q.controller != x.controller for q in sources for a in q.abilities
                if a.kind == BAN)
        for x in s.permanents)
