"""Activated abilities that deal damage (120.3; pysolver.rules.pingers): one test per rule with
hand-stated sets, then the solver (fight by fight and the walk) against the brute-force reference
(tests/reference/pingers.py) on generated boards.
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import SELF_DAMAGE_LINES, examples, pinger_boards, with_statics

import pysolver
from pysolver.errors import InputError
from pysolver.files.cards import oracle_lines
from pysolver.game import gametree as gt
from pysolver.game.fights import Blocks, Search
from pysolver.game.outcomes import outcome_values
from pysolver.model.moves import AbilityActivation, Pass
from pysolver.model.stage import Stage
from pysolver.rules.activated import may_use_stack

PING = "{T}: ~ deals 1 damage to any target"


def results(s) -> set[tuple]:
    """(life of alice and bob, destroyed, damage) of each outcome, checked against the reference, the
    walk and count_outcomes."""
    got = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    want = {canonical(o) for o in reference_outcomes(s)}
    assert {canonical(o) for o in got} == want
    assert {canonical(o.to_json()) for o in outcome_values(s, split=False)} == want
    assert len(got) == len(want) == pysolver.count_outcomes(s)
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"]), tuple(sorted(o["damage"].items())))
            for o in got}


def moves(s, stage: Stage, side: str = gt.ACTIVE) -> list[AbilityActivation]:
    return [m for m in gt.Position(stage, s, side).legal_moves if isinstance(m, AbilityActivation)]


def resolved(p: gt.Position, move: AbilityActivation) -> gt.Position:
    """`p` after `move` and both players passing until it resolved (608.1, 117.4)."""
    p = p.push(move)
    assert p.stack and p.stack[0].kind == move.kind  # on the stack (405.1)
    while p.stack and p.stage == Stage(move.window):
        p = p.push(Pass(p.stage, p.name()))
    return p


# --- the lines, as real cards print them (602.1, 115.4; docs/abilities.md) ---------------------------

@pytest.mark.parametrize("name, text, kind, target, cost, tap, sacrifice, n", [
    ("Prodigal Pyromancer", "{T}: Prodigal Pyromancer deals 1 damage to any target.", "ping", "any", "", True,
     False, 1),
    ("Prodigal Sorcerer", "{T}: Prodigal Sorcerer deals 1 damage to target creature or player.", "ping", "any", "",
     True, False, 1),
    ("Mogg Fanatic", "Sacrifice Mogg Fanatic: It deals 1 damage to any target.", "ping", "any", "", False, True, 1),
    ("Spark Elemental", "{R}, Sacrifice Spark Elemental: Spark Elemental deals 2 damage to target creature or "
     "player.", "ping", "any", "{R}", False, True, 2),
    ("Sparksmith", "{T}: Sparksmith deals 1 damage to target creature.", "ping", "creature", "", True, False, 1),
    ("Gnarled Scarhide", "{1}{R}, {T}: Gnarled Scarhide deals 1 damage to target player or planeswalker.", "ping",
     "player_or_planeswalker", "{1}{R}", True, False, 1),
    ("Ballista Squad", "{W}, {T}: Ballista Squad deals 1 damage to target attacking or blocking creature.", "ping",
     "attacking_or_blocking", "{W}", True, False, 1),
    ("Longbow Archer", "{T}: Longbow Archer deals 2 damage to target creature with flying.", "ping", "flying", "",
     True, False, 2),
    ("Heavy Ballista", "{T}: Heavy Ballista deals 2 damage to target attacking creature.", "ping", "attacking", "",
     True, False, 2),
    ("Sandbar Serpent", "{T}: Sandbar Serpent deals 4 damage to target attacking creature with flying.", "ping",
     "attacking_flying", "", True, False, 4),
    ("Thermal Glider", "{T}: Thermal Glider deals 1 damage to target blocking creature.", "ping", "blocking", "",
     True, False, 1),
    ("Cinder Giant", "{1}{R}: Cinder Giant deals 1 damage to each creature without flying.", "ping_each",
     "each_creature_without_flying", "{1}{R}", False, False, 1),
    ("Pestilence Demon", "{B}: Pestilence Demon deals 1 damage to each creature and each player.", "ping_each",
     "each_creature_and_player", "{B}", False, False, 1),
    ("Thundermaw", "{T}: Thundermaw deals 4 damage to each creature without flying and each player.", "ping_each",
     "each_creature_without_flying_and_player", "", True, False, 4),
    ("Hazoret's Herald", "{2}{R}: Hazoret's Herald deals 1 damage to each opponent.", "ping_each", "each_opponent",
     "{2}{R}", False, False, 1),
    ("Pyre Imp", "{R}, Sacrifice Pyre Imp: Pyre Imp deals 1 damage to each player.", "ping_each", "each_player",
     "{R}", False, True, 1),
])
def test_602_1_real_lines(name, text, kind, target, cost, tap, sacrifice, n) -> None:
    (line,), unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    (a,) = board(creature("x", "alice", 1, 1, line, name=name)).permanent("x").abilities
    assert (a.kind, a.value.target, str(a.value.cost) if a.value.cost.total else "", a.value.tap,
            a.value.sacrifice, a.value.damage) == (kind, target, cost, tap, sacrifice, n)


@pytest.mark.parametrize("text", [
    "{T}, Sacrifice an artifact: Goblin Kiln deals 2 damage to target creature or player.",
    # 122.1c: a shield counter has an effect of its own (a javelin counter's cost is modelled: test_named_counters)
    "{T}, Remove a shield counter from Pyre Shaman: Pyre Shaman deals 1 damage to target creature or player.",
])
def test_602_1a_forms_out_of_scope_are_noted(text) -> None:
    """Costs the grammar does not read (602.1a), other conditions: a note for a real card."""
    lines, unmodelled = oracle_lines("Pyre Shaman", text)
    assert lines == () and unmodelled == (text,)


def test_107_3_an_x_in_a_situation_file_is_one_clear_error() -> None:
    with pytest.raises(InputError) as exc:
        board(creature("x", "alice", 1, 1, "{X}{X}, {T}: ~ deals X damage to any target"))
    assert "107.3" in exc.value.message and exc.value.field == "permanents[0].abilities[0]"


# --- targets (115.4, 115.1, 601.2c, 702.11b, 702.16b, 702.18a) ---------------------------------------

def test_115_4_any_target_players_creatures_planeswalkers_not_hexproof_shroud_protection() -> None:
    """"Any target": each player, each creature and planeswalker — not bob's hexproof creature, nor a
    creature with shroud, nor one with protection from red (the source is red)."""
    s = board(creature("p", "alice", 1, 1, PING, colors=["red"]), creature("h", "bob", 1, 1, "Hexproof"),
              creature("sh", "bob", 1, 1, "Shroud"), creature("w", "bob", 1, 1, "Protection from red"),
              creature("y", "bob", 1, 1), {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3})
    assert sorted(m.target for m in moves(s, Stage.BEGINNING_OF_COMBAT)) == ["alice", "bob", "p", "pw", "y"]


def test_115_1_target_player_creature_and_the_creatures_in_combat() -> None:
    """"Target player": a player; "target creature": a creature; "attacking or blocking": those in
    combat (506.4); "creature with flying" one with flying."""
    lines = {"player": "{T}: ~ deals 1 damage to target player", "creature": "{T}: ~ deals 1 damage to target creature",
             "either": "{T}: ~ deals 1 damage to target attacking or blocking creature",
             "flying": "{T}: ~ deals 1 damage to target creature with flying"}
    for key, want in (("player", ["alice", "bob"]), ("creature", ["f", "p", "x", "y"]),
                      ("either", ["x", "y"]), ("flying", ["f"])):
        s = board(creature("x", "alice", 2, 2), creature("p", "bob", 1, 1, lines[key]),
                  creature("y", "bob", 2, 2), creature("f", "bob", 1, 1, "Flying"),
                  attackers={"x": "bob"}, blockers={"y": ["x"]})
        assert sorted(m.target for m in moves(s, Stage.AFTER_BLOCKERS, gt.DEFENCE)) == want, key


# --- what the damage does (120.3) ------------------------------------------------------------------

def test_120_3a_damage_to_a_player_and_704_5a_the_game_ends() -> None:
    """alice's pinger and 2/2 against bob at 2 with no creature: the ping at bob brings him to 1 and
    the attack to -1; or the ping ends the game first if he is at 1. A ping at alice costs her 1, one
    at x marks 1 (120.3e), one at p kills it."""
    s = board(creature("x", "alice", 2, 2), creature("p", "alice", 1, 1, PING), bob=2)
    marked = (("x", 1),)
    assert results(s) == {(20, 2, (), ()), (20, 1, (), ()), (19, 2, (), ()), (20, 0, (), ()), (20, -1, (), ()),
                          (19, 0, (), ()), (20, 2, ("p",), ()), (20, 0, ("p",), ()), (20, 2, (), marked),
                          (20, 0, (), marked)}
    one = board(creature("p", "alice", 1, 1, PING), bob=1)
    p = resolved(gt.root(one), AbilityActivation("beginning_of_combat", "p", "ping", "bob"))
    assert p.is_end() and p.s.player("bob").life == 0


def test_702_37e_115_1_a_creature_turned_face_up_gains_flying_and_becomes_a_target() -> None:
    """After blockers, alice's face-down 2/2 a0 (out of combat) has no flying (708.2a): bob's "{T}: ~
    deals 1 damage to target creature with flying" has no target (115.1). alice may turn it face up
    for {R} (702.37e, a special action: she receives priority again, 116.3, 117.3c) as a 0/4 with
    flying; bob then may ping it (601.2c): 1 damage marked. a1 unblocked deals 1 to bob either way."""
    s = board(creature("a0", "alice", 0, 4, "Morph {R}", "Flying", face_down=True), creature("a1", "alice", 1, 1),
              creature("b0", "bob", 0, 1, "{T}: ~ deals 1 damage to target creature with flying"), mana="{R}",
              attackers={"a1": "bob"}, blockers={})
    assert results(s) == {(20, 19, (), ()), (20, 19, (), (("a0", 1),))}


def test_120_3e_marked_damage_and_704_5g_lethal_damage() -> None:
    """bob's 2/2 blocks alice's 3/3; alice's ping (after blockers) on the 2/2 or the 3/3 marks 1."""
    s = board(creature("x", "alice", 3, 3), creature("p", "alice", 1, 1, PING), creature("y", "bob", 2, 3),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("y",), (("x", 2),)), (20, 20, ("x", "y"), ()), (19, 20, ("y",), (("x", 2),)),
                          (20, 19, ("y",), (("x", 2),)), (20, 20, ("p", "y"), (("x", 2),))}


