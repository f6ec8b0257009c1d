"""Static abilities (611.3, 613) beside what else the solver models: activated abilities, regeneration,
combat-damage triggers, face-down permanents and `best`'s one-player path after blockers.

Each rule with a hand-stated expected set, then the brute-force reference (tests/reference) on generated
boards that mix static abilities with those kinds: `outcomes` (fight path where the board splits), the
walk and the reference agree.
"""

from __future__ import annotations

from typing import Any

from combat_boards import outcome_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical, reference_outcomes
from strategies import HIT_TRIGGER_LINES, activated_boards, examples, shield_boards, with_statics, with_triggers
from test_best_remainder import after_blocks, solved
from test_corpus import CORPUS
from test_verify import board as verify_board

import pysolver
from pysolver.files.cards import load_pool_file
from pysolver.game import fights, gametree
from pysolver.game.outcomes import outcome_values
from pysolver.rules.statics import has_now


def board(*permanents: dict[str, Any], attackers: dict[str, str] | None = None,
          blockers: dict[str, list[str]] | None = None, alice_mana: str = "", bob_mana: str = "") -> pysolver.Situation:
    combat: dict[str, Any] = {}
    if attackers is not None:
        combat["attackers"] = attackers
    if blockers is not None:
        combat["blockers"] = blockers
    return pysolver.load_data({"players": [{"name": "alice", "mana": alice_mana}, {"name": "bob", "mana": bob_mana}],
                               "active": "alice", "permanents": list(permanents),
                               **({"combat": combat} if combat else {})})


def enchantment(pid: str, controller: str, line: str) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "types": ["Enchantment"], "abilities": [line]}


def creature(pid: str, controller: str, power: int, toughness: int, *abilities: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness,
            "abilities": list(abilities), **more}


def agree(s: pysolver.Situation) -> set[str]:
    """The outcomes (as `canonical` strings): `outcomes`, the walk and the reference agree on them."""
    want = {canonical(o) for o in reference_outcomes(s)}
    got = {canonical(o) for o in pysolver.outcomes(s)}
    assert got == want, (sorted(got - want)[:2], sorted(want - got)[:2])
    assert {canonical(o.to_json()) for o in outcome_values(s, split=False)} == want
    return want


def ends(s: pysolver.Situation) -> set[tuple[int, tuple[str, ...]]]:
    """(bob's life, destroyed) of each outcome, `outcomes`, the walk and the reference agreeing."""
    agree(s)
    return {(o["life"]["bob"], tuple(sorted(o["destroyed"]))) for o in pysolver.outcomes(s)}


# ---- activated abilities: a cost of {T} reads haste and vigilance as the board gives them ------------

def test_702_20b_a_granted_vigilance_leaves_an_attacker_untapped_for_its_t_ability() -> None:
    """508.1f, 702.20b, 613.1f: attacking taps a creature without vigilance; the enchantment gives it
    vigilance, so its "{T}: ~ gets +2/+0" can still be paid after it attacks: 1 or 3 damage to bob."""
    pump = creature("x", "alice", 1, 1, "{T}: ~ gets +2/+0 until end of turn")
    s = board(enchantment("e", "alice", "Creatures you control have vigilance"), pump,
              attackers={"x": "bob"}, blockers={})
    assert fights.decomposes(s)  # the enchantment is the same in every fight (fights.constant_sources)
    assert has_now(s, s.permanent("x"), "vigilance")
    assert ends(s) == {(19, ()), (17, ())}
    assert ends(board(pump, attackers={"x": "bob"}, blockers={})) == {(19, ())}


def test_302_6_a_granted_haste_lets_a_summoning_sick_creature_pay_t() -> None:
    """302.6, 702.10c, 613.1f: the lord gives the summoning-sick x haste, so x's {T} target pump can make
    alice's 2/2 a 4/4 that kills bob's 3/3 blocker and lives; without the lord x can't pay {T}."""
    x = creature("x", "alice", 0, 1, "{T}: Target creature gets +2/+2 until end of turn", summoning_sick=True)
    fighters = (creature("a", "alice", 2, 2), creature("y", "bob", 3, 3))
    lord = creature("lord", "alice", 1, 1, "Other creatures you control have haste")
    s = board(lord, x, *fighters, attackers={"a": "bob"}, blockers={"y": ["a"]})
    assert ends(s) == {(20, ("a",)), (20, ("y",))}
    assert ends(board(x, *fighters, attackers={"a": "bob"}, blockers={"y": ["a"]})) == {(20, ("a",))}


