"""Activated abilities on target creatures: the target's qualities (115.1, 601.2c), keywords given until
end of turn (613.1f), "regenerate target creature" (701.19a), "destroy target creature" (701.8a) and
costs that sacrifice the source (701.21a); one test per rule with hand-stated sets, then the solver
against the brute-force references on generated boards (outcomes: tests/reference/activated.py;
verify: the literal-stack minimax).
"""

from __future__ import annotations

import json

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from reference.minimax import reference_verify
from strategies import examples, targeted_boards

import pysolver
from pysolver.errors import InputError
from pysolver.files.cards import oracle_lines
from pysolver.game import gametree as gt
from pysolver.model.moves import AbilityActivation, Pass
from pysolver.model.stage import Stage


def results(s) -> set[tuple]:
    """(destroyed, damage, bob's life) of each outcome, checked against the reference, the walk and
    count_outcomes (differential.agreed_outcomes)."""
    return {(tuple(o["destroyed"]), tuple(sorted(o["damage"].items())), o["life"]["bob"])
            for o in map(json.loads, agreed_outcomes(s))}


def targets(s, stage: Stage, side: str = gt.ACTIVE) -> set[tuple[str, str]]:
    return {(m.permanent, m.target) for m in gt.Position(stage, s, side).legal_moves
            if isinstance(m, AbilityActivation)}


# --- the lines, as real cards print them (602.1, 115.1) ---------------------------------------------

@pytest.mark.parametrize("name, line, kind, target, quality, scope", [
    ("Air Servant", "{2}{U}: Tap target creature with flying.", "tap_target", "creature", ("keyword", "flying"), "all"),
    ("Cephalid Retainer", "{U}{U}: Tap target creature without flying.", "tap_target", "creature",
     ("non", ("keyword", "flying")), "all"),
    ("Errant Doomsayers", "{T}: Tap target creature with toughness 2 or less.", "tap_target", "creature",
     ("cmp", "toughness", "le", ("n", 2)), "all"),
    ("Goblin Taskmaster", "{1}{R}: Target Goblin creature gets +1/+0 until end of turn.", "target_pump", "creature",
     ("creature_type", "goblin"), "all"),
    ("Angelic Page", "{T}: Target attacking or blocking creature gets +1/+1 until end of turn.", "target_pump",
     "attacking_or_blocking", ("any",), "all"),
    ("Nectar Faerie", "{B}, {T}: Target Faerie or Elf gains lifelink until end of turn.", "target_pump", "creature",
     ("either", ("creature_type", "faerie"), ("creature_type", "elf")), "all"),
    ("Crimson Mage", "{R}: Target creature you control gains haste until end of turn.", "target_pump", "creature",
     ("any",), "you"),
    ("Clockwork Gnomes", "{3}, {T}: Regenerate target artifact creature.", "target_regenerate", "creature",
     ("card_type", "artifact"), "all"),
    ("Rathi Assassin", "{1}{B}{B}, {T}: Destroy target tapped nonblack creature.", "destroy_target", "creature",
     ("both", ("non", ("color", "black")), ("tapped",)), "all"),
    ("Dauthi Jackal", "{B}{B}, Sacrifice Dauthi Jackal: Destroy target blocking creature.", "destroy_target",
     "blocking", ("any",), "all"),
    ("Slingshot Goblin", "{R}, {T}: Slingshot Goblin deals 2 damage to target blue creature.", "ping", "creature",
     ("color", "blue"), "all"),
    ("Dogged Hunter", "{T}: Destroy target creature token.", "destroy_target", "creature", ("token",), "all"),
    ("Merfolk Assassin", "{T}: Destroy target creature with islandwalk.", "destroy_target", "creature",
     ("landwalk", "island"), "all"),
    ("Knight of Dusk", "{B}{B}: Destroy target creature blocking Knight of Dusk.", "destroy_target", "blocking",
     ("blocks_source",), "all"),
    ("Cromat", "{W}{B}: Destroy target creature blocking or blocked by Cromat.", "destroy_target",
     "attacking_or_blocking", ("either", ("blocks_source",), ("blocked_by_source",)), "all"),
])
def test_115_1_real_lines_and_their_targets(name, line, kind, target, quality, scope) -> None:
    """115.1, 601.2c: what each real line may target; its cost mana, {T} and "sacrifice ~" (602.1a)."""
    lines, unmodelled = oracle_lines(name, line)
    assert lines == (line,) and unmodelled == ()
    (a,) = board(creature("x", "alice", 2, 2, line, name=name)).permanent("x").abilities
    assert (a.kind, a.value.target, a.value.quality, a.value.scope) == (kind, target, quality, scope)


