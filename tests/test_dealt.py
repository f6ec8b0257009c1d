"""Damage triggers (603.2, 120.3; pysolver.rules.dealt, encodings/dealt.lp): "Whenever ~ is dealt [combat]
damage, …" and "Whenever ~ deals [combat] damage [to <recipient>], …": each rule with a hand-stated set of
results, the real cards' lines, the refusals, and the brute-force reference (tests/reference/dealt.py) on
generated boards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from hypothesis import HealthCheck, assume, given, settings
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.errors import InputError
from pysolver.game import fights
from pysolver.game import gametree as gt
from pysolver.game.outcomes import count_path, outcome_values
from pysolver.model.abilities import UnknownAbilityLine, parse_ability_line
from pysolver.rules import dealt

GAIN = "Whenever ~ is dealt damage, you gain that much life"
COUNTER = "Whenever ~ is dealt damage, put a +1/+1 counter on it"
RECKONER = "Whenever ~ is dealt damage, it deals that much damage to any target"
LIFELINK_LIKE = "Whenever ~ deals damage, you gain that much life"


def results(s: pysolver.Situation) -> set[tuple[Any, ...]]:
    """(alice's life, bob's life, destroyed, damage) of each outcome."""
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"]), tuple(sorted(o["damage"].items())))
            for o in pysolver.outcomes(s)}


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Boros Reckoner", "Whenever Boros Reckoner is dealt damage, it deals that much damage to any target.",
     "is_dealt_damage(any,any,damage(much,any))"),
    ("Wall of Souls", "Whenever Wall of Souls is dealt combat damage, it deals that much damage to target opponent.",
     "is_dealt_damage(combat,any,damage(much,opponent))"),
    ("Frilled Deathspitter", "Enrage — Whenever Frilled Deathspitter is dealt damage, it deals 2 damage to target "
     "opponent.", "is_dealt_damage(any,any,damage(2,opponent))"),
    ("Needletooth Raptor", "Enrage — Whenever Needletooth Raptor is dealt damage, it deals 5 damage to target "
     "creature an opponent controls.", "is_dealt_damage(any,any,damage(5,creature_opponent))"),
    ("Coalhauler Swine", "Whenever Coalhauler Swine is dealt damage, it deals that much damage to each player.",
     "is_dealt_damage(any,any,damage(much,each_player))"),
    ("Shinka Gatekeeper", "Whenever Shinka Gatekeeper is dealt damage, it deals that much damage to you.",
     "is_dealt_damage(any,any,damage(much,you))"),
    ("Snapping Sailback", "Enrage — Whenever Snapping Sailback is dealt damage, put a +1/+1 counter on it.",
     "is_dealt_damage(any,any,counters(1))"),
    ("Imperial Ceratops", "Enrage — Whenever Imperial Ceratops is dealt damage, you gain 2 life.",
     "is_dealt_damage(any,any,gain(2))"),
    ("Grollub", "Whenever Grollub is dealt damage, each opponent gains that much life.",
     "is_dealt_damage(any,any,opponents_gain(much))"),
    ("Sunhome Enforcer", "Whenever Sunhome Enforcer deals combat damage, you gain that much life.",
     "deals_damage(combat,any,gain(much))"),
    ("Horned Cheetah", "Whenever Horned Cheetah deals damage, you gain that much life.",
     "deals_damage(any,any,gain(much))"),
    ("Dinosaur Hunter", "Whenever Dinosaur Hunter deals damage to a Dinosaur, destroy that creature.",
     'deals_damage(any,creature_type("dinosaur"),destroy)'),
    ("Pit Scorpion", "Whenever Pit Scorpion deals damage to a player, that player gets a poison counter.",
     "deals_damage(any,player,poison(1))"),
    ("Matsu-Tribe Sniper", "Whenever Matsu-Tribe Sniper deals damage to a creature, tap that creature and it "
     "doesn't untap during its controller's next untap step.", "deals_damage(any,creature,tap)"),
    ("Witherscale Wurm", "Whenever Witherscale Wurm deals damage to an opponent, remove all -1/-1 counters from it.",
     "deals_damage(any,opponent,uncounter)"),
    ("Ammit Eternal", "Whenever Ammit Eternal deals combat damage to a player, remove all -1/-1 counters from it.",
     "deals_damage(combat,player,uncounter)"),
    ("Borborygmos", "Whenever Borborygmos deals combat damage to a player, put a +1/+1 counter on each creature "
     "you control.", "deals_damage(combat,player,counters_yours(1))"),
    ("Drana, Liberator of Malakir", "Whenever Drana, Liberator of Malakir deals combat damage to a player, put a "
     "+1/+1 counter on each attacking creature you control.", "deals_damage(combat,player,counters_attacking(1))"),
    ("Souls of the Faultless", "Whenever Souls of the Faultless is dealt combat damage, you gain that much life and "
     "attacking player loses that much life.", "is_dealt_damage(combat,any,drain_attacking(much))"),
    ("Grenzo's Ruffians", "Whenever Grenzo's Ruffians deals combat damage to an opponent, it deals that much damage "
     "to each other opponent.", "deals_damage(combat,opponent,damage(much,each_other_opponent))"),
    ("Necropolis Regent", "Whenever a creature you control deals combat damage to a player, put that many +1/+1 "
     "counters on it.", "yours_deal_damage(combat,player,counters(much))"),
    ("Skirk Commando", "Whenever Skirk Commando deals combat damage to a player, you may have it deal 2 damage to "
     "target creature that player controls.", "deals_damage(combat,player,damage(2,may(creature_that_player)))"),
    ("Snapping Thragg", "Whenever Snapping Thragg deals combat damage to a player, you may have it deal 3 damage to "
     "target creature that player controls.", "deals_damage(combat,player,damage(3,may(creature_that_player)))"),
    ("Mistblade Shinobi", "Whenever Mistblade Shinobi deals combat damage to a player, you may return target creature "
     "that player controls to its owner's hand.",
     "deals_damage(combat,player,bounce_target(may(creature_that_player)))"),
    ("Caustic Wasps", "Whenever Caustic Wasps deals combat damage to a player, you may destroy target artifact that "
     "player controls.", "deals_damage(combat,player,destroy_target(may(artifact_that_player)))"),
    ("Trygon Predator", "Whenever Trygon Predator deals combat damage to a player, you may destroy target artifact or "
     "enchantment that player controls.",
     "deals_damage(combat,player,destroy_target(may(artifact_or_enchantment_that_player)))"),
    ("Thalakos Dreamsower", "Whenever Thalakos Dreamsower deals damage to an opponent, tap target creature. That "
     "creature doesn't untap during its controller's untap step for as long as Thalakos Dreamsower remains tapped.",
     "deals_damage(any,opponent,tap_target(creature))"),
    ("Emissary of Hope", "Whenever Emissary of Hope deals combat damage to a player, you gain 1 life for each "
     "artifact that player controls.", "deals_damage(combat,player,gain_each_artifact(1))"),
    ("Toxin Sliver", "Whenever a Sliver deals combat damage to a creature, destroy that creature. It can't be "
     "regenerated.", 'type_deals_damage(combat,creature,destroy_unregenerable,all,"sliver")'),
    ("Serpentine Basilisk", "Whenever Serpentine Basilisk deals combat damage to a creature, destroy that creature at "
     "end of combat.", "deals_damage(combat,creature,destroy_at_end)"),
    ("Sosuke, Son of Seshiro", "Whenever a Warrior you control deals combat damage to a creature, destroy that "
     "creature at end of combat.", 'type_deals_damage(combat,creature,destroy_at_end,yours,"warrior")'),
    ("Electryte", "Whenever Electryte deals combat damage to defending player, it deals damage equal to its power to "
     "each blocking creature.", "deals_damage(combat,player,damage(power,each_blocking))"),
    ("Pit Spawn", "Whenever Pit Spawn deals damage to a creature, exile that creature.",
     "deals_damage(any,creature,exile)"),
    ("Leyline Phantom", "When Leyline Phantom deals combat damage, return it to its owner's hand.",
     "deals_damage(combat,any,bounce)"),
])
def test_603_2_real_lines_parse(name: str, line: str, term: str) -> None:
    """603.2, 120.3: the oracle lines of real cards, the card's name read as the creature."""
    assert [a.term for a in parse_ability_line(line, name)] == [term]


