"""`pysolver verify` (docs/verify.md): the example puzzles' stated answers, the document and exit codes,
and agreement with a brute-force minimax (tests/reference/minimax.py) on tiny random boards."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.declarations import reference_blocks
from reference.minimax import reference_verify
from strategies import examples

import pysolver
from pysolver.cli import main
from pysolver.game import gametree, goals
from pysolver.game.verify import Verifier
from pysolver.rules.graph import attacker_blocker_graph, node_link

PUZZLES = sorted((Path(__file__).parents[1] / "examples" / "puzzles").glob("*.yaml"))


def stated_answer(path: Path) -> bool:
    """The answer the puzzle's first comment line states: `# Answer: holds…` or `# Answer: does NOT hold…`."""
    first = path.read_text().splitlines()[0].lower()
    assert first.startswith("# answer:"), f"{path.name} must start with '# Answer: …'"
    return "not hold" not in first


def test_there_are_at_least_six_puzzles() -> None:
    assert len(PUZZLES) >= 6


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_puzzle_answer(path: Path, capsys: pytest.CaptureFixture) -> None:
    expected = stated_answer(path)
    status = main(["verify", str(path), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["holds"] is expected
    assert status == (0 if expected else 1)
    body = doc["strategy"] if expected else doc["refutation"]
    assert body["tree"] and (doc["refutation"] if expected else doc["strategy"]) is None


def test_puzzles_agree_with_brute_force() -> None:
    for path in PUZZLES:
        if "planeswalker" in path.stem:
            continue  # the brute force is slow with a planeswalker's split of 7 damage; answer asserted above
        assert reference_verify(pysolver.load(path)) is stated_answer(path), path.name


def test_text_output_names_the_winning_line(capsys: pytest.CaptureFixture) -> None:
    path = next(p for p in PUZZLES if p.stem == "akroma-unmorph-after-blocks")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("holds: alice can force lethal: bob")
    assert "alice (after blockers): turns akroma face up" in out


def test_missing_goal_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("players: [{name: a}, {name: b}]\nactive: a\npermanents: []\n")
    assert main(["verify", str(f)]) == 2
    assert "goal" in capsys.readouterr().err


def board(permanents: list[dict], *, bob_life: int = 20, alice_mana: str = "", bob_mana: str = "",
          goal: dict, combat: dict | None = None) -> pysolver.model.Situation:
    data = {"players": [{"name": "alice", "mana": alice_mana}, {"name": "bob", "life": bob_life, "mana": bob_mana}],
            "active": "alice", "permanents": permanents, "goal": goal}
    if combat:
        data["combat"] = combat
    return pysolver.load_data(data)


def test_defender_answers_a_face_up_turn_in_the_same_window() -> None:
    """117.3c, 117.4: after alice turns her morph face up, bob receives priority and may turn his
    own face up in answer. alice's face-down 5/5 flyer is blocked by bob's face-down Flock-like 0/5
    (megamorph: 1/6). Face up, hers deals 5: lethal to a face-down 2/2, not to the 1/6."""
    s = board([{"id": "drake", "controller": "alice", "power": 5, "toughness": 5,
                "abilities": ["Flying", "Morph {R}"], "face_down": True},
               {"id": "wall", "controller": "bob", "power": 0, "toughness": 5,
                "abilities": ["Flying", "Megamorph {U}"], "face_down": True}],
              alice_mana="{R}", bob_mana="{U}", goal={"destroy": ["wall"]},
              combat={"attackers": {"drake": "bob"}, "blockers": {"wall": ["drake"]}})
    doc = pysolver.verify(s)
    assert doc["holds"] is False
    assert reference_verify(s) is False
    # Without bob's mana he can't answer: alice wins.
    s2 = board([{"id": "drake", "controller": "alice", "power": 5, "toughness": 5,
                 "abilities": ["Flying", "Morph {R}"], "face_down": True},
                {"id": "wall", "controller": "bob", "power": 0, "toughness": 5,
                 "abilities": ["Flying", "Megamorph {U}"], "face_down": True}],
               alice_mana="{R}", goal={"destroy": ["wall"]},
               combat={"attackers": {"drake": "bob"}, "blockers": {"wall": ["drake"]}})
    assert pysolver.verify(s2)["holds"] is True


def test_symmetric_attackers_are_searched_once() -> None:
    bears = [{"id": f"bear{i}", "controller": "alice", "power": 2, "toughness": 2} for i in range(3)]
    s = board(bears + [{"id": "wall", "controller": "bob", "power": 0, "toughness": 4}], bob_life=4,
              goal={"lethal": "bob"})
    doc = pysolver.verify(s)
    assert doc["holds"] is True  # three attack, one is blocked: 4
    assert doc["stats"]["attack_candidates"] == 4  # 0, 1, 2 or 3 bears, not 8 subsets
    assert doc["strategy"]["interchangeable"] == [["bear0", "bear1", "bear2"]]


# ---- random tiny boards against the brute force ---------------------------------------------

KEYWORDS = ["Flying", "Reach", "First strike", "Double strike", "Trample", "Deathtouch", "Lifelink",
            "Menace", "Indestructible", "Haste"]
MORPHS = ["Morph {R}", "Morph {R}{R}", "Megamorph {G}", "Morph {1}"]
MANA = ["", "", "{R}", "{R}{R}", "{G}", "{1}{G}"]


@st.composite
def tiny_creature(draw: st.DrawFn, pid: str, controller: str) -> dict:
    d = {"id": pid, "controller": controller, "power": draw(st.integers(0, 4)), "toughness": draw(st.integers(1, 4)),
         "abilities": draw(st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True))}
    if draw(st.integers(0, 2)) == 0:
        d["face_down"] = True
        d["abilities"].append(draw(st.sampled_from(MORPHS)))
    if draw(st.integers(0, 4)) == 0:
        d["summoning_sick"] = True
    if draw(st.integers(0, 5)) == 0:
        d["damage"] = 1
    return d


@st.composite
def tiny_boards(draw: st.DrawFn) -> pysolver.model.Situation:
    mine = [draw(tiny_creature(f"a{i}", "alice")) for i in range(draw(st.integers(1, 2)))]
    theirs = [draw(tiny_creature(f"b{i}", "bob")) for i in range(draw(st.integers(0, 2)))]
    goals = [{"lethal": "bob"}, {"survive": [mine[0]["id"]]}]
    if theirs:
        goals.append({"destroy": [theirs[0]["id"]]})
    goal = draw(st.sampled_from(goals))
    if draw(st.integers(0, 3)) == 0:
        goal = {draw(st.sampled_from(["all", "any"])): [goal, draw(st.sampled_from(goals))]}
    combat = None
    if draw(st.integers(0, 3)) == 0:
        attacking = draw(st.lists(st.sampled_from([c["id"] for c in mine]), min_size=1, unique=True))
        combat = {"attackers": {a: "bob" for a in attacking}}
    return board(mine + theirs, bob_life=draw(st.integers(1, 6)), alice_mana=draw(st.sampled_from(MANA)),
                 bob_mana=draw(st.sampled_from(MANA)), goal=goal, combat=combat)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_boards())
