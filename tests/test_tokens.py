"""Creature tokens created during the combat (111.1-111.4, 110.5b, 302.6; pysolver.rules.tokens): each rule with
a hand-stated set of results, the real cards' lines, and the brute-force reference (tests/reference/tokens.py)
on generated boards."""

from __future__ import annotations

import json
from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import verify_equals_minimax
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.errors import InputError
from pysolver.game.outcomes import outcome_values
from pysolver.model import Permanent
from pysolver.model.abilities import parse_ability_line
from pysolver.rules.costs import times_paid
from pysolver.rules.tokens import created, enters_tapped, spec_of


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
    ("Dragon Egg", "When Dragon Egg dies, create a 2/2 red Dragon creature token with flying and \"{R}: This "
     "creature gets +1/+0 until end of turn.\"", "dies_create(1)",
     ("Dragon Token", 2, 2, ("red",), ("Dragon",), ("flying", "pump"))),
    ("Tuktuk the Explorer", "When Tuktuk the Explorer dies, create a legendary 5/5 colorless Goblin Golem artifact "
     "creature token named Tuktuk the Returned.", "dies_create(1)",
     ("Tuktuk the Returned", 5, 5, (), ("Goblin", "Golem"), ())),
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
    "When ~ dies, create an X/X green Elemental creature token, where X is the number of creature cards in your "
    "graveyard",
    "When ~ dies, create a 1/1 colorless Eldrazi Scion creature token. It has \"Sacrifice this creature: Add {C}.\"",
])
def test_111_3_tokens_not_read(line: str) -> None:
    """Copies (707), an X, abilities other than keywords, pumps and death tokens: not read (noted)."""
    with pytest.raises(ValueError):
        parse_ability_line(line, "x")


def test_111_7_a_token_that_dies_is_destroyed_and_no_card() -> None:
    """111.1, 111.7, 404.1, 604.3: y's power is the number of creature cards in all graveyards. x kills bob's 1/1
    blocker d in the first-strike step (one creature card: y deals 1), which creates a 1/1 Spirit token
    (d/spirit1); in the window before the regular step alice's pinger may kill it (listed destroyed, 704.5d: it
    ceases to exist; it adds no card: bob 19), kill p, her own creature card (y deals 2: bob 18), or ping anything
    else, or nothing (pinging d before damage changes nothing: x stays blocked, 509.1h)."""
    y = {"id": "y", "controller": "alice", "toughness": 3,
         "abilities": ["This creature's power is equal to the number of creature cards in all graveyards"]}
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("p", "alice", 1, 1, PING), y,
              creature("d", "bob", 1, 1, "When ~ dies, create a 1/1 white Spirit creature token"),
              players=[{"name": n, "graveyard": 0, "graveyard_creatures": 0} for n in ("alice", "bob")],
              attackers={"x": "bob", "y": "bob"}, blockers={"d": ["x"]})
    assert results(s) == {(20, 19, ("d",), ()), (19, 19, ("d",), ()), (20, 18, ("d",), ()),
                          (20, 19, ("d", "d/spirit1"), ()), (20, 18, ("d", "p"), ()), (20, 19, ("d",), (("x", 1),)),
                          (20, 19, ("d",), (("y", 1),))}


