"""Numbers (docs/limits.md, docs/limits.md): every numeric field has a range; outside it the file is refused
(exit 2, field, value abbreviated, range); inside it answers are exact, with nothing wrapping in
clingo's 32-bit integers."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pytest

import pysolver
from pysolver.asp.facts import situation_facts
from pysolver.asp.solving import STEP_RESULTS, control, models, value
from pysolver.cli import main
from pysolver.model import numbers

M = numbers.MAX_VALUE
GOOD = {
    "players": [{"name": "alice", "life": 20, "mana": "{2}"}, {"name": "bob", "life": 20}],
    "active": "alice",
    "permanents": [
        {"id": "x", "controller": "alice", "power": 2, "toughness": 2,
         "abilities": ["Can't be blocked except by two or more creatures", "Morph {2}"]},
        {"id": "w", "controller": "bob", "types": ["Planeswalker"], "loyalty": 3},
        {"id": "y", "controller": "bob", "power": 1, "toughness": 1, "counters": {"+1/+1": 0}, "damage": 0},
    ],
    "combat": {"attackers": {"x": "bob"}},
}


def edited(path: str, value: object) -> dict:
    """GOOD with the field at `path` (dots and [i]) set to `value`."""
    data = copy.deepcopy(GOOD)
    target: object = data
    parts = path.replace("]", "").replace("[", ".").split(".")
    for part in parts[:-1]:
        target = target[int(part)] if isinstance(target, list) else target[part]  # type: ignore[index]
    last = parts[-1]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value  # type: ignore[index]
    return data


def refused(tmp_path: Path, capsys: pytest.CaptureFixture, data: dict | str) -> str:
    path = tmp_path / "board.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    assert main(["blocks", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and str(path) in err
    assert all(len(line) < 400 for line in err.splitlines()), err  # the text line and the JSON line
    return err


# --- outside the range: refused, naming field, value (abbreviated) and range ----------------------

@pytest.mark.parametrize("path, bad, low, high", [
    ("players[0].life", M + 1, -M, M),
    ("players[1].life", -M - 1, -M, M),
    ("players[0].life", 4294967296, -M, M),           # wrapped to 0 in clingo before (issue 11)
    ("permanents[0].power", 2147483647, -M, M),
    ("permanents[0].toughness", -M - 1, -M, M),
    ("permanents[1].loyalty", -1, 0, M),
    ("permanents[2].damage", 2**40, 0, M),            # a 2/2 with 2^40 damage could still block before
    ("permanents[2].counters.+1/+1", M + 1, 0, M),
])
def test_a_number_outside_its_range_is_refused(tmp_path, capsys, path, bad, low, high) -> None:
    err = refused(tmp_path, capsys, edited(path, bad))
    assert f": {path}: " in err and f"between {low} and {high}" in err and str(bad) in err


def test_a_huge_literal_is_refused_abbreviated(tmp_path, capsys) -> None:
    text = json.dumps(GOOD).replace('"life": 20, "mana"', '"life": ' + "9" * 5000 + ', "mana"')
    err = refused(tmp_path, capsys, text)
    assert "players[0].life" in err and "(5000 digits)" in err and "9" * 40 not in err


@pytest.mark.parametrize("path, bad, what", [
    ("players[0].mana", "{1000001}", "an amount of mana"),
    ("permanents[0].abilities[0]", "Can't be blocked except by 1000001 or more creatures", "min_blockers"),
    ("permanents[0].abilities[1]", "Morph {1000001}", "an amount of mana"),
])
def test_numbers_in_text_fields_are_in_range(tmp_path, capsys, path, bad, what) -> None:
    err = refused(tmp_path, capsys, edited(path, bad))
    assert f": {path}: " in err and what in err and "between" in err


def test_an_assigned_amount_is_in_range(tmp_path, capsys) -> None:
    data = edited("combat.blockers", {})
    data["combat"]["assignment"] = [["x", "bob", 4 * M + 1]]
    err = refused(tmp_path, capsys, data)
    assert "combat.assignment[0][2]" in err and f"between 1 and {4 * M}" in err


def test_the_board_total_is_bounded(tmp_path, capsys) -> None:
    data = copy.deepcopy(GOOD)
    data["permanents"] += [{"id": f"big{i}", "controller": "alice", "power": M, "toughness": M}
                           for i in range(51)]
    err = refused(tmp_path, capsys, data)
    assert ": permanents: " in err and f"more than {numbers.MAX_TOTAL}" in err


def test_a_card_pool_number_is_checked_quickly(tmp_path, capsys) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([{"object": "card", "name": "Huge Giant", "type_line": "Creature — Giant",
                                  "power": "99999999999", "toughness": "1", "oracle_text": ""}]))
    data = copy.deepcopy(GOOD)
    data["permanents"][0] = {"id": "x", "controller": "alice", "card": "Huge Giant"}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    start = time.monotonic()
    assert main(["blocks", str(path), "--cards", str(cards), "--json"]) == 2
    assert time.monotonic() - start < 10
    err = capsys.readouterr().err
    assert "permanents[0].card" in err and "'Huge Giant'" in err and "power must be between" in err


def test_the_api_checks_the_same_ranges() -> None:
    with pytest.raises(pysolver.InputError) as info:
        pysolver.load_data(edited("players[0].life", 10**5000))
    assert info.value.field == "players[0].life" and len(str(info.value)) < 200


# --- inside the range: exact -----------------------------------------------------------------------

def test_values_at_the_bounds_are_accepted() -> None:
    data = edited("players[0].life", M)
    data["players"][1]["life"] = -M
    data["players"][0]["mana"] = "{1000000}"
    data["permanents"][1]["loyalty"] = M
    data["permanents"][2].update(power=-M, toughness=M, damage=M, counters={"+1/+1": M, "-1/-1": M})
    s = pysolver.load_data(data)
    assert s.player("alice").life == M and s.permanent("y").damage == M


def step_after(data: dict) -> dict[str, dict]:
    """The results of the next damage step for the declared assignment (encodings/outcomes.lp)."""
    s = pysolver.load_data(data)
    found: dict[str, dict] = {}
    for symbols in models(control(STEP_RESULTS, situation_facts(s)), shown=False):
        for sym in symbols:
            if sym.name in ("after_life", "power") and len(sym.arguments) == 2:
                found.setdefault(sym.name, {})[value(sym.arguments[0])] = value(sym.arguments[1])
        break
    return found


def big_double_striker(amount: int) -> dict:
    """A 10^6-power double striker with lifelink and 10^6 +1/+1 counters, unblocked, both players at
    the life bound, assigning `amount` in the first-strike step (702.4b, 702.15b, 510.1a)."""
    return {"players": [{"name": "alice", "life": M}, {"name": "bob", "life": M}], "active": "alice",
            "permanents": [{"id": "x", "controller": "alice", "power": M, "toughness": 2,
                            "counters": {"+1/+1": M}, "abilities": ["Double strike", "Lifelink"]}],
            "combat": {"attackers": {"x": "bob"}, "blockers": {}, "damage_step": "first_strike",
                       "assignment": [["x", "bob", amount]]}}


def test_power_at_the_bound_with_counters_and_double_strike_is_exact() -> None:
    """613.4c: 10^6 + 10^6 counters = 2·10^6 power; 510.1a: it assigns exactly that much."""
    assert pysolver.check(pysolver.load_data(big_double_striker(2 * M)))["legal"] is True
    doc = pysolver.check(pysolver.load_data(big_double_striker(2 * M - 1)))
    assert [v["rule"] for v in doc["violations"]] == ["510.1a"]
    assert "2000000" in doc["violations"][0]["message"]


def test_life_at_the_bound_minus_damage_is_exact() -> None:
    """119.3, 702.15b: 10^6 - 2·10^6 = -10^6 for bob; alice gains 2·10^6 by lifelink: 3·10^6."""
    after = step_after(big_double_striker(2 * M))
    assert after["power"] == {"x": 2 * M}
    assert after["after_life"] == {"alice": 3 * M, "bob": -M}


def test_outcomes_near_the_life_bound_are_exact() -> None:
    """Both steps of a double striker (702.4b) against life 10^6: 10^6 - 2·5."""
    data = {"players": [{"name": "alice", "life": 1}, {"name": "bob", "life": M}], "active": "alice",
            "permanents": [{"id": "x", "controller": "alice", "power": 3, "toughness": 3,
                            "counters": {"+1/+1": 2}, "abilities": ["Double strike"]}],
            "combat": {"attackers": {"x": "bob"}, "blockers": {}}}
    results = list(pysolver.outcomes(pysolver.load_data(data)))
    assert [r["life"] for r in results] == [{"alice": 1, "bob": M - 10}]


def test_the_worst_case_sum_fits_clingo() -> None:
    """The bound stated in pysolver.model.numbers: a life total after combat stays inside 32 bits."""
    assert numbers.MAX_VALUE + 4 * numbers.MAX_TOTAL < numbers.CLINGO_MAX
    assert 3 * numbers.MAX_VALUE < numbers.CLINGO_MAX
