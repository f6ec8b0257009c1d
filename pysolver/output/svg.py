"""Pictures without external programs, the way ``chess.svg`` draws a board: plain SVG text.

:func:`board_svg` draws a situation: each player's permanents as labelled cards (id, name, P/T as
the solver computes it from counters, damage, counters, keywords), tapped cards turned sideways,
face-down permanents dark (a 2/2 with no name, 708.2a, their face-up side in small print),
attackers pointing at what they attack (508.1b), blocks drawn from blocker to attacker (509.1).
:func:`graph_svg` draws the attacker–blocker graph (:func:`pysolver.rules.graph.attacker_blocker_graph`)
as two columns: attackers left, possible blockers right, allowed edges solid, requirement edges
(Lure, 509.1c) thick red, ruled-out pairs dashed with their rule (509.1b), menace
(`min_blockers`, 702.111b) and capacity (509.1a) on the nodes. The output is deterministic.

>>> from pysolver import load
>>> svg = board_svg(load("examples/menace-and-lure.yaml"))
>>> svg.startswith("<svg") and "Boggart Brute" in svg
True
"""

from __future__ import annotations

import textwrap
from xml.sax.saxutils import escape, quoteattr

import networkx as nx

from ..model import Permanent, Situation, counter_kind
from ..rules.graph import node_data, node_label, requirement_edges

CARD_W, CARD_H, SLOT = 120, 150, 170  # a card, and the room for one (tapped cards turn sideways)
ROW_H, MARGIN, HEADER = 230, 20, 28
COLORS = {"white": "#f8f4e3", "blue": "#d5e6f5", "black": "#cfcfcf", "red": "#f6d2c8", "green": "#d3ecd0"}
ATTACK, BLOCK = "#c0392b", "#2471a3"
STYLE = ("text{font-family:DejaVu Sans,Arial,sans-serif;fill:#222}.id{font-weight:bold;font-size:13px}"
         ".small{font-size:10px}.pt{font-weight:bold;font-size:15px}.player{font-weight:bold;font-size:15px}"
         ".rule{font-size:10px;fill:#777}")


def _text(x: float, y: float, text: str, cls: str = "", anchor: str = "start", fill: str | None = None) -> str:
    attrs = f' class="{cls}"' if cls else ""
    attrs += f' text-anchor="{anchor}"' if anchor != "start" else ""
    attrs += f' style="fill:{fill}"' if fill else ""
    return f'<text x="{x:g}" y="{y:g}"{attrs}>{escape(text)}</text>'


def _document(width: float, height: float, body: list[str], title: str) -> str:
    marker = "".join(
        f'<marker id="{name}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" '
        'markerWidth="12" markerHeight="12" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{color}"/></marker>'
        for name, color in (("attack", ATTACK), ("block", BLOCK), ("edge", "#555"), ("lure", "#c0392b")))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}">\n<title>{escape(title)}</title>\n'
            f'<defs>{marker}</defs>\n<style>{STYLE}</style>\n'
            f'<rect width="100%" height="100%" fill="white"/>\n' + "\n".join(body) + "\n</svg>\n")


_FACE_DOWN = {"manifest": "manifested", "cloak": "cloaked"}  # 701.40a, 701.58a


def _pt(p: Permanent) -> str | None:
    """Power/toughness with counters; a face-down permanent is a 2/2 (708.2a)."""
    if p.face_down:
        power, toughness = 2, 2
    elif p.power is None or p.toughness is None:
        return None
    else:
        power, toughness = p.power, p.toughness
    dp, dt = p.pt_modification
    return f"{power + dp}/{toughness + dt}"


def _keywords(p: Permanent) -> list[str]:
    if p.face_down:
        return []
    return [part for line in p.ability_lines for part in textwrap.wrap(line, 19)]


def _fit(text: str, n: int) -> str:
    """`text` cut to `n` characters, with an ellipsis if it was longer."""
    return text if len(text) <= n else text[:n - 1] + "…"


