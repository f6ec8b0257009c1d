"""`pysolver schema NAME`: the JSON Schemas (draft 2020-12) of the situation file and of every result.

The schemas are files in the package (``pysolver/schemas/NAME.json``, shipped in the wheel); this
module finds, reads and prints them. What each field means: docs/situation.md, docs/results.md.

>>> "situation" in names() and "verify" in names()
True
>>> schema("attacks")["properties"]["format"]["const"]
1
"""

from __future__ import annotations

import argparse
import json
from functools import cache
from importlib import resources
from typing import Any

from ..errors import InputError


def _files() -> resources.abc.Traversable:
    return resources.files("pysolver").joinpath("schemas")


def names() -> list[str]:
    """The names of the shipped schemas, sorted."""
    return sorted(f.name.removesuffix(".json") for f in _files().iterdir() if f.name.endswith(".json"))


@cache
def _text(name: str) -> str:
    if name not in names():
        raise InputError(None, "NAME", f"no schema {name!r} (one of {', '.join(names())}; `pysolver schema --list`)")
    return _files().joinpath(f"{name}.json").read_text("utf-8")


def schema(name: str) -> dict[str, Any]:
    """The schema `name` as plain data (a fresh copy); an unknown name is an :class:`InputError`."""
    data: dict[str, Any] = json.loads(_text(name))
    return data


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`pysolver schema NAME` or `pysolver schema --list`."""
    parser.add_argument("name", nargs="?", metavar="NAME", help="situation, a command's name, batch-line, jsonl-header")
    parser.add_argument("--list", action="store_true", help="list the schema names, one a line")


def main(args: argparse.Namespace) -> int:
    """Print one schema (or the names); exit status 2 for an unknown name or none given."""
    if args.list:
        print("\n".join(names()))
        return 0
    if args.name is None:
        raise InputError(None, "NAME", f"which schema? one of {', '.join(names())}")
    print(_text(args.name), end="")
    return 0
