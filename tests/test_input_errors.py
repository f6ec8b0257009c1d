"""Bad situation files (docs/situation.md, §3): exit status 2, one message on stderr naming the file,
the field and what is wrong, nothing on stdout, no traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import pysolver
from pysolver.cli import main

GOOD = {
    "players": [{"name": "alice", "life": 20}, {"name": "bob", "life": 20}],
    "active": "alice",
    "permanents": [
        {"id": "akroma", "controller": "alice", "power": 6, "toughness": 6, "abilities": ["Flying"]},
        {"id": "knight", "controller": "bob", "power": 2, "toughness": 2},
        {"id": "bear", "controller": "bob", "power": 2, "toughness": 2, "abilities": ["Reach"]},
    ],
    "combat": {"attackers": {"akroma": "bob"}},
}


def run(tmp_path: Path, capsys: pytest.CaptureFixture, text: str, *, name: str = "board.yaml",
        command: str = "blocks") -> str:
    """Run the CLI on a file with this text; check the bad-input contract; return stderr."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    status = main([command, str(path)])  # for people; under --json the error is a JSON object (test_cli.py)
    out, err = capsys.readouterr()
    assert status == 2, err
    assert out == ""
    assert "Traceback" not in err
    assert str(path) in err
    assert len(err.strip().splitlines()) == 1, err
    return err


def changed(edit) -> str:
    data = copy.deepcopy(GOOD)
    edit(data)
    return yaml.safe_dump(data, sort_keys=False)


def test_good_file_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(changed(lambda d: None))
    assert main(["blocks", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 2


# --- syntax ---------------------------------------------------------------------------------------

def test_malformed_yaml(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, "players: [\n  {name: alice\nactive: alice\n")
    assert "line" in err and "invalid YAML/JSON" in err


def test_malformed_json(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, json.dumps(GOOD)[:-5], name="board.json")
    assert "invalid YAML/JSON" in err


def test_duplicate_yaml_keys(tmp_path, capsys) -> None:
    text = "players: [{name: alice}, {name: bob}]\nactive: alice\nactive: bob\npermanents: []\n"
    err = run(tmp_path, capsys, text)
    assert "duplicate key 'active'" in err and "line 3" in err


def test_duplicate_keys_in_a_permanent(tmp_path, capsys) -> None:
    text = ("players: [{name: alice}, {name: bob}]\nactive: alice\npermanents:\n"
            "  - {id: x, controller: alice, power: 1, power: 2, toughness: 1}\n")
    assert "duplicate key 'power'" in run(tmp_path, capsys, text, command="attacks")


def test_unhashable_yaml_key(tmp_path, capsys) -> None:
    assert "key" in run(tmp_path, capsys, "? [a, b]\n: 1\n")


def test_not_utf8(tmp_path, capsys) -> None:
    path = tmp_path / "board.yaml"
    path.write_bytes(b"\xff\xfeplayers: []\n")
    assert main(["attacks", str(path)]) == 2
    out, err = capsys.readouterr()
    assert str(path) in err and "UTF-8" in err and "Traceback" not in err and out == ""


def test_missing_file(tmp_path, capsys) -> None:
    path = tmp_path / "nowhere.yaml"
    assert main(["attacks", str(path)]) == 2
    out, err = capsys.readouterr()
    assert str(path) in err and "cannot read" in err and out == ""


def test_top_level_not_a_mapping(tmp_path, capsys) -> None:
    assert "expected a mapping" in run(tmp_path, capsys, "- 1\n- 2\n")


def test_empty_file(tmp_path, capsys) -> None:
    assert "expected a mapping" in run(tmp_path, capsys, "")


# --- unknown keys -----------------------------------------------------------------------------

@pytest.mark.parametrize(("edit", "field"), [
    (lambda d: d.update(turn=3), "turn"),
    (lambda d: d["players"][1].update(age=30), "players[1].age"),
    (lambda d: d["permanents"][2].update(colour="red"), "permanents[2].colour"),
    (lambda d: d["combat"].update(attacks={}), "combat.attacks"),
    (lambda d: d["permanents"][0].update(counters={"+2/-2": 1}), "permanents[0].counters.+2/-2"),
])
def test_unknown_key(tmp_path, capsys, edit, field) -> None:
    err = run(tmp_path, capsys, changed(edit))
    assert f": {field}: unknown key" in err


def test_missing_required_keys(tmp_path, capsys) -> None:
    assert ": active: missing" in run(tmp_path, capsys, changed(lambda d: d.pop("active")))
    assert ": permanents[1].controller: missing" in run(
        tmp_path, capsys, changed(lambda d: d["permanents"][1].pop("controller")))


# --- wrong types ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("edit", "field", "what"), [
    (lambda d: d["players"][0].update(life="twenty"), "players[0].life", "expected an integer"),
    (lambda d: d["permanents"][1].update(power="2"), "permanents[1].power", "expected an integer"),
    (lambda d: d["permanents"][1].update(toughness=2.5), "permanents[1].toughness", "expected an integer"),
    (lambda d: d["permanents"][1].update(tapped="yes"), "permanents[1].tapped", "expected true or false"),
    (lambda d: d["permanents"][0].update(abilities="Flying"), "permanents[0].abilities", "expected a list"),
    (lambda d: d["permanents"][0].update(abilities=[["Flying"]]), "permanents[0].abilities[0]",
     "expected a string"),
    (lambda d: d["permanents"][1].update(colors=["purple"]), "permanents[1].colors[0]", "not a color"),
    (lambda d: d["permanents"][1].update(types=["Sorcery"]), "permanents[1].types[0]", "not one of"),
    (lambda d: d["permanents"][1].update(damage=-1), "permanents[1].damage", "between 0 and"),
    (lambda d: d.update(players={"alice": 20}), "players", "expected a list"),
    (lambda d: d["players"][0].update(name=7), "players[0].name", "expected a string"),
    (lambda d: d["players"][0].update(mana="{Q}"), "players[0].mana", "mana symbol"),
    (lambda d: d["combat"].update(blockers={"knight": "akroma"}), "combat.blockers.knight", "expected a list"),
    (lambda d: d.update(combat=[]), "combat", "expected a mapping"),
])
def test_wrong_type(tmp_path, capsys, edit, field, what) -> None:
    err = run(tmp_path, capsys, changed(edit))
    assert f": {field}: " in err and what in err


