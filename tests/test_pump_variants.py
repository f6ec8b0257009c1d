"""Keywords given until end of turn by pumps (613.1f, layer 6; 611.2a), one test per rule.

"{cost}: ~ gains <keyword> until end of turn", "{cost}: ~ gets +X/+Y and gains <keyword> …" and
"{cost}: Creatures you control gain <keyword> …" (docs/abilities.md). Each outcome test states the
expected set by hand and checks that the fight-by-fight path, the walk
(``outcome_values(s, split=False)``) and the brute-force reference (tests/reference/outcomes.py) find
it; the differential tests compare them on generated boards (tests/strategies.py ``grant_boards``),
and ``verify`` with the literal-stack minimax (tests/reference/minimax.py).
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, grant_boards, with_statics

import pysolver
from pysolver.errors import InputError
from pysolver.files.loader import situation_from_data
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import NotModelled, UnknownAbilityLine, parse_ability_line

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


def ends(s) -> set[tuple]:
    """(bob's life, alice's life, bob's poison, destroyed) of each outcome; the split and walked
    searches and the reference agree on the whole outcomes, and count_outcomes on their number."""
    split = {canonical(o.to_json()) for o in outcome_values(s)}
    walk = {canonical(o.to_json()) for o in outcome_values(s, split=False)}
    want = {canonical(o) for o in reference_outcomes(s)}
    assert split == walk == want, (sorted(split ^ want)[:2], sorted(walk ^ want)[:2])
    assert pysolver.count_outcomes(s) == len(want)
    return {(o.life_of("bob"), o.life_of("alice"), dict(o.poison).get("bob", 0), o.destroyed)
            for o in outcome_values(s)}


# --- the lines (613.1f; real cards' forms) ---------------------------------------------------------

@pytest.mark.parametrize("line, kind, pt, keywords", [
    ("{U}: Dancing Scimitar gains flying until end of turn", "pump", (0, 0), ("flying",)),  # the name normalised
    ("{2}{W}: ~ gains first strike until end of turn", "pump", (0, 0), ("first_strike",)),
    ("{B}: ~ gains deathtouch until end of turn", "pump", (0, 0), ("deathtouch",)),
    ("{G}{U}: ~ gets +2/+2 and gains flying until end of turn", "pump", (2, 2), ("flying",)),
    ("{8}: ~ gets +5/+5 and gains trample until end of turn", "pump", (5, 5), ("trample",)),
    ("{1}{G}: ~ gets -0/-1 and gains flying until end of turn", "pump", (0, -1), ("flying",)),
    ("{W}: ~ gains vigilance until end of turn", "pump", (0, 0), ("vigilance",)),
    ("{B}: ~ gains infect until end of turn", "pump", (0, 0), ("infect",)),
    ("{1}{W}: Creatures you control gain first strike until end of turn", "team_pump", (0, 0), ("first_strike",)),
    ("{1}{R}{G}: creatures you control get +1/+1 and gain trample until end of turn", "team_pump", (1, 1),
     ("trample",)),
    ("{2}: ~ gains mountainwalk until end of turn", "pump", (0, 0), ("mountainwalk",)),  # 702.14a
    ("{1}{B}{B}: ~ gets -3/-0 and gains forestwalk until end of turn", "pump", (-3, 0), ("forestwalk",)),
])
def test_613_1f_grant_lines_parse(line, kind, pt, keywords) -> None:
    """613.1f: the real forms parse into pumps that give their keyword (the catalogue's 'activated' group)."""
    (a,) = parse_ability_line(line, "Dancing Scimitar")
    assert (a.kind, (a.value.power, a.value.toughness), a.value.keywords) == (kind, pt, keywords)


@pytest.mark.parametrize("line, problem", [
    ("{W}{W}: ~ gains protection from the color of your choice until end of turn", "protection"),
    ("{0}: ~ gets +0/+1 and gains flying until end of turn", "costs no mana"),  # 602.1, 117.1b (-1/-1: test_costs)
    ("{1}: target creature gains shroud until end of turn", "shroud"),  # 115.1 targets are read; 608.2b
])
def test_613_1f_grants_not_modelled_are_refused_with_their_reason(line, problem) -> None:
    with pytest.raises(NotModelled, match=problem):
        parse_ability_line(line, None)


def test_602_5b_a_grant_with_an_activation_limit_is_not_read() -> None:
    """602.5b: "Activate only once each turn" is a restriction the moves do not count: the line is not understood."""
    with pytest.raises(UnknownAbilityLine):
        parse_ability_line("{G}{U}: ~ gets +2/+2 and gains flying until end of turn. Activate only once each turn",
                           None)


def test_613_1f_a_situation_file_holds_the_keywords_given_and_reads_them() -> None:
    """docs/situation.md `keywords_until_end_of_turn`: written and read back; a flyer given flying can't be
    blocked by a creature without flying or reach (702.9b), which `check` says."""
    s = board(creature("x", "alice", 2, 2, keywords_until_end_of_turn=["Flying"]), creature("y", "bob", 2, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert s.permanent("x").keywords_until_end_of_turn == ("flying",)
    assert s.permanent("x").to_data()["keywords_until_end_of_turn"] == ["Flying"]
    assert situation_from_data(s.to_data()) == s
    assert "702.9b" in {v["rule"] for v in pysolver.check(s)["violations"]}


@pytest.mark.parametrize("value", [["Defender"], ["Flyng"], "Flying"])
def test_keywords_until_end_of_turn_bad_values_are_input_errors(value) -> None:
    with pytest.raises(InputError) as exc:
        board(creature("x", "alice", keywords_until_end_of_turn=value))
    assert exc.value.field.startswith("permanents[0].keywords_until_end_of_turn")


# --- each keyword's rule, read as given ------------------------------------------------------------

def test_702_9b_flying_given_before_blocks_stops_a_block() -> None:
    """702.9b: given flying after attackers are declared, x can't be blocked by y (no flying or reach): with
    {U}, alice can deal bob 2 whatever bob does; bob can still block a flyer-to-be (alice may not pay)."""
    s = board(creature("x", "alice", 2, 2, "{U}: ~ gains flying until end of turn"), creature("y", "bob", 2, 2),
              attackers={"x": "bob"}, mana="{U}", goal={"lethal": "bob"}, bob=2)
    assert ends(s) == {(0, 20, 0, ()), (2, 20, 0, ("x", "y"))}
    assert pysolver.verify(s)["holds"] is True
    assert pysolver.verify(board(*s.to_data()["permanents"], attackers={"x": "bob"}, goal={"lethal": "bob"},
                                 bob=2))["holds"] is False  # no {U}: bob blocks


TRAPPER = "{T}: Target creature gains shadow until end of turn."  # Dauthi Trapper


def given_ends(s) -> set[tuple]:
    """(bob's life, destroyed) of each outcome the fight split finds, which the reference finds too (the
    generated boards of tests/test_activated_targets.py compare the walk; this keeps these tests cheap)."""
    found = list(outcome_values(s))
    assert {canonical(o.to_json()) for o in found} == {canonical(o) for o in reference_outcomes(s)}
    return {(o.life_of("bob"), o.destroyed) for o in found}


def test_702_28b_shadow_given_to_an_attacker_stops_a_block() -> None:
    """702.28b (Dauthi Trapper, 613.1f): given shadow after attackers are declared, x can be blocked only by
    creatures with shadow: alice can deal bob 2 whatever bob does (giving y shadow would stop y's block too);
    bob can still block x if alice does not activate (the lethal goal at bob 2: every outcome but the trade)."""
    trapper = creature("t", "alice", 1, 1, TRAPPER, name="Dauthi Trapper")
    s = board(creature("x", "alice", 2, 2), trapper, creature("y", "bob", 2, 2), attackers={"x": "bob"},
              goal={"lethal": "bob"}, bob=2)
    assert given_ends(s) == {(0, ()), (2, ("x", "y"))}


def test_702_28b_shadow_given_to_a_blocker_lets_it_block_a_shadow_attacker() -> None:
    """702.28b: x has shadow, so y can't block it, until bob's Dauthi Trapper gives y shadow (before blockers
    are declared): then y may block x and trade; alice's lethal no longer holds."""
    trapper = creature("t", "bob", 1, 1, TRAPPER, name="Dauthi Trapper")
    s = board(creature("x", "alice", 2, 2, "Shadow"), trapper, creature("y", "bob", 2, 2), attackers={"x": "bob"},
              goal={"lethal": "bob"}, bob=2)
    assert given_ends(s) == {(0, ()), (2, ("x", "y"))}
    assert pysolver.verify(s)["holds"] is False


def test_702_14c_forestwalk_given_stops_a_block_while_the_defender_controls_a_forest() -> None:
    """702.14c (Ivy Dancer, 613.1f): given forestwalk after attackers are declared, x can't be blocked while bob
    controls a Forest: alice deals bob 2 whatever he does; bob may block if she does not activate. A situation
    file writes the landwalk given as its keyword line and reads it back."""
    forest = {"id": "f", "controller": "bob", "types": ["Land"], "subtypes": ["Forest"]}
    dancer = creature("t", "alice", 1, 1, "{T}: Target creature gains forestwalk until end of turn.", name="Ivy Dancer")
    s = board(creature("x", "alice", 2, 2), dancer, creature("y", "bob", 2, 2), forest, attackers={"x": "bob"},
              goal={"lethal": "bob"}, bob=2)
    assert given_ends(s) == {(0, ()), (2, ("x", "y"))}
    given = board(creature("x", "alice", 2, 2, keywords_until_end_of_turn=["Forestwalk"]), creature("y", "bob"),
                  forest, attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert given.permanent("x").to_data()["keywords_until_end_of_turn"] == ["Forestwalk"]
    assert situation_from_data(given.to_data()) == given
    assert "702.14c" in {v["rule"] for v in pysolver.check(given)["violations"]}
    assert "702.14c" not in {v["rule"] for v in pysolver.check(board(*given.to_data()["permanents"][:2],
                                                                         attackers={"x": "bob"},
                                                                         blockers={"y": ["x"]}))["violations"]}


def test_509_1b_shroud_and_cant_be_blocked_given_by_one_ability() -> None:
    """Cephalid Inkshrouder (702.18a, 509.1b): "Discard a card: ~ gains shroud until end of turn and can't be
    blocked this turn": with a card in hand (701.9) alice makes it unblockable after attacking and forces lethal
    on bob at 2; with none she can't. The reference lists the same outcomes."""
    line = "Discard a card: Cephalid Inkshrouder gains shroud until end of turn and can't be blocked this turn."
    data = {"players": [{"name": "alice", "hand": 1}, {"name": "bob", "life": 2}], "active": "alice",
            "permanents": [creature("x", "alice", 2, 1, line, name="Cephalid Inkshrouder"), creature("y", "bob")],
            "combat": {"attackers": {"x": "bob"}}, "goal": {"lethal": "bob"}}
    s = pysolver.load_data(data)
    assert pysolver.verify(s)["holds"] is True
    assert {canonical(o.to_json()) for o in outcome_values(s)} == {canonical(o) for o in reference_outcomes(s)}
    data["players"][0]["hand"] = 0
    assert pysolver.verify(pysolver.load_data(data))["holds"] is False


def test_702_9b_flying_given_after_blocks_does_not_unblock() -> None:
    """509.1h, 702.9b: flying matters only as blockers are declared; given later, x stays blocked."""
    s = board(creature("x", "alice", 2, 2, "{U}: ~ gains flying until end of turn"), creature("y", "bob", 2, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{U}")
    assert ends(s) == {(20, 20, 0, ("x", "y"))}


def test_510_4_first_strike_given_after_blocks_makes_a_first_strike_step() -> None:
    """510.4, 702.7b: given first strike, x kills y before y deals damage."""
    s = board(creature("x", "alice", 2, 2, "{R}: ~ gains first strike until end of turn"), creature("y", "bob", 2, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{R}")
    assert ends(s) == {(20, 20, 0, ("x", "y")), (20, 20, 0, ("y",))}


def test_702_7c_first_strike_given_between_the_steps_still_deals_regular_damage() -> None:
    """702.7c, 510.4: f's first strike makes a first-strike step; x given first strike before it kills y
    first, but given it between the steps x had neither first strike nor double strike as the first step
    began, so it deals its damage in the regular step, as y does (both die: never x alone)."""
    s = board(creature("f", "alice", 1, 1, "First strike"),
              creature("x", "alice", 2, 2, "{R}: ~ gains first strike until end of turn"), creature("y", "bob", 2, 2),
              attackers={"f": "bob", "x": "bob"}, blockers={"y": ["x"]}, mana="{R}")
    assert ends(s) == {(19, 20, 0, ("x", "y")), (19, 20, 0, ("y",))}



def test_702_4b_double_strike_given_deals_damage_in_both_steps() -> None:
    """702.4b: unblocked x with double strike deals 2 in each step."""
    s = board(creature("x", "alice", 2, 2, "{R}: ~ gains double strike until end of turn"),
              attackers={"x": "bob"}, blockers={}, mana="{R}")
    assert ends(s) == {(18, 20, 0, ()), (16, 20, 0, ())}


def test_702_2b_deathtouch_given_kills_the_blocker() -> None:
    """702.2b: any damage from a source with deathtouch is lethal."""
    s = board(creature("x", "alice", 1, 1, "{B}: ~ gains deathtouch until end of turn"), creature("y", "bob", 4, 4),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{B}")
    assert ends(s) == {(20, 20, 0, ("x",)), (20, 20, 0, ("x", "y"))}


def test_702_15b_lifelink_given_gains_its_controller_life() -> None:
    s = board(creature("x", "alice", 2, 2, "{W}: ~ gains lifelink until end of turn"),
              attackers={"x": "bob"}, blockers={}, mana="{W}")
    assert ends(s) == {(18, 20, 0, ()), (18, 22, 0, ())}


def test_702_19b_trample_given_with_a_pump_assigns_past_the_blocker() -> None:
    """702.19b: 4/4 trample after "+1/+1 and gains trample": lethal 2 to y, the rest anywhere (bob 18, 19, 20)."""
    s = board(creature("x", "alice", 3, 3, "{G}: ~ gets +1/+1 and gains trample until end of turn"),
              creature("y", "bob", 2, 2), attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{G}")
    assert ends(s) == {(20, 20, 0, ("y",)), (19, 20, 0, ("y",)), (18, 20, 0, ("y",))}


def test_702_90b_infect_given_gives_poison_counters() -> None:
    s = board(creature("x", "alice", 2, 2, "{B}: ~ gains infect until end of turn"),
              attackers={"x": "bob"}, blockers={}, mana="{B}")
    assert ends(s) == {(18, 20, 0, ()), (20, 20, 2, ())}


def test_702_12b_indestructible_given_survives_lethal_damage() -> None:
    s = board(creature("x", "alice", 2, 2, "{1}: ~ gains indestructible until end of turn"), creature("y", "bob", 3, 3),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{C}")
    assert ends(s) == {(20, 20, 0, ("x",)), (20, 20, 0, ())}


def test_702_12b_indestructible_given_keeps_any_damage_over_both_steps() -> None:
    """702.12b, 704.5g: given indestructible, x keeps the 3 damage of y's first-strike step and the 3 of its
    regular step (6 marked on a 0/2: a step program must not take its damage as one of 0..1)."""
    s = board(creature("x", "alice", 0, 2, "{1}: ~ gains indestructible until end of turn"),
              creature("y", "bob", 3, 3, "Double strike"), attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{C}")
    assert ends(s) == {(20, 20, 0, ("x",)), (20, 20, 0, ())}
    assert {tuple(o["damage"].items()) for o in pysolver.outcomes(s)} == {(), (("x", 6),)}


def test_702_20b_vigilance_matters_only_as_attackers_are_declared() -> None:
    """702.20b, 508.1f, 602.5a: given vigilance before attacking, x attacks untapped and can pay {T} for its
    +2/+0 (bob at 16); given it after attacking, x stays tapped (bob at 18 only)."""
    lines = ("{W}: ~ gains vigilance until end of turn", "{T}: ~ gets +2/+0 until end of turn")
    s = board(creature("x", "alice", 2, 2, *lines), mana="{W}")
    assert {life for life, *_ in ends(s)} == {20, 18, 16}
    attacked = board(creature("x", "alice", 2, 2, *lines), attackers={"x": "bob"}, mana="{W}")
    assert ends(attacked) == {(18, 20, 0, ())}
    after = pysolver.load_data(attacked.to_data()).game()
    (move,) = [m for m in after.legal_moves if type(m).__name__ == "Activation"]
    after = after.push(move)
    assert after.s.permanent("x").tapped and after.s.permanent("x").keywords_until_end_of_turn == ("vigilance",)


def test_702_10b_haste_given_lets_a_summoning_sick_creature_attack() -> None:
    """702.10b, 302.6: with {R}, the summoning-sick x may be given haste and attack."""
    x = creature("x", "alice", 2, 2, "{R}: ~ gains haste until end of turn", summoning_sick=True)
    assert {life for life, *_ in ends(board(x, mana="{R}"))} == {20, 18}
    assert {life for life, *_ in ends(board(x))} == {20}


def test_608_2h_a_team_grant_gives_every_creature_its_controller_controls() -> None:
    """608.2h, 613.1f: "Creatures you control gain first strike" on z (not in combat) reaches x in combat."""
    s = board(creature("x", "alice", 2, 2), creature("z", "alice", 0, 1,
                                                     "{W}: Creatures you control gain first strike until end of turn"),
              creature("y", "bob", 2, 2), attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{W}")
    assert ends(s) == {(20, 20, 0, ("x", "y")), (20, 20, 0, ("y",))}


def test_fights_a_grant_stays_in_its_fight() -> None:
    """Two fights (issue 21): first strike given in one makes a first-strike step for the combat (510.4); the
    other fight's creatures deal their damage in the regular step. The split, the walk and the reference agree."""
    s = board(creature("x", "alice", 2, 2, "{R}: ~ gains first strike until end of turn"), creature("y", "bob", 2, 2),
              creature("w", "alice", 1, 1), creature("v", "bob", 1, 1),
              attackers={"x": "bob", "w": "bob"}, blockers={"y": ["x"], "v": ["w"]}, mana="{R}")
    assert ends(s) == {(20, 20, 0, ("v", "w", "x", "y")), (20, 20, 0, ("v", "w", "y"))}


def test_goals_a_trample_grant_is_in_no_bound() -> None:
    """702.19b: bob at 5 life behind a 0/1 wall is out of reach of a 5/5 but not of one that may become a 6/6
    trampler; verify and the minimax agree."""
    from reference.minimax import reference_verify

    s = board(creature("x", "alice", 5, 5, "{G}: ~ gets +1/+1 and gains trample until end of turn"),
              creature("w", "bob", 0, 1), attackers={"x": "bob"}, blockers={"w": ["x"]}, mana="{G}", bob=5,
              goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is True is reference_verify(s)


def test_check_judges_a_declared_grant_before_blocks() -> None:
    """702.9b with `combat.activations` (602.2): flying given after attackers makes y's block illegal."""
    x = creature("x", "alice", 2, 2, "{U}: ~ gains flying until end of turn")
    given = [{"window": "after_attackers", "permanent": "x", "times": 1}]
    s = board(x, creature("y", "bob", 2, 2), attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{U}",
              activations=given)
    assert "702.9b" in {v["rule"] for v in pysolver.check(s)["violations"]}
    plain = board(x, creature("y", "bob", 2, 2), attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{U}")
    assert pysolver.check(plain)["legal"] is True


# --- activation limits (602.5b) --------------------------------------------------------------------

@pytest.mark.parametrize("line, limit", [
    ("{1}{G}: ~ gets +2/+2 until end of turn. Activate this ability only once each turn", 1),
    ("{B}: ~ gets +1/+0 until end of turn. Activate this ability no more than twice each turn", 2),
    ("{2}: ~ gets +1/+0 until end of turn. Activate this ability no more than three times each turn", 3),
    ("{G}{U}: ~ gets +2/+2 and gains flying until end of turn. Activate this ability only once each turn", 1),
    ("{W}: Creatures you control get +1/+1 until end of turn. Activate this ability only once each turn", 1),
])
def test_602_5b_limit_lines_parse(line, limit) -> None:
    (a,) = parse_ability_line(line, None)
    assert a.value.limit == limit


@pytest.mark.parametrize("line, mana, done, lives", [
    ("{R}: ~ gets +1/+0 until end of turn. Activate this ability only once each turn", "{R}{R}", None, {18, 17}),
    ("{R}: ~ gets +1/+0 until end of turn", "{R}{R}", None, {18, 17, 16}),  # no limit: as the mana lasts
    ("{R}: ~ gets +1/+0 until end of turn. Activate this ability only once each turn", "{R}{R}", [1], {18}),
    ("{R}: ~ gets +1/+0 until end of turn. Activate this ability no more than twice each turn", "{R}{R}{R}", None,
     {18, 17, 16}),
    ("{R}: ~ gets +1/+0 until end of turn. Activate this ability no more than twice each turn", "{R}{R}{R}", [1],
     {18, 17}),
])
def test_602_5b_an_ability_is_activated_no_more_than_its_limit(line, mana, done, lives) -> None:
    """602.5b: the limit counts this turn's activations of the ability, the file's `activations_this_turn`
    first (docs/situation.md)."""
    extra = {} if done is None else {"activations_this_turn": done}
    s = board(creature("x", "alice", 2, 2, line, **extra), attackers={"x": "bob"}, blockers={}, mana=mana)
    assert {life for life, *_ in ends(s)} == lives


def test_602_5b_the_limit_counts_every_window() -> None:
    """602.5b: "only once each turn": activated after attackers, not again after blockers (bob can't go below 17)."""
    s = board(creature("x", "alice", 2, 2, "{R}: ~ gets +1/+0 until end of turn. Activate this ability only once "
                                           "each turn"), attackers={"x": "bob"}, mana="{R}{R}")
    assert {life for life, *_ in ends(s)} == {18, 17}
    p = pysolver.load_data(s.to_data()).game()
    (once,) = [m for m in p.legal_moves if type(m).__name__ == "Activation"]
    q = p.push(once)
    assert q.s.permanent("x").activations_this_turn == (1,)
    assert situation_from_data(q.s.to_data()).permanent("x") == q.s.permanent("x")  # (the file form of the count)
    assert not [m for m in q.legal_moves if type(m).__name__ == "Activation"]


def test_602_5b_check_judges_the_limit_of_declared_activations() -> None:
    line = "{R}: ~ gets +1/+0 until end of turn. Activate this ability only once each turn"
    twice = [{"window": "after_attackers", "permanent": "x", "times": 1},
             {"window": "after_blockers", "permanent": "x", "times": 1}]
    s = board(creature("x", "alice", 2, 2, line), attackers={"x": "bob"}, blockers={}, mana="{R}{R}",
              activations=twice)
    (v,) = pysolver.check(s)["violations"]
    assert v["rule"] == "602.5b"
    once = board(creature("x", "alice", 2, 2, line), attackers={"x": "bob"}, blockers={}, mana="{R}{R}",
                 activations=twice[:1])
    assert pysolver.check(once)["legal"] is True


@pytest.mark.parametrize("value", [[-1], "1", [True]])
def test_activations_this_turn_bad_values_are_input_errors(value) -> None:
    with pytest.raises(InputError) as exc:
        board(creature("x", "alice", activations_this_turn=value))
    assert exc.value.field.startswith("permanents[0].activations_this_turn")


# --- hybrid mana symbols (107.4e) ----------------------------------------------------------------

@pytest.mark.parametrize("text, pool, spent, n", [
    ("{B/R}", "{R}{R}", "", 2), ("{B/R}", "{B}{R}{G}", "", 2), ("{R/B}", "{B}{R}", "{B}", 1),  # {R/B} paid with {R}
    ("{B}", "{B}{R}", "{B/R}", 1), ("{B}", "{B}{B}", "{B/R}{B/R}", 0), ("{W/U}{W/U}", "{W}{U}{U}{B}", "", 1),
    ("{1}{W/U}", "{W}{B}", "{W/U}", 0), ("{G/W}", "{3}", "", 0),
])
def test_107_4e_a_hybrid_symbol_is_paid_with_either_color(text, pool, spent, n) -> None:
    """107.4e, 601.2h: how many times a cost can still be paid after what was spent, hybrid symbols of either
    (each payment's choice left open: some choices at each payment do it exactly when some choice does)."""
    from pysolver.model.mana import Mana, affordable
    assert affordable(Mana.parse(pool, is_pool=True), Mana.parse(spent), Mana.parse(text)) == n


def test_107_4e_hybrid_pump_costs_leave_the_right_color_for_the_next() -> None:
    """107.4e: with {B}{R}, "{R/B}" paid with {R} leaves {B} for the second ability: +2 in all (bob at 16)."""
    s = board(creature("x", "alice", 2, 2, "{R/B}: ~ gets +1/+0 until end of turn",
                       "{B}: ~ gets +1/+0 until end of turn"), attackers={"x": "bob"}, blockers={}, mana="{B}{R}")
    assert {life for life, *_ in ends(s)} == {18, 17, 16}


def test_107_4e_a_hybrid_morph_cost_is_paid_with_either_color() -> None:
    """702.37e, 107.4e: "Morph {W/U}" turned face up with {U}: the 3/3 survives y."""
    s = board(creature("x", "alice", 3, 3, "Morph {W/U}", face_down=True), creature("y", "bob", 2, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{U}")
    assert ends(s) == {(20, 20, 0, ("x", "y")), (20, 20, 0, ("y",))}


@pytest.mark.parametrize("mana, both", [("{W}{U}", True), ("{U}{B}", False)])
def test_107_4e_a_face_up_turn_pays_with_what_a_hybrid_payment_left(mana, both) -> None:
    """107.4e, 702.37e (encodings/mana.lp): after "{W/U}" was paid, "Morph {U}" can still be paid from {W}{U}
    ({W/U} paid with {W}) but not from {U}{B} ({W/U} took the {U}): pumping x and turning m face up together
    (bob at 17, only y destroyed) is an outcome only with {W}{U}."""
    s = board(creature("x", "alice", 2, 2, "{W/U}: ~ gets +1/+0 until end of turn"),
              creature("m", "alice", 3, 3, "Morph {U}", face_down=True), creature("y", "bob", 2, 2),
              attackers={"x": "bob", "m": "bob"}, blockers={"y": ["m"]}, mana=mana)
    found = ends(s)
    assert {(18, 20, 0, ("m", "y")), (18, 20, 0, ("y",)), (17, 20, 0, ("m", "y"))} <= found
    assert ((17, 20, 0, ("y",)) in found) is both


def test_107_4e_check_judges_hybrid_payments_together() -> None:
    """602.2b, 107.4e: two {W/U} activations from {W}{B}: two mana, but only one white or blue."""
    x = creature("x", "alice", 2, 2, "{W/U}: ~ gets +1/+0 until end of turn")
    twice = [{"window": "after_blockers", "permanent": "x", "times": 2}]
    s = board(x, attackers={"x": "bob"}, blockers={}, mana="{W}{B}", activations=twice)
    (v,) = pysolver.check(s)["violations"]
    assert v["rule"] == "602.2b" and "need 2 mana of the color set 3" in v["message"]
    once = board(x, attackers={"x": "bob"}, blockers={}, mana="{W}{B}",
                 activations=[{"window": "after_blockers", "permanent": "x", "times": 1}])
    assert pysolver.check(once)["legal"] is True


def test_107_4e_a_pool_holds_no_hybrid_mana() -> None:
    with pytest.raises(InputError):
        board(creature("x", "alice"), mana="{W/U}")


# --- sweep invariants (pysolver.scale.invariants) read the keywords a line gave ----------------------

class _Work:
    """The parts of a :class:`pysolver.scale.sweep.BoardWork` that the invariants read, for one board."""

    def __init__(self, s, free) -> None:
        self.s, self.free, self.id, self.docs = s, free, "w", {}
        self.pool = type("Pool", (), {"defender": "bob"})()

    def full(self, command: str) -> dict:
        from pysolver.commands import answer
        if command not in self.docs:
            self.docs[command] = answer(command, self.free if command == "attacks" else self.s)
        return self.docs[command]

    def declarations(self) -> list:
        return [r["blocks"] for r in self.full("blocks")["results"]]

    def damage(self, blocks: list) -> tuple:
        from pysolver.commands import answer
        ds = self.s.with_combat(blockers=tuple((b, a) for b, a in blocks))
        return None, ds, answer("damage", ds)


def test_613_1f_sweep_invariants_count_lifelink_and_infect_a_line_gave() -> None:
    """702.15b, 120.3b: an outcome whose line gave x lifelink (or infect) before damage is no broken "life"
    invariant (its life arithmetic reads the keywords the line's activations gave, 613.1f)."""
    from pysolver.scale import invariants
    lines = ("{W}: ~ gains lifelink until end of turn", "{B}: ~ gains infect until end of turn")
    s = board(creature("x", "alice", 2, 2, *lines), creature("y", "bob", 1, 1), attackers={"x": "bob"}, mana="{W}{B}")
    free = board(creature("x", "alice", 2, 2, *lines), creature("y", "bob", 1, 1), mana="{W}{B}")
    assert invariants.check_board(_Work(s, free)).violations == []


# --- differential: generated boards with grants against the references ------------------------------



@settings(max_examples=examples(15), deadline=None, suppress_health_check=SLOW)
@given(grant_boards("blockers"))
def test_grant_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=SLOW)
@given(with_statics(grant_boards("blockers")))
def test_grant_outcomes_beside_static_abilities_equal_reference(data: dict) -> None:
    """613.1f: a keyword given until end of turn and one a static ability grants are both in layer 6;
    each rule of the keyword reads either (702.12b indestructible at every check of 704.3)."""
    outcomes_equal_reference(data)


@settings(max_examples=examples(10), deadline=None, suppress_health_check=SLOW)
@given(grant_boards("attackers"))
def test_grant_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(6), deadline=None, suppress_health_check=SLOW)
@given(grant_boards("none"))
def test_grant_outcomes_of_whole_combat_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(15), deadline=None, suppress_health_check=SLOW)
@given(grant_boards("blockers"))
def test_grant_verify_equals_minimax(data: dict) -> None:
    """`verify` with grants against the literal-stack minimax (tests/reference/minimax.py)."""
    from reference.minimax import reference_verify
    defender = data["players"][1]["name"]
    s = pysolver.load_data({**data, "goal": {"lethal": defender}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)


@settings(max_examples=examples(10), deadline=None, suppress_health_check=SLOW)
@given(grant_boards("blockers"))
def test_grant_best_equals_brute_force_minimax(data: dict) -> None:
    """`best` (docs/best.md) with grants and limits: the attacker's default objective's optimal value is the
    brute-force minimax's (tests/reference/best.py), fights' one-player ends included (game/remainder.py)."""
    from reference.best import reference_value

    from pysolver.game.best import Search, objective_for
    s = pysolver.load_data(data)
    o = objective_for(s, None, "attacker")
    found = Search(s, o).solve()
    assert tuple(v if t.sense == "max" else -v for t, v in found.value) == reference_value(s, o)
