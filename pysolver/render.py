"""Output for people (tables with rule citations) and for programs (`--json`)."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess

from .errors import InputError
from .graph import node_link, to_dot


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


def _generic(doc: dict) -> str:
    return json.dumps(doc, indent=2)


TABLES = {"attacks": _attacks, "blocks": _blocks, "damage": _damage}


def _graph(g, args: argparse.Namespace) -> str | None:
    fmt = "json" if args.json else args.format
    if fmt == "json":
        text = json.dumps(node_link(g), indent=None if args.json else 2)
    elif fmt == "dot":
        text = to_dot(g)
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
