"""Cards exiled with a permanent coming back (406.6, 607.2a, 603.6c, 610.3c, 702.72a).

A permanent's `exiled_cards` (docs/situation.md) are the cards its linked ability exiled before the combat: a Fiend
Hunter's "When ~ enters, you may exile another target creature", a champion's (702.72a) championed card. Its
leaves-the-battlefield trigger (:data:`~pysolver.model.abilities.RETURN_EXILED`: "When ~ leaves the battlefield,
return the exiled card to the battlefield under its owner's control", champion's second ability) triggers as it
leaves (603.6c, 603.10a: in the solver's combat it leaves by dying) and, as it resolves, returns each of those cards
to the battlefield under its owner's control (110.2): a new object (400.7) with the characteristics the file gives
it, summoning sick (302.6), untapped unless an opponent's "<objects> your opponents control enter the battlefield
tapped" says otherwise (614.1c), in no fight: neither attacking nor blocking (506.4). Its id is the one the file
gives the exiled card. The cards are no longer exiled with the permanent: a second such ability finds none (607.2a).
"When ~ leaves the battlefield, return the exiled cards to their owner's hand" (Hypnox, Wormfang Behemoth;
:data:`~pysolver.model.abilities.RETURN_EXILED_TO_HAND`) puts each into its owner's hand instead (400.7): a hidden
zone (121.1) whose only number the combat reads is how many cards it holds (402.1: discard costs, 701.9; "for each
card in your hand"), one bigger for each card where the file states it (`players[].hand`).

>>> from pysolver.model import Permanent, Player, Situation
>>> bear = Permanent("bear", "b", owner="b", power=2, toughness=2, summoning_sick=True)
>>> s = Situation((Player("a"), Player("b")), "a", (Permanent("fh", "a", power=1, toughness=3, exiled_cards=(bear,),
...     abilities=("When ~ leaves the battlefield, return the exiled card to the battlefield under its owner's "
...                "control",)),))
>>> [(p.id, p.controller, p.summoning_sick, len(p.exiled_cards)) for p in returned(s, "fh").permanents]
[('fh', 'a', False, 0), ('bear', 'b', True, 0)]
"""

from __future__ import annotations

from dataclasses import replace

from ..model import Situation
from .tokens import enters_tapped


def returned(s: Situation, source: str) -> Situation:
    """`s` after the leaves-the-battlefield trigger of `source` returned the cards exiled with it to the battlefield
    under their owners' control (607.2a, 110.2, 400.7; summoning sick as the file reads them, 302.6; tapped if an
    opponent's permanent says so, 614.1c), and none is exiled with it any more."""
    cards = s.permanent(source).exiled_cards
    back = tuple(replace(c, tapped=True) if enters_tapped(s, c) else c for c in cards)
    kept = tuple(replace(p, exiled_cards=()) if p.id == source else p for p in s.permanents)
    return replace(s, permanents=kept + back)


def to_hand(s: Situation, source: str) -> Situation:
    """`s` after the leaves-the-battlefield trigger of `source` returned the cards exiled with it to their owners'
    hands (400.7): each owner's `hand`, where stated, one bigger for each card they own (402.1); none is exiled with
    `source` any more.

    >>> from pysolver.model import Permanent, Player
    >>> card = Permanent("c", "b", owner="b", types=())
    >>> s = Situation((Player("a"), Player("b", hand=0)), "a", (Permanent("h", "a", power=8, toughness=8,
    ...     exiled_cards=(card, card)),))
    >>> [p.hand for p in to_hand(s, "h").players], to_hand(s, "h").permanents[0].exiled_cards
    ([None, 2], ())
    """
    cards = s.permanent(source).exiled_cards
    owned = {pl.name: sum(1 for c in cards if (c.owner or c.controller) == pl.name) for pl in s.players}
    players = tuple(replace(pl, hand=pl.hand + owned[pl.name]) if pl.hand is not None else pl for pl in s.players)
    kept = tuple(replace(p, exiled_cards=()) if p.id == source else p for p in s.permanents)
    return replace(s, players=players, permanents=kept)
