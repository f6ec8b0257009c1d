"""Regeneration (701.19) and damage prevention (615) in combat, one test per rule.

Each outcome test states its outcomes by hand and checks that the fights (pysolver/game/fights.py),
the walk (``split=False``) and the brute-force reference (tests/reference/shields.py) find exactly
them; generated boards with shields compare the three at the end.
"""

from __future__ import annotations

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.minimax import reference_verify
from strategies import SHIELD_LINES, TURN_PREVENTION_LINES, examples, pump_boards, shield_boards, with_shields

import pysolver
from pysolver.errors import InputError
from pysolver.files.cards import parse_pool
from pysolver.files.loader import situation_from_data
from pysolver.model.abilities import NotModelled, parse_ability_line


def bob_mana(s_data: dict, mana: str) -> dict:
    return {**s_data, "players": [{"name": "alice"}, {"name": "bob", "mana": mana}]}


# --- the lines (docs/abilities.md), as real cards print them ------------------------------------

@pytest.mark.parametrize("line, name, kind", [  # real oracle lines (the corpus of issue 23), then a form
    ("{1}{B}{G}: Regenerate Trestle Troll.", "Trestle Troll", "regenerate"),
    ("{B}: Regenerate Drudge Skeletons.", "Drudge Skeletons", "regenerate"),
    ("Prevent all combat damage that would be dealt to Everdawn Champion.", "Everdawn Champion",
     "prevent_combat_damage_to"),
    ("Prevent all damage that would be dealt to Dawn Elemental.", "Dawn Elemental", "prevent_damage_to"),
    ("Prevent all damage that would be dealt to Cho-Manno, Revolutionary.", "Cho-Manno, Revolutionary",
     "prevent_damage_to"),
    ("Prevent all damage that would be dealt to Champion Lancer by creatures.", "Champion Lancer",
     "prevent_damage_to"),
    ("Prevent all combat damage that would be dealt to and dealt by Fog Bank.", "Fog Bank",
     "prevent_combat_damage_to_and_by"),
    ("Prevent all combat damage that would be dealt by ~.", None, "prevent_combat_damage_by"),
    ("{2}{G}: Regenerate this creature.", None, "regenerate"),
])
def test_701_19a_615_1a_real_lines_parse(line: str, name: str | None, kind: str) -> None:
    (a,) = parse_ability_line(line, name)
    assert a.kind == kind and a.term == kind


def test_701_19a_regenerate_cost_is_its_mana() -> None:
    (a,) = parse_ability_line("{1}{B}{G}: Regenerate Trestle Troll.", "Trestle Troll")
    assert str(a.value.cost) == "{1}{B}{G}"  # type: ignore[attr-defined]


@pytest.mark.parametrize("line", ["Exile a creature card from your graveyard: Regenerate ~.",
                                  "{Q}: Regenerate this creature", "Remove a -1/-1 counter from ~: Regenerate ~.",
                                  "{0}: Regenerate ~"])
def test_602_1a_regenerate_with_other_costs_is_not_modelled(line: str) -> None:
    with pytest.raises(NotModelled):
        parse_ability_line(line, None)


def test_602_1a_an_unmodelled_regenerate_line_in_a_file_is_an_input_error() -> None:
    with pytest.raises(InputError) as exc:
        board(creature("y", "bob", 2, 2, "Exile a creature card from your graveyard: Regenerate ~."))
    assert exc.value.field == "permanents[0].abilities[0]" and "602.1a" in exc.value.message


def test_701_19a_a_real_card_regenerates_with_its_oracle_text() -> None:
    """Trestle Troll's oracle text (Scryfall form): its regeneration is modelled, paid from bob's mana."""
    troll = {"object": "card", "layout": "normal", "name": "Trestle Troll", "type_line": "Creature — Troll",
             "colors": ["B", "G"], "power": "1", "toughness": "4",
             "oracle_text": "Defender\nReach\n{1}{B}{G}: Regenerate Trestle Troll."}
    data = bob_mana(board(creature("x", "alice", 5, 5), attackers={"x": "bob"}).to_data(), "{1}{B}{G}")
    data["permanents"].append({"id": "troll", "controller": "bob", "card": "Trestle Troll"})
    s = pysolver.load_data(data, parse_pool([troll], "cards.json"))
    assert not s.permanent("troll").unmodelled and s.permanent("troll").has("regenerate")
    # unblocked: 5 to bob; blocked: the troll dies, or bob pays {1}{B}{G} and it regenerates
    assert agreed_outcomes(s) == {outcome(bob=15), outcome(destroyed=("troll",), damage={"x": 1}),
                                  outcome(damage={"x": 1})}


