"""One test per face-down rule (708.2a, 702.37, 116.2b) and the priority windows of docs/verify.md.

Outcome tests also check the brute-force reference (tests/reference/outcomes.py).
"""

from __future__ import annotations

import json

from boards import board, creature
from reference.outcomes import canonical, reference_outcomes

import pysolver
from pysolver.cli import main


def players(alice: str = "", bob: str = "") -> list[dict]:
    return [{"name": "alice", "life": 20, "mana": alice}, {"name": "bob", "life": 20, "mana": bob}]


def results(s) -> list[dict]:
    got = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert {canonical(o) for o in got} == {canonical(o) for o in reference_outcomes(s)}
    return got


def morph(pid: str, controller: str, power: int, toughness: int, *abilities: str, cost: str = "{R}",
          kind: str = "Morph", **fields) -> dict:
    """A face-down creature whose face-up side is a power/toughness creature with `abilities`."""
    return creature(pid, controller, power, toughness, *abilities, f"{kind} {cost}", face_down=True, **fields)


def test_708_2a_face_down_creature_has_no_evasion() -> None:
    """708.2a: face down it has no abilities: its face-up flying does not stop a ground blocker."""
    s = board(morph("x", "alice", 3, 3, "Flying"), creature("y", "bob", 1, 1), attackers={"x": "bob"})
    assert [d["blocks"] for d in pysolver.legal_blocks(s)] == [[], [["y", "x"]]]


def test_708_2a_face_down_creature_has_no_haste() -> None:
    """708.2a, 302.6: a summoning-sick face-down creature cannot attack though its face-up side
    has haste (no mana to turn it face up)."""
    s = board(morph("x", "alice", 3, 3, "Haste", summoning_sick=True))
    assert [d["attacks"] for d in pysolver.legal_attacks(s)] == [[]]
    assert {o["life"]["bob"] for o in results(s)} == {20}


def test_708_2a_face_down_creature_is_colorless_and_may_block_protection_from_red() -> None:
    """708.2a, 105.2c, 702.16f: face down it has no color, so a red creature's face-down side may
    block a creature with protection from red; face up it may not."""
    attacker = creature("x", "alice", 2, 2, "Protection from red")
    s = board(attacker, morph("y", "bob", 2, 2, colors=["red"]), attackers={"x": "bob"})
    assert [d["blocks"] for d in pysolver.legal_blocks(s)] == [[], [["y", "x"]]]
    s = board(attacker, creature("y", "bob", 2, 2, colors=["red"]), attackers={"x": "bob"})
    assert [d["blocks"] for d in pysolver.legal_blocks(s)] == [[]]


def test_708_2a_face_down_creature_is_a_2_2_with_its_counters() -> None:
    """708.2a, 122.1a: a face-down 5/5 with a +1/+1 counter is a 3/3."""
    s = board(morph("x", "alice", 5, 5, counters={"+1/+1": 1}), attackers={"x": "bob"}, blockers={})
    (o,) = results(s)
    assert o["life"]["bob"] == 17


def test_702_37e_116_2b_morph_turned_face_up_at_beginning_of_combat_gains_haste_and_attacks() -> None:
    """116.2b, 702.37e, 702.10b, docs/verify.md: turned face up in the beginning of combat step (507.2),
    the summoning-sick morph has haste when attackers are declared and may attack."""
    s = board(morph("x", "alice", 4, 4, "Haste", summoning_sick=True), players=players(alice="{R}"))
    got = results(s)
    assert {o["life"]["bob"] for o in got} == {20, 16}
    s = board(morph("x", "alice", 4, 4, "Haste", summoning_sick=True), players=players(alice="{G}"))
    assert {o["life"]["bob"] for o in results(s)} == {20}  # 107.4: {R} must be paid with red mana


def test_506_4a_turned_face_up_after_blockers_keeps_blocking() -> None:
    """506.4a: a blocker turned face up after blockers are declared into a creature that
    "can't block" keeps blocking and deals its damage."""
    s = board(creature("x", "alice", 2, 2), morph("y", "bob", 3, 3, "Can't block", cost="{G}"),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, players=players(bob="{G}"))
    got = results(s)
    assert {(tuple(o["destroyed"]), json.dumps(o["damage"])) for o in got} == {
        (("x", "y"), "{}"),  # face down: 2/2 against 2/2
        (("x",), '{"y": 2}'),  # face up: 3/3, still blocking
    }


def test_506_4a_attacker_turned_face_up_after_blockers_stays_blocked() -> None:
    """506.4a, 509.1h: an attacker turned face up with flying after a ground creature blocked
    it stays blocked: the player is dealt no damage."""
    s = board(morph("x", "alice", 3, 3, "Flying"), creature("y", "bob", 0, 4),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, players=players(alice="{R}"))
    got = results(s)
    assert {o["life"]["bob"] for o in got} == {20}
    assert {json.dumps(o["damage"]) for o in got} == {'{"y": 2}', '{"y": 3}'}


def test_702_16e_protection_gained_after_blockers_prevents_the_blockers_damage() -> None:
    """702.16e, 506.4a: turned face up after blockers with protection from green, the attacker
    is still blocked by the green creature but its damage is prevented."""
    s = board(morph("x", "alice", 2, 2, "Protection from green", cost="{W}"),
              creature("y", "bob", 3, 3, colors=["green"]),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, players=players(alice="{W}"))
    got = results(s)
    assert {(tuple(o["destroyed"]), o["life"]["bob"]) for o in got} == {(("x",), 20), ((), 20)}
    assert all(o["damage"] == {"y": 2} for o in got)


