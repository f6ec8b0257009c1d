"""The typed answer of `pysolver best` (docs/best.md): the optimal value, every optimal first move, a line.

>>> from pysolver.model.moves import BlockDeclaration
>>> from pysolver.model.objective import Term
>>> o = Optimum("defender", "bob", ((Term("min", "lost", "bob"), 0),), "bob", "declare_blockers",
...             (BlockDeclaration.of([("y", "x")]),), (), {"life": {"a": 20, "b": 20}})
>>> o.to_json()["value"]
[{'term': 'min lost:bob', 'value': 0}]
"""

from __future__ import annotations

from dataclasses import dataclass

from .moves import Move, label
from .objective import Term
from .values import FORMAT, JSON


@dataclass(frozen=True)
class Step:
    """One move of the principal line: made by `by` (players' names) at `stage`."""

    by: str
    stage: str
    move: Move


@dataclass(frozen=True)
class Optimum:
    """The optimal play for an objective: the `side` and its `player` (names), the `value` of each
    term under optimal play by both sides, who decides first (`by`, players' names; empty when the
    combat is over) at which `stage`, every optimal move there (`moves`), one principal `line` to
    the end of combat and the `end` reached (an ``outcomes`` result without its line); moves are
    written as in `verify`'s proofs (:func:`~pysolver.model.moves.label`)."""

    side: str
    player: str
    value: tuple[tuple[Term, int], ...]
    by: str
    stage: str
    moves: tuple[Move, ...]
    line: tuple[Step, ...]
    end: dict[str, JSON]
    stats: tuple[tuple[str, float], ...] = ()

    def to_json(self, *, stats: bool = False) -> dict[str, JSON]:
        """The `best --json` document (docs/results.md); `stats` adds the search's figures."""
        d: dict[str, JSON] = {
            "side": self.side, "player": self.player,
            "value": [{"term": str(t), "value": v} for t, v in self.value],
            "by": self.by, "stage": self.stage,
            "moves": [label(m) for m in self.moves],
            "line": [{"by": s.by, "stage": s.stage, "move": label(s.move)} for s in self.line],
            "end": self.end, "format": FORMAT}
        if stats:
            d["stats"] = dict(self.stats)
        return d
