"""The typed Python API (issue 13): a board built in code, its round trip through files, moves and
positions (508.1, 509.1, 510.1), typed results, and `mypy --strict` on a user script."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import attack_boards, block_boards, examples

import pysolver
from pysolver import (
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    IllegalMoveError,
    InputError,
    Pass,
    Permanent,
    Player,
    Position,
    Situation,
    Stage,
    permanent_from_card,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml")) + sorted((ROOT / "examples" / "puzzles").glob("*.yaml"))


def two_players(*permanents: Permanent, **fields: object) -> Situation:
    return Situation(players=(Player("alice"), Player("bob")), active="alice", permanents=permanents, **fields)


#: The stage of the game tree at which a move is the next declaration (508.1, 509.1) or the whole
#: next combat damage step (510.1).
STAGE_OF = {AttackDeclaration: Stage.DECLARE_ATTACKERS, BlockDeclaration: Stage.DECLARE_BLOCKERS,
            DamageAssignment: Stage.DAMAGE}


def after(s: Situation, move: AttackDeclaration | BlockDeclaration | DamageAssignment) -> Situation:
    """The situation after `move`, pushed on the game tree at its stage."""
    return Position(STAGE_OF[type(move)], s).push(move).s


# ---- a model you can build and print ---------------------------------------------------------

def test_ability_lines_as_strings_are_parsed_by_the_loader() -> None:
    p = Permanent("bear", "bob", power=2, toughness=2, abilities=("Flying", "Protection from white"))
    assert [a.term for a in p.abilities] == ["flying", "protection(color(white))"]  # 702.9, 702.16
    assert p.ability_lines == ("Flying", "Protection from white")
    assert p == pysolver.load_data({"players": [{"name": "bob"}, {"name": "x"}], "active": "bob", "permanents": [
        {"id": "bear", "controller": "bob", "power": 2, "toughness": 2,
         "abilities": ["Flying", "Protection from white"]}]}).permanent("bear")


def test_a_bad_line_is_an_input_error_with_its_field() -> None:
    with pytest.raises(InputError) as exc:
        Permanent("bear", "bob", power=2, toughness=2, abilities=("Trample", "Flyng"))
    assert exc.value.field == "abilities[1]" and "Flyng" in exc.value.message


def test_a_creature_needs_power_and_toughness() -> None:  # 208.1
    with pytest.raises(InputError, match="208.1") as exc:
        Permanent("bear", "bob", abilities=("Flying",))
    assert exc.value.field == "power"


def test_mana_and_colors_as_text() -> None:
    assert str(Player("alice", mana="{R}{R}{2}").mana) == "{R}{R}{C}{C}"
    with pytest.raises(InputError) as exc:
        Player("alice", mana="{Q}")
    assert exc.value.field == "player.mana"
    assert Permanent("x", "bob", power=1, toughness=1, colors=("W", "Blue"), abilities=()).colors == ("white", "blue")


def test_protection_from_a_player_is_resolved_by_the_situation() -> None:  # 702.16a
    p = Permanent("x", "alice", power=1, toughness=1, abilities=("Flying", "Protection from bob"))
    assert p.unchecked
    s = two_players(p)
    assert not s.permanent("x").unchecked
    assert [a.term for a in s.permanent("x").abilities] == ["flying", 'protection(player("bob"))']
    with pytest.raises(InputError, match="Protection from carol"):
        two_players(Permanent("x", "alice", power=1, toughness=1, abilities=("Protection from carol",)))


def test_a_board_in_code_is_validated_as_a_file() -> None:
    with pytest.raises(InputError, match="not one of the players") as exc:
        pysolver.load_data(two_players(Permanent("x", "carol", power=1, toughness=1, abilities=("Flying",))).to_data())
    assert exc.value.field == "permanents[0].controller"


def test_from_card() -> None:
    bear = permanent_from_card("Grizzly Bears", id="bear", controller="bob", damage=1)
    assert (bear.name, bear.power, bear.toughness, bear.subtypes, bear.damage) == ("Grizzly Bears", 2, 2, ("Bear",), 1)
    with pytest.raises(InputError, match="did you mean 'Grizzly Bears'") as exc:
        permanent_from_card("Grizly Bears", id="bear", controller="bob")
    assert exc.value.field == "card"


def test_repr_is_short() -> None:
    s = pysolver.load(ROOT / "examples" / "megamorph.yaml")
    text = repr(s)
    assert "Mana(" not in text and len(text) < 200, text
    assert repr(s.player("bob")) == "Player('bob', life=20, mana='{U}')"


def test_lookups_name_what_exists() -> None:
    s = pysolver.load(ROOT / "examples" / "megamorph.yaml")
    with pytest.raises(KeyError, match="no permanent with id 'nope'"):
        s.permanent("nope")
    with pytest.raises(KeyError, match="no player named 'carol'"):
        s.player("carol")


def test_with_combat_validates() -> None:  # 508.1a, 509.1a
    s = pysolver.load(ROOT / "examples" / "megamorph.yaml")
    with pytest.raises(InputError, match="'ghost' is not the id of a permanent"):
        s.with_combat(attackers=(("ghost", "bob"),))
    with pytest.raises(InputError, match="509.1a"):
        s.with_combat(blockers=(("giant", "giant"),))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_round_trip(path: Path, tmp_path: Path) -> None:
    s = pysolver.load(path)
    assert pysolver.load(s.dump(tmp_path / "board.yaml")) == s
    assert pysolver.load(s.dump(tmp_path / "board.json")) == s
    assert pysolver.load_data(json.loads(json.dumps(s.to_data()))) == s


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(block_boards(), attack_boards()))
def test_generated_boards_round_trip(tmp_path: Path, data: dict) -> None:
    s = pysolver.load_data(data)
    assert pysolver.load(s.dump(tmp_path / "board.yaml")) == s
    assert pysolver.load_data(s.to_data()) == s


# ---- moves and positions ---------------------------------------------------------------------

@settings(max_examples=examples(25), deadline=None)
@given(block_boards())
def test_legal_blocks_collection_agrees_with_the_functions_and_check(data: dict) -> None:
    s = pysolver.load_data(data)
    blocks = Position(Stage.DECLARE_BLOCKERS, s).legal_moves
    moves = list(blocks)
    assert [m.to_json() for m in moves] == list(pysolver.legal_blocks(s))
    assert blocks.count() == len(moves) == pysolver.count_blocks(s)
    assert bool(blocks) == bool(moves)
    for m in moves[:3]:
        assert m in blocks and blocks.why(m) == ()
        assert after(s, m).combat.blockers == m.blocks


@settings(max_examples=examples(15), deadline=None)
@given(attack_boards())
def test_legal_attacks_collection_agrees_with_the_functions_and_check(data: dict) -> None:  # 508.1
    s = pysolver.load_data(data)
    attacks = Position(Stage.DECLARE_ATTACKERS, s).legal_moves
    moves = list(attacks)
    assert [m.to_json() for m in moves] == list(pysolver.legal_attacks(s))
    assert attacks.count() == len(moves) == pysolver.count_attacks(s)
    for m in moves[:3]:
        assert m in attacks and after(s, m).combat.attackers == m.attacks


def test_attacks_collection() -> None:
    s = two_players(Permanent("x", "alice", power=2, toughness=2),
                    Permanent("w", "alice", power=0, toughness=4, abilities=("Defender",)))
    attacks = Position(Stage.DECLARE_ATTACKERS, s).legal_moves
    assert list(attacks) == [AttackDeclaration(), AttackDeclaration.of([("x", "bob")])]
    assert attacks.count() == 2
    illegal = AttackDeclaration.of([("w", "bob")])
    assert illegal not in attacks and [v.rule for v in attacks.why(illegal)] == ["702.3b"]
    with pytest.raises(IllegalMoveError, match="702.3b") as exc:
        after(s, illegal)
    assert exc.value.violations[0].objects == ("w",)
    attacked = after(s, AttackDeclaration.of([("x", "bob")]))
    assert attacked.combat.attackers == (("x", "bob"),)
    with pytest.raises(IllegalMoveError, match="508.1"):
        after(after(attacked, BlockDeclaration()), AttackDeclaration())


def test_a_stage_and_the_root_are_one_transition_with_one_exception() -> None:  # 508.1, 509.1, 702.9b
    s = two_players(Permanent("x", "alice", power=2, toughness=2, abilities=("Flying",)),
                    Permanent("y", "bob", power=1, toughness=1))
    attack = AttackDeclaration.of([("x", "bob")])
    assert after(s, attack) == s.game().push(attack).s
    attacked = after(s, attack)
    bad = BlockDeclaration.of([("y", "x")])
    with pytest.raises(IllegalMoveError) as played:
        after(attacked, bad)
    with pytest.raises(IllegalMoveError) as pushed:
        attacked.game().push(bad)
    assert played.value.violations == pushed.value.violations == attacked.game().legal_moves.why(bad)
    assert [v.rule for v in played.value.violations] == ["702.9b"] and played.value.move == bad
    damage = attacked.game().push(BlockDeclaration())
    assert damage.stage == "attackers_damage"
    with pytest.raises(IllegalMoveError, match="510.1") as exc:  # no declaration of attackers now
        damage.push(attack)
    assert [v.rule for v in exc.value.violations] == ["510.1"]


def test_illegal_block_names_its_rules() -> None:  # 702.9b
    s = two_players(Permanent("x", "alice", power=2, toughness=2, abilities=("Flying",)),
                    Permanent("y", "bob", power=1, toughness=1, abilities=()), combat=pysolver.Combat({"x": "bob"}))
    move = BlockDeclaration.of([("y", "x")])
    blocks = Position(Stage.DECLARE_BLOCKERS, s).legal_moves
    assert move not in blocks
    with pytest.raises(IllegalMoveError, match=r"702\.9b"):
        after(s, move)
    with pytest.raises(IllegalMoveError, match="509.1a"):
        after(s, BlockDeclaration.of([("x", "x")]))
    assert BlockDeclaration.of([("ghost", "x")]) not in blocks
    assert "x" in blocks.why(BlockDeclaration.of([("y", "x")]))[0].message


def test_damage_collection() -> None:  # 510.1, 702.19
    s = pysolver.load(ROOT / "examples" / "trample-deathtouch.yaml")
    damage = Position(Stage.DAMAGE, s).legal_moves
    moves = list(damage)
    assert [m.to_json() for m in moves] == list(pysolver.damage_assignments(s))
    assert damage.count() == len(moves) and all(m.step == "regular" for m in moves)
    assert moves[0] in damage
    assert DamageAssignment.of("first_strike", moves[0].assignment) not in damage
    assert DamageAssignment.of("regular", [("dreadmaw", "bob", 6)]) not in damage
    # playing each legal assignment (both halves pushed on the game tree, 510.1, then 704.3) reaches
    # exactly the distinct outcomes `outcomes` finds
    from pysolver.rules.combat import outcome
    reached = {outcome(after(s, m)).key for m in moves}
    assert reached == {o.key for o in pysolver.outcome_values(s)}
    with pytest.raises(IllegalMoveError, match="510.1") as exc:
        after(s, DamageAssignment.of("regular", [("dreadmaw", "bob", 6)]))
    assert exc.value.violations == damage.why(DamageAssignment.of("regular", [("dreadmaw", "bob", 6)]))
    with pytest.raises(IllegalMoveError, match="510.4"):
        after(s, DamageAssignment.of("first_strike", moves[0].assignment))
    with pytest.raises(IllegalMoveError, match="510.1"):  # a pass is a move of a priority window (117.3d)
        Position(Stage.DAMAGE, s).push(Pass("after_blockers", "alice"))
    with pytest.raises(IllegalMoveError, match="509.1"):
        after(s.with_combat(blockers=None), moves[0])


# ---- typed results -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["check/akroma-illegal-combat", "trample-deathtouch"])
def test_check_result_to_json_is_the_document(name: str) -> None:
    s = pysolver.load(ROOT / "examples" / f"{name}.yaml")
    assert pysolver.check_result(s).to_json() == pysolver.check(s)


@pytest.mark.parametrize("name", ["megamorph", "akroma-face-down-vs-first-striker"])
def test_outcome_values_to_json_are_the_documents(name: str) -> None:
    s = pysolver.load(ROOT / "examples" / f"{name}.yaml")
    assert [o.to_json() for o in pysolver.outcome_values(s)] == list(pysolver.outcomes(s))


@pytest.mark.parametrize("name", ["lure-forces-the-block", "first-striker-stops-firecat"])
def test_verdict_to_json_is_the_document(name: str) -> None:
    s = pysolver.load(ROOT / "examples" / "puzzles" / f"{name}.yaml")
    doc = pysolver.verify(s, progress=False)
    v = pysolver.verdict(s)
    assert bool(v) == doc["holds"] and v.proof.player == (doc["strategy"] or doc["refutation"])["player"]
    assert set(v.to_json(stats=True)["stats"]) == set(doc["stats"])
    doc.pop("stats")  # seconds differ between runs; to_json() leaves them out, as `verify --json`
    assert v.to_json() == doc
    assert isinstance(v.proof, pysolver.Strategy) and v.proof.to_json() == (doc["strategy"] or doc["refutation"])


@pytest.mark.parametrize("command, name", [("check", "check/akroma-illegal-combat"), ("outcomes", "megamorph"),
                                           ("outcomes", "akroma-face-down-vs-first-striker"),
                                           ("verify", "puzzles/lure-forces-the-block")])
def test_typed_values_are_what_the_commands_print(command: str, name: str, capsys: pytest.CaptureFixture) -> None:
    """Issue 20, typed values to the edge: `check`, `outcomes` and `verify` produce CheckResult,
    Outcome and Verdict where they are found (pysolver.check_result, outcome_values and verdict are
    those producers, no document in between: nothing has a from_json), and the command line's
    JSON is exactly their to_json() (issue 22: with `format`, `verify`'s volatile stats only with `--stats`)."""
    from pysolver import commands
    from pysolver.cli import main
    from pysolver.game import outcomes, verify
    from pysolver.model import values
    from pysolver.rules import check
    assert pysolver.check_result is check.check_result and pysolver.outcome_values is outcomes.outcome_values
    assert pysolver.verdict is verify.verdict
    assert not any(hasattr(getattr(values, k), "from_json")
                   for k in ("CheckResult", "Violation", "Outcome", "Line", "Strategy", "Verdict"))
    path = ROOT / "examples" / f"{name}.yaml"
    s = pysolver.load(path)
    main([command, "--json", "-q", str(path)])
    printed = json.loads(capsys.readouterr().out)
    if command == "outcomes":
        produced = list(commands.enumeration("outcomes", s).tally or ())
        assert produced and all(type(o) is pysolver.Outcome for o in produced)
        assert printed["results"] == [o.to_json() for o in produced] == list(pysolver.outcomes(s))
        return
    value = commands.decide(command, s)
    assert type(value) is (pysolver.CheckResult if command == "check" else pysolver.Verdict)
    assert printed == value.to_json()
    assert value.to_json() == {k: v for k, v in (pysolver.check(s) if command == "check" else
                                                 pysolver.verify(s, progress=False)).items() if k != "stats"}


SITUATIONS = sorted(p for p in (ROOT / "examples").rglob("*.yaml")
                    if "pools" not in p.parts and "cards" not in p.parts)  # examples/cards/ needs its --cards
MOVES = {"attacks": Stage.DECLARE_ATTACKERS, "blocks": Stage.DECLARE_BLOCKERS, "damage": Stage.DAMAGE}


def same_document(args: list[str], produce: Callable[[], object], capsys: pytest.CaptureFixture) -> bool:
    """Whether the command answered: its `--json` document (or its `results`, when `produce` gives a
    list) equals `produce()`; where the command refuses the file (exit status 2: no goal for `verify`,
    no declared attack for `check`, ...), `produce()` raises the same InputError."""
    from pysolver.cli import main
    status = main([*args, "--json", "-q"])
    out, err = capsys.readouterr()
    if status == 2:
        with pytest.raises(InputError) as refused:
            produce()
        assert str(refused.value) in err
        return False
    doc = json.loads(out)
    mine = produce()
    assert (doc["results"] if isinstance(mine, list) else doc) == mine, args
    return True


@pytest.mark.parametrize("path", SITUATIONS, ids=lambda p: p.relative_to(ROOT / "examples").as_posix())
def test_every_example_to_json_is_the_commands_document(path: Path, capsys: pytest.CaptureFixture) -> None:
    """Issue 22: on every situation in examples/, ``check_result(s).to_json()`` and ``verdict(s).to_json()``
    are exactly what `check --json` and `verify --json` print; the outcomes' and legal moves' to_json()
    are the `results` of `outcomes --json`, `attacks --json`, `blocks --json`, `damage --json`."""
    s = pysolver.load(path)
    file = str(path)
    same_document(["check", file], lambda: pysolver.check_result(s).to_json(), capsys)
    assert same_document(["verify", file], lambda: pysolver.verdict(s).to_json(), capsys) is (s.goal is not None)
    assert same_document(["outcomes", file], lambda: [o.to_json() for o in pysolver.outcome_values(s)], capsys)
    answered = [command for command, stage in MOVES.items()
                if same_document([command, file], lambda stage=stage: [m.to_json() for m in
                                                                        Position(stage, s).legal_moves], capsys)]
    assert "attacks" in answered


def test_graph_json_carries_every_attribute() -> None:  # 702.111b, 509.1a, 509.1c
    g = pysolver.block_graph(pysolver.load(ROOT / "examples" / "menace-and-lure.yaml"))
    nodes = {n["id"]: n for n in g.to_json()["nodes"]}
    assert nodes["brute"] == {"id": "brute", "role": "attacker", "name": "Boggart Brute", "power": 3,
                              "toughness": 2, "keywords": ["menace"], "min_blockers": 2}
    assert nodes["bears"]["capacity"] == 1 and nodes["piker"]["keywords"] == ["cant_block"]
    graph = g.to_json()["graph"]
    assert ["lure", ["unicorn", "bears", "0"]] in graph["requirements"]
    assert ["piker", "brute", "509.1b", "cant_block"] in graph["restrictions"]
    dot = g.to_dot()
    assert 'min_blockers="2"' in dot and 'capacity="1"' in dot and 'requirement="lure"' in dot
    assert "requirements=" in dot


def test_face_down_node_has_no_name() -> None:  # 708.2a
    g = pysolver.block_graph(pysolver.load(ROOT / "examples" / "megamorph.yaml"))
    flock = next(n for n in g.to_json()["nodes"] if n["id"] == "flock")
    assert (flock["name"], flock["power"], flock["toughness"], flock["keywords"]) == (None, 2, 2, [])


# ---- the lazy package (issue 10, start-up) ------------------------------------------------------

def test_every_public_name_comes_from_the_module_that_defines_it() -> None:
    import pysolver as api
    own = {"load", "load_data", "load_cards", "check", "outcomes", "verify", "block_graph"}
    assert set(api.__all__) == set(api.MODULES) | own and pysolver.__all__ == api.__all__
    for name in api.__all__:
        value = getattr(pysolver, name)
        assert value is getattr(api, name)
        if name in api.MODULES and hasattr(value, "__module__") and not name == "Move":
            assert value.__module__ == api.MODULES[name], name
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        pysolver.nope  # noqa: B018


def test_import_pysolver_imports_nothing_else_and_check_no_networkx() -> None:
    """``import pysolver`` loads only the package and the name table; a `check` of a file never
    imports networkx (the graph) nor the other commands' modules."""
    code = ("import sys, pysolver; before = {m for m in sys.modules if m.startswith('pysolver')}; "
            "from pysolver.cli import main; main(['check', '-q', sys.argv[1]]); "
            "print(sorted(before), 'networkx' in sys.modules, 'pysolver.game.verify' in sys.modules, "
            "'pysolver.rules.check' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code, str(ROOT / "examples" / "menace-and-lure.yaml")],
                         capture_output=True, text=True, check=True)
    assert run.stdout.splitlines()[-1] == "['pysolver'] False False True"


# ---- mypy --strict on a user script -------------------------------------------------------------

USER_SCRIPT = '''
from dataclasses import replace

import pysolver
from pysolver import (AttackDeclaration, BlockDeclaration, BlockGraph, CheckResult, DamageAssignment, Goal,
                      IllegalMoveError, Move, Outcome, Pass, Permanent, Player, Position, Situation, Stage, Strategy,
                      Verdict, Violation, permanent_from_card)

s = Situation(players=(Player("alice"), Player("bob", mana="{G}")), active="alice",
              permanents=(Permanent("bear", "alice", power=2, toughness=2, abilities=("Trample",)),
                          permanent_from_card("Grizzly Bears", id="cub", controller="bob")))
attacks = Position(Stage.DECLARE_ATTACKERS, s).legal_moves
n: int = attacks.count()
for attack in attacks:
    after: Situation = Position(Stage.DECLARE_ATTACKERS, s).push(attack).s
    blocks = Position(Stage.DECLARE_BLOCKERS, after).legal_moves
    m: int = blocks.count()
    first: Move = next(iter(blocks))
    ok: bool = first in blocks and bool(blocks)
    rules = [v.rule for v in blocks.why(first)]
    blocked: Situation = Position(Stage.DECLARE_BLOCKERS, after).push(first).s
    r: CheckResult = pysolver.check_result(blocked)
    for damage in Position(Stage.DAMAGE, blocked).legal_moves:
        d: Move = damage
        end: Situation = Position(Stage.DAMAGE, blocked).push(damage).s
    steps: int = Position(Stage.DAMAGE, blocked).legal_moves.count()
    outcomes: list[Outcome] = list(pysolver.outcome_values(after))
    life: int = outcomes[0].life_of("bob")
    reveal_type(r.violations)
try:
    Position(Stage.DECLARE_ATTACKERS, s).push(AttackDeclaration.of([("cub", "alice")]))
except IllegalMoveError as exc:
    broken: tuple[Violation, ...] = exc.violations
v: Verdict = pysolver.verdict(replace(s, goal=Goal("lethal", "bob")))
held: bool = v.holds and v.proof.player == "alice"
proof: Strategy = v.proof
attacked: Situation = Position(Stage.DECLARE_ATTACKERS, s).push(AttackDeclaration.of([("bear", "bob")])).s
g: BlockGraph = pysolver.block_graph(attacked)
picture: str = g._repr_svg_() + s.to_svg()
position = s.game()
moves: list[Move] = list(position.legal_moves)
child = position.push(moves[0])
done: bool = child.is_end()
if not done:
    child.push(Pass("after_attackers", "alice"))
s.dump("board.json")
same: bool = pysolver.load("board.json") == s
counted: int = pysolver.count_outcomes(s) + pysolver.count_blocks(after)
reveal_type(s.permanent("bear").power)
reveal_type(blocks.why)
reveal_type(attacks)
reveal_type(position.push)
reveal_type(next(pysolver.outcome_values(s)).to_json())
reveal_type(v.to_json())
reveal_type(pysolver.check_result)
'''


def test_mypy_strict_on_a_user_script(tmp_path: Path) -> None:
    script = tmp_path / "user.py"
    script.write_text(textwrap.dedent(USER_SCRIPT))
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--disallow-any-expr", "--follow-imports=silent",
                          "--no-incremental", "--cache-dir=/dev/null", str(script)],
                         check=False, capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "MYPYPATH": str(ROOT)})  # an editable install hides the sources
    notes = [line for line in run.stdout.splitlines() if "note: Revealed type" in line]
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert errors == [], run.stdout
    assert len(notes) == 8 and not any("Any" in line for line in notes), run.stdout
    assert 'tuple[pysolver.model.values.Violation, ...]' in notes[0] and "int | None" in notes[1]
    # and the script runs (reveal_type is typing's at run time)
    subprocess.run([sys.executable, "-c", "import builtins, runpy, typing; builtins.reveal_type = typing.reveal_type; "
                    "runpy.run_path('user.py')"], check=True, capture_output=True, cwd=tmp_path)


