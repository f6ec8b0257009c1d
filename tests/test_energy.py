"""Energy (107.14, 122.1): a player's energy counters (`players[].energy`) and "Whenever ~ attacks, you may pay
{E}[{E}…]. If you do, <effect>" (603.5), read as an attack trigger of pysolver.model.abilities.ON_TARGET: each
rule with a hand-stated expected set, real card lines, the loader's refusals, and the brute-force reference
(tests/reference/triggers.py) on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, outcome_boards
from differential import outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical
from strategies import examples, with_one_line

import pysolver
from pysolver.files.cards import parse_pool
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line

LEOPARD = "Whenever ~ attacks, you may pay {E}. If you do, it gets +2/+0 until end of turn"
RATS = "Whenever ~ attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it"
DOORBUSTER = "Whenever ~ attacks, you may pay {E}. If you do, target creature can't block this turn"
HERDER = "Whenever ~ attacks, you may pay {E}{E}. If you do, create a 1/1 colorless Servo artifact creature token"


def energised(*permanents: dict[str, Any], energy: int) -> pysolver.Situation:
    """alice (with `energy` energy counters) active against bob."""
    return board(*permanents, players=[{"name": "alice", "energy": energy}, {"name": "bob"}])


def ends(s: pysolver.Situation) -> set[str]:
    """The outcomes of `s` as canonical text (the generated boards below compare them with the reference)."""
    return {canonical(o.to_json()) for o in outcome_values(s)}


@pytest.mark.parametrize(("name", "text", "term"), [
    ("Aetherstream Leopard", "Whenever Aetherstream Leopard attacks, you may pay {E}. If you do, it gets +2/+0 until "
                             "end of turn.", "on_target(attacks,self,gets(2,0),pay(e))"),
    ("Thriving Rats", "Whenever Thriving Rats attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it.",
     "on_target(attacks,self,counters(1),pay(e,e))"),
    ("Thriving Grubs", "Whenever Thriving Grubs attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it.",
     "on_target(attacks,self,counters(1),pay(e,e))"),
    ("Maulfist Doorbuster", "Whenever Maulfist Doorbuster attacks, you may pay {E}. If you do, target creature "
                            "can't block this turn.", "on_target(attacks,target(creature),cant_block,pay(e))"),
    ("Aether Herder", "Whenever Aether Herder attacks, you may pay {E}{E}. If you do, create a 1/1 colorless Servo "
                      "artifact creature token.", "on_target(attacks,controller,create(1),pay(e,e))"),
])
def test_real_energy_trigger_lines_parse(name: str, text: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(text, name)] == [term]


def test_the_energy_field_round_trips_and_is_checked() -> None:
    """122.1: energy counters are a whole number, 0 or more (docs/situation.md `players[].energy`)."""
    s = energised(creature("x", "alice", 2, 2), energy=3)
    assert s.player("alice").energy == 3 and pysolver.load_data(s.to_data()) == s
    with pytest.raises(pysolver.InputError, match=r"players\[0\]\.energy"):
        board(players=[{"name": "alice", "energy": -1}, {"name": "bob"}])


def test_107_14_paid_with_energy_as_it_resolves() -> None:
    """107.14, 603.5: with {E}, alice may pay as x's trigger resolves: a 4/2 x kills bob's blocking 3/3 y (both
    die) or deals 4; or not (without energy it never could: the generated boards below)."""
    y = creature("y", "bob", 3, 3)
    paid = {outcome(), outcome(bob=18), outcome(bob=16), outcome(destroyed=("x",), damage={"y": 2}),
            outcome(destroyed=("x", "y"))}
    assert ends(energised(creature("x", "alice", 2, 2, LEOPARD), y, energy=1)) == paid


def test_122_1a_two_energy_for_a_counter() -> None:
    """122.1a: {E}{E} puts a +1/+1 counter on x (a 3/3 that trades with bob's blocking 3/3 y); one energy pays for
    nothing."""
    assert ends(energised(creature("x", "alice", 2, 2, RATS), creature("y", "bob", 3, 3), energy=2)) == {
        outcome(), outcome(bob=18), outcome(bob=17), outcome(destroyed=("x",), damage={"y": 2}),
        outcome(destroyed=("x", "y"))}


def test_107_14_509_1b_a_target_that_cant_block_if_paid() -> None:
    """603.3d, 509.1b: paid, the target (bob's y) can't block; not paid, y may block x and kill it."""
    s = energised(creature("x", "alice", 2, 2, DOORBUSTER), creature("y", "bob", 3, 3), energy=1)
    assert ends(s) == {outcome(), outcome(bob=18), outcome(destroyed=("x",), damage={"y": 2})}


def test_111_1_a_token_created_if_paid() -> None:
    """111.1, 111.2: paid, alice creates a 1/1 Servo artifact creature token (x/servo1), which x may sacrifice for
    +2/+2 (701.21a): x then deals bob 4 or kills his blocking 3/3 y and survives its 3 damage."""
    s = energised(creature("x", "alice", 2, 2, HERDER, "Sacrifice an artifact: ~ gets +2/+2 until end of turn"),
                  creature("y", "bob", 3, 3), energy=2)
    assert ends(s) == {outcome(), outcome(bob=18), outcome(destroyed=("x",), damage={"y": 2}),
                       outcome(bob=16, destroyed=("x/servo1",)),
                       outcome(destroyed=("x/servo1", "y"), damage={"x": 3})}


def test_603_3b_tokens_beside_creatures_you_control_are_refused() -> None:
    """611.2c, 603.3b: "creatures you control get +1/+1" reaches the Servo or not by the order the active player
    puts the two triggers on the stack, which is not modelled: refused, naming both."""
    with pytest.raises(pysolver.InputError, match=r"permanents\[1\].*'z'.*'x' creates tokens"):
        energised(creature("x", "alice", 2, 2, HERDER),
                  creature("z", "alice", 2, 2, "Whenever ~ attacks, creatures you control get +1/+1 until end of turn"),
                  energy=2)


def test_122_1_a_line_giving_energy_beside_one_paying_it_is_refused() -> None:
    """122.1: "Whenever ~ attacks, you get {E}" is inert alone (docs/engines.md `energy`); beside an ability paying
    {E} the energy it gives during the combat could pay it, which is not modelled: refused."""
    pool = parse_pool([{"name": "Sparky", "type_line": "Creature — Test", "colors": [], "power": "1",
                        "toughness": "1", "oracle_text": "Whenever Sparky attacks, you get {E}."}], "real.json")
    data = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [{"id": "s", "controller": "alice", "card": "Sparky"}, creature("x", "alice", 2, 2, LEOPARD)]}
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\].*gives energy"):
        pysolver.load_data(data, pool)
    assert pysolver.load_data({**data, "permanents": data["permanents"][:1]}, pool).permanent("s").abilities == ()


ENERGY_LINES = (LEOPARD, RATS, DOORBUSTER, HERDER)


@st.composite
def with_energy(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with one line of :data:`ENERGY_LINES` on some creatures of its active player and 0 to 3 energy."""
    data = draw(with_one_line(data, ENERGY_LINES, active_only=True))
    energy = draw(st.integers(0, 3))
    players = [{**p, "energy": energy} if p["name"] == data["active"] else p for p in data["players"]]
    return {**data, "players": players}


@settings(max_examples=examples(1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_energy).filter(lambda d: assignment_bound(d) <= 40))
def test_energy_triggers_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)


# ---- "Pay {E}" in the cost of an activated ability (602.1a, 107.14; pysolver.rules.costs) ----------------------

CUB = "Pay {E}{E}: Put a +1/+1 counter on ~"
BASKER = "Pay {E}: ~ gets +1/+1 until end of turn"
RENEGADE = "{T}, Pay {E}{E}: ~ deals 1 damage to target creature"
SERVO = "Pay {E}{E}: Create a 1/1 colorless Servo artifact creature token"


@pytest.mark.parametrize(("name", "text", "kind"), [
    ("Longtusk Cub", "Pay {E}{E}: Put a +1/+1 counter on Longtusk Cub.", "pump"),
    ("Aetherwind Basker", "Pay {E}: Aetherwind Basker gets +1/+1 until end of turn.", "pump"),
    ("Aethertorch Renegade", "{T}, Pay {E}{E}: Aethertorch Renegade deals 1 damage to target creature.", "ping"),
    ("Aethertorch Renegade", "{T}, Pay {E}{E}{E}{E}{E}{E}{E}{E}: Aethertorch Renegade deals 6 damage to target "
                             "player.", "ping"),
    ("Spontaneous Artist", "Pay {E}: Target creature gains haste until end of turn.", "target_pump"),
    ("Aether Theorist", "{T}, Pay {E}: Scry 1.", "tap_hidden"),
    ("Shielded Aether Thief", "{T}, Pay {E}{E}{E}: Draw a card.", "tap_hidden"),
    ("Servant of the Conduit", "{T}, Pay {E}: Add one mana of any color.", "tap_mana"),
    ("Architect of the Untamed", "Pay {E}{E}{E}{E}{E}{E}{E}{E}: Create a 6/6 colorless Beast artifact creature "
                                 "token.", "create"),
])
def test_real_energy_cost_lines_parse(name: str, text: str, kind: str) -> None:
    assert [a.kind for a in parse_ability_line(text, name)] == [kind]


def test_107_14_602_2b_each_activation_removes_its_energy() -> None:
    """107.14, 602.2b: with {E}{E} bob's blocking 1/1 y gets +1/+1 twice (a 3/3 that kills alice's 2/2 x and
    survives), once (a 2/2: both die) or not at all (y dies); 122.1a: alice's {E}{E} put one +1/+1 counter on
    x, a 3/3 (one energy pays for nothing)."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 1, 1, BASKER),
              players=[{"name": "alice"}, {"name": "bob", "energy": 2}])
    assert ends(s) == {outcome(), outcome(bob=18), outcome(destroyed=("x", "y")),
                       outcome(destroyed=("y",), damage={"x": 1}), outcome(destroyed=("x",), damage={"y": 2})}
    for energy, got in ((2, {outcome(), outcome(bob=18), outcome(bob=17), outcome(destroyed=("x", "y")),
                             outcome(destroyed=("y",), damage={"x": 2})}),
                        (1, {outcome(), outcome(bob=18), outcome(destroyed=("x", "y"))})):
        assert ends(energised(creature("x", "alice", 2, 2, CUB), creature("y", "bob", 2, 2), energy=energy)) == got


def test_111_1_107_14_tokens_for_energy_block() -> None:
    """111.1, 107.14: bob's {E}{E}{E} pays for one 1/1 Servo (y/servo1) before blockers are declared, which blocks
    alice's 2/2 x beside his 0/1 y or alone (x deals its 2 among them, 510.1c)."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 0, 1, SERVO),
              players=[{"name": "alice"}, {"name": "bob", "energy": 3}])
    assert ends(s) == {outcome(), outcome(bob=18), outcome(destroyed=("y",)),
                       outcome(destroyed=("y/servo1",), damage={"x": 1}), outcome(destroyed=("y",), damage={"x": 1}),
                       outcome(destroyed=("y", "y/servo1"), damage={"x": 1})}


COST_LINES = (CUB, BASKER, RENEGADE, SERVO, "Pay {E}: Target creature gains haste until end of turn")


@st.composite
def with_energy_costs(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with one line of :data:`COST_LINES` on some creatures and 0 to 2 energy for each player."""
    data = draw(with_one_line(data, COST_LINES))
    players = [{**p, "energy": draw(st.integers(0, 2))} for p in data["players"]]
    return {**data, "players": players}


@settings(max_examples=examples(1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_energy_costs).filter(lambda d: assignment_bound(d) <= 20))
def test_energy_costs_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)
