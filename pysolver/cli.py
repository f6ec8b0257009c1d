"""The `pysolver` command: a thin layer over the Python API (docs/cli.md).

Each command accepts only the options it uses; enumerations stream their results (text,
`--json`, `--jsonl`) as they are found. This module imports a command's modules only when that
command runs.

Exit status: 0 answered, 1 a `check` or `verify` that comes out negative, 2 bad input or an
output that cannot be written, 3 no answer within `--timeout` (a `check` or `verify` without a
verdict, or an enumeration stopped before it could write anything).

>>> main(["--version"])  # doctest: +ELLIPSIS
pysolver ...
0
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import InputError
from .output.streams import ClosedPipe, OutputError, closed_stdout, emit

if TYPE_CHECKING:
    from .model import Situation

DOCS = "https://github.com/pysolver-mtg/pysolver/tree/main/docs"
TIMED_OUT = 3


@dataclass(frozen=True)
class Command:
    """One single-situation command: its help line, an example invocation and its options."""

    help: str
    example: str
    enumerates: bool = False  # --json/--jsonl, --limit, --count
    graph: bool = False       # --format, -o; no --stats
    objective: bool = False   # --objective, --side (docs/best.md)


COMMANDS: dict[str, Command] = {
    "attacks": Command("every legal declaration of attackers (508.1)",
                       "pysolver attacks examples/menace-and-lure.yaml --limit 10", enumerates=True),
    "blocks": Command("every legal declaration of blockers (509.1)",
                      "pysolver blocks examples/menace-and-lure.yaml --jsonl > blocks.jsonl", enumerates=True),
    "outcomes": Command("every distinct end-of-combat result over all open choices",
                        "pysolver outcomes examples/akroma-face-down-vs-first-striker.yaml --timeout 10",
                        enumerates=True),
    "damage": Command("every legal combat damage assignment of the next damage step (510.1, 702.19)",
                      "pysolver damage examples/trample-deathtouch.yaml --count", enumerates=True),
    "graph": Command("the attacker-blocker graph (509.1b pairwise restrictions)",
                     "pysolver graph examples/menace-and-lure.yaml --json -o graph.json", graph=True),
    "check": Command("is the declared combat legal; if not, which rules it breaks (exit 1)",
                     "pysolver check examples/menace-and-lure.yaml --json"),
    "verify": Command("can the active player force the goal whatever the defence does (docs/verify.md; "
                      "exit 1 if not)", "pysolver verify examples/puzzles/lure-forces-the-block.yaml --stats"),
    "best": Command("optimal play for an objective: its value, every optimal first move, a principal line "
                    "(docs/best.md)", "pysolver best examples/chump-or-trade.yaml",
                    objective=True),
}

@dataclass(frozen=True)
class Tool:
    """A command with options of its own: its help line, the module that has add_arguments(parser) and
    main(args) -> exit status, and an example invocation (a file of examples/)."""

    help: str
    module: str
    example: str


TOOLS: dict[str, Tool] = {
    "batch": Tool("answer a JSONL file of questions, one JSON line each (docs/sweep.md)", "pysolver.scale.batch",
                  "pysolver sweep examples/pools/vectors.yaml --items | pysolver batch - -o answers.jsonl"),
    "sweep": Tool("every board of a card pool: answers, test vectors, rule invariants (docs/sweep.md)",
                  "pysolver.scale.sweep", "pysolver sweep examples/pools/vectors.yaml --vectors vectors/"),
    "compare": Tool("compare another engine's answers with test vectors (docs/sweep.md)", "pysolver.scale.compare",
                    "pysolver compare examples/vectors examples/vectors/vectors.jsonl"),
    "abilities": Tool("the supported ability lines, each with its rule and an example (docs/abilities.md)",
                      "pysolver.model.catalogue", "pysolver abilities --json"),
    "cards": Tool("the class of each oracle line of real cards: modelled, inert (with its reason) or may change "
                  "the answer (docs/engines.md)", "pysolver.files.cardlines",
                  "pysolver cards examples/cards/creatures.scryfall.json 'Cloudkin Seer'"),
    "schema": Tool("print the JSON Schema of the situation file or of a result document (docs/results.md)",
                   "pysolver.files.schema", "pysolver schema situation > situation.schema.json"),
    "import": Tool("a Forge puzzle (.pzl) or game state as a situation file (docs/engines.md)",
                   "pysolver.engines.commands",
                   "pysolver export forge examples/menace-and-lure.yaml | pysolver import forge - -o board.yaml"),
    "export": Tool("situations or test vectors as Forge game states or XMage JUnit tests (docs/engines.md)",
                   "pysolver.engines.commands",
                   "pysolver export forge examples/puzzles/lure-forces-the-block.yaml -o lure.pzl"),
    "show": Tool("the board as an SVG picture, drawn without external programs", "pysolver.output.show",
                 "pysolver show examples/akroma-vs-knights.yaml -o board.svg"),
    "completion": Tool("print a shell completion script for bash or zsh (docs/cli.md)", "pysolver.completion",
                       "pysolver completion bash > ~/.local/share/bash-completion/completions/pysolver"),
}

EPILOG = """example:
  {example}

