"""Optimal play for an objective (docs/best.md `best`): a minimax over the game tree `verify` searches.

The rest of the combat is the two-player game of :mod:`pysolver.game.gametree` (the priority
windows with their face-up turns and pumps, 117.3c-117.4, the declarations, 508.1 and 509.1, each
combat damage step in two halves, 510.1, the triggers' choices, 603.3b). At its end each term of
the objective (:mod:`pysolver.model.objective`) has a value; one side makes the vector of them,
compared lexicographically, as large as it can, the other as small (a zero-sum game: the defender's
default objective is the attacker's with every sense flipped). ``verify`` is the case of one 0/1
term (``max lost:bob`` is ``lethal: bob``).

Method: alpha-beta on value vectors (tuples of integers, each term signed so that the objective's
side maximises), with a transposition table of bounds (a lower and an upper bound per position,
least recently used dropped past :data:`TABLE_SIZE`), as :mod:`pysolver.game.verify`'s table of
positions; moves generated as verify generates them: the declarations one of each orbit under
exchanging identical creatures (:func:`pysolver.game.verify.twin_classes`: no term tells twins
apart, since they have the same controller and value), each damage half one assignment per
distinct result (:mod:`pysolver.game.damage_halves`: the terms read only the end of combat).
Where a damage step's halves are not a real game they are skipped, exactly: a block
declaration or step with one result leads straight past the step; a step whose results all end
the combat bounds its position before any half is solved; and with no creature blocking two or
more attackers the blockers' half is forced (510.1d), so the step's distinct results are the
attackers' choices. At the first decision every move is searched with a window that keeps ties (a value at least the
best so far), so that *all* optimal first moves are found, and each optimal orbit is listed
with every declaration in it. The principal line follows, from each position, a move whose exact
value is the position's.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 2}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
...     "combat": {"attackers": {"x": "b"}}})
>>> o = best(s)
>>> [m.to_json() for m in o.moves], [(str(t), v) for t, v in o.value][:2]
([{'blocks': [['y', 'x']]}], [('min lost:b', 0), ('max life:b', 2)])
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import TextIO

from ..asp import deadline
from ..asp.solving import ATTACKERS, BLOCKERS
from ..errors import InputError
from ..model import Permanent, Situation
from ..model.moves import AttackDeclaration, BlockDeclaration, DamageAssignment, Move, Pass
from ..model.objective import Objective, Term, default_objective, default_side
from ..model.optimum import Optimum, Step
from ..model.stage import Stage
from ..model.values import Outcome
from ..rules import combat as c
from ..rules.declarations import orbit_declarations
from ..rules.steps import StepPrograms
from ..rules.triggers import has_triggers
from . import fights
from . import gametree as gt
from .remainder import damage_sides, returns, window_sides
from .ticker import Ticker
from .verify import twin_classes

ACTIVE, DEFENCE = gt.ACTIVE, gt.DEFENCE
TABLE_SIZE = 200_000  # positions whose bounds are kept
MOVES_SIZE = 20_000   # positions whose moves are kept (windows, damage halves)
Value = tuple[float, ...]  # integers, and the infinite bounds
AFTER_BLOCKS = (Stage.AFTER_BLOCKERS, Stage.ATTACKERS_DAMAGE)  # where the combat after blockers begins
Child = tuple[Move, gt.Position]


def objective_for(s: Situation, terms: Sequence[str] | None = None, side: str | None = None) -> Objective:
    """The objective asked for: `terms` (``--objective``) for `side` (``--side``), each replacing the
    situation file's (docs/best.md); no terms: the file's, seen from `side` (a side other than
    the file's plays the same game with every sense flipped), or the side's defaults; no side: the
    file's, else the side that declares next (:func:`~pysolver.model.objective.default_side`).
    Bad terms are an :class:`InputError` naming the term.

    >>> from pysolver import load_data
    >>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a", "permanents": []})
    >>> [str(t) for t in objective_for(s, ["max life:a"], "defender").terms]
    ['max life:a']
    >>> objective_for(s, ["max lift:a"])
    Traceback (most recent call last):
    ...
    pysolver.errors.InputError: objective: 'max lift:a': a term is 'max' or 'min' then KIND:PLAYER (lost, life, poison, destroyed, value)
    """  # noqa: E501 (doctest output is one line)
    names = [p.name for p in s.players]
    given = s.objective
    if side is None:
        side = given.side if given is not None else default_side(s.combat.attackers is not None,
                                                                 s.combat.blockers is not None)
    try:
        if terms:
            return Objective.parse(list(terms), side, names)
        if given is None:
            return Objective.parse([str(t) for t in default_objective(side, s.active, names).terms], side, names)
    except ValueError as exc:
        raise InputError(s.source, "objective", str(exc)) from None
    return given if given.side == side else Objective(tuple(t.flipped() for t in given.terms), side)


def permanent_value(p: Permanent, measure: str | None) -> int:
    """What a permanent counts in ``value`` terms: its mana value (202.3; ``mv``, or by default when it
    states a mana cost), else its printed power plus toughness (``pt``; a missing number counts 0).

    >>> permanent_value(Permanent("x", "a", power=3, toughness=3, mana_cost="{1}{G}"), None)
    2
    >>> permanent_value(Permanent("x", "a", power=3, toughness=3), None)
    6
    """
    if measure == "mv" or (measure is None and p.mana_cost is not None):
        return p.mana_cost.total if p.mana_cost is not None else 0
    return (p.power or 0) + (p.toughness or 0)


def term_value(t: Term, s: Situation) -> int:
    """The value of one term in the situation at the end of combat (docs/best.md)."""
    if t.kind == "lost":  # 104.3b, 704.5a, 704.5c
        return int(t.player in c.losers(s))
    if t.kind == "life":
        return s.player(t.player).life
    if t.kind == "poison":
        return s.player(t.player).poison
    gone = [p for p in s.permanents if p.left_battlefield and p.controller == t.player]
    if t.kind == "destroyed":
        return len(gone)
    return sum(permanent_value(p, t.measure) for p in gone)


def vector(o: Objective, s: Situation) -> tuple[int, ...]:
    """The objective's terms in `s`, each signed so that its side maximises the tuple."""
    return tuple(term_value(t, s) if t.sense == "max" else -term_value(t, s) for t in o.terms)


def key_vector(o: Objective, s: Situation, k: fights.Key) -> tuple[int, ...]:
    """:func:`vector` at the end of combat whose :func:`pysolver.game.fights.key` is `k` (life and poison
    in the players' order, what happened to the permanents), reached from `s` where no creature
    returns (:func:`pysolver.game.remainder.returns`: each permanent leaves at most once): who lost
    (104.3b, 704.5a, 704.5c), life, poison, and the permanents of `s` that had left the battlefield
    or left it in the combat."""
    names = tuple(p.name for p in s.players)
    life, poison, facts = dict(zip(names, k[0])), dict(zip(names, k[1])), k[2]
    lost = fights.losers_of(names, k[0], k[1])
    gone = [p for p in s.permanents if p.left_battlefield or ("gone", p.id) in facts]
    values = []
    for t in o.terms:
        if t.kind == "lost":
            v = int(t.player in lost)
        elif t.kind in ("life", "poison"):
            v = (life if t.kind == "life" else poison)[t.player]
        else:
            mine = [p for p in gone if p.controller == t.player]
            v = len(mine) if t.kind == "destroyed" else sum(permanent_value(p, t.measure) for p in mine)
        values.append(v if t.sense == "max" else -v)
    return tuple(values)


def _below(v: Value) -> Value:
    """The greatest vector of integers less than `v` (lexicographic order)."""
    return v[:-1] + (v[-1] - 1,)


def _above(v: Value) -> Value:
    return v[:-1] + (v[-1] + 1,)


class Search:
    """One `best` search; :meth:`solve` returns its :class:`~pysolver.model.optimum.Optimum`."""

    def __init__(self, s: Situation, objective: Objective | None = None, *, progress: bool | None = None,
                 stream: TextIO | None = None) -> None:
        self.s0 = s
        self.objective = objective if objective is not None else objective_for(s)
        self.maximiser = ACTIVE if self.objective.side == "attacker" else DEFENCE
        n = len(self.objective.terms)
        self.top: Value = (math.inf,) * n
        self.bottom: Value = (-math.inf,) * n
        self.table: OrderedDict[gt.Position, tuple[Value, Value]] = OrderedDict()
        self.moves: OrderedDict[gt.Position, list[Child]] = OrderedDict()
        self.steps = StepPrograms()
        self.stats: dict[str, float] = {"positions": 0, "ends": 0, "declarations": 0, "one_player": 0}
        # The fights' ends, each fight walked once (:mod:`pysolver.game.fights`, as `outcomes` walks them),
        # the block declarations of each situation, and the value of each position after blockers
        # that is a one-player game (None: both sides have a choice, or the board does not split).
        self.fights = fights.Search(_walked_by_the_game_tree)
        self.blocks: dict[Situation, tuple[fights.Blocks, frozenset[str]]] = {}
        self.alone: dict[gt.Position, Value | None] = {}
        self.ticker = Ticker(stream, progress)

    # ---- the search ---------------------------------------------------------------------

    def solve(self) -> Optimum:
        root = gt.root(self.s0)
        side_name = root.name(self.maximiser)
        if root.is_end():
            return self._answer(side_name, root, (), ())
        maxing = root.to_move() == self.maximiser
        # After blockers, a one-player rest has its value at once (:meth:`one_player`): the optimal
        # moves are those that keep it.
        best: Value | None = self.one_player(root) if root.stage in AFTER_BLOCKS else None
        optimal: list[Child] = self._keeping(root, best) if best is not None else []
        for m, child in self.children(root) if best is None else ():
            if best is None:
                v = self.value(child, self.bottom, self.top)
            else:  # a window that keeps ties: a result inside it is exact, one outside is worse
                v = self.value(child, _below(best), self.top) if maxing else \
                    self.value(child, self.bottom, _above(best))
            if best is None or (v > best if maxing else v < best):
                best, optimal = v, [(m, child)]
            elif v == best:
                optimal.append((m, child))
        self.ticker.done()
        assert best is not None, "a position before the end has a legal move"
        moves = sorted({image for m, _ in optimal for image in self._images(root, m)}, key=_order)
        line: list[Step] = []
        p, (m, child) = root, optimal[0]
        while True:  # a declaration may lead past its damage step: the line goes through its halves
            line.append(Step(p.name(), str(p.stage), m))
            p = p.push(m, trusted=True) if p.stage in (Stage.DECLARE_BLOCKERS, Stage.ATTACKERS_DAMAGE) else child
            if p.is_end():
                break
            m, child = self._principal(p, best)
        assert vector(self.objective, p.s) == best, "the line reaches the optimal value"
        return self._answer(side_name, root, tuple(moves), tuple(line), p)

    def _keeping(self, p: gt.Position, v: Value) -> list[Child]:
        """The moves of `p`, whose value is `v`, that keep it: all if there is one, else each whose
        search in a null window about `v` is exact (fail-soft: any other value falls outside)."""
        moves = list(self.children(p))
        return moves if len(moves) == 1 else [(m, q) for m, q in moves if self.value(q, _below(v), _above(v)) == v]

    def _answer(self, side_name: str, root: gt.Position, moves: tuple[Move, ...], line: tuple[Step, ...],
                end: gt.Position | None = None) -> Optimum:
        s = (end or root).s
        self.stats["seconds"] = round(self.ticker.seconds(), 3)
        return Optimum(self.objective.side, side_name, tuple((t, term_value(t, s)) for t in self.objective.terms),
                       root.name() if not root.is_end() else "", str(root.stage), moves, line,
                       c.outcome(s).to_json(), tuple(self.stats.items()))

    def value(self, p: gt.Position, alpha: Value, beta: Value) -> Value:
        """The value of `p` if it lies strictly between `alpha` and `beta`; else a bound on the side
        of the window it lies (fail-soft alpha-beta, the minimiser's and maximiser's moves alike)."""
        if p.is_end():
            self.stats["ends"] += 1
            return vector(self.objective, p.s)
        if p.stage in AFTER_BLOCKS:
            v = self.one_player(p)
            if v is not None:
                return v
        known = self.table.get(p)
        lo, hi = known if known is not None else self._step_bounds(p)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        self._tick()
        deadline.check()
        self.stats["positions"] += 1
        a, b = max(alpha, lo), min(beta, hi)
        a0, b0 = a, b
        maxing = p.to_move() == self.maximiser
        best = self.bottom if maxing else self.top
        for _, child in self.children(p):
            v = self.value(child, a, b)
            if maxing and v > best:
                best, a = v, max(a, v)
            elif not maxing and v < best:
                best, b = v, min(b, v)
            if a >= b:
                break
        if best <= a0:      # every move failed low: an upper bound
            hi = min(hi, best)
        elif best >= b0:    # a move failed high: a lower bound
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[p] = (lo, hi)
        self.table.move_to_end(p)
        if len(self.table) > TABLE_SIZE:
            self.table.popitem(last=False)
        return best

    def _step_bounds(self, p: gt.Position) -> tuple[Value, Value]:
        """Bounds on the value of a position not searched yet: at the attackers' half of a step after
        which the combat ends (a player lost, or nothing is left to do), the least and the greatest
        value of the step's distinct results (every line through the two halves ends in one of
        them, 510.1); else none."""
        if p.stage != Stage.ATTACKERS_DAMAGE:
            return self.bottom, self.top
        ends = [child for _, child in gt.whole_steps(p, self.steps)]
        if not all(child.is_end() for child in ends):
            return self.bottom, self.top
        values = [vector(self.objective, child.s) for child in ends]
        return min(values), max(values)

    def one_player(self, p: gt.Position) -> Value | None:
        """The value of `p`, the window after blockers as it opens (or the damage step if nobody can act
        in it, :func:`pysolver.game.gametree.enter`), if the rest of the combat is a
        one-player game (:func:`pysolver.game.remainder.sides_with_choices`: one side or neither has a
        choice left) on a board that splits into fights (:func:`pysolver.game.fights.decomposes`, no
        combat trigger, only players attacked, no creature that returns): the best for the side with
        the choices of the ends the fights' ends combine into (:meth:`pysolver.game.fights.Blocks.outcomes`,
        each fight walked once), the single end if neither has; else None (the game tree decides)."""
        if p in self.alone:
            return self.alone[p]
        deadline.check()
        v: Value | None = None
        s = p.s
        if (not p.stack and s.combat.blockers is not None and p == gt.enter(Stage.AFTER_BLOCKERS, s)
                and fights.decomposes(s) and not has_triggers(s) and not returns(s)):
            blocks, window = self._blocks(s)
            choosers = window | damage_sides(s)
            found = None if len(choosers) > 1 else blocks.keys(s.combat.blockers)
            if found is not None:
                values = {key_vector(self.objective, s, k) for k in found}
                if not choosers and len(values) > 1:  # a choice this module does not see: the game tree decides
                    values = set()
                if values:
                    self.stats["one_player"] += 1
                    v = min(values) if choosers and self.maximiser not in choosers else max(values)
        self.alone[p] = v
        if len(self.alone) > TABLE_SIZE:  # the oldest dropped, as the table's
            del self.alone[next(iter(self.alone))]
        return v

    def _blocks(self, s: Situation) -> tuple[fights.Blocks, frozenset[str]]:
        """The block declarations of `s`'s attacks (:class:`pysolver.game.fights.Blocks`), one per situation
        before blocks, so that each fight is walked once for all of them, and the sides with a window
        action (:func:`pysolver.game.remainder.window_sides`: the same after every declaration)."""
        before = s.with_combat(blockers=None)
        found = self.blocks.get(before)
        if found is None:
            found = self.blocks[before] = fights.Blocks(before, (), self.fights), window_sides(before)
        return found

    def _principal(self, p: gt.Position, v: Value) -> Child:
        """A move of `p` whose value is `v`, the value of `p`."""
        for m, child in self.children(p):
            if self.value(child, _below(v), _above(v)) == v:
                return m, child
        raise AssertionError("a position has a move of its own value")

    # ---- moves ------------------------------------------------------------------------------

    def children(self, p: gt.Position) -> Iterator[Child]:
        """The moves of `p` with their positions: declarations one of each orbit of identical
        creatures; the rest as the game tree gives them (damage halves one per distinct result),
        the better ones for the mover first where a one-ply look tells."""
        if p.stage == Stage.DECLARE_BLOCKERS and fights.decomposes(p.s) and not has_triggers(p.s):
            yield from self._blocks_by_fights(p)
            return
        if p.stage == Stage.DECLARE_BLOCKERS and not gt.acts_in_windows(p.s) and not has_triggers(p.s):
            yield from self._blocks_in_one(p)
            return
        if p.stage in (Stage.DECLARE_ATTACKERS, Stage.DECLARE_BLOCKERS):
            side, kind, make = ((ATTACKERS, "attacks", AttackDeclaration) if p.stage == Stage.DECLARE_ATTACKERS
                                else (BLOCKERS, "blocks", BlockDeclaration))
            twins = [pair for ids in twin_classes(p.s, kind) for pair in zip(ids, ids[1:])]
            for pairs in orbit_declarations(p.s, side, twins):
                self.stats["declarations"] += 1
                yield make(pairs), p.push(make(pairs), trusted=True)
            return
        known = self.moves.get(p)
        if known is None:
            known = self._one_result(p) if p.stage == Stage.ATTACKERS_DAMAGE else None
            if known is None:
                known = [(m, child) for m, child in p.successors() if not p.needless_put(m)]
            if p.stage in (Stage.ATTACKERS_DAMAGE, Stage.BLOCKERS_DAMAGE):  # the better for the mover first
                sign = 1 if p.to_move() == self.maximiser else -1
                known.sort(key=lambda mc: tuple(-sign * x for x in vector(self.objective, mc[1].s)))
            self.moves[p] = known
            if len(self.moves) > MOVES_SIZE:
                self.moves.popitem(last=False)
        else:
            self.moves.move_to_end(p)
        yield from known

    def _one_result(self, p: gt.Position) -> list[Child] | None:
        """At the attackers' half, from the distinct results of the whole step (510.1; one grounded
        program per board, :class:`pysolver.rules.steps.StepPrograms`), when that is exact: if the step
        has one result whatever either side assigns, or no creature blocks more than one attacker
        (then each blocker's damage all goes to the attacker it blocks, 510.1d, and only the
        attackers' announcement is a choice), each result with the attackers' part of its witness
        assignment, leading straight to the position after the step; else None (the halves)."""
        whole = {child: m for m, child in gt.whole_steps(p, self.steps)}
        blocked = [b for b, _ in p.s.combat.blockers or ()]
        if len(whole) > 1 and len(blocked) != len(set(blocked)):
            return None
        attacking = {a for a, _ in p.s.combat.attackers or ()}
        return [(DamageAssignment(m.step, tuple(x for x in m.assignment if x[0] in attacking)), child)
                for child, m in whole.items()]

    def _blocks_in_one(self, p: gt.Position) -> Iterator[Child]:
        """At declare blockers with nothing to do in the window after it and nothing to trigger: every
        block declaration with the distinct results of the damage step after it, in one solve
        (:func:`pysolver.game.gametree.blocks_with_steps`). A declaration after which the step has
        one result whatever either side assigns (510.1) leads straight to the position after the
        step: every line through its damage halves ends there. The others lead to their damage
        halves. Declarations whose step ends the combat come first, the better for the mover first."""
        ends: dict[BlockDeclaration, set[gt.Position]] = {}
        for m, _, after in gt.blocks_with_steps(p):
            ends.setdefault(m, set()).add(after)
        sign = 1 if p.to_move() == self.maximiser else -1
        ranked = []
        for m, results in ends.items():
            child = next(iter(results)) if len(results) == 1 else p.push(m, trusted=True)
            if all(q.is_end() for q in results):  # the value lies between the results' (as _step_bounds)
                values = [vector(self.objective, q.s) for q in results]
                if not child.is_end() and child not in self.table:
                    self.table[child] = (min(values), max(values))
                hope = max(values) if sign == 1 else min(values)
                ranked.append(((0, tuple(-sign * x for x in hope)), m, child))
            else:
                ranked.append(((1, ()), m, child))
        self.stats["declarations"] += len(ranked)
        ranked.sort(key=lambda r: r[0])  # combats that end with the step first, the most hopeful first
        for _, m, child in ranked:
            yield m, child

    def _blocks_by_fights(self, p: gt.Position) -> Iterator[Child]:
        """At declare blockers on a board that splits into fights: each declaration (one of each orbit)
        with the window after it; those whose rest is a one-player game (:meth:`one_player`) first,
        the better for the mover first, then the others."""
        sign = 1 if p.to_move() == self.maximiser else -1
        twins = [pair for ids in twin_classes(p.s, "blocks") for pair in zip(ids, ids[1:])]
        ranked = []
        for pairs in orbit_declarations(p.s, BLOCKERS, twins):
            self.stats["declarations"] += 1
            m = BlockDeclaration(pairs)
            child = p.push(m, trusted=True)
            v = self.one_player(child)
            ranked.append(((0, tuple(-sign * x for x in v)) if v is not None else (1, ()), m, child))
        ranked.sort(key=lambda r: r[0])
        for _, m, child in ranked:
            yield m, child

    def _images(self, p: gt.Position, m: Move) -> list[Move]:
        """Every declaration in the orbit of `m` under exchanging identical creatures; other moves as they are."""
        if not isinstance(m, (AttackDeclaration, BlockDeclaration)):
            return [m]
        classes = twin_classes(p.s, "attacks" if isinstance(m, AttackDeclaration) else "blocks")
        pairs = m.attacks if isinstance(m, AttackDeclaration) else m.blocks
        out = set()
        for combo in itertools.product(*(itertools.permutations(ids) for ids in classes)):
            mapping = {x: y for ids, perm in zip(classes, combo) for x, y in zip(ids, perm)}
            out.add(tuple(sorted((mapping.get(x, x), mapping.get(y, y)) for x, y in pairs)))
        make = AttackDeclaration if isinstance(m, AttackDeclaration) else BlockDeclaration
        return [make(images) for images in out]

    def _tick(self) -> None:
        st = self.stats
        self.ticker.tick(lambda seconds: f"best: {st['positions']:.0f} positions, {st['declarations']:.0f} "
                         f"declarations, {seconds:.0f} s")


def _walked_by_the_game_tree(p: gt.Position, moves: tuple[Move, ...]) -> Iterator[Outcome]:
    """The fallback of :class:`pysolver.game.fights.Search`, never called here: `best` asks it only for
    the declarations it splits (:meth:`Search.one_player`), and the game tree plays the others."""
    raise AssertionError("best walks what does not split by the game tree")


def _order(m: Move) -> tuple[int, str]:
    """Optimal first moves in a stable order: passes first, then by their JSON form."""
    return (0 if isinstance(m, Pass) else 1, repr(m.to_json()))


def best(s: Situation, objective: Objective | Sequence[str] | None = None, *, side: str | None = None,
         progress: bool | None = False) -> Optimum:
    """docs/best.md: the optimal value of `objective` (an :class:`~pysolver.model.objective.Objective`,
    or terms such as ``"max lost:bob"`` for `side`, :func:`objective_for`; default: the file's or
    the defaults), every optimal first move and a principal line. `progress` (None: when stderr is a
    terminal) reports on stderr during long searches.

    >>> from pysolver import load
    >>> o = best(load("examples/puzzles/lure-forces-the-block.yaml"))
    >>> o.side, o.value[0]
    ('attacker', (Term(sense='max', kind='lost', player='bob', measure=None), 1))
    """
    if isinstance(objective, Objective):
        if side is not None and side != objective.side:
            raise InputError(s.source, "side", f"the objective is the {objective.side}'s; give its terms for {side}")
        return Search(s, objective, progress=progress).solve()
    return Search(s, objective_for(s, objective, side), progress=progress).solve()