def test_111_1_equal_tokens_are_one_outcome() -> None:
    """111.1, docs/results.md: three equal Saproling tokens; pinging one of them is one outcome, its token named
    d/saproling1 whichever was pinged."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("p", "alice", 1, 1, PING),
              creature("d", "bob", 1, 1, "When ~ dies, create three 1/1 green Saproling creature tokens"),
              attackers={"x": "bob"}, blockers={"d": ["x"]})
    found = results(s)
    assert (20, 20, ("d", "d/saproling1"), ()) in found and len(found) == 6


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


EGG = ("When ~ dies, create a 2/2 red Dragon creature token with flying and \"{R}: This creature gets +1/+0 until end "
       "of turn.\"")
TUKTUK = ("When ~ dies, create a legendary 5/5 colorless Goblin Golem artifact creature token named Tuktuk the "
          "Returned")


def test_111_3_a_token_made_in_combat_has_its_pump() -> None:
    """111.3, 602.2, 613.4c: Dragon Egg (0/2 defender) dies to alice's first striker; its Dragon token (d/dragon1,
    2/2 flying) has "{R}: This creature gets +1/+0 until end of turn", an activated pump like any other, which bob
    may activate in the window after the first-strike step; the Dragon is in no fight (506.4), so the one result is
    the Egg destroyed."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("d", "bob", 0, 2, EGG, "Defender"),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{R}"}], attackers={"x": "bob"},
              blockers={"d": ["x"]})
    assert results(s) == {(20, 20, ("d",), ())}
    dragon = created(s, "d", spec_of(s.permanent("d"), 0), "bob").permanent("d/dragon1")
    assert [(a.kind, a.term) for a in dragon.abilities] == [("flying", "flying"), ("pump", "pump(1,0)")]


def test_111_1_a_creature_token_leaving_and_a_counter_removed_for_tokens() -> None:
    """111.1, 603.10a, 122.1a, 118.3: Twilight Drover's "Whenever a creature token leaves the battlefield, put a +1/+1
    counter on ~" and "{2}{W}, Remove a +1/+1 counter from ~: Create two 1/1 white Spirit creature tokens with
    flying". Bob's token t dies to alice's first striker, so her 1/1 Drover v becomes 2/2 and survives bob's 1/1 u in
    the regular step (damage 1) — unless she pays {2}{W} and removes the counter first (two Spirits, v dies)."""
    drover = ("Whenever a creature token leaves the battlefield, put a +1/+1 counter on ~",
              "{2}{W}, Remove a +1/+1 counter from ~: Create two 1/1 white Spirit creature tokens with flying")
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("v", "alice", 1, 1, *drover),
              creature("t", "bob", 1, 1, token=True), creature("u", "bob", 1, 1), mana="{2}{W}",
              attackers={"x": "bob", "v": "bob"}, blockers={"t": ["x"], "u": ["v"]})
    assert results(s) == {(20, 20, ("t", "u"), (("v", 1),)), (20, 20, ("t", "u", "v"), ())}


def test_605_1a_a_mana_ability_beside_a_token_pump_is_refused() -> None:
    """605.1a, 106.4, 602.2b: the mana of bob's "{T}: Add {R}" could pay for his Dragon token's pump; that mana is not
    modelled: refused."""
    with pytest.raises(InputError, match="token it may create"):
        board(creature("m", "bob", 1, 1, "{T}: Add {R}"), creature("d", "bob", 0, 2, EGG))


def test_704_5j_a_second_legendary_token_of_one_name_is_refused() -> None:
    """205.4d, 704.5j: Tuktuk the Explorer dying makes the legendary Tuktuk the Returned (5/5 artifact Goblin Golem);
    one is modelled, but two Tuktuks of bob's dying in one step would leave bob two legendary permanents of one
    name, and the legend rule's choice is not modelled: refused, naming the rule."""
    one = board(creature("x", "alice", 5, 5, "First strike"), creature("t", "bob", 2, 2, TUKTUK),
                creature("u", "bob", 2, 2, TUKTUK), attackers={"x": "bob"}, blockers={"t": ["x"]})
    assert results(one) == {(20, 20, ("t",), ())}
    two = board(creature("x", "alice", 5, 5, "First strike"), creature("y", "alice", 5, 5, "First strike"),
                creature("t", "bob", 2, 2, TUKTUK), creature("u", "bob", 2, 2, TUKTUK),
                attackers={"x": "bob", "y": "bob"}, blockers={"t": ["x"], "u": ["y"]})
    with pytest.raises(InputError, match="704.5j"):
        results(two)


