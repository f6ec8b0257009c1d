"""`pysolver export xmage` (issue 14, docs/engines.md): test vectors as XMage JUnit tests.

The Java is parsed with javalang; when `javac` is on PATH it is also compiled against the stub
classes in tests/fixtures/xmage-stubs (XMage's test API, signatures only).
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from pathlib import Path

import javalang
import pytest

import pysolver
from pysolver.cli import main
from pysolver.engines.xmage import board_class, java_string

ROOT = Path(__file__).parent.parent
VECTORS = ROOT / "examples" / "vectors" / "vectors.jsonl"
STUBS = Path(__file__).parent / "fixtures" / "xmage-stubs"


def some_vectors(tmp_path: Path, n: int = 15) -> tuple[Path, list[dict]]:
    vectors = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines()[:n]]
    path = tmp_path / "vectors.jsonl"
    path.write_text("".join(json.dumps(v) + "\n" for v in vectors), encoding="utf-8")
    return path, vectors


def calls(tree: javalang.tree.CompilationUnit, method: javalang.tree.MethodDeclaration) -> list[tuple]:
    """(name, literal arguments) of each call in a test method."""
    out = []
    for _, node in method.filter(javalang.tree.MethodInvocation):
        args = tuple(a.value if isinstance(a, javalang.tree.Literal) else getattr(a, "member", None)
                     for a in node.arguments)
        out.append((node.member, args))
    return out


def junit_tests(tree: javalang.tree.CompilationUnit) -> list[javalang.tree.MethodDeclaration]:
    return [m for m in tree.types[0].methods if any(a.name == "Test" for a in m.annotations)]


def declared_outcomes(vector: dict, blocks: list) -> list[dict]:
    """pysolver's outcomes of a declaration with no mana (what the XMage test players have)."""
    d = copy.deepcopy(vector["situation"])
    for p in d["players"]:
        p.pop("mana", None)
    blockers: dict[str, list[str]] = {}
    for b, a in blocks:
        blockers.setdefault(b, []).append(a)
    d["combat"] = {**d["combat"], "blockers": blockers}
    return list(pysolver.outcomes(pysolver.load_data(d)))


def choices(found: list[tuple]) -> list[tuple[str, int]]:
    return [(c[1][0], int(c[1][1].strip('"').removeprefix("X="))) for c in found if c[0] == "setChoice"]


@pytest.fixture
def exported(tmp_path: Path, capsys: pytest.CaptureFixture) -> tuple[Path, list[dict]]:
    path, vectors = some_vectors(tmp_path)
    assert main(["export", "xmage", str(path), "-o", str(tmp_path / "java")]) == 0
    assert "15 XMage test classes" in capsys.readouterr().err
    return tmp_path / "java", vectors


def test_one_class_per_board_one_test_per_block_declaration_and_outcome(exported: tuple[Path, list[dict]]) -> None:
    out, vectors = exported
    files = sorted(out.glob("*.java"))
    assert [f.name for f in files] == [f"PysolverBoard{i:04d}Test.java" for i in range(1, 16)]
    for file, vector in zip(files, vectors):
        tree = javalang.parse.parse(file.read_text(encoding="utf-8"))
        (cls,) = tree.types
        assert tree.package.name == "org.mage.test.combat.pysolver"
        assert cls.name == file.stem and cls.extends.name == "CardTestPlayerBase"
        declared: dict[str, list[str]] = {}
        for method in junit_tests(tree):
            names = [c[0] for c in calls(tree, method)]
            assert names.count("execute") == 1 and "setStopAt" in names \
                and names.index("setStopAt") < names.index("execute")
            assert names.count("setStrictChooseMode") == 1 \
                and names.index("setStrictChooseMode") < names.index("execute")  # any other choice fails
            assert names.count("attack") == len(vector["situation"]["combat"]["attackers"])
            blocks = sorted([c[1][2].strip('"@'), c[1][3].strip('"@')] for c in calls(tree, method) if c[0] == "block")
            declared.setdefault(json.dumps(blocks), []).append(method.documentation)
        assert set(declared) == {json.dumps(sorted(r["blocks"])) for r in vector["blocks"]["results"]}
        for blocks, docs in declared.items():  # 510.1c-d: one test per outcome of the declaration
            n = len(declared_outcomes(vector, json.loads(blocks)))
            assert [re.search(r"Damage assignment (\d+) of (\d+):", doc).groups() for doc in docs] == \
                [(str(k), str(n)) for k in range(1, n + 1)], (vector["board"], blocks)
            described = ", ".join(f"{b} blocks {a}" for b, a in json.loads(blocks)) or "no blocks"
            assert all(f": {described}. Damage assignment" in doc for doc in docs)


