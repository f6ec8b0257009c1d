"""The combat as a game tree (506.1): positions, who moves, the legal moves, ``push``.

In the manner of python-chess (``board.legal_moves``, ``board.push(move)``), a :class:`Position`
is a situation plus the point of the combat it is at (a :class:`~pysolver.model.stage.Stage`); its
moves are the typed values of :mod:`pysolver.model.moves`; :meth:`Position.push` returns the
position after a move (positions are immutable and hashable, so searches use them as keys of a
transposition table) and refuses an illegal one with :class:`~pysolver.model.values.IllegalMoveError`,
naming the rules it breaks.

``p.legal_moves`` is a lazy collection (:class:`LegalMoveGenerator`, python-chess's shape):
iterating enumerates the moves, ``count()`` counts them (without enumerating at the declarations,
:func:`~pysolver.rules.declarations.count_attacks`, :func:`~pysolver.rules.declarations.count_blocks`,
and at :attr:`~pysolver.model.stage.Stage.DAMAGE`, :func:`~pysolver.rules.damage.count_damage`),
``move in p.legal_moves`` is the legality check and ``p.legal_moves.why(move)`` the cited violations.

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
* the end of combat step (511): what triggers as it begins resolves (511.2; a board with such abilities is one
  where nobody acts in its window and their order changes nothing, :mod:`pysolver.rules.end_of_combat`), unless
  a player lost in the last damage step (104.3b);
* the end (511.3).

In a window the active player has priority first (117.3b); a player may turn one face-down
permanent they control face up one way it has (a special action, 116.2b: for its morph,
megamorph or disguise cost, 702.37e, 702.168d, or a manifested or cloaked creature card for its
mana cost, 701.40b, 701.58b; :mod:`pysolver.rules.facedown`) and receives priority again
(117.3c), activate a pump ability (602, :mod:`pysolver.rules.pumps`) or another ability that acts in
combat (:mod:`pysolver.rules.activated`; it resolves, 608.2, and the active player receives priority,
117.3b), or pass; the window closes when both players pass in
succession (117.4). A window in which nobody can do either is skipped.

At a damage half the legal moves are one assignment per distinct effect
(:mod:`pysolver.game.damage_halves`); ``push`` accepts any legal assignment. A position built at
:attr:`~pysolver.model.stage.Stage.DAMAGE` takes the next damage step's whole assignment as one
move (both halves, as ``pysolver damage`` lists them); the tree's own walk goes through the halves.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 2}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}]})
>>> p = root(s)
>>> str(p.stage), p.to_move(), p.legal_moves.count()
('declare_attackers', 'active', 2)
>>> [m.to_json() for m in p.legal_moves]
[{'attacks': []}, {'attacks': [['x', 'b']]}]
>>> p = p.push(AttackDeclaration.of([("x", "b")]))
>>> [m.to_json() for m in p.legal_moves]
[{'blocks': []}, {'blocks': [['y', 'x']]}]
>>> p = p.push(BlockDeclaration.of([]))
>>> p = p.push(DamageAssignment.of("regular", [("x", "b", 2)]))
>>> p = p.push(DamageAssignment.of("regular", []))
>>> str(p.stage), p.s.player("b").life
('end', 0)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from ..errors import InputError
from ..model import Situation
from ..model.abilities import ACTIVATED_KINDS as ACTIVATED
from ..model.abilities import DEALT_TRIGGERS, WINDOW_TRIGGERS
from ..model.moves import (
    AbilityActivation,
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
from ..model.stage import WINDOW_NEXT, WINDOWS, Stage
from ..model.values import IllegalMoveError, Violation
from ..rules import activated, damage_log, dealt, end_of_combat, hits, pumps, window_triggers
from ..rules import combat as c
from ..rules.bans import may_lift
from ..rules.facedown import face_up_choices, turn_face_up, turnable
from ..rules.steps import StepPrograms
from ..rules.triggers import (
    ATTACK,
    BLOCK,
    NONE_LEAVES,
    PROVOKE,
    Stack,
    apnap,
    block_puts,
    died,
    has_triggers,
    orders,
    resolve,
    resolve_top,
    targeted,
    targets,
)
from .damage_halves import half_results, half_violations, step_result_of

ACTIVE, DEFENCE = "active", "defence"
DECIDES = {Stage.DECLARE_ATTACKERS: ACTIVE, Stage.DECLARE_BLOCKERS: DEFENCE, Stage.DAMAGE: ACTIVE,
           Stage.ATTACKERS_DAMAGE: ACTIVE, Stage.BLOCKERS_DAMAGE: DEFENCE, Stage.ORDER_TRIGGERS: ACTIVE}
_RULE = re.compile(r"\((\d{3}\.\d+[a-z]?)\)")


@dataclass(frozen=True)
class Position:
    """A situation at one point of the combat (`stage`). In a window: who has priority (`mover`) and whether
    the other player passed last (`passed`, 117.4); at the blockers' half: the attackers' half as
    announced (`half`). `whole` (not part of the identity) caches the step's result when the
    blockers assign no damage in it. `stack`: triggered abilities waiting to resolve
    (:mod:`pysolver.rules.triggers`), the next first; in a window, both players passing resolves it (608.1).

    Built at a stage (``Position(Stage.DECLARE_BLOCKERS, s)``) it asks about `s` as it is, as the
    commands do: no state-based actions first (:func:`root` applies them) and no window skipped."""

    stage: Stage
    s: Situation
    mover: str = ""
    passed: bool = False
    half: tuple[Triple, ...] = ()
    whole: c.StepResult | None = field(default=None, compare=False, repr=False)
    stack: Stack = ()
    pending: Stack = ()  # death triggers still to be put on the stack (603.3), then `resume` opens
    resume: Stage | None = None
    acting: str = ""  # 117.3c: the side that receives priority in `resume` (else the active player, 117.3b)
    parent: Position | None = field(default=None, compare=False, repr=False)  # before the pushed move
    move: Move | None = field(default=None, compare=False, repr=False)  # the move pushed to reach it

    def to_move(self) -> str | None:
        """``active``, ``defence`` or None at the end."""
        if self.stage == Stage.END:
            return None
        if self.stage == Stage.PUT_TRIGGERS:
            return ACTIVE if self.putter() == self.s.active else DEFENCE
        return self.mover if self.stage in WINDOWS else DECIDES[self.stage]

    def putter(self) -> str:
        """At :attr:`Stage.PUT_TRIGGERS`: the player who puts their death triggers on the stack now, the
        first in APNAP order with some left (603.3b, 101.4)."""
        return next(pl for pl in apnap(self.s) if any(t.controller == pl for t in self.pending))

    def pending_of(self, move: TargetChoice) -> Trigger | None:
        """The putter's pending death trigger that `move` puts on the stack (same kind, source and N)."""
        t = move.trigger
        return next((x for x in self.pending if x.controller == self.putter()
                     and (x.kind, x.source, x.amount, x.ability) == (t.kind, t.source, t.amount, t.ability)
                     and (not x.target or not t.target or x.target == t.target)), None)
        # (a target fixed as it triggered must be the one chosen; "" declines a "you may", 603.5)

    def target_choices(self) -> list[TargetChoice]:
        """At :attr:`Stage.PUT_TRIGGERS`: each of the putter's triggers (one of those with equal effects:
        the same kind, N and last known information of the source) with each legal target
        (603.3d, 601.2c, 115.4)."""
        pl, seen, out = self.putter(), set(), []
        for t in self.pending:  # the source is gone: its last known information deals the damage (608.2h)
            # (a combat-damage trigger's effect is its own: the counters go on its source, 510.3a; one paid as it
            # resolves pays its own source's cost, 118.12: pysolver.rules.hits.cost_of)
            same = hits.interchangeable(self.s, t) if hits.is_hit(t) \
                else (t.kind, t.amount, t.lki, t.ability, t.target) if t.kind not in DEALT_TRIGGERS \
                else (t.kind, t.source, t.amount, t.lki, t.ability, t.target)
            if t.controller == pl and same not in seen:
                seen.add(same)
                out += [TargetChoice(replace(t, target=x)) for x in _targets(self.s, t)]
        return out

    def needless_put(self, move: Move) -> bool:
        """Whether a search may skip `move` at :attr:`Stage.PUT_TRIGGERS` with no outcome lost: the putter's
        pending triggers are all provoke and nobody can act in the windows, so the order they are put
        in changes nothing (each resolves to an untap and a block requirement, 702.39a, and no target
        can become illegal between the resolutions, 608.2b); only the first pending one is put first.
        It stays a legal move (:attr:`legal_moves`)."""
        if self.stage != Stage.PUT_TRIGGERS or not isinstance(move, TargetChoice) or acts_in_windows(self.s):
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
        return self.stage == Stage.END

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        """The legal moves here, a lazy collection (:class:`LegalMoveGenerator`; damage halves: one
        assignment per distinct effect)."""
        return LegalMoveGenerator(self)

    def successors(self) -> Iterator[tuple[Move, Position]]:
        """Each legal move with the position it leads to, lazily (the moves of :attr:`legal_moves`;
        a damage half's results give their positions as they are enumerated)."""
        s = self.s
        if self.stage == Stage.ATTACKERS_DAMAGE:
            for r, blockers_deal in half_results(s, "attackers"):
                child = Position(Stage.BLOCKERS_DAMAGE, s, half=r.assignment, whole=None if blockers_deal else r)
                yield DamageAssignment(r.step, r.assignment), child
        elif self.stage == Stage.BLOCKERS_DAMAGE:
            for r in self._blockers_results():
                yield DamageAssignment(r.step, tuple(t for t in r.assignment if t not in self.half)), after_step(s, r)
        else:
            for move in self._moves():
                yield move, self._play(move)

    def _moves(self) -> Iterator[Move]:
        """Each legal move, lazily, in the order of the matching command (windows: passing first, the
        plainest line)."""
        s = self.s
        if self.stage in WINDOWS:
            yield Pass(self.stage, self.name())
            yield from (_face_up_move(self.stage, s, *turns[0])
                        for turns in face_up_choices(s, self.players()) if len(turns) == 1)
            yield from pumps.activations(s, self.stage, self.players())
            yield from activated.activations(s, self.stage, self.players())
        elif self.stage == Stage.ORDER_TRIGGERS:
            yield from map(TriggerOrder, orders(self.stack))
        elif self.stage == Stage.PUT_TRIGGERS:
            yield from self.target_choices()
        elif self.stage == Stage.DECLARE_ATTACKERS:
            from ..rules.declarations import legal_attacks
            yield from (AttackDeclaration.canonical(d["attacks"]) for d in legal_attacks(s))
        elif self.stage == Stage.DECLARE_BLOCKERS:
            from ..rules.declarations import block_pairs
            yield from map(BlockDeclaration, block_pairs(s))  # already sorted: the canonical form
        elif self.stage == Stage.DAMAGE:
            from ..rules.damage import damage_assignments, next_step
            step = next_step(s)
            yield from (DamageAssignment.of(step, d["assignment"]) for d in damage_assignments(s))
        elif self.stage == Stage.ATTACKERS_DAMAGE:
            yield from (DamageAssignment(r.step, r.assignment) for r, _ in half_results(s, "attackers"))
        elif self.stage == Stage.BLOCKERS_DAMAGE:
            yield from (DamageAssignment(r.step, tuple(t for t in r.assignment if t not in self.half))
                        for r in self._blockers_results())

    def _blockers_results(self) -> Iterator[c.StepResult]:
        """At the blockers' half: the distinct results of the step (the one result if the blockers
        deal no damage in it)."""
        if self.whole is not None:
            return iter((self.whole,))
        return (r for r, _ in half_results(self.s, "blockers", self.half))

    def push(self, move: Move, *, trusted: bool = False) -> Position:
        """The position after `move`; :class:`~pysolver.model.values.IllegalMoveError` with the cited
        violations if it is not legal here (unless `trusted`: a move a generator of this module gave
        for this position; the searches' pushes, which keep no move stack for :meth:`pop`, so that
        positions kept in a transposition table hold no chain of earlier ones)."""
        if trusted:
            return self._play(move)
        violations = self._why(move)
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

    def _why(self, move: Move) -> tuple[Violation, ...]:
        """The rules `move` breaks here (none if it is legal): :meth:`LegalMoveGenerator.why`."""
        s, stage = self.s, self.stage
        if stage in WINDOWS:
            if isinstance(move, Pass):
                return () if (move.window, move.player) == (stage, self.name()) else \
                    (Violation("117.3d", f"not this window or player: {self.name()} has priority in {stage}"),)
            if isinstance(move, Activation):
                return pumps.illegal(s, stage, self.players(), move)
            if isinstance(move, AbilityActivation):
                return activated.illegal(s, stage, self.players(), move)
            if not isinstance(move, FaceUp) or move.window != stage:
                return (Violation("117.3", "only face-up turns (116.2b), activations (602.2) and passing in a "
                                           "priority window"),)
            way, rule = _way(s, move)
            if ((move.permanent, way),) not in face_up_choices(s, self.players(), among=(move.permanent,)):
                return (Violation(rule, f"{move.permanent} can't be turned face up by {self.name()} now"),)
            cost = _face_up_move(stage, s, move.permanent, way).cost
            return () if move.cost == cost else (Violation(rule, f"its cost is {cost}"),)
        if stage == Stage.ORDER_TRIGGERS:
            ok = isinstance(move, TriggerOrder) and move.resolves in orders(self.stack)
            return () if ok else (Violation("603.3b", "the active player orders the triggered abilities now"),)
        if stage == Stage.PUT_TRIGGERS:
            pending = self.pending_of(move) if isinstance(move, TargetChoice) else None
            if pending is None or not isinstance(move, TargetChoice):
                return (Violation("603.3b", f"{self.putter()} puts one of their triggers on the stack now"),)
            legal = _targets(s, pending)
            return () if move.trigger.target in legal else \
                (Violation("115.4", f"{move.trigger.target or 'no target'} is not a legal target "
                                    f"({', '.join(x or 'none' for x in legal)}; 601.2c, 702.16b)"),)
        if stage == Stage.DECLARE_ATTACKERS:
            if not isinstance(move, AttackDeclaration):
                return (Violation("508.1", "attackers are declared now"),)
            if s.combat.blockers is not None:
                return (Violation("508.1", "blockers are declared: the declare attackers step is over"),)
            return _declaration_violations(s.with_combat, 0, "508.1a", attackers=move.attacks, blockers=None,
                                           damage_step=None, assignment=None)
        if stage == Stage.DECLARE_BLOCKERS:
            if not isinstance(move, BlockDeclaration):
                return (Violation("509.1", "blockers are declared now"),)
            if s.combat.attackers is None:
                return (Violation("509.1", "attackers are not declared yet (508.1)"),)
            if s.combat.blockers is not None:
                return (Violation("509.1", "blockers are already declared"),)
            return _declaration_violations(s.with_combat, 1, "509.1a", blockers=move.blocks, damage_step=None,
                                           assignment=None)
        if stage in (Stage.DAMAGE, Stage.ATTACKERS_DAMAGE, Stage.BLOCKERS_DAMAGE):
            if not isinstance(move, DamageAssignment):
                return (Violation("510.1", "combat damage is assigned now"),)
            if stage != Stage.DAMAGE:
                return half_violations(s, "attackers" if stage == Stage.ATTACKERS_DAMAGE else "blockers", self.half,
                                       move)
            if s.combat.attackers is None or s.combat.blockers is None:
                return (Violation("510.1", "attackers and blockers are not declared yet (508.1, 509.1)"),)
            from ..rules.damage import next_step
            step = next_step(s)
            if move.step != step:
                return (Violation("510.4", f"the next combat damage step is {step}, not {move.step}"),)
            return _declaration_violations(s.with_combat, 2, "510.1", assignment=move.assignment)
        return (Violation("511.3", "the combat is over"),)

    def _play(self, move: Move) -> Position:
        s, stage = self.s, self.stage
        if isinstance(move, Pass):
            if self.passed:  # 117.4: both players passed in succession; 608.1: the top of the stack resolves
                return resolved(stage, s, self.stack) if self.stack else enter(WINDOW_NEXT[stage], s)
            return Position(stage, s, _other(self.mover), True, stack=self.stack)
        if isinstance(move, FaceUp):  # 117.3c: the player receives priority again
            turn = ((move.permanent, _way(s, move)[0]),)
            up = c.face_up(s, turn)  # 708.8: its "when turned face up" triggers are put on the stack first (117.5)
            triggered = tuple(t for t in window_triggers.turned(turn_face_up(s, turn), move.permanent)
                              if window_triggers.targets(up, t))  # 603.3d: none without a legal target
            if triggered:
                return putting(stage, up, self.stack, triggered, self.mover)
            return Position(stage, up, self.mover, False, stack=self.stack)
        if isinstance(move, Activation):  # 608.2 resolved, then 117.3b: the active player receives priority
            after = pumps.activate(s, move)
            if c.losers(after):  # 119.4, 704.5a: a player paid their last life
                return Position(Stage.END, after)
            monstrous = after.permanent(move.permanent).monstrous and not s.permanent(move.permanent).monstrous
            triggered = tuple(t for t in window_triggers.triggered(after, move.permanent, "becomes_monstrous")
                              if window_triggers.targets(after, t)) if monstrous else ()  # 701.37b, 603.3d
            if triggered:
                return putting(stage, after, self.stack, triggered)  # 603.3, then 117.3b
            return Position(stage, after, ACTIVE, False, stack=self.stack)
        if isinstance(move, AbilityActivation) and activated.stacks(s, move):  # 602.2: damage, destruction go on the
            paid, put = activated.paid(s, move)  # stack (405.1) and the player who activated it receives
            if c.losers(paid):  # 119.4, 704.5a: a player paid their last life
                return Position(Stage.END, paid)
            stack = self.stack if put is None else (put, *self.stack)  # priority (117.3c); both pass: it
            dead = died(s, paid)  # resolves (608.1). 700.4: a source sacrificed to pay dies, its triggers go
            if dead:  # above (603.3; the active player's: the loader refuses another's, files.loader)
                return putting(stage, paid, stack, dead)
            return Position(stage, paid, self.mover, False, stack=stack)
        if isinstance(move, AbilityActivation):  # the same (pysolver.rules.activated)
            after = activated.activate(s, move)
            if c.losers(after):  # 119.4, 704.5a
                return Position(Stage.END, after)
            return Position(stage, after, ACTIVE, False, stack=self.stack)
        if isinstance(move, TriggerOrder):  # 603.3b, then priority (117.3b)
            if s.combat.blockers is None:  # attack triggers: those with targets are put on above them (603.3d)
                return putting(Stage.AFTER_ATTACKERS, s, move.resolves, targeted(s))
            return putting(Stage.AFTER_BLOCKERS, s, move.resolves, block_puts(s))  # 603.3b: APNAP, above them
        if isinstance(move, TargetChoice):  # 603.3: the last put on resolves first (405.2)
            pending = self.pending_of(move)
            assert pending is not None
            left = list(self.pending)
            left.remove(pending)
            assert self.resume is not None
            return putting(self.resume, s, (replace(pending, target=move.trigger.target), *self.stack), tuple(left),
                           self.acting)
        if isinstance(move, AttackDeclaration):  # 508.2a: the attack triggers resolve before the window
            declared, stack = resolve(s.with_combat(attackers=move.attacks), ATTACK)
            if len(orders(stack)) > 1:  # 603.3b: life lost in an order the active player chooses
                return Position(Stage.ORDER_TRIGGERS, declared, stack=stack)
            return putting(Stage.AFTER_ATTACKERS, declared, stack, targeted(declared))  # 603.3d: put with targets
        if isinstance(move, BlockDeclaration):  # 509.2a: so do the block triggers, or they go on the stack
            declared, stack = resolve(s.with_combat(blockers=move.blocks), BLOCK)
            if len(orders(stack)) > 1:
                return Position(Stage.ORDER_TRIGGERS, declared, stack=stack)
            return putting(Stage.AFTER_BLOCKERS, declared, stack, block_puts(declared))
        assert isinstance(move, DamageAssignment)
        if stage == Stage.DAMAGE:  # each half announced in turn (510.1), the whole judged by `why`
            attacking = {a for a, _ in s.combat.attackers or ()}
            p = Position(Stage.ATTACKERS_DAMAGE, s)
            for mine in (True, False):
                half = tuple(t for t in move.assignment if (t[0] in attacking) == mine)
                p = p._play(DamageAssignment(move.step, half))
            return p
        if stage == Stage.ATTACKERS_DAMAGE:
            return Position(Stage.BLOCKERS_DAMAGE, s, half=move.assignment)
        return after_step(s, self.whole if self.whole is not None and not move.assignment
                          else step_result_of(s, self.half + move.assignment))


