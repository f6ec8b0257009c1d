"""Output for people (tables with rule citations) and for programs (`--json`)."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess

from . import combat as c
from .check import text as check_text
from .errors import InputError
from .graph import node_link, to_dot
from .svg import graph_svg
from .verify import ATTACKERS_HALF, BLOCKERS_HALF


def render(command: str, doc: dict, args: argparse.Namespace) -> str | None:
    """The text to print for `doc`; graph output may go to a file instead (None)."""
    if command == "graph":
        return _graph(doc["graph"], args)
    if args.json:
        return json.dumps(doc, sort_keys=False)
    return TABLES.get(command, _generic)(doc)


def _header(doc: dict, noun: str) -> str:
    more = "" if doc.get("complete", True) else " (stopped by --limit: there are more)"
    return f"{doc['count']} {noun}{more}"


def _rows(doc: dict, noun: str, row) -> str:
    lines = [_header(doc, noun)]
    for i, item in enumerate(doc.get("results", []), 1):
        lines.append(f"{i:>4}  {row(item)}")
    return "\n".join(lines)


def _attacks(doc: dict) -> str:
    return _rows(doc, "legal attack declarations (508.1)",
                 lambda r: ", ".join(f"{a} attacks {t}" for a, t in r["attacks"]) or "no attackers")


def _blocks(doc: dict) -> str:
    return _rows(doc, "legal block declarations (509.1)",
                 lambda r: ", ".join(f"{b} blocks {a}" for b, a in r["blocks"]) or "no blockers")


def _damage(doc: dict) -> str:
    step = doc["step"].replace("_", "-")
    return _rows(doc, f"legal combat damage assignments in the {step} damage step (510.1)",
                 lambda r: ", ".join(f"{s} -> {t}: {n}" for s, t, n in r["assignment"]) or "no combat damage")


def _outcome(r: dict) -> str:
    parts = [", ".join(f"{p} {n}" for p, n in r["life"].items())]
    if r["lost"]:
        parts.append("lost: " + ", ".join(r["lost"]) + " (704.5a)")
    if r["destroyed"]:
        parts.append("gone: " + ", ".join(r["destroyed"]))
    for key, label in (("damage", "damage"), ("loyalty", "loyalty"), ("defense", "defense")):
        if r[key]:
            parts.append(f"{label}: " + ", ".join(f"{k} {v}" for k, v in r[key].items()))
    line = r.get("line")
    if line is not None:
        how = [", ".join(f"{a}->{t}" for a, t in line["attacks"]) or "no attack"]
        if line["blocks"]:
            how.append("blocks " + ", ".join(f"{b}->{a}" for b, a in line["blocks"]))
        how += [f"{f['permanent']} face up {f['window'].replace('_', ' ')} for {f['cost']}" for f in line["face_up"]]
        parts.append("via " + "; ".join(how))
    return " | ".join(parts)


def _outcomes(doc: dict) -> str:
    return _rows(doc, "distinct end-of-combat outcomes", _outcome)


def _generic(doc: dict) -> str:
    return json.dumps(doc, indent=2)


TABLES = {"attacks": _attacks, "blocks": _blocks, "damage": _damage, "outcomes": _outcomes}
TABLES.update(check=check_text)  # pysolver.check.text


def _graph(g, args: argparse.Namespace) -> str | None:
    fmt = "json" if args.json else args.format
    if fmt == "json":
        text = json.dumps(node_link(g), indent=None if args.json else 2)
    elif fmt == "dot":
        text = to_dot(g)
    elif fmt == "svg":  # drawn by pysolver.svg, no Graphviz needed
        text = graph_svg(g)
    else:
        if shutil.which("dot") is None:
            raise InputError(None, "--format", f"{fmt} output needs Graphviz 'dot' on PATH; use --format dot or json")
        if not args.output:
            raise InputError(None, "--output", f"{fmt} output is binary: give -o FILE")
        subprocess.run(["dot", f"-T{fmt}", "-o", args.output], input=to_dot(g).encode(), check=True)
        return None
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        return None
    return text


# ---- verify, for people ---------------------------------------------------------------------

STAGE_WORDS = {c.BEGINNING_OF_COMBAT: "beginning of combat", c.ATTACKERS_WINDOW: "after attackers",
               c.BLOCKERS_WINDOW: "after blockers", c.FIRST_STRIKE_WINDOW: "between the damage steps",
               c.DECLARE_ATTACKERS: "declare attackers", c.DECLARE_BLOCKERS: "declare blockers",
               ATTACKERS_HALF: "assigns attackers' damage", BLOCKERS_HALF: "assigns blockers' damage"}


def move_text(move: dict) -> str:
    if "turn_face_up" in move:
        return f"turns {', '.join(move['turn_face_up'])} face up" if move["turn_face_up"] else "passes"
    if "attacks" in move:
        return "attacks: " + (", ".join(f"{a} -> {t}" for a, t in move["attacks"]) or "none")
    if "blocks" in move:
        return "blocks: " + (", ".join(f"{b} blocks {a}" for b, a in move["blocks"]) or "none")
    step = move.get("step", "").replace("_", "-")
    return f"{step} damage: " + (", ".join(f"{s} -> {r} {n}" for s, r, n in move["assign"]) or "none")


def end_text(end: dict) -> str:
    parts = []
    if end.get("lost"):
        parts.append(f"{', '.join(end['lost'])} lost (704.5a)")
    if end.get("destroyed"):
        parts.append(f"destroyed: {', '.join(end['destroyed'])}")
    if end.get("life"):
        parts.append(", ".join(f"{p} at {n} life" for p, n in end["life"].items()))
    if end.get("bound"):
        parts.append(end["bound"])
    return "end: " + ("; ".join(parts) or "nothing the goal names happened")


def tree_text(tree: list, indent: int = 2) -> list[str]:
    pad = " " * indent
    lines = []
    for item in tree:
        if "end" in item:
            lines.append(pad + end_text(item["end"]))
        elif "move" in item:
            forced = " (forced)" if item.get("forced") else ""
            lines.append(f"{pad}{item['by']} ({STAGE_WORDS.get(item['stage'], item['stage'])}): "
                         f"{move_text(item['move'])}{forced}")
        else:
            lines.append(f"{pad}{item['by']} ({STAGE_WORDS.get(item['stage'], item['stage'])}), any of:")
            for reply in item["replies"]:
                lines.append(f"{pad}  - " + "; or ".join(move_text(m) for m in reply["moves"]))
                lines += tree_text(reply["then"], indent + 6)
    return lines


def verify_text(doc: dict) -> str:
    """The `verify` document for people: the verdict, the strategy or refutation as a tree."""
    if doc["holds"]:
        body, head = doc["strategy"], f"holds: {doc['strategy']['player']} can force {doc['goal']}"
    else:
        body, head = doc["refutation"], f"does not hold: {doc['refutation']['player']} can prevent {doc['goal']}"
    lines = [head, "strategy:" if doc["holds"] else "refutation:", *tree_text(body["tree"])]
    if body.get("interchangeable"):
        lines.append("(up to interchangeable creatures: " +
                     "; ".join(", ".join(g) for g in body["interchangeable"]) + ")")
    st = doc.get("stats", {})
    if st:
        n = st["counterexamples"]
        lines.append(f"searched {st['positions']} positions, {st['attack_candidates']} attack candidates, "
                     f"{n} counterexample{'' if n == 1 else 's'} (reused {st['pool_refutations']}) "
                     f"in {st['seconds']} s")
    return "\n".join(lines)


TABLES["verify"] = verify_text
