"""One small board per attacking rule (508.1, 302.6, 702.x, docs/situation.md, docs/abilities.md).

Each test states the legal declarations of attackers by hand; both the solver
(`pysolver.legal_attacks`, `count_attacks`) and the brute-force reference
(tests/reference) must give exactly that set.
"""

from __future__ import annotations

import itertools

from boards import board, creature
from reference import reference_attacks

import pysolver

THREE = [{"name": "alice"}, {"name": "bob"}, {"name": "carol"}]


def each_attacks_one_of(**options: list[str]) -> list[list[tuple[str, str]]]:
    """The declarations where each creature attacks nothing or one of the targets listed for it,
    independently of the others."""
    pairs = [[None, *((a, t) for t in targets)] for a, targets in options.items()]
    return [[p for p in choice if p] for choice in itertools.product(*pairs)]


def check(s, *expected: list[tuple[str, str]]) -> None:
    want = {frozenset(d) for d in expected}
    got = [frozenset(tuple(p) for p in d["attacks"]) for d in pysolver.legal_attacks(s)]
    assert set(got) == want, "solver"
    assert len(got) == len(want) == pysolver.count_attacks(s)
    assert reference_attacks(s) == want, "reference"


def mine(pid: str = "x", *abilities: str, **fields) -> dict:
    return creature(pid, "alice", 2, 2, *abilities, **fields)


# --- 508.1a ---------------------------------------------------------------------------------------

def test_508_1a_untapped_creatures_may_attack() -> None:
    check(board(mine("x"), mine("t", tapped=True)), *each_attacks_one_of(x=["bob"]))


def test_508_1a_only_the_active_players_creatures_attack() -> None:
    check(board(mine("x"), creature("b", "bob")), *each_attacks_one_of(x=["bob"]))


def test_508_1a_noncreatures_do_not_attack() -> None:
    artifact = {"id": "rock", "controller": "alice", "types": ["Artifact"]}
    check(board(artifact), [])


def test_508_1a_a_battle_cannot_attack() -> None:
    creature_battle = {**mine("cb"), "types": ["Creature", "Battle"], "defense": 3, "protector": "bob"}
    check(board(mine("x"), creature_battle), *each_attacks_one_of(x=["bob", "cb"]))


def test_302_6_summoning_sick_creature_cannot_attack_without_haste() -> None:
    check(board(mine("s", summoning_sick=True), mine("h", "Haste", summoning_sick=True)),
          *each_attacks_one_of(h=["bob"]))


def test_702_3b_defender_cannot_attack() -> None:
    check(board(mine("w", "Defender"), mine("x")), *each_attacks_one_of(x=["bob"]))


# --- 708.2a face-down attackers ----------------------------------------------------------------------

def test_708_2a_face_down_creature_has_no_defender() -> None:
    check(board(mine("m", "Defender", face_down=True)), *each_attacks_one_of(m=["bob"]))


def test_708_2a_face_down_creature_has_no_haste() -> None:
    check(board(mine("m", "Haste", face_down=True, summoning_sick=True)), [])


def test_708_2a_face_down_creature_has_no_attack_requirement() -> None:
    check(board(mine("m", "This creature attacks each combat if able", face_down=True)),
          *each_attacks_one_of(m=["bob"]))


# --- 704.3 state-based actions before attacks ----------------------------------------------------

def test_704_5f_zero_toughness_creature_cannot_attack() -> None:
    check(board(creature("z", "alice", 3, 0), creature("c", "alice", 2, 2, counters={"-1/-1": 2}), mine("x")),
          *each_attacks_one_of(x=["bob"]))


def test_704_5g_lethal_damage_removes_unless_indestructible() -> None:
    check(board(mine("d", damage=2), mine("i", "Indestructible", damage=2)), *each_attacks_one_of(i=["bob"]))


def test_704_5i_planeswalker_with_no_loyalty_cannot_be_attacked() -> None:
    pw = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 0}
    check(board(mine("x"), pw), *each_attacks_one_of(x=["bob"]))


def test_704_5v_battle_with_no_defense_cannot_be_attacked() -> None:
    battle = {"id": "siege", "controller": "alice", "types": ["Battle"], "defense": 0, "protector": "bob"}
    check(board(mine("x"), battle), *each_attacks_one_of(x=["bob"]))


# --- 508.1b targets -----------------------------------------------------------------------------

def test_508_1b_opponents_planeswalker_may_be_attacked_not_ones_own() -> None:
    theirs = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3}
    ours = {"id": "mypw", "controller": "alice", "types": ["Planeswalker"], "loyalty": 3}
    check(board(mine("x"), theirs, ours), *each_attacks_one_of(x=["bob", "pw"]))


def test_310_8b_battle_an_opponent_protects_may_be_attacked() -> None:
    """A Siege alice controls and bob protects can be attacked by alice; one alice protects can't."""
    siege = {"id": "siege", "controller": "alice", "types": ["Battle"], "defense": 3, "protector": "bob"}
    own = {"id": "own", "controller": "bob", "types": ["Battle"], "defense": 3, "protector": "alice"}
    check(board(mine("x"), siege, own), *each_attacks_one_of(x=["bob", "siege"]))


