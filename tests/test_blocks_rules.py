"""One small board per blocking rule (509.1, 702.x, docs/situation.md, docs/abilities.md).

Each test states the legal declarations of blockers by hand; both the solver
(`pysolver.legal_blocks`, `count_blocks`) and the brute-force reference
(tests/reference) must give exactly that set.
"""

from __future__ import annotations

import itertools

from boards import board, creature
from reference import reference_blocks

import pysolver

THREE = [{"name": "alice"}, {"name": "bob"}, {"name": "carol"}]


def decls(*declarations: list[tuple[str, str]]) -> set[frozenset]:
    return {frozenset(d) for d in declarations}


def each_blocks_one_of(**options: str | list[str]) -> list[list[tuple[str, str]]]:
    """The declarations where each blocker blocks nothing or one of the attackers listed for it
    (509.1a), independently of the others: ``each_blocks_one_of(b="xy", c="x")``."""
    pairs = [[None, *((b, a) for a in attackers)] for b, attackers in options.items()]
    return [[p for p in choice if p] for choice in itertools.product(*pairs)]


def check(s, *expected: list[tuple[str, str]]) -> None:
    want = decls(*expected)
    got = [frozenset(tuple(p) for p in d["blocks"]) for d in pysolver.legal_blocks(s)]
    assert set(got) == want, "solver"
    assert len(got) == len(want) == pysolver.count_blocks(s)
    assert reference_blocks(s) == want, "reference"


def attacker(pid: str = "x", *abilities: str, **fields) -> dict:
    return creature(pid, "alice", 2, 2, *abilities, **fields)


def blocker(pid: str = "b", *abilities: str, controller: str = "bob", **fields) -> dict:
    return creature(pid, controller, 2, 2, *abilities, **fields)


# --- 509.1a ---------------------------------------------------------------------------------

def test_509_1a_untapped_creature_may_block_tapped_may_not() -> None:
    check(board(attacker(), blocker("b"), blocker("t", tapped=True), attackers={"x": "bob"}),
          [], [("b", "x")])


def test_509_1a_summoning_sick_creature_may_block() -> None:
    check(board(attacker(), blocker("b", summoning_sick=True), attackers={"x": "bob"}), [], [("b", "x")])


def test_509_1a_attacking_players_creatures_do_not_block() -> None:
    check(board(attacker(), creature("y", "alice"), attackers={"x": "bob"}), [])


def test_509_1a_a_creature_blocks_one_attacker() -> None:
    check(board(attacker("x"), attacker("y"), blocker("b"), attackers={"x": "bob", "y": "bob"}),
          [], [("b", "x")], [("b", "y")])


def test_509_1a_blocker_with_additional_creature_blocks_two_attackers() -> None:
    check(board(attacker("x"), attacker("y"), blocker("b", "Can block an additional creature each combat"),
                attackers={"x": "bob", "y": "bob"}),
          [], [("b", "x")], [("b", "y")], [("b", "x"), ("b", "y")])


def test_509_1a_additional_creature_instances_stack() -> None:
    """Each instance of "can block an additional creature" adds one (113.2c)."""
    extra = "Can block an additional creature each combat"
    s = board(attacker("x"), attacker("y"), attacker("z"), blocker("b", extra, extra),
              attackers={"x": "bob", "y": "bob", "z": "bob"})
    check(s, [], [("b", "x")], [("b", "y")], [("b", "z")], [("b", "x"), ("b", "y")], [("b", "x"), ("b", "z")],
          [("b", "y"), ("b", "z")], [("b", "x"), ("b", "y"), ("b", "z")])
    one = board(attacker("x"), attacker("y"), attacker("z"), blocker("b", extra),
                attackers={"x": "bob", "y": "bob", "z": "bob"})
    assert pysolver.count_blocks(one) == 1 + 3 + 3


def test_509_1a_block_any_number() -> None:
    s = board(attacker("x"), attacker("y"), attacker("z"), blocker("b", "Can block any number of creatures"),
              attackers={"x": "bob", "y": "bob", "z": "bob"})
    assert pysolver.count_blocks(s) == 8 == len(reference_blocks(s))


def test_509_1a_multiplayer_blocks_only_attackers_attacking_its_controller() -> None:
    """802.4a: carol's creature blocks only creatures attacking carol (or her planeswalkers)."""
    s = board(attacker("x"), attacker("y"), blocker("b"), blocker("c", controller="carol"),
              attackers={"x": "bob", "y": "carol"}, players=THREE)
    check(s, [], [("b", "x")], [("c", "y")], [("b", "x"), ("c", "y")])


