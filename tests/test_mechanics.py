"""Keyword mechanics (docs/abilities.md): one small board per rule with its hand-stated expected set; the solver
and the brute-force reference (tests/reference) must both give it, and real card lines parse.
"""

from __future__ import annotations

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import reference_blocks
from reference.outcomes import canonical, reference_outcomes
from strategies import examples

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


# --- 702.95 soulbond ------------------------------------------------------------------------------

FAMILIAR = "As long as ~ is paired with another creature, each of those creatures gets +2/+2"


def test_702_95b_each_of_the_paired_creatures_gets_the_bonus() -> None:
    """702.95b: x (1/1, soulbond, +2/+2 while paired) paired with y (1/1): both are 3/3; unblocked they deal
    6 (bob 20 - 6); z (1/1, not paired) does not get it; the pair is stated on both (`paired_with`)."""
    s = board(creature("x", "alice", 1, 1, "Soulbond", FAMILIAR, paired_with="y"),
              creature("y", "alice", 1, 1, paired_with="x"), creature("z", "alice", 1, 1),
              attackers={"x": "bob", "y": "bob", "z": "bob"}, blockers={})
    assert [o["life"]["bob"] for o in pysolver.outcomes(s)] == [13]
    assert {canonical(o) for o in reference_outcomes(s)} == {canonical(o) for o in
                                                             ({k: v for k, v in o.items() if k != "line"}
                                                              for o in pysolver.outcomes(s))}


def test_702_95e_a_partner_that_dies_unpairs_them() -> None:
    """702.95e: y (1/1 paired with x, a 3/3 with +2/+2) is blocked by a 4/4 first striker and dies in the
    first-strike step: x is a 1/1 again in the regular step; its blocker w (2/2) kills it (x's 1 damage
    leaves w alive). Unpaired from the start, a 4/4 with y kills w."""
    s = board(creature("x", "alice", 1, 1, "Soulbond", FAMILIAR, paired_with="y"),
              creature("y", "alice", 1, 1, paired_with="x"), creature("f", "bob", 4, 4, "First strike"),
              creature("w", "bob", 2, 2), attackers={"x": "bob", "y": "bob"}, blockers={"f": ["y"], "w": ["x"]})
    (o,) = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert sorted(o["destroyed"]) == ["x", "y"] and o["damage"] == {"w": 1}
    assert {canonical(o)} == {canonical(r) for r in reference_outcomes(s)}


def test_702_95b_both_creatures_have_the_keyword() -> None:
    """Wingcrafter-like: x (soulbond, flying to the pair) paired with y: bob's 2/2 without flying or reach
    can block neither (702.9b); x unpaired only y's own flying is gone and both can be blocked."""
    line = "As long as ~ is paired with another creature, both creatures have flying"
    paired = board(creature("x", "alice", 1, 1, "Soulbond", line, paired_with="y"),
                   creature("y", "alice", 1, 1, paired_with="x"), creature("b", "bob"),
                   attackers={"x": "bob", "y": "bob"})
    assert blocks_of(paired) == {frozenset()}
    alone = board(creature("x", "alice", 1, 1, "Soulbond", line), creature("y", "alice", 1, 1),
                  creature("b", "bob"), attackers={"x": "bob", "y": "bob"})
    assert len(blocks_of(alone)) == 3


@pytest.mark.parametrize(("pairs", "message"), [
    ({"x": "y"}, "'y' does not name 'x' back"),
    ({"x": "q", "q": "x"}, "'q' is not the id of another permanent"),
    ({"x": "b", "b": "x"}, "not both creatures of one controller"),
    ({"y": "z", "z": "y"}, "no soulbond ability"),
])
def test_702_95b_the_pair_the_file_states_is_checked(pairs: dict[str, str], message: str) -> None:
    permanents = [creature(pid, "bob" if pid == "b" else "alice", 1, 1, *(["Soulbond"] if pid == "x" else []),
                           **({"paired_with": pairs[pid]} if pid in pairs else {})) for pid in ("x", "y", "z", "b")]
    with pytest.raises(pysolver.InputError, match=r"paired_with: .*" + message):
        board(*permanents)


def test_702_95a_soulbond_beside_persist_is_refused() -> None:
    with pytest.raises(pysolver.InputError, match=r"702\.95a.*'p' has persist or undying"):
        board(creature("x", "alice", 1, 1, "Soulbond"), creature("p", "bob", 1, 1, "Persist"))


@pytest.mark.parametrize(("name", "line", "terms"), [
    ("Druid's Familiar", "As long as Druid's Familiar is paired with another creature, each of those creatures gets "
     "+2/+2.", ["paired_anthem(paired,other,any,2,2)"]),
    ("Nightshade Peddler", "As long as Nightshade Peddler is paired with another creature, both creatures have "
     "deathtouch.", ["paired_grant(paired,other,any,deathtouch)"]),
    ("Diregraf Escort", "As long as Diregraf Escort is paired with another creature, both creatures have protection "
     "from Zombies.", ['paired_grant(paired,other,any,protection(creature_type("zombie")))']),
])
def test_702_95b_soulbond_lines_of_real_cards(name: str, line: str, terms: list[str]) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == terms