# --- regeneration_shields (docs/situation.md) ----------------------------------------------------

@pytest.mark.parametrize("value, problem", [(-1, "between 0 and 1000000"), ("1", "an integer"), (True, "an integer")])
def test_regeneration_shields_bad_values_are_input_errors(value: object, problem: str) -> None:
    with pytest.raises(InputError) as exc:
        board(creature("y", "bob", 2, 2, regeneration_shields=value))
    assert exc.value.field == "permanents[0].regeneration_shields" and problem in exc.value.message


def test_regeneration_shields_round_trip() -> None:
    s = board(creature("y", "bob", 2, 2, regeneration_shields=2), creature("z", "bob"))
    assert s.permanent("y").to_data()["regeneration_shields"] == 2
    assert "regeneration_shields" not in s.permanent("z").to_data()
    assert situation_from_data(s.to_data()) == s


# --- 701.19a: a regeneration shield replaces destruction ------------------------------------------

def test_701_19a_a_shielded_blocker_dealt_lethal_damage_is_regenerated() -> None:
    """A 2/2 blocker with a shield, dealt 3: regenerated (not destroyed, its damage removed)."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 2, regeneration_shields=1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 2})}


def test_701_19a_a_regenerated_creature_is_an_outcome_like_an_untouched_one() -> None:
    """An outcome lists no regeneration (docs/results.md): the 0/1 blocker regenerated from the 1/1's
    damage, with no damage left, is the outcome of not attacking at all, listed once (the one
    projected program of a one-step combat, SPEC §3)."""
    s = board(creature("x", "alice", 1, 1, regeneration_shields=1), creature("y", "bob", 0, 1, regeneration_shields=1))
    assert agreed_outcomes(s) == {outcome(), outcome(bob=19)}


def test_701_19a_regenerate_is_activated_with_its_mana_in_a_window() -> None:
    """"{G}: Regenerate ~" with {G}: bob regenerates the blocker, or not (602.2: his choice)."""
    data = bob_mana(board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 2, "{G}: Regenerate ~"),
                          attackers={"x": "bob"}, blockers={"y": ["x"]}).to_data(), "{G}")
    s = situation_from_data(data)
    assert agreed_outcomes(s) == {outcome(damage={"x": 2}), outcome(destroyed=("y",), damage={"x": 2})}
    (saved,) = [o for o in pysolver.outcomes(s) if not o["destroyed"]]
    assert saved["line"]["activations"] == [{"window": "after_blockers", "permanent": "y", "times": 1}]


def test_602_2b_regenerate_needs_its_mana() -> None:
    """Without {G} nothing pays for the shield: the blocker is destroyed."""
    data = bob_mana(board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 2, "{G}: Regenerate ~"),
                          attackers={"x": "bob"}, blockers={"y": ["x"]}).to_data(), "{R}")
    assert agreed_outcomes(situation_from_data(data)) == {outcome(destroyed=("y",), damage={"x": 2})}


@pytest.mark.parametrize("times, legal", [(1, True), (2, False)])
def test_602_2b_check_judges_declared_regenerate_activations(times: int, legal: bool) -> None:
    """`check`: "{G}: Regenerate ~" activated twice with one {G} breaks 602.2b."""
    data = bob_mana(board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 2, "{G}: Regenerate ~"),
                          attackers={"x": "bob"}, blockers={"y": ["x"]}).to_data(), "{G}")
    data["combat"]["activations"] = [{"window": "after_blockers", "permanent": "y", "times": times}]
    verdict = pysolver.check(situation_from_data(data))
    assert verdict["legal"] is legal and {v["rule"] for v in verdict["violations"]} <= {"602.2b"}


def test_701_19a_506_4_regenerated_in_the_first_strike_step_deals_no_regular_damage() -> None:
    """A first striker kills the shielded blocker's toughness first: it regenerates, is removed from
    combat (506.4) and deals no damage in the regular step (510.1)."""
    s = board(creature("x", "alice", 3, 3, "First strike"), creature("y", "bob", 2, 2, regeneration_shields=1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome()}


def test_701_19a_506_4_a_regenerated_attacker_deals_no_regular_damage() -> None:
    s = board(creature("x", "alice", 2, 2, regeneration_shields=1), creature("y", "bob", 3, 3, "First strike"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome()}


@pytest.mark.parametrize("trample, bob", [((), 20), (("Trample",), 18)])
def test_509_1h_the_attacker_of_a_regenerated_blocker_stays_blocked(trample: tuple[str, ...], bob: int) -> None:
    """A double striker regenerates its blocker in the first-strike step (all its 2 to the blocker:
    lethal damage first, 702.19b); in the regular step it is still blocked (509.1h): no damage to
    bob, unless it tramples (702.19d: with no blocker left, all of it to the player)."""
    s = board(creature("x", "alice", 2, 2, "Double strike", *trample),
              creature("y", "bob", 2, 2, regeneration_shields=1), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(bob=bob)}


def test_701_19a_506_4_a_pump_that_makes_damage_lethal_regenerates_an_unblocked_attacker() -> None:
    """An unblocked 2/2 with 1 damage: "+1/-1" makes its damage lethal (704.5g); with a shield it is
    regenerated instead and removed from combat (506.4), so it deals no damage: a third outcome
    beside dealing 2 (no pump) and dying (the pump alone)."""
    s = board(creature("x", "alice", 2, 2, "{1}: ~ gets +1/-1 until end of turn", "{G}: Regenerate ~", damage=1),
              mana="{1}{G}", attackers={"x": "bob"}, blockers={})
    assert agreed_outcomes(s) == {outcome(bob=18, damage={"x": 1}), outcome(destroyed=("x",)), outcome()}


@pytest.mark.parametrize("blockers", [None, {}])
def test_701_19a_a_creature_out_of_combat_regenerated_from_its_own_pump(blockers: dict | None) -> None:
    """bob's 2/2 with 1 damage does not block; its "+1/-1" makes the damage lethal (704.5g) and a
    shield made first regenerates it: alive with no damage, an outcome of its own (in the window
    after attackers as after blockers)."""
    s = board(creature("x", "alice", 2, 2),
              creature("y", "bob", 2, 2, "{1}: ~ gets +1/-1 until end of turn", "{G}: Regenerate ~", damage=1),
              attackers={"x": "bob"}, blockers=blockers)
    s = situation_from_data(bob_mana(s.to_data(), "{1}{G}"))
    assert outcome(bob=18) in agreed_outcomes(s)


def test_704_5h_deathtouch_damage_is_regenerated_too() -> None:
    s = board(creature("x", "alice", 1, 1, "Deathtouch"), creature("y", "bob", 0, 3, regeneration_shields=1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome()}


def test_704_5f_toughness_zero_is_not_destruction() -> None:
    """Wither puts -1/-1 counters: a toughness of 0 puts the creature into the graveyard, and a
    regeneration shield can't save it (704.5f is no destruction, 701.19a)."""
    s = board(creature("x", "alice", 2, 2, "Wither"), creature("y", "bob", 0, 2, regeneration_shields=1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("y",))}