exit status: 0 answered, 1 a negative check or verify, 2 bad input or unwritable output,
3 no verdict within --timeout.
documentation: docs/situation.md (the file), docs/results.md (the answers), docs/cli.md
(the options), also at {docs}"""

TOOL_EPILOG = """example:
  {example}

documentation: docs/cli.md (the options), also at {docs}"""

JSONL_HELP = ("JSON Lines, streamed: a header line {\"count\": null, \"complete\": null, \"format\": 1}, one "
              "line per result, then a trailer line {\"count\": N, \"complete\": bool}")


def version() -> str:
    """The installed distribution's version (its metadata), or ``unknown`` when run from a bare source tree."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed
    try:
        return installed("pysolver-mtg")
    except PackageNotFoundError:
        return "unknown"


class _Version(argparse.Action):
    """``--version``: the metadata is read only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"pysolver {version()}")
        parser.exit()


def seconds(text: str) -> float:
    """An argparse type: a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return int(text)


class Parser(argparse.ArgumentParser):
    """The parser of every command and subcommand: an option is spelled in full (``--lim`` is not
    ``--limit``, so that a new option cannot change what an old script means)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)


def _add_command(sub: Any, name: str, command: Command) -> argparse.ArgumentParser:
    c: argparse.ArgumentParser = sub.add_parser(name, help=command.help, description=command.help,
                                                epilog=EPILOG.format(example=command.example, docs=DOCS))
    c.add_argument("situation", help="situation file (YAML or JSON, docs/situation.md; '-': standard input)")
    shape = c.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true",
                       help="one JSON document on stdout" + (" (networkx node-link data)" if command.graph else ""))
    if command.graph:
        shape.add_argument("--format", choices=("dot", "svg", "png"), default="dot", help="a picture (default dot)")
        c.add_argument("-o", "--output", metavar="FILE", help="write the graph to FILE (written whole or not at all; "
                                                              "'-': standard output)")
    else:
        if command.enumerates:
            shape.add_argument("--jsonl", action="store_true", help=JSONL_HELP)
            c.add_argument("--limit", type=positive, metavar="N", help="stop after N results (\"complete\": false)")
            c.add_argument("--count", action="store_true", help="only the number of results")
        c.add_argument("--stats", action="store_true", help="add volatile figures (seconds, search sizes)")
    if command.objective:
        c.add_argument("--objective", action="append", metavar="TERM",
                       help="a term such as 'max lost:bob' or 'min value:alice', repeated in priority order "
                            "(replaces the file's objective.terms; docs/best.md)")
        c.add_argument("--side", choices=("attacker", "defender"),
                       help="whose objective it is (default: the file's, else who declares next)")
    c.add_argument("--timeout", type=seconds, metavar="SECONDS",
                   help="stop after SECONDS: enumerations answer with what they found (\"complete\": false)")
    c.add_argument("--cards", metavar="FILE", help="extra card pool: Scryfall bulk JSON or MTGJSON AtomicCards "
                                                   "(.gz/.xz/.bz2 too; default $PYSOLVER_CARDS; docs/engines.md)")
    c.add_argument("--no-card-cache", action="store_true", help="do not read or write the card-file index cache")
    c.add_argument("--strict", action="store_true", help="card lines the solver does not model, and for `damage` "
                                                        "declared attacks or blocks that break the rules, are errors")
    c.add_argument("-q", "--quiet", action="store_true", help="no notes on stderr")
    return c


def parser(only: str | None = None, *, every: bool = False) -> tuple[argparse.ArgumentParser,
                                                                   dict[str, argparse.ArgumentParser]]:
    """The command line and its subcommands' parsers; a tool's own options are added (its module
    imported) only when `only` names it, or for every tool with `every` (shell completion)."""
    p = Parser(prog="pysolver", description="Exact Magic: The Gathering combat rules solver.",
               epilog=f"Every command has --help with an example. Documentation: docs/cli.md, also at {DOCS}")
    p.add_argument("--version", action=_Version, help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    subs = {name: _add_command(sub, name, command) for name, command in COMMANDS.items()}
    for name, tool in TOOLS.items():
        subs[name] = sub.add_parser(name, help=tool.help, description=tool.help,
                                    epilog=TOOL_EPILOG.format(example=tool.example, docs=DOCS))
        if every or name == only:
            import_module(tool.module).add_arguments(subs[name])
    return p, subs


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The options of `argv`; an unknown command or option is reported with its nearest spelling and
    the command's usage (exit 2).

    >>> parse(["blocks", "board.yaml", "--limit", "2"]).limit
    2
    """
    name = _command_named(argv)
    if name is not None and name not in COMMANDS and name not in TOOLS:
        print(f"pysolver: {unknown_command(name)}", file=sys.stderr)
        raise SystemExit(2)
    top, subs = parser(name)
    args, unknown = top.parse_known_args(argv)
    if unknown:
        hint = _nearest_option(unknown, subs[args.command])
        subs[args.command].error(f"unrecognized arguments: {' '.join(unknown)}{hint}")
    return args


