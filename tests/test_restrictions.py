"""P/T counters of any kind (122.1a, 613.4c), blocking restrictions (509.1a, 509.1b) and changeling
(702.73): one small board per rule with its hand-stated expected set; the solver and the brute-force
reference (tests/reference) must both give it.
"""

from __future__ import annotations

import pytest
from boards import board, creature
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference_attacks, reference_blocks
from reference.outcomes import canonical, reference_outcomes
from strategies import examples

import pysolver
from pysolver.engines.forge import read_forge, to_forge, to_situation
from pysolver.errors import InputError
from pysolver.game import fights, outcomes
from pysolver.game import gametree as gt
from pysolver.model import Permanent, Situation
from pysolver.model.abilities import UnknownAbilityLine, parse_ability_line
from pysolver.rules.check import stage_of

# --- 122.1a, 613.4c: counters of any P/T kind -------------------------------------------------------


def test_122_1a_each_counter_kind_adds_its_numbers() -> None:
    """A 1/3 with two +1/+0 and one -0/-1 counters is a 3/2: unblocked it deals 3 (510.1a); a 2/1
    with a -0/-1 counter has toughness 0 and is put into the graveyard at once (704.5f)."""
    s = board(creature("x", "alice", 1, 3, counters={"+1/+0": 2, "-0/-1": 1}),
              creature("y", "bob", 2, 1, counters={"-0/-1": 1}), attackers={"x": "bob"})
    got = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert {canonical(o) for o in got} == {canonical(o) for o in reference_outcomes(s)}
    assert [o["life"]["bob"] for o in got] == [17]
    assert s.permanent("x").counter_pt == (2, -1)


