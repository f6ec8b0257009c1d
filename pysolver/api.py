"""The Python API: every command as a function, and the typed model, moves and results.

Two layers: the functions of the commands return the plain data of their ``--json`` documents
(lazy iterators for enumerations), and the typed layer — :class:`Situation` with its legal-move
collections and ``play`` (:mod:`pysolver.position`), and the frozen result values of
:mod:`pysolver.values` returned by :func:`check_result`, :func:`outcome_values`, :func:`verdict`
and :func:`block_graph` (also as ``Situation`` methods).

>>> import pysolver
>>> s = pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
...     "permanents": [{"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"},
...                    {"id": "knight", "controller": "bob", "card": "White Knight"}],
...     "combat": {"attackers": {"akroma": "bob"}}})
>>> list(pysolver.legal_blocks(s))   # protection from white, and flying (702.16f, 702.9b)
[{'blocks': []}]
>>> list(s.legal_blocks)
[BlockDeclaration(blocks=())]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from .cards import Card, CardPool, load_pool_file
from .check import check
from .damage import count_damage, damage_assignments, next_step
from .declarations import count_attacks, count_blocks, legal_attacks, legal_blocks
from .errors import InputError
from .graph import BlockGraph, attacker_blocker_graph
from .loader import load_situation, situation_from_data
from .model import Combat, Goal, Permanent, Player, Situation
from .moves import (
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    FaceUp,
    Move,
    Pass,
)
from .outcomes import count_outcomes, outcomes
from .position import IllegalMoveError
from .values import CheckResult, Line, Outcome, Strategy, Verdict, Violation
from .verify import verify

__all__ = ["load", "load_data", "load_cards", "legal_attacks", "count_attacks", "legal_blocks",
           "count_blocks", "attacker_blocker_graph", "next_step", "damage_assignments", "count_damage",
           "outcomes", "count_outcomes", "check", "verify",
           "Situation", "Player", "Permanent", "Combat", "Goal", "InputError", "IllegalMoveError",
           "AttackDeclaration", "BlockDeclaration", "DamageAssignment", "FaceUp", "Pass", "Move",
           "CheckResult", "Violation", "Outcome", "Line", "Strategy", "Verdict", "BlockGraph",
           "check_result", "outcome_values", "verdict", "block_graph"]


def load(path: str | Path, cards: Mapping[str, Card] | None = None) -> Situation:
    """Load a situation file (YAML/JSON, docs/situation.md); `cards` from :func:`load_cards` extends the pool.

    >>> load("examples/megamorph.yaml").active
    'alice'
    """
    return load_situation(path, cards)


def load_data(data: dict, cards: Mapping[str, Card] | None = None) -> Situation:  # type: ignore[type-arg]
    """Validate an already parsed situation (a dict as in docs/situation.md).

    >>> load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a", "permanents": []}).active
    'a'
    """
    return situation_from_data(data, None, cards)


def load_cards(path: str | Path, cache: bool = True) -> CardPool:
    """Read a Scryfall bulk JSON or MTGJSON AtomicCards file, plain or .gz/.xz/.bz2 (docs/engines.md);
    its index is cached unless `cache` is false (docs/engines.md).

    >>> len(load_cards("tests/fixtures/AtomicCards.json")) > 0
    True
    """
    return load_pool_file(path, cache)


def check_result(s: Situation) -> CheckResult:
    """:func:`check` as a typed value: is the declared combat legal, and which rules does it break.

    >>> r = check_result(load("examples/check/akroma-illegal-combat.yaml"))
    >>> r.legal, r.rules
    (False, ('508.1a', '702.16f', '702.9b', '702.19b'))
    """
    return CheckResult.from_json(check(s))


def outcome_values(s: Situation) -> Iterator[Outcome]:
    """:func:`outcomes` as typed values, lazily.

    >>> sorted(o.life_of("bob") for o in outcome_values(load("examples/megamorph.yaml")))
    [17, 20, 20]
    """
    for d in outcomes(s):
        yield Outcome.from_json(d)


def verdict(s: Situation) -> Verdict:
    """:func:`verify` as a typed value (docs/verify.md): ``bool(verdict(s))`` is whether the goal holds.

    >>> v = verdict(load("examples/puzzles/lure-forces-the-block.yaml"))
    >>> bool(v), v.proof.player
    (True, 'alice')
    """
    return Verdict.from_json(verify(s, progress=False))


def block_graph(s: Situation) -> BlockGraph:
    """The attacker–blocker graph (:func:`attacker_blocker_graph`) in a wrapper that draws itself.

    >>> block_graph(load("examples/menace-and-lure.yaml")).attackers
    ('brute', 'unicorn')
    """
    return BlockGraph(attacker_blocker_graph(s))
