"""Combat triggers (603.2, pysolver.rules.triggers): each rule with a hand-stated expected set, real card
texts, and the brute-force reference (tests/reference/triggers.py) on generated boards that mix
the triggers with first strike, double strike and face-down creatures."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, declare, outcome_boards
from combat_boards import board as combat_board
from differential import verify_equals_minimax
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import BLOCK_TRIGGER_LINES, ON_TRIGGER_LINES, STACK_TRIGGER_LINES, examples, with_triggers

import pysolver
from pysolver.files.cards import oracle_lines
from pysolver.game import gametree as gt
from pysolver.model.moves import AttackDeclaration, BlockDeclaration, Pass
from pysolver.model.stage import WINDOWS, Stage


def lives(s: pysolver.Situation, player: str = "bob") -> set[int]:
    return {o["life"][player] for o in pysolver.outcomes(s)}


def passed(p: gt.Position) -> gt.Position:
    """`p` after both players pass in the priority windows before the next declaration (117.4)."""
    while p.stage in WINDOWS:
        p = p.push(Pass(p.stage, p.name()))
    return p


def after_attack(s: pysolver.Situation, attacks: dict[str, str]) -> pysolver.Situation:
    """The situation once the attackers are declared and their triggers resolved (508.2a)."""
    p = passed(gt.root(s))
    assert p.stage == Stage.DECLARE_ATTACKERS
    return p.push(AttackDeclaration.of(sorted(attacks.items()))).s


def after_blocks(s: pysolver.Situation, blocks: list[tuple[str, str]]) -> pysolver.Situation:
    """The situation once the blockers are declared and their triggers resolved (509.2a)."""
    p = passed(gt.root(s))
    assert p.stage == Stage.DECLARE_BLOCKERS
    return p.push(BlockDeclaration.of(blocks)).s


# ---- attack triggers (508.2a, 508.3a) -----------------------------------------------------------

def test_702_83a_exalted_counts_every_instance_of_the_controller_when_attacking_alone() -> None:
    """702.83a/b: x alone gets +1/+1 per exalted instance (its own and e's): 4 damage; e alone 3;
    both attack: no one attacks alone, 2 + 1."""
    s = board(creature("x", "alice", 2, 2, "Exalted"), creature("e", "alice", 1, 1, "Exalted"),
              creature("o", "bob", 0, 1, "Exalted", tapped=True))
    assert lives(s) == {20, 16, 17}
    assert after_attack(s, {"x": "bob"}).permanent("x").until_end_of_turn == (2, 2)
    assert after_attack(s, {"x": "bob", "e": "bob"}).permanent("x").until_end_of_turn == (0, 0)


def test_702_91a_battle_cry_pumps_each_other_attacker() -> None:
    """702.91a: y attacking with x gets +1/+0, x itself does not."""
    s = board(creature("x", "alice", 1, 1, "Battle cry"), creature("y", "alice", 2, 2))
    assert lives(s) == {20, 19, 18, 16}
    after = after_attack(s, {"x": "bob", "y": "bob"})
    assert (after.permanent("x").until_end_of_turn, after.permanent("y").until_end_of_turn) == ((0, 0), (1, 0))


def test_702_121a_melee_counts_opponents_attacked_not_planeswalkers() -> None:
    """702.121a: x attacking bob while y attacks carol gets +2/+2; y attacking carol's planeswalker
    attacks no player (506.3): +1/+1 only."""
    pw = {"id": "pw", "controller": "carol", "types": ["Planeswalker"], "loyalty": 5}
    s = board(creature("x", "alice", 1, 1, "Melee"), creature("y", "alice", 1, 1), pw, carol=20)
    assert after_attack(s, {"x": "bob", "y": "carol"}).permanent("x").until_end_of_turn == (2, 2)
    assert after_attack(s, {"x": "bob", "y": "pw"}).permanent("x").until_end_of_turn == (1, 1)


@pytest.mark.parametrize(("bob", "counters"), [(20, 2), (25, 2), (19, 0)])
def test_702_105a_dethrone_puts_a_counter_on_attacking_the_most_life(bob: int, counters: int) -> None:
    """702.105a: two dethrone instances, attacking bob; alice has 20: a +1/+1 counter each when bob
    has the most life or is tied for it."""
    s = board(creature("x", "alice", 1, 1, "Dethrone", "Dethrone"), bob=bob)
    assert after_attack(s, {"x": "bob"}).permanent("x").plus_counters == counters
    assert lives(s) == {bob, bob - 1 - counters}


def test_508_3a_attack_pump_line_and_face_down_creatures_have_no_triggers() -> None:
    """508.3a: "Whenever ~ attacks, it gets +2/+0"; 708.2a: face down it has no abilities, and
    turned face up after attackers are declared it did not trigger (508.2a): 2 damage, or 1."""
    line = "Whenever this creature attacks, it gets +2/+0 until end of turn"
    s = board(creature("x", "alice", 1, 1, line, "Morph {R}", face_down=True), mana="{R}")
    assert after_attack(s, {"x": "bob"}).permanent("x").until_end_of_turn == (0, 0)
    # face down: 2 damage; turned face up before attacking: 1 + 2; after attacking: 1
    assert lives(s) == {20, 18, 17, 19}


# ---- block triggers (509.2a, 509.3) -------------------------------------------------------------

def test_702_45a_bushido_on_a_blocker_and_on_a_blocked_attacker() -> None:
    """702.45a: the 2/2 blocker with bushido 2 is a 4/4: it survives 3 damage and kills the 3/3; the
    attacker with bushido 1 blocked by a 1/1 is 3/3 (509.3c: once, however many block it)."""
    s = board(creature("a", "alice", 3, 3), creature("b", "bob", 2, 2, "Bushido 2"),
              attackers={"a": "bob"})
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {(17, ()), (20, ("a",))}
    s = board(creature("a", "alice", 2, 2, "Bushido 1", "Can't be blocked except by two or more creatures"),
              creature("b", "bob", 1, 1), creature("c", "bob", 1, 1), attackers={"a": "bob"})
    assert after_blocks(s, [("b", "a"), ("c", "a")]).permanent("a").until_end_of_turn == (1, 1)


def test_702_23a_rampage_counts_blockers_beyond_the_first() -> None:
    """702.23a: rampage 2, blocked by three creatures: +4/+4; by one: nothing."""
    s = board(*[creature("a", "alice", 1, 1, "Rampage 2")] + [creature(f"b{i}", "bob", 1, 1) for i in range(3)],
              attackers={"a": "bob"})
    assert after_blocks(s, [("b0", "a"), ("b1", "a"), ("b2", "a")]).permanent("a").until_end_of_turn == (4, 4)
    assert after_blocks(s, [("b0", "a")]).permanent("a").until_end_of_turn == (0, 0)


def test_509_3a_blocks_and_becomes_blocked_pump_lines() -> None:
    """509.3a, 509.3c: "Whenever ~ blocks" pumps the blocker once even when it blocks two attackers;
    "becomes blocked" pumps the attacker; "blocks or becomes blocked" either."""
    s = board(creature("a", "alice", 1, 1, "Whenever ~ becomes blocked, it gets +2/+2 until end of turn"),
              creature("d", "alice", 1, 1, "Whenever ~ blocks or becomes blocked, it gets +1/+1 until end of turn"),
              creature("b", "bob", 0, 1, "Whenever ~ blocks, it gets +0/+2 until end of turn",
                       "Can block an additional creature each combat"),
              attackers={"a": "bob", "d": "bob"})
    after = after_blocks(s, [("b", "a"), ("b", "d")])
    assert [after.permanent(x).until_end_of_turn for x in "adb"] == [(2, 2), (1, 1), (0, 2)]
    # b (0/3) blocking a (3/3): a survives, b dies; blocking d (2/2): both live; no block: 2 damage
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == \
        {(18, ()), (19, ("b",)), (19, ()), (20, ("b",))}


def test_702_25a_flanking_shrinks_each_blocker_without_flanking() -> None:
    """702.25a: a blocker without flanking gets -1/-1 (once per blocker, 509.3d): the 1/1 dies before
    damage (704.5f), the 2/2 is a 1/1 the 2/2 flanker kills and survives; a blocker with flanking
    is not shrunk."""
    s = board(creature("a", "alice", 2, 2, "Flanking"), creature("b", "bob", 1, 1), creature("c", "bob", 2, 2),
              creature("f", "bob", 1, 2, "Flanking"), attackers={"a": "bob"})
    results = {(o["life"]["bob"], tuple(o["destroyed"]), tuple(o["damage"].items())) for o in pysolver.outcomes(s)}
    a1 = (("a", 1),)
    assert results == {(18, (), ()), (20, ("b",), ()), (20, ("c",), a1), (20, ("f",), a1), (20, ("b", "c"), a1),
                       (20, ("b", "f"), a1),
                       # c (now 1/1) and f (1/2) together kill the 2/2, which kills one or deals 1 to each
                       (20, ("a", "c"), ()), (20, ("a", "f"), ()), (20, ("a", "c"), (("f", 1),)),
                       (20, ("a", "b", "c"), ()), (20, ("a", "b", "f"), ()), (20, ("a", "b", "c"), (("f", 1),))}


def test_702_25a_flanking_reads_a_toughness_held_up_by_a_pump() -> None:
    """702.25a, 613.4c: a 1/1 blocker with a -0/-1 counter, alive only through +0/+1 until end of
    turn, is flanked to 0/0 and dies before damage (704.5f): the flanker is dealt nothing (the
    resolution program, shared between states, keeps the toughness the blocker has)."""
    s = board(creature("a", "alice", 2, 2, "Flanking"),
              creature("b", "bob", 1, 1, counters={"-0/-1": 1}, until_end_of_turn="+0/+1"),
              attackers={"a": "bob"})
    results = {(o["life"]["bob"], tuple(o["destroyed"]), tuple(o["damage"].items())) for o in pysolver.outcomes(s)}
    assert results == {(18, (), ()), (20, ("b",), ())}


def test_702_130a_afflict_can_end_the_game_before_damage() -> None:
    """702.130a, 704.5a: blocked, the afflict 3 attacker makes bob (at 3) lose before combat damage:
    the blocker is not dealt damage."""
    s = board(creature("a", "alice", 2, 2, "Afflict 3"), creature("b", "bob", 1, 1), bob=3,
              attackers={"a": "bob"})
    assert {(o["life"]["bob"], tuple(o["lost"]), tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == \
        {(1, (), ()), (0, ("bob",), ())}
    s = board(creature("a", "alice", 2, 2, "Afflict 1"), creature("b", "bob", 1, 1), bob=3,
              attackers={"a": "bob"})
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {(1, ()), (2, ("b",))}


def test_603_3b_the_active_player_orders_afflict_and_flanking() -> None:
    """603.3b: bob at 2 blocks both attackers with one creature; afflict 1 and afflict 2 resolve in
    the order alice chooses: bob loses at 0 or at -1 (704.5a); the flanking before or after."""
    s = board(creature("a", "alice", 1, 1, "Afflict 1"), creature("c", "alice", 1, 1, "Afflict 2"),
              creature("b", "bob", 1, 3, "Can block an additional creature each combat"), bob=2,
              attackers={"a": "bob", "c": "bob"})
    p = passed(gt.root(s)).push(BlockDeclaration.of([("b", "a"), ("b", "c")]))
    assert p.stage == Stage.ORDER_TRIGGERS and p.to_move() == "active"
    ends = {m.resolves[0].source: child for m, child in p.successors()}
    assert {k: (q.stage, q.s.player("bob").life) for k, q in ends.items()} == {"a": ("end", -1), "c": ("end", 0)}
    assert {o["life"]["bob"] for o in pysolver.outcomes(s)} == {0, -1}


def test_116_2b_a_face_down_blocker_turned_up_in_response_to_flanking_survives() -> None:
    """116.2b, 117.3b: the flanking trigger waits on the stack while players have priority: bob
    turns his face-down 2/2 (1 damage marked) face up as a 3/4 before it resolves; left face down,
    the -1/-1 kills it (704.5g) before combat damage."""
    s = board(creature("a", "alice", 1, 1, "Flanking"),
              creature("b", "bob", 3, 4, "Morph {G}", face_down=True, damage=1),
              attackers={"a": "bob"})
    s = pysolver.load_data({**s.to_data(), "players": [{"name": "alice"}, {"name": "bob", "mana": "{G}"}]})
    results = {(tuple(o["destroyed"]), o["life"]["bob"]) for o in pysolver.outcomes(s)}
    assert results == {((), 19), (("b",), 20), (("a",), 20)}
    assert results == {(tuple(o["destroyed"]), o["life"]["bob"]) for o in reference_outcomes(s)}


# ---- the effect grammar (pysolver.model.abilities.OnCombat) ---------------------------------------------

def test_508_3a_other_attacking_creatures_get_a_pump() -> None:
    """508.3a, 611.2c: "other attacking creatures get +1/+0": the 1/1 attacking with it deals 2; the
    source itself 2 (no pump); alone, nothing is pumped."""
    s = board(creature("w", "alice", 2, 2, "Whenever ~ attacks, other attacking creatures get +1/+0 until end of turn"),
              creature("x", "alice", 1, 1))
    assert lives(s) == {20, 18, 19, 16}
    after = after_attack(s, {"w": "bob", "x": "bob"})
    assert (after.permanent("w").until_end_of_turn, after.permanent("x").until_end_of_turn) == ((0, 0), (1, 0))


def test_613_1f_attacking_creatures_gain_trample() -> None:
    """613.1f: "attacking creatures gain trample until end of turn": the 3/3 blocked by bob's 1/1
    tramples over (702.19b); without its partner attacking it has none."""
    s = board(creature("w", "alice", 1, 1, "Whenever ~ attacks, attacking creatures gain trample until end of turn"),
              creature("x", "alice", 3, 3), creature("b", "bob", 1, 1))
    after = after_attack(s, {"w": "bob", "x": "bob"})
    assert [after.permanent(p).keywords_until_end_of_turn for p in "wxb"] == [("trample",), ("trample",), ()]
    blocked = {o["life"]["bob"] for o in pysolver.outcomes(after.with_combat(blockers=(("b", "x"),)))}
    assert blocked == {19 - 2, 19 - 1, 19}  # x assigns 1 (lethal), 2 or 3 to b, the rest to bob; w 1


def test_122_1a_counters_on_each_attacking_creature_and_on_a_creature_type() -> None:
    """122.1a: "put a +1/+1 counter on each attacking creature"; "on each Vampire you control" counts
    the Vampires of its controller, attacking or not, and not bob's."""
    s = board(creature("f", "alice", 1, 1, "Whenever ~ attacks, put a +1/+1 counter on each attacking creature"),
              creature("x", "alice", 1, 1), creature("y", "alice", 1, 1))
    after = after_attack(s, {"f": "bob", "x": "bob"})
    assert [after.permanent(p).plus_counters for p in "fxy"] == [1, 1, 0]
    s = board(creature("e", "alice", 1, 1, "Whenever ~ attacks, put a +1/+1 counter on each Vampire you control",
                       subtypes=["Vampire"]),
              creature("v", "alice", 1, 1, subtypes=["Vampire"], tapped=True), creature("b", "bob", 1, 1,
                                                                                        subtypes=["Vampire"]))
    after = after_attack(s, {"e": "bob"})
    assert [after.permanent(p).plus_counters for p in "evb"] == [1, 1, 0]


def test_506_5_attacks_alone_cant_be_blocked_this_combat() -> None:
    """506.5, 509.1b: alone, x can't be blocked: it deals 1 every time it attacks; with y it can be
    blocked."""
    line = "Whenever ~ attacks alone, ~ can't be blocked this combat"
    s = board(creature("x", "alice", 1, 1, line), creature("b", "bob", 3, 3))
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {(19, ()), (20, ())}
    s = board(creature("x", "alice", 1, 1, line), creature("y", "alice", 1, 1), creature("b", "bob", 3, 3))
    assert (19, ("x",)) in {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)}


