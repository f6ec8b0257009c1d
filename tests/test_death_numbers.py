"""Death triggers whose number is read from the creature as it last existed (608.2h, 603.10a; encodings/triggers.lp
``dies_amount``, pysolver.rules.triggers): "create X … tokens, where X is ~'s power", "create a … token for each
+1/+1 counter on ~", "put X +1/+1 counters on target creature you control, where X is the number of +1/+1 counters
on ~", "you may put a -1/-1 counter on target creature for each -1/-1 counter on ~", "target player loses life equal
to its power", and "target player / opponent loses N life" (119.3); creatures watching others "with toughness N or
greater" die (208.1, 603.6c) with "each opponent loses N life and you gain N life", and "Whenever ~ or another
Cleric dies, create <tokens>" (111.1); "destroy all nonland permanents. They can't be regenerated" (701.8a); each
rule with a hand-stated set of results, the real cards' lines, and the brute-force reference
(tests/reference/deaths.py) on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.errors import InputError
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line

TOKENS = "When ~ dies, create X 1/1 white Vampire creature tokens with lifelink, where X is ~'s power"
THOPTERS = "When ~ dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on ~"
SERVANT = ("When ~ dies, put X +1/+1 counters on target creature you control, where X is the number of +1/+1 "
           "counters on ~")
STINGER = "When ~ dies, you may put a -1/-1 counter on target creature for each -1/-1 counter on ~"
DOGS = "When ~ dies, target player loses life equal to its power"


def results(s: pysolver.Situation) -> set[tuple[Any, ...]]:
    """(alice's life, bob's life, destroyed) of each outcome."""
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)}


def created(s: pysolver.Situation) -> set[int]:
    """How many tokens the death triggers of each outcome's line created (608.2h)."""
    return {sum(t["amount"] for t in o["line"]["targets"] if t["kind"] in ("dies_create", "other_dies_create"))
            for o in pysolver.outcomes(s)}


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Elenda, the Dusk Rose", "When Elenda, the Dusk Rose dies, create X 1/1 white Vampire creature tokens with "
     "lifelink, where X is Elenda, the Dusk Rose's power.", "dies_create(its(power))"),
    ("Hangarback Walker", "When Hangarback Walker dies, create a 1/1 colorless Thopter artifact creature token with "
     "flying for each +1/+1 counter on Hangarback Walker.", "dies_create(its(counters(1,1)))"),
    ("Servant of the Scale", "When Servant of the Scale dies, put X +1/+1 counters on target creature you control, "
     "where X is the number of +1/+1 counters on Servant of the Scale.",
     "dies_counters(its(counters(1,1)),creature_yours)"),
    ("Soulstinger", "When Soulstinger dies, you may put a -1/-1 counter on target creature for each -1/-1 counter "
     "on Soulstinger.", "dies_minus_counters(its(counters(-1,-1)),may(creature))"),
    ("Mortis Dogs", "When Mortis Dogs dies, target player loses life equal to its power.",
     "dies_target_loss(its(power),player)"),
    ("Kheru Bloodsucker", "Whenever a creature you control with toughness 4 or greater dies, each opponent loses 2 "
     "life and you gain 2 life.", "other_dies_drain_each(at_least(yours,toughness,4),2)"),
    ("Rotlung Reanimator", "Whenever Rotlung Reanimator or another Cleric dies, create a 2/2 black Zombie creature "
     "token.", 'other_dies_create(self_or(typed(another,"cleric")),1)'),
    ("Child of Alara", "When Child of Alara dies, destroy all nonland permanents. They can't be regenerated.",
     "dies_destroy_all"),
    ("Altac Bloodseeker", "Whenever a creature an opponent controls dies, Altac Bloodseeker gets +2/+0 and gains first "
     "strike and haste until end of turn.", "other_dies_pump(opponents,2,0)"),
    ("Slaughterhouse Bouncer", "Hellbent — When Slaughterhouse Bouncer dies, if you have no cards in hand, target "
     "creature gets -3/-3 until end of turn.", "dies_minus(3,creature,no_cards_in_hand)"),
])
def test_608_2h_real_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_608_2h_tokens_for_its_power_as_it_last_existed() -> None:
    """608.2h, 603.10a: bob's 1/1 with two +1/+1 counters (3/3) blocks the first striker x and dies: three tokens
    (122.1a: the counters count); 107.1b: at power -1 (a -2/-0 until end of turn) it creates none."""
    e = creature("e", "bob", 1, 1, TOKENS, counters={"+1/+1": 2})
    s = board(creature("x", "alice", 4, 4, "First strike"), e, attackers={"x": "bob"}, blockers={"e": ["x"]})
    assert created(s) == {3}
    weak = board(creature("x", "alice", 4, 4), {**e, "counters": {}, "until_end_of_turn": "-2/+0"},
                 attackers={"x": "bob"}, blockers={"e": ["x"]})
    assert created(weak) == {0}


