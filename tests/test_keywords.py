"""Wither, infect, toxic, poison counters, persist and undying in `outcomes`, `verify` and the reference.

Each rule's test states its expected outcomes by hand (docs/results.md fields, `line` left out);
the differential tests compare `outcomes` with the brute-force reference (tests/reference/outcomes.py)
on boards that mix these keywords with first strike, double strike, trample, deathtouch, lifelink,
indestructible, protection and face-down creatures.
"""

from __future__ import annotations

from typing import Any

from combat_boards import outcome_boards
from hypothesis import HealthCheck, given, settings
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_result_keywords
from test_verify import tiny_boards

import pysolver
from pysolver.files.loader import situation_from_data

EMPTY = {"damage": {}, "loyalty": {}, "defense": {}, "lost": [], "destroyed": []}


def board(*permanents: dict[str, Any], poison: int = 0, life: int = 20, blocks: dict | None = None) -> dict:
    """alice attacks bob with `a*` creatures; `b*` creatures are bob's; blocks as given."""
    perms = [{"controller": "alice" if p["id"].startswith("a") else "bob", **p} for p in permanents]
    d: dict = {"players": [{"name": "alice"}, {"name": "bob", "life": life, "poison": poison}],
               "active": "alice", "permanents": perms,
               "combat": {"attackers": {p["id"]: "bob" for p in perms if p["id"].startswith("a")}}}
    if blocks is not None:
        d["combat"]["blockers"] = blocks
    return d


def results(d: dict) -> list[dict]:
    """The outcomes without their `line`, in a fixed order."""
    out = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(situation_from_data(d))]
    return sorted(out, key=canonical)


def expect(*outcomes: dict) -> list[dict]:
    return sorted(({**EMPTY, "life": {"alice": 20, "bob": 20}, **o} for o in outcomes), key=canonical)


def same_as_reference(d: dict) -> None:
    s = pysolver.load_data(d)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = {canonical(o) for o in pysolver.outcomes(s)}
    assert got == want, (sorted(got - want)[:2], sorted(want - got)[:2])
    assert pysolver.count_outcomes(s) == len(want)


def test_702_80a_wither_damage_to_a_creature_is_minus_counters_that_stay() -> None:
    """702.80a, 120.3d: a 2/3 attacker with wither blocked by a 1/4 puts 2 -1/-1 counters on it (no
    damage marked), which survives as a -1/2 (docs/results.md `minus_counters`); the blocker's damage
    to the attacker is marked (120.3e)."""
    d = board({"id": "a1", "power": 2, "toughness": 3, "abilities": ["Wither"]},
              {"id": "b1", "power": 1, "toughness": 4}, blocks={"b1": ["a1"]})
    assert results(d) == expect({"damage": {"a1": 1}, "minus_counters": {"b1": 2}})


def test_120_3d_wither_counters_and_marked_damage_add_up_to_lethal() -> None:
    """120.3d, 120.3e, 704.5f/g: one 1-power wither attacker and a 2-power one blocked by the same
    3/3: 1 counter (toughness 2) and 2 damage marked: destroyed; split otherwise (510.1c) the same."""
    d = board({"id": "a1", "power": 1, "toughness": 5, "abilities": ["Wither"]},
              {"id": "a2", "power": 2, "toughness": 5},
              {"id": "b1", "power": 0, "toughness": 3, "abilities": ["Can block an additional creature each combat"]},
              blocks={"b1": ["a1", "a2"]})
    assert results(d) == expect({"destroyed": ["b1"]})


def test_702_90b_infect_to_a_player_is_poison_and_ten_loses() -> None:
    """702.90b, 120.3b: infect damage to a player gives poison counters and no life loss; 704.5c:
    ten or more and that player loses; 702.15b: lifelink with infect still gains life."""
    d = board({"id": "a1", "power": 3, "toughness": 3, "abilities": ["Infect", "Lifelink"]}, poison=7, blocks={})
    assert results(d) == expect({"life": {"alice": 23, "bob": 20}, "poison": {"bob": 10}, "lost": ["bob"]})