def test_702_2b_deathtouch_702_15b_lifelink_120_3d_wither_of_the_source() -> None:
    """The source's keywords apply to any damage it deals: deathtouch destroys a 5/5 with 1 damage
    (704.5h), lifelink gains its controller 1, wither puts a -1/-1 counter, infect poisons a player."""
    big = creature("y", "bob", 5, 5)
    dt = board(creature("p", "alice", 1, 1, PING, "Deathtouch", "Lifelink"), big)
    after = resolved(gt.root(dt), AbilityActivation("beginning_of_combat", "p", "ping", "y"))
    assert after.s.permanent("y").left_battlefield and after.s.player("alice").life == 21
    wither = board(creature("p", "alice", 1, 1, PING, "Wither"), big)
    after = resolved(gt.root(wither), AbilityActivation("beginning_of_combat", "p", "ping", "y"))
    assert (after.s.permanent("y").minus_counters, after.s.permanent("y").damage) == (1, 0)
    infect = board(creature("p", "alice", 1, 1, PING, "Infect"), big)
    after = resolved(gt.root(infect), AbilityActivation("beginning_of_combat", "p", "ping", "bob"))
    assert (after.s.player("bob").life, after.s.player("bob").poison) == (20, 1)


def test_113_7a_a_sacrificed_source_deals_the_damage_as_it_last_existed() -> None:
    """"Sacrifice ~: ~ deals 1 damage": the source leaves as the cost is paid (701.21a) and deals the
    damage with its deathtouch and lifelink (113.7a, 608.2h)."""
    s = board(creature("f", "alice", 1, 1, "Sacrifice ~: ~ deals 1 damage to any target", "Deathtouch", "Lifelink"),
              creature("y", "bob", 4, 4))
    after = resolved(gt.root(s), AbilityActivation("beginning_of_combat", "f", "ping", "y")).s
    assert after.permanent("f").left_battlefield and after.permanent("y").left_battlefield
    assert after.player("alice").life == 21
    assert (21, 20, ("f", "y"), ()) in results(s)


