"""Triggers of a priority window (603.2): "When ~ is turned face up, <effect>" (708.8) and "When ~ becomes
monstrous, <effect>" (701.37b).

Turning a permanent face up is a special action (116.2b, 702.37e, 702.168d): it doesn't use the stack, but
the abilities it triggers do. They are put on the stack the next time a player would receive priority
(603.3, 117.5): right after the action, its controller choosing each one's target as they put it (603.3d,
601.2c; a :class:`~pysolver.model.moves.TargetChoice`, as for death triggers; one with no legal target is
removed, 603.3d); then the player who took the action receives priority again (117.3c). Both players
passing resolves it (608.1): nothing if its target is no longer legal (608.2b), else its effect
(``encodings/window_triggers.lp``): damage dealt by its source (120.3, the noncombat damage of
:mod:`pysolver.rules.pingers`: its current characteristics while it is on the battlefield, else as it
last existed, 608.2h, 113.7a), +1/+1 counters (122.1a), +X/+Y or a keyword until end of turn (613.4c,
613.1f), destruction (701.8a; 702.12b indestructible; 701.19a a regeneration shield replaces it), a
regeneration shield (701.19a), tapping (701.26a). State-based actions follow (704.3) and the
creatures that died trigger in turn (:func:`pysolver.rules.triggers.died`).

>>> from pysolver.files.loader import situation_from_data
>>> from pysolver.rules.facedown import turn_face_up
>>> s = situation_from_data({"players": [{"name": "a", "mana": "{R}"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "m", "controller": "a", "power": 1, "toughness": 1, "face_down": True,
...                     "abilities": ["Morph {R}", "When ~ is turned face up, it deals 2 damage to any target"]},
...                    {"id": "y", "controller": "b", "power": 2, "toughness": 2, "abilities": ["Shroud"]}]})
>>> up = turn_face_up(s, (("m", "morph"),))
>>> [t.kind for t in turned(up, "m")], targets(up, turned(up, "m")[0])
(['turned_face_up'], ['a', 'b', 'm'])
>>> resolve(up, replace(turned(up, "m")[0], target="b")).player("b").life
18
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from clingo import Function, String, parse_term

from ..asp.facts import atom, program, situation_facts
from ..asp.solving import CHARACTERISTICS, control, one_model
from ..model import Combat, Permanent, Player, Situation
from ..model.abilities import WINDOW_TRIGGERS, WindowTrigger
from ..model.moves import Trigger
from .combat import has_statics, regenerate
from .pingers import deal, lki
from .statics import has_now

PROGRAM = CHARACTERISTICS + ("window_triggers",)
CACHED = 4096  # target sets and groups remembered by their situations (a search asks again)

__all__ = ["WINDOW_TRIGGERS", "effect_of", "may_kill", "present", "resolve", "targets", "turned"]


def window_abilities(p: Permanent, kind: str) -> list[WindowTrigger]:
    """The triggers of `kind` of a permanent's face-up side, in order (their `ability` numbers)."""
    return [a.value for a in p.abilities if a.kind == kind and isinstance(a.value, WindowTrigger)]


def present(s: Situation) -> bool:
    """Whether a permanent on the battlefield has a window trigger on its face-up side (a face-down one may
    be turned face up; bounds on what the combat can still do yield to them)."""
    return any(a.kind in WINDOW_TRIGGERS for p in s.permanents if not p.left_battlefield for a in p.abilities)


def effect_of(s: Situation, t: Trigger) -> WindowTrigger:
    """What trigger `t` does: ability `t.ability` of its kind on its source."""
    return window_abilities(s.permanent(t.source), t.kind)[t.ability]


def may_kill(s: Situation, t: Trigger) -> bool:
    """Whether a creature may leave the battlefield as `t` resolves (120.3, 701.8a, 704.5f): else no
    state-based action can follow from it."""
    return effect_of(s, t).may_kill


def triggered(s: Situation, pid: str, kind: str) -> tuple[Trigger, ...]:
    """The triggers of `kind` of `pid` on `s` (113.2c: each instance), controlled by its controller (603.3a),
    not yet targeted; `lki` names the source (608.2h reads each one's own information)."""
    p = s.permanent(pid)
    return tuple(Trigger(kind, pid, "", w.amount, p.controller, (str(Function("source", [String(pid)])),), j)
                 for j, w in enumerate(window_abilities(p, kind)))


def turned(s: Situation, pid: str) -> tuple[Trigger, ...]:
    """The "when ~ is turned face up" triggers of `pid`, just turned face up on `s` (708.8)."""
    return triggered(s, pid, "turned_face_up")