def test_509_1a_multiplayer_player_not_attacked_does_not_block() -> None:
    s = board(attacker("x"), blocker("c", controller="carol"), attackers={"x": "bob"}, players=THREE)
    check(s, [])


def test_509_1a_attacker_of_a_planeswalker_blocked_by_its_controller() -> None:
    pw = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3}
    check(board(attacker(), blocker("b"), pw, attackers={"x": "pw"}), [], [("b", "x")])


def test_310_8c_attacker_of_a_battle_blocked_by_its_protector() -> None:
    """A Siege alice controls and bob protects: bob's creatures block its attackers."""
    battle = {"id": "siege", "controller": "alice", "types": ["Battle"], "defense": 3, "protector": "bob"}
    s = board(attacker(), blocker("b"), blocker("c", controller="carol"), battle,
              attackers={"x": "siege"}, players=THREE)
    check(s, [], [("b", "x")])


def test_509_1a_battle_cannot_block() -> None:
    creature_battle = {**blocker("cb"), "types": ["Creature", "Battle"], "defense": 3, "protector": "alice"}
    check(board(attacker(), creature_battle, attackers={"x": "bob"}), [])


# --- 506.4, 704.3: state-based actions before blocks -----------------------------------------

def test_704_5f_zero_toughness_creature_removed_before_blocks() -> None:
    s = board(attacker(), creature("b", "bob", 1, 0), creature("m", "bob", 2, 2, counters={"-1/-1": 2}),
              attackers={"x": "bob"})
    check(s, [])


def test_704_5g_lethal_damage_removes_unless_indestructible() -> None:
    s = board(attacker(), blocker("d", damage=2), blocker("i", "Indestructible", damage=5),
              attackers={"x": "bob"})
    check(s, [], [("i", "x")])


def test_708_2a_face_down_toughness_is_two_plus_counters() -> None:
    """A face-down 5/1 with 1 damage is a 2/2 with 1 damage: it stays and may block."""
    s = board(attacker(), creature("m", "bob", 5, 1, face_down=True, damage=1),
              creature("n", "bob", 5, 5, face_down=True, counters={"-1/-1": 2}), attackers={"x": "bob"})
    check(s, [], [("m", "x")])


def test_506_4_attacker_removed_by_state_based_actions_cannot_be_blocked() -> None:
    s = board(creature("x", "alice", 2, 1, damage=1), attacker("y"), blocker("b"),
              attackers={"x": "bob", "y": "bob"})
    check(s, [], [("b", "y")])


def test_506_4c_attacker_of_a_removed_planeswalker_may_still_be_blocked() -> None:
    """The planeswalker (0 loyalty) leaves; its attacker keeps attacking and may be blocked
    by the player it was attacking through (802.2a)."""
    pw = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 0}
    check(board(attacker(), blocker("b"), pw, attackers={"x": "pw"}), [], [("b", "x")])


def test_506_4c_attacker_of_a_removed_battle_may_still_be_blocked() -> None:
    battle = {"id": "siege", "controller": "alice", "types": ["Battle"], "defense": 0, "protector": "bob"}
    check(board(attacker(), blocker("b"), battle, attackers={"x": "siege"}), [], [("b", "x")])


# --- 702.9b flying, 702.17 reach --------------------------------------------------------------

def test_702_9b_flying_needs_flying_or_reach() -> None:
    s = board(attacker("x", "Flying"), blocker("g"), blocker("f", "Flying"), blocker("r", "Reach"),
              attackers={"x": "bob"})
    check(s, *each_blocks_one_of(f="x", r="x"))


def test_702_9b_flyer_may_block_ground_creature() -> None:
    check(board(attacker(), blocker("f", "Flying"), attackers={"x": "bob"}), [], [("f", "x")])


# --- 702.16 protection --------------------------------------------------------------------------

def test_702_16f_protection_from_a_color() -> None:
    s = board(attacker("x", "Protection from white"), blocker("w", colors=["white"]),
              blocker("g", colors=["G"]), blocker("wg", colors=["white", "green"]), attackers={"x": "bob"})
    check(s, [], [("g", "x")])