class LegalMoveGenerator:
    """The legal moves of a position, lazily (python-chess's ``board.legal_moves``): iterate them,
    ``count()`` them, ask ``move in moves`` and ``moves.why(move)``.

    At declare attackers, declare blockers and :attr:`~pysolver.model.stage.Stage.DAMAGE` they are
    what ``pysolver attacks``, ``blocks`` and ``damage`` list, in that order, counted without
    enumeration; a declaration's violations are those of :func:`pysolver.rules.check.check_result` that
    concern it.

    >>> from pysolver import Situation, Player, Permanent, AttackDeclaration
    >>> s = Situation(players=(Player("alice"), Player("bob")), active="alice",
    ...               permanents=(Permanent("bear", "alice", power=2, toughness=2, abilities=("Defender",)),))
    >>> moves = Position(Stage.DECLARE_ATTACKERS, s).legal_moves
    >>> moves.count(), list(moves), bool(moves)
    (1, [AttackDeclaration(attacks=())], True)
    >>> AttackDeclaration.of([("bear", "bob")]) in moves
    False
    >>> [v.rule for v in moves.why(AttackDeclaration.of([("bear", "bob")]))]
    ['702.3b']
    >>> moves.why(AttackDeclaration.of([("ghost", "bob")]))[0].message
    "'ghost' is not the id of a permanent"
    """

    def __init__(self, position: Position) -> None:
        self.position = position

    def __iter__(self) -> Iterator[Move]:
        return self.position._moves()

    def count(self) -> int:
        """The exact number of legal moves: at declare attackers
        :func:`~pysolver.rules.declarations.count_attacks` (a product over the attackers), at declare
        blockers :func:`~pysolver.rules.declarations.count_blocks` (dynamic programming per component),
        at :attr:`~pysolver.model.stage.Stage.DAMAGE` :func:`~pysolver.rules.damage.count_damage`
        (exact at any power, 510.1), none of them enumerating; elsewhere the few moves, counted."""
        stage, s = self.position.stage, self.position.s
        if stage == Stage.DECLARE_ATTACKERS:
            from ..rules.declarations import count_attacks
            return count_attacks(s)
        if stage == Stage.DECLARE_BLOCKERS:
            from ..rules.declarations import count_blocks
            return count_blocks(s)
        if stage == Stage.DAMAGE:
            from ..rules.damage import count_damage
            return count_damage(s)
        return sum(1 for _ in self)

    def why(self, move: Move) -> tuple[Violation, ...]:
        """The rules `move` breaks here, each with its message (empty if it is legal)."""
        return self.position._why(move)

    def __contains__(self, move: object) -> bool:
        return isinstance(move, _MOVES) and not self.why(move)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def __repr__(self) -> str:
        return f"<LegalMoveGenerator at {self.position.stage} of {self.position.s!r}>"


