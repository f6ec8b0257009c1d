"""One test per combat damage assignment rule (`damage`, docs/results.md), named by its CR number.

Rules: MagicCompRules-2026-01-16 (no damage assignment order: a blocked creature divides its
damage among its blockers freely, 510.1c). Each test also checks the brute-force reference
(tests/reference/damage.py) gives the same set.
"""

from __future__ import annotations

from boards import board, creature
from reference.damage import reference_assignments

import pysolver


def assignments(s) -> set[frozenset]:
    """pysolver's assignments as a set of frozensets of triples; checked against the reference."""
    got = {frozenset(tuple(t) for t in a["assignment"]) for a in pysolver.damage_assignments(s)}
    assert got == reference_assignments(s)
    assert pysolver.count_damage(s) == len(got)
    return got


def A(*triples) -> frozenset:
    return frozenset(triples)


def test_510_1a_power_zero_assigns_no_combat_damage() -> None:
    """510.1a: a creature that would assign 0 or less damage assigns none at all."""
    s = board(creature("x", "alice", 0, 3), creature("y", "bob", 0, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert assignments(s) == {A()}


def test_510_1b_unblocked_creature_assigns_to_what_it_attacks() -> None:
    """510.1b: an unblocked creature assigns all its damage to the player it attacks."""
    s = board(creature("x", "alice", 3, 3), attackers={"x": "bob"}, blockers={})
    assert assignments(s) == {A(("x", "bob", 3))}


def test_510_1c_blocked_creature_divides_damage_freely_among_its_blockers() -> None:
    """510.1c (no damage assignment order since 2024): any division among the blockers."""
    s = board(creature("x", "alice", 3, 5), creature("y", "bob", 1, 2), creature("z", "bob", 1, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"], "z": ["x"]})
    got = assignments(s)
    assert len(got) == 4  # 0+3, 1+2, 2+1, 3+0
    assert A(("x", "z", 3), ("y", "x", 1), ("z", "x", 1)) in got  # nothing to y: no lethal-first order


def test_510_1d_blocker_divides_damage_among_the_attackers_it_blocks() -> None:
    """510.1d: a creature blocking two attackers divides its damage between them."""
    s = board(creature("x1", "alice", 1, 1), creature("x2", "alice", 1, 1),
              creature("y", "bob", 2, 4, "Can block an additional creature each combat"),
              attackers={"x1": "bob", "x2": "bob"}, blockers={"y": ["x1", "x2"]})
    got = assignments(s)
    assert {frozenset(t for t in a if t[0] == "y") for a in got} == {
        A(("y", "x1", 2)), A(("y", "x1", 1), ("y", "x2", 1)), A(("y", "x2", 2))}


def test_702_19b_example_shared_blocker_counts_damage_from_other_creatures() -> None:
    """702.19b example: a 2/2 that can block an additional creature blocks a 1/1 and a 3/3 with
    trample; 1 from the 1/1 and 1 from the trampler is lethal, so 2 may go to the player."""
    s = board(creature("small", "alice", 1, 1), creature("big", "alice", 3, 3, "Trample"),
              creature("wall", "bob", 2, 2, "Can block an additional creature each combat"),
              attackers={"small": "bob", "big": "bob"}, blockers={"wall": ["small", "big"]})
    got = assignments(s)
    attackers_part = {frozenset(t for t in a if t[0] != "wall") for a in got}
    assert A(("small", "wall", 1), ("big", "wall", 1), ("big", "bob", 2)) in attackers_part
    assert all(sum(n for src, r, n in a if r == "wall") >= 2 for a in attackers_part if ("big", "bob", 2) in a)
    assert len(got) == 9  # trampler 1+2, 2+1, 3+0; blocker 2 split between two attackers 3 ways


def test_702_19b_lethal_damage_counts_damage_already_marked() -> None:
    """702.19b, 120.6: a 3-toughness blocker with 2 damage marked needs only 1 more."""
    s = board(creature("x", "alice", 4, 4, "Trample"), creature("y", "bob", 0, 3, damage=2),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert A(("x", "y", 1), ("x", "bob", 3)) in assignments(s)


def test_702_19b_702_2c_trample_with_deathtouch_one_damage_is_lethal() -> None:
    """702.2c: with deathtouch, 1 damage is lethal damage for trample (702.19b)."""
    s = board(creature("x", "alice", 4, 4, "Trample", "Deathtouch"), creature("y", "bob", 0, 5),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    got = assignments(s)
    assert A(("x", "y", 1), ("x", "bob", 3)) in got
    assert len(got) == 4  # 1..4 to the blocker, the rest to the player


def test_702_19b_trample_must_assign_lethal_to_a_blocker_with_protection() -> None:
    """702.19b example: a 6/6 green trampler blocked by a 2/2 with protection from green must
    still assign lethal damage (2) to it, although that damage will be prevented."""
    s = board(creature("x", "alice", 6, 6, "Trample", colors=["green"]),
              creature("y", "bob", 0, 2, "Protection from green"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    got = assignments(s)
    assert {dict((r, n) for _, r, n in a).get("y", 0) for a in got} == {2, 3, 4, 5, 6}


def test_702_19b_without_trample_nothing_goes_to_the_player() -> None:
    """510.1c, 702.19a: a blocked creature without trample assigns only to its blockers."""
    s = board(creature("x", "alice", 6, 6), creature("y", "bob", 0, 1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert assignments(s) == {A(("x", "y", 6))}


def test_702_19c_trample_over_planeswalkers_example() -> None:
    """702.19c example: a 1/1 and a 7/7 with trample over planeswalkers attack a planeswalker
    with loyalty 3: 1 + 2 to the planeswalker lets 5 go to its controller."""
    s = board(creature("small", "alice", 1, 1), creature("big", "alice", 7, 7, "Trample over planeswalkers"),
              {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3},
              attackers={"small": "pw", "big": "pw"}, blockers={})
    got = assignments(s)
    assert A(("small", "pw", 1), ("big", "pw", 2), ("big", "bob", 5)) in got
    assert all(sum(n for _, r, n in a if r == "pw") >= 3 for a in got if any(r == "bob" for _, r, _ in a))


def test_702_19c_not_enough_to_kill_the_planeswalker_nothing_to_its_controller() -> None:
    """702.19c: without damage at least equal to the loyalty on the planeswalker, none may go
    to its controller."""
    s = board(creature("x", "alice", 2, 2, "Trample over planeswalkers"),
              {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3},
              attackers={"x": "pw"}, blockers={})
    assert assignments(s) == {A(("x", "pw", 2))}


def test_702_19c_blocked_trample_over_planeswalkers_blockers_then_loyalty_then_player() -> None:
    """702.19c: lethal to the blockers, then the loyalty, then the planeswalker's controller."""
    s = board(creature("x", "alice", 6, 6, "Trample over planeswalkers"), creature("y", "bob", 0, 2),
              {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3},
              attackers={"x": "pw"}, blockers={"y": ["x"]})
    got = assignments(s)
    assert A(("x", "y", 2), ("x", "pw", 3), ("x", "bob", 1)) in got
    assert A(("x", "y", 1), ("x", "pw", 5)) not in got
    assert not any(("x", "bob", n) in a for a in got for n in range(2, 7))


def test_702_19f_trample_attacking_a_planeswalker_never_reaches_the_player() -> None:
    """702.19f: without trample over planeswalkers nothing goes to the defending player, even
    with more damage than the planeswalker's loyalty (510.1b: all to the planeswalker)."""
    s = board(creature("x", "alice", 5, 5, "Trample"),
              {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 2},
              attackers={"x": "pw"}, blockers={})
    assert assignments(s) == {A(("x", "pw", 5))}


def test_506_4c_510_1b_attacking_a_planeswalker_that_left_deals_no_damage() -> None:
    """506.4c, 510.1b: an unblocked creature attacking a planeswalker that has left the
    battlefield (here: 0 loyalty, docs/situation.md) assigns no combat damage."""
    s = board(creature("x", "alice", 3, 3, "Trample"),
              {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 0},
              attackers={"x": "pw"}, blockers={})
    assert assignments(s) == {A()}


def test_702_19e_trample_over_planeswalkers_attacking_a_planeswalker_that_left() -> None:
    """702.19e: with trample over planeswalkers, all its damage goes to the defending player."""
    s = board(creature("x", "alice", 3, 3, "Trample over planeswalkers"),
              {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 0},
              attackers={"x": "pw"}, blockers={})
    assert assignments(s) == {A(("x", "bob", 3))}


def test_509_1h_510_1c_blocked_creature_whose_blocker_left_assigns_no_damage() -> None:
    """509.1h, 510.1c, docs/situation.md: a 0-toughness blocker leaves before damage (704.5f); its
    attacker stays blocked and, without trample, assigns no combat damage."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 0),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert assignments(s) == {A()}


def test_702_19d_blocked_trampler_with_no_blockers_left_assigns_all_to_the_player() -> None:
    """702.19d: blocked, no creatures blocking it any more: as though all blockers had lethal."""
    s = board(creature("x", "alice", 3, 3, "Trample"), creature("y", "bob", 2, 0),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert assignments(s) == {A(("x", "bob", 3))}


def test_510_4_first_strike_step_only_first_and_double_strikers_deal_damage() -> None:
    """510.4, 702.7b, 702.4b: in the first-strike step only first strike and double strike."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("d", "alice", 1, 1, "Double strike"),
              creature("y", "bob", 3, 3), attackers={"x": "bob", "d": "bob"}, blockers={"y": ["x"]})
    assert pysolver.next_step(s) == "first_strike"
    assert assignments(s) == {A(("x", "y", 2), ("d", "bob", 1))}


def test_510_4_regular_step_remaining_creatures_and_double_strikers() -> None:
    """510.4, 702.4b: in the regular step, creatures without first strike and those with double
    strike; a creature with first strike only deals no damage again (702.7c)."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("d", "alice", 1, 1, "Double strike"),
              creature("y", "bob", 3, 3), attackers={"x": "bob", "d": "bob"}, blockers={"y": ["x"]},
              damage_step="regular")
    assert assignments(s) == {A(("d", "bob", 1), ("y", "x", 3))}
