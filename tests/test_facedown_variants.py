"""Disguise (702.168), manifest (701.40) and cloak (701.58): one test per rule with hand-stated
answers, and the solver against the brute-force reference (tests/reference/facedown.py) on random
boards whose face-down creatures are every variant (tests/strategies.py `with_face_down_variants`):
`outcomes`, `verify` and `check`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from boards import board, creature
from combat_boards import damage_boards, outcome_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.damage import reference_assignments
from reference.declarations import reference_blocks
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_face_down_variants

import pysolver
from pysolver.engines import forge
from pysolver.errors import InputError
from pysolver.files.cards import card_key
from pysolver.model.moves import FaceUp, Pass
from pysolver.output.render import move_text
from pysolver.rules.check import stage_of
from pysolver.rules.combat import outcome
from pysolver.rules.facedown import face_up_choices, turn_face_up
from pysolver.scale import invariants

SLOW = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def results(s: pysolver.model.Situation) -> set[tuple[tuple[str, ...], tuple[tuple[str, int], ...]]]:
    """(destroyed, damage) of every outcome; the reference agrees on every outcome."""
    got = list(pysolver.outcomes(s))
    assert {canonical(o) for o in got} == {canonical(o) for o in reference_outcomes(s)}
    return {(tuple(o["destroyed"]), tuple(sorted(o["damage"].items()))) for o in got}


def fight(x: dict, mana: str) -> pysolver.model.Situation:
    """alice's `x` attacks bob and is blocked by bob's 3/3 `y`; alice has `mana`."""
    return board(x, creature("y", "bob", 3, 3), attackers={"x": "bob"}, blockers={"y": ["x"]}, mana=mana)


X_DIES = (("x",), (("y", 2),))  # face down: a 2/2 (708.2a) against the 3/3
Y_DIES = (("y",), (("x", 3),))  # face up: a 4/4


# ---- 701.40b, 701.58b: turned face up for its mana cost if its card is a creature card -------------

@pytest.mark.parametrize("how", ["manifest", "cloak"])
def test_701_40b_701_58b_creature_card_turned_face_up_for_its_mana_cost(how: str) -> None:
    x = creature("x", "alice", 4, 4, face_down=how, mana_cost="{1}{G}")
    assert results(fight(x, "{G}{R}")) == {X_DIES, Y_DIES}
    assert results(fight(x, "{R}{R}")) == {X_DIES}  # 107.4: {G} can't be paid with {R}
    assert list(fight(x, "{G}{R}").game().legal_moves) == [
        Pass("after_blockers", "alice"), FaceUp("after_blockers", "x", "{1}{G}", mana_cost=True)]


def test_701_40b_no_mana_cost_no_morph_stays_face_down() -> None:
    """701.40b: a manifested creature card without a mana cost can't be turned face up."""
    assert results(fight(creature("x", "alice", 4, 4, face_down="manifest"), "{G}{G}{G}")) == {X_DIES}


@pytest.mark.parametrize("types", [["Enchantment"], ["Land"], ["Artifact"]])
def test_701_40b_manifested_noncreature_card_cannot_be_turned_face_up(types: list[str]) -> None:
    """701.40b: its card is not a creature card, so it stays a face-down 2/2 whatever mana is left;
    a face-up turn for its mana cost is refused naming the rule."""
    x = {"id": "x", "controller": "alice", "types": types, "mana_cost": "{G}", "face_down": "manifest"}
    s = fight(x, "{G}{G}")
    assert results(s) == {X_DIES}
    assert s.permanent("x").face_up_ways() == ()
    other = creature("m", "alice", 1, 1, "Morph {G}", face_down=True)  # a priority window opens for it
    window = board(x, creature("y", "bob", 3, 3), other, attackers={"x": "bob"}, blockers={"y": ["x"]},
                   mana="{G}{G}").game()
    assert [m for m in window.legal_moves if isinstance(m, FaceUp)] == [FaceUp("after_blockers", "m", "{G}")]
    assert [v.rule for v in window.legal_moves.why(FaceUp("after_blockers", "x", "{G}", mana_cost=True))] \
        == ["701.40b"]


