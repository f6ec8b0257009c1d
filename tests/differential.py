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
