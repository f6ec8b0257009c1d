"""The `import` and `export` commands: other engines' boards in and out (docs/engines.md).

``pysolver import forge FILE [-o board.yaml]`` reads a Forge puzzle or game state;
``pysolver export forge VECTORS|SITUATION [-o FILE|DIR]`` writes Forge game states;
``pysolver export xmage VECTORS -o DIR`` writes XMage JUnit test classes. Both commands are
registered in ``cli.TOOLS``; :func:`add_arguments` tells them apart by the parser's name.

>>> from pysolver.cli import parse
>>> parse(["export", "xmage", "v/", "-o", "out"]).engine
'xmage'
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

import yaml

import pysolver as api

from ..errors import InputError
from ..files import reading
from ..files.cards import CardPool, cards_file
from ..files.loader import situation_from_data, strict_check
from ..model import Situation
from ..output.streams import ClosedPipe, OutputError, atomic, emit
from ..scale.vectors import vectors_path
from . import forge, xmage

MAX_INPUT = 16 * 1024 * 1024  # a Forge file is a few kilobytes; anything huge is not one


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `import` or `export` (the parser's prog ends with the command's name)."""
    engines = p.add_subparsers(dest="engine", required=True, metavar="ENGINE")
    if p.prog.split()[-1] == "import":
        f = engines.add_parser("forge", help="a Forge .pzl puzzle or game-state file")
        f.add_argument("file", help="the Forge file ('-': standard input)")
        f.add_argument("-o", "--output", metavar="FILE", help="write the situation to FILE (default and '-': stdout)")
        leniency = f.add_mutually_exclusive_group()
        leniency.add_argument("--strict", action="store_true", help="anything not modelled is an error")
        leniency.add_argument("--lenient", action="store_true",
                              help="import without the permanents that cannot be put on the board (named in "
                                   "the output file) instead of stopping with an error")
        _card_options(f)
        return
    f = engines.add_parser("forge", help="Forge game-state text (puzzle mode with a goal)")
    f.add_argument("source", help="a situation file ('-': standard input), or test vectors (a directory or "
                                  ".jsonl from sweep --vectors)")
    f.add_argument("-o", "--output", metavar="FILE|DIR", help="a file for a situation (default and '-': stdout), "
                                                              "a directory for vectors (required)")
    _card_options(f)
    x = engines.add_parser("xmage", help="XMage JUnit tests (CardTestPlayerBase), one per board and declaration")
    x.add_argument("source", help="test vectors: a directory or .jsonl from sweep --vectors")
    x.add_argument("-o", "--output", metavar="DIR", required=True, help="directory for the .java files")
    x.add_argument("--package", default=xmage.PACKAGE, help=f"Java package (default {xmage.PACKAGE})")
    _card_options(x)


def _card_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cards", metavar="FILE", help="extra card pool: Scryfall bulk JSON or MTGJSON AtomicCards "
                                                   "(.gz/.xz/.bz2 too; default $PYSOLVER_CARDS)")
    p.add_argument("--no-card-cache", action="store_true", help="do not read or write the card-file index cache")
    p.add_argument("-q", "--quiet", action="store_true", help="no notes on stderr (what is left out, the summary)")


def _note(args: argparse.Namespace, text: str) -> None:
    """A note on stderr, unless `-q`."""
    if not args.quiet:
        print(text, file=sys.stderr)


def main(args: argparse.Namespace) -> int:
    try:
        path = cards_file(args.cards)
        cards = api.load_cards(path, cache=not args.no_card_cache) if path else None
        if args.command == "import":
            return _import(args, cards)
        if args.engine == "forge":
            return _export_forge(args, cards)
        return _export_xmage(args, cards)
    except forge.LeftOut as exc:
        for error in exc.errors:
            print(f"pysolver: error: {error}", file=sys.stderr)
        return 2
    except InputError as exc:
        print(f"pysolver: error: {exc}", file=sys.stderr)
        return 2
    except ClosedPipe:
        return 0