def test_122_1a_counters_kill_a_blocker_with_their_toughness() -> None:
    """A 2/2 blocker with a +0/+1 and a -2/-1 counter is a 0/2: a 2/2 attacker kills it and takes nothing."""
    s = board(creature("x", "alice"), creature("y", "bob", 2, 2, counters={"+0/+1": 1, "-2/-1": 1}),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    (o,) = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert o["destroyed"] == ["y"] and o["damage"] == {}  # the attacker took nothing (a 0-power blocker)
    assert {canonical(o)} == {canonical(r) for r in reference_outcomes(s)}


def test_122_1a_counters_round_trip_and_code_forms() -> None:
    p = Permanent("x", "a", power=1, toughness=1, pt_counters={"+1/+1": 3, "+1/+0": 2, "-0/-1": 1})
    assert p.pt_counters == ((0, -1, 1), (1, 0, 2), (1, 1, 3))
    assert p.plus_counters == 3 and p.minus_counters == 0 and p.counter_pt == (5, 2)
    assert p.to_data()["counters"] == {"-0/-1": 1, "+1/+0": 2, "+1/+1": 3}
    s = board(creature("x", "alice", 1, 1, counters={"+1/+1": 3, "+1/+0": 2, "-0/-1": 1, "-1/-1": 0}))
    assert pysolver.load_data(s.to_data()) == s
    assert s.permanent("x").pt_counters == p.pt_counters


@pytest.mark.parametrize(("counters", "message"), [
    ({"+1/-1": 1}, "not a P/T counter kind"),
    ({"+1/+1x": 1}, "not a P/T counter kind"),
    ({"+0/-1": 1}, "write this counter kind as '-0/-1'"),
    ({"+01/+1": 1}, "write this counter kind as '+1/+1'"),
    ({"+0/+0": 1}, "not a P/T counter"),
    ({"+1/+0": -1}, "between 0 and 1000000"),
    ({"+2/+0": 10**6, "+1/+1": 1}, "what the counters add to power must be between 0 and 2000000"),
    ({"-0/-3": 10**6}, "what the counters add to toughness"),
])
def test_122_1a_counter_kinds_are_checked(counters: dict, message: str) -> None:
    with pytest.raises(InputError, match="counters") as info:
        board(creature("x", "alice", 1, 1, counters=counters))
    assert message in str(info.value)


def test_122_1a_forge_counters_of_any_pt_kind() -> None:
    """Forge's P1P0 and M0M1 counters are +1/+0 and -0/-1 counters, and are written back so."""
    text = ("humanlife=20\nailife=20\nactiveplayer=human\nactivephase=MAIN1\n"
            "humanbattlefield=Grizzly Bears|Counters:P1P0=2,M0M1=1\n")
    data, _ = to_situation(read_forge(text, "t.pzl"))
    (bear,) = data["permanents"]
    assert bear["counters"] == {"+1/+0": 2, "-0/-1": 1}
    assert "Counters:M0M1=1,P1P0=2" in to_forge(pysolver.load_data(data))[0]


# --- 509.1b: blocking restrictions over creature qualities --------------------------------------------

def decls(*declarations: list[tuple[str, str]]) -> set[frozenset]:
    return {frozenset(d) for d in declarations}


def blocks(s: Situation, *expected: list[tuple[str, str]]) -> None:
    """The solver's declarations, its count (the DP of pysolver.rules.counting) and the reference's are `expected`."""
    want = decls(*expected)
    got = [frozenset(tuple(p) for p in d["blocks"]) for d in pysolver.legal_blocks(s)]
    assert set(got) == want, "solver"
    assert len(got) == len(want) == pysolver.count_blocks(s), "count"
    assert reference_blocks(s) == want, "reference"


def illegal(s: Situation, rule: str, message: str, objects: list[str]) -> None:
    """`check` of the declared blocks finds exactly one violation: this rule, message and objects."""
    result = pysolver.check(s)
    assert result["legal"] is False
    assert [(v["rule"], v["message"], v["objects"]) for v in result["violations"]] == [(rule, message, objects)]


def test_509_1b_creatures_with_less_power_cant_block_it() -> None:
    """Skarrgan Pit-Skulk (a 3/1 here): creatures with power less than its power can't block it;
    power 3 or more may. A face-down 5/5 is a 2/2 (708.2a): its power 2 is less."""
    skulk = creature("x", "alice", 3, 1, "Creatures with power less than Skarrgan Pit-Skulk's power can't block it",
                     name="Skarrgan Pit-Skulk")
    s = board(skulk, creature("small", "bob", 2, 5), creature("big", "bob", 3, 1),
              creature("m", "bob", 5, 5, face_down=True), attackers={"x": "bob"})
    blocks(s, [], [("big", "x")])
    illegal(s.with_combat(blockers=(("small", "x"),)), "509.1b",
            "small blocks x, which can't be blocked by creatures with power less than the source's power",
            ["small", "x"])


def test_509_1b_power_is_read_with_counters_when_blockers_are_declared() -> None:
    """509.1: the power compared is the power then: a 1/1 with two +1/+0 counters has power 3."""
    s = board(creature("x", "alice", 3, 3, "Creatures with power less than ~'s power can't block it"),
              creature("b", "bob", 1, 1, counters={"+1/+0": 2}), attackers={"x": "bob"})
    blocks(s, [], [("b", "x")])


def test_509_1b_cant_be_blocked_by_more_than_one_creature() -> None:
    """Two attackers, three blockers: x (at most one blocker) gets none or one; y any number."""
    s = board(creature("x", "alice", 2, 2, "~ can't be blocked by more than one creature"), creature("y", "alice"),
              creature("b", "bob"), creature("c", "bob"), attackers={"x": "bob", "y": "bob"})
    each = [[], [("b", "x")], [("c", "x")], [("b", "y")], [("c", "y")], [("b", "y"), ("c", "y")],
            [("b", "x"), ("c", "y")], [("c", "x"), ("b", "y")]]
    blocks(s, *each)
    illegal(s.with_combat(blockers=(("b", "x"), ("c", "x"))), "509.1b",
            "x can't be blocked by more than 1 creature(s) but is blocked by 2", ["x"])


def test_509_1b_cap_of_one_with_menace_allows_no_block() -> None:
    """Menace (702.111b: two or more) and at most one blocker: no legal block of it at all."""
    s = board(creature("x", "alice", 2, 2, "Menace", "This creature can't be blocked by more than one creature"),
              creature("b", "bob"), creature("c", "bob"), attackers={"x": "bob"})
    blocks(s, [])


def test_509_1b_can_be_blocked_only_by_creatures_with_flying() -> None:
    s = board(creature("x", "alice", 2, 2, "~ can be blocked only by creatures with flying"),
              creature("f", "bob", 1, 1, "Flying"), creature("r", "bob", 1, 1, "Reach"), attackers={"x": "bob"})
    blocks(s, [], [("f", "x")])
    illegal(s.with_combat(blockers=(("r", "x"),)), "509.1b",
            "r blocks x, which can be blocked only by creatures with flying", ["r", "x"])


def test_509_1b_cant_be_blocked_by_a_color_or_by_power() -> None:
    """Red creatures can't block x; creatures with power 2 or less can't block y, power 2 or greater z.
    A face-down red creature is colorless (708.2a) and may block x."""
    s = board(creature("x", "alice", 2, 2, "~ can't be blocked by red creatures"),
              creature("y", "alice", 2, 2, "~ can't be blocked by creatures with power 2 or less"),
              creature("z", "alice", 2, 2, "~ can't be blocked by creatures with power 2 or greater"),
              creature("red", "bob", 3, 3, colors=["red"], abilities=["Can block any number of creatures"]),
              creature("m", "bob", 5, 5, colors=["red"], face_down=True, abilities=["Morph {R}"]),
              creature("one", "bob", 1, 1), attackers={"x": "bob", "y": "bob", "z": "bob"})
    red = [[], [("red", "y")]]  # red, power 3: not x, not z; y
    m = [[], [("m", "x")]]  # a colorless 2/2: x only (power 2 is "2 or less" and "2 or greater")
    one = [[], [("one", "x")], [("one", "z")]]  # power 1: x or z
    blocks(s, *[r + q + o for r in red for q in m for o in one])


def test_509_1b_cant_be_blocked_by_walls_and_only_by_walls() -> None:
    """Juggernaut "can't be blocked by Walls"; Evil Eye of Orms-by-Gore "can't be blocked except by Walls"
    (205.3m). A changeling is a Wall (702.73a); a face-down Wall has no creature types (708.2a)."""
    s = board(creature("j", "alice", 5, 3, "Juggernaut can't be blocked by Walls.", name="Juggernaut"),
              creature("e", "alice", 3, 6, "~ can't be blocked except by Walls"),
              creature("w", "bob", 0, 4, subtypes=["Wall"], abilities=["Can block any number of creatures"]),
              creature("c", "bob", 1, 1, "Changeling"), creature("d", "bob", 2, 2, subtypes=["Wall"], face_down=True),
              attackers={"j": "bob", "e": "bob"})
    w, c, d = [[], [("w", "e")]], [[], [("c", "e")]], [[], [("d", "j")]]
    blocks(s, *[x + y + z for x in w for y in c for z in d])
    illegal(s.with_combat(blockers=(("w", "j"),)), "509.1b", "w blocks j, which can't be blocked by Wall creatures",
            ["w", "j"])


def test_509_1b_effect_creatures_with_power_or_toughness_1_or_less_cant_be_blocked() -> None:
    """A permanent's static effect on every creature: the 1/3 and the 3/1 attackers can't be blocked,
    the 2/2 can; the effect's source may be an enchantment, and it is not itself in combat."""
    s = board(creature("a1", "alice", 1, 3), creature("a2", "alice", 3, 1), creature("a3", "alice", 2, 2),
              {"id": "e", "controller": "alice", "types": ["Enchantment"],
               "abilities": ["Creatures with power or toughness 1 or less can't be blocked"]},
              creature("b", "bob"), attackers={"a1": "bob", "a2": "bob", "a3": "bob"})
    blocks(s, [], [("b", "a3")])
    illegal(s.with_combat(blockers=(("b", "a1"),)), "509.1b",
            "b blocks a1, but creatures with power 1 or less or toughness 1 or less can't be blocked (e)",
            ["b", "a1", "e"])


def test_509_1b_effect_creatures_with_toughness_greater_than_power_cant_block() -> None:
    """"Creatures with toughness greater than their power can't block": the 0/4 wall and the 1/2
    can't, the 2/2 can; the source's own creatures are included (a defender 0/3 of bob's)."""
    s = board(creature("x", "alice"), creature("wall", "bob", 0, 4), creature("b12", "bob", 1, 2),
              creature("b22", "bob"),
              creature("src", "bob", 0, 3, "Creatures with toughness greater than their power can't block"),
              attackers={"x": "bob"})
    blocks(s, [], [("b22", "x")])


def test_509_1b_effect_on_opponents_creatures_only() -> None:
    """"Creatures your opponents control with flying can't block" on alice's permanent: bob's flyer
    can't block; on bob's own permanent it would not bind bob's flyer."""
    line = "Creatures your opponents control with flying can't block"
    mine = board(creature("x", "alice", 2, 2, line), creature("f", "bob", 1, 1, "Flying"), creature("g", "bob"),
                 attackers={"x": "bob"})
    blocks(mine, [], [("g", "x")])
    theirs = board(creature("x", "alice"), creature("f", "bob", 1, 1, "Flying", line), attackers={"x": "bob"})
    blocks(theirs, [], [("f", "x")])


def test_708_2a_face_down_source_has_no_restriction() -> None:
    """A face-down permanent has no abilities (708.2a): its "can't block" effect does not apply."""
    s = board(creature("x", "alice"), creature("m", "bob", 2, 2, "Creatures can't block", "Morph {2}", face_down=True),
              creature("b", "bob"), attackers={"x": "bob"})
    blocks(s, [], [("m", "x")], [("b", "x")], [("m", "x"), ("b", "x")])


def test_509_1b_graph_rules_out_edges_with_their_rule() -> None:
    s = board(creature("x", "alice", 2, 2, "~ can't be blocked by red creatures",
                       "~ can't be blocked by more than one creature"),
              creature("red", "bob", colors=["R"]), creature("b", "bob"), attackers={"x": "bob"})
    data = pysolver.block_graph(s).to_json()
    assert data["graph"]["restrictions"] == [["red", "x", "509.1b", "not_blocked_by"]]
    assert [e["source"] for e in data["edges"]] == ["b"]
    assert next(n for n in data["nodes"] if n["id"] == "x")["max_blockers"] == 1
    dot = pysolver.block_graph(s).to_dot()
    assert 'label="509.1b not_blocked_by"' in dot and "at most 1 blocker" in dot
    svg = pysolver.block_graph(s).to_svg()
    assert "509.1b not blocked by" in svg and "at most 1 blocker" in svg


@pytest.mark.parametrize(("line", "term"), [
    ("Creatures with power less than Skarrgan Pit-Skulk's power can't block it.",
     "not_blocked_by(cmp(power,lt,source(power)))"),
    ("Creatures with power greater than ~'s power can't block this creature",
     "not_blocked_by(cmp(power,gt,source(power)))"),
    ("~ can be blocked only by creatures with power less than its power",
     "blocked_only_by(cmp(power,lt,source(power)))"),
    ("Skarrgan Pit-Skulk can't be blocked by more than one creature.", "max_blockers(1)"),
    ("Can't be blocked by more than 2 creatures", "max_blockers(2)"),
    ("~ can be blocked only by creatures with flying", "blocked_only_by(keyword(flying))"),
    ("This creature can be blocked only by white creatures", "blocked_only_by(color(white))"),
    ("Can't be blocked by red creatures", "not_blocked_by(color(red))"),
    ("~ can't be blocked by creatures with power two or less", "not_blocked_by(cmp(power,le,n(2)))"),
    ("~ can't be blocked by creatures with toughness 3 or greater", "not_blocked_by(cmp(toughness,ge,n(3)))"),
    ("Creatures with power or toughness 1 or less can't be blocked.",
     "creatures_cant_be_blocked(all,either(cmp(power,le,n(1)),cmp(toughness,le,n(1))))"),
    ("Creatures with toughness greater than their power can't block.",
     "creatures_cant_block(all,cmp(toughness,gt,own(power)))"),
    ("Creatures your opponents control with power 2 or less can't block",
     "creatures_cant_block(opponents,cmp(power,le,n(2)))"),
    ("Red creatures you control with flying can't be blocked",
     "creatures_cant_be_blocked(you,both(color(red),keyword(flying)))"),
    ("Creatures can't block", "creatures_cant_block(all,any)"),
    ("Changeling", "changeling"),
])
def test_509_1b_restriction_lines_parse(line: str, term: str) -> None:
    (ability,) = parse_ability_line(line, "Skarrgan Pit-Skulk")
    assert ability.term == term


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Dread Warlock", "Dread Warlock can't be blocked except by black creatures.", "blocked_only_by(color(black))"),
    ("Noggle Bandit", "Noggle Bandit can't be blocked except by creatures with defender.",
     "blocked_only_by(keyword(defender))"),
    ("Juggernaut", "Juggernaut can't be blocked by Walls.", 'not_blocked_by(creature_type("wall"))'),
    ("Evil Eye of Orms-by-Gore", "Evil Eye of Orms-by-Gore can't be blocked except by Walls.",
     'blocked_only_by(creature_type("wall"))'),
    ("Flow of Maggots", "Flow of Maggots can't be blocked by non-Wall creatures.",
     'blocked_only_by(creature_type("wall"))'),
    ("Vindictive Mob", "Vindictive Mob can't be blocked by Saprolings.", 'not_blocked_by(creature_type("saproling"))'),
])
def test_509_1b_real_except_by_and_creature_type_lines_parse(name: str, line: str, term: str) -> None:
    """509.1b: "can't be blocked except by" is "can be blocked only by"; creature types in the plural (205.3m)."""
    (ability,) = parse_ability_line(line, name)
    assert ability.term == term


