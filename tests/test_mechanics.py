"""Keyword mechanics (docs/abilities.md): one small board per rule with its hand-stated expected set; the solver
and the brute-force reference (tests/reference) must both give it, and real card lines parse.
"""

from __future__ import annotations

import pytest
from boards import board, creature
from reference import reference_blocks

import pysolver
from pysolver.model import Situation
from pysolver.model.abilities import parse_ability_line


def blocks_of(s: Situation) -> set[frozenset[tuple[str, str]]]:
    """The legal block declarations, each as a set of (blocker, attacker) pairs; the reference agrees."""
    got = [frozenset(tuple(p) for p in d["blocks"]) for d in pysolver.legal_blocks(s)]
    assert set(got) == reference_blocks(s) and len(got) == len(set(got)) == pysolver.count_blocks(s)
    return set(got)


# --- 702.98 unleash ---------------------------------------------------------------------------------


def test_702_98a_unleash_cant_block_with_a_plus_counter() -> None:
    """702.98a: x (unleash) with a +1/+1 counter can't block; y (unleash, no counter) can; z (unleash, a
    +1/+1 and a -1/-1 counter: 704.5q removes both) can."""
    s = board(creature("a", "alice"), creature("x", "bob", 2, 2, "Unleash", counters={"+1/+1": 1}),
              creature("y", "bob", 2, 2, "Unleash"), creature("z", "bob", 2, 2, "Unleash",
                                                               counters={"+1/+1": 1, "-1/-1": 1}),
              attackers={"a": "bob"})
    assert blocks_of(s) == {frozenset(), frozenset({("y", "a")}), frozenset({("z", "a")}),
                            frozenset({("y", "a"), ("z", "a")})}
    bad = board(creature("a", "alice"), creature("x", "bob", 2, 2, "Unleash", counters={"+1/+1": 1}),
                attackers={"a": "bob"}, blockers={"x": ["a"]})
    assert [v["rule"] for v in pysolver.check(bad)["violations"]] == ["702.98a"]


def test_702_98a_unleash_of_real_cards() -> None:
    assert [a.kind for a in parse_ability_line("Unleash", "Rakdos Cackler")] == ["unleash"]


# --- 702.116 myriad, 702.100 evolve --------------------------------------------------------------


def test_702_116a_myriad_with_one_opponent_does_nothing() -> None:
    """702.116a: no opponent other than the defending player, no token: the outcomes are those of the same
    creature without myriad (bob at 20 or 17)."""
    def lives(*lines: str) -> set[int]:
        return {o["life"]["bob"] for o in pysolver.outcomes(board(creature("x", "alice", 3, 3, *lines)))}
    assert lives("Myriad") == lives() == {20, 17}


def test_702_116a_myriad_with_two_opponents_is_refused_until_attackers_are_declared() -> None:
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\].*'x' has myriad \(702\.116a\)"):
        board(creature("x", "alice", 3, 3, "Myriad"), carol=20)
    declared = board(creature("x", "alice", 3, 3, "Myriad"), carol=20, attackers={"x": "bob"})
    assert {o["life"]["bob"] for o in pysolver.outcomes(declared)} == {17}
    board(creature("x", "bob", 3, 3, "Myriad"), carol=20)  # bob's creature does not attack this turn


def test_702_100a_evolve_never_triggers_without_persist_or_undying() -> None:
    """Nothing enters the battlefield in this combat: evolve changes nothing; with persist on the board
    (702.79a: a creature returns) it is refused, both permanents named."""
    def ends(*lines: str) -> list[dict]:
        s = board(creature("x", "alice", 2, 2, *lines), creature("b", "bob", 3, 3))
        return [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert ends("Evolve") == ends()
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\].*702\.100a.*'p' has persist or undying"):
        board(creature("x", "alice", 2, 2, "Evolve"), creature("p", "bob", 1, 1, "Persist"))


@pytest.mark.parametrize(("name", "line", "kind"), [("Banshee of the Dread Choir", "Myriad", "myriad"),
                                                    ("Shambleshark", "Evolve", "evolve")])
def test_keyword_mechanics_of_real_cards(name: str, line: str, kind: str) -> None:
    assert [a.kind for a in parse_ability_line(line, name)] == [kind]


# --- 702.109 dash -------------------------------------------------------------------------------


def test_702_109a_a_dashed_creature_has_haste() -> None:
    """702.109a, 302.6: x (summoning sick, Dash) can attack only if its dash cost was paid (`dashed`);
    y (no dash ability) can't be dashed: an error naming the field."""
    def attacks(**fields: object) -> int:
        return pysolver.count_attacks(board(creature("x", "alice", 2, 2, "Dash {1}{R}", summoning_sick=True,
                                                      **fields)))
    assert (attacks(), attacks(dashed=True)) == (1, 2)
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\]\.dashed: .*no dash ability"):
        board(creature("y", "alice", 2, 2, dashed=True))
    assert board(creature("x", "alice", 2, 2, "Dash {R}", dashed=True)).permanent("x").to_data()["dashed"] is True


def test_702_109a_dash_of_real_cards() -> None:
    assert [(a.kind, str(a.value)) for a in parse_ability_line("Dash {2}{B}", "Alesha's Vanguard")] == [
        ("dash", "{2}{B}")]
