"""Untapping a target creature (701.26b): "{cost}: Untap [another] target <creature / permanent>" (Seeker of
Skybreak, Samut, Aphetto Alchemist, Vizier of Tumbling Sands) and "{cost}: You may tap or untap target
<creature / permanent>" (701.26: Stonybrook Angler, Teardrop Kami, Captain of the Mists, Elder Druid, Hyperion
Blacksmith; chosen as it resolves, 608.2), and Merfolk Skyscout's "Whenever ~ attacks or blocks, untap target
permanent". An untapped creature may attack (508.1a, not
summoning sick, 302.6) or block (509.1a); once blockers are declared untapping one is no move. One test per
rule with hand-stated sets, the boards the loader refuses, then the solver against the brute-force reference
(tests/reference/activated.py) on generated boards.
"""

from __future__ import annotations

import json

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, untap_boards

from pysolver.errors import InputError
from pysolver.game import gametree as gt
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import AbilityActivation
from pysolver.model.stage import Stage

SEEKER = "{T}: Untap target creature"  # Seeker of Skybreak
SAMUT = "{W}, {T}: Untap another target creature"  # Samut, Voice of Dissent


def results(s) -> set[tuple]:
    """(destroyed, damage, bob's life) of each outcome, agreed by the fights, the walk, the count and the
    reference (differential.agreed_outcomes)."""
    return {(tuple(o["destroyed"]), tuple(sorted(o["damage"].items())), o["life"]["bob"])
            for o in map(json.loads, agreed_outcomes(s))}


@pytest.mark.parametrize("line, other, quality, reach", [
    ("{T}: Untap target creature.", False, ("any",), ()),  # Seeker of Skybreak
    ("{W}, {T}: Untap another target creature.", True, ("any",), ()),  # Samut, Voice of Dissent
    ("{T}: Untap target artifact or creature.", False, ("any",), ("artifact",)),  # Aphetto Alchemist
    ("{T}: Untap another target permanent.", True, ("any",),  # Vizier of Tumbling Sands
     ("artifact", "battle", "enchantment", "land", "planeswalker")),
    ("{T}: Untap target land.", False, ("card_type", "land"), ("land",)),  # Stone-Seeder Hierophant
])
def test_701_26b_real_lines_and_what_they_may_target(line, other, quality, reach) -> None:
    """115.1, 205.2a: the creatures a target of card types reaches, and the other permanents it names."""
    (a,) = parse_ability_line(line, "X", frozenset())
    assert (a.kind, a.value.target, a.value.other, a.value.quality, a.value.reach) == (
        "untap_target", "creature", other, quality, reach)


@pytest.mark.parametrize("line, quality, scope, reach", [
    ("{1}{U}, {T}: You may tap or untap target creature.", ("any",), "all", ()),  # Stonybrook Angler
    ("Sacrifice ~: You may tap or untap target creature.", ("any",), "all", ()),  # Teardrop Kami
    ("{1}{U}, {T}: You may tap or untap target permanent.", ("any",), "all",  # Captain of the Mists
     ("artifact", "battle", "enchantment", "land", "planeswalker")),
    ("{3}{G}, {T}: You may tap or untap target artifact, creature, or land.", ("any",), "all",  # Elder Druid
     ("artifact", "land")),
    ("{T}: You may tap or untap target artifact an opponent controls.",  # Hyperion Blacksmith
     ("card_type", "artifact"), "opponents", ("artifact",)),
])
def test_701_26_tap_or_untap_real_lines(line, quality, scope, reach) -> None:
    (a,) = parse_ability_line(line, "X", frozenset())
    assert (a.kind, a.value.quality, a.value.scope, a.value.reach) == ("tap_or_untap", quality, scope, reach)