def test_verify_equals_brute_force_minimax(s: pysolver.model.Situation) -> None:
    assert pysolver.verify(s)["holds"] is reference_verify(s)


@pytest.mark.parametrize("life, abilities, holds", [
    (1, ["Trample"], True), (2, ["Trample"], False),            # 702.19b: 4 lethal to the 0/4 first
    (4, ["Trample", "Deathtouch"], True), (5, ["Trample", "Deathtouch"], False),  # 702.2c: 1 is lethal
    (6, ["Trample", "Double strike"], True), (7, ["Trample", "Double strike"], False),  # 702.19e: 1 + 5
])
def test_lethal_bound_counts_lethal_damage_to_lone_blockers(life: int, abilities: list[str], holds: bool) -> None:
    """goals.damage_bound: a blocked trampler assigns lethal damage to a creature blocking it alone
    before any to the player; the bound decides early and agrees with the brute force."""
    s = board([{"id": "x", "controller": "alice", "power": 5, "toughness": 5, "abilities": abilities},
               {"id": "w", "controller": "bob", "power": 0, "toughness": 4}], bob_life=life,
              goal={"lethal": "bob"}, combat={"attackers": {"x": "bob"}, "blockers": {"w": ["x"]}})
    assert pysolver.verify(s)["holds"] is holds is reference_verify(s)


# ---- the bounds that decide a lethal goal early (goals.sure_lethal, goals.out_of_reach) -------

def lethal_board(attacker: dict, blockers: list[dict], life: int, *, step: str | None = None,
                 bob_mana: str = "") -> pysolver.model.Situation:
    """One attacker x (attacking bob) against `blockers`, all blocking it; bob has `bob_mana`."""
    combat: dict = {"attackers": {"x": "bob"}, "blockers": {b["id"]: ["x"] for b in blockers}}
    if step:
        combat["damage_step"] = step
    return board([{"id": "x", "controller": "alice", **attacker}] + [{"controller": "bob", **b} for b in blockers],
                 bob_life=life, bob_mana=bob_mana, goal={"lethal": "bob"}, combat=combat)


