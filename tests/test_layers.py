"""The layers of the package, kept by reading its imports (docs/architecture.md).

Bottom to top: errors < model < files < asp < rules < game < output < commands and the API
(``pysolver/__init__.py``) < scale, engines < cli. A module imports only its own layer or below — at
module level, inside functions and under ``if TYPE_CHECKING:`` alike, relative or absolute, and
``import_module("...")`` with a literal name too. The only upward imports allowed are the display hooks
listed in :data:`HOOKS`; without them the imports among the package's modules have no cycle.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pysolver"

#: Each layer's modules (a dotted prefix, its sub-modules included), bottom to top.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("pysolver.errors",),
    ("pysolver.model",),
    ("pysolver.files",),
    ("pysolver.asp",),
    ("pysolver.rules",),
    ("pysolver.game",),
    ("pysolver.output",),
    ("pysolver.commands", "pysolver"),
    ("pysolver.scale", "pysolver.engines"),
    ("pysolver.cli", "pysolver.completion", "pysolver.__main__"),
)

#: The upward imports allowed: (module, the function importing, module imported). The pictures of a
#: board and of the attacker-blocker graph (output.svg), a verdict's notebook display (output.render) and
#: the one way from a situation into its game tree (Situation.game, its return type under TYPE_CHECKING).
HOOKS = {
    ("pysolver.model.situation", "Situation.to_svg", "pysolver.output.svg"),
    ("pysolver.rules.graph", "BlockGraph.to_svg", "pysolver.output.svg"),
    ("pysolver.model.values", "Verdict._repr_html_", "pysolver.output.render"),
    ("pysolver.model.situation", "Situation.game", "pysolver.game.gametree"),
    ("pysolver.model.situation", "TYPE_CHECKING", "pysolver.game.gametree"),
}


@dataclass(frozen=True)
class Import:
    """One import in a module of the package, of another module of the package."""

    module: str
    line: int
    scope: str  # "" at module level, "TYPE_CHECKING", or the qualified name of the function
    target: str

    def __str__(self) -> str:
        where = f" in {self.scope}" if self.scope else ""
        return (f"{self.module}:{self.line}{where} ({layer_name(self.module)}) imports "
                f"{self.target} ({layer_name(self.target)})")


def module_name(path: Path) -> str:
    """The dotted name of a module file: pysolver/files/cards.py -> pysolver.files.cards."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> int:
    """The index in :data:`LAYERS` of the longest prefix naming the module."""
    best = max(((len(prefix), i) for i, prefixes in enumerate(LAYERS) for prefix in prefixes
                if module == prefix or module.startswith(prefix + ".")), default=None)
    assert best is not None, f"{module} is in no layer: add it to LAYERS and docs/architecture.md"
    return best[1]


def layer_name(module: str) -> str:
    return "/".join(p.removeprefix("pysolver.") for p in LAYERS[layer(module)])


def resolve(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of `from <level dots><name>` written in `module`."""
    if not level:
        return name or ""
    base = module.split(".")
    base = base[:len(base) - level + (1 if is_package else 0)]
    return ".".join(base + ([name] if name else []))


def _target(name: str) -> str | None:
    """The package module an imported name stands for (a module, or the module defining the name)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(module: str) -> list[Import]:
    """Every import of a package module in `module`, with the scope it is written in."""
    path = MODULES[module]
    is_package = path.name == "__init__.py"
    found: list[Import] = []

    def add(node: ast.AST, scope: str, names: list[str]) -> None:
        for name in names:
            target = _target(name)
            if target is not None and target != module:
                found.append(Import(module, getattr(node, "lineno", 0), scope, target))

    def visit(node: ast.AST, qualname: list[str], scope: str) -> None:
        if isinstance(node, ast.Import):
            add(node, scope, [a.name for a in node.names])
        elif isinstance(node, ast.ImportFrom):
            base = resolve(module, is_package, node.level, node.module)
            add(node, scope, [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names])
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and "import_module" in (getattr(node.func, "id", None), getattr(node.func, "attr", None))):
            add(node, scope, [node.args[0].value])
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            inner = [*qualname, node.name]
            for child in ast.iter_child_nodes(node):
                visit(child, inner, ".".join(inner) if not isinstance(node, ast.ClassDef) else scope)
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, qualname, scope or "TYPE_CHECKING")
            for child in node.orelse:
                visit(child, qualname, scope)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, qualname, scope)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)), [], "")
    return found


@cache
def all_imports() -> tuple[Import, ...]:
    """The imports of every module, each (module, line, scope, target) once."""
    return tuple(dict.fromkeys(i for module in MODULES for i in imports(module)))


def test_every_module_is_in_a_layer() -> None:
    assert {layer_name(m) for m in MODULES} == {"/".join(p.removeprefix("pysolver.") for p in ps) for ps in LAYERS}


def test_the_reader_sees_every_kind_of_import() -> None:
    seen = {(i.scope, i.target) for i in imports("pysolver.files.cards")}
    assert ("", "pysolver.files.reading") in seen and ("", "pysolver.errors") in seen  # relative, `from . import`
    scopes = {i.scope for i in all_imports()}
    assert "TYPE_CHECKING" in scopes and any(s.endswith("._repr_svg_") or s.endswith(".to_svg") for s in scopes)


def test_no_module_imports_a_higher_layer() -> None:
    """Each upward import named by module, line, scope and target; the hooks alone are allowed."""
    upward = [i for i in all_imports() if layer(i.target) > layer(i.module)
              and (i.module, i.scope, i.target) not in HOOKS]
    assert not upward, "imports of a higher layer:\n" + "\n".join(map(str, upward))


def test_every_hook_is_still_there() -> None:
    """An allowed upward import that is gone is taken off :data:`HOOKS`, so the list stays exact."""
    present = {(i.module, i.scope, i.target) for i in all_imports()}
    assert HOOKS <= present, sorted(HOOKS - present)


def test_the_imports_have_no_cycle() -> None:
    """Module-level, TYPE_CHECKING and function-level imports together, the hooks left out."""
    graph = nx.DiGraph()
    graph.add_nodes_from(MODULES)
    for i in all_imports():
        if (i.module, i.scope, i.target) not in HOOKS:
            graph.add_edge(i.module, i.target, at=str(i))
    try:
        cycle = nx.find_cycle(graph)
    except nx.NetworkXNoCycle:
        return
    raise AssertionError("an import cycle:\n" + "\n".join(graph.edges[u, v]["at"] for u, v in cycle))


def _bound_twice(path: Path) -> list[str]:
    """The top-level names a module binds twice (assignments, functions, classes): the later silently wins."""
    seen: dict[str, int] = {}
    twice = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            names = [node.target.id]
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names = [node.name]
        else:
            names = []
        twice += [f"{path.relative_to(ROOT)}: {n} (lines {seen[n]} and {node.lineno})" for n in names if n in seen]
        seen |= {n: node.lineno for n in names}
    return twice


def test_no_module_binds_a_top_level_name_twice() -> None:
    """Two definitions of one name in a module (a regex, a table, a function) keep only the last: the first
    one's readers silently use the other's. The package and the reference alike."""
    paths = sorted(PACKAGE.rglob("*.py")) + sorted((ROOT / "tests" / "reference").rglob("*.py"))
    assert [t for p in paths for t in _bound_twice(p)] == []
