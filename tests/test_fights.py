"""`outcomes` fight by fight (pysolver/game/fights.py) against the walk and the brute-force reference.

Once blockers are declared each attacker with its blockers is a fight of its own (510.1); the fights
meet only in life and poison (summed), in whether there is a first-strike step (510.4: any first
striker in any fight), in who lost after it (104.3b, 704.5a) and in the mana pools (106.4). Each
rule of the combination has a hand-stated board here; the generated boards mix face-down creatures
(702.37e), pumps (602.2), combat triggers (603.2), first strike and trample, and are compared with
tests/reference/outcomes.py and with the walk of pysolver/game/outcomes.py (``split=False``).
"""

from __future__ import annotations

from combat_boards import outcome_boards
from hypothesis import given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical, reference_outcomes
from strategies import STACK_TRIGGER_LINES, TRIGGER_LINES, examples, pump_boards, with_result_keywords, with_triggers

import pysolver
from pysolver.game import fights
from pysolver.game.outcomes import count_outcomes, outcome_values


def board(*creatures: dict, bob: int = 20, alice_mana: str = "", bob_mana: str = "", **combat: dict) -> dict:
    data = {"players": [{"name": "alice", "mana": alice_mana}, {"name": "bob", "life": bob, "mana": bob_mana}],
            "active": "alice", "permanents": list(creatures)}
    if combat:
        data["combat"] = combat
    return data


def creature(pid: str, controller: str, power: int, toughness: int, *abilities: str, **more: object) -> dict:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness,
            "abilities": list(abilities), **more}


def agree(data: dict) -> set[str]:
    """The outcomes fight by fight, asserted equal to the walk's and the reference's."""
    s = pysolver.load_data(data)
    got = {canonical(o.to_json()) for o in outcome_values(s)}
    assert got == {canonical(o.to_json()) for o in outcome_values(s, split=False)}
    assert got == {canonical(o) for o in reference_outcomes(s)}
    assert count_outcomes(s) == len(got)
    return got


def test_a_lifelink_blocker_keeps_its_player_in_the_game_after_the_first_strike_step() -> None:
    # 104.3b, 704.5a are checked on the sum: bob at 2 takes 2 first-strike damage from one fight and
    # gains 1 from his first-strike lifelinker in another, so he is at 1 and the regular step comes.
    data = board(creature("fs", "alice", 2, 2, "First strike"), creature("x", "alice", 3, 3),
                 creature("link", "bob", 1, 5, "First strike", "Lifelink"), bob=2,
                 attackers={"fs": "bob", "x": "bob"}, blockers={"link": ["x"]})
    outcomes = [o for o in outcome_values(pysolver.load_data(data))]
    assert [(o.life_of("bob"), o.lost) for o in outcomes] == [(1, ())]
    assert outcomes[0].line.regular is not None
    agree(data)


def test_a_player_who_lost_after_the_first_strike_step_ends_the_combat_for_every_fight() -> None:
    # 104.3b: the regular step of the other fight (its 5/5 would kill bob's blocker) never comes.
    data = board(creature("fs", "alice", 3, 3, "First strike"), creature("x", "alice", 5, 5),
                 creature("wall", "bob", 0, 4), bob=3, attackers={"fs": "bob", "x": "bob"}, blockers={"wall": ["x"]})
    (o,) = outcome_values(pysolver.load_data(data))
    assert (o.life_of("bob"), o.lost, o.destroyed, o.line.regular) == (0, ("bob",), (), None)
    agree(data)


def test_a_first_strike_step_anywhere_splits_every_fight_into_two_steps() -> None:
    # 510.4: the face-down creature turned face up before damage has first strike, so there is a
    # first-strike step; the other fight deals its damage in the regular step, after the window
    # between the steps (510.3) in which alice may still pump.
    data = board(creature("cat", "alice", 2, 2, "Morph {R}", "First strike", face_down=True),
                 creature("x", "alice", 2, 2, "{R}: ~ gets +1/+0 until end of turn"),
                 creature("y", "bob", 3, 3), alice_mana="{R}",
                 attackers={"cat": "bob", "x": "bob"}, blockers={"y": ["x"]})
    found = agree(data)
    assert canonical({"life": {"alice": 20, "bob": 18}, "lost": [], "destroyed": ["x", "y"], "damage": {},
                      "loyalty": {}, "defense": {}}) in found  # cat face down, x pumped once


