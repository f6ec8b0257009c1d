"""'If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~' (Phantom Centaur, 615.5) and
'... while it has a +1/+1 counter on it, prevent that damage and remove a +1/+1 counter from ~' (Undergrowth
Champion), one test per rule: the fights, the walk and the brute-force reference (tests/reference/outcomes.py)
find exactly the hand-stated outcomes; generated boards compare the three at the end."""

from __future__ import annotations

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome
from hypothesis import given, settings
from strategies import examples, with_shields

import pysolver
from pysolver.game.fights import decomposes
from pysolver.model.abilities import parse_ability_line

PHANTOM = "If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~"
WHILE = ("If damage would be dealt to ~ while it has a +1/+1 counter on it, prevent that damage and remove a +1/+1 "
         "counter from ~")


@pytest.mark.parametrize("name, line, kind", [
    ("Phantom Centaur", "If damage would be dealt to Phantom Centaur, prevent that damage. Remove a +1/+1 counter "
                        "from Phantom Centaur.", "prevent_remove_counter"),
    ("Undergrowth Champion", "If damage would be dealt to Undergrowth Champion while it has a +1/+1 counter on it, "
                             "prevent that damage and remove a +1/+1 counter from Undergrowth Champion.",
     "prevent_remove_counter_while")])
def test_615_5_real_lines_parse(name: str, line: str, kind: str) -> None:
    (a,) = parse_ability_line(line, name)
    assert a.kind == a.term == kind


def test_615_5_510_2_one_counter_for_the_steps_one_event() -> None:
    """A 2/0 with one +1/+1 counter (3/1) blocking two 3/3s (509.1a: it may block both): all 6 damage is prevented
    (120.4b) and, the step's damage being one event (510.2), only its one counter is removed: 2/0, it is put into
    the graveyard (704.5f). It deals its 3 to one attacker or divides it (510.1d)."""
    s = board(creature("x1", "alice", 3, 3), creature("x2", "alice", 3, 3),
              creature("y", "bob", 2, 0, PHANTOM, "Can block an additional creature each combat",
                       counters={"+1/+1": 1}),
              attackers={"x1": "bob", "x2": "bob"}, blockers={"y": ["x1", "x2"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("x1", "y")), outcome(destroyed=("x2", "y")),
                                  outcome(destroyed=("y",), damage={"x1": 1, "x2": 2}),
                                  outcome(destroyed=("y",), damage={"x1": 2, "x2": 1})}


def test_615_5_510_4_a_counter_for_each_damage_step() -> None:
    """A double striker (702.4b) deals damage in both steps: two events, two counters (the 0/0 with three is 3/3,
    then 2/2, then 1/1). Without first strike the blocker deals damage in the regular step only, with the power it
    has then (510.1a): 2 to the 3/3, which survives."""
    s = board(creature("x", "alice", 3, 3, "Double strike"),
              creature("y", "bob", 0, 0, PHANTOM, counters={"+1/+1": 3}),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 2})}


def test_615_5_no_counter_the_damage_is_still_prevented() -> None:
    """With no +1/+1 counter the damage is still prevented (it has toughness from elsewhere: printed 3)."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 1, 3, PHANTOM),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 1})}


@pytest.mark.parametrize("counters, want", [
    ({"+1/+1": 1}, {outcome(destroyed=("x",))}),  # 3/3: prevented, the counter removed (2/2 after); it deals 3
    (None, {outcome(destroyed=("y",), damage={"x": 2})})])  # no counter: dealt, the 2/2 dies (704.5g)
def test_615_5_while_it_has_a_counter(counters: dict | None, want: set) -> None:
    s = board(creature("x", "alice", 3, 3),
              creature("y", "bob", 2, 2, WHILE, **({"counters": counters} if counters else {})),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == want


def test_616_1_protection_first_keeps_the_counter() -> None:
    """Protection from red (702.16e) or the line first (616.1): with the line first the counter is removed and the
    0/0 with one counter is put into the graveyard (704.5f)."""
    s = board(creature("x", "alice", 2, 2, colors=["red"]),
              creature("y", "bob", 0, 0, PHANTOM, "Protection from red", counters={"+1/+1": 1}),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 1}), outcome(destroyed=("y",), damage={"x": 1})}


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(outcome_boards("blockers"), [PHANTOM, WHILE]))
def test_prevent_remove_counter_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    agreed_outcomes(pysolver.load_data(data))


# --- 615.1a, 611.3a: "Prevent all damage that would be dealt to creature tokens you control" (Emmara Tandris) ------

TOKENS = "Prevent all damage that would be dealt to creature tokens you control"


def test_615_1a_real_token_prevention_line_parses() -> None:
    (a,) = parse_ability_line("Prevent all damage that would be dealt to creature tokens you control.",
                              "Emmara Tandris")
    assert a.kind == a.term == "prevent_damage_to_tokens"


@pytest.mark.parametrize("token, want", [
    (True, {outcome(damage={"x": 1})}),  # the token is dealt nothing (120.4b)
    (False, {outcome(destroyed=("t",), damage={"x": 1})})])  # a card: its damage is dealt
def test_615_1a_111_1_only_creature_tokens_of_its_controller(token: bool, want: set) -> None:
    s = board(creature("x", "alice", 3, 3), creature("e", "bob", 1, 1, TOKENS), creature("t", "bob", 1, 1, token=token),
              attackers={"x": "bob"}, blockers={"t": ["x"]})
    assert agreed_outcomes(s) == want


def test_611_3a_510_4_its_source_gone_in_the_first_strike_step_prevents_nothing_after() -> None:
    """Alice's first striker kills bob's Emmara (a 1/1) in the first-strike step; in the regular step alice's 2/2
    deals its damage to the token blocking it, no longer prevented (611.3a): the token dies. The board is walked
    whole (the fights would not see the first fight's loss, pysolver.game.fights.decomposes)."""
    s = board(creature("f", "alice", 1, 1, "First strike"), creature("x", "alice", 2, 2),
              creature("e", "bob", 0, 1, TOKENS), creature("t", "bob", 1, 2, token=True),
              attackers={"f": "bob", "x": "bob"}, blockers={"e": ["f"], "t": ["x"]})
    assert not decomposes(s)
    assert agreed_outcomes(s) == {outcome(destroyed=("e", "t"), damage={"x": 1})}


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(outcome_boards("blockers"), [TOKENS]))
def test_token_prevention_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    for p in data["permanents"]:
        p.setdefault("token", p["id"].endswith("2"))  # (some tokens)
    agreed_outcomes(pysolver.load_data(data))
