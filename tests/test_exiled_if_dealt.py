"""'If a creature dealt damage by ~ this turn would die, exile it instead' (Kumano, Master Yamabushi, 614.6): a creature
it applies to leaves the battlefield as one that dies does (an outcome's `destroyed`), and which creatures it applies
to depends on the damage dealt this turn, before the combat too, so a board where any creature's not dying could
change a result is refused (pysolver.files.loader, as for "If a permanent would be put into a graveyard, exile it
instead")."""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcome

from pysolver.errors import InputError
from pysolver.model.abilities import parse_ability_line

KUMANO = "If a creature dealt damage by ~ this turn would die, exile it instead"


def test_614_6_real_line_parses() -> None:
    (a,) = parse_ability_line("If a creature dealt damage by Kumano, Master Yamabushi this turn would die, exile it "
                              "instead.", "Kumano, Master Yamabushi")
    assert a.kind == "exiled_if_dealt"


def test_614_6_the_creature_it_kills_leaves_the_battlefield_all_the_same() -> None:
    """Kumano (4/4) blocked by a 2/2: the 2/2 dealt lethal damage by it (704.5g) is exiled instead of dying, and is
    listed among the permanents that left the battlefield (docs/results.md `destroyed`), as the reference finds."""
    s = board(creature("k", "alice", 4, 4, KUMANO, "{1}{R}: ~ deals 1 damage to any target"),
              creature("b", "bob", 2, 2), attackers={"k": "bob"}, blockers={"b": ["k"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("b",), damage={"k": 2})}


@pytest.mark.parametrize("other", [
    creature("d", "bob", 1, 1, "When ~ dies, you gain 2 life"),
    creature("w", "bob", 1, 1, "Whenever another creature dies, you gain 1 life"),
    creature("p", "bob", 1, 1, "Persist")])
def test_614_6_a_board_where_not_dying_could_matter_is_refused(other: dict) -> None:
    """603.10a: a death trigger or a watcher would not see it die; 702.79a: persist would not return it."""
    with pytest.raises(InputError, match="614.6"):
        board(creature("k", "alice", 4, 4, KUMANO), other, attackers={"k": "bob"})
