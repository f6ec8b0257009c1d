"""One test per rule about the results of combat damage (`outcomes`, docs/results.md), named by CR number.

Each test also checks that the brute-force reference (tests/reference/outcomes.py) finds the
same set of outcomes.
"""

from __future__ import annotations

from boards import board, creature
from reference.outcomes import canonical, reference_outcomes

import pysolver

PW = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3}


def results(s) -> list[dict]:
    """pysolver's outcomes without `line`, checked against the reference and count_outcomes."""
    got = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert {canonical(o) for o in got} == {canonical(o) for o in reference_outcomes(s)}
    assert len({canonical(o) for o in got}) == len(got) == pysolver.count_outcomes(s)
    return got


def only(s) -> dict:
    (o,) = results(s)
    return o


def test_510_2_120_3_damage_is_dealt_and_marked() -> None:
    """510.2, 120.3a, 120.3e: damage to a player is life loss; to a creature, it is marked."""
    s = board(creature("x", "alice", 1, 3), creature("y", "bob", 2, 3), creature("z", "alice", 2, 2),
              attackers={"x": "bob", "z": "bob"}, blockers={"y": ["x"]})
    o = only(s)
    assert o["life"] == {"alice": 20, "bob": 18}
    assert o["damage"] == {"x": 2, "y": 1}
    assert o["destroyed"] == [] and o["lost"] == []