@pytest.mark.parametrize("power, want", [
    (1, outcome(minus_counters={"a": 1})),  # 1 counter: toughness 1, 1 damage marked: 704.5g, regenerated
    (5, outcome(destroyed=("a",))),         # 5 counters, beyond lethal damage: toughness -3, 704.5f
])
def test_704_5f_120_3d_wither_counters_beyond_lethal_damage_count_for_a_regenerated_creature(
        power: int, want: str) -> None:
    """A 0/2 first striker with 1 damage and a shield, blocked by a wither creature: all the -1/-1
    counters count, however far beyond lethal damage (a regenerated creature is not gone)."""
    s = board(creature("a", "alice", 0, 2, "First strike", damage=1, regeneration_shields=1),
              creature("b", "bob", power, 2, "Wither"), attackers={"a": "bob"}, blockers={"b": ["a"]})
    assert agreed_outcomes(s) == {want}


def test_702_12b_an_indestructible_creature_uses_no_shield() -> None:
    """Indestructible: not destroyed, so not regenerated: it stays in combat, is dealt 2 in each step
    and deals its regular damage (a regenerated one would have been removed from combat, 506.4)."""
    s = board(creature("x", "alice", 2, 2, "Double strike"),
              creature("y", "bob", 2, 2, "Indestructible", regeneration_shields=1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("x",), damage={"y": 4})}