def test_701_40c_manifested_morph_card_is_turned_face_up_either_way() -> None:
    """701.40c: a manifested card with morph: for its morph cost or for its mana cost."""
    x = creature("x", "alice", 4, 4, "Morph {R}", face_down="manifest", mana_cost="{G}{G}")
    assert results(fight(x, "{R}")) == {X_DIES, Y_DIES}
    assert results(fight(x, "{G}{G}")) == {X_DIES, Y_DIES}
    assert results(fight(x, "{G}")) == {X_DIES}
    moves = [m for m in fight(x, "{R}{G}{G}").game().legal_moves if isinstance(m, FaceUp)]
    assert moves == [FaceUp("after_blockers", "x", "{G}{G}", mana_cost=True), FaceUp("after_blockers", "x", "{R}")]


# ---- 702.37b: the +1/+1 counter only if the megamorph cost was paid ----------------------------------

def test_702_37b_manifested_megamorph_counter_only_for_the_megamorph_cost() -> None:
    """702.37b: "put a +1/+1 counter on it if its megamorph cost was paid to turn it face up"; a
    manifested megamorph card turned face up for its mana cost (701.40b-c) gets none. A 2/2 face up
    blocked by a 2/2: face down or for its mana cost it trades; for {G} (megamorph) it is a 3/3 and
    survives."""
    x = creature("x", "alice", 2, 2, "Megamorph {G}", face_down="manifest", mana_cost="{G}")
    s = board(x, creature("y", "bob", 2, 2), attackers={"x": "bob"}, blockers={"y": ["x"]}, mana="{G}")
    assert results(s) == {(("x", "y"), ()), (("y",), (("x", 2),))}
    assert [(turns, turn_face_up(s, turns).permanent("x").plus_counters) for turns in face_up_choices(s) if turns] \
        == [((("x", "mana_cost"),), 0), ((("x", "megamorph"),), 1)]
    up = s.game().push(FaceUp("after_blockers", "x", "{G}", mana_cost=True))
    assert up.s.permanent("x").plus_counters == 0 and not up.s.permanent("x").face_down
    assert s.game().push(FaceUp("after_blockers", "x", "{G}")).s.permanent("x").plus_counters == 1


# ---- 702.168: disguise ---------------------------------------------------------------------------------

def test_702_168d_disguise_turned_face_up_for_its_disguise_cost() -> None:
    """702.168a, 702.168d: a face-down 2/2 turned face up for its disguise cost {1}{W}."""
    x = creature("x", "alice", 4, 4, "Disguise {1}{W}", face_down=True)
    assert results(fight(x, "{W}{R}")) == {X_DIES, Y_DIES}
    assert results(fight(x, "{R}{R}")) == {X_DIES}
    up = fight(x, "{W}{R}").game().push(FaceUp("after_blockers", "x", "{1}{W}"))
    assert str(up.s.player("alice").spent) == "{1}{W}" and up.s.permanent("x").plus_counters == 0
    assert [v.rule for v in fight(x, "{W}{R}").game().legal_moves.why(FaceUp("after_blockers", "x", "{W}"))] \
        == ["702.168d"]


def test_702_168e_disguise_cost_with_x_is_an_error() -> None:
    with pytest.raises(InputError, match=r"disguise costs with \{X\} \(702.168e\)"):
        board(creature("x", "alice", 4, 4, "Disguise {X}{W}", face_down=True))


# ---- 702.21a: ward {2} of a disguised or cloaked permanent ---------------------------------------------

def without_ward(data: dict) -> dict:
    """The same board with ward taken away: a disguise line read as morph, a cloak as a manifest."""
    permanents = [{**p, "face_down": "manifest" if p.get("face_down") == "cloak" else p.get("face_down", False),
                   "abilities": [line.replace("Disguise", "Morph") for line in p.get("abilities", [])]}
                  for p in data["permanents"]]
    return {**data, "permanents": permanents}


@pytest.mark.parametrize("x", [creature("x", "alice", 4, 4, "Disguise {1}{W}", face_down=True),
                               creature("x", "alice", 4, 4, face_down="cloak", mana_cost="{1}{W}")])