def test_111_1_a_token_for_each_counter_enters_after_the_first_strike_step() -> None:
    """111.1, 122.1a: a 0/0 with two +1/+1 counters dies to first-strike damage: two 1/1 Thopters; made
    between the steps they are in no fight (506.4), so alice's unblocked y still deals 1 (bob 19)."""
    s = board(creature("x", "alice", 4, 4, "First strike"), creature("y", "alice", 1, 1),
              creature("e", "bob", 0, 0, THOPTERS, counters={"+1/+1": 2}),
              attackers={"x": "bob", "y": "bob"}, blockers={"e": ["x"]})
    assert results(s) == {(20, 19, ("e",))}
    assert created(s) == {2}


def test_608_2h_its_counters_go_on_a_blocker_before_the_regular_step() -> None:
    """608.2h, 122.1a: e (2/2 by two +1/+1 counters) dies in the first-strike step; its two counters go on bob's b
    (1/1 → 3/3), which then kills the 3/3 y it blocks and dies (704.5g): e, b and y die."""
    s = board(creature("x", "alice", 3, 3, "First strike"), creature("y", "alice", 3, 3),
              creature("e", "bob", 0, 0, SERVANT, counters={"+1/+1": 2}), creature("b", "bob", 1, 1),
              attackers={"x": "bob", "y": "bob"}, blockers={"e": ["x"], "b": ["y"]})
    assert results(s) == {(20, 20, ("b", "e", "y"))}


def test_603_5_a_minus_counter_for_each_of_its_minus_counters() -> None:
    """603.5, 122.1a: bob's 1/3 with two -1/-1 counters (-1/1) blocks the 2/2 x and dies; its controller may put
    two -1/-1 counters on x (0/0, 704.5f) or on no creature: x dies or lives."""
    s = board(creature("x", "alice", 2, 2), creature("e", "bob", 1, 3, STINGER, counters={"-1/-1": 2}),
              attackers={"x": "bob"}, blockers={"e": ["x"]})
    assert results(s) == {(20, 20, ("e",)), (20, 20, ("e", "x"))}


def test_119_3_target_player_loses_life_equal_to_its_power() -> None:
    """119.3, 608.2h: bob's 1/1 pumped +2/+0 until end of turn (power 3) blocks and dies: target player (either)
    loses 3; "target opponent loses 2 life" targets alice only (102.2)."""
    s = board(creature("x", "alice", 4, 4), creature("e", "bob", 1, 1, DOGS, until_end_of_turn="+2/+0"),
              attackers={"x": "bob"}, blockers={"e": ["x"]})
    assert results(s) == {(17, 20, ("e",)), (20, 17, ("e",))}
    two = board(creature("x", "alice", 3, 3), creature("e", "bob", 1, 1, "When ~ dies, target opponent loses 2 life"),
                attackers={"x": "bob"}, blockers={"e": ["x"]})
    assert results(two) == {(18, 20, ("e",))}


