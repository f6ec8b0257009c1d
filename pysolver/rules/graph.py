"""The attacker–blocker graph (509.1b pairwise restrictions) and its independent components.

Nodes are attackers and possible blockers (role ``attacker``/``blocker``); an edge
``blocker → attacker`` means that blocker may block that attacker as far as the pairwise
restrictions go (flying, protection, fear, shadow, landwalk, …, computed by
``encodings/blocks.lp``). Block declarations in different connected components are
independent: the declarations of the board are the product of those of its components.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 1, "toughness": 1, "abilities": ["Flying"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
...     "combat": {"attackers": {"x": "b"}}})
>>> g = attacker_blocker_graph(s)
>>> sorted(g.nodes(data="role")), list(g.edges), g.graph["restrictions"]
([('x', 'attacker'), ('y', 'blocker')], [], [('y', 'x', '702.9b', 'flying')])
>>> g.nodes["x"]["keywords"], g.nodes["x"]["power"]
(('flying',), 1)
"""

from __future__ import annotations

from typing import Any

import clingo
import networkx as nx

from ..asp.facts import EDGE_REQUIREMENTS, situation_facts
from ..asp.reads import one_answer
from ..asp.solving import BOARD, args_of
from ..model import Situation
from .combat import settled

NODE_KEYS = ("role", "name", "power", "toughness", "keywords", "min_blockers", "max_blockers", "capacity")


def attacker_blocker_graph(s: Situation) -> nx.DiGraph:
    """The graph for the declared attackers; node data: `role`, `name` (None face down, 708.2a),
    `power`, `toughness`, `keywords` (the characteristics as the encodings compute them: counters,
    face-down 2/2), `min_blockers` (menace 702.111b, 509.1b), `max_blockers` (509.1b "can't be blocked by
    more than N creatures"; absent: no cap) and, for blockers, `capacity` (509.1a).

    ``graph["restrictions"]`` lists each excluded pair with its rule: (blocker, attacker, rule, kind);
    ``graph["requirements"]`` the requirements (509.1c, 508.1d) as (kind, objects), ``graph["obeyed"]``
    those obeyed by the declarations as they stand.
    """
    symbols = one_answer(BOARD, situation_facts(settled(s)), parts=("base", "show_graph"))
    g = nx.DiGraph(restrictions=[])
    for sym in symbols:
        args = args_of(sym)
        if sym.name in ("attacker", "block_candidate"):
            p = s.permanent(args[0])
            g.add_node(args[0], role="attacker" if sym.name == "attacker" else "blocker",
                       name=None if p.face_down else p.name, keywords=[])
    for sym in symbols:
        args = args_of(sym)
        if sym.name in ("power", "toughness", "has") and args[0] not in g:
            continue
        if sym.name in ("power", "toughness"):
            g.nodes[args[0]][sym.name] = int(args[1])
        elif sym.name == "has" and sym.arguments[1].type == clingo.SymbolType.Function \
                and not sym.arguments[1].arguments:
            g.nodes[args[0]]["keywords"].append(sym.arguments[1].name)
        elif sym.name == "edge":
            g.add_edge(args[0], args[1])
        elif sym.name == "pair_violation":
            g.graph["restrictions"].append((args[2], args[3], args[0], args[1]))
        elif sym.name == "min_blockers":
            g.nodes[args[0]]["min_blockers"] = max(int(args[1]), g.nodes[args[0]].get("min_blockers", 1))
        elif sym.name == "max_blockers":
            g.nodes[args[0]]["max_blockers"] = int(args[1])
        elif sym.name == "block_capacity":
            g.nodes[args[0]]["capacity"] = int(args[1])
        elif sym.name == "requirement":
            req = sym.arguments[0]
            g.graph.setdefault("requirements", []).append((req.name, tuple(args_of(req))))
        elif sym.name == "obeyed":
            req = sym.arguments[0]
            g.graph.setdefault("obeyed", []).append((req.name, tuple(args_of(req))))
    for _, data in g.nodes(data=True):
        data["keywords"] = tuple(sorted(data["keywords"]))
        if data["role"] == "blocker":
            data.setdefault("capacity", None)  # None: any number (509.1a)
    g.graph["restrictions"].sort()
    return g