def test_509_3a_blocks_gets_and_gains_first_strike() -> None:
    """509.3a, 510.4: blocking, the 2/2 is a 3/2 with first strike: it kills the 3/2 attacker first and
    survives; unblocked, bob takes 3."""
    s = board(creature("x", "alice", 3, 2), creature("w", "bob", 2, 2, "Whenever ~ blocks, it gets +1/+0 and gains "
                                                                       "first strike until end of turn"),
              attackers={"x": "bob"})
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {(17, ()), (20, ("x",))}


def test_509_3d_509_3f_blocked_by_a_creature_of_a_quality() -> None:
    """509.3d, 509.3f: "blocks or becomes blocked by a white creature": x gains first strike blocked by
    the white 2/2 (it kills it and survives), not by the black one alone (they trade); blocked by both it
    strikes first at either or both (1 each), and what survives kills it."""
    line = "Whenever ~ blocks or becomes blocked by a white creature, ~ gains first strike until end of turn"
    s = board(creature("x", "alice", 2, 2, line), creature("w", "bob", 2, 2, colors=["white"]),
              creature("k", "bob", 2, 2, colors=["black"]), attackers={"x": "bob"})
    assert {tuple(o["destroyed"]) for o in pysolver.outcomes(s)} == {(), ("w",), ("k", "x"), ("w", "x"), ("x",)}
    assert after_blocks(s, [("w", "x")]).permanent("x").keywords_until_end_of_turn == ("first_strike",)
    assert after_blocks(s, [("k", "x")]).permanent("x").keywords_until_end_of_turn == ()