@pytest.mark.parametrize(("name", "edit", "message"), [
    ("board.json", lambda d: d["players"][0].update(mana={"R": 1}),
     "players[0].mana: expected a string, got a mapping"),
    ("board.yaml", lambda d: d["players"][1].update(mana=["{R}"]), "players[1].mana: expected a string, got a list"),
    ("board.yaml", lambda d: d["players"][0].update(mana="{R}{Q}"),
     "players[0].mana: mana '{R}{Q}': {Q} is not a supported mana symbol"),
    ("board.json", lambda d: d["permanents"][0].update(abilities=[{"Flying": True}]),
     "permanents[0].abilities[0]: expected a string, got a mapping"),
    ("board.json", lambda d: d["permanents"][1].update(colors=[{"red": 1}]),
     "permanents[1].colors[0]: expected a string, got a mapping"),
    ("board.json", lambda d: d["permanents"][1].update(counters=["+1/+1"]),
     "permanents[1].counters: expected a mapping, got a list"),
    ("board.json", lambda d: d["permanents"][1].update(counters={"+1/+1": {"n": 1}}),
     "permanents[1].counters.+1/+1: expected an integer, got a mapping"),
])
def test_each_message_names_the_file_and_field_once(tmp_path, capsys, name, edit, message) -> None:
    """Issue 22: an InputError raised while reading a field is not wrapped into another one (the mana
    string used to be read inside the handler of Mana.parse's ValueError: `x.json: players[0].mana: x.json:
    players[0].mana: ...`)."""
    data = copy.deepcopy(GOOD)
    edit(data)
    err = run(tmp_path, capsys, json.dumps(data) if name.endswith(".json") else changed(edit), name=name)
    assert err == f"pysolver: error: {tmp_path / name}: {message}\n"


HINT = '(YAML reads on/off/yes/no as true/false: write "on" in quotes)'