def unknown_command(name: str) -> str:
    """The message for a command that does not exist, with the nearest one (difflib) if any.

    >>> unknown_command("outcome")
    "unknown command 'outcome'; did you mean 'outcomes'?"
    >>> unknown_command("frobnicate")
    "unknown command 'frobnicate' (pysolver --help lists the commands)"
    """
    near = difflib.get_close_matches(name, [*COMMANDS, *TOOLS], n=1)
    return f"unknown command {name!r}" + (f"; did you mean {near[0]!r}?" if near else
                                          " (pysolver --help lists the commands)")


def _nearest_option(unknown: Sequence[str], command: argparse.ArgumentParser) -> str:
    """``; did you mean '--limit'?`` for the first unknown option that is near one of the command's
    (its engines' too), else nothing: argparse in Python 3.11 names no option of its own."""
    known = {o.lstrip("-"): o for p in _parsers(command) for a in p._actions for o in a.option_strings}
    for word in unknown:
        if word.startswith("-"):  # compared without the dashes, which every option shares
            near = difflib.get_close_matches(word.partition("=")[0].lstrip("-"), known, n=1)
            if near:
                return f"; did you mean {known[near[0]]!r}?"
    return ""


def _parsers(p: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """`p` and its subcommands' parsers, depth first (`import forge`, `export xmage`)."""
    found = [p]
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                found += _parsers(child)
    return found


def _command_named(argv: Sequence[str]) -> str | None:
    """The subcommand of `argv`: its first word that is not an option (the top level has no valued options)."""
    return next((word for word in argv if not word.startswith("-")), None)


class Notes:
    """Notes on stderr (``note: …``), silenced by `-q`."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet

    def __call__(self, text: str) -> None:
        if not self.quiet:
            print(text, file=sys.stderr)


def _situation(args: argparse.Namespace, note: Notes) -> Situation:
    from .commands import unread_inputs
    from .files.cards import cards_file, load_pool_file
    from .files.loader import load_situation, strict_check
    path = cards_file(args.cards)
    pool = load_pool_file(path, cache=not args.no_card_cache) if path else None
    s = load_situation(args.situation, pool)
    strict_check(s, args.strict, note=note)
    for text in unread_inputs(args.command, s):
        note(text)
    return s


def _illegal_combat(args: argparse.Namespace, s: Situation, note: Notes) -> None:
    """`damage` takes the declared attacks and blocks as given: say which rules they break (`check`)."""
    from .commands import illegal_combat
    violations = illegal_combat(args.command, s)
    if not violations:
        return
    rules = ", ".join(dict.fromkeys(v.rule for v in violations))
    words = "; ".join(f"{v.rule}: {v.message}" for v in violations)
    if args.strict:
        raise InputError(s.source, "combat", f"the declared combat breaks {rules} (--strict): {words}")
    note(f"note: the declared combat breaks {rules} (see `pysolver check`): {words}")


def _enumerate(args: argparse.Namespace, s: Situation, note: Notes, start: float) -> None:
    """Write an enumeration's results as they are found, in the format asked for."""
    from . import commands
    from .output import render, results
    from .output.progress import Bar
    bar = None if args.quiet else Bar(None, commands.label(args.command), after=2.0)
    texts = bool(args.json or args.jsonl) or args.count  # no typed value per result (pysolver.output.jsontext)
    e = commands.enumeration(args.command, s, count=args.count, limit=args.limit, progress=bar, texts=texts)
    tally, known, cut = e.tally, e.counted, None
    if args.count and tally is not None:  # counted by enumerating (outcomes, or --count with --limit)
        tally.drain()
        cut, known = tally.cut, tally.summary()
        tally = None
    extra = (lambda: {"stats": {"seconds": round(time.monotonic() - start, 3)}}) if args.stats else None
    out = results.Buffer(emit)
    if args.json or args.jsonl:
        (results.write_jsonl if args.jsonl else results.write_json)(e.head, tally, out, known, extra)
    else:
        assert not isinstance(tally, results.TextTally), "tables are written from the typed results"
        render.write_text(args.command, e.head, tally, out, known, extra, cut=cut)
    cut = e.tally.cut if e.tally is not None else None if (known or {}).get("complete", True) else "timeout"
    if cut is not None and (args.json or args.jsonl):
        n = e.tally.count if e.tally is not None else 0
        how = f"--limit {args.limit}: there are more" if cut == "limit" else f"--timeout {args.timeout:g} s"
        note(f"note: stopped by {how} after {n} {commands.label(args.command)} (\"complete\": false)")


def _verdict(args: argparse.Namespace, s: Situation, start: float) -> int:
    """`check`, `verify` or `best`: one document; exit 1 if negative, 3 if the time ran out first."""
    from . import commands
    from .output import render
    doc = commands.answer(args.command, s, stats=args.stats, objective=getattr(args, "objective", None),
                          side=getattr(args, "side", None))
    if args.stats:
        doc["stats"] = {**doc.get("stats", {}), "seconds": round(time.monotonic() - start, 3)}
    text = render.render(args.command, doc, args)
    emit(text + "\n" if text else "")
    return TIMED_OUT if doc.get("complete") is False else commands.status(args.command, doc)


def _graph(args: argparse.Namespace, s: Situation) -> int:
    from .output import render
    from .rules.graph import attacker_blocker_graph
    if args.output == "-":  # standard output, as without -o
        args.output = None
    text = render.render("graph", {"graph": attacker_blocker_graph(s)}, args)
    if text is not None:
        emit(text + "\n")
    return 0


def run(args: argparse.Namespace) -> int:
    """One single-situation command, within `--timeout`."""
    from .asp import deadline
    start = time.monotonic()
    note = Notes(args.quiet)
    try:
        with deadline.limit(args.timeout):
            s = _situation(args, note)
            if COMMANDS[args.command].graph:
                return _graph(args, s)
            if not COMMANDS[args.command].enumerates:
                return _verdict(args, s, start)
            _illegal_combat(args, s, note)
            _enumerate(args, s, note, start)
    except deadline.Expired:  # before the first result could be written (results themselves stop cleanly)
        print(f"pysolver: no answer: stopped by --timeout {args.timeout:g} s", file=sys.stderr)
        return TIMED_OUT
    return 0


def _error(exc: InputError, args: argparse.Namespace | None) -> None:
    """An input error on stderr: one line for people; under `--json`/`--jsonl` also one JSON object."""
    print(f"pysolver: error: {exc}", file=sys.stderr)
    if args is not None and (getattr(args, "json", False) or getattr(args, "jsonl", False)):
        print(json.dumps({"error": exc.as_dict()}), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line `argv` (default: the program's arguments) and return the exit status.

    Standard output closed by its reader (``pysolver abilities | head -1``) ends the program quietly
    with status 0, whichever command, help text or final flush was writing."""
    words = list(sys.argv[1:] if argv is None else argv)
    args = None
    try:
        try:
            try:
                args = parse(words)
            except SystemExit as stop:  # --help, --version, or a usage error (argparse: exit status 2)
                return stop.code if isinstance(stop.code, int) else 2
            if args.command in TOOLS:
                status: int = import_module(TOOLS[args.command].module).main(args)
                return status
            return run(args)
        finally:
            sys.stdout.flush()  # here, not at the interpreter's exit, where a closed pipe is a traceback
    except InputError as exc:
        _error(exc, args)
        return 2
    except OutputError as exc:
        print(f"pysolver: error: {exc}", file=sys.stderr)
        return 2
    except (ClosedPipe, BrokenPipeError):
        closed_stdout()
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
