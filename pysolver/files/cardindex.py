"""The index of a card file (docs/engines.md "Speed and the cache"): what it holds before any oracle
text is read — compact card records, the card each name and id stands for — stored in sqlite, in memory or
in the on-disk cache (``$XDG_CACHE_HOME/pysolver``) keyed by the file's path, size and modification time.

:mod:`pysolver.files.cards` reads the card formats and fills an :class:`Index`; this module stores it
and answers a :class:`~pysolver.files.cards.CardPool`'s lookups.

>>> index = Index("x.json")
>>> n = index.add("scryfall", "[0]", {"name": "Grizzly Bears"}, ("0b1c", None, None, None, "10e", "268"))
>>> index.name("grizzly bears", 2, n, 0)
>>> stored = StoredIndex(memory(index))
>>> stored.ref("grizzly bears"), stored.ref("set:10E/268"), stored.record(0)[2]
((0, 0), (0, 0), {'name': 'Grizzly Bears'})
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import marshal
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model.numbers import Oversized

# How a situation names a card other than by name (docs/engines.md): "<kind>:<value>".
ID_KINDS = ("scryfall", "arena", "mtgjson", "set")
# The id columns of the records table, and the id kind each answers to.
ID_COLUMNS = ("scryfall_id", "oracle_id", "arena_id", "uuid", "set_code", "number")
ID_KINDS_OF_COLUMNS = ("scryfall", "scryfall", "arena", "mtgjson")
CACHE_FORMAT = 3


@dataclass
class Index:
    """What a card file holds, before any oracle text is read: compact card records, and the
    candidates for each name key (rank, record, face) and id."""

    file: str
    records: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)  # (format, place, fields)
    ids: list[tuple[Any, ...]] = field(default_factory=list)  # per record: the values of ID_COLUMNS, raw
    oracle: list[str | None] = field(default_factory=list)              # Scryfall oracle_id per record
    names: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)

    def add(self, fmt: str, place: str, fields: dict[str, Any], ids: tuple[Any, ...], oracle: str | None = None) -> int:
        self.records.append((fmt, place, fields))
        self.ids.append(ids)
        self.oracle.append(oracle)
        return len(self.records) - 1

    def name(self, key: str, rank: int, n: int, face: int) -> None:
        """Face `face` of record `n` is a candidate for the name `key` (a card key); the highest rank wins."""
        self.names.setdefault(key, []).append((rank, n, face))

    def resolve(self) -> tuple[dict[str, tuple[int, int]], dict[str, list[str]]]:
        """Each name's card, and the names that stand for different cards (never first-wins)."""
        refs: dict[str, tuple[int, int]] = {}
        ambiguous: dict[str, list[str]] = {}
        for key, candidates in self.names.items():
            if len(candidates) == 1:
                refs[key] = candidates[0][1:]
                continue
            best = max(rank for rank, _, _ in candidates)
            top = [(n, face) for rank, n, face in candidates if rank == best]
            distinct = {self._identity(n, face): (n, face) for n, face in top}
            if len(distinct) == 1:
                refs[key] = top[0]
            else:
                ambiguous[key] = [self._describe(n) for n, _ in distinct.values()]
        return refs, ambiguous

    def _identity(self, n: int, face: int) -> str:
        """Two records of one name are the same card if Scryfall says so (oracle_id) or if the
        fields the pool reads are equal (reprints in a file of every printing)."""
        if self.oracle[n]:
            return f"{self.oracle[n]}/{face}"
        _, _, fields = self.records[n]
        faces = fields.get("faces") or fields.get("card_faces") or [fields]
        return json.dumps(faces[face] if face < len(faces) else fields, sort_keys=True)

    def _describe(self, n: int) -> str:
        own = [f"{kind}:{v}" for kind, v in zip(ID_KINDS_OF_COLUMNS, self.ids[n]) if v not in (None, "")]
        return f"{self.records[n][1]}" + (f" ({own[0]})" if own else "")


