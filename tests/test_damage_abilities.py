"""Activated abilities that deal damage, the forms beyond "~ deals N damage to <a target>" (120.3, 602;
pysolver.rules.pingers): one test per rule with hand-stated sets, then the solver against the brute-force
reference (tests/reference/pingers.py) on generated boards.
"""

from __future__ import annotations

import json

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, with_pingers

from pysolver.files.cards import oracle_lines
from pysolver.game import gametree as gt
from pysolver.model.moves import AbilityActivation, Pass
from pysolver.model.stage import Stage
from pysolver.model.values import IllegalMoveError

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


def results(s) -> set[tuple]:
    """(alice's life, bob's life, destroyed, damage) of each outcome, checked against the reference, the walk
    and count_outcomes (differential.agreed_outcomes)."""
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"]), tuple(sorted(o["damage"].items())))
            for o in map(json.loads, agreed_outcomes(s))}


def resolved(s, pid: str, target: str, kind: str = "ping", x: int | None = None) -> gt.Position:
    """The root of `s` after `pid`'s damage ability at `target` (with `x`, 107.3) and both players passing until
    it resolved (608.1, 117.4)."""
    p = gt.root(s).push(AbilityActivation("beginning_of_combat", pid, kind, target, x=x))
    while p.stack and p.stage == Stage.BEGINNING_OF_COMBAT:
        p = p.push(Pass(p.stage, p.name()))
    return p


# --- "… and M damage to you / to itself" (120.3, 115.10b) -------------------------------------------

@pytest.mark.parametrize("name, text, n, also, to", [
    ("Fireslinger", "{T}: Fireslinger deals 1 damage to target creature or player and 1 damage to you.", 1, 1, "you"),
    ("Goblin Artillery", "{T}: Goblin Artillery deals 2 damage to target creature or player and 3 damage to you.",
     2, 3, "you"),
    ("Psionic Entity", "{T}: Psionic Entity deals 2 damage to target creature or player and 3 damage to itself.",
     2, 3, "itself"),
    ("Reckless Embermage", "{1}{R}: Reckless Embermage deals 1 damage to target creature or player and 1 damage "
     "to itself.", 1, 1, "itself"),
    ("Reveka, Wizard Savant", "{T}: Reveka, Wizard Savant deals 2 damage to target creature or player and doesn't "
     "untap during your next untap step.", 2, 0, ""),
])
def test_120_3_real_lines_with_a_second_recipient(name, text, n, also, to) -> None:
    """The second recipient has no target (115.10b); "doesn't untap during your next untap step" acts in the
    untap step, outside this combat (502.3, 506.1)."""
    (line,), unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    (a,) = board(creature("x", "alice", 1, 1, line, name=name)).permanent("x").abilities
    assert (a.kind, a.value.target, a.value.damage, a.value.also_damage, a.value.also_to) == ("ping", "any", n,
                                                                                              also, to)


ARTILLERY = "{T}: ~ deals 2 damage to any target and 3 damage to you"
ENTITY = "{T}: ~ deals 2 damage to any target and 3 damage to itself"


def test_120_3_and_damage_to_you_is_one_event_with_lifelink() -> None:
    """Goblin Artillery with lifelink at bob: bob loses 2, alice loses 3 and gains 5 (702.15b: all the damage
    of the event); at alice herself: 2 + 3 = 5 dealt to her in one event, and she gains 5."""
    s = board(creature("g", "alice", 1, 4, ARTILLERY, "Lifelink"))
    after = resolved(s, "g", "bob").s
    assert (after.player("alice").life, after.player("bob").life) == (22, 18)
    after = resolved(s, "g", "alice").s
    assert (after.player("alice").life, after.player("bob").life) == (20, 20)


def test_120_3_and_damage_to_itself_704_5g_and_702_16e() -> None:
    """Psionic Entity (2/4) at bob: 3 damage marked on itself (120.3e); at itself: 5 in one event, lethal
    (704.5g). A red Entity with protection
    from red can't target itself (702.16b) and the damage to itself is prevented (702.16e)."""
    s = board(creature("e", "alice", 2, 4, ENTITY))
    assert resolved(s, "e", "bob").s.permanent("e").damage == 3
    assert resolved(s, "e", "e").s.permanent("e").left_battlefield
    red = board(creature("e", "alice", 2, 4, ENTITY, "Protection from red", colors=["red"]))
    after = resolved(red, "e", "bob").s
    assert (after.permanent("e").damage, after.player("bob").life) == (0, 18)