def test_708_2a_face_down_blocker_vs_protection_from_a_color_may_block() -> None:
    """Face down, the white blocker is colorless (708.2a): protection from white does not stop it."""
    s = board(attacker("x", "Protection from white"), blocker("m", colors=["white"], face_down=True),
              attackers={"x": "bob"})
    check(s, [], [("m", "x")])


def test_708_2a_face_down_blocker_vs_protection_from_colorless() -> None:
    s = board(attacker("x", "Protection from colorless"), blocker("m", colors=["white"], face_down=True),
              blocker("w", colors=["white"]), attackers={"x": "bob"})
    check(s, [], [("w", "x")])


def test_708_2a_face_down_attacker_has_no_abilities() -> None:
    """A face-down Akroma (flying, protection from white and blue) is blocked by anything."""
    s = board(attacker("x", "Flying", "Protection from white and from blue", colors=["red"], face_down=True),
              blocker("w", colors=["white"]), attackers={"x": "bob"})
    check(s, [], [("w", "x")])


def test_702_16f_protection_from_creatures() -> None:
    check(board(attacker("x", "Protection from creatures"), blocker("b"), blocker("f", "Flying"),
                attackers={"x": "bob"}), [])


def test_702_16j_protection_from_everything() -> None:
    check(board(attacker("x", "Protection from everything"), blocker("b"), attackers={"x": "bob"}), [])


def test_702_16k_protection_from_a_player() -> None:
    s = board(attacker("x", "Protection from bob"), attacker("y"), blocker("b"), blocker("c", controller="carol"),
              attackers={"x": "carol", "y": "bob"}, players=THREE)
    check(s, [], [("b", "y")], [("c", "x")], [("b", "y"), ("c", "x")])
    s = board(attacker("x", "Protection from bob"), blocker("b"), attackers={"x": "bob"})
    check(s, [])


def test_702_16k_protection_from_a_player_whose_name_is_not_an_asp_constant() -> None:
    s = pysolver.load_data({
        "players": [{"name": "Al-1"}, {"name": "Bob"}], "active": "Al-1",
        "permanents": [creature("X-1", "Al-1", 2, 2, "Protection from Bob"), creature("y", "Al-1"),
                       creature("B_2", "Bob")],
        "combat": {"attackers": {"X-1": "Bob", "y": "Bob"}}})
    check(s, [], [("B_2", "y")])


def test_702_16a_protection_from_a_creature_type() -> None:
    """Protection from Goblins: Goblins can't block; a face-down Goblin has no subtypes (708.2a)."""
    s = board(attacker("x", "Protection from Goblins"), blocker("gob", subtypes=["Goblin"]),
              blocker("elf", subtypes=["Elf"]), blocker("m", subtypes=["Goblin"], face_down=True),
              attackers={"x": "bob"})
    check(s, *each_blocks_one_of(elf="x", m="x"))


def test_702_16a_protection_from_artifacts() -> None:
    s = board(attacker("x", "Protection from artifacts"), {**blocker("a"), "types": ["Artifact", "Creature"]},
              blocker("b"), attackers={"x": "bob"})
    check(s, [], [("b", "x")])


def test_105_4_protection_from_multicolored_and_monocolored() -> None:
    blockers = (blocker("c"), blocker("m", colors=["red"]), blocker("mm", colors=["red", "green"]))
    check(board(attacker("x", "Protection from multicolored"), *blockers, attackers={"x": "bob"}),
          *each_blocks_one_of(c="x", m="x"))
    check(board(attacker("x", "Protection from monocolored"), *blockers, attackers={"x": "bob"}),
          *each_blocks_one_of(c="x", mm="x"))


def test_702_16h_protection_from_each_color() -> None:
    s = board(attacker("x", "Protection from each color"), blocker("c"), blocker("m", colors=["black"]),
              attackers={"x": "bob"})
    check(s, [], [("c", "x")])


# --- 702.111b menace, "can't be blocked except by N or more" --------------------------------

def test_702_111b_menace_with_one_possible_blocker() -> None:
    check(board(attacker("x", "Menace"), blocker("b"), attackers={"x": "bob"}), [])


def test_702_111b_menace_needs_two_or_more_blockers() -> None:
    s = board(attacker("x", "Menace"), blocker("b"), blocker("c"), blocker("d"), attackers={"x": "bob"})
    check(s, [], [("b", "x"), ("c", "x")], [("b", "x"), ("d", "x")], [("c", "x"), ("d", "x")],
          [("b", "x"), ("c", "x"), ("d", "x")])