@pytest.mark.parametrize("line", [
    "Whenever ~ is dealt damage to a player, you gain 1 life",  # only a creature's own damage is read
    "Whenever ~ deals damage to a player, destroy that creature",  # a player is no creature
    "Whenever ~ deals damage, tap that creature",  # "that creature" needs a creature recipient
    "Whenever ~ is dealt damage, put that much +1/+1 counters on it",
    "Whenever ~ is dealt damage, it deals that much damage to each other opponent",
    # "that player" needs a player dealt damage; "you may" only beside a target
    "Whenever ~ deals damage to a creature, you may have it deal 2 damage to target creature that player controls",
    "Whenever ~ is dealt damage, you may have it deal 2 damage to you",
    "Whenever ~ is dealt damage, you gain 2 life and attacking player loses 3 life",  # two amounts
])
def test_603_2_other_forms_are_not_understood(line: str) -> None:
    with pytest.raises(UnknownAbilityLine):
        parse_ability_line(line, None)


def test_603_2c_one_event_however_many_sources() -> None:
    """510.2, 603.2c: an 0/6 attacker blocked by a 2/2 and a 1/1 is dealt 3 combat damage in one event: its
    "you gain that much life" triggers once, for 3."""
    s = board(creature("x", "alice", 0, 6, GAIN), creature("y", "bob", 2, 2), creature("z", "bob", 1, 1),
              attackers={"x": "bob"}, blockers={"y": ["x"], "z": ["x"]})
    (o,) = pysolver.outcomes(s)
    assert o["life"]["alice"] == 23
    assert [(t["kind"], t["amount"]) for t in o["line"]["targets"]] == [("is_dealt_damage", 3)]


