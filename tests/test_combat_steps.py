"""Attack triggers with a target (508.3a, 603.3d; pysolver.model.abilities.ON_TARGET): each rule with a
hand-stated expected set, real card lines, and the brute-force reference (tests/reference/triggers.py) on
generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, outcome_boards
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.minimax import reference_verify
from strategies import examples, with_one_line

import pysolver
from pysolver.game import gametree as gt
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import AttackDeclaration, BlockDeclaration, Pass
from pysolver.model.stage import WINDOWS, Stage

CANT_BLOCK = "Whenever ~ attacks, target creature can't block this turn"
TAP = "Whenever ~ attacks, tap target creature defending player controls"
PING = "Whenever ~ attacks, it deals 1 damage to target creature or player"


def ends(s: pysolver.Situation) -> set[tuple[int, tuple[str, ...], tuple[tuple[str, int], ...]]]:
    """(bob's life, what left the battlefield, damage marked) of every outcome."""
    return {(o["life"]["bob"], tuple(o["destroyed"]), tuple(sorted(o["damage"].items())))
            for o in pysolver.outcomes(s)}


def put_targets(s: pysolver.Situation, attacks: dict[str, str]) -> list[str]:
    """The targets the active player may put the first attack trigger on the stack with (603.3d)."""
    p = gt.root(s)
    while p.stage in WINDOWS:
        p = p.push(Pass(p.stage, p.name()))
    p = p.push(AttackDeclaration.of(sorted(attacks.items())))
    assert p.stage == Stage.PUT_TRIGGERS
    return sorted(m.trigger.target for m in p.legal_moves)


@pytest.mark.parametrize(("name", "text", "term"), [
    ("Goblin Heelcutter", "Whenever Goblin Heelcutter attacks, target creature can't block this turn.",
     "on_target(attacks,target(creature),cant_block,must)"),
    ("Star-Crowned Stag", "Whenever Star-Crowned Stag attacks, tap target creature defending player controls.",
     "on_target(attacks,target(defending),tap,must)"),
    ("Burrenton Shield-Bearers", "Whenever Burrenton Shield-Bearers attacks, target creature gets +0/+3 until end "
                                 "of turn.", "on_target(attacks,target(creature),gets(0,3),must)"),
    ("Dauntless Aven", "Whenever Dauntless Aven attacks, untap target creature you control.",
     "on_target(attacks,target(yours),untap,must)"),
    ("Kinsbaile Balloonist", "Whenever Kinsbaile Balloonist attacks, you may have target creature gain flying until "
                             "end of turn.", "on_target(attacks,target(creature),gains(flying),may)"),
    ("Raging Regisaur", "Whenever Raging Regisaur attacks, it deals 1 damage to target creature or player.",
     "on_target(attacks,target(any),damage(1),must)"),
    ("Haazda Snare Squad", "Whenever Haazda Snare Squad attacks, you may pay {W}. If you do, tap target creature an "
                           "opponent controls.", "on_target(attacks,target(opponent),tap,pay(w))"),
])
def test_real_targeted_attack_trigger_lines_parse(name: str, text: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(text, name)] == [term]


def test_603_3d_509_1b_the_target_chosen_as_it_is_put_on_the_stack_cant_block() -> None:
    """603.3d: x's trigger targets a creature as it is put on the stack: y (it can't block, 509.1b: bob takes 2)
    or x itself (y may block and kill it)."""
    s = board(creature("x", "alice", 2, 2, CANT_BLOCK), creature("y", "bob", 3, 3))
    assert put_targets(s, {"x": "bob"}) == ["x", "y"]
    assert ends(s) == {(20, (), ()), (18, (), ()), (20, ("x",), (("y", 2),))}


def test_702_11b_702_18a_702_16b_hexproof_shroud_and_protection_are_no_legal_targets() -> None:
    """115.1, 506.2: a creature the defending player controls; not bob's with hexproof (alice's trigger,
    702.11b) nor with shroud (702.18a) nor with protection from red (the source is red, 702.16b); no target
    at all: the trigger is removed (603.3d) and every creature may block."""
    s = board(creature("x", "alice", 2, 2, TAP, colors=["red"]), creature("h", "bob", 1, 1, "Hexproof"),
              creature("s", "bob", 1, 1, "Shroud"), creature("p", "bob", 1, 1, "Protection from red"),
              creature("y", "bob", 1, 1), creature("w", "alice", 1, 1, "Hexproof"))
    assert put_targets(s, {"x": "bob"}) == ["y"]
    s = board(creature("x", "alice", 2, 2, TAP, colors=["red"]), creature("h", "bob", 1, 1, "Hexproof"))
    assert put_targets(s, {"x": "bob"}) == [""]
    assert {life for life, _, _ in ends(s)} == {20, 18}


def test_608_2b_a_target_turned_face_up_with_protection_is_not_tapped() -> None:
    """608.2b: bob's face-down y is the only target; turned face up in response (116.2b) it has protection
    from red, the trigger does nothing and y may block (its protection prevents x's damage, 702.16e); left
    face down, it is tapped (701.26a) and can't block (509.1a)."""
    s = board(creature("x", "alice", 3, 3, TAP, colors=["red"]),
              creature("y", "bob", 1, 1, "Protection from red", "Morph {W}", face_down=True),
              players=[{"name": "alice"}, {"name": "bob", "life": 3, "mana": "{W}"}])
    assert ends(s) == {(3, (), ()), (0, (), ()), (3, (), (("x", 1),))}
    s = board(creature("x", "alice", 3, 3, TAP, colors=["red"]),
              creature("y", "bob", 1, 1, "Protection from red", "Morph {W}", face_down=True),
              players=[{"name": "alice"}, {"name": "bob", "life": 3, "mana": "{W}"}], goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is False is reference_verify(s)


def test_120_3_the_damage_of_an_attack_trigger_kills_a_blocker_before_blocks() -> None:
    """120.3, 704.5g: x's 1 damage (its lifelink gains alice 1, 702.15b, and 2 more for its combat damage) kills
    bob's 1/1 y before blockers are declared (then 2 to bob), or goes to bob (19, then 17 or y blocks and dies),
    to alice (20 + 1 - 1), or to x (unblocked; blocked by y it dies of the second damage, 704.5g)."""
    s = board(creature("x", "alice", 2, 2, PING, "Lifelink"), creature("y", "bob", 1, 1))
    got = {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)}
    assert got == {(20, 20, ()), (23, 17, ()), (23, 19, ("y",)), (22, 18, ()), (22, 20, ("y",)), (23, 18, ()),
                   (23, 20, ("x", "y")), (23, 18, ("y",))}


def test_603_5_you_may_chooses_no_target() -> None:
    """603.5: "you may have target creature gain flying": none, x itself (bob's 2/2 y without flying or reach
    can't block it, 702.9b) or y."""
    s = board(creature("x", "alice", 2, 2, "Whenever ~ attacks, you may have target creature gain flying until end "
                                           "of turn"), creature("y", "bob", 2, 2))
    assert put_targets(s, {"x": "bob"}) == ["", "x", "y"]
    assert ends(s) == {(20, (), ()), (18, (), ()), (20, ("x", "y"), ())}


def test_603_5_you_may_pay_as_it_resolves_from_what_is_left() -> None:
    """603.5, 601.2h: "you may pay {W}. If you do, tap target creature an opponent controls": with {W} in her
    pool alice may tap y (bob takes 2) or not (y may block); without, y is never tapped. The {W} is spent: the
    {W} pump can't follow it (602.2b), so 3 damage only with y untapped and not blocking."""
    line = "Whenever ~ attacks, you may pay {W}. If you do, tap target creature an opponent controls"
    pump = "{W}: ~ gets +1/+0 until end of turn"
    s = board(creature("x", "alice", 2, 2, line), creature("y", "bob", 2, 2), mana="{W}")
    assert ends(s) == {(20, (), ()), (18, (), ()), (20, ("x", "y"), ())}
    s = board(creature("x", "alice", 2, 2, line, pump), creature("y", "bob", 2, 2), mana="{W}")
    assert ends(s) == {(20, (), ()), (18, (), ()), (17, (), ()), (20, ("x", "y"), ())}
    s = board(creature("x", "alice", 2, 2, line), creature("y", "bob", 2, 2))
    assert ends(s) == {(20, (), ()), (18, (), ()), (20, ("x", "y"), ())}
    assert put_targets(s, {"x": "bob"}) == ["", "y"]


@pytest.mark.parametrize(("mine", "theirs", "why"), [
    (CANT_BLOCK, creature("w", "bob", 1, 1, "Ward {2}"), "could target 'w', which has ward"),
    (CANT_BLOCK, creature("w", "bob", 1, 1, "Disguise {2}", face_down=True), "could target 'w', which has ward"),
    ("Whenever ~ attacks, untap target creature you control", creature("t", "bob", 1, 1, "{T}: Tap target creature"),
     "'t' has an ability with {T} in its cost"),
])
def test_702_21a_602_5a_boards_the_trigger_is_not_modelled_on_are_refused(mine: str, theirs: dict[str, Any],
                                                                        why: str) -> None:
    with pytest.raises(pysolver.InputError, match=rf"permanents\[0\].*{why}"):
        board(creature("x", "alice", 2, 2, mine), theirs)


TARGETED_LINES = (CANT_BLOCK, TAP, PING, "Whenever ~ attacks, you may tap target creature",
                  "Whenever ~ attacks, target creature gets +0/+3 until end of turn",
                  "Whenever ~ attacks, target creature an opponent controls gets -1/-1 until end of turn",
                  "Whenever ~ attacks, you may have target creature gain flying until end of turn",
                  "Whenever ~ attacks, you may have it deal 2 damage to target creature you control",
                  "Whenever ~ attacks, you may pay {G}. If you do, target creature can't block this turn",
                  "Whenever ~ attacks, you may have it deal 1 damage to each creature without flying defending player "
                  "controls", "Whenever ~ attacks, it deals 1 damage to each creature defending player controls")


def with_attack_triggers(data: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """`data` with one line of :data:`TARGETED_LINES` on some creatures of its active player (508.2a)."""
    return with_one_line(data, TARGETED_LINES, active_only=True)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_attack_triggers).filter(lambda d: assignment_bound(d) <= 40))
