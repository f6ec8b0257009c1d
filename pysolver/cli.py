"""The `pysolver` command: a thin layer over the Python API (SPEC §3).

Exit status: 0 answered, 1 a `check` or `verify` that comes out negative, 2 bad input.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from . import api, commands, render
from .errors import InputError
from .executors import positive


def _situation(args: argparse.Namespace):
    pool = api.load_cards(args.cards) if args.cards else None
    s = api.load(args.situation, cards=pool)
    commands.strict_check(s, args.strict, note=lambda text: print(text, file=sys.stderr))
    return s


def _answer(command: str) -> Callable:
    """A single command: the document from :func:`pysolver.commands.answer` (shared with `batch`)."""
    def run(args: argparse.Namespace) -> tuple[dict, int]:
        s = _situation(args)
        for note in commands.unread_inputs(command, s):
            print(note, file=sys.stderr)
        doc = commands.answer(command, s, count=args.count, limit=args.limit, progress=True)
        return doc, commands.status(command, doc)
    return run


def _graph(args: argparse.Namespace) -> tuple[dict, int]:
    return {"graph": api.attacker_blocker_graph(_situation(args))}, 0


COMMANDS: dict[str, tuple[str, Callable]] = {
    "attacks": ("every legal declaration of attackers (508.1)", _answer("attacks")),
    "blocks": ("every legal declaration of blockers (509.1)", _answer("blocks")),
    "outcomes": ("every distinct end-of-combat result over all open choices", _answer("outcomes")),
    "damage": ("every legal combat damage assignment of the next damage step (510.1, 702.19)", _answer("damage")),
    "graph": ("the attacker-blocker graph (509.1b pairwise restrictions)", _graph),
    "check": ("is the declared combat legal; if not, which rules it breaks (exit 1)", _answer("check")),
    "verify": ("can the active player force the goal whatever the defence does (SPEC §5; exit 1 if not)",
               _answer("verify")),
}

# Commands over many situations: each module has add_arguments(parser) and main(args) -> exit status.
TOOLS: dict[str, tuple[str, str]] = {
    "batch": ("answer a JSONL file of questions, one JSON line each (docs/sweep.md)", "pysolver.batch"),
    "sweep": ("every board of a card pool: answers, test vectors, rule invariants (docs/sweep.md)",
              "pysolver.sweep"),
    "compare": ("compare another engine's answers with test vectors (docs/sweep.md)", "pysolver.compare"),
    "show": ("the board as an SVG picture, drawn without external programs", "pysolver.show"),
}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pysolver", description="Exact Magic: The Gathering combat rules solver.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (help_text, _) in COMMANDS.items():
        c = sub.add_parser(name, help=help_text, description=help_text)
        c.add_argument("situation", help="situation file (YAML or JSON, SPEC §1)")
        c.add_argument("--json", action="store_true", help="one JSON document on stdout")
        c.add_argument("--cards", metavar="FILE", help="extra card pool: Scryfall bulk JSON or MTGJSON AtomicCards")
        c.add_argument("--strict", action="store_true", help="card lines the solver does not model are errors")
        c.add_argument("--limit", type=positive, metavar="N", help="stop after N results")
        c.add_argument("--count", action="store_true", help="only the number of results")
        if name == "graph":
            c.add_argument("--format", choices=("dot", "json", "svg", "png"), default="dot")
            c.add_argument("-o", "--output", metavar="FILE", help="write the graph to FILE")
    for name, (help_text, module) in TOOLS.items():
        importlib.import_module(module).add_arguments(sub.add_parser(name, help=help_text, description=help_text))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.command in TOOLS:
            return importlib.import_module(TOOLS[args.command][1]).main(args)
        doc, status = COMMANDS[args.command][1](args)
        text = render.render(args.command, doc, args)
    except InputError as exc:
        print(f"pysolver: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    if text is not None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
