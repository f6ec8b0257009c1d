"""Provoke (702.39): an attack trigger whose target untaps and blocks the provoker if able (509.1c),
each rule with a hand-stated expected set; the reference (tests/reference/declarations.py) on
generated boards with resolved provoke triggers."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import verify_equals_minimax
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.declarations import reference_blocks
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.errors import InputError
from pysolver.game import gametree as gt
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import AttackDeclaration, BlockDeclaration, FaceUp, Pass, TargetChoice, Trigger
from pysolver.model.stage import Stage
from pysolver.model.values import IllegalMoveError


def blocks(s: pysolver.Situation) -> set[frozenset[tuple[str, str]]]:
    return {frozenset(map(tuple, d["blocks"])) for d in pysolver.legal_blocks(s)}


def after_attack(s: pysolver.Situation, attacks: list[tuple[str, str]]) -> gt.Position:
    return gt.root(s).push(AttackDeclaration.of(attacks))


def targets_offered(p: gt.Position) -> set[str]:
    return {m.trigger.target for m in p.legal_moves if isinstance(m, TargetChoice)}


def test_702_39a_the_line_parses() -> None:
    """702.39a: the keyword "Provoke" is a combat trigger of kind provoke."""
    assert [a.kind for a in parse_ability_line("Provoke", None)] == ["provoke"]


def test_702_39a_a_tapped_target_untaps_and_must_block() -> None:
    """702.39a: the active player targets bob's tapped creature y; as the trigger resolves y untaps
    (so it can block, 509.1a) and must block x if able (509.1c): the only legal declaration has y
    block x (z may block too, or not)."""
    s = board(creature("x", "alice", 3, 3, "Provoke"), creature("y", "bob", 2, 2, tapped=True),
              creature("z", "bob", 1, 1))
    p = after_attack(s, [("x", "bob")])
    assert p.stage == Stage.PUT_TRIGGERS and p.to_move() == gt.ACTIVE
    assert targets_offered(p) == {"", "y", "z"}  # 702.39a "you may": no target too
    p = p.push(TargetChoice(Trigger("provoke", "x", "y", 0, "alice")))
    assert p.stage == Stage.DECLARE_BLOCKERS
    assert p.s.combat.provoked == (("y", "x"),) and not p.s.permanent("y").tapped
    assert {frozenset(m.blocks) for m in p.legal_moves if isinstance(m, BlockDeclaration)} == \
        {frozenset({("y", "x")}), frozenset({("y", "x"), ("z", "x")})}


def test_702_39a_choosing_no_target_leaves_the_creature_tapped_and_free() -> None:
    """702.39a "you may": with no target the ability does nothing; y stays tapped (509.1a) and z
    may block or not."""
    s = board(creature("x", "alice", 3, 3, "Provoke"), creature("y", "bob", 2, 2, tapped=True),
              creature("z", "bob", 1, 1))
    p = after_attack(s, [("x", "bob")]).push(TargetChoice(Trigger("provoke", "x", "", 0, "alice")))
    assert p.s.combat.provoked == () and p.s.permanent("y").tapped
    assert {frozenset(m.blocks) for m in p.legal_moves if isinstance(m, BlockDeclaration)} == \
        {frozenset(), frozenset({("z", "x")})}


def test_702_16b_a_creature_with_protection_can_not_be_targeted() -> None:
    """702.16b: a creature with protection from red can't be the target of the red provoker's
    ability; choosing it is refused with 115.4."""
    s = board({**creature("x", "alice", 3, 3, "Provoke"), "colors": ["red"]},
              creature("w", "bob", 2, 2, "Protection from red"), creature("z", "bob", 1, 1))
    p = after_attack(s, [("x", "bob")])
    assert targets_offered(p) == {"", "z"}
    with pytest.raises(IllegalMoveError, match="115.4"):
        p.push(TargetChoice(Trigger("provoke", "x", "w", 0, "alice")))


def test_702_11b_702_18a_hexproof_and_shroud_can_not_be_targeted() -> None:
    """702.11b: bob's creature with hexproof can't be the target of alice's provoke (its controller is
    bob's opponent, 603.3a); 702.18a: nor one with shroud; the outcomes agree with the reference, which
    never offers them either."""
    s = board(creature("x", "alice", 3, 3, "Provoke"), creature("h", "bob", 2, 2, "Hexproof"),
              creature("s", "bob", 2, 2, "Shroud"), creature("z", "bob", 1, 1))
    p = after_attack(s, [("x", "bob")])
    assert targets_offered(p) == {"", "z"}
    for target in ("h", "s"):
        with pytest.raises(IllegalMoveError, match="115.4"):
            p.push(TargetChoice(Trigger("provoke", "x", target, 0, "alice")))
    assert {canonical(o.to_json()) for o in outcome_values(s)} == {canonical(o) for o in reference_outcomes(s)}


def test_509_1c_a_requirement_that_can_not_be_obeyed_is_not_violated() -> None:
    """509.1c: the provoked z has neither flying nor reach, so it can't block the flying x (702.9b);
    every declaration obeys as many requirements as possible: z may block nothing or y."""
    s = board(creature("x", "alice", 3, 3, "Provoke", "Flying"), creature("y", "alice", 2, 2),
              creature("z", "bob", 1, 1),
              attackers={"x": "bob", "y": "bob"}, provoked={"z": "x"})
    assert blocks(s) == {frozenset(), frozenset({("z", "y")})}
    assert pysolver.count_blocks(s) == 2


def test_702_39b_two_provokers_on_one_target_make_it_block_one_of_them() -> None:
    """702.39b, 509.1c: two requirements on z, which can block one attacker (509.1a): the most it can
    obey is one, so it blocks x or y."""
    s = board(creature("x", "alice", 3, 3, "Provoke"), creature("y", "alice", 2, 2, "Provoke"),
              creature("z", "bob", 1, 1),
              attackers={"x": "bob", "y": "bob"}, provoked={"z": ["x", "y"]})
    assert blocks(s) == {frozenset({("z", "x")}), frozenset({("z", "y")})}
    assert pysolver.count_blocks(s) == 2


def test_702_39b_two_provokers_are_two_triggers_with_their_own_targets() -> None:
    """702.39b: each provoke triggers; the active player puts both on the stack with targets."""
    s = board(creature("x", "alice", 3, 3, "Provoke"), creature("y", "alice", 2, 2, "Provoke"),
              creature("u", "bob", 1, 1, tapped=True), creature("v", "bob", 1, 1, tapped=True))
    p = after_attack(s, [("x", "bob"), ("y", "bob")])
    p = p.push(TargetChoice(Trigger("provoke", "x", "u", 0, "alice")))
    assert p.stage == Stage.PUT_TRIGGERS
    p = p.push(TargetChoice(Trigger("provoke", "y", "v", 0, "alice")))
    assert p.s.combat.provoked == (("u", "x"), ("v", "y"))
    assert {frozenset(m.blocks) for m in p.legal_moves if isinstance(m, BlockDeclaration)} == \
        {frozenset({("u", "x"), ("v", "y")})}


def test_509_1c_check_names_the_requirement() -> None:
    """509.1c: not blocking with the provoked z when it could is illegal, and says why."""
    s = board(creature("x", "alice", 3, 3, "Provoke"), creature("z", "bob", 1, 1),
              attackers={"x": "bob"}, provoked={"z": "x"}, blockers={})
    result = pysolver.check(s)
    assert not result["legal"]
    assert [v["rule"] for v in result["violations"]] == ["509.1c"]
    assert "provoke" in result["violations"][0]["message"]
    legal = board(creature("x", "alice", 3, 3, "Provoke"), creature("z", "bob", 1, 1),
                  attackers={"x": "bob"}, provoked={"z": "x"}, blockers={"z": ["x"]})
    assert pysolver.check(legal)["legal"]


def test_702_39a_the_outcomes_list_the_targets() -> None:
    """702.39a: outcomes walks the active player's choice of target; the provoked tapped 1/1 untaps
    and chump blocks (bob keeps his life, z is destroyed); with no target z stays tapped (509.1a)
    and bob takes 2; or alice does not attack. The line's `targets` names the choice."""
    s = board(creature("x", "alice", 2, 2, "Provoke"), creature("z", "bob", 1, 1, tapped=True))
    outs = list(pysolver.outcomes(s))
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in outs} == {(20, ()), (18, ()), (20, ("z",))}
    chosen = {tuple(t["target"] for t in o["line"].get("targets", [])) for o in outs}
    assert chosen == {(), ("",), ("z",)}