def test_509_1b_cant_be_blocked_except_by_three_or_more() -> None:
    s = board(attacker("x", "This creature can't be blocked except by three or more creatures"),
              blocker("b"), blocker("c"), blocker("d"), attackers={"x": "bob"})
    check(s, [], [("b", "x"), ("c", "x"), ("d", "x")])


# --- evasion -------------------------------------------------------------------------------------

def test_702_28b_shadow_both_ways() -> None:
    s = board(attacker("s", "Shadow"), attacker("n"), blocker("bs", "Shadow"), blocker("bn"),
              attackers={"s": "bob", "n": "bob"})
    check(s, [], [("bs", "s")], [("bn", "n")], [("bs", "s"), ("bn", "n")])


def test_702_31b_horsemanship() -> None:
    s = board(attacker("h", "Horsemanship"), attacker("n"), blocker("bh", "Horsemanship"), blocker("bn"),
              attackers={"h": "bob", "n": "bob"})
    check(s, *each_blocks_one_of(bh=["h", "n"], bn=["n"]))


def test_702_36b_fear() -> None:
    s = board(attacker("x", "Fear", colors=["black"]), blocker("k", colors=["black"]),
              {**blocker("a"), "types": ["Artifact", "Creature"]}, blocker("w", colors=["white"]),
              attackers={"x": "bob"})
    check(s, *each_blocks_one_of(k="x", a="x"))


def test_702_13b_intimidate() -> None:
    s = board(attacker("x", "Intimidate", colors=["red", "green"]), blocker("g", colors=["green"]),
              {**blocker("a"), "types": ["Artifact", "Creature"]}, blocker("w", colors=["white"]),
              blocker("c"), attackers={"x": "bob"})
    check(s, *each_blocks_one_of(g="x", a="x"))


def test_702_118b_skulk() -> None:
    s = board(attacker("x", "Skulk"), creature("small", "bob", 1, 1), creature("same", "bob", 2, 5),
              creature("big", "bob", 3, 3), creature("grown", "bob", 2, 2, counters={"+1/+1": 1}),
              attackers={"x": "bob"})
    check(s, *each_blocks_one_of(small="x", same="x"))


def test_702_14c_landwalk() -> None:
    """Islandwalk: unblockable while the defending player controls an Island; the attacking
    player's Islands do not count; another defending player's do not either (802.2a)."""
    island = {"id": "isl", "controller": "bob", "types": ["Land"], "subtypes": ["Island"]}
    mine = {"id": "my_island", "controller": "alice", "types": ["Land"], "subtypes": ["Island"]}
    check(board(attacker("x", "Islandwalk"), blocker("b"), island, attackers={"x": "bob"}), [])
    check(board(attacker("x", "Islandwalk"), blocker("b"), mine, attackers={"x": "bob"}), [], [("b", "x")])
    carols = {**island, "controller": "carol"}
    check(board(attacker("x", "Islandwalk"), blocker("b"), carols, attackers={"x": "bob"}, players=THREE),
          [], [("b", "x")])


def test_702_14c_landwalk_on_a_planeswalker_attacker_uses_its_controller() -> None:
    island = {"id": "isl", "controller": "bob", "types": ["Land"], "subtypes": ["Island"]}
    pw = {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3}
    check(board(attacker("x", "Islandwalk"), blocker("b"), island, pw, attackers={"x": "pw"}), [])


def test_509_1b_cant_be_blocked_as_long_as_defending_player_controls_an_artifact() -> None:
    """Bouncing Beebles: "can't be blocked as long as defending player controls an artifact" (509.1b).
    Bob's artifact (here an artifact creature, which may block itself) makes it unblockable; alice's does
    not, nor carol's when it attacks bob."""
    line = "Bouncing Beebles can't be blocked as long as defending player controls an artifact."
    beebles = attacker("x", line, name="Bouncing Beebles")
    rock = {"id": "rock", "controller": "bob", "types": ["Artifact"]}
    check(board(beebles, blocker("b"), rock, attackers={"x": "bob"}), [])
    check(board(beebles, blocker("b", types=["Artifact", "Creature"]), attackers={"x": "bob"}), [])
    check(board(beebles, blocker("b"), {**rock, "controller": "alice"}, attackers={"x": "bob"}), [], [("b", "x")])
    check(board(beebles, blocker("b"), {**rock, "controller": "carol"}, attackers={"x": "bob"}, players=THREE),
          [], [("b", "x")])


