"""Named counters (122.1: spore, fade, ki, javelin, devotion, …) on a permanent (`counters` NAME, docs/situation.md),
the cost "Remove N <name> counters from ~" (602.1a, 118.3: payable only while the source has them) and "~ deals
damage equal to the number of <name> counters on it to …" (608.2h).

A named counter does nothing by itself (122.1): only an ability that names it reads it. The counters a rule gives
an effect of its own (122.1b-i) are refused. Each outcome test states the expected set by hand and checks that the
fight-by-fight path, the walk, ``count_outcomes`` and the brute-force reference (tests/reference/outcomes.py) find
it; the differential test compares them on generated boards.
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, named_counter_boards

import pysolver
from pysolver.errors import InputError
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import NotModelled, parse_ability_line, parse_cost
from pysolver.rules.costs import times_paid

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]
JAVELIN = "{T}, Remove a javelin counter from ~: ~ deals 1 damage to any target"  # Icatian Javelineers
SPORES = "Remove three spore counters from ~: Create a 1/1 green Saproling creature token"  # the Thallids


def ends(s: pysolver.Situation) -> set[tuple]:
    """(bob's life, destroyed, damage) of each outcome; the solver and the reference agree on the whole outcomes
    (the walk and the count too on the generated boards below)."""
    got = list(outcome_values(s))
    assert {canonical(o.to_json()) for o in got} == {canonical(o) for o in reference_outcomes(s)}
    return {(o.life_of("bob"), o.destroyed, o.damage) for o in got}


def test_122_1_named_counters_are_read_and_written_back() -> None:
    """122.1: counters of any name beside P/T and level counters; a kind with none is left out."""
    s = board(creature("x", "alice", 1, 1, counters={"spore": 3, "+1/+1": 1, "fade": 0}))
    x = s.permanent("x")
    assert (x.named_counters, x.named("spore"), x.named("age"), x.counter_pt) == ((("spore", 3),), 3, 0, (1, 1))
    assert pysolver.load_data(s.to_data()).permanent("x").named_counters == (("spore", 3),)


@pytest.mark.parametrize("name, rule", [("shield", "122.1c"), ("flying", "122.1b"), ("stun", "122.1d"),
                                        ("loyalty", "122.1e"), ("finality", "122.1h")])
def test_122_1b_to_i_counters_with_an_effect_of_their_own_are_refused(name: str, rule: str) -> None:
    """122.1b-i: a keyword counter gives its keyword, a shield counter prevents damage, …: not a named counter."""
    with pytest.raises(InputError, match=rule.replace(".", r"\.")):
        board(creature("x", "alice", 1, 1, counters={name: 1}))


def test_602_1a_the_cost_grammar_reads_a_named_counter() -> None:
    """602.1a: "Remove N <name> counters from ~" with N a word; the counters of a rule are not read (122.1b-i)."""
    assert parse_cost("remove three spore counters from this creature").remove_named == ("spore", 3)
    (a,) = parse_ability_line("Remove a ki counter from Scarmaker: Target creature gains fear until end of turn.",
                              "Scarmaker", frozenset())
    assert a.value.extra.remove_named == ("ki", 1)
    with pytest.raises(NotModelled, match="shield counter"):
        parse_ability_line("Remove a shield counter from ~: Tap target creature", None, frozenset())


def test_118_3_no_javelin_counter_no_damage() -> None:
    """118.3: Icatian Javelineers with no javelin counter can't pay; with one, its 1 damage (once: {T}, 602.5a) kills
    bob's 1/1 blocker before combat damage, or goes to bob, to itself, to alice (the end without it) or to alice's
    2/2 (lethal beside the blocker's 1, 704.5g)."""
    blocked = dict(attackers={"x": "bob"}, blockers={"y": ["x"]})
    none = board(creature("x", "alice", 2, 2), creature("y", "bob", 1, 1),
                 creature("j", "alice", 1, 1, JAVELIN), **blocked)
    assert times_paid(none, none.permanent("j"), none.permanent("j").combat_abilities()[0][1].full_cost) == 0
    one = board(creature("x", "alice", 2, 2), creature("y", "bob", 1, 1),
                creature("j", "alice", 1, 1, JAVELIN, counters={"javelin": 1}), **blocked)
    assert ends(one) == {(20, ("y",), (("x", 1),)), (20, ("y",), ()), (19, ("y",), (("x", 1),)),
                         (20, ("j", "y"), (("x", 1),)), (20, ("x", "y"), ())}


def test_122_1_three_spore_counters_a_saproling() -> None:
    """122.1, 111.1: with five spore counters a Thallid pays for one Saproling only (118.3); the 1/1 token is no
    blocker once blockers are declared (509.1a) and changes no end: the outcomes without it."""
    s = board(creature("x", "alice", 2, 2), creature("t", "bob", 1, 1, SPORES, counters={"spore": 5}),
              attackers={"x": "bob"}, blockers={"t": ["x"]})
    assert ends(s) == {(20, ("t",), (("x", 1),))}


def test_118_3_the_counters_bound_the_activations_before_blocks() -> None:
    """118.3, 509.1a: Jolting Merfolk's one fade counter taps one of bob's two potential blockers (701.26a), not both:
    alice's 3/3 is blocked by the other or not at all."""
    merfolk = "Remove a fade counter from ~: Tap target creature"
    s = board(creature("x", "alice", 3, 3), creature("m", "alice", 2, 2, merfolk, counters={"fade": 1}),
              creature("a", "bob", 3, 3), creature("b", "bob", 3, 3), attackers={"x": "bob"})
    got = ends(s)
    assert (20, ("a", "b", "x"), ()) not in got  # a double block needs both untapped
    assert (17, (), ()) in got and (20, ("a", "x"), ()) in got


def test_122_1_damage_equal_to_the_age_counters_on_it() -> None:
    """122.1, 608.2h: Kjeldoran Javelineer (which can't block here, 509.1b) with two age counters deals 2 damage to
    alice's attacking 2/2, killing it, or does nothing; with none it deals none."""
    line = "{T}: ~ deals damage equal to the number of age counters on it to target attacking or blocking creature"
    two = board(creature("x", "alice", 2, 2), creature("k", "bob", 1, 2, line, "~ can't block", counters={"age": 2}),
                attackers={"x": "bob"})
    assert ends(two) == {(18, (), ()), (20, ("x",), ())}
    none = board(creature("x", "alice", 2, 2), creature("k", "bob", 1, 2, line, "~ can't block"),
                 attackers={"x": "bob"})
    assert ends(none) == {(18, (), ())}


def test_608_2h_life_equal_to_the_age_counters_it_had() -> None:
    """122.1, 608.2h, 603.10a: Revered Unicorn with three age counters dies blocking alice's 3/3 (700.4: it leaves
    the battlefield): bob gains 3 life, as many as it had as it last existed."""
    unicorn = "When ~ leaves the battlefield, you gain life equal to the number of age counters on it"
    s = board(creature("x", "alice", 3, 3), creature("u", "bob", 2, 3, unicorn, counters={"age": 3}),
              attackers={"x": "bob"}, blockers={"u": ["x"]})
    assert ends(s) == {(23, ("u",), (("x", 2),))}


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(named_counter_boards("blockers"))
def test_named_counter_outcomes_after_blocks_equal_reference(data: dict) -> None:
    """122.1, 118.3: the named-counter lines on generated boards (none of the counters, too), against the
    reference; after blocks and after attacks (the costs paid in each window, before blocks too), one board each
    (ten in the long profile)."""
    outcomes_equal_reference(data)


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(named_counter_boards("attackers"))
def test_named_counter_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)