def test_510_4_each_damage_step_is_an_event() -> None:
    """510.4, 122.1a: a 1/4 blocking a 2/2 double striker is dealt 2 in the first-strike step: its counter
    makes it 2/5 before the regular step, where it survives 2 more and its 2 damage kills the attacker;
    the second step triggers it again. Without the line the 1/4 dies and the attacker lives."""
    striker = creature("x", "alice", 2, 2, "Double strike")
    s = board(striker, creature("y", "bob", 1, 4, COUNTER), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("x",), (("y", 4),))}
    s = board(striker, creature("y", "bob", 1, 4), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("y",), (("x", 1),))}


def test_120_3_noncombat_damage_is_an_event_too() -> None:
    """120.3, 603.2, 603.3b: a 1/1 attacker with "When ~ dies, it deals 2 damage to target creature" blocked
    by a 1/4 that gains that much life when dealt damage: the combat damage (1) and, after the attacker
    dies, its death trigger's damage to the blocker (2, the only creature) each trigger it: bob 23."""
    s = board(creature("x", "alice", 1, 1, "When ~ dies, it deals 2 damage to target creature"),
              creature("y", "bob", 1, 4, GAIN), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 23, ("x",), (("y", 3),))}


def test_608_2h_a_source_that_died_deals_that_much_as_it_last_existed() -> None:
    """113.7a, 608.2h: a 3/3 dealt 4 by a 4/4 dies, and its trigger still deals 4 to any target: alice, bob
    or the attacker (3 + 4 damage: it dies too); unblocked, bob takes 4."""
    s = board(creature("x", "alice", 4, 4), creature("r", "bob", 3, 3, RECKONER), attackers={"x": "bob"})
    assert results(s) == {(16, 20, ("r",), (("x", 3),)), (20, 16, ("r",), (("x", 3),)), (20, 20, ("r", "x"), ()),
                          (20, 16, (), ())}


def test_603_3d_a_trigger_without_a_legal_target_is_removed() -> None:
    """603.3d: "5 damage to target creature an opponent controls" after the only opponent's creature died
    is not put on the stack; a living attacker is dealt the 5."""
    line = "Whenever ~ is dealt damage, it deals 5 damage to target creature an opponent controls"
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 2, 5, line), attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("x",), (("y", 2),))}
    s = board(creature("x", "alice", 1, 3), creature("y", "bob", 1, 5, line), attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("x",), (("y", 1),))}


def test_702_16e_prevented_damage_is_not_dealt() -> None:
    """702.16e, 603.2g: damage prevented by protection is not dealt and triggers nothing."""
    s = board(creature("x", "alice", 2, 2, colors=["red"]), creature("y", "bob", 0, 4, GAIN, "Protection from red"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 20, (), ())}