def test_120_3_an_artillery_beside_an_attack() -> None:
    """alice's unblocked 3/3 x attacks bob beside alice's Goblin Artillery g (1/4, summoning sick, so it can't
    pay {T}, 302.6) and bob's b (4/4): bob may fire his (3 damage to himself each time) at x (2 marked, it
    survives), at alice, at himself (5 in one event), at g or at b, or not at all; x deals 3 to bob."""
    s = board(creature("x", "alice", 3, 3), creature("g", "alice", 1, 4, ARTILLERY, summoning_sick=True),
              creature("b", "bob", 4, 4, ARTILLERY), attackers={"x": "bob"}, blockers={})
    assert results(s) == {(20, 17, (), ()), (20, 14, (), (("x", 2),)), (18, 14, (), ()), (20, 12, (), ()),
                          (20, 14, (), (("g", 2),)), (20, 14, (), (("b", 2),))}


# --- "target opponent" (115.1, 102.2), "each creature with flying" (no target, 608.2h) ----------------

@pytest.mark.parametrize("name, text, kind, target, n", [
    ("Zealot of the God-Pharaoh", "{4}{R}: Zealot of the God-Pharaoh deals 2 damage to target opponent.", "ping",
     "opponent", 2),
    ("Scattershot Archer", "{T}: Scattershot Archer deals 1 damage to each creature with flying.", "ping_each",
     "each_creature_with_flying", 1),
])
def test_120_3_real_lines_opponent_and_fliers(name, text, kind, target, n) -> None:
    (line,), unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    (a,) = board(creature("x", "alice", 1, 1, line, name=name)).permanent("x").abilities
    assert (a.kind, a.value.target, a.value.damage) == (kind, target, n)


def test_115_1_target_opponent_is_only_the_other_player() -> None:
    """"Target opponent": a player other than the ability's controller (102.2) — no creature, not alice."""
    s = board(creature("z", "alice", 1, 1, "{T}: ~ deals 2 damage to target opponent"), creature("y", "bob"))
    moves = [m for m in gt.root(s).legal_moves if isinstance(m, AbilityActivation)]
    assert [m.target for m in moves] == ["bob"]
    assert resolved(s, "z", "bob").s.player("bob").life == 18


ARCHER = "{T}: ~ deals 1 damage to each creature with flying"
BRIGID = "{T}: ~ deals 2 damage to each attacking or blocking creature target player controls"


def test_115_1_608_2h_each_attacking_or_blocking_creature_target_player_controls() -> None:
    """Brigid (bob's, after blocks) targets a player (115.1): at alice, 2 to each of her creatures in combat — the
    blocked x and the unblocked hexproof h (not targeted: 702.11b), not her idle w; at bob, 2 to his blocker y."""
    (line,), unmodelled = oracle_lines("Brigid, Hero of Kinsbaile", "{T}: Brigid, Hero of Kinsbaile deals 2 damage "
                                       "to each attacking or blocking creature target player controls.")
    assert unmodelled == ()
    s = board(creature("x", "alice", 2, 3), creature("h", "alice", 2, 3, "Hexproof"), creature("w", "alice", 2, 3),
              creature("b", "bob", 1, 1, line, name="Brigid, Hero of Kinsbaile"), creature("y", "bob", 1, 3),
              attackers={"x": "bob", "h": "bob"}, blockers={"y": ["x"]})
    p = gt.Position(Stage.AFTER_BLOCKERS, s, gt.DEFENCE)
    assert sorted(m.target for m in p.legal_moves if isinstance(m, AbilityActivation)) == ["alice", "bob"]
    for target, want in (("alice", [2, 2, 0, 0, 0]), ("bob", [0, 0, 0, 0, 2])):
        q = p.push(AbilityActivation("after_blockers", "b", "ping", target))
        while q.stack:
            q = q.push(Pass(q.stage, q.name()))
        assert [x.damage for x in q.s.permanents] == want, target


