"""What static abilities give permanents now, for the rules the Python layers read themselves
(611.3a: an effect applies at every moment to whatever it describes; 613.1f: abilities granted in
layer 6; ``encodings/statics.lp``).

The programs read granted abilities through ``has/2``; a few rules are decided in Python on the
typed model: whether {T} can be paid (302.6: haste; 508.1f: vigilance, :mod:`pysolver.rules.activated`).
They ask :func:`has_now`, which adds what the board's static abilities grant at that moment.

>>> from pysolver.model import Permanent, Player, Situation
>>> s = Situation((Player("a"), Player("b")), "a", (
...     Permanent("lord", "a", power=1, toughness=1, abilities=("Other creatures you control have haste",)),
...     Permanent("x", "a", power=1, toughness=1, summoning_sick=True)))
>>> has_now(s, s.permanent("x"), "haste"), has_now(s, s.permanent("lord"), "haste")
(True, False)
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from ..asp.solving import CHARACTERISTICS
from ..model import Permanent, Situation
from ..model.abilities import STATICS, Static
from .combat import has_statics
from .states import one_state_answer

CACHED = 4096  # situations remembered (a search asks again at each action)


@lru_cache(maxsize=CACHED)
def granted(s: Situation) -> dict[str, frozenset[str]]:
    """The kinds of the abilities the static abilities of `s` grant each permanent on the battlefield now
    (613.1f; a face-down creature may be granted some, though it has none of its own, 708.2a); empty
    without static abilities."""
    if not has_statics(s):
        return {}
    found: dict[str, set[str]] = {}
    for sym in one_state_answer(CHARACTERISTICS, s, ("base", "show_granted")):
        pid, ability = sym.arguments
        found.setdefault(pid.string, set()).add(ability.name)
    return {pid: frozenset(kinds) for pid, kinds in found.items()}


def has_now(s: Situation, p: Permanent, kind: str) -> bool:
    """Whether `p` has an ability of `kind` now: its own (none face down, 708.2a), one a resolved pump
    gave it until end of turn or one a static ability grants it (613.1f)."""
    return (kind in p.keywords_until_end_of_turn or (not p.face_down and p.has(kind))
            or kind in granted(s).get(p.id, frozenset()))


def tapped(s: Situation, p: Permanent) -> bool:
    """Whether `p` is tapped: as the situation says, or attacking without vigilance (508.1f, 702.20b;
    its own or one a static ability grants it, 613.1f)."""
    if p.tapped:
        return True
    attacking = any(a == p.id for a, _ in s.combat.attackers or ())
    return attacking and not has_now(s, p, "vigilance")


def reads_tapped(s: Situation) -> bool:
    """Whether a permanent of the board (on the battlefield or not: one answer for every state of a combat) has a
    static ability that reads whether it is untapped (110.5: "~ has hexproof as long as it's untapped"): then
    tapping a permanent may change what it has.

    >>> from pysolver.model import Player
    >>> reads_tapped(Situation((Player("a"), Player("b")), "a", (
    ...     Permanent("o", "a", power=1, toughness=1, abilities=("~ has hexproof as long as it's untapped",)),)))
    True
    """
    return any(a.kind in STATICS and cast(Static, a.value).scope == "untapped"
               for p in s.permanents for a in p.abilities)
