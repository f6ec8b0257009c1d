"""Shared fixtures: building situations from plain data in tests."""

from __future__ import annotations

import pytest

from pysolver import load_data
from pysolver.model import Situation


def board(*permanents: dict, attackers: dict | None = None, blockers: dict | None = None,
          players: list | None = None, **combat: object) -> Situation:
    """A two-player board (alice active, bob defending) from permanent dicts."""
    data: dict = {"players": players or [{"name": "alice", "life": 20}, {"name": "bob", "life": 20}],
                  "active": "alice", "permanents": list(permanents)}
    c = dict(combat)
    if attackers is not None:
        c["attackers"] = attackers
    if blockers is not None:
        c["blockers"] = blockers
    if c:
        data["combat"] = c
    return load_data(data)


def creature(pid: str, controller: str, power: int = 2, toughness: int = 2, *abilities: str, **fields) -> dict:
    """A creature permanent entry."""
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness,
            "abilities": list(abilities), **fields}


def assert_agrees(got: list[frozenset], want: set[frozenset], count: int | None = None) -> None:
    """The solver's results (a list, so that a result listed twice shows) are exactly the reference's
    set, and `count` (the solver's count, if given) is their number."""
    assert len(got) == len(set(got)), "a result is listed twice"
    assert set(got) == want, (sorted(map(sorted, set(got) - want))[:3], sorted(map(sorted, want - set(got)))[:3])
    if count is not None:
        assert count == len(got)


@pytest.fixture
def make_board():
    return board
