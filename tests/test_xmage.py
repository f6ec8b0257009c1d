"""`pysolver export xmage` (issue 14, docs/engines.md): test vectors as XMage JUnit tests.

The Java is parsed with javalang; when `javac` is on PATH it is also compiled against the stub
classes in tests/fixtures/xmage-stubs (XMage's test API, signatures only).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import javalang
import pytest

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


@pytest.fixture
def exported(tmp_path: Path, capsys: pytest.CaptureFixture) -> tuple[Path, list[dict]]:
    path, vectors = some_vectors(tmp_path)
    assert main(["export", "xmage", str(path), "-o", str(tmp_path / "java")]) == 0
    assert "15 XMage test classes" in capsys.readouterr().err
    return tmp_path / "java", vectors


def test_one_class_per_board_one_test_per_block_declaration(exported: tuple[Path, list[dict]]) -> None:
    out, vectors = exported
    files = sorted(out.glob("*.java"))
    assert [f.name for f in files] == [f"PysolverBoard{i:04d}Test.java" for i in range(1, 16)]
    for file, vector in zip(files, vectors):
        tree = javalang.parse.parse(file.read_text(encoding="utf-8"))
        (cls,) = tree.types
        assert tree.package.name == "org.mage.test.combat.pysolver"
        assert cls.name == file.stem and cls.extends.name == "CardTestPlayerBase"
        tests = [m for m in cls.methods if any(a.name == "Test" for a in m.annotations)]
        assert len(tests) == vector["blocks"]["count"], vector["board"]
        declared = set()
        for method in tests:
            names = [c[0] for c in calls(tree, method)]
            assert names.count("execute") == 1 and "setStopAt" in names \
                and names.index("setStopAt") < names.index("execute")
            assert names.count("attack") == len(vector["situation"]["combat"]["attackers"])
            blocks = sorted([c[1][2].strip('"@'), c[1][3].strip('"@')] for c in calls(tree, method) if c[0] == "block")
            declared.add(json.dumps(blocks))
        assert declared == {json.dumps(sorted(r["blocks"])) for r in vector["blocks"]["results"]}


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


def test_open_damage_assignments_assert_only_what_every_outcome_shares() -> None:
    # two Grizzly Bears block a Craw Wurm (6/4): alice may kill both (3 + 3) or one; bob's
    # blockers deal 4, so the Wurm dies in every outcome
    vector = {"board": "double block", "situation": {
        "players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
        "permanents": [{"id": "a1", "controller": "alice", "card": "Craw Wurm"},
                       {"id": "b1", "controller": "bob", "card": "Grizzly Bears"},
                       {"id": "b2", "controller": "bob", "card": "Grizzly Bears"}],
        "combat": {"attackers": {"a1": "bob"}}},
        "blocks": {"count": 1, "results": [{"blocks": [["b1", "a1"], ["b2", "a1"]]}]}}
    java, notes = board_class(vector, 7)
    tree = javalang.parse.parse(java)
    found = calls(tree, tree.types[0].methods[0])
    assert ("assertGraveyardCount", ("playerA", '"Craw Wurm"', "1")) in found
    assert not [c for c in found
                if c[0] in ("assertGraveyardCount", "assertPermanentCount") and c[1][1] == '"Grizzly Bears"']
    assert "510.1c-d" in java and notes == []


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