@pytest.mark.parametrize("line", [
    "Creatures with power 2 or fewer can't block", "~ can't be blocked by purple creatures",
    "Creatures you control with power 2 or less can't block it", "~ can't be blocked by more than zero creatures",
    "Creatures with banding can't block", "Artifact creatures can't block",
    "~ can't be blocked by Wall", "~ can't be blocked by non-Purple creatures",
])
def test_509_1b_lines_outside_the_grammar_are_not_understood(line: str) -> None:
    with pytest.raises(UnknownAbilityLine):
        parse_ability_line(line, None)


def test_509_1b_a_number_out_of_range_is_refused() -> None:
    with pytest.raises(InputError, match="between -1000000 and 1000000"):
        board(creature("x", "alice", 1, 1, "~ can't be blocked by creatures with power 99999999999 or less"))


# --- 508.1c, 509.1b: "can't attack", "can't attack or block", "can't block creatures with", "unless you control" ---

def attacks(s: Situation, *expected: list[tuple[str, str]]) -> None:
    """The solver's declarations of attackers and the reference's are `expected`."""
    want = decls(*expected)
    got = [frozenset(tuple(p) for p in d["attacks"]) for d in pysolver.legal_attacks(s)]
    assert set(got) == want and len(got) == len(want) == pysolver.count_attacks(s), "solver"
    assert reference_attacks(s) == want, "reference"


