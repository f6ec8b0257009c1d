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
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command functions and types this module re-exports, imported on first use
    from .cards import Card, CardPool
    from .check import check
    from .damage import count_damage, damage_assignments, next_step
    from .declarations import count_attacks, count_blocks, legal_attacks, legal_blocks
    from .errors import InputError
    from .graph import BlockGraph, attacker_blocker_graph
    from .model import Combat, Goal, Permanent, Player, Situation
    from .moves import AttackDeclaration, BlockDeclaration, DamageAssignment, FaceUp, Move, Pass
    from .outcomes import count_outcomes, outcomes
    from .values import CheckResult, IllegalMoveError, Line, Outcome, Strategy, Verdict, Violation
    from .verify import verify

__all__ = ["load", "load_data", "load_cards", "legal_attacks", "count_attacks", "legal_blocks",
           "count_blocks", "attacker_blocker_graph", "next_step", "damage_assignments", "count_damage",
           "outcomes", "count_outcomes", "check", "verify",
           "Situation", "Player", "Permanent", "Combat", "Goal", "InputError", "IllegalMoveError",
           "AttackDeclaration", "BlockDeclaration", "DamageAssignment", "FaceUp", "Pass", "Move",
           "CheckResult", "Violation", "Outcome", "Line", "Strategy", "Verdict", "BlockGraph",
           "check_result", "outcome_values", "verdict", "block_graph"]

#: The module defining each name this module re-exports (imported on first use, PEP 562).
MODULES: dict[str, str] = {
    **dict.fromkeys(("legal_attacks", "count_attacks", "legal_blocks", "count_blocks"), "pysolver.declarations"),
    **dict.fromkeys(("next_step", "damage_assignments", "count_damage"), "pysolver.damage"),
    **dict.fromkeys(("outcomes", "count_outcomes"), "pysolver.outcomes"),
    **dict.fromkeys(("attacker_blocker_graph", "BlockGraph"), "pysolver.graph"),
    "check": "pysolver.check", "verify": "pysolver.verify", "InputError": "pysolver.errors",
    **dict.fromkeys(("Situation", "Player", "Permanent", "Combat", "Goal"), "pysolver.model"),
    **dict.fromkeys(("AttackDeclaration", "BlockDeclaration", "DamageAssignment", "FaceUp", "Pass", "Move"),
                    "pysolver.moves"),
    **dict.fromkeys(("IllegalMoveError", "CheckResult", "Violation", "Outcome", "Line", "Strategy", "Verdict"),
                    "pysolver.values"),
}


def __getattr__(name: str) -> object:
    """A re-exported name, imported from its defining module on first use and kept.

    >>> import pysolver.api as api
    >>> api.count_blocks.__module__
    'pysolver.declarations'
    """
    module = MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'pysolver.api' has no attribute {name!r}")
    value: object = getattr(import_module(module), name)
    globals()[name] = value
    return value


def load(path: str | Path, cards: Mapping[str, Card] | None = None) -> Situation:
    """Load a situation file (YAML/JSON, docs/situation.md); `cards` from :func:`load_cards` extends the pool.

    >>> load("examples/megamorph.yaml").active
    'alice'
    """
    from .loader import load_situation
    return load_situation(path, cards)


def load_data(data: dict, cards: Mapping[str, Card] | None = None) -> Situation:  # type: ignore[type-arg]
    """Validate an already parsed situation (a dict as in docs/situation.md).

    >>> load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a", "permanents": []}).active
    'a'
    """
    from .loader import situation_from_data
    return situation_from_data(data, None, cards)


def load_cards(path: str | Path, cache: bool = True) -> CardPool:
    """Read a Scryfall bulk JSON or MTGJSON AtomicCards file, plain or .gz/.xz/.bz2 (docs/engines.md);
    its index is cached unless `cache` is false (docs/engines.md).

    >>> len(load_cards("tests/fixtures/AtomicCards.json")) > 0
    True
    """
    from .cards import load_pool_file
    return load_pool_file(path, cache)


def check_result(s: Situation) -> CheckResult:
    """:func:`check` as a typed value: is the declared combat legal, and which rules does it break.

    >>> r = check_result(load("examples/check/akroma-illegal-combat.yaml"))
    >>> r.legal, r.rules
    (False, ('508.1a', '702.16f', '702.9b', '702.19b'))
    """
    from .check import check
    from .values import CheckResult
    return CheckResult.from_json(check(s))


def outcome_values(s: Situation) -> Iterator[Outcome]:
    """:func:`outcomes` as typed values, lazily.

    >>> sorted(o.life_of("bob") for o in outcome_values(load("examples/megamorph.yaml")))
    [17, 20, 20]
    """
    from .outcomes import outcomes
    from .values import Outcome
    for d in outcomes(s):
        yield Outcome.from_json(d)


def verdict(s: Situation, *, progress: bool | None = False) -> Verdict:
    """:func:`verify` as a typed value (docs/verify.md): ``bool(verdict(s))`` is whether the goal holds;
    `progress` (None: when stderr is a terminal) reports on stderr during long searches.

    >>> v = verdict(load("examples/puzzles/lure-forces-the-block.yaml"))
    >>> bool(v), v.proof.player
    (True, 'alice')
    """
    from .values import Verdict
    from .verify import verify
    return Verdict.from_json(verify(s, progress=progress))


def block_graph(s: Situation) -> BlockGraph:
    """The attacker–blocker graph (:func:`attacker_blocker_graph`) in a wrapper that draws itself.

    >>> block_graph(load("examples/menace-and-lure.yaml")).attackers
    ('brute', 'unicorn')
    """
    from .graph import BlockGraph, attacker_blocker_graph
    return BlockGraph(attacker_blocker_graph(s))
