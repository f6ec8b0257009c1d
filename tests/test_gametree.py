"""The combat game tree (pysolver.game.gametree): perft-style move counts per stage, push refusing
illegal moves, outcome lines replayed move by move, and verify's symmetry classes (identical
creatures, encodings/verify.lp) giving the same verdicts and declarations as without them."""

from __future__ import annotations

from collections import Counter

import pytest
from reference.minimax import reference_verify

import pysolver
from pysolver.asp.solving import BLOCKERS
from pysolver.game import gametree as gt
from pysolver.game.verify import Verifier
from pysolver.model.moves import AttackDeclaration, BlockDeclaration, DamageAssignment, FaceUp, Pass
from pysolver.model.stage import Stage
from pysolver.rules.declarations import legal_attacks, legal_blocks, orbit_declarations
from pysolver.scale.invariants import replay


def board(permanents: list[dict], *, combat: dict | None = None, alice_mana: str = "", bob_mana: str = "",
          bob_life: int = 20, goal: dict | None = None) -> pysolver.model.Situation:
    data: dict = {"players": [{"name": "alice", "mana": alice_mana},
                              {"name": "bob", "life": bob_life, "mana": bob_mana}],
                  "active": "alice", "permanents": permanents}
    if combat:
        data["combat"] = combat
    if goal:
        data["goal"] = goal
    return pysolver.load_data(data)


def c(pid: str, controller: str, power: int, toughness: int, *abilities: str, **extra) -> dict:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness,
            "abilities": list(abilities), **extra}


def perft(p: gt.Position, moves: Counter) -> int:
    """Leaves (ends of combat) below `p`, counting every path; `moves` counts legal moves per stage."""
    if p.is_end():
        return 1
    total = 0
    for _m, child in p.successors():
        moves[p.stage] += 1
        total += perft(child, moves)
    return total


def test_perft_declarations_and_halves() -> None:
    """508.1, 509.1, 510.1: attack or not; block or not; each half one move per distinct effect."""
    s = board([c("x", "alice", 2, 2), c("y", "bob", 1, 1)])
    moves: Counter = Counter()
    assert perft(gt.root(s), moves) == 3
    assert moves == {"declare_attackers": 2, "declare_blockers": 2, "attackers_damage": 2, "blockers_damage": 2}


def test_perft_priority_window() -> None:
    """117.3c: after turning a permanent face up the player has priority again; 117.4: the window
    closes when both pass in succession. Face up or not, then the step: 2 ends."""
    s = board([c("m", "alice", 3, 3, "Morph {R}", face_down=True), c("y", "bob", 1, 1)], alice_mana="{R}",
              combat={"attackers": {"m": "bob"}, "blockers": {"y": ["m"]}})
    root = gt.root(s)
    assert (root.stage, root.to_move()) == ("after_blockers", "active")
    moves: Counter = Counter()
    assert perft(root, moves) == 2
    assert moves == {"after_blockers": 5, "attackers_damage": 2, "blockers_damage": 2}


def test_perft_first_strike_steps() -> None:
    """510.4: a first strike step, then the regular step; a first striker that killed its blocker
    deals no regular damage (702.7c) and the blocker none at all."""
    s = board([c("x", "alice", 2, 2, "First strike"), c("y", "bob", 2, 2)],
              combat={"attackers": {"x": "bob"}, "blockers": {"y": ["x"]}})
    moves: Counter = Counter()
    assert perft(gt.root(s), moves) == 1
    assert moves == {"attackers_damage": 2, "blockers_damage": 2}
    leaf = replay(s, {"attacks": [["x", "bob"]], "blocks": [["y", "x"]], "first_strike": [["x", "y", 2]],
                      "regular": []})
    assert leaf.is_end() and [p.id for p in leaf.s.permanents if p.left_battlefield] == ["y"]


def test_legal_moves_are_the_declarations() -> None:
    """The declaration stages list exactly the legal declarations (508.1, 509.1)."""
    s = board([c("x", "alice", 2, 2), c("z", "alice", 1, 1, "Flying"), c("y", "bob", 1, 1), c("w", "bob", 1, 3)])
    p = gt.root(s)
    assert {m.attacks for m in p.legal_moves} == {AttackDeclaration.of(d["attacks"]).attacks
                                                    for d in legal_attacks(s)}
    q = p.push(AttackDeclaration.of([("x", "bob"), ("z", "bob")]))
    got = {m.blocks for m in q.legal_moves}
    assert got == {BlockDeclaration.of(d["blocks"]).blocks for d in legal_blocks(q.s)}
    assert len(got) == 2 * 2  # y and w: no block or x (z flies, 702.9b)


