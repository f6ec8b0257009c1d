"""Paying the cost of an activated ability (602.2b, 601.2h, 118.3): one way for every kind.

A cost is a :class:`~pysolver.model.abilities.Cost` read by :func:`pysolver.model.abilities.parse_cost`
(602.1a): mana symbols paid from what is left of the controller's `mana` (601.2h, 106.4), {T} (602.5a:
the source untapped, and a creature not summoning sick unless it has haste, 302.6), "Pay N life" (119.4:
only with N life or more), "Discard N cards" (701.9: from a hand of N or more, `players[].hand`),
"Sacrifice ~" and "Sacrifice <permanents>" (701.21a: they leave the battlefield, and combat, at once,
506.4), "Tap N untapped <permanents> you control" (701.26a: an attacking creature without vigilance is
tapped, 508.1f; tapping another permanent is not {T}, so summoning sickness does not matter, 302.6)
"Remove N +1/+1 counters from ~" (122.1a: only from a source that has them), "Remove N <name> counters from ~"
(122.1: the source's `named_counters`), "Pay {E}…" (107.14: an energy counter for each {E}, from the player's
`energy`) and "Exile N cards from your graveyard" (406.1: from the cards the player's graveyard holds,
:func:`in_graveyard`). The pumps
(:mod:`pysolver.rules.pumps`) and the other activated abilities (:mod:`pysolver.rules.activated`) ask
here how often a cost can be paid (:func:`times_paid`), with which permanents (:func:`choices`), and
pay it (:func:`pay`); the permanents chosen are a move's `pay_with`.

>>> from pysolver.files.loader import situation_from_data
>>> from pysolver.model.abilities import parse_cost
>>> s = situation_from_data({"players": [{"name": "a", "life": 3, "hand": 1}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 1, "toughness": 1},
...                    {"id": "y", "controller": "a", "power": 1, "toughness": 1}]})
>>> times_paid(s, s.permanent("x"), parse_cost("pay 1 life, discard a card")), choices(
...     s, s.permanent("x"), parse_cost("sacrifice another creature"))
(1, [('y',)])
>>> [p.life for p in pay(s, "x", parse_cost("pay 2 life")).players]
[1, 20]
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from ..model import Permanent, Situation
from ..model.abilities import Cost, Fodder
from ..model.mana import affordable
from ..model.situation import RETURNED
from ..model.values import Violation
from .statics import has_now, tapped


def times_paid(s: Situation, p: Permanent, cost: Cost) -> int:
    """How many times in a row `p`'s controller can pay `cost` now (602.2b, 601.2h, 118.3): its mana from
    what is left of the pool; "Pay N life" only while their life is N or more (119.4); "Discard a card"
    from the cards in hand (701.9, 402.1); {T} once, and only with the source untapped (602.5a; an
    attacking creature without vigilance is tapped, 508.1f) and, a creature, not summoning sick unless
    it has haste (302.6); "Sacrifice ~" once (701.21a); "Sacrifice" and "Tap an untapped" permanents as
    often as there are such permanents (701.21a, 701.26a); "Remove N +1/+1 counters from ~" as often as
    it has N (122.1a), and "Remove N <name> counters from ~" as often as it has N of that name (122.1). A
    cost of nothing but mana with none: as often as it is asked (0 mana, 118.3a)."""
    owner = s.player(p.controller)
    bounds = [affordable(owner.mana, owner.spent, cost.mana)] if cost.mana.total else []
    if cost.life:
        bounds.append(max(owner.life, 0) // cost.life)
    if cost.discard:
        bounds.append((owner.hand or 0) // cost.discard)
    if cost.energy:
        bounds.append(owner.energy // cost.energy)
    if cost.exile:
        bounds.append(in_graveyard(s, owner.name) // cost.exile)
    if cost.tap:
        sick = p.is_creature and p.summoning_sick and not has_now(s, p, "haste")
        bounds.append(0 if tapped(s, p) or sick else 1)
    if cost.sacrifice_self:
        bounds.append(0 if p.left_battlefield else 1)
    if cost.remove_counters:
        bounds.append(sum(n for dp, dt, n in p.pt_counters if (dp, dt) == (1, 1)) // cost.remove_counters)
    if cost.remove_named:
        bounds.append(p.named(cost.remove_named[0]) // cost.remove_named[1])
    for fodder, untapped in ((cost.sacrifice, False), (cost.tap_untapped, True)):
        if fodder is not None:
            bounds.append(len(candidates(s, p, fodder, untapped)) // fodder.count)
    return min(bounds, default=1_000_000)


def in_graveyard(s: Situation, player: str) -> int:
    """How many cards `player`'s graveyard holds now (404.1): the stated ones (`graveyard`) and each card they own
    that has left the battlefield in this combat (700.4: every way the solver's combat takes one off puts it into
    its owner's graveyard; a token is no card, 111.7; a card persist or undying returned, 400.7, is back), less
    those exiled to pay costs (406.1, `Player.exiled`).

    >>> from pysolver.model import Player
    >>> s = Situation((Player("a", graveyard=2, exiled=1), Player("b")), "a",
    ...               (Permanent("x", "a", power=1, toughness=1, left_battlefield=True),))
    >>> in_graveyard(s, "a")
    2
    """
    pl = s.player(player)
    mine = [p for p in s.permanents if (p.owner or p.controller) == player and not p.token]
    back = sum(1 for p in mine if p.id.endswith(RETURNED))
    return (pl.graveyard or 0) + sum(1 for p in mine if p.left_battlefield) - back - pl.exiled


def candidates(s: Situation, p: Permanent, fodder: Fodder, untapped: bool) -> list[str]:
    """The permanents `p`'s controller can sacrifice (701.21a) or, `untapped`, tap (701.26a) for a cost
    naming `fodder`, by id: theirs, on the battlefield, of its kind — a card type (205.2a), creature
    type (205.3m; a changeling has every one, 702.73a) or land type (205.3i); a face-down permanent
    is a creature with no other type (708.2a) — not `p` for "another", and untapped for a tap (an
    attacking creature without vigilance is tapped, 508.1f)."""
    return [x.id for x in s.permanents if x.controller == p.controller and not x.left_battlefield
            and not (fodder.other and x.id == p.id) and _is(s, x, fodder) and not (untapped and tapped(s, x))]


def _is(s: Situation, x: Permanent, fodder: Fodder) -> bool:
    """Whether `x` is a permanent of the kind a cost names (205.2a, 205.3m, 205.3i, 702.73a, 708.2a)."""
    kind, word = fodder.what
    if x.face_down:
        return (kind, word) == ("type", "Creature")
    if kind == "type":
        return word in x.types
    if kind == "creature_type":  # (every one of them: "an Eldrazi Scion")
        return (x.is_creature or "Kindred" in x.types) and (
            set(word.split()) <= {t.lower() for t in x.subtypes} or has_now(s, x, "changeling"))
    return word in (t.lower() for t in x.subtypes)


def choices(s: Situation, p: Permanent, cost: Cost) -> list[tuple[str, ...]]:
    """Each choice of the permanents one payment of `cost` sacrifices or taps (601.2h), sorted; ``[()]``
    for a cost that chooses none."""
    fodder = cost.sacrifice or cost.tap_untapped
    if fodder is None:
        return [()]
    found = candidates(s, p, fodder, cost.sacrifice is None)
    return list(itertools.combinations(sorted(found), fodder.count))


def illegal_choice(s: Situation, p: Permanent, cost: Cost, pay_with: tuple[str, ...]) -> tuple[Violation, ...]:
    """Why `pay_with` does not pay `cost` of `p`'s ability now (601.2h: the permanents it sacrifices or taps,
    one of :func:`choices`), none if it does."""
    if not cost.choices:
        return () if not pay_with else (Violation("601.2h", "its cost sacrifices or taps no permanent (pay_with)"),)
    found = choices(s, p, cost)
    if pay_with in found:
        return ()
    return (Violation("601.2h", f"its cost {' and '.join(cost.others())} is paid with permanents that pay it "
                                f"(pay_with: {', '.join(sorted({x for c in found for x in c})) or 'none'})"),)


def pay(s: Situation, pid: str, cost: Cost, chosen: tuple[str, ...] = ()) -> Situation:
    """`s` with `cost` of `pid`'s ability paid (602.2b, 601.2h): its mana spent, N life paid (119.4, 119.3),
    cards discarded (701.9: the hand is smaller), the source tapped for {T} (602.5a) or sacrificed
    (701.21a), its +1/+1 or named counters removed (122.1a, 122.1), and the `chosen` permanents sacrificed (they leave
    the battlefield and combat at once, 701.21a, 506.4) or tapped (701.26a: a tapped creature stays in
    combat, 506.4, but can't be declared an attacker or blocker, 508.1a, 509.1a); state-based actions
    after a sacrifice or counters removed (704.3: a static ability's source gone, 611.3b; a toughness
    lowered, 704.5f)."""
    controller = s.permanent(pid).controller
    players = tuple(replace(pl, spent=pl.spent + cost.mana, life=pl.life - cost.life, energy=pl.energy - cost.energy,
                            hand=None if pl.hand is None else pl.hand - cost.discard,
                            exiled=pl.exiled + cost.exile)  # 406.1
                    if pl.name == controller else pl for pl in s.players)
    sacrificed = set(chosen) if cost.sacrifice is not None else set()
    sacrificed |= {pid} if cost.sacrifice_self else set()
    tapping = (set(chosen) if cost.tap_untapped is not None else set()) | ({pid} if cost.tap else set())
    changed = sacrificed | tapping
    permanents = tuple(replace(x, left_battlefield=x.left_battlefield or x.id in sacrificed,
                               tapped=x.tapped or x.id in tapping) if x.id in changed else x for x in s.permanents)
    if cost.remove_counters:
        permanents = tuple(x.with_counters(1, 1, -cost.remove_counters) if x.id == pid else x for x in permanents)
    if cost.remove_named:  # 122.1: a named counter changes nothing else, so no state-based action follows
        permanents = tuple(x.with_named(cost.remove_named[0], -cost.remove_named[1]) if x.id == pid else x
                           for x in permanents)
    after = replace(s, players=players, permanents=permanents)
    if not (sacrificed or cost.remove_counters):
        return after
    from .combat import settle  # clingo: state-based actions only where a permanent left or shrank (704.3)
    return settle(after)