_MOVES = (AttackDeclaration, BlockDeclaration, FaceUp, Activation, AbilityActivation, Pass, DamageAssignment,
          TriggerOrder, TargetChoice)


def _declaration_violations(declare: Callable[..., Situation], stage: int, default_rule: str,
                            **combat: object) -> tuple[Violation, ...]:
    """The violations of :func:`pysolver.rules.check.check_result` of the declaration stage `stage` (0
    attackers, 1 blockers, 2 damage; :func:`~pysolver.rules.check.stage_of`) in the position with the
    move written into its combat by `declare`; a move the loader refuses there (an id that is no
    permanent, a blocker of the active player …) breaks the rule its message cites, else `default_rule`."""
    try:
        position = declare(**combat)
    except InputError as exc:
        cited = _RULE.search(exc.message)
        return (Violation(cited.group(1) if cited else default_rule, exc.message),)
    from ..rules.check import check_result, stage_of  # each question imports only what it needs (start-up)
    verdict = check_result(position)
    return tuple(v for v in verdict.violations if stage_of(v.rule) == stage)


def _face_up_move(window: str, s: Situation, pid: str, way: str) -> FaceUp:
    """Turning `pid` face up `way` (:mod:`pysolver.rules.facedown`) as a move, with that way's cost."""
    return FaceUp(window, pid, str(dict(s.permanent(pid).face_up_ways())[way]), way == "mana_cost")


