"""`pysolver check` (docs/results.md): each rule's violation, legal declarations, exit codes, and agreement
with the enumerations: on random boards a declaration passes `check` exactly when `attacks`,
`blocks` or `damage` lists it."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from boards import board, creature
from combat_boards import damage_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.characteristics import battlefield
from reference.damage import candidates, next_step
from strategies import attack_boards, attackable, block_boards, examples

import pysolver
from pysolver.cli import main
from pysolver.rules.check import stage_of

THREE = [{"name": "alice"}, {"name": "bob"}, {"name": "carol"}]


def rules(s) -> list[str]:
    return [v["rule"] for v in pysolver.check(s)["violations"]]


def only(s, rule: str, *objects: str) -> dict:
    """The board breaks exactly one rule, `rule`, naming `objects` (among others)."""
    doc = pysolver.check(s)
    assert doc["legal"] is False
    assert [v["rule"] for v in doc["violations"]] == [rule], doc
    v = doc["violations"][0]
    assert set(objects) <= set(v["objects"]), v
    return v


# ---- legal declarations --------------------------------------------------------------------

def test_legal_declaration_with_assignment() -> None:
    s = board(creature("a1", "alice", 4, 4, "Trample"), creature("b1", "bob", 1, 2),
              attackers={"a1": "bob"}, blockers={"b1": ["a1"]}, assignment=[["a1", "b1", 2], ["a1", "bob", 2],
                                                                             ["b1", "a1", 1]])
    assert pysolver.check(s) == {"legal": True, "violations": [], "format": 1}


def test_legal_without_blockers_and_no_attack() -> None:
    s = board(creature("a1", "alice"), creature("b1", "bob"), attackers={})
    assert pysolver.check(s)["legal"]


def test_702_9b_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    f = tmp_path / "s.yaml"
    base = ("players: [{name: alice}, {name: bob}]\nactive: alice\npermanents:\n"
            "  - {id: a1, controller: alice, power: 2, toughness: 2, abilities: [Flying]}\n"
            "  - {id: b1, controller: bob, power: 2, toughness: 2}\n")
    f.write_text(base + "combat: {attackers: {a1: bob}, blockers: {}}\n")
    assert main(["check", str(f)]) == 0
    assert capsys.readouterr().out.startswith("legal")
    f.write_text(base + "combat: {attackers: {a1: bob}, blockers: {b1: [a1]}}\n")
    assert main(["check", str(f), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc == {"legal": False, "violations": [
        {"rule": "702.9b", "message": "b1 (no flying or reach) blocks a1 (flying)", "objects": ["b1", "a1"]}],
        "format": 1}
    assert main(["check", str(f)]) == 1
    assert "702.9b: b1 (no flying or reach) blocks a1 (flying)" in capsys.readouterr().out
    f.write_text(base)
    assert main(["check", str(f)]) == 2
    assert "combat.attackers" in capsys.readouterr().err


# ---- attacks (508.1) -----------------------------------------------------------------------

def test_508_1a_tapped_attacker() -> None:
    v = only(board(creature("a1", "alice", tapped=True), attackers={"a1": "bob"}), "508.1a", "a1")
    assert v["message"] == "a1 is tapped and can't attack"


def test_508_1a_attacker_not_on_the_battlefield() -> None:
    only(board(creature("a1", "alice", 2, 0), attackers={"a1": "bob"}), "508.1a", "a1")  # 704.5f


def test_508_1a_battle_attacks() -> None:
    s = board({"id": "bt", "controller": "alice", "types": ["Battle", "Creature"], "power": 2, "toughness": 2,
               "defense": 3, "protector": "bob"}, attackers={"bt": "bob"})
    assert "508.1a" in rules(s)


def test_302_6_summoning_sick_attacker() -> None:
    only(board(creature("a1", "alice", summoning_sick=True), attackers={"a1": "bob"}), "302.6", "a1")
    assert pysolver.check(board(creature("a1", "alice", 2, 2, "Haste", summoning_sick=True),
                                attackers={"a1": "bob"}))["legal"]


def test_702_3b_defender_attacks() -> None:
    only(board(creature("a1", "alice", 0, 4, "Defender"), attackers={"a1": "bob"}), "702.3b", "a1")


def test_508_1d_attack_requirement() -> None:
    s = board(creature("a1", "alice", 2, 2, "This creature attacks each combat if able"), creature("a2", "alice"),
              attackers={"a2": "bob"})
    v = only(s, "508.1d", "a1")
    assert v["message"] == "0 requirements obeyed, 1 possible (a1 could attack, which it does each combat if able)"


# ---- blocks (509.1) ------------------------------------------------------------------------

def blocked(*attacker_lines: str, blocker_lines: tuple = (), a: dict | None = None, b: dict | None = None):
    return board(creature("a1", "alice", 2, 2, *attacker_lines, **(a or {})),
                 creature("b1", "bob", 2, 2, *blocker_lines, **(b or {})),
                 attackers={"a1": "bob"}, blockers={"b1": ["a1"]})


def test_509_1a_blocker_not_defending() -> None:
    s = board(creature("a1", "alice"), creature("c1", "carol"), players=THREE,
              attackers={"a1": "bob"}, blockers={"c1": ["a1"]})
    only(s, "509.1a", "c1", "a1")


def test_509_1a_tapped_blocker() -> None:
    only(blocked(b={"tapped": True}), "509.1a", "b1", "a1")


def test_509_1a_blocker_not_on_the_battlefield() -> None:
    only(blocked(b={"damage": 2}), "509.1a", "b1", "a1")  # 704.5g before any choice


def test_509_1a_battle_blocks() -> None:
    s = board(creature("a1", "alice"), {"id": "bt", "controller": "bob", "types": ["Battle", "Creature"],
                                        "power": 2, "toughness": 2, "defense": 3, "protector": "alice"},
              attackers={"a1": "bob"}, blockers={"bt": ["a1"]})
    assert "509.1a" in rules(s)


def test_509_1a_too_many_blocks() -> None:
    s = board(creature("a1", "alice"), creature("a2", "alice"), creature("b1", "bob"),
              attackers={"a1": "bob", "a2": "bob"}, blockers={"b1": ["a1", "a2"]})
    v = only(s, "509.1a", "b1")
    assert v["message"] == "b1 blocks 2 creatures but can block only 1"
    s = board(creature("a1", "alice"), creature("a2", "alice"),
              creature("b1", "bob", 2, 2, "Can block an additional creature each combat"),
              attackers={"a1": "bob", "a2": "bob"}, blockers={"b1": ["a1", "a2"]})
    assert pysolver.check(s)["legal"]


def test_702_9b_flying() -> None:
    only(blocked("Flying"), "702.9b", "b1", "a1")
    assert pysolver.check(blocked("Flying", blocker_lines=("Reach",)))["legal"]


def test_702_16f_protection() -> None:
    only(blocked("Protection from green", b={"colors": ["green"]}), "702.16f", "b1", "a1")


def test_702_36b_fear() -> None:
    only(blocked("Fear", b={"colors": ["green"]}), "702.36b", "b1", "a1")
    assert pysolver.check(blocked("Fear", b={"colors": ["black"]}))["legal"]


def test_702_13b_intimidate() -> None:
    only(blocked("Intimidate", a={"colors": ["red"]}, b={"colors": ["green"]}), "702.13b", "b1", "a1")


def test_702_28b_shadow() -> None:
    only(blocked("Shadow"), "702.28b", "b1", "a1")
    v = only(blocked(blocker_lines=("Shadow",)), "702.28b", "b1", "a1")
    assert v["message"] == "b1 (shadow) blocks a1 (no shadow)"


def test_702_31b_horsemanship() -> None:
    only(blocked("Horsemanship"), "702.31b", "b1", "a1")


def test_702_118b_skulk() -> None:
    s = board(creature("a1", "alice", 1, 1, "Skulk"), creature("b1", "bob", 3, 3),
              attackers={"a1": "bob"}, blockers={"b1": ["a1"]})
    only(s, "702.118b", "b1", "a1")


def test_702_14c_landwalk() -> None:
    s = board(creature("a1", "alice", 2, 2, "Islandwalk"), creature("b1", "bob"),
              {"id": "isl", "controller": "bob", "types": ["Land"], "subtypes": ["Island"]},
              attackers={"a1": "bob"}, blockers={"b1": ["a1"]})
    only(s, "702.14c", "b1", "a1")


def test_509_1b_cant_block_and_cant_be_blocked_and_only_flyers() -> None:
    assert only(blocked(blocker_lines=("Can't block",)), "509.1b", "b1", "a1")["message"] == \
        "b1 can't block but blocks a1"
    only(blocked("Can't be blocked"), "509.1b", "b1", "a1")
    only(blocked(blocker_lines=("Can block only creatures with flying",)), "509.1b", "b1", "a1")


def test_702_111b_menace() -> None:
    v = only(blocked("Menace"), "702.111b", "a1", "b1")
    assert v["message"] == "a1 (menace) is blocked by b1 alone"


def test_509_1b_min_blockers() -> None:
    s = board(creature("a1", "alice", 2, 2, "Can't be blocked except by three or more creatures"),
              creature("b1", "bob"), creature("b2", "bob"),
              attackers={"a1": "bob"}, blockers={"b1": ["a1"], "b2": ["a1"]})
    v = only(s, "509.1b", "a1")
    assert v["message"] == "a1 can't be blocked except by 3 or more creatures but is blocked by 2"


def test_509_1c_lure_requirement() -> None:
    s = board(creature("a1", "alice"), creature("a2", "alice", 2, 2, "All creatures able to block this creature do so"),
              creature("b1", "bob"), creature("b2", "bob"),
              attackers={"a1": "bob", "a2": "bob"}, blockers={"b1": ["a2"], "b2": ["a1"]})
    v = only(s, "509.1c", "b2", "a2")
    assert v["message"] == ("1 requirements obeyed, 2 possible "
                            "(b2 could block a2, which all creatures able to block must block)")


def test_509_1c_requirement_that_cannot_be_obeyed_is_no_violation() -> None:
    """509.1c: only requirements that can be obeyed without breaking a restriction count."""
    s = board(creature("a1", "alice", 2, 2, "Flying", "All creatures able to block this creature do so"),
              creature("b1", "bob"), attackers={"a1": "bob"}, blockers={})
    assert pysolver.check(s)["legal"]


def test_509_1c_must_be_blocked_and_blocks_each_combat() -> None:
    s = board(creature("a1", "alice", 2, 2, "This creature must be blocked if able"), creature("b1", "bob"),
              attackers={"a1": "bob"}, blockers={})
    assert "a1 could be blocked" in only(s, "509.1c", "a1")["message"]
    s = board(creature("a1", "alice"), creature("b1", "bob", 2, 2, "This creature blocks each combat if able"),
              attackers={"a1": "bob"}, blockers={})
    assert "b1 could block" in only(s, "509.1c", "b1")["message"]


# ---- the assignment (510.1) ----------------------------------------------------------------

def assigned(*triples: list, attacker: tuple = ("a1", 3, 3), blockers: dict | None = None, extra: tuple = (),
             **combat):
    a, p, t = attacker[:3]
    perms = [creature(a, "alice", p, t, *attacker[3:])] + list(extra)
    if blockers is None:
        blockers = {}
    return board(*perms, attackers={a: "bob"}, blockers=blockers, assignment=[list(x) for x in triples], **combat)


def test_510_1a_total_damage() -> None:
    v = only(assigned(["a1", "bob", 2]), "510.1a", "a1")
    assert v["message"] == "a1 assigns 2 of its 3 combat damage"
    assert "assigns 0 of its 3" in only(assigned(), "510.1a", "a1")["message"]


def test_510_1a_zero_power_assigns_nothing() -> None:
    v = only(assigned(["a1", "bob", 1], attacker=("a1", 0, 3)), "510.1a", "a1")
    assert v["message"] == "a1 has power 0 and assigns no combat damage"


def test_510_4_not_dealing_in_this_step() -> None:
    s = board(creature("a1", "alice", 3, 3), creature("a2", "alice", 1, 1, "First strike"),
              attackers={"a1": "bob", "a2": "bob"}, blockers={}, assignment=[["a1", "bob", 3], ["a2", "bob", 1]])
    v = only(s, "510.4", "a1")
    assert v["message"] == "a1 assigns combat damage but deals none in the first-strike combat damage step"
    assert v["objects"] == ["a1"]


def test_510_1b_c_d_recipients() -> None:
    b1 = creature("b1", "bob", 1, 1)
    only(assigned(["a1", "b1", 3], extra=(b1,)), "510.1b", "a1", "b1")
    only(assigned(["a1", "bob", 3], ["b1", "a1", 1], extra=(b1,), blockers={"b1": ["a1"]}), "510.1c", "a1", "bob")
    only(assigned(["a1", "b1", 3], ["b1", "bob", 1], extra=(b1,), blockers={"b1": ["a1"]}), "510.1d", "b1", "bob")


def test_702_19b_lethal_damage_first() -> None:
    s = assigned(["a1", "bob", 2], ["a1", "b1", 1], ["b1", "a1", 1], attacker=("a1", 3, 3, "Trample"),
                 extra=(creature("b1", "bob", 1, 3),), blockers={"b1": ["a1"]})
    v = only(s, "702.19b", "a1", "bob", "b1")
    assert v["message"] == "a1 assigns 2 to bob but b1 was assigned 1 of 3 lethal"
    # 702.2c: with deathtouch, 1 is lethal.
    s = assigned(["a1", "bob", 2], ["a1", "b1", 1], ["b1", "a1", 1], attacker=("a1", 3, 3, "Trample", "Deathtouch"),
                 extra=(creature("b1", "bob", 1, 3),), blockers={"b1": ["a1"]})
    assert pysolver.check(s)["legal"]


def test_702_19c_loyalty_first() -> None:
    s = board(creature("a1", "alice", 4, 4, "Trample over planeswalkers"),
              {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3},
              attackers={"a1": "pw"}, blockers={}, assignment=[["a1", "pw", 1], ["a1", "bob", 3]])
    v = only(s, "702.19c", "a1", "bob", "pw")
    assert v["message"] == "a1 assigns 3 to bob but pw was assigned 1 of its 3 loyalty"


def test_508_1a_violations_are_listed_together_in_order() -> None:
    s = board(creature("a1", "alice", 3, 3, "Flying", tapped=True), creature("b1", "bob", 1, 3),
              attackers={"a1": "bob"}, blockers={"b1": ["a1"]}, assignment=[["a1", "b1", 1]])
    assert rules(s) == ["508.1a", "702.9b", "510.1a", "510.1a"]  # a1 assigns 1 of 3, b1 none of 1


# ---- agreement with the enumerations on random boards -----------------------------------------

MAX_CANDIDATES = 40


def sample(candidates: list, rnd) -> list:
    return candidates if len(candidates) <= MAX_CANDIDATES else rnd.sample(candidates, MAX_CANDIDATES)


SLOW = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@settings(max_examples=examples(10), **SLOW)
@given(block_boards(), st.randoms(use_true_random=False))
def test_check_agrees_with_blocks(data: dict, rnd) -> None:
    """Every declaration `blocks` lists passes `check`; every other set of blocker->attacker pairs
    (all subsets of up to 6 pairs) fails it."""
    s = pysolver.load_data(data)
    attackers = sorted(a for a, _ in s.combat.attackers)
    blockers = sorted(p.id for p in s.permanents if p.is_creature and p.controller != s.active)
    pairs = [(b, a) for b in blockers for a in attackers]
    if len(pairs) > 6:
        pairs = sorted(rnd.sample(pairs, 6))
    listed = {frozenset(map(tuple, d["blocks"])) for d in pysolver.legal_blocks(s)}
    subsets = [frozenset(c) for n in range(len(pairs) + 1) for c in itertools.combinations(pairs, n)]
    for d in set(sample(sorted(listed, key=sorted), rnd)) | set(sample(subsets, rnd)):
        doc = pysolver.check(s.with_combat(blockers=tuple(sorted(d))))
        assert blocks_legal(doc) == (d in listed), (sorted(d), doc)


def blocks_legal(doc: dict) -> bool:
    """No violation of the blocks (the random attackers themselves may break attack rules)."""
    return not [v for v in doc["violations"] if stage_of(v["rule"]) == 1]


@settings(max_examples=examples(10), **SLOW)
@given(attack_boards(), st.randoms(use_true_random=False))
def test_check_agrees_with_attacks(data: dict, rnd) -> None:
    """Every declaration `attacks` lists passes `check`; every other candidate fails it."""
    s = pysolver.load_data(data)
    mine = sorted(p.id for p in s.permanents if p.is_creature and p.controller == s.active)[:3]
    targets = attackable(data)
    listed = {frozenset(map(tuple, d["attacks"])) for d in pysolver.legal_attacks(s)}
    candidates = [frozenset((a, t) for a, t in zip(mine, choice) if t is not None)
                  for choice in itertools.product(*([None, *targets] for _ in mine))]
    for d in sample(candidates, rnd):
        doc = pysolver.check(s.with_combat(attackers=tuple(sorted(d))))
        assert doc["legal"] == (d in listed), (sorted(d), doc)


def near_misses(assignment: frozenset, rnd) -> list[frozenset]:
    """Small changes of an assignment: one amount up or down, one triple dropped or redirected
    (amounts to the same recipient added up: one assignment per source and recipient)."""
    triples = sorted(assignment)
    out = []
    for i, (src, r, n) in enumerate(triples):
        rest = triples[:i] + triples[i + 1:]
        out.append(frozenset(rest))
        out.append(frozenset(rest + [(src, r, n + 1)]))
        if n > 1:
            out.append(frozenset(rest + [(src, r, n - 1)]))
        other = rnd.choice(triples)
        if other[1] != r:
            out.append(merged(rest + [(src, other[1], n)]))
    return out


def merged(triples: list) -> frozenset:
    total: dict = {}
    for src, r, n in triples:
        total[(src, r)] = total.get((src, r), 0) + n
    return frozenset((src, r, n) for (src, r), n in total.items())


@settings(max_examples=examples(15), **SLOW)
@given(damage_boards(), st.randoms(use_true_random=False))
def test_check_agrees_with_damage(data: dict, rnd) -> None:
    """Every assignment `damage` lists passes `check`; the other candidates (every split of each
    dealer's power among everything it could possibly assign to, and near misses) fail it."""
    s = pysolver.load_data(data)
    listed = {frozenset(map(tuple, a["assignment"])) for a in pysolver.damage_assignments(s)}
    field = battlefield(s)
    first = frozenset(s.combat.first_strikers) if s.combat.first_strikers is not None else None
    options = candidates(s, field, next_step(s, field), first)
    combos = [frozenset(t for part in combo for t in part)
              for combo in itertools.islice(itertools.product(*options), 2000)]
    pool = set(sample(combos, rnd)) | set(sample(sorted(listed, key=sorted), rnd))
    pool |= {m for a in sample(sorted(listed, key=sorted), rnd)[:5] for m in near_misses(a, rnd)}
    for a in sorted(pool, key=sorted)[:3 * MAX_CANDIDATES]:
        doc = pysolver.check(s.with_combat(assignment=tuple(sorted(a))))
        damage_rules = [v for v in doc["violations"] if stage_of(v["rule"]) == 2]
        assert (not damage_rules) == (a in listed), (sorted(a), doc)