def test_603_6a_an_enters_watcher_beside_a_token_maker_is_refused() -> None:
    """603.6a: a token entering triggers "whenever another creature enters": not modelled, refused."""
    with pytest.raises(InputError, match="creates tokens"):
        board(creature("w", "alice", 1, 1, "Whenever another creature enters the battlefield, you gain 1 life"),
              creature("d", "bob", 1, 1, "When ~ dies, create a 2/2 black Zombie creature token"))


DEATH_LINES = ("When ~ dies, create a 1/1 white Spirit creature token with flying", EGG,
               "Whenever a creature token leaves the battlefield, put a +1/+1 counter on ~",
               "When ~ dies, create two 1/1 green Saproling creature tokens",
               "Whenever another creature dies, this creature deals 1 damage to any target",
               "When ~ dies, it deals 1 damage to target creature or player", "First strike")


@settings(max_examples=examples(2), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, DEATH_LINES)))
def test_111_1_death_tokens_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


@settings(max_examples=examples(1), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, DEATH_LINES)), st.booleans())
def test_111_1_death_tokens_verify_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    verify_equals_minimax(data, lethal)


# ---- activated abilities that create tokens (602.2, 111.1) ----------------------------------------------

@pytest.mark.parametrize(("name", "line", "cost", "tap", "sacrifice", "made"), [
    ("Selesnya Guildmage", "{3}{G}: Create a 1/1 green Saproling creature token.", "{3}{G}", False, False,
     ("Saproling Token", 1, 1, ("green",), ())),
    ("Rakka Mar", "{R}, {T}: Create a 3/1 red Elemental creature token with haste.", "{R}", True, False,
     ("Elemental Token", 3, 1, ("red",), ("haste",))),
    ("Boris Devilboon", "{2}{B}{R}, {T}: Create a 1/1 black and red Demon creature token named Minor Demon.",
     "{2}{B}{R}", True, False, ("Minor Demon", 1, 1, ("black", "red"), ())),
    ("Centaur's Herald", "{2}{G}, Sacrifice Centaur's Herald: Create a 3/3 green Centaur creature token.", "{2}{G}",
     False, True, ("Centaur Token", 3, 3, ("green",), ())),
    ("Puppet Conjurer", "{U}, {T}: Create a 0/1 blue Homunculus artifact creature token.", "{U}", True, False,
     ("Homunculus Token", 0, 1, ("blue",), ())),
    ("Oketra the True", "{3}{W}: Create a 1/1 white Warrior creature token with vigilance.", "{3}{W}", False, False,
     ("Warrior Token", 1, 1, ("white",), ("vigilance",))),
    ("Rakdos Guildmage", "{3}{R}: Create a 2/1 red Goblin creature token with haste. Exile it at the beginning of "
     "the next end step.", "{3}{R}", False, False, ("Goblin Token", 2, 1, ("red",), ("haste",))),
])
def test_602_1_real_token_abilities_parse(name: str, line: str, cost: str, tap: bool, sacrifice: bool,
                                          made: tuple[Any, ...]) -> None:
    """602.1a: the cost (mana, {T}, "sacrifice ~"); 111.3: the tokens' characteristics (513.1: "exile it at the
    beginning of the next end step" acts after the combat)."""
    a, = parse_ability_line(line, name)
    ab = a.value
    spec = ab.token  # type: ignore[attr-defined]
    assert (a.kind, str(ab.cost), ab.tap, ab.sacrifice) == ("create", cost, tap, sacrifice)  # type: ignore[attr-defined]
    assert (spec.name, spec.power, spec.toughness, spec.colors, tuple(x.kind for x in spec.abilities)) == made


