"""The model is the ground floor (issue 20): building a permanent imports no solver, and the game
tree's one legal-move collection (python-chess's LegalMoveGenerator) at each stage of the combat:
iterated, counted (count() is len(list)), asked `move in moves` and `why(move)` with the rules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pysolver
from pysolver import (
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    FaceUp,
    Pass,
    Permanent,
    Player,
    Position,
    Situation,
    Stage,
)
from pysolver.game import gametree as gt

ROOT = Path(__file__).resolve().parent.parent


def two_players(*permanents: Permanent, mana: str = "") -> Situation:
    return Situation(players=(Player("alice", mana=mana), Player("bob")), active="alice", permanents=permanents)


def rules(violations: tuple[pysolver.Violation, ...]) -> list[str]:
    return [v.rule for v in violations]


def test_building_a_permanent_imports_no_solver_and_no_loader() -> None:
    code = ("import sys; from pysolver import Permanent; "
            "Permanent('bear', 'bob', power=2, toughness=2, abilities=('Flying',)); "
            "print([m for m in ('clingo', 'networkx', 'pysolver.files.loader') if m in sys.modules])")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert run.stdout.strip() == "[]"


def test_508_1_legal_moves_at_declare_attackers() -> None:
    s = two_players(Permanent("x", "alice", power=2, toughness=2),
                    Permanent("w", "alice", power=0, toughness=4, abilities=("Defender",)))
    moves = Position(Stage.DECLARE_ATTACKERS, s).legal_moves
    listed = list(moves)
    assert listed == [AttackDeclaration(), AttackDeclaration.of([("x", "bob")])]
    assert moves.count() == len(listed) == pysolver.count_attacks(s) and bool(moves)
    assert all(m in moves and moves.why(m) == () for m in listed)
    defender = AttackDeclaration.of([("w", "bob")])
    assert defender not in moves and rules(moves.why(defender)) == ["702.3b"]  # defender can't attack
    yourself = moves.why(AttackDeclaration.of([("x", "alice")]))  # not an opponent (508.1b)
    assert rules(yourself) == ["508.1a"] and "508.1b" in yourself[0].message
    assert rules(moves.why(BlockDeclaration())) == ["508.1"]  # attackers are declared now
    assert "declare_attackers" in repr(moves)


def test_509_1_legal_moves_at_declare_blockers() -> None:
    s = pysolver.load(ROOT / "examples" / "menace-and-lure.yaml")
    moves = Position(Stage.DECLARE_BLOCKERS, s).legal_moves
    listed = list(moves)
    assert [m.to_json() for m in listed] == list(pysolver.legal_blocks(s))
    assert moves.count() == len(listed) == pysolver.count_blocks(s) == 1 and bool(moves)
    assert listed[0] in moves
    assert BlockDeclaration() not in moves and rules(moves.why(BlockDeclaration())) == ["509.1c"]  # the Lure
    assert rules(moves.why(BlockDeclaration.of([("ghost", "unicorn")]))) == ["509.1a"]  # no such permanent
    assert rules(moves.why(Pass("after_blockers", "bob"))) == ["509.1"]  # blockers are declared now


def test_510_1_legal_moves_at_the_damage_step() -> None:
    s = pysolver.load(ROOT / "examples" / "trample-deathtouch.yaml")
    moves = Position(Stage.DAMAGE, s).legal_moves
    listed = list(moves)
    assert [m.to_json() for m in listed] == list(pysolver.damage_assignments(s))
    assert moves.count() == len(listed) == pysolver.count_damage(s) == 17 and bool(moves)
    assert listed[0] in moves and moves.why(listed[-1]) == ()
    assert rules(moves.why(DamageAssignment.of("first_strike", listed[0].assignment))) == ["510.4"]
    assert "510.1a" in rules(moves.why(DamageAssignment.of("regular", [("dreadmaw", "bob", 6)])))
    assert rules(moves.why(AttackDeclaration())) == ["510.1"]  # combat damage is assigned now


def test_510_1_legal_moves_at_the_damage_halves() -> None:
    """The active player announces the attackers' half, then the defending side the blockers' (510.1)."""
    s = pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice", "permanents": [
        {"id": "x", "controller": "alice", "power": 2, "toughness": 2},
        {"id": "y", "controller": "bob", "power": 1, "toughness": 1}],
        "combat": {"attackers": {"x": "bob"}, "blockers": {"y": ["x"]}}})
    p = gt.root(s)
    assert p.stage == Stage.ATTACKERS_DAMAGE
    moves = p.legal_moves
    listed = list(moves)
    assert listed == [DamageAssignment.of("regular", [("x", "y", 2)])]
    assert moves.count() == len(listed) and bool(moves) and listed[0] in moves
    assert rules(moves.why(DamageAssignment.of("regular", [("y", "x", 1)]))) == ["510.1"]  # the other half
    half = p.push(listed[0])
    assert [m.assignment for m in half.legal_moves] == [(("y", "x", 1),)] and half.legal_moves.count() == 1


def test_117_3_legal_moves_in_a_priority_window() -> None:
    """117.3b: the active player has priority first; passing first, then turning face up (702.37e)."""
    s = pysolver.load_data({"players": [{"name": "alice", "mana": "{R}"}, {"name": "bob"}], "active": "alice",
                            "permanents": [{"id": "m", "controller": "alice", "power": 3, "toughness": 3,
                                            "abilities": ["Morph {R}"], "face_down": True},
                                           {"id": "y", "controller": "bob", "power": 1, "toughness": 1}],
                            "combat": {"attackers": {"m": "bob"}, "blockers": {"y": ["m"]}}})
    moves = gt.root(s).legal_moves
    listed = list(moves)
    assert listed == [Pass("after_blockers", "alice"), FaceUp("after_blockers", "m", "{R}")]
    assert moves.count() == len(listed) and bool(moves) and all(m in moves for m in listed)
    assert rules(moves.why(Pass("after_blockers", "bob"))) == ["117.3d"]
    assert rules(moves.why(FaceUp("after_blockers", "m", "{G}"))) == ["702.37e"]


def test_511_3_no_legal_moves_at_the_end() -> None:
    end = gt.root(two_players()).push(AttackDeclaration())  # no attackers, no more combat (508.8)
    assert end.is_end() and end.stage == Stage.END
    moves = end.legal_moves
    assert list(moves) == [] and moves.count() == 0 and not moves
    assert rules(moves.why(AttackDeclaration())) == ["511.3"] and AttackDeclaration() not in moves