def test_702_39a_verify_the_active_player_chooses_the_target() -> None:
    """702.39a, 603.3d: alice (the active player) targets bob's only blocker w with x's provoke; w must
    block x (509.1c), so y's 2 damage is lethal to bob at 2. Without provoke bob blocks y and lives."""
    s = board(creature("x", "alice", 1, 1, "Provoke"), creature("y", "alice", 2, 2), creature("w", "bob", 1, 1),
              bob=2, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is True
    s = board(creature("x", "alice", 1, 1), creature("y", "alice", 2, 2), creature("w", "bob", 1, 1),
              bob=2, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is False


def test_702_39a_the_provoked_field_is_validated() -> None:
    """702.39a, 506.2: the target is a creature of the defending player, the provoker attacking."""
    x, z = creature("x", "alice", 3, 3, "Provoke"), creature("z", "bob", 1, 1)
    with pytest.raises(InputError, match=r"combat\.provoked\.z: 'w' is not an attacking creature"):
        board(x, z, attackers={"x": "bob"}, provoked={"z": "w"})
    with pytest.raises(InputError, match=r"combat\.provoked\.q: 'q' is not the id of a permanent"):
        board(x, z, attackers={"x": "bob"}, provoked={"q": "x"})
    with pytest.raises(InputError, match=r"combat\.provoked\.x: 'x' is not controlled by the defending player"):
        board(x, z, attackers={"x": "bob"}, provoked={"x": "x"})
    with pytest.raises(InputError, match=r"combat\.provoked: .*combat\.attackers"):
        board(x, z, provoked={"z": "x"})
    s = board(x, z, attackers={"x": "bob"}, provoked={"z": ["x"]})
    assert s.combat.to_data()["provoked"] == {"z": ["x"]}


@st.composite
def provoked_boards(draw: st.DrawFn) -> pysolver.Situation:
    """Two or three attackers, up to three blockers with flying/reach/tapped, some provoked."""
    keywords = st.sampled_from([[], ["Flying"], ["Reach"], ["Menace"]])
    perms: list[dict[str, Any]] = []
    attackers = [f"a{i}" for i in range(draw(st.integers(1, 3)))]
    for a in attackers:
        perms.append(creature(a, "alice", 2, 2, "Provoke", *draw(keywords)))
    blockers = [f"b{i}" for i in range(draw(st.integers(1, 3)))]
    for b in blockers:
        extra = ["Can block an additional creature each combat"] if draw(st.booleans()) else []
        perms.append(creature(b, "bob", 1, 1, *draw(keywords), *extra, tapped=draw(st.booleans())))
    provoked: dict[str, list[str]] = {}
    for b in blockers:
        chosen = draw(st.lists(st.sampled_from(attackers), max_size=2))
        if chosen:
            provoked[b] = chosen
    return board(*perms, attackers={a: "bob" for a in attackers}, provoked=provoked)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(provoked_boards())
def test_509_1c_blocks_agree_with_the_reference(s: pysolver.Situation) -> None:
    """509.1c with 702.39a requirements: the solver's declarations and count equal the reference's."""
    expected = {frozenset(d) for d in reference_blocks(s)}
    assert blocks(s) == expected
    assert pysolver.count_blocks(s) == len(expected)


@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, ("Provoke", "Provoke", "Flanking"))))
def test_708_2a_outcomes_with_provoke_equal_reference(data: dict[str, Any]) -> None:
    """Attacks still open, provoke on some creatures (face-down ones too, 708.2a) with first strike,
    protection, face-down creatures and mana for face-up turns: outcomes (702.39a targets walked)
    equals tests/reference/outcomes.py with tests/reference/provoke.py."""
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = {canonical(o) for o in pysolver.outcomes(s)}
    assert got == want, (sorted(got - want)[:2], sorted(want - got)[:2])


