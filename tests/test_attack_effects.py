"""Effects of attack triggers of the effect grammar (508.3a, 603.2; pysolver.model.abilities.OnCombat): two groups
pumped by one ability (611.2c), battalion with any effect (207.2c), intervening "if" clauses (603.4). Each rule
with a hand-stated expected set, real card lines, and the brute-force reference (tests/reference/triggers.py)
on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from hypothesis import HealthCheck, assume, given, settings
from strategies import examples, with_triggers
from test_triggers import after_attack, compare

import pysolver
from pysolver.files.cards import oracle_lines
from pysolver.model.abilities import parse_ability_line

KOS = "Whenever ~ attacks, attacking red creatures get +2/+0 and attacking white creatures get +0/+2 until end of turn"
MEDIC = ("Battalion — Whenever ~ and at least two other creatures attack, creatures you control gain indestructible "
         "until end of turn")
KNIGHT = "Whenever ~ attacks, if you control a Dinosaur, ~ gets +1/+1 until end of turn"
RATS = "Whenever ~ attacks, if defending player is poisoned, it gets +1/+1 until end of turn"
CONSUL = "Whenever ~ attacks, if it's renowned, other attacking creatures you control get +1/+1 until end of turn"
HERO = "Whenever ~ attacks, creatures with power 1 or less can't block this turn"
LOCKSMITH = "Whenever ~ attacks, creatures with defender can't block this turn"
SCOUT = "Whenever ~ attacks, untap each other creature you control"
HERD = ("Formidable — Whenever ~ attacks, if creatures you control have total power 8 or greater, creatures you "
        "control gain trample until end of turn")
ROC = ("Whenever ~ attacks, you may return target creature defending player controls with toughness 2 or less to its "
       "owner's hand")
AVENGERS = ("Whenever ~ attacks, you may return target creature to its owner's hand if its power is less than ~'s "
            "power")
PREYSEIZER = "Whenever ~ attacks, it deals damage to any target equal to the number of +1/+1 counters on ~"
EXEMPLAR = "Whenever ~ attacks, remove a -1/-1 counter from it. If you do, you gain 1 life"
SLIVER = "Whenever a Sliver you control attacks, defending player loses 1 life"
RAVAGER = ("Whenever ~ attacks, it gets +X/+0 until end of turn, where X is the number of lands defending player "
           "controls")
RHYS = "Whenever ~ attacks, you gain 1 life for each Elf you control"
BEASTMASTER = ("Whenever ~ attacks, each other creature you control gets +X/+X until end of turn, where X is ~'s "
               "power")


def lives(s: pysolver.Situation) -> set[int]:
    return {o["life"]["bob"] for o in pysolver.outcomes(s)}


def pumps(s: pysolver.Situation, ids: str) -> list[tuple[int, int]]:
    return [s.permanent(p).until_end_of_turn for p in ids]


def test_611_2c_two_groups_of_one_ability_get_their_own_pumps() -> None:
    """508.3a, 611.2c, 105.2: "attacking red creatures get +2/+0 and attacking white creatures get +0/+2": the red
    attacker +2/+0, the white one +0/+2, the red and white one both; the colorless source and the red creature
    that doesn't attack nothing."""
    s = board(creature("k", "alice", 1, 1, KOS), creature("r", "alice", 1, 1, colors=["red"]),
              creature("w", "alice", 1, 1, colors=["white"]), creature("m", "alice", 1, 1, colors=["red", "white"]),
              creature("n", "alice", 1, 1, colors=["red"]))
    after = after_attack(s, {"k": "bob", "r": "bob", "w": "bob", "m": "bob"})
    assert pumps(after, "krwmn") == [(0, 0), (2, 0), (0, 2), (2, 2), (0, 0)]


def test_207_2c_battalion_gives_creatures_you_control_indestructible() -> None:
    """207.2c, 508.3a, 702.12b: with two other attackers every creature alice controls is indestructible (the one
    that stays home too); with one other, none."""
    s = board(creature("f", "alice", 1, 1, MEDIC), creature("x", "alice", 1, 1), creature("y", "alice", 1, 1),
              creature("h", "alice", 1, 1), creature("b", "bob", 3, 3))  # (b: bob's, not reached)
    after = after_attack(s, {"f": "bob", "x": "bob", "y": "bob"})
    assert [after.permanent(p).keywords_until_end_of_turn for p in "fxyhb"] == [("indestructible",)] * 4 + [()]
    assert [after_attack(s, {"f": "bob", "x": "bob"}).permanent(p).keywords_until_end_of_turn for p in "fx"] == \
        [(), ()]