def test_702_37b_megamorph_puts_a_counter_on_it() -> None:
    """702.37b: turned face up for its megamorph cost, a 3/3 gets a +1/+1 counter (4 damage)."""
    s = board(morph("x", "alice", 3, 3, kind="Megamorph", cost="{G}"), attackers={"x": "bob"},
              players=players(alice="{G}"))
    assert {o["life"]["bob"] for o in results(s)} == {18, 16}


def test_702_37e_spec_1_mana_pool_is_shared_across_the_windows_of_one_combat() -> None:
    """docs/situation.md `mana`, 702.37e: one {R} pays for one face-up turn in the whole combat, whichever
    window (after attackers, after blockers); two {R} pay for both."""
    fd = [morph(x, "alice", 2, 2, kind="Megamorph") for x in ("x1", "x2")]
    s = board(*fd, attackers={"x1": "bob", "x2": "bob"}, players=players(alice="{R}"))
    assert {o["life"]["bob"] for o in results(s)} == {16, 15}
    s = board(*fd, attackers={"x1": "bob", "x2": "bob"}, players=players(alice="{R}{R}"))
    assert {o["life"]["bob"] for o in results(s)} == {16, 15, 14}


def test_107_4_generic_mana_is_paid_with_any_mana_left() -> None:
    """107.4, 601.2h: {1}{R} is paid by {G}{R} but not by {G}{G} or {R}."""
    def lives(pool: str) -> set[int]:
        s = board(morph("x", "alice", 5, 5, cost="{1}{R}"), attackers={"x": "bob"}, blockers={},
                  players=players(alice=pool))
        return {o["life"]["bob"] for o in results(s)}
    assert lives("{G}{R}") == {18, 15}
    assert lives("{G}{G}") == lives("{R}") == {18}
    assert lives("{2}{R}") == {18, 15}  # a number is colorless mana (docs/situation.md)


def test_704_5g_damaged_face_down_2_2_turned_into_an_x_1_dies() -> None:
    """120.6, 704.5g: damage marked on a face-down 2/2 stays when it is turned face up; as a 3/1
    with 1 damage it is destroyed by state-based actions (704.3)."""
    s = board(morph("x", "alice", 3, 1, damage=1), attackers={}, players=players(alice="{R}"))
    got = results(s)
    assert {(tuple(o["destroyed"]), json.dumps(o["damage"])) for o in got} == {((), '{"x": 1}'), (("x",), "{}")}


def test_510_4_turned_face_up_between_damage_steps_dies_before_dealing_damage() -> None:
    """510.3, 120.6, 704.5g: dealt 1 by a first striker, a face-down 2/2 turned face up into a 3/1
    between the damage steps dies at once and deals no regular combat damage."""
    s = board(morph("x", "alice", 3, 1), creature("y", "bob", 1, 3, "First strike"),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, players=players(alice="{R}"))
    got = results(s)
    assert {(tuple(o["destroyed"]), json.dumps(o["damage"], sort_keys=True)) for o in got} == {
        ((), '{"x": 1, "y": 2}'),  # stays face down: survives the 1 and deals 2 in the regular step
        (("x",), "{}"),  # turned face up (after blockers or after first-strike damage): destroyed
    }


def test_702_7c_first_strike_gained_between_steps_still_deals_regular_damage() -> None:
    """510.4, 702.7c: a creature that had no first strike as the first-strike step began deals
    its damage in the regular step even if it is turned face up with first strike after it."""
    s = board(morph("x", "alice", 3, 3, "First strike"), creature("fs", "alice", 1, 1, "First strike"),
              attackers={"x": "bob", "fs": "bob"}, blockers={}, players=players(alice="{R}"))
    # Face down: 1 first-strike + 2 regular; turned face up before damage: 1 + 3 first-strike
    # (it then had first strike as the step began, so no regular damage); turned between the
    # steps: 1 first-strike + 3 regular.
    assert {o["life"]["bob"] for o in results(s)} == {17, 16}


def test_702_7c_situation_past_the_first_strike_step_face_down_creature_had_no_first_strike() -> None:
    """510.4, 702.7c, 708.2a: a situation at the regular step (`damage_step: regular`): the
    face-down creature had no first strike as the first-strike step began, so turned face up
    (with first strike) in the window before the regular step it still deals regular damage."""
    s = board(morph("x", "alice", 3, 3, "First strike"), attackers={"x": "bob"}, blockers={},
              damage_step="regular", players=players(alice="{R}"))
    assert {o["life"]["bob"] for o in results(s)} == {18, 17}


def test_702_37_morph_cost_with_x_is_rejected(tmp_path, capsys) -> None:
    """702.37f: morph costs with {X} are not supported: a clear input error, exit status 2."""
    path = tmp_path / "x.yaml"
    path.write_text(json.dumps({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
                                "permanents": [{"id": "m", "controller": "alice", "power": 2, "toughness": 2,
                                                "face_down": True, "abilities": ["Morph {X}{G}"]}]}))
    assert main(["outcomes", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "permanents[0].abilities[0]" in captured.err and "'m'" in captured.err and "{X}" in captured.err
    assert "Traceback" not in captured.err
