"""The combat as a game tree (506.1): positions, who moves, lazy legal moves, ``push``.

In the manner of python-chess (``board.legal_moves``, ``board.push(move)``), a :class:`Position`
is a situation plus the point of the combat it is at; its moves are the typed values of
:mod:`pysolver.model.moves`; :meth:`Position.push` returns the position after a move (positions are
immutable and hashable, so searches use them as keys of a transposition table).

The stages, in order (506.1, docs/verify.md):

* the beginning-of-combat window (507.2), if attackers are not declared yet;
* declare attackers (508.1), by the active player; its window (508.2);
* declare blockers (509.1), by the defending side; its window (509.2); no attackers, no declare
  blockers and no damage steps (508.8);
* each combat damage step (510; a first-strike step first when 510.4 says so): the active player
  announces the attacking creatures' assignment, then the defending side, having seen it, the
  blocking creatures' (510.1); state-based actions follow (704.3); a player at 0 or less life
  after the first-strike step has lost (104.3b, 704.5a) and the combat ends there; the window
  between the steps (510.3);
* the end.

In a window the active player has priority first (117.3b); a player may turn one face-down
permanent they control face up (a special action, 116.2b, 702.37e) and receives priority again
(117.3c), activate a pump ability (602, :mod:`pysolver.rules.pumps`; it resolves, 608.2, and the active
player receives priority, 117.3b), or pass; the window closes when both players pass in
succession (117.4). A window in which nobody can do either is skipped.

At a damage half the legal moves are one assignment per distinct effect (the projection of
``encodings/verify.lp`` onto the results of ``encodings/outcomes.lp``); ``push`` accepts any
legal assignment.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 2}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}]})
>>> p = root(s)
>>> p.stage, p.to_move()
('declare_attackers', 'active')
>>> [m.to_json() for m in p.legal_moves()]
[{'attacks': []}, {'attacks': [['x', 'b']]}]
>>> p = p.push(AttackDeclaration.of([("x", "b")]))
>>> [m.to_json() for m in p.legal_moves()]
[{'blocks': []}, {'blocks': [['y', 'x']]}]
>>> p = p.push(BlockDeclaration.of([]))
>>> p = p.push(DamageAssignment.of("regular", [("x", "b", 2)]))
>>> p = p.push(DamageAssignment.of("regular", []))
>>> p.stage, p.s.player("b").life
('end', 0)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import clingo

from ..asp.facts import atom, constant, program, situation_facts
from ..asp.solving import STEP_RESULTS, control, models, one_model
from ..model import Situation
from ..model.moves import (
    Activation,
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    FaceUp,
    Move,
    Pass,
    TargetChoice,
    Trigger,
    TriggerOrder,
    Triple,
)
from ..model.values import IllegalMoveError, Violation
from ..rules import combat as c
from ..rules import pumps
from ..rules.facedown import face_up_choices, turnable
from ..rules.steps import StepPrograms
from ..rules.triggers import (
    ATTACK,
    BLOCK,
    NONE_LEAVES,
    PROVOKE,
    Stack,
    apnap,
    died,
    has_triggers,
    orders,
    provokes,
    resolve,
    resolve_top,
    targets,
)

ACTIVE, DEFENCE = "active", "defence"
ATTACKERS_HALF = "attackers_damage"   # the active player announces the attackers' assignment (510.1)
BLOCKERS_HALF = "blockers_damage"     # then the defending side the blockers' (510.1)
ORDER_TRIGGERS = "order_triggers"     # the active player orders their block triggers (603.3b)
PUT_TRIGGERS = "put_triggers"         # death and provoke triggers put on the stack with targets, APNAP (603.3b, 603.3d)
WINDOWS = (c.BEGINNING_OF_COMBAT, c.ATTACKERS_WINDOW, c.BLOCKERS_WINDOW, c.FIRST_STRIKE_WINDOW, c.DAMAGE_WINDOW)
DECIDES = {c.DECLARE_ATTACKERS: ACTIVE, c.DECLARE_BLOCKERS: DEFENCE, ATTACKERS_HALF: ACTIVE,
           BLOCKERS_HALF: DEFENCE, ORDER_TRIGGERS: ACTIVE}
HALF = STEP_RESULTS + ("verify",)


@dataclass(frozen=True)
class Position:
    """A situation at one point of the combat. In a window: who has priority (`mover`) and whether
    the other player passed last (`passed`, 117.4); at the blockers' half: the attackers' half as
    announced (`half`). `whole` (not part of the identity) caches the step's result when the
    blockers assign no damage in it. `stack`: triggered abilities waiting to resolve
    (:mod:`pysolver.rules.triggers`), the next first; in a window, both players passing resolves it (608.1)."""

    stage: str
    s: Situation
    mover: str = ""
    passed: bool = False
    half: tuple[Triple, ...] = ()
    whole: c.StepResult | None = field(default=None, compare=False, repr=False)
    stack: Stack = ()
    pending: Stack = ()  # death triggers still to be put on the stack (603.3), then `resume` opens
    resume: str = ""
    parent: Position | None = field(default=None, compare=False, repr=False)  # before the pushed move
    move: Move | None = field(default=None, compare=False, repr=False)  # the move pushed to reach it

    def to_move(self) -> str | None:
        """``active``, ``defence`` or None at the end."""
        if self.stage == c.END:
            return None
        if self.stage == PUT_TRIGGERS:
            return ACTIVE if self.putter() == self.s.active else DEFENCE
        return self.mover if self.stage in WINDOWS else DECIDES[self.stage]

    def putter(self) -> str:
        """At :data:`PUT_TRIGGERS`: the player who puts their death triggers on the stack now, the
        first in APNAP order with some left (603.3b, 101.4)."""
        return next(pl for pl in apnap(self.s) if any(t.controller == pl for t in self.pending))

    def pending_of(self, move: TargetChoice) -> Trigger | None:
        """The putter's pending death trigger that `move` puts on the stack (same kind, source and N)."""
        t = move.trigger
        return next((x for x in self.pending if x.controller == self.putter()
                     and (x.kind, x.source, x.amount) == (t.kind, t.source, t.amount)), None)

    def target_choices(self) -> list[TargetChoice]:
        """At :data:`PUT_TRIGGERS`: each of the putter's triggers (one of those with equal effects:
        the same kind, N and last known information of the source) with each legal target
        (603.3d, 601.2c, 115.4)."""
        pl, seen, out = self.putter(), set(), []
        for t in self.pending:  # the source is gone: its last known information deals the damage (608.2h)
            if t.controller == pl and (t.kind, t.amount, t.lki) not in seen:
                seen.add((t.kind, t.amount, t.lki))
                out += [TargetChoice(replace(t, target=x)) for x in targets(self.s, t)]
        return out

    def needless_put(self, move: Move) -> bool:
        """Whether a search may skip `move` at :data:`PUT_TRIGGERS` with no outcome lost: the putter's
        pending triggers are all provoke and nobody can act in the windows, so the order they are put
        in changes nothing (each resolves to an untap and a block requirement, 702.39a, and no target
        can become illegal between the resolutions, 608.2b); only the first pending one is put first.
        It stays a legal move (:meth:`illegal`)."""
        if self.stage != PUT_TRIGGERS or not isinstance(move, TargetChoice) or acts_in_windows(self.s):
            return False
        mine = [x for x in self.pending if x.controller == self.putter()]
        if any(x.kind != PROVOKE for x in mine):
            return False
        first = mine[0]
        return (move.trigger.kind, move.trigger.source, move.trigger.amount) != (first.kind, first.source, first.amount)

    def players(self, side: str | None = None) -> frozenset[str]:
        """The players of a side (default: the side to move): the active player or the defending
        players (one side: what any of them may do, they may do together)."""
        side = side or self.to_move()
        if side == ACTIVE:
            return frozenset({self.s.active})
        return frozenset(p.name for p in self.s.players if p.name != self.s.active)

    def name(self, side: str | None = None) -> str:
        return ", ".join(sorted(self.players(side)))

    def is_end(self) -> bool:
        return self.stage == c.END

    def legal_moves(self) -> Iterator[Move]:
        """Every legal move, lazily (damage halves: one assignment per distinct effect)."""
        return (m for m, _ in self.successors())

    def successors(self) -> Iterator[tuple[Move, Position]]:
        """Each legal move with the position it leads to, lazily."""
        s = self.s
        if self.stage in WINDOWS:
            turns: list[Move] = [FaceUp(self.stage, ids[0], _cost(s, ids[0]))
                                 for ids in face_up_choices(s, self.players()) if len(ids) == 1]
            turns += pumps.activations(s, self.stage, self.players())
            for move in (Pass(self.stage, self.name()), *turns):  # passing first: the plainest line
                yield move, self._play(move)
        elif self.stage == ORDER_TRIGGERS:
            for order in orders(self.stack):
                move = TriggerOrder(order)
                yield move, self._play(move)
        elif self.stage == PUT_TRIGGERS:
            for choice in self.target_choices():
                yield choice, self._play(choice)
        elif self.stage == c.DECLARE_ATTACKERS:
            for attack in s.legal_attacks:
                yield attack, self._play(attack)
        elif self.stage == c.DECLARE_BLOCKERS:
            for block in s.legal_blocks:
                yield block, self._play(block)
        elif self.stage == ATTACKERS_HALF:
            for r, blockers_deal in half_results(s, "attackers"):
                child = Position(BLOCKERS_HALF, s, half=r.assignment, whole=None if blockers_deal else r)
                yield DamageAssignment(r.step, r.assignment), child
        elif self.stage == BLOCKERS_HALF:
            results = [self.whole] if self.whole is not None else (r for r, _ in half_results(s, "blockers", self.half))
            for r in results:
                mine = tuple(t for t in r.assignment if t not in self.half)
                yield DamageAssignment(r.step, mine), after_step(s, r)

    def push(self, move: Move, *, trusted: bool = False) -> Position:
        """The position after `move`; :class:`~pysolver.model.values.IllegalMoveError` with the cited
        violations if it is not legal here (unless `trusted`: a move a generator of this module gave
        for this position; the searches' pushes, which keep no move stack for :meth:`pop`, so that
        positions kept in a transposition table hold no chain of earlier ones)."""
        if trusted:
            return self._play(move)
        violations = self.illegal(move)
        if violations:
            raise IllegalMoveError(move, violations)
        return replace(self._play(move), parent=self, move=move)

    def pop(self) -> Position:
        """The position before the last pushed move (python-chess's ``board.pop()``; positions are
        immutable, so this one stays as it is); IndexError at a position reached by no push.

        >>> from pysolver.files.loader import situation_from_data
        >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
        ...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2}]})
        >>> p = root(s).push(AttackDeclaration.of([("x", "b")]))
        >>> [m.to_json() for m in p.move_stack], p.pop() == root(s)
        ([{'attacks': [['x', 'b']]}], True)
        """
        if self.parent is None:
            raise IndexError("pop from a position reached by no push")
        return self.parent

    @property
    def move_stack(self) -> tuple[Move, ...]:
        """The moves pushed from the first position to this one, in order (python-chess's
        ``board.move_stack``)."""
        moves: list[Move] = []
        p: Position | None = self
        while p is not None and p.move is not None:
            moves.append(p.move)
            p = p.parent
        return tuple(reversed(moves))

    def illegal(self, move: Move) -> tuple[Violation, ...]:
        """The rules `move` breaks here (none if it is legal); declarations are judged by the
        legal-move collections of :mod:`pysolver.game.position` (``s.legal_attacks.why``)."""
        s, stage = self.s, self.stage
        if stage in WINDOWS:
            if isinstance(move, Pass):
                return () if (move.window, move.player) == (stage, self.name()) else \
                    (Violation("117.3d", f"not this window or player: {self.name()} has priority in {stage}"),)
            if isinstance(move, Activation):
                return pumps.illegal(s, stage, self.players(), move)
            if not isinstance(move, FaceUp) or move.window != stage:
                return (Violation("117.3", "only face-up turns (116.2b), activations (602.2) and passing in a "
                                           "priority window"),)
            if (move.permanent,) not in face_up_choices(s, self.players(), among=(move.permanent,)):
                return (Violation("702.37e", f"{move.permanent} can't be turned face up by {self.name()} now"),)
            cost = _cost(s, move.permanent)
            return () if move.cost == cost else (Violation("702.37e", f"its cost is {cost}"),)
        if stage == ORDER_TRIGGERS:
            ok = isinstance(move, TriggerOrder) and move.resolves in orders(self.stack)
            return () if ok else (Violation("603.3b", "the active player orders the triggered abilities now"),)
        if stage == PUT_TRIGGERS:
            pending = self.pending_of(move) if isinstance(move, TargetChoice) else None
            if pending is None or not isinstance(move, TargetChoice):
                return (Violation("603.3b", f"{self.putter()} puts one of their triggers on the stack now"),)
            legal = targets(s, pending)
            return () if move.trigger.target in legal else \
                (Violation("115.4", f"{move.trigger.target or 'no target'} is not a legal target "
                                    f"({', '.join(x or 'none' for x in legal)}; 601.2c, 702.16b)"),)
        if stage == c.DECLARE_ATTACKERS:
            if not isinstance(move, AttackDeclaration):
                return (Violation("508.1", "attackers are declared now"),)
            return s.legal_attacks.why(move)
        if stage == c.DECLARE_BLOCKERS:
            if not isinstance(move, BlockDeclaration):
                return (Violation("509.1", "blockers are declared now"),)
            return s.legal_blocks.why(move)
        if stage in (ATTACKERS_HALF, BLOCKERS_HALF):
            if not isinstance(move, DamageAssignment):
                return (Violation("510.1", "combat damage is assigned now"),)
            return _half_violations(s, stage, self.half, move)
        return (Violation("511.3", "the combat is over"),)

    def _play(self, move: Move) -> Position:
        s, stage = self.s, self.stage
        if isinstance(move, Pass):
            if self.passed:  # 117.4: both players passed in succession; 608.1: the top of the stack resolves
                return resolved(stage, s, self.stack) if self.stack else enter(c.WINDOW_NEXT[stage], s)
            return Position(stage, s, _other(self.mover), True, stack=self.stack)
        if isinstance(move, FaceUp):  # 117.3c: the player receives priority again
            return Position(stage, c.face_up(s, (move.permanent,)), self.mover, False, stack=self.stack)
        if isinstance(move, Activation):  # 608.2 resolved, then 117.3b: the active player receives priority
            return Position(stage, pumps.activate(s, move), ACTIVE, False, stack=self.stack)
        if isinstance(move, TriggerOrder):  # 603.3b, then priority (117.3b)
            return enter(c.BLOCKERS_WINDOW, s, move.resolves)
        if isinstance(move, TargetChoice):  # 603.3: the last put on resolves first (405.2)
            pending = self.pending_of(move)
            assert pending is not None
            left = list(self.pending)
            left.remove(pending)
            return putting(self.resume, s, (replace(pending, target=move.trigger.target), *self.stack), tuple(left))
        if isinstance(move, AttackDeclaration):  # 508.2a: the attack triggers resolve before the window
            declared = resolve(s.with_combat(attackers=move.attacks), ATTACK)[0]
            return putting(c.ATTACKERS_WINDOW, declared, (), provokes(declared))  # 702.39a: put with targets
        if isinstance(move, BlockDeclaration):  # 509.2a: so do the block triggers, or they go on the stack
            declared, stack = resolve(s.with_combat(blockers=move.blocks), BLOCK)
            if len(orders(stack)) > 1:
                return Position(ORDER_TRIGGERS, declared, stack=stack)
            return enter(c.BLOCKERS_WINDOW, declared, stack)
        assert isinstance(move, DamageAssignment)
        if stage == ATTACKERS_HALF:
            return Position(BLOCKERS_HALF, s, half=move.assignment)
        return after_step(s, self.whole if self.whole is not None and not move.assignment
                          else step_result_of(s, self.half + move.assignment))


