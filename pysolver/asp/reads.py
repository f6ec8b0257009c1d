"""What a program reads: the facts that can change its shown answer, and its answers remembered by them.

A search asks the same deterministic questions (state-based actions, 704.3; what static abilities grant,
613.1f; a damage ability's results, 120.3; …) of many situations that differ only in what those questions
never read: the mana left after an activation (106.4), a player's life after a ping that killed nobody, who is
tapped. :func:`answers` grounds a program on the facts it can read only and remembers its answers by them,
so each distinct question is solved once per process, whatever the order of play that reached it.

Which facts a program reads is found from the encodings' own text (:func:`read_predicates`), not written by
hand: the predicates its shown, projected or optimised atoms and its constraints depend on, through the
rules of the program parts it grounds (the splitting set theorem, Lifschitz and Turner 1994: the rules
whose heads are outside that set form a top part whose facts cannot change the answers of the bottom
part, as long as the top part cannot be inconsistent: it has no constraint, no choice with bounds and
no cycle through negation, each of which is counted with the bottom instead).

>>> from pysolver.asp.solving import CHARACTERISTICS
>>> reads = read_predicates(CHARACTERISTICS, ("base", "show_gone"))
>>> ("damage_marked", 2) in reads, ("life", 2) in reads, ("mana_pool", 3) in reads
(True, False, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import clingo
from clingo import ast

from .solving import Part, Side, control, maximum, models, statements

Signature = tuple[str, int]
Answers = tuple[tuple[clingo.Symbol, ...], ...]  # the shown symbols of each model, in the order found
REMEMBERED = 4096  # distinct questions remembered per process (each keyed by its facts read, a few KB)
_NO_ATOMS = frozenset({ast.ASTType.Comparison, ast.ASTType.BooleanConstant})
_TERMS = frozenset({"location", "terms", "term", "left_guard", "right_guard", "weight", "priority", "bias",
                    "modifier", "external_type", "sign", "function", "name", "arity", "positive"})  # (no atoms)
_LOOSE = (ast.ASTType.Minimize, ast.ASTType.Heuristic, ast.ASTType.Edge, ast.ASTType.ProjectAtom)
_KNOWN = (ast.ASTType.Rule, ast.ASTType.External, ast.ASTType.ShowTerm, *_LOOSE, ast.ASTType.Comment,
          ast.ASTType.Definition, ast.ASTType.Defined)


@dataclass
class _Rule:
    """A rule's predicates: in its head, in its body (with the negated ones) and whether it constrains the
    answers by itself (a constraint, a disjunction or a choice with bounds)."""

    head: set[Signature] = field(default_factory=set)
    body: set[Signature] = field(default_factory=set)
    negated: set[Signature] = field(default_factory=set)
    constrains: bool = False


def _atoms(node: ast.AST, negated: bool = False) -> Iterator[tuple[Signature, bool]]:
    """Every atom under `node` with whether it stands under default negation."""
    if node.ast_type == ast.ASTType.SymbolicAtom:
        symbol = node.symbol
        if symbol.ast_type != ast.ASTType.Function:
            raise ValueError(f"cannot read the atom {symbol}")  # (the encodings use no classical negation)
        yield (symbol.name, len(symbol.arguments)), negated
        return
    if node.ast_type in _NO_ATOMS:
        return
    if node.ast_type == ast.ASTType.TheoryAtom:
        raise ValueError(f"cannot read the theory atom {node}")
    if node.ast_type == ast.ASTType.Literal:
        negated = negated or node.sign != ast.Sign.NoSign
    for key in node.keys():
        if key in _TERMS:
            continue
        child = getattr(node, key)
        for x in child if isinstance(child, (list, ast.ASTSequence)) else (child,):
            if isinstance(x, ast.AST):
                yield from _atoms(x, negated)


def _add_body(rule: _Rule, nodes: Sequence[ast.AST]) -> None:
    for node in nodes:
        for sig, negated in _atoms(node):
            rule.body.add(sig)
            if negated:
                rule.negated.add(sig)


def _rule(statement: ast.AST) -> _Rule:
    """The predicates of a rule or an ``#external`` directive."""
    rule = _Rule()
    if statement.ast_type == ast.ASTType.External:
        rule.head |= {sig for sig, _ in _atoms(statement.atom)}
        _add_body(rule, statement.body)
        return rule
    head = statement.head
    _add_body(rule, statement.body)
    if head.ast_type == ast.ASTType.Literal:
        found = {sig for sig, _ in _atoms(head)}
        rule.head |= found
        rule.constrains = not found or head.sign != ast.Sign.NoSign  # an integrity constraint (#false)
        return rule
    if head.ast_type not in (ast.ASTType.Aggregate, ast.ASTType.Disjunction, ast.ASTType.HeadAggregate):
        raise ValueError(f"cannot read the head {head}")
    for element in head.elements:
        literal = element.condition if head.ast_type == ast.ASTType.HeadAggregate else element
        rule.head |= {sig for sig, _ in _atoms(literal.literal)}
        _add_body(rule, literal.condition)
    rule.constrains = (head.ast_type != ast.ASTType.Aggregate or head.left_guard is not None
                       or head.right_guard is not None)
    return rule


