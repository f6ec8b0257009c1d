"""Activated abilities that let a creature with defender attack (702.3b): "{cost}: ~ can attack this turn as though
it didn't have defender", "{cost}: ~ gets +X/+Y until end of turn and can attack this turn as though it didn't
have defender" and "{cost}: ~ loses defender [and gains <keyword>] until end of turn" (613.1f), read as attackers are
declared (508.1a).

Each outcome test states the expected set by hand (differential.agreed_outcomes: the fights, the walk, the count
and the brute-force reference agree on it); the differential test compares them on generated boards
(tests/strategies.py ``defender_boards``).
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import defender_boards, examples

import pysolver
from pysolver.errors import InputError
from pysolver.model.abilities import parse_ability_line

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]
WALL = "{W}: ~ can attack this turn as though it didn't have defender"


@pytest.mark.parametrize("name, line, pt, limit", [
    ("Mirror Wall", "{W}: Mirror Wall can attack this turn as though it didn't have defender.", (0, 0), None),
    ("Returned Phalanx", "{1}{U}: Returned Phalanx can attack this turn as though it didn't have defender.", (0, 0),
     None),
    ("Mobile Fort", "{3}: Mobile Fort gets +3/-1 until end of turn and can attack this turn as though it didn't have "
                    "defender. Activate this ability only once each turn.", (3, -1), 1),
])
def test_702_3b_real_lines(name: str, line: str, pt: tuple[int, int], limit: int | None) -> None:
    (a,) = parse_ability_line(line, name)
    assert a.kind == "pump" and a.value.despite_defender  # type: ignore[attr-defined]
    assert (a.value.power, a.value.toughness, a.value.limit) == (*pt, limit)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name, line, keywords", [
    ("Gargoyle Sentinel", "{3}: Until end of turn, Gargoyle Sentinel loses defender and gains flying.", ("flying",)),
    ("Torpid Moloch", "Sacrifice three lands: Torpid Moloch loses defender until end of turn.", ()),
])
def test_613_1f_real_lines_that_lose_defender(name: str, line: str, keywords: tuple[str, ...]) -> None:
    (a,) = parse_ability_line(line, name)
    assert (a.value.loses_defender, a.value.despite_defender, a.value.keywords) == (True, True, keywords)  # type: ignore[attr-defined]


def test_613_1f_losing_defender_beside_a_reader_of_defender_is_refused() -> None:
    """702.3: "creatures with defender" would see the loss (613.1f), which is read as 702.3b only."""
    with pytest.raises(InputError, match="613.1f"):
        board(creature("g", "alice", 3, 3, "Defender", "{3}: Until end of turn, ~ loses defender and gains flying"),
              creature("l", "bob", 1, 1, "{T}: Tap target creature with defender"))


def test_702_3b_activated_before_attackers_the_wall_may_attack() -> None:
    """702.3b, 508.1a: alice's 3/4 wall attacks only if she activates its ability at the beginning of combat:
    unblocked (bob 17), blocked by bob's 2/2 (which dies), or no attack."""
    s = board(creature("w", "alice", 3, 4, "Defender", WALL), creature("y", "bob", 2, 2), mana="{W}")
    assert agreed_outcomes(s) == {outcome(), outcome(bob=17), outcome(destroyed=("y",), damage={"w": 2})}


def test_613_1f_a_gargoyle_that_loses_defender_attacks_flying() -> None:
    """613.1f, 702.3b, 702.9b: alice's 3/3 loses defender and gains flying at the beginning of combat and attacks;
    bob's 2/2 without flying or reach can't block it."""
    s = board(creature("g", "alice", 3, 3, "Defender", "{3}: Until end of turn, ~ loses defender and gains flying"),
              creature("y", "bob", 2, 2), mana="{3}")
    assert agreed_outcomes(s) == {outcome(), outcome(bob=17)}


def test_702_3b_a_later_activation_lets_no_creature_attack() -> None:
    """508.1a: activated after attackers are declared, the wall's declared attack still breaks 702.3b (check);
    before it, the attack is legal."""
    def checked(window: str) -> bool:
        s = board(creature("w", "alice", 3, 4, "Defender", WALL), mana="{W}", attackers={"w": "bob"},
                  activations=[{"window": window, "permanent": "w", "times": 1}])
        return pysolver.check(s)["legal"]
    assert (checked("beginning_of_combat"), checked("after_attackers")) == (True, False)


def test_611_2c_creatures_you_control_with_defender_may_attack() -> None:
    """702.3b, 608.2h, 611.2c: Wakestone Gargoyle's ability lets each creature with defender alice controls as it
    resolves attack this turn."""
    team = "{1}{W}: Creatures you control with defender can attack this turn as though they didn't have defender"
    s = board(creature("g", "alice", 2, 2, "Defender", team), creature("w", "alice", 0, 4, "Defender"),
              creature("x", "alice", 1, 1), mana="{1}{W}", attackers={"g": "bob", "w": "bob", "x": "bob"},
              activations=[{"window": "beginning_of_combat", "permanent": "g", "times": 1}])
    assert pysolver.check(s)["legal"]


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(defender_boards())
def test_defender_outcomes_of_whole_combat_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)