def test_702_90c_infect_to_a_creature_and_trample_lethal_damage() -> None:
    """702.90c: infect damage to a creature is -1/-1 counters; 702.19b: lethal damage (toughness
    minus damage marked, glossary) must be assigned to the blocker first, whatever the damage does;
    the rest goes to bob as poison. 4 power, a 1/2 blocker with 1 damage: 1 counter kills it."""
    d = board({"id": "a1", "power": 4, "toughness": 4, "abilities": ["Infect", "Trample"]},
              {"id": "b1", "power": 0, "toughness": 2, "damage": 1}, blocks={"b1": ["a1"]})
    poisoned = ({"destroyed": ["b1"], "poison": {"bob": n}} for n in (1, 2, 3))
    assert results(d) == expect({"destroyed": ["b1"]}, *poisoned)


def test_702_164b_toxic_adds_its_total_value_to_combat_damage() -> None:
    """702.164b, 702.164c, 120.3g: combat damage to a player from a creature with toxic 2 and toxic 1
    also gives 3 poison counters; unblocked it deals its 2 damage too (120.3a)."""
    d = board({"id": "a1", "power": 2, "toughness": 2, "abilities": ["Toxic 2", "Toxic 1"]}, blocks={})
    assert results(d) == expect({"life": {"alice": 20, "bob": 18}, "poison": {"bob": 3}})


def test_704_5c_toxic_and_poison_in_the_first_strike_step_end_the_game() -> None:
    """704.5c, 104.3b: nine poison counters and a first striker with toxic 1: bob loses in the
    first-strike step, so the 5/5 never deals its regular damage."""
    d = board({"id": "a1", "power": 1, "toughness": 1, "abilities": ["First strike", "Toxic 1"]},
              {"id": "a2", "power": 5, "toughness": 5}, poison=9, blocks={})
    assert results(d) == expect({"life": {"alice": 20, "bob": 19}, "poison": {"bob": 10}, "lost": ["bob"]})


def test_702_79a_persist_returns_a_creature_that_had_no_minus_counter() -> None:
    """702.79a: a 2/2 persist blocker that dies returns (a new object, 400.7): destroyed and
    returned; killed by wither damage it had -1/-1 counters (603.10a: looked back at) and stays dead."""
    plain = board({"id": "a1", "power": 3, "toughness": 3},
                  {"id": "b1", "power": 2, "toughness": 2, "abilities": ["Persist"]}, blocks={"b1": ["a1"]})
    assert results(plain) == expect({"damage": {"a1": 2}, "destroyed": ["b1"], "returned": ["b1"]})
    wither = board({"id": "a1", "power": 3, "toughness": 3, "abilities": ["Wither"]},
                   {"id": "b1", "power": 2, "toughness": 2, "abilities": ["Persist"]}, blocks={"b1": ["a1"]})
    assert results(wither) == expect({"damage": {"a1": 2}, "destroyed": ["b1"]})


def test_702_93a_undying_and_a_returned_creature_is_out_of_combat() -> None:
    """702.93a, 506.4: an undying attacker killed by a first striker returns with a +1/+1 counter
    before the regular step, not attacking: it deals no regular damage (no damage on the blocker)."""
    d = board({"id": "a1", "power": 2, "toughness": 2, "abilities": ["Undying"]},
              {"id": "b1", "power": 3, "toughness": 4, "abilities": ["First strike"]}, blocks={"b1": ["a1"]})
    assert results(d) == expect({"destroyed": ["a1"], "returned": ["a1"]})


def test_603_3b_persist_and_undying_on_a_one_toughness_creature_order_chosen() -> None:
    """603.3b: both trigger; the order its controller picks decides: persist first returns a 0/0
    (704.5f, dead again), undying first a 2/2."""
    d = board({"id": "a1", "power": 3, "toughness": 3},
              {"id": "b1", "power": 0, "toughness": 1, "abilities": ["Persist", "Undying"]}, blocks={"b1": ["a1"]})
    assert results(d) == expect({"destroyed": ["b1"]}, {"destroyed": ["b1"], "returned": ["b1"]})


def test_708_2a_a_face_down_persist_creature_does_not_return() -> None:
    """708.2a, 603.10a: a face-down creature has no abilities; its leaves-the-battlefield trigger
    looks back at it as it was (face down), so persist does not trigger, though it is revealed (708.9)."""
    d = board({"id": "a1", "power": 3, "toughness": 3},
              {"id": "b1", "face_down": True, "power": 1, "toughness": 1, "abilities": ["Persist", "Morph {5}"]},
              blocks={"b1": ["a1"]})
    assert results(d) == expect({"damage": {"a1": 2}, "destroyed": ["b1"]})


