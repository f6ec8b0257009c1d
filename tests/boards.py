"""Test boards from plain data: alice active against bob (and carol), permanents written with :func:`creature`.

>>> s = board(creature("x", "alice", 2, 2, "Exalted"), creature("y", "bob", 1, 3), attackers={"x": "bob"})
>>> s.permanent("x").power, s.combat.attackers
(2, (('x', 'bob'),))
"""

from __future__ import annotations

from typing import Any

from pysolver import load_data
from pysolver.model import Situation


def board(*permanents: dict[str, Any], attackers: dict[str, Any] | None = None,
          blockers: dict[str, Any] | None = None, alice: int = 20, bob: int = 20, carol: int | None = None,
          mana: str = "", players: list[Any] | None = None, goal: dict[str, Any] | None = None,
          **combat: Any) -> Situation:
    """alice (at `alice` life, with `mana`) active, bob and, if `carol` is given, carol defending — or
    `players` as given; `attackers`, `blockers` and any other `combat` field (``provoked``,
    ``assignment``, ``damage_step``, …) make the declared combat, `goal` the goal (docs/situation.md)."""
    if players is None:
        players = [{"name": "alice", "life": alice, **({"mana": mana} if mana else {})}, {"name": "bob", "life": bob}]
        if carol is not None:
            players.append({"name": "carol", "life": carol})
    data: dict[str, Any] = {"players": players, "active": "alice", "permanents": list(permanents)}
    if attackers is not None:
        combat["attackers"] = attackers
    if blockers is not None:
        combat["blockers"] = blockers
    if combat:
        data["combat"] = combat
    if goal is not None:
        data["goal"] = goal
    return load_data(data)


def creature(pid: str, controller: str, power: int = 2, toughness: int = 2, *abilities: str,
             **fields: Any) -> dict[str, Any]:
    """A creature permanent entry of `power`/`toughness` with ability lines `abilities`."""
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness,
            "abilities": list(abilities), **fields}


def assert_agrees(got: list[frozenset[Any]], want: set[frozenset[Any]], count: int | None = None) -> None:
    """The solver's results (a list, so that a result listed twice shows) are exactly the reference's
    set, and `count` (the solver's count, if given) is their number."""
    assert len(got) == len(set(got)), "a result is listed twice"
    assert set(got) == want, (sorted(map(sorted, set(got) - want))[:3], sorted(map(sorted, want - set(got)))[:3])
    if count is not None:
        assert count == len(got)
