"""The ground floor: the situation as typed data (docs/situation.md) and the values built on it.

:mod:`.situation` (players, permanents, the declared combat, the goal), :mod:`.abilities` (the
ability lines, parsed against :mod:`.catalogue`), :mod:`.mana`, :mod:`.numbers` (the ranges inside
which answers are exact), :mod:`.moves` (attack and block declarations, damage assignments, the
priority windows' moves) and :mod:`.values` (typed results). Nothing here imports clingo.
"""

from .situation import STEPS, Combat, Data, Goal, Permanent, Player, Situation, counter_kind, pt_change

__all__ = ["STEPS", "Combat", "Data", "Goal", "Permanent", "Player", "Situation", "counter_kind", "pt_change"]
