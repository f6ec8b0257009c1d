"""The attacker–blocker graph (509.1b pairwise restrictions) and its independent components.

Nodes are attackers and possible blockers (role ``attacker``/``blocker``); an edge
``blocker → attacker`` means that blocker may block that attacker as far as the pairwise
restrictions go (flying, protection, fear, shadow, landwalk, …, computed by
``encodings/blocks.lp``). Block declarations in different connected components are
independent: the declarations of the board are the product of those of its components.

>>> from pysolver.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 1, "toughness": 1, "abilities": ["Flying"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
...     "combat": {"attackers": {"x": "b"}}})
>>> g = attacker_blocker_graph(s)
>>> sorted(g.nodes(data="role")), list(g.edges), g.graph["restrictions"]
([('x', 'attacker'), ('y', 'blocker')], [], [('y', 'x', '702.9b', 'flying')])
"""

from __future__ import annotations

import networkx as nx

from .facts import situation_facts
from .model import Situation
from .solving import BOARD, args_of, control, one_model



def attacker_blocker_graph(s: Situation) -> nx.DiGraph:
    """The graph for the declared attackers; node data: `role`, `requirements`, `min_blockers`, `capacity`.

    ``graph["restrictions"]`` lists each excluded pair with its rule: (blocker, attacker, rule, kind);
    ``graph["requirements"]`` the requirements (509.1c, 508.1d) as (kind, objects), ``graph["obeyed"]``
    those obeyed by the declarations as they stand.
    """
    show = ("#show attacker/1. #show block_candidate/1. #show edge/2. #show pair_violation/4. "
            "#show requirement/1. #show obeyed/1. #show min_blockers/2. #show block_capacity/2.")
    symbols = one_model(control(BOARD, situation_facts(s), show=show))
    g = nx.DiGraph(restrictions=[])
    for sym in symbols:
        args = args_of(sym)
        if sym.name == "attacker":
            g.add_node(args[0], role="attacker")
        elif sym.name == "block_candidate":
            g.add_node(args[0], role="blocker")
    for sym in symbols:
        args = args_of(sym)
        if sym.name == "edge":
            g.add_edge(args[0], args[1])
        elif sym.name == "pair_violation":
            g.graph["restrictions"].append((args[2], args[3], args[0], args[1]))
        elif sym.name == "min_blockers":
            g.nodes[args[0]]["min_blockers"] = max(int(args[1]), g.nodes[args[0]].get("min_blockers", 1))
        elif sym.name == "block_capacity":
            g.nodes[args[0]]["capacity"] = int(args[1])
        elif sym.name == "requirement":
            req = sym.arguments[0]
            g.graph.setdefault("requirements", []).append((req.name, tuple(args_of(req))))
        elif sym.name == "obeyed":
            req = sym.arguments[0]
            g.graph.setdefault("obeyed", []).append((req.name, tuple(args_of(req))))
    for _, data in g.nodes(data=True):
        if data["role"] == "blocker":
            data.setdefault("capacity", None)  # None: any number (509.1a)
    g.graph["restrictions"].sort()
    return g


def components(g: nx.DiGraph) -> list[set[str]]:
    """Connected components with at least one edge (the others allow only 'no block')."""
    return [c for c in nx.weakly_connected_components(g) if len(c) > 1]


def node_link(g: nx.DiGraph) -> dict:
    """networkx node-link data: nodes with `id` and `role`, edges with `source` = blocker, `target` = attacker."""
    data = nx.node_link_data(g, edges="edges")
    data["nodes"] = sorted(({"id": n["id"], "role": n["role"]} for n in data["nodes"]), key=lambda n: n["id"])
    data["edges"] = sorted(({"source": e["source"], "target": e["target"]} for e in data["edges"]),
                           key=lambda e: (e["source"], e["target"]))
    data["graph"] = {"restrictions": [list(r) for r in g.graph["restrictions"]]}
    return data


def to_dot(g: nx.DiGraph) -> str:
    """Graphviz DOT text: attackers as boxes, blockers as ellipses, restricted pairs as dashed grey edges."""
    lines = ["digraph attacker_blocker {", "  rankdir=LR;"]
    for n, role in sorted(g.nodes(data="role")):
        lines.append(f'  "{n}" [shape={"box" if role == "attacker" else "ellipse"}];')
    for b, a in sorted(g.edges):
        lines.append(f'  "{b}" -> "{a}";')
    for b, a, rule, kind in g.graph["restrictions"]:
        lines.append(f'  "{b}" -> "{a}" [style=dashed, color=grey, label="{rule} {kind}"];')
    lines.append("}")
    return "\n".join(lines)
