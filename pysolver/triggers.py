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

Flanking (702.25) and afflict (702.130) can kill a blocker or end the game part-way, and a rampage
next to flanking counts the blockers still there (702.23b): those are :class:`Trigger` values the
game tree puts on the stack in an order the active player chooses (:func:`orders`, 603.3b) and
resolves one at a time (:func:`resolve_top`), state-based actions and a priority window after each
(117.3b, 117.5).

A situation file with a declaration is past its triggers: their effects are written in its
`until_end_of_turn` and `counters` (docs/situation.md).

>>> from pysolver.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "e", "controller": "a", "power": 1, "toughness": 1, "abilities": ["Exalted"]}]})
>>> after, stack = resolve(s.with_combat(attackers=(("x", "b"),)), ATTACK)
>>> after.permanent("x").until_end_of_turn, stack
((1, 1), ())
"""

from __future__ import annotations

from dataclasses import replace

from clingo import Function, Number, String, Symbol

from .abilities import TRIGGERS
from .facts import situation_facts
from .model import Permanent, Situation
from .moves import Trigger
from .solving import control, one_model, value

ATTACK, BLOCK = "attack_triggers", "block_triggers"  # the #program parts of encodings/triggers.lp
PROGRAM = ("characteristics", "combat", "attacks", "triggers")
Stack = tuple[Trigger, ...]  # abilities on the stack, the next to resolve first
Counters = dict[str, list[tuple[int, int, int]]]  # the counters put on each permanent: (+X, +Y, how many)


def has_triggers(s: Situation) -> bool:
    """Whether a permanent on the battlefield has a combat trigger on its face-up side (a face-down
    one may still be turned face up before a declaration, 702.37e)."""
    return any(a.kind in TRIGGERS for p in s.permanents if not p.left_battlefield for a in p.abilities)


def resolve(s: Situation, part: str) -> tuple[Situation, Stack]:
    """`s` (just declared) after the abilities its declaration triggered that resolve at once
    resolved (`part` is :data:`ATTACK` or :data:`BLOCK`), with the abilities that go on the stack.

    Those resolved at once raise power and toughness or put +1/+1 counters on, so no state-based
    action can follow from them (704.5f and 704.5g need toughness 0 or less or damage at least
    toughness, and the situation was settled before the declaration, 704.3): none is checked.
    Afflict that can't bring any player to 0 life (704.5a) resolves at once too: life loss
    changes nothing a face-up turn or another of these abilities does.
    """
    if not has_triggers(s):
        return s, ()
    pumps, counters, _, stack = _read(one_model(control(PROGRAM, situation_facts(s), parts=("base", part))))
    after = _applied(s, pumps, counters, {})
    if all(t.kind == "afflict" for t in stack):
        loss = {p.name: sum(t.amount for t in stack if t.target == p.name) for p in s.players}
        if all(loss[p.name] < p.life for p in s.players):
            return _applied(after, {}, {}, loss), ()
    return after, stack


def resolve_top(s: Situation, stack: Stack) -> Situation:
    """`s` after the top ability of `stack` resolved (608.2; ``#program resolve`` of
    ``encodings/triggers.lp``), before state-based actions (the game tree applies them, 704.3)."""
    t = stack[0]
    part = ("resolve", [Function(t.kind), String(t.source), String(t.target), Number(t.amount)])
    pumps, counters, loss, _ = _read(one_model(control(PROGRAM, situation_facts(s), parts=("base", part))))
    return _applied(s, pumps, counters, loss)


def orders(stack: Stack) -> list[Stack]:
    """Each distinct order the active player may put `stack` on the stack in (603.3b), as the
    order they resolve in: abilities with the same effect are interchangeable.

    >>> a, b = Trigger("afflict", "x", "bob", 1), Trigger("afflict", "y", "bob", 1)
    >>> orders((a, b, Trigger("afflict", "z", "bob", 2)))  # doctest: +ELLIPSIS
    [(Trigger(kind='afflict', source='x', ...), Trigger(..., amount=1), Trigger(..., amount=2)), ...]
    >>> len(_)
    3
    """
    if not stack:
        return [()]
    out: list[Stack] = []
    seen: set[tuple[str, str, int]] = set()
    for i, t in enumerate(stack):
        if t.effect not in seen:
            seen.add(t.effect)
            out += [(t, *rest) for rest in orders(stack[:i] + stack[i + 1:])]
    return out


def _read(symbols: list[Symbol]) -> tuple[dict[str, tuple[int, int]], Counters, dict[str, int], Stack]:
    """pump/3, counter/4, loses/2 and stacked/1 of a model of ``encodings/triggers.lp``."""
    pumps: dict[str, tuple[int, int]] = {}
    counters: Counters = {}
    loss: dict[str, int] = {}
    stack: list[Trigger] = []
    for sym in symbols:
        if sym.match("stacked", 1):
            t = sym.arguments[0]
            args = [value(a) for a in t.arguments]
            target = str(args[1]) if t.name in ("flanking", "afflict") else ""
            amount = next((x for x in args[1:-1] if isinstance(x, int)), 0)
            stack.append(Trigger(t.name, str(args[0]), target, amount))
            continue
        pid, *numbers = [value(a) for a in sym.arguments]
        n = [x for x in numbers if isinstance(x, int)]
        if sym.match("pump", 3):
            pumps[str(pid)] = (n[0], n[1])
        elif sym.match("counter", 4):
            counters.setdefault(str(pid), []).append((n[0], n[1], n[2]))
        elif sym.match("loses", 2):
            loss[str(pid)] = n[0]
    return pumps, counters, loss, tuple(sorted(stack, key=lambda t: (t.kind, t.source, t.target, t.amount)))


def _applied(s: Situation, pumps: dict[str, tuple[int, int]], counters: Counters, loss: dict[str, int]) -> Situation:
    """`s` with pumps (613.4c), counters (122.1a) and life loss (119.3) applied."""
    if not pumps and not counters and not any(loss.values()):
        return s
    players = tuple(replace(p, life=p.life - loss[p.name]) if loss.get(p.name) else p for p in s.players)
    return replace(s, players=players, permanents=tuple(_after(p, pumps.get(p.id, (0, 0)), counters.get(p.id, []))
                                                        for p in s.permanents))


def _after(p: Permanent, pump: tuple[int, int], counters: list[tuple[int, int, int]]) -> Permanent:
    """A permanent with `pump` added to its until-end-of-turn change (613.4c) and `counters`
    (+X/+Y kind, how many) put on it (122.1a)."""
    if pump != (0, 0):
        x, y = p.until_end_of_turn
        p = replace(p, until_end_of_turn=(x + pump[0], y + pump[1]))
    for dp, dt, n in counters:
        p = p.with_counters(dp, dt, n)
    return p
