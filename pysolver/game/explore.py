"""What the searches for outcomes explore (:mod:`pysolver.game.outcomes`, :mod:`pysolver.game.fights`), and the
docs/results.md `line` of an outcome from the moves that reached it.

In a priority window a face-up turn is explored only if it may change the result
(:func:`pysolver.rules.combat.may_matter`), an activation only once a window and only where it may
matter (:func:`pump_matters`), another activated ability where it may
(:func:`pysolver.rules.activated.may_matter`); other orders of the same actions reach the same
positions (117.3c, 608.2).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Situation
from ..model.abilities import STACKED
from ..model.moves import (
    DEATH_TRIGGERS,
    AbilityActivation,
    Activation,
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    FaceUp,
    Move,
    TargetChoice,
    TriggerOrder,
)
from ..model.stage import WINDOWS, Stage
from ..model.values import Line
from ..rules import activated, pumps, tokens
from ..rules import combat as c
from ..rules.triggers import CREATE
from . import gametree as gt


def line(final: Situation, moves: tuple[Move, ...]) -> Line:
    """The docs/results.md `line` of an outcome: the declarations (as the final situation has them), the
    face-up turns, the order of the block triggers put on the stack (if chosen), the death triggers
    put on the stack with their targets (if any) and each step's assignment among `moves`."""
    steps = {m.step: DamageAssignment.of(m.step, m.assignment) for m in moves if isinstance(m, DamageAssignment)}
    orders = [m for m in moves if isinstance(m, TriggerOrder)]  # 603.3b: the order the active player chose
    return Line(AttackDeclaration.of(tokens.declared(final.combat.attackers or ())),  # (508.4: never declared)
                BlockDeclaration.of(final.combat.blockers or ()),
                tuple(m for m in moves if isinstance(m, FaceUp)), steps.get("first_strike"), steps.get("regular"),
                tuple(m for m in moves if isinstance(m, (Activation, AbilityActivation))),
                orders[-1] if orders else None,
                # 603.3b, 603.3d: the death triggers in the order put on the stack, with their targets
                tuple(m for m in moves if isinstance(m, TargetChoice)))


def explores(p: gt.Position, moves: tuple[Move, ...]) -> Iterator[tuple[Move, gt.Position]]:
    """The moves of `p` the searches for outcomes explore, with their positions: in a window only
    face-up turns that may matter (:func:`pysolver.rules.combat.may_matter`) and activations that may
    (:func:`pump_matters`), or any with a death trigger on the stack (any creature may be dealt damage
    then, 120.3); no needless order of putting triggers on the stack."""
    matter = c.may_matter(p.s, p.stage) if p.stage in WINDOWS else set()
    # (damage, life waiting; tokens to come, 111.1: a creature before or after them)
    targeted = any(t.kind in DEATH_TRIGGERS or t.kind in STACKED or t.kind == CREATE for t in p.stack)
    for m, child in p.successors():
        if isinstance(m, FaceUp) and m.permanent not in matter and not targeted:
            continue
        if isinstance(m, Activation) and not (targeted or pump_matters(p, m, moves)):
            continue
        if isinstance(m, AbilityActivation) and not (targeted or activated.may_matter(p.s, p.stage, m)):
            continue
        if p.needless_put(m):
            continue
        yield m, child


def pump_matters(p: gt.Position, m: Activation, moves: tuple[Move, ...]) -> bool:
    """Whether the walk explores an activation: each ability once a window (`times` says how often;
    other orders reach the same positions), before blocks only if it may not wait for the window
    after blockers (:func:`pysolver.rules.pumps.may_wait`), after blocks only if it can change the outcome
    (:func:`pysolver.rules.pumps.may_matter`)."""
    if any(isinstance(x, Activation) and (x.window, x.permanent, x.ability) == (m.window, m.permanent, m.ability)
           for x in moves):
        return False
    if p.stage in (Stage.BEGINNING_OF_COMBAT, Stage.AFTER_ATTACKERS):
        return not pumps.may_wait(p.s, m)
    return pumps.may_matter(p.s, m)