def test_603_4_if_you_control_a_creature_type() -> None:
    """603.4, 205.3m: "if you control a Dinosaur": alice's Dinosaur (attacking or not) or changeling (702.73a)
    pumps the knight; a face-down one (708.2a: no creature type) does not."""
    knight = creature("k", "alice", 2, 2, KNIGHT)
    for other, pumped in ((creature("d", "alice", 1, 1, subtypes=["Dinosaur"]), True),
                          (creature("d", "alice", 1, 1, "Changeling"), True),
                          (creature("d", "alice", 2, 2, subtypes=["Dinosaur"], face_down=True), False)):
        after = after_attack(board(knight, other), {"k": "bob"})
        assert after.permanent("k").until_end_of_turn == ((1, 1) if pumped else (0, 0)), other


def test_603_4_if_you_control_a_creature_type_beside_an_activated_ability_is_refused() -> None:
    """117.3b, 603.4: bob's pinger could kill the Dinosaur while the trigger waits, and then it does nothing:
    refused, both named."""
    with pytest.raises(pysolver.InputError, match=r"permanents\[2\].*'p'.*'k'"):
        board(creature("k", "alice", 2, 2, KNIGHT), creature("d", "alice", 1, 1, subtypes=["Dinosaur"]),
              creature("p", "bob", 1, 1, "{T}: ~ deals 1 damage to target creature"))


def test_603_4_207_2c_formidable_total_power() -> None:
    """603.4, 207.2c: alice's 5/5 and 3/3 have total power 8: both gain trample (the one at home too); with a 2/2
    instead (7), nothing."""
    for power, keywords in ((3, ("trample",)), (2, ())):
        s = board(creature("h", "alice", 5, 5, HERD), creature("x", "alice", power, power))
        assert [after_attack(s, {"h": "bob"}).permanent(p).keywords_until_end_of_turn for p in "hx"] == [keywords] * 2


def test_603_4_if_defending_player_is_poisoned() -> None:
    """603.4, 506.2, 122.1f: the rats get +1/+1 attacking bob with a poison counter, not carol with none."""
    s = board(creature("r", "alice", 1, 1, RATS),
              players=[{"name": "alice"}, {"name": "bob", "poison": 1}, {"name": "carol"}])
    assert after_attack(s, {"r": "bob"}).permanent("r").until_end_of_turn == (1, 1)
    assert after_attack(s, {"r": "carol"}).permanent("r").until_end_of_turn == (0, 0)


def test_603_4_if_its_renowned() -> None:
    """603.4, 702.112b: renowned, the lieutenant gives the other attackers +1/+1; not renowned, nothing."""
    for renowned, pump in ((True, (1, 1)), (False, (0, 0))):
        s = board(creature("c", "alice", 2, 2, CONSUL, renowned=renowned), creature("x", "alice", 1, 1))
        assert pumps(after_attack(s, {"c": "bob", "x": "bob"}), "cx") == [(0, 0), pump]


def test_509_1b_611_2c_creatures_with_power_1_or_less_cant_block() -> None:
    """509.1b, 611.2c: as the hero attacks, bob's 1/1 can't block this turn, his 2/2 can: it blocks and trades,
    or bob takes 2."""
    s = board(creature("h", "alice", 2, 2, HERO), creature("a", "bob", 1, 1), creature("b", "bob", 2, 2))
    after = after_attack(s, {"h": "bob"})
    assert [after.permanent(p).cant_block_this_turn for p in "ab"] == [True, False]
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {
        (20, ()), (18, ()), (20, ("b", "h"))}


def test_509_1b_creatures_with_defender_cant_block() -> None:
    """509.1b, 702.3b: bob's wall with defender can't block this turn, his 1/1 without it can."""
    s = board(creature("l", "alice", 2, 2, LOCKSMITH), creature("w", "bob", 0, 4, "Defender"),
              creature("a", "bob", 1, 1))
    assert [after_attack(s, {"l": "bob"}).permanent(p).cant_block_this_turn for p in "wa"] == [True, False]


