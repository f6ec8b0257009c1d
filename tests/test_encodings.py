"""The encodings as files (issue 20, "each rule once"): read with clingo's own parser
(:func:`clingo.ast.parse_files`), every ``encodings/*.lp`` declares its program parts and rules once
across the files, cites the Comprehensive Rules on each rule group, and is loaded by the solver."""

from __future__ import annotations

import ast as python_ast
import re
from collections import defaultdict
from pathlib import Path

import pytest
from clingo import ast

ROOT = Path(__file__).resolve().parents[1]
ENCODINGS = sorted((ROOT / "encodings").glob("*.lp"))
NAMES = [path.stem for path in ENCODINGS]

# A CR rule number: "704.5g", "510.1a-c", "116.2b", or a section such as "120.3".
CR_NUMBER = re.compile(r"\b[1-9]\d{2}\.\d+[a-z]?\b")
# What a part shows or projects (#show, #project) says what the Python side reads, not a rule of the game.
OUTPUT = (ast.ASTType.ShowSignature, ast.ASTType.ShowTerm, ast.ASTType.ProjectSignature, ast.ASTType.ProjectAtom)


def statements(path: Path) -> tuple[ast.AST, ...]:
    """The statements of one file (parsed anew: clingo's AST objects must not outlive the test run)."""
    parsed: list[ast.AST] = []
    ast.parse_files([str(path)], parsed.append)
    return tuple(s for s in parsed if s.location.begin.filename == str(path))  # (not the implicit #program base.)


class _Variables(ast.Transformer):
    """Renames the variables of a statement V0, V1, … in order of first occurrence (``_`` stays)."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def visit_Variable(self, variable: ast.AST) -> ast.AST:  # noqa: N802 (clingo's visitor naming)
        if variable.name == "_":
            return variable
        return variable.update(name=self.names.setdefault(variable.name, f"V{len(self.names)}"))


def normalised(statement: ast.AST) -> str:
    return str(_Variables()(statement))


def test_every_encoding_parses_with_clingo_ast() -> None:
    assert ENCODINGS, "encodings/*.lp"
    for path in ENCODINGS:
        assert statements(path), path.name


def test_no_program_part_but_base_is_declared_in_two_files() -> None:
    files: dict[str, set[str]] = defaultdict(set)
    for path in ENCODINGS:
        for s in statements(path):
            if s.ast_type == ast.ASTType.Program and s.name != "base":
                files[s.name].add(path.name)
    assert {name: sorted(f) for name, f in files.items() if len(f) > 1} == {}


def test_no_rule_appears_in_two_files_up_to_variable_names() -> None:
    """Every statement but comments, ``#program`` and output directives (OUTPUT: a part that shows
    what a caller reads of it says so itself, as a ``#show`` term is grounded with its part)."""
    files: dict[str, set[str]] = defaultdict(set)
    for path in ENCODINGS:
        for s in statements(path):
            if s.ast_type not in (ast.ASTType.Comment, ast.ASTType.Program, *OUTPUT):
                files[normalised(s)].add(path.name)
    assert {rule: sorted(f) for rule, f in files.items() if len(f) > 1} == {}


def test_variable_names_are_normalised_before_rules_are_compared() -> None:
    one: list[ast.AST] = []
    other: list[ast.AST] = []
    ast.parse_string("gone(P) :- toughness(P,T), T <= 0.", one.append)
    ast.parse_string("gone(X) :- toughness(X,N), N <= 0.", other.append)
    assert normalised(one[-1]) == normalised(other[-1]) == "gone(V0) :- toughness(V0,V1); V1 <= 0."


def _cited(path: Path, statement: ast.AST) -> bool:
    """Whether a CR number is in a comment on the statement's lines or in its group: the lines
    without a blank one between them and the statement, above it."""
    lines = path.read_text("utf-8").splitlines()
    first, last = statement.location.begin.line, statement.location.end.line
    while first > 1 and lines[first - 2].strip():
        first -= 1
    return any("%" in line and CR_NUMBER.search(line[line.index("%"):]) for line in lines[first - 1:last])


@pytest.mark.parametrize("path", ENCODINGS, ids=NAMES)
def test_every_rule_group_cites_a_cr_rule_number(path: Path) -> None:
    """Rules, constraints, choices, optimisation statements and externals; a file's header too."""
    uncited = [f"{path.name}:{s.location.begin.line}: {s}" for s in statements(path)
               if s.ast_type not in (ast.ASTType.Comment, ast.ASTType.Program, *OUTPUT) and not _cited(path, s)]
    assert uncited == []
    header = path.read_text("utf-8").split("\n\n", 1)[0]
    assert CR_NUMBER.search(header), f"{path.name}: no rule cited in the header"