def _cost(s: Situation, pid: str) -> str:
    """The morph or megamorph cost of a face-down permanent that has one (702.37e)."""
    morph = s.permanent(pid).morph_cost()
    assert morph is not None
    return str(morph[1])


def _other(side: str) -> str:
    return DEFENCE if side == ACTIVE else ACTIVE


def enter(stage: str, s: Situation, stack: Stack = ()) -> Position:
    """The position at the start of `stage`, with `stack` waiting to resolve (windows nobody can act
    in are skipped: the stack resolves)."""
    if stage == c.DAMAGE_WINDOW and not stack:
        return Position(c.END, s)
    if stage in WINDOWS:
        if not acts_in_windows(s):
            return resolved(stage, s, stack) if stack else enter(c.WINDOW_NEXT[stage], s)
        return Position(stage, s, ACTIVE, stack=stack)
    if stage == c.DECLARE_BLOCKERS:
        if not s.combat.attackers:  # 508.8
            return Position(c.END, s)
        if s.combat.blockers is not None:
            return enter(c.BLOCKERS_WINDOW, s)
    if stage == c.DAMAGE:
        return Position(ATTACKERS_HALF, s)
    return Position(stage, s)


def acts_in_windows(s: Situation) -> bool:
    """Whether anyone can do anything in a priority window: turn a face-down permanent face up
    (702.37e) or activate a pump ability (602.2)."""
    return bool(turnable(s)) or pumps.activatable(s)


