"""`pysolver show FILE [-o board.svg]`: the board as an SVG picture, drawn without external programs.

>>> import argparse, io, contextlib
>>> p = argparse.ArgumentParser(); add_arguments(p)
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     status = main(p.parse_args(["examples/megamorph.yaml"]))
>>> status, out.getvalue().startswith("<svg")
(0, True)
"""

from __future__ import annotations

import argparse
import sys

from ..errors import InputError
from .svg import board_svg


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `show`: the situation file, `--cards`, `-o FILE`."""
    parser.add_argument("situation", help="situation file (YAML or JSON)")
    parser.add_argument("--cards", metavar="FILE", help="extra card pool: Scryfall bulk JSON or MTGJSON AtomicCards")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the SVG to FILE (default: stdout)")


def main(args: argparse.Namespace) -> int:
    """Draw the board; exit status 0, or 2 for bad input (the message on stderr)."""
    from ..files.cards import load_pool_file
    from ..files.loader import load_situation
    try:
        s = load_situation(args.situation, load_pool_file(args.cards) if args.cards else None)
        svg = board_svg(s)
        if args.output:
            try:
                with open(args.output, "w", encoding="utf-8") as f:
                    f.write(svg)
            except OSError as exc:
                raise InputError(args.output, "--output", f"cannot write: {exc.strerror or exc}") from None
        else:
            sys.stdout.write(svg)
    except InputError as exc:
        print(f"pysolver: error: {exc}", file=sys.stderr)
        return 2
    return 0
