"""Creature tokens created during the combat (111.1-111.4, 110.5b, 302.6; pysolver.rules.tokens): each rule with
a hand-stated set of results, the real cards' lines, and the brute-force reference (tests/reference/tokens.py)
on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.errors import InputError
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line


def results(s: pysolver.Situation) -> set[tuple[Any, ...]]:
    """(alice's life, bob's life, destroyed, damage) of each outcome."""
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"]), tuple(sorted(o["damage"].items())))
            for o in pysolver.outcomes(s)}


def compare(data: dict[str, Any]) -> None:
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = [canonical(o.to_json()) for o in outcome_values(s)]
    assert len(got) == len(set(got)), "an outcome is listed twice"
    assert set(got) == want, (sorted(set(got) - want)[:2], sorted(want - set(got))[:2])
    assert pysolver.count_outcomes(s) == len(want)


PING = "{T}: This creature deals 1 damage to any target"


# ---- death triggers that create tokens (603.10a, 111.1) --------------------------------------------------

@pytest.mark.parametrize(("name", "line", "term", "made"), [
    ("Doomed Dissenter", "When Doomed Dissenter dies, create a 2/2 black Zombie creature token.", "dies_create(1)",
     ("Zombie Token", 2, 2, ("black",), ("Zombie",), ())),
    ("Penumbra Spider", "When Penumbra Spider dies, create a 2/4 black Spider creature token with reach.",
     "dies_create(1)", ("Spider Token", 2, 4, ("black",), ("Spider",), ("reach",))),
    ("Sprouting Thrinax", "When Sprouting Thrinax dies, create three 1/1 green Saproling creature tokens.",
     "dies_create(3)", ("Saproling Token", 1, 1, ("green",), ("Saproling",), ())),
    ("Mausoleum Guard", "When Mausoleum Guard dies, create two 1/1 white Spirit creature tokens with flying.",
     "dies_create(2)", ("Spirit Token", 1, 1, ("white",), ("Spirit",), ("flying",))),
    ("Thragtusk", "When Thragtusk leaves the battlefield, create a 3/3 green Beast creature token.", "dies_create(1)",
     ("Beast Token", 3, 3, ("green",), ("Beast",), ())),
    ("Mitotic Slime", "When Mitotic Slime dies, create two 2/2 green Ooze creature tokens. They have \"When this "
     "creature dies, create two 1/1 green Ooze creature tokens.\"", "dies_create(2)",
     ("Ooze Token", 2, 2, ("green",), ("Ooze",), ("dies_create",))),
])
def test_111_3_real_death_lines_parse(name: str, line: str, term: str, made: tuple[Any, ...]) -> None:
    """111.3, 111.4: the characteristics the line gives the tokens, their name their subtypes and "Token"."""
    a, = parse_ability_line(line, name)
    spec = a.value
    assert a.term == term
    assert (spec.name, spec.power, spec.toughness, spec.colors, spec.subtypes,  # type: ignore[attr-defined]
            tuple(x.kind for x in spec.abilities)) == made  # type: ignore[attr-defined]


@pytest.mark.parametrize("line", [
    "When ~ dies, create a token that's a copy of it",  # 707: a copy
    "When ~ dies, create a legendary 5/5 colorless Goblin Golem artifact creature token named Tuktuk the Returned",
    "When ~ dies, create an X/X green Elemental creature token, where X is the number of creature cards in your "
    "graveyard",
    "When ~ dies, create a 1/1 colorless Eldrazi Scion creature token. It has \"Sacrifice this creature: Add {C}.\"",
])
def test_111_3_tokens_not_read(line: str) -> None:
    """Copies (707), legendary tokens (704.5j), an X, abilities other than keywords: not read (noted)."""
    with pytest.raises(ValueError):
        parse_ability_line(line, "x")


def test_111_7_a_token_that_dies_is_destroyed() -> None:
    """111.1, 111.7: bob's 1/1 blocker dies to alice's first striker and creates a 1/1 Spirit token (d/spirit1); in
    the window before the regular step alice's pinger may kill it (listed destroyed, 704.5d: it ceases to exist),
    or ping anything else, or nothing (pinging d before damage changes nothing: x stays blocked, 509.1h)."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("p", "alice", 1, 1, PING),
              creature("d", "bob", 1, 1, "When ~ dies, create a 1/1 white Spirit creature token with flying"),
              attackers={"x": "bob"}, blockers={"d": ["x"]})
    assert results(s) == {(20, 20, ("d",), ()), (20, 19, ("d",), ()), (19, 20, ("d",), ()),
                          (20, 20, ("d", "d/spirit1"), ()), (20, 20, ("d",), (("x", 1),)), (20, 20, ("d", "p"), ())}