def test_708_2a_a_face_down_creature_has_no_damage_trigger() -> None:
    """708.2a: the face-down 2/2 trades with the attacker and bob gains nothing."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 0, 4, GAIN, "Morph {5}", face_down=True),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("x", "y"), ())}


def test_603_2c_deals_damage_once_for_all_it_dealt() -> None:
    """603.2c: a 4/4 trampler with "Whenever ~ deals damage, you gain that much life" blocked by a 1/1 deals
    4 in one event (to the blocker and bob): alice gains 4 whatever the split (702.19b)."""
    s = board(creature("x", "alice", 4, 4, "Trample", LIFELINK_LIKE), creature("y", "bob", 1, 1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(24, 17, ("y",), (("x", 1),)), (24, 18, ("y",), (("x", 1),)),
                          (24, 19, ("y",), (("x", 1),)), (24, 20, ("y",), (("x", 1),))}


def test_205_3m_deals_damage_to_a_creature_of_a_type() -> None:
    """205.3m, 702.73a, 701.8a: "deals damage to a Dinosaur, destroy that creature" destroys a Dinosaur
    blocker and a changeling one, not another."""
    hunter = creature("x", "alice", 1, 1, "Whenever ~ deals damage to a Dinosaur, destroy that creature")
    for extra, destroyed in (({"subtypes": ["Dinosaur"]}, ("x", "y")), ({"abilities": ["Changeling"]}, ("x", "y")),
                             ({"subtypes": ["Elf"]}, ("x",))):
        y = {**creature("y", "bob", 1, 4), **extra}
        s = board(hunter, y, attackers={"x": "bob"}, blockers={"y": ["x"]})
        assert {r[2] for r in results(s)} == {destroyed}, extra


def test_122_1f_that_player_gets_a_poison_counter() -> None:
    s = board(creature("x", "alice", 1, 1, "Whenever ~ deals damage to a player, that player gets a poison counter"),
              attackers={"x": "bob"}, blockers={})
    (o,) = pysolver.outcomes(s)
    assert (o["life"]["bob"], o["poison"]) == (19, {"bob": 1})


def test_120_3_an_attack_trigger_s_damage_triggers_deals_damage() -> None:
    """508.3a, 120.3, 603.2: the attack trigger's 1 damage to target creature is dealt by the attacker, whose
    "deals damage to a creature, destroy that creature" then destroys it before blocks: bob's 0/4, or the
    attacker itself; or it does not attack."""
    x = creature("x", "alice", 1, 1, "Whenever ~ attacks, it deals 1 damage to target creature",
                 "Whenever ~ deals damage to a creature, destroy that creature")
    s = board(x, creature("y", "bob", 0, 4), bob=10)
    assert {r[1:3] for r in results(s)} == {(10, ()), (9, ("y",)), (10, ("x",))}


def test_704_5a_a_loss_from_that_much_damage_to_each_player() -> None:
    """704.5a: "it deals that much damage to each player": a 0/3 dealt 2 by the 2/2 it blocks makes both
    players lose 2: bob at 2 loses (alice at 5 lives)."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 0, 3, "Whenever ~ is dealt damage, it deals that "
                                                          "much damage to each player"),
              alice=5, bob=2, attackers={"x": "bob"}, blockers={"y": ["x"]})
    (o,) = pysolver.outcomes(s)
    assert (o["life"], o["lost"]) == ({"alice": 3, "bob": 0}, ["bob"])


DRANA = "Whenever ~ deals combat damage to a player, put a +1/+1 counter on each attacking creature you control"
BORBORYGMOS = "Whenever ~ deals combat damage to a player, put a +1/+1 counter on each creature you control"


def test_510_4_counters_on_each_attacking_creature_before_the_regular_step() -> None:
    """510.4, 122.1a, 608.2: a 2/2 first striker's 2 to bob puts a counter on each attacking creature alice
    controls before the regular step: the other attacker deals 3 (bob 15); blocked by a 3/3, it now kills
    it (and dies of its 3); without the line it deals 2 and the 3/3 lives."""
    d = creature("d", "alice", 2, 2, "First strike", DRANA)
    s = board(d, creature("x", "alice", 2, 2), creature("y", "alice", 1, 1), attackers={"d": "bob", "x": "bob"},
              blockers={})
    assert results(s) == {(20, 15, (), ())}
    s = board(d, creature("x", "alice", 2, 2), creature("b", "bob", 3, 3), attackers={"d": "bob", "x": "bob"},
              blockers={"b": ["x"]})
    assert results(s) == {(20, 18, ("b", "x"), ())}
    s = board(creature("d", "alice", 2, 2, "First strike"), creature("x", "alice", 2, 2), creature("b", "bob", 3, 3),
              attackers={"d": "bob", "x": "bob"}, blockers={"b": ["x"]})
    assert results(s) == {(20, 18, ("x",), (("b", 2),))}


@pytest.mark.parametrize(("line", "countered"), [(DRANA, {"d", "x"}), (BORBORYGMOS, {"d", "x", "y"})])
def test_122_1a_each_creature_you_control_or_each_attacking_one(line: str, countered: set[str]) -> None:
    """122.1a, 506.4: "each attacking creature you control" is the attackers alice controls, not her creature
    that did not attack nor bob's; "each creature you control" is all of hers."""
    s = board(creature("d", "alice", 2, 2, line), creature("x", "alice", 2, 2), creature("y", "alice", 1, 1),
              creature("b", "bob", 1, 1), attackers={"d": "bob", "x": "bob"}, blockers={})
    (t,) = dealt.triggered(s, frozenset({("d", "bob", 2), ("x", "bob", 2)}), True)
    after = dealt.resolved(s, t)
    assert {p.id for p in after.permanents if p.pt_counters == ((1, 1, 1),)} == countered


COMMANDO = "Whenever ~ deals combat damage to a player, you may have it deal 2 damage to target creature that player " \
           "controls"


