"""Exact counting and lazy listing of the combat damage assignments of one step, for any power.

The step comes from ``encodings/damage.lp`` (``#program step_model``): who deals damage and how
much (510.1a), to whom (510.1b-d, 702.19b-e), the blockers a trampler must first assign lethal
damage to and how much each still needs (702.19b, 120.6; any amount with deathtouch, 702.2c), and
the planeswalker whose loyalty must be assigned before its controller is (702.19c), and the blocked
attackers that may assign their damage as though they weren't blocked (510.1b). No amount is chosen in
ASP, so nothing grows with power.

Method. An amount matters to the rules only up to a threshold: the damage a blocker still needs
(lethal damage), a planeswalker's loyalty, or whether it is nonzero. So each amount is described
by a *class*: an exact value below its threshold, or "at least the threshold" (the rest is free).
A choice of a class for every recipient of a source is a *pattern*; the number of splits of the
source's power P that fit a pattern with fixed part F and u free parts is C(P-F+u-1, u-1)
(stars and bars). The sources that share a blocker or planeswalker whose threshold matters are
one *component*; a dynamic programme over its sources carries the damage each shared object has
received, capped at its threshold, and the objects that must reach it by the end of the step
(702.19b: all damage of the step counts). The count is the product over components, in Python
integers (exact). Listing walks the same programme, expanding each pattern's free parts lazily
and entering only patterns that the counts say can be completed, so each listed assignment costs
a few steps whatever the power.

>>> m = StepModel(power={"x": 40}, recipients={"x": ("y1", "y2", "y3", "y4", "y5", "bob")},
...               blockers={"x": ("y1", "y2", "y3", "y4", "y5")},
...               lethal={f"y{i}": 2 for i in range(1, 6)}, deathtouch=frozenset(),
...               excess={"x": ("bob",)}, loyalty_first={})
>>> count(m)   # one trampler of power 40 blocked by five x/2 creatures (702.19b)
414007
>>> next(assignments(m))
(('x', 'y5', 40),)
>>> m = StepModel(power={"x": 3}, recipients={"x": ("bob", "y")}, blockers={"x": ("y",)}, lethal={"y": 2},
...               deathtouch=frozenset(), excess={}, loyalty_first={}, as_unblocked={"x": "bob"})
>>> sorted(assignments(m))  # 510.1b, 510.1c: all to its blocker, or all to bob as though it weren't blocked
[(('x', 'bob', 3),), (('x', 'y', 3),)]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from math import comb, prod

Triple = tuple[str, str, int]
# One recipient's class: (recipient, fixed part, free?, (shared object, value it reaches) or None,
# shared object that must reach its threshold by the end of the step or None).
Option = tuple[str, int, bool, "tuple[int, int] | None", "int | None"]
State = tuple[tuple[int, ...], frozenset[int]]


@dataclass(frozen=True)
class StepModel:
    """One combat damage step as damage.lp describes it (``#program step_model``).

    ``power``: each source's power (510.1a); ``recipients``: what each may assign damage to;
    ``blockers``: for an attacking source, the blockers it must assign lethal damage first before
    assigning to ``excess`` recipients (702.19b); ``lethal``: the damage each such blocker still needs
    (0 or less: none); ``loyalty_first``: source -> (controller, planeswalker, loyalty or None) for a
    trampler over planeswalkers (702.19c; None: no loyalty, nothing may go to the controller);
    ``as_unblocked``: a blocked attacker that may assign its damage as though it weren't blocked -> what
    it attacks (510.1b: then nothing to its blockers, and no lethal damage first, 702.19b).
    """

    power: Mapping[str, int]
    recipients: Mapping[str, tuple[str, ...]]
    blockers: Mapping[str, tuple[str, ...]]
    lethal: Mapping[str, int]
    deathtouch: frozenset[str]
    excess: Mapping[str, tuple[str, ...]]
    loyalty_first: Mapping[str, tuple[str, str, int | None]]
    as_unblocked: Mapping[str, str] = field(default_factory=dict)

    def dealing(self) -> list[str]:
        """The sources that assign damage at all (510.1a: power > 0; 506.4c, 509.1h: a recipient)."""
        return sorted(s for s, p in self.power.items() if p > 0 and self.recipients.get(s))

    def lethal_first(self, s: str) -> tuple[list[str], list[str]]:
        """The blockers still needing damage that `s` must give lethal damage before assigning to its
        excess recipients, and those recipients (702.19b); one of them empty: no such rule applies."""
        need = [b for b in self.blockers.get(s, ()) if self.lethal[b] > 0]
        return need, [r for r in self.recipients[s] if r in self.excess.get(s, ())]

    def shared(self) -> dict[str, int]:
        """The objects whose received damage must be tracked across sources, with their threshold:
        blockers that a trampler must first kill and that other sources also damage (702.19b), and
        planeswalkers whose loyalty is needed before damage goes to their controller (702.19c)."""
        givers: dict[str, int] = {}
        for s in self.dealing():
            for r in self.recipients[s]:
                givers[r] = givers.get(r, 0) + 1
        out = {b: self.lethal[b] for s in self.dealing() for b in self.lethal_first(s)[0]
               if self.lethal_first(s)[1] and givers[b] > 1}
        out.update({w: n for _, w, n in self.loyalty_first.values() if n is not None and n > 0})
        return out


@dataclass
class Component:
    """Sources linked through shared objects (blockers, planeswalkers) whose damage must be counted
    jointly; `need`: each shared object's threshold (lethal damage or loyalty)."""

    model: StepModel
    sources: tuple[str, ...]
    shared: tuple[str, ...]
    need: tuple[int, ...]
    _memo: dict[tuple[int, State], int] = field(default_factory=dict, repr=False)

    @property
    def start(self) -> State:
        return tuple(0 for _ in self.shared), frozenset()

    def options(self, s: str, r: str, values: tuple[int, ...], want: str, lethal_first: bool) -> list[Option]:
        """The classes of the amount `s` assigns to `r` (`want`: "zero", "positive" or "any").

        A shared object: each exact value below what it still needs, or at least that (then it has
        what it needs: lethal damage, 702.19b, or its loyalty, 702.19c); with deathtouch any nonzero
        amount is lethal (702.2c). A blocker only `s` damages, when `s` assigns excess damage: at
        least its lethal damage. The planeswalker's controller: nothing, or something (the
        planeswalker must then get its loyalty, 702.19c). Anything else: any amount.
        """
        m = self.model
        if want == "zero":
            return [(r, 0, False, None, None)]
        low = 1 if want == "positive" else 0
        if r in self.shared:
            i = self.shared.index(r)
            rest = self.need[i] - values[i]
            if s in m.deathtouch and r in m.lethal:
                rest = min(rest, 1)
            top = max(rest, low)
            exact: list[Option] = [(r, v, False, (i, values[i] + v), None) for v in range(low, top)]
            return exact + [(r, top, True, (i, self.need[i]), None)]
        if lethal_first and r in m.blockers.get(s, ()) and m.lethal[r] > 0:
            return [(r, 1 if s in m.deathtouch else m.lethal[r], True, None, None)]
        if s in m.loyalty_first and r == m.loyalty_first[s][0]:
            _, w, loyalty = m.loyalty_first[s]
            if loyalty is None:
                return [] if low else [(r, 0, False, None, None)]
            if w in self.shared:
                return [(r, 0, False, None, None)][low:] + [(r, 1, True, None, self.shared.index(w))]
        return [(r, low, True, None, None)]

    def moves(self, s: str, state: State) -> Iterator[tuple[tuple[Option, ...], State, bool]]:
        """Every pattern of source `s` from `state`, with the state it leads to and whether it is a mode as a
        blocked creature of a source that may also assign as though it weren't blocked (510.1b, 510.1c)."""
        values, pending = state
        m = self.model
        need, excess = m.lethal_first(s)
        if need and excess:
            # 702.19b: no excess damage, or some (the first excess recipient given any is E[j]).
            modes: list[tuple[dict[str, str], bool, frozenset[int]]] = [
                ({r: "zero" for r in excess}, False, frozenset())]
            kills = frozenset(self.shared.index(b) for b in need if b in self.shared)
            modes += [({**{r: "zero" for r in excess[:j]}, excess[j]: "positive"}, True, kills)
                      for j in range(len(excess))]
        else:
            modes = [({}, False, frozenset())]
        unblocked = m.as_unblocked.get(s)
        if unblocked is not None:
            # 510.1c: as a blocked creature, what it attacks only with trample (702.19b); 510.1b: as though it
            # weren't blocked (the last mode), nothing to its blockers and no lethal damage first. The
            # assignments that give its blockers nothing are that mode's only (:meth:`net_ways`).
            modes = [({**wants, **({} if unblocked in excess else {unblocked: "zero"})}, lethal_first, kills)
                     for wants, lethal_first, kills in modes]
            modes.append(({b: "zero" for b in m.blockers.get(s, ())}, False, frozenset()))
        for j, (wants, lethal_first, kills) in enumerate(modes):
            blocked = unblocked is not None and j < len(modes) - 1
            choices = [self.options(s, r, values, wants.get(r, "any"), lethal_first) for r in m.recipients[s]]
            for pattern in itertools.product(*choices):
                new = list(values)
                for *_, reach, _ in pattern:
                    if reach is not None:
                        new[reach[0]] = reach[1]
                must = pending | kills | {p for *_, p in pattern if p is not None}
                yield pattern, (tuple(new), frozenset(i for i in must if new[i] < self.need[i])), blocked

    def count_from(self, k: int, state: State) -> int:
        """The number of ways for sources k.. to complete `state` legally."""
        key = (k, state)
        if key not in self._memo:
            if k == len(self.sources):
                self._memo[key] = 0 if state[1] else 1
            else:
                s = self.sources[k]
                self._memo[key] = sum(self.net_ways(s, pattern, blocked) * self.count_from(k + 1, after)
                                      for pattern, after, blocked in self.moves(s, state)
                                      if self.net_ways(s, pattern, blocked))
        return self._memo[key]

    def net_ways(self, s: str, pattern: tuple[Option, ...], as_blocked: bool) -> int:
        """:func:`ways` of `pattern`; for a mode of a source as a blocked creature that may also assign as though
        it weren't blocked (`as_blocked`), less its splits that give the blockers nothing (510.1b: those are
        the other mode's)."""
        power = self.model.power[s]
        blockers = self.model.blockers.get(s, ())
        if not as_blocked or any(o[1] for o in pattern if o[0] in blockers):
            return ways(power, pattern)
        return ways(power, pattern) - ways(power, tuple((o[0], 0, False, o[3], o[4]) if o[0] in blockers else o
                                                        for o in pattern))

    def assignments(self, k: int = 0, state: State | None = None) -> Iterator[tuple[Triple, ...]]:
        """Every legal assignment of sources k.., lazily, entering only completable patterns."""
        state = self.start if state is None else state
        if k == len(self.sources):
            yield ()
            return
        s = self.sources[k]
        blockers = self.model.blockers.get(s, ())
        for pattern, after, blocked in self.moves(s, state):
            if self.net_ways(s, pattern, blocked) and self.count_from(k + 1, after):
                for split in splits(s, self.model.power[s], pattern):
                    if blocked and not any(r in blockers for _, r, _ in split):
                        continue  # (510.1b: the other mode's)
                    for rest in self.assignments(k + 1, after):
                        yield split + rest


def ways(power: int, pattern: tuple[Option, ...]) -> int:
    """Splits of `power` fitting the pattern: stars and bars over its free parts."""
    rest = power - sum(o[1] for o in pattern)
    free = sum(1 for o in pattern if o[2])
    if rest < 0:
        return 0
    return comb(rest + free - 1, free - 1) if free else int(rest == 0)


def splits(s: str, power: int, pattern: tuple[Option, ...]) -> Iterator[tuple[Triple, ...]]:
    """The splits of `power` fitting the pattern, lazily, as (source, recipient, amount > 0) triples."""
    rest = power - sum(o[1] for o in pattern)
    free = [i for i, o in enumerate(pattern) if o[2]]
    if not free:
        yield tuple((s, o[0], o[1]) for o in pattern if o[1] > 0)
        return
    for cut in itertools.combinations(range(rest + len(free) - 1), len(free) - 1):
        bounds = (-1, *cut, rest + len(free) - 1)
        extra = dict(zip(free, (bounds[j + 1] - bounds[j] - 1 for j in range(len(free)))))
        amounts = [(o[0], o[1] + extra.get(i, 0)) for i, o in enumerate(pattern)]
        yield tuple((s, r, n) for r, n in amounts if n > 0)


def components(m: StepModel) -> list[Component]:
    """The dealing sources grouped by the shared objects they damage (union-find)."""
    shared = m.shared()
    parent = {s: s for s in m.dealing()}

    def root(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x
    for obj in shared:
        givers = [s for s in m.dealing() if obj in m.recipients[s]]
        for g in givers[1:]:
            parent[root(g)] = root(givers[0])
    groups: dict[str, list[str]] = {}
    for s in m.dealing():
        groups.setdefault(root(s), []).append(s)
    out = []
    for sources in groups.values():
        objs = tuple(sorted({r for s in sources for r in m.recipients[s] if r in shared}))
        out.append(Component(m, tuple(sources), objs, tuple(shared[o] for o in objs)))
    return out


def count(m: StepModel) -> int:
    """The number of legal assignments: the product over components (exact, any power)."""
    return prod(c.count_from(0, c.start) for c in components(m))


def assignments(m: StepModel) -> Iterator[tuple[Triple, ...]]:
    """Every legal assignment, lazily (an empty one when no creature deals damage)."""
    parts = components(m)

    def product(i: int) -> Iterator[tuple[Triple, ...]]:
        if i == len(parts):
            yield ()
            return
        for head in parts[i].assignments():
            for rest in product(i + 1):
                yield head + rest
    if all(c.count_from(0, c.start) for c in parts):
        yield from product(0)