def test_701_26_tap_or_untap_either_as_it_resolves() -> None:
    """Stonybrook Angler's controller taps or untaps its target (608.2): alice untaps her tapped 3/3 to
    attack with it (508.1a), or taps bob's 1/1 that must block her lure (509.1c: tapped, it is not able)."""
    angler = "{1}{U}, {T}: You may tap or untap target creature"
    untap = board(creature("m", "alice", 1, 1, angler), creature("x", "alice", 3, 3, tapped=True), mana="{1}{U}")
    assert results(untap) == {((), (), 20), ((), (), 19), ((), (), 17)}
    tap = board(creature("a", "alice", 2, 2, "All creatures able to block ~ do so"),
                creature("n", "alice", 1, 1, angler), creature("w", "bob", 1, 1), mana="{1}{U}", attackers={"a": "bob"})
    assert results(tap) == {(("w",), (("a", 1),), 20), ((), (), 18)}


def test_701_26b_an_attack_trigger_untaps_a_would_be_blocker() -> None:
    """Merfolk Skyscout's "Whenever ~ attacks or blocks, untap target permanent" (603.3d: alice must choose a
    target): untapping itself changes nothing, untapping bob's tapped 1/1 lets it block (509.1a)."""
    s = board(creature("k", "alice", 2, 2, "Whenever ~ attacks or blocks, untap target permanent"),
              creature("w", "bob", 1, 1, tapped=True))
    assert results(s) == {((), (), 20), ((), (), 18), (("w",), (("k", 1),), 20)}


COMPANION = "Whenever ~ deals combat damage to a player, untap target creature or land"  # Initiate's Companion


def test_701_26b_an_untap_once_combat_damage_is_dealt_changes_nothing_admitted() -> None:
    """Initiate's Companion: it triggers on its combat damage to bob (510.3a); an untapped creature is read by
    nothing after that on a board the loader admits — which refuses a land, a {T} cost and ward beside it."""
    s = board(creature("c", "alice", 2, 2, COMPANION), creature("w", "bob", 1, 1, tapped=True),
              attackers={"c": "bob"}, blockers={})
    assert results(s) == {((), (), 18)}
    for extra, words in (({"id": "l", "controller": "bob", "types": ["Land"]}, "noncreature land"),
                         (creature("t", "bob", 1, 1, "{T}: Tap target creature"), "{T} in a cost"),
                         (creature("v", "bob", 1, 1, "Ward {1}"), "ward")):
        with pytest.raises(InputError, match=words):
            board(creature("c", "alice", 2, 2, COMPANION), extra)


COPPERHORN = "Whenever ~ attacks, untap each other creature you control"  # Copperhorn Scout


def test_701_26b_creatures_untapped_once_attackers_are_declared_do_not_attack() -> None:
    """Copperhorn Scout untaps alice's tapped 1/1 as its attack trigger resolves, after attackers are declared
    (508.1a: too late to attack); a {T} cost beside it is refused (602.5a)."""
    s = board(creature("c", "alice", 1, 1, COPPERHORN), creature("y", "alice", 1, 1, tapped=True))
    assert {life for _, _, life in results(s)} == {20, 19}
    with pytest.raises(InputError, match="reads whether a creature is tapped"):
        board(creature("c", "alice", 1, 1, COPPERHORN), creature("x", "alice", 1, 1, "{T}: Tap target creature"))


def test_509_1a_an_untapped_creature_may_block() -> None:
    """Seeker untaps the tapped 2/4 once attackers are declared; it may then block the 3/3 (509.1a)."""
    s = board(creature("a", "alice", 3, 3), creature("w", "bob", 2, 4, tapped=True),
              creature("s", "bob", 1, 1, SEEKER), attackers={"a": "bob"})
    assert results(s) == {((), (), 17), (("s",), (("a", 1),), 20), ((), (("a", 2), ("w", 3)), 20)}