def components(g: nx.DiGraph) -> list[set[str]]:
    """Connected components with at least one edge (the others allow only 'no block')."""
    return [c for c in nx.weakly_connected_components(g) if len(c) > 1]


def node_link(g: nx.DiGraph) -> dict[str, Any]:
    """networkx node-link data with every node and graph attribute: nodes with `id`, `role`,
    `name`, `power`, `toughness`, `keywords`, `min_blockers` (attackers, 1 if none), `max_blockers`
    (attackers with a cap only, 509.1b), `capacity` (blockers, null = any number); edges with `source` = blocker, `target` = attacker; graph
    `restrictions` [blocker, attacker, rule, kind], `requirements` and `obeyed` [kind, objects].

    >>> from pysolver import load
    >>> data = node_link(attacker_blocker_graph(load("examples/menace-and-lure.yaml")))
    >>> data["nodes"][1], data["graph"]["requirements"][0]
    ({'id': 'brute', 'role': 'attacker', 'name': 'Boggart Brute', 'power': 3, 'toughness': 2, 'keywords': ['menace'], 'min_blockers': 2}, ['lure', ['unicorn', 'bears', '0']])
    """  # noqa: E501 (doctest output is one line)
    data: dict[str, Any] = nx.node_link_data(g, edges="edges")
    data["nodes"] = sorted((node_data(g, n["id"]) for n in data["nodes"]), key=lambda n: n["id"])
    data["edges"] = sorted(({"source": e["source"], "target": e["target"]} for e in data["edges"]),
                           key=lambda e: (e["source"], e["target"]))
    data["graph"] = {"restrictions": [list(r) for r in g.graph["restrictions"]],
                     **{key: [[kind, list(objects)] for kind, objects in g.graph.get(key, [])]
                        for key in ("requirements", "obeyed")}}
    return data


def node_data(g: nx.DiGraph, n: str) -> dict[str, Any]:
    """One node as in :func:`node_link`: `min_blockers` for attackers, `capacity` for blockers.

    >>> from pysolver import load
    >>> node_data(attacker_blocker_graph(load("examples/megamorph.yaml")), "flock")["capacity"]
    1
    """
    d = g.nodes[n]
    node: dict[str, Any] = {"id": n, **{k: d.get(k) for k in NODE_KEYS}}
    node["keywords"] = list(d["keywords"])
    if d["role"] == "attacker":
        node["min_blockers"] = d.get("min_blockers", 1)
        del node["capacity"]
        if node["max_blockers"] is None:
            del node["max_blockers"]
    else:
        del node["min_blockers"], node["max_blockers"]
    return node


def requirement_edges(g: nx.DiGraph) -> set[tuple[str, str]]:
    """The edges a requirement asks for (509.1c): Lure and provoke (702.39a: blocker must block this attacker).

    >>> from pysolver import load
    >>> sorted(requirement_edges(attacker_blocker_graph(load("examples/menace-and-lure.yaml"))))
    [('bears', 'unicorn'), ('piker', 'unicorn'), ('spider', 'unicorn')]
    """
    return {(objects[1], objects[0]) for kind, objects in g.graph.get("requirements", []) if kind in EDGE_REQUIREMENTS}