def test_508_1c_cant_attack_and_cant_attack_or_block() -> None:
    """"~ can't attack" and "~ can't attack or block": neither attacks (508.1c); the second can't block
    either (509.1b), the first can."""
    s = board(creature("x", "alice", 2, 2, "This creature can't attack"),
              creature("y", "alice", 2, 2, "Can't attack or block"), creature("z", "alice"),
              creature("u", "bob", 1, 1, "~ can't attack or block"), creature("v", "bob", 1, 1, "~ can't attack"))
    attacks(s, [], [("z", "bob")])
    result = pysolver.check(s.with_combat(attackers=(("x", "bob"), ("y", "bob"))))["violations"]
    assert [(v["rule"], v["message"]) for v in result] == [("508.1c", "x attacks but can't attack"),
                                                           ("508.1c", "y attacks but can't attack or block")]
    blocking = s.with_combat(attackers=(("z", "bob"),))
    blocks(blocking, [], [("v", "z")])
    illegal(blocking.with_combat(blockers=(("u", "z"),)), "509.1b", "u can't attack or block but blocks z", ["u", "z"])


def test_509_1b_cant_block_creatures_with_power_2_or_greater() -> None:
    """Ironclaw Orcs can't block creatures with power 2 or greater; Spitfire Handler can't block creatures
    with power greater than its own power (a 1/1 here: "~" is the blocker)."""
    s = board(creature("big", "alice", 3, 3), creature("one", "alice", 1, 1),
              creature("o", "bob", 2, 2, "Ironclaw Orcs can't block creatures with power 2 or greater.",
                       name="Ironclaw Orcs"),
              creature("h", "bob", 1, 1, "~ can't block creatures with power greater than ~'s power"),
              attackers={"big": "bob", "one": "bob"})
    blocks(s, *[x + y for x in [[], [("o", "one")]] for y in [[], [("h", "one")]]])
    illegal(s.with_combat(blockers=(("h", "big"),)), "509.1b",
            "h blocks big, but h can't block creatures with power greater than the source's power", ["h", "big"])


