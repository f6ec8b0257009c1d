"""A group's grant of a quoted ability (613.1f, 611.3a): 'All Slivers have "{B}: Regenerate this permanent."'.

Settled at load into each grantee's own abilities (pysolver.files.group_grants): each rule with a hand-stated
expected set (agreed by the fights, the walk, the count and the brute-force reference, tests/reference/), the
refusals, the real lines, and the reference on generated boards where every Sliver is its own source.
"""

from __future__ import annotations

from typing import Any

import pytest
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome, outcomes_equal_reference
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reference.grants import given_abilities
from strategies import examples
from test_grants import board, creature, sliver  # the same boards as the grants of keywords

import pysolver
from pysolver.model.abilities import parse_ability_line

SEDGE = 'All Slivers have "{B}: Regenerate this permanent."'
SPECTRAL = 'All Sliver creatures have "{2}: This creature gets +1/+1 until end of turn."'
FUNGUS = 'All Sliver creatures have "Whenever this creature is dealt damage, put a +1/+1 counter on it."'
PULMONIC = ('All Slivers have "If this permanent would be put into a graveyard, you may put it on top of its '
            'owner\'s library instead."')
MEPHIDROSS = ('Each creature you control is a Vampire in addition to its other creature types and has "Whenever '
              'this creature deals damage to a creature, put a +1/+1 counter on this creature."')
ZOMBIE_MASTER = 'Other Zombies have "{B}: Regenerate this permanent."'
SEDGE_SWAMP = 'All Sliver creatures have "This creature gets +1/+1 as long as you control a Swamp."'


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Acidic Sliver", 'All Slivers have "{2}, Sacrifice this permanent: This permanent deals 2 damage to target '
     'creature or player."', 'group_grant(all,each,creature_type("sliver"),ping)'),
    ("Darkheart Sliver", 'All Slivers have "Sacrifice this permanent: You gain 3 life."',
     'group_grant(all,each,creature_type("sliver"),life)'),
    ("Firewake Sliver", 'All Slivers have "{1}, Sacrifice this permanent: Target Sliver creature gets +2/+2 until '
     'end of turn."', 'group_grant(all,each,creature_type("sliver"),target_pump)'),
    ("Fungus Sliver", FUNGUS, 'group_grant(all,each,creature_type("sliver"),is_dealt_damage(any,any,counters(1)))'),
    ("Quilled Sliver", 'All Slivers have "{T}: This permanent deals 1 damage to target attacking or blocking '
     'creature."', 'group_grant(all,each,creature_type("sliver"),ping)'),
    ("Sedge Sliver", SEDGE_SWAMP,
     'group_grant(all,each,creature_type("sliver"),anthem_if(permanent,each,land_type("swamp"),1,1))'),
    ("Sedge Sliver", SEDGE, 'group_grant(all,each,creature_type("sliver"),regenerate)'),
    ("Pulmonic Sliver", PULMONIC, 'group_grant(all,each,creature_type("sliver"),dies_instead)'),
    ("Mephidross Vampire", MEPHIDROSS, 'group_grant(you,each,any,deals_damage(any,creature,counters(1)))'),
    ("Zombie Master", ZOMBIE_MASTER, 'group_grant(all,other,creature_type("zombie"),regenerate)'),
    ("Spectral Sliver", SPECTRAL, 'group_grant(all,each,creature_type("sliver"),pump(1,1))'),
])
def test_613_1f_real_group_grant_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_613_1f_a_grant_of_what_a_group_may_not_be_given_is_not_read() -> None:
    """A quoted keyword, or a grant to a group its controller controls (its source may be no member), is not this
    form."""
    for line in ('All Slivers have "Flying."',
                 'Each Human creature you control has "{R}, {T}: This creature deals 1 damage to any target."'):
        with pytest.raises(ValueError):
            parse_ability_line(line, None)


def kinds(s: pysolver.Situation) -> dict[str, list[str]]:
    """Each permanent's ability kinds after the settlement."""
    return {p.id: [a.kind for a in p.abilities] for p in s.permanents}


def test_613_1f_each_sliver_regenerates_with_its_own_instance() -> None:
    """Two Sedge Slivers: each has "{B}: Regenerate this permanent." from itself and from the other, one choice
    (602.2: the same cost and effect) that it has as long as it is on the battlefield, whichever other leaves; the
    static abilities themselves act no more (611.3a). (Zombie Master's test below plays such a regeneration.)"""
    s = board(sliver("s1", "alice", 2, 2, SEDGE), sliver("s2", "alice", 2, 2, SEDGE))
    assert kinds(s) == {"s1": ["regenerate"], "s2": ["regenerate"]}