def to_dot(g: nx.DiGraph) -> str:
    """Graphviz DOT text with every attribute: attackers as boxes, blockers as ellipses, labels with
    P/T, keywords, menace (min_blockers) and capacity; requirement (Lure) edges bold, restricted
    pairs dashed grey with their rule; requirements as graph attributes.

    >>> from pysolver import load
    >>> print(to_dot(attacker_blocker_graph(load("examples/megamorph.yaml"))))  # doctest: +ELLIPSIS
    digraph attacker_blocker {
      rankdir=LR;
      "flock" [shape=ellipse, label="flock 2/2\\nblocks up to 1", role="blocker", ...];
      "giant" [shape=box, ...];
      "flock" -> "giant";
    }
    """
    lines = ["digraph attacker_blocker {", "  rankdir=LR;"]
    requirements = "; ".join(f"{kind}({','.join(map(str, objects))})"
                             for kind, objects in g.graph.get("requirements", []))
    if requirements:
        lines.append(f'  requirements="{requirements}";')
    required = {(objects[1], objects[0]): kind for kind, objects in g.graph.get("requirements", [])
                if kind in EDGE_REQUIREMENTS}
    for n in sorted(g.nodes):
        node = node_data(g, n)
        attrs = ", ".join(f'{k}="{_dot_value(v)}"' for k, v in node.items() if k != "id")
        lines.append(f'  "{n}" [shape={"box" if node["role"] == "attacker" else "ellipse"}, '
                     f'label="{_label(node)}", {attrs}];')
    for b, a in sorted(g.edges):
        bold = f' [style=bold, color=red, requirement="{required[b, a]}"];' if (b, a) in required else ";"
        lines.append(f'  "{b}" -> "{a}"' + bold)
    for b, a, rule, kind in g.graph["restrictions"]:
        lines.append(f'  "{b}" -> "{a}" [style=dashed, color=grey, label="{rule} {kind}"];')
    lines.append("}")
    return "\n".join(lines)


def _dot_value(v: object) -> str:
    text = ",".join(map(str, v)) if isinstance(v, list) else ("" if v is None else str(v))
    return text.replace('"', '\\"')


def node_label(node: dict[str, Any]) -> list[str]:
    """The lines that describe a node: id, P/T, keywords, min_blockers/capacity.

    >>> node_label({"id": "brute", "role": "attacker", "power": 3, "toughness": 2, "keywords": ["menace"],
    ...             "min_blockers": 2})
    ['brute 3/2', 'menace', 'needs 2+ blockers']
    """
    lines = [node["id"] + (f" {node['power']}/{node['toughness']}" if node.get("power") is not None else "")]
    if node["keywords"]:
        lines.append(", ".join(k.replace("_", " ") for k in node["keywords"]))
    if node.get("min_blockers", 1) > 1:
        lines.append(f"needs {node['min_blockers']}+ blockers")
    if node.get("max_blockers") is not None:
        lines.append(f"at most {node['max_blockers']} blocker{'s' if node['max_blockers'] != 1 else ''}")
    if node["role"] == "blocker":
        cap = node.get("capacity")
        lines.append("blocks any number" if cap is None else f"blocks up to {cap}")
    return [line for line in lines if line]


def _label(node: dict[str, Any]) -> str:
    return "\\n".join(node_label(node)).replace('"', '\\"')


class BlockGraph:
    """The attacker–blocker graph of a situation: the networkx graph (`nx`) and its pictures.

    >>> from pysolver import block_graph, load
    >>> g = block_graph(load("examples/menace-and-lure.yaml"))
    >>> g.attackers, g.blockers
    (('brute', 'unicorn'), ('bears', 'piker', 'spider'))
    >>> g.to_json()["nodes"][1]["min_blockers"]
    2
    """

    def __init__(self, g: nx.DiGraph) -> None:
        self.nx = g

    @property
    def attackers(self) -> tuple[str, ...]:
        """The attacking creatures, sorted."""
        return tuple(sorted(n for n, role in self.nx.nodes(data="role") if role == "attacker"))

    @property
    def blockers(self) -> tuple[str, ...]:
        """The creatures that could block (509.1a), sorted."""
        return tuple(sorted(n for n, role in self.nx.nodes(data="role") if role == "blocker"))

    def to_json(self) -> dict[str, Any]:
        """:func:`node_link`, as ``pysolver graph --format json``."""
        return node_link(self.nx)

    def to_dot(self) -> str:
        """:func:`to_dot`, as ``pysolver graph --format dot``."""
        return to_dot(self.nx)

    def to_svg(self) -> str:
        """The picture of :func:`pysolver.output.svg.graph_svg`, as ``pysolver graph --format svg``."""
        from ..output.svg import graph_svg
        return graph_svg(self.nx)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def __repr__(self) -> str:
        return (f"<BlockGraph {len(self.attackers)} attackers, {len(self.blockers)} blockers, "
                f"{len(self.nx.edges)} edges>")