def _way(s: Situation, move: FaceUp) -> tuple[str, str]:
    """The way `move` turns its permanent face up and the rule of that way: for its mana cost
    (701.40b manifested, 701.58b cloaked) or for its morph, megamorph or disguise cost (702.37e,
    702.168d; way "" if it has none)."""
    p = next((q for q in s.permanents if q.id == move.permanent), None)
    if move.mana_cost:
        return "mana_cost", "701.58b" if p is not None and p.face_down == "cloak" else "701.40b"
    morph = p.morph_cost() if p is not None else None
    return (morph[0], "702.168d" if morph[0] == "disguise" else "702.37e") if morph else ("", "702.37e")


def _targets(s: Situation, t: Trigger) -> list[str]:
    """What trigger `t` may be put on the stack naming (603.3d): a combat-damage trigger names the
    player or creature it was fixed on as it triggered (510.3a; :mod:`pysolver.rules.hits`), or, paid as it
    resolves, nothing (declined, 118.12: :func:`pysolver.rules.hits.choices`)."""
    if t.kind in WINDOW_TRIGGERS:  # 708.8, 701.37b (pysolver.rules.window_triggers)
        return window_triggers.targets(s, t)
    if t.kind in DEALT_TRIGGERS:  # 603.2, 120.3 (pysolver.rules.dealt)
        return dealt.targets(s, t)
    return hits.choices(s, t) if hits.is_hit(t) else targets(s, t)