def test_120_3_each_creature_and_each_player_702_16e_protection_prevents() -> None:
    """"{B}: ~ deals 1 damage to each creature and each player" (bob's, {B} once): every creature
    and player is dealt 1 — not the creature with protection from black (702.16e)."""
    s = board(creature("x", "alice", 2, 2), creature("w", "alice", 1, 1, "Protection from black"),
              creature("d", "bob", 3, 3, "{B}: ~ deals 1 damage to each creature and each player", colors=["black"]),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{B}"}])
    after = resolved(gt.Position(Stage.BEGINNING_OF_COMBAT, s, gt.DEFENCE),
                     AbilityActivation("beginning_of_combat", "d", "ping_each", "")).s
    assert [(p.id, p.damage) for p in after.permanents] == [("x", 1), ("w", 0), ("d", 1)]
    assert [p.life for p in after.players] == [19, 19]


def test_102_2_each_opponent_and_without_flying() -> None:
    s = board(creature("g", "alice", 1, 2, "{T}: ~ deals 1 damage to each creature without flying"),
              creature("f", "bob", 1, 1, "Flying"), creature("y", "bob", 1, 1),
              {"id": "o", "controller": "alice", "types": ["Artifact"],
               "abilities": ["{T}: ~ deals 2 damage to each opponent"]}, carol=5)
    p = gt.root(s)
    after = resolved(p, AbilityActivation("beginning_of_combat", "g", "ping_each", "")).s
    assert [(x.id, x.damage, x.left_battlefield) for x in after.permanents if x.is_creature] == \
        [("g", 1, False), ("f", 0, False), ("y", 1, True)]
    after = resolved(p, AbilityActivation("beginning_of_combat", "o", "ping_each", "")).s
    assert [x.life for x in after.players] == [20, 18, 3]


EEL = "{R}{R}: ~ gets +2/+0 until end of turn and deals 1 damage to you"  # Electric Eel, Stormcloud Djinn


@pytest.mark.parametrize("name, text, x", [
    ("Electric Eel", "{R}{R}: Electric Eel gets +2/+0 until end of turn and deals 1 damage to you.", 2),
    ("Firedrinker Satyr", "{1}{R}: Firedrinker Satyr gets +1/+0 until end of turn and deals 1 damage to you.", 1)])
def test_608_2c_a_pump_and_damage_to_you_real_lines(name, text, x) -> None:
    (line,), unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    (a,) = board(creature("x", "alice", 1, 1, line, name=name)).permanent("x").abilities
    assert (a.kind, a.value.target, a.value.power, a.value.toughness, a.value.damage, a.value.also_damage,
            a.value.also_to) == ("ping_each", "you", x, 0, 0, 1, "you")


def test_608_2c_the_source_gets_its_pump_then_deals_damage_to_its_controller() -> None:
    """608.2c, 613.4c, 120.3a, 115.10b: a 1/1 eel blocked by a 3/3, {R}{R} in alice's pool: unpumped it dies and
    marks 1; pumped (3/1) both die and alice loses 1 (the damage to her, no target). With lifelink the eel's damage
    to alice also gains her 1 (702.15b: 19 + 1; infect, 120.3b, as for every damage ability: PINGER_KEYWORDS)."""
    x, y = creature("x", "alice", 1, 1, EEL), creature("y", "bob", 3, 3)
    s = board(x, y, mana="{R}{R}", attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("x",), (("y", 1),)), (19, 20, ("x", "y"), ())}
    p = resolved(gt.root(board(creature("x", "alice", 1, 1, EEL, "Lifelink"), mana="{R}{R}")),
                 AbilityActivation("beginning_of_combat", "x", "ping_each", ""))
    assert p.s.player("alice").life == 20 and p.s.permanent("x").until_end_of_turn == (2, 0)


