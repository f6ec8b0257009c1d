"""Activated abilities whose only effect in combat is their cost: "{T}: Add {G}" (a mana ability, 605.1a)
and "{T}: Draw a card" (an effect in hidden zones only, 121.1); pysolver.rules.activated.offered. One
test per rule with hand-stated sets, then the solver against the brute-force references on generated
boards (outcomes: tests/reference/activated.py, which activates them in every window; verify: the
literal-stack minimax).
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import cost_only_boards, examples

import pysolver
from pysolver.errors import InputError
from pysolver.files.cards import oracle_lines
from pysolver.game import gametree as gt
from pysolver.game.outcomes import count_path, outcome_values
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import AbilityActivation
from pysolver.model.stage import Stage

ELF = "{T}: Add {G}"
LURE = "All creatures able to block this creature do so"


def results(s) -> set[tuple]:
    """(destroyed, damage, bob's life) of each outcome, checked against the reference, the walk and
    count_outcomes."""
    got = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    want = {canonical(o) for o in reference_outcomes(s)}
    assert {canonical(o) for o in got} == want
    assert {canonical(o.to_json()) for o in outcome_values(s, split=False)} == want
    assert len(got) == len(want) == pysolver.count_outcomes(s)
    return {(tuple(o["destroyed"]), tuple(sorted(o["damage"].items())), o["life"]["bob"]) for o in got}


def moves(s, stage: Stage, side: str = gt.ACTIVE) -> list[AbilityActivation]:
    return [m for m in gt.Position(stage, s, side).legal_moves if isinstance(m, AbilityActivation)]


# --- the lines, as real cards print them ----------------------------------------------------------

@pytest.mark.parametrize("name, line, kind, cost", [
    ("Llanowar Elves", "{T}: Add {G}.", "tap_mana", ""),
    ("Birds of Paradise", "{T}: Add one mana of any color.", "tap_mana", ""),
    ("Druid of the Anima", "{T}: Add {R}, {G}, or {W}.", "tap_mana", ""),
    ("Quirion Elves", "{T}: Add one mana of the chosen color.", "tap_mana", ""),
    ("Manakin", "{T}: Add {C}.", "tap_mana", ""),
    ("Archivist", "{T}: Draw a card.", "tap_hidden", ""),
    ("Bloodfire Mentor", "{2}{U}, {T}: Draw a card, then discard a card.", "tap_hidden", "{2}{U}"),
    ("Sigiled Starfish", "{T}: Scry 1.", "tap_hidden", ""),
    ("Merfolk Mesmerist", "{U}, {T}: Target player puts the top two cards of his or her library into his or her "
                          "graveyard.", "tap_hidden", "{U}"),
    ("Reckless Scholar", "{T}: Target player draws a card, then discards a card.", "tap_hidden", ""),
    ("Captain Sisay", "{T}: Search your library for a legendary card, reveal that card, and put it into your hand. "
                      "Then shuffle your library.", "tap_hidden", ""),
    ("Survivor of the Unseen", "{T}: Draw two cards, then put a card from your hand on top of your library.",
     "tap_hidden", ""),
])
def test_605_1a_and_121_1_real_lines(name, line, kind, cost) -> None:
    """605.1a: a mana ability; 121.1: drawing (and scrying, milling, searching): a cost of mana symbols
    and {T} (602.5a), no target on the battlefield."""
    lines, unmodelled = oracle_lines(name, line)
    assert lines == (line,) and unmodelled == ()
    (a,) = board(creature("x", "alice", 1, 1, line, name=name)).permanent("x").abilities
    assert (a.kind, a.value.tap, str(a.value.cost) if a.value.cost.total else "", a.value.target) == \
        (kind, True, cost, "")


@pytest.mark.parametrize("name, line, kind, extra", [
    ("Rummaging Goblin", "{T}, Discard a card: Draw a card.", "tap_hidden", (True, False, 1)),  # 701.9
    ("Blood Pet", "Sacrifice Blood Pet: Add {B}.", "tap_mana", (False, True, 0)),  # 701.21a, no {T}
    ("Alchemist's Apprentice", "Sacrifice Alchemist's Apprentice: Draw a card.", "tap_hidden", (False, True, 0)),
    ("Servant of the Conduit", "{T}, Pay {E}: Add one mana of any color.", "tap_mana", (True, False, 0)),  # 107.14
])
def test_602_1a_the_costs_of_every_activated_ability(name, line, kind, extra) -> None:
    """602.1a: the one cost grammar (pysolver.model.abilities.parse_cost) reads these costs too: a discard
    (701.9) beside {T}, a sacrifice of the source (701.21a) without it."""
    lines, unmodelled = oracle_lines(name, line)
    assert lines == (line,) and unmodelled == ()
    (a,) = parse_ability_line(line, name)
    assert (a.kind, (a.value.tap, a.value.sacrifice, a.value.extra.discard)) == (kind, extra)


@pytest.mark.parametrize("line", [
    "{T}: Put target card from your graveyard on the bottom of your library.",  # a target in a hidden zone
    "{T}: Exile the top card of target player's library. If it's a land card, you gain 1 life.",  # life
    "{T}, {E}: Add one mana of any color.",                                # energy as a mana symbol (107.14)
    "{1}, Discard a card: Draw a card.",                                   # a cost that only spends (121.1)
])
def test_costs_and_effects_out_of_scope_are_noted(line) -> None:
    lines, unmodelled = oracle_lines("Blood Pet", line)
    assert lines == () and unmodelled == (line,)


# --- 509.1c, 508.1d: tapping frees a creature of a requirement ------------------------------------

def test_509_1c_a_creature_tapped_for_mana_escapes_a_lure() -> None:
    """509.1c: a tapped creature isn't able to block, so "All creatures able to block ~ do so" does not
    make it: bob's elf taps for mana after attackers and alice's 2/2 lure is unblocked."""
    s = board(creature("x", "alice", 2, 2, LURE), creature("e", "bob", 1, 1, ELF), attackers={"x": "bob"})
    assert results(s) == {(("e",), (("x", 1),), 20), ((), (), 18)}
    assert [m.kind for m in moves(s, Stage.AFTER_ATTACKERS, gt.DEFENCE)] == ["tap_mana"]


def test_508_1d_an_attacker_tapped_before_attackers_escapes_attacking() -> None:
    """508.1d, 508.1a: alice's 3/3 that attacks each combat if able may be tapped for a card at the
    beginning of combat and stay home; without the ability it must attack."""
    must = "This creature attacks each combat if able"
    s = board(creature("x", "alice", 3, 3, must, "{T}: Draw a card"), creature("y", "bob", 2, 2))
    without = board(creature("x", "alice", 3, 3, must), creature("y", "bob", 2, 2))
    assert results(without) == {((), (), 17), (("y",), (("x", 2),), 20)}
    assert results(s) == results(without) | {((), (), 20)}


def test_302_6_a_summoning_sick_creature_cannot_tap_and_must_block() -> None:
    """302.6: the {T} of a creature that came under its controller's control this turn can't be paid."""
    s = board(creature("x", "alice", 2, 2, LURE), creature("e", "bob", 1, 1, ELF, summoning_sick=True),
              attackers={"x": "bob"})
    assert results(s) == {(("e",), (("x", 1),), 20)}


def test_602_2b_its_mana_cost_is_paid_from_the_pool() -> None:
    """602.2b, 601.2h: "{2}{U}, {T}: Draw a card" needs {2}{U} of bob's mana to free the creature."""
    line = "{2}{U}, {T}: Draw a card, then discard a card"
    lured = {"attackers": {"x": "bob"}}
    poor = board(creature("x", "alice", 2, 2, LURE), creature("e", "bob", 1, 1, line),
                 players=[{"name": "alice"}, {"name": "bob", "mana": "{U}{U}"}], **lured)
    rich = board(creature("x", "alice", 2, 2, LURE), creature("e", "bob", 1, 1, line),
                 players=[{"name": "alice"}, {"name": "bob", "mana": "{2}{U}"}], **lured)
    assert results(poor) == {(("e",), (("x", 1),), 20)}
    assert results(rich) == {(("e",), (("x", 1),), 20), ((), (), 18)}


def test_602_5b_before_attackers_is_the_active_players() -> None:
    """602.5b: "Activate only during your turn, before attackers are declared": bob can't use it on
    alice's turn; alice can, at the beginning of combat (507.1)."""
    line = "{T}: Draw a card. Activate only during your turn, before attackers are declared"
    bobs = board(creature("x", "alice", 2, 2, LURE), creature("e", "bob", 1, 1, line), attackers={"x": "bob"})
    assert results(bobs) == {(("e",), (("x", 1),), 20)}
    must = "This creature attacks each combat if able"
    alices = board(creature("x", "alice", 2, 2, must, line))
    assert results(alices) == {((), (), 18), ((), (), 20)}
    declared = board(creature("x", "alice", 2, 2, must, line), creature("y", "alice", 1, 1, line),
                     attackers={"x": "bob"})
    assert moves(declared, Stage.AFTER_ATTACKERS) == []


# --- where it is no move: no requirement at stake, or blockers declared ----------------------------

def test_506_4b_no_move_without_a_requirement_and_the_fast_path_is_kept() -> None:
    """Without a requirement tapping only takes choices away (508.1a, 509.1a); once blockers are declared
    it removes nothing from combat (506.4b): no move, and the board keeps the one-program path."""
    s = board(creature("x", "alice", 2, 2), creature("e", "bob", 1, 1, ELF), attackers={"x": "bob"})
    assert moves(s, Stage.AFTER_ATTACKERS, gt.DEFENCE) == []
    assert count_path(gt.root(s)) == "one"
    assert results(s) == {(("e",), (("x", 1),), 20), ((), (), 18)}
    m = AbilityActivation("after_attackers", "e", "tap_mana")
    assert [v.rule for v in gt.Position(Stage.AFTER_ATTACKERS, s, gt.DEFENCE).legal_moves.why(m)] == ["509.1c"]
    blocked = board(creature("x", "alice", 2, 2, LURE), creature("e", "bob", 1, 1, ELF), attackers={"x": "bob"},
                    blockers={"e": ["x"]})
    assert moves(blocked, Stage.AFTER_BLOCKERS, gt.DEFENCE) == []


def test_verify_the_defender_escapes_a_lure() -> None:
    """verify: alice can't force 2 damage through bob's elf unless it must block and can't tap."""
    lure = (creature("x", "alice", 2, 2, LURE),)
    for elf, holds in ((ELF, False), ("Defender", True)):
        s = board(*lure, creature("e", "bob", 1, 2, elf), bob=2, goal={"destroy": ["e"]})
        assert pysolver.verify(s)["holds"] is holds is reference_verify(s)


# --- the mana is not modelled: a board where it could be spent is refused ----------------------------

@pytest.mark.parametrize("sink, what", [
    ("{G}: This creature gets +1/+1 until end of turn", "pump"),
    ("{1}, {T}: Tap target creature", "mana cost"),
])
def test_106_4_a_mana_ability_beside_something_to_spend_it_on_is_refused(sink, what) -> None:
    with pytest.raises(InputError) as exc:
        board(creature("e", "bob", 1, 1, ELF), creature("y", "bob", 2, 2, sink))
    assert "'e' has a mana ability" in exc.value.message and "'y'" in exc.value.message and what in exc.value.message
    assert exc.value.field == "permanents[0]"
    board(creature("e", "bob", 1, 1, ELF), creature("y", "alice", 2, 2, sink))  # another player's: admitted
    with pytest.raises(InputError):  # a face-down permanent of bob's turned face up for mana (702.37e)
        board(creature("e", "bob", 1, 1, ELF), creature("y", "bob", 2, 2, "Morph {G}", face_down=True))


# --- differential: generated boards against the references -----------------------------------------

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


@settings(max_examples=examples(2), deadline=None, suppress_health_check=SLOW)
@given(cost_only_boards("attackers"))
def test_cost_only_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(cost_only_boards("none"))
def test_cost_only_outcomes_of_whole_combat_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(cost_only_boards("attackers"))
def test_cost_only_verify_equals_minimax(data: dict) -> None:
    defender = data["players"][1]["name"]
    s = pysolver.load_data({**data, "goal": {"lethal": defender}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)