def _string_constants() -> set[str]:
    found: set[str] = set()
    for source in (ROOT / "pysolver").rglob("*.py"):
        for node in python_ast.walk(python_ast.parse(source.read_text("utf-8"))):
            if isinstance(node, python_ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def test_every_encoding_is_loaded_by_a_program_of_pysolver() -> None:
    """Each file's name is a string of pysolver's code (a program tuple such as
    ``pysolver.asp.solving.BOARD``, or an encoding added to one), not only its docs."""
    loaded = _string_constants()
    assert [name for name in NAMES if name not in loaded] == []


def test_the_solving_layer_program_tuples_name_existing_encodings() -> None:
    from pysolver.asp import solving

    tuples = [v for k, v in vars(solving).items() if k.isupper() and isinstance(v, tuple)
              and v and all(isinstance(x, str) for x in v)]
    assert tuples
    assert {name for t in tuples for name in t} <= set(NAMES)


def test_outcomes_shows_declarations_from_attacks_and_blocks_show_parts() -> None:
    """The one-program outcomes read attack/2 and block/2 through the show parts of attacks.lp and
    blocks.lp, which it grounds itself (508.1, 509.1): no other encoding's #show feeds its lines."""
    from pysolver.asp.solving import ATTACKERS, BLOCKERS

    shown = {ATTACKERS.show: "attack", BLOCKERS.show: "block"}
    for path in ENCODINGS:
        part = "base"
        for s in statements(path):
            if s.ast_type == ast.ASTType.Program:
                part = s.name
            elif s.ast_type == ast.ASTType.ShowTerm and s.term.ast_type == ast.ASTType.Function \
                    and s.term.name in shown.values():
                assert (path.stem, part) in {("attacks", ATTACKERS.show), ("blocks", BLOCKERS.show)}, str(s)


class _Dependencies(ast.Transformer):
    """The predicates (name, arity) of the symbolic atoms visited, each with whether it is negated."""

    def __init__(self) -> None:
        self.found: list[tuple[tuple[str, int], bool]] = []
        self.negated = False

    def visit_Literal(self, literal: ast.AST) -> ast.AST:  # noqa: N802 (clingo's visitor naming)
        outer, self.negated = self.negated, self.negated or literal.sign != ast.Sign.NoSign
        literal.update(**self.visit_children(literal))
        self.negated = outer
        return literal

    def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:  # noqa: N802
        if atom.symbol.ast_type == ast.ASTType.Function:
            self.found.append(((atom.symbol.name, len(atom.symbol.arguments)), self.negated))
        return atom


def _negative_cycles_through(files: tuple[str, ...], predicate: tuple[str, int]) -> list[tuple[str, int]]:
    """The predicates that `predicate` depends on negatively within its own strongly connected
    component of the predicate dependency graph of `files` (empty: it is stratified there)."""
    import networkx as nx

    graph = nx.DiGraph()
    for name in files:
        for statement in statements(ROOT / "encodings" / f"{name}.lp"):
            if statement.ast_type != ast.ASTType.Rule:
                continue
            head, body = _Dependencies(), _Dependencies()
            head.visit(statement.head)
            for literal in statement.body:
                body.visit(literal)
            for h, _ in head.found:
                for b, negated in body.found:
                    graph.add_edge(b, h, negated=negated or graph.get_edge_data(b, h, {}).get("negated", False))
    component = next((c for c in nx.strongly_connected_components(graph) if predicate in c), set())
    return sorted(u for u, v, d in graph.subgraph(component).edges(data=True) if d["negated"])


@pytest.mark.parametrize("files", ["CHARACTERISTICS", "STEP_RESULTS", "HALF"])
def test_present_is_decided_before_what_reads_it(files: str) -> None:
    """704.3: which permanents are on the battlefield (present/1) comes from the state-based actions
    at the start of a step, which read only the start's characteristics (start_*/N). A negative cycle
    through present/1 makes clingo's grounder leave every atom that depends on it open: a blocked
    trampler's damage (510.1, 702.19b) then grounds once per point of power (10^6: minutes and 24 GB)."""
    from pysolver.asp import solving
    from pysolver.game import damage_halves

    programs = {"CHARACTERISTICS": solving.CHARACTERISTICS, "STEP_RESULTS": solving.STEP_RESULTS,
                "HALF": damage_halves.HALF}
    assert _negative_cycles_through(programs[files], ("present", 1)) == []