def test_701_19a_704_5g_lethal_damage_marked_as_the_situation_starts_is_regenerated() -> None:
    """Lethal damage marked before combat with a shield: regenerated at once (704.3): tapped, it can't
    block (509.1a), and it keeps no damage."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 2, 2, damage=2, regeneration_shields=1),
              attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18)}


# --- 615.1a: prevention --------------------------------------------------------------------------

def test_615_1a_combat_damage_to_a_creature_is_prevented_and_trample_still_assigns_lethal() -> None:
    """702.19b, 510.1c: the trampler assigns lethal damage to the blocker first, ignoring prevention
    (702.19b), then the rest may go to bob; the blocker takes none of it."""
    s = board(creature("x", "alice", 3, 3, "Trample"),
              creature("y", "bob", 1, 2, "Prevent all combat damage that would be dealt to ~"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(bob=19, damage={"x": 1}), outcome(damage={"x": 1})}


def test_615_1a_702_15b_prevented_damage_gives_no_lifelink_life() -> None:
    s = board(creature("x", "alice", 2, 2, "Lifelink", "Prevent all combat damage that would be dealt by ~"),
              creature("y", "bob", 1, 3), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 1})}


def test_615_1a_702_2b_prevented_deathtouch_damage_destroys_nothing() -> None:
    s = board(creature("x", "alice", 1, 1, "Deathtouch"),
              creature("y", "bob", 0, 3, "Prevent all combat damage that would be dealt to and dealt by ~"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome()}


def test_615_1a_120_3b_prevented_infect_damage_gives_no_poison() -> None:
    s = board(creature("x", "alice", 2, 2, "Infect", "Prevent all combat damage that would be dealt by ~"),
              attackers={"x": "bob"}, blockers={})
    assert agreed_outcomes(s) == {outcome()}


def test_615_1a_combat_damage_by_the_blocker_is_prevented() -> None:
    s = board(creature("x", "alice", 2, 2),
              creature("y", "bob", 3, 3, "Prevent all combat damage that would be dealt by ~"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"y": 2})}


def test_615_1a_all_damage_to_it_is_prevented_also_a_death_triggers() -> None:
    """"Prevent all damage that would be dealt to ~" prevents the damage of a death trigger too
    (603.10a): alice's trigger may target y, and nothing happens to it; the 1/1 w dies."""
    s = board(creature("z", "alice", 1, 1, "When ~ dies, it deals 3 damage to any target"),
              creature("y", "bob", 0, 2, "Prevent all damage that would be dealt to ~"), creature("w", "bob", 1, 1),
              attackers={"z": "bob"}, blockers={"w": ["z"]})
    # z and w trade; the trigger hits bob (17), w (already gone: not a target), alice, or y (prevented).
    assert agreed_outcomes(s) == {outcome(destroyed=("w", "z"), bob=17), outcome(destroyed=("w", "z"), alice=17),
                          outcome(destroyed=("w", "z"))}


def test_602_2_lines_with_regenerate_and_pump_activations_replay_to_their_outcomes() -> None:
    """Each outcome's `line` (its activations numbered among pumps and regenerate abilities together)
    pushed move by move on the game tree reaches that outcome."""
    from pysolver.rules.combat import outcome as end
    from pysolver.scale.invariants import replay
    data = bob_mana(board(creature("x", "alice", 3, 3),
                          creature("y", "bob", 2, 2, "{G}: Regenerate ~", "{G}: ~ gets +1/+0 until end of turn"),
                          attackers={"x": "bob"}, blockers={"y": ["x"]}).to_data(), "{G}{G}")
    s = situation_from_data(data)
    got = list(pysolver.outcomes(s))
    assert any(a.get("ability") == 1 for o in got for a in o["line"]["activations"])
    for o in got:
        assert end(replay(s, o["line"]).s).to_json() == {k: v for k, v in o.items() if k != "line"}, o
    # with {G}{G} bob may regenerate y, pump it to kill x (613.4c), both, or neither
    assert agreed_outcomes(s) == {outcome(destroyed=("y",), damage={"x": 2}), outcome(damage={"x": 2}),
                          outcome(destroyed=("x", "y")), outcome(destroyed=("x",))}


# --- verify (docs/verify.md): the shield is the defence's move -----------------------------------

