"""Positions and moves in the manner of python-chess: lazy legal-move collections and `play`.

A :class:`~pysolver.model.Situation` is a position. ``s.legal_attacks``, ``s.legal_blocks`` and
``s.legal_damage`` are lazy collections of the typed moves of :mod:`pysolver.model.moves`
(declarations of attackers, 508.1; of blockers, 509.1; the next combat damage step's assignment,
510.1): iterating enumerates them, ``count()`` is the exact counter that does not enumerate
(:func:`~pysolver.rules.declarations.count_attacks`, :func:`~pysolver.rules.declarations.count_blocks`,
:func:`~pysolver.rules.damage.count_damage`), ``move in moves`` is the legality check of
:func:`~pysolver.rules.check.check_result` and ``moves.why(move)`` its cited violations.
``s.play(move)`` returns the next position and refuses an illegal move with
:class:`~pysolver.model.values.IllegalMoveError`, naming the rules it breaks: declarations and whole
combat damage steps are pushed on the combat game tree (:mod:`pysolver.game.gametree`, the one
transition code); face-up turns and passes happen in its priority windows, ``s.game()``.

>>> from pysolver import Situation, BlockDeclaration
>>> s = Situation.load("examples/menace-and-lure.yaml")
>>> s.legal_blocks.count(), bool(s.legal_blocks)
(1, True)
>>> [m.blocks for m in s.legal_blocks]
[(('bears', 'unicorn'), ('spider', 'unicorn'))]
>>> BlockDeclaration() in s.legal_blocks
False
>>> [v.rule for v in s.legal_blocks.why(BlockDeclaration())]
['509.1c']
>>> s.play(BlockDeclaration())
Traceback (most recent call last):
...
pysolver.model.values.IllegalMoveError: BlockDeclaration(blocks=()) is illegal: 0 requirements obeyed, 2 possible (bears could block unicorn, which all creatures able to block must block) (509.1c)
"""  # noqa: E501 (doctest output is one line)

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterator
from typing import Generic, TypeVar

from ..errors import InputError
from ..model import Situation
from ..model.moves import AttackDeclaration, BlockDeclaration, DamageAssignment, Move
from ..model.values import IllegalMoveError, Violation

M = TypeVar("M", AttackDeclaration, BlockDeclaration, DamageAssignment)
_RULE = re.compile(r"\((\d{3}\.\d+[a-z]?)\)")


class LegalMoves(ABC, Generic[M]):
    """The legal moves of one kind in a position: lazy, counted without enumeration."""

    stage = 0  # the violations that concern these moves (pysolver.rules.check.stage_of)
    default_rule = "508.1a"  # cited for a move the loader refuses without naming a rule (an unknown id)
    move_type: type[M]

    def __init__(self, s: Situation) -> None:
        self.situation = s

    @abstractmethod
    def __iter__(self) -> Iterator[M]:
        """Each legal move, lazily, in the order of the matching command."""

    @abstractmethod
    def count(self) -> int:
        """The exact number of legal moves, without enumerating them."""

    @abstractmethod
    def declared(self, move: M) -> Situation:
        """The position with `move` written into its combat, legal or not (validated as a file's
        combat would be: ids must exist)."""

    def why(self, move: M) -> tuple[Violation, ...]:
        """The rules `move` breaks here, each with its message (empty if it is legal)."""
        if not isinstance(move, self.move_type):
            raise TypeError(f"{type(self).__name__} holds {self.move_type.__name__} moves, not {move!r}")
        try:
            position = self.declared(move)
        except InputError as exc:  # an id that is no permanent, a blocker of the active player …
            cited = _RULE.search(exc.message)
            return (Violation(cited.group(1) if cited else self.default_rule, exc.message),)
        from ..rules.check import check_result, stage_of  # each question imports only what it needs (start-up)
        verdict = check_result(position)
        return tuple(v for v in verdict.violations if stage_of(v.rule) == self.stage)

    def __contains__(self, move: object) -> bool:
        return isinstance(move, self.move_type) and not self.why(move)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.situation!r}>"


class Attacks(LegalMoves[AttackDeclaration]):
    """The legal declarations of attackers (508.1), whatever the position's combat says.

    >>> from pysolver import Situation, Player, Permanent, AttackDeclaration
    >>> s = Situation(players=(Player("alice"), Player("bob")), active="alice",
    ...               permanents=(Permanent("bear", "alice", power=2, toughness=2, abilities=("Defender",)),))
    >>> s.legal_attacks.count(), list(s.legal_attacks)
    (1, [AttackDeclaration(attacks=())])
    >>> [v.rule for v in s.legal_attacks.why(AttackDeclaration.of([("bear", "bob")]))]
    ['702.3b']
    >>> s.legal_attacks.why(AttackDeclaration.of([("ghost", "bob")]))[0].message
    "'ghost' is not the id of a permanent"
    """

    stage = 0
    move_type = AttackDeclaration

    def __iter__(self) -> Iterator[AttackDeclaration]:
        from ..rules.declarations import legal_attacks
        for d in legal_attacks(self.situation):
            yield AttackDeclaration.canonical(d["attacks"])

    def count(self) -> int:
        """:func:`pysolver.rules.declarations.count_attacks`: a product over the attackers."""
        from ..rules.declarations import count_attacks
        return count_attacks(self.situation)

    def declared(self, move: AttackDeclaration) -> Situation:
        return self.situation.with_combat(attackers=move.attacks, blockers=None, damage_step=None, assignment=None)


