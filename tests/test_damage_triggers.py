"""Combat-damage triggers on the creature dealt damage (510.3a; encodings/hits.lp, pysolver.rules.hits):
"tap that creature" (701.26a) and "put N -1/-1 counters on that creature" (122.1a), each rule with a
hand-stated set of results, the real cards' lines, and the brute-force reference (tests/reference/hits.py)
on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from hypothesis import HealthCheck, given, settings
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import UnknownAbilityLine, parse_ability_line
from pysolver.rules import hits

TAP = "Whenever ~ deals combat damage to a creature, tap that creature and it doesn't untap during its " \
      "controller's next untap step"
MINUS = "Whenever ~ deals combat damage to a creature, put a -1/-1 counter on that creature"


def results(s: pysolver.Situation) -> set[tuple[Any, ...]]:
    """(bob's life, destroyed, who lost) of each outcome."""
    return {(o["life"]["bob"], tuple(o["destroyed"]), tuple(o["lost"])) for o in pysolver.outcomes(s)}


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Kashi-Tribe Reaver", "Whenever Kashi-Tribe Reaver deals combat damage to a creature, tap that creature and it "
     "doesn't untap during its controller's next untap step.", "hit_tap(creature)"),
    ("Orochi Ranger", "Whenever Orochi Ranger deals combat damage to a creature, tap that creature and it doesn't "
     "untap during its controller's next untap step.", "hit_tap(creature)"),
    ("Obelisk Spider", "Whenever Obelisk Spider deals combat damage to a creature, put a -1/-1 counter on that "
     "creature.", "hit_minus_counters(creature,1)"),
    ("x", "Whenever ~ deals combat damage to a creature, put two -1/-1 counters on that creature",
     "hit_minus_counters(creature,2)"),
])
def test_510_3a_real_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


@pytest.mark.parametrize("line", [
    "Whenever ~ deals combat damage to a player, tap that creature",  # a player is no creature
    "Whenever ~ deals combat damage to a player, put a -1/-1 counter on that creature",
])
def test_510_3a_that_creature_needs_a_creature(line: str) -> None:
    with pytest.raises(UnknownAbilityLine):
        parse_ability_line(line, None)


def test_701_26a_the_creature_dealt_damage_is_tapped() -> None:
    """701.26a: the trigger names the blocker dealt damage; resolving, it taps it (if still there)."""
    s = board(creature("x", "alice", 1, 1, TAP), creature("y", "bob", 0, 3), attackers={"x": "bob"},
              blockers={"y": ["x"]})
    (t,) = hits.triggered(s, frozenset({("x", "y")}))
    assert (t.kind, t.target, t.controller) == ("hit_tap", "y", "alice")
    assert hits.resolved(s, t).permanent("y").tapped


def test_302_6_a_creature_tapped_between_the_steps_cant_pay_t() -> None:
    """701.26a, 602.5a: a first striker taps the 0/3 blocker it deals 1 to; the blocker's "{T}: ~ deals
    1 damage to target creature" can still be activated in response (117.3b: the trigger waits on the
    stack), but not after it resolves: bob can kill the 1/1 attacker either way (it takes 1), and
    alice's attacker survives only if he does not."""
    s = board(creature("x", "alice", 1, 1, "First strike", TAP),
              creature("y", "bob", 0, 3, "{T}: ~ deals 1 damage to target creature"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, (), ()), (20, ("x",), ())}


def test_122_1a_a_minus_counter_kills_between_the_steps() -> None:
    """122.1a, 510.4, 704.5g: a 2/2 first striker with the -1/-1 counter line deals 2 to a 2/3 blocker
    and its counter makes it a 1/2 with 2 damage: it dies before the regular step, and the attacker
    survives. Without the line the blocker survives the first step and kills the attacker."""
    s = board(creature("x", "alice", 2, 2, "First strike", MINUS), creature("y", "bob", 2, 3),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, ("y",), ())}
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("y", "bob", 2, 3),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, ("x",), ())}


def compare(data: dict[str, Any]) -> None:
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = [canonical(o.to_json()) for o in outcome_values(s)]
    walked = {canonical(o.to_json()) for o in outcome_values(s, split=False)}
    assert len(got) == len(set(got)), "an outcome is listed twice"
    assert set(got) == walked == want, (sorted(set(got) - want)[:2], sorted(want - set(got))[:2])


LINES = (TAP, MINUS, "First strike", "Double strike", "Persist", "When ~ dies, you gain 2 life")


@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, LINES)))
def test_510_3a_that_creature_equals_reference(data: dict[str, Any]) -> None:
    compare(data)


def test_702_93a_undying_beside_minus_counters_is_refused() -> None:
    """702.93a: a creature with undying killed by -1/-1 counters would return; returns are modelled only
    for a combat damage step's deaths, so the board is refused naming both (persist would not return
    it, 702.79a: it has a -1/-1 counter)."""
    from pysolver.errors import InputError
    with pytest.raises(InputError, match=r"permanents\[1\].*'u' has persist or undying.*'x'"):
        board(creature("x", "alice", 1, 1, MINUS), creature("u", "bob", 1, 1, "Undying"))
    board(creature("x", "alice", 1, 1, MINUS), creature("p", "bob", 1, 1, "Persist"))
