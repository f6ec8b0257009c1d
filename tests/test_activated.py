"""Activated abilities that act in combat; hexproof, shroud, ward (602, 115, 702.11, 702.18, 702.21), one
test per rule with hand-stated sets, then the solver against the brute-force references on generated
boards (outcomes: tests/reference/activated.py; verify: the literal-stack minimax).
"""

from __future__ import annotations

import json

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from reference.minimax import reference_verify
from strategies import activated_boards

import pysolver
from pysolver.errors import InputError
from pysolver.files.cards import oracle_lines
from pysolver.game import gametree as gt
from pysolver.model.moves import AbilityActivation
from pysolver.model.stage import Stage

TAPPER = "{T}: Tap target creature"
GROWTH = "{T}: Target creature gets +1/+1 until end of turn"
SHRINK = "{T}: Target creature gets -1/-1 until end of turn"


def results(s) -> set[tuple]:
    """(destroyed, damage, bob's life) of each outcome, checked against the reference, the walk and
    count_outcomes (differential.agreed_outcomes)."""
    return {(tuple(o["destroyed"]), tuple(sorted(o["damage"].items())), o["life"]["bob"])
            for o in map(json.loads, agreed_outcomes(s))}


def holds(s) -> bool:
    """verify's answer, checked against the literal-stack minimax."""
    got = pysolver.verify(s)["holds"]
    assert got is reference_verify(s)
    return got


def moves(s, stage: Stage, side: str = gt.ACTIVE) -> list[AbilityActivation]:
    return [m for m in gt.Position(stage, s, side).legal_moves if isinstance(m, AbilityActivation)]


# --- the lines, as real cards print them (602.1; docs/abilities.md) ---------------------------------

@pytest.mark.parametrize("line, kind, tap, cost, target, pt", [
    ("{W}, {T}: Tap target creature.", "tap_target", True, "{W}", "creature", (0, 0)),        # Blinding Mage
    ("{U}{U}: Tap target creature.", "tap_target", False, "{U}{U}", "creature", (0, 0)),
    ("{T}: Target creature can't block this turn.", "target_cant_block", True, "", "creature", (0, 0)),
    ("{U}, {T}: Target creature can't be blocked this turn.", "target_unblockable", True, "{U}", "creature", (0, 0)),
    ("{T}: Target attacking creature gets +1/+1 until end of turn.", "target_pump", True, "", "attacking", (1, 1)),
    ("{W}, {T}: Target blocking creature gets +2/+2 until end of turn.", "target_pump", True, "{W}", "blocking",
     (2, 2)),
    ("{W}{W}: Target attacking creature gets -1/-0 until end of turn.", "target_pump", False, "{W}{W}", "attacking",
     (-1, 0)),
    ("{T}: Goblin Brute gets +2/+0 until end of turn.", "tap_pump", True, "", "", (2, 0)),
])
def test_602_1_real_lines(line, kind, tap, cost, target, pt) -> None:
    """602.1: "[Cost]: [Effect]"; a cost of mana symbols and/or {T} (602.5a), the target it names (115.1)."""
    (a,) = board(creature("x", "alice", 2, 2, line, name="Goblin Brute")).permanent("x").abilities
    v = a.value
    assert (a.kind, v.tap, str(v.cost) if v.cost.total else "", v.target, (v.power, v.toughness)) == \
        (kind, tap, cost, target, pt)


def test_602_1_with_power_n_or_less() -> None:
    """115.1: "Target creature with power 2 or less can't be blocked this turn"."""
    line = "{T}: Target creature with power 2 or less can't be blocked this turn."
    (a,) = board(creature("x", "alice", 2, 2, line)).permanent("x").abilities
    assert (a.kind, a.value.quality, a.value.target) == ("target_unblockable", ("cmp", "power", "le", ("n", 2)),
                                                         "creature")


@pytest.mark.parametrize("line", [
    "{T}: Target creature gets +2/+2 until end of turn. Activate only once each turn.",
    "{X}, {T}: Target creature gets -X/+X until end of turn.",
])
def test_602_1a_costs_and_conditions_out_of_scope_are_noted(line) -> None:
    """A cost with {X} (107.3) or an "Activate only" condition is not modelled: a note for a real card (the
    other costs, sacrifices and discards, are read: tests/test_costs.py)."""
    lines, unmodelled = oracle_lines("Sentry", line)
    assert lines == () and unmodelled == (line,)


def test_602_1_a_targeted_ability_without_cost_is_an_error() -> None:
    with pytest.raises(InputError) as exc:
        board(creature("x", "alice", 2, 2, "{0}: Tap target creature"))
    assert "any number of times" in exc.value.message and exc.value.field == "permanents[0].abilities[0]"