def test_assertions_are_the_proved_life_totals_and_deaths(exported: tuple[Path, list[dict]]) -> None:
    out, vectors = exported
    # board 5: Akroma (6/6 flying, trample, protection from white) attacks two White Knights: no
    # legal block (702.9b, 702.16f), so bob goes to 14 and nothing dies
    index = next(i for i, v in enumerate(vectors, 1) if v["board"] == "a=0 b=0.0")
    tree = javalang.parse.parse((out / f"PysolverBoard{index:04d}Test.java").read_text(encoding="utf-8"))
    (method,) = [m for m in tree.types[0].methods]
    found = calls(tree, method)
    assert ("assertLife", ("playerB", "14")) in found and ("assertLife", ("playerA", "20")) in found
    assert ("assertGraveyardCount", ("playerB", '"White Knight"', "0")) in found
    assert ("assertPermanentCount", ("playerB", '"White Knight"', "2")) in found
    assert ("addCard", ("BATTLEFIELD", "playerB", '"White Knight@b2"')) in found
    assert ("attack", ("1", "playerA", '"@a1"')) in found


def test_510_1c_each_damage_assignment_is_pinned_and_its_outcome_asserted_exactly() -> None:
    # two Grizzly Bears block a Craw Wurm (6/4): alice divides 6 among them (510.1c); five outcomes
    # (both die, b1 or b2 dies with 0 or 1 damage on the other); bob's blockers deal 4, the Wurm dies
    vector = {"board": "double block", "situation": {
        "players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
        "permanents": [{"id": "a1", "controller": "alice", "card": "Craw Wurm"},
                       {"id": "b1", "controller": "bob", "card": "Grizzly Bears"},
                       {"id": "b2", "controller": "bob", "card": "Grizzly Bears"}],
        "combat": {"attackers": {"a1": "bob"}}},
        "blocks": {"count": 1, "results": [{"blocks": [["b1", "a1"], ["b2", "a1"]]}]}}
    java, notes = board_class(vector, 7)
    assert notes == [] and "Not pinned" not in java
    tree = javalang.parse.parse(java)
    methods = junit_tests(tree)
    assert [m.name for m in methods] == [f"blocks001Assignment{k}" for k in range(1, 6)]
    seen = set()
    for method, outcome in zip(methods, declared_outcomes(vector, [["b1", "a1"], ["b2", "a1"]]), strict=True):
        found = calls(tree, method)
        told = choices(found)  # XMage asks alice for b1's share, then b2's (the order of the blocks)
        assigned = {dst: n for src, dst, n in outcome["line"]["regular"] if src == "a1"}
        assert told == [("playerA", assigned.get("b1", 0)), ("playerA", assigned.get("b2", 0))]
        assert sum(n for _, n in told) == 6
        seen.add(tuple(told))
        assert ("setStrictChooseMode", ("true",)) in found
        assert ("assertGraveyardCount", ("playerA", '"Craw Wurm"', "1")) in found
        dead = sum(b in outcome["destroyed"] for b in ("b1", "b2"))
        assert ("assertGraveyardCount", ("playerB", '"Grizzly Bears"', str(dead))) in found
        for b in ("b1", "b2"):  # which of the two: by alias
            alive = str(int(b not in outcome["destroyed"]))
            assert ("assertPermanentCount", ("playerB", f'"@{b}"', alive)) in found
            if b not in outcome["destroyed"]:  # 120.3e damage marked, checked in the combat damage step
                damage = str(outcome["damage"].get(b, 0))
                assert ("checkDamage", (f'"damage of {b}"', "1", "COMBAT_DAMAGE", "playerB", f'"@{b}"', damage)) \
                    in found
    assert len(seen) == 5