@settings(max_examples=examples(5), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, ("Provoke",))), st.booleans())
def test_603_3d_verify_with_provoke_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    """verify (the active player puts each provoke trigger on the stack with its target, 603.3d)
    against the minimax of tests/reference/minimax.py; lethal or destroying a blocker as the goal."""
    verify_equals_minimax(data, lethal)


def test_509_1c_the_graph_draws_the_requirement_edge() -> None:
    """509.1c: the provoke requirement is an edge requirement of the attacker-blocker graph (bold in
    DOT, named provoke)."""
    from pysolver.rules.graph import attacker_blocker_graph, requirement_edges, to_dot

    s = board(creature("x", "alice", 3, 3, "Provoke"), creature("z", "bob", 1, 1), creature("w", "bob", 1, 1),
              attackers={"x": "bob"}, provoked={"z": "x"})
    g = attacker_blocker_graph(s)
    assert requirement_edges(g) == {("z", "x")}
    assert '"z" -> "x" [style=bold, color=red, requirement="provoke"];' in to_dot(g)
    assert '"w" -> "x";' in to_dot(g)


def test_608_2b_a_target_that_gains_protection_before_resolving_is_not_affected() -> None:
    """608.2b: alice targets the face-down y; bob turns it face up (702.37e) before the trigger
    resolves, and its face-up side has protection from red: no longer a legal target, the ability
    does nothing (y stays tapped, no requirement). Had bob passed, y untaps and is provoked."""
    s = board({**creature("x", "alice", 3, 3, "Provoke"), "colors": ["red"]},
              {**creature("y", "bob", 2, 2, "Protection from red", "Morph {0}"), "face_down": True,
               "tapped": True})
    p = gt.root(s)
    while p.stage == Stage.BEGINNING_OF_COMBAT:  # both pass (117.4)
        p = p.push(next(m for m in p.legal_moves if isinstance(m, Pass)))
    p = p.push(AttackDeclaration.of([("x", "bob")])).push(TargetChoice(Trigger("provoke", "x", "y", 0, "alice")))
    assert p.stage == Stage.AFTER_ATTACKERS and p.stack
    p = p.push(next(m for m in p.legal_moves if isinstance(m, Pass)))  # alice passes, bob has priority
    passed = p.push(next(m for m in p.legal_moves if isinstance(m, Pass)))  # 608.1: it resolves
    assert passed.s.combat.provoked == (("y", "x"),) and not passed.s.permanent("y").tapped
    p = p.push(next(m for m in p.legal_moves if isinstance(m, FaceUp)))
    while p.stack:
        p = p.push(next(m for m in p.legal_moves if isinstance(m, Pass)))
    assert p.s.combat.provoked == () and p.s.permanent("y").tapped
