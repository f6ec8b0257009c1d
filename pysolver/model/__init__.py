"""The ground floor: the situation as typed data (docs/situation.md) and the values built on it.

:mod:`.situation` (players, permanents, the declared combat, the goal), :mod:`.abilities` (the
ability lines, parsed against :mod:`.catalogue`), :mod:`.fields` (a situation file's fields read
and checked one by one), :mod:`.magnitudes` (the board totals of docs/limits.md), :mod:`.mana`,
:mod:`.numbers` (the ranges inside which answers are exact), :mod:`.stage` (the points of the
combat), :mod:`.moves` (attack and block declarations, damage assignments, the priority windows'
moves) and :mod:`.values` (typed results). Nothing here imports clingo.
"""

from .fields import STEPS, counter_kind, pt_change
from .situation import Combat, Data, Goal, Permanent, Player, Situation

__all__ = ["STEPS", "Combat", "Data", "Goal", "Permanent", "Player", "Situation", "counter_kind", "pt_change"]