def _known(s: Situation, source: str) -> tuple[str, ...]:
    """608.2h, 113.7a: nothing while the source is on the battlefield (the programs read it there); else its
    information as it last existed there (:func:`pysolver.rules.pingers.lki` of its last state)."""
    p = s.permanent(source)
    if not p.left_battlefield:
        return ()
    lasting = replace(s, permanents=tuple(replace(x, left_battlefield=False) if x.id == source else x
                                          for x in s.permanents))
    return lki(lasting, source)


def targets(s: Situation, t: Trigger) -> list[str]:
    """The legal targets of window trigger `t` on `s` (603.3d, 601.2c, 115.1; ``#program window_targets``):
    `[""]` for one that has none (115.1), empty if it has a target and there is no legal one (603.3d)."""
    w = effect_of(s, t)
    return list(_targets(_board(s), t.source, w.whom_term, _known(s, t.source))) if w.targeted else [""]


def _board(s: Situation) -> Situation:
    """`s` without what no target or group reads (life, poison, mana, whether a permanent is tapped, and the
    declarations but where a static ability may read them, 611.3a: 115.1, 608.2h), so that the positions of a
    search that differ only there share their programs."""
    board = replace(s, players=tuple(Player(p.name) for p in s.players),
                    permanents=tuple(replace(p, tapped=False) for p in s.permanents))
    return board if has_statics(s) else replace(board, combat=Combat())


def _with(s: Situation, known: tuple[str, ...]) -> str:
    return situation_facts(s) + "\n" + program([atom("source_lki", parse_term(x)) for x in known])


@lru_cache(maxsize=CACHED)
def _targets(s: Situation, source: str, whom: str, known: tuple[str, ...]) -> tuple[str, ...]:
    parts = ("base", ("window_targets", [String(source), parse_term(whom)]), "show_window_targets")
    symbols = one_model(control(PROGRAM, _with(s, known), parts=parts))
    return tuple(sorted(sym.arguments[0].string for sym in symbols if sym.match("window_target", 1)))


@lru_cache(maxsize=CACHED)
def _group(s: Situation, source: str, whom: str, known: tuple[str, ...]) -> frozenset[str]:
    """The creatures a group effect reaches as it resolves (608.2h; ``#program window_resolve``)."""
    parts = ("base", ("window_targets", [String(source), parse_term(whom)]),
             ("window_resolve", [String(source), parse_term(whom)]))
    return frozenset(sym.arguments[0].string for sym in one_model(control(PROGRAM, _with(s, known), parts=parts)))


def resolve(s: Situation, t: Trigger) -> Situation:
    """`s` after window trigger `t` resolved (608.2), before state-based actions (the game tree applies them,
    704.3): nothing if its target is no longer legal (608.2b)."""
    w = effect_of(s, t)
    if w.targeted and t.target not in targets(s, t):
        return s
    if w.effect == "damage":  # 120.3: dealt by the source (608.2h), as an ability's noncombat damage
        p = s.permanent(t.source)
        known = lki(s, t.source) if not p.left_battlefield else _known(s, t.source)
        return deal(s, w.whom, t.target, w.amount, known)
    reached = {t.target} if w.targeted else _group(_board(s), t.source, w.whom_term, _known(s, t.source))
    return replace(s, permanents=tuple(_affected(s, p, w) if p.id in reached else p for p in s.permanents))


def _affected(s: Situation, p: Permanent, w: WindowTrigger) -> Permanent:
    """`p` after effect `w` (608.2): +X/+Y until end of turn (613.4c), N +1/+1 counters (122.1a), a keyword
    until end of turn (613.1f), a regeneration shield (701.19a), tapped (701.26a), "can't block this turn" (509.1b),
    or destroyed unless
    indestructible (701.8a, 702.12b; its regeneration shield used instead, 701.19a)."""
    if w.effect == "gets":
        return replace(p, until_end_of_turn=(p.until_end_of_turn[0] + w.power, p.until_end_of_turn[1] + w.toughness))
    if w.effect == "counters":
        return p.with_counters(1, 1, w.amount)
    if w.effect == "gains":
        return replace(p, keywords_until_end_of_turn=tuple(sorted({*p.keywords_until_end_of_turn, w.keyword})))
    if w.effect == "regenerate":
        return replace(p, regeneration_shields=p.regeneration_shields + 1)
    if w.effect == "tap":
        return replace(p, tapped=True)
    if w.effect == "cant_block":  # 509.1b, 611.2a
        return replace(p, cant_block_this_turn=True)
    assert w.effect == "destroy", w
    if has_now(s, p, "indestructible"):
        return p
    return regenerate(s, p) if p.regenerates and p.is_creature else replace(p, left_battlefield=True)  # 701.19c
