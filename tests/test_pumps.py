"""Activated pump abilities and their effect until end of turn (602, 613.4c), one test per rule.

Each outcome test also checks that the brute-force reference (tests/reference/outcomes.py) finds
the same set of outcomes.
"""

from __future__ import annotations

import pytest
from boards import board, creature
from reference.outcomes import canonical, reference_outcomes

import pysolver
from pysolver.errors import InputError
from pysolver.files.loader import situation_from_data
from pysolver.model.values import IllegalMoveError


def results(s) -> list[dict]:
    """pysolver's outcomes without `line`, checked against the reference and count_outcomes."""
    got = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert {canonical(o) for o in got} == {canonical(o) for o in reference_outcomes(s)}
    assert len({canonical(o) for o in got}) == len(got) == pysolver.count_outcomes(s)
    return got


# --- until_end_of_turn: the total of resolved pumps (613.4c, layer 7c) ---------------------------

def test_613_4c_until_end_of_turn_adds_to_power_and_toughness() -> None:
    """613.4c: a 2/2 that got +3/-1 until end of turn deals 5 damage and dies to 1 damage."""
    s = board(creature("x", "alice", 2, 2, until_end_of_turn="+3/-1"), creature("y", "bob", 1, 5),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    (o,) = results(s)
    assert o["destroyed"] == ["x", "y"]


def test_613_4c_until_end_of_turn_round_trips_and_is_left_out_at_zero() -> None:
    """The file form "+X/+Y" (docs/situation.md) is read and written back; +0/+0 is left out."""
    s = board(creature("x", "alice", 2, 2, until_end_of_turn="+1/-0"), creature("y", "bob"))
    x = s.permanent("x")
    assert x.until_end_of_turn == (1, 0)
    assert x.to_data()["until_end_of_turn"] == "+1/+0"
    assert "until_end_of_turn" not in s.permanent("y").to_data()
    assert situation_from_data(s.to_data()) == s


@pytest.mark.parametrize("value, problem", [("3/0", "+X/+Y"), ("+1", "+X/+Y"), (3, "a string"),
                                            ("+1000001/+0", "between -1000000 and 1000000")])
def test_until_end_of_turn_bad_values_are_input_errors(value, problem) -> None:
    """A malformed or out-of-range change is refused with its field (docs/limits.md)."""
    with pytest.raises(InputError) as exc:
        board(creature("x", "alice", until_end_of_turn=value))
    assert exc.value.field == "permanents[0].until_end_of_turn" and problem in exc.value.message


# --- the lines (602.1; docs/abilities.md) --------------------------------------------------------

def test_602_1_akroma_firebreathing_parses_from_the_card() -> None:
    """The seed card's own ability: "{R}: Akroma, Angel of Fury gets +1/+0 until end of turn"."""
    s = board({"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"})
    akroma = s.permanent("akroma")
    assert [a.term for a in akroma.abilities if a.kind == "pump"] == ["pump(1,0)"]
    assert akroma.unmodelled == ()  # "can't be countered" cannot change one combat (601.2)


@pytest.mark.parametrize("line, kind, pt, cost", [
    ("{R}: ~ gets +1/+0 until end of turn", "pump", (1, 0), "{R}"),
    ("{2}{B}: This creature gets +2/-1 until end of turn.", "pump", (2, -1), "{2}{B}"),
    ("{1}{W}: Creatures you control get +1/+1 until end of turn", "team_pump", (1, 1), "{1}{W}"),
    ("{G}: Hill Giant gets -0/+3 until end of turn", "pump", (0, 3), "{G}"),
])
def test_602_1_pump_lines(line, kind, pt, cost) -> None:
    """602.1: "[Cost]: [Effect]"; the effect +X/+Y until end of turn (613.4c), X and Y signed."""
    (a,) = board(creature("x", "alice", 3, 3, line, name="Hill Giant")).permanent("x").abilities
    assert (a.kind, (a.value.power, a.value.toughness), str(a.value.cost)) == (kind, pt, cost)


@pytest.mark.parametrize("line, problem", [
    ("{R}: Target player gets +1/+0 until end of turn", "target"),
    ("{2}, Exile a creature card from your graveyard: ~ gets +2/+2 until end of turn", "602.1a"),
    ("{T}, Remove a -1/-1 counter from ~: ~ gets +1/+1 until end of turn", "602.1a"),
    ("{X}: ~ gets +1/+0 until end of turn", "107.3"),
    ("{0}: ~ gets +1/+0 until end of turn", "costs no mana"),
])
def test_115_1_pumps_out_of_scope_are_errors_in_a_file(line, problem) -> None:
    """Targeted pumps (115.1) and costs that are not mana (602.1a) are reported naming the permanent
    and the line, like every unsupported line."""
    with pytest.raises(InputError) as exc:
        board(creature("x", "alice", 2, 2, line))
    assert exc.value.field == "permanents[0].abilities[0]" and "'x'" in exc.value.message
    assert problem in exc.value.message and line in exc.value.message


def test_targeted_pump_of_a_real_card_is_noted() -> None:
    """A card's pump that also grants an ability is not modelled: a note, not an error (docs/abilities.md)."""
    from pysolver.files.cards import oracle_lines
    line = "{R}: Target creature gets +1/+0 and gains shroud until end of turn."
    lines, unmodelled = oracle_lines("Sparky", "Flying\n" + line)
    assert lines == ("Flying",) and unmodelled == (line,)


# --- outcomes (602.2, 608.2, 613.4c), each against the reference ---------------------------------

AKROMA = {"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"}
BIRD = creature("bird", "bob", 1, 1, "Flying")


def test_602_2b_akroma_firebreathing_against_a_chump_blocker() -> None:
    """602.2b, 613.4c, 702.19b: Akroma (6/6 flying, trample) with {R}{R} against a 1/1 flyer: unblocked
    she deals 6, 7 or 8; chump-blocked she kills the bird and tramples over 0 to 7 (the bird needs 1)."""
    s = board(AKROMA, BIRD, players=[{"name": "alice", "mana": "{R}{R}"}, {"name": "bob"}])
    got = {(o["life"]["bob"], tuple(o["destroyed"]), tuple(o["damage"].items())) for o in results(s)}
    want = {(20, (), ()), (14, (), ()), (13, (), ()), (12, (), ())}
    want |= {(20 - d, ("bird",), (("akroma", 1),)) for d in range(0, 8)}
    assert got == want


def test_602_2b_akroma_lines_list_the_activations() -> None:
    """docs/results.md: a line lists each activation with its window and how many times."""
    s = board(AKROMA, BIRD, players=[{"name": "alice", "mana": "{R}{R}"}, {"name": "bob"}])
    line = next(o["line"] for o in pysolver.outcomes(s) if o["life"]["bob"] == 12)
    assert line["activations"] == [{"window": "after_blockers", "permanent": "akroma", "times": 2}]


def test_708_2a_a_face_down_creature_has_no_pump_until_turned_up() -> None:
    """708.2a: face down, Akroma has no abilities; turned face up for {3}{R}{R}{R} she may pump with
    what is left (702.37e, 602.2b): with seven red, 6+1 = 7 damage at most."""
    s = board({**AKROMA, "face_down": True}, players=[{"name": "alice", "mana": "{R}" * 7}, {"name": "bob"}])
    assert {o["life"]["bob"] for o in results(s)} == {20, 18, 14, 13}


def test_608_2h_creatures_you_control_counts_at_resolution() -> None:
    """608.2h, 613.4c: "Creatures you control get +1/+0" pumps every creature its controller controls
    as it resolves, the source too: two 1/1s with {G} deal 1, 2 (one or two attack unpumped), 2 or 4."""
    pump = "{G}: Creatures you control get +1/+0 until end of turn"
    s = board(creature("x", "alice", 1, 1, pump), creature("y", "alice", 1, 1),
              players=[{"name": "alice", "mana": "{G}"}, {"name": "bob"}])
    assert {o["life"]["bob"] for o in results(s)} == {20, 19, 18, 16}


def test_704_5f_a_pump_that_lowers_toughness_to_zero_kills() -> None:
    """704.5f, 704.3: +2/-1 twice on a 1/2 leaves it 5/0 and it dies before dealing damage."""
    s = board(creature("x", "alice", 1, 2, "{B}: ~ gets +2/-1 until end of turn"),
              players=[{"name": "alice", "mana": "{B}{B}"}, {"name": "bob"}])
    got = {(o["life"]["bob"], tuple(o["destroyed"])) for o in results(s)}
    assert got == {(20, ()), (19, ()), (17, ()), (20, ("x",))}


def test_602_2_the_defending_player_pumps_a_blocker() -> None:
    """602.2: any player may activate their own permanents' abilities; bob's 1/1 blocker survives a
    2/2 by getting +0/+2 after blockers (509.2)."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 1, 1, "{W}: ~ gets +0/+2 until end of turn"),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{W}"}], attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert {tuple(o["destroyed"]) for o in results(s)} == {("y",), ()}


def test_ten_red_mana_stays_quick() -> None:
    """Issue 15: Akroma with ten red mana (seconds; benchmarks/outcomes_bench.py times it): 28 outcomes."""
    s = board(AKROMA, BIRD, players=[{"name": "alice", "mana": "{R}" * 10}, {"name": "bob"}])
    assert pysolver.count_outcomes(s) == 28


# --- the game tree and verify (602.2, 117.3b-c, 708.2a) -------------------------------------------

def test_117_1b_activations_are_window_moves_of_the_player_with_priority() -> None:
    """117.1b, 602.2: in a window the player with priority may activate their pumps (each number of
    times their mana pays for); 117.3b: after it resolves the active player has priority."""
    from pysolver.game import gametree as gt
    from pysolver.model.moves import Activation, Pass
    s = board(AKROMA, BIRD, players=[{"name": "alice", "mana": "{R}{R}"}, {"name": "bob"}],
              attackers={"akroma": "bob"}, blockers={})
    p = gt.root(s)
    assert (p.stage, p.to_move()) == ("after_blockers", "active")
    assert [m for m in p.legal_moves if isinstance(m, Activation)] == [
        Activation("after_blockers", "akroma", 1), Activation("after_blockers", "akroma", 2)]
    q = p.push(Pass("after_blockers", "alice"))
    assert not any(isinstance(m, Activation) for m in q.legal_moves)  # bob has none
    with pytest.raises(IllegalMoveError, match="602.2b"):
        p.push(Activation("after_blockers", "akroma", 3))
    after = p.push(Activation("after_blockers", "akroma", 2))
    assert after.to_move() == "active" and after.s.permanent("akroma").until_end_of_turn == (2, 0)
    assert not any(isinstance(m, Activation) for m in after.legal_moves)  # the mana is spent


def test_708_2a_no_activation_while_face_down() -> None:
    """708.2a: a face-down Akroma has no abilities: no activation until she is turned face up."""
    from pysolver.game import gametree as gt
    from pysolver.model.moves import Activation, FaceUp
    s = board({**AKROMA, "face_down": True}, players=[{"name": "alice", "mana": "{R}" * 7}, {"name": "bob"}],
              attackers={"akroma": "bob"}, blockers={})
    p = gt.root(s)
    with pytest.raises(IllegalMoveError, match="708.2a"):
        p.push(Activation("after_blockers", "akroma", 1))
    up = p.push(FaceUp("after_blockers", "akroma", "{3}{R}{R}{R}"))
    assert [m for m in up.legal_moves if isinstance(m, Activation)] == [Activation("after_blockers", "akroma", 1)]


@pytest.mark.parametrize("mana, life, holds", [("{R}{R}", 8, True), ("{R}", 8, False), ("{R}{R}{R}", 9, True)])
def test_602_2b_verify_akroma_pumps_for_lethal(mana, life, holds) -> None:
    """602.2b, 613.4c: Akroma (6 power) with N red mana forces lethal against life 6+N, not more; the
    strategy activates her pump; the brute-force minimax (a literal stack) agrees."""
    from reference.minimax import reference_verify
    s = situation_from_data({"players": [{"name": "alice", "mana": mana}, {"name": "bob", "life": life}],
                             "active": "alice", "permanents": [AKROMA], "goal": {"lethal": "bob"}})
    doc = pysolver.verify(s)
    assert doc["holds"] is holds is reference_verify(s)
    if holds:
        assert "activate" in str(doc["strategy"])


def test_602_2_verify_defender_pumps_a_blocker_to_survive() -> None:
    """602.2, 117.3c: bob answers a 2/2 attacker by pumping his 1/1 blocker +0/+2 after blockers."""
    from reference.minimax import reference_verify
    s = situation_from_data({"players": [{"name": "alice"}, {"name": "bob", "mana": "{W}"}], "active": "alice",
                             "permanents": [creature("x", "alice", 2, 2),
                                            creature("y", "bob", 1, 1, "{W}: ~ gets +0/+2 until end of turn")],
                             "combat": {"attackers": {"x": "bob"}, "blockers": {"y": ["x"]}},
                             "goal": {"destroy": ["y"]}})
    assert pysolver.verify(s)["holds"] is False is reference_verify(s)



def test_602_2_a_blocker_pumped_toughness_takes_away_a_tramplers_sure_damage() -> None:
    """702.19b, 602.2, 613.4c: a 5/5 trampler blocked by a 0/4 is sure of 1 damage only if the
    blocker stays 0/4; bob pumps it to 0/5 and survives at 1 life (verify's bound must not say
    lethal, pysolver.game.goals.sure_damage); the brute-force minimax agrees."""
    from reference.minimax import reference_verify
    s = situation_from_data({"players": [{"name": "alice"}, {"name": "bob", "life": 1, "mana": "{G}"}],
                             "active": "alice",
                             "permanents": [creature("x", "alice", 5, 5, "Trample"),
                                            creature("w", "bob", 0, 4, "{G}: ~ gets +0/+1 until end of turn")],
                             "combat": {"attackers": {"x": "bob"}, "blockers": {"w": ["x"]}},
                             "goal": {"lethal": "bob"}})
    assert pysolver.verify(s)["holds"] is False is reference_verify(s)

# --- check: combat.activations (602.2b, 117.1b, 708.2a) ------------------------------------------

def check_doc(*acts: dict, mana: str = "{R}{R}", assignment=None, face_down: bool = False, **combat) -> dict:
    c = {"attackers": {"akroma": "bob"}, "blockers": {"bird": ["akroma"]}, **combat, "activations": list(acts)}
    if assignment:
        c["assignment"] = assignment
    s = situation_from_data({"players": [{"name": "alice", "mana": mana}, {"name": "bob"}], "active": "alice",
                             "permanents": [{**AKROMA, "face_down": face_down}, BIRD], "combat": c})
    return pysolver.check(s)


def rules(doc: dict) -> list[str]:
    return [v["rule"] for v in doc["violations"]]


def test_613_4c_check_counts_declared_pumps_for_the_assignment() -> None:
    """613.4c: two activations make Akroma 8/6: 1 to the bird and 7 to bob is legal; 8 to bob is not."""
    ok = check_doc({"window": "after_blockers", "permanent": "akroma", "times": 2},
                   assignment=[["akroma", "bird", 1], ["akroma", "bob", 7], ["bird", "akroma", 1]])
    assert ok == {"legal": True, "violations": [], "format": 1}
    bad = check_doc({"window": "after_blockers", "permanent": "akroma", "times": 1},
                    assignment=[["akroma", "bird", 1], ["akroma", "bob", 7], ["bird", "akroma", 1]])
    assert rules(bad) == ["510.1a"]


def test_602_2b_check_activations_need_mana() -> None:
    """602.2b, 601.2h: three activations of {R} with {R}{R}: one violation for the red, one in all."""
    doc = check_doc({"window": "after_attackers", "permanent": "akroma", "times": 1},
                    {"window": "after_blockers", "permanent": "akroma", "times": 2})
    assert rules(doc) == ["602.2b", "602.2b"] and all(v["objects"][0] == "alice" for v in doc["violations"])


def test_117_1b_check_activation_in_a_window_not_yet_come() -> None:
    """117.1b, 510.3: no window between the damage steps before the first-strike step is over."""
    doc = check_doc({"window": "after_first_strike_damage", "permanent": "akroma", "times": 1})
    assert rules(doc) == ["117.1b"] and doc["violations"][0]["objects"] == ["akroma"]
    assert check_doc({"window": "after_first_strike_damage", "permanent": "akroma", "times": 1},
                     damage_step="regular")["legal"]


def test_708_2a_602_1_check_face_down_and_missing_abilities() -> None:
    """708.2a: face down, Akroma has no ability to activate; 602.1: the bird has no pump at all."""
    assert "708.2a" in rules(check_doc({"window": "after_blockers", "permanent": "akroma", "times": 1},
                                       face_down=True, mana="{R}" * 6))
    doc = check_doc({"window": "after_blockers", "permanent": "bird", "times": 1})
    assert rules(doc) == ["602.1"] and doc["violations"][0]["objects"] == ["bird"]


def test_combat_activations_bad_entries_are_input_errors() -> None:
    """docs/situation.md: the window must be one of the four, the permanent must exist, times ≥ 1."""
    for act, field in [({"window": "declare_blockers", "permanent": "akroma", "times": 1}, "window"),
                       ({"window": "after_blockers", "permanent": "nobody", "times": 1}, "permanent"),
                       ({"window": "after_blockers", "permanent": "akroma", "times": 0}, "times"),
                       ({"window": "after_blockers", "permanent": "akroma"}, "times")]:
        with pytest.raises(InputError) as exc:
            check_doc(act)
        assert exc.value.field == f"combat.activations[0].{field}"


def test_pumps_that_could_overflow_are_refused() -> None:
    """docs/limits.md: what pumps can add counts in the board total (10^8), so no sum can wrap."""
    with pytest.raises(InputError, match="pump"):
        board(creature("x", "alice", 1, 1, "{R}: ~ gets +1000000/+0 until end of turn"),
              players=[{"name": "alice", "mana": "{R}" * 200}, {"name": "bob"}])


# --- differential: pumps with first strike and face-down creatures against the references ---------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from strategies import examples, pump_boards  # noqa: E402

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


def compare(data: dict) -> None:
    """`outcomes` and `count_outcomes` equal the brute-force reference (every activation one at a
    time, in every order, tests/reference/outcomes.py)."""
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = {canonical(o) for o in pysolver.outcomes(s)}
    assert got == want, (sorted(got - want)[:2], sorted(want - got)[:2])
    assert pysolver.count_outcomes(s) == len(want)


@settings(max_examples=examples(15), deadline=None, suppress_health_check=SLOW)
@given(pump_boards("blockers"))
def test_pump_outcomes_after_blocks_equal_reference(data: dict) -> None:
    compare(data)


@settings(max_examples=examples(20), deadline=None, suppress_health_check=SLOW)
@given(pump_boards("attackers"))
def test_pump_outcomes_after_attacks_equal_reference(data: dict) -> None:
    compare(data)


@settings(max_examples=examples(4), deadline=None, suppress_health_check=SLOW)
@given(pump_boards("none"))
def test_pump_outcomes_of_whole_combat_equal_reference(data: dict) -> None:
    compare(data)


@settings(max_examples=examples(15), deadline=None, suppress_health_check=SLOW)
@given(pump_boards("blockers"))
def test_pump_verify_equals_minimax(data: dict) -> None:
    """`verify` with pumps against the literal-stack minimax (tests/reference/minimax.py)."""
    from reference.minimax import reference_verify
    defender = data["players"][1]["name"]
    s = pysolver.load_data({**data, "goal": {"lethal": defender}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)


@pytest.mark.parametrize("power, mana, sure", [
    (6, "{G}", True),      # 702.19b: 6 - (4 + 1) = 1 tramples over whatever bob pumps: lethal at 1 life
    (5, "{G}", False),     # bob pumps the wall to 0/5: nothing tramples over
    (6, "{G}{G}", False),  # twice: 0/6
])
def test_602_2_sure_damage_counts_the_toughness_the_defence_can_pump(power: int, mana: str, sure: bool) -> None:
    """702.19b, 602.2, 613.4c: the trampler's sure excess over a blocker counts the most toughness the
    defence's mana can pump onto it (pysolver.game.goals.sure_damage no longer gives up on a board with a
    defence pump); verify and the brute-force minimax agree."""
    from reference.minimax import reference_verify

    from pysolver.game import gametree, goals
    s = situation_from_data({"players": [{"name": "alice"}, {"name": "bob", "life": 1, "mana": mana}],
                             "active": "alice",
                             "permanents": [creature("x", "alice", power, 5, "Trample"),
                                            creature("w", "bob", 0, 4, "{G}: ~ gets +0/+1 until end of turn")],
                             "combat": {"attackers": {"x": "bob"}, "blockers": {"w": ["x"]}},
                             "goal": {"lethal": "bob"}})
    assert (goals.sure_lethal(gametree.root(s).s, "bob") is not None) is sure
    assert pysolver.verify(s)["holds"] is sure is reference_verify(s)


def test_602_2_a_pump_that_lowers_a_blockers_toughness_raises_the_damage_bound() -> None:
    """702.19b, 602.2: bob may pump his 0/4 blocker to 3/1 (+3/-3): a 5/5 trampler then tramples 4 over,
    so 4 damage is not out of reach of bob's 4 life (pysolver.game.goals.damage_bound counts the toughness
    pumps can take away)."""
    from pysolver.game import goals
    s = situation_from_data({"players": [{"name": "alice"}, {"name": "bob", "life": 4, "mana": "{B}"}],
                             "active": "alice",
                             "permanents": [creature("x", "alice", 5, 5, "Trample"),
                                            creature("w", "bob", 0, 4, "{B}: ~ gets +3/-3 until end of turn")],
                             "combat": {"attackers": {"x": "bob"}, "blockers": {"w": ["x"]}}})
    assert goals.damage_bound(s, "bob") == 4
