"""Replacement effects of static abilities (614): one small board per rule, expected results by hand.

614.6: a permanent that would die and goes to a library or exile instead ("If ~ would die, put it on the bottom of
its owner's library instead", "If a permanent would be put into a graveyard, exile it instead") leaves the
battlefield as one that dies does; a board where its not dying could change a result is refused
(pysolver.files.loader). The brute-force reference plays such a permanent as any other: where the board is
admitted nothing it reports differs (tests below compare the two).
"""

from __future__ import annotations

import pytest
from boards import board, creature
from reference.outcomes import canonical, reference_outcomes

import pysolver
from pysolver.errors import InputError
from pysolver.game.outcomes import outcome_values

CHOSEN = "If Nissa's Chosen would die, put it on the bottom of its owner's library instead."
SAMURAI = "If a permanent would be put into a graveyard, exile it instead."


def test_614_6_a_creature_that_would_die_leaves_the_battlefield_all_the_same() -> None:
    """614.6: Nissa's Chosen (2/3) blocking alice's 3/3 is put on the bottom of its owner's library instead of
    dying: the outcome lists it among the permanents that left the battlefield (docs/results.md `destroyed`);
    bob's Doomed Dissenter dying beside it still triggers its own death trigger (603.10a), which is its own."""
    s = board(creature("x", "alice", 3, 3), creature("n", "bob", 2, 3, CHOSEN, name="Nissa's Chosen"),
              creature("d", "bob", 1, 1, "When ~ dies, you gain 2 life"),
              attackers={"x": "bob"}, blockers={"n": ["x"]})
    got = [o.to_json() for o in outcome_values(s)]
    assert [(o["destroyed"], o["damage"]) for o in got] == [(["n"], {"x": 2})]
    assert {canonical(o) for o in reference_outcomes(s)} == {canonical(o) for o in got}


@pytest.mark.parametrize(("other", "found"), [
    (creature("w", "bob", 1, 1, "Whenever another creature dies, you gain 1 life"), "watching creatures die"),
    (creature("g", "bob", 1, 1, "{G}: Regenerate target creature"), "regeneration"),
    (creature("t", "bob", 1, 1, "This creature gets +2/+2 as long as seven or more cards are in your graveyard"),
     "counting the cards in a graveyard"),
])
def test_614_6_a_board_where_not_dying_could_matter_is_refused(other: dict, found: str) -> None:
    """603.10a: a watcher would not see it die; 616.1: regeneration and the replacement are ordered by its
    controller; 404.1: it is not put into the graveyard a count reads."""
    with pytest.raises(InputError, match=f"{found}.*614.6"):
        board(creature("n", "bob", 2, 3, CHOSEN, name="Nissa's Chosen"), other, players=[
            {"name": "alice"}, {"name": "bob", "graveyard": 2}])


def test_614_6_exile_instead_affects_every_permanent() -> None:
    """Samurai of the Pale Curtain: every permanent that would be put into a graveyard is exiled instead, so a
    persist creature never dies and never returns (702.79a): refused; beside a plain board it changes nothing."""
    with pytest.raises(InputError, match="persist or undying"):
        board(creature("s", "alice", 2, 2, SAMURAI), creature("p", "bob", 2, 2, "Persist"))
    s = board(creature("s", "alice", 2, 2, SAMURAI), creature("b", "bob", 2, 2), attackers={"s": "bob"})
    assert sorted(tuple(o["destroyed"]) for o in pysolver.outcomes(s)) == [(), ("b", "s")]