@pytest.mark.parametrize("attacker, blockers, life, sure, holds", [
    ({"power": 3, "toughness": 3, "abilities": ["Double strike"]}, [], 6, True, True),   # 702.4b: 3 + 3
    ({"power": 3, "toughness": 3, "abilities": ["Double strike"]}, [], 7, False, False),
    ({"power": 3, "toughness": 3, "abilities": ["Double strike"]}, [], 3, True, True),
    ({"power": 3, "toughness": 3}, [], 3, True, True),
    # 702.19b: 2 of the trampler's 5 go to the 0/3; 702.2c: with deathtouch 1 is lethal.
    ({"power": 5, "toughness": 5, "abilities": ["Trample"]}, [{"id": "w", "power": 0, "toughness": 3}], 2, True, True),
    ({"power": 5, "toughness": 5, "abilities": ["Trample", "Deathtouch"]},
     [{"id": "w", "power": 0, "toughness": 3}], 4, True, True),
    # 120.6: damage already marked lowers lethal damage: 5 - 1 go through.
    ({"power": 5, "toughness": 5, "abilities": ["Trample"]},
     [{"id": "w", "power": 0, "toughness": 3, "damage": 2}], 4, True, True),
    ({"power": 5, "toughness": 5, "abilities": ["Trample"]},
     [{"id": "w", "power": 0, "toughness": 3, "damage": 2}], 5, False, False),
    # 702.37e: the face-down 2/2 may turn into a 0/4 (megamorph: 1/5), so 5 - 5 is sure, not 5 - 2.
    ({"power": 5, "toughness": 5, "abilities": ["Trample"]},
     [{"id": "w", "power": 0, "toughness": 4, "face_down": True, "abilities": ["Megamorph {G}"]}], 3, False, False),
    # 702.7b, 704.5g: a first-striking blocker kills the trampler before it deals regular damage.
    ({"power": 5, "toughness": 2, "abilities": ["Trample"]},
     [{"id": "w", "power": 2, "toughness": 1, "abilities": ["First strike"]}], 3, False, False),
    ({"power": 5, "toughness": 2, "abilities": ["Trample", "Double strike"]},
     [{"id": "w", "power": 2, "toughness": 1, "abilities": ["First strike"]}], 4, True, True),
    # 702.15b: the lifelinking blocker's 2 come back in the same step.
    ({"power": 6, "toughness": 6, "abilities": ["Trample"]},
     [{"id": "w", "power": 2, "toughness": 1, "abilities": ["Lifelink"]}], 4, False, False),
    ({"power": 6, "toughness": 6, "abilities": ["Trample"]},
     [{"id": "w", "power": 2, "toughness": 1, "abilities": ["Lifelink"]}], 3, True, True),
    # 702.37e: a face-down blocker with a lifelinking face-up side may gain its face-up power (3),
    # and the 2 lethal to it face down are counted: 6 - 2 is sure, 3 may come back (a loose bound).
    ({"power": 6, "toughness": 6, "abilities": ["Trample"]},
     [{"id": "w", "power": 3, "toughness": 1, "face_down": True, "abilities": ["Morph {G}", "Lifelink"]}],
     1, True, True),
    ({"power": 6, "toughness": 6, "abilities": ["Trample"]},
     [{"id": "w", "power": 3, "toughness": 1, "face_down": True, "abilities": ["Morph {G}", "Lifelink"]}],
     2, False, True),
])
def test_sure_lethal_bound(attacker: dict, blockers: list[dict], life: int, sure: bool, holds: bool) -> None:
    """goals.sure_lethal decides a position for the active player only when the brute force agrees."""
    s = lethal_board(attacker, blockers, life, bob_mana="{G}")
    assert (goals.sure_lethal(gametree.root(s).s, "bob") is not None) is sure
    assert reference_verify(s) is holds is pysolver.verify(s)["holds"]


def test_sure_lethal_after_first_strike_damage() -> None:
    """510.4: at the regular step a creature that dealt first-strike damage deals damage again only
    with double strike; one without first strike deals its damage now."""
    s = lethal_board({"power": 3, "toughness": 3, "abilities": ["First strike"]}, [], 3, step="regular")
    assert goals.sure_lethal(gametree.root(s).s, "bob") is None
    assert reference_verify(s) is False is pysolver.verify(s)["holds"]
    s = lethal_board({"power": 3, "toughness": 3, "abilities": ["Double strike"]}, [], 3, step="regular")
    assert goals.sure_lethal(gametree.root(s).s, "bob") is not None
    assert reference_verify(s) is True is pysolver.verify(s)["holds"]