def test_120_3_each_creature_with_flying() -> None:
    """Scattershot Archer: 1 damage to each creature with flying as it resolves (no target, 608.2h), both
    players' (its own too)."""
    s = board(creature("f", "alice", 1, 1, "Flying"), creature("g", "bob", 2, 2, "Flying"),
              creature("a", "alice", 1, 2, ARCHER, "Flying"), creature("n", "bob", 2, 2))
    after = resolved(s, "a", "", "ping_each").s
    assert after.permanent("f").left_battlefield and not after.permanent("a").left_battlefield
    assert [(p.id, p.damage) for p in after.permanents] == [("f", 1), ("g", 1), ("a", 1), ("n", 0)]


# --- "damage equal to its power" (608.2h), "That creature deals damage equal to its power to ~" -------

@pytest.mark.parametrize("name, text, target, back", [
    ("Cinder Shade", "{R}, Sacrifice Cinder Shade: Cinder Shade deals damage equal to its power to target creature.",
     "creature", False),
    ("Hellhole Flailer", "{2}{B}{R}, Sacrifice Hellhole Flailer: Hellhole Flailer deals damage equal to its power to "
     "target player.", "player", False),
    ("Karplusan Yeti", "{T}: Karplusan Yeti deals damage equal to its power to target creature. That creature deals "
     "damage equal to its power to Karplusan Yeti.", "creature", True),
])
def test_608_2h_real_lines_damage_equal_to_power(name, text, target, back) -> None:
    (line,), unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    (a,) = board(creature("x", "alice", 1, 1, line, name=name)).permanent("x").abilities
    assert (a.kind, a.value.target, a.value.power_damage, a.value.damage_back) == ("ping", target, True, back)


SHADE = "Sacrifice ~: ~ deals damage equal to its power to target creature"
YETI = "{T}: ~ deals damage equal to its power to target creature. That creature deals damage equal to its power to ~"


def test_122_1a_damage_equal_to_the_number_of_plus_counters() -> None:
    """Falkenrath Exterminator (2/2 with two +1/+1 counters) deals 2 to bob's 3/3 (608.2h, 122.1a)."""
    (line,), unmodelled = oracle_lines("Falkenrath Exterminator", "{2}{R}: Falkenrath Exterminator deals damage to "
                                       "target creature equal to the number of +1/+1 counters on Falkenrath "
                                       "Exterminator.")
    assert unmodelled == ()
    s = board(creature("f", "alice", 2, 2, line, name="Falkenrath Exterminator", counters={"+1/+1": 2}),
              creature("y", "bob", 3, 3), mana="{2}{R}")
    assert resolved(s, "f", "y").s.permanent("y").damage == 2


def test_608_2h_113_7a_a_sacrificed_source_deals_its_power_as_it_last_existed() -> None:
    """A 3/1 Shade pumped to 4/1 (+1/+0 until end of turn, 613.4c) and sacrificed (701.21a) deals 4 to bob's 4/4
    (its power as it last existed, 113.7a), lethal (704.5g)."""
    s = board(creature("c", "alice", 3, 1, SHADE, until_end_of_turn="+1/+0"), creature("y", "bob", 4, 4))
    after = resolved(s, "c", "y").s
    assert after.permanent("c").left_battlefield and after.permanent("y").left_battlefield


def test_608_2h_the_power_as_it_resolves_and_107_1b_never_below_0() -> None:
    """The Yeti (4/4) at bob's 2/3: 4 to it, then it deals its 2 to the Yeti (608.2c: in order, before
    state-based actions); with wither the Yeti puts four -1/-1 counters on it first (120.3d), so its power is -2
    and it deals 0 (107.1b)."""
    s = board(creature("t", "alice", 4, 4, YETI), creature("y", "bob", 2, 3))
    after = resolved(s, "t", "y").s
    assert (after.permanent("t").damage, after.permanent("y").left_battlefield) == (2, True)
    wither = board(creature("t", "alice", 4, 4, YETI, "Wither"), creature("y", "bob", 2, 3))
    after = resolved(wither, "t", "y").s
    assert (after.permanent("t").damage, after.permanent("y").minus_counters) == (0, 4)


