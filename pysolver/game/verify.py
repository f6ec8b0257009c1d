"""Can the active player force a goal, whatever the defending players do (docs/verify.md `verify`)?

The rest of the combat is a two-player game of perfect information: the active player against
the defending players (one side: what any of them may do, they may do together), played on the
game tree of :mod:`pysolver.game.gametree` (positions, who moves, legal moves, ``push``: the priority
windows with their face-up turns, 117.3c-117.4, the declarations, 508.1 and 509.1, and each
combat damage step in two halves, 510.1). This module keeps only the search.

The goal (``lethal``, ``destroy``, ``survive``, ``all``, ``any``) is evaluated when the combat
ends, and earlier when it is already decided: destroyed permanents stay destroyed.

Method: an exact AND-OR search of this game (a boolean minimax), made to scale past brute force by

1. **short-circuits** (alpha-beta for a win/lose game): at the active player's positions the search
   stops at the first winning move, at the defence's at the first refuting reply; moves are
   generated lazily, most promising first, so a refutation found early means the other moves are
   never generated;
2. **bounded tables**: each position is solved once while it is in the transposition table
   (least recently used positions are dropped past :data:`TABLE_SIZE`), the moves of windows and
   damage halves are kept for the proof (:data:`MOVES_SIZE`), attacker-blocker graphs for a few
   attacks per board (:data:`GRAPHS`): memory is bounded by these and the search depth, not by
   the number of declarations;
3. **cheap refutations before any enumeration at the declarations**: for each candidate attack
   the defence first tries the block declarations that refuted earlier attacks (a bounded pool
   of counterexamples, most recent first, each cut down to the attackers of this attack), then
   "one blocker on each attacker" declarations built from the attacker-blocker graph (cut from
   the graph of a larger attack on the same board), each judged by that graph or, with
   requirements, by :func:`pysolver.rules.check.check_result`; one of them that a bound (5.) decides for the
   defence is tried first; only if none is legal and refutes the attack are the declarations
   enumerated (lazily, by clingo);
4. **symmetry in the encoding**: creatures identical in characteristics and state (tokens) and
   not named by the goal form classes; ``encodings/verify.lp`` keeps one declaration of each
   orbit (twins attack and block in order), so equivalent declarations are never generated;
5. **bounds**: for a ``lethal`` goal, an upper bound on the combat damage that can still reach
   the player (powers, face-up sides, double strike, trample for blocked creatures) below the
   player's life decides a position at once for the defence (:func:`pysolver.game.goals.out_of_reach`),
   and, once blockers are declared, a lower bound on the damage the active player can make sure
   of, at least the player's life plus the most their lifelinking blockers can gain, decides it
   for the active player (:func:`pysolver.game.goals.sure_lethal`, 510.1a, 702.19b, 702.15b);
6. a history heuristic for windows and attacks, and a one-ply evaluation of damage results.

The proof the search leaves behind is returned: a **strategy** when the goal holds (the active
player's move at each of their positions, every defence answered), a **refutation** when it does
not (one defence, with its reply to every attack and face-up action). Identical continuations
are grouped, forced moves left out.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 2}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
...     "goal": {"lethal": "b"}})
>>> v = verdict(s)
>>> v.holds, v.refutation.tree[0]["replies"][0]["then"][0]["move"]
(False, {'blocks': [['y', 'x']]})
"""

from __future__ import annotations

import itertools
import json
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, TextIO

import networkx as nx

from ..asp import deadline
from ..asp.solving import ATTACKERS, BLOCKERS
from ..errors import InputError
from ..model import Goal, Permanent, Situation
from ..model.abilities import DEALT_TRIGGERS, STACKED, WINDOW_TRIGGERS
from ..model.moves import (
    DEATH_TRIGGERS,
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    Move,
    Pass,
    label,
)
from ..model.stage import WINDOWS, Stage
from ..model.values import Strategy, Verdict
from ..rules import combat as c
from ..rules import dealt, window_triggers
from ..rules.declarations import orbit_declarations
from ..rules.graph import attacker_blocker_graph
from ..rules.hits import has_hit_triggers, is_hit
from ..rules.triggers import has_death_triggers
from . import gametree as gt
from . import goals
from .ticker import Ticker