def test_702_21a_ward_and_the_keywords_parse() -> None:
    (w,), (h,), (sh,) = (board(creature("x", "alice", 2, 2, line)).permanent("x").abilities
                         for line in ("Ward {2}", "Hexproof", "Shroud"))
    assert (w.kind, str(w.value), h.kind, sh.kind) == ("ward", "{2}", "hexproof", "shroud")


# --- costs: mana, {T} (602.2b, 602.5a, 302.6, 508.1f) ---------------------------------------------

def test_302_6_a_summoning_sick_creature_cannot_pay_tap_but_an_artifact_or_haste_can() -> None:
    """302.6: {T} of a creature that came under its controller's control this turn; 702.10c haste;
    a noncreature permanent may."""
    s = board(creature("sick", "alice", 1, 1, TAPPER, summoning_sick=True),
              creature("fast", "alice", 1, 1, TAPPER, "Haste", summoning_sick=True),
              {"id": "rod", "controller": "alice", "types": ["Artifact"], "abilities": [TAPPER],
               "summoning_sick": True})
    assert {m.permanent for m in moves(s, Stage.BEGINNING_OF_COMBAT)} == {"fast", "rod"}


def test_508_1f_an_attacker_without_vigilance_is_tapped() -> None:
    """508.1f: declared as an attacker it becomes tapped (702.20b: not with vigilance), so it can't
    pay {T} after attackers; 602.5a."""
    s = board(creature("x", "alice", 2, 2, "{T}: ~ gets +2/+0 until end of turn"),
              creature("v", "alice", 2, 2, "{T}: ~ gets +2/+0 until end of turn", "Vigilance"),
              attackers={"x": "bob", "v": "bob"})
    assert [m.permanent for m in moves(s, Stage.AFTER_ATTACKERS)] == ["v"]
    # (bob at 20: x deals 2, v 2 or 4)
    assert results(s) == {((), (), 16), ((), (), 14)}


def test_602_2b_a_tap_ability_once_a_mana_one_as_often_as_paid() -> None:
    """602.2b: each activation is paid; {T} can be paid once (the permanent is then tapped)."""
    s = board(creature("x", "alice", 2, 2, "{R}: Target creature gets +1/+0 until end of turn"), mana="{R}{R}",
              attackers={"x": "bob"}, blockers={})
    p = gt.Position(Stage.AFTER_BLOCKERS, s, gt.ACTIVE)
    m = AbilityActivation("after_blockers", "x", "target_pump", "x")
    p = p.push(m).push(m)
    assert m not in p.legal_moves and [v.rule for v in p.legal_moves.why(m)] == ["602.2b"]
    assert results(s) == {((), (), 18), ((), (), 17), ((), (), 16)}


# --- targets (115.1, 601.2c) and what stops them (702.11b, 702.18a, 702.16b) -----------------------