def test_802_multiplayer_each_opponent_may_be_attacked() -> None:
    s = board(mine("x"), mine("y"), players=THREE)
    check(s, *each_attacks_one_of(x=["bob", "carol"], y=["bob", "carol"]))


def test_508_1b_two_creatures_attack_independently() -> None:
    pw = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3}
    s = board(mine("x"), mine("y"), pw)
    check(s, *each_attacks_one_of(x=["bob", "pw"], y=["bob", "pw"]))
    assert pysolver.count_attacks(s) == 9


# --- 508.1d requirements ----------------------------------------------------------------------

def test_508_1d_attacks_each_combat_if_able() -> None:
    pw = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3}
    s = board(mine("x", "This creature attacks each combat if able"), mine("y"), pw)
    check(s, *[d for d in each_attacks_one_of(x=["bob", "pw"], y=["bob", "pw"]) if any(a == "x" for a, _ in d)])


def test_508_1d_requirement_gives_way_to_restrictions() -> None:
    """Tapped or summoning sick, a creature that attacks if able does not have to (508.1a, 302.6)."""
    check(board(mine("t", "This creature attacks each combat if able", tapped=True),
                mine("s", "~ attacks each combat if able", summoning_sick=True),
                mine("d", "Defender", "This creature attacks each combat if able")), [])


def test_508_1d_requirement_with_ids_that_are_not_asp_constants() -> None:
    s = pysolver.load_data({"players": [{"name": "Al-1"}, {"name": "Bob"}], "active": "Al-1",
                            "permanents": [creature("X-1", "Al-1", 2, 2, "This creature attacks each combat if able"),
                                           creature("Y", "Al-1")]})
    check(s, *[d for d in each_attacks_one_of(**{"X-1": ["Bob"], "Y": ["Bob"]}) if d and d[0][0] == "X-1"])


def test_508_1d_a_static_ability_gives_each_creature_it_describes_the_requirement() -> None:
    """Warmonger Hellkite: "All creatures attack each combat if able" (508.1d, 613.1f): each of alice's creatures
    able to attack does so (the defender, 702.3b, and the summoning-sick one, 302.6, are not able); bob's own is
    not hers to declare. Hellraiser Goblin's "Creatures you control have haste and attack each combat if able"
    makes its controller's summoning-sick creature able (702.10b) and so required; not an opponent's (bob's)."""
    hellkite = creature("w", "bob", 5, 5, "All creatures attack each combat if able.", name="Warmonger Hellkite")
    s = board(hellkite, mine("x"), mine("d", "Defender"), mine("s", summoning_sick=True), mine("y"))
    check(s, [("x", "bob"), ("y", "bob")])
    goblin = mine("g", "Creatures you control have haste and attack each combat if able.", name="Hellraiser Goblin")
    check(board(goblin, mine("s", summoning_sick=True), creature("b", "bob", 1, 1)), [("g", "bob"), ("s", "bob")])


def test_508_1d_requirements_given_by_two_sources_are_two_requirements() -> None:
    """113.2c: two sources give the third creature two requirements; 508.1d maximises those obeyed, and a
    declaration leaving one out breaks 508.1d."""
    s = board(mine("a", "Other creatures you control attack each combat if able"),
              mine("b", "Other creatures you control attack each combat if able"), mine("c"))
    check(s, [("a", "bob"), ("b", "bob"), ("c", "bob")])
    assert [v["rule"] for v in pysolver.check(s.with_combat(attackers=(("a", "bob"), ("b", "bob"))))[
        "violations"]] == ["508.1d"]


# --- 702.20 ---------------------------------------------------------------------------------------

def test_508_1c_cant_attack_unless_defending_player_controls_an_island() -> None:
    """Sea Serpent: "can't attack unless defending player controls an Island" (508.1c). It may attack
    bob, who controls one, not carol, who does not; nor bob when only alice controls an Island; a
    planeswalker's defending player is its controller (506.2)."""
    line = "Sea Serpent can't attack unless defending player controls an Island."
    serpent = mine("x", line, name="Sea Serpent")
    island = {"id": "isl", "controller": "bob", "types": ["Land"], "subtypes": ["Island"]}
    check(board(serpent, island, players=THREE), *each_attacks_one_of(x=["bob"]))
    check(board(serpent, {**island, "controller": "alice"}), *each_attacks_one_of(x=[]))
    pw = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3}
    check(board(serpent, island, pw), *each_attacks_one_of(x=["bob", "pw"]))
    s = board(serpent, pw, attackers={"x": "pw"})
    assert [(v["rule"], v["objects"]) for v in pysolver.check(s)["violations"]] == [("508.1c", ["x", "pw"])]


def test_702_20b_vigilance_does_not_let_a_tapped_creature_attack() -> None:
    """Vigilance only keeps an attacker from becoming tapped (702.20b); a creature that is already
    tapped still can't be declared as an attacker (508.1a)."""
    check(board(mine("x", "Vigilance", tapped=True), mine("y", "Vigilance")), [], [("y", "bob")])