def test_targeted_attack_triggers_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_attack_triggers).filter(lambda d: assignment_bound(d) <= 40))
def test_targeted_attack_triggers_verify_equals_minimax(data: dict[str, Any]) -> None:
    s = pysolver.load_data({**data, "goal": {"lethal": data["players"][1]["name"]}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)


# ---- block triggers put on the stack by their controllers (509.2a, 603.3b) --------------------------------------

ORNERY = "Whenever ~ blocks or becomes blocked by a creature, ~ deals 1 damage to that creature"
GUSTCLOAK = "Whenever ~ becomes blocked, you may untap it and remove it from combat"


@pytest.mark.parametrize(("name", "text", "term"), [
    ("Ornery Goblin", "Whenever Ornery Goblin blocks or becomes blocked by a creature, Ornery Goblin deals 1 damage "
                      "to that creature.", "on_block(either_by(any),partner,damage(1))"),
    ("Somberwald Vigilante", "Whenever Somberwald Vigilante becomes blocked by a creature, Somberwald Vigilante deals "
                             "1 damage to that creature.", "on_block(blocked_by(any),partner,damage(1))"),
    ("Gustcloak Harrier", "Whenever Gustcloak Harrier becomes blocked, you may untap it and remove it from combat.",
     "on_block(blocked,self,remove(may))"),
    ("Gustcloak Cavalier", "Whenever Gustcloak Cavalier becomes blocked, you may untap Gustcloak Cavalier and remove "
                           "it from combat.", "on_block(blocked,self,remove(may))"),
])
def test_real_put_block_trigger_lines_parse(name: str, text: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(text, name)] == [term]


def test_603_3b_the_defending_players_block_triggers_resolve_first() -> None:
    """603.3b, 101.4: alice puts x's trigger on the stack, then bob y's, which resolves first (y's 1 damage to
    x); both deal their damage (120.3), x's as it last existed if y's killed it first (608.2h). (Bob's face-down z
    keeps the windows open, 116.2b.)"""
    s = board(creature("x", "alice", 2, 1, ORNERY), creature("y", "bob", 1, 1, ORNERY),
              creature("z", "bob", 1, 1, "Morph {W}", face_down=True), attackers={"x": "bob"},
              players=[{"name": "alice"}, {"name": "bob", "mana": "{W}"}])
    p = gt.root(s)
    while p.stage in WINDOWS:
        p = p.push(Pass(p.stage, p.name()))
    p = p.push(BlockDeclaration.of([("y", "x")]))
    assert (p.stage, p.to_move()) == (Stage.PUT_TRIGGERS, "active")
    p = p.push(next(iter(p.legal_moves)))
    assert p.to_move() == "defence"
    p = p.push(next(iter(p.legal_moves)))
    assert (p.stage, [t.source for t in p.stack]) == (Stage.AFTER_BLOCKERS, ["y", "x"])
    assert ends(board(creature("x", "alice", 2, 1, ORNERY), creature("y", "bob", 1, 1, ORNERY))) == {
        (20, (), ()), (18, (), ()), (20, ("x", "y"), ())}


def test_120_3_a_blocker_s_trigger_kills_the_attacker_before_combat_damage() -> None:
    """120.3, 704.5g: y's 1 damage kills the 2/1 x before combat damage (510.1): y survives."""
    s = board(creature("x", "alice", 2, 1), creature("y", "bob", 1, 1, ORNERY), attackers={"x": "bob"})
    assert ends(s) == {(18, (), ()), (20, ("x",), ())}


def test_506_4_removed_from_combat_deals_and_is_dealt_no_combat_damage() -> None:
    """506.4, 603.5: blocked, x may be removed from combat: no damage either way (the end of not attacking);
    or stay and die to the 3/3."""
    s = board(creature("x", "alice", 2, 2, GUSTCLOAK), creature("y", "bob", 3, 3))
    assert ends(s) == {(20, (), ()), (18, (), ()), (20, ("x",), (("y", 2),))}
    s = board(creature("x", "alice", 2, 2, GUSTCLOAK), creature("y", "bob", 3, 3), attackers={"x": "bob"},
              goal={"lethal": "bob"}, bob=2)
    assert pysolver.verify(s)["holds"] is False is reference_verify(s)


@pytest.mark.parametrize(("theirs", "combat", "why"), [
    (creature("b", "bob", 1, 1, "Bushido 1"), {}, "'b' has another block trigger"),
    (creature("b", "bob", 1, 1), {"attackers": {"x": "bob"}, "blockers": {"b": ["x"]}},
     "whether the trigger of 'x' removed it from combat"),
])
def test_603_3b_506_4_boards_the_block_trigger_is_not_modelled_on_are_refused(theirs: dict[str, Any],
                                                                            combat: dict[str, Any], why: str) -> None:
    with pytest.raises(pysolver.InputError, match=rf"permanents\[0\].*{why}"):
        board(creature("x", "alice", 2, 2, GUSTCLOAK), theirs, **combat)


PUT_LINES = (ORNERY, GUSTCLOAK, "Whenever ~ becomes blocked by a creature, ~ deals 2 damage to that creature",
             "Whenever ~ blocks or becomes blocked by a nonblack creature, ~ deals 1 damage to that creature",
             "Whenever ~ becomes blocked, it deals 2 damage to each attacking creature and each blocking creature",
             "Whenever ~ blocks or becomes blocked by a creature, ~ deals 1 damage to that creature and 1 damage to "
             "that creature's controller")


def with_block_puts(data: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """`data` with one line of :data:`PUT_LINES` on some of its creatures."""
    return with_one_line(data, PUT_LINES)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_block_puts).filter(lambda d: assignment_bound(d) <= 40))
def test_put_block_triggers_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_block_puts).filter(lambda d: assignment_bound(d) <= 40))
def test_put_block_triggers_verify_equals_minimax(data: dict[str, Any]) -> None:
    s = pysolver.load_data({**data, "goal": {"lethal": data["players"][1]["name"]}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)
