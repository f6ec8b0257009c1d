"""`pysolver best` (docs/best.md): optimal play for an objective, against a brute-force minimax on value
vectors (tests/reference/best.py) and against `verify` when the objective is a goal; hand-stated rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.best import reference_best, reference_value
from strategies import examples
from test_verify import MANA, board, tiny_creature

import pysolver
from pysolver.cli import main
from pysolver.game import gametree
from pysolver.game.best import Search, best, objective_for, vector
from pysolver.model.objective import KINDS, Objective, Term

PUMPS = ["{R}: ~ gets +1/+0 until end of turn", "{G}: ~ gets +0/+1 until end of turn"]
COSTS = [None, "{1}", "{2}{G}", "{W}{W}", "{3}{R}{R}"]


@st.composite
def creature(draw: st.DrawFn, pid: str, controller: str) -> dict:
    """A tiny creature (tests/test_verify.py: first strike, double strike, trample, deathtouch, lifelink,
    morphs, …), sometimes with a pump ability, a printed mana cost, and for bob able to block two."""
    d = draw(tiny_creature(pid, controller))
    if draw(st.integers(0, 4)) == 0:
        d["abilities"].append(draw(st.sampled_from(PUMPS)))
    if controller == "bob" and draw(st.integers(0, 3)) == 0:  # 509.1a: its damage is then a choice (510.1d)
        d["abilities"].append("This creature can block an additional creature each combat")
    cost = draw(st.sampled_from(COSTS))
    if cost is not None:
        d["mana_cost"] = cost
    return d


@st.composite
def objectives(draw: st.DrawFn) -> tuple[list[str] | None, str]:
    """None (the side's defaults) or one to three terms, and a side."""
    side = draw(st.sampled_from(["attacker", "defender"]))
    if draw(st.booleans()):
        return None, side
    kinds = [k if k != "value" else draw(st.sampled_from(["value", "value:{}:mv", "value:{}:pt"])) for k in KINDS]
    terms = []
    for _ in range(draw(st.integers(1, 3))):
        kind, player = draw(st.sampled_from(kinds)), draw(st.sampled_from(["alice", "bob"]))
        name = kind.format(player) if "{}" in kind else f"{kind}:{player}"
        terms.append(f"{draw(st.sampled_from(['max', 'min']))} {name}")
    return terms, side


@st.composite
def boards(draw: st.DrawFn, *, quiet: bool = False) -> pysolver.model.Situation:
    """2x2 and 3x2 boards (at most 2 attackers with 2 blockers, or 3 with 1), attacks open or
    declared; `quiet`: no mana, so no window has a move and the first choice is a declaration."""
    n_mine = draw(st.integers(1, 3))
    mine = [draw(creature(f"a{i}", "alice")) for i in range(n_mine)]
    theirs = [draw(creature(f"b{i}", "bob")) for i in range(draw(st.integers(0, 2 if n_mine < 3 else 1)))]
    combat = None
    if draw(st.booleans()):
        able = [c["id"] for c in mine if not c.get("summoning_sick") or "Haste" in c["abilities"]]
        attacking = draw(st.lists(st.sampled_from(able), unique=True)) if able else []
        combat = {"attackers": {a: "bob" for a in attacking}}
    mana = ("", "") if quiet else (draw(st.sampled_from(MANA)), draw(st.sampled_from(MANA)))
    return board(mine + theirs, bob_life=draw(st.integers(1, 6)), alice_mana=mana[0], bob_mana=mana[1],
                 goal={"lethal": "bob"}, combat=combat)


SETTINGS = settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(boards(), objectives())
def test_best_value_equals_brute_force_minimax(s: pysolver.model.Situation,
                                               asked: tuple[list[str] | None, str]) -> None:
    """The optimal value vector is the brute-force minimax's, the principal line reaches it, and
    its first move is one of the optimal ones."""
    o = objective_for(s, *asked)
    found = Search(s, o).solve()
    signed = tuple(v if t.sense == "max" else -v for t, v in found.value)
    assert signed == reference_value(s, o)
    if found.line:
        assert found.line[0].move in found.moves
        p = gametree.root(s)
        for step in found.line:
            p = p.push(step.move)  # every move of the line is legal where it is made
        assert p.is_end() and vector(o, p.s) == signed


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(quiet=True), objectives())
def test_every_optimal_first_move_is_listed(s: pysolver.model.Situation,
                                            asked: tuple[list[str] | None, str]) -> None:
    """Where the first choice is a declaration (508.1 with attacks open, 509.1 with them declared):
    the optimal declarations are exactly the brute force's, identical creatures' included."""
    p = gametree.root(s)
    if p.stage not in ("declare_attackers", "declare_blockers"):
        return
    o = objective_for(s, *asked)
    found = best(s, o)
    value, moves = reference_best(s, o)
    assert tuple(v if t.sense == "max" else -v for t, v in found.value) == value
    assert sorted((m.to_json() for m in found.moves), key=repr) == moves


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_lost_term_is_verify_lethal_goal(s: pysolver.model.Situation) -> None:
    """`max lost:bob` for the attacker is verify's `lethal: bob` (704.5a, 704.5c): 1 exactly when it holds."""
    found = best(s, Objective((Term("max", "lost", "bob"),), "attacker"))
    assert found.value[0][1] == int(pysolver.verify(s)["holds"])