def _other(side: str) -> str:
    return DEFENCE if side == ACTIVE else ACTIVE


def enter(stage: Stage, s: Situation, stack: Stack = (), acting: str = "") -> Position:
    """The position at the start of `stage`, with `stack` waiting to resolve (windows nobody can act
    in are skipped: the stack resolves); in a window `acting` receives priority (117.3c: the side that
    took a special action), else the active player (117.3b)."""
    if stage == Stage.END or (stage == Stage.AFTER_COMBAT_DAMAGE and not stack):
        return Position(Stage.END, end_of_combat.ended(s))  # 511.2, 511.3
    if stage in WINDOWS:
        if not acts_in_windows(s):
            return resolved(stage, s, stack) if stack else enter(WINDOW_NEXT[stage], s)
        return Position(stage, s, acting or ACTIVE, stack=stack)
    if stage == Stage.DECLARE_BLOCKERS:
        if not s.combat.attackers:  # 508.8: no declare blockers and no combat damage steps
            return enter(Stage.END, s)
        if s.combat.blockers is not None:
            return enter(Stage.AFTER_BLOCKERS, s)
    if stage == Stage.DAMAGE:
        return Position(Stage.ATTACKERS_DAMAGE, s)
    return Position(stage, s)


def acts_in_windows(s: Situation) -> bool:
    """Whether anyone can do anything in a priority window: turn a face-down permanent face up
    (702.37e) or activate a pump ability or another ability that acts in combat (602.2), or may once a
    prohibition of activating them ends (602.5, :func:`pysolver.rules.bans.may_lift`)."""
    return bool(turnable(s)) or pumps.activatable(s) or activated.activatable(s) or may_lift(s)