def test_509_1b_cant_block_unless_you_control_another_zombie() -> None:
    """Marauding Boneslasher can't block unless its controller controls another Zombie: a changeling is one
    (702.73a), a face-down Zombie is not (708.2a), nor is an opponent's Zombie or itself."""
    line = "Marauding Boneslasher can't block unless you control another Zombie."
    m = creature("m", "bob", 3, 3, line, name="Marauding Boneslasher", subtypes=["Zombie"])
    x = creature("x", "alice", 2, 2, subtypes=["Zombie"])
    blocks(board(x, m, attackers={"x": "bob"}), [])
    blocks(board(x, m, creature("f", "bob", 2, 2, subtypes=["Zombie"], face_down=True), attackers={"x": "bob"}),
           [], [("f", "x")])
    blocks(board(x, m, creature("c", "bob", 1, 1, "Changeling", tapped=True), attackers={"x": "bob"}), [], [("m", "x")])
    illegal(board(x, m, attackers={"x": "bob"}, blockers={"m": ["x"]}), "509.1b", "m can't block but blocks x",
            ["m", "x"])


def test_508_1c_cant_attack_unless_you_control_a_knight_or_a_soldier() -> None:
    """War Falcon attacks only while its controller controls a Knight or a Soldier; Oketra the True (its
    restriction alone) neither attacks nor blocks unless its controller controls three other creatures."""
    falcon = creature("f", "alice", 2, 1, "Flying", "War Falcon can't attack unless you control a Knight or a Soldier.",
                      name="War Falcon")
    attacks(board(falcon), [])
    attacks(board(falcon, {"id": "k", "controller": "alice", "types": ["Artifact"], "subtypes": ["Soldier"]}),
            [], [("f", "bob")])
    oketra = creature("o", "alice", 3, 6, "~ can't attack or block unless you control at least three other creatures")
    two = [creature(f"c{i}", "alice", 0, 1, "Defender") for i in range(2)]
    attacks(board(oketra, *two), [])
    attacks(board(oketra, *two, creature("c2", "alice", 0, 1, "Defender")), [], [("o", "bob")])


def test_702_98a_unleash_cant_block_with_a_counter() -> None:
    """Unleash: the +1/+1 counter it may enter with is in the file's counters; with one it can't block; with
    a -1/-1 counter beside it none stays (704.5q) and it can; without one it can."""
    s = board(creature("x", "alice"), creature("u", "bob", 2, 2, "Unleash", counters={"+1/+1": 1}),
              creature("v", "bob", 2, 2, "Unleash", counters={"+1/+1": 1, "-1/-1": 1}),
              creature("w", "bob", 2, 2, "Unleash"), attackers={"x": "bob"})
    blocks(s, [], [("v", "x")], [("w", "x")], [("v", "x"), ("w", "x")])
    illegal(s.with_combat(blockers=(("u", "x"),)), "702.98a",
            "u has unleash and a +1/+1 counter, so it can't block, but blocks x", ["u", "x"])
    attacks(board(creature("u", "alice", 2, 2, "Unleash", counters={"+1/+1": 1})), [], [("u", "bob")])