def test_613_4c_a_target_pump_adds_to_a_lords_bonus() -> None:
    """613.4c: the lord's +1/+1 and the pump's +1/+1 both apply (layer 7c): alice's 1/1 Goblin is a 3/3
    against bob's 3/3 and both die; unpumped, a 2/2 it dies alone."""
    rod = {"id": "rod", "controller": "alice", "types": ["Artifact"],
           "abilities": ["{R}: Target creature gets +1/+1 until end of turn"]}
    s = board(creature("lord", "alice", 1, 1, "Other Goblin creatures you control get +1/+1"),
              creature("g", "alice", 1, 1, subtypes=["Goblin"]), creature("y", "bob", 3, 3), rod,
              attackers={"g": "bob"}, blockers={"y": ["g"]}, alice_mana="{R}")
    assert ends(s) == {(20, ("g",)), (20, ("g", "y"))}


def test_702_11b_a_granted_hexproof_stops_an_opponents_target() -> None:
    """702.11b, 613.1f: bob's {1}: -1/-1 can't target alice's creatures once her enchantment gives them
    hexproof: her 2/2 blocked by his 2/2 trades with it, or kills it shrunk to a 1/1 and lives (or his
    0/1 shrinks itself), but never dies alone to a -1/-1 of its own; without hexproof it may."""
    shrink = creature("s", "bob", 0, 1, "{1}: Target creature gets -1/-1 until end of turn")
    fighters = (creature("a", "alice", 2, 2), creature("y", "bob", 2, 2))
    s = board(enchantment("e", "alice", "Creatures you control have hexproof"), shrink, *fighters,
              attackers={"a": "bob"}, blockers={"y": ["a"]}, bob_mana="{1}")
    assert ends(s) == {(20, ("a", "y")), (20, ("a", "s", "y")), (20, ("y",))}
    s = board(shrink, *fighters, attackers={"a": "bob"}, blockers={"y": ["a"]}, bob_mana="{1}")
    assert (20, ("a",)) in ends(s)


# ---- regeneration: a lord leaving makes damage lethal, a shield replaces the destruction ------------

def test_701_19a_a_shield_regenerates_a_creature_its_lords_death_leaves_with_lethal_damage() -> None:
    """704.3, 611.3b, 701.19a: the Goblin (2/2 on its lord) is dealt 1 and lives; the lord dies to first
    strike, and at the next check the Goblin, a 1/1 with 1 damage, would be destroyed: its shield
    regenerates it instead (no damage, out of combat: it deals no regular damage). Without the shield it
    is destroyed."""
    lord = creature("lord", "alice", 2, 2, "Other Goblin creatures you control get +1/+1")
    rest = (creature("w", "bob", 3, 3, "First strike"), creature("f", "bob", 1, 1, "First strike"))
    declared = {"attackers": {"lord": "bob", "g": "bob"}, "blockers": {"w": ["lord"], "f": ["g"]}}
    s = board(lord, creature("g", "alice", 1, 1, subtypes=["Goblin"], regeneration_shields=1), *rest, **declared)
    assert ends(s) == {(20, ("lord",))}
    (o,) = pysolver.outcomes(s)
    assert "g" not in o["damage"]  # regenerated: no damage, and no regular damage dealt to f
    s = board(lord, creature("g", "alice", 1, 1, subtypes=["Goblin"]), *rest, **declared)
    assert ends(s) == {(20, ("g", "lord"))}


# ---- combat-damage triggers: the counter goes on a creature a lord pumps ----------------------------

def test_510_3a_a_combat_damage_trigger_beside_a_lord() -> None:
    """510.3a, 613.4c: alice's double striker (1/1, a 2/2 on the enchantment) deals 2 first-strike damage to
    bob, gets a +1/+1 counter and deals 3 in the regular step: bob at 15."""
    s = board(enchantment("e", "alice", "Creatures you control get +1/+1"),
              creature("d", "alice", 1, 1, "Double strike",
                       "Whenever ~ deals combat damage to a player, put a +1/+1 counter on it"),
              attackers={"d": "bob"}, blockers={})
    assert ends(s) == {(15, ())}


# ---- face-down permanents: a face-down lord pumps nothing, turned face up it does -------------------

def test_708_2a_a_lord_turned_face_up_pumps_from_then_on() -> None:
    """708.2a, 702.37e, 611.3a: face down the lord has no abilities, so alice's 2/2 dies to bob's 3/3
    blocker; turned face up (for {R}) after blockers its +1/+1 makes a 3/3 that trades with it."""
    s = board(creature("lord", "alice", 1, 1, "Other creatures you control get +1/+1", "Morph {R}", face_down=True),
              creature("a", "alice", 2, 2), creature("y", "bob", 3, 3),
              attackers={"a": "bob"}, blockers={"y": ["a"]}, alice_mana="{R}")
    assert ends(s) == {(20, ("a",)), (20, ("a", "y"))}


