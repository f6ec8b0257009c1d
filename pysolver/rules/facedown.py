"""Turning face-down creatures face up in a priority window (116.2b, 702.37e, 702.37b).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a", "mana": "{R}{R}"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "cat", "controller": "a", "card": "Blistering Firecat", "face_down": True}]})
>>> list(face_up_choices(s))
[(), ('cat',)]
>>> turned = turn_face_up(s, ("cat",))
>>> turned.permanent("cat").face_down, str(turned.player("a").spent)
(False, '{R}{R}')
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import replace
from functools import lru_cache

from ..asp.facts import atom, program, situation_facts
from ..asp.solving import WINDOW, args_of, control, models
from ..model import Permanent, Player, Situation


def turnable(s: Situation) -> list[str]:
    """Face-down permanents on the battlefield that have a morph cost (702.37e)."""
    return [p.id for p in s.permanents if p.face_down and not p.left_battlefield and p.morph_cost()]


def face_up_choices(s: Situation, players: frozenset[str] | None = None,
                    among: Collection[str] | None = None) -> Iterator[tuple[str, ...]]:
    """Each set of face-down permanents that can be turned face up together now, paid from mana.

    `players` limits the choice to permanents those players control (default: everyone's),
    `among` to those permanents (default: all). The empty set (nobody turns anything) is first.
    """
    candidates = [pid for pid in turnable(s) if (players is None or s.permanent(pid).controller in players)
                  and (among is None or pid in among)]
    yield ()
    if candidates:
        # Only what facedown.lp reads: the candidates' controllers and costs, everyone's mana.
        window = tuple(Permanent(pid, s.permanent(pid).controller, face_down=True,
                                 abilities=tuple(a for a in s.permanent(pid).abilities
                                                 if a.kind in ("morph", "megamorph"))) for pid in candidates)
        pools = tuple(Player(p.name, mana=p.mana, spent=p.spent) for p in s.players)
        yield from _choices(window, pools, frozenset(players or s.player_names))


@lru_cache(maxsize=4096)
def _choices(window: tuple[Permanent, ...], pools: tuple[Player, ...],
             acting: frozenset[str]) -> tuple[tuple[str, ...], ...]:
    """The nonempty sets of `window` that can be turned face up together (facedown.lp); memoised,
    since many positions of a combat share their face-down permanents and mana."""
    facts = situation_facts(Situation(pools, pools[0].name, window)) + "\n" + program(
        [atom("acting", pl) for pl in sorted(acting)] + [atom("considered", p.id) for p in window])
    ctl = control(WINDOW, facts, parts=("base", "choose_face_up", "show_face_up"))
    return tuple(tuple(sorted(args_of(sym)[0] for sym in symbols)) for symbols in models(ctl) if symbols)


def turn_face_up(s: Situation, ids: tuple[str, ...]) -> Situation:
    """The situation after turning `ids` face up: costs paid by their controllers (702.37e), a +1/+1
    counter on each turned with a megamorph cost (702.37b). Damage marked stays (state-based
    actions then apply, 704.3)."""
    if not ids:
        return s
    spent = {p.name: p.spent for p in s.players}
    permanents = []
    for p in s.permanents:
        if p.id in ids:
            kind, cost = p.morph_cost()
            spent[p.controller] = spent[p.controller] + cost
            p = replace(p, face_down=False).with_counters(1, 1, kind == "megamorph")
        permanents.append(p)
    players = tuple(replace(p, spent=spent[p.name]) for p in s.players)
    return replace(s, players=players, permanents=tuple(permanents))
