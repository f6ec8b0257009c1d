"""`pysolver sweep`: canonical boards, answers equal batch, invariants, vectors and `compare`."""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
import yaml
from strategies import LONG

import pysolver as api
from pysolver import cli
from pysolver.commands import Options
from pysolver.scale import batch, invariants, sweep
from pysolver.scale.vectors import canonical

ROOT = Path(__file__).parents[1]
EXAMPLE_POOL = ROOT / "examples" / "pools" / "vectors.yaml"
EXAMPLE_VECTORS = ROOT / "examples" / "vectors"

# Eight cards with the seed cards, "can't be blocked", protection from everything, lifelink,
# deathtouch, first strike, menace, lure, reach.
EIGHT = {
    "attackers": {"sizes": "1..2", "cards": [
        "Akroma, Angel of Fury", "Blistering Firecat", "Gudul Lurker",
        {"name": "Warden", "power": 2, "toughness": 2, "colors": ["white"],
         "abilities": ["Protection from everything", "Lifelink"]},
        "Boggart Brute"]},
    "blockers": {"sizes": "0..1", "cards": ["White Knight", "Vampire Nighthawk", "Prized Unicorn"]},
}


def write_pool(tmp_path: Path, data: dict, name: str = "pool.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return path


def test_boards_are_every_multiset_once() -> None:
    pool = sweep.parse_pool({"attackers": {"sizes": "1..3", "cards": ["Grizzly Bears", "Hill Giant", "Craw Wurm"]},
                             "blockers": {"sizes": [0, 2], "cards": ["Giant Spider", "White Knight"]},
                             "planeswalkers": [{"name": "Jace", "types": ["Planeswalker"], "loyalty": 3}],
                             "life": {"bob": [20, 4]}})
    boards = list(sweep.boards(pool))
    assert len(boards) == sweep.count_boards(pool) == len({sweep.board_id(pool, b) for b in boards})

    def up_to_renaming(attackers, blockers, targets, life) -> tuple:
        return (tuple(sorted(zip(attackers, targets))), tuple(sorted(blockers)), life)
    generated = {up_to_renaming(b.attackers, b.blockers, b.targets, b.life) for b in boards}
    assert len(generated) == len(boards)  # no two boards equal up to renaming
    # ... and every labelled board (ordered cards, any targets) is one of them
    labelled = set()
    for n in (1, 2, 3):
        for a in itertools.product(range(3), repeat=n):
            for to in itertools.product(["bob", "p1"], repeat=n):
                for b in [(), *itertools.product(range(2), repeat=2)]:
                    for life in pool.lives:
                        labelled.add(up_to_renaming(a, b, to, life))
    assert labelled == generated
    first = boards[0]
    assert sweep.situation(pool, first)["combat"] == {"attackers": {"a1": "bob"}}


def test_pool_errors_name_the_field(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    cases = [
        ({**EIGHT, "colour": 1}, "colour: unknown key"),
        ({**EIGHT, "blockers": {"cards": ["No Such Card"]}}, "blockers.cards[0].card: card 'No Such Card'"),
        ({**EIGHT, "attackers": {"cards": ["Monastery Flock"]}}, "attackers.cards[0]: this creature cannot attack"),
        ({**EIGHT, "attackers": {"cards": [{"id": "x", "power": 1, "toughness": 1}]}}, "attackers.cards[0].id"),
        ({**EIGHT, "attackers": {"cards": ["Hill Giant"], "sizes": "3..1"}}, "attackers.sizes"),
        ({**EIGHT, "blockers": {"cards": [{"power": 1, "toughness": 1, "abilities": ["Flyng"]}]}},
         "blockers.cards[0].abilities[0]"),
        ({**EIGHT, "commands": ["verify"]}, "goal: the verify command needs a goal"),
    ]
    for data, message in cases:
        assert cli.main(["sweep", str(write_pool(tmp_path, data))]) == 2
        assert message in capsys.readouterr().err


def test_sweep_lines_equal_batch_lines(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """`sweep --items` writes the questions as batch input; batch answers them exactly as sweep does."""
    pool = write_pool(tmp_path, {**EIGHT, "attackers": {"sizes": 2, "cards": EIGHT["attackers"]["cards"][:2]},
                                 "commands": ["attacks", "blocks", "damage", "outcomes", "check"]})
    assert cli.main(["sweep", str(pool), "--items", "-o", str(tmp_path / "items.jsonl")]) == 0
    assert cli.main(["sweep", str(pool), "-o", str(tmp_path / "answers.jsonl")]) == 0
    capsys.readouterr()
    answers = [json.loads(t) for t in (tmp_path / "answers.jsonl").read_text().splitlines()]
    out = io.StringIO()
    batch.run_batch((tmp_path / "items.jsonl").read_text().splitlines(), out)
    assert [json.loads(t) for t in out.getvalue().splitlines()] == answers
    ids = Counter(line["id"] for line in answers)
    assert max(ids.values()) == 1 and "a=0.1 b=1/damage/b1>a1" in ids and "a=0.0 b=/attacks" in ids


@pytest.mark.parametrize("blocker", EIGHT["blockers"]["cards"])
def test_eight_card_sweep_keeps_every_invariant(blocker: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """The eight-card pool with the seed cards, one blocker card at a time: one attacker x that blocker
    here, 5 boards each (``PYSOLVER_FUZZ=long``: 1-2 attackers, 20 each; the 3 x 3 sweep, 1190 boards, is
    `benchmarks/sweep_bench.py --full`)."""
    sizes = "1..2" if LONG else 1
    pool = write_pool(tmp_path, {"attackers": {**EIGHT["attackers"], "sizes": sizes},
                                 "blockers": {"sizes": 1, "cards": [blocker]}})
    assert cli.main(["sweep", str(pool), "--invariants"]) == 0
    err = capsys.readouterr().err
    assert f"sweep: {20 if LONG else 5} boards" in err and ", 0 broken" in err
    if hasattr(api, "check"):
        assert "skipped" not in err


def test_invariants_catch_wrong_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = sweep.parse_pool({**EIGHT, "attackers": {"sizes": 2, "cards": ["Vampire Nighthawk", "Gudul Lurker"]},
                             "blockers": {"sizes": 1, "cards": ["Giant Spider"]}})
    board = next(b for b in sweep.boards(pool) if b.attackers == (0, 1))
    assert invariants.check_board(sweep.BoardWork(pool, board)).violations == []

    work = sweep.BoardWork(pool, board)
    outcomes = work.full("outcomes")
    outcomes["results"][0]["life"]["alice"] += 1                        # lifelink miscounted
    work.full("blocks")["results"].append({"blocks": [["b1", "a2"]]})   # Gudul Lurker blocked
    work.damage([["b1", "a1"]])[2]["results"][0]["assignment"][0][2] += 1  # too much damage
    monkeypatch.setattr(api, "count_attacks", lambda s: 99)
    broken = {v["invariant"] for v in invariants.check_board(work).violations}
    assert {"life", "unblockable", "damage-sum", "counts"} <= broken
    if hasattr(api, "check"):
        assert "check-legal" in broken  # check rejects the planted block of a creature that can't be blocked


def as_sets(vector: dict) -> dict:
    """A vector with each `results` list as a set: their order is not significant (docs/results.md)."""
    def doc(d: dict) -> dict:
        return {**d, "results": {canonical(r) for r in d["results"]}} if "results" in d else d
    return {**{k: doc(vector[k]) for k in ("attacks", "blocks", "outcomes")},
            "damage": {json.dumps(d["blocks"]): doc(d) for d in vector["damage"]},
            "board": vector["board"], "situation": vector["situation"]}


def test_example_vectors_are_current_and_compare_finds_differences(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture) -> None:
    pool = sweep.load_pool(EXAMPLE_POOL)
    lines = [json.loads(t) for t in (EXAMPLE_VECTORS / "vectors.jsonl").read_text().splitlines()]
    assert [v["board"] for v in lines] == [sweep.board_id(pool, b) for b in sweep.boards(pool)]
    assert "vectors.jsonl" in (EXAMPLE_VECTORS / "README.md").read_text()
    boards = list(sweep.boards(pool))
    for b in boards[::1 if LONG else 6]:  # (a sample of) the shipped vectors are this version's answers
        assert as_sets(sweep.BoardWork(pool, b).vector(sweep.MAX_RESULTS)) == as_sets(lines[b.index])
        # the vector's situation is self-contained: answering it again gives the same counts
        s = api.load_data(lines[b.index]["situation"])
        assert api.count_blocks(s) == lines[b.index]["blocks"]["count"]

    assert cli.main(["compare", str(EXAMPLE_VECTORS), str(EXAMPLE_VECTORS / "vectors.jsonl")]) == 0
    other = [json.loads(json.dumps(v)) for v in lines]
    other[3]["blocks"]["results"].pop()                                   # a missing declaration
    other[5]["outcomes"]["count"] += 1                                    # a wrong count
    other[7]["damage"][0]["results"].append({"assignment": [["a1", "bob", 99]]})  # an illegal assignment
    other[8]["attacks"]["results"].reverse()                              # order does not matter
    for r in other[9]["outcomes"].get("results", []):
        r["line"] = {"attacks": []}                                       # `line` is not compared
    del other[10]                                                         # a board not answered
    other.append({"board": "a=9 b=", "blocks": {"count": 1}})            # not a board of the vectors
    theirs = tmp_path / "theirs.jsonl"
    theirs.write_text("".join(json.dumps(v) + "\n" for v in other))
    assert cli.main(["compare", str(EXAMPLE_VECTORS), str(theirs), "--json"]) == 1
    reported = {json.loads(t)["board"]: json.loads(t)["differences"] for t in capsys.readouterr().out.splitlines()}
    assert set(reported) == {lines[i]["board"] for i in (3, 5, 7, 10)} | {"a=9 b="}
    assert any("missing" in d for d in reported[lines[3]["board"]])
    assert any("count" in d for d in reported[lines[5]["board"]])
    assert reported[lines[10]["board"]] == ["no answer for this board"]


@pytest.mark.skipif(not LONG, reason="the whole 90-board sweep (about 50 s of CPU) runs with PYSOLVER_FUZZ=long; "
                    "the normal run regenerates every sixth board (test_example_vectors_are_current_…)")
def test_example_vectors_regenerate_byte_for_byte(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command examples/vectors/README.md gives rewrites both files exactly (results in canonical order)."""
    (tmp_path / "examples" / "pools").mkdir(parents=True)
    (tmp_path / "examples" / "pools" / "vectors.yaml").write_bytes(EXAMPLE_POOL.read_bytes())
    monkeypatch.chdir(tmp_path)
    assert cli.main(["sweep", "examples/pools/vectors.yaml", "--vectors", "examples/vectors/"]) == 0
    for name in ("vectors.jsonl", "README.md"):
        assert (tmp_path / "examples" / "vectors" / name).read_bytes() == (EXAMPLE_VECTORS / name).read_bytes(), name


def test_vectors_directory_and_options(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    pool = write_pool(tmp_path, {"attackers": {"sizes": 1, "cards": ["Craw Wurm"]},
                                 "blockers": {"sizes": "0..2", "cards": ["Grizzly Bears"]},
                                 "planeswalkers": [{"name": "Jace", "types": ["Planeswalker"], "loyalty": 3}],
                                 "life": {"bob": [20, 6]}})
    out = tmp_path / "vec"
    assert cli.main(["sweep", str(pool), "--vectors", str(out), "--max-results", "3", "-o", "-", "--count",
                     "--commands", "blocks,outcomes"]) == 0
    printed = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    vectors = [json.loads(t) for t in (out / "vectors.jsonl").read_text().splitlines()]
    assert len(vectors) == 12 and (out / "README.md").is_file()  # 2 life totals x 2 targets x 3 blocker counts
    assert {p["id"].rsplit("/", 1)[1] for p in printed} == {"blocks", "outcomes"}
    assert all("results" not in p["result"] for p in printed)  # --count
    big = next(v for v in vectors if v["board"] == "a=0 b=0.0 life=20.6 to=bob")
    assert big["blocks"]["count"] == 4 and "results" not in big["blocks"]  # more than --max-results
    assert len(big["damage"]) == 4 and sum(d["count"] for d in big["damage"]) > 4
    assert {canonical(r) for r in next(v for v in vectors if v["board"] == "a=0 b= life=20.6 to=p1")
            ["outcomes"]["results"]} == {canonical({"life": {"alice": 20, "bob": 6}, "lost": [], "destroyed": ["p1"],
                                                    "damage": {}, "loyalty": {}, "defense": {}})}


def test_board_errors_do_not_stop_the_sweep(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = sweep.parse_pool({"attackers": {"sizes": 1, "cards": ["Grizzly Bears", "Hill Giant"]},
                             "blockers": {"sizes": 0, "cards": ["Giant Spider"]}})
    original = sweep.BoardWork.lines

    def flaky(self, commands, options):
        if self.board.attackers == (1,):
            raise RuntimeError("boom")
        return original(self, commands, options)
    monkeypatch.setattr(sweep.BoardWork, "lines", flaky)
    out = io.StringIO()
    stats = sweep.run_sweep(pool, out, commands=("blocks",), options=Options())
    lines = [json.loads(t) for t in out.getvalue().splitlines()]
    assert stats.errors == 1 and lines[1] == {"id": "a=1 b=", "error": {
        "field": "", "message": "internal error: RuntimeError: boom"}}


def test_sweep_resume_keeps_whole_boards_and_answers_a_cut_one_again(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture) -> None:
    pool = write_pool(tmp_path, {**EIGHT, "attackers": {"sizes": 1, "cards": EIGHT["attackers"]["cards"][:3]},
                                 "commands": ["attacks", "blocks"]})
    full = tmp_path / "full.jsonl"
    assert cli.main(["sweep", str(pool), "-o", str(full)]) == 0
    written = full.read_text().splitlines(keepends=True)
    boards = [sweep.board_of(json.loads(t)["id"]) for t in written]
    assert len(set(boards)) > 3
    # Killed in the middle of the third board's block: its first line whole, its second cut.
    third = boards.index(sorted(set(boards), key=boards.index)[2])
    partial = tmp_path / "partial.jsonl"
    partial.write_text("".join(written[:third + 1]) + written[third + 1][:10])
    capsys.readouterr()
    assert cli.main(["sweep", str(pool), "--resume", str(partial)]) == 0
    assert "2 boards already answered" in capsys.readouterr().err
    assert sorted(partial.read_text().splitlines(keepends=True)) == sorted(written)
    assert cli.main(["sweep", str(pool), "--resume", str(partial)]) == 0
    assert sorted(partial.read_text().splitlines(keepends=True)) == sorted(written)
    assert cli.main(["sweep", str(pool), "--resume", str(partial), "--vectors", str(tmp_path / "v")]) == 2


@pytest.mark.parametrize("raw", [b"\xff\xfe\n", b'{"board": 1' + b"9" * 5000 + b"}\n", b"[" * 2000 + b"\n", b"[1]\n"])
def test_hostile_answer_files_are_input_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], raw: bytes) -> None:
    """`compare` reads another engine's answers through pysolver.files.reading: non-UTF-8 bytes, a huge
    integer, deep nesting or a line that is not an object is exit 2 naming the file, no traceback."""
    answers = tmp_path / "answers.jsonl"
    answers.write_bytes(raw)
    assert cli.main(["compare", "examples/vectors/vectors.jsonl", str(answers)]) == 2
    err = capsys.readouterr().err
    assert str(answers) in err and "Traceback" not in err