def _read(path: str) -> str:
    """The text of a Forge file, or of standard input for ``-``."""
    try:
        if path == reading.STDIN:
            text = sys.stdin.buffer.read(MAX_INPUT + 1).decode("utf-8")
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_INPUT + 1)
    except OSError as exc:
        raise InputError(reading.source(path), "", f"cannot read file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise InputError(reading.source(path), "", f"not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    if len(text) > MAX_INPUT:
        raise InputError(reading.source(path), "", f"larger than {MAX_INPUT // 2**20} MB: not a Forge file")
    return text


def _write(path: str | Path | None, text: str) -> None:
    """Standard output, or a file that appears only once complete (pysolver.output.streams)."""
    try:
        if path in (None, "-"):
            emit(text)
        else:
            with atomic(path) as f:
                f.write(text)
    except OutputError as exc:
        raise InputError(exc.path, "-o", f"cannot write file: {exc.reason}") from None


def _import(args: argparse.Namespace, cards: CardPool | None) -> int:
    """A Forge file as a situation file: notes on stderr for everything not modelled (errors with
    --strict); an entry that cannot become a permanent is an error, or with --lenient a note that
    the output file repeats in its header."""
    text, args.file = _read(args.file), reading.source(args.file)  # from here on, "-" is named <stdin>
    st = forge.read_forge(text, args.file)
    try:
        data, notes = forge.to_situation(st, cards)
        left_out: list[str] = []
    except forge.LeftOut as exc:
        if not (args.lenient or args.strict):
            raise
        data, notes, left_out = exc.data, exc.notes, exc.left_out
    if args.strict and notes:
        first = notes[0].removeprefix(f"{args.file}: ")
        field, _, message = first.partition(": ")
        more = f" (and {len(notes) - 1} more: run without --strict to see them)" if len(notes) > 1 else ""
        raise InputError(args.file, field, f"{message}{more}")
    try:
        s = situation_from_data(data, args.file, cards)
    except InputError as exc:
        raise InputError(args.file, exc.field, f"the imported board is not a situation pysolver can answer: "
                                               f"{exc.message}") from None
    for note in notes:
        _note(args, f"note: {note}")
    strict_check(s, args.strict, note=lambda text: _note(args, text))
    meta = st.metadata
    header = [f"# Imported by `pysolver import forge` from {Path(args.file).name} (docs/engines.md)."]
    header += [f"# {key.capitalize()}: {meta[key]}" for key in ("name", "goal", "targets", "turns", "description")
               if meta.get(key)]
    if left_out:
        header.append("# Left out with --lenient (answers are about the board below, without them):")
        header += [f"#   {line}" for line in left_out]
    _write(args.output, "\n".join(header) + "\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return 0


def _vectors(source: str) -> list[tuple[int, dict[str, Any]]]:
    path = vectors_path(source)
    out = []
    for n, vector in reading.json_objects(path, "test vectors"):
        if not isinstance(vector.get("situation"), dict):
            raise InputError(str(path), f"line {n}", "a test vector needs a \"situation\" object (docs/sweep.md)")
        out.append((n, vector))
    return out


def _is_vectors(source: str) -> bool:
    return Path(source).is_dir() or source.endswith(".jsonl")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9=.-]+", "_", text).strip("_") or "board"


def _export_forge(args: argparse.Namespace, cards: CardPool | None) -> int:
    if not _is_vectors(args.source):
        s = api.load(args.source, cards=cards)
        text, notes = forge.to_forge(s, cards, name=Path(args.source).stem)
        for note in notes:
            _note(args, f"note: {reading.source(args.source)}: {note}")
        _write(args.output, text)
        return 0
    if not args.output:
        raise InputError(args.source, "-o", "exporting test vectors needs -o DIR (one Forge file per board)")
    out = _directory(args.output)
    for i, (n, vector) in enumerate(_vectors(args.source), 1):
        where = f"{vectors_path(args.source)}: line {n}"
        s = _vector_situation(vector, where, cards)
        text, notes = forge.to_forge(s, cards)
        for note in notes:
            _note(args, f"note: {where}: {note}")
        _write(out / f"{i:04d}-{_slug(str(vector.get('board', i)))}.txt", text)
    return 0


def _vector_situation(vector: dict[str, Any], where: str, cards: CardPool | None) -> Situation:
    try:
        return api.load_data(vector["situation"], cards=cards)
    except InputError as exc:
        raise InputError(where, exc.field, exc.message) from None


def _directory(path: str) -> Path:
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(path, "-o", f"cannot write there: {exc.strerror or exc}") from None
    return out


def _export_xmage(args: argparse.Namespace, cards: CardPool | None) -> int:
    package = xmage.check_identifier(args.package)
    vectors = _vectors(args.source)
    out = _directory(args.output)
    written = 0
    for i, (n, vector) in enumerate(vectors, 1):
        where = f"{vectors_path(args.source)}: line {n}"
        _vector_situation(vector, where, cards)
        java, notes = xmage.board_class(vector, i, package, source=str(vectors_path(args.source)), cards=cards)
        for note in notes:
            _note(args, f"note: {where}: {note}")
        if java is not None:
            _write(out / f"{xmage.class_name(i)}.java", java)
            written += 1
    _note(args, f"{written} XMage test classes written to {out} ({len(vectors) - written} boards left out)")
    return 0