def test_111_1_a_creature_token_target() -> None:
    """111.1, 115.1 (Dogged Hunter, "{T}: Destroy target creature token", 701.8a): blocked by bob's token y, x
    survives if alice destroys y before damage (x stays blocked, 509.1h); w and bob's card z trade, z being
    no legal target. Only the tokens are targets: y, and none of the cards."""
    hunter = creature("h", "alice", 1, 1, "{T}: Destroy target creature token.", name="Dogged Hunter")
    s = board(creature("x", "alice"), creature("w", "alice"), hunter, creature("y", "bob", token=True),
              creature("z", "bob"), attackers={"x": "bob", "w": "bob"}, blockers={"y": ["x"], "z": ["w"]})
    assert targets(s, Stage.AFTER_BLOCKERS) == {("h", "y")}
    assert {d for d, _, _ in results(s)} == {("w", "x", "y", "z"), ("w", "y", "z")}


def test_702_14a_a_target_with_islandwalk() -> None:
    """702.14a, 115.1 (Merfolk Assassin, "{T}: Destroy target creature with islandwalk"): y, with islandwalk,
    blocks x; alice may destroy it before damage (x survives, still blocked: 509.1h) or not (they trade); z,
    with forestwalk, is no target."""
    assassin = creature("h", "alice", 1, 1, "{T}: Destroy target creature with islandwalk.", name="Merfolk Assassin")
    s = board(creature("x", "alice"), assassin, creature("y", "bob", 2, 2, "Islandwalk"),
              creature("z", "bob", 2, 2, "Forestwalk"), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert targets(s, Stage.AFTER_BLOCKERS) == {("h", "y")}
    assert {d for d, _, _ in results(s)} == {("x", "y"), ("y",)}


def test_509_1g_a_creature_blocking_the_source() -> None:
    """509.1g, 115.1 (Knight of Dusk, "{B}{B}: Destroy target creature blocking ~", 701.8a): y blocks k, z blocks
    x; only y is a target. Destroying y before damage saves k (still blocked, 509.1h: bob takes nothing); x and z
    trade either way."""
    knight = creature("k", "alice", 2, 2, "{B}{B}: Destroy target creature blocking Knight of Dusk.",
                      name="Knight of Dusk")
    s = board(knight, creature("x", "alice"), creature("y", "bob"), creature("z", "bob"), mana="{B}{B}",
              attackers={"k": "bob", "x": "bob"}, blockers={"y": ["k"], "z": ["x"]})
    assert targets(s, Stage.AFTER_BLOCKERS) == {("k", "y")}
    assert {d for d, _, _ in results(s)} == {("k", "x", "y", "z"), ("x", "y", "z")}


def test_613_1f_the_keywords_a_target_gains_and_paragon_s_another() -> None:
    (a,) = board(creature("x", "alice", 2, 2, "{1}{B}{G}: Target creature gets +1/+1 and gains intimidate until end "
                                              "of turn")).permanent("x").abilities
    assert (a.value.power, a.value.toughness, a.value.keywords) == (1, 1, ("intimidate",))
    (b,) = board(creature("x", "alice", 2, 2, "{R}, {T}: Another target red creature you control gains haste until "
                                              "end of turn")).permanent("x").abilities
    assert (b.value.other, b.value.scope, b.value.keywords) == (True, "you", ("haste",))


@pytest.mark.parametrize("line", [
    "{2}: Target white creature gains persist until end of turn.",        # not a keyword a pump gives (613.1f)
    "Sacrifice a land: Target creature you control gains shroud until end of turn.",
    "{1}{G}: Regenerate target creature with power 2 or less and toughness 3 or greater.",
    "{T}: Put a +1/+1 counter on target creature for each Elf you control.",
])
def test_602_1a_lines_out_of_scope_are_noted(line) -> None:
    lines, unmodelled = oracle_lines("Sentry", line)
    assert lines == () and unmodelled == (line,)


def test_602_1_giving_a_keyword_no_pump_gives_is_an_error_in_a_file() -> None:
    with pytest.raises(InputError) as exc:
        board(creature("x", "alice", 2, 2, "{T}: Target creature gains shroud until end of turn"))
    assert "613.1f" in exc.value.message


# --- targets (115.1, 601.2c, 102.2) -----------------------------------------------------------------

def test_115_1_with_and_without_flying() -> None:
    flyer, walker = creature("f", "alice", 2, 2, "Flying"), creature("w", "alice", 2, 2)
    s = board(flyer, walker, creature("a", "bob", 1, 1, "{T}: Tap target creature with flying"),
              creature("b", "bob", 1, 1, "{T}: Tap target creature without flying"))
    assert targets(s, Stage.BEGINNING_OF_COMBAT, gt.DEFENCE) == {("a", "f"), ("b", "w"), ("b", "a"), ("b", "b")}


def test_115_1_power_creature_type_color_whose_and_another() -> None:
    """"with power 3 or less", "target Goblin creature", "target red creature you control", "another"."""
    s = board(creature("g", "alice", 4, 4, subtypes=["Goblin"]), creature("r", "alice", 1, 1, colors=["red"]),
              creature("p", "alice", 1, 1, "{T}: Tap target creature with power 3 or less",
                       "{1}: Target Goblin creature gets +1/+0 until end of turn",
                       "{1}: Another target red creature you control gains haste until end of turn", colors=["red"]),
              creature("y", "bob", 3, 3, colors=["red"], subtypes=["Goblin"]), mana="{1}")
    got = {(m.ability, m.target) for m in gt.Position(Stage.BEGINNING_OF_COMBAT, s, gt.ACTIVE).legal_moves
           if isinstance(m, AbilityActivation)}
    assert got == {(0, "r"), (0, "p"), (0, "y"), (1, "g"), (1, "y"), (2, "r")}


def test_508_1f_an_attacker_without_vigilance_is_a_tapped_creature() -> None:
    """"Destroy target tapped creature": an attacking creature without vigilance is tapped (508.1f,
    702.20b); one with vigilance is not, and neither is an untapped blocker."""
    s = board(creature("x", "alice", 2, 2), creature("v", "alice", 2, 2, "Vigilance"),
              creature("k", "bob", 1, 1, "{T}: Destroy target tapped creature"), attackers={"x": "bob", "v": "bob"})
    assert targets(s, Stage.AFTER_ATTACKERS, gt.DEFENCE) == {("k", "x")}


# --- keywords given until end of turn (613.1f) ---------------------------------------------------------

def test_613_1f_target_creature_gains_flying_past_a_blocker() -> None:
    """alice's 2/2 given flying after attackers can't be blocked by bob's 2/2 (702.9b): bob at 2 dies;
    without, the 2/2s trade or bob takes 2."""
    s = board(creature("x", "alice", 2, 2), creature("t", "alice", 0, 1, "{T}: Target creature gains flying until "
                                                                          "end of turn"),
              creature("y", "bob", 2, 2), bob=2, attackers={"x": "bob"})
    assert results(s) == {((), (), 0), (("x", "y"), (), 2)}


def test_613_1f_first_strike_given_after_blockers() -> None:
    """A 2/2 blocked by a 2/2: given first strike it kills the blocker first (510.4, 702.7b); alice may
    give it to bob's blocker too ("target creature", 115.1)."""
    s = board(creature("x", "alice", 2, 2), creature("t", "alice", 0, 1, "{T}: Target creature gains first strike "
                                                                          "until end of turn"),
              creature("y", "bob", 2, 2), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(("x", "y"), (), 20), (("y",), (), 20), (("x",), (), 20)}


# --- regeneration of a target (701.19a) -----------------------------------------------------------------

def test_701_19a_regenerate_target_creature() -> None:
    """alice's 2/2 blocked by a 3/3: dies, or, with a shield from alice's "{1}: Regenerate target creature",
    is regenerated (no damage, tapped, out of combat: not destroyed)."""
    s = board(creature("x", "alice", 2, 2), creature("m", "alice", 0, 1, "{1}: Regenerate target creature"),
              creature("y", "bob", 3, 3), attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{1}")
    assert results(s) == {(("x",), (("y", 2),), 20), ((), (("y", 2),), 20)}
    after = gt.Position(Stage.AFTER_BLOCKERS, s, gt.ACTIVE).push(
        AbilityActivation("after_blockers", "m", "target_regenerate", "x"))
    assert after.s.permanent("x").regeneration_shields == 1


def test_701_19c_regenerate_target_creature_beside_a_destroy_trigger_is_refused() -> None:
    """A "destroy that creature" trigger is read with and without "It can't be regenerated" (701.19c): a
    board where a permanent can give any creature a shield is refused, as one with "Regenerate ~"."""
    with pytest.raises(InputError) as exc:
        board(creature("m", "alice", 0, 1, "{1}: Regenerate target creature"),
              creature("d", "bob", 2, 2, "Whenever ~ deals combat damage to a creature, destroy that creature"))
    assert "701.19c" in exc.value.message


def test_701_19a_regenerate_only_a_green_creature() -> None:
    s = board(creature("x", "alice", 2, 2, colors=["green"]), creature("z", "alice", 2, 2),
              creature("m", "alice", 0, 1, "{1}: Regenerate target green creature"), mana="{1}")
    assert targets(s, Stage.BEGINNING_OF_COMBAT) == {("m", "x")}


# --- destruction on the stack (701.8a, 405.1, 608.2b) ---------------------------------------------------

def test_701_8a_destroy_target_blocking_creature() -> None:
    """alice's 2/2 blocked by a 3/3; "{T}: Destroy target blocking creature" kills the blocker; the
    attacker stays blocked (509.1h) and deals no damage to bob."""
    s = board(creature("x", "alice", 2, 2), creature("k", "alice", 0, 1, "{T}: Destroy target blocking creature"),
              creature("y", "bob", 3, 3), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(("x",), (("y", 2),), 20), (("y",), (), 20)}


def test_702_12b_indestructible_and_701_19a_a_shield_in_response() -> None:
    """An indestructible blocker is not destroyed (alice may still destroy her own 2/2 or the 0/1, 115.1);
    bob answers the destruction with a regeneration shield (405.2: the response resolves first): the
    blocker is regenerated, out of combat (506.4)."""
    hard = board(creature("x", "alice", 2, 2), creature("k", "alice", 0, 1, "{T}: Destroy target creature"),
                 creature("y", "bob", 1, 3, "Indestructible"), attackers={"x": "bob"}, blockers={"y": ["x"]})
    mine = {(("x",), (), 20), (("k",), (("x", 1), ("y", 2)), 20)}
    assert results(hard) == {((), (("x", 1), ("y", 2)), 20)} | mine
    troll = board(creature("x", "alice", 2, 2), creature("k", "alice", 0, 1, "{T}: Destroy target creature"),
                  creature("y", "bob", 1, 3, "{G}: Regenerate this creature"), attackers={"x": "bob"},
                  blockers={"y": ["x"]}, players=[{"name": "alice"}, {"name": "bob", "mana": "{G}"}])
    p = gt.Position(Stage.AFTER_BLOCKERS, troll, gt.ACTIVE).push(
        AbilityActivation("after_blockers", "k", "destroy_target", "y"))
    assert p.stack and p.to_move() == gt.ACTIVE  # 117.3c: on the stack, its player has priority
    assert p.push(Pass("after_blockers", "alice")).push(Pass("after_blockers", "bob")).s.permanent("y").left_battlefield
    # no activation; y destroyed (x blocked, 509.1h); y regenerated in response: out of combat (506.4)
    assert results(troll) == {((), (("x", 1), ("y", 2)), 20), (("y",), (), 20), ((), (), 20)} | mine


def test_602_5b_destroy_a_tapped_creature_before_attackers() -> None:
    """Steam Catapult: "{T}: Destroy target tapped creature. Activate this ability only during your turn,
    before attackers are declared": the active player's, at the beginning of combat only."""
    line = "{T}: Destroy target tapped creature. Activate this ability only during your turn, before attackers are " \
           "declared"
    s = board(creature("c", "alice", 1, 3, line), creature("y", "bob", 2, 2, tapped=True), creature("z", "bob", 1, 1),
              creature("d", "bob", 1, 3, line), bob=2, goal={"lethal": "bob"})
    assert targets(s, Stage.BEGINNING_OF_COMBAT) == {("c", "y")}
    assert targets(s, Stage.BEGINNING_OF_COMBAT, gt.DEFENCE) == set()


def test_701_21a_a_sacrificed_source_is_destroyed_and_its_pump_waits_on_the_stack() -> None:
    """Shield Mate: "Sacrifice ~: Target creature gets +0/+4 until end of turn": the blocked 2/2 survives
    a 3/3, Shield Mate goes to the graveyard (701.21a); given to the blocker, or to Shield Mate itself
    (gone as it resolves: 608.2b), the 2/2 dies."""
    s = board(creature("x", "alice", 2, 2), creature("m", "alice", 1, 1, "Sacrifice ~: Target creature gets +0/+4 "
                                                                          "until end of turn", name="Shield Mate"),
              creature("y", "bob", 3, 3), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(("x",), (("y", 2),), 20), (("m",), (("x", 3), ("y", 2)), 20),
                          (("m", "x"), (("y", 2),), 20)}


def test_122_1a_counters_on_a_target() -> None:
    """Skeleton Ship's "{T}: Put a -1/-1 counter on target creature" kills bob's 1/1 blocker (704.5f)
    or puts the counter on the 3/3 attacker (outcome `minus_counters`); Armor Thrull's +1/+2 counter
    makes alice's blocked 2/2 a 3/4 that survives a 3/3 and kills it (122.1a: any +X/+Y kind)."""
    s = board(creature("x", "alice", 3, 3), creature("k", "alice", 0, 2, "{T}: Put a -1/-1 counter on target creature"),
              creature("y", "bob", 1, 1), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(("y",), (("x", 1),), 20), (("y",), (), 20)}
    assert {tuple(o.get("minus_counters", {}).items()) for o in pysolver.outcomes(s)} == {(), (("x", 1),), (("k", 1),)}
    thrull = board(creature("x", "alice", 2, 2), creature("t", "alice", 0, 1, "{T}, Sacrifice ~: Put a +1/+2 counter "
                                                                              "on target creature"),
                   creature("y", "bob", 3, 3), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert (("t", "y"), (("x", 3),), 20) in results(thrull)  # x 3/4: survives the 3/3 and kills it


def test_122_1_a_target_with_a_counter_on_it() -> None:
    s = board(creature("x", "alice", 2, 2, counters={"+1/+1": 1}), creature("z", "alice", 2, 2, counters={"-1/-1": 1}),
              creature("w", "alice", 2, 2),
              creature("h", "bob", 1, 1, "{T}: Destroy target creature with a counter on it",
                       "{1}: Target creature with a +1/+1 counter on it gains trample until end of turn"),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{1}"}])
    got = {(m.ability, m.target) for m in gt.Position(Stage.BEGINNING_OF_COMBAT, s, gt.DEFENCE).legal_moves
           if isinstance(m, AbilityActivation)}
    assert got == {(0, "x"), (0, "z"), (1, "x")}


def test_406_2_exile_and_400_7_return_leave_whatever_the_creature_has() -> None:
    """"Exile target attacking creature" takes alice's indestructible 3/3 with a regeneration shield out
    of the combat (702.12b, 701.19a are about destruction): bob at 3 lives; "return target creature to
    its owner's hand" the same. A board with such an ability and a death trigger is refused."""
    for line, itself in (("{T}: Exile target attacking creature", set()),
                         ("{T}: Return target creature to its owner's hand", {(("b",), (), 0)})):
        s = board(creature("x", "alice", 3, 3, "Indestructible", regeneration_shields=1),
                  creature("b", "bob", 0, 1, line), bob=3, attackers={"x": "bob"}, blockers={})
        assert results(s) == {((), (), 0), (("x",), (), 3)} | itself
    with pytest.raises(InputError) as exc:
        board(creature("b", "bob", 0, 1, "{T}: Exile target creature"),
              creature("d", "alice", 1, 1, "When ~ dies, you gain 3 life"))
    assert "700.4" in exc.value.message


def test_a_board_with_a_destruction_and_persist_is_refused() -> None:
    with pytest.raises(InputError) as exc:
        board(creature("k", "alice", 1, 1, "{T}: Destroy target creature"), creature("p", "bob", 2, 2, "Persist"))
    assert "702.79a" in exc.value.message and "destroy" in exc.value.message


# --- differential: generated boards against the references -------------------------------------------

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


@settings(max_examples=examples(5), deadline=None, suppress_health_check=SLOW)
@given(targeted_boards("blockers"))
def test_targeted_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(targeted_boards("attackers"))
def test_targeted_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(4), deadline=None, suppress_health_check=SLOW)
@given(targeted_boards("blockers"))
def test_targeted_verify_equals_minimax(data: dict) -> None:
    """verify (destruction on the stack, the others resolving at once) against the literal stack."""
    defender = data["players"][1]["name"]
    s = pysolver.load_data({**data, "goal": {"lethal": defender}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)