def test_111_1_more_tokens_than_modelled_are_refused() -> None:
    """docs/limits.md: one ability creating more than 20 tokens (a 25-power creature's "create X …") is refused."""
    s = board(creature("x", "alice", 30, 30), creature("e", "bob", 25, 1, TOKENS),
              attackers={"x": "bob"}, blockers={"e": ["x"]})
    with pytest.raises(InputError, match="would create 25 tokens"):
        list(pysolver.outcomes(s))


KHERU = ("Whenever a creature you control with toughness 4 or greater dies, each opponent loses 2 life and you gain 2 "
         "life")


def test_208_1_a_creature_with_toughness_4_or_greater_as_it_last_existed() -> None:
    """603.6c, 603.10a, 119.3: x (5/5) kills bob's 1/4 b or his 1/3 c, not both: b's death (toughness 4) drains 2
    (alice 18, bob 22), c's does nothing; the watcher k itself (0/4, deathtouch kills it) counts too."""
    s = board(creature("x", "alice", 5, 5), creature("k", "bob", 0, 1, KHERU), creature("b", "bob", 1, 4),
              creature("c", "bob", 1, 3), attackers={"x": "bob"}, blockers={"b": ["x"], "c": ["x"]})
    assert results(s) == {(18, 22, ("b",)), (20, 20, ("c",)), (20, 20, ())}
    itself = board(creature("x", "alice", 1, 1, "Deathtouch"), creature("k", "bob", 0, 4, KHERU),
                   attackers={"x": "bob"}, blockers={"k": ["x"]})
    assert results(itself) == {(18, 22, ("k",))}


ROTLUNG = "Whenever ~ or another Cleric dies, create a 2/2 black Zombie creature token"


def test_603_10a_itself_or_another_cleric_dying_at_once() -> None:
    """603.10a, 111.1: r (no Cleric itself) and the Cleric c die in one step: a Zombie for each (two); the Elf e
    makes none. With x first striking, r dies first: gone, it does not see c die in the regular step (one)."""
    def fight(strike: str) -> pysolver.Situation:
        return board(creature("x", "alice", 4, 4, *([strike] if strike else [])), creature("y", "alice", 2, 2),
                     creature("z", "alice", 2, 2),
                     creature("r", "bob", 1, 1, ROTLUNG), creature("c", "bob", 1, 1, subtypes=["Cleric"]),
                     creature("e", "bob", 1, 1, subtypes=["Elf"]),
                     attackers={"x": "bob", "y": "bob", "z": "bob"}, blockers={"r": ["x"], "c": ["y"], "e": ["z"]})
    assert created(fight("")) == {2}
    assert created(fight("First strike")) == {1}


CHILD = "When ~ dies, destroy all nonland permanents. They can't be regenerated"


def test_701_8a_destroy_all_nonland_permanents() -> None:
    """701.8a, 702.12b, 701.19c: c dies to first-strike damage and destroys x, y, alice's planeswalker and bob's k,
    not the indestructible i nor the Forest, and not r despite its regeneration shield; k's death trigger then
    deals 1 to alice, bob or i; i, unblocked, deals 2 in the regular step."""
    s = board(creature("x", "alice", 4, 4, "First strike"), creature("y", "alice", 2, 2),
              creature("i", "alice", 2, 2, "Indestructible"), creature("r", "alice", 1, 1, regeneration_shields=1),
              creature("c", "bob", 1, 1, CHILD), creature("k", "bob", 1, 1, "When ~ dies, it deals 1 damage to any "
                                                                          "target"),
              {"id": "pw", "controller": "alice", "types": ["Planeswalker"], "loyalty": 3},
              {"id": "f", "controller": "bob", "types": ["Land"], "subtypes": ["Forest"]},
              attackers={"x": "bob", "y": "bob", "i": "bob"}, blockers={"c": ["x"]})
    gone = ("c", "k", "pw", "r", "x", "y")
    assert results(s) == {(19, 18, gone), (20, 17, gone), (20, 18, gone)}


