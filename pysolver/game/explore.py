"""What the searches for outcomes explore (:mod:`pysolver.game.outcomes`, :mod:`pysolver.game.fights`), and the
docs/results.md `line` of an outcome from the moves that reached it.

In a priority window a face-up turn is explored only if it may change the result
(:func:`pysolver.rules.combat.may_matter`, :func:`pysolver.rules.activated.may_become_targets`), an
activation only once a window and only where it may matter (:func:`pump_matters`), another activated
ability where it may (:func:`pysolver.rules.activated.may_matter`); other orders of the same actions
reach the same positions (117.3c, 608.2).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ..model import Situation
from ..model.abilities import ACTIVATED_KINDS, DEALT_TRIGGERS, ON_TARGET, WINDOW_TRIGGERS
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
from ..rules.bans import may_lift
from ..rules.facedown import turnable
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
    face-up turns that may matter (:func:`pysolver.rules.combat.may_matter`, a new target,
    :func:`pysolver.rules.activated.may_become_targets`) and activations that may
    (:func:`pump_matters`), or any with a death trigger, an activated ability, a window trigger or a damage
    trigger on the stack (any creature may be dealt damage or destroyed then, 120.3, 701.8a, and a response
    resolves first, 405.2); no needless order of putting triggers on the stack."""
    matter = c.may_matter(p.s, p.stage) | activated.may_become_targets(p.s) if p.stage in WINDOWS else set()
    # (damage, destruction or life loss waiting, 120.3, 701.8a, 119.3, a window trigger's effect, 708.8,
    # 701.37b, a target that may become illegal, 608.2b, or tokens to come, 111.1, a creature before or after
    # them: any response may matter)
    targeted = any(t.kind in DEATH_TRIGGERS or t.kind in ACTIVATED_KINDS or t.kind in WINDOW_TRIGGERS
                   or t.kind == ON_TARGET or t.kind in DEALT_TRIGGERS or t.kind == CREATE for t in p.stack)
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


IDLE_AFTER_ATTACKS = frozenset({"haste", "vigilance"})  # keywords read as attackers are declared


def idle(s: Situation, m: Activation) -> bool:
    """Whether an activation changes nothing the searches for outcomes can reach: once attackers are
    declared, a pump whose only effect is haste or vigilance or "~ can attack this turn as though it didn't have
    defender" (613.1f, 613.4c: no +X/+Y; 702.10b, 702.20b, 702.3b: read as attackers are declared, 508.1a, 508.1f;
    an attacking creature given vigilance
    stays tapped, :mod:`pysolver.rules.pumps`), unless haste lets a summoning-sick creature pay a {T} cost
    of its own (302.6, 702.10c). Its mana only leaves less for the others (106.4): skipping it loses no end.

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a", "mana": "{R}"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 4, "toughness": 4,
    ...                     "abilities": ["{R}: ~ gains haste until end of turn."]}]})
    >>> idle(s, Activation("beginning_of_combat", "x")), idle(s.with_combat(attackers=()), Activation("after_attackers",
    ...                                                                                          "x"))
    (False, True)
    """
    if s.combat.attackers is None:
        return False
    p = s.permanent(m.permanent)
    kind, pump = p.pump_abilities()[m.ability]
    pump = replace(pump, despite_defender=False)  # 702.3b: declared, the attackers are what they are (508.1a)
    if kind != "pump" or pump.power or pump.toughness or pump.counters or not pumps.waits(pump) \
            or not set(pump.keywords) <= IDLE_AFTER_ATTACKS:
        return False  # (122.6 counters, a cost or effect that does not wait: pysolver.rules.pumps.waits)
    if any(f"keyword({k})" in a.term for x in s.permanents for a in x.abilities for k in pump.keywords):
        return False  # a quality "with haste" (a static or trigger's creatures) reads it later (613.1f)
    return "haste" not in pump.keywords or not (p.summoning_sick and any(ab.tap for _, ab in p.combat_abilities()))


def acts_after_attacks(s: Situation) -> bool:
    """Whether the searches for outcomes explore anything in a priority window once attackers are declared
    (:func:`pysolver.game.gametree.acts_in_windows` less the activations that are :func:`idle`): a face-down
    permanent to turn face up (702.37e), an ability of :mod:`pysolver.rules.activated` (602.2) or a pump
    that is not idle. Where it does not, the windows after attackers offer the searches nothing."""
    return bool(turnable(s)) or activates_after_attacks(s)


def activates_after_attacks(s: Situation) -> bool:
    """Whether the searches for outcomes explore an activation once attackers are declared: an ability of
    :mod:`pysolver.rules.activated` (602.2) or a pump that is not :func:`idle`."""
    players = frozenset(pl.name for pl in s.players)
    return (activated.activatable(s) or any(not idle(s, m) for m in pumps.activations(s, Stage.AFTER_BLOCKERS, players))
            or may_lift(s))  # 602.5: a prohibition that may end


def pump_matters(p: gt.Position, m: Activation, moves: tuple[Move, ...]) -> bool:
    """Whether the walk explores an activation: each ability once a window (`times` says how often;
    other orders reach the same positions), before blocks only if it may not wait for the window
    after blockers (:func:`pysolver.rules.pumps.may_wait`), after blocks only if it can change the outcome
    (:func:`pysolver.rules.pumps.may_matter`)."""
    if not m.pay_with and any(isinstance(x, Activation) and (x.window, x.permanent, x.ability)
                              == (m.window, m.permanent, m.ability) for x in moves):
        return False  # (one whose cost sacrifices or taps permanents is activated once a move, 601.2h)
    if idle(p.s, m):
        return False
    if pumps.is_monstrosity(p.s, m) and (m.times > 1 or p.s.permanent(m.permanent).monstrous):
        return False  # 701.37a: a second activation, or one of a monstrous permanent, only spends mana
    if p.stage in (Stage.BEGINNING_OF_COMBAT, Stage.AFTER_ATTACKERS):
        return not pumps.may_wait(p.s, m)
    return pumps.may_matter(p.s, m)
