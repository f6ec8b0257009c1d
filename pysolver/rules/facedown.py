"""Turning face-down creatures face up in a priority window (116.2b): for a morph, megamorph or
disguise cost (702.37e, 702.37b, 702.168d), or a manifested or cloaked creature card for its mana
cost (701.40b, 701.58b).

A turn is a pair (permanent, way): the way is ``morph``, ``megamorph``, ``disguise`` or
``mana_cost`` (:meth:`pysolver.model.Permanent.face_up_ways`).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a", "mana": "{R}{R}"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "cat", "controller": "a", "card": "Blistering Firecat", "face_down": True}]})
>>> list(face_up_choices(s))
[(), (('cat', 'morph'),)]
>>> turned = turn_face_up(s, (("cat", "morph"),))
>>> turned.permanent("cat").face_down, str(turned.player("a").spent)
(False, '{R}{R}')
>>> lurker = situation_from_data({"players": [{"name": "a", "mana": "{U}"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "card": "Gudul Lurker", "face_down": "manifest"}]})
>>> list(face_up_choices(lurker))
[(), (('x', 'mana_cost'),), (('x', 'megamorph'),)]
>>> [turn_face_up(lurker, (("x", way),)).permanent("x").plus_counters for way in ("megamorph", "mana_cost")]
[1, 0]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import replace
from functools import lru_cache

from ..asp.facts import atom, program, situation_facts
from ..asp.solving import WINDOW, args_of, control, models
from ..model import Permanent, Player, Situation
from ..model.abilities import MORPHS

Turn = tuple[str, str]  # (permanent, way): one face-down permanent turned face up one way


def turnable(s: Situation) -> list[str]:
    """Face-down permanents on the battlefield that have a way to be turned face up (702.37e,
    702.168d, 701.40b, 701.58b)."""
    return [p.id for p in s.permanents if not p.left_battlefield and p.face_up_ways()]


def face_up_choices(s: Situation, players: frozenset[str] | None = None,
                    among: Collection[str] | None = None) -> Iterator[tuple[Turn, ...]]:
    """Each set of face-down permanents that can be turned face up together now, each one way, paid
    from mana.

    `players` limits the choice to permanents those players control (default: everyone's),
    `among` to those permanents (default: all). The empty set (nobody turns anything) is first.
    """
    candidates = [pid for pid in turnable(s) if (players is None or s.permanent(pid).controller in players)
                  and (among is None or pid in among)]
    yield ()
    if candidates:
        # Only what facedown.lp reads: the candidates' ways and controllers, everyone's mana.
        window = tuple(_window_part(s.permanent(pid)) for pid in candidates)
        pools = tuple(Player(p.name, mana=p.mana, spent=p.spent) for p in s.players)
        yield from _choices(window, pools, frozenset(players or s.player_names))


def _window_part(p: Permanent) -> Permanent:
    """What facedown.lp reads of a face-down permanent: controller, card types, how it is face down,
    its mana cost and its morph or disguise ability."""
    return Permanent(p.id, p.controller, types=p.types, face_down=p.face_down, mana_cost=p.mana_cost,
                     abilities=tuple(a for a in p.abilities if a.kind in MORPHS))


@lru_cache(maxsize=4096)
def _choices(window: tuple[Permanent, ...], pools: tuple[Player, ...],
             acting: frozenset[str]) -> tuple[tuple[Turn, ...], ...]:
    """The nonempty sets of turns of `window` that can be made together (facedown.lp); memoised,
    since many positions of a combat share their face-down permanents and mana."""
    facts = situation_facts(Situation(pools, pools[0].name, window)) + "\n" + program(
        [atom("acting", pl) for pl in sorted(acting)] + [atom("considered", p.id) for p in window])
    ctl = control(WINDOW, facts, parts=("base", "choose_face_up", "show_face_up"))
    # Sorted, fewest turns first: the solver's model order is not the same on every platform.
    return tuple(sorted((tuple(sorted((args_of(sym)[0], args_of(sym)[1]) for sym in symbols))
                         for symbols in models(ctl) if symbols), key=lambda turns: (len(turns), turns)))


def turn_face_up(s: Situation, turns: tuple[Turn, ...]) -> Situation:
    """The situation after `turns`: each way's cost paid by the permanent's controller (702.37e,
    702.168d, 701.40b, 701.58b), a +1/+1 counter on each turned for its megamorph cost (702.37b: not
    for its mana cost). Damage marked stays (state-based actions then apply, 704.3)."""
    if not turns:
        return s
    ways = dict(turns)
    spent = {p.name: p.spent for p in s.players}
    permanents = []
    for p in s.permanents:
        if p.id in ways:
            cost = dict(p.face_up_ways())[ways[p.id]]
            spent[p.controller] = spent[p.controller] + cost
            p = replace(p, face_down=False).with_counters(1, 1, ways[p.id] == "megamorph")
        permanents.append(p)
    players = tuple(replace(p, spent=spent[p.name]) for p in s.players)
    return replace(s, players=players, permanents=tuple(permanents))
