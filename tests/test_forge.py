"""`pysolver import forge` and `pysolver export forge` (issue 14, docs/engines.md): Forge puzzles
(.pzl) and game states into situations and back.

The fixtures in tests/fixtures/forge are written for these tests in Forge's public format: a
combat puzzle whose solution is an attack (combat-win.pzl), a spell puzzle whose combat part
still imports (spell-puzzle.pzl), a game-state dump in the declare blockers step with damage,
counters, a face-down creature and an attack on a planeswalker (game-state.txt), and a destroy
goal with Targets (destroy-goal.pzl). cards.json holds the two cards they use that the built-in
pool lacks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import pysolver
from pysolver.cli import main
from pysolver.engines.forge import LeftOut, read_forge, to_forge, to_situation
from pysolver.errors import InputError

FORGE = Path(__file__).parent / "fixtures" / "forge"
CARDS = FORGE / "cards.json"
VECTORS = Path(__file__).parent.parent / "examples" / "vectors" / "vectors.jsonl"


def imported(tmp_path: Path, capsys: pytest.CaptureFixture, name: str, *options: str) -> tuple[dict, str]:
    out = tmp_path / f"{name}.yaml"
    assert main(["import", "forge", str(FORGE / name), "-o", str(out), "--cards", str(CARDS), *options]) == 0
    err = capsys.readouterr().err
    return yaml.safe_load(out.read_text(encoding="utf-8")), err


def state(text: str, cards=None, lenient: bool = False) -> tuple[dict, list[str]]:
    return to_situation(read_forge(text, "t.pzl"), cards, lenient=lenient)


def by_id(data: dict) -> dict[str, dict]:
    return {p["id"]: p for p in data["permanents"]}


# --- puzzles ------------------------------------------------------------------------------------

def test_a_combat_puzzle_imports_and_verify_proves_the_attack(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    data, err = imported(tmp_path, capsys, "combat-win.pzl")
    assert data["active"] == "human" and data["goal"] == {"lethal": "ai"}  # Goal:Win (104.3b)
    assert data["players"] == [{"name": "human", "life": 7, "mana": "{G}"}, {"name": "ai", "life": 4, "mana": "{B}"}]
    assert "combat" not in data  # Main1: nothing declared yet
    # what is left out is named on stderr: the hand and the library
    assert "humanhand[0] (Giant Growth)" in err and "humanlibrary[1] (Forest)" in err
    board = tmp_path / "combat-win.pzl.yaml"
    assert main(["verify", str(board), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["holds"] is True
    attack = {a for a, _ in doc["strategy"]["attacks"]} if "attacks" in doc["strategy"] else None
    assert attack in (None, {"serra_angel", "hill_giant", "grizzly_bears"})


def test_a_spell_puzzle_still_imports_its_combat_part(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    data, err = imported(tmp_path, capsys, "spell-puzzle.pzl", "--lenient")
    perms = by_id(data)
    assert set(perms) == {"mountain", "mountain_2", "mountain_3", "boggart_brute", "goblin", "eager_cadet",
                          "typhoid_rats", "spirit_token"}
    assert perms["boggart_brute"]["summoning_sick"] is True  # 302.6
    assert perms["typhoid_rats"]["tapped"] is True
    assert perms["goblin"] == {"id": "goblin", "controller": "human", "name": "Goblin", "types": ["Creature"],
                               "subtypes": ["Goblin"], "colors": ["red"], "power": 1, "toughness": 1,
                               "abilities": ["Haste"]}
    assert perms["spirit_token"]["abilities"] == ["Flying"] and perms["spirit_token"]["colors"] == ["white"]
    assert data["players"][0]["mana"] == "{R}{R}"  # the tapped Mountain adds nothing
    for words in ("humanhand[0] (Lightning Bolt)", "humanhand[1] (Lava Spike)", "humangraveyard[0] (Fireblast)",
                  "aiexile[0] (Ancestral Recall)", "humanbattlefield[4] (Glorious Anthem)", "humancounters"):
        assert words in err, words
    s = pysolver.load(tmp_path / "spell-puzzle.pzl.yaml")
    assert pysolver.count_attacks(s) == 2  # only the hasty goblin token may attack (302.6, 702.10b)


def test_strict_makes_every_note_an_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "x.yaml"
    assert main(["import", "forge", str(FORGE / "spell-puzzle.pzl"), "--cards", str(CARDS), "--strict",
                 "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "spell-puzzle.pzl" in err and "Glorious Anthem" in err and "more" in err and "Traceback" not in err
    assert not out.exists()


def test_a_game_state_in_the_declare_blockers_step(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    data, _ = imported(tmp_path, capsys, "game-state.txt")
    perms = by_id(data)
    assert data["combat"] == {"attackers": {"hill_giant": "ajani_goldmane", "colossal_dreadmaw": "ai",
                                            "gudul_lurker": "ai"}}  # Attacking:21 is Ajani's Id:21
    assert perms["ajani_goldmane"]["loyalty"] == 3  # LOYALTY counters (306.5b)
    assert perms["colossal_dreadmaw"]["counters"] == {"+1/+1": 2}
    assert perms["craw_wurm"]["counters"] == {"-1/-1": 1} and perms["craw_wurm"]["tapped"] is True
    assert perms["giant_spider"]["damage"] == 1 and perms["gudul_lurker"]["face_down"] is True
    assert perms["typhoid_rats"]["summoning_sick"] is True
    assert data["players"][0]["mana"] == "{U}" and "mana" not in data["players"][1]
    assert main(["blocks", str(tmp_path / "game-state.txt.yaml"), "--json", "--cards", str(CARDS)]) == 0
    blocks = json.loads(capsys.readouterr().out)
    # the untapped Giant Spider blocks one of three attackers or none; the tapped Wurm can't (509.1a)
    assert blocks["count"] == 4


def test_a_destroy_goal_names_its_targets(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    data, _ = imported(tmp_path, capsys, "destroy-goal.pzl")
    assert data["goal"] == {"destroy": ["vampire_nighthawk"]}
    assert main(["verify", str(tmp_path / "destroy-goal.pzl.yaml"), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["holds"] is False


@pytest.mark.parametrize("targets, expected", [
    ("Creature.OppCtrl", ["vampire_nighthawk", "grizzly_bears"]),
    ("Creature.YouCtrl", ["serra_angel"]),
    ("Card.namedGrizzly Bears,Creature.namedVampire Nighthawk", ["grizzly_bears", "vampire_nighthawk"]),
    (None, ["vampire_nighthawk", "grizzly_bears"]),  # Forge's default: the opponent's creatures
])
def test_targets_expressions(targets: str | None, expected: list) -> None:
    meta = "Goal:Destroy specified creatures\n" + (f"Targets:{targets}\n" if targets else "")
    data, notes = state(f"[metadata]\n{meta}[state]\nactiveplayer=human\nactivephase=MAIN1\n"
                        "humanbattlefield=Serra Angel\naibattlefield=Vampire Nighthawk;Grizzly Bears")
    assert data["goal"] == {"destroy": expected} and notes == []


def test_goals_pysolver_does_not_answer_are_noted() -> None:
    for goal, words in (("Survive", "not a combat goal"), ("Put the specified permanent on the battlefield", "not a")):
        data, notes = state(f"[metadata]\nGoal:{goal}\nTurns:2\n[state]\nactiveplayer=human\nactivephase=MAIN1")
        assert "goal" not in data
        assert any(words in n for n in notes) and any("2 turns" in n for n in notes)
    data, notes = state("[metadata]\nGoal:Win\n[state]\nactiveplayer=ai\nactivephase=MAIN1")
    assert "goal" not in data and "not the active player" in notes[0]


# --- the phase decides what is declared (506.1, 508, 509) ---------------------------------------

@pytest.mark.parametrize("phase, attacking, combat, noted", [
    ("Main1", "", None, False),
    ("COMBAT_BEGIN", "", None, False),
    ("COMBAT_DECLARE_ATTACKERS", "", None, False),
    ("COMBAT_DECLARE_ATTACKERS", "|Attacking", {"attackers": {"hill_giant": "ai"}}, False),
    ("DeclareBlockers", "", {"attackers": {}}, False),
    ("COMBAT_DECLARE_BLOCKERS", "|Attacking", {"attackers": {"hill_giant": "ai"}}, False),
    ("COMBAT_DAMAGE", "|Attacking", {"attackers": {"hill_giant": "ai"}}, True),
    ("MAIN2", "", None, True),
])
def test_the_phase_decides_what_is_declared(phase: str, attacking: str, combat: dict | None, noted: bool) -> None:
    data, notes = state(f"activeplayer=human\nactivephase={phase}\nhumanbattlefield=Hill Giant{attacking}\n"
                        "aibattlefield=Grizzly Bears")
    assert data.get("combat") == combat
    assert bool(notes) == noted
    pysolver.load_data(data)


# --- entries -------------------------------------------------------------------------------------

def test_tokens_in_both_forms() -> None:
    data, notes = state("activeplayer=ai\nactivephase=MAIN1\nhumanbattlefield=t:c_1_1_a_thopter_flying;"
                        "t:Dragon,P:4,T:4,Cost:no cost,Color:R,Types:Creature-Dragon,Keywords:Flying-Banding,"
                        "Image:r_4_4_dragon")
    thopter, dragon = data["permanents"]
    assert (thopter["types"], thopter["subtypes"], thopter["colors"], thopter["abilities"]) == (
        ["Artifact", "Creature"], ["Thopter"], [], ["Flying"])
    assert (dragon["name"], dragon["power"], dragon["colors"], dragon["abilities"]) == (
        "Dragon", 4, ["red"], ["Flying"])
    assert len(notes) == 1 and "Banding" in notes[0]  # a keyword the solver does not model
    pysolver.load_data(data)


def test_lands_become_mana_only_when_untapped_with_a_basic_mana_ability() -> None:
    data, notes = state("activeplayer=human\nactivephase=MAIN1\n"
                        "humanbattlefield=Snow-Covered Island;Wastes;Swamp|Tapped;Plains\naibattlefield=Forest")
    assert [p.get("mana") for p in data["players"]] == ["{U}{C}{W}", "{G}"]
    assert [p["subtypes"] for p in data["permanents"]][:2] == [["Island"], []]  # Islandwalk sees it (702.14c)
    assert notes == []


def test_unknown_cards_and_modifiers_are_noted_and_left_out() -> None:
    data, notes = state("activeplayer=human\nactivephase=MAIN1\nhumanbattlefield=No Such Card;"
                        "Grizzly Bears|Renowned|Frobnicated|Counters:P1P1=1,STUN=2|PhasedOut;Hill Giant|Set:M10|Art:2",
                        lenient=True)
    assert [p["id"] for p in data["permanents"]] == ["hill_giant"]  # the phased-out Bears do not exist (702.26b)
    text = "\n".join(notes)
    for words in ("'No Such Card' is in no card pool", "'Renowned'", "unknown modifier 'Frobnicated'",
                  "STUN counters", "phased out"):
        assert words in text, words


# --- entries that cannot become permanents: an error, or with --lenient named in the output ----------

TARMOGOYF = {"object": "card", "name": "Tarmogoyf", "layout": "normal", "mana_cost": "{1}{G}",
             "type_line": "Creature — Lhurgoyf", "colors": ["G"], "power": "*", "toughness": "1+*",
             "oracle_text": "Tarmogoyf's power is equal to the number of card types among cards in all graveyards "
                            "and its toughness is equal to that number plus 1."}
# four entries the board cannot hold (110.1: a permanent is a card or token on the battlefield):
# a card in no pool, a characteristic-defining */1+* creature (604.3), a noncreature token (111.1)
# and an enchantment whose static ability would pump the human's creatures (604.1, 613.4c)
LEFT_OUT = ("[metadata]\nName:Four missing\nGoal:Win\n[state]\nactiveplayer=human\nactivephase=MAIN1\nailife=2\n"
            "humanbattlefield=Grizzly Bears;No Such Card|Id:3;Tarmogoyf;Glorious Anthem\n"
            "aibattlefield=t:Clue,Types:Artifact-Clue;Hill Giant\n")
LEFT_OUT_FIELDS = {"humanbattlefield[1] (No Such Card)": "'No Such Card' is in no card pool",
                   "humanbattlefield[2] (Tarmogoyf)": "characteristic-defining power or toughness (*, 604.3)",
                   "humanbattlefield[3] (Glorious Anthem)": "'Glorious Anthem' is not a creature",
                   "aibattlefield[0] (t:Clue,Types:Artifact-Clue)": "token 'Clue' is not a creature"}


def left_out_files(tmp_path: Path) -> tuple[Path, Path]:
    puzzle, pool = tmp_path / "missing.pzl", tmp_path / "pool.json"
    puzzle.write_text(LEFT_OUT, encoding="utf-8")
    forge_cards = json.loads(CARDS.read_text(encoding="utf-8"))
    pool.write_text(json.dumps([*forge_cards, TARMOGOYF]), encoding="utf-8")
    return puzzle, pool


def test_110_1_an_entry_that_cannot_be_a_permanent_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    puzzle, pool = left_out_files(tmp_path)
    out = tmp_path / "board.yaml"
    assert main(["import", "forge", str(puzzle), "--cards", str(pool), "--no-card-cache", "-o", str(out)]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 4 and "Traceback" not in "\n".join(errors)  # one message per entry left out
    for line, (where, why) in zip(errors, LEFT_OUT_FIELDS.items()):
        assert line.startswith(f"pysolver: error: {puzzle}: {where}: "), line
        assert why in line and line.endswith("; use --lenient to import without it"), line
    assert not out.exists()  # verify would answer about another board (the Anthem's +1/+1 is missing)


def test_110_1_lenient_imports_without_them_and_names_them_in_the_file(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture) -> None:
    puzzle, pool = left_out_files(tmp_path)
    out = tmp_path / "board.yaml"
    assert main(["import", "forge", str(puzzle), "--cards", str(pool), "--no-card-cache", "-o", str(out),
                 "--lenient"]) == 0
    err = capsys.readouterr().err
    text = out.read_text(encoding="utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert header[:3] == ["# Imported by `pysolver import forge` from missing.pzl (docs/engines.md).",
                          "# Name: Four missing", "# Goal: Win"]
    assert header[3].startswith("# Left out with --lenient")
    for line, (where, why) in zip(header[4:], LEFT_OUT_FIELDS.items(), strict=True):
        assert line.startswith(f"#   {where}: ") and why in line, line
        assert f"note: {puzzle}: {where}: " in err  # and on stderr, as every note
    s = pysolver.load(out, cards=pysolver.load_cards(pool, cache=False))
    assert [p.id for p in s.permanents] == ["grizzly_bears", "hill_giant"]


def test_the_python_api_raises_left_out_with_every_entry_and_the_lenient_import() -> None:
    pool = pysolver.load_cards(CARDS, cache=False)
    st = read_forge(LEFT_OUT.replace(";Tarmogoyf", ""), "missing.pzl")
    with pytest.raises(LeftOut) as info:
        to_situation(st, pool)
    entries = [e.field.split(" ", 1)[1] for e in info.value.errors]
    assert entries == ["(No Such Card)", "(Glorious Anthem)", "(t:Clue,Types:Artifact-Clue)"]
    assert [e.file for e in info.value.errors] == ["missing.pzl"] * 3 and isinstance(info.value, InputError)
    assert "and 2 more permanents left out" in str(info.value)
    data, notes = to_situation(st, pool, lenient=True)
    assert (data, notes) == (info.value.data, info.value.notes)
    assert [p["id"] for p in data["permanents"]] == ["grizzly_bears", "hill_giant"]
    assert sum(n.endswith("; left out") for n in notes) == 3


def test_702_26b_notes_that_leave_no_permanent_out_stay_notes(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    # a phased-out permanent does not exist until its controller's next untap step (702.26a-b), so
    # the board without it is this combat's board; hands, unmodelled modifiers and keywords, player
    # counters, a second turn and a goal pysolver does not answer change no permanent either
    puzzle = tmp_path / "notes.pzl"
    puzzle.write_text("[metadata]\nGoal:Survive\nTurns:2\n[state]\nactiveplayer=human\nactivephase=MAIN1\n"
                      "humanhand=Giant Growth\nhumancounters=POISON=2\n"
                      "humanbattlefield=Grizzly Bears|Renowned|Frobnicated|Counters:STUN=1;Hill Giant|PhasedOut;"
                      "t:Dragon,P:4,T:4,Color:R,Types:Creature-Dragon,Keywords:Flying-Banding\n", encoding="utf-8")
    out = tmp_path / "notes.yaml"
    assert main(["import", "forge", str(puzzle), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    for words in ("humanhand[0] (Giant Growth)", "'Renowned' is not modelled", "unknown modifier 'Frobnicated'; "
                  "ignored", "STUN counters", "phased out", "'Banding' of token 'Dragon' is not modelled",
                  "humancounters", "2 turns", "not a combat goal"):
        assert words in err, words
    assert "error" not in err and "left out" not in err
    text = out.read_text(encoding="utf-8")
    assert "Left out" not in text
    assert [p["id"] for p in yaml.safe_load(text)["permanents"]] == ["grizzly_bears", "dragon"]


def test_508_1b_an_attack_on_an_entry_left_out_is_an_error_even_leniently(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture) -> None:
    puzzle = tmp_path / "attack.pzl"
    puzzle.write_text("activeplayer=human\nactivephase=COMBAT_DECLARE_BLOCKERS\nhumanbattlefield=Hill Giant|"
                      "Attacking:7\naibattlefield=Some Planeswalker|Id:7\n", encoding="utf-8")
    assert main(["import", "forge", str(puzzle), "--lenient"]) == 2
    err = capsys.readouterr().err
    assert "attacks Id:7, aibattlefield[0] (Some Planeswalker), which is not imported" in err


def test_strict_and_lenient_exclude_each_other(capsys: pytest.CaptureFixture) -> None:
    assert main(["import", "forge", str(FORGE / "spell-puzzle.pzl"), "--strict", "--lenient"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.parametrize("text, words", [
    ("activeplayer=human\nactivephase=MAIN1\nhumanlife=lots", "humanlife: expected a whole number"),
    ("activeplayer=human\nactivephase=NOON", "unknown Forge phase 'NOON'"),
    ("activephase=MAIN1", "activeplayer: expected human or ai"),
    ("activeplayer=human\nactivephase=MAIN1\njust some words", "line 3: state line 'just some words'"),
    ("[metadata]\nno colon here\n[state]", "line 2: metadata line"),
    ("[stuff]", "unknown section"),
    ("activeplayer=human\nactivephase=COMBAT_DECLARE_BLOCKERS\nhumanbattlefield=Hill Giant|Attacking:99",
     "attacks Id:99, which no entry has"),
    ("activeplayer=human\nactivephase=MAIN1\nhumanbattlefield=Hill Giant|Damage:x", "Damage must be a whole number"),
    ("activeplayer=human\nactivephase=MAIN1\nhumanbattlefield=t:Ox,P:one,T:2,Types:Creature-Ox", "whole numbers"),
    ("activeplayer=human\nactivephase=MAIN1\nhumanbattlefield=t:Ox,P:1,T:2,Color:Plaid,Types:Creature-Ox",
     "unknown token color"),
])
def test_bad_forge_files_are_input_errors(text: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "bad.pzl"
    path.write_text(text, encoding="utf-8")
    assert main(["import", "forge", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and words in err and "Traceback" not in err


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage\x00" * 50, b"\x00" * 1000, b"=\n=\n|||;;;"])
def test_hostile_files_never_give_a_traceback(content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "hostile.pzl"
    path.write_bytes(content)
    assert main(["import", "forge", str(path)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_missing_file_is_an_input_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["import", "forge", str(tmp_path / "nope.pzl")]) == 2
    assert "cannot read file" in capsys.readouterr().err


# --- export, and the round trip ------------------------------------------------------------------

def fingerprint(s) -> tuple:
    """A board up to permanent ids and lands: what import∘export must keep."""
    role = {s.active: "active", **{p.name: "defending" for p in s.players if p.name != s.active}}
    names = {p.id: (role[p.controller], p.name) for p in s.permanents}
    perms = sorted((role[p.controller], p.name, p.types, p.subtypes, p.colors, p.power, p.toughness,
                    tuple(sorted(line.lower() for line in p.ability_lines)), p.pt_counters,
                    p.loyalty, p.damage, p.tapped, p.summoning_sick, p.face_down)
                   for p in s.permanents if "Land" not in p.types)
    attacks = sorted((names[a], role.get(t) or names[t]) for a, t in s.combat.attackers or ())
    return (sorted((role[p.name], p.life, str(p.mana)) for p in s.players), perms, attacks,
            s.combat.attackers is None)


ROUND_TRIP = {
    "players": [{"name": "alice", "life": 13, "mana": "{R}{R}{G}{2}"}, {"name": "bob", "life": 9, "mana": "{U}"}],
    "active": "alice",
    "permanents": [
        {"id": "cat", "controller": "alice", "card": "Blistering Firecat", "face_down": True},
        {"id": "bear", "controller": "alice", "card": "Grizzly Bears", "counters": {"+1/+1": 1}, "damage": 1},
        {"id": "ox", "controller": "alice", "name": "Ox", "subtypes": ["Ox"], "colors": ["white", "green"],
         "power": 3, "toughness": 5, "abilities": ["Vigilance", "Trample"], "summoning_sick": True},
        {"id": "isle", "controller": "bob", "name": "Island", "types": ["Land"], "subtypes": ["Island"]},
        {"id": "spider", "controller": "bob", "card": "Giant Spider", "tapped": True, "counters": {"-1/-1": 1}},
        {"id": "angel", "controller": "bob", "card": "Serra Angel"},
    ],
    "combat": {"attackers": {"bear": "bob", "ox": "bob"}},
}


def test_import_of_export_is_the_same_board(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    source = tmp_path / "board.yaml"
    source.write_text(json.dumps(ROUND_TRIP), encoding="utf-8")
    out = tmp_path / "board.txt"
    assert main(["export", "forge", str(source), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "activephase=COMBAT_DECLARE_BLOCKERS" in text and "Grizzly Bears|Counters:P1P1=1|Damage:1|Attacking" in text
    assert "t:Ox,P:3,T:5,Color:WG,Types:Creature-Ox,Keywords:Vigilance-Trample|SummonSick|Attacking" in text
    assert "Island|Tapped" in text  # lands are written tapped: the player's mana is the untapped basics
    back = tmp_path / "back.yaml"
    assert main(["import", "forge", str(out), "-o", str(back)]) == 0
    assert fingerprint(pysolver.load(back)) == fingerprint(pysolver.load(source))


def test_round_trip_without_a_declared_attack_and_with_a_goal(tmp_path: Path) -> None:
    data = {**ROUND_TRIP, "goal": {"lethal": "bob"}}
    data.pop("combat")
    s = pysolver.load_data(data)
    text, _ = to_forge(s)
    assert text.startswith("[metadata]") and "Goal:Win" in text and "activephase=MAIN1" in text
    back, _ = to_situation(read_forge(text, "x.pzl"))
    assert back["goal"] == {"lethal": "ai"}
    assert fingerprint(pysolver.load_data(back)) == fingerprint(s)


def test_exported_vectors_import_to_boards_with_the_same_answers(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    vectors = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines()[:12]]
    small = tmp_path / "v.jsonl"
    small.write_text("".join(json.dumps(v) + "\n" for v in vectors), encoding="utf-8")
    assert main(["export", "forge", str(small), "-o", str(tmp_path / "states")]) == 0
    files = sorted((tmp_path / "states").iterdir())
    assert len(files) == len(vectors)
    for file, vector in zip(files, vectors):
        data, _ = to_situation(read_forge(file.read_text(encoding="utf-8"), str(file)))
        assert pysolver.count_blocks(pysolver.load_data(data)) == vector["blocks"]["count"], vector["board"]


def test_exporting_vectors_needs_a_directory(capsys: pytest.CaptureFixture) -> None:
    assert main(["export", "forge", str(VECTORS)]) == 2
    assert "-o DIR" in capsys.readouterr().err


def test_export_notes_what_forge_cannot_hold() -> None:
    s = pysolver.load_data({**ROUND_TRIP, "combat": {"attackers": {"bear": "bob"}, "blockers": {"angel": ["bear"]}}})
    _, notes = to_forge(s)
    assert any("blocks" in n for n in notes)
    with pytest.raises(InputError, match="exactly two players"):
        to_forge(pysolver.load_data({"players": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "active": "a",
                                     "permanents": []}))


def test_an_unwritable_output_is_an_input_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    target = tmp_path / "no" / "such" / "dir" / "board.yaml"
    assert main(["import", "forge", str(FORGE / "combat-win.pzl"), "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err and not target.exists()