# --- riders: "Tap that creature" (701.26a), "That creature can't block this combat" (509.1b), "Activate only
# if ~ is attacking" (602.5) --------------------------------------------------------------------------

@pytest.mark.parametrize("name, text, tap, cant_block, attacking", [
    ("Stun Sniper", "{1}, {T}: Stun Sniper deals 1 damage to target creature. Tap that creature.", True, False, False),
    ("Forgestoker Dragon", "{1}{R}: Forgestoker Dragon deals 1 damage to target creature. That creature can't block "
     "this combat. Activate this ability only if Forgestoker Dragon is attacking.", False, True, True),
    ("Abyssal Hunter", "{B}, {T}: Tap target creature. Abyssal Hunter deals damage equal to Abyssal Hunter's power to "
     "that creature.", True, False, False),
])
def test_602_5_real_lines_with_riders(name, text, tap, cant_block, attacking) -> None:
    (line,), unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    (a,) = board(creature("x", "alice", 1, 1, line, name=name)).permanent("x").abilities
    assert (a.kind, a.value.then_tap, a.value.then_cant_block, a.value.while_attacking) == ("ping", tap, cant_block,
                                                                                          attacking)


SNIPER = "{1}, {T}: ~ deals 1 damage to target creature. Tap that creature"
HUNTER = "{B}, {T}: Tap target creature. ~ deals damage equal to ~'s power to that creature"
FORGESTOKER = "{1}: ~ deals 1 damage to target creature. That creature can't block this combat. Activate only if ~ " \
              "is attacking"


def test_701_26a_tap_that_creature_before_blocks() -> None:
    """alice's 2/2 x attacks bob; her Sniper s shoots bob's 2/2 y before blocks: 1 marked and tapped, so it can't
    block (509.1a)."""
    s = board(creature("x", "alice", 2, 2), creature("s", "alice", 1, 1, SNIPER), creature("y", "bob", 2, 2),
              mana="{1}", attackers={"x": "bob"})
    p = gt.Position(Stage.AFTER_ATTACKERS, s, gt.ACTIVE).push(AbilityActivation("after_attackers", "s", "ping", "y"))
    while p.stack:
        p = p.push(Pass(p.stage, p.name()))
    assert (p.s.permanent("y").tapped, p.s.permanent("y").damage, p.s.permanent("s").tapped) == (True, 1, True)


def test_701_26a_tap_target_creature_then_damage_equal_to_power() -> None:
    """Abyssal Hunter (3/3) at bob's 2/4: tapped (701.26a) and dealt 3 (608.2h)."""
    s = board(creature("h", "alice", 3, 3, HUNTER), creature("y", "bob", 2, 4), mana="{B}")
    after = resolved(s, "h", "y").s
    assert (after.permanent("y").tapped, after.permanent("y").damage) == (True, 3)


def test_602_5_only_if_its_power_is_4_or_greater() -> None:
    """Bloodshot Trainee (2/3): no activation at power 2 (602.5); with +2/+0 until end of turn (613.4c) its power
    is 4: it deals 4."""
    (line,), unmodelled = oracle_lines("Bloodshot Trainee", "{T}: Bloodshot Trainee deals 4 damage to target "
                                       "creature. Activate this ability only if Bloodshot Trainee's power is 4 or "
                                       "greater.")
    assert unmodelled == ()
    trainee = creature("t", "alice", 2, 3, line, name="Bloodshot Trainee")
    weak = board(trainee, creature("y", "bob", 4, 4))
    assert not [m for m in gt.root(weak).legal_moves if isinstance(m, AbilityActivation)]
    pumped = board({**trainee, "until_end_of_turn": "+2/+0"}, creature("y", "bob", 4, 4))
    assert resolved(pumped, "t", "y").s.permanent("y").left_battlefield