@pytest.mark.parametrize("mana, holds", [("{G}", False), ("{R}", True)])
def test_701_19a_verify_regeneration_is_a_move_of_its_controller(mana: str, holds: bool) -> None:
    """alice's 3/3 is blocked by bob's 2/2 with "{G}: Regenerate ~": with {G} bob regenerates it and
    alice can't force its destruction; without, she can."""
    data = bob_mana(board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 2, "{G}: Regenerate ~"),
                          attackers={"x": "bob"}, blockers={"y": ["x"]}).to_data(), mana)
    assert pysolver.verify(situation_from_data({**data, "goal": {"destroy": ["y"]}}))["holds"] is holds


def test_615_1a_verify_no_lethal_through_a_prevented_attacker() -> None:
    """bob at 3: an unblocked 3/3 whose combat damage is prevented can't make lethal (615.1a)."""
    s = board(creature("x", "alice", 3, 3, "Prevent all combat damage that would be dealt by ~"), bob=3,
              attackers={"x": "bob"}, blockers={}, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is False


# --- generated boards: the fights, the walk and the reference agree --------------------------------

@settings(max_examples=8, deadline=None)
@given(with_shields(pump_boards("blockers")))
def test_shields_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    agreed_outcomes(pysolver.load_data(data))


@settings(max_examples=4, deadline=None)
@given(with_shields(outcome_boards("attackers")))
def test_shields_after_attacks_fights_walk_and_reference_agree(data: dict) -> None:
    agreed_outcomes(pysolver.load_data(data))


@settings(max_examples=6, deadline=None)
@given(shield_boards())
def test_shields_with_toughness_pumps_and_death_triggers_agree(data: dict) -> None:
    agreed_outcomes(pysolver.load_data(data))


@st.composite
def tiny_shield_boards(draw: st.DrawFn) -> pysolver.Situation:
    """One or two creatures a side, some with a shield line or shields, a little mana, a goal."""
    def tiny(pid: str, controller: str) -> dict:
        d = creature(pid, controller, draw(st.integers(0, 3)), draw(st.integers(1, 3)),
                     *draw(st.lists(st.sampled_from(["First strike", "Trample", "Deathtouch", "Lifelink",
                                                     *SHIELD_LINES]), max_size=2, unique=True)))
        if draw(st.integers(0, 3)) == 0:
            d["regeneration_shields"] = 1
        return d
    mine = [tiny(f"a{i}", "alice") for i in range(draw(st.integers(1, 2)))]
    theirs = [tiny(f"b{i}", "bob") for i in range(draw(st.integers(1, 2)))]
    goal = draw(st.sampled_from([{"lethal": "bob"}, {"destroy": ["b0"]}, {"survive": ["a0"]}]))
    data = board(*mine, *theirs, bob=draw(st.integers(1, 4)), goal=goal).to_data()
    data["players"][0]["mana"], data["players"][1]["mana"] = draw(st.sampled_from(["", "{G}", "{1}"])), \
        draw(st.sampled_from(["", "{G}", "{1}{G}"]))
    return situation_from_data(data)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_shield_boards())
def test_shields_verify_equals_brute_force_minimax(s: pysolver.Situation) -> None:
    assert pysolver.verify(s)["holds"] is reference_verify(s)


def test_615_7_a_sacrificed_sources_shield_is_made_as_the_ability_resolves() -> None:
    """701.21a, 405.1: the source is sacrificed as the cost is paid and the ability waits on the stack; as it
    resolves (608.2) bob gets the shield (615.7): alice's 2/2 then deals him nothing."""
    from pysolver.game import gametree as gt
    from pysolver.model.moves import AbilityActivation, Pass

    s = board(creature("x", "alice", 2, 2),
              creature("s", "bob", 1, 1, "Sacrifice ~: Prevent the next 2 damage that would be dealt to any target "
                                         "this turn"), attackers={"x": "bob"})
    p = gt.root(s).push(Pass(gt.Stage.AFTER_ATTACKERS, "alice"))
    p = p.push(next(m for m in p.legal_moves if isinstance(m, AbilityActivation) and m.target == "bob"))
    assert p.s.permanent("s").left_battlefield and p.stack
    while p.stack:
        p = p.push(Pass(p.stage, p.name()))
    assert p.s.player("bob").prevention_shield == 2
    assert agreed_outcomes(s) >= {outcome(destroyed=("s",)), outcome(bob=18)}