def test_702_98a_unleash_with_persist_is_refused() -> None:
    with pytest.raises(InputError, match=r"unleash \(702.98a\) and persist or undying"):
        board(creature("u", "bob", 2, 2, "Unleash", "Undying"))


def test_508_1c_restrictions_keep_the_fight_split_and_the_one_program() -> None:
    """A restriction of the declarations changes nothing after them: the board still splits into fights
    and a combat with nothing between declarations and damage is one program."""
    s = board(creature("x", "alice", 2, 2, "~ can't attack unless you control another Goblin"), creature("g", "alice"),
              creature("m", "bob", 3, 3, "~ can't block unless you control a Vampire"), creature("b", "bob"),
              attackers={"g": "bob"})
    assert fights.decomposes(s) and outcomes.one_step(gt.root(s))
    assert {o["life"]["bob"] for o in pysolver.outcomes(s)} == {18, 20}
    assert {canonical(o) for o in reference_outcomes(s)} == {canonical({k: v for k, v in o.items() if k != "line"})
                                                             for o in pysolver.outcomes(s)}


def test_508_1c_creatures_cant_attack_and_cant_attack_you() -> None:
    """Peacekeeper: creatures can't attack (its own controller's too); Evil Eye of Urborg: non-Eye creatures
    its controller controls can't attack (a changeling is an Eye, 702.73a; a face-down Eye is not, 708.2a);
    Blazing Archon: creatures can't attack its controller, but may attack that player's planeswalker."""
    attacks(board(creature("x", "alice"), creature("p", "bob", 1, 1, "Creatures can't attack.")), [])
    eye = creature("e", "alice", 0, 1, "Non-Eye creatures you control can't attack.", subtypes=["Eye"],
                   summoning_sick=True)
    attacks(board(eye, creature("c", "alice", 1, 1, "Changeling"), creature("z", "alice"),
                  creature("f", "alice", 2, 2, subtypes=["Eye"], face_down=True)), [], [("c", "bob")])
    s = board(creature("x", "alice"), creature("a", "bob", 6, 6, "Flying", "Creatures can't attack you."),
              {"id": "pw", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3})
    attacks(s, [], [("x", "pw")])
    result = pysolver.check(s.with_combat(attackers=(("x", "bob"),)))["violations"]
    assert [(v["rule"], v["message"], v["objects"]) for v in result] == [
        ("508.1c", "x attacks bob, but creatures can't attack bob (a)", ["x", "bob", "a"])]


def test_508_1c_conditions_on_the_defending_player_and_the_battlefield() -> None:
    """Chained Throatseeker attacks only a poisoned player (122.1f); Goblin Goon attacks only while its
    controller controls more creatures than the defending player and blocks only while its controller
    controls more than the attacking player; Wirecat neither attacks nor blocks while any enchantment is on
    the battlefield."""
    seeker = creature("t", "alice", 5, 5, "Chained Throatseeker can't attack unless defending player is poisoned.",
                      name="Chained Throatseeker")
    attacks(board(seeker), [])
    attacks(board(seeker, players=[{"name": "alice"}, {"name": "bob", "poison": 1}]), [], [("t", "bob")])
    goon = "Goblin Goon can't attack unless you control more creatures than defending player."
    attacks(board(creature("g", "alice", 6, 6, goon, name="Goblin Goon"), creature("b", "bob")), [])
    attacks(board(creature("g", "alice", 6, 6, goon, name="Goblin Goon"), creature("y", "alice", 0, 1, "Defender"),
                  creature("b", "bob")), [], [("g", "bob")])
    blocking = "~ can't block unless you control more creatures than attacking player"
    blocks(board(creature("x", "alice"), creature("g", "bob", 6, 6, blocking), attackers={"x": "bob"}), [])
    blocks(board(creature("x", "alice"), creature("g", "bob", 6, 6, blocking), creature("b", "bob", 0, 1, tapped=True),
                 attackers={"x": "bob"}), [], [("g", "x")])
    wirecat = creature("w", "alice", 4, 3, "Wirecat can't attack or block if an enchantment is on the battlefield.",
                       name="Wirecat")
    attacks(board(wirecat, {"id": "e", "controller": "bob", "types": ["Enchantment"]}), [])
    attacks(board(wirecat), [], [("w", "bob")])