def test_611_2c_cant_block_beside_a_pump_is_refused() -> None:
    """611.2c, 117.3b: bob could pump his 1/1 to power 2 after the trigger resolved, and then it could block:
    refused, both named."""
    with pytest.raises(pysolver.InputError, match=r"permanents\[1\].*'a'.*'h'"):
        board(creature("h", "alice", 2, 2, HERO), creature("a", "bob", 1, 1, "{R}: ~ gets +1/+0 until end of turn"))


def test_701_26b_untap_each_other_creature_you_control() -> None:
    """701.26b: alice's tapped creature that stays home untaps, bob's stays tapped; the attackers stay attacking
    (508.1f: the solver reads an attacker's being tapped off its attacking, and a board where an untapped one
    could be read is refused, below)."""
    s = board(creature("c", "alice", 1, 1, SCOUT), creature("x", "alice", 1, 1), creature("t", "alice", 1, 1,
                                                                                          tapped=True),
              creature("b", "bob", 1, 1, tapped=True))
    after = after_attack(s, {"c": "bob", "x": "bob"})
    assert [after.permanent(p).tapped for p in "tb"] == [False, True]
    assert after.combat.attackers == (("c", "bob"), ("x", "bob"))


def test_701_26b_untap_beside_a_tap_cost_is_refused() -> None:
    """602.5a, 508.1f: an untapped attacker could pay a {T} cost: refused, both named."""
    with pytest.raises(pysolver.InputError, match=r"permanents\[1\].*'p'.*'c'"):
        board(creature("c", "alice", 1, 1, SCOUT), creature("p", "alice", 1, 1, "{T}: ~ deals 1 damage to any "
                                                                                "target"))


def test_119_3_you_gain_life_for_each_creature_type_you_control() -> None:
    """119.3, 205.3m: Rhys (an Elf) with another Elf and a changeling (702.73a): alice gains 3; bob's Elf and
    alice's face-down Elf (708.2a) are not counted."""
    s = board(creature("r", "alice", 2, 2, RHYS, subtypes=["Elf"]), creature("e", "alice", 1, 1, subtypes=["Elf"]),
              creature("c", "alice", 1, 1, "Changeling"), creature("d", "alice", 2, 2, subtypes=["Elf"],
                                                                   face_down=True),
              creature("b", "bob", 1, 1, subtypes=["Elf"]))
    assert after_attack(s, {"r": "bob"}).player("alice").life == 23


def test_613_4c_107_1b_other_creatures_get_x_where_x_is_its_power() -> None:
    """613.4c, 608.2h: the 3/3 gives alice's other creatures +3/+3, not bob's nor itself; at power -1 (107.1b: X is
    0) nothing."""
    s = board(creature("w", "alice", 3, 3, BEASTMASTER), creature("x", "alice", 1, 1), creature("b", "bob", 1, 1))
    assert pumps(after_attack(s, {"w": "bob"}), "wxb") == [(0, 0), (3, 3), (0, 0)]
    s = board(creature("w", "alice", 3, 3, BEASTMASTER, until_end_of_turn="-4/+0"), creature("x", "alice", 1, 1))
    assert pumps(after_attack(s, {"w": "bob"}), "x") == [(0, 0)]


def test_506_2_x_is_the_number_of_lands_defending_player_controls() -> None:
    """613.4c, 506.2: attacking bob, who controls two lands, the ravager gets +2/+0 (alice's land not counted);
    attacking carol, who controls none, nothing."""
    lands = [{"id": i, "controller": c, "types": ["Land"]} for i, c in (("l", "bob"), ("m", "bob"), ("n", "alice"))]
    s = board(creature("t", "alice", 3, 3, RAVAGER), *lands, carol=20)
    assert after_attack(s, {"t": "bob"}).permanent("t").until_end_of_turn == (2, 0)
    assert after_attack(s, {"t": "carol"}).permanent("t").until_end_of_turn == (0, 0)


def test_608_2h_x_beside_another_attack_trigger_is_refused() -> None:
    """603.3b: exalted could resolve before or after the trigger (X 3 or 4): refused, both named."""
    with pytest.raises(pysolver.InputError, match=r"permanents\[1\].*'e'.*'w'"):
        board(creature("w", "alice", 3, 3, BEASTMASTER), creature("e", "alice", 1, 1, "Exalted"))


