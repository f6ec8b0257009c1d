""""Whenever a <creature type> you control attacks, creatures defending player controls get -N/-N until end of turn"
(508.3a, 603.2c: once for each such attacker; 506.2, 613.4c, 611.2c: the defending player's creatures as it
resolves): on the stack in the order the active player chooses (603.3b), state-based actions after each (704.5f).
Each rule with a hand-stated expected set, the real card line, a refusal, and the brute-force reference
(tests/reference/triggers.py) on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, outcome_boards
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import examples

import pysolver
from pysolver.model.abilities import parse_ability_line

SILUMGAR = "Whenever a Dragon you control attacks, creatures defending player controls get -1/-1 until end of turn"


def ends(s: pysolver.Situation) -> set[tuple[int, tuple[str, ...], tuple[tuple[str, int], ...]]]:
    """(bob's life, what left the battlefield, damage marked) of every outcome."""
    return {(o["life"]["bob"], tuple(o["destroyed"]), tuple(sorted(o["damage"].items())))
            for o in pysolver.outcomes(s)}


def test_real_line_parses() -> None:
    line = ("Whenever a Dragon you control attacks, creatures defending player controls get -1/-1 until end of "
            "turn.")
    assert [a.term for a in parse_ability_line(line, "Silumgar, the Drifting Death")] == [
        'type_attacks_shrink("dragon",1)']


def test_603_2c_once_for_each_dragon_that_attacks() -> None:
    """603.2c, 704.5f: s (a 2/2 Dragon with the line) and d (a 1/1 Dragon) attacking trigger it twice: bob's z (2/2)
    dies (bob 20 - 3); s alone once: z (1/1) may block s and die; d alone (s stays home) once too: z then may trade
    with d."""
    s = board(creature("s", "alice", 2, 2, SILUMGAR, subtypes=["Dragon"]),
              creature("d", "alice", 1, 1, subtypes=["Dragon"]), creature("z", "bob", 2, 2))
    assert ends(s) == {(20, (), ()), (17, ("z",), ()), (18, (), ()), (20, ("z",), (("s", 1),)), (19, (), ()),
                       (20, ("d", "z"), ())}


def test_603_3b_beside_a_targeted_attack_trigger_is_refused() -> None:
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\].*603\.3b"):
        board(creature("s", "alice", 2, 2, SILUMGAR, subtypes=["Dragon"]),
              creature("x", "alice", 1, 1, "Whenever ~ attacks, target creature gets +0/+3 until end of turn"))


@st.composite
def with_dragons(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with some of its creatures Dragons and the line on one of its active player's permanents."""
    permanents = [{**p, "subtypes": ["Dragon"]} if "power" in p and draw(st.booleans()) else p
                  for p in data["permanents"]]
    mine = [i for i, p in enumerate(permanents) if "power" in p and p["controller"] == data["active"]]
    if mine:
        i = draw(st.sampled_from(mine))
        permanents[i] = {**permanents[i], "abilities": [*permanents[i].get("abilities", []), SILUMGAR]}
    return {**data, "permanents": permanents}


@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_dragons).filter(lambda d: assignment_bound(d) <= 40))
def test_type_attack_shrink_equals_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)