def test_702_4b_702_19b_a_double_striker_with_trample_is_told_both_steps() -> None:
    # a 3/3 double strike trample attacker blocked by two 2/2s: alice divides 3 in the first-strike
    # step (two answers); one blocker dies (702.4b), and in the regular step the survivor's lethal
    # damage is 2 minus what it has, less than 3, so XMage asks again for one share (702.19b)
    vector = {"board": "double strike", "situation": {
        "players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
        "permanents": [{"id": "a1", "controller": "alice", "name": "Duelist", "power": 3, "toughness": 3,
                        "abilities": ["Double strike", "Trample"]},
                       {"id": "b1", "controller": "bob", "card": "Grizzly Bears"},
                       {"id": "b2", "controller": "bob", "card": "Grizzly Bears"}],
        "combat": {"attackers": {"a1": "bob"}}},
        "blocks": {"count": 1, "results": [{"blocks": [["b1", "a1"], ["b2", "a1"]]}]}}
    java, _ = board_class(vector, 1)
    tree = javalang.parse.parse(java)
    outcomes = declared_outcomes(vector, [["b1", "a1"], ["b2", "a1"]])
    for method, outcome in zip(junit_tests(tree), outcomes, strict=True):
        told = choices(calls(tree, method))
        first = {dst: n for src, dst, n in outcome["line"]["first_strike"] if src == "a1"}
        regular = {dst: n for src, dst, n in outcome["line"]["regular"] if src == "a1"}
        survivors = [b for b in ("b1", "b2") if first.get(b, 0) < 2]
        expected = [("playerA", first.get("b1", 0)), ("playerA", first.get("b2", 0))]
        if len(survivors) == 1:
            expected.append(("playerA", regular.get(survivors[0], 0)))
        assert told == expected, method.documentation


def test_510_1d_a_blocker_of_two_attackers_is_told_by_the_defending_player() -> None:
    # a 3/5 that can block an additional creature (509.1a) blocks two Grizzly Bears: bob divides its
    # 3 damage between them (510.1d), asked for a1's share, then a2's (the order of the blocks)
    vector = {"board": "two attackers", "situation": {
        "players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
        "permanents": [{"id": "a1", "controller": "alice", "card": "Grizzly Bears"},
                       {"id": "a2", "controller": "alice", "card": "Grizzly Bears"},
                       {"id": "b1", "controller": "bob", "name": "Wall", "power": 3, "toughness": 5,
                        "abilities": ["~ can block an additional creature each combat"]}],
        "combat": {"attackers": {"a1": "bob", "a2": "bob"}}},
        "blocks": {"count": 1, "results": [{"blocks": [["b1", "a1"], ["b1", "a2"]]}]}}
    java, _ = board_class(vector, 1)
    tree = javalang.parse.parse(java)
    outcomes = declared_outcomes(vector, [["b1", "a1"], ["b1", "a2"]])
    assert len(outcomes) == 4
    for method, outcome in zip(junit_tests(tree), outcomes, strict=True):
        shares = {dst: n for src, dst, n in outcome["line"]["regular"] if src == "b1"}
        assert choices(calls(tree, method)) == [("playerB", shares.get("a1", 0)), ("playerB", shares.get("a2", 0))]


def test_603_3d_an_open_trigger_target_keeps_the_shared_assertions_and_says_why() -> None:
    # the blocker's death trigger may target any of four (603.3d): XMage's test player is told a
    # target by the ability's XMage rule text, which pysolver does not know
    vector = {"board": "trigger", "situation": {
        "players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
        "permanents": [{"id": "a1", "controller": "alice", "card": "Craw Wurm"},
                       {"id": "b1", "controller": "bob", "name": "Bomb", "power": 1, "toughness": 1,
                        "abilities": ["When this creature dies, it deals 2 damage to any target"]}],
        "combat": {"attackers": {"a1": "bob"}}},
        "blocks": {"count": 1, "results": [{"blocks": [["b1", "a1"]]}]}}
    java, _ = board_class(vector, 1)
    tree = javalang.parse.parse(java)
    (method,) = junit_tests(tree)
    found = calls(tree, method)
    assert "// Not pinned: targets (603.3b, 603.3d)" in java and "rule text" in java
    assert "Damage assignment not pinned: targets are open" in method.documentation
    assert not [c for c in found if c[0] in ("setStrictChooseMode", "setChoice", "checkDamage")]
    assert ("assertGraveyardCount", ("playerB", '"Bomb"', "1")) in found  # every outcome
    assert not [c for c in found if c[0] == "assertLife" and c[1][0] == "playerB"]  # bob may be the target