def test_509_1a_a_token_created_before_blockers_may_block() -> None:
    """509.1a, 302.6: bob's {3}{G} Saproling (summoning sick) may block alice's 3/3 alone, beside the Guildmage,
    or not at all: the outcomes of the Guildmage alone, and those with the Saproling dying (704.5g)."""
    s = board(creature("x", "alice", 3, 3), creature("g", "bob", 1, 1, "{3}{G}: Create a 1/1 green Saproling "
                                                     "creature token"),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{3}{G}"}], attackers={"x": "bob"})
    assert results(s) == {(20, 17, (), ()), (20, 20, ("g",), (("x", 1),)), (20, 20, ("g/saproling1",), (("x", 1),)),
                          (20, 20, ("g/saproling1",), (("x", 2),)), (20, 20, ("g",), (("x", 2),)),
                          (20, 20, ("g", "g/saproling1"), (("x", 2),))}


def test_701_9_a_token_ability_with_a_discard_cost() -> None:
    """Icatian Crier: "{1}{W}, {T}, Discard a card: Create two 1/1 white Citizen creature tokens" (701.9, 111.1):
    with a card in hand bob makes them before blocks and a Citizen may block alice's 3/3 and die (509.1a,
    704.5g); with none he can't pay (402.1). The reference agrees."""
    crier = creature("c", "bob", 1, 1, "{1}{W}, {T}, Discard a card: Create two 1/1 white Citizen creature tokens.",
                     name="Icatian Crier")
    data = {"players": [{"name": "alice"}, {"name": "bob", "mana": "{1}{W}", "hand": 1}], "active": "alice",
            "permanents": [creature("x", "alice", 3, 3), crier], "combat": {"attackers": {"x": "bob"}}}
    s = pysolver.load_data(data)
    got = {canonical(o.to_json()) for o in outcome_values(s)}
    assert got == {canonical(o) for o in reference_outcomes(s)}
    assert {("c/citizen1",), ("c/citizen1", "c/citizen2")} <= {tuple(json.loads(o)["destroyed"]) for o in got}
    data["players"][1]["hand"] = 0
    none = pysolver.load_data(data)
    assert times_paid(none, none.permanent("c"), none.permanent("c").combat_abilities()[0][1].extra) == 0


def test_614_1c_a_token_an_opponent_creates_enters_tapped_and_cant_block() -> None:
    """614.1c: with alice's Kinjalli's Sunwing ("Creatures your opponents control enter the battlefield tapped")
    bob's Saproling enters tapped and can't block (509.1a): only the Guildmage's outcomes are left (the reference's
    too). Manglehorn's artifacts leave the (green, no artifact) Saproling untapped, a Servo (an artifact) not."""
    guildmage = creature("g", "bob", 1, 1, "{3}{G}: Create a 1/1 green Saproling creature token")
    bob = [{"name": "alice"}, {"name": "bob", "mana": "{3}{G}"}]
    sunwing = creature("k", "alice", 2, 3, "Flying", "Creatures your opponents control enter the battlefield tapped.",
                       name="Kinjalli's Sunwing")
    data = {"players": bob, "active": "alice", "permanents": [creature("x", "alice", 3, 3), guildmage, sunwing],
            "combat": {"attackers": {"x": "bob"}}}
    compare(data)
    assert {(json.loads(o)["life"]["bob"], tuple(json.loads(o)["destroyed"]))
            for o in map(canonical, reference_outcomes(pysolver.load_data(data)))} == {(17, ()), (20, ("g",))}
    horn = board(creature("m", "alice", 6, 6, "Artifacts your opponents control enter the battlefield tapped."),
                 guildmage)
    servo = Permanent("t", "bob", types=("Artifact", "Creature"), power=1, toughness=1)
    assert (enters_tapped(horn, Permanent("t", "bob", power=1, toughness=1)), enters_tapped(horn, servo)) == (
        False, True)


def test_302_6_a_token_with_haste_made_before_attackers_may_attack() -> None:
    """302.6, 702.10b: alice's {R}, {T} 3/1 Elemental with haste, made at the beginning of combat, may attack
    (bob 20 - 3); Rakka Mar, tapped for it, can't (508.1a)."""
    s = board(creature("r", "alice", 2, 2, "{R}, {T}: Create a 3/1 red Elemental creature token with haste"),
              mana="{R}")
    assert {o["life"]["bob"] for o in pysolver.outcomes(s)} == {20, 18, 17}


def test_701_21a_a_sacrificed_source_is_destroyed() -> None:
    """701.21a: sacrificing the Herald (a cost) destroys it; its 3/3 Centaur may block alice's 2/2 and kill it; the
    Herald blocking and then sacrificed leaves the attacker blocked (509.1h), its Centaur in no fight."""
    s = board(creature("x", "alice", 2, 2), creature("h", "bob", 1, 1, "{G}, Sacrifice ~: Create a 3/3 green "
                                                     "Centaur creature token"),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{G}"}], attackers={"x": "bob"})
    assert results(s) == {(20, 18, (), ()), (20, 20, ("h",), (("x", 1),)), (20, 18, ("h",), ()),
                          (20, 20, ("h", "x"), (("h/centaur1", 2),)), (20, 20, ("h",), ())}


def test_701_21a_a_sacrifice_beside_a_death_trigger_is_refused() -> None:
    """603.3: the death trigger would resolve before the tokens exist: refused."""
    with pytest.raises(InputError, match="resolves before the tokens"):
        board(creature("h", "bob", 1, 1, "{G}, Sacrifice ~: Create a 3/3 green Centaur creature token",
                       "When ~ dies, you gain 1 life"))


def test_704_3_a_sacrifice_that_may_kill_a_creature_with_a_death_trigger_is_refused() -> None:
    """611.3a, 704.3: the sacrificed lord's +1/+1 gone, the 1/0 dies before the ability resolves; its death
    trigger goes on the stack above it (603.3) and resolves before the tokens exist: refused."""
    with pytest.raises(InputError, match=r"permanents\[1\].*resolves before the tokens"):
        board(creature("h", "bob", 1, 1, "{G}, Sacrifice ~: Create a 3/3 green Centaur creature token",
                       "Other creatures you control get +1/+1"),
              creature("d", "bob", 1, 0, "When ~ dies, it deals 1 damage to any target"))


ACTIVATED_LINES = ("{2}: Create a 1/1 green Saproling creature token", "{T}: Create a 1/1 white Soldier creature token",
                   "{1}, Sacrifice ~: Create a 2/2 black Zombie creature token",
                   "{R}, {T}: Create a 3/1 red Elemental creature token with haste", "Flying",
                   "Creatures your opponents control enter the battlefield tapped")  # 614.1c


@settings(max_examples=examples(1), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, ACTIVATED_LINES)))
def test_111_1_activated_tokens_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