def resolved(stage: str, s: Situation, stack: Stack) -> Position:
    """The window `stage` after the top of `stack` resolved (608.2) and state-based actions (704.3):
    the active player receives priority (117.3b); a player who lost (704.5a) ends the combat."""
    after = resolve_top(s, stack)
    if stack[0].kind not in NONE_LEAVES:  # else nothing can leave (704.5f, 704.5g; NONE_LEAVES)
        after = c.settle(after)
    if c.losers(after):
        return Position(c.END, after)
    return putting(stage, after, stack[1:], died(s, after))


def putting(stage: str, s: Situation, stack: Stack, pending: Stack) -> Position:
    """The death triggers `pending` put on the stack above `stack` the next time a player would
    receive priority (603.3, 117.5), each by its controller with its target (:data:`PUT_TRIGGERS`),
    then the window `stage`."""
    if pending:
        return Position(PUT_TRIGGERS, s, stack=stack, pending=pending, resume=stage)
    return enter(stage, s, stack)


def root(s: Situation) -> Position:
    """The position a situation file describes (docs/verify.md), after state-based actions (704.3)."""
    return enter(c.first_stage(s), c.settle(s))


def after_step(s: Situation, r: c.StepResult) -> Position:
    """The position after a whole combat damage step: the end, or the window before the regular
    step; a player who lost in the first-strike step ends the combat (104.3b, 704.5a)."""
    after = c.apply_step(s, r)
    if c.losers(after):  # 104.3b: the game is over before any trigger is put on the stack
        return Position(c.END, after)
    window = c.FIRST_STRIKE_WINDOW if r.step == "first_strike" else c.DAMAGE_WINDOW
    return putting(window, after, (), died(s, after))