@cache
def read_predicates(encodings: tuple[str, ...], parts: tuple[str, ...]) -> frozenset[Signature] | None:
    """The predicates whose facts can change the shown answers of `encodings` grounded in `parts` (by
    name; facts go to ``base``); None if every fact can (no ``#show.`` hides the atoms not shown)."""
    return _closure([_summary(name) for name in encodings], parts)


def predicates_read(programs: Sequence[Sequence[ast.AST]], parts: Sequence[str]) -> frozenset[Signature] | None:
    """:func:`read_predicates` of parsed programs (each starting in ``#program base.``).

    >>> def read(text, parts=("base",)):
    ...     parsed = []
    ...     ast.parse_string(text, parsed.append)
    ...     found = predicates_read([parsed], parts)
    ...     return found if found is None else sorted(name for name, _ in found)
    >>> read("#show. #show g(X) : g(X). g(X) :- f(X), not h(X). u(X) :- v(X).")
    ['f', 'g', 'h']
    >>> read("#show. #show g : g. g :- f. u :- v. :- w.")  # a constraint reads its atoms
    ['f', 'g', 'w']
    >>> read("#show. #show g : g. g :- f. u :- v, not u.")  # so does a cycle through negation
    ['f', 'g', 'u', 'v']
    >>> read("#show. #show g : g. g :- f. {u} = 1 :- v. #program other. :- x.")  # a bounded choice
    ['f', 'g', 'u', 'v']
    >>> read("#show g/0. g :- f. u :- v.") is None  # every atom is shown
    True
    >>> read("#show. #show g : g. g :- f. u :- v, &sum{ x } > 1.") is None  # a theory atom: not read
    True
    """
    return _closure([_summarised(program) for program in programs], parts)


@dataclass(frozen=True)
class _Summary:
    """What one program says about the predicates it reads, by part: the rules, the roots (shown by a
    term, projected, optimised; signatures shown or projected count in every part), whether ``#show.``
    hides the atoms not shown, and the parts with a statement this reading does not know."""

    rules: tuple[tuple[str, _Rule], ...]
    roots: tuple[tuple[str, frozenset[Signature]], ...]
    signatures: frozenset[Signature]
    hidden: bool
    unknown: frozenset[str]


@cache
def _summary(name: str) -> _Summary:
    """:func:`_summarised` of ``encodings/NAME.lp``, once per process (plain data: every thread reads it)."""
    return _summarised(statements(name))


def _summarised(program: Sequence[ast.AST]) -> _Summary:
    rules: list[tuple[str, _Rule]] = []
    roots: list[tuple[str, frozenset[Signature]]] = []
    signatures: set[Signature] = set()
    unknown: set[str] = set()
    hidden = False
    part = "base"
    for statement in program:
        kind = statement.ast_type
        if kind == ast.ASTType.Program:
            part = statement.name
        elif kind in (ast.ASTType.ShowSignature, ast.ASTType.ProjectSignature):  # (global: every part)
            if statement.name:
                signatures.add((statement.name, statement.arity))
            else:
                hidden = True
        elif kind not in _KNOWN:
            unknown.add(part)
        else:
            try:
                if kind in (ast.ASTType.Rule, ast.ASTType.External):
                    rules.append((part, _rule(statement)))
                elif kind == ast.ASTType.ShowTerm:
                    roots.append((part, frozenset(sig for node in statement.body for sig, _ in _atoms(node))))
                elif kind in _LOOSE:
                    roots.append((part, frozenset(sig for sig, _ in _atoms(statement))))
            except ValueError:  # (an atom this reading does not know: every fact counts in that part)
                unknown.add(part)
    return _Summary(tuple(rules), tuple(roots), frozenset(signatures), hidden, frozenset(unknown))


