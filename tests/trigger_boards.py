"""Situations for the trigger tests (test_triggers, test_death_triggers, test_provoke): alice active
against bob (and carol), from permanent dicts written with :func:`creature`.

>>> board([creature("x", "alice", "2/2", "Exalted")]).permanent("x").power
2
"""

from __future__ import annotations

from typing import Any

import pysolver


def board(permanents: list[dict[str, Any]], *, alice: int = 20, bob: int = 20, carol: int | None = None,
          combat: dict[str, Any] | None = None, goal: dict[str, Any] | None = None,
          mana: str = "") -> pysolver.Situation:
    """alice (at `alice` life, with `mana`) active, bob and, if `carol` is given, carol defending."""
    players: list[dict[str, Any]] = [{"name": "alice", "life": alice, "mana": mana}, {"name": "bob", "life": bob}]
    if carol is not None:
        players.append({"name": "carol", "life": carol})
    data: dict[str, Any] = {"players": players, "active": "alice", "permanents": permanents}
    if combat is not None:
        data["combat"] = combat
    if goal is not None:
        data["goal"] = goal
    return pysolver.load_data(data)


def creature(pid: str, controller: str, pt: str, *lines: str, **more: Any) -> dict[str, Any]:
    """A creature of power/toughness `pt` ("2/3") with ability `lines`."""
    power, toughness = map(int, pt.split("/"))
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness, "abilities": list(lines),
            **more}