def whole_steps(p: Position, steps: StepPrograms) -> Iterator[tuple[DamageAssignment, Position]]:
    """At the attackers' half: each distinct result of the whole step (both halves, 510.1) in one
    projected enumeration, with one assignment that reaches it; for searches that need the
    results only (`outcomes`), not who chose which half. `steps` holds the search's grounded
    step programs (:mod:`pysolver.rules.steps`: one per board, not one per state)."""
    assert p.stage == ATTACKERS_HALF
    for r in steps.results(p.s):
        yield DamageAssignment(r.step, r.assignment), after_step(p.s, r)


def blocks_with_steps(p: Position) -> Iterator[tuple[BlockDeclaration, DamageAssignment, Position]]:
    """At declare blockers, when the window after blockers offers nothing and no block can trigger
    anything (:mod:`pysolver.rules.triggers`): each block declaration
    with each distinct result of the damage step after it, in one solve
    (:func:`pysolver.rules.combat.blocks_and_step_results`)."""
    assert p.stage == c.DECLARE_BLOCKERS and not acts_in_windows(p.s) and not has_triggers(p.s)
    for blocks, r in c.blocks_and_step_results(p.s):
        declared = p.s.with_combat(blockers=blocks)
        yield BlockDeclaration(blocks), DamageAssignment(r.step, r.assignment), after_step(declared, r)


