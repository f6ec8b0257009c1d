"""`blocks` (pysolver.legal_blocks, count_blocks) against the brute-force reference.

Random small boards (tests/strategies.py) with declared attackers: every candidate
declaration of blockers is generated and tested in plain Python
(tests/reference/declarations.py, 509.1a-c) and compared, as a set, with the answers
of the encodings; the count equals the number of declarations enumerated.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from boards import assert_agrees
from hypothesis import given, settings
from reference import reference_blocks
from strategies import block_boards, examples

import pysolver

ACCEPTANCE = Path(__file__).parent / "acceptance"


def solver_blocks(s) -> list[frozenset]:
    return [frozenset(tuple(pair) for pair in d["blocks"]) for d in pysolver.legal_blocks(s)]


@settings(max_examples=examples(80), deadline=None)
@given(block_boards())
def test_blocks_equal_reference(data: dict) -> None:
    s = pysolver.load_data(data)
    want = reference_blocks(s)
    assert_agrees(solver_blocks(s), want, pysolver.count_blocks(s))


@pytest.mark.parametrize("name", ["menace-and-lure", "akroma-face-down-vs-first-striker",
                                  "double-strike-over-planeswalker"])
def test_reference_agrees_with_acceptance(name: str) -> None:
    """The reference itself reproduces the worked acceptance answers."""
    s = pysolver.load(ACCEPTANCE / f"{name}.yaml")
    expected = json.loads((ACCEPTANCE / f"{name}.blocks.expected.json").read_text())
    assert reference_blocks(s) == {frozenset(tuple(p) for p in r["blocks"]) for r in expected["results"]}
