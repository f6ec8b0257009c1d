"""Activated abilities that make players lose or gain life (119.3): "{cost}: Target player loses N life [and you
gain N life]", "... each opponent / each player loses N life ...", "{cost}: You gain N life"
(pysolver.rules.activated.life_changed). One test per rule with hand-stated sets, then the solver against the
brute-force references on generated boards (outcomes: tests/reference/pingers.py; verify: the literal-stack
minimax).
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, life_boards

import pysolver
from pysolver.files.cards import oracle_lines
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line

DRAIN = "{T}: Target player loses 1 life"


def rod(pid: str, controller: str, *lines: str) -> dict:
    """An artifact with `lines` (no summoning sickness, 302.6; no creature in combat)."""
    return {"id": pid, "controller": controller, "types": ["Artifact"], "abilities": list(lines)}


def results(s) -> set[tuple]:
    """(each player's life, who lost, what left the battlefield) of each outcome, checked against the
    reference, the walk and count_outcomes."""
    got = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    want = {canonical(o) for o in reference_outcomes(s)}
    assert {canonical(o) for o in got} == want
    assert {canonical(o.to_json()) for o in outcome_values(s, split=False)} == want
    assert len(got) == len(want) == pysolver.count_outcomes(s)
    return {(tuple(o["life"].values()), tuple(o["lost"]), tuple(o["destroyed"])) for o in got}


@pytest.mark.parametrize("name, line, target, loss, gain, cost, tap, sacrifice", [
    ("Soulmender", "{T}: You gain 1 life.", "", 0, 1, "", True, False),
    ("Stone Haven Medic", "{W}, {T}: You gain 1 life.", "", 0, 1, "{W}", True, False),
    ("Jund Battlemage", "{B}, {T}: Target player loses 1 life.", "player", 1, 0, "{B}", True, False),
    ("Stormscape Master", "{B}{B}, {T}: Target player loses 2 life and you gain 2 life.", "player", 2, 2, "{B}{B}",
     True, False),
    ("Vampire Neonate", "{2}, {T}: Each opponent loses 1 life and you gain 1 life.", "each_opponent", 1, 1, "{2}",
     True, False),
    ("Death Cultist", "Sacrifice Death Cultist: Target player loses 1 life and you gain 1 life.", "player", 1, 1,
     "", False, True),
    ("Blight Keeper", "{7}{B}, {T}, Sacrifice Blight Keeper: Target opponent loses 4 life and you gain 4 life.",
     "opponent", 4, 4, "{7}{B}", True, True),
    ("Essence Depleter", "{1}{C}: Target opponent loses 1 life and you gain 1 life.", "opponent", 1, 1, "{1}{C}",
     False, False),
])
def test_119_3_real_lines(name, line, target, loss, gain, cost, tap, sacrifice) -> None:
    """119.3: a player loses or gains life; its cost mana symbols, {T} and "sacrifice ~" (602.1a, 701.21a)."""
    lines, unmodelled = oracle_lines(name, line)
    assert lines == (line,) and unmodelled == ()
    (a,) = board(creature("x", "alice", 1, 1, line, name=name)).permanent("x").abilities
    v = a.value
    assert (a.kind, v.target, v.loss, v.gain, str(v.cost) if v.cost.total else "", v.tap, v.sacrifice) == \
        ("life", target, loss, gain, cost, tap, sacrifice)


@pytest.mark.parametrize("line, discard, sacrificed", [
    ("{B}, {T}, Discard a card: Each player loses 2 life.", 1, None),       # 701.9: a discard cost
    ("Sacrifice a Beast: You gain 4 life.", 0, ("creature_type", "beast")),  # 701.21a: another permanent
])
def test_602_1a_every_cost_of_the_cost_grammar(line, discard, sacrificed) -> None:
    """602.1a: the one cost grammar (pysolver.model.abilities.parse_cost) reads a life ability's cost too."""
    lines, unmodelled = oracle_lines("Stern Judge", line)
    assert lines == (line,) and unmodelled == ()
    (a,) = parse_ability_line(line, "Stern Judge")
    assert (a.kind, a.value.extra.discard, getattr(a.value.extra.sacrifice, "what", None)) == \
        ("life", discard, sacrificed)


@pytest.mark.parametrize("line", [
    "{T}: Each player loses 1 life for each Swamp he or she controls.",     # a count
])
def test_costs_and_amounts_out_of_scope_are_noted(line) -> None:
    lines, unmodelled = oracle_lines("Stern Judge", line)
    assert lines == () and unmodelled == (line,)


def test_704_5a_a_player_at_0_life_loses_at_once() -> None:
    """119.3, 704.5a: alice's rod makes bob (1 life) or herself lose 1 life at the beginning of combat (115.1:
    any player is a legal target); bob at 0 has lost and the combat ends."""
    s = board(rod("r", "alice", DRAIN), bob=1)
    assert results(s) == {((20, 1), (), ()), ((20, 0), ("bob",), ()), ((19, 1), (), ())}


def test_102_2_each_opponent_and_you_gain() -> None:
    """102.2: each opponent of its controller loses 1 life; its controller gains 1 once (119.3)."""
    s = board(rod("r", "alice", "{2}, {T}: Each opponent loses 1 life and you gain 1 life"), carol=20,
              mana="{2}")
    assert results(s) == {((20, 20, 20), (), ()), ((21, 19, 19), (), ())}


def test_701_21a_sacrificed_to_pay_it_leaves_the_battlefield() -> None:
    """701.21a: "Sacrifice ~" is paid as the ability is activated: the cultist leaves, blocking or not;
    115.1 "target opponent": only bob."""
    s = board(creature("x", "alice", 2, 2), creature("d", "bob", 1, 1, "Sacrifice ~: Target opponent loses 1 life "
                                                                           "and you gain 1 life"),
              attackers={"x": "bob"}, blockers={"d": ["x"]})
    assert results(s) == {((20, 20), (), ("d",)), ((19, 21), (), ("d",))}


def test_602_5b_before_attackers_is_the_active_players() -> None:
    """602.5b: "Activate only during your turn, before attackers are declared": alice's at the beginning of
    combat, never bob's."""
    line = "{T}: You gain 1 life. Activate only during your turn, before attackers are declared"
    assert results(board(rod("r", "alice", line))) == {((20, 20), (), ()), ((21, 20), (), ())}
    assert results(board(rod("r", "bob", line))) == {((20, 20), (), ())}


def test_405_1_a_life_ability_waits_on_the_stack_and_may_be_answered() -> None:
    """405.1, 608.1: the loss waits on the stack; bob (1 life) answers with his own gain, which resolves
    first (405.2): alice can't force his loss. Without it she can."""
    answer = board(rod("r", "alice", DRAIN), rod("g", "bob", "{T}: You gain 1 life"), bob=1,
                   goal={"lethal": "bob"})
    alone = board(rod("r", "alice", DRAIN), bob=1, goal={"lethal": "bob"})
    assert pysolver.verify(alone)["holds"] is True is reference_verify(alone)
    assert pysolver.verify(answer)["holds"] is False is reference_verify(answer)


# --- differential: generated boards against the references -----------------------------------------

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


@settings(max_examples=examples(2), deadline=None, suppress_health_check=SLOW)
@given(life_boards("blockers"))
def test_life_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(life_boards("attackers"))
def test_life_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(life_boards("blockers"))
def test_life_verify_equals_minimax(data: dict) -> None:
    defender = data["players"][1]["name"]
    s = pysolver.load_data({**data, "goal": {"lethal": defender}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)
