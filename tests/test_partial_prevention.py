"""Static prevention of part of each damage event (615.10): "If a source would deal damage to you or a creature you
control, prevent N of that damage" (Hedron-Field Purists) and "If a source would deal damage to another Dinosaur you
control, prevent all but 1 of that damage" (Temple Altisaur), one test per rule: the fights, the walk and the
brute-force reference (tests/reference/partial.py) find exactly the hand-stated outcomes; generated boards compare
the three at the end."""

from __future__ import annotations

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome
from hypothesis import given, settings
from strategies import examples, with_shields

import pysolver
from pysolver.errors import InputError
from pysolver.game.fights import decomposes
from pysolver.model.abilities import parse_ability_line

SOME = "If a source would deal damage to you or a creature you control, prevent {} of that damage"
ALL_BUT = "If a source would deal damage to another Dinosaur you control, prevent all but 1 of that damage"


@pytest.mark.parametrize("name, line, term", [
    ("Hedron-Field Purists", SOME.format(1) + ".", "prevent_some(1)"),
    ("Hedron-Field Purists", SOME.format(2) + ".", "prevent_some(2)"),
    ("Temple Altisaur", ALL_BUT + ".", 'prevent_all_but_one("dinosaur")')])
def test_615_10_real_lines_parse(name: str, line: str, term: str) -> None:
    (a,) = parse_ability_line(line, name)
    assert a.term == term


def test_615_10_each_event_separately_and_to_you() -> None:
    """Bob's 0/4 with "prevent 1" blocks a 2/2 lifelinker and a 1/1 deathtouch (509.1a: it may block both); each
    source's damage is an event of its own (615.10, 510.2): 1 of each is prevented, so the lifelinker deals 1 and gains
    1 (702.15b) and the deathtouch deals none and destroys nothing (702.2b). A 4/4 trampler blocked by bob's 1/2
    assigns lethal damage ignoring prevention (702.19b, 510.1c-d): 2 or more to it (1 prevented) and the rest to bob
    (1 of it prevented too: "you")."""
    s = board(creature("x1", "alice", 2, 2, "Lifelink"), creature("x2", "alice", 1, 1, "Deathtouch"),
              creature("t", "alice", 4, 4, "Trample"),
              creature("p", "bob", 0, 4, SOME.format(1), "Can block an additional creature each combat"),
              creature("q", "bob", 1, 2), attackers={"x1": "bob", "x2": "bob", "t": "bob"},
              blockers={"p": ["x1", "x2"], "q": ["t"]})
    assert agreed_outcomes(s) == {outcome(bob=19, alice=21, damage={"p": 1, "q": 1, "t": 1}),
                                  outcome(alice=21, destroyed=("q",), damage={"p": 1, "t": 1})}


def test_615_10_all_but_one_to_another_dinosaur_only() -> None:
    """Temple Altisaur's "another Dinosaur you control": a 5/5 blocked by a Dinosaur 1/2 deals it 1 (all but 1
    prevented); a 3/3 blocked by the Altisaur itself (a Dinosaur, but not "another") deals it all 3. The board is
    walked whole (611.3a: a source gone in one fight's first-strike step would prevent nothing in another's regular
    step, pysolver.game.fights.decomposes)."""
    s = board(creature("x", "alice", 5, 5), creature("y", "alice", 3, 3),
              creature("t", "bob", 0, 3, ALL_BUT, subtypes=["Dinosaur"]),
              creature("d", "bob", 1, 2, subtypes=["Dinosaur"]),
              attackers={"x": "bob", "y": "bob"}, blockers={"d": ["x"], "t": ["y"]})
    assert not decomposes(s)
    assert agreed_outcomes(s) == {outcome(destroyed=("t",), damage={"d": 1, "x": 1})}


@pytest.mark.parametrize("extra", [
    creature("s", "alice", 1, 1, "{T}: Prevent the next 1 damage that would be dealt to any target this turn"),
    creature("s", "alice", 1, 1, "If damage would be dealt to ~, put that many -1/-1 counters on it instead"),
    creature("s", "bob", 1, 1, ALL_BUT),
    creature("s", "alice", 1, 1, "{T}: ~ deals 1 damage to any target")])
def test_616_1_orders_that_change_a_result_are_refused(extra: dict) -> None:
    """616.1: a prevention shield (615.7), damage made counters (614.1a) or both lines under one controller may apply
    to the same damage in an order of the affected player's choosing, with different results; damage dealt outside
    combat (120.3) is not modelled beside the line: refused."""
    with pytest.raises(InputError, match="615.10"):
        board(creature("x", "alice", 2, 2), creature("p", "bob", 1, 2, SOME.format(1)), extra,
              attackers={"x": "bob"})


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(outcome_boards("blockers"), [SOME.format(1), SOME.format(2), ALL_BUT]))
def test_partial_prevention_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    for p in data["permanents"]:
        p.setdefault("subtypes", ["Dinosaur"] if p["id"].endswith("1") else [])
    try:
        s = pysolver.load_data(data)
    except InputError as exc:
        assert "616.1" in str(exc)  # both lines under one controller
        return
    agreed_outcomes(s)