def test_509_3e_one_or_more_creatures_of_a_quality_trigger_once() -> None:
    """509.3e: "blocks or becomes blocked by one or more black creatures, ~ gets +2/+0": once for two."""
    line = "Whenever ~ blocks or becomes blocked by one or more black creatures, ~ gets +2/+0 until end of turn"
    s = board(creature("x", "alice", 1, 5, line, "Menace"), creature("a", "bob", 1, 1, colors=["black"]),
              creature("b", "bob", 1, 1, colors=["black"]), attackers={"x": "bob"})
    assert after_blocks(s, [("a", "x"), ("b", "x")]).permanent("x").until_end_of_turn == (2, 0)


def test_509_3d_701_8a_blocked_by_a_creature_of_a_quality_destroys_it() -> None:
    """509.3d, 509.3f, 701.8a: "becomes blocked by a green creature, destroy that creature": the green
    blocker is destroyed before combat damage (x survives, deals nothing to bob: it stays blocked,
    509.1h); the red one is not (they trade, with the green one destroyed too if both block)."""
    line = "Whenever ~ becomes blocked by a green creature, destroy that creature. It can't be regenerated."
    s = board(creature("x", "alice", 2, 2, line), creature("g", "bob", 2, 2, colors=["green"]),
              creature("r", "bob", 2, 2, colors=["red"]), attackers={"x": "bob"})
    assert {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)} == {
        (18, ()), (20, ("g",)), (20, ("r", "x")), (20, ("g", "r", "x"))}