def _closure(summaries: Sequence[_Summary], parts: Sequence[str]) -> frozenset[Signature] | None:
    """The predicates the roots of `summaries` in `parts` depend on through their rules in `parts`."""
    if not any(x.hidden for x in summaries) or any(x.unknown & set(parts) for x in summaries):
        return None  # (every atom is shown, or a statement this reading does not know: every fact counts)
    rules = [rule for x in summaries for part, rule in x.rules if part in parts]
    roots = {sig for x in summaries for sig in x.signatures}
    roots.update(sig for x in summaries for part, found in x.roots if part in parts for sig in found)
    for rule in rules:
        if rule.constrains:
            roots |= rule.head | rule.body
    roots |= _negative_cycles(rules)
    read = set(roots)
    changed = True
    while changed:
        changed = False
        for rule in rules:
            if rule.head & read and not (rule.head | rule.body) <= read:
                read |= rule.head | rule.body
                changed = True
    return frozenset(read)


def _negative_cycles(rules: list[_Rule]) -> set[Signature]:
    """The predicates of every rule whose head depends on one of its own negated body atoms (a cycle
    through negation may leave a program without an answer, so it counts with the bottom part)."""
    edges: dict[Signature, set[Signature]] = {}
    for rule in rules:
        for h in rule.head:
            edges.setdefault(h, set()).update(rule.body)

    @cache
    def reach(start: Signature) -> frozenset[Signature]:
        seen, todo = {start}, [start]
        while todo:
            for nxt in edges.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)
    found: set[Signature] = set()
    for rule in rules:
        if any(h in reach(q) for q in rule.negated for h in rule.head):
            found |= rule.head | rule.body
    return found


@lru_cache(maxsize=1 << 16)
def _signature(line: str) -> Signature:
    """The predicate of one fact line (``life("a",20).``)."""
    term = clingo.parse_term(line[:-1])
    return term.name, len(term.arguments)


def read_facts(facts: str, read: frozenset[Signature] | None) -> str:
    """The lines of `facts` (one fact each, :func:`pysolver.asp.facts.program`) of the predicates in `read`."""
    if read is None:
        return facts
    return "\n".join(line for line in facts.split("\n") if line and _signature(line) in read)


def _name(part: Part) -> str:
    return part if isinstance(part, str) else part[0]


def _hashable(part: Part) -> Part:
    return part if isinstance(part, str) else (part[0], tuple(part[1]))


def answers(encodings: Sequence[str], facts: str, *, parts: Sequence[Part] = ("base",),
            args: Sequence[str] = ("--models=0",)) -> Answers:
    """The shown symbols of every model of `encodings` on `facts` grounded in `parts` (as
    :func:`pysolver.asp.solving.control` and :func:`pysolver.asp.solving.models`), grounded on the facts
    it reads only (:func:`read_predicates`) and remembered by them."""
    encodings = tuple(encodings)
    names = tuple(dict.fromkeys(_name(p) for p in parts))
    if first_asked(encodings, names):
        return tuple(tuple(symbols) for symbols in models(control(encodings, facts, parts=parts, args=args)))
    read = read_predicates(encodings, names)
    return _answers(encodings, read_facts(facts, read), tuple(map(_hashable, parts)), tuple(args))


_asked: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()


def first_asked(encodings: tuple[str, ...], parts: tuple[str, ...]) -> bool:
    """Whether a question (`encodings` grounded in the parts named `parts`) is asked for the first time in
    this process: then it is grounded as it is, without reading the encodings (a small command asks each
    question once or twice, and reading them costs more than it saves)."""
    if (encodings, parts) in _asked:
        return False
    _asked.add((encodings, parts))
    return True


def one_answer(encodings: Sequence[str], facts: str, *, parts: Sequence[Part] = ("base",)) -> tuple[clingo.Symbol, ...]:
    """The shown symbols of the one model of a deterministic program (:func:`answers`)."""
    found = answers(encodings, facts, parts=parts)
    if not found:
        raise RuntimeError("the program has no model")
    return found[0]


def most_obeyed(side: Side, facts: str) -> int | None:
    """:func:`pysolver.asp.solving.most_obeyed`, remembered by the facts it reads (:func:`answers`)."""
    parts = ("base", *side.whole_board, "maximize")
    return _maximum(side.encodings, read_facts(facts, read_predicates(side.encodings, parts)), parts)


@lru_cache(maxsize=REMEMBERED)
def _maximum(encodings: tuple[str, ...], facts: str, parts: tuple[str, ...]) -> int | None:
    return maximum(control(encodings, facts, parts=parts, args=("--opt-mode=opt",)))


@lru_cache(maxsize=REMEMBERED)
def _answers(encodings: tuple[str, ...], facts: str, parts: tuple[Part, ...], args: tuple[str, ...]) -> Answers:
    return tuple(tuple(symbols) for symbols in models(control(encodings, facts, parts=parts, args=args)))
