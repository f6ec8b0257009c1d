"""The costs of activated abilities other than mana (602.1a, 118; pysolver.model.abilities.parse_cost), one
test per rule: "Pay N life" (119.4), "Discard a card" (701.9, with `players[].hand`), "Sacrifice <object>"
(701.21a) and "Tap an untapped <object> you control" (701.26a), on pumps and regeneration.

Each outcome test states the expected set by hand and checks that the fight-by-fight path, the walk
(``outcome_values(s, split=False)``), ``count_outcomes`` and the brute-force reference
(tests/reference/outcomes.py) find it; the differential tests compare them on generated boards
(tests/strategies.py ``cost_boards``), and ``verify`` with the literal-stack minimax (tests/reference/minimax.py).
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import FREE_LINES, activated_cost_boards, cost_boards, examples

import pysolver
from pysolver.errors import InputError
from pysolver.game.gametree import root
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import NotModelled, parse_ability_line, parse_cost
from pysolver.model.moves import Activation, BlockDeclaration, Pass
from pysolver.model.stage import Stage
from pysolver.model.values import IllegalMoveError
from pysolver.rules.costs import times_paid

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


def ends(s) -> set[tuple]:
    """(alice's life, bob's life, lost, destroyed, damage) of each outcome; the split and walked searches, the
    count and the reference agree on the whole outcomes."""
    split = {canonical(o.to_json()) for o in outcome_values(s)}
    walk = {canonical(o.to_json()) for o in outcome_values(s, split=False)}
    want = {canonical(o) for o in reference_outcomes(s)}
    assert split == walk == want, (sorted(split ^ want)[:2], sorted(walk ^ want)[:2])
    assert pysolver.count_outcomes(s) == len(want)
    return {(o.life_of("alice"), o.life_of("bob"), o.lost, o.destroyed, o.damage) for o in outcome_values(s)}


def players(alice: int = 20, hand: int | None = None, mana: str = "") -> list[dict]:
    return [{"name": "alice", "life": alice, **({"hand": hand} if hand is not None else {}),
             **({"mana": mana} if mana else {})}, {"name": "bob"}]


# --- the grammar (602.1a) -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, parts", [
    ("{1}{r}, discard a card", {"mana": "{1}{R}", "discard": 1}),
    ("discard two cards", {"discard": 2}),
    ("discard a card at random", {"discard": 1}),  # 701.9b: which card is hidden (121.1)
    ("{b}, pay 1 life", {"mana": "{B}", "life": 1}),
    ("pay 3 life", {"life": 3}),
    ("{t}, sacrifice this creature", {"tap": True, "sacrifice_self": True}),
    ("sacrifice another creature", {"sacrifice": (1, ("type", "Creature"), True)}),
    ("sacrifice two lands", {"sacrifice": (2, ("type", "Land"), False)}),
    ("{g}, sacrifice a forest", {"mana": "{G}", "sacrifice": (1, ("land_type", "forest"), False)}),
    ("sacrifice a goblin", {"sacrifice": (1, ("creature_type", "goblin"), False)}),
    ("tap an untapped creature you control", {"tap_untapped": (1, ("type", "Creature"), False)}),
    ("tap three untapped kithkin you control", {"tap_untapped": (3, ("creature_type", "kithkin"), False)}),
    ("{b}, tap another untapped creature you control", {"mana": "{B}",
                                                         "tap_untapped": (1, ("type", "Creature"), True)}),
    ("{2}, exile a card from your graveyard", {"mana": "{2}", "exile": 1}),  # 406.1
    ("exile two cards from your graveyard", {"exile": 2}),
])
def test_602_1a_cost_parts(text: str, parts: dict) -> None:
    """602.1a: a cost is its parts, joined by commas in any order."""
    c = parse_cost(text)
    got = {"mana": str(c.mana) if c.mana.total else None, "tap": c.tap, "life": c.life, "discard": c.discard,
           "sacrifice_self": c.sacrifice_self, "exile": c.exile,
           **{k: (f.count, f.what, f.other) if (f := getattr(c, k)) else None for k in ("sacrifice", "tap_untapped")}}
    assert {k: v for k, v in got.items() if v} == parts


@pytest.mark.parametrize("line, problem", [
    ("Discard a creature card: ~ gets +2/+2 until end of turn", "602.1a"),  # the hand's cards are hidden
    ("Exile a creature card from your graveyard: ~ gets +2/+2 until end of turn", "602.1a"),  # (which: hidden)
    ("{R/P}: ~ gets +1/+0 until end of turn. Activate only once each turn", "107.4f"),  # (602.5b: one count)
    ("{S}: ~ gets +1/+1 until end of turn", "107.4h"),
    ("{E}: ~ gets +1/+1 until end of turn", "107.14"),  # (energy is paid as "Pay {E}", tests/test_energy.py)
    ("{2}{W}, {Q}: ~ gets +0/+2 until end of turn", "107.6"),
    ("Sacrifice an Atog creature: ~ gets +2/+2 until end of turn", "602.1a"),
])
def test_602_1a_costs_not_modelled_are_refused(line: str, problem: str) -> None:
    with pytest.raises(NotModelled, match=problem.replace(".", r"\.")):
        parse_ability_line(line, None)


def test_real_cost_lines_are_modelled() -> None:
    """Real cards' lines (Atog, Putrid Leech, Wild Mongrel's kin, Topan Ascetic) read from oracle text."""
    from pysolver.files.cards import oracle_lines
    for name, line in [("Atog", "Sacrifice an artifact: Atog gets +2/+2 until end of turn."),
                       ("Putrid Leech", "Pay 2 life: Putrid Leech gets +2/+2 until end of turn. Activate this "
                                        "ability only once each turn."),
                       ("Psychatog", "Discard a card: Psychatog gets +1/+1 until end of turn."),
                       ("Topan Ascetic", "Tap an untapped creature you control: Topan Ascetic gets +1/+1 until end "
                                         "of turn."),
                       ("Uktabi Wildcats", "{G}, Sacrifice a Forest: Regenerate Uktabi Wildcats.")]:
        assert oracle_lines(name, line) == ((line,), ())


# --- 119.4: pay life -------------------------------------------------------------------------------------

LEECH = "Pay 2 life: ~ gets +2/+2 until end of turn. Activate this ability only once each turn"


def test_119_4_life_is_paid_only_while_there_is_enough() -> None:
    """119.4, 602.5b: a 2/2 leech blocked by a 3/3: unpaid it dies; paying 2 life (once) makes it a 4/4 that
    kills the blocker and survives. At 1 life alice cannot pay."""
    leech, y = creature("x", "alice", 2, 2, LEECH), creature("y", "bob", 3, 3)
    s = board(leech, y, players=players(alice=5), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert ends(s) == {(5, 20, (), ("x",), (("y", 2),)), (3, 20, (), ("y",), (("x", 3),))}
    s = board(leech, y, players=players(alice=1), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert ends(s) == {(1, 20, (), ("x",), (("y", 2),))}


def test_704_5a_paying_the_last_life_loses_before_the_ability_resolves() -> None:
    """119.4, 704.5a, 117.5: at 2 life alice may pay 2; at 0 she loses as the state-based actions are
    checked, before the pump resolves or any damage is dealt (the combat ends there)."""
    s = board(creature("x", "alice", 2, 2, LEECH), creature("y", "bob", 3, 3), players=players(alice=2),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert ends(s) == {(2, 20, (), ("x",), (("y", 2),)), (0, 20, ("alice",), (), ())}


# --- 107.4f: Phyrexian mana ---------------------------------------------------------------------------------

SOULEATER = "{R/P}: ~ gets +1/+0 until end of turn"  # Immolating Souleater


def test_107_4f_a_phyrexian_symbol_is_one_ability_per_way_to_pay_it() -> None:
    """107.4f, 107.4e: {R/P} is paid with {R} or 2 life; {G/U/P} with {G}, {U} or 2 life."""
    ways = [(str(a.value.cost), a.value.extra.life) for a in parse_ability_line(SOULEATER, None)]
    assert ways == [("{R}", 0), ("{0}", 2)]
    ways = [(str(a.value.cost), a.value.extra.life)
            for a in parse_ability_line("{1}{G/U/P}{G/U/P}: ~ gets +1/+1 until end of turn", None)]
    assert ways == [("{1}{U/G}{U/G}", 0), ("{1}{U/G}", 2), ("{1}", 4)]
    (unblockable,) = {a.value.unblockable for a in parse_ability_line("{U/P}: ~ can't be blocked this turn", None)}
    assert unblockable


def test_107_4f_phyrexian_mana_is_paid_with_mana_or_life() -> None:
    """107.4f, 119.4: a 2/1 with {R/P} blocked by a 3/3, no mana in the pool. At 3 life: paying 2 life makes it
    a 3/1 that kills the blocker (both die; a second activation cannot be paid, 1 life). At 1 life alice cannot
    pay: the 2/1 dies alone."""
    x, y = creature("x", "alice", 2, 1, SOULEATER), creature("y", "bob", 3, 3)
    s = board(x, y, players=players(alice=3), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert ends(s) == {(3, 20, (), ("x",), (("y", 2),)), (1, 20, (), ("x", "y"), ())}
    s = board(x, y, players=players(alice=1), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert ends(s) == {(1, 20, (), ("x",), (("y", 2),))}


# --- 117.1b: a cost of nothing, the toughness lowered ----------------------------------------------------------

HELLION = "{0}: ~ gets +1/-1 until end of turn"  # Flowstone Hellion


def test_117_1b_a_free_pump_lowering_toughness_is_activated_until_its_source_dies() -> None:
    """117.1b, 613.4c, 704.5f: a 0/3 with "{0}: ~ gets +1/-1" blocked by a 2/2. Unpumped it survives with 2 damage;
    once (1/2) it dies and marks 1; twice (2/1) both die; three times (3/0) it dies before combat damage (704.3)."""
    s = board(creature("x", "alice", 0, 3, HELLION), creature("y", "bob", 2, 2), attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert ends(s) == {(20, 20, (), (), (("x", 2),)), (20, 20, (), ("x",), (("y", 1),)),
                       (20, 20, (), ("x", "y"), ()), (20, 20, (), ("x",), ())}


def test_117_1b_a_free_pump_needs_a_toughness_that_bounds_it() -> None:
    """117.1b, 613.4d: with power and toughness switched, +1/-1 raises the toughness: refused; so is a toughness
    not stated (a characteristic-defining ability's, 604.3)."""
    with pytest.raises(InputError, match="613.4d"):
        board(creature("x", "alice", 0, 3, HELLION, "{1}: Switch ~'s power and toughness until end of turn"))
    (automaton,) = parse_ability_line("{0}: ~ gets -1/-1 and gains flying until end of turn", None)  # (702.9b)
    assert (automaton.value.toughness, automaton.value.keywords, automaton.value.full_cost.bounded) == \
        (-1, ("flying",), False)
    with pytest.raises(NotModelled, match="117.1b"):
        parse_ability_line("{0}: ~ gets +1/+0 until end of turn", None)


# --- 602.5: a condition on the card types in the graveyard ------------------------------------------------------

STALLION = ("{B}: ~ gets +1/+1 until end of turn. Activate only if there are four or more card types among cards in "
            "your graveyard")  # Stallion of Ashmouth (delirium)
FOUR_TYPES = ["artifact", "instant", "land", "sorcery"]


def typed_players(types: list[str]) -> list[dict]:
    return [{"name": "alice", "mana": "{B}", "graveyard_types": types}, {"name": "bob"}]


def test_602_5_a_pump_activated_only_with_four_card_types_in_the_graveyard() -> None:
    """602.5, 205.2a: a 2/2 blocked by a 3/3 with {B}: with four card types in alice's graveyard the pump (3/3)
    trades; with none (and only a creature card of hers that may get there, 700.4) it can't be activated."""
    x, y = creature("x", "alice", 2, 2, STALLION), creature("y", "bob", 3, 3)
    s = board(x, y, players=typed_players(FOUR_TYPES), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert ends(s) == {(20, 20, (), ("x",), (("y", 2),)), (20, 20, (), ("x", "y"), ())}
    s = board(x, y, players=typed_players([]), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert ends(s) == {(20, 20, (), ("x",), (("y", 2),))}


def test_602_5_a_condition_that_may_change_in_the_combat_is_refused() -> None:
    """700.4, 404.1: with three types stated, x dying would bring "creature" to alice's graveyard: refused; so is
    a graveyard not stated."""
    x, y = creature("x", "alice", 2, 2, STALLION), creature("y", "bob", 3, 3)
    with pytest.raises(InputError, match="700.4"):
        board(x, y, players=typed_players(["artifact", "instant", "land"]))
    with pytest.raises(InputError, match="graveyard_types"):
        board(x, y)


# --- 701.9: discard ---------------------------------------------------------------------------------------

MONGREL = "Discard a card: ~ gets +1/+1 until end of turn"


def test_701_9_each_discard_takes_a_card_from_the_hand() -> None:
    """701.9, 402.1: a 2/2 blocked by a 3/3 with one card in hand: 3/3 trades; with two, 4/4 survives."""
    y = creature("y", "bob", 3, 3)
    s = board(creature("x", "alice", 2, 2, MONGREL), y, players=players(hand=1), attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert ends(s) == {(20, 20, (), ("x",), (("y", 2),)), (20, 20, (), ("x", "y"), ())}
    s = board(creature("x", "alice", 2, 2, MONGREL), y, players=players(hand=2), attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert ends(s) == {(20, 20, (), ("x",), (("y", 2),)), (20, 20, (), ("x", "y"), ()),
                       (20, 20, (), ("y",), (("x", 3),))}


def test_701_9_two_creatures_share_one_hand() -> None:
    """701.9: two discard pumps of one player in two fights draw on the same hand: with one card only one of
    the two 2/2s (each blocked by a 3/3) trades."""
    s = board(creature("x", "alice", 2, 2, MONGREL), creature("z", "alice", 2, 2, MONGREL), creature("y", "bob", 3, 3),
              creature("w", "bob", 3, 3), players=players(hand=1), attackers={"x": "bob", "z": "bob"},
              blockers={"y": ["x"], "w": ["z"]})
    assert {d for *_, d, _ in ends(s)} == {("x", "z"), ("w", "x", "z"), ("x", "y", "z")}


def test_402_1_a_discard_cost_needs_the_hand_stated() -> None:
    """121.1: a hand is hidden; a board where a discard cost could be paid must say how many cards it holds."""
    with pytest.raises(InputError, match="hand"):
        board(creature("x", "alice", 2, 2, MONGREL))


PSYCHATOG = "Exile two cards from your graveyard: Psychatog gets +1/+1 until end of turn."


def test_406_1_cards_exiled_from_the_graveyard_pay_the_cost() -> None:
    """Psychatog (406.1, 404.1): with five cards in alice's graveyard the unblocked 1/2 pumps at most twice
    (bob 19, 18 or 17); her 1/1 that a first striker kills in the first-strike step adds itself (700.4): five
    plus one cards then pay three activations before the regular step (bob 16)."""
    tog = creature("x", "alice", 1, 2, PSYCHATOG, name="Psychatog")
    alice = [{"name": "alice", "graveyard": 5}, {"name": "bob"}]
    assert {life for _, life, *_ in ends(board(tog, players=alice, attackers={"x": "bob"}, blockers={}))} == {
        19, 18, 17}
    s = board(tog, creature("y", "alice", 1, 1), creature("f", "bob", 2, 2, "First strike"), players=alice,
              attackers={"x": "bob", "y": "bob"}, blockers={"f": ["y"]})
    assert min(life for _, life, *_ in ends(s)) == 16


def test_404_1_a_graveyard_cost_needs_the_graveyard_stated() -> None:
    """404.1: a board where "Exile N cards from your graveyard" could be paid must say how many cards it holds."""
    with pytest.raises(InputError, match="graveyard"):
        board(creature("x", "alice", 1, 2, PSYCHATOG))


# --- 701.21a: sacrifice ------------------------------------------------------------------------------------

ATOG = "Sacrifice an artifact: ~ gets +2/+2 until end of turn"


def test_701_21a_each_artifact_sacrificed_is_destroyed() -> None:
    """701.21a: an unblocked 1/2 Atog with two artifacts deals 1, 3 or 5; each one sacrificed has left the
    battlefield (docs/results.md `destroyed`); which one is a choice (601.2h)."""
    s = board(creature("x", "alice", 1, 2, ATOG), {"id": "r1", "controller": "alice", "types": ["Artifact"]},
              {"id": "r2", "controller": "alice", "types": ["Artifact"]}, attackers={"x": "bob"}, blockers={})
    assert ends(s) == {(20, 19, (), (), ()), (20, 17, (), ("r1",), ()), (20, 17, (), ("r2",), ()),
                       (20, 15, (), ("r1", "r2"), ())}


def test_701_21a_a_sacrifice_of_two_creature_types_takes_a_creature_of_both() -> None:
    """Drowner of Hope: "Sacrifice an Eldrazi Scion: Tap target creature" (701.21a, 205.3m: a permanent with both
    creature types): alice may sacrifice her Scion to tap bob's blocker before blocks (509.1a: it can't block)
    or after (506.4: it stays blocking); a creature that is only an Eldrazi can't pay it. The reference agrees."""
    line = "Sacrifice an Eldrazi Scion: Tap target creature."
    scion = creature("s", "alice", 1, 1, subtypes=["Eldrazi", "Scion"])
    data = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [creature("d", "alice", 3, 3, line, name="Drowner of Hope"), scion, creature("b", "bob")],
            "combat": {"attackers": {"d": "bob"}}}
    s = pysolver.load_data(data)
    got = {canonical(o.to_json()) for o in outcome_values(s)}
    assert got == {canonical(o) for o in reference_outcomes(s)}
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {
        (17, ()), (20, ("b",)), (17, ("s",)), (20, ("b", "s"))}
    data["permanents"][1] = {**scion, "subtypes": ["Eldrazi"]}
    only_eldrazi = pysolver.load_data(data)
    assert times_paid(only_eldrazi, only_eldrazi.permanent("d"), parse_cost("sacrifice an eldrazi scion")) == 0


def test_506_4_a_sacrificed_attacker_leaves_combat() -> None:
    """701.21a, 506.4: sacrificing the blocked attacker y to pump x after blockers: y deals and is dealt no
    damage; x (1/1, +2/+1) is unblocked and deals 3."""
    s = board(creature("x", "alice", 1, 1, "Sacrifice another creature: ~ gets +2/+1 until end of turn"),
              creature("y", "alice", 1, 1), creature("w", "bob", 0, 4), attackers={"x": "bob", "y": "bob"},
              blockers={"w": ["y"]})
    assert ends(s) == {(20, 19, (), (), (("w", 1),)), (20, 17, (), ("y",), ())}


def test_701_21a_a_sacrifice_that_would_trigger_a_death_trigger_is_refused() -> None:
    """603.10a, 603.3: the death trigger would go on the stack above the ability and resolve first."""
    with pytest.raises(InputError, match="603.10a"):
        board(creature("x", "alice", 1, 1, "Sacrifice a creature: ~ gets +1/+1 until end of turn"),
              creature("y", "alice", 1, 1, "When ~ dies, it deals 1 damage to any target"))


def test_601_2h_the_move_names_what_it_sacrifices() -> None:
    """601.2h: an activation whose cost sacrifices names the permanent (`pay_with`); another is illegal."""
    s = board(creature("x", "alice", 1, 2, ATOG), {"id": "r1", "controller": "alice", "types": ["Artifact"]},
              creature("y", "alice", 1, 1), attackers={"x": "bob"}, blockers={})
    p = root(s)
    assert [m for m in p.legal_moves if isinstance(m, Activation)] == [
        Activation(Stage.AFTER_BLOCKERS, "x", 1, 0, ("r1",))]
    with pytest.raises(IllegalMoveError, match="601.2h"):
        p.push(Activation(Stage.AFTER_BLOCKERS, "x", 1, 0, ("y",)))
    line = next(o["line"] for o in pysolver.outcomes(s) if o["life"]["bob"] == 17)
    assert line["activations"] == [{"window": "after_blockers", "permanent": "x", "times": 1, "pay_with": ["r1"]}]


# --- 701.26a: tap an untapped creature -----------------------------------------------------------------------

ASCETIC = "Tap an untapped creature you control: ~ gets +1/+1 until end of turn"


def test_509_1a_a_creature_tapped_for_a_cost_cannot_block() -> None:
    """701.26a, 509.1a: bob taps his wall w to pump his ascetic t after attackers: w can't block."""
    s = board(creature("x", "alice", 2, 2), creature("t", "bob", 1, 1, ASCETIC), creature("w", "bob", 0, 4),
              attackers={"x": "bob"})
    p = root(s).push(Pass(Stage.AFTER_ATTACKERS, "alice")).push(Activation(Stage.AFTER_ATTACKERS, "t", 1, 0, ("w",)))
    while p.stage != Stage.DECLARE_BLOCKERS:
        p = p.push(next(m for m in p.legal_moves if isinstance(m, Pass)))
    assert {m.blocks for m in p.legal_moves} == {(), (("t", "x"),)}
    assert p.s.permanent("t").until_end_of_turn == (1, 1)


def test_506_4_a_blocker_tapped_for_a_cost_stays_in_combat() -> None:
    """506.4, 302.6: after blockers bob taps his summoning-sick blocker w (not {T}: sickness does not matter)
    to pump t; w still blocks, deals and is dealt damage: x (3/3) and w (2/2) trade whatever t gets."""
    s = board(creature("x", "alice", 3, 3), creature("t", "bob", 1, 1, ASCETIC),
              creature("w", "bob", 3, 2, summoning_sick=True), attackers={"x": "bob"}, blockers={"w": ["x"]})
    assert ends(s) == {(20, 20, (), ("w", "x"), ())}
    p = root(s).push(Pass(Stage.AFTER_BLOCKERS, "alice"))
    assert Activation(Stage.AFTER_BLOCKERS, "t", 1, 0, ("w",)) in p.legal_moves


# --- effects on the source: counters (122.6), "can't be blocked this turn" (509.1b), back to hand (400.7) ------

def test_122_6_counters_put_by_an_ability_stay_on_the_creature() -> None:
    """122.6, 122.1a: "{G}: Put a +1/+1 counter on ~", a 2/2 blocked by a 3/3 with {G}{G}: dies, trades, or
    survives as a 4/4; the counters are on it afterwards."""
    s = board(creature("x", "alice", 2, 2, "{G}: Put a +1/+1 counter on ~"), creature("y", "bob", 3, 3),
              players=players(mana="{G}{G}"), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert ends(s) == {(20, 20, (), ("x",), (("y", 2),)), (20, 20, (), ("x", "y"), ()),
                       (20, 20, (), ("y",), (("x", 3),))}
    p = root(s).push(Activation(Stage.AFTER_BLOCKERS, "x", 2))
    assert p.s.permanent("x").pt_counters == ((1, 1, 2),)


def test_509_1b_an_attacker_made_unblockable_before_blocks() -> None:
    """509.1b: "{U}: ~ can't be blocked this turn", activated after attackers: bob may declare no block."""
    s = board(creature("x", "alice", 2, 2, "{U}: ~ can't be blocked this turn"), creature("y", "bob", 1, 1),
              players=players(mana="{U}"), attackers={"x": "bob"})
    p = root(s).push(Activation(Stage.AFTER_ATTACKERS, "x"))
    while p.stage != Stage.DECLARE_BLOCKERS:
        p = p.push(next(m for m in p.legal_moves if isinstance(m, Pass)))
    assert [m.blocks for m in p.legal_moves] == [()]
    assert ends(s) == {(20, 18, (), (), ()), (20, 20, (), ("y",), (("x", 1),))}


def test_400_7_a_creature_returned_to_hand_leaves_combat_without_dying() -> None:
    """400.7, 506.4, 700.4: blocked by a 3/3, x is returned to alice's hand after blockers: it deals and is
    dealt no damage, has left the battlefield (`destroyed`) without dying (its death trigger does not
    trigger), and alice's hand holds one more card."""
    x = creature("x", "alice", 2, 2, "{U}: Return ~ to its owner's hand", "When ~ dies, each opponent loses 2 life")
    s = board(x, creature("y", "bob", 3, 3), players=players(mana="{U}", hand=0), attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert ends(s) == {(20, 18, (), ("x",), (("y", 2),)), (20, 20, (), ("x",), ())}
    assert root(s).push(Activation(Stage.AFTER_BLOCKERS, "x")).s.player("alice").hand == 1


def test_701_9_a_discard_to_return_to_hand_keeps_the_hand_size() -> None:
    """701.9, 400.7: "Discard a card: Return ~ to its owner's hand" with one card: one out, one in."""
    s = board(creature("x", "alice", 2, 2, "Discard a card: Return ~ to its owner's hand"), players=players(hand=1))
    after = root(s).push(Activation(Stage.BEGINNING_OF_COMBAT, "x"))
    assert after.s.player("alice").hand == 1 and after.s.permanent("x").left_battlefield


def test_701_26b_a_tapped_creature_untapped_can_block() -> None:
    """701.26b, 509.1a: bob's tapped 1/3 with "{U}: Untap ~" untaps after attackers and may block."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 1, 3, "{U}: Untap ~", tapped=True),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{U}"}], attackers={"x": "bob"})
    assert ends(s) == {(20, 18, (), (), ()), (20, 20, (), (), (("x", 1), ("y", 2)))}


def test_701_26b_untapping_an_attacker_with_a_tap_cost_is_refused() -> None:
    """508.1f: an attacking creature untapped is not modelled; with a {T} cost of its own it would matter."""
    with pytest.raises(InputError, match="701.26b"):
        board(creature("x", "alice", 2, 2, "{U}: Untap ~", "{T}: ~ gets +1/+0 until end of turn"))


def test_400_7_a_creature_exiled_until_the_end_step_leaves_combat() -> None:
    """400.7, 506.4, 513.1: Aetherling's "{U}: Exile ~. Return it … at the beginning of the next end step":
    blocked, it is exiled after blockers and neither deals nor is dealt damage; it returns after combat."""
    s = board(creature("x", "alice", 4, 1, "{U}: Exile ~. Return it to the battlefield under its owner's control at "
                                           "the beginning of the next end step"), creature("y", "bob", 3, 3),
              players=players(mana="{U}"), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert ends(s) == {(20, 20, (), ("x", "y"), ()), (20, 20, (), ("x",), ())}


# --- hexproof and shroud given (613.1f, 702.11b, 702.18a) ----------------------------------------------------

def test_702_11b_hexproof_given_is_read_where_no_opponent_targets() -> None:
    """702.11b: "{1}{G}: ~ gains hexproof until end of turn" is a keyword grant; alice's own targeted
    ability may still target it (hexproof stops only opponents'), and bob has none."""
    s = board(creature("x", "alice", 2, 2, "{1}{G}: ~ gains hexproof until end of turn"),
              creature("t", "alice", 1, 1, "{T}: Target creature gets +1/+1 until end of turn"),
              players=players(mana="{1}{G}"))
    p = root(s).push(Activation(Stage.BEGINNING_OF_COMBAT, "x"))
    assert p.s.permanent("x").keywords_until_end_of_turn == ("hexproof",)
    assert any(getattr(m, "target", "") == "x" for m in p.legal_moves)


def test_608_2b_hexproof_given_in_response_is_refused_where_an_opponent_targets() -> None:
    """608.2b: given in response to bob's "tap target creature", shroud would counter it as it resolves,
    which the solver's activations (resolved at once) do not play: the board is refused."""
    with pytest.raises(InputError, match="608.2b"):
        board(creature("x", "alice", 2, 2, "{U}: ~ gains shroud until end of turn"),
              creature("t", "bob", 1, 1, "{T}: Tap target creature"))


# --- the same costs on the other activated abilities (pysolver.rules.activated, pysolver.rules.costs) ---------

RUSALKA = "Sacrifice a creature: Target creature gets -1/-1 until end of turn"


def test_701_21a_a_targeted_ability_sacrifices_any_creature_of_its_controller() -> None:
    """701.21a, 601.2h: bob's 1/1 w may sacrifice itself (its only creature) to give the unblocked 1/1 x -1/-1:
    x dies (113.7a: the ability of a source sacrificed to pay still resolves); targeting w itself, the target is
    gone as the ability resolves and it does nothing (608.2b)."""
    s = board(creature("x", "alice", 1, 1), creature("w", "bob", 1, 1, RUSALKA), attackers={"x": "bob"},
              blockers={})
    assert ends(s) == {(20, 19, (), (), ()), (20, 20, (), ("w", "x"), ()), (20, 19, (), ("w",), ())}


def test_122_1a_a_counter_removed_as_a_cost() -> None:
    """122.1a, 118.3: s (0/0 with one +1/+1 counter) moves its counter to the unblocked x, dying as the cost is
    paid (704.5f: before the ability resolves); with no counter it can't pay."""
    spike = {**creature("s", "alice", 0, 0, "{2}, Remove a +1/+1 counter from ~: Put a +1/+1 counter on target "
                                            "creature"), "counters": {"+1/+1": 1}}
    s = board(creature("x", "alice", 1, 1), spike, players=players(mana="{2}"), attackers={"x": "bob"}, blockers={})
    assert ends(s) == {(20, 19, (), (), ()), (20, 18, (), ("s",), ()), (20, 19, (), ("s",), ())}
    s = board(creature("x", "alice", 1, 1), {**spike, "counters": {}, "power": 1, "toughness": 1},
              players=players(mana="{2}"), attackers={"x": "bob"}, blockers={})
    assert ends(s) == {(20, 19, (), (), ())}


def test_122_1a_n_counters_removed_in_words() -> None:
    """"Remove N +1/+1 counters from ~" with N a word or a number (Karlov of the Ghost Council's six)."""
    (a,) = parse_ability_line("{W}{B}, Remove six +1/+1 counters from Karlov of the Ghost Council: Exile target "
                              "creature.", "Karlov of the Ghost Council", frozenset())
    assert (a.kind, a.value.extra.remove_counters) == ("exile_target", 6)


def test_704_5a_paying_the_last_life_for_a_targeted_ability() -> None:
    """119.4, 704.5a: at 1 life alice may pay 1 to make bob's w unable to block (509.1b) — and loses at once."""
    s = board(creature("x", "alice", 2, 2, "Pay 1 life: Target creature can't block this turn"),
              creature("w", "bob", 2, 2), players=players(alice=1), attackers={"x": "bob"})
    assert ends(s) == {(1, 20, (), ("w", "x"), ()), (1, 18, (), (), ()), (0, 20, ("alice",), (), ())}


def test_605_1a_a_mana_ability_that_sacrifices_its_blocker() -> None:
    """605.1a, 701.21a, 506.4: Blood Pet sacrificed after it blocks leaves combat; the attacker stays blocked
    (509.1h) and deals no damage."""
    s = board(creature("x", "alice", 2, 2), creature("pet", "bob", 1, 1, "Sacrifice ~: Add {B}"),
              attackers={"x": "bob"}, blockers={"pet": ["x"]})
    assert ends(s) == {(20, 20, (), ("pet",), (("x", 1),)), (20, 20, (), ("pet",), ())}


def test_121_1_a_discard_cost_beside_a_draw_is_refused() -> None:
    """402.1, 121.1: a discard cost of a targeted ability needs the hand stated; beside another ability that draws
    it could read a hand the solver does not count."""
    constable = "{T}, Discard a card: Tap target creature"
    with pytest.raises(InputError, match="hand"):
        board(creature("x", "alice", 2, 2, constable))
    with pytest.raises(InputError, match="121.1"):
        board(creature("x", "alice", 2, 2, constable), creature("y", "bob", 1, 1, "{T}: Draw a card"),
              players=players(hand=1))


# --- the searches on generated boards ------------------------------------------------------------------------

@settings(max_examples=examples(6), deadline=None, suppress_health_check=SLOW)
@given(cost_boards("blockers"))
def test_cost_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(2), deadline=None, suppress_health_check=SLOW)
@given(cost_boards("attackers", tuple(FREE_LINES)))
def test_free_pump_outcomes_after_attacks_equal_reference(data: dict) -> None:
    """117.1b: the pumps that cost nothing and lower toughness (flying given before blocks too, 702.9b) against
    the reference."""
    outcomes_equal_reference(data)


@settings(max_examples=examples(2), deadline=None, suppress_health_check=SLOW)
@given(cost_boards("blockers", (STALLION,)).flatmap(lambda d: st.sampled_from([FOUR_TYPES, []]).map(
    lambda t: {**d, "players": [{**pl, "graveyard_types": t} for pl in d["players"]]})))
def test_graveyard_condition_outcomes_equal_reference(data: dict) -> None:
    """602.5, 205.2a: the delirium pump with the condition met or not (every player's graveyard) against the
    reference."""
    outcomes_equal_reference(data)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(cost_boards("attackers"))
def test_cost_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(4), deadline=None, suppress_health_check=SLOW)
@given(cost_boards("blockers"))
def test_cost_verify_equals_minimax(data: dict) -> None:
    """`verify` with these costs against the literal-stack minimax (tests/reference/minimax.py)."""
    s = pysolver.load_data({**data, "goal": {"lethal": data["players"][1]["name"]}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)


@settings(max_examples=examples(5), deadline=None, suppress_health_check=SLOW)
@given(activated_cost_boards("blockers"))
def test_activated_cost_outcomes_after_blocks_equal_reference(data: dict) -> None:
    """602.1a: the costs of the other activated abilities (targets, damage, life, cost only), paid as the
    pumps' (pysolver.rules.costs), against the reference."""
    outcomes_equal_reference(data)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(activated_cost_boards("attackers"))
def test_activated_cost_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(activated_cost_boards("blockers"))
def test_activated_cost_verify_equals_minimax(data: dict) -> None:
    s = pysolver.load_data({**data, "goal": {"lethal": data["players"][1]["name"]}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)


def test_blocks_of_a_tap_cost_board_are_listed() -> None:
    """509.1: the block declarations themselves are unchanged by a cost nobody has paid yet."""
    s = board(creature("x", "alice", 2, 2), creature("t", "bob", 1, 1, ASCETIC), attackers={"x": "bob"})
    assert {m.blocks for m in root(s).push(Pass(Stage.AFTER_ATTACKERS, "alice")).push(
        Pass(Stage.AFTER_ATTACKERS, "bob")).legal_moves if isinstance(m, BlockDeclaration)} == {(), (("t", "x"),)}