def test_702_79a_destroy_all_beside_persist_is_refused() -> None:
    """702.79a: a creature destroyed outside a combat damage step would return with persist: not modelled."""
    with pytest.raises(InputError, match="persist or undying"):
        board(creature("c", "bob", 1, 1, CHILD), creature("p", "alice", 2, 2, "Persist"))


ALTAC = "Whenever a creature an opponent controls dies, ~ gets +2/+0 and gains first strike and haste until end of turn"


def test_702_7c_first_strike_gained_after_the_first_strike_step() -> None:
    """613.4c, 702.7c: bob's c dies to z's first-strike damage; alice's watcher a (1/1) gets +2/+0 and first strike,
    and, having dealt no first-strike damage, deals 3 in the regular step: bob's 2/3 b dies, and a (dealt 2) too.
    Without the death (c not blocking) a deals 1 and only a dies."""
    def fight(blocks: dict[str, list[str]]) -> pysolver.Situation:
        return board(creature("z", "alice", 2, 2, "First strike"), creature("a", "alice", 1, 1, ALTAC),
                     creature("c", "bob", 1, 1), creature("b", "bob", 2, 3),
                     attackers={"z": "bob", "a": "bob"}, blockers=blocks)
    assert results(fight({"c": ["z"], "b": ["a"]})) == {(20, 20, ("a", "b", "c"))}
    assert results(fight({"b": ["a"]})) == {(20, 18, ("a",))}


HELLBENT = "When ~ dies, if you have no cards in hand, target creature gets -3/-3 until end of turn"


def test_603_4_hellbent_only_with_no_cards_in_hand() -> None:
    """603.4, 402.1: bob's e dies blocking the 3/3 x; with no cards in hand its trigger gives the only creature
    left, x, -3/-3 (704.5f), with one card it does not trigger; the reference agrees. A board without bob's `hand`
    is refused, and one where a line could change a hand (121.1: "{T}: Draw a card")."""
    def fight(hand: int | None, *extra: dict[str, Any]) -> pysolver.Situation:
        return board(creature("x", "alice", 3, 3), creature("e", "bob", 1, 1, HELLBENT), *extra,
                     attackers={"x": "bob"}, blockers={"e": ["x"]},
                     players=[{"name": "alice"}, {"name": "bob", **({} if hand is None else {"hand": hand})}])
    s = fight(0)
    assert {canonical(o.to_json()) for o in outcome_values(s)} == {canonical(o) for o in reference_outcomes(s)}
    assert results(s) == {(20, 20, ("e", "x"))}
    assert results(fight(1)) == {(20, 20, ("e",))}
    with pytest.raises(InputError, match="state how many"):
        fight(None)
    with pytest.raises(InputError, match="can change the cards in a hand"):
        fight(0, creature("d", "alice", 1, 1, "{T}: Draw a card"))


LINES = (TOKENS, THOPTERS, SERVANT, STINGER, DOGS, KHERU, ROTLUNG.replace("Cleric", "Goblin"), CHILD, ALTAC,
         "First strike")


@st.composite
def with_counters(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with +1/+1 or -1/-1 counters (122.1a) on some creatures."""
    permanents = []
    for p in data["permanents"]:
        if "power" in p and draw(st.booleans()):
            p = {**p, "counters": {draw(st.sampled_from(["+1/+1", "-1/-1"])): draw(st.integers(1, 2))}}
        permanents.append(p)
    return {**data, "permanents": permanents}


@settings(max_examples=examples(3), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, LINES)).flatmap(with_counters))
def test_608_2h_death_numbers_equal_reference(data: dict[str, Any]) -> None:
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = [canonical(o.to_json()) for o in outcome_values(s)]
    assert len(got) == len(set(got)), "an outcome is listed twice"
    assert set(got) == want, (sorted(set(got) - want)[:2], sorted(want - set(got))[:2])
