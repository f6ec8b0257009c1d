"""Activated abilities that remove a target of card types (115.1, 205.2a): "{cost}: Destroy target artifact
[or enchantment]" (701.8a: Qasali Pridemage, Goblin Trashmaster, Keening Apparition, Joven's "noncreature
artifact", Vona's "nonland permanent … Activate only during your turn", 602.5b), "{cost}: Return target nonland
permanent … to its owner's hand" (400.7: Galecaster Colossus). An artifact or enchantment creature is an artifact
or an enchantment (205.2a, 300.2), so these reach creatures in combat; a noncreature permanent they could target is
refused on a board, and so are removals of lands (106.4: which land makes which of a player's `mana` is not
stated). One test per rule with hand-stated sets, then the solver against the brute-force reference
(tests/reference/activated.py) on generated boards.
"""

from __future__ import annotations

import json

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, removal_boards

from pysolver.errors import InputError
from pysolver.files.cards import oracle_lines
from pysolver.game import gametree as gt
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import AbilityActivation
from pysolver.model.stage import Stage

ARTIFACT_OR_ENCHANTMENT = ("either", ("card_type", "artifact"), ("card_type", "enchantment"))


def results(s) -> set[tuple]:
    """(destroyed, damage, bob's life) of each outcome, agreed by the fights, the walk, the count and the
    reference (differential.agreed_outcomes)."""
    return {(tuple(o["destroyed"]), tuple(sorted(o["damage"].items())), o["life"]["bob"])
            for o in map(json.loads, agreed_outcomes(s))}


def targets(s, stage: Stage, side: str = gt.ACTIVE) -> set[tuple[str, str]]:
    return {(m.permanent, m.target) for m in gt.Position(stage, s, side).legal_moves
            if isinstance(m, AbilityActivation)}


@pytest.mark.parametrize("name, line, kind, quality, reach, scope", [
    ("Qasali Pridemage", "{1}, Sacrifice Qasali Pridemage: Destroy target artifact or enchantment.", "destroy_target",
     ARTIFACT_OR_ENCHANTMENT, ("artifact", "enchantment"), "all"),
    ("Goblin Trashmaster", "Sacrifice a Goblin: Destroy target artifact.", "destroy_target",
     ("card_type", "artifact"), ("artifact",), "all"),
    ("Shinewend", "{1}{W}, Remove a +1/+1 counter from Shinewend: Destroy target enchantment.", "destroy_target",
     ("card_type", "enchantment"), ("enchantment",), "all"),
    ("Devout Witness", "{1}{W}, {T}, Discard a card: Destroy target artifact or enchantment.", "destroy_target",
     ARTIFACT_OR_ENCHANTMENT, ("artifact", "enchantment"), "all"),
    ("Joven", "{R}{R}{R}, {T}: Destroy target noncreature artifact.", "destroy_target",
     ("both", ("card_type", "artifact"), ("non", ("card_type", "creature"))), ("artifact",), "all"),
    ("Devout Harpist", "{T}: Destroy target Aura attached to a creature.", "destroy_target",  # (303.4d: none)
     ("both", ("card_type", "enchantment"), ("non", ("card_type", "creature"))), ("enchantment",), "all"),
    ("Hoard-Smelter Dragon", "{3}{R}: Destroy target artifact. Hoard-Smelter Dragon gets +X/+0 until end of turn, "
     "where X is that artifact's converted mana cost.", "destroy_target", ("card_type", "artifact"), ("artifact",),
     "all"),
    ("Nova Cleric", "{2}{W}, {T}, Sacrifice Nova Cleric: Destroy all enchantments.", "destroy_all",
     ("card_type", "enchantment"), ("enchantment",), "all"),
    ("Galecaster Colossus", "Tap an untapped Wizard you control: Return target nonland permanent you don't control "
     "to its owner's hand.", "bounce_target", ("non", ("card_type", "land")),
     ("artifact", "battle", "enchantment", "planeswalker"), "opponents"),
])
def test_205_2a_real_lines_and_the_card_types_they_reach(name, line, kind, quality, reach, scope) -> None:
    """115.1, 205.2a: a target of card types is read as the creatures of those types (an artifact creature is an
    artifact) and the noncreature permanents it reaches."""
    lines, unmodelled = oracle_lines(name, line)
    assert lines == (line,) and unmodelled == ()
    (a,) = parse_ability_line(line, name, frozenset())
    assert (a.kind, a.value.target, a.value.quality, a.value.reach, a.value.scope) == (
        kind, "" if kind == "destroy_all" else "creature", quality, reach, scope)  # ("all": no target, 115.10)