def test_702_21a_ward_changes_no_answer(x: dict) -> None:
    """702.168a, 701.58a give ward {2}; ward triggers only when an opponent's spell or ability targets
    it (702.21a), and nothing here does: every answer is that of the same board without ward."""
    data = {"players": [{"name": "alice", "mana": "{W}{1}"}, {"name": "bob", "life": 4}], "active": "alice",
            "permanents": [x, creature("y", "bob", 3, 3), creature("z", "bob", 1, 1, "Flying")],
            "goal": {"lethal": "bob"}}
    warded, plain = pysolver.load_data(data), pysolver.load_data(without_ward(data))
    assert [o for o in pysolver.outcomes(warded)] == [o for o in pysolver.outcomes(plain)]
    assert pysolver.verify(warded)["holds"] is pysolver.verify(plain)["holds"] is reference_verify(warded)
    assert list(pysolver.legal_attacks(warded)) == list(pysolver.legal_attacks(plain))


@pytest.mark.parametrize("line", ["Provoke", "When this creature dies, it deals 1 damage to any target"])
def test_702_21a_ward_where_an_opponent_could_target_it_is_refused(line: str) -> None:
    """Provoke (702.39a) and "any target" (603.10a) target a creature: ward would trigger, and it is
    not modelled, so the board is an error naming the face-down permanent; the controller's own
    targeting abilities and a manifested card (no ward, 701.40a) are fine."""
    cloaked = creature("y", "bob", 3, 3, face_down="cloak")
    with pytest.raises(InputError, match=r"permanents\[1\].face_down: face-down 'y' has ward \{2\} \(701.58a\)"):
        board(creature("x", "alice", 2, 2, line), cloaked)
    with pytest.raises(InputError, match=r"\(702.168a\)"):
        board(creature("x", "alice", 2, 2, line), creature("y", "bob", 3, 3, "Disguise {1}", face_down=True))
    board(creature("x", "bob", 2, 2, line), cloaked)
    board(creature("x", "alice", 2, 2, line), {**cloaked, "face_down": "manifest"})


def test_face_down_field_values() -> None:
    with pytest.raises(InputError, match=r"face_down: expected true, false, manifest or cloak, got a string"):
        board(creature("x", "alice", 2, 2, face_down="morph"))
    with pytest.raises(InputError, match=r"mana_cost: mana cost '\{X\}\{G\}': costs with \{X\}"):
        board(creature("x", "alice", 2, 2, face_down="manifest", mana_cost="{X}{G}"))
    s = board(creature("x", "alice", 2, 2, face_down="cloak", mana_cost="{2}{U}"))
    assert s.permanent("x").to_data()["face_down"] == "cloak" and pysolver.load_data(s.to_data()) == s


def test_manifest_takes_the_card_mana_cost() -> None:
    """A manifested card's mana cost is its card's (Gudul Lurker, {U}; megamorph {U})."""
    s = board({"id": "x", "controller": "alice", "card": "Gudul Lurker", "face_down": "manifest"}, mana="{U}")
    assert [(way, str(cost)) for way, cost in s.permanent("x").face_up_ways()] == [("megamorph", "{U}"),
                                                                                  ("mana_cost", "{U}")]


# ---- the solver against the reference on every variant -------------------------------------------------

def compare_outcomes(data: dict) -> None:
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = {canonical(o) for o in pysolver.outcomes(s)}
    assert got == want, (sorted(got - want)[:2], sorted(want - got)[:2])
    assert pysolver.count_outcomes(s) == len(want)


@settings(max_examples=examples(25), **SLOW)
@given(with_face_down_variants(outcome_boards("blockers")))
def test_outcomes_after_blocks_equal_reference(data: dict) -> None:
    compare_outcomes(data)


@settings(max_examples=examples(10), **SLOW)
@given(with_face_down_variants(outcome_boards("attackers")))
def test_outcomes_after_attacks_equal_reference(data: dict) -> None:
    compare_outcomes(data)


@settings(max_examples=examples(5), **SLOW)
@given(with_face_down_variants(outcome_boards("none")))
def test_outcomes_of_whole_combat_equal_reference(data: dict) -> None:
    compare_outcomes(data)


@st.composite
def verify_boards(draw: st.DrawFn) -> pysolver.model.Situation:
    """A small board (attacks declared or not) with a goal of the active player."""
    data = draw(with_face_down_variants(outcome_boards(draw(st.sampled_from(["attackers", "none"])))))
    defender = data["players"][1]["name"]
    theirs = [p["id"] for p in data["permanents"] if p["controller"] != "alice" and "power" in p]
    goals = [{"lethal": defender}] + ([{"destroy": [theirs[0]]}] if theirs else [])
    data["goal"] = draw(st.sampled_from(goals))
    return pysolver.load_data(data)


