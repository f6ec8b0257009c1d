"""Every distinct end-of-combat result over all choices still open (SPEC §3 `outcomes`).

The search walks the stages of :mod:`pysolver.combat`: attack declarations (if not given),
face-up turns in each priority window, block declarations (if not given), then each combat
damage step, whose distinct results are enumerated by projection (never every assignment).
A state reached twice is explored once. A player at 0 or less life after the first-strike
step has lost (104.3b, 704.5a): that outcome ends there.

>>> from pysolver.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 3}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3}]})
>>> sorted((o["life"]["b"], o["lost"]) for o in outcomes(s))
[(0, ['b']), (3, [])]
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from . import combat as c
from .declarations import legal_attacks, legal_blocks
from .facedown import face_up_choices, turnable
from .model import Situation


@dataclass(frozen=True)
class Line:
    """One way to reach an outcome: face-up turns and damage assignments; the declarations are in
    the final situation's combat."""

    face_up: tuple = ()
    first_strike: tuple | None = None
    regular: tuple | None = None

    def as_dict(self, s: Situation) -> dict:
        d: dict = {"attacks": [list(p) for p in s.combat.attackers or ()],
                   "blocks": [list(p) for p in s.combat.blockers or ()],
                   "face_up": [dict(w) for w in self.face_up]}
        for step in ("first_strike", "regular"):
            value = getattr(self, step)
            if value is not None:
                d[step] = [list(t) for t in value]
        return d


def outcomes(s: Situation) -> Iterator[dict]:
    """Each distinct end-of-combat result, lazily, with one `line` that reaches it."""
    seen: set[str] = set()
    visited: set[tuple[str, Situation]] = set()
    for final, line in _explore(c.settle(s), c.first_stage(s), Line(), visited):
        outcome = c.result(final)
        key = json.dumps(outcome, sort_keys=True)
        if key not in seen:
            seen.add(key)
            yield {**outcome, "line": line.as_dict(final)}


def count_outcomes(s: Situation) -> int:
    """The number of distinct end-of-combat outcomes (there is no counter that does not enumerate them)."""
    return sum(1 for _ in outcomes(s))


def _explore(s: Situation, stage: str, line: Line, visited: set) -> Iterator[tuple[Situation, Line]]:
    if (stage, s) in visited:
        return
    visited.add((stage, s))
    if stage in c.WINDOW_NEXT:
        for ids in face_up_choices(s, among=c.may_matter(s, stage)):
            after = c.face_up(s, ids) if ids else s
            turned = tuple({"window": stage, "permanent": pid, "cost": str(s.permanent(pid).morph_cost()[1])}
                           for pid in ids)
            yield from _explore(after, c.WINDOW_NEXT[stage], Line(**{**line.__dict__, "face_up": line.face_up + turned}),
                                visited)
    elif stage == c.DECLARE_ATTACKERS:
        for decl in legal_attacks(s):
            yield from _explore(s.with_combat(attackers=tuple(map(tuple, decl["attacks"]))), c.ATTACKERS_WINDOW,
                                line, visited)
    elif stage == c.DECLARE_BLOCKERS:
        if not s.combat.attackers:  # 508.8: no attackers, no declare blockers or damage steps
            yield s, line
        elif s.combat.blockers is not None:
            yield from _explore(s, c.BLOCKERS_WINDOW, line, visited)
        elif not turnable(s):  # nothing happens in the window after blockers: blocks and damage at once
            for blocks, r in c.blocks_and_step_results(s):
                yield from _after_step(s.with_combat(blockers=blocks), r, line, visited)
        else:
            for decl in legal_blocks(s):
                yield from _explore(s.with_combat(blockers=tuple(map(tuple, decl["blocks"]))), c.BLOCKERS_WINDOW,
                                    line, visited)
    elif stage == c.DAMAGE:
        for r in c.step_results(s):
            yield from _after_step(s, r, line, visited)


def _after_step(s: Situation, r: c.StepResult, line: Line, visited: set) -> Iterator[tuple[Situation, Line]]:
    """After a damage step: the end, or the window before the regular step (510.4)."""
    after = c.apply_step(s, r)
    done = Line(**{**line.__dict__, r.step: r.assignment})
    if r.step == "first_strike" and not c.losers(after):
        yield from _explore(after, c.FIRST_STRIKE_WINDOW, done, visited)
    else:
        yield after, done
