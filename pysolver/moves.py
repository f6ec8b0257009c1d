"""Moves of the combat game tree: typed, hashable values in canonical form (docs/results.md).

A move is what one player does at one point of the combat (506.1): declare attackers (508.1),
declare blockers (509.1), turn a face-down permanent face up in a priority window (116.2b,
702.37e), pass priority (117.3d), or assign one combat damage step's damage (510.1). Each move
is built in canonical form (pairs and triples sorted), so equal moves compare and hash equal,
and ``to_json()`` gives the docs/results.md form used at the JSON edge.

>>> AttackDeclaration.of([("y", "bob"), ("x", "bob")])
AttackDeclaration(attacks=(('x', 'bob'), ('y', 'bob')))
>>> AttackDeclaration.of([("x", "bob")]).to_json()
{'attacks': [['x', 'bob']]}
>>> DamageAssignment.of("regular", [("x", "y", 2)]).to_json()
{'assignment': [['x', 'y', 2]]}
>>> FaceUp("after_blockers", "akroma", "{3}{R}{R}{R}").to_json()
{'window': 'after_blockers', 'permanent': 'akroma', 'cost': '{3}{R}{R}{R}'}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Pair = tuple[str, str]
Triple = tuple[str, str, int]


@dataclass(frozen=True)
class AttackDeclaration:
    """The attackers declared (508.1a): ``(attacker, player/planeswalker/battle)`` pairs, sorted."""

    attacks: tuple[Pair, ...] = ()

    @classmethod
    def of(cls, pairs: Iterable[Iterable[str]]) -> AttackDeclaration:
        return cls(tuple(sorted((str(a), str(t)) for a, t in pairs)))

    def to_json(self) -> dict[str, list[list[str]]]:
        return {"attacks": [list(p) for p in self.attacks]}


@dataclass(frozen=True)
class BlockDeclaration:
    """The blockers declared (509.1a): ``(blocker, attacker)`` pairs, sorted."""

    blocks: tuple[Pair, ...] = ()

    @classmethod
    def of(cls, pairs: Iterable[Iterable[str]]) -> BlockDeclaration:
        return cls(tuple(sorted((str(b), str(a)) for b, a in pairs)))

    def to_json(self) -> dict[str, list[list[str]]]:
        return {"blocks": [list(p) for p in self.blocks]}


@dataclass(frozen=True)
class FaceUp:
    """Turning a face-down permanent face up in a priority window, paying its cost (702.37e)."""

    window: str
    permanent: str
    cost: str

    def to_json(self) -> dict[str, str]:
        return {"window": self.window, "permanent": self.permanent, "cost": self.cost}


@dataclass(frozen=True)
class Pass:
    """A player passing priority in a window (117.3d); the window closes when all pass in
    succession (117.4)."""

    window: str
    player: str

    def to_json(self) -> dict[str, str]:
        return {"window": self.window, "pass": self.player}


@dataclass(frozen=True)
class DamageAssignment:
    """One combat damage step's assignment (510.1): ``(source, recipient, amount)``, amounts
    positive, sorted."""

    step: str
    assignment: tuple[Triple, ...] = ()

    @classmethod
    def of(cls, step: str, triples: Iterable[tuple[str, str, int]]) -> DamageAssignment:
        return cls(step, tuple(sorted((str(s), str(r), int(n)) for s, r, n in triples if int(n) > 0)))

    def to_json(self) -> dict[str, list[list[str | int]]]:
        return {"assignment": [list(t) for t in self.assignment]}


@dataclass(frozen=True)
class Trigger:
    """A triggered ability waiting on the stack (603.3, :mod:`pysolver.triggers`): its `kind`
    (``flanking``, ``afflict``, ``rampage``), its `source`, its `target` (the blocker, the
    defending player; none for rampage) and its N (`amount`)."""

    kind: str
    source: str
    target: str = ""
    amount: int = 0

    @property
    def effect(self) -> tuple[str, str, int]:
        """What it does as it resolves: abilities with equal effects are interchangeable on the stack."""
        return (self.kind, self.source if self.kind == "rampage" else self.target, self.amount)

    def to_json(self) -> dict[str, str | int]:
        return {"kind": self.kind, "source": self.source, "target": self.target, "amount": self.amount}


@dataclass(frozen=True)
class TriggerOrder:
    """The order the active player puts their triggered abilities on the stack in (603.3b), given
    as the order they resolve in (the last put on resolves first, 405.2, 608.1).

    >>> TriggerOrder((Trigger("afflict", "x", "bob", 2),)).to_json()
    {'triggers': [{'kind': 'afflict', 'source': 'x', 'target': 'bob', 'amount': 2}]}
    """

    resolves: tuple[Trigger, ...]

    def to_json(self) -> dict[str, list[dict[str, str | int]]]:
        return {"triggers": [t.to_json() for t in self.resolves]}


Move = AttackDeclaration | BlockDeclaration | FaceUp | Pass | DamageAssignment | TriggerOrder