def _card(p: Permanent, x: float, y: float) -> list[str]:
    """One card with its top-left corner at (x, y); tapped: turned 90° about its centre (701.26a)."""
    cx, cy = x + CARD_W / 2, y + CARD_H / 2
    fill = "#3b3b4f" if p.face_down else COLORS.get(p.colors[0], "#eee") if len(p.colors) == 1 else \
        "#efe3b0" if p.colors else "#e9e9e9"
    ink = "#f2f2f2" if p.face_down else None
    stroke = "#999" if p.left_battlefield else "#333"
    group = [f'<g id={quoteattr("card-" + p.id)}' + (f' transform="rotate(90 {cx:g} {cy:g})"' if p.tapped else "") +
             (' opacity="0.45"' if p.left_battlefield else "") + ">",
             (f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="{fill}" '
              f'stroke="{stroke}" stroke-width="1.5"/>'),
             _text(x + 8, y + 18, p.id, "id", fill=ink)]
    title = f"{_FACE_DOWN.get(str(p.face_down), 'face-down')} 2/2" if p.face_down else p.name or ""
    if title:
        group.append(_text(x + 8, y + 32, _fit(title, 19), "small", fill=ink))
    if p.face_down and p.name:
        group.append(_text(x + 8, y + 44, _fit(f"face up: {p.name}", 19), "small", fill=ink))
    if not p.is_creature:
        group.append(_text(x + 8, y + 56, " ".join(p.types), "small", fill=ink))
    lines = _keywords(p)
    for i, line in enumerate(lines[:5] if len(lines) <= 5 else [*lines[:4], "…"]):
        group.append(_text(x + 8, y + 70 + 12 * i, line, "small", fill=ink))
    status = [f"damage {p.damage}"] if p.damage else []
    status += [f"{counter_kind(dp, dt)} ×{n}" for dp, dt, n in p.pt_counters]  # 122.1a
    status += [f"{name} ×{n}" for name, n in p.named_counters]  # 122.1
    status += ["tapped"] if p.tapped else []
    status += ["summoning sick"] if p.summoning_sick else []
    status += ["left the battlefield"] if p.left_battlefield else []
    for i, line in enumerate(status):
        group.append(_text(x + 8, y + CARD_H - 26 - 12 * (len(status) - 1 - i), line, "small",
                           fill="#b03a2e" if line.startswith("damage") else ink))
    numbers = _pt(p) or (f"loyalty {p.loyalty}" if p.loyalty is not None else
                         f"defense {p.defense}" if p.defense is not None else "")
    group.append(_text(x + CARD_W - 8, y + CARD_H - 10, numbers, "pt", "end", fill=ink))
    group.append("</g>")
    return group


def _arrow(x1: float, y1: float, x2: float, y2: float, color: str, marker: str, width: float = 2.5,
           dash: str = "") -> str:
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{color}" stroke-width="{width:g}"'
            f'{dashed} opacity="0.8" marker-end="url(#{marker})"/>')


def board_svg(s: Situation) -> str:
    """The board of `s` as SVG text: the defending players on top, the active player below.

    >>> import xml.dom.minidom
    >>> from pysolver import load
    >>> doc = xml.dom.minidom.parseString(board_svg(load("examples/megamorph.yaml")))
    >>> doc.documentElement.tagName
    'svg'
    """
    order = [p for p in s.players if p.name != s.active] + [s.player(s.active)]
    headers = [f"{p.name} — {p.life} life" + (f", mana {p.mana}" if p.mana.total else "") +
               (" (active player)" if p.name == s.active else " (defending player)") for p in order]
    width = MARGIN * 2 + max([SLOT * sum(1 for q in s.permanents if q.controller == p.name) for p in order] +
                             [int(9.5 * len(h)) for h in headers])  # about 9.5 px a character in bold 15 px
    body: list[str] = []
    centre: dict[str, tuple[float, float]] = {}  # a card's or a player's centre
    for row, (player, header) in enumerate(zip(order, headers)):
        top = MARGIN + row * ROW_H
        body.append(_text(MARGIN, top + 16, header, "player"))
        centre[player.name] = (MARGIN + 60, top + 8)
        cards = [q for q in s.permanents if q.controller == player.name]
        for i, p in enumerate(cards):
            x, y = MARGIN + i * SLOT + (SLOT - CARD_W) / 2, top + HEADER + (ROW_H - HEADER - CARD_H) / 2 - 8
            body += _card(p, x, y)
            centre[p.id] = (x + CARD_W / 2, y + CARD_H / 2)
    for a, target in s.combat.attackers or ():
        (x1, y1), (x2, y2) = centre[a], centre[target]
        body.append(_arrow(x1, y1 - CARD_H / 2 + 4, x2, y2 + (CARD_H / 2 if target not in s.player_names else 10),
                           ATTACK, "attack", 3))
    for b, a in s.combat.blockers or ():
        (x1, y1), (x2, y2) = centre[b], centre[a]
        body.append(_arrow(x1 + 12, y1 + CARD_H / 2 - 4, x2 + 12, y2 - CARD_H / 2 + 4, BLOCK, "block", 3, "7 4"))
    legend_y = MARGIN + len(order) * ROW_H - 6
    body.append(_text(MARGIN, legend_y, "red arrow: attacks (508.1) · blue dashed: blocks (509.1)", "rule"))
    return _document(width, legend_y + MARGIN, body, f"pysolver board: {s.active} attacks")