def test_509_3b_blocks_a_creature_taps_it() -> None:
    """509.3b, 701.26a: "blocks a creature, tap that creature": the vigilant attacker is tapped (506.4b:
    it stays in combat); the second sentence acts in an untap step only (502.3)."""
    line = ("Whenever ~ blocks a creature, tap that creature. That creature doesn't untap during its "
            "controller's next untap step")
    s = board(creature("x", "alice", 2, 2, "Vigilance"), creature("v", "bob", 0, 3, line), attackers={"x": "bob"})
    assert after_blocks(s, [("v", "x")]).permanent("x").tapped is True


def test_509_3g_attacks_and_isnt_blocked_gives_poison_counters() -> None:
    """509.3g, 122.1f: unblocked, bob gets a poison counter as blockers are declared; at 9 he loses then
    (704.5c), before combat damage; blocked, nothing."""
    line = "Whenever ~ attacks and isn't blocked, defending player gets a poison counter"
    s = board(creature("x", "alice", 1, 1, line), creature("b", "bob", 0, 3), attackers={"x": "bob"})
    assert after_blocks(s, []).player("bob").poison == 1
    assert after_blocks(s, [("b", "x")]).player("bob").poison == 0
    s = pysolver.load_data({**s.to_data(), "players": [{"name": "alice"}, {"name": "bob", "poison": 9}]})
    assert {(o["life"]["bob"], tuple(o["lost"])) for o in pysolver.outcomes(s)} == {(20, ("bob",)), (20, ())}