def test_one_pool_pays_for_the_pumps_of_every_fight() -> None:
    # 106.4, 601.2h: {R} pays for one activation, in one fight or the other, not both.
    data = board(creature("x", "alice", 1, 1, "{R}: ~ gets +1/+0 until end of turn"),
                 creature("z", "alice", 1, 1, "{R}: ~ gets +1/+0 until end of turn"), alice_mana="{R}",
                 attackers={"x": "bob", "z": "bob"}, blockers={})
    assert sorted(o.life_of("bob") for o in outcome_values(pysolver.load_data(data))) == [17, 18]
    agree(data)


def test_a_creature_turned_face_up_between_the_steps_deals_its_damage_in_the_regular_step() -> None:
    # 702.7c: it had no first strike as the first-strike step began (face down it had no abilities,
    # 708.2a), so it deals combat damage in the regular step, face up.
    data = board(creature("fs", "alice", 1, 1, "First strike"),
                 creature("cat", "alice", 4, 1, "Morph {R}", "First strike", face_down=True),
                 creature("y", "bob", 2, 2), alice_mana="{R}", attackers={"fs": "bob", "cat": "bob"},
                 blockers={"y": ["cat"]})
    agree(data)


def test_fights_split_only_where_the_rules_allow() -> None:
    # 603.10a: a death trigger's target is any creature, so such a board is walked as a whole.
    dies = "When this creature dies, it deals 1 damage to any target"
    s = pysolver.load_data(board(creature("x", "alice", 2, 2, dies)))
    assert not fights.decomposes(s)
    assert fights.decomposes(pysolver.load_data(board(creature("x", "alice", 2, 2, "Flanking"))))


def test_a_planeswalker_attacked_by_two_fights_is_walked() -> None:
    # 306.8, 704.5i: the damage of both attackers removes loyalty from the one planeswalker.
    pw = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3}
    agree(board(creature("x", "alice", 2, 2, "First strike"), creature("z", "alice", 2, 2, "Trample"), pw,
                creature("y", "bob", 1, 1), attackers={"x": "pw", "z": "pw"}))


def test_a_creature_out_of_combat_turned_face_up_to_pump_the_team() -> None:
    # 702.37e, 613.4c: a2 is in no fight, but turned face up for {R} its "{W}: Creatures you control get
    # +1/+1" makes the face-down attacker a 3/3: bob at 17 is an outcome (found by the differential test;
    # turned face up itself, the attacker is a 1/1).
    data = board(creature("a0", "alice", 1, 1, "Morph {R}", face_down=True),
                 creature("a2", "alice", 0, 1, "Morph {R}", "{W}: Creatures you control get +1/+1 until end of turn",
                          face_down=True), alice_mana="{R}{W}", attackers={"a0": "bob"}, blockers={})
    assert {o.life_of("bob") for o in outcome_values(pysolver.load_data(data))} == {17, 18, 19}
    agree(data)


def mixed(stage: str) -> st.SearchStrategy[dict]:
    """Pump boards (face-down creatures, mana, first or double strike) with combat triggers and the
    keywords that change what damage does."""
    lines = tuple(x for x in TRIGGER_LINES if x not in STACK_TRIGGER_LINES) + tuple(STACK_TRIGGER_LINES[:1])
    return with_result_keywords(pump_boards(stage).flatmap(lambda d: with_triggers(d, lines)))


@settings(max_examples=examples(20), deadline=None)
@given(mixed("blockers"))
def test_fights_after_blocks_equal_the_walk_and_the_reference(data: dict) -> None:
    agree(data)


@settings(max_examples=examples(10), deadline=None)
@given(mixed("attackers"))
def test_fights_after_attacks_equal_the_walk_and_the_reference(data: dict) -> None:
    agree(data)


@settings(max_examples=examples(5), deadline=None)
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, tuple(TRIGGER_LINES))))
def test_fights_of_whole_combats_equal_the_walk_and_the_reference(data: dict) -> None:
    agree(data)


def test_602_2b_pump_totals_are_what_the_pool_pays_for() -> None:
    # Each total until end of turn the pool can pay for is one external of the step program (613.4c);
    # a pool too big for that keeps the totals as facts, one program each.
    from pysolver.rules.steps import PUMP_TOTALS, pump_totals
    small = pysolver.load_data(board(creature("x", "alice", 2, 2, "{1}{R}: ~ gets +1/+1 until end of turn",
                                              "{R}: ~ gets +1/+0 until end of turn"), alice_mana="{R}{R}{R}"))
    assert pump_totals(small, small.permanent("x")) == {(a + b, a) for a in range(2) for b in range(4)}
    big = pysolver.load_data(board(creature("x", "alice", 2, 2, "{R}: ~ gets +1/+0 until end of turn"),
                                   alice_mana="{R}" * PUMP_TOTALS))
    assert pump_totals(big, big.permanent("x")) is None