def test_602_5b_only_during_your_turn_before_attackers_are_declared() -> None:
    """"Activate only during your turn, before attackers are declared": the active player's at the
    beginning of combat (507.1), never after attackers; the defending player's never."""
    line = "{T}: ~ deals 1 damage to any target. Activate only during your turn, before attackers are declared"
    s = board(creature("a", "alice", 1, 1, line), creature("b", "bob", 1, 1, line))
    assert {m.permanent for m in moves(s, Stage.BEGINNING_OF_COMBAT)} == {"a"}
    assert moves(s, Stage.BEGINNING_OF_COMBAT, gt.DEFENCE) == []
    assert moves(s.with_combat(attackers=()), Stage.AFTER_ATTACKERS) == []
    # no ping: no attack, a unblocked, a and b trade; a ping (a is then tapped and can't attack): at
    # alice, bob, a or b
    assert results(s) == {(20, 20, (), ()), (20, 19, (), ()), (20, 20, ("a", "b"), ()), (19, 20, (), ()),
                          (20, 20, ("a",), ()), (20, 20, ("b",), ())}


def test_603_10a_a_creature_the_damage_kills_triggers_its_death_trigger() -> None:
    """A creature killed by the damage (704.5g) triggers "When ~ dies" (603.10a) after the ability
    resolved: its controller puts it on the stack with a target (603.3d)."""
    s = board(creature("p", "alice", 1, 1, PING), creature("y", "bob", 1, 1, "When ~ dies, it deals 2 damage to "
                                                                             "any target"))
    after = resolved(gt.root(s), AbilityActivation("beginning_of_combat", "p", "ping", "y"))
    assert after.stage == Stage.PUT_TRIGGERS and [t.source for t in after.pending] == ["y"]