def resolved(stage: Stage, s: Situation, stack: Stack) -> Position:
    """The window `stage` after the top of `stack` resolved (608.2) and state-based actions (704.3):
    the active player receives priority (117.3b); a player who lost (704.5a) ends the combat."""
    top = stack[0]
    with damage_log.recording() as log:  # 120.3: the damage it deals is one event (603.2, pysolver.rules.dealt)
        after = hits.resolved(s, top) if hits.is_hit(top) else activated.resolve_stacked(s, top) \
            if top.kind in ACTIVATED else window_triggers.resolve(s, top) if top.kind in WINDOW_TRIGGERS \
            else dealt.resolved(s, top) if top.kind in DEALT_TRIGGERS \
            else resolve_top(s, stack)  # (an activated ability, pysolver.rules.activated; a window trigger, 708.8,
        # 701.37b)
    if top.kind not in NONE_LEAVES and (top.kind not in WINDOW_TRIGGERS or window_triggers.may_kill(s, top)):
        after = c.settle(after)  # (else nothing can leave: 704.5f, 704.5g; NONE_LEAVES, window_triggers.may_kill)
    if c.losers(after):
        return Position(Stage.END, after)
    damaged = _puttable(after, dealt.triggered(s, dealt.events_of(top.source, log), False)) if log else ()
    return putting(stage, after, stack[1:], damaged + died(s, after))


