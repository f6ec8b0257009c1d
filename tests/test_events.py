"""Triggers on a player's events (603.2): "Whenever you draw a card" (121.1), "Whenever you [cycle or] discard a
card" (701.9a), "Whenever you sacrifice a <permanent>" (701.21a), "Whenever you scry" (701.22a), "Whenever ~
becomes untapped" (603.2e, 701.26b), "Whenever a permanent is returned to your hand" (603.6c).
The solver's combat casts no spell, activates no ability of a card in a hand (cycling, 702.29a, is one) and has no
untap step (502.3), so only an ability on the board can draw, discard, sacrifice, scry, untap or bounce: a board with a
watcher and such an ability is refused, and on any other board the watcher never triggers (603.2g), so the outcomes are
those without its line (the brute-force reference, which ignores the line, agrees by construction)."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature

import pysolver
from pysolver.files.cards import parse_pool
from pysolver.model.abilities import parse_ability_line

DRAW = "Whenever you draw a card, you gain 1 life"
DISCARD = "Whenever you cycle or discard a card, ~ gets +1/+1 until end of turn"
SACRIFICE = "Whenever you sacrifice another permanent, put a +1/+1 counter on ~"
UNTAP = "Whenever a permanent you control becomes untapped, ~ gets +1/+1 until end of turn"
RETURN = "Whenever a permanent is returned to your hand, you gain 1 life"


def ends(*lines: str, other: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The outcomes of alice's 2/2 with `lines` attacking into bob's 3/3 with `other`, without their text."""
    s = board(creature("x", "alice", 2, 2, *lines), creature("b", "bob", 3, 3, *other), attackers={"x": "bob"})
    return [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]


@pytest.mark.parametrize("line", [DRAW, DISCARD, SACRIFICE, UNTAP, RETURN])
def test_603_2_an_event_watcher_whose_event_cannot_happen_changes_nothing(line: str) -> None:
    """603.2g: no ability on the board draws, discards or sacrifices: the watcher never triggers."""
    assert ends(line, other=("{1}: ~ gets +1/+1 until end of turn",)) == \
        ends(other=("{1}: ~ gets +1/+1 until end of turn",))


@pytest.mark.parametrize(("watcher", "line", "cause"), [
    (DRAW, "{T}: Draw a card", "acts in hidden zones"),  # 121.1
    ("Whenever an opponent draws a card, you gain 1 life", "{2}, {T}: Draw a card", "acts in hidden zones"),
    (DISCARD, "{T}: Draw a card, then discard a card", "acts in hidden zones"),  # 701.9a
    (DRAW, "Whenever ~ attacks and isn't blocked, you may draw a card. If you do, ~ assigns no combat damage this "
           "turn", "a line that draws"),  # 121.1, 510.1a
    ("Whenever you scry, ~ gets +2/+0 until end of turn", "{1}, {T}: Scry 1", "acts in hidden zones"),  # 701.22a
    (DISCARD, "{1}, Discard a card: ~ gets +1/+1 until end of turn", "discard cost"),  # 701.9a
    (SACRIFICE, "Sacrifice a creature: Regenerate ~", "sacrifice cost"),  # 701.21a
    (SACRIFICE, "Sacrifice ~: Add {B}", "sacrifice cost"),
    (SACRIFICE, "When ~ attacks or blocks, sacrifice it at end of combat", "ability that sacrifices"),
    (RETURN, "{U}: Return ~ to its owner's hand", "returns a permanent"),  # 400.7, 603.6c
    (RETURN, "When ~ blocks, return it to its owner's hand", "returns a permanent"),
    (RETURN, "{1}{U}, {T}: Return target creature to its owner's hand", "returns a permanent"),
    (RETURN, "Whenever ~ blocks a creature, return that creature to its owner's hand at end of combat",
     "returns a permanent"),
    (UNTAP, "{T}: Untap target creature", "ability that untaps"),  # 701.26b
    (UNTAP, "{2}: Untap ~", "ability that untaps"),
    (UNTAP, "Whenever you gain life, untap ~", "ability that untaps"),
    (UNTAP, "Whenever ~ attacks, untap each other creature you control", "ability that untaps"),
    (UNTAP, "Whenever a creature you control becomes blocked, you may untap that creature and remove it from combat",
     "ability that untaps"),
])
def test_603_2_an_event_watcher_beside_an_ability_that_makes_its_event_is_refused(watcher: str, line: str,
                                                                                   cause: str) -> None:
    with pytest.raises(pysolver.InputError, match=rf"permanents\[0\].*'x' has a trigger on .*"
                                                  rf"\(\d+\.\d+[a-z]?, 603\.2\) and 'p' has .*{cause}"):
        board(creature("x", "alice", 2, 2, watcher), creature("p", "bob", 1, 1, line))


