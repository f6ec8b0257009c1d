"""Creature tokens created during the combat (111.1-111.4, 110.5b, 302.6).

An ability that creates tokens (:class:`~pysolver.model.abilities.TokenSpec`: "When ~ dies, create a 2/2
black Zombie creature token", "{3}{G}: Create a 1/1 green Saproling creature token") puts as it resolves
that many new permanents onto the battlefield under the control of the player who created them, their
owner (111.2): each with the characteristics the ability gives it and no other (111.3), its name its
subtypes and "Token" unless the ability names it (111.4); untapped unless the ability says "tapped"
(110.5b); not controlled continuously since its controller's turn began, so it can't attack or pay {T}
without haste (302.6), but it may block (509.1a: any untapped creature of the defending player). A token
that leaves the battlefield ceases to exist (111.7, 704.5d): like any permanent that left, it is listed in
an outcome's ``destroyed`` (docs/results.md) and never comes back (111.8).

**Ids.** The k-th token an ability of permanent ``x`` creates with the name "Zombie Token" is
``x/zombie<k>`` (k from 1; a source's two different tokens of one name are told apart by a letter,
``x/zombie-b<k>``): an id no situation file can give (its ``/`` is outside the alphabet of ids,
docs/situation.md), the same for every line that creates the same tokens in the same order, so that
outcomes, `verify`, `best`, a line's moves and the brute-force reference name a token alike.

**Equal tokens.** Tokens of one source and one kind are equal in every characteristic; which of them did
something is not part of an end-of-combat result the contract's fields can tell (docs/results.md): two
outcomes that differ only by a permutation of equal tokens' ids are one outcome (:func:`canonical`).

>>> from pysolver.model import Permanent, Player, Situation
>>> s = Situation((Player("a"), Player("b")), "a", (Permanent("x", "a", power=1, toughness=1,
...     abilities=("When ~ dies, create two 1/1 white Spirit creature tokens with flying",)),))
>>> after = created(s, "x", spec_of(s.permanent("x"), 0), "a")
>>> [(p.id, p.power, p.subtypes, p.summoning_sick) for p in after.permanents[1:]]
[('x/spirit1', 1, ('Spirit',), True), ('x/spirit2', 1, ('Spirit',), True)]
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import cast

from ..errors import InputError
from ..model import Permanent, Situation
from ..model.abilities import OPPONENTS_ENTER_TAPPED, TokenSpec, creates
from ..model.values import Outcome, OutcomeKey

#: a token's id: its source's id, "/", the slug of its name, its number (the slug has no digit)
TOKEN_ID = re.compile(r"(?P<prefix>.+/[a-z-]+)(?P<n>\d+)")
#: the most tokens one resolving ability may create ("create X …, where X is ~'s power", 608.2h: a number of the
#: board; docs/limits.md): more are refused as the ability resolves
MAX_CREATED = 20


def specs(p: Permanent) -> list[tuple[int, TokenSpec]]:
    """The abilities of `p` that create tokens, by their index in ``p.abilities``, with what they create."""
    return [(j, spec) for j, a in enumerate(p.abilities) if (spec := creates(a)) is not None]


def spec_of(p: Permanent, j: int) -> TokenSpec:
    """What ability `j` of `p` creates."""
    return dict(specs(p))[j]


def makes_tokens(s: Situation) -> bool:
    """Whether a permanent of `s` on the battlefield has an ability that creates tokens (on a side it shows
    or may show: a face-down permanent may be turned face up, 702.37e)."""
    return any(specs(p) for p in s.permanents if not p.left_battlefield)


def prefix(p: Permanent, spec: TokenSpec) -> str:
    """The id of `p`'s tokens of `spec` without their number: ``x/zombie``, or ``x/zombie-b`` for the second
    of two different kinds of token of one name."""
    def slug(t: TokenSpec) -> str:
        return "-".join(re.sub(r"[^a-z ]", "", t.name.lower().removesuffix(" token")).split()) or "token"
    alike = list(dict.fromkeys(t for _, t in specs(p) if slug(t) == slug(spec)))
    rank = alike.index(spec) if spec in alike else 0
    return f"{p.id}/{slug(spec)}" + (f"-{chr(ord('a') + rank)}" if rank else "")


@lru_cache(maxsize=256)
def _token(spec: TokenSpec) -> Permanent:
    """One token of `spec` (its id and controller set by :func:`created`): 111.3 its characteristics, 110.5b
    untapped unless "tapped", 302.6 summoning sick; a token, no card (111.1: leaving the battlefield it is in no
    graveyard's count, 111.7, 704.5d)."""
    return Permanent("token", "token", name=spec.name, types=spec.types, subtypes=spec.subtypes, colors=spec.colors,
                     power=spec.power, toughness=spec.toughness, abilities=spec.abilities,
                     tapped=spec.tapped or spec.attacking, summoning_sick=True, token=True)


def enters_tapped(s: Situation, p: Permanent) -> bool:
    """Whether `p`, entering the battlefield under its controller's control (a token, 111.2; a card persist or
    undying returns, 702.79a, 702.93a), enters tapped (614.1c): a permanent of another player's on the
    battlefield (802.1: every other player is an opponent; face up, 708.2a) has "<objects> your opponents control
    enter the battlefield tapped" for one of `p`'s card types (614.12: as it would exist on the battlefield).

    >>> from pysolver.model import Player
    >>> s = Situation((Player("a"), Player("b")), "a", (Permanent("k", "b", power=2, toughness=3,
    ...     abilities=("Creatures your opponents control enter the battlefield tapped",)),))
    >>> enters_tapped(s, Permanent("t", "a", power=1, toughness=1)), enters_tapped(s, Permanent("t", "b"))
    (True, False)
    """
    types = {t.lower() for t in p.types}
    return any(a.kind == OPPONENTS_ENTER_TAPPED and types & set(cast(tuple[str, ...], a.value))
               for x in s.permanents if x.controller != p.controller and not x.left_battlefield and not x.face_down
               for a in x.abilities)


def created(s: Situation, source: str, spec: TokenSpec, controller: str, count: int | None = None,
            attacking: bool = False) -> Situation:
    """`s` after an ability of `source` controlled by `controller` created `count` tokens of `spec` (its own
    count by default): new permanents under `controller`'s control (111.2), numbered after those the same
    ability of the same source created before (the ids of the module's docstring); `attacking`: put onto the
    battlefield tapped and attacking (508.4) the one player its controller's opponents are (the loader refuses
    a board where it could attack another: a planeswalker, a battle, a second opponent)."""
    n = spec.count if count is None else count
    if n <= 0:
        return s
    if n > MAX_CREATED:
        raise InputError(s.source, "permanents", f"{source!r} would create {n} tokens with one ability (111.1, "
                         f"608.2h): more than {MAX_CREATED} are not modelled (docs/limits.md)")
    legend(s, source, spec, controller, n)
    head = prefix(s.permanent(source), spec)
    made = sum(1 for p in s.permanents if (m := TOKEN_ID.fullmatch(p.id)) and m.group("prefix") == head)
    token = replace(_token(spec), controller=controller)
    token = replace(token, tapped=True) if enters_tapped(s, token) else token  # 614.1c
    new = tuple(replace(token, id=f"{head}{made + k}") for k in range(1, n + 1))
    after = replace(s, permanents=s.permanents + new)
    if not attacking or s.combat.attackers is None:
        return after
    defending = next(p.name for p in s.players if p.name != controller)
    return after.with_combat(attackers=s.combat.attackers + tuple((p.id, defending) for p in new))


def legend(s: Situation, source: str, spec: TokenSpec, controller: str, n: int) -> None:
    """Refuse `n` legendary tokens of `spec` (205.4d) that would leave `controller` with two or more legendary
    permanents of one name (704.5j, the legend rule: its controller chooses one and puts the rest into their owners'
    graveyards, a choice not modelled), with one of that name on the battlefield already or more than one made.

    >>> from pysolver.model import Player
    >>> from pysolver.model.abilities import token_spec
    >>> t = token_spec("create a legendary 5/5 colorless goblin golem artifact creature token named tuktuk the "
    ...                "returned")
    >>> s = Situation((Player("a"), Player("b")), "a", (Permanent("x", "a", name="Tuktuk the Returned"),))
    >>> legend(s, "y", t, "b", 1)
    >>> legend(s, "y", t, "a", 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pysolver.errors.InputError: permanents: 'y' would create a legendary token named 'Tuktuk the Returned' ...
    """
    there = any(p.name == spec.name and p.controller == controller and not p.left_battlefield and not p.face_down
                for p in s.permanents)  # 708.2a: a face-down permanent has no name
    if spec.legendary and (n > 1 or there):
        raise InputError(s.source, "permanents", f"{source!r} would create a legendary token named {spec.name!r} "
                         f"beside another of that name under one controller: the legend rule (704.5j) is not modelled")


def declared(attackers: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The attackers declared (508.1), without the tokens put onto the battlefield attacking (508.4: they
    never attacked): a line's declaration."""
    return tuple(x for x in attackers if not TOKEN_ID.fullmatch(x[0]))


def canonical(o: Outcome) -> Outcome:
    """`o` with the ids of equal tokens (one prefix, :data:`TOKEN_ID`) permuted into one order: the k-th
    token of a kind that is named at all has the k-th greatest (destroyed, damage, -1/-1 counters) among
    them (its `line` left out: it names the tokens as they were). Two outcomes that differ only by
    which equal token is which have the same canonical form.

    >>> o = Outcome.of([("a", 20)], [], ["x/zombie2", "y"], damage=[("x/zombie1", 1)])
    >>> c = canonical(o)
    >>> c.destroyed, c.damage
    (('x/zombie1', 'y'), (('x/zombie2', 1),))
    """
    damage, minus = dict(o.damage), dict(o.minus_counters)
    named = {x: m.group("prefix") for x in (*o.destroyed, *damage, *minus) if (m := TOKEN_ID.fullmatch(x))}
    if not named:
        return replace(o, line=None)
    rename: dict[str, str] = {}
    for head in set(named.values()):
        last = max(int(x[len(head):]) for x, h in named.items() if h == head)
        ids = [f"{head}{k}" for k in range(1, last + 1)]
        ranked = sorted(ids, key=lambda x: (x in o.destroyed, damage.get(x, 0), minus.get(x, 0)), reverse=True)
        rename |= dict(zip(ranked, ids))
    return Outcome.of(o.life, o.lost, [rename.get(x, x) for x in o.destroyed],
                      [(rename.get(x, x), n) for x, n in o.damage], o.loyalty, o.defense, o.poison,
                      [(rename.get(x, x), n) for x, n in o.minus_counters], o.returned)


def canonical_key(o: Outcome) -> OutcomeKey:
    """What tells outcomes apart where tokens may be created: :attr:`Outcome.key` of :func:`canonical`."""
    return canonical(o).key