class Blocks(LegalMoves[BlockDeclaration]):
    """The legal declarations of blockers (509.1) for the declared attackers."""

    stage = 1
    default_rule = "509.1a"
    move_type = BlockDeclaration

    def __iter__(self) -> Iterator[BlockDeclaration]:
        from ..rules.declarations import block_pairs
        for pairs in block_pairs(self.situation):  # already sorted: the canonical form
            yield BlockDeclaration(pairs)

    def count(self) -> int:
        """:func:`pysolver.rules.declarations.count_blocks`: dynamic programming per component."""
        from ..rules.declarations import count_blocks
        return count_blocks(self.situation)

    def declared(self, move: BlockDeclaration) -> Situation:
        return self.situation.with_combat(blockers=move.blocks, damage_step=None, assignment=None)


class Damage(LegalMoves[DamageAssignment]):
    """The legal assignments of the next combat damage step (510.1, 702.19, 702.2c).

    >>> from pysolver import Situation
    >>> moves = Situation.load("examples/trample-deathtouch.yaml").legal_damage
    >>> moves.step, moves.count()
    ('regular', 17)
    """

    stage = 2
    default_rule = "510.1"
    move_type = DamageAssignment

    @property
    def step(self) -> str:
        """`first_strike` or `regular` (510.4)."""
        from ..rules.damage import next_step
        return next_step(self.situation)

    def __iter__(self) -> Iterator[DamageAssignment]:
        from ..rules.damage import damage_assignments
        step = self.step
        for d in damage_assignments(self.situation):
            yield DamageAssignment.of(step, d["assignment"])

    def count(self) -> int:
        """:func:`pysolver.rules.damage.count_damage`: exact at any power, without enumerating (510.1)."""
        from ..rules.damage import count_damage
        return count_damage(self.situation)

    def why(self, move: DamageAssignment) -> tuple[Violation, ...]:
        """As for declarations; an assignment for another step than the next breaks 510.4."""
        if isinstance(move, DamageAssignment) and move.step != self.step:
            return (Violation("510.4", f"the next combat damage step is {self.step}, not {move.step}"),)
        return super().why(move)

    def declared(self, move: DamageAssignment) -> Situation:
        return self.situation.with_combat(assignment=move.assignment)


def play(s: Situation, move: Move) -> Situation:
    """The situation after a declaration of attackers (508.1) or blockers (509.1), or a whole combat
    damage step (510.1, then state-based actions, 704.3): the move is pushed on the combat game tree
    (:meth:`pysolver.game.gametree.Position.push`, the one transition code), whose legality check for
    declarations is ``why`` of these collections.

    >>> from pysolver import Situation, Player, Permanent, AttackDeclaration, BlockDeclaration
    >>> s = Situation(players=(Player("alice"), Player("bob")), active="alice",
    ...               permanents=(Permanent("bear", "alice", power=2, toughness=2),
    ...                           Permanent("wall", "bob", power=0, toughness=4, abilities=("Defender",))))
    >>> s = s.play(AttackDeclaration.of([("bear", "bob")]))
    >>> s = s.play(BlockDeclaration.of([("wall", "bear")]))
    >>> s.combat.blockers
    (('wall', 'bear'),)
    >>> damage = next(iter(s.legal_damage))
    >>> damage.assignment, s.play(damage).permanent("wall").damage
    ((('bear', 'wall', 2),), 2)
    """
    from ..rules import combat as c
    from . import gametree as gt  # the tree imports this module
    combat = s.combat
    if isinstance(move, AttackDeclaration):
        if combat.blockers is not None:
            raise IllegalMoveError(move, (Violation("508.1", "blockers are declared: the declare attackers step "
                                                             "is over"),))
        return gt.Position(c.DECLARE_ATTACKERS, s).push(move).s
    if isinstance(move, BlockDeclaration):
        if combat.attackers is None:
            raise IllegalMoveError(move, (Violation("509.1", "attackers are not declared yet (508.1)"),))
        if combat.blockers is not None:
            raise IllegalMoveError(move, (Violation("509.1", "blockers are already declared"),))
        return gt.Position(c.DECLARE_BLOCKERS, s).push(move).s
    if isinstance(move, DamageAssignment):
        if combat.attackers is None or combat.blockers is None:
            raise IllegalMoveError(move, (Violation("510.1", "attackers and blockers are not declared yet "
                                                             "(508.1, 509.1)"),))
        violations = s.legal_damage.why(move)
        if violations:
            raise IllegalMoveError(move, violations)
        attacking = {a for a, _ in combat.attackers}  # each half announced in turn (510.1)
        halves = [tuple(t for t in move.assignment if (t[0] in attacking) == mine) for mine in (True, False)]
        p = gt.Position(gt.ATTACKERS_HALF, s)
        for half in halves:
            p = p.push(DamageAssignment(move.step, half), trusted=True)  # judged whole by `why` above
        return p.s
    raise TypeError(f"{type(move).__name__} moves are played in a priority window of the combat game tree: "
                    "s.game().push(move) (pysolver.game.gametree)")