@pytest.mark.parametrize("name, line", [
    ("Barbarian Riftcutter", "{R}, Sacrifice Barbarian Riftcutter: Destroy target land."),
    ("Fulminator Mage", "Sacrifice Fulminator Mage: Destroy target nonbasic land."),
    ("Temporal Adept", "{U}{U}{U}, {T}: Return target permanent to its owner's hand."),
    ("Savaen Elves", "{G}{G}, {T}: Destroy target Aura attached to a land."),
])
def test_106_4_removing_a_land_is_not_read(name, line) -> None:
    """A land's mana is part of its controller's `mana` without saying which land makes which (106.4): a line
    that may remove a land, or an Aura on a land (it may make mana), stays unread (it may change the answer)."""
    assert oracle_lines(name, line) == ((), (line,))


def test_701_8a_205_2a_destroy_an_artifact_creature_blocker() -> None:
    """alice's 2/2 is blocked by bob's 3/3 artifact creature; Qasali Pridemage ("{1}, Sacrifice ~: Destroy
    target artifact or enchantment") destroys it (or her own enchantment creature): the attacker stays blocked
    (509.1h). Sacrificed, Pridemage is destroyed too (701.21a)."""
    pridemage = "{1}, Sacrifice ~: Destroy target artifact or enchantment"
    s = board(creature("x", "alice", 2, 2, types=["Enchantment", "Creature"]),
              creature("q", "alice", 2, 2, pridemage, name="Qasali Pridemage"),
              creature("y", "bob", 3, 3, types=["Artifact", "Creature"]), attackers={"x": "bob"},
              blockers={"y": ["x"]}, mana="{1}")
    assert targets(s, Stage.AFTER_BLOCKERS) == {("q", "x"), ("q", "y")}
    assert results(s) == {(("x",), (("y", 2),), 20), (("q", "y"), (), 20), (("q", "x"), (), 20)}


def test_205_2a_noncreature_and_nonland_leave_creatures_out() -> None:
    """Joven's "target noncreature artifact" is no artifact creature (205.2a): no target; "target nonland
    permanent you don't control" is bob's creatures but his land creature."""
    s = board(creature("j", "alice", 1, 1, "{R}: Destroy target noncreature artifact"),
              creature("g", "alice", 1, 1, "{U}: Return target nonland permanent you don't control to its owner's "
                                           "hand"),
              creature("y", "bob", 3, 3, types=["Artifact", "Creature"]),
              creature("d", "bob", 1, 1, types=["Land", "Creature"]), mana="{R}{U}")
    assert targets(s, Stage.BEGINNING_OF_COMBAT) == {("g", "y")}