def test_603_5_target_creature_that_player_controls() -> None:
    """603.2c, 115.1, 603.5: the attacker's 1 to bob lets alice have it deal 2 to a creature bob controls (his
    1/2 dies) or to none; carol's creature and alice's are no legal targets."""
    s = board(creature("k", "alice", 1, 1, COMMANDO), creature("y", "bob", 1, 2), creature("z", "carol", 1, 1),
              creature("w", "alice", 1, 2), carol=20, attackers={"k": "bob"}, blockers={})
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {(19, ()), (19, ("y",))}


def test_603_3d_no_creature_of_that_player() -> None:
    """603.3d, 603.5: carol controls no creature: the trigger of the attacker's 1 to her has no target (put
    with none or removed, the same end); bob's 1/1 is no target of it."""
    s = board(creature("k", "alice", 1, 1, COMMANDO), creature("y", "bob", 1, 1), carol=20, attackers={"k": "carol"},
              blockers={})
    assert {(o["life"]["carol"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {(19, ())}


SOULS = "Whenever ~ is dealt combat damage, you gain that much life and attacking player loses that much life"


RUFFIANS = "Whenever ~ deals combat damage to an opponent, it deals that much damage to each other opponent"


@pytest.mark.parametrize(("carol", "lives"), [(20, (18, 18)), (None, (18, None))])
def test_102_2_each_other_opponent(carol: int | None, lives: tuple[int, int | None]) -> None:
    """102.2, 603.2c: the 2/2 unblocked deals 2 to bob and then that much to each opponent but bob: carol, if
    she plays (alice loses nothing)."""
    s = board(creature("x", "alice", 2, 2, RUFFIANS), carol=carol, attackers={"x": "bob"}, blockers={})
    (o,) = pysolver.outcomes(s)
    assert (o["life"]["alice"], o["life"]["bob"], o["life"].get("carol")) == (20, *lives)


REGENT = "Whenever a creature you control deals combat damage to a player, put that many +1/+1 counters on it"


def test_603_2c_each_creature_you_control_that_dealt_combat_damage() -> None:
    """603.2c, 510.4, 122.1a: alice's 2/2 first striker and 1/1 double striker hit bob in the first-strike step
    (2 + 1): the 2/2 gets 2 counters, the 1/1 one (2/2), whose regular hit is 2 (bob 20 - 3 - 2 = 15); bob's
    own Regent-like creature watches only his creatures; without the line bob ends at 16."""
    s = board(creature("r", "alice", 0, 1, REGENT), creature("x", "alice", 2, 2, "First strike"),
              creature("y", "alice", 1, 1, "Double strike"), creature("b", "bob", 0, 1, REGENT),
              attackers={"x": "bob", "y": "bob"}, blockers={})
    assert results(s) == {(20, 15, (), ())}
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("y", "alice", 1, 1, "Double strike"),
              attackers={"x": "bob", "y": "bob"}, blockers={})
    assert results(s) == {(20, 16, (), ())}


def test_506_2_the_attacking_player_loses_that_much() -> None:
    """506.2, 119.3: bob's 0/4 blocker dealt 3 by alice's 3/3: bob gains 3 and alice, the attacking (active)
    player, loses 3; alice's own 2/4 attacker with the line, blocked by a 2/2: she gains 2 and loses 2."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 0, 4, "Defender", SOULS), attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert results(s) == {(17, 23, (), (("y", 3),))}
    s = board(creature("x", "alice", 2, 4, SOULS), creature("y", "bob", 2, 2), attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("y",), (("x", 2),))}


def test_damage_triggers_keep_the_board_off_the_fight_split() -> None:
    """603.2: a damage trigger's damage may reach any fight: the board is walked (fights.decomposes)."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 1, 4, RECKONER), attackers={"x": "bob"})
    assert not fights.decomposes(s) and count_path(gt.root(s)) == "walk"


@pytest.mark.parametrize(("extra", "message"), [
    (creature("p", "bob", 1, 1, "Persist"), "persist or undying"),
    (creature("w", "alice", 1, 1, "Ward {1}"), "ward"),
    (creature("i", "bob", 1, 1, "{W}: ~ gains indestructible until end of turn"), "indestructible"),
    (creature("f", "alice", 1, 1, "Sacrifice ~: Prevent all combat damage that would be dealt this turn"),
     r"permanents\[1\].*damage prevention"),
    (creature("s", "alice", 1, 1, "{W}: Prevent the next 1 damage that would be dealt to any target this turn"),
     "damage prevention"),
    (creature("a", "alice", 1, 1, "Whenever ~ attacks, prevent all combat damage that would be dealt this turn"),
     "damage prevention"),
])
def test_refused_boards(extra: dict[str, Any], message: str) -> None:
    """702.79a, 702.93a (returns outside a combat damage step), 702.21a (ward on a triggered ability), 104.4b
    (an endless loop), 615.7 and 615.1a (the damage events of prevented damage): refused, naming the
    permanent."""
    with pytest.raises(InputError, match=message):
        board(creature("r", "bob", 3, 3, RECKONER), extra)


PIT_SPAWN = "Whenever ~ deals damage to a creature, exile that creature"
PHANTOM = "When ~ deals combat damage, return it to its owner's hand"
SHINOBI = "Whenever ~ deals combat damage to a player, you may return target creature that player controls to its " \
          "owner's hand"


def test_701_13a_exile_that_creature_indestructible_or_not() -> None:
    """701.13a, 702.12b: the 1/1's damage to its indestructible 0/4 blocker exiles it (indestructible stops only
    destruction)."""
    s = board(creature("x", "alice", 1, 1, PIT_SPAWN), creature("y", "bob", 0, 4, "Indestructible"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("y",), ())}


def test_400_7_return_it_to_its_owner_s_hand_after_the_first_strike_step() -> None:
    """510.4, 400.7, 506.4: a 2/2 double striker's first-strike damage to bob returns it to alice's hand before
    the regular step: bob loses 2, not 4."""
    s = board(creature("x", "alice", 2, 2, "Double strike", PHANTOM), attackers={"x": "bob"}, blockers={})
    assert results(s) == {(20, 18, ("x",), ())}


@pytest.mark.parametrize("extra", [creature("p", "bob", 1, 1, "Persist"), creature("u", "alice", 1, 1, "Undying"),
                                   creature("d", "bob", 1, 1, "When ~ dies, you gain 1 life")])
@pytest.mark.parametrize("line", [PIT_SPAWN, PHANTOM, SHINOBI])
def test_700_4_leaving_without_dying_is_refused_beside_death_triggers(extra: dict[str, Any], line: str) -> None:
    """700.4, 603.10a, 702.79a, 702.93a: a creature exiled or returned to a hand does not die: refused beside a
    death trigger, persist or undying, naming that permanent."""
    with pytest.raises(InputError, match=r"permanents\[1\].*without dying"):
        board(creature("x", "alice", 2, 2, line), extra)


WAR_ELEMENTAL = "Whenever an opponent is dealt damage, put that many +1/+1 counters on ~"
GRIFFIN = "Whenever a source an opponent controls deals damage to you, you may put that many +1/+1 counters on ~"


def test_603_2c_an_opponent_is_dealt_damage() -> None:
    """603.2c, 510.4, 122.1a: a 1/1 double striker's first-strike damage to bob (an opponent) puts a counter on it:
    its regular damage is 2 (bob 17); bob's own copy of the line does not trigger on damage to bob."""
    s = board(creature("w", "alice", 1, 1, "Double strike", WAR_ELEMENTAL), creature("v", "bob", 0, 1, WAR_ELEMENTAL),
              attackers={"w": "bob"}, blockers={})
    assert results(s) == {(20, 17, (), ())}


def test_603_5_a_source_an_opponent_controls_deals_damage_to_you() -> None:
    """603.2c, 603.5, 510.4: alice's 2/2 first striker hits bob; his 1/1 blocking her other 2/2 may get 2 counters
    (3/3: it kills the 2/2 and lives) or not (it dies, the 2/2 marked 1); one trigger for each source."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("y", "alice", 2, 2),
              creature("g", "bob", 1, 1, GRIFFIN), attackers={"x": "bob", "y": "bob"}, blockers={"g": ["y"]})
    assert results(s) == {(20, 18, ("y",), (("g", 2),)), (20, 18, ("g",), (("y", 1),))}


WASPS = "Whenever ~ deals combat damage to a player, you may destroy target artifact that player controls"
DREAMSOWER = "Whenever ~ deals damage to an opponent, tap target creature"


def test_603_3d_return_target_creature_that_player_controls() -> None:
    """603.3d, 603.5, 400.7, 506.4: alice's 1/1 first striker hits bob and may return his 3/3 blocking her 2/2 to
    his hand: the 2/2 stays blocked (no damage to bob) and lives; or not: the 3/3 kills it."""
    s = board(creature("k", "alice", 1, 1, "First strike", SHINOBI), creature("x", "alice", 2, 2),
              creature("y", "bob", 3, 3), attackers={"k": "bob", "x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 19, ("y",), ()), (20, 19, ("x",), (("y", 2),))}


def test_701_8a_destroy_target_artifact_that_player_controls() -> None:
    """205.2a, 701.8a, 603.5: bob's noncreature artifact or his artifact creature may be destroyed, not his other
    creature."""
    artifact = {"id": "a", "controller": "bob", "types": ["Artifact"]}
    s = board(creature("k", "alice", 1, 1, WASPS), artifact, creature("c", "bob", 1, 1, types=["Artifact", "Creature"]),
              creature("z", "bob", 1, 1), attackers={"k": "bob"}, blockers={})
    assert results(s) == {(20, 19, ("a",), ()), (20, 19, ("c",), ()), (20, 19, (), ())}


def test_701_26a_tap_target_creature() -> None:
    """115.1, 701.26a, 702.11b: the first striker's damage to bob taps target creature: bob's hexproof 1/1 is no
    legal target, alice's own 1/1 is (tapped, it is still no attacker: nothing changes)."""
    s = board(creature("k", "alice", 1, 1, "First strike", DREAMSOWER), creature("y", "bob", 1, 1, "Hexproof"),
              creature("z", "alice", 1, 1), attackers={"k": "bob"}, blockers={})
    (t,) = dealt.triggered(s, frozenset({("k", "bob", 1)}), True)
    assert dealt.targets(s, t) == ["k", "z"]
    assert dealt.resolved(s, replace(t, target="z")).permanent("z").tapped


def test_119_3_you_gain_life_for_each_artifact_that_player_controls() -> None:
    """119.3, 205.2a, 608.2h: the 1/1's damage to bob gains alice 1 life for each artifact bob controls as it
    resolves (not alice's own artifact): his artifact creature, killed by the 2/2 first striker first, is not
    counted, his noncreature artifact is (21)."""
    line = "Whenever ~ deals combat damage to a player, you gain 1 life for each artifact that player controls"
    artifacts = ({"id": "a", "controller": "bob", "types": ["Artifact"]},
                 {"id": "m", "controller": "alice", "types": ["Artifact"]})
    s = board(creature("k", "alice", 1, 1, line), creature("f", "alice", 2, 2, "First strike"), *artifacts,
              creature("c", "bob", 1, 1, types=["Artifact", "Creature"]), attackers={"k": "bob", "f": "bob"},
              blockers={"c": ["f"]})
    assert results(s) == {(21, 19, ("c",), ())}


TOXIN = "Whenever a Sliver deals combat damage to a creature, destroy that creature. It can't be regenerated"


def test_603_2c_a_sliver_deals_combat_damage_to_a_creature() -> None:
    """603.2c, 205.3m, 701.19c: bob's Sliver watches every Sliver: alice's 1/1 Sliver's damage to bob's 0/4 destroys
    it (its regeneration shield can't replace that); bob's own Sliver, dying to alice's 3/3, destroys it too."""
    s = board(creature("t", "bob", 1, 1, TOXIN, subtypes=["Sliver"]), creature("x", "alice", 1, 1, subtypes=["Sliver"]),
              creature("y", "bob", 0, 4, regeneration_shields=1), creature("z", "alice", 3, 3),
              attackers={"x": "bob", "z": "bob"}, blockers={"y": ["x"], "t": ["z"]})
    assert results(s) == {(20, 20, ("t", "y", "z"), ())}


def test_603_2c_one_trigger_for_each_source() -> None:
    """603.2c, 702.73a: two changelings (every creature type) blocking one 4/4 each trigger it once."""
    s = board(creature("t", "bob", 1, 1, TOXIN), creature("a", "alice", 4, 4), creature("b", "bob", 1, 1, "Changeling"),
              creature("c", "bob", 1, 1, "Changeling"), attackers={"a": "bob"},
              blockers={"b": ["a"], "c": ["a"]})
    assert [(t.source, t.target) for t in dealt.triggered(s, frozenset({("b", "a", 1), ("c", "a", 1)}), True)] \
        == [("t", "a"), ("t", "a")]


BASILISK = "Whenever ~ deals combat damage to a creature, destroy that creature at end of combat"


def test_603_7a_destroy_that_creature_at_end_of_combat() -> None:
    """603.7a, 511.2, 510.4: the 1/1 first striker's damage to its 1/4 blocker makes a delayed trigger: the blocker
    still deals its regular damage (the attacker dies) and is destroyed at end of combat; a Warrior alice controls
    blocked by a 0/3 does the same for her other creature's line."""
    s = board(creature("b", "alice", 1, 1, "First strike", BASILISK), creature("y", "bob", 1, 4),
              attackers={"b": "bob"}, blockers={"y": ["b"]})
    assert results(s) == {(20, 20, ("b", "y"), ())}
    sosuke = "Whenever a Warrior you control deals combat damage to a creature, destroy that creature at end of combat"
    s = board(creature("k", "alice", 0, 1, sosuke), creature("w", "alice", 1, 1, subtypes=["Warrior"]),
              creature("y", "bob", 0, 3), attackers={"w": "bob"}, blockers={"y": ["w"]})
    assert results(s) == {(20, 20, ("y",), ())}


def test_603_7a_a_stated_delayed_trigger() -> None:
    """603.7a, 511.2 (docs/situation.md): a creature marked destroyed_at_end_of_combat in a situation past the
    first-strike step is destroyed at end of combat, after it dealt its regular damage."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 2, 4, destroyed_at_end_of_combat=True),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, damage_step="regular")
    assert results(s) == {(20, 20, ("x", "y"), ())}


ELECTRYTE = "Whenever ~ deals combat damage to defending player, it deals damage equal to its power to each blocking " \
            "creature"


def test_608_2h_damage_equal_to_its_power_to_each_blocking_creature() -> None:
    """506.4, 608.2h, 120.3: the unblocked 1/4's damage to bob makes it deal 1 (its power) to each blocking creature:
    bob's 1/3 blocking alice's 2/2 dies of 2 + 1; his 0/1 that blocks nothing is not dealt any."""
    s = board(creature("e", "alice", 1, 4, ELECTRYTE), creature("x", "alice", 2, 2), creature("y", "bob", 1, 3),
              creature("z", "bob", 0, 1), attackers={"e": "bob", "x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 19, ("y",), (("x", 1),))}


# ---- against the brute-force reference ----------------------------------------------------------

LINES = (GAIN, COUNTER, "Whenever ~ is dealt damage, it deals 1 damage to target creature or player",
         "Whenever ~ is dealt combat damage, it deals that much damage to target opponent",
         "Whenever ~ is dealt damage, each opponent gains that much life", LIFELINK_LIKE,
         "Whenever ~ deals combat damage to a creature, put a +1/+1 counter on ~",
         "Whenever ~ deals damage to a creature, destroy that creature",
         "Whenever ~ deals damage to a player, that player gets a poison counter",
         "When ~ dies, it deals 1 damage to any target")
# 122.1a, 510.4: counters on each [attacking] creature, with first strikers to let them count; 603.5 "you may
# have it deal N damage to target creature that player controls"; 506.2 "attacking player loses that much life";
# 102.2 "each other opponent"; 603.2c "a creature you control deals combat damage to a player"
MORE_LINES = (DRANA, BORBORYGMOS, COMMANDO, SOULS, RUFFIANS, REGENT, "First strike", GAIN)


def compare(data: dict[str, Any]) -> None:
    """The walk (never a split: fights.decomposes refuses these boards) and the reference."""
    try:
        s = pysolver.load_data(data)
    except InputError:
        assume(False)  # a refused board (persist, undying, ward beside a damage trigger)
        raise
    want = {canonical(o) for o in reference_outcomes(s)}
    got = [canonical(o.to_json()) for o in outcome_values(s)]
    assert len(got) == len(set(got)), "an outcome is listed twice"
    assert set(got) == want, (sorted(set(got) - want)[:2], sorted(want - set(got))[:2])


@settings(max_examples=examples(12), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, LINES)))
def test_603_2_declared_combats_equal_reference(data: dict[str, Any]) -> None:
    """Declared combats with first strike, double strike, deathtouch, lifelink, protection, face-down
    creatures and mana, damage triggers (and a death trigger's damage) on some creatures."""
    compare(data)


@settings(max_examples=examples(5), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, LINES)))
def test_603_2_open_blocks_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


@settings(max_examples=examples(6), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, MORE_LINES)))
def test_122_1a_603_5_counters_and_that_player_s_creature_equal_reference(data: dict[str, Any]) -> None:
    """Declared combats where "put a +1/+1 counter on each [attacking] creature you control" and "you may have it
    deal 2 damage to target creature that player controls" may act between the first-strike and regular steps."""
    compare(data)


# 701.13a, 400.7 exile and returns; 603.3d targets; 603.2c players dealt damage and creatures of a type; 603.7a
NEW_LINES = (PIT_SPAWN, PHANTOM, SHINOBI, DREAMSOWER, WAR_ELEMENTAL, GRIFFIN, TOXIN, BASILISK, ELECTRYTE,
             "Changeling", "Double strike")


@settings(max_examples=examples(4), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, NEW_LINES)))
def test_603_2c_damage_trigger_effects_equal_reference(data: dict[str, Any]) -> None:
    """Declared combats where a creature's damage exiles the creature dealt it, returns its source or a target
    creature to its owner's hand, taps a target creature, destroys it (every changeling is a Sliver) now or at end
    of combat, damages each blocking creature, or a player dealt damage puts counters on a creature (between the
    first-strike and regular steps too)."""
    compare(data)