ACTIVE, DEFENCE = gt.ACTIVE, gt.DEFENCE
TABLE_SIZE = 50_000   # positions kept in the transposition table
MOVES_SIZE = 10_000   # positions whose moves are kept (windows, damage halves)
POOL_SIZE = 32        # counterexamples kept
GRAPHS, GRAPHS_PER_BOARD = 64, 4  # attacker-blocker graphs kept: boards, attacks per board
Child = tuple[Move, gt.Position]


@dataclass(frozen=True)
class Entry:
    """A solved position: its value, the deciding move (a win for the active player or a
    refutation) and what it leads to, or whether it was decided without moves (`static`; the
    proof says why, :meth:`Verifier._ending`)."""

    value: bool
    move: Move | None = None
    child: gt.Position | None = None
    static: bool = False


class Verifier:
    """One `verify` search; :meth:`solve` returns its :class:`~pysolver.model.values.Verdict`."""

    def __init__(self, s: Situation, *, progress: bool | None = None, stream: TextIO | None = None) -> None:
        if s.goal is None:
            raise InputError(s.source, "goal", "verify needs a goal (docs/verify.md)")
        self.s0, self.goal = s, s.goal
        self.named = set(goals.goal_ids(self.goal))
        self.aggressive = goals.aggressive(self.goal)
        self.table: OrderedDict[gt.Position, Entry] = OrderedDict()
        self.moves: OrderedDict[gt.Position, list[Child]] = OrderedDict()
        self._proofs: dict[tuple[gt.Position, bool], list[Any]] = {}
        self.pool: list[BlockDeclaration] = []  # counterexamples: block declarations that refuted an attack
        self.history: dict[tuple[str, Move], int] = {}
        self.graphs: OrderedDict[tuple[Any, ...], list[tuple[frozenset[tuple[str, str]], nx.DiGraph]]] = OrderedDict()
        self.symmetric: set[tuple[str, ...]] = set()
        self.stats: dict[str, float] = {"positions": 0, "attack_candidates": 0, "attacks_tried": 0,
                                        "counterexamples": 0, "pool_refutations": 0}
        self.ticker = Ticker(stream, progress)

    # ---- the search ---------------------------------------------------------------------

    def solve(self) -> Verdict:
        root = gt.root(self.s0)
        holds = self.win(root)
        self.ticker.done()
        proof = Strategy(root.name(ACTIVE if holds else DEFENCE), tuple(self.proof(root, holds)),
                         tuple(sorted(self.symmetric)))
        self.stats["seconds"] = round(self.ticker.seconds(), 3)
        return Verdict(holds, goals.describe_goal(self.goal), proof if holds else None, None if holds else proof,
                       tuple(self.stats.items()))

    def entry(self, p: gt.Position) -> Entry:
        """The solved entry of `p` (searched now if it is not in the table)."""
        known = self.table.get(p)
        if known is not None:
            self.table.move_to_end(p)
            return known
        self._tick()
        deadline.check()
        self.stats["positions"] += 1
        e = self._search(p)
        self._enter(p, e)
        return e

    def _enter(self, p: gt.Position, e: Entry) -> None:
        self.table[p] = e
        if len(self.table) > TABLE_SIZE:
            self.table.popitem(last=False)

    def win(self, p: gt.Position) -> bool:
        """Whether the active player can force the goal from `p`."""
        return self.entry(p).value

    def _search(self, p: gt.Position) -> Entry:
        decided = self.static(p)
        if decided is not None:
            return decided
        active = p.to_move() == ACTIVE
        for move, child in self.candidates(p, counted=True):
            if p.stage == Stage.DECLARE_ATTACKERS:
                self.stats["attacks_tried"] += 1
            if self.win(child) == active:
                self._remember(p, move)
                return Entry(active, move, child)
        return Entry(not active)

    def static(self, p: gt.Position) -> Entry | None:
        """The entry of a position decided without looking at moves: the end, or the goal already
        decided (destroyed permanents stay destroyed), or a lethal bound."""
        final = p.is_end()
        status = self._status(self.goal, p, final)
        if status is None:
            return None
        return Entry(status, static=True)

    def _decided(self, p: gt.Position) -> Entry | None:
        """The entry of `p` if it is solved or decided without looking at moves (then it is
        entered in the table as solved), else None."""
        known = self.table.get(p)
        if known is not None:
            return known
        decided = self.static(p)
        if decided is not None:
            self.stats["positions"] += 1
            self._enter(p, decided)
        return decided

    def _status(self, g: Goal, p: gt.Position, final: bool) -> bool | None:
        s = p.s
        gone = {x.id for x in s.permanents if x.left_battlefield}
        if g.kind == "lethal":
            if final:
                return g.targets[0] in c.losers(s)
            # (not while triggered abilities wait on the stack: afflict may still cost life, 702.130a;
            # nor with death triggers on the board: their damage comes after combat damage, 603.10a, and
            # one may end the game first or gain life through lifelink, 702.15b; nor with combat-damage
            # triggers, 510.3a: life lost or gained, counters put on and creatures destroyed after a step)
            # (nor with a window's triggers, 708.8, 701.37b: their damage or pumps come in a window)
            if has_death_triggers(s) or has_hit_triggers(s) or window_triggers.present(s) or dealt.present(s) \
                    or p.pending or any(t.kind in DEATH_TRIGGERS or t.kind in STACKED or t.kind in WINDOW_TRIGGERS
                                        or is_hit(t) or t.kind in DEALT_TRIGGERS for t in p.stack):
                return None
            if p.stage != Stage.BLOCKERS_DAMAGE and not p.stack and goals.out_of_reach(s, g.targets[0]) is not None:
                return False
            return True if self._sure(p, g.targets[0]) is not None else None
        if g.kind == "destroy":
            return True if gone.issuperset(g.targets) else (False if final else None)
        if g.kind == "survive":
            return False if gone.intersection(g.targets) else (True if final else None)
        parts = [self._status(q, p, final) for q in g.parts]
        if g.kind == "all":
            return False if False in parts else (True if all(parts) else None)
        return True if True in parts else (False if all(q is False for q in parts) else None)

    def _sure(self, p: gt.Position, player: str) -> str | None:
        """Why `player` will lose whatever the defence does (:func:`pysolver.game.goals.sure_lethal`);
        at declare blockers whatever they declare, from the attacker-blocker graph (509.1a-b,
        702.111b: possible blockers, capacities; no face-down creature can be turned face up
        before the declaration)."""
        if p.stage != Stage.DECLARE_BLOCKERS:
            return goals.sure_lethal(p.s, player)
        g = self._graph(p.s)
        could_block = {a: list(g.predecessors(a)) for a, d in g.nodes(data=True) if d["role"] == "attacker"
                       and len(list(g.predecessors(a))) >= d.get("min_blockers", 1)}
        capacities = [g.nodes[b]["capacity"] for b in set().union(*could_block.values())]
        most = None if None in capacities else sum(capacities)
        return goals.sure_lethal(p.s, player, could_block, most)

    def _ending(self, p: gt.Position, final: bool, holds: bool) -> dict[str, Any]:
        """What decided a position: who lost, which permanents the goal names were destroyed, the
        life of a player the goal wants dead who is not, or the bound that puts that out of reach."""
        s = p.s
        out: dict[str, Any] = {}
        lost = list(c.losers(s))
        if lost:
            out["lost"] = lost
        gone = sorted(x.id for x in s.permanents if x.left_battlefield and x.id in self.named)
        if gone:
            out["destroyed"] = gone
        life = {pl: s.player(pl).life for pl in goals.lethal_players(self.goal) if pl not in lost}
        if life and not holds:
            out["life"] = life
        if not final:
            out["decided"] = "before the end of combat"
            bound = (lambda pl: self._sure(p, pl)) if holds else (lambda pl: goals.out_of_reach(s, pl))
            if holds or p.stage != Stage.BLOCKERS_DAMAGE:
                notes = [n for n in map(bound, goals.lethal_players(self.goal)) if n]
                if notes:
                    out["bound"] = "; ".join(notes)
        return out

    # ---- moves, most promising first ------------------------------------------------------

    def candidates(self, p: gt.Position, *, counted: bool = False) -> Iterator[Child]:
        """The legal moves of `p` with their positions, lazily, in the order they are tried
        (`counted`: attack candidates are counted in the stats)."""
        if p.stage == Stage.DECLARE_BLOCKERS:
            yield from self._blocks(p)
        elif p.stage == Stage.DECLARE_ATTACKERS:
            size: Callable[[AttackDeclaration], int] = ((lambda m: -len(m.attacks)) if self.aggressive
                                                        else (lambda m: len(m.attacks)))
            moves: list[AttackDeclaration] = []
            for pairs in orbit_declarations(p.s, ATTACKERS, self._twins(p.s, "attacks")):
                self.stats["attack_candidates"] += counted
                moves.append(AttackDeclaration(pairs))
            moves.sort(key=lambda m: (-self.history.get((p.stage, m), 0), size(m)))
            for attack in moves:
                yield attack, p.push(attack, trusted=True)
        elif p.stage in (Stage.ATTACKERS_DAMAGE, Stage.BLOCKERS_DAMAGE):
            sign = 1 if p.to_move() == ACTIVE else -1
            scored = [(sign * goals.score(self.goal, child.s), i, m, child)
                      for i, (m, child) in enumerate(self._successors(p))]
            for _, _, m, child in sorted(scored, key=lambda t: t[:2]):
                yield m, child
        else:  # a priority window: face-up turns that decided positions before, then passing
            children = sorted(self._successors(p),
                              key=lambda mc: (-self.history.get((p.stage, mc[0]), 0), isinstance(mc[0], Pass)))
            yield from children

    def _successors(self, p: gt.Position) -> list[Child]:
        """The moves of a window or a damage half with their positions (a few each, one clingo
        solve for a half), kept in a bounded table (least recently used dropped past
        :data:`MOVES_SIZE`) so that the proof reads them instead of solving again."""
        known = self.moves.get(p)
        if known is not None:
            self.moves.move_to_end(p)
            return known
        self.moves[p] = known = [(m, child) for m, child in p.successors() if not p.needless_put(m)]
        if len(self.moves) > MOVES_SIZE:
            self.moves.popitem(last=False)
        return known

    def _blocks(self, p: gt.Position) -> Iterator[Child]:
        """Counterexamples, then one blocker on each attacker, then every declaration up to
        identical blockers (each generated declaration once)."""
        g = self._graph(p.s)
        tried: set[BlockDeclaration] = set()
        cheap: list[BlockDeclaration] = []
        for m in itertools.chain(self._from_pool(p), self._covers(p, g)):
            if m in tried:
                continue
            tried.add(m)
            if _legal_in_graph(g, m) if not g.graph.get("requirements") else \
                    not p.legal_moves.why(m):
                cheap.append(m)
        # One decided for the defence without search (a bound, 704.5a) first, then in order.
        pushed: dict[BlockDeclaration, gt.Position] = {}
        for m in cheap:
            decided = self._decided(pushed.setdefault(m, p.push(m, trusted=True)))
            if decided is not None and not decided.value:
                cheap.remove(m)
                cheap.insert(0, m)
                break
        for m in cheap:
            yield m, pushed.get(m) or p.push(m, trusted=True)
        for pairs in orbit_declarations(p.s, BLOCKERS, self._twins(p.s, "blocks")):
            m = BlockDeclaration(pairs)
            if m not in tried:
                yield m, p.push(m, trusted=True)

    def _graph(self, s: Situation) -> nx.DiGraph:
        """The attacker-blocker graph of `s` (:func:`pysolver.rules.graph.attacker_blocker_graph`), cut
        from the graph of a larger attack on the same board when one without requirements was
        built: each edge (509.1b) and each creature's capacity and minimum number of blockers
        (509.1a, 702.111b) depend on that blocker, that attacker and what it attacks only
        (``encodings/blocks.lp``), and an attack's requirements (509.1c) are among those of any
        larger attack, so none there means none here."""
        attacks = frozenset(s.combat.attackers or ())
        key = (s.permanents, s.players, s.combat.provoked)  # 702.39a: the requirements of this combat
        built = self.graphs.pop(key, [])
        self.graphs[key] = built
        if len(self.graphs) > GRAPHS:
            self.graphs.popitem(last=False)
        for larger, g in built:
            if attacks <= larger and not g.graph.get("requirements"):
                attacking = {a for a, _ in attacks}
                cut = g.subgraph([n for n, d in g.nodes(data=True) if d["role"] == "blocker" or n in attacking])
                cut.graph = {"restrictions": [r for r in g.graph["restrictions"] if r[1] in attacking]}
                return cut
        g = attacker_blocker_graph(s)
        built.insert(0, (attacks, g))
        del built[GRAPHS_PER_BOARD:]
        return g

    def _from_pool(self, p: gt.Position) -> Iterator[BlockDeclaration]:
        """The counterexamples, each cut down to the attackers of this attack."""
        attacking = {a for a, _ in p.s.combat.attackers or ()}
        for m in list(self.pool):
            yield BlockDeclaration(tuple(pair for pair in m.blocks if pair[1] in attacking))

    def _covers(self, p: gt.Position, g: nx.DiGraph) -> Iterator[BlockDeclaration]:
        """Declarations that block each attacker (the strongest first) with as many creatures as
        it needs (menace, 702.111b), by blockers chosen to survive or to kill; for a goal that does
        not want damage dealt, not blocking first."""
        power = {x.id: goals.side_power(x) for x in p.s.permanents}
        toughness = {x.id: goals.side_toughness(x) for x in p.s.permanents}
        attackers = sorted((n for n, d in g.nodes(data=True) if d["role"] == "attacker"),
                           key=lambda a: (-power.get(a, 0), a))
        if not self.aggressive:
            yield BlockDeclaration()
        for prefer in (lambda b: (-toughness[b], b), lambda b: (-power[b], b)):
            used: set[str] = set()
            pairs = []
            for a in attackers:
                need = g.nodes[a].get("min_blockers", 1)
                free = sorted((b for b in g.predecessors(a) if b not in used), key=prefer)
                if len(free) >= need:
                    used.update(free[:need])
                    pairs += [(b, a) for b in free[:need]]
            yield BlockDeclaration.of(pairs)
        if self.aggressive:
            yield BlockDeclaration()

    def _twins(self, s: Situation, kind: str) -> list[tuple[str, str]]:
        """Consecutive members of each class of identical creatures not named by the goal
        (:func:`twin_classes`)."""
        twins = []
        for ids in twin_classes(s, kind, self.named):
            self.symmetric.add(ids)
            twins += list(zip(ids, ids[1:]))
        return twins

    def _remember(self, p: gt.Position, m: Move) -> None:
        if isinstance(m, BlockDeclaration):
            if m in self.pool:
                self.pool.remove(m)
                self.stats["pool_refutations"] += 1
            else:
                self.stats["counterexamples"] += 1
            self.pool.insert(0, m)
            del self.pool[POOL_SIZE:]
        elif p.stage in WINDOWS or p.stage == Stage.DECLARE_ATTACKERS:
            key = (p.stage, m)
            self.history[key] = self.history.get(key, 0) + 1

    # ---- the proof ----------------------------------------------------------------------

    def proof(self, p: gt.Position, holds: bool) -> list[Any]:
        """The winner's proof from `p`: their choices, every reply of the other side."""
        key = (p, holds)
        if key not in self._proofs:
            self._proofs[key] = self._proof(p, holds)
        return self._proofs[key]

    def _proof(self, p: gt.Position, holds: bool) -> list[Any]:
        e = self.entry(p)
        if e.static:
            return [{"end": self._ending(p, p.is_end(), e.value)}]
        winner = ACTIVE if holds else DEFENCE
        decider = p.to_move()
        first_two = list(itertools.islice(self.candidates(p), 2)) if decider != winner or \
            p.stage != Stage.DECLARE_BLOCKERS else []
        if decider == winner or len(first_two) == 1:
            forced = len(first_two) == 1
            move, child = first_two[0] if forced else (e.move, e.child)
            assert move is not None and child is not None, "a decided position has its deciding move"
            step = {"by": p.name(decider), "stage": p.stage, "move": label(move)}
            if forced:  # shown only if it says something (declarations, damage dealt)
                informative = isinstance(move, (AttackDeclaration, BlockDeclaration)) or (
                    isinstance(move, DamageAssignment) and bool(move.assignment))
                return ([{**step, "forced": True}] if informative else []) + self.proof(child, holds)
            return [step] + self.proof(child, holds)
        groups: dict[str, dict[str, Any]] = {}
        for move, child in self.candidates(p):
            sub = self.proof(child, holds)
            key = json.dumps(sub, sort_keys=True)
            groups.setdefault(key, {"moves": [], "then": sub})["moves"].append(label(move))
        return [{"by": p.name(decider), "stage": p.stage, "replies": list(groups.values())}]

    def _tick(self) -> None:
        st = self.stats
        self.ticker.tick(lambda seconds: f"verify: {st['positions']} positions, {st['attack_candidates']} attack "
                         f"candidates, {st['counterexamples']} counterexamples, {seconds:.0f} s")