def test_400_7_return_target_creature_with_toughness_2_or_less() -> None:
    """115.1, 400.7, 603.5: the roc may return bob's 2/2 (toughness 2) to his hand, never his 1/3: then only the
    1/3 can block it; "destroyed" lists the creatures that left the battlefield."""
    s = board(creature("r", "alice", 2, 2, ROC), creature("s", "bob", 2, 2), creature("t", "bob", 1, 3))
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {
        (20, ()), (18, ()), (20, ("r", "s")), (20, ("r",)), (18, ("s",)), (20, ("s",))}


def test_608_2h_return_target_creature_if_its_power_is_less() -> None:
    """608.2h, 400.7: the 4/4 may return bob's 3/3 (power 3 < 4) to his hand; targeting his 5/5 or itself does
    nothing: the 5/5 never leaves."""
    s = board(creature("e", "alice", 4, 4, AVENGERS), creature("s", "bob", 3, 3), creature("t", "bob", 5, 5))
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {
        (20, ()), (16, ()), (16, ("s",)), (20, ("s",)), (20, ("e",)), (20, ("e", "s"))}


def test_608_2h_damage_equal_to_the_counters_on_it() -> None:
    """120.3, 608.2h: the 2/2 with two +1/+1 counters (a 4/4) deals 2 to the target its controller must choose
    (115.4: bob, then 4 combat damage; alice; or itself); without counters it deals none (bob 10 - 2)."""
    s = board(creature("d", "alice", 2, 2, PREYSEIZER, counters={"+1/+1": 2}), bob=10)
    assert {(o["life"]["bob"], o["life"]["alice"]) for o in pysolver.outcomes(s)} == {(10, 20), (4, 20), (6, 18),
                                                                                      (6, 20)}
    assert lives(board(creature("d", "alice", 2, 2, PREYSEIZER), bob=10)) == {10, 8}


def test_608_2c_remove_a_counter_if_you_do_gain_life() -> None:
    """122.1a, 608.2c: the 2/8 with three -1/-1 counters (a -1/5) keeps two (0/6) and alice gains 1; without a
    counter to remove she gains nothing."""
    s = board(creature("x", "alice", 2, 8, EXEMPLAR, counters={"-1/-1": 3}))
    after = after_attack(s, {"x": "bob"})
    assert (after.permanent("x").minus_counters, after.player("alice").life) == (2, 21)
    after = after_attack(board(creature("x", "alice", 2, 8, EXEMPLAR)), {"x": "bob"})
    assert (after.permanent("x").minus_counters, after.player("alice").life) == (0, 20)


def test_603_2c_whenever_a_creature_type_you_control_attacks() -> None:
    """508.3a, 603.2c, 205.3m: once for each attacking Sliver alice controls, the watcher's own attack too: w or x
    alone, 1 combat damage and 1 life lost; both, 2 and 2."""
    s = board(creature("w", "alice", 1, 1, SLIVER, subtypes=["Sliver"]),
              creature("x", "alice", 1, 1, subtypes=["Sliver"]))
    assert lives(s) == {20, 18, 16}