# ---- best: a trample a static ability grants is the attacker's damage choice ------------------------

def test_702_19b_best_sees_a_granted_trample_as_the_attackers_choice() -> None:
    """510.1c-d, 702.19b, 613.1f: the enchantment gives alice's 5/5 trample, so after blockers both sides
    choose (bob his {G}: +0/+1, alice how much of the 5 goes past his 2/2): not a one-player rest. Pumped,
    the blocker needs 3 and bob takes 2 (life 18); unpumped he would take 3: he pumps."""
    s = verify_board([enchantment("e", "alice", "Creatures you control have trample"),
                      creature("x", "alice", 5, 5),
                      creature("y", "bob", 2, 2, "{G}: ~ gets +0/+1 until end of turn")], bob_mana="{G}",
                     goal={"lethal": "bob"}, combat={"attackers": {"x": "bob"}, "blockers": {"y": ["x"]}})
    assert fights.decomposes(s)
    assert after_blocks(s) == {gametree.ACTIVE, gametree.DEFENCE}
    value, _ = solved(s, "attacker")
    assert value["min life:bob"] == 18


# ---- the reference on generated boards -------------------------------------------------------------

GRANTS = ["Creatures you control have vigilance", "Other creatures you control have haste",
          "Creatures you control have hexproof", "Creatures your opponents control get -1/-0",
          "Creatures you control get +1/+1"]


@st.composite
def with_grant(draw: st.DrawFn, data: dict) -> dict:
    """`data` with an enchantment of either player granting what activated abilities read (haste, vigilance,
    hexproof) or changing P/T."""
    owner = draw(st.sampled_from([pl["name"] for pl in data["players"]]))
    return {**data, "permanents": [*data["permanents"], enchantment("grant", owner, draw(st.sampled_from(GRANTS)))]}


@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_statics(activated_boards("blockers")).flatmap(with_grant))
def test_statics_with_activated_abilities_equal_reference(data: dict[str, Any]) -> None:
    agree(pysolver.load_data(data))


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_statics(shield_boards()))
def test_statics_with_regeneration_equal_reference(data: dict[str, Any]) -> None:
    agree(pysolver.load_data(data))


@settings(max_examples=examples(5), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_statics(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, HIT_TRIGGER_LINES))))
def test_statics_with_combat_damage_triggers_equal_reference(data: dict[str, Any]) -> None:
    agree(pysolver.load_data(data))


# ---- the real-card corpus: a card with * power its line defines reads (604.3) ----------------------

def test_604_3_a_corpus_card_with_star_power_reads_and_counts() -> None:
    """Dakmor Sorceress as the stored corpus (Scryfall form) gives it: power "*", toughness 4, "~'s power is
    equal to the number of Swamps you control" (604.3): with two Swamps it deals 2."""
    pool = load_pool_file(CORPUS, cache=False)
    swamps = [{"id": f"sw{i}", "controller": "alice", "types": ["Land"], "subtypes": ["Swamp"]} for i in (1, 2)]
    s = pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice", "permanents": [
        {"id": "d", "controller": "alice", "card": "Dakmor Sorceress"}, *swamps],
        "combat": {"attackers": {"d": "bob"}, "blockers": {}}}, pool)
    assert s.permanent("d").power is None and s.permanent("d").toughness == 4
    assert ends(s) == {(18, ())}


# ---- what the searches explore: out of combat, a lord's leaving may lower a toughness --------------

def test_611_3b_a_shield_or_pump_out_of_combat_matters_when_a_lord_may_leave() -> None:
    """611.3b, 704.3, 701.19a: alice's x (1/1, a 1/2 on her lord) has 1 damage and is in no fight; the
    lord attacks into bob's 3/3 and dies, and at the next check x would die too: a regeneration shield
    made after blockers saves it, and so does "{T}: target creature gets +0/+1" (613.4c) on it."""
    lord = creature("lord", "alice", 2, 2, "Other creatures you control get +0/+1")
    fight = {"attackers": {"lord": "bob"}, "blockers": {"y": ["lord"]}}
    s = board(lord, creature("x", "alice", 1, 1, "{G}: Regenerate ~", damage=1), creature("y", "bob", 3, 3),
              alice_mana="{G}", **fight)
    assert ends(s) == {(20, ("lord", "x")), (20, ("lord",))}
    rod = {"id": "rod", "controller": "alice", "types": ["Artifact"],
           "abilities": ["{T}: Target creature gets +0/+1 until end of turn"]}
    s = board(lord, creature("x", "alice", 1, 1, damage=1), creature("y", "bob", 3, 3), rod, **fight)
    assert ends(s) == {(20, ("lord", "x")), (20, ("lord",))}