def test_603_3_a_sacrificed_source_triggers_first_its_death_trigger_above_the_ability() -> None:
    """alice sacrifices her 1/1 with lifelink (701.21a: it dies, 700.4) to pay "Sacrifice ~: ~ deals 1
    damage to any target", at bob's 2/2; its "When ~ dies, it deals 2 damage to any target" goes on
    the stack above the ability (603.3) and resolves first (405.2): at the 2/2 it kills it (alice
    gains 2, 702.15b), and the ability then has no legal target (608.2b): 22, not 23."""
    s = board(creature("f", "alice", 1, 1, "Sacrifice ~: ~ deals 1 damage to any target", "Lifelink",
                       "When ~ dies, it deals 2 damage to any target"), creature("y", "bob", 2, 2))
    p = gt.root(s).push(AbilityActivation("beginning_of_combat", "f", "ping", "y"))
    assert p.stage == Stage.PUT_TRIGGERS and [t.kind for t in p.pending] == ["dies_damage"]
    p = p.push(next(m for m in p.target_choices() if m.trigger.target == "y"))
    while p.stack:  # (nobody else can act: the window is skipped, the stack resolves, 117.4)
        p = p.push(Pass(p.stage, p.name()))
    assert p.s.permanent("y").left_battlefield and p.s.player("alice").life == 22
    # (23 with both dead only through combat: f blocked by y deals 1, then dies and its trigger kills y)
    assert (22, 20, ("f", "y"), ()) in results(s)


CONDITIONAL = "As long as you control an artifact, ~ gets +0/+2"