def twin_classes(s: Situation, kind: str, excluded: set[str] | frozenset[str] = frozenset()) -> list[tuple[str, ...]]:
    """The classes of identical creatures (all fields but the id equal, none in `excluded`) among the
    possible attackers (`kind` ``attacks``) or blockers (``blocks``), each sorted: exchanging two
    of them changes no end-of-combat value but names; blockers only if they can block one creature
    at most (509.1a); none named by a resolved provoke (702.39a: its requirement tells them apart,
    509.1c). ``encodings/verify.lp`` keeps one declaration of each orbit.

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a", "permanents":
    ...     [{"id": i, "controller": "a", "power": 2, "toughness": 2} for i in ("x", "y", "z")]})
    >>> twin_classes(s, "attacks")
    [('x', 'y', 'z')]
    """
    side: Callable[[Permanent], bool] = ((lambda x: x.controller == s.active) if kind == "attacks"
                                         else (lambda x: x.controller != s.active))
    by_form: dict[Permanent, list[str]] = {}
    excluded = set(excluded) | {pid for pair in s.combat.provoked for pid in pair}
    for x in s.permanents:
        if x.id not in excluded and not x.left_battlefield and x.is_creature and side(x):
            if kind == "blocks" and any(a.kind in ("block_additional", "block_any_number") for a in x.abilities):
                continue
            by_form.setdefault(replace(x, id=""), []).append(x.id)
    return [tuple(sorted(ids)) for ids in by_form.values() if len(ids) > 1]