def test_509_1b_cant_block() -> None:
    check(board(attacker(), blocker("b", "Can't block"), attackers={"x": "bob"}), [])


def test_509_1b_cant_be_blocked() -> None:
    check(board(attacker("x", "~ can't be blocked"), blocker("b"), attackers={"x": "bob"}), [])


def test_509_1b_can_block_only_creatures_with_flying() -> None:
    s = board(attacker("x"), attacker("f", "Flying"), blocker("b", "Flying", "Can block only creatures with flying"),
              attackers={"x": "bob", "f": "bob"})
    check(s, [], [("b", "f")])


# --- 509.1c requirements --------------------------------------------------------------------------

def test_509_1c_lure_each_able_creature_blocks_it() -> None:
    s = board(attacker("x", "All creatures able to block this creature do so"), attacker("y"),
              blocker("b"), blocker("c"), blocker("t", tapped=True), blocker("f"),
              attackers={"x": "bob", "y": "bob"})
    check(s, [("b", "x"), ("c", "x"), ("f", "x")])


def test_509_1c_lure_with_menace_and_one_possible_blocker() -> None:
    """Blocking alone breaks menace (702.111b): the most requirements obeyable is none."""
    s = board(attacker("x", "Menace", "All creatures able to block this creature do so"), blocker("b"),
              attackers={"x": "bob"})
    check(s, [])


def test_509_1c_lure_with_menace_and_two_possible_blockers() -> None:
    s = board(attacker("x", "Menace", "All creatures able to block this creature do so"), blocker("b"),
              blocker("c"), attackers={"x": "bob"})
    check(s, [("b", "x"), ("c", "x")])


def test_509_1c_must_be_blocked_menace_attacker_needs_a_double_block() -> None:
    s = board(attacker("x", "Menace", "This creature must be blocked if able"), blocker("b"), blocker("c"),
              blocker("d"), attackers={"x": "bob"})
    check(s, [("b", "x"), ("c", "x")], [("b", "x"), ("d", "x")], [("c", "x"), ("d", "x")],
          [("b", "x"), ("c", "x"), ("d", "x")])
    alone = board(attacker("x", "Menace", "This creature must be blocked if able"), blocker("b"),
                  attackers={"x": "bob"})
    check(alone, [])


def test_509_1c_must_be_blocked_by_at_least_one() -> None:
    s = board(attacker("x", "This creature must be blocked if able"), attacker("y"), blocker("b"), blocker("c"),
              attackers={"x": "bob", "y": "bob"})
    check(s, [("b", "x")], [("c", "x")], [("b", "x"), ("c", "x")], [("b", "x"), ("c", "y")],
          [("b", "y"), ("c", "x")])


def test_509_1c_blocks_each_combat_if_able() -> None:
    s = board(attacker("x"), attacker("f", "Flying"), blocker("b", "This creature blocks each combat if able"),
              attackers={"x": "bob", "f": "bob"})
    check(s, [("b", "x")])
    check(board(attacker("f", "Flying"), blocker("b", "This creature blocks each combat if able"),
                attackers={"f": "bob"}), [])


def test_509_1c_example_menace_against_a_creature_that_blocks_if_able() -> None:
    """The example of 509.1c: both creatures must block the menace attacker."""
    s = board(attacker("x", "Menace"), blocker("must", "This creature blocks each combat if able"),
              blocker("other"), attackers={"x": "bob"})
    check(s, [("must", "x"), ("other", "x")])


def test_509_1c_each_instance_of_a_requirement_counts() -> None:
    """Two Lure abilities are two requirements (113.2c): a blocker that can block only one of
    the Lure attackers must block the one with two."""
    lure = "All creatures able to block this creature do so"
    s = board(attacker("x", lure, lure), attacker("y", lure), blocker("b"), attackers={"x": "bob", "y": "bob"})
    check(s, [("b", "x")])


def test_509_1c_requirements_do_not_override_restrictions() -> None:
    """A Lure flyer: a ground creature can't block it (702.9b), so it need not."""
    s = board(attacker("x", "Flying", "All creatures able to block this creature do so"), attacker("y"),
              blocker("b"), attackers={"x": "bob", "y": "bob"})
    check(s, [], [("b", "y")])