@pytest.mark.parametrize(("name", "text", "terms"), [
    ("Agrus Kos, Wojek Veteran", "Whenever Agrus Kos, Wojek Veteran attacks, attacking red creatures get +2/+0 and "
     "attacking white creatures get +0/+2 until end of turn.",
     ["on_attack(attacks,group(attacking,each,color(red)),gets(2,0))",
      "on_attack(attacks,group(attacking,each,color(white)),gets(0,2))"]),
    ("Frontline Medic", "Battalion — Whenever Frontline Medic and at least two other creatures attack, creatures you "
     "control gain indestructible until end of turn.",
     ["on_attack(battalion,group(you,each,any),gains(indestructible))"]),
    ("Tilonalli's Knight", "Whenever Tilonalli's Knight attacks, if you control a Dinosaur, Tilonalli's Knight gets "
     "+1/+1 until end of turn.", ['on_attack(if(attacks,controls(creature_type("dinosaur"))),self,gets(1,1))']),
    ("Septic Rats", "Whenever Septic Rats attacks, if defending player is poisoned, it gets +1/+1 until end of turn.",
     ["on_attack(if(attacks,poisoned),self,gets(1,1))"]),
    ("Consul's Lieutenant", "Whenever Consul's Lieutenant attacks, if it's renowned, other attacking creatures you "
     "control get +1/+1 until end of turn.", ["on_attack(if(attacks,renowned),group(attacking,other,any),gets(1,1))"]),
    ("Goblin Locksmith", "Whenever Goblin Locksmith attacks, creatures with defender can't block this turn.",
     ["on_attack(attacks,group(all,each,keyword(defender)),cant_block)"]),
    ("Hero of Oxid Ridge", "Whenever Hero of Oxid Ridge attacks, creatures with power 1 or less can't block this "
     "turn.", ["on_attack(attacks,group(all,each,cmp(power,le,n(1))),cant_block)"]),
    ("Copperhorn Scout", "Whenever Copperhorn Scout attacks, untap each other creature you control.",
     ["on_attack(attacks,group(you,other,any),untap)"]),
    ("Stampeding Elk Herd", "Formidable — Whenever Stampeding Elk Herd attacks, if creatures you control have total "
     "power 8 or greater, creatures you control gain trample until end of turn.",
     ["on_attack(if(attacks,total_power(8)),group(you,each,any),gains(trample))"]),
    ("Skymark Roc", "Whenever Skymark Roc attacks, you may return target creature defending player controls with "
     "toughness 2 or less to its owner's hand.",
     ["on_target(attacks,target(defending,cmp(toughness,le,n(2))),bounce,may)"]),
    ("Sage-Eye Avengers", "Whenever Sage-Eye Avengers attacks, you may return target creature to its owner's hand "
     "if its power is less than Sage-Eye Avengers's power.", ["on_target(attacks,target(creature),bounce_weaker,may)"]),
    ("Preyseizer Dragon", "Whenever Preyseizer Dragon attacks, it deals damage to target creature or player equal "
     "to the number of +1/+1 counters on Preyseizer Dragon.", ["on_target(attacks,target(any),damage_counters,must)"]),
    ("Exemplar of Strength", "Whenever Exemplar of Strength attacks, remove a -1/-1 counter from it. If you do, you "
     "gain 1 life.", ["on_attack(attacks,self,remove_minus(1))"]),
    ("Leeching Sliver", "Whenever a Sliver you control attacks, defending player loses 1 life.",
     ['type_attacks_loss("sliver",1)']),
    ("Terra Ravager", "Whenever Terra Ravager attacks, it gets +X/+0 until end of turn, where X is the number of "
     "lands defending player controls.", ["on_attack(attacks,self,gets_lands)"]),
    ("Rhys the Exiled", "Whenever Rhys the Exiled attacks, you gain 1 life for each Elf you control.",
     ['on_attack(attacks,controller,gain_life_each(1,creature_type("elf")))']),
    ("Wild Beastmaster", "Whenever Wild Beastmaster attacks, each other creature you control gets +X/+X until end of "
     "turn, where X is Wild Beastmaster's power.", ["on_attack(attacks,group(you,other,any),gets_power)"]),
    ("Aurochs", "Whenever Aurochs attacks, it gets +1/+0 until end of turn for each other attacking Aurochs.",
     ['attacks_pump_each_type(1,0,"aurochs")']),  # 205.3m: the creature type the card is named for
])
def test_real_attack_effect_lines_parse(name: str, text: str, terms: list[str]) -> None:
    lines, unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    assert [a.term for line in lines for a in parse_ability_line(line, name)] == terms


LINES = (KOS, MEDIC, KNIGHT, RATS, CONSUL, HERO, LOCKSMITH, SCOUT, RHYS, BEASTMASTER, HERD, ROC, RAVAGER, AVENGERS,
         PREYSEIZER, EXEMPLAR, SLIVER)


@settings(max_examples=examples(2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, LINES)))
def test_attack_effects_equal_reference(data: dict[str, Any]) -> None:
    """The forms above over whole combats, against the reference (creature types, colors, poison and renown as
    the generated boards have them; a Kos beside a face-down permanent that could be turned face up is refused,
    611.2c: pysolver.files.loader)."""
    try:
        pysolver.load_data(data)
    except pysolver.InputError:
        assume(False)
    compare(data)