def test_no_test_of_a_declaration_with_several_outcomes_lacks_pinned_choices(
        exported: tuple[Path, list[dict]]) -> None:
    out, _ = exported
    open_tests = pinned = 0
    for file in sorted(out.glob("*.java")):
        text = file.read_text(encoding="utf-8")
        tree = javalang.parse.parse(text)
        for method in junit_tests(tree):
            if "Damage assignment not pinned" in method.documentation:  # 603.3b, 603.3d: says why
                assert f"public void {method.name}() {{" in text and "// Not pinned: " in text
                continue
            total = int(re.search(r"Damage assignment \d+ of (\d+)", method.documentation).group(1))
            if total > 1:
                open_tests += 1
                pinned += bool(choices(calls(tree, method)))
    assert open_tests > 20 and pinned == open_tests


def test_boards_the_test_framework_cannot_build_are_noted() -> None:
    vector = {"board": "fd", "situation": {
        "players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
        "permanents": [{"id": "a1", "controller": "alice", "card": "Blistering Firecat", "face_down": True}],
        "combat": {"attackers": {"a1": "bob"}}}}
    java, notes = board_class(vector, 1)
    assert java is None and "a1" in notes[0] and "face down" in notes[0]


def test_java_strings_escape_quotes_and_non_ascii() -> None:
    literal = java_string('Ghazbán "the" \\ Ogre')
    assert literal.isascii()  # \u escapes: compiles whatever the source encoding
    assert javalang.parse.parse_expression(literal).value == '"Ghazbán \\"the\\" \\\\ Ogre"'


@pytest.mark.skipif(shutil.which("javac") is None, reason="javac is not on PATH")
def test_the_classes_compile_against_the_test_api(exported: tuple[Path, list[dict]], tmp_path: Path) -> None:
    out, _ = exported
    sources = [str(p) for p in sorted(STUBS.rglob("*.java"))] + [str(p) for p in sorted(out.glob("*.java"))]
    run = subprocess.run(["javac", "-encoding", "UTF-8", "-d", str(tmp_path / "classes"), *sources],
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "classes" / "org" / "mage" / "test" / "combat" / "pysolver"
            / "PysolverBoard0001Test.class").exists()


@pytest.mark.parametrize("argv, words", [
    (["export", "xmage", "nowhere.jsonl", "-o", "OUT"], "cannot read test vectors"),
    (["export", "xmage", "BAD", "-o", "OUT"], "line 1: invalid JSON"),
    (["export", "xmage", "NOSIT", "-o", "OUT"], "needs a \"situation\""),
    (["export", "xmage", "GOOD", "-o", "OUT", "--package", "1bad"], "not a Java package name"),
])
def test_bad_input_is_exit_2(argv: list, words: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    (tmp_path / "bad.jsonl").write_text("{oops\n", encoding="utf-8")
    (tmp_path / "nosit.jsonl").write_text('{"board": "x"}\n', encoding="utf-8")
    good, _ = some_vectors(tmp_path, 1)
    paths = {"BAD": tmp_path / "bad.jsonl", "NOSIT": tmp_path / "nosit.jsonl", "GOOD": good, "OUT": tmp_path / "o",
             "nowhere.jsonl": tmp_path / "nowhere.jsonl"}
    assert main([str(paths.get(a, a)) for a in argv]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_an_attack_on_a_planeswalker_names_it() -> None:
    import pysolver
    pool = pysolver.load_cards(Path(__file__).parent / "fixtures" / "forge" / "cards.json", cache=False)
    vector = {"board": "pw", "situation": {
        "players": [{"name": "alice"}, {"name": "bob", "life": 7}], "active": "alice",
        "permanents": [{"id": "a1", "controller": "alice", "card": "Grizzly Bears"},
                       {"id": "p1", "controller": "bob", "card": "Ajani Goldmane"}],
        "combat": {"attackers": {"a1": "p1"}}}}
    java, _ = board_class(vector, 3, cards=pool)
    tree = javalang.parse.parse(java)
    found = calls(tree, tree.types[0].methods[0])
    assert ("attack", ("1", "playerA", '"@a1"', '"@p1"')) in found  # 508.1b: the attacked planeswalker
    assert ("assertLife", ("playerB", "7")) in found  # damage to a planeswalker removes loyalty (120.3c)
    assert ("assertPermanentCount", ("playerB", '"Ajani Goldmane"', "1")) in found
