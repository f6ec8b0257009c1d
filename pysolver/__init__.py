r"""pysolver: exact Magic: The Gathering combat rules answers from answer-set programs (clingo).

The package is built in layers, each a sub-package (docs/architecture.md): :mod:`pysolver.model`
(the situation, its abilities, moves and typed results), :mod:`pysolver.files` (situation and card
files), :mod:`pysolver.asp` (facts and the clingo solving layer over ``encodings/``),
:mod:`pysolver.rules` (one declaration or damage step), :mod:`pysolver.game` (the combat game tree
and its searches), :mod:`pysolver.output` (result documents, text, SVG), then the commands
(:mod:`pysolver.commands`, :mod:`pysolver.cli`) and the many-board tools (:mod:`pysolver.scale`,
:mod:`pysolver.engines`).

This module is the Python API, in two layers: the typed layer — :class:`Situation` (``s.game()``:
the combat as a game tree of positions, :class:`Position`, whose ``legal_moves`` are lazy collections
of moves, :mod:`pysolver.game.gametree`), and the frozen result values of :mod:`pysolver.model.values`
that :func:`check_result`, :func:`outcome_values`, :func:`verdict` and :func:`best` produce and :func:`block_graph`
wraps — and the functions of the commands, which return the plain data of their ``--json`` documents
(lazy iterators for enumerations): :func:`check`, :func:`outcomes` and :func:`verify` are the typed
values' ``to_json()``.
The public names are imported lazily (PEP 562): ``import pysolver`` costs next to nothing, and
``pysolver.Situation`` imports only the model, ``pysolver.outcomes`` only what outcomes need
(networkx only where the attacker–blocker graph is used).

>>> import pysolver
>>> s = pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
...     "permanents": [{"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"},
...                    {"id": "knight", "controller": "bob", "card": "White Knight"}],
...     "combat": {"attackers": {"akroma": "bob"}}})
>>> list(pysolver.legal_blocks(s))   # protection from white, and flying (702.16f, 702.9b)
[{'blocks': []}]
>>> list(s.game().legal_moves)
[BlockDeclaration(blocks=())]
>>> from pysolver import Situation, Player, Permanent, Position, Stage
>>> s = Situation(players=(Player("alice"), Player("bob")), active="alice",
...               permanents=(Permanent("bear", "alice", power=2, toughness=2),))
>>> Position(Stage.DECLARE_ATTACKERS, s).legal_moves.count()
2

:func:`best` plays the combat optimally for an objective (docs/best.md): what should bob block?

>>> o = pysolver.best(pysolver.load("examples/chump-or-trade.yaml"))
>>> [m.to_json() for m in o.moves], o.value[1]
([{'blocks': [['knight', 'giant']]}], (Term(sense='max', kind='life', player='bob', measure=None), 1))
>>> o = pysolver.best(pysolver.load("examples/chump-or-trade.yaml"), ["min value:bob"])
>>> [m.to_json() for m in o.moves]
[{'blocks': []}]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the command functions and types this module re-exports, imported on first use
    from .errors import InputError
    from .files.cards import Card, CardPool
    from .files.loader import permanent_from_card
    from .files.oracle import classify
    from .game.best import best
    from .game.gametree import LegalMoveGenerator, Position
    from .game.outcomes import count_outcomes, outcome_values
    from .game.verify import verdict
    from .model import Combat, Goal, Permanent, Player, Situation
    from .model.moves import AttackDeclaration, BlockDeclaration, DamageAssignment, FaceUp, Move, Pass
    from .model.objective import Objective, Term
    from .model.optimum import Optimum, Step
    from .model.stage import Stage
    from .model.values import CheckResult, IllegalMoveError, Line, Outcome, Strategy, Verdict, Violation
    from .rules.check import check_result
    from .rules.damage import count_damage, damage_assignments, next_step
    from .rules.declarations import count_attacks, count_blocks, legal_attacks, legal_blocks
    from .rules.graph import BlockGraph, attacker_blocker_graph

__all__ = ["load", "load_data", "load_cards", "legal_attacks", "count_attacks", "legal_blocks",
           "count_blocks", "attacker_blocker_graph", "next_step", "damage_assignments", "count_damage",
           "outcomes", "count_outcomes", "check", "verify",
           "Situation", "Player", "Permanent", "permanent_from_card", "Combat", "Goal", "InputError",
           "IllegalMoveError", "Position", "LegalMoveGenerator", "Stage",
           "AttackDeclaration", "BlockDeclaration", "DamageAssignment", "FaceUp", "Pass", "Move",
           "CheckResult", "Violation", "Outcome", "Line", "Strategy", "Verdict", "BlockGraph",
           "check_result", "outcome_values", "verdict", "block_graph", "classify", "best", "Objective", "Term",
           "Optimum", "Step"]

#: The module defining each public name (imported on first use, PEP 562).
MODULES: dict[str, str] = {
    **dict.fromkeys(("legal_attacks", "count_attacks", "legal_blocks", "count_blocks"), "pysolver.rules.declarations"),
    **dict.fromkeys(("next_step", "damage_assignments", "count_damage"), "pysolver.rules.damage"),
    **dict.fromkeys(("outcome_values", "count_outcomes"), "pysolver.game.outcomes"),
    **dict.fromkeys(("attacker_blocker_graph", "BlockGraph"), "pysolver.rules.graph"),
    "check_result": "pysolver.rules.check", "verdict": "pysolver.game.verify", "InputError": "pysolver.errors",
    "best": "pysolver.game.best", **dict.fromkeys(("Objective", "Term"), "pysolver.model.objective"),
    **dict.fromkeys(("Optimum", "Step"), "pysolver.model.optimum"),
    **dict.fromkeys(("Situation", "Player", "Permanent", "Combat", "Goal"), "pysolver.model.situation"),
    "permanent_from_card": "pysolver.files.loader", "classify": "pysolver.files.oracle",
    "Stage": "pysolver.model.stage",
    **dict.fromkeys(("Position", "LegalMoveGenerator"), "pysolver.game.gametree"),
    **dict.fromkeys(("AttackDeclaration", "BlockDeclaration", "DamageAssignment", "FaceUp", "Pass", "Move"),
                    "pysolver.model.moves"),
    **dict.fromkeys(("IllegalMoveError", "CheckResult", "Violation", "Outcome", "Line", "Strategy", "Verdict"),
                    "pysolver.model.values"),
}


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def __getattr__(name: str) -> object:
    """A public name, imported from the module :data:`MODULES` names on first use and kept.

    >>> import pysolver
    >>> pysolver.count_blocks.__module__
    'pysolver.rules.declarations'
    """
    module = MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'pysolver' has no attribute {name!r}")
    value: object = getattr(import_module(module), name)
    globals()[name] = value
    return value


def load(path: str | Path, cards: Mapping[str, Card] | None = None) -> Situation:
    """Load a situation file (YAML/JSON, docs/situation.md); `cards` from :func:`load_cards` extends the pool.

    >>> load("examples/megamorph.yaml").active
    'alice'
    """
    from .files.loader import load_situation
    return load_situation(path, cards)


def load_data(data: dict, cards: Mapping[str, Card] | None = None) -> Situation:  # type: ignore[type-arg]
    """Validate an already parsed situation (a dict as in docs/situation.md).

    >>> load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a", "permanents": []}).active
    'a'
    """
    from .files.loader import situation_from_data
    return situation_from_data(data, None, cards)


def load_cards(path: str | Path, cache: bool = True) -> CardPool:
    """Read a Scryfall bulk JSON or MTGJSON AtomicCards file, plain or .gz/.xz/.bz2 (docs/engines.md);
    its index is cached unless `cache` is false (docs/engines.md).

    >>> len(load_cards("tests/fixtures/AtomicCards.json")) > 0
    True
    """
    from .files.cards import load_pool_file
    return load_pool_file(path, cache)


def check(s: Situation) -> dict[str, Any]:
    """The `check --json` document (docs/results.md): :func:`check_result`'s ``to_json()``.

    >>> check(load("examples/check/akroma-illegal-combat.yaml"))["violations"][0]["rule"]
    '508.1a'
    """
    from .rules.check import check_result
    return check_result(s).to_json()


def outcomes(s: Situation) -> Iterator[dict[str, Any]]:
    """The `outcomes` results (docs/results.md), lazily: each of :func:`outcome_values`' ``to_json()``.

    >>> sorted(o["life"]["bob"] for o in outcomes(load("examples/megamorph.yaml")))
    [17, 20, 20]
    """
    from .game.outcomes import outcome_values
    for o in outcome_values(s):
        yield o.to_json()


def verify(s: Situation, *, progress: bool | None = None) -> dict[str, Any]:
    """The `verify --json --stats` document (docs/verify.md): ``{"holds", "goal", "strategy",
    "refutation", "stats", "format"}``, :func:`verdict`'s ``to_json(stats=True)`` (`stats`: the
    search's figures, volatile ``seconds`` among them); `progress` (None, the default: when stderr is
    a terminal) reports on stderr during long searches.

    >>> verify(load("examples/puzzles/lure-forces-the-block.yaml"))["holds"]
    True
    """
    from .game.verify import verdict
    return verdict(s, progress=progress).to_json(stats=True)


def block_graph(s: Situation) -> BlockGraph:
    """The attacker–blocker graph (:func:`attacker_blocker_graph`) in a wrapper that draws itself.

    >>> block_graph(load("examples/menace-and-lure.yaml")).attackers
    ('brute', 'unicorn')
    """
    from .rules.graph import BlockGraph, attacker_blocker_graph
    return BlockGraph(attacker_blocker_graph(s))