@pytest.mark.parametrize(("text", "field", "what"), [
    ("permanents[0].id: on", "permanents[0].id", "expected a string, got a boolean"),
    ("players[0].name: no", "players[0].name", "expected a string, got a boolean"),
    ("permanents[1].controller: yes", "permanents[1].controller", "expected a string, got a boolean"),
    ("active: off", "active", "expected a string, got a boolean"),
    ("combat.attackers.akroma: True", "combat.attackers.akroma", "expected a string, got a boolean"),
    ("combat.blockers.knight: [false]", "combat.blockers.knight[0]", "expected a string, got a boolean"),
    ("combat.attackers: {on: bob}", "combat.attackers.True", "True is not the id of a permanent"),
])
def test_a_yaml_boolean_where_a_string_is_expected_says_to_quote_it(tmp_path, capsys, text, field, what) -> None:
    """YAML 1.1 reads on/off/yes/no/true/false as booleans (PyYAML, like YAML 1.2, leaves y and n
    strings): an id, a name, a player or a target written so gets a hint; a JSON `true` does not
    (JSON has no such words)."""
    where, value = text.split(": ", 1)
    data = copy.deepcopy(GOOD)
    *parents, key = where.replace("[", ".").replace("]", "").split(".")
    node = data
    for part in parents:
        node = node[int(part)] if part.isdigit() else node.setdefault(part, {})
    node[key] = "@VALUE@"
    err = run(tmp_path, capsys, yaml.safe_dump(data, sort_keys=False).replace("'@VALUE@'", value))
    assert err == f"pysolver: error: {tmp_path / 'board.yaml'}: {field}: {what} {HINT}\n"
    if value in ("True", "[false]"):  # written in JSON: no hint
        err = run(tmp_path, capsys, json.dumps(data).replace('"@VALUE@"', value.lower()), name="board.json")
        assert err == f"pysolver: error: {tmp_path / 'board.json'}: {field}: {what}\n"


# --- identifiers and references ---------------------------------------------------------------------

def test_duplicate_ids(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][2].update(id="knight")))
    assert ": permanents[2].id: " in err and "duplicate id 'knight'" in err


def test_duplicate_player_names(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["players"].append({"name": "bob"})))
    assert ": players[2].name: " in err and "duplicate" in err


def test_id_equal_to_a_player_name(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][1].update(id="bob")))
    assert ": permanents[1].id: " in err and "player" in err


def test_invalid_name(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][1].update(id="2knight")))
    assert ": permanents[1].id: " in err and "not a valid name" in err


def test_dangling_controller(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][1].update(controller="carol")))
    assert ": permanents[1].controller: " in err and "'carol'" in err


def test_active_not_a_player(tmp_path, capsys) -> None:
    assert ": active: " in run(tmp_path, capsys, changed(lambda d: d.update(active="carol")))


def test_card_not_in_any_pool(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][1].update(card="No Such Card")))
    assert ": permanents[1].card: " in err and "'No Such Card'" in err


def test_attacker_id_unknown(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["combat"].update(attackers={"ghost": "bob"})))
    assert ": combat.attackers.ghost: " in err and "'ghost'" in err


def test_attacker_not_the_active_players_creature(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["combat"].update(attackers={"knight": "alice"})))
    assert ": combat.attackers.knight: " in err and "508.1a" in err


def test_attack_target_not_attackable(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["combat"].update(attackers={"akroma": "alice"})))
    assert ": combat.attackers.akroma: " in err and "508.1b" in err


def test_blocker_assigned_to_a_non_attacker(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["combat"].update(blockers={"knight": ["bear"]})))
    assert ": combat.blockers.knight[0]: " in err and "'bear'" in err and "509.1a" in err


def test_blocker_of_the_active_player(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["combat"].update(blockers={"akroma": ["akroma"]})))
    assert ": combat.blockers.akroma: " in err


def test_blocks_need_declared_attackers(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d.pop("combat")))
    assert "combat.attackers" in err


# --- abilities and characteristics ------------------------------------------------------------------

def test_unknown_ability_line_names_permanent_and_line(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][2].update(abilities=["Reach", "Flyng"])))
    assert ": permanents[2].abilities[1]: " in err and "'bear'" in err and "'Flyng'" in err