def _puttable(s: Situation, triggered: tuple[Trigger, ...]) -> tuple[Trigger, ...]:
    """The damage triggers of `triggered` that can be put on the stack on `s` (603.3d: one with a target but no
    legal one is removed)."""
    return tuple(t for t in triggered if dealt.targets(s, t))


def putting(stage: Stage, s: Situation, stack: Stack, pending: Stack, acting: str = "") -> Position:
    """The death triggers `pending` put on the stack above `stack` the next time a player would
    receive priority (603.3, 117.5), each by its controller with its target (:attr:`Stage.PUT_TRIGGERS`),
    then the window `stage`, where `acting` receives priority (117.3c; else the active player, 117.3b)."""
    if pending:
        return Position(Stage.PUT_TRIGGERS, s, stack=stack, pending=pending, resume=stage, acting=acting)
    return enter(stage, s, stack, acting)


def root(s: Situation) -> Position:
    """The position a situation file describes (docs/verify.md), after state-based actions (704.3)."""
    return enter(c.first_stage(s), c.settle(s))


def after_step(s: Situation, r: c.StepResult) -> Position:
    """The position after a whole combat damage step: the end, or the window before the regular
    step; a player who lost in the first-strike step ends the combat (104.3b, 704.5a)."""
    after = c.apply_step(s, r)
    if c.has_statics(s) and c.may_change_statics(s, r) and not c.losers(after):  # 704.3: checked again (the
        after = c.settle(after)  # step's result holds the first check)
    if c.losers(after):  # 104.3b: the game is over before any trigger is put on the stack
        return Position(Stage.END, after)
    window = Stage.AFTER_FIRST_STRIKE_DAMAGE if r.step == "first_strike" else Stage.AFTER_COMBAT_DAMAGE
    # 510.3a: the abilities that triggered on the damage and in the state-based actions after it, together
    # 603.2, 120.3: and the damage triggers of the step's damage, one event (510.2)
    damaged = _puttable(after, dealt.triggered(s, r.events, True))
    return putting(window, after, (), hits.triggered(s, r.hits) + damaged + died(s, after))