# ---- attack and block triggers that create tokens (508.3a, 509.3a, 508.4, 111.1) ---------------------------

HERO = "Whenever ~ attacks, create two 1/1 white Soldier creature tokens that are tapped and attacking"
JEDIT = "Whenever ~ attacks or blocks, create a 2/2 green Cat Warrior creature token with forestwalk"


@pytest.mark.parametrize(("name", "line", "terms"), [
    ("Hero of Bladehold", "Whenever Hero of Bladehold attacks, create two 1/1 white Soldier creature tokens that are "
     "tapped and attacking.", ["on_attack(attacks,controller,create(2))"]),
    ("Grave Titan", "Whenever Grave Titan enters or attacks, create two 2/2 black Zombie creature tokens.",
     ["on_attack(attacks,controller,create(2))"]),
    ("Jedit Ojanen of Efrava", "Whenever Jedit Ojanen of Efrava attacks or blocks, create a 2/2 green Cat Warrior "
     "creature token with forestwalk.", ["on_attack(attacks,controller,create(1))",
                                         "on_block(blocks,controller,create(1))"]),
])
def test_508_3a_real_token_triggers_parse(name: str, line: str, terms: list[str]) -> None:
    """508.3a, 509.3a (603.6a: "enters or attacks" enters in no combat but by persist or undying, refused beside
    them): the tokens as the line gives them."""
    assert [a.term for a in parse_ability_line(line, name)] == terms


