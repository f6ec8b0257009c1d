"""Keyword mechanics (docs/abilities.md): one small board per rule with its hand-stated expected set; the solver
and the brute-force reference (tests/reference) must both give it, and real card lines parse.
"""

from __future__ import annotations

from boards import board, creature
from reference import reference_blocks

import pysolver
from pysolver.model import Situation
from pysolver.model.abilities import parse_ability_line


def blocks_of(s: Situation) -> set[frozenset[tuple[str, str]]]:
    """The legal block declarations, each as a set of (blocker, attacker) pairs; the reference agrees."""
    got = [frozenset(tuple(p) for p in d["blocks"]) for d in pysolver.legal_blocks(s)]
    assert set(got) == reference_blocks(s) and len(got) == len(set(got)) == pysolver.count_blocks(s)
    return set(got)


# --- 702.98 unleash ---------------------------------------------------------------------------------


def test_702_98a_unleash_cant_block_with_a_plus_counter() -> None:
    """702.98a: x (unleash) with a +1/+1 counter can't block; y (unleash, no counter) can; z (unleash, a
    +1/+1 and a -1/-1 counter: 704.5q removes both) can."""
    s = board(creature("a", "alice"), creature("x", "bob", 2, 2, "Unleash", counters={"+1/+1": 1}),
              creature("y", "bob", 2, 2, "Unleash"), creature("z", "bob", 2, 2, "Unleash",
                                                               counters={"+1/+1": 1, "-1/-1": 1}),
              attackers={"a": "bob"})
    assert blocks_of(s) == {frozenset(), frozenset({("y", "a")}), frozenset({("z", "a")}),
                            frozenset({("y", "a"), ("z", "a")})}
    bad = board(creature("a", "alice"), creature("x", "bob", 2, 2, "Unleash", counters={"+1/+1": 1}),
                attackers={"a": "bob"}, blockers={"x": ["a"]})
    assert [v["rule"] for v in pysolver.check(bad)["violations"]] == ["702.98a"]


def test_702_98a_unleash_of_real_cards() -> None:
    assert [a.kind for a in parse_ability_line("Unleash", "Rakdos Cackler")] == ["unleash"]