def test_508_3a_509_3a_attacks_or_blocks_and_you_gain_life() -> None:
    """508.3a, 509.3a, 119.3: "Whenever ~ attacks or blocks, you gain 2 life": alice's as it attacks, bob's
    as it blocks."""
    line = "Whenever ~ attacks or blocks, you gain 2 life"
    s = board(creature("x", "alice", 1, 1, line), creature("y", "bob", 1, 1, line))
    results = {(o["life"]["alice"], o["life"]["bob"]) for o in pysolver.outcomes(s)}
    assert results == {(20, 20), (22, 19), (22, 22)}


def test_611_2c_a_group_of_a_quality_beside_a_face_down_permanent_is_refused() -> None:
    """116.2b, 611.2c: a face-down permanent turned face up while "Goblin creatures you control get +1/+1"
    waits could join the group: refused, both named."""
    with pytest.raises(pysolver.InputError, match=r"permanents\[1\].*'m'.*'g'"):
        board(creature("g", "alice", 1, 1, "Whenever ~ attacks, Goblin creatures you control get +1/+1 until end "
                                           "of turn"), creature("m", "bob", 2, 2, "Morph {1}", face_down=True))


@pytest.mark.parametrize(("name", "text", "terms"), [
    ("Renegade Warlord", "Whenever Renegade Warlord attacks, each other attacking creature gets +1/+0 until end of "
                         "turn.", ["on_attack(attacks,group(attacking,other,any),gets(1,0))"]),
    ("Telim'Tor", "Flanking\nWhenever Telim'Tor attacks, all attacking creatures with flanking get +1/+1 until end "
                  "of turn.", ["flanking", "on_attack(attacks,group(attacking,each,keyword(flanking)),gets(1,1))"]),
    ("Edgar Markov", "Whenever Edgar Markov attacks, put a +1/+1 counter on each Vampire you control.",
     ['on_attack(attacks,group(you,each,creature_type("vampire")),counters(1))']),
    ("Crypt Cobra", "Whenever Crypt Cobra attacks and isn't blocked, defending player gets a poison counter.",
     ["on_block(unblocked,defending,poison(1))"]),
    ("Serra Inquisitors", "Whenever Serra Inquisitors blocks or becomes blocked by one or more black creatures, "
                          "Serra Inquisitors gets +2/+0 until end of turn.",
     ["on_block(either_by_any(color(black)),self,gets(2,0))"]),
    ("Phyrexian Reaper", "Whenever Phyrexian Reaper becomes blocked by a green creature, destroy that creature. It "
                         "can't be regenerated.", ["on_block(blocked_by(color(green)),partner,destroy)"]),
    ("Yuan Shao's Infantry", "Whenever Yuan Shao's Infantry attacks alone, Yuan Shao's Infantry can't be blocked "
                             "this combat.", ["on_attack(alone,self,unblockable)"]),
])
def test_real_effect_grammar_lines_parse(name: str, text: str, terms: list[str]) -> None:
    lines, unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    assert [a.term for line in lines for a in pysolver.model.abilities.parse_ability_line(line, name)] == terms


