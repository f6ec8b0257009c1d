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
from .streams import OutputError, atomic, emit
from .svg import board_svg


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `show`: the situation file, `--cards`, `-o FILE`, `--strict`, `-q`."""
    parser.add_argument("situation", help="situation file (YAML or JSON; '-': standard input)")
    parser.add_argument("--cards", metavar="FILE", help="extra card pool: Scryfall bulk JSON or MTGJSON AtomicCards")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the SVG to FILE (default and '-': stdout)")
    parser.add_argument("--strict", action="store_true", help="card lines the solver does not model are errors")
    parser.add_argument("-q", "--quiet", action="store_true", help="no notes on stderr")


def main(args: argparse.Namespace) -> int:
    """Draw the board; exit status 0, or 2 for bad input (the message on stderr). Card lines the solver
    does not model are notes on stderr, as for every command that reads a situation (errors with
    `--strict`, silent with `-q`)."""
    from ..files.cards import load_pool_file
    from ..files.loader import load_situation, strict_check
    try:
        s = load_situation(args.situation, load_pool_file(args.cards) if args.cards else None)
        strict_check(s, args.strict, note=None if args.quiet else lambda text: print(text, file=sys.stderr))
        svg = board_svg(s)
        if args.output not in (None, "-"):
            try:
                with atomic(args.output) as f:
                    f.write(svg)
            except OutputError as exc:
                raise InputError(exc.path, "--output", f"cannot write: {exc.reason}") from None
        else:
            emit(svg)
    except InputError as exc:
        print(f"pysolver: error: {exc}", file=sys.stderr)
        return 2
    return 0
