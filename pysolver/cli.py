"""The `pysolver` command: a thin layer over the Python API (SPEC §3).

Exit status: 0 answered, 1 a `check` or `verify` that comes out negative, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from . import api, render
from .errors import InputError
from .results import Progress, collect, counted


def _situation(args: argparse.Namespace):
    pool = api.load_cards(args.cards) if args.cards else None
    s = api.load(args.situation, cards=pool)
    for p in s.permanents:
        for line in p.unmodelled:
            if args.strict:
                raise InputError(s.source, f"permanent {p.id}", f"line {line!r} is not modelled (--strict)")
            print(f"note: {p.id}: {line!r} is not modelled by the solver", file=sys.stderr)
    return s


def _enumeration(results: Callable, count: Callable, label: str) -> Callable:
    def run(args: argparse.Namespace) -> tuple[dict, int]:
        s = _situation(args)
        if args.count and args.limit is None:
            return counted(lambda: count(s)), 0
        return collect(results(s), limit=args.limit, count_only=args.count, progress=Progress(label)), 0
    return run


def _damage(args: argparse.Namespace) -> tuple[dict, int]:
    s = _situation(args)
    doc = {"step": api.next_step(s)}
    if args.count and args.limit is None:
        return {**doc, **counted(lambda: api.count_damage(s))}, 0
    return {**doc, **collect(api.damage_assignments(s), limit=args.limit, count_only=args.count,
                             progress=Progress("damage assignments"))}, 0


def _graph(args: argparse.Namespace) -> tuple[dict, int]:
    return {"graph": api.attacker_blocker_graph(_situation(args))}, 0


COMMANDS: dict[str, tuple[str, Callable]] = {
    "attacks": ("every legal declaration of attackers (508.1)",
                _enumeration(api.legal_attacks, api.count_attacks, "attack declarations")),
    "blocks": ("every legal declaration of blockers (509.1)",
               _enumeration(api.legal_blocks, api.count_blocks, "block declarations")),
    "outcomes": ("every distinct end-of-combat result over all open choices",
                 _enumeration(api.outcomes, api.count_outcomes, "outcomes")),
    "damage": ("every legal combat damage assignment of the next damage step (510.1, 702.19)", _damage),
    "graph": ("the attacker-blocker graph (509.1b pairwise restrictions)", _graph),
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
        c.add_argument("--limit", type=_positive, metavar="N", help="stop after N results")
        c.add_argument("--count", action="store_true", help="only the number of results")
        if name == "graph":
            c.add_argument("--format", choices=("dot", "json", "svg", "png"), default="dot")
            c.add_argument("-o", "--output", metavar="FILE", help="write the graph to FILE")
    return p


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
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