@settings(max_examples=examples(10), **SLOW)
@given(verify_boards())
def test_verify_equals_brute_force_minimax(s: pysolver.model.Situation) -> None:
    assert pysolver.verify(s)["holds"] is reference_verify(s)


@settings(max_examples=examples(15), **SLOW)
@given(with_face_down_variants(damage_boards()))
def test_check_agrees_with_the_reference(data: dict) -> None:
    """Every block declaration and damage assignment of the reference passes `check`, and the
    solver lists exactly the reference's (face-down variants have the same 708.2a characteristics)."""
    s = pysolver.load_data(data)
    blocks = reference_blocks(s)
    assert {frozenset(map(tuple, d["blocks"])) for d in pysolver.legal_blocks(s)} == blocks
    assignments = reference_assignments(s)
    assert {frozenset(map(tuple, a["assignment"])) for a in pysolver.damage_assignments(s)} == assignments
    for a in sorted(assignments, key=sorted)[:5]:
        doc = pysolver.check(s.with_combat(assignment=tuple(sorted(a))))
        assert not [v for v in doc["violations"] if stage_of(v["rule"]) == 2], (sorted(a), doc)


# ---- Forge game states: |FaceDown:Manifested, |FaceDown:Cloaked (docs/engines.md) ----------------------

def test_forge_import_of_manifested_and_cloaked_cards() -> None:
    """Forge marks a manifested card ``FaceDown:Manifested`` and a cloaked one ``FaceDown:Cloaked``: they
    are imported as `face_down: manifest` / `cloak` with their card's mana cost (701.40b, 701.58b)."""
    text = ("activeplayer=human\nactivephase=MAIN1\n"
            "humanbattlefield=Gudul Lurker|FaceDown:Manifested;Grizzly Bears|FaceDown:Cloaked;"
            "Blistering Firecat|FaceDown\naibattlefield=Serra Angel")
    data, notes = forge.to_situation(forge.read_forge(text, "state.txt"))
    how = {p["id"]: p.get("face_down") for p in data["permanents"]}
    assert how == {"gudul_lurker": "manifest", "grizzly_bears": "cloak", "blistering_firecat": True,
                   "serra_angel": None} and notes == []
    s = pysolver.load_data(data)
    assert [str(c) for _, c in s.permanent("grizzly_bears").face_up_ways()] == ["{1}{G}"]
    assert [w for w, _ in s.permanent("gudul_lurker").face_up_ways()] == ["megamorph", "mana_cost"]


def test_forge_export_and_import_keep_the_face_down_variant() -> None:
    data = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [{"id": "m", "controller": "alice", "card": "Gudul Lurker", "face_down": "manifest"},
                           {"id": "c", "controller": "alice", "card": "Grizzly Bears", "face_down": "cloak"},
                           {"id": "t", "controller": "bob", "power": 3, "toughness": 3, "mana_cost": "{2}{G}",
                            "face_down": "cloak", "name": "Beast"}]}
    text, notes = forge.to_forge(pysolver.load_data(data))
    assert "Gudul Lurker|FaceDown:Manifested" in text and "Grizzly Bears|FaceDown:Cloaked" in text
    assert notes == ["t: a Forge token has no mana cost, so its mana cost {2}{G} is not written "
                     "(Forge can't turn it face up for it, 701.40b, 701.58b)"]
    back, _ = forge.to_situation(forge.read_forge(text, "x.txt"))
    assert sorted(p.get("face_down", False) for p in back["permanents"] if "card" in p or "power" in p) \
        == sorted(["manifest", "cloak", "cloak"])


# ---- card files: "Disguise {cost}" in oracle text (files/cards.py) -------------------------------------

MASQUERADER = {"name": "Test Masquerader", "mana_cost": "{3}{W}", "type_line": "Creature — Human Rogue",
               "colors": ["W"], "power": "4", "toughness": "3",
               "oracle_text": "Flying\nDisguise {1}{W} (You may cast this card face down for {3} as a 2/2 creature "
                              "with ward {2}. Turn it face up any time for its disguise cost.)"}