def test_613_4c_target_creature_gets_plus_x_either_fighter() -> None:
    """A 2/2 blocked by a 2/2; alice's "{T}: Target creature gets +1/+1" may pump either (115.1)."""
    s = board(creature("x", "alice", 2, 2), creature("p", "alice", 1, 1, GROWTH), creature("y", "bob", 2, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(("x", "y"), (), 20), (("y",), (("x", 2),), 20), (("x",), (("y", 2),), 20)}


def test_115_1_target_attacking_or_blocking_creature() -> None:
    """"Target attacking creature" is one of the attackers, "blocking" one of the blockers (506.4)."""
    s = board(creature("x", "alice", 2, 2), creature("z", "alice", 2, 2),
              creature("p", "alice", 1, 1, "{T}: Target attacking creature gets +2/+0 until end of turn"),
              creature("q", "bob", 1, 1, "{T}: Target blocking creature gets +0/+2 until end of turn"),
              creature("y", "bob", 2, 2), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert [m.target for m in moves(s, Stage.AFTER_BLOCKERS)] == ["x"]
    assert [m.target for m in moves(s, Stage.AFTER_BLOCKERS, gt.DEFENCE)] == ["y"]


def test_702_11b_hexproof_against_opponents_only_and_702_18a_shroud_against_all() -> None:
    s = board(creature("h", "alice", 2, 2, "Hexproof"), creature("sh", "alice", 2, 2, "Shroud"),
              creature("p", "alice", 1, 1, GROWTH), creature("q", "bob", 1, 1, SHRINK))
    assert [m.target for m in moves(s, Stage.BEGINNING_OF_COMBAT)] == ["h", "p", "q"]
    assert [m.target for m in moves(s, Stage.BEGINNING_OF_COMBAT, gt.DEFENCE)] == ["p", "q"]
    why = gt.Position(Stage.BEGINNING_OF_COMBAT, s, gt.DEFENCE).legal_moves.why(
        AbilityActivation("beginning_of_combat", "q", "target_pump", "h"))
    assert [v.rule for v in why] == ["115.4"]


def test_702_16b_protection_from_the_source_quality() -> None:
    s = board(creature("w", "alice", 2, 2, "Protection from red"),
              creature("q", "bob", 1, 1, SHRINK, colors=["red"]), creature("g", "bob", 1, 1, SHRINK))
    assert {(m.permanent, m.target) for m in moves(s, Stage.BEGINNING_OF_COMBAT, gt.DEFENCE)} == \
        {("q", "q"), ("q", "g"), ("g", "w"), ("g", "q"), ("g", "g")}


# --- ward (702.21a) ---------------------------------------------------------------------------------

def test_702_21a_ward_counters_unless_paid() -> None:
    """bob's -1/-1 at alice's 1/1 with ward {1}: paid (bob has {1}) it dies, else the ability is
    countered and its {T} stays paid; alice's own ability is not an opponent's."""
    s = board(creature("x", "alice", 1, 1, "Ward {1}", GROWTH), creature("q", "bob", 3, 3, SHRINK),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{1}"}])
    assert {(m.target, m.ward_paid) for m in moves(s, Stage.BEGINNING_OF_COMBAT, gt.DEFENCE)} == \
        {("x", True), ("x", False), ("q", None)}
    assert {(m.target, m.ward_paid) for m in moves(s, Stage.BEGINNING_OF_COMBAT)} == {("x", None), ("q", None)}
    p = gt.Position(Stage.BEGINNING_OF_COMBAT, s, gt.DEFENCE)
    paid = p.push(AbilityActivation("beginning_of_combat", "q", "target_pump", "x", True)).s
    assert paid.permanent("x").left_battlefield
    countered = p.push(AbilityActivation("beginning_of_combat", "q", "target_pump", "x", False)).s
    assert not countered.permanent("x").left_battlefield and countered.permanent("q").tapped
    poor = board(creature("x", "alice", 1, 1, "Ward {1}"), creature("q", "bob", 3, 3, SHRINK))
    assert {m.ward_paid for m in moves(poor, Stage.BEGINNING_OF_COMBAT, gt.DEFENCE) if m.target == "x"} == {False}


# --- tapping and "can't block" in the windows (701.26a, 508.1a, 509.1a, 509.1b) -----------------------

def test_509_1a_the_attacker_taps_the_would_be_blocker() -> None:
    """bob at 3 with a 2/2: alice's 3/3 is blocked, unless alice taps the 2/2 after attackers."""
    plain = board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 2), bob=3, goal={"lethal": "bob"})
    assert not holds(plain)
    s = board(creature("x", "alice", 3, 3), creature("t", "alice", 1, 1, TAPPER), creature("y", "bob", 2, 2),
              bob=3, goal={"lethal": "bob"})
    assert holds(s)


def test_509_1b_cant_block_this_turn() -> None:
    s = board(creature("x", "alice", 3, 3), creature("t", "alice", 1, 1, "{T}: Target creature can't block this turn"),
              creature("y", "bob", 2, 2), bob=3, goal={"lethal": "bob"})
    assert holds(s)
    after = gt.Position(Stage.AFTER_ATTACKERS, s.with_combat(attackers=(("x", "bob"),)), gt.ACTIVE).push(
        AbilityActivation("after_attackers", "t", "target_cant_block", "y"))
    assert after.s.permanent("y").cant_block_this_turn and not after.s.permanent("y").tapped
    assert after.s.permanent("y").to_data()["cant_block_this_turn"] is True


def test_509_1b_cant_be_blocked_this_turn_with_power_2_or_less() -> None:
    """An artifact's "{T}: Target creature with power 2 or less can't be blocked this turn": alice's
    2/2 gets past bob's 2/2 (bob at 2); a 3/3 can't be its target (115.1) and is blocked (bob at 3)."""
    rod = {"id": "rod", "controller": "alice", "types": ["Artifact"],
           "abilities": ["{T}: Target creature with power 2 or less can't be blocked this turn"]}
    s = board(creature("x", "alice", 2, 2), rod, creature("y", "bob", 2, 2), bob=2, goal={"lethal": "bob"})
    assert holds(s)
    assert [m.target for m in moves(s, Stage.BEGINNING_OF_COMBAT)] == ["x", "y"]
    big = board(creature("x", "alice", 3, 3), rod, creature("y", "bob", 2, 2), bob=3, goal={"lethal": "bob"})
    assert not holds(big)
    assert [m.target for m in moves(big, Stage.BEGINNING_OF_COMBAT)] == ["y"]


def test_508_1a_the_defender_taps_the_would_be_attacker() -> None:
    """bob taps alice's 3/3 in the beginning of combat (507.2): it can't attack; an untargetable one
    (hexproof) attacks for the win."""
    s = board(creature("x", "alice", 3, 3), {"id": "rod", "controller": "bob", "types": ["Artifact"],
                                             "abilities": [TAPPER]}, bob=3, goal={"lethal": "bob"})
    assert not holds(s)
    s = board(creature("x", "alice", 3, 3, "Hexproof"), {"id": "rod", "controller": "bob", "types": ["Artifact"],
                                                          "abilities": [TAPPER]}, bob=3, goal={"lethal": "bob"})
    assert holds(s)


def test_509_1c_tapping_a_creature_frees_a_requirement() -> None:
    """A tapped creature is not able to block (509.1c): bob's 1/1 that blocks each combat if able,
    tapped by bob himself, lets alice's 2/2 through: an end no declaration had without the tap."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 1, 1, "This creature blocks each combat if able",
                                                   TAPPER), attackers={"x": "bob"})
    assert results(s) == {(("y",), (("x", 1),), 20), ((), (), 18)}


# --- the fast path (pysolver.game.fights) ------------------------------------------------------------

def test_fights_carry_a_targeted_pump_from_outside_paying_its_tap_once() -> None:
    """Once blockers are declared a tap or "can't block" changes no end and "{T}: ~ gets +X/+Y"
    stays in its fight: boards with them are solved fight by fight. "Target creature gets +X/+Y"
    of a permanent in no fight goes with each fight, its {T} paid in one of them only (602.5a):
    never two fights pumped at once. Its source in a fight, or a -X/-Y (704.5f), and the board is
    walked. Each agrees with the walk and the reference (:func:`results`)."""
    from pysolver.game.fights import decomposes
    fighters = (creature("x", "alice", 2, 2), creature("z", "alice", 3, 3), creature("y", "bob", 2, 2),
                creature("w", "bob", 1, 4))
    combat = {"attackers": {"x": "bob", "z": "bob"}, "blockers": {"y": ["x"], "w": ["z"]}}
    taps = board(*fighters, creature("t", "bob", 1, 1, TAPPER, "{T}: ~ gets +2/+0 until end of turn"), **combat)
    assert decomposes(taps) and results(taps) == {(("x", "y"), (("w", 3), ("z", 1)), 20)}
    grows = board(*fighters, creature("t", "bob", 1, 1, GROWTH), **combat)
    assert decomposes(grows)
    assert results(grows) == {(("x", "y"), (("w", 3), ("z", 1)), 20),        # no activation
                              (("y",), (("w", 3), ("x", 2), ("z", 1)), 20),  # x 3/3
                              (("x",), (("w", 3), ("y", 2), ("z", 1)), 20),  # y 3/3
                              (("w", "x", "y"), (("z", 1),), 20),            # z 4/4
                              (("x", "y"), (("w", 3), ("z", 2)), 20)}        # w 2/5
    shrinks = board(*fighters, creature("t", "bob", 1, 1, SHRINK), **combat)
    assert not decomposes(shrinks)
    assert results(shrinks) == {(("x", "y"), (("w", 3), ("z", 1)), 20),            # no activation
                                (("x",), (("w", 3), ("y", 1), ("z", 1)), 20),      # x 1/1
                                (("y",), (("w", 3), ("x", 1), ("z", 1)), 20),      # y 1/1
                                (("x", "y"), (("w", 2), ("z", 1)), 20),            # z 2/2
                                (("w", "x", "y"), (), 20),                         # w 0/3
                                (("t", "x", "y"), (("w", 3), ("z", 1)), 20)}       # t 0/0 (704.5f)
    inside = board(*fighters, creature("t", "bob", 1, 1, GROWTH), attackers=combat["attackers"],
                   blockers={"y": ["x"], "w": ["z"], "t": ["z"]})
    assert decomposes(inside) and len(results(inside)) == 19  # (z splits its 3 between t and w, 510.1c)


# --- differential: generated boards against the references -----------------------------------------

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]




@settings(max_examples=6, deadline=None, suppress_health_check=SLOW)
@given(activated_boards("blockers"))
def test_activated_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=4, deadline=None, suppress_health_check=SLOW)
@given(activated_boards("attackers"))
def test_activated_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=3, deadline=None, suppress_health_check=SLOW)
@given(activated_boards("none"))
def test_activated_outcomes_of_whole_combat_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=8, deadline=None, suppress_health_check=SLOW)
@given(activated_boards("blockers"))
def test_activated_verify_equals_minimax(data: dict) -> None:
    """verify (activations resolving at once) against the literal stack of the minimax (responses,
    ward triggers, 608.2b)."""
    defender = data["players"][1]["name"]
    s = pysolver.load_data({**data, "goal": {"lethal": defender}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)