def test_120_3_611_3a_damage_and_counters_beside_a_static_ability_with_a_condition() -> None:
    """bob's 0/0 artifact creature g, a 0/2 while he controls an artifact (itself, 611.3a), pings once
    (120.3): alice or bob loses 1 (120.3a), or g has 1 damage marked (120.3e) and lives. alice's 1/1
    artifact creature x, 1/3 the same way, gets a +1/+1 counter as it attacks (122.1a): 2/4; bob's 3/3
    blocks (x has 3 damage, y 2) or not (bob loses 2)."""
    ping = board(creature("g", "bob", 0, 0, PING, CONDITIONAL, types=["Artifact", "Creature"]))
    assert results(ping) == {(20, 20, (), ()), (19, 20, (), ()), (20, 19, (), ()), (20, 20, (), (("g", 1),))}
    grows = board(creature("x", "alice", 1, 1, "Whenever ~ attacks, put a +1/+1 counter on it", CONDITIONAL,
                           types=["Artifact", "Creature"]), creature("y", "bob", 3, 3))
    assert results(grows) == {(20, 20, (), ()), (20, 18, (), ()), (20, 20, (), (("x", 3), ("y", 2)))}


SACRIFICE_PING = ("Sacrifice ~: ~ deals 1 damage to any target", "Lifelink")


@pytest.mark.parametrize("f, g", [
    (creature("f", "bob", 1, 1, *SACRIFICE_PING, "Other creatures you control get +1/+1"),  # 611.3b
     creature("g", "bob", 0, 1, damage=1)),
    (creature("f", "bob", 1, 1, *SACRIFICE_PING),  # 604.3: g is 2/2, then 1/1
     {"id": "g", "controller": "bob", "damage": 1,
      "abilities": ["~'s power and toughness are each equal to the number of creatures you control"]}),
])
def test_704_3_state_based_actions_after_a_sacrifice_before_the_ability_resolves(f, g) -> None:
    """bob sacrifices his 1/1 lifelinker f to pay "Sacrifice ~: ~ deals 1 damage to any target"
    (701.21a). Its lord's bonus (611.3b) or its count for g's power and toughness (604.3) goes with
    it: g, then a 1/1 with 1 damage marked, dies to the state-based actions performed before bob
    receives priority (117.3c, 117.5, 704.3, 704.5g), before the ability resolves; aimed at g it has
    no legal target (608.2b) and bob gains no life (702.15b). At alice or at bob it is dealt, with
    lifelink: (19, 21) or (20, 20)."""
    assert results(board(f, g)) == {(20, 20, (), (("g", 1),)), (19, 21, ("f", "g"), ()), (20, 20, ("f", "g"), ())}


@pytest.mark.parametrize("lines, other, rule", [
    (("Sacrifice ~: ~ deals 1 damage to any target", "When ~ dies, you gain 3 life"), (), "117.3c"),
    (("Sacrifice ~: ~ deals 1 damage to any target",), ("Whenever another creature dies, you gain 1 life",),
     "117.3c"),
    ((PING,), ("Persist",), "702.79a"),
    ((PING,), ("Undying",), "702.93a"),
])
def test_117_3c_702_79a_boards_not_modelled_are_refused(lines, other, rule) -> None:
    """bob sacrificing his source (700.4: it dies) triggers a death trigger, put on the stack above
    the ability (603.3), after which bob, not the active player, receives priority (117.3c); a
    creature dying outside combat damage with persist or undying would return: both refused, one
    clear message."""
    with pytest.raises(InputError) as exc:
        board(creature("f", "bob", 1, 1, *lines), creature("y", "alice", 1, 1, *other))
    assert rule in exc.value.message
    plain = board(creature("f", "bob", 1, 1, "Sacrifice ~: ~ deals 1 damage to any target"),
                  creature("y", "alice", 1, 1, "When ~ dies, you gain 3 life"))  # y's own: not the sacrifice's
    assert plain.permanent("f").abilities