def test_302_6_an_untapped_summoning_sick_creature_may_not_attack() -> None:
    """Samut ({W}, {T}) untaps alice's summoning-sick 2/2 at the beginning of combat: it still may not attack
    (302.6; one that is not may, 508.1a: the Angler's 3/3 above), and Samut, tapped, may not either."""
    s = board(creature("x", "alice", 2, 2, tapped=True, summoning_sick=True), creature("m", "alice", 1, 1, SAMUT),
              mana="{W}")
    assert {life for _, _, life in results(s)} == {20, 19}


def test_701_26b_once_blockers_are_declared_untapping_is_no_move() -> None:
    """509.1a: an untapped creature is read as blockers are declared; afterwards no untap is offered."""
    s = board(creature("a", "alice", 3, 3), creature("w", "bob", 2, 4, tapped=True),
              creature("s", "bob", 1, 1, SEEKER), attackers={"a": "bob"}, blockers={})
    assert not [m for m in gt.Position(Stage.AFTER_BLOCKERS, s, gt.DEFENCE).legal_moves
                if isinstance(m, AbilityActivation)]
    before = board(creature("a", "alice", 3, 3), creature("w", "bob", 2, 4, tapped=True),
                   creature("s", "bob", 1, 1, SEEKER), attackers={"a": "bob"})
    assert {(m.permanent, m.target) for m in gt.Position(Stage.AFTER_ATTACKERS, before, gt.DEFENCE).legal_moves
            if isinstance(m, AbilityActivation)} == {("s", "a"), ("s", "w"), ("s", "s")}


@pytest.mark.parametrize("extra, words", [
    (creature("t", "bob", 1, 1, "{T}: Tap target creature"), "{T} in a cost"),  # 602.5a: paid again
    (creature("u", "bob", 1, 1, SEEKER), "{T} in a cost"),  # two untappers: each would untap the other
    ({"id": "l", "controller": "bob", "types": ["Land"], "tapped": True}, None),  # a creature target only
    (creature("k", "alice", 1, 1, "{T}: Destroy target tapped creature"), "reads whether"),  # 115.1, 508.1f
    (creature("d", "bob", 1, 1, "Tap an untapped creature you control: ~ gets +1/+1 until end of turn"),
     "tap an untapped"),  # 701.26a
    (creature("c", "bob", 1, 1, "{1}{U}, {T}: You may tap or untap target permanent"), "{T} in a cost"),
    (creature("g", "bob", 1, 1, "{1}, {T}: Regenerate ~"), "{T} in a cost"),  # a pump's {T} too
])
def test_untapping_what_else_reads_untapped_is_refused(extra, words) -> None:
    """pysolver.files.loader: an untap that could reach a {T} cost, a "tap an untapped creature" cost, a
    target that must be tapped, or a noncreature permanent its target names (a land's mana) is refused."""
    permanents = [creature("a", "alice", 3, 3), creature("s", "bob", 1, 1, SEEKER), extra]
    if words is None:  # "target creature" reaches no land; "target permanent" does
        board(*permanents)
        permanents[1] = creature("s", "bob", 1, 1, "{T}: Untap another target permanent")
        words = "noncreature land"
    with pytest.raises(InputError, match=words):
        board(*permanents)


@pytest.mark.parametrize("extra, words", [
    ({"id": "l", "controller": "bob", "types": ["Land"], "tapped": True}, "noncreature land"),
    (creature("d", "alice", 1, 1, "Tap an untapped creature you control: ~ gets +1/+1 until end of turn"),
     "tap an untapped"),
])
def test_an_attack_trigger_untapping_what_else_reads_untapped_is_refused(extra, words) -> None:
    """As for the activated abilities: a noncreature permanent "target permanent" names (205.2a), a "tap an
    untapped creature you control" cost (701.26a)."""
    with pytest.raises(InputError, match=words):
        board(creature("k", "alice", 2, 2, "Whenever ~ attacks or blocks, untap target permanent"), extra)


SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much]


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(untap_boards("attackers"))
def test_untap_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(untap_boards("none"))
def test_untap_outcomes_before_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)