def test_104_3b_no_return_when_the_game_is_over() -> None:
    """104.3b, 603.3: bob at 2 life loses to the unblocked attacker as b1 dies: the game ends before
    b1's persist trigger is put on the stack."""
    d = board({"id": "a1", "power": 3, "toughness": 3}, {"id": "a2", "power": 2, "toughness": 2},
              {"id": "b1", "power": 0, "toughness": 2, "abilities": ["Persist"]}, life=2, blocks={"b1": ["a1"]})
    assert results(d) == expect({"life": {"alice": 20, "bob": 0}, "lost": ["bob"], "destroyed": ["b1"]})


def test_704_5c_verify_lethal_by_poison() -> None:
    """704.5c in verify's `lethal` goal (docs/verify.md): a 2/2 infect attacker against 8 poison
    counters and 20 life forces the loss; the life bound does not rule it out."""
    d = board({"id": "a1", "power": 2, "toughness": 2, "abilities": ["Infect"]}, poison=8)
    del d["combat"]
    d["goal"] = {"lethal": "bob"}
    assert pysolver.verify(situation_from_data(d))["holds"] is True
    d["players"][1]["poison"] = 7
    assert pysolver.verify(situation_from_data(d))["holds"] is False


def test_122_1f_poison_round_trip_and_range() -> None:
    """122.1f: `poison` is a player field (docs/situation.md), written back by to_data."""
    s = situation_from_data(board({"id": "a1", "power": 1, "toughness": 1}, poison=4))
    assert s.player("bob").poison == 4 and pysolver.load_data(s.to_data()) == s
    bad = board({"id": "a1", "power": 1, "toughness": 1}, poison=-1)
    try:
        situation_from_data(bad)
    except pysolver.InputError as exc:
        assert exc.field == "players[1].poison"
    else:
        raise AssertionError("negative poison accepted")


@settings(max_examples=examples(30), deadline=None)
@given(with_result_keywords(outcome_boards("blockers")))
def test_keywords_after_blocks_equal_reference(data: dict) -> None:
    same_as_reference(data)


@settings(max_examples=examples(20), deadline=None)
@given(with_result_keywords(outcome_boards("attackers")))
def test_keywords_after_attacks_equal_reference(data: dict) -> None:
    same_as_reference(data)


def test_real_card_texts_parse() -> None:
    """Oracle lines with reminder text (cards.py strips it) parse to these keywords instead of
    being noted as not modelled: Kitchen Finks (persist), Boggart Ram-Gang (wither),
    Glistener Elf (infect), Bloated Contaminator (toxic), Strangleroot Geist (undying)."""
    from pysolver.files.cards import oracle_lines
    texts = {
        "Kitchen Finks": ("When Kitchen Finks enters, you gain 2 life.\nPersist (When this creature dies, if it had "
                          "no -1/-1 counters on it, return it to the battlefield under its owner's control with a "
                          "-1/-1 counter on it.)", ("Persist",)),
        "Boggart Ram-Gang": ("Haste\nWither (This deals damage to creatures in the form of -1/-1 counters.)",
                             ("Haste", "Wither")),
        "Glistener Elf": ("Infect (This creature deals damage to creatures in the form of -1/-1 counters and to "
                          "players in the form of poison counters.)", ("Infect",)),
        "Bloated Contaminator": ("Trample\nToxic 1 (Players dealt combat damage by this creature also get a poison "
                                 "counter.)", ("Trample", "Toxic 1")),
        "Strangleroot Geist": ("Haste\nUndying (When this creature dies, if it had no +1/+1 counters on it, return "
                               "it to the battlefield under its owner's control with a +1/+1 counter on it.)",
                               ("Haste", "Undying")),
    }
    for name, (text, lines) in texts.items():
        kept, unmodelled = oracle_lines(name, text)
        assert kept == lines, name
        assert unmodelled == (("When Kitchen Finks enters, you gain 2 life.",) if name == "Kitchen Finks" else ()), name


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_result_keywords(tiny_boards().map(lambda s: s.to_data())))
def test_keywords_verify_equals_brute_force_minimax(data: dict) -> None:
    """`verify` (lethal by poison, destroy and survive with creatures that return) against the
    brute-force minimax (tests/reference/minimax.py) on tiny boards with first strike and face-down
    creatures."""
    s = pysolver.load_data(data)
    assert pysolver.verify(s)["holds"] is reference_verify(s)
