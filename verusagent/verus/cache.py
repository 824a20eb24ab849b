"""The result cache: SQLite in the user cache folder, keyed by verus build, flags and file bytes.

Safe for concurrent processes (WAL journal, busy timeout) and threads (a connection per thread). Only
results verus decided are stored; timeouts and tool failures may not repeat and are never stored.
"""

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path

from verusagent.paths import cache_dir
from verusagent.verus.models import Verdict, VerusResult

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    key TEXT PRIMARY KEY,
    created REAL NOT NULL,
    verus_version TEXT NOT NULL,
    verdict TEXT NOT NULL,
    payload TEXT NOT NULL
)
"""
CACHEABLE = frozenset(
    {Verdict.VERIFIED, Verdict.VERIFIED_PARTIAL, Verdict.FAILED, Verdict.FRONTEND_REJECTED, Verdict.DID_NOT_COMPILE}
)
# Flags that change how fast verus runs, not what it answers.
_FLAGS_WITHOUT_EFFECT = frozenset({"--num-threads"})


def cache_key(fingerprint: str, flags: list[str], file_name: str, data: bytes) -> str:
    digest = hashlib.sha256()
    kept = _flags_for_key(flags)
    for part in (fingerprint, json.dumps(kept), file_name):
        digest.update(part.encode() + b"\0")
    digest.update(data)
    return digest.hexdigest()


def crate_cache_key(fingerprint: str, flags: list[str], parts: list[str], files: dict[str, bytes]) -> str:
    """A crate run's key: the verus build, the flags, how it runs (verus ROOT or cargo verus, the root, the
    copied folder's digest) and every module file by path and bytes."""
    digest = hashlib.sha256()
    for part in (fingerprint, json.dumps(_flags_for_key(flags)), json.dumps(parts)):
        digest.update(part.encode() + b"\0")
    for path, data in sorted(files.items()):
        digest.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()


def _flags_for_key(flags: list[str]) -> list[str]:
    kept, skip_value = [], False
    for flag in flags:
        if skip_value:
            skip_value = False
        elif flag in _FLAGS_WITHOUT_EFFECT:
            skip_value = True
        else:
            kept.append(flag)
    return kept


class ResultCache:
    def __init__(self, path: Path):
        self.path = path
        self._local = threading.local()

    def _connection(self) -> sqlite3.Connection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=30.0)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(_SCHEMA)
            self._local.connection = connection
        return connection

    def get(self, key: str) -> VerusResult | None:
        row = self._connection().execute("SELECT payload FROM results WHERE key = ?", (key,)).fetchone()
        return VerusResult.model_validate_json(row[0]) if row else None

    def put(self, key: str, result: VerusResult) -> bool:
        if result.verdict not in CACHEABLE:
            return False
        connection = self._connection()
        with connection:
            connection.execute(
                "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?)",
                (key, time.time(), result.verus_version, result.verdict.value, result.model_dump_json()),
            )
        return True


_caches: dict[Path, ResultCache] = {}
_caches_lock = threading.Lock()


def default_cache() -> ResultCache:
    """The cache in the folder configured now ($VERUSAGENT_CACHE_DIR, else the user cache folder)."""
    path = cache_dir() / "verus-results.sqlite3"
    with _caches_lock:
        if path not in _caches:
            _caches[path] = ResultCache(path)
        return _caches[path]