def test_disguise_is_read_from_oracle_text(tmp_path) -> None:
    """The reminder text dropped, "Disguise {1}{W}" is the 702.168a line; cast face down it is turned face
    up for {1}{W}, manifested also for its mana cost {3}{W} (701.40b, 701.40d)."""
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([MASQUERADER, {**MASQUERADER, "name": "Test Impostor",
                                              "oracle_text": "Disguise {X}{W} (reminder)"}]), encoding="utf-8")
    cards = pysolver.load_cards(path)
    assert cards[card_key("Test Masquerader")].lines == ("Flying", "Disguise {1}{W}")
    for how, ways in ((True, [("disguise", "{1}{W}")]),
                      ("manifest", [("disguise", "{1}{W}"), ("mana_cost", "{3}{W}")])):
        s = pysolver.load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a", "permanents": [
            {"id": "m", "controller": "a", "card": "Test Masquerader", "face_down": how}]}, cards=cards)
        assert [(w, str(c)) for w, c in s.permanent("m").face_up_ways()] == ways
    with pytest.raises(InputError, match=r"permanents\[0\].card: permanent 'i' .*702.168e"):
        pysolver.load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a", "permanents": [
            {"id": "i", "controller": "a", "card": "Test Impostor", "face_down": True}]}, cards=cards)


def test_verify_turns_a_manifested_creature_face_up_for_its_mana_cost() -> None:
    """701.40b: the 4/4 face up (for {G}) before attacking deals lethal 4; face down only 2. The proof's
    move says it was for its mana cost (docs/results.md), and the text says so."""
    s = pysolver.load_data({"players": [{"name": "alice", "mana": "{G}"}, {"name": "bob", "life": 4}],
                            "active": "alice", "goal": {"lethal": "bob"},
                            "permanents": [creature("x", "alice", 4, 4, face_down="manifest", mana_cost="{G}")]})
    doc = pysolver.verify(s)
    assert doc["holds"] is True is reference_verify(s)
    first = doc["strategy"]["tree"][0]["move"]
    assert first == {"turn_face_up": ["x"], "mana_cost": True}
    assert move_text(first) == "turns x face up for its mana cost"
    assert pysolver.verify(pysolver.load_data({**s.to_data(), "players": [
        {"name": "alice"}, {"name": "bob", "life": 4}]}))["holds"] is False


def test_the_manifest_example() -> None:
    """examples/manifest-and-cloak.yaml: the Flock face up for its megamorph cost deals 1 (the counter),
    for its mana cost 0, face down 2 and dies (701.40b-c, 702.37b); the cloaked Bears stays face down."""
    s = pysolver.load(Path(__file__).parents[1] / "examples" / "manifest-and-cloak.yaml")
    got = list(pysolver.outcomes(s))
    assert {canonical(o) for o in got} == {canonical(o) for o in reference_outcomes(s)}
    by_turn = {tuple((f["cost"], f.get("mana_cost", False)) for f in o["line"]["face_up"]): o for o in got
               if o["line"]["blocks"]}
    assert {k: (o["destroyed"], o["damage"].get("giant", 0)) for k, o in by_turn.items()} == {
        (): (["flock"], 2), (("{2}{U}", True),): ([], 0), (("{U}", False),): ([], 1)}
    assert all(f["permanent"] == "flock" for o in got for f in o["line"]["face_up"])


def test_sweep_invariants_replay_and_read_face_up_turns_for_a_mana_cost() -> None:
    """The sweep's invariants (pysolver.scale.invariants) replay every line of the example move by
    move to its outcome, and give the Flock its megamorph counter only when turned for {U}."""
    s = pysolver.load(Path(__file__).parents[1] / "examples" / "manifest-and-cloak.yaml")
    for o in pysolver.outcomes(s):
        assert outcome(invariants.replay(s, o["line"]).s).to_json() == {k: v for k, v in o.items() if k != "line"}
    flock = s.permanent("flock")
    assert [invariants.chars(flock, turned).power for turned in ({}, {"flock": True}, {"flock": False})] == [2, 0, 1]


def test_the_board_picture_says_manifested_and_cloaked() -> None:
    svg = pysolver.load(Path(__file__).parents[1] / "examples" / "manifest-and-cloak.yaml").to_svg()
    assert "manifested 2/2" in svg and "cloaked 2/2" in svg and "face-down 2/2" not in svg


def test_702_39a_a_defenders_provoke_never_targets() -> None:
    """Provoke triggers when its creature attacks (702.39a): bob's provoke can't target alice's
    cloaked creature in alice's combat, so the board is not refused."""
    board(creature("x", "alice", 2, 2, face_down="cloak"), creature("y", "bob", 2, 2, "Provoke"))