_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE records (n INTEGER PRIMARY KEY, format TEXT, place TEXT, fields BLOB, front INTEGER,
    scryfall_id TEXT COLLATE NOCASE, oracle_id TEXT COLLATE NOCASE, arena_id TEXT COLLATE NOCASE,
    uuid TEXT COLLATE NOCASE, set_code TEXT COLLATE NOCASE, number TEXT COLLATE NOCASE);
CREATE TABLE refs (key TEXT, n INTEGER, face INTEGER);
CREATE TABLE ambiguous (key TEXT PRIMARY KEY, choices TEXT);
"""


def _dumps(fields: dict[str, Any]) -> bytes:
    """A card's fields as marshal bytes; an integer literal too long to be a number
    (:class:`~pysolver.model.numbers.Oversized`, only in hostile files) is kept as its digits, which the
    card's range checks refuse when the card is used."""
    try:
        return marshal.dumps(fields)
    except ValueError:
        return marshal.dumps(_storable(fields))


def _storable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _storable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_storable(v) for v in value]
    return value.text if isinstance(value, Oversized) else value


def _store(index: Index, db: sqlite3.Connection, source: str) -> None:
    """Write the index into an empty database (a cache file or memory)."""
    refs, ambiguous = index.resolve()
    db.executescript(_SCHEMA)
    db.executemany("INSERT INTO meta VALUES (?, ?)", [("format", str(CACHE_FORMAT)), ("source", source)])
    db.executemany("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   [(n, fmt, place, _dumps(fields), fields.get("front", 0), *ids)
                    for n, ((fmt, place, fields), ids) in enumerate(zip(index.records, index.ids))])
    db.executemany("INSERT INTO refs VALUES (?, ?, ?)", [(k, n, f) for k, (n, f) in refs.items()])
    # built once, after the rows (faster than row by row); ids have no index: a lookup by id, rare,
    # scans the records (milliseconds), where indexing them cost a quarter of the store
    db.execute("CREATE INDEX refs_key ON refs (key)")
    db.executemany("INSERT INTO ambiguous VALUES (?, ?)", ((k, json.dumps(v)) for k, v in ambiguous.items()))
    db.commit()


def memory(index: Index) -> sqlite3.Connection:
    """The index in an in-memory database (a pool from data, or a file when the cache is off)."""
    db = sqlite3.connect(":memory:", check_same_thread=False)
    _store(index, db, index.file)
    return db


class StoredIndex:
    """A stored index, read by several threads: the (record, face) a name or id stands for, the records."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._lock = threading.Lock()

    def _query(self, sql: str, *args: object) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def ref(self, key: str) -> tuple[int, int] | None:
        """The (record, face) a card key or an id ("<kind>:<value>", :data:`ID_KINDS`) stands for."""
        kind, sep, value = key.partition(":")
        if sep and kind in ID_KINDS and value:
            if kind == "set":
                code, _, number = value.partition("/")
                where, args = "set_code = ? AND number = ?", [code, number]
            else:
                columns = {"scryfall": ("scryfall_id", "oracle_id"), "arena": ("arena_id",), "mtgjson": ("uuid",)}[kind]
                where, args = " OR ".join(f"{c} = ?" for c in columns), [value] * len(columns)
            rows = self._query(f"SELECT n, front FROM records WHERE {where} ORDER BY n LIMIT 1", *args)
            if rows:
                row: tuple[int, int] = rows[0]
                return row
        rows = self._query("SELECT n, face FROM refs WHERE key = ?", key)
        return rows[0] if rows else None

    def choices(self, key: str) -> list[str] | None:
        """The cards (places and ids) a name stands for if it stands for more than one."""
        rows = self._query("SELECT choices FROM ambiguous WHERE key = ?", key)
        return json.loads(rows[0][0]) if rows else None

    def record(self, n: int) -> tuple[str, str, dict[str, Any]]:
        """Record `n`: (format, place in the file, fields)."""
        fmt, place, blob = self._query("SELECT format, place, fields FROM records WHERE n = ?", n)[0]
        return fmt, place, marshal.loads(blob)

    def keys(self) -> list[str]:
        """Every name key, sorted, the ambiguous ones too."""
        return [k for (k,) in self._query("SELECT key FROM refs UNION ALL SELECT key FROM ambiguous ORDER BY 1")]

    def __len__(self) -> int:
        count: int = self._query("SELECT (SELECT count(*) FROM refs) + (SELECT count(*) FROM ambiguous)")[0][0]
        return count

    def duplicates(self) -> dict[str, list[str]]:
        """The names that stand for different cards, with the places (and ids) of those cards."""
        return {k: json.loads(v) for k, v in self._query("SELECT key, choices FROM ambiguous")}


# --- the cache ---------------------------------------------------------------------------------

def cache_dir() -> Path | None:
    """Where card-file indexes are cached: ``$XDG_CACHE_HOME/pysolver`` or ``~/.cache/pysolver``
    (None without a home directory: no cache)."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError):
            return None
    return Path(base) / "pysolver"


