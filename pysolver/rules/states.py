"""Deterministic questions of many states of one board in one grounded program (704.3, 120.3).

A walk asks the same questions of every position: which permanents the state-based actions put into the
graveyard (704.3, 704.5f/g/i/v), what a damage ability's damage does (120.3). Positions of one board differ
mostly in the damage marked on its permanents and in which have left the battlefield; grounding the
question's program for each costs milliseconds, solving it under assumptions a fraction of one. So the
program is grounded once per board and question, with the damage marked and who has left as externals
(``encodings/combat.lp``, ``#program left_state``, ``damage_state``), and each state is one solve with
every external fixed. The board is what the program reads of the situation but those two
(:func:`pysolver.asp.reads.read_facts`): a state with other characteristics, counters or pumps is another
board. A state with more damage marked than :data:`MARKED` on a permanent is asked of a program of its
own (:func:`pysolver.asp.reads.answers`).

>>> from pysolver.files.loader import situation_from_data
>>> from pysolver.asp.solving import CHARACTERISTICS
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2, "damage": 2}]})
>>> [str(x) for x in one_state_answer(CHARACTERISTICS, s, ("base", "show_gone"))]
['gone("x","704.5g")']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from clingo import Control, Symbol

from ..asp.facts import atom, situation_facts
from ..asp.reads import first_asked, one_answer, read_facts, read_predicates
from ..asp.solving import Part, control, models
from ..model import Situation

MARKED = 20  # damage marked up to this on each permanent is an external; a state with more gets its own program
STATE_PARTS: tuple[Part, ...] = ("left_state", ("damage_state", [MARKED]))
STATE = (("state_left", 1), ("state_marked", 2))
PROGRAMS = 32  # grounded state programs kept (one per board and question; a walk goes depth first)


class StateProgram:
    """One board's grounded program of a deterministic question; :meth:`answer` solves it for one state."""

    def __init__(self, encodings: tuple[str, ...], facts: str, parts: tuple[Part, ...]) -> None:
        self.ctl: Control = control(encodings, facts, parts=(*parts, *STATE_PARTS))
        # Free externals, each fixed by the assumptions of a solve (one left false would be false for good).
        self.externals = {a.symbol: a.literal for sig in STATE for a in self.ctl.symbolic_atoms.by_signature(*sig)
                          if a.is_external}
        for x in self.externals:
            self.ctl.assign_external(x, None)
        self.solved: dict[tuple[int, ...], tuple[Symbol, ...]] = {}

    def answer(self, s: Situation) -> tuple[Symbol, ...] | None:
        """The shown symbols of the one model in state `s`, or None if `s` is not one of its states."""
        true = {atom("state_left", p.id) for p in s.permanents if p.left_battlefield}
        true |= {atom("state_marked", p.id, p.damage) for p in s.permanents}
        if not true <= self.externals.keys():
            return None
        assumptions = tuple(lit if x in true else -lit for x, lit in self.externals.items())
        found = self.solved.get(assumptions)
        if found is None:
            for symbols in models(self.ctl, assumptions=assumptions):
                found = self.solved[assumptions] = tuple(symbols)
                break
            else:
                raise RuntimeError("the program has no model")
        return found


def one_state_answer(encodings: Sequence[str], s: Situation, parts: Sequence[Part],
                     extra: str = "") -> tuple[Symbol, ...]:
    """The shown symbols of the one model of a deterministic question (`encodings` grounded in `parts`) on
    `s` with the facts `extra`: solved in its board's program (with ``combat.lp``'s state parts), or, for a
    state that program does not have, in a program of its own."""
    with_state = tuple(dict.fromkeys((*encodings, "combat")))
    names = tuple(dict.fromkeys(p if isinstance(p, str) else p[0] for p in (*parts, *STATE_PARTS)))
    read = None if first_asked(with_state, names) else read_predicates(with_state, names)  # (first: as it is)
    if read is not None:
        board = replace(s, permanents=tuple(replace(p, damage=0, left_battlefield=False)
                                            if p.damage or p.left_battlefield else p for p in s.permanents))
        facts = read_facts("\n".join(x for x in (situation_facts(board), extra) if x), read - {("damage_marked", 2)})
        found = _program(with_state, facts, tuple(_hashable(p) for p in parts)).answer(s)
        if found is not None:
            return found
    return one_answer(encodings, "\n".join(x for x in (situation_facts(s), extra) if x), parts=parts)


def _hashable(part: Part) -> Part:
    return part if isinstance(part, str) else (part[0], tuple(part[1]))


@lru_cache(maxsize=PROGRAMS)
def _program(encodings: tuple[str, ...], facts: str, parts: tuple[Part, ...]) -> StateProgram:
    return StateProgram(encodings, facts, parts)
