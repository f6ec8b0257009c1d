"""Every legal combat damage assignment of the next combat damage step (510.1, 702.19, 702.2c).

The step is read from one solve of ``encodings/damage.lp`` (``#program step_model``: sources,
recipients, lethal damage, loyalty); :mod:`pysolver.rules.damage_count` counts the assignments and
lists them lazily from it, so neither grows with power.

There is no damage assignment order (rules as of January 2026): a blocked creature divides
its damage among its blockers as its controller chooses; a trampler may assign to what it
attacks once every blocker has lethal damage, counting damage assigned by other creatures in
the same step (702.19b).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3, "abilities": ["Trample"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 2}],
...     "combat": {"attackers": {"x": "b"}, "blockers": {"y": ["x"]}}})
>>> next_step(s), count_damage(s)
('regular', 2)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..asp import deadline
from ..asp.facts import situation_facts
from ..asp.solving import STEP, args_of, control, one_model
from ..errors import InputError
from ..model import Situation
from . import damage_count
from .combat import settled


def _facts(s: Situation) -> str:
    if s.combat.attackers is None or s.combat.blockers is None:
        raise InputError(s.source, "combat", "damage needs combat.attackers and combat.blockers "
                                             "(an empty mapping for no blocks) (docs/results.md)")
    return situation_facts(settled(s).with_combat(assignment=None))


def next_step(s: Situation) -> str:
    """`first_strike` or `regular`: the next combat damage step (510.4, or `combat.damage_step`)."""
    symbols = one_model(control(STEP, _facts(s), parts=("base", "show_step")))
    return str(symbols[0].arguments[0])


def step_model(s: Situation) -> damage_count.StepModel:
    """The next damage step of `s` as :class:`pysolver.rules.damage_count.StepModel`, from damage.lp."""
    by_name: dict[str, list[list[str]]] = {}
    for sym in one_model(control(STEP, _facts(s), parts=("base", "step_model"))):
        by_name.setdefault(sym.name, []).append(args_of(sym))

    def grouped(name: str) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for a, b in by_name.get(name, []):
            out.setdefault(a, []).append(b)
        return {a: tuple(sorted(bs)) for a, bs in out.items()}
    return damage_count.StepModel(
        power={a: int(p) for a, p in by_name.get("model_source", [])},
        recipients=grouped("model_recipient"), blockers=grouped("model_blocker"),
        lethal={b: int(n) for b, n in by_name.get("model_lethal", [])},
        deathtouch=frozenset(a for a, in by_name.get("model_deathtouch", [])),
        excess=grouped("model_excess"),
        as_unblocked={a: t for a, t in by_name.get("model_as_unblocked", [])},
        loyalty_first={a: (pl, w, None if n == "none" else int(n))
                       for a, pl, w, n in by_name.get("model_loyalty_first", [])})


def damage_assignments(s: Situation) -> Iterator[dict[str, Any]]:
    """Every legal assignment, lazily: ``{"assignment": [[source, recipient, amount], …]}``; the
    listing is Python's, so it checks the time limit itself (:func:`pysolver.asp.deadline.check`)."""
    for assignment in damage_count.assignments(step_model(s)):
        deadline.check()
        yield {"assignment": sorted(list(t) for t in assignment)}


def count_damage(s: Situation) -> int:
    """The number of legal assignments of the next combat damage step (510.1), exact for any power,
    without listing them."""
    return damage_count.count(step_model(s))

