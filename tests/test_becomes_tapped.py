""""Whenever ~ becomes tapped, <effect>" (603.2, 701.26a): in a combat its source becomes tapped as it is declared an
attacker without vigilance (508.1f, 702.20b), and the ability is put on the stack with the attack triggers (508.2a,
pysolver.model.abilities._becomes_tapped); a board where it could become tapped otherwise is refused. Each rule with a
hand-stated expected set, the real card lines, and the brute-force reference (tests/reference/triggers.py) on
generated boards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, outcome_boards
from differential import outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_one_line

import pysolver
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import AbilityActivation
from pysolver.rules.activated import activate
from pysolver.rules.activated import targets as activated_targets
from pysolver.rules.triggers import resolve_top, targeted, targets

WHEELSMITH = "Whenever ~ becomes tapped, target creature can't block this turn"
VETERAN = "Whenever ~ becomes tapped, you may put a +1/+1 counter on it"


def ends(s: pysolver.Situation) -> set[str]:
    """The outcomes of `s` as canonical text (the generated boards below compare them with the reference)."""
    return {canonical(o.to_json()) for o in outcome_values(s)}


def ends_as_the_reference(s: pysolver.Situation) -> set[str]:
    """:func:`ends`, asserted equal to the brute-force reference's (tests/reference/outcomes.py)."""
    got = ends(s)
    assert got == {canonical(o) for o in reference_outcomes(s)}
    return got


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Renegade Wheelsmith", "Whenever Renegade Wheelsmith becomes tapped, target creature can't block this turn.",
     "on_target(tapped,target(creature),cant_block,must)"),
    ("Veteran of the Depths", "Whenever Veteran of the Depths becomes tapped, you may put a +1/+1 counter on it.",
     "on_target(tapped,self,counters(1),may)")])
def test_real_becomes_tapped_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_603_3d_508_1f_tapped_as_it_attacks_its_target_cant_block() -> None:
    """508.1f, 603.3d, 509.1b: x attacks, becomes tapped, and its ability targets a creature (x itself or bob's y);
    resolved on y, y can't block this turn."""
    s = board(creature("x", "alice", 2, 2, WHEELSMITH), creature("y", "bob", 3, 3))
    attacked = s.with_combat(attackers=(("x", "bob"),))
    (t,) = targeted(attacked)
    assert targets(attacked, t) == ["x", "y"]
    assert resolve_top(attacked, (replace(t, target="y"),)).permanent("y").cant_block_this_turn


def test_702_20b_attacking_with_vigilance_it_does_not_become_tapped() -> None:
    """702.20b: attacking doesn't tap a creature with vigilance, so nothing triggers."""
    s = board(creature("x", "alice", 2, 2, WHEELSMITH, "Vigilance"), creature("y", "bob", 3, 3))
    assert targeted(s.with_combat(attackers=(("x", "bob"),))) == ()


def test_603_5_122_1a_you_may_put_a_counter_on_it() -> None:
    """603.5, 122.1a: tapped as it attacks, the 1/1 x may get a +1/+1 counter: a 2/2 it deals bob 2 or trades with
    his blocking 2/2 y; without the counter it deals 1 or dies to y."""
    s = board(creature("x", "alice", 1, 1, VETERAN), creature("y", "bob", 2, 2))
    assert ends(s) == {outcome(), outcome(bob=19), outcome(bob=18), outcome(destroyed=("x", "y")),
                                  outcome(destroyed=("x",), damage={"y": 1})}


@pytest.mark.parametrize(("other", "why"), [
    (creature("z", "bob", 1, 1, "{T}: Tap target creature"), "'z' has an ability that taps a creature"),
    (creature("z", "alice", 1, 1, "Whenever ~ attacks, tap target creature defending player controls"),
     "'z' has an ability that taps a creature"),
    (creature("z", "alice", 1, 1, "{T}: Add {G}"), None)])
def test_701_26a_a_board_where_it_could_become_tapped_otherwise_is_refused(other: dict[str, Any],
                                                                           why: str | None) -> None:
    """701.26a, 602.5a: a tap effect could tap it, or a {T} cost of its own; another creature's {T} cost cannot."""
    if why is None:
        board(creature("x", "alice", 2, 2, WHEELSMITH), other)
        with pytest.raises(pysolver.InputError, match=r"'x' has \"whenever ~ becomes tapped\".*\{T\} cost"):
            board(creature("x", "alice", 2, 2, WHEELSMITH, "{T}: Add {G}"))
        return
    with pytest.raises(pysolver.InputError, match=rf"permanents\[0\].*becomes tapped.*{why}.*508\.1f"):
        board(creature("x", "alice", 2, 2, WHEELSMITH), other)


@st.composite
def with_tapped_lines(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with a "becomes tapped" line on some of its active player's creatures, some given vigilance."""
    data = draw(with_one_line(data, (WHEELSMITH, VETERAN), active_only=True))
    return {**data, "permanents": [{**p, "abilities": [*p["abilities"], "Vigilance"]}
                                   if "power" in p and draw(st.booleans()) else p for p in data["permanents"]]}


@settings(max_examples=examples(1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_tapped_lines).filter(lambda d: assignment_bound(d) <= 40))
def test_becomes_tapped_equals_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)


# ---- "Tap target <card types>. It doesn't untap during its controller's untap step for as long as ~ remains
# tapped" (701.26a; the rider acts in an untap step, 502.3, after the combat) -----------------------------------
TICK = ("{1}, {T}: Tap target artifact. It doesn't untap during its controller's untap step for as long as ~ remains "
        "tapped")


