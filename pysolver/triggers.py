"""Combat triggers (603.2): what a declaration triggers, resolved before the next priority window.

Abilities that trigger on attacking trigger as the attackers are declared (508.2a, 508.3a); those
that trigger on blocking or on becoming blocked as the blockers are (509.2a, 509.3a, 509.3c). They
are put on the stack the next time a player would receive priority (603.3, 117.5) and resolve in
that same step, before the next declaration: ``encodings/triggers.lp`` says what each does
(exalted 702.83, battle cry 702.91, melee 702.121, dethrone 702.105, bushido 702.45, rampage
702.23, the "Whenever ~ attacks / blocks / becomes blocked, it gets +X/+Y until end of turn"
lines); :func:`resolve` applies it to the situation: the +X/+Y to `until_end_of_turn` (613.4c,
layer 7c), the counters to the permanent's counters (122.1a). So the power that blocking
restrictions read is the power after the attack triggers resolved.

A situation file with a declaration is past its triggers: their effects are written in its
`until_end_of_turn` and `counters` (docs/situation.md).

>>> from pysolver.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "e", "controller": "a", "power": 1, "toughness": 1, "abilities": ["Exalted"]}]})
>>> after = resolve(s.with_combat(attackers=(("x", "b"),)), ATTACK)
>>> after.permanent("x").until_end_of_turn
(1, 1)
"""

from __future__ import annotations

from dataclasses import replace

from .abilities import TRIGGERS
from .facts import situation_facts
from .model import Permanent, Situation
from .solving import control, one_model, value

ATTACK, BLOCK = "attack_triggers", "block_triggers"  # the #program parts of encodings/triggers.lp
PROGRAM = ("characteristics", "combat", "triggers")


def has_triggers(s: Situation) -> bool:
    """Whether a permanent on the battlefield has a combat trigger on its face-up side (a face-down
    one may still be turned face up before a declaration, 702.37e)."""
    return any(a.kind in TRIGGERS for p in s.permanents if not p.left_battlefield for a in p.abilities)


def resolve(s: Situation, part: str) -> Situation:
    """`s` (just declared) after the abilities its declaration triggered resolved: `part` is
    :data:`ATTACK` or :data:`BLOCK`.

    They raise power and toughness only or put +1/+1 counters on, so no state-based action can
    follow from them (704.5f and 704.5g need toughness 0 or less or damage at least toughness,
    and the situation was settled before the declaration, 704.3): none is checked.
    """
    if not has_triggers(s):
        return s
    pumps: dict[str, tuple[int, int]] = {}
    counters: dict[str, int] = {}
    for sym in one_model(control(PROGRAM, situation_facts(s), parts=("base", part))):
        pid, *numbers = [value(a) for a in sym.arguments]
        n = [x for x in numbers if isinstance(x, int)]
        if sym.match("pump", 3):
            pumps[str(pid)] = (n[0], n[1])
        elif sym.match("counter", 4) and n[:2] == [1, 1]:
            counters[str(pid)] = n[2]
    if not pumps and not counters:
        return s
    return replace(s, permanents=tuple(_after(p, pumps.get(p.id, (0, 0)), counters.get(p.id, 0))
                                       for p in s.permanents))


def _after(p: Permanent, pump: tuple[int, int], plus: int) -> Permanent:
    """A permanent with `pump` added to its until-end-of-turn change (613.4c) and `plus` +1/+1
    counters put on it (122.1a)."""
    if pump == (0, 0) and not plus:
        return p
    x, y = p.until_end_of_turn
    return replace(p, until_end_of_turn=(x + pump[0], y + pump[1]), plus_counters=p.plus_counters + plus)
