"""Color-changing abilities of a creature on itself (105.3, 105.4, 613.1e: layer 5): "{cost}: ~ becomes colorless
/ <color> / the color of your choice until end of turn" and "… gets +X/+Y and becomes the color of your choice …",
and on a target: "{cost}: Target creature becomes <color> until end of turn".

Each outcome test states the expected set by hand (differential.agreed_outcomes checks that the fight-by-fight
path, the walk, the count and the brute-force reference, tests/reference/outcomes.py, find it); the differential
tests compare them on generated boards (tests/strategies.py ``color_boards``), and ``verify`` with the literal-stack
minimax (tests/reference/minimax.py).
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcome, outcomes_equal_reference, verify_equals_minimax
from hypothesis import HealthCheck, given, settings
from strategies import color_boards, examples

from pysolver.errors import InputError
from pysolver.game.gametree import root
from pysolver.model.abilities import COLORS, NotModelled, parse_ability_line
from pysolver.model.moves import AbilityActivation, Activation
from pysolver.model.stage import Stage

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


@pytest.mark.parametrize("name, line, colors", [
    ("Ancient Kavu", "{2}: Ancient Kavu becomes colorless until end of turn.", [()]),
    ("Blazing Blade Askari", "{2}: Blazing Blade Askari becomes colorless until end of turn.", [()]),
    ("Raging Spirit", "{2}: Raging Spirit becomes colorless until end of turn.", [()]),
    ("Rainbow Crow", "{1}: Rainbow Crow becomes the color of your choice until end of turn.", [(c,) for c in COLORS]),
    ("Caldera Kavu", "{G}: Caldera Kavu becomes the color of your choice until end of turn.", [(c,) for c in COLORS]),
    ("Spiritmonger", "{G}: Spiritmonger becomes the color of your choice until end of turn.", [(c,) for c in COLORS]),
    ("Wild Mongrel", "Discard a card: Wild Mongrel gets +1/+1 and becomes the color of your choice until end of turn.",
     [(c,) for c in COLORS]),
    ("Metathran Transport", "{U}: Target creature becomes blue until end of turn.", [("blue",)]),
])
def test_105_3_real_lines(name: str, line: str, colors: list[tuple[str, ...]]) -> None:
    """105.3: the new colors; 105.4: "the color of your choice" is one ability per color, of the same cost."""
    abilities = parse_ability_line(line, name)
    assert [a.value.colors for a in abilities] == colors  # type: ignore[attr-defined]
    assert len({(a.kind, a.term, a.value.cost, a.value.extra) for a in abilities}) == 1  # type: ignore[attr-defined]


def test_602_5b_a_limit_on_a_chosen_color_is_not_modelled() -> None:
    with pytest.raises(NotModelled, match="602.5b"):
        parse_ability_line("{1}: ~ becomes the color of your choice until end of turn. Activate this ability only "
                           "once each turn", None)


def test_608_2b_a_color_change_against_a_targeted_ability_resolved_at_once_is_refused() -> None:
    """608.2b, 115.1: made blue in response, a red creature would no longer be a legal target of bob's "tap target
    red creature", which resolves at once in the solver's activations: the board is refused."""
    with pytest.raises(InputError, match="608.2b"):
        board(creature("c", "alice", 2, 2, "{1}: ~ becomes the color of your choice until end of turn",
                       colors=["red"]), creature("t", "bob", 1, 1, "{T}: Tap target red creature"))


def test_400_7_a_color_changer_with_persist_is_refused() -> None:
    """400.7: the new object persist returns has its card's colors, which a changed `colors` no longer states."""
    with pytest.raises(InputError, match="400.7"):
        board(creature("x", "alice", 2, 2, "Persist", "{1}: ~ becomes colorless until end of turn"))


def test_613_7_the_latest_color_change_wins() -> None:
    """105.3, 613.7: a red creature made blue, then white, is white only."""
    s = board(creature("x", "alice", 2, 2, "{1}: ~ becomes the color of your choice until end of turn",
                       colors=["red"]), mana="{2}")
    p = root(s).push(Activation(Stage.BEGINNING_OF_COMBAT, "x", ability=1))
    assert p.s.permanent("x").colors == ("blue",)
    p = p.push(Activation(Stage.BEGINNING_OF_COMBAT, "x", ability=0))
    assert p.s.permanent("x").colors == ("white",)


def test_702_16e_colorless_damage_is_not_prevented_by_protection_from_red() -> None:
    """702.16e: bob's 2/2 with protection from red blocks alice's red 3/3; made colorless after blockers, its
    damage is dealt and destroys the blocker; left red, it is prevented."""
    s = board(creature("x", "alice", 3, 3, "{2}: ~ becomes colorless until end of turn", colors=["red"]),
              creature("k", "bob", 2, 2, "Protection from red"), mana="{2}", attackers={"x": "bob"},
              blockers={"k": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 2}), outcome(destroyed=("k",), damage={"x": 2})}


def test_702_13b_intimidate_reads_the_new_colors() -> None:
    """702.13b: intimidate lets only artifact creatures and creatures sharing a color block; bob's blue 2/2 can't
    block alice's red attacker with intimidate, unless alice's other creature makes it blue (105.3: blue only)
    before blockers ("target creature becomes blue")."""
    s = board(creature("x", "alice", 2, 2, "Intimidate", colors=["red"]),
              creature("m", "alice", 1, 1, "{1}: Target creature becomes blue until end of turn"),
              creature("y", "bob", 2, 2, colors=["blue"]), mana="{1}", attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18), outcome(destroyed=("x", "y"))}
    assert root(s).push(AbilityActivation(Stage.AFTER_ATTACKERS, "m", "target_pump", "x")).s.permanent("x").colors \
        == ("blue",)


# --- the searches on generated boards ------------------------------------------------------------------------

@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(color_boards("blockers"))
def test_color_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(color_boards("attackers"))
def test_color_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(2), deadline=None, suppress_health_check=SLOW)
@given(color_boards("blockers"))
def test_color_verify_equals_minimax(data: dict) -> None:
    verify_equals_minimax(data, lethal=True)