def test_509_1b_shadow_blockers_attacking_alone_and_joined_restrictions() -> None:
    """Wall of Diffusion blocks creatures with shadow as though it had shadow (702.28b), Aetherflame Wall as
    though they had none; Dream Prowler can't be blocked while no other creature is attacking (506.5);
    Inkfathom Infiltrator can't block (nor be blocked); Sneaky Homunculus can't block creatures with power 2
    or greater."""
    shadow = creature("s", "alice", 2, 1, "Shadow")
    diffusion = creature("d", "bob", 0, 5, "Wall of Diffusion can block creatures with shadow as though Wall of "
                         "Diffusion had shadow.", name="Wall of Diffusion")
    flame = creature("f", "bob", 0, 4, "~ can block creatures with shadow as though they didn't have shadow")
    blocks(board(shadow, diffusion, flame, creature("b", "bob"), attackers={"s": "bob"}),
           [], [("d", "s")], [("f", "s")], [("d", "s"), ("f", "s")])
    prowler = creature("p", "alice", 1, 5, "Dream Prowler can't be blocked as long as it's attacking alone.",
                       name="Dream Prowler")
    blocks(board(prowler, creature("b", "bob"), attackers={"p": "bob"}), [])
    blocks(board(prowler, creature("y", "alice"), creature("b", "bob"), attackers={"p": "bob", "y": "bob"}),
           [], [("b", "p")], [("b", "y")])
    s = board(creature("x", "alice", 2, 2), creature("o", "alice", 1, 1),
              creature("i", "bob", 1, 1, "~ can't block and can't be blocked"),
              creature("h", "bob", 1, 1, "Sneaky Homunculus can't block or be blocked by creatures with power 2 or "
                       "greater.", name="Sneaky Homunculus"), attackers={"x": "bob", "o": "bob"})
    blocks(s, [], [("h", "o")])


def test_509_1b_creatures_with_counters_cant_be_blocked() -> None:
    """Herald of Secret Streams: creatures its controller controls with +1/+1 counters on them can't be blocked
    (122.1a); a +1/+1 and a -1/-1 counter are removed in pairs (704.5q), leaving none."""
    s = board(creature("h", "alice", 2, 3, "Creatures you control with +1/+1 counters on them can't be blocked."),
              creature("x", "alice", 1, 1, counters={"+1/+1": 1}), creature("y", "alice", 1, 1,
                                                                         counters={"+1/+1": 1, "-1/-1": 1}),
              creature("b", "bob"), attackers={"x": "bob", "y": "bob"})
    blocks(s, [], [("b", "y")])
    illegal(s.with_combat(blockers=(("b", "x"),)), "509.1b",
            "b blocks x, but creatures you control with +1/+1 counters on them can't be blocked (h)", ["b", "x", "h"])


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Mindless Null", "Mindless Null can't block unless you control a Vampire.",
     'grant_unless(permanent,each,creature_type("vampire"),cant_block)'),
    ("Howlpack Wolf", "Howlpack Wolf can't block unless you control another Wolf or Werewolf.",
     'grant_unless(permanent,other,either(creature_type("wolf"),creature_type("werewolf")),cant_block)'),
    ("Steelclad Serpent", "Steelclad Serpent can't attack unless you control another artifact.",
     "grant_unless(permanent,other,card_type(artifact),cant_attack)"),
    ("Oketra the True", "Oketra the True can't attack or block unless you control at least three other creatures.",
     "grant_unless(at_least(3,you,creature),other,any,cant_attack_or_block)"),
    ("Ironclaw Orcs", "Ironclaw Orcs can't block creatures with power 2 or greater.",
     "cant_block_creatures(cmp(power,ge,n(2)))"),
    ("Spitfire Handler", "Spitfire Handler can't block creatures with power greater than Spitfire Handler's power.",
     "cant_block_creatures(cmp(power,gt,source(power)))"),
    ("Dead Reveler", "Unleash", "unleash"),
    ("Peacekeeper", "Creatures can't attack.", "grant(all,each,any,cant_attack)"),
    ("Evil Eye of Urborg", "Non-Eye creatures you control can't attack.",
     'grant(you,each,noncreature_type("eye"),cant_attack)'),
    ("Blazing Archon", "Creatures can't attack you.", "cant_attack_you"),
    ("Wirecat", "Wirecat can't attack or block if an enchantment is on the battlefield.",
     "grant_if(at_least(1,all,permanent),each,card_type(enchantment),cant_attack_or_block)"),
    ("Aetherflame Wall", "Aetherflame Wall can block creatures with shadow as though they didn't have shadow.",
     "ignores_shadow"),
    ("Goblin Goon", "Goblin Goon can't block unless you control more creatures than attacking player.",
     "blocks_if_more"),
])
def test_508_1c_509_1b_real_restriction_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


# --- 702.73a: changeling -----------------------------------------------------------------------------