def test_117_3c_a_response_resolves_first_and_704_5a_its_player_wins_the_race() -> None:
    """Both at 1 life with "{T}: ~ deals 1 damage to any target": alice's at bob goes on the stack
    (405.1), bob responds at alice (117.3c, 117.4: she passed), his resolves first and she loses
    (704.5a): alice can't force lethal (the minimax agrees); with bob's artifact tapped she can."""
    rods = ({"id": "a", "controller": "alice", "types": ["Artifact"], "abilities": [PING]},
            {"id": "b", "controller": "bob", "types": ["Artifact"], "abilities": [PING]})
    race = board(*rods, alice=1, bob=1, goal={"lethal": "bob"})
    assert not pysolver.verify(race)["holds"] and not reference_verify(race)
    p = gt.root(race).push(AbilityActivation("beginning_of_combat", "a", "ping", "bob"))
    p = p.push(Pass(Stage.BEGINNING_OF_COMBAT, "alice")).push(AbilityActivation("beginning_of_combat", "b", "ping",
                                                                              "alice"))
    p = p.push(Pass(Stage.BEGINNING_OF_COMBAT, "bob")).push(Pass(Stage.BEGINNING_OF_COMBAT, "alice"))
    assert p.is_end() and p.s.player("alice").life == 0 and p.s.player("bob").life == 1
    tapped = board(rods[0], {**rods[1], "tapped": True}, alice=1, bob=1, goal={"lethal": "bob"})
    assert pysolver.verify(tapped)["holds"] and reference_verify(tapped)


def test_608_2b_a_target_gone_before_it_resolves_does_nothing() -> None:
    """alice's ping at bob's 1/1; bob responds with his own ping at it: it dies (704.5g) and alice's,
    resolving, has no legal target (608.2b): her source tapped, nothing else."""
    s = board({"id": "a", "controller": "alice", "types": ["Artifact"], "abilities": ["{T}: ~ deals 1 damage to "
                                                                                     "target creature", "Lifelink"]},
              creature("y", "bob", 1, 1, PING))
    p = gt.root(s).push(AbilityActivation("beginning_of_combat", "a", "ping", "y"))
    p = p.push(Pass(Stage.BEGINNING_OF_COMBAT, "alice")).push(AbilityActivation("beginning_of_combat", "y", "ping",
                                                                              "y"))
    p = p.push(Pass(Stage.BEGINNING_OF_COMBAT, "bob")).push(Pass(Stage.BEGINNING_OF_COMBAT, "alice"))
    # (nobody can act any more: the window is skipped, alice's resolves, 117.4)
    assert p.stage == Stage.DECLARE_ATTACKERS and not p.stack and p.s.permanent("y").left_battlefield
    assert p.s.player("alice").life == 20 and p.s.permanent("a").tapped  # no damage dealt: no life (702.15b)