def test_603_2_a_draw_watcher_beside_a_card_line_kept_inert_that_draws_is_refused() -> None:
    """121.1: "Whenever ~ becomes untapped, draw a card" is kept inert (its effect only acts in a hidden zone),
    yet it draws: the watcher beside it is refused, naming the line."""
    pool = parse_pool([{"name": "Seer", "type_line": "Creature — Test", "colors": [], "power": "1", "toughness": "1",
                        "oracle_text": "Whenever Seer becomes untapped, draw a card."}], "seer.json")
    data = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [creature("x", "alice", 2, 2, DRAW), {"id": "s", "controller": "bob", "card": "Seer"}]}
    with pytest.raises(pysolver.InputError, match=r"'x' has a trigger on a player drawing a card .* 's' has the line"):
        pysolver.load_data(data, cards=pool)


@pytest.mark.parametrize(("name", "line", "kind", "whose"), [
    ("Horizon Chimera", "Whenever you draw a card, you gain 1 life.", "draw_watch", "you"),
    ("Lorescale Coatl", "Whenever you draw a card, you may put a +1/+1 counter on Lorescale Coatl.", "draw_watch",
     "you"),
    ("Niv-Mizzet, the Firemind", "Whenever you draw a card, Niv-Mizzet, the Firemind deals 1 damage to target "
                                 "creature or player.", "draw_watch", "you"),
    ("Kederekt Parasite", "Whenever an opponent draws a card, if you control a red permanent, you may have Kederekt "
                          "Parasite deal 1 damage to that player.", "draw_watch", "opponents"),
    ("Hekma Sentinels", "Whenever you cycle or discard a card, Hekma Sentinels gets +1/+1 until end of turn.",
     "discard_watch", "you"),
    ("Horror of the Broken Lands", "Whenever you cycle or discard another card, Horror of the Broken Lands gets "
                                   "+2/+1 until end of turn.", "discard_watch", "you"),
    ("Archfiend of Ifnir", "Whenever you cycle or discard another card, put a -1/-1 counter on each creature your "
                           "opponents control.", "discard_watch", "you"),
    ("Ominous Sphinx", "Whenever you cycle or discard a card, target creature an opponent controls gets -2/-0 until "
                       "end of turn.", "discard_watch", "you"),
    ("Ruthless Sniper", "Whenever you cycle or discard a card, you may pay {1}. If you do, put a -1/-1 counter on "
                        "target creature.", "discard_watch", "you"),
    ("Abyssal Nocturnus", "Whenever an opponent discards a card, Abyssal Nocturnus gets +2/+2 and gains fear until "
                          "end of turn.", "discard_watch", "opponents"),
    ("Bloodbriar", "Whenever you sacrifice another permanent, put a +1/+1 counter on Bloodbriar.", "sacrifice_watch",
     "you"),
    ("Tireless Tracker", "Whenever you sacrifice a Clue, put a +1/+1 counter on Tireless Tracker.", "sacrifice_watch",
     "you"),
    ("Graf Mole", "Whenever you sacrifice a Clue, you gain 3 life.", "sacrifice_watch", "you"),
    ("Ruthless Deathfang", "Whenever you sacrifice a creature, target opponent sacrifices a creature.",
     "sacrifice_watch", "you"),
    ("Flamespeaker Adept", "Whenever you scry, Flamespeaker Adept gets +2/+0 and gains first strike until end of "
                           "turn.", "scry_watch", "you"),
    ("Azorius Aethermage", "Whenever a permanent is returned to your hand, you may pay {1}. If you do, draw a card.",
     "return_watch", "you"),
    ("Wake Thrasher", "Whenever a permanent you control becomes untapped, Wake Thrasher gets +1/+1 until end of turn.",
     "untap_watch", "yours"),
    ("Hollowsage", "Whenever Hollowsage becomes untapped, you may have target player discard a card.", "untap_watch",
     "self"),
    ("Satyr Nyx-Smith", "Inspired — Whenever Satyr Nyx-Smith becomes untapped, you may pay {2}{R}. If you do, create "
                        "a 3/1 red Elemental enchantment creature token with haste.", "untap_watch", "self"),
])
def test_603_2_event_watchers_of_real_cards(name: str, line: str, kind: str, whose: str) -> None:
    assert [(a.kind, a.value) for a in parse_ability_line(line, name)] == [(kind, whose)]