def test_613_1f_all_slivers_covers_the_opponents_sliver() -> None:
    """'All Slivers' has no "you control" (611.3a): bob's Spectral Sliver b has the ability from a and from itself,
    one choice (602.2: the same cost and effect), as has a; the grants themselves act no more."""
    s = board(sliver("a", "alice", 3, 3, SPECTRAL), sliver("b", "bob", 2, 2, SPECTRAL))
    assert kinds(s) == {"a": ["pump"], "b": ["pump"]}


def test_603_2_a_granted_damage_trigger_is_its_grantees_own() -> None:
    """Fungus Sliver f is its own trigger's only source (603.2: one instance); bob's Elf is no Sliver."""
    s = board(sliver("f", "alice", 2, 4, FUNGUS), creature("e", "bob", 2, 2, subtypes=["Elf"]))
    assert kinds(s) == {"f": ["is_dealt_damage"], "e": []}


def test_611_3a_a_grant_of_another_slivers_is_refused() -> None:
    """A Sliver with Spectral Sliver's ability only from another Sliver has it only while that one is on the
    battlefield (611.3a), which may leave during the combat: refused, naming both."""
    with pytest.raises(pysolver.InputError, match=r"'v' has an ability \(pump\(1,1\)\) that 's' grants.*611\.3a"):
        board(sliver("s", "alice", 1, 1, SPECTRAL), sliver("v", "alice", 2, 2))


def test_603_2_two_sources_of_a_granted_trigger_are_refused() -> None:
    """Each Fungus Sliver gives each Sliver an instance (603.2: each triggers), one leaving takes one away."""
    with pytest.raises(pysolver.InputError, match=r"'f1' has an ability .* beside its own while 'f2'"):
        board(sliver("f1", "alice", 1, 1, FUNGUS), sliver("f2", "alice", 1, 1, FUNGUS))


@pytest.mark.parametrize(("other", "why"), [
    (creature("m", "bob", 2, 2, "Morph {3}", face_down=True), r"'m' is face down \(708\.2a"),
    (creature("t", "bob", 1, 1, "{1}, {T}: Create a 1/1 green Saproling creature token."), r"'t' may create tokens"),
    ({"id": "k", "controller": "bob", "types": ["Enchantment"], "subtypes": ["Sliver"]},
     r"'k' is a sliver that is no creature"),
])
def test_613_1f_a_group_that_may_change_is_refused(other: dict[str, Any], why: str) -> None:
    with pytest.raises(pysolver.InputError, match=why):
        board(sliver("s", "alice", 1, 1, SEDGE), other)