def test_protection_from_an_unknown_quality(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][0].update(abilities=["Protection from carol"])))
    assert ": permanents[0].abilities[0]: " in err and "Protection from carol" in err


def test_missing_power_on_a_creature(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][1].pop("power")))
    assert ": permanents[1].power: " in err and "'knight'" in err


def test_planeswalker_without_loyalty(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"].append(
        {"id": "pw", "controller": "bob", "types": ["Planeswalker"]})))
    assert ": permanents[3].loyalty: " in err


def test_battle_without_protector(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"].append(
        {"id": "siege", "controller": "alice", "types": ["Battle"], "defense": 3})))
    assert ": permanents[3].protector: " in err


def test_free_text_subtypes_do_not_break_the_solver(tmp_path, capsys) -> None:
    """Subtypes go into the ASP program as strings: quotes and backslashes are escaped."""
    path = tmp_path / "board.yaml"
    path.write_text(changed(lambda d: d["permanents"][1].update(subtypes=['Go"blin\\'])))
    assert main(["blocks", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 2


# --- anything else goes wrong only as an InputError ----------------------------------------------------

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=4), st.floats(allow_nan=False),
                 st.lists(st.integers(0, 2), max_size=2),
                 st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                 st.sampled_from(["alice", "bob", "akroma", "knight", "Flying", "{R}", "Creature", "red"]))


def paths(value, prefix=()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, prefix + (i,))
    return out


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(paths(GOOD)[1:]), JUNK)
def test_any_mutation_is_accepted_or_an_input_error(where: tuple, junk) -> None:
    data = copy.deepcopy(GOOD)
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = junk
    try:
        s = pysolver.load_data(data)
    except pysolver.InputError as exc:
        assert exc.message
        return
    try:
        pysolver.count_blocks(s)
    except pysolver.InputError:
        pass


def test_parts_a_command_does_not_read_are_noted_not_silently_ignored(tmp_path, capsys) -> None:
    """docs/results.md: `combat.assignment` is judged only by `check` and `goal` only by `verify`; other
    commands say so on stderr instead of ignoring them silently."""
    from pysolver.cli import main
    path = tmp_path / "s.yaml"
    path.write_text("players: [{name: a}, {name: b}]\nactive: a\n"
                    "permanents: [{id: x, controller: a, power: 1, toughness: 1}]\n"
                    "combat: {attackers: {x: b}, blockers: {}, assignment: [[x, b, 1]]}\ngoal: {lethal: b}\n")
    assert main(["damage", str(path), "--json"]) == 0
    err = capsys.readouterr().err
    assert "combat.assignment is read only by `check`" in err and "goal is read only by `verify`" in err
    assert main(["check", str(path), "--json"]) == 0
    err = capsys.readouterr().err
    assert "combat.assignment" not in err and "goal is read only by `verify`" in err


# --- structure limits (pysolver.files.reading, docs/limits.md) ------------------------------------------

LAUGHS = "\n".join(["goal:", "  all:", '    - &a [{lethal: bob}, {lethal: bob}, {lethal: bob}, {lethal: bob}]'] +
                   [f"    - &{chr(98 + i)} {{all: [{', '.join(['*' + chr(97 + i)] * 9)}]}}" for i in range(9)])


@pytest.mark.parametrize("command", ["blocks", "verify"])
def test_billion_laughs_are_refused_in_milliseconds(tmp_path, capsys, command) -> None:
    """Aliases expanding to 9^9 goals: refused while reading, even by `blocks`, which never reads a goal."""
    import time
    start = time.monotonic()
    err = run(tmp_path, capsys, changed(lambda d: None) + LAUGHS + "\n", command=command)
    assert time.monotonic() - start < 5
    assert "aliases" in err and "expand to more than" in err


def test_a_recursive_alias_is_refused(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: None) + "goal: &g {all: [*g]}\n")
    assert "alias inside the node it names" in err


@pytest.mark.parametrize("name, text", [
    ("deep.yaml", "goal: " + "{all: [" * 400 + "{lethal: bob}" + "]}" * 400),
    ("deep.json", None),
])
def test_deep_nesting_is_refused(tmp_path, capsys, name, text) -> None:
    if text is None:
        doc = json.dumps({**GOOD, "goal": "HOLE"})
        text = doc.replace('"HOLE"', '{"all": [' * 100_000 + "]}" * 100_000)
    else:
        text = changed(lambda d: None) + text + "\n"
    err = run(tmp_path, capsys, text, name=name)
    assert "nesting" in err and "deeper than 100 levels" in err