def _legal_in_graph(g: nx.DiGraph, m: BlockDeclaration) -> bool:
    """Whether a block declaration obeys every restriction of blocks.lp, read off its
    attacker-blocker graph: each pair an edge (509.1b), each blocker within its capacity (509.1a),
    each attacker blocked by none or at least its minimum (702.111b, 509.1b) and at most its maximum
    (509.1b). Without requirements
    (509.1c) that is legality."""
    per_blocker: dict[str, int] = {}
    per_attacker: dict[str, int] = {}
    for b, a in m.blocks:
        if not g.has_edge(b, a):
            return False
        per_blocker[b] = per_blocker.get(b, 0) + 1
        per_attacker[a] = per_attacker.get(a, 0) + 1
    return all(g.nodes[b]["capacity"] is None or n <= g.nodes[b]["capacity"] for b, n in per_blocker.items()) \
        and all(g.nodes[a].get("min_blockers", 1) <= n <= g.nodes[a].get("max_blockers", n)
                for a, n in per_attacker.items())


def verdict(s: Situation, *, progress: bool | None = False) -> Verdict:
    """docs/verify.md: does the goal hold, with the strategy or refutation and the search's figures;
    ``bool(verdict(s))`` is whether it holds, ``pysolver.verify(s)`` gives its ``to_json()``.
    `progress` (None: when stderr is a terminal) reports on stderr during long searches.

    >>> from pysolver import load
    >>> v = verdict(load("examples/puzzles/lure-forces-the-block.yaml"))
    >>> bool(v), v.proof.player
    (True, 'alice')
    """
    return Verifier(s, progress=progress).solve()