def test_613_4c_a_granted_anthem_needs_its_controllers_swamp() -> None:
    """Sedge Sliver's granted "+1/+1 as long as you control a Swamp" counts its grantee's controller's Swamps
    (611.3a): with alice's Swamp the 2/2 blocked by a 3/3 is a 3/3 and trades."""
    swamp = {"id": "sw", "controller": "alice", "types": ["Land"], "subtypes": ["Swamp"]}
    s = board(sliver("s", "alice", 2, 2, SEDGE_SWAMP), swamp, creature("b", "bob", 3, 3),
              attackers={"s": "bob"}, blockers={"b": ["s"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("b", "s"))}


def test_614_6_a_granted_would_die_replacement_lists_the_sliver_alike() -> None:
    """Pulmonic Sliver's grant gives bob's plain Sliver v a replacement of its being put into a graveyard (614.6):
    blocking a 3/3 it leaves the battlefield all the same, and an outcome lists it as one that dies (700.4); its
    controller's choice (or v having the replacement at all) changes no result, so any source will do."""
    s = board(sliver("p", "alice", 1, 1, PULMONIC, tapped=True), creature("a", "alice", 3, 3),
              sliver("v", "bob", 2, 2), attackers={"a": "bob"}, blockers={"v": ["a"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("v",), damage={"a": 2})}


def test_616_1_a_granted_would_die_replacement_beside_regeneration_is_refused() -> None:
    with pytest.raises(pysolver.InputError, match=r"'r' has a regeneration shield or ability \(616\.1\).*'p'"):
        board(sliver("p", "alice", 1, 1, PULMONIC), creature("r", "alice", 2, 2, "{B}: Regenerate this creature."))


def test_613_1f_a_grant_built_in_code_is_refused_not_ignored() -> None:
    """The grants are settled by the loader; a board built in code with one is refused as its facts are built."""
    s = pysolver.Situation(("alice", "bob"), "alice", (pysolver.Permanent(
        "s", "alice", power=2, toughness=2, subtypes=("Sliver",), abilities=(SPECTRAL,)),))
    with pytest.raises(pysolver.InputError, match=r"'s'.*settled as a situation is loaded"):
        pysolver.count_outcomes(s)


# ---- 611.3a: an instance from a source that surely stays on the battlefield ------------------------------------

def zombie(pid: str, controller: str, power: int, toughness: int, *abilities: str, **more: Any) -> dict[str, Any]:
    return {**creature(pid, controller, power, toughness, *abilities, **more), "subtypes": ["Zombie"]}


def test_611_3a_a_zombie_master_at_home_gives_its_zombies_regeneration() -> None:
    """Zombie Master m (2/3, tapped at home, no ability on the board can make it leave) gives Zombie z its
    "{B}: Regenerate this permanent." all combat long: blocked by a 3/3, z regenerates with alice's {B} or dies."""
    s = board(zombie("m", "alice", 2, 3, ZOMBIE_MASTER, tapped=True), zombie("z", "alice", 2, 2),
              creature("ogre", "bob", 3, 3), attackers={"z": "bob"}, blockers={"ogre": ["z"]}, mana="{B}")
    assert agreed_outcomes(s) == {outcome(destroyed=("z",), damage={"ogre": 2}), outcome(damage={"ogre": 2})}
    assert kinds(s)["m"] == []  # ("other": not its own)


@pytest.mark.parametrize(("master", "other", "combat"), [
    ({"tapped": False}, creature("o", "bob", 1, 1), {"attackers": {"z": "bob"}}),  # bob's untapped m may block (509.1a)
    ({"tapped": True, "damage": 1}, creature("o", "bob", 1, 1), {"attackers": {"z": "bob"}}),
    ({"tapped": True}, creature("o", "bob", 1, 1, "{T}: This creature deals 1 damage to any target."),
     {"attackers": {"z": "bob"}, "blockers": {}}),
    ({"tapped": True}, sliver("q", "bob", 1, 1, 'All Slivers have "{2}, Sacrifice this permanent: This permanent '
                              'deals 2 damage to target creature or player."'),
     {"attackers": {"z": "bob"}, "blockers": {}}),  # (the ping it gives itself, 613.1f)
])
def test_611_3a_a_zombie_master_that_may_leave_is_refused(master: dict[str, Any], other: dict[str, Any],
                                                           combat: dict[str, Any]) -> None:
    """Untapped and bob's before blockers are declared it may block (509.1a) and die; with damage marked it may die
    as a lord leaves (704.5g); beside a pinger, printed or granted, it may be dealt damage: z's regeneration may
    leave with it."""
    data = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [zombie("m", "bob", 2, 3, ZOMBIE_MASTER, **master), zombie("z", "alice", 2, 2), other],
            "combat": combat}
    with pytest.raises(pysolver.InputError, match=r"'z' has an ability \(regenerate\) that 'm' grants .* only while"):
        pysolver.load_data(data)


def test_603_2_a_staying_mephidross_vampire_gives_its_creatures_a_counter_trigger() -> None:
    """Mephidross Vampire m (tapped at home) gives a (2/2 first strike) its trigger: a's first-strike 2 to c (2/3)
    puts a +1/+1 counter on a (603.2), so c's regular 2 leaves the 3/3 alive (without it a would die)."""
    s = board(creature("m", "alice", 3, 4, "Flying", MEPHIDROSS, tapped=True),
              creature("a", "alice", 2, 2, "First strike"), creature("c", "bob", 2, 3),
              attackers={"a": "bob"}, blockers={"c": ["a"]})
    assert agreed_outcomes(s) == {outcome(damage={"a": 2, "c": 2})}


def test_205_1b_a_line_naming_the_added_type_is_refused() -> None:
    with pytest.raises(pysolver.InputError, match=r"'v' has 'Other Vampire creatures.*'m' makes creatures vampires"):
        board(creature("m", "alice", 3, 4, MEPHIDROSS, tapped=True),
              creature("v", "bob", 1, 1, "Other Vampire creatures you control get +1/+1."))


# ---- 303.4, 613.1f: a creature's own quoted ability as long as it is enchanted ------------------------------------

FLARING = ('As long as Flaring Flame-Kin is enchanted, it gets +2/+2, has trample, and has "{R}: Flaring Flame-Kin '
           'gets +1/+0 until end of turn."')


def test_303_4_flaring_flame_kin_parses() -> None:
    assert [a.term for a in parse_ability_line(FLARING, "Flaring Flame-Kin")] == [
        "anthem_if(attached(aura),each,self,2,2)", "grant_if(attached(aura),each,self,trample)",
        "grant_if(attached(aura),each,self,pump(1,0))"]


def test_303_4_the_pump_is_settled_from_the_auras_attached() -> None:
    """No Aura attaches or unattaches in the combat (611.3a): enchanted, Flaring Flame-Kin has its {R} pump all combat
    long (beside +2/+2 and trample, read as the board runs); not enchanted, none."""
    s = board(creature("e", "alice", 2, 2, FLARING, auras_attached=1, name="Flaring Flame-Kin"),
              creature("n", "alice", 2, 2, FLARING, name="Flaring Flame-Kin"))
    assert kinds(s) == {"e": ["anthem_if", "grant_if", "pump"], "n": ["anthem_if", "grant_if"]}


# ---- 509.1b, 613.1f: a group's restriction on its blockers -------------------------------------------------------

SHIFTING = "Slivers can't be blocked except by Slivers."


def test_509_1b_slivers_can_be_blocked_only_by_slivers() -> None:
    """Shifting Sliver's Slivers (bob's too) can be blocked only by Slivers: bob's Elf b can't block alice's Sliver a,
    bob's Sliver c can (and dies to a's 2)."""
    assert [a.term for a in parse_ability_line(SHIFTING, "Shifting Sliver")] == [
        'grant(all,each,creature_type("sliver"),blocked_only_by(creature_type("sliver")))']
    s = board(sliver("sh", "alice", 1, 1, SHIFTING, tapped=True), sliver("a", "alice", 2, 2),
              creature("b", "bob", 2, 2), sliver("c", "bob", 1, 1), attackers={"a": "bob"})
    assert agreed_outcomes(s) == {outcome(18), outcome(destroyed=("c",), damage={"a": 1})}


# ---- the reference on generated boards -------------------------------------------------------------------------

ACTIVATED_GRANTS = (SEDGE, SPECTRAL)


@st.composite
def sliver_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A board of outcome_boards with no face-down creature, whose creatures are Slivers with one grant line each
    (every Sliver its own source, 613.1f), or not, and its active player with {B}{2}."""
    data = draw(outcome_boards("blockers"))
    assume(not any(p.get("face_down") for p in data["permanents"]))
    line = draw(st.sampled_from(ACTIVATED_GRANTS))
    permanents = [{**p, "subtypes": ["Sliver"], "abilities": [*p.get("abilities", []), line]}
                  if "power" in p and draw(st.booleans()) else p for p in data["permanents"]]
    players = [{**p, "mana": "{B}{2}"} if p["name"] == data["active"] else p for p in data["players"]]
    return {**data, "players": players, "permanents": permanents}


@settings(max_examples=examples(2), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.filter_too_much])
@given(sliver_boards())
def test_group_grants_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)


GIVEN = (SPECTRAL, FUNGUS, SEDGE_SWAMP, PULMONIC)


@st.composite
def grant_boards(draw: st.DrawFn) -> dict[str, Any]:
    """One to four untapped creatures of alice's or bob's before attackers are declared (each source may leave the
    battlefield), Slivers or Elves, some Slivers with one grant line."""
    permanents = []
    for i in range(draw(st.integers(1, 4))):
        member = draw(st.booleans())
        lines = [draw(st.sampled_from(GIVEN))] if member and draw(st.booleans()) else []
        permanents.append({"id": f"c{i}", "controller": draw(st.sampled_from(["alice", "bob"])), "power": 1,
                           "toughness": 1, "subtypes": ["Sliver" if member else "Elf"], "abilities": lines})
    return {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice", "permanents": permanents}


@settings(max_examples=examples(12), deadline=None)
@given(grant_boards())
def test_group_grants_settle_as_the_reference(data: dict[str, Any]) -> None:
    """The loader's settlement equals the reference's reading of the lines (tests/reference/grants.py): the same
    abilities on each permanent, or both refuse the board."""
    want = given_abilities(data)
    if want is None:
        with pytest.raises(pysolver.InputError, match=r"613\.1f"):
            pysolver.load_data(data)
    else:
        got = pysolver.load_data(data)
        assert {p.id: sorted(a.term for a in p.abilities) for p in got.permanents} == {
            pid: sorted(terms) for pid, terms in want.items()}