@pytest.mark.parametrize("move, rule", [
    (BlockDeclaration.of([("y", "x")]), "attackers are declared now"),
    (AttackDeclaration.of([("y", "alice")]), "508.1a"),
])
def test_push_refuses_illegal_declarations(move, rule: str) -> None:
    s = board([c("x", "alice", 2, 2), c("y", "bob", 1, 1)])
    with pytest.raises(gt.IllegalMoveError, match=rule):
        gt.root(s).push(move)


def test_push_refuses_illegal_blocks_and_damage() -> None:
    """702.9b: no block on a flyer; 510.1a: all damage assigned; 510.1: each half its own sources;
    510.4: the step."""
    s = board([c("x", "alice", 2, 2, "Flying"), c("v", "alice", 2, 2), c("y", "bob", 1, 1)])
    p = gt.root(s).push(AttackDeclaration.of([("x", "bob"), ("v", "bob")]))
    with pytest.raises(gt.IllegalMoveError, match="702.9b"):
        p.push(BlockDeclaration.of([("y", "x")]))
    p = p.push(BlockDeclaration.of([("y", "v")]))
    for bad, why in ((DamageAssignment.of("regular", [("x", "bob", 2), ("v", "y", 1)]), "510.1"),
                     (DamageAssignment.of("regular", [("x", "bob", 2), ("v", "y", 2), ("y", "v", 1)]), "other half"),
                     (DamageAssignment.of("first_strike", [("x", "bob", 2), ("v", "y", 2)]), "510.4")):
        with pytest.raises(gt.IllegalMoveError, match=why):
            p.push(bad)
    q = p.push(DamageAssignment.of("regular", [("x", "bob", 2), ("v", "y", 2)]))
    with pytest.raises(gt.IllegalMoveError):
        q.push(DamageAssignment.of("regular", [("y", "x", 1)]))  # y blocks v, not x (510.1d)
    assert q.push(DamageAssignment.of("regular", [("y", "v", 1)])).s.player("bob").life == 18


def test_push_refuses_face_up_without_mana_or_out_of_turn() -> None:
    """702.37e: the cost must be paid; 117.3b: the active player has priority first."""
    s = board([c("m", "alice", 3, 3, "Morph {R}", face_down=True), c("n", "bob", 3, 3, "Morph {G}", face_down=True)],
              alice_mana="{G}", bob_mana="{G}", combat={"attackers": {"m": "bob"}, "blockers": {"n": ["m"]}})
    p = gt.root(s)
    with pytest.raises(gt.IllegalMoveError, match="702.37e"):
        p.push(FaceUp("after_blockers", "m", "{R}"))
    with pytest.raises(gt.IllegalMoveError, match="702.37e"):
        p.push(FaceUp("after_blockers", "n", "{G}"))  # bob's, while alice has priority
    with pytest.raises(gt.IllegalMoveError):
        p.push(Pass("after_blockers", "bob"))
    q = p.push(Pass("after_blockers", "alice")).push(FaceUp("after_blockers", "n", "{G}"))
    assert not q.s.permanent("n").face_down and q.to_move() == "defence"


@pytest.mark.parametrize("permanents, extra", [
    ([c("x", "alice", 3, 3, "Double strike"), c("y", "bob", 2, 4), c("z", "bob", 1, 1, "Deathtouch")], {}),
    ([c("m", "alice", 4, 4, "Morph {R}", "First strike", face_down=True), c("y", "bob", 2, 3),
      c("n", "bob", 1, 5, "Megamorph {G}", face_down=True)], {"alice_mana": "{R}", "bob_mana": "{G}"}),
    ([c("x", "alice", 5, 5, "Trample"), c("y", "bob", 2, 2), c("w", "bob", 1, 2)], {}),
])
def test_every_outcome_line_replays_to_its_outcome(permanents: list[dict], extra: dict) -> None:
    s = board(permanents, **extra)
    outcomes = list(pysolver.outcomes(s))
    assert outcomes
    for o in outcomes:
        final = replay(s, o["line"])
        assert final.is_end()
        assert pysolver.rules.combat.outcome(final.s).to_json() == {k: v for k, v in o.items() if k != "line"}


# ---- symmetry classes ----------------------------------------------------------------------

def tokens(n: int, controller: str = "bob", power: int = 1, toughness: int = 1) -> list[dict]:
    return [{"id": f"t{i}", "controller": controller, "name": "Soldier", "power": power, "toughness": toughness}
            for i in range(n)]