# ---- hand-stated rules ----------------------------------------------------------------------

def creatures(*specs: tuple[str, str, int, int]) -> list[dict]:
    return [{"id": i, "controller": c, "power": p, "toughness": t} for i, c, p, t in specs]


def test_chump_block_that_saves_the_game_beats_a_trade() -> None:
    """bob at 3 life: trading his 2/2 with the 2/2 bear lets the 3/3 deal 3 (704.5a: he loses);
    chump-blocking the 3/3 takes 2 and keeps him alive. The defender's default puts not losing first."""
    s = board(creatures(("big", "alice", 3, 3), ("bear", "alice", 2, 2), ("knight", "bob", 2, 2)), bob_life=3,
              goal={"lethal": "bob"}, combat={"attackers": {"big": "bob", "bear": "bob"}})
    found = best(s)
    assert found.side == "defender" and found.by == "bob" and found.stage == "declare_blockers"
    assert [m.to_json() for m in found.moves] == [{"blocks": [["knight", "big"]]}]
    assert [(str(t), v) for t, v in found.value] == [("min lost:bob", 0), ("max life:bob", 1),
                                                     ("min value:bob", 4), ("max value:alice", 0)]
    assert found.end["destroyed"] == ["knight"] and found.end["life"]["bob"] == 1


@pytest.mark.parametrize("terms, blocks", [
    (["max life:bob", "min value:bob"], [["knight", "big"]]),  # life first: chump
    (["min value:bob", "max life:bob"], []),                   # value first: take 3
])
def test_terms_compare_lexicographically(terms: list[str], blocks: list[list[str]]) -> None:
    """The first term that differs decides; later terms only break ties."""
    s = board(creatures(("big", "alice", 3, 3), ("knight", "bob", 2, 2)), goal={"lethal": "bob"},
              combat={"attackers": {"big": "bob"}})
    found = best(s, objective_for(s, terms))
    assert [m.to_json() for m in found.moves] == [{"blocks": blocks}]


def test_all_optimal_first_moves_are_listed_identical_blockers_too() -> None:
    """Either 1/1 token chump-blocks the 2/2 (life 20, 2 value lost); blocking with both loses both
    (the attacker assigns 1 to each, 510.1c); both single blocks are optimal and both are listed."""
    s = board(creatures(("bear", "alice", 2, 2), ("t1", "bob", 1, 1), ("t2", "bob", 1, 1)),
              goal={"lethal": "bob"}, combat={"attackers": {"bear": "bob"}})
    found = best(s)
    assert [m.to_json() for m in found.moves] == [{"blocks": [["t1", "bear"]]}, {"blocks": [["t2", "bear"]]}]
    assert dict((str(t), v) for t, v in found.value)["min value:bob"] == 2


def test_value_counts_mana_value_when_stated() -> None:
    """202.3: a {3}{W}{W} 2/2 is worth 5, a 4/4 without a cost 8 (power + toughness); the 6/6 trampler
    assigns lethal damage to both (702.19b, 510.1c): 13; `:pt` counts 4 + 8, `:mv` 5 + 0."""
    s = board([{"id": "x", "controller": "alice", "power": 6, "toughness": 6, "abilities": ["Trample"]},
               {"id": "w", "controller": "bob", "power": 2, "toughness": 2, "mana_cost": "{3}{W}{W}"},
               {"id": "v", "controller": "bob", "power": 4, "toughness": 4}],
              goal={"lethal": "bob"}, combat={"attackers": {"x": "bob"}, "blockers": {"w": ["x"], "v": ["x"]}})
    values = [best(s, objective_for(s, [f"max value:bob{m}"], "attacker")).value[0][1] for m in ("", ":pt", ":mv")]
    assert values == [13, 12, 5]