def test_verify_a_ping_and_an_attack_are_lethal_together() -> None:
    """bob at 3, no creature: alice's 2/2 alone is not lethal, with "{T}: ~ deals 1 damage to any
    target" on another creature it is (the goals' damage bounds count no ping)."""
    plain = board(creature("x", "alice", 2, 2), bob=3, goal={"lethal": "bob"})
    assert not pysolver.verify(plain)["holds"]
    rod = {"id": "rod", "controller": "alice", "types": ["Artifact"], "abilities": [PING]}
    s = board(creature("x", "alice", 2, 2), rod, bob=3, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"]
    # bob's own ping at the attacker does not stop it (1 damage to a 2/2); 2 damage does (704.5g)
    bobs = {"id": "bolt", "controller": "bob", "types": ["Artifact"], "abilities": [PING]}
    s = board(creature("x", "alice", 2, 2), rod, bobs, bob=3, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"]
    bobs = {**bobs, "abilities": ["{T}: ~ deals 2 damage to any target"]}
    s = board(creature("x", "alice", 2, 2), rod, bobs, bob=3, goal={"lethal": "bob"})
    assert not pysolver.verify(s)["holds"]


def test_the_result_documents_validate_and_name_the_ability() -> None:
    """`outcomes` and `verify` documents with damage activations (`kind` ping, ping_each) are valid
    results (docs/results.md); verify's text names the damage ability and its target."""
    import jsonschema

    from pysolver import commands
    from pysolver.files import schema
    from pysolver.output.render import move_text
    s = board(creature("x", "alice", 2, 2), creature("p", "alice", 1, 1, PING),
              creature("e", "bob", 1, 1, "{T}: ~ deals 1 damage to each opponent"), bob=3, goal={"lethal": "bob"},
              attackers={"x": "bob"}, blockers={})
    for command in ("outcomes", "verify"):
        jsonschema.validate(commands.answer(command, s), schema.schema(command))
    kinds = {a["kind"] for o in pysolver.outcomes(s) for a in o["line"]["activations"]}
    assert kinds == {"ping", "ping_each"}
    assert move_text({"activate": AbilityActivation("after_attackers", "p", "ping", "bob").to_json()}) == \
        "activates p's damage ability at bob"


# --- the fast path (pysolver.game.fights) ------------------------------------------------------------

def test_fights_refuse_the_split_while_a_ping_can_be_paid() -> None:
    """A ping may target any fight's creature (115.4): while it can be paid after blockers the
    declaration is walked, not split; once its source is tapped (an attacker, 508.1f) the fights
    split. Both agree with the walk and the reference."""
    fighters = (creature("x", "alice", 2, 2), creature("z", "alice", 3, 3), creature("y", "bob", 2, 2),
                creature("w", "bob", 1, 4))
    combat = {"attackers": {"x": "bob", "z": "bob"}, "blockers": {"y": ["x"], "w": ["z"]}}
    live = board(*fighters, creature("t", "bob", 1, 1, PING), **combat)
    assert may_use_stack(live) and Blocks(live, (), Search(lambda p, m: iter(()))).outcomes(
        live.combat.blockers) is None
    # bob's ping at x or y changes nothing (they trade), at w kills it (1 + 3 = 4), at z marks 2, at t
    # kills t, at a player costs 1 life
    fought = (("w", 3), ("z", 1))
    assert results(live) == {(20, 20, ("x", "y"), fought), (20, 20, ("w", "x", "y"), (("z", 1),)),
                             (20, 20, ("x", "y"), (("w", 3), ("z", 2))), (20, 20, ("t", "x", "y"), fought),
                             (19, 20, ("x", "y"), fought), (20, 19, ("x", "y"), fought)}
    spent = board(*fighters, creature("t", "bob", 1, 1, PING, tapped=True), **combat)
    assert not may_use_stack(spent)
    assert results(spent) == {(20, 20, ("x", "y"), (("w", 3), ("z", 1)))}


# --- differential: generated boards against the reference ------------------------------------------

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]




@settings(max_examples=8, deadline=None, suppress_health_check=SLOW)
@given(pinger_boards("blockers"))
def test_pinger_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=SLOW)
@given(with_statics(pinger_boards("blockers")))
def test_pinger_outcomes_beside_static_abilities_equal_reference(data: dict) -> None:
    """120.3 with 611.3a and 704.3: a lord or anthem source killed by a damage ability stops pumping at once,
    and the repeated state-based check after the ability resolves kills what it no longer holds up."""
    outcomes_equal_reference(data)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(pinger_boards("blockers", tuple(SELF_DAMAGE_LINES)))
def test_pump_and_damage_to_you_outcomes_equal_reference(data: dict) -> None:
    """608.2c: "~ gets +X/+0 until end of turn and deals 1 damage to you" against the reference."""
    outcomes_equal_reference(data)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(pinger_boards("attackers"))
def test_pinger_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=3, deadline=None, suppress_health_check=SLOW)
@given(pinger_boards("none"))
def test_pinger_outcomes_of_whole_combat_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(pinger_boards("blockers"))
def test_pinger_verify_equals_minimax(data: dict) -> None:
    """verify against the literal stack of the minimax (responses, 608.2b, 704.5a, 603.10a)."""
    defender = data["players"][1]["name"]
    s = pysolver.load_data({**data, "goal": {"lethal": defender}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)
