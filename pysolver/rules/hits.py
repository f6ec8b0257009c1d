"""Combat-damage triggers (510.3a, 603.2): "Whenever ~ deals combat damage to a player, …", and "Whenever you
gain life, …" (119.9), which a source with lifelink dealing combat damage sets off (702.15b, 702.15e: once for
each such source; the loader refuses a board where its controller may gain life otherwise).

A combat damage step's result (:class:`~pysolver.rules.combat.StepResult`) names, for each creature
with such an ability, what it dealt combat damage to (``hits``, ``encodings/outcomes.lp``: damage
prevented is not dealt, 702.16e). :func:`triggered` reads off ``encodings/hits.lp`` what that
triggers (603.2c: once for each recipient of the kind the ability names; each instance
separately, 113.2c; 708.2a: a face-down creature has none), looking at the creatures as they were
when the damage was dealt (a creature that dies of the same step's damage still triggers: the
ability exists independently of its source, 113.7a). They go on the stack after the step's
state-based actions, before a player gets priority (510.3a, 603.3), each player in APNAP order
putting their own in the order they choose (603.3b; :attr:`~pysolver.model.stage.Stage.PUT_TRIGGERS`
of the game tree, a :class:`~pysolver.model.moves.TargetChoice` each, whose `target` is fixed: the
player or creature the ability names, or, for "you gain N life", its controller, 603.3a; none of
them is a target, 115.1). A first-strike step's triggers resolve before the regular step (510.4,
117.3b): a counter put on then is there for the regular step. :func:`resolved` applies one
(``#program resolve_hit``): +1/+1 counters on the source if it is still there (122.1a, 400.7),
life lost or gained (119.3), a creature destroyed unless indestructible (701.8a, 702.12b), tapped
(701.26a) or given -1/-1 counters (122.1a), renown's counters and designation (702.112a, 603.4), +N/+N until
end of turn on the source (613.4c).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2,
...                     "abilities": ["Whenever ~ deals combat damage to a player, put a +1/+1 counter on it",
...                                   "Whenever ~ deals combat damage to a player, that player loses 1 life"]}],
...     "combat": {"attackers": {"x": "b"}, "blockers": {}}})
>>> stack = triggered(s, frozenset({("x", "b")}))
>>> [(t.kind, t.target, t.amount, t.controller) for t in stack]
[('hit_counters', 'x', 1, 'a'), ('hit_loss', 'b', 1, 'a')]
>>> after = resolved(resolved(s, stack[0]), stack[1])
>>> after.permanent("x").pt_counters, after.player("b").life
(((1, 1, 1),), 19)
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import cast

from clingo import Function, Number, String

from ..asp.facts import atom, program, situation_facts
from ..asp.reads import one_answer
from ..asp.solving import CHARACTERISTICS
from ..model import Situation
from ..model.abilities import GAINED, HIT_TRIGGERS, PaidHit
from ..model.mana import Mana, pays
from ..model.moves import Trigger
from .states import one_state_answer
from .triggers import apnap

HITS = CHARACTERISTICS + ("hits",)
CACHED = 4096  # programs remembered by their situations (searches reach the same states again)


def has_hit_triggers(s: Situation) -> bool:
    """Whether a permanent on the battlefield has a combat-damage trigger on its face-up side (bounds
    on what the combat can still do yield to them: they act after combat damage)."""
    return any(not p.left_battlefield and a.kind in HIT_TRIGGERS for p in s.permanents for a in p.abilities)


@lru_cache(maxsize=CACHED)
def triggered(s: Situation, hits: frozenset[tuple[str, str]]) -> tuple[Trigger, ...]:
    """The combat-damage triggers of a step dealt on `s` (as it was when the damage was dealt) in
    which each (source, recipient) of `hits` was dealt combat damage (``#program hit_triggers``), with
    their controllers (603.3a) and what each names (`target`), not yet put on the stack, in APNAP
    order of their controllers (101.4)."""
    if not hits:
        return ()
    facts = situation_facts(s) + "\n" + program([atom("hit", src, r) for src, r in sorted(hits)])
    found = []
    for sym in one_answer(HITS, facts, parts=("base", "hit_triggers")):
        if sym.match("hit_trigger", 5):
            source, kind, recipient, n, j = (sym.arguments[0].string, sym.arguments[1].name,
                                             sym.arguments[2].string, sym.arguments[3].number, sym.arguments[4].number)
            controller = s.permanent(source).controller
            target = {"hit_counters": source, "renown": source, "hit_gain": controller, "gained_loss": controller,
                      "hit_untap": source}.get(kind, source if kind in GAINED else recipient)
            # (which of its abilities it is: a paid one's cost is read as it resolves, :func:`cost_of`)
            found.append(Trigger(kind, source, target, n, controller, ability=j))
    order = apnap(s)
    return tuple(sorted(found, key=lambda t: (order.index(t.controller), t.kind, t.source, t.target, t.amount)))


def _paid_at(s: Situation, source: str, j: int) -> bool:
    """Whether ability `j` of `source` is a combat-damage trigger paid as it resolves (:class:`PaidHit`)."""
    abilities = s.permanent(source).abilities
    return j < len(abilities) and isinstance(abilities[j].value, PaidHit)


def cost_of(s: Situation, t: Trigger) -> Mana | None:
    """The mana combat-damage trigger `t` pays as it resolves ("you may pay {cost}. If you do, …", 118.12,
    603.5), or None if it has no such payment."""
    return cast(PaidHit, s.permanent(t.source).abilities[t.ability].value).cost \
        if _paid_at(s, t.source, t.ability) else None


def choices(s: Situation, t: Trigger) -> list[str]:
    """What combat-damage trigger `t` may be put on the stack naming: what it names (510.3a), and for one paid as
    it resolves also "" (its controller declines to pay, 603.5, 118.12: chosen as it is put on the stack, as for an
    attack trigger's "you may", pysolver.rules.triggers; in `outcomes` the same ends)."""
    return [t.target, ""] if cost_of(s, t) is not None else [t.target]


def interchangeable(s: Situation, t: Trigger) -> tuple[object, ...]:
    """What combat-damage trigger `t` does as it resolves (510.3a): equal for triggers one may be put in place of
    the other; a paid one's also names the ability whose cost it pays (:func:`cost_of`)."""
    return t.effect if cost_of(s, t) is None else (*t.effect, t.source, t.ability)


def is_hit(t: Trigger) -> bool:
    """Whether `t` is a combat-damage trigger (its `target` fixed as it triggered)."""
    return t.kind in HIT_TRIGGERS


@lru_cache(maxsize=CACHED)
def resolved(s: Situation, t: Trigger) -> Situation:
    """`s` after combat-damage trigger `t` resolved (608.2, ``#program resolve_hit``), before
    state-based actions (the game tree applies them, 704.3). One paid as it resolves (118.12, 603.5) does
    nothing if its controller declined (`t.target` "", :func:`choices`) or can't pay from what is left of their
    mana (601.2h, 106.4), else spends it first."""
    cost = cost_of(s, t)
    if cost is not None:
        me = s.player(t.controller)
        if not t.target or not pays(me.mana, me.spent + cost):
            return s
        s = replace(s, players=tuple(replace(p, spent=p.spent + cost) if p.name == t.controller else p
                                     for p in s.players))
    part = ("resolve_hit", [Function(t.kind), String(t.source), String(t.target), Number(t.amount)])
    plus: dict[str, int] = {}
    life: dict[str, int] = {}
    destroyed, renowned, tapped = set(), set(), set()
    minus: dict[str, int] = {}
    pumped: dict[str, int] = {}
    for sym in one_state_answer(HITS, s, ("base", part)):  # (one program per board)
        if sym.match("resolved_plus_counters", 2):
            plus[sym.arguments[0].string] = sym.arguments[1].number
        elif sym.match("life_change", 2):
            life[sym.arguments[0].string] = sym.arguments[1].number
        elif sym.match("resolved_destroyed", 1):
            destroyed.add(sym.arguments[0].string)
        elif sym.match("resolved_renowned", 1):  # 702.112a
            renowned.add(sym.arguments[0].string)
        elif sym.match("resolved_tapped", 1):  # 701.26a
            tapped.add(sym.arguments[0].string)
        elif sym.match("resolved_minus_counters", 2):  # 122.1a
            minus[sym.arguments[0].string] = sym.arguments[1].number
        elif sym.match("resolved_pumped", 2):  # 613.4c
            pumped[sym.arguments[0].string] = sym.arguments[1].number
    players = tuple(replace(p, life=p.life + life.get(p.name, 0)) for p in s.players)
    permanents = tuple(replace(p, left_battlefield=p.left_battlefield or p.id in destroyed,
                               renowned=p.renowned or p.id in renowned, tapped=p.tapped or p.id in tapped,
                               until_end_of_turn=(p.until_end_of_turn[0] + pumped.get(p.id, 0),
                                                  p.until_end_of_turn[1] + pumped.get(p.id, 0)))
                       .with_counters(1, 1, plus.get(p.id, 0)).with_counters(-1, -1, minus.get(p.id, 0))
                       for p in s.permanents)
    return replace(s, players=players, permanents=permanents)