def canonical_blocks(pairs: tuple, classes: list[list[str]]) -> tuple:
    """Within each class of identical blockers, the blocked attackers handed out in order."""
    blocked = dict(pairs)
    renamed = dict(blocked)
    for ids in classes:
        values = sorted(blocked[i] for i in ids if i in blocked)
        for i in ids:
            renamed.pop(i, None)
        for i, v in zip(ids[len(ids) - len(values):], values):
            renamed[i] = v
    return tuple(sorted(renamed.items()))


def test_symmetric_blocks_are_one_per_orbit() -> None:
    """Twin blockers block in attacker order: exactly one declaration of each orbit, and the
    maximum of requirements (509.1c) is kept (a Lure attacker)."""
    s = board([c("x", "alice", 2, 2), c("v", "alice", 3, 3, "All creatures able to block this creature do so"),
               *tokens(3), c("w", "bob", 0, 4)], combat={"attackers": {"x": "bob", "v": "bob"}})
    twins = [("t0", "t1"), ("t1", "t2")]
    got = list(orbit_declarations(s, BLOCKERS, twins))
    everything = [tuple(map(tuple, d["blocks"])) for d in legal_blocks(s)]
    assert len(set(got)) == len(got)
    assert set(got) == {canonical_blocks(d, [["t0", "t1", "t2"]]) for d in everything}
    assert set(everything) == set(orbit_declarations(s, BLOCKERS, []))


@pytest.mark.parametrize("life, attackers", [(2, 3), (3, 3), (4, 2), (1, 2)])
def test_symmetry_classes_give_the_same_verdicts(life: int, attackers: int, monkeypatch) -> None:
    s = board([c(f"a{i}", "alice", 2, 2) for i in range(attackers)] + tokens(3, toughness=2),
              bob_life=life, goal={"lethal": "bob"})
    with_classes = pysolver.verify(s)
    assert with_classes["refutation" if not with_classes["holds"] else "strategy"]["interchangeable"]
    monkeypatch.setattr(Verifier, "_twins", lambda self, s, kind: [])
    without = pysolver.verify(s)
    assert with_classes["holds"] is without["holds"] is reference_verify(s)
    assert with_classes["stats"]["positions"] <= without["stats"]["positions"]


def test_damage_halves_follow_loyalty_and_lethal_damage_not_power() -> None:
    """510.1, 702.19b: a blocked trampler of power 10^6 attacking a planeswalker (loyalty 3) assigns
    lethal damage (2) to its blocker first and the rest as it likes; beyond loyalty, more damage to
    the planeswalker changes nothing (306.8, 704.5i). The attackers' half has 4 distinct effects
    (0, 1, 2 or 3+ to the planeswalker), each with a witness of all 10^6 damage (510.1a); the
    blocker's half 1. The halves choose shares up to those caps (outcomes.lp choose_shares), so this
    grounds like power 4 would."""
    power = 10**6
    s = board([c("t", "alice", power, power, "Trample"), c("y", "bob", 1, 2),
               {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3}],
              combat={"attackers": {"t": "pw"}, "blockers": {"y": ["t"]}})
    p = gt.root(s)
    assert p.stage == Stage.ATTACKERS_DAMAGE
    halves = list(p.successors())
    assert len(halves) == 4
    assert all(sum(n for _, _, n in m.assignment) == power for m, _ in halves)
    to_pw = sorted(min(3, sum(n for _, r, n in m.assignment if r == "pw")) for m, _ in halves)
    assert to_pw == [0, 1, 2, 3]
    for m, child in halves:
        assert child == p.push(m)  # each witness is a legal announcement (judge_half)
        assert [b.assignment for b in child.legal_moves] == [(("y", "t", 1),)]


def test_pop_takes_back_pushed_moves_in_order() -> None:
    """python-chess's push/pop/move_stack: each push remembers the position before it (508.1, 509.1)."""
    from pysolver.files.loader import situation_from_data
    s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
                             "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
                                            {"id": "y", "controller": "b", "power": 1, "toughness": 1}]})
    start = gt.root(s)
    attacked = start.push(AttackDeclaration.of([("x", "b")]))
    blocked = attacked.push(BlockDeclaration.of([("y", "x")]))
    assert blocked.move_stack == (AttackDeclaration.of([("x", "b")]), BlockDeclaration.of([("y", "x")]))
    assert blocked.pop() == attacked and blocked.pop().pop() == start and start.move_stack == ()
    with pytest.raises(IndexError):
        start.pop()