NODE_W, NODE_H, GAP = 190, 64, 22


def graph_svg(g: nx.DiGraph) -> str:
    """The attacker–blocker graph as SVG text: attackers left, possible blockers right.

    >>> from pysolver import load, attacker_blocker_graph
    >>> svg = graph_svg(attacker_blocker_graph(load("examples/menace-and-lure.yaml")))
    >>> "needs 2+ blockers" in svg and "509.1b" in svg
    True
    """
    columns = {role: sorted(n for n, r in g.nodes(data="role") if r == role) for role in ("attacker", "blocker")}
    x = {"attacker": MARGIN, "blocker": MARGIN + NODE_W + 260}
    rows = max(1, *(len(c) for c in columns.values()))
    top = MARGIN + 30
    pos: dict[str, tuple[float, float]] = {}
    body = [_text(x["attacker"], MARGIN + 12, "attackers", "player"),
            _text(x["blocker"], MARGIN + 12, "possible blockers", "player")]
    for role, nodes in columns.items():
        for i, n in enumerate(nodes):
            pos[n] = (x[role], top + i * (NODE_H + GAP))
    required = requirement_edges(g)
    must = {objects[0] for kind, objects in g.graph.get("requirements", []) if kind in ("blocked", "blocks")}
    ruled_out: dict[tuple[str, str], list[str]] = {}  # a pair with every rule that excludes it
    for b, a, rule, kind in g.graph["restrictions"]:
        ruled_out.setdefault((b, a), []).append(f"{rule} {kind.replace('_', ' ')}")
    for (b, a), labels in ruled_out.items():
        body += _edge(pos[b], pos[a], "#aaa", 1.2, "5 4", "", *labels)
    for b, a in sorted(g.edges):
        lure = (b, a) in required
        body += _edge(pos[b], pos[a], "#c0392b" if lure else "#555", 3.5 if lure else 1.6, "",
                      "lure" if lure else "edge", *(["Lure (509.1c)"] if lure else []))
    for n in sorted(pos):
        node = node_data(g, n)
        px, py = pos[n]
        emphasis = n in must
        body.append(f'<rect x="{px:g}" y="{py:g}" width="{NODE_W}" height="{NODE_H}" '
                    f'rx="{4 if node["role"] == "attacker" else 24}" '
                    f'fill="{"#fdecea" if node["role"] == "attacker" else "#eaf2fb"}" '
                    f'stroke="{"#c0392b" if emphasis else "#333"}" stroke-width="{3 if emphasis else 1.4}"/>')
        lines = node_label(node) + (["must block/be blocked (509.1c)"] if emphasis else [])
        for i, line in enumerate(lines[:4]):
            body.append(_text(px + 10, py + 18 + 14 * i, line, "id" if i == 0 else "small"))
    height = top + rows * (NODE_H + GAP) + 16
    body.append(_text(MARGIN, height - 8, "solid: may block · thick red: Lure requirement · dashed grey: "
                                          "ruled out (rule)", "rule"))
    return _document(x["blocker"] + NODE_W + MARGIN, height + 4, body, "pysolver attacker-blocker graph")


def _edge(blocker: tuple[float, float], attacker: tuple[float, float], color: str, width: float, dash: str,
          marker: str, *labels: str) -> list[str]:
    """A blocker → attacker edge between the two columns, its labels stacked near the blocker."""
    x1, y1 = blocker[0], blocker[1] + NODE_H / 2
    x2, y2 = attacker[0] + NODE_W, attacker[1] + NODE_H / 2
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    end = f' marker-end="url(#{marker})"' if marker else ""
    out = [f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
           f'stroke="{color}" stroke-width="{width:g}"{dashed}{end}/>']
    for i, label in enumerate(labels):
        out.append(_text(x1 - 0.3 * (x1 - x2), y1 - 0.3 * (y1 - y2) - 4 - 12 * (len(labels) - 1 - i), label,
                         "rule", "middle"))
    return out