# ---- real card texts and verify -----------------------------------------------------------------

@pytest.mark.parametrize(("name", "text", "terms"), [
    ("Akrasan Squire", "Exalted (Whenever a creature you control attacks alone, that creature gets +1/+1 until "
                       "end of turn.)", ["exalted"]),
    ("Goblin Wardriver", "Battle cry (Whenever this creature attacks, each other attacking creature gets +1/+0 "
                         "until end of turn.)", ["battle_cry"]),
    ("Wings of the Guard", "Flying\nMelee (Whenever this creature attacks, it gets +1/+1 until end of turn for "
                           "each opponent you attacked this combat.)", ["flying", "melee"]),
    ("Devoted Retainer", "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until end "
                         "of turn.)", ["bushido(1)"]),
    ("Craw Giant", "Trample\nRampage 2 (Whenever this creature becomes blocked, it gets +2/+2 until end of turn "
                   "for each creature blocking it beyond the first.)", ["trample", "rampage(2)"]),
])
def test_real_card_texts_parse(name: str, text: str, terms: list[str]) -> None:
    lines, unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    assert [a.term for line in lines for a in pysolver.model.abilities.parse_ability_line(line, name)] == terms


def test_702_83a_verify_exalted_attacker_alone_is_lethal() -> None:
    """702.83a: bob at 4, no blockers: x (3/3) attacking alone is a 4/4 (e's exalted): lethal. With
    bob's 1/1 he chump-blocks x alone, or one of x and e attacking together: not lethal."""
    mine = [creature("x", "alice", 3, 3), creature("e", "alice", 1, 1, "Exalted")]
    s = board(*mine, bob=4, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is True is reference_verify(s)
    s = board(*mine + [creature("b", "bob", 1, 1)], bob=4, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is False is reference_verify(s)


# ---- against the brute-force reference ----------------------------------------------------------

def compare(data: dict[str, Any]) -> None:
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = {canonical(o) for o in pysolver.outcomes(s)}
    assert got == want, (sorted(got - want)[:2], sorted(want - got)[:2])


def open_blocks(lines: list[str] = BLOCK_TRIGGER_LINES) -> st.SearchStrategy[dict[str, Any]]:
    """Attackers declared, 1-3 possible blockers (so rampage counts), block triggers on some creatures."""
    boards = combat_board(attackers=(1, 2), blockers=(1, 3), face_down_odds=5).flatmap(
        lambda t: declare(*t, blocks=False)).flatmap(lambda d: with_triggers(d, tuple(lines)))
    return boards.filter(lambda d: assignment_bound({**d, "combat": {**d["combat"], "blockers": {}}}) <= 60)


@settings(max_examples=examples(20), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(open_blocks())
def test_block_triggers_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


@settings(max_examples=examples(15), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(open_blocks(STACK_TRIGGER_LINES))
def test_603_3b_stacked_triggers_equal_reference(data: dict[str, Any]) -> None:
    """Flanking, afflict and rampage on the stack (603.3b orders, a window after each resolution)."""
    compare(data)


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(with_triggers))
def test_attack_and_block_triggers_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


@settings(max_examples=examples(20), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(open_blocks(), st.booleans())
def test_603_3b_verify_with_block_triggers_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    """verify (the active player orders the triggers, 603.3b; both players act in the windows
    while they wait, 117.3b) against the brute-force minimax of tests/reference/minimax.py."""
    verify_equals_minimax(data, lethal)


@settings(max_examples=examples(6), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(open_blocks(list(ON_TRIGGER_LINES)))
def test_effect_grammar_block_triggers_equal_reference(data: dict[str, Any]) -> None:
    """The effect grammar's block triggers (509.3a-g) with the reference's."""
    compare(data)


@settings(max_examples=examples(5), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, ON_TRIGGER_LINES)))
def test_effect_grammar_attack_and_block_triggers_equal_reference(data: dict[str, Any]) -> None:
    """The effect grammar's attack and block triggers (508.3a, 506.5, 509.3) over whole combats."""
    compare(data)


@settings(max_examples=examples(4), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(open_blocks(list(ON_TRIGGER_LINES)))
def test_effect_grammar_verify_equals_minimax(data: dict[str, Any]) -> None:
    """verify with the effect grammar's block triggers (a blocker's first strike or toughness to come,
    509.2a: no lethal bound counts them before blocks) against the minimax of tests/reference/minimax.py."""
    s = pysolver.load_data({**data, "goal": {"lethal": data["players"][1]["name"]}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)


def test_702_23a_rampage_times_the_blockers_is_refused_before_it_can_wrap() -> None:
    """702.23a, docs/limits.md: rampage N adds N/N for each blocker beyond the first, so N is counted
    once per permanent in the board total (10^8): rampage 10^6 with 200 possible blockers is refused
    with the field named, never wrapped in clingo's 32-bit integers."""
    from pysolver.errors import InputError
    from pysolver.files.loader import situation_from_data
    blockers = [{"id": f"b{i}", "controller": "bob", "power": 1, "toughness": 1} for i in range(200)]
    d = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
         "permanents": [{"id": "r", "controller": "alice", "power": 1, "toughness": 1,
                         "abilities": ["Rampage 1000000"]}, *blockers]}
    with pytest.raises(InputError, match="rampage"):
        situation_from_data(d)
    d["permanents"][0]["abilities"] = ["Rampage 1000"]
    assert situation_from_data(d).permanent("r").abilities[0].value == 1000


def test_603_2_every_trigger_kind_is_read_by_one_part() -> None:
    """508.2a, 509.2a, 603.10a, 702.39a: each combat trigger kind of the catalogue is resolved by the
    attack or the block part of encodings/triggers.lp, or put on the stack with a target (provoke, the
    attack triggers with a target, death triggers), or triggered by combat damage (510.3a, encodings/hits.lp)
    or by a damage event (603.2, 120.3, encodings/dealt.lp), or makes only what no line on a board the loader
    admits reads (701.23a, 406.2, 701.16a, 111.10a, 701.8a: pysolver.model.unread):
    a declaration skips the program only when nothing on the board triggers on it."""
    from pysolver.model.abilities import DEALT_TRIGGERS, HIT_TRIGGERS, TRIGGERS
    from pysolver.model.moves import DEATH_TRIGGERS
    from pysolver.model.unread import UNREAD
    from pysolver.rules.triggers import ATTACK, BLOCK, TARGETED, TRIGGERED_BY
    assert TRIGGERED_BY[ATTACK] | TRIGGERED_BY[BLOCK] | TARGETED | set(DEATH_TRIGGERS) | HIT_TRIGGERS \
        | set(DEALT_TRIGGERS) | {u.kind for u in UNREAD} == TRIGGERS
    assert not TRIGGERED_BY[ATTACK] & TRIGGERED_BY[BLOCK]
    assert not (TRIGGERED_BY[ATTACK] | TRIGGERED_BY[BLOCK]) & HIT_TRIGGERS


# ---- state triggers (603.8) ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "line", "term"), [
    ("Sea Serpent", "When you control no Islands, sacrifice Sea Serpent.",
     'sacrifice_without(permanent,land_type("island"))'),
    ("Gorilla Pack", "When you control no Forests, sacrifice Gorilla Pack.",
     'sacrifice_without(permanent,land_type("forest"))'),
    ("Serendib Djinn", "When you control no lands, sacrifice Serendib Djinn.",
     "sacrifice_without(permanent,card_type(land))"),
    ("Covetous Dragon", "When you control no artifacts, sacrifice Covetous Dragon.",
     "sacrifice_without(permanent,card_type(artifact))"),
])
def test_603_8_real_state_trigger_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in pysolver.model.abilities.parse_ability_line(line, name)] == [term]


SERPENT = "When you control no Islands, sacrifice this creature"
ISLAND = {"id": "isl", "controller": "alice", "types": ["Land"], "subtypes": ["Island"]}


def test_603_8_a_state_trigger_that_cannot_trigger_changes_nothing() -> None:
    """With a (noncreature) Island its controller keeps all combat (no line removes a land), "When you
    control no Islands, sacrifice ~" never triggers: the outcomes are those of the creature without it."""
    def outcomes(*lines: str) -> list[dict[str, Any]]:
        return list(pysolver.outcomes(board(creature("x", "alice", 3, 3, *lines), creature("b", "bob", 2, 2), ISLAND)))
    assert outcomes(SERPENT) == outcomes() and len(outcomes()) == 3  # no attack, b blocks and dies, bob at 17


@pytest.mark.parametrize(("permanents", "why"), [
    ([creature("x", "alice", 3, 3, SERPENT)], "'alice' controls none, so it has triggered already"),
    ([creature("x", "alice", 3, 3, SERPENT), {**ISLAND, "controller": "bob"}], "controls none"),
    ([creature("x", "alice", 3, 3, SERPENT), {**ISLAND, "types": ["Land", "Creature"], "power": 1, "toughness": 1}],
     "may leave the battlefield during the combat"),
    ([creature("x", "alice", 3, 3, SERPENT, face_down=True), ISLAND], "could be turned face up"),
])
def test_603_8_a_board_where_the_state_trigger_could_trigger_is_refused(permanents: list[dict[str, Any]],
                                                                        why: str) -> None:
    """It would have triggered before the moment the file states, or could trigger in combat: refused
    with the permanent named (not silently read as inert)."""
    with pytest.raises(pysolver.InputError, match=rf"permanents\[0\].*state trigger \(603\.8\).*{why}"):
        board(*permanents)


@pytest.mark.parametrize(("name", "line", "what"), [
    ("Essence Warden", "Whenever another creature enters the battlefield, you gain 1 life.", "creature"),
    ("Chasm Guide", "Rally — Whenever Chasm Guide or another Ally enters the battlefield under your control, creatures "
                    "you control gain haste until end of turn.", "ally"),
    ("Blood Seeker", "Whenever a creature enters the battlefield under an opponent's control, you may have that player "
                     "lose 1 life.", "creature"),
    ("Leonin Elder", "Whenever an artifact enters the battlefield, you may gain 1 life.", "artifact"),
])
def test_603_6a_real_enters_watchers_parse(name: str, line: str, what: str) -> None:
    assert [(a.kind, a.value) for a in pysolver.model.abilities.parse_ability_line(line, name)] == [
        ("enters_watch", what)]


WARDEN = "Whenever another creature enters the battlefield, you gain 1 life"


def test_603_6a_an_enters_watcher_without_persist_or_undying_changes_nothing() -> None:
    """Nothing enters the battlefield in the combat (no persist, no undying, 702.79a, 702.93a): the outcomes
    are those of the creature without the line, alice's life unchanged."""
    def outcomes(*lines: str) -> list[dict[str, Any]]:
        return list(pysolver.outcomes(board(creature("x", "alice", 3, 3, *lines), creature("b", "bob", 3, 3))))
    assert outcomes(WARDEN) == outcomes() and {o["life"]["alice"] for o in outcomes(WARDEN)} == {20}


def test_603_6a_an_enters_watcher_beside_persist_is_refused() -> None:
    """Persist returns a creature to the battlefield during the combat (702.79a), which would trigger the
    watcher: refused, both permanents named."""
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\].*'x'.*603\.6a.*'p' has persist or undying"):
        board(creature("x", "alice", 3, 3, WARDEN), creature("p", "bob", 1, 1, "Persist"))


def test_603_6a_a_watcher_whose_effect_is_inert_stays_inert() -> None:
    """A real card's watcher that only draws (121.1) stays an inert line, so a board with persist is not
    refused for it; one with a board effect is modelled."""
    from pysolver.files.cards import parse_pool
    pool = parse_pool([{"name": n, "type_line": "Creature — Elf", "colors": [], "power": "1", "toughness": "1",
                        "oracle_text": t} for n, t in (
        ("Soul of the Harvest", "Whenever another nontoken creature enters the battlefield under your control, you "
                                "may draw a card."),
        ("Healer of the Pride", "Whenever another creature enters the battlefield under your control, you gain 2 "
                                "life."))], "real.json")
    assert [(x.status, x.reason and x.reason.key) for x in pool["Soul of the Harvest"].classification] == [
        ("inert", "hidden")]
    assert [x.status for x in pool["Healer of the Pride"].classification] == ["modelled"]
