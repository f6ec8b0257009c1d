"""The protect family (issue 23, wave eight), one test per rule: a pump that also taps its source (701.26a: "{U}: ~
gains shroud until end of turn and doesn't untap during your next untap step. Tap ~"); activated abilities of
creatures prohibited (602.5: "Activated abilities of creatures your opponents control can't be activated"); a player
with hexproof (702.11c: "You have hexproof"); "~ loses hexproof and gains first strike and deathtouch until end of
turn" (613.1f, 702.11b).

Each outcome test states the expected set by hand and checks that the fight-by-fight path, the walk, ``count_outcomes``
and the brute-force reference (tests/reference/) agree on it (tests/differential.py ``agreed_outcomes``); the
differential tests compare them on generated boards (tests/strategies.py).
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import (
    TAPPING_GRANT_LINES,
    examples,
    grant_boards,
    loads,
    pinger_boards,
    with_ban,
    with_player_hexproof,
)

from pysolver.errors import InputError
from pysolver.game.gametree import root
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import Activation
from pysolver.model.stage import Stage
from pysolver.rules import activated, pumps

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]

# --- 701.26a: "… until end of turn. Tap ~" ----------------------------------------------------------------------

DEEP_SPAWN = ("{U}: Deep Spawn gains shroud until end of turn and doesn't untap during your next untap step. "
              "Tap Deep Spawn.")


def test_701_26a_the_tapping_pump_parses_as_a_pump_that_taps() -> None:
    """Deep Spawn's line: a pump giving shroud (613.1f) whose effect also taps it; its untap step is after combat."""
    (a,) = parse_ability_line(DEEP_SPAWN, "Deep Spawn")
    assert (a.kind, a.value.keywords, a.value.tap, str(a.value.cost)) == ("pump", ("shroud",), True, "{U}")


def test_701_26a_a_creature_that_taps_itself_is_tapped_after_it_resolves() -> None:
    """701.26a: activated in the beginning of combat step, alice's creature has shroud and is tapped."""
    s = board(creature("x", "alice", 2, 2, "{U}: ~ gains shroud until end of turn. Tap ~"),
              players=[{"name": "alice", "mana": "{U}"}, {"name": "bob"}])
    x = root(s).push(Activation(Stage.BEGINNING_OF_COMBAT, "x")).s.permanent("x")
    assert x.tapped and x.keywords_until_end_of_turn == ("shroud",)