def test_702_73a_changeling_is_every_creature_type_for_protection() -> None:
    """An attacker with protection from Goblins can't be blocked by a changeling (702.16f), nor by a
    Goblin; a face-down changeling has no abilities and no types (708.2a) and may block."""
    s = board(creature("x", "alice", 2, 2, "Protection from Goblins"), creature("ch", "bob", 1, 1, "Changeling"),
              creature("gob", "bob", 1, 1, subtypes=["Goblin"]),
              creature("m", "bob", 1, 1, "Changeling", "Morph {2}", face_down=True), attackers={"x": "bob"})
    blocks(s, [], [("m", "x")])


def test_702_73a_changeling_damage_to_protected_creature_is_prevented() -> None:
    """702.16e: damage a changeling would deal to a creature with protection from Elves is prevented."""
    s = board(creature("x", "alice", 2, 2, "Protection from Elves"), creature("ch", "bob", 3, 3, "Changeling"),
              attackers={"x": "bob"}, blockers={})
    assert pysolver.check(s.with_combat(blockers=(("ch", "x"),)))["violations"][0]["rule"] == "702.16f"


# --- differential: the new restrictions mixed with evasion, requirements, first strike, face down -------

MIXED_ATTACKER = ["Flying", "Menace", "First strike", "All creatures able to block this creature do so",
                  "This creature must be blocked if able", "Can't be blocked by more than one creature",
                  "~ can't be blocked by more than two creatures", "~ can't be blocked by red creatures",
                  "~ can't be blocked by creatures with power 2 or less", "Protection from Goblins",
                  "Creatures with power less than ~'s power can't block it",
                  "~ can be blocked only by creatures with flying"]
MIXED_BLOCKER = ["Flying", "Reach", "First strike", "Can block an additional creature each combat",
                 "This creature blocks each combat if able", "Changeling", "Unleash",
                 "~ can't block creatures with power 2 or greater", "~ can't block unless you control a red creature"]
EFFECTS = ["Creatures with power or toughness 1 or less can't be blocked",
           "Creatures with toughness greater than their power can't block",
           "Creatures your opponents control with flying can't block",
           "Red creatures you control can't be blocked", "Creatures with power 3 or greater can't block"]


@st.composite
def mixed_creature(draw: st.DrawFn, pid: str, controller: str, lines: list[str]) -> dict:
    d = creature(pid, controller, draw(st.integers(0, 4)), draw(st.integers(1, 4)),
                 *draw(st.lists(st.sampled_from(lines), max_size=2, unique=True)),
                 colors=draw(st.lists(st.sampled_from(["red", "green"]), max_size=1)))
    if draw(st.integers(0, 3)) == 0:
        d["counters"] = draw(st.dictionaries(st.sampled_from(["+1/+0", "-0/-1", "+1/+1"]), st.integers(1, 2),
                                             max_size=2))
    if draw(st.integers(0, 4)) == 0:
        d["face_down"] = True
        d["abilities"].append("Morph {1}")
    return d


@st.composite
def restriction_boards(draw: st.DrawFn) -> Situation:
    n, m = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    attackers = [draw(mixed_creature(f"a{i}", "alice", MIXED_ATTACKER)) for i in range(n)]
    blockers = [draw(mixed_creature(f"b{i}", "bob", MIXED_BLOCKER)) for i in range(m)]
    effects = [{"id": f"e{i}", "controller": draw(st.sampled_from(["alice", "bob"])), "types": ["Enchantment"],
                "abilities": [line]} for i, line in enumerate(draw(st.lists(st.sampled_from(EFFECTS), max_size=2)))]
    return board(*attackers, *blockers, *effects, attackers={a["id"]: "bob" for a in attackers})


@settings(max_examples=examples(15), deadline=None)
@given(restriction_boards(), st.data())
def test_704_5f_restrictions_agree_with_the_reference(s: Situation, data: st.DataObject) -> None:
    """Declarations, their count (DP) and `check` of one candidate declaration agree with the reference.

    Only the violations of the declaration of blockers are compared: a generated attacker can have
    toughness 0 from its counters, so it left the battlefield before the declarations (704.5f) and the
    file's attack is itself illegal (508.1a), which is no part of this block declaration's legality."""
    want = reference_blocks(s)
    got = [frozenset(tuple(p) for p in d["blocks"]) for d in pysolver.legal_blocks(s)]
    assert set(got) == want and len(got) == len(want) == pysolver.count_blocks(s)
    pairs = [(b.id, a) for b in s.permanents if b.controller == "bob" and b.is_creature
             for a, _ in s.combat.attackers or ()]
    declared = data.draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    found = pysolver.check(s.with_combat(blockers=tuple(declared)))["violations"]
    assert (not [v for v in found if stage_of(v["rule"]) == 1]) == (frozenset(declared) in want)