@pytest.mark.parametrize(("name", "line", "reach"), [
    ("Sand Squid", "{T}: Tap target creature. That creature doesn't untap during its controller's untap step for as "
                   "long as Sand Squid remains tapped.", ()),
    ("Mana Leech", "{T}: Tap target land. It doesn't untap during its controller's untap step for as long as Mana "
                   "Leech remains tapped.", ("land",)),
    ("Rust Tick", "{1}, {T}: Tap target artifact. It doesn't untap during its controller's untap step for as long as "
                  "Rust Tick remains tapped.", ("artifact",))])
def test_real_tap_lines_with_an_untap_step_rider_parse(name: str, line: str, reach: tuple[str, ...]) -> None:
    (a,) = parse_ability_line(line, name)
    assert a.kind == "tap_target" and a.value.reach == reach


def test_701_26a_205_2a_tap_target_artifact_reaches_artifact_creatures() -> None:
    """115.1, 205.2a: "target artifact" is bob's artifact creature y, not his creature z. A noncreature artifact it
    could target is refused (its {T}, 602.5a)."""
    s = board(creature("x", "alice", 1, 1, TICK), creature("y", "bob", 1, 1, types=["Artifact", "Creature"]),
              creature("z", "bob", 0, 1), mana="{1}")
    assert activated_targets(s, "x", 0) == ("y",)
    with pytest.raises(pysolver.InputError, match=r"'x' can target 'w', a noncreature artifact .*701\.26a"):
        board(creature("x", "alice", 0, 1, TICK), {"id": "w", "controller": "bob", "types": ["Artifact"]})


# ---- "{cost}: ~ gains <keyword> until end of turn and doesn't untap during your next untap step. Tap ~" (701.26a,
# 608.2c: tapped after its other effects; the rider acts in an untap step, 502.3) -----------------------------------
SPAWN = "{U}: ~ gains shroud until end of turn and doesn't untap during your next untap step. Tap ~"


def test_701_26a_509_1c_a_pump_tapping_its_source_frees_it_from_a_requirement() -> None:
    """509.1a, 509.1c: bob's d must block alice's x (it is able to) unless he taps d first with its {U} ability
    (608.2c: it gains shroud, then is tapped): then x deals bob 2. The solver and the reference agree."""
    s = board(creature("x", "alice", 2, 2, "All creatures able to block ~ do so"), creature("d", "bob", 1, 1, SPAWN),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{U}"}])
    assert ends_as_the_reference(s) == {outcome(), outcome(destroyed=("d",), damage={"x": 1}), outcome(bob=18)}
    x, d = board(creature("x", "alice", 2, 2), creature("d", "bob", 1, 1, SPAWN)).permanents
    assert d.abilities[0].value.tap and d.abilities[0].value.keywords == ("shroud",)


# ---- An exert line's "it gets +X/+Y until end of turn and can't be blocked by creatures with power N or less this
# turn" (701.43d, 509.1b, 611.2a: the permanent's `cant_be_blocked_by_power_this_turn`) ---------------------------
STALWART = ("You may exert ~ as it attacks. When you do, it gets +1/+1 until end of turn and can't be blocked by "
            "creatures with power 2 or less this turn")


def test_701_43d_509_1b_exerted_it_cant_be_blocked_by_power_2_or_less() -> None:
    """701.43d, 509.1b: exerted, x is a 3/3 bob's 2/2 y can't block (3 damage to bob); not exerted, y may block the
    2/2 x and both die, or x deals 2 (the solver and the reference agree). The restriction is read as blockers are
    declared: y pumped to power 3 before then may block it (pysolver.rules.pumps.may_wait)."""
    s = board(creature("x", "alice", 2, 2, STALWART), creature("y", "bob", 2, 2))
    assert ends_as_the_reference(s) == {outcome(), outcome(bob=18), outcome(bob=17), outcome(destroyed=("x", "y"))}
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 2, 2, "{R}: ~ gets +1/+0 until end of turn"),
              attackers={"x": "bob"}, players=[{"name": "alice"}, {"name": "bob", "mana": "{R}"}])
    evading = pysolver.load_data({**s.to_data(), "permanents": [
        {**p.to_data(), "cant_be_blocked_by_power_this_turn": 2} if p.id == "x" else p.to_data()
        for p in s.permanents]})
    assert evading.permanent("x").cant_be_blocked_by_power_this_turn == 2
    assert ends(evading) == {outcome(bob=18), outcome(destroyed=("x", "y"))}  # (y pumped to 3/2 before blocks)


GUIDE = "{G}: Target creature you control can't be blocked by creatures with power 2 or less this turn"


def test_509_1b_611_2a_target_creature_cant_be_blocked_by_power_2_or_less() -> None:
    """509.1b, 611.2a: alice's g may make her attacking 2/2 x unblockable by bob's 2/2 y (but not by his 3/1 z) before
    blockers are declared: resolved, x's cant_be_blocked_by_power_this_turn is 2."""
    s = board(creature("x", "alice", 2, 2), creature("g", "alice", 0, 1, GUIDE), creature("y", "bob", 2, 2),
              attackers={"x": "bob"}, mana="{G}")
    assert activated_targets(s, "g", 0) == ("g", "x")
    after = activate(s, AbilityActivation("after_attackers", "g", "target_evades", "x"))
    assert after.permanent("x").cant_be_blocked_by_power_this_turn == 2
    assert ends_as_the_reference(s) == {outcome(bob=18), outcome(destroyed=("x", "y"))}