def test_105_2_radiance_each_other_creature_that_shares_a_color() -> None:
    """Wojek Embermage at bob's red-green y: 1 to it and to each other creature that shares a color with it as it
    resolves (105.2, 608.2h; not targeted): alice's red x and bob's green hexproof g, not the white w."""
    (line,), unmodelled = oracle_lines("Wojek Embermage", "Radiance — {T}: Wojek Embermage deals 1 damage to target "
                                       "creature and each other creature that shares a color with it.")
    assert unmodelled == ()
    s = board(creature("e", "alice", 1, 2, line, name="Wojek Embermage", colors=["white"]),
              creature("x", "alice", 2, 2, colors=["red"]), creature("y", "bob", 2, 2, colors=["red", "green"]),
              creature("g", "bob", 2, 2, "Hexproof", colors=["green"]), creature("w", "bob", 2, 2, colors=["white"]))
    after = resolved(s, "e", "y").s
    assert [p.damage for p in after.permanents] == [0, 1, 1, 1, 0]


def test_602_5_only_in_the_declare_attackers_step_if_attacked() -> None:
    """Kongming's Contraptions (bob's): only after attackers are declared and before blockers are, and only if a
    creature attacks bob (602.5, 508.1)."""
    (line,), unmodelled = oracle_lines("Kongming's Contraptions", "{T}: Kongming's Contraptions deals 2 damage to "
                                       "target attacking creature. Activate this ability only during the declare "
                                       "attackers step and only if you've been attacked this step.")
    assert unmodelled == ()
    kongming = creature("k", "bob", 0, 4, line, name="Kongming's Contraptions")

    def targets(stage: Stage, **combat) -> list[str]:
        s = board(creature("x", "alice", 2, 2), kongming, **combat)
        return [m.target for m in gt.Position(stage, s, gt.DEFENCE).legal_moves if isinstance(m, AbilityActivation)]
    assert targets(Stage.AFTER_ATTACKERS, attackers={"x": "bob"}) == ["x"]
    assert targets(Stage.AFTER_BLOCKERS, attackers={"x": "bob"}, blockers={}) == []


def test_602_5_only_while_attacking_and_509_1b_cant_block_this_combat() -> None:
    """Forgestoker: no activation before it attacks (602.5); attacking, it deals 1 to bob's 3/3 y, which then
    can't block this combat (509.1b)."""
    idle = board(creature("f", "alice", 4, 4, FORGESTOKER), creature("y", "bob", 3, 3), mana="{1}")
    assert not [m for m in gt.root(idle).legal_moves if isinstance(m, AbilityActivation)]
    s = board(creature("f", "alice", 4, 4, FORGESTOKER), creature("y", "bob", 3, 3), mana="{1}",
              attackers={"f": "bob"})
    p = gt.Position(Stage.AFTER_ATTACKERS, s, gt.ACTIVE).push(AbilityActivation("after_attackers", "f", "ping", "y"))
    while p.stack:
        p = p.push(Pass(p.stage, p.name()))
    assert (p.s.permanent("y").damage, p.s.permanent("y").cant_block_this_turn) == (1, True)


# --- "{X}…: ~ deals X damage" (107.3, 601.2b) ----------------------------------------------------------

@pytest.mark.parametrize("name, text, x, cost", [
    ("Ballista Squad", "{X}{W}, {T}: Ballista Squad deals X damage to target attacking or blocking creature.", "any",
     "{W}"),
    ("Cinder Elemental", "{X}{R}, {T}, Sacrifice Cinder Elemental: Cinder Elemental deals X damage to target "
     "creature or player.", "any", "{R}"),
    ("Silklash Spider", "{X}{G}{G}: Silklash Spider deals X damage to each creature with flying.", "any", "{G}{G}"),
    ("Crypt Rats", "{X}: Crypt Rats deals X damage to each creature and each player. Spend only black mana on X.", "B",
     ""),
])
def test_107_3_real_lines_with_x(name, text, x, cost) -> None:
    (line,), unmodelled = oracle_lines(name, text)
    assert unmodelled == ()
    (a,) = board(creature("r", "alice", 1, 1, line, name=name)).permanent("r").abilities
    assert (a.value.x, str(a.value.cost) if a.value.cost.total else "") == (x, cost)