def test_508_4_tapped_and_attacking_tokens_and_battle_cry() -> None:
    """508.4, 702.91a, 603.3b: Hero of Bladehold (3/3, battle cry) attacks alone: alice orders the two triggers;
    battle cry first, the Soldiers attack as 1/1s (bob 20 - 3 - 1 - 1), tokens first, as 2/1s (20 - 3 - 2 - 2)."""
    s = board(creature("h", "alice", 3, 3, "Battle cry", HERO))
    lines = {o["life"]["bob"]: o["line"] for o in pysolver.outcomes(s)}
    assert lines.keys() == {20, 15, 13}
    assert lines[13]["attacks"] == [["h", "bob"]]  # 508.4: the Soldiers were never declared
    assert [t["kind"] for t in lines[13]["triggers"]] == ["create_tokens", "battle_cry"]


def test_508_4_attacking_tokens_can_be_blocked() -> None:
    """509.1a: bob's 1/1 may block a Soldier (both die; bob 20 - 3 - the other Soldier), or Hero."""
    s = board(creature("h", "alice", 3, 3, "Battle cry", HERO), creature("y", "bob", 1, 1))
    assert results(s) == {(20, 20, (), ()), (20, 15, (), ()), (20, 13, (), ()), (20, 16, ("h/soldier1", "y"), ()),
                          (20, 15, ("h/soldier1", "y"), ()), (20, 18, ("y",), (("h", 1),)),
                          (20, 16, ("y",), (("h", 1),))}


def test_509_3a_a_block_trigger_token_is_not_blocking() -> None:
    """506.3, 509.3a: Jedit blocks and creates a 2/2 Cat Warrior, which is not blocking: alice's 3/3 kills Jedit
    (a 2/2) and nothing else."""
    s = board(creature("x", "alice", 3, 3), creature("j", "bob", 2, 2, JEDIT), attackers={"x": "bob"},
              blockers={"j": ["x"]})
    assert results(s) == {(20, 20, ("j",), (("x", 2),))} and pysolver.count_outcomes(s) == 1


def test_508_4_what_tokens_attack_with_a_planeswalker_is_refused() -> None:
    """508.4: the controller chooses what each token attacks: with a planeswalker there, refused."""
    with pytest.raises(InputError, match="508.4"):
        board(creature("h", "alice", 3, 3, HERO), {"id": "pw", "controller": "bob", "types": ["Planeswalker"],
                                                   "loyalty": 3})


def test_603_3b_a_counting_trigger_beside_tokens_is_refused() -> None:
    """603.3b: "for each other attacking creature" beside tokens to come: their order is not modelled, refused."""
    with pytest.raises(InputError, match="603.3b"):
        board(creature("h", "alice", 3, 3, HERO),
              creature("k", "alice", 2, 2, "Whenever ~ attacks, it gets +1/+0 until end of turn for each other "
                                          "attacking creature"))


COMBAT_LINES = (HERO, JEDIT, "Battle cry", "Whenever ~ attacks, you gain 1 life", "Flying")


@settings(max_examples=examples(2), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, COMBAT_LINES)))
def test_508_4_token_triggers_equal_reference(data: dict[str, Any]) -> None:
    try:
        pysolver.load_data(data)
    except InputError:
        assume(False)  # 508.4: a planeswalker, a battle or a second opponent to attack
    compare(data)


def test_603_6a_enters_or_attacks_beside_persist_is_refused() -> None:
    """603.6a, 702.79a: persist would return Grave Titan to the battlefield and trigger its "enters": refused."""
    with pytest.raises(InputError, match="enters or"):
        board(creature("g", "alice", 6, 6, "Whenever ~ enters or attacks, create two 2/2 black Zombie creature tokens",
                       "Persist"))
