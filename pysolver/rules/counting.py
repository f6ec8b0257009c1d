"""Exact counting of the block declarations of one component, by dynamic programming.

A declaration of blockers (509.1a) is a set of edges of the attacker–blocker graph (the graph
already leaves out the pairs that a pairwise restriction of 509.1b forbids) such that

* each blocker blocks at most its capacity: one creature, one more for each "can block an
  additional creature", or any number (509.1a);
* each attacker with a minimum number of blockers N is blocked by no creature or by at least N:
  menace, N = 2 (702.111b), "can't be blocked except by N or more creatures" (509.1b);
* each attacker with a maximum number of blockers M is blocked by at most M: "can't be blocked by
  more than one creature" (509.1b);
* it obeys the maximum possible number K of requirements (509.1c): ``lure(A,B,J)`` and
  ``provoke(A,B,J)`` (702.39a) (B blocks A),
  ``blocked(A,J)`` (A is blocked), ``blocks(B,J)`` (B blocks), one for each instance J of the
  ability (113.2c). K comes from clingo's optimisation (:meth:`pysolver.rules.declarations.Component.best`);
  requirements of other kinds (508.1d) do not depend on the blocks: obeyed or not whatever is declared.

All of this data comes from the ASP analysis of the board (:func:`pysolver.rules.graph.attacker_blocker_graph`).

Method: the vertices are eliminated one at a time in an order chosen to keep the frontier small.
Eliminating a vertex decides all of its edges that are still open. The state is the number of
requirements obeyed so far (capped at K) and, for each frontier vertex whose degree matters, its
degree capped where the rules stop caring: a blocker's used capacity (509.1a), an attacker's
blockers up to N (702.111b) or up to its maximum M (509.1b, a block past M is never added),
whether a creature with a ``blocked``/``blocks`` requirement is already in a block (509.1c). A
vertex leaves the state once all its edges are decided, after its minimum-blockers restriction is
checked and its requirement counted. Edges to vertices whose
degree does not matter are decided together, by the number of ways to use j of them. The states are
memoised as a dict from state to number of partial declarations, so the count is exact and takes
time proportional to the number of distinct states, not of declarations. The order is the best of
a greedy one, blockers first and attackers first by a bound on the states; if the states still
outgrow :data:`LIMIT`, :meth:`BlockProblem.count` gives up (None) and the caller enumerates.

:meth:`BlockProblem.free_pairs` serves the enumeration: the edges whose use only costs capacity.

>>> p = BlockProblem(edges=(("y", "x"), ("z", "x")), capacity={"y": 1, "z": 1}, min_blockers={"x": 2},
...                  lure={}, must={}, obeyed_anyway=0)
>>> p.count(0)   # no block, or both (702.111b)
2
>>> BlockProblem(edges=(("y", "x"), ("z", "x")), capacity={"y": 1, "z": 1}, min_blockers={"x": 1},
...              lure={}, must={}, obeyed_anyway=0, max_blockers={"x": 1}).count(0)  # none, y or z (509.1b)
3
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import networkx as nx

from ..asp.facts import EDGE_REQUIREMENTS

Edge = tuple[str, str]  # (blocker, attacker)
BLOCK_REQUIREMENTS = ("lure", "blocked", "blocks", "provoke")
LIMIT = 500_000  # the most states the DP may hold at once; beyond, clingo enumerates


@dataclass(frozen=True)
class BlockProblem:
    """One component as the counter needs it: edges, capacities (None = any number), minimum
    numbers of blockers, the number of Lure requirements each edge obeys when used, the number of
    requirements each creature obeys when it is in a block, the number of requirements
    obeyed whatever is declared, and the maximum numbers of blockers of the attackers that have one."""

    edges: tuple[Edge, ...]
    capacity: Mapping[str, int | None]
    min_blockers: Mapping[str, int]
    lure: Mapping[Edge, int]
    must: Mapping[str, int]
    obeyed_anyway: int
    max_blockers: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, g: nx.DiGraph, nodes: Collection[str]) -> BlockProblem:
        """The problem of the component `nodes` of the graph made by :func:`attacker_blocker_graph`
        for a board without declared blocks."""
        edges = tuple(sorted((b, a) for b, a in g.edges if b in nodes))
        lure: dict[Edge, int] = {}
        must: dict[str, int] = {}
        for kind, objects in g.graph.get("requirements", []):
            if kind in EDGE_REQUIREMENTS and (objects[1], objects[0]) in g.edges and objects[0] in nodes:
                lure[objects[1], objects[0]] = lure.get((objects[1], objects[0]), 0) + 1
            elif kind in ("blocked", "blocks") and objects[0] in nodes:
                must[objects[0]] = must.get(objects[0], 0) + 1
        return cls(edges=edges,
                   capacity={n: g.nodes[n]["capacity"] for n in nodes if g.nodes[n]["role"] == "blocker"},
                   min_blockers={n: g.nodes[n].get("min_blockers", 1) for n in nodes
                                 if g.nodes[n]["role"] == "attacker"},
                   lure=lure, must=must,
                   obeyed_anyway=sum(kind not in BLOCK_REQUIREMENTS for kind, _ in g.graph.get("obeyed", [])),
                   max_blockers={n: g.nodes[n]["max_blockers"] for n in nodes if "max_blockers" in g.nodes[n]})

    def level(self, v: str) -> int:
        """The cap on the degree of `v` that the rules can tell apart (0: the degree never matters)."""
        if v in self.capacity:
            cap = self.capacity[v]
            return cap if cap is not None else int(v in self.must)
        n = self.min_blockers[v]
        return max(n if n >= 2 else int(v in self.must), self.max_blockers.get(v, 0))

    def free_pairs(self) -> dict[str, list[str]]:
        """For each blocker, the attackers (sorted) it may block freely: an edge is free when its
        attacker has no minimum or maximum number of blockers (702.111b, 509.1b) and neither creature
        has a requirement (509.1c). Using a free edge matters only to the blocker's capacity (509.1a), so,
        whatever the rest of a declaration, each blocker chooses among its free edges on its own."""
        bound = {a for a, n in self.min_blockers.items() if n >= 2} | set(self.must) | {a for _, a in self.lure} \
            | set(self.max_blockers)
        free: dict[str, list[str]] = {}
        for b, a in self.edges:
            if a not in bound and b not in bound:
                free.setdefault(b, []).append(a)
        return free

    def count(self, k: int, limit: int = LIMIT) -> int | None:
        """The number of declarations obeying every restriction and at least `k` requirements
        (None if the dynamic programming would need more than `limit` states)."""
        try:
            return _Run(self, k, limit).count(self.order())
        except _TooLarge:
            return None

    def order(self) -> list[str]:
        """The elimination order with the smallest bound on the states among a greedy one,
        blockers first and attackers first."""
        neighbours = _neighbours(self.edges)
        candidates = [_greedy(self, neighbours), sorted(self.capacity) + sorted(self.min_blockers),
                      sorted(self.min_blockers) + sorted(self.capacity)]
        return min(candidates, key=lambda order: _Plan(self, neighbours).width(order))


def _neighbours(edges: Iterable[Edge]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for b, a in edges:
        out.setdefault(b, set()).add(a)
        out.setdefault(a, set()).add(b)
    return out


class _Plan:
    """An elimination simulated without counting: which vertices are in the state and a bound on
    the values of each (its level + 1, and 1 + the number of its edges decided so far)."""

    def __init__(self, p: BlockProblem, neighbours: Mapping[str, set[str]]) -> None:
        self.p, self.neighbours = p, neighbours
        self.done: set[str] = set()
        self.frontier: set[str] = set()
        self.decided = dict.fromkeys(neighbours, 0)

    def peak(self, v: str) -> tuple[int, int]:
        """Bounds on the number of degree combinations while and after `v` is eliminated."""
        opened = self.neighbours[v] - self.done
        during = after = 1
        for u in self.frontier | opened | {v}:
            decided = self.decided[u] + (len(opened) if u == v else 1 if u in opened else 0)
            values = min(self.p.level(u), decided) + 1
            during *= values
            if decided < len(self.neighbours[u]):
                after *= values
        return during, after

    def eliminate(self, v: str) -> None:
        opened = self.neighbours[v] - self.done
        self.decided[v] += len(opened)
        for u in opened:
            self.decided[u] += 1
        self.done.add(v)
        self.frontier = {u for u in self.frontier | opened if not self.neighbours[u] <= self.done}

    def width(self, order: Sequence[str]) -> int:
        """The largest peak while eliminating in `order`."""
        width = 1
        for v in order:
            width = max(width, self.peak(v)[0])
            self.eliminate(v)
        return width


def _greedy(p: BlockProblem, neighbours: Mapping[str, set[str]]) -> list[str]:
    """Eliminate next the vertex keeping the width smallest, then the frontier after it (ties: by
    name, so the order is deterministic)."""
    plan = _Plan(p, neighbours)
    order: list[str] = []
    width = 1

    def cost(v: str) -> tuple[int, int, str]:
        during, after = plan.peak(v)
        return max(width, during), after, v

    while len(order) < len(neighbours):
        v = min((u for u in neighbours if u not in plan.done), key=cost)
        width = cost(v)[0]
        plan.eliminate(v)
        order.append(v)
    return order


class _TooLarge(Exception):
    """The dynamic programming needs more states than its limit."""


class _Run:
    """One elimination: `states` maps (obeyed, degree of each slot vertex …) to a number of partial
    declarations; `pending` bounds the requirements still to be decided (for pruning)."""

    def __init__(self, p: BlockProblem, k: int, limit: int) -> None:
        self.p, self.k, self.limit = p, k, limit
        self.states: dict[tuple[int, ...], int] = {(min(p.obeyed_anyway, k),): 1}
        self.slots: list[str] = []
        self.open = _neighbours(p.edges)
        self.pending = sum(p.lure.values()) + sum(p.must.values())

    def count(self, order: Sequence[str]) -> int:
        for v in order:
            if not self.open[v]:
                continue
            self._activate(v)
            free = []
            for u in sorted(self.open[v]):
                if self.p.level(u):
                    self._activate(u)
                    self._edge(v, u)
                else:
                    free.append(u)
                    self._close(v, u)
            self._free_edges(v, free)
            self._finish(v)
        return sum(n for (obeyed, *_), n in self.states.items() if obeyed >= self.k)

    def _activate(self, v: str) -> None:
        if self.p.level(v) and v not in self.slots:
            self.slots.append(v)
            self.states = {s + (0,): n for s, n in self.states.items()}

    def _slot(self, v: str) -> int | None:
        return self.slots.index(v) + 1 if v in self.slots else None

    def _edge(self, v: str, u: str) -> None:
        """Decide one edge between two vertices that both may be slots: not used, or used."""
        b, a = (v, u) if v in self.p.capacity else (u, v)
        ib, ia = self._slot(b), self._slot(a)
        cap, la, lb, w = self.p.capacity[b], self.p.level(a), self.p.level(b), self.p.lure.get((b, a), 0)
        most = self.p.max_blockers.get(a)
        new = dict(self.states)  # the edge not used
        for s, n in self.states.items():
            if cap is not None and s[ib] >= cap:
                continue  # 509.1a: the blocker is already blocking as many creatures as it can
            if most is not None and s[ia] >= most:
                continue  # 509.1b: the attacker is already blocked by as many creatures as it may be
            t = list(s)
            if w:
                t[0] = min(t[0] + w, self.k)
            if ib is not None and t[ib] < lb:
                t[ib] += 1
            if ia is not None and t[ia] < la:
                t[ia] += 1
            key = tuple(t)
            new[key] = new.get(key, 0) + n
        self.pending -= w
        self._set(new)
        self._close(v, u)

    def _free_edges(self, v: str, free: list[str]) -> None:
        """Decide at once the edges from `v` to vertices whose degree never matters, by the number
        of ways to use j of them obeying r Lure requirements (a product of binomials)."""
        if not free:
            return
        weights = [self.p.lure.get((v, u) if v in self.p.capacity else (u, v), 0) for u in free]
        ways = {(0, 0): 1}  # (j, r) -> ways
        for w in weights:
            grown = dict(ways)
            for (j, r), m in ways.items():
                grown[j + 1, r + w] = grown.get((j + 1, r + w), 0) + m
            ways = grown
        # 509.1a: a blocker's capacity; 509.1b: an attacker's maximum number of blockers
        cap = self.p.capacity[v] if v in self.p.capacity else self.p.max_blockers.get(v)
        iv, lv = self._slot(v), self.p.level(v)
        new: dict[tuple[int, ...], int] = {}
        for s, n in self.states.items():
            d = s[iv] if iv is not None else 0
            for (j, r), m in ways.items():
                if cap is not None and d + j > cap:
                    continue  # 509.1a, 509.1b
                t = list(s)
                t[0] = min(t[0] + r, self.k)
                if iv is not None:
                    t[iv] = min(d + j, lv)
                key = tuple(t)
                new[key] = new.get(key, 0) + n * m
        self.pending -= sum(weights)
        self._set(new)

    def _close(self, v: str, u: str) -> None:
        self.open[v].discard(u)
        self.open[u].discard(v)
        if not self.open[u]:
            self._finish(u)

    def _finish(self, v: str) -> None:
        """All edges of `v` are decided: check its minimum number of blockers (702.111b, 509.1b),
        count its requirement (509.1c), and drop its slot."""
        w = self.p.must.get(v, 0)
        self.pending -= w
        i = self._slot(v)
        if i is None:  # level 0: no minimum, no requirement
            return
        need = self.p.min_blockers.get(v, 1)
        new: dict[tuple[int, ...], int] = {}
        for s, n in self.states.items():
            d = s[i]
            if 0 < d < need:
                continue
            key = (min(s[0] + (w if d else 0), self.k),) + s[1:i] + s[i + 1:]
            new[key] = new.get(key, 0) + n
        self.slots.pop(i - 1)
        self._set(new)

    def _set(self, states: dict[tuple[int, ...], int]) -> None:
        """Keep the states that can still reach `k` obeyed requirements; stop beyond the limit."""
        if self.k:
            states = {s: n for s, n in states.items() if s[0] + self.pending >= self.k}
        if len(states) > self.limit:
            raise _TooLarge
        self.states = states