@st.composite
def declared_boards(draw: st.DrawFn, *, blocks_declared: bool = True) -> pysolver.model.Situation:
    """Tiny boards with attackers and blockers declared, lethal goal (the bounds apply at once);
    without `blocks_declared`: attackers only and no mana, so the defence declares blockers next
    (no face-up turn is possible before, 702.37e)."""
    mine = [draw(tiny_creature(f"a{i}", "alice")) for i in range(draw(st.integers(1, 3)))]
    theirs = [draw(tiny_creature(f"b{i}", "bob")) for i in range(draw(st.integers(0, 2)))]
    able = [c["id"] for c in mine if not c.get("summoning_sick") or "Haste" in c["abilities"]]
    attacking = draw(st.lists(st.sampled_from(able), min_size=1, unique=True)) if able else []
    mana = [draw(st.sampled_from(MANA)), draw(st.sampled_from(MANA))] if blocks_declared else ["", ""]
    kw = {"bob_life": draw(st.integers(1, 8)), "alice_mana": mana[0], "bob_mana": mana[1], "goal": {"lethal": "bob"}}
    declared = board(mine + theirs, combat={"attackers": {a: "bob" for a in attacking}}, **kw)
    if not blocks_declared:
        return declared
    blocks = draw(st.sampled_from(sorted(reference_blocks(declared))))
    combat: dict = {"attackers": {a: "bob" for a in attacking}, "blockers": {}}
    for b, a in blocks:
        combat["blockers"].setdefault(b, []).append(a)
    if draw(st.integers(0, 3)) == 0:
        combat["damage_step"] = "regular"
    return board(mine + theirs, combat=combat, **kw)


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(declared_boards())
def test_lethal_bounds_agree_with_brute_force(s: pysolver.model.Situation) -> None:
    """Each bound that decides a position without search (docs/verify.md) agrees with the
    brute-force minimax: sure lethal only where the active player can force it, out of reach only
    where they can't."""
    holds = reference_verify(s)
    settled = gametree.root(s).s
    if goals.sure_lethal(settled, "bob") is not None:
        assert holds
    if goals.out_of_reach(settled, "bob") is not None:
        assert not holds
    assert pysolver.verify(s)["holds"] is holds


def test_graphs_cut_from_a_larger_attack_equal_the_graphs_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Verifier._graph: the attacker-blocker graph of an attack, cut from that of a larger attack on
    the same board, is the graph built for it (509.1a-b: edges, capacities, minimum blockers); a
    graph with requirements (509.1c, Lure) is never cut from."""
    attackers = [{"id": "flyer", "controller": "alice", "power": 2, "toughness": 2, "abilities": ["Flying"]},
                 {"id": "brute", "controller": "alice", "power": 3, "toughness": 2, "abilities": ["Menace"]},
                 {"id": "ghost", "controller": "alice", "power": 1, "toughness": 1, "abilities": ["Can't be blocked"]},
                 {"id": "knight", "controller": "alice", "power": 2, "toughness": 2, "colors": ["white"],
                  "abilities": ["Protection from red"]}]
    blockers = [{"id": "hawk", "controller": "bob", "power": 1, "toughness": 1, "abilities": ["Reach"]},
                {"id": "goblin", "controller": "bob", "power": 2, "toughness": 1, "colors": ["red"],
                 "abilities": ["This creature can block an additional creature each combat"]},
                {"id": "wall", "controller": "bob", "power": 0, "toughness": 4, "tapped": True}]
    lure = {"id": "lure", "controller": "alice", "power": 1, "toughness": 1,
            "abilities": ["All creatures able to block this creature do so"]}
    built: list[str] = []
    monkeypatch.setattr(sys.modules[Verifier.__module__], "attacker_blocker_graph",
                        lambda s: built.append("") or attacker_blocker_graph(s))
    # Largest attack first, as the search tries them; with Lure: built for the attacks with it, and
    # once for the first attack without it (the four), cut for the smaller ones.
    for extra, builds in (([], 1), ([lure], 3)):
        built.clear()
        s = board(attackers + extra + blockers, goal={"lethal": "bob"})
        v = Verifier(s)
        ids = [a["id"] for a in attackers + extra]
        for sub in [ids[:k] for k in range(len(ids), 0, -1)] + [ids[1:3], ids[::2]]:
            declared = s.with_combat(attackers=tuple((a, "bob") for a in sub))
            assert node_link(v._graph(declared)) == node_link(attacker_blocker_graph(declared)), sub
        assert len(built) == builds


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declared_boards(blocks_declared=False))
def test_lethal_whatever_blocks_agrees_with_brute_force(s: pysolver.model.Situation) -> None:
    """At declare blockers, sure lethal whatever the defence declares (goals.sure_damage with the
    possible blockers and their capacities, 509.1a-b) only where the active player can force it."""
    p = gametree.root(s)
    holds = reference_verify(s)
    if p.stage == "declare_blockers" and Verifier(s)._sure(p, "bob") is not None:
        assert holds
    assert pysolver.verify(s)["holds"] is holds


@pytest.mark.parametrize("blockers, life, sure", [
    (["wall"], 4, True),            # 509.1a: the wall blocks one bear; two deal 4
    (["wall"], 5, False),
    (["wall", "hawk"], 2, True),    # two blockers, two bears blocked at most: one deals 2
    (["wall", "hawk"], 3, False),
    (["octopus"], 6, False),        # 509.1a: it can block any number of creatures
])
def test_lethal_whatever_blocks_counts_what_the_blockers_can_block(blockers: list[str], life: int,
                                                                    sure: bool) -> None:
    """Verifier._sure at declare blockers: three 2/2 bears attack; the defence blocks at most as many
    attackers as its blockers' capacities add up to (509.1a), each blocked bear deals nothing."""
    kinds = {"wall": {"power": 0, "toughness": 4}, "hawk": {"power": 1, "toughness": 1},
             "octopus": {"power": 0, "toughness": 8, "abilities": ["Can block any number of creatures"]}}
    s = board([{"id": f"bear{i}", "controller": "alice", "power": 2, "toughness": 2} for i in range(3)]
              + [{"id": b, "controller": "bob", **kinds[b]} for b in blockers], bob_life=life,
              goal={"lethal": "bob"}, combat={"attackers": {f"bear{i}": "bob" for i in range(3)}})
    p = gametree.root(s)
    assert p.stage == "declare_blockers"
    assert (Verifier(s)._sure(p, "bob") is not None) is sure
    assert reference_verify(s) is sure is pysolver.verify(s)["holds"]


