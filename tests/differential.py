"""One differential check for the generated-board tests: ``outcomes`` fight by fight where the board
splits (pysolver.game.fights), the walk of the one game tree and ``count_outcomes`` against the
brute-force reference (tests/reference/outcomes.py)."""

from __future__ import annotations

from typing import Any

from reference.outcomes import canonical, reference_outcomes

import pysolver
from pysolver.game.outcomes import outcome_values


def outcomes_equal_reference(data: dict[str, Any]) -> None:
    """The split answer, the walked answer and the count all equal the reference's outcomes."""
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    split = {canonical(o.to_json()) for o in outcome_values(s)}
    walk = {canonical(o.to_json()) for o in outcome_values(s, split=False)}
    assert split == walk == want, (sorted(split ^ want)[:2], sorted(walk ^ want)[:2])
    assert pysolver.count_outcomes(s) == len(want)


def agreed_outcomes(s: pysolver.Situation) -> set[str]:
    """The outcomes of `s` (without `line`) as canonical text, each listed once, the fights, the walk, the
    count and the reference agreeing (for the per-rule tests' hand-stated sets)."""
    listed = [canonical(o.to_json()) for o in outcome_values(s)]
    got = set(listed)
    assert len(listed) == len(got), "an outcome is listed twice"
    assert got == {canonical(o.to_json()) for o in outcome_values(s, split=False)}
    assert got == {canonical(o) for o in reference_outcomes(s)}
    assert pysolver.count_outcomes(s) == len(got)
    return got


def outcome(bob: int = 20, alice: int = 20, destroyed: tuple[str, ...] = (), damage: dict | None = None,
            **more: object) -> str:
    """One outcome of alice's and bob's combat as canonical text: life totals, the permanents destroyed, the
    damage marked on survivors, and any `more` fields."""
    return canonical({"life": {"alice": alice, "bob": bob}, "lost": [], "destroyed": sorted(destroyed),
                      "damage": damage or {}, "loyalty": {}, "defense": {}, **more})


def verify_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    """``verify`` against the brute-force minimax (tests/reference/minimax.py) on a board where alice attacks:
    the goal bob dead (`lethal`, or when he has no creature) or his first creature destroyed."""
    from reference.minimax import reference_verify

    blockers = [p["id"] for p in data["permanents"] if p["controller"] != "alice" and "power" in p]
    goal = {"lethal": data["players"][1]["name"]} if lethal or not blockers else {"destroy": blockers[:1]}
    s = pysolver.load_data({**data, "goal": goal})
    assert pysolver.verify(s)["holds"] is reference_verify(s)