BALLISTA = "{X}{W}, {T}: ~ deals X damage to target attacking or blocking creature"
RATS = "{X}: ~ deals X damage to each creature and each player. Spend only black mana on X"
ELEMENTAL = "{X}{R}, Sacrifice ~: ~ deals X damage to any target"


def test_107_3_x_is_chosen_as_it_is_activated_and_paid() -> None:
    """Ballista Squad with {W}{1}{1} against alice's attacking 3/3 x: X is 1 or 2 (601.2b, 601.2f: {W} and X from
    the pool); X = 2 deals 2. Crypt Rats with {B}{R}: X only 1 ("spend only black mana on X"); no X = 0 (it would
    only spend mana, 120.8). Cinder Elemental with {R}: X = 0 sacrifices it for no damage (701.21a); an X its
    controller can't pay is illegal (107.3)."""
    s = board(creature("x", "alice", 3, 3), creature("b", "bob", 1, 1, BALLISTA), attackers={"x": "bob"},
              players=[{"name": "alice"}, {"name": "bob", "mana": "{W}{1}{1}"}])
    p = gt.Position(Stage.AFTER_ATTACKERS, s, gt.DEFENCE)
    assert sorted(m.x for m in p.legal_moves if isinstance(m, AbilityActivation)) == [1, 2]
    p = p.push(AbilityActivation("after_attackers", "b", "ping", "x", x=2))
    while p.stack:
        p = p.push(Pass(p.stage, p.name()))
    assert p.s.permanent("x").damage == 2
    rats = board(creature("r", "alice", 1, 3, RATS), creature("y", "bob", 2, 2), mana="{B}{R}")
    assert [m.x for m in gt.root(rats).legal_moves if isinstance(m, AbilityActivation)] == [1]
    after = resolved(rats, "r", "", "ping_each", x=1).s
    assert ([q.damage for q in after.permanents], [pl.life for pl in after.players]) == ([1, 1], [19, 19])
    elemental = board(creature("e", "alice", 1, 1, ELEMENTAL), creature("y", "bob", 2, 2), mana="{R}")
    assert {(m.target, m.x) for m in gt.root(elemental).legal_moves if isinstance(m, AbilityActivation)} == {
        ("alice", 0), ("bob", 0), ("e", 0), ("y", 0)}
    with pytest.raises(IllegalMoveError, match="107.3"):
        gt.root(elemental).push(AbilityActivation("beginning_of_combat", "e", "ping", "y", x=1))


# --- differential: generated boards against the reference ------------------------------------------

DAMAGE_LINES = (ARTILLERY, ENTITY, "{1}: ~ deals 1 damage to target creature and 1 damage to itself",
                "Sacrifice ~: ~ deals 1 damage to any target and 1 damage to you",
                "{1}: ~ deals 2 damage to target opponent", ARCHER, SHADE, YETI,
                "{R}: ~ deals damage equal to its power to any target", SNIPER, FORGESTOKER,
                "{T}: Tap target creature. ~ deals damage equal to ~'s power to that creature", BALLISTA, ELEMENTAL,
                "{X}: ~ deals X damage to each creature with flying",
                "{1}: ~ deals damage to target creature equal to the number of +1/+1 counters on ~",
                "{T}: ~ deals 2 damage to target creature. Activate only if ~'s power is 3 or greater", BRIGID,
                "{T}: ~ deals 1 damage to target creature and each other creature that shares a color with it",
                "{T}: ~ deals 2 damage to target attacking creature. Activate only during the declare attackers step "
                "and only if you've been attacked this step")


def damage_boards(stage: str):  # type: ignore[no-untyped-def]
    """tests/combat_boards.py `outcome_boards(stage)` with these damage abilities, small enough for the
    reference."""
    from combat_boards import assignment_bound, outcome_boards
    limit = {"blockers": 200, "attackers": 60}[stage]
    return outcome_boards(stage).flatmap(lambda d: with_pingers(d, DAMAGE_LINES)).filter(
        lambda d: assignment_bound(d) <= limit)


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(damage_boards("blockers"))
def test_damage_abilities_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(1), deadline=None, suppress_health_check=SLOW)
@given(damage_boards("attackers"))
def test_damage_abilities_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)