def test_509_1a_reach_given_by_a_tapping_pump_never_blocks_the_flyer() -> None:
    """509.1a: bob's 1/1 gains reach only by tapping itself, so it can't block alice's flying 2/2 (before the
    declaration it is tapped, after it reach is read no more): bob takes 2 in every outcome."""
    s = board(creature("x", "alice", 2, 2, "Flying"),
              creature("y", "bob", 1, 1, "{U}: ~ gains reach until end of turn. Tap ~"),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{U}"}], attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18)}


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(grant_boards("attackers", tuple(TAPPING_GRANT_LINES)))
def test_tapping_pumps_agree_with_the_reference(data: dict) -> None:
    outcomes_equal_reference(data)


# --- 602.5: "Activated abilities of creatures your opponents control can't be activated" ---------------------------

LINVALA = "Activated abilities of creatures your opponents control can't be activated"


def test_602_5_an_opponents_creature_cant_activate_its_pump() -> None:
    """602.5: bob's 2/2 blocking Linvala can't pump to 3/3 (it would kill her); alice's own pump is not prohibited."""
    s = board(creature("lin", "alice", 3, 3, LINVALA, "{R}: ~ gets +1/+0 until end of turn"),
              creature("y", "bob", 2, 2, "{R}: ~ gets +1/+1 until end of turn"),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{R}"}], attackers={"lin": "bob"},
              blockers={"y": ["lin"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("y",), damage={"lin": 2})}
    move = Activation(Stage.AFTER_BLOCKERS, "y")
    assert [v.rule for v in pumps.illegal(s, Stage.AFTER_BLOCKERS, frozenset({"bob"}), move)] == ["602.5"]
    assert pumps.max_times(s, "lin") == 0  # (alice has no mana; her ability is not prohibited, only unpaid)


def test_602_5_the_prohibition_ends_when_its_source_leaves_the_battlefield() -> None:
    """611.3a, 510.4: Linvala (1/1) dies in the first-strike damage step; then bob's blocker of the 3/3 may pump
    to 3/3 before regular damage (both die) or not (only it dies)."""
    s = board(creature("lin", "alice", 1, 1, LINVALA), creature("x", "alice", 3, 3),
              creature("f", "bob", 2, 2, "First strike"),
              creature("y", "bob", 2, 2, "{R}: ~ gets +1/+1 until end of turn"),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{R}"}], attackers={"lin": "bob", "x": "bob"},
              blockers={"f": ["lin"], "y": ["x"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("lin", "y"), damage={"x": 2}),
                                  outcome(destroyed=("lin", "x", "y"))}


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(with_ban(grant_boards("blockers")))
def test_prohibited_activations_agree_with_the_reference(data: dict) -> None:
    outcomes_equal_reference(data)


# --- 702.11c: "You have hexproof" -------------------------------------------------------------------------------

def test_702_11c_a_player_with_hexproof_is_no_target_of_an_opponents_ping() -> None:
    """702.11c: alice's "any target" may target Aegis itself (only its controller has hexproof) and herself, not bob;
    bob's own ability may target him."""
    s = board(creature("aegis", "bob", 2, 4, "You have hexproof", "{R}: ~ deals 1 damage to any target"),
              creature("p", "alice", 1, 1, "{R}: ~ deals 1 damage to any target"),
              players=[{"name": "alice", "mana": "{R}"}, {"name": "bob", "mana": "{R}"}])
    assert set(activated.targets(s, "p", 0)) == {"aegis", "p", "alice"}
    assert set(activated.targets(s, "aegis", 0)) == {"aegis", "p", "alice", "bob"}


def test_702_11c_hexproof_ends_when_its_source_leaves() -> None:
    """611.3a: once Aegis (blocking, 1/1) died in combat damage, bob may be the target again: alice's death
    trigger "target player loses 2 life" of her 2/2 dying in the same step may take him from 2 to 0."""
    s = board(creature("x", "alice", 2, 2, "When ~ dies, target player loses 2 life"),
              creature("aegis", "bob", 2, 1, "You have hexproof"),
              players=[{"name": "alice"}, {"name": "bob", "life": 2}], attackers={"x": "bob"},
              blockers={"aegis": ["x"]})
    got = agreed_outcomes(s)
    assert outcome(bob=0, destroyed=("aegis", "x"), lost=["bob"]) in got


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(with_player_hexproof(pinger_boards("blockers")))
def test_player_hexproof_agrees_with_the_reference(data: dict) -> None:
    outcomes_equal_reference(data)


# --- 613.1f, 702.11b: "~ loses hexproof and gains <keywords> until end of turn" ----------------------------------

SLYBLADE = "{3}{B}: Until end of turn, ~ loses hexproof and gains first strike and deathtouch."


def test_613_1f_losing_hexproof_gives_the_keywords() -> None:
    """613.1f: blocked by a 3/3, the 2/1 with first strike and deathtouch given after blockers kills it first."""
    s = board(creature("x", "alice", 2, 1, "Hexproof", SLYBLADE), creature("y", "bob", 3, 3),
              players=[{"name": "alice", "mana": "{3}{B}"}, {"name": "bob"}], attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("x",), damage={"y": 2}), outcome(destroyed=("y",))}


def test_702_11b_losing_hexproof_is_refused_where_an_ability_may_target() -> None:
    """702.11b: beside an opponent's "{T}: Tap target creature" losing hexproof would matter: refused."""
    with pytest.raises(InputError, match="702.11b"):
        board(creature("x", "alice", 2, 1, "Hexproof", SLYBLADE),
              creature("y", "bob", 3, 3, "{T}: Tap target creature"))


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(grant_boards("blockers", ("{1}: ~ loses hexproof and gains first strike until end of turn",
                                 "{B}: Until end of turn, ~ loses hexproof and gains deathtouch")).filter(loads))
def test_losing_hexproof_agrees_with_the_reference(data: dict) -> None:
    outcomes_equal_reference(data)