@pytest.mark.parametrize("name", ["board.yaml", "board.json"])
def test_integer_literals_of_any_length(tmp_path, capsys, name) -> None:
    data = copy.deepcopy(GOOD)
    data["permanents"][1]["toughness"] = "HOLE"
    text = json.dumps(data) if name.endswith("json") else changed(lambda d: d["permanents"][1].update(toughness="HOLE"))
    err = run(tmp_path, capsys, text.replace('"HOLE"', "7" * 5000).replace("HOLE", "7" * 5000), name=name)
    assert "permanents[1].toughness" in err and "(5000 digits)" in err


def test_messages_quote_at_most_about_80_characters(tmp_path, capsys) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][1].update(abilities=["x" * 10_000_000])))
    assert "permanents[1].abilities[0]" in err and len(err) < 400
    err = run(tmp_path, capsys, changed(lambda d: d["players"][0].update(name="a" * 5000)))
    assert "players[0].name" in err and "a" * 100 not in err


@pytest.mark.parametrize("name", ["not", "Not", "show", "minimize", "a_b", "inf", "sup", "x-1", "Bob"])
def test_ids_and_players_named_like_asp_syntax_work(name) -> None:
    """Ids are clingo strings (pysolver.asp.facts): no name can break the program (issue 11: `not`)."""
    data = {"players": [{"name": "alice"}, {"name": f"{name}P"}], "active": "alice",
            "permanents": [{"id": name, "controller": "alice", "power": 2, "toughness": 2},
                           {"id": f"{name}2", "controller": f"{name}P", "power": 1, "toughness": 1,
                            "abilities": [f"Protection from {name}P"] if name[0].islower() else []}],
            "combat": {"attackers": {name: f"{name}P"}}}
    s = pysolver.load_data(data)
    blocks = sorted(map(str, (d["blocks"] for d in pysolver.legal_blocks(s))))
    assert blocks == sorted(map(str, [[], [[f"{name}2", name]]]))
    assert pysolver.check(s.with_combat(blockers=((f"{name}2", name),)))["legal"]


@pytest.mark.parametrize("name", ["#show", "a.b", "x(1)", "not p", '"q"', "1x", "%c"])
def test_ids_outside_the_alphabet_are_refused(tmp_path, capsys, name) -> None:
    err = run(tmp_path, capsys, changed(lambda d: d["permanents"][1].update(id=name)))
    assert "permanents[1].id" in err and "not a valid name" in err


def test_the_api_refuses_bad_data_with_input_errors() -> None:
    deep: dict = {"lethal": "bob"}
    for _ in range(5000):
        deep = {"all": [deep]}
    for data, cards, field in [({**GOOD, "goal": deep}, None, "nesting"),
                               ({**GOOD, "players": [{"name": "alice", "life": 10**5000}, {"name": "bob"}]}, None,
                                "players[0].life"),
                               (GOOD, "str", "cards")]:
        with pytest.raises(pysolver.InputError) as info:
            pysolver.load_data(data, cards)  # type: ignore[arg-type]
        assert info.value.field == field


def test_a_hundred_thousand_permanents_load(tmp_path) -> None:
    """Loading is linear (ids checked with a set; JSON read by the JSON decoder): the time is measured
    in benchmarks/load_bench.py; here the board is loaded whole and a late duplicate id is found."""
    n = 100_000
    data = {**GOOD, "permanents": [{"id": f"p{i}", "controller": "alice" if i % 2 else "bob", "power": 1,
                                    "toughness": 1} for i in range(n)], "combat": {}}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    assert len(pysolver.load(path).permanents) == n
    data["permanents"].append({"id": "p7", "controller": "bob", "power": 1, "toughness": 1})
    path.write_text(json.dumps(data))
    with pytest.raises(pysolver.InputError) as info:
        pysolver.load(path)
    assert info.value.field == f"permanents[{n}].id" and "duplicate id 'p7'" in info.value.message
