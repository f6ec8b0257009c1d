"""The two halves of a combat damage step (510.1) as questions to ``encodings/verify.lp``.

The active player announces how the attacking creatures assign their combat damage, then the
defending side, having seen it, how the blocking creatures assign theirs (510.1); the game tree
(:mod:`pysolver.game.gametree`) has a stage for each half. This module asks clingo for the
distinct results of a half (one per distinct effect: the projection of ``encodings/verify.lp``
onto the results of ``encodings/outcomes.lp``), for the result of a whole assignment, and for why
an announced half breaks 510.1.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2}],
...     "combat": {"attackers": {"x": "b"}, "blockers": {}}})
>>> [(r.assignment, others) for r, others in half_results(s, "attackers")]
[((('x', 'b', 2),), False)]
>>> step_result_of(s, (("x", "b", 2),)).life
(('a', 20), ('b', 18))
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import clingo

from ..asp.facts import atom, constant, program, situation_facts
from ..asp.solving import STEP_RESULTS, control, models, one_model
from ..errors import InputError
from ..model import Situation
from ..model.moves import DamageAssignment
from ..model.values import Violation
from ..rules import combat as c

HALF = STEP_RESULTS + ("verify",)


def half_results(s: Situation, deciding: str, fixed: tuple[Any, ...] = ()) -> Iterator[tuple[c.StepResult, bool]]:
    """The distinct results of one half of the next combat damage step: `deciding` is
    ``attackers`` (the active player's announcement, 510.1) or ``blockers`` (the defending
    side's, with the attackers' half `fixed` as announced). With each, whether the other half
    has creatures that assign damage in this step."""
    facts = situation_facts(s.with_combat(assignment=tuple(fixed) or None)) + "\n" + _deciding(deciding)
    ctl = control(HALF, facts, parts=("base", "choose_half", "choose_shares", *c.STEP_SHOWN),
                  args=("--models=0", "--project=project"))
    for symbols in models(ctl):
        others = any(sym.name == "half" and str(sym.arguments[1]) != deciding for sym in symbols)
        yield decided(s, c.step_result([sym for sym in symbols if sym.name != "half"])), others


def decided(s: Situation, r: c.StepResult) -> c.StepResult:
    """`r`, if the assignment alone decides it; an :class:`~pysolver.errors.InputError` if it depends on the order
    of another prevention effect and damage that becomes -1/-1 counters (616.1), or on which
    damage a prevention shield prevents (615.7: where sources whose damage does different things deal damage
    to the shielded permanent or player at once, or 616.1: where another effect prevents the same damage, the
    controller of what is shielded chooses), a choice the game tree has no move for (`outcomes` lists every
    result of it)."""
    if r.order_choices:  # 616.1
        who = sorted(r.order_choices)[0]
        raise InputError(s.source, "permanents", f"{who!r}: whether another prevention effect or its damage becoming "
                                                 "-1/-1 counters applies first is its controller's choice (616.1), "
                                                 "which verify, best and the game tree's damage halves do not model "
                                                 "(outcomes does)")
    if not r.shield_choices:
        return r
    who = sorted(r.shield_choices)[0]
    where = "players" if who in s.player_names else "permanents"
    raise InputError(s.source, where, f"{who!r}: which damage its prevention shield prevents is its controller's "
                                      "choice (615.7, 616.1), which verify, best and the game tree's damage halves "
                                      "do not model (outcomes does)")


def _deciding(half: str) -> str:
    """The fact selecting the half of ``encodings/verify.lp`` chosen or judged (510.1)."""
    return program([atom("deciding", constant(half))])


def step_result_of(s: Situation, assignment: tuple[Any, ...]) -> c.StepResult:
    """The result of the next damage step with this whole assignment (510.1, 704.3)."""
    facts = situation_facts(s.with_combat(assignment=tuple(assignment) or None))
    return decided(s, c.step_result(one_model(control(STEP_RESULTS, facts, parts=("base", *c.STEP_SHOWN)))))


def half_violations(s: Situation, deciding: str, half: tuple[Any, ...],
                    move: DamageAssignment) -> tuple[Violation, ...]:
    """Why one half's announced assignment is illegal: the step, the sources (attacking creatures in
    the attackers' half, 510.1), then 510.1's rules on this half's sources (``judge_half`` of
    ``encodings/verify.lp``); `half` is the attackers' half already announced (for the blockers')."""
    facts = situation_facts(s.with_combat(assignment=tuple(half) + move.assignment or None))
    ctl = control(HALF, facts + "\n" + _deciding(deciding), parts=("base", "judge_half"))
    atoms = one_model_atoms(ctl)
    step = next(str(a.arguments[0]) for a in atoms if a.match("step", 1))
    if move.step != step:
        return (Violation("510.4", f"this is the {step} combat damage step"),)
    attacking = {a for a, _ in s.combat.attackers or ()}
    wrong = [src for src, _, _ in move.assignment if (src in attacking) != (deciding == "attackers")]
    if wrong:
        return (Violation("510.1", f"{', '.join(wrong)} assign in the other half", tuple(wrong)),)
    bad = sorted(str(a.arguments[0]).strip('"') for a in atoms if a.match("half_violation", 1))
    return (Violation("510.1", f"the assignment of {', '.join(bad)} breaks the rules of combat damage",
                      tuple(bad)),) if bad else ()


def one_model_atoms(ctl: clingo.Control) -> list[clingo.Symbol]:
    """All atoms of the only model of a deterministic program."""
    for symbols in models(ctl, shown=False):
        return symbols
    raise RuntimeError("the program has no model")