@pytest.mark.parametrize("life, sure", [(1, True), (2, False)])
def test_lethal_whatever_blocks_counts_a_blockers_bushido(life: int, sure: bool) -> None:
    """Verifier._sure at declare blockers: a 5/5 trampler against a 0/3 with bushido 1 (702.45a:
    +1/+1 as it blocks, 509.3a), so blocked it tramples over 5 - 4 = 1 (702.19b): sure lethal at 1
    life only; the brute-force minimax agrees."""
    s = board([{"id": "x", "controller": "alice", "power": 5, "toughness": 5, "abilities": ["Trample"]},
               {"id": "w", "controller": "bob", "power": 0, "toughness": 3, "abilities": ["Bushido 1"]}],
              combat={"attackers": {"x": "bob"}}, bob_life=life, goal={"lethal": "bob"})
    p = gametree.root(s)
    assert p.stage == "declare_blockers"
    assert (Verifier(s)._sure(p, "bob") is not None) is sure
    assert pysolver.verify(s)["holds"] is sure is reference_verify(s)


def test_702_19b_a_deathtouch_trampler_needs_nothing_for_a_blocker_already_dealt_lethal_damage() -> None:
    """702.19b, 702.2c: a 2/3 deathtouch double-striking trampler blocked by an indestructible 0/1 and a
    face-down 2/2 assigns 1 to each in the first-strike step (the 2/2 dies, 704.5g); in the regular step
    the 0/1 already has lethal damage marked, so both damage may go to bob at 2: lethal is forced (the
    damage bound once counted 1 more for that blocker and answered no)."""
    s = pysolver.load_data({
        "players": [{"name": "alice"}, {"name": "bob", "life": 2}], "active": "alice",
        "permanents": [{"id": "a", "controller": "alice", "power": 3, "toughness": 4, "counters": {"-1/-1": 1},
                        "abilities": ["Trample", "Deathtouch", "Double strike"]},
                       {"id": "i", "controller": "bob", "power": 0, "toughness": 1, "abilities": ["Indestructible"]},
                       {"id": "f", "controller": "bob", "power": 2, "toughness": 2, "face_down": True,
                        "abilities": ["Morph {3}"]}],
        "combat": {"attackers": {"a": "bob"}, "blockers": {"i": ["a"], "f": ["a"]}}, "goal": {"lethal": "bob"}})
    assert reference_verify(s) is True
    assert pysolver.verify(s)["holds"] is True
