"""Reading YAML and JSON safely: the one place where situation files, batch lines and card files are
parsed (``docs/limits.md``).

Limits are enforced while reading, before anything is built from the data:

* nesting deeper than :data:`MAX_DEPTH` levels is refused (counted through aliases too);
* YAML aliases may expand to at most :data:`MAX_ALIAS_NODES` nodes in all (a "billion laughs"
  file is refused in milliseconds, whatever command reads it);
* integer literals of any length are read without ``int()`` on an unbounded string
  (:func:`pysolver.model.numbers.parse_int`: past 30 digits they become
  :class:`~pysolver.model.numbers.Oversized`, which the loader refuses with its field);
* duplicate mapping keys are refused (YAML and JSON alike); text must be UTF-8.

Every problem is an :class:`~pysolver.errors.InputError` naming the file and where in it.

>>> parse("{a: [1, 2]}", "f.yaml")
{'a': [1, 2]}
>>> parse('{"n": ' + "9" * 5000 + '}', "f.json")["n"]
Oversized(9999999999…(5000 digits))
>>> try:
...     parse("[" * 200 + "]" * 200, "deep.json")
... except InputError as e:
...     print(e)
deep.json: nesting: deeper than 100 levels (docs/limits.md)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Hashable, Iterator
from itertools import compress
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent

from ..errors import InputError
from ..model.numbers import MAX_DIGITS, Oversized, parse_int, quote

MAX_DEPTH = 100
MAX_ALIAS_NODES = 10_000
MAX_NODES = 10_000_000
STDIN, STDIN_NAME = "-", "<stdin>"  # the file name that means standard input, and its name in messages
_DEEP = f"deeper than {MAX_DEPTH} levels (docs/limits.md)"


class _Refused(Exception):
    """A limit broken while composing or decoding; becomes an InputError with the file name."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(message)
        self.where, self.message = where, message