def cache_enabled(option: bool = True) -> bool:
    """The cache is used unless `--no-card-cache` or ``PYSOLVER_NO_CACHE=1``."""
    return option and os.environ.get("PYSOLVER_NO_CACHE", "") not in ("1", "true", "yes")


def _source(path: Path, st: os.stat_result) -> str:
    """The cache key: the file's path, size and modification time (and the cache's format)."""
    return json.dumps([str(path.resolve()), st.st_size, st.st_mtime_ns, CACHE_FORMAT, sys.version_info[:2]])


def _cache_file(source: str) -> Path | None:
    directory = cache_dir()
    return directory / f"cards-{hashlib.sha256(source.encode()).hexdigest()[:24]}.sqlite" if directory else None


def _open_cache(cached: Path, source: str) -> sqlite3.Connection | None:
    """The cached index if it is there and whole; a corrupt or stale one is removed, never an error."""
    if not cached.is_file():
        return None
    try:
        db = sqlite3.connect(f"{cached.as_uri()}?mode=ro", uri=True, check_same_thread=False)
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        db.execute("SELECT count(*) FROM refs").fetchone()
        if meta.get("format") == str(CACHE_FORMAT) and meta.get("source") == source:
            return db
        db.close()
    except (sqlite3.Error, ValueError):
        pass
    with contextlib.suppress(OSError):
        cached.unlink()
    return None


def _write_cache(index: Index, cached: Path, source: str) -> sqlite3.Connection | None:
    """Write the index to the cache atomically (a temporary file renamed); None if that fails."""
    tmp = cached.with_name(f"{cached.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(tmp)
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        _store(index, db, source)
        db.close()
        os.replace(tmp, cached)
        return sqlite3.connect(f"{cached.as_uri()}?mode=ro", uri=True, check_same_thread=False)
    except (OSError, sqlite3.Error):
        with contextlib.suppress(OSError):
            tmp.unlink()
        return None


def file_index(path: Path, st: os.stat_result, cache: bool, build: Callable[[], Index]) -> StoredIndex:
    """The index of the card file at `path` (`st` its stat): the cached one if the cache holds this
    file (path, size, mtime), else `build()` written to the cache — or kept in memory if `cache` is
    false (:func:`cache_enabled`) or the cache cannot be written."""
    source = _source(path, st)
    cached = _cache_file(source) if cache_enabled(cache) else None
    if cached is not None:
        db = _open_cache(cached, source)
        if db is not None:
            return StoredIndex(db)
    with _no_cyclic_gc():
        index = build()
        db = _write_cache(index, cached, source) if cached is not None else None
        return StoredIndex(db if db is not None else memory(index))


@contextlib.contextmanager
def _no_cyclic_gc() -> Iterator[None]:
    """The JSON of a bulk file is millions of acyclic objects: the cyclic garbage collector,
    run again and again while they are built and indexed, would cost more than the parse."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
