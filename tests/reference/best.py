"""Optimal play for an objective (docs/best.md `best`): a brute-force minimax on value vectors for tiny boards.

The game of :mod:`reference.minimax` (played out move by move, literal priority, every complete
damage assignment), valued at the end of combat by the objective's terms instead of a goal: each
term read from the reference's own state (who lost, 704.5a, 704.5c; life; poison; the permanents
gone and their values: mana value, 202.3, counted by hand from the printed cost, or printed power
plus toughness), compared lexicographically; the objective's side takes the greatest, the other the
least. Independent of ``pysolver.game.best`` and of the encodings; the terms are parsed by
:mod:`pysolver.model.objective` (a term's spelling is input, not a rule).

>>> from pysolver import load_data
>>> from pysolver.model.objective import default_objective
>>> s = load_data({"players": [{"name": "a"}, {"name": "b", "life": 2}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}]})
>>> reference_best(s, default_objective("attacker", "a", ("a", "b")))
((0, -2, 2, 0), [{'attacks': [['x', 'b']]}])
"""

from __future__ import annotations

import re
from dataclasses import replace

from pysolver.model import Situation
from pysolver.model.objective import Objective, Term

from .declarations import reference_attacks, reference_blocks
from .end_of_combat import ended
from .minimax import ACTIVE, Minimax
from .outcomes import State, start
from .provoke import stacks as provoke_stacks
from .triggers import attack_triggers


def cost_value(cost: str) -> int:
    """202.3: the total mana in a cost: a number counts itself, X nothing (202.3e), any other
    symbol one, a hybrid symbol with a 2 two (202.3f)."""
    total = 0
    for symbol in re.findall(r"\{([^}]*)\}", cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol.upper() not in ("X", "Y", "Z"):
            total += 2 if symbol.startswith("2/") else 1
    return total


def worth(s: Situation, pid: str, measure: str | None) -> int:
    p = s.permanent(pid)
    if measure == "mv" or (measure is None and p.mana_cost is not None):
        return cost_value(str(p.mana_cost) if p.mana_cost is not None else "")
    return (p.power or 0) + (p.toughness or 0)


def term(t: Term, state: State) -> int:
    pl = state.s.player(t.player)
    if t.kind == "lost":  # 104.3b, 704.5a, 704.5c
        return int(pl.life <= 0 or pl.poison >= 10)
    if t.kind == "life":
        return pl.life
    if t.kind == "poison":
        return pl.poison
    mine = [x for x in state.gone if state.s.permanent(x).controller == t.player]
    if t.kind == "destroyed":
        return len(mine)
    return sum(worth(state.s, x, t.measure) for x in mine)


class VectorMinimax(Minimax):
    """Minimax whose positions are valued by the objective's signed terms."""

    def __init__(self, s: Situation, objective: Objective) -> None:
        self.goal = None
        self.active = s.active
        self.memo: dict[tuple, tuple[int, ...]] = {}
        self.objective = objective
        self.maximiser_active = objective.side == "attacker"

    def end(self, state: State) -> tuple[int, ...]:
        state = ended(state)  # 511.2, 511.3 (reference.end_of_combat)
        return tuple(term(t, state) if t.sense == "max" else -term(t, state) for t in self.objective.terms)

    def choose(self, active: bool, options: list):
        return max(options) if active == self.maximiser_active else min(options)


def reference_value(s: Situation, objective: Objective) -> tuple[int, ...]:
    """The optimal signed value vector (the objective's side maximises)."""
    stage, state = start(s)
    return VectorMinimax(s, objective).value(stage, state)


def reference_first_values(s: Situation, objective: Objective) -> dict[tuple, tuple[int, ...]]:
    """For a board whose next choice is a declaration (nobody can act in the window before it):
    each legal declaration of attackers (508.1) or, with attackers declared, of blockers (509.1),
    as sorted pairs, with its value under optimal play afterwards."""
    stage, state = start(s)
    m = VectorMinimax(s, objective)
    if stage == "beginning_of_combat":
        out = {}
        for d in reference_attacks(state.s):
            after = replace(state, s=attack_triggers(state.s.with_combat(attackers=tuple(sorted(d))), state.gone))
            out[tuple(sorted(d))] = m.choose(True, [  # 603.3b: the active player puts provoke triggers in order
                m.value("window", after, "after_attackers", ACTIVE, 0, tuple(reversed(order)))
                for order in provoke_stacks(after.s, after.field())])
        return out
    assert stage == "after_attackers"
    return {tuple(sorted(d)): m.blocked(state.s.with_combat(blockers=tuple(sorted(d))), state)
            for d in reference_blocks(state.s)}


def reference_best(s: Situation, objective: Objective) -> tuple[tuple[int, ...], list[dict]]:
    """For such a board: the optimal value and every optimal declaration (docs/results.md form)."""
    values = reference_first_values(s, objective)
    stage, _ = start(s)
    chooser_maximises = (stage == "beginning_of_combat") == (objective.side == "attacker")
    v = (max if chooser_maximises else min)(values.values())
    key = "attacks" if stage == "beginning_of_combat" else "blocks"
    return v, sorted(({key: [list(pair) for pair in d]} for d, w in values.items() if w == v), key=repr)


__all__ = ["reference_best", "reference_first_values", "reference_value"]