#: The JSON-shaped part of the API (the commands' documents, docs/results.md), typed ``dict[str, Any]``.
#: Everything else public returns (and holds) values typed without ``Any``; parameters may take
#: plain data (``from_data``, ``**changes``).
JSON_SHAPED = {"legal_attacks", "legal_blocks", "damage_assignments", "outcomes", "check", "verify",
               "BlockGraph.to_json"}


def _public_annotations() -> Iterator[tuple[str, str, object]]:
    import collections.abc
    import inspect
    import typing

    import pysolver as api
    from pysolver.files import cards, loader
    from pysolver.game import gametree
    from pysolver.model import moves, stage, values
    from pysolver.model import situation as model
    from pysolver.rules import graph
    names = {k: v for m in (collections.abc, cards, gametree, graph, loader, model, moves, stage, values)
             for k, v in vars(m).items() if not k.startswith("_")}  # what annotations name under TYPE_CHECKING
    objects = [(n, getattr(pysolver, n)) for n in api.__all__ if n != "Move"]
    objects += [(c.__name__, c) for c in (gametree.LegalMoveGenerator, gametree.Position)]
    for name, obj in objects:
        members = [(name, obj)]
        if inspect.isclass(obj):
            found = {k: inspect.getattr_static(obj, k) for k in dir(obj) if not k.startswith("_")}
            members = [(f"{name}.{k}", v.fget if isinstance(v, property) else v) for k, v in found.items()
                       if inspect.isfunction(v) or isinstance(v, (property, classmethod))]
            members.append((name, obj))  # its fields
        for label, member in members:
            if isinstance(member, classmethod):
                member = member.__func__
            for key, hint in typing.get_type_hints(member, localns=names).items():
                yield label, key, hint


