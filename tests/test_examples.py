"""Every example in examples/ runs under every command that makes sense for it (exit 0), and a
few answers have the facts the rules say they must have.

`attacks`, `outcomes` and `graph` apply to every board; `blocks` needs `combat.attackers`,
`damage` needs `combat.blockers` too (docs/results.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from pysolver.cli import main

EXAMPLES = Path(__file__).parents[1] / "examples"


def example_files() -> list[Path]:
    return sorted(EXAMPLES.glob("*.yaml"))


def commands_for(path: Path) -> list[str]:
    combat = yaml.safe_load(path.read_text(encoding="utf-8")).get("combat") or {}
    commands = ["attacks", "outcomes", "graph"]
    if combat.get("attackers") is not None:
        commands.append("blocks")
        if combat.get("blockers") is not None:
            commands.append("damage")
    return commands


CASES = [(path, command) for path in example_files() for command in commands_for(path)]


def run(capsys: pytest.CaptureFixture, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return json.loads(out)


def answer(capsys: pytest.CaptureFixture, command: str, name: str) -> dict:
    return run(capsys, command, str(EXAMPLES / name))


def test_the_examples_required_by_the_docs_exist() -> None:
    names = {p.name for p in example_files()}
    assert {"akroma-face-down-vs-first-striker.yaml", "firecat-face-down-chump.yaml", "megamorph.yaml",
            "trample-deathtouch.yaml", "menace-and-lure.yaml"} <= names


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.name)
def test_every_example_says_what_it_shows(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# ") and len(first) > 20


@pytest.mark.parametrize("path, command", CASES, ids=lambda x: x.name if isinstance(x, Path) else x)
def test_example_runs(path: Path, command: str, capsys: pytest.CaptureFixture) -> None:
    assert main([command, str(path)]) == 0  # for people
    out, err = capsys.readouterr()
    assert out.strip() and "Traceback" not in err
    doc = run(capsys, command, str(path))  # for programs
    if command == "graph":
        assert {"nodes", "links"} <= set(doc) or {"nodes", "edges"} <= set(doc)
    else:
        assert doc["complete"] is True and doc["count"] == len(doc["results"]) >= 1


# --- facts that follow from the rules ---------------------------------------------------------

def test_megamorph_counter_shows_in_outcomes(capsys: pytest.CaptureFixture) -> None:
    results = answer(capsys, "outcomes", "megamorph.yaml")["results"]
    # face up with the counter (702.37b) the Flock is a 1/6: it survives and deals 1 damage,
    # which a 0/5 without the counter could not deal
    turned = [r for r in results if r["damage"] == {"giant": 1, "flock": 3}]
    assert len(turned) == 1 and turned[0]["destroyed"] == []
    assert [f["cost"] for f in turned[0]["line"]["face_up"]] == ["{U}"]
    # face down it is a 2/2 (708.2a): it dies and deals 2
    assert any(r["destroyed"] == ["flock"] and r["damage"] == {"giant": 2} for r in results)
    # a face-up Flock without the counter would be a 0/5 dealing no damage: no such outcome
    assert not any(r["damage"] == {"flock": 3} for r in results)


def test_megamorph_face_down_flock_can_block(capsys: pytest.CaptureFixture) -> None:
    blocks = answer(capsys, "blocks", "megamorph.yaml")["results"]
    assert sorted(map(json.dumps, blocks)) == sorted(map(json.dumps,
                                                         [{"blocks": []}, {"blocks": [["flock", "giant"]]}]))


def test_face_down_akroma_can_be_blocked_by_anyone(capsys: pytest.CaptureFixture) -> None:
    # face down she has no flying and no protection (708.2a)
    doc = answer(capsys, "blocks", "akroma-face-down-vs-first-striker.yaml")
    assert doc["count"] == 4


def test_face_up_akroma_outcomes(capsys: pytest.CaptureFixture) -> None:
    results = answer(capsys, "outcomes", "akroma-face-down-vs-first-striker.yaml")["results"]
    # turned face up before blocks: flying and protection from white, nobody blocks, 6 damage
    assert any(r["life"]["bob"] == 14 and r["destroyed"] == [] for r in results)
    # blocked face down by the first striker and not turned: the Knight kills the 2/2 first
    assert any(r["destroyed"] == ["akroma"] and r["line"]["blocks"] == [["knight", "akroma"]] for r in results)
    # turned face up after the Knight blocks: the Knight's damage is prevented (702.16e)
    knight_only = [r for r in results if r["line"]["blocks"] == [["knight", "akroma"]] and r["line"]["face_up"]]
    assert knight_only and all("akroma" not in r["damage"] and "akroma" not in r["destroyed"] for r in knight_only)
    # never more than 6 damage to bob, never a loss
    assert min(r["life"]["bob"] for r in results) == 14 and all(r["lost"] == [] for r in results)


def test_firecat_chump_outcomes(capsys: pytest.CaptureFixture) -> None:
    results = answer(capsys, "outcomes", "firecat-face-down-chump.yaml")["results"]
    face_down = [r for r in results if not r["line"]["face_up"]]
    assert [(r["destroyed"], r["damage"], r["life"]["bob"]) for r in face_down] == [(["cadet"], {"firecat": 1}, 6)]
    face_up = [r for r in results if r["line"]["face_up"]]
    # a 7/1 trampler: 1 is lethal to the Cadet, up to 6 to bob, who is at 6 (702.19b, 704.5a)
    assert {r["life"]["bob"] for r in face_up} == set(range(0, 7))
    assert all(r["destroyed"] == ["cadet", "firecat"] for r in face_up)  # the Cadet's 1 damage kills it
    assert [r["lost"] for r in face_up if r["life"]["bob"] == 0] == [["bob"]]


def test_firecat_face_down_damage_step(capsys: pytest.CaptureFixture) -> None:
    doc = answer(capsys, "damage", "firecat-face-down-chump.yaml")
    assert doc["step"] == "regular" and doc["count"] == 1
    assert sorted(doc["results"][0]["assignment"]) == [["cadet", "firecat", 1], ["firecat", "cadet", 2]]


def test_trample_with_damage_already_marked(capsys: pytest.CaptureFixture) -> None:
    doc = answer(capsys, "damage", "trample-deathtouch.yaml")
    for result in doc["results"]:
        dealt = {(s, t): n for s, t, n in result["assignment"]}
        to_bob = dealt.get(("dreadmaw", "bob"), 0)
        if to_bob:  # lethal to each blocker first; the Bears' 1 marked damage counts (702.19b)
            assert dealt[("dreadmaw", "rats")] >= 1 and dealt[("dreadmaw", "bears")] >= 1
        assert sum(n for (s, _), n in dealt.items() if s == "dreadmaw") == 6
        assert dealt[("nighthawk", "spider")] == 2 and dealt[("rats", "dreadmaw")] == 1
    assert max(dict(((s, t), n) for s, t, n in r["assignment"]).get(("dreadmaw", "bob"), 0)
               for r in doc["results"]) == 4


def test_deathtouch_and_lifelink_outcomes(capsys: pytest.CaptureFixture) -> None:
    results = answer(capsys, "outcomes", "trample-deathtouch.yaml")["results"]
    for r in results:
        assert "dreadmaw" in r["destroyed"]  # 1 deathtouch damage is lethal (702.2b)
        assert "spider" in r["destroyed"]  # so are the Nighthawk's 2
        assert r["life"]["alice"] == 22  # lifelink (702.15b)
    assert {r["life"]["bob"] for r in results} == {16, 17, 18, 19, 20}


def test_lure_beats_menace(capsys: pytest.CaptureFixture) -> None:
    doc = answer(capsys, "blocks", "menace-and-lure.yaml")
    assert doc["results"] == [{"blocks": [["bears", "unicorn"], ["spider", "unicorn"]]}]


def test_readme_python_api_snippets_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every `>>>` snippet in the README's "Python API" section prints what the README says."""
    import doctest
    import re

    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Python API", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert blocks
    monkeypatch.chdir(EXAMPLES.parent)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "README Python API", "README.md", 0)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} README snippet(s) failed (see the output above)"