PAIRED_LINES = [FAMILIAR, "As long as ~ is paired with another creature, both creatures have first strike",
                "As long as ~ is paired with another creature, each of those creatures has deathtouch",
                "As long as ~ is paired with another creature, both creatures have flying and lifelink"]


@st.composite
def with_pair(draw: st.DrawFn, boards: st.SearchStrategy[dict]) -> dict:
    """A board from `boards` with two creatures of one controller paired (702.95b), the first with soulbond
    and a line of PAIRED_LINES (face down too: it then has none, 708.2a), if it has two such creatures."""
    data = draw(boards)
    creatures = [p for p in data["permanents"] if "power" in p]
    pairs = [(a, b) for a in creatures for b in creatures if a["id"] < b["id"] and a["controller"] == b["controller"]]
    if pairs:
        a, b = draw(st.sampled_from(pairs))
        if draw(st.booleans()):
            a, b = b, a
        a["abilities"] = [*a.get("abilities", []), "Soulbond", draw(st.sampled_from(PAIRED_LINES))]
        a["paired_with"], b["paired_with"] = b["id"], a["id"]
    return data


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_pair(outcome_boards("blockers")))
def test_702_95b_paired_creatures_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


# --- 603.2 "becomes the target of a spell or ability" ----------------------------------------------

PHANTASM = "When ~ becomes the target of a spell or ability, sacrifice it"


def test_603_2_a_target_watcher_without_a_targeting_ability_changes_nothing() -> None:
    """No spell is cast and nothing on the board targets (115.1): the outcomes are those without the line."""
    def ends(*lines: str) -> list[dict]:
        s = board(creature("x", "alice", 2, 2, *lines), creature("b", "bob", 3, 3))
        return [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert ends(PHANTASM) == ends()


@pytest.mark.parametrize("line", ["{T}: Tap target creature", "When ~ dies, it deals 1 damage to any target", "Provoke",
                                  "{R}: ~ deals 1 damage to target creature or player"])
def test_603_2_a_target_watcher_beside_a_targeting_ability_is_refused(line: str) -> None:
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\].*'x' has a \"becomes the target\" trigger "
                                                  r"\(603\.2\) and 'p' has an ability that targets"):
        board(creature("x", "alice", 2, 2, PHANTASM), creature("p", "bob", 1, 1, line))


@pytest.mark.parametrize(("name", "line", "whose"), [
    ("Phantasmal Dragon", "When Phantasmal Dragon becomes the target of a spell or ability, sacrifice it.", "self"),
    ("Mirozel", "When Mirozel becomes the target of a spell or ability, return Mirozel to its owner's hand.", "self"),
    ("Horobi, Death's Wail", "Whenever a creature becomes the target of a spell or ability, destroy that creature.",
     "any"),
    ("Scalelord Reckoner", "Whenever a Dragon you control becomes the target of a spell or ability an opponent "
                           "controls, destroy target nonland permanent that player controls.", "any"),
    ("Angelic Protector", "Whenever Angelic Protector becomes the target of a spell or ability, Angelic Protector "
                          "gets +0/+3 until end of turn.", "self"),
])
def test_603_2_target_watchers_of_real_cards(name: str, line: str, whose: str) -> None:
    assert [(a.kind, a.value) for a in parse_ability_line(line, name)] == [("targeted_watch", whose)]


def test_302_6_a_creature_persist_returns_is_summoning_sick() -> None:
    """302.6, 400.7: the creature persist returns after the first-strike damage step is a new object that its
    controller has not controlled since the turn began, so its {T} ability waits: only the creature that died
    could give +0/+2 (after blockers), and the reference agrees."""
    s = board(creature("a1", "alice", 2, 2, "First strike"), creature("a2", "alice", 2, 2),
              creature("p", "bob", 2, 2, "Persist", "{T}: Target creature gets +0/+2 until end of turn"),
              creature("b2", "bob", 2, 2), attackers={"a1": "bob", "a2": "bob"}, blockers={"p": ["a1"], "b2": ["a2"]})
    results = list(pysolver.outcomes(s))
    assert {frozenset(o["destroyed"]) for o in results} == {frozenset(d) for d in (
        {"a2", "b2", "p"}, {"b2", "p"}, {"a2", "p"}, {"a1", "a2", "b2"})}
    assert not any(a["permanent"] == "p/returned" for o in results for a in o["line"]["activations"])
    assert {canonical(o) for o in results} == {canonical(o) for o in reference_outcomes(s)}