def test_no_any_in_the_typed_public_api() -> None:
    leaks = {(label, key) for label, key, hint in _public_annotations()
             if "Any" in repr(hint) and label not in JSON_SHAPED and (key == "return" or "." not in label)}
    assert leaks == set()
    checked = {label for label, _, _ in _public_annotations()}
    assert {"Situation.game", "LegalMoveGenerator.why", "Position.push", "Verdict.to_json", "count_blocks"} <= checked


def test_results_show_themselves_in_notebooks() -> None:
    s = pysolver.load(ROOT / "examples" / "check" / "akroma-illegal-combat.yaml")
    html = pysolver.check_result(s)._repr_html_()
    assert "<b>illegal</b>" in html and "702.16f" in html
    outcome = next(pysolver.outcome_values(pysolver.load(ROOT / "examples" / "megamorph.yaml")))
    assert "<th>life</th>" in outcome._repr_html_()
    verdict = pysolver.verdict(pysolver.load(ROOT / "examples" / "puzzles" / "lure-forces-the-block.yaml"))
    assert verdict._repr_html_().startswith("<pre>holds: alice can force lethal: bob")


def test_players_by_name_and_plain_combat() -> None:
    s = Situation(players=("alice", "bob"), active="alice",  # type: ignore[arg-type]
                  permanents=(Permanent("x", "alice", power=2, toughness=2, subtypes=["Bear"]),),  # type: ignore[arg-type]
                  combat=pysolver.Combat({"x": "bob"}))
    assert s.players == (Player("alice"), Player("bob")) and s.permanent("x").subtypes == ("Bear",)
    assert hash(s) == hash(pysolver.load_data(s.to_data()))
    assert Position(Stage.DECLARE_BLOCKERS, s).legal_moves.count() == 1


def test_parsed_abilities_are_kept_and_cards_are_checked_on_the_board() -> None:
    from pysolver.model.abilities import Ability
    p = Permanent("x", "alice", power=1, toughness=1, abilities=(Ability("flying"),), colors=["R"])  # type: ignore[arg-type]
    assert p.abilities == (Ability("flying"),) and p.colors == ("red",)
    with pytest.raises(InputError, match="not one of the players"):
        pysolver.load_data(two_players(permanent_from_card("Grizzly Bears", id="bear", controller="carol")).to_data())