def half_results(s: Situation, deciding: str, fixed: tuple[Any, ...] = ()) -> Iterator[tuple[c.StepResult, bool]]:
    """The distinct results of one half of the next combat damage step: `deciding` is
    ``attackers`` (the active player's announcement, 510.1) or ``blockers`` (the defending
    side's, with the attackers' half `fixed` as announced). With each, whether the other half
    has creatures that assign damage in this step."""
    facts = situation_facts(s.with_combat(assignment=tuple(fixed) or None)) + "\n" + _deciding(deciding)
    ctl = control(HALF, facts, parts=("base", "choose_half", "choose_shares", "show_results"),
                  args=("--models=0", "--project=project"))
    for symbols in models(ctl):
        others = any(sym.name == "half" and str(sym.arguments[1]) != deciding for sym in symbols)
        yield c.step_result([sym for sym in symbols if sym.name != "half"]), others


def _deciding(half: str) -> str:
    """The fact selecting the half of ``encodings/verify.lp`` chosen or judged (510.1)."""
    return program([atom("deciding", constant(half))])


def step_result_of(s: Situation, assignment: tuple[Any, ...]) -> c.StepResult:
    """The result of the next damage step with this whole assignment (510.1, 704.3)."""
    facts = situation_facts(s.with_combat(assignment=tuple(assignment) or None))
    return c.step_result(one_model(control(STEP_RESULTS, facts, parts=("base", "show_results"))))


def _half_violations(s: Situation, stage: str, half: tuple[Any, ...], move: DamageAssignment) -> tuple[Violation, ...]:
    """Why one half's announced assignment is illegal: the step, the sources (attacking creatures in
    the attackers' half, 510.1), then 510.1's rules on this half's sources (``judge_half`` of
    ``encodings/verify.lp``)."""
    deciding = "attackers" if stage == ATTACKERS_HALF else "blockers"
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
