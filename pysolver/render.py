"""Output for people (tables with rule citations) and for programs (`--json`)."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess

from .check import text as check_text
from .errors import InputError
from .graph import node_link, to_dot
from .verify import text as verify_text


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
TABLES.update(check=check_text, verify=verify_text)  # pysolver.check.text, pysolver.verify.text


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