def test_704_5g_lethal_damage_destroys() -> None:
    """704.5g: a creature with damage at least its toughness is destroyed; damage already
    marked counts (120.6)."""
    s = board(creature("x", "alice", 1, 3), creature("y", "bob", 2, 2, damage=1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    o = only(s)
    assert o["destroyed"] == ["y"] and o["damage"] == {"x": 2}


def test_702_12b_indestructible_blocker_survives_lethal_damage() -> None:
    """702.12b: an indestructible creature is not destroyed by lethal damage; it keeps it marked."""
    s = board(creature("x", "alice", 5, 5), creature("y", "bob", 1, 2, "Indestructible"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    o = only(s)
    assert o["destroyed"] == [] and o["damage"] == {"x": 1, "y": 5}


def test_702_2b_704_5h_deathtouch_destroys_any_creature_dealt_damage() -> None:
    """702.2b, 704.5h: 1 damage from a deathtouch source destroys a 5/5."""
    s = board(creature("x", "alice", 1, 1, "Deathtouch"), creature("y", "bob", 1, 5),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert only(s)["destroyed"] == ["x", "y"]


def test_702_12b_indestructible_ignores_deathtouch() -> None:
    """702.12b: indestructible permanents are not destroyed by deathtouch damage (704.5h)."""
    s = board(creature("x", "alice", 1, 1, "Deathtouch"), creature("y", "bob", 0, 5, "Indestructible"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    o = only(s)
    assert o["destroyed"] == [] and o["damage"] == {"y": 1}


def test_702_15b_lifelink_on_both_sides() -> None:
    """702.15b: damage dealt by a lifelink source makes its controller gain that much life; both
    creatures deal damage at the same time (510.2)."""
    s = board(creature("x", "alice", 3, 3, "Lifelink"), creature("y", "bob", 2, 2, "Lifelink"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    o = only(s)
    assert o["life"] == {"alice": 23, "bob": 22}
    assert o["destroyed"] == ["y"]


def test_702_15b_702_16e_prevented_damage_gains_no_life() -> None:
    """702.16e: damage from a white source to a creature with protection from white is prevented;
    prevented damage is not dealt, so lifelink gains nothing (702.15b)."""
    s = board(creature("x", "alice", 3, 3, "Lifelink", colors=["white"]),
              creature("y", "bob", 0, 2, "Protection from white"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    o = only(s)
    assert o["life"] == {"alice": 20, "bob": 20} and o["destroyed"] == [] and o["damage"] == {}


def test_702_16j_protection_from_everything_prevents_all_damage() -> None:
    """702.16j: all damage that would be dealt to it is prevented."""
    s = board(creature("x", "alice", 4, 4), creature("y", "bob", 1, 1, "Protection from everything"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert only(s)["destroyed"] == []


def test_702_16k_protection_from_a_player_prevents_their_sources_damage() -> None:
    """702.16k: damage from sources that player controls is prevented."""
    s = board(creature("x", "alice", 4, 4), creature("y", "bob", 1, 1, "Protection from alice"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert only(s)["destroyed"] == []


def test_702_19b_trample_over_protection_blocker_outcomes() -> None:
    """702.19b example: the 2 assigned to the pro-green blocker are prevented (702.16e): the
    player takes at most 4 and the blocker survives undamaged."""
    s = board(creature("x", "alice", 6, 6, "Trample", colors=["green"]),
              creature("y", "bob", 0, 2, "Protection from green"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    got = results(s)
    assert sorted(o["life"]["bob"] for o in got) == [16, 17, 18, 19, 20]
    assert all(o["destroyed"] == [] and o["damage"] == {} for o in got)


def test_510_4_first_strike_kills_the_attacker_before_it_deals_damage() -> None:
    """510.4, 702.7b: the first-strike blocker destroys the attacker in the first step (704.5g);
    the attacker is gone before the regular step and deals no damage."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 2, 2, "First strike"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    o = only(s)
    assert o["destroyed"] == ["x"] and o["damage"] == {}


def test_702_4b_double_strike_kills_its_blocker_then_tramples_fully() -> None:
    """702.4b, 702.19d: the double striker kills its blocker in the first-strike step (it must
    assign it lethal damage first, 702.19b), then, still blocked with no blockers left, assigns
    all its damage to the player in the regular step."""
    s = board(creature("x", "alice", 3, 3, "Double strike", "Trample"), creature("y", "bob", 5, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    got = results(s)
    assert sorted(o["life"]["bob"] for o in got) == [16, 17]  # 1 or 0 trampled first, then 3
    assert all(o["destroyed"] == ["y"] and o["damage"] == {} for o in got)


def test_506_4c_unblocked_attacker_of_a_planeswalker_that_died_in_the_first_strike_step() -> None:
    """506.4c, 510.1b: the first striker destroys the planeswalker (306.8, 704.5i); the other
    creature attacking it deals no damage in the regular step."""
    s = board(creature("fs", "alice", 3, 3, "First strike"), creature("x", "alice", 4, 4), PW,
              attackers={"fs": "pw", "x": "pw"}, blockers={})
    o = only(s)
    assert o["destroyed"] == ["pw"] and o["life"]["bob"] == 20 and o["loyalty"] == {}


def test_702_19e_trample_over_planeswalkers_after_the_planeswalker_died() -> None:
    """702.19e: after the planeswalker left, trample over planeswalkers damage goes to its
    controller (an exception to 506.4c)."""
    s = board(creature("fs", "alice", 3, 3, "First strike"), creature("x", "alice", 4, 4, "Trample over planeswalkers"),
              PW, attackers={"fs": "pw", "x": "pw"}, blockers={})
    o = only(s)
    assert o["destroyed"] == ["pw"] and o["life"]["bob"] == 16


def test_306_8_704_5i_planeswalker_loses_loyalty_and_dies_at_zero() -> None:
    """306.8: damage removes loyalty counters; 704.5i: at 0 it is put into the graveyard."""
    s = board(creature("x", "alice", 2, 2), {**PW, "loyalty": 4}, attackers={"x": "pw"}, blockers={})
    assert only(s)["loyalty"] == {"pw": 2}
    s = board(creature("x", "alice", 5, 5), PW, attackers={"x": "pw"}, blockers={})
    o = only(s)
    assert o["loyalty"] == {} and o["destroyed"] == ["pw"] and o["life"]["bob"] == 20


def test_702_19c_trample_over_planeswalkers_with_and_without_enough_to_kill() -> None:
    """702.19c: a blocked 6/6 with trample over planeswalkers past a 2/2 blocker: 2 + 3 kill both
    and 1 reaches the controller; a 4/4 cannot reach the controller."""
    s = board(creature("x", "alice", 6, 6, "Trample over planeswalkers"), creature("y", "bob", 0, 2), PW,
              attackers={"x": "pw"}, blockers={"y": ["x"]})
    got = results(s)
    assert min(o["life"]["bob"] for o in got) == 19
    assert any(o["life"]["bob"] == 19 and o["destroyed"] == ["pw", "y"] for o in got)
    s = board(creature("x", "alice", 4, 4, "Trample over planeswalkers"), creature("y", "bob", 0, 2), PW,
              attackers={"x": "pw"}, blockers={"y": ["x"]})
    assert all(o["life"]["bob"] == 20 for o in results(s))


def test_310_6_704_5v_battle_loses_defense_and_dies_at_zero() -> None:
    """310.6: damage removes defense counters; 704.5v: at 0 it is put into the graveyard."""
    battle = {"id": "bt", "controller": "bob", "types": ["Battle"], "defense": 3, "protector": "bob"}
    s = board(creature("x", "alice", 2, 2), battle, attackers={"x": "bt"}, blockers={})
    assert only(s)["defense"] == {"bt": 1}
    s = board(creature("x", "alice", 3, 3), battle, attackers={"x": "bt"}, blockers={})
    assert only(s)["destroyed"] == ["bt"]


def test_704_5f_spec_1_zero_toughness_blocker_removed_before_damage_attacker_stays_blocked() -> None:
    """docs/situation.md, 704.5f, 509.1h: the 0-toughness blocker is destroyed before any choice; its
    attacker stays blocked and deals no damage (510.1c)."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 0),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    o = only(s)
    assert o["destroyed"] == ["y"] and o["life"]["bob"] == 20


def test_704_3_spec_1_state_based_actions_on_the_starting_situation() -> None:
    """docs/situation.md: lethal damage already marked, 0 loyalty: destroyed before any choice."""
    s = board(creature("x", "alice", 2, 2, damage=2), {**PW, "loyalty": 0},
              creature("y", "bob", 1, 1))
    got = results(s)
    assert all(o["destroyed"] == ["pw", "x"] for o in got)
    assert {o["life"]["bob"] for o in got} == {20}


def test_104_3b_704_5a_player_losing_to_first_strike_damage_gets_no_regular_damage() -> None:
    """104.3b, 704.5a, docs/results.md: at 0 life after the first-strike step the player has lost; the
    outcome ends there, without the regular combat damage step."""
    s = board(creature("fs", "alice", 2, 2, "First strike"), creature("x", "alice", 3, 3),
              attackers={"fs": "bob", "x": "bob"}, blockers={},
              players=[{"name": "alice", "life": 20}, {"name": "bob", "life": 2}])
    o = only(s)
    assert o["life"]["bob"] == 0 and o["lost"] == ["bob"]


def test_104_3b_lifelink_first_strike_keeps_the_attacker_alive() -> None:
    """104.3b: life is checked after the step: alice at 1 gains 2 from her first-striking
    lifelinker and survives the 2 damage of the regular step."""
    s = board(creature("fs", "alice", 2, 2, "First strike", "Lifelink"), creature("y", "bob", 2, 2),
              attackers={"fs": "bob"}, blockers={},
              players=[{"name": "alice", "life": 1}, {"name": "bob", "life": 20}])
    o = only(s)
    assert o["life"] == {"alice": 3, "bob": 18} and o["lost"] == []


def test_508_8_no_attackers_no_damage() -> None:
    """508.8: with no attackers declared the combat has no damage step: one outcome per board."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 2, 2), attackers={})
    assert only(s)["life"] == {"alice": 20, "bob": 20}


def test_508_509_outcomes_over_all_declarations() -> None:
    """508.1, 509.1: with nothing declared, every attack and every block is explored."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 2))
    got = results(s)
    assert sorted((o["life"]["bob"], tuple(o["destroyed"])) for o in got) == [(17, ()), (20, ()), (20, ("y",))]


# --- Open declarations with first strike: attacks, blocks and both damage steps in one program
# (pysolver.outcomes, encodings/strikes.lp), each line replayed move by move on the game tree.

def replayed(s) -> list[dict]:
    """`results`, with each outcome's line pushed move by move (pysolver.scale.invariants.replay) and
    reaching that outcome."""
    from pysolver.rules.combat import outcome
    from pysolver.scale.invariants import replay
    got = list(pysolver.outcomes(s))
    for o in got:
        assert outcome(replay(s, o["line"]).s).to_json() == {k: v for k, v in o.items() if k != "line"}, o
    return results(s)


def test_510_4_open_blocks_first_strike_then_regular_step_in_one_line() -> None:
    """510.4, 702.7b: with blocks open, the first striker kills a 2/2 blocker before it deals
    damage, or a 3/3 blocker survives and deals its damage in the regular step; the line names
    both steps' assignments."""
    s = board(creature("fs", "alice", 2, 2, "First strike"), creature("y", "bob", 2, 2),
              creature("z", "bob", 3, 3), attackers={"fs": "bob"})
    got = replayed(s)
    assert {"life": {"alice": 20, "bob": 20}, "lost": [], "destroyed": ["y"], "damage": {}, "loyalty": {},
            "defense": {}} in got
    assert {"life": {"alice": 20, "bob": 20}, "lost": [], "destroyed": ["fs"], "damage": {"z": 2}, "loyalty": {},
            "defense": {}} in got
    lines = [o["line"] for o in pysolver.outcomes(s)]
    assert all(set(line) >= {"first_strike", "regular"} for line in lines)


def test_120_3d_wither_counters_from_the_first_strike_step_shrink_the_regular_step() -> None:
    """120.3d, 702.80a, 613.4c: the first-striking wither attacker puts two -1/-1 counters on the
    3/3 blocker, which deals 1 damage in the regular step, not 3."""
    s = board(creature("x", "alice", 2, 2, "First strike", "Wither"), creature("y", "bob", 3, 3),
              attackers={"x": "bob"})
    got = replayed(s)
    assert any(o["damage"] == {"x": 1} and o.get("minus_counters") == {"y": 2} and o["destroyed"] == []
               for o in got)


def test_702_79a_persist_blocker_returns_out_of_combat_after_the_first_strike_step() -> None:
    """702.79a, 506.4, 400.7: the blocker dies in the first-strike step and returns as a new object
    that is in no combat: the regular step deals it nothing (the double striker, blocked, deals
    no damage in the regular step, 509.1h)."""
    s = board(creature("x", "alice", 2, 2, "Double strike"), creature("y", "bob", 1, 2, "Persist"),
              attackers={"x": "bob"})
    got = replayed(s)
    assert any(o["destroyed"] == ["y"] and o.get("returned") == ["y"] and o["life"]["bob"] == 20 for o in got)


def test_104_3b_open_attacks_a_player_lost_in_the_first_strike_step_takes_no_regular_damage() -> None:
    """104.3b, 704.5a: with attacks open, bob at 2 dies to the first striker; the regular step
    does not happen (life 0, not -3), and the line has no regular step."""
    s = board(creature("fs", "alice", 2, 2, "First strike"), creature("x", "alice", 3, 3),
              players=[{"name": "alice", "life": 20}, {"name": "bob", "life": 2}])
    got = replayed(s)
    assert sorted(o["life"]["bob"] for o in got) == [-1, 0, 2]  # x alone, fs (with or without x), nobody
    lost = [o["line"] for o in pysolver.outcomes(s) if o["life"]["bob"] == 0]
    assert lost and all("regular" not in line and "first_strike" in line for line in lost)


def test_510_4_306_8_a_planeswalker_gone_in_either_step_is_one_outcome() -> None:
    """510.4, 704.5i: a 1/1 attacking a loyalty-1 planeswalker destroys it in the regular step whether
    or not a first striker attacks beside it (the first-strike step then comes first): one outcome,
    so `count_outcomes` (clingo's count of the projected two-step program) equals the outcomes listed."""
    s = board(creature("a0", "alice", 0, 1, "First strike"), creature("a1", "alice", 1, 1),
              {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 1})
    listed = {canonical(o) for o in pysolver.outcomes(s)}
    assert listed == {canonical(o) for o in reference_outcomes(s)}
    assert pysolver.count_outcomes(s) == len(listed) == 3


# --- Who lost, and one builder and one key for every outcome (issue 20: typed values to the edge).

LOSING_BOARDS = [  # one-program combats (attacks open, nothing in the windows) in which bob may lose
    # 704.5a: life 0 or less
    board(creature("x", "alice", 3, 3), players=[{"name": "alice", "life": 20}, {"name": "bob", "life": 3}]),
    # 704.5c: ten or more poison counters (702.90b: infect damage to a player gives poison counters)
    board(creature("x", "alice", 2, 2, "Infect"), creature("y", "bob", 1, 1),
          players=[{"name": "alice", "life": 20}, {"name": "bob", "life": 20, "poison": 8}]),
    # 510.4, strikes.lp: lost in the first-strike step (the regular step does not happen) or the regular one
    board(creature("fs", "alice", 2, 2, "First strike"), creature("x", "alice", 3, 3),
          players=[{"name": "alice", "life": 20}, {"name": "bob", "life": 2}]),
]


def test_104_3b_lost_is_read_from_the_program(monkeypatch) -> None:
    """104.3b, 704.5a, 704.5c: the players who lost are the after_lost/1 atoms the encodings derive
    (outcomes.lp's show_results; strikes.lp's show_combat for the end of a two-step combat), read off
    each answer set, not worked out again in Python from life and poison: each outcome's `lost` is
    its answer set's after_lost atoms, and with those atoms taken away nobody has lost. (These
    boards have first strike, so `outcomes` solves them fight by fight, where who lost is read off
    the sums of the fights, pysolver.game.fights; `split=False` asks the one program.)"""
    import pysolver.game.outcomes as produced
    from pysolver.asp.solving import args_of, models
    from pysolver.game import gametree as gt
    for s in LOSING_BOARDS:
        root = gt.root(s)
        assert produced.one_step(root)
        shown = sorted(tuple(sorted(args_of(sym)[0] for sym in symbols if sym.name == "after_lost"))
                       for symbols in models(produced.one_program_control(root)))
        assert ("bob",) in shown and () in shown
        assert sorted(o.lost for o in produced.outcome_values(s, split=False)) == shown
        assert {canonical(o) for o in pysolver.outcomes(s)} == {canonical(o) for o in reference_outcomes(s)}
    without = lambda ctl: ([sym for sym in symbols if sym.name != "after_lost"] for symbols in models(ctl))  # noqa: E731
    monkeypatch.setattr(produced, "models", without)
    for s in LOSING_BOARDS:
        assert all(o.lost == () for o in produced.outcome_values(s, split=False))


def test_704_3_every_outcome_comes_from_one_builder_and_is_told_apart_by_one_key() -> None:
    """704.3: an outcome is the state after state-based actions at the end of combat, built by one
    function (Outcome.of) whether it is read off a finished situation (rules.combat.outcome, the
    walk's leaves) or off an answer set (the one-program subtrees, 702.37e: here after a face-down
    creature may be turned face up), and told apart from the others by one key (Outcome.key, every
    field but the line) in `outcome_values` and `count_outcomes` alike."""
    from pysolver.model.values import Outcome
    from pysolver.rules import combat
    from pysolver.scale.invariants import replay
    s = board(creature("m", "alice", 5, 5, "Morph {R}", face_down=True), creature("x", "alice", 3, 1),
              creature("y", "bob", 2, 2), attackers={"m": "bob", "x": "bob"},
              players=[{"name": "alice", "life": 20, "mana": "{R}"}, {"name": "bob", "life": 20}])
    got = list(pysolver.outcome_values(s))
    assert got and all(isinstance(o, Outcome) for o in got)
    keys = [o.key for o in got]
    assert len(set(keys)) == len(keys) == pysolver.count_outcomes(s)
    for o in got:
        end = combat.outcome(replay(s, o.to_json()["line"]).s, o.line)
        assert end.key == o.key and end.to_json() == o.to_json()
    assert not hasattr(combat, "outcome_key") and not hasattr(combat, "result")