def whole_steps(p: Position, steps: StepPrograms) -> Iterator[tuple[DamageAssignment, Position]]:
    """At the attackers' half: each distinct result of the whole step (both halves, 510.1) in one
    projected enumeration, with one assignment that reaches it; for searches that need the
    results only (`outcomes`), not who chose which half. `steps` holds the search's grounded
    step programs (:mod:`pysolver.rules.steps`: one per board, not one per state)."""
    assert p.stage == Stage.ATTACKERS_DAMAGE
    for r in steps.results(p.s):
        yield DamageAssignment(r.step, r.assignment), after_step(p.s, r)


def blocks_with_steps(p: Position) -> Iterator[tuple[BlockDeclaration, DamageAssignment, Position]]:
    """At declare blockers, when the window after blockers offers nothing a search needs (for `outcomes`:
    :func:`pysolver.game.explore.acts_after_attacks`) and no block can trigger anything
    (:mod:`pysolver.rules.triggers`): each block declaration with each distinct result of the damage step
    after it, in one solve (:func:`pysolver.rules.combat.blocks_and_step_results`)."""
    assert p.stage == Stage.DECLARE_BLOCKERS and not has_triggers(p.s)
    for blocks, r in c.blocks_and_step_results(p.s):
        declared = p.s.with_combat(blockers=blocks)
        yield BlockDeclaration(blocks), DamageAssignment(r.step, r.assignment), after_step(declared, r)
