"""Regeneration denied (701.19c): "{cost}: Target <creature> can't be regenerated this turn" (the target's
`cant_be_regenerated_this_turn`) and "{cost}: Destroy target <creature>. It can't be regenerated".

Each outcome test states the expected set by hand (differential.agreed_outcomes: the fights, the walk, the count
and the brute-force reference agree on it); the differential tests compare them on generated boards
(tests/strategies.py ``unregeneration_boards``).
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, unregeneration_boards

import pysolver
from pysolver.model.abilities import parse_ability_line

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


@pytest.mark.parametrize("name, line, kind, denied", [
    ("Furnace Brood", "{R}: Target creature can't be regenerated this turn.", "target_cant_regenerate", False),
    ("Hurr Jackal", "{T}: Target creature can't be regenerated this turn.", "target_cant_regenerate", False),
    ("Orcish Healer", "{R}{R}, {T}: Target creature can't be regenerated this turn.", "target_cant_regenerate", False),
    ("Visara the Dreadful", "{T}: Destroy target creature. It can't be regenerated.", "destroy_target", True),
])
def test_701_19c_real_lines(name: str, line: str, kind: str, denied: bool) -> None:
    (a,) = parse_ability_line(line, name)
    assert (a.kind, a.value.no_regeneration) == (kind, denied)  # type: ignore[attr-defined]


def test_701_19c_a_shield_replaces_no_destruction_of_a_creature_that_cant_be_regenerated() -> None:
    """701.19a, 701.19c: bob's 2/2 with a regeneration shield blocks alice's 3/3; it is regenerated (no damage,
    not destroyed) unless alice's 1/1 makes it unable to be regenerated first: then lethal damage destroys it
    (704.5g)."""
    s = board(creature("x", "alice", 3, 3), creature("j", "alice", 1, 1, "{T}: Target creature can't be regenerated "
                                                                          "this turn"),
              creature("y", "bob", 2, 2, regeneration_shields=1), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 2}), outcome(destroyed=("y",), damage={"x": 2})}
    assert agreed_outcomes(board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 2, regeneration_shields=1,
                                                                        cant_be_regenerated_this_turn=True),
                                 attackers={"x": "bob"}, blockers={"y": ["x"]})) == {
        outcome(destroyed=("y",), damage={"x": 2})}  # (stated by the file)


def test_701_19c_destroy_it_cant_be_regenerated() -> None:
    """701.8a, 701.19c: "Destroy target creature. It can't be regenerated." destroys bob's 2/2 with a shield; a
    plain "destroy target creature" is replaced by the shield (701.19a: it is tapped, not destroyed)."""
    def ends(line: str) -> set[str]:
        return agreed_outcomes(board(creature("v", "alice", 1, 1, line),
                                     creature("y", "bob", 2, 2, regeneration_shields=1, tapped=True), attackers={}))
    assert ends("{T}: Destroy target creature. It can't be regenerated") == {
        outcome(), outcome(destroyed=("v",)), outcome(destroyed=("y",))}
    assert ends("{T}: Destroy target creature") == {outcome(), outcome(destroyed=("v",))}


def test_701_19c_the_field_round_trips() -> None:
    """`cant_be_regenerated_this_turn` is written back into a situation file's data and read again."""
    s = board(creature("y", "bob", 2, 2, cant_be_regenerated_this_turn=True))
    assert pysolver.load_data(s.to_data()).permanent("y").cant_be_regenerated_this_turn


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(unregeneration_boards("blockers"))
def test_unregeneration_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(unregeneration_boards("attackers"))
def test_unregeneration_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)