def test_608_2c_202_3_hoard_smelter_grows_by_the_mana_value_of_its_target() -> None:
    """Hoard-Smelter Dragon: "{3}{R}: Destroy target artifact. ~ gets +X/+0 until end of turn, where X is that
    artifact's converted mana cost": alice's unblocked 1/1 destroys bob's artifact creature of mana value 3 and
    deals 4 (608.2h: its mana value as it last existed); an indestructible one survives and the source still grows
    (608.2c). A target whose mana cost is not stated is refused (202.3)."""
    line = "{3}{R}: Destroy target artifact. ~ gets +X/+0 until end of turn, where X is that artifact's converted " \
           "mana cost"
    x = creature("x", "alice", 1, 1, line, name="Hoard-Smelter Dragon")
    z = creature("z", "bob", 2, 2, types=["Artifact", "Creature"], mana_cost="{2}{U}")
    assert results(board(x, z, attackers={"x": "bob"}, blockers={}, mana="{3}{R}")) == {
        ((), (), 19), (("z",), (), 16)}
    hard = {**z, "abilities": ["Indestructible"]}
    assert results(board(x, hard, attackers={"x": "bob"}, blockers={}, mana="{3}{R}")) == {((), (), 19), ((), (), 16)}
    with pytest.raises(InputError) as exc:
        board(x, {**z, "mana_cost": None})
    assert "202.3" in exc.value.message


def test_701_8a_destroy_all_enchantments_at_once() -> None:
    """Nova Cleric: "{2}{W}, {T}, Sacrifice ~: Destroy all enchantments": bob's enchantment creature blocking alice's
    2/2 and alice's own are destroyed together (608.2h), an indestructible one is not (702.12b); the Cleric is
    sacrificed (701.21a). A noncreature enchantment on the board is refused."""
    cleric = "{2}{W}, {T}, Sacrifice ~: Destroy all enchantments"
    s = board(creature("c", "bob", 1, 1, cleric), creature("x", "alice", 2, 2), creature("e", "alice", 1, 1,
              types=["Enchantment", "Creature"]), creature("y", "bob", 3, 3, types=["Enchantment", "Creature"]),
              creature("h", "bob", 1, 1, "Indestructible", types=["Enchantment", "Creature"]),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, players=[{"name": "alice"},
                                                                     {"name": "bob", "mana": "{2}{W}"}])
    assert results(s) == {(("x",), (("y", 2),), 20), (("c", "e", "y"), (), 20)}
    with pytest.raises(InputError):
        board(creature("c", "bob", 1, 1, cleric), {"id": "o", "controller": "alice", "types": ["Enchantment"]})


def test_602_5b_activate_only_during_your_turn() -> None:
    """Vona, Butcher of Magan: "{T}, Pay 7 life: Destroy target nonland permanent. Activate this ability only during
    your turn": alice's (the active player's, 102.1) in any window; bob's never in alice's combat."""
    vona = "{T}, Pay 7 life: Destroy target nonland permanent. Activate this ability only during your turn."
    s = board(creature("v", "alice", 4, 4, vona), creature("w", "bob", 4, 4, vona), creature("y", "bob", 2, 2),
              attackers={"v": "bob"}, blockers={"y": ["v"]})
    assert targets(s, Stage.AFTER_BLOCKERS) == set()  # (v attacks: tapped, 508.1f)
    s = board(creature("v", "alice", 4, 4, vona), creature("w", "bob", 4, 4, vona))
    assert targets(s, Stage.BEGINNING_OF_COMBAT) == {("v", "v"), ("v", "w")}
    assert targets(s, Stage.BEGINNING_OF_COMBAT, gt.DEFENCE) == set()


def test_115_1_a_noncreature_permanent_it_could_target_is_refused() -> None:
    """bob's noncreature enchantment could be destroyed; its leaving is not modelled: the board is refused with
    the permanent and the rule. A creature-only scope ("you don't control") reaching none is accepted."""
    with pytest.raises(InputError) as exc:
        board(creature("q", "alice", 2, 2, "{1}, Sacrifice ~: Destroy target artifact or enchantment"),
              {"id": "e", "controller": "bob", "types": ["Enchantment"]})
    assert "'e'" in exc.value.message and "205.2a" in exc.value.message
    board(creature("g", "alice", 1, 1, "{U}: Return target nonland permanent you don't control to its owner's hand"),
          {"id": "e", "controller": "alice", "types": ["Enchantment"]})


SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(removal_boards("blockers"))
def test_removal_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)
