"""Exact counting of the block declarations of one component, by dynamic programming.

A declaration of blockers (509.1a) is a set of edges of the attacker–blocker graph (the graph
already leaves out the pairs that a pairwise restriction of 509.1b forbids) such that

* each blocker blocks at most its capacity: one creature, one more for each "can block an
  additional creature", or any number (509.1a);
* each attacker with a minimum number of blockers N is blocked by no creature or by at least N:
  menace, N = 2 (702.111b), "can't be blocked except by N or more creatures" (509.1b);
* it obeys the maximum possible number K of requirements (509.1c): ``lure(A,B)`` (B blocks A),
  ``blocked(A)`` (A is blocked), ``blocks(B)`` (B blocks). K comes from clingo's optimisation
  (:meth:`pysolver.declarations.Component.best`); requirements of other kinds (508.1d) do not
  depend on the blocks and are obeyed or not whatever is declared.

All of this data comes from the ASP analysis of the board (:func:`pysolver.graph.attacker_blocker_graph`).

Method: the vertices are eliminated one at a time in an order chosen to keep the frontier small.
Eliminating a vertex decides all of its edges that are still open. The state is the number of
requirements obeyed so far (capped at K) and, for each frontier vertex whose degree matters, its
degree capped where the rules stop caring: a blocker's used capacity (509.1a), an attacker's
blockers up to N (702.111b), whether a creature with a ``blocked``/``blocks`` requirement is
already in a block (509.1c). A vertex leaves the state once all its edges are decided, after its
minimum-blockers restriction is checked and its requirement counted. Edges to vertices whose
degree does not matter are decided together, counted with binomial coefficients. The states are
memoised as a dict from state to number of partial declarations, so the count is exact and takes
time proportional to the number of distinct states, not of declarations.

>>> p = BlockProblem(edges=(("y", "x"), ("z", "x")), capacity={"y": 1, "z": 1}, min_blockers={"x": 2},
...                  lure=frozenset(), must=frozenset(), obeyed_anyway=0)
>>> p.count(0)   # no block, or both (702.111b)
2
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import comb, prod

import networkx as nx

Edge = tuple[str, str]  # (blocker, attacker)
BLOCK_REQUIREMENTS = ("lure", "blocked", "blocks")
LIMIT = 2_000_000  # the most frontier states the DP accepts; beyond, clingo enumerates


@dataclass(frozen=True)
class BlockProblem:
    """One component as the counter needs it: edges, capacities (None = any number), minimum
    numbers of blockers, edges whose use obeys a Lure requirement, creatures with a requirement
    obeyed iff they are in a block, and how many requirements are obeyed whatever is declared."""

    edges: tuple[Edge, ...]
    capacity: Mapping[str, int | None]
    min_blockers: Mapping[str, int]
    lure: frozenset[Edge]
    must: frozenset[str]
    obeyed_anyway: int

    @classmethod
    def of(cls, g: nx.DiGraph, nodes: Collection[str]) -> BlockProblem:
        """The problem of the component `nodes` of the graph made by :func:`attacker_blocker_graph`
        for a board without declared blocks."""
        edges = tuple(sorted((b, a) for b, a in g.edges if b in nodes))
        lure, must = set(), set()
        for kind, objects in g.graph.get("requirements", []):
            if kind == "lure" and (objects[1], objects[0]) in g.edges and objects[0] in nodes:
                lure.add((objects[1], objects[0]))
            elif kind in ("blocked", "blocks") and objects[0] in nodes:
                must.add(objects[0])
        return cls(edges=edges,
                   capacity={n: g.nodes[n]["capacity"] for n in nodes if g.nodes[n]["role"] == "blocker"},
                   min_blockers={n: g.nodes[n].get("min_blockers", 1) for n in nodes
                                 if g.nodes[n]["role"] == "attacker"},
                   lure=frozenset(lure), must=frozenset(must),
                   obeyed_anyway=sum(kind not in BLOCK_REQUIREMENTS for kind, _ in g.graph.get("obeyed", [])))

    def level(self, v: str) -> int:
        """The cap on the degree of `v` that the rules can tell apart (0: the degree never matters)."""
        if v in self.capacity:
            cap = self.capacity[v]
            return cap if cap is not None else int(v in self.must)
        n = self.min_blockers[v]
        return n if n >= 2 else int(v in self.must)

    def count(self, k: int, limit: int = LIMIT) -> int | None:
        """The number of declarations obeying every restriction and at least `k` requirements
        (None when the frontier could exceed `limit` states)."""
        order = self.order(k, limit)
        return None if order is None else _Run(self, k).count(order)

    def order(self, k: int, limit: int) -> list[str] | None:
        """The elimination order with the smallest frontier among a greedy one, blockers first and
        attackers first (None if even that one exceeds `limit` states)."""
        neighbours = _neighbours(self.edges)
        blockers, attackers = sorted(self.capacity), sorted(self.min_blockers)
        candidates = [_greedy(self, neighbours), blockers + attackers, attackers + blockers]
        width, best = min((self._width(o, neighbours), i) for i, o in enumerate(candidates))
        return candidates[best] if width * (k + 1) <= limit else None

    def _width(self, order: Sequence[str], neighbours: Mapping[str, set[str]]) -> int:
        """The largest number of degree combinations on the frontier while eliminating in `order`."""
        done: set[str] = set()
        frontier: set[str] = set()
        width = 1
        for v in order:
            frontier |= {v} | neighbours[v] - done
            width = max(width, prod(self.level(u) + 1 for u in frontier))
            done.add(v)
            frontier = {u for u in frontier if not neighbours[u] <= done}
        return width


def _neighbours(edges: Iterable[Edge]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for b, a in edges:
        out.setdefault(b, set()).add(a)
        out.setdefault(a, set()).add(b)
    return out


def _greedy(p: BlockProblem, neighbours: Mapping[str, set[str]]) -> list[str]:
    """Eliminate next the vertex with the fewest degree combinations on the frontier while and
    after it is eliminated (ties: by name, so the order is deterministic)."""
    done: set[str] = set()
    frontier: set[str] = set()
    order: list[str] = []

    def cost(v: str) -> tuple[int, int, str]:
        during = (frontier | {v} | neighbours[v]) - done
        after = [u for u in during if u != v and not neighbours[u] <= done | {v}]
        return prod(p.level(u) + 1 for u in during), prod(p.level(u) + 1 for u in after), v

    while len(order) < len(neighbours):
        v = min((u for u in neighbours if u not in done), key=cost)
        order.append(v)
        done.add(v)
        frontier = {u for u in (frontier | neighbours[v]) - done if not neighbours[u] <= done}
    return order


class _Run:
    """One elimination: `states` maps (obeyed, degree of each slot vertex …) to a number of partial
    declarations; `pending` bounds the requirements still to be decided (for pruning)."""

    def __init__(self, p: BlockProblem, k: int) -> None:
        self.p, self.k = p, k
        self.states: dict[tuple[int, ...], int] = {(min(p.obeyed_anyway, k),): 1}
        self.slots: list[str] = []
        self.open = _neighbours(p.edges)
        self.pending = len(p.lure) + len(p.must)

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
        cap, la, lb, w = self.p.capacity[b], self.p.level(a), self.p.level(b), int((b, a) in self.p.lure)
        new: dict[tuple[int, ...], int] = {}
        for s, n in self.states.items():
            new[s] = new.get(s, 0) + n
            if cap is not None and s[ib] >= cap:
                continue  # 509.1a: the blocker is already blocking as many creatures as it can
            t = list(s)
            t[0] = min(t[0] + w, self.k)
            if ib is not None:
                t[ib] = min(t[ib] + 1, lb)
            if ia is not None:
                t[ia] = min(t[ia] + 1, la)
            key = tuple(t)
            new[key] = new.get(key, 0) + n
        self.pending -= w
        self.states = self._pruned(new) if w else new
        self._close(v, u)

    def _free_edges(self, v: str, free: list[str]) -> None:
        """Decide at once the edges from `v` to vertices whose degree never matters: choosing j0
        plain and j1 Lure edges can be done in C(f0, j0) * C(f1, j1) ways."""
        if not free:
            return
        f1 = sum(((v, u) if v in self.p.capacity else (u, v)) in self.p.lure for u in free)
        f0 = len(free) - f1
        cap = self.p.capacity.get(v)
        iv, lv = self._slot(v), self.p.level(v)
        ways: dict[int, dict[tuple[int, int], int]] = {}  # degree -> (new degree, j1) -> ways
        for d in range(lv + 1):
            room = len(free) if cap is None else cap - d
            ways[d] = {}
            for j1 in range(min(f1, room) + 1):
                for j0 in range(min(f0, room - j1) + 1):
                    step = (min(d + j0 + j1, lv), j1)
                    ways[d][step] = ways[d].get(step, 0) + comb(f0, j0) * comb(f1, j1)
        new: dict[tuple[int, ...], int] = {}
        for s, n in self.states.items():
            for (d, j1), m in ways[s[iv] if iv is not None else 0].items():
                t = list(s)
                t[0] = min(t[0] + j1, self.k)
                if iv is not None:
                    t[iv] = d
                key = tuple(t)
                new[key] = new.get(key, 0) + n * m
        self.pending -= f1
        self.states = self._pruned(new)

    def _close(self, v: str, u: str) -> None:
        self.open[v].discard(u)
        self.open[u].discard(v)
        if not self.open[u]:
            self._finish(u)

    def _finish(self, v: str) -> None:
        """All edges of `v` are decided: check its minimum number of blockers (702.111b, 509.1b),
        count its requirement (509.1c), and drop its slot."""
        if v in self.p.must:
            self.pending -= 1
        i = self._slot(v)
        if i is None:  # level 0: no minimum, no requirement
            return
        need = self.p.min_blockers.get(v, 1)
        new: dict[tuple[int, ...], int] = {}
        for s, n in self.states.items():
            d = s[i]
            if 0 < d < need:
                continue
            key = (min(s[0] + (d > 0 and v in self.p.must), self.k),) + s[1:i] + s[i + 1:]
            new[key] = new.get(key, 0) + n
        self.slots.pop(i - 1)
        self.states = self._pruned(new)

    def _pruned(self, states: dict[tuple[int, ...], int]) -> dict[tuple[int, ...], int]:
        """Drop the states that cannot reach `k` obeyed requirements any more."""
        if self.k == 0:
            return states
        return {s: n for s, n in states.items() if s[0] + self.pending >= self.k}