class _SafeLoader(yaml.SafeLoader):
    """PyYAML's SafeLoader with nesting and alias-expansion limits, duplicate keys refused and long
    integer literals kept unconverted."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._expanded = 0
        self._sizes: dict[int, tuple[int, int]] = {}  # id(node) -> (nodes, height), aliases expanded
        self._done: set[int] = set()  # ids of the nodes composed completely

    def compose_node(self, parent: Any, index: Any) -> Any:
        alias = self.check_event(AliasEvent)
        mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]  # types-PyYAML leaves peek_event untyped
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Refused(_where(mark), f"nesting: {_DEEP}")
        node = Composer.compose_node(self, parent, index)
        self._depth -= 1
        if alias and id(node) not in self._done:
            raise _Refused(_where(mark), "aliases: an alias inside the node it names (a recursive structure)")
        self._done.add(id(node))
        if alias:
            nodes, height = self._size(node)
            self._expanded += nodes
            if self._expanded > MAX_ALIAS_NODES:
                raise _Refused(_where(mark), f"aliases: they expand to more than {MAX_ALIAS_NODES} nodes "
                                             f"(docs/limits.md)")
            if self._depth + height > MAX_DEPTH:
                raise _Refused(_where(mark), f"nesting: {_DEEP}")
        return node

    def _size(self, node: yaml.Node) -> tuple[int, int]:
        """Nodes and height of `node` with aliases expanded (memoised; depth is already bounded)."""
        key = id(node)
        if key not in self._sizes:
            if isinstance(node, yaml.MappingNode):
                children = [n for pair in node.value for n in pair]
            elif isinstance(node, yaml.SequenceNode):
                children = list(node.value)
            else:
                children = []
            sizes = [self._size(child) for child in children]
            self._sizes[key] = (1 + sum(n for n, _ in sizes), 1 + max((h for _, h in sizes), default=0))
        return self._sizes[key]

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node)
            try:
                hash(key)
            except TypeError:
                raise yaml.constructor.ConstructorError(
                    None, None, "a key must be a plain value, not a list or mapping", key_node.start_mark) from None
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key {quote(key)}",
                                                        key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int | Oversized:  # type: ignore[override]  # by design: long literals stay unconverted
        if len(node.value.lstrip("+-").replace("_", "")) > MAX_DIGITS:
            return Oversized(node.value)
        return super().construct_yaml_int(node)


_SafeLoader.add_constructor("tag:yaml.org,2002:int", _SafeLoader.construct_yaml_int)


def _where(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""


def source(path: str | Path) -> str:
    """The name messages give the file `path`: ``<stdin>`` for ``-`` (standard input, docs/cli.md).

    >>> source("-"), source("board.yaml")
    ('<stdin>', 'board.yaml')
    """
    return STDIN_NAME if str(path) == STDIN else str(path)


def read_text(path: str | Path, what: str = "file") -> str:
    """The UTF-8 text of a file, or of standard input for ``-``; an unreadable or non-UTF-8 file is an
    InputError."""
    file = source(path)
    try:
        data = sys.stdin.buffer.read() if str(path) == STDIN else Path(path).read_bytes()
    except OSError as exc:
        raise InputError(file, "", f"cannot read {what}: {exc.strerror or exc}") from None
    return decode(data, file, what)


def json_objects(path: str | Path, what: str = "file") -> Iterator[tuple[int, dict[str, Any]]]:
    """The JSON objects of a JSON Lines file (test vectors, another engine's answers), each with its
    line number; blank lines are skipped. Unreadable or non-UTF-8 text, a line that is not JSON or
    not an object, or one past the limits is an InputError naming the line."""
    file = source(path)
    for n, line in enumerate(read_text(path, what).splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = parse_json(line, file, f"line {n}")
        except json.JSONDecodeError as exc:
            raise InputError(file, f"line {n}", f"invalid JSON: {exc.msg}") from None
        if not isinstance(data, dict):
            raise InputError(file, f"line {n}", "expected a JSON object")
        yield n, data


def decode(data: bytes, file: str | None, what: str = "file", field: str = "") -> str:
    """Bytes as UTF-8 text, or an InputError naming the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(file, field, f"{what} is not UTF-8 text (byte {exc.start}: {exc.reason})") from None


def read(path: str | Path) -> Any:
    """Parse a YAML or JSON file, or standard input for ``-`` (:func:`parse`: the text tells which)."""
    return parse(read_text(path), source(path))


def parse(text: str, file: str | None, field: str = "") -> Any:
    """Parse YAML or JSON text within the limits. Text that is a JSON document is read by the JSON
    decoder (fast for large boards); anything else by the YAML loader."""
    if text.lstrip()[:1] in ("{", "["):
        try:
            return parse_json(text, file, field)
        except json.JSONDecodeError:
            pass  # YAML flow style, or broken: the YAML loader says which
    loader = _SafeLoader(text)
    try:
        return loader.get_single_data()
    except _Refused as exc:
        raise InputError(file, _join(field, exc.where), exc.message) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise InputError(file, _join(field, _where(mark)), f"invalid YAML/JSON: {quote_text(problem)}") from None
    except (ValueError, RecursionError) as exc:  # e.g. a timestamp such as 2001-13-45
        raise InputError(file, field, f"invalid YAML/JSON: {quote_text(str(exc))}") from None
    finally:
        loader.dispose()


def parse_json(text: str, file: str | None, field: str = "", *, unique_keys: bool = True) -> Any:
    """Parse JSON text within the limits (duplicate keys refused unless `unique_keys` is false, for
    large card files). A syntax error is raised as :class:`json.JSONDecodeError`."""
    try:
        data = json.loads(text, parse_int=parse_int, object_pairs_hook=_unique if unique_keys else None)
    except RecursionError:
        raise InputError(file, _join(field, "nesting"), _DEEP) from None
    except _Refused as exc:
        raise InputError(file, field, exc.message) from None
    if not _within_limits(data):
        check_depth(data, file, field)  # the walk that names the limit broken first
    return data


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _Refused("", f"invalid YAML/JSON: duplicate key {quote(key)}")
    return result


def check_depth(data: Any, file: str | None, field: str) -> None:
    """Refuse decoded data nested deeper than MAX_DEPTH or with more than MAX_NODES lists and mappings
    (counted once per reference: Python data may share sub-objects). Iterative: no recursion on
    hostile data."""
    stack = [(data, 1)]
    visits = 0
    while stack:
        value, depth = stack.pop()
        visits += 1
        if depth > MAX_DEPTH:
            raise InputError(file, _join(field, "nesting"), _DEEP)
        if visits > MAX_NODES:
            raise InputError(file, field, f"more than {MAX_NODES} lists and mappings (docs/limits.md)")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))


_CONTAINERS = frozenset({dict, list})


def _within_limits(data: Any) -> bool:
    """Whether decoded JSON (plain dicts and lists, as :func:`json.loads` builds them) is within :data:`MAX_DEPTH`
    and :data:`MAX_NODES`: level by level, each container's values sorted out by type in C, about half
    :func:`check_depth`'s cost on a card file. False means a limit is broken (check_depth then says which).

    >>> _within_limits({"a": [1, {"b": []}]}), _within_limits([[[]]] * 3), _within_limits(eval("[" * 101 + "]" * 101))
    (True, True, False)
    """
    level, depth, visits = [data] if type(data) in _CONTAINERS else [], 0, 0
    while level:
        depth, visits = depth + 1, visits + len(level)
        if depth > MAX_DEPTH or visits > MAX_NODES:
            return False
        inner: list[Any] = []
        for value in level:
            values = value.values() if type(value) is dict else value
            inner.extend(compress(values, map(_CONTAINERS.__contains__, map(type, values))))
        level = inner
    return True


def quote_text(text: str) -> str:
    """A message from a parser, cut so that it quotes at most about 80 characters of the input."""
    return text if len(text) <= 200 else text[:180] + "…"


def _join(*parts: str) -> str:
    return ": ".join(p for p in parts if p)
