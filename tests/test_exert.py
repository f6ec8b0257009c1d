"""Exert (701.43): "You may exert ~ as it attacks. When you do, <effect>" (701.43d, 508.1g, 607.2h), read as an
attack trigger of pysolver.model.abilities.ON_TARGET whose choice is whether to exert: each rule with a
hand-stated expected set, real card lines, and the brute-force reference (tests/reference/triggers.py) on
generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, outcome_boards
from differential import outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical
from strategies import examples, with_one_line

import pysolver
from pysolver.errors import InputError
from pysolver.game import gametree as gt
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import AttackDeclaration, Pass
from pysolver.model.stage import WINDOWS, Stage

BRAWLER = "You may exert ~ as it attacks. When you do, it gets +2/+2 until end of turn"
INITIATE = "You may exert ~ as it attacks. When you do, it gets +1/+3 and gains lifelink until end of turn"
CRASHER = "You may exert ~ as it attacks. When you do, target creature can't block this turn"
ELITE = "You may exert ~ as it attacks. When you do, creatures you control get +1/+1 until end of turn"
CHAMPION = "You may exert ~ as it attacks. When you do, untap all other creatures you control"


def ends(s: pysolver.Situation) -> set[str]:
    """The outcomes of `s` as canonical text (the generated boards below compare them with the reference)."""
    return {canonical(o.to_json()) for o in outcome_values(s)}


@pytest.mark.parametrize(("name", "text", "term"), [
    ("Hooded Brawler", "You may exert Hooded Brawler as it attacks. When you do, it gets +2/+2 until end of turn.",
     "on_target(attacks,self,gets(2,2),exert)"),
    ("Glory-Bound Initiate", "You may exert Glory-Bound Initiate as it attacks. When you do, it gets +1/+3 and gains "
                             "lifelink until end of turn.", "on_target(attacks,self,gets(1,3,lifelink),exert)"),
    ("Rhet-Crop Spearmaster", "You may exert Rhet-Crop Spearmaster as it attacks. When you do, it gets +1/+0 and "
                              "gains first strike until end of turn.",
     "on_target(attacks,self,gets(1,0,first_strike),exert)"),
    ("Tah-Crop Elite", "You may exert Tah-Crop Elite as it attacks. When you do, creatures you control get +1/+1 "
                       "until end of turn.", "on_target(attacks,group(you,each,any),gets(1,1),exert)"),
    ("Ahn-Crop Crasher", "You may exert Ahn-Crop Crasher as it attacks. When you do, target creature can't block "
                         "this turn.", "on_target(attacks,target(creature),cant_block,exert)"),
    ("Ahn-Crop Champion", "You may exert Ahn-Crop Champion as it attacks. When you do, untap all other creatures you "
                          "control.", "on_target(attacks,group(you,other,any),untap,exert)"),
])
def test_real_exert_lines_parse(name: str, text: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(text, name)] == [term]


def test_701_43a_exert_as_a_cost_changes_nothing_in_combat() -> None:
    """701.43a: "{T}, Exert ~" is {T} for the combat (Fervent Paincaster); exerting only keeps it tapped in the next
    untap step (502.3)."""
    (a,) = parse_ability_line("{T}, Exert Fervent Paincaster: It deals 1 damage to target creature.",
                              "Fervent Paincaster")
    (b,) = parse_ability_line("{T}: It deals 1 damage to target creature.", "Fervent Paincaster")
    assert a == b


def test_exert_lines_not_modelled_are_not_read() -> None:
    """Effects the grammar does not read stay unknown lines (noted for real cards), never half read."""
    for text in ("You may exert ~ as it attacks. When you do, untap all other creatures you control and you gain 1 "
                 "life",):
        with pytest.raises(ValueError, match="not understood"):
            parse_ability_line(text, None)


def put_targets(s: pysolver.Situation, attacks: dict[str, str]) -> list[str]:
    """The choices of the active player as the first attack trigger is put on the stack (603.3d, 701.43d)."""
    p = gt.root(s)
    while p.stage in WINDOWS:
        p = p.push(Pass(p.stage, p.name()))
    p = p.push(AttackDeclaration.of(sorted(attacks.items())))
    assert p.stage == Stage.PUT_TRIGGERS
    return sorted(m.trigger.target for m in p.legal_moves)


def test_701_43d_exerted_or_not_as_it_attacks() -> None:
    """701.43d, 508.1g: x may be exerted as it attacks (the choice names x) or not (""); exerted it is a 4/4 until
    end of turn (613.4c) and kills bob's blocking 3/3 y and survives its 3 damage; not exerted, the 2/2 dies to y."""
    s = board(creature("x", "alice", 2, 2, BRAWLER), creature("y", "bob", 3, 3))
    assert put_targets(s, {"x": "bob"}) == ["", "x"]
    assert ends(s) == {outcome(), outcome(bob=18), outcome(bob=16),
                                  outcome(destroyed=("y",), damage={"x": 3}),
                                  outcome(destroyed=("x",), damage={"y": 2})}