def test_111_1_equal_tokens_are_one_outcome() -> None:
    """111.1, docs/results.md: three equal Saproling tokens; pinging one of them is one outcome, its token named
    d/saproling1 whichever was pinged."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("p", "alice", 1, 1, PING),
              creature("d", "bob", 1, 1, "When ~ dies, create three 1/1 green Saproling creature tokens"),
              attackers={"x": "bob"}, blockers={"d": ["x"]})
    found = results(s)
    assert (20, 20, ("d", "d/saproling1"), ()) in found and len(found) == 6 == pysolver.count_outcomes(s)


def test_506_4_a_token_from_a_first_strike_death_is_not_in_combat() -> None:
    """506.4, 111.1: a Beast token created in the first-strike step is in no fight: bob's 1/1 chump blocker dies,
    its 3/3 token is created and alice's blocked double striker deals no regular damage (509.1h)."""
    s = board(creature("x", "alice", 2, 2, "Double strike"),
              creature("t", "bob", 1, 1, "When ~ leaves the battlefield, create a 3/3 green Beast creature token"),
              attackers={"x": "bob"}, blockers={"t": ["x"]})
    assert results(s) == {(20, 20, ("t",), ())}


def test_111_3_a_token_dying_triggers_its_own_line() -> None:
    """111.3: Mitotic Slime's 2/2 Oozes have "When this creature dies, create two 1/1 green Ooze creature tokens".
    The Slime dies to alice's double striker in the first-strike step; in the window after it alice's 2-damage
    pinger may kill an Ooze (m/ooze1, whose own tokens are m/ooze1/ooze1 and m/ooze1/ooze2), or anything else:
    before the first-strike step it may kill x (the Slime survives) or the Slime (x stays blocked, 509.1h)."""
    slime = ("When ~ dies, create two 2/2 green Ooze creature tokens. They have \"When this creature dies, "
             "create two 1/1 green Ooze creature tokens.\"")
    s = board(creature("x", "alice", 2, 2, "Double strike"), creature("p", "alice", 1, 1, PING.replace("1", "2")),
              creature("m", "bob", 2, 2, slime), attackers={"x": "bob"}, blockers={"m": ["x"]})
    assert results(s) == {(20, 20, ("m",), ()), (20, 18, ("m",), ()), (18, 20, ("m",), ()), (20, 20, ("x",), ()),
                          (20, 20, ("m", "x"), ()), (20, 20, ("m", "m/ooze1"), ()), (20, 20, ("m", "p"), ())}


def test_603_6a_an_enters_watcher_beside_a_token_maker_is_refused() -> None:
    """603.6a: a token entering triggers "whenever another creature enters": not modelled, refused."""
    with pytest.raises(InputError, match="creates tokens"):
        board(creature("w", "alice", 1, 1, "Whenever another creature enters the battlefield, you gain 1 life"),
              creature("d", "bob", 1, 1, "When ~ dies, create a 2/2 black Zombie creature token"))


DEATH_LINES = ("When ~ dies, create a 1/1 white Spirit creature token with flying",
               "When ~ dies, create two 1/1 green Saproling creature tokens",
               "Whenever another creature dies, this creature deals 1 damage to any target",
               "When ~ dies, it deals 1 damage to target creature or player", "First strike")


@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, DEATH_LINES)))
def test_111_1_death_tokens_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


@settings(max_examples=examples(4), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, DEATH_LINES)), st.booleans())
def test_111_1_death_tokens_verify_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    blockers = [p["id"] for p in data["permanents"] if p["controller"] != "alice" and "power" in p]
    goal = {"lethal": data["players"][1]["name"]} if lethal or not blockers else {"destroy": blockers[:1]}
    s = pysolver.load_data({**data, "goal": goal})
    assert pysolver.verify(s)["holds"] is reference_verify(s)
