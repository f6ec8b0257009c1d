"""The Python API: every command as a function returning plain data or a lazy iterator.

>>> import pysolver
>>> s = pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
...     "permanents": [{"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"},
...                    {"id": "knight", "controller": "bob", "card": "White Knight"}],
...     "combat": {"attackers": {"akroma": "bob"}}})
>>> list(pysolver.legal_blocks(s))   # protection from white, and flying (702.16f, 702.9b)
[{'blocks': []}]
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .cards import Card, CardPool, load_pool_file
from .check import check
from .damage import count_damage, damage_assignments, next_step
from .declarations import count_attacks, count_blocks, legal_attacks, legal_blocks
from .graph import attacker_blocker_graph
from .loader import load_situation, situation_from_data
from .model import Situation
from .outcomes import count_outcomes, outcomes
from .verify import verify

__all__ = ["load", "load_data", "load_cards", "legal_attacks", "count_attacks", "legal_blocks",
           "count_blocks", "attacker_blocker_graph", "next_step", "damage_assignments", "count_damage",
           "outcomes", "count_outcomes", "check", "verify"]


def load(path: str | Path, cards: Mapping[str, Card] | None = None) -> Situation:
    """Load a situation file (YAML/JSON, SPEC §1); `cards` from :func:`load_cards` extends the pool."""
    return load_situation(path, cards)


def load_data(data: dict, cards: Mapping[str, Card] | None = None) -> Situation:
    """Validate an already parsed situation (a dict as in SPEC §1)."""
    return situation_from_data(data, None, cards)


def load_cards(path: str | Path, cache: bool = True) -> CardPool:
    """Read a Scryfall bulk JSON or MTGJSON AtomicCards file, plain or .gz/.xz/.bz2 (SPEC §4);
    its index is cached unless `cache` is false (docs/engines.md)."""
    return load_pool_file(path, cache)