def test_701_43d_613_1f_gets_and_gains_a_keyword_as_one_choice() -> None:
    """701.43d: one choice for both effects: exerted, the 1/1 x is a 2/4 with lifelink (702.15b: alice gains the 2
    it deals) and survives bob's 2/2 y; not exerted it has neither."""
    s = board(creature("x", "alice", 1, 1, INITIATE), creature("y", "bob", 2, 2))
    assert ends(s) == {outcome(), outcome(bob=19), outcome(bob=18, alice=22),
                                  outcome(alice=22, destroyed=("y",), damage={"x": 2}),
                                  outcome(destroyed=("x",), damage={"y": 1})}


def test_701_43d_509_1b_a_target_chosen_with_the_choice_to_exert() -> None:
    """701.43d, 603.3d: exerted, its ability targets a creature (x itself or bob's y: 509.1b, y can't block); not
    exerted, nothing; with hexproof y is no legal target (702.11b), exerting then does nothing for the combat."""
    s = board(creature("x", "alice", 2, 2, CRASHER), creature("y", "bob", 3, 3))
    assert put_targets(s, {"x": "bob"}) == ["", "x", "y"]
    assert ends(s) == {outcome(), outcome(bob=18), outcome(destroyed=("x",), damage={"y": 2})}
    s = board(creature("x", "alice", 2, 2, CRASHER), creature("y", "bob", 3, 3, "Hexproof"))
    assert put_targets(s, {"x": "bob"}) == ["", "x"]


def test_701_43d_611_2c_creatures_you_control_as_it_resolves() -> None:
    """611.2c: "creatures you control get +1/+1": each creature alice controls as it resolves, attacking or not
    (x attacks alone, z has defender; bob's y is not pumped): exerted, x is a 3/3 and trades with bob's blocking 3/3
    y (or deals bob 3); not exerted, the 2/2 x dies to y (or deals bob 2)."""
    s = board(creature("x", "alice", 2, 2, ELITE), creature("z", "alice", 0, 1, "Defender"), creature("y", "bob", 3, 3))
    assert ends(s) == {outcome(), outcome(bob=18), outcome(bob=17), outcome(destroyed=("x", "y")),
                                  outcome(destroyed=("x",), damage={"y": 2})}


def test_603_3b_creatures_you_control_beside_tokens_to_come_is_refused() -> None:
    """611.2c, 603.3b: which creatures "creatures you control" reaches depends on its order with a trigger
    creating tokens (111.1), which is not modelled: refused, naming both."""
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\].*'x'.*'t' creates tokens"):
        board(creature("x", "alice", 2, 2, ELITE),
              creature("t", "alice", 1, 1, "Whenever ~ attacks, create a 1/1 white Soldier creature token"))


def test_701_43d_701_26b_exerted_it_untaps_all_other_creatures_you_control() -> None:
    """701.43d, 701.26b: exerted (the choice names a), alice's other creatures untap: t, tapped before attackers
    were declared; bob's y stays tapped; not exerted (""), t stays tapped too. (An attacking creature is read as
    tapped, 508.1f: the board with a {T} ability beside it is refused, 602.5a.)"""
    s = board(creature("a", "alice", 2, 2, CHAMPION), creature("t", "alice", 1, 1, tapped=True),
              creature("y", "bob", 1, 1, tapped=True))
    p = gt.root(s)
    while p.stage in WINDOWS:
        p = p.push(Pass(p.stage, p.name()))
    p = p.push(AttackDeclaration.of([("a", "bob")]))
    for choice, tapped in (("a", [False, True]), ("", [True, True])):
        after = p.push(next(m for m in p.legal_moves if m.trigger.target == choice))
        while after.stack:
            after = after.push(next(m for m in after.legal_moves if isinstance(m, Pass)))
        assert [after.s.permanent(c).tapped for c in "ty"] == tapped
    with pytest.raises(InputError, match="untaps creatures"):
        board(creature("a", "alice", 2, 2, CHAMPION), creature("z", "bob", 1, 1, "{T}: Tap target creature"))


EXERT_LINES = (BRAWLER, INITIATE, CRASHER, ELITE,
               "You may exert ~ as it attacks. When you do, it gets +1/+0 and gains first strike until end of turn",
               CHAMPION)


def with_exert(data: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """`data` with one line of :data:`EXERT_LINES` on some creatures of its active player."""
    return with_one_line(data, EXERT_LINES, active_only=True)


@settings(max_examples=examples(1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_exert).filter(lambda d: assignment_bound(d) <= 40))
def test_exert_equals_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)
