"""Every legal declaration of attackers (508.1) and of blockers (509.1).

Declarations are solved per independent component (each attacker alone for attacks;
each connected component of the attacker–blocker graph for blocks) and combined as a
product: enumeration lazily, counts by multiplication. In each component the number of
obeyed requirements (508.1d, 509.1c) is first maximised with clingo's optimisation,
then the declarations reaching that maximum are enumerated. A block component is counted
without enumeration (:mod:`pysolver.rules.counting`) and enumerated factored: clingo enumerates
the blocks that a minimum number of blockers or a requirement constrains; each blocker's
other, free blocks (509.1a) are chosen independently and combined by ``itertools.product``.

How a declaration is chosen in the encodings is told in one place, the
:class:`~pysolver.asp.solving.Side` of :mod:`pysolver.asp.solving` (its programs and parts, ``ATTACKERS``,
``BLOCKERS``); the whole board's declaration (``check``'s optimum, the one-program ``outcomes``, the
damage step after each block
declaration of :func:`pysolver.rules.combat.blocks_and_step_results`) grounds its
:attr:`Side.whole_board` parts, and ``verify`` enumerates one declaration per orbit of identical
creatures with :func:`orbit_declarations`.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2, "abilities": ["Menace"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1},
...                    {"id": "z", "controller": "b", "power": 1, "toughness": 1}],
...     "combat": {"attackers": {"x": "b"}}})
>>> [d["blocks"] for d in legal_blocks(s)]
[[], [['y', 'x'], ['z', 'x']]]
>>> count_blocks(s)
2
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import clingo

from ..asp import deadline
from ..asp.facts import atom, program, situation_facts
from ..asp.solving import (
    ATTACKERS,
    ATTACKS,
    BLOCKERS,
    Part,
    Side,
    control,
    count_models,
    maximum,
    models,
    one_model,
    read_ids,
)
from ..errors import InputError
from ..model import Situation
from .combat import settled
from .counting import BlockProblem
from .graph import attacker_blocker_graph, components

Option = list[list[str]]  # one blocker's part of a block declaration: sorted [blocker, attacker] pairs
Pairs = tuple[tuple[str, str], ...]  # the same as the pairs of a typed move (pysolver.model.moves)


class Factor:
    """A blocker and its options (509.1a): one option per blocker makes a declaration. The typed
    and the JSON forms of the options are made once, when first asked for, and shared by every
    declaration they are part of."""

    __slots__ = ("blocker", "options", "_pairs")

    def __init__(self, blocker: str, options: list[Option]) -> None:
        self.blocker, self.options = blocker, options
        self._pairs: list[Pairs] | None = None

    def __lt__(self, other: Factor) -> bool:  # the factors of a declaration are sorted by blocker
        return self.blocker < other.blocker

    @property
    def pairs(self) -> list[Pairs]:
        """The options as tuples of pairs."""
        if self._pairs is None:
            self._pairs = [tuple((b, a) for b, a in option) for option in self.options]
        return self._pairs


def orbit_declarations(s: Situation, side: Side, twins: list[tuple[str, str]]) -> Iterator[Pairs]:
    """The legal declarations of `side` on the whole board (for blockers, of ``combat.attackers``),
    one of each orbit under permuting `twins`' classes (``encodings/verify.lp``), lazily: those
    obeying the most requirements (508.1d, 509.1c: clingo's optN, the optimal models), each as
    sorted pairs."""
    s = settled(s)
    if side is ATTACKERS:
        facts = situation_facts(s, combat=False)
    else:
        facts = situation_facts(s.with_combat(blockers=None, damage_step=None, assignment=None))
    facts += "\n" + program(atom("twin", x, y) for x, y in twins)
    ctl = control(side.encodings + ("verify",), facts,
                  parts=("base", *side.whole_board, side.twins, side.show, "maximize"),
                  args=("--models=0", "--opt-mode=optN"))
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            deadline.check()
            if model.optimality_proven or not model.cost:
                yield tuple(sorted((x, y) for x, y in map(read_ids, model.symbols(shown=True))))


@dataclass(frozen=True)
class Component:
    """One independent part of a declaration: `chosen` facts select what this part decides."""

    side: Side
    facts: str  # the board's and the `chosen` facts (attack_chooser/1 or chosen_blocker/1)
    has_requirements: bool
    problem: BlockProblem | None = None  # a block component's data: DP count, factored enumeration

    def best(self) -> int:
        """The maximum number of requirements obeyed (508.1d, 509.1c) in this component."""
        if not self.has_requirements:
            return 0
        ctl = control(self.side.encodings, self.facts, parts=("base", self.side.choose, "maximize"),
                      args=("--opt-mode=opt",))
        best = maximum(ctl)
        assert best is not None, "the empty declaration is always legal"
        return best

    def _control(self, facts: str = "", parts: Sequence[Part] = ()) -> clingo.Control:
        require: list[Part] = [("require", [self.best()])] if self.has_requirements else []
        return control(self.side.encodings, self.facts + "\n" + facts,
                       parts=("base", self.side.choose, self.side.show, *require, *parts))

    def declarations(self) -> Iterator[list[list[str]]]:
        """Each legal declaration of this component as a sorted list of pairs."""
        for symbols in models(self._control()):
            yield sorted(list(read_ids(sym)) for sym in symbols)

    def factored(self) -> Iterator[list[Factor]]:
        """The legal declarations of a block component, factored by :meth:`BlockProblem.free_pairs`:
        clingo enumerates those without free blocks; to each, every blocker adds any of its free
        blocks up to its capacity (509.1a), independently of the others. Each item lists the
        blockers, sorted, with their options; one option per blocker makes a declaration."""
        assert self.problem is not None, "only block components are factored"
        free = self.problem.free_pairs()
        exclude = program(atom("free_pair", b, a) for b in free for a in free[b])
        ctl = self._control(exclude, ("without_free_pairs",))
        attackers: dict[str, list[str]] = {b: [] for b in free}  # the attackers of each blocker's block atoms
        atoms = [(read_ids(block.symbol), block.symbol) for block in ctl.symbolic_atoms.by_signature("block", 2)]
        for (b, a), _ in atoms:
            attackers.setdefault(b, []).append(a)
        blockers = sorted(attackers)  # the factors of each declaration in this order: its pairs come sorted
        bit = {symbol: (blockers.index(b), 1 << attackers[b].index(a)) for (b, a), symbol in atoms}
        factor: list[dict[int, Factor]] = [{} for _ in blockers]  # bits of the attackers it blocks -> factor
        for symbols in models(ctl):
            masks = [0] * len(blockers)
            for sym in symbols:
                i, m = bit[sym]
                masks[i] |= m
            factors = []
            for i, m in enumerate(masks):
                known = factor[i].get(m)
                if known is None:
                    b = blockers[i]
                    bound = tuple(a for j, a in enumerate(attackers[b]) if m >> j & 1)
                    known = factor[i][m] = Factor(b, self._options(b, bound, free.get(b, [])))
                factors.append(known)
            yield factors

    def _options(self, b: str, bound: tuple[str, ...], free: list[str]) -> list[Option]:
        """Blocker `b` blocks the attackers `bound` and any of `free` within its capacity (509.1a)."""
        cap = self.problem.capacity[b]
        room = len(free) if cap is None else cap - len(bound)
        pair = {a: [b, a] for a in (*bound, *free)}
        return [[pair[a] for a in sorted(bound + extra)]
                for n in range(min(room, len(free)) + 1) for extra in itertools.combinations(free, n)]

    def count(self) -> int:
        """The number of legal declarations: by dynamic programming for a block component
        (:mod:`pysolver.rules.counting`), else (or if its state space is too large) by clingo enumeration."""
        if self.problem is not None:
            n = self.problem.count(self.best())
            if n is not None:
                return n
        return count_models(self._control())


def lazy_product(parts: Sequence[Iterable[list[Any]]]) -> Iterator[list[Any]]:
    """The concatenations of one item from each part, sorted; the first part is streamed, the rest
    cached. The items of each part are sorted lists, so one part's are given as they are."""
    if len(parts) < 2:
        yield from parts[0] if parts else [[]]
        return
    rest = [list(p) for p in parts[1:]]
    for head in parts[0]:
        for tail in itertools.product(*rest):
            yield sorted(itertools.chain(head, *tail))


def attack_components(s: Situation) -> list[Component]:
    """One component per creature the active player controls: attack restrictions and requirements
    in docs/abilities.md concern single creatures (508.1c, 508.1d)."""
    facts = situation_facts(settled(s), combat=False)
    info = one_model(control(ATTACKS, facts, parts=("base", "show_candidates")))
    # requirement(attacks(A,J)) (508.1d): the creature is the requirement term's first argument.
    with_req = {sym.arguments[0].arguments[0].string for sym in info if sym.name == "requirement"}
    return [Component(ATTACKERS, facts + "\n" + program([atom("attack_chooser", a)]), a in with_req)
            for a in sorted(read_ids(sym)[0] for sym in info if sym.name == "attack_candidate")]


def block_components(s: Situation) -> list[Component]:
    """The connected components of the attacker–blocker graph that contain an edge."""
    if s.combat.attackers is None:
        raise InputError(s.source, "combat.attackers", "blocks needs the declared attackers (docs/results.md)")
    g = attacker_blocker_graph(_without_blocks(s))
    facts = situation_facts(_without_blocks(settled(s)))
    requirements = g.graph.get("requirements", [])
    result = []
    for nodes in components(g):
        blockers = sorted(n for n in nodes if g.nodes[n]["role"] == "blocker")
        chosen = program(atom("chosen_blocker", b) for b in blockers)
        has_req = any(nodes & set(objects) for _, objects in requirements)
        result.append(Component(BLOCKERS, facts + "\n" + chosen, has_req, BlockProblem.of(g, nodes)))
    return result


def _without_blocks(s: Situation) -> Situation:
    return s.with_combat(blockers=None, damage_step=None, assignment=None)


def legal_attacks(s: Situation) -> Iterator[dict[str, Any]]:
    """Every legal declaration of attackers, lazily: ``{"attacks": [[attacker, target], …]}``."""
    for pairs in lazy_product([c.declarations() for c in attack_components(s)]):
        yield {"attacks": pairs}


def count_attacks(s: Situation) -> int:
    """The number of legal attack declarations (508.1) without enumerating them: the product of
    each attacker's count. ``count_attacks(load("examples/trample-deathtouch.yaml"))`` is 4."""
    return _product(c.count() for c in attack_components(s))


def block_factors(s: Situation) -> Iterator[list[Factor]]:
    """The factors of all components, one list per combination of their clingo models, sorted by
    blocker: one option per factor, in this order, makes a declaration whose pairs are sorted."""
    return lazy_product([c.factored() for c in block_components(s)])


def legal_blocks(s: Situation) -> Iterator[dict[str, Any]]:
    """Every legal declaration of blockers for ``combat.attackers``: ``{"blocks": [[blocker, attacker], …]}``.

    The [blocker, attacker] lists are shared between results: copy them before changing them."""
    for factors in block_factors(s):
        for choice in itertools.product(*[f.options for f in factors]):
            yield {"blocks": list(itertools.chain.from_iterable(choice))}


def block_pairs(s: Situation) -> Iterator[Pairs]:
    """The declarations of :func:`legal_blocks`, in its order, as sorted tuples of pairs (the typed
    moves' :attr:`~pysolver.model.moves.BlockDeclaration.blocks`)."""
    chain = itertools.chain.from_iterable
    for factors in block_factors(s):
        for choice in itertools.product(*[f.pairs for f in factors]):
            yield tuple(chain(choice))


def count_blocks(s: Situation) -> int:
    """The number of legal block declarations (509.1) without enumerating them: the product over the
    components of the attacker–blocker graph, each counted by :mod:`pysolver.rules.counting`."""
    return _product(c.count() for c in block_components(s))


def _product(counts: Iterable[int]) -> int:
    total = 1
    for n in counts:
        total *= n
    return total
