"""Every legal combat damage assignment of the next combat damage step (510.1, 702.19, 702.2c).

There is no damage assignment order (rules as of January 2026): a blocked creature divides
its damage among its blockers as its controller chooses; a trampler may assign to what it
attacks once every blocker has lethal damage, counting damage assigned by other creatures in
the same step (702.19b).

>>> from pysolver.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3, "abilities": ["Trample"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 2}],
...     "combat": {"attackers": {"x": "b"}, "blockers": {"y": ["x"]}}})
>>> next_step(s), count_damage(s)
('regular', 2)
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import InputError
from .facts import situation_facts
from .model import Situation
from .solving import STEP, args_of, control, count_models, models, one_model



def _facts(s: Situation) -> str:
    if s.combat.attackers is None or s.combat.blockers is None:
        raise InputError(s.source, "combat", "damage needs combat.attackers and combat.blockers "
                                             "(an empty mapping for no blocks) (SPEC §3)")
    return situation_facts(s.with_combat(assignment=None))


def next_step(s: Situation) -> str:
    """`first_strike` or `regular`: the next combat damage step (510.4, or `combat.damage_step`)."""
    symbols = one_model(control(STEP, _facts(s), show="#show step/1."))
    return str(symbols[0].arguments[0])


def _assignments(s: Situation):
    return control(STEP, _facts(s), parts=("base", "choose_damage"), show="#show assign/3.")


def damage_assignments(s: Situation) -> Iterator[dict]:
    """Every legal assignment, lazily: ``{"assignment": [[source, recipient, amount], …]}``."""
    for symbols in models(_assignments(s)):
        yield {"assignment": sorted(triple(sym) for sym in symbols)}


def count_damage(s: Situation) -> int:
    """The number of legal assignments of the next combat damage step (510.1), counted by clingo."""
    return count_models(_assignments(s))


def triple(sym) -> list:
    """[source, recipient, amount] from an assign/3 atom."""
    source, recipient, amount = args_of(sym)
    return [source, recipient, int(amount)]
