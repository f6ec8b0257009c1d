"""The JSON text of results, built from fragments made once (docs/results.md): the fast path of
the streaming writers for enumerations of millions of declarations.

A declaration of attackers (508.1) or blockers (509.1) is a product: one option per attacker
(:func:`pysolver.rules.declarations.legal_attacks`) or per blocker (the factors of
:meth:`pysolver.rules.declarations.Component.factored`). Each option's pairs are encoded once, as a
fragment; each result's text is then one string concatenation of a prefix (the options of the
outer factors) and a precomputed suffix (the inner ones), never a dict and a ``json.dumps`` per
result. The texts are exactly what :data:`to_json` makes of the results' ``to_json()``.

>>> fragment([["b", "x"], ["b", "y"]])
'["b", "x"], ["b", "y"]'
>>> for texts in product_texts('{"blocks": [', ']}', [["", '["b", "x"]'], ["", '["c", "x"]']]):
...     print(*texts, sep="\\n")
{"blocks": []}
{"blocks": [["c", "x"]]}
{"blocks": [["b", "x"]]}
{"blocks": [["b", "x"], ["c", "x"]]}
>>> [to_json({"blocks": [["b", "x"], ["c", "x"]]})] == next(product_texts('{"blocks": [', ']}',
...     [['["b", "x"]'], ['["c", "x"]']]))
True
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from json import encoder as _encoder
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model import Situation
    from ..rules.declarations import Factor

#: The most texts in one list (the suffix table of :func:`product_texts`, and so one write).
CHUNK = 4096


def _fast_encoder() -> Callable[[Any], str]:
    """``json.dumps`` without its per-call set-up (the C encoder is made once): about twice as fast
    per result, which is most of the cost of printing millions of them."""
    make = getattr(_encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C accelerator
        return json.dumps
    encode = make(None, None, _encoder.encode_basestring_ascii, None, ": ", ", ", False, False, True)
    return lambda value: "".join(encode(value, 0))


#: ``json.dumps`` with its default separators: how every result document is written.
to_json = _fast_encoder()


def fragment(pairs: Iterable[Sequence[str]]) -> str:
    """The JSON text of a list of pairs without its brackets ('' for none), as :data:`to_json` writes it."""
    return to_json(list(map(list, pairs)))[1:-1]


def _joined(fragments: Iterable[str]) -> str:
    return ", ".join([f for f in fragments if f])


def product_texts(head: str, tail: str, factors: Sequence[Sequence[str]]) -> Iterator[list[str]]:
    """``head + fragments + tail`` for every choice of one fragment per factor, the non-empty ones
    joined by ``", "``, in the order of :func:`itertools.product` (the last factor fastest), in
    lists of at most :data:`CHUNK` texts.

    The inner factors (as many of the last ones as give at most CHUNK choices, at least one)
    are joined once into a table; each choice of the outer factors is joined once and put in
    front of every entry of the table."""
    if all(len(options) == 1 for options in factors):  # one choice (an enumeration by clingo alone)
        yield [head + _joined([options[0] for options in factors]) + tail]
        return
    split, size = len(factors), 1
    while split and size * len(factors[split - 1]) <= CHUNK:
        split -= 1
        size *= len(factors[split])
    if split == len(factors) and factors:  # the last factor alone has more than CHUNK options
        split -= 1
    inner = [_joined(choice) for choice in itertools.product(*factors[split:])]
    if not inner:
        return
    alone = [head + text + tail for text in inner]  # no fragment before the inner ones
    after = [(", " + text if text else "") + tail for text in inner]
    for outer in itertools.product(*factors[:split]):
        prefix = _joined(outer)
        lead = head + prefix
        texts = [lead + text for text in after] if prefix else alone
        for start in range(0, len(texts), CHUNK):
            yield texts[start:start + CHUNK]


def gathered(chunks: Iterable[list[str]], *, most: int = CHUNK, within: float = 0.05) -> Iterator[list[str]]:
    """The texts of `chunks`, in order, gathered in lists of up to `most` texts (no longer than the
    longest of `chunks`), each given once it is full or `within` seconds after the last (so that a
    slow enumeration still shows its results): one list, one write, when clingo gives one
    declaration per model.

    >>> list(gathered([["a"], ["b", "c"], ["d"]], most=2))
    [['a'], ['b', 'c'], ['d']]
    """
    pending: list[str] = []
    since = time.monotonic()
    for texts in chunks:
        if pending and len(pending) + len(texts) > most:
            yield pending
            pending, since = [], time.monotonic()
        if len(texts) >= most:
            yield texts
            continue
        pending += texts
        if len(pending) >= most or time.monotonic() - since >= within:
            yield pending
            pending, since = [], time.monotonic()
    if pending:
        yield pending


_ATTACKS, _BLOCKS, _END = '{"attacks": [', '{"blocks": [', "]}"  # as :data:`to_json` writes them


def attack_texts(s: Situation) -> Iterator[list[str]]:
    """The JSON texts of :func:`~pysolver.rules.declarations.legal_attacks` (508.1), in its order, in
    lists. A component is one attacker, so its pairs all start with it and the components'
    declarations, one per component in the order of the components (sorted by attacker), are
    already sorted.

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2}]})
    >>> [text for texts in attack_texts(s) for text in texts]
    ['{"attacks": []}', '{"attacks": [["x", "b"]]}']
    """
    from ..rules.declarations import attack_components  # (networkx only where a command needs it)
    parts = [c.declarations() for c in attack_components(s)]
    if not parts:
        yield from product_texts(_ATTACKS, _END, [])
        return
    rest = [[fragment(pairs) for pairs in part] for part in parts[1:]]  # as lazy_product: the rest cached
    for head in parts[0]:
        yield from product_texts(_ATTACKS, _END, [[fragment(head)], *rest])


def block_texts(s: Situation) -> Iterator[list[str]]:
    """The JSON texts of :func:`~pysolver.rules.declarations.legal_blocks` (509.1), in its order, in
    lists; each factor's options are encoded once, as fragments, however many declarations share
    them."""
    from ..rules.declarations import block_factors
    fragments: dict[int, tuple[Factor, list[str]]] = {}  # by the factor's id, the factor kept alive

    def texts(f: Factor) -> list[str]:
        known = fragments.get(id(f))
        if known is None:
            known = fragments[id(f)] = (f, [fragment(option) for option in f.options])
        return known[1]

    return gathered(text for factors in block_factors(s)
                    for text in product_texts(_BLOCKS, _END, [texts(f) for f in factors]))