def test_objective_from_the_file_and_its_errors(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """`objective` in the situation file (docs/situation.md); a bad term is one message, exit 2."""
    data = {"players": [{"name": "alice"}, {"name": "bob", "life": 3}], "active": "alice",
            "permanents": creatures(("big", "alice", 3, 3), ("knight", "bob", 2, 2)),
            "objective": {"side": "attacker", "terms": ["max lost:bob"]}}
    f = tmp_path / "s.json"
    f.write_text(json.dumps(data))
    assert main(["best", str(f), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["value"] == [{"term": "max lost:bob", "value": 0}] and doc["format"] == 1
    assert {"attacks": [["big", "bob"]]} in doc["moves"] and {"attacks": []} in doc["moves"]
    assert main(["best", str(f), "--objective", "max lost:carol"]) == 2
    assert "'carol' is not one of the players" in capsys.readouterr().err
    data["objective"] = {"terms": ["maximum life:bob"]}
    f.write_text(json.dumps(data))
    assert main(["best", str(f)]) == 2
    err = capsys.readouterr().err
    assert "objective.terms[0]" in err and "Traceback" not in err


def test_documents_validate_against_the_schema(capsys: pytest.CaptureFixture) -> None:
    """`best --json` (with --stats, and cut by --timeout) and the situation file with an objective
    validate against their schemas (`pysolver schema best`, `situation`)."""
    import jsonschema

    from pysolver.commands import timed_out
    from pysolver.files.schema import schema
    check = jsonschema.Draft202012Validator(schema("best"))
    path = Path(__file__).parents[1] / "examples" / "chump-or-trade.yaml"
    assert main(["best", str(path), "--json", "--stats"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert list(check.iter_errors(doc)) == [] and doc["stats"]["declarations"] == 3
    assert list(check.iter_errors(timed_out("best"))) == []
    for expected in sorted((Path(__file__).parent / "acceptance").glob("*.best.expected.json")):
        assert list(check.iter_errors(json.loads(expected.read_text()))) == [], expected.name
    s = pysolver.load(path)
    data = {**s.to_data(), "objective": {"side": "attacker", "terms": ["max lost:bob", "min value:alice:mv"]}}
    assert list(jsonschema.Draft202012Validator(schema("situation")).iter_errors(data)) == []
    assert pysolver.load_data(data).objective == objective_for(s, ["max lost:bob", "min value:alice:mv"], "attacker")


def test_timeout_is_no_answer(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/cli.md: a search cut by --timeout answers {"value": null, "complete": false}, exit status 3.

    The limit is made to run out at the search's first check (a real 0.5 s limit raced the machine: on a
    fast CI runner the whole search finished in time and answered)."""
    from pysolver.asp import deadline
    monkeypatch.setattr(deadline, "expired", lambda: True)
    path = Path(__file__).parent / "acceptance" / "what-should-bob-block.yaml"
    assert main(["best", str(path), "--json", "--timeout", "60"]) == 3
    assert json.loads(capsys.readouterr().out) == {"value": None, "complete": False, "format": 1}


def test_a_blocker_of_two_attackers_chooses_its_damage() -> None:
    """509.1a, 510.1d: bob's 2/4 blocking a 1/1 and a 2/2 divides its 2 damage as it likes: all to
    the 2/2 kills the most value (4); the attackers' 3 don't kill it."""
    s = board([{"id": "x1", "controller": "alice", "power": 1, "toughness": 1},
               {"id": "x2", "controller": "alice", "power": 2, "toughness": 2},
               {"id": "octo", "controller": "bob", "power": 2, "toughness": 4,
                "abilities": ["This creature can block an additional creature each combat"]}],
              goal={"lethal": "bob"}, combat={"attackers": {"x1": "bob", "x2": "bob"},
                                              "blockers": {"octo": ["x1", "x2"]}})
    found = best(s, objective_for(s, side="defender"))
    assert dict((str(t), v) for t, v in found.value) == {"min lost:bob": 0, "max life:bob": 20,
                                                         "min value:bob": 0, "max value:alice": 4}
    assert found.line[-1].by == "bob" and found.line[-1].move.to_json() == {"assignment": [["octo", "x2", 2]]}
    assert found.end["destroyed"] == ["x2"]


@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_from_the_regular_step_after_first_strike(side: str) -> None:
    """510.4: a file at `damage_step: regular` deals the regular step only (double strike again,
    first strike not); the value equals the brute force's from either side."""
    s = board([{"id": "x", "controller": "alice", "power": 3, "toughness": 3, "abilities": ["Double strike"]},
               {"id": "y", "controller": "alice", "power": 2, "toughness": 2},
               {"id": "w", "controller": "bob", "power": 2, "toughness": 3, "abilities": ["First strike"]},
               {"id": "v", "controller": "bob", "power": 1, "toughness": 1}], bob_life=5, goal={"lethal": "bob"},
              combat={"attackers": {"x": "bob", "y": "bob"}, "blockers": {"w": ["x"], "v": ["y"]},
                      "damage_step": "regular"})
    o = objective_for(s, side=side)
    found = best(s, o)
    assert tuple(v if t.sense == "max" else -v for t, v in found.value) == reference_value(s, o)
    assert dict((str(t), v) for t, v in found.value)[f"{'max' if side == 'attacker' else 'min'} value:bob"] == 7


def test_the_files_objective_seen_from_the_other_side() -> None:
    """docs/best.md: `--side` without terms plays the file's objective from that side, every sense
    flipped (the same game); without either, the side that declares next gets its defaults."""
    s = pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice", "permanents": [],
                            "objective": {"side": "attacker", "terms": ["max lost:bob", "min value:alice:pt"]}})
    assert [str(t) for t in objective_for(s, side="defender").terms] == ["min lost:bob", "max value:alice:pt"]
    assert objective_for(s) == s.objective
    plain = pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice", "permanents": [],
                                "combat": {"attackers": {}}})
    assert objective_for(plain).side == "defender"  # attackers declared, blockers not (509.1)
