"""The dynamic-programming block counter (pysolver.rules.counting) and the factored enumeration
against plain clingo enumeration.

On random boards mixing the restrictions of 509.1a-b and 702.111b and the requirements of
509.1c, the count without enumeration equals the number of answer sets clingo enumerates,
component by component, and legal_blocks gives exactly those answer sets.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import attack_boards, examples

import pysolver
from pysolver.asp.solving import count_models
from pysolver.game.gametree import Position
from pysolver.model.stage import Stage
from pysolver.output.jsontext import CHUNK, attack_texts, block_texts, to_json
from pysolver.rules.counting import BlockProblem
from pysolver.rules.declarations import block_components, count_blocks, lazy_product, legal_blocks

ATTACKER_LINES = ["Flying", "Menace", "Can't be blocked except by three or more creatures",
                  "Can't be blocked except by two or more creatures", "Fear", "Protection from red",
                  "All creatures able to block this creature do so", "This creature must be blocked if able",
                  "This creature attacks each combat if able", "Shadow", "Trample", "First strike",
                  "Can't be blocked by more than one creature", "~ can't be blocked by more than two creatures",
                  "~ can't be blocked by red creatures"]
BLOCKER_LINES = ["Flying", "Reach", "Can block an additional creature each combat",
                 "Can block any number of creatures", "This creature blocks each combat if able",
                 "Can't block", "Shadow", "Deathtouch"]
COLORS = ["red", "black", "green", "white", "blue"]


def creatures(prefix: str, controller: str, lines: list[str], max_size: int) -> st.SearchStrategy:
    one = st.fixed_dictionaries({"abilities": st.lists(st.sampled_from(lines), max_size=3),
                                 "colors": st.lists(st.sampled_from(COLORS), max_size=1, unique=True)})
    return st.lists(one, min_size=1, max_size=max_size).map(
        lambda cs: [{"id": f"{prefix}{i}", "controller": controller, "power": 2, "toughness": 2, **c}
                    for i, c in enumerate(cs)])


@st.composite
def boards(draw: st.DrawFn) -> pysolver.model.Situation:
    attackers = draw(creatures("a", "alice", ATTACKER_LINES, 4))
    blockers = draw(creatures("b", "bob", BLOCKER_LINES, 5))
    return pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
                               "permanents": attackers + blockers,
                               "combat": {"attackers": {a["id"]: "bob" for a in attackers}}})


@settings(max_examples=examples(80), deadline=None)
@given(boards())
def test_dp_count_equals_clingo_enumeration(s: pysolver.model.Situation) -> None:
    for c in block_components(s):
        assert c.problem is not None
        assert c.problem.count(c.best()) == count_models(c._control())


@settings(max_examples=examples(50), deadline=None)
@given(boards())
def test_factored_enumeration_equals_clingo_enumeration(s: pysolver.model.Situation) -> None:
    """legal_blocks (free blocks combined in Python) gives exactly the declarations clingo
    enumerates, each once, each sorted; count_blocks counts them."""
    got = [d["blocks"] for d in legal_blocks(s)]
    want = [sorted(pairs) for pairs in lazy_product([c.declarations() for c in block_components(s)])]
    assert all(pairs == sorted(pairs) for pairs in got)
    assert sorted(got) == sorted(want)
    assert count_blocks(s) == len(got)


def test_lure_with_menace_against_a_single_capable_blocker() -> None:
    """A menace Lure cannot be blocked by one creature alone (702.111b), so the requirement
    is obeyed as far as possible by not blocking it (509.1c)."""
    p = BlockProblem(edges=(("b", "x"),), capacity={"b": 1}, min_blockers={"x": 2},
                     lure={("b", "x"): 1}, must={}, obeyed_anyway=0)
    assert p.count(0) == 1


def test_509_1b_lure_with_a_cap_of_one_blocker() -> None:
    """A Lure that can't be blocked by more than one creature, three blockers: at most one Lure
    requirement can be obeyed (509.1b, 509.1c), so exactly one of them blocks it: 3 declarations."""
    p = BlockProblem(edges=(("b", "x"), ("c", "x"), ("d", "x")), capacity={"b": 1, "c": 1, "d": 1},
                     min_blockers={"x": 1}, lure={("b", "x"): 1, ("c", "x"): 1, ("d", "x"): 1}, must={},
                     obeyed_anyway=0, max_blockers={"x": 1})
    assert p.count(1) == 3 and p.count(2) == 0 and p.count(0) == 4
    assert p.free_pairs() == {}


def test_509_1b_cap_counted_with_free_edges() -> None:
    """An attacker that may be blocked by at most two of four blockers that can block any number:
    1 + 4 + 6 = 11 declarations (its edges are decided with the blockers' free edges to y)."""
    edges = tuple((b, a) for b in "bcde" for a in ("x", "y"))
    p = BlockProblem(edges=edges, capacity=dict.fromkeys("bcde", None), min_blockers={"x": 1, "y": 1},
                     lure={}, must={}, obeyed_anyway=0, max_blockers={"x": 2})
    assert p.count(0) == 11 * 2 ** 4


def test_frontier_limit_falls_back() -> None:
    edges = tuple((f"b{i}", f"a{j}") for i in range(6) for j in range(6))
    p = BlockProblem(edges=edges, capacity={f"b{i}": 1 for i in range(6)},
                     min_blockers={f"a{j}": 2 for j in range(6)}, lure={}, must={},
                     obeyed_anyway=0)
    assert p.count(0, limit=10) is None
    assert p.count(0) == p.count(0, limit=10**9)


@settings(max_examples=examples(40), deadline=None)
@given(boards())
def test_block_texts_are_the_typed_declarations_json(s: pysolver.model.Situation) -> None:
    """The command line's fast path (pysolver.output.jsontext: texts from per-option fragments) writes
    exactly the JSON of the typed moves, in the same order, as docs/results.md gives them (509.1)."""
    texts = [t for chunk in block_texts(s) for t in chunk]
    assert texts == [to_json(m.to_json()) for m in Position(Stage.DECLARE_BLOCKERS, s).legal_moves]
    assert texts == [to_json(d) for d in legal_blocks(s)]


@settings(max_examples=examples(40), deadline=None)
@given(attack_boards())
def test_attack_texts_are_the_typed_declarations_json(data: dict) -> None:
    """The same for declarations of attackers (508.1), targets planeswalkers and battles included."""
    s = pysolver.load_data(data)
    moves = Position(Stage.DECLARE_ATTACKERS, s).legal_moves
    assert [t for chunk in attack_texts(s) for t in chunk] == [to_json(m.to_json()) for m in moves]


def test_texts_of_a_product_larger_than_a_chunk() -> None:
    """A board of 8^4 = 4,096 and 5^6 = 15,625 declarations (vanilla 2/2s, every blocker free, 509.1a):
    the suffix table and the chunks of pysolver.output.jsontext.product_texts cover every choice once, in order."""
    for n, m in ((4, 7), (6, 4)):
        s = pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
                                "permanents": [{"id": f"a{i}", "controller": "alice", "power": 2, "toughness": 2}
                                               for i in range(m)]
                                + [{"id": f"b{i}", "controller": "bob", "power": 2, "toughness": 2} for i in range(n)],
                                "combat": {"attackers": {f"a{i}": "bob" for i in range(m)}}})
        chunks = list(block_texts(s))
        assert all(len(chunk) <= CHUNK for chunk in chunks)
        moves = Position(Stage.DECLARE_BLOCKERS, s).legal_moves
        assert [t for chunk in chunks for t in chunk] == [to_json(move.to_json()) for move in moves]
        assert sum(map(len, chunks)) == (m + 1) ** n == count_blocks(s)