# --- 615.1a: a prevention effect for the turn, from an activated ability ------------------------

@pytest.mark.parametrize("name, line, kind, keyword", [  # real oracle lines (the corpus of issue 23)
    ("Trained Pronghorn", "Discard a card: Prevent all damage that would be dealt to Trained Pronghorn this turn.",
     "pump", "prevent_damage_to"),
    ("Songstitcher", "{1}{W}: Prevent all combat damage that would be dealt this turn by target attacking creature "
                     "with flying.", "target_pump", "prevent_combat_damage_by")])
def test_615_1a_real_prevention_for_the_turn_lines_parse(name: str, line: str, kind: str, keyword: str) -> None:
    (a,) = parse_ability_line(line, name)
    assert a.kind == kind and a.value.keywords == (keyword,)


@pytest.mark.parametrize("mana, want", [
    ("{G}", {outcome(destroyed=("y",), damage={"x": 1}), outcome(damage={"x": 1})}),
    ("{R}", {outcome(destroyed=("y",), damage={"x": 1})})])
def test_615_1a_prevent_all_damage_to_itself_this_turn(mana: str, want: set) -> None:
    """Trained Pronghorn's "{cost}: Prevent all damage that would be dealt to ~ this turn": with {G} bob
    prevents the 3 damage alice's 3/3 deals his 1/1 blocker (615.1a), which still deals its 1; without, it dies."""
    s = situation_from_data(bob_mana(board(
        creature("x", "alice", 3, 3),
        creature("y", "bob", 1, 1, "{G}: Prevent all damage that would be dealt to ~ this turn"),
        attackers={"x": "bob"}, blockers={"y": ["x"]}).to_data(), mana))
    assert agreed_outcomes(s) == want


@pytest.mark.parametrize("flying, want", [
    (("Flying",), {outcome(bob=18), outcome()}),
    ((), {outcome(bob=18)})])
def test_615_1a_115_1_prevent_combat_damage_by_target_attacking_flyer(flying: tuple[str, ...], want: set) -> None:
    """Songstitcher's "{1}{W}: Prevent all combat damage that would be dealt this turn by target attacking
    creature with flying": bob may prevent the 2 of alice's unblocked flyer (615.1a); a creature without
    flying is no legal target (115.1, 601.2c)."""
    s = situation_from_data(bob_mana(board(
        creature("x", "alice", 2, 2, *flying),
        creature("s", "bob", 1, 1, "{1}{W}: Prevent all combat damage that would be dealt this turn by target "
                                   "attacking creature with flying"),
        attackers={"x": "bob"}, blockers={}).to_data(), "{1}{W}"))
    assert agreed_outcomes(s) == want


def test_615_1a_a_prevention_for_the_turn_round_trips_in_keywords_until_end_of_turn() -> None:
    """docs/situation.md: the prevention a resolved ability left is written as its static line and read back;
    it prevents the blocker's damage (615.1a)."""
    s = board(creature("x", "alice", 2, 2, keywords_until_end_of_turn=["Prevent all combat damage that would be "
                                                                        "dealt to ~"]),
              creature("y", "bob", 3, 3), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert s.permanent("x").keywords_until_end_of_turn == ("prevent_combat_damage_to",)
    assert situation_from_data(s.to_data()) == s
    assert agreed_outcomes(s) == {outcome(damage={"y": 2})}


def test_616_1_a_prevention_for_the_turn_beside_a_shield_outside_combat_damage_is_refused() -> None:
    """A death trigger's damage (603.10a) to a creature with a prevention shield (615.7) that an ability may
    give "Prevent all damage that would be dealt to ~ this turn": the order of both is the controller's
    (616.1), modelled for combat damage only."""
    with pytest.raises(InputError, match="616.1"):
        board(creature("x", "alice", 1, 1, "When ~ dies, it deals 2 damage to any target"),
              creature("y", "bob", 1, 1, "{1}: Prevent all damage that would be dealt to ~ this turn",
                       prevention_shield=1))


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(pump_boards("blockers"), TURN_PREVENTION_LINES))
def test_prevention_for_the_turn_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    """615.1a: activated "Prevent all … damage … this turn" on generated boards (pump_boards: a little mana)."""
    agreed_outcomes(pysolver.load_data(data))
